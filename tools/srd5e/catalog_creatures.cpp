// The `creatures` catalog: all SRD monsters (holds "creatures", 1.27), each a reference creature
// on a threat tier of the `combat` block written here too, with a `sheet` in the 5e sheet's own
// ids (abilities, save and skill tiers back-solved from the SRD bonuses, fields `level` for the
// proficiency bonus, `ac`, `hp_max`, `speed`, `alignment`), its defences, traits (senses and
// languages among them) and actions with to-hit, damage, saves, uses and recharge. It is a
// separate file (catalogs/creatures.json).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/json_out.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

constexpr std::size_t limits_traits = 8;  // the reference shows at most 8 traits

const char* ability_key(const std::string& id) {
  if (id == "str") return "strength";
  if (id == "dex") return "dexterity";
  if (id == "con") return "constitution";
  if (id == "int") return "intelligence";
  if (id == "wis") return "wisdom";
  return "charisma";
}

long long modifier(long long score) {
  return static_cast<long long>(std::floor((static_cast<double>(score) - 10.0) / 2.0));
}

/// The tier whose bonus is nearest to (bonus - ability modifier): proficient (PB) or expertise
/// (2 x PB); ties go to the lower tier. A bonus that fits neither exactly is noted.
std::string tier_for(long long bonus, long long mod, long long pb, const std::string& who, const std::string& what,
                     Notes& notes) {
  const long long extra = bonus - mod;
  if (extra == pb) return "proficient";
  if (extra == 2 * pb) return "expertise";
  const std::string tier = std::llabs(extra - 2 * pb) < std::llabs(extra - pb) ? "expertise" : "proficient";
  notes.tiers.push_back(
      fmt::format("{}: {} +{} is the ability modifier {:+} plus {}, neither PB {} nor twice it; written `{}`.", who,
                  what, bonus, mod, extra, pb, tier));
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
    return rests.size() > 1 ? " (Recharges after a Short or Long Rest)"
                            : " (Recharges after a " + capitalise(rests.empty() ? "long" : rests[0]) + " Rest)";
  }
  return "";
}

std::string no_spaces(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
  return s;
}

/// "2d10+8" -> dice "2d10", flat 8; "1" -> flat 1.
json::object split_dice(const std::string& text) {
  const std::string t = no_spaces(text);
  json::object out;
  const auto d = t.find('d');
  if (d == std::string::npos) {
    out["flat"] = std::atoll(t.c_str());
    return out;
  }
  const auto sign = t.find_first_of("+-", d);
  out["dice"] = t.substr(0, sign);
  if (sign != std::string::npos) {
    const long long flat = std::atoll(t.c_str() + sign);
    if (flat != 0) out["flat"] = flat;
  }
  return out;
}

/// The average of "2d10+8" (19), for the threat scale.
double average(const std::string& text) {
  const std::string t = no_spaces(text);
  const auto d = t.find('d');
  if (d == std::string::npos) return static_cast<double>(std::atoll(t.c_str()));
  const long long count = d == 0 ? 1 : std::atoll(t.substr(0, d).c_str());
  const long long sides = std::atoll(t.c_str() + d + 1);
  const auto sign = t.find_first_of("+-", d);
  const long long flat = sign == std::string::npos ? 0 : std::atoll(t.c_str() + sign);
  return static_cast<double>(count) * (static_cast<double>(sides) + 1.0) / 2.0 + static_cast<double>(flat);
}

/// Each damage roll of an SRD action: its dice and type.
std::vector<std::pair<std::string, std::string>> damage_rolls(const json::object& feature) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& v : arr_or_empty(feature, "damage")) {
    const json::object* d = &obj(v, "damage");
    // "choose one of": the SRD lists the one-handed use first; we keep that one.
    if (d->contains("from") && !d->contains("damage_dice")) {
      const auto& options = arr_at(obj_at(*d, "from"), "options");
      if (options.empty()) continue;
      d = &obj(options.front(), "damage option");
    }
    if (!d->contains("damage_dice")) continue;
    out.emplace_back(no_spaces(str_at(*d, "damage_dice")),
                     d->contains("damage_type") ? ref_index(*d, "damage_type") : "");
  }
  return out;
}

/// A reference action id: the entry id with underscores, at most 40 characters, a letter first.
std::string action_id(const std::string& name) {
  std::string id = entry_id(name);
  std::replace(id.begin(), id.end(), '-', '_');
  if (id.empty() || id.front() < 'a' || id.front() > 'z') id = "a_" + id;
  if (id.size() > 40) id.resize(40);
  while (!id.empty() && id.back() == '_') id.pop_back();
  return id;
}

std::string feature_label(const json::object& f) {
  const std::string name = str_at(f, "name");
  return name.find('(') == std::string::npos ? name + usage_suffix(f) : name;
}

/// A trait as the reference shows it to the Game Master: a name and at most 400 characters.
json::object trait(const std::string& name, const std::string& text) {
  return json::object{{"name", clip(safe_line(name), 60)}, {"text", clip(safe_line(text), 400)}};
}

enum class ActionKind { Action, Reaction, Legendary };

/// One SRD action in the reference's words: to-hit, damage (the first roll, the others as
/// `plus` clauses), a save, uses, recharge, reach and range read from the SRD text.
json::object action(const json::object& f, const std::string& id, ActionKind kind) {
  json::object a{{"id", id},
                 {"name", clip(safe_line(feature_label(f)), 80)},
                 {"budget", kind == ActionKind::Reaction ? "reaction" : "action"}};
  const std::string desc = str_at(f, "desc");
  const auto rolls = damage_rolls(f);
  const auto* dc = f.if_contains("dc");
  const bool attack = f.contains("attack_bonus");
  if (attack) a["toHit"] = int_at(f, "attack_bonus");
  if (!rolls.empty()) {
    json::object damage = split_dice(rolls.front().first);
    if (!rolls.front().second.empty()) damage["type"] = rolls.front().second;
    json::array plus;
    for (std::size_t i = 1; i < rolls.size() && plus.size() < 4; ++i) {
      json::object clause = split_dice(rolls[i].first);
      if (!rolls[i].second.empty()) clause["type"] = rolls[i].second;
      plus.emplace_back(std::move(clause));
    }
    if (!plus.empty()) damage["plus"] = std::move(plus);
    a["damage"] = std::move(damage);
  }
  // A save is the action's own when nothing is rolled to hit; beside an attack it stays in the text.
  if (dc && dc->is_object() && !attack) {
    const auto& d = dc->get_object();
    const std::string ability = ref_index(d, "dc_type");
    const bool half = desc.find("half as much") != std::string::npos || str_at(d, "success_type") == "half";
    a["save"] = json::object{{"save", save_id(ability)},
                             {"difficulty", int_at(d, "dc_value")},
                             {"onSuccess", rolls.empty() ? "negates"
                                           : half        ? "half"
                                                         : "negates"}};
  }
  std::smatch m;
  static const std::regex reach_re("reach (\\d+) ft");
  static const std::regex range_re("range (\\d+)(?:/(\\d+))? ft");
  if (std::regex_search(desc, m, reach_re)) a["reach"] = std::atoll(m[1].str().c_str());
  if (std::regex_search(desc, m, range_re)) {
    const long long normal = std::atoll(m[1].str().c_str());
    if (m[2].matched && std::atoll(m[2].str().c_str()) >= normal)
      a["range"] = json::object{{"normal", normal}, {"long", std::atoll(m[2].str().c_str())}};
    else
      a["range"] = normal;
  }
  if (const auto* u = f.if_contains("usage"); u && u->is_object()) {
    const auto& usage = u->get_object();
    const std::string type = str_at(usage, "type");
    if (type == "per day")
      a["uses"] = json::object{{"per", "day"}, {"count", std::clamp<long long>(int_at(usage, "times"), 1, 20)}};
    if (type == "recharge on roll")
      a["recharge"] =
          json::object{{"dice", json::object{{"count", 1}, {"sides", 6}}}, {"from", int_at(usage, "min_value")}};
    if (type == "recharge after rest") {
      const auto rests = strings_at(usage, "rest_types");
      const bool short_rest = std::find(rests.begin(), rests.end(), "short") != rests.end();
      a["uses"] = json::object{{"per", short_rest ? "encounter" : "day"}, {"count", 1}};
    }
  }
  if (kind == ActionKind::Legendary) {
    static const std::regex cost_re("Costs (\\d+) Actions");
    const std::string name = str_at(f, "name");
    long long cost = 1;
    if (std::regex_search(name, m, cost_re)) cost = std::atoll(m[1].str().c_str());
    a["signature"] = json::object{{"cost", cost}};
  }
  return a;
}

/// The actions of a creature: its actions, reactions and legendary actions; a Multiattack that
/// names its own actions becomes a sequence of them, one that offers a choice stays text.
json::array actions(const json::object& m, json::array& traits, const std::string& who, Notes& notes) {
  json::array out;
  std::set<std::string> ids;
  std::map<std::string, std::string> by_name;  // SRD action name -> id, for Multiattack
  std::set<std::string> plain;                 // ids a sequence may name
  const auto unique = [&](const std::string& name) {
    std::string id = action_id(name);
    for (int n = 2; ids.count(id); ++n) id = action_id(fmt::format("{} {}", name, n));
    ids.insert(id);
    return id;
  };
  std::vector<const json::object*> multi;
  for (const auto& v : arr_or_empty(m, "actions")) {
    const auto& f = obj(v, "creature action");
    if (f.contains("multiattack_type")) {
      multi.push_back(&f);
      continue;
    }
    const std::string id = unique(str_at(f, "name"));
    by_name[lower(str_at(f, "name"))] = id;
    plain.insert(id);
    out.emplace_back(action(f, id, ActionKind::Action));
  }
  for (const auto& v : arr_or_empty(m, "reactions"))
    out.emplace_back(action(obj(v, "creature reaction"), unique(str_at(obj(v, "r"), "name")), ActionKind::Reaction));
  for (const auto& v : arr_or_empty(m, "legendary_actions"))
    out.emplace_back(action(obj(v, "legendary action"), unique(str_at(obj(v, "l"), "name")), ActionKind::Legendary));
  // One sequence from SRD steps `{ action_name, count }`; empty when a step names no plain action.
  const auto steps_of = [&](const std::vector<const json::object*>& in) {
    json::array steps;
    for (const json::object* step : in) {
      auto it = by_name.find(lower(str_at(*step, "action_name")));
      const auto* count = step->if_contains("count");
      const long long times = count && count->is_int64()    ? count->as_int64()
                              : count && count->is_string() ? std::atoll(count->as_string().c_str())
                                                            : 0;
      if (it == by_name.end() || !plain.count(it->second) || times < 1) return json::array{};
      steps.emplace_back(json::object{{"action", it->second}, {"times", std::min<long long>(times, 10)}});
    }
    return steps.size() > 6 ? json::array{} : steps;
  };
  json::array sequences;
  for (const json::object* f : multi) {
    std::vector<json::array> options;
    if (str_at(*f, "multiattack_type") == "actions") {
      std::vector<const json::object*> in;
      for (const auto& s : arr_or_empty(*f, "actions")) in.push_back(&obj(s, "multiattack step"));
      options.push_back(steps_of(in));
    } else if (const auto* ao = f->if_contains("action_options"); ao && ao->is_object()) {
      // "Or the captain makes two ranged attacks": each option is a sequence of its own.
      for (const auto& o : arr_at(obj_at(ao->get_object(), "from"), "options")) {
        const auto& option = obj(o, "multiattack option");
        std::vector<const json::object*> in;
        if (str_at(option, "option_type") == "multiple") {
          for (const auto& i : arr_or_empty(option, "items")) in.push_back(&obj(i, "multiattack item"));
        } else {
          in.push_back(&option);
        }
        options.push_back(steps_of(in));
      }
    }
    const bool whole = !options.empty() &&
                       std::none_of(options.begin(), options.end(), [](const json::array& o) { return o.empty(); });
    if (whole) {
      for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string label =
            options.size() == 1 ? str_at(*f, "name") : fmt::format("{} (option {})", str_at(*f, "name"), i + 1);
        sequences.emplace_back(json::object{{"id", unique(label)},
                                            {"name", clip(safe_line(label), 80)},
                                            {"budget", "action"},
                                            {"sequence", std::move(options[i])}});
      }
    } else {
      traits.emplace_back(trait(str_at(*f, "name"), str_at(*f, "desc")));
      notes.fixes.push_back(
          fmt::format("{}: its Multiattack names steps that are no action of its own; kept as a trait.", who));
    }
  }
  // The sequence comes first, as the SRD lists Multiattack first.
  for (auto& a : out) sequences.emplace_back(std::move(a));
  return sequences;
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
    std::string value =
        kv.value().is_string() ? std::string(kv.value().get_string()) : number_text(kv.value().to_number<double>());
    out.emplace_back(safe_line(name + " " + value));
  }
  if (const auto* pp = s.if_contains("passive_perception"))
    out.emplace_back(fmt::format("passive Perception {}", number_text(pp->to_number<double>())));
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
    const bool open = !merged.empty() && merged.back().find("understands") != std::string::npos &&
                      merged.back().find(" but ") == std::string::npos;
    if (!merged.empty() && (open || starts_with(p, "and ")))
      merged.back() += ", " + p;
    else
      merged.push_back(p);
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
      skills[skill_id(id)] =
          tier_for(bonus, modifier(abilities.at(ability).as_int64()), pb, name, "skill " + id, notes);
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
  const auto sense_list = senses(obj_at(m, "senses"));
  std::vector<std::string> sense_text;
  for (const auto& v : sense_list) sense_text.emplace_back(v.as_string());
  if (!sense_text.empty()) traits.emplace_back(trait("Senses", join(sense_text, ", ")));
  const auto language_list = languages(safe_line(opt_str(m, "languages").value_or("")));
  std::vector<std::string> language_text;
  for (const auto& v : language_list) language_text.emplace_back(v.as_string());
  if (!language_text.empty()) traits.emplace_back(trait("Languages", join(language_text, ", ")));
  std::map<std::string, json::array> defences;
  for (const auto& [key, label] :
       std::vector<std::pair<std::string, std::string>>{{"damage_resistances", "Damage Resistances"},
                                                        {"damage_immunities", "Damage Immunities"},
                                                        {"damage_vulnerabilities", "Damage Vulnerabilities"}}) {
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
    defences[key] = std::move(ids);
    if (!qualified.empty()) traits.emplace_back(trait(label, join(qualified, "; ")));
  }
  if (acs.size() > 1) traits.emplace_back(trait("Armor Class", join(ac_parts, "; ")));
  for (const auto& v : arr_or_empty(m, "special_abilities")) {
    const auto& f = obj(v, "creature feature");
    traits.emplace_back(trait(feature_label(f), long_text({str_at(f, "desc")})));
  }
  json::array acts = actions(m, traits, name, notes);
  // The reference shows at most 8 traits: the eighth and later are folded into one.
  if (traits.size() > limits_traits) {
    std::vector<std::string> rest;
    for (std::size_t i = limits_traits - 1; i < traits.size(); ++i) {
      rest.push_back(fmt::format("{}: {}", std::string(traits[i].at("name").as_string()),
                                 std::string(traits[i].at("text").as_string())));
    }
    traits.resize(limits_traits - 1);
    traits.emplace_back(trait("More traits", join(rest, " / ")));
    notes.fixes.push_back(
        fmt::format("{}: more than {} traits; the last ones are folded into one.", name, limits_traits));
  }

  // The SRD data lists `blinded` twice where the SRD text reads "blinded, ... deafened" (Flying
  // Sword, Ochre Jelly, Rug of Smothering, Shambling Mound, Shrieker, Violet Fungus): the second
  // `blinded` is read as `deafened`; any other repeat is dropped.
  json::array condition_immunities;
  for (const auto& c : arr_or_empty(m, "condition_immunities")) {
    std::string id = str_at(obj(c, "condition"), "index");
    const auto has = [&](const std::string& x) {
      return std::find(condition_immunities.begin(), condition_immunities.end(), json::value(x)) !=
             condition_immunities.end();
    };
    if (!has(id)) {
      condition_immunities.emplace_back(id);
    } else if (id == "blinded" && !has("deafened")) {
      condition_immunities.emplace_back("deafened");
      notes.fixes.push_back(
          fmt::format("{}: the SRD data lists condition immunity `blinded` twice; the second is written as `deafened`, "
                      "as the SRD text reads.",
                      name));
    } else {
      notes.fixes.push_back(fmt::format("{}: condition immunity `{}` is listed twice; written once.", name, id));
    }
  }

  const long long hp = int_at(m, "hit_points");
  const std::string speed = speed_text(obj_at(m, "speed"));
  const long long xp = int_at(m, "xp");
  // The sheet's proficiency bonus comes from `level` (2 at 1, +1 every four levels, 6 at 17):
  // the level written is the lowest that gives the creature's own bonus, 20 above 6.
  const long long level = std::min<long long>(20, 4 * (pb - 2) + 1);
  json::object fields{
      {"level", std::max<long long>(1, level)}, {"ac", ac}, {"hp_max", hp}, {"speed", safe_line(speed)}};
  std::string alignment = lower(str_at(m, "alignment"));
  std::replace(alignment.begin(), alignment.end(), ' ', '-');
  for (const auto* known : {"lawful-good", "neutral-good", "chaotic-good", "lawful-neutral", "neutral",
                            "chaotic-neutral", "lawful-evil", "neutral-evil", "chaotic-evil"}) {
    if (alignment == known) fields["alignment"] = alignment;
  }
  json::object sheet{{"abilities", std::move(abilities)}, {"fields", std::move(fields)}};
  if (!saves.empty()) sheet["saves"] = std::move(saves);
  if (!skills.empty()) sheet["skills"] = std::move(skills);
  json::object creature{{"tier", tier_id(cr)}, {"sheet", std::move(sheet)}};
  if (!defences["damage_resistances"].empty()) creature["resist"] = std::move(defences["damage_resistances"]);
  if (!defences["damage_immunities"].empty()) creature["immune"] = std::move(defences["damage_immunities"]);
  if (!defences["damage_vulnerabilities"].empty())
    creature["vulnerable"] = std::move(defences["damage_vulnerabilities"]);
  if (!condition_immunities.empty()) creature["conditionImmunities"] = std::move(condition_immunities);
  if (!traits.empty()) creature["traits"] = std::move(traits);
  // Every SRD creature with legendary actions takes three a round.
  if (!arr_or_empty(m, "legendary_actions").empty()) creature["signaturePoints"] = 3;
  if (!acts.empty()) creature["actions"] = std::move(acts);

  const std::string summary = fmt::format("{} {}, {}; CR {} ({} XP); AC {}; {} hp ({}); speed {}", str_at(m, "size"),
                                          kind, str_at(m, "alignment"), cr_text(cr), thousands(xp), ac_parts.front(),
                                          hp, no_spaces(str_at(m, "hit_points_roll")), speed);
  return json::object{
      {"id", entry_id(str_at(m, "index"))},
      {"label", safe_line(name)},
      {"summary", clip(safe_line(sentence(summary)), 300)},
      {"filters", json::object{{"threat", number_value(cr)}, {"kind", type}, {"size", str_at(m, "size")}}},
      {"creature", std::move(creature)}};
}

/// The best single attack of a creature: the largest average damage of one of its actions.
std::optional<double> best_blow(const json::object& m) {
  std::optional<double> best;
  for (const auto& v : arr_or_empty(m, "actions")) {
    double sum = 0;
    const auto rolls = damage_rolls(obj(v, "creature action"));
    for (const auto& r : rolls) sum += average(r.first);
    if (!rolls.empty() && (!best || sum > *best)) best = sum;
  }
  return best;
}

/// Nearest-rank percentile of sorted numbers.
double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
  return v[std::clamp<std::size_t>(rank == 0 ? 0 : rank - 1, 0, v.size() - 1)];
}
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : std::floor((v[n / 2 - 1] + v[n / 2]) / 2.0);
}

}  // namespace

std::string cr_text(double cr) {
  return cr == 0.125 ? "1/8" : cr == 0.25 ? "1/4" : cr == 0.5 ? "1/2" : number_text(cr);
}

std::string tier_id(double cr) {
  std::string t = cr_text(cr);
  std::replace(t.begin(), t.end(), '/', '_');
  return "cr_" + t;
}

json::object build_combat(const Srd& srd) {
  // One tier per challenge rating an SRD creature has, measured from those creatures as the
  // reference's example measured its own: health the 10th to the 90th percentile of hit points,
  // defense the median Armor Class, toHit the median best attack bonus, damagePerRound the 10th
  // to the 90th percentile of each creature's best single attack (average damage), and
  // saveDifficulty the median difficulty its actions name. Defense and the low end of damage
  // never go down as the rating goes up; a rating where nothing names a number takes the last.
  std::map<double, std::vector<const json::object*>> by_cr;
  for (const auto& v : srd.monsters) by_cr[num_at(obj(v, "monster"), "challenge_rating")].push_back(&obj(v, "monster"));
  json::array tiers;
  double last_defense = 0, last_low = 0, last_to_hit = 2, last_dc = 10, last_high = 1;
  for (const auto& [cr, ms] : by_cr) {
    std::vector<double> hp, ac, hit, blow, dc;
    for (const auto* m : ms) {
      hp.push_back(static_cast<double>(int_at(*m, "hit_points")));
      ac.push_back(static_cast<double>(int_at(obj(arr_at(*m, "armor_class").front(), "armor class"), "value")));
      std::optional<double> best_hit;
      for (const auto& a : arr_or_empty(*m, "actions")) {
        const auto& f = obj(a, "creature action");
        if (auto b = opt_num(f, "attack_bonus")) best_hit = std::max(best_hit.value_or(*b), *b);
        if (const auto* d = f.if_contains("dc"); d && d->is_object())
          dc.push_back(static_cast<double>(int_at(d->get_object(), "dc_value")));
      }
      if (best_hit) hit.push_back(*best_hit);
      if (auto b = best_blow(*m)) blow.push_back(std::floor(*b));
    }
    const double defense = std::max(last_defense, median(ac));
    const double to_hit = hit.empty() ? last_to_hit : median(hit);
    const double save_dc = dc.empty() ? last_dc : median(dc);
    double low = blow.empty() ? last_low : std::max(1.0, percentile(blow, 0.1));
    low = std::max(low, last_low);
    const double high = std::max(low, blow.empty() ? last_high : percentile(blow, 0.9));
    last_defense = defense, last_low = low, last_to_hit = to_hit, last_dc = save_dc, last_high = high;
    tiers.emplace_back(
        json::object{{"id", tier_id(cr)},
                     {"label", "CR " + cr_text(cr)},
                     {"health", json::array{number_value(percentile(hp, 0.1)), number_value(percentile(hp, 0.9))}},
                     {"defense", number_value(defense)},
                     {"toHit", number_value(to_hit)},
                     {"damagePerRound", json::array{number_value(low), number_value(high)}},
                     {"saveDifficulty", number_value(save_dc)}});
  }
  json::array damage_types;
  for (const auto& t : srd.damage_types) damage_types.emplace_back(str_at(obj(t, "damage type"), "index"));
  return json::object{
      {"kind", "attack-vs-defense"},
      {"health", json::object{{"pool", "hp"}}},
      {"defense", json::object{{"derived", "armor_class"}}},
      {"initiative", json::object{{"dice", json::object{{"count", 1}, {"sides", 20}}},
                                  {"modifier", json::object{{"derived", "initiative"}}}}},
      {"attackRoll", json::object{{"dice", json::object{{"count", 1}, {"sides", 20}}},
                                  {"advantage", true},
                                  {"naturals", json::object{{"max", "critical"}, {"min", "miss"}}},
                                  {"critical", "double-dice"}}},
      {"economy",
       json::object{
           {"budgets",
            json::array{json::object{{"id", "action"}, {"label", "Action"}, {"per", "turn"}, {"count", 1}},
                        json::object{{"id", "bonus"}, {"label", "Bonus action"}, {"per", "turn"}, {"count", 1}},
                        json::object{{"id", "reaction"}, {"label", "Reaction"}, {"per", "turn"}, {"count", 1}}}}}},
      {"distance", json::object{{"label", "ft"}, {"perCell", 5}}},
      {"damageTypes", std::move(damage_types)},
      {"threat", json::object{{"tiers", std::move(tiers)}}}};
}

Catalog build_creatures(const Srd& srd, Notes& notes) {
  Catalog c;
  c.header = header(
      "creatures", "Creatures", "creatures", {},
      {{"threat", "Challenge rating", "number", ""}, {"kind", "Type", "text", ""}, {"size", "Size", "text", ""}});
  c.asset = true;
  for (const auto& v : srd.monsters) c.entries.emplace_back(creature_entry(srd, obj(v, "monster"), notes));
  return c;
}

}  // namespace srd5e
