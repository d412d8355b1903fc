// The character sheet of the `5e-2014` ruleset: resolution, abilities, skills, saves, fields,
// lists, derived values, live pools and tracks, rests, advancement and the GM's guidance.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

constexpr long long kLongText = 4000;  // the reference's longest longtext

std::string slots_max(int level) { return fmt::format("slots_max_{}", level); }

json::object number_field(std::string_view id, std::string_view label, long long min, long long max, long long def) {
  return json::object{{"id", id}, {"label", label}, {"type", "number"}, {"min", min}, {"max", max}, {"default", def}};
}

json::object text_field(std::string_view id, std::string_view label, long long max_length) {
  return json::object{{"id", id}, {"label", label}, {"type", "text"}, {"maxLength", max_length}};
}

json::object enum_field(std::string_view id, std::string_view label,
                        const std::vector<std::pair<std::string, std::string>>& values, std::string_view def) {
  json::array ids;
  json::object labels;
  for (const auto& [value, text] : values) {
    ids.emplace_back(value);
    labels[value] = text;
  }
  json::object f{
      {"id", id}, {"label", label}, {"type", "enum"}, {"values", std::move(ids)}, {"valueLabels", std::move(labels)}};
  if (!def.empty()) f["default"] = def;
  return f;
}

json::object list(std::string_view id, std::string_view label, long long max_items, json::array columns) {
  return json::object{{"id", id}, {"label", label}, {"maxItems", max_items}, {"columns", std::move(columns)}};
}

json::object ref(std::string_view kind, json::value arg) { return json::object{{kind, std::move(arg)}}; }
json::object ref(std::string_view kind, std::string_view id) { return json::object{{kind, id}}; }
json::object ref(std::string_view kind, const char* id) { return json::object{{kind, id}}; }

json::object derived_sum(std::string_view id, std::string_view label, json::array of) {
  return json::object{{"id", id}, {"label", label}, {"op", "sum"}, {"of", std::move(of)}};
}

/// The worn rows' sum of an `equipment` column. The reference's `itemStat` reads a game's held
/// items, which a sheet outside a game does not have, so the armor numbers are list columns.
json::object worn_sum(std::string_view column) {
  return ref("listSum", json::object{{"list", "equipment"}, {"column", column}, {"onlyWhen", "worn"}});
}

std::vector<std::pair<std::string, std::string>> index_names(const json::array& list) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& v : list) {
    const auto& o = obj(v, "entry");
    out.emplace_back(str_at(o, "index"), safe_line(str_at(o, "name")));
  }
  return out;
}

json::array abilities(const Srd& srd) {
  json::array out;
  for (const auto& id : ability_ids()) {
    out.emplace_back(
        json::object{{"id", id}, {"label", ability_name(srd, id)}, {"min", 1}, {"max", 30}, {"default", 10}});
  }
  return out;
}

json::array skills(const Srd& srd) {
  json::array out;
  for (const auto& v : srd.skills) {
    const auto& s = obj(v, "skill");
    out.emplace_back(json::object{{"id", skill_id(str_at(s, "index"))},
                                  {"label", safe_line(str_at(s, "name"))},
                                  {"ability", ref_index(s, "ability_score")}});
  }
  return out;
}

json::array saves(const Srd& srd) {
  json::array out;
  for (const auto& id : ability_ids()) {
    out.emplace_back(
        json::object{{"id", save_id(id)}, {"label", ability_name(srd, id) + " saving throw"}, {"ability", id}});
  }
  return out;
}

json::array fields(const Srd& srd) {
  json::array out;
  out.emplace_back(number_field("level", "Level", 1, 20, 1));
  out.emplace_back(number_field("xp", "Experience points", 0, 1000000, 0));
  out.emplace_back(enum_field("class", "Class", index_names(srd.classes), ""));
  out.emplace_back(text_field("subclass", "Subclass", 60));
  out.emplace_back(enum_field("race", "Race", index_names(srd.races), ""));
  auto subraces = index_names(srd.subraces);
  // "None" is a real answer (a human has no subrace, and the race step sets it), not a "choose one"
  // placeholder: a field nobody has answered is not chosen yet on its own.
  subraces.insert(subraces.begin(), {"none", "None"});
  out.emplace_back(enum_field("subrace", "Subrace", subraces, "none"));
  out.emplace_back(text_field("background", "Background", 60));
  out.emplace_back(enum_field("alignment", "Alignment", index_names(srd.alignments), "neutral"));
  out.emplace_back(
      number_field("ac", "Armor Class without armor (natural armor, spells, Unarmored Defense)", 0, 40, 0));
  json::object speed = text_field("speed", "Speed", 100);
  speed["default"] = "30 ft.";
  out.emplace_back(std::move(speed));
  out.emplace_back(number_field("hp_max", "Hit point maximum written by hand (used when higher)", 0, 2000, 0));
  std::vector<std::pair<std::string, std::string>> casting;
  for (const auto* id : {"int", "wis", "cha"}) casting.emplace_back(id, ability_name(srd, id));
  out.emplace_back(enum_field("spellcasting_ability", "Spellcasting ability", casting, ""));
  // Levels of each new class beyond its first, bought at the class-levels step (builder_levels.cpp).
  for (const auto& v : srd.classes) {
    const auto& cls = obj(v, "class");
    out.emplace_back(number_field(extra_levels_field(entry_id(str_at(cls, "index"))),
                                  fmt::format("{} levels beyond the first (new class)", safe_line(str_at(cls, "name"))),
                                  0, 19, 0));
  }
  out.emplace_back(json::object{{"id", "inspiration"}, {"label", "Inspiration"}, {"type", "boolean"}});
  for (const auto* coin : {"cp", "sp", "ep", "gp", "pp"}) {
    out.emplace_back(number_field(coin, fmt::format("Coins ({})", coin), 0, 1000000, 0));
  }
  out.emplace_back(text_field("personality_traits", "Personality traits", 400));
  out.emplace_back(text_field("ideals", "Ideals", 400));
  out.emplace_back(text_field("bonds", "Bonds", 400));
  out.emplace_back(text_field("flaws", "Flaws", 400));
  out.emplace_back(json::object{{"id", "notes"}, {"label", "Notes"}, {"type", "longtext"}, {"maxLength", kLongText}});
  return out;
}

json::object column(std::string_view id, std::string_view label, std::string_view type) {
  return json::object{{"id", id}, {"label", label}, {"type", type}};
}

json::object column(std::string_view id, std::string_view label, std::string_view type, long long max_length) {
  json::object c = column(id, label, type);
  c["maxLength"] = max_length;
  return c;
}

json::object number_column(std::string_view id, std::string_view label, long long min, long long max, long long def) {
  json::object c = column(id, label, "number");
  c["min"] = min;
  c["max"] = max;
  c["default"] = def;
  return c;
}

json::array lists(const Srd& srd) {
  json::array out;
  std::vector<std::pair<std::string, std::string>> dice;
  for (const auto* d : {"d6", "d8", "d10", "d12"}) dice.emplace_back(d, d);
  out.emplace_back(
      list("classes", "Classes", 4,
           {column("name", "Class", "text", 60), number_column("level", "Level", 1, 20, 1),
            enum_field("hit_die", "Hit die", dice, "d8"), column("subclass", "Subclass", "text", 60),
            column("saves", "Saving throws", "text", 100), column("multiclass", "Taken as a new class", "boolean")}));
  out.emplace_back(
      list("features", "Features and traits", 200,
           {column("name", "Feature", "text", 120), column("source", "Source", "text", 120),
            number_column("level", "Level", 0, 20, 0), column("text", "Description", "longtext", kLongText)}));
  out.emplace_back(
      list("spells", "Spells", 150,
           {column("name", "Spell", "text", 100), number_column("level", "Level", 0, 9, 0),
            column("class", "Class", "text", 60), enum_field("school", "School", index_names(srd.magic_schools), ""),
            column("prepared", "Prepared", "boolean"), column("casting_time", "Casting time", "text", 100),
            column("range", "Range", "text", 100), column("components", "Components", "text", 400),
            column("duration", "Duration", "text", 100), column("concentration", "Concentration", "boolean"),
            column("ritual", "Ritual", "boolean"), column("text", "Description", "longtext", kLongText)}));
  json::object weight = column("weight", "Weight (lb.)", "number");
  weight["integer"] = false;
  weight["min"] = 0;
  weight["max"] = 100000;
  weight["default"] = 0;
  out.emplace_back(list(
      "equipment", "Equipment", 200,
      {column("name", "Item", "text", 100), number_column("quantity", "Quantity", 0, 100000, 1),
       column("worn", "Worn or wielded", "boolean"), std::move(weight),
       number_column("ac", "Armor Class of the armor", 0, 30, 0),
       number_column("armor_weight", "Armor weight: 1 light, 2 medium, 3 heavy", 0, 3, 0),
       number_column("ac_bonus", "Armor Class bonus of a shield", 0, 10, 0), column("notes", "Notes", "text", 400)}));
  out.emplace_back(list("languages", "Languages", 30,
                        {column("name", "Language", "text", 60), column("script", "Script", "text", 60)}));
  out.emplace_back(list("attacks", "Attacks", 20,
                        {column("name", "Attack", "text", 100), number_column("bonus", "Attack bonus", -20, 40, 0),
                         column("damage", "Damage", "dice"), number_column("damage_bonus", "Damage bonus", -10, 20, 0),
                         enum_field("damage_type", "Damage type", index_names(srd.damage_types), "slashing"),
                         column("notes", "Notes", "text", 200)}));
  out.emplace_back(list("proficiencies", "Proficiencies", 60,
                        {column("name", "Proficiency", "text", 400), column("kind", "Kind", "text", 60)}));
  return out;
}

json::array derived() {
  json::array out;
  out.emplace_back(json::object{{"id", "proficiency_bonus"},
                                {"label", "Proficiency bonus"},
                                {"op", "stepTable"},
                                {"from", ref("field", "level")},
                                {"table", json::array{json::array{1, 2}, json::array{5, 3}, json::array{9, 4},
                                                      json::array{13, 5}, json::array{17, 6}}}});
  out.emplace_back(derived_sum("initiative", "Initiative", {ref("abilityMod", "dex")}));
  out.emplace_back(derived_sum(
      "spell_save_dc", "Spell save DC",
      {ref("const", 8), ref("derived", "proficiency_bonus"), ref("abilityModFromField", "spellcasting_ability")}));
  out.emplace_back(
      derived_sum("spell_attack", "Spell attack bonus",
                  {ref("derived", "proficiency_bonus"), ref("abilityModFromField", "spellcasting_ability")}));
  out.emplace_back(derived_sum("passive_perception", "Passive Wisdom (Perception)",
                               {ref("const", 10), ref("skillMod", "perception")}));
  // Armor Class: the best worn armor's base (10 without armor), plus Dexterity held to the armor's
  // cap (none for light, 2 for medium, 0 for heavy), or the `ac` field when it is higher (natural
  // armor, Mage Armor, Unarmored Defense); then every worn shield's bonus.
  out.emplace_back(json::object{{"id", "armor_base"},
                                {"label", "Armor base"},
                                {"op", "max"},
                                {"of", json::array{ref("const", 10), worn_sum("ac")}}});
  // armor_weight: 1 light, 2 medium, 3 heavy; no armor worn reads 0.
  out.emplace_back(json::object{{"id", "armor_dex_cap"},
                                {"label", "Dexterity cap of the armor"},
                                {"op", "stepTable"},
                                {"from", worn_sum("armor_weight")},
                                {"table", json::array{json::array{0, 99}, json::array{2, 2}, json::array{3, 0}}}});
  out.emplace_back(json::object{{"id", "armor_dex"},
                                {"label", "Dexterity to Armor Class"},
                                {"op", "min"},
                                {"of", json::array{ref("abilityMod", "dex"), ref("derived", "armor_dex_cap")}}});
  out.emplace_back(
      derived_sum("armor_worn", "Armor Class from armor", {ref("derived", "armor_base"), ref("derived", "armor_dex")}));
  out.emplace_back(json::object{{"id", "armor_best"},
                                {"label", "Armor Class before shields"},
                                {"op", "max"},
                                {"of", json::array{ref("derived", "armor_worn"), ref("field", "ac")}}});
  out.emplace_back(derived_sum("shield_bonus", "Shield bonus", {worn_sum("ac_bonus")}));
  out.emplace_back(
      derived_sum("armor_class", "Armor Class", {ref("derived", "armor_best"), ref("derived", "shield_bonus")}));
  // Weapon attacks (SRD "Attack Rolls", "Damage Rolls"): the ability modifier plus the proficiency
  // bonus (every kit weapon is one its class is proficient with); finesse takes the better one.
  out.emplace_back(derived_sum("weapon_attack_str", "Weapon attack bonus (Strength)",
                               {ref("derived", "proficiency_bonus"), ref("abilityMod", "str")}));
  out.emplace_back(derived_sum("weapon_attack_dex", "Weapon attack bonus (Dexterity)",
                               {ref("derived", "proficiency_bonus"), ref("abilityMod", "dex")}));
  out.emplace_back(json::object{{"id", "finesse_mod"},
                                {"label", "Finesse modifier (the better of Strength and Dexterity)"},
                                {"op", "max"},
                                {"of", json::array{ref("abilityMod", "str"), ref("abilityMod", "dex")}}});
  out.emplace_back(derived_sum("weapon_attack_finesse", "Weapon attack bonus (finesse)",
                               {ref("derived", "proficiency_bonus"), ref("derived", "finesse_mod")}));
  out.emplace_back(json::object{{"id", "carrying_capacity"},
                                {"label", "Carrying capacity (lb.)"},
                                {"op", "scale"},
                                {"of", ref("abilityScore", "str")},
                                {"multiplier", 15}});
  return out;
}

json::object live(const Srd& srd) {
  json::array pools;
  pools.emplace_back(json::object{
      {"id", "hp"}, {"label", "Hit points"}, {"max", ref("derived", kHitPointMaximum)}, {"allowTemp", true}});
  // Hit dice, spell slots and pact slots are derived from the class levels (builder_levels.cpp);
  // a pool whose maximum reads 0 stays on the sheet at 0/0 (`hideWhen` reads fields only).
  for (const int die : {6, 8, 10, 12}) {
    pools.emplace_back(json::object{{"id", fmt::format("hd_d{}", die)},
                                    {"label", fmt::format("Hit dice (d{})", die)},
                                    {"max", ref("derived", fmt::format("hit_dice_d{}", die))},
                                    {"group", "hit_dice"}});
  }
  for (int level = 1; level <= 9; ++level) {
    pools.emplace_back(json::object{{"id", fmt::format("slots_{}", level)},
                                    {"label", fmt::format("{}-level slots", ordinal(level))},
                                    {"max", ref("derived", slots_max(level))},
                                    {"group", "slots"},
                                    {"level", level}});
  }
  pools.emplace_back(json::object{{"id", "pact_slots"},
                                  {"label", "Pact slots"},
                                  {"max", ref("derived", "pact_slots_max")},
                                  {"group", "pact"},
                                  {"level", ref("derived", "pact_slot_level")},
                                  {"pays", json::array{"slots"}}});
  json::array tracks;
  tracks.emplace_back(
      json::object{{"id", "death_save_successes"}, {"label", "Death save successes"}, {"min", 0}, {"max", 3}});
  tracks.emplace_back(
      json::object{{"id", "death_save_failures"}, {"label", "Death save failures"}, {"min", 0}, {"max", 3}});
  tracks.emplace_back(json::object{{"id", "exhaustion"}, {"label", "Exhaustion"}, {"min", 0}, {"max", 6}});
  json::array conditions;
  for (const auto& [id, name] : index_names(srd.conditions))
    conditions.emplace_back(json::object{{"id", id}, {"label", name}});
  json::array text{json::object{{"id", "concentration"}, {"label", "Concentrating on"}, {"maxLength", 80}}};
  return json::object{{"pools", std::move(pools)},
                      {"tracks", std::move(tracks)},
                      {"text", std::move(text)},
                      {"conditions", std::move(conditions)}};
}

json::array rests() {
  json::array out;
  out.emplace_back(json::object{{"id", "short"},
                                {"label", "Short rest"},
                                {"restore", json::array{json::object{{"pool", "pact_slots"}, {"to", "max"}}}}});
  out.emplace_back(
      json::object{{"id", "long"},
                   {"label", "Long rest"},
                   {"restore",
                    json::array{
                        json::object{{"pool", "hp"}, {"to", "max"}},
                        json::object{{"poolGroup", "slots"}, {"to", "max"}},
                        json::object{{"pool", "pact_slots"}, {"to", "max"}},
                        json::object{{"poolGroup", "hit_dice"},
                                     {"by", json::object{{"fractionOfMax", 0.5}, {"round", "down"}, {"min", 1}}},
                                     {"shared", true}},
                        json::object{{"track", "exhaustion"}, {"by", ref("const", -1)}},
                        json::object{{"track", "death_save_successes"}, {"to", 0}},
                        json::object{{"track", "death_save_failures"}, {"to", 0}},
                    }},
                   {"clear", json::object{{"text", json::array{"concentration"}}}}});
  return out;
}

json::object advancement() {
  json::array fields{"xp", "level", "hp_max", "ac", "speed"};
  return json::object{
      {"fields", std::move(fields)},
      {"abilities", true},
      {"skills", true},
      {"saves", true},
      {"text",
       "Award XP after a fight or a milestone. At 300, 900, 2700, 6500, 14000 XP and so on the character gains a "
       "level: raise level (hit points, hit dice and spell slots follow from the class levels), or rebuild with the "
       "builder. Raise abilities only at an Ability Score Improvement, never above 20."}};
}

}  // namespace

std::string skill_id(std::string_view srd_index) {
  std::string out(srd_index);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

std::string save_id(std::string_view ability) { return std::string(ability) + "_save"; }

const std::vector<std::string>& ability_ids() {
  static const std::vector<std::string> ids{"str", "dex", "con", "int", "wis", "cha"};
  return ids;
}

std::string ability_name(const Srd& srd, const std::string& id) {
  const auto* a = Srd::find(srd.ability_scores, id);
  if (!a) throw std::runtime_error(fmt::format("SRD data: no ability score `{}`", id));
  return safe_line(str_at(*a, "full_name"));
}

json::object build_resolution() {
  const auto tier = [](std::string_view id, std::string_view label, double multiplier) {
    return json::object{{"id", id}, {"label", label}, {"multiplier", multiplier}};
  };
  json::object half = tier("half", "Half proficiency", 0.5);
  half["round"] = "down";
  json::array ladder;
  for (const auto& [label, dc] : std::vector<std::pair<const char*, int>>{{"Very easy", 5},
                                                                          {"Easy", 10},
                                                                          {"Medium", 15},
                                                                          {"Hard", 20},
                                                                          {"Very hard", 25},
                                                                          {"Nearly impossible", 30}}) {
    ladder.emplace_back(json::object{{"label", label}, {"dc", dc}});
  }
  return json::object{
      {"kind", "dice-sum"},
      {"dice", json::object{{"count", 1}, {"sides", 20}}},
      {"abilityModifier", json::object{{"op", "floorHalfMinusTen"}}},
      {"proficiency", json::object{{"bonus", ref("derived", "proficiency_bonus")}}},
      {"proficiencyTiers", json::array{tier("none", "Not proficient", 0), std::move(half),
                                       tier("proficient", "Proficient", 1), tier("expertise", "Expertise", 2)}},
      {"advantage", true},
      // 2014 rules: a natural 20 or 1 decides attack rolls only, never a check or a save.
      {"naturals", json::object{{"check", "none"}, {"save", "none"}}},
      {"difficultyLadder", std::move(ladder)}};
}

// What a player reads on the sheet. Every other derived value is a working value the formulas and
// the builder read (class flags, level caps, multiclass prerequisites), kept off the sheet.
constexpr std::string_view kShownDerived[] = {
    "proficiency_bonus", "initiative",   "spell_save_dc",  "spell_attack",    "passive_perception", "armor_class",
    "carrying_capacity", "spells_known", "cantrips_known", "max_spell_level", kHitPointMaximum};

json::object build_sheet(const Srd& srd) {
  json::array all_derived = derived();
  for (auto& d : builder_derived(srd)) all_derived.emplace_back(std::move(d));
  for (auto& d : character_derived(srd)) all_derived.emplace_back(std::move(d));
  for (auto& d : level_derived(srd)) all_derived.emplace_back(std::move(d));
  for (auto& d : all_derived) {
    json::object& value = d.as_object();
    // A copy: adding `hideWhen` may move the object's members, and the id with them.
    const std::string id(value.at("id").as_string());
    if (id == "spell_save_dc" || id == "spell_attack") value["hideWhen"] = spell_values_hidden(srd);
    if (std::find(std::begin(kShownDerived), std::end(kShownDerived), id) == std::end(kShownDerived))
      value["internal"] = true;
  }
  return json::object{{"version", 1},
                      {"abilities", abilities(srd)},
                      {"saves", saves(srd)},
                      {"skills", skills(srd)},
                      {"fields", fields(srd)},
                      {"derived", std::move(all_derived)},
                      {"lists", lists(srd)},
                      {"live", live(srd)},
                      {"advancement", advancement()},
                      {"builder", build_builder(srd)}};
}

json::array build_rests() { return rests(); }

json::object build_coverage() {
  return json::object{
      {"checks", true},
      {"saves", true},
      {"sheet", true},
      {"resources", true},
      {"rests", true},
      {"combat", false},
      {"summary",
       "Ability checks, skill checks and saving throws on a d20, the full SRD 5.1 character sheet with spell slots, "
       "hit dice, conditions and rests, a guided character builder, and the SRD races, classes, spells, equipment "
       "and monsters as catalogs."}};
}

json::object build_gm() {
  return json::object{
      {"checkGuidance",
       "This game uses 5e rules from SRD 5.1 (2014). Call for an ability check, skill check or saving throw only "
       "when the outcome is uncertain and failure matters; name the ability, the skill or the save and set a DC from "
       "the ladder. Never add modifiers, never state a total and never decide the result: the Engine applies the "
       "sheet and reports the outcome. Advantage rolls two d20 and keeps the higher, disadvantage the lower; having "
       "both cancels them. A natural 20 or natural 1 has no special effect on checks or saves. An attack hits when "
       "the d20 plus its attack bonus reaches the target's Armor Class; a natural 20 is a critical hit that rolls "
       "the damage dice twice, a natural 1 always misses. A spell's save DC and attack bonus are on the sheet as "
       "spell_save_dc and spell_attack."},
      {"sheetGuidance",
       "Damage comes off temporary hit points first, then hp. At 0 hp the character falls unconscious and rolls a "
       "death saving throw each turn: mark death_save_successes or death_save_failures, three successes stabilise, "
       "three failures mean death, a natural 20 restores 1 hp. Casting a spell of 1st level or higher spends one "
       "slot of the slots group at the spell's level or higher; pact slots pay at their own level. A short rest "
       "restores pact slots and lets the character spend hit dice (hd_d6 to hd_d12) to heal; a long rest restores "
       "hp and every spell slot, half the total hit dice (at least one), lowers exhaustion by one and ends "
       "concentration. Exhaustion runs from 0 to 6; at 6 the creature dies. Conditions are those of the SRD "
       "appendix."},
      {"worldGuidance",
       "The game uses the 5e System Reference Document 5.1 (2014): its races, classes, spells, equipment and "
       "monsters, from the catalogs of this ruleset. A creature's threat is its challenge rating; a fair fight for "
       "four characters has monsters whose XP adds up to the party's daily budget."},
      {"sheetSummary",
       json::object{{"fields", json::array{"class", "level", "race", "subrace"}},
                    {"derived", json::array{"armor_class", "proficiency_bonus", "initiative", "spell_save_dc",
                                            "spell_attack", "passive_perception"}},
                    {"lists", json::array{json::object{{"list", "attacks"}, {"nameColumn", "name"}}}}}}};
}

json::object row(std::string_view list, json::object values) {
  return json::object{{"list", list}, {"values", std::move(values)}};
}

json::object header(std::string_view id, std::string_view label, std::string_view holds,
                    const std::vector<std::string>& feeds, const std::vector<FilterSpec>& filters) {
  json::object h{{"id", id}, {"label", label}};
  if (!holds.empty()) h["holds"] = holds;
  if (!feeds.empty()) {
    json::array f;
    for (const auto& id_ : feeds) f.emplace_back(id_);
    h["feeds"] = std::move(f);
  }
  if (!filters.empty()) {
    json::array f;
    for (const auto& spec : filters) {
      json::object one{{"id", spec.id}, {"label", spec.label}, {"type", spec.type}};
      if (!spec.start_from.empty()) one["startFrom"] = json::object{{"field", spec.start_from}};
      f.emplace_back(std::move(one));
    }
    h["filters"] = std::move(f);
  }
  return h;
}

}  // namespace srd5e
