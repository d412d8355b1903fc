// The guided builder of the `5e-2014` ruleset (docs/format/builder.md): its steps, the derived
// values they read (class levels, spells known, the highest spell level, multiclass
// prerequisites), what race, class and background entries grant, the starting-gear kits and the
// multiclass options. Everything the SRD data holds is read from it; the few rules it does not
// hold as data (which classes prepare their spells, the wizard's spellbook) are named here.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

constexpr std::size_t kRowsPerEntry = 6;  // CA-19

/// Casters who prepare spells from their whole class list: the ability, and whether half the class
/// level counts (SRD "Preparing and Casting Spells": modifier + level, or + half the paladin level).
struct PreparedRule {
  std::string_view cls, ability;
  bool half;
};
constexpr PreparedRule kPrepared[] = {{"cleric", "wis", false}, {"druid", "wis", false}, {"paladin", "cha", true}};
/// The wizard's spellbook: six 1st-level spells at 1st level, two more each level after.
constexpr std::string_view kSpellbookClass = "wizard";
constexpr long long kSpellbookFirst = 6, kSpellbookPerLevel = 2;
constexpr long long kMaxLevel = 20;
constexpr long long kNoPrepareCap = 100;  // above any count of prepared spells
constexpr long long kMaxAbility = 30;

using Rows = std::vector<std::pair<long long, long long>>;

json::object ref(std::string_view kind, std::string_view id) { return json::object{{kind, id}}; }
json::object derived_ref(std::string_view id) { return ref("derived", id); }
json::object constant(long long n) { return json::object{{"const", n}}; }

json::object with_of(std::string_view id, std::string_view label, std::string_view op, json::array of) {
  return json::object{{"id", id}, {"label", label}, {"op", op}, {"of", std::move(of)}};
}

/// Below its first threshold a step table reads the first row, so a table that starts above 0
/// (a class not taken is level 0, a score under a prerequisite) begins with a row for 0.
json::object step_table(std::string_view id, std::string_view label, json::object from, const Rows& rows) {
  json::array table;
  if (!rows.empty() && rows.front().first > 0 && rows.front().second != 0) table.emplace_back(json::array{0, 0});
  for (const auto& [threshold, value] : rows) table.emplace_back(json::array{threshold, value});
  return json::object{
      {"id", id}, {"label", label}, {"op", "stepTable"}, {"from", std::move(from)}, {"table", std::move(table)}};
}

json::object class_table(std::string_view id, std::string_view label, json::object table, long long def) {
  json::object o{
      {"id", id}, {"label", label}, {"op", "enumTable"}, {"from", ref("field", "class")}, {"table", std::move(table)}};
  if (def != 0) o["default"] = def;
  return o;
}

/// A stepTable's rows from values by level: a row wherever the value changes (from 0).
Rows changes(const std::map<long long, long long>& by_level) {
  Rows out;
  long long last = 0;
  for (const auto& [level, value] : by_level) {
    if (value == last) continue;
    out.emplace_back(level, value);
    last = value;
  }
  return out;
}

struct ClassInfo {
  std::string id, name;
  const json::object* record = nullptr;
  enum class Casting { None, Known, Prepared, Spellbook } casting = Casting::None;
  const PreparedRule* prepared = nullptr;
  long long casting_from = 0;                                  ///< the class level it starts casting at
  std::map<long long, long long> known, cantrips, slot_level;  ///< by class level
};

long long spellcasting_value(const json::object& level, std::string_view key) {
  const auto* sc = level.if_contains("spellcasting");
  if (sc == nullptr || !sc->is_object()) return 0;
  const auto* v = sc->get_object().if_contains(key);
  return v != nullptr && v->is_int64() ? v->get_int64() : 0;
}

std::vector<ClassInfo> class_infos(const Srd& srd) {
  std::vector<ClassInfo> out;
  for (const auto& v : srd.classes) {
    const auto& cls = obj(v, "class");
    ClassInfo c;
    c.id = str_at(cls, "index");
    c.name = safe_line(str_at(cls, "name"));
    c.record = &cls;
    for (const auto& lv : srd.levels) {
      const auto& level = obj(lv, "level");
      if (level.contains("subclass") || ref_index(level, "class") != c.id) continue;
      const long long n = int_at(level, "level");
      c.known[n] = spellcasting_value(level, "spells_known");
      c.cantrips[n] = spellcasting_value(level, "cantrips_known");
      long long highest = 0;
      for (int slot = 1; slot <= 9; ++slot) {
        if (spellcasting_value(level, fmt::format("spell_slots_level_{}", slot)) > 0) highest = slot;
      }
      c.slot_level[n] = highest;
    }
    if (c.slot_level.size() != static_cast<std::size_t>(kMaxLevel)) {
      throw std::runtime_error(
          fmt::format("SRD data: class `{}` has {} levels, not {}", c.id, c.slot_level.size(), kMaxLevel));
    }
    const bool casts = cls.contains("spellcasting");
    const bool known = std::any_of(c.known.begin(), c.known.end(), [](const auto& kv) { return kv.second > 0; });
    const auto* prepared =
        std::find_if(std::begin(kPrepared), std::end(kPrepared), [&](const PreparedRule& r) { return r.cls == c.id; });
    const int readings = int{known} + int{prepared != std::end(kPrepared)} + int{c.id == kSpellbookClass};
    if (casts != (readings == 1) || readings > 1) {
      throw std::runtime_error(
          fmt::format("SRD data: class `{}` {} spells, and the converter reads its spells known {} ways", c.id,
                      casts ? "casts" : "casts no", readings));
    }
    if (casts) {
      c.casting_from = int_at(obj_at(cls, "spellcasting"), "level");
      if (known) {
        c.casting = ClassInfo::Casting::Known;
      } else if (c.id == kSpellbookClass) {
        c.casting = ClassInfo::Casting::Spellbook;
      } else {
        c.casting = ClassInfo::Casting::Prepared;
        c.prepared = prepared;
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::string is_class(const ClassInfo& c) { return "is_" + c.id; }
/// The class's levels as the first class: what its spells steps and its kit read.
std::string first_class_level(const ClassInfo& c) { return c.id + "_first_level"; }

/// The ability-score prerequisites of multiclassing into `c`: all of `prerequisites`, and one of
/// `prerequisite_options` (SRD "Multiclassing Prerequisites").
struct Prerequisites {
  std::vector<std::pair<std::string, long long>> all, any;
};

Prerequisites prerequisites(const ClassInfo& c) {
  Prerequisites p;
  const auto& mc = obj_at(*c.record, "multi_classing");
  for (const auto& v : arr_or_empty(mc, "prerequisites")) {
    const auto& one = obj(v, "prerequisite");
    p.all.emplace_back(ref_index(one, "ability_score"), int_at(one, "minimum_score"));
  }
  if (const auto* opt = mc.if_contains("prerequisite_options"); opt && opt->is_object()) {
    if (int_at(opt->get_object(), "choose") != 1)
      throw std::runtime_error(fmt::format("SRD data: `{}` multiclass options choose more than one", c.id));
    for (const auto& v : arr_at(obj_at(opt->get_object(), "from"), "options")) {
      const auto& one = obj(v, "prerequisite option");
      p.any.emplace_back(ref_index(one, "ability_score"), int_at(one, "minimum_score"));
    }
  }
  if (p.all.empty() && p.any.empty())
    throw std::runtime_error(fmt::format("SRD data: class `{}` has no multiclass prerequisite", c.id));
  return p;
}

std::string at_least(const std::string& ability, long long score) {
  return fmt::format("{}_at_least_{}", ability, score);
}

std::string prerequisite_text(const Srd& srd, const Prerequisites& p) {
  std::vector<std::string> all, any;
  for (const auto& [a, n] : p.all) all.push_back(fmt::format("{} {}", ability_name(srd, a), n));
  for (const auto& [a, n] : p.any) any.push_back(fmt::format("{} {}", ability_name(srd, a), n));
  std::string out = join_and(all);
  if (!any.empty()) out += (out.empty() ? "" : " and ") + join(any, " or ");
  return out;
}

// ---- grants --------------------------------------------------------------------------------

/// The skill id of an SRD skill proficiency ("skill-insight" -> "insight"), or "".
std::string skill_of(std::string_view proficiency) {
  return starts_with(proficiency, "skill-") ? skill_id(proficiency.substr(6)) : "";
}

/// A trained choice from an SRD proficiency choice whose options are all skills, or nothing.
/// `from` is left out when every skill of the sheet is offered ("choose any three").
std::optional<json::object> skill_choice(const Srd& srd, const json::object& choice, const std::string& slot_id) {
  const auto& from = obj_at(choice, "from");
  if (opt_str(from, "option_set_type").value_or("") != "options_array") return std::nullopt;
  json::array skills;
  for (const auto& v : arr_at(from, "options")) {
    const auto& o = obj(v, "proficiency option");
    const auto* item = o.if_contains("item");
    if (item == nullptr || !item->is_object()) return std::nullopt;
    const std::string skill = skill_of(str_at(item->get_object(), "index"));
    if (skill.empty()) return std::nullopt;
    skills.emplace_back(skill);
  }
  json::object slot{{"id", slot_id}, {"what", "skills"}, {"count", int_at(choice, "choose")}};
  if (skills.size() != srd.skills.size()) slot["from"] = std::move(skills);
  return slot;
}

/// A language choice `{ "catalog": "languages", "count", "ids"? }`; `ids` only when the SRD offers
/// fewer than every language.
json::object language_choice(const Srd& srd, const json::object& options, const std::string& slot_id) {
  json::object slot{{"id", slot_id}, {"catalog", "languages"}, {"count", int_at(options, "choose")}};
  const auto& from = obj_at(options, "from");
  if (opt_str(from, "option_set_type").value_or("") == "options_array") {
    json::array ids;
    for (const auto& v : arr_at(from, "options"))
      ids.emplace_back(entry_id(ref_index(obj(v, "language option"), "item")));
    if (ids.size() != srd.languages.size()) slot["ids"] = std::move(ids);
  }
  return slot;
}

/// `grants` in the format's key order, leaving out what is empty.
json::object grants_object(json::object abilities, json::object trained, json::object sets, json::array entry_choices) {
  json::object g;
  if (!abilities.empty()) g["abilities"] = std::move(abilities);
  if (!trained.empty()) g["trained"] = std::move(trained);
  if (!sets.empty()) g["sets"] = std::move(sets);
  if (!entry_choices.empty()) g["entries"] = json::object{{"choose", std::move(entry_choices)}};
  return g;
}

// ---- kits ----------------------------------------------------------------------------------

struct KitItem {
  std::string name;
  long long quantity = 1;
  double weight = 0;
  std::string index;  ///< the SRD equipment index; empty for an item of the player's choice
};

std::string shown(const KitItem& item) {
  return item.quantity == 1 ? item.name : fmt::format("{} x{}", item.name, item.quantity);
}

KitItem equipment_item(const Srd& srd, const std::string& index, long long quantity) {
  const auto* eq = Srd::find(srd.equipment, index);
  if (!eq) throw std::runtime_error(fmt::format("SRD data: no equipment `{}`", index));
  return KitItem{safe_line(str_at(*eq, "name")), quantity, opt_num(*eq, "weight").value_or(0), index};
}

/// A row for an item the player picks from a category: "a martial weapon" becomes "Martial weapon
/// (your choice)"; without the SRD's text, the category: "Holy Symbols (one of your choice)".
KitItem chosen_item(const json::object& choice, const json::object& from, long long quantity) {
  if (auto desc = opt_str(choice, "desc")) {
    std::string text = *desc;
    for (const char* article : {"a ", "an ", "any ", "one "}) {
      if (starts_with(text, article)) text = text.substr(std::string_view(article).size());
    }
    return KitItem{capitalise(safe_line(text)) + " (your choice)", quantity, 0, ""};
  }
  return KitItem{safe_line(ref_name(from, "equipment_category")) + " (one of your choice)", quantity, 0, ""};
}

/// The items of the first option of an SRD option (BA-58 kits take option (a) of each choice).
void first_option(const Srd& srd, const json::object& option, std::vector<KitItem>& out) {
  const std::string type = str_at(option, "option_type");
  if (type == "counted_reference") {
    out.push_back(equipment_item(srd, ref_index(option, "of"), int_at(option, "count")));
  } else if (type == "multiple") {
    for (const auto& v : arr_at(option, "items")) first_option(srd, obj(v, "option item"), out);
  } else if (type == "choice") {
    const auto& choice = obj_at(option, "choice");
    const auto& from = obj_at(choice, "from");
    if (from.contains("options")) {
      first_option(srd, obj(arr_at(from, "options").at(0), "option"), out);
    } else {
      out.push_back(chosen_item(choice, from, int_at(choice, "choose")));
    }
  } else {
    throw std::runtime_error(fmt::format("SRD data: starting equipment option of type `{}`", type));
  }
}

/// The fixed gear, then the first option of each choice (a row to fill for a choice of any item of
/// a category); the SRD texts of the choices with options go to `descs`.
std::vector<KitItem> kit_items(const Srd& srd, const json::object& record, std::vector<std::string>& descs) {
  std::vector<KitItem> items;
  for (const auto& v : arr_or_empty(record, "starting_equipment")) {
    const auto& e = obj(v, "starting equipment");
    items.push_back(equipment_item(srd, ref_index(e, "equipment"), int_at(e, "quantity")));
  }
  for (const auto& v : arr_or_empty(record, "starting_equipment_options")) {
    const auto& choice = obj(v, "equipment option");
    const auto& from = obj_at(choice, "from");
    if (from.contains("options")) {
      descs.push_back(safe_line(str_at(choice, "desc")));
      first_option(srd, obj(arr_at(from, "options").at(0), "option"), items);
    } else {
      items.push_back(chosen_item(choice, from, int_at(choice, "choose")));
    }
  }
  return items;
}

json::object equipment_values(const KitItem& item, bool worn) {
  return json::object{{"name", clip(item.name, 100)},
                      {"quantity", item.quantity},
                      {"worn", worn},
                      {"weight", number_value(item.weight)}};
}

/// A weapon's `attacks` row: the attack bonus and the damage bonus are scaled cells computed from
/// the character when the kit is taken (CA-34), with Strength, Dexterity (ranged) or the better
/// of the two (finesse).
json::object attack_row(const json::object& weapon, const KitItem& item) {
  bool finesse = false;
  std::vector<std::string> props;
  for (const auto& p : arr_or_empty(weapon, "properties")) {
    const auto& prop = obj(p, "weapon property");
    finesse = finesse || str_at(prop, "index") == "finesse";
    props.push_back(lower(str_at(prop, "name")));
  }
  const bool ranged = str_at(weapon, "weapon_range") == "Ranged";
  const std::string_view attack = finesse  ? "weapon_attack_finesse"
                                  : ranged ? "weapon_attack_dex"
                                           : "weapon_attack_str";
  const json::object damage_mod = finesse  ? json::object{{"derived", "finesse_mod"}}
                                  : ranged ? json::object{{"abilityMod", "dex"}}
                                           : json::object{{"abilityMod", "str"}};
  json::object values{{"name", clip(item.name, 100)}, {"bonus", 0}};
  json::object scaled{{"bonus", json::object{{"from", json::object{{"derived", attack}}}}}};
  if (const auto* dmg = weapon.if_contains("damage"); dmg && dmg->is_object()) {
    const std::string dice = str_at(dmg->get_object(), "damage_dice");
    if (dice.find('d') != std::string::npos) values["damage"] = dice;
    values["damage_bonus"] = 0;
    scaled["damage_bonus"] = json::object{{"from", damage_mod}};
    values["damage_type"] = ref_index(dmg->get_object(), "damage_type");
  }
  std::vector<std::string> notes;
  if (!props.empty()) notes.push_back(join(props, ", "));
  const auto* range = weapon.if_contains(ranged ? "range" : "throw_range");
  if (range && range->is_object() && range->get_object().contains("long"))
    notes.push_back(
        fmt::format("range {}/{} ft.", int_at(range->get_object(), "normal"), int_at(range->get_object(), "long")));
  if (!notes.empty()) values["notes"] = clip(safe_line(join(notes, "; ")), 200);
  return json::object{{"list", "attacks"}, {"values", std::move(values)}, {"scaled", std::move(scaled)}};
}

/// The kit's rows: its body armor and shield as worn `equipment` rows carrying their Armor Class
/// columns, one `attacks` row per weapon, then the other items one row each; beyond the sixth row
/// (CA-19), items join the last `equipment` row.
json::array kit_rows(const Srd& srd, const std::vector<KitItem>& items) {
  json::array worn, attacks;
  std::vector<KitItem> carried;
  bool armor_worn = false, shield_worn = false;
  for (const auto& item : items) {
    const json::object* eq = item.index.empty() ? nullptr : Srd::find(srd.equipment, item.index);
    const std::string category = eq ? ref_index(*eq, "equipment_category") : "";
    if (category == "armor") {
      const bool shield = str_at(*eq, "armor_category") == "Shield";
      const long long base = int_at(obj_at(*eq, "armor_class"), "base");
      json::object values = equipment_values(item, shield ? !shield_worn : !armor_worn);
      if (shield) {
        values["ac_bonus"] = base;
        shield_worn = true;
      } else {
        const std::string weight = str_at(*eq, "armor_category");
        values["ac"] = base;
        values["armor_weight"] = weight == "Light" ? 1 : weight == "Medium" ? 2 : 3;
        armor_worn = true;
      }
      worn.emplace_back(row("equipment", std::move(values)));
      continue;
    }
    if (category == "weapon" && attacks.size() + worn.size() + 1 < kRowsPerEntry)
      attacks.emplace_back(attack_row(*eq, item));
    carried.push_back(item);
  }
  const std::size_t room = kRowsPerEntry - worn.size() - attacks.size();
  while (carried.size() > room && carried.size() > 1) {
    KitItem last = carried.back();
    carried.pop_back();
    KitItem& into = carried.back();
    into.name = clip(shown(into) + "; " + shown(last), 100);
    into.quantity = 1;
    into.weight += last.weight;
  }
  json::array rows = std::move(worn);
  for (auto& a : attacks) rows.emplace_back(std::move(a));
  for (const auto& item : carried) rows.emplace_back(row("equipment", equipment_values(item, false)));
  return rows;
}

std::string kit_summary(std::string_view who, const std::vector<KitItem>& items,
                        const std::vector<std::string>& descs) {
  std::vector<std::string> names;
  names.reserve(items.size());
  for (const auto& item : items) names.push_back(shown(item));
  std::string out = fmt::format("{} starting equipment: {}", who, join(names, "; "));
  if (!descs.empty())
    out += fmt::format(". Where the SRD offers a choice the kit takes its first option: {}", join(descs, " / "));
  return clip(sentence(out), 300);
}

}  // namespace

// ---- derived values ------------------------------------------------------------------------

json::array builder_derived(const Srd& srd) {
  const auto classes = class_infos(srd);
  json::array out;
  // Which class the sheet holds, each class's level, the first class's levels (builder_levels.cpp).
  for (auto& d : class_level_derived(srd)) out.emplace_back(std::move(d));
  // Spells the spells steps ask for (BA-25): known spells from the SRD class tables, the wizard's
  // spellbook, or the spells a preparing caster prepares; once for the first class (its own levels)
  // and once for the new classes (theirs), each class counted as if it were alone (SRD
  // "Multiclassing: Spells Known and Prepared").
  const auto spells_of = [&](const std::function<std::string(const ClassInfo&)>& level_of, const std::string& suffix) {
    const auto label_of = [&](std::string_view text) {
      return suffix.empty() ? std::string(text) : std::string(text) + " (new classes)";
    };
    json::array known, cantrips, slot_levels;
    for (const auto& c : classes) {
      const std::string id = ("spells_known_" + c.id) + suffix;
      switch (c.casting) {
        case ClassInfo::Casting::None:
          break;
        case ClassInfo::Casting::Known:
          out.emplace_back(
              step_table(id, fmt::format("Spells known ({})", c.name), derived_ref(level_of(c)), changes(c.known)));
          known.emplace_back(derived_ref(id));
          break;
        case ClassInfo::Casting::Spellbook: {
          std::map<long long, long long> book;
          for (long long level = 1; level <= kMaxLevel; ++level)
            book[level] = kSpellbookFirst + kSpellbookPerLevel * (level - 1);
          out.emplace_back(step_table(id, fmt::format("Spells in the spellbook ({})", c.name), derived_ref(level_of(c)),
                                      changes(book)));
          known.emplace_back(derived_ref(id));
          break;
        }
        case ClassInfo::Casting::Prepared: {
          const PreparedRule& rule = *c.prepared;
          json::object levels = derived_ref(level_of(c));
          if (rule.half) {
            const std::string half = (c.id + "_half_level") + suffix;
            out.emplace_back(json::object{{"id", half},
                                          {"label", fmt::format("Half the {} level", lower(c.name))},
                                          {"op", "scale"},
                                          {"of", std::move(levels)},
                                          {"multiplier", 0.5},
                                          {"round", "down"}});
            levels = derived_ref(half);
          }
          const std::string base = (c.id + "_prepared_base") + suffix,
                            at_least_one = (c.id + "_prepared_at_least_1") + suffix, casts = (c.id + "_casts") + suffix;
          out.emplace_back(
              with_of(base,
                      fmt::format("{} modifier plus {} level", ability_name(srd, std::string(rule.ability)),
                                  rule.half ? "half the" : "the"),
                      "sum", json::array{ref("abilityMod", rule.ability), std::move(levels)}));
          out.emplace_back(with_of(at_least_one, fmt::format("Spells prepared, at least one ({})", c.name), "max",
                                   json::array{constant(1), derived_ref(base)}));
          // 0 before the class casts, else a cap no count reaches: the minimum then keeps the count.
          out.emplace_back(step_table(casts,
                                      fmt::format("Spells a {} may prepare at most (0 before it casts)", lower(c.name)),
                                      derived_ref(level_of(c)), Rows{{c.casting_from, kNoPrepareCap}}));
          out.emplace_back(with_of(id, fmt::format("Spells prepared ({})", c.name), "min",
                                   json::array{derived_ref(casts), derived_ref(at_least_one)}));
          known.emplace_back(derived_ref(id));
          break;
        }
      }
      if (c.casting == ClassInfo::Casting::None) continue;
      if (std::any_of(c.cantrips.begin(), c.cantrips.end(), [](const auto& kv) { return kv.second > 0; })) {
        const std::string cid = ("cantrips_known_" + c.id) + suffix;
        out.emplace_back(
            step_table(cid, fmt::format("Cantrips known ({})", c.name), derived_ref(level_of(c)), changes(c.cantrips)));
        cantrips.emplace_back(derived_ref(cid));
      }
      const std::string sid = ("spell_level_" + c.id) + suffix;
      out.emplace_back(step_table(sid, fmt::format("Highest spell level ({})", c.name), derived_ref(level_of(c)),
                                  changes(c.slot_level)));
      slot_levels.emplace_back(derived_ref(sid));
    }
    out.emplace_back(with_of("spells_known" + suffix, label_of("Spells known, in the spellbook or prepared"), "sum",
                             std::move(known)));
    out.emplace_back(with_of("cantrips_known" + suffix, label_of("Cantrips known"), "sum", std::move(cantrips)));
    out.emplace_back(with_of("max_spell_level" + suffix, label_of("Highest spell level the character can cast"), "max",
                             std::move(slot_levels)));
  };
  spells_of([](const ClassInfo& c) { return first_class_level(c); }, "");
  spells_of([](const ClassInfo& c) { return "new_level_" + c.id; }, "_new");

  // Multiclassing (SRD "Multiclassing"): the new class's prerequisites and the current class's own.
  std::set<std::pair<std::string, long long>> scores;
  for (const auto& c : classes) {
    const auto p = prerequisites(c);
    for (const auto& s : p.all) scores.insert(s);
    for (const auto& s : p.any) scores.insert(s);
  }
  for (const auto& a : ability_ids()) {
    for (const auto& [ability, score] : scores) {
      if (ability != a) continue;
      out.emplace_back(step_table(at_least(ability, score),
                                  fmt::format("{} {} or more", ability_name(srd, ability), score),
                                  ref("abilityScore", ability), Rows{{score, 1}}));
    }
  }
  json::array own;
  for (const auto& c : classes) {
    const auto p = prerequisites(c);
    json::array all;
    for (const auto& [a, n] : p.all) all.emplace_back(derived_ref(at_least(a, n)));
    if (!p.any.empty()) {
      json::array any;
      for (const auto& [a, n] : p.any) any.emplace_back(derived_ref(at_least(a, n)));
      const std::string either = "multiclass_any_" + c.id;
      out.emplace_back(with_of(either, fmt::format("One of the {} multiclass options", c.name), "max", std::move(any)));
      all.emplace_back(derived_ref(either));
    }
    const std::string meets = "multiclass_meets_" + c.id, other = "not_" + c.id;
    if (all.size() == 1) all.emplace_back(constant(1));  // a minimum takes two values; the flag is 0 or 1
    out.emplace_back(
        with_of(meets, fmt::format("Meets the {} multiclass prerequisites", c.name), "min", std::move(all)));
    out.emplace_back(class_table(other, fmt::format("Class is not {}", c.name), json::object{{c.id, 0}}, 1));
    out.emplace_back(with_of("multiclass_own_" + c.id, fmt::format("A {} meets its own prerequisites", lower(c.name)),
                             "min", json::array{derived_ref(is_class(c)), derived_ref(meets)}));
    own.emplace_back(derived_ref("multiclass_own_" + c.id));
  }
  out.emplace_back(
      with_of("multiclass_own", "Meets the current class's multiclass prerequisites", "sum", std::move(own)));
  // Offered while both classes' prerequisites are met, read per entry (`offeredWhen`): the scores
  // before the Ability Score Improvements, whose step comes after the class levels it counts.
  for (const auto& c : classes) {
    out.emplace_back(with_of("multiclass_offer_" + c.id, fmt::format("{} offered as a new class", c.name), "min",
                             json::array{derived_ref("multiclass_meets_" + c.id), derived_ref("not_" + c.id),
                                         derived_ref("multiclass_own")}));
  }
  out.emplace_back(step_table("level_2_or_more", "Level 2 or more", ref("field", "level"), Rows{{2, 1}}));
  out.emplace_back(with_of("multiclass_allowed", "May take a new class", "min",
                           json::array{derived_ref("multiclass_own"), derived_ref("level_2_or_more")}));
  return out;
}

// ---- steps ---------------------------------------------------------------------------------

json::object build_builder(const Srd& srd) {
  long long spells_max = 0, cantrips_max = 0;
  for (const auto& c : class_infos(srd)) {
    for (const auto& [level, n] : c.known) spells_max = std::max(spells_max, n);
    for (const auto& [level, n] : c.cantrips) cantrips_max = std::max(cantrips_max, n);
    if (c.casting == ClassInfo::Casting::Spellbook)
      spells_max = std::max(spells_max, kSpellbookFirst + kSpellbookPerLevel * (kMaxLevel - 1));
    // A preparing caster prepares at most its ability modifier (an ability of 30 gives +10) plus its level.
    if (c.casting == ClassInfo::Casting::Prepared)
      spells_max = std::max(spells_max, (kMaxAbility - 10) / 2 + kMaxLevel);
  }
  const json::object spells_within{{"step", "class"}, {"filter", "class_ids"}};
  const json::object stamp{{"class", json::object{{"fromWithin", "label"}}}};
  json::array steps;
  steps.emplace_back(json::object{{"id", "race"},
                                  {"label", "Race"},
                                  {"kind", "catalog"},
                                  {"catalog", "races"},
                                  {"field", "race"},
                                  {"filters", json::object{{"kind", "race"}}}});
  steps.emplace_back(json::object{{"id", "subrace"},
                                  {"label", "Subrace"},
                                  {"kind", "catalog"},
                                  {"catalog", "races"},
                                  {"requiredWhen", derived_ref(kRaceHasSubraces)},
                                  {"field", "subrace"},
                                  {"filters", json::object{{"kind", "subrace"}}},
                                  {"within", json::object{{"step", "race"}, {"filter", "parent"}}}});
  steps.emplace_back(json::object{{"id", "race-options"},
                                  {"label", "Racial options"},
                                  {"kind", "choices"},
                                  {"when", derived_ref(kRaceTraitOptions)},
                                  {"catalog", kTraitOptionsCatalog}});
  steps.emplace_back(json::object{{"id", "racial-spells"},
                                  {"label", "Racial spells"},
                                  {"kind", "choices"},
                                  {"when", derived_ref(kSubraceSpells)},
                                  {"catalog", "spells"}});
  steps.emplace_back(json::object{
      {"id", "class"}, {"label", "Class"}, {"kind", "catalog"}, {"catalog", "classes"}, {"field", "class"}});
  steps.emplace_back(json::object{
      {"id", "level"}, {"label", "Level"}, {"kind", "fields"}, {"fields", json::array{"level", "alignment"}}});
  steps.emplace_back(json::object{{"id", "background"},
                                  {"label", "Background"},
                                  {"kind", "catalog"},
                                  {"catalog", "backgrounds"},
                                  {"field", "background"}});
  steps.emplace_back(json::object{
      {"id", "scores"},
      {"label", "Ability Scores"},
      {"kind", "abilities"},
      {"methods",
       json::object{{"pointBuy",
                     json::object{{"budget", 27},
                                  {"costs", json::array{json::array{8, 0}, json::array{9, 1}, json::array{10, 2},
                                                        json::array{11, 3}, json::array{12, 4}, json::array{13, 5},
                                                        json::array{14, 7}, json::array{15, 9}}}}},
                    {"standardArray", json::array{15, 14, 13, 12, 10, 8}},
                    {"roll", json::object{{"count", 4}, {"sides", 6}, {"keep", 3}}},
                    {"manual", true}}},
      {"default", "pointBuy"}});
  steps.emplace_back(json::object{{"id", "multiclass"},
                                  {"label", "Multiclass"},
                                  {"kind", "catalog"},
                                  {"catalog", "multiclass"},
                                  {"max", 3},
                                  {"countFrom", derived_ref("new_classes_allowed")},
                                  {"requiredWhen", derived_ref("multiclass_step_full")},
                                  {"when", derived_ref("level_2_or_more")}});
  steps.emplace_back(class_levels_step(srd));
  for (auto& step : level_steps_before_skills()) steps.emplace_back(std::move(step));
  steps.emplace_back(json::object{{"id", "skills"}, {"label", "Proficiencies"}, {"kind", "trained"}});
  steps.emplace_back(json::object{
      {"id", "gear"}, {"label", "Equipment"}, {"kind", "startingGear"}, {"catalog", "kits"}, {"strict", true}});
  steps.emplace_back(json::object{{"id", "cantrips"},
                                  {"label", "Cantrips"},
                                  {"kind", "catalog"},
                                  {"catalog", "spells"},
                                  {"when", derived_ref("cantrips_known")},
                                  {"max", cantrips_max},
                                  {"filters", json::object{{"level", 0}}},
                                  {"within", spells_within},
                                  {"countFrom", derived_ref("cantrips_known")},
                                  {"stamp", stamp}});
  steps.emplace_back(
      json::object{{"id", "spells"},
                   {"label", "Spells"},
                   {"kind", "catalog"},
                   {"catalog", "spells"},
                   {"when", derived_ref("spells_known")},
                   {"max", spells_max},
                   {"within", spells_within},
                   {"upTo", json::object{{"filter", "level"}, {"value", derived_ref("max_spell_level")}}},
                   {"countFrom", derived_ref("spells_known")},
                   {"quotas", json::array{json::object{{"filter", "level"}, {"value", 0}, {"max", 0}}}},
                   {"stamp", stamp}});
  // The spells of the new classes, from their own lists (the class's `multiclass` entry).
  const json::object new_within{{"step", "multiclass"}, {"filter", "multiclass_ids"}};
  steps.emplace_back(json::object{{"id", "new-class-cantrips"},
                                  {"label", "Cantrips of new classes"},
                                  {"kind", "catalog"},
                                  {"catalog", "spells"},
                                  {"when", derived_ref("cantrips_known_new")},
                                  {"max", cantrips_max},
                                  {"filters", json::object{{"level", 0}}},
                                  {"within", new_within},
                                  {"countFrom", derived_ref("cantrips_known_new")},
                                  {"stamp", stamp}});
  steps.emplace_back(
      json::object{{"id", "new-class-spells"},
                   {"label", "Spells of new classes"},
                   {"kind", "catalog"},
                   {"catalog", "spells"},
                   {"when", derived_ref("spells_known_new")},
                   {"max", spells_max},
                   {"within", new_within},
                   {"upTo", json::object{{"filter", "level"}, {"value", derived_ref("max_spell_level_new")}}},
                   {"countFrom", derived_ref("spells_known_new")},
                   {"quotas", json::array{json::object{{"filter", "level"}, {"value", 0}, {"max", 0}}}},
                   {"stamp", stamp}});
  steps.emplace_back(
      json::object{{"id", "languages"}, {"label", "Languages"}, {"kind", "choices"}, {"catalog", "languages"}});
  return json::object{{"tier", "proficient"}, {"pools", level_pools()}, {"steps", std::move(steps)}};
}

// ---- grants of the races, classes and background catalogs ----------------------------------

json::object race_grants(const Srd& srd, const json::object& record, bool subrace) {
  const std::string id = entry_id(str_at(record, "index"));
  json::object abilities;
  json::object add;
  for (const auto& v : arr_or_empty(record, "ability_bonuses")) {
    const auto& b = obj(v, "ability bonus");
    add[ref_index(b, "ability_score")] = int_at(b, "bonus");
  }
  if (!add.empty()) abilities["add"] = std::move(add);
  if (const auto* options = record.if_contains("ability_bonus_options"); options && options->is_object()) {
    const auto& opt = options->get_object();
    std::set<std::string> offered;
    long long amount = 0;
    for (const auto& v : arr_at(obj_at(opt, "from"), "options")) {
      const auto& one = obj(v, "ability bonus option");
      offered.insert(ref_index(one, "ability_score"));
      amount = int_at(one, "bonus");
    }
    json::array except;
    for (const auto& a : ability_ids()) {
      if (!offered.contains(a)) except.emplace_back(a);
    }
    abilities["choose"] = json::array{json::object{{"id", id + "-abilities"},
                                                   {"count", int_at(opt, "choose")},
                                                   {"amount", amount},
                                                   {"except", std::move(except)}}};
  }
  json::array skills, choose, languages;  // `languages`: every entry choice, the trait options' too
  if (const auto* opt = record.if_contains("language_options"); opt && opt->is_object()) {
    languages.emplace_back(language_choice(srd, opt->get_object(), id + "-languages"));
  }
  for (const auto& v : arr_or_empty(record, subrace ? "racial_traits" : "traits")) {
    const std::string index = str_at(obj(v, "trait reference"), "index");
    const auto* trait = Srd::find(srd.traits, index);
    if (!trait) throw std::runtime_error(fmt::format("SRD data: no trait `{}`", index));
    for (const auto& p : arr_or_empty(*trait, "proficiencies")) {
      if (std::string skill = skill_of(str_at(obj(p, "proficiency"), "index")); !skill.empty())
        skills.emplace_back(skill);
    }
    if (const auto* pc = trait->if_contains("proficiency_choices"); pc && pc->is_object()) {
      if (auto slot = skill_choice(srd, pc->get_object(), id + "-skills")) choose.emplace_back(std::move(*slot));
    }
    if (const auto* opt = trait->if_contains("language_options"); opt && opt->is_object()) {
      languages.emplace_back(language_choice(srd, opt->get_object(), id + "-languages"));
    }
    trait_entry_choices(srd, *trait, languages);
  }
  json::object trained;
  if (!skills.empty()) trained["skills"] = std::move(skills);
  if (!choose.empty()) trained["choose"] = std::move(choose);
  json::object sets;
  if (!subrace) sets["speed"] = fmt::format("{} ft.", int_at(record, "speed"));
  // A race with no subraces answers the subrace for the player, who otherwise would see it as
  // not chosen yet with nothing to choose from.
  if (!subrace && arr_or_empty(record, "subraces").empty()) sets["subrace"] = "none";
  return grants_object(std::move(abilities), std::move(trained), std::move(sets), std::move(languages));
}

json::object class_grants(const Srd& srd, const json::object& cls) {
  const std::string id = entry_id(str_at(cls, "index"));
  json::array saves, choose;
  for (const auto& s : arr_at(cls, "saving_throws"))
    saves.emplace_back(save_id(str_at(obj(s, "saving throw"), "index")));
  for (const auto& c : arr_or_empty(cls, "proficiency_choices")) {
    if (auto slot = skill_choice(srd, obj(c, "proficiency choice"), id + "-skills"))
      choose.emplace_back(std::move(*slot));
  }
  json::object trained{{"saves", std::move(saves)}};
  if (!choose.empty()) trained["choose"] = std::move(choose);
  json::object sets;
  if (const auto* sc = cls.if_contains("spellcasting"); sc && sc->is_object()) {
    sets["spellcasting_ability"] = ref_index(sc->get_object(), "spellcasting_ability");
  }
  return grants_object({}, std::move(trained), std::move(sets), {});
}

json::object background_grants(const Srd& srd, const json::object& bg) {
  const std::string id = entry_id(str_at(bg, "index"));
  json::array skills, languages;
  for (const auto& p : arr_or_empty(bg, "starting_proficiencies")) {
    if (std::string skill = skill_of(str_at(obj(p, "proficiency"), "index")); !skill.empty())
      skills.emplace_back(skill);
  }
  if (const auto* opt = bg.if_contains("language_options"); opt && opt->is_object()) {
    languages.emplace_back(language_choice(srd, opt->get_object(), id + "-languages"));
  }
  json::object trained;
  if (!skills.empty()) trained["skills"] = std::move(skills);
  // The background's coins (the acolyte's 15 gp) go into the coin field of their unit.
  json::object sets;
  if (const auto* gold = bg.if_contains("starting_gold"); gold && gold->is_object()) {
    const std::string unit = str_at(gold->get_object(), "unit");
    if (unit != "cp" && unit != "sp" && unit != "ep" && unit != "gp" && unit != "pp")
      throw std::runtime_error(fmt::format("SRD data: background `{}` has starting gold in `{}`", id, unit));
    sets[unit] = int_at(gold->get_object(), "quantity");
  }
  return grants_object({}, std::move(trained), std::move(sets), std::move(languages));
}

// ---- the kits and multiclass catalogs ------------------------------------------------------

Catalog build_kits(const Srd& srd) {
  Catalog c;
  c.header = header("kits", "Starting equipment", "", {"equipment", "attacks"}, {{"class", "Class", "text", "class"}});
  for (const auto& info : class_infos(srd)) {
    std::vector<std::string> descs;
    const auto items = kit_items(srd, *info.record, descs);
    c.entries.emplace_back(
        json::object{{"id", info.id + "-kit"},
                     {"label", fmt::format("{} kit", info.name)},
                     {"summary", kit_summary(fmt::format("The {}'s", lower(info.name)), items, descs)},
                     {"filters", json::object{{"class", info.id}}},
                     {"fits", json::object{{"value", derived_ref(first_class_level(info))}, {"atLeast", 1}}},
                     {"rows", kit_rows(srd, items)}});
  }
  for (const auto& v : srd.backgrounds) {
    const auto& bg = obj(v, "background");
    std::vector<std::string> descs;
    auto items = kit_items(srd, bg, descs);
    const std::string name = safe_line(str_at(bg, "name"));
    std::string summary = kit_summary(fmt::format("The {} background's", lower(name)), items, descs);
    if (const auto* gold = bg.if_contains("starting_gold"); gold && gold->is_object()) {
      summary = clip(fmt::format("{} Also {} {} (the coin fields).", summary, int_at(gold->get_object(), "quantity"),
                                 str_at(gold->get_object(), "unit")),
                     300);
    }
    c.entries.emplace_back(json::object{{"id", entry_id(str_at(bg, "index")) + "-kit"},
                                        {"label", fmt::format("{} kit", name)},
                                        {"summary", summary},
                                        {"rows", kit_rows(srd, items)}});
  }
  return c;
}

Catalog build_multiclass(const Srd& srd) {
  Catalog c;
  c.header = header("multiclass", "Multiclassing", "", {"classes", "proficiencies"}, {});
  for (const auto& info : class_infos(srd)) {
    const auto& cls = *info.record;
    const auto& mc = obj_at(cls, "multi_classing");
    std::vector<std::string> gains;
    for (const auto& p : arr_or_empty(mc, "proficiencies"))
      gains.push_back(safe_line(str_at(obj(p, "proficiency"), "name")));
    json::array choose;
    for (const auto& v : arr_or_empty(mc, "proficiency_choices")) {
      const auto& choice = obj(v, "proficiency choice");
      if (auto slot = skill_choice(srd, choice, fmt::format("multiclass-{}-skills", info.id))) {
        choose.emplace_back(std::move(*slot));
      } else {
        gains.push_back(fmt::format("{} {} of your choice", int_at(choice, "choose"),
                                    opt_str(choice, "desc").value_or("proficiency")));
      }
    }
    for (const auto& slot : choose) {
      const long long count = slot.as_object().at("count").as_int64();
      gains.push_back(fmt::format("{} skill{} {}", count, count == 1 ? "" : "s",
                                  slot.as_object().contains("from") ? "from the class's list" : "of your choice"));
    }
    json::array rows;
    rows.emplace_back(row("classes", json::object{{"name", info.name},
                                                  {"level", 1},
                                                  {"hit_die", fmt::format("d{}", int_at(cls, "hit_die"))},
                                                  {"subclass", ""},
                                                  {"saves", ""},
                                                  {"multiclass", true}}));
    if (!gains.empty()) {
      rows.emplace_back(row("proficiencies", json::object{{"name", clip(join(gains, ", "), 400)},
                                                          {"kind", fmt::format("Multiclass {}", info.name)}}));
    }
    const std::string summary = fmt::format(
        "A first level in the {} as a new class. Needs {} (and the current class's own prerequisites); gains {}",
        lower(info.name), prerequisite_text(srd, prerequisites(info)),
        gains.empty() ? "no proficiencies" : join(gains, ", "));
    json::object entry{{"id", "multiclass-" + info.id},
                       {"label", fmt::format("{} (multiclass)", info.name)},
                       {"summary", clip(safe_line(sentence(summary)), 300)},
                       {"offeredWhen", derived_ref("multiclass_offer_" + info.id)},
                       {"rows", std::move(rows)}};
    json::object grants;
    if (!choose.empty()) grants["trained"] = json::object{{"choose", std::move(choose)}};
    // A new caster class names its spellcasting ability (the sheet holds one: the later step's).
    if (const auto* sc = cls.if_contains("spellcasting"); sc && sc->is_object())
      grants["sets"] = json::object{{"spellcasting_ability", ref_index(sc->get_object(), "spellcasting_ability")}};
    if (!grants.empty()) entry["grants"] = std::move(grants);
    c.entries.emplace_back(std::move(entry));
  }
  return c;
}

}  // namespace srd5e
