#pragma once
// What a fight does to a character's health (sheets.md §9, SH-43 – SH-48; the reference chapter's
// "A fight can mark one too" and `combat.health` / `combat.damageKinds`): a blow counts a health
// pool down or marks a wound track, a heal in a fight clears one mark, and temporary points on a
// track are refused. Rulekeeper runs no fight yet; this is the one place the rule lives, so the
// fight stage and any tool that resolves a blow outside it agree by construction. The marks
// themselves follow the wound-track rules of sheet/wounds.hpp, as the Game Master's damage does.
#include <cstdint>
#include <string>
#include <vector>

#include "format/model.hpp"
#include "play/refusal.hpp"
#include "sheet/character.hpp"

namespace rk::play {

/// One damage clause of a blow that landed: the points after resistance and immunity, and the
/// damage type as the fight names it ("" when the blow carries none).
struct DamageClause {
  std::int64_t amount = 0;
  std::string type;
};

/// What a blow, a heal or temporary points did. A refusal changes nothing.
struct HealthChange {
  bool ok = false;
  Refusal reason = Refusal::Malformed;
  std::string now;    ///< `Grit 4/10`, `Harm 3/4 Bleeding`, `Strain 3/3`
  bool down = false;  ///< SH-45, SH-46: the health is gone (pool at 0, track full, or a blow no box took)
};

/// A blow on the character's `combat.health` (SH-43, SH-44, SH-46). Refused `not-configured`
/// without a `combat` block, `bad-amount` for a clause outside 1..MAX_OP_AMOUNT or no clause.
HealthChange take_blow(const Ruleset& ruleset, Character& character, const std::vector<DamageClause>& clauses);

/// Healing in a fight (SH-47): a pool gets `amount` back, up to its maximum; a wound track loses one
/// mark, the lightest of any kind (overflow first), whatever the amount.
HealthChange heal_in_fight(const Ruleset& ruleset, Character& character, std::int64_t amount);

/// Temporary points on the health (SH-48): a pool that allows them takes them; a wound track has no
/// buffer for them, so they are refused `no-temp`.
HealthChange grant_temporary(const Ruleset& ruleset, Character& character, std::int64_t amount);

}  // namespace rk::play
