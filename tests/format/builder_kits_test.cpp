// Starting-gear kits (docs/format/builder.md, decisions.md): a `startingGear` step names the rows
// catalog of its kits, and any rows-catalog entry may say whom it fits with
// `fits: { "value": <non-live Ref>, "atLeast": <number> }` (BA-58 – BA-65, gate 1.109).
#include <gtest/gtest.h>

#include "format/builder_fixtures.hpp"
#include "format/ruleset.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using builder_test::kSpecSteps;
using builder_test::spec_ruleset;

const std::string kKitsCatalog = R"(, {"id": "kits", "label": "Kits", "feeds": ["features"], "entries": [
  {"id": "wizard-kit", "label": "Wizard kit", "summary": "A spellbook and a quarterstaff",
   "fits": {"value": {"field": "level"}, "atLeast": 3},
   "rows": [{"list": "features", "values": {"name": "Spellbook"}}, {"list": "features", "values": {"name": "Quarterstaff"}}]},
  {"id": "acolyte-kit", "label": "Acolyte kit", "rows": [{"list": "features", "values": {"name": "Holy symbol"}}]}]})";

/// The spec's ruleset with a `kits` catalog added and the gear step naming it.
std::string with_kits(const std::string& gear_step) {
  std::string text = spec_ruleset(kSpecSteps);
  text.insert(text.rfind("]}"), kKitsCatalog);
  const std::string spec_gear = R"({ "id": "gear", "label": "Equipment", "kind": "startingGear" })";
  text.replace(text.find(spec_gear), spec_gear.size(), gear_step);
  return text;
}

TEST(BuilderKits, BA_58_a_startingGear_step_names_its_kits_and_kits_read_back_with_fits) {
  const LoadResult r = test::load(with_kits(
      R"({ "id": "gear", "label": "Equipment", "kind": "startingGear", "catalog": "kits", "strict": true })"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const BuilderStep& gear = r.ruleset->sheet.builder->steps[6];
  EXPECT_EQ(gear.kind, BuilderStep::Kind::StartingGear);
  EXPECT_TRUE(gear.strict);
  EXPECT_EQ(gear.catalog, "kits");
  ASSERT_NE(gear.catalog_index, kNone);
  const Catalog& kits = r.ruleset->catalogs[gear.catalog_index];
  EXPECT_EQ(kits.id, "kits");
  const CatalogEntry& wizard = kits.entries[kits.entry_index.at("wizard-kit")];
  ASSERT_TRUE(wizard.fits);
  ASSERT_TRUE(wizard.fits->value);
  EXPECT_EQ(wizard.fits->at_least, Number::of(3));
  EXPECT_EQ(wizard.rows.size(), 2u);
  EXPECT_FALSE(kits.entries[kits.entry_index.at("acolyte-kit")].fits);  // BA-60: fits everyone
  EXPECT_EQ(r.requires_version.value_or(""), "1.109");
}

TEST(BuilderKits, BA_5_the_spec_gear_step_without_catalog_is_still_accepted) {
  // The spec's own builder (BA-5) writes its gear step without `catalog`: it offers no kits.
  const LoadResult r = test::load(spec_ruleset(kSpecSteps));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const BuilderStep& gear = r.ruleset->sheet.builder->steps[6];
  EXPECT_TRUE(gear.catalog.empty());
  EXPECT_EQ(gear.catalog_index, kNone);
}

TEST(BuilderKits, BA_60_fits_takes_a_fractional_atLeast_and_reads_derived_values) {
  std::string text = with_kits(R"({ "id": "gear", "label": "Equipment", "kind": "startingGear", "catalog": "kits" })");
  const std::string fits = R"("fits": {"value": {"field": "level"}, "atLeast": 3})";
  text.replace(text.find(fits), fits.size(), R"("fits": {"value": {"abilityMod": "int"}, "atLeast": 0.5})");
  const LoadResult r = test::load(text);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Catalog& kits = r.ruleset->catalogs[r.ruleset->catalog_index.at("kits")];
  EXPECT_EQ(kits.entries[0].fits->at_least, Number::raw(5000));
}

TEST(BuilderKits, BA_60_a_refused_fits_names_the_entry) {
  std::string text = with_kits(R"({ "id": "gear", "label": "Equipment", "kind": "startingGear", "catalog": "kits" })");
  const std::string fits = R"("fits": {"value": {"field": "level"}, "atLeast": 3})";
  text.replace(text.find(fits), fits.size(), R"("fits": {"value": {"field": "level"}, "atLeast": 3, "atMost": 5})");
  const LoadResult r = test::load(text);
  ASSERT_FALSE(r.ok());
  ASSERT_TRUE(test::has_error(r, Code::UnknownKey, "/catalogs/3/entries/0/fits/atMost")) << test::describe(r);
  for (const auto& d : r.diagnostics.items()) {
    if (d.code == Code::UnknownKey) {
      EXPECT_NE(d.message.find("entry `wizard-kit`"), std::string::npos) << d.message;
    }
  }
}

TEST(BuilderKits, BA_58_a_gear_step_on_an_unknown_catalog_names_the_step) {
  const LoadResult r =
      test::load(with_kits(R"({ "id": "gear", "label": "Equipment", "kind": "startingGear", "catalog": "kist" })"));
  ASSERT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/6/catalog")) << test::describe(r);
  for (const auto& d : r.diagnostics.items()) {
    if (d.code == Code::UnknownReference) {
      EXPECT_NE(d.message.find("builder step `gear`"), std::string::npos) << d.message;
    }
  }
}

// Kits kept in a separate catalog file are read with the same rules when the file is read.
const std::string kManifest = R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 109},
  "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/kits.json"]}}})";
const std::string kPackage = R"({"id": "x", "label": "X",
  "sheet": {
    "fields": [{"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20}],
    "lists": [{"id": "equipment", "label": "Equipment", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
    "live": {"pools": [{"id": "grit", "label": "Grit", "max": 5}]},
    "builder": {"steps": [{"id": "gear", "label": "Gear", "kind": "startingGear", "catalog": "kits", "strict": true}]}},
  "catalogs": [{"id": "kits", "label": "Kits", "feeds": ["equipment"], "asset": "catalogs/kits.json"}]})";

CatalogAssetLoad read_kits(const LoadResult& r, const std::string& entries) {
  EXPECT_TRUE(r.ok()) << test::describe(r);
  if (!r.ok()) return {};
  const Catalog& c = r.ruleset->catalogs.at(0);
  return read_catalog_asset(*r.ruleset, c, R"({"schemaVersion": 1, "catalog": "kits", "entries": [)" + entries + "]}");
}

TEST(BuilderKits, BA_60_fits_of_kits_in_a_separate_file_read_back_and_are_checked) {
  const LoadResult r = test::load_package(kManifest, kPackage);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.builder->steps[0].catalog_index, 0u);
  const CatalogAssetLoad good =
      read_kits(r, R"({"id": "fighter-kit", "label": "Fighter kit", "fits": {"value": {"field": "level"}, "atLeast": 1},
                                                  "rows": [{"list": "equipment", "values": {"name": "Chain mail"}}]})");
  EXPECT_FALSE(good.diagnostics.has_errors());
  ASSERT_EQ(good.entries.size(), 1u);
  ASSERT_TRUE(good.entries[0].fits);
  EXPECT_EQ(good.entries[0].fits->at_least, Number::of(1));
  ASSERT_EQ(good.requirement.minor, 109);  // the file's own use of `fits`

  const CatalogAssetLoad live = read_kits(
      r, R"({"id": "fighter-kit", "label": "Fighter kit", "fits": {"value": {"livePool": "grit"}, "atLeast": 1},
                                                  "rows": [{"list": "equipment", "values": {"name": "Chain mail"}}]})");
  bool found = false;
  for (const auto& d : live.diagnostics.items()) {
    if (d.code == Code::ReadsLiveState && d.pointer == "/entries/0/fits/value") {
      found = true;
      EXPECT_NE(d.message.find("entry `fighter-kit`"), std::string::npos) << d.message;
    }
  }
  EXPECT_TRUE(found);
  EXPECT_TRUE(live.entries.empty() || !live.entries[0].fits);
}

}  // namespace
}  // namespace rk
