// Creation rules and creation profiles at run time (builder-c.md §3, §9; worked examples E3 and
// E6): a failing rule shows on its step's badge and never blocks; the first matching profile
// brings its steps and budgets, and purchases its budget no longer covers stop applying.
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "support/rows_ruleset.hpp"

namespace rk::builder_test {
namespace {

using test::rows_ruleset;

const std::string kTraits = R"(
{ "id": "traits", "label": "Traits", "kind": "rows", "list": "traits", "columns": ["name", "cost"] })";

const std::string kDisadvantageCap = R"(, "constraints": [
  { "id": "disadvantage_cap", "label": "Disadvantages give at most 50 points.", "step": "traits",
    "rows": { "list": "traits", "filter": { "column": "cost", "below": 0 }, "sum": "cost" }, "min": -50 },
  { "id": "unique_names", "label": "Two traits share a name.", "step": "traits",
    "distinct": { "list": "traits", "column": "name" } }])";

std::string add_trait(const std::string& name, int cost) {
  return R"({"step": "traits", "add": {"name": ")" + name + R"(", "cost": )" + std::to_string(cost) + "}}";
}

bool has_note(const StepView& s, const std::string& part) {
  for (const auto& n : s.notes) {
    if (n.find(part) != std::string::npos) return true;
  }
  return false;
}

TEST(BuilderRules, BC_24_BC_25_BC_28_worked_example_E3_a_creation_rule_that_fails) {
  Build b(rows_ruleset(kTraits, kDisadvantageCap), true);
  b.act(add_trait("Bad Temper", -20)).act(add_trait("Greed", -25)).act(add_trait("Phobia", -10));
  b.act(add_trait("Wealth", 15));
  // 1 – 2: the filter keeps -20, -25 and -10; their sum -55 is below the minimum -50.
  const StepView& traits = b.step("traits");
  EXPECT_EQ(traits.failing_rules, std::vector<std::string>{"disadvantage_cap"});
  EXPECT_EQ(traits.badge, 1);
  EXPECT_TRUE(has_note(traits, "Disadvantages give at most 50 points. (it reads -55, at least -50)"));
  // 3: nothing is blocked — another row can still be added, and All fields still edits.
  b.act(add_trait("Luck", 5));
  b.act(R"({"edit": "fields/rank", "value": 2})");
  // 4: deleting the -10 row brings the sum to -45, and the rule passes.
  b.act(R"({"step": "traits", "delete": "traits-3"})");
  EXPECT_TRUE(b.step("traits").failing_rules.empty());
  EXPECT_EQ(b.step("traits").badge, 0);
}

TEST(BuilderRules, BC_26_worked_example_E3_6_distinct_ignores_case_and_spaces_and_empty_cells_never_conflict) {
  Build b(rows_ruleset(kTraits, kDisadvantageCap), true);
  b.act(add_trait("Fire stew", 1));
  b.act(R"({"step": "traits", "add": {"cost": 2}})");
  b.act(R"({"step": "traits", "add": {"cost": 3}})");
  EXPECT_TRUE(b.step("traits").failing_rules.empty()) << "two empty names do not conflict";
  b.act(add_trait(" FIRE stew ", 4));
  EXPECT_EQ(b.step("traits").failing_rules, std::vector<std::string>{"unique_names"});
}

TEST(BuilderRules, BC_23_BC_24_BC_27_value_and_approved_rules_apply_while_their_when_holds) {
  const std::string rules = R"(, "constraints": [
    { "label": "Rank is at most 3 here.", "step": "traits", "value": { "field": "rank" }, "max": 3 },
    { "id": "approval", "label": "The Storyteller approves dragon blood.", "step": "traits",
      "when": { "field": "dragon" }, "approved": "approved" }])";
  Build b(rows_ruleset(kTraits, rules), true);
  EXPECT_TRUE(b.step("traits").failing_rules.empty());
  b.act(R"({"edit": "fields/rank", "value": 4})");
  EXPECT_EQ(b.step("traits").failing_rules, std::vector<std::string>{"Rank is at most 3 here."});
  b.act(R"({"edit": "fields/rank", "value": 3})");
  b.act(R"({"edit": "fields/dragon", "value": 1})");
  EXPECT_EQ(b.step("traits").failing_rules, std::vector<std::string>{"approval"});
  b.act(R"({"edit": "fields/approved", "value": true})");
  EXPECT_TRUE(b.step("traits").failing_rules.empty());
}

const std::string kProfileSteps = R"(
{ "id": "type", "label": "Type", "kind": "fields", "fields": ["dragon", "lunar"] },
{ "id": "aspect_gifts", "label": "Aspect gifts", "kind": "catalog", "catalog": "gifts", "min": 0, "max": 1 },
{ "id": "moon_gifts", "label": "Moon gifts", "kind": "catalog", "catalog": "gifts", "min": 0, "max": 1 },
{ "id": "buy", "label": "Buy", "kind": "spend", "pool": "bonus",
  "offers": [{ "id": "rank", "label": "Rank", "target": { "field": "rank" }, "cost": { "flat": 2 }, "min": 0, "max": 10 }] })";

const std::string kProfiles = R"(, "profiles": [
  { "id": "dragon", "label": "Dragon-Blooded", "when": { "field": "dragon" },
    "steps": ["aspect_gifts"], "budgets": { "bonus": { "const": 15 } } },
  { "id": "lunar", "label": "Lunar", "when": { "field": "lunar" },
    "steps": ["moon_gifts"], "budgets": { "bonus": { "const": 18 } } }])";

TEST(BuilderProfiles, BC_70_BC_71_worked_example_E6_1_the_first_matching_profile_wins) {
  Build b(rows_ruleset(kProfileSteps, kProfiles), true);
  // No profile yet: every step a profile lists is hidden; the pool keeps its own budget (10).
  EXPECT_TRUE(b.view().profile.empty());
  EXPECT_FALSE(b.step("aspect_gifts").shown);
  EXPECT_FALSE(b.step("moon_gifts").shown);
  EXPECT_EQ(b.step("buy").creation_pool->budget, 10);
  b.act(R"({"step": "type", "field": "dragon", "value": 1})").act(R"({"step": "type", "field": "lunar", "value": 1})");
  EXPECT_EQ(b.view().profile, "dragon");
  EXPECT_EQ(b.view().profile_label, "Dragon-Blooded");
  EXPECT_TRUE(b.step("aspect_gifts").shown);
  EXPECT_FALSE(b.step("moon_gifts").shown);
  EXPECT_TRUE(has_note(b.step("moon_gifts"), "BC-71"));
  EXPECT_EQ(b.step("buy").creation_pool->budget, 15);
}

TEST(BuilderProfiles, BC_71_BC_72_worked_example_E6_2_switching_profiles_keeps_answers_and_never_the_old_budget) {
  Build b(rows_ruleset(kProfileSteps, kProfiles), true);
  b.act(R"({"step": "type", "field": "lunar", "value": 1})");
  EXPECT_EQ(b.view().profile, "lunar");
  EXPECT_EQ(b.step("buy").creation_pool->budget, 18);
  b.act(R"({"step": "moon_gifts", "pick": "small"})");
  EXPECT_EQ(b.row_names("gifts"), std::vector<std::string>{"Small gift"});
  for (int k = 0; k < 9; ++k) b.act(R"({"step": "buy", "buy": "rank"})");  // 18 points
  EXPECT_EQ(b.field("rank"), num(9));
  // Back to Dragon (15): the moon gift is kept but grants nothing, and the purchases 15 no longer
  // covers stop applying until the player repairs them.
  b.act(R"({"step": "type", "field": "dragon", "value": 1})");
  EXPECT_EQ(b.view().profile, "dragon");
  EXPECT_EQ(b.step("buy").creation_pool->budget, 15);
  EXPECT_TRUE(b.row_names("gifts").empty());
  ASSERT_EQ(b.step("moon_gifts").selections.size(), 1u);
  EXPECT_FALSE(b.step("moon_gifts").selections[0].counts);
  const SpendOfferView& rank = b.step("buy").spend_offers[0];
  ASSERT_EQ(rank.lines.size(), 9u);
  EXPECT_TRUE(rank.lines[6].counts);  // 7 x 2 = 14 fits in 15
  EXPECT_FALSE(rank.lines[7].counts);
  EXPECT_EQ(rank.lines[7].why.reason, Reason::PurchaseNotCovered);
  EXPECT_EQ(b.field("rank"), num(7));
  EXPECT_TRUE(b.step("buy").creation_pool->attention);
  b.act(R"({"step": "buy", "refund": "rank"})").act(R"({"step": "buy", "refund": "rank"})");
  EXPECT_FALSE(b.step("buy").creation_pool->attention);
  EXPECT_EQ(b.field("rank"), num(7));
}

}  // namespace
}  // namespace rk::builder_test
