// Reference format: live values on a character's sheet and what a rest does to them, checked
// against the worked numbers of the reference chapter ("Wound tracks", "Numbered boxes",
// "Levels a list adds", "Rests") and of sheets.md (W1-W3, W6), plus the issue 9 defects.
#include <algorithm>

#include "sheet/rest.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

const char* kRuleset = R"({
  "id": "ref", "label": "Ref",
  "sheet": {
    "abilities": [{ "id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2 }],
    "fields": [
      { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 5 },
      { "id": "watch", "label": "Watch", "type": "enum", "values": ["day", "night"], "default": "night" },
      { "id": "floor", "label": "Floor", "type": "number", "min": 0, "max": 9, "default": 0 },
      { "id": "start_half", "label": "Start", "type": "number", "min": 0, "max": 9, "default": 5 } ],
    "lists": [{ "id": "scars", "label": "Scars", "maxItems": 500, "columns": [
      { "id": "name", "label": "Scar", "type": "text", "maxLength": 200 },
      { "id": "levels", "label": "Levels", "type": "number", "min": 0, "max": 16, "default": 1 },
      { "id": "penalty", "label": "Penalty", "type": "number", "min": -5, "max": 0, "default": -1 } ] },
      { "id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [
        { "id": "name", "label": "Trick", "type": "text", "maxLength": 200 },
        { "id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9, "default": 1 },
        { "id": "recharge", "label": "Recharge", "type": "enum", "values": ["camp", "scene"] } ],
        "pools": { "nameColumn": "name", "maxColumn": "uses", "rechargeColumn": "recharge" } }],
    "derived": [
      { "id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{ "abilityScore": "sinew" }, { "const": 1 }] },
      { "id": "half_level", "label": "Half level", "op": "sum", "of": [{ "field": "level" }, { "const": -2.5 }] },
      { "id": "half_start", "label": "Half start", "op": "sum", "of": [{ "field": "start_half" }, { "const": -2.5 }] },
      { "id": "form_bonus", "label": "Form bonus", "op": "enumTable", "from": { "liveState": "form" },
        "table": { "Wolf form": 2 }, "default": 0 } ],
    "live": {
      "pools": [
        { "id": "hit_dice", "label": "Hit dice", "max": { "field": "level" }, "allowTemp": true },
        { "id": "hd_d10", "label": "d10 hit dice", "max": { "const": 2 }, "group": "hd", "start": "empty" },
        { "id": "hd_d8", "label": "d8 hit dice", "max": { "const": 3 }, "group": "hd", "start": "empty" },
        { "id": "ki", "label": "Ki", "max": { "derived": "half_level" } },
        { "id": "grace", "label": "Grace", "max": 9, "startFrom": { "derived": "half_start" } } ],
      "tracks": [
        { "id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6 },
        { "id": "rating", "label": "Rating", "min": 2, "max": { "field": "floor" } },
        { "id": "harm", "label": "Harm", "min": 0, "max": 4,
          "levels": [ { "label": "Scuffed", "penalty": 0 }, { "label": "Winded", "penalty": -1 },
                      { "label": "Bleeding", "penalty": -3 }, { "label": "Down", "penalty": -99 } ],
          "kinds": [ { "id": "knock", "label": "K", "severity": 0 }, { "id": "tear", "label": "T", "severity": 1 } ],
          "extra": { "list": "scars", "countColumn": "levels", "penaltyColumn": "penalty" } },
        { "id": "strain", "label": "Strain", "min": 0, "max": { "derived": "strain_boxes" },
          "boxes": { "penalty": { "by": "remaining", "table": [[0, -1], [1, 0]] } },
          "kinds": [{ "id": "strain", "label": "S", "severity": 0 }], "fill": "indexed", "onFull": "refuse" },
        { "id": "fatigue", "label": "Fatigue", "min": 0, "max": 3,
          "boxes": { "penalty": { "by": "filled", "table": [[0, -1], [2, -2]] } },
          "kinds": [{ "id": "tired", "label": "F", "severity": 0 }] } ],
      "states": [
        { "id": "form", "label": "Form", "values": ["Human form", "Wolf form"], "default": "Wolf form",
          "hideWhen": { "field": "watch", "equals": "day" } } ],
      "text": [{ "id": "concentration", "label": "Concentrating on", "maxLength": 80 }],
      "conditions": [{ "id": "shaken", "label": "Shaken" }, { "id": "held", "label": "Held" }]
    }
  },
  "rests": [
    { "id": "long", "label": "Long rest", "restore": [
      { "pool": "hit_dice", "by": { "fractionOfMax": 0.5, "round": "down", "min": 1 } },
      { "track": "exhaustion", "by": { "const": -1 } } ],
      "clear": { "text": ["concentration"], "conditions": ["shaken"] } },
    { "id": "breather", "label": "Catch your breath", "restore": [{ "track": "harm", "kind": "knock", "to": "min" }] },
    { "id": "mend", "label": "Mend", "restore": [{ "track": "harm", "by": { "const": -2 } }] },
    { "id": "bleed", "label": "Bleed", "restore": [{ "track": "harm", "by": { "const": 2 } }] },
    { "id": "settle", "label": "Settle", "restore": [{ "track": "strain", "to": "min" }, { "state": "form", "to": "Human form" }],
      "clear": { "conditions": "all" } },
    { "id": "shared", "label": "Shared hit dice",
      "restore": [{ "poolGroup": "hd", "by": { "fractionOfMax": 0.5, "round": "down", "min": 1 }, "shared": true }] },
    { "id": "camp", "label": "Make camp", "restore": [{ "listPools": "tricks", "recharge": ["camp"], "to": "max" }] },
    { "id": "each", "label": "Each its own",
      "restore": [{ "poolGroup": "hd", "by": { "fractionOfMax": 0.5, "round": "down", "min": 1 } }] }
  ]
})";

class RefLiveValues : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::compile(kRuleset);
    ASSERT_TRUE(rs);
  }
  Character character(const std::string& text) {
    Diagnostics d;
    auto c = parse_character(*rs, text, "character.json", d);
    EXPECT_TRUE(c.has_value());
    EXPECT_FALSE(d.has_errors()) << (d.items().empty() ? "" : d.items()[0].message);
    return c.value_or(Character{});
  }
  const Rest& rest(const std::string& id) {
    return *std::find_if(rs->sheet.rests.begin(), rs->sheet.rests.end(), [&](const Rest& r) { return r.id == id; });
  }
  SheetView after(const std::string& rest_id, const std::string& text) {
    return evaluate(*rs, apply_rest(*rs, character(text), rest(rest_id)));
  }
  std::shared_ptr<const Ruleset> rs;
};

// --- Wound tracks ----------------------------------------------------------------------------

TEST_F(RefLiveValues, three_marks_read_the_lowest_marked_level_never_the_sum) {
  const SheetView v = test::sheet_of(
      *rs, R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"marks": ["tear", "knock", "knock"]}}}})");
  EXPECT_EQ(v.tracks.at("harm").penalty, n(-3));  // not 0 + -1 + -3
  EXPECT_EQ(v.tracks.at("harm").value, n(1));     // one level left
}

TEST_F(RefLiveValues, box_penalty_reads_the_table_at_the_boxes_remaining) {
  // W2: Sinew 2 + 1 = 3 boxes; [[0, -1], [1, 0]] by remaining.
  const SheetView fresh = test::sheet_of(*rs, R"({"v":1,"build":{}})");
  EXPECT_EQ(fresh.tracks.at("strain").max, n(3));
  EXPECT_EQ(fresh.tracks.at("strain").penalty, n(0));
  const SheetView two =
      test::sheet_of(*rs, R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":["","strain"]}}}})");
  EXPECT_EQ(two.tracks.at("strain").value, n(2));
  EXPECT_EQ(two.tracks.at("strain").penalty, n(0));
  const SheetView full = test::sheet_of(
      *rs, R"({"v": 1, "build": {}, "live": {"wounds": {"strain": {"marks": ["strain", "strain", "strain"]}}}})");
  EXPECT_EQ(full.tracks.at("strain").value, n(0));
  EXPECT_EQ(full.tracks.at("strain").penalty, n(-1));
}

TEST_F(RefLiveValues, a_filled_table_can_cost_something_with_nothing_marked) {
  const SheetView fresh = test::sheet_of(*rs, R"({"v":1,"build":{}})");
  EXPECT_EQ(fresh.tracks.at("fatigue").penalty, n(-1));
  const SheetView two =
      test::sheet_of(*rs, R"({"v":1,"build":{},"live":{"wounds":{"fatigue":{"marks":["tired","tired"]}}}})");
  EXPECT_EQ(two.tracks.at("fatigue").penalty, n(-2));
}

TEST_F(RefLiveValues, W6_scar_rows_add_levels_after_the_last_level_as_good) {
  const SheetView v = test::sheet_of(*rs, R"({"v": 1,
    "build": {"lists": {"scars": [{"_id": "s1", "levels": 1, "penalty": -1}, {"_id": "s2", "levels": 2, "penalty": -2}]}}})");
  const auto& levels = v.tracks.at("harm").levels;
  ASSERT_EQ(levels.size(), 7u);
  const std::vector<std::int64_t> penalties = {0, -1, -1, -2, -2, -3, -99};
  for (std::size_t i = 0; i < levels.size(); ++i) EXPECT_EQ(levels[i].penalty, n(penalties[i])) << i;
  EXPECT_EQ(levels[2].label, "Winded");
  EXPECT_EQ(v.tracks.at("harm").max, n(7));
}

// --- Live states -----------------------------------------------------------------------------

TEST_F(RefLiveValues, a_hidden_state_reads_as_no_value_in_a_table) {
  const SheetView night = test::sheet_of(*rs, R"({"v":1,"build":{}})");
  EXPECT_EQ(night.derived.at("form_bonus").value, n(2));
  const SheetView day = test::sheet_of(*rs, R"({"v":1,"build":{"fields":{"watch":"day"}}})");
  EXPECT_EQ(day.derived.at("form_bonus").value, n(0));
  EXPECT_NE(std::find(day.hidden.begin(), day.hidden.end(), "form"), day.hidden.end());
}

// --- Issue 9 -----------------------------------------------------------------------------------

TEST_F(RefLiveValues, issue9_a_computed_pool_max_is_a_whole_number) {
  // Level 5 - 2.5 = 2.5 (a `scale` is always rounded; a sum keeps the fraction): Ki holds whole
  // points, so its max and its full start are 2.
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"build":{}})");
  EXPECT_EQ(v.pools.at("ki").max, n(2));
  EXPECT_EQ(v.pools.at("ki").current, n(2));
}

TEST_F(RefLiveValues, issue9_a_fractional_start_from_starts_at_a_whole_number) {
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"build":{}})");  // 5 - 2.5 = 2.5
  EXPECT_EQ(v.pools.at("grace").current, n(2));
}

TEST_F(RefLiveValues, issue9_a_stored_fractional_pool_current_is_refused) {
  const std::string errors =
      test::character_errors(*rs, R"({"v":1,"build":{},"live":{"pools":{"hit_dice":{"value":1.5}}}})");
  EXPECT_NE(errors.find("bad-number /live/pools/hit_dice/value"), std::string::npos) << errors;
}

TEST_F(RefLiveValues, issue9_a_computed_track_max_below_min_reads_as_min) {
  // `rating` runs from 2 to the field `floor`, which is 0 here.
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"build":{}})");
  EXPECT_EQ(v.tracks.at("rating").max, n(2));
  EXPECT_EQ(v.tracks.at("rating").value, n(2));
  bool warned = false;
  for (const auto& w : v.warnings.items()) warned |= w.code == Code::LimitReached && w.pointer == "/live/tracks/rating";
  EXPECT_TRUE(warned);
}

// --- Rests -------------------------------------------------------------------------------------

TEST_F(RefLiveValues, long_rest_gives_back_half_the_hit_dice_rounded_down) {
  // Level 5: 5 x 0.5 = 2.5, down to 2.
  const SheetView v =
      after("long", R"({"v":1,"build":{},"live":{"pools":{"hit_dice":{"value":0}},"tracks":{"exhaustion":3}}})");
  EXPECT_EQ(v.pools.at("hit_dice").current, n(2));
  EXPECT_EQ(v.tracks.at("exhaustion").value, n(2));
}

TEST_F(RefLiveValues, long_rest_gives_back_at_least_its_min) {
  // Level 1: 1 x 0.5 = 0.5, down to 0, then `min` 1.
  const SheetView v =
      after("long", R"({"v":1,"build":{"fields":{"level":1}},"live":{"pools":{"hit_dice":{"value":0}}}})");
  EXPECT_EQ(v.pools.at("hit_dice").current, n(1));
}

TEST_F(RefLiveValues, a_rest_clears_the_conditions_it_names) {
  const Character c =
      apply_rest(*rs, character(R"({"v":1,"build":{},"live":{"conditions":["shaken","held"]}})"), rest("long"));
  EXPECT_EQ(c.conditions, std::vector<std::string>{"held"});
  const Character all =
      apply_rest(*rs, character(R"({"v":1,"build":{},"live":{"conditions":["shaken","held"]}})"), rest("settle"));
  EXPECT_TRUE(all.conditions.empty());
}

TEST_F(RefLiveValues, W1_a_rest_naming_a_kind_mends_only_that_kind) {
  const SheetView v = after("breather", R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear","knock"]}}}})");
  EXPECT_EQ(v.tracks.at("harm").value, n(3));
  ASSERT_TRUE(v.tracks.at("harm").levels[0].mark);
  EXPECT_EQ(*v.tracks.at("harm").levels[0].mark, "tear");
}

TEST_F(RefLiveValues, W1_a_positive_by_is_skipped_without_a_word) {
  std::vector<std::string> notes;
  const Character c = character(R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear"]}}}})");
  const Character rested = apply_rest(*rs, c, rest("bleed"), &notes);
  EXPECT_EQ(rested.tracks.at("harm").marks.size(), 1u);
  EXPECT_EQ(evaluate(*rs, rested).tracks.at("harm").value, n(3));
}

TEST_F(RefLiveValues, W1_a_negative_by_clears_overflow_first_then_the_lightest) {
  const SheetView v = after("mend", R"({"v": 1, "build": {},
    "live": {"wounds": {"harm": {"marks": ["tear", "tear", "knock", "knock"], "overflow": 1}}}})");
  // Overflow first, then one knock: tear, tear, knock left.
  EXPECT_EQ(v.tracks.at("harm").value, n(1));
  EXPECT_EQ(v.tracks.at("harm").overflow, 0);
  EXPECT_EQ(*v.tracks.at("harm").levels[2].mark, "knock");
}

TEST_F(RefLiveValues, W2_to_min_clears_every_box_and_a_state_step_sets_its_value) {
  const SheetView v =
      after("settle", R"({"v": 1, "build": {}, "live": {"wounds": {"strain": {"marks": ["strain", "", "strain"]}}}})");
  EXPECT_EQ(v.tracks.at("strain").value, n(3));
  EXPECT_EQ(v.states.at("form"), "Human form");
}

TEST_F(RefLiveValues, W3_a_shared_fraction_is_handed_out_in_declaration_order) {
  // Group max 2 + 3 = 5; 5 x 0.5 = 2.5, down to 2.
  auto run = [&](const std::string& d10, const std::string& d8) {
    const SheetView v = after("shared", R"({"v":1,"build":{},"live":{"pools":{"hd_d10":{"value":)" + d10 +
                                            R"(},"hd_d8":{"value":)" + d8 + "}}}}");
    return std::pair{v.pools.at("hd_d10").current, v.pools.at("hd_d8").current};
  };
  EXPECT_EQ(run("0", "0"), std::pair(n(2), n(0)));  // case A
  EXPECT_EQ(run("1", "0"), std::pair(n(2), n(1)));  // case B
  EXPECT_EQ(run("2", "3"), std::pair(n(2), n(3)));  // case C: the 2 are lost
}

TEST_F(RefLiveValues, W3_without_shared_each_pool_takes_its_own_fraction) {
  // d10: 2 x 0.5 = 1; d8: 3 x 0.5 = 1.5, down to 1.
  const SheetView v = after("each", R"({"v":1,"build":{}})");
  EXPECT_EQ(v.pools.at("hd_d10").current, n(1));
  EXPECT_EQ(v.pools.at("hd_d8").current, n(1));
}

TEST_F(RefLiveValues, a_list_pools_step_restores_the_row_pools_whose_recharge_it_names) {
  // Row pools are keyed `<list>:<row name lowered>`. An empty recharge cell is the column's
  // default, "camp"; the "scene" row is left alone. A pool back at its start (full) is not stored.
  const Character c = character(R"({"v":1,"build":{"lists":{"tricks":[
    {"_id":"a","name":"Last Ember","uses":2,"recharge":"camp"},{"_id":"b","name":"Quick Step","recharge":"scene"},
    {"_id":"c","name":"Ash Ward"}]}},
    "live":{"pools":{"tricks:last ember":{"value":0},"tricks:quick step":{"value":0},"tricks:ash ward":{"value":0}}}})");
  const TakenRest rested = take_rest(*rs, c, rest("camp"));
  EXPECT_FALSE(rested.character.pools.contains("tricks:last ember"));
  EXPECT_FALSE(rested.character.pools.contains("tricks:ash ward"));
  EXPECT_EQ(rested.character.pools.at("tricks:quick step").current, n(0));
  EXPECT_EQ(rested.changes, (std::vector<std::string>{"Last Ember 2/2", "Ash Ward 1/1"}));
}

TEST_F(RefLiveValues, a_rest_leaves_temporary_points_alone) {
  // The reference has no clear for temporary points, so neither has a rest here.
  const Character rested = apply_rest(
      *rs, character(R"({"v":1,"build":{},"live":{"pools":{"hit_dice":{"value":1,"temp":4}}}})"), rest("long"));
  EXPECT_EQ(rested.pools.at("hit_dice").temp, n(4));
}

TEST_F(RefLiveValues, preview_says_what_a_rest_would_change) {
  const auto preview = preview_rest(
      *rs, character(R"({"v": 1, "build": {}, "live": {"pools": {"hit_dice": {"value": 1}}, "conditions": ["shaken"],
    "text": {"concentration": "the ward"}}})"),
      "long");
  ASSERT_TRUE(preview);
  bool pool = false, condition = false, text = false;
  for (const auto& c : preview->changes) {
    pool |= c.what == "pool" && c.id == "hit_dice" && c.before == "1" && c.after == "3";
    condition |= c.what == "condition" && c.id == "shaken";
    text |= c.what == "text" && c.id == "concentration";
  }
  EXPECT_TRUE(pool);
  EXPECT_TRUE(condition);
  EXPECT_TRUE(text);
  EXPECT_FALSE(preview_rest(*rs, character(R"({"v":1,"build":{}})"), "nap"));
}

}  // namespace
}  // namespace rk
