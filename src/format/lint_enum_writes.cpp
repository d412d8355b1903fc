// The author linter: names written into an enum that has no such value (lint.hpp,
// `enum-value-unknown`). A catalog step's `field` takes an entry's id, or else its label, when the
// enum field has it, and silently nothing otherwise (BA-17); a `fromWithin` stamp writes the
// parent's id, label or filter text into a row's enum column. A grant's `sets` and a literal stamp
// are held to the field at import already (BA-85, BA-29): an error, not this warning.
#include <algorithm>
#include <set>

#include "format/lint.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

bool has_value(const ValueSpec& spec, const std::string& value) {
  return std::find(spec.values.begin(), spec.values.end(), value) != spec.values.end();
}

/// The entries a catalog step may offer: its fixed filters, and a `within` parent it may offer.
std::vector<const CatalogEntry*> step_offers(const LintInput& input, const BuilderStep& step) {
  std::vector<const CatalogEntry*> out;
  const std::vector<CatalogEntry>* entries = input.entries_of(step.catalog_index);
  if (entries == nullptr) return out;
  const Builder& builder = *input.ruleset.sheet.builder;
  std::optional<std::vector<std::string>> parents;
  if (step.within && step.within->step_index < builder.steps.size()) {
    parents = lint_step_offerable_ids(input, step.within->step_index);
  }
  for (const CatalogEntry& e : *entries) {
    if (!lint_passes_step_filters(step, e)) continue;
    if (parents) {
      auto has = e.filters.find(step.within->filter);
      if (has == e.filters.end()) continue;
      const auto named = named_parents(has->second);
      if (std::none_of(named.begin(), named.end(), [&](const std::string& p) {
            return std::find(parents->begin(), parents->end(), p) != parents->end();
          })) {
        continue;
      }
    }
    out.push_back(&e);
  }
  return out;
}

void check_field(const LintInput& input, const BuilderStep& step, Diagnostics& out) {
  const Sheet& sheet = input.ruleset.sheet;
  auto f = sheet.field_index.find(step.field);
  if (f == sheet.field_index.end()) return;
  const Field& field = sheet.fields[f->second];
  if (field.spec.type != ValueType::Enum) return;
  const std::string& file = input.files[step.catalog_index];
  for (const CatalogEntry* e : step_offers(input, step)) {
    if (has_value(field.spec, e->id) || has_value(field.spec, e->label)) continue;
    lint_warning(out, file, Code::EnumValueUnknown, json::child(e->pointer, "id"),
                 fmt::format("entry `{}`: builder step `{}` writes it into enum field `{}`, which has neither `{}` nor "
                             "\"{}\" among its values, so selecting it leaves the field as it was (BA-17){}",
                             e->id, step.id, field.id, e->id, e->label, did_you_mean(e->id, field.spec.values)));
  }
}

/// What a `fromWithin` stamp writes for `parent`, when it writes text.
std::optional<std::string> stamped_text(const BuilderStep::Stamp& stamp, const CatalogEntry& parent) {
  if (stamp.part == BuilderStep::Stamp::Part::Id) return parent.id;
  if (stamp.part == BuilderStep::Stamp::Part::Label) return parent.label;
  auto f = parent.filters.find(stamp.from_within);
  if (f == parent.filters.end()) return std::nullopt;
  if (const auto* s = std::get_if<std::string>(&f->second.value)) return *s;
  return std::nullopt;
}

void check_stamps(const LintInput& input, const BuilderStep& step, Diagnostics& out) {
  const Ruleset& rs = input.ruleset;
  const Builder& builder = *rs.sheet.builder;
  if (!step.within || step.within->step_index >= builder.steps.size()) return;
  const BuilderStep& parent_step = builder.steps[step.within->step_index];
  const std::vector<CatalogEntry>* parent_entries = input.entries_of(parent_step.catalog_index);
  const std::optional<std::vector<std::string>> parent_offers = lint_step_offerable_ids(input, step.within->step_index);
  if (parent_entries == nullptr || !parent_offers) return;
  // Only a parent that an entry of this step names is ever stamped (BA-33).
  std::set<std::string> stamped_parents;
  for (const CatalogEntry* e : step_offers(input, step)) {
    auto has = e->filters.find(step.within->filter);
    if (has == e->filters.end()) continue;
    for (const std::string& p : named_parents(has->second)) {
      if (std::find(parent_offers->begin(), parent_offers->end(), p) != parent_offers->end()) stamped_parents.insert(p);
    }
  }
  const Catalog& catalog = rs.catalogs[step.catalog_index];
  for (const auto& [column_id, stamp] : step.stamp) {
    if (stamp.literal) continue;
    for (const std::size_t li : catalog.feed_indices) {
      const List& list = rs.sheet.lists[li];
      auto col = list.column_index.find(column_id);
      if (col == list.column_index.end()) continue;
      const Column& column = list.columns[col->second];
      if (column.spec.type != ValueType::Enum) continue;
      std::set<std::string> reported;
      for (const CatalogEntry& parent : *parent_entries) {
        if (!stamped_parents.contains(parent.id)) continue;
        const std::optional<std::string> text = stamped_text(stamp, parent);
        if (!text || has_value(column.spec, *text) || !reported.insert(*text).second) continue;
        lint_warning(out, "", Code::EnumValueUnknown,
                     json::child(json::child(json::child(step.pointer, "stamp"), column_id), "fromWithin"),
                     fmt::format("builder step `{}`: its stamp writes \"{}\" (the {} of entry `{}` of builder step "
                                 "`{}`) into enum column `{}` of list `{}`, which has no such value{}",
                                 step.id, *text, stamp.from_within, parent.id, parent_step.id, column.id, list.id,
                                 did_you_mean(*text, column.spec.values)));
      }
    }
  }
}

}  // namespace

void lint_enum_writes(const LintInput& input, Diagnostics& out) {
  if (!input.ruleset.sheet.builder) return;
  for (const BuilderStep& step : input.ruleset.sheet.builder->steps) {
    if (step.kind != BuilderStep::Kind::Catalog || step.catalog_index >= input.ruleset.catalogs.size()) continue;
    if (!step.field.empty()) check_field(input, step, out);
    if (!step.stamp.empty()) check_stamps(input, step, out);
  }
}

}  // namespace rk::detail
