// Pool commands (docs/format/commands.md "Pools"): spend, restore, damage and temp on one of the
// character's live pools, declared or a list row's.
#include <fmt/format.h>

#include "play/apply_pay.hpp"
#include "play/sheet_ops.hpp"
#include "sheet/live_pools.hpp"

namespace rk::play::detail {

namespace {

/// `3/10`, or `3/10 +2 temp` while temporary points stand.
std::string pool_value(const LivePool& pool, std::int64_t value, std::int64_t temp) {
  return detail::pool_value_text(pool, Number::of(value), Number::of(temp));
}

}  // namespace

Outcome apply_pool_change(const Ruleset& ruleset, Character& character, const SheetView& view, Op op,
                          const PoolChange& change) {
  const std::vector<LivePool> pools = live_pools(ruleset, character, view);
  const PoolMatch match = find_pool(pools, change.pool);
  if (match.pool == nullptr) return Outcome::refused(match.refusal);
  const LivePool& pool = *match.pool;
  // temp sets the buffer, so 0 clears it; every other op moves at least one point.
  const std::int64_t least = op == Op::Temp ? 0 : 1;
  if (change.amount < least || change.amount > kMaxOpAmount) return Outcome::refused(Refusal::BadAmount);

  switch (op) {
    case Op::Temp: {
      if (!pool.allow_temp) return Outcome::refused(Refusal::NoTemp);
      store_pool(character, pool, pool.current, change.amount);
      return Outcome::accepted(pool_value(pool, pool.current, change.amount));
    }
    case Op::Spend: {
      // Refused rather than floored: "you are out" is a fact the narration has to hear.
      if (pool.current < change.amount) return Outcome::refused(Refusal::Insufficient);
      const std::int64_t value = pool.current - change.amount;
      store_pool(character, pool, value, pool.temp);
      return Outcome::accepted(pool_value(pool, value, pool.temp));
    }
    case Op::Restore: {
      const std::int64_t value = std::min(pool.max, pool.current + change.amount);
      store_pool(character, pool, value, pool.temp);
      return Outcome::accepted(pool_value(pool, value, pool.temp));
    }
    case Op::Damage: {
      // The temporary points go first, then the pool, never below 0 and never refused for being
      // more than is left: a killing blow is still a killing blow.
      const std::int64_t from_temp = std::min(pool.temp, change.amount);
      const std::int64_t temp = pool.temp - from_temp;
      const std::int64_t value = std::max<std::int64_t>(0, pool.current - (change.amount - from_temp));
      store_pool(character, pool, value, temp);
      return Outcome::accepted(pool_value(pool, value, temp));
    }
    default:
      return Outcome::refused(Refusal::Malformed);
  }
}

}  // namespace rk::play::detail
