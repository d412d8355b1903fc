// Creation dice, `methods.rolls`, roll steps and initialize steps at import (builder-c.md §7, §11,
// validation rules 11, 17, 18): the spec's own examples are accepted, and every refusal has its
// code and pointer.
#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "support/load.hpp"
#include "support/roll_ruleset.hpp"

namespace rk {
namespace {

using test::roll_pool;
using test::roll_ruleset;
using test::roll_step;

// The spec's own groups (BC-82).
const std::string kCocRolls = R"({ "id": "characteristics", "label": "Characteristics", "kind": "abilities",
  "methods": { "rolls": [
    { "abilities": ["str", "con", "dex", "app", "pow"], "dice": { "count": 3, "sides": 6, "multiplier": 5 } },
    { "abilities": ["siz", "int", "edu"], "dice": { "count": 2, "sides": 6, "add": 6, "multiplier": 5 } } ] } })";

// The spec's own initialize step (BC-51), its pool named `creation`.
const std::string kStart = R"({ "id": "start", "label": "Starting values", "kind": "initialize",
  "writes": [ { "field": "san_start", "value": { "abilityScore": "pow" } }, { "field": "xp", "remaining": "creation" } ] })";

LoadResult load_steps(const std::string& steps, const std::string& pools = "[]") {
  return test::load(roll_ruleset(steps, pools));
}

LoadResult load_roll(const std::string& entry, const std::string& extra = "") {
  return load_steps(roll_step(entry, extra));
}

TEST(BuilderRollFormat, BC_81_BC_82_the_specs_coc_groups_are_read_in_order) {
  const LoadResult r = load_steps(kCocRolls);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const BuilderStep& st = r.ruleset->sheet.builder->steps[0];
  ASSERT_EQ(st.roll_groups.size(), 2u);
  EXPECT_EQ(st.roll_groups[0].abilities, (std::vector<std::string>{"str", "con", "dex", "app", "pow"}));
  const CreationDice& d = st.roll_groups[1].dice;
  EXPECT_EQ(d.count, 2);
  EXPECT_EQ(d.sides, 6);
  EXPECT_EQ(d.add, 6);
  EXPECT_EQ(d.multiplier, 5);
  EXPECT_EQ(d.kept(), 2);  // no `keep`: every die
  EXPECT_EQ(d.text(), "2d6+6 x5");
  EXPECT_TRUE(st.offers(AbilityMethod::Rolls));
  EXPECT_EQ(r.requires_version.value_or(""), "1.162");
}

TEST(BuilderRollFormat, BC_81_keep_is_1_to_count_and_unknown_dice_keys_are_refused) {
  const LoadResult r = load_roll(R"({"id": "a", "field": "luck", "dice": {"count": 4, "sides": 6, "keep": 5}},
                                    {"id": "b", "field": "luck", "dice": {"count": 1, "sides": 6, "plus": 1}},
                                    {"id": "c", "field": "luck", "dice": {"count": 1, "sides": 1}},
                                    {"id": "d", "field": "luck", "dice": {"count": 1, "sides": 6, "multiplier": 0}})");
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/rolls/0/dice/keep")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/builder/steps/0/rolls/1/dice/plus")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/rolls/2/dice/sides")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/rolls/3/dice/multiplier"))
      << test::describe(r);
}

TEST(BuilderRollFormat, BC_82_a_value_is_rolled_once_so_an_ability_in_two_groups_is_refused) {
  const LoadResult r = load_steps(R"({ "id": "c", "label": "C", "kind": "abilities", "methods": { "rolls": [
    { "abilities": ["str", "pow"], "dice": { "count": 3, "sides": 6 } },
    { "abilities": ["pow"], "dice": { "count": 3, "sides": 6 } } ] } })");
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/0/methods/rolls/1/abilities/0"))
      << test::describe(r);
}

TEST(BuilderRollFormat, BC_82_a_group_names_abilities_the_step_sets_and_has_dice) {
  const LoadResult r =
      load_steps(R"({ "id": "c", "label": "C", "kind": "abilities", "abilities": ["str"], "methods": { "rolls": [
    { "abilities": ["pow"], "dice": { "count": 3, "sides": 6 } }, { "abilities": ["str"] } ] } })");
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/methods/rolls/0/abilities/0"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0/methods/rolls/1")) << test::describe(r);
}

TEST(BuilderRollFormat, BC_83_a_roll_step_writes_numeric_fields_with_creation_dice) {
  const LoadResult r = load_roll(R"({"id": "luck", "field": "luck", "dice": {"count": 3, "sides": 6, "multiplier": 5}},
                   {"id": "potential", "label": "Potential", "field": "st_potential", "dice": {"count": 1, "sides": 100},
                    "best": 3, "floor": {"field": "st_temp"}},
                   {"id": "edu", "ability": "edu", "dice": {"count": 1, "sides": 100}, "gain": {"count": 1, "sides": 10}})",
                                 R"(, "retry": true)");
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const BuilderStep& st = r.ruleset->sheet.builder->steps[0];
  EXPECT_EQ(st.kind, BuilderStep::Kind::Roll);
  EXPECT_TRUE(st.retry);
  ASSERT_EQ(st.rolls.size(), 3u);
  EXPECT_EQ(st.rolls[0].label, "Luck");  // the field's label when the roll has none
  EXPECT_EQ(st.rolls[0].target.key(), "field/luck");
  EXPECT_EQ(st.rolls[1].best, 3);
  EXPECT_TRUE(st.rolls[1].floor_from.has_value());
  EXPECT_EQ(st.rolls[2].target.key(), "ability/edu");
  ASSERT_TRUE(st.rolls[2].gain && st.rolls[2].gain->dice);
  EXPECT_EQ(st.rolls[2].gain->dice->text(), "1d10");
  EXPECT_EQ(r.requires_version.value_or(""), "1.162");
}

TEST(BuilderRollFormat, BC_83_a_roll_writes_a_number_field_and_names_its_dice) {
  const LoadResult r = load_roll(R"({"id": "a", "field": "motto", "dice": {"count": 1, "sides": 6}},
                                    {"id": "b", "field": "luck"},
                                    {"id": "c", "field": "luck", "ability": "pow", "dice": {"count": 1, "sides": 6}},
                                    {"id": "d", "field": "nowhere", "dice": {"count": 1, "sides": 6}})");
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/steps/0/rolls/0/field"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0/rolls/1")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::ConflictingKeys, "/sheet/builder/steps/0/rolls/2")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/rolls/3/field")) << test::describe(r);
}

TEST(BuilderRollFormat, BC_83_roll_ids_are_unique_in_a_step) {
  const LoadResult r = load_roll(R"({"id": "a", "field": "luck", "dice": {"count": 1, "sides": 6}},
                                    {"id": "a", "field": "hp", "dice": {"count": 1, "sides": 6}})");
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/0/rolls/1/id")) << test::describe(r);
}

TEST(BuilderRollFormat, BC_84_best_is_2_or_3) {
  const LoadResult r = load_roll(R"({"id": "a", "field": "luck", "dice": {"count": 1, "sides": 6}, "best": 4},
                                    {"id": "b", "field": "luck", "dice": {"count": 1, "sides": 6}, "best": 1})");
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/rolls/0/best")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/rolls/1/best")) << test::describe(r);
  EXPECT_TRUE(load_roll(R"({"id": "a", "field": "luck", "dice": {"count": 1, "sides": 6}, "best": 2})").ok());
}

TEST(BuilderRollFormat, BC_85_a_floor_is_a_number_or_a_ref_of_the_sheet) {
  EXPECT_TRUE(load_roll(R"({"id": "hp", "field": "hp", "dice": {"count": 1, "sides": 6}, "floor": 1})").ok());
  const LoadResult r =
      load_roll(R"({"id": "hp", "field": "hp", "dice": {"count": 1, "sides": 6}, "floor": {"field": "nowhere"}})");
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/rolls/0/floor")) << test::describe(r);
}

TEST(BuilderRollFormat, BC_86_gain_is_a_whole_number_or_creation_dice) {
  EXPECT_TRUE(load_roll(R"({"id": "e", "ability": "edu", "dice": {"count": 1, "sides": 100}, "gain": 5})").ok());
  const LoadResult r = load_roll(R"({"id": "e", "ability": "edu", "dice": {"count": 1, "sides": 100}, "gain": "1d10"},
                   {"id": "f", "ability": "edu", "dice": {"count": 1, "sides": 100}, "gain": 0})");
  EXPECT_TRUE(test::has_error(r, Code::WrongType, "/sheet/builder/steps/0/rolls/0/gain")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/rolls/1/gain")) << test::describe(r);
}

TEST(BuilderRollFormat, BC_88_retry_is_a_boolean) {
  const LoadResult r =
      load_roll(R"({"id": "a", "field": "luck", "dice": {"count": 1, "sides": 6}})", R"(, "retry": 1)");
  EXPECT_TRUE(test::has_error(r, Code::WrongType, "/sheet/builder/steps/0/retry")) << test::describe(r);
}

TEST(BuilderInitializeFormat, BC_51_BC_52_the_specs_starting_values_are_accepted) {
  const LoadResult r = load_steps(kStart, roll_pool());
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const BuilderStep& st = r.ruleset->sheet.builder->steps[0];
  EXPECT_EQ(st.kind, BuilderStep::Kind::Initialize);
  ASSERT_EQ(st.writes.size(), 2u);
  EXPECT_TRUE(st.writes[0].value_from.has_value());
  EXPECT_EQ(st.writes[1].remaining, "creation");
  EXPECT_EQ(r.requires_version.value_or(""), "1.158");
}

TEST(BuilderInitializeFormat, BC_52_a_write_has_exactly_one_of_value_or_remaining) {
  const LoadResult r = load_steps(R"({ "id": "start", "label": "S", "kind": "initialize", "writes": [
    { "field": "xp", "value": 5, "remaining": "creation" }, { "field": "luck" } ] })",
                                  roll_pool());
  EXPECT_TRUE(test::has_error(r, Code::ConflictingKeys, "/sheet/builder/steps/0/writes/0")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0/writes/1")) << test::describe(r);
}

TEST(BuilderInitializeFormat, BC_52_a_ref_is_written_only_into_a_numeric_field) {
  const LoadResult r = load_steps(R"({ "id": "start", "label": "S", "kind": "initialize", "writes": [
    { "field": "motto", "value": { "abilityScore": "pow" } }, { "field": "era", "remaining": "creation" } ] })",
                                  roll_pool());
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/steps/0/writes/0/value"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/steps/0/writes/1/remaining"))
      << test::describe(r);
}

TEST(BuilderInitializeFormat, BC_52_a_fixed_value_suits_its_field) {
  EXPECT_TRUE(load_steps(R"({ "id": "start", "label": "S", "kind": "initialize", "writes": [
    { "field": "era", "value": "1920s" }, { "field": "motto", "value": "Never alone" }, { "field": "luck", "value": 50 } ] })")
                  .ok());
  const LoadResult r = load_steps(R"({ "id": "start", "label": "S", "kind": "initialize", "writes": [
    { "field": "era", "value": "1890s" }, { "field": "luck", "value": 150 } ] })");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/writes/0/value")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/writes/1/value")) << test::describe(r);
}

TEST(BuilderInitializeFormat, BC_52_remaining_names_a_builder_pool) {
  const LoadResult r = load_steps(R"({ "id": "start", "label": "S", "kind": "initialize", "writes": [
    { "field": "xp", "remaining": "creatoin" } ] })",
                                  roll_pool());
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/writes/0/remaining"))
      << test::describe(r);
  EXPECT_NE(test::describe(r).find("did you mean `creation`"), std::string::npos) << test::describe(r);
}

TEST(BuilderInitializeFormat, BC_52_a_field_is_written_once_per_step) {
  const LoadResult r = load_steps(R"({ "id": "start", "label": "S", "kind": "initialize", "writes": [
    { "field": "xp", "value": 1 }, { "field": "xp", "value": 2 } ] })");
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/0/writes/1/field")) << test::describe(r);
}

}  // namespace
}  // namespace rk
