#pragma once
// What a check throws, in its resolution kind's own terms (the reference's "Resolution kinds",
// "The penalty on your rolls", "Modifiers off the sheet"): on `dice-sum` the sheet's number, the
// wound penalty and `resolution.adjust` are one modifier added to the dice; on `dice-pool` they
// are how many dice are thrown, held to `pool.min`..`pool.max`.
#include <cstdint>
#include <string>

#include "format/ruleset.hpp"

namespace rk {

struct CheckRoll {
  bool pool = false;         ///< `value` counts dice rather than adding to them
  Number value;              ///< the modifier on a sum, the number of dice on a pool
  std::string text() const;  ///< "+3", "-1", "1 die", "5 dice"
};

/// `sheet_number` is a skill's, save's or ability's number as the sheet shows it; `adjust` the sum
/// of the `resolution.adjust` entries touching the check (rounded toward zero here); `penalty` the
/// wound penalty in force (a negative number); `bonus_dice` the Game Master's `bonus=` on a pool,
/// held to `situationalDice` and ignored without it.
CheckRoll check_roll(const Ruleset& ruleset, Number sheet_number, Number adjust, Number penalty,
                     std::int64_t bonus_dice = 0);

}  // namespace rk
