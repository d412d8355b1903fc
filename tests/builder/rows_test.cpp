// Rows steps at run time (builder-c.md §1, §1a, §8; worked examples E5 and E6): the player's own
// rows added, copied, edited and deleted in place, pick rows read-only, the badge, the `countFrom`
// top-up, and priced rows and picks paid first from their creation pool.
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "support/rows_ruleset.hpp"

namespace rk::builder_test {
namespace {

using test::kPricedSteps;
using test::rows_ruleset;

const RowsView& rows_of(const Build& b, const std::string& step) {
  const StepView& s = b.step(step);
  EXPECT_TRUE(s.rows.has_value()) << step;
  return *s.rows;
}

const Row* row_of(const Build& b, const std::string& list, const std::string& id) {
  auto it = b.character().lists.find(list);
  if (it == b.character().lists.end()) return nullptr;
  for (const Row& r : it->second) {
    if (r.id == id) return &r;
  }
  return nullptr;
}

std::vector<std::string> row_ids(const Build& b, const std::string& step) {
  std::vector<std::string> out;
  for (const RowEntryView& r : rows_of(b, step).rows) out.push_back(r.id);
  return out;
}

bool has_note(const StepView& s, const std::string& part) {
  for (const auto& n : s.notes) {
    if (n.find(part) != std::string::npos) return true;
  }
  return false;
}

TEST(BuilderRows, BC_1_BC_6_a_new_row_starts_from_the_column_defaults_then_the_step_defaults) {
  Build b(rows_ruleset(), true);
  b.act(R"({"step": "retainers", "add": {"name": "Hob"}})");
  const Row* row = row_of(b, "retainers", "retainers-1");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->cells.at("name"), text("Hob"));
  EXPECT_EQ(row->cells.at("role"), text("Hireling"));  // the step's `defaults`
  EXPECT_EQ(row->cells.at("loyalty"), num(7));         // the column's own default
  EXPECT_EQ(b.step("retainers").badge, 0);
}

TEST(BuilderRows, BC_4_the_badge_counts_missing_rows_then_rows_with_an_empty_required_cell) {
  Build b(rows_ruleset(), true);
  EXPECT_EQ(b.step("retainers").badge, 1);  // `min` 1, no row yet
  b.act(R"({"step": "retainers", "add": {}})");
  // The row is there but its required `name` is empty: still one to resolve, counted once.
  EXPECT_EQ(b.step("retainers").badge, 1);
  EXPECT_EQ(rows_of(b, "retainers").own, 1);
  EXPECT_EQ(rows_of(b, "retainers").complete, 0);
  EXPECT_EQ(rows_of(b, "retainers").rows[0].missing, std::vector<std::string>{"name"});
  EXPECT_TRUE(has_note(b.step("retainers"), "row `retainers-1` counts once it fills name"));
  b.act(R"({"step": "retainers", "update": "retainers-1", "values": {"name": "  "}})");
  EXPECT_EQ(b.step("retainers").badge, 1) << "blanks do not fill a cell";
  b.act(R"({"step": "retainers", "update": "retainers-1", "values": {"name": "Mara"}})");
  EXPECT_EQ(b.step("retainers").badge, 0);
  EXPECT_TRUE(has_note(b.step("retainers"), "1 of 1 complete rows"));
}

TEST(BuilderRows, BC_5_add_a_row_stops_at_max) {
  Build b(rows_ruleset(), true);
  for (int k = 0; k < 4; ++k) b.act(R"({"step": "retainers", "add": {"name": "Hand"}})");
  EXPECT_FALSE(rows_of(b, "retainers").can_add);
  EXPECT_EQ(rows_of(b, "retainers").why.reason, Reason::RowsAtMax);
  EXPECT_EQ(b.refused(R"({"step": "retainers", "add": {"name": "Fifth"}})"), "too-many");
  EXPECT_EQ(b.character().lists.at("retainers").size(), 4u);
}

TEST(BuilderRows, BC_7_two_rows_of_one_name_stay_two_and_deleting_one_keeps_the_other) {
  Build b(rows_ruleset(), true);
  b.act(R"({"step": "retainers", "add": {"name": "Tom"}})");
  b.act(R"({"step": "retainers", "add": {"name": "Tom", "loyalty": 9}})");
  EXPECT_EQ(row_ids(b, "retainers"), (std::vector<std::string>{"retainers-1", "retainers-2"}));
  b.act(R"({"step": "retainers", "delete": "retainers-1"})");
  ASSERT_EQ(b.character().lists.at("retainers").size(), 1u);
  EXPECT_EQ(b.character().lists.at("retainers")[0].cells.at("loyalty"), num(9));
}

TEST(BuilderRows, BC_2_BC_6_values_the_step_does_not_edit_or_the_column_does_not_hold_are_refused) {
  Build b(rows_ruleset(R"({ "id": "retainers", "label": "Retainers", "kind": "rows", "list": "retainers",
      "columns": ["name", "role"] })"),
          true);
  EXPECT_EQ(b.refused(R"({"step": "retainers", "add": {"loyalty": 3}})"), "not-in-ruleset");
  EXPECT_EQ(b.refused(R"({"step": "retainers", "add": {"name": 3}})"), "out-of-range");
  EXPECT_EQ(b.character().lists.count("retainers"), 0u);
  EXPECT_EQ(b.step("retainers").badge, 0);  // no `min`: nothing to wait for
}

TEST(BuilderRows, BC_8_a_row_a_pick_wrote_is_read_only_and_comes_and_goes_with_the_pick) {
  Build b(rows_ruleset(), true);
  b.act(R"({"step": "patron", "pick": "old-soldier"})");
  const RowsView& v = rows_of(b, "retainers");
  ASSERT_EQ(v.rows.size(), 1u);
  EXPECT_TRUE(v.rows[0].from_pick);
  EXPECT_EQ(v.own, 0);
  EXPECT_EQ(b.step("retainers").badge, 1) << "a pick's row is not the player's own row";
  EXPECT_EQ(b.refused(R"({"step": "retainers", "update": ")" + v.rows[0].id + R"(", "values": {"name": "X"}})"),
            "not-offered");
  EXPECT_EQ(b.refused(R"({"step": "retainers", "delete": ")" + v.rows[0].id + R"("})"), "not-offered");
  b.act(R"({"step": "retainers", "add": {"name": "Hob"}})");
  b.act(R"({"step": "patron", "unpick": "old-soldier"})");
  EXPECT_EQ(b.row_names("retainers"), std::vector<std::string>{"Hob"});
}

TEST(BuilderRows, BC_10_BC_14_worked_example_E5_hit_point_rows_counted_from_the_sheet) {
  Build b(rows_ruleset(), true);
  b.act(R"({"edit": "fields/level", "value": 4})");  // hp_rolls_due = 3
  // 1. First display: three rows made like "Add a row", each unresolved.
  EXPECT_EQ(rows_of(b, "hit_point_rolls").top_up, 3);
  b.act(R"({"step": "hit_point_rolls", "show": true})");
  EXPECT_EQ(rows_of(b, "hit_point_rolls").own, 3);
  EXPECT_EQ(rows_of(b, "hit_point_rolls").complete, 0);
  EXPECT_EQ(rows_of(b, "hit_point_rolls").expected, 3);
  EXPECT_EQ(b.step("hit_point_rolls").badge, 3);
  EXPECT_TRUE(has_note(b.step("hit_point_rolls"), "0 of 3 complete rows"));
  // 2. Filling two rows: "2 of 3".
  b.act(R"({"step": "hit_point_rolls", "update": "hp_rolls-1", "values": {"die": "d8", "roll": 5}})");
  b.act(R"({"step": "hit_point_rolls", "update": "hp_rolls-2", "values": {"die": "d8", "roll": 7}})");
  EXPECT_TRUE(has_note(b.step("hit_point_rolls"), "2 of 3 complete rows"));
  EXPECT_EQ(b.step("hit_point_rolls").badge, 1);
  // 3. Deleting the third: it stays deleted until the step is shown again.
  b.act(R"({"step": "hit_point_rolls", "delete": "hp_rolls-3"})");
  EXPECT_EQ(rows_of(b, "hit_point_rolls").own, 2);
  b.reopen();
  EXPECT_EQ(rows_of(b, "hit_point_rolls").own, 2) << "opening the builder adds no row";
  b.act(R"({"step": "hit_point_rolls", "show": true})");
  EXPECT_EQ(rows_of(b, "hit_point_rolls").own, 3);
  // 4. The level goes down: rows are never removed.
  b.act(R"({"edit": "fields/level", "value": 2})");
  EXPECT_EQ(rows_of(b, "hit_point_rolls").own, 3);
  EXPECT_EQ(rows_of(b, "hit_point_rolls").expected, 1);
  EXPECT_EQ(rows_of(b, "hit_point_rolls").top_up, 0);
}

TEST(BuilderRows, BC_14_worked_example_E5_5_with_a_min_the_step_waits_for_the_larger_number) {
  Build b(rows_ruleset(R"({ "id": "hit_point_rolls", "label": "Hit point rolls", "kind": "rows", "list": "hp_rolls",
      "required": ["die", "roll"], "min": 5, "countFrom": { "derived": "hp_rolls_due" } })"),
          true);
  b.act(R"({"edit": "fields/level", "value": 4})");
  b.act(R"({"step": "hit_point_rolls", "show": true})");
  EXPECT_EQ(rows_of(b, "hit_point_rolls").expected, 5);
  EXPECT_EQ(rows_of(b, "hit_point_rolls").own, 3) << "the top-up only reaches countFrom";
  EXPECT_EQ(b.step("hit_point_rolls").badge, 2 + 3);  // two rows missing, three incomplete
}

TEST(BuilderRows, BC_11_the_top_up_never_passes_max) {
  Build b(rows_ruleset(R"({ "id": "hit_point_rolls", "label": "Hit point rolls", "kind": "rows", "list": "hp_rolls",
      "max": 2, "countFrom": { "derived": "hp_rolls_due" } })"),
          true);
  b.act(R"({"edit": "fields/level", "value": 6})");
  b.act(R"({"step": "hit_point_rolls", "show": true})");
  EXPECT_EQ(rows_of(b, "hit_point_rolls").own, 2);
  EXPECT_TRUE(has_note(b.step("hit_point_rolls"), "holds at most 2"));
}

TEST(BuilderRows, BC_13_worked_example_E5_6_a_described_character_gets_no_rows_when_the_step_is_shown) {
  Build b(rows_ruleset(), true);
  Character c = b.character();
  c.builder = boost::json::object();
  c.fields["level"] = num(4);  // a sheet with values before the builder opens: described
  b.set_character(c);
  ASSERT_EQ(b.view().mode, "described");
  EXPECT_EQ(rows_of(b, "hit_point_rolls").top_up, 0);
  b.act(R"({"step": "hit_point_rolls", "show": true})");
  EXPECT_EQ(b.character().lists.count("hp_rolls"), 0u);
}

TEST(BuilderRows, BC_64_BC_66_worked_example_E6_3_a_priced_flaw_row_credits_the_pool) {
  Build b(rows_ruleset(kPricedSteps), true);
  b.act(R"({"step": "charms", "copy": "ember"})");  // cost 3
  ASSERT_TRUE(b.step("charms").creation_pool.has_value());
  EXPECT_EQ(b.step("charms").creation_pool->remaining, Number::of(7));
  EXPECT_EQ(rows_of(b, "charms").rows[0].price, Number::of(3));
  b.act(R"({"step": "charms", "copy": "cursed"})");  // cost -3: a credit within creditLimit 5
  EXPECT_EQ(b.step("charms").creation_pool->remaining, Number::of(10));
  EXPECT_EQ(b.step("charms").creation_pool->credit, Number::of(3));
  for (int k = 0; k < 5; ++k) b.act(R"({"step": "buy", "buy": "rank"})");  // 5 x 2 points
  EXPECT_EQ(b.field("rank"), num(5));
  EXPECT_EQ(b.step("buy").creation_pool->remaining, Number::of(0));
  // Deleting the flaw overspends the pool: the charm stays (paid first, never sold), and the
  // purchases the 7 points left no longer cover stop applying: three lines (6) fit, the fourth not.
  const std::string cursed = rows_of(b, "charms").rows[1].id;
  b.act(R"({"step": "charms", "delete": ")" + cursed + R"("})");
  EXPECT_EQ(b.row_names("charms"), std::vector<std::string>{"Ember charm"});
  EXPECT_EQ(b.step("buy").creation_pool->remaining, Number::of(-3));
  const auto& lines = b.step("buy").spend_offers[0].lines;
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_TRUE(lines[2].counts);
  EXPECT_FALSE(lines[3].counts);
  EXPECT_EQ(lines[3].why.reason, Reason::PurchaseNotCovered);
  EXPECT_FALSE(lines[4].counts);
  EXPECT_EQ(b.field("rank"), num(3));
  EXPECT_EQ(b.step("charms").badge, 1);  // BC-67: each priced step counts the repair
  EXPECT_GE(b.step("buy").badge, 1);
  EXPECT_EQ(b.refused(R"({"step": "buy", "buy": "rank"})"), "not-offered");  // nothing sold until repaired
  // Repair: refunding two purchases brings the pool back within its budget.
  b.act(R"({"step": "buy", "refund": "rank"})");
  b.act(R"({"step": "buy", "refund": "rank"})");
  EXPECT_EQ(b.step("buy").creation_pool->remaining, Number::of(1));
  EXPECT_EQ(b.field("rank"), num(3));
  EXPECT_FALSE(b.step("buy").creation_pool->attention);  // repaired: only the price stops a purchase now
  EXPECT_EQ(b.step("buy").spend_offers[0].why.reason, Reason::PoolCannotPay);
}

TEST(BuilderRows, BC_63_typing_a_cost_into_a_row_prices_it) {
  Build b(rows_ruleset(kPricedSteps), true);
  b.act(R"({"step": "charms", "add": {"name": "Home-made", "cost": 4}})");
  EXPECT_EQ(b.step("charms").creation_pool->remaining, Number::of(6));
  b.act(R"({"step": "charms", "update": "charms-1", "values": {"cost": 1}})");
  EXPECT_EQ(b.step("charms").creation_pool->remaining, Number::of(9));
}

TEST(BuilderRows, BC_62_BC_65_a_selection_the_pool_cannot_pay_is_not_offered) {
  Build b(rows_ruleset(kPricedSteps), true);
  b.act(R"({"step": "charms", "copy": "ember"})");                                 // 7 left
  EXPECT_EQ(b.refused(R"({"step": "charms", "copy": "costly"})"), "not-offered");  // costs 9
  const StepView& gifts = b.step("gifts");
  ASSERT_EQ(gifts.offers.size(), 2u);
  EXPECT_FALSE(gifts.offers[0].disabled);  // small, tier 2
  EXPECT_TRUE(gifts.offers[1].disabled);   // great, tier 12
  EXPECT_EQ(gifts.offers[1].why.reason, Reason::PoolCannotPay);
  b.act(R"({"step": "gifts", "pick": "small"})");
  EXPECT_EQ(b.step("gifts").creation_pool->remaining, Number::of(5));
  EXPECT_EQ(b.row_names("gifts"), std::vector<std::string>{"Small gift"});
}

TEST(BuilderRows, BC_7_rows_actions_are_refused_with_what_to_do) {
  Build b(rows_ruleset(), true);
  EXPECT_EQ(b.refused(R"({"step": "retainers", "delete": "nobody"})"), "not-offered");
  EXPECT_EQ(b.refused(R"({"step": "retainers", "update": "nobody"})"), "missing-key");
  EXPECT_EQ(b.refused(R"({"step": "retainers", "copy": "ember"})"), "bad-action");  // no `from`
  EXPECT_EQ(b.refused(R"({"step": "patron", "add": {}})"), "bad-action");           // not a rows step
  EXPECT_EQ(b.refused(R"({"step": "retainers", "show": false})"), "wrong-type");
}

}  // namespace
}  // namespace rk::builder_test
