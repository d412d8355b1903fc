// The builder's view as JSON (`rulekeeper build --json`, docs/format/builder.md "The view").
#include <boost/json.hpp>

#include "builder/builder.hpp"

namespace rk {

namespace bj = boost::json;

namespace {

bj::value number(Number n) { return scalar_to_json(Scalar{n}); }

bj::value optional_scalar(const std::optional<Scalar>& v) { return v ? scalar_to_json(*v) : bj::value(nullptr); }

bj::object throw_json(const CreationThrowView& t) {
  return bj::object{{"faces", bj::value_from(t.faces)}, {"total", number(t.total)}};
}

/// A roll step's entries (BC-83 – BC-88): the dice, the faces of every attempt, what it writes.
bj::array roll_entries_json(const std::vector<RollEntryView>& entries) {
  bj::array out;
  for (const auto& e : entries) {
    bj::object j{{"id", e.id},     {"label", e.label},           {"key", e.key},       {"dice", e.dice},
                 {"best", e.best}, {"before", number(e.before)}, {"rolled", e.rolled}, {"canRoll", e.can_roll}};
    if (e.floor) j["floor"] = number(*e.floor);
    if (!e.gain.empty()) j["gain"] = e.gain;
    if (e.rolled) {
      bj::array attempts;
      for (const auto& t : e.attempts) attempts.push_back(throw_json(t));
      j["attempts"] = std::move(attempts);
      j["kept"] = e.kept;
      if (!e.fits) j["fits"] = false;
      if (e.gain_roll) j["gainRoll"] = throw_json(*e.gain_roll);
      if (!e.gain.empty()) j["improved"] = e.improved;
    }
    j["value"] = e.value ? number(*e.value) : bj::value(nullptr);
    out.push_back(std::move(j));
  }
  return out;
}

/// An initialize step's writes (BC-52 – BC-56): the field now, what setting writes, what was set.
bj::array writes_json(const std::vector<InitializeWriteView>& writes) {
  bj::array out;
  for (const auto& w : writes) {
    out.push_back(bj::object{{"field", w.field},
                             {"label", w.label},
                             {"source", w.source},
                             {"current", optional_scalar(w.current)},
                             {"would", optional_scalar(w.would)},
                             {"written", optional_scalar(w.written)},
                             {"changed", w.changed}});
  }
  return out;
}

bj::array offers_json(const std::vector<OfferView>& offers) {
  bj::array out;
  for (const auto& o : offers) {
    bj::object j{{"id", o.id}, {"label", o.label}};
    if (o.disabled) j["disabled"] = true;
    if (!o.why.empty()) {
      j["reason"] = reason_code(o.why.reason);
      j["why"] = reason_text(o.why);
    }
    out.push_back(std::move(j));
  }
  return out;
}

bj::array selections_json(const std::vector<SelectionView>& selections) {
  bj::array out;
  for (const auto& s : selections) {
    bj::object j{{"id", s.id}, {"label", s.label}, {"counts", s.counts}};
    if (!s.why.empty()) {
      j["reason"] = reason_code(s.why.reason);
      j["why"] = reason_text(s.why);
    }
    if (s.implicit) j["default"] = true;
    out.push_back(std::move(j));
  }
  return out;
}

bj::object slot_json(const SlotView& s) {
  bj::object j{{"key", s.key},
               {"kind", choice_name(SlotView::kKinds, s.kind)},
               {"sourceStep", s.source_step},
               {"count", s.count},
               {"missing", s.missing},
               {"offers", offers_json(s.offers)},
               {"answers", selections_json(s.answers)}};
  if (!s.source_entry.empty()) j["sourceEntry"] = s.source_entry;
  if (s.repeat) j["repeat"] = true;
  bj::array notes;
  if (s.not_configured) notes.emplace_back("not configured");
  for (const auto& n : s.notes) notes.emplace_back(n);
  if (!notes.empty()) j["notes"] = std::move(notes);
  return j;
}

bj::object why_json(bj::object j, const Why& why) {
  if (!why.empty()) {
    j["reason"] = reason_code(why.reason);
    j["why"] = reason_text(why);
  }
  return j;
}

/// BB-35: per group its slot, allotment, spent points and range; per target start, free, bought, total.
bj::array groups_json(const StepView& s) {
  bj::array groups;
  for (const AllocateGroupView& g : s.groups) {
    bj::array targets;
    for (const AllocateTargetView& t : g.targets) {
      bj::object tj{{"key", t.key},
                    {"label", t.label},
                    {"start", number(t.start)},
                    {"free", number(t.free)},
                    {"bought", t.bought},
                    {"counts", t.counts},
                    {"total", number(t.total)},
                    {"canBuy", t.can_buy},
                    {"canRefund", t.can_refund}};
      if (!t.tier.empty()) tj["tier"] = t.tier;
      if (t.below_min) tj["belowMin"] = true;
      if (!t.note.empty()) tj["note"] = t.note;
      targets.push_back(why_json(std::move(tj), t.why));
    }
    bj::object gj{{"id", g.id},
                  {"label", g.label},
                  {"slot", g.slot ? bj::value(*g.slot) : bj::value(nullptr)},
                  {"budget", g.budget ? bj::value(*g.budget) : bj::value(nullptr)},
                  {"spent", g.spent},
                  {"min", g.min ? bj::value(*g.min) : bj::value(nullptr)},
                  {"max", g.max ? bj::value(*g.max) : bj::value(nullptr)},
                  {"configured", g.configured},
                  {"active", g.active},
                  {"targets", std::move(targets)}};
    groups.push_back(why_json(std::move(gj), g.why));
  }
  return groups;
}

/// BB-49 – BB-109: the pool as a whole, then each offer with its curve's next moves and its ledger.
bj::object pool_json(const CreationPoolView& p) {
  bj::array caps;
  for (const CreationPoolView::Cap& c : p.caps)
    caps.push_back(bj::object{{"tag", c.tag}, {"maxCredit", c.max_credit}, {"used", number(c.used)}});
  return bj::object{{"id", p.id},
                    {"label", p.label},
                    {"budget", p.budget ? bj::value(*p.budget) : bj::value(nullptr)},
                    {"spent", number(p.spent)},
                    {"credit", number(p.credit)},
                    {"remaining", number(p.remaining)},
                    {"spentAtTodaysPrices", number(p.spent_now)},
                    {"creditLimit", p.credit_limit},
                    {"caps", std::move(caps)},
                    {"needsRepair", p.attention},
                    {"repriced", p.repriced}};
}

bj::value optional_number(const std::optional<Number>& n) { return n ? number(*n) : bj::value(nullptr); }

bj::object rows_json(const RowsView& v) {
  bj::array rows;
  for (const RowEntryView& r : v.rows) {
    bj::object cells;
    for (const auto& [id, value] : r.cells) cells[id] = scalar_to_json(value);
    bj::object rj{{"id", r.id}, {"cells", std::move(cells)}, {"fromPick", r.from_pick}};
    if (!r.from_pick) rj["missing"] = bj::value_from(r.missing);
    if (r.price) rj["price"] = number(*r.price);
    rows.push_back(std::move(rj));
  }
  bj::object out{{"list", v.list},          {"columns", bj::value_from(v.columns)},
                 {"rows", std::move(rows)}, {"own", v.own},
                 {"complete", v.complete},  {"expected", v.expected},
                 {"most", v.most},          {"topUp", v.top_up},
                 {"canAdd", v.can_add}};
  return why_json(std::move(out), v.why);
}

bj::array offers_json(const StepView& s) {
  bj::array offers;
  for (const SpendOfferView& o : s.spend_offers) {
    bj::array lines;
    for (const PurchaseLineView& l : o.lines) {
      bj::object lj{{"change", number(l.delta)},
                    {"price", number(l.price)},
                    {"counts", l.counts},
                    {"priceNow", optional_number(l.price_now)}};
      lines.push_back(why_json(std::move(lj), l.why));
    }
    bj::object oj{{"id", o.id},
                  {"label", o.label},
                  {"key", o.key},
                  {"direction", choice_name(kOfferDirections, o.direction)},
                  {"offered", o.offered},
                  {"configured", o.configured},
                  {"priced", o.priced},
                  {"start", number(o.start)},
                  {"value", number(o.value)},
                  {"min", number(o.min)},
                  {"max", number(o.max)},
                  {"nextPrice", optional_number(o.next_price)},
                  {"nextValue", optional_number(o.next_value)},
                  {"lowerPrice", optional_number(o.lower_price)},
                  {"lowerValue", optional_number(o.lower_value)},
                  {"canBuy", o.can_buy},
                  {"canLower", o.can_lower},
                  {"canRefund", o.can_refund},
                  {"lines", std::move(lines)}};
    if (o.ownership) oj["ownership"] = true;
    if (!o.exchange_from.empty()) oj["exchangeFrom"] = o.exchange_from;
    if (!o.tags.empty()) oj["tags"] = bj::value_from(o.tags);
    if (!o.lower_why.empty()) {
      oj["lowerReason"] = reason_code(o.lower_why.reason);
      oj["lowerWhy"] = reason_text(o.lower_why);
    }
    offers.push_back(why_json(std::move(oj), o.why));
  }
  return offers;
}

}  // namespace

bj::value builder_view_to_json(const BuilderView& view) {
  bj::object out;
  out["mode"] = view.mode;
  if (!view.profile.empty()) out["profile"] = bj::object{{"id", view.profile}, {"label", view.profile_label}};
  if (!view.notes.empty()) out["notes"] = bj::value_from(view.notes);
  bj::array steps;
  for (const StepView& s : view.steps) {
    bj::object j{{"id", s.id},
                 {"label", s.label},
                 {"kind", choice_name(kStepKinds, s.kind)},
                 {"shown", s.shown},
                 {"badge", s.badge}};
    if (!s.required) j["required"] = false;
    j["notes"] = bj::value_from(s.notes);
    if (s.kind == BuilderStep::Kind::Catalog || s.kind == BuilderStep::Kind::StartingGear) {
      j["offers"] = offers_json(s.offers);
      j["selections"] = selections_json(s.selections);
    }
    if (s.kind == BuilderStep::Kind::Catalog) {
      j["asks"] = s.asks;
      j["accepts"] = s.accepts;
    }
    if (s.kind == BuilderStep::Kind::StartingGear) j["mode"] = s.free_edit ? "free" : "legal";
    if (s.kind == BuilderStep::Kind::Fields) {
      bj::array fields;
      for (const auto& f : s.fields) {
        bj::object fj{{"id", f.id},
                      {"label", f.label},
                      {"value", f.value ? scalar_to_json(*f.value) : bj::value(nullptr)},
                      {"chosen", f.chosen},
                      {"shown", f.shown}};
        if (f.reads_as) fj["readsAs"] = scalar_to_json(*f.reads_as);
        if (f.optional) fj["optional"] = true;
        if (f.owned) fj["owned"] = true;
        if (f.max) fj["max"] = number(*f.max);
        fields.push_back(std::move(fj));
      }
      j["fields"] = std::move(fields);
    }
    if (s.kind == BuilderStep::Kind::Abilities) {
      bj::array methods;
      for (const AbilityMethod m : s.methods) methods.emplace_back(choice_name(kAbilityMethods, m));
      j["methods"] = std::move(methods);
      j["method"] = s.method ? bj::value(choice_name(kAbilityMethods, *s.method)) : bj::value(nullptr);
      bj::array abilities;
      for (const auto& a : s.abilities) {
        bj::object ability{{"id", a.id},
                           {"label", a.label},
                           {"base", a.base ? number(*a.base) : bj::value(nullptr)},
                           {"bonus", number(a.bonus)},
                           {"total", number(a.total)},
                           {"modifier", number(a.modifier)}};
        if (a.edit != Number()) ability["edit"] = number(a.edit);
        if (!a.faces.empty()) ability["faces"] = bj::value_from(a.faces);
        abilities.push_back(std::move(ability));
      }
      j["abilities"] = std::move(abilities);
      if (s.budget_left) j["budgetLeft"] = number(*s.budget_left);
      if (!s.pool.empty()) {
        bj::array pool;
        for (const auto& n : s.pool) pool.push_back(number(n));
        j["pool"] = std::move(pool);
      }
      if (!s.rolls.empty()) {
        bj::array rolls;
        for (const auto& r : s.rolls)
          rolls.push_back(bj::object{{"faces", bj::value_from(r.faces)}, {"total", number(r.total)}});
        j["rolls"] = std::move(rolls);
      }
    }
    if (s.kind == BuilderStep::Kind::Allocate) {
      if (!s.priorities.empty()) j["priorities"] = bj::value_from(s.priorities);
      j["groups"] = groups_json(s);
    }
    if (s.kind == BuilderStep::Kind::Spend) {
      j["pool"] = s.creation_pool ? bj::value(pool_json(*s.creation_pool)) : bj::value(nullptr);
      j["offers"] = offers_json(s);
    } else if (s.creation_pool) {
      j["pool"] = pool_json(*s.creation_pool);  // a priced catalog or rows step (BC-61)
    }
    if (s.kind == BuilderStep::Kind::Roll) {
      j["retry"] = s.retry;
      j["rolls"] = roll_entries_json(s.roll_entries);
    }
    if (s.kind == BuilderStep::Kind::Initialize) {
      j["initialized"] = s.initialized;
      j["writes"] = writes_json(s.writes);
    }
    if (s.rows) j["rows"] = rows_json(*s.rows);
    if (!s.failing_rules.empty()) j["failingRules"] = bj::value_from(s.failing_rules);
    if (!s.slots.empty() || s.kind == BuilderStep::Kind::Trained || s.kind == BuilderStep::Kind::Choices) {
      bj::array slots;
      for (const auto& slot : s.slots) slots.push_back(slot_json(slot));
      j["slots"] = std::move(slots);
    }
    steps.push_back(std::move(j));
  }
  out["steps"] = std::move(steps);
  bj::object preview;
  bj::object written, abilities, summary;
  for (const auto& [id, v] : view.preview.written) written[id] = scalar_to_json(v);
  for (const auto& [id, v] : view.preview.abilities) abilities[id] = number(v);
  for (const auto& [id, v] : view.preview.summary) summary[id] = number(v);
  preview["written"] = std::move(written);
  preview["abilities"] = std::move(abilities);
  preview["summary"] = std::move(summary);
  bj::object skills, saves;
  for (const auto& [id, t] : view.preview.skills) skills[id] = t;
  for (const auto& [id, t] : view.preview.saves) saves[id] = t;
  preview["skills"] = std::move(skills);
  preview["saves"] = std::move(saves);
  out["preview"] = std::move(preview);
  return out;
}

}  // namespace rk
