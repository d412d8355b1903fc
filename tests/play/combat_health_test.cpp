// What a fight does to a character's health (sheets.md §9, SH-43 – SH-48, and the combat steps of
// worked examples W1 and W2; the reference chapter's "A fight can mark one too"): the marks a blow
// leaves, when the character is down, the heal that clears one mark, and temporary points refused.
#include <string>

#include "sheet_fixture.hpp"

#include "play/combat_health.hpp"

namespace rk::play {
namespace {

using test::live_json;

// W1's `harm` track (sheets.md §7) and W2's `strain` track (§11, Sinew 2 + 1 = 3 boxes), a `grit`
// pool that takes temporary points, and a fight whose health is `harm`.
const std::string kFightRuleset = R"({
  "id": "fight", "label": "Fight",
  "sheet": {
    "abilities": [{ "id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2 }],
    "derived": [
      { "id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{ "abilityScore": "sinew" }, { "const": 1 }] } ],
    "live": {
      "pools": [{ "id": "grit", "label": "Grit", "max": 10, "allowTemp": true }],
      "tracks": [
        { "id": "harm", "label": "Harm", "min": 0, "max": 4,
          "levels": [
            { "label": "Scuffed", "penalty": 0 }, { "label": "Winded", "penalty": -1 },
            { "label": "Bleeding", "penalty": -3 }, { "label": "Down", "penalty": -99 } ],
          "kinds": [ { "id": "knock", "label": "K", "severity": 0 }, { "id": "tear", "label": "T", "severity": 1 } ] },
        { "id": "strain", "label": "Strain", "min": 0, "max": { "derived": "strain_boxes" },
          "boxes": { "penalty": { "by": "remaining", "table": [[0, -1], [1, 0]] } },
          "kinds": [{ "id": "strain", "label": "S", "severity": 0 }], "fill": "indexed", "onFull": "refuse" } ]
    }
  },
  "combat": {
    "kind": "attack-vs-defense",
    "health": { "track": "harm" },
    "defense": { "const": 10 },
    "initiative": { "dice": { "count": 1, "sides": 20 } },
    "attackRoll": { "dice": { "count": 1, "sides": 20 } },
    "economy": { "budgets": [{ "id": "action", "label": "Action", "per": "turn" }] },
    "damageTypes": ["slashing", "Fire"],
    "damageKinds": { "default": "knock", "byType": { "fire": "tear" }, "marks": "per-point" }
  }
})";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

class CombatHealthTest : public ::testing::Test {
 protected:
  std::shared_ptr<const Ruleset> fight(const std::string& text = kFightRuleset) {
    auto rs = rk::test::compile(text);
    EXPECT_TRUE(rs);
    return rs;
  }
  std::shared_ptr<const Ruleset> strain_fight(const std::string& marks) {
    return fight(
        replaced(replaced(kFightRuleset, R"("health": { "track": "harm" })", R"("health": { "track": "strain" })"),
                 R"({ "default": "knock", "byType": { "fire": "tear" }, "marks": "per-point" })",
                 R"({ "default": "strain", "marks": ")" + marks + R"(" })"));
  }
  Character ash(const Ruleset& rs) { return test::sheet_character(rs, R"({"v":1,"name":"Ash","build":{}})"); }
};

TEST_F(CombatHealthTest, SH_43_SH_44_per_point_marks_a_box_a_point_of_the_kind_its_type_maps_to) {
  const auto rs = fight();
  Character c = ash(*rs);
  const HealthChange slash = take_blow(*rs, c, {{1, "slashing"}});
  ASSERT_TRUE(slash.ok);
  EXPECT_EQ(slash.now, "Harm 1/4 Scuffed");
  EXPECT_FALSE(slash.down);
  // `Fire` maps to tear (byType keys without case); a tear goes ahead of the knock.
  const HealthChange burn = take_blow(*rs, c, {{2, " FIRE "}});
  EXPECT_EQ(burn.now, "Harm 3/4 Bleeding");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear","tear","knock"]}}})");
}

TEST_F(CombatHealthTest, SH_44_per_blow_marks_one_box_of_the_most_severe_kind_that_landed) {
  const auto rs = fight(replaced(kFightRuleset, R"("marks": "per-point")", R"("marks": "per-blow")"));
  Character c = ash(*rs);
  const HealthChange blow = take_blow(*rs, c, {{7, "slashing"}, {1, "fire"}});
  EXPECT_EQ(blow.now, "Harm 1/4 Scuffed");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear"]}}})");
}

TEST_F(CombatHealthTest, SH_45_W1_a_full_track_is_down_and_the_next_blow_upgrades_or_overflows) {
  const auto rs = fight();
  Character c = ash(*rs);
  const HealthChange four = take_blow(*rs, c, {{4, ""}});
  EXPECT_EQ(four.now, "Harm 4/4 Down");
  EXPECT_TRUE(four.down);
  // The track does not refuse: a knock on a full track upgrades the lightest mark (the reference's rule).
  const HealthChange more = take_blow(*rs, c, {{1, ""}});
  EXPECT_TRUE(more.ok);
  EXPECT_TRUE(more.down);
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear","knock","knock","knock"]}}})");
}

TEST_F(CombatHealthTest, SH_47_W1_healing_in_a_fight_clears_one_mark_the_lightest_of_any_kind) {
  const auto rs = fight();
  Character c = ash(*rs);
  take_blow(*rs, c, {{1, "slashing"}});
  take_blow(*rs, c, {{1, "fire"}});
  const HealthChange heal = heal_in_fight(*rs, c, 5);  // one mark, whatever the amount
  ASSERT_TRUE(heal.ok);
  EXPECT_EQ(heal.now, "Harm 1/4 Scuffed");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear"]}}})");
}

TEST_F(CombatHealthTest, SH_48_W1_temporary_points_on_a_wound_track_health_are_refused) {
  const auto rs = fight();
  Character c = ash(*rs);
  const HealthChange temp = grant_temporary(*rs, c, 5);
  EXPECT_FALSE(temp.ok);
  EXPECT_EQ(temp.reason, Refusal::NoTemp);
  EXPECT_EQ(live_json(c), "{}");
}

TEST_F(CombatHealthTest, SH_46_W2_per_blow_on_boxes_takes_the_first_box) {
  const auto rs = strain_fight("per-blow");
  Character c = ash(*rs);
  const HealthChange blow = take_blow(*rs, c, {{3, ""}});
  EXPECT_EQ(blow.now, "Strain 1/3");
  EXPECT_EQ(live_json(c), R"({"wounds":{"strain":{"marks":["strain"]}}})");
}

TEST_F(CombatHealthTest, SH_46_W2_per_point_on_boxes_names_the_box_and_a_full_track_is_down) {
  const auto rs = strain_fight("per-point");
  Character c = ash(*rs);
  ASSERT_TRUE(take_blow(*rs, c, {{1, ""}}).ok);  // box 1
  const HealthChange two = take_blow(*rs, c, {{2, ""}});
  EXPECT_EQ(two.now, "Strain 2/3");
  EXPECT_FALSE(two.down);
  const HealthChange three = take_blow(*rs, c, {{3, ""}});  // W2 step 4: box 3, the track is full
  EXPECT_EQ(three.now, "Strain 3/3");
  EXPECT_TRUE(three.down);
}

TEST_F(CombatHealthTest, SH_46_W2_a_blow_no_box_can_take_is_not_refused_it_takes_the_character_out) {
  const auto rs = strain_fight("per-point");
  Character c = ash(*rs);
  // W2 step 6: 5 points on a fresh 3-box track name box 5, which does not exist.
  const HealthChange blow = take_blow(*rs, c, {{5, ""}});
  EXPECT_TRUE(blow.ok);
  EXPECT_TRUE(blow.down);
  EXPECT_EQ(blow.now, "Strain 0/3");
  EXPECT_EQ(live_json(c), "{}");
}

TEST_F(CombatHealthTest, SH_43_a_pool_health_counts_down_temporary_points_first) {
  const auto rs =
      fight(replaced(replaced(kFightRuleset, R"("health": { "track": "harm" })", R"("health": { "pool": "grit" })"),
                     R"(,
    "damageKinds": { "default": "knock", "byType": { "fire": "tear" }, "marks": "per-point" })",
                     ""));
  Character c = ash(*rs);
  EXPECT_EQ(grant_temporary(*rs, c, 3).now, "Grit 10/10 +3 temp");
  EXPECT_EQ(take_blow(*rs, c, {{4, "slashing"}, {1, "fire"}}).now, "Grit 8/10");
  const HealthChange last = take_blow(*rs, c, {{50, ""}});
  EXPECT_EQ(last.now, "Grit 0/10");
  EXPECT_TRUE(last.down);
  EXPECT_EQ(heal_in_fight(*rs, c, 4).now, "Grit 4/10");
}

TEST_F(CombatHealthTest, a_blow_outside_the_amounts_or_without_a_fight_is_refused_and_changes_nothing) {
  const auto rs = fight();
  Character c = ash(*rs);
  EXPECT_EQ(take_blow(*rs, c, {}).reason, Refusal::BadAmount);
  EXPECT_EQ(take_blow(*rs, c, {{0, ""}}).reason, Refusal::BadAmount);
  EXPECT_EQ(take_blow(*rs, c, {{100'001, ""}}).reason, Refusal::BadAmount);
  EXPECT_EQ(live_json(c), "{}");
  const auto peaceful = rk::test::compile(R"({"id": "calm", "label": "Calm", "sheet": {}})");
  ASSERT_TRUE(peaceful);
  Character d = ash(*peaceful);
  EXPECT_EQ(take_blow(*peaceful, d, {{1, ""}}).reason, Refusal::NotConfigured);
}

}  // namespace
}  // namespace rk::play
