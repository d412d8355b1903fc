#pragma once
// The apply stage: a Game Master's reply applied to a game (DESIGN principle 1: a pure function
// (ruleset, game, reply, dice) -> (game', rewritten reply, receipts)). Commands run in reply order
// (SH-97), each on the state the ones before it left; a refused command changes nothing.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "builder/dice.hpp"
#include "catalog/catalog_set.hpp"
#include "format/model.hpp"
#include "play/check.hpp"
#include "play/game.hpp"
#include "play/receipt.hpp"

namespace rk::play {

struct AppliedReply {
  Game game;           ///< the game after the reply (replies + 1)
  PlayedReply played;  ///< the rewritten reply and one receipt per command tag
  /// Set when the game's record of rolls and the reply disagree (a replay that does not fit): the
  /// reply is refused whole, the game is unchanged and the reply comes back as written.
  std::optional<std::string> problem;
  std::vector<CheckResult> checks;  ///< every `[skill_check: …]` of the reply, resolved, in order
};

/// Rolls every check of `reply`, then applies every command tag, to a copy of `game`. A reply the reader refuses whole
/// (too large, not UTF-8) changes nothing but the reply count and comes back as written.
/// `catalogs` gives `use` the entries of the ruleset's separate catalog files (optional).
AppliedReply apply_reply(const Ruleset& ruleset, const Game& game, std::string_view reply, Dice& dice,
                         const CatalogSet* catalogs = nullptr);

/// One command on `game`: who it is for, then the op. On a refusal `game` is unchanged.
Receipt apply_command(const Ruleset& ruleset, Game& game, const Command& command, const CatalogSet* catalogs = nullptr);

}  // namespace rk::play
