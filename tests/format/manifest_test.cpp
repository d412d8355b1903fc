// Package manifests (DESIGN "Documents"; SH-86 and the Capability API table): the keys a manifest
// needs, the versions this engine implements, and the asset paths it lists.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "support/load.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;

const std::string kRuleset = R"({"id": "pkg", "label": "Package", "sheet": {}})";
const std::string kAssets = R"("contributions": {"assets": {"paths": ["ruleset.json"]}})";

bool has_error_in(const LoadResult& r, Code code, std::string_view pointer, std::string_view file) {
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity == Severity::Error && d.code == code && d.pointer == pointer && d.file == file) return true;
  }
  return false;
}

LoadResult load_manifest(const std::string& manifest_text) { return test::load_package(manifest_text, kRuleset); }

/// A folder under the system temp directory, removed when the test ends.
TEST(Manifest, SH_86_a_complete_manifest_is_accepted) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}");
  EXPECT_TRUE(r.ok()) << test::describe(r);
  ASSERT_TRUE(r.manifest.has_value());
  EXPECT_EQ(r.manifest->schema_version, 2);
  EXPECT_EQ(r.manifest->capability_minor, 0);
  EXPECT_EQ(r.manifest->asset_paths, std::vector<std::string>{"ruleset.json"});
}

TEST(Manifest, SH_86_id_label_version_and_other_keys_are_accepted) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 3}, )" + kAssets +
                    R"(, "id": "gravewatch", "label": "Gravewatch", "version": "1.0.0", "author": "A. Warden"})");
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_TRUE(r.diagnostics.items().empty()) << test::describe(r);
}

TEST(Manifest, SH_86_missing_schemaVersion_is_refused) {
  const LoadResult r = load_manifest(R"({"capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::MissingKey, "", "manifest.json")) << test::describe(r);
}

TEST(Manifest, SH_86_missing_capabilityApi_is_refused) {
  const LoadResult r = load_manifest(R"({"schemaVersion": 2, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::MissingKey, "", "manifest.json")) << test::describe(r);
}

TEST(Manifest, SH_86_missing_major_or_minor_is_refused) {
  const LoadResult r = load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"minor": 0}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::MissingKey, "/capabilityApi", "manifest.json")) << test::describe(r);
  const LoadResult r2 = load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 1}, )" + kAssets + "}");
  EXPECT_FALSE(r2.ok());
  EXPECT_TRUE(has_error_in(r2, Code::MissingKey, "/capabilityApi", "manifest.json")) << test::describe(r2);
}

TEST(Manifest, SH_86_capabilityApi_is_strict) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0, "patch": 2}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::UnknownKey, "/capabilityApi/patch", "manifest.json")) << test::describe(r);
}

TEST(Manifest, SH_86_missing_contributions_is_refused) {
  const LoadResult r = load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::MissingKey, "", "manifest.json")) << test::describe(r);
}

TEST(Manifest, SH_86_missing_assets_or_paths_is_refused) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {}})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::MissingKey, "/contributions", "manifest.json")) << test::describe(r);
  const LoadResult r2 = load_manifest(
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {}}})");
  EXPECT_FALSE(r2.ok());
  EXPECT_TRUE(has_error_in(r2, Code::MissingKey, "/contributions/assets", "manifest.json")) << test::describe(r2);
}

TEST(Manifest, SH_86_other_contribution_kinds_pass_with_a_warning) {
  const LoadResult r = load_manifest(
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {"paths": ["ruleset.json"]}, "layers": []}})");
  EXPECT_TRUE(r.ok()) << test::describe(r);
  ASSERT_EQ(r.diagnostics.items().size(), 1u) << test::describe(r);
  EXPECT_EQ(r.diagnostics.items()[0].code, Code::IgnoredKey);
  EXPECT_EQ(r.diagnostics.items()[0].severity, Severity::Warning);
  EXPECT_EQ(r.diagnostics.items()[0].pointer, "/contributions/layers");
}

TEST(Manifest, SH_86_assets_are_strict) {
  const LoadResult r = load_manifest(
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {"paths": ["ruleset.json"], "files": []}}})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::UnknownKey, "/contributions/assets/files", "manifest.json")) << test::describe(r);
}

TEST(Manifest, SH_86_schemaVersion_3_is_refused) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 3, "capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::BadManifest, "/schemaVersion", "manifest.json")) << test::describe(r);
  const LoadResult zero =
      load_manifest(R"({"schemaVersion": 0, "capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}");
  EXPECT_TRUE(has_error_in(zero, Code::BadManifest, "/schemaVersion", "manifest.json")) << test::describe(zero);
}

TEST(Manifest, SH_86_schemaVersion_must_be_an_integer) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": "2", "capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::WrongType, "/schemaVersion", "manifest.json")) << test::describe(r);
  const LoadResult r2 =
      load_manifest(R"({"schemaVersion": 1.5, "capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}");
  EXPECT_TRUE(has_error_in(r2, Code::BadNumber, "/schemaVersion", "manifest.json")) << test::describe(r2);
}

TEST(Manifest, SH_86_major_2_is_refused) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 2, "minor": 0}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::BadManifest, "/capabilityApi/major", "manifest.json")) << test::describe(r);
}

TEST(Manifest, SH_86_negative_minor_is_refused) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": -1}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::BadManifest, "/capabilityApi/minor", "manifest.json")) << test::describe(r);
}

TEST(Manifest, SH_86_paths_not_listing_ruleset_json_are_refused) {
  const LoadResult r = load_manifest(
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {"paths": ["catalogs/items.json"]}}})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::AssetNotListed, "/contributions/assets/paths", "manifest.json"))
      << test::describe(r);
}

TEST(Manifest, SH_86_a_path_leaving_the_package_is_refused) {
  const LoadResult r = load_manifest(
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {"paths":
          ["ruleset.json", "../secrets.json", "/etc/passwd", "catalogs\\a.json", "C:x.json", "./ruleset.json", "", 7]}}})");
  EXPECT_FALSE(r.ok());
  for (int i = 1; i <= 7; ++i) {
    const std::string pointer = "/contributions/assets/paths/" + std::to_string(i);
    EXPECT_TRUE(has_error_in(r, Code::BadAssetPath, pointer, "manifest.json")) << pointer << "\n" << test::describe(r);
  }
  EXPECT_FALSE(has_error_in(r, Code::BadAssetPath, "/contributions/assets/paths/0", "manifest.json"));
}

TEST(Manifest, SH_86_a_path_listed_twice_is_refused) {
  const LoadResult r = load_manifest(
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {"paths": ["ruleset.json", "ruleset.json"]}}})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::DuplicateId, "/contributions/assets/paths/1", "manifest.json"))
      << test::describe(r);
}

TEST(Manifest, SH_86_manifest_syntax_error_names_the_manifest) {
  const LoadResult r = load_manifest("{\"schemaVersion\": 2,\n \"capabilityApi\": }");
  EXPECT_FALSE(r.ok());
  ASSERT_FALSE(r.diagnostics.items().empty());
  const Diagnostic& d = r.diagnostics.items()[0];
  EXPECT_EQ(d.code, Code::JsonSyntax);
  EXPECT_EQ(d.file, "manifest.json");
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.column, 19);
}

TEST(Manifest, SH_86_a_manifest_error_refuses_a_valid_ruleset) {
  const LoadResult r =
      load_manifest(R"({"schemaVersion": 2, "capabilityApi": {"major": 2, "minor": 0}, )" + kAssets + "}");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics.error_count(), 1u) << test::describe(r);
}

TEST(Manifest, SH_86_ruleset_errors_name_the_ruleset_file) {
  const LoadResult r =
      test::load_package(R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}",
                         R"({"id": "pkg", "label": "Package", "sheet": {}, "extra": 1})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::UnknownKey, "/extra", "ruleset.json")) << test::describe(r);
}

TEST(Manifest, SH_86_package_folder_loads_from_disk) {
  test::TempFolder pkg;
  pkg.write("manifest.json", R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 143}, )" + kAssets + "}");
  pkg.write("ruleset.json", R"({"id": "pkg", "label": "Package", "sheet": {}, "clocks": {}})");
  const LoadResult r = load_ruleset(pkg.path());
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.143");
}

TEST(Manifest, SH_86_a_listed_file_that_is_missing_is_refused) {
  test::TempFolder pkg;
  pkg.write(
      "manifest.json",
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/items.json"]}}})");
  pkg.write("ruleset.json", kRuleset);
  const LoadResult r = load_ruleset(pkg.path());
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(has_error_in(r, Code::AssetMissing, "/contributions/assets/paths/1", "manifest.json"))
      << test::describe(r);
  EXPECT_EQ(r.diagnostics.error_count(), 1u) << test::describe(r);
  pkg.write("catalogs/items.json", "{}");
  const LoadResult fixed = load_ruleset(pkg.path());
  EXPECT_TRUE(fixed.ok()) << test::describe(fixed);
}

TEST(Manifest, SH_86_a_folder_without_manifest_is_refused) {
  test::TempFolder pkg;
  pkg.write("ruleset.json", kRuleset);
  const LoadResult r = load_ruleset(pkg.path());
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(test::has_error(r, Code::ManifestMissing, "")) << test::describe(r);
}

TEST(Manifest, SH_86_a_package_without_ruleset_json_is_refused) {
  test::TempFolder pkg;
  pkg.write("manifest.json", R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, )" + kAssets + "}");
  const LoadResult r = load_ruleset(pkg.path());
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(test::has_code(r, Code::AssetMissing)) << test::describe(r);
}

TEST(Manifest, SH_86_a_missing_path_is_an_io_failure) {
  const LoadResult r = load_ruleset(fs::temp_directory_path() / "rk-no-such-ruleset-here.json");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.io_failure);
  EXPECT_TRUE(test::has_code(r, Code::IoError)) << test::describe(r);
}

TEST(Manifest, SH_86_a_single_file_needs_no_manifest_whatever_it_uses) {
  test::TempFolder pkg;
  pkg.write("ruleset.json", R"({"id": "pkg", "label": "Package", "sheet": {}, "gmReference": "Judge kindly."})");
  const LoadResult r = load_ruleset(pkg.path() / "ruleset.json");
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_FALSE(r.manifest.has_value());
  EXPECT_EQ(r.requires_version.value_or(""), "1.145");
}

}  // namespace
}  // namespace rk
