// The `equipment` catalog: every SRD item as an items catalog (holds "items", 1.49). Its stats
// feed the sheet's Armor Class through `itemStat`, so it stays inline in ruleset.json (the
// engine reads only inline items for `itemStat`).
#include <stdexcept>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "srd5e/catalogs.hpp"
#include "srd5e/json_out.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

const std::vector<std::pair<std::string, std::string>>& stat_labels() {
  static const std::vector<std::pair<std::string, std::string>> stats{
      {"ac", "Armor Class of the armor"},
      {"ac_bonus", "Armor Class bonus of a shield"},
      {"armor_weight", "Armor weight: 1 light, 2 medium, 3 heavy"},
      {"str_minimum", "Strength needed"},
      {"weight", "Weight (lb.)"},
      {"cost_gp", "Cost (gp)"},
      {"range_normal", "Normal range (ft.)"},
      {"range_long", "Long range (ft.)"},
      {"bundle", "Pieces sold together"},
      {"speed_ft", "Speed (ft. per round)"},
      {"speed_mph", "Speed (mph)"},
      {"capacity_lb", "Carrying capacity (lb.)"},
  };
  return stats;
}

/// The cost in gp, built from whole copper pieces so that it prints as its decimal.
double cost_gp(const json::object& cost) {
  const long long quantity = int_at(cost, "quantity");
  const std::string unit = str_at(cost, "unit");
  long long per_cp = 0;
  if (unit == "cp") per_cp = 1;
  else if (unit == "sp") per_cp = 10;
  else if (unit == "ep") per_cp = 50;
  else if (unit == "gp") per_cp = 100;
  else if (unit == "pp") per_cp = 1000;
  else throw std::runtime_error(fmt::format("SRD data: unknown coin `{}`", unit));
  return static_cast<double>(quantity * per_cp) / 100.0;
}

/// "1,320 lb." -> 1320.
std::optional<long long> pounds(std::string text) {
  std::string digits;
  for (const char c : text) {
    if (c >= '0' && c <= '9') digits += c;
    else if (c != ',') break;
  }
  if (digits.empty()) return std::nullopt;
  return std::stoll(digits);
}

json::object item_entry(const json::object& e) {
  const std::string name = str_at(e, "name");
  const std::string category = ref_index(e, "equipment_category");
  json::object stats, dice;
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
      slots.emplace_back("off-hand");
      summary.push_back(fmt::format("Shield, +{} AC", base));
    } else {
      stats["ac"] = base;
      stats["armor_weight"] = armor == "Light" ? 1 : armor == "Medium" ? 2 : 3;
      tags.emplace_back(subcategory + "-armor");
      slots.emplace_back("body");
      std::string dex = !bool_or(ac, "dex_bonus", false) ? "" : ac.contains("max_bonus") ? fmt::format(" + Dex (max {})", int_at(ac, "max_bonus")) : " + Dex";
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
      dice["damage"] = d;
      tags.emplace_back(type);
      hit += fmt::format(", {} {}", d, type);
    }
    if (const auto* two = e.if_contains("two_handed_damage"); two && two->is_object()) {
      dice["versatile"] = str_at(two->get_object(), "damage_dice");
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
    slots.emplace_back("main-hand");
    if (two_handed) slots.emplace_back("off-hand");
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

  json::object item{{"stats", std::move(stats)}};
  if (!dice.empty()) item["dice"] = std::move(dice);
  if (!tags.empty()) item["tags"] = std::move(tags);
  if (!slots.empty()) item["slots"] = std::move(slots);
  if (!paragraphs.empty()) item["text"] = clip(long_text(paragraphs), 4000);

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
  json::array stats;
  for (const auto& [id, label] : stat_labels()) stats.emplace_back(json::object{{"id", id}, {"label", label}});
  c.header["stats"] = std::move(stats);
  for (const auto& v : srd.equipment) c.entries.emplace_back(item_entry(obj(v, "equipment")));
  return c;
}

}  // namespace srd5e
