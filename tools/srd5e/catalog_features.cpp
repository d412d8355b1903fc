// The `features` catalog: every SRD class and subclass feature, one row into `features` each,
// filtered by class, subclass and level. It is a separate file (catalogs/features.json).
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

/// The last path segment of an API url: "/api/2014/spells/eldritch-blast" -> "eldritch-blast".
std::string url_index(std::string_view url) {
  const auto slash = url.rfind('/');
  return std::string(slash == std::string_view::npos ? url : url.substr(slash + 1));
}

std::string prerequisite(const Srd& srd, const json::object& p) {
  const std::string type = str_at(p, "type");
  if (type == "level") return fmt::format("{} level", ordinal(int_at(p, "level")));
  if (type == "spell" || type == "feature") {
    const std::string index = url_index(str_at(p, type));
    const auto* ref = Srd::find(type == "spell" ? srd.spells : srd.features, index);
    if (!ref) throw std::runtime_error(fmt::format("SRD data: prerequisite names no {} `{}`", type, index));
    return type == "spell" ? "the " + lower(str_at(*ref, "name")) + " cantrip" : str_at(*ref, "name");
  }
  throw std::runtime_error(fmt::format("SRD data: unknown prerequisite type `{}`", type));
}

std::vector<std::string> option_names(const json::value& v) {
  std::vector<std::string> out;
  if (v.is_array()) {  // invocations: a plain list of references
    for (const auto& r : v.get_array()) out.push_back(str_at(obj(r, "reference"), "name"));
    return out;
  }
  for (const auto& o : arr_at(obj_at(obj(v, "option set"), "from"), "options")) {
    if (o.is_string())
      out.emplace_back(o.get_string());
    else if (o.is_object() && o.get_object().contains("item"))
      out.push_back(ref_name(o.get_object(), "item"));
  }
  return out;
}

json::object feature_entry(const Srd& srd, const json::object& f) {
  const std::string name = str_at(f, "name");
  const std::string class_index = ref_index(f, "class");
  const long long level = int_at(f, "level");
  std::string source = ref_name(f, "class");
  json::object filters{{"class", class_index}, {"multiclass", "multiclass-" + entry_id(class_index)}};
  if (const auto* sub = f.if_contains("subclass"); sub && sub->is_object()) {
    source += " (" + str_at(sub->get_object(), "name") + ")";
    filters["subclass"] = str_at(sub->get_object(), "index");
  }
  filters["level"] = level;
  source += fmt::format(" {}", level);

  std::vector<std::string> paragraphs;
  std::vector<std::string> prerequisites;
  for (const auto& p : arr_or_empty(f, "prerequisites"))
    prerequisites.push_back(prerequisite(srd, obj(p, "prerequisite")));
  if (!prerequisites.empty()) paragraphs.push_back("Prerequisite: " + join_and(prerequisites) + ".");
  for (const auto& d : strings_at(f, "desc")) paragraphs.push_back(d);
  if (const auto* specific = f.if_contains("feature_specific"); specific && specific->is_object()) {
    for (const auto* key : {"subfeature_options", "invocations", "enemy_type_options", "terrain_type_options"}) {
      if (const auto* set = specific->get_object().if_contains(key))
        paragraphs.push_back("Options: " + join(option_names(*set), ", ") + ".");
    }
  }
  const std::string text = long_text(paragraphs);
  const std::string first = strings_at(f, "desc").empty() ? name : strings_at(f, "desc").front();
  const std::string id = entry_id(str_at(f, "index"));
  json::object entry{{"id", id},
                     {"label", safe_line(name)},
                     {"summary", first_sentence(safe_line(source + ": " + first), 300)},
                     {"filters", std::move(filters)}};
  // A feature comes by itself with its level (its own group's default, BA-93); an option of
  // another feature (a Fighting Style, a Favored Enemy) is the player's to pick.
  if (!f.contains("parent")) {
    entry["exclusive"] = id;
    entry["exclusiveDefault"] = true;
  }
  entry["rows"] = json::array{
      row("features",
          json::object{
              {"name", clip(safe_line(name), 120)}, {"source", safe_line(source)}, {"level", level}, {"text", text}})};
  return entry;
}

}  // namespace

Catalog build_features(const Srd& srd) {
  Catalog c;
  c.header = header("features", "Class features", "", {"features"},
                    {{"class", "Class", "text", "class"},
                     {"multiclass", "Class as a new class", "text", ""},
                     {"subclass", "Subclass", "text", ""},
                     {"level", "Level", "number", ""}});
  c.asset = true;
  for (const auto& v : srd.features) c.entries.emplace_back(feature_entry(srd, obj(v, "feature")));
  return c;
}

}  // namespace srd5e
