#pragma once
// The two resolution kinds thrown (writing-rulesets.md "dice-sum", "dice-pool"): what the dice of
// one check come to, once everything the check asked for has been worked out and held to the
// ruleset's ranges. Every face comes from the request's RequestDice, so a replay reads the same
// faces back; when the record runs out the roll stops and says so (`incomplete`).
#include <cstdint>
#include <optional>
#include <vector>

#include "format/model.hpp"
#include "play/rolls.hpp"

namespace rk::play {

/// The most dice one check may throw again, whatever a ruleset asks for (the original's
/// RULESET_POOL_MAX_REROLLS): an `until` re-throw is a loop and needs an end the file cannot move.
inline constexpr std::int64_t kMaxRerollsPerCheck = 100;

enum class RollMode : std::uint8_t { Normal, Advantage, Disadvantage };

struct SumThrow {
  std::int64_t modifier = 0;
  std::int64_t dc = 0;
  bool save = false;
  RollMode mode = RollMode::Normal;  ///< already reduced to what the ruleset allows
};

struct PoolThrow {
  std::int64_t dice = 0;  ///< held to pool.min..pool.max
  std::int64_t required = 1;
  std::int64_t threshold = 0;
  std::optional<std::int64_t> explode_from, double_from;
  std::optional<PoolReroll> reroll;
  std::int64_t auto_successes = 0;
  bool no_cancel = false;  ///< BB-138: low faces take no success away (a botch still reads them)
};

struct ThrownCheck {
  std::vector<std::int64_t> rolls;  ///< every face that counts, in order (a sum rolled twice: both sets)
  std::int64_t used = 0;            ///< the kept sum, or the net successes
  std::int64_t total = 0;
  bool success = false, critical_success = false, critical_failure = false;
  bool complication = false;
  std::int64_t rerolled = 0;
  bool incomplete = false;  ///< the record ran out or did not fit: nothing here is to be believed
};

ThrownCheck throw_sum(const DiceSumRules& rules, const SumThrow& input, RequestDice& dice);
ThrownCheck throw_pool(const DicePoolRules& rules, const PoolThrow& input, RequestDice& dice);

}  // namespace rk::play
