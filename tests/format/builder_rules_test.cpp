// Creation rules and creation profiles at import (builder-c.md §3, §9 and validation rules 7 and 14),
// built from the spec's own `disadvantage_cap` rule and `dragon` / `lunar` profiles.
#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "support/load.hpp"
#include "support/rows_ruleset.hpp"

namespace rk {
namespace {

using test::rows_ruleset;

const std::string kTraits = R"(
{ "id": "traits", "label": "Traits", "kind": "rows", "list": "traits" },
{ "id": "aspect_gifts", "label": "Aspect gifts", "kind": "catalog", "catalog": "gifts", "min": 0 })";

LoadResult load_rules(const std::string& rules) {
  return test::load(rows_ruleset(kTraits, R"(, "constraints": )" + rules));
}
LoadResult load_profiles(const std::string& profiles) {
  return test::load(rows_ruleset(kTraits, R"(, "profiles": )" + profiles));
}

TEST(BuilderRulesImport, BC_22_BC_23_the_specs_disadvantage_cap_is_read) {
  const LoadResult r = load_rules(R"([{ "id": "disadvantage_cap", "label": "Disadvantages give at most 50 points.",
      "step": "traits", "rows": { "list": "traits", "filter": { "column": "cost", "below": 0 }, "sum": "cost" },
      "min": -50 }])");
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const CreationRule& rule = r.ruleset->sheet.builder->constraints.at(0);
  EXPECT_EQ(rule.kind, CreationRule::Kind::Rows);
  EXPECT_EQ(rule.step_index, 0u);
  ASSERT_TRUE(rule.filter.has_value());
  EXPECT_EQ(rule.filter->below, Number::of(0));
  EXPECT_EQ(rule.min->number, Number::of(-50));
}

TEST(BuilderRulesImport, BC_23_a_rule_has_exactly_one_measure_and_names_a_step) {
  const LoadResult r = load_rules(R"([
    { "label": "None", "step": "traits", "min": 1 },
    { "label": "Two", "step": "traits", "value": { "field": "rank" }, "approved": "approved", "max": 1 },
    { "label": "Lost", "step": "trait", "value": { "field": "rank" }, "max": 1 }])");
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/constraints/0")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::ConflictingKeys, "/sheet/builder/constraints/1/approved")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/constraints/2/step")) << test::describe(r);
}

TEST(BuilderRulesImport, BC_24_BC_25_value_and_rows_rules_give_min_or_max_and_sum_a_number_column) {
  const LoadResult r = load_rules(R"([
    { "label": "Unbounded", "step": "traits", "value": { "field": "rank" } },
    { "label": "Names", "step": "traits", "rows": { "list": "traits", "sum": "name" }, "max": 3 },
    { "label": "Filter", "step": "traits", "rows": { "list": "traits", "filter": { "column": "name", "below": 2 } }, "max": 3 }])");
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/constraints/0")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/constraints/1/rows/sum"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/constraints/2/rows/filter/below"))
      << test::describe(r);
}

TEST(BuilderRulesImport, BC_26_BC_27_distinct_names_a_column_and_approved_a_boolean_field) {
  const LoadResult r = load_rules(R"([
    { "label": "Unique", "step": "traits", "distinct": { "list": "traits", "column": "title" } },
    { "label": "Approved", "step": "traits", "approved": "rank" }])");
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/constraints/0/distinct/column"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/constraints/1/approved"))
      << test::describe(r);
}

TEST(BuilderRulesImport, BC_69_the_specs_profiles_are_read) {
  const LoadResult r = load_profiles(R"([
    { "id": "dragon", "label": "Dragon-Blooded", "when": { "field": "dragon" },
      "steps": ["aspect_gifts"], "budgets": { "bonus": { "const": 15 } } },
    { "id": "lunar", "label": "Lunar", "when": { "field": "lunar" }, "steps": [], "budgets": { "bonus": { "const": 18 } } }])");
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const auto& profiles = r.ruleset->sheet.builder->profiles;
  ASSERT_EQ(profiles.size(), 2u);
  EXPECT_EQ(profiles[0].steps, std::vector<std::string>{"aspect_gifts"});
  EXPECT_TRUE(profiles[1].budgets.contains("bonus"));
}

TEST(BuilderRulesImport, BC_69_profile_steps_name_steps_and_budgets_name_pools) {
  const LoadResult r = load_profiles(R"([
    { "id": "dragon", "label": "Dragon-Blooded", "when": { "field": "dragon" },
      "steps": ["aspect_gift"], "budgets": { "bonuses": { "const": 15 } } },
    { "id": "dragon", "label": "Again", "when": { "field": "dragon" } },
    { "id": "lunar", "label": "Lunar" }])");
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/profiles/0/steps/0")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/profiles/0/budgets/bonuses"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/profiles/1/id")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/profiles/2")) << test::describe(r);
}

}  // namespace
}  // namespace rk
