#pragma once
// A points-bought sheet for the spend tests (builder-b.md §9 – §20): GURPS-like attributes st, dx,
// iq, ht (1 – 20, default 10), OSE-like int and wis (3 – 18), number fields for the worked examples
// (`rank` starting at 2, `background` at 0, `basic_speed` a non-integer 5, `accounting` 0 – 99,
// `familiarity` and its default 3), a `career` field an override reads, and a `perks` catalog whose
// entries grant free ratings.
#include <string>

namespace rk::test {

/// `steps` are the builder's steps; `pools` the JSON array of `sheet.builder.pools` (without key).
inline std::string points_ruleset(const std::string& steps, const std::string& pools, const std::string& perks = "") {
  std::string abilities;
  for (const char* id : {"st", "dx", "iq", "ht"}) {
    if (!abilities.empty()) abilities += ", ";
    abilities +=
        std::string(R"({"id": ")") + id + R"(", "label": ")" + id + R"(", "min": 1, "max": 20, "default": 10})";
  }
  abilities += R"(, {"id": "int", "label": "INT", "min": 3, "max": 18, "default": 10},
                   {"id": "wis", "label": "WIS", "min": 3, "max": 18, "default": 13})";
  return R"({"id": "points", "label": "Points",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
    "proficiencyTiers": [{"id": "none", "label": "None"}, {"id": "trained", "label": "Trained", "flat": 1}],
    "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [)" +
         abilities + R"(],
    "fields": [{"id": "rank", "label": "Rank", "type": "number", "min": 0, "max": 10, "default": 2},
               {"id": "background", "label": "Background", "type": "number", "min": 0, "max": 10},
               {"id": "basic_speed", "label": "Basic Speed", "type": "number", "min": 0, "max": 10, "integer": false, "default": 5},
               {"id": "accounting", "label": "Accounting", "type": "number", "min": 0, "max": 99, "default": 5},
               {"id": "familiarity", "label": "Familiarity", "type": "number", "min": 0, "max": 10, "default": 3},
               {"id": "career", "label": "Career", "type": "number", "min": 0, "max": 1}],
    "derived": [{"id": "points", "label": "Points", "op": "sum", "of": [{"const": 100}]},
                {"id": "interest_points", "label": "Interest", "op": "sum", "of": [{"const": 20}]},
                {"id": "career_affinity", "label": "Affinity", "op": "sum", "of": [{"field": "career"}]}],
    "lists": [{"id": "perks", "label": "Perks", "maxItems": 20, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 80}]}],
    "builder": {"pools": )" +
         pools + R"(, "steps": [)" + steps + R"(]}},
  "catalogs": [{"id": "perks", "label": "Perks", "feeds": ["perks"],
    "entries": [{"id": "plain", "label": "Plain", "rows": [{"list": "perks", "values": {"name": "Plain"}}]})" +
         perks + "]}]}";
}

/// One pool `cp` of 100 points (a derived budget) with `credit_limit`.
inline std::string points_pool(int credit_limit = 0, const std::string& caps = "") {
  return R"([{"id": "cp", "label": "Character points", "budget": {"derived": "points"}, "creditLimit": )" +
         std::to_string(credit_limit) + (caps.empty() ? "" : R"(, "caps": )" + caps) + "}]";
}

/// A spend step `buy` on pool `cp` with `offers` (the JSON objects, comma-separated).
inline std::string spend_step(const std::string& offers, const std::string& id = "buy",
                              const std::string& pool = "cp") {
  return R"({"id": ")" + id + R"(", "label": "Buy", "kind": "spend", "pool": ")" + pool + R"(", "offers": [)" + offers +
         "]}";
}

}  // namespace rk::test
