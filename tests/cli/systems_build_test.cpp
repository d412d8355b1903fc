// Issue 11 acceptance: point-bought systems built end to end through `rulekeeper build` from a
// blank character, with the rulesets and the actions as files (tests/fixtures/systems/): GURPS-like
// points with disadvantages and quirks, Call-of-Cthulhu occupation and interest pools, World of
// Darkness priorities 7/5/3 with freebies, and an OSE prime-requisite exchange.
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "support/cli.hpp"
#include "support/load.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace bj = boost::json;

std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// tests/fixtures/systems/coc-roll.json built with the default seed (1).
constexpr std::int64_t kCocRollStr = 75;  // [4, 5, 6] x 5
constexpr std::int64_t kCocRollPow = 50;  // [3, 4, 3] x 5
constexpr std::int64_t kCocRollEdu = 65;  // (6 + 1 + 6) x 5; the d100 check rolled 29: no improvement

class SystemsBuild : public ::testing::Test {
 protected:
  void SetUp() override { folder_.write("blank.json", R"({"v": 1, "build": {}})"); }

  /// `rulekeeper build` of tests/fixtures/systems/<system>.json with its actions, as JSON.
  bj::value build(const std::string& system, const std::string& actions = "") {
    const std::string dir = test::source_path("tests/fixtures/systems/");
    const auto r = test::run_cli("build " + dir + system + ".json " + folder_.file("blank.json") + " --actions " + dir +
                                 (actions.empty() ? system + "-actions" : actions) + ".json --json");
    EXPECT_EQ(r.exit_code, 0) << r.out.substr(0, 2000);
    return r.exit_code == 0 ? bj::parse(r.out) : bj::value();
  }

  static const bj::object& step(const bj::value& out, const std::string& id) {
    for (const auto& s : out.at("steps").as_array()) {
      if (s.at("id").as_string() == id) return s.as_object();
    }
    ADD_FAILURE() << "no step " << id;
    return out.at("steps").as_array().front().as_object();
  }

  static const bj::value& pool(const bj::value& out, const std::string& step_id) {
    return step(out, step_id).at("pool");
  }

  test::TempFolder folder_{"rk_systems_build"};
};

TEST_F(SystemsBuild, BB_85_BB_72_BB_78_gurps_like_points_with_disadvantages_and_quirks) {
  const bj::value out = build("gurps");
  ASSERT_TRUE(out.is_object());
  const auto& build = out.at("character").at("build");
  EXPECT_EQ(build.at("abilities").at("st"), 12);  // two steps up at 10 each
  EXPECT_EQ(build.at("abilities").at("ht"), 9);   // one step down: 10 credit
  EXPECT_EQ(build.at("fields").at("basic_speed"), 5.25);
  EXPECT_EQ(build.at("fields").at("combat_reflexes"), 1);
  EXPECT_EQ(build.at("fields").at("bad_temper"), 1);
  EXPECT_EQ(build.at("fields").at("quirks"), 3);
  const auto& cp = pool(out, "traits");
  EXPECT_EQ(cp.at("spent"), 40);   // 20 (ST) + 5 (speed) + 15 (Combat Reflexes)
  EXPECT_EQ(cp.at("credit"), 23);  // 10 (HT) + 10 (Bad Temper) + 3 quirks
  EXPECT_EQ(cp.at("remaining"), 133);
  EXPECT_EQ(cp.at("caps").at(0).at("used"), 3);
  EXPECT_EQ(out.at("character").at("builder").at("purchases").at("attributes").at("ht"), bj::parse("[[-1, -10]]"));
}

TEST_F(SystemsBuild, BB_50_BC_15_BC_18_coc_like_occupation_and_interest_pools) {
  const bj::value out = build("coc");
  ASSERT_TRUE(out.is_object());
  const auto& fields = out.at("character").at("build").at("fields");
  EXPECT_EQ(fields.at("occupation"), "doctor");
  EXPECT_EQ(fields.at("credit_rating"), 30);  // bought up to the doctor's floor in one purchase
  EXPECT_EQ(fields.at("accounting"), 56);
  EXPECT_EQ(fields.at("medicine"), 60);     // offered to a doctor only
  EXPECT_EQ(fields.at("library_use"), 99);  // 20 + 60 occupation + 19 interest
  const auto& occupation = pool(out, "occupation_skills");
  EXPECT_EQ(occupation.at("budget"), 200);  // EDU 50 x 4
  EXPECT_EQ(occupation.at("spent"), 200);
  EXPECT_EQ(occupation.at("remaining"), 0);
  const auto& interest = pool(out, "interests");
  EXPECT_EQ(interest.at("budget"), 100);  // INT 50 x 2
  EXPECT_EQ(interest.at("spent"), 19);
  EXPECT_EQ(step(out, "interests").at("badge"), 1);  // 81 unspent: advisory
  EXPECT_EQ(step(out, "occupation_skills").at("badge"), 0);
}

TEST_F(SystemsBuild, BB_9_BB_59_wod_like_priorities_7_5_3_then_freebies) {
  const bj::value out = build("wod");
  ASSERT_TRUE(out.is_object());
  const auto& abilities = out.at("character").at("build").at("abilities");
  EXPECT_EQ(abilities.at("strength"), 4);
  EXPECT_EQ(abilities.at("dexterity"), 3);
  EXPECT_EQ(abilities.at("charisma"), 3);
  EXPECT_EQ(abilities.at("appearance"), 2);
  EXPECT_EQ(abilities.at("perception"), 2);
  EXPECT_EQ(abilities.at("wits"), 4);  // 2 from the mental priority, 2 freebies at 5 each
  EXPECT_EQ(out.at("character").at("build").at("skills").at("athletics"), "expert");  // 2 freebie dots
  const auto& freebies = pool(out, "freebie");
  EXPECT_EQ(freebies.at("spent"), 14);
  EXPECT_EQ(freebies.at("remaining"), 1);
  for (const auto& g : step(out, "attributes").at("groups").as_array()) {
    EXPECT_EQ(g.at("spent"), g.at("budget")) << bj::serialize(g);
  }
}

TEST_F(SystemsBuild, BB_96_ose_like_prime_requisite_exchanges) {
  const bj::value out = build("ose");
  ASSERT_TRUE(out.is_object());
  const auto& abilities = out.at("character").at("build").at("abilities");
  EXPECT_EQ(abilities.at("str"), 17);            // 14 + 1 + 1 + 1
  EXPECT_EQ(abilities.at("int"), 9);             // 13 - 2 - 2: at its floor
  EXPECT_EQ(abilities.at("wis"), 10);            // 12 - 2
  EXPECT_EQ(pool(out, "prime").at("spent"), 0);  // exchanges cost the pool nothing
  for (const auto& o : step(out, "prime").at("offers").as_array()) {
    if (o.at("id") == "int_to_str") {
      EXPECT_EQ(o.at("reason"), "exchange-below-floor");
    }
  }
}

TEST_F(SystemsBuild, BC_82_BC_86_BC_51_coc_like_rolled_characteristics_luck_edu_improvement_and_sanity) {
  // Seed 1: the characteristics in order, Luck, an EDU improvement check, ten occupation points,
  // then Sanity set from POW and the points left unspent.
  const bj::value out = build("coc-roll");
  ASSERT_TRUE(out.is_object());
  const auto& character = out.at("character");
  const auto& abilities = character.at("build").at("abilities");
  const auto& steps = character.at("builder").at("steps");
  // BC-82, BC-87: each value from its own roll, kept with its faces: (sum + add) x multiplier.
  const auto& rolls = steps.at("characteristics").at("rolls").as_array();
  ASSERT_EQ(rolls.size(), 8u);
  const std::vector<std::string> order = {"str", "con", "dex", "app", "pow", "siz", "int"};
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::int64_t sum = 0;
    for (const auto& f : rolls[i].at("faces").as_array()) sum += f.as_int64();
    const std::int64_t expected = i < 5 ? sum * 5 : (sum + 6) * 5;
    EXPECT_EQ(abilities.at(order[i]).as_int64(), expected) << order[i];
  }
  EXPECT_EQ(abilities.at("str"), kCocRollStr);
  EXPECT_EQ(abilities.at("pow"), kCocRollPow);
  // BC-86: EDU improves only when the d100 exceeds it.
  const auto& rolled = steps.at("rolls").at("rolled");
  std::int64_t edu_sum = 0;
  for (const auto& f : rolls[7].at("faces").as_array()) edu_sum += f.as_int64();
  const std::int64_t edu_rolled = (edu_sum + 6) * 5;
  const std::int64_t check = rolled.at("edu_improvement").at("attempts").at(0).at(0).as_int64();
  const std::int64_t gain = rolled.at("edu_improvement").at("gain").at(0).as_int64();
  EXPECT_EQ(abilities.at("edu").as_int64(), check > edu_rolled ? edu_rolled + gain : edu_rolled);
  EXPECT_EQ(abilities.at("edu"), kCocRollEdu);
  std::int64_t luck = 0;
  for (const auto& f : rolled.at("luck").at("attempts").at(0).as_array()) luck += f.as_int64();
  EXPECT_EQ(character.at("build").at("fields").at("luck").as_int64(), luck * 5);
  // BC-51, BC-52: Sanity set from POW, and the occupation points left once ten are spent.
  const auto& fields = character.at("build").at("fields");
  EXPECT_EQ(fields.at("san_start"), abilities.at("pow"));
  EXPECT_EQ(fields.at("accounting"), 15);
  EXPECT_EQ(fields.at("unspent").as_int64(), abilities.at("edu").as_int64() * 4 - 10);
  EXPECT_EQ(step(out, "start").at("badge"), 0);
  EXPECT_EQ(step(out, "rolls").at("badge"), 0);
  EXPECT_EQ(step(out, "characteristics").at("badge"), 0);
  // BC-60: the Sanity pool starts at the POW it was set from.
  EXPECT_EQ(out.at("sheet").at("pools").at("san").at("current"), abilities.at("pow"));
}

TEST_F(SystemsBuild, BC_87_BC_53_the_listing_shows_every_roll_with_its_faces_and_the_values_set) {
  const std::string dir = test::source_path("tests/fixtures/systems/");
  const auto r = test::run_cli("build " + dir + "coc-roll.json " + folder_.file("blank.json") + " --actions " + dir +
                               "coc-roll-actions.json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("total  75  mod 32  rolled [4, 5, 6]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3d6 x5: rolled 25 [1, 3, 1] -> 25"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1d100 against 65, gain 1d10: rolled 29 [29], gain 1 [1] -> 65"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("set san_start      now 50  would write 50 (read from the sheet)  set 50"), std::string::npos)
      << r.out;
}

TEST_F(SystemsBuild, BC_88_BC_55_reopening_the_coc_like_character_rolls_and_writes_nothing_again) {
  const std::string dir = test::source_path("tests/fixtures/systems/");
  const std::string built = folder_.file("built.json");
  auto r = test::run_cli("build " + dir + "coc-roll.json " + folder_.file("blank.json") + " --actions " + dir +
                         "coc-roll-actions.json --out " + built);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const bj::value before = bj::parse(read_whole_file(built));
  // Reopened with another seed and no action: the same character.
  r = test::run_cli("build " + dir + "coc-roll.json " + built + " --seed 7 --out " + folder_.file("again.json"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(bj::parse(read_whole_file(folder_.file("again.json"))), before);
  // A second roll is refused: rolls are kept (BC-88).
  folder_.write("reroll.json", R"([{"step": "rolls", "roll": true}])");
  r = test::run_cli("build " + dir + "coc-roll.json " + built + " --actions " + folder_.file("reroll.json") +
                    " --json");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("already-rolled"), std::string::npos) << r.out;
}

TEST_F(SystemsBuild, BC_1_BC_22_BC_25_fate_like_skill_pyramid_with_rows_and_creation_rules) {
  const bj::value out = build("fate");
  ASSERT_TRUE(out.is_object());
  const auto& skills = out.at("character").at("build").at("lists").at("skills").as_array();
  ASSERT_EQ(skills.size(), 10u);
  EXPECT_EQ(skills[0].at("name"), "Athletics");
  EXPECT_EQ(skills[0].at("rating"), 4);
  const auto& s = step(out, "skills");
  EXPECT_EQ(s.at("badge"), 0);  // ten complete rows, every rule of the pyramid holds
  EXPECT_FALSE(s.contains("failingRules"));
  EXPECT_EQ(s.at("rows").at("complete"), 10);
  EXPECT_EQ(step(out, "stunts").at("badge"), 0);
  EXPECT_EQ(step(out, "stunts").at("rows").at("own"), 4);
  EXPECT_EQ(out.at("sheet").at("derived").at("refresh"), 2);  // 3 - one stunt past three
}

TEST_F(SystemsBuild, BC_26_BC_28_fate_like_a_broken_pyramid_shows_each_failing_rule_and_blocks_nothing) {
  const bj::value out = build("fate", "fate-broken-actions");
  ASSERT_TRUE(out.is_object());
  const auto& s = step(out, "skills");
  EXPECT_EQ(s.at("failingRules"), bj::parse(R"(["one_great", "good_under_great", "skill_names"])"));
  EXPECT_EQ(s.at("badge"), 3);  // ten complete rows; three rules fail
  EXPECT_EQ(out.at("character").at("build").at("lists").at("skills").as_array().size(), 10u);
}

TEST_F(SystemsBuild, BB_131_BB_132_pf2e_like_partial_boosts_past_plus_4) {
  const bj::value out = build("pf2e");
  ASSERT_TRUE(out.is_object());
  const auto& abilities = out.at("character").at("build").at("abilities");
  // str: human 1 + warrior 1 + fighter 1 + level 1 boost = 4; at level 5 a partial boost (4 is at
  // partialFrom), at level 10 the second partial gives +1: 5.
  EXPECT_EQ(abilities.at("str"), 5);
  EXPECT_EQ(abilities.at("dex"), 3);  // 1 + 1 + 1, each below 4: whole
  EXPECT_EQ(abilities.at("con"), 4);  // human 1 + 1 + 1 + 1
  EXPECT_EQ(abilities.at("int"), 1);
  EXPECT_EQ(abilities.at("wis"), 2);
  EXPECT_FALSE(abilities.as_object().contains("cha"));
}

}  // namespace
}  // namespace rk
