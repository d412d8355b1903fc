// The rest command (SH-50 – SH-53, SH-72 – SH-79, sheets.md W3): every kind of step, the `now`
// that names what changed, and what the character stores afterwards.
#include "sheet/rest.hpp"
#include "sheet_fixture.hpp"

namespace rk::play {
namespace {

using test::live_json;
using test::now_of;
using test::refusal_of;

// W3's hypothetical character: a `hit_dice` group of a d10 pool and a d8 pool, declared in that
// order, their maxima the character's counts of each die.
const char* kHitDiceRuleset = R"json({
  "id": "hd", "label": "Hit dice",
  "sheet": {
    "fields": [
      { "id": "d10_count", "label": "d10 hit dice", "type": "number", "min": 0, "max": 20, "default": 2 },
      { "id": "d8_count", "label": "d8 hit dice", "type": "number", "min": 0, "max": 20, "default": 3 } ],
    "live": {
      "pools": [
        { "id": "hd_d10", "label": "Hit dice (d10)", "max": { "field": "d10_count" }, "group": "hit_dice" },
        { "id": "hd_d8", "label": "Hit dice (d8)", "max": { "field": "d8_count" }, "group": "hit_dice" } ]
    }
  },
  "rests": [
    { "id": "long", "label": "Long rest", "restore": [
      { "poolGroup": "hit_dice", "by": { "fractionOfMax": 0.5, "round": "down", "min": 1 }, "shared": true } ] },
    { "id": "each", "label": "Each its own", "restore": [
      { "poolGroup": "hit_dice", "by": { "fractionOfMax": 0.5, "round": "down", "min": 1 } } ] }
  ]
})json";

class PlayRestHitDice : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = rk::test::compile(kHitDiceRuleset);
    ASSERT_TRUE(rs);
  }
  Character with(const std::string& fields, int d10, int d8) {
    return test::sheet_character(*rs, R"({"v":1,"build":{"fields":{)" + fields +
                                          R"(}},"live":{"pools":{"hd_d10":{"value":)" + std::to_string(d10) +
                                          R"(},"hd_d8":{"value":)" + std::to_string(d8) + "}}}}");
  }
  std::shared_ptr<const Ruleset> rs;
};

TEST_F(PlayRestHitDice, W3_case_A_the_d10_pool_takes_both) {
  // Group max 2 + 3 = 5; 5 x 0.5 = 2.5, down to 2.
  Character c = with("", 0, 0);
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="long"])"), "Long rest: Hit dice (d10) 2/2");
  EXPECT_EQ(live_json(c), R"({"pools":{"hd_d8":{"value":0}}})");
}

TEST_F(PlayRestHitDice, W3_case_B_each_takes_what_it_is_missing_in_sheet_order) {
  Character c = with("", 1, 0);
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="Long Rest"])"),
            "Long rest: Hit dice (d10) 2/2, Hit dice (d8) 1/3");
}

TEST_F(PlayRestHitDice, W3_case_C_full_pools_lose_the_amount) {
  Character c = with("", 2, 3);
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="long"])"), "Long rest");
  // The pools are back at their start, so nothing is stored.
  EXPECT_EQ(live_json(c), "{}");
}

TEST_F(PlayRestHitDice, W3_case_D_at_level_1_min_gives_back_one) {
  // Only the d10 pool (max 1); a pool of no dice is not on the sheet. 0.5 -> 0 -> `min` 1.
  Character c = with(R"("d10_count":1,"d8_count":0)", 0, 0);
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="long"])"), "Long rest: Hit dice (d10) 1/1");
}

TEST_F(PlayRestHitDice, W3_without_shared_each_pool_restores_its_own_fraction) {
  // d10: 2 x 0.5 = 1; d8: 3 x 0.5 = 1.5 -> 1 (`round` and `min` apply per pool).
  Character c = with("", 0, 0);
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="each"])"), "Each its own: Hit dice (d10) 1/2, Hit dice (d8) 1/3");
}

TEST_F(PlayRestHitDice, an_unknown_rest_is_refused) {
  Character c = with("", 0, 0);
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="rest" rest="nap"])"), "unknown-rest");
}

// ---- Gravewatch's own rests on Mira ----------------------------------------------------------------

class PlayRestMira : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::gravewatch_shared();
    ASSERT_TRUE(rs);
    mira = test::mira(*rs);
  }
  std::shared_ptr<const Ruleset> rs;
  Character mira;
};

TEST_F(PlayRestMira, SH_52_catch_your_breath_mends_knocks_resets_the_stance_and_gives_back_grit) {
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="rest" rest="Catch your breath"])"),
            "Catch your breath: Harm 1/5, Stance Steady, Grit 5/5");
  const std::string live = live_json(mira);
  EXPECT_NE(live.find(R"("harm":{"marks":["tear"]})"), std::string::npos) << live;
  EXPECT_EQ(live.find("states"), std::string::npos) << live;
  // Grit is full but keeps its temporary point, so it stays stored; Chilled is not cleared.
  EXPECT_NE(live.find(R"("grit":{"value":5,"temp":1})"), std::string::npos) << live;
  EXPECT_NE(live.find(R"("conditions":["chilled"])"), std::string::npos) << live;
}

TEST_F(PlayRestMira, SH_50_SH_51_SH_78_dawn_after_the_watch_runs_every_step_in_order) {
  // Harm -2 (the tear and the knock), Strain to min, Resolve to max, Grit 5 x 0.5 -> 2 (held at 5),
  // the wards shared (3 + 4 = 7 x 0.5 -> 3: Salt takes the 2 it misses, Candles is full), Lantern oil
  // to max, Willpower to min; every condition cleared.
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="rest" rest="dawn"])"),
            "Dawn after the watch: Harm 0/5, Strain 0/4, Resolve 4/4, Grit 5/5, Salt 3/3, Lantern oil 6/6, "
            "Willpower 0");
  EXPECT_EQ(live_json(mira), R"({"pools":{"grit":{"value":5,"temp":1}},"states":{"stance":"guarded"},)"
                             R"("notes":["Heard digging under the old yew at the second bell."]})");
}

TEST_F(PlayRestMira, SH_50_to_counts_every_mark_and_clears_the_overflow) {
  // Three marks and an overflow; "to": "min" with `kind` knock: the overflow and both knocks go.
  Character c = test::sheet_character(*rs, R"({"v":1,"name":"Bram","build":{},
    "live":{"wounds":{"harm":{"marks":["tear","knock","knock","knock"],"overflow":1}}}})");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="breather"])"), "Catch your breath: Harm 1/4");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear"]}}})");
}

TEST_F(PlayRestMira, a_hidden_pool_is_left_alone_by_a_rest) {
  Character day = mira;
  day.fields["watch"] = Scalar{std::string("day")};
  const TakenRest taken = take_rest(*rs, day, rs->sheet.rests.at(1));
  EXPECT_EQ(taken.character.pools.at("lantern_oil").current, Number::of(2));
  for (const std::string& change : taken.changes) EXPECT_EQ(change.find("Lantern oil"), std::string::npos) << change;
}

}  // namespace
}  // namespace rk::play
