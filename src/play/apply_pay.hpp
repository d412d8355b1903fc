#pragma once
// Paying from a live pool, as the pool commands, `use`, checks and the party's `spend` do it: how a
// written name finds one of the pools a sheet has right now (sheet/live_pools.hpp lists them and
// stores them) and the arithmetic of a spend (refused, never floored). The rules are the original
// engine's (live-state.ts: findPool, setPool).
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "format/model.hpp"
#include "play/refusal.hpp"
#include "play/sheet_ops.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"
#include "sheet/live_pools.hpp"

namespace rk::play::detail {

/// Two names the Game Master may use for one thing: equal once trimmed and lowered (JavaScript's
/// `trim().toLowerCase()`, the full Unicode lower case, as the reference compares names).
bool same_name(std::string_view a, std::string_view b);
/// A name lowered the same way (a list-row pool's key is `<list>:<row name trimmed and lowered>`).
std::string lowered_name(std::string_view name);

using rk::live_pools;
using rk::LivePool;
using rk::store_pool;

/// Whether the computed sheet hides `id` (a `hideWhen`).
bool hidden_on(const SheetView& view, const Id& id);

/// The pool a written name means (reference findPool): its key exactly, then a declared pool's id
/// or label, then a row pool's name alone, when one row answers; else `unknown-pool` or
/// `ambiguous-pool`.
struct PoolMatch {
  const LivePool* pool = nullptr;
  Refusal refusal = Refusal::UnknownPool;
};
PoolMatch find_pool(const std::vector<LivePool>& pools, std::string_view written);

/// A pool's value as a receipt says it: `3/8`, `3/8 +2 temp`.
std::string pool_value_text(const LivePool& pool, Number current, Number temp);
/// The same with the pool's label before it: `Coin 3/8`.
std::string pool_now(const LivePool& pool, Number current, Number temp);

/// Whether `amount` is a spend or restore amount a command may ask for: whole, 1..kMaxOpAmount.
bool valid_amount(Number amount);

/// A run of payments applied all or nothing: each `pay` reads what the ones before it left, and
/// nothing reaches the store until `commit`.
class Payments {
 public:
  /// Pays `amount` from `pool`: refused `bad-amount` outside 1..kMaxOpAmount, `insufficient` when
  /// the pool holds less (refused, never floored: "you are out" is a fact the story must hear).
  std::optional<Refusal> pay(const LivePool& pool, Number amount);
  /// What `pool` holds after the payments so far.
  Number current(const LivePool& pool) const;
  /// The pools paid, in the order first paid, as `Label v/max`, joined by `, `.
  std::string now() const;
  /// Writes every paid pool's new value into `stored`.
  void commit(std::map<Id, PoolState>& stored) const;
  bool empty() const { return paid_.empty(); }

 private:
  std::vector<std::pair<const LivePool*, Number>> paid_;  ///< pool, value after paying
};

}  // namespace rk::play::detail
