#pragma once
// A second ruleset for the builder's 1.151 constraints (builder-a.md §16, §20 – §24): the spec's
// Fate-style `ratings` pyramid (BA-115), a tags catalog for `distinctBy` (BA-119), ranked talents
// for `quotaBelow` (BA-121), careers whose choices later ones exclude (BA-129, BA-140), the PF2e
// boosts of BA-131, entry choices with `ids`, `filters` and quotas (BA-95, BA-132) and kits that
// fit no one at level 1 (BA-63). Each test passes its own steps; a `choices` step for `languages`
// and for `talents` is added when the steps have none, since entries choose from both (BA-96).
#include <string>
#include <vector>

#include "builder/fixture.hpp"

namespace rk::builder_test {

inline const std::vector<std::pair<std::string, std::string>> kRatedSkills = {
    {"athletics", "Athletics"}, {"acrobatics", "Acrobatics"}, {"stealth", "Stealth"},       {"insight", "Insight"},
    {"religion", "Religion"},   {"perception", "Perception"}, {"persuasion", "Persuasion"}, {"arcana", "Arcana"},
    {"history", "History"},     {"survival", "Survival"}};

/// The `ratings` catalog: every skill at every rating 1 – 4 ("<skill>-<rating>"), and `wildcard`,
/// a rating-1 entry without the `skill` filter that `distinctBy: "skill"` never lets count.
inline std::string ratings_catalog() {
  std::string entries;
  for (const auto& [id, label] : kRatedSkills) {
    for (int r = 1; r <= 4; ++r) {
      const std::string rating = std::to_string(r);
      entries += R"({"id": ")" + id + "-" + rating + R"(", "label": ")" + label + " +" + rating +
                 R"(", "filters": {"skill": ")" + id + R"(", "rating": )" + rating +
                 R"(}, "rows": [{"list": "ratings", "values": {"name": ")" + label + R"(", "rating": )" + rating +
                 "}}]},";
    }
  }
  entries +=
      R"({"id": "wildcard", "label": "Wildcard +1", "filters": {"rating": 1}, "rows": [{"list": "ratings", "values": {"name": "Wildcard", "rating": 1}}]})";
  return R"({"id": "ratings", "label": "Ratings", "feeds": ["ratings"],
      "filters": [{"id": "skill", "label": "Skill", "type": "text"}, {"id": "rating", "label": "Rating", "type": "number"}],
      "entries": [)" +
         entries + "]}";
}

/// The spec's own step (BA-115, verbatim).
inline const std::string kRatingsStep = R"({
  "id": "ratings", "label": "Skill ratings", "kind": "catalog", "catalog": "ratings", "min": 10, "max": 10, "distinctBy": "skill",
  "quotas": [
    { "filter": "rating", "value": 4, "min": 1, "max": 1 },
    { "filter": "rating", "value": 3, "min": 2, "max": 2 },
    { "filter": "rating", "value": 2, "min": 3, "max": 3 },
    { "filter": "rating", "value": 1, "min": 4, "max": 4 } ] })";

inline std::string constraints_ruleset(std::string steps) {
  for (const char* catalog : {"languages", "talents"}) {
    if (steps.find(std::string(R"("kind": "choices", "catalog": ")") + catalog + "\"") == std::string::npos) {
      steps += std::string(R"(, { "id": "choose_)") + catalog +
               R"(", "label": "Choose", "kind": "choices", "catalog": ")" + catalog + "\" }";
    }
  }
  std::string skills;
  for (const auto& [id, label] : kRatedSkills) {
    skills += std::string(skills.empty() ? "" : ", ") + R"({"id": ")" + id + R"(", "label": ")" + label +
              R"(", "ability": "wis"})";
  }
  return R"({"id": "cons", "label": "Constraints",
    "sheet": {
      "abilities": [{"id": "str", "label": "Str", "min": 1, "max": 30, "default": 10}, {"id": "dex", "label": "Dex", "min": 1, "max": 30, "default": 10},
                    {"id": "con", "label": "Con", "min": 1, "max": 30, "default": 10}, {"id": "int", "label": "Int", "min": 1, "max": 30, "default": 10},
                    {"id": "wis", "label": "Wis", "min": 1, "max": 30, "default": 10}, {"id": "cha", "label": "Cha", "min": 1, "max": 30, "default": 10}],
      "skills": [)" +
         skills + R"(],
      "saves": [{"id": "fort", "label": "Fortitude", "ability": "con"}, {"id": "reflex", "label": "Reflex", "ability": "dex"},
                {"id": "will", "label": "Will", "ability": "wis"}],
      "fields": [{"id": "race", "label": "Race", "type": "enum", "values": ["human", "dwarf", "elf"]},
                 {"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20},
                 {"id": "boost_count", "label": "Boosts", "type": "number", "min": -5, "max": 50, "integer": false},
                 {"id": "speed", "label": "Speed", "type": "number", "min": 0, "max": 120}],
      "lists": [{"id": "ratings", "label": "Ratings", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
                                                                   {"id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 10}]},
                {"id": "features", "label": "Features", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]},
                {"id": "languages", "label": "Languages", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]},
                {"id": "gear", "label": "Gear", "maxItems": 500, "columns": [{"id": "name", "label": "Item", "type": "text", "maxLength": 200}]}],
      "derived": [
        {"id": "str_13", "label": "Str 13+", "op": "stepTable", "from": {"abilityScore": "str"}, "table": [[0, 0], [13, 1]]},
        {"id": "is_dwarf", "label": "Dwarf", "op": "enumTable", "from": {"field": "race"}, "table": {"dwarf": 1}, "default": 0}],
      "builder": {"tier": "proficient", "steps": [)" +
         steps + R"(]}},
    "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "proficient", "label": "Proficient", "flat": 2},
                                        {"id": "expertise", "label": "Expertise", "flat": 4}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
    "catalogs": [)" +
         ratings_catalog() + R"(,
      {"id": "aspects", "label": "Aspects", "feeds": ["features"], "filters": [{"id": "elements", "label": "Elements", "type": "tags"}],
       "entries": [
         {"id": "storm", "label": "Storm", "filters": {"elements": ["air", "water"]}, "rows": [{"list": "features", "values": {"name": "Storm"}}]},
         {"id": "ember", "label": "Ember", "filters": {"elements": ["fire"]}, "rows": [{"list": "features", "values": {"name": "Ember"}}]},
         {"id": "gale", "label": "Gale", "filters": {"elements": ["air"]}, "rows": [{"list": "features", "values": {"name": "Gale"}}]},
         {"id": "mist", "label": "Mist", "filters": {"elements": ["water"]}, "rows": [{"list": "features", "values": {"name": "Mist"}}]},
         {"id": "stone", "label": "Stone", "filters": {"elements": ["earth"]}, "rows": [{"list": "features", "values": {"name": "Stone"}}]},
         {"id": "plain", "label": "Plain", "rows": [{"list": "features", "values": {"name": "Plain"}}]}]},
      {"id": "talents", "label": "Talents", "feeds": ["features"], "filters": [{"id": "tier", "label": "Tier", "type": "number"}],
       "entries": [
         {"id": "t1a", "label": "Novice A", "filters": {"tier": 1}, "rows": [{"list": "features", "values": {"name": "Novice A"}}]},
         {"id": "t1b", "label": "Novice B", "filters": {"tier": 1}, "rows": [{"list": "features", "values": {"name": "Novice B"}}]},
         {"id": "t1c", "label": "Novice C", "filters": {"tier": 1}, "rows": [{"list": "features", "values": {"name": "Novice C"}}]},
         {"id": "t2a", "label": "Adept A", "filters": {"tier": 2}, "rows": [{"list": "features", "values": {"name": "Adept A"}}]},
         {"id": "t2b", "label": "Adept B", "filters": {"tier": 2}, "rows": [{"list": "features", "values": {"name": "Adept B"}}]},
         {"id": "t3a", "label": "Master A", "filters": {"tier": 3}, "rows": [{"list": "features", "values": {"name": "Master A"}}]},
         {"id": "wild", "label": "Wild", "rows": [{"list": "features", "values": {"name": "Wild"}}]}]},
      {"id": "careers", "label": "Careers", "feeds": ["features"],
       "entries": [
         {"id": "soldier", "label": "Soldier", "rows": [{"list": "features", "values": {"name": "Drill"}}],
          "grants": {"trained": {"skills": ["stealth"],
                     "choose": [{"id": "soldier_skills", "what": "skills", "count": 1, "from": ["athletics", "perception", "survival"]}]}}},
         {"id": "scholar", "label": "Scholar", "rows": [{"list": "features", "values": {"name": "Study"}}],
          "grants": {"trained": {"skills": ["insight"],
                     "choose": [{"id": "scholar_skills", "what": "skills", "count": 1, "from": ["religion", "history", "arcana"]}]}}},
         {"id": "priest", "label": "Priest", "rows": [{"list": "features", "values": {"name": "Rite"}}],
          "grants": {"trained": {"choose": [{"what": "skills", "count": 1, "from": ["insight", "religion"]}]}}}]},
      {"id": "backgrounds", "label": "Backgrounds", "feeds": ["features"],
       "entries": [
         {"id": "acolyte", "label": "Acolyte", "rows": [{"list": "features", "values": {"name": "Shelter"}}],
          "grants": {"trained": {"skills": ["insight", "religion"]}}},
         {"id": "farmhand", "label": "Farmhand", "rows": [{"list": "features", "values": {"name": "Hardy"}}],
          "grants": {"abilities": {"choose": [{"id": "restricted", "count": 1, "amount": 1, "from": ["str", "dex", "cha"], "except": ["cha"]}]}}},
         {"id": "sage", "label": "Sage", "rows": [{"list": "features", "values": {"name": "Researcher"}}],
          "grants": {"entries": {"choose": [{"catalog": "languages", "count": 1}]}}}]},
      {"id": "classes", "label": "Classes", "feeds": ["features"],
       "entries": [
         {"id": "adept", "label": "Adept", "rows": [{"list": "features", "values": {"name": "Focus"}}],
          "grants": {"abilities": {"choose": [{"id": "free_boost", "count": 1, "amount": 1, "excludeChoices": ["background/restricted"]}]}}},
         {"id": "channeler", "label": "Channeler", "rows": [{"list": "features", "values": {"name": "Channel"}}],
          "grants": {"abilities": {"choose": [{"id": "boosts", "countFrom": {"field": "boost_count"}, "max": 3, "amount": 1}]}}},
         {"id": "hermit", "label": "Hermit", "rows": [{"list": "features", "values": {"name": "Solitude"}}],
          "grants": {"abilities": {"choose": [{"id": "narrow", "count": 2, "amount": 1, "from": ["str"]}]}}}]},
      {"id": "origins", "label": "Origins", "feeds": ["features"],
       "entries": [
         {"id": "traveler", "label": "Traveler", "rows": [{"list": "features", "values": {"name": "Roads"}}],
          "grants": {"entries": {"choose": [{"catalog": "languages", "count": 2}]}}},
         {"id": "scribe", "label": "Scribe", "rows": [{"list": "features", "values": {"name": "Quill"}}],
          "grants": {"entries": {"choose": [{"id": "scripts", "catalog": "languages", "count": 2, "distinctBy": "script"}]}}},
         {"id": "envoy", "label": "Envoy", "rows": [{"list": "features", "values": {"name": "Seal"}}],
          "grants": {"entries": {"choose": [{"id": "envoy_tongue", "catalog": "languages", "count": 1, "ids": ["elvish", "common"]}]}}},
         {"id": "miner", "label": "Miner", "rows": [{"list": "features", "values": {"name": "Pick"}}],
          "grants": {"entries": {"choose": [{"id": "miner_tongue", "catalog": "languages", "count": 1, "filters": {"script": "dwarvish"}}]}}},
         {"id": "polyglot", "label": "Polyglot", "rows": [{"list": "features", "values": {"name": "Many tongues"}}],
          "grants": {"entries": {"choose": [{"id": "tongues", "catalog": "languages", "count": 3,
                                              "quotas": [{"filter": "script", "value": "dwarvish", "min": 2, "max": 2}]}]}}},
         {"id": "mentor", "label": "Mentor", "rows": [{"list": "features", "values": {"name": "Apprenticeship"}}],
          "grants": {"entries": {"choose": [{"id": "lessons", "catalog": "talents", "count": 3, "quotaBelow": {"filter": "tier"}}]}}}]},
      {"id": "languages", "label": "Languages", "feeds": ["languages"], "filters": [{"id": "script", "label": "Script", "type": "text"}],
       "entries": [
         {"id": "elvish", "label": "Elvish", "filters": {"script": "elvish"}, "rows": [{"list": "languages", "values": {"name": "Elvish"}}]},
         {"id": "dwarvish", "label": "Dwarvish", "filters": {"script": "dwarvish"}, "rows": [{"list": "languages", "values": {"name": "Dwarvish"}}]},
         {"id": "orcish", "label": "Orcish", "filters": {"script": "dwarvish"}, "rows": [{"list": "languages", "values": {"name": "Orcish"}}]},
         {"id": "giant", "label": "Giant", "filters": {"script": "dwarvish"}, "offeredWhen": {"derived": "str_13"},
          "rows": [{"list": "languages", "values": {"name": "Giant"}}]},
         {"id": "common", "label": "Common", "filters": {"script": "common"}, "rows": [{"list": "languages", "values": {"name": "Common"}}]},
         {"id": "draconic", "label": "Draconic", "filters": {"script": "draconic"}, "rows": [{"list": "languages", "values": {"name": "Draconic"}}],
          "grants": {"sets": {"speed": 40}}},
         {"id": "secret", "label": "Secret", "grants": {"sets": {"speed": 99}}}]},
      {"id": "kits", "label": "Kits", "feeds": ["gear"],
       "entries": [
         {"id": "plate-kit", "label": "Plate kit", "fits": {"value": {"field": "level"}, "atLeast": 5},
          "rows": [{"list": "gear", "values": {"name": "Plate"}}]},
         {"id": "banner-kit", "label": "Banner kit", "fits": {"value": {"field": "level"}, "atLeast": 10},
          "rows": [{"list": "gear", "values": {"name": "Banner"}}]}]}]})";
}

/// The ids of offers (of a step or a slot).
inline std::vector<std::string> offer_ids(const std::vector<OfferView>& offers) {
  std::vector<std::string> ids;
  for (const auto& o : offers) ids.push_back(o.id);
  return ids;
}

/// The ids of the offers that are not disabled.
inline std::vector<std::string> enabled_ids(const std::vector<OfferView>& offers) {
  std::vector<std::string> ids;
  for (const auto& o : offers) {
    if (!o.disabled) ids.push_back(o.id);
  }
  return ids;
}

inline const OfferView* offer(const std::vector<OfferView>& offers, const std::string& id) {
  for (const auto& o : offers) {
    if (o.id == id) return &o;
  }
  return nullptr;
}

/// Whether each recorded answer counts, in order.
inline std::vector<bool> counts(const std::vector<SelectionView>& answers) {
  std::vector<bool> out;
  for (const auto& a : answers) out.push_back(a.counts);
  return out;
}

}  // namespace rk::builder_test
