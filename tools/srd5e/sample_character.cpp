// characters/sample-cleric.json: a level-5 hill dwarf cleric built only from catalog picks, so
// the package shows (and the tests check) what picked rows look like and what the sheet computes
// from them: Armor Class from worn scale mail and a shield, spell save DC from Wisdom.
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"

namespace srd5e {
namespace {

const Catalog& find_catalog(const std::vector<Catalog>& catalogs, std::string_view id) {
  for (const auto& c : catalogs) {
    if (c.header.at("id").as_string() == id) return c;
  }
  throw std::logic_error(fmt::format("sample character: no catalog `{}`", id));
}

const json::object& find_entry(const Catalog& c, std::string_view id) {
  for (const auto& e : c.entries) {
    if (e.as_object().at("id").as_string() == id) return e.as_object();
  }
  throw std::logic_error(fmt::format("sample character: no entry `{}`", id));
}

/// Picking: every row of the entry, copied with `_catalog` (CA-38), appended to its list.
void pick(json::object& lists, const std::vector<Catalog>& catalogs, std::string_view catalog, std::string_view entry) {
  for (const auto& r : find_entry(find_catalog(catalogs, catalog), entry).at("rows").as_array()) {
    auto& rows = lists[r.at("list").as_string()];
    if (rows.is_null()) rows = json::array();
    json::object row{{"_id", fmt::format("row-{}", rows.as_array().size() + 1)},
                     {"_catalog", fmt::format("{}/{}", catalog, entry)}};
    for (const auto& kv : r.at("values").as_object()) row[kv.key()] = kv.value();
    rows.as_array().emplace_back(std::move(row));
  }
}

/// An item carried: a row of `equipment` that remembers its items-catalog entry.
void carry(json::object& lists, const std::vector<Catalog>& catalogs, std::string_view entry, long long quantity,
           bool worn) {
  const auto& item = find_entry(find_catalog(catalogs, "equipment"), entry);
  auto& rows = lists["equipment"];
  if (rows.is_null()) rows = json::array();
  const auto& stats = item.at("item").at("stats").as_object();
  json::object row{{"_id", fmt::format("row-{}", rows.as_array().size() + 1)},
                   {"_catalog", fmt::format("equipment/{}", entry)},
                   {"name", item.at("label")},
                   {"quantity", quantity},
                   {"worn", worn}};
  // The armor numbers the sheet adds up for Armor Class are copied from the item into its row.
  for (const auto* stat : {"weight", "ac", "armor_weight", "ac_bonus"}) {
    if (const auto* v = stats.if_contains(stat)) row[stat] = *v;
  }
  rows.as_array().emplace_back(std::move(row));
}

}  // namespace

json::object build_sample_character(const std::vector<Catalog>& catalogs) {
  json::object lists;
  pick(lists, catalogs, "races", "dwarf");
  pick(lists, catalogs, "races", "hill-dwarf");
  pick(lists, catalogs, "classes", "cleric");
  pick(lists, catalogs, "backgrounds", "acolyte");
  pick(lists, catalogs, "kits", "acolyte-kit");
  for (const auto* f :
       {"spellcasting-cleric", "divine-domain", "channel-divinity-1-rest", "channel-divinity-turn-undead",
        "destroy-undead-cr-1-2-or-below", "cleric-ability-score-improvement-1", "channel-divinity-preserve-life"}) {
    pick(lists, catalogs, "features", f);
  }
  for (const auto* s : {"sacred-flame", "guidance", "spare-the-dying", "bless", "cure-wounds", "guiding-bolt",
                        "spiritual-weapon", "lesser-restoration", "spirit-guardians", "revivify"}) {
    pick(lists, catalogs, "spells", s);
  }
  lists["classes"].as_array()[0].as_object()["level"] = 5;
  lists["classes"].as_array()[0].as_object()["subclass"] = "Life";
  carry(lists, catalogs, "scale-mail", 1, true);
  carry(lists, catalogs, "shield", 1, true);
  carry(lists, catalogs, "mace", 1, true);
  carry(lists, catalogs, "crossbow-light", 1, false);
  carry(lists, catalogs, "crossbow-bolt", 20, false);
  carry(lists, catalogs, "explorers-pack", 1, false);
  lists["attacks"] = json::array{
      json::object{
          {"_id", "row-1"}, {"name", "Mace"}, {"bonus", 5}, {"damage", "1d6+2"}, {"damage_type", "bludgeoning"}},
      json::object{{"_id", "row-2"},
                   {"name", "Light crossbow"},
                   {"bonus", 3},
                   {"damage", "1d8"},
                   {"damage_type", "piercing"},
                   {"notes", "range 80/320, loading, two-handed"}}};

  // The character document in the reference's shapes: the build under `build`, the live state
  // sparse, with pools as {value, temp} (docs/format/character.md).
  return json::object{
      {"v", 1},
      {"ruleset", "5e-2014"},
      {"name", "Hilde Stonebrow"},
      {"build",
       json::object{
           {"fields", json::object{{"level", 5},
                                   {"xp", 6500},
                                   {"class", "cleric"},
                                   {"subclass", "Life"},
                                   {"race", "dwarf"},
                                   {"subrace", "hill-dwarf"},
                                   {"background", "Acolyte"},
                                   {"alignment", "lawful-good"},
                                   {"speed", "25 ft."},
                                   {"spellcasting_ability", "wis"},
                                   {"gp", 15}}},
           {"abilities", json::object{{"str", 14}, {"dex", 14}, {"con", 15}, {"int", 10}, {"wis", 16}, {"cha", 8}}},
           {"skills", json::object{{"insight", "proficient"},
                                   {"religion", "proficient"},
                                   {"medicine", "proficient"},
                                   {"persuasion", "proficient"}}},
           {"saves", json::object{{save_id("wis"), "proficient"}, {save_id("cha"), "proficient"}}},
           {"lists", std::move(lists)}}},
      {"live", json::object{{"pools", json::object{{"hp", json::object{{"value", 31}, {"temp", 0}}},
                                                   {"slots_1", json::object{{"value", 2}, {"temp", 0}}}}},
                            {"notes", json::array{"Owes the temple at Stonebridge a favour."}}}},
      {"builder", json::object{}}};
}

}  // namespace srd5e
