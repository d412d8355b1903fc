// Spend steps at run time (builder-b.md §9 – §20, builder-c.md §2): pools, costs, overrides,
// credits, two-way, ownership and exchange offers, the purchase ledger and repricing — the worked
// examples L-1 – L-6 and O-1 with their exact values.
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "support/points_ruleset.hpp"
#include "support/wod_ruleset.hpp"

namespace rk::builder_test {
namespace {

using test::points_pool;
using test::points_ruleset;
using test::spend_step;

const SpendOfferView& offer_of(const Build& b, const std::string& id, const std::string& step = "buy") {
  for (const auto& o : b.step(step).spend_offers) {
    if (o.id == id) return o;
  }
  ADD_FAILURE() << "no offer " << id;
  return b.step(step).spend_offers.front();
}

const CreationPoolView& pool_of(const Build& b, const std::string& step = "buy") {
  EXPECT_TRUE(b.step(step).creation_pool.has_value());
  return *b.step(step).creation_pool;
}

/// A number field as the sheet reads it: the stored value, else the field's default.
Number field_number(const Build& b, const std::string& id) {
  auto v = b.field(id);
  if (!v) {
    const Sheet& s = b.ruleset().sheet;
    v = s.fields[s.field_index.at(id)].spec.default_value;
  }
  const auto* n = std::get_if<Number>(&v->value);
  return n == nullptr ? Number() : *n;
}

/// Hundredths: `hundredths(525)` is 5.25.
Number hundredths(std::int64_t h) { return Number::raw(h * 100); }

std::string buy(const std::string& offer, const std::string& step = "buy") {
  return R"({"step": ")" + step + R"(", "buy": ")" + offer + "\"}";
}
std::string lower(const std::string& offer) { return R"({"step": "buy", "lower": ")" + offer + "\"}"; }
std::string refund(const std::string& offer, const std::string& step = "buy") {
  return R"({"step": ")" + step + R"(", "refund": ")" + offer + "\"}";
}

TEST(BuilderSpend, BB_62_worked_example_L_1_perRank_prices_the_rank_reached) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"perRank": 5}, "min": 0, "max": 10})"),
          points_pool()),
      true);
  EXPECT_EQ(offer_of(b, "rank").next_price, Number::of(15));  // 5 x 3
  b.act(buy("rank"));
  EXPECT_EQ(field_number(b, "rank"), Number::of(3));
  EXPECT_EQ(offer_of(b, "rank").next_price, Number::of(20));  // 5 x 4
  b.act(buy("rank"));
  EXPECT_EQ(field_number(b, "rank"), Number::of(4));
  EXPECT_EQ(pool_of(b).spent, Number::of(35));
  EXPECT_EQ(pool_of(b).remaining, Number::of(65));
  ASSERT_EQ(offer_of(b, "rank").lines.size(), 2u);
  EXPECT_EQ(offer_of(b, "rank").lines[1].price, Number::of(20));
  b.act(refund("rank"));  // removes the last line, (+1, 20)
  EXPECT_EQ(field_number(b, "rank"), Number::of(3));
  EXPECT_EQ(pool_of(b).spent, Number::of(15));
}

TEST(BuilderSpend, BB_63_BB_64_worked_example_L_2_a_table_moves_to_the_adjacent_value) {
  Build b(points_ruleset(spend_step(R"({"id": "speed", "label": "Basic Speed", "target": {"field": "basic_speed"},
      "cost": {"table": [[5, 0], [5.25, 5], [5.5, 12]]}, "min": 5, "max": 5.5})"),
                         points_pool()),
          true);
  b.act(buy("speed"));
  EXPECT_EQ(field_number(b, "basic_speed"), hundredths(525));
  EXPECT_EQ(pool_of(b).spent, Number::of(5));
  EXPECT_EQ(offer_of(b, "speed").next_price, Number::of(7));
  b.act(buy("speed"));
  EXPECT_EQ(field_number(b, "basic_speed"), hundredths(550));
  EXPECT_EQ(pool_of(b).spent, Number::of(12));
  EXPECT_FALSE(offer_of(b, "speed").can_buy);  // 5.5 is the max and the last table value
  EXPECT_EQ(b.refused(buy("speed")), "out-of-range");
  b.act(refund("speed"));
  EXPECT_EQ(field_number(b, "basic_speed"), hundredths(525));
  EXPECT_EQ(pool_of(b).spent, Number::of(5));
}

TEST(BuilderSpend, BB_58_BB_100_worked_example_L_3_free_points_are_never_charged_or_refunded) {
  const std::string steps =
      R"({"id": "perks", "label": "Perks", "kind": "catalog", "catalog": "perks", "min": 0, "max": 3}, )" +
      spend_step(
          R"({"id": "bg", "label": "Background", "target": {"field": "background"}, "cost": {"flat": 1}, "min": 0, "max": 10})");
  const std::string perk =
      R"(, {"id": "rich", "label": "Rich", "grants": {"ratings": [{"target": {"field": "background"}, "add": 2}]}})";
  Build b(points_ruleset(steps, points_pool(), perk), true);
  b.act(R"({"step": "perks", "pick": "rich"})");
  EXPECT_EQ(field_number(b, "background"), Number::of(2));
  EXPECT_EQ(offer_of(b, "bg").start, Number::of(2));
  for (int i = 0; i < 5; ++i) b.act(buy("bg"));
  EXPECT_EQ(field_number(b, "background"), Number::of(7));
  EXPECT_EQ(pool_of(b).spent, Number::of(5));
  for (int i = 0; i < 5; ++i) b.act(refund("bg"));
  EXPECT_EQ(field_number(b, "background"), Number::of(2));
  EXPECT_EQ(pool_of(b).spent, Number());
  EXPECT_EQ(b.refused(refund("bg")), "out-of-range");  // the free 2 are never refunded
}

const std::string kReduction =
    R"({"id": "weak", "label": "Weak", "target": {"ability": "st"}, "credit": true, "baseline": 10, "min": 6, "max": 10, "cost": {"flat": 1}})";

TEST(BuilderSpend, BB_73_BB_76_BB_77_worked_example_L_4_a_reduction_records_credit_within_the_limit) {
  Build b(points_ruleset(spend_step(kReduction), points_pool(4)), true);
  for (int i = 0; i < 4; ++i) b.act(buy("weak"));
  EXPECT_EQ(b.ability("st"), Number::of(6));
  EXPECT_EQ(pool_of(b).credit, Number::of(4));
  EXPECT_EQ(pool_of(b).remaining, Number::of(104));   // budget - spent + credit (decisions.md)
  EXPECT_EQ(b.refused(buy("weak")), "out-of-range");  // min 6
  b.act(refund("weak"));
  EXPECT_EQ(b.ability("st"), Number::of(7));
  EXPECT_EQ(pool_of(b).credit, Number::of(3));
}

TEST(BuilderSpend, BB_76_worked_example_L_4_without_a_credit_limit_no_reduction_can_be_taken) {
  Build b(points_ruleset(spend_step(kReduction), points_pool()), true);
  EXPECT_FALSE(offer_of(b, "weak").can_buy);
  EXPECT_EQ(offer_of(b, "weak").why.reason, Reason::PoolCreditFull);
  EXPECT_EQ(b.refused(buy("weak")), "over-budget");
  EXPECT_EQ(b.ability("st"), Number::of(10));
}

const std::string kStrength =
    R"({"id": "st", "label": "ST", "target": {"ability": "st"}, "direction": "both", "baseline": 10, "min": 7, "max": 14, "cost": {"flat": 10}})";

TEST(BuilderSpend, BB_81_BB_82_BB_83_worked_example_L_5_two_way_strength) {
  Build b(points_ruleset(spend_step(kStrength), points_pool(30)), true);
  b.act(buy("st")).act(buy("st"));
  EXPECT_EQ(b.ability("st"), Number::of(12));
  EXPECT_EQ(pool_of(b).spent, Number::of(20));
  EXPECT_EQ(pool_of(b).credit, Number());
  b.act(lower("st")).act(lower("st"));  // takes both purchases back at 10 each
  EXPECT_EQ(b.ability("st"), Number::of(10));
  EXPECT_EQ(pool_of(b).spent, Number());
  EXPECT_EQ(pool_of(b).credit, Number());  // buying then lowering never creates credit
  EXPECT_TRUE(offer_of(b, "st").lines.empty());
  b.act(lower("st")).act(lower("st"));
  EXPECT_EQ(b.ability("st"), Number::of(8));
  EXPECT_EQ(pool_of(b).credit, Number::of(20));
  ASSERT_EQ(offer_of(b, "st").lines.size(), 2u);
  EXPECT_EQ(offer_of(b, "st").lines[0].delta, Number::of(-1));
  EXPECT_EQ(offer_of(b, "st").lines[0].price, Number::of(-10));
  b.act(buy("st"));  // refunds the last credit line
  EXPECT_EQ(b.ability("st"), Number::of(9));
  EXPECT_EQ(pool_of(b).credit, Number::of(10));
  EXPECT_EQ(pool_of(b).spent, Number());
  b.act(lower("st")).act(lower("st"));
  EXPECT_EQ(b.ability("st"), Number::of(7));
  EXPECT_EQ(pool_of(b).credit, Number::of(30));  // the most credit: min 7
  EXPECT_EQ(b.refused(lower("st")), "out-of-range");
}

TEST(BuilderSpend, BB_85_worked_example_L_5_range_ends_at_max_14_with_40_spent) {
  Build b(points_ruleset(spend_step(kStrength), points_pool(30)), true);
  for (int i = 0; i < 4; ++i) b.act(buy("st"));
  EXPECT_EQ(b.ability("st"), Number::of(14));
  EXPECT_EQ(pool_of(b).spent, Number::of(40));
  EXPECT_EQ(b.refused(buy("st")), "out-of-range");
}

TEST(BuilderSpend, BB_82_a_two_way_offer_lowers_only_within_the_pools_credit_limit) {
  Build b(points_ruleset(spend_step(kStrength), points_pool(10)), true);
  b.act(lower("st"));
  EXPECT_EQ(b.ability("st"), Number::of(9));
  EXPECT_FALSE(offer_of(b, "st").can_lower);
  EXPECT_EQ(b.refused(lower("st")), "over-budget");
}

const std::string kWisToInt = R"({"id": "wis_to_int", "label": "Lower Wisdom to raise Intelligence",
  "target": {"ability": "int"}, "exchange": {"from": {"ability": "wis"}, "units": 2, "floor": 9}, "min": 3, "max": 18})";

TEST(BuilderSpend, BB_89_BB_91_BB_95_worked_example_L_6_the_ose_exchange) {
  Build b(points_ruleset(spend_step(kWisToInt), points_pool()), true);
  EXPECT_EQ(b.ability("wis"), Number::of(13));
  EXPECT_EQ(b.ability("int"), Number::of(10));
  b.act(buy("wis_to_int"));
  EXPECT_EQ(b.ability("wis"), Number::of(11));
  EXPECT_EQ(b.ability("int"), Number::of(11));
  EXPECT_EQ(pool_of(b).spent, Number());  // an exchange costs the pool nothing
  b.act(buy("wis_to_int"));
  EXPECT_EQ(b.ability("wis"), Number::of(9));
  EXPECT_EQ(b.ability("int"), Number::of(12));
  EXPECT_EQ(offer_of(b, "wis_to_int").why.reason, Reason::ExchangeBelowFloor);  // 9 - 2 = 7 < 9
  EXPECT_EQ(b.refused(buy("wis_to_int")), "out-of-range");
  b.act(refund("wis_to_int"));
  EXPECT_EQ(b.ability("wis"), Number::of(11));
  EXPECT_EQ(b.ability("int"), Number::of(11));
}

TEST(BuilderSpend, BB_93_exchanged_points_are_never_exchanged_again) {
  const std::string back = R"({"id": "int_to_wis", "label": "Lower Intelligence to raise Wisdom",
    "target": {"ability": "wis"}, "exchange": {"from": {"ability": "int"}, "units": 2, "floor": 3}, "min": 3, "max": 18})";
  Build b(points_ruleset(spend_step(kWisToInt + ", " + back), points_pool()), true);
  b.act(buy("wis_to_int"));
  // INT was raised and WIS lowered by an exchange: the opposite exchange may do neither.
  EXPECT_FALSE(offer_of(b, "int_to_wis").can_buy);
  EXPECT_EQ(offer_of(b, "int_to_wis").why.reason, Reason::ExchangeReversed);
  EXPECT_EQ(b.refused(buy("int_to_wis")), "not-offered");
  b.act(refund("wis_to_int"));
  EXPECT_TRUE(offer_of(b, "int_to_wis").can_buy);
}

TEST(BuilderSpend, BB_87_BB_88_worked_example_O_1_ownership_is_paid_and_listed_when_a_default_is_better) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "fam", "label": "Familiarity", "target": {"field": "familiarity"}, "effect": "ownership", "cost": {"flat": 1}, "min": 0, "max": 10})"),
          points_pool()),
      true);
  EXPECT_EQ(field_number(b, "familiarity"), Number::of(3));
  b.act(buy("fam"));
  EXPECT_EQ(pool_of(b).spent, Number::of(1));
  EXPECT_EQ(offer_of(b, "fam").value, Number::of(1));        // the level bought
  EXPECT_EQ(offer_of(b, "fam").lines.size(), 1u);            // listed
  EXPECT_EQ(field_number(b, "familiarity"), Number::of(3));  // max(3, 1)
  b.act(refund("fam"));
  EXPECT_EQ(pool_of(b).spent, Number());
  EXPECT_EQ(field_number(b, "familiarity"), Number::of(3));
}

TEST(BuilderSpend, BB_88_an_ownership_level_above_the_own_value_raises_the_sheet) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "fam", "label": "Familiarity", "target": {"field": "familiarity"}, "effect": "ownership", "cost": {"flat": 1}, "min": 0, "max": 10})"),
          points_pool()),
      true);
  for (int i = 0; i < 5; ++i) b.act(buy("fam"));
  EXPECT_EQ(field_number(b, "familiarity"), Number::of(5));
  EXPECT_EQ(pool_of(b).spent, Number::of(5));
}

TEST(BuilderSpend, BB_72_a_flaw_yields_credit_each_increment) {
  const std::string flaw =
      R"({"id": "greed", "label": "Greed", "target": {"field": "background"}, "credit": true, "cost": {"flat": -1}, "min": 0, "max": 5, "tags": ["flaw"]})";
  Build b(points_ruleset(spend_step(flaw), points_pool(10, R"([{"filter": "flaw", "maxCredit": 2}])")), true);
  b.act(buy("greed")).act(buy("greed"));
  EXPECT_EQ(field_number(b, "background"), Number::of(2));
  EXPECT_EQ(pool_of(b).credit, Number::of(2));
  EXPECT_EQ(pool_of(b).caps.at(0).used, Number::of(2));
  EXPECT_EQ(offer_of(b, "greed").why.reason, Reason::CapCreditFull);  // BB-78: the flaw cap is 2
  EXPECT_EQ(b.refused(buy("greed")), "over-budget");
}

TEST(BuilderSpend, BB_79_caps_count_gross_credit_whatever_is_spent) {
  const std::string offers =
      R"({"id": "greed", "label": "Greed", "target": {"field": "background"}, "credit": true, "cost": {"flat": -1}, "min": 0, "max": 5, "tags": ["flaw"]},
         {"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1}, "min": 0, "max": 10})";
  Build b(points_ruleset(spend_step(offers), points_pool(10, R"([{"filter": "flaw", "maxCredit": 1}])")), true);
  b.act(buy("rank")).act(buy("rank")).act(buy("greed"));
  EXPECT_EQ(b.refused(buy("greed")), "over-budget");  // spending 2 does not offset the cap of 1
}

TEST(BuilderSpend, BB_68_BB_69_the_first_override_whose_condition_holds_sets_the_price) {
  const std::string steps =
      R"({"id": "bio", "label": "Bio", "kind": "fields", "fields": ["career"]}, )" +
      spend_step(
          R"({"id": "acc", "label": "Accounting", "target": {"field": "accounting"}, "cost": {"perRank": 5}, "min": 5, "max": 99,
        "overrides": [{"when": {"derived": "career_affinity"}, "cost": {"flat": 1}}]})");
  Build b(points_ruleset(steps, points_pool()), true);
  EXPECT_EQ(offer_of(b, "acc").next_price, Number::of(30));  // 5 x 6
  b.act(R"({"step": "bio", "field": "career", "value": 1})");
  EXPECT_EQ(offer_of(b, "acc").next_price, Number::of(1));
}

TEST(BuilderSpend, BB_102_BB_103_BB_105_a_changed_price_keeps_the_ledger_and_reprice_accepts_it) {
  const std::string steps =
      R"({"id": "bio", "label": "Bio", "kind": "fields", "fields": ["career"]}, )" +
      spend_step(
          R"({"id": "acc", "label": "Accounting", "target": {"field": "accounting"}, "cost": {"flat": 2}, "min": 5, "max": 99,
        "overrides": [{"when": {"derived": "career_affinity"}, "cost": {"flat": 1}}]})");
  Build b(points_ruleset(steps, points_pool()), true);
  b.act(buy("acc")).act(buy("acc"));
  EXPECT_EQ(pool_of(b).spent, Number::of(4));
  b.act(R"({"step": "bio", "field": "career", "value": 1})");
  // The lines keep what was paid; the pool shows today's price beside it.
  EXPECT_EQ(pool_of(b).spent, Number::of(4));
  EXPECT_EQ(pool_of(b).spent_now, Number::of(2));
  EXPECT_TRUE(pool_of(b).repriced);
  EXPECT_EQ(field_number(b, "accounting"), Number::of(7));
  EXPECT_EQ(offer_of(b, "acc").lines[0].price_now, Number::of(1));
  b.act(R"({"step": "buy", "reprice": true})");
  EXPECT_EQ(pool_of(b).spent, Number::of(2));
  EXPECT_FALSE(pool_of(b).repriced);
  EXPECT_EQ(b.refused(R"({"step": "buy", "reprice": true})"), "bad-action");  // nothing left to reprice
}

TEST(BuilderSpend, BB_103_a_purchase_that_no_longer_fits_is_kept_inactive_and_blocks_buying) {
  // The ceiling read from the sheet falls below what was bought (BC-17): the lines above it wait.
  const std::string steps =
      R"({"id": "bio", "label": "Bio", "kind": "fields", "fields": ["career"]}, )" +
      spend_step(
          R"({"id": "bg", "label": "Background", "target": {"field": "background"}, "cost": {"flat": 1}, "min": 0, "max": 10,
        "maxFrom": {"field": "career"}},
        {"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1}, "min": 0, "max": 10})");
  Build b(points_ruleset(steps, points_pool()), true);
  b.act(R"({"step": "bio", "field": "career", "value": 1})").act(buy("bg"));
  EXPECT_EQ(field_number(b, "background"), Number::of(1));
  b.act(R"({"step": "bio", "field": "career", "value": 0})");
  const SpendOfferView& bg = offer_of(b, "bg");
  ASSERT_EQ(bg.lines.size(), 1u);
  EXPECT_FALSE(bg.lines[0].counts);
  EXPECT_EQ(bg.lines[0].why.reason, Reason::PurchaseNoLongerFits);
  EXPECT_EQ(field_number(b, "background"), Number());  // not applied, and not deleted
  EXPECT_EQ(pool_of(b).spent, Number::of(1));          // the original spend stays shown
  EXPECT_TRUE(pool_of(b).attention);
  EXPECT_EQ(offer_of(b, "rank").why.reason, Reason::PoolNeedsRepair);
  EXPECT_EQ(b.refused(buy("rank")), "not-offered");
  b.act(refund("bg"));
  EXPECT_TRUE(offer_of(b, "rank").can_buy);
}

TEST(BuilderSpend, BC_15_BC_16_an_offer_whose_condition_reads_0_keeps_its_purchases_inactive) {
  const std::string steps =
      R"({"id": "bio", "label": "Bio", "kind": "fields", "fields": ["career"]}, )" +
      spend_step(
          R"({"id": "acc", "label": "Accounting", "target": {"field": "accounting"}, "cost": {"flat": 1}, "min": 5, "max": 99,
        "when": {"field": "career"}})");
  Build b(points_ruleset(steps, points_pool()), true);
  EXPECT_FALSE(offer_of(b, "acc").offered);
  EXPECT_EQ(b.refused(buy("acc")), "not-offered");
  b.act(R"({"step": "bio", "field": "career", "value": 1})").act(buy("acc"));
  EXPECT_EQ(field_number(b, "accounting"), Number::of(6));
  b.act(R"({"step": "bio", "field": "career", "value": 0})");
  EXPECT_EQ(offer_of(b, "acc").lines.size(), 1u);
  EXPECT_EQ(offer_of(b, "acc").lines[0].why.reason, Reason::OfferNotOffered);
  EXPECT_EQ(field_number(b, "accounting"), Number::of(5));
}

TEST(BuilderSpend, BC_17_BC_18_a_value_below_the_floor_is_bought_up_to_it_at_once) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "acc", "label": "Accounting", "target": {"field": "accounting"}, "cost": {"flat": 1}, "min": 0, "max": 99,
        "minFrom": {"const": 20}, "maxFrom": {"abilityScore": "dx"}})"),
          points_pool()),
      true);
  EXPECT_EQ(offer_of(b, "acc").min, Number::of(20));
  EXPECT_EQ(offer_of(b, "acc").max, Number::of(10));  // Dodge stops at DEX: the floor passes the ceiling
  EXPECT_EQ(offer_of(b, "acc").why.reason, Reason::OfferBoundsCross);
}

TEST(BuilderSpend, BC_18_one_purchase_reaches_the_floor_at_the_curves_price) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "acc", "label": "Accounting", "target": {"field": "accounting"}, "cost": {"flat": 1}, "min": 0, "max": 99,
        "minFrom": {"const": 20}})"),
          points_pool()),
      true);
  b.act(buy("acc"));
  EXPECT_EQ(field_number(b, "accounting"), Number::of(20));
  EXPECT_EQ(pool_of(b).spent, Number::of(15));  // 5 -> 20 at 1 a point (decisions.md)
}

TEST(BuilderSpend, BC_19_allowed_ratings_jump_to_the_next_allowed_value) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "bg", "label": "Merit", "target": {"field": "background"}, "cost": {"flat": 1}, "min": 0, "max": 5,
        "allowedRatings": [1, 3, 5]})"),
          points_pool()),
      true);
  b.act(buy("bg"));
  EXPECT_EQ(field_number(b, "background"), Number::of(1));
  b.act(buy("bg"));
  EXPECT_EQ(field_number(b, "background"), Number::of(3));
  EXPECT_EQ(pool_of(b).spent, Number::of(3));  // 1 + 2: the curve over the skipped increment
}

TEST(BuilderSpend, BB_107_unspent_points_are_advisory_and_a_purchase_never_overdraws) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 60}, "min": 0, "max": 10})"),
          points_pool()),
      true);
  EXPECT_EQ(b.step("buy").badge, 1);  // 100 unspent
  b.act(buy("rank"));
  EXPECT_EQ(offer_of(b, "rank").why.reason, Reason::PoolCannotPay);
  EXPECT_EQ(b.refused(buy("rank")), "over-budget");
}

TEST(BuilderSpend, BB_50_two_steps_share_one_pool_and_separate_pools_stay_apart) {
  const std::string pools =
      R"([{"id": "cp", "label": "CP", "budget": 10}, {"id": "interest", "label": "Interest", "budget": {"derived": "interest_points"}}])";
  const std::string steps =
      spend_step(
          R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 3}, "min": 0, "max": 10})",
          "one") +
      ", " +
      spend_step(
          R"({"id": "bg", "label": "Bg", "target": {"field": "background"}, "cost": {"flat": 4}, "min": 0, "max": 10})",
          "two") +
      ", " +
      spend_step(
          R"({"id": "acc", "label": "Acc", "target": {"field": "accounting"}, "cost": {"flat": 1}, "min": 0, "max": 99})",
          "three", "interest");
  Build b(points_ruleset(steps, pools), true);
  b.act(buy("rank", "one")).act(buy("bg", "two"));
  EXPECT_EQ(pool_of(b, "one").spent, Number::of(7));
  EXPECT_EQ(pool_of(b, "two").remaining, Number::of(3));
  EXPECT_EQ(pool_of(b, "three").remaining, Number::of(20));
  EXPECT_EQ(b.refused(buy("bg", "two")), "over-budget");
}

TEST(BuilderSpend, BB_97_purchases_are_saved_as_signed_lines_and_read_back) {
  Build b(points_ruleset(spend_step(kStrength), points_pool(30)), true);
  b.act(lower("st")).act(lower("st"));
  const auto& saved = b.character().builder.as_object().at("purchases");
  EXPECT_EQ(boost::json::serialize(saved), R"({"buy":{"st":[[-1,-10],[-1,-10]]}})");
  b.reopen();
  EXPECT_EQ(b.ability("st"), Number::of(8));
  EXPECT_EQ(pool_of(b).credit, Number::of(20));
}

TEST(BuilderSpend, BB_106_purchases_of_an_offer_the_step_no_longer_has_are_kept_and_refundable) {
  Build b(points_ruleset(spend_step(kStrength), points_pool(30)), true);
  Character c = b.character();
  c.builder.as_object()["purchases"] = boost::json::parse(R"({"buy": {"gone": [[1, 3]]}})");
  b.set_character(c);
  EXPECT_EQ(pool_of(b).spent, Number::of(3));
  bool noted = false;
  for (const auto& note : b.step("buy").notes) noted = noted || note.find("`gone`") != std::string::npos;
  EXPECT_TRUE(noted);
  b.act(refund("gone"));
  EXPECT_EQ(pool_of(b).spent, Number());
}

TEST(BuilderSpend, BB_55_a_bonus_offer_writes_the_saves_build_bonuses_entry) {
  const std::string step = R"({"id": "buy", "label": "Buy", "kind": "spend", "pool": "xp", "offers": [
      {"id": "will", "label": "Iron will", "target": {"bonus": "will"}, "cost": {"perRank": 2}, "min": 0, "max": 3}]})";
  Build b(test::wod_ruleset(step, test::kWodRatingTiers + R"(, "pools": [{"id": "xp", "label": "XP", "budget": 10}])"),
          true);
  b.act(buy("will")).act(buy("will"));
  EXPECT_EQ(b.character().bonuses.at("will"), Number::of(2));
  EXPECT_EQ(pool_of(b).spent, Number::of(6));  // 2 x 1 + 2 x 2
  b.act(refund("will")).act(refund("will"));
  EXPECT_FALSE(b.character().bonuses.contains("will"));
}

TEST(BuilderSpend, BB_74_an_offer_whose_baseline_the_sheet_does_not_hold_is_not_configured) {
  Build b(points_ruleset(spend_step(kStrength), points_pool(30)), true);
  b.act(R"({"edit": "abilities/st", "value": 12})");
  EXPECT_FALSE(offer_of(b, "st").configured);
  EXPECT_EQ(offer_of(b, "st").why.reason, Reason::OfferBaselineMismatch);
  EXPECT_EQ(b.refused(buy("st")), "not-offered");
  EXPECT_EQ(b.ability("st"), Number::of(12));
}

TEST(BuilderSpend, BB_118_an_unpriced_offer_is_shown_and_never_bought) {
  Build b(
      points_ruleset(
          spend_step(
              R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"unpriced": true}, "min": 0, "max": 10})"),
          points_pool()),
      true);
  EXPECT_FALSE(offer_of(b, "rank").priced);
  EXPECT_EQ(offer_of(b, "rank").why.reason, Reason::OfferUnpriced);
  EXPECT_EQ(b.refused(buy("rank")), "not-offered");
  EXPECT_EQ(pool_of(b).spent, Number());
}

}  // namespace
}  // namespace rk::builder_test
