// The purchase ledger's property (issue 11 acceptance, builder-b.md §18 – §20): random sequences
// of purchases, step-downs, refunds and exchanges, with player edits between them, leave the
// ledger, the pool and the sheet exactly as the same purchases made offer by offer in another
// order — and never lose a player edit.
#include <algorithm>
#include <iostream>
#include <random>

#include <gtest/gtest.h>

#include "builder/property.hpp"
#include "support/points_ruleset.hpp"

namespace rk::builder_test {
namespace {

constexpr std::size_t kSequences = property_sequences(120);
constexpr std::size_t kActionsPerSequence = 30;

// Every kind of offer, each on its own target: a flat, a perRank, a table, a flaw with a capped
// credit, a two-way attribute with credit, an exchange, an ownership offer and a reduction.
const std::string kOffers = R"(
  {"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 3}, "min": 0, "max": 10},
  {"id": "acc", "label": "Accounting", "target": {"field": "accounting"}, "cost": {"perRank": 1}, "min": 5, "max": 12},
  {"id": "speed", "label": "Speed", "target": {"field": "basic_speed"}, "cost": {"table": [[5, 0], [5.25, 5], [5.5, 12], [6, 20]]}, "min": 5, "max": 6},
  {"id": "greed", "label": "Greed", "target": {"field": "background"}, "credit": true, "cost": {"flat": -2}, "min": 0, "max": 5, "tags": ["flaw"]},
  {"id": "st", "label": "ST", "target": {"ability": "st"}, "direction": "both", "baseline": 10, "min": 7, "max": 14, "cost": {"flat": 10}},
  {"id": "wis_to_int", "label": "WIS to INT", "target": {"ability": "int"}, "exchange": {"from": {"ability": "wis"}, "units": 2, "floor": 9}, "min": 3, "max": 18},
  {"id": "fam", "label": "Familiarity", "target": {"field": "familiarity"}, "effect": "ownership", "cost": {"flat": 1}, "min": 0, "max": 6},
  {"id": "weak", "label": "Weak", "target": {"ability": "ht"}, "credit": true, "baseline": 10, "min": 8, "max": 10, "cost": {"flat": 5}})";

const char* const kOfferIds[] = {"rank", "acc", "speed", "greed", "st", "wis_to_int", "fam", "weak"};

std::string ruleset() {
  return test::points_ruleset(
      test::spend_step(kOffers),
      R"([{"id": "cp", "label": "CP", "budget": 1000, "creditLimit": 40, "caps": [{"filter": "flaw", "maxCredit": 6}]}])");
}

bool try_act(Build& b, const std::string& action) {
  Diagnostics d;
  auto next = apply_action(b.catalogs(), b.character(), boost::json::parse(action), b.dice(), d);
  if (!next) return false;
  b.set_character(next->character);
  return true;
}

std::string ledger(const Build& b) {
  const auto& o = b.character().builder.as_object();
  return o.contains("purchases") ? boost::json::serialize(o.at("purchases")) : "{}";
}

/// The sheet as the player reads it: every ability and field, with the pool's three totals.
std::string state(const Build& b) {
  std::string out;
  for (const auto& [id, v] : b.character().abilities) out += id + "=" + v.to_string() + " ";
  for (const auto& [id, v] : b.character().fields) out += id + "=" + boost::json::serialize(scalar_to_json(v)) + " ";
  const CreationPoolView& p = *b.step("buy").creation_pool;
  return out + "spent=" + p.spent.to_string() + " credit=" + p.credit.to_string() +
         " remaining=" + p.remaining.to_string();
}

TEST(BuilderSpendProperty, BB_97_BB_99_purchases_in_any_order_give_the_same_ledger_pool_and_sheet) {
  std::size_t actions = 0, accepted = 0, edits = 0, replays = 0;
  for (std::uint64_t seed = 1; seed <= kSequences; ++seed) {
    std::mt19937_64 rng(seed);
    Build b(ruleset(), true);
    std::optional<std::int64_t> dx_edit;  // the player's own edits, on cells no offer sells
    std::optional<std::int64_t> career_edit;
    for (std::size_t i = 0; i < kActionsPerSequence; ++i) {
      const std::string offer = kOfferIds[rng() % std::size(kOfferIds)];
      const int what = static_cast<int>(rng() % 10);
      std::string action;
      if (what < 5) {
        action = R"({"step": "buy", "buy": ")" + offer + "\"}";
      } else if (what < 7) {
        action = R"({"step": "buy", "refund": ")" + offer + "\"}";
      } else if (what < 9) {
        action = R"({"step": "buy", "lower": ")" + offer + "\"}";
      } else {
        const auto value = static_cast<std::int64_t>(rng() % 2 == 0 ? 3 + rng() % 15 : rng() % 2);
        const bool dx = value > 1;
        action = dx ? R"({"edit": "abilities/dx", "value": )" + std::to_string(value) + "}"
                    : R"({"edit": "fields/career", "value": )" + std::to_string(value) + "}";
        (dx ? dx_edit : career_edit) = value;
        ++edits;
      }
      ++actions;
      if (try_act(b, action)) ++accepted;
      // The player's edits are never lost, whatever is bought or refunded.
      if (dx_edit) {
        EXPECT_EQ(b.ability("dx"), Number::of(*dx_edit)) << "seed " << seed << " after " << action;
      }
      if (career_edit) {
        ASSERT_TRUE(b.field("career").has_value());
        EXPECT_EQ(b.field("career")->value, Scalar{Number::of(*career_edit)}.value) << "seed " << seed;
      }
      const CreationPoolView& p = *b.step("buy").creation_pool;
      EXPECT_EQ(p.remaining, Number::of(1000) - p.spent + p.credit);
      EXPECT_LE(p.credit, Number::of(40));
    }
    // The same lines, made offer by offer in a shuffled order.
    const auto& purchases = b.character().builder.as_object();
    Build again(ruleset(), true);
    if (dx_edit) try_act(again, R"({"edit": "abilities/dx", "value": )" + std::to_string(*dx_edit) + "}");
    if (career_edit) try_act(again, R"({"edit": "fields/career", "value": )" + std::to_string(*career_edit) + "}");
    if (purchases.contains("purchases")) {
      std::vector<std::pair<std::string, std::vector<int>>> plan;  // offer, the way of each line
      for (const auto& [offer, lines] : purchases.at("purchases").at("buy").as_object()) {
        std::vector<int> ways;
        for (const auto& line : lines.as_array()) ways.push_back(line.as_array()[0].to_number<double>() > 0 ? 1 : -1);
        plan.emplace_back(std::string(offer), ways);
      }
      std::shuffle(plan.begin(), plan.end(), rng);
      for (const auto& [offer, ways] : plan) {
        for (const int way : ways) {
          const bool decrease = offer == "weak";  // its purchase is its step down
          const std::string verb = way > 0 || decrease ? "buy" : "lower";
          EXPECT_TRUE(try_act(again, R"({"step": "buy", ")" + verb + R"(": ")" + offer + "\"}"))
              << "seed " << seed << " replaying " << offer;
        }
      }
      ++replays;
    }
    EXPECT_EQ(ledger(again), ledger(b)) << "seed " << seed;
    EXPECT_EQ(state(again), state(b)) << "seed " << seed;
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(accepted, actions / 4);
  EXPECT_GT(replays, kSequences / 2);
  std::cout << "[ property ] spend: " << kSequences << " sequences, " << actions << " actions (" << accepted
            << " accepted), " << edits << " player edits, " << replays << " replays in another order\n";
}

}  // namespace
}  // namespace rk::builder_test
