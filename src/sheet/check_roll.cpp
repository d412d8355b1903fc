#include "sheet/check_roll.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rk {

std::string CheckRoll::text() const {
  if (pool) return fmt::format("{} {}", value.to_string(), value == Number::of(1) ? "die" : "dice");
  return value < Number() ? value.to_string() : "+" + value.to_string();
}

CheckRoll check_roll(const Ruleset& ruleset, Number sheet_number, Number adjust, Number penalty,
                     std::int64_t bonus_dice) {
  const Resolution& res = ruleset.resolution;
  // Whole numbers toward zero, so half a point of adjustment never turns into a die.
  const Number modifier = sheet_number + Number::of(adjust.whole()) + penalty;
  CheckRoll roll;
  if (!res.is_pool()) {
    roll.value = modifier;
    return roll;
  }
  roll.pool = true;
  std::int64_t bonus = 0;
  if (res.pool.situational_dice) {
    bonus = std::clamp(bonus_dice, res.pool.situational_dice->first, res.pool.situational_dice->second);
  }
  const std::int64_t dice = (modifier + Number::of(bonus)).round_half_away().whole();
  roll.value = Number::of(std::clamp(dice, res.pool.pool_min, res.pool.pool_max));
  return roll;
}

}  // namespace rk
