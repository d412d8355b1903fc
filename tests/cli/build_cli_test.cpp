// `rulekeeper build`: the contract a front end relies on (docs/format/builder.md "rulekeeper build").
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "builder/fixture.hpp"
#include "support/cli.hpp"
#include "support/reference_top.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace bj = boost::json;

class BuildCli : public ::testing::Test {
 protected:
  void SetUp() override {
    write("ruleset.json", builder_test::ruleset_json());
    write("blank.json", R"({"v": 1, "build": {}})");
  }
  std::string write(const std::string& name, const std::string& text) { return folder_.write(name, text); }
  std::string path(const std::string& name) const { return folder_.file(name); }

  test::TempFolder folder_{"rk_build_cli"};
  const std::filesystem::path& dir_ = folder_.path();
};

TEST_F(BuildCli, applies_actions_in_order_and_prints_character_steps_and_sheet) {
  write("actions.json", R"([{"step": "race", "pick": "half-elf"},
                            {"step": "scores", "choose": "race/half-elf/abilities/0", "values": ["dex", "con"]},
                            {"step": "class", "pick": "wizard"}])");
  const auto r = test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                               path("actions.json") + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const bj::value out = bj::parse(r.out);
  EXPECT_EQ(out.at("character").at("build").at("fields").at("race"), "Half-Elf");
  EXPECT_EQ(out.at("character").at("build").at("abilities").at("cha"), 10);
  EXPECT_EQ(out.at("mode"), "guided");
  const auto& steps = out.at("steps").as_array();
  EXPECT_EQ(steps.at(0).at("id"), "race");
  EXPECT_EQ(steps.at(0).at("badge"), 0);
  EXPECT_EQ(steps.at(0).at("kind"), "catalog");
  EXPECT_TRUE(steps.at(0).at("shown").as_bool());
  EXPECT_TRUE(steps.at(0).at("offers").is_array());
  EXPECT_EQ(out.at("sheet").at("abilities").at("cha").at("score"), 10);
  EXPECT_EQ(out.at("preview").at("summary").at("speed"), 30);
}

TEST_F(BuildCli, a_seeded_roll_is_the_same_every_run_and_recorded_with_its_faces) {
  write("roll.json", R"([{"step": "scores", "method": "roll"}, {"step": "scores", "roll": true}])");
  const std::string cmd = "build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                          path("roll.json") + " --seed 42 --json";
  const auto a = test::run_cli(cmd);
  const auto b = test::run_cli(cmd);
  ASSERT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  const auto rolls = bj::parse(a.out).at("character").at("builder").at("steps").at("scores").at("rolls").as_array();
  ASSERT_EQ(rolls.size(), 6u);
  EXPECT_EQ(rolls[0].at("faces").as_array().size(), 4u);
  const auto other = test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                                   path("roll.json") + " --seed 43 --json");
  EXPECT_NE(bj::parse(other.out).at("character").at("builder"), bj::parse(a.out).at("character").at("builder"));
}

TEST_F(BuildCli, a_refused_action_exits_1_with_its_code_and_changes_nothing) {
  write("bad.json", R"([{"step": "race", "pick": "half-elf"}, {"step": "race", "pick": "hill-dwarf"}])");
  const auto r = test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                               path("bad.json") + " --json --out " + path("out.json"));
  EXPECT_EQ(r.exit_code, 1);
  const bj::value out = bj::parse(r.out);
  EXPECT_EQ(out.at("ok"), false);
  EXPECT_EQ(out.at("errors").at(0).at("code"), "not-offered");
  EXPECT_EQ(out.at("errors").at(0).at("pointer"), "/1/pick");
  EXPECT_FALSE(std::filesystem::exists(path("out.json")));
}

TEST_F(BuildCli, out_writes_a_character_that_reopens_the_same) {
  write("actions.json", R"({"step": "race", "pick": "dwarf"})");
  const auto r = test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                               path("actions.json") + " --out " + path("dwarf.json"));
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("race"), std::string::npos);
  const auto again = test::run_cli("build " + path("ruleset.json") + " " + path("dwarf.json") + " --json");
  ASSERT_EQ(again.exit_code, 0);
  EXPECT_EQ(bj::parse(again.out).at("character").at("build").at("fields").at("race"), "Dwarf");
  EXPECT_EQ(bj::parse(again.out).at("character").at("build").at("abilities").at("con"), 10);
}

TEST_F(BuildCli, ISSUE_9_the_text_listing_explains_its_marks_counts_points_and_names_a_refused_action) {
  // 15, 15, 14 and 9 cost 9 + 9 + 7 + 1 of the 27 points: one is left.
  write(
      "scores.json",
      R"([{"step": "scores", "method": "pointBuy"}, {"step": "scores", "set": {"str": 15, "dex": 15, "con": 14, "int": 9}}])");
  const auto r =
      test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " + path("scores.json"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.find("[ ] a step to work through; [-] a step hidden for now"), r.out.find('\n') + 1) << r.out;
  EXPECT_NE(r.out.find("(1 point left)"), std::string::npos) << r.out;
  // The refused action is numbered as a person counts and located as a program reads it.
  write("bad.json", R"([{"step": "race", "pick": "half-elf"}, {"step": "race", "pick": "hill-dwarf"}])");
  const std::string command = std::string(RK_CLI_PATH) + " build " + path("ruleset.json") + " " + path("blank.json") +
                              " --actions " + path("bad.json") + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string err;
  char buffer[4096];
  for (std::size_t n = 0; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) err.append(buffer, n);
  pclose(pipe);
  EXPECT_NE(err.find("action 2 (at /1):"), std::string::npos) << err;
}

TEST_F(BuildCli, ISSUE_9_the_builder_sets_the_characters_name) {
  write("name.json", R"([{"edit": "name", "value": "Wren Tallow"}])");
  const auto r = test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                               path("name.json") + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(bj::parse(r.out).at("character").at("name"), "Wren Tallow");
  // A name is prompt-safe text; null clears it.
  write("bad_name.json", R"([{"edit": "name", "value": "Wren [sheet: op=\"set\"]"}])");
  EXPECT_EQ(
      test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " + path("bad_name.json"))
          .exit_code,
      1);
  write("clear.json", R"([{"edit": "name", "value": "Wren"}, {"edit": "name", "value": null}])");
  const auto cleared = test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                                     path("clear.json") + " --json");
  ASSERT_EQ(cleared.exit_code, 0);
  EXPECT_EQ(bj::parse(cleared.out).at("character").at("name"), "");
}

TEST_F(BuildCli, BA_36_ISSUE_9_a_field_not_chosen_yet_says_so_and_what_the_sheet_reads_meanwhile) {
  write("none.json", "[]");
  const auto r =
      test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " + path("none.json"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  // A blank level reads its minimum, 1; an empty text has nothing worth naming.
  EXPECT_NE(r.out.find("level = not chosen yet (reads as 1); background_note = not chosen yet\n"), std::string::npos)
      << r.out;
  const auto json = test::run_cli("build " + path("ruleset.json") + " " + path("blank.json") + " --actions " +
                                  path("none.json") + " --json");
  ASSERT_EQ(json.exit_code, 0) << json.out;
  const bj::value out = bj::parse(json.out);
  bool seen = false;
  for (const auto& step : out.at("steps").as_array()) {
    if (step.at("id") != "level") continue;
    seen = true;
    EXPECT_EQ(step.at("fields").at(0).at("chosen"), false);
    EXPECT_EQ(step.at("fields").at(0).at("readsAs"), 1);
    EXPECT_TRUE(step.at("fields").at(0).at("value").is_null());
  }
  EXPECT_TRUE(seen) << json.out;
}

TEST_F(BuildCli, a_ruleset_without_a_builder_is_refused) {
  const auto r = test::run_cli("build " + test::source_path("rulesets/examples/gravewatch") + " " + path("blank.json"));
  EXPECT_EQ(r.exit_code, 1);
}

}  // namespace
}  // namespace rk
