// Checks on a `dice-sum` ruleset (writing-rulesets.md "dice-sum"): the dice added to the sheet's
// number against the difficulty, advantage and disadvantage, naturals, and the ladder by name.
#include "check_support.hpp"

namespace rk::play {
namespace {

using test::resolve_with;

/// The 5e file's sheet math (its tiers verbatim), one d20 with advantage and naturals on both.
const char* kFiveE = R"({
  "id": "five", "label": "5e",
  "resolution": {
    "kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "abilityModifier": { "op": "floorHalfMinusTen" },
    "proficiency": { "bonus": { "derived": "proficiency_bonus" } },
    "proficiencyTiers": [
      { "id": "none", "label": "Not proficient", "multiplier": 0 },
      { "id": "proficient", "label": "Proficient", "multiplier": 1 } ],
    "advantage": true,
    "naturals": { "check": "both", "save": "max-only" },
    "difficultyLadder": [{ "label": "Medium", "dc": 15 }, { "label": "Hard", "dc": 20 }]
  },
  "sheet": {
    "abilities": [
      { "id": "str", "label": "Strength", "short": "STR", "min": 1, "max": 30, "default": 10 },
      { "id": "dex", "label": "Dexterity", "short": "DEX", "min": 1, "max": 30, "default": 10 } ],
    "skills": [{ "id": "athletics", "label": "Athletics", "ability": "str" }],
    "saves": [{ "id": "str_save", "label": "Strength save", "ability": "str" }],
    "fields": [{ "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1 }],
    "derived": [{ "id": "proficiency_bonus", "label": "Proficiency bonus", "op": "stepTable", "from": { "field": "level" },
                  "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]] }]
  }
})";

const char* kVex = R"({"v": 1, "ruleset": "five", "name": "Vex",
  "build": { "abilities": { "str": 14, "dex": 8 }, "skills": { "athletics": "proficient" } }})";

class SumChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    ruleset = rk::test::compile(kFiveE);
    ASSERT_TRUE(ruleset);
    game = test::game_of(*ruleset, {kVex});
  }
  std::string written(std::string_view reply, std::vector<std::int64_t> faces) {
    return resolve_with(*ruleset, game, reply, std::move(faces)).text;
  }
  std::shared_ptr<const Ruleset> ruleset;
  Game game;
};

TEST_F(SumChecks, the_dice_plus_the_sheets_number_against_the_dc) {
  // Athletics: Strength +2, Proficient +2.
  EXPECT_EQ(written(R"(She climbs. [skill_check: skill="Athletics" dc="15"])", {12}),
            R"(She climbs. [skill_check: skill="Athletics" dc="15" rolls="12" used="12" modifier="4" total="16" )"
            R"(result="success" mode="normal" resolution="sum" dice="1d20" terms="Strength +2; Proficient +2"])");
  EXPECT_EQ(written(R"([skill_check: skill="Athletics" dc="15"])", {10}).find(R"(total="14" result="failure")") !=
                std::string::npos,
            true);
}

TEST_F(SumChecks, advantage_keeps_the_higher_roll_and_disadvantage_the_lower) {
  const ResolvedChecks a =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="15" mode="advantage"])", {7, 18});
  EXPECT_EQ(a.text,
            R"([skill_check: skill="Athletics" dc="15" rolls="7|18" used="18" modifier="4" total="22" )"
            R"(result="success" mode="advantage" resolution="sum" dice="2d20" terms="Strength +2; Proficient +2"])");
  ASSERT_EQ(game.rolls.size(), 1u);
  ASSERT_EQ(game.rolls[0].throws.size(), 2u);
  EXPECT_EQ(game.rolls[0].throws[0].purpose, "check");
  EXPECT_EQ(game.rolls[0].throws[1].purpose, "advantage");
  const ResolvedChecks d =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="15" disadvantage])", {7, 18});
  EXPECT_EQ(d.checks[0].used, 7);
  EXPECT_EQ(d.checks[0].mode, "disadvantage");
  // Both asked: they cancel, one die.
  const ResolvedChecks both =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="15" advantage disadvantage])", {9});
  EXPECT_EQ(both.checks[0].mode, "normal");
  EXPECT_EQ(both.checks[0].rolls.size(), 1u);
}

TEST_F(SumChecks, advantage_means_nothing_where_the_ruleset_offers_none) {
  const auto plain = rk::test::compile(rk::test::patched(kFiveE, "/resolution/advantage", "false"));
  ASSERT_TRUE(plain);
  Game g = test::game_of(*plain, {kVex});
  const ResolvedChecks r =
      resolve_with(*plain, g, R"([skill_check: skill="Athletics" dc="15" mode="advantage"])", {7, 18});
  EXPECT_EQ(r.checks[0].mode, "normal");
  EXPECT_EQ(r.checks[0].rolls, (std::vector<std::int64_t>{7}));
}

TEST_F(SumChecks, naturals_follow_the_policy_for_checks_and_for_saves) {
  // A natural 20 on a check is a critical success whatever the dc; a natural 1 a critical failure.
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="30"])", {20}).checks[0].outcome,
            CheckOutcome::CriticalSuccess);
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="2"])", {1}).checks[0].outcome,
            CheckOutcome::CriticalFailure);
  // Saves are max-only: a 1 is just a low roll (1 + 2 = 3 against 2 succeeds).
  const ResolvedChecks save = resolve_with(*ruleset, game, R"([skill_check: skill="STR save" dc="2"])", {1});
  EXPECT_EQ(save.checks[0].target, CheckTarget::Save);
  EXPECT_EQ(save.checks[0].outcome, CheckOutcome::Success);
}

TEST_F(SumChecks, difficulty_names_a_ladder_step_and_dc_beside_it_wins) {
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" difficulty="hard"])", {10}).checks[0].dc,
            20);
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" difficulty="Hard" dc="12"])", {10}).checks[0].dc,
      12);
}

TEST_F(SumChecks, a_raw_ability_check_by_short_form_and_with_on_a_skill) {
  const ResolvedChecks dex = resolve_with(*ruleset, game, R"([skill_check: skill="DEX check" dc="10"])", {10});
  EXPECT_EQ(dex.checks[0].target, CheckTarget::Ability);
  EXPECT_EQ(dex.checks[0].modifier, -1);
  // "Dexterity (Athletics)": Dexterity -1 steps in for Strength +2.
  const ResolvedChecks swapped =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="10" with="Dexterity"])", {10});
  EXPECT_EQ(swapped.checks[0].modifier, 1);
  EXPECT_NE(swapped.text.find(R"( with="Dexterity" terms="Dexterity -1; Proficient +2")"), std::string::npos)
      << swapped.text;
  // A bonus= on a sum is not offered: ignored.
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="10" bonus="3"])", {10}).checks[0].modifier,
      4);
}

}  // namespace
}  // namespace rk::play
