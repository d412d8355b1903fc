// The reference format's value references and derived values, computed (writing-rulesets.md
// "The sheet", "Items on the sheet"): listSum with onlyWhen, liveTrack with read, itemStat over
// held items, scale with multiplier, and abilityModFromField on a value that is no ability.
#include <fmt/format.h>

#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

// Ember Roads' burden and guard, Gravewatch's harm track, the 5e spellcasting field.
const char* kRuleset = R"({
  "id": "ref-values", "label": "Reference values",
  "items": { "categories": [{ "id": "gear", "label": "Gear" }], "tags": [{ "id": "light", "label": "Light" }],
             "stats": [{ "id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4 }] },
  "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "floorHalfMinusTen" }, "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }], "difficultyLadder": [{ "label": "Hard", "dc": 15 }] },
  "sheet": {
    "version": 1,
    "abilities": [
      { "id": "wits", "label": "Wits", "short": "WIT", "min": 1, "max": 20, "default": 14 },
      { "id": "int", "label": "Intelligence", "min": 1, "max": 20, "default": 16 } ],
    "fields": [
      { "id": "cast_with", "label": "Casts with", "type": "enum", "values": ["none", "int"], "default": "none" } ],
    "lists": [
      { "id": "gear", "label": "Gear", "maxItems": 30, "columns": [
        { "id": "name", "label": "Item", "type": "text", "required": true, "maxLength": 200 },
        { "id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10, "default": 1 },
        { "id": "packed", "label": "Packed", "type": "boolean", "default": true } ] } ],
    "derived": [
      { "id": "burden", "label": "Burden", "op": "sum",
        "of": [{ "listSum": { "list": "gear", "column": "bulk", "onlyWhen": "packed" } }] },
      { "id": "all_bulk", "label": "All bulk", "op": "sum", "of": [{ "listSum": { "list": "gear", "column": "bulk" } }] },
      { "id": "guard", "label": "Guard", "op": "sum",
        "of": [{ "const": 6 }, { "abilityMod": "wits" }, { "itemStat": { "stat": "guard", "from": "worn", "pick": "sum" } }] },
      { "id": "lights", "label": "Lights", "op": "sum",
        "of": [{ "itemStat": { "from": "carried", "pick": "count", "tag": "light", "default": 1 } }] },
      { "id": "half_burden", "label": "Half burden", "op": "scale", "of": { "derived": "burden" }, "multiplier": 0.5 },
      { "id": "half_burden_up", "label": "Half burden, up", "op": "scale", "of": { "derived": "burden" }, "multiplier": 0.5, "round": "up" },
      { "id": "spell_dc", "label": "Spell DC", "op": "sum", "of": [{ "const": 8 }, { "abilityModFromField": "cast_with" }] },
      { "id": "harm_left", "label": "Harm still to take", "op": "sum", "of": [{ "liveTrack": "harm", "read": "remaining" }] },
      { "id": "harm_marked", "label": "Harm taken", "op": "sum", "of": [{ "liveTrack": "harm", "read": "filled" }] },
      { "id": "harm_value", "label": "Harm", "op": "sum", "of": [{ "liveTrack": "harm", "read": "value" }] },
      { "id": "harm_penalty", "label": "Harm penalty", "op": "sum", "of": [{ "liveTrack": "harm", "read": "penalty" }] },
      { "id": "tired_value", "label": "Tired", "op": "sum", "of": [{ "liveTrack": "tired", "read": "value" }] },
      { "id": "tired_filled", "label": "Tired, above min", "op": "sum", "of": [{ "liveTrack": "tired", "read": "filled" }] },
      { "id": "tired_left", "label": "Tired, below max", "op": "sum", "of": [{ "liveTrack": "tired", "read": "remaining" }] } ],
    "live": {
      "tracks": [
        { "id": "harm", "label": "Harm", "min": 0, "max": 4,
          "levels": [{ "label": "Scuffed", "penalty": 0 }, { "label": "Hurt", "penalty": -1 },
                     { "label": "Torn", "penalty": -2 }, { "label": "Down", "penalty": -99 }],
          "kinds": [{ "id": "knock", "label": "Knock", "severity": 0 }, { "id": "tear", "label": "Tear", "severity": 1 }] },
        { "id": "tired", "label": "Tired", "min": 1, "max": 7, "default": 1 } ] }
  }
})";

const char* kCharacter = R"({"v": 1, "name": "Wren",
    "build": {"fields": {"cast_with": "int"}, "lists": {"gear": [{"_id": "g1", "name": "Rope", "bulk": 2}, {"_id": "g2", "name": "Lantern", "bulk": 1, "packed": false}, {"_id": "g3", "name": "Bedroll"}, {"_id": "g4", "name": "Tent", "bulk": 4, "packed": true}]}},
    "live": {"tracks": {"tired": 3}, "wounds": {"harm": {"marks": ["knock", "tear"]}}}})";

class RefSheetValues : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::compile(kRuleset);
    ASSERT_TRUE(rs);
    view = test::sheet_of(*rs, kCharacter);
  }
  Number d(const std::string& id) { return view.derived.at(id).value; }
  std::shared_ptr<const Ruleset> rs;
  SheetView view;
};

// "only the rows where it is set count. An empty cell counts as its column's default."
TEST_F(RefSheetValues, listSum_onlyWhen_adds_only_the_packed_rows) {
  EXPECT_EQ(d("all_bulk"), n(8));  // 2 + 1 + 1 (default) + 4
  EXPECT_EQ(d("burden"), n(7));    // the lantern is not packed; the bedroll's empty cells read bulk 1, packed true
}

// Ember Roads' Guard: 6 + Wits modifier + the guard of worn items. Outside a game nobody holds
// anything, so the item stat reads its default (0 when left out).
TEST_F(RefSheetValues, itemStat_outside_a_game_reads_its_default) {
  EXPECT_EQ(d("guard"), n(8));   // 6 + mod(14) = 6 + 2 + 0
  EXPECT_EQ(d("lights"), n(1));  // `default: 1`
  auto lines = view.explain("guard");
  ASSERT_TRUE(lines);
  bool says_default = false;
  for (const auto& line : *lines) says_default |= line.find("the default") != std::string::npos;
  EXPECT_TRUE(says_default);
}

// A `scale` written with `multiplier` rounds down unless `round` says otherwise.
TEST_F(RefSheetValues, scale_with_multiplier_rounds_down_by_default) {
  EXPECT_EQ(d("half_burden"), n(3));     // 7 x 0.5 = 3.5 -> 3
  EXPECT_EQ(d("half_burden_up"), n(4));  // -> 4
}

// The 5e example: a spellcasting ability of "none" reads as 0.
TEST_F(RefSheetValues, abilityModFromField_none_reads_zero) {
  EXPECT_EQ(d("spell_dc"), n(11));  // 8 + mod(16) = 8 + 3
  auto none = test::sheet_of(*rs, R"({"v": 1, "build": {"fields": {"cast_with": "none"}}})");
  EXPECT_EQ(none.derived.at("spell_dc").value, n(8));
}

// Gravewatch's "Harm still to take" is { "liveTrack": "harm", "read": "remaining" }.
TEST_F(RefSheetValues, liveTrack_read_on_a_wound_track) {
  EXPECT_EQ(d("harm_left"), n(2));  // 4 levels, 2 marked
  EXPECT_EQ(d("harm_marked"), n(2));
  EXPECT_EQ(d("harm_value"), n(2));     // a wound track's value is its remaining levels (SH-49)
  EXPECT_EQ(d("harm_penalty"), n(-1));  // marked down to Hurt
}

TEST_F(RefSheetValues, liveTrack_read_on_a_plain_track) {
  EXPECT_EQ(d("tired_value"), n(3));
  EXPECT_EQ(d("tired_filled"), n(2));  // 3 - min 1
  EXPECT_EQ(d("tired_left"), n(4));    // max 7 - 3
}

TEST_F(RefSheetValues, a_blank_sheet_reads_the_state_play_starts_in) {
  auto blank = test::sheet_of(*rs, R"({"v": 1, "build": {}})");
  EXPECT_EQ(blank.derived.at("harm_left").value, n(4));  // a wound track clear
  EXPECT_EQ(blank.derived.at("harm_penalty").value, n(0));
  EXPECT_EQ(blank.derived.at("tired_filled").value, n(0));  // at its default, 1
  EXPECT_EQ(blank.derived.at("burden").value, n(0));
}

// A list's `maxItems` and a column's `required` hold for the rows a character stores.
TEST_F(RefSheetValues, a_row_without_a_required_cell_is_refused) {
  const std::string errors = test::character_errors(*rs, R"({"v": 1,
    "build": {"lists": {"gear": [{"_id": "g1", "name": "Rope"}, {"_id": "g2", "bulk": 2}, {"_id": "g3", "name": null}]}}})");
  EXPECT_EQ(errors, "missing-key /build/lists/gear/1\nmissing-key /build/lists/gear/2\n");
}

TEST_F(RefSheetValues, more_rows_than_maxItems_are_refused) {
  std::string rows;
  for (int i = 0; i < 31; ++i) rows += fmt::format("{}{{\"_id\": \"g{}\", \"name\": \"Rope\"}}", i ? "," : "", i);
  EXPECT_EQ(test::character_errors(*rs, R"({"v": 1, "build": {"lists": {"gear": [)" + rows + "]}}}"),
            "too-many /build/lists/gear\n");
  rows = rows.substr(0, rows.rfind(",{"));
  EXPECT_EQ(test::character_errors(*rs, R"({"v": 1, "build": {"lists": {"gear": [)" + rows + "]}}}"), "");
}

// "a list that hideWhen hides adds nothing"; "A hidden pool or track reads 0."
TEST(RefSheetHidden, a_hidden_list_adds_nothing_and_a_hidden_pool_or_track_reads_zero) {
  auto rs = test::compile(R"({"id": "hidden", "label": "Hidden", "sheet": {
    "fields": [{ "id": "watch", "label": "Watch", "type": "enum", "values": ["day", "night"], "default": "day" }],
    "lists": [{ "id": "oil_flasks", "label": "Oil flasks", "hideWhen": { "field": "watch", "notEquals": "night" },
      "maxItems": 500, "columns": [{ "id": "pints", "label": "Pints", "type": "number", "min": 0, "max": 9, "default": 1 }] }],
    "derived": [
      { "id": "pints", "label": "Pints", "op": "sum", "of": [{ "listSum": { "list": "oil_flasks", "column": "pints" } }] },
      { "id": "oil_left", "label": "Oil left", "op": "sum", "of": [{ "livePool": "oil" }] },
      { "id": "dark_left", "label": "Dark left", "op": "sum", "of": [{ "liveTrack": "dark", "read": "remaining" }] } ],
    "live": {
      "pools": [{ "id": "oil", "label": "Lantern oil", "max": 4, "hideWhen": { "field": "watch", "notEquals": "night" } }],
      "tracks": [{ "id": "dark", "label": "Dark", "min": 0, "max": 5, "hideWhen": { "field": "watch", "notEquals": "night" } }] } }})");
  ASSERT_TRUE(rs);
  const std::string rows = R"("lists": {"oil_flasks": [{"_id": "a", "pints": 2}, {"_id": "b"}]})";
  auto night = test::sheet_of(*rs, R"({"v": 1, "build": {"fields": {"watch": "night"}, )" + rows + "}}");
  EXPECT_EQ(night.derived.at("pints").value, n(3));
  EXPECT_EQ(night.derived.at("oil_left").value, n(4));
  EXPECT_EQ(night.derived.at("dark_left").value, n(5));
  auto day = test::sheet_of(*rs, R"({"v": 1, "build": {"fields": {"watch": "day"}, )" + rows + "}}");
  EXPECT_EQ(day.derived.at("pints").value, n(0));
  EXPECT_EQ(day.derived.at("oil_left").value, n(0));
  EXPECT_EQ(day.derived.at("dark_left").value, n(0));
  EXPECT_EQ(day.pools.at("oil").current, n(4)) << "hidden, the pool itself is still computed";
}

}  // namespace
}  // namespace rk
