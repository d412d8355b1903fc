#pragma once
// The sheet and catalogs of builder-a.md's own examples (BA-5, BA-34, BA-67), shared by the
// builder tests.
#include <string>

namespace rk::builder_test {

// The sheet and catalogs the examples of builder-a.md need (BA-5, BA-34, BA-67).
inline std::string spec_ruleset(const std::string& steps) {
  return R"({"id": "srd", "label": "SRD",
    "sheet": {
      "abilities": [{"id": "str", "label": "Str", "min": 1, "max": 30, "default": 1}, {"id": "dex", "label": "Dex", "min": 1, "max": 30, "default": 1},
                    {"id": "con", "label": "Con", "min": 1, "max": 30, "default": 1}, {"id": "int", "label": "Int", "min": 1, "max": 30, "default": 1},
                    {"id": "wis", "label": "Wis", "min": 1, "max": 30, "default": 1}, {"id": "cha", "label": "Cha", "min": 1, "max": 30, "default": 1}],
      "skills": [{"id": "insight", "label": "Insight", "ability": "wis"}, {"id": "stealth", "label": "Stealth", "ability": "dex"}],
      "fields": [{"id": "race", "label": "Race", "type": "text", "maxLength": 200}, {"id": "class", "label": "Class", "type": "text", "maxLength": 200},
                 {"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20},
                 {"id": "background", "label": "Background", "type": "text", "maxLength": 200},
                 {"id": "speed", "label": "Speed", "type": "number", "min": 0, "max": 120}],
      "lists": [{"id": "features", "label": "Features", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]},
                {"id": "spells", "label": "Spells", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
                                                                 {"id": "class", "label": "Class", "type": "text", "maxLength": 200}]}],
      "builder": {"tier": "proficient", "steps": [)" +
         steps + R"(]}},
    "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "proficient", "label": "Proficient", "flat": 2},
                                        {"id": "expertise", "label": "Expertise", "flat": 4}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
    "catalogs": [
      {"id": "races", "label": "Races", "feeds": ["features"], "filters": [{"id": "parent", "label": "Parent", "type": "text"}],
       "entries": [
         {"id": "half-elf", "label": "Half-Elf",
          "grants": {
            "abilities": { "add": { "cha": 2 }, "choose": [{ "count": 2, "amount": 1, "except": ["cha"] }] },
            "trained": { "skills": [], "saves": [], "choose": [{ "what": "skills", "count": 2 }] },
            "sets": { "speed": 30 }}},
         {"id": "dwarf", "label": "Dwarf", "rows": [{"list": "features", "values": {"name": "Darkvision"}}]},
         {"id": "hill-dwarf", "label": "Hill Dwarf", "filters": {"parent": "dwarf"}, "rows": [{"list": "features", "values": {"name": "Toughness"}}]}]},
      {"id": "classes", "label": "Classes", "filters": [{"id": "level", "label": "Level", "type": "number"}],
       "entries": [{"id": "wizard", "label": "Wizard", "grants": {"sets": {"level": 1}}}]},
      {"id": "spells", "label": "Spells", "feeds": ["spells"], "filters": [{"id": "class_ids", "label": "Classes", "type": "tags"}],
       "entries": [{"id": "magic-missile", "label": "Magic Missile", "filters": {"class_ids": ["wizard"]},
                    "rows": [{"list": "spells", "values": {"name": "Magic Missile"}}]}]}]})";
}

inline const std::string kSpecSteps = R"(
{ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races", "field": "race" },
{ "id": "subrace", "label": "Subrace", "kind": "catalog", "catalog": "races", "min": 0,
"within": { "step": "race", "filter": "parent" } },
{ "id": "class", "label": "Class", "kind": "catalog", "catalog": "classes", "field": "class" },
{ "id": "level", "label": "Level", "kind": "fields", "fields": ["level", "background"] },
{ "id": "scores", "label": "Ability Scores", "kind": "abilities", "methods": {
"pointBuy": { "budget": 27, "costs": [[8, 0], [9, 1], [10, 2], [11, 3], [12, 4], [13, 5], [14, 7], [15, 9]] },
"standardArray": [15, 14, 13, 12, 10, 8],
"roll": { "count": 4, "sides": 6, "keep": 3 },
"manual": true } },
{ "id": "skills", "label": "Proficiencies", "kind": "trained" },
{ "id": "gear", "label": "Equipment", "kind": "startingGear" })";

}  // namespace rk::builder_test
