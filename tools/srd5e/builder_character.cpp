// What the guided builder gives a level-1 character beyond its steps' own picks: the languages a
// race always knows (never offered again), the racial options the SRD holds as trait data (the
// dragonborn's draconic ancestry, the high elf's cantrip), which races need a subrace, Dwarven
// Toughness and which classes show a spell save DC. Everything is read from the SRD data; the
// one rule it holds only as text (Dwarven Toughness) is named here.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

/// The trait whose hit point bonus the SRD gives only as text ("Your hit point maximum increases
/// by 1, and it increases by 1 every time you gain a level"): +1 per level.
constexpr std::string_view kToughnessTrait = "dwarven-toughness";
constexpr long long kToughnessPerLevel = 1;

json::object enum_table(std::string_view id, std::string_view label, std::string_view field, json::object table,
                        long long def) {
  json::object o{
      {"id", id}, {"label", label}, {"op", "enumTable"}, {"from", json::object{{"field", field}}}, {"table", table}};
  if (def != 0) o["default"] = def;
  return o;
}

const json::object& trait(const Srd& srd, const std::string& index) {
  const auto* t = Srd::find(srd.traits, index);
  if (!t) throw std::runtime_error(fmt::format("SRD data: no trait `{}`", index));
  return *t;
}

/// The options object of a trait's `trait_specific.<key>`, or nullptr.
const json::object* trait_options(const json::object& t, std::string_view key) {
  const auto* specific = t.if_contains("trait_specific");
  if (specific == nullptr || !specific->is_object()) return nullptr;
  const auto* options = specific->get_object().if_contains(key);
  return options != nullptr && options->is_object() ? &options->get_object() : nullptr;
}

std::vector<std::string> option_indexes(const json::object& options) {
  std::vector<std::string> out;
  for (const auto& v : arr_at(obj_at(options, "from"), "options"))
    out.push_back(ref_index(obj(v, "trait option"), "item"));
  return out;
}

/// Every race or subrace record with the traits it names (`traits` for a race, `racial_traits` for
/// a subrace), as entry ids.
template <typename Visit>
void each_race_trait(const Srd& srd, Visit visit) {
  for (const auto& v : srd.races) {
    const auto& race = obj(v, "race");
    for (const auto& t : arr_or_empty(race, "traits"))
      visit(false, entry_id(str_at(race, "index")), trait(srd, str_at(obj(t, "trait reference"), "index")));
  }
  for (const auto& v : srd.subraces) {
    const auto& subrace = obj(v, "subrace");
    for (const auto& t : arr_or_empty(subrace, "racial_traits"))
      visit(true, entry_id(str_at(subrace, "index")), trait(srd, str_at(obj(t, "trait reference"), "index")));
  }
}

std::string subtrait_text(const Srd& srd, const json::object& subtrait) {
  const auto* specific = subtrait.if_contains("trait_specific");
  if (specific == nullptr || !specific->is_object()) return long_text(strings_at(subtrait, "desc"));
  const auto& ts = specific->get_object();
  std::vector<std::string> parts;
  std::string damage;
  if (ts.contains("damage_type")) damage = ref_name(ts, "damage_type");
  if (const auto* bw = ts.if_contains("breath_weapon"); bw && bw->is_object()) {
    const auto& area = obj_at(bw->get_object(), "area_of_effect");
    parts.push_back(
        fmt::format("Breath Weapon: {} damage, {} ft. {}, {} saving throw (DC 8 + your Constitution "
                    "modifier + your proficiency bonus)",
                    damage, int_at(area, "size"), str_at(area, "type"),
                    ability_name(srd, ref_index(obj_at(bw->get_object(), "dc"), "dc_type"))));
  }
  if (!damage.empty()) parts.push_back(fmt::format("Damage Resistance: {} damage", lower(damage)));
  return long_text(parts);
}

}  // namespace

std::vector<std::string> known_by_races(const Srd& srd, const std::string& language_index) {
  std::vector<std::string> out;
  for (const auto& v : srd.races) {
    const auto& race = obj(v, "race");
    for (const auto& l : arr_or_empty(race, "languages")) {
      if (str_at(obj(l, "language"), "index") == language_index) out.push_back(entry_id(str_at(race, "index")));
    }
  }
  return out;
}

std::string language_open(const std::string& language_id) {
  std::string id = "language_open_" + language_id;
  std::replace(id.begin(), id.end(), '-', '_');
  return id;
}

void trait_entry_choices(const Srd& srd, const json::object& t, json::array& out) {
  const std::string index = str_at(t, "index");
  if (const auto* spells = trait_options(t, "spell_options")) {
    json::array ids;
    long long level = -1;
    bool one_level = true;
    for (const auto& spell : option_indexes(*spells)) {
      const auto* s = Srd::find(srd.spells, spell);
      if (!s) throw std::runtime_error(fmt::format("SRD data: trait `{}` offers no spell `{}`", index, spell));
      const long long l = int_at(*s, "level");
      one_level = one_level && (level < 0 || level == l);
      level = l;
      ids.emplace_back(entry_id(spell));
    }
    json::object slot{{"id", entry_id(index)}, {"catalog", "spells"}, {"count", int_at(*spells, "choose")}};
    if (one_level && level >= 0) slot["filters"] = json::object{{"level", level}};
    slot["ids"] = std::move(ids);
    out.emplace_back(std::move(slot));
  }
  if (const auto* sub = trait_options(t, "subtrait_options")) {
    out.emplace_back(json::object{{"id", entry_id(index)},
                                  {"catalog", kTraitOptionsCatalog},
                                  {"count", int_at(*sub, "choose")},
                                  {"filters", json::object{{"trait", entry_id(index)}}}});
  }
}

Catalog build_trait_options(const Srd& srd) {
  Catalog c;
  c.header = header(kTraitOptionsCatalog, "Racial trait options", "", {"features"},
                    {{"trait", "The trait the option belongs to", "text", ""}});
  each_race_trait(srd, [&](bool, const std::string&, const json::object& t) {
    const auto* sub = trait_options(t, "subtrait_options");
    if (sub == nullptr) return;
    std::string source = "Race";
    if (const auto& races = arr_or_empty(t, "races"); !races.empty()) source = str_at(obj(races.at(0), "race"), "name");
    for (const auto& index : option_indexes(*sub)) {
      const json::object& subtrait = trait(srd, index);
      const std::string name = safe_line(str_at(subtrait, "name"));
      const std::string text = subtrait_text(srd, subtrait);
      c.entries.emplace_back(json::object{
          {"id", entry_id(index)},
          {"label", name},
          {"summary", clip(safe_line(sentence(text)), 300)},
          {"filters", json::object{{"trait", entry_id(str_at(t, "index"))}}},
          {"rows", json::array{row(
                       "features",
                       json::object{{"name", name}, {"source", safe_line(source)}, {"level", 0}, {"text", text}})}}});
    }
  });
  return c;
}

json::array character_derived(const Srd& srd) {
  json::array out;
  // BA-143: the subrace step is required for a race that has subraces.
  json::object with_subraces;
  for (const auto& v : srd.races) {
    const auto& race = obj(v, "race");
    if (!arr_or_empty(race, "subraces").empty()) with_subraces[entry_id(str_at(race, "index"))] = 1;
  }
  out.emplace_back(enum_table(kRaceHasSubraces, "The race has subraces", "race", std::move(with_subraces), 0));
  // The racial options steps are shown only for a race or subrace that has such a trait.
  json::object race_options, subrace_options, race_spells, subrace_spells, toughness;
  each_race_trait(srd, [&](bool subrace, const std::string& id, const json::object& t) {
    if (trait_options(t, "subtrait_options")) (subrace ? subrace_options : race_options)[id] = 1;
    if (trait_options(t, "spell_options")) (subrace ? subrace_spells : race_spells)[id] = 1;
    if (str_at(t, "index") == kToughnessTrait) {
      if (!subrace) throw std::runtime_error("SRD data: Dwarven Toughness is a race's trait, read as a subrace's");
      toughness[id] = kToughnessPerLevel;
    }
  });
  if (!subrace_options.empty() || !race_spells.empty())
    throw std::runtime_error("SRD data: trait options of a subrace or racial spells of a race are not read");
  if (toughness.empty()) throw std::runtime_error("SRD data: no subrace has Dwarven Toughness");
  out.emplace_back(
      enum_table(kRaceTraitOptions, "The race has a trait option to choose", "race", std::move(race_options), 0));
  out.emplace_back(
      enum_table(kSubraceSpells, "The subrace has a spell to choose", "subrace", std::move(subrace_spells), 0));
  // A language a race always knows is never offered again to that race (BA-98 covers chosen ones).
  for (const auto& v : srd.languages) {
    const auto& lang = obj(v, "language");
    const auto races = known_by_races(srd, str_at(lang, "index"));
    if (races.empty()) continue;
    json::object table;
    for (const auto& r : races) table[r] = 0;
    out.emplace_back(enum_table(language_open(entry_id(str_at(lang, "index"))),
                                fmt::format("{} not known from the race", safe_line(str_at(lang, "name"))), "race",
                                std::move(table), 1));
  }
  // Dwarven Toughness per level; the hit points themselves are worked out per class level
  // (builder_levels.cpp).
  out.emplace_back(
      enum_table("racial_hit_points", "Hit points per level from the subrace", "subrace", std::move(toughness), 0));
  return out;
}

json::object spell_values_hidden(const Srd& srd) {
  json::array classes;
  for (const auto& v : srd.classes) {
    const auto& cls = obj(v, "class");
    if (!cls.contains("spellcasting")) classes.emplace_back(entry_id(str_at(cls, "index")));
  }
  return json::object{{"field", "class"}, {"in", std::move(classes)}};
}

}  // namespace srd5e
