// The reference's stricter rules on the sheet (ruleset.schema.ts, "Sheet primitives", "Value
// references", the derived ops, `gm.sheetSummary`), which our first dialect did not hold:
// each is refused here in the reference's words. The counts at N and N + 1 are in
// limits_engine_test.cpp.
#include <string>

#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

std::string ruleset(const std::string& sheet, const std::string& top = "") {
  return R"({"id": "ref-strict", "label": "Reference strict", "sheet": )" + sheet + top + "}";
}

std::string refs(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += std::string(i == 0 ? "" : ", ") + R"({"const": 1})";
  return "[" + out + "]";
}

// Sheet primitives: a number says both bounds, a text its `maxLength`, an ability its range and
// where it starts, a list the most rows it holds (`maxItems`); each one left out is `missing-key`
// at the entry, naming the key.
TEST(RefSheetStrict, ref_Sheet_primitives_bounds_and_lengths_are_required) {
  const LoadResult r = test::load(ruleset(R"({
    "abilities": [{"id": "brawn", "label": "Brawn", "min": 1, "max": 5},
                  {"id": "wits", "label": "Wits", "default": 2}],
    "fields": [{"id": "age", "label": "Age", "type": "number", "min": 0},
               {"id": "oath", "label": "Oath", "type": "text"},
               {"id": "story", "label": "Story", "type": "longtext", "maxLength": 2000}],
    "lists": [{"id": "gear", "label": "Gear", "columns": [{"id": "name", "label": "Item", "type": "text"},
                                                         {"id": "bulk", "label": "Bulk", "type": "number", "max": 9}]}]})"));
  const auto missing = [&](const std::string& pointer, const std::string& key) {
    for (const auto& d : r.diagnostics.items()) {
      if (d.code == Code::MissingKey && d.pointer == pointer &&
          d.message.find("`" + key + "` is required") != std::string::npos) {
        return true;
      }
    }
    return false;
  };
  EXPECT_TRUE(missing("/sheet/abilities/0", "default")) << test::describe(r);
  EXPECT_TRUE(missing("/sheet/abilities/1", "min")) << test::describe(r);
  EXPECT_TRUE(missing("/sheet/abilities/1", "max")) << test::describe(r);
  EXPECT_TRUE(missing("/sheet/fields/0", "max")) << test::describe(r);
  EXPECT_FALSE(missing("/sheet/fields/0", "min")) << test::describe(r);
  EXPECT_TRUE(missing("/sheet/fields/1", "maxLength")) << test::describe(r);
  EXPECT_TRUE(missing("/sheet/lists/0/columns/0", "maxLength")) << test::describe(r);
  EXPECT_TRUE(missing("/sheet/lists/0/columns/1", "min")) << test::describe(r);
  EXPECT_TRUE(missing("/sheet/lists/0", "maxItems")) << test::describe(r);
  EXPECT_EQ(r.diagnostics.error_count(), 8u) << test::describe(r);  // the longtext says its length
}

TEST(RefSheetStrict, ref_Sheet_primitives_a_computed_ability_has_no_default) {
  const LoadResult r = test::load(ruleset(R"({
    "fields": [{"id": "grit", "label": "Grit", "type": "number", "min": 0, "max": 5}],
    "abilities": [{"id": "nerve", "label": "Nerve", "min": 0, "max": 10, "value": [{"field": "grit"}]}]})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

// promptSafeText(80): `.min(1)`.
TEST(RefSheetStrict, ref_promptSafeText_an_empty_label_is_refused) {
  const LoadResult r = test::load(ruleset(R"({
    "sections": [{"id": "kit", "label": ""}],
    "abilities": [{"id": "brawn", "label": "", "min": 1, "max": 5, "default": 1}],
    "fields": [{"id": "calling", "label": "", "type": "number", "min": -1000000, "max": 1000000}],
    "lists": [{"id": "gear", "label": "", "maxItems": 500, "columns": [{"id": "name", "label": "", "type": "text", "maxLength": 200}]}],
    "derived": [{"id": "d", "label": "", "op": "sum", "of": [{"const": 1}]}]})"));
  for (const char* p : {"/sheet/sections/0/label", "/sheet/abilities/0/label", "/sheet/fields/0/label",
                        "/sheet/lists/0/label", "/sheet/lists/0/columns/0/label", "/sheet/derived/0/label"}) {
    EXPECT_TRUE(test::has_error(r, Code::BadValue, p)) << p << "\n" << test::describe(r);
  }
}

TEST(RefSheetStrict, ref_promptSafeText_a_label_holds_80_characters) {
  const std::string label80(80, 'a');
  const LoadResult ok = test::load(
      ruleset(R"({"fields": [{"id": "f", "label": ")" + label80 + R"(", "type": "number", "min": 0, "max": 1}]})"));
  EXPECT_TRUE(ok.ok()) << test::describe(ok);
  const LoadResult over = test::load(
      ruleset(R"({"fields": [{"id": "f", "label": ")" + label80 + R"(a", "type": "number", "min": 0, "max": 1}]})"));
  EXPECT_TRUE(test::has_error(over, Code::TooLong, "/sheet/fields/0/label")) << test::describe(over);
}

// `short: promptSafeText(8)` and `valueLabels: z.record(label)`: 1-8 and 1-80 characters.
TEST(RefSheetStrict, ref_Sheet_primitives_an_empty_short_or_value_label_is_refused) {
  const LoadResult r = test::load(ruleset(R"({
    "abilities": [{"id": "brawn", "label": "Brawn", "short": "", "min": 1, "max": 5, "default": 1}],
    "fields": [{"id": "watch", "label": "Watch", "type": "enum", "values": ["day", "night"],
                "valueLabels": {"day": "", "night": ")" +
                                          std::string(81, 'n') + R"("}}]})"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/abilities/0/short")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/fields/0/valueLabels/day")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::TooLong, "/sheet/fields/0/valueLabels/night")) << test::describe(r);
}

// The derived union is discriminated on `op`: an empty op is none of the six.
TEST(RefSheetStrict, ref_Derived_an_empty_op_is_refused) {
  const LoadResult r =
      test::load(ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "", "of": [{"const": 1}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/derived/0/op")) << test::describe(r);
}

// `sum` of 1-12 references; `min` and `max` of 2-12.
TEST(RefSheetStrict, ref_Derived_sum_takes_1_to_12_references) {
  EXPECT_TRUE(
      test::load(ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "sum", "of": )" + refs(1) + "}]}")).ok());
  EXPECT_TRUE(
      test::load(ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "sum", "of": )" + refs(12) + "}]}")).ok());
  EXPECT_TRUE(test::has_error(test::load(ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "sum", "of": []}]})")),
                              Code::TooFew, "/sheet/derived/0/of"));
  EXPECT_TRUE(test::has_error(
      test::load(ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "sum", "of": )" + refs(13) + "}]}")),
      Code::TooMany, "/sheet/derived/0/of"));
}

TEST(RefSheetStrict, ref_Derived_min_and_max_take_2_to_12_references) {
  for (const char* op : {"min", "max"}) {
    const std::string head = R"({"derived": [{"id": "d", "label": "D", "op": ")" + std::string(op) + R"(", "of": )";
    const LoadResult one = test::load(ruleset(head + refs(1) + "}]}"));
    EXPECT_TRUE(test::has_error(one, Code::TooFew, "/sheet/derived/0/of")) << op << "\n" << test::describe(one);
    EXPECT_TRUE(test::load(ruleset(head + refs(2) + "}]}")).ok()) << op;
    EXPECT_TRUE(test::load(ruleset(head + refs(12) + "}]}")).ok()) << op;
    EXPECT_TRUE(test::has_error(test::load(ruleset(head + refs(13) + "}]}")), Code::TooMany, "/sheet/derived/0/of"))
        << op;
  }
}

// RULESET_DERIVED_OPS: sum, stepTable, scale, min, max, enumTable. Our `multiply` is not one.
TEST(RefSheetStrict, ref_Derived_multiply_is_not_an_op) {
  const LoadResult r = test::load(
      ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "multiply", "of": [{"const": 2}, {"const": 3}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/derived/0/op")) << test::describe(r);
}

// `round: roundingSchema.default("down")`: down, up or nearest; never unrounded.
TEST(RefSheetStrict, ref_Derived_scale_round_none_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "scale", "of": {"const": 3},
    "multiplier": 0.5, "round": "none"}]})"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/derived/0/round")) << test::describe(r);
}

// A step table has no `default`: below its first threshold it reads the first row.
TEST(RefSheetStrict, ref_Derived_stepTable_default_is_refused) {
  const LoadResult r =
      test::load(ruleset(R"({"derived": [{"id": "d", "label": "D", "op": "stepTable", "from": {"const": 3},
    "table": [[1, 2]], "default": 0}]})"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/derived/0/default")) << test::describe(r);
}

// SHEET_ID_PATTERN = /^[a-z][a-z0-9_]*$/.
TEST(RefSheetStrict, ref_Sheet_primitives_a_sheet_id_is_lowercase_letters_digits_and_underscores) {
  const LoadResult r =
      test::load(ruleset(R"({
    "sections": [{"id": "Kit", "label": "Kit"}],
    "abilities": [{"id": "1st", "label": "First", "min": 1, "max": 5, "default": 1}],
    "skills": [{"id": "hit-points", "label": "HP"}],
    "fields": [{"id": "_hidden", "label": "Hidden", "type": "number", "min": -1000000, "max": 1000000}, {"id": "oil.level", "label": "Oil", "type": "number", "min": -1000000, "max": 1000000},
               {"id": "hit_points2", "label": "Fine", "type": "number", "min": -1000000, "max": 1000000}],
    "lists": [{"id": "Gear", "label": "Gear", "maxItems": 500, "columns": [{"id": "item-name", "label": "Item", "type": "text", "maxLength": 200}]}],
    "derived": [{"id": "a-b", "label": "D", "op": "sum", "of": [{"const": 1}]}]})",
                         R"(, "resolution": {"proficiencyTiers": [{"id": "untrained", "label": "Untrained"}]})"));
  for (const char* p :
       {"/sheet/sections/0/id", "/sheet/abilities/0/id", "/sheet/skills/0/id", "/sheet/fields/0/id",
        "/sheet/fields/1/id", "/sheet/lists/0/id", "/sheet/lists/0/columns/0/id", "/sheet/derived/0/id"}) {
    EXPECT_TRUE(test::has_error(r, Code::BadId, p)) << p << "\n" << test::describe(r);
  }
  EXPECT_FALSE(test::has_error(r, Code::BadId, "/sheet/fields/2/id")) << test::describe(r);
}

// A dice value is `z.string().max(40)` with no `maxLength`.
TEST(RefSheetStrict, ref_Sheet_primitives_a_dice_value_has_no_maxLength_and_holds_40_characters) {
  const LoadResult r =
      test::load(ruleset(R"({"fields": [{"id": "hit_die", "label": "Hit die", "type": "dice", "maxLength": 10},
    {"id": "damage", "label": "Damage", "type": "dice", "default": ")" +
                         std::string(41, '1') + R"("}]})"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/fields/0/maxLength")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/fields/1/default")) << test::describe(r);
}

// `sheetSummary.lists` holds objects `{list, nameColumn, …}`; our bare list ids are gone.
TEST(RefSheetStrict, ref_sheetSummary_a_list_is_an_object_not_a_bare_id) {
  const LoadResult r = test::load(ruleset(
      R"({"lists": [{"id": "scars", "label": "Scars", "maxItems": 500, "columns": [{"id": "name", "label": "Scar", "type": "text", "maxLength": 200}]}]})",
      R"(, "gm": {"sheetSummary": {"lists": ["scars"]}})"));
  EXPECT_TRUE(test::has_error(r, Code::WrongType, "/gm/sheetSummary/lists/0")) << test::describe(r);
  const LoadResult ok = test::load(ruleset(
      R"({"lists": [{"id": "scars", "label": "Scars", "maxItems": 500, "columns": [{"id": "name", "label": "Scar", "type": "text", "maxLength": 200}]}]})",
      R"(, "gm": {"sheetSummary": {"lists": [{"list": "scars", "nameColumn": "name"}]}})"));
  EXPECT_TRUE(ok.ok()) << test::describe(ok);
}

// Text that reaches the GM prompt ("promptSafeText"): every label, short name, value label and
// guidance is one to its limit of characters, so an empty one is refused where the entry says it,
// and a text the reference leaves free to be blank (a catalog entry's summary, a dice `example`)
// is not.
TEST(RefSheetStrict, ref_Text_that_reaches_the_GM_prompt_is_never_empty) {
  const LoadResult r = test::load(ruleset(R"({
    "abilities": [{"id": "brawn", "label": "Brawn", "short": "", "min": 1, "max": 5, "default": 1}],
    "fields": [{"id": "mood", "label": "Mood", "type": "enum", "values": ["calm", "wild"], "valueLabels": {"calm": ""}},
               {"id": "hit", "label": "", "type": "dice", "example": ""}],
    "live": {"conditions": [{"id": "shaken", "label": ""}],
             "states": [{"id": "lamp", "label": "Lamp", "values": ["lit", "dark"], "valueLabels": {"dark": ""}}]}})",
                                          R"(, "gm": {"checkGuidance": ""})"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/abilities/0/short")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/fields/0/valueLabels/calm")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/fields/1/label")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/conditions/0/label")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/states/0/valueLabels/dark")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/gm/checkGuidance")) << test::describe(r);
  EXPECT_EQ(r.diagnostics.error_count(), 6u) << test::describe(r);  // the dice `example` may be blank
}

// Derived values: the sheet is worked out top to bottom, so a derived value reads only derived
// values declared above it ("must be declared above the value that reads it").
TEST(RefSheetStrict, ref_Derived_a_derived_value_reads_only_those_declared_above_it) {
  const LoadResult above = test::load(ruleset(R"({"derived": [
    {"id": "base", "label": "Base", "op": "sum", "of": [{"const": 2}]},
    {"id": "total", "label": "Total", "op": "sum", "of": [{"derived": "base"}, {"const": 1}]}]})"));
  EXPECT_TRUE(above.ok()) << test::describe(above);
  const LoadResult below = test::load(ruleset(R"({"derived": [
    {"id": "total", "label": "Total", "op": "sum", "of": [{"derived": "base"}, {"const": 1}]},
    {"id": "base", "label": "Base", "op": "sum", "of": [{"const": 2}]},
    {"id": "twice", "label": "Twice", "op": "scale", "of": {"derived": "twice"}, "multiplier": 2}]})"));
  EXPECT_TRUE(test::has_error(below, Code::ReadsDerivedBelow, "/sheet/derived/0/of/0")) << test::describe(below);
  EXPECT_NE(test::describe(below).find("`base`, which is declared below it"), std::string::npos)
      << test::describe(below);
  EXPECT_TRUE(test::has_error(below, Code::ReadsDerivedBelow, "/sheet/derived/2/of")) << test::describe(below);
  EXPECT_NE(test::describe(below).find("reads derived value `twice`, itself"), std::string::npos)
      << test::describe(below);
}

}  // namespace
}  // namespace rk
