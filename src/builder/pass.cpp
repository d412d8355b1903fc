// The builder's pass over its steps, in order (docs/format/builder.md "Evaluation"). Each step
// reads the sheet as the steps before it leave it (the player's own values plus what earlier
// steps give), so a class that sets the level is read by every later step (BA-24), and a step
// never reads its own selections (BA-89, BA-141).
#include <algorithm>

#include <fmt/format.h>

#include "builder/engine.hpp"
#include "format/catalog_mark.hpp"
#include "format/filter_match.hpp"

namespace rk::builder {

namespace {

const StepAnswers kNoAnswers;

std::string number_text(Number n) { return n.to_string(); }

bool quota_matches(const Quota& q, const CatalogEntry& e) {
  auto it = e.filters.find(q.filter);
  return it != e.filters.end() && choice_filter_holds(q.value, it->second);
}

}  // namespace

/// Counting selections under quotas and `distinctBy` (BA-115 – BA-123, BA-132): why `entry` may
/// not join `counting`, or no reason when it may.
Why quota_refusal(const QuotaRules& rules, std::int64_t bound, const std::vector<const CatalogEntry*>& counting,
                  const CatalogEntry& entry) {
  if (!rules.distinct_by.empty()) {
    auto mine = entry.filters.find(rules.distinct_by);
    if (mine == entry.filters.end()) return {Reason::NoDistinctByValue, {rules.distinct_by}};
    for (const CatalogEntry* other : counting) {
      auto theirs = other->filters.find(rules.distinct_by);
      if (theirs == other->filters.end()) continue;
      const auto a = named_parents(mine->second);
      const auto b = named_parents(theirs->second);
      const bool shared = (a.empty() || b.empty()) ? mine->second == theirs->second
                                                   : std::any_of(a.begin(), a.end(), [&](const std::string& t) {
                                                       return std::find(b.begin(), b.end(), t) != b.end();
                                                     });
      if (shared) return {Reason::SharesDistinctBy, {other->label, rules.distinct_by}};
    }
  }
  for (const Quota& q : rules.quotas) {
    if (!quota_matches(q, entry)) continue;
    const std::int64_t max = q.max.value_or(bound);
    const auto n =
        std::count_if(counting.begin(), counting.end(), [&](const CatalogEntry* e) { return quota_matches(q, *e); });
    if (n >= max) return {Reason::QuotaFull, {q.filter, std::to_string(n), std::to_string(max)}};
  }
  return {};
}

/// BA-118, BA-132: how many selections the quota minimums still ask for.
std::int64_t quota_shortfall(const QuotaRules& rules, const std::vector<const CatalogEntry*>& counting) {
  std::int64_t missing = 0;
  for (const Quota& q : rules.quotas) {
    const auto n =
        std::count_if(counting.begin(), counting.end(), [&](const CatalogEntry* e) { return quota_matches(q, *e); });
    missing += std::max<std::int64_t>(0, q.min.value_or(0) - n);
  }
  return missing;
}

/// BA-121 – BA-123: drops the most recent selections of a rank that has not strictly fewer
/// selections than the rank below it. Returns the dropped ones.
std::vector<const CatalogEntry*> enforce_quota_below(const QuotaRules& rules,
                                                     std::vector<const CatalogEntry*>& counting) {
  std::vector<const CatalogEntry*> dropped;
  if (rules.quota_below.empty()) return dropped;
  const auto rank = [&](const CatalogEntry* e) -> std::int64_t {
    auto it = e->filters.find(rules.quota_below);
    if (it == e->filters.end()) return 0;
    const auto* n = std::get_if<Number>(&it->second.value);
    return n != nullptr && n->is_integer() && n->whole() > 0 ? n->whole() : 0;
  };
  for (bool changed = true; changed;) {
    changed = false;
    std::map<std::int64_t, std::int64_t> per_rank;
    for (const CatalogEntry* e : counting) ++per_rank[rank(e)];
    for (auto it = per_rank.rbegin(); it != per_rank.rend(); ++it) {
      const std::int64_t r = it->first;
      if (r <= 1 || it->second == 0) continue;
      const std::int64_t below = per_rank.contains(r - 1) ? per_rank[r - 1] : 0;
      if (below > it->second) continue;
      for (auto e = counting.rbegin(); e != counting.rend(); ++e) {
        if (rank(*e) == r) {
          dropped.push_back(*e);
          counting.erase(std::next(e).base());
          changed = true;
          break;
        }
      }
      break;
    }
  }
  return dropped;
}

Why out_of_step(const BuilderStep& step, const CatalogEntry& e, const std::vector<std::string>& parents,
                std::optional<Number> up_to) {
  for (const auto& [filter, wanted] : step.filters) {
    auto has = e.filters.find(filter);
    if (has == e.filters.end() || !step_filter_holds(wanted, has->second))
      return {Reason::StepFilterMismatch, {filter}};
  }
  if (step.within) {
    auto has = e.filters.find(step.within->filter);
    const auto named = has == e.filters.end() ? std::vector<std::string>{} : named_parents(has->second);
    const bool ok = std::any_of(named.begin(), named.end(), [&](const std::string& p) {
      return std::find(parents.begin(), parents.end(), p) != parents.end();
    });
    if (!ok) return {Reason::ParentNotSelected, {step.within->step}};
  }
  if (up_to && step.up_to) {
    auto has = e.filters.find(step.up_to->filter);
    if (has != e.filters.end()) {
      const auto* n = std::get_if<Number>(&has->second.value);
      if (n != nullptr && *n > *up_to)
        return {Reason::AboveUpTo, {step.up_to->filter, number_text(*n), number_text(*up_to)}};
    }
  }
  return {};
}

const StepAnswers& answers_of(const BuilderAnswers& answers, const std::string& step) {
  auto it = answers.steps.find(step);
  return it == answers.steps.end() ? kNoAnswers : it->second;
}

std::string kind_name(BuilderStep::Kind kind) { return std::string(choice_name(kStepKinds, kind)); }

Pass::Pass(const CatalogSet& catalogs, const Character& character, const BuilderAnswers& answers, bool described,
           const BuilderOptions& options)
    : catalogs_(catalogs),
      rs_(catalogs.ruleset()),
      b_(*catalogs.ruleset().sheet.builder),
      character_(character),
      answers_(answers),
      described_(described),
      options_(options),
      reads_lists_(builder_reads_lists(catalogs)) {}

const Character& Pass::working() {
  const bool with_rows = complete_ || reads_lists_;
  if (!working_ || working_version_ != c_.version || (with_rows && !working_complete_)) {
    reader_.reset();
    // A described character's selections change nothing (BA-149): every step reads the sheet as it is.
    if (described_) {
      working_ = character_;
    } else if (with_rows) {
      Reconciled r = reconcile(catalogs_, character_, answers_.wrote, c_);
      working_ = std::move(r.character);
      working_ledger_ = std::move(r.ledger);
    } else {
      // What the steps read needs no row: reconcile the sheet without its lists.
      Character bare;
      bare.ruleset = character_.ruleset;
      bare.fields = character_.fields;
      bare.abilities = character_.abilities;
      bare.skills = character_.skills;
      bare.saves = character_.saves;
      bare.bonuses = character_.bonuses;
      working_ = reconcile(catalogs_, bare, answers_.wrote, c_).character;
    }
    working_complete_ = described_ || with_rows;
    working_version_ = c_.version;
  }
  return *working_;
}

SheetReader& Pass::reader() {
  const Character& w = working();
  if (!reader_) reader_ = std::make_unique<SheetReader>(rs_, w);
  return *reader_;
}

void Pass::run() {
  active_.assign(b_.steps.size(), {});
  for (std::size_t i = 0; i < b_.steps.size(); ++i) {
    const BuilderStep& step = b_.steps[i];
    // BC-73: a later step reads the sheet as the steps before this one make it; what the player
    // typed is in it, what this and later steps give is not.
    const bool snapshot =
        std::any_of(b_.steps.begin(), b_.steps.end(), [&](const BuilderStep& s) { return s.reads_before_index == i; });
    if (snapshot && !before_.contains(i)) {
      auto sheet = std::make_unique<Character>(working());
      auto snapshot_reader = std::make_unique<SheetReader>(rs_, *sheet);
      before_.emplace(i, Snapshot{std::move(sheet), std::move(snapshot_reader)});
    }
    StepView view;
    view.id = step.id;
    view.label = step.label;
    view.kind = step.kind;
    // BA-111: shown and applied only while `when` reads > 0; BA-112: counted only while `requiredWhen` does.
    view.shown = !step.when || read(*step.when) > Number();
    const bool profile_hides = view.shown && hidden_by_profile(step);
    view.shown = view.shown && !profile_hides;
    view.required = !step.required_when || read(*step.required_when) > Number();
    views_.push_back(std::move(view));
    StepView& v = views_.back();
    if (!v.shown) {
      v.notes.push_back(profile_hides
                            ? "hidden: the character's profile does not bring this step; its answers are kept "
                              "and grant nothing (BC-71)"
                            : "hidden: its condition reads 0; its answers are kept (BA-113)");
      const auto& picks = answers_of(answers_, step.id).picks;
      for (const auto& id : picks) v.selections.push_back(SelectionView{id, id, false, Reason::StepHidden, false});
      continue;
    }
    switch (step.kind) {
      case BuilderStep::Kind::Catalog:
        catalog_step(i, v);
        break;
      case BuilderStep::Kind::Fields:
        fields_step(i, v);
        break;
      case BuilderStep::Kind::Abilities:
        abilities_step(i, v);
        break;
      case BuilderStep::Kind::Trained: {
        for (std::size_t s = 0; s < step.choose.size(); ++s) {
          const TrainedChoice& slot = step.choose[s];
          PendingSlot p{};
          p.kind = PendingSlot::Kind::Trained;
          p.source = p.host = p.display = i;
          p.key = slot.id.empty() ? fmt::format("{}/choose/{}", step.id, s) : step.id + "/" + slot.id;
          p.trained = &slot;
          pending_.push_back(p);
        }
        break;
      }
      case BuilderStep::Kind::StartingGear:
        gear_step(i, v);
        break;
      case BuilderStep::Kind::Choices:
        break;
      case BuilderStep::Kind::Allocate:
        allocate_step(i, v);
        break;
      case BuilderStep::Kind::Spend:
        spend_step(i, v);
        break;
      case BuilderStep::Kind::Initialize:
        initialize_step(i, v);
        break;
      case BuilderStep::Kind::Roll:
        roll_step(i, v);
        break;
      case BuilderStep::Kind::Rows:  // its rows are the sheet's own: seen once the sheet is final
        break;
    }
    run_slots(i);
  }
  // Slots whose host step is hidden are not applied; they show at their source step.
  for (const PendingSlot& p : pending_) {
    StepView& v = views_[p.source];
    SlotView slot;
    slot.key = p.key;
    slot.source_step = b_.steps[p.source].id;
    slot.source_entry = p.entry_id;
    switch (p.kind) {
      case PendingSlot::Kind::Abilities:
        slot.kind = SlotView::Kind::Abilities;
        break;
      case PendingSlot::Kind::Entries:
        slot.kind = SlotView::Kind::Entries;
        break;
      case PendingSlot::Kind::Trained:
        slot.kind = p.trained->what == TrainedChoice::What::Saves ? SlotView::Kind::Saves : SlotView::Kind::Skills;
        break;
    }
    v.notes.push_back(fmt::format("choice `{}` waits for step `{}`, which is hidden", p.key, b_.steps[p.host].id));
    v.slots.push_back(std::move(slot));
  }
  apply_free_ratings();  // those of selections after the last paid stage
  finish_pools();
  finish_initialize();
  // Badges: what each shown, required step still expects (BA-3, BA-112).
  complete_ = true;  // the final sheet holds every row
  sheet_ = evaluate(rs_, working());
  const SheetView& sheet = *sheet_;
  check_rules();
  for (std::size_t i = 0; i < b_.steps.size(); ++i) {
    StepView& v = views_[i];
    if (b_.steps[i].kind == BuilderStep::Kind::Abilities && v.shown) abilities_view(i, v, sheet);
    if (b_.steps[i].kind == BuilderStep::Kind::Rows && v.shown) rows_view(i, v);
    std::int64_t badge = v.badge;
    for (const SlotView& s : v.slots) badge += s.missing;
    v.badge = (v.shown && v.required) ? badge : 0;
  }
}

void Pass::catalog_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  const CatalogEntries* entries = catalogs_.get(step.catalog);
  if (entries == nullptr || entries->errors.has_errors()) {
    view.notes.push_back(fmt::format("catalog `{}` cannot be read", step.catalog));
    return;
  }
  const Catalog& catalog = *entries->header;
  // What the step asks for and accepts (BA-12, BA-25).
  std::int64_t asks = step.min, accepts = step.max;
  if (step.count_from) {
    const Number n = read(*step.count_from).floor();
    accepts = std::clamp<std::int64_t>(n.whole(), 0, step.max);
    asks = accepts;
  }
  view.asks = asks;
  view.accepts = accepts;
  std::optional<Number> up_to;
  if (step.up_to) up_to = read_for(step, *step.up_to->value);
  std::vector<std::string> parents;
  if (step.within) {
    for (const CatalogEntry* e : active_[step.within->step_index]) parents.push_back(e->id);
  }
  view.within_parents = parents;
  view.up_to = up_to;
  const auto out_of_step = [&](const CatalogEntry& e) { return builder::out_of_step(step, e, parents, up_to); };
  const auto not_offered = [&](const CatalogEntry& e) -> Why {
    if (e.offered_when && read_for(step, *e.offered_when) <= Number()) return Reason::StepOfferedWhenZero;
    return {};
  };
  // Recorded selections, in selection order; `exclusiveDefault` stands in for an empty group (BA-93).
  std::vector<std::pair<const CatalogEntry*, bool>> picks;  // entry, implicit
  std::vector<std::string> unknown;
  const auto& recorded = answers_of(answers_, step.id).picks;
  std::set<std::string> groups;
  for (const auto& id : recorded) {
    const CatalogEntry* e = entries->find(id);
    if (e == nullptr)
      unknown.push_back(id);
    else {
      picks.emplace_back(e, false);
      if (!e->exclusive.empty()) groups.insert(e->exclusive);
    }
  }
  for (const CatalogEntry& e : entries->entries) {
    if (e.exclusive_default && !groups.contains(e.exclusive) && out_of_step(e).empty() && not_offered(e).empty()) {
      picks.insert(picks.begin(), {&e, true});
      groups.insert(e.exclusive);
    }
  }
  std::vector<const CatalogEntry*> counting;
  std::vector<Why> why(picks.size());  // per recorded selection: an entry may be recorded twice
  for (std::size_t k = 0; k < picks.size(); ++k) {
    const CatalogEntry& e = *picks[k].first;
    Why reason = out_of_step(e);
    if (reason.empty()) reason = not_offered(e);
    if (reason.empty() && !e.exclusive.empty()) {
      for (std::size_t later = k + 1; later < picks.size(); ++later) {
        if (picks[later].first->exclusive == e.exclusive)
          reason = {Reason::ReplacedInGroup, {picks[later].first->label, e.exclusive}};
      }
    }
    // BA-120: selections are distinct by entry id; a stored repeat counts once.
    if (reason.empty() && std::find(counting.begin(), counting.end(), &e) != counting.end())
      reason = Reason::RepeatedSelection;
    if (reason.empty()) reason = quota_refusal(step.quota_rules, step.max, counting, e);
    if (reason.empty() && static_cast<std::int64_t>(counting.size()) >= accepts)
      reason = {Reason::BeyondStepCount, {std::to_string(accepts)}};
    if (reason.empty())
      counting.push_back(&e);
    else
      why[k] = reason;
  }
  for (const CatalogEntry* e : enforce_quota_below(step.quota_rules, counting)) {
    for (std::size_t k = 0; k < picks.size(); ++k) {
      if (picks[k].first == e && why[k].empty()) why[k] = Reason::RankNeedsMoreBelow;
    }
  }
  for (std::size_t k = 0; k < picks.size(); ++k) {
    const auto& [e, implicit] = picks[k];
    view.selections.push_back(SelectionView{e->id, e->label, why[k].empty(), why[k], implicit});
  }
  for (const auto& id : unknown)
    view.selections.push_back(SelectionView{id, id, false, Reason::NoLongerInCatalog, false});
  // Offers (BA-11): every entry of the step, disabled with the reason when it cannot be picked now.
  for (const CatalogEntry& e : entries->entries) {
    if (!out_of_step(e).empty()) continue;
    OfferView o{e.id, e.label, false, {}};
    const bool selected = std::find(counting.begin(), counting.end(), &e) != counting.end();
    if (!selected) {
      o.why = not_offered(e);
      if (o.why.empty() && e.exclusive.empty()) o.why = quota_refusal(step.quota_rules, step.max, counting, e);
      if (o.why.empty() && accepts == 0) o.why = Reason::StepAcceptsNone;
      if (o.why.empty() && step.cost) o.why = pick_refusal(step, e);
      o.disabled = !o.why.empty();
    }
    view.offers.push_back(std::move(o));
  }
  // The badge: what the step still asks for, and quota minimums not met (BA-12, BA-118).
  std::int64_t missing = std::max<std::int64_t>(0, asks - static_cast<std::int64_t>(counting.size()));
  view.badge = std::max(missing, quota_shortfall(step.quota_rules, counting));
  if (view.badge > 0 && view.offers.empty()) {
    // A dead end says why and what to do first.
    if (step.within && parents.empty())
      view.notes.push_back(fmt::format(
          "nothing to pick yet: pick at step `{}` first; this step offers what belongs to the selection there (BA-19)",
          step.within->step));
    else if (entries->entries.empty())
      view.notes.push_back(fmt::format("not configured: catalog `{}` has no entries", step.catalog));
    else
      view.notes.push_back(
          fmt::format("nothing to pick: no entry of catalog `{}` fits the step now (its `filters`, `within` or `upTo`)",
                      step.catalog));
  }
  active_[index] = counting;
  // What the counting selections give; an entry selected at two steps gives once (BA-106).
  for (const CatalogEntry* e : counting) apply_entry(index, catalog, *e);
  // BA-17: the labels (or, for an enum, the id or label it offers) go into the step's field.
  if (!step.field.empty() && !counting.empty()) {
    const Field* field = nullptr;
    for (const auto& f : rs_.sheet.fields) {
      if (f.id == step.field) field = &f;
    }
    std::vector<std::string> names;
    for (const CatalogEntry* e : counting) {
      std::string name = e->label;
      if (field != nullptr && field->spec.type == ValueType::Enum) {
        const auto& values = field->spec.values;
        if (std::find(values.begin(), values.end(), e->id) != values.end())
          name = e->id;
        else if (std::find(values.begin(), values.end(), e->label) == values.end()) {
          view.notes.push_back(fmt::format(
              "`{}` is not written into field `{}`: the field offers neither its id `{}` nor its label (BA-17)",
              e->label, step.field, e->id));
          continue;
        }
      }
      names.push_back(name);
    }
    if (!names.empty()) {
      c_.fields[step.field] = Scalar{fmt::format("{}", fmt::join(names, ", "))};
      ++c_.version;
    }
  }
}

std::map<std::string, Scalar> Pass::stamp_for(const BuilderStep& step, const CatalogEntry& entry) {
  std::map<std::string, Scalar> out;
  for (const auto& [column, stamp] : step.stamp) {
    if (stamp.literal) {
      out[column] = *stamp.literal;
      continue;
    }
    // BA-33, BA-34: the first parent, in selection order, that this entry names.
    if (!step.within) continue;
    auto has = entry.filters.find(step.within->filter);
    if (has == entry.filters.end()) continue;
    const auto named = named_parents(has->second);
    for (const CatalogEntry* parent : active_[step.within->step_index]) {
      if (std::find(named.begin(), named.end(), parent->id) == named.end()) continue;
      if (stamp.part == BuilderStep::Stamp::Part::Id)
        out[column] = Scalar{parent->id};
      else if (stamp.part == BuilderStep::Stamp::Part::Label)
        out[column] = Scalar{parent->label};
      else if (auto f = parent->filters.find(stamp.from_within); f != parent->filters.end()) {
        if (const auto* s = std::get_if<std::string>(&f->second.value))
          out[column] = Scalar{*s};
        else if (const auto* n = std::get_if<Number>(&f->second.value))
          out[column] = Scalar{*n};
      }
      break;
    }
  }
  return out;
}

void Pass::apply_entry(std::size_t index, const Catalog& catalog, const CatalogEntry& entry) {
  const std::string mark = CatalogMark::text(catalog.id, entry.id);
  if (!granted_.insert(mark).second) return;
  const BuilderStep& step = b_.steps[index];
  for (std::size_t n = 0; n < entry.rows.size(); ++n) {
    const RowSpec& spec = entry.rows[n];
    std::map<std::string, Scalar> stamp = stamp_for(step, entry);
    // A stamp key is a column of every list the catalog feeds (BA-28); keep only this row's list's.
    std::erase_if(stamp, [&](const auto& kv) {
      const List& list = rs_.sheet.lists[spec.list_index];
      return !list.column_index.contains(kv.first);
    });
    const std::string key = fmt::format("{}#{}", mark, n + 1);
    if (c_.row_keys.insert(key).second) c_.rows.push_back(RowGrant{key, mark, entry.id, &spec, std::move(stamp)});
  }
  ++c_.version;
  if (!entry.grants) return;
  const Grants& g = *entry.grants;
  for (const auto& [ability, amount] : g.ability_add)
    c_.abilities.push_back(AbilityGrant{ability, amount, std::nullopt});
  const std::string tier = !g.tier.empty()    ? g.tier
                           : !b_.tier.empty() ? b_.tier
                                              : (rs_.resolution.tiers.size() > 1 ? rs_.resolution.tiers[1].id : "");
  for (const auto& s : g.skills) raise_tier(rs_, c_.skills, s, tier);
  for (const auto& s : g.saves) raise_tier(rs_, c_.saves, s, tier);
  for (const auto& [field, value] : g.sets) c_.fields[field] = value;
  // BB-29 – BB-31: free ratings gather across selections and apply before the next paid stage.
  for (const RatingGrant& r : g.ratings) {
    FreeRating& f = c_.free_ratings[r.target.key()];
    f.target = r.target;
    if (r.set) f.set = std::max(f.set.value_or(0), *r.set);
    if (r.add) f.add += *r.add;
    f.applied = false;
  }
  queue_slots(index, entry.id, g);
}

void Pass::fields_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  const Character& w = working();
  std::int64_t empty = 0;
  Number sum;
  for (const auto& id : step.fields) {
    const Field* field = nullptr;
    for (const auto& f : rs_.sheet.fields) {
      if (f.id == id) field = &f;
    }
    if (field == nullptr) continue;
    FieldEntryView f;
    f.id = id;
    f.label = field->label;
    if (auto it = w.fields.find(id); it != w.fields.end()) f.value = it->second;
    if (const auto* s = f.value ? std::get_if<std::string>(&f.value->value) : nullptr; s != nullptr && s->empty())
      f.value.reset();
    // BA-36: "still empty" is "not chosen yet"; an enum's blank-sheet value is no answer.
    f.chosen = field_chosen(*field, w.fields);
    if (!f.chosen) f.reads_as = field->spec.default_value;
    f.optional = std::find(step.optional_fields.begin(), step.optional_fields.end(), id) != step.optional_fields.end();
    if (auto sw = step.shown_when.find(id); sw != step.shown_when.end()) f.shown = read(sw->second) > Number();
    if (auto rec = answers_.wrote.fields.find(id); rec != answers_.wrote.fields.end()) f.owned = rec->second.owned;
    if (field->spec.is_numeric()) f.max = field->spec.max;
    if (f.shown && !f.optional && !f.chosen) ++empty;
    view.fields.push_back(std::move(f));
  }
  // BA-40, BA-41: a total lowers each input's maximum by the others' values, never below its minimum.
  if (step.total) {
    for (auto& f : view.fields) {
      if (f.value) {
        if (const auto* n = std::get_if<Number>(&f.value->value);
            n != nullptr &&
            std::find(step.total->fields.begin(), step.total->fields.end(), f.id) != step.total->fields.end())
          sum += *n;
      }
    }
    for (auto& f : view.fields) {
      if (std::find(step.total->fields.begin(), step.total->fields.end(), f.id) == step.total->fields.end()) continue;
      Number mine;
      if (f.value) {
        if (const auto* n = std::get_if<Number>(&f.value->value)) mine = *n;
      }
      Number field_min;
      for (const auto& sf : rs_.sheet.fields) {
        if (sf.id == f.id) field_min = sf.spec.min;
      }
      Number cap = Number::of(step.total->max) - (sum - mine);
      if (cap < field_min) cap = field_min;
      if (!f.max || cap < *f.max) f.max = cap;
    }
    if (sum > Number::of(step.total->max)) {
      ++empty;
      view.notes.push_back(
          fmt::format("the fields of the total add up to {}, above `total.max` {}; lower them to clear the badge, "
                      "Next still works (BA-41)",
                      number_text(sum), step.total->max));
    }
  }
  view.badge = empty;
}

void Pass::gear_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  view.free_edit = options_.free_gear;
  const CatalogEntries* entries = step.catalog.empty() ? nullptr : catalogs_.get(step.catalog);
  if (entries == nullptr || entries->errors.has_errors()) {
    view.notes.push_back("not configured: the ruleset names no starting gear");
    return;
  }
  const bool legal_only = step.strict && !options_.free_gear;
  const auto fits = [&](const CatalogEntry& e) -> Why {
    if (!e.fits) return {};
    const Number v = read(*e.fits->value);
    if (v >= e.fits->at_least) return {};
    return {Reason::GearDoesNotFit, {number_text(v), number_text(e.fits->at_least)}};
  };
  for (const CatalogEntry& e : entries->entries) {
    Why why = fits(e);
    if (legal_only && !why.empty()) continue;  // BA-59: no "Other gear" list
    view.offers.push_back(OfferView{e.id, e.label, false, why});
  }
  if (view.offers.empty()) view.notes.push_back("no starting gear fits this character; Next stays open (BA-63)");
  for (const auto& id : answers_of(answers_, step.id).picks) {
    const CatalogEntry* e = entries->find(id);
    if (e == nullptr) {
      view.selections.push_back(SelectionView{id, id, false, Reason::NoLongerInCatalog, false});
      continue;
    }
    Why why = fits(*e);
    if (legal_only && !why.empty()) {
      // BA-62: cleared, and the step says why.
      cleared_[step.id].push_back(id);
      view.notes.push_back(fmt::format("`{}` was cleared: {}", e->label, reason_text(why)));
      view.selections.push_back(SelectionView{id, e->label, false, why, false});
      continue;
    }
    view.selections.push_back(SelectionView{id, e->label, true, {}, false});
    const std::string mark = CatalogMark::text(entries->header->id, e->id);
    for (std::size_t n = 0; n < e->rows.size(); ++n) {
      const std::string key = fmt::format("{}#{}", mark, n + 1);
      if (c_.row_keys.insert(key).second) c_.rows.push_back(RowGrant{key, mark, e->id, &e->rows[n], {}});
    }
    ++c_.version;
  }
  const bool taken =
      std::any_of(view.selections.begin(), view.selections.end(), [](const SelectionView& s) { return s.counts; });
  view.badge = (!taken && !view.offers.empty()) ? 1 : 0;
}

}  // namespace rk::builder
