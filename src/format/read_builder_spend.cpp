// Creation pools and spend steps (docs/format/builder.md "Pools and spend steps", BB-49 – BB-96,
// BC-15 – BC-19), read by the builder pass of compiling against the resolved sheet, and the cost
// curves both the reader and the builder price with.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk {

std::optional<Number> curve_price(const PurchaseCost& cost, Number from, Number to) {
  switch (cost.kind) {
    case PurchaseCost::Kind::Flat:
      return cost.amount * (to - from);  // BB-61: N per increment
    case PurchaseCost::Kind::PerRank: {
      // BB-62: each increment costs N times the rank it reaches.
      if (!from.is_integer() || !to.is_integer()) return std::nullopt;
      Number sum;
      for (std::int64_t rank = from.whole() + 1; rank <= to.whole(); ++rank) sum += cost.amount * Number::of(rank);
      return sum;
    }
    case PurchaseCost::Kind::Table: {
      // BB-63: the difference of the cumulative prices at the two values.
      const auto price_at = [&](Number v) -> std::optional<Number> {
        for (const auto& [value, price] : cost.table) {
          if (value == v) return price;
        }
        return std::nullopt;
      };
      const auto a = price_at(from), b = price_at(to);
      if (!a || !b) return std::nullopt;
      return *b - *a;
    }
    case PurchaseCost::Kind::Unpriced:
      return std::nullopt;  // BB-118: never bought
  }
  return std::nullopt;
}

}  // namespace rk

namespace rk::detail {

namespace {

/// Whether `t` holds only whole numbers (BB-64): all but a number field declared non-integer.
bool whole_target(const Ruleset& rs, const RatingTarget& t) {
  if (t.kind != RatingTarget::Kind::Field) return true;
  auto it = rs.sheet.field_index.find(t.id);
  return it == rs.sheet.field_index.end() || rs.sheet.fields[it->second].spec.integer;
}

/// BB-60 – BB-63, BB-117: exactly one of `flat`, `perRank`, `table`, `unpriced`.
std::optional<PurchaseCost> read_cost(const bj::value& v, const std::string& pointer, const std::string& what,
                                      ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  ObjectReader r(v, pointer, what, d);
  if (!r.ok()) return std::nullopt;
  std::size_t named = 0;
  for (const auto& k : PurchaseCost::kKinds) named += r.has(k.name) ? 1 : 0;
  if (named != 1) {
    r.error(named == 0 ? Code::MissingKey : Code::ConflictingKeys, "", "a cost is exactly one of {} (BB-60, BB-117)",
            choice_words(PurchaseCost::kKinds));
    for (const auto& k : PurchaseCost::kKinds) r.accept(k.name);
    r.finish();
    return std::nullopt;
  }
  PurchaseCost cost;
  bool ok = true;
  if (r.has("flat") || r.has("perRank")) {
    const bool flat = r.has("flat");
    cost.kind = flat ? PurchaseCost::Kind::Flat : PurchaseCost::Kind::PerRank;
    auto n = r.number(flat ? "flat" : "perRank", true);
    ok = n.has_value();
    if (n && *n == Number()) {
      r.error(Code::OutOfRange, flat ? "flat" : "perRank", "a price is not 0 (BB-66)");
      ok = false;
    }
    if (n) cost.amount = *n;
  } else if (const bj::array* table = r.array("table", false)) {
    cost.kind = PurchaseCost::Kind::Table;
    const std::string tp = r.at("table");
    if (table->size() < 2) {
      r.error(Code::TooFew, "table", "a `table` holds at least two [value, cumulative price] rows (BB-63)");
      ok = false;
    }
    if (!r.check_limit(limits::kCostTable, table->size(), "table")) ok = false;
    for (std::size_t i = 0; ok && i < table->size(); ++i) {
      const bj::value& row = (*table)[i];
      const std::string at = json::child(tp, i);
      const bj::array* pair = row.if_array();
      auto value = pair != nullptr && pair->size() == 2 ? to_number((*pair)[0]) : std::nullopt;
      auto price = pair != nullptr && pair->size() == 2 ? to_number((*pair)[1]) : std::nullopt;
      if (!value || !price) {
        d.error(Code::WrongType, at, "{}: a table row is [value, cumulative price], two numbers (BB-63)", what);
        ok = false;
        break;
      }
      if (!cost.table.empty() && *value <= cost.table.back().first) {
        d.error(Code::BadValue, at, "{}: table values run in ascending order (BB-63)", what);
        ok = false;
        break;
      }
      cost.table.emplace_back(*value, *price);
    }
  } else if (r.has("unpriced")) {
    cost.kind = PurchaseCost::Kind::Unpriced;
    cx.requirement.use(Gate::UnpricedCosts, r.at("unpriced"));
    if (auto u = r.boolean("unpriced"); u && !*u) {
      r.error(Code::BadValue, "unpriced", "`unpriced` is written `true` (BB-117)");
      ok = false;
    }
  }
  r.finish();
  if (!ok) return std::nullopt;
  return cost;
}

/// BB-66, BB-71: every increment costs more than 0 unless the offer yields credit; a credit curve
/// never mixes signs.
void check_margins(const PurchaseCost& cost, bool credit, const std::string& pointer, const std::string& what,
                   Diagnostics& d) {
  if (cost.kind == PurchaseCost::Kind::Table) {
    bool rising = true, falling = true;
    for (std::size_t i = 1; i < cost.table.size(); ++i) {
      rising = rising && cost.table[i].second > cost.table[i - 1].second;
      falling = falling && cost.table[i].second < cost.table[i - 1].second;
    }
    if (!rising && !(credit && falling)) {
      d.error(Code::BadValue, json::child(pointer, "table"), "{}: cumulative prices rise at every row{} (BB-63, BB-66)",
              what, credit ? ", or fall at every row for a credit" : "; a falling price needs `\"credit\": true`");
    }
  } else if ((cost.kind == PurchaseCost::Kind::Flat || cost.kind == PurchaseCost::Kind::PerRank) &&
             cost.amount < Number() && !credit) {
    d.error(Code::BadValue, json::child(pointer, choice_name(PurchaseCost::kKinds, cost.kind)),
            "{}: a negative price yields credit, which only an offer with `\"credit\": true` may (BB-66, BB-71)", what);
  }
}

/// BB-64, BB-65: a table's values fit the target and hold both bounds of the offer.
void check_table_fits(const Ruleset& rs, const SpendOffer& o, const PurchaseCost& cost, const std::string& pointer,
                      const std::string& what, Diagnostics& d) {
  if (cost.kind != PurchaseCost::Kind::Table) return;
  const bool whole = whole_target(rs, o.target);
  for (const auto& [value, _] : cost.table) {
    if (whole && !value.is_integer()) {
      d.error(Code::BadValue, json::child(pointer, "table"),
              "{}: table value {} is fractional; only a non-integer number field takes one (BB-64)", what,
              value.to_string());
      return;
    }
  }
  for (const Number bound : {o.min, o.max}) {
    if (std::none_of(cost.table.begin(), cost.table.end(), [&](const auto& row) { return row.first == bound; })) {
      d.error(Code::BadValue, json::child(pointer, "table"),
              "{}: the table holds both bounds of the offer, {} and {}; it lacks {} (BB-65)", what, o.min.to_string(),
              o.max.to_string(), bound.to_string());
      return;
    }
  }
}

std::optional<Exchange> read_exchange(ObjectReader& o, Ruleset& rs, ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  ObjectReader x(*o.get("exchange"), o.at("exchange"), o.what() + " `exchange`", d);
  if (!x.ok()) return std::nullopt;
  Exchange out;
  bool ok = true;
  if (const bj::value* from = x.get("from")) {
    auto t = read_rating_target(*from, x.at("from"), x.what(), rs, d);
    if (t) out.from = *t;
    ok = t.has_value();
  } else {
    x.error(Code::MissingKey, "", "`from` is required: the rating each exchange lowers (BB-89)");
    ok = false;
  }
  // `units` and `floor` are required (decisions.md): the text gives no default for either.
  auto units = x.number("units", true, true);
  auto gain = x.number("gain", false, true);
  auto floor = x.number("floor", true);
  for (const auto& [key, n] : {std::pair{"units", units}, std::pair{"gain", gain}}) {
    if (n && (*n < Number::of(1) || *n > Number::of(limits::kAllocateBound))) {
      x.error(Code::OutOfRange, key, "`{}` is a whole number 1-{} (BB-89)", key,
              static_cast<std::int64_t>(limits::kAllocateBound));
      ok = false;
    }
  }
  x.finish();
  if (!units || !floor || !ok) return std::nullopt;
  out.units = units->whole();
  out.gain = gain ? gain->whole() : 1;  // BB-90
  out.floor = *floor;
  return out;
}

SpendOffer read_offer(const bj::value& v, const std::string& p, const std::string& step_what, Ruleset& rs,
                      ReadContext& cx, bool& ok) {
  Diagnostics& d = cx.diagnostics;
  ObjectReader o(v, p, entry_name(step_what + " offer", v, p), d);
  SpendOffer offer;
  offer.pointer = p;
  ok = o.ok();
  if (!ok) return offer;
  const std::size_t errors_before = d.error_count();
  offer.id = o.id("id", true).value_or("");
  offer.label = o.label();
  std::optional<RatingTarget> target;
  if (const bj::value* t = o.get("target"))
    target = read_rating_target(*t, o.at("target"), o.what(), rs, d);
  else
    o.error(Code::MissingKey, "", "`target` is required (BB-55)");
  if (target) offer.target = *target;
  auto min = o.number("min", true), max = o.number("max", true);  // required (decisions.md)
  if (min) offer.min = *min;
  if (max) offer.max = *max;
  if (min && max && *min > *max)
    o.error(Code::BadValue, "min", "`min` {} is above `max` {}", min->to_string(), max->to_string());
  if (target && whole_target(rs, *target)) {
    for (const auto& [key, n] : {std::pair{"min", min}, std::pair{"max", max}}) {
      if (n && !n->is_integer())
        o.error(Code::BadValue, key, "`{}` {} is fractional; target `{}` holds whole numbers (BB-64)", key,
                n->to_string(), target->key());
    }
  }
  if (auto credit = o.boolean("credit")) offer.credit = *credit;
  if (o.has("baseline")) offer.baseline = o.number("baseline", true);
  if (o.has("direction")) {
    cx.requirement.use(Gate::TwoWayOffers, o.at("direction"));
    if (auto dir = o.choice("direction", true, kOfferDirections)) offer.direction = *dir;
  } else if (offer.credit && offer.baseline) {
    offer.direction = OfferDirection::Decrease;  // BB-73, BB-86: the reduction from a baseline (decisions.md)
  }
  if (o.has("effect")) {
    cx.requirement.use(Gate::TwoWayOffers, o.at("effect"));
    if (auto effect = o.string("effect", true, limits::kChoiceWordLength)) {
      if (*effect == "ownership")
        offer.ownership = true;
      else
        o.not_one_of("effect", *effect, "\"ownership\" (BB-87)", {"ownership"});
    }
  }
  if (o.has("exchange")) {
    cx.requirement.use(Gate::TwoWayOffers, o.at("exchange"));
    offer.exchange = read_exchange(o, rs, cx);
  }
  if (const bj::value* cost = o.get("cost")) {
    if (o.has("exchange"))
      o.error(Code::ConflictingKeys, "cost", "an exchange costs the pool nothing and leaves out `cost` (BB-92)");
    else
      offer.cost = read_cost(*cost, o.at("cost"), o.what() + " `cost`", cx);
  } else if (!o.has("exchange")) {
    o.error(Code::MissingKey, "", "`cost` is required: `flat`, `perRank` or `table` (BB-60)");
  }
  if (const bj::array* overrides = o.array("overrides", false)) {
    if (o.check_limit(limits::kCostOverrides, overrides->size(), "overrides")) {
      for (std::size_t i = 0; i < overrides->size(); ++i) {
        const std::string at = json::child(o.at("overrides"), i);
        ObjectReader w((*overrides)[i], at, o.what() + " override", d);
        if (!w.ok()) continue;
        auto when = read_build_ref(w, "when", rs, cx);
        if (!w.has("when")) w.error(Code::MissingKey, "", "`when` is required (BB-67)");
        std::optional<PurchaseCost> cost;
        if (const bj::value* c = w.get("cost"))
          cost = read_cost(*c, w.at("cost"), w.what() + " `cost`", cx);
        else
          w.error(Code::MissingKey, "", "`cost` is required (BB-67)");
        w.finish();
        if (when && cost) offer.overrides.push_back(CostOverride{at, std::move(*when), std::move(*cost)});
      }
    }
  }
  if (auto tags = o.id_list("tags", false)) {
    o.check_limit(limits::kOfferTags, tags->size(), "tags");
    offer.tags = std::move(*tags);
  }
  for (const auto& [key, into] :
       {std::pair{"when", &offer.when}, std::pair{"minFrom", &offer.min_from}, std::pair{"maxFrom", &offer.max_from}}) {
    if (!o.has(key)) continue;
    cx.requirement.use(Gate::OfferConditions, o.at(key));
    *into = read_build_ref(o, key, rs, cx);
  }
  if (const bj::array* allowed = o.array("allowedRatings", false)) {
    cx.requirement.use(Gate::OfferConditions, o.at("allowedRatings"));
    if (allowed->empty())
      o.error(Code::TooFew, "allowedRatings", "`allowedRatings` lists 1-{} values (BC-19)",
              static_cast<std::size_t>(limits::kAllowedRatings));
    if (o.check_limit(limits::kAllowedRatings, allowed->size(), "allowedRatings")) {
      for (std::size_t i = 0; i < allowed->size(); ++i) {
        const std::string at = json::child(o.at("allowedRatings"), i);
        auto n = to_number((*allowed)[i]);
        if (!n || (min && *n < *min) || (max && *n > *max) ||
            (!offer.allowed_values.empty() && *n <= offer.allowed_values.back())) {
          d.error(Code::BadValue, at, "{}: allowed values are numbers within `min`-`max`, in ascending order (BC-19)",
                  o.what());
          break;
        }
        offer.allowed_values.push_back(*n);
      }
    }
  }
  o.finish();

  // How the keys go together (BB-71 – BB-96; decisions.md "Spend offers").
  const std::string& what = o.what();
  if (offer.cost) {
    check_margins(*offer.cost, offer.credit, json::child(p, "cost"), what, d);
    if (target) check_table_fits(rs, offer, *offer.cost, json::child(p, "cost"), what, d);
  }
  for (const CostOverride& w : offer.overrides) {
    check_margins(w.cost, offer.credit, json::child(w.pointer, "cost"), what, d);
    if (target) check_table_fits(rs, offer, w.cost, json::child(w.pointer, "cost"), what, d);
  }
  if (offer.direction == OfferDirection::Decrease && !offer.credit)
    o.error(Code::MissingKey, "credit", "a decrease yields credit, which needs `\"credit\": true` (BB-71, BB-86)");
  if (offer.direction == OfferDirection::Both && offer.cost && offer.cost->kind != PurchaseCost::Kind::Unpriced) {
    const bool falls = offer.cost->kind == PurchaseCost::Kind::Table
                           ? offer.cost->table.back().second < offer.cost->table.front().second
                           : offer.cost->amount < Number();
    if (falls) o.error(Code::BadValue, "cost", "a two-way offer prices each step up above 0 (BB-82)");
  }
  if (offer.lowers() && target &&
      (target->kind == RatingTarget::Kind::Skill || target->kind == RatingTarget::Kind::Save)) {
    o.error(Code::WrongReferenceType, "target",
            "the builder only raises a skill's or save's tier; an offer that lowers one is refused (decisions.md)");
  }
  if (offer.baseline && min && max && (*offer.baseline < *min || *offer.baseline > *max))
    o.error(Code::OutOfRange, "baseline", "`baseline` {} is outside `min`-`max` {}-{}", offer.baseline->to_string(),
            min->to_string(), max->to_string());
  if (offer.ownership && (offer.direction != OfferDirection::Increase || offer.credit || o.has("exchange")))
    o.error(Code::ConflictingKeys, "effect",
            "an ownership offer buys upward on its own scale: no `direction` but increase, no `credit`, no "
            "`exchange` (BB-87)");
  if (offer.exchange) {
    if (offer.direction != OfferDirection::Increase || offer.credit)
      o.error(Code::ConflictingKeys, "exchange",
              "an exchange raises its target: no `direction` but increase, no "
              "`credit` (BB-89)");
    if (target && offer.exchange->from == *target)
      o.error(Code::BadValue, "exchange", "an exchange lowers another rating than the one it raises (BB-89)");
    const RatingTarget::Kind k = offer.exchange->from.kind;
    if (k == RatingTarget::Kind::Skill || k == RatingTarget::Kind::Save)
      o.error(Code::WrongReferenceType, "exchange",
              "the builder only raises a skill's or save's tier; an exchange cannot lower one (decisions.md)");
  }
  ok = target.has_value() && !offer.id.empty() && d.error_count() == errors_before;
  return offer;
}

}  // namespace

std::vector<BuilderPool> read_builder_pools(const bj::array& a, const std::string& pointer, Ruleset& rs,
                                            ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  cx.requirement.use(Gate::SpendSteps, pointer);
  std::vector<BuilderPool> out;
  if (a.size() > limits::kBuilderPools) {
    d.error(limits::kBuilderPools.code, pointer, "sheet.builder: `pools` holds at most {} pools (BB-49), found {}",
            static_cast<std::size_t>(limits::kBuilderPools), a.size());
    return out;
  }
  UniqueIds ids{"builder pool"};
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader r(a[i], p, entry_name("builder pool", a[i], p), d);
    if (!r.ok()) continue;
    BuilderPool pool;
    pool.pointer = p;
    pool.id = r.id("id", true).value_or("");
    pool.label = r.label();
    auto budget = read_whole_or_ref(r, "budget", true, limits::kPoolBudget, "BB-51, BB-52", rs, cx);
    if (budget) pool.budget = *budget;
    if (auto limit = r.number("creditLimit", false, true)) {
      if (*limit < Number() || *limit > Number::of(limits::kPoolCreditLimit))
        r.error(Code::OutOfRange, "creditLimit", "`creditLimit` is a whole number 0-{} (BB-77), found {}",
                static_cast<std::int64_t>(limits::kPoolCreditLimit), limit->to_string());
      else
        pool.credit_limit = limit->whole();
    }
    if (const bj::array* caps = r.array("caps", false);
        caps != nullptr && r.check_limit(limits::kPoolCaps, caps->size(), "caps")) {
      std::set<std::string> tags;
      for (std::size_t k = 0; k < caps->size(); ++k) {
        const std::string at = json::child(r.at("caps"), k);
        ObjectReader c((*caps)[k], at, r.what() + " cap", d);
        if (!c.ok()) continue;
        CreditCap cap;
        cap.tag = c.id("filter", true).value_or("");
        auto most = c.number("maxCredit", true, true);
        if (most && (*most < Number() || *most > Number::of(limits::kPoolCreditLimit)))
          c.error(Code::OutOfRange, "maxCredit", "`maxCredit` is a whole number 0-{} (BB-78)",
                  static_cast<std::int64_t>(limits::kPoolCreditLimit));
        else if (most)
          cap.max_credit = most->whole();
        if (!cap.tag.empty() && !tags.insert(cap.tag).second)
          c.error(Code::DuplicateId, "filter", "tag `{}` is capped twice in this pool", cap.tag);
        c.finish();
        if (!cap.tag.empty() && most) pool.caps.push_back(std::move(cap));
      }
    }
    r.finish();
    if (pool.id.empty() || !ids.add(pool.id, r.at("id"), d) || !budget) continue;
    out.push_back(std::move(pool));
  }
  return out;
}

void read_spend_step(ObjectReader& r, BuilderStep& st, const Builder& b, Ruleset& rs, ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  cx.requirement.use(Gate::SpendSteps, r.at("kind"));
  st.pool = r.id("pool", true).value_or("");
  if (!st.pool.empty() && b.pool(st.pool) == nullptr) {
    std::vector<std::string> ids;
    for (const auto& p : b.pools) ids.push_back(p.id);
    r.error(Code::UnknownReference, "pool", "`pool` names no pool of `sheet.builder.pools`: `{}`{} (BB-54)", st.pool,
            did_you_mean(st.pool, ids));
  }
  const bj::array* offers = r.array("offers", true);
  if (offers == nullptr) return;
  if (offers->empty())
    r.error(Code::TooFew, "offers", "`offers` holds 1-{} offers (BB-54)",
            static_cast<std::size_t>(limits::kSpendOffers));
  if (!r.check_limit(limits::kSpendOffers, offers->size(), "offers")) return;
  UniqueIds offer_ids{"spend offer"};
  for (std::size_t i = 0; i < offers->size(); ++i) {
    bool ok = false;
    SpendOffer offer = read_offer((*offers)[i], json::child(r.at("offers"), i), r.what(), rs, cx, ok);
    if (!offer.id.empty() && !offer_ids.add(offer.id, json::child(offer.pointer, "id"), d)) continue;
    if (ok) st.spend_offers.push_back(std::move(offer));
  }
}

void check_spend_offers(const Ruleset& rs, Diagnostics& d) {
  const Builder& b = *rs.sheet.builder;
  // BB-75, BB-84: a target with a credit or a two-way offer has that one offer in the whole builder.
  std::map<std::string, std::vector<const SpendOffer*>> by_target;
  std::map<std::string, std::set<std::string>> pool_tags;
  for (const BuilderStep& st : b.steps) {
    for (const SpendOffer& o : st.spend_offers) {
      by_target[o.target.key()].push_back(&o);
      if (o.exchange) by_target[o.exchange->from.key()].push_back(&o);
      pool_tags[st.pool].insert(o.tags.begin(), o.tags.end());
    }
  }
  for (const auto& [key, offers] : by_target) {
    if (offers.size() < 2) continue;
    for (const SpendOffer* o : offers) {
      if (!o->credit && o->direction != OfferDirection::Both) continue;
      d.error(Code::DuplicateId, json::child(o->pointer, "target"),
              "spend offer `{}`: target `{}` has a {} offer, so it has this one offer in the whole builder; {} offers "
              "name it (BB-75, BB-84)",
              o->id, key, o->credit ? "credit" : "two-way", offers.size());
      break;
    }
  }
  // BB-78: a cap filters on a tag some offer of the pool carries.
  for (const BuilderPool& pool : b.pools) {
    for (std::size_t k = 0; k < pool.caps.size(); ++k) {
      if (pool_tags[pool.id].contains(pool.caps[k].tag)) continue;
      d.error(Code::UnknownReference, json::child(json::child(json::child(pool.pointer, "caps"), k), "filter"),
              "builder pool `{}`: no offer of its steps carries tag `{}` (BB-78)", pool.id, pool.caps[k].tag);
    }
  }
}

}  // namespace rk::detail
