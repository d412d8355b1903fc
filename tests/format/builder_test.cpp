// sheet.builder (docs/format/builder.md): the spec's own examples read back through the model,
// and the builder's limits at N and N+1.
#include <gtest/gtest.h>

#include "format/builder_fixtures.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using builder_test::kSpecSteps;
using builder_test::spec_ruleset;

TEST(Builder, BA_5_the_spec_builder_reads_back_through_the_model) {
  const LoadResult r = test::load(spec_ruleset(kSpecSteps));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Builder& b = *r.ruleset->sheet.builder;
  EXPECT_EQ(b.tier, "proficient");
  ASSERT_EQ(b.steps.size(), 7u);
  EXPECT_EQ(b.steps[0].kind, BuilderStep::Kind::Catalog);
  EXPECT_EQ(b.steps[0].field, "race");
  EXPECT_EQ(b.steps[0].min, 1);
  EXPECT_EQ(b.steps[1].min, 0);
  ASSERT_TRUE(b.steps[1].within);
  EXPECT_EQ(b.steps[1].within->step_index, 0u);
  EXPECT_EQ(b.steps[3].fields, (std::vector<std::string>{"level", "background"}));
  const BuilderStep& scores = b.steps[4];
  ASSERT_TRUE(scores.point_buy);
  EXPECT_EQ(scores.point_buy->budget, Number::of(27));
  EXPECT_EQ(scores.point_buy->costs.size(), 8u);
  EXPECT_EQ(scores.standard_array->size(), 6u);
  EXPECT_EQ(scores.roll->keep, 3);
  EXPECT_TRUE(scores.manual && !scores.manual->min);
  EXPECT_EQ(b.steps[6].kind, BuilderStep::Kind::StartingGear);
  EXPECT_EQ(r.requires_version.value_or(""), "1.104");  // the half-elf's trained choice (decisions.md)
}

TEST(Builder, BA_67_the_half_elf_grants_read_back) {
  const LoadResult r = test::load(spec_ruleset(kSpecSteps));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Catalog& races = r.ruleset->catalogs[0];
  const CatalogEntry& e = races.entries[0];
  ASSERT_TRUE(e.grants);
  EXPECT_TRUE(e.rows.empty());  // BA-101
  EXPECT_EQ(e.grants->ability_add.at("cha"), Number::of(2));
  ASSERT_EQ(e.grants->ability_choices.size(), 1u);
  EXPECT_EQ(e.grants->ability_choices[0].except, (std::vector<std::string>{"cha"}));
  EXPECT_EQ(e.grants->trained_choices[0].count, 2);
  EXPECT_EQ(std::get<Number>(e.grants->sets.at("speed").value), Number::of(30));
}

TEST(Builder, BA_101_a_catalog_whose_entries_all_grant_needs_no_feeds) {
  const LoadResult r = test::load(spec_ruleset(kSpecSteps));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_TRUE(r.ruleset->catalogs[1].feeds.empty());
}

TEST(Builder, BA_34_the_spells_step_with_fromWithin_reads_back) {
  const LoadResult r = test::load(spec_ruleset(kSpecSteps + R"(, {
"id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells",
"within": { "step": "class", "filter": "class_ids" },
"stamp": { "class": { "fromWithin": "label" } } })"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.builder->steps[7].stamp.at("class").from_within, "label");
}

TEST(Builder, BA_21_upTo_reads_back) {
  const LoadResult r = test::load(
      spec_ruleset(kSpecSteps + R"(, {"id": "feats", "label": "F", "kind": "catalog", "catalog": "classes", "min": 0,
    "upTo": { "filter": "level", "value": { "field": "level" } } })"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.builder->steps[7].up_to->filter, "level");
}

std::string with_ratings_step(const std::string& quotas) {
  std::string text = spec_ruleset(kSpecSteps);
  const std::string ratings = R"(, {"id": "ratings", "label": "Ratings", "feeds": ["features"],
    "filters": [{"id": "rating", "label": "R", "type": "number"}, {"id": "skill", "label": "S", "type": "text"}],
    "entries": [{"id": "r1", "label": "R1", "rows": [{"list": "features", "values": {"name": "x"}}]}]}]})";
  text = text.substr(0, text.rfind("]}")) + ratings;
  text.replace(text.find(R"({ "id": "gear")"), 0, R"({
"id": "ratings", "label": "Skill ratings", "kind": "catalog", "catalog": "ratings", "min": 10, "max": 10, "distinctBy": "skill",
"quotas": [)" + quotas + "] }, ");
  return text;
}

TEST(Builder, BA_117_an_explicit_negative_quota_bound_is_refused) {
  const LoadResult ok = test::load(with_ratings_step(R"({ "filter": "rating", "value": 4, "min": 0, "max": 10 })"));
  EXPECT_TRUE(ok.ok()) << test::describe(ok);
  for (const char* quota :
       {R"({ "filter": "rating", "value": 4, "min": -1 })", R"({ "filter": "rating", "value": 4, "max": -1 })",
        R"({ "filter": "rating", "value": 4, "max": 11 })",
        R"({ "filter": "rating", "value": 4, "min": 3, "max": 2 })"}) {
    const LoadResult r = test::load(with_ratings_step(quota));
    EXPECT_TRUE(test::has_code(r, Code::OutOfRange)) << quota << "\n" << test::describe(r);
    EXPECT_FALSE(r.ok()) << quota;
  }
}

TEST(Builder, BA_115_a_quota_value_of_the_wrong_type_is_reported_once) {
  const LoadResult r = test::load(with_ratings_step(R"({ "filter": "skill", "value": ["x"] })"));
  std::size_t wrong = 0;
  for (const auto& d : r.diagnostics.items()) wrong += d.code == Code::WrongType ? 1 : 0;
  EXPECT_EQ(wrong, 1u) << test::describe(r);
}

TEST(Builder, BA_115_the_ratings_pyramid_reads_back) {
  std::string text = spec_ruleset(kSpecSteps);
  const std::string ratings = R"(, {"id": "ratings", "label": "Ratings", "feeds": ["features"],
    "filters": [{"id": "rating", "label": "R", "type": "number"}, {"id": "skill", "label": "S", "type": "text"}],
    "entries": [{"id": "r1", "label": "R1", "rows": [{"list": "features", "values": {"name": "x"}}]}]}]})";
  text = text.substr(0, text.rfind("]}")) + ratings;
  text.replace(text.find(R"({ "id": "gear")"), 0, R"({
"id": "ratings", "label": "Skill ratings", "kind": "catalog", "catalog": "ratings", "min": 10, "max": 10, "distinctBy": "skill",
"quotas": [
{ "filter": "rating", "value": 4, "min": 1, "max": 1 }, { "filter": "rating", "value": 3, "min": 2, "max": 2 },
{ "filter": "rating", "value": 2, "min": 3, "max": 3 }, { "filter": "rating", "value": 1, "min": 4, "max": 4 }] }, )");
  const LoadResult r = test::load(text);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.builder->steps[6].quota_rules.quotas.size(), 4u);
}

std::string gear_steps(int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += (i ? ", " : "") + std::string(R"({"id": "g)") + std::to_string(i) +
           R"(", "label": "G", "kind": "startingGear"})";
  return out;
}

TEST(Builder, BA_8_thirty_two_steps_are_accepted_and_thirty_three_refused) {
  EXPECT_TRUE(test::load(spec_ruleset(gear_steps(32))).ok());
  const LoadResult r = test::load(spec_ruleset(gear_steps(33)));
  EXPECT_TRUE(test::has_error(r, Code::TooMany, "/sheet/builder/steps")) << test::describe(r);
}

TEST(Builder, BA_14_max_60_is_accepted_and_61_refused) {
  EXPECT_TRUE(
      test::load(spec_ruleset(R"({"id": "s", "label": "S", "kind": "catalog", "catalog": "races", "max": 60})")).ok());
  const LoadResult r =
      test::load(spec_ruleset(R"({"id": "s", "label": "S", "kind": "catalog", "catalog": "races", "max": 61})"));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/max")) << test::describe(r);
}

TEST(Builder, BA_55_a_second_abilities_step_is_refused) {
  const LoadResult r =
      test::load(spec_ruleset(R"({"id": "a", "label": "A", "kind": "abilities", "methods": {"manual": true}},
                                             {"id": "b", "label": "B", "kind": "abilities", "methods": {"manual": true}})"));
  EXPECT_TRUE(test::has_error(r, Code::TooMany, "/sheet/builder/steps/1/kind")) << test::describe(r);
}

TEST(Builder, BA_56_BB_54_a_spend_step_names_its_pool_and_its_offers) {
  const LoadResult r = test::load(spec_ruleset(R"({"id": "a", "label": "A", "kind": "spend"})"));
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("`pool` is required"), std::string::npos) << test::describe(r);
  EXPECT_NE(test::describe(r).find("`offers` is required"), std::string::npos) << test::describe(r);
}

TEST(Builder, BA_96_an_entry_choice_without_a_choices_step_is_refused) {
  std::string text = spec_ruleset(kSpecSteps);
  text.replace(text.find(R"("sets": { "speed": 30 })"), 0,
               R"("entries": {"choose": [{"catalog": "spells", "count": 1}]}, )");
  const LoadResult r = test::load(text);
  EXPECT_TRUE(test::has_error(r, Code::NoChoicesStep, "/catalogs/0/entries/0/grants/entries/choose/0/catalog"))
      << test::describe(r);
}

TEST(Builder, BA_88_an_entry_whose_grants_change_its_offeredWhen_is_refused) {
  std::string text = spec_ruleset(kSpecSteps);
  text.replace(text.find(R"("grants": {"sets": {"level": 1}})"), 0, R"("offeredWhen": {"field": "level"}, )");
  const LoadResult r = test::load(text);
  EXPECT_TRUE(test::has_error(r, Code::SelfDependentOffer, "/catalogs/1/entries/0/offeredWhen")) << test::describe(r);
}

TEST(Builder, BA_141_a_when_that_reads_a_later_step_is_refused) {
  const LoadResult r =
      test::load(spec_ruleset(R"({"id": "a", "label": "A", "kind": "startingGear", "when": {"field": "level"}},
                                             {"id": "l", "label": "L", "kind": "fields", "fields": ["level"]})"));
  EXPECT_TRUE(test::has_error(r, Code::ReadsLaterStep, "/sheet/builder/steps/0/when")) << test::describe(r);
  EXPECT_TRUE(test::load(spec_ruleset(R"({"id": "l", "label": "L", "kind": "fields", "fields": ["level"]},
                                    {"id": "a", "label": "A", "kind": "startingGear", "when": {"field": "level"}})"))
                  .ok());
}

}  // namespace
}  // namespace rk
