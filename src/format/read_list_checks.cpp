// Reading a sheet list's `checks` (Capability API 1.161, BC-74–BC-77; BB-134 for `stance`):
// every row the player writes is then a check the Game Master calls by the row's name
// (docs/format/sheet.md "Row checks"). The columns are checked as the list is read, the ability
// once the sheet's ids are resolved.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/read_catalog_ref.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// The column of `list` that `key` names, when it is of `type`; an error at `key` otherwise.
std::size_t column_of_type(ObjectReader& c, const List& list, std::string_view key, const Id& id, ValueType type,
                           std::string_view kind) {
  for (std::size_t i = 0; i < list.columns.size(); ++i) {
    if (list.columns[i].id != id) continue;
    if (list.columns[i].spec.type == type) return i;
    c.error(Code::WrongReferenceType, key, "`{}` names column `{}`, which is not a {} column", key, id, kind);
    return kNone;
  }
  c.error(Code::UnknownReference, key, "`{}` names `{}`, which is no column of list `{}`", key, id, list.id);
  return kNone;
}

}  // namespace

void read_list_checks(ObjectReader& r, List& list, ReadContext& cx) {
  const bj::array* checks = r.array("checks", false);
  if (checks == nullptr) return;
  const std::string at = r.at("checks");
  cx.requirement.use(Gate::RowChecks, at);
  if (checks->empty()) r.error(Code::TooFew, "checks", "`checks` lists at least one check");
  r.check_limit(limits::kListChecks, checks->size(), "checks");
  std::set<Id> ids;
  std::set<std::string> labels;
  for (std::size_t i = 0; i < checks->size(); ++i) {
    const std::string p = json::child(at, i);
    ObjectReader c((*checks)[i], p, r.what() + " " + entry_name("check", (*checks)[i], p), cx.diagnostics);
    if (!c.ok()) continue;
    RowCheck check;
    check.pointer = p;
    check.id = sheet_id_key(c, "id", true).value_or("");
    check.name_column = c.id("name", true).value_or("");
    check.rating_column = c.id("rating", true).value_or("");
    check.ability = sheet_id_key(c, "ability", false).value_or("");
    // BC-77: two checks on one list are two stances on one rating, told apart by their labels.
    if (c.has("label") || checks->size() > 1) check.label = c.label();
    // BB-134, rule 35: `stance` names one of the dice pool's `resolution.stances`. No page, the
    // reference chapter nor its schema describes `resolution.stances` (an unknown key of
    // `resolution`), so no stance can be named (docs/format/decisions.md).
    if (c.has("stance")) {
      c.accept("stance");
      c.error(Code::UnknownReference, "stance",
              "`stance` names one of the dice pool's `resolution.stances`, which this format does not have (BB-134)");
    }
    if (!check.id.empty() && !ids.insert(check.id).second) {
      c.error(Code::DuplicateId, "id", "list `{}` has two checks `{}`", list.id, check.id);
    }
    if (!check.label.empty() && !labels.insert(check.label).second) {
      c.error(Code::BadValue, "label", "two checks of list `{}` are labelled \"{}\": a call could not tell them apart",
              list.id, check.label);
    }
    if (!check.name_column.empty()) {
      check.name_index = column_of_type(c, list, "name", check.name_column, ValueType::Text, "text");
    }
    if (!check.rating_column.empty()) {
      check.rating_index = column_of_type(c, list, "rating", check.rating_column, ValueType::Number, "number");
    }
    c.finish();
    if (!check.id.empty() && check.name_index != kNone && check.rating_index != kNone) {
      list.checks.push_back(std::move(check));
    }
  }
}

void resolve_list_checks(Ruleset& ruleset, Diagnostics& diagnostics) {
  Sheet& sheet = ruleset.sheet;
  for (List& list : sheet.lists) {
    for (RowCheck& check : list.checks) {
      if (check.ability.empty()) continue;
      const auto it = sheet.ability_index.find(check.ability);
      if (it != sheet.ability_index.end()) {
        check.ability_index = it->second;
        continue;
      }
      diagnostics.error(Code::UnknownReference, json::child(check.pointer, "ability"),
                        "list `{}` check `{}`: `ability` names `{}`, which is no ability of the sheet", list.id,
                        check.id, check.ability);
    }
  }
}

}  // namespace rk::detail
