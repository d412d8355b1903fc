#pragma once
// The character document (docs/format/character.md): the reference's stored sheet `{v, build}`
// with its live state beside it, plus our extensions (`ruleset`, `name`, `builder`, live `notes`).
// Values are keyed by stable ids; rows carry their own `_id`. Reading one checks it against a
// compiled ruleset and reports every problem at once; what the ruleset does not (or no longer)
// declares is kept verbatim and written back, with a warning (decisions.md "Character documents").
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"
#include "json/document.hpp"

namespace rk {

struct Row {
  std::string id;       ///< `_id`: stable identity of the row (ours)
  std::string catalog;  ///< `_catalog`: "<catalog>/<entry>" when picked from a catalog
  std::map<Id, Scalar> cells;
  boost::json::object kept;  ///< cells of columns the list does not declare, kept as written
};

/// One mark on a wound track: a kind the track declares. `box` is its 1-based box on a
/// `fill: "indexed"` track (its position in the stored `marks`), 0 on a sequential one.
struct Mark {
  Id kind;
  std::int64_t box = 0;
};

struct PoolState {
  std::optional<Number> current;  ///< the document's `value`; unset: the pool's starting point (BC-60)
  Number temp;
};

struct TrackState {
  std::optional<Number> value;  ///< a plain track: `live.tracks.<id>`
  std::vector<Mark> marks;      ///< a wound track: `live.wounds.<id>.marks`, most severe first when sequential
  std::int64_t overflow = 0;    ///< a wound track: `live.wounds.<id>.overflow`, marks that could not land
};

struct Character {
  /// `v` when the ruleset's sheet has no `version`.
  static constexpr std::int64_t kFirstSheetVersion = 1;
  std::int64_t sheet_version = kFirstSheetVersion;  ///< `v`: the sheet version the build was written for
  Id ruleset;
  std::string name;
  // `build`
  std::map<Id, Scalar> fields;
  std::map<Id, Number> abilities;
  std::map<Id, Id> skills, saves;
  std::map<Id, Number> bonuses;  ///< free per-skill and per-save bonus, within `sheet.bonusRange`
  std::map<Id, std::vector<Row>> lists;
  // `live`
  std::map<Id, PoolState> pools;    ///< declared pools and list-row pools (`<list>:<row name>`)
  std::map<Id, TrackState> tracks;  ///< plain and wound tracks alike; the ruleset says which
  std::map<Id, std::string> texts;  ///< `live.text`
  std::map<Id, Id> states;
  std::vector<std::string> conditions;
  std::vector<std::string> notes;  ///< ours: free notes
  /// Reserved for the guided builder; kept exactly as written.
  boost::json::value builder = boost::json::object();
  /// What the ruleset does not (or no longer) declare, kept as written and written back: unknown
  /// keys of the document, and per part (`build`, `live`) its unknown keys and, under a known
  /// part's key (`fields`, `pools`, …), the entries whose ids the ruleset does not declare.
  boost::json::object kept, kept_build, kept_live;
  /// The warnings of reading the document (what was kept); the computed sheet repeats them.
  Diagnostics read_warnings;
};

/// Reads a character document and checks it against the ruleset. Problems are added to
/// `diagnostics` with pointers into the document; the returned character holds what was valid.
Character read_character(const Ruleset& ruleset, const json::Document& document, Diagnostics& diagnostics);

/// A character document held inside another (a game's card, docs/format/game.md), read as
/// `read_character` reads one, with pointers from `pointer`. Without `with_live`, a `live` key is
/// neither read nor kept: the caller decides what it means.
Character read_character_at(const Ruleset& ruleset, const boost::json::value& value, const std::string& pointer,
                            bool with_live, Diagnostics& diagnostics);
/// Reads a `live` object (at `pointer`) onto `character` by the rules of a character document's
/// `live`, against `sheet` (the ruleset's own sheet, or one made of the party's pools). Its kept
/// values' warnings join `character.read_warnings`.
void read_live_onto(const Ruleset& ruleset, const Sheet& sheet, const boost::json::value& live,
                    const std::string& pointer, Character& character, Diagnostics& diagnostics);
/// Reads a `build`-shaped object (at `pointer`) onto `character` against `sheet` (a game's party
/// sheet reads its `fields` and `lists` this way, against a sheet of the party's fields and lists).
void read_build_onto(const Ruleset& ruleset, const Sheet& sheet, const boost::json::value& build,
                     const std::string& pointer, Character& character, Diagnostics& diagnostics);

/// Parses and reads a character from text (limits: limits::kCharacterBytes, kJsonDepth).
std::optional<Character> parse_character(const Ruleset& ruleset, std::string text, std::string file_name,
                                         Diagnostics& diagnostics);

/// The document of a character (what `rulekeeper new` prints for a blank one).
boost::json::value character_to_json(const Character& character);

/// The `live` part of a character's document, sparse as `character_to_json` writes it.
boost::json::object character_live_to_json(const Character& character);

/// A blank character: nothing stored, so every value reads its blank-sheet value.
Character blank_character(const Ruleset& ruleset);

/// Whether the player has chosen a value for `field` (issue 9 point 9, BA-36): the document stores
/// one the field can hold. A field it does not store, an empty text and an enum value the ruleset
/// no longer offers are not chosen yet; the builder asks for them and the sheet says so, while
/// computing reads the blank-sheet value, as the reference does.
bool field_chosen(const Field& field, const std::map<Id, Scalar>& stored);

boost::json::value scalar_to_json(const Scalar& s);

}  // namespace rk
