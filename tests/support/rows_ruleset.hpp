#pragma once
// A sheet for the rows-step tests (builder-c.md §1, §1a, §8 and worked examples E5, E6): the
// spec's own `retainers` and `hit_point_rolls` steps, a patron pick that writes a retainer row, a
// `charms` list priced by its `cost` column from the `bonus` pool, and a priced `gifts` catalog.
#include <string>

namespace rk::test {

/// The default steps: the spec's `retainers` (BC-1) and `hit_point_rolls` (BC-10) examples, after a
/// `patron` catalog step whose entry writes a retainer row (BC-8).
inline const std::string kRowsSteps = R"(
{ "id": "patron", "label": "Patron", "kind": "catalog", "catalog": "patrons", "min": 0 },
{ "id": "retainers", "label": "Retainers", "kind": "rows", "list": "retainers",
  "columns": ["name", "role", "loyalty"], "required": ["name"], "min": 1, "max": 4,
  "defaults": { "role": "Hireling" } },
{ "id": "hit_point_rolls", "label": "Hit point rolls", "kind": "rows", "list": "hp_rolls",
  "required": ["die", "roll"], "countFrom": { "derived": "hp_rolls_due" } })";

/// `steps` are the builder's steps (JSON objects, comma-separated); `builder` more keys of
/// `sheet.builder` (`, "constraints": [...]`).
inline std::string rows_ruleset(const std::string& steps = kRowsSteps, const std::string& builder = "") {
  return R"({"id": "rows", "label": "Rows",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
    "proficiencyTiers": [{"id": "none", "label": "None"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [{"id": "con", "label": "CON", "min": 1, "max": 20, "default": 10}],
    "fields": [{"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1},
               {"id": "rank", "label": "Rank", "type": "number", "min": 0, "max": 10},
               {"id": "approved", "label": "Storyteller approval", "type": "boolean"},
               {"id": "dragon", "label": "Dragon-Blooded", "type": "number", "min": 0, "max": 1},
               {"id": "lunar", "label": "Lunar", "type": "number", "min": 0, "max": 1}],
    "derived": [{"id": "level_less_1", "label": "Levels after the 1st", "op": "sum", "of": [{"field": "level"}, {"const": -1}]},
                {"id": "hp_rolls_due", "label": "Hit point rolls due", "op": "max", "of": [{"const": 0}, {"derived": "level_less_1"}]},
                {"id": "bonus_points", "label": "Bonus points", "op": "sum", "of": [{"const": 10}]},
                {"id": "con_14", "label": "CON 14 or more", "op": "stepTable", "from": {"abilityScore": "con"}, "table": [[0, 0], [14, 1]]}],
    "lists": [
      {"id": "retainers", "label": "Retainers", "maxItems": 6, "columns": [
        {"id": "name", "label": "Name", "type": "text", "maxLength": 80},
        {"id": "role", "label": "Role", "type": "text", "maxLength": 80},
        {"id": "loyalty", "label": "Loyalty", "type": "number", "min": 0, "max": 12, "default": 7}]},
      {"id": "hp_rolls", "label": "Hit point rolls", "maxItems": 40, "columns": [
        {"id": "die", "label": "Die", "type": "text", "maxLength": 8},
        {"id": "roll", "label": "Roll", "type": "number", "min": 1, "max": 12}]},
      {"id": "charms", "label": "Charms", "maxItems": 10, "columns": [
        {"id": "name", "label": "Name", "type": "text", "maxLength": 80},
        {"id": "cost", "label": "Cost", "type": "number", "min": -10, "max": 10}]},
      {"id": "gifts", "label": "Gifts", "maxItems": 10, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 80}]},
      {"id": "traits", "label": "Traits", "maxItems": 20, "columns": [
        {"id": "name", "label": "Name", "type": "text", "maxLength": 80},
        {"id": "cost", "label": "Cost", "type": "number", "min": -30, "max": 30}]}],
    "builder": {"pools": [{"id": "bonus", "label": "Bonus points", "budget": {"derived": "bonus_points"}, "creditLimit": 5}],
      "steps": [)" +
         steps + "]" + builder + R"(}},
  "catalogs": [
    {"id": "patrons", "label": "Patrons", "feeds": ["retainers"],
     "entries": [{"id": "old-soldier", "label": "Old soldier", "rows": [{"list": "retainers", "values": {"name": "Old soldier", "role": "Guard"}}]}]},
    {"id": "charm_book", "label": "Charm book", "feeds": ["charms"],
     "entries": [{"id": "ember", "label": "Ember charm", "rows": [{"list": "charms", "values": {"name": "Ember charm", "cost": 3}}]},
                 {"id": "costly", "label": "Costly charm", "rows": [{"list": "charms", "values": {"name": "Costly charm", "cost": 9}}]},
                 {"id": "cursed", "label": "Cursed, a flaw", "rows": [{"list": "charms", "values": {"name": "Cursed", "cost": -3}}]}]
},
    {"id": "boons", "label": "Boons", "entries": [{"id": "tough", "label": "Tough", "grants": {"abilities": {"add": {"con": 4}}}}]},
    {"id": "paths", "label": "Paths", "feeds": ["gifts"], "entries": [
      {"id": "iron", "label": "Iron path", "offeredWhen": {"derived": "con_14"}, "rows": [{"list": "gifts", "values": {"name": "Iron path"}}]}]},
    {"id": "gifts", "label": "Gifts", "feeds": ["gifts"], "filters": [{"id": "tier", "label": "Tier", "type": "number"}],
     "entries": [{"id": "small", "label": "Small gift", "filters": {"tier": 2}, "rows": [{"list": "gifts", "values": {"name": "Small gift"}}]},
                 {"id": "great", "label": "Great gift", "filters": {"tier": 12}, "rows": [{"list": "gifts", "values": {"name": "Great gift"}}]}]}]
})";
}

/// The priced steps of E6: `charms` rows paid by their `cost` column from `bonus` (BC-63, BC-64),
/// priced `gifts` picks (BC-62), and a spend step `buy` on the same pool.
inline const std::string kPricedSteps = R"(
{ "id": "charms", "label": "Charms", "kind": "rows", "list": "charms", "pool": "bonus", "cost": { "column": "cost" },
  "from": "charm_book" },
{ "id": "gifts", "label": "Gifts", "kind": "catalog", "catalog": "gifts", "min": 0, "max": 2, "pool": "bonus",
  "cost": { "filter": "tier" } },
{ "id": "buy", "label": "Buy", "kind": "spend", "pool": "bonus",
  "offers": [{ "id": "rank", "label": "Rank", "target": { "field": "rank" }, "cost": { "flat": 2 }, "min": 0, "max": 10 }] })";

}  // namespace rk::test
