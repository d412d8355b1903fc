// The author linter: what nothing reaches (lint.hpp). An entry that no builder step and no entry
// choice can ever offer, in a catalog the picker does not offer it from either
// (`entry-never-offered`); a catalog only the builder could reach, which nothing names
// (`catalog-unreached`). Both need every catalog's entries: an entry choice written anywhere may
// reach any catalog, so with one catalog unknown (borrowed, say) neither is reported.
#include <algorithm>
#include <set>

#include "format/lint.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// Per catalog: whether something of the builder offers from it, what, and the ids it may offer.
struct Reach {
  std::vector<bool> reached;
  std::vector<std::vector<std::string>> by;  ///< what offers from it, for the message
  std::vector<std::set<std::string>> offered;
  /// Named elsewhere than the builder: a layer hides its entries, a reaction answers them.
  std::vector<bool> named;
};

bool in(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

void reach_from_steps(const LintInput& input, Reach& r) {
  const Ruleset& rs = input.ruleset;
  if (!rs.sheet.builder) return;
  const Builder& builder = *rs.sheet.builder;
  for (std::size_t i = 0; i < builder.steps.size(); ++i) {
    const BuilderStep& step = builder.steps[i];
    const std::size_t c = step.catalog_index;
    if (c >= rs.catalogs.size()) continue;
    r.reached[c] = true;
    r.by[c].push_back(fmt::format("builder step `{}`", step.id));
    const std::vector<CatalogEntry>& entries = *input.entries_of(c);
    if (step.kind == BuilderStep::Kind::StartingGear) {
      // Whether a kit fits is the character's (BA-59); every kit may be offered.
      for (const CatalogEntry& e : entries) r.offered[c].insert(e.id);
      continue;
    }
    if (step.kind != BuilderStep::Kind::Catalog) continue;  // a choices step offers through entry choices
    std::optional<std::vector<std::string>> parents;
    if (step.within && step.within->step_index < builder.steps.size()) {
      parents = lint_step_offerable_ids(input, step.within->step_index);
    }
    for (const CatalogEntry& e : entries) {
      if (!lint_passes_step_filters(step, e)) continue;
      if (parents) {
        auto has = e.filters.find(step.within->filter);
        if (has == e.filters.end()) continue;
        const std::vector<std::string> named = named_parents(has->second);
        if (std::none_of(named.begin(), named.end(), [&](const std::string& p) { return in(*parents, p); })) continue;
      }
      // `upTo`, `when` and `offeredWhen` depend on the character; they are read as "may offer".
      r.offered[c].insert(e.id);
    }
  }
}

void reach_from_choices(const LintInput& input, Reach& r) {
  const Ruleset& rs = input.ruleset;
  for (std::size_t h = 0; h < rs.catalogs.size(); ++h) {
    for (const CatalogEntry& holder : *input.entries_of(h)) {
      if (!holder.grants) continue;
      for (std::size_t n = 0; n < holder.grants->entry_choices.size(); ++n) {
        const EntryChoice& slot = holder.grants->entry_choices[n];
        auto target = rs.catalog_index.find(slot.catalog);
        if (target == rs.catalog_index.end()) continue;
        const std::size_t c = target->second;
        r.reached[c] = true;
        r.by[c].push_back(fmt::format("entry `{}` choice #{}", holder.id, n + 1));
        for (const CatalogEntry& e : *input.entries_of(c)) {
          if (e.rows.empty()) continue;  // BA-97: an entry choice offers only entries that write rows
          if (!slot.ids.empty() && !in(slot.ids, e.id)) continue;
          const bool fits = std::all_of(slot.filters.begin(), slot.filters.end(), [&](const auto& f) {
            auto has = e.filters.find(f.first);
            return has != e.filters.end() && choice_filter_holds(f.second, has->second);
          });
          if (fits) r.offered[c].insert(e.id);
        }
      }
    }
  }
}

void mark_named(const LintInput& input, Reach& r) {
  const Ruleset& rs = input.ruleset;
  const auto name = [&](const std::string& id) {
    if (auto it = rs.catalog_index.find(id); it != rs.catalog_index.end()) r.named[it->second] = true;
  };
  for (const Layer& layer : rs.layers) {
    for (const LayerCatalogHide& hide : layer.catalogs) name(hide.catalog);
  }
  for (std::size_t c = 0; c < rs.catalogs.size(); ++c) {
    for (const CatalogEntry& e : *input.entries_of(c)) {
      if (e.effect && e.effect->reaction_moment) {
        for (const std::string& id : e.effect->reaction_moment->against_catalogs) name(id);
      }
      if (e.creature) {
        for (const CreatureAction& a : e.creature->actions) {
          if (a.reaction) {
            for (const std::string& id : a.reaction->against_catalogs) name(id);
          }
        }
      }
    }
  }
}

}  // namespace

void lint_reach(const LintInput& input, Diagnostics& out) {
  if (!input.all_known()) return;
  const Ruleset& rs = input.ruleset;
  const std::size_t n = rs.catalogs.size();
  Reach r{std::vector<bool>(n), std::vector<std::vector<std::string>>(n), std::vector<std::set<std::string>>(n),
          std::vector<bool>(n)};
  reach_from_steps(input, r);
  reach_from_choices(input, r);
  mark_named(input, r);
  for (std::size_t c = 0; c < n; ++c) {
    const Catalog& catalog = rs.catalogs[c];
    if (!catalog.is_rows()) continue;
    // The picker offers an entry that writes rows from a catalog that feeds a list (BA-102), so
    // only what the builder alone can offer is judged here.
    const bool picker = !catalog.feeds.empty();
    if (!r.reached[c]) {
      if (!picker && !r.named[c]) {
        lint_warning(out, "", Code::CatalogUnreached, catalog.pointer,
                     fmt::format("catalog `{}` feeds no list, so the picker never offers its entries, and no builder "
                                 "step or entry choice names it: nothing ever offers them",
                                 catalog.id));
      }
      continue;
    }
    for (const CatalogEntry& e : *input.entries_of(c)) {
      if (r.offered[c].contains(e.id) || (picker && !e.rows.empty())) continue;
      lint_warning(out, input.files[c], Code::EntryNeverOffered, e.pointer,
                   fmt::format("entry `{}` of catalog `{}`: it fits none of what offers from the catalog ({}), and "
                               "the picker never offers it ({}), so no character can ever have it",
                               e.id, catalog.id, fmt::join(r.by[c], ", "),
                               picker ? "it writes no row (BA-102)" : "the catalog feeds no list"));
    }
  }
}

}  // namespace rk::detail
