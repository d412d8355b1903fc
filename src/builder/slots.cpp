// Choice slots (BA-69 – BA-84, BA-94 – BA-99, BA-124 – BA-146) and the abilities step
// (BA-42 – BA-54). A slot is answered at its host step — the abilities step, the first trained
// step, the choices step of its catalog — or at its source step when the host comes earlier.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "builder/engine.hpp"
#include "format/catalog_mark.hpp"
#include "format/filter_match.hpp"

namespace rk::builder {

Why quota_refusal(const QuotaRules& rules, std::int64_t bound, const std::vector<const CatalogEntry*>& counting,
                  const CatalogEntry& entry);
std::int64_t quota_shortfall(const QuotaRules& rules, const std::vector<const CatalogEntry*>& counting);
std::vector<const CatalogEntry*> enforce_quota_below(const QuotaRules& rules,
                                                     std::vector<const CatalogEntry*>& counting);

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

/// A slot that uses the constraints of 1.151 stays unresolved when content is missing (BA-145,
/// BA-146); older slots with nothing left are not shown (BA-82).
bool constrained(const ChoiceSlot& s) { return !s.id.empty() || s.count_from || !s.exclude_choices.empty(); }

}  // namespace

std::size_t Pass::host_for(PendingSlot::Kind kind, std::size_t source, const std::string& catalog) const {
  for (std::size_t i = 0; i < b_.steps.size(); ++i) {
    const BuilderStep& s = b_.steps[i];
    const bool hosts =
        (kind == PendingSlot::Kind::Abilities && s.kind == BuilderStep::Kind::Abilities) ||
        (kind == PendingSlot::Kind::Trained && s.kind == BuilderStep::Kind::Trained) ||
        (kind == PendingSlot::Kind::Entries && s.kind == BuilderStep::Kind::Choices && s.catalog == catalog);
    if (hosts) return i;
  }
  return source;
}

void Pass::queue_slots(std::size_t source, const std::string& entry_id, const Grants& g) {
  const std::string& step = b_.steps[source].id;
  const auto key = [&](const ChoiceSlot& slot, std::string_view kind, std::size_t i) {
    return slot.id.empty() ? fmt::format("{}/{}/{}/{}", step, entry_id, kind, i) : step + "/" + slot.id;
  };
  const auto queue = [&](PendingSlot::Kind kind, const std::string& catalog, std::string slot_key) {
    PendingSlot p{};
    p.kind = kind;
    p.source = source;
    p.display = host_for(kind, source, catalog);
    p.host = std::max(p.display, source);
    p.key = std::move(slot_key);
    p.entry_id = entry_id;
    pending_.push_back(p);
    return &pending_.back();
  };
  for (std::size_t i = 0; i < g.ability_choices.size(); ++i) {
    queue(PendingSlot::Kind::Abilities, "", key(g.ability_choices[i], "abilities", i))->ability = &g.ability_choices[i];
  }
  for (std::size_t i = 0; i < g.trained_choices.size(); ++i) {
    PendingSlot* p = queue(PendingSlot::Kind::Trained, "", key(g.trained_choices[i], "trained", i));
    p->trained = &g.trained_choices[i];
    p->grant_tier = g.tier;
  }
  for (std::size_t i = 0; i < g.entry_choices.size(); ++i) {
    queue(PendingSlot::Kind::Entries, g.entry_choices[i].catalog, key(g.entry_choices[i], "entries", i))->entries =
        &g.entry_choices[i];
  }
}

void Pass::run_slots(std::size_t upto_step) {
  std::vector<PendingSlot> later;
  for (std::size_t n = 0; n < pending_.size(); ++n) {
    const PendingSlot p = pending_[n];
    if (p.host > upto_step || !views_[p.host].shown) {
      later.push_back(p);
      continue;
    }
    SlotView view;
    view.key = p.key;
    view.source_step = b_.steps[p.source].id;
    view.source_entry = p.entry_id;
    switch (p.kind) {
      case PendingSlot::Kind::Abilities:
        ability_slot(p, view);
        break;
      case PendingSlot::Kind::Trained:
        trained_slot(p, view);
        break;
      case PendingSlot::Kind::Entries:
        entry_slot(p, view);
        break;
    }
    // Shown at its display step when that step is shown, otherwise where it is answered.
    const std::size_t at = views_.size() > p.display && views_[p.display].shown ? p.display : p.host;
    if (!view.hidden) views_[at].slots.push_back(std::move(view));
  }
  pending_ = std::move(later);
}

std::int64_t Pass::slot_count(const ChoiceSlot& slot) {
  if (!slot.count_from) return slot.count;
  // BA-127: rounded down, held between 0 and `max`.
  return std::clamp<std::int64_t>(read(*slot.count_from).floor().whole(), 0, slot.max);
}

std::vector<std::string> Pass::excluded(const ChoiceSlot& slot) const {
  std::vector<std::string> out;
  for (const auto& ref : slot.exclude_choices) {
    for (const auto& key : {ref, ref + "/replacement"}) {
      if (auto it = active_answers_.find(key); it != active_answers_.end())
        out.insert(out.end(), it->second.begin(), it->second.end());
    }
  }
  return out;
}

std::string Pass::tier_for(const PendingSlot& p) const {
  if (p.trained != nullptr && !p.trained->tier.empty()) return p.trained->tier;
  if (!p.grant_tier.empty()) return p.grant_tier;
  if (!b_.tier.empty()) return b_.tier;
  return rs_.resolution.tiers.size() > 1 ? rs_.resolution.tiers[1].id : "";
}

void Pass::ability_slot(const PendingSlot& p, SlotView& view) {
  const AbilityChoice& slot = *p.ability;
  view.kind = SlotView::Kind::Abilities;
  view.repeat = slot.repeat;
  view.count = slot_count(slot);
  const auto excluded_now = excluded(slot);
  std::vector<std::string> options;
  for (const Ability& a : rs_.sheet.abilities) {
    if (a.computed()) continue;
    if (!slot.from.empty() && !contains(slot.from, a.id)) continue;  // BA-131
    if (contains(slot.except, a.id) || contains(excluded_now, a.id)) continue;
    options.push_back(a.id);
  }
  const auto& recorded = answers_.choices.contains(p.key) ? answers_.choices.at(p.key) : std::vector<std::string>{};
  std::vector<std::string> counted;
  for (const auto& id : recorded) {
    SelectionView s{id, id, true, {}, false};
    if (!contains(options, id))
      s = {id, id, false, Reason::NotOfferedByChoice, false};
    else if (!slot.repeat && contains(counted, id))
      s = {id, id, false, Reason::AbilityChosenTwice, false};
    else if (static_cast<std::int64_t>(counted.size()) >= view.count)
      s = {id, id, false, Reason::BeyondChoiceCount, false};
    if (s.counts) counted.push_back(id);
    view.answers.push_back(std::move(s));
  }
  // BB-131, BB-132: a value already at `partialFrom` when the choice is made takes a partial boost;
  // two partial boosts, in the order the builder makes the choices, give `amount` once.
  std::map<std::string, Number> before;
  if (slot.partial_from && !counted.empty()) {
    const Character& w = working();
    for (const auto& id : counted) {
      const auto held = w.abilities.find(id);
      const Ability* a = nullptr;
      for (const Ability& x : rs_.sheet.abilities) {
        if (x.id == id) a = &x;
      }
      before[id] = held != w.abilities.end() ? held->second : (a != nullptr ? a->default_score : Number());
    }
  }
  for (const auto& id : counted) {
    if (slot.partial_from && before[id] >= *slot.partial_from) {
      if (++partial_[id] % 2 != 0) {
        view.notes.push_back(
            fmt::format("`{}` is at {} or more: this boost is partial, and the next partial boost "
                        "gives +{} (BB-131)",
                        id, slot.partial_from->to_string(), slot.amount.to_string()));
        continue;
      }
    }
    c_.abilities.push_back(AbilityGrant{id, slot.amount, slot.up_to});
  }
  if (!counted.empty()) ++c_.version;
  active_answers_[p.key] = counted;
  const Character& w = working();  // with this choice's own increases: what the offers read (BA-73)
  for (const auto& id : options) {
    const Ability* a = nullptr;
    for (const auto& x : rs_.sheet.abilities) {
      if (x.id == id) a = &x;
    }
    OfferView o{id, a != nullptr ? a->label : id, false, {}};
    const auto held = w.abilities.find(id);
    const Number value = held != w.abilities.end() ? held->second : (a != nullptr ? a->default_score : Number());
    if (!slot.repeat && contains(counted, id))
      o.why = Reason::AlreadyChosen;
    else if (slot.up_to && value >= *slot.up_to)
      o.why = {Reason::AtChoiceUpTo, {slot.up_to->to_string()}};
    else if (a != nullptr && value >= a->max)
      o.why = Reason::AtAbilityMax;
    o.disabled = !o.why.empty();
    view.offers.push_back(std::move(o));
  }
  view.missing = std::max<std::int64_t>(0, view.count - static_cast<std::int64_t>(counted.size()));
  // BA-145: unresolved when the options cannot give what it still asks for (without `repeat`, each
  // gives once). `from` is a 1.151 constraint too (BA-131, BA-146).
  const auto left = slot.repeat ? (options.empty() ? 0 : view.missing)
                                : std::count_if(options.begin(), options.end(),
                                                [&](const std::string& id) { return !contains(counted, id); });
  if (left < view.missing && (constrained(slot) || !slot.from.empty())) view.not_configured = true;
}

void Pass::trained_slot(const PendingSlot& p, SlotView& view) {
  const TrainedChoice& slot = *p.trained;
  const bool saves = slot.what == TrainedChoice::What::Saves;
  view.kind = saves ? SlotView::Kind::Saves : SlotView::Kind::Skills;
  view.count = slot_count(slot);
  auto& granted = saves ? c_.saves : c_.skills;
  const std::string tier = tier_for(p);
  const std::size_t rank = tier_rank(rs_, tier);
  const auto& all = saves ? rs_.sheet.saves : rs_.sheet.skills;
  const auto excluded_now = excluded(slot);
  // What selections already train (BA-80), and what the player trained by hand (BA-136).
  const auto by_selections = [&](const std::string& id) -> std::size_t {
    auto it = granted.find(id);
    return it == granted.end() ? 0 : tier_rank(rs_, it->second);
  };
  const auto current = [&](const std::string& id) -> std::size_t {
    const auto own = own_tier(character_, answers_.wrote, saves, id);
    return std::max(own ? tier_rank(rs_, *own) : 0, by_selections(id));
  };
  const bool replace = slot.replace_duplicates;
  std::vector<std::string> options;
  for (const Check& c : all) {
    if (!slot.from.empty() && !contains(slot.from, c.id)) continue;
    if (contains(excluded_now, c.id)) continue;
    if (!replace && by_selections(c.id) >= rank) continue;                                // BA-80
    if (!slot.held.empty() && by_selections(c.id) < tier_rank(rs_, slot.held)) continue;  // BA-83
    if (slot.only == TrainedChoice::Only::Trained && current(c.id) == 0) continue;        // BA-134
    if (slot.only == TrainedChoice::Only::Untrained && current(c.id) > 0) continue;
    options.push_back(c.id);
  }
  const auto label_of = [&](const std::string& id) {
    for (const Check& c : all) {
      if (c.id == id) return c.label;
    }
    return id;
  };
  const auto& recorded = answers_.choices.contains(p.key) ? answers_.choices.at(p.key) : std::vector<std::string>{};
  std::vector<std::string> counted, duplicates;
  for (const auto& id : recorded) {
    SelectionView s{id, label_of(id), true, {}, false};
    if (!contains(options, id)) {
      s.counts = false;
      s.why = by_selections(id) >= rank ? Reason::TrainedBySelections : Reason::NotOfferedByChoice;
    } else if (contains(counted, id)) {
      s.counts = false;
      s.why = Reason::ChosenTwice;
    } else if (static_cast<std::int64_t>(counted.size()) >= view.count) {
      s.counts = false;
      s.why = Reason::BeyondChoiceCount;
    }
    if (s.counts) {
      counted.push_back(id);
      if (replace && current(id) >= rank) duplicates.push_back(id);  // BA-137
    }
    view.answers.push_back(std::move(s));
  }
  for (const auto& id : counted) {
    if (!contains(duplicates, id)) raise_tier(rs_, granted, id, tier);
  }
  if (!counted.empty()) ++c_.version;
  active_answers_[p.key] = counted;
  for (const auto& id : options) {
    OfferView o{id, label_of(id), false, {}};
    if (contains(counted, id)) o.why = Reason::AlreadyChosen;
    o.disabled = !o.why.empty();
    view.offers.push_back(std::move(o));
  }
  view.missing = std::max<std::int64_t>(0, view.count - static_cast<std::int64_t>(counted.size()));
  const bool is_constrained =
      constrained(slot) || !slot.tier.empty() || slot.only != TrainedChoice::Only::Any || replace;
  if (view.missing > 0 &&
      static_cast<std::int64_t>(options.size() - std::min(options.size(), counted.size())) < view.missing) {
    if (is_constrained) {
      view.not_configured = true;
    } else {
      // BA-82: an older choice asks only for what is left; with nothing left it is not shown.
      view.missing = static_cast<std::int64_t>(options.size() - std::min(options.size(), counted.size()));
      if (options.empty() && counted.empty()) view.hidden = true;
    }
  }
  // BA-137 – BA-139: a chosen skill the sheet already had opens a replacement among untrained ones.
  if (!duplicates.empty() && !view.hidden) {
    SlotView r;
    r.key = p.key + "/replacement";
    r.kind = view.kind;
    r.source_step = view.source_step;
    r.source_entry = view.source_entry;
    r.count = static_cast<std::int64_t>(duplicates.size());
    std::vector<std::string> pool;
    for (const Check& c : all) {
      if (!slot.replacement_from.empty() && !contains(slot.replacement_from, c.id)) continue;
      if (contains(excluded_now, c.id) || contains(counted, c.id) || current(c.id) > 0) continue;
      pool.push_back(c.id);
    }
    const auto& answers = answers_.choices.contains(r.key) ? answers_.choices.at(r.key) : std::vector<std::string>{};
    std::vector<std::string> took;
    for (const auto& id : answers) {
      SelectionView s{id,
                      label_of(id),
                      contains(pool, id) && !contains(took, id) && static_cast<std::int64_t>(took.size()) < r.count,
                      {},
                      false};
      if (!s.counts)
        s.why = Reason::NotUntrainedReplacement;
      else
        took.push_back(id);
      r.answers.push_back(std::move(s));
    }
    for (const auto& id : took) raise_tier(rs_, granted, id, tier);
    if (!took.empty()) ++c_.version;
    active_answers_[r.key] = took;
    for (const auto& id : pool)
      r.offers.push_back(
          OfferView{id, label_of(id), contains(took, id), contains(took, id) ? Reason::AlreadyChosen : Reason::None});
    r.missing = std::max<std::int64_t>(0, r.count - static_cast<std::int64_t>(took.size()));
    r.not_configured = pool.size() < static_cast<std::size_t>(r.count);
    views_[views_.size() > p.display && views_[p.display].shown ? p.display : p.host].slots.push_back(std::move(r));
  }
}

void Pass::entry_slot(const PendingSlot& p, SlotView& view) {
  const EntryChoice& slot = *p.entries;
  view.kind = SlotView::Kind::Entries;
  view.count = slot_count(slot);
  const CatalogEntries* entries = catalogs_.get(slot.catalog);
  if (entries == nullptr || entries->errors.has_errors()) {
    view.not_configured = true;
    view.missing = view.count;
    return;
  }
  const auto excluded_now = excluded(slot);
  const auto eligible = [&](const CatalogEntry& e) -> Why {
    if (e.rows.empty()) return Reason::WritesNoRow;
    if (!slot.ids.empty() && !contains(slot.ids, e.id)) return Reason::NotListedByChoice;
    for (const auto& [filter, wanted] : slot.filters) {
      auto has = e.filters.find(filter);
      if (has == e.filters.end() || !choice_filter_holds(wanted, has->second))
        return {Reason::ChoiceFilterMismatch, {filter}};
    }
    if (contains(excluded_now, e.id)) return Reason::ExcludedByEarlierChoice;
    if (e.offered_when && read(*e.offered_when) <= Number()) return Reason::ChoiceOfferedWhenZero;
    return {};
  };
  const std::int64_t bound = slot.count_from ? slot.max : slot.count;
  const auto& recorded = answers_.choices.contains(p.key) ? answers_.choices.at(p.key) : std::vector<std::string>{};
  std::vector<const CatalogEntry*> counted;
  std::vector<std::string> counted_ids;
  for (const auto& id : recorded) {
    const CatalogEntry* e = entries->find(id);
    SelectionView s{id, e != nullptr ? e->label : id, true, {}, false};
    if (e == nullptr)
      s.why = Reason::NoLongerInCatalog;
    else if (Why why = eligible(*e); !why.empty())
      s.why = std::move(why);
    else if (chosen_entries_.contains(CatalogMark::text(slot.catalog, id)))
      s.why = Reason::TakenByAnotherChoice;
    else if (static_cast<std::int64_t>(counted.size()) >= view.count)
      s.why = Reason::BeyondChoiceCount;
    else
      s.why = quota_refusal(slot.quota_rules, bound, counted, *e);
    s.counts = s.why.empty();
    if (s.counts) {
      counted.push_back(e);
      counted_ids.push_back(id);
      chosen_entries_.insert(CatalogMark::text(slot.catalog, id));
    }
    view.answers.push_back(std::move(s));
  }
  // BA-132: `quotaBelow` holds in an entry choice as at a catalog step (BA-121 – BA-123).
  for (const CatalogEntry* e : enforce_quota_below(slot.quota_rules, counted)) {
    for (SelectionView& s : view.answers) {
      if (s.id == e->id && s.counts) {
        s.counts = false;
        s.why = Reason::RankNeedsMoreBelow;
      }
    }
    std::erase(counted_ids, e->id);
    chosen_entries_.erase(CatalogMark::text(slot.catalog, e->id));
  }
  // BA-99: the chosen entries' rows go on the sheet; their own grants do not apply.
  for (const CatalogEntry* e : counted) {
    const std::string mark = CatalogMark::text(entries->header->id, e->id);
    for (std::size_t n = 0; n < e->rows.size(); ++n) {
      const std::string key = fmt::format("{}#{}", mark, n + 1);
      if (c_.row_keys.insert(key).second) c_.rows.push_back(RowGrant{key, mark, e->id, &e->rows[n], {}});
    }
  }
  if (!counted.empty()) ++c_.version;
  active_answers_[p.key] = counted_ids;
  // BA-98 both ways: an entry a later choice of the same catalog records is not offered here either.
  std::set<std::string> later;
  for (const PendingSlot& other : pending_) {
    if (other.kind != PendingSlot::Kind::Entries || other.key == p.key || other.entries->catalog != slot.catalog)
      continue;
    if (auto it = answers_.choices.find(other.key); it != answers_.choices.end())
      later.insert(it->second.begin(), it->second.end());
  }
  std::size_t available = 0;
  for (const CatalogEntry& e : entries->entries) {
    if (e.rows.empty() || (!slot.ids.empty() && !contains(slot.ids, e.id))) continue;
    OfferView o{e.id, e.label, false, eligible(e)};
    const bool mine = contains(counted_ids, e.id);
    if (o.why.empty() && !mine &&
        (chosen_entries_.contains(CatalogMark::text(slot.catalog, e.id)) || later.contains(e.id))) {
      o.why = Reason::TakenByAnotherChoice;
    }
    // Quotas and `distinctBy` (BA-132) disable an offer and say why, as at a catalog step.
    const Why quota_why = o.why.empty() && !mine ? quota_refusal(slot.quota_rules, bound, counted, e) : Why{};
    if (!quota_why.empty()) o.why = quota_why;
    if (mine) o.why = Reason::AlreadyChosen;
    o.disabled = !o.why.empty();
    if (!o.disabled) ++available;
    // Shown disabled: what another answer or a later pick can free; what never fits the choice is not shown.
    if (o.why.empty() || mine || !quota_why.empty() || o.why.reason == Reason::ChoiceOfferedWhenZero ||
        o.why.reason == Reason::TakenByAnotherChoice) {
      view.offers.push_back(std::move(o));
    }
  }
  // Quota minimums count as at a catalog step (BA-118, BA-132).
  view.missing = std::max(std::max<std::int64_t>(0, view.count - static_cast<std::int64_t>(counted.size())),
                          quota_shortfall(slot.quota_rules, counted));
  if (static_cast<std::int64_t>(available) < view.missing) {
    if (constrained(slot) || !slot.quota_rules.quotas.empty() || !slot.quota_rules.distinct_by.empty())
      view.not_configured = true;
    else
      view.missing = static_cast<std::int64_t>(available);  // BA-82
  }
  // BA-82: an older choice with nothing left to offer and no answer is not shown.
  if (available == 0 && counted.empty() && !view.not_configured) view.hidden = true;
}

// --- the abilities step ------------------------------------------------------------------------

namespace {

std::vector<const Ability*> step_abilities(const Ruleset& rs, const BuilderStep& step) {
  std::vector<const Ability*> out;
  for (const Ability& a : rs.sheet.abilities) {
    if (a.computed()) continue;
    if (!step.abilities.empty() && !contains(step.abilities, a.id)) continue;
    out.push_back(&a);
  }
  return out;
}

Number point_cost(const BuilderStep::PointBuy& pb, Number score) {
  for (const auto& [s, cost] : pb.costs) {
    if (s == score) return cost;
  }
  return pb.costs.back().second;
}

}  // namespace

void Pass::abilities_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  for (const auto& method : kAbilityMethods) {
    if (step.offers(method.value)) view.methods.push_back(method.value);
  }
  const StepAnswers& a = answers_of(answers_, step.id);
  view.method = a.method;
  view.rolls = a.rolls;
  if (described_ || !a.method) return;  // BA-52: a described character's scores stay as they are
  const auto abilities = step_abilities(rs_, step);
  if (!step.offers(*a.method)) {
    view.notes.push_back(
        fmt::format("method `{}` is not one this step offers", choice_name(kAbilityMethods, *a.method)));
  } else if (a.method == AbilityMethod::PointBuy) {
    Number spent;
    for (const Ability* ab : abilities) {
      auto it = a.scores.find(ab->id);
      const Number score = it != a.scores.end() ? it->second : step.point_buy->costs.front().first;
      c_.base[ab->id] = score;
      spent += point_cost(*step.point_buy, score);
    }
    view.budget_left = step.point_buy->budget - spent;
  } else if (a.method == AbilityMethod::StandardArray || a.method == AbilityMethod::Roll) {
    if (a.method == AbilityMethod::StandardArray)
      view.pool = *step.standard_array;
    else
      for (const auto& r : a.rolls) view.pool.push_back(r.total);
    for (const Ability* ab : abilities) {
      auto it = a.assign.find(ab->id);
      if (it != a.assign.end() && it->second < static_cast<std::int64_t>(view.pool.size()))
        c_.base[ab->id] = view.pool[it->second];
    }
  } else if (a.method == AbilityMethod::Rolls) {
    // BC-82: the rolls in order, group by group; each is its own ability's and never moves.
    std::size_t n = 0;
    for (const RollGroup& g : step.roll_groups) {
      for (const auto& id : g.abilities) {
        const std::size_t k = n++;
        if (k >= a.rolls.size() || !g.dice.fits(a.rolls[k].faces)) continue;
        c_.base[id] = Number::of(g.dice.total(a.rolls[k].faces));
      }
    }
    if (!a.rolls.empty() && n != a.rolls.size())
      view.notes.push_back("the rolls kept do not match the step's groups any more: roll again");
  } else {
    for (const Ability* ab : abilities) {
      auto it = a.scores.find(ab->id);
      if (it == a.scores.end()) continue;
      Number lo = step.manual->min.value_or(ab->min), hi = step.manual->max.value_or(ab->max);
      c_.base[ab->id] = std::clamp(it->second, lo, hi);  // BA-50: the base, before grants
    }
  }
  ++c_.version;
}

void Pass::abilities_view(std::size_t index, StepView& view, const SheetView& sheet) {
  const BuilderStep& step = b_.steps[index];
  const auto abilities = step_abilities(rs_, step);
  std::int64_t unset = 0;
  for (const Ability* ab : abilities) {
    AbilityEntryView e;
    e.id = ab->id;
    e.label = ab->label;
    if (auto it = c_.base.find(ab->id); it != c_.base.end())
      e.base = it->second;
    else
      ++unset;
    if (auto s = sheet.abilities.find(ab->id); s != sheet.abilities.end()) {
      e.total = s->second.score.value;
      e.modifier = s->second.mod.value;
    }
    // BA-54: what selections add comes on top of the base. The player's own change of the score
    // (All fields, BA-42) is neither: it is shown apart, as `edit`.
    if (e.base) {
      e.bonus = ability_total(*ab, *e.base, c_.abilities) - *e.base;
      const Character& w = working();
      if (auto held = w.abilities.find(ab->id); held != w.abilities.end()) e.edit = held->second - (*e.base + e.bonus);
    } else {
      for (const auto& g : c_.abilities) {
        if (g.ability == ab->id) e.bonus += g.amount;
      }
    }
    if (view.method == AbilityMethod::Rolls) {
      // BC-87: each value shown with the faces of its own roll.
      std::size_t n = 0;
      for (const RollGroup& g : step.roll_groups) {
        for (const auto& id : g.abilities) {
          if (id == ab->id && n < view.rolls.size()) e.faces = view.rolls[n].faces;
          ++n;
        }
      }
    }
    view.abilities.push_back(std::move(e));
  }
  std::int64_t badge = 0;
  if (described_) {
    view.notes.push_back("described: the scores stay as they are until Done and a method is chosen (BA-52)");
  } else if (!view.method) {
    badge = 1;
    view.notes.push_back("choose a method");
  } else if (view.method == AbilityMethod::PointBuy) {
    if (view.budget_left && *view.budget_left > Number()) {
      const bool keep = answers_of(answers_, step.id).keep_unspent;
      badge = keep ? 0 : 1;
      view.notes.push_back(
          keep ? fmt::format("{} points left unspent, by choice", view.budget_left->to_string())
               : fmt::format("{} points unspent: spend them, or keep them unspent with {{\"step\": \"{}\", "
                             "\"keepUnspent\": true}}",
                             view.budget_left->to_string(), step.id));
    }
    if (view.budget_left && *view.budget_left < Number()) {
      badge = 1;
      view.notes.push_back(fmt::format("over budget by {}", (-*view.budget_left).to_string()));
    }
  } else if ((view.method == AbilityMethod::Roll || view.method == AbilityMethod::Rolls) && view.rolls.empty()) {
    badge = 1;
    view.notes.push_back("roll the scores");
  } else {
    badge = unset;
  }
  view.badge = badge;
}

}  // namespace rk::builder
