// The reference format's sheet (writing-rulesets.md "The sheet", "Items on the sheet";
// ruleset.schema.ts sheet primitives): the keys it adds beside ours, what it refuses, and its
// Capability API gates. Fixtures are built from the three published examples' own entries.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "reference_dir.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

std::string ruleset(const std::string& sheet, const std::string& top = "") {
  return R"({"id": "ref-sheet", "label": "Reference sheet", "sheet": )" + sheet + top + "}";
}

std::string manifest(std::int64_t minor) {
  return R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

const std::string kTiers =
    R"(, "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 2}], "difficultyLadder": [{"label": "Hard", "dc": 15}]})";

// Ember Roads' gear, knacks and tricks lists, as the example writes them.
const std::string kEmberLists = R"("lists": [
  { "id": "gear", "label": "Gear", "section": "kit", "maxItems": 30, "columns": [
    { "id": "name", "label": "Item", "type": "text", "maxLength": 60, "required": true },
    { "id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10, "default": 1 },
    { "id": "packed", "label": "Packed", "type": "boolean", "default": true },
    { "id": "damage", "label": "Damage", "type": "dice", "example": "1d6" } ] },
  { "id": "tricks", "label": "Tricks", "section": "kit", "maxItems": 12,
    "pools": { "nameColumn": "name", "maxColumn": "uses", "rechargeColumn": "recharge" },
    "columns": [
      { "id": "name", "label": "Trick", "type": "text", "maxLength": 60, "required": true },
      { "id": "uses", "label": "Uses", "type": "number", "min": 1, "max": 9, "default": 1 },
      { "id": "recharge", "label": "Recharge", "type": "enum", "values": ["short", "long"], "default": "long" } ] } ])";

const std::string kEmberSheet = R"({
  "version": 1,
  "sections": [{ "id": "kit", "label": "Kit" }, { "id": "about", "label": "About" }],
  "abilities": [
    { "id": "brawn", "label": "Brawn", "short": "BRN", "min": 1, "max": 5, "default": 2, "section": "about" },
    { "id": "wits", "label": "Wits", "short": "WIT", "min": 1, "max": 5, "default": 2 } ],
  "skills": [{ "id": "haul", "label": "Haul", "ability": "brawn", "section": "about" }],
  "skillTiers": ["untrained", "trained"],
  "saveTiers": ["trained"],
  "bonusRange": { "min": -5, "max": 10 },
  "fields": [
    { "id": "calling", "label": "Calling", "type": "enum", "values": ["drover", "scout"], "section": "about" },
    { "id": "toughness", "label": "Toughness", "type": "number", "min": 0, "max": 10, "section": "about" },
    { "id": "hit_die", "label": "Hit die", "type": "dice", "default": "1d8", "example": "1d10" } ],
  )" + kEmberLists + R"(,
  "derived": [
    { "id": "burden", "label": "Burden", "op": "sum", "section": "kit",
      "of": [{ "listSum": { "list": "gear", "column": "bulk", "onlyWhen": "packed" } }] },
    { "id": "half_burden", "label": "Half burden", "op": "scale", "of": { "derived": "burden" }, "multiplier": 0.5 } ]
})";

TEST(RefSheet, the_reference_sheet_keys_are_read) {
  const LoadResult r = test::load(ruleset(kEmberSheet, kTiers));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Sheet& s = r.ruleset->sheet;
  EXPECT_EQ(s.version, 1);
  EXPECT_EQ(s.abilities[0].short_label, "BRN");
  EXPECT_EQ(s.fields[0].section_index, s.section_index.at("about"));
  EXPECT_EQ(s.fields[2].spec.type, ValueType::Dice);
  EXPECT_EQ(s.fields[2].spec.example, "1d10");
  const List& gear = s.lists[0];
  EXPECT_EQ(gear.max_items, 30);
  EXPECT_EQ(gear.section_index, s.section_index.at("kit"));
  EXPECT_TRUE(gear.columns[0].required);
  EXPECT_FALSE(gear.columns[1].required);
  const List& tricks = s.lists[1];
  ASSERT_TRUE(tricks.pools);
  EXPECT_EQ(tricks.pools->max_index, 1u);
  EXPECT_EQ(tricks.pools->recharge_index, 2u);
  EXPECT_EQ(s.derived[0].section_index, s.section_index.at("kit"));
  EXPECT_EQ(s.derived[0].of[0].only_when_index, 2u);
  EXPECT_EQ(s.derived[1].round, Rounding::Down) << "a scale written with `multiplier` rounds down by default";
  EXPECT_EQ(s.skill_tiers, (std::vector<Id>{"untrained", "trained"}));
  EXPECT_EQ(s.bonus_min, Number::of(-5));
  EXPECT_EQ(s.bonus_max, Number::of(10));
}

TEST(RefSheet, the_three_published_examples_have_no_sheet_errors_outside_live) {
  for (const char* name : {"ember-roads.json", "gravewatch.json", "ruleset-5e-2014.example.json"}) {
    const std::string path = (rk::testing::reference_dir(RK_SOURCE_DIR) / "examples" / name).string();
    const LoadResult r = load_ruleset(path);
    for (const auto& d : r.diagnostics.items()) {
      if (d.severity != Severity::Error) continue;
      const bool sheet = d.pointer.rfind("/sheet/", 0) == 0 && d.pointer.rfind("/sheet/live", 0) != 0;
      EXPECT_FALSE(sheet) << name << ": " << code_name(d.code) << " " << d.pointer << " " << d.message;
    }
  }
}

// ---- refusals ---------------------------------------------------------------------------------

TEST(RefSheet, an_unknown_section_on_a_field_list_or_derived_value_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"sections": [{"id": "kit", "label": "Kit"}],
    "fields": [{"id": "oath", "label": "Oath", "type": "text", "section": "kti", "maxLength": 200}],
    "lists": [{"id": "gear", "label": "Gear", "section": "nope", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
    "derived": [{"id": "one", "label": "One", "op": "sum", "of": [{"const": 1}], "section": "gone"}]})"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/fields/0/section")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/lists/0/section")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/derived/0/section")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("unknown section `kti`"), std::string::npos) << test::describe(r);
}

TEST(RefSheet, list_pools_name_a_text_a_number_and_an_enum_column) {
  const LoadResult r = test::load(ruleset(R"({"lists": [{"id": "tricks", "label": "Tricks",
    "pools": {"nameColumn": "uses", "maxColumn": "name", "rechargeColumn": "name"},
    "maxItems": 500, "columns": [{"id": "name", "label": "Trick", "type": "text", "maxLength": 200}, {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/lists/0/pools/nameColumn")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/lists/0/pools/maxColumn")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/lists/0/pools/rechargeColumn")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("names a text column; `uses` is number"), std::string::npos) << test::describe(r);
}

TEST(RefSheet, list_pools_naming_a_missing_column_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"lists": [{"id": "tricks", "label": "Tricks",
    "pools": {"nameColumn": "name", "maxColumn": "most"},
    "maxItems": 500, "columns": [{"id": "name", "label": "Trick", "type": "text", "maxLength": 200}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/lists/0/pools/maxColumn")) << test::describe(r);
}

TEST(RefSheet, maxItems_outside_1_to_500_is_refused) {
  for (const char* most : {"0", "501"}) {
    const LoadResult r =
        test::load(ruleset(std::string(R"({"lists": [{"id": "gear", "label": "Gear", "maxItems": )") + most +
                           R"(, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}]})"));
    EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/lists/0/maxItems")) << most << "\n" << test::describe(r);
  }
  EXPECT_TRUE(test::load(ruleset(R"({"lists": [{"id": "gear", "label": "Gear", "maxItems": 500,
    "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}]})"))
                  .ok());
}

TEST(RefSheet, an_ability_short_over_eight_characters_or_not_prompt_safe_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"abilities": [
    {"id": "brawn", "label": "Brawn", "short": "BRAWNIEST", "min": 1, "max": 5, "default": 1},
    {"id": "wits", "label": "Wits", "short": "[W]", "min": 1, "max": 5, "default": 1}]})"));
  EXPECT_TRUE(test::has_error(r, Code::TooLong, "/sheet/abilities/0/short")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::NotPromptSafe, "/sheet/abilities/1/short")) << test::describe(r);
}

TEST(RefSheet, sheet_version_below_one_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"version": 0})"));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/version")) << test::describe(r);
  const LoadResult fractional = test::load(ruleset(R"({"version": 1.5})"));
  EXPECT_FALSE(fractional.ok());
}

TEST(RefSheet, skillTiers_and_saveTiers_name_declared_tiers) {
  const LoadResult r = test::load(ruleset(R"({"skillTiers": ["trained", "expert"], "saveTiers": []})", kTiers));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/skillTiers/1")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::TooFew, "/sheet/saveTiers")) << test::describe(r);
}

TEST(RefSheet, bonusRange_min_above_max_or_past_100_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"bonusRange": {"min": 5, "max": 2}})"));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/bonusRange/min")) << test::describe(r);
  const LoadResult wide = test::load(ruleset(R"({"bonusRange": {"min": -101, "max": 101}})"));
  EXPECT_TRUE(test::has_error(wide, Code::OutOfRange, "/sheet/bonusRange/min")) << test::describe(wide);
  EXPECT_TRUE(test::has_error(wide, Code::OutOfRange, "/sheet/bonusRange/max")) << test::describe(wide);
}

TEST(RefSheet, example_is_only_for_dice_values) {
  const LoadResult r = test::load(
      ruleset(R"({"fields": [{"id": "oath", "label": "Oath", "type": "text", "example": "x", "maxLength": 200}]})"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/fields/0/example")) << test::describe(r);
}

TEST(RefSheet, a_derived_value_may_not_share_a_field_id_nor_a_save_a_skill_id) {
  const LoadResult r =
      test::load(ruleset(R"({"abilities": [{"id": "wits", "label": "Wits", "min": 1, "max": 5, "default": 1}],
    "skills": [{"id": "grit", "label": "Grit", "ability": "wits"}],
    "saves": [{"id": "grit", "label": "Grit save", "ability": "wits"}],
    "fields": [{"id": "load", "label": "Load", "type": "number", "min": 0, "max": 9}],
    "derived": [{"id": "load", "label": "Load", "op": "sum", "of": [{"const": 1}]}]})",
                         kTiers));
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/derived/0/id")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/saves/0/id")) << test::describe(r);
}

// ruleset.schema.ts: `scale` is `{of, multiplier, round?}`; our first dialect's `by` is gone.
TEST(RefSheet, scale_takes_multiplier_and_refuses_by) {
  const LoadResult r = test::load(ruleset(R"({"derived": [{"id": "half", "label": "Half", "op": "scale",
    "of": {"const": 3}, "by": 0.5}]})"));
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/derived/0")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/derived/0/by")) << test::describe(r);
  const LoadResult both = test::load(ruleset(R"({"derived": [{"id": "half", "label": "Half", "op": "scale",
    "of": {"const": 3}, "multiplier": 0.5, "by": 0.5}]})"));
  EXPECT_TRUE(test::has_error(both, Code::UnknownKey, "/sheet/derived/0/by")) << test::describe(both);
  const LoadResult other_op = test::load(ruleset(R"({"derived": [{"id": "s", "label": "S", "op": "sum",
    "of": [{"const": 3}], "multiplier": 2}]})"));
  EXPECT_TRUE(test::has_error(other_op, Code::UnknownKey, "/sheet/derived/0/multiplier")) << test::describe(other_op);
}

TEST(RefSheet, an_enum_table_names_1_to_40_values) {
  const LoadResult r =
      test::load(ruleset(R"({"fields": [{"id": "calling", "label": "Calling", "type": "enum", "values": ["a"]}],
    "derived": [{"id": "t", "label": "T", "op": "enumTable", "from": {"field": "calling"}, "table": {}}]})"));
  EXPECT_TRUE(test::has_error(r, Code::TooFew, "/sheet/derived/0/table")) << test::describe(r);
}

// "`{ "by": -3 }`: added to the check's number, from -20 to 20".
TEST(RefSheet, untrained_by_outside_minus_20_to_20_or_fractional_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"sections": [
    {"id": "a", "label": "A", "untrained": {"by": -21}},
    {"id": "b", "label": "B", "untrained": {"by": 21}},
    {"id": "c", "label": "C", "untrained": {"by": 1.5}},
    {"id": "d", "label": "D", "untrained": {"by": -20}}]})"));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/sections/0/untrained/by")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/sections/1/untrained/by")) << test::describe(r);
  EXPECT_FALSE(test::has_error(r, Code::OutOfRange, "/sheet/sections/3/untrained/by")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("/sheet/sections/2/untrained/by"), std::string::npos) << test::describe(r);
}

// ---- value references -------------------------------------------------------------------------

const std::string kHarmTrack = R"("live": {"tracks": [
  {"id": "harm", "label": "Harm", "min": 0, "max": 2,
   "levels": [{"label": "Scuffed", "penalty": 0}, {"label": "Down", "penalty": -99}],
   "kinds": [{"id": "knock", "label": "K", "severity": 0}]},
  {"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6}]})";

TEST(RefSheetRefs, read_goes_only_beside_liveTrack) {
  const LoadResult r =
      test::load(ruleset(R"({"fields": [{"id": "x", "label": "X", "type": "number", "min": 0, "max": 9}],
    "derived": [{"id": "a", "label": "A", "op": "sum", "of": [{"field": "x", "read": "value"}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::BadRef, "/sheet/derived/0/of/0/read")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("`read` goes only beside `liveTrack`"), std::string::npos);
}

TEST(RefSheetRefs, read_other_than_value_filled_remaining_penalty_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"derived": [{"id": "a", "label": "A", "op": "sum",
    "of": [{"liveTrack": "exhaustion", "read": "left"}]}], )" +
                                          kHarmTrack + "}"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/derived/0/of/0/read")) << test::describe(r);
}

TEST(RefSheetRefs, read_penalty_on_a_plain_track_is_refused) {
  const LoadResult r = test::load(ruleset(R"({"derived": [
    {"id": "a", "label": "A", "op": "sum", "of": [{"liveTrack": "exhaustion", "read": "penalty"}]},
    {"id": "b", "label": "B", "op": "sum", "of": [{"liveTrack": "harm", "read": "penalty"}]}], )" +
                                          kHarmTrack + "}"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/derived/0/of/0/read")) << test::describe(r);
  EXPECT_FALSE(test::has_error(r, Code::BadValue, "/sheet/derived/1/of/0/read")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("track `exhaustion` has no levels or boxes"), std::string::npos);
}

// A live read (SH-54): the number of boxes of a box track may not read one, even through `read`.
TEST(RefSheetRefs, a_read_track_is_still_a_live_read) {
  const LoadResult r = test::load(ruleset(R"({"derived": [{"id": "left", "label": "Left", "op": "sum",
      "of": [{"liveTrack": "exhaustion", "read": "remaining"}]}],
    "live": {"tracks": [{"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6},
      {"id": "strain", "label": "Strain", "max": {"derived": "left"}, "boxes": {},
       "kinds": [{"id": "strain", "label": "S", "severity": 0}]}]}})"));
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/tracks/1/max")) << test::describe(r);
}

TEST(RefSheetRefs, onlyWhen_names_a_boolean_column_of_the_list) {
  const LoadResult r = test::load(ruleset(R"({)" + kEmberLists + R"(, "derived": [
    {"id": "a", "label": "A", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "bulk", "onlyWhen": "name"}}]},
    {"id": "b", "label": "B", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "bulk", "onlyWhen": "stowed"}}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/sheet/derived/0/of/0/listSum/onlyWhen"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/derived/1/of/0/listSum/onlyWhen"))
      << test::describe(r);
}

TEST(RefSheetRefs, itemStat_as_the_reference_writes_it_is_read) {
  // Ember Roads' Guard (writing-rulesets.md "Items on the sheet").
  const LoadResult r = test::load(ruleset(
      R"({"abilities": [{"id": "wits", "label": "Wits", "min": 1, "max": 5, "default": 1}],
    "derived": [{"id": "guard", "label": "Guard", "op": "sum",
      "of": [{"const": 6}, {"abilityMod": "wits"}, {"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}}]},
      {"id": "held", "label": "Held", "op": "sum", "of": [{"itemStat": {"from": "all", "pick": "count", "tag": "light", "default": 2}}]}]})",
      // The names it reads are the items block's.
      R"(, "items": {"categories": [{"id": "gear", "label": "Gear"}], "tags": [{"id": "light", "label": "Light"}],
                  "stats": [{"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4}]})"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Ref& guard = r.ruleset->sheet.derived[0].of[2];
  EXPECT_EQ(guard.items_from, Ref::ItemsFrom::Worn);
  EXPECT_EQ(guard.column, "guard");
  const Ref& held = r.ruleset->sheet.derived[1].of[0];
  EXPECT_TRUE(held.pick_count);
  EXPECT_EQ(held.item_tag, "light");
  EXPECT_EQ(held.item_default, Number::of(2));
}

TEST(RefSheetRefs, itemStat_without_a_stat_only_counts) {
  const LoadResult r = test::load(ruleset(R"({"derived": [{"id": "g", "label": "G", "op": "sum",
    "of": [{"itemStat": {"from": "worn", "pick": "max"}}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/derived/0/of/0/itemStat/stat")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("unless it only counts items"), std::string::npos);
}

TEST(RefSheetRefs, itemStat_from_and_pick_take_only_their_words) {
  const LoadResult r = test::load(ruleset(R"({"derived": [{"id": "g", "label": "G", "op": "sum",
    "of": [{"itemStat": {"stat": "guard", "from": "pocket", "pick": "avg"}}]},
    {"id": "h", "label": "H", "op": "sum", "of": [{"itemStat": {"stat": "guard", "pick": "sum"}}]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/derived/0/of/0/itemStat/from")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/derived/0/of/0/itemStat/pick")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/derived/1/of/0/itemStat")) << test::describe(r);
}

// "Items change in play, so itemStat is held to the same rule as a live read."
TEST(RefSheetRefs, itemStat_is_held_to_the_live_rule) {
  const LoadResult r = test::load(ruleset(R"({"derived": [{"id": "guard", "label": "Guard", "op": "sum",
      "of": [{"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}}]}],
    "live": {"tracks": [{"id": "strain", "label": "Strain", "max": {"derived": "guard"}, "boxes": {},
       "kinds": [{"id": "strain", "label": "S", "severity": 0}]}]}})"));
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/tracks/0/max")) << test::describe(r);
}

TEST(RefSheetRefs, abilityModFromField_may_offer_values_that_are_not_abilities) {
  // The 5e example's spellcasting ability offers "none", which reads as 0.
  const LoadResult r =
      test::load(ruleset(R"({"abilities": [{"id": "int", "label": "Int", "min": 1, "max": 30, "default": 10}],
    "fields": [{"id": "cast_with", "label": "Casts with", "type": "enum", "values": ["none", "int"], "default": "none"}],
    "derived": [{"id": "dc", "label": "DC", "op": "sum", "of": [{"const": 8}, {"abilityModFromField": "cast_with"}]}]})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

// ---- hideWhen ---------------------------------------------------------------------------------

TEST(RefSheetHideWhen, equals_is_held_to_the_type_not_the_range) {
  // SH-15 and the reference: only notEquals and in are held to a number's range.
  const LoadResult r = test::load(ruleset(R"({"fields": [
    {"id": "rank", "label": "Rank", "type": "number", "min": 0, "max": 5},
    {"id": "a", "label": "A", "type": "boolean", "hideWhen": {"field": "rank", "equals": 9}},
    {"id": "b", "label": "B", "type": "boolean", "hideWhen": {"field": "rank", "notEquals": 9}},
    {"id": "c", "label": "C", "type": "boolean", "hideWhen": {"field": "rank", "equals": "9"}}]})"));
  EXPECT_FALSE(test::has_error(r, Code::HideValueInvalid, "/sheet/fields/1/hideWhen/equals")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::HideValueInvalid, "/sheet/fields/2/hideWhen/notEquals")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::HideValueInvalid, "/sheet/fields/3/hideWhen/equals")) << test::describe(r);
}

TEST(RefSheetHideWhen, in_lists_at_most_24_values) {
  std::string values;
  for (int i = 0; i < 25; ++i) values += (i ? "," : "") + std::to_string(i % 6);
  const LoadResult r = test::load(ruleset(R"({"fields": [
    {"id": "rank", "label": "Rank", "type": "number", "min": 0, "max": 5},
    {"id": "a", "label": "A", "type": "boolean", "hideWhen": {"field": "rank", "in": [)" +
                                          values + "]}}]}"));
  EXPECT_TRUE(test::has_error(r, Code::TooMany, "/sheet/fields/1/hideWhen/in")) << test::describe(r);
}

// ---- Capability API gates (N-1 refused, N accepted) --------------------------------------------

void expect_gate(const std::string& text, std::int64_t minor, const std::string& pointer) {
  SCOPED_TRACE("gate 1." + std::to_string(minor) + " at " + pointer);
  const LoadResult exact = test::load_package(manifest(minor), text);
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1." + std::to_string(minor));
  const LoadResult below = test::load_package(manifest(minor - 1), text);
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, pointer)) << test::describe(below);
}

TEST(RefSheetGates, liveTrack_read_needs_1_39) {
  expect_gate(ruleset(R"({"derived": [{"id": "left", "label": "Left", "op": "sum",
    "of": [{"liveTrack": "exhaustion", "read": "remaining"}]}],
    "live": {"tracks": [{"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6}]}})"),
              39, "/sheet/derived/0/of/0/read");
}

TEST(RefSheetGates, listSum_onlyWhen_needs_1_39) {
  expect_gate(ruleset(R"({"sections": [{"id": "kit", "label": "Kit"}], )" + kEmberLists +
                      R"(, "derived": [{"id": "burden", "label": "Burden", "op": "sum",
    "of": [{"listSum": {"list": "gear", "column": "bulk", "onlyWhen": "packed"}}]}]})"),
              39, "/sheet/derived/0/of/0/listSum/onlyWhen");
}

TEST(RefSheetGates, itemStat_over_held_items_needs_1_52) {
  expect_gate(ruleset(R"({"derived": [{"id": "guard", "label": "Guard", "op": "sum",
    "of": [{"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}}]}]})",
                      R"(, "items": {"categories": [{"id": "gear", "label": "Gear"}],
                                    "stats": [{"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4}]})"),
              52, "/sheet/derived/0/of/0/itemStat");
}

TEST(RefSheetGates, sections_on_fields_lists_and_derived_values_need_nothing) {
  const LoadResult r = test::load_package(manifest(0), ruleset(R"({"sections": [{"id": "kit", "label": "Kit"}],
    "fields": [{"id": "oath", "label": "Oath", "type": "text", "section": "kit", "maxLength": 200}],
    "derived": [{"id": "one", "label": "One", "op": "sum", "of": [{"const": 1}], "section": "kit"}]})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

}  // namespace
}  // namespace rk
