// The spend step's actions (docs/format/builder.md "Actions"): buy one purchase of an offer, lower
// a two-way or decrease offer one step, refund the last purchase (BB-83, BB-99), or accept today's
// prices for the pool (BB-105). A refused action changes nothing and says why and what to do first.
#include <algorithm>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "builder/engine.hpp"
#include "format/reader.hpp"

namespace rk::builder {

namespace {

namespace bj = boost::json;

std::string offer_ids(const StepView& view) {
  std::vector<std::string> ids;
  for (const SpendOfferView& o : view.spend_offers) ids.push_back(o.id);
  return fmt::format("{}", fmt::join(ids, ", "));
}

const SpendOfferView* find_offer(const StepView& view, const bj::value& offer, const std::string& verb,
                                 const BuilderStep& step, Diagnostics& d) {
  if (!offer.is_string()) {
    d.error(Code::WrongType, verb, "`{}` names an offer of step `{}`: {}", verb.substr(1), step.id, offer_ids(view));
    return nullptr;
  }
  const std::string id(offer.get_string());
  for (const SpendOfferView& o : view.spend_offers) {
    if (o.id == id) return &o;
  }
  std::vector<std::string> ids;
  for (const SpendOfferView& o : view.spend_offers) ids.push_back(o.id);
  d.error(Code::UnknownReference, verb, "step `{}` has no offer `{}`{}; its offers are {}", step.id, id,
          did_you_mean(id, ids), offer_ids(view));
  return nullptr;
}

/// The refusal code of a reason: what the pool cannot pay or credit is over budget (BB-107).
Code code_of(const Why& why) {
  switch (why.reason) {
    case Reason::PoolCannotPay:
    case Reason::PoolCreditFull:
    case Reason::CapCreditFull:
      return Code::OverBudget;
    case Reason::OfferAtBound:
    case Reason::ExchangeBelowFloor:
    case Reason::LedgerFull:
      return Code::OutOfRange;
    default:
      return Code::NotOffered;
  }
}

}  // namespace

bool spend_buy(const BuilderStep& step, const StepView& view, Purchases& p, const bj::value& offer, bool lower,
               Diagnostics& d) {
  const std::string verb = lower ? "/lower" : "/buy";
  const SpendOfferView* o = find_offer(view, offer, verb, step, d);
  if (o == nullptr) return false;
  if (lower && o->direction == OfferDirection::Increase) {
    d.error(Code::BadAction, verb,
            "offer `{}` only raises `{}`; `lower` is for a two-way or decrease offer (BB-81, BB-86); `refund` takes "
            "back its last purchase",
            o->id, o->key);
    return false;
  }
  // A decrease offer's purchase is its step down (BB-73); either verb makes it.
  const bool down = lower || o->direction == OfferDirection::Decrease;
  const bool allowed = down ? o->can_lower : o->can_buy;
  if (!allowed) {
    const Why& said = down ? o->lower_why : o->why;
    const Why why = said.empty() ? Why{Reason::OfferAtBound, {o->key, o->value.to_string(), "bound"}} : said;
    d.error(code_of(why), verb, "offer `{}` of step `{}`: {}", o->id, step.id, reason_text(why));
    return false;
  }
  std::vector<PurchaseLine>& lines = p[o->id];
  // BB-83: the ledger goes one way at a time: the reverse of the last line takes it back.
  const bool takes_back = o->direction == OfferDirection::Both && !lines.empty() &&
                          (down ? lines.back().delta > Number() : lines.back().delta < Number());
  if (takes_back) {
    lines.pop_back();
    if (lines.empty()) p.erase(o->id);
    return true;
  }
  const std::optional<Number>& to = down ? o->lower_value : o->next_value;
  const std::optional<Number>& price = down ? o->lower_price : o->next_price;
  if (!to || !price) {  // the view always gives both when the move is open
    if (lines.empty()) p.erase(o->id);
    d.error(Code::NotOffered, verb, "offer `{}` of step `{}` has no next purchase", o->id, step.id);
    return false;
  }
  lines.push_back(PurchaseLine{*to - o->value, *price});
  return true;
}

bool spend_refund(const BuilderStep& step, const StepView& view, Purchases& p, const bj::value& offer, Diagnostics& d) {
  if (!offer.is_string()) {
    d.error(Code::WrongType, "/refund", "`refund` names an offer of step `{}`: {}", step.id, offer_ids(view));
    return false;
  }
  const std::string id(offer.get_string());
  // BB-99: refunds are always open, also for an offer the step no longer has (BB-106).
  auto it = p.find(id);
  if (it == p.end() || it->second.empty()) {
    const bool known = std::any_of(view.spend_offers.begin(), view.spend_offers.end(),
                                   [&](const SpendOfferView& o) { return o.id == id; });
    if (!known) {
      find_offer(view, offer, "/refund", step, d);  // says which offers the step has
      return false;
    }
    d.error(Code::OutOfRange, "/refund", "nothing is bought in offer `{}`; a refund never takes a free value (BB-100)",
            id);
    return false;
  }
  it->second.pop_back();
  if (it->second.empty()) p.erase(it);
  return true;
}

bool spend_reprice(const Builder& builder, const BuilderStep& step, const std::vector<StepView>& views,
                   std::map<std::string, Purchases>& purchases, const bj::value& arg, Diagnostics& d) {
  if (!arg.is_bool() || !arg.get_bool()) {
    d.error(Code::WrongType, "/reprice", "`reprice` is written `true`: it accepts today's prices for pool `{}`",
            step.pool);
    return false;
  }
  // BB-105: every counting line of every step of the pool takes today's price; inactive ones wait.
  bool changed = false;
  for (std::size_t i = 0; i < builder.steps.size(); ++i) {
    const BuilderStep& s = builder.steps[i];
    if (s.kind != BuilderStep::Kind::Spend || s.pool != step.pool) continue;
    auto found = purchases.find(s.id);
    if (found == purchases.end()) continue;
    for (const SpendOfferView& o : views[i].spend_offers) {
      auto lines = found->second.find(o.id);
      if (lines == found->second.end()) continue;
      for (std::size_t k = 0; k < o.lines.size() && k < lines->second.size(); ++k) {
        const PurchaseLineView& now = o.lines[k];
        if (!now.counts || !now.price_now || *now.price_now == lines->second[k].price) continue;
        lines->second[k].price = *now.price_now;
        changed = true;
      }
    }
  }
  if (!changed) {
    d.error(Code::BadAction, "/reprice", "every counting purchase of pool `{}` already stands at today's price",
            step.pool);
    return false;
  }
  return true;
}

}  // namespace rk::builder
