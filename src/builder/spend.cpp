// Spend steps at run time (BB-49 – BB-109, BC-15 – BC-19): each pool's budget and ledger, each
// offer's price along its curve, the purchase lines that still count, and what they contribute.
// A purchase line is never dropped: one that no longer fits is shown inactive until refunded.
#include <algorithm>

#include <fmt/format.h>

#include "builder/engine.hpp"
#include "format/limits.hpp"

namespace rk::builder {

namespace {

const Purchases kNoPurchases;

/// The value one purchase up from `at` reaches, or nothing: below the floor, the floor itself at
/// once (BC-18); the next allowed value (BC-19) or table value (BB-63); else one more; an exchange
/// raises by its `gain` (BB-89).
std::optional<Number> step_up(const SpendOffer& o, const PurchaseCost* cost, Number at, Number lo, Number hi) {
  std::optional<Number> to;
  if (o.exchange) {
    to = at + Number::of(o.exchange->gain);
  } else if (at < lo) {
    to = lo;
  } else if (!o.allowed_values.empty()) {
    for (const Number v : o.allowed_values) {
      if (v > at) {
        to = v;
        break;
      }
    }
  } else if (cost != nullptr && cost->kind == PurchaseCost::Kind::Table) {
    for (const auto& [v, _] : cost->table) {
      if (v > at) {
        to = v;
        break;
      }
    }
  } else {
    to = at + Number::of(1);
  }
  if (!to || *to > hi) return std::nullopt;
  return to;
}

/// The value one step down from `at` reaches (BB-73, BB-82), or nothing below the floor.
std::optional<Number> step_down(const SpendOffer& o, const PurchaseCost* cost, Number at, Number lo) {
  std::optional<Number> to;
  if (!o.allowed_values.empty()) {
    for (const Number v : o.allowed_values) {
      if (v < at) to = v;
    }
  } else if (cost != nullptr && cost->kind == PurchaseCost::Kind::Table) {
    for (const auto& [v, _] : cost->table) {
      if (v < at) to = v;
    }
  } else {
    to = at - Number::of(1);
  }
  if (!to || *to < lo) return std::nullopt;
  return to;
}

/// The signed price of moving from `at` to `to` (BB-61 – BB-63, BB-72, BB-82): a move up pays the
/// curve, a move down yields the curve between the two values as credit; an exchange is free.
std::optional<Number> move_price(const SpendOffer& o, const PurchaseCost* cost, Number at, Number to) {
  if (o.exchange) return Number();
  if (cost == nullptr) return std::nullopt;
  if (to > at) return curve_price(*cost, at, to);
  auto credit = curve_price(*cost, to, at);
  if (!credit) return std::nullopt;
  return -*credit;
}

}  // namespace

CreationPoolView& Pass::pool_state(const BuilderPool& pool) {
  auto [it, fresh] = pools_.try_emplace(pool.id);
  CreationPoolView& p = it->second;
  if (!fresh) return p;
  p.id = pool.id;
  p.label = pool.label;
  // BC-72: the character's profile replaces the budget of the pools it names.
  const Ref* profile_ref = profile_budget(pool);
  const WholeOrRef budget = profile_ref != nullptr ? WholeOrRef{0, *profile_ref} : pool.budget;
  p.budget = whole_within(budget, limits::kPoolBudget, [this](const Ref& ref) { return read(ref); });
  p.credit_limit = pool.credit_limit;
  for (const CreditCap& cap : pool.caps) p.caps.push_back(CreationPoolView::Cap{cap.tag, cap.max_credit, Number()});
  // BB-103: the pool shows its original spend, every recorded line counting or not.
  for (const BuilderStep& st : b_.steps) {
    if (st.kind != BuilderStep::Kind::Spend || st.pool != pool.id) continue;
    auto found = answers_.purchases.find(st.id);
    if (found == answers_.purchases.end()) continue;
    for (const auto& ledger : found->second) {
      const std::string& offer_id = ledger.first;
      const std::vector<PurchaseLine>& lines = ledger.second;
      auto offer = std::find_if(st.spend_offers.begin(), st.spend_offers.end(),
                                [&](const SpendOffer& o) { return o.id == offer_id; });
      for (const PurchaseLine& line : lines) {
        if (line.price > Number()) {
          p.spent += line.price;
          continue;
        }
        p.credit += -line.price;
        if (offer == st.spend_offers.end()) continue;
        for (CreationPoolView::Cap& cap : p.caps) {
          if (std::find(offer->tags.begin(), offer->tags.end(), cap.tag) != offer->tags.end()) cap.used += -line.price;
        }
      }
    }
  }
  // BC-66: priced picks and rows are paid first; a credit row (a flaw) adds credit (BC-63).
  const PaidFirst paid = paid_first(pool);
  p.paid_first = paid.spent;
  p.spent += paid.spent;
  p.credit += paid.credit;
  p.remaining = Number::of(p.budget.value_or(0)) - p.spent + p.credit;
  // What purchase lines may spend, oldest first, once priced picks and rows are paid (BC-66).
  covers_[pool.id] = Number::of(p.budget.value_or(0)) + p.credit - p.paid_first;
  // BB-77 – BB-79: credit past the pool's limit or a cap waits for repair, like an invalid purchase.
  if (p.credit > Number::of(p.credit_limit)) p.attention = true;
  for (const CreationPoolView::Cap& cap : p.caps) {
    if (cap.used > Number::of(cap.max_credit)) p.attention = true;
  }
  return p;
}

void Pass::spend_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  apply_free_ratings();  // BB-59: free grants and allocations come before priced purchases
  const BuilderPool* pool = b_.pool(step.pool);
  if (pool == nullptr) return;  // refused at import
  CreationPoolView& p = pool_state(*pool);
  auto found = answers_.purchases.find(step.id);
  const Purchases& bought = found == answers_.purchases.end() ? kNoPurchases : found->second;
  std::int64_t badge = 0;
  struct Move {
    const RatingTarget* target;
    Number from, to;
  };
  std::vector<Move> moves;
  const Character& w = working();
  // What the offers before this one in the step moved, by target key: each offer starts from the
  // value the ones before it left (two offers may share a target; an exchange moves two).
  std::map<std::string, Number> moved;
  const auto value_now = [&](const RatingTarget& t) {
    auto m = moved.find(t.key());
    return rating_value(w, t) + (m == moved.end() ? Number() : m->second);
  };
  for (const SpendOffer& o : step.spend_offers) {
    SpendOfferView v;
    v.id = o.id;
    v.label = o.label.empty() ? rating_label(rs_.sheet, o.target) : o.label;
    v.key = o.target.key();
    v.direction = o.direction;
    v.ownership = o.ownership;
    v.tags = o.tags;
    if (o.exchange) v.exchange_from = o.exchange->from.key();
    v.offered = !o.when || read(*o.when) > Number();  // BC-15: the sheet before purchases
    const Number start = value_now(o.target);
    v.start = start;
    // BC-17: the floor and ceiling read from the sheet, each held within `min`-`max`.
    v.min = o.min;
    v.max = o.max;
    if (o.min_from) v.min = std::clamp(read(*o.min_from), o.min, o.max);
    if (o.max_from) v.max = std::clamp(read(*o.max_from), o.min, o.max);
    Why unusable;
    if (!v.offered) {
      unusable = Reason::OfferNotOffered;
    } else if (v.min > v.max) {
      unusable = {Reason::OfferBoundsCross, {v.min.to_string(), v.max.to_string()}};
    } else if (!o.ownership && o.baseline && start != *o.baseline) {
      unusable = {Reason::OfferBaselineMismatch, {o.baseline->to_string(), start.to_string()}};
    }
    v.configured = unusable.empty() || unusable.reason == Reason::OfferNotOffered;
    // BB-68, BB-69: the first override whose condition holds on the sheet before purchases.
    const PurchaseCost* cost = o.cost ? &*o.cost : nullptr;
    for (const CostOverride& x : o.overrides) {
      if (read(x.when) > Number()) {
        cost = &x.cost;
        break;
      }
    }
    v.priced = o.exchange || (cost != nullptr && cost->kind != PurchaseCost::Kind::Unpriced);
    if (unusable.empty() && !v.priced) unusable = Reason::OfferUnpriced;

    // The ledger, oldest line first: each must still be the move the offer makes from where the
    // lines before it left the target (BB-83, BB-103).
    const Number scale_start = o.ownership ? o.baseline.value_or(o.min) : start;  // BB-87
    const Number from_start = o.exchange ? value_now(o.exchange->from) : Number();
    Number at = scale_start, from_at = from_start;
    std::int64_t counted = 0;
    int sign = 0;  // the way the counting lines go (BB-83: one way at a time)
    const std::string exchange_key = o.exchange ? o.exchange->from.key() : std::string();
    const auto reversed = [&](const std::string& key, int way) {
      auto e = exchanged_.find(key);
      return e != exchanged_.end() && e->second == -way;
    };
    auto lines_it = bought.find(o.id);
    const std::vector<PurchaseLine> no_lines;
    const std::vector<PurchaseLine>& lines = lines_it == bought.end() ? no_lines : lines_it->second;
    bool broken = false;
    for (const PurchaseLine& line : lines) {
      PurchaseLineView lv{line.delta, line.price, true, {}, std::nullopt};
      const int way = line.delta > Number() ? 1 : -1;
      const std::optional<Number> to = way > 0 ? step_up(o, cost, at, v.min, v.max) : step_down(o, cost, at, v.min);
      if (to && *to == at + line.delta) lv.price_now = move_price(o, cost, at, *to);
      if (broken) {
        lv.why = Reason::PurchaseAfterInactive;
      } else if (!unusable.empty()) {
        lv.why = unusable;
      } else if (!to || *to != at + line.delta || (way < 0 && !o.lowers()) ||
                 (way > 0 && o.direction == OfferDirection::Decrease) || (sign != 0 && way != sign) || !lv.price_now) {
        lv.why = {Reason::PurchaseNoLongerFits, {at.to_string(), (at + line.delta).to_string()}};
      } else if (o.exchange && from_at - Number::of(o.exchange->units) < o.exchange->floor) {
        lv.why = {Reason::ExchangeBelowFloor,
                  {exchange_key, from_at.to_string(), (from_at - Number::of(o.exchange->units)).to_string(),
                   o.exchange->floor.to_string()}};
      } else if (o.exchange && (reversed(v.key, 1) || reversed(exchange_key, -1))) {
        lv.why = reversed(v.key, 1) ? Why{Reason::ExchangeReversed, {v.key, "lowered"}}
                                    : Why{Reason::ExchangeReversed, {exchange_key, "raised"}};
      } else if (p.budget && line.price > covers_[p.id]) {
        // BB-103, BC-67, BC-72: the budget (a profile's, or what priced steps left) no longer covers it.
        lv.why = {Reason::PurchaseNotCovered, {p.id, std::max(covers_[p.id], Number()).to_string()}};
      }
      if (!lv.why.empty()) {
        lv.counts = false;
        broken = true;
        p.attention = true;
      } else {
        at += line.delta;
        sign = way;
        ++counted;
        if (o.exchange) from_at = from_at - Number::of(o.exchange->units);
        if (*lv.price_now != line.price) p.repriced = true;
        if (line.price > Number()) covers_[p.id] = covers_[p.id] - line.price;
        if (*lv.price_now > Number()) p.spent_now += *lv.price_now;
      }
      v.lines.push_back(std::move(lv));
    }
    if (broken) ++badge;
    v.value = at;

    // What the counting lines contribute (BB-58: on top of the start, never charging it again).
    const auto move = [&](const RatingTarget& t, Number from, Number to) {
      moves.push_back(Move{&t, from, to});
      moved[t.key()] += to - from;
    };
    if (counted > 0) {
      if (o.ownership) {
        if (at > start) move(o.target, start, at);  // BB-87, BB-88: the higher stays
      } else {
        move(o.target, start, at);
      }
      if (o.exchange) {
        move(o.exchange->from, from_start, from_at);
        exchanged_[v.key] = 1;  // BB-93
        exchanged_[exchange_key] = -1;
      }
    }

    // The next purchase each way (BB-82, BB-83): undoing the last line is always open.
    const bool last_up = !lines.empty() && lines.back().delta > Number();
    const bool last_down = !lines.empty() && lines.back().delta < Number();
    v.can_refund = !lines.empty();
    const auto price_check = [&](Number price) -> Why {
      if (lines.size() >= limits::kPurchaseLines)
        return {Reason::LedgerFull, {std::to_string(static_cast<std::size_t>(limits::kPurchaseLines))}};
      if (!p.budget) return {Reason::PoolNotConfigured, {p.id}};
      if (price > Number() && price > p.remaining)
        return {Reason::PoolCannotPay, {price.to_string(), p.id, p.remaining.to_string()}};
      if (price < Number()) {
        const Number credit = -price;
        if (p.credit + credit > Number::of(p.credit_limit))
          return {Reason::PoolCreditFull,
                  {credit.to_string(), p.id, std::to_string(p.credit_limit), p.credit.to_string()}};
        for (const CreationPoolView::Cap& cap : p.caps) {
          if (std::find(o.tags.begin(), o.tags.end(), cap.tag) != o.tags.end() &&
              cap.used + credit > Number::of(cap.max_credit))
            return {Reason::CapCreditFull,
                    {credit.to_string(), cap.tag, std::to_string(cap.max_credit), cap.used.to_string()}};
        }
      }
      return {};
    };
    const auto next = [&](int way, std::optional<Number>& price_out, std::optional<Number>& value_out) -> Why {
      if (!unusable.empty()) return unusable;
      if (broken) return Reason::PurchaseAfterInactive;
      const std::optional<Number> to = way > 0 ? step_up(o, cost, at, v.min, v.max) : step_down(o, cost, at, v.min);
      if (!to)
        return {Reason::OfferAtBound,
                {v.key, at.to_string(), way > 0 ? "maximum " + v.max.to_string() : "minimum " + v.min.to_string()}};
      value_out = to;
      price_out = move_price(o, cost, at, *to);
      if (!price_out) return Reason::OfferUnpriced;
      if (o.exchange) {
        const Number lowered = from_at - Number::of(o.exchange->units);
        if (lowered < o.exchange->floor)
          return {Reason::ExchangeBelowFloor,
                  {exchange_key, from_at.to_string(), lowered.to_string(), o.exchange->floor.to_string()}};
        if (reversed(v.key, 1)) return {Reason::ExchangeReversed, {v.key, "lowered"}};
        if (reversed(exchange_key, -1)) return {Reason::ExchangeReversed, {exchange_key, "raised"}};
      }
      return price_check(*price_out);
    };
    if (o.direction == OfferDirection::Decrease) {
      v.why = next(-1, v.lower_price, v.lower_value);
      v.lower_why = v.why;
      v.can_buy = v.why.empty();
      v.can_lower = v.can_buy;
    } else if (o.direction == OfferDirection::Both && last_down && !broken) {
      v.can_buy = true;  // raising a lowered value refunds its credit (BB-83)
      v.next_price = -lines.back().price;
      v.next_value = at - lines.back().delta;
    } else {
      v.why = next(1, v.next_price, v.next_value);
      v.can_buy = v.why.empty();
    }
    if (o.direction == OfferDirection::Both) {
      if (last_up && !broken) {
        v.can_lower = true;  // lowering a bought value takes back the last purchase (BB-83)
        v.lower_price = -lines.back().price;
        v.lower_value = at - lines.back().delta;
      } else {
        v.lower_why = next(-1, v.lower_price, v.lower_value);
        v.can_lower = v.lower_why.empty();
      }
    }
    view.spend_offers.push_back(std::move(v));
  }
  // Purchases kept under an offer the step no longer has: never dropped silently (BB-106).
  for (const auto& ledger : bought) {
    const std::string& offer_id = ledger.first;
    const std::vector<PurchaseLine>& lines = ledger.second;
    if (std::none_of(step.spend_offers.begin(), step.spend_offers.end(),
                     [&](const SpendOffer& o) { return o.id == offer_id; })) {
      view.notes.push_back(
          fmt::format("offer `{}` is no longer in this step; its {} purchases are kept and still counted in pool `{}`: "
                      "refund them with {{\"step\": \"{}\", \"refund\": \"{}\"}} (BB-106)",
                      offer_id, lines.size(), p.id, step.id, offer_id));
      ++badge;
    }
  }
  for (const Move& m : moves) move_rating(*m.target, m.from, m.to);
  view.badge = badge;
}

void Pass::finish_pools() {
  for (std::size_t i = 0; i < b_.steps.size(); ++i) {
    const BuilderStep& step = b_.steps[i];
    StepView& v = views_[i];
    const BuilderPool* pool = b_.pool(step.pool);
    if (pool == nullptr || !v.shown) continue;
    if (step.kind != BuilderStep::Kind::Spend) {
      if (!step.cost) continue;
      // BC-61, BC-67: a priced catalog or rows step shows its pool and counts its repair.
      const CreationPoolView& p = pool_state(*pool);
      v.creation_pool = p;
      if (p.remaining < Number()) {
        v.notes.push_back(
            fmt::format("pool `{}` is overspent by {}: remove a priced row or pick, or refund purchases "
                        "(BC-67)",
                        p.id, (-p.remaining).to_string()));
        ++v.badge;
      }
      continue;
    }
    const CreationPoolView& p = pool_state(*pool);
    v.creation_pool = p;
    if (!p.budget) {
      v.notes.push_back(fmt::format("pool `{}` is not configured: its budget does not read a whole number 0-{} (BB-53)",
                                    p.id, static_cast<std::int64_t>(limits::kPoolBudget)));
      ++v.badge;
      continue;
    }
    if (p.remaining < Number()) {
      v.notes.push_back(fmt::format("pool `{}` is overspent by {}: refund purchases to repair it (BB-103)", p.id,
                                    (-p.remaining).to_string()));
      ++v.badge;
    } else if (p.remaining > Number()) {
      v.notes.push_back(fmt::format("pool `{}`: {} of {} points unspent (advisory, BB-107)", p.id,
                                    p.remaining.to_string(), *p.budget));
      ++v.badge;
    }
    if (p.repriced) {
      v.notes.push_back(fmt::format(
          "prices in pool `{}` changed: its counting purchases cost {} today; {{\"step\": \"{}\", \"reprice\": true}} "
          "accepts today's prices, or refund purchases (BB-105)",
          p.id, p.spent_now.to_string(), step.id));
    }
    if (!p.attention) continue;
    for (SpendOfferView& o : v.spend_offers) {
      // While the pool waits for repair only undoing is open: a refund, or the reverse of the last line.
      const bool two_way = o.direction == OfferDirection::Both;
      const bool buy_undoes = two_way && !o.lines.empty() && o.lines.back().delta < Number();
      const bool lower_undoes = two_way && !o.lines.empty() && o.lines.back().delta > Number();
      if (o.can_buy && !buy_undoes) {
        o.can_buy = false;
        o.why = {Reason::PoolNeedsRepair, {p.id}};
      }
      if (o.can_lower && !lower_undoes) o.can_lower = false;
    }
  }
}

}  // namespace rk::builder
