#pragma once
// The game document (docs/format/game.md): everything the Game Master's commands change — the
// characters (cards with their live values), the party sheet, the clocks — and the record of every
// die rolled for the game. Reading one checks it against a compiled ruleset with the diagnostics a
// character document gets; what the ruleset does not declare is kept and written back.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"
#include "json/document.hpp"
#include "sheet/character.hpp"

namespace rk::play {

/// The version of the game document this engine reads and writes (`gameFormat`).
inline constexpr std::int64_t kGameFormat = 1;
/// The key of the party's entry in `rulesetLive` (SH-124); no normalized name can equal it.
inline constexpr std::string_view kPartyLiveKey = "$party";

/// The party's shared sheet: its permanent values (`gamePartySheet`) and its live pools
/// (`rulesetLive["$party"]`). `fromMembers` fields are never stored: they are computed on read.
struct PartySheet {
  std::map<Id, Scalar> fields;
  std::map<Id, std::vector<Row>> lists;
  boost::json::value builder = boost::json::object();
  std::map<Id, PoolState> pools;
  /// Unknown keys of `gamePartySheet`, and of `$party` (its parts other than `pools`), kept as written.
  boost::json::object kept, kept_live;
};

/// A progress clock (SH-87 – SH-104), in `rulesetClocks` order (creation order).
struct Clock {
  std::string name;
  std::int64_t size = 0;
  std::int64_t filled = 0;
  boost::json::object kept;  ///< unknown keys, kept as written
};

/// Dice drawn for one reason (`for`: check, advantage, explode, reroll, modifier, amount).
struct Throw {
  std::string purpose;  ///< the `for` word
  std::int64_t sides = 0;
  std::vector<std::int64_t> faces;
};

/// Every die one request (one tag of one reply) needed, in the order drawn.
struct RollRecord {
  std::int64_t reply = 0;
  std::int64_t tag = 0;
  std::optional<std::string> who;
  std::string ask;
  std::vector<Throw> throws;
  boost::json::object kept;
};

struct Game {
  std::int64_t format = kGameFormat;
  Id ruleset_id;
  std::int64_t ruleset_version = 0;
  boost::json::object kept_pin;  ///< other keys of `gameRuleset` (the original's packageId, source, options)
  std::optional<std::string> player_name;
  /// The characters, in party order. Each Character holds its live values, read from and written
  /// to `rulesetLive` under normalized_name(character.name).
  std::vector<Character> cards;
  PartySheet party;
  std::int64_t party_revision = 0;
  /// `rulesetLive` entries whose key no card has: kept as written, not read.
  boost::json::object kept_live_entries;
  std::vector<Clock> clocks;
  std::int64_t replies = 0;
  std::vector<RollRecord> rolls;
  boost::json::object kept;  ///< unknown top-level keys, in the order read
};

/// A character's key: the original's normalizeCharacterLookupName (NFKD, combining marks
/// U+0300–U+036F removed, full lower case, runs of non-letters/numbers/marks to one space,
/// trimmed). Empty when the name has no letter, number or mark.
std::string normalized_name(std::string_view name);

/// The card whose name has the same key as `name` (who=, playerName): its index, or -1 when none
/// does. Keys are unique in a loaded game, so there is at most one.
std::ptrdiff_t card_named(const Game& game, std::string_view name);

/// Reads a game document and checks it against the ruleset (docs/format/game.md "Loading a game").
Game read_game(const Ruleset& ruleset, const json::Document& document, Diagnostics& diagnostics);
/// Parses and reads a game from text (limits: kGameBytes, kJsonDepth).
std::optional<Game> parse_game(const Ruleset& ruleset, std::string text, std::string file_name,
                               Diagnostics& diagnostics);
/// The document of a game, deterministically (docs/format/game.md "Writing a game").
boost::json::value game_to_json(const Ruleset& ruleset, const Game& game);
/// A new game from characters already read against the ruleset (`rulekeeper game new`); problems
/// (a card without a name, two cards with one key) are added to `diagnostics`.
std::optional<Game> new_game(const Ruleset& ruleset, std::vector<Character> characters, Diagnostics& diagnostics);

}  // namespace rk::play
