#pragma once
// A World-of-Darkness-like ruleset for the allocate tests (builder-b.md §1 – §8): nine abilities
// rated 0 – 10, two skills, a save, a number and a text field, tiers none / trained / expert, and a
// `gifts` catalog whose one entry `gift` takes `entry_extra`.
#include <string>

namespace rk::test {

/// The spec's own allocate step (the BB-3 example, verbatim).
inline const std::string kWodAttributesStep = R"({
"id": "attributes", "label": "Attributes", "kind": "allocate", "priorities": [7, 5, 3], "annotations": true,
"groups": [
{ "id": "physical", "label": "Physical", "targets": [{ "ability": "strength" }, { "ability": "dexterity" }, { "ability": "stamina" }], "base": 1, "min": 1, "max": 5 },
{ "id": "social", "label": "Social", "targets": [{ "ability": "charisma" }, { "ability": "manipulation" }, { "ability": "appearance" }], "base": 1, "min": 1, "max": 5 },
{ "id": "mental", "label": "Mental", "targets": [{ "ability": "perception" }, { "ability": "intelligence" }, { "ability": "wits" }], "base": 1, "min": 1, "max": 5 }
] })";

/// The spec's rating tier tables (BB-23, verbatim).
inline const std::string kWodRatingTiers = R"(, "ratingTiers": [
{ "target": { "skill": "athletics" }, "tiers": ["none", "trained", "expert"] },
{ "target": { "save": "will" }, "tiers": ["none", "trained"] }
])";

/// A World-of-Darkness-like sheet: nine abilities rated 0 – 10, two skills, a save, a number and a
/// text field, tiers none / trained / expert, and a `gifts` catalog with `entry` as its one entry.
inline std::string wod_ruleset(const std::string& steps, const std::string& builder_extra = kWodRatingTiers,
                               const std::string& entry_extra = "", const std::string& more_entries = "") {
  std::string abilities;
  for (const char* id : {"strength", "dexterity", "stamina", "charisma", "manipulation", "appearance", "perception",
                         "intelligence", "wits"}) {
    if (!abilities.empty()) abilities += ", ";
    abilities += std::string(R"({"id": ")") + id + R"(", "label": ")" + id + R"(", "min": 0, "max": 10, "default": 0})";
  }
  return R"({"id": "wod", "label": "WoD",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
    "proficiencyTiers": [{"id": "none", "label": "None"}, {"id": "trained", "label": "Trained", "flat": 1}, {"id": "expert", "label": "Expert", "flat": 2}],
    "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [)" +
         abilities + R"(],
    "skills": [{"id": "athletics", "label": "Athletics", "ability": "strength"}, {"id": "empathy", "label": "Empathy", "ability": "perception"}],
    "saves": [{"id": "will", "label": "Will", "ability": "wits"}],
    "fields": [{"id": "generation", "label": "Generation", "type": "number", "min": 0, "max": 13},
               {"id": "clan", "label": "Clan", "type": "text", "maxLength": 40}],
    "derived": [{"id": "archetype_floor", "label": "Floor", "op": "sum", "of": [{"const": 1}]},
                {"id": "strong", "label": "Strong", "op": "sum", "of": [{"abilityScore": "strength"}]}],
    "live": {"pools": [{"id": "blood", "label": "Blood", "max": 10}]},
    "lists": [{"id": "gifts", "label": "Gifts", "maxItems": 50, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 80}]}],
    "builder": {"steps": [)" +
         steps + "]" + builder_extra + R"(}},
  "catalogs": [{"id": "gifts", "label": "Gifts", "feeds": ["gifts"],
    "entries": [{"id": "gift", "label": "Gift", "rows": [{"list": "gifts", "values": {"name": "Gift"}}])" +
         entry_extra + "}" + more_entries + "]}]}";
}

}  // namespace rk::test
