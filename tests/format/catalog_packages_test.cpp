// Separate catalog files in a package (CA-91 – CA-101), on package folders written to a temporary
// folder: the asset path and its manifest listing at import, the 1.21 gate, the file read only when
// first asked for (CA-24) with the same entry rules as inline entries, and the size limits (2000
// entries, 2 MB, 1.340 above 1 MB and above a 256 KB ruleset.json).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "format/catalog_fixtures.hpp"
#include "support/load.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;
using catalog_test::position_of;
using test::describe;

const std::string kSheet = R"({"lists": [
    {"id": "knacks", "label": "Knacks", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 40}]},
    {"id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
      {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 10}]}],
  "abilities": [{"id": "heart", "label": "Heart", "min": 0, "max": 5, "default": 0}]})";

// CA-91, verbatim.
const std::string kAssetHeader =
    R"({ "id": "knacks", "label": "Knacks", "feeds": ["knacks"], "asset": "catalogs/knacks.json" })";

// CA-93, verbatim.
const std::string kEmptyFile = R"({ "schemaVersion": 1, "catalog": "knacks", "entries": [] })";

std::string ruleset_with(const std::string& catalogs, const std::string& top = "") {
  return R"({"id": "roads", "label": "Roads", "sheet": )" + kSheet + top + R"(, "catalogs": [)" + catalogs + "]}";
}

/// The fight a bestiary's creatures are written in, its health a `grit` pool the test adds.
const std::string kFightTop =
    R"(, "combat": {"kind": "attack-vs-defense", "health": {"pool": "grit"}, "defense": {"const": 10},
  "initiative": {"dice": {"count": 1, "sides": 20}}, "attackRoll": {"dice": {"count": 1, "sides": 20}},
  "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]}})";

/// A catalog file of `knacks` holding `entries`.
std::string file_with(const std::string& entries) {
  return R"({"schemaVersion": 1, "catalog": "knacks", "entries": [)" + entries + "]}";
}

std::string road_sense(const std::string& id = "road-sense") {
  return R"({"id": ")" + id +
         R"(", "label": "Road Sense", "rows": [{"list": "knacks", "values": {"name": "Road Sense"}}]})";
}

/// `text` padded with spaces before its last character to exactly `bytes` bytes.
std::string padded(std::string text, std::size_t bytes) {
  EXPECT_LE(text.size(), bytes);
  text.insert(text.size() - 1, std::string(bytes - text.size(), ' '));
  return text;
}

/// The only error of `d` is `code` at `pointer` of `file`, located at the first `needle` of `text`.
void expect_only_error(const Diagnostics& d, Code code, const std::string& file, const std::string& pointer,
                       const std::string& text, const std::string& needle) {
  ASSERT_EQ(d.error_count(), 1u);
  for (const auto& e : d.items()) {
    if (e.severity != Severity::Error) continue;
    EXPECT_EQ(code_name(e.code), code_name(code)) << e.message;
    EXPECT_EQ(e.file, file);
    EXPECT_EQ(e.pointer, pointer);
    const auto [line, column] = position_of(text, needle);
    EXPECT_EQ(e.line, line) << e.message;
    EXPECT_EQ(e.column, column) << e.message;
  }
}

class CatalogPackages : public ::testing::Test {
 protected:
  void write(const std::string& name, const std::string& text) { folder.write(name, text); }
  /// manifest.json declaring 1.`minor` and listing `paths` after ruleset.json.
  std::string manifest(int minor, const std::string& paths = R"(, "catalogs/knacks.json")") {
    const std::string text = R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
                             R"(},
  "contributions": {"assets": {"paths": ["ruleset.json")" +
                             paths + "]}}}";
    write("manifest.json", text);
    return text;
  }
  /// A package with the CA-91 header, its file listed and holding `file`.
  LoadResult package(int minor, const std::string& file = kEmptyFile) {
    manifest(minor);
    write("ruleset.json", ruleset_with(kAssetHeader));
    write("catalogs/knacks.json", file);
    return load_ruleset(dir);
  }
  CatalogAssetLoad read_asset(const LoadResult& r) {
    EXPECT_TRUE(r.ok()) << describe(r);
    if (!r.ok()) return {};
    return load_catalog_asset(*r.ruleset, r.ruleset->catalogs.at(0), dir);
  }

  test::TempFolder folder{"rk_catalog_packages"};
  const fs::path& dir = folder.path();
};

// ---------------------------------------------------------------------------------------------
// At import: the header, its path, the manifest listing, the 1.21 gate (CA-91 – CA-94).

TEST_F(CatalogPackages, CA_94_a_listed_asset_loads_with_1_21) {
  const LoadResult r = package(21);
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.21");
  EXPECT_EQ(r.requires_feature.value_or(""), "separate catalog files (`asset`)");
  const Catalog& c = r.ruleset->catalogs.at(0);
  EXPECT_EQ(c.asset, "catalogs/knacks.json");
  EXPECT_EQ(c.feeds, (std::vector<std::string>{"knacks"}));
  EXPECT_TRUE(c.entries.empty());
  ASSERT_TRUE(r.manifest.has_value());
  EXPECT_EQ(r.manifest->asset_paths, (std::vector<std::string>{"ruleset.json", "catalogs/knacks.json"}));
}

TEST_F(CatalogPackages, CA_94_declaring_1_20_is_refused_at_the_asset) {
  const LoadResult r = package(20);
  EXPECT_FALSE(r.ok());
  expect_only_error(r.diagnostics, Code::CapabilityTooLow, "ruleset.json", "/catalogs/0/asset",
                    ruleset_with(kAssetHeader), R"("asset")");
}

TEST_F(CatalogPackages, CA_94_an_asset_not_listed_in_the_manifest_is_refused) {
  manifest(21, "");
  write("ruleset.json", ruleset_with(kAssetHeader));
  write("catalogs/knacks.json", kEmptyFile);
  const LoadResult r = load_ruleset(dir);
  EXPECT_FALSE(r.ok());
  expect_only_error(r.diagnostics, Code::AssetNotListed, "ruleset.json", "/catalogs/0/asset",
                    ruleset_with(kAssetHeader), R"("asset")");
}

TEST_F(CatalogPackages, CA_94_a_listed_asset_file_that_is_missing_is_refused) {
  const std::string text = manifest(21);
  write("ruleset.json", ruleset_with(kAssetHeader));
  const LoadResult r = load_ruleset(dir);
  EXPECT_FALSE(r.ok());
  expect_only_error(r.diagnostics, Code::AssetMissing, "manifest.json", "/contributions/assets/paths/1", text,
                    R"("catalogs/knacks.json")");
}

TEST_F(CatalogPackages, CA_92_the_asset_path_is_catalogs_slash_the_catalog_id) {
  manifest(21, R"(, "catalogs/spells.json")");
  const std::string text =
      ruleset_with(R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "asset": "catalogs/spells.json"})");
  write("ruleset.json", text);
  write("catalogs/spells.json", kEmptyFile);
  const LoadResult r = load_ruleset(dir);
  EXPECT_FALSE(r.ok());
  expect_only_error(r.diagnostics, Code::BadAssetPath, "ruleset.json", "/catalogs/0/asset", text, R"("asset")");
}

TEST_F(CatalogPackages, CA_15_a_header_has_entries_or_asset_not_both) {
  manifest(21);
  const std::string text = ruleset_with(
      R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "entries": [], "asset": "catalogs/knacks.json"})");
  write("ruleset.json", text);
  write("catalogs/knacks.json", kEmptyFile);
  const LoadResult r = load_ruleset(dir);
  EXPECT_FALSE(r.ok());
  expect_only_error(r.diagnostics, Code::ConflictingKeys, "ruleset.json", "/catalogs/0/asset", text, R"("asset")");
}

TEST_F(CatalogPackages, CA_95_a_creatures_catalog_in_a_separate_file_needs_1_27) {
  manifest(21, R"(, "catalogs/beasts.json")");
  std::string text = ruleset_with(
      R"({"id": "beasts", "label": "Beasts", "holds": "creatures", "asset": "catalogs/beasts.json"})", kFightTop);
  text.replace(text.find(R"("abilities")"), 0, R"("live": {"pools": [{"id": "grit", "label": "Grit", "max": 5}]}, )");
  write("ruleset.json", text);
  write("catalogs/beasts.json", R"({"schemaVersion": 1, "catalog": "beasts", "entries": []})");
  const LoadResult low = load_ruleset(dir);
  EXPECT_FALSE(low.ok());
  expect_only_error(low.diagnostics, Code::CapabilityTooLow, "ruleset.json", "/catalogs/0/holds", text, R"("holds")");
  manifest(27, R"(, "catalogs/beasts.json")");
  const LoadResult r = load_ruleset(dir);
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.27");
}

// ---------------------------------------------------------------------------------------------
// The file itself: read when first asked for, never at import (CA-24), with the shape of CA-93 and
// the entry rules of inline entries (CA-16 – CA-22).

TEST_F(CatalogPackages, CA_93_the_verbatim_empty_file_reads_as_no_entries) {
  const CatalogAssetLoad load = read_asset(package(21));
  EXPECT_TRUE(load.ok()) << load.diagnostics.error_count();
  EXPECT_TRUE(load.entries.empty());
}

TEST_F(CatalogPackages, CA_24_import_does_not_read_the_file_and_the_first_read_reports_it) {
  const std::string broken = "{ \"schemaVersion\": 1,\n  \"catalog\": \"knacks\" \"entries\": [] }";
  const LoadResult r = package(21, broken);
  ASSERT_TRUE(r.ok()) << describe(r);  // the import is fine (CA-24)
  const CatalogAssetLoad load = read_asset(r);
  EXPECT_TRUE(load.entries.empty());
  ASSERT_TRUE(load.diagnostics.has_errors());
  const Diagnostic& e = load.diagnostics.items().at(0);
  EXPECT_EQ(e.code, Code::JsonSyntax);
  EXPECT_EQ(e.file, "catalogs/knacks.json");
  EXPECT_EQ(e.line, 2);
  // `rulekeeper check` reads every file now, so an author sees the same error.
  const Diagnostics checked = check_catalog_assets(*r.ruleset, *r.manifest, dir);
  ASSERT_EQ(checked.error_count(), 1u);
  EXPECT_EQ(checked.items()[0].code, Code::JsonSyntax);
}

TEST_F(CatalogPackages, CA_93_the_file_is_an_object_with_schemaVersion_catalog_and_entries) {
  const std::string text = "{\n  \"schemaVersion\": 1,\n  \"catalog\": \"knacks\",\n  \"rows\": []\n}";
  const CatalogAssetLoad missing = read_asset(package(21, text));
  ASSERT_EQ(missing.diagnostics.error_count(), 2u);
  EXPECT_EQ(missing.diagnostics.items()[0].code, Code::MissingKey);
  EXPECT_EQ(missing.diagnostics.items()[0].pointer, "");
  EXPECT_EQ(missing.diagnostics.items()[1].code, Code::UnknownKey);
  EXPECT_EQ(missing.diagnostics.items()[1].pointer, "/rows");
  EXPECT_EQ(missing.diagnostics.items()[1].line, 4);
  EXPECT_EQ(missing.diagnostics.items()[1].column, 3);
}

TEST_F(CatalogPackages, CA_22_errors_in_the_file_name_their_entry_and_point_into_the_file) {
  const std::string text = file_with(
      "\n" + road_sense() + ",\n" +
      R"({"id": "last-ember", "label": "Last Ember", "rows": [{"list": "tricks", "values": {"name": "Last Ember"}}]},)" +
      "\n" +
      R"({"id": "long-road", "label": "Long Road", "rows": [{"list": "knacks", "values": {"name": "A road name of more than forty characters"}}]})");
  const CatalogAssetLoad load = read_asset(package(21, text));
  EXPECT_FALSE(load.ok());
  ASSERT_EQ(load.diagnostics.error_count(), 2u);
  struct Want {
    Code code;
    const char* pointer;
    const char* entry;
    const char* needle;
  };
  // The CA-91 header feeds only knacks, so the tricks row is refused (CA-11); the long name does
  // not fit its column (CA-22).
  const Want wants[] = {{Code::UnknownReference, "/entries/1/rows/0/list", "entry `last-ember`", R"("list": "tricks")"},
                        {Code::BadCell, "/entries/2/rows/0/values/name", "entry `long-road`", R"("name": "A road)"}};
  for (std::size_t i = 0; i < 2; ++i) {
    const Diagnostic& e = load.diagnostics.items()[i];
    EXPECT_EQ(e.code, wants[i].code);
    EXPECT_EQ(e.file, "catalogs/knacks.json");
    EXPECT_EQ(e.pointer, wants[i].pointer);
    const auto [line, column] = position_of(text, wants[i].needle);
    EXPECT_EQ(e.line, line) << e.pointer;
    EXPECT_EQ(e.column, column) << e.pointer;
    EXPECT_NE(e.message.find(wants[i].entry), std::string::npos) << e.message;
  }
}

TEST_F(CatalogPackages, CA_16_entry_ids_in_the_file_are_unique) {
  const CatalogAssetLoad load = read_asset(package(21, file_with(road_sense() + ",\n" + road_sense())));
  ASSERT_EQ(load.diagnostics.error_count(), 1u);
  EXPECT_EQ(load.diagnostics.items()[0].code, Code::DuplicateId);
  EXPECT_EQ(load.diagnostics.items()[0].pointer, "/entries/1/id");
  EXPECT_EQ(load.diagnostics.items()[0].line, 2);
}

TEST_F(CatalogPackages, CA_24_good_entries_are_read_from_the_file) {
  const CatalogAssetLoad load = read_asset(package(21, file_with(road_sense() + ", " + road_sense("fire-bolt"))));
  ASSERT_TRUE(load.ok());
  ASSERT_EQ(load.entries.size(), 2u);
  EXPECT_EQ(load.entries[1].id, "fire-bolt");
  EXPECT_EQ(load.entry_index.at("fire-bolt"), 1u);
  EXPECT_EQ(std::get<std::string>(load.entries[0].rows.at(0).values.at("name").value), "Road Sense");
}

TEST_F(CatalogPackages, CA_37_scaled_cells_in_the_file_need_1_23_of_the_package) {
  manifest(21, R"(, "catalogs/tricks.json")");
  write("ruleset.json",
        ruleset_with(R"({"id": "tricks", "label": "Tricks", "feeds": ["tricks"], "asset": "catalogs/tricks.json"})"));
  const std::string text = R"({"schemaVersion": 1, "catalog": "tricks", "entries": [
  {"id": "last-ember", "label": "Last Ember", "rows": [{"list": "tricks", "values": {"name": "Last Ember", "uses": 1},
   "scaled": {"uses": {"from": {"abilityScore": "heart"}}}}]}]})";
  write("catalogs/tricks.json", text);
  const LoadResult r = load_ruleset(dir);
  ASSERT_TRUE(r.ok()) << describe(r);  // the file is not read at import
  const Diagnostics low = check_catalog_assets(*r.ruleset, *r.manifest, dir);
  expect_only_error(low, Code::CapabilityTooLow, "catalogs/tricks.json", "/entries/0/rows/0/scaled", text,
                    R"("scaled")");
  manifest(23, R"(, "catalogs/tricks.json")");
  const LoadResult raised = load_ruleset(dir);
  ASSERT_TRUE(raised.ok()) << describe(raised);
  EXPECT_EQ(check_catalog_assets(*raised.ruleset, *raised.manifest, dir).error_count(), 0u);
}

// ---------------------------------------------------------------------------------------------
// Limits: 2000 entries (CA-5), 2 MB a file (CA-99), 1.340 above 1 MB or a 256 KB ruleset.json
// (CA-100, CA-101).

TEST_F(CatalogPackages, CA_5_a_file_holds_up_to_2000_entries) {
  const auto entries = [](std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += (i ? "," : "") + road_sense("e" + std::to_string(i));
    return file_with(out);
  };
  const CatalogAssetLoad at = read_asset(package(21, entries(2000)));
  EXPECT_TRUE(at.ok());
  EXPECT_EQ(at.entries.size(), 2000u);
  const CatalogAssetLoad over = read_asset(package(21, entries(2001)));
  ASSERT_EQ(over.diagnostics.error_count(), 1u);
  EXPECT_EQ(over.diagnostics.items()[0].code, Code::TooMany);
  EXPECT_EQ(over.diagnostics.items()[0].pointer, "/entries");
  EXPECT_EQ(over.diagnostics.items()[0].file, "catalogs/knacks.json");
  EXPECT_TRUE(over.entries.empty());
}

TEST_F(CatalogPackages, CA_101_a_catalog_file_above_1_MB_needs_1_340) {
  constexpr std::size_t kMiB = 1024 * 1024;
  const LoadResult at = package(21, padded(kEmptyFile, kMiB));
  ASSERT_TRUE(at.ok()) << describe(at);
  EXPECT_EQ(at.requires_version.value_or(""), "1.21");

  const LoadResult low = package(339, padded(kEmptyFile, kMiB + 1));
  EXPECT_FALSE(low.ok());
  expect_only_error(low.diagnostics, Code::CapabilityTooLow, "ruleset.json", "/catalogs/0/asset",
                    ruleset_with(kAssetHeader), R"("asset")");
  EXPECT_EQ(low.requires_version.value_or(""), "1.340");

  const LoadResult raised = package(340, padded(kEmptyFile, kMiB + 1));
  ASSERT_TRUE(raised.ok()) << describe(raised);
  EXPECT_EQ(raised.requires_version.value_or(""), "1.340");
  EXPECT_TRUE(read_asset(raised).ok());
}

TEST_F(CatalogPackages, CA_99_a_catalog_file_is_at_most_2_MB) {
  constexpr std::size_t kMiB = 1024 * 1024;
  const CatalogAssetLoad at = read_asset(package(340, padded(kEmptyFile, 2 * kMiB)));
  EXPECT_TRUE(at.ok()) << at.diagnostics.error_count();
  // Its size is known without reading it, so a larger file is refused at import (decisions.md).
  const LoadResult over = package(340, padded(kEmptyFile, 2 * kMiB + 1));
  EXPECT_FALSE(over.ok());
  EXPECT_TRUE(test::has_error(over, Code::FileTooLarge, "/catalogs/0/asset")) << describe(over);
}

TEST_F(CatalogPackages, CA_101_a_package_ruleset_json_above_256_KB_needs_1_340) {
  constexpr std::size_t kKiB = 1024;
  const std::string text = test::reference_top(ruleset_with(kAssetHeader));  // complete before padding
  write("catalogs/knacks.json", kEmptyFile);
  manifest(21);
  write("ruleset.json", padded(text, 256 * kKiB));
  const LoadResult at = load_ruleset(dir);
  ASSERT_TRUE(at.ok()) << describe(at);
  EXPECT_EQ(at.requires_version.value_or(""), "1.21");

  manifest(339);
  write("ruleset.json", padded(text, 256 * kKiB + 1));
  const LoadResult low = load_ruleset(dir);
  EXPECT_FALSE(low.ok());
  EXPECT_TRUE(test::has_error(low, Code::CapabilityTooLow, "")) << describe(low);
  EXPECT_EQ(low.diagnostics.error_count(), 1u) << describe(low);
  EXPECT_EQ(low.requires_version.value_or(""), "1.340");

  manifest(340);
  const LoadResult raised = load_ruleset(dir);
  ASSERT_TRUE(raised.ok()) << describe(raised);
  EXPECT_EQ(raised.requires_version.value_or(""), "1.340");
}

}  // namespace
}  // namespace rk
