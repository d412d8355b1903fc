// Allocate steps at run time (builder-b.md §1 – §8): priorities and swaps, purchases, inactive
// groups and purchases that are kept, free rating grants, saved allocations — the worked examples
// A-1 and G-1 with their exact values.
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "support/wod_ruleset.hpp"

namespace rk::builder_test {
namespace {

const AllocateGroupView& group_of(const Build& b, const std::string& step, const std::string& id) {
  for (const auto& g : b.step(step).groups) {
    if (g.id == id) return g;
  }
  ADD_FAILURE() << "no group " << id;
  return b.step(step).groups.front();
}

const AllocateTargetView& target_of(const Build& b, const std::string& step, const std::string& key) {
  for (const auto& g : b.step(step).groups) {
    for (const auto& t : g.targets) {
      if (t.key == key) return t;
    }
  }
  ADD_FAILURE() << "no target " << key;
  return b.step(step).groups.front().targets.front();
}

std::string refusal_message(Build& b, const std::string& action) {
  Diagnostics d;
  auto next = apply_action(b.catalogs(), b.character(), boost::json::parse(action), b.dice(), d);
  EXPECT_FALSE(next.has_value()) << action << " was accepted";
  return d.items().empty() ? "" : std::string(code_name(d.items().front().code)) + ": " + d.items().front().message;
}

TEST(BuilderAllocate, BB_15_BB_35_a_blank_character_starts_every_target_at_its_groups_base) {
  Build b(test::wod_ruleset(test::kWodAttributesStep), true);
  EXPECT_EQ(b.ability("strength"), Number::of(1));
  EXPECT_EQ(b.ability("wits"), Number::of(1));
  const AllocateGroupView& physical = group_of(b, "attributes", "physical");
  EXPECT_FALSE(physical.slot.has_value());
  EXPECT_FALSE(physical.budget.has_value());
  EXPECT_EQ(physical.min, 1);
  EXPECT_EQ(physical.max, 5);
  EXPECT_EQ(b.step("attributes").badge, 3);  // three groups without a priority
  EXPECT_NE(refusal_message(b, R"({"step": "attributes", "buy": "ability/strength"})").find("assign it a slot first"),
            std::string::npos);
}

TEST(BuilderAllocate, BB_9_BB_38_BB_39_BB_40_worked_example_A_1) {
  Build b(test::wod_ruleset(test::kWodAttributesStep), true);
  b.act(R"({"step": "attributes", "priority": 0, "group": "physical"})")
      .act(R"({"step": "attributes", "priority": 1, "group": "social"})")
      .act(R"({"step": "attributes", "priority": 2, "group": "mental"})");
  EXPECT_EQ(group_of(b, "attributes", "physical").budget, 7);
  for (const char* buy : {"strength", "strength", "strength", "dexterity", "dexterity", "stamina", "stamina"})
    b.act(std::string(R"({"step": "attributes", "buy": "ability/)") + buy + "\"}");
  EXPECT_EQ(b.ability("strength"), Number::of(4));
  EXPECT_EQ(b.ability("dexterity"), Number::of(3));
  EXPECT_EQ(b.ability("stamina"), Number::of(3));
  EXPECT_EQ(group_of(b, "attributes", "physical").spent, 7);
  EXPECT_FALSE(target_of(b, "attributes", "ability/stamina").can_buy);  // no budget left
  EXPECT_EQ(b.refused(R"({"step": "attributes", "buy": "ability/stamina"})"), "over-budget");

  // Social takes slot 0, which Physical holds: they swap, and Physical keeps its 7 increments.
  b.act(R"({"step": "attributes", "priority": 0, "group": "social"})");
  const AllocateGroupView& physical = group_of(b, "attributes", "physical");
  EXPECT_EQ(physical.slot, 1);
  EXPECT_EQ(physical.budget, 5);
  EXPECT_EQ(physical.spent, 7);
  EXPECT_FALSE(physical.active);
  EXPECT_EQ(physical.why.reason, Reason::GroupOverBudget);
  EXPECT_EQ(group_of(b, "attributes", "social").slot, 0);
  EXPECT_EQ(target_of(b, "attributes", "ability/strength").bought, 3);  // kept, not applied
  EXPECT_FALSE(target_of(b, "attributes", "ability/strength").counts);
  EXPECT_EQ(b.ability("strength"), Number::of(1));
  // BB-36: while a purchase needs attention, no plus button works anywhere in the step.
  EXPECT_FALSE(target_of(b, "attributes", "ability/charisma").can_buy);

  // Repair (BB-40): give Physical back slot 0.
  b.act(R"({"step": "attributes", "priority": 0, "group": "physical"})");
  EXPECT_TRUE(group_of(b, "attributes", "physical").active);
  EXPECT_EQ(b.ability("strength"), Number::of(4));
  // Or reduce: with slot 1 again, two refunds leave 5 of 5.
  b.act(R"({"step": "attributes", "priority": 1, "group": "physical"})")
      .act(R"({"step": "attributes", "refund": "ability/strength"})")
      .act(R"({"step": "attributes", "refund": "ability/strength"})");
  EXPECT_TRUE(group_of(b, "attributes", "physical").active);
  EXPECT_EQ(b.ability("strength"), Number::of(2));
  EXPECT_EQ(b.ability("dexterity"), Number::of(3));
}

TEST(BuilderAllocate, BB_14_BB_39_a_purchase_above_the_cap_is_inactive_for_that_target_only) {
  Build b(test::wod_ruleset(R"({"id": "points", "label": "Points", "kind": "allocate", "groups": [
      {"id": "body", "label": "Body", "targets": [{"ability": "strength"}, {"ability": "stamina"}], "min": 0, "max": {"field": "generation"}, "budget": 9}]})"),
          true);
  b.act(R"({"edit": "fields/generation", "value": 4})");
  for (int i = 0; i < 4; ++i) b.act(R"({"step": "points", "buy": "ability/strength"})");
  b.act(R"({"step": "points", "buy": "ability/stamina"})");
  EXPECT_EQ(b.refused(R"({"step": "points", "buy": "ability/strength"})"), "out-of-range");  // at the cap 4
  b.act(R"({"edit": "fields/generation", "value": 3})");  // the cap falls under the purchase
  const AllocateTargetView& strength = target_of(b, "points", "ability/strength");
  EXPECT_FALSE(strength.counts);
  EXPECT_EQ(strength.why.reason, Reason::PurchaseAboveCap);
  EXPECT_EQ(b.ability("strength"), Number::of(0));
  EXPECT_EQ(b.ability("stamina"), Number::of(1));  // the other target keeps its purchase
  EXPECT_EQ(strength.bought, 4);                   // nothing is deleted (BB-40)
}

TEST(BuilderAllocate, BB_18_BB_37_minimums_are_never_bought_and_underspending_shows) {
  Build b(test::wod_ruleset(R"({"id": "points", "label": "Points", "kind": "allocate", "groups": [
      {"id": "mind", "label": "Mind", "targets": [{"ability": "wits"}], "base": 1, "min": 2, "max": 5, "budget": 3}]})"),
          true);
  EXPECT_TRUE(target_of(b, "points", "ability/wits").below_min);
  EXPECT_EQ(b.ability("wits"), Number::of(1));
  EXPECT_EQ(b.step("points").badge, 2);  // the minimum, and 3 points unspent
  b.act(R"({"step": "points", "buy": "ability/wits"})");
  EXPECT_FALSE(target_of(b, "points", "ability/wits").below_min);
  EXPECT_EQ(b.step("points").badge, 1);
}

TEST(BuilderAllocate, BB_22_a_budget_that_reads_no_whole_number_is_not_configured) {
  Build b(test::wod_ruleset(R"({"id": "points", "label": "Points", "kind": "allocate", "groups": [
      {"id": "mind", "label": "Mind", "targets": [{"ability": "wits"}], "min": 0, "max": 5, "budget": {"field": "generation"}}]})"),
          true);
  b.act(R"({"edit": "fields/generation", "value": 2})");
  EXPECT_TRUE(group_of(b, "points", "mind").configured);
  EXPECT_EQ(group_of(b, "points", "mind").budget, 2);
}

TEST(BuilderAllocate, BB_24_BB_29_BB_31_BB_32_worked_example_G_1) {
  const std::string step =
      R"({"id": "gifts", "label": "Gifts", "kind": "catalog", "catalog": "gifts", "min": 0, "max": 4},
      {"id": "skills", "label": "Skills", "kind": "allocate", "groups": [
        {"id": "all", "label": "All", "targets": [{"skill": "athletics"}], "min": 0, "max": 2, "budget": 1},
        {"id": "resolve", "label": "Resolve", "targets": [{"save": "will"}], "min": 0, "max": 1, "budget": 1}]})";
  const std::string entries =
      R"(, {"id": "add-a", "label": "A", "grants": {"ratings": [{"target": {"skill": "athletics"}, "add": 1}]}},
         {"id": "add-b", "label": "B", "grants": {"ratings": [{"target": {"skill": "athletics"}, "add": 1}]}},
         {"id": "add-c", "label": "C", "grants": {"ratings": [{"target": {"skill": "athletics"}, "add": 1}]}},
         {"id": "set-1", "label": "S1", "grants": {"ratings": [{"target": {"save": "will"}, "set": 1}]}})";
  Build b(test::wod_ruleset(step, test::kWodRatingTiers, "", entries), true);
  b.act(R"({"step": "gifts", "pick": "add-a"})").act(R"({"step": "gifts", "pick": "add-b"})");
  EXPECT_EQ(b.skill("athletics"), "expert");  // two free ranks: rank two
  const AllocateTargetView& athletics = target_of(b, "skills", "skill/athletics");
  EXPECT_EQ(athletics.free, Number::of(2));
  EXPECT_EQ(athletics.total, Number::of(2));
  EXPECT_EQ(athletics.tier, "expert");
  EXPECT_EQ(group_of(b, "skills", "all").spent, 0);  // the paid budget is untouched (BB-32)
  b.act(R"({"step": "gifts", "pick": "add-c"})");
  EXPECT_EQ(b.skill("athletics"), "expert");  // a third add stops at the table's top
  b.act(R"({"step": "gifts", "pick": "set-1"})");
  EXPECT_EQ(b.save("will"), "trained");
  EXPECT_EQ(target_of(b, "skills", "save/will").free, Number::of(1));
  EXPECT_EQ(b.refused(R"({"step": "skills", "buy": "save/will"})"), "out-of-range");  // free, it is at its top 1
}

TEST(BuilderAllocate, BB_43_BB_44_answers_are_saved_under_allocations_with_notes) {
  Build b(test::wod_ruleset(test::kWodAttributesStep), true);
  b.act(R"({"step": "attributes", "priority": 0, "group": "physical"})")
      .act(R"({"step": "attributes", "buy": "ability/strength"})")
      .act(R"({"step": "attributes", "note": "ability/strength", "value": "Raised in the forges"})");
  const auto& saved = b.character().builder.at("allocations").at("attributes");
  EXPECT_EQ(saved.at("priorities").at("physical"), 0);
  EXPECT_EQ(saved.at("bought").at("ability/strength"), 1);
  EXPECT_EQ(saved.at("notes").at("ability/strength"), "Raised in the forges");
  b.reopen();  // BB-46: reopening re-applies nothing
  EXPECT_EQ(b.ability("strength"), Number::of(2));
  EXPECT_EQ(target_of(b, "attributes", "ability/strength").note, "Raised in the forges");
  EXPECT_EQ(
      b.refused(R"({"step": "attributes", "note": "ability/strength", "value": ")" + std::string(1001, 'a') + "\"}"),
      "too-long");
  EXPECT_EQ(b.refused(R"({"step": "attributes", "note": "skill/athletics", "value": "x"})"), "unknown-reference");
}

TEST(BuilderAllocate, BB_42_BB_48_a_hand_edit_of_an_allocated_target_stays_as_the_player_made_it) {
  Build b(test::wod_ruleset(test::kWodAttributesStep), true);
  b.act(R"({"step": "attributes", "priority": 0, "group": "physical"})")
      .act(R"({"step": "attributes", "buy": "ability/strength"})")
      .act(R"({"edit": "abilities/strength", "value": 6})");  // All fields: free editing, above the cap
  EXPECT_EQ(b.ability("strength"), Number::of(6));
  EXPECT_TRUE(target_of(b, "attributes", "ability/strength").counts);  // the edit makes no purchase inactive
  b.act(R"({"step": "attributes", "buy": "ability/dexterity"})");
  EXPECT_EQ(b.ability("strength"), Number::of(6));
  EXPECT_EQ(b.ability("dexterity"), Number::of(2));
  b.act(R"({"step": "attributes", "buy": "ability/strength"})");  // the builder's own count is 2 of 5
  EXPECT_EQ(b.ability("strength"), Number::of(7));
}

TEST(BuilderAllocate, BB_6_a_bonus_target_writes_the_skills_build_bonuses_entry) {
  Build b(test::wod_ruleset(R"({"id": "points", "label": "Points", "kind": "allocate", "groups": [
      {"id": "knacks", "label": "Knacks", "targets": [{"bonus": "athletics"}, {"bonus": "will"}], "min": 0, "max": 5, "budget": 3}]})"),
          true);
  b.act(R"({"step": "points", "buy": "bonus/athletics"})").act(R"({"step": "points", "buy": "bonus/athletics"})");
  b.act(R"({"step": "points", "buy": "bonus/will"})");
  EXPECT_EQ(b.character().bonuses.at("athletics"), Number::of(2));
  EXPECT_EQ(b.character().bonuses.at("will"), Number::of(1));
  EXPECT_TRUE(b.step("points").notes.empty() ||
              b.step("points").notes.front().find("does not write") == std::string::npos);
  // An All-fields edit stays while the builder's answer stays; a refund writes the new answer.
  b.act(R"({"edit": "bonuses/athletics", "value": 5})");
  b.reopen();
  EXPECT_EQ(b.character().bonuses.at("athletics"), Number::of(5));
  b.act(R"({"step": "points", "refund": "bonus/will"})");
  EXPECT_FALSE(b.character().bonuses.contains("will"));  // back to what was beneath: nothing
  EXPECT_EQ(b.refused(R"({"edit": "bonuses/athletics", "value": 41})"), "out-of-range");
  EXPECT_EQ(b.refused(R"({"edit": "bonuses/nothing", "value": 1})"), "not-in-ruleset");
}

}  // namespace
}  // namespace rk::builder_test
