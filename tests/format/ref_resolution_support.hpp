#pragma once
// Fixtures for the reference shape of `resolution`, built from the reference's own examples
// (Gravewatch's dice-pool, Ember Roads' dice-sum, the 5e file's proficiency), and a small JSON
// patcher so each test states only the one thing it changes.
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include "support/load.hpp"

namespace rk::test {

/// Gravewatch's resolution (writing-rulesets.md "dice-pool"), with its spend and adjust.
inline const char* kPoolResolution = R"({
  "kind": "dice-pool", "die": { "sides": 10 }, "abilityModifier": { "op": "identity" },
  "proficiencyTiers": [
    { "id": "rating_0", "label": "Untried" }, { "id": "rating_1", "label": "Shown once", "flat": 1 },
    { "id": "rating_2", "label": "Steady", "flat": 2 } ],
  "penaltyFrom": "harm",
  "pool": { "min": 1, "max": 15 },
  "target": { "default": 7, "min": 5, "max": 9 },
  "explode": { "from": 10 }, "cancel": { "upTo": 1 }, "botch": { "upTo": 1 },
  "exceptional": { "successes": 5 }, "situationalDice": { "min": -3, "max": 3 },
  "spend": [{ "pool": "resolve", "amount": 1, "successes": 1, "perCheck": 2 }],
  "adjust": [{ "value": { "derived": "light_nerve" }, "abilities": ["nerve"] }],
  "difficultyLadder": [
    { "label": "Plain work", "successes": 1, "target": 6 }, { "label": "Awkward", "successes": 2 },
    { "label": "Grim", "successes": 3, "target": 8 } ]
})";

/// Ember Roads' resolution (writing-rulesets.md "dice-sum").
inline const char* kSumResolution = R"({
  "kind": "dice-sum", "dice": { "count": 2, "sides": 6 }, "abilityModifier": { "op": "identity" },
  "proficiencyTiers": [ { "id": "untrained", "label": "Untrained" }, { "id": "trained", "label": "Trained", "flat": 1 } ],
  "advantage": false,
  "difficultyLadder": [ { "label": "Easy", "dc": 6 }, { "label": "Hard", "dc": 10 } ]
})";

/// A sheet both fixtures read: two abilities, a skill, a save, a wound track, a plain track,
/// a pool that starts full and one that starts empty, and the derived values they name.
inline const char* kReferenceSheet = R"({
  "abilities": [
    { "id": "nerve", "label": "Nerve", "min": 0, "max": 5, "default": 3 },
    { "id": "sinew", "label": "Sinew", "min": 0, "max": 5, "default": 2 } ],
  "skills": [ { "id": "ward", "label": "Ward", "ability": "sinew" } ],
  "saves": [ { "id": "grit", "label": "Grit", "ability": "sinew" } ],
  "fields": [ { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1 } ],
  "lists": [ { "id": "charms", "label": "Charms", "maxItems": 500, "columns": [{ "id": "name", "label": "Name", "type": "text", "maxLength": 200 }] } ],
  "derived": [
    { "id": "light_nerve", "label": "Light on Nerve", "op": "sum", "of": [{ "const": -1 }] },
    { "id": "prof", "label": "Proficiency bonus", "op": "stepTable", "from": { "field": "level" },
      "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]] } ],
  "live": {
    "pools": [
      { "id": "resolve", "label": "Resolve", "max": 5 },
      { "id": "dread", "label": "Dread", "max": 5, "start": "empty" } ],
    "tracks": [
      { "id": "harm", "label": "Harm", "min": 0, "max": 3,
        "levels": [{ "label": "Scuffed", "penalty": 0 }, { "label": "Hurt", "penalty": -1 }, { "label": "Down", "penalty": -3 }],
        "kinds": [{ "id": "knock", "label": "K", "severity": 0 }] },
      { "id": "will", "label": "Will", "min": 0, "max": 5 } ]
  }
})";

/// The value at `pointer` replaced (or added) by `json`; `json` empty removes it.
inline std::string patched(std::string_view document, std::string_view pointer, std::string_view json) {
  boost::json::value root = boost::json::parse(document);
  boost::json::value* at = &root;
  std::string_view rest = pointer.substr(1);
  while (true) {
    const auto slash = rest.find('/');
    const std::string key(rest.substr(0, slash));
    const bool last = slash == std::string_view::npos;
    if (at->is_array()) {
      auto& array = at->as_array();
      const std::size_t index = std::stoul(key);
      if (last) {
        if (json.empty())
          array.erase(array.begin() + static_cast<std::ptrdiff_t>(index));
        else if (index == array.size())
          array.push_back(boost::json::parse(json));
        else
          array[index] = boost::json::parse(json);
        break;
      }
      at = &array[index];
    } else {
      auto& object = at->as_object();
      if (last) {
        if (json.empty())
          object.erase(key);
        else
          object[key] = boost::json::parse(json);
        break;
      }
      at = &object[key];
    }
    rest = rest.substr(slash + 1);
  }
  return boost::json::serialize(root);
}

/// A ruleset with `resolution` over the shared sheet (`sheet` to use another).
inline std::string reference_ruleset(std::string_view resolution, std::string_view sheet = kReferenceSheet) {
  return "{\"id\": \"ref\", \"label\": \"Reference\", \"resolution\": " + std::string(resolution) +
         ", \"sheet\": " + std::string(sheet) + "}";
}

/// The ruleset with one change to its resolution.
inline std::string resolution_with(std::string_view resolution, std::string_view pointer, std::string_view json) {
  return reference_ruleset(patched(resolution, pointer, json));
}

/// The first error message at `pointer` with `code`, or "" when there is none.
inline std::string message_at(const LoadResult& r, Code code, std::string_view pointer) {
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity == Severity::Error && d.code == code && d.pointer == pointer) return d.message;
  }
  return "";
}

}  // namespace rk::test
