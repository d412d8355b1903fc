// The reference shape of `resolution` (writing-rulesets.md "Resolution kinds", "dice-sum",
// "dice-pool", "Spending to change a roll", "The penalty on your rolls", "Modifiers off the
// sheet"): what is accepted, and every refusal the chapter states, with its code and pointer.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "format/ref_resolution_support.hpp"
#include "reference_dir.hpp"

namespace rk {
namespace {

using test::has_error;
using test::kPoolResolution;
using test::kSumResolution;
using test::message_at;
using test::reference_ruleset;
using test::resolution_with;

LoadResult load(const std::string& text) { return test::load(text); }

// ---- accepted shapes -----------------------------------------------------------------------

TEST(RefResolution, the_dice_pool_example_is_read_with_every_key) {
  const LoadResult r = load(reference_ruleset(kPoolResolution));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Resolution& res = r.ruleset->resolution;
  EXPECT_TRUE(res.is_pool());
  EXPECT_EQ(res.ability_mod, Resolution::AbilityMod::Identity);
  EXPECT_EQ(res.pool.sides, 10);
  EXPECT_EQ(res.pool.pool_min, 1);
  EXPECT_EQ(res.pool.pool_max, 15);
  EXPECT_EQ(res.pool.target_default, 7);
  EXPECT_EQ(res.pool.target_min, 5);
  EXPECT_EQ(res.pool.target_max, 9);
  ASSERT_TRUE(res.pool.explode);
  EXPECT_EQ(res.pool.explode->from, 10);
  EXPECT_EQ(res.pool.cancel_up_to, 1);
  EXPECT_EQ(res.pool.botch_up_to, 1);
  EXPECT_EQ(res.pool.exceptional, 5);
  ASSERT_TRUE(res.pool.situational_dice);
  EXPECT_EQ(res.pool.situational_dice->first, -3);
  EXPECT_EQ(res.pool.situational_dice->second, 3);
  ASSERT_EQ(res.spend.size(), 1u);
  EXPECT_EQ(res.spend[0].pool, "resolve");
  EXPECT_EQ(res.spend[0].per_check, 2);
  ASSERT_EQ(res.ladder.size(), 3u);
  EXPECT_EQ(res.ladder[2].successes, 3);
  EXPECT_EQ(res.ladder[2].target, 8);
  ASSERT_EQ(res.tiers.size(), 3u);
  EXPECT_EQ(res.tiers[2].flat, Number::of(2));
}

TEST(RefResolution, the_dice_sum_example_is_read_with_every_key) {
  const LoadResult r = load(reference_ruleset(kSumResolution));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Resolution& res = r.ruleset->resolution;
  EXPECT_FALSE(res.is_pool());
  EXPECT_EQ(res.sum.count, 2);
  EXPECT_EQ(res.sum.sides, 6);
  EXPECT_FALSE(res.sum.advantage);
  ASSERT_EQ(res.ladder.size(), 2u);
  EXPECT_EQ(res.ladder[1].dc, 10);
}

TEST(RefResolution, dice_sum_dice_default_to_one_d20) {
  const LoadResult r = load(resolution_with(kSumResolution, "/dice", ""));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->resolution.sum.count, 1);
  EXPECT_EQ(r.ruleset->resolution.sum.sides, 20);
}

TEST(RefResolution, dice_pool_die_and_pool_default_to_d10_and_1_to_40) {
  std::string res = test::patched(kPoolResolution, "/die", "");
  res = test::patched(res, "/pool", "");
  const LoadResult r = load(reference_ruleset(res));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->resolution.pool.sides, 10);
  EXPECT_EQ(r.ruleset->resolution.pool.pool_min, 1);
  EXPECT_EQ(r.ruleset->resolution.pool.pool_max, 40);
}

TEST(RefResolution, the_three_published_examples_have_no_error_under_resolution) {
  // The reference's files stay outside the repository (AGPL); read them where the workspace keeps them.
  const std::string dir = (rk::testing::reference_dir(RK_SOURCE_DIR) / "examples").string() + "/";
  for (const char* name : {"gravewatch.json", "ember-roads.json", "ruleset-5e-2014.example.json"}) {
    SCOPED_TRACE(name);
    const LoadResult r = load_ruleset(dir + name);
    for (const auto& d : r.diagnostics.items()) {
      EXPECT_NE(d.pointer.rfind("/resolution", 0), 0u) << code_name(d.code) << " " << d.pointer << " " << d.message;
    }
  }
}

// ---- the parts every kind shares -----------------------------------------------------------

TEST(RefResolution, kind_outside_dice_sum_and_dice_pool_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/kind", "\"roll-under\""));
  EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/kind")) << test::describe(r);
}

TEST(RefResolution, kind_is_required) {
  const LoadResult r = load(resolution_with(kSumResolution, "/kind", ""));
  EXPECT_TRUE(has_error(r, Code::MissingKey, "/resolution")) << test::describe(r);
  // Nothing says which kind `dice` or `difficultyLadder` was written for, so they are not judged.
  for (const auto& d : r.diagnostics.items()) EXPECT_NE(d.code, Code::UnknownKey) << test::describe(r);
}

// The first dialect's kinds: d20 and 2d6 are dice-sum's dice; d100 and dice-highest are what the
// chapter's "What is out of scope" leaves out, so they are refused with its reason.
TEST(RefResolution, the_retired_kinds_are_refused_with_the_reference_reason) {
  const std::pair<const char*, const char*> kinds[] = {
      {"d20", "dice-sum"}, {"2d6", "\"count\": 2"}, {"d100", "roll-under"}, {"dice-highest", "highest die"}};
  for (const auto& [kind, why] : kinds) {
    SCOPED_TRACE(kind);
    const LoadResult r = load(resolution_with(kSumResolution, "/kind", std::string("\"") + kind + "\""));
    EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/kind")) << test::describe(r);
    EXPECT_NE(message_at(r, Code::BadValue, "/resolution/kind").find(why), std::string::npos) << test::describe(r);
  }
  const LoadResult d100 = load(resolution_with(kSumResolution, "/kind", "\"d100\""));
  EXPECT_NE(message_at(d100, Code::BadValue, "/resolution/kind").find("out of scope"), std::string::npos);
}

TEST(RefResolution, ability_modifier_is_required) {
  const LoadResult r = load(resolution_with(kSumResolution, "/abilityModifier", ""));
  EXPECT_TRUE(has_error(r, Code::MissingKey, "/resolution")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::MissingKey, "/resolution").find("abilityModifier"), std::string::npos);
}

TEST(RefResolution, ability_modifier_op_outside_the_three_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/abilityModifier", R"({"op": "halve"})"));
  EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/abilityModifier/op")) << test::describe(r);
}

TEST(RefResolution, ability_modifier_step_table_needs_rising_thresholds) {
  const LoadResult r =
      load(resolution_with(kSumResolution, "/abilityModifier", R"({"op": "stepTable", "table": [[3, -1], [3, 0]]})"));
  EXPECT_TRUE(has_error(r, Code::BadStepTable, "/resolution/abilityModifier/table/1")) << test::describe(r);
}

TEST(RefResolution, the_retired_ability_mod_key_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/abilityMod", "\"d20\""));
  EXPECT_TRUE(has_error(r, Code::UnknownKey, "/resolution/abilityMod")) << test::describe(r);
}

TEST(RefResolution, proficiency_tiers_are_required_and_not_empty) {
  const LoadResult missing = load(resolution_with(kSumResolution, "/proficiencyTiers", ""));
  EXPECT_TRUE(has_error(missing, Code::MissingKey, "/resolution")) << test::describe(missing);
  const LoadResult empty = load(resolution_with(kSumResolution, "/proficiencyTiers", "[]"));
  EXPECT_TRUE(has_error(empty, Code::TooFew, "/resolution/proficiencyTiers")) << test::describe(empty);
}

TEST(RefResolution, tier_multiplier_without_a_proficiency_bonus_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/proficiencyTiers/1/multiplier", "1"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, "/resolution/proficiencyTiers/1/multiplier")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::MissingKey, "/resolution/proficiencyTiers/1/multiplier").find("use `flat`"),
            std::string::npos);
}

TEST(RefResolution, tier_multiplier_with_a_proficiency_bonus_is_accepted) {
  std::string res = test::patched(kSumResolution, "/proficiencyTiers/1/multiplier", "0.5");
  res = test::patched(res, "/proficiency", R"({"bonus": {"derived": "prof"}})");
  const LoadResult r = load(reference_ruleset(res));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(RefResolution, tier_multiplier_and_flat_outside_their_ranges_are_refused) {
  std::string res = test::patched(kSumResolution, "/proficiency", R"({"bonus": {"derived": "prof"}})");
  const LoadResult high = load(reference_ruleset(test::patched(res, "/proficiencyTiers/1/multiplier", "10.5")));
  EXPECT_TRUE(has_error(high, Code::OutOfRange, "/resolution/proficiencyTiers/1/multiplier")) << test::describe(high);
  const LoadResult flat = load(reference_ruleset(test::patched(res, "/proficiencyTiers/1/flat", "51")));
  EXPECT_TRUE(has_error(flat, Code::OutOfRange, "/resolution/proficiencyTiers/1/flat")) << test::describe(flat);
  const LoadResult fraction = load(reference_ruleset(test::patched(res, "/proficiencyTiers/1/flat", "1.5")));
  EXPECT_TRUE(has_error(fraction, Code::BadNumber, "/resolution/proficiencyTiers/1/flat")) << test::describe(fraction);
}

TEST(RefResolution, tier_round_none_is_not_a_reference_rounding) {
  const LoadResult r = load(resolution_with(kSumResolution, "/proficiencyTiers/1/round", "\"none\""));
  EXPECT_TRUE(has_error(r, Code::BadValue, "/resolution/proficiencyTiers/1/round")) << test::describe(r);
}

TEST(RefResolution, the_retired_tier_bonus_and_times_keys_are_refused) {
  const LoadResult bonus = load(resolution_with(kSumResolution, "/proficiencyTiers/1/bonus", "1"));
  EXPECT_TRUE(has_error(bonus, Code::UnknownKey, "/resolution/proficiencyTiers/1/bonus")) << test::describe(bonus);
  const LoadResult times = load(resolution_with(kSumResolution, "/proficiencyTiers/1/times", "2"));
  EXPECT_TRUE(has_error(times, Code::UnknownKey, "/resolution/proficiencyTiers/1/times")) << test::describe(times);
}

TEST(RefResolution, proficiency_bonus_reading_a_skill_modifier_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/proficiency", R"({"bonus": {"skillMod": "ward"}})"));
  EXPECT_TRUE(has_error(r, Code::DependencyCycle, "/resolution/proficiency/bonus")) << test::describe(r);
}

TEST(RefResolution, proficiency_bonus_through_a_derived_value_reading_a_save_is_refused) {
  std::string sheet = test::patched(test::kReferenceSheet, "/derived/2",
                                    R"({"id": "sneaky", "label": "Sneaky", "op": "sum", "of": [{"saveMod": "grit"}]})");
  std::string res = test::patched(kSumResolution, "/proficiency", R"({"bonus": {"derived": "sneaky"}})");
  const LoadResult r = load(reference_ruleset(res, sheet));
  EXPECT_TRUE(test::has_code(r, Code::DependencyCycle)) << test::describe(r);
}

TEST(RefResolution, a_derived_value_declared_above_the_proficiency_bonus_reading_a_skill_is_refused) {
  // light_nerve (index 0) sits above prof (index 1), which the bonus reads.
  std::string sheet = test::patched(test::kReferenceSheet, "/derived/0/of", R"([{"skillMod": "ward"}])");
  std::string res = test::patched(kSumResolution, "/proficiency", R"({"bonus": {"derived": "prof"}})");
  const LoadResult r = load(reference_ruleset(res, sheet));
  EXPECT_TRUE(has_error(r, Code::DependencyCycle, "/sheet/derived/0")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::DependencyCycle, "/sheet/derived/0").find("feeds the proficiency bonus"),
            std::string::npos);
  // Below the bonus's own value it may.
  const LoadResult below = load(reference_ruleset(
      res,
      test::patched(
          test::kReferenceSheet, "/derived/2",
          R"({"id": "ward_twice", "label": "Ward twice", "op": "sum", "of": [{"skillMod": "ward"}, {"skillMod": "ward"}]})")));
  EXPECT_TRUE(below.ok()) << test::describe(below);
}

TEST(RefResolution, proficiency_bonus_reading_live_state_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/proficiency", R"({"bonus": {"livePool": "resolve"}})"));
  EXPECT_TRUE(has_error(r, Code::ReadsLiveState, "/resolution/proficiency/bonus")) << test::describe(r);
}

TEST(RefResolution, proficiency_bonus_naming_an_unknown_value_is_refused) {
  const LoadResult r = load(resolution_with(kSumResolution, "/proficiency", R"({"bonus": {"derived": "nope"}})"));
  EXPECT_TRUE(has_error(r, Code::UnknownReference, "/resolution/proficiency/bonus")) << test::describe(r);
}

TEST(RefResolution, difficulty_ladder_is_required_with_one_to_twelve_steps) {
  const LoadResult missing = load(resolution_with(kSumResolution, "/difficultyLadder", ""));
  EXPECT_TRUE(has_error(missing, Code::MissingKey, "/resolution")) << test::describe(missing);
  std::string steps = "[";
  for (int i = 0; i < 13; ++i) steps += std::string(i ? "," : "") + R"({"label": "Step", "dc": 5})";
  const LoadResult many = load(resolution_with(kSumResolution, "/difficultyLadder", steps + "]"));
  EXPECT_TRUE(has_error(many, Code::TooMany, "/resolution/difficultyLadder")) << test::describe(many);
}

// ---- the penalty on your rolls, and modifiers off the sheet --------------------------------

TEST(RefResolution, penalty_from_a_plain_track_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/penaltyFrom", "\"will\""));
  EXPECT_TRUE(has_error(r, Code::PenaltyNotWoundTrack, "/resolution/penaltyFrom")) << test::describe(r);
}

TEST(RefResolution, penalty_from_an_unknown_track_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/penaltyFrom", "\"nowhere\""));
  EXPECT_TRUE(has_error(r, Code::UnknownReference, "/resolution/penaltyFrom")) << test::describe(r);
}

TEST(RefResolution, adjust_is_accepted_on_dice_sum_too) {
  const LoadResult r = load(resolution_with(kSumResolution, "/adjust", R"([{"value": {"derived": "light_nerve"}}])"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(RefResolution, adjust_takes_up_to_eight_entries) {
  std::string eight = "[";
  for (int i = 0; i < 8; ++i) eight += std::string(i ? "," : "") + R"({"value": {"const": -1}})";
  EXPECT_TRUE(load(resolution_with(kSumResolution, "/adjust", eight + "]")).ok());
  const LoadResult nine = load(resolution_with(kSumResolution, "/adjust", eight + R"(, {"value": {"const": -1}}])"));
  EXPECT_TRUE(has_error(nine, Code::TooMany, "/resolution/adjust")) << test::describe(nine);
}

TEST(RefResolution, adjust_naming_an_unknown_ability_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/adjust/0/abilities/0", "\"luck\""));
  EXPECT_TRUE(has_error(r, Code::UnknownReference, "/resolution/adjust/0/abilities/0")) << test::describe(r);
}

TEST(RefResolution, adjust_with_an_empty_ability_list_is_refused) {
  const LoadResult r = load(resolution_with(kPoolResolution, "/adjust/0/abilities", "[]"));
  EXPECT_TRUE(has_error(r, Code::TooFew, "/resolution/adjust/0/abilities")) << test::describe(r);
}

// SH-70: the sheet page shows `value` and `abilities` only, so the first dialect's scopes and
// label are refused rather than kept as an extension.
TEST(RefResolution, SH_70_adjust_skills_saves_and_label_are_refused) {
  for (const auto& [key, value] :
       {std::pair{"skills", R"(["ward"])"}, {"saves", R"(["grit"])"}, {"label", R"("Sack")"}}) {
    const LoadResult r = load(resolution_with(kPoolResolution, std::string("/adjust/0/") + key, value));
    EXPECT_TRUE(has_error(r, Code::UnknownKey, std::string("/resolution/adjust/0/") + key)) << test::describe(r);
  }
}

TEST(RefResolution, SH_70_adjust_lists_at_most_eight_entries_and_twelve_abilities) {
  std::string eight = "[";
  for (int i = 0; i < 8; ++i) eight += std::string(i ? "," : "") + R"({"value": {"const": -1}})";
  EXPECT_TRUE(load(resolution_with(kPoolResolution, "/adjust", eight + "]")).ok());
  const LoadResult nine = load(resolution_with(kPoolResolution, "/adjust", eight + R"(, {"value": {"const": -1}}])"));
  EXPECT_TRUE(has_error(nine, Code::TooMany, "/resolution/adjust")) << test::describe(nine);
  std::string thirteen = "[";
  for (int i = 0; i < 13; ++i) thirteen += std::string(i ? "," : "") + "\"a" + std::to_string(i) + "\"";
  const LoadResult abilities = load(resolution_with(kPoolResolution, "/adjust/0/abilities", thirteen + "]"));
  EXPECT_TRUE(has_error(abilities, Code::TooMany, "/resolution/adjust/0/abilities")) << test::describe(abilities);
}

// ---- untrained "harder" needs a pool whose target can move ----------------------------------

TEST(RefResolution, untrained_harder_on_a_dice_sum_ruleset_is_refused) {
  const std::string sheet = test::patched(test::kReferenceSheet, "/skills/0/untrained", "\"harder\"");
  const LoadResult r = load(reference_ruleset(kSumResolution, sheet));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, "/sheet/skills/0/untrained")) << test::describe(r);
  EXPECT_NE(message_at(r, Code::NotForResolutionKind, "/sheet/skills/0/untrained").find("no per-die target"),
            std::string::npos);
}

TEST(RefResolution, untrained_harder_on_a_pool_with_a_fixed_target_is_refused) {
  const std::string sheet = test::patched(test::kReferenceSheet, "/saves/0/untrained", "\"harder\"");
  std::string res = test::patched(kPoolResolution, "/target", R"({"default": 7, "min": 7, "max": 7})");
  for (const char* step : {"/difficultyLadder/2/target", "/difficultyLadder/0/target"})
    res = test::patched(res, step, "");
  const LoadResult r = load(reference_ruleset(res, sheet));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, "/sheet/saves/0/untrained")) << test::describe(r);
}

TEST(RefResolution, untrained_harder_on_a_pool_whose_target_moves_is_accepted) {
  const std::string sheet = test::patched(test::kReferenceSheet, "/skills/0/untrained", "\"harder\"");
  const LoadResult r = load(reference_ruleset(kPoolResolution, sheet));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

}  // namespace
}  // namespace rk
