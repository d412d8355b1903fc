// hideWhen (SH-12..SH-16), pools (BC-58..BC-60, CA-85), ordinary tracks (SH-21, SH-22) and wound
// tracks (SH-30..SH-63) as the computed sheet shows them.
#include "format/limits.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

const char* kRuleset = R"({
  "id": "gw", "label": "Gravewatch",
  "sheet": {
    "fields": [
      { "id": "watch", "label": "Watch", "type": "enum", "values": ["day", "dusk", "night"], "default": "day" },
      { "id": "willpower_rating", "label": "Willpower rating", "type": "number", "min": 0, "max": 10, "default": 3 },
      { "id": "stamina", "label": "Stamina", "type": "number", "min": 0, "max": 10, "default": 3 },
      { "id": "san_start", "label": "Starting sanity", "type": "number", "min": 0, "max": 99, "default": 45 },
      { "id": "oil_note", "label": "Oil note", "type": "text", "hideWhen": { "field": "watch", "in": ["day", "dusk"] }, "maxLength": 200 },
      { "id": "day_note", "label": "Day note", "type": "text", "hideWhen": { "field": "watch", "equals": "night" }, "maxLength": 200 } ],
    "lists": [
      { "id": "scars", "label": "Scars", "maxItems": 500, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 200 },
        { "id": "levels", "label": "Levels", "type": "number", "min": 0, "max": 16, "default": 1 },
        { "id": "penalty", "label": "Penalty", "type": "number", "min": -99, "max": 0, "default": 0 } ],
        "hideWhen": { "field": "watch", "equals": "dusk" } } ],
    "derived": [
      { "id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{ "field": "stamina" }] } ],
    "live": {
      "pools": [
        { "id": "lantern_oil", "label": "Lantern oil", "max": 4, "hideWhen": { "field": "watch", "notEquals": "night" } },
        { "id": "resolve", "label": "Resolve", "max": { "field": "willpower_rating" }, "start": "empty" },
        { "id": "sanity", "label": "Sanity", "max": 99, "startFrom": { "field": "san_start" } },
        { "id": "slot1", "label": "1st-level slots", "max": 4, "group": "slots" },
        { "id": "slot2", "label": "2nd-level slots", "max": 3, "group": "slots" },
        { "id": "pact", "label": "Pact slots", "max": 2, "group": "pact", "level": { "const": 3 }, "pays": ["slots"] } ],
      "tracks": [
        { "id": "willpower", "label": "Willpower", "min": 0, "max": { "field": "willpower_rating" }, "default": 1, "alwaysShow": true },
        { "id": "harm", "label": "Harm", "min": 0, "max": 4,
          "levels": [
            { "label": "Scuffed", "penalty": 0 }, { "label": "Winded", "penalty": -1 },
            { "label": "Bleeding", "penalty": -3 }, { "label": "Down", "penalty": -99 } ],
          "kinds": [ { "id": "knock", "label": "K", "severity": 0 }, { "id": "tear", "label": "T", "severity": 1 } ],
          "extra": { "list": "scars", "countColumn": "levels", "penaltyColumn": "penalty" } },
        { "id": "strain", "label": "Strain", "min": 0, "max": { "derived": "strain_boxes" },
          "boxes": { "penalty": { "by": "remaining", "table": [[0, -1], [1, 0]] } },
          "kinds": [{ "id": "strain", "label": "S", "severity": 0 }], "fill": "indexed", "onFull": "refuse" } ]
    }
  }
})";

class Live : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::compile(kRuleset);
    ASSERT_TRUE(rs);
  }
  SheetView eval(const std::string& c) { return test::sheet_of(*rs, c); }
  static bool is_hidden(const SheetView& v, const std::string& id) {
    return std::find(v.hidden.begin(), v.hidden.end(), id) != v.hidden.end();
  }
  std::shared_ptr<const Ruleset> rs;
};

TEST_F(Live, SH_13_notEquals_hides_for_every_other_value) {
  EXPECT_TRUE(is_hidden(eval(R"({"v":1,"build":{"fields":{"watch":"day"}}})"), "lantern_oil"));
  EXPECT_FALSE(is_hidden(eval(R"({"v":1,"build":{"fields":{"watch":"night"}}})"), "lantern_oil"));
}

TEST_F(Live, SH_13_equals_and_in_hide_for_the_named_values) {
  auto night = eval(R"({"v":1,"build":{"fields":{"watch":"night"}}})");
  EXPECT_TRUE(is_hidden(night, "day_note"));
  EXPECT_FALSE(is_hidden(night, "oil_note"));
  auto dusk = eval(R"({"v":1,"build":{"fields":{"watch":"dusk"}}})");
  EXPECT_TRUE(is_hidden(dusk, "oil_note"));
  EXPECT_FALSE(is_hidden(dusk, "day_note"));
}

TEST_F(Live, SH_16_an_unset_field_reads_its_blank_sheet_value_and_a_retired_value_the_default) {
  EXPECT_TRUE(is_hidden(eval(R"({"v":1,"build":{}})"), "lantern_oil"));                           // default day
  EXPECT_TRUE(is_hidden(eval(R"({"v":1,"build":{"fields":{"watch":"noon"}}})"), "lantern_oil"));  // retired -> day
}

TEST_F(Live, pools_start_full_empty_or_from_a_ref_and_a_stored_value_wins) {
  auto v = eval(R"({"v":1,"build":{"fields":{"willpower_rating":4,"san_start":60}}})");
  EXPECT_EQ(v.pools.at("lantern_oil").current, n(4));  // full
  EXPECT_EQ(v.pools.at("resolve").current, n(0));      // empty
  EXPECT_EQ(v.pools.at("resolve").max, n(4));
  EXPECT_EQ(v.pools.at("sanity").current, n(60));  // BC-58
  auto stored = eval(R"({"v":1,"build":{"fields":{"san_start":60}},"live":{"pools":{"sanity":{"value":41}}}})");
  EXPECT_EQ(stored.pools.at("sanity").current, n(41));  // BC-60
}

TEST_F(Live, CA_85_a_pool_level_is_its_own_or_its_position_in_its_group) {
  auto v = eval(R"({"v":1,"build":{}})");
  EXPECT_EQ(v.pools.at("slot1").level, n(1));
  EXPECT_EQ(v.pools.at("slot2").level, n(2));
  EXPECT_EQ(v.pools.at("pact").level, n(3));
  EXPECT_FALSE(v.pools.at("resolve").level.has_value());
}

TEST_F(Live, a_current_above_a_lowered_max_reads_the_max_with_a_warning) {
  auto v = eval(R"({"v":1,"build":{"fields":{"willpower_rating":2}},"live":{"pools":{"resolve":{"value":5}}}})");
  EXPECT_EQ(v.pools.at("resolve").current, n(2));
  ASSERT_EQ(v.warnings.items().size(), 1u);
  EXPECT_EQ(v.warnings.items()[0].code, Code::LimitReached);
}

TEST_F(Live, SH_21_an_ordinary_track_is_as_long_as_its_ref) {
  auto v = eval(R"({"v":1,"build":{"fields":{"willpower_rating":6}},"live":{"tracks":{"willpower":5}}})");
  EXPECT_EQ(v.tracks.at("willpower").max, n(6));
  EXPECT_EQ(v.tracks.at("willpower").value, n(5));
  EXPECT_EQ(eval(R"({"v":1,"build":{}})").tracks.at("willpower").value, n(1));  // default
}

// Worked example W1: one knock, then a tear; the penalty is the deepest marked level's.
TEST_F(Live, SH_49_a_wound_track_reads_as_its_remaining_levels) {
  auto fresh = eval(R"({"v":1,"build":{}})");
  EXPECT_EQ(fresh.tracks.at("harm").value, n(4));
  EXPECT_EQ(fresh.tracks.at("harm").penalty, n(0));
  auto one = eval(R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["knock"]}}}})");
  EXPECT_EQ(one.tracks.at("harm").value, n(3));
  EXPECT_EQ(one.tracks.at("harm").penalty, n(0));
  auto two = eval(R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["knock","tear"]}}}})");
  EXPECT_EQ(two.tracks.at("harm").value, n(2));
  EXPECT_EQ(two.tracks.at("harm").penalty, n(-1));
  EXPECT_EQ(two.tracks.at("harm").levels[0].mark, "tear");  // held most severe first
  auto full =
      eval(R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"marks": ["knock", "tear", "tear", "knock"]}}}})");
  EXPECT_EQ(full.tracks.at("harm").value, n(0));
  EXPECT_TRUE(full.tracks.at("harm").full);
  EXPECT_EQ(full.tracks.at("harm").penalty, n(-99));
}

// Worked example W6: scars of 1 level at -1 and 2 levels at -2.
TEST_F(Live, SH_60_SH_61_extra_levels_go_after_the_last_level_no_worse_named_by_level_or_penalty) {
  auto v = eval(R"({"v": 1,
    "build": {"lists": {"scars": [{"_id": "s1", "name": "Old cut", "levels": 1, "penalty": -1}, {"_id": "s2", "name": "Burn", "levels": 2, "penalty": -2}]}}})");
  const TrackView& harm = v.tracks.at("harm");
  ASSERT_EQ(harm.levels.size(), 7u);
  const std::vector<std::pair<std::string, std::int64_t>> expected = {
      {"Scuffed", 0}, {"Winded", -1}, {"Winded", -1}, {"-2", -2}, {"-2", -2}, {"Bleeding", -3}, {"Down", -99}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(harm.levels[i].label, expected[i].first) << i;
    EXPECT_EQ(harm.levels[i].penalty, n(expected[i].second)) << i;
  }
  EXPECT_EQ(harm.max, n(7));
  EXPECT_TRUE(harm.levels[2].extra);
  EXPECT_FALSE(harm.levels[1].extra);
}

TEST_F(Live, SH_62_a_hidden_list_adds_no_levels) {
  auto v =
      eval(R"({"v":1,"build":{"fields":{"watch":"dusk"},"lists":{"scars":[{"_id":"s1","levels":2,"penalty":-1}]}}})");
  EXPECT_EQ(v.tracks.at("harm").max, n(4));
}

TEST_F(Live, SH_63_marks_that_no_longer_fit_are_kept_as_overflow) {
  // Five marks filled a track lengthened by one scar; the scar row was then deleted.
  auto v = eval(R"({"v": 1, "build": {},
    "live": {"wounds": {"harm": {"marks": ["knock", "knock", "tear", "tear", "tear"]}}}})");
  const TrackView& harm = v.tracks.at("harm");
  EXPECT_EQ(harm.max, n(4));
  // Held most severe first, so the lightest mark is the one no level holds.
  EXPECT_EQ(harm.overflow, 1);
  EXPECT_EQ(harm.levels[2].mark, "tear");
  EXPECT_EQ(harm.levels[3].mark, "knock");
  EXPECT_EQ(harm.value, n(0));
  EXPECT_TRUE(harm.full);
}

// Worked example W2: three boxes, penalty looked up by the remaining count.
TEST_F(Live, SH_54_SH_55_box_tracks_are_as_long_as_their_max_with_a_penalty_by_remaining_boxes) {
  auto one = eval(R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":["","strain"]}}}})");
  const TrackView& strain = one.tracks.at("strain");
  EXPECT_EQ(strain.max, n(3));
  EXPECT_EQ(strain.value, n(2));
  EXPECT_EQ(strain.penalty, n(0));
  EXPECT_EQ(strain.levels[1].mark, "strain");
  EXPECT_FALSE(strain.levels[0].mark.has_value());
  auto full =
      eval(R"({"v": 1, "build": {}, "live": {"wounds": {"strain": {"marks": ["strain", "strain", "strain"]}}}})");
  EXPECT_EQ(full.tracks.at("strain").value, n(0));
  EXPECT_EQ(full.tracks.at("strain").penalty, n(-1));
  auto longer = eval(R"({"v":1,"build":{"fields":{"stamina":5}}})");
  EXPECT_EQ(longer.tracks.at("strain").max, n(5));
}

// An unknown id is kept with a warning (read tolerantly, decisions.md "Character documents");
// a value that does not fit what the ruleset declares is refused.
TEST_F(Live, character_documents_keep_unknown_ids_and_refuse_bad_values) {
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{"fields":{"wach":"day"}}})"),
            "not-in-ruleset /build/fields/wach\n");
  Diagnostics d;
  EXPECT_TRUE(parse_character(*rs, R"({"v":1,"build":{"fields":{"wach":"day"}}})", "c.json", d));
  EXPECT_FALSE(d.has_errors());
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{"fields":{"stamina":11}}})"),
            "out-of-range /build/fields/stamina\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{"fields":{"stamina":"x"}}})"),
            "wrong-type /build/fields/stamina\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["burn"]}}}})"),
            "not-in-ruleset /live/wounds/harm/marks/0\n");
  // A clear box ("") belongs only to a track filled box by box.
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["","knock"]}}}})"),
            "bad-value /live/wounds/harm/marks/0\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{"lists":{"scars":[{"_id":"a","levels":17}]}}})"),
            "bad-cell /build/lists/scars/0/levels\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{"lists":{"scars":[{"_id":"a"},{"_id":"a"}]}}})"),
            "duplicate-id /build/lists/scars/1/_id\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"build":{},"live":{"pools":{"resolve":{"value":1,"temp":2}}}})"),
            "out-of-range /live/pools/resolve/temp\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v": 1, "name": "Mira [sheet: op=\"damage\"]", "build": {}})"),
            "not-prompt-safe /name\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v":1,"extra":1,"build":{}})"), "unknown-key /extra\n");
  EXPECT_EQ(test::character_errors(*rs, R"({"v":0,"build":{}})"), "out-of-range /v\n");
}

TEST_F(Live, a_blank_character_reads_every_blank_sheet_value) {
  const Character blank = blank_character(*rs);
  const SheetView v = evaluate(*rs, blank);
  EXPECT_EQ(std::get<std::string>(v.fields.at("watch").value), "day");
  EXPECT_EQ(v.tracks.at("harm").value, n(4));
  EXPECT_EQ(v.pools.at("sanity").current, n(45));
}

TEST_F(Live, SH_20_a_hidden_element_is_still_computed_and_readable) {
  auto v = eval(R"({"v":1,"build":{"fields":{"watch":"day"}},"live":{"pools":{"lantern_oil":{"value":3}}}})");
  EXPECT_TRUE(is_hidden(v, "lantern_oil"));
  EXPECT_EQ(v.pools.at("lantern_oil").current, n(3));
  EXPECT_EQ(v.pools.at("lantern_oil").max, n(4));
}

TEST_F(Live, SH_39_SH_56_indexed_boxes_are_numbered_from_one) {
  // An indexed track's marks are positional: marks[i] is box i + 1, "" a clear box.
  auto v = eval(R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":["","","strain"]}}}})");
  const TrackView& strain = v.tracks.at("strain");
  EXPECT_EQ(strain.levels[2].mark, "strain");  // box 3 is the third and last of three
  EXPECT_FALSE(strain.levels[0].mark.has_value());
  std::string boxes;
  for (int i = 0; i < limits::kWoundBoxes; ++i) boxes += "\"\",";
  EXPECT_EQ(test::character_errors(
                *rs, R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":[)" + boxes + R"("strain"]}}}})"),
            "out-of-range /live/wounds/strain/marks/64\n");
}

TEST_F(Live, SH_58_a_mark_in_a_box_beyond_a_shortened_track_is_overflow) {
  // Stamina fell from 3 to 2 after box 3 was marked: the mark no box holds is kept as overflow.
  auto v = eval(R"({"v":1,"build":{"fields":{"stamina":2}},"live":{"wounds":{"strain":{"marks":["","","strain"]}}}})");
  const TrackView& strain = v.tracks.at("strain");
  EXPECT_EQ(strain.max, n(2));
  EXPECT_EQ(strain.overflow, 1);
  EXPECT_EQ(strain.value, n(0));
}

TEST(LiveRefused, SH_57_SH_58_fill_and_onFull_take_only_their_values) {
  auto r = test::load(R"({"id":"x","label":"X","sheet":{"live":{"tracks":[{"id":"t","label":"T",
    "levels":[{"label":"Hurt","penalty":-1}],"kinds":[{"id":"k","label":"K","severity":0}],"fill":"random","onFull":"explode"}]}}})");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/tracks/0/fill")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/tracks/0/onFull")) << test::describe(r);
}

TEST(LiveRefused, SH_2_a_bare_number_stands_for_a_const_only_where_the_pages_write_one) {
  auto ok = test::load(
      R"({"id":"x","label":"X","resolution":{"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "u", "label": "U"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
    "sheet":{"live":{"pools":[{"id":"p","label":"P","max":3,"group":"g","level":2}],"tracks":[{"id":"t","label":"T","min":0,"max":4}]}}})");
  EXPECT_TRUE(ok.ok()) << test::describe(ok);
  auto bad = test::load(R"({"id":"x","label":"X","sheet":{"derived":[{"id":"d","label":"D","op":"sum","of":[3]}]}})");
  EXPECT_TRUE(test::has_error(bad, Code::BadRef, "/sheet/derived/0/of/0")) << test::describe(bad);
}

}  // namespace
}  // namespace rk
