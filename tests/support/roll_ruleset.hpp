#pragma once
// A Call-of-Cthulhu-like sheet for the creation-roll and initialize tests (builder-c.md §7, §11 and
// worked examples E1, E4): the eight characteristics (15 – 99, EDU 70 and POW 50 by default), number
// fields Luck, hit points, a strength potential and its characteristic (62), a starting Sanity and
// experience, a text and an enum field, a live Sanity pool that starts from `san_start` (BC-60),
// and a derived `occupation_points` (EDU x 4) a pool may use.
#include <string>

namespace rk::test {

/// `steps` are the builder's steps; `pools` the JSON array of `sheet.builder.pools` (without key);
/// without `live`, no Sanity pool (whose `startFrom` needs Capability API 1.158).
inline std::string roll_ruleset(const std::string& steps, const std::string& pools = "[]", bool live = true) {
  std::string abilities;
  for (const char* id : {"str", "con", "siz", "dex", "app", "int", "pow", "edu"}) {
    if (!abilities.empty()) abilities += ", ";
    const std::string def = std::string(id) == "edu" ? "70" : "50";
    abilities += std::string(R"({"id": ")") + id + R"(", "label": ")" + id + R"(", "min": 15, "max": 99, "default": )" +
                 def + "}";
  }
  return R"({"id": "rolls", "label": "Rolls",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
    "proficiencyTiers": [{"id": "none", "label": "None"}, {"id": "trained", "label": "Trained", "flat": 1}],
    "difficultyLadder": [{"label": "Regular", "dc": 10}]},
  "sheet": {
    "abilities": [)" +
         abilities + R"(],
    "fields": [{"id": "luck", "label": "Luck", "type": "number", "min": 0, "max": 99},
               {"id": "hp", "label": "Hit points", "type": "number", "min": 0, "max": 30},
               {"id": "st_temp", "label": "ST", "type": "number", "min": 0, "max": 100, "default": 62},
               {"id": "st_potential", "label": "ST potential", "type": "number", "min": 0, "max": 100},
               {"id": "san_start", "label": "Starting Sanity", "type": "number", "min": 0, "max": 99},
               {"id": "xp", "label": "Experience", "type": "number", "min": 0, "max": 1000},
               {"id": "accounting", "label": "Accounting", "type": "number", "min": 0, "max": 99, "default": 5},
               {"id": "motto", "label": "Motto", "type": "text", "maxLength": 80},
               {"id": "era", "label": "Era", "type": "enum", "values": ["1920s", "modern"]}],
    "derived": [{"id": "occupation_points", "label": "Occupation points", "op": "scale", "of": {"abilityScore": "edu"}, "multiplier": 4}],
    )" +
         std::string(
             live
                 ? R"("live": {"pools": [{"id": "san", "label": "Sanity", "max": {"const": 99}, "startFrom": {"field": "san_start"}}]},)"
                 : "") +
         R"(
    "builder": {"pools": )" +
         pools + R"(, "steps": [)" + steps + R"(]}}})";
}

/// One pool `creation` of 20 points.
inline std::string roll_pool() { return R"([{"id": "creation", "label": "Creation", "budget": 20}])"; }

/// A roll step `luck` with `rolls` (the JSON objects, comma-separated) and extra keys (", \"retry\": true").
inline std::string roll_step(const std::string& rolls, const std::string& extra = "") {
  return R"({"id": "luck", "label": "Rolls", "kind": "roll", "rolls": [)" + rolls + "]" + extra + "}";
}

}  // namespace rk::test
