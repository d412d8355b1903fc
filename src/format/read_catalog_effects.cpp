// Catalogs. What an entry does in numbers (its `mechanics`, in the reference's closed vocabulary),
// and the pieces an entry and a creature share (docs/format/catalogs.md, "mechanics").
#include <algorithm>
#include <set>

#include "format/catalog_mark.hpp"
#include "format/combat_model.hpp"
#include "format/limits.hpp"
#include "format/read_catalog_ref.hpp"
#include "format/read_contextual.hpp"
#include "format/read_resolution.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

bool is_sheet_id(std::string_view id) {
  if (id.empty() || id.size() > limits::kRefSheetIdLength || id.front() < 'a' || id.front() > 'z') return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

namespace {

/// Digits from `i` on, at least `min` and at most `max` of them; returns their value or -1.
std::int64_t take_digits(std::string_view s, std::size_t& i, std::size_t min, std::size_t max) {
  std::size_t n = 0;
  std::int64_t value = 0;
  while (i < s.size() && n < max && s[i] >= '0' && s[i] <= '9') {
    value = value * 10 + (s[i] - '0');
    ++i;
    ++n;
  }
  return n < min ? -1 : value;
}

}  // namespace

bool is_catalog_dice(std::string_view s) {
  if (s.size() > limits::kCatalogDiceLength || s.empty() || s.front() == '0') return false;
  std::size_t i = 0;
  if (take_digits(s, i, 1, 3) < 1 || i >= s.size() || s[i] != 'd') return false;
  ++i;
  if (i >= s.size() || s[i] == '0') return false;
  if (take_digits(s, i, 1, 4) < 2) return false;
  if (i == s.size()) return true;
  if (s[i] != '+' && s[i] != '-') return false;
  ++i;
  return take_digits(s, i, 1, 4) >= 0 && i == s.size();
}

std::optional<std::string> sheet_id_key(ObjectReader& r, std::string_view key, bool required) {
  auto s = r.string(key, required, 1'000'000);
  if (!s) return s;
  if (!is_sheet_id(*s)) {
    r.error(
        Code::BadId, key,
        "`{}` is \"{}\", which is not a sheet id (a lowercase letter, then lowercase letters, digits and underscores, "
        "at most {})",
        key, s->substr(0, 80), limits::kRefSheetIdLength);
    return std::nullopt;
  }
  return s;
}

std::optional<std::int64_t> whole_key(ObjectReader& r, std::string_view key, bool required, std::int64_t min,
                                      std::int64_t max) {
  auto n = r.number(key, required, true);
  if (!n) return std::nullopt;
  if (*n < Number::of(min) || *n > Number::of(max)) {
    r.error(Code::OutOfRange, key, "`{}` is a whole number from {} to {}, found {}", key, min, max, n->to_string());
    return std::nullopt;
  }
  return n->whole();
}

std::optional<Number> ranged_key(ObjectReader& r, std::string_view key, bool required, Number min, Number max,
                                 bool above_min) {
  auto n = r.number(key, required);
  if (!n) return n;
  if ((above_min ? *n <= min : *n < min) || *n > max) {
    r.error(Code::OutOfRange, key, "`{}` is {} {} and at most {}, found {}", key, above_min ? "above" : "at least",
            min.to_string(), max.to_string(), n->to_string());
    return std::nullopt;
  }
  return n;
}

bool true_key(ObjectReader& r, std::string_view key) {
  auto b = r.boolean(key);
  if (b && !*b) r.error(Code::BadValue, key, "`{}` is written `true` or left out", key);
  return b.value_or(false);
}

std::optional<std::vector<std::string>> sheet_id_list(ObjectReader& r, std::string_view key, bool required,
                                                      std::size_t min, std::size_t max) {
  const bj::array* a = r.array(key, required);
  if (a == nullptr) return std::nullopt;
  if (a->size() < min || a->size() > max) {
    r.error(a->size() < min ? Code::TooFew : Code::TooMany, key, "`{}` names {} to {} ids, found {}", key, min, max,
            a->size());
  }
  std::vector<std::string> out;
  UniqueIds seen(fmt::format("{}: `{}`", r.what(), key), UniqueIds::Kind::Listed);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const bj::value& item = (*a)[i];
    if (!item.is_string() || !is_sheet_id(item.get_string())) {
      r.diagnostics().error(Code::BadId, json::child(r.at(key), i),
                            "{}: `{}` holds sheet ids (a lowercase letter, then "
                            "lowercase letters, digits and underscores)",
                            r.what(), key);
      continue;
    }
    if (seen.add(item.get_string(), json::child(r.at(key), i), r.diagnostics())) out.emplace_back(item.get_string());
  }
  return out;
}

std::optional<Amount> read_amount(const bj::value& v, const std::string& pointer, const std::string& what,
                                  Diagnostics& diagnostics, std::int64_t flat_min, std::int64_t flat_max,
                                  std::string_view nothing_message) {
  ObjectReader r(v, pointer, what, diagnostics);
  if (!r.ok()) return std::nullopt;
  Amount out;
  if (auto dice = r.string("dice", false, limits::kCatalogDiceLength)) {
    if (is_catalog_dice(*dice))
      out.dice = *dice;
    else
      r.error(Code::BadValue, "dice",
              "\"{}\" is not dice: write a count, `d` and at least two sides, with one "
              "optional adjustment (\"2d6\", \"1d8+3\")",
              *dice);
  }
  out.flat = whole_key(r, "flat", false, flat_min, flat_max);
  if (!r.has("dice") && !r.has("flat")) r.error(Code::MissingKey, "", "{}", nothing_message);
  return out;
}

namespace {

constexpr std::int64_t kAnyFlat = std::int64_t{1} << 40;  // `flat: z.number().int()` has no bound of its own

void check_save(const Sheet& s, const std::string& save, const std::string& pointer, const std::string& what,
                Diagnostics& d) {
  if (save.empty() || s.save_index.contains(save)) return;
  std::vector<std::string> ids;
  for (const auto& x : s.saves) ids.push_back(x.id);
  d.error(Code::UnknownReference, pointer, "{}: the sheet declares no save `{}`{}", what, save,
          did_you_mean(save, ids));
}

void check_condition(const Sheet& s, const std::string& condition, const std::string& pointer, const std::string& what,
                     Diagnostics& d) {
  if (condition.empty() || s.condition_index.contains(condition)) return;
  std::vector<std::string> ids;
  for (const auto& x : s.conditions) ids.push_back(x.id);
  d.error(Code::UnknownReference, pointer, "{}: the sheet declares no condition `{}`{}", what, condition,
          did_you_mean(condition, ids));
}

}  // namespace

std::vector<DamageClause> read_damage_clauses(ObjectReader& r, std::string_view key, const EffectContext& ec) {
  std::vector<DamageClause> out;
  const bj::array* a = r.array(key, false);
  if (a == nullptr) return out;
  r.check_limit(limits::kDamageClauses, a->size(), key);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string cp = json::child(r.at(key), i);
    ObjectReader c((*a)[i], cp, fmt::format("{} `{}` clause #{}", r.what(), key, i + 1), r.diagnostics());
    if (!c.ok()) continue;
    DamageClause clause;
    if (auto dice = c.string("dice", false, limits::kCatalogDiceLength)) {
      if (is_catalog_dice(*dice))
        clause.amount.dice = *dice;
      else
        c.error(Code::BadValue, "dice", "\"{}\" is not dice such as \"2d6\" or \"1d8+3\"", *dice);
    }
    clause.amount.flat = whole_key(c, "flat", false, limits::kCatalogClauseFlatMin, limits::kCatalogClauseFlatMax);
    if (!c.has("dice") && !c.has("flat")) c.error(Code::MissingKey, "", "a clause names dice, a flat amount, or both");
    clause.type = c.prompt_text("type", false, limits::kDamageTypeLength).value_or("");
    if (const bj::value* save = c.get("save")) {
      ObjectReader sr(*save, c.at("save"), c.what() + " `save`", r.diagnostics());
      if (sr.ok()) {
        ClauseSave cs;
        cs.save = sheet_id_key(sr, "save", true).value_or("");
        check_save(ec.sheet(), cs.save, sr.at("save"), sr.what(), r.diagnostics());
        cs.difficulty = whole_key(sr, "difficulty", false, 0, limits::kCatalogClauseSaveDifficultyMax);
        cs.on_success = sr.choice("onSuccess", true, kClauseSaveOutcomes).value_or(SaveOutcome::None);
        clause.save = cs;
      }
    }
    out.push_back(std::move(clause));
  }
  return out;
}

std::optional<ReactionMoment> read_reaction_moment(const bj::value& v, const std::string& pointer,
                                                   const std::string& what, Diagnostics& diagnostics) {
  ObjectReader r(v, pointer, what + " `reaction`", diagnostics);
  if (!r.ok()) return std::nullopt;
  ReactionMoment m;
  m.on = r.choice("on", true, kReactionMoments).value_or(ReactionOn::Aimed);
  m.at = r.choice("at", false, kReactionAt).value_or(ReactionAt::Source);
  m.cancels = true_key(r, "cancels");
  if (m.cancels && (m.on == ReactionOn::Hit || m.on == ReactionOn::Harmed)) {
    r.error(
        Code::BadValue, "cancels",
        "only an \"aimed\" or \"used\" reaction cancels: a \"{}\" moment has already happened and cannot be called off",
        choice_name(kReactionMoments, m.on));
  }
  if (const bj::value* against = r.get("against")) {
    ObjectReader a(*against, r.at("against"), r.what() + " `against`", diagnostics);
    m.against_catalogs =
        sheet_id_list(a, "catalogs", true, 1, limits::kReactionCatalogs).value_or(std::vector<std::string>{});
    m.against_pointer = a.at("catalogs");
  }
  return m;
}

std::vector<AppliedCondition> read_applied_conditions(ObjectReader& r, std::string_view key, const EffectContext& ec) {
  std::vector<AppliedCondition> out;
  const bj::array* a = r.array(key, false);
  if (a == nullptr) return out;
  r.check_limit(limits::kAppliedConditions, a->size(), key);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string ap = json::child(r.at(key), i);
    ObjectReader c((*a)[i], ap, fmt::format("{} `{}` #{}", r.what(), key, i + 1), r.diagnostics());
    if (!c.ok()) continue;
    AppliedCondition applied;
    applied.condition = sheet_id_key(c, "condition", true).value_or("");
    check_condition(ec.sheet(), applied.condition, c.at("condition"), c.what(), r.diagnostics());
    if (const bj::value* duration = c.get("duration")) {
      const auto word = duration->is_string() ? choice_of(kDurationWords, duration->get_string()) : std::nullopt;
      if (word) {
        applied.duration = *word == DurationWord::UntilSave ? AppliedCondition::Duration::UntilSave
                                                            : AppliedCondition::Duration::Instant;
      } else if (duration->is_object()) {
        ObjectReader d(*duration, c.at("duration"), c.what() + " `duration`", r.diagnostics());
        applied.duration = AppliedCondition::Duration::Rounds;
        applied.rounds = whole_key(d, "rounds", true, 1, limits::kEffectRounds).value_or(0);
        applied.counts_at_turn_start = d.choice("at", false, kRoundsCountAt).has_value();
        if (applied.counts_at_turn_start) ec.cx.requirement.use(Gate::AppliedTimings, d.at("at"));
      } else {
        c.error(Code::BadValue, "duration",
                "`duration` is \"instant\", \"until-save\" or `{{ \"rounds\": n }}` (optionally with `\"at\": "
                "\"turn-start\"`)");
      }
    } else {
      c.error(Code::MissingKey, "", "`duration` is required");
    }
    if (const bj::value* ends = c.get("saveEnds")) {
      ObjectReader se(*ends, c.at("saveEnds"), c.what() + " `saveEnds`", r.diagnostics());
      applied.save_ends = sheet_id_key(se, "save", true).value_or("");
      check_save(ec.sheet(), applied.save_ends, se.at("save"), se.what(), r.diagnostics());
      applied.save_ends_at = se.choice("at", true, kSaveEndsAt);
    }
    if (applied.duration == AppliedCondition::Duration::UntilSave && !c.has("saveEnds")) {
      c.error(Code::MissingKey, "", "\"until-save\" needs `saveEnds`, the save that takes the condition off again");
    }
    applied.ends_after = c.choice("endsAfter", false, kEndsAfter);
    if (applied.ends_after) ec.cx.requirement.use(Gate::AppliedTimings, c.at("endsAfter"));
    out.push_back(std::move(applied));
  }
  return out;
}

std::optional<Rider> read_rider(const bj::value& v, const std::string& pointer, const std::string& what, bool creature,
                                Diagnostics& diagnostics) {
  ObjectReader r(v, pointer, what, diagnostics);
  if (!r.ok()) return std::nullopt;
  Rider rider;
  if (creature) {
    rider.id = sheet_id_key(r, "id", true).value_or("");
    rider.name = r.prompt_text("name", true, limits::kActionNameLength).value_or("");
  }
  r.choice("on", true, kRiderMoments);
  if (const bj::array* when = r.array("when", false)) {
    if (when->empty() || when->size() > 2)
      r.error(when->empty() ? Code::TooFew : Code::TooMany, "when", "`when` names 1 or 2 moments");
    for (std::size_t i = 0; i < when->size(); ++i) {
      const bj::value& w = (*when)[i];
      if (const auto moment = w.is_string() ? choice_of(kRiderWhen, w.get_string()) : std::nullopt) {
        rider.when.push_back(*moment);
      } else {
        diagnostics.error(Code::BadValue, json::child(r.at("when"), i),
                          "{}: `when` holds \"advantage\" or \"ally-adjacent\"", r.what());
      }
    }
  }
  rider.once_per = r.choice("oncePer", true, kOncePer).value_or(OncePer::Turn);
  if (const bj::value* amount = r.get("amount")) {
    if (auto a = read_amount(*amount, r.at("amount"), r.what() + " `amount`", diagnostics, -kAnyFlat, kAnyFlat,
                             "a rider names dice, a flat amount, or both")) {
      rider.amount = *a;
    }
  } else {
    r.error(Code::MissingKey, "", "`amount` is required");
  }
  rider.type = r.prompt_text("type", false, limits::kDamageTypeLength).value_or("");
  if (creature) {
    rider.actions =
        sheet_id_list(r, "actions", false, 1, limits::kCreatureActions).value_or(std::vector<std::string>{});
  } else {
    rider.sources = sheet_id_list(r, "sources", false, 1, limits::kRiderSources).value_or(std::vector<std::string>{});
    if (const bj::value* requires_ = r.get("requires")) {
      ObjectReader q(*requires_, r.at("requires"), r.what() + " `requires`", diagnostics);
      rider.requires_column = sheet_id_key(q, "column", true).value_or("");
    }
  }
  return rider;
}

namespace {

/// The keys a passive rider entry carries nothing of: nobody takes it, so nothing would be spent or aimed.
constexpr std::string_view kRiderForbids[] = {
    "range",       "area",          "targets",    "friendlyFire", "amount",
    "damageType",  "plus",          "attackRoll", "save",         "cost",
    "perCostStep", "concentration", "reaction",   "targetCount",  "targetsPerCostStep",
    "autoHit",     "applies",       "temporary",  "budget",       "free",
    "gives",       "standard"};

std::optional<Amount> amount_key(ObjectReader& r, std::string_view key, Diagnostics& d) {
  const bj::value* v = r.get(key);
  if (v == nullptr) return std::nullopt;
  // The reference lets `amount` be empty; an entry that names no number there says nothing, which we accept.
  ObjectReader a(*v, r.at(key), fmt::format("{} `{}`", r.what(), key), d);
  if (!a.ok()) return std::nullopt;
  Amount out;
  if (auto dice = a.string("dice", false, limits::kCatalogDiceLength)) {
    if (is_catalog_dice(*dice))
      out.dice = *dice;
    else
      a.error(Code::BadValue, "dice", "\"{}\" is not dice such as \"2d6\" or \"1d8+3\"", *dice);
  }
  if (auto flat = a.number("flat", false, true)) out.flat = flat->whole();
  return out;
}

/// A whole number at `key` of `v`, or nothing; the checks and their refusals are check_check_effect's.
std::optional<std::int64_t> whole_at(const bj::value* v, std::string_view key) {
  const bj::value* m = v != nullptr && v->is_object() ? v->get_object().if_contains(key) : nullptr;
  const auto n = m != nullptr && m->is_number() ? to_number(*m) : std::nullopt;
  if (!n || !n->is_integer()) return std::nullopt;
  return n->whole();
}

void read_check_effect(ObjectReader& r, EntryEffect& e, const EffectContext& ec) {
  const bj::value* v = r.get("check");
  if (v == nullptr) return;
  // What a charm does to a roll is held to the ruleset's own pool (read_resolution_kinds.cpp).
  check_check_effect(*v, r.at("check"), r.what(), ec.ruleset.resolution, ec.cx);
  if (!v->is_object()) return;
  EntryEffect::CheckEffect out;
  const bj::value* reroll = v->get_object().if_contains("reroll");
  out.reroll_up_to = whole_at(reroll, "upTo");
  if (reroll != nullptr && reroll->is_object()) {
    if (const bj::value* mode = reroll->get_object().if_contains("mode"); mode != nullptr && mode->is_string()) {
      out.reroll_mode = std::string(mode->get_string());
    }
  }
  out.dice = whole_at(v, "dice");
  out.successes = whole_at(v, "successes");
  out.threshold = whole_at(v, "threshold");
  out.explode = whole_at(v, "explode");
  out.twice_from = whole_at(v, "double");
  e.check = out;
}

void read_cost(ObjectReader& r, const EffectContext& ec, Mechanics& price) {
  const bj::array* cost = r.array("cost", false);
  if (cost == nullptr) return;
  r.check_limit(limits::kEffectCostTerms, cost->size(), "cost");
  const Sheet& s = ec.sheet();
  for (std::size_t i = 0; i < cost->size(); ++i) {
    ObjectReader t((*cost)[i], json::child(r.at("cost"), i), fmt::format("{} cost #{}", r.what(), i + 1),
                   ec.diagnostics());
    if (!t.ok()) continue;
    CostTerm term;
    const std::string pool = sheet_id_key(t, "pool", true).value_or("");
    if (auto amount = whole_key(t, "amount", true, 1, kAnyFlat)) term.amount = Number::of(*amount);
    if (pool.empty()) continue;
    // One key names a live pool or a pool group: "one slot of this group" without naming every pool.
    if (auto it = s.pool_index.find(pool); it != s.pool_index.end()) {
      term.pool = pool;
      term.pool_index = it->second;
    } else if (std::any_of(s.pools.begin(), s.pools.end(), [&](const Pool& p) { return p.group == pool; })) {
      term.group = pool;
    } else {
      std::vector<std::string> names;
      for (const auto& p : s.pools) {
        names.push_back(p.id);
        if (!p.group.empty()) names.push_back(p.group);
      }
      t.error(Code::UnknownReference, "pool", "no live pool or pool group is called `{}`{}", pool,
              did_you_mean(pool, names));
      continue;
    }
    price.cost.push_back(std::move(term));
  }
}

void read_scales(ObjectReader& r, EntryEffect& e, const EffectContext& ec) {
  const bj::value* v = r.get("scales");
  if (v == nullptr) return;
  ObjectReader sr(*v, r.at("scales"), r.what() + " `scales`", ec.diagnostics());
  if (!sr.ok()) return;
  if (const bj::value* from = sr.get("from")) {
    if (auto ref = read_ref(*from, sr.at("from"), sr.what(), ec.cx)) {
      resolve_sheet_ref(ec.ruleset, *ref, sr.what(), ec.diagnostics());
      // It grows with the build, never with what moves in play.
      if (ref_reads_live(ec.ruleset, *ref)) {
        sr.error(Code::ReadsLiveState, "from",
                 "`from` reads the sheet's build, not live state (pools, tracks, live states)");
      } else {
        e.scales_from = *ref;
      }
    }
  } else {
    sr.error(Code::MissingKey, "", "`from` is required");
  }
  if (const bj::array* table = sr.array("table", true)) {
    if (table->empty()) sr.error(Code::BadStepTable, "table", "`table` needs at least one [threshold, extra dice] row");
    check_limit(limits::kStepTableRows, table->size(), sr.at("table"), sr.what() + " `table`", ec.diagnostics());
    e.scales_table = read_number_pairs(*table, sr.at("table"), sr.what(), false, Code::BadStepTable, ec.diagnostics());
  }
}

void read_budget_keys(ObjectReader& r, EntryEffect& e, const EffectContext& ec) {
  e.budget = sheet_id_key(r, "budget", false).value_or("");
  e.free = true_key(r, "free");
  if (e.free && r.has("budget"))
    r.error(Code::ConflictingKeys, "free", "something free spends no budget, so it names none");
  if (const bj::array* gives = r.array("gives", false)) {
    if (gives->empty() || gives->size() > limits::kGivenBudgets) {
      r.error(gives->empty() ? Code::TooFew : Code::TooMany, "gives", "`gives` hands out 1 to {} budgets",
              limits::kGivenBudgets);
    }
    for (std::size_t i = 0; i < gives->size(); ++i) {
      ObjectReader g((*gives)[i], json::child(r.at("gives"), i), fmt::format("{} `gives` #{}", r.what(), i + 1),
                     ec.diagnostics());
      auto budget = sheet_id_key(g, "budget", true);
      auto count = whole_key(g, "count", true, 1, limits::kGivenBudgetCount);
      if (budget && count) e.gives.emplace_back(*budget, *count);
    }
  }
  if (const bj::value* standard = r.get("standard")) {
    ObjectReader st(*standard, r.at("standard"), r.what() + " `standard`", ec.diagnostics());
    e.standard_budget = sheet_id_key(st, "budget", true).value_or("");
    if (const bj::array* actions = st.array("actions", true)) {
      if (actions->empty() || actions->size() > limits::kStandardActions) {
        st.error(actions->empty() ? Code::TooFew : Code::TooMany, "actions", "`actions` names 1 to {} standard actions",
                 limits::kStandardActions);
      }
      static constexpr std::string_view kStandard[] = {"dash", "disengage", "dodge", "help", "hide", "ready"};
      for (std::size_t i = 0; i < actions->size(); ++i) {
        const bj::value& a = (*actions)[i];
        const std::string ap = json::child(st.at("actions"), i);
        if (!a.is_string() ||
            std::find(std::begin(kStandard), std::end(kStandard), a.get_string()) == std::end(kStandard)) {
          ec.diagnostics().error(Code::BadValue, ap,
                                 "{}: a standard action is dash, disengage, dodge, help, hide or ready", st.what());
        } else if (std::find(e.standard_actions.begin(), e.standard_actions.end(), a.get_string()) !=
                   e.standard_actions.end()) {
          ec.diagnostics().error(Code::DuplicateId, ap, "{}: standard action `{}` is named twice", st.what(),
                                 std::string_view(a.get_string()));
        } else {
          e.standard_actions.emplace_back(a.get_string());
        }
      }
    }
  }
}

}  // namespace

std::optional<EntryEffect> read_entry_effect(const bj::value& v, const std::string& pointer, const std::string& what,
                                             const EffectContext& ec, Mechanics& price) {
  ObjectReader r(v, pointer, what + " `mechanics`", ec.diagnostics());
  if (!r.ok()) return std::nullopt;
  Diagnostics& d = ec.diagnostics();
  EntryEffect e;
  e.kind = r.choice("kind", true, kEntryKinds);
  price.range = ranged_key(r, "range", false, Number(), Number::raw(Number::kMaxRaw));
  if (const bj::value* area = r.get("area")) {
    ObjectReader a(*area, r.at("area"), r.what() + " `area`", d);
    price.area_shape = a.choice("shape", true, kAreaShapes);
    price.area_size = ranged_key(a, "size", true, Number(), Number::raw(Number::kMaxRaw), true);
  }
  e.targets = r.choice("targets", false, kTargetKinds);
  e.friendly_fire = r.boolean("friendlyFire");
  e.amount = amount_key(r, "amount", d);
  e.damage_type = r.prompt_text("damageType", false, limits::kDamageTypeLength).value_or("");
  e.plus = read_damage_clauses(r, "plus", ec);
  e.attack_roll = r.boolean("attackRoll");
  if (const bj::value* save = r.get("save")) {
    ObjectReader s(*save, r.at("save"), r.what() + " `save`", d);
    e.save = sheet_id_key(s, "save", true).value_or("");
    check_save(ec.sheet(), e.save, s.at("save"), s.what(), d);
    e.save_on_success = s.choice("onSuccess", true, kSaveOutcomes).value_or(SaveOutcome::None);
  }
  read_cost(r, ec, price);
  e.per_cost_step = amount_key(r, "perCostStep", d);
  read_check_effect(r, e, ec);
  read_entry_contextual(r, e, ec);
  e.concentration = r.boolean("concentration");
  if (const bj::value* reaction = r.get("reaction")) {
    if (reaction->is_bool()) {
      e.reaction = reaction->get_bool();
    } else if (reaction->is_object()) {
      e.reaction = true;
      e.reaction_moment = read_reaction_moment(*reaction, r.at("reaction"), r.what(), d);
      // The chapter's gates: a moment 1.33, `used` or `against` 1.44, `hit` 1.46.
      ec.cx.requirement.use(Gate::ReactionMoment, r.at("reaction"));
      if (e.reaction_moment &&
          (e.reaction_moment->on == ReactionOn::Used || !e.reaction_moment->against_pointer.empty())) {
        ec.cx.requirement.use(Gate::ReactionUsedAgainst, r.at("reaction"));
      }
      if (e.reaction_moment && e.reaction_moment->on == ReactionOn::Hit)
        ec.cx.requirement.use(Gate::ReactionHit, r.at("reaction"));
    } else {
      r.error(Code::WrongType, "reaction", "`reaction` is `true`, `false` or a moment such as {{ \"on\": \"aimed\" }}");
    }
  }
  if (auto count = whole_key(r, "targetCount", false, 1, limits::kTargetsMax)) price.target_count = Number::of(*count);
  // CA-90: the spec's own key, kept beside the reference's vocabulary.
  if (auto per = whole_key(r, "targetsPerCostStep", false, 1, limits::kTargetsPerCostStep)) {
    ec.cx.requirement.use(Gate::TargetsPerCostStep, r.at("targetsPerCostStep"));
    price.targets_per_cost_step = Number::of(*per);
  }
  e.auto_hit = r.boolean("autoHit");
  e.applies = read_applied_conditions(r, "applies", ec);
  e.temporary = amount_key(r, "temporary", d);
  // A wound track has boxes and no buffer for temporary points, as an item's `use` says too.
  const CombatHealth* health = ec.ruleset.combat   ? &ec.ruleset.combat->health
                               : ec.ruleset.battle ? &ec.ruleset.battle->health
                                                   : nullptr;
  if (e.temporary && health != nullptr && health->kind == CombatHealth::Kind::Track) {
    r.error(Code::BadValue, "temporary", "health is the wound track `{}`, which carries no buffer for temporary points",
            health->id);
  }
  read_scales(r, e, ec);
  read_budget_keys(r, e, ec);
  if (const bj::value* rider = r.get("rider"))
    e.rider = read_rider(*rider, r.at("rider"), r.what() + " `rider`", false, d);

  // A rider and the kind that says so come together; a passive rider carries nothing that is taken.
  if (r.has("rider") && e.kind && *e.kind != UseKind::Rider) {
    r.error(Code::BadValue, "kind", "an entry with a `rider` is of the kind \"rider\", found \"{}\"",
            choice_name(kEntryKinds, *e.kind));
  }
  if (e.kind == UseKind::Rider) {
    if (!r.has("rider")) r.error(Code::MissingKey, "", "a \"rider\" entry says what its rider does in `rider`");
    for (std::string_view key : kRiderForbids) {
      if (r.has(key))
        r.error(Code::ConflictingKeys, key, "a rider is passive: nobody takes it, so it carries no `{}`", key);
    }
  }
  if (r.has("plus") && !r.has("amount"))
    r.error(Code::MissingKey, "plus", "a damage clause in `plus` needs an `amount` beside it");
  if (r.has("plus") && e.kind == UseKind::Heal)
    r.error(Code::ConflictingKeys, "plus", "a heal carries no damage clauses (`plus`)");
  check_entry_combat_names(v, pointer, r.what(), ec);
  return e;
}

namespace {

// A row picked out of a catalog names the entry a fight reads its price and mechanics from: a
// catalog that feeds that list, and, when its entries are inline, one of them.
void check_row_marks(const Ruleset& ruleset, const CreatureSheet& sheet, const std::string& what, Diagnostics& d) {
  for (const auto& m : sheet.marks) {
    const std::optional<CatalogMark> named = CatalogMark::parse(m.mark);
    if (!named) {
      d.error(Code::BadValue, m.pointer, "{}: `_catalog` is \"<catalog>/<entry>\", found \"{}\"", what,
              m.mark.substr(0, limits::kCatalogMarkLength));
      continue;
    }
    const std::string& catalog_id = named->catalog;
    const std::string& entry_id = named->entry;
    auto ci = ruleset.catalog_index.find(catalog_id);
    const Catalog* catalog = ci == ruleset.catalog_index.end() ? nullptr : &ruleset.catalogs[ci->second];
    if (catalog == nullptr || std::find(catalog->feeds.begin(), catalog->feeds.end(), m.list) == catalog->feeds.end()) {
      d.error(Code::UnknownReference, m.pointer, "{}: no catalog `{}` feeds list `{}`", what, catalog_id, m.list);
    } else if (catalog->asset.empty() && !catalog->entry_index.contains(entry_id)) {
      d.error(Code::UnknownReference, m.pointer, "{}: catalog `{}` has no entry `{}`", what, catalog_id, entry_id);
    }
  }
}

/// An entry that asks for a save (its own, one that ends a condition it applies, or a clause's
/// without its own difficulty) lands in a `combat.abilities` list that says how hard the save is:
/// a save against nothing would always succeed.
void check_save_difficulty(const Ruleset& ruleset, const CatalogEntry& e, const std::string& what,
                           Diagnostics& diagnostics) {
  if (!ruleset.combat) return;
  const EntryEffect& effect = *e.effect;
  const std::string mechanics = json::child(e.pointer, "mechanics");
  std::string asks;  // where the save is asked for
  if (!effect.save.empty()) asks = json::child(mechanics, "save");
  for (std::size_t i = 0; asks.empty() && i < effect.applies.size(); ++i) {
    if (!effect.applies[i].save_ends.empty()) asks = json::child(json::child(mechanics, "applies"), i);
  }
  for (std::size_t i = 0; asks.empty() && i < effect.plus.size(); ++i) {
    if (effect.plus[i].save && !effect.plus[i].save->difficulty) asks = json::child(json::child(mechanics, "plus"), i);
  }
  if (asks.empty()) return;
  for (const RowSpec& row : e.rows) {
    for (const AbilitySource& source : ruleset.combat->abilities) {
      if (source.rows.list != row.list || source.save_difficulty) continue;
      diagnostics.error(Code::MissingKey, asks,
                        "{}: it asks for a save, and `combat.abilities` for list `{}` has no `saveDifficulty`: a save "
                        "against nothing would always succeed",
                        what, row.list);
      return;
    }
  }
}

}  // namespace

void check_cross_catalog_names(const Ruleset& ruleset, const Catalog& catalog, const std::vector<CatalogEntry>& entries,
                               Diagnostics& diagnostics) {
  auto check = [&](const ReactionMoment& m, const std::string& what) {
    for (std::size_t i = 0; i < m.against_catalogs.size(); ++i) {
      const std::string& id = m.against_catalogs[i];
      if (ruleset.catalog_index.contains(id)) continue;
      std::vector<std::string> ids;
      for (const auto& c : ruleset.catalogs) ids.push_back(c.id);
      diagnostics.error(Code::UnknownReference, json::child(m.against_pointer, i),
                        "{}: a reaction answers only entries of "
                        "this ruleset's catalogs, and there is no catalog `{}`{}",
                        what, id, did_you_mean(id, ids));
    }
  };
  for (const CatalogEntry& e : entries) {
    const std::string what = fmt::format("catalog `{}` entry `{}`", catalog.id, e.id);
    if (e.effect && e.effect->reaction_moment) check(*e.effect->reaction_moment, what);
    if (e.effect) check_save_difficulty(ruleset, e, what, diagnostics);
    if (!e.creature) continue;
    for (const CreatureAction& a : e.creature->actions) {
      if (a.reaction) check(*a.reaction, what + fmt::format(" action `{}`", a.id));
    }
    if (e.creature->sheet) check_row_marks(ruleset, *e.creature->sheet, what + " creature sheet", diagnostics);
  }
}

}  // namespace rk::detail
