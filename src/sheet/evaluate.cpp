// Evaluating a sheet. Values are computed lazily and memoized; compile has refused every cycle,
// so each value is computed once whatever the declaration order (SH-11's "once, top to bottom").
#include "sheet/evaluate.hpp"

#include <algorithm>
#include <array>

#include "diag/assert.hpp"
#include "format/items_model.hpp"
#include "format/limits.hpp"
#include "format/rounding.hpp"

namespace rk {

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

class Evaluator {
 public:
  Evaluator(const Ruleset& rs, const Character& c) : rs_(rs), s_(rs.sheet), c_(c) {
    abilities_.resize(s_.abilities.size());
    derived_.resize(s_.derived.size());
    skills_.resize(s_.skills.size());
    saves_.resize(s_.saves.size());
    tiers_.resize(rs.resolution.tiers.size());
    pools_.resize(s_.pools.size());
    tracks_.resize(s_.tracks.size());
  }

  Number value_of(const Ref& r) { return ref(r, nullptr); }

  SheetView run() {
    SheetView v;
    v.ruleset = rs_.id;
    v.name = c_.name;
    for (const auto& f : s_.fields) {
      v.fields.emplace(f.id, field_value(f));
      if (!field_chosen(f, c_.fields)) v.not_chosen.push_back(f.id);
    }
    for (std::size_t i = 0; i < s_.abilities.size(); ++i) {
      AbilityView a = ability(i);
      a.adjust = adjust_for(&s_.abilities[i].id);
      v.abilities.emplace(s_.abilities[i].id, std::move(a));
    }
    for (std::size_t i = 0; i < s_.skills.size(); ++i) {
      CheckView c = check(i, false);
      const Check& skill = s_.skills[i];
      c.adjust = adjust_for(skill.ability.empty() ? nullptr : &skill.ability);
      v.skills.emplace(skill.id, std::move(c));
    }
    for (std::size_t i = 0; i < s_.saves.size(); ++i) {
      CheckView c = check(i, true);
      const Check& save = s_.saves[i];
      c.adjust = adjust_for(save.ability.empty() ? nullptr : &save.ability);
      v.saves.emplace(save.id, std::move(c));
    }
    for (std::size_t i = 0; i < s_.derived.size(); ++i) v.derived.emplace(s_.derived[i].id, derived(i));
    for (const auto& list : s_.lists) v.lists.emplace(list.id, rows(list));
    for (std::size_t i = 0; i < s_.pools.size(); ++i) v.pools.emplace(s_.pools[i].id, pool(i));
    for (std::size_t i = 0; i < s_.tracks.size(); ++i) v.tracks.emplace(s_.tracks[i].id, track(i));
    for (const auto& st : s_.states) v.states.emplace(st.id, state_value(st));
    // Hidden elements, in the order the sheet declares them.
    for (const auto& f : s_.fields)
      if (hidden(f.hide_when)) v.hidden.push_back(f.id);
    for (const auto& d : s_.derived)
      if (hidden(d.hide_when)) v.hidden.push_back(d.id);
    for (const auto& l : s_.lists)
      if (hidden(l.hide_when)) v.hidden.push_back(l.id);
    for (const auto& p : s_.pools)
      if (hidden(p.hide_when)) v.hidden.push_back(p.id);
    for (const auto& t : s_.tracks)
      if (hidden(t.hide_when)) v.hidden.push_back(t.id);
    for (const auto& st : s_.states)
      if (hidden(st.hide_when)) v.hidden.push_back(st.id);
    for (const auto& text : s_.texts) {
      const auto it = c_.texts.find(text.id);
      v.texts.emplace(text.id, it == c_.texts.end() ? std::string() : it->second);
    }
    v.conditions = c_.conditions;
    v.notes = c_.notes;
    // What reading the document kept (unknown keys, retired ids) is said with the sheet.
    v.warnings = c_.read_warnings;
    v.warnings.append(warnings_);
    return v;
  }

 private:
  template <typename T>
  struct Memo {
    bool done = false;
    T value{};
  };

  // SH-70: the entries of `resolution.adjust` that touch a roll with this ability (the ability
  // itself, or a skill or save that uses it). An entry without `abilities` touches every roll.
  AdjustView adjust_for(const Id* ability_id) {
    AdjustView out;
    for (const Adjust& a : rs_.resolution.adjust) {
      const bool listed =
          ability_id != nullptr && std::find(a.abilities.begin(), a.abilities.end(), *ability_id) != a.abilities.end();
      if (!a.abilities.empty() && !listed) continue;
      out.total += ref(a.value, &out.terms, "adjust on the roll");
    }
    return out;
  }

  // ---- inputs as the sheet editor shows them (SH-16) ----------------------------------------

  Scalar field_value(const Field& f) {
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

  Id state_value(const LiveState& st) {
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

  bool hidden(const std::optional<HideWhen>& h) {
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

  static Number as_number(const Scalar& s) {
    if (const auto* n = std::get_if<Number>(&s.value)) return *n;
    if (const auto* b = std::get_if<bool>(&s.value)) return Number::of(*b ? 1 : 0);
    return Number();
  }

  Scalar cell(const List& list, const Row& row, std::size_t column) {
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

  const std::vector<Row>& stored_rows(const List& list) {
    static const std::vector<Row> none;
    auto it = c_.lists.find(list.id);
    return it == c_.lists.end() ? none : it->second;
  }

  bool row_matches(const List& list, const Row& row, const std::optional<RowFilter>& where) {
    if (!where || where->column_index == kNone) return true;
    return cell(list, row, where->column_index) == where->equals;
  }

  // ---- references ----------------------------------------------------------------------------

  Number ref(const Ref& r, std::vector<Term>* terms, std::string_view role = "") {
    std::string text;
    Number value;
    switch (r.kind) {
      case RefKind::Const:
        value = r.constant;
        text = "constant";
        break;
      case RefKind::Field:
        value = as_number(field_value(s_.fields[r.index]));
        text = fmt::format("field `{}`", r.target);
        break;
      case RefKind::Derived:
        value = derived(r.index).value;
        text = fmt::format("derived value `{}`", r.target);
        break;
      case RefKind::AbilityScore:
        value = ability(r.index).score.value;
        text = fmt::format("ability `{}` score", r.target);
        break;
      case RefKind::AbilityMod:
        value = ability(r.index).mod.value;
        text = fmt::format("ability `{}` modifier", r.target);
        break;
      case RefKind::AbilityModFromField: {
        const Field& f = s_.fields[r.index];
        const std::string chosen = std::get<std::string>(field_value(f).value);
        auto it = s_.ability_index.find(chosen);
        if (it != s_.ability_index.end()) value = ability(it->second).mod.value;
        text = fmt::format("ability `{}` modifier (chosen in field `{}`)", chosen, f.id);
        break;
      }
      case RefKind::SkillMod:
      case RefKind::SaveMod: {
        const bool save = r.kind == RefKind::SaveMod;
        const CheckView& cv = check(r.index, save);
        // A refused untrained check still has a number for formulas: the modifier without the refusal.
        value = cv.mod.value_or(cv.cap ? std::min(cv.uncapped, *cv.cap) : cv.uncapped);
        text = fmt::format("{} `{}` modifier", save ? "save" : "skill", r.target);
        break;
      }
      case RefKind::ListSum: {
        const List& list = s_.lists[r.index];
        if (hidden(list.hide_when)) {
          // Reference format: a list that `hideWhen` hides adds nothing.
          text = fmt::format("list `{}` is hidden: adds nothing", list.id);
          break;
        }
        std::size_t rows_read = 0;
        for (const Row& row : stored_rows(list)) {
          if (!row_matches(list, row, r.where)) continue;
          // Reference format: `onlyWhen` counts only the rows whose boolean cell is set.
          if (r.only_when_index != kNone && cell(list, row, r.only_when_index) != Scalar{true}) continue;
          ++rows_read;
          if (!r.count) value += as_number(cell(list, row, r.column_index));
        }
        if (r.count) value = Number::of(static_cast<std::int64_t>(rows_read));
        text = r.count ? fmt::format("count of rows in list `{}`", list.id)
                       : fmt::format("sum of column `{}` over {} rows of list `{}`", r.column, rows_read, list.id);
        if (r.where) text += fmt::format(" where `{}` = {}", r.where->column, scalar_text(r.where->equals));
        if (r.only_when_index != kNone) text += fmt::format(" only when `{}` is set", r.only_when);
        break;
      }
      case RefKind::ItemStat:
        // Outside a game nobody holds anything, so it reads its `default`.
        value = r.item_default;
        text = fmt::format("items held ({}): none outside a game, so the default",
                           r.pick_count ? "count" : fmt::format("stat `{}`", r.column));
        break;
      case RefKind::LivePool:
        // Reference format: a hidden pool or track reads 0 (it is still computed and shown in `hidden`).
        if (hidden(s_.pools[r.index].hide_when)) {
          text = fmt::format("pool `{}` is hidden: reads 0", r.target);
          break;
        }
        value = pool(r.index).current;
        text = fmt::format("pool `{}` current", r.target);
        break;
      case RefKind::LiveTrack: {
        if (hidden(s_.tracks[r.index].hide_when)) {
          text = fmt::format("track `{}` is hidden: reads 0", r.target);
          break;
        }
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
        static constexpr std::array<std::string_view, 4> kReadNames = {"value", "filled", "remaining", "penalty"};
        text = r.track_read_given
                   ? fmt::format("track `{}` {}", r.target, kReadNames[static_cast<std::size_t>(r.track_read)])
                   : fmt::format("track `{}` {}", r.target, s_.tracks[r.index].wound ? "remaining levels" : "value");
        break;
      }
    }
    if (terms != nullptr) {
      terms->push_back({role.empty() ? text : fmt::format("{}: {}", role, text), value});
    }
    return value;
  }

  static std::string scalar_text(const Scalar& s) {
    if (const auto* n = std::get_if<Number>(&s.value)) return n->to_string();
    if (const auto* b = std::get_if<bool>(&s.value)) return *b ? "true" : "false";
    return "\"" + std::get<std::string>(s.value) + "\"";
  }

  // ---- abilities, skills, saves ---------------------------------------------------------------

  const AbilityView& ability(std::size_t i) {
    auto& memo = abilities_[i];
    if (memo.done) return memo.value;
    const Ability& a = s_.abilities[i];
    AbilityView v;
    v.computed = a.computed();
    if (a.computed()) {
      // BC-30: the sum of its Refs, held between min and max; a stored score is ignored (BC-33).
      Number total;
      for (const auto& r : a.value) total += ref(r, &v.score.terms);
      const Number held = std::clamp(total, a.min, a.max);
      if (held != total)
        v.score.terms.push_back({fmt::format("held within {}-{}", a.min.to_string(), a.max.to_string()), held});
      v.score.value = held;
    } else if (auto it = c_.abilities.find(a.id); it != c_.abilities.end()) {
      v.score.value = it->second;
      v.score.terms.push_back({"score on the sheet", it->second});
    } else {
      v.score.value = a.default_score;
      v.score.terms.push_back({"default score", a.default_score});
    }
    if (rs_.resolution.ability_mod == Resolution::AbilityMod::FloorHalfMinusTen) {
      v.mod.value = (v.score.value - Number::of(10)).floor_div(2);
      v.mod.terms.push_back({fmt::format("(score {} - 10) / 2, rounded down", v.score.value.to_string()), v.mod.value});
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
      v.mod.terms.push_back(
          {fmt::format("score {} looked up in the ability modifier table", v.score.value.to_string()), mod});
    } else {
      v.mod.value = v.score.value;
      v.mod.terms.push_back({"the score itself", v.mod.value});
    }
    memo.value = std::move(v);
    memo.done = true;
    return memo.value;
  }

  const Explained& tier_bonus(std::size_t i) {
    auto& memo = tiers_[i];
    if (memo.done) return memo.value;
    const ProficiencyTier& t = rs_.resolution.tiers[i];
    Explained e;
    // round(multiplier x proficiency bonus) + flat; without a proficiency bonus the product is 0.
    const Number base = rs_.resolution.proficiency_bonus ? ref(t.bonus, &e.terms, "proficiency bonus") : Number();
    const Number trained = rounded(base * t.multiplier, t.round);
    e.terms.push_back({fmt::format("times {}, rounded {}", t.multiplier.to_string(), rounding_name(t.round)), trained});
    if (t.flat != Number()) e.terms.push_back({"flat", t.flat});
    e.value = trained + t.flat;
    memo.value = std::move(e);
    memo.done = true;
    return memo.value;
  }

  const CheckView& check(std::size_t i, bool save) {
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
      v.terms.push_back({fmt::format("ability `{}` modifier", c.ability), mod});
    }
    if (!rs_.resolution.tiers.empty()) {
      const Number bonus = tier_bonus(tier).value;
      total += bonus;
      v.terms.push_back({fmt::format("tier `{}` bonus", v.tier), bonus});
    }
    // SH-3, SH-4: the first tier is untrained; the check's own rule beats its section's.
    if (tier == 0) {
      v.untrained = true;
      std::optional<Untrained> rule = c.untrained;
      std::string source = save ? "the save's own rule" : "the skill's own rule";
      if (!rule && c.section_index != kNone) {
        rule = s_.sections[c.section_index].untrained;
        source = fmt::format("section `{}`", c.section);
      }
      if (rule) {
        switch (rule->rule) {
          case Untrained::Rule::AsUsual:
            break;
          case Untrained::Rule::By:
            total += rule->by;
            v.terms.push_back({fmt::format("untrained ({})", source), rule->by});
            break;
          case Untrained::Rule::Harder:
            v.harder = true;
            v.terms.push_back({fmt::format("untrained: rolled harder ({})", source), std::nullopt});
            break;
          case Untrained::Rule::Refuse:
            v.refused = true;
            v.terms.push_back({fmt::format("untrained: refused ({})", source), std::nullopt});
            break;
        }
      }
    }
    // The free per-check bonus (`build.bonuses`, held to `sheet.bonusRange`) is part of the number, before any cap.
    if (auto it = c_.bonuses.find(c.id); it != c_.bonuses.end() && it->second != Number()) {
      total += it->second;
      v.terms.push_back({"bonus on the sheet", it->second});
    }
    v.uncapped = total;
    Number shown = total;
    if (c.cap) {
      // SH-8, SH-9: the capped number is what the sheet shows and every check rolls.
      std::vector<Term> cap_terms;
      const Number cap = ref(*c.cap, &cap_terms, "cap");
      v.cap = cap;
      v.terms.insert(v.terms.end(), cap_terms.begin(), cap_terms.end());
      if (cap < total) {
        shown = cap;
        v.terms.push_back({fmt::format("capped from {} to {}", total.to_string(), cap.to_string()), cap});
      }
    }
    if (!v.refused) v.mod = shown;
    memo.value = std::move(v);
    memo.done = true;
    return memo.value;
  }

  // ---- derived values -------------------------------------------------------------------------

  const Explained& derived(std::size_t i) {
    auto& memo = derived_[i];
    if (memo.done) return memo.value;
    const Derived& d = s_.derived[i];
    Explained e;
    switch (d.op) {
      case Derived::Op::Sum:
        for (const auto& r : d.of) e.value += ref(r, &e.terms);
        break;
      case Derived::Op::Min:
      case Derived::Op::Max: {
        bool first = true;
        for (const auto& r : d.of) {
          const Number n = ref(r, &e.terms);
          if (first || (d.op == Derived::Op::Min ? n < e.value : n > e.value)) e.value = n;
          first = false;
        }
        e.terms.push_back({d.op == Derived::Op::Min ? "the lowest" : "the highest", e.value});
        break;
      }
      case Derived::Op::Scale: {
        const Number base = d.of.empty() ? Number() : ref(d.of[0], &e.terms);
        e.value = rounded(base * d.factor, d.round);
        e.terms.push_back(
            {fmt::format("times {}{}", d.factor.to_string(),
                         d.round == Rounding::None ? "" : fmt::format(", rounded {}", rounding_name(d.round))),
             e.value});
        break;
      }
      case Derived::Op::StepTable: {
        const Number x = d.of.empty() ? Number() : ref(d.of[0], &e.terms);
        // Reference format: an input below the first threshold reads the first row's value.
        e.value = d.steps.empty() ? Number() : d.steps.front().second;
        std::string row = "below the first threshold: the first row";
        for (const auto& [threshold, value] : d.steps) {
          if (threshold > x) break;
          e.value = value;
          row = fmt::format("row for {} and up", threshold.to_string());
        }
        e.terms.push_back({row, e.value});
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
        e.terms.push_back({fmt::format("{} `{}` is `{}`{}", d.source == Derived::Source::Field ? "field" : "live state",
                                       d.source_id, key, it == d.table.end() ? ": not in the table, the default" : ""),
                           e.value});
        break;
      }
    }
    memo.value = std::move(e);
    memo.done = true;
    return memo.value;
  }

  // ---- lists, pools, tracks --------------------------------------------------------------------

  std::vector<RowView> rows(const List& list) {
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

  const PoolView& pool(std::size_t i) {
    auto& memo = pools_[i];
    if (memo.done) return memo.value;
    const Pool& p = s_.pools[i];
    PoolView v;
    // A pool counts whole points: a computed maximum is read down to a whole number, never below 0.
    v.max = std::max(Number(), ref(p.max, &v.terms, "max").floor());
    const auto it = c_.pools.find(p.id);
    if (it != c_.pools.end() && it->second.current) {
      v.current = *it->second.current;
      v.terms.push_back({"current on the sheet", v.current});
      if (v.current > v.max) {
        warn_once("/live/pools/" + p.id, Code::LimitReached, "pool `{}` holds {} but its max is {}; it reads as {}",
                  p.id, v.current.to_string(), v.max.to_string(), v.max.to_string());
        v.current = v.max;
        v.terms.push_back({"held at its max", v.current});
      }
    } else if (p.start_from) {
      // BC-58, BC-60: the start value while nothing is stored, held between 0 and the max.
      const Number start = ref(*p.start_from, &v.terms, "starts from").floor();
      v.current = std::clamp(start, Number(), v.max);
      if (v.current != start) v.terms.push_back({"held between 0 and its max", v.current});
    } else {
      v.current = p.start == Pool::Start::Full ? v.max : Number();
      v.terms.push_back({p.start == Pool::Start::Full ? "starts full" : "starts empty", v.current});
    }
    if (it != c_.pools.end()) v.temp = it->second.temp;
    if (p.level) {
      v.level = ref(*p.level, &v.terms, "level");
    } else if (!p.group.empty()) {
      // CA-85: without a `level`, a pool's level is its 1-based position in its group.
      std::int64_t position = 0;
      for (std::size_t j = 0; j <= i; ++j) position += s_.pools[j].group == p.group ? 1 : 0;
      v.level = Number::of(position);
    }
    memo.value = std::move(v);
    memo.done = true;
    return memo.value;
  }

  const TrackView& track(std::size_t i) {
    auto& memo = tracks_[i];
    if (memo.done) return memo.value;
    const Track& t = s_.tracks[i];
    memo.value = t.wound ? wound_track(t) : ordinary_track(t);
    memo.done = true;
    return memo.value;
  }

  TrackView ordinary_track(const Track& t) {
    TrackView v;
    v.min = t.min;
    v.max = ref(t.max, &v.terms, "max").floor();
    if (v.max < v.min) {
      // A computed maximum below `min` leaves no room; the track reads as `min`..`min`.
      warn_once("/live/tracks/" + t.id, Code::LimitReached,
                "track `{}` works out a max of {}, below its min {}; it reads as {}", t.id, v.max.to_string(),
                v.min.to_string(), v.min.to_string());
      v.max = v.min;
    }
    const auto it = c_.tracks.find(t.id);
    if (it != c_.tracks.end() && it->second.value) {
      v.value = *it->second.value;
      v.terms.push_back({"value on the sheet", v.value});
      if (v.value > v.max) {
        warn_once("/live/tracks/" + t.id, Code::LimitReached, "track `{}` holds {} but its max is {}; it reads as {}",
                  t.id, v.value.to_string(), v.max.to_string(), v.max.to_string());
        v.value = std::max(v.min, v.max);
        v.terms.push_back({"held at its max", v.value});
      }
    } else if (t.start_from) {
      const Number start = ref(*t.start_from, &v.terms, "starts from").floor();
      v.value = std::clamp(start, v.min, v.max);
      if (v.value != start) v.terms.push_back({"held between its min and max", v.value});
    } else {
      v.value = std::clamp(t.default_value, v.min, std::max(v.min, v.max));
      v.terms.push_back({"default", v.value});
    }
    v.full = v.value >= v.max;
    return v;
  }

  std::string penalty_label(Number penalty) { return penalty.to_string(); }

  TrackView wound_track(const Track& t) {
    TrackView v;
    v.wound = true;
    v.min = t.min;
    if (t.boxes) {
      Number boxes = ref(t.max, &v.terms, "boxes").floor();
      if (boxes > Number::of(limits::kWoundBoxes)) {
        warn_once("/live/wounds/" + t.id, Code::LimitReached, "track `{}` would have {} boxes; the limit is {} (SH-54)",
                  t.id, boxes.to_string(), limits::kWoundBoxes);
        boxes = Number::of(limits::kWoundBoxes);
      }
      boxes = std::max(boxes, Number());
      for (std::int64_t b = 1; b <= boxes.whole(); ++b) v.levels.push_back({fmt::format("{}", b), Number(), false, {}});
    } else {
      for (const auto& level : t.levels) v.levels.push_back({level.label, level.penalty, false, {}});
      if (t.extra && t.extra->list_index != kNone && t.extra->count_index != kNone && t.extra->penalty_index != kNone) {
        add_extra_levels(t, v);
      }
    }
    v.max = Number::of(static_cast<std::int64_t>(v.levels.size()));
    // Place the marks: ordered tracks fill from the first level; indexed ones name their box.
    const auto it = c_.tracks.find(t.id);
    std::int64_t deepest = 0;
    std::int64_t marked = 0;
    if (it != c_.tracks.end()) {
      std::size_t next = 0;
      for (const Mark& m : it->second.marks) {
        const std::size_t at = t.fill == Track::Fill::Indexed ? static_cast<std::size_t>(m.box - 1) : next++;
        if (at < v.levels.size() && !v.levels[at].mark) {
          v.levels[at].mark = m.kind;
          ++marked;
          deepest = std::max<std::int64_t>(deepest, static_cast<std::int64_t>(at) + 1);
        } else {
          ++v.overflow;  // SH-63: marks that no longer fit are kept as overflow
        }
      }
      v.overflow += it->second.overflow;
    }
    const Number remaining = v.overflow == 0 ? v.max - Number::of(marked) : Number();
    v.value = remaining;
    v.full = remaining == Number();
    v.terms.push_back({fmt::format("{} levels, {} marked{}", v.max.to_string(), marked,
                                   v.overflow == 0 ? "" : fmt::format(", {} overflow", v.overflow)),
                       remaining});
    if (t.boxes) {
      const Number x = t.box_penalty_by == Track::PenaltyBy::Remaining ? remaining : Number::of(marked);
      Number penalty;
      for (const auto& [count, p] : t.box_penalty) {
        if (count > x) break;
        penalty = p;
      }
      v.penalty = penalty;
      v.terms.push_back({fmt::format("penalty for {} {} boxes", x.to_string(),
                                     t.box_penalty_by == Track::PenaltyBy::Remaining ? "remaining" : "filled"),
                         penalty});
    } else {
      // The penalty of the deepest marked level; none while unmarked (decisions.md, M1).
      v.penalty = deepest > 0 ? v.levels[static_cast<std::size_t>(deepest - 1)].penalty : Number();
      v.terms.push_back({deepest > 0 ? fmt::format("penalty of level {} ({})", deepest, v.levels[deepest - 1].label)
                                     : std::string("no marks: no penalty"),
                         *v.penalty});
    }
    return v;
  }

  // SH-60, SH-61: each row of the list adds its levels after the last level whose penalty is no
  // worse than the row's, named after that level when the penalties are equal, else after the
  // penalty. A hidden list adds nothing (SH-62).
  void add_extra_levels(const Track& t, TrackView& v) {
    const List& list = s_.lists[t.extra->list_index];
    if (hidden(list.hide_when)) {
      v.terms.push_back({fmt::format("list `{}` is hidden: no extra levels", list.id), std::nullopt});
      return;
    }
    for (const Row& row : stored_rows(list)) {
      const std::int64_t count = as_number(cell(list, row, t.extra->count_index)).whole();
      const Number penalty = as_number(cell(list, row, t.extra->penalty_index));
      std::size_t after = 0;  // insert position: after the last level no worse than the row
      for (std::size_t l = 0; l < v.levels.size(); ++l) {
        if (v.levels[l].penalty >= penalty) after = l + 1;
      }
      const std::string label =
          after > 0 && v.levels[after - 1].penalty == penalty ? v.levels[after - 1].label : penalty_label(penalty);
      for (std::int64_t k = 0; k < count; ++k) {
        v.levels.insert(v.levels.begin() + static_cast<std::ptrdiff_t>(after), LevelView{label, penalty, true, {}});
      }
      if (count > 0) {
        v.terms.push_back(
            {fmt::format("row `{}` of list `{}` adds {} level(s) at {}", row.id, list.id, count, penalty.to_string()),
             std::nullopt});
      }
    }
  }

  template <typename... Args>
  void warn_once(const std::string& pointer, Code code, fmt::format_string<Args...> format, Args&&... args) {
    for (const auto& w : warnings_.items()) {
      if (w.pointer == pointer) return;
    }
    warnings_.warning(code, pointer, format, std::forward<Args>(args)...);
  }

  const Ruleset& rs_;
  const Sheet& s_;
  const Character& c_;
  std::vector<Memo<AbilityView>> abilities_;
  std::vector<Memo<Explained>> derived_;
  std::vector<Memo<CheckView>> skills_, saves_;
  std::vector<Memo<Explained>> tiers_;
  std::vector<Memo<PoolView>> pools_;
  std::vector<Memo<TrackView>> tracks_;
  Diagnostics warnings_;
};

std::vector<std::string> render(std::string_view title, Number value, const std::vector<Term>& terms) {
  std::vector<std::string> out;
  out.push_back(fmt::format("{} = {}", title, value.to_string()));
  for (const auto& t : terms) {
    out.push_back(t.value ? fmt::format("  {:>6}  {}", t.value->to_string(), t.text)
                          : fmt::format("  {:>6}  {}", "", t.text));
  }
  return out;
}

}  // namespace

SheetView evaluate(const Ruleset& ruleset, const Character& character) { return Evaluator(ruleset, character).run(); }

Number evaluate_ref(const Ruleset& ruleset, const Character& character, const Ref& ref) {
  return Evaluator(ruleset, character).value_of(ref);
}

struct SheetReader::Impl {
  Impl(const Ruleset& rs, const Character& c) : evaluator(rs, c) {}
  Evaluator evaluator;
};

SheetReader::SheetReader(const Ruleset& ruleset, const Character& character)
    : impl_(std::make_unique<Impl>(ruleset, character)) {}
SheetReader::~SheetReader() = default;
Number SheetReader::read(const Ref& ref) { return impl_->evaluator.value_of(ref); }

std::optional<std::vector<std::string>> SheetView::explain(std::string_view query) const {
  std::string kind;
  std::string id(query);
  if (auto colon = query.find(':'); colon != std::string_view::npos) {
    kind = std::string(query.substr(0, colon));
    id = std::string(query.substr(colon + 1));
  }
  auto wants = [&](std::string_view k) { return kind.empty() || kind == k; };
  if (wants("ability")) {
    if (auto it = abilities.find(id); it != abilities.end()) {
      auto out = render(fmt::format("ability `{}` score", id), it->second.score.value, it->second.score.terms);
      auto mod = render(fmt::format("ability `{}` modifier", id), it->second.mod.value, it->second.mod.terms);
      out.insert(out.end(), mod.begin(), mod.end());
      if (!it->second.adjust.terms.empty()) {
        auto adjust = render("added to its rolls", it->second.adjust.total, it->second.adjust.terms);
        out.insert(out.end(), adjust.begin(), adjust.end());
      }
      return out;
    }
  }
  for (const auto& [k, map] : {std::pair<std::string_view, const std::map<Id, CheckView>*>{"skill", &skills},
                               std::pair<std::string_view, const std::map<Id, CheckView>*>{"save", &saves}}) {
    if (!wants(k)) continue;
    if (auto it = map->find(id); it != map->end()) {
      const CheckView& c = it->second;
      auto out =
          render(fmt::format("{} `{}` modifier (tier `{}`)", k, id, c.tier), c.mod.value_or(c.uncapped), c.terms);
      if (!c.mod) out.front() = fmt::format("{} `{}` modifier (tier `{}`) = refused untrained", k, id, c.tier);
      if (!c.adjust.terms.empty()) {
        auto adjust = render("added to its rolls", c.adjust.total, c.adjust.terms);
        out.insert(out.end(), adjust.begin(), adjust.end());
      }
      return out;
    }
  }
  if (wants("derived")) {
    if (auto it = derived.find(id); it != derived.end())
      return render(fmt::format("derived value `{}`", id), it->second.value, it->second.terms);
  }
  if (wants("pool")) {
    if (auto it = pools.find(id); it != pools.end()) {
      return render(fmt::format("pool `{}` current (max {})", id, it->second.max.to_string()), it->second.current,
                    it->second.terms);
    }
  }
  if (wants("track")) {
    if (auto it = tracks.find(id); it != tracks.end()) {
      return render(fmt::format("track `{}` {}", id, it->second.wound ? "remaining levels" : "value"), it->second.value,
                    it->second.terms);
    }
  }
  return std::nullopt;
}

}  // namespace rk
