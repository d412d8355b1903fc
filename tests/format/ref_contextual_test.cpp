// One-roll effects at import (BC-34 – BC-40, BB-136 – BB-139, BB-147 – BB-151): a list's
// `contextual` and a catalog entry's `mechanics.contextual`, held to their list, the sheet and the
// ruleset's resolution, each with the Capability API minor it needs.
#include <string>

#include <gtest/gtest.h>

#include "format/entry_contextual.hpp"
#include "format/ref_resolution_support.hpp"

namespace rk {
namespace {

using test::has_error;

/// The stunts list of builder-c.md §5, verbatim, with its `contextual` replaced by `contextual`.
std::string stunts(const std::string& contextual) {
  return R"({ "id": "stunts", "label": "Stunts", "maxItems": 10, "columns": [
      { "id": "name", "label": "Name", "type": "text", "maxLength": 80 },
      { "id": "skill", "label": "Skill", "type": "text", "maxLength": 40 },
      { "id": "bonus", "label": "Bonus", "type": "number", "min": -5, "max": 5, "default": 2 },
      { "id": "roll", "label": "Roll", "type": "dice" } ],
    "contextual": )" +
         contextual + "}";
}

const std::string kStunts = R"({ "name": "name", "skill": "skill", "bonus": "bonus" })";
const std::string kAt = "/sheet/lists/1/contextual";

/// The shared reference sheet with the stunts list beside its charms list.
std::string sheet_with(const std::string& list) { return test::patched(test::kReferenceSheet, "/lists/1", list); }

std::string pool_ruleset(const std::string& list) {
  return test::reference_ruleset(test::patched(test::kPoolResolution, "/explode", R"({"from": 10, "min": 8})"),
                                 sheet_with(list));
}
std::string sum_ruleset(const std::string& list) {
  return test::reference_ruleset(test::kSumResolution, sheet_with(list));
}

/// A package declaring Capability API 1.`minor`.
LoadResult at_minor(const std::string& text, std::int64_t minor) {
  return test::load_package(R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
                                R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})",
                            text);
}

/// The feature needs exactly 1.`minor`: accepted there, refused one below at `pointer`.
void expect_gate(const std::string& text, std::int64_t minor, const std::string& pointer) {
  SCOPED_TRACE("gate 1." + std::to_string(minor) + " at " + pointer);
  const LoadResult exact = at_minor(text, minor);
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1." + std::to_string(minor));
  const LoadResult below = at_minor(text, minor - 1);
  EXPECT_TRUE(has_error(below, Code::CapabilityTooLow, pointer)) << test::describe(below);
}

TEST(RefContextual, BC_34_the_stunts_example_is_read_with_its_columns) {
  const LoadResult r = test::load(sum_ruleset(stunts(kStunts)));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const List& list = r.ruleset->sheet.lists[1];
  ASSERT_TRUE(list.contextual);
  EXPECT_EQ(list.contextual->name, "name");
  EXPECT_EQ(list.contextual->skill_index, 1u);
  EXPECT_EQ(list.contextual->bonus_index, 2u);
  EXPECT_FALSE(list.contextual->saves);
}

TEST(RefContextual, BC_34_contextual_needs_1_156) { expect_gate(sum_ruleset(stunts(kStunts)), 156, kAt); }

TEST(RefContextual, BC_34_a_column_the_list_does_not_have_is_refused) {
  const LoadResult r = test::load(sum_ruleset(stunts(R"({ "name": "title", "bonus": "bonus" })")));
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kAt + "/name")) << test::describe(r);
}

TEST(RefContextual, BC_37_bonus_names_a_number_column_and_dice_a_dice_column) {
  const LoadResult bonus = test::load(sum_ruleset(stunts(R"({ "name": "name", "bonus": "skill" })")));
  EXPECT_TRUE(has_error(bonus, Code::WrongReferenceType, kAt + "/bonus")) << test::describe(bonus);
  const LoadResult dice = test::load(sum_ruleset(stunts(R"({ "name": "name", "dice": "bonus" })")));
  EXPECT_TRUE(has_error(dice, Code::WrongReferenceType, kAt + "/dice")) << test::describe(dice);
  EXPECT_TRUE(test::load(sum_ruleset(stunts(R"({ "name": "name", "dice": "roll" })"))).ok());
}

TEST(RefContextual, BC_38_to_is_saves_or_left_out) {
  const LoadResult saves = test::load(sum_ruleset(stunts(R"({ "name": "name", "bonus": "bonus", "to": "saves" })")));
  ASSERT_TRUE(saves.ok()) << test::describe(saves);
  EXPECT_TRUE(saves.ruleset->sheet.lists[1].contextual->saves);
  const LoadResult attacks =
      test::load(sum_ruleset(stunts(R"({ "name": "name", "bonus": "bonus", "to": "attacks" })")));
  EXPECT_TRUE(has_error(attacks, Code::BadValue, kAt + "/to")) << test::describe(attacks);
}

TEST(RefContextual, BC_39_a_check_effect_is_read_on_a_pool_and_refused_on_a_sum) {
  const std::string contextual = R"({ "name": "name", "check": { "explode": 8, "successes": 1 } })";
  const LoadResult pool = test::load(pool_ruleset(stunts(contextual)));
  ASSERT_TRUE(pool.ok()) << test::describe(pool);
  const ContextualCheck& check = *pool.ruleset->sheet.lists[1].contextual->check;
  EXPECT_EQ(check.explode, 8);
  EXPECT_EQ(check.successes, 1);
  const LoadResult sum = test::load(sum_ruleset(stunts(contextual)));
  EXPECT_TRUE(has_error(sum, Code::NotForResolutionKind, kAt + "/check")) << test::describe(sum);
}

TEST(RefContextual, BC_39_a_face_is_moved_only_within_the_rules_min) {
  // Gravewatch's own explode has no `min`: nothing may move it.
  const std::string text = test::reference_ruleset(
      test::kPoolResolution, sheet_with(stunts(R"({ "name": "name", "check": { "explode": 9 } })")));
  EXPECT_TRUE(has_error(test::load(text), Code::NotForResolutionKind, kAt + "/check/explode"));
  const LoadResult low = test::load(pool_ruleset(stunts(R"({ "name": "name", "check": { "explode": 7 } })")));
  EXPECT_TRUE(has_error(low, Code::OutOfRange, kAt + "/check/explode")) << test::describe(low);
}

TEST(RefContextual, BC_34_a_contextual_that_changes_nothing_is_refused) {
  const LoadResult r = test::load(sum_ruleset(stunts(R"({ "name": "name", "skill": "skill" })")));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kAt)) << test::describe(r);
}

TEST(RefContextual, BB_136_abilities_true_needs_1_213) {
  expect_gate(sum_ruleset(stunts(R"({ "name": "name", "skill": "skill", "bonus": "bonus", "abilities": true })")), 213,
              kAt + "/abilities");
}

TEST(RefContextual, BB_138_BB_139_cancel_false_needs_resolution_cancel_and_1_214) {
  const std::string contextual = R"({ "name": "name", "check": { "cancel": false } })";
  expect_gate(pool_ruleset(stunts(contextual)), 214, kAt + "/check/cancel");
  const std::string without_cancel = test::reference_ruleset(
      test::patched(test::patched(test::kPoolResolution, "/cancel", ""), "/botch", ""), sheet_with(stunts(contextual)));
  const LoadResult r = test::load(without_cancel);
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, kAt + "/check/cancel")) << test::describe(r);
}

TEST(RefContextual, BB_147_BB_148_best_needs_1_217_and_a_pool) {
  const std::string contextual = R"({ "name": "name", "check": { "best": true } })";
  expect_gate(pool_ruleset(stunts(contextual)), 217, kAt + "/check/best");
  EXPECT_TRUE(has_error(test::load(sum_ruleset(stunts(contextual))), Code::NotForResolutionKind, kAt + "/check"));
}

TEST(RefContextual, BB_150_BB_151_a_track_cost_needs_1_218_and_an_ordinary_track) {
  const std::string will = R"({ "name": "name", "bonus": "bonus", "cost": [{ "track": "will", "by": 2 }] })";
  expect_gate(sum_ruleset(stunts(will)), 218, kAt + "/cost");
  const LoadResult wound = test::load(
      sum_ruleset(stunts(R"({ "name": "name", "bonus": "bonus", "cost": [{ "track": "harm", "by": 1 }] })")));
  EXPECT_TRUE(has_error(wound, Code::WrongReferenceType, kAt + "/cost/0/track")) << test::describe(wound);
  const LoadResult pool = test::load(
      sum_ruleset(stunts(R"({ "name": "name", "bonus": "bonus", "cost": [{ "pool": "grace", "amount": 1 }] })")));
  EXPECT_TRUE(has_error(pool, Code::UnknownReference, kAt + "/cost/0/pool")) << test::describe(pool);
}

TEST(RefContextual, BC_40_a_cost_lists_at_most_four_prices) {
  auto costs = [](int n) {
    std::string out = R"({ "name": "name", "bonus": "bonus", "cost": [)";
    for (int i = 0; i < n; ++i) out += std::string(i ? ", " : "") + R"({ "pool": "resolve", "amount": 1 })";
    return out + "] }";
  };
  EXPECT_TRUE(test::load(sum_ruleset(stunts(costs(4)))).ok());
  EXPECT_TRUE(has_error(test::load(sum_ruleset(stunts(costs(5)))), Code::TooMany, kAt + "/cost"));
}

/// A catalog of one entry whose `mechanics.contextual` is `contextual`.
std::string with_entry(const std::string& resolution, const std::string& contextual) {
  const std::string catalogs = R"(, "catalogs": [{"id": "charms", "label": "Charms", "feeds": ["charms"], "entries": [
    {"id": "keen", "label": "Keen Eye", "rows": [{"list": "charms", "values": {"name": "Keen Eye"}}],
     "mechanics": {"kind": "utility", "contextual": )" +
                               contextual + "}}]}]";
  std::string text = test::reference_ruleset(resolution);
  return text.substr(0, text.size() - 1) + catalogs + "}";
}
const std::string kEntryAt = "/catalogs/0/entries/0/mechanics/contextual";

TEST(RefContextual, BC_40_an_entry_reads_effects_modifiers_narrowing_and_a_cost) {
  const LoadResult r = test::load(with_entry(test::kSumResolution, R"({
      "effects": ["own-checks-advantage"], "modifiers": [{ "to": "checks", "flat": 1 }],
      "skills": ["ward"], "cost": [{ "pool": "resolve", "amount": 1 }] })"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const EntryEffect& effect = *r.ruleset->catalogs[0].entries[0].effect;
  ASSERT_TRUE(effect.contextual);
  EXPECT_EQ(effect.contextual->skills, std::vector<Id>{"ward"});
  ASSERT_EQ(effect.contextual->cost.size(), 1u);
  EXPECT_EQ(effect.contextual->cost[0].pool, "resolve");
  expect_gate(with_entry(test::kSumResolution, R"({ "modifiers": [{ "to": "checks", "flat": 1 }] })"), 156, kEntryAt);
}

TEST(RefContextual, BC_40_an_entry_changes_one_roll_only) {
  const LoadResult fight = test::load(with_entry(test::kSumResolution, R"({ "effects": ["cannot-act"] })"));
  EXPECT_TRUE(has_error(fight, Code::BadValue, kEntryAt + "/effects/0")) << test::describe(fight);
  const LoadResult defense =
      test::load(with_entry(test::kSumResolution, R"({ "modifiers": [{ "to": "defense", "flat": 1 }] })"));
  EXPECT_TRUE(has_error(defense, Code::BadValue, kEntryAt + "/modifiers/0/to")) << test::describe(defense);
  const LoadResult skill = test::load(
      with_entry(test::kSumResolution, R"({ "modifiers": [{ "to": "checks", "flat": 1 }], "skills": ["dance"] })"));
  EXPECT_TRUE(has_error(skill, Code::UnknownReference, kEntryAt + "/skills/0")) << test::describe(skill);
  const LoadResult nothing =
      test::load(with_entry(test::kSumResolution, R"({ "cost": [{ "pool": "resolve", "amount": 1 }] })"));
  EXPECT_TRUE(has_error(nothing, Code::MissingKey, kEntryAt)) << test::describe(nothing);
}

}  // namespace
}  // namespace rk
