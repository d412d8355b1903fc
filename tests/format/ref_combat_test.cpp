// The reference format's `battle` and `combat` blocks (writing-rulesets.md "Battles: lending the
// sheet…", "Combat: a fight your own rules resolve" … "Windows"; docs/format/combat.md): every
// sentence that says something is refused, and the combat gates the chapter names.
#include <gtest/gtest.h>

#include "format/combat_model.hpp"
#include "format/ruleset.hpp"
#include "ref_fixtures.hpp"

namespace rk {
namespace {

using reftest::expect_accepted;
using reftest::expect_refused;
using reftest::kCombat;
using reftest::ruleset;
using reftest::with;

std::string fight(const std::string& combat, const std::string& resolution = "") {
  return ruleset("", combat, "", "", resolution);
}
std::string combat_with(const std::string& pointer, const std::string& value) {
  return fight(with(kCombat, pointer, value));
}

const std::string kPoolResolution =
    R"({"kind": "dice-pool", "die": {"sides": 6}, "abilityModifier": {"op": "identity"}, "target": {"default": 5, "min": 2, "max": 6},
    "difficultyLadder": [{"label": "Hard", "successes": 2}], "proficiencyTiers": )" +
    reftest::kTiers + "}";
const std::string kPoolCombat = R"({"kind": "dice-pool", "health": {"pool": "grit"}, "defense": {"const": 1},
  "initiative": {"pool": {"abilityScore": "wits"}, "plus": 1}, "pool": {"damageTarget": 5},
  "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]}})";

TEST(RefCombat, an_attack_vs_defense_block_is_accepted_and_kept) {
  const LoadResult r = test::load(fight(kCombat));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Combat& c = *r.ruleset->combat;
  EXPECT_EQ(c.kind, Combat::Kind::AttackVsDefense);
  ASSERT_EQ(c.budgets.size(), 2u);
  EXPECT_EQ(c.budgets[0].id, "action");  // the first budget is the main one
  EXPECT_EQ(c.attack_roll->critical, Combat::AttackRoll::Critical::DoubleDice);
  EXPECT_TRUE(c.knows_damage_type(" fire "));  // matched trimmed and without case
  EXPECT_FALSE(c.knows_damage_type("cold"));
}

TEST(RefCombat, a_dice_pool_fight_is_accepted_under_a_dice_pool_resolution) {
  expect_accepted(fight(kPoolCombat, kPoolResolution));
  expect_refused(fight(kPoolCombat), Code::BadValue, "/combat/kind", "resolution.kind");
}

TEST(RefCombat, attack_roll_is_required_under_attack_vs_defense_and_refused_under_dice_pool) {
  expect_refused(combat_with("/attackRoll", ""), Code::MissingKey, "/combat/attackRoll", "what an attack rolls");
  expect_refused(fight(with(kPoolCombat, "/attackRoll", R"({"dice": {"count": 1, "sides": 20}})"), kPoolResolution),
                 Code::ConflictingKeys, "/combat/attackRoll", "no attack dice");
  expect_refused(fight(with(kPoolCombat, "/pool", ""), kPoolResolution), Code::MissingKey, "/combat/pool", "`pool`");
  expect_refused(combat_with("/pool", R"({"advantage": true})"), Code::ConflictingKeys, "/combat/pool", "dice-pool");
}

TEST(RefCombat, lucky_faces_need_a_single_die) {
  expect_refused(combat_with("/attackRoll/dice/count", "2"), Code::BadValue, "/combat/attackRoll/naturals",
                 "single die");
}

TEST(RefCombat, initiative_is_dice_or_a_pool) {
  expect_refused(combat_with("/initiative/pool", R"({"const": 2})"), Code::ConflictingKeys, "/combat/initiative",
                 "one of the two");
  expect_refused(combat_with("/initiative", R"({"modifier": {"const": 1}})"), Code::BadValue,
                 "/combat/initiative/modifier", "no");
  expect_refused(combat_with("/initiative/plus", "1"), Code::BadValue, "/combat/initiative/plus", "not a pool");
  expect_refused(fight(with(kPoolCombat, "/kind", R"("attack-vs-defense")")), Code::BadValue, "/combat/initiative/pool",
                 "dice-pool");
}

TEST(RefCombat, a_number_attacks_move_is_kept_and_has_a_style_that_takes) {
  const std::string moving = with(kPoolCombat, "/initiative/resource",
                                  R"({"base": 3, "styles": [{"id": "press", "label": "Press", "spends": {}}]})");
  expect_refused(fight(moving, kPoolResolution), Code::MissingKey, "/combat/initiative/resource/styles", "takes");
  const std::string crashed =
      with(kPoolCombat, "/initiative/resource",
           R"({"base": 0, "styles": [{"id": "grind", "label": "Grind", "takes": {"gain": 1}}], "crash": {"at": 0}})");
  expect_refused(fight(crashed, kPoolResolution), Code::OutOfRange, "/combat/initiative/resource/base", "above 0");
  expect_refused(fight(with(with(kPoolCombat, "/initiative/each", R"("round")"), "/initiative/resource",
                            R"({"base": 3, "styles": [{"id": "grind", "label": "Grind", "takes": {}}]})"),
                       kPoolResolution),
                 Code::ConflictingKeys, "/combat/initiative/each", "never thrown again");
}

TEST(RefCombat, hardness_needs_a_spending_style) {
  expect_refused(fight(with(kPoolCombat, "/pool/hardness", R"({"const": 2})"), kPoolResolution), Code::BadValue,
                 "/combat/pool/hardness", "spends it");
}

TEST(RefCombat, soak_soaks_something) {
  expect_refused(fight(with(kPoolCombat, "/pool/soak", R"({"roll": true})"), kPoolResolution), Code::MissingKey,
                 "/combat/pool/soak", "all");
  expect_refused(
      fight(with(kPoolCombat, "/pool/soak", R"({"roll": true, "byKind": {"bruise": {"const": 1}}})"), kPoolResolution),
      Code::BadValue, "/combat/pool/soak/byKind/bruise", "wound track");
}

TEST(RefCombat, health_is_a_pool_that_starts_full_or_a_wound_track) {
  expect_refused(combat_with("/health", R"({"pool": "stress"})"), Code::BadValue, "/combat/health/pool",
                 "starts empty");
  expect_refused(combat_with("/health", R"({"track": "exhaustion"})"), Code::WrongReferenceType, "/combat/health/track",
                 "no levels");
  expect_refused(combat_with("/health", R"({"pool": "grit", "track": "harm"})"), Code::ConflictingKeys,
                 "/combat/health", "one of the two");
  expect_refused(combat_with("/health", R"({"pool": "vigor"})"), Code::UnknownReference, "/combat/health/pool",
                 "`vigor`");
}

TEST(RefCombat, damage_kinds_go_with_a_wound_track_both_ways) {
  expect_refused(combat_with("/health", R"({"track": "harm"})"), Code::MissingKey, "/combat/damageKinds", "`harm`");
  expect_refused(combat_with("/damageKinds", R"({"default": "bruise", "marks": "per-blow"})"), Code::BadValue,
                 "/combat/damageKinds", "health is a pool");
  const std::string harm = with(kCombat, "/health", R"({"track": "harm"})");
  expect_accepted(
      fight(with(harm, "/damageKinds", R"({"default": "bruise", "byType": {"fire": "wound"}, "marks": "per-point"})")));
  expect_refused(fight(with(harm, "/damageKinds", R"({"default": "burn", "marks": "per-blow"})")),
                 Code::UnknownReference, "/combat/damageKinds/default", "`harm`");
  expect_refused(
      fight(with(harm, "/damageKinds",
                 R"({"default": "bruise", "byType": {"Fire": "wound", "fire": "bruise"}, "marks": "per-blow"})")),
      Code::DuplicateId, "/combat/damageKinds/byType/fire", "twice");
  expect_refused(
      fight(with(harm, "/damageKinds", R"({"default": "bruise", "byType": {"acid": "wound"}, "marks": "per-blow"})")),
      Code::UnknownReference, "/combat/damageKinds/byType/acid", "acid");
}

TEST(RefCombat, damage_types_match_without_case) {
  expect_refused(combat_with("/damageTypes", R"(["fire", " FIRE"])"), Code::DuplicateId, "/combat/damageTypes/1",
                 "twice");
}

TEST(RefCombat, budgets) {
  expect_refused(combat_with("/economy/budgets/1/id", R"("action")"), Code::DuplicateId, "/combat/economy/budgets/1/id",
                 "`action`");
  expect_refused(combat_with("/economy/budgets", "[]"), Code::TooFew, "/combat/economy/budgets", "at least one");
  // `per` is a word of its own table; an empty one is no word.
  expect_refused(combat_with("/economy/budgets/0/per", R"("")"), Code::BadValue, "/combat/economy/budgets/0/per",
                 "\"turn\", \"round\"");
  expect_refused(combat_with("/economy/budgets/0/per", R"("week")"), Code::BadValue, "/combat/economy/budgets/0/per",
                 "found \"week\"");
  expect_refused(combat_with("/opportunity", R"({"budget": "reaction"})"), Code::UnknownReference,
                 "/combat/opportunity/budget", "`reaction`");
}

TEST(RefCombat, what_is_measured_in_cells_needs_distance) {
  const std::string flat = with(kCombat, "/distance", "");
  expect_refused(fight(with(flat, "/cover", R"({"bonus": 2})")), Code::BadValue, "/combat/cover", "distance");
}

const std::string kAttacks = R"([{"list": "gear", "budget": "action", "name": "name", "reach": {"column": "reach"},
  "toHit": {"ability": {"column": "swing"}, "proficiency": {"column": "trained"}, "bonus": {"column": "bonus"}},
  "damage": {"dice": {"column": "damage"}, "ability": {"column": "swing"}}}])";

TEST(RefCombat, attack_columns_are_of_the_type_the_fight_reads) {
  expect_accepted(combat_with("/attacks", kAttacks));
  const std::string attacks = with(kCombat, "/attacks", kAttacks);
  expect_refused(fight(with(attacks, "/attacks/0/name", R"("bonus")")), Code::WrongReferenceType,
                 "/combat/attacks/0/name", "text");
  expect_refused(fight(with(attacks, "/attacks/0/damage/dice/column", R"("name")")), Code::WrongReferenceType,
                 "/combat/attacks/0/damage/dice/column", "dice");
  expect_refused(fight(with(attacks, "/attacks/0/toHit/proficiency/column", R"("cut")")), Code::UnknownReference,
                 "/combat/attacks/0/toHit/proficiency/column", "`cut`");
  expect_refused(fight(with(attacks, "/attacks/0/list", R"("arms")")), Code::UnknownReference, "/combat/attacks/0/list",
                 "`arms`");
}

TEST(RefCombat, strikes) {
  const std::string attacks = with(kCombat, "/attacks", kAttacks);
  expect_refused(fight(with(attacks, "/attacks/0/strikesCappedBy", R"({"column": "trained"})")), Code::BadValue,
                 "/combat/attacks/0/strikesCappedBy", "one strike a spend anyway");
  expect_refused(fight(with(attacks, "/attacks/0/strikes", R"({"const": 0})")), Code::OutOfRange,
                 "/combat/attacks/0/strikes", "at least one");
  expect_refused(fight(with(attacks, "/attacks/0/range", R"({"normal": {"const": 80}, "long": {"const": 30}})")),
                 Code::OutOfRange, "/combat/attacks/0/range/long", "at least");
}

TEST(RefCombat, ability_sources_filter_like_battle_skills) {
  expect_refused(combat_with("/abilities", R"([{"list": "knacks", "budget": "action", "onlyWhen": "tier"}])"),
                 Code::WrongReferenceType, "/combat/abilities/0/onlyWhen", "boolean");
  expect_refused(
      combat_with("/abilities",
                  R"([{"list": "knacks", "budget": "bonus", "alwaysWhen": {"column": "tier", "equals": 0}}])"),
      Code::MissingKey, "/combat/abilities/0/alwaysWhen", "onlyWhen");
  expect_accepted(combat_with("/abilities", R"([{"list": "knacks", "budget": "action", "onlyWhen": "prepared",
    "alwaysWhen": {"column": "tier", "equals": 0}, "saveDifficulty": {"const": 12}}])"));
}

TEST(RefCombat, standard_actions) {
  expect_refused(combat_with("/standard", R"(["dodge", "dodge"])"), Code::DuplicateId, "/combat/standard/1", "twice");
  expect_refused(combat_with("/standard", R"(["parry"])"), Code::BadValue, "/combat/standard/0", "dash");
  expect_refused(combat_with("/standardEffects", R"({"dodge": {"saves": ["nerve_save"]}})"), Code::BadValue,
                 "/combat/standardEffects/dodge", "no dodge");
}

TEST(RefCombat, conditions_are_the_sheets_once_each) {
  expect_accepted(
      combat_with("/conditions",
                  R"([{"condition": "prone", "effects": ["attacks-against-adjacent-advantage", "half-move-to-stand"]},
    {"condition": "shaken", "modifiers": [{"to": "attacks", "dice": "1d4", "minus": true}], "whileSourceInSight": true}])"));
  expect_refused(combat_with("/conditions", R"([{"condition": "blinded", "effects": ["cannot-act"]}])"),
                 Code::UnknownReference, "/combat/conditions/0/condition", "`blinded`");
  expect_refused(
      combat_with("/conditions", R"([{"condition": "prone", "effects": []}, {"condition": "prone", "effects": []}])"),
      Code::DuplicateId, "/combat/conditions/1/condition", "twice");
  expect_refused(combat_with("/conditions", R"([{"condition": "prone", "effects": ["fly"]}])"), Code::BadValue,
                 "/combat/conditions/0/effects/0", "fly");
}

TEST(RefCombat, saves_and_skills_on_a_condition_need_something_to_narrow) {
  expect_refused(
      combat_with("/conditions", R"([{"condition": "grabbed", "effects": ["cannot-act"], "saves": ["nerve_save"]}])"),
      Code::BadValue, "/combat/conditions/0/saves", "narrows");
  expect_accepted(combat_with(
      "/conditions", R"([{"condition": "grabbed", "effects": ["own-saves-disadvantage"], "saves": ["nerve_save"]}])"));
}

TEST(RefCombat, while_source_in_sight_gates_only_effects_the_condition_has) {
  expect_refused(combat_with("/conditions", R"([{"condition": "shaken", "effects": ["cannot-approach-source"],
    "whileSourceInSight": ["own-attacks-disadvantage"]}])"),
                 Code::BadValue, "/combat/conditions/0/whileSourceInSight/0", "does not have");
}

TEST(RefCombat, a_pool_fight_modifier_gives_a_flat_number_of_dice) {
  expect_refused(fight(with(kPoolCombat, "/conditions",
                            R"([{"condition": "shaken", "modifiers": [{"to": "attacks", "dice": "1d4"}]}])"),
                       kPoolResolution),
                 Code::BadValue, "/combat/conditions/0/modifiers/0/dice", "flat number of dice");
}

TEST(RefCombat, levels) {
  expect_accepted(combat_with("/levels", R"([{"track": "exhaustion", "at": 1, "effects": ["own-checks-disadvantage"]},
    {"track": "exhaustion", "at": 2, "modifiers": [{"to": "speed", "times": 0.5}]}, {"derived": "load", "at": 10, "modifiers": [{"to": "speed", "flat": -2}]}])"));
  expect_refused(
      combat_with("/levels", R"([{"track": "exhaustion", "derived": "load", "at": 1, "effects": ["cannot-act"]}])"),
      Code::ConflictingKeys, "/combat/levels/0/track", "one of them");
  expect_refused(combat_with("/levels", R"([{"track": "harm", "at": 1, "effects": ["cannot-act"]}])"),
                 Code::WrongReferenceType, "/combat/levels/0/track", "wound track");
  expect_refused(combat_with("/levels", R"([{"track": "exhaustion", "at": 7, "effects": ["cannot-act"]}])"),
                 Code::OutOfRange, "/combat/levels/0/at", "never reached");
  expect_refused(
      combat_with(
          "/levels",
          R"([{"track": "exhaustion", "at": 1, "effects": ["cannot-act"]}, {"track": "exhaustion", "at": 1, "effects": ["cannot-react"]}])"),
      Code::DuplicateId, "/combat/levels/1/at", "twice");
  expect_refused(combat_with("/levels", R"([{"track": "exhaustion", "at": 1, "effects": ["ends-on-damage"]}])"),
                 Code::BadValue, "/combat/levels/0/effects/0", "nobody put it on");
  expect_refused(combat_with("/levels", R"([{"track": "exhaustion", "at": 1}])"), Code::MissingKey,
                 "/combat/levels/0/effects", "does something");
}

const std::string kContests = R"({"checks": [{"id": "grip", "label": "Grip", "value": {"abilityMod": "brawn"}},
  {"id": "slip", "label": "Slip", "value": {"abilityMod": "wits"}}],
  "contests": [{"id": "grab", "label": "Grab", "budget": "action", "attacker": {"checks": ["grip"]}, "defender": {"checks": ["grip", "slip"]},
    "onWin": {"applies": [{"condition": "grabbed"}]}},
   {"id": "break-free", "label": "Break free", "budget": "action", "attacker": {"checks": ["grip", "slip"]}, "defender": {"checks": ["grip"]},
    "from": {"holding": "grabbed"}, "onWin": {"ends": [{"condition": "grabbed", "on": "actor"}]}}]})";

std::string contests_with(const std::string& pointer, const std::string& value) {
  const boost::json::value parts = reftest::parse(kContests);
  std::string combat = with(kCombat, "/checks", boost::json::serialize(parts.at("checks")));
  combat = with(combat, "/contests", boost::json::serialize(parts.at("contests")));
  return fight(pointer.empty() ? combat : with(combat, pointer, value));
}

TEST(RefCombat, contests) {
  expect_accepted(contests_with("", ""));
  expect_refused(contests_with("/contests/0/attacker/checks/0", R"("heft")"), Code::UnknownReference,
                 "/combat/contests/0/attacker/checks/0", "`heft`");
  expect_refused(contests_with("/contests/1/onWin/applies", R"([{"condition": "grabbed"}])"), Code::ConflictingKeys,
                 "/combat/contests/1/onWin/applies/0/condition", "cannot also apply");
  expect_refused(contests_with("/contests/0/onWin", "{}"), Code::MissingKey, "/combat/contests/0/onWin",
                 "applies, ends or pushes");
  expect_refused(contests_with("/contests/0/budget", R"("reaction")"), Code::UnknownReference,
                 "/combat/contests/0/budget", "`reaction`");
  const std::string flat = with(
      with(with(kCombat, "/distance", ""), "/checks", boost::json::serialize(reftest::parse(kContests).at("checks"))),
      "/contests", R"([{"id": "shove", "label": "Shove", "budget": "action", "attacker": {"checks": ["grip"]},
                                  "defender": {"checks": ["grip"]}, "onWin": {"push": 5}}])");
  expect_refused(fight(flat), Code::BadValue, "/combat/contests/0/onWin/push", "distance");
}

const std::string kDying =
    R"({"kind": "saves", "successes": "saves_won", "failures": "saves_lost", "dice": {"count": 1, "sides": 20},
  "succeedAt": 10, "naturals": {"max": "revive-1", "min": "two-failures"}, "condition": "prone"})";

TEST(RefCombat, dying_counts_on_two_plain_tracks) {
  expect_accepted(combat_with("/dying", kDying));
  expect_refused(combat_with("/dying", with(kDying, "/failures", R"("saves_won")")), Code::ConflictingKeys,
                 "/combat/dying/failures", "two different tracks");
  expect_refused(combat_with("/dying", with(kDying, "/failures", R"("harm")")), Code::WrongReferenceType,
                 "/combat/dying/failures", "not a counter");
  expect_refused(combat_with("/dying", with(kDying, "/dice/count", "2")), Code::BadValue, "/combat/dying/naturals",
                 "single die");
}

TEST(RefCombat, threat_bands_run_low_to_high) {
  expect_refused(
      combat_with("/threat",
                  R"({"tiers": [{"id": "minion", "label": "Minion", "health": [9, 3], "defense": 10, "toHit": 2,
    "damagePerRound": [1, 4], "saveDifficulty": 10}]})"),
      Code::OutOfRange, "/combat/threat/tiers/0/health/0", "lowest");
}

TEST(RefCombat, a_pool_is_limited_once) {
  expect_refused(
      combat_with(
          "/spendLimits",
          R"([{"pool": "luck", "max": {"const": 1}, "per": "turn"}, {"pool": "luck", "max": {"const": 2}, "per": "round"}])"),
      Code::DuplicateId, "/combat/spendLimits/1/pool", "twice");
}

// ---------------------------------------------------------------------------------------------
// battle

TEST(RefBattle, the_ember_roads_shape_is_accepted) {
  const LoadResult r = test::load(ruleset(
      "", "", R"({"health": {"pool": "grit"}, "energy": {"pool": "luck"}, "slots": [{"pool": "slots_1", "level": 1}],
    "skills": [{"list": "knacks", "onlyWhen": "prepared", "alwaysWhen": {"column": "tier", "equals": 0}}]})"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->battle->energy, "luck");
  ASSERT_EQ(r.ruleset->battle->skills.size(), 1u);
  EXPECT_TRUE(r.ruleset->battle->skills[0].always_when.has_value());
}

TEST(RefBattle, energy_is_a_different_pool_from_health) {
  expect_refused(ruleset("", "", R"({"health": {"pool": "grit"}, "energy": {"pool": "grit"}})"), Code::ConflictingKeys,
                 "/battle/energy/pool", "cannot also be the health pool");
}

TEST(RefBattle, slot_levels_and_pools_are_each_used_once) {
  expect_refused(
      ruleset(
          "", "",
          R"({"health": {"pool": "grit"}, "slots": [{"pool": "slots_1", "level": 1}, {"pool": "luck", "level": 1}]})"),
      Code::DuplicateId, "/battle/slots/1/level", "twice");
  expect_refused(ruleset("", "", R"({"health": {"pool": "grit"}, "slots": [{"pool": "grit", "level": 1}]})"),
                 Code::ConflictingKeys, "/battle/slots/0/pool", "already the health");
  expect_refused(ruleset("", "", R"({"health": {"pool": "grit"}, "slots": [{"pool": "slots_1", "level": 10}]})"),
                 Code::OutOfRange, "/battle/slots/0/level", "1 to 9");
}

TEST(RefBattle, always_when_is_the_exception_to_only_when_and_can_match) {
  expect_refused(
      ruleset(
          "", "",
          R"({"health": {"pool": "grit"}, "skills": [{"list": "knacks", "alwaysWhen": {"column": "tier", "equals": 0}}]})"),
      Code::MissingKey, "/battle/skills/0/alwaysWhen", "onlyWhen");
  expect_refused(ruleset("", "", R"({"health": {"pool": "grit"}, "skills": [{"list": "knacks", "onlyWhen": "prepared",
    "alwaysWhen": {"column": "tier", "equals": "cantrip"}}]})"),
                 Code::HideValueInvalid, "/battle/skills/0/alwaysWhen/equals", "never");
}

// ---------------------------------------------------------------------------------------------
// Capability API gates the combat chapter names.

std::string manifest(std::int64_t minor) {
  return R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

void expect_gate(const std::string& text, std::int64_t minor, const std::string& pointer) {
  SCOPED_TRACE("gate 1." + std::to_string(minor) + " at " + pointer);
  const LoadResult exact = test::load_package(manifest(minor), text);
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1." + std::to_string(minor));
  const LoadResult below = test::load_package(manifest(minor - 1), text);
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, pointer)) << test::describe(below);
}

TEST(RefCombatGates, contests_need_1_43) {
  expect_gate(combat_with("/checks", R"([{"id": "grip", "label": "Grip", "value": {"abilityMod": "brawn"}}])"), 43,
              "/combat/checks");
}
TEST(RefCombatGates, modifiers_need_1_45) {
  expect_gate(combat_with("/conditions", R"([{"condition": "shaken", "modifiers": [{"to": "defense", "flat": -1}]}])"),
              45, "/combat/conditions/0/modifiers");
}
TEST(RefCombatGates, initiative_each_round_needs_1_47) {
  expect_gate(combat_with("/initiative/each", R"("round")"), 47, "/combat/initiative/each");
}
TEST(RefCombatGates, spend_limits_need_1_47) {
  expect_gate(combat_with("/spendLimits", R"([{"pool": "luck", "max": {"const": 1}, "per": "turn"}])"), 47,
              "/combat/spendLimits");
}
TEST(RefCombatGates, an_attack_rows_skill_needs_1_47) {
  // `toHit.skill` names an enum column whose words are skill ids; the fixture's gear has none, so
  // the test gives it one.
  const std::string attacks = with(kAttacks, "/0/toHit/skill", R"({"column": "art"})");
  const std::string text = with(combat_with("/attacks", attacks), "/sheet/lists/0/columns/6",
                                R"({"id": "art", "label": "Art", "type": "enum", "values": ["sneak", "climb"]})");
  expect_gate(text, 47, "/combat/attacks/0/toHit/skill");
}
TEST(RefCombatGates, levels_on_a_track_need_1_45) {
  expect_gate(combat_with("/levels", R"([{"track": "exhaustion", "at": 1, "effects": ["cannot-react"]}])"), 45,
              "/combat/levels");
}
TEST(RefCombatGates, an_own_checks_effect_needs_1_45) {
  expect_gate(combat_with("/conditions", R"([{"condition": "shaken", "effects": ["own-checks-disadvantage"]}])"), 45,
              "/combat/conditions/0/effects");
}
TEST(RefCombatGates, a_modifier_with_its_own_mode_needs_1_53) {
  expect_gate(combat_with("/conditions",
                          R"([{"condition": "shaken", "modifiers": [{"to": "checks", "mode": "disadvantage"}]}])"),
              53, "/combat/conditions/0/modifiers/0");
}
TEST(RefCombatGates, initiative_pool_needs_1_48) {
  expect_gate(fight(kPoolCombat, kPoolResolution), 48, "/combat/initiative/pool");
}
TEST(RefCombatGates, a_condition_narrowed_to_skills_needs_1_53) {
  expect_gate(combat_with("/conditions",
                          R"([{"condition": "shaken", "effects": ["own-checks-disadvantage"], "skills": ["sneak"]}])"),
              53, "/combat/conditions/0/skills");
}
TEST(RefCombatGates, a_level_reading_a_derived_value_needs_1_54) {
  expect_gate(combat_with("/levels", R"([{"derived": "load", "at": 10, "effects": ["cannot-react"]}])"), 54,
              "/combat/levels/0/derived");
}

// One table per enum (issue 9 point 1): each of the combat block's word lists refuses a word it
// lacks with the list of its words, written from its table.
TEST(EnumTables, the_combat_blocks_words_outside_their_tables_list_their_words) {
  expect_refused(combat_with("/kind", "\"duel\""), Code::BadValue, "/combat/kind",
                 R"(is one of "attack-vs-defense", "dice-pool", found "duel")");
  expect_refused(combat_with("/attackRoll/critical", "\"triple\""), Code::BadValue, "/combat/attackRoll/critical",
                 R"(is one of "double-dice", "max-dice", "none")");
  expect_refused(combat_with("/attackRoll/naturals/max", "\"win\""), Code::BadValue, "/combat/attackRoll/naturals/max",
                 R"(is one of "critical", "hit", "none")");
  expect_refused(combat_with("/initiative/each", "\"turn\""), Code::BadValue, "/combat/initiative/each",
                 R"(is one of "fight", "round")");
  expect_refused(combat_with("/ranged", R"({"long": "harder"})"), Code::BadValue, "/combat/ranged/long",
                 R"(is one of "disadvantage", "normal")");
  expect_refused(
      combat_with("/conditions", R"([{"condition": "shaken", "modifiers": [{"to": "checks", "mode": "lucky"}]}])"),
      Code::BadValue, "/combat/conditions/0/modifiers/0/mode", R"(is one of "advantage", "disadvantage")");
}

TEST(EnumTables, a_condition_effect_is_read_into_its_enum_and_a_word_outside_it_is_refused) {
  const LoadResult r = test::load(combat_with(
      "/conditions",
      R"([{"condition": "prone", "effects": ["attacks-against-adjacent-advantage", "half-move-to-stand"]}])"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  ASSERT_EQ(r.ruleset->combat->conditions.size(), 1u);
  EXPECT_EQ(r.ruleset->combat->conditions[0].rules.effects,
            (std::vector<ConditionEffect>{ConditionEffect::AttacksAgainstAdjacentAdvantage,
                                          ConditionEffect::HalfMoveToStand}));
  expect_refused(combat_with("/conditions", R"([{"condition": "prone", "effects": ["cannot-fly"]}])"), Code::BadValue,
                 "/combat/conditions/0/effects/0", "\"cannot-fly\" is not one of the condition effects");
}

}  // namespace
}  // namespace rk
