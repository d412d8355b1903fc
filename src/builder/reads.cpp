// What the builder's own conditions read, to know whether a step's reading of the sheet needs
// its list rows (only `listSum` reads them). Copying hundreds of rows for every step
// was most of the cost of opening a character with a full spellbook.
#include "builder/engine.hpp"
#include "format/ref_reads.hpp"

namespace rk::builder {

namespace {

void slot_refs(const Grants& g, std::vector<const Ref*>& refs) {
  for (const auto& s : g.ability_choices) {
    if (s.count_from) refs.push_back(s.count_from.get());
  }
  for (const auto& s : g.trained_choices) {
    if (s.count_from) refs.push_back(s.count_from.get());
  }
  for (const auto& s : g.entry_choices) {
    if (s.count_from) refs.push_back(s.count_from.get());
  }
}

}  // namespace

bool builder_reads_lists(const CatalogSet& catalogs) {
  const Ruleset& rs = catalogs.ruleset();
  if (!rs.sheet.builder) return false;
  std::vector<const Ref*> refs;
  std::set<std::string> seen;
  const auto catalog_refs = [&](const std::string& id) {
    if (id.empty() || !seen.insert(id).second) return;
    const CatalogEntries* entries = catalogs.get(id);
    if (entries == nullptr) return;
    for (const CatalogEntry& e : entries->entries) {
      if (e.offered_when) refs.push_back(e.offered_when.get());
      if (e.fits) refs.push_back(e.fits->value.get());
      if (e.grants) slot_refs(*e.grants, refs);
    }
  };
  for (const BuilderStep& step : rs.sheet.builder->steps) {
    for (const auto& r : {step.when, step.required_when, step.count_from}) {
      if (r) refs.push_back(r.get());
    }
    if (step.up_to) refs.push_back(step.up_to->value.get());
    for (const auto& [_, r] : step.shown_when) refs.push_back(r.get());
    for (const auto& s : step.choose) {
      if (s.count_from) refs.push_back(s.count_from.get());
    }
    catalog_refs(step.catalog);
  }
  return !what_refs_read(rs, refs).lists.empty();
}

}  // namespace rk::builder
