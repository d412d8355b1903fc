// The `classes`, `backgrounds` and `languages` catalogs: each entry writes the rows a player
// would otherwise type — the class row and its proficiencies, a background's feature,
// proficiencies and starting gear, a language.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

constexpr std::size_t kRowsPerEntry = 6;  // CA-19

json::object proficiency_row(std::string_view name, std::string_view kind) {
  return row("proficiencies", json::object{{"name", clip(safe_line(name), 400)}, {"kind", safe_line(kind)}});
}

std::string proficiency_type(const Srd& srd, const std::string& index) {
  const auto* p = Srd::find(srd.proficiencies, index);
  if (!p) throw std::runtime_error(fmt::format("SRD data: no proficiency `{}`", index));
  return str_at(*p, "type");
}

std::vector<std::string> save_names(const Srd& srd, const json::object& cls) {
  std::vector<std::string> names;
  for (const auto& s : arr_at(cls, "saving_throws"))
    names.push_back(ability_name(srd, str_at(obj(s, "saving throw"), "index")));
  return names;
}

/// The index of the first proficiency an option set offers (searching nested choices), or "".
std::string first_reference(const json::value& v);
std::string first_reference(const json::object& o) { return first_reference(json::value(o)); }
std::string first_reference(const json::value& v) {
  if (v.is_object()) {
    const auto& o = v.get_object();
    if (const auto* item = o.if_contains("item"); item && item->is_object()) {
      if (auto index = opt_str(item->get_object(), "index")) return *index;
    }
    for (const auto& kv : o) {
      if (std::string r = first_reference(kv.value()); !r.empty()) return r;
    }
  } else if (v.is_array()) {
    for (const auto& e : v.get_array()) {
      if (std::string r = first_reference(e); !r.empty()) return r;
    }
  }
  return "";
}

/// Rows beyond the sixth are folded into the sixth (one more "; "-joined name).
void fold_rows(json::array& rows) {
  while (rows.size() > kRowsPerEntry) {
    json::object last = rows.back().as_object();
    rows.pop_back();
    auto& values = rows.back().as_object()["values"].as_object();
    const std::string merged =
        std::string(values["name"].as_string()) + "; " + std::string(last["values"].as_object()["name"].as_string());
    values["name"] = clip(merged, 400);
  }
}

json::object class_entry(const Srd& srd, const json::object& cls) {
  const std::string name = str_at(cls, "name");
  const long long die = int_at(cls, "hit_die");
  const std::vector<std::string> save_list = save_names(srd, cls);
  const std::string saves = join(save_list, ", ");
  json::array rows;
  rows.emplace_back(row("classes", json::object{{"name", safe_line(name)},
                                                {"level", 1},
                                                {"hit_die", fmt::format("d{}", die)},
                                                {"subclass", ""},
                                                {"saves", saves}}));
  // Proficiencies grouped by the SRD's type, in the order the SRD lists them.
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const auto& p : arr_or_empty(cls, "proficiencies")) {
    const auto& ref_ = obj(p, "proficiency");
    const std::string type = proficiency_type(srd, str_at(ref_, "index"));
    if (type == "Saving Throws") continue;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == type; });
    if (it == groups.end()) it = groups.insert(groups.end(), {type, {}});
    it->second.push_back(str_at(ref_, "name"));
  }
  rows.emplace_back(proficiency_row(saves, "Saving Throws"));
  for (const auto& [type, names] : groups) rows.emplace_back(proficiency_row(join(names, ", "), type));
  for (const auto& c : arr_or_empty(cls, "proficiency_choices")) {
    const auto& choice = obj(c, "proficiency choice");
    const std::string first = first_reference(choice);
    const std::string kind = first.empty() ? "Choice" : "Choice: " + proficiency_type(srd, first);
    rows.emplace_back(
        proficiency_row(opt_str(choice, "desc").value_or(fmt::format("Choose {}", int_at(choice, "choose"))), kind));
  }
  fold_rows(rows);

  json::object filters{{"hit_die", die}};
  std::string summary = fmt::format("Hit die d{}; saving throws {}", die, join_and(save_list));
  if (const auto* sc = cls.if_contains("spellcasting"); sc && sc->is_object()) {
    const std::string ability = ref_index(sc->get_object(), "spellcasting_ability");
    filters["spellcasting"] = ability;
    summary += fmt::format("; casts spells with {} from level {}", ability_name(srd, ability),
                           int_at(sc->get_object(), "level"));
  }
  std::vector<std::string> subclasses;
  for (const auto& s : arr_or_empty(cls, "subclasses")) subclasses.push_back(str_at(obj(s, "subclass"), "name"));
  if (!subclasses.empty()) summary += "; SRD subclass " + join_and(subclasses);
  return json::object{{"id", entry_id(str_at(cls, "index"))},
                      {"label", safe_line(name)},
                      {"summary", clip(safe_line(sentence(summary)), 300)},
                      {"filters", std::move(filters)},
                      {"rows", std::move(rows)},
                      {"grants", class_grants(srd, cls)}};
}

/// The strings of an option set: references by name, strings as they are, ideals by desc.
std::vector<std::string> option_strings(const json::object& choice) {
  std::vector<std::string> out;
  for (const auto& v : arr_or_empty(obj_at(choice, "from"), "options")) {
    if (v.is_string()) {
      out.emplace_back(v.get_string());
      continue;
    }
    const auto& o = obj(v, "option");
    if (auto s = opt_str(o, "string"))
      out.push_back(*s);
    else if (auto d = opt_str(o, "desc"))
      out.push_back(*d);
    else if (o.contains("item"))
      out.push_back(ref_name(o, "item"));
  }
  return out;
}

json::object background_entry(const Srd& srd, const json::object& bg) {
  const std::string name = str_at(bg, "name");
  const auto& feature = obj_at(bg, "feature");
  json::array rows;
  rows.emplace_back(row("features", json::object{{"name", safe_line(str_at(feature, "name"))},
                                                 {"source", safe_line(name + " background")},
                                                 {"level", 0},
                                                 {"text", long_text(strings_at(feature, "desc"))}}));
  std::vector<std::string> characteristics;
  for (const auto* key : {"personality_traits", "ideals", "bonds", "flaws"}) {
    const auto* v = bg.if_contains(key);
    if (!v || !v->is_object()) continue;
    const auto& choice = v->get_object();
    std::string title = capitalise(std::string(key));
    std::replace(title.begin(), title.end(), '_', ' ');
    characteristics.push_back(fmt::format("{} (choose {}):", title, int_at(choice, "choose")));
    for (const auto& s : option_strings(choice)) characteristics.push_back("- " + s);
  }
  if (!characteristics.empty()) {
    rows.emplace_back(row("features", json::object{{"name", safe_line(name + " characteristics")},
                                                   {"source", safe_line(name + " background")},
                                                   {"level", 0},
                                                   {"text", long_text(characteristics)}}));
  }
  std::vector<std::string> skills;
  for (const auto& p : arr_or_empty(bg, "starting_proficiencies"))
    skills.push_back(without_skill_prefix(str_at(obj(p, "proficiency"), "name")));
  if (!skills.empty()) rows.emplace_back(proficiency_row(join(skills, ", "), "Skills"));
  if (const auto* lang = bg.if_contains("language_options"); lang && lang->is_object()) {
    rows.emplace_back(
        proficiency_row(fmt::format("{} languages of your choice", int_at(lang->get_object(), "choose")), "Languages"));
  }
  std::vector<std::string> gear;
  for (const auto& e : arr_or_empty(bg, "starting_equipment")) {
    const auto& item = obj(e, "starting equipment");
    const std::string index = ref_index(item, "equipment");
    const auto* eq = Srd::find(srd.equipment, index);
    if (!eq) throw std::runtime_error(fmt::format("SRD data: no equipment `{}`", index));
    const long long quantity = int_at(item, "quantity");
    gear.push_back(quantity == 1 ? str_at(*eq, "name") : fmt::format("{} x{}", str_at(*eq, "name"), quantity));
  }
  for (const auto& o : arr_or_empty(bg, "starting_equipment_options")) {
    const auto& choice = obj(o, "equipment option");
    if (auto d = opt_str(choice, "desc"))
      gear.push_back(*d);
    else if (const auto* from = choice.if_contains("from");
             from && from->is_object() && from->get_object().contains("equipment_category"))
      gear.push_back(fmt::format("{} of your choice", lower(ref_name(from->get_object(), "equipment_category"))));
  }
  std::string summary = "Skills " + join_and(skills) + "; " + str_at(feature, "name");
  if (const auto* gold = bg.if_contains("starting_gold"); gold && gold->is_object()) {
    gear.push_back(fmt::format("{} {}", int_at(gold->get_object(), "quantity"), str_at(gold->get_object(), "unit")));
  }
  if (!gear.empty()) summary += "; starts with " + join_and(gear) + " (the " + lower(name) + " kit)";
  return json::object{{"id", entry_id(str_at(bg, "index"))},
                      {"label", safe_line(name)},
                      {"summary", clip(safe_line(sentence(summary)), 300)},
                      {"rows", std::move(rows)},
                      {"grants", background_grants(srd, bg)}};
}

}  // namespace

Catalog build_classes(const Srd& srd) {
  Catalog c;
  c.header = header("classes", "Classes", "", {"classes", "proficiencies"},
                    {{"hit_die", "Hit die", "number", ""}, {"spellcasting", "Spellcasting ability", "text", ""}});
  for (const auto& v : srd.classes) c.entries.emplace_back(class_entry(srd, obj(v, "class")));
  return c;
}

Catalog build_backgrounds(const Srd& srd) {
  Catalog c;
  c.header = header("backgrounds", "Backgrounds", "", {"features", "proficiencies"}, {});
  for (const auto& v : srd.backgrounds) c.entries.emplace_back(background_entry(srd, obj(v, "background")));
  return c;
}

json::object language_row(const Srd& srd, const std::string& index) {
  const auto* lang = Srd::find(srd.languages, index);
  if (!lang) throw std::runtime_error(fmt::format("SRD data: no language `{}`", index));
  return row("languages", json::object{{"name", safe_line(str_at(*lang, "name"))},
                                       {"script", safe_line(opt_str(*lang, "script").value_or(""))}});
}

Catalog build_languages(const Srd& srd) {
  Catalog c;
  c.header = header("languages", "Languages", "", {"languages"},
                    {{"type", "Standard or exotic", "text", ""}, {"script", "Script", "text", ""}});
  for (const auto& v : srd.languages) {
    const auto& lang = obj(v, "language");
    const std::string name = str_at(lang, "name");
    const std::string type = lower(str_at(lang, "type"));
    const std::string script = opt_str(lang, "script").value_or("");
    json::object filters{{"type", type}};
    if (!script.empty()) filters["script"] = script;
    std::string summary = capitalise(type) + " language";
    if (!script.empty()) summary += "; " + script + " script";
    const auto speakers = strings_at(lang, "typical_speakers");
    if (!speakers.empty()) summary += "; spoken by " + join_and(speakers);
    const std::string id = entry_id(str_at(lang, "index"));
    json::object entry{{"id", id},
                       {"label", safe_line(name)},
                       {"summary", clip(safe_line(sentence(summary)), 300)},
                       {"filters", std::move(filters)},
                       {"rows", json::array{language_row(srd, str_at(lang, "index"))}}};
    // A language some race always knows is not offered again to a character of that race.
    if (!known_by_races(srd, str_at(lang, "index")).empty())
      entry["offeredWhen"] = json::object{{"derived", language_open(id)}};
    c.entries.emplace_back(std::move(entry));
  }
  return c;
}

}  // namespace srd5e
