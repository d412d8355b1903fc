// The reference format's `items` block and the items of a `holds: "items"` catalog
// (writing-rulesets.md "Items: what a party carries" … "Using items outside a fight";
// docs/format/items.md): every sentence that says something is refused, and the gates 1.49–1.62.
#include <gtest/gtest.h>

#include "format/items_model.hpp"
#include "format/ruleset.hpp"
#include "ref_fixtures.hpp"

namespace rk {
namespace {

using reftest::expect_accepted;
using reftest::expect_refused;
using reftest::kCombat;
using reftest::kEmberItems;
using reftest::kHuntingBow;
using reftest::ruleset;
using reftest::with;

std::string items_with(const std::string& pointer, const std::string& value) {
  return with(kEmberItems, pointer, value);
}
std::string entry(const std::string& item) { return R"([{"id": "thing", "label": "Thing", "item": )" + item + "}]"; }
/// A ruleset with Ember's items, the fixture combat block and one entry holding `item`.
std::string armed(const std::string& item, const std::string& combat = kCombat) {
  return ruleset(kEmberItems, combat, "", entry(item));
}

const std::string kAxe = R"({"category": "weapon", "slots": {"hands": 1},
  "attack": {"budget": "action", "toHit": {"abilities": ["brawn"]}, "damage": {"dice": "1d6", "abilities": ["brawn"], "type": "slashing"}}})";

TEST(RefItems, ember_roads_items_block_is_accepted_and_kept) {
  const LoadResult r = test::load(ruleset(kEmberItems, "", "", "[" + kHuntingBow + "]"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  ASSERT_NE(r.ruleset, nullptr);
  const ItemsBlock& items = *r.ruleset->items;
  EXPECT_EQ(items.categories.size(), 3u);
  EXPECT_EQ(items.slots[1].count, 2);
  ASSERT_TRUE(items.carry.has_value());
  EXPECT_EQ(items.carry->stat, "bulk");
  ASSERT_EQ(items.currencies.size(), 2u);
  EXPECT_EQ(items.currencies[0].units[2].value, 100);
  ASSERT_EQ(items.rarity_caps.size(), 2u);
  EXPECT_EQ(items.rarity_caps[1].bonus.value_or(0), 2);
  const CatalogEntry& bow = r.ruleset->catalogs[0].entries[0];
  ASSERT_NE(bow.item, nullptr);
  EXPECT_EQ(bow.item->slots.at("hands"), 2);
  EXPECT_EQ(bow.item->cost->amount, 3);
  // The items block needs 1.49; its rarity caps' `bonus` 1.53.
  EXPECT_EQ(r.requires_version.value_or(""), "1.53");
}

TEST(RefItems, categories_are_required_one_at_least) {
  expect_refused(ruleset(items_with("/categories", "")), Code::MissingKey, "/items", "categories");
  expect_refused(ruleset(items_with("/categories", "[]")), Code::TooFew, "/items/categories", "at least one");
}

TEST(RefItems, a_category_declared_twice_is_refused) {
  expect_refused(ruleset(items_with("/categories/3", R"({"id": "weapon", "label": "Again"})")), Code::DuplicateId,
                 "/items/categories/3/id", "`weapon`");
}

TEST(RefItems, slot_count_is_1_to_20) {
  expect_refused(ruleset(items_with("/slots/0/count", "21")), Code::OutOfRange, "/items/slots/0/count", "1 to 20");
  expect_refused(ruleset(items_with("/slots/0/count", "0")), Code::OutOfRange, "/items/slots/0/count", "1 to 20");
}

TEST(RefItems, longtext_is_not_an_item_stat_type) {
  expect_refused(
      ruleset(items_with("/stats/5", R"({"id": "note", "label": "Note", "type": "longtext", "maxLength": 90})")),
      Code::BadValue, "/items/stats/5/type", "longtext");
}

TEST(RefItems, carry_stat_is_a_number_stat_of_min_0_or_more) {
  expect_refused(ruleset(items_with("/carry/stat", R"("weight")")), Code::UnknownReference, "/items/carry/stat",
                 "`weight`");
  expect_refused(ruleset(items_with("/carry/stat", R"("damage")")), Code::WrongReferenceType, "/items/carry/stat",
                 "number");
  expect_refused(ruleset(items_with("/stats/0/min", "-1")), Code::OutOfRange, "/items/carry/stat", "min` is 0 or more");
}

TEST(RefItems, binding_and_carry_cannot_read_the_live_state) {
  expect_refused(ruleset(items_with("/binding", R"({"label": "Attunement", "max": {"livePool": "luck"}})")),
                 Code::ReadsLiveState, "/items/binding/max", "live state");
  expect_refused(ruleset(items_with("/carry/limit", R"({"livePool": "grit"})")), Code::ReadsLiveState,
                 "/items/carry/limit", "live state");
}

TEST(RefItems, the_smallest_coin_of_a_family_is_worth_1) {
  expect_refused(ruleset(items_with("/currencies/1/units/0/value", "5")), Code::BadValue, "/items/currencies/1/units",
                 "worth 1");
}

TEST(RefItems, two_coins_of_a_family_are_never_worth_the_same) {
  expect_refused(ruleset(items_with("/currencies/0/units/1/value", "100")), Code::DuplicateId,
                 "/items/currencies/0/units/2/value", "already worth 100");
}

TEST(RefItems, a_coin_id_is_unique_across_every_family) {
  expect_refused(ruleset(items_with("/currencies/1/units/1/id", R"("mark")")), Code::DuplicateId,
                 "/items/currencies/1/units/1/id", "`mark`");
}

TEST(RefItems, perWeight_only_beside_carry) {
  expect_refused(ruleset(items_with("/carry", "")), Code::BadValue, "/items/currencies/0/perWeight", "carry");
}

TEST(RefItems, rarity_caps_name_a_declared_rarity_once) {
  expect_refused(ruleset(items_with("/rarityCaps/1/rarity", R"("common")")), Code::DuplicateId,
                 "/items/rarityCaps/1/rarity", "twice");
  expect_refused(ruleset(items_with("/rarityCaps/1/rarity", R"("mythic")")), Code::UnknownReference,
                 "/items/rarityCaps/1/rarity", "`mythic`");
  expect_refused(ruleset(with(items_with("/rarities", ""), "/rarityCaps", R"([{"rarity": "common"}])")),
                 Code::UnknownReference, "/items/rarityCaps/0/rarity", "declares no rarities");
}

TEST(RefItems, rarity_cap_stats_are_number_stats_inside_their_range) {
  expect_refused(ruleset(items_with("/rarityCaps/0/stats", R"({"swing": 1})")), Code::WrongReferenceType,
                 "/items/rarityCaps/0/stats/swing", "not a number");
  expect_refused(ruleset(items_with("/rarityCaps/0/stats", R"({"guard": 5})")), Code::OutOfRange,
                 "/items/rarityCaps/0/stats/guard", "0 to 4");
  expect_refused(ruleset(items_with("/rarityCaps/0/stats", R"({"guard": 1.5})")), Code::BadNumber,
                 "/items/rarityCaps/0/stats/guard", "whole numbers");
  expect_refused(ruleset(items_with("/rarityCaps/0/bonus", "101")), Code::OutOfRange, "/items/rarityCaps/0/bonus",
                 "0 to 100");
}

TEST(RefItems, freeform_is_plain_or_refuse) {
  expect_refused(ruleset(items_with("/freeform", R"("loose")")), Code::BadValue, "/items/freeform", "plain");
  expect_accepted(ruleset(items_with("/freeform", R"("refuse")")));
}

TEST(RefItemEntry, an_item_names_the_blocks_own_words) {
  const std::string base =
      R"({"category": "weapon", "rarity": "common", "tags": ["ranged"], "stats": {"bulk": 2}, "slots": {"hands": 1}})";
  expect_accepted(armed(base));
  expect_refused(armed(with(base, "/category", R"("potion")")), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/category", "`potion`");
  expect_refused(armed(with(base, "/rarity", R"("mythic")")), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/rarity", "`mythic`");
  expect_refused(armed(with(base, "/tags/1", R"("silvered")")), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/tags/1", "`silvered`");
  expect_refused(armed(with(base, "/stats/heft", "1")), Code::UnknownReference, "/catalogs/0/entries/0/item/stats/heft",
                 "`heft`");
  expect_refused(armed(with(base, "/slots/belt", "1")), Code::UnknownReference, "/catalogs/0/entries/0/item/slots/belt",
                 "`belt`");
}

TEST(RefItemEntry, an_item_can_only_have_a_rarity_when_the_block_declares_some) {
  const std::string items = items_with("/rarities", "");
  const std::string text =
      ruleset(with(items, "/rarityCaps", ""), "", "", entry(R"({"category": "weapon", "rarity": "common"})"));
  expect_refused(text, Code::UnknownReference, "/catalogs/0/entries/0/item/rarity", "declares no rarities");
}

TEST(RefItemEntry, each_stat_value_is_one_its_stat_could_hold) {
  expect_refused(armed(R"({"category": "weapon", "stats": {"bulk": 11}})"), Code::BadCell,
                 "/catalogs/0/entries/0/item/stats/bulk", "`bulk`");
  expect_refused(armed(R"({"category": "weapon", "stats": {"swing": "luck"}})"), Code::BadCell,
                 "/catalogs/0/entries/0/item/stats/swing", "`swing`");
  expect_refused(armed(R"({"category": "weapon", "stats": {"damage": "0d6"}})"), Code::BadCell,
                 "/catalogs/0/entries/0/item/stats/damage", "`damage`");
}

TEST(RefItemEntry, slots_never_more_than_a_character_has) {
  expect_refused(armed(R"({"category": "armor", "slots": {"body": 2}})"), Code::OutOfRange,
                 "/catalogs/0/entries/0/item/slots/body", "has 1 of slot `body`");
}

TEST(RefItemEntry, stack_is_1_to_999999) {
  expect_refused(armed(R"({"category": "ammunition", "stack": 1000000})"), Code::OutOfRange,
                 "/catalogs/0/entries/0/item/stack", "999999");
  expect_accepted(armed(R"({"category": "ammunition", "stack": 999999})"));
}

TEST(RefItemEntry, cost_names_a_declared_coin) {
  expect_refused(armed(R"({"category": "weapon", "cost": {"amount": 3, "unit": "crown"}})"), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/cost/unit", "`crown`");
  const std::string no_coins = ruleset(items_with("/currencies", ""), "", "",
                                       entry(R"({"category": "weapon", "cost": {"amount": 1, "unit": "bit"}})"));
  expect_refused(no_coins, Code::UnknownReference, "/catalogs/0/entries/0/item/cost/unit", "declares no currencies");
}

TEST(RefItemEntry, only_a_ruleset_with_binding_has_items_that_bind) {
  expect_refused(armed(R"({"category": "armor", "binds": {"cursed": true}})"), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/binds", "binding");
  const std::string bound =
      ruleset(items_with("/binding", R"({"label": "Attunement", "max": {"const": 3}})"), "", "",
              entry(R"({"category": "armor", "binds": {"restriction": "A warden", "cursed": true}})"));
  expect_accepted(bound);
}

TEST(RefItemEntry, an_item_carries_no_mechanics) {
  const std::string text =
      ruleset(kEmberItems, "", "", R"([{"id": "thing", "label": "Thing", "item": {"category": "weapon"},
    "mechanics": {"kind": "attack"}}])");
  expect_refused(text, Code::ConflictingKeys, "/catalogs/0/entries/0/mechanics", "no `mechanics`");
}

TEST(RefItemEntry, an_item_needs_an_items_block) {
  expect_refused(ruleset("", "", "", entry(R"({"category": "weapon"})")), Code::UnknownReference,
                 "/catalogs/0/entries/0/item", "no `items` block");
  // The catalog header too: an items catalog is written in the block's words.
  expect_refused(ruleset("", "", "", entry(R"({"category": "weapon"})")), Code::UnknownReference, "/catalogs/0/holds",
                 "needs an `items` block");
}

TEST(RefItemEntry, an_item_in_our_first_dialect_is_refused) {
  // Our first dialect's item (stats given freely, `dice`, `text`, `slots` as a list) is gone.
  const std::string text = ruleset(kEmberItems, "", "", entry(R"({"stats": {"guard": 1}, "dice": {"damage": "1d8"},
    "text": "Heavy.", "slots": ["body"]})"));
  expect_refused(text, Code::MissingKey, "/catalogs/0/entries/0/item", "`category`");
  expect_refused(text, Code::UnknownKey, "/catalogs/0/entries/0/item/dice", "dice");
  expect_refused(text, Code::UnknownKey, "/catalogs/0/entries/0/item/text", "text");
  expect_refused(text, Code::WrongType, "/catalogs/0/entries/0/item/slots", "slots");
}

TEST(RefItemEffects, an_effect_does_something) {
  expect_refused(armed(R"({"category": "armor", "worn": {"saves": ["nerve_save"]}})"), Code::MissingKey,
                 "/catalogs/0/entries/0/item/worn/effects", "does something");
}

TEST(RefItemEffects, saves_and_skills_need_something_to_narrow) {
  expect_refused(
      armed(R"({"category": "armor", "worn": {"effects": ["own-checks-advantage"], "saves": ["nerve_save"]}})"),
      Code::BadValue, "/catalogs/0/entries/0/item/worn/saves", "narrows");
  expect_refused(armed(R"({"category": "armor", "worn": {"effects": ["own-saves-advantage"], "skills": ["sneak"]}})"),
                 Code::BadValue, "/catalogs/0/entries/0/item/worn/skills", "narrows");
  expect_accepted(
      armed(R"({"category": "armor", "worn": {"modifiers": [{"to": "checks", "flat": -1}], "skills": ["sneak"]}})"));
}

TEST(RefItemEffects, names_are_the_sheets) {
  expect_refused(armed(R"({"category": "armor", "carried": {"failsSaves": ["grit_save"]}})"), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/carried/failsSaves/0", "`grit_save`");
  expect_refused(armed(R"({"category": "armor", "worn": {"conditionImmunities": ["cursed"]}})"), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/worn/conditionImmunities/0", "`cursed`");
  expect_refused(armed(R"({"category": "armor", "worn": {"resist": ["cold"]}})"), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/worn/resist/0", "cold");
  // Damage types match without case.
  expect_accepted(armed(R"({"category": "armor", "worn": {"resist": ["fire"]}})"));
}

TEST(RefItemEffects, an_item_has_no_effect_that_needs_a_source) {
  expect_refused(armed(R"({"category": "armor", "worn": {"effects": ["ends-on-damage"]}})"), Code::BadValue,
                 "/catalogs/0/entries/0/item/worn/effects/0", "ends-on-damage");
}

TEST(RefItemEffects, ability_changes) {
  expect_refused(armed(R"({"category": "armor", "worn": {"abilities": {"brawn": {"add": 0}}}})"), Code::OutOfRange,
                 "/catalogs/0/entries/0/item/worn/abilities/brawn/add", "adding 0");
  expect_refused(armed(R"({"category": "armor", "worn": {"abilities": {"brawn": {"set": 9}}}})"), Code::OutOfRange,
                 "/catalogs/0/entries/0/item/worn/abilities/brawn/set", "1 to 5");
  expect_refused(armed(R"({"category": "armor", "worn": {"abilities": {"grace": {"add": 1}}}})"),
                 Code::UnknownReference, "/catalogs/0/entries/0/item/worn/abilities/grace", "`grace`");
}

TEST(RefItemEffects, modifier_rules) {
  const auto mod = [](const std::string& m) {
    return armed(R"({"category": "armor", "worn": {"modifiers": [)" + m + "]}}");
  };
  const std::string at = "/catalogs/0/entries/0/item/worn/modifiers/0";
  expect_refused(mod(R"({"to": "defense", "flat": 0})"), Code::OutOfRange, at + "/flat", "changes nothing");
  expect_refused(mod(R"({"to": "defense", "dice": "1d4"})"), Code::BadValue, at + "/dice", "dice are rolled");
  expect_refused(mod(R"({"to": "attacks", "flat": 1, "minus": true})"), Code::MissingKey, at + "/minus",
                 "needs `dice`");
  expect_refused(mod(R"({"to": "defense", "times": 2})"), Code::BadValue, at + "/times", "speed only");
  expect_refused(mod(R"({"to": "attacks", "mode": "advantage"})"), Code::BadValue, at + "/mode", "checks or saves");
  expect_refused(mod(R"({"to": "saves", "flat": 1, "skills": ["sneak"]})"), Code::BadValue, at + "/skills", "checks");
  expect_refused(mod(R"({"to": "checks"})"), Code::MissingKey, at + "/to", "flat amount");
}

TEST(RefItemEffects, an_unmet_requirement_cannot_change_an_ability) {
  expect_refused(armed(R"({"category": "armor", "requires": [{"value": {"abilityScore": "brawn"}, "atLeast": 3,
                              "otherwise": {"abilities": {"wits": {"add": -1}}}}]})"),
                 Code::BadValue, "/catalogs/0/entries/0/item/requires/0/otherwise/abilities",
                 "cannot change an ability");
}

TEST(RefItemAttack, a_weapon_takes_a_slot_or_binds) {
  expect_accepted(armed(kAxe));
  expect_refused(armed(with(kAxe, "/slots", "")), Code::BadValue, "/catalogs/0/entries/0/item/attack", "slot or binds");
}

TEST(RefItemAttack, budget_is_the_combat_blocks) {
  expect_refused(armed(with(kAxe, "/attack/budget", R"("reaction")")), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/attack/budget", "`reaction`");
}

TEST(RefItemAttack, a_summed_fight_weapon_deals_dice) {
  expect_refused(armed(with(kAxe, "/attack/damage/dice", "")), Code::MissingKey,
                 "/catalogs/0/entries/0/item/attack/damage/dice", "deals dice");
}

TEST(RefItemAttack, reach_and_range_need_distance) {
  expect_refused(armed(with(kAxe, "/attack/reach", "5"), with(kCombat, "/distance", "")), Code::BadValue,
                 "/catalogs/0/entries/0/item/attack/reach", "distance");
}

TEST(RefItemAttack, long_range_is_at_least_normal) {
  expect_refused(armed(with(kAxe, "/attack/range", R"({"normal": 80, "long": 40})")), Code::OutOfRange,
                 "/catalogs/0/entries/0/item/attack/range/long", "at least");
}

TEST(RefItemAttack, versatile_dice_need_a_slot) {
  const std::string bound = ruleset(
      items_with("/binding", R"({"label": "Bond", "max": {"const": 1}})"), kCombat, "",
      entry(
          R"({"category": "weapon", "binds": {}, "attack": {"budget": "action", "damage": {"dice": "1d8"}, "versatile": {"dice": "1d10"}}})"));
  expect_refused(bound, Code::BadValue, "/catalogs/0/entries/0/item/attack/versatile", "takes a slot");
}

TEST(RefItemAttack, stats_it_reads_are_of_the_right_kind) {
  expect_refused(armed(with(kAxe, "/attack/damage/dice", R"({"stat": "bulk"})")), Code::WrongReferenceType,
                 "/catalogs/0/entries/0/item/attack/damage/dice/stat", "must be dice");
  expect_refused(armed(with(kAxe, "/attack/toHit/abilities", R"({"stat": "reach"})")), Code::WrongReferenceType,
                 "/catalogs/0/entries/0/item/attack/toHit/abilities/stat", "not an ability");
  expect_accepted(armed(with(kAxe, "/attack/toHit/abilities", R"({"stat": "swing"})")));
}

TEST(RefItemAttack, ammunition_and_clips) {
  expect_refused(armed(with(kAxe, "/attack/ammo", R"({"tag": "bolt"})")), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/attack/ammo/tag", "`bolt`");
  const std::string clip = with(with(kAxe, "/attack/ammo", R"({"tag": "arrow", "perAttack": 3, "recover": 0.5})"),
                                "/attack/clip", R"({"max": 2, "reload": "action"})");
  const LoadResult r = test::load(armed(clip));
  EXPECT_TRUE(test::has_error(r, Code::ConflictingKeys, "/catalogs/0/entries/0/item/attack/ammo/recover"))
      << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/catalogs/0/entries/0/item/attack/ammo/perAttack"))
      << test::describe(r);
}

TEST(RefItemAttack, modes_offhand_floor_and_on_hit) {
  expect_refused(armed(with(kAxe, "/attack/modes", R"([{"id": "volley", "label": "Volley", "ammo": 3}])")),
                 Code::BadValue, "/catalogs/0/entries/0/item/attack/modes/0/ammo", "shoots something");
  expect_refused(armed(with(kAxe, "/attack/modes", R"([{"id": "a", "label": "A"}, {"id": "a", "label": "B"}])")),
                 Code::DuplicateId, "/catalogs/0/entries/0/item/attack/modes/1/id", "twice");
  expect_refused(armed(with(kAxe, "/attack/offHand", "true")), Code::BadValue,
                 "/catalogs/0/entries/0/item/attack/offHand", "combat.offHand");
  expect_refused(armed(with(kAxe, "/attack/onHit", R"([{"condition": "dazed", "atLeast": 2}])")),
                 Code::UnknownReference, "/catalogs/0/entries/0/item/attack/onHit/0/condition", "`dazed`");
  expect_refused(armed(with(kAxe, "/attack/floor", "0")), Code::OutOfRange, "/catalogs/0/entries/0/item/attack/floor",
                 "1 to 100");
}

const std::string kTonic =
    R"({"category": "ammunition", "stack": 5, "use": {"kind": "heal", "budget": "action", "consumes": true,
  "amount": {"dice": "1d4", "flat": 1}}})";

TEST(RefItemUse, a_use_is_accepted_and_spends_a_budget_or_is_free) {
  expect_accepted(armed(kTonic));
  expect_refused(armed(with(kTonic, "/use/budget", "")), Code::MissingKey, "/catalogs/0/entries/0/item/use/budget",
                 "or is `free`");
  expect_refused(armed(with(kTonic, "/use/free", "true")), Code::ConflictingKeys, "/catalogs/0/entries/0/item/use/free",
                 "no budget");
}

TEST(RefItemUse, a_use_pays_with_itself_so_it_carries_no_price_of_an_entry) {
  // "a `cost`, `perCostStep`, `check`, `concentration`, `reaction`, `scales`, `gives`, `standard`
  // or `rider` is for a catalog entry a sheet holds, and is refused on a use".
  for (const char* key :
       {"cost", "perCostStep", "check", "concentration", "reaction", "scales", "gives", "standard", "rider"}) {
    SCOPED_TRACE(key);
    const LoadResult r = test::load(armed(with(kTonic, std::string("/use/") + key, "true")));
    EXPECT_TRUE(test::has_error(r, Code::UnknownKey, std::string("/catalogs/0/entries/0/item/use/") + key))
        << test::describe(r);
  }
}

TEST(RefItemUse, clause_rules) {
  expect_refused(armed(with(with(kTonic, "/use/amount", ""), "/use/plus", R"([{"dice": "1d4"}])")), Code::MissingKey,
                 "/catalogs/0/entries/0/item/use/plus", "amount");
  expect_refused(armed(with(kTonic, "/use/plus", R"([{"dice": "1d4"}])")), Code::BadValue,
                 "/catalogs/0/entries/0/item/use/plus", "heal carries no damage clauses");
}

TEST(RefItemUse, a_use_that_uses_the_item_up_spends_no_charges) {
  expect_refused(armed(with(kTonic, "/use/charges", "1")), Code::ConflictingKeys,
                 "/catalogs/0/entries/0/item/use/charges", "uses the item up");
}

TEST(RefItemUse, a_save_needs_its_number) {
  const std::string dart =
      R"({"category": "weapon", "use": {"kind": "attack", "budget": "action", "amount": {"dice": "1d6"},
    "save": {"save": "nerve_save", "onSuccess": "half"}}})";
  expect_refused(armed(dart), Code::MissingKey, "/catalogs/0/entries/0/item/use/saveDifficulty", "saved against");
  expect_accepted(armed(with(dart, "/use/saveDifficulty", "12")));
  expect_refused(armed(with(with(dart, "/use/saveDifficulty", "12"), "/use/save/save", R"("grit_save")")),
                 Code::UnknownReference, "/catalogs/0/entries/0/item/use/save/save", "`grit_save`");
}

TEST(RefItemUse, a_to_hit_is_for_a_use_that_rolls) {
  expect_refused(
      armed(R"({"category": "weapon", "use": {"kind": "attack", "budget": "action", "toHit": {"bonus": 2}}})"),
      Code::BadValue, "/catalogs/0/entries/0/item/use/toHit", "rolls to hit");
}

TEST(RefItemUse, restore_rules) {
  const std::string bag =
      R"({"category": "ammunition", "use": {"kind": "buff", "budget": "action", "restore": {"pool": "luck", "amount": {"flat": 1}}}})";
  expect_accepted(armed(bag));
  expect_refused(armed(with(bag, "/use/restore/amount", "{}")), Code::MissingKey,
                 "/catalogs/0/entries/0/item/use/restore/amount", "how much");
  expect_refused(armed(with(bag, "/use/kind", R"("debuff")")), Code::BadValue, "/catalogs/0/entries/0/item/use/restore",
                 "helps");
  expect_refused(armed(with(bag, "/use/restore/pool", R"("grit")")), Code::BadValue,
                 "/catalogs/0/entries/0/item/use/restore/pool", "with a heal");
}

TEST(RefItemUse, charges_belong_to_a_use_and_a_stack_of_one) {
  const std::string wand =
      R"({"category": "weapon", "stack": 1, "use": {"kind": "attack", "budget": "action", "charges": 1,
    "amount": {"dice": "2d6"}}, "charges": {"max": 3, "recharge": {"rests": ["camp"], "amount": "max"}, "breaksOn": {"die": 20, "atMost": 1}}})";
  expect_accepted(armed(wand));
  expect_refused(armed(with(wand, "/stack", "")), Code::BadValue, "/catalogs/0/entries/0/item/stack", "one to a stack");
  expect_refused(armed(with(wand, "/use/charges", "")), Code::MissingKey, "/catalogs/0/entries/0/item/charges",
                 "spends some");
  expect_refused(armed(with(wand, "/charges", "")), Code::MissingKey, "/catalogs/0/entries/0/item/use/charges",
                 "holds some");
  expect_refused(armed(with(wand, "/charges/breaksOn/atMost", "21")), Code::OutOfRange,
                 "/catalogs/0/entries/0/item/charges/breaksOn/atMost", "die's own faces");
  expect_refused(armed(with(wand, "/charges/recharge/rests/0", R"("nap")")), Code::UnknownReference,
                 "/catalogs/0/entries/0/item/charges/recharge/rests/0", "`nap`");
  expect_refused(armed(with(wand, "/charges/recharge/amount", "{}")), Code::MissingKey,
                 "/catalogs/0/entries/0/item/charges/recharge/amount", "how many come back");
}

TEST(RefItemUse, gate_names_what_is_rolled) {
  const std::string scroll = R"({"category": "weapon", "use": {"kind": "buff", "budget": "action",
    "gate": {"check": {"skill": "lore_skill"}, "difficulty": 12, "unless": {"value": {"abilityScore": "wits"}, "atLeast": 4}}}})";
  expect_refused(armed(scroll), Code::UnknownReference, "/catalogs/0/entries/0/item/use/gate/check/skill",
                 "`lore_skill`");
  expect_accepted(armed(with(scroll, "/use/gate/check", R"({"skill": "sneak"})")));
}

// ---------------------------------------------------------------------------------------------
// Capability API gates 1.49–1.62: a package declaring exactly the minor is accepted, one below refused.

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

const std::string kPlainItems =
    R"({"categories": [{"id": "weapon", "label": "Weapon"}], "slots": [{"id": "hands", "label": "Hands", "count": 2}],
  "tags": [{"id": "arrow", "label": "Arrow"}]})";
std::string gated(const std::string& item) { return ruleset(kPlainItems, kCombat, "", entry(item)); }

TEST(RefItemGates, items_block_needs_1_49) { expect_gate(ruleset(kPlainItems), 49, "/items"); }
TEST(RefItemGates, rarity_caps_and_propose_need_1_51) {
  expect_gate(ruleset(with(kPlainItems, "/propose", "false")), 51, "/items/propose");
}
TEST(RefItemGates, worn_needs_1_53) {
  expect_gate(gated(R"({"category": "weapon", "worn": {"effects": ["own-checks-advantage"]}})"), 53,
              "/catalogs/0/entries/0/item/worn");
}
TEST(RefItemGates, requires_needs_1_54) {
  expect_gate(gated(R"({"category": "weapon", "requires": [{"value": {"abilityScore": "brawn"}, "atLeast": 2,
    "otherwise": {"effects": ["own-checks-disadvantage"]}}]})"),
              54, "/catalogs/0/entries/0/item/requires");
}
TEST(RefItemGates, attack_needs_1_55) {
  expect_gate(
      gated(
          R"({"category": "weapon", "slots": {"hands": 1}, "attack": {"budget": "action", "damage": {"dice": "1d6"}}})"),
      55, "/catalogs/0/entries/0/item/attack");
}
TEST(RefItemGates, fight_effects_need_1_56) {
  expect_gate(gated(R"({"category": "weapon", "worn": {"modifiers": [{"to": "defense", "flat": 1}]}})"), 56,
              "/catalogs/0/entries/0/item/worn");
}
TEST(RefItemGates, ammo_needs_1_57) {
  expect_gate(
      gated(R"({"category": "weapon", "slots": {"hands": 2}, "attack": {"budget": "action", "damage": {"dice": "1d8"},
    "ammo": {"tag": "arrow"}}})"),
      57, "/catalogs/0/entries/0/item/attack/ammo");
}
TEST(RefItemGates, floor_needs_1_58) {
  expect_gate(
      gated(
          R"({"category": "weapon", "slots": {"hands": 1}, "attack": {"budget": "action", "damage": {"dice": "1d6"}, "floor": 1}})"),
      58, "/catalogs/0/entries/0/item/attack/floor");
}
TEST(RefItemGates, use_needs_1_59) {
  expect_gate(gated(R"({"category": "weapon", "use": {"kind": "heal", "budget": "action", "amount": {"flat": 2}}})"),
              59, "/catalogs/0/entries/0/item/use");
}
TEST(RefItemGates, restore_needs_1_60) {
  expect_gate(
      gated(
          R"({"category": "weapon", "use": {"kind": "buff", "budget": "action", "restore": {"pool": "luck", "amount": {"flat": 1}}}})"),
      60, "/catalogs/0/entries/0/item/use/restore");
}
TEST(RefItemGates, breaks_on_needs_1_61) {
  expect_gate(
      gated(
          R"({"category": "weapon", "stack": 1, "use": {"kind": "heal", "budget": "action", "charges": 1, "amount": {"flat": 1}},
    "charges": {"max": 2, "breaksOn": {"die": 20, "atMost": 1}}})"),
      61, "/catalogs/0/entries/0/item/charges/breaksOn");
}
TEST(RefItemGates, gate_needs_1_62) {
  expect_gate(
      gated(
          R"({"category": "weapon", "use": {"kind": "buff", "budget": "action", "gate": {"check": {"ability": "wits"}, "difficulty": 10}}})"),
      62, "/catalogs/0/entries/0/item/use/gate");
}

}  // namespace
}  // namespace rk
