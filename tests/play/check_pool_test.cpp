// Checks on a `dice-pool` ruleset (writing-rulesets.md "dice-pool", "What the Game Master may write
// on a pool check"): every example of the chapter rolled with known faces, and what the reply then
// says, byte for byte.
#include "check_support.hpp"

namespace rk::play {
namespace {

using test::chapter_pool_ruleset;
using test::game_of;
using test::kBram;
using test::kMira;
using test::resolve_with;

class PoolChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    ruleset = rk::test::compile(chapter_pool_ruleset());
    ASSERT_TRUE(ruleset);
    game = game_of(*ruleset, {kMira, kBram});
  }
  std::string written(std::string_view reply, std::vector<std::int64_t> faces) {
    return resolve_with(*ruleset, game, reply, std::move(faces)).text;
  }
  std::shared_ptr<const Ruleset> ruleset;
  Game game;
};

TEST_F(PoolChecks, chapter_example_1_threshold_bonus_and_with_for_another_character) {
  // Bram's Ward: Nerve 1 + Shown once 1; with Sinew 3 it is 4, and bonus -2 leaves 2 dice. The
  // target is moved to 8; the ten explodes.
  const ResolvedChecks r = resolve_with(
      *ruleset, game,
      R"(He braces. [skill_check: skill="Ward" dc="2" who="Bram the Quiet" threshold="8" bonus="-2" with="Sinew"])",
      {8, 10, 3});
  EXPECT_EQ(
      r.text,
      R"(He braces. [skill_check: skill="Ward" dc="2" rolls="8|10|3" used="2" modifier="4" total="2" result="success" )"
      R"(mode="normal" resolution="successes" dice="3d10" threshold="8" who="Bram the Quiet" with="Sinew" bonus="-2" )"
      R"(terms="Sinew +3; Shown once +1; bonus dice -2"])");
  ASSERT_EQ(r.checks.size(), 1u);
  const CheckResult& c = r.checks[0];
  EXPECT_EQ(c.who, "Bram the Quiet");
  EXPECT_EQ(c.id, "ward");
  EXPECT_EQ(c.outcome, CheckOutcome::Success);
  ASSERT_EQ(game.rolls.size(), 1u);
  const RollRecord& record = game.rolls[0];
  EXPECT_EQ(record.reply, 1);
  EXPECT_EQ(record.tag, 1);
  EXPECT_EQ(record.who, "Bram the Quiet");
  EXPECT_EQ(record.ask,
            R"([skill_check: skill="Ward" dc="2" who="Bram the Quiet" threshold="8" bonus="-2" with="Sinew"])");
  ASSERT_EQ(record.throws.size(), 2u);
  EXPECT_EQ(record.throws[0].purpose, "check");
  EXPECT_EQ(record.throws[0].sides, 10);
  EXPECT_EQ(record.throws[0].faces, (std::vector<std::int64_t>{8, 10}));
  EXPECT_EQ(record.throws[1].purpose, "explode");
  EXPECT_EQ(record.throws[1].faces, (std::vector<std::int64_t>{3}));
}

TEST_F(PoolChecks, chapter_example_2_difficulty_names_a_step_and_explode_moves_the_face) {
  // Grim: 3 successes at target 8. Mira's Ward is Nerve 4 + 1 = 5 dice; nines explode now. The one
  // cancels one of the two successes.
  EXPECT_EQ(
      written(R"([skill_check: skill="Ward" difficulty="Grim" explode="9"])", {9, 2, 1, 7, 8, 5}),
      R"([skill_check: skill="Ward" dc="3" rolls="9|2|1|7|8|5" used="1" modifier="5" total="1" result="failure" )"
      R"(mode="normal" resolution="successes" dice="6d10" threshold="8" explode="9" terms="Nerve +4; Shown once +1"])");
}

TEST_F(PoolChecks, chapter_example_3_with_on_an_ability_check_adds_a_second_ability) {
  // Nerve 4 + Warmth 2 = 6 dice; dc 1 is Plain work alone, so its target 6 counts. Three ones
  // cancel the one success: a failure, not a botch, because a die did succeed.
  EXPECT_EQ(
      written(R"([skill_check: skill="Nerve" dc="1" with="Warmth"])", {6, 1, 1, 1, 2, 3}),
      R"([skill_check: skill="Nerve" dc="1" rolls="6|1|1|1|2|3" used="0" modifier="6" total="0" result="failure" )"
      R"(mode="normal" resolution="successes" dice="6d10" threshold="6" with="Warmth" terms="Nerve +4; Warmth +2"])");
}

TEST_F(PoolChecks, chapter_example_4_reroll_names_a_standing_rethrow) {
  // careful: faces at or below 6 thrown again once. 3 -> 8 and 6 -> 2; then the ten explodes.
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="2" reroll="careful"])", {3, 7, 9, 6, 10, 8, 2, 4});
  EXPECT_EQ(
      r.text,
      R"([skill_check: skill="Ward" dc="2" rolls="8|7|9|2|10|4" used="4" modifier="5" total="4" result="success" )"
      R"(mode="normal" resolution="successes" dice="6d10" threshold="7" rerolled="2" reroll="careful" )"
      R"(terms="Nerve +4; Shown once +1"])");
  ASSERT_EQ(game.rolls.size(), 1u);
  ASSERT_EQ(game.rolls[0].throws.size(), 3u);
  EXPECT_EQ(game.rolls[0].throws[1].purpose, "reroll");
  EXPECT_EQ(game.rolls[0].throws[1].faces, (std::vector<std::int64_t>{8, 2}));
  EXPECT_EQ(game.rolls[0].throws[2].purpose, "explode");
}

TEST_F(PoolChecks, a_reroll_no_entry_answers_to_is_ignored_and_one_that_threw_nothing_is_not_written) {
  EXPECT_EQ(
      written(R"([skill_check: skill="Ward" dc="1" reroll="lucky"])", {7, 7, 7, 7, 7}),
      R"([skill_check: skill="Ward" dc="1" rolls="7|7|7|7|7" used="5" modifier="5" total="5" result="critical_success" )"
      R"(mode="normal" resolution="successes" dice="5d10" threshold="6" terms="Nerve +4; Shown once +1"])");
  EXPECT_EQ(
      written(R"([skill_check: skill="Ward" dc="2" reroll="careful"])", {7, 8, 9, 7, 8}),
      R"([skill_check: skill="Ward" dc="2" rolls="7|8|9|7|8" used="5" modifier="5" total="5" result="critical_success" )"
      R"(mode="normal" resolution="successes" dice="5d10" threshold="7" terms="Nerve +4; Shown once +1"])");
}

TEST_F(PoolChecks, exceptional_needs_a_success_and_botch_needs_no_success_and_a_low_face) {
  EXPECT_EQ(
      written(R"([skill_check: skill="Ward" dc="1"])", {2, 3, 4, 5, 1}),
      R"([skill_check: skill="Ward" dc="1" rolls="2|3|4|5|1" used="0" modifier="5" total="0" result="critical_failure" )"
      R"(mode="normal" resolution="successes" dice="5d10" threshold="6" terms="Nerve +4; Shown once +1"])");
  // dc 9 is out of reach of five successes: exceptional counts only on a check that succeeded.
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="9"])", {7, 7, 7, 7, 7}).checks[0].outcome,
            CheckOutcome::Failure);
}

TEST_F(PoolChecks, out_of_range_asks_are_pulled_back_to_the_nearest_end) {
  // threshold 2 -> 5, bonus +9 -> +3, explode 3 -> 8, dc 400 -> the most one roll can count (30).
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="400" threshold="2" bonus="+9" explode="3"])",
                   {5, 5, 5, 5, 5, 5, 5, 5});
  EXPECT_EQ(
      r.text,
      R"([skill_check: skill="Ward" dc="30" rolls="5|5|5|5|5|5|5|5" used="8" modifier="5" total="8" result="failure" )"
      R"(mode="normal" resolution="successes" dice="8d10" threshold="5" bonus="+3" explode="8" )"
      R"(terms="Nerve +4; Shown once +1; bonus dice +3"])");
}

TEST_F(PoolChecks, advantage_is_ignored_on_a_pool) {
  EXPECT_EQ(written(R"([skill_check: skill="Ward" dc="1" mode="advantage"])", {6, 1, 2, 3, 4}),
            R"([skill_check: skill="Ward" dc="1" rolls="6|1|2|3|4" used="0" modifier="5" total="0" result="failure" )"
            R"(mode="normal" resolution="successes" dice="5d10" threshold="6" terms="Nerve +4; Shown once +1"])");
}

TEST_F(PoolChecks, a_save_by_its_label_and_by_its_ability) {
  const ResolvedChecks by_label =
      resolve_with(*ruleset, game, R"([skill_check: skill="Steel yourself" dc="1"])", {7, 7, 7, 7});
  ASSERT_EQ(by_label.checks.size(), 1u);
  EXPECT_EQ(by_label.checks[0].target, CheckTarget::Save);
  EXPECT_EQ(by_label.checks[0].id, "steel");
  EXPECT_EQ(by_label.checks[0].modifier, 4);  // Nerve 4, untried
  const ResolvedChecks by_ability =
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve save" dc="1"])", {7, 7, 7, 7});
  EXPECT_EQ(by_ability.checks[0].id, "steel");
}

TEST_F(PoolChecks, SH_5_untrained_by_is_in_the_number_the_check_rolls) {
  // Haul sits in Labour, untrained by -1: Sinew 2 - 1 = 1 die.
  EXPECT_EQ(written(R"([skill_check: skill="Haul" dc="1"])", {9}),
            R"([skill_check: skill="Haul" dc="1" rolls="9" used="1" modifier="1" total="1" result="success" )"
            R"(mode="normal" resolution="successes" dice="1d10" threshold="6" terms="Sinew +2; Untried -1"])");
}

TEST_F(PoolChecks, SH_5_untrained_harder_is_one_more_on_the_target_inside_its_range) {
  auto threshold_of = [&](std::string_view reply) {
    const ResolvedChecks r = resolve_with(*ruleset, game, reply, {7, 7, 7, 7});
    return r.checks.empty() ? std::optional<std::int64_t>() : r.checks[0].threshold;
  };
  EXPECT_EQ(threshold_of(R"([skill_check: skill="Listen" dc="2"])"), 8);
  EXPECT_EQ(threshold_of(R"([skill_check: skill="Listen" dc="1"])"), 7);  // Plain work's 6, one harder
  EXPECT_EQ(threshold_of(R"([skill_check: skill="Listen" dc="2" threshold="9"])"), 9);
  EXPECT_EQ(threshold_of(R"([skill_check: skill="Ward" dc="2"])"), 7);  // trained: as usual
}

TEST_F(PoolChecks, SH_8_SH_9_SH_10_a_cap_holds_the_check_and_a_with_swap_is_capped_again) {
  auto dice_of = [&](std::string_view reply) {
    const ResolvedChecks r = resolve_with(*ruleset, game, reply, std::vector<std::int64_t>(10, 7));
    return r.checks.empty() ? std::int64_t{-1} : r.checks[0].modifier;
  };
  // Bram's Soothe: Warmth 4 + 1 = 5, capped at the 3 Resolve he has left.
  EXPECT_EQ(dice_of(R"([skill_check: skill="Soothe" dc="1" who="Bram the Quiet"])"), 3);
  // with Sinew: 5 - 4 + 3 = 4 from the uncapped number, capped again at 3.
  EXPECT_EQ(dice_of(R"([skill_check: skill="Soothe" dc="1" who="Bram the Quiet" with="Sinew"])"), 3);
  // with Nerve: 5 - 4 + 1 = 2 stays 2.
  EXPECT_EQ(dice_of(R"([skill_check: skill="Soothe" dc="1" who="Bram the Quiet" with="Nerve"])"), 2);
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Soothe" dc="1" who="Bram the Quiet"])", {7, 7, 7});
  EXPECT_EQ(r.checks[0].terms.back().name, "cap");
  EXPECT_EQ(r.checks[0].terms.back().value, -2);
}

TEST(PoolCheckSheet, SH_65_SH_69_SH_70_SH_71_penalty_and_adjust_are_rolled_and_written) {
  std::string resolution = rk::test::patched(test::kChapterPool, "/penaltyFrom", R"("harm")");
  resolution =
      rk::test::patched(resolution, "/adjust", R"([{ "value": { "derived": "poor_light" }, "abilities": ["nerve"] }])");
  const auto ruleset = rk::test::compile(test::chapter_pool_ruleset(resolution));
  ASSERT_TRUE(ruleset);
  Game game = test::game_of(*ruleset, {R"({"v": 1, "ruleset": "ref", "name": "Mira",
    "build": { "abilities": { "nerve": 4 }, "skills": { "ward": "rating_1" } },
    "live": { "wounds": { "harm": { "marks": ["knock", "knock"] } } }})"});
  // Ward 5 dice, Hurt -1, Poor light -2: two dice.
  const ResolvedChecks r = test::resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="1"])", {6, 2});
  EXPECT_EQ(r.text, R"([skill_check: skill="Ward" dc="1" rolls="6|2" used="1" modifier="2" total="1" result="success" )"
                    R"(mode="normal" resolution="successes" dice="2d10" threshold="6" penalty="-1" adjust="-2" )"
                    R"(terms="Nerve +4; Shown once +1; Harm -1; Poor light -2"])");
  // An adjust limited to Nerve does not touch a Sinew roll.
  const ResolvedChecks sinew = test::resolve_with(*ruleset, game, R"([skill_check: skill="Sinew" dc="1"])", {6});
  EXPECT_EQ(sinew.checks[0].adjust, 0);
  EXPECT_EQ(sinew.checks[0].penalty, -1);
}

TEST(PoolCheckSheet, halfOrMore_botch_marks_a_complication_beside_a_result) {
  const std::string resolution =
      rk::test::patched(test::kChapterPool, "/botch", R"({ "upTo": 1, "rule": "halfOrMore" })");
  const auto ruleset = rk::test::compile(test::chapter_pool_ruleset(resolution));
  ASSERT_TRUE(ruleset);
  Game game = test::game_of(*ruleset, {test::kMira});
  // Five dice, three ones: low on half or more. A die succeeded, so the result stands (the ones
  // cancel it to a failure) and the roll went wrong on the side.
  const ResolvedChecks side =
      test::resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="1"])", {9, 9, 1, 1, 1});
  EXPECT_EQ(side.checks[0].outcome, CheckOutcome::Failure);
  EXPECT_TRUE(side.checks[0].complication);
  EXPECT_NE(side.text.find(R"( complication="true")"), std::string::npos) << side.text;
  // No die succeeded: a critical failure.
  const ResolvedChecks botch =
      test::resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="1"])", {2, 3, 1, 1, 1});
  EXPECT_EQ(botch.checks[0].outcome, CheckOutcome::CriticalFailure);
  EXPECT_FALSE(botch.checks[0].complication);
}

TEST_F(PoolChecks, a_pool_result_the_model_wrote_is_replaced_and_the_engine_throws_the_dice) {
  // writing-rulesets.md "What the Game Master may write on a pool check": "The Engine always
  // throws the dice itself. A pool result the model wrote is replaced". Its `rolls=`, `total=` and
  // `result=` are neither faces nor a result, and ask for nothing.
  EXPECT_EQ(
      written(R"([skill_check: skill="Ward" dc="1" rolls="10|10|10" used="3" total="3" result="critical_success"])",
              {2, 3, 4, 5, 6}),
      R"([skill_check: skill="Ward" dc="1" rolls="2|3|4|5|6" used="1" modifier="5" total="1" result="success" )"
      R"(mode="normal" resolution="successes" dice="5d10" threshold="6" terms="Nerve +4; Shown once +1"])");
  ASSERT_EQ(game.rolls.size(), 1u);
  EXPECT_EQ(game.rolls[0].throws[0].faces, (std::vector<std::int64_t>{2, 3, 4, 5, 6}));
}

}  // namespace
}  // namespace rk::play
