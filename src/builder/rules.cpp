// Creation rules and creation profiles at run time (BC-22 – BC-29, BC-69 – BC-72): a failing rule
// shows its label on its step and counts on the step's badge, never blocking anything; the
// character's profile decides which profile steps show and replaces its pools' budgets.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "builder/engine.hpp"

namespace rk::builder {

namespace {

/// A cell as the sheet reads it: the stored value, else the column's default.
const Scalar& cell_or_default(const Row& row, const Column& column) {
  auto it = row.cells.find(column.id);
  return it == row.cells.end() ? column.spec.default_value : it->second;
}

std::optional<Number> number_of(const Scalar& s) {
  if (const auto* n = std::get_if<Number>(&s.value)) return *n;
  return std::nullopt;
}

/// BC-26: text compared ignoring case and every space.
std::string folded(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch)) == 0)
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
  }
  return out;
}

/// A number or a switch, as distinct compares it.
std::string cell_key(const Scalar& s) {
  if (const auto* n = std::get_if<Number>(&s.value)) return n->to_string();
  if (const auto* b = std::get_if<bool>(&s.value)) return *b ? "true" : "false";
  return std::get<std::string>(s.value);
}

bool equal_cells(const Scalar& a, const Scalar& b) {
  const auto* x = std::get_if<std::string>(&a.value);
  const auto* y = std::get_if<std::string>(&b.value);
  if (x != nullptr && y != nullptr) return folded(*x) == folded(*y);
  return a == b;
}

bool kept_by(const RuleRowFilter& f, const Row& row, const Column& column) {
  const Scalar& cell = cell_or_default(row, column);
  if (f.equals && !equal_cells(cell, *f.equals)) return false;
  const std::optional<Number> n = number_of(cell);
  if (f.below && (!n || !(*n < *f.below))) return false;
  if (f.above && (!n || !(*n > *f.above))) return false;
  return true;
}

}  // namespace

std::optional<std::size_t> Pass::profile() {
  if (!profile_decided_) {
    profile_decided_ = true;
    for (std::size_t k = 0; k < b_.profiles.size(); ++k) {
      if (read(b_.profiles[k].when) > Number()) {
        profile_ = k;
        break;
      }
    }
  }
  return profile_;
}

bool Pass::hidden_by_profile(const BuilderStep& step) {
  const auto lists = [&](const CreationProfile& p) {
    return std::find(p.steps.begin(), p.steps.end(), step.id) != p.steps.end();
  };
  if (std::none_of(b_.profiles.begin(), b_.profiles.end(), lists)) return false;
  const std::optional<std::size_t> k = profile();
  return !k || !lists(b_.profiles[*k]);
}

const Ref* Pass::profile_budget(const BuilderPool& pool) {
  bool budgeted = false;
  for (const CreationProfile& p : b_.profiles) budgeted = budgeted || p.budgets.contains(pool.id);
  if (!budgeted) return nullptr;
  const std::optional<std::size_t> k = profile();
  if (!k) return nullptr;
  auto it = b_.profiles[*k].budgets.find(pool.id);
  return it == b_.profiles[*k].budgets.end() ? nullptr : &it->second;
}

void Pass::check_rules() {
  const Character& sheet = working();
  const auto bound = [&](const std::optional<NumberOrRef>& b) -> std::optional<Number> {
    if (!b) return std::nullopt;
    return b->ref ? read(*b->ref) : b->number;
  };
  for (const CreationRule& rule : b_.constraints) {
    if (rule.step_index == kNone) continue;
    StepView& view = views_[rule.step_index];
    if (!view.shown) continue;
    if (rule.when && read(*rule.when) <= Number()) continue;  // applies only while `when` reads > 0
    bool fails = false;
    std::string measured;
    switch (rule.kind) {
      case CreationRule::Kind::Value:
      case CreationRule::Kind::Rows: {
        Number value;
        if (rule.kind == CreationRule::Kind::Value) {
          value = read(*rule.value);
        } else {
          const List& list = rs_.sheet.lists[rule.list_index];
          auto rows = sheet.lists.find(list.id);
          if (rows != sheet.lists.end()) {
            for (const Row& row : rows->second) {
              if (rule.filter && !kept_by(*rule.filter, row, list.columns[rule.filter->column_index])) continue;
              if (rule.sum_index == kNone)
                value += Number::of(1);
              else
                value += number_of(cell_or_default(row, list.columns[rule.sum_index])).value_or(Number());
            }
          }
        }
        const auto lo = bound(rule.min), hi = bound(rule.max);
        fails = (lo && value < *lo) || (hi && value > *hi);
        measured = fmt::format(" (it reads {}{}{})", value.to_string(), lo ? ", at least " + lo->to_string() : "",
                               hi ? ", at most " + hi->to_string() : "");
        break;
      }
      case CreationRule::Kind::Distinct: {
        const List& list = rs_.sheet.lists[rule.list_index];
        const Column& column = list.columns[rule.column_index];
        auto rows = sheet.lists.find(list.id);
        std::vector<std::string> seen;
        if (rows != sheet.lists.end()) {
          for (const Row& row : rows->second) {
            if (row_cell_empty(row, column.id)) continue;  // empty cells never conflict
            auto cell = row.cells.find(column.id);
            const auto* text = std::get_if<std::string>(&cell->second.value);
            std::string key = text != nullptr ? folded(*text) : cell_key(cell->second);
            if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
              fails = true;
              measured = fmt::format(" (two rows share `{}`)", text != nullptr ? *text : key);
              break;
            }
            seen.push_back(std::move(key));
          }
        }
        break;
      }
      case CreationRule::Kind::Approved: {
        const Field& field = rs_.sheet.fields[rule.field_index];
        auto it = sheet.fields.find(field.id);
        const Scalar& v = it == sheet.fields.end() ? field.spec.default_value : it->second;
        const auto* on = std::get_if<bool>(&v.value);
        fails = on == nullptr || !*on;
        break;
      }
    }
    if (!fails) continue;
    // BC-28: shown on its step and counted on the badge; Back, Next and All fields stay open.
    view.failing_rules.push_back(rule.id.empty() ? rule.label : rule.id);
    view.notes.push_back(rule.label + measured);
    ++view.badge;
  }
}

}  // namespace rk::builder
