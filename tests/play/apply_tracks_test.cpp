// Wound tracks and plain tracks in play (SH-37 – SH-63, sheets.md W1, W2, W6; the reference
// chapter's "The rules, exactly" and "Filling by box, and tracks that refuse"): every receipt's
// `now`, every refusal, and what the character stores afterwards.
#include "sheet_fixture.hpp"

namespace rk::play {
namespace {

using rk::test::n;
using test::live_json;
using test::now_of;
using test::refusal_of;

// The `harm` track of sheets.md §7 (verbatim), the `strain` track of §11 with `strain_boxes` 3
// (W2's hypothetical: Sinew 2 + 1), a plain `willpower` track, and the rests of W1 and W2.
const char* kWoundRuleset = R"({
  "id": "wounds", "label": "Wounds",
  "sheet": {
    "abilities": [{ "id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2 }],
    "fields": [
      { "id": "watch", "label": "Watch", "type": "enum", "values": ["day", "night"], "default": "night" } ],
    "lists": [{ "id": "scars", "label": "Scars", "maxItems": 8, "columns": [
      { "id": "name", "label": "Scar", "type": "text", "maxLength": 80 },
      { "id": "levels", "label": "Levels", "type": "number", "min": 0, "max": 16, "default": 1 },
      { "id": "penalty", "label": "Penalty", "type": "number", "min": -99, "max": 0, "default": -1 } ] }],
    "derived": [
      { "id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{ "abilityScore": "sinew" }, { "const": 1 }] } ],
    "live": {
      "tracks": [
        { "id": "harm", "label": "Harm", "min": 0, "max": 4,
          "levels": [
            { "label": "Scuffed", "penalty": 0 }, { "label": "Winded", "penalty": -1 },
            { "label": "Bleeding", "penalty": -3 }, { "label": "Down", "penalty": -99 } ],
          "kinds": [ { "id": "knock", "label": "K", "severity": 0 }, { "id": "tear", "label": "T", "severity": 1 } ],
          "extra": { "list": "scars", "countColumn": "levels", "penaltyColumn": "penalty" } },
        { "id": "strain", "label": "Strain", "min": 0, "max": { "derived": "strain_boxes" },
          "boxes": { "penalty": { "by": "remaining", "table": [[0, -1], [1, 0]] } },
          "kinds": [{ "id": "strain", "label": "S", "severity": 0 }], "fill": "indexed", "onFull": "refuse" },
        { "id": "grip", "label": "Grip", "min": 0, "max": 3,
          "levels": [ { "label": "Loose", "penalty": 0 }, { "label": "Slipping", "penalty": -1 }, { "label": "Gone", "penalty": -2 } ],
          "kinds": [ { "id": "slip", "label": "S", "severity": 0 } ], "onFull": "refuse" },
        { "id": "willpower", "label": "Willpower", "min": 0, "max": 6, "default": 2 },
        { "id": "omen", "label": "Omen", "min": 0, "max": 3, "hideWhen": { "field": "watch", "equals": "day" } } ]
    }
  },
  "rests": [
    { "id": "breather", "label": "Catch your breath", "restore": [{ "track": "harm", "kind": "knock", "to": "min" }] },
    { "id": "bleed", "label": "Bleed", "restore": [{ "track": "harm", "by": { "const": 2 } }] },
    { "id": "mend", "label": "Mend", "restore": [{ "track": "harm", "by": { "const": -2 } }] },
    { "id": "settle", "label": "Settle", "restore": [{ "track": "strain", "to": "min" }] },
    { "id": "steady", "label": "Steady", "restore": [{ "track": "harm", "to": "max" }] },
    { "id": "ease", "label": "Ease", "restore": [{ "track": "harm", "kind": "knock", "to": 1 }] }
  ]
})";

class PlayTracks : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = rk::test::compile(kWoundRuleset);
    ASSERT_TRUE(rs);
    fresh = test::sheet_character(*rs, R"({"v":1,"name":"Ash","build":{}})");
  }
  const TrackView track(const Character& c, const std::string& id) const { return evaluate(*rs, c).tracks.at(id); }
  std::shared_ptr<const Ruleset> rs;
  Character fresh;
};

// ---- W1: a named-level track, two kinds, a rest that heals one kind ---------------------------

TEST_F(PlayTracks, W1_damage_of_two_kinds_then_rests_that_heal) {
  Character c = fresh;
  // 1. The page's own tag: one K mark; 3 levels remain; the penalty is Scuffed's.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="1"])"), "Harm 1/4 Scuffed");
  EXPECT_EQ(track(c, "harm").value, n(3));
  EXPECT_EQ(track(c, "harm").penalty, n(0));
  // 2. A tear is more severe, so it takes the first level and pushes the knock down.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="tear" amount="1"])"), "Harm 2/4 Winded");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear","knock"]}}})");
  EXPECT_EQ(track(c, "harm").value, n(2));
  EXPECT_EQ(track(c, "harm").penalty, n(-1));
  // 3. A plain track command on a wound track (SH-41).
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="track" track="harm" to="1"])"), "wrong-track");
  // 4. Catch your breath mends the knocks and leaves the tear.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="Catch your breath"])"), "Catch your breath: Harm 1/4");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear"]}}})");
  EXPECT_EQ(track(c, "harm").value, n(3));
  // 5. A positive `by` is skipped without a word: the rest changes nothing and says only its name.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="bleed"])"), "Bleed");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear"]}}})");
  // 6. A negative `by` clears up to two, overflow first (none): the tear goes.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="mend"])"), "Mend: Harm 0/4");
  EXPECT_EQ(live_json(c), "{}");
  EXPECT_EQ(track(c, "harm").value, n(4));
  EXPECT_EQ(track(c, "harm").penalty, n(0));
}

TEST_F(PlayTracks, W1_a_heal_naming_a_kind_clears_only_that_kind_and_one_naming_none_the_lightest) {
  Character c =
      test::sheet_character(*rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear","knock"]}}}})");
  Character d = c;
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="tear" amount="-1"])"), "Harm 1/4 Scuffed");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["knock"]}}})");
  EXPECT_EQ(now_of(*rs, d, R"([sheet: op="damage" track="harm" amount="-1"])"), "Harm 1/4 Scuffed");
  EXPECT_EQ(live_json(d), R"({"wounds":{"harm":{"marks":["tear"]}}})");
  // A kind the track does not have heals the lightest first, as healing always has.
  Character e =
      test::sheet_character(*rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear","knock"]}}}})");
  EXPECT_EQ(now_of(*rs, e, R"([sheet: op="damage" track="harm" kind="bruise" amount="-5"])"), "Harm 0/4");
  EXPECT_EQ(live_json(e), "{}");
}

TEST_F(PlayTracks, marks_on_a_full_track_upgrade_the_lightest_then_overflow) {
  Character c = fresh;
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="Harm" kind="K" amount="4"])"), "Harm 4/4 Down");
  EXPECT_EQ(track(c, "harm").full, true);
  // Full: the lightest knock goes one step up the ladder (to a tear), whatever kind the new mark was.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="1"])"), "Harm 4/4 Down");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear","knock","knock","knock"]}}})");
  // Three more upgrades fill it with tears; the next two cannot land and are said as overflow.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="5"])"), "Harm 4/4 Down +2 over");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear","tear","tear","tear"],"overflow":2}}})");
  EXPECT_EQ(track(c, "harm").value, n(0));
  // A heal clears the overflow before any mark.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" amount="-2"])"), "Harm 4/4 Down");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" amount="-1"])"), "Harm 3/4 Bleeding");
}

TEST_F(PlayTracks, SH_57_a_track_that_refuses_refuses_the_whole_command_when_full) {
  Character c = fresh;
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="grip" kind="slip" amount="2"])"), "Grip 2/3 Slipping");
  // Two marks with one level free land none.
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="grip" kind="slip" amount="2"])"), "no-box");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="grip" kind="slip" amount="1"])"), "Grip 3/3 Gone");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="grip" kind="slip" amount="1"])"), "no-box");
}

TEST_F(PlayTracks, SH_50_a_rest_to_counts_every_mark_and_takes_the_overflow_with_it) {
  // Down to one mark of any kind, knocks only: both knocks go and the tear stays.
  Character c =
      test::sheet_character(*rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear","knock","knock"]}}}})");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="ease"])"), "Ease: Harm 1/4");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["tear"]}}})");
  // "to": "max" adds no mark, but a full track's overflow is harm past the top: it goes.
  Character d = test::sheet_character(
      *rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear","tear","knock","knock"],"overflow":2}}}})");
  EXPECT_EQ(now_of(*rs, d, R"([sheet: op="rest" rest="steady"])"), "Steady: Harm 4/4");
  EXPECT_EQ(live_json(d), R"({"wounds":{"harm":{"marks":["tear","tear","knock","knock"]}}})");
  Character e = test::sheet_character(*rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear"]}}}})");
  EXPECT_EQ(now_of(*rs, e, R"([sheet: op="rest" rest="steady"])"), "Steady");
}

// ---- W2: numbered boxes, filled by box, a track that refuses ----------------------------------

TEST_F(PlayTracks, W2_indexed_boxes_the_named_box_then_refusal_when_full) {
  Character c = fresh;
  ASSERT_EQ(track(c, "strain").max, n(3));
  // 1. Box 2 is marked; a box track's `now` names no level.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="2"])"), "Strain 1/3");
  EXPECT_EQ(live_json(c), R"({"wounds":{"strain":{"marks":["","strain"]}}})");
  // 2. Remaining 2: the table's threshold reading gives 0.
  EXPECT_EQ(track(c, "strain").value, n(2));
  EXPECT_EQ(track(c, "strain").penalty, n(0));
  // 3. No box named: the first free box from box 1.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1"])"), "Strain 2/3");
  // 4. Box 3: the track is full; remaining 0 reads -1.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="strain" kind="S" amount="1" box="3"])"), "Strain 3/3");
  EXPECT_EQ(track(c, "strain").value, n(0));
  EXPECT_EQ(track(c, "strain").penalty, n(-1));
  // 5. No box can take a further mark: refused, the track as it was.
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="1"])"), "no-box");
  // 7. A rest to min clears every box.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="rest" rest="settle"])"), "Settle: Strain 0/3");
  EXPECT_EQ(live_json(c), "{}");
}

TEST_F(PlayTracks, W2_a_mark_lands_on_the_named_box_or_the_next_free_one_above_it) {
  Character c =
      test::sheet_character(*rs, R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":["","strain"]}}}})");
  // Box 2 is taken: the mark goes to box 3, never down to box 1.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="2"])"), "Strain 2/3");
  EXPECT_EQ(live_json(c), R"({"wounds":{"strain":{"marks":["","strain","strain"]}}})");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="2"])"), "no-box");
  // Three marks with two boxes free land none; two land on boxes 1 and 3 of a track marked on 2.
  Character d =
      test::sheet_character(*rs, R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":["","strain"]}}}})");
  EXPECT_EQ(refusal_of(*rs, d, R"([sheet: op="damage" track="strain" kind="strain" amount="3"])"), "no-box");
  EXPECT_EQ(now_of(*rs, d, R"([sheet: op="damage" track="strain" kind="strain" amount="2"])"), "Strain 3/3");
  // A heal clears the highest of the lightest marks, and the other marks stay on their boxes.
  EXPECT_EQ(now_of(*rs, d, R"([sheet: op="damage" track="strain" amount="-1"])"), "Strain 2/3");
  EXPECT_EQ(live_json(d), R"({"wounds":{"strain":{"marks":["strain","strain"]}}})");
  EXPECT_EQ(now_of(*rs, d, R"([sheet: op="damage" track="strain" amount="-1"])"), "Strain 1/3");
  EXPECT_EQ(live_json(d), R"({"wounds":{"strain":{"marks":["strain"]}}})");
}

TEST_F(PlayTracks, W2_SH_39_a_box_past_the_track_or_out_of_range_is_refused) {
  Character c = fresh;
  // 6. No box 5 on a three-box track: no box can take it.
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="5"])"), "no-box");
  // Boxes are numbered 1 to 64 (the reference's bound); anything else is not an amount it takes.
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="0"])"),
            "bad-amount");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="65"])"),
            "bad-amount");
  // On a track filled in order, `box` says nothing: marks take the place their severity earns.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="1" box="3"])"), "Harm 1/4 Scuffed");
}

// ---- W6: levels a scars list adds -------------------------------------------------------------

TEST_F(PlayTracks, W6_extra_levels_are_marked_and_a_deleted_row_leaves_overflow) {
  Character c = test::sheet_character(*rs, R"({"v":1,"build":{"lists":{"scars":[
    {"_id":"s1","name":"Ghoul bite","levels":1,"penalty":-1},{"_id":"s2","name":"Grave cut","levels":2,"penalty":-2}]}}})");
  ASSERT_EQ(track(c, "harm").max, n(7));
  // Scuffed 0, Winded -1, Winded -1, -2, -2, Bleeding -3, Down -99.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="2"])"), "Harm 2/7 Winded");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="2"])"), "Harm 4/7 -2");
  EXPECT_EQ(track(c, "harm").penalty, n(-2));
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="2"])"), "Harm 6/7 Bleeding");
  // The second scar is struck from the sheet: five levels, six marks. The one that no longer fits is
  // overflow, so the track is full; harm is not undone by editing the sheet (SH-63).
  c.lists.at("scars").pop_back();
  EXPECT_EQ(track(c, "harm").max, n(5));
  EXPECT_EQ(track(c, "harm").overflow, 1);
  EXPECT_EQ(track(c, "harm").value, n(0));
  // A heal clears that overflow first; the marks that fit stay.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" amount="-1"])"), "Harm 5/5 Down");
  EXPECT_EQ(live_json(c), R"({"wounds":{"harm":{"marks":["knock","knock","knock","knock","knock"]}}})");
}

// ---- refusals (sheets.md "Run-time refusals") --------------------------------------------------

TEST_F(PlayTracks, SH_41_track_on_a_wound_track_is_refused_wrong_track) {
  Character c = test::sheet_character(*rs, R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":["tear"]}}}})");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="track" track="harm" to="2"])"), "wrong-track");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="track" track="Strain" by="1"])"), "wrong-track");
  // And a wound mark on a plain track.
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="willpower" kind="knock" amount="1"])"), "wrong-track");
}

TEST_F(PlayTracks, SH_37_damage_naming_an_unknown_track_or_kind_is_refused) {
  Character c = fresh;
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="bruises" kind="knock" amount="1"])"), "unknown-track");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="harm" kind="bite" amount="1"])"), "unknown-kind");
  // Nothing is marked, and nothing is healed by nothing.
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="0"])"), "bad-amount");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="harm" kind="knock" amount="100001"])"), "bad-amount");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="damage" track="harm" amount="-100001"])"), "bad-amount");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="damage" track="harm" kind="tear" amount="100000"])"),
            "Harm 4/4 Down +99996 over");
}

TEST_F(PlayTracks, SH_48_temporary_points_on_a_wound_track_are_refused) {
  // A wound track is no pool: `temp` finds no pool of that name.
  Character c = fresh;
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="temp" pool="harm" amount="2"])"), "unknown-pool");
}

// ---- plain tracks ------------------------------------------------------------------------------

TEST_F(PlayTracks, a_plain_track_is_set_or_moved_within_its_range_and_stored_sparsely) {
  Character c = fresh;
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="track" track="Willpower" by="1"])"), "Willpower 3");
  EXPECT_EQ(live_json(c), R"({"tracks":{"willpower":3}})");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="track" track="willpower" to="99"])"), "Willpower 6");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="track" track="willpower" by="-10"])"), "Willpower 0");
  // Back at its default (2), the value is no longer stored.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="track" track="WILLPOWER" to="2"])"), "Willpower 2");
  EXPECT_EQ(live_json(c), "{}");
}

TEST_F(PlayTracks, a_plain_track_refuses_what_it_cannot_take) {
  Character c = fresh;
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="track" track="resolve" to="1"])"), "unknown-track");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="track" track="willpower" to="1000001"])"), "bad-amount");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="track" track="willpower" to="1000000"])"), "Willpower 6");
  // A track a field hides is not on the sheet.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="track" track="omen" to="1"])"), "Omen 1");
  Character day = test::sheet_character(*rs, R"({"v":1,"build":{"fields":{"watch":"day"}}})");
  EXPECT_EQ(refusal_of(*rs, day, R"([sheet: op="track" track="omen" to="1"])"), "unknown-track");
}

}  // namespace
}  // namespace rk::play
