// Rows steps and priced steps at import (builder-c.md §1, §1a, §8 and validation rules 1 – 4, 13),
// built from the spec's own `retainers`, `hit_point_rolls` and `charms` examples.
#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "support/load.hpp"
#include "support/rows_ruleset.hpp"

namespace rk {
namespace {

using test::rows_ruleset;

LoadResult load_step(const std::string& step) { return test::load(rows_ruleset(step)); }

std::string retainers(const std::string& keys) {
  return R"({ "id": "retainers", "label": "Retainers", "kind": "rows", "list": "retainers")" + keys + "}";
}

TEST(BuilderRowsImport, BC_1_BC_10_the_specs_retainers_and_hit_point_rolls_steps_are_read) {
  const LoadResult r = test::load(rows_ruleset());
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const BuilderStep& st = r.ruleset->sheet.builder->steps[1];
  ASSERT_TRUE(st.rows.has_value());
  EXPECT_EQ(st.rows->list, "retainers");
  EXPECT_EQ(st.rows->columns.size(), 3u);
  EXPECT_EQ(st.rows->required.size(), 1u);
  EXPECT_EQ(st.rows->min, 1);
  EXPECT_EQ(st.rows->max, 4);
  EXPECT_EQ(st.rows->defaults.at("role"), Scalar{std::string("Hireling")});
  const BuilderStep& hp = r.ruleset->sheet.builder->steps[2];
  EXPECT_TRUE(hp.count_from.has_value());
  EXPECT_EQ(hp.rows->columns.size(), 2u) << "no `columns`: every column of the list";
}

TEST(BuilderRowsImport, BC_1_an_unknown_list_is_refused) {
  const LoadResult r = load_step(R"({ "id": "r", "label": "R", "kind": "rows", "list": "retainer" })");
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/list")) << test::describe(r);
}

TEST(BuilderRowsImport, BC_2_BC_3_columns_and_required_name_columns_of_the_list) {
  const LoadResult r = load_step(retainers(R"(, "columns": ["name", "rank"], "required": ["loyalty"])"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/columns/1")) << test::describe(r);
  // `loyalty` is a column, but not one the step edits: no row could ever count.
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/required/0")) << test::describe(r);
}

TEST(BuilderRowsImport, BC_4_min_is_0_to_20_and_not_above_max) {
  EXPECT_TRUE(test::has_error(load_step(retainers(R"(, "min": 21)")), Code::OutOfRange, "/sheet/builder/steps/0/min"));
  EXPECT_TRUE(test::load(rows_ruleset(retainers(R"(, "min": 20, "max": 6)"))).diagnostics.has_errors());
  const LoadResult r = load_step(retainers(R"(, "min": 3, "max": 2)"));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/min")) << test::describe(r);
  EXPECT_TRUE(load_step(retainers(R"(, "min": 0, "max": 6)")).ok());
}

TEST(BuilderRowsImport, BC_5_max_never_exceeds_the_lists_maxItems) {
  const LoadResult r = load_step(retainers(R"(, "max": 7)"));  // retainers holds 6
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/builder/steps/0/max")) << test::describe(r);
}

TEST(BuilderRowsImport, BC_6_defaults_must_suit_their_columns) {
  const LoadResult r = load_step(retainers(R"(, "defaults": {"loyalty": 99, "mood": "calm", "role": "Cook"})"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/defaults/loyalty")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/0/defaults/mood")) << test::describe(r);
  EXPECT_FALSE(test::has_error(r, Code::BadValue, "/sheet/builder/steps/0/defaults/role"));
}

TEST(BuilderRowsImport, BC_61_a_priced_step_names_both_pool_and_cost) {
  const LoadResult r = load_step(
      R"({ "id": "charms", "label": "Charms", "kind": "rows", "list": "charms", "pool": "bonus" },
         { "id": "gifts", "label": "Gifts", "kind": "catalog", "catalog": "gifts", "cost": 2 },
         { "id": "more", "label": "More", "kind": "rows", "list": "charms", "pool": "bonis", "cost": 1 })");
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/0/pool")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/builder/steps/1/cost")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/builder/steps/2/pool")) << test::describe(r);
}

TEST(BuilderRowsImport, BC_62_BC_63_a_cost_reads_a_number_filter_or_a_number_column) {
  const LoadResult r = load_step(
      R"({ "id": "charms", "label": "Charms", "kind": "rows", "list": "charms", "pool": "bonus", "cost": { "column": "name" } },
         { "id": "gifts", "label": "Gifts", "kind": "catalog", "catalog": "gifts", "pool": "bonus", "cost": { "filter": "kind" } })");
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/steps/0/cost/column")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/steps/1/cost/filter")) << test::describe(r);
  EXPECT_TRUE(test::load(rows_ruleset(test::kPricedSteps)).ok());
}

TEST(BuilderRowsImport, BC_64_from_names_a_catalog_of_rows_for_the_steps_list) {
  const LoadResult r = load_step(retainers(R"(, "from": "charm_book")"));
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/builder/steps/0/from")) << test::describe(r);
}

TEST(BuilderRowsImport, BC_10_countFrom_reads_only_what_earlier_steps_change) {
  // A rows step counted from the list a later step fills reads a later step's answer.
  const LoadResult r = load_step(
      R"({ "id": "hit_point_rolls", "label": "HP", "kind": "rows", "list": "hp_rolls", "countFrom": { "field": "rank" } },
         { "id": "buy", "label": "Buy", "kind": "spend", "pool": "bonus",
           "offers": [{ "id": "rank", "label": "Rank", "target": { "field": "rank" }, "cost": { "flat": 2 }, "min": 0, "max": 10 }] })");
  EXPECT_TRUE(r.diagnostics.has_errors()) << test::describe(r);
}

}  // namespace
}  // namespace rk
