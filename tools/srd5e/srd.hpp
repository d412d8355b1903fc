#pragma once
// The SRD input: every file of /work/shared/data/5e-srd-2014 the converter reads, parsed once,
// and checked accessors that name the file and key when the data is not what we expect.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

namespace srd5e {

namespace json = boost::json;

struct Srd {
  std::filesystem::path dir;
  std::string source_md;  ///< SOURCE.md, whose attribution the package repeats
  json::array ability_scores, alignments, backgrounds, classes, conditions, damage_types, equipment, features,
      languages, levels, magic_schools, monsters, proficiencies, races, skills, spells, subclasses, subraces, traits,
      weapon_properties;

  /// Reads every file; throws std::runtime_error naming the file on a missing or broken one.
  static Srd load(const std::filesystem::path& dir);

  /// The element of `list` whose "index" is `index`, or nullptr.
  static const json::object* find(const json::array& list, std::string_view index);
};

// Checked accessors: each throws std::runtime_error naming `key` when it is missing or mistyped.
const json::object& obj(const json::value& v, std::string_view what);
const json::object& obj_at(const json::object& o, std::string_view key);
const json::array& arr_at(const json::object& o, std::string_view key);
std::string str_at(const json::object& o, std::string_view key);
long long int_at(const json::object& o, std::string_view key);
double num_at(const json::object& o, std::string_view key);

// Optional accessors: nothing (or an empty value) when the key is absent or null.
const json::array& arr_or_empty(const json::object& o, std::string_view key);
std::optional<std::string> opt_str(const json::object& o, std::string_view key);
std::optional<double> opt_num(const json::object& o, std::string_view key);
bool bool_or(const json::object& o, std::string_view key, bool fallback);

/// A key's value as a list of strings: a string gives one, an array of strings gives each.
std::vector<std::string> strings_at(const json::object& o, std::string_view key);

/// `o[key].index` and `o[key].name` of an API reference object.
std::string ref_index(const json::object& o, std::string_view key);
std::string ref_name(const json::object& o, std::string_view key);

/// A JSON number (int or double) as a boost::json value that prints the same decimal.
json::value number_value(double d);

}  // namespace srd5e
