// The Low Reach example package (rulesets/examples/low-reach, listed in docs/format/README.md)
// stays true: it is accepted, its finished character reads and shows what its README says, and
// its builder actions build that character from a blank sheet through the command.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "support/cli.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

namespace bj = boost::json;
namespace fs = std::filesystem;

constexpr const char* kPackage = "rulesets/examples/low-reach";

std::string package() { return test::source_path(kPackage); }
std::string package_file(const std::string& name) { return test::source_path(std::string(kPackage) + "/" + name); }

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The values of one column over the rows of a list, in a set (row order is not what is tested).
std::set<std::string> column(const bj::value& rows, const char* column_id) {
  std::set<std::string> out;
  for (const auto& row : rows.as_array()) {
    const bj::string& cell = row.at(column_id).as_string();
    out.emplace(cell.data(), cell.size());
  }
  return out;
}

TEST(DocsExamplePackage, the_package_and_its_separate_catalog_file_are_accepted) {
  const LoadResult r = load_ruleset(package());
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_FALSE(r.diagnostics.has_errors()) << test::describe(r);
  EXPECT_EQ(r.ruleset->id, "low-reach");
  ASSERT_TRUE(r.requires_version.has_value());
  EXPECT_EQ(*r.requires_version, "1.109");  // an entry `fits`, the highest gate the package uses
  ASSERT_TRUE(r.manifest.has_value());
  EXPECT_EQ(r.manifest->capability_minor, 109);  // the manifest declares exactly what the content needs

  // `check` also reads catalogs/knacks.json, so an error there would show here.
  const auto check = test::run_cli("check " + package() + " --json");
  ASSERT_EQ(check.exit_code, 0) << check.out;
  const bj::value out = bj::parse(check.out);
  EXPECT_EQ(out.at("ok"), true);
  EXPECT_EQ(out.at("requires"), "1.109");
  EXPECT_TRUE(out.at("errors").as_array().empty()) << check.out;
  EXPECT_TRUE(out.at("warnings").as_array().empty()) << check.out;

  const auto text = test::run_cli("check " + package());
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("ok: The Low Reach (low-reach) is valid"), std::string::npos) << text.out;
}

TEST(DocsExamplePackage, the_finished_character_reads_without_a_warning_and_shows_its_numbers) {
  const LoadResult r = load_ruleset(package());
  ASSERT_TRUE(r.ok()) << test::describe(r);
  Diagnostics d;
  const auto wren = parse_character(*r.ruleset, read(package_file("characters/wren.json")), "wren.json", d);
  ASSERT_TRUE(wren.has_value());
  EXPECT_TRUE(d.items().empty()) << (d.items().empty() ? "" : d.items().front().message);
  EXPECT_EQ(wren->name, "Wren Tallow");

  const auto sheet = test::run_cli("sheet " + package() + " " + package_file("characters/wren.json") + " --json");
  ASSERT_EQ(sheet.exit_code, 0) << sheet.out;
  const bj::value s = bj::parse(sheet.out);
  EXPECT_EQ(s.at("fields").at("landing"), "Mill Quay");
  EXPECT_EQ(s.at("fields").at("craft"), "barge");
  EXPECT_EQ(s.at("fields").at("boat"), "Grey Heron");
  EXPECT_EQ(s.at("abilities").at("pull").at("score"), 4);
  EXPECT_EQ(s.at("abilities").at("pull").at("adjust"), -1);  // Sluggish rides on every Pull roll
  EXPECT_EQ(s.at("skills").at("row").at("tier"), "handy");
  EXPECT_EQ(s.at("skills").at("row").at("mod"), 5);  // Pull 4 + Handy 1
  EXPECT_EQ(s.at("skills").at("haggle").at("mod"), 3);
  EXPECT_EQ(s.at("derived").at("hold"), 6);
  EXPECT_EQ(s.at("derived").at("load"), 8);
  EXPECT_EQ(s.at("derived").at("sluggish"), -1);
  EXPECT_EQ(s.at("pools").at("luck").at("current"), 1);
  EXPECT_EQ(s.at("pools").at("luck").at("max"), 2);
  EXPECT_EQ(s.at("tracks").at("heat").at("value"), 2);
  EXPECT_EQ(column(s.at("lists").at("knacks"), "name"), (std::set<std::string>{"Fog Sense", "River Lungs"}));
  EXPECT_TRUE(s.at("warnings").as_array().empty()) << sheet.out;

  const auto explain =
      test::run_cli("sheet " + package() + " " + package_file("characters/wren.json") + " --explain load");
  ASSERT_EQ(explain.exit_code, 0) << explain.out;
  EXPECT_NE(explain.out.find("derived value `load` = 8"), std::string::npos) << explain.out;
}

TEST(DocsExamplePackage, the_builder_actions_build_the_finished_character_from_a_blank_sheet) {
  const fs::path dir = fs::temp_directory_path() / ("rk_example_package_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto blank = test::run_cli("new " + package());
  ASSERT_EQ(blank.exit_code, 0) << blank.out;
  std::ofstream(dir / "blank.json") << blank.out;

  const auto built = test::run_cli("build " + package() + " " + (dir / "blank.json").string() + " --actions " +
                                   package_file("actions.json") + " --json --out " + (dir / "out.json").string());
  ASSERT_EQ(built.exit_code, 0) << built.out;
  const bj::value out = bj::parse(built.out);
  EXPECT_EQ(out.at("mode"), "guided");
  for (const auto& step : out.at("steps").as_array()) EXPECT_EQ(step.at("badge"), 0) << bj::serialize(step);

  const bj::value& build = out.at("character").at("build");
  EXPECT_EQ(build.at("fields").at("landing"), "Mill Quay");
  EXPECT_EQ(build.at("fields").at("craft"), "barge");
  EXPECT_EQ(build.at("fields").at("hull"), 4);
  EXPECT_EQ(build.at("fields").at("boat"), "Grey Heron");
  EXPECT_EQ(build.at("fields").at("debt"), 12);
  EXPECT_EQ(build.at("abilities").at("pull"), 4);
  EXPECT_EQ(build.at("abilities").at("nerve"), 1);
  EXPECT_EQ(build.at("skills").at("row"), "handy");     // Mill Quay trains Row
  EXPECT_EQ(build.at("skills").at("haggle"), "handy");  // the origin's skill choice
  EXPECT_EQ(build.at("skills").at("swim"), "handy");    // the River Lungs knack
  EXPECT_EQ(column(build.at("lists").at("knacks"), "name"), (std::set<std::string>{"Fog Sense", "River Lungs"}));
  EXPECT_EQ(column(build.at("lists").at("cargo"), "name"),
            (std::set<std::string>{"Tow rope", "Spare sweep oar", "Flour sacks with a false seam"}));
  EXPECT_EQ(column(build.at("lists").at("cargo"), "_catalog"), (std::set<std::string>{"outfits/bargees-outfit"}));
  EXPECT_EQ(out.at("sheet").at("derived").at("load"), 8);
  EXPECT_EQ(out.at("sheet").at("skills").at("row").at("mod"), 5);

  // characters/wren.json is this build, given a name and a night's live state.
  const bj::value wren = bj::parse(read(package_file("characters/wren.json")));
  EXPECT_EQ(wren.at("build"), build);
  EXPECT_EQ(wren.at("builder"), out.at("character").at("builder"));
  EXPECT_EQ(bj::parse(read(dir / "out.json")).at("build"), build);

  // The text listing prints each step with its badge, so the actions can be written from it.
  const auto listing = test::run_cli("build " + package() + " " + (dir / "blank.json").string());
  EXPECT_EQ(listing.exit_code, 0);
  EXPECT_NE(listing.out.find("origin"), std::string::npos) << listing.out;
  EXPECT_NE(listing.out.find("mill-quay"), std::string::npos) << listing.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace rk
