// Catalog entry bodies other than rows, and what else the catalogs page shows: an item and a
// creature in the words of the `items` and `combat` blocks (CA-9, CA-20), the advancement example (CA-51) and
// borrowed headers (BB-153 – BB-159), each read back from the model with the version it needs.
#include <string>

#include <gtest/gtest.h>

#include "format/catalog_fixtures.hpp"
#include "format/items_model.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using namespace catalog_test;
using test::describe;

// ---------------------------------------------------------------------------------------------
// Items (CA-9, 1.49) and creatures (CA-20, 1.27), written in the words of the `items` and
// `combat` blocks (docs/format/items.md, docs/format/catalogs.md "Creatures").

TEST(Catalogs, CA_9_an_item_is_read_in_the_words_of_the_items_block) {
  const LoadResult r = test::load(R"({"id": "roads", "label": "Roads", "sheet": {},
  "items": {"categories": [{"id": "armor", "label": "Armor"}, {"id": "weapon", "label": "Weapon"}],
            "tags": [{"id": "heavy", "label": "Heavy"}], "slots": [{"id": "body", "label": "Body", "count": 1}],
            "stats": [{"id": "ac", "label": "AC", "type": "number", "min": 0, "max": 30},
                      {"id": "weight", "label": "Weight", "type": "number", "min": 0, "max": 500},
                      {"id": "damage", "label": "Damage", "type": "dice"}]},
  "catalogs": [{"id": "equipment", "label": "Equipment", "holds": "items",
    "filters": [{"id": "category", "label": "Category", "type": "text"}], "entries": [
{ "id": "chain-mail", "label": "Chain Mail", "summary": "Heavy armour, AC 16.", "filters": { "category": "armor" },
  "item": { "category": "armor", "tags": ["heavy"], "stats": { "ac": 16, "weight": 55 }, "slots": { "body": 1 } } },
{ "id": "longsword", "label": "Longsword", "item": { "category": "weapon", "stats": { "damage": "1d8" } } }]}]})");
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.49");
  const Catalog& c = only_catalog(r);
  EXPECT_EQ(c.holds, Catalog::Holds::Items);
  EXPECT_TRUE(c.feeds.empty());
  const CatalogItem& mail = *c.entries[0].item;
  EXPECT_EQ(mail.category, "armor");
  EXPECT_EQ(number_of(mail.stats.at("ac")), Number::of(16));
  EXPECT_EQ(mail.tags, (std::vector<std::string>{"heavy"}));
  EXPECT_EQ(mail.slots.at("body"), 1);
  EXPECT_TRUE(c.entries[0].rows.empty());
  EXPECT_EQ(text_of(c.entries[1].item->stats.at("damage")), "1d8");
}

const std::string kDragonSheet = R"({
  "abilities": [{"id": "str", "label": "STR", "min": 1, "max": 30, "default": 1}, {"id": "dex", "label": "DEX", "min": 1, "max": 30, "default": 1},
                {"id": "con", "label": "CON", "min": 1, "max": 30, "default": 1}, {"id": "wis", "label": "WIS", "min": 1, "max": 30, "default": 1}],
  "saves": [{"id": "dex", "label": "Dexterity", "ability": "dex"}, {"id": "con", "label": "Constitution", "ability": "con"},
            {"id": "wis", "label": "Wisdom", "ability": "wis"}],
  "skills": [{"id": "perception", "label": "Perception", "ability": "wis"}],
  "fields": [{"id": "ac", "label": "AC", "type": "number", "min": 0, "max": 30}],
  "live": {"pools": [{"id": "hp", "label": "Hit points", "max": 10}]}
}, "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "none", "label": "None"}, {"id": "proficient", "label": "Proficient", "flat": 2},
                                      {"id": "expertise", "label": "Expertise", "flat": 4}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
"combat": {"kind": "attack-vs-defense", "health": {"pool": "hp"}, "defense": {"field": "ac"},
  "initiative": {"dice": {"count": 1, "sides": 20}, "modifier": {"abilityMod": "dex"}}, "attackRoll": {"dice": {"count": 1, "sides": 20}},
  "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]},
  "damageTypes": ["piercing", "fire"],
  "threat": {"tiers": [{"id": "deadly", "label": "Deadly", "health": [150, 400], "damagePerRound": [40, 90], "defense": 18,
                        "toHit": 12, "saveDifficulty": 19}]}})";

TEST(Catalogs, CA_20_the_adult_red_dragon_is_read_as_a_creature) {
  const LoadResult r = test::load(R"({"id": "roads", "label": "Roads", "sheet": )" + kDragonSheet +
                                  R"json(, "catalogs": [{"id": "creatures", "label": "Creatures", "holds": "creatures",
    "filters": [{"id": "kind", "label": "Kind", "type": "text"}],
    "entries": [
{ "id": "adult-red-dragon", "label": "Adult Red Dragon", "filters": { "kind": "dragon" },
  "creature": {
    "tier": "deadly", "health": { "dice": "19d12", "flat": 133 }, "defense": 19, "initiativeModifier": 0, "speed": 40,
    "abilities": { "str": 8, "dex": 0, "con": 7, "wis": 1 },
    "saves": { "dex": 6, "con": 13, "wis": 7 },
    "immune": ["fire"],
    "traits": [{ "name": "Legendary Resistance (3/Day)", "text": "If the dragon fails a saving throw, it can choose to succeed instead." }],
    "actions": [{ "id": "bite", "name": "Bite", "budget": "action", "toHit": 14, "reach": 10,
                  "damage": { "dice": "2d10", "flat": 8, "type": "piercing", "plus": [{ "dice": "2d6", "type": "fire" }] } }]
  } }]}]})json");
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.27");  // CA-95
  const Catalog& c = only_catalog(r);
  EXPECT_EQ(c.holds, Catalog::Holds::Creatures);
  const Creature& d = *c.entries[0].creature;
  EXPECT_TRUE(c.entries[0].rows.empty());
  EXPECT_FALSE(c.entries[0].mechanics.has_value());
  EXPECT_EQ(d.tier, "deadly");
  EXPECT_EQ(d.health_dice->dice, "19d12");
  EXPECT_EQ(d.health_dice->flat, 133);
  EXPECT_EQ(d.abilities.at("str"), 8);
  EXPECT_EQ(d.saves.at("wis"), 7);
  ASSERT_EQ(d.immune.size(), 1u);
  EXPECT_EQ(d.immune[0].type, "fire");
  ASSERT_EQ(d.traits.size(), 1u);
  EXPECT_EQ(d.traits[0].first, "Legendary Resistance (3/Day)");
  ASSERT_EQ(d.actions.size(), 1u);
  EXPECT_EQ(d.actions[0].id, "bite");
  EXPECT_EQ(d.actions[0].to_hit, 14);
  EXPECT_EQ(d.actions[0].damage->amount.dice, "2d10");
  ASSERT_EQ(d.actions[0].damage->plus.size(), 1u);
  EXPECT_EQ(d.actions[0].damage->plus[0].type, "fire");
}

// ---------------------------------------------------------------------------------------------
// CA-51: the advancement example of the catalogs page, verbatim.

TEST(Catalogs, CA_51_the_advancement_example_is_accepted) {
  const LoadResult r = test::load(R"({"id": "roads", "label": "Roads", "sheet": {
  "abilities": [{"id": "str", "label": "Strength", "min": 0, "max": 100, "default": 0}],
  "skills": [{"id": "stealth", "label": "Stealth", "ability": "str"}],
  "saves": [{"id": "will", "label": "Will", "ability": "str"}],
  "fields": [{"id": "xp", "label": "XP", "type": "number", "min": 0, "max": 1000000},
             {"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20},
             {"id": "humanity", "label": "Humanity", "type": "number", "min": 0, "max": 10},
             {"id": "discipline", "label": "Discipline", "type": "text", "maxLength": 200}],
"advancement": {
"fields": ["xp", "level", "humanity", "discipline"],
"abilities": true,
"skills": true,
"saves": true,
"text": "Award XP at the end of a session; change other values only when earned."
}
}, "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 2},
                                      {"id": "expert", "label": "Expert", "flat": 4}], "difficultyLadder": [{"label": "Hard", "dc": 15}]}})");
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
  const Advancement& a = *r.ruleset->sheet.advancement;
  EXPECT_EQ(a.fields, (std::vector<Id>{"xp", "level", "humanity", "discipline"}));
  EXPECT_TRUE(a.abilities && a.skills && a.saves);
  EXPECT_EQ(a.text, "Award XP at the end of a session; change other values only when earned.");
}

// ---------------------------------------------------------------------------------------------
// Borrowed catalogs (BB-153 – BB-159, 1.220): what is checked when the ruleset is read.

TEST(Catalogs, BB_157_BB_158_a_borrowed_header_reads_its_sheet_mapping_refs_and_slots) {
  const LoadResult r = test::load(R"({"id": "roads", "label": "Roads", "sheet": {
    "abilities": [{"id": "str", "label": "Strength", "min": 0, "max": 100, "default": 0}],
    "fields": [{"id": "martial_weapons", "label": "Martial weapons", "type": "number", "min": 0, "max": 1},
               {"id": "ac_typed", "label": "AC", "type": "number", "min": -1000000, "max": 1000000}],
    "live": {"pools": [{"id": "hp", "label": "Hit points", "max": 10}]}},
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 2}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "combat": {"kind": "attack-vs-defense", "health": {"pool": "hp"}, "defense": {"field": "ac_typed"},
    "initiative": {"dice": {"count": 1, "sides": 20}}, "attackRoll": {"dice": {"count": 1, "sides": 20}},
    "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]}},
  "catalogs": [{"id": "creatures", "label": "Creatures", "holds": "creatures", "from": {"ruleset": "5e-2014", "catalog": "creatures",
"sheet": { "fields": { "ac": "ac_typed", "size": null }, "values": { "hp_method": { "by_hand": "manual" } }, "tiers": { "proficient": "trained" } },
"refs": { "prof_martial_weapons": { "field": "martial_weapons" }, "armor_speed_strength": { "abilityScore": "str" } },
"slots": { "body": "armor" }
  }}]})");
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.220");
  EXPECT_EQ(r.requires_feature.value_or(""), "borrowed catalogs (`from`)");
  const Catalog& c = only_catalog(r);
  ASSERT_TRUE(c.from.has_value());
  const BorrowedFrom& f = *c.from;
  EXPECT_EQ(f.ruleset, "5e-2014");
  EXPECT_EQ(f.catalog, "creatures");
  EXPECT_EQ(f.fields.at("ac"), std::optional<std::string>("ac_typed"));
  EXPECT_FALSE(f.fields.at("size").has_value());
  EXPECT_EQ(f.values.at("hp_method").at("by_hand"), "manual");
  EXPECT_EQ(f.tiers.at("proficient"), "trained");
  ASSERT_EQ(f.refs.size(), 2u);
  EXPECT_EQ(f.refs.at("prof_martial_weapons").kind, RefKind::Field);
  EXPECT_EQ(f.refs.at("armor_speed_strength").kind, RefKind::AbilityScore);
  EXPECT_EQ(f.slots.at("body"), "armor");
  EXPECT_TRUE(c.entries.empty());
}

TEST(Catalogs, BB_156_local_entries_next_to_from_are_read_at_import) {
  const std::string header = R"(, "catalogs": [{"id": "spells", "label": "Spells", "feeds": ["knacks"],
    "from": {"ruleset": "5e-2014", "catalog": "spells"}, "entries": [
      {"id": "house-spell", "label": "House Spell", "filters": {"school": "evocation"},
       "rows": [{"list": "knacks", "values": {"name": "House Spell"}}]}]}])";
  // Without filters of its own, the header takes the lender's: the entry's filter passes.
  const LoadResult r = test::load(ruleset(header));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.220");
  EXPECT_EQ(only_catalog(r).entries.at(0).id, "house-spell");
  // With filters of its own, the entry may only use those.
  std::string with_filters = header;
  with_filters.replace(with_filters.find(R"("from")"), 0,
                       R"("filters": [{"id": "level", "label": "Level", "type": "number"}], )");
  const std::string text = ruleset(with_filters);
  expect_error_at(test::load(text), text, Code::UnknownReference, "/catalogs/0/entries/0/filters/school",
                  R"("school")");
}

TEST(Catalogs, BB_159_a_catalog_cannot_borrow_from_its_own_ruleset) {
  const std::string text = ruleset(R"(, "catalogs": [{"id": "spells", "label": "Spells", "feeds": ["knacks"],
    "from": {"ruleset": "roads", "catalog": "lore"}}])");
  expect_error_at(test::load(text), text, Code::BadValue, "/catalogs/0/from/ruleset", R"("ruleset": "roads")");
  // Another ruleset whose id merely ends like this one is a different lender.
  EXPECT_TRUE(test::load(ruleset(R"(, "catalogs": [{"id": "spells", "label": "Spells", "feeds": ["knacks"],
    "from": {"ruleset": "old-roads", "catalog": "lore"}}])"))
                  .ok());
}

}  // namespace
}  // namespace rk
