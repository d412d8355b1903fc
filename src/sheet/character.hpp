#pragma once
// The character document (docs/format/character.md): what the player's sheet holds. Values are
// keyed by stable ids; rows carry their own `_id`. Reading one checks it against a compiled
// ruleset and reports every problem at once.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"
#include "json/document.hpp"

namespace rk {

struct Row {
  std::string id;       ///< `_id`: stable identity of the row
  std::string catalog;  ///< `_catalog`: "<catalog>/<entry>" when picked from a catalog
  std::map<Id, Scalar> cells;
};

struct Mark {
  Id kind;
  std::int64_t box = 0;  ///< 1-based; only on `fill: "indexed"` tracks
};

struct PoolState {
  std::optional<Number> current;  ///< unset: the pool's starting point applies (BC-60)
  Number temp;
};

struct TrackState {
  std::optional<Number> value;  ///< ordinary tracks
  std::vector<Mark> marks;      ///< wound tracks
  std::vector<Mark> overflow;   ///< wound tracks: marks no box holds
};

struct Character {
  static constexpr std::int64_t kVersion = 1;
  Id ruleset;
  std::string name;
  std::map<Id, Scalar> fields;
  std::map<Id, Number> abilities;
  std::map<Id, Id> skills, saves;
  std::map<Id, std::vector<Row>> lists;
  std::map<Id, PoolState> pools;
  std::map<Id, TrackState> tracks;
  std::map<Id, Id> states;
  std::vector<std::string> conditions;
  std::vector<std::string> notes;
  /// Reserved for the guided builder; kept exactly as written.
  boost::json::value builder = boost::json::object();
};

/// Reads a character document and checks it against the ruleset. Problems are added to
/// `diagnostics` with pointers into the document; the returned character holds what was valid.
Character read_character(const Ruleset& ruleset, const json::Document& document, Diagnostics& diagnostics);

/// Parses and reads a character from text (limits: limits::kCharacterBytes, kJsonDepth).
std::optional<Character> parse_character(const Ruleset& ruleset, std::string text, std::string file_name,
                                         Diagnostics& diagnostics);

/// The document of a character (what `rulekeeper new` prints for a blank one).
boost::json::value character_to_json(const Character& character);

/// A blank character: nothing stored, so every value reads its blank-sheet value.
Character blank_character(const Ruleset& ruleset);

boost::json::value scalar_to_json(const Scalar& s);

}  // namespace rk
