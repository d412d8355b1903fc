#pragma once
// The per-op halves of the apply stage (src/play/apply.cpp dispatches to them). Each takes the
// state it may change and answers with an Outcome; on a refusal it must leave that state exactly
// as it was (the dispatcher relies on it and does not copy).
#include <string>

#include "catalog/catalog_set.hpp"
#include "format/model.hpp"
#include "play/command.hpp"
#include "play/game.hpp"
#include "sheet/character.hpp"

namespace rk::play::detail {

/// What one op did: `now` (docs/format/commands.md) when accepted, else the reason.
struct Outcome {
  bool ok = false;
  std::string now;
  Refusal reason = Refusal::Malformed;
  /// On a refusal, the limit the command broke, in words (`max 9`, `a whole number`): CA-61 wants
  /// a `bad-amount` advance to name it; the receipt carries it as `limit=` (docs/format/commands.md).
  std::string limit;

  static Outcome accepted(std::string now) { return {true, std::move(now), Refusal::Malformed, {}}; }
  static Outcome refused(Refusal reason, std::string limit = {}) { return {false, {}, reason, std::move(limit)}; }
};

/// spend, restore, damage (pool and wound-track forms), temp, track, condition, note, state,
/// rest on one character (apply_sheet.cpp, apply_tracks.cpp).
Outcome apply_sheet_op(const Ruleset& ruleset, Character& character, const Command& command);

/// use / cast (CA-74 – CA-90) on one character: every cost paid or none (apply_use.cpp).
/// `catalogs` reads the entries of separate catalog files; without it only inline entries are known.
Outcome apply_use(const Ruleset& ruleset, Character& character, const UseEntry& use,
                  const CatalogSet* catalogs = nullptr);

/// advance (CA-56 – CA-73) on one character's card (apply_advance.cpp).
Outcome apply_advance(const Ruleset& ruleset, Character& character, const Advance& advance);

/// A `sheet="party"` command: spend, restore on party pools, advance on party fields (SH-116 –
/// SH-126). An accepted advance raises `game.party_revision` (apply_party.cpp).
Outcome apply_party(const Ruleset& ruleset, Game& game, const Command& command);

/// A `[clock: …]` command (SH-87 – SH-104) (apply_clock.cpp).
Outcome apply_clock(const Ruleset& ruleset, Game& game, const Command& command);

}  // namespace rk::play::detail
