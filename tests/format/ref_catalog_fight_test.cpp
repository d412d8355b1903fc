// Catalogs: the names a bestiary's creatures and an entry's `mechanics` give of the fight, checked
// against the `combat` block as the reference checks them (writing-rulesets.md "Creatures: a
// bestiary a fight reads", "What a fight reads from `mechanics`"; docs/format/catalogs.md "What a
// fight reads"), and a held-items `itemStat` against the `items` block ("Items on the sheet").
#include <gtest/gtest.h>

#include "ref_fixtures.hpp"
#include "ref_resolution_support.hpp"

namespace rk {
namespace {

using reftest::expect_accepted;
using reftest::expect_refused;
using reftest::kCombat;
using reftest::kEmberItems;
using reftest::ruleset;
using reftest::with;

const std::string kThreat = R"({"tiers": [{"id": "minor", "label": "Minor", "health": [1, 20], "damagePerRound": [1, 6],
  "defense": 12, "toHit": 3, "saveDifficulty": 11}]})";
/// kCombat (budgets `action` and `bonus`, damage types slashing and Fire) with a threat scale.
const std::string kFight = with(kCombat, "/threat", kThreat);
const std::string kPlain = R"({"tier": "minor", "health": 5, "defense": 10, "initiativeModifier": 0,
  "actions": [{"id": "bite", "name": "Bite", "budget": "action", "damage": {"dice": "1d6", "type": "slashing"}}]})";
const std::string kCreature = "/catalogs/0/entries/0/creature";
const std::string kMechanics = "/catalogs/0/entries/0/mechanics";

/// A ruleset with `combat` (left out when empty) and a bestiary of one creature.
std::string bestiary(const std::string& creature, const std::string& combat = kFight, const std::string& items = "",
                     const std::string& resolution = "") {
  return with(
      ruleset(items, combat, "", "", resolution), "/catalogs",
      R"([{"id": "beasts", "label": "Beasts", "holds": "creatures", "entries": [{"id": "probe", "label": "Probe", "creature": )" +
          creature + "}]}]");
}

/// `kPlain` with `pointer` set to `value`.
std::string plain_with(const std::string& pointer, const std::string& value) {
  return bestiary(with(kPlain, pointer, value));
}

/// A ruleset with `combat` and a rows catalog of one knack whose `mechanics` is `mechanics`.
std::string knack(const std::string& mechanics, const std::string& combat = kFight) {
  return with(ruleset("", combat), "/catalogs",
              R"([{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "entries": [
    {"id": "probe", "label": "Probe", "rows": [{"list": "knacks", "values": {"name": "Probe"}}], "mechanics": )" +
                  mechanics + "}]}]");
}

// ---------------------------------------------------------------------------------------------
// A bestiary is written in the combat block's words

TEST(RefCatalogFight, a_plain_creature_in_the_fights_words_is_accepted) { expect_accepted(bestiary(kPlain)); }

// promptSafeText: a creature's action and trait are named with at least one character.
TEST(RefCatalogFight, a_creatures_action_and_trait_names_are_never_empty) {
  expect_refused(plain_with("/actions/0/name", R"("")"), Code::BadValue, kCreature + "/actions/0/name", "empty");
  expect_refused(plain_with("/traits", R"([{"name": "", "text": "Keeps watch."}])"), Code::BadValue,
                 kCreature + "/traits/0/name", "empty");
  expect_refused(plain_with("/traits", R"([{"name": "Watchful", "text": ""}])"), Code::BadValue,
                 kCreature + "/traits/0/text", "empty");
}

TEST(RefCatalogFight, a_bestiary_needs_a_combat_block) {
  expect_refused(bestiary(kPlain, ""), Code::UnknownReference, "/catalogs/0/holds", "needs a `combat` block");
}

TEST(RefCatalogFight, a_creature_sits_on_a_tier_of_the_threat_scale) {
  expect_refused(bestiary(kPlain, kCombat), Code::UnknownReference, kCreature + "/tier", "no threat tiers");
  expect_refused(plain_with("/tier", R"("dread")"), Code::UnknownReference, kCreature + "/tier", "no tier `dread`");
  expect_refused(bestiary(with(kPlain, "/tier", "")), Code::MissingKey, kCreature, "`tier`");
}

TEST(RefCatalogFight, an_action_spends_a_budget_of_the_economy) {
  expect_refused(plain_with("/actions/0/budget", R"("reaction")"), Code::UnknownReference,
                 kCreature + "/actions/0/budget", "no budget `reaction`");
}

TEST(RefCatalogFight, damage_types_are_the_combat_blocks_when_it_declares_some) {
  expect_refused(plain_with("/actions/0/damage/type", R"("cold")"), Code::UnknownReference,
                 kCreature + "/actions/0/damage/type", "\"cold\"");
  expect_refused(plain_with("/actions/0/damage/plus", R"([{"dice": "1d4", "type": "cold"}])"), Code::UnknownReference,
                 kCreature + "/actions/0/damage/plus/0/type", "\"cold\"");
  expect_refused(plain_with("/resist", R"(["cold"])"), Code::UnknownReference, kCreature + "/resist/0", "\"cold\"");
  expect_refused(plain_with("/vulnerable", R"(["cold"])"), Code::UnknownReference, kCreature + "/vulnerable/0",
                 "\"cold\"");
  expect_refused(plain_with("/immune", R"([{"type": "cold", "except": ["thrown"]}])"), Code::UnknownReference,
                 kCreature + "/immune/0/type", "\"cold\"");
  expect_refused(
      plain_with("/riders",
                 R"([{"id": "pack", "name": "Pack", "on": "hit", "oncePer": "turn", "amount": {"dice": "1d6"},
    "type": "cold"}])"),
      Code::UnknownReference, kCreature + "/riders/0/type", "\"cold\"");
  // Matched trimmed and without case; a block that declares none reads any type.
  expect_accepted(plain_with("/resist", R"([" fire "])"));
  expect_accepted(bestiary(with(kPlain, "/resist", R"(["cold"])"), with(kFight, "/damageTypes", "")));
}

TEST(RefCatalogFight, what_gets_through_a_hide_is_an_item_tag) {
  const std::string hide = with(kPlain, "/resist", R"([{"type": "slashing", "except": ["silver"]}])");
  expect_refused(bestiary(hide), Code::UnknownReference, kCreature + "/resist/0/except/0", "no item tags");
  expect_refused(bestiary(hide, kFight, kEmberItems), Code::UnknownReference, kCreature + "/resist/0/except/0",
                 "no tag `silver`");
  expect_accepted(
      bestiary(with(kPlain, "/resist", R"([{"type": "slashing", "except": ["thrown"]}])"), kFight, kEmberItems));
}

TEST(RefCatalogFight, contest_checks_are_the_combat_blocks) {
  const std::string contests =
      with(kFight, "/checks", R"([{"id": "grip", "label": "Grip", "value": {"abilityMod": "brawn"}}])");
  expect_accepted(bestiary(with(kPlain, "/checks", R"({"grip": 2})"), contests));
  expect_refused(bestiary(with(kPlain, "/checks", R"({"shove": 2})"), contests), Code::UnknownReference,
                 kCreature + "/checks/shove", "no contest check `shove`");
}

TEST(RefCatalogFight, soak_is_a_pool_fights_by_the_health_tracks_kinds) {
  expect_refused(plain_with("/soak", R"({"all": 1})"), Code::BadValue, kCreature + "/soak", "\"dice-pool\"");
  const std::string pool = R"({"kind": "dice-pool", "health": {"pool": "grit"}, "defense": {"const": 1},
    "initiative": {"pool": {"abilityScore": "wits"}}, "pool": {"soak": {"roll": true, "all": {"const": 1}}},
    "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]}, "threat": )" +
                           kThreat + "}";
  const std::string resolution =
      R"({"kind": "dice-pool", "die": {"sides": 6}, "abilityModifier": {"op": "identity"}, "target": {"default": 5, "min": 2, "max": 6},
    "difficultyLadder": [{"label": "Hard", "successes": 2}], "proficiencyTiers": )" +
      reftest::kTiers + "}";
  const std::string soaked = with(with(kPlain, "/soak", R"({"byKind": {"wound": 1}})"), "/actions/0/damage/type", "");
  expect_refused(bestiary(soaked, pool, "", resolution), Code::UnknownReference, kCreature + "/soak/byKind/wound",
                 "wound track");
  const std::string on_track = with(with(pool, "/health", R"({"track": "harm"})"), "/damageKinds",
                                    R"({"default": "wound", "marks": "per-blow"})");
  expect_accepted(bestiary(soaked, on_track, "", resolution));
  expect_refused(bestiary(with(soaked, "/soak/byKind", R"({"burn": 1})"), on_track, "", resolution),
                 Code::UnknownReference, kCreature + "/soak/byKind/burn", "not a kind of the health track");
  expect_refused(bestiary(soaked, with(on_track, "/pool", "{}"), "", resolution), Code::BadValue, kCreature + "/soak",
                 "says nothing about soak");
}

TEST(RefCatalogFight, a_pool_fights_damage_dice_are_the_resolutions_die) {
  const std::string pool = R"({"kind": "dice-pool", "health": {"pool": "grit"}, "defense": {"const": 1},
    "initiative": {"pool": {"abilityScore": "wits"}}, "pool": {"damageTarget": 7},
    "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]}, "threat": )" +
                           kThreat + "}";
  std::string resolution = test::patched(test::kPoolResolution, "/penaltyFrom", "");
  for (const char* key : {"/spend", "/adjust"}) resolution = test::patched(resolution, key, "");
  const std::string d6 = with(kPlain, "/actions/0/damage/type", "");
  expect_refused(bestiary(d6, pool, "", resolution), Code::BadValue, kCreature + "/actions/0/damage/dice", "d10s");
  expect_accepted(bestiary(with(d6, "/actions/0/damage/dice", R"("2d10")"), pool, "", resolution));
  // A damage die counts at `damageTarget`, so a face the die never shows is refused.
  expect_refused(
      bestiary(with(d6, "/actions/0/damage/dice", R"("2d10")"), with(pool, "/pool/damageTarget", "11"), "", resolution),
      Code::OutOfRange, "/combat/pool/damageTarget", "never reaches 11");
}

// ---------------------------------------------------------------------------------------------
// An entry's `mechanics` names the same words

TEST(RefCatalogFight, an_entrys_budgets_are_the_economys) {
  expect_accepted(knack(R"({"kind": "utility", "budget": "bonus"})"));
  expect_refused(knack(R"({"kind": "utility", "budget": "swift"})"), Code::UnknownReference, kMechanics + "/budget",
                 "no budget `swift`");
  expect_refused(knack(R"({"kind": "utility", "free": true, "gives": [{"budget": "swift", "count": 1}]})"),
                 Code::UnknownReference, kMechanics + "/gives/0/budget", "no budget `swift`");
  expect_refused(knack(R"({"kind": "utility", "standard": {"actions": ["dash"], "budget": "swift"}})"),
                 Code::UnknownReference, kMechanics + "/standard/budget", "no budget `swift`");
  expect_refused(knack(R"({"kind": "utility", "standard": {"actions": ["dash"], "budget": "action"}})"), Code::BadValue,
                 kMechanics + "/standard/budget", "grants nothing");
  // Without a fight, nothing reads them.
  expect_accepted(knack(R"({"kind": "utility", "budget": "swift"})", ""));
}

TEST(RefCatalogFight, an_entrys_damage_types_are_the_combat_blocks) {
  expect_refused(knack(R"({"kind": "attack", "amount": {"dice": "1d6"}, "damageType": "cold"})"),
                 Code::UnknownReference, kMechanics + "/damageType", "\"cold\"");
  expect_refused(knack(R"({"kind": "attack", "amount": {"dice": "1d6"}, "plus": [{"dice": "1d4", "type": "cold"}]})"),
                 Code::UnknownReference, kMechanics + "/plus/0/type", "\"cold\"");
}

TEST(RefCatalogFight, a_rider_reads_the_attack_lists_of_the_combat_block) {
  const std::string rider =
      R"({"kind": "rider", "rider": {"on": "hit", "oncePer": "turn", "amount": {"dice": "1d6"}, "sources": ["gear"],
    "requires": {"column": "trained"}}})";
  expect_refused(knack(rider), Code::UnknownReference, kMechanics + "/rider/sources/0", "attack lists");
  const std::string attacks = with(kFight, "/attacks", R"([{"list": "gear", "budget": "action", "name": "name",
    "damage": {"dice": {"column": "damage"}}}])");
  expect_accepted(knack(rider, attacks));
  expect_refused(knack(with(rider, "/rider/requires/column", R"("sharp")"), attacks), Code::UnknownReference,
                 kMechanics + "/rider/requires/column", "no attack list");
}

// ---------------------------------------------------------------------------------------------
// A held-items `itemStat` names the items block's words

std::string reads_items(const std::string& item_stat, const std::string& items = kEmberItems) {
  return with(ruleset(items), "/sheet/derived/1",
              R"({"id": "held", "label": "Held", "op": "sum", "of": [{"itemStat": )" + item_stat + "}]}");
}

TEST(RefCatalogFight, an_item_stat_read_names_the_items_blocks_stat_slot_category_and_tag) {
  const std::string p = "/sheet/derived/1/of/0/itemStat";
  expect_accepted(reads_items(
      R"({"stat": "guard", "from": "worn", "pick": "sum", "slot": "body", "category": "armor", "tag": "thrown"})"));
  expect_refused(reads_items(R"({"stat": "weight", "from": "worn", "pick": "sum"})"), Code::UnknownReference,
                 p + "/stat", "no stat `weight`");
  expect_refused(reads_items(R"({"stat": "damage", "from": "worn", "pick": "max"})"), Code::WrongReferenceType,
                 p + "/stat", "not a number");
  expect_accepted(reads_items(R"({"stat": "damage", "from": "worn", "pick": "count"})"));
  expect_refused(reads_items(R"({"from": "worn", "pick": "count", "slot": "feet"})"), Code::UnknownReference,
                 p + "/slot", "no slot `feet`");
  expect_refused(reads_items(R"({"from": "worn", "pick": "count", "category": "potion"})"), Code::UnknownReference,
                 p + "/category", "no category `potion`");
  expect_refused(reads_items(R"({"from": "worn", "pick": "count", "tag": "cursed"})"), Code::UnknownReference,
                 p + "/tag", "no tag `cursed`");
  expect_refused(reads_items(R"({"from": "worn", "pick": "count"})", ""), Code::UnknownReference, p,
                 "no `items` block");
}

}  // namespace
}  // namespace rk
