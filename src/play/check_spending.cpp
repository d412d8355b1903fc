// `spend=` and `use=` on a check (writing-rulesets.md "Spending to change a roll", "A charm that
// changes a roll"): what the player pays from a live pool to change a pool roll, all or nothing.
// A price that cannot be paid, an offer that is not a whole number of purchases, a pool no spend
// names or an entry the character has not picked buys nothing: the roll is then exactly the one it
// would have been (docs/format/checks.md "Spending").
#include "play/check_spending.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "play/apply_pay.hpp"
#include "play/check_contextual.hpp"
#include "play/entry_named.hpp"
#include "play/text.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play {
namespace {

using detail::LivePool;

/// The most times one check buys an entry that scales (`perCostStep`): the most purchases a
/// `resolution.spend` may allow a check (the reference's SPEND_EFFECT_MAX). Past it only the cap
/// is bought and paid for, as a spend past its `perCheck` is.
constexpr std::int64_t kMostEntryPurchases = rk::limits::kSpendEffectMax;
/// A `perCheck` read off the sheet is held between 0 and this (the chapter's words).
constexpr std::int64_t kMostPerCheckFromSheet = 100;

/// `spend="resolve:1"`: the pool as written and the points offered.
struct Offer {
  std::string pool;
  std::int64_t amount = 0;
};

/// Reads an offer; nothing without a pool name, a `:` and a number of at least 1. The number is
/// read as every number of a check is (JavaScript's parseInt). The last `:` splits, since a list
/// row's pool is keyed `<list>:<row>`.
std::optional<Offer> read_offer(std::string_view written) {
  const std::string_view text = text::js_trim(written);
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  Offer offer{std::string(text::js_trim(text.substr(0, colon))), 0};
  const std::optional<std::int64_t> amount = js_parse_int(text.substr(colon + 1));
  if (offer.pool.empty() || !amount || *amount < 1) return std::nullopt;
  offer.amount = *amount;
  return offer;
}

/// What was really paid, as the record writes it: `resolve:2`, several joined by `, `. A list
/// row's pool is written by its row's name, which is how a Game Master names it.
class PaidText {
 public:
  void add(const LivePool& pool, Number amount) {
    for (auto& [paid, total] : paid_) {
      if (paid == &pool) {
        total += amount;
        return;
      }
    }
    paid_.emplace_back(&pool, amount);
  }
  std::string text() const {
    std::string out;
    for (const auto& [pool, amount] : paid_) {
      if (!out.empty()) out += ", ";
      out += fmt::format("{}:{}", pool->row_pool() ? pool->label : pool->key, amount.to_string());
    }
    return out;
  }

 private:
  std::vector<std::pair<const LivePool*, Number>> paid_;
};

/// How many purchases one check may make of `spend` (its `perCheck`).
std::int64_t per_check(const Ruleset& ruleset, const Character& character, const Spend& spend,
                       std::int64_t sheet_dice) {
  switch (spend.per_check_kind) {
    case Spend::PerCheck::Count:
      return spend.per_check;
    case Spend::PerCheck::Sheet:
      return std::clamp<std::int64_t>(evaluate_ref(ruleset, character, spend.per_check_ref).floor().whole(), 0,
                                      kMostPerCheckFromSheet);
    case Spend::PerCheck::Pool:
      return std::clamp<std::int64_t>(sheet_dice, 0, kMostPerCheckFromSheet);
  }
  return 0;
}

/// `spend=` alone: a purchase of the `resolution.spend` entry on the named pool.
CheckPurchase buy_spend(const Ruleset& ruleset, Character& character, const Offer& offer, std::int64_t sheet_dice) {
  const SheetView view = evaluate(ruleset, character);
  const std::vector<LivePool> pools = live_pools(ruleset, character, view);
  const detail::PoolMatch match = detail::find_pool(pools, offer.pool);
  if (match.pool == nullptr || match.pool->row_pool()) return {};
  const auto spend = std::find_if(ruleset.resolution.spend.begin(), ruleset.resolution.spend.end(),
                                  [&](const Spend& s) { return s.pool == match.pool->key; });
  if (spend == ruleset.resolution.spend.end()) return {};
  // Points that are not a whole number of purchases buy nothing; more than the cap buys the cap.
  if (offer.amount % spend->amount != 0) return {};
  const std::int64_t purchases =
      std::min(offer.amount / spend->amount, per_check(ruleset, character, *spend, sheet_dice));
  if (purchases <= 0) return {};
  const Number price = Number::of(spend->amount * purchases);
  detail::Payments payments;
  if (payments.pay(*match.pool, price)) return {};
  payments.commit(character.pools);
  CheckPurchase out;
  out.successes = spend->successes.value_or(0) * purchases;
  out.dice = spend->dice.value_or(0) * purchases;
  // A re-throw is bought once however many purchases the check makes.
  out.reroll = spend->reroll;
  PaidText paid;
  paid.add(*match.pool, price);
  out.spent = paid.text();
  return out;
}

/// Whether a cost term is paid from `pool`: the pool it names, or a pool of the group it names.
bool term_paid_from(const CostTerm& term, const LivePool& pool) {
  if (pool.row_pool()) return false;
  return term.pool.empty() ? pool.declared->group == term.group : pool.key == term.pool;
}

const LivePool* pool_keyed(const std::vector<LivePool>& pools, std::string_view key) {
  for (const LivePool& pool : pools) {
    if (pool.key == key) return &pool;
  }
  return nullptr;
}

/// `use=`: the picked entry's `mechanics.check`, bought with the entry's own cost (once, or as many
/// times over as `spend=` paid when it declares `perCostStep`) and one use of every counter it wrote.
CheckPurchase buy_entry(const Ruleset& ruleset, Character& character, const CheckAsk& ask, const CatalogSet* catalogs) {
  const detail::NamedEntry named = detail::entry_named(ruleset, character, text::js_trim(ask.use), catalogs);
  if (named.entry == nullptr || !named.entry->effect || !named.entry->effect->check) return {};
  const CatalogEntry& entry = *named.entry;
  const EntryEffect::CheckEffect& effect = *entry.effect->check;
  static const std::vector<CostTerm> kNoCost;
  const std::vector<CostTerm>& terms = entry.mechanics ? entry.mechanics->cost : kNoCost;
  const SheetView view = evaluate(ruleset, character);
  const std::vector<LivePool> pools = live_pools(ruleset, character, view);

  std::int64_t purchases = 1;
  const LivePool* offered = nullptr;
  if (!ask.spend.empty()) {
    // The offer names one of the entry's prices and is a whole number of it.
    const std::optional<Offer> offer = read_offer(ask.spend);
    if (!offer) return {};
    offered = detail::find_pool(pools, offer->pool).pool;
    if (offered == nullptr) return {};
    const auto term =
        std::find_if(terms.begin(), terms.end(), [&](const CostTerm& t) { return term_paid_from(t, *offered); });
    if (term == terms.end() || !term->amount.is_integer() || term->amount.whole() < 1) return {};
    const std::int64_t base = term->amount.whole();
    if (offer->amount % base != 0) return {};
    if (entry.effect->per_cost_step) purchases = std::min(offer->amount / base, kMostEntryPurchases);
  }

  detail::Payments payments;
  PaidText paid;
  const auto pay = [&](const LivePool& pool, Number amount) {
    if (payments.pay(pool, amount)) return false;
    paid.add(pool, amount);
    return true;
  };
  for (const CostTerm& term : terms) {
    const Number amount = term.amount * Number::of(purchases);
    const LivePool* pool = offered != nullptr && term_paid_from(term, *offered) ? offered : nullptr;
    if (pool == nullptr && !term.pool.empty()) pool = pool_keyed(pools, term.pool);
    // A group's price: its first pool, in declaration order, that can still afford it.
    for (const LivePool& candidate : pools) {
      if (pool != nullptr) break;
      if (term_paid_from(term, candidate) && payments.current(candidate) >= amount) pool = &candidate;
    }
    if (pool == nullptr || !pay(*pool, amount)) return {};
  }
  // One use of every counter the entry wrote (CA-81); a counter with no uses stops the purchase.
  for (const List& list : ruleset.sheet.lists) {
    const auto rows = character.lists.find(list.id);
    if (!list.pools || rows == character.lists.end()) continue;
    for (const Row& row : rows->second) {
      if (row.catalog != named.mark) continue;
      const std::string* name = detail::text_cell(row, list.pools->name_column);
      if (name == nullptr || text::js_trim(*name).empty() || detail::hidden_on(view, list.id)) continue;
      const LivePool* counter = pool_keyed(pools, fmt::format("{}:{}", list.id, detail::lowered_name(*name)));
      if (counter == nullptr) return {};
      if (payments.current(*counter) != Number::of(counter->current)) continue;  // one use per counter
      if (!pay(*counter, Number::of(1))) return {};
    }
  }
  payments.commit(character.pools);

  CheckPurchase out;
  out.dice = effect.dice.value_or(0) * purchases;
  out.successes = effect.successes.value_or(0) * purchases;
  if (effect.reroll_up_to) {
    PoolReroll reroll;
    reroll.up_to = *effect.reroll_up_to;
    reroll.mode = effect.reroll_mode == "until" ? PoolReroll::Mode::Until : PoolReroll::Mode::Once;
    out.reroll = reroll;
  }
  out.threshold = effect.threshold;
  out.explode = effect.explode;
  out.double_face = effect.twice_from;
  out.spent = paid.text();
  out.used = entry.label;
  return out;
}

}  // namespace

CheckPurchase LiveCheckSpending::buy(const Ruleset& ruleset, Character& character, const CheckAsk& ask,
                                     std::int64_t sheet_dice) {
  // Only a pool has dice to add and successes to count (the import refuses a spend elsewhere).
  if (!ruleset.resolution.is_pool()) return {};
  if (!ask.use.empty()) return buy_entry(ruleset, character, ask, catalogs_);
  const std::optional<Offer> offer = read_offer(ask.spend);
  return offer ? buy_spend(ruleset, character, *offer, sheet_dice) : CheckPurchase{};
}

std::vector<AppliedContextual> LiveCheckSpending::apply(const Ruleset& ruleset, Character& character,
                                                        const CheckAsk& ask, const ContextualRoll& roll) {
  return detail::apply_contextual(ruleset, character, ask.apply, roll, catalogs_);
}

}  // namespace rk::play
