// Pools and spend steps at import (builder-b.md §9 – §17 and validation rules 14 – 28,
// builder-c.md BC-15 – BC-20), built from the spec's own Call-of-Cthulhu pools and offers.
#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "support/load.hpp"
#include "support/points_ruleset.hpp"

namespace rk {
namespace {

using test::points_pool;
using test::points_ruleset;
using test::spend_step;

const std::string kRank =
    R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1}, "min": 0, "max": 10})";

LoadResult load_offers(const std::string& offers, const std::string& pools = points_pool(10)) {
  return test::load(points_ruleset(spend_step(offers), pools));
}

TEST(BuilderSpend, BB_49_BB_54_the_specs_occupation_and_interest_pools_are_accepted) {
  // The spec's example (§10), on a sheet with the fields and derived values it names.
  const std::string pools = R"([
    { "id": "occupation", "label": "Occupation", "budget": { "derived": "points" }, "creditLimit": 0 },
    { "id": "interest", "label": "Personal interest", "budget": { "derived": "interest_points" } }])";
  const std::string step = R"({
    "id": "occupation_skills", "label": "Occupation skills", "kind": "spend", "pool": "occupation",
    "offers": [{ "id": "accounting", "label": "Accounting", "target": { "field": "accounting" }, "cost": { "flat": 1 }, "min": 5, "max": 99 }]})";
  const LoadResult r = test::load(points_ruleset(step, pools));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Builder& b = *r.ruleset->sheet.builder;
  ASSERT_EQ(b.pools.size(), 2u);
  EXPECT_EQ(b.pools[1].label, "Personal interest");
  EXPECT_EQ(b.pools[0].credit_limit, 0);
  ASSERT_EQ(b.steps.size(), 1u);
  EXPECT_EQ(b.steps[0].kind, BuilderStep::Kind::Spend);
  EXPECT_EQ(b.steps[0].pool, "occupation");
  ASSERT_EQ(b.steps[0].spend_offers.size(), 1u);
  const SpendOffer& o = b.steps[0].spend_offers[0];
  EXPECT_EQ(o.target.key(), "field/accounting");
  EXPECT_EQ(o.cost->kind, PurchaseCost::Kind::Flat);
  EXPECT_EQ(o.min, Number::of(5));
  EXPECT_EQ(o.max, Number::of(99));
  EXPECT_EQ(r.requires_version.value_or(""), "1.153");
}

TEST(BuilderSpend, BB_52_a_pool_budget_is_0_to_100000) {
  const LoadResult r = load_offers(kRank, R"([{"id": "cp", "label": "CP", "budget": 100001}])");
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/pools/0/budget")) << test::describe(r);
  EXPECT_TRUE(load_offers(kRank, R"([{"id": "cp", "label": "CP", "budget": 100000}])").ok());
}

TEST(BuilderSpend, BB_51_a_pool_budget_is_a_non_live_value) {
  const LoadResult r = load_offers(kRank, R"([{"id": "cp", "label": "CP", "budget": {"pool": "hp"}}])");
  EXPECT_FALSE(r.ok());
}

TEST(BuilderSpend, BB_54_a_spend_step_names_a_declared_pool) {
  const LoadResult r = test::load(points_ruleset(spend_step(kRank, "buy", "cq"), points_pool()));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/pool")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("did you mean `cp`"), std::string::npos) << test::describe(r);
}

TEST(BuilderSpend, BB_54_offer_ids_are_unique_in_a_step) {
  const LoadResult r = load_offers(kRank + ", " + kRank);
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/0/offers/1/id")) << test::describe(r);
}

TEST(BuilderSpend, BB_56_a_list_row_is_not_an_offer_target) {
  const LoadResult r = load_offers(
      R"({"id": "perk", "label": "Perk", "target": {"list": "perks"}, "cost": {"flat": 1}, "min": 0, "max": 10})");
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0/offers/0/target")) << test::describe(r);
}

TEST(BuilderSpend, BB_57_offer_bounds_fit_the_targets_storage) {
  const LoadResult r = load_offers(
      R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1}, "min": 0, "max": 11})");
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/offers/0/max")) << test::describe(r);
}

TEST(BuilderSpend, BB_60_a_cost_is_exactly_one_form) {
  const LoadResult two = load_offers(
      R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1, "perRank": 2}, "min": 0, "max": 10})");
  EXPECT_TRUE(test::has_error(two, Code::ConflictingKeys, "/sheet/builder/steps/0/offers/0/cost"))
      << test::describe(two);
  const LoadResult none =
      load_offers(R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {}, "min": 0, "max": 10})");
  EXPECT_TRUE(test::has_error(none, Code::MissingKey, "/sheet/builder/steps/0/offers/0/cost")) << test::describe(none);
  const LoadResult missing =
      load_offers(R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "min": 0, "max": 10})");
  EXPECT_TRUE(test::has_error(missing, Code::MissingKey, "/sheet/builder/steps/0/offers/0")) << test::describe(missing);
}

TEST(BuilderSpend, BB_64_fractional_table_values_need_a_non_integer_field) {
  const LoadResult r = load_offers(
      R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"table": [[5, 0], [5.25, 5], [6, 12]]}, "min": 5, "max": 6})");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/offers/0/cost/table")) << test::describe(r);
  EXPECT_TRUE(load_offers(R"({"id": "speed", "label": "Speed", "target": {"field": "basic_speed"},
      "cost": {"table": [[5, 0], [5.25, 5], [5.5, 12]]}, "min": 5, "max": 5.5})")
                  .ok());
}

TEST(BuilderSpend, BB_65_a_table_holds_both_bounds_of_the_offer) {
  const LoadResult r = load_offers(R"({"id": "speed", "label": "Speed", "target": {"field": "basic_speed"},
      "cost": {"table": [[5, 0], [5.25, 5]]}, "min": 5, "max": 5.5})");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/offers/0/cost/table")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("lacks 5.5"), std::string::npos) << test::describe(r);
}

TEST(BuilderSpend, BB_66_BB_71_prices_are_positive_unless_the_offer_yields_credit) {
  const LoadResult flat = load_offers(
      R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": -1}, "min": 0, "max": 10})");
  EXPECT_TRUE(test::has_error(flat, Code::BadValue, "/sheet/builder/steps/0/offers/0/cost/flat"))
      << test::describe(flat);
  const LoadResult table = load_offers(
      R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"table": [[0, 0], [5, 5], [10, 5]]}, "min": 0, "max": 10})");
  EXPECT_TRUE(test::has_error(table, Code::BadValue, "/sheet/builder/steps/0/offers/0/cost/table"))
      << test::describe(table);
  EXPECT_TRUE(
      load_offers(
          R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "credit": true, "cost": {"flat": -1}, "min": 0, "max": 10})")
          .ok());
}

TEST(BuilderSpend, BB_70_a_pool_budget_never_reads_a_purchased_target) {
  const std::string pools = R"([{"id": "cp", "label": "CP", "budget": {"field": "rank"}}])";
  const LoadResult r = test::load(points_ruleset(spend_step(kRank), pools));
  EXPECT_TRUE(test::has_error(r, Code::ReadsLaterStep, "/sheet/builder/pools/0/budget")) << test::describe(r);
}

TEST(BuilderSpend, BB_70_an_override_never_reads_a_target_an_earlier_spend_step_sells) {
  const std::string steps =
      spend_step(
          R"({"id": "career", "label": "Career", "target": {"field": "career"}, "cost": {"flat": 1}, "min": 0, "max": 1})",
          "first") +
      ", " +
      spend_step(
          R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 2}, "min": 0, "max": 10,
        "overrides": [{"when": {"derived": "career_affinity"}, "cost": {"flat": 1}}]})",
          "second");
  const LoadResult r = test::load(points_ruleset(steps, points_pool()));
  EXPECT_TRUE(test::has_error(r, Code::ReadsPurchase, "/sheet/builder/steps/1/offers/0/overrides/0/when"))
      << test::describe(r);
  EXPECT_NE(test::describe(r).find("field `career`"), std::string::npos) << test::describe(r);
}

TEST(BuilderSpend, BB_75_a_credit_target_has_one_offer_in_the_whole_builder) {
  const std::string credit =
      R"({"id": "weak", "label": "Weak", "target": {"field": "rank"}, "credit": true, "baseline": 2, "min": 0, "max": 2, "cost": {"flat": 1}})";
  const LoadResult r =
      test::load(points_ruleset(spend_step(credit, "one") + ", " + spend_step(kRank, "two"), points_pool(5)));
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/0/offers/0/target")) << test::describe(r);
}

TEST(BuilderSpend, BB_84_a_two_way_target_has_one_offer_in_the_whole_builder) {
  const std::string both =
      R"({"id": "st", "label": "ST", "target": {"ability": "st"}, "direction": "both", "min": 7, "max": 14, "cost": {"flat": 10}},
         {"id": "st2", "label": "ST again", "target": {"ability": "st"}, "cost": {"flat": 10}, "min": 10, "max": 14})";
  const LoadResult r = load_offers(both);
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/0/offers/0/target")) << test::describe(r);
}

TEST(BuilderSpend, BB_78_a_cap_filters_on_a_tag_an_offer_of_the_pool_carries) {
  const LoadResult r = load_offers(kRank, points_pool(5, R"([{"filter": "flaw", "maxCredit": 2}])"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/pools/0/caps/0/filter")) << test::describe(r);
}

TEST(BuilderSpend, BB_86_direction_is_one_of_three_words_and_a_decrease_yields_credit) {
  const LoadResult word = load_offers(
      R"({"id": "st", "label": "ST", "target": {"ability": "st"}, "direction": "down", "min": 7, "max": 14, "cost": {"flat": 10}})");
  EXPECT_TRUE(test::has_error(word, Code::BadValue, "/sheet/builder/steps/0/offers/0/direction"))
      << test::describe(word);
  const LoadResult credit = load_offers(
      R"({"id": "st", "label": "ST", "target": {"ability": "st"}, "direction": "decrease", "min": 7, "max": 14, "cost": {"flat": 10}})");
  EXPECT_TRUE(test::has_error(credit, Code::MissingKey, "/sheet/builder/steps/0/offers/0/credit"))
      << test::describe(credit);
}

TEST(BuilderSpend, BB_73_BB_86_a_credit_offer_with_a_baseline_is_a_decrease) {
  const LoadResult r = load_offers(
      R"({"id": "weak", "label": "Weak", "target": {"ability": "st"}, "credit": true, "baseline": 10, "min": 6, "max": 10, "cost": {"flat": 1}})");
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.builder->steps[0].spend_offers[0].direction, OfferDirection::Decrease);
  EXPECT_EQ(r.requires_version.value_or(""), "1.153");  // no `direction` written: no 1.164 gate
}

TEST(BuilderSpend, BB_92_an_exchange_leaves_out_cost) {
  const LoadResult r = load_offers(R"({"id": "x", "label": "X", "target": {"ability": "int"}, "cost": {"flat": 1},
      "exchange": {"from": {"ability": "wis"}, "units": 2, "floor": 9}, "min": 3, "max": 18})");
  EXPECT_TRUE(test::has_error(r, Code::ConflictingKeys, "/sheet/builder/steps/0/offers/0/cost")) << test::describe(r);
}

TEST(BuilderSpend, BB_89_BB_90_an_exchange_reads_from_units_and_floor_and_gain_defaults_to_1) {
  const LoadResult r = load_offers(R"({"id": "wis_to_int", "label": "Lower Wisdom to raise Intelligence",
      "target": {"ability": "int"}, "exchange": {"from": {"ability": "wis"}, "units": 2, "floor": 9}, "min": 3, "max": 18})");
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const SpendOffer& o = r.ruleset->sheet.builder->steps[0].spend_offers[0];
  ASSERT_TRUE(o.exchange.has_value());
  EXPECT_EQ(o.exchange->from.key(), "ability/wis");
  EXPECT_EQ(o.exchange->units, 2);
  EXPECT_EQ(o.exchange->gain, 1);
  EXPECT_EQ(o.exchange->floor, Number::of(9));
  EXPECT_FALSE(o.cost.has_value());
  const LoadResult missing = load_offers(R"({"id": "x", "label": "X", "target": {"ability": "int"},
      "exchange": {"from": {"ability": "wis"}}, "min": 3, "max": 18})");
  EXPECT_TRUE(test::has_error(missing, Code::MissingKey, "/sheet/builder/steps/0/offers/0/exchange"))
      << test::describe(missing);
}

TEST(BuilderSpend, BB_117_unpriced_is_written_true) {
  const LoadResult r = load_offers(
      R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"unpriced": false}, "min": 0, "max": 10})");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/offers/0/cost/unpriced")) << test::describe(r);
}

TEST(BuilderSpend, BC_19_allowed_ratings_ascend_within_the_offers_bounds) {
  const LoadResult r = load_offers(
      R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1}, "min": 0, "max": 5, "allowedRatings": [1, 5, 3]})");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/offers/0/allowedRatings/2"))
      << test::describe(r);
}

TEST(BuilderSpend, BC_20_an_offer_condition_never_reads_a_purchased_target) {
  const LoadResult r = load_offers(kRank + R"(, {"id": "bg", "label": "Bg", "target": {"field": "background"},
      "cost": {"flat": 1}, "min": 0, "max": 10, "maxFrom": {"field": "rank"}})");
  EXPECT_TRUE(test::has_error(r, Code::ReadsLaterStep, "/sheet/builder/steps/0/offers/1/maxFrom")) << test::describe(r);
}

}  // namespace
}  // namespace rk
