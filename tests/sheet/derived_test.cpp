// Every derived operator of the reference (sum, scale, min, max, stepTable, enumTable), computed
// list columns (BB-127) and listSum where/count (BB-110, BB-111), with numbers checked by hand.
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

const char* kRuleset = R"({
  "id": "ops", "label": "Operators",
  "sheet": {
    "fields": [
      { "id": "a", "label": "A", "type": "number", "default": 7, "min": -1000000, "max": 1000000 },
      { "id": "b", "label": "B", "type": "number", "default": -3, "min": -1000000, "max": 1000000 },
      { "id": "c", "label": "C", "type": "number", "integer": false, "default": 2.5, "min": -1000000, "max": 1000000 },
      { "id": "clan", "label": "Clan", "type": "enum", "values": ["wolf", "bear", "owl"], "default": "owl" } ],
    "lists": [
      { "id": "talents", "label": "Talents", "maxItems": 500, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 200 },
        { "id": "tier", "label": "Tier", "type": "number", "min": 1, "max": 5, "default": 1 } ] },
      { "id": "skills", "label": "Skills", "maxItems": 500, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 200 },
        { "id": "base", "label": "Base", "type": "number", "min": 0, "max": 99, "default": 0 },
        { "id": "occupation", "label": "Occupation", "type": "number", "min": 0, "max": 99, "default": 0 },
        { "id": "interest", "label": "Interest", "type": "number", "min": 0, "max": 99, "default": 0 },
        { "id": "value", "label": "Value", "type": "number", "min": 0, "max": 99, "sum": ["base", "occupation", "interest"] } ] } ],
    "derived": [
      { "id": "total", "label": "Sum", "op": "sum", "of": [{ "field": "a" }, { "field": "b" }, { "const": 1 }] },
      { "id": "half_down", "label": "Half down", "op": "scale", "of": { "field": "a" }, "multiplier": 0.5, "round": "down" },
      { "id": "half_up", "label": "Half up", "op": "scale", "of": { "field": "a" }, "multiplier": 0.5, "round": "up" },
      { "id": "half_neg", "label": "Half of -3", "op": "scale", "of": { "field": "b" }, "multiplier": 0.5, "round": "down" },
      { "id": "half_nearest", "label": "Half nearest", "op": "scale", "of": { "field": "a" }, "multiplier": 0.5, "round": "nearest" },
      { "id": "half_default", "label": "Half, rounding left out", "op": "scale", "of": { "field": "a" }, "multiplier": 0.5 },
      { "id": "negated", "label": "Taken away", "op": "scale", "of": { "field": "a" }, "multiplier": -1 },
      { "id": "fraction_sum", "label": "Sum with a fraction", "op": "sum", "of": [{ "field": "a" }, { "field": "c" }] },
      { "id": "lowest", "label": "Min", "op": "min", "of": [{ "field": "a" }, { "field": "b" }, { "const": 0 }] },
      { "id": "highest", "label": "Max", "op": "max", "of": [{ "field": "a" }, { "field": "b" }, { "const": 0 }] },
      { "id": "step", "label": "Step", "op": "stepTable", "from": { "field": "a" }, "table": [[1, 10], [5, 20], [8, 30]] },
      { "id": "step_below", "label": "Below", "op": "stepTable", "from": { "field": "b" }, "table": [[1, 10], [4, 15]] },
      { "id": "clan_bonus", "label": "Clan", "op": "enumTable", "from": { "field": "clan" }, "table": { "wolf": 2, "bear": 1 }, "default": 0 },
      { "id": "tier2", "label": "Tier 2 talents", "op": "sum",
        "of": [{ "listSum": { "list": "talents", "count": true, "where": { "column": "tier", "equals": 2 } } }] },
      { "id": "tier1", "label": "Tier 1 talents", "op": "sum",
        "of": [{ "listSum": { "list": "talents", "count": true, "where": { "column": "tier", "equals": 1 } } }] },
      { "id": "skill_total", "label": "Skill values", "op": "sum", "of": [{ "listSum": { "list": "skills", "column": "value" } }] } ]
  }
})";

class Operators : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::compile(kRuleset);
    ASSERT_TRUE(rs);
  }
  SheetView eval(const std::string& character) { return test::sheet_of(*rs, character); }
  std::shared_ptr<const Ruleset> rs;
};

TEST_F(Operators, sum_adds_every_ref) { EXPECT_EQ(eval(R"({"v":1,"build":{}})").derived.at("total").value, n(5)); }

TEST_F(Operators, ref_Derived_values_scale_multiplies_by_multiplier_and_rounds_as_told) {
  auto v = eval(R"({"v":1,"build":{}})");
  EXPECT_EQ(v.derived.at("half_down").value, n(3));     // 7 x 0.5 = 3.5 -> 3
  EXPECT_EQ(v.derived.at("half_up").value, n(4));       // 3.5 -> 4
  EXPECT_EQ(v.derived.at("half_neg").value, n(-2));     // -1.5 -> -2 (down is toward minus infinity)
  EXPECT_EQ(v.derived.at("half_nearest").value, n(4));  // 3.5 -> 4
  EXPECT_EQ(v.derived.at("negated").value, n(-7));      // "scale by -1 gives the part to take away"
}

TEST_F(Operators, ref_Derived_values_scale_rounds_down_when_round_is_left_out) {
  EXPECT_EQ(eval(R"({"v":1,"build":{}})").derived.at("half_default").value, n(3));  // 3.5 -> 3
}

TEST_F(Operators, sum_keeps_fractions_exactly) {
  EXPECT_EQ(eval(R"({"v":1,"build":{}})").derived.at("fraction_sum").value, Number::raw(95000));  // 7 + 2.5 = 9.5
}

TEST_F(Operators, min_and_max_pick_the_extremes) {
  auto v = eval(R"({"v":1,"build":{}})");
  EXPECT_EQ(v.derived.at("lowest").value, n(-3));
  EXPECT_EQ(v.derived.at("highest").value, n(7));
}

TEST_F(Operators, stepTable_takes_the_row_of_the_largest_threshold_not_above_the_input) {
  EXPECT_EQ(eval(R"({"v":1,"build":{}})").derived.at("step").value, n(20));  // 7: rows 1 and 5 qualify
  EXPECT_EQ(eval(R"({"v":1,"build":{"fields":{"a":8}}})").derived.at("step").value, n(30));
  EXPECT_EQ(eval(R"({"v":1,"build":{"fields":{"a":4}}})").derived.at("step").value, n(10));
}

TEST_F(Operators, ref_Derived_values_stepTable_below_the_first_threshold_reads_the_first_value) {
  EXPECT_EQ(eval(R"({"v":1,"build":{}})").derived.at("step_below").value, n(10));  // -3 below every row
  EXPECT_EQ(eval(R"({"v":1,"build":{"fields":{"b":4}}})").derived.at("step_below").value, n(15));
}

TEST_F(Operators, SH_28_enumTable_reads_an_enum_field_with_a_default_for_missing_values) {
  EXPECT_EQ(eval(R"({"v":1,"build":{"fields":{"clan":"wolf"}}})").derived.at("clan_bonus").value, n(2));
  EXPECT_EQ(eval(R"({"v":1,"build":{"fields":{"clan":"bear"}}})").derived.at("clan_bonus").value, n(1));
  EXPECT_EQ(eval(R"({"v":1,"build":{}})").derived.at("clan_bonus").value, n(0));  // owl is not in the table
}

TEST_F(Operators, SH_16_a_retired_enum_value_reads_as_the_default) {
  auto v = eval(R"({"v":1,"build":{"fields":{"clan":"raven"}}})");
  EXPECT_EQ(std::get<std::string>(v.fields.at("clan").value), "owl");
  EXPECT_EQ(v.derived.at("clan_bonus").value, n(0));
  ASSERT_EQ(v.warnings.items().size(), 1u);
  EXPECT_EQ(v.warnings.items()[0].code, Code::BadValue);
}

// Worked example R-1 of builder-b.md: tiers 1, 1, 1, 2, 2 and an empty cell (column default 1).
TEST_F(Operators, BB_110_BB_111_listSum_counts_rows_where_a_column_equals_a_value) {
  auto v = eval(R"({"v": 1,
    "build": {"lists": {"talents": [{"_id": "t1", "tier": 1}, {"_id": "t2", "tier": 1}, {"_id": "t3", "tier": 1}, {"_id": "t4", "tier": 2}, {"_id": "t5", "tier": 2}, {"_id": "t6"}]}}})");
  EXPECT_EQ(v.derived.at("tier2").value, n(2));
  EXPECT_EQ(v.derived.at("tier1").value, n(4));
}

// Worked example C-1 of builder-b.md.
TEST_F(Operators, BB_127_a_computed_column_adds_its_columns_and_is_held_within_its_bounds) {
  auto v = eval(R"({"v": 1,
    "build": {"lists": {"skills": [{"_id": "s1", "name": "Library Use", "base": 5, "occupation": 40}, {"_id": "s2", "name": "Spot Hidden", "base": 5, "occupation": 60, "interest": 50}]}}})");
  const auto& rows = v.lists.at("skills");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(std::get<Number>(rows[0].cells.at("value").value), n(45));
  EXPECT_EQ(std::get<Number>(rows[1].cells.at("value").value), n(99));  // 115 held at max 99
  EXPECT_EQ(v.derived.at("skill_total").value, n(144));                 // sums read the computed cell (BB-128)
}

TEST_F(Operators, BB_128_a_stored_computed_cell_is_ignored_and_filled_on_read) {
  auto v = eval(R"({"v":1,"build":{"lists":{"skills":[{"_id":"s1","base":5,"value":12}]}}})");
  EXPECT_EQ(std::get<Number>(v.lists.at("skills")[0].cells.at("value").value), n(5));
}

TEST(OperatorsRefused, BB_129_a_computed_column_never_sums_another_computed_column) {
  auto r = test::load(R"({"id":"x","label":"X","sheet":{"lists":[{"id":"l","label":"L","maxItems": 500, "columns":[
    {"id":"a","label":"A","type":"number", "min": -1000000, "max": 1000000},
    {"id":"b","label":"B","type":"number","sum":["a"], "min": -1000000, "max": 1000000},
    {"id":"c","label":"C","type":"number","sum":["a","b"], "min": -1000000, "max": 1000000}]}]}})");
  EXPECT_TRUE(test::has_error(r, Code::BadComputedColumn, "/sheet/lists/0/columns/2/sum/1")) << test::describe(r);
}

TEST(OperatorsRefused, BB_127_a_computed_column_sums_at_most_six_columns) {
  std::string columns;
  for (int i = 0; i < 7; ++i)
    columns += R"({"id":"c)" + std::to_string(i) + R"(","label":"C","type":"number","min":0,"max":10},)";
  auto ok = test::load(
      R"({"id":"x","label":"X","sheet":{"lists":[{"id":"l","label":"L","maxItems":500,"columns":[)" + columns +
      R"({"id":"t","label":"T","type":"number","sum":["c0","c1","c2","c3","c4","c5"], "min": -1000000, "max": 1000000}]}]}})");
  EXPECT_TRUE(ok.ok()) << test::describe(ok);
  auto over = test::load(
      R"({"id":"x","label":"X","sheet":{"lists":[{"id":"l","label":"L","maxItems":500,"columns":[)" + columns +
      R"({"id":"t","label":"T","type":"number","sum":["c0","c1","c2","c3","c4","c5","c6"], "min": -1000000, "max": 1000000}]}]}})");
  EXPECT_TRUE(test::has_error(over, Code::TooMany, "/sheet/lists/0/columns/7/sum")) << test::describe(over);
}

TEST(OperatorsRefused, SH_28_enumTable_keys_must_be_values_of_the_source) {
  auto r = test::load(R"({"id":"x","label":"X","sheet":{"live":{"states":[
    {"id":"stance","label":"Stance","values":["guarded","steady","reckless"],"default":"steady"}]},
    "derived":[{"id":"sb","label":"SB","op":"enumTable","from":{"liveState":"stance"},"table":{"guarded":-1,"wild":2},"default":0}]}})");
  EXPECT_TRUE(test::has_error(r, Code::BadEnumTable, "/sheet/derived/0/table/wild")) << test::describe(r);
}

TEST(OperatorsRefused, derived_values_that_read_each_other_are_a_cycle) {
  auto r = test::load(R"({"id":"x","label":"X","sheet":{"derived":[
    {"id":"a","label":"A","op":"sum","of":[{"derived":"b"}]},
    {"id":"b","label":"B","op":"scale","of":{"derived":"a"},"multiplier":2}]}})");
  EXPECT_TRUE(test::has_code(r, Code::DependencyCycle)) << test::describe(r);
  EXPECT_FALSE(r.ok());
}

}  // namespace
}  // namespace rk
