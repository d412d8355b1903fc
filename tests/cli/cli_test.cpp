// The `rulekeeper` command's contracts: exit codes, `--json` shapes, `--explain`, `new`.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "support/cli.hpp"
#include "support/reference_top.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;
namespace bj = boost::json;

using CliRun = test::CliOutput;

CliRun run(const std::string& args) { return test::run_cli(args); }

class Cli : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) { return folder.write(name, text); }
  test::TempFolder folder{"rk_cli"};
  const fs::path& dir = folder.path();
};

const char* kValid = R"({"id": "mini", "label": "Mini",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "none", "label": "None"}, {"id": "pro", "label": "Pro", "flat": 2}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [{"id": "str", "label": "Strength", "min": 1, "max": 20, "default": 10}],
    "skills": [{"id": "athletics", "label": "Athletics", "ability": "str", "untrained": "refuse"}],
    "fields": [{"id": "kind", "label": "Kind", "type": "enum", "values": ["mage", "brute"]}],
    "live": {"pools": [{"id": "mana", "label": "Mana", "max": 5, "hideWhen": {"field": "kind", "notEquals": "mage"}}],
             "tracks": [{"id": "harm", "label": "Harm", "min": 0, "max": 2, "levels": [{"label": "Hurt", "penalty": -1}, {"label": "Down", "penalty": -5}],
                         "kinds": [{"id": "cut", "label": "C", "severity": 0}]}]}}})";

TEST_F(Cli, check_exits_0_and_reports_requires_for_a_valid_file) {
  const CliRun r = run("check " + write("ruleset.json", kValid) + " --json");
  EXPECT_EQ(r.exit_code, 0);
  const bj::value v = bj::parse(r.out);
  EXPECT_TRUE(v.at("ok").as_bool());
  EXPECT_EQ(v.at("requires").as_string(), "1.41");  // untrained is the highest gate used
  EXPECT_TRUE(v.at("errors").as_array().empty());
  EXPECT_TRUE(v.at("warnings").is_array());
}

TEST_F(Cli, check_exits_1_with_every_error_as_json) {
  const CliRun r = run("check " +
                       write("ruleset.json",
                             R"({"id": "bad", "label": "Bad", "sheet": {"skills": [{"id": "a", "ability": "nope"}]},
  "extra": 1})") + " --json");
  EXPECT_EQ(r.exit_code, 1);
  const bj::value v = bj::parse(r.out);
  EXPECT_FALSE(v.at("ok").as_bool());
  const auto& errors = v.at("errors").as_array();
  ASSERT_EQ(errors.size(), 3u) << r.out;  // unknown key, unknown ability, label missing
  std::set<std::string> codes;
  for (const auto& e : errors) {
    codes.insert(std::string(e.at("code").as_string()));
    EXPECT_TRUE(e.at("message").is_string());
    EXPECT_TRUE(e.at("pointer").is_string());
    EXPECT_GT(e.at("line").as_int64(), 0);
    EXPECT_GT(e.at("column").as_int64(), 0);
  }
  EXPECT_EQ(codes, (std::set<std::string>{"unknown-key", "unknown-reference", "missing-key"}));
  EXPECT_EQ(v.at("requires").as_string(), "1.0");
}

TEST_F(Cli, check_reports_the_line_and_column_of_a_syntax_error) {
  const CliRun r = run("check " + write("ruleset.json", "{\n  \"id\": \"x\",\n  \"label\": \"X\",,\n}") + " --json");
  EXPECT_EQ(r.exit_code, 1);
  const bj::value v = bj::parse(r.out);
  const auto& e = v.at("errors").as_array().at(0);
  EXPECT_EQ(e.at("code").as_string(), "json-syntax");
  EXPECT_EQ(e.at("line").as_int64(), 3);
  EXPECT_EQ(e.at("column").as_int64(), 16);          // the second comma
  EXPECT_FALSE(v.as_object().contains("requires"));  // the file did not parse
}

TEST_F(Cli, check_exits_2_on_a_missing_file_and_on_bad_usage) {
  EXPECT_EQ(run("check " + (dir / "absent.json").string()).exit_code, 2);
  EXPECT_EQ(run("check").exit_code, 2);
  EXPECT_EQ(run("frobnicate").exit_code, 2);
}

TEST_F(Cli, check_reads_a_package_and_refuses_one_that_declares_too_little) {
  write("pkg/ruleset.json", kValid);
  write(
      "pkg/manifest.json",
      R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 40}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})");
  const CliRun low = run("check " + (dir / "pkg").string() + " --json");
  EXPECT_EQ(low.exit_code, 1);
  const bj::value v = bj::parse(low.out);
  const auto& e = v.at("errors").as_array().at(0);
  EXPECT_EQ(e.at("code").as_string(), "capability-too-low");
  EXPECT_EQ(e.at("pointer").as_string(), "/sheet/skills/0/untrained");
  EXPECT_EQ(e.at("file").as_string(), "ruleset.json");
  write(
      "pkg/manifest.json",
      R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 41}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})");
  EXPECT_EQ(run("check " + (dir / "pkg").string()).exit_code, 0);
  fs::remove(dir / "pkg" / "manifest.json");
  EXPECT_EQ(run("check " + (dir / "pkg").string() + " --json").exit_code, 1);
}

TEST_F(Cli, sheet_prints_the_computed_sheet_as_json) {
  const std::string ruleset = write("ruleset.json", kValid);
  const std::string character =
      write("c.json", R"({"v": 1, "name": "Bo", "build": {"fields": {"kind": "brute"}, "abilities": {"str": 15}},
    "live": {"wounds": {"harm": {"marks": ["cut"]}}}})");
  const CliRun r = run("sheet " + ruleset + " " + character + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const bj::value v = bj::parse(r.out);
  EXPECT_EQ(v.at("abilities").at("str").at("score").as_int64(), 15);
  EXPECT_EQ(v.at("abilities").at("str").at("mod").as_int64(), 2);
  EXPECT_EQ(v.at("skills").at("athletics").at("tier").as_string(), "none");
  EXPECT_TRUE(v.at("skills").at("athletics").at("mod").is_null());  // untrained and refused
  EXPECT_EQ(v.at("fields").at("kind").as_string(), "brute");
  EXPECT_EQ(v.at("hidden").as_array().at(0).as_string(), "mana");
  EXPECT_EQ(v.at("pools").at("mana").at("current").as_int64(), 5);
  EXPECT_EQ(v.at("pools").at("mana").at("max").as_int64(), 5);
  EXPECT_EQ(v.at("tracks").at("harm").at("value").as_int64(), 1);
  EXPECT_EQ(v.at("tracks").at("harm").at("max").as_int64(), 2);
  EXPECT_EQ(v.at("tracks").at("harm").at("penalty").as_int64(), -1);
  EXPECT_TRUE(v.at("derived").is_object());
  EXPECT_TRUE(v.at("states").is_object());
  EXPECT_TRUE(v.at("saves").is_object());
}

TEST_F(Cli, sheet_refuses_a_bad_character_with_error_objects) {
  const std::string ruleset = write("ruleset.json", kValid);
  const CliRun r = run("sheet " + ruleset + " " +
                       write("c.json", R"({"v": 1, "build": {"abilities": {"str": 21, "dex": 3}}})") + " --json");
  EXPECT_EQ(r.exit_code, 1);
  const bj::value v = bj::parse(r.out);
  const auto& errors = v.at("errors").as_array();
  // `dex` is not declared: kept with a warning, so the one error is `str`'s.
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors.at(0).at("code").as_string(), "out-of-range");
  EXPECT_EQ(errors.at(0).at("pointer").as_string(), "/build/abilities/str");
  EXPECT_EQ(errors.at(0).at("line").as_int64(), 1);
}

TEST_F(Cli, sheet_explain_prints_the_terms_of_a_value) {
  const std::string ruleset = write("ruleset.json", kValid);
  const std::string character =
      write("c.json", R"({"v": 1, "build": {"abilities": {"str": 15}, "skills": {"athletics": "pro"}}})");
  const CliRun r = run("sheet " + ruleset + " " + character + " --explain athletics");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("skill `athletics` modifier (tier `pro`) = 4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ability `str` modifier"), std::string::npos) << r.out;
  EXPECT_EQ(run("sheet " + ruleset + " " + character + " --explain nothing").exit_code, 1);
}

TEST_F(Cli, new_prints_a_blank_character_that_reads_back) {
  const std::string ruleset = write("ruleset.json", kValid);
  const CliRun r = run("new " + ruleset);
  ASSERT_EQ(r.exit_code, 0);
  const bj::value v = bj::parse(r.out);
  EXPECT_EQ(v.at("v").as_int64(), 1);
  EXPECT_EQ(v.at("ruleset").as_string(), "mini");
  EXPECT_TRUE(v.at("builder").is_object());
  const std::string blank = write("blank.json", r.out);
  EXPECT_EQ(run("sheet " + ruleset + " " + blank + " --json").exit_code, 0);
}

}  // namespace
}  // namespace rk
