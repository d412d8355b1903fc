#pragma once
// Fixtures of the reference format's items, battle and combat tests: a small sheet (in the
// project's current sheet dialect) that every block below can name, Ember Roads' own `items`
// block (writing-rulesets.md "The items block"), and a minimal `combat` block.
#include <string>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "support/load.hpp"

namespace rk::reftest {

inline const std::string kSheet = R"({
  "abilities": [{"id": "brawn", "label": "Brawn", "min": 1, "max": 5, "default": 1}, {"id": "wits", "label": "Wits", "min": 1, "max": 5, "default": 1},
                {"id": "heart", "label": "Heart", "min": 1, "max": 5, "default": 1}],
  "skills": [{"id": "sneak", "label": "Sneak", "ability": "wits"}, {"id": "climb", "label": "Climb", "ability": "brawn"}],
  "saves": [{"id": "nerve_save", "label": "Nerve", "ability": "heart"}],
  "fields": [{"id": "guard_base", "label": "Guard", "type": "number", "min": 0, "max": 30, "default": 10},
             {"id": "lore", "label": "Lore", "type": "text", "maxLength": 200}],
  "lists": [{"id": "gear", "label": "Gear", "maxItems": 500, "columns": [
      {"id": "name", "label": "Name", "type": "text", "maxLength": 200}, {"id": "damage", "label": "Damage", "type": "dice"},
      {"id": "swing", "label": "Swing", "type": "enum", "values": ["brawn", "wits"]},
      {"id": "bonus", "label": "Bonus", "type": "number", "min": -5, "max": 5},
      {"id": "trained", "label": "Trained", "type": "boolean"}, {"id": "reach", "label": "Reach", "type": "number", "min": 0, "max": 100}]},
    {"id": "knacks", "label": "Knacks", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
      {"id": "prepared", "label": "Prepared", "type": "boolean"}, {"id": "tier", "label": "Tier", "type": "number", "min": 0, "max": 9}]}],
  "derived": [{"id": "load", "label": "Load", "op": "sum", "of": [{"abilityScore": "brawn"}, {"const": 4}]}],
  "live": {
    "pools": [{"id": "grit", "label": "Grit", "max": 10}, {"id": "luck", "label": "Luck", "max": 3},
              {"id": "stress", "label": "Stress", "max": 6, "start": "empty"}, {"id": "slots_1", "label": "Slots", "max": 2}],
    "tracks": [{"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6},
               {"id": "saves_won", "label": "Saves won", "min": 0, "max": 3}, {"id": "saves_lost", "label": "Saves lost", "min": 0, "max": 3},
               {"id": "harm", "label": "Harm", "min": 0, "max": 3, "levels": [{"label": "Scuffed", "penalty": 0}, {"label": "Hurt", "penalty": -1}, {"label": "Down", "penalty": -99}],
                "kinds": [{"id": "bruise", "label": "B", "severity": 0}, {"id": "wound", "label": "W", "severity": 1}]}],
    "conditions": [{"id": "shaken", "label": "Shaken"}, {"id": "grabbed", "label": "Grabbed"}, {"id": "prone", "label": "Prone"}]
  }
})";

/// The top-level rests beside kSheet: the camp an item's charges recharge on.
inline const std::string kRests = R"([{"id": "camp", "label": "Camp", "restore": [{"pool": "grit", "to": "max"}]}])";

/// Ember Roads' items block, as writing-rulesets.md shows it ("The items block").
inline const std::string kEmberItems = R"({
  "categories": [{"id": "weapon", "label": "Weapon"}, {"id": "armor", "label": "Armor"}, {"id": "ammunition", "label": "Ammunition"}],
  "rarities": [{"id": "common", "label": "Common"}, {"id": "storied", "label": "Storied"}],
  "tags": [{"id": "thrown", "label": "Thrown"}, {"id": "ranged", "label": "Ranged"}, {"id": "two_handed", "label": "Two-handed"},
           {"id": "arrow", "label": "Arrow"}],
  "stats": [
    {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10, "default": 0},
    {"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4, "default": 0},
    {"id": "damage", "label": "Damage", "type": "dice", "example": "1d6"},
    {"id": "swing", "label": "Rolls with", "type": "enum", "values": ["brawn", "wits", "heart"], "default": "brawn"},
    {"id": "reach", "label": "Reach", "type": "enum", "values": ["close", "near", "far"], "default": "close"}
  ],
  "slots": [{"id": "body", "label": "Body", "count": 1}, {"id": "hands", "label": "Hands", "count": 2}],
  "carry": {"stat": "bulk", "encumberedAbove": {"derived": "load"}, "limit": {"const": 12}},
  "rarityCaps": [{"rarity": "common", "stats": {"guard": 1}, "bonus": 1}, {"rarity": "storied", "stats": {"guard": 3}, "bonus": 2}],
  "currencies": [
    {"id": "coin", "label": "Coin", "perWeight": 100, "units": [{"id": "bit", "label": "bits", "value": 1},
      {"id": "mark", "label": "marks", "value": 10}, {"id": "sovereign", "label": "sovereigns", "value": 100}]},
    {"id": "salt", "label": "Salt", "perWeight": 10, "units": [{"id": "pinch", "label": "pinches", "value": 1},
      {"id": "cake", "label": "cakes", "value": 20}]}
  ]
})";

/// A small attack-vs-defense combat block over kSheet.
inline const std::string kCombat = R"({
  "kind": "attack-vs-defense",
  "health": {"pool": "grit"},
  "defense": {"field": "guard_base"},
  "initiative": {"dice": {"count": 1, "sides": 20}, "modifier": {"abilityMod": "wits"}},
  "attackRoll": {"dice": {"count": 1, "sides": 20}, "naturals": {"max": "critical", "min": "miss"}, "critical": "double-dice"},
  "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}, {"id": "bonus", "label": "Bonus", "per": "turn"}]},
  "distance": {"label": "ft", "perCell": 5},
  "damageTypes": ["slashing", "Fire"]
})";

/// The hunting bow of writing-rulesets.md "An item".
inline const std::string kHuntingBow = R"({"id": "hunting-bow", "label": "Hunting bow",
  "summary": "Yew, waxed string, and a grip worn smooth by someone else's hand.",
  "item": {"category": "weapon", "rarity": "common", "tags": ["ranged", "two_handed"],
           "stats": {"bulk": 2, "damage": "1d8", "swing": "wits", "reach": "far"}, "slots": {"hands": 2},
           "cost": {"amount": 3, "unit": "sovereign"}}})";

/// The proficiency tiers a sheet with skills and saves needs.
inline const std::string kTiers =
    R"([{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}])";

/// Parses a JSON text (test fixtures are well-formed).
inline boost::json::value parse(const std::string& text) { return boost::json::parse(text); }

/// A ruleset with the fixture sheet and the given top-level blocks (empty strings are left out)
/// and one items catalog holding `entries` (a JSON array text, or empty for no catalog).
inline std::string ruleset(const std::string& items, const std::string& combat = "", const std::string& battle = "",
                           const std::string& entries = "", const std::string& resolution = "") {
  boost::json::object root;
  root["id"] = "ref";
  root["label"] = "Ref";
  root["sheet"] = parse(kSheet);
  root["rests"] = parse(kRests);
  if (!items.empty()) root["items"] = parse(items);
  if (!combat.empty()) root["combat"] = parse(combat);
  if (!battle.empty()) root["battle"] = parse(battle);
  root["resolution"] =
      parse(resolution.empty()
                ? R"({"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": )" +
                      kTiers + R"(, "difficultyLadder": [{"label": "Hard", "dc": 15}]})"
                : resolution);
  if (!entries.empty()) {
    boost::json::object catalog;
    catalog["id"] = "outfitter";
    catalog["label"] = "Outfitter";
    catalog["holds"] = "items";
    catalog["entries"] = parse(entries);
    root["catalogs"] = boost::json::array{catalog};
  }
  return boost::json::serialize(root);
}

/// `base` (a JSON object text) with the value at `pointer` replaced by `value` (or removed when
/// `value` is empty). The pointer's parents must exist.
inline std::string with(const std::string& base, const std::string& pointer, const std::string& value) {
  boost::json::value root = parse(base);
  const auto slash = pointer.rfind('/');
  boost::json::value& parent = slash == 0 ? root : root.at_pointer(pointer.substr(0, slash));
  const std::string key = pointer.substr(slash + 1);
  if (parent.is_array()) {
    auto& a = parent.as_array();
    const std::size_t i = std::stoul(key);
    if (value.empty())
      a.erase(a.begin() + static_cast<std::ptrdiff_t>(i));
    else if (i == a.size())
      a.push_back(parse(value));
    else
      a[i] = parse(value);
  } else if (value.empty()) {
    parent.as_object().erase(key);
  } else {
    parent.as_object()[key] = parse(value);
  }
  return boost::json::serialize(root);
}

/// The message of the first error at `pointer` with `code`, or "" when there is none.
inline std::string message_at(const LoadResult& r, Code code, std::string_view pointer) {
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity == Severity::Error && d.code == code && d.pointer == pointer) return d.message;
  }
  return "";
}

/// Loads `text`, expects it refused with `code` at `pointer`, the message naming `fact`.
inline void expect_refused(const std::string& text, Code code, const std::string& pointer, const std::string& fact) {
  const LoadResult r = test::load(text);
  EXPECT_FALSE(r.ok());
  const std::string message = message_at(r, code, pointer);
  EXPECT_NE(message, "") << "expected " << code_name(code) << " at " << pointer << "\n" << test::describe(r);
  EXPECT_NE(message.find(fact), std::string::npos) << message;
}

inline void expect_accepted(const std::string& text) {
  const LoadResult r = test::load(text);
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

}  // namespace rk::reftest
