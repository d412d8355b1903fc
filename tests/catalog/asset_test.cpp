// Separate catalog files (CA-24, CA-91 – CA-93): read the first time the picker asks for them; a
// file with errors shows its reasons instead of entries.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "catalog/operations.hpp"
#include "support/reference_top.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;

class AssetCatalogs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("rk_asset_" + std::to_string(::getpid()) + "_" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir / "catalogs");
    write("manifest.json", R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 21},
      "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/knacks.json"]}}})");
    write("ruleset.json", R"({"id": "roads", "label": "Roads", "sheet": {"lists": [{"id": "knacks", "label": "Knacks",
      "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 20}]}]},
      "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "asset": "catalogs/knacks.json"}]})");
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << test::fixture_file_text(text);
  }
  fs::path dir;
};

TEST_F(AssetCatalogs, CA_24_a_good_file_is_read_when_first_asked_for) {
  write("catalogs/knacks.json", R"({"schemaVersion": 1, "catalog": "knacks", "entries": [
    {"id": "road-sense", "label": "Road Sense", "rows": [{"list": "knacks", "values": {"name": "Road Sense"}}]}]})");
  const LoadResult r = load_ruleset(dir);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_TRUE(r.ruleset->catalogs[0].entries.empty());  // import does not read the file
  const CatalogSet set(r.ruleset, dir, "");
  const PickerResult p = picker(set, {"knacks", "", {}, nullptr});
  EXPECT_FALSE(p.errors.has_errors());
  ASSERT_EQ(p.entries.size(), 1u);
  EXPECT_EQ(p.entries[0].entry->id, "road-sense");
}

TEST_F(AssetCatalogs, CA_24_a_file_with_errors_shows_its_reasons_instead_of_entries) {
  write("catalogs/knacks.json", R"({"schemaVersion": 1, "catalog": "knacks", "entries": [
    {"id": "road-sense", "label": "Road Sense", "rows": [{"list": "knacks", "values": {"name": "Road Sense"}}]},
    {"id": "long-name", "label": "Long", "rows": [{"list": "knacks", "values": {"name": "A name far longer than twenty"}}]}]})");
  const LoadResult r = load_ruleset(dir);
  ASSERT_TRUE(r.ok()) << test::describe(r);  // the import itself is fine
  const CatalogSet set(r.ruleset, dir, "");
  const PickerResult p = picker(set, {"knacks", "", {}, nullptr});
  EXPECT_TRUE(p.entries.empty());
  ASSERT_TRUE(p.errors.has_errors());
  const Diagnostic& e = p.errors.items()[0];
  EXPECT_EQ(e.code, Code::BadCell);
  EXPECT_EQ(e.file, "catalogs/knacks.json");
  EXPECT_EQ(e.pointer, "/entries/1/rows/0/values/name");
  EXPECT_EQ(e.line, 3);
  // `check` reports the same error for the author.
  const Diagnostics checked = check_catalog_assets(*r.ruleset, *r.manifest, dir);
  ASSERT_EQ(checked.error_count(), 1u);
  EXPECT_EQ(checked.items()[0].code, Code::BadCell);
}

TEST_F(AssetCatalogs, CA_93_the_file_names_its_catalog_and_schema_version) {
  write("catalogs/knacks.json", R"({"schemaVersion": 2, "catalog": "tricks", "entries": []})");
  const LoadResult r = load_ruleset(dir);
  ASSERT_TRUE(r.ok());
  const CatalogAssetLoad load = load_catalog_asset(*r.ruleset, r.ruleset->catalogs[0], dir);
  ASSERT_EQ(load.diagnostics.error_count(), 2u);
  EXPECT_EQ(load.diagnostics.items()[0].pointer, "/schemaVersion");
  EXPECT_EQ(load.diagnostics.items()[1].pointer, "/catalog");
}

}  // namespace
}  // namespace rk
