// `use` / `cast` (CA-74 – CA-90): the Game Master names something the character picked from a
// catalog, and the engine pays what it costs — every term of the entry's `mechanics.cost`, plus one
// from every list-row pool the same entry wrote — all or nothing. The rules are the original's
// (live-state.ts: rulesetEntryNamed, planRulesetUse); `pays` and extra targets are the catalogs
// page's (CA-85, CA-87, CA-90), as docs/format/commands.md and decisions.md say.
#include <algorithm>

#include <fmt/format.h>

#include "play/apply_ops.hpp"
#include "play/apply_pay.hpp"
#include "play/entry_named.hpp"
#include "play/text.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play::detail {

namespace {

/// One payment the plan asks for: `pool` null means a pool the sheet does not have right now
/// (hidden, or a maximum of 0), refused as a spend on it would be.
struct Step {
  const LivePool* pool = nullptr;
  Number amount;
};

struct Plan {
  std::vector<Step> steps;
  std::int64_t cost_steps = 0;  ///< levels paid above the cost's own (CA-87, CA-89)
  std::optional<Refusal> refusal;
};

const LivePool* live_pool(const std::vector<LivePool>& pools, std::string_view key) {
  for (const LivePool& pool : pools) {
    if (pool.key == key) return &pool;
  }
  return nullptr;
}

/// The group a cost term names: the group of the pool it names, or the group itself.
const Id& group_of(const Ruleset& ruleset, const CostTerm& term) {
  return term.pool.empty() ? term.group : ruleset.sheet.pools[term.pool_index].group;
}

/// The level of a cost (decisions.md, CA-85): the level of the pool its term names, or for a
/// group the lowest level among the group's pools.
std::optional<Number> cost_level(const Ruleset& ruleset, const SheetView& view, const CostTerm& term) {
  std::optional<Number> lowest;
  for (const Pool& pool : ruleset.sheet.pools) {
    const bool counts = term.pool.empty() ? pool.group == term.group : pool.id == term.pool;
    if (!counts) continue;
    const auto it = view.pools.find(pool.id);
    if (it == view.pools.end() || !it->second.level) continue;
    if (!lowest || *it->second.level < *lowest) lowest = it->second.level;
  }
  return lowest;
}

/// `pool=`, the upcast (CA-84, CA-85): the one price, paid from another pool of the term's group,
/// or from a pool whose `pays` names that group at a level no lower than the cost's.
Plan upcast(const Ruleset& ruleset, const SheetView& view, const std::vector<LivePool>& pools,
            const std::vector<CostTerm>& terms, std::string_view written) {
  Plan plan;
  const std::string_view named = text::js_trim(written);
  const LivePool* target = nullptr;
  for (const LivePool& pool : pools) {
    if (!pool.row_pool() && (same_name(pool.key, named) || same_name(pool.label, named))) {
      target = &pool;
      break;
    }
  }
  const Id* group = terms.size() == 1 ? &group_of(ruleset, terms.front()) : nullptr;
  if (group == nullptr || group->empty() || target == nullptr) {
    plan.refusal = Refusal::BadPool;
    return plan;
  }
  const std::optional<Number> level = cost_level(ruleset, view, terms.front());
  if (target->declared->group != *group) {
    const std::vector<Id>& pays = target->declared->pays;
    const bool pays_group = std::find(pays.begin(), pays.end(), *group) != pays.end();
    // A pool that pays for another group never pays a cost above its own level (CA-85).
    if (!pays_group || (level && target->level && *target->level < *level)) {
      plan.refusal = Refusal::BadPool;
      return plan;
    }
  }
  if (level && target->level && *target->level > *level) plan.cost_steps = (*target->level - *level).floor().whole();
  plan.steps.push_back({target, terms.front().amount});
  return plan;
}

/// The price of `entry` on this sheet (planRulesetUse): its cost terms, then one from every row
/// pool the entry wrote.
Plan plan_use(const Ruleset& ruleset, const Character& character, const SheetView& view,
              const std::vector<LivePool>& pools, const std::string& mark, const CatalogEntry& entry,
              const std::optional<std::string>& pool_written) {
  static const std::vector<CostTerm> kNoCost;
  const std::vector<CostTerm>& terms = entry.mechanics ? entry.mechanics->cost : kNoCost;
  Plan plan;
  // What the plan already takes from each pool, so two terms on one group do not both read the
  // value the command started with.
  const auto running = [&](const LivePool& pool) {
    Number taken;
    for (const Step& step : plan.steps) {
      if (step.pool == &pool) taken += step.amount;
    }
    return taken;
  };
  if (pool_written) {
    plan = upcast(ruleset, view, pools, terms, *pool_written);
    if (plan.refusal) return plan;
  } else {
    for (const CostTerm& term : terms) {
      if (!term.pool.empty()) {
        plan.steps.push_back({live_pool(pools, term.pool), term.amount});
        continue;
      }
      // The first pool of the group, in declaration order, that can still afford it; no climb to
      // a higher one by itself, because a group is not always a ladder (CA-80).
      const LivePool* chosen = nullptr;
      const LivePool* first = nullptr;
      for (const LivePool& pool : pools) {
        if (pool.row_pool() || pool.declared->group != term.group) continue;
        if (first == nullptr) first = &pool;
        if (Number::of(pool.current) - running(pool) >= term.amount) {
          chosen = &pool;
          break;
        }
      }
      if (first == nullptr) {
        plan.refusal = Refusal::Insufficient;
        return plan;
      }
      plan.steps.push_back({chosen != nullptr ? chosen : first, term.amount});
    }
  }
  // Plus one from every row pool the entry wrote (CA-81): a feature's counter is one of its rows.
  for (const List& list : ruleset.sheet.lists) {
    const auto rows = character.lists.find(list.id);
    if (!list.pools || rows == character.lists.end()) continue;
    for (const Row& row : rows->second) {
      if (row.catalog != mark) continue;
      const std::string* name = text_cell(row, list.pools->name_column);
      if (name == nullptr) continue;
      const LivePool* counter = live_pool(pools, fmt::format("{}:{}", list.id, lowered_name(*name)));
      // A counter whose maximum is 0 has no uses (CA-82): refused rather than used for free.
      if (counter == nullptr && !text::js_trim(*name).empty() && !hidden_on(view, list.id)) {
        plan.refusal = Refusal::Insufficient;
        return plan;
      }
      if (counter != nullptr && running(*counter) == Number()) plan.steps.push_back({counter, Number::of(1)});
    }
  }
  return plan;
}

/// CA-90: `targetCount` plus `targetsPerCostStep` for each level paid above the cost's, at most 20.
std::string targets_text(const CatalogEntry& entry, std::int64_t cost_steps) {
  if (!entry.mechanics || !entry.mechanics->targets_per_cost_step) return {};
  const std::int64_t base = entry.mechanics->target_count ? entry.mechanics->target_count->whole() : 1;
  const std::int64_t per_step = entry.mechanics->targets_per_cost_step->whole();
  const std::int64_t targets = std::min<std::int64_t>(base + cost_steps * per_step, rk::limits::kTargetsMax);
  return fmt::format(" ({} {})", targets, targets == 1 ? "target" : "targets");
}

/// What a use that costs nothing says (CA-83).
constexpr std::string_view kNoCostNow = "no cost";

}  // namespace

Outcome apply_use(const Ruleset& ruleset, Character& character, const UseEntry& use, const CatalogSet* catalogs) {
  const std::string_view wanted = text::js_trim(use.name);
  if (wanted.empty()) return Outcome::refused(Refusal::UnknownEntry);
  const NamedEntry named = entry_named(ruleset, character, wanted, catalogs);
  if (named.entry == nullptr) return Outcome::refused(named.refusal);

  const SheetView view = evaluate_live(ruleset, character);
  const std::vector<LivePool> pools = live_pools(ruleset, character, view);
  const Plan plan = plan_use(ruleset, character, view, pools, named.mark, *named.entry, use.pool);
  if (plan.refusal) return Outcome::refused(*plan.refusal);

  // All or nothing (CA-86): every payment is worked out before any is stored.
  Payments payments;
  for (const Step& step : plan.steps) {
    if (step.pool == nullptr) return Outcome::refused(Refusal::UnknownPool);
    if (const auto refusal = payments.pay(*step.pool, step.amount)) return Outcome::refused(*refusal);
  }
  payments.commit(character.pools);
  std::string now = payments.empty() ? std::string(kNoCostNow) : payments.now();
  return Outcome::accepted(now + targets_text(*named.entry, plan.cost_steps));
}

}  // namespace rk::play::detail
