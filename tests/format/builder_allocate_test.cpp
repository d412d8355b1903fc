// Allocate steps, rating tier tables and free rating grants at import (builder-b.md §1 – §6,
// BB-1 – BB-34 and the validation rules 1 – 12), built from the spec's own World-of-Darkness step.
#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "support/load.hpp"
#include "support/wod_ruleset.hpp"

namespace rk {
namespace {

std::string step_with(const std::string& groups, const std::string& step_extra = R"(, "priorities": [4])") {
  return R"({"id": "points", "label": "Points", "kind": "allocate", "groups": [)" + groups + "]" + step_extra + "}";
}

const std::string kBody =
    R"({"id": "body", "label": "Body", "targets": [{"ability": "strength"}, {"ability": "stamina"}], "min": 1, "max": 5})";

TEST(BuilderAllocate, BB_1_BB_8_BB_23_the_specs_priority_step_and_tier_tables_are_accepted) {
  const LoadResult r = test::load(test::wod_ruleset(test::kWodAttributesStep));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Builder& b = *r.ruleset->sheet.builder;
  ASSERT_EQ(b.steps.size(), 1u);
  const BuilderStep& st = b.steps[0];
  EXPECT_EQ(st.kind, BuilderStep::Kind::Allocate);
  EXPECT_EQ(st.priorities, (std::vector<std::int64_t>{7, 5, 3}));
  EXPECT_TRUE(st.annotations);
  ASSERT_EQ(st.groups.size(), 3u);
  EXPECT_EQ(st.groups[1].targets[2].key(), "ability/appearance");
  EXPECT_EQ(st.groups[0].base->whole, 1);
  EXPECT_EQ(st.groups[0].max.whole, 5);
  ASSERT_EQ(b.rating_tiers.size(), 2u);
  EXPECT_EQ(b.tiers_of(RatingTarget{RatingTarget::Kind::Skill, "athletics"})->tiers.size(), 3u);
  EXPECT_EQ(r.requires_version.value_or(""), "1.152");
}

TEST(BuilderAllocate, BB_4_a_step_has_groups_and_a_group_has_targets) {
  const LoadResult r = test::load(test::wod_ruleset(step_with("", "")));
  EXPECT_TRUE(test::has_error(r, Code::TooFew, "/sheet/builder/steps/0/groups")) << test::describe(r);
  const LoadResult t =
      test::load(test::wod_ruleset(step_with(R"({"id": "body", "label": "Body", "targets": [], "min": 1, "max": 5})")));
  EXPECT_TRUE(test::has_error(t, Code::TooFew, "/sheet/builder/steps/0/groups/0/targets")) << test::describe(t);
}

TEST(BuilderAllocate, BB_5_a_target_is_allocated_once_per_step_across_groups) {
  const LoadResult r = test::load(test::wod_ruleset(step_with(
      kBody +
          R"(, {"id": "mind", "label": "Mind", "targets": [{"ability": "wits"}, {"ability": "stamina"}], "min": 1, "max": 5})",
      R"(, "priorities": [4, 2])")));
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/0/groups/1/targets/1")) << test::describe(r);
}

TEST(BuilderAllocate, BB_6_a_target_names_exactly_one_existing_rating) {
  const auto target = [](const std::string& t) {
    return test::load(
        test::wod_ruleset(step_with(R"({"id": "g", "label": "G", "targets": [)" + t + R"(], "min": 0, "max": 1})")));
  };
  const std::string at = "/sheet/builder/steps/0/groups/0/targets/0";
  EXPECT_TRUE(test::has_error(target(R"({"ability": "strength", "skill": "athletics"})"), Code::ConflictingKeys, at));
  EXPECT_TRUE(test::has_error(target("{}"), Code::MissingKey, at));
  EXPECT_TRUE(test::has_error(target(R"({"ability": "strenght"})"), Code::UnknownReference, at + "/ability"));
  EXPECT_TRUE(test::has_error(target(R"({"field": "clan"})"), Code::WrongReferenceType, at + "/field"));
  EXPECT_TRUE(test::has_error(target(R"({"bonus": "stealth"})"), Code::UnknownReference, at + "/bonus"));
  EXPECT_TRUE(target(R"({"field": "generation"})").ok());
  EXPECT_TRUE(target(R"({"bonus": "will"})").ok());  // the `build.bonuses` entry of save `will`
  EXPECT_TRUE(target(R"({"save": "will"})").ok());
}

TEST(BuilderAllocate, BB_7_BB_26_a_skill_target_needs_its_declared_tier_table) {
  const std::string step = step_with(
      R"({"id": "g", "label": "G", "targets": [{"skill": "empathy"}, {"skill": "athletics"}], "min": 0, "max": 2})");
  const LoadResult r = test::load(test::wod_ruleset(step));
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0/groups/0/targets/0")) << test::describe(r);
  EXPECT_FALSE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0/groups/0/targets/1"));
}

TEST(BuilderAllocate, BB_8_exactly_one_budget_mode) {
  const std::string points = "/sheet/builder/steps/0";
  const LoadResult both = test::load(test::wod_ruleset(
      step_with(R"({"id": "g", "label": "G", "targets": [{"ability": "wits"}], "min": 0, "max": 1, "budget": 3})")));
  EXPECT_TRUE(test::has_error(both, Code::ConflictingKeys, points + "/priorities")) << test::describe(both);
  const LoadResult some = test::load(test::wod_ruleset(step_with(
      kBody + R"(, {"id": "mind", "label": "Mind", "targets": [{"ability": "wits"}], "min": 0, "max": 3, "budget": 2})",
      "")));
  EXPECT_TRUE(test::has_error(some, Code::MissingKey, points)) << test::describe(some);
  const LoadResult count = test::load(test::wod_ruleset(step_with(kBody, R"(, "priorities": [4, 3])")));
  EXPECT_TRUE(test::has_error(count, Code::BadValue, points + "/priorities")) << test::describe(count);
  const LoadResult each = test::load(test::wod_ruleset(step_with(
      R"({"id": "g", "label": "G", "targets": [{"ability": "wits"}], "min": 0, "max": 1, "budget": {"derived": "archetype_floor"}})",
      "")));
  EXPECT_TRUE(each.ok()) << test::describe(each);
  const LoadResult dup = test::load(test::wod_ruleset(
      step_with(kBody + R"(, {"id": "mind", "label": "Mind", "targets": [{"ability": "wits"}], "min": 0, "max": 3})",
                R"(, "priorities": [5, 5])")));
  EXPECT_TRUE(dup.ok()) << test::describe(dup);  // duplicate allotments are allowed
}

TEST(BuilderAllocate, BB_11_a_budget_is_at_most_1200000) {
  const auto budget = [](const std::string& n) {
    return test::load(test::wod_ruleset(step_with(kBody, R"(, "priorities": [)" + n + "]")));
  };
  EXPECT_TRUE(budget("1200000").ok());
  EXPECT_TRUE(test::has_error(budget("1200001"), Code::OutOfRange, "/sheet/builder/steps/0/priorities/0"));
  EXPECT_TRUE(test::has_error(budget("-1"), Code::OutOfRange, "/sheet/builder/steps/0/priorities/0"));
}

TEST(BuilderAllocate, BB_12_BB_13_BB_14_bounds_are_whole_numbers_or_non_live_refs_within_the_target) {
  const auto group = [](const std::string& bounds) {
    return test::load(test::wod_ruleset(
        step_with(R"({"id": "g", "label": "G", "targets": [{"ability": "wits"}, {"save": "will"}])" + bounds + "}")));
  };
  const std::string g = "/sheet/builder/steps/0/groups/0";
  EXPECT_TRUE(test::has_error(group(R"(, "max": 1)"), Code::MissingKey, g));
  EXPECT_TRUE(group(R"(, "min": {"derived": "archetype_floor"}, "max": 1)").ok());
  EXPECT_TRUE(test::has_error(group(R"(, "min": {"livePool": "blood"}, "max": 1)"), Code::ReadsLiveState, g + "/min"));
  // `will` has two tiers: it holds 0 – 1 (BB-14).
  EXPECT_TRUE(test::has_error(group(R"(, "min": 0, "max": 2)"), Code::OutOfRange, g + "/max"));
  EXPECT_TRUE(test::has_error(group(R"(, "min": 0, "max": 10001)"), Code::OutOfRange, g + "/max"));
  EXPECT_TRUE(test::has_error(group(R"(, "min": 2, "max": 1)"), Code::BadValue, g + "/min"));
  // BB-17: min = max fixes the creation value, 0 included (the spec's fixed Appearance).
  EXPECT_TRUE(group(R"(, "base": 0, "min": 0, "max": 0)").ok());
}

TEST(BuilderAllocate, BB_19_bounds_read_nothing_this_step_or_a_later_one_changes) {
  const LoadResult r = test::load(test::wod_ruleset(step_with(
      R"({"id": "g", "label": "G", "targets": [{"ability": "strength"}], "min": 0, "max": {"derived": "strong"}})")));
  EXPECT_TRUE(test::has_error(r, Code::ReadsLaterStep, "/sheet/builder/steps/0/groups/0/max")) << test::describe(r);
}

TEST(BuilderAllocate, BB_23_BB_25_a_tier_table_lists_existing_tiers_ascending_from_the_untrained_one) {
  const auto tiers = [](const std::string& t) {
    return test::load(test::wod_ruleset(
        step_with(kBody), R"(, "ratingTiers": [{"target": {"skill": "athletics"}, "tiers": )" + t + "}]"));
  };
  const std::string at = "/sheet/builder/ratingTiers/0/tiers";
  EXPECT_TRUE(tiers(R"(["none", "expert"])").ok());
  EXPECT_TRUE(test::has_error(tiers(R"(["trained", "expert"])"), Code::BadValue, at + "/0"));
  EXPECT_TRUE(test::has_error(tiers(R"(["none", "expert", "trained"])"), Code::BadValue, at + "/2"));
  EXPECT_TRUE(test::has_error(tiers(R"(["none", "master"])"), Code::UnknownReference, at + "/1"));
  EXPECT_TRUE(test::has_error(tiers("[]"), Code::TooFew, at));
  const LoadResult twice = test::load(
      test::wod_ruleset(step_with(kBody), R"(, "ratingTiers": [{"target": {"skill": "athletics"}, "tiers": ["none"]},
                                 {"target": {"skill": "athletics"}, "tiers": ["none", "trained"]}])"));
  EXPECT_TRUE(test::has_error(twice, Code::DuplicateId, "/sheet/builder/ratingTiers/1/target"))
      << test::describe(twice);
  const LoadResult ability = test::load(
      test::wod_ruleset(step_with(kBody), R"(, "ratingTiers": [{"target": {"ability": "wits"}, "tiers": ["none"]}])"));
  EXPECT_TRUE(test::has_error(ability, Code::WrongReferenceType, "/sheet/builder/ratingTiers/0/target"));
}

TEST(BuilderAllocate, BB_29_BB_30_a_rating_grant_adds_above_0_or_sets_at_least_0_never_both) {
  const auto grant = [](const std::string& g) {
    return test::load(
        test::wod_ruleset(step_with(kBody), test::kWodRatingTiers, R"(, "grants": {"ratings": [)" + g + "]}"));
  };
  const std::string at = "/catalogs/0/entries/0/grants/ratings/0";
  const LoadResult spec =
      grant(R"({ "target": { "skill": "athletics" }, "add": 1 }, { "target": { "save": "will" }, "set": 1 })");
  ASSERT_TRUE(spec.ok()) << test::describe(spec);
  const auto& ratings = spec.ruleset->catalogs[0].entries[0].grants->ratings;
  ASSERT_EQ(ratings.size(), 2u);
  EXPECT_EQ(ratings[0].add, 1);
  EXPECT_EQ(ratings[1].set, 1);
  EXPECT_TRUE(test::has_error(grant(R"({"target": {"ability": "wits"}, "add": 0})"), Code::OutOfRange, at + "/add"));
  EXPECT_TRUE(test::has_error(grant(R"({"target": {"ability": "wits"}, "set": -1})"), Code::OutOfRange, at + "/set"));
  EXPECT_TRUE(
      test::has_error(grant(R"({"target": {"ability": "wits"}, "add": 1, "set": 1})"), Code::ConflictingKeys, at));
  EXPECT_TRUE(test::has_error(grant(R"({"target": {"ability": "wits"}})"), Code::MissingKey, at));
  EXPECT_TRUE(grant(R"({"target": {"ability": "wits"}, "set": 0})").ok());
  // BB-7 for grants: a skill target needs its tier table.
  EXPECT_TRUE(
      test::has_error(grant(R"({"target": {"skill": "empathy"}, "add": 1})"), Code::MissingKey, at + "/target"));
}

}  // namespace
}  // namespace rk
