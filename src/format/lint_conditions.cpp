// The author linter: conditions that can never hold (lint.hpp, `condition-never-holds`). A builder
// condition holds while its Ref reads above 0 (BA-111, BA-112, BA-37, BA-86) and a `countFrom`
// lets a step or a choice take as many selections as it reads (BA-25, BA-127). Some Refs have a
// highest value the ruleset alone fixes: a constant, a number field's `max`, an enumTable's values
// over what its source can hold, and sums, minimums and maximums of those. When that highest value
// is 0 or below (below 1 for a count), the condition never holds for any character. Every other
// Ref is read as "may hold": the warning is exact or silent.
#include <algorithm>

#include "format/lint.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// How deep derived values are followed; the graph is acyclic (checked at import), and a chain
/// deeper than this is read as "may hold".
constexpr int kDepthFollowed = 64;

/// The most a count may read and still take nothing: a count is floored (BA-25), and a Number has
/// four decimal places, so 0.9999 is the largest value below 1.
constexpr Number kBelowOne = Number::raw(Number::kScale - 1);

std::optional<Number> highest(const Sheet& sheet, const Ref& ref, int depth);

std::optional<Number> highest_of_table(const Sheet& sheet, const Derived& d) {
  const std::vector<Id>* values = nullptr;
  if (d.source == Derived::Source::Field && d.source_index < sheet.fields.size()) {
    values = &sheet.fields[d.source_index].spec.values;
  } else if (d.source == Derived::Source::LiveState && d.source_index < sheet.states.size()) {
    values = &sheet.states[d.source_index].values;
  }
  if (values == nullptr || values->empty()) return std::nullopt;
  std::optional<Number> most;
  for (const Id& v : *values) {
    auto it = d.table.find(v);
    const Number n = it == d.table.end() ? d.default_value : it->second;
    if (!most || n > *most) most = n;
  }
  return most;
}

std::optional<Number> highest_of_derived(const Sheet& sheet, const Derived& d, int depth) {
  switch (d.op) {
    case Derived::Op::EnumTable:
      return highest_of_table(sheet, d);
    case Derived::Op::Sum: {
      Number total;
      for (const Ref& r : d.of) {
        const auto n = highest(sheet, r, depth + 1);
        if (!n) return std::nullopt;
        total += *n;
      }
      return total;
    }
    case Derived::Op::Max: {
      std::optional<Number> most;
      for (const Ref& r : d.of) {
        const auto n = highest(sheet, r, depth + 1);
        if (!n) return std::nullopt;
        if (!most || *n > *most) most = n;
      }
      return most;
    }
    case Derived::Op::Min: {
      // The least of the highest values that are known bounds the minimum from above.
      std::optional<Number> least;
      for (const Ref& r : d.of) {
        const auto n = highest(sheet, r, depth + 1);
        if (n && (!least || *n < *least)) least = n;
      }
      return least;
    }
    default:
      return std::nullopt;
  }
}

std::optional<Number> highest(const Sheet& sheet, const Ref& ref, int depth) {
  if (depth > kDepthFollowed) return std::nullopt;
  switch (ref.kind) {
    case RefKind::Const:
      return ref.constant;
    case RefKind::Field:
      if (ref.index < sheet.fields.size() && sheet.fields[ref.index].spec.type == ValueType::Number) {
        return sheet.fields[ref.index].spec.max;
      }
      return std::nullopt;
    case RefKind::Derived:
      if (ref.index < sheet.derived.size()) return highest_of_derived(sheet, sheet.derived[ref.index], depth);
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

/// The warning's words for a Ref that can never read above `floor`, or nothing.
std::optional<std::string> never_above(const Sheet& sheet, const Ref& ref, Number floor) {
  const auto most = highest(sheet, ref, 0);
  if (!most || *most > floor) return std::nullopt;
  return fmt::format("it never reads above {}", most->to_string());
}

void check_step(const Sheet& sheet, const BuilderStep& step, Diagnostics& out) {
  const Number zero;
  if (step.when) {
    if (auto why = never_above(sheet, *step.when, zero)) {
      lint_warning(out, "", Code::ConditionNeverHolds, json::child(step.pointer, "when"),
                   fmt::format("builder step `{}`: its `when` can never hold ({}), so the step is never shown or "
                               "applied (BA-111)",
                               step.id, *why));
    }
  }
  if (step.required_when) {
    if (auto why = never_above(sheet, *step.required_when, zero)) {
      lint_warning(out, "", Code::ConditionNeverHolds, json::child(step.pointer, "requiredWhen"),
                   fmt::format("builder step `{}`: its `requiredWhen` can never hold ({}), so its choices never count "
                               "in the badge (BA-112)",
                               step.id, *why));
    }
  }
  for (const auto& [field, ref] : step.shown_when) {
    if (auto why = never_above(sheet, ref, zero)) {
      lint_warning(out, "", Code::ConditionNeverHolds, json::child(json::child(step.pointer, "shownWhen"), field),
                   fmt::format("builder step `{}`: the `shownWhen` of field `{}` can never hold ({}), so the field is "
                               "never shown (BA-37)",
                               step.id, field, *why));
    }
  }
  if (step.count_from) {
    if (auto why = never_above(sheet, *step.count_from, kBelowOne)) {
      lint_warning(out, "", Code::ConditionNeverHolds, json::child(step.pointer, "countFrom"),
                   fmt::format("builder step `{}`: its `countFrom` is never 1 or more ({}), so the step never takes a "
                               "selection (BA-25)",
                               step.id, *why));
    }
  }
}

/// `picker`: the catalog picker offers the entry (its catalog feeds a list and it writes rows,
/// BA-102), where `offeredWhen` does not apply, so an `offeredWhen` that never holds leaves it
/// reachable and is the author's way to keep it out of the builder's choices.
void check_entry(const Sheet& sheet, const CatalogEntry& e, bool picker, const std::string& file, Diagnostics& out) {
  if (e.offered_when && !picker) {
    if (auto why = never_above(sheet, *e.offered_when, Number())) {
      lint_warning(
          out, file, Code::ConditionNeverHolds, json::child(e.pointer, "offeredWhen"),
          fmt::format("entry `{}`: its `offeredWhen` can never hold ({}), so it is never offered (BA-86)", e.id, *why));
    }
  }
  if (!e.grants) return;
  for (std::size_t n = 0; n < e.grants->entry_choices.size(); ++n) {
    const EntryChoice& slot = e.grants->entry_choices[n];
    if (!slot.count_from) continue;
    if (auto why = never_above(sheet, *slot.count_from, kBelowOne)) {
      lint_warning(out, file, Code::ConditionNeverHolds, json::child(slot.pointer, "countFrom"),
                   fmt::format("entry `{}`, entry choice #{}: its `countFrom` is never 1 or more ({}), so it never "
                               "takes a selection (BA-127)",
                               e.id, n + 1, *why));
    }
  }
}

}  // namespace

void lint_conditions(const LintInput& input, Diagnostics& out) {
  const Ruleset& rs = input.ruleset;
  if (rs.sheet.builder) {
    for (const BuilderStep& step : rs.sheet.builder->steps) check_step(rs.sheet, step, out);
  }
  for (std::size_t c = 0; c < rs.catalogs.size(); ++c) {
    const std::vector<CatalogEntry>* entries = input.entries_of(c);
    if (entries == nullptr) continue;
    for (const CatalogEntry& e : *entries)
      check_entry(rs.sheet, e, !rs.catalogs[c].feeds.empty() && !e.rows.empty(), input.files[c], out);
  }
}

}  // namespace rk::detail
