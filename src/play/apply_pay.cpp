// Paying from a live pool (apply_pay.hpp).
#include "play/apply_pay.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sheet/evaluate.hpp"
#include "sheet/live_pools.hpp"

namespace rk::play::detail {

std::string lowered_name(std::string_view name) { return rk::lowered(rk::trimmed(name)); }

bool same_name(std::string_view a, std::string_view b) { return rk::same_name(a, b); }

bool hidden_on(const SheetView& view, const Id& id) {
  return std::find(view.hidden.begin(), view.hidden.end(), id) != view.hidden.end();
}

PoolMatch find_pool(const std::vector<LivePool>& pools, std::string_view written) {
  const std::string_view wanted = rk::trimmed(written);
  if (wanted.empty()) return {};
  for (const LivePool& pool : pools) {
    if (pool.key == wanted) return {&pool, Refusal::UnknownPool};
  }
  for (const LivePool& pool : pools) {
    if (!pool.row_pool() && (same_name(pool.key, wanted) || same_name(pool.label, wanted)))
      return {&pool, Refusal::UnknownPool};
  }
  // A row's name on its own, which is how a Game Master writes "Ki" without knowing its list.
  const LivePool* row = nullptr;
  for (const LivePool& pool : pools) {
    if (!pool.row_pool() || !(same_name(pool.key, wanted) || same_name(pool.label, wanted))) continue;
    if (row != nullptr) return {nullptr, Refusal::AmbiguousPool};
    row = &pool;
  }
  return {row, Refusal::UnknownPool};
}

std::string pool_value_text(const LivePool& pool, Number current, Number temp) {
  if (temp > Number()) return fmt::format("{}/{} +{} temp", current.to_string(), pool.max, temp.to_string());
  return fmt::format("{}/{}", current.to_string(), pool.max);
}

std::string pool_now(const LivePool& pool, Number current, Number temp) {
  return fmt::format("{} {}", pool.label, pool_value_text(pool, current, temp));
}

bool valid_amount(Number amount) {
  return amount.is_integer() && amount >= Number::of(1) && amount <= Number::of(kMaxOpAmount);
}

std::optional<Refusal> Payments::pay(const LivePool& pool, Number amount) {
  if (!valid_amount(amount)) return Refusal::BadAmount;
  const Number before = current(pool);
  if (before < amount) return Refusal::Insufficient;
  const auto paid = std::find_if(paid_.begin(), paid_.end(), [&](const auto& entry) { return entry.first == &pool; });
  if (paid == paid_.end()) {
    paid_.emplace_back(&pool, before - amount);
  } else {
    paid->second = before - amount;
  }
  return std::nullopt;
}

Number Payments::current(const LivePool& pool) const {
  for (const auto& [paid, value] : paid_) {
    if (paid == &pool) return value;
  }
  return Number::of(pool.current);
}

std::string Payments::now() const {
  std::string out;
  for (const auto& [pool, value] : paid_) {
    if (!out.empty()) out += ", ";
    out += pool_now(*pool, value, Number::of(pool->temp));
  }
  return out;
}

void Payments::commit(std::map<Id, PoolState>& stored) const {
  // A payment is whole (valid_amount), so what is left is whole too.
  for (const auto& [pool, value] : paid_) store_pool(stored, *pool, value.whole(), pool->temp);
}

}  // namespace rk::play::detail
