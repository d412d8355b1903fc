// Pool, condition, note and live-state commands on one character, with the reference engine's
// `now` strings and refusals, and the whole path through the dispatcher on Gravewatch's Mira.
#include "sheet_fixture.hpp"

namespace rk::play {
namespace {

using test::live_json;
using test::now_of;
using test::refusal_of;

class PlaySheetMira : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::gravewatch_shared();
    ASSERT_TRUE(rs);
    mira = test::mira(*rs);
  }
  std::shared_ptr<const Ruleset> rs;
  Character mira;
};

// Mira: Resolve 3/4, Grit 4/5 with 1 temporary point, Salt 1/3, Candles 4/4, Lantern oil 2/6 (she
// is on the night watch), Willpower 2 of 4, Harm marked tear and knock on five levels (her scar
// adds a Winded), Strain box 2 of 4, Stance guarded, Chilled.

// ---- pools --------------------------------------------------------------------------------------

TEST_F(PlaySheetMira, spend_restore_damage_and_temp_say_the_pool_afterwards) {
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="spend" pool="resolve" amount="1"])"), "2/4");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="restore" pool="Resolve" amount="1"])"), "3/4");
  // Restore is held at the maximum, and a pool back at its start is no longer stored.
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="heal" pool="resolve" amount="10"])"), "4/4");
  EXPECT_EQ(live_json(mira).find("resolve"), std::string::npos) << live_json(mira);
  // Damage takes the temporary point first, then the pool.
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="damage" pool="grit" amount="3"])"), "2/5");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="temp" pool="grit" amount="3"])"), "2/5 +3 temp");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="damage" pool="grit" amount="2"])"), "2/5 +1 temp");
  // Never floored by a refusal: a killing blow is still a killing blow.
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="damage" pool="grit" amount="99"])"), "0/5");
  // temp sets the buffer; 0 clears it.
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="temp" pool="grit" amount="4"])"), "0/5 +4 temp");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="temp" pool="grit" amount="0"])"), "0/5");
}

TEST_F(PlaySheetMira, spend_is_refused_insufficient_never_floored) {
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="spend" pool="resolve" amount="4"])"), "insufficient");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="spend" pool="resolve" amount="3"])"), "0/4");
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="spend" pool="resolve" amount="1"])"), "insufficient");
}

TEST_F(PlaySheetMira, amounts_are_1_to_100000_and_temp_takes_0) {
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="spend" pool="resolve" amount="0"])"), "bad-amount");
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="restore" pool="resolve" amount="-1"])"), "bad-amount");
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="damage" pool="grit" amount="100001"])"), "bad-amount");
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="temp" pool="grit" amount="100001"])"), "bad-amount");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="restore" pool="resolve" amount="100000"])"), "4/4");
  // The pool is found before the amount is judged.
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="spend" pool="nerve" amount="0"])"), "unknown-pool");
}

TEST_F(PlaySheetMira, temp_only_on_a_pool_that_allows_it) {
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="temp" pool="resolve" amount="2"])"), "no-temp");
}

TEST_F(PlaySheetMira, a_pool_is_named_by_id_or_label_without_regard_to_case) {
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="spend" pool="LANTERN OIL" amount="1"])"), "1/6");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="spend" pool=" lantern_oil " amount="1"])"), "0/6");
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="spend" pool="oil" amount="1"])"), "unknown-pool");
}

TEST_F(PlaySheetMira, a_hidden_pool_is_not_on_the_sheet) {
  Character day = mira;
  day.fields["watch"] = Scalar{std::string("day")};
  EXPECT_EQ(refusal_of(*rs, day, R"([sheet: op="restore" pool="Lantern oil" amount="1"])"), "unknown-pool");
}

// ---- conditions -----------------------------------------------------------------------------------

TEST_F(PlaySheetMira, a_condition_is_set_on_and_off_by_id_or_label) {
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="condition" condition="Shaken"])"), "Shaken on");
  EXPECT_EQ(mira.conditions, (std::vector<std::string>{"chilled", "shaken"}));
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="condition" condition="chilled" state="off"])"), "Chilled off");
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="condition" condition="SHAKEN" state="remove"])"), "Shaken off");
  EXPECT_EQ(live_json(mira).find("conditions"), std::string::npos);
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="condition" condition="Prone"])"), "unknown-condition");
}

// ---- live states (reference chapter, "Live states") ---------------------------------------------

TEST_F(PlaySheetMira, reference_state_command_sets_a_state_by_label_and_says_the_value_label) {
  // The chapter's own example.
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: who="Name" op="state" state="Stance" value="Reckless"])"), "Stance Reckless");
  EXPECT_NE(live_json(mira).find(R"("states":{"stance":"reckless"})"), std::string::npos) << live_json(mira);
  // Back at its default, the state is no longer stored.
  EXPECT_EQ(now_of(*rs, mira, R"([sheet: op="state" state="stance" value="steady"])"), "Stance Steady");
  EXPECT_EQ(live_json(mira).find("states"), std::string::npos) << live_json(mira);
}

TEST_F(PlaySheetMira, an_unknown_state_or_value_is_refused) {
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="state" state="Form" value="Wolf"])"), "unknown-state");
  EXPECT_EQ(refusal_of(*rs, mira, R"([sheet: op="state" state="Stance" value="Sprawled"])"), "unknown-value");
}

// ---- the whole path: the dispatcher's receipts -------------------------------------------------

TEST_F(PlaySheetMira, receipts_through_the_dispatcher_name_the_character) {
  const AppliedReply applied = test::play_reply(*rs, {mira},
                                                "The bell tolls. "
                                                R"([sheet: op="spend" pool="Resolve" amount="1"] )"
                                                R"([sheet: op="damage" track="harm" kind="knock" amount="1"] )"
                                                R"([sheet: op="spend" pool="Resolve" amount="9"])");
  EXPECT_EQ(applied.played.text,
            "The bell tolls. "
            R"([sheet: who="Mira" op="spend" pool="Resolve" amount="1" result="ok" now="2/4"] )"
            R"([sheet: who="Mira" op="damage" track="harm" kind="knock" amount="1" result="ok" now="Harm 3/5 Winded"] )"
            R"([sheet: who="Mira" op="spend" pool="Resolve" amount="9" result="refused" reason="insufficient"])");
  const Character& after = applied.game.cards.at(0);
  EXPECT_EQ(after.pools.at("resolve").current, Number::of(2));
  EXPECT_EQ(after.tracks.at("harm").marks.size(), 3u);
}

TEST_F(PlaySheetMira, who_party_applies_to_every_card_each_on_its_own) {
  Character bram = test::sheet_character(*rs, R"({"v":1,"ruleset":"gravewatch","name":"Bram","build":{},
    "live":{"pools":{"resolve":{"value":0}}}})");
  const AppliedReply applied =
      test::play_reply(*rs, {mira, bram}, R"([sheet: who="party" op="spend" pool="resolve" amount="1"])");
  EXPECT_EQ(applied.played.text, R"([sheet: who="party" op="spend" pool="resolve" amount="1" result="ok" )"
                                 R"x(now="Mira 2/4; Bram refused (insufficient)"])x");
}

// ---- pools a list's rows define, notes, free-form conditions ------------------------------------

const char* kRowsRuleset = R"({
  "id": "rows", "label": "Rows",
  "sheet": {
    "fields": [{ "id": "heart", "label": "Heart", "type": "number", "min": 0, "max": 9, "default": 0 }],
    "lists": [
      { "id": "tricks", "label": "Tricks", "maxItems": 20, "columns": [
        { "id": "name", "label": "Trick", "type": "text", "maxLength": 80 },
        { "id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9, "default": 1 } ],
        "pools": { "nameColumn": "name", "maxColumn": "uses" } },
      { "id": "charms", "label": "Charms", "maxItems": 20, "columns": [
        { "id": "name", "label": "Charm", "type": "text", "maxLength": 80 },
        { "id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9, "default": 1 } ],
        "pools": { "nameColumn": "name", "maxColumn": "uses" } } ],
    "live": {
      "pools": [
        { "id": "ki", "label": "Ki", "max": 3 },
        { "id": "heart_pool", "label": "Heart", "max": { "field": "heart" } } ],
      "text": [{ "id": "concentration", "label": "Concentrating on", "maxLength": 12 },
               { "id": "story", "label": "Story", "maxLength": 200 }]
    }
  }
})";

class PlaySheetRows : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = rk::test::compile(kRowsRuleset);
    ASSERT_TRUE(rs);
    c = test::sheet_character(*rs, R"({"v":1,"name":"Wren","build":{"lists":{
      "tricks":[{"_id":"a","name":"Last Ember","uses":2},{"_id":"b","name":"Ki","uses":1},{"_id":"c","name":"Mirror","uses":0}],
      "charms":[{"_id":"d","name":"Mirror Step","uses":2},{"_id":"e","name":" Ki ","uses":3}]}}})");
  }
  std::shared_ptr<const Ruleset> rs;
  Character c;
};

TEST_F(PlaySheetRows, a_row_pool_is_found_by_its_name_and_stored_under_its_key) {
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="spend" pool="last ember" amount="1"])"), "1/2");
  EXPECT_EQ(live_json(c), R"({"pools":{"tricks:last ember":{"value":1}}})");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="restore" pool="tricks:last ember" amount="1"])"), "2/2");
  EXPECT_EQ(live_json(c), "{}");
}

TEST_F(PlaySheetRows, a_declared_pool_wins_over_rows_and_two_rows_are_ambiguous) {
  // "Ki" is a declared pool and a row of each list: the declared pool is meant.
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="spend" pool="ki" amount="1"])"), "2/3");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="spend" pool="charms:ki" amount="1"])"), "2/3");
  Character d = test::sheet_character(*rs, R"({"v":1,"build":{"lists":{
    "tricks":[{"_id":"a","name":"Spark","uses":2}],"charms":[{"_id":"b","name":"spark","uses":1}]}}})");
  EXPECT_EQ(refusal_of(*rs, d, R"([sheet: op="spend" pool="Spark" amount="1"])"), "ambiguous-pool");
  EXPECT_EQ(now_of(*rs, d, R"([sheet: op="spend" pool="charms:spark" amount="1"])"), "0/1");
}

TEST_F(PlaySheetRows, a_pool_with_no_maximum_is_not_on_the_sheet) {
  // Heart 0 and a row of 0 uses: "you have no such thing", never "you have none left".
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="restore" pool="Heart" amount="1"])"), "unknown-pool");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="restore" pool="Mirror" amount="1"])"), "unknown-pool");
}

TEST_F(PlaySheetRows, a_note_is_written_cut_to_its_length_and_cleared) {
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="note" field="Concentrating on" value="the ward"])"),
            "Concentrating on: the ward");
  EXPECT_EQ(live_json(c), R"({"text":{"concentration":"the ward"}})");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="note" field="concentration" value="the ward of the north gate"])"),
            "Concentrating on: the ward of ");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="note" field="concentration"])"), "Concentrating on cleared");
  EXPECT_EQ(live_json(c), "{}");
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="note" field="mood" value="grim"])"), "unknown-field");
  // A note reaches the Game Master every turn: one that is not prompt-safe is not stored.
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="note" field="concentration" value="{{user}}"])"), "malformed");
}

TEST_F(PlaySheetRows, without_declared_conditions_a_condition_is_free_form) {
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="condition" condition="Prone"])"), "Prone on");
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="condition" condition="prone"])"), "Prone on");
  EXPECT_EQ(c.conditions, std::vector<std::string>{"Prone"});
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="condition" condition="PRONE" state="off"])"), "Prone off");
  EXPECT_TRUE(c.conditions.empty());
  EXPECT_EQ(refusal_of(*rs, c, R"([sheet: op="condition" condition="{{char}}"])"), "malformed");
}

TEST_F(PlaySheetRows, a_now_is_cut_to_120_units_the_note_is_not) {
  const std::string value(150, 'x');
  EXPECT_EQ(now_of(*rs, c, R"([sheet: op="note" field="story" value=")" + value + R"("])"),
            "Story: " + value.substr(0, 113));
  EXPECT_EQ(c.texts.at("story"), value);
}

TEST(PlaySheetRefusals, no_box_is_a_stable_reason) {
  EXPECT_EQ(refusal_code(Refusal::NoBox), "no-box");
  EXPECT_EQ(refusal_named("no-box"), Refusal::NoBox);
}

}  // namespace
}  // namespace rk::play
