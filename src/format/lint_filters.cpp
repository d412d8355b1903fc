// The author linter: values that select no entry (lint.hpp). A builder step's or an entry
// choice's fixed filter value, or a quota's value, that no entry of the catalog has
// (`filter-matches-nothing`); an entry whose `within` filter names an entry the parent step never
// offers (`names-no-entry`) — the typo in a playbook's name that silently hides a move.
#include <algorithm>
#include <functional>
#include <set>

#include "format/lint.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

using Holds = std::function<bool(const FilterValue& wanted, const FilterValue& has)>;

std::string value_text(const FilterValue& v) {
  if (const auto* n = std::get_if<Number>(&v.value)) return n->to_string();
  if (const auto* s = std::get_if<std::string>(&v.value)) return fmt::format("\"{}\"", *s);
  const auto& tags = std::get<std::vector<std::string>>(v.value);
  return fmt::format("[\"{}\"]", fmt::join(tags, "\", \""));
}

/// The texts and tags the entries hold under `filter`: what a misspelt value is compared with.
std::vector<std::string> words_under(const std::vector<CatalogEntry>& entries, const std::string& filter) {
  std::set<std::string> words;
  for (const CatalogEntry& e : entries) {
    auto has = e.filters.find(filter);
    if (has == e.filters.end()) continue;
    if (const auto* s = std::get_if<std::string>(&has->second.value)) words.insert(*s);
    if (const auto* tags = std::get_if<std::vector<std::string>>(&has->second.value)) {
      words.insert(tags->begin(), tags->end());
    }
  }
  return {words.begin(), words.end()};
}

bool some_entry_holds(const std::vector<CatalogEntry>& entries, const std::string& filter, const FilterValue& wanted,
                      const Holds& holds) {
  return std::any_of(entries.begin(), entries.end(), [&](const CatalogEntry& e) {
    auto has = e.filters.find(filter);
    return has != e.filters.end() && holds(wanted, has->second);
  });
}

/// Where the values are written and what a warning says about them.
struct Selector {
  const std::vector<CatalogEntry>& entries;
  const Catalog& catalog;
  std::string what;  ///< "builder step `spells`", "entry `bard` choice #1"
  std::string file;  ///< the file the selector is written in
};

/// One fixed value: `true` when some entry has it. A tags value that no entry holds as a whole is
/// reported at the tag no entry has, when there is one.
bool check_value(const Selector& s, const std::string& filter, const FilterValue& wanted, const std::string& pointer,
                 const Holds& holds, Diagnostics& out) {
  if (some_entry_holds(s.entries, filter, wanted, holds)) return true;
  const std::vector<std::string> words = words_under(s.entries, filter);
  if (const auto* all = std::get_if<std::vector<std::string>>(&wanted.value)) {
    bool named = false;
    for (std::size_t i = 0; i < all->size(); ++i) {
      if (some_entry_holds(s.entries, filter, FilterValue{(*all)[i]}, holds)) continue;
      named = true;
      lint_warning(out, s.file, Code::FilterMatchesNothing, json::child(pointer, i),
                   fmt::format("{}: no entry of catalog `{}` has `{}` tag \"{}\"{}, so it selects nothing", s.what,
                               s.catalog.id, filter, (*all)[i], did_you_mean((*all)[i], words)));
    }
    if (named) return false;
  }
  const auto* one = std::get_if<std::string>(&wanted.value);
  lint_warning(out, s.file, Code::FilterMatchesNothing, pointer,
               fmt::format("{}: no entry of catalog `{}` has `{}` {}{}, so it selects nothing", s.what, s.catalog.id,
                           filter, value_text(wanted), one != nullptr ? did_you_mean(*one, words) : std::string()));
  return false;
}

/// A set of fixed filters: each value on its own, then all of them together.
void check_filters(const Selector& s, const std::map<std::string, FilterValue>& filters, const std::string& pointer,
                   const Holds& holds, Diagnostics& out) {
  bool each = true;
  for (const auto& [filter, wanted] : filters) {
    each = check_value(s, filter, wanted, json::child(pointer, filter), holds, out) && each;
  }
  if (!each || filters.size() < 2) return;
  const bool together = std::any_of(s.entries.begin(), s.entries.end(), [&](const CatalogEntry& e) {
    return std::all_of(filters.begin(), filters.end(), [&](const auto& f) {
      auto has = e.filters.find(f.first);
      return has != e.filters.end() && holds(f.second, has->second);
    });
  });
  if (!together) {
    lint_warning(out, s.file, Code::FilterMatchesNothing, pointer,
                 fmt::format("{}: each filter value is held by some entry of catalog `{}`, but no entry holds all of "
                             "them, so they select nothing",
                             s.what, s.catalog.id));
  }
}

void check_quotas(const Selector& s, const QuotaRules& rules, const std::string& pointer, Diagnostics& out) {
  for (std::size_t i = 0; i < rules.quotas.size(); ++i) {
    const Quota& q = rules.quotas[i];
    const std::string p = json::child(json::child(json::child(pointer, "quotas"), i), "value");
    check_value(s, q.filter, q.value, p, choice_filter_holds, out);
  }
}

/// BA-19, BA-20: an entry of a `within` step counts only while an entry it names is selected at
/// the parent step; a name the parent step never offers can never be selected there.
void check_within(const LintInput& input, std::size_t step_index, std::set<std::string>& reported, Diagnostics& out) {
  const Builder& builder = *input.ruleset.sheet.builder;
  const BuilderStep& step = builder.steps[step_index];
  const std::vector<CatalogEntry>* entries = input.entries_of(step.catalog_index);
  if (entries == nullptr || !step.within || step.within->step_index >= builder.steps.size()) return;
  const BuilderStep& parent = builder.steps[step.within->step_index];
  const std::optional<std::vector<std::string>> offered = lint_step_offerable_ids(input, step.within->step_index);
  const std::vector<CatalogEntry>* parent_entries = input.entries_of(parent.catalog_index);
  if (!offered || parent_entries == nullptr) return;
  const std::string& filter = step.within->filter;
  const std::string& file = input.files[step.catalog_index];
  bool any_candidate = false, any_named = false;
  for (const CatalogEntry& e : *entries) {
    if (!lint_passes_step_filters(step, e)) continue;
    any_candidate = true;
    auto has = e.filters.find(filter);
    if (has == e.filters.end()) continue;
    const std::vector<std::string> named = named_parents(has->second);
    const bool tags = std::holds_alternative<std::vector<std::string>>(has->second.value);
    for (std::size_t i = 0; i < named.size(); ++i) {
      if (std::find(offered->begin(), offered->end(), named[i]) != offered->end()) {
        any_named = true;
        continue;
      }
      std::string pointer = json::child(json::child(e.pointer, "filters"), filter);
      if (tags) pointer = json::child(pointer, i);
      if (!reported.insert(fmt::format("{}#{}", file, pointer)).second) continue;
      const bool in_catalog = std::any_of(parent_entries->begin(), parent_entries->end(),
                                          [&](const CatalogEntry& p) { return p.id == named[i]; });
      lint_warning(out, file, Code::NamesNoEntry, pointer,
                   fmt::format("entry `{}`: its `{}` names `{}`, which builder step `{}` never offers ({}); builder "
                               "step `{}` offers the entry only while an entry it names is selected there (BA-20){}",
                               e.id, filter, named[i], parent.id,
                               in_catalog ? "the step's `filters` leave it out"
                                          : fmt::format("catalog `{}` has no such entry", parent.catalog),
                               step.id, did_you_mean(named[i], *offered)));
    }
  }
  // With no candidate at all, the step's own filters were reported already.
  if (any_candidate && !any_named) {
    lint_warning(out, "", Code::FilterMatchesNothing, json::child(json::child(step.pointer, "within"), "filter"),
                 fmt::format("builder step `{}`: no entry it can offer has a `{}` naming an entry that builder step "
                             "`{}` offers, so it never offers anything",
                             step.id, filter, parent.id));
  }
}

}  // namespace

void lint_filter_values(const LintInput& input, Diagnostics& out) {
  const Ruleset& rs = input.ruleset;
  if (rs.sheet.builder) {
    std::set<std::string> reported;
    const Builder& builder = *rs.sheet.builder;
    for (std::size_t i = 0; i < builder.steps.size(); ++i) {
      const BuilderStep& step = builder.steps[i];
      if (step.kind != BuilderStep::Kind::Catalog) continue;
      const std::vector<CatalogEntry>* entries = input.entries_of(step.catalog_index);
      if (entries == nullptr) continue;
      const Selector s{*entries, rs.catalogs[step.catalog_index], fmt::format("builder step `{}`", step.id), ""};
      check_filters(s, step.filters, json::child(step.pointer, "filters"), step_filter_holds, out);
      check_quotas(s, step.quota_rules, step.pointer, out);
      check_within(input, i, reported, out);
    }
  }
  // Entry choices (BA-94) are written in entries, wherever those entries are.
  for (std::size_t c = 0; c < rs.catalogs.size(); ++c) {
    const std::vector<CatalogEntry>* holders = input.entries_of(c);
    if (holders == nullptr) continue;
    for (const CatalogEntry& holder : *holders) {
      if (!holder.grants) continue;
      for (std::size_t n = 0; n < holder.grants->entry_choices.size(); ++n) {
        const EntryChoice& slot = holder.grants->entry_choices[n];
        auto target = rs.catalog_index.find(slot.catalog);
        if (target == rs.catalog_index.end()) continue;
        const std::vector<CatalogEntry>* entries = input.entries_of(target->second);
        if (entries == nullptr) continue;
        const Selector s{*entries, rs.catalogs[target->second],
                         fmt::format("entry `{}`, entry choice #{}", holder.id, n + 1), input.files[c]};
        check_filters(s, slot.filters, json::child(slot.pointer, "filters"), choice_filter_holds, out);
        check_quotas(s, slot.quota_rules, slot.pointer, out);
      }
    }
  }
}

}  // namespace rk::detail
