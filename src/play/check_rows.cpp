#include "play/check_rows.hpp"

#include <algorithm>
#include <map>

#include "play/check_sheet.hpp"

namespace rk::play::detail {
namespace {

constexpr std::string_view kCheckWord = " check";

struct Candidate {
  RowCheckAt at;
  std::string key;  ///< the call name, compared as check names are
};

const std::string* text_cell(const RowView& row, const Id& column) {
  const auto it = row.cells.find(column);
  if (it == row.cells.end()) return nullptr;
  return std::get_if<std::string>(&it->second.value);
}

/// Every row of every shown list with checks, once per check, with its call name's key. A row whose
/// name is empty is no check.
std::vector<Candidate> candidates(const Ruleset& ruleset, const SheetView& sheet) {
  std::vector<Candidate> out;
  const auto& lists = ruleset.sheet.lists;
  for (std::size_t l = 0; l < lists.size(); ++l) {
    const List& list = lists[l];
    if (list.checks.empty() || hidden_on(sheet, list.id)) continue;
    const auto rows = sheet.lists.find(list.id);
    if (rows == sheet.lists.end()) continue;
    for (std::size_t c = 0; c < list.checks.size(); ++c) {
      for (std::size_t r = 0; r < rows->second.size(); ++r) {
        const RowCheckAt at{l, r, c};
        std::string key = check_name_key(row_check_name(ruleset, sheet, at));
        if (!key.empty()) out.push_back({at, std::move(key)});
      }
    }
  }
  return out;
}

std::int64_t whole_of(Number n) { return n.round_half_away().whole(); }

}  // namespace

std::string row_check_name(const Ruleset& ruleset, const SheetView& sheet, const RowCheckAt& at) {
  const List& list = ruleset.sheet.lists[at.list];
  const RowCheck& check = list.checks[at.check];
  const RowView& row = sheet.lists.at(list.id)[at.row];
  const std::string* name = text_cell(row, check.name_column);
  if (name == nullptr || check_name_key(*name).empty()) return {};
  return check.label.empty() ? *name : *name + " (" + check.label + ")";
}

std::optional<RowCheckAt> row_check_named(const Ruleset& ruleset, const SheetView& sheet, std::string_view name) {
  const std::string key = check_name_key(name);
  if (key.empty()) return std::nullopt;
  const bool has_word = key.size() > kCheckWord.size() && key.ends_with(kCheckWord);
  const std::string base = has_word ? key.substr(0, key.size() - kCheckWord.size()) : key;
  std::optional<RowCheckAt> found;
  for (const Candidate& candidate : candidates(ruleset, sheet)) {
    if (candidate.key != key && candidate.key != base) continue;
    if (found) return std::nullopt;  // BC-79: a name two rows share is no check
    found = candidate.at;
  }
  return found;
}

RowCheckNumber row_check_number(const Ruleset& ruleset, const SheetView& sheet, const RowCheckAt& at,
                                std::optional<std::size_t> with) {
  RowCheckNumber out;
  const List& list = ruleset.sheet.lists[at.list];
  const RowCheck& check = list.checks[at.check];
  const RowView& row = sheet.lists.at(list.id)[at.row];
  std::int64_t rating = 0;
  if (const auto cell = row.cells.find(check.rating_column); cell != row.cells.end()) {
    if (const Number* n = std::get_if<Number>(&cell->second.value)) rating = whole_of(*n);
  }
  const Ability* ability = with                           ? &ruleset.sheet.abilities[*with]
                           : check.ability_index != kNone ? &ruleset.sheet.abilities[check.ability_index]
                                                          : nullptr;
  if (ability != nullptr) {
    const auto view = sheet.abilities.find(ability->id);
    const std::int64_t mod = view == sheet.abilities.end() ? 0 : whole_of(view->second.mod.value);
    out.number += mod;
    out.terms.push_back({ability->label, mod});
    out.rolled_with = ability->id;
  }
  out.number += rating;
  const std::string* name = text_cell(row, check.name_column);
  out.terms.push_back({name != nullptr ? *name : check.id, rating});
  return out;
}

std::vector<RowCheckLine> row_check_lines(const Ruleset& ruleset, const SheetView& sheet) {
  const std::vector<Candidate> all = candidates(ruleset, sheet);
  std::map<std::string, std::size_t> uses;
  for (const Candidate& candidate : all) ++uses[candidate.key];
  std::vector<RowCheckLine> out;
  for (const Candidate& candidate : all) {
    if (uses[candidate.key] != 1) continue;
    out.push_back({row_check_name(ruleset, sheet, candidate.at),
                   row_check_number(ruleset, sheet, candidate.at, std::nullopt).number});
  }
  return out;
}

}  // namespace rk::play::detail
