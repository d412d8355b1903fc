// The `races` catalog: every SRD race and subrace in one rows catalog. A race writes a summary
// row and one row per racial trait into `features` and a row per language it always knows into
// `languages`; a subrace does the same and carries a `parent` filter naming its race's entry.
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

constexpr std::size_t kRowsPerEntry = 6;  // CA-19

/// "Your Constitution score increases by 2, and your Wisdom score increases by 1."
std::string ability_increases(const Srd& srd, const json::object& o) {
  std::vector<std::string> parts;
  std::set<long long> amounts;
  const auto& bonuses = arr_or_empty(o, "ability_bonuses");
  for (const auto& b : bonuses) {
    const auto& bonus = obj(b, "ability bonus");
    amounts.insert(int_at(bonus, "bonus"));
    parts.push_back(fmt::format("your {} score increases by {}", ability_name(srd, ref_index(bonus, "ability_score")),
                                int_at(bonus, "bonus")));
  }
  std::string out = join_and(parts);
  if (bonuses.size() == ability_ids().size() && amounts.size() == 1)
    out = fmt::format("your ability scores each increase by {}", *amounts.begin());
  if (const auto* options = o.if_contains("ability_bonus_options"); options && options->is_object()) {
    const auto& opt = options->get_object();
    std::vector<std::string> names;
    long long bonus = 0;
    for (const auto& v : arr_at(obj_at(opt, "from"), "options")) {
      const auto& one = obj(v, "ability bonus option");
      names.push_back(ability_name(srd, ref_index(one, "ability_score")));
      bonus = int_at(one, "bonus");
    }
    if (!out.empty()) out += ", and ";
    out += fmt::format("{} other ability scores of your choice ({}) increase by {}", int_at(opt, "choose"),
                       join(names, ", "), bonus);
  }
  return out.empty() ? out : sentence(capitalise(out));
}

std::string trait_text(const Srd& srd, const json::object& trait) {
  std::vector<std::string> paragraphs = strings_at(trait, "desc");
  // Draconic Ancestry: its table lives in the subtraits.
  const auto* specific = trait.if_contains("trait_specific");
  if (specific && specific->is_object()) {
    if (const auto* sub = specific->get_object().if_contains("subtrait_options"); sub && sub->is_object()) {
      for (const auto& v : arr_at(obj_at(sub->get_object(), "from"), "options")) {
        const std::string index = ref_index(obj(v, "subtrait option"), "item");
        const auto* subtrait = Srd::find(srd.traits, index);
        if (!subtrait) throw std::runtime_error(fmt::format("SRD data: no trait `{}`", index));
        std::string line = "- " + str_at(*subtrait, "name");
        const auto* ss = subtrait->if_contains("trait_specific");
        if (ss && ss->is_object() && ss->get_object().contains("breath_weapon")) {
          const auto& bw = obj_at(ss->get_object(), "breath_weapon");
          const auto& area = obj_at(bw, "area_of_effect");
          line +=
              fmt::format(": {} damage; breath weapon {} ft. {}, {} save", ref_name(ss->get_object(), "damage_type"),
                          int_at(area, "size"), str_at(area, "type"), ref_name(obj_at(bw, "dc"), "dc_type"));
        }
        paragraphs.push_back(line);
      }
    }
  }
  return long_text(paragraphs);
}

json::object feature_row(std::string_view name, std::string_view source, std::string text) {
  return row(
      "features",
      json::object{{"name", safe_line(name)}, {"source", safe_line(source)}, {"level", 0}, {"text", std::move(text)}});
}

/// The summary row, one `languages` row per language the race always knows (the row the
/// `languages` catalog's entry writes), then one row per trait; when that makes more than six rows
/// the last traits are combined into one row (the dwarf, elf and half-orc).
json::array entry_rows(const Srd& srd, json::object summary, const json::array& languages, const json::array& traits,
                       std::string_view source) {
  json::array rows;
  rows.emplace_back(std::move(summary));
  for (const auto& l : languages) rows.emplace_back(language_row(srd, str_at(obj(l, "language"), "index")));
  std::vector<std::pair<std::string, std::string>> texts;
  for (const auto& v : traits) {
    const std::string index = str_at(obj(v, "trait reference"), "index");
    const auto* trait = Srd::find(srd.traits, index);
    if (!trait) throw std::runtime_error(fmt::format("SRD data: no trait `{}`", index));
    texts.emplace_back(str_at(*trait, "name"), trait_text(srd, *trait));
  }
  const std::size_t room = kRowsPerEntry - rows.size();
  if (texts.size() > room) {
    std::vector<std::string> names{texts[room - 1].first};
    std::string text = texts[room - 1].second;
    for (std::size_t i = room; i < texts.size(); ++i) {
      names.push_back(texts[i].first);
      text += "\n" + texts[i].first + ". " + texts[i].second;
    }
    texts.resize(room);
    texts.back() = {join_and(names), std::move(text)};
  }
  for (auto& [name, text] : texts) rows.emplace_back(feature_row(name, source, std::move(text)));
  return rows;
}

json::object race_entry(const Srd& srd, const json::object& race) {
  const std::string name = str_at(race, "name");
  const std::string size = str_at(race, "size");
  const long long speed = int_at(race, "speed");
  const std::string increases = ability_increases(srd, race);
  std::vector<std::string> languages;
  for (const auto& l : arr_or_empty(race, "languages")) languages.push_back(str_at(obj(l, "language"), "name"));
  std::vector<std::string> paragraphs;
  if (!increases.empty()) paragraphs.push_back("Ability Score Increase. " + increases);
  if (auto age = opt_str(race, "age")) paragraphs.push_back("Age. " + *age);
  if (auto alignment = opt_str(race, "alignment")) paragraphs.push_back("Alignment. " + *alignment);
  paragraphs.push_back("Size. " + opt_str(race, "size_description").value_or("Your size is " + size + "."));
  paragraphs.push_back(fmt::format("Speed. Your base walking speed is {} feet.", speed));
  if (auto desc = opt_str(race, "language_desc")) paragraphs.push_back("Languages. " + *desc);
  std::string summary = fmt::format("{}, speed {} ft.", size, speed);
  if (!increases.empty()) summary += "; " + lower(increases.substr(0, 1)) + increases.substr(1, increases.size() - 2);
  summary += "; languages " + join_and(languages);
  json::object entry{{"id", entry_id(str_at(race, "index"))},
                     {"label", safe_line(name)},
                     {"summary", clip(safe_line(sentence(summary)), 300)},
                     {"filters", json::object{{"kind", "race"}, {"size", size}, {"speed", speed}}}};
  entry["rows"] = entry_rows(srd, feature_row(name, "Race", long_text(paragraphs)), arr_or_empty(race, "languages"),
                             arr_or_empty(race, "traits"), name);
  entry["grants"] = race_grants(srd, race, false);
  return entry;
}

json::object subrace_entry(const Srd& srd, const json::object& subrace) {
  const std::string name = str_at(subrace, "name");
  const std::string parent_index = ref_index(subrace, "race");
  const auto* parent = Srd::find(srd.races, parent_index);
  if (!parent) throw std::runtime_error(fmt::format("SRD data: subrace `{}` names no race `{}`", name, parent_index));
  const std::string increases = ability_increases(srd, subrace);
  std::vector<std::string> paragraphs = strings_at(subrace, "desc");
  if (!increases.empty()) paragraphs.push_back("Ability Score Increase. " + increases);
  const std::string parent_name = str_at(*parent, "name");
  const std::string summary =
      fmt::format("Subrace of the {}. {}", lower(parent_name), increases);  // increases ends in "."
  json::object entry{{"id", entry_id(str_at(subrace, "index"))},
                     {"label", safe_line(name)},
                     {"summary", clip(safe_line(summary), 300)},
                     {"filters", json::object{{"kind", "subrace"},
                                              {"parent", entry_id(parent_index)},
                                              {"size", str_at(*parent, "size")},
                                              {"speed", int_at(*parent, "speed")}}}};
  entry["rows"] = entry_rows(srd, feature_row(name, "Subrace of " + parent_name, long_text(paragraphs)),
                             arr_or_empty(subrace, "languages"), arr_or_empty(subrace, "racial_traits"), name);
  entry["grants"] = race_grants(srd, subrace, true);
  return entry;
}

}  // namespace

Catalog build_races(const Srd& srd) {
  Catalog c;
  c.header = header("races", "Races and subraces", "", {"features", "languages"},
                    {{"kind", "Race or subrace", "text", ""},
                     {"parent", "Race of the subrace", "text", "race"},
                     {"size", "Size", "text", ""},
                     {"speed", "Speed (ft.)", "number", ""}});
  // Each race, followed by its subraces, so the picker lists a subrace under its race.
  for (const auto& v : srd.races) {
    const auto& race = obj(v, "race");
    c.entries.emplace_back(race_entry(srd, race));
    for (const auto& s : arr_or_empty(race, "subraces")) {
      const std::string index = str_at(obj(s, "subrace reference"), "index");
      const auto* subrace = Srd::find(srd.subraces, index);
      if (!subrace) throw std::runtime_error(fmt::format("SRD data: no subrace `{}`", index));
      c.entries.emplace_back(subrace_entry(srd, *subrace));
    }
  }
  return c;
}

}  // namespace srd5e
