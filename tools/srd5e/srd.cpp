#include "srd5e/srd.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

namespace srd5e {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot read {}", path.string()));
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

json::array read_array(const std::filesystem::path& dir, std::string_view name) {
  const auto path = dir / fmt::format("5e-SRD-{}.json", name);
  boost::system::error_code ec;
  json::value v = json::parse(read_file(path), ec);
  if (ec) throw std::runtime_error(fmt::format("{}: not JSON: {}", path.string(), ec.message()));
  if (!v.is_array()) throw std::runtime_error(fmt::format("{}: not a JSON array", path.string()));
  return std::move(v.get_array());
}

[[noreturn]] void missing(std::string_view key, std::string_view what) {
  throw std::runtime_error(fmt::format("SRD data: key `{}` is missing or is not {}", key, what));
}

}  // namespace

Srd Srd::load(const std::filesystem::path& dir) {
  Srd s;
  s.dir = dir;
  s.source_md = read_file(dir / "SOURCE.md");
  s.ability_scores = read_array(dir, "Ability-Scores");
  s.alignments = read_array(dir, "Alignments");
  s.backgrounds = read_array(dir, "Backgrounds");
  s.classes = read_array(dir, "Classes");
  s.conditions = read_array(dir, "Conditions");
  s.damage_types = read_array(dir, "Damage-Types");
  s.equipment = read_array(dir, "Equipment");
  s.features = read_array(dir, "Features");
  s.languages = read_array(dir, "Languages");
  s.levels = read_array(dir, "Levels");
  s.magic_schools = read_array(dir, "Magic-Schools");
  s.monsters = read_array(dir, "Monsters");
  s.proficiencies = read_array(dir, "Proficiencies");
  s.races = read_array(dir, "Races");
  s.skills = read_array(dir, "Skills");
  s.spells = read_array(dir, "Spells");
  s.subclasses = read_array(dir, "Subclasses");
  s.subraces = read_array(dir, "Subraces");
  s.traits = read_array(dir, "Traits");
  s.weapon_properties = read_array(dir, "Weapon-Properties");
  return s;
}

const json::object* Srd::find(const json::array& list, std::string_view index) {
  for (const auto& v : list) {
    if (!v.is_object()) continue;
    const auto* i = v.get_object().if_contains("index");
    if (i && i->is_string() && i->get_string() == index) return &v.get_object();
  }
  return nullptr;
}

const json::object& obj(const json::value& v, std::string_view what) {
  if (!v.is_object()) missing(what, "an object");
  return v.get_object();
}

const json::object& obj_at(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v || !v->is_object()) missing(key, "an object");
  return v->get_object();
}

const json::array& arr_at(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v || !v->is_array()) missing(key, "an array");
  return v->get_array();
}

std::string str_at(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v || !v->is_string()) missing(key, "a string");
  return std::string(v->get_string());
}

long long int_at(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (v && v->is_int64()) return v->get_int64();
  if (v && v->is_uint64()) return static_cast<long long>(v->get_uint64());
  if (v && v->is_double() && v->get_double() == std::floor(v->get_double()))
    return static_cast<long long>(v->get_double());
  missing(key, "an integer");
}

double num_at(const json::object& o, std::string_view key) {
  const auto n = opt_num(o, key);
  if (!n) missing(key, "a number");
  return *n;
}

const json::array& arr_or_empty(const json::object& o, std::string_view key) {
  static const json::array empty;
  const auto* v = o.if_contains(key);
  return v && v->is_array() ? v->get_array() : empty;
}

std::optional<std::string> opt_str(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->get_string());
}

std::optional<double> opt_num(const json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  if (!v) return std::nullopt;
  if (v->is_int64()) return static_cast<double>(v->get_int64());
  if (v->is_uint64()) return static_cast<double>(v->get_uint64());
  if (v->is_double()) return v->get_double();
  return std::nullopt;
}

bool bool_or(const json::object& o, std::string_view key, bool fallback) {
  const auto* v = o.if_contains(key);
  return v && v->is_bool() ? v->get_bool() : fallback;
}

std::vector<std::string> strings_at(const json::object& o, std::string_view key) {
  std::vector<std::string> out;
  const auto* v = o.if_contains(key);
  if (!v) return out;
  if (v->is_string()) {
    out.emplace_back(v->get_string());
  } else if (v->is_array()) {
    for (const auto& e : v->get_array()) {
      if (e.is_string()) out.emplace_back(e.get_string());
    }
  }
  return out;
}

std::string ref_index(const json::object& o, std::string_view key) { return str_at(obj_at(o, key), "index"); }
std::string ref_name(const json::object& o, std::string_view key) { return str_at(obj_at(o, key), "name"); }

json::value number_value(double d) {
  if (d == std::floor(d) && std::fabs(d) < 1e15) return json::value(static_cast<std::int64_t>(d));
  // Rebuild the double from its four-decimal form so that it prints as that decimal.
  const double scaled = std::round(d * 10000.0);
  return json::value(scaled / 10000.0);
}

}  // namespace srd5e
