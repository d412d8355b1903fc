// Paying from a live pool (apply_pay.hpp).
#include "play/apply_pay.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "play/text.hpp"
#include "sheet/evaluate.hpp"
#include "sheet/live_pools.hpp"

namespace rk::play::detail {

std::string lowered_name(std::string_view name) { return rk::lowered(text::js_trim(name)); }

bool same_name(std::string_view a, std::string_view b) { return lowered_name(a) == lowered_name(b); }

namespace {

const std::string* text_cell(const std::map<Id, Scalar>& cells, const Id& column) {
  const auto it = cells.find(column);
  return it == cells.end() ? nullptr : std::get_if<std::string>(&it->second.value);
}

Number number_cell(const std::map<Id, Scalar>& cells, const Id& column) {
  const auto it = cells.find(column);
  if (it == cells.end()) return Number();
  const auto* value = std::get_if<Number>(&it->second.value);
  return value != nullptr ? *value : Number();
}

}  // namespace

bool hidden_on(const SheetView& view, const Id& id) {
  return std::find(view.hidden.begin(), view.hidden.end(), id) != view.hidden.end();
}

std::vector<LivePool> character_pools(const Ruleset& ruleset, const Character& character) {
  return character_pools(ruleset, character, evaluate_live(ruleset, character));
}

std::vector<LivePool> character_pools(const Ruleset& ruleset, const Character& character, const SheetView& view) {
  std::vector<LivePool> pools;
  for (const Pool& declared : ruleset.sheet.pools) {
    const auto it = view.pools.find(declared.id);
    // A pool with no maximum is not a resource the character has (a caster's empty 9th-level
    // slots read "you have no such thing", never "you have none left").
    if (it == view.pools.end() || hidden_on(view, declared.id) || it->second.max <= Number()) continue;
    const PoolView& value = it->second;
    LivePool pool{declared.id, declared.label, value.max, value.current, value.temp, {}, &declared, value.level};
    pool.start = value.start;
    pools.push_back(std::move(pool));
  }
  for (const List& list : ruleset.sheet.lists) {
    // A hidden list is not on the sheet, so neither are its rows' pools.
    if (!list.pools || hidden_on(view, list.id)) continue;
    const auto rows = view.lists.find(list.id);
    if (rows == view.lists.end()) continue;
    for (const RowView& row : rows->second) {
      const std::string* written = text_cell(row.cells, list.pools->name_column);
      const std::string_view name = written != nullptr ? text::js_trim(*written) : std::string_view();
      const Number max = number_cell(row.cells, list.pools->max_column).floor();
      if (name.empty() || max <= Number()) continue;
      std::string key = fmt::format("{}:{}", list.id, lowered_name(name));
      // Two rows under one name are one pool; the first row wins, as the key already decided.
      if (std::any_of(pools.begin(), pools.end(), [&](const LivePool& p) { return p.key == key; })) continue;
      Number current = max;
      if (const auto stored = character.pools.find(key); stored != character.pools.end() && stored->second.current) {
        current = std::clamp(*stored->second.current, Number(), max);
      }
      pools.push_back(LivePool{std::move(key), std::string(name), max, current, Number(), max, nullptr, std::nullopt});
    }
  }
  return pools;
}

PoolMatch find_pool(const std::vector<LivePool>& pools, std::string_view written) {
  const std::string_view wanted = text::js_trim(written);
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
  if (temp > Number())
    return fmt::format("{}/{} +{} temp", current.to_string(), pool.max.to_string(), temp.to_string());
  return fmt::format("{}/{}", current.to_string(), pool.max.to_string());
}

std::string pool_now(const LivePool& pool, Number current, Number temp) {
  return fmt::format("{} {}", pool.label, pool_value_text(pool, current, temp));
}

void store_pool(std::map<Id, PoolState>& stored, const LivePool& pool, Number current, Number temp) {
  if (current == pool.start && temp <= Number()) {
    stored.erase(pool.key);
    return;
  }
  PoolState& state = stored[pool.key];
  state.current = current;
  state.temp = temp;
}

bool valid_amount(Number amount) {
  return amount.is_integer() && amount >= Number::of(1) && amount <= Number::of(kMostOpAmount);
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
  return pool.current;
}

std::string Payments::now() const {
  std::string out;
  for (const auto& [pool, value] : paid_) {
    if (!out.empty()) out += ", ";
    out += pool_now(*pool, value, pool->temp);
  }
  return out;
}

void Payments::commit(std::map<Id, PoolState>& stored) const {
  for (const auto& [pool, value] : paid_) store_pool(stored, *pool, value, pool->temp);
}

}  // namespace rk::play::detail
