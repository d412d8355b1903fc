// Separate catalog files (CA-24, CA-91 – CA-93): read the first time the picker asks for them; a
// file with errors shows its reasons instead of entries.
#include <filesystem>
#include <fstream>

#include "catalog/operations.hpp"
#include "support/cli.hpp"
#include "support/reference_top.hpp"
#include "support/sheet.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;

class AssetCatalogs : public ::testing::Test {
 protected:
  void SetUp() override {
    write("manifest.json", R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 21},
      "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/knacks.json"]}}})");
    write("ruleset.json", R"({"id": "roads", "label": "Roads", "sheet": {"lists": [{"id": "knacks", "label": "Knacks",
      "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 20}]}]},
      "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "asset": "catalogs/knacks.json"}]})");
  }
  void write(const std::string& name, const std::string& text) { folder.write(name, text); }
  test::TempFolder folder{"rk_asset"};
  const fs::path& dir = folder.path();
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

TEST_F(AssetCatalogs, ISSUE_9_review_shows_why_a_catalog_could_not_be_read_instead_of_nothing_new) {
  write("catalogs/knacks.json", R"({"schemaVersion": 1, "catalog": "knacks", "entries": [
    {"id": "road-sense", "label": "Road Sense", "rows": [{"list": "knacks", "values": {"name": "A name far longer than twenty"}}]}]})");
  const std::string character =
      R"({"v": 1, "build": {"lists": {"knacks": [{"_id": "k1", "_catalog": "knacks/road-sense", "name": "Road"}]}}})";
  const std::string sheet = folder.write("c.json", character);
  const LoadResult r = load_ruleset(dir);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const CatalogSet set(r.ruleset, dir, "");
  Diagnostics d;
  auto c = parse_character(*r.ruleset, character, "c.json", d);
  ASSERT_TRUE(c.has_value());
  const ReviewResult reviewed = review(set, *c);
  EXPECT_TRUE(reviewed.rows.empty());
  ASSERT_TRUE(reviewed.errors.has_errors());
  EXPECT_EQ(reviewed.errors.items()[0].code, Code::BadCell);
  EXPECT_EQ(reviewed.errors.items()[0].file, "catalogs/knacks.json");
  // Applying a change to that row names the row and gives the same reasons.
  EXPECT_FALSE(apply_review(set, *c, {"knacks/k1"}, d).has_value());
  ASSERT_GE(d.error_count(), 2u);
  EXPECT_NE(d.items()[0].message.find("could not be read"), std::string::npos) << d.items()[0].message;
  EXPECT_EQ(d.items()[1].file, "catalogs/knacks.json");
  // The command refuses (exit 1) with the reasons, as `pick` and `catalog` do.
  const test::CliOutput json = test::run_cli("review " + dir.string() + " " + sheet + " --json");
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_NE(json.out.find(R"("code":"bad-cell")"), std::string::npos) << json.out;
  const test::CliOutput text = test::run_cli("review " + dir.string() + " " + sheet);
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_NE(text.out.find("not compared"), std::string::npos) << text.out;
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
