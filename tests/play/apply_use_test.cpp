// `use` / `cast` applied to a character (CA-74 – CA-90, WE-3, WE-4): which picked entry a name
// means, what it costs, the upcast with `pool=`, `pays`, extra targets, all or nothing.
#include "apply_support.hpp"
#include "play/apply_ops.hpp"
#include "play_support.hpp"

namespace rk::play {
namespace {

using test::applied;

/// WE-3 and WE-4's sheet. The `mana` group holds Mana then Blood mana; the `slots` group is 5e's
/// ladder of slot levels (1, 2, 3 by position); Pact Slots (CA-85) pays `slots` at the level its
/// field gives. Fireball costs 3 from the `mana` group and writes a one-use counter; Flame Bolt is
/// the same spell as a scroll from another catalog; Hold Person gains a target per step (CA-90).
constexpr const char* kCasting = R"json({ "id": "casting", "label": "Casting",
  "sheet": {
    "fields": [
      { "id": "pact_slot_count", "label": "Pact slot count", "type": "number", "min": 0, "max": 4, "default": 2 },
      { "id": "pact_slot_level", "label": "Pact slot level", "type": "number", "min": 1, "max": 9, "default": 3 } ],
    "lists": [
      { "id": "spells", "label": "Spells", "maxItems": 50, "columns": [{ "id": "name", "label": "Name", "type": "text", "maxLength": 80 }] },
      { "id": "scrolls", "label": "Scrolls", "maxItems": 50, "columns": [{ "id": "name", "label": "Name", "type": "text", "maxLength": 80 }] },
      { "id": "tricks", "label": "Tricks", "maxItems": 50, "pools": { "nameColumn": "name", "maxColumn": "uses" }, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 80 },
        { "id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9 } ] } ],
    "live": { "pools": [
      { "id": "clear_mana", "label": "Mana", "group": "mana", "max": 4 },
      { "id": "blood_mana", "label": "Blood mana", "group": "mana", "max": 6 },
      { "id": "slots_1", "label": "Slot (1st)", "group": "slots", "max": 4 },
      { "id": "slots_2", "label": "Slot (2nd)", "group": "slots", "max": 3 },
      { "id": "slots_3", "label": "Slot (3rd)", "group": "slots", "max": 3 },
      { "id": "pact_slots", "label": "Pact Slots", "group": "pact", "max": { "field": "pact_slot_count" },
        "level": { "field": "pact_slot_level" }, "pays": ["slots"] } ] } },
  "catalogs": [
    { "id": "spells", "label": "Spells", "feeds": ["spells", "tricks"], "entries": [
      { "id": "fireball", "label": "Fireball", "rows": [
          { "list": "spells", "values": { "name": "Fireball" } },
          { "list": "tricks", "values": { "name": "Fireball charge", "uses": 1 } } ],
        "mechanics": { "kind": "attack", "cost": [{ "pool": "mana", "amount": 3 }] } },
      { "id": "great-fireball", "label": "Great Fireball", "rows": [{ "list": "spells", "values": { "name": "Great Fireball" } }],
        "mechanics": { "kind": "attack", "cost": [{ "pool": "slots_3", "amount": 1 }] } },
      { "id": "magic-missile", "label": "Magic Missile", "rows": [{ "list": "spells", "values": { "name": "Magic Missile" } }],
        "mechanics": { "kind": "attack", "cost": [{ "pool": "slots_1", "amount": 1 }] } },
      { "id": "hold-person", "label": "Hold Person", "rows": [{ "list": "spells", "values": { "name": "Hold Person" } }],
        "mechanics": { "kind": "debuff", "targetCount": 1, "targetsPerCostStep": 1, "cost": [{ "pool": "slots_2", "amount": 1 }] } },
      { "id": "storm", "label": "Storm", "rows": [{ "list": "spells", "values": { "name": "Storm" } }],
        "mechanics": { "kind": "attack", "targetCount": 1, "targetsPerCostStep": 10, "cost": [{ "pool": "slots_1", "amount": 1 }] } },
      { "id": "twin-bolt", "label": "Twin Bolt", "rows": [{ "list": "spells", "values": { "name": "Twin Bolt" } }],
        "mechanics": { "kind": "attack", "cost": [{ "pool": "slots_1", "amount": 1 }, { "pool": "mana", "amount": 1 }] } },
      { "id": "spark", "label": "Spark", "rows": [{ "list": "spells", "values": { "name": "Spark" } }],
        "mechanics": { "kind": "attack" } },
      { "id": "last-ember", "label": "Last Ember", "rows": [{ "list": "tricks", "values": { "name": "Last Ember", "uses": 3 } }] } ] },
    { "id": "scrolls", "label": "Scrolls", "feeds": ["scrolls"], "entries": [
      { "id": "flame-scroll", "label": "Fireball", "rows": [{ "list": "scrolls", "values": { "name": "Scroll of flame" } }] } ] } ] })json";

const Ruleset& casting() {
  static const std::shared_ptr<const Ruleset> ruleset = rk::test::compile(kCasting);
  return *ruleset;
}

Game mira(const std::string& lists, const std::string& live = R"x({})x", const std::string& fields = "{}") {
  return test::game_of({test::character(casting(), R"x({"v":1,"name":"Mira","build":{"fields":)x" + fields +
                                                       R"x(,"lists":)x" + lists + R"x(},"live":)x" + live + "}")});
}

/// Mira's Fireball row, renamed by the player (CA-77).
constexpr const char* kFireballRow = R"x({"_id":"r1","name":"Big Boom","_catalog":"spells/fireball"})x";
constexpr const char* kWe3Live = R"x({"pools":{"clear_mana":{"value":1},"blood_mana":{"value":5}}})x";

TEST(ApplyUse, WE_3_a_group_term_pays_from_the_first_pool_that_can_afford_it) {
  const Game game = mira(std::string(R"x({"spells":[)x") + kFireballRow + "]}", kWe3Live);
  // By the entry's label, though the row is called Big Boom; and by the row's own name.
  const AppliedReply out =
      applied(casting(), game, R"x([sheet: who="Mira" op="use" name="fireball"] [sheet: op="cast" spell="big boom"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="fireball" result="ok" now="Blood mana 2/6"] )x"
            R"x([sheet: who="Mira" op="use" name="big boom" result="refused" reason="insufficient"])x");
  const Character& after = out.game.cards[0];
  EXPECT_EQ(after.pools.at("clear_mana").current, Number::of(1));
  EXPECT_EQ(after.pools.at("blood_mana").current, Number::of(2));
}

TEST(ApplyUse, WE_3_CA_81_the_entrys_counter_pays_one_more) {
  const Game game =
      mira(std::string(R"x({"spells":[)x") + kFireballRow +
               R"x(],"tricks":[{"_id":"t1","name":"Fireball charge","uses":1,"_catalog":"spells/fireball"}]})x",
           kWe3Live);
  const AppliedReply out =
      applied(casting(), game, R"x([sheet: op="use" name="Fireball"] [sheet: op="use" name="Fireball"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Fireball" result="ok" now="Blood mana 2/6, Fireball charge 0/1"] )x"
            R"x([sheet: who="Mira" op="use" name="Fireball" result="refused" reason="insufficient"])x");
  EXPECT_EQ(out.game.cards[0].pools.at("tricks:fireball charge").current, Number::of(0));
}

/// WE-3 step 4 (CA-82, CA-86): a counter at 0 or with no uses at all refuses the whole command, and
/// the pool the cost would have come from keeps its 5.
TEST(ApplyUse, CA_82_CA_86_a_spent_or_empty_counter_refuses_the_whole_command) {
  const std::string lists =
      std::string(R"x({"spells":[)x") + kFireballRow +
      R"x(],"tricks":[{"_id":"t1","name":"Fireball charge","uses":1,"_catalog":"spells/fireball"}]})x";
  const Game spent = mira(
      lists, R"x({"pools":{"clear_mana":{"value":1},"blood_mana":{"value":5},"tricks:fireball charge":{"value":0}}})x");
  AppliedReply out = applied(casting(), spent, R"x([sheet: op="use" name="Fireball"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Fireball" result="refused" reason="insufficient"])x");
  EXPECT_EQ(out.game.cards[0].pools.at("blood_mana").current, Number::of(5));

  const Game no_uses =
      mira(std::string(R"x({"spells":[)x") + kFireballRow +
               R"x(],"tricks":[{"_id":"t1","name":"Fireball charge","uses":0,"_catalog":"spells/fireball"}]})x",
           kWe3Live);
  out = applied(casting(), no_uses, R"x([sheet: op="use" name="Fireball"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Fireball" result="refused" reason="insufficient"])x");
  EXPECT_EQ(out.game.cards[0].pools.at("blood_mana").current, Number::of(5));
}

TEST(ApplyUse, WE_3_CA_84_pool_on_a_cost_the_named_pool_cannot_pay_is_bad_pool) {
  const Game game = mira(std::string(R"x({"spells":[)x") + kFireballRow + "]}", kWe3Live);
  const AppliedReply out = applied(casting(), game,
                                   R"x([sheet: who="Mira" op="use" name="Fireball" pool="3rd-level slots"] )x"
                                   R"x([sheet: who="Mira" op="use" name="Fireball" pool="Slot (3rd)"] )x"
                                   R"x([sheet: who="Mira" op="use" name="Fireball" pool="Mana"])x");
  // Neither slot pool is of the `mana` group; Mana is, but holds 1 of the 3 (no reinterpretation).
  EXPECT_EQ(
      out.played.text,
      R"x([sheet: who="Mira" op="use" name="Fireball" pool="3rd-level slots" result="refused" reason="bad-pool"] )x"
      R"x([sheet: who="Mira" op="use" name="Fireball" pool="Slot (3rd)" result="refused" reason="bad-pool"] )x"
      R"x([sheet: who="Mira" op="use" name="Fireball" pool="Mana" result="refused" reason="insufficient"])x");
  EXPECT_EQ(out.game.cards[0].pools.at("blood_mana").current, Number::of(5));
}

TEST(ApplyUse, WE_3_CA_78_a_name_two_entries_answer_to_is_ambiguous_and_none_is_unknown) {
  const Game game =
      mira(std::string(R"x({"spells":[)x") + kFireballRow +
               R"x(],"scrolls":[{"_id":"s1","name":"Scroll of flame","_catalog":"scrolls/flame-scroll"}]})x",
           kWe3Live);
  const AppliedReply out = applied(casting(), game,
                                   R"x([sheet: op="use" name="Fireball"] [sheet: op="use" name="Meteor"] )x"
                                   R"x([sheet: op="use" name="Big Boom"] [sheet: op="use" name="Magic Missile"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Fireball" result="refused" reason="ambiguous-entry"] )x"
            R"x([sheet: who="Mira" op="use" name="Meteor" result="refused" reason="unknown-entry"] )x"
            R"x([sheet: who="Mira" op="use" name="Big Boom" result="ok" now="Blood mana 2/6"] )x"
            R"x([sheet: who="Mira" op="use" name="Magic Missile" result="refused" reason="unknown-entry"])x");
}

TEST(ApplyUse, CA_78_rows_of_one_entry_are_one_answer) {
  // Fireball's two rows (the spell and its counter) both answer to "Fireball": one entry.
  const Game game =
      mira(std::string(R"x({"spells":[{"_id":"r1","name":"Fireball","_catalog":"spells/fireball"}],)x") +
               R"x("tricks":[{"_id":"t1","name":"Fireball charge","uses":2,"_catalog":"spells/fireball"}]})x",
           kWe3Live);
  const AppliedReply out = applied(casting(), game, R"x([sheet: op="use" name="Fireball"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Fireball" result="ok" now="Blood mana 2/6, Fireball charge 1/2"])x");
}

TEST(ApplyUse, CA_83_an_entry_with_no_cost_is_accepted_and_changes_nothing) {
  const Game game = mira(R"x({"spells":[{"_id":"r1","name":"Spark","_catalog":"spells/spark"}]})x");
  const AppliedReply out = applied(casting(), game, R"x([sheet: op="use" name="Spark"])x");
  EXPECT_EQ(out.played.text, R"x([sheet: who="Mira" op="use" name="Spark" result="ok" now="no cost"])x");
  EXPECT_TRUE(out.game.cards[0].pools.empty());
}

TEST(ApplyUse, CA_79_a_pool_term_pays_its_pool_as_the_commands_page_shows) {
  const Game game = mira(R"x({"spells":[{"_id":"r1","name":"Great Fireball","_catalog":"spells/great-fireball"}]})x",
                         R"x({"pools":{"slots_3":{"value":2}}})x");
  const AppliedReply out = applied(casting(), game,
                                   R"x([sheet: who="Mira" op="use" name="Great Fireball"] )x"
                                   R"x([sheet: who="Mira" op="use" name="Great Fireball"] )x"
                                   R"x([sheet: who="Mira" op="use" name="Great Fireball"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Great Fireball" result="ok" now="Slot (3rd) 1/3"] )x"
            R"x([sheet: who="Mira" op="use" name="Great Fireball" result="ok" now="Slot (3rd) 0/3"] )x"
            R"x([sheet: who="Mira" op="use" name="Great Fireball" result="refused" reason="insufficient"])x");
}

TEST(ApplyUse, CA_84_CA_86_a_cost_of_two_terms_is_paid_whole_or_not_at_all_and_takes_no_pool) {
  const Game game = mira(R"x({"spells":[{"_id":"r1","name":"Twin Bolt","_catalog":"spells/twin-bolt"}]})x",
                         R"x({"pools":{"clear_mana":{"value":0},"blood_mana":{"value":0}}})x");
  AppliedReply out = applied(casting(), game, R"x([sheet: op="use" name="Twin Bolt"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Twin Bolt" result="refused" reason="insufficient"])x");
  // The slot the first term would have paid is untouched, so still not stored.
  EXPECT_EQ(out.game.cards[0].pools.count("slots_1"), 0u);
  // `pool=` names one pool for one price; a cost of two terms has no single price to move.
  out = applied(casting(), game, R"x([sheet: op="use" name="Twin Bolt" pool="Slot (2nd)"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Mira" op="use" name="Twin Bolt" pool="Slot (2nd)" result="refused" reason="bad-pool"])x");
}

/// WE-4 a: Pact Slots (max 2 from `pact_slot_count`, level 3) pay Magic Missile's level-1 slot.
TEST(ApplyUse, WE_4_pact_slots_pay_a_level_one_spell_through_pays) {
  const Game game = mira(R"x({"spells":[{"_id":"r1","name":"Magic Missile","_catalog":"spells/magic-missile"}]})x");
  const AppliedReply out = applied(casting(), game,
                                   R"x([sheet: who="Mira" op="use" name="Magic Missile" pool="Pact Slots"] )x"
                                   R"x([sheet: who="Mira" op="use" name="Magic Missile" pool="pact_slots"] )x"
                                   R"x([sheet: who="Mira" op="use" name="Magic Missile" pool="Pact Slots"] )x"
                                   R"x([sheet: who="Mira" op="use" name="Magic Missile"])x");
  EXPECT_EQ(
      out.played.text,
      R"x([sheet: who="Mira" op="use" name="Magic Missile" pool="Pact Slots" result="ok" now="Pact Slots 1/2"] )x"
      R"x([sheet: who="Mira" op="use" name="Magic Missile" pool="pact_slots" result="ok" now="Pact Slots 0/2"] )x"
      R"x([sheet: who="Mira" op="use" name="Magic Missile" pool="Pact Slots" result="refused" reason="insufficient"] )x"
      R"x([sheet: who="Mira" op="use" name="Magic Missile" result="ok" now="Slot (1st) 3/4"])x");
}

/// WE-4 b (CA-80): without `pool=` the command never climbs by itself, even when the spell's own
/// slots are empty; the GM names a higher slot of the group (CA-84).
TEST(ApplyUse, WE_4_CA_80_no_automatic_upgrade_pool_names_the_higher_slot) {
  const Game game = mira(R"x({"spells":[{"_id":"r1","name":"Magic Missile","_catalog":"spells/magic-missile"}]})x",
                         R"x({"pools":{"slots_1":{"value":0}}})x");
  const AppliedReply out = applied(casting(), game,
                                   R"x([sheet: op="use" name="Magic Missile"] )x"
                                   R"x([sheet: op="use" name="Magic Missile" pool="Slot (2nd)"])x");
  EXPECT_EQ(
      out.played.text,
      R"x([sheet: who="Mira" op="use" name="Magic Missile" result="refused" reason="insufficient"] )x"
      R"x([sheet: who="Mira" op="use" name="Magic Missile" pool="Slot (2nd)" result="ok" now="Slot (2nd) 2/3"])x");
}

/// WE-4 c: Hold Person (level 2, one target and one more per step) paid with each pool.
TEST(ApplyUse, WE_4_CA_87_CA_90_hold_person_gains_a_target_per_step_paid_above_its_level) {
  const std::string hold = R"x({"spells":[{"_id":"r1","name":"Hold Person","_catalog":"spells/hold-person"}]})x";
  const auto cast_with = [&](const std::string& fields, std::string_view tag) {
    return applied(casting(), mira(hold, "{}", fields), tag).played.text;
  };
  EXPECT_EQ(cast_with("{}", R"x([sheet: op="use" name="Hold Person"])x"),
            R"x([sheet: who="Mira" op="use" name="Hold Person" result="ok" now="Slot (2nd) 2/3 (1 target)"])x");
  EXPECT_EQ(
      cast_with("{}", R"x([sheet: op="use" name="Hold Person" pool="Pact Slots"])x"),
      R"x([sheet: who="Mira" op="use" name="Hold Person" pool="Pact Slots" result="ok" now="Pact Slots 1/2 (2 targets)"])x");
  EXPECT_EQ(
      cast_with(R"x({"pact_slot_level":5})x", R"x([sheet: op="use" name="Hold Person" pool="Pact Slots"])x"),
      R"x([sheet: who="Mira" op="use" name="Hold Person" pool="Pact Slots" result="ok" now="Pact Slots 1/2 (4 targets)"])x");
  EXPECT_EQ(
      cast_with("{}", R"x([sheet: op="use" name="Hold Person" pool="Slot (3rd)"])x"),
      R"x([sheet: who="Mira" op="use" name="Hold Person" pool="Slot (3rd)" result="ok" now="Slot (3rd) 2/3 (2 targets)"])x");
  // A pool that pays for another group never pays above its own level (CA-85).
  EXPECT_EQ(
      cast_with(R"x({"pact_slot_level":1})x", R"x([sheet: op="use" name="Hold Person" pool="Pact Slots"])x"),
      R"x([sheet: who="Mira" op="use" name="Hold Person" pool="Pact Slots" result="refused" reason="bad-pool"])x");
}

/// WE-4 d: one target and ten per step, two steps up: 21, capped at 20 (CA-90).
TEST(ApplyUse, WE_4_CA_90_targets_are_capped_at_twenty) {
  const Game game = mira(R"x({"spells":[{"_id":"r1","name":"Storm","_catalog":"spells/storm"}]})x");
  const AppliedReply out = applied(casting(), game, R"x([sheet: op="use" name="Storm" pool="Slot (3rd)"])x");
  EXPECT_EQ(
      out.played.text,
      R"x([sheet: who="Mira" op="use" name="Storm" pool="Slot (3rd)" result="ok" now="Slot (3rd) 2/3 (20 targets)"])x");
}

TEST(ApplyUse, CA_81_a_row_counter_alone_pays_one) {
  const Game game = mira(R"x({"tricks":[{"_id":"t1","name":"Last Ember","uses":3,"_catalog":"spells/last-ember"}]})x",
                         R"x({"pools":{"tricks:last ember":{"value":1}}})x");
  const AppliedReply out = applied(casting(), game, R"x([sheet: op="use" name="last ember"])x");
  EXPECT_EQ(out.played.text, R"x([sheet: who="Mira" op="use" name="last ember" result="ok" now="Last Ember 0/3"])x");
  EXPECT_EQ(out.game.cards[0].pools.at("tricks:last ember").current, Number::of(0));

  // A counter with nothing stored starts full, at its row's `uses`, and is stored once paid.
  Character full = game.cards[0];
  full.pools.clear();
  const detail::Outcome used = detail::apply_use(casting(), full, UseEntry{"Last Ember", std::nullopt});
  EXPECT_EQ(used.now, "Last Ember 2/3");
  EXPECT_EQ(full.pools.at("tricks:last ember").current, Number::of(2));
}

TEST(ApplyUse, CA_74_a_use_on_a_character_who_is_not_there_is_unknown_character) {
  const Game game = mira(std::string(R"x({"spells":[)x") + kFireballRow + "]}", kWe3Live);
  const AppliedReply out = applied(casting(), game, R"x([sheet: who="Bram" op="use" name="Fireball"])x");
  EXPECT_EQ(out.played.text,
            R"x([sheet: who="Bram" op="use" name="Fireball" result="refused" reason="unknown-character"])x");
}

}  // namespace
}  // namespace rk::play
