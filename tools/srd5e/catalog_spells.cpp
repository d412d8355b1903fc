// The `spells` catalog: all SRD spells, one row into `spells` each, with filters level, school
// and class_ids, and `mechanics` (slot cost, extra targets per slot level, range, area). It is a
// separate file (catalogs/spells.json).
#include <regex>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

/// "150 feet" -> 150, "1 mile" -> 5280; nothing for "Self", "Touch", "Sight", "Special", "Unlimited".
std::optional<long long> range_feet(const std::string& range) {
  static const std::regex feet(R"(^(\d+) (feet|foot|mile|miles)$)");
  std::smatch m;
  if (!std::regex_match(range, m, feet)) return std::nullopt;
  const long long n = std::stoll(m[1].str());
  return m[2].str()[0] == 'm' ? n * 5280 : n;
}

std::string components(const json::object& spell) {
  std::string out = join(strings_at(spell, "components"), ", ");
  if (auto material = opt_str(spell, "material")) {
    std::string m = safe_line(*material);
    while (!m.empty() && m.back() == '.') m.pop_back();
    // "A tiny ball of ..." -> "a tiny ball of ...", as the SRD prints it; "GP" or a name stays.
    if (m.size() > 1 && m[0] >= 'A' && m[0] <= 'Z' && (m[1] == ' ' || (m[1] >= 'a' && m[1] <= 'z')))
      m[0] = static_cast<char>(m[0] - 'A' + 'a');
    out += " (" + m + ")";
  }
  return clip(out, 400);
}

std::string duration(const json::object& spell) {
  std::string d = str_at(spell, "duration");
  if (bool_or(spell, "concentration", false)) {
    if (starts_with(d, "Up to")) d = "u" + d.substr(1);
    d = "Concentration, " + d;
  }
  return d;
}

/// The base target count and the targets added per slot level, where the SRD says "you can
/// target one additional creature for each slot level above ..." (CA-90).
std::optional<std::pair<long long, long long>> extra_targets(const json::object& spell) {
  static const std::regex more(R"((target|affect) (one|an) additional (creature|humanoid|target))");
  static const std::regex base(R"(up to (two|three|four|five|six) (willing )?creatures)", std::regex::icase);
  const std::string higher = join(strings_at(spell, "higher_level"), " ");
  if (!std::regex_search(higher, more)) return std::nullopt;
  const std::string desc = join(strings_at(spell, "desc"), " ");
  std::smatch m;
  long long count = 1;
  if (std::regex_search(desc, m, base)) {
    const std::string w = lower(m[1].str());
    count = w == "two" ? 2 : w == "three" ? 3 : w == "four" ? 4 : w == "five" ? 5 : 6;
  }
  return std::make_pair(count, 1LL);
}

json::object spell_entry(const json::object& spell, Notes& notes) {
  const std::string name = str_at(spell, "name");
  const long long level = int_at(spell, "level");
  const std::string school = ref_index(spell, "school");
  const std::string school_name = ref_name(spell, "school");
  const bool ritual = bool_or(spell, "ritual", false);
  const bool concentration = bool_or(spell, "concentration", false);
  const std::string range = str_at(spell, "range");

  json::array class_ids, multiclass_ids;  // the second names the `multiclass` entries: a class taken as a new class
  for (const auto& c : arr_or_empty(spell, "classes")) {
    class_ids.emplace_back(str_at(obj(c, "class"), "index"));
    multiclass_ids.emplace_back("multiclass-" + entry_id(str_at(obj(c, "class"), "index")));
  }

  std::vector<std::string> paragraphs = strings_at(spell, "desc");
  const auto higher = strings_at(spell, "higher_level");
  for (std::size_t i = 0; i < higher.size(); ++i)
    paragraphs.push_back(i == 0 ? "At Higher Levels. " + higher[i] : higher[i]);

  std::string kind =
      level == 0 ? school_name + " cantrip" : fmt::format("{}-level {}", ordinal(level), lower(school_name));
  if (ritual) kind += " (ritual)";
  const std::string summary = fmt::format("{}; {}; {}; {}; {}", kind, str_at(spell, "casting_time"), range,
                                          join(strings_at(spell, "components"), ", "), duration(spell));

  json::object values{{"name", safe_line(name)},
                      {"level", level},
                      {"school", school},
                      {"casting_time", safe_line(str_at(spell, "casting_time"))},
                      {"range", safe_line(range)},
                      {"components", components(spell)},
                      {"duration", safe_line(duration(spell))},
                      {"concentration", concentration},
                      {"ritual", ritual},
                      {"text", long_text(paragraphs)}};

  // The reference's kind: a spell the SRD gives damage attacks, one it gives healing heals, the
  // rest is utility. A levelled spell pays one slot of its own level; `pool=` upcasts it.
  const std::string effect = spell.contains("damage")               ? "attack"
                             : spell.contains("heal_at_slot_level") ? "heal"
                                                                    : "utility";
  json::object mechanics{{"kind", effect}};
  if (level > 0) mechanics["cost"] = json::array{json::object{{"pool", fmt::format("slots_{}", level)}, {"amount", 1}}};
  if (auto targets = extra_targets(spell)) {
    mechanics["targetCount"] = targets->first;
    mechanics["targetsPerCostStep"] = targets->second;
    notes.targets.push_back(
        fmt::format("{}: `targetCount` {}, `targetsPerCostStep` 1 (one more per slot level above {}).", name,
                    targets->first, ordinal(level)));
  }
  if (auto feet = range_feet(range)) mechanics["range"] = *feet;
  if (const auto* area = spell.if_contains("area_of_effect"); area && area->is_object()) {
    // The reference knows bursts, cones and lines; a sphere, cube or cylinder is a burst.
    const std::string shape = str_at(area->get_object(), "type");
    mechanics["area"] = json::object{{"shape", shape == "cone" || shape == "line" ? shape : std::string("burst")},
                                     {"size", number_value(num_at(area->get_object(), "size"))}};
  }

  json::object entry{{"id", entry_id(str_at(spell, "index"))},
                     {"label", safe_line(name)},
                     {"summary", clip(safe_line(sentence(summary)), 300)},
                     {"filters", json::object{{"level", level},
                                              {"school", school},
                                              {"class_ids", std::move(class_ids)},
                                              {"multiclass_ids", std::move(multiclass_ids)}}},
                     {"rows", json::array{row("spells", std::move(values))}}};
  entry["mechanics"] = std::move(mechanics);
  return entry;
}

}  // namespace

Catalog build_spells(const Srd& srd, Notes& notes) {
  Catalog c;
  c.header = header("spells", "Spells", "", {"spells"},
                    {{"level", "Spell level", "number", ""},
                     {"school", "School", "text", ""},
                     {"class_ids", "Class", "tags", "class"},
                     {"multiclass_ids", "Class as a new class", "tags", ""}});
  c.header["units"] = json::object{{"distance", json::object{{"label", "feet"}, {"perCell", 5}}}};
  c.asset = true;
  for (const auto& v : srd.spells) c.entries.emplace_back(spell_entry(obj(v, "spell"), notes));
  return c;
}

}  // namespace srd5e
