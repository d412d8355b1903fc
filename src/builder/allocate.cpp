// Allocate steps at run time (BB-1 – BB-48) and the free rating grants that come before them
// (BB-29 – BB-34): each group's allotment, each target's start, free, bought and total values, the
// inactive states that never delete an answer, and what the step contributes to the sheet.
#include <algorithm>

#include <fmt/format.h>

#include "builder/engine.hpp"
#include "format/limits.hpp"

namespace rk::builder {

namespace {

const Allocation kNoAllocation;

}  // namespace

/// What a player reads for a target: the label of its ability, field, skill or save.
std::string rating_label(const Sheet& s, const RatingTarget& t) {
  const auto label_in = [&](const auto& index, const auto& items) -> std::string {
    auto it = index.find(t.id);
    return it == index.end() ? t.id : items[it->second].label;
  };
  switch (t.kind) {
    case RatingTarget::Kind::Ability:
      return label_in(s.ability_index, s.abilities);
    case RatingTarget::Kind::Field:
      return label_in(s.field_index, s.fields);
    case RatingTarget::Kind::Skill:
      return label_in(s.skill_index, s.skills);
    case RatingTarget::Kind::Save:
      return label_in(s.save_index, s.saves);
    case RatingTarget::Kind::Bonus:
      return (s.skill_index.contains(t.id) ? label_in(s.skill_index, s.skills) : label_in(s.save_index, s.saves)) +
             " bonus";
  }
  return t.id;
}

std::optional<std::int64_t> whole_within(const WholeOrRef& v, std::int64_t most,
                                         const std::function<Number(const Ref&)>& read) {
  if (!v.ref) return v.whole;
  const Number n = read(*v.ref);
  if (!n.is_integer() || n < Number() || n > Number::of(most)) return std::nullopt;
  return n.whole();
}

Number Pass::rating_value(const Character& sheet, const RatingTarget& t) const {
  const Sheet& s = rs_.sheet;
  switch (t.kind) {
    case RatingTarget::Kind::Ability: {
      if (auto it = sheet.abilities.find(t.id); it != sheet.abilities.end()) return it->second;
      auto a = s.ability_index.find(t.id);
      return a == s.ability_index.end() ? Number() : s.abilities[a->second].default_score;
    }
    case RatingTarget::Kind::Field: {
      auto it = sheet.fields.find(t.id);
      const auto* n = it == sheet.fields.end() ? nullptr : std::get_if<Number>(&it->second.value);
      if (n != nullptr) return *n;
      auto f = s.field_index.find(t.id);
      const auto* d =
          f == s.field_index.end() ? nullptr : std::get_if<Number>(&s.fields[f->second].spec.default_value.value);
      return d != nullptr ? *d : Number();
    }
    case RatingTarget::Kind::Skill:
    case RatingTarget::Kind::Save: {
      const RatingTierTable* table = b_.tiers_of(t);
      const auto& held = t.kind == RatingTarget::Kind::Skill ? sheet.skills : sheet.saves;
      auto it = held.find(t.id);
      if (table == nullptr || it == held.end()) return Number();
      // Its place in the table: the highest tier of the table it holds (BB-24).
      const std::size_t rank = tier_rank(rs_, it->second);
      std::int64_t place = 0;
      for (std::size_t k = 0; k < table->tiers.size(); ++k) {
        if (tier_rank(rs_, table->tiers[k]) <= rank) place = static_cast<std::int64_t>(k);
      }
      return Number::of(place);
    }
    case RatingTarget::Kind::Bonus: {
      auto it = sheet.bonuses.find(t.id);
      return it == sheet.bonuses.end() ? Number() : it->second;
    }
  }
  return Number();
}

void Pass::move_rating(const RatingTarget& t, Number from, Number to) {
  if (to == from) return;
  switch (t.kind) {
    case RatingTarget::Kind::Ability:
      c_.abilities.push_back(AbilityGrant{t.id, to - from, std::nullopt});
      break;
    case RatingTarget::Kind::Field:
      c_.fields[t.id] = Scalar{to};
      break;
    case RatingTarget::Kind::Skill:
    case RatingTarget::Kind::Save:
      // Tiers are only raised: an offer that lowers one is refused at import (decisions.md).
      if (const RatingTierTable* table = b_.tiers_of(t); to > from && table != nullptr && to.is_integer() &&
                                                         to.whole() >= 0 &&
                                                         to.whole() < static_cast<std::int64_t>(table->tiers.size())) {
        raise_tier(rs_, t.kind == RatingTarget::Kind::Skill ? c_.skills : c_.saves, t.id,
                   table->tiers[static_cast<std::size_t>(to.whole())]);
      }
      break;
    case RatingTarget::Kind::Bonus:
      c_.bonuses[t.id] = to;
      break;
  }
  ++c_.version;
}

void Pass::apply_free_ratings() {
  std::vector<FreeRating*> pending;
  for (auto& [_, f] : c_.free_ratings) {
    if (!f.applied) pending.push_back(&f);
  }
  if (pending.empty()) return;
  const Character& w = working();
  std::vector<std::pair<Number, Number>> moves;  // from, to: read all before any changes the sheet
  for (FreeRating* f : pending) {
    const Number now = rating_value(w, f->target);
    const Number under = now - f->added;  // what the target holds without these grants
    // BB-31: the highest `set` is a floor, then every `add`, stopped at the target's storage limit.
    Number to = f->set ? std::max(under, Number::of(*f->set)) : under;
    to += Number::of(f->add);
    if (const auto bounds = rating_bounds(rs_, f->target); bounds && to > bounds->second)
      to = std::max(under, bounds->second);
    moves.emplace_back(now, to);
  }
  for (std::size_t i = 0; i < pending.size(); ++i) {
    FreeRating& f = *pending[i];
    move_rating(f.target, moves[i].first, moves[i].second);
    if (moves[i].second > moves[i].first) f.added += moves[i].second - moves[i].first;
    f.applied = true;
  }
}

void Pass::allocate_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  apply_free_ratings();  // BB-29: free points come before every paid stage
  auto found = answers_.allocations.find(step.id);
  const Allocation& answers = found == answers_.allocations.end() ? kNoAllocation : found->second;
  view.priorities = step.priorities;
  const auto read_ref = [this](const Ref& ref) { return read(ref); };
  const Character& w = working();
  std::int64_t badge = 0;
  bool attention = false;  // BB-36 (c): invalid purchases disable every plus button of the step
  struct Planned {
    const RatingTarget* target;
    Number from, to;
  };
  std::vector<Planned> planned;
  for (const AllocateGroup& g : step.groups) {
    AllocateGroupView gv;
    gv.id = g.id;
    gv.label = g.label;
    if (!step.priorities.empty()) {
      auto slot = answers.slots.find(g.id);
      if (slot != answers.slots.end() && slot->second < static_cast<std::int64_t>(step.priorities.size())) {
        gv.slot = slot->second;
        gv.budget = step.priorities[static_cast<std::size_t>(slot->second)];
      }
    } else if (g.budget) {
      gv.budget = whole_within(*g.budget, limits::kAllocateBudget, read_ref);
      gv.configured = gv.budget.has_value();
    }
    gv.min = whole_within(g.min, limits::kAllocateBound, read_ref);
    gv.max = whole_within(g.max, limits::kAllocateBound, read_ref);
    std::optional<std::int64_t> base;
    if (g.base) {
      base = whole_within(*g.base, limits::kAllocateBound, read_ref);
      if (!base) gv.configured = false;
    }
    if (!gv.min || !gv.max || *gv.min > *gv.max) gv.configured = false;
    for (const RatingTarget& t : g.targets) {
      auto bought = answers.bought.find(t.key());
      if (bought != answers.bought.end()) gv.spent += bought->second;
    }
    if (gv.budget && gv.spent > *gv.budget) {
      gv.active = false;  // BB-39: the whole group, until repaired (BB-40)
      gv.why = {Reason::GroupOverBudget, {std::to_string(gv.spent), std::to_string(*gv.budget)}};
      attention = true;
    }
    if (!gv.configured) {
      view.notes.push_back(
          fmt::format("group `{}`: not configured — its budget or bounds do not read a whole number "
                      "in range (BB-22)",
                      g.id));
      ++badge;
    } else if (!gv.budget) {
      view.notes.push_back(fmt::format("group `{}` has no priority yet: assign it one of the slots", g.id));
      ++badge;
    }
    for (const RatingTarget& t : g.targets) {
      AllocateTargetView tv;
      tv.key = t.key();
      tv.label = rating_label(rs_.sheet, t);
      if (auto note = answers.notes.find(tv.key); note != answers.notes.end()) tv.note = note->second;
      const Number before = rating_value(w, t);
      if (auto f = c_.free_ratings.find(tv.key); f != c_.free_ratings.end()) tv.free = f->second.added;
      // What the builder alone gives the target: an ability's is its method value (or default) and
      // the grants so far, without the player's own edit, which reconciliation keeps beneath the
      // builder's increases (BB-42, BB-48). The lift and the cap are measured on it, so an edit in
      // All fields neither moves the lift nor makes a purchase inactive.
      Number builder_value = before;
      if (t.kind == RatingTarget::Kind::Ability) {
        if (auto a = rs_.sheet.ability_index.find(t.id); a != rs_.sheet.ability_index.end()) {
          const Ability& ability = rs_.sheet.abilities[a->second];
          auto method = c_.base.find(t.id);
          builder_value =
              ability_total(ability, method != c_.base.end() ? method->second : ability.default_score, c_.abilities);
        }
      }
      // BB-15, BB-16: the first `base` lifts the target to it, free points on top; later ones are floors.
      const Number lift = base ? std::max(Number(), Number::of(*base) + tv.free - builder_value) : Number();
      tv.start = before + lift;
      if (auto b = answers.bought.find(tv.key); b != answers.bought.end()) tv.bought = b->second;
      std::int64_t applied = gv.configured && gv.active ? tv.bought : 0;
      if (applied > 0 && gv.max && builder_value + lift + Number::of(applied) > Number::of(*gv.max)) {
        applied = 0;  // BB-39: this target only
        tv.counts = false;
        tv.why = {Reason::PurchaseAboveCap,
                  {std::to_string(tv.bought), (builder_value + lift).to_string(), std::to_string(*gv.max)}};
        attention = true;
      }
      if (!gv.active && tv.bought > 0) {
        tv.counts = false;
        tv.why = gv.why;
      }
      tv.total = tv.start + Number::of(applied);
      if (t.kind == RatingTarget::Kind::Skill || t.kind == RatingTarget::Kind::Save) {
        const RatingTierTable* table = b_.tiers_of(t);
        if (table != nullptr && tv.total.is_integer() && tv.total.whole() >= 0 &&
            tv.total.whole() < static_cast<std::int64_t>(table->tiers.size()))
          tv.tier = table->tiers[static_cast<std::size_t>(tv.total.whole())];
      }
      if (gv.configured && gv.min && tv.total < Number::of(*gv.min)) {
        tv.below_min = true;  // BB-18: never bought automatically
        view.notes.push_back(fmt::format("`{}` is {} and its group's minimum is {}: buy up to it (BB-18)", tv.key,
                                         tv.total.to_string(), *gv.min));
        ++badge;
      }
      tv.can_refund = tv.bought > 0;
      // Below the cap as the builder counts it; the rest of BB-36 is known once every group is.
      tv.can_buy = !gv.max || builder_value + lift + Number::of(applied) < Number::of(*gv.max);
      if (gv.configured) planned.push_back(Planned{&t, before, tv.total});
      gv.targets.push_back(std::move(tv));
    }
    if (gv.configured && gv.active && gv.budget && gv.spent < *gv.budget) {
      view.notes.push_back(
          fmt::format("group `{}`: {} of {} points unspent (BB-37)", g.id, *gv.budget - gv.spent, *gv.budget));
      ++badge;
    }
    if (!gv.active) ++badge;
    view.groups.push_back(std::move(gv));
  }
  // BB-36: the plus button, once every group is known.
  for (AllocateGroupView& gv : view.groups) {
    for (AllocateTargetView& tv : gv.targets) {
      tv.can_buy = tv.can_buy && !attention && gv.configured && gv.active && gv.budget && gv.spent < *gv.budget;
    }
  }
  for (const Planned& p : planned) move_rating(*p.target, p.from, p.to);
  if (step.annotations) view.notes.push_back("each target may carry a note of up to 1,000 characters (BB-44)");
  view.badge = badge;
}

}  // namespace rk::builder
