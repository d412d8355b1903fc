#pragma once
// The parts of reading a game document (docs/format/game.md "Loading a game"), one file per part:
// game_read.cpp (the top level, cards, playerName), game_read_live.cpp (rulesetLive, the party
// sheet), game_read_rolls.cpp (clocks, replies, rolls). Internal to the play stage.
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "format/limits.hpp"
#include "play/game.hpp"

namespace rk::play::detail {

/// The largest whole number every JSON reader holds exactly (2^53 − 1): `gamePartySheetRevision`,
/// `replies`, a roll's `tag`.
inline constexpr std::int64_t kLargestExactWhole = (std::int64_t{1} << 53) - 1;

/// One reading of a game: the ruleset, where problems go, and how many kept-value warnings were
/// said (a hostile document of a million unknown keys keeps them all but says so at most as often
/// as a run lists diagnostics, as the character reader does).
struct GameReading {
  GameReading(const Ruleset& rs, Diagnostics& d) : ruleset(rs), diagnostics(d) {}
  const Ruleset& ruleset;
  Diagnostics& diagnostics;
  std::size_t warnings = 0;
  /// The card each key names (the first card with it).
  std::map<std::string, std::size_t, std::less<>> card_by_key;

  template <typename... Args>
  void warn(Code code, std::string pointer, fmt::format_string<Args...> format, Args&&... args) {
    if (warnings >= limits::kDiagnosticsShown) return;
    ++warnings;
    diagnostics.warning(code, std::move(pointer), format, std::forward<Args>(args)...);
  }
  template <typename... Args>
  void error(Code code, std::string pointer, fmt::format_string<Args...> format, Args&&... args) {
    diagnostics.error(code, std::move(pointer), format, std::forward<Args>(args)...);
  }
};

/// A whole number from `min` to `max` at `pointer` (`wrong-type`, `bad-number`, `out-of-range`
/// prefixed by `what`); nothing when it is not one.
std::optional<std::int64_t> read_whole(GameReading& x, const boost::json::value& v, const std::string& pointer,
                                       std::string_view what, std::int64_t min, std::int64_t max);

/// Keys of `o` not in `known`: kept in `kept` as written, each an `unknown-key` warning.
void keep_unknown_keys(GameReading& x, const boost::json::object& o, const std::string& pointer,
                       std::initializer_list<std::string_view> known, boost::json::object& kept, std::string_view what);

/// What makes two clock names one clock: trimmed, and the full Unicode lower case (JavaScript's
/// toLowerCase), so "Watchtower fire" and " WATCHTOWER FIRE" are one (game.md "Clocks").
std::string clock_key(std::string_view name);

/// `rulesetLive` (after the cards).
void read_live_entries(GameReading& x, const boost::json::value& v, Game& game);
/// `gamePartySheet` and `gamePartySheetRevision` (either may be absent).
void read_party_sheet(GameReading& x, const boost::json::value* sheet, const boost::json::value* revision, Game& game);
/// `rulesetClocks`.
void read_clocks(GameReading& x, const boost::json::value& v, Game& game);
/// `rolls` (after `replies`).
void read_rolls(GameReading& x, const boost::json::value& v, Game& game);

/// The sheet the party's values are read against: its fields, lists and pools in a Sheet's places,
/// so a character's readers read them by the same rules.
Sheet party_as_sheet(const Party& party);

}  // namespace rk::play::detail
