// Reference format: catalogs. The reference's `mechanics` vocabulary and its creatures, read from
// the published examples (Ember Roads' knacks and road_trouble, the 5e draft's feats) and refused
// where the reference's chapter and schema refuse them (docs/format/catalogs.md).
#include <string>

#include <gtest/gtest.h>

#include "ref_fixtures.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using test::describe;
using test::has_error;

/// The sheet Ember Roads' catalogs write into, cut down to what they name.
const std::string kSheet = R"({
  "abilities": [{"id": "brawn", "label": "Brawn", "min": -1, "max": 3, "default": 0}, {"id": "wits", "label": "Wits", "min": -1, "max": 3, "default": 0},
                {"id": "heart", "label": "Heart", "min": -1, "max": 3, "default": 0}],
  "skills": [{"id": "sway", "label": "Sway", "ability": "heart"}],
  "saves": [{"id": "nerve", "label": "Nerve", "ability": "heart"}],
  "fields": [{"id": "calling", "label": "Calling", "type": "text", "maxLength": 200},
             {"id": "toughness", "label": "Toughness", "type": "number", "min": 0, "max": 5}],
  "lists": [
    {"id": "knacks", "label": "Knacks", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
                                                    {"id": "notes", "label": "Notes", "type": "longtext", "maxLength": 4000}]},
    {"id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
       {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 10},
       {"id": "recharge", "label": "Recharge", "type": "enum", "values": ["camp", "scene"]}]},
    {"id": "gear", "label": "Gear", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
                                                {"id": "damage", "label": "Damage", "type": "dice"}]}],
  "live": {"pools": [{"id": "grit", "label": "Grit", "max": 9}, {"id": "luck", "label": "Luck", "max": 3},
                     {"id": "slots_1", "label": "1st-level slots", "max": 4, "group": "slots"}],
           "conditions": [{"id": "shaken", "label": "Shaken"}, {"id": "parrying", "label": "Parrying"}]}
})";

const std::string kTiers =
    R"(, "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}], "difficultyLadder": [{"label": "Hard", "dc": 15}]})";

/// The fight the creatures and the entries are written for: Ember Roads' budget `act` (and a
/// `bonus` and a `reaction`), its threat tiers and the gear list as its attacks.
const std::string kFight =
    R"(, "combat": {"kind": "attack-vs-defense", "health": {"pool": "grit"}, "defense": {"field": "toughness"},
  "initiative": {"dice": {"count": 2, "sides": 6}, "modifier": {"abilityMod": "wits"}}, "attackRoll": {"dice": {"count": 2, "sides": 6}},
  "economy": {"budgets": [{"id": "act", "label": "Action", "per": "turn"}, {"id": "bonus", "label": "Bonus", "per": "turn"},
                         {"id": "reaction", "label": "Reaction", "per": "round"}]},
  "attacks": [{"list": "gear", "budget": "act", "name": "name", "damage": {"dice": {"column": "damage"}}}],
  "threat": {"tiers": [
    {"id": "stray", "label": "Stray trouble", "health": [1, 8], "damagePerRound": [1, 4], "defense": 5, "toHit": 1, "saveDifficulty": 8},
    {"id": "pack", "label": "Pack trouble", "health": [6, 20], "damagePerRound": [2, 8], "defense": 6, "toHit": 2, "saveDifficulty": 9},
    {"id": "road_terror", "label": "Road terror", "health": [20, 60], "damagePerRound": [6, 16], "defense": 7, "toHit": 4, "saveDifficulty": 11}]}})";
/// kFight with a contest check (1.43), and with the item tags a hide's `except` names (1.49).
const std::string kFightChecks = std::string(kFight).insert(
    kFight.find(R"("threat")"),
    R"("checks": [{"id": "grapple", "label": "Grapple", "value": {"abilityMod": "brawn"}}], )");
const std::string kFightTags =
    kFight +
    R"(, "items": {"categories": [{"id": "weapon", "label": "Weapon"}], "tags": [{"id": "silver", "label": "Silver"}]})";

std::string with_catalogs(const std::string& catalogs, const std::string& fight = kFight) {
  return R"({"id": "roads", "label": "Roads", "sheet": )" + kSheet + kTiers + fight + R"(, "catalogs": [)" + catalogs +
         "]}";
}

/// A knacks catalog holding one entry whose `mechanics` is `mechanics`.
std::string knack(const std::string& mechanics, const std::string& extra_catalogs = "") {
  return with_catalogs(R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks", "tricks"], "entries": [
    {"id": "probe", "label": "Probe", "rows": [{"list": "knacks", "values": {"name": "Probe"}}], "mechanics": )" +
                       mechanics + "}]}" + extra_catalogs);
}

/// A road_trouble catalog holding one creature.
std::string creature(const std::string& body, const std::string& extra_catalogs = "",
                     const std::string& fight = kFight) {
  return with_catalogs(R"({"id": "road_trouble", "label": "Road trouble", "holds": "creatures", "entries": [
    {"id": "probe", "label": "Probe", "creature": )" +
                           body + "}]}" + extra_catalogs,
                       fight);
}

const std::string kMechanics = "/catalogs/0/entries/0/mechanics";
const std::string kCreature = "/catalogs/0/entries/0/creature";

bool message_has(const LoadResult& r, Code code, const std::string& pointer, const std::string& words) {
  for (const auto& d : r.diagnostics.items()) {
    if (d.code == code && d.pointer == pointer && d.message.find(words) != std::string::npos) return true;
  }
  return false;
}

// Ember Roads' knacks, verbatim but for their `$comment`s.
const std::string kKnacks = R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks", "tricks"],
 "filters": [{"id": "grit", "label": "Grit cost", "type": "number"}, {"id": "road", "label": "Road", "type": "text"},
             {"id": "callings", "label": "Calling", "type": "tags"}],
 "units": {"distance": {"label": "paces", "perCell": 2}},
 "entries": [
{"id": "last-ember", "label": "Last Ember", "summary": "Between camps you can call a friend back from the edge, once for each point of Heart.", "filters": {"grit": 1, "road": "Every road", "callings": ["Ember-tender"]}, "rows": [{"list": "knacks", "values": {"name": "Last Ember", "notes": "Spend 1 Grit to give a downed friend 3 Grit back. Once between camps for each point of Heart."}}, {"list": "tricks", "values": {"name": "Last Ember", "uses": 1, "recharge": "camp"}, "scaled": {"uses": {"from": {"abilityScore": "heart"}}}}], "mechanics": {"kind": "heal", "range": 0, "targets": "ally", "amount": {"flat": 3}, "cost": [{"pool": "grit", "amount": 1}]}},
{"id": "coldfire-toss", "label": "Coldfire Toss", "summary": "A jar of blue fire that burns cold and spreads.", "filters": {"grit": 1, "road": "Glasslands", "callings": ["Ember-tender"]}, "rows": [{"list": "knacks", "values": {"name": "Coldfire Toss", "notes": "Throw a sealed jar. It burns up to three of those you pick, and a friend can be one of them."}}], "mechanics": {"kind": "attack", "range": 12, "area": {"shape": "burst", "size": 4}, "targets": "any", "targetCount": 3, "friendlyFire": true, "amount": {"dice": "2d6"}, "damageType": "coldfire", "applies": [{"condition": "shaken", "duration": {"rounds": 2}}]}},
{"id": "hold-the-line", "label": "Hold the Line", "summary": "You make the people beside you braver than they are.", "filters": {"grit": 0, "road": "Every road", "callings": ["Hauler", "Scout"]}, "rows": [{"list": "knacks", "values": {"name": "Hold the Line", "notes": "Spend 1 Luck to steady one ally who can hear you. In a fight they gain 2 temporary Grit."}}], "mechanics": {"kind": "buff", "range": 4, "targets": "ally", "temporary": {"flat": 2}, "cost": [{"pool": "luck", "amount": 1}]}},
{"id": "second-breath", "label": "Second Breath", "summary": "Once a scene, find one more thing to do before the moment passes.", "filters": {"grit": 0, "road": "Every road", "callings": ["Hauler", "Scout"]}, "rows": [{"list": "knacks", "values": {"name": "Second Breath", "notes": "Once a scene, take a second Action on your turn."}}, {"list": "tricks", "values": {"name": "Second Breath", "uses": 1, "recharge": "scene"}}], "mechanics": {"kind": "utility", "free": true, "gives": [{"budget": "act", "count": 1}]}},
{"id": "smother", "label": "Smother", "summary": "Snuff out a knack as it starts.", "filters": {"grit": 0, "road": "Glasslands", "callings": ["Ember-tender"]}, "rows": [{"list": "knacks", "values": {"name": "Smother", "notes": "When somebody within eight paces starts a knack, spend a point of Luck to stop it."}}], "mechanics": {"kind": "utility", "free": true, "range": 8, "targets": "enemy", "cost": [{"pool": "luck", "amount": 1}], "reaction": {"on": "used", "at": "source", "cancels": true, "against": {"catalogs": ["knacks"]}}}}
]})";

// Ember Roads' road_trouble, verbatim but for their `$comment`s.
const std::string kRoadTrouble = R"({"id": "road_trouble", "label": "Road trouble", "holds": "creatures",
 "filters": [{"id": "tier", "label": "How bad", "type": "text"}, {"id": "road", "label": "Road", "type": "text"}],
 "entries": [
{"id": "cinder-moth", "label": "Cinder Moth", "summary": "A hand-sized moth that carries a lungful of hot ash in its wings.", "filters": {"tier": "Stray trouble", "road": "Glasslands"}, "creature": {"health": 6, "defense": 5, "initiativeModifier": 2, "speed": 12, "abilities": {"brawn": -1, "wits": 1, "heart": 0}, "tier": "stray", "traits": [{"name": "Drawn to light", "text": "It goes for the lamp before it goes for the person holding it."}], "actions": [{"id": "dust", "name": "Wing dust", "budget": "act", "toHit": 1, "damage": {"dice": "1d4", "type": "burn"}, "reach": 1}, {"id": "ash_bloom", "name": "Ash bloom", "budget": "act", "autoHit": true, "damage": {"dice": "1d6", "type": "burn"}, "targetCount": 2, "applies": [{"condition": "shaken", "duration": {"rounds": 1}}], "recharge": {"dice": {"count": 1, "sides": 6}, "from": 5}}]}},
{"id": "rust-jackal", "label": "Rust Jackal", "summary": "A lean thing that lives on the metal roads and eats what stops moving on them.", "filters": {"tier": "Pack trouble", "road": "Rustways"}, "creature": {"health": {"dice": "3d6"}, "defense": 6, "initiativeModifier": 1, "speed": 16, "abilities": {"brawn": 1, "wits": 0, "heart": -1}, "tier": "pack", "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 2, "damage": {"dice": "1d6", "flat": 0, "type": "cut", "plus": [{"flat": 1, "type": "rust"}]}, "reach": 2}, {"id": "worry", "name": "Worry", "budget": "act", "toHit": 2, "damage": {"dice": "1d4", "type": "cut"}, "applies": [{"condition": "shaken", "duration": {"rounds": 2}}], "reach": 2}, {"id": "snap_and_worry", "name": "Snap and worry", "budget": "act", "sequence": [{"action": "bite", "times": 1}, {"action": "worry", "times": 1}]}]}},
{"id": "glass-wader", "label": "Glass Wader", "summary": "It lies in the glass fields with only its back showing, and the back looks like glass.", "filters": {"tier": "Road terror", "road": "Glasslands"}, "creature": {"health": {"dice": "4d8", "flat": 4}, "defense": 7, "initiativeModifier": 0, "speed": 6, "abilities": {"brawn": 3, "wits": -1, "heart": -1}, "resist": ["cut"], "vulnerable": ["burn"], "conditionImmunities": ["shaken"], "tier": "road_terror", "signaturePoints": 2, "traits": [{"name": "Glass-bedded", "text": "Lying still, it is a ridge of glass until somebody stands on it."}], "actions": [{"id": "sweep", "name": "Sweep", "budget": "act", "toHit": 4, "damage": {"dice": "2d6", "flat": 1, "type": "crush"}, "targetCount": 2, "reach": 4}, {"id": "glass_lash", "name": "Glass lash", "budget": "act", "toHit": 3, "damage": {"dice": "1d8", "type": "cut"}, "reach": 4, "signature": {"cost": 1}}]}},
{"id": "toll-warden", "label": "Toll Warden", "summary": "Somebody who decided a stretch of road was theirs, and brought friends to say so.", "filters": {"tier": "Pack trouble", "road": "Toll roads"}, "creature": {"tier": "pack", "traits": [{"name": "Knows the road", "text": "It will not follow anyone past the last milestone it collects at."}], "sheet": {"abilities": {"brawn": 2, "wits": 1, "heart": 1}, "skills": {"sway": "trained"}, "fields": {"calling": "Hauler", "toughness": 3}, "lists": {"gear": [{"name": "Toll hook", "damage": "1d6"}], "knacks": [{"name": "Hold the Line", "notes": "Spend 1 Luck to steady one ally who can hear you.", "_catalog": "knacks/hold-the-line"}]}}}}
]})";

// ---------------------------------------------------------------------------------------------
// `mechanics`: what an entry does in numbers

TEST(RefCatalogs, ember_roads_knacks_are_read_with_their_mechanics) {
  const LoadResult r = test::load(with_catalogs(kKnacks));
  ASSERT_TRUE(r.ok()) << describe(r);
  const Catalog& c = r.ruleset->catalogs.at(0);
  ASSERT_EQ(c.entries.size(), 5u);
  const CatalogEntry& ember = c.entries[0];
  ASSERT_TRUE(ember.effect && ember.mechanics);
  EXPECT_EQ(ember.effect->kind, rk::UseKind::Heal);
  EXPECT_EQ(ember.effect->targets, rk::TargetKind::Ally);
  EXPECT_EQ(ember.effect->amount->flat, 3);
  ASSERT_EQ(ember.mechanics->cost.size(), 1u);  // the price the `use` command pays
  EXPECT_EQ(ember.mechanics->cost[0].pool, "grit");
  EXPECT_EQ(ember.mechanics->cost[0].amount, Number::of(1));
  EXPECT_EQ(ember.mechanics->range, Number::of(0));

  const CatalogEntry& toss = c.entries[1];
  EXPECT_EQ(toss.mechanics->area_shape, rk::AreaShape::Burst);
  EXPECT_EQ(toss.mechanics->area_size, Number::of(4));
  EXPECT_EQ(toss.mechanics->target_count, Number::of(3));
  EXPECT_EQ(toss.effect->amount->dice, "2d6");
  EXPECT_EQ(toss.effect->damage_type, "coldfire");
  ASSERT_EQ(toss.effect->applies.size(), 1u);
  EXPECT_EQ(toss.effect->applies[0].condition, "shaken");
  EXPECT_EQ(toss.effect->applies[0].duration, AppliedCondition::Duration::Rounds);
  EXPECT_EQ(toss.effect->applies[0].rounds, 2);

  EXPECT_EQ(c.entries[2].effect->temporary->flat, 2);
  const EntryEffect& breath = *c.entries[3].effect;
  EXPECT_TRUE(breath.free);
  ASSERT_EQ(breath.gives.size(), 1u);
  EXPECT_EQ(breath.gives[0], (std::pair<std::string, std::int64_t>{"act", 1}));

  const EntryEffect& smother = *c.entries[4].effect;
  ASSERT_TRUE(smother.reaction_moment);
  EXPECT_EQ(smother.reaction_moment->on, rk::ReactionOn::Used);
  EXPECT_TRUE(smother.reaction_moment->cancels);
  EXPECT_EQ(smother.reaction_moment->against_catalogs, std::vector<std::string>{"knacks"});
}

TEST(RefCatalogs, the_5e_feats_rider_scales_and_standard_are_read) {
  const LoadResult r = test::load(with_catalogs(R"({"id": "feats", "label": "Feats", "feeds": ["knacks"], "entries": [
    {"id": "sneak-attack", "label": "Sneak Attack", "rows": [{"list": "knacks", "values": {"name": "Sneak Attack"}}],
     "mechanics": {"kind": "rider", "rider": {"on": "hit", "when": ["advantage", "ally-adjacent"], "oncePer": "turn",
       "amount": {"dice": "1d6"}, "sources": ["gear"], "requires": {"column": "damage"}},
       "scales": {"from": {"abilityScore": "wits"}, "table": [[1, 1], [3, 2]]}}},
    {"id": "cunning-action", "label": "Cunning Action", "rows": [{"list": "knacks", "values": {"name": "Cunning Action"}}],
     "mechanics": {"kind": "utility", "standard": {"actions": ["dash", "disengage", "hide"], "budget": "bonus"}}}]})"));
  ASSERT_TRUE(r.ok()) << describe(r);
  const auto& entries = r.ruleset->catalogs.at(0).entries;
  const Rider& rider = *entries[0].effect->rider;
  EXPECT_EQ(rider.once_per, rk::OncePer::Turn);
  EXPECT_EQ(rider.amount.dice, "1d6");
  EXPECT_EQ(rider.when.size(), 2u);
  EXPECT_EQ(rider.requires_column, "damage");
  ASSERT_TRUE(entries[0].effect->scales_from);
  EXPECT_EQ(entries[0].effect->scales_table.size(), 2u);
  EXPECT_EQ(entries[1].effect->standard_actions.size(), 3u);
  EXPECT_EQ(entries[1].effect->standard_budget, "bonus");
}

TEST(RefCatalogs, a_cost_naming_a_pool_group_pays_from_the_group) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "cost": [{"pool": "slots", "amount": 1}]})"));
  ASSERT_TRUE(r.ok()) << describe(r);
  const CostTerm& term = r.ruleset->catalogs[0].entries[0].mechanics->cost.at(0);
  EXPECT_EQ(term.group, "slots");
  EXPECT_TRUE(term.pool.empty());
}

TEST(RefCatalogs, a_cost_naming_no_pool_or_group_is_refused) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "cost": [{"pool": "mana", "amount": 1}]})"));
  EXPECT_TRUE(message_has(r, Code::UnknownReference, kMechanics + "/cost/0/pool", "mana")) << describe(r);
}

TEST(RefCatalogs, the_vocabulary_is_closed_so_an_unknown_key_is_refused) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "damge": "fire"})"));
  EXPECT_TRUE(has_error(r, Code::UnknownKey, kMechanics + "/damge")) << describe(r);
}

TEST(RefCatalogs, an_unknown_kind_is_refused) {
  const LoadResult r = test::load(knack(R"({"kind": "blast"})"));
  EXPECT_TRUE(message_has(r, Code::BadValue, kMechanics + "/kind", "\"attack\"")) << describe(r);
}

TEST(RefCatalogs, a_rider_entry_without_a_rider_is_refused) {
  const LoadResult r = test::load(knack(R"({"kind": "rider"})"));
  EXPECT_TRUE(message_has(r, Code::MissingKey, kMechanics, "rider")) << describe(r);
}

TEST(RefCatalogs, a_rider_on_another_kind_is_refused) {
  const LoadResult r =
      test::load(knack(R"({"kind": "attack", "rider": {"on": "hit", "oncePer": "turn", "amount": {"dice": "1d6"}}})"));
  EXPECT_TRUE(message_has(r, Code::BadValue, kMechanics + "/kind", "\"rider\"")) << describe(r);
}

TEST(RefCatalogs, a_rider_is_passive_so_it_carries_no_cost) {
  const LoadResult r = test::load(knack(R"({"kind": "rider", "cost": [{"pool": "grit", "amount": 1}],
    "rider": {"on": "hit", "oncePer": "round", "amount": {"flat": 2}}})"));
  EXPECT_TRUE(message_has(r, Code::ConflictingKeys, kMechanics + "/cost", "passive")) << describe(r);
}

TEST(RefCatalogs, a_rider_without_dice_or_flat_is_refused) {
  const LoadResult r =
      test::load(knack(R"({"kind": "rider", "rider": {"on": "hit", "oncePer": "turn", "amount": {}}})"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kMechanics + "/rider/amount")) << describe(r);
}

TEST(RefCatalogs, a_clause_needs_an_amount_beside_it) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "plus": [{"dice": "1d6", "type": "fire"}]})"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kMechanics + "/plus")) << describe(r);
}

TEST(RefCatalogs, a_heal_carries_no_damage_clauses) {
  const LoadResult r = test::load(knack(R"({"kind": "heal", "amount": {"dice": "1d8"}, "plus": [{"flat": 2}]})"));
  EXPECT_TRUE(message_has(r, Code::ConflictingKeys, kMechanics + "/plus", "heal")) << describe(r);
}

TEST(RefCatalogs, a_clause_names_dice_or_a_flat_amount) {
  const LoadResult r =
      test::load(knack(R"({"kind": "attack", "amount": {"dice": "1d8"}, "plus": [{"type": "fire"}]})"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kMechanics + "/plus/0")) << describe(r);
}

TEST(RefCatalogs, at_most_three_clauses_ride_one_blow) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "amount": {"dice": "1d8"},
    "plus": [{"flat": 1}, {"flat": 1}, {"flat": 1}, {"flat": 1}]})"));
  EXPECT_TRUE(has_error(r, Code::TooMany, kMechanics + "/plus")) << describe(r);
}

TEST(RefCatalogs, something_free_names_no_budget) {
  const LoadResult r = test::load(knack(R"({"kind": "utility", "free": true, "budget": "act"})"));
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, kMechanics + "/free")) << describe(r);
}

TEST(RefCatalogs, the_same_standard_action_named_twice_is_refused) {
  const LoadResult r =
      test::load(knack(R"({"kind": "utility", "standard": {"actions": ["dash", "dash"], "budget": "bonus"}})"));
  EXPECT_TRUE(has_error(r, Code::DuplicateId, kMechanics + "/standard/actions/1")) << describe(r);
}

TEST(RefCatalogs, only_an_aimed_or_used_reaction_cancels) {
  const LoadResult r = test::load(knack(R"({"kind": "utility", "reaction": {"on": "hit", "cancels": true}})"));
  EXPECT_TRUE(message_has(r, Code::BadValue, kMechanics + "/reaction/cancels", "cannot be called off")) << describe(r);
}

TEST(RefCatalogs, a_reaction_may_be_plain_true_or_false) {
  const LoadResult yes = test::load(knack(R"({"kind": "utility", "reaction": true})"));
  ASSERT_TRUE(yes.ok()) << describe(yes);
  EXPECT_TRUE(yes.ruleset->catalogs[0].entries[0].effect->reaction);
  EXPECT_FALSE(yes.ruleset->catalogs[0].entries[0].effect->reaction_moment);
  const LoadResult no = test::load(knack(R"({"kind": "utility", "reaction": false})"));
  ASSERT_TRUE(no.ok()) << describe(no);
  EXPECT_FALSE(no.ruleset->catalogs[0].entries[0].effect->reaction);
}

TEST(RefCatalogs, a_reaction_against_an_unknown_catalog_is_refused) {
  const LoadResult r =
      test::load(knack(R"({"kind": "utility", "reaction": {"on": "used", "against": {"catalogs": ["spells"]}}})"));
  EXPECT_TRUE(message_has(r, Code::UnknownReference, kMechanics + "/reaction/against/catalogs/0", "spells"))
      << describe(r);
}

TEST(RefCatalogs, a_reaction_against_a_later_catalog_is_accepted) {
  const LoadResult r =
      test::load(knack(R"({"kind": "utility", "reaction": {"on": "used", "against": {"catalogs": ["spells"]}}})",
                       R"(, {"id": "spells", "label": "Spells", "feeds": ["knacks"], "entries": []})"));
  EXPECT_TRUE(r.ok()) << describe(r);
}

TEST(RefCatalogs, until_save_needs_the_save_that_ends_it) {
  const LoadResult r =
      test::load(knack(R"({"kind": "debuff", "applies": [{"condition": "shaken", "duration": "until-save"}]})"));
  EXPECT_TRUE(message_has(r, Code::MissingKey, kMechanics + "/applies/0", "saveEnds")) << describe(r);
  const LoadResult ok =
      test::load(knack(R"({"kind": "debuff", "applies": [{"condition": "shaken", "duration": "until-save",
    "saveEnds": {"save": "nerve", "at": "turn-end"}}]})"));
  EXPECT_TRUE(ok.ok()) << describe(ok);
}

TEST(RefCatalogs, an_applied_condition_the_sheet_lacks_is_refused) {
  const LoadResult r =
      test::load(knack(R"({"kind": "debuff", "applies": [{"condition": "dazed", "duration": "instant"}]})"));
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kMechanics + "/applies/0/condition")) << describe(r);
}

TEST(RefCatalogs, a_save_the_sheet_lacks_is_refused) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "save": {"save": "reflex", "onSuccess": "half"}})"));
  EXPECT_TRUE(message_has(r, Code::UnknownReference, kMechanics + "/save/save", "reflex")) << describe(r);
}

TEST(RefCatalogs, a_check_effect_needs_a_dice_pool_ruleset) {
  const LoadResult r = test::load(knack(R"({"kind": "buff", "check": {"dice": 2}})"));
  EXPECT_TRUE(message_has(r, Code::NotForResolutionKind, kMechanics + "/check", "no pool")) << describe(r);
}

TEST(RefCatalogs, a_check_effect_that_does_nothing_is_refused) {
  const LoadResult r = test::load(knack(R"({"kind": "buff", "check": {}})"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kMechanics + "/check")) << describe(r);
}

TEST(RefCatalogs, scales_reads_the_build_not_live_state) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "amount": {"dice": "1d6"},
    "scales": {"from": {"livePool": "grit"}, "table": [[1, 1]]}})"));
  EXPECT_TRUE(has_error(r, Code::ReadsLiveState, kMechanics + "/scales/from")) << describe(r);
}

TEST(RefCatalogs, catalog_dice_need_one_die_of_at_least_two_sides) {
  for (const char* dice : {"0d6", "1d1", "1d0", "d6", "2d6+", "1000d6"}) {
    const LoadResult r = test::load(knack(std::string(R"({"kind": "attack", "amount": {"dice": ")") + dice + "\"}}"));
    EXPECT_TRUE(has_error(r, Code::BadValue, kMechanics + "/amount/dice")) << dice << "\n" << describe(r);
  }
  const LoadResult ok =
      test::load(knack(R"({"kind": "attack", "amount": {"dice": "1d8+3"}, "perCostStep": {"dice": "1d8-1"}})"));
  EXPECT_TRUE(ok.ok()) << describe(ok);
}

TEST(RefCatalogs, target_count_is_one_to_twenty) {
  EXPECT_TRUE(test::load(knack(R"({"kind": "attack", "targetCount": 20})")).ok());
  const LoadResult r = test::load(knack(R"({"kind": "attack", "targetCount": 21})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kMechanics + "/targetCount")) << describe(r);
}

TEST(RefCatalogs, an_area_size_is_above_zero) {
  const LoadResult r = test::load(knack(R"({"kind": "attack", "area": {"shape": "cone", "size": 0}})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kMechanics + "/area/size")) << describe(r);
}

TEST(RefCatalogs, a_mechanics_block_without_kind_is_refused) {
  // Our first dialect's `mechanics` (a `group` and a `level` on a cost term, no `kind`) is gone:
  // the vocabulary is closed, so its keys are refused and `kind` is required.
  const LoadResult r =
      test::load(knack(R"({"cost": [{"group": "slots", "amount": 1, "level": 1}], "targetCount": 1})"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kMechanics)) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownKey, kMechanics + "/cost/0/group")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownKey, kMechanics + "/cost/0/level")) << describe(r);
}

// ---------------------------------------------------------------------------------------------
// Entries and headers

TEST(RefCatalogs, an_entry_id_holds_up_to_80_characters) {
  const std::string id80(80, 'a');
  const auto entry = [](const std::string& id) {
    return with_catalogs(R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "entries": [{"id": ")" + id +
                         R"(", "label": "A", "rows": [{"list": "knacks", "values": {"name": "A"}}]}]})");
  };
  EXPECT_TRUE(test::load(entry(id80)).ok());
  EXPECT_TRUE(has_error(test::load(entry(id80 + "a")), Code::BadId, "/catalogs/0/entries/0/id"));
}

TEST(RefCatalogs, units_distance_names_a_short_word_and_its_cells) {
  const auto header = [](const std::string& distance) {
    return with_catalogs(R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "units": {"distance": )" +
                         distance + R"(}, "entries": []})");
  };
  EXPECT_TRUE(test::load(header(R"({"label": "twelve chars", "perCell": 2})")).ok());
  const LoadResult long_label = test::load(header(R"({"label": "thirteen char", "perCell": 2})"));
  EXPECT_TRUE(has_error(long_label, Code::TooLong, "/catalogs/0/units/distance/label")) << describe(long_label);
  const LoadResult no_cell = test::load(header(R"({"label": "paces"})"));
  EXPECT_TRUE(has_error(no_cell, Code::MissingKey, "/catalogs/0/units/distance")) << describe(no_cell);
}

TEST(RefCatalogs, a_filter_word_holds_80_characters_and_a_tags_filter_24_words) {
  const auto entry = [](const std::string& filters) {
    return with_catalogs(R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks"],
      "filters": [{"id": "road", "label": "Road", "type": "text"}, {"id": "callings", "label": "Calling", "type": "tags"}],
      "entries": [{"id": "a", "label": "A", "filters": )" +
                         filters + R"(, "rows": [{"list": "knacks", "values": {"name": "A"}}]}]})");
  };
  std::string words;
  for (int i = 0; i < 24; ++i) words += std::string(i ? "," : "") + "\"w\"";
  const LoadResult ok =
      test::load(entry(R"({"road": ")" + std::string(80, 'x') + R"(", "callings": [)" + words + "]}"));
  EXPECT_TRUE(ok.ok()) << describe(ok);
  const LoadResult long_word = test::load(entry(R"({"road": ")" + std::string(81, 'x') + R"("})"));
  EXPECT_TRUE(has_error(long_word, Code::TooLong, "/catalogs/0/entries/0/filters/road")) << describe(long_word);
  const LoadResult many = test::load(entry(R"({"callings": [)" + words + R"(, "w"]})"));
  EXPECT_TRUE(has_error(many, Code::TooMany, "/catalogs/0/entries/0/filters/callings")) << describe(many);
}

// ---------------------------------------------------------------------------------------------
// Creatures: a bestiary a fight reads

TEST(RefCatalogs, ember_roads_road_trouble_is_read) {
  const LoadResult r = test::load(with_catalogs(kKnacks + "," + kRoadTrouble));
  ASSERT_TRUE(r.ok()) << describe(r);
  // The bestiary is 1.27; the knacks' reaction `used` against a catalog is 1.44 (Windows).
  EXPECT_EQ(r.requires_version.value_or(""), "1.44");
  const auto& entries = r.ruleset->catalogs.at(1).entries;
  ASSERT_EQ(entries.size(), 4u);
  const Creature& moth = *entries[0].creature;
  EXPECT_EQ(moth.health, 6);
  EXPECT_EQ(moth.defense, 5);
  EXPECT_EQ(moth.initiative_modifier, 2);
  EXPECT_EQ(moth.speed, Number::of(12));
  EXPECT_EQ(moth.abilities.at("brawn"), -1);
  EXPECT_EQ(moth.tier, "stray");
  ASSERT_EQ(moth.actions.size(), 2u);
  EXPECT_EQ(moth.actions[1].recharge_sides, 6);
  EXPECT_EQ(moth.actions[1].recharge_from, 5);

  const Creature& jackal = *entries[1].creature;
  EXPECT_EQ(jackal.health_dice->dice, "3d6");
  ASSERT_EQ(jackal.actions.size(), 3u);
  EXPECT_EQ(jackal.actions[0].damage->plus.at(0).amount.flat, 1);
  EXPECT_EQ(jackal.actions[2].sequence.size(), 2u);

  const Creature& wader = *entries[2].creature;
  EXPECT_EQ(wader.health_dice->flat, 4);
  EXPECT_EQ(wader.resist.at(0).type, "cut");
  EXPECT_EQ(wader.signature_points, 2);
  EXPECT_EQ(wader.actions[1].signature_cost, 1);

  const Creature& warden = *entries[3].creature;
  ASSERT_TRUE(warden.sheet);
  EXPECT_FALSE(warden.health);
  EXPECT_EQ(warden.sheet->abilities.at("brawn"), Number::of(2));
  EXPECT_EQ(warden.sheet->skills.at("sway"), "trained");
  EXPECT_EQ(warden.sheet->lists.at("knacks").size(), 1u);
}

TEST(RefCatalogs, a_creature_without_a_sheet_needs_health_defense_and_initiative) {
  const LoadResult r =
      test::load(creature(R"({"tier": "pack", "actions": [{"id": "bite", "name": "Bite", "budget": "act"}]})"));
  for (const char* key : {"health", "defense", "initiativeModifier"}) {
    EXPECT_TRUE(message_has(r, Code::MissingKey, kCreature, key)) << key << "\n" << describe(r);
  }
}

TEST(RefCatalogs, a_creature_without_a_sheet_needs_an_action) {
  const LoadResult r = test::load(creature(R"({"health": 5, "defense": 5, "initiativeModifier": 0, "tier": "pack"})"));
  EXPECT_TRUE(message_has(r, Code::TooFew, kCreature, "at least one action")) << describe(r);
}

TEST(RefCatalogs, a_creature_with_a_sheet_does_not_also_give_its_numbers) {
  const LoadResult r = test::load(creature(R"({"tier": "pack", "health": 5, "defense": 3, "sheet": {}})"));
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, kCreature + "/health")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, kCreature + "/defense")) << describe(r);
}

TEST(RefCatalogs, a_creature_carries_no_mechanics) {
  const LoadResult r =
      test::load(with_catalogs(R"({"id": "road_trouble", "label": "Road trouble", "holds": "creatures", "entries": [
    {"id": "probe", "label": "Probe", "mechanics": {"kind": "attack"}, "creature": {"tier": "pack", "sheet": {}}}]})"));
  EXPECT_TRUE(has_error(r, Code::UnknownKey, "/catalogs/0/entries/0/mechanics")) << describe(r);
}

const std::string kPlain = R"("health": 5, "defense": 5, "initiativeModifier": 0, "tier": "pack", )";

TEST(RefCatalogs, a_sequence_carries_nothing_of_its_own) {
  const LoadResult r =
      test::load(creature("{" + kPlain + R"("actions": [{"id": "bite", "name": "Bite", "budget": "act"},
    {"id": "both", "name": "Both", "budget": "act", "toHit": 2, "sequence": [{"action": "bite"}]}]})"));
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, kCreature + "/actions/1/toHit")) << describe(r);
}

TEST(RefCatalogs, a_sequence_names_its_own_plain_actions) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("actions": [
    {"id": "bite", "name": "Bite", "budget": "act"},
    {"id": "inner", "name": "Inner", "budget": "act", "sequence": [{"action": "bite"}]},
    {"id": "outer", "name": "Outer", "budget": "act", "sequence": [{"action": "inner"}, {"action": "outer"}, {"action": "claw"}]}]})"));
  EXPECT_TRUE(message_has(r, Code::BadValue, kCreature + "/actions/2/sequence/0/action", "cannot name another"))
      << describe(r);
  EXPECT_TRUE(message_has(r, Code::BadValue, kCreature + "/actions/2/sequence/1/action", "itself")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/actions/2/sequence/2/action")) << describe(r);
}

TEST(RefCatalogs, no_sequence_makes_a_reaction_or_a_signature_action) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("signaturePoints": 2, "actions": [
    {"id": "parry", "name": "Parry", "budget": "act", "self": true, "reaction": {"on": "hit"}},
    {"id": "lash", "name": "Lash", "budget": "act", "signature": {"cost": 1}},
    {"id": "both", "name": "Both", "budget": "act", "sequence": [{"action": "parry"}, {"action": "lash"}]}]})"));
  EXPECT_TRUE(message_has(r, Code::BadValue, kCreature + "/actions/2/sequence/0/action", "reaction")) << describe(r);
  EXPECT_TRUE(message_has(r, Code::BadValue, kCreature + "/actions/2/sequence/1/action", "points")) << describe(r);
}

TEST(RefCatalogs, the_parry_example_is_accepted_and_needs_1_46) {
  const LoadResult r =
      test::load(creature("{" + kPlain + R"("actions": [{"id": "parry", "name": "Parry", "budget": "reaction",
    "self": true, "reaction": {"on": "hit"},
    "applies": [{"condition": "parrying", "duration": {"rounds": 1}, "endsAfter": "attacked"}]}]})"));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.46");
}

TEST(RefCatalogs, an_action_landing_on_itself_takes_no_other_target) {
  const LoadResult r =
      test::load(creature("{" + kPlain + R"("actions": [{"id": "guard", "name": "Guard", "budget": "act",
    "self": true, "targetCount": 2}]})"));
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, kCreature + "/actions/0/targetCount")) << describe(r);
}

TEST(RefCatalogs, a_reaction_is_not_also_a_signature_action) {
  const LoadResult r =
      test::load(creature("{" + kPlain + R"("signaturePoints": 2, "actions": [{"id": "snap", "name": "Snap",
    "budget": "act", "reaction": {"on": "aimed"}, "signature": {"cost": 1}}]})"));
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, kCreature + "/actions/0/signature")) << describe(r);
}

TEST(RefCatalogs, a_recharge_its_dice_cannot_reach_is_refused) {
  const LoadResult r =
      test::load(creature("{" + kPlain + R"("actions": [{"id": "breath", "name": "Breath", "budget": "act",
    "recharge": {"dice": {"count": 1, "sides": 6}, "from": 7}}]})"));
  EXPECT_TRUE(message_has(r, Code::OutOfRange, kCreature + "/actions/0/recharge/from", "roll 6 at most"))
      << describe(r);
}

TEST(RefCatalogs, a_save_of_its_own_gives_the_difficulty_so_no_save_difficulty) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("actions": [{"id": "roar", "name": "Roar", "budget": "act",
    "save": {"save": "nerve", "difficulty": 12, "onSuccess": "negates"}, "saveDifficulty": 12}]})"));
  EXPECT_TRUE(has_error(r, Code::ConflictingKeys, kCreature + "/actions/0/saveDifficulty")) << describe(r);
}

TEST(RefCatalogs, a_condition_ending_on_a_save_needs_a_difficulty) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("actions": [{"id": "grab", "name": "Grab", "budget": "act",
    "applies": [{"condition": "shaken", "duration": "until-save", "saveEnds": {"save": "nerve", "at": "turn-end"}}]}]})"));
  EXPECT_TRUE(message_has(r, Code::MissingKey, kCreature + "/actions/0", "saveDifficulty")) << describe(r);
}

TEST(RefCatalogs, a_clause_save_without_any_difficulty_is_refused) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("actions": [{"id": "bite", "name": "Bite", "budget": "act",
    "damage": {"dice": "1d6", "plus": [{"dice": "1d4", "type": "poison", "save": {"save": "nerve", "onSuccess": "half"}}]}}]})"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kCreature + "/actions/0/damage/plus/0/save")) << describe(r);
}

TEST(RefCatalogs, a_signature_action_needs_signature_points_and_a_price_within_them) {
  const LoadResult none =
      test::load(creature("{" + kPlain + R"("actions": [{"id": "lash", "name": "Lash", "budget": "act",
    "signature": {"cost": 1}}]})"));
  EXPECT_TRUE(message_has(none, Code::MissingKey, kCreature, "signaturePoints")) << describe(none);
  const LoadResult dear =
      test::load(creature("{" + kPlain + R"("signaturePoints": 2, "actions": [{"id": "lash", "name": "Lash",
    "budget": "act", "signature": {"cost": 3}}]})"));
  EXPECT_TRUE(message_has(dear, Code::OutOfRange, kCreature + "/actions/0/signature/cost", "only ever has 2"))
      << describe(dear);
}

TEST(RefCatalogs, the_long_distance_is_at_least_the_ordinary_one) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("actions": [{"id": "shot", "name": "Shot", "budget": "act",
    "range": {"normal": 30, "long": 20}}]})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kCreature + "/actions/0/range/long")) << describe(r);
}

TEST(RefCatalogs, action_and_rider_ids_are_unique_and_riders_name_its_own_actions) {
  const LoadResult r =
      test::load(creature("{" + kPlain + R"("actions": [{"id": "bite", "name": "Bite", "budget": "act"},
    {"id": "bite", "name": "Bite again", "budget": "act"}],
    "riders": [{"id": "pack", "name": "Pack", "on": "hit", "oncePer": "turn", "amount": {"dice": "1d6"}, "actions": ["claw"]},
               {"id": "pack", "name": "Pack", "on": "hit", "oncePer": "round", "amount": {"flat": 1}}]})"));
  EXPECT_TRUE(has_error(r, Code::DuplicateId, kCreature + "/actions/1/id")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/riders/0/actions/0")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::DuplicateId, kCreature + "/riders/1/id")) << describe(r);
}

TEST(RefCatalogs, more_than_twelve_actions_are_refused) {
  std::string actions;
  for (int i = 0; i < 13; ++i)
    actions += (i ? "," : "") + std::string(R"({"id": "a)") + std::to_string(i) + R"(", "name": "A", "budget": "act"})";
  const LoadResult r = test::load(creature("{" + kPlain + R"("actions": [)" + actions + "]}"));
  EXPECT_TRUE(has_error(r, Code::TooMany, kCreature + "/actions")) << describe(r);
}

TEST(RefCatalogs, a_creature_names_the_sheets_own_abilities_saves_and_conditions) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("abilities": {"might": 2}, "saves": {"reflex": 1},
    "conditionImmunities": ["dazed"], "actions": [{"id": "bite", "name": "Bite", "budget": "act"}]})"));
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/abilities/might")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/saves/reflex")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/conditionImmunities/0")) << describe(r);
}

TEST(RefCatalogs, a_creature_sheet_holds_what_the_sheet_declares) {
  const LoadResult r = test::load(creature(R"({"tier": "pack", "sheet": {"abilities": {"brawn": 4, "grace": 1},
    "skills": {"sway": "master"}, "fields": {"toughness": 9}, "lists": {"spells": []}}})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kCreature + "/sheet/abilities/brawn")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/sheet/abilities/grace")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/sheet/skills/sway")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::BadCell, kCreature + "/sheet/fields/toughness")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, kCreature + "/sheet/lists/spells")) << describe(r);
}

TEST(RefCatalogs, a_creature_sheet_row_names_an_entry_of_a_catalog_feeding_its_list) {
  const LoadResult r =
      test::load(with_catalogs(kKnacks + R"(, {"id": "road_trouble", "label": "Road trouble", "holds": "creatures",
    "entries": [{"id": "probe", "label": "Probe", "creature": {"tier": "pack", "sheet": {"lists": {
      "knacks": [{"name": "A", "_catalog": "knacks/no-such-knack"}, {"name": "B", "_catalog": "spells/x"}, {"name": "C", "_catalog": "knacks"}],
      "gear": [{"name": "D", "_catalog": "knacks/smother"}]}}}}]})"));
  const std::string lists = "/catalogs/1/entries/0/creature/sheet/lists";
  EXPECT_TRUE(message_has(r, Code::UnknownReference, lists + "/knacks/0/_catalog", "no entry")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::UnknownReference, lists + "/knacks/1/_catalog")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::BadValue, lists + "/knacks/2/_catalog")) << describe(r);
  EXPECT_TRUE(message_has(r, Code::UnknownReference, lists + "/gear/0/_catalog", "feeds")) << describe(r);
}

TEST(RefCatalogs, a_creature_gives_health_as_a_number_or_dice) {
  const LoadResult zero = test::load(creature(R"({"health": 0, "defense": 5, "initiativeModifier": 0, "tier": "pack",
    "actions": [{"id": "bite", "name": "Bite", "budget": "act"}]})"));
  EXPECT_TRUE(has_error(zero, Code::OutOfRange, kCreature + "/health")) << describe(zero);
  const LoadResult dice =
      test::load(creature(R"({"health": {"dice": "1d1"}, "defense": 5, "initiativeModifier": 0, "tier": "pack",
    "actions": [{"id": "bite", "name": "Bite", "budget": "act"}]})"));
  EXPECT_TRUE(has_error(dice, Code::BadValue, kCreature + "/health/dice")) << describe(dice);
}

TEST(RefCatalogs, a_hide_entry_may_say_what_gets_through_and_needs_1_55) {
  const LoadResult r = test::load(creature("{" + kPlain + R"("resist": [{"type": "tearing", "except": ["silver"]}],
    "actions": [{"id": "bite", "name": "Bite", "budget": "act"}]})",
                                           "", kFightTags));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.55");
  EXPECT_EQ(r.ruleset->catalogs[0].entries[0].creature->resist.at(0).except, std::vector<std::string>{"silver"});
}

TEST(RefCatalogs, creature_checks_and_hardness_carry_their_gates) {
  // Soak (1.47) is a pool fight's, whose own gates are higher (ref_catalog_fight_test.cpp).
  const auto version = [](const std::string& key, const std::string& fight) {
    const LoadResult r = test::load(
        creature("{" + kPlain + key + R"(, "actions": [{"id": "bite", "name": "Bite", "budget": "act"}]})", "", fight));
    EXPECT_TRUE(r.ok()) << describe(r);
    return r.requires_version.value_or("");
  };
  EXPECT_EQ(version(R"("checks": {"grapple": 2})", kFightChecks), "1.43");
  EXPECT_EQ(version(R"("hardness": 2)", kFight), "1.56");
}

/// A package declaring 1.N is accepted, one declaring 1.(N-1) is refused at `pointer`.
void expect_creature_gate(const std::string& key, std::int64_t minor, const std::string& pointer,
                          const std::string& fight) {
  SCOPED_TRACE(key);
  const std::string text =
      creature("{" + kPlain + key + R"(, "actions": [{"id": "bite", "name": "Bite", "budget": "act"}]})", "", fight);
  const auto manifest = [](std::int64_t m) {
    return R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": )" + std::to_string(m) +
           R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
  };
  const LoadResult exact = test::load_package(manifest(minor), text);
  EXPECT_TRUE(exact.ok()) << describe(exact);
  const LoadResult below = test::load_package(manifest(minor - 1), text);
  EXPECT_TRUE(has_error(below, Code::CapabilityTooLow, pointer)) << describe(below);
}

TEST(RefCatalogs, creature_gates_refuse_one_minor_below) {
  expect_creature_gate(R"("checks": {"grapple": 2})", 43, kCreature + "/checks", kFightChecks);
  expect_creature_gate(R"("resist": [{"type": "cut", "except": ["silver"]}])", 55, kCreature + "/resist/0/except",
                       kFightTags);
  expect_creature_gate(R"("hardness": 2)", 56, kCreature + "/hardness", kFight);
}

TEST(RefCatalogs, a_creature_with_a_threat_number_is_refused) {
  // Our first dialect's creature (`threat` as a number) is gone: a creature sits on a `tier`.
  const LoadResult r = test::load(creature(R"({"threat": 2, "abilities": {"brawn": 1}})"));
  EXPECT_TRUE(has_error(r, Code::UnknownKey, kCreature + "/threat")) << describe(r);
  EXPECT_TRUE(has_error(r, Code::MissingKey, kCreature)) << describe(r);
}

// ---------------------------------------------------------------------------------------------
// Inline, or a file of its own

TEST(RefCatalogs, a_catalog_file_reads_reference_mechanics_and_checks_its_reactions) {
  const LoadResult r = test::load_package(
      R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 21},
    "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/knacks.json"]}}})",
      with_catalogs(R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "asset": "catalogs/knacks.json"})"));
  ASSERT_TRUE(r.ok()) << describe(r);
  const Catalog& catalog = r.ruleset->catalogs.at(0);
  const CatalogAssetLoad load =
      read_catalog_asset(*r.ruleset, catalog, R"({"schemaVersion": 1, "catalog": "knacks", "entries": [
    {"id": "smother", "label": "Smother", "rows": [{"list": "knacks", "values": {"name": "Smother"}}],
     "mechanics": {"kind": "utility", "free": true, "cost": [{"pool": "luck", "amount": 1}],
                   "reaction": {"on": "used", "cancels": true, "against": {"catalogs": ["knacks", "hexes"]}}}}]})");
  ASSERT_EQ(load.entries.size(), 1u);
  EXPECT_EQ(load.entries[0].mechanics->cost.at(0).pool, "luck");
  bool refused = false;
  for (const auto& d : load.diagnostics.items()) {
    refused |= d.code == Code::UnknownReference && d.pointer == "/entries/0/mechanics/reaction/against/catalogs/1";
  }
  EXPECT_TRUE(refused);
}

// One table per enum (issue 9 point 1): the mechanics vocabulary and a catalog's header words.
TEST(EnumTables, the_mechanics_words_outside_their_tables_list_their_words) {
  reftest::expect_refused(knack(R"({"kind": "charm"})"), Code::BadValue, kMechanics + "/kind",
                          R"(is one of "attack", "heal", "buff", "debuff", "utility", "rider", found "charm")");
  reftest::expect_refused(knack(R"({"kind": "attack", "targets": "everyone"})"), Code::BadValue,
                          kMechanics + "/targets", R"(is one of "self", "ally", "enemy", "any")");
  reftest::expect_refused(knack(R"({"kind": "attack", "area": {"shape": "ring", "size": 2}})"), Code::BadValue,
                          kMechanics + "/area/shape", R"(is one of "burst", "cone", "line")");
  reftest::expect_refused(knack(R"({"kind": "utility", "reaction": {"on": "seen"}})"), Code::BadValue,
                          kMechanics + "/reaction/on", R"(is one of "aimed", "hit", "harmed", "used")");
}

TEST(EnumTables, a_catalogs_holds_and_a_filters_type_outside_their_tables_list_their_words) {
  reftest::expect_refused(
      with_catalogs(R"({"id": "knacks", "label": "Knacks", "holds": "spells", "feeds": ["knacks"], "entries": []})"),
      Code::BadValue, "/catalogs/0/holds", R"(is one of "rows", "creatures", "items", found "spells")");
  reftest::expect_refused(with_catalogs(R"({"id": "knacks", "label": "Knacks", "feeds": ["knacks"],
    "filters": [{"id": "grit", "label": "Grit", "type": "range"}], "entries": []})"),
                          Code::BadValue, "/catalogs/0/filters/0/type",
                          R"(is one of "number", "text", "tags", found "range")");
}

}  // namespace
}  // namespace rk
