// The `creatures` catalog: all SRD monsters (holds "creatures", 1.27), written with the sheet's
// own ids — abilities, save and skill tiers back-solved from the SRD bonuses, fields `ac` and
// `speed`, the `hp` pool — and their senses, defences, traits and actions. It is a separate file
// (catalogs/creatures.json).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <regex>
#include <set>
#include <stdexcept>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "srd5e/catalogs.hpp"
#include "srd5e/json_out.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

constexpr std::size_t kTextLength = 4000;  // a creature feature's `text`

const char* ability_key(const std::string& id) {
  if (id == "str") return "strength";
  if (id == "dex") return "dexterity";
  if (id == "con") return "constitution";
  if (id == "int") return "intelligence";
  if (id == "wis") return "wisdom";
  return "charisma";
}

long long modifier(long long score) { return static_cast<long long>(std::floor((static_cast<double>(score) - 10.0) / 2.0)); }

/// The tier whose bonus is nearest to (bonus - ability modifier): proficient (PB) or expertise
/// (2 x PB); ties go to the lower tier. A bonus that fits neither exactly is noted.
std::string tier_for(long long bonus, long long mod, long long pb, const std::string& who, const std::string& what, Notes& notes) {
  const long long extra = bonus - mod;
  if (extra == pb) return "proficient";
  if (extra == 2 * pb) return "expertise";
  const std::string tier = std::llabs(extra - 2 * pb) < std::llabs(extra - pb) ? "expertise" : "proficient";
  notes.tiers.push_back(fmt::format("{}: {} +{} is the ability modifier {:+} plus {}, neither PB {} nor twice it; written `{}`.",
                                    who, what, bonus, mod, extra, pb, tier));
  return tier;
}

std::string usage_suffix(const json::object& feature) {
  const auto* u = feature.if_contains("usage");
  if (!u || !u->is_object()) return "";
  const auto& usage = u->get_object();
  const std::string type = str_at(usage, "type");
  if (type == "per day") return fmt::format(" ({}/Day)", int_at(usage, "times"));
  if (type == "recharge on roll") {
    const long long min = int_at(usage, "min_value");
    return min >= 6 ? " (Recharge 6)" : fmt::format(" (Recharge {}-6)", min);
  }
  if (type == "recharge after rest") {
    const auto rests = strings_at(usage, "rest_types");
    return rests.size() > 1 ? " (Recharges after a Short or Long Rest)" : " (Recharges after a " + capitalise(rests.empty() ? "long" : rests[0]) + " Rest)";
  }
  return "";
}

std::string no_spaces(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
  return s;
}

json::array damage_rolls(const json::object& feature) {
  json::array out;
  for (const auto& v : arr_or_empty(feature, "damage")) {
    const json::object* d = &obj(v, "damage");
    // "choose one of": the SRD lists the one-handed use first; we keep that one.
    if (d->contains("from") && !d->contains("damage_dice")) {
      const auto& options = arr_at(obj_at(*d, "from"), "options");
      if (options.empty()) continue;
      d = &obj(options.front(), "damage option");
    }
    if (!d->contains("damage_dice")) continue;
    json::object roll{{"dice", no_spaces(str_at(*d, "damage_dice"))}};
    if (d->contains("damage_type")) roll["type"] = ref_index(*d, "damage_type");
    out.emplace_back(std::move(roll));
  }
  return out;
}

json::array features(const json::object& m, std::string_view key) {
  json::array out;
  std::set<std::string> ids;
  for (const auto& v : arr_or_empty(m, key)) {
    const auto& f = obj(v, "creature feature");
    const std::string name = str_at(f, "name");
    std::string label = name;
    if (name.find('(') == std::string::npos) label += usage_suffix(f);
    std::string id = entry_id(name);
    for (int n = 2; ids.count(id); ++n) id = entry_id(fmt::format("{}-{}", entry_id(name), n));
    ids.insert(id);
    json::object one{{"id", id}, {"label", clip(safe_line(label), 200)}, {"text", clip(long_text({str_at(f, "desc")}), kTextLength)}};
    if (auto bonus = opt_num(f, "attack_bonus")) one["attack"] = number_value(*bonus);
    json::array damage = damage_rolls(f);
    if (!damage.empty()) one["damage"] = std::move(damage);
    if (const auto* u = f.if_contains("usage"); u && u->is_object() && str_at(u->get_object(), "type") == "per day") {
      one["uses"] = int_at(u->get_object(), "times");
    }
    out.emplace_back(std::move(one));
  }
  return out;
}

std::string speed_text(const json::object& speed) {
  std::vector<std::string> parts;
  bool hover = false;
  for (const auto& kv : speed) {
    if (kv.key() == "hover") {
      hover = kv.value().is_bool() && kv.value().get_bool();
      continue;
    }
    if (!kv.value().is_string()) continue;
    const std::string v(kv.value().get_string());
    parts.push_back(kv.key() == "walk" ? v : std::string(kv.key()) + " " + v);
    if (kv.key() == "fly" && hover) parts.back() += " (hover)";
  }
  if (hover && (parts.empty() || parts.back().find("(hover)") == std::string::npos)) {
    for (auto& p : parts) {
      if (starts_with(p, "fly ")) p += " (hover)";
    }
  }
  return join(parts, ", ");
}

json::array senses(const json::object& s) {
  json::array out;
  for (const auto& kv : s) {
    if (kv.key() == "passive_perception") continue;
    const std::string name = std::string(kv.key());
    std::string value = kv.value().is_string() ? std::string(kv.value().get_string()) : number_text(kv.value().to_number<double>());
    out.emplace_back(safe_line(name + " " + value));
  }
  if (const auto* pp = s.if_contains("passive_perception")) out.emplace_back(fmt::format("passive Perception {}", number_text(pp->to_number<double>())));
  return out;
}

/// "Common, Draconic" -> two; "understands Common, Elvish, and Sylvan but can't speak" stays one.
json::array languages(const std::string& text) {
  json::array out;
  if (text.empty() || text == "-" || text == "\xE2\x80\x94") return out;
  std::vector<std::string> pieces;
  std::string current;
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0 && i + 1 < text.size() && text[i + 1] == ' ') {
      pieces.push_back(current);
      current.clear();
      ++i;
      continue;
    }
    current += c;
  }
  pieces.push_back(current);
  std::vector<std::string> merged;
  for (const auto& p : pieces) {
    const bool open = !merged.empty() && merged.back().find("understands") != std::string::npos && merged.back().find(" but ") == std::string::npos;
    if (!merged.empty() && (open || starts_with(p, "and "))) merged.back() += ", " + p;
    else merged.push_back(p);
  }
  for (const auto& m : merged) out.emplace_back(clip(safe_line(m), 200));
  return out;
}

std::string ac_text(const json::object& ac) {
  const std::string type = str_at(ac, "type");
  std::string out = std::to_string(int_at(ac, "value"));
  if (type == "natural") return out + " (natural armor)";
  if (type == "armor") {
    std::vector<std::string> names;
    for (const auto& a : arr_or_empty(ac, "armor")) names.push_back(lower(str_at(obj(a, "armor"), "name")));
    return names.empty() ? out + " (armor)" : out + " (" + join(names, ", ") + ")";
  }
  if (type == "spell") return out + " with " + lower(ref_name(ac, "spell"));
  if (type == "condition") return out + " while " + lower(ref_name(ac, "condition"));
  return out;
}

json::object creature_entry(const Srd& srd, const json::object& m, Notes& notes) {
  const std::string name = str_at(m, "name");
  const std::string type = str_at(m, "type");
  std::string kind = type;
  if (auto sub = opt_str(m, "subtype"); sub && !sub->empty()) kind += " (" + *sub + ")";
  const double cr = num_at(m, "challenge_rating");
  const long long pb = int_at(m, "proficiency_bonus");

  json::object abilities;
  for (const auto& id : ability_ids()) abilities[id] = int_at(m, ability_key(id));
  json::object saves, skills;
  for (const auto& v : arr_or_empty(m, "proficiencies")) {
    const auto& p = obj(v, "monster proficiency");
    const std::string index = ref_index(p, "proficiency");
    const long long bonus = int_at(p, "value");
    if (starts_with(index, "saving-throw-")) {
      const std::string id = index.substr(13);
      saves[save_id(id)] = tier_for(bonus, modifier(abilities.at(id).as_int64()), pb, name, "save " + id, notes);
    } else if (starts_with(index, "skill-")) {
      const std::string id = index.substr(6);
      const auto* skill = Srd::find(srd.skills, id);
      if (!skill) throw std::runtime_error(fmt::format("SRD data: {} names no skill `{}`", name, id));
      const std::string ability = ref_index(*skill, "ability_score");
      skills[skill_id(id)] = tier_for(bonus, modifier(abilities.at(ability).as_int64()), pb, name, "skill " + id, notes);
    } else {
      throw std::runtime_error(fmt::format("SRD data: {} has proficiency `{}`", name, index));
    }
  }

  const auto& acs = arr_at(m, "armor_class");
  if (acs.empty()) throw std::runtime_error(fmt::format("SRD data: {} has no armor_class", name));
  std::vector<std::string> ac_parts;
  for (const auto& a : acs) ac_parts.push_back(ac_text(obj(a, "armor class")));
  const long long ac = int_at(obj(acs.front(), "armor class"), "value");

  // Damage defences: the damage-type ids each SRD phrase names; a phrase with a condition
  // ("from nonmagical weapons") is kept word for word in a trait as well.
  json::array traits;
  json::object damage;
  for (const auto& [key, label] : std::vector<std::pair<std::string, std::string>>{
           {"damage_resistances", "Damage Resistances"}, {"damage_immunities", "Damage Immunities"}, {"damage_vulnerabilities", "Damage Vulnerabilities"}}) {
    json::array ids;
    std::vector<std::string> qualified;
    for (const auto& phrase : strings_at(m, key)) {
      std::vector<std::pair<std::size_t, std::string>> found;
      for (const auto& t : srd.damage_types) {
        const std::string id = str_at(obj(t, "damage type"), "index");
        const std::regex word("\\b" + id + "\\b");
        std::smatch match;
        if (std::regex_search(phrase, match, word)) found.emplace_back(static_cast<std::size_t>(match.position(0)), id);
      }
      std::sort(found.begin(), found.end());
      for (const auto& [pos, id] : found) {
        if (std::find(ids.begin(), ids.end(), json::value(id)) == ids.end()) ids.emplace_back(id);
      }
      if (found.size() != 1 || found.front().second != phrase) qualified.push_back(phrase);
    }
    damage[key.substr(7)] = std::move(ids);
    if (!qualified.empty()) traits.emplace_back(json::object{{"label", label}, {"text", safe_line(join(qualified, "; "))}});
  }
  if (acs.size() > 1) traits.emplace_back(json::object{{"label", "Armor Class"}, {"text", safe_line(join(ac_parts, "; "))}});
  for (auto& t : features(m, "special_abilities")) traits.emplace_back(std::move(t));

  // The SRD data lists `blinded` twice where the SRD text reads "blinded, ... deafened" (Flying
  // Sword, Ochre Jelly, Rug of Smothering, Shambling Mound, Shrieker, Violet Fungus): the second
  // `blinded` is read as `deafened`; any other repeat is dropped.
  json::array condition_immunities;
  for (const auto& c : arr_or_empty(m, "condition_immunities")) {
    std::string id = str_at(obj(c, "condition"), "index");
    const auto has = [&](const std::string& x) { return std::find(condition_immunities.begin(), condition_immunities.end(), json::value(x)) != condition_immunities.end(); };
    if (!has(id)) {
      condition_immunities.emplace_back(id);
    } else if (id == "blinded" && !has("deafened")) {
      condition_immunities.emplace_back("deafened");
      notes.fixes.push_back(fmt::format("{}: the SRD data lists condition immunity `blinded` twice; the second is written as `deafened`, as the SRD text reads.", name));
    } else {
      notes.fixes.push_back(fmt::format("{}: condition immunity `{}` is listed twice; written once.", name, id));
    }
  }

  const long long hp = int_at(m, "hit_points");
  const std::string speed = speed_text(obj_at(m, "speed"));
  const long long xp = int_at(m, "xp");
  json::object creature{{"size", str_at(m, "size")},
                        {"kind", safe_line(kind)},
                        {"alignment", safe_line(str_at(m, "alignment"))},
                        {"threat", number_value(cr)},
                        {"xp", xp},
                        {"abilities", std::move(abilities)},
                        {"saves", std::move(saves)},
                        {"skills", std::move(skills)},
                        {"fields", json::object{{"ac", ac}, {"speed", safe_line(speed)}}},
                        {"pools", json::object{{"hp", json::object{{"max", hp}, {"roll", no_spaces(str_at(m, "hit_points_roll"))}}}}},
                        {"senses", senses(obj_at(m, "senses"))},
                        {"languages", languages(safe_line(opt_str(m, "languages").value_or("")))},
                        {"damage", std::move(damage)},
                        {"conditionImmunities", std::move(condition_immunities)},
                        {"traits", std::move(traits)},
                        {"actions", features(m, "actions")},
                        {"reactions", features(m, "reactions")},
                        {"legendary", features(m, "legendary_actions")}};

  const std::string cr_text = cr == 0.125 ? "1/8" : cr == 0.25 ? "1/4" : cr == 0.5 ? "1/2" : number_text(cr);
  const std::string summary = fmt::format("{} {}, {}; CR {} ({} XP); AC {}; {} hp ({}); speed {}", str_at(m, "size"), kind,
                                          str_at(m, "alignment"), cr_text, thousands(xp), ac_parts.front(), hp,
                                          no_spaces(str_at(m, "hit_points_roll")), speed);
  return json::object{{"id", entry_id(str_at(m, "index"))},
                      {"label", safe_line(name)},
                      {"summary", clip(safe_line(sentence(summary)), 300)},
                      {"filters", json::object{{"threat", number_value(cr)}, {"kind", type}, {"size", str_at(m, "size")}}},
                      {"creature", std::move(creature)}};
}

}  // namespace

Catalog build_creatures(const Srd& srd, Notes& notes) {
  Catalog c;
  c.header = header("creatures", "Creatures", "creatures", {},
                    {{"threat", "Challenge rating", "number", ""}, {"kind", "Type", "text", ""}, {"size", "Size", "text", ""}});
  c.asset = true;
  for (const auto& v : srd.monsters) c.entries.emplace_back(creature_entry(srd, obj(v, "monster"), notes));
  return c;
}

}  // namespace srd5e
