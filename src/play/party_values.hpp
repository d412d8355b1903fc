#pragma once
// The party sheet as the game reads it (docs/format/game.md "The party sheet"): every party field's
// value — stored, else its blank-sheet value, and `fromMembers` fields computed from the cards on
// every read (SH-130) — and what a party pool's maximum and starting value come to. Party formulas
// read only constants and numeric party fields (SH-110), so this needs no sheet evaluation.
#include <map>

#include "format/model.hpp"
#include "play/game.hpp"

namespace rk::play {

/// Every party field of the ruleset (none without `party`). A `fromMembers` field out of its
/// field's `min`..`max` is held there, with a `limit-reached` warning at
/// `/gamePartySheet/fields/<id>` in `warnings` when given.
std::map<Id, Scalar> party_field_values(const Ruleset& ruleset, const Game& game, Diagnostics* warnings = nullptr);

struct PartyPoolBounds {
  Number max;    ///< the computed maximum, a whole number ≥ 0
  Number start;  ///< what the pool reads while nothing is stored
};
PartyPoolBounds party_pool_bounds(const Pool& pool, const std::map<Id, Scalar>& fields);

}  // namespace rk::play
