// SH-1: every one of the twelve Ref kinds, with numbers checked by hand.
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

// A d20 ruleset with one of everything a Ref can read.
const char* kRuleset = R"({
  "id": "refs", "label": "Refs",
  "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "floorHalfMinusTen" }, "proficiency": { "bonus": { "derived": "prof" } },
    "proficiencyTiers": [{ "id": "none", "label": "None" }, { "id": "trained", "label": "Trained", "multiplier": 1 }],
    "difficultyLadder": [{ "label": "Hard", "dc": 15 }] },
  "items": { "categories": [ { "id": "armor", "label": "Armor" } ], "stats": [
    { "id": "ac", "label": "AC", "type": "number", "min": 0, "max": 30 },
    { "id": "ac_bonus", "label": "AC bonus", "type": "number", "min": 0, "max": 5 },
    { "id": "weight", "label": "Weight", "type": "number", "min": 0, "max": 100 } ] },
  "catalogs": [ { "id": "gear", "label": "Gear", "holds": "items", "entries": [
    { "id": "chain", "label": "Chain mail", "item": { "category": "armor", "stats": { "ac": 16, "weight": 55 } } },
    { "id": "shield", "label": "Shield", "item": { "category": "armor", "stats": { "ac_bonus": 2, "weight": 6 } } },
    { "id": "leather", "label": "Leather", "item": { "category": "armor", "stats": { "ac": 11, "weight": 10 } } } ] } ],
  "sheet": {
    "abilities": [
      { "id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10 },
      { "id": "wis", "label": "Wisdom", "min": 1, "max": 30, "default": 10 } ],
    "skills": [ { "id": "perception", "label": "Perception", "ability": "wis" } ],
    "saves": [ { "id": "str_save", "label": "Strength save", "ability": "str" } ],
    "fields": [
      { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1 },
      { "id": "inspired", "label": "Inspired", "type": "boolean" },
      { "id": "cast_with", "label": "Spellcasting ability", "type": "enum", "values": ["str", "wis"], "default": "wis" } ],
    "lists": [
      { "id": "coins", "label": "Coins", "maxItems": 500, "columns": [
        { "id": "kind", "label": "Kind", "type": "text", "maxLength": 200 },
        { "id": "amount", "label": "Amount", "type": "number", "min": 0, "max": 1000000, "default": 0 } ] },
      { "id": "equipment", "label": "Equipment", "maxItems": 500, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 200 },
        { "id": "worn", "label": "Worn", "type": "boolean", "default": true } ] } ],
    "derived": [
      { "id": "prof", "label": "Proficiency bonus", "op": "stepTable", "from": { "field": "level" },
        "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]] },
      { "id": "r_const", "label": "c", "op": "sum", "of": [{ "const": -2.5 }] },
      { "id": "r_field", "label": "f", "op": "sum", "of": [{ "field": "level" }] },
      { "id": "r_derived", "label": "d", "op": "sum", "of": [{ "derived": "prof" }] },
      { "id": "r_score", "label": "s", "op": "sum", "of": [{ "abilityScore": "str" }] },
      { "id": "r_mod", "label": "m", "op": "sum", "of": [{ "abilityMod": "str" }] },
      { "id": "r_mod_from_field", "label": "mf", "op": "sum", "of": [{ "abilityModFromField": "cast_with" }] },
      { "id": "r_skill", "label": "sk", "op": "sum", "of": [{ "skillMod": "perception" }] },
      { "id": "r_save", "label": "sv", "op": "sum", "of": [{ "saveMod": "str_save" }] },
      { "id": "r_list", "label": "l", "op": "sum", "of": [{ "listSum": { "list": "coins", "column": "amount" } }] },
      { "id": "r_pool", "label": "p", "op": "sum", "of": [{ "livePool": "hp" }] },
      { "id": "r_track", "label": "t", "op": "sum", "of": [{ "liveTrack": "exhaustion" }] },
      { "id": "r_item_max", "label": "i", "op": "sum", "of": [{ "itemStat": { "stat": "ac", "from": "worn", "pick": "max", "default": 10 } }] },
      { "id": "r_item_count", "label": "w", "op": "sum", "of": [{ "itemStat": { "from": "all", "pick": "count" } }] },
      { "id": "r_list_worn", "label": "ww", "op": "sum",
        "of": [{ "listSum": { "list": "equipment", "count": true, "onlyWhen": "worn" } }] } ],
    "live": {
      "pools": [ { "id": "hp", "label": "Hit points", "max": 12 } ],
      "tracks": [ { "id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6, "default": 0 } ] }
  }
})";

const char* kCharacter = R"({"v": 1, "name": "Tess",
    "build": {"fields": {"level": 6, "inspired": true, "cast_with": "str"}, "abilities": {"str": 15, "wis": 8}, "skills": {"perception": "trained"}, "lists": {"coins": [{"_id": "c1", "kind": "gold", "amount": 40}, {"_id": "c2", "kind": "silver", "amount": 7}, {"_id": "c3", "kind": "copper"}], "equipment": [{"_id": "e1", "_catalog": "gear/chain", "name": "Chain mail"}, {"_id": "e2", "_catalog": "gear/shield", "name": "Shield", "worn": false}, {"_id": "e3", "_catalog": "gear/leather", "name": "Old leather", "worn": false}, {"_id": "e4", "name": "Rope"}]}},
    "live": {"pools": {"hp": {"value": 7}}, "tracks": {"exhaustion": 2}}})";

class Refs : public ::testing::Test {
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

TEST_F(Refs, SH_1_const_reads_its_number) { EXPECT_EQ(d("r_const"), Number::raw(-25000)); }
TEST_F(Refs, SH_1_field_reads_a_number_field) { EXPECT_EQ(d("r_field"), n(6)); }
TEST_F(Refs, SH_1_derived_reads_another_derived_value) { EXPECT_EQ(d("r_derived"), n(3)); }  // level 6 -> row 5
TEST_F(Refs, SH_1_abilityScore_reads_the_score) { EXPECT_EQ(d("r_score"), n(15)); }
TEST_F(Refs, SH_1_abilityMod_reads_the_d20_modifier) { EXPECT_EQ(d("r_mod"), n(2)); }  // (15-10)/2 = 2.5 -> 2
TEST_F(Refs, SH_1_abilityModFromField_reads_the_modifier_of_the_chosen_ability) {
  EXPECT_EQ(d("r_mod_from_field"), n(2));
}
TEST_F(Refs, SH_1_skillMod_reads_the_skill_modifier) { EXPECT_EQ(d("r_skill"), n(2)); }  // wis 8 -> -1, +3 trained
TEST_F(Refs, SH_1_saveMod_reads_the_save_modifier) { EXPECT_EQ(d("r_save"), n(2)); }     // str +2, untrained +0
TEST_F(Refs, SH_1_listSum_adds_a_column_empty_cells_read_the_default) { EXPECT_EQ(d("r_list"), n(47)); }
TEST_F(Refs, SH_1_livePool_reads_the_current_value) { EXPECT_EQ(d("r_pool"), n(7)); }
TEST_F(Refs, SH_1_liveTrack_reads_an_ordinary_track_value) { EXPECT_EQ(d("r_track"), n(2)); }
// "Outside a game, in the sheet editor or an import review, nobody holds anything and `itemStat`
// reads its `default`" (0 when left out); it never reads a list of the sheet.
TEST_F(Refs, SH_1_itemStat_outside_a_game_reads_its_default) { EXPECT_EQ(d("r_item_max"), n(10)); }
TEST_F(Refs, SH_1_itemStat_default_left_out_reads_zero) { EXPECT_EQ(d("r_item_count"), n(0)); }
TEST_F(Refs, SH_1_listSum_onlyWhen_counts_the_rows_whose_boolean_is_set) { EXPECT_EQ(d("r_list_worn"), n(2)); }

TEST_F(Refs, SH_1_abilityModFromField_follows_the_field) {
  auto other =
      test::sheet_of(*rs, R"({"v": 1, "build": {"abilities": {"str": 15, "wis": 8}, "fields": {"cast_with": "wis"}}})");
  EXPECT_EQ(other.derived.at("r_mod_from_field").value, n(-1));
}

TEST_F(Refs, SH_1_every_number_explains_its_terms) {
  auto lines = view.explain("perception");
  ASSERT_TRUE(lines);
  ASSERT_EQ(lines->size(), 3u);
  EXPECT_EQ((*lines)[0], "skill `perception` modifier (tier `trained`) = 2");
  EXPECT_NE((*lines)[1].find("ability `wis` modifier"), std::string::npos);
  EXPECT_NE((*lines)[2].find("tier `trained` bonus"), std::string::npos);
  EXPECT_FALSE(view.explain("nothing"));
}

TEST(RefsRefused, SH_1_a_ref_with_two_keys_or_an_unknown_key_is_refused) {
  auto r = test::load(R"({"id": "x", "label": "X", "sheet": {"derived": [
    {"id": "a", "label": "A", "op": "sum", "of": [{"const": 1, "field": "f"}]},
    {"id": "b", "label": "B", "op": "sum", "of": [{"constant": 1}]},
    {"id": "c", "label": "C", "op": "sum", "of": [{}]}]}})");
  EXPECT_TRUE(test::has_error(r, Code::BadRef, "/sheet/derived/0/of/0")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadRef, "/sheet/derived/1/of/0/constant")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadRef, "/sheet/derived/2/of/0")) << test::describe(r);
}

// ruleset.schema.ts: `field` reads a number field; a checkbox is counted with `listSum`'s
// `onlyWhen` or read through an `enumTable`, not as 1/0.
TEST(RefsRefused, SH_1_field_reads_number_fields_only) {
  auto r = test::load(R"({"id": "x", "label": "X", "sheet": {
    "fields": [{"id": "inspired", "label": "Inspired", "type": "boolean"},
               {"id": "name", "label": "Name", "type": "text", "maxLength": 200}],
    "derived": [{"id": "a", "label": "A", "op": "sum", "of": [{"field": "inspired"}]},
                {"id": "b", "label": "B", "op": "sum", "of": [{"field": "name"}]}]}})");
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/derived/0/of/0")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/derived/1/of/0")) << test::describe(r);
}

// Our first dialect's list-shaped `itemStat` ({list, stat, pick, where}) is gone.
TEST(RefsRefused, SH_1_itemStat_over_a_list_of_the_sheet_is_refused) {
  auto r = test::load(R"({"id": "x", "label": "X", "sheet": {
    "lists": [{"id": "gear", "label": "Gear", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
    "derived": [{"id": "a", "label": "A", "op": "sum", "of": [{"itemStat": {"list": "gear", "stat": "ac", "pick": "max"}}]}]}})");
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/derived/0/of/0/itemStat")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/derived/0/of/0/itemStat/list")) << test::describe(r);
}

}  // namespace
}  // namespace rk
