// The `equipment` catalog: every SRD item as an items catalog (holds "items", 1.49), written in
// the words of the top-level `items` block (categories, tags, stats, slots) that is built here too.
#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/json_out.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

struct NumberStat {
  const char* id;
  const char* label;
  long long max;
  bool integer;
};

/// The number stats: every one is 0 or more; the largest SRD value fits under `max`.
const std::vector<NumberStat>& number_stats() {
  static const std::vector<NumberStat> stats{
      {"ac", "Armor Class of the armor", 30, true},
      {"ac_bonus", "Armor Class bonus of a shield", 10, true},
      {"armor_weight", "Armor weight: 1 light, 2 medium, 3 heavy", 3, true},
      {"str_minimum", "Strength needed", 30, true},
      {"weight", "Weight (lb.)", 100000, false},
      {"cost_gp", "Cost (gp)", 1000000, false},
      {"range_normal", "Normal range (ft.)", 1000, true},
      {"range_long", "Long range (ft.)", 2000, true},
      {"bundle", "Pieces sold together", 1000, true},
      {"speed_ft", "Speed (ft. per round)", 1000, false},
      {"speed_mph", "Speed (mph)", 100, false},
      {"capacity_lb", "Carrying capacity (lb.)", 100000, true},
  };
  return stats;
}

constexpr std::size_t kDescriptionLength = 500;  // a text item stat's longest

/// "NdS" or "NdS+K": what a dice stat holds.
bool is_dice(std::string_view s) {
  const auto d = s.find('d');
  if (d == 0 || d == std::string_view::npos) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (i == d || (c >= '0' && c <= '9') || ((c == '+' || c == '-') && i > d + 1)) continue;
    return false;
  }
  return true;
}

/// Item words are sheet ids: lowercase letters, digits and underscores.
std::string word(std::string_view srd) {
  std::string out(srd);
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

/// "stealth-disadvantage" -> "Stealth disadvantage".
std::string word_label(std::string_view srd) {
  std::string out(srd);
  std::replace(out.begin(), out.end(), '-', ' ');
  return capitalise(out);
}

/// The cost in gp, built from whole copper pieces so that it prints as its decimal.
double cost_gp(const json::object& cost) {
  const long long quantity = int_at(cost, "quantity");
  const std::string unit = str_at(cost, "unit");
  long long per_cp = 0;
  if (unit == "cp")
    per_cp = 1;
  else if (unit == "sp")
    per_cp = 10;
  else if (unit == "ep")
    per_cp = 50;
  else if (unit == "gp")
    per_cp = 100;
  else if (unit == "pp")
    per_cp = 1000;
  else
    throw std::runtime_error(fmt::format("SRD data: unknown coin `{}`", unit));
  return static_cast<double>(quantity * per_cp) / 100.0;
}

/// "1,320 lb." -> 1320.
std::optional<long long> pounds(std::string text) {
  std::string digits;
  for (const char c : text) {
    if (c >= '0' && c <= '9')
      digits += c;
    else if (c != ',')
      break;
  }
  if (digits.empty()) return std::nullopt;
  return std::stoll(digits);
}

json::object item_entry(const json::object& e) {
  const std::string name = str_at(e, "name");
  const std::string category = ref_index(e, "equipment_category");
  json::object stats;
  json::array tags, slots;
  std::string subcategory;
  std::vector<std::string> summary;

  if (category == "armor") {
    const std::string armor = str_at(e, "armor_category");
    const auto& ac = obj_at(e, "armor_class");
    const long long base = int_at(ac, "base");
    subcategory = lower(armor);
    if (armor == "Shield") {
      stats["ac_bonus"] = base;
      tags.emplace_back("shield");
      slots.emplace_back("off_hand");
      summary.push_back(fmt::format("Shield, +{} AC", base));
    } else {
      stats["ac"] = base;
      stats["armor_weight"] = armor == "Light" ? 1 : armor == "Medium" ? 2 : 3;
      tags.emplace_back(subcategory + "-armor");
      slots.emplace_back("body");
      std::string dex = !bool_or(ac, "dex_bonus", false) ? ""
                        : ac.contains("max_bonus")       ? fmt::format(" + Dex (max {})", int_at(ac, "max_bonus"))
                                                         : " + Dex";
      summary.push_back(fmt::format("{} armor, AC {}{}", armor, base, dex));
    }
    if (const long long str = int_at(e, "str_minimum"); str > 0) {
      stats["str_minimum"] = str;
      summary.push_back(fmt::format("Str {}", str));
    }
    if (bool_or(e, "stealth_disadvantage", false)) {
      tags.emplace_back("stealth-disadvantage");
      summary.push_back("Stealth disadvantage");
    }
  } else if (category == "weapon") {
    subcategory = lower(str_at(e, "weapon_category"));
    tags.emplace_back(subcategory + "-weapons");
    tags.emplace_back(lower(str_at(e, "weapon_range")) + "-weapons");
    std::vector<std::string> props;
    bool two_handed = false;
    for (const auto& p : arr_or_empty(e, "properties")) {
      const std::string index = str_at(obj(p, "property"), "index");
      tags.emplace_back(index);
      props.push_back(lower(str_at(obj(p, "property"), "name")));
      two_handed = two_handed || index == "two-handed";
    }
    std::string hit = capitalise(lower(str_at(e, "category_range"))) + " weapon";
    if (const auto* dmg = e.if_contains("damage"); dmg && dmg->is_object()) {
      const std::string d = str_at(dmg->get_object(), "damage_dice");
      const std::string type = ref_index(dmg->get_object(), "damage_type");
      if (is_dice(d)) stats["damage"] = d;  // the blowgun's fixed "1" stays in the summary only
      tags.emplace_back(type);
      hit += fmt::format(", {} {}", d, type);
    }
    if (const auto* two = e.if_contains("two_handed_damage"); two && two->is_object()) {
      stats["versatile"] = str_at(two->get_object(), "damage_dice");
      hit += fmt::format(" ({} two-handed)", str_at(two->get_object(), "damage_dice"));
    }
    summary.push_back(hit);
    if (!props.empty()) summary.push_back(join(props, ", "));
    const auto* range = e.if_contains("range");
    const bool ranged = str_at(e, "weapon_range") == "Ranged";
    const auto* reach = ranged ? range : e.if_contains("throw_range");
    if (reach && reach->is_object()) {
      const auto& r = reach->get_object();
      if (auto n = opt_num(r, "normal")) stats["range_normal"] = number_value(*n);
      if (auto l = opt_num(r, "long")) stats["range_long"] = number_value(*l);
      if (r.contains("long")) summary.push_back(fmt::format("range {}/{}", int_at(r, "normal"), int_at(r, "long")));
    }
    slots.emplace_back("main_hand");
    if (two_handed) slots.emplace_back("off_hand");
  } else if (category == "adventuring-gear") {
    subcategory = ref_index(e, "gear_category");
    summary.push_back(ref_name(e, "gear_category"));
  } else if (category == "tools") {
    subcategory = entry_id(str_at(e, "tool_category"));
    summary.push_back(str_at(e, "tool_category"));
  } else if (category == "mounts-and-vehicles") {
    subcategory = entry_id(str_at(e, "vehicle_category"));
    summary.push_back(str_at(e, "vehicle_category"));
    if (const auto* speed = e.if_contains("speed"); speed && speed->is_object()) {
      const double q = num_at(speed->get_object(), "quantity");
      const std::string unit = str_at(speed->get_object(), "unit");
      stats[unit == "mph" ? "speed_mph" : "speed_ft"] = number_value(q);
      summary.push_back(fmt::format("speed {} {}", number_text(q), unit == "mph" ? "mph" : "ft."));
    }
    if (auto capacity = opt_str(e, "capacity")) {
      if (auto lb = pounds(*capacity)) stats["capacity_lb"] = *lb;
      summary.push_back("carries " + *capacity);
    }
  } else {
    throw std::runtime_error(fmt::format("SRD data: unknown equipment category `{}`", category));
  }

  if (auto q = opt_num(e, "quantity"); q && *q > 1) stats["bundle"] = number_value(*q);
  if (auto w = opt_num(e, "weight")) stats["weight"] = number_value(*w);
  const double gp = cost_gp(obj_at(e, "cost"));
  stats["cost_gp"] = number_value(gp);
  summary.push_back(fmt::format("{} {}", int_at(obj_at(e, "cost"), "quantity"), str_at(obj_at(e, "cost"), "unit")));
  if (auto w = opt_num(e, "weight")) summary.push_back(number_text(*w) + " lb.");

  std::vector<std::string> paragraphs = strings_at(e, "desc");
  for (const auto& s : strings_at(e, "special")) paragraphs.push_back(s);
  std::vector<std::string> contents;
  for (const auto& c : arr_or_empty(e, "contents")) {
    const auto& item = obj(c, "content");
    const long long n = int_at(item, "quantity");
    contents.push_back(n == 1 ? ref_name(item, "item") : fmt::format("{} x{}", ref_name(item, "item"), n));
  }
  if (!contents.empty()) paragraphs.push_back("Contents: " + join(contents, ", ") + ".");

  // The reference's item has no text of its own: the description is a text stat, one line.
  if (!paragraphs.empty()) stats["description"] = clip(line_text(paragraphs), kDescriptionLength);
  json::object item{{"category", word(category)}};
  if (!tags.empty()) {
    json::array words;
    for (const auto& t : tags) words.emplace_back(word(t.as_string()));
    item["tags"] = std::move(words);
  }
  item["stats"] = std::move(stats);
  if (!slots.empty()) {
    json::object taken;
    for (const auto& slot : slots) taken[slot.as_string()] = 1;
    item["slots"] = std::move(taken);
  }

  json::object filters{{"category", category}};
  if (!subcategory.empty()) filters["subcategory"] = subcategory;
  return json::object{{"id", entry_id(str_at(e, "index"))},
                      {"label", safe_line(name)},
                      {"summary", clip(safe_line(sentence(join(summary, "; "))), 300)},
                      {"filters", std::move(filters)},
                      {"item", std::move(item)}};
}

}  // namespace

Catalog build_equipment(const Srd& srd) {
  Catalog c;
  c.header = header("equipment", "Equipment", "items", {},
                    {{"category", "Category", "text", ""}, {"subcategory", "Kind", "text", ""}});
  for (const auto& v : srd.equipment) c.entries.emplace_back(item_entry(obj(v, "equipment")));
  return c;
}

json::object build_items(const Srd& srd) {
  // Categories and tags in the order the SRD data first uses them.
  std::vector<std::pair<std::string, std::string>> categories;
  std::vector<std::string> tags;
  std::set<std::string> seen_tags;
  for (const auto& v : srd.equipment) {
    const auto& e = obj(v, "equipment");
    const std::string id = word(ref_index(e, "equipment_category"));
    if (std::none_of(categories.begin(), categories.end(), [&](const auto& c) { return c.first == id; })) {
      categories.emplace_back(id, safe_line(ref_name(e, "equipment_category")));
    }
    const json::object entry = item_entry(e);
    if (const auto* t = entry.at("item").as_object().if_contains("tags")) {
      for (const auto& tag : t->as_array()) {
        if (seen_tags.insert(std::string(tag.as_string())).second) tags.emplace_back(tag.as_string());
      }
    }
  }
  json::array category_words, tag_words, stats, slots;
  for (const auto& [id, label] : categories) category_words.emplace_back(json::object{{"id", id}, {"label", label}});
  for (const auto& t : tags) tag_words.emplace_back(json::object{{"id", t}, {"label", word_label(t)}});
  for (const auto& s : number_stats()) {
    json::object stat{{"id", s.id}, {"label", s.label}, {"type", "number"}, {"min", 0}, {"max", s.max}};
    if (!s.integer) stat["integer"] = false;
    stats.emplace_back(std::move(stat));
  }
  stats.emplace_back(json::object{{"id", "damage"}, {"label", "Damage"}, {"type", "dice"}, {"example", "1d8"}});
  stats.emplace_back(
      json::object{{"id", "versatile"}, {"label", "Damage two-handed"}, {"type", "dice"}, {"example", "1d10"}});
  stats.emplace_back(json::object{{"id", "description"},
                                  {"label", "Description"},
                                  {"type", "text"},
                                  {"maxLength", kDescriptionLength},
                                  {"promptVisible", false}});
  for (const auto& [id, label] : std::vector<std::pair<const char*, const char*>>{
           {"body", "Body (armor)"}, {"main_hand", "Main hand"}, {"off_hand", "Off hand"}}) {
    slots.emplace_back(json::object{{"id", id}, {"label", label}, {"count", 1}});
  }
  return json::object{{"categories", std::move(category_words)},
                      {"tags", std::move(tag_words)},
                      {"stats", std::move(stats)},
                      {"slots", std::move(slots)}};
}

}  // namespace srd5e
