// Issue 9 point 8, "crashes": inputs that ended in std::terminate. Each must end with a diagnostic
// and exit 1 (refused) or 2 (cannot read), never with a signal.
#include "hostile/support.hpp"

namespace rk::hostile {
namespace {

class HostileCrash : public HostileFixture {
 protected:
  void SetUp() override {
    HostileFixture::SetUp();
    write("pkg/manifest.json", kManifest);
    write("pkg/ruleset.json", kRuleset);
    write("pkg/catalogs/knacks.json", kCatalog);
  }
};

TEST_F(HostileCrash, the_package_fixture_itself_is_valid) {
  const Outcome r = run("check " + path("pkg"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(HostileCrash, manifest_that_is_a_symlink_loop_is_an_io_error) {
  fs::remove(dir / "pkg/manifest.json");
  fs::create_symlink("manifest.json", dir / "pkg/manifest.json");
  const Outcome r = run("check " + path("pkg"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("error[io-error]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("manifest.json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("symbolic links"), std::string::npos) << r.err;
}

TEST_F(HostileCrash, ruleset_that_is_a_symlink_loop_is_an_io_error) {
  fs::remove(dir / "pkg/ruleset.json");
  fs::create_symlink("ruleset.json", dir / "pkg/ruleset.json");
  const Outcome r = run("check " + path("pkg"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("error[io-error]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ruleset.json"), std::string::npos) << r.err;
}

TEST_F(HostileCrash, single_file_ruleset_that_is_a_symlink_loop_is_an_io_error) {
  fs::create_symlink("loop.json", dir / "loop.json");
  const Outcome r = run("check " + path("loop.json"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("error[io-error]"), std::string::npos) << r.err;
}

TEST_F(HostileCrash, catalog_file_that_is_a_symlink_loop_is_refused_as_missing) {
  fs::remove(dir / "pkg/catalogs/knacks.json");
  fs::create_symlink("knacks.json", dir / "pkg/catalogs/knacks.json");
  const Outcome r = run("check " + path("pkg"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("error[asset-missing]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("catalogs/knacks.json"), std::string::npos) << r.err;
  const Outcome picker = run("catalog " + path("pkg") + " knacks");
  EXPECT_EQ(picker.exit_code, 1) << picker.err;
  EXPECT_EQ(picker.out, "");
}

TEST_F(HostileCrash, asset_path_with_a_300_character_segment_is_refused) {
  const std::string segment(300, 'a');
  write("pkg/manifest.json", R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 21},
    "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/)" +
                                 segment + R"(.json"]}}})");
  const Outcome r = run("check " + path("pkg"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("error[asset-missing]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/contributions/assets/paths/1"), std::string::npos) << r.err;
}

TEST_F(HostileCrash, asset_path_through_a_folder_that_links_to_itself_is_refused) {
  fs::create_symlink("loop", dir / "pkg/loop");
  write("pkg/manifest.json", R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 21},
    "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/knacks.json", "loop/knacks.json"]}}})");
  const Outcome r = run("check " + path("pkg"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("error[asset-missing]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/contributions/assets/paths/2"), std::string::npos) << r.err;
}

TEST_F(HostileCrash, package_path_through_a_file_is_an_io_error) {
  const Outcome r = run("check " + path("pkg/ruleset.json/inner"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("error[io-error]"), std::string::npos) << r.err;
}

TEST_F(HostileCrash, rulesets_folder_that_is_a_symlink_loop_is_only_a_lender_not_found) {
  write("borrower.json", R"({"id": "b", "label": "B", "sheet": {"lists": [{"id": "knacks", "label": "Knacks",
    "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 20}]}]},
    "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "from": {"ruleset": "roads", "catalog": "knacks"}}]})");
  const Outcome loaded = run("check " + path("borrower.json"));
  ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
  fs::create_symlink("installed", dir / "installed");
  const Outcome r = run("catalog " + path("borrower.json") + " knacks --rulesets " + path("installed"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("not installed"), std::string::npos) << r.err;
}

TEST_F(HostileCrash, symlink_loop_inside_the_rulesets_folder_is_skipped) {
  write("borrower.json", R"({"id": "b", "label": "B", "sheet": {"lists": [{"id": "knacks", "label": "Knacks",
    "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 20}]}]},
    "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "from": {"ruleset": "roads", "catalog": "knacks"}}]})");
  fs::create_directories(dir / "installed");
  fs::create_symlink("a-loop", dir / "installed/a-loop");
  fs::create_symlink("a-loop.json", dir / "installed/a-loop.json");
  fs::create_directory_symlink(dir / "pkg", dir / "installed/roads");
  const Outcome r = run("catalog " + path("borrower.json") + " knacks --rulesets " + path("installed"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("road-sense"), std::string::npos) << r.out << r.err;
}

TEST_F(HostileCrash, catalog_row_into_a_list_the_ruleset_never_declares_is_refused) {
  const Outcome r = run("check " + corpus("catalog_row_into_undeclared_list.json"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("error[unknown-reference]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("`x`"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rk::hostile
