// The evaluator's values (evaluator.hpp): references, abilities, tiers, skills and saves, derived
// values, and the inputs they read (fields, states, list cells).
#include <algorithm>
#include <array>

#include "diag/assert.hpp"
#include "format/items_model.hpp"
#include "format/rounding.hpp"
#include "sheet/evaluator.hpp"

namespace rk::detail {

namespace {

std::string_view rounding_name(Rounding r) {
  switch (r) {
    case Rounding::Down:
      return "down";
    case Rounding::Up:
      return "up";
    case Rounding::Nearest:
      return "to nearest";
    case Rounding::None:
      return "";
  }
  return "";
}

}  // namespace

Evaluator::Evaluator(const Ruleset& rs, const Character& c, Explain explain)
    : rs_(rs), s_(rs.sheet), c_(c), explain_(explain == Explain::Yes) {
  abilities_.resize(s_.abilities.size());
  derived_.resize(s_.derived.size());
  skills_.resize(s_.skills.size());
  saves_.resize(s_.saves.size());
  tiers_.resize(rs.resolution.tiers.size());
  pools_.resize(s_.pools.size());
  tracks_.resize(s_.tracks.size());
}

// SH-70: the entries of `resolution.adjust` that touch a roll with this ability (the ability
// itself, or a skill or save that uses it). An entry without `abilities` touches every roll.
AdjustView Evaluator::adjust_for(const Id* ability_id) {
  AdjustView out;
  for (const Adjust& a : rs_.resolution.adjust) {
    const bool listed =
        ability_id != nullptr && std::find(a.abilities.begin(), a.abilities.end(), *ability_id) != a.abilities.end();
    if (!a.abilities.empty() && !listed) continue;
    out.total += ref(a.value, terms_of(out.terms), "adjust on the roll");
  }
  return out;
}

// ---- inputs as the sheet editor shows them (SH-16) ------------------------------------------

Scalar Evaluator::field_value(const Field& f) {
  auto it = c_.fields.find(f.id);
  if (it == c_.fields.end()) return f.spec.default_value;
  if (f.spec.type == ValueType::Enum && !f.spec.accepts(it->second)) {
    warn_once("/build/fields/" + f.id, Code::BadValue,
              "field `{}` holds {}, which the ruleset no longer offers; it reads as the default", f.id,
              std::get<std::string>(it->second.value));
    return f.spec.default_value;
  }
  return it->second;
}

Id Evaluator::state_value(const LiveState& st) {
  auto it = c_.states.find(st.id);
  if (it == c_.states.end()) return st.default_value;
  if (std::find(st.values.begin(), st.values.end(), it->second) == st.values.end()) {
    warn_once("/live/states/" + st.id, Code::BadValue,
              "live state `{}` holds `{}`, which the ruleset no longer offers; it reads as the default", st.id,
              it->second);
    return st.default_value;
  }
  return it->second;
}

bool Evaluator::hidden(const std::optional<HideWhen>& h) {
  if (!h || h->field_index == kNone) return false;
  const Scalar value = field_value(s_.fields[h->field_index]);
  const bool listed = std::find(h->values.begin(), h->values.end(), value) != h->values.end();
  switch (h->op) {
    case HideWhen::Op::Equals:
    case HideWhen::Op::In:
      return listed;
    case HideWhen::Op::NotEquals:
      return !listed;
  }
  return false;
}

Number Evaluator::as_number(const Scalar& s) {
  if (const auto* n = std::get_if<Number>(&s.value)) return *n;
  if (const auto* b = std::get_if<bool>(&s.value)) return Number::of(*b ? 1 : 0);
  return Number();
}

Scalar Evaluator::cell(const List& list, const Row& row, std::size_t column) {
  const Column& col = list.columns[column];
  if (col.computed()) {
    // BB-127: the sum of the named cells (empty cells read their default), held in the column's bounds.
    Number total;
    for (std::size_t t : col.sum_indices) total += as_number(cell(list, row, t));
    if (col.spec.integer) total = total.floor();
    return Scalar{std::clamp(total, col.spec.min, col.spec.max)};
  }
  auto it = row.cells.find(col.id);
  return it == row.cells.end() ? col.spec.default_value : it->second;
}

const std::vector<Row>& Evaluator::stored_rows(const List& list) {
  static const std::vector<Row> none;
  auto it = c_.lists.find(list.id);
  return it == c_.lists.end() ? none : it->second;
}

bool Evaluator::row_matches(const List& list, const Row& row, const std::optional<RowFilter>& where) {
  if (!where || where->column_index == kNone) return true;
  return cell(list, row, where->column_index) == where->equals;
}

std::vector<RowView> Evaluator::rows(const List& list) {
  std::vector<RowView> out;
  for (const Row& row : stored_rows(list)) {
    RowView r;
    r.id = row.id;
    r.catalog = row.catalog;
    for (std::size_t c = 0; c < list.columns.size(); ++c) r.cells.emplace(list.columns[c].id, cell(list, row, c));
    out.push_back(std::move(r));
  }
  return out;
}

// ---- references ----------------------------------------------------------------------------

Number Evaluator::ref(const Ref& r, std::vector<Term>* terms, std::string_view role) {
  Number value;
  switch (r.kind) {
    case RefKind::Const:
      value = r.constant;
      break;
    case RefKind::Field:
      value = as_number(field_value(s_.fields[r.index]));
      break;
    case RefKind::Derived:
      value = derived(r.index).value;
      break;
    case RefKind::AbilityScore:
      value = ability(r.index).score.value;
      break;
    case RefKind::AbilityMod:
      value = ability(r.index).mod.value;
      break;
    case RefKind::AbilityModFromField: {
      const std::string chosen = std::get<std::string>(field_value(s_.fields[r.index]).value);
      auto it = s_.ability_index.find(chosen);
      if (it != s_.ability_index.end()) value = ability(it->second).mod.value;
      break;
    }
    case RefKind::SkillMod:
    case RefKind::SaveMod: {
      const CheckView& cv = check(r.index, r.kind == RefKind::SaveMod);
      // A refused untrained check still has a number for formulas: the modifier without the refusal.
      value = cv.mod.value_or(cv.cap ? std::min(cv.uncapped, *cv.cap) : cv.uncapped);
      break;
    }
    case RefKind::ListSum: {
      const List& list = s_.lists[r.index];
      // Reference format: a list that `hideWhen` hides adds nothing.
      if (hidden(list.hide_when)) break;
      std::int64_t rows_read = 0;
      for (const Row& row : stored_rows(list)) {
        if (!row_matches(list, row, r.where)) continue;
        // Reference format: `onlyWhen` counts only the rows whose boolean cell is set.
        if (r.only_when_index != kNone && cell(list, row, r.only_when_index) != Scalar{true}) continue;
        ++rows_read;
        if (!r.count) value += as_number(cell(list, row, r.column_index));
      }
      if (r.count) value = Number::of(rows_read);
      break;
    }
    case RefKind::ItemStat:
      // Outside a game nobody holds anything, so it reads its `default`.
      value = r.item_default;
      break;
    case RefKind::LivePool:
      // Reference format: a hidden pool or track reads 0 (it is still computed and shown in `hidden`).
      if (!hidden(s_.pools[r.index].hide_when)) value = pool(r.index).current;
      break;
    case RefKind::LiveTrack: {
      if (hidden(s_.tracks[r.index].hide_when)) break;
      const TrackView& tv = track(r.index);
      // Reference format `read`: a wound track's value is its remaining levels (SH-49), so
      // `filled` is the levels marked and `remaining` is the same as `value`.
      switch (r.track_read) {
        case Ref::TrackRead::Value:
          value = tv.value;
          break;
        case Ref::TrackRead::Filled:
          value = tv.wound ? tv.max - tv.value : tv.value - tv.min;
          break;
        case Ref::TrackRead::Remaining:
          value = tv.wound ? tv.value : tv.max - tv.value;
          break;
        case Ref::TrackRead::Penalty:
          value = tv.penalty.value_or(Number());
          break;
      }
      break;
    }
  }
  if (terms != nullptr) {
    std::string text = ref_text(r);
    terms->push_back({role.empty() ? std::move(text) : fmt::format("{}: {}", role, text), value});
  }
  return value;
}

/// How a reference names what it read, for an explaining sheet; every value it names is memoized
/// by the time this is asked.
std::string Evaluator::ref_text(const Ref& r) {
  switch (r.kind) {
    case RefKind::Const:
      return "constant";
    case RefKind::Field:
      return fmt::format("field `{}`", r.target);
    case RefKind::Derived:
      return fmt::format("derived value `{}`", r.target);
    case RefKind::AbilityScore:
      return fmt::format("ability `{}` score", r.target);
    case RefKind::AbilityMod:
      return fmt::format("ability `{}` modifier", r.target);
    case RefKind::AbilityModFromField: {
      const Field& f = s_.fields[r.index];
      return fmt::format("ability `{}` modifier (chosen in field `{}`)", std::get<std::string>(field_value(f).value),
                         f.id);
    }
    case RefKind::SkillMod:
      return fmt::format("skill `{}` modifier", r.target);
    case RefKind::SaveMod:
      return fmt::format("save `{}` modifier", r.target);
    case RefKind::ListSum: {
      const List& list = s_.lists[r.index];
      if (hidden(list.hide_when)) return fmt::format("list `{}` is hidden: adds nothing", list.id);
      std::int64_t rows_read = 0;
      for (const Row& row : stored_rows(list)) {
        if (!row_matches(list, row, r.where)) continue;
        if (r.only_when_index != kNone && cell(list, row, r.only_when_index) != Scalar{true}) continue;
        ++rows_read;
      }
      std::string text =
          r.count ? fmt::format("count of rows in list `{}`", list.id)
                  : fmt::format("sum of column `{}` over {} rows of list `{}`", r.column, rows_read, list.id);
      if (r.where) text += fmt::format(" where `{}` = {}", r.where->column, scalar_text(r.where->equals));
      if (r.only_when_index != kNone) text += fmt::format(" only when `{}` is set", r.only_when);
      return text;
    }
    case RefKind::ItemStat:
      return fmt::format("items held ({}): none outside a game, so the default",
                         r.pick_count ? "count" : fmt::format("stat `{}`", r.column));
    case RefKind::LivePool:
      if (hidden(s_.pools[r.index].hide_when)) return fmt::format("pool `{}` is hidden: reads 0", r.target);
      return fmt::format("pool `{}` current", r.target);
    case RefKind::LiveTrack: {
      if (hidden(s_.tracks[r.index].hide_when)) return fmt::format("track `{}` is hidden: reads 0", r.target);
      static constexpr std::array<std::string_view, 4> kReadNames = {"value", "filled", "remaining", "penalty"};
      return r.track_read_given
                 ? fmt::format("track `{}` {}", r.target, kReadNames[static_cast<std::size_t>(r.track_read)])
                 : fmt::format("track `{}` {}", r.target, s_.tracks[r.index].wound ? "remaining levels" : "value");
    }
  }
  return {};
}

std::string Evaluator::scalar_text(const Scalar& s) {
  if (const auto* n = std::get_if<Number>(&s.value)) return n->to_string();
  if (const auto* b = std::get_if<bool>(&s.value)) return *b ? "true" : "false";
  return "\"" + std::get<std::string>(s.value) + "\"";
}

// ---- abilities, skills, saves -----------------------------------------------------------------

const AbilityView& Evaluator::ability(std::size_t i) {
  auto& memo = abilities_[i];
  if (memo.done) return memo.value;
  const Ability& a = s_.abilities[i];
  AbilityView v;
  v.computed = a.computed();
  if (a.computed()) {
    // BC-30: the sum of its Refs, held between min and max; a stored score is ignored (BC-33).
    Number total;
    for (const auto& r : a.value) total += ref(r, terms_of(v.score.terms));
    const Number held = std::clamp(total, a.min, a.max);
    if (held != total)
      note(
          v.score.terms, [&] { return fmt::format("held within {}-{}", a.min.to_string(), a.max.to_string()); }, held);
    v.score.value = held;
  } else if (auto it = c_.abilities.find(a.id); it != c_.abilities.end()) {
    v.score.value = it->second;
    note(
        v.score.terms, [] { return "score on the sheet"; }, it->second);
  } else {
    v.score.value = a.default_score;
    note(
        v.score.terms, [] { return "default score"; }, a.default_score);
  }
  if (rs_.resolution.ability_mod == Resolution::AbilityMod::FloorHalfMinusTen) {
    v.mod.value = (v.score.value - Number::of(10)).floor_div(2);
    note(
        v.mod.terms, [&] { return fmt::format("(score {} - 10) / 2, rounded down", v.score.value.to_string()); },
        v.mod.value);
  } else if (rs_.resolution.ability_mod == Resolution::AbilityMod::StepTable) {
    // The row of the highest threshold at or below the score; a score below the first
    // threshold reads the first row.
    const auto& table = rs_.resolution.ability_mod_table;
    Number mod = table.empty() ? Number() : table.front().second;
    for (const auto& [threshold, value] : table) {
      if (v.score.value < threshold) break;
      mod = value;
    }
    v.mod.value = mod;
    note(
        v.mod.terms,
        [&] { return fmt::format("score {} looked up in the ability modifier table", v.score.value.to_string()); },
        mod);
  } else {
    v.mod.value = v.score.value;
    note(
        v.mod.terms, [] { return "the score itself"; }, v.mod.value);
  }
  memo.value = std::move(v);
  memo.done = true;
  return memo.value;
}

const Explained& Evaluator::tier_bonus(std::size_t i) {
  auto& memo = tiers_[i];
  if (memo.done) return memo.value;
  const ProficiencyTier& t = rs_.resolution.tiers[i];
  Explained e;
  // round(multiplier x proficiency bonus) + flat; without a proficiency bonus the product is 0.
  const Number base =
      rs_.resolution.proficiency_bonus ? ref(t.bonus, terms_of(e.terms), "proficiency bonus") : Number();
  const Number trained = rounded(base * t.multiplier, t.round);
  note(
      e.terms, [&] { return fmt::format("times {}, rounded {}", t.multiplier.to_string(), rounding_name(t.round)); },
      trained);
  if (t.flat != Number())
    note(
        e.terms, [] { return "flat"; }, t.flat);
  e.value = trained + t.flat;
  memo.value = std::move(e);
  memo.done = true;
  return memo.value;
}

const CheckView& Evaluator::check(std::size_t i, bool save) {
  auto& memo = save ? saves_[i] : skills_[i];
  if (memo.done) return memo.value;
  const Check& c = save ? s_.saves[i] : s_.skills[i];
  const auto& stored = save ? c_.saves : c_.skills;
  CheckView v;
  std::size_t tier = 0;
  if (auto it = stored.find(c.id); it != stored.end()) {
    // The character reader keeps a tier the resolution does not declare out of `skills`/`saves`.
    const auto declared = s_.tier_index.find(it->second);
    RK_ASSERT(declared != s_.tier_index.end());
    tier = declared->second;
  }
  v.tier = rs_.resolution.tiers.empty() ? Id() : rs_.resolution.tiers[tier].id;
  Number total;
  if (c.ability_index != kNone) {
    const Number mod = ability(c.ability_index).mod.value;
    total += mod;
    note(
        v.terms, [&] { return fmt::format("ability `{}` modifier", c.ability); }, mod);
  }
  if (!rs_.resolution.tiers.empty()) {
    const Number bonus = tier_bonus(tier).value;
    total += bonus;
    note(
        v.terms, [&] { return fmt::format("tier `{}` bonus", v.tier); }, bonus);
  }
  // SH-3, SH-4: the first tier is untrained; the check's own rule beats its section's.
  if (tier == 0) {
    v.untrained = true;
    std::optional<Untrained> rule = c.untrained;
    const bool own_rule = rule.has_value();
    if (!rule && c.section_index != kNone) rule = s_.sections[c.section_index].untrained;
    const auto source = [&] {
      return own_rule ? std::string(save ? "the save's own rule" : "the skill's own rule")
                      : fmt::format("section `{}`", c.section);
    };
    if (rule) {
      switch (rule->rule) {
        case Untrained::Rule::AsUsual:
          break;
        case Untrained::Rule::By:
          total += rule->by;
          note(
              v.terms, [&] { return fmt::format("untrained ({})", source()); }, rule->by);
          break;
        case Untrained::Rule::Harder:
          v.harder = true;
          note(
              v.terms, [&] { return fmt::format("untrained: rolled harder ({})", source()); }, std::nullopt);
          break;
        case Untrained::Rule::Refuse:
          v.refused = true;
          note(
              v.terms, [&] { return fmt::format("untrained: refused ({})", source()); }, std::nullopt);
          break;
      }
    }
  }
  // The free per-check bonus (`build.bonuses`, held to `sheet.bonusRange`) is part of the number, before any cap.
  if (auto it = c_.bonuses.find(c.id); it != c_.bonuses.end() && it->second != Number()) {
    total += it->second;
    note(
        v.terms, [] { return "bonus on the sheet"; }, it->second);
  }
  v.uncapped = total;
  Number shown = total;
  if (c.cap) {
    // SH-8, SH-9: the capped number is what the sheet shows and every check rolls.
    const Number cap = ref(*c.cap, terms_of(v.terms), "cap");
    v.cap = cap;
    if (cap < total) {
      shown = cap;
      note(
          v.terms, [&] { return fmt::format("capped from {} to {}", total.to_string(), cap.to_string()); }, cap);
    }
  }
  if (!v.refused) v.mod = shown;
  memo.value = std::move(v);
  memo.done = true;
  return memo.value;
}

// ---- derived values ---------------------------------------------------------------------------

const Explained& Evaluator::derived(std::size_t i) {
  auto& memo = derived_[i];
  if (memo.done) return memo.value;
  const Derived& d = s_.derived[i];
  Explained e;
  switch (d.op) {
    case Derived::Op::Sum:
      for (const auto& r : d.of) e.value += ref(r, terms_of(e.terms));
      break;
    case Derived::Op::Min:
    case Derived::Op::Max: {
      bool first = true;
      for (const auto& r : d.of) {
        const Number n = ref(r, terms_of(e.terms));
        if (first || (d.op == Derived::Op::Min ? n < e.value : n > e.value)) e.value = n;
        first = false;
      }
      note(
          e.terms, [&] { return d.op == Derived::Op::Min ? "the lowest" : "the highest"; }, e.value);
      break;
    }
    case Derived::Op::Scale: {
      const Number base = d.of.empty() ? Number() : ref(d.of[0], terms_of(e.terms));
      e.value = rounded(base * d.factor, d.round);
      note(
          e.terms,
          [&] {
            return fmt::format("times {}{}", d.factor.to_string(),
                               d.round == Rounding::None ? "" : fmt::format(", rounded {}", rounding_name(d.round)));
          },
          e.value);
      break;
    }
    case Derived::Op::StepTable: {
      const Number x = d.of.empty() ? Number() : ref(d.of[0], terms_of(e.terms));
      // Reference format: an input below the first threshold reads the first row's value.
      e.value = d.steps.empty() ? Number() : d.steps.front().second;
      const Number* row = nullptr;
      for (const auto& [threshold, value] : d.steps) {
        if (threshold > x) break;
        e.value = value;
        row = &threshold;
      }
      note(
          e.terms,
          [&] {
            return row == nullptr ? std::string("below the first threshold: the first row")
                                  : fmt::format("row for {} and up", row->to_string());
          },
          e.value);
      break;
    }
    case Derived::Op::EnumTable: {
      Id key;
      if (d.source_index != kNone) {
        // A hidden live state is no value at all, so the table reads its default.
        key = d.source == Derived::Source::Field ? std::get<std::string>(field_value(s_.fields[d.source_index]).value)
              : hidden(s_.states[d.source_index].hide_when) ? Id()
                                                            : state_value(s_.states[d.source_index]);
      }
      auto it = d.table.find(key);
      e.value = it == d.table.end() ? d.default_value : it->second;
      note(
          e.terms,
          [&] {
            return fmt::format("{} `{}` is `{}`{}", d.source == Derived::Source::Field ? "field" : "live state",
                               d.source_id, key, it == d.table.end() ? ": not in the table, the default" : "");
          },
          e.value);
      break;
    }
  }
  memo.value = std::move(e);
  memo.done = true;
  return memo.value;
}

}  // namespace rk::detail
