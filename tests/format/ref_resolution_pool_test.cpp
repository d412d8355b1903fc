// The reference's `dice-sum` and `dice-pool` keys (writing-rulesets.md "dice-sum", "dice-pool",
// "Spending to change a roll"): each refusal the chapter states, with its code and pointer, the
// worked limit "the most one roll could ever count", and the Capability API gates at N-1 and N.
#include <string>

#include <gtest/gtest.h>

#include "format/ref_resolution_support.hpp"

namespace rk {
namespace {

using test::has_error;
using test::kPoolResolution;
using test::kSumResolution;
using test::message_at;
using test::reference_ruleset;
using test::resolution_with;

LoadResult load(const std::string& text) { return test::load(text); }

// ---- dice-sum ------------------------------------------------------------------------------

TEST(RefResolution, dice_sum_naturals_with_several_dice_are_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/naturals", R"({"check": "both"})"));
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, "/resolution/naturals")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::ConflictingKeys, "/resolution/naturals").find("single die"), std::string::npos);
}

TEST(RefResolution, dice_sum_naturals_none_with_several_dice_is_accepted) {
  EXPECT_TRUE(load(resolution_with(kSumResolution, "/naturals", R"({"check": "none", "save": "none"})")).ok());
}

TEST(RefResolution, dice_sum_naturals_on_one_die_are_accepted) {
  std::string res = test::patched(kSumResolution, "/dice", R"({"count": 1, "sides": 20})");
  res = test::patched(res, "/naturals", R"({"check": "max-only", "save": "min-only"})");
  const LoadResult r = load(reference_ruleset(res));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->resolution.sum.natural_check, NaturalPolicy::MaxOnly);
  EXPECT_EQ(r.ruleset->resolution.sum.natural_save, NaturalPolicy::MinOnly);
}

TEST(RefResolution, dice_sum_naturals_outside_the_four_policies_are_refused) {
  std::string res = test::patched(kSumResolution, "/dice", R"({"count": 1, "sides": 20})");
  const LoadResult r = load(reference_ruleset(test::patched(res, "/naturals", R"({"check": "always"})")));
  EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/naturals/check")) << test::describe(r);
}

TEST(RefResolution, dice_sum_dice_outside_one_to_ten_of_two_to_a_thousand_are_refused) {
  const LoadResult count = load(resolution_with(kSumResolution, "/dice/count", "11"));
  EXPECT_TRUE(has_error(count, Code::OutOfRange, "/resolution/dice/count")) << test::describe(count);
  const LoadResult sides = load(resolution_with(kSumResolution, "/dice/sides", "1001"));
  EXPECT_TRUE(has_error(sides, Code::OutOfRange, "/resolution/dice/sides")) << test::describe(sides);
  EXPECT_TRUE(load(resolution_with(kSumResolution, "/dice", R"({"count": 10, "sides": 1000})")).ok());
}

TEST(RefResolution, dice_sum_ladder_dc_outside_minus_100_to_1000_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/difficultyLadder/1/dc", "1001"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/difficultyLadder/1/dc")) << test::describe(r);
}

TEST(RefResolution, dice_sum_ladder_step_in_the_pool_shape_is_refused) {
  const LoadResult r =
      load(resolution_with(kSumResolution, "/difficultyLadder/1", R"({"label": "Hard", "successes": 2})"));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, "/resolution/difficultyLadder/1")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::NotForResolutionKind, "/resolution/difficultyLadder/1").find("sums dice"),
            std::string::npos);
}

TEST(RefResolution, dice_sum_pool_keys_are_unknown) {
  const LoadResult r = load(resolution_with(kSumResolution, "/target", R"({"default": 7, "min": 5, "max": 9})"));
  EXPECT_TRUE(has_error(r, Code::UnknownKey, "/resolution/target")) << test::describe(r);
}

TEST(RefResolution, dice_sum_spend_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/spend",
                                            R"([{"pool": "resolve", "amount": 1, "successes": 1, "perCheck": 2}])"));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, "/resolution/spend/0")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::NotForResolutionKind, "/resolution/spend/0").find("dice-sum"), std::string::npos);
}

// ---- dice-pool: the die, the pool, the target ------------------------------------------------

TEST(RefResolution, dice_pool_die_sides_run_from_2_to_100) {
  EXPECT_TRUE(has_error(load(resolution_with(kPoolResolution, "/die/sides", "101")), Code::OutOfRange,
                        "/resolution/die/sides"));
  EXPECT_TRUE(
      has_error(load(resolution_with(kPoolResolution, "/die/sides", "1")), Code::OutOfRange, "/resolution/die/sides"));
}

TEST(RefResolution, dice_pool_max_above_100_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/pool/max", "101"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/pool/max")) << test::describe(r);
}

TEST(RefResolution, dice_pool_min_above_max_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/pool/min", "16"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/pool/min")) << test::describe(r);
}

TEST(RefResolution, dice_pool_min_of_zero_is_accepted) {
  EXPECT_TRUE(load(resolution_with(kPoolResolution, "/pool/min", "0")).ok());
}

TEST(RefResolution, dice_pool_target_is_required) {
  std::string res = test::patched(kPoolResolution, "/target", "");
  const LoadResult r = load(reference_ruleset(res));
  EXPECT_TRUE(has_error(r, Code::MissingKey, "/resolution")) << test::describe(r);
}

TEST(RefResolution, dice_pool_target_face_the_die_does_not_have_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/target/max", "11"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/target/max")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::OutOfRange, "/resolution/target/max").find("from 2 to 10"), std::string::npos);
}

TEST(RefResolution, dice_pool_target_min_above_max_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/target", R"({"default": 7, "min": 9, "max": 5})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/target/min")) << test::describe(r);
}

TEST(RefResolution, dice_pool_target_default_outside_range_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/target/default", "4"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/target/default")) << test::describe(r);
}

// ---- dice-pool: face rules -----------------------------------------------------------------

TEST(RefResolution, dice_pool_explode_face_the_die_does_not_have_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/explode/from", "11"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/explode/from")) << test::describe(r);
}

TEST(RefResolution, dice_pool_double_from_below_its_min_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/double", R"({"from": 8, "min": 9})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/double/from")) << test::describe(r);
}

TEST(RefResolution, dice_pool_face_rule_with_neither_from_nor_min_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/explode", "{}"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, "/resolution/explode")) << test::describe(r);
}

TEST(RefResolution, dice_pool_explode_with_only_a_min_is_accepted) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/explode", R"({"min": 10})"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_FALSE(r.ruleset->resolution.pool.explode->from.has_value());
  EXPECT_EQ(r.ruleset->resolution.pool.explode->min, 10);
}

TEST(RefResolution, dice_pool_cancel_face_at_the_lowest_target_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/cancel/upTo", "5"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/cancel/upTo")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::OutOfRange, "/resolution/cancel/upTo").find("below the lowest target (5)"),
            std::string::npos);
  EXPECT_TRUE(load(resolution_with(kPoolResolution, "/cancel/upTo", "4")).ok());
}

TEST(RefResolution, dice_pool_botch_face_at_the_lowest_target_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/botch/upTo", "6"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/botch/upTo")) << test::describe(r);
}

TEST(RefResolution, dice_pool_botch_rule_outside_the_two_readings_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/botch/rule", "\"always\""));
  EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/botch/rule")) << test::describe(r);
  const LoadResult half = load(resolution_with(kPoolResolution, "/botch/rule", "\"halfOrMore\""));
  ASSERT_TRUE(half.ok()) << test::describe(half);
  EXPECT_EQ(half.ruleset->resolution.pool.botch_rule, DicePoolRules::Botch::HalfOrMore);
}

// "the pool's maximum, doubled when dice can explode, and doubled again when faces count twice"
TEST(RefResolution, dice_pool_most_one_roll_can_count_is_max_doubled_by_explode_and_again_by_double) {
  const LoadResult plain =
      load(resolution_with(test::patched(kPoolResolution, "/explode", ""), "/exceptional/successes", "15"));
  ASSERT_TRUE(plain.ok()) << test::describe(plain);
  EXPECT_EQ(plain.ruleset->resolution.pool.max_successes(), 15);
  const LoadResult over =
      load(resolution_with(test::patched(kPoolResolution, "/explode", ""), "/exceptional/successes", "16"));
  EXPECT_TRUE(has_error(over, Code::OutOfRange, "/resolution/exceptional/successes")) << test::describe(over);
  EXPECT_NE(message_at(over, Code::OutOfRange, "/resolution/exceptional/successes").find("15 at most"),
            std::string::npos);

  const LoadResult exploding = load(reference_ruleset(kPoolResolution));
  EXPECT_EQ(exploding.ruleset->resolution.pool.max_successes(), 30);
  const LoadResult both = load(resolution_with(kPoolResolution, "/double", R"({"from": 10})"));
  ASSERT_TRUE(both.ok()) << test::describe(both);
  EXPECT_EQ(both.ruleset->resolution.pool.max_successes(), 60);
}

TEST(RefResolution, dice_pool_ladder_successes_no_roll_can_count_are_refused) {
  std::string res = test::patched(kPoolResolution, "/explode", "");
  const LoadResult r = load(reference_ruleset(test::patched(res, "/difficultyLadder/1/successes", "16")));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/difficultyLadder/1/successes")) << test::describe(r);
}

TEST(RefResolution, dice_pool_ladder_step_target_outside_the_target_range_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/difficultyLadder/2/target", "10"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/difficultyLadder/2/target")) << test::describe(r);
}

TEST(RefResolution, dice_pool_ladder_step_target_when_the_target_cannot_move_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/target", R"({"default": 6, "min": 6, "max": 6})"));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, "/resolution/difficultyLadder/0/target")) << test::describe(r);
}

TEST(RefResolution, dice_pool_ladder_step_in_the_sum_shape_is_refused) {
  const LoadResult r =
      load(resolution_with(kPoolResolution, "/difficultyLadder/1", R"({"label": "Awkward", "dc": 12})"));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, "/resolution/difficultyLadder/1")) << test::describe(r);
}

TEST(RefResolution, dice_pool_situational_dice_outside_minus_20_to_20_are_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/situationalDice", R"({"min": -21, "max": 21})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/situationalDice/min")) << test::describe(r);
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/situationalDice/max")) << test::describe(r);
}

TEST(RefResolution, dice_pool_sum_keys_are_unknown) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/advantage", "true"));
  EXPECT_TRUE(has_error(r, Code::UnknownKey, "/resolution/advantage")) << test::describe(r);
}

// ---- dice-pool: re-throws ------------------------------------------------------------------

TEST(RefResolution, dice_pool_reroll_of_every_face_is_refused) {
  const LoadResult r =
      load(resolution_with(kPoolResolution, "/reroll", R"([{"id": "careful", "upTo": 10, "mode": "once"}])"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/reroll/0/upTo")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::OutOfRange, "/resolution/reroll/0/upTo").find("from 1 to 9"), std::string::npos);
}

TEST(RefResolution, dice_pool_reroll_ids_are_unique_and_at_most_six) {
  const LoadResult twice = load(resolution_with(
      kPoolResolution, "/reroll",
      R"([{"id": "careful", "upTo": 6, "mode": "once"}, {"id": "careful", "upTo": 3, "mode": "until"}])"));
  EXPECT_TRUE(has_error(twice, Code::DuplicateId, "/resolution/reroll/1")) << test::describe(twice);
  std::string seven = "[";
  for (int i = 0; i < 7; ++i)
    seven += std::string(i ? "," : "") + R"({"id": "r)" + std::to_string(i) + R"(", "upTo": 2, "mode": "once"})";
  const LoadResult many = load(resolution_with(kPoolResolution, "/reroll", seven + "]"));
  EXPECT_TRUE(has_error(many, Code::TooMany, "/resolution/reroll")) << test::describe(many);
}

TEST(RefResolution, dice_pool_reroll_mode_is_once_or_until) {
  const LoadResult r =
      load(resolution_with(kPoolResolution, "/reroll", R"([{"id": "careful", "upTo": 6, "mode": "twice"}])"));
  EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/reroll/0/mode")) << test::describe(r);
}

// ---- spending to change a roll -------------------------------------------------------------

TEST(RefResolution, spend_from_a_pool_that_starts_empty_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/spend/0/pool", "\"dread\""));
  EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/spend/0/pool")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::BadValue, "/resolution/spend/0/pool").find("starts empty"), std::string::npos);
}

TEST(RefResolution, spend_from_an_unknown_pool_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/spend/0/pool", "\"luck\""));
  EXPECT_TRUE(has_error(r, Code::UnknownReference, "/resolution/spend/0/pool")) << test::describe(r);
}

TEST(RefResolution, spend_that_buys_nothing_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/spend/0/successes", ""));
  EXPECT_TRUE(has_error(r, Code::MissingKey, "/resolution/spend/0")) << test::describe(r);
}

TEST(RefResolution, two_spends_on_one_pool_are_refused) {
  const LoadResult r = load(
      resolution_with(kPoolResolution, "/spend/1", R"({"pool": "resolve", "amount": 2, "dice": 1, "perCheck": 1})"));
  EXPECT_TRUE(has_error(r, Code::DuplicateId, "/resolution/spend/1/pool")) << test::describe(r);
}

TEST(RefResolution, more_than_four_spends_are_refused) {
  std::string res = kPoolResolution;
  for (int i = 1; i < 5; ++i) {
    res = test::patched(res, "/spend/" + std::to_string(i),
                        R"({"pool": "resolve", "amount": 1, "dice": 1, "perCheck": 1})");
  }
  const LoadResult r = load(reference_ruleset(res));
  EXPECT_TRUE(has_error(r, Code::TooMany, "/resolution/spend")) << test::describe(r);
}

TEST(RefResolution, spend_per_check_outside_1_to_10_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/spend/0/perCheck", "11"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/spend/0/perCheck")) << test::describe(r);
}

TEST(RefResolution, spend_per_check_may_be_a_sheet_value_or_the_pool) {
  const LoadResult sheet = load(resolution_with(kPoolResolution, "/spend/0/perCheck", R"({"abilityScore": "nerve"})"));
  ASSERT_TRUE(sheet.ok()) << test::describe(sheet);
  EXPECT_EQ(sheet.ruleset->resolution.spend[0].per_check_kind, Spend::PerCheck::Sheet);
  const LoadResult pool = load(resolution_with(kPoolResolution, "/spend/0/perCheck", "\"pool\""));
  ASSERT_TRUE(pool.ok()) << test::describe(pool);
  EXPECT_EQ(pool.ruleset->resolution.spend[0].per_check_kind, Spend::PerCheck::Pool);
  const LoadResult unknown = load(resolution_with(kPoolResolution, "/spend/0/perCheck", R"({"derived": "focus"})"));
  EXPECT_TRUE(has_error(unknown, Code::UnknownReference, "/resolution/spend/0/perCheck")) << test::describe(unknown);
}

TEST(RefResolution, spend_reroll_of_every_face_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/spend/0/reroll", R"({"upTo": 10, "mode": "once"})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, "/resolution/spend/0/reroll/upTo")) << test::describe(r);
}

// ---- the reference's counts, accepted at their limit ----------------------------------------

TEST(RefResolution, twelve_ladder_steps_six_rerolls_and_four_spends_are_accepted) {
  std::string res = kPoolResolution;
  for (int i = 3; i < 12; ++i)
    res = test::patched(res, "/difficultyLadder/" + std::to_string(i), R"({"label": "Step", "successes": 2})");
  std::string rerolls = "[";
  for (int i = 0; i < 6; ++i)
    rerolls += std::string(i ? "," : "") + R"({"id": "r)" + std::to_string(i) + R"(", "upTo": 2, "mode": "once"})";
  res = test::patched(res, "/reroll", rerolls + "]");
  std::string sheet = test::kReferenceSheet;
  for (int i = 1; i < 4; ++i) {
    const std::string id = "extra" + std::to_string(i);
    sheet = test::patched(sheet, "/live/pools/" + std::to_string(i + 1),
                          R"({"id": ")" + id + R"(", "label": "Extra", "max": 3})");
    res = test::patched(res, "/spend/" + std::to_string(i),
                        R"({"pool": ")" + id + R"(", "amount": 1, "dice": 1, "perCheck": 1})");
  }
  const LoadResult r = load(reference_ruleset(res, sheet));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->resolution.ladder.size(), 12u);
  EXPECT_EQ(r.ruleset->resolution.pool.reroll.size(), 6u);
  EXPECT_EQ(r.ruleset->resolution.spend.size(), 4u);
}

// ---- the chapter's own example ---------------------------------------------------------------

// writing-rulesets.md "dice-pool", the block as the chapter prints it, with each of its numbers.
TEST(RefResolution, the_chapters_dice_pool_example_is_read_with_its_numbers) {
  const LoadResult r = load(reference_ruleset(R"({
    "kind": "dice-pool", "die": { "sides": 10 }, "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [ { "id": "rating_0", "label": "Untried" }, { "id": "rating_1", "label": "Shown once", "flat": 1 } ],
    "pool": { "min": 1, "max": 15, "abilityPlusAbility": true },
    "target": { "default": 7, "min": 5, "max": 9 },
    "explode": { "from": 10, "min": 8 }, "cancel": { "upTo": 1 }, "botch": { "upTo": 1 },
    "exceptional": { "successes": 5 }, "situationalDice": { "min": -3, "max": 3 },
    "reroll": [{ "id": "careful", "upTo": 6, "mode": "once" }],
    "difficultyLadder": [ { "label": "Plain work", "successes": 1, "target": 6 }, { "label": "Grim", "successes": 3, "target": 8 } ]
  })"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Resolution& res = r.ruleset->resolution;
  EXPECT_EQ(res.pool.sides, 10);
  EXPECT_EQ(res.pool.pool_min, 1);
  EXPECT_EQ(res.pool.pool_max, 15);
  EXPECT_TRUE(res.pool.ability_plus_ability);
  EXPECT_EQ(res.pool.target_default, 7);
  EXPECT_EQ(res.pool.target_min, 5);
  EXPECT_EQ(res.pool.target_max, 9);
  ASSERT_TRUE(res.pool.explode);
  EXPECT_EQ(res.pool.explode->from, 10);
  EXPECT_EQ(res.pool.explode->min, 8);
  EXPECT_EQ(res.pool.cancel_up_to, 1);
  EXPECT_EQ(res.pool.botch_up_to, 1);
  EXPECT_EQ(res.pool.botch_rule, DicePoolRules::Botch::NoSuccesses);  // "`noSuccesses` is the default"
  EXPECT_EQ(res.pool.exceptional, 5);
  ASSERT_TRUE(res.pool.situational_dice);
  EXPECT_EQ(*res.pool.situational_dice, std::make_pair(std::int64_t{-3}, std::int64_t{3}));
  ASSERT_EQ(res.pool.reroll.size(), 1u);
  EXPECT_EQ(res.pool.reroll[0].id, "careful");
  EXPECT_EQ(res.pool.reroll[0].up_to, 6);
  EXPECT_EQ(res.pool.reroll[0].mode, PoolReroll::Mode::Once);
  // "one check throws at most twice `pool.max` dice": 15 thrown, as many again exploded.
  EXPECT_EQ(res.pool.max_successes(), 30);
  ASSERT_EQ(res.ladder.size(), 2u);
  EXPECT_EQ(res.ladder[0].successes, 1);
  EXPECT_EQ(res.ladder[0].target, 6);
  EXPECT_EQ(res.ladder[1].successes, 3);
  EXPECT_EQ(res.ladder[1].target, 8);
}

// writing-rulesets.md "Spending to change a roll": one purchase costs `amount`, `perCheck` caps them.
TEST(RefResolution, the_chapters_spend_example_is_read_with_its_numbers) {
  const LoadResult r = load(reference_ruleset(kPoolResolution));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  ASSERT_EQ(r.ruleset->resolution.spend.size(), 1u);
  const Spend& spend = r.ruleset->resolution.spend[0];
  EXPECT_EQ(spend.pool, "resolve");
  EXPECT_EQ(spend.amount, 1);
  EXPECT_EQ(spend.successes, 1);
  EXPECT_EQ(spend.per_check_kind, Spend::PerCheck::Count);
  EXPECT_EQ(spend.per_check, 2);
}

// ---- the first dialect's blocks are refused ------------------------------------------------

TEST(RefResolution, a_dice_pool_block_without_the_reference_keys_is_refused) {
  const LoadResult r = load(reference_ruleset(
      R"({"kind": "dice-pool", "proficiencyTiers": [{"id": "u", "label": "U"}, {"id": "t", "label": "T", "bonus": 1}]})"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, "/resolution"))
      << test::describe(r);  // abilityModifier, target, difficultyLadder
  EXPECT_TRUE(has_error(r, Code::UnknownKey, "/resolution/proficiencyTiers/1/bonus")) << test::describe(r);
}

// ---- Capability API gates ------------------------------------------------------------------

std::string manifest(std::int64_t minor) {
  return R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

/// Gravewatch's block without the 1.38 `adjust`, so the gate under test decides.
std::string pool_below_1_38() { return test::patched(kPoolResolution, "/adjust", ""); }

void expect_gate(const std::string& text, std::int64_t minor, const std::string& pointer) {
  SCOPED_TRACE("gate 1." + std::to_string(minor) + " at " + pointer);
  const LoadResult exact = test::load_package(manifest(minor), text);
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1." + std::to_string(minor));
  const LoadResult below = test::load_package(manifest(minor - 1), text);
  EXPECT_TRUE(has_error(below, Code::CapabilityTooLow, pointer)) << test::describe(below);
  for (const auto& d : below.diagnostics.items()) EXPECT_EQ(d.code, Code::CapabilityTooLow) << test::describe(below);
  EXPECT_TRUE(test::load(text).ok());
}

TEST(RefResolutionGates, dice_pool_needs_1_24) {
  expect_gate(reference_ruleset(pool_below_1_38()), 24, "/resolution/kind");
}

TEST(RefResolutionGates, dice_sum_needs_nothing) {
  const LoadResult r = test::load_package(manifest(0), reference_ruleset(kSumResolution));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(RefResolutionGates, a_min_on_explode_needs_1_37) {
  expect_gate(resolution_with(pool_below_1_38(), "/explode/min", "8"), 37, "/resolution/explode/min");
}

TEST(RefResolutionGates, a_min_on_double_needs_1_37) {
  expect_gate(resolution_with(pool_below_1_38(), "/double", R"({"min": 9})"), 37, "/resolution/double/min");
}

TEST(RefResolutionGates, ability_plus_ability_needs_1_37) {
  expect_gate(resolution_with(pool_below_1_38(), "/pool/abilityPlusAbility", "true"), 37,
              "/resolution/pool/abilityPlusAbility");
}

TEST(RefResolutionGates, botch_rule_needs_1_37) {
  expect_gate(resolution_with(pool_below_1_38(), "/botch/rule", "\"noSuccesses\""), 37, "/resolution/botch/rule");
}

TEST(RefResolutionGates, reroll_needs_1_38) {
  expect_gate(resolution_with(pool_below_1_38(), "/reroll", R"([{"id": "careful", "upTo": 6, "mode": "once"}])"), 38,
              "/resolution/reroll");
}

TEST(RefResolutionGates, a_spend_that_buys_a_reroll_needs_1_38) {
  expect_gate(resolution_with(pool_below_1_38(), "/spend/0/reroll", R"({"upTo": 6, "mode": "once"})"), 38,
              "/resolution/spend/0/reroll");
}

TEST(RefResolutionGates, a_per_check_that_is_not_a_number_needs_1_38) {
  expect_gate(resolution_with(pool_below_1_38(), "/spend/0/perCheck", "\"pool\""), 38, "/resolution/spend/0/perCheck");
}

TEST(RefResolutionGates, more_than_two_spends_need_1_38) {
  std::string res =
      test::patched(pool_below_1_38(), "/spend/1", R"({"pool": "will_pool", "amount": 1, "dice": 1, "perCheck": 1})");
  res = test::patched(res, "/spend/2", R"({"pool": "luck", "amount": 1, "dice": 1, "perCheck": 1})");
  std::string sheet =
      test::patched(test::kReferenceSheet, "/live/pools/2", R"({"id": "will_pool", "label": "Will", "max": 3})");
  sheet = test::patched(sheet, "/live/pools/3", R"({"id": "luck", "label": "Luck", "max": 3})");
  // Like every counted limit a gate lifts, the gate is needed at the array that holds too many.
  expect_gate(reference_ruleset(res, sheet), 38, "/resolution/spend");
  const LoadResult two = test::load_package(manifest(24), reference_ruleset(test::patched(res, "/spend/2", ""), sheet));
  EXPECT_TRUE(two.ok()) << test::describe(two);
}

}  // namespace
}  // namespace rk
