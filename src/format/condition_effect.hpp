#pragma once
// The condition vocabulary's effects (docs/format/combat.md): what a condition, a condition level
// or an item does to its holder. One enum and one table; readers and later stages use the enum.
#include <cstdint>

#include "format/choice.hpp"

namespace rk {

enum class ConditionEffect : std::uint8_t {
  OwnAttacksAdvantage,
  OwnAttacksDisadvantage,
  AttacksAgainstAdvantage,
  AttacksAgainstDisadvantage,
  AttacksAgainstAdjacentAdvantage,
  AttacksAgainstFarDisadvantage,
  AttacksFromAdjacentCritical,
  CannotAct,
  CannotReact,
  SpeedZero,
  HalfMoveToStand,
  EndsOnDamage,
  OwnSavesAdvantage,
  OwnSavesDisadvantage,
  OwnChecksAdvantage,
  OwnChecksDisadvantage,
  ResistAll,
  CannotTargetSource,
  CannotApproachSource,
};

inline constexpr Choice<ConditionEffect> kConditionEffects[] = {
    {ConditionEffect::OwnAttacksAdvantage, "own-attacks-advantage"},
    {ConditionEffect::OwnAttacksDisadvantage, "own-attacks-disadvantage"},
    {ConditionEffect::AttacksAgainstAdvantage, "attacks-against-advantage"},
    {ConditionEffect::AttacksAgainstDisadvantage, "attacks-against-disadvantage"},
    {ConditionEffect::AttacksAgainstAdjacentAdvantage, "attacks-against-adjacent-advantage"},
    {ConditionEffect::AttacksAgainstFarDisadvantage, "attacks-against-far-disadvantage"},
    {ConditionEffect::AttacksFromAdjacentCritical, "attacks-from-adjacent-critical"},
    {ConditionEffect::CannotAct, "cannot-act"},
    {ConditionEffect::CannotReact, "cannot-react"},
    {ConditionEffect::SpeedZero, "speed-zero"},
    {ConditionEffect::HalfMoveToStand, "half-move-to-stand"},
    {ConditionEffect::EndsOnDamage, "ends-on-damage"},
    {ConditionEffect::OwnSavesAdvantage, "own-saves-advantage"},
    {ConditionEffect::OwnSavesDisadvantage, "own-saves-disadvantage"},
    {ConditionEffect::OwnChecksAdvantage, "own-checks-advantage"},
    {ConditionEffect::OwnChecksDisadvantage, "own-checks-disadvantage"},
    {ConditionEffect::ResistAll, "resist-all"},
    {ConditionEffect::CannotTargetSource, "cannot-target-source"},
    {ConditionEffect::CannotApproachSource, "cannot-approach-source"},
};

/// The four effects that exist only because someone put the condition on its holder: a level and
/// an item may not have them.
constexpr bool is_sourced(ConditionEffect e) {
  return e == ConditionEffect::HalfMoveToStand || e == ConditionEffect::EndsOnDamage ||
         e == ConditionEffect::CannotTargetSource || e == ConditionEffect::CannotApproachSource;
}
/// Advantage or disadvantage on the holder's own checks.
constexpr bool is_own_check(ConditionEffect e) {
  return e == ConditionEffect::OwnChecksAdvantage || e == ConditionEffect::OwnChecksDisadvantage;
}
/// Advantage or disadvantage on the holder's own saves.
constexpr bool is_own_save(ConditionEffect e) {
  return e == ConditionEffect::OwnSavesAdvantage || e == ConditionEffect::OwnSavesDisadvantage;
}

}  // namespace rk
