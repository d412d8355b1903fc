// What the builder's own conditions read, to know whether a step's reading of the sheet needs
// its list rows (only `listSum` reads them). Copying hundreds of rows for every step
// was most of the cost of opening a character with a full spellbook.
#include "builder/engine.hpp"
#include "format/ref_reads.hpp"

namespace rk::builder {

namespace {

void slot_refs(const Grants& g, std::vector<const Ref*>& refs) {
  for (const auto& s : g.ability_choices) {
    if (s.count_from) refs.push_back(ref_or_null(s.count_from));
  }
  for (const auto& s : g.trained_choices) {
    if (s.count_from) refs.push_back(ref_or_null(s.count_from));
  }
  for (const auto& s : g.entry_choices) {
    if (s.count_from) refs.push_back(ref_or_null(s.count_from));
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
      if (e.offered_when) refs.push_back(ref_or_null(e.offered_when));
      if (e.fits) refs.push_back(ref_or_null(e.fits->value));
      if (e.grants) slot_refs(*e.grants, refs);
    }
  };
  for (const BuilderStep& step : rs.sheet.builder->steps) {
    for (const std::optional<Ref>* r : {&step.when, &step.required_when, &step.count_from}) {
      if (*r) refs.push_back(&**r);
    }
    if (step.up_to) refs.push_back(ref_or_null(step.up_to->value));
    for (const auto& [_, r] : step.shown_when) refs.push_back(&r);
    for (const auto& s : step.choose) {
      if (s.count_from) refs.push_back(ref_or_null(s.count_from));
    }
    for (const RollEntry& e : step.rolls) {
      if (e.floor_from) refs.push_back(&*e.floor_from);
    }
    for (const InitializeWrite& w : step.writes) {
      if (w.value_from) refs.push_back(&*w.value_from);
    }
    catalog_refs(step.catalog);
  }
  return !what_refs_read(rs, refs).lists.empty();
}

}  // namespace rk::builder
