// The sheet's numbers under the reference's `resolution` (writing-rulesets.md "Resolution kinds",
// "dice-pool", "The penalty on your rolls", "Modifiers off the sheet"): the ability modifier of
// each `abilityModifier` op, a tier's worth (round(multiplier x proficiency bonus) + flat), a
// skill's or save's number, and what a check throws under each kind.
#include "format/ref_resolution_support.hpp"
#include "sheet/check_roll.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

/// The 5e file's sheet math (its tiers verbatim) over a level field and two abilities.
const char* kFiveE = R"({
  "id": "five", "label": "5e",
  "resolution": {
    "kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "abilityModifier": { "op": "floorHalfMinusTen" },
    "proficiency": { "bonus": { "derived": "proficiency_bonus" } },
    "proficiencyTiers": [
      { "id": "none", "label": "Not proficient", "multiplier": 0 },
      { "id": "half", "label": "Half proficiency", "multiplier": 0.5, "round": "down" },
      { "id": "proficient", "label": "Proficient", "multiplier": 1 },
      { "id": "expertise", "label": "Expertise", "multiplier": 2 } ],
    "advantage": true,
    "difficultyLadder": [{ "label": "Medium", "dc": 15 }]
  },
  "sheet": {
    "abilities": [
      { "id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10 },
      { "id": "dex", "label": "Dexterity", "min": 1, "max": 30, "default": 10 } ],
    "skills": [
      { "id": "athletics", "label": "Athletics", "ability": "str" },
      { "id": "stealth", "label": "Stealth", "ability": "dex" },
      { "id": "acrobatics", "label": "Acrobatics", "ability": "dex" } ],
    "saves": [{ "id": "str_save", "label": "Strength save", "ability": "str" }],
    "fields": [{ "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1 }],
    "derived": [{ "id": "proficiency_bonus", "label": "Proficiency bonus", "op": "stepTable", "from": { "field": "level" },
                  "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]] }]
  }
})";

Number ability_mod(const Ruleset& rs, const std::string& id, int score) {
  return test::sheet_of(rs, R"({"v":1,"build":{"abilities":{")" + id + R"(":)" + std::to_string(score) + "}}}")
      .abilities.at(id)
      .mod.value;
}

TEST(RefResolutionSheet, floor_half_minus_ten_is_the_5e_rule) {
  auto rs = test::compile(kFiveE);
  ASSERT_TRUE(rs);
  const std::pair<int, int> expected[] = {{10, 0}, {11, 0}, {9, -1}, {8, -1}, {15, 2}, {1, -5}, {30, 10}};
  for (const auto& [score, mod] : expected) EXPECT_EQ(ability_mod(*rs, "str", score), n(mod)) << "score " << score;
}

TEST(RefResolutionSheet, identity_means_the_score_is_the_number) {
  auto rs = test::compile(test::reference_ruleset(test::kSumResolution));
  ASSERT_TRUE(rs);
  EXPECT_EQ(ability_mod(*rs, "nerve", 4), n(4));
  EXPECT_EQ(ability_mod(*rs, "nerve", 0), n(0));
}

TEST(RefResolutionSheet, step_table_reads_the_highest_threshold_at_or_below_the_score) {
  auto rs = test::compile(test::resolution_with(test::kSumResolution, "/abilityModifier",
                                                R"({"op": "stepTable", "table": [[1, -2], [3, 0], [5, 1]]})"));
  ASSERT_TRUE(rs);
  // Below the first threshold reads the first row.
  const std::pair<int, int> expected[] = {{0, -2}, {1, -2}, {2, -2}, {3, 0}, {4, 0}, {5, 1}};
  for (const auto& [score, mod] : expected) EXPECT_EQ(ability_mod(*rs, "sinew", score), n(mod)) << "score " << score;
}

// A level-5 character (proficiency bonus 3) with Strength 15 and Dexterity 9.
TEST(RefResolutionSheet, tier_is_multiplier_times_the_proficiency_bonus_rounded) {
  auto rs = test::compile(kFiveE);
  ASSERT_TRUE(rs);
  const SheetView v = test::sheet_of(*rs, R"({"v": 1,
    "build": {"abilities": {"str": 15, "dex": 9}, "fields": {"level": 5}, "skills": {"athletics": "expertise", "stealth": "half"}, "saves": {"str_save": "proficient"}}})");
  EXPECT_EQ(v.skills.at("athletics").mod, n(8));    // +2 + 3 x 2
  EXPECT_EQ(v.skills.at("stealth").mod, n(0));      // -1 + floor(3 x 0.5)
  EXPECT_EQ(v.skills.at("acrobatics").mod, n(-1));  // untrained: -1 + 0 x 3
  EXPECT_EQ(v.saves.at("str_save").mod, n(5));      // +2 + 3
}

TEST(RefResolutionSheet, half_proficiency_at_level_one_is_one) {
  auto rs = test::compile(kFiveE);
  ASSERT_TRUE(rs);
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"dex":10},"skills":{"stealth":"half"}}})");
  EXPECT_EQ(v.skills.at("stealth").mod, n(1));  // floor(2 x 0.5)
}

TEST(RefResolutionSheet, tier_round_up_and_nearest_apply_to_the_product) {
  std::string text = test::patched(kFiveE, "/resolution/proficiencyTiers/1/round", "\"up\"");
  auto up = test::compile(text);
  ASSERT_TRUE(up);
  const char* character = R"({"v":1,"build":{"fields":{"level":5},"skills":{"stealth":"half"}}})";
  EXPECT_EQ(test::sheet_of(*up, character).skills.at("stealth").mod, n(2));  // 0 + ceil(1.5)
  auto nearest = test::compile(test::patched(kFiveE, "/resolution/proficiencyTiers/1/round", "\"nearest\""));
  ASSERT_TRUE(nearest);
  EXPECT_EQ(test::sheet_of(*nearest, character).skills.at("stealth").mod, n(2));  // 0 + round(1.5)
}

TEST(RefResolutionSheet, a_tier_adds_flat_on_top_of_the_multiple) {
  auto rs = test::compile(test::patched(kFiveE, "/resolution/proficiencyTiers/2/flat", "1"));
  ASSERT_TRUE(rs);
  const SheetView v =
      test::sheet_of(*rs, R"({"v":1,"build":{"fields":{"level":9},"skills":{"athletics":"proficient"}}})");
  EXPECT_EQ(v.skills.at("athletics").mod, n(5));  // 0 + 4 x 1 + 1
}

// "A rating of 3 and a trade worth 2 throw five dice."
TEST(RefResolutionSheet, a_rating_of_3_and_a_trade_worth_2_throw_five_dice) {
  auto rs = test::compile(test::reference_ruleset(test::kPoolResolution));
  ASSERT_TRUE(rs);
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"sinew":3},"skills":{"ward":"rating_2"}}})");
  EXPECT_EQ(v.skills.at("ward").mod, n(5));
  const CheckRoll roll = check_roll(*rs, *v.skills.at("ward").mod, n(0), n(0));
  EXPECT_TRUE(roll.pool);
  EXPECT_EQ(roll.value, n(5));
  EXPECT_EQ(roll.text(), "5 dice");
}

TEST(RefResolutionSheet, without_a_proficiency_bonus_tiers_use_flat_only) {
  auto rs = test::compile(test::reference_ruleset(test::kSumResolution));
  ASSERT_TRUE(rs);
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"sinew":2},"skills":{"ward":"trained"}}})");
  EXPECT_EQ(v.skills.at("ward").mod, n(3));  // 2 + flat 1
  EXPECT_EQ(v.saves.at("grit").mod, n(2));   // untrained: the first tier, worth 0
}

// decisions.md "An absent resolution block" (temporary, until the block is required): the
// reference's dice-sum defaults, the 5e modifier and one untrained tier.
TEST(RefResolutionSheet, an_absent_block_rolls_1d20_with_the_5e_modifier_and_one_untrained_tier) {
  auto rs = test::compile(R"({"id": "bare", "label": "Bare", "sheet": {
    "abilities": [{ "id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10 }],
    "skills": [{ "id": "athletics", "label": "Athletics", "ability": "str" }]}})");
  ASSERT_TRUE(rs);
  const Resolution& res = rs->resolution;
  EXPECT_FALSE(res.is_pool());
  EXPECT_EQ(res.sum.count, 1);
  EXPECT_EQ(res.sum.sides, 20);
  EXPECT_EQ(res.ability_mod, Resolution::AbilityMod::FloorHalfMinusTen);
  ASSERT_EQ(res.tiers.size(), 1u);
  EXPECT_EQ(res.tiers[0].id, "untrained");
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"str":15}}})");
  EXPECT_EQ(v.skills.at("athletics").mod, n(2));
  EXPECT_EQ(v.skills.at("athletics").tier, "untrained");
}

// ---- what a check throws under each kind ------------------------------------------------------

TEST(RefResolutionSheet, on_a_sum_the_penalty_and_adjust_are_flat_modifiers) {
  auto rs = test::compile(test::reference_ruleset(test::kSumResolution));
  ASSERT_TRUE(rs);
  const CheckRoll roll = check_roll(*rs, n(3), n(-1), n(-3));
  EXPECT_FALSE(roll.pool);
  EXPECT_EQ(roll.value, n(-1));
  EXPECT_EQ(roll.text(), "-1");
  EXPECT_EQ(check_roll(*rs, n(2), n(0), n(0)).text(), "+2");
}

// "A pool.min of 1 means even somebody on the bottom rung throws one die."
TEST(RefResolutionSheet, on_a_pool_the_penalty_takes_dice_off_floored_at_pool_min) {
  auto rs = test::compile(test::reference_ruleset(test::kPoolResolution));
  ASSERT_TRUE(rs);
  EXPECT_EQ(check_roll(*rs, n(5), n(0), n(-1)).value, n(4));
  const CheckRoll down = check_roll(*rs, n(5), n(0), n(-99));
  EXPECT_EQ(down.value, n(1));
  EXPECT_EQ(down.text(), "1 die");
  auto zero = test::compile(test::resolution_with(test::kPoolResolution, "/pool/min", "0"));
  ASSERT_TRUE(zero);
  EXPECT_EQ(check_roll(*zero, n(5), n(0), n(-99)).value, n(0));  // throws none and fails without rolling
}

TEST(RefResolutionSheet, on_a_pool_adjust_is_dice_under_the_same_floor_and_the_pool_max_caps) {
  auto rs = test::compile(test::reference_ruleset(test::kPoolResolution));
  ASSERT_TRUE(rs);
  EXPECT_EQ(check_roll(*rs, n(3), n(-1), n(0)).value, n(2));
  EXPECT_EQ(check_roll(*rs, n(1), n(-2), n(0)).value, n(1));
  EXPECT_EQ(check_roll(*rs, n(20), n(0), n(0)).value, n(15));
}

TEST(RefResolutionSheet, adjust_is_rounded_toward_zero_so_a_half_never_becomes_a_die) {
  auto rs = test::compile(test::reference_ruleset(test::kPoolResolution));
  ASSERT_TRUE(rs);
  EXPECT_EQ(check_roll(*rs, n(4), Number::raw(-15000), n(0)).value, n(3));
  EXPECT_EQ(check_roll(*rs, n(4), Number::raw(15000), n(0)).value, n(5));
}

TEST(RefResolutionSheet, on_a_pool_bonus_dice_are_held_to_situational_dice) {
  auto rs = test::compile(test::reference_ruleset(test::kPoolResolution));
  ASSERT_TRUE(rs);
  EXPECT_EQ(check_roll(*rs, n(4), n(0), n(0), 5).value, n(7));  // +5 asked, +3 allowed
  auto none = test::compile(test::resolution_with(test::kPoolResolution, "/situationalDice", ""));
  ASSERT_TRUE(none);
  EXPECT_EQ(check_roll(*none, n(4), n(0), n(0), 2).value, n(4));  // no situationalDice: bonus= means nothing
}

}  // namespace
}  // namespace rk
