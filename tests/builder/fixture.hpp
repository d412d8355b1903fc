#pragma once
// A small ruleset whose builder uses every step kind of builder-a.md, built from the spec's own
// examples (BA-5, BA-34, BA-60, BA-67, BA-70, BA-92, BA-94), and helpers to run actions on it.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "builder/builder.hpp"
#include "support/load.hpp"

namespace rk::builder_test {

inline const std::string kDefaultSteps = R"(
{ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races", "field": "race", "filters": { "kind": "race" } },
{ "id": "subrace", "label": "Subrace", "kind": "catalog", "catalog": "races", "min": 0, "field": "subrace",
  "within": { "step": "race", "filter": "parent" } },
{ "id": "class", "label": "Class", "kind": "catalog", "catalog": "classes", "field": "class" },
{ "id": "level", "label": "Level", "kind": "fields", "fields": ["level", "background_note"], "optional": ["background_note"] },
{ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds", "field": "background" },
{ "id": "scores", "label": "Ability Scores", "kind": "abilities", "default": "pointBuy", "methods": {
  "pointBuy": { "budget": 27, "costs": [[8, 0], [9, 1], [10, 2], [11, 3], [12, 4], [13, 5], [14, 7], [15, 9]] },
  "standardArray": [15, 14, 13, 12, 10, 8],
  "roll": { "count": 4, "sides": 6, "keep": 3 },
  "manual": true } },
{ "id": "feats", "label": "Feats", "kind": "catalog", "catalog": "feats", "min": 1, "max": 2,
  "when": { "derived": "level_4" } },
{ "id": "skills", "label": "Proficiencies", "kind": "trained" },
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "max": 10,
  "within": { "step": "class", "filter": "class_ids" },
  "countFrom": { "derived": "spells_known" },
  "upTo": { "filter": "level", "value": { "derived": "max_spell_level" } },
  "stamp": { "class": { "fromWithin": "label" } } },
{ "id": "gear", "label": "Equipment", "kind": "startingGear", "catalog": "kits", "strict": true },
{ "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })";

inline std::string ruleset_json(std::string steps = kDefaultSteps) {
  // The Half-Elf chooses a language (BA-94), which needs a choices step for the catalog (BA-96).
  if (steps.find(R"("kind": "choices")") == std::string::npos) {
    steps += R"(, { "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })";
  }
  return R"({"id": "mini5e", "label": "Mini 5e",
    "sheet": {
      "abilities": [{"id": "str", "label": "Str", "min": 1, "max": 30, "default": 10}, {"id": "dex", "label": "Dex", "min": 1, "max": 30, "default": 10},
                    {"id": "con", "label": "Con", "min": 1, "max": 30, "default": 10}, {"id": "int", "label": "Int", "min": 1, "max": 30, "default": 10},
                    {"id": "wis", "label": "Wis", "min": 1, "max": 30, "default": 10}, {"id": "cha", "label": "Cha", "min": 1, "max": 30, "default": 10}],
      "skills": [{"id": "athletics", "label": "Athletics", "ability": "str"}, {"id": "acrobatics", "label": "Acrobatics", "ability": "dex"},
                 {"id": "stealth", "label": "Stealth", "ability": "dex"}, {"id": "insight", "label": "Insight", "ability": "wis"},
                 {"id": "religion", "label": "Religion", "ability": "int"}, {"id": "perception", "label": "Perception", "ability": "wis"},
                 {"id": "persuasion", "label": "Persuasion", "ability": "cha"}],
      "saves": [{"id": "str_save", "label": "Strength", "ability": "str"}, {"id": "int_save", "label": "Intelligence", "ability": "int"},
                {"id": "wis_save", "label": "Wisdom", "ability": "wis"}],
      "fields": [{"id": "race", "label": "Race", "type": "text", "maxLength": 200}, {"id": "subrace", "label": "Subrace", "type": "text", "maxLength": 200},
                 {"id": "class", "label": "Class", "type": "enum", "values": ["wizard", "fighter"]},
                 {"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20},
                 {"id": "background", "label": "Background", "type": "text", "maxLength": 200},
                 {"id": "background_note", "label": "Background note", "type": "text", "maxLength": 200},
                 {"id": "speed", "label": "Speed", "type": "number", "min": 0, "max": 120},
                 {"id": "hit_die", "label": "Hit die", "type": "number", "min": 0, "max": 12}],
      "lists": [{"id": "features", "label": "Features", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]},
                {"id": "spells", "label": "Spells", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
                                                                 {"id": "class", "label": "Class", "type": "text", "maxLength": 200}]},
                {"id": "gear", "label": "Gear", "maxItems": 500, "columns": [{"id": "name", "label": "Item", "type": "text", "maxLength": 200},
                                                             {"id": "qty", "label": "Qty", "type": "number", "min": 0, "max": 99, "default": 1}]},
                {"id": "languages", "label": "Languages", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
      "derived": [
        {"id": "level_4", "label": "Level 4+", "op": "stepTable", "from": {"field": "level"}, "table": [[0, 0], [4, 1]]},
        {"id": "str_13", "label": "Str 13+", "op": "stepTable", "from": {"abilityScore": "str"}, "table": [[0, 0], [13, 1]]},
        {"id": "spells_known", "label": "Spells known", "op": "stepTable", "from": {"field": "level"}, "table": [[0, 0], [1, 3], [2, 4], [20, 10]]},
        {"id": "max_spell_level", "label": "Max spell level", "op": "stepTable", "from": {"field": "level"}, "table": [[0, 0], [1, 1], [3, 2]]},
        {"id": "is_wizard", "label": "Wizard", "op": "enumTable", "from": {"field": "class"}, "table": {"wizard": 1}, "default": 0}],
      "builder": {"tier": "proficient", "steps": [)" +
         steps + R"(]}},
    "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "proficient", "label": "Proficient", "flat": 2},
                                        {"id": "expertise", "label": "Expertise", "flat": 4}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
    "gm": {"sheetSummary": {"fields": ["speed"], "derived": ["spells_known"]}},
    "catalogs": [
      {"id": "races", "label": "Races", "feeds": ["features"],
       "filters": [{"id": "kind", "label": "Kind", "type": "text"}, {"id": "parent", "label": "Parent", "type": "text"}],
       "entries": [
         {"id": "half-elf", "label": "Half-Elf", "filters": {"kind": "race"},
          "rows": [{"list": "features", "values": {"name": "Fey Ancestry"}}],
          "grants": {
            "abilities": { "add": { "cha": 2 }, "choose": [{ "count": 2, "amount": 1, "except": ["cha"] }] },
            "trained": { "skills": [], "saves": [], "choose": [{ "what": "skills", "count": 2 }] },
            "sets": { "speed": 30 },
            "entries": { "choose": [{ "catalog": "languages", "count": 1 }] }}},
         {"id": "dwarf", "label": "Dwarf", "filters": {"kind": "race"}, "rows": [{"list": "features", "values": {"name": "Darkvision"}}],
          "grants": {"abilities": {"add": {"con": 2}}, "sets": {"speed": 25}}},
         {"id": "hill-dwarf", "label": "Hill Dwarf", "filters": {"kind": "subrace", "parent": "dwarf"},
          "rows": [{"list": "features", "values": {"name": "Dwarven Toughness"}}], "grants": {"abilities": {"add": {"wis": 1}}}}]},
      {"id": "classes", "label": "Classes", "feeds": ["features"], "filters": [{"id": "hit_die", "label": "Hit die", "type": "number"}],
       "entries": [
         {"id": "wizard", "label": "Wizard", "filters": {"hit_die": 6}, "rows": [{"list": "features", "values": {"name": "Arcane Recovery"}}],
          "grants": {"sets": {"hit_die": 6}, "trained": {"saves": ["int_save", "wis_save"],
                     "choose": [{"what": "skills", "count": 2, "from": ["insight", "religion", "perception"]}]}}},
         {"id": "fighter", "label": "Fighter", "filters": {"hit_die": 10}, "rows": [{"list": "features", "values": {"name": "Second Wind"}}],
          "grants": {"sets": {"hit_die": 10}, "trained": {"saves": ["str_save"],
                     "choose": [{"what": "skills", "count": 2, "from": ["athletics", "acrobatics", "perception", "insight"]}]}}}]},
      {"id": "backgrounds", "label": "Backgrounds", "feeds": ["features"],
       "entries": [{"id": "acolyte", "label": "Acolyte", "rows": [{"list": "features", "values": {"name": "Shelter of the Faithful"}}],
                    "grants": {"trained": {"skills": ["insight", "religion"]}}}]},
      {"id": "feats", "label": "Feats", "feeds": ["features"],
       "entries": [
         {"id": "asi", "label": "Ability Score Improvement", "exclusive": "asi-4", "exclusiveDefault": true,
          "grants": {"abilities": {"choose": [{ "count": 2, "amount": 1, "repeat": true, "upTo": 20 }]}}},
         {"id": "grappler", "label": "Grappler", "exclusive": "asi-4", "offeredWhen": {"derived": "str_13"},
          "rows": [{"list": "features", "values": {"name": "Grappler"}}]},
         {"id": "alert", "label": "Alert", "rows": [{"list": "features", "values": {"name": "Alert"}}]}]},
      {"id": "spells", "label": "Spells", "feeds": ["spells"],
       "filters": [{"id": "class_ids", "label": "Classes", "type": "tags"}, {"id": "level", "label": "Level", "type": "number"}],
       "entries": [
         {"id": "magic-missile", "label": "Magic Missile", "filters": {"class_ids": ["wizard"], "level": 1}, "rows": [{"list": "spells", "values": {"name": "Magic Missile"}}]},
         {"id": "shield", "label": "Shield", "filters": {"class_ids": ["wizard"], "level": 1}, "rows": [{"list": "spells", "values": {"name": "Shield"}}]},
         {"id": "sleep", "label": "Sleep", "filters": {"class_ids": ["wizard"], "level": 1}, "rows": [{"list": "spells", "values": {"name": "Sleep"}}]},
         {"id": "mage-armor", "label": "Mage Armor", "filters": {"class_ids": ["wizard"], "level": 1}, "rows": [{"list": "spells", "values": {"name": "Mage Armor"}}]},
         {"id": "misty-step", "label": "Misty Step", "filters": {"class_ids": ["wizard"], "level": 2}, "rows": [{"list": "spells", "values": {"name": "Misty Step"}}]},
         {"id": "cure-wounds", "label": "Cure Wounds", "filters": {"class_ids": ["cleric"], "level": 1}, "rows": [{"list": "spells", "values": {"name": "Cure Wounds"}}]}]},
      {"id": "kits", "label": "Kits", "feeds": ["gear"],
       "entries": [
         {"id": "wizard-kit", "label": "Wizard kit", "fits": {"value": {"derived": "is_wizard"}, "atLeast": 1},
          "rows": [{"list": "gear", "values": {"name": "Spellbook"}}, {"list": "gear", "values": {"name": "Quarterstaff"}}]},
         {"id": "acolyte-kit", "label": "Acolyte kit", "rows": [{"list": "gear", "values": {"name": "Holy symbol"}}]}]},
      {"id": "languages", "label": "Languages", "feeds": ["languages"],
       "entries": [
         {"id": "elvish", "label": "Elvish", "rows": [{"list": "languages", "values": {"name": "Elvish"}}]},
         {"id": "dwarvish", "label": "Dwarvish", "rows": [{"list": "languages", "values": {"name": "Dwarvish"}}]},
         {"id": "giant", "label": "Giant", "rows": [{"list": "languages", "values": {"name": "Giant"}}]}]}]})";
}

/// A ruleset with a builder, its catalogs, and a character being built with actions.
class Build {
 public:
  explicit Build(const std::string& steps = kDefaultSteps) : Build(ruleset_json(steps), true) {}
  Build(const std::string& ruleset, bool) {
    auto r = test::load(ruleset);
    EXPECT_FALSE(r.diagnostics.has_errors()) << test::describe(r);
    ruleset_ = r.ruleset;
    catalogs_ = std::make_unique<CatalogSet>(ruleset_, "", "");
    result_ = open_builder(*catalogs_, blank_character(*ruleset_));
  }
  /// A package folder (its separate catalog files are read on first use), opened on a blank sheet.
  Build(std::shared_ptr<const Ruleset> ruleset, const std::filesystem::path& package)
      : ruleset_(std::move(ruleset)), catalogs_(std::make_unique<CatalogSet>(ruleset_, package, "")) {
    result_ = open_builder(*catalogs_, blank_character(*ruleset_));
  }

  /// Applies an action; fails the test when it is refused.
  Build& act(const std::string& action_json) {
    Diagnostics d;
    auto next = apply_action(*catalogs_, result_.character, boost::json::parse(action_json), dice_, d);
    EXPECT_TRUE(next.has_value()) << action_json
                                  << " refused: " << (d.items().empty() ? "" : d.items().front().message);
    if (next) result_ = std::move(*next);
    return *this;
  }

  /// Applies an action that must be refused; returns the code's name.
  std::string refused(const std::string& action_json) {
    Diagnostics d;
    auto next = apply_action(*catalogs_, result_.character, boost::json::parse(action_json), dice_, d);
    EXPECT_FALSE(next.has_value()) << action_json << " was accepted";
    return d.items().empty() ? "" : std::string(code_name(d.items().front().code));
  }

  void reopen() { result_ = open_builder(*catalogs_, result_.character); }
  void set_character(const Character& c) { result_ = open_builder(*catalogs_, c); }

  const Character& character() const { return result_.character; }
  Character& mutable_character() { return result_.character; }
  const BuilderView& view() const { return result_.view; }
  const StepView& step(const std::string& id) const {
    for (const auto& s : result_.view.steps) {
      if (s.id == id) return s;
    }
    ADD_FAILURE() << "no step " << id;
    return result_.view.steps.front();
  }
  const SlotView* slot(const std::string& key) const {
    for (const auto& s : result_.view.steps) {
      for (const auto& slot : s.slots) {
        if (slot.key == key) return &slot;
      }
    }
    return nullptr;
  }
  SheetView sheet() const { return evaluate(*ruleset_, result_.character); }
  Number ability(const std::string& id) const { return sheet().abilities.at(id).score.value; }
  std::string skill(const std::string& id) const {
    auto it = result_.character.skills.find(id);
    return it == result_.character.skills.end() ? "" : it->second;
  }
  std::string save(const std::string& id) const {
    auto it = result_.character.saves.find(id);
    return it == result_.character.saves.end() ? "" : it->second;
  }
  std::optional<Scalar> field(const std::string& id) const {
    auto it = result_.character.fields.find(id);
    if (it == result_.character.fields.end()) return std::nullopt;
    return it->second;
  }
  std::vector<std::string> row_names(const std::string& list) const {
    std::vector<std::string> out;
    auto it = result_.character.lists.find(list);
    if (it == result_.character.lists.end()) return out;
    for (const auto& r : it->second) {
      auto c = r.cells.find("name");
      out.push_back(c == r.cells.end() ? r.id : std::get<std::string>(c->second.value));
    }
    return out;
  }
  const Ruleset& ruleset() const { return *ruleset_; }
  const CatalogSet& catalogs() const { return *catalogs_; }
  ScriptedDice& dice() { return dice_; }
  void script_dice(std::vector<std::int64_t> faces) { dice_ = ScriptedDice(std::move(faces)); }

 private:
  std::shared_ptr<const Ruleset> ruleset_;
  std::unique_ptr<CatalogSet> catalogs_;
  BuilderResult result_;
  ScriptedDice dice_{{}};
};

inline Scalar text(const char* s) { return Scalar{std::string(s)}; }
inline Scalar num(std::int64_t n) { return Scalar{Number::of(n)}; }

}  // namespace rk::builder_test
