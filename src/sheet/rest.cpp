// Taking a rest (docs/format/live.md "Rests"). Steps run in the order written; each reads the
// values the steps before it left. Maxima never read live state, so they are worked out once.
#include "sheet/rest.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "format/rounding.hpp"
#include "sheet/evaluate.hpp"

namespace rk {

namespace {

/// A `fractionOfMax` amount of `max`: rounded as the step says, then at least its `min`.
Number fraction_amount(const RestStep& step, Number max) {
  Number amount = rounded(step.by_value * max, step.round);
  if (step.by_min && step.by_value > Number() && amount < *step.by_min) amount = *step.by_min;
  return amount;
}

class RestRunner {
 public:
  RestRunner(const Ruleset& rs, const Character& c, std::vector<std::string>* notes)
      : s_(rs.sheet), out_(c), view_(evaluate(rs, c)), notes_(notes) {
    for (const auto& [id, pool] : view_.pools) pool_current_[id] = pool.current;
  }

  Character run(const Rest& rest) {
    for (const RestStep& step : rest.steps) apply(step);
    for (const auto& [id, current] : pool_current_) {
      if (current != view_.pools.at(id).current) out_.pools[id].current = current;
    }
    clear(rest);
    return std::move(out_);
  }

 private:
  void note(std::string text) {
    if (notes_ != nullptr) notes_->push_back(std::move(text));
  }

  void apply(const RestStep& step) {
    switch (step.target) {
      case RestStep::Target::Pool:
        restore_pool(step, step.target_id);
        return;
      case RestStep::Target::PoolGroup:
        restore_group(step);
        return;
      case RestStep::Target::ListPools:
        note_row_pools(step);
        return;
      case RestStep::Target::Track: {
        const Track& track = s_.tracks[s_.track_index.at(step.target_id)];
        if (track.wound)
          heal_wound_track(step, track);
        else
          restore_track(step, track);
        return;
      }
      case RestStep::Target::State: {
        const LiveState& state = s_.states[s_.state_index.at(step.target_id)];
        const Id value = step.to == RestStep::To::Default ? state.default_value : step.to_state_value;
        if (value == state.default_value)
          out_.states.erase(state.id);  // only a state off its default is stored
        else
          out_.states[state.id] = value;
        return;
      }
    }
  }

  /// Every row of a list with `pools` is a pool whose maximum is its `maxColumn` cell; a step
  /// treats each matching row's pool as it does a pool. Character documents do not hold row-pool
  /// values yet, so nothing is changed: the note names the rows the step would restore.
  void note_row_pools(const RestStep& step) {
    const List& list = s_.lists[s_.list_index.at(step.target_id)];
    if (!list.pools) return;
    const auto text_of = [&](const Row& row, const Id& column) -> std::string {
      const auto cell = row.cells.find(column);
      const Scalar& value =
          cell != row.cells.end() ? cell->second : list.columns[list.column_index.at(column)].spec.default_value;
      const auto* text = std::get_if<std::string>(&value.value);
      return text != nullptr ? *text : std::string();
    };
    std::vector<std::string> names;
    if (const auto rows = out_.lists.find(list.id); rows != out_.lists.end()) {
      for (const Row& row : rows->second) {
        if (!step.recharge.empty() && (list.pools->recharge_column.empty() ||
                                       std::find(step.recharge.begin(), step.recharge.end(),
                                                 text_of(row, list.pools->recharge_column)) == step.recharge.end())) {
          continue;
        }
        names.push_back(fmt::format("`{}`", text_of(row, list.pools->name_column)));
      }
    }
    if (names.empty()) {
      note(fmt::format("list `{}`: no row's pool is restored by this step", list.id));
      return;
    }
    note(fmt::format("list `{}`: the pools of {} are restored in play; character documents do not hold row pools yet",
                     list.id, fmt::join(names, ", ")));
  }

  Number pool_after(const RestStep& step, Number current, Number max) {
    switch (step.to) {
      case RestStep::To::Max:
        return max;
      case RestStep::To::Min:
        return Number();
      case RestStep::To::Value:
        return std::clamp(step.to_value, Number(), max);
      case RestStep::To::None:
      case RestStep::To::Default:
        break;
    }
    const Number amount = step.by == RestStep::By::Const ? step.by_value : fraction_amount(step, max);
    return std::clamp(current + amount, Number(), max);
  }

  void restore_pool(const RestStep& step, const Id& id) {
    Number& current = pool_current_.at(id);
    current = pool_after(step, current, view_.pools.at(id).max);
  }

  void restore_group(const RestStep& step) {
    std::vector<const Pool*> group;
    for (const Pool& p : s_.pools) {
      if (p.group == step.target_id) group.push_back(&p);
    }
    if (!step.shared) {
      // SH-77: each pool of the group by its own fraction of its own maximum.
      for (const Pool* p : group) restore_pool(step, p->id);
      return;
    }
    // SH-78: one amount from the whole group's maximum, handed out in the order the pools are
    // declared, each taking no more than it is missing; what is left over is lost.
    Number group_max;
    for (const Pool* p : group) group_max += view_.pools.at(p->id).max;
    Number left = fraction_amount(step, group_max);
    for (const Pool* p : group) {
      Number& current = pool_current_.at(p->id);
      const Number take = std::min(left, view_.pools.at(p->id).max - current);
      if (take <= Number()) continue;
      current += take;
      left = left - take;
    }
  }

  void restore_track(const RestStep& step, const Track& track) {
    const TrackView& view = view_.tracks.at(track.id);
    Number value =
        out_.tracks.contains(track.id) && out_.tracks[track.id].value ? *out_.tracks[track.id].value : view.value;
    switch (step.to) {
      case RestStep::To::Max:
        value = view.max;
        break;
      case RestStep::To::Min:
        value = view.min;
        break;
      case RestStep::To::Value:
        value = step.to_value;
        break;
      case RestStep::To::None:
      case RestStep::To::Default:
        value = value + (step.by == RestStep::By::Const ? step.by_value : fraction_amount(step, view.max));
        break;
    }
    out_.tracks[track.id].value = std::clamp(value, view.min, std::max(view.min, view.max));
  }

  /// The severity of a kind of `track` (kinds unknown to it count as the lightest).
  static Number severity(const Track& track, const Id& kind) {
    for (const WoundKind& k : track.kinds) {
      if (k.id == kind) return k.severity;
    }
    return Number::of(-1'000'000);
  }

  /// SH-50..SH-53: a rest only heals a wound track. It clears overflow first (an overflow has no
  /// kind, so it comes off whatever kind the step names, as in the reference), then the lightest
  /// marks, the last of equals first; `kind` narrows the marks to that kind.
  void heal_wound_track(const RestStep& step, const Track& track) {
    TrackState& state = out_.tracks[track.id];
    auto counts = [&](const Mark& m) { return step.kind.empty() || m.kind == step.kind; };
    const auto counted =
        static_cast<std::int64_t>(std::count_if(state.marks.begin(), state.marks.end(), counts)) + state.overflow;
    std::int64_t clear = 0;
    if (step.to == RestStep::To::Max) {
      clear = 0;  // "max" would add marks; a rest deals no harm
    } else if (step.to == RestStep::To::Min) {
      clear = counted;
    } else if (step.to == RestStep::To::Value) {
      clear = std::max<std::int64_t>(0, counted - step.to_value.whole());
    } else if (step.by == RestStep::By::Const && step.by_value < Number()) {
      clear = std::min(counted, (-step.by_value).whole());
    }
    if (clear == 0) {
      if (step.by == RestStep::By::Const && step.by_value > Number()) {
        note(fmt::format("a rest deals no harm: the step on wound track `{}` adds marks and is skipped", track.id));
      }
      return;
    }
    const std::int64_t from_overflow = std::min(clear, state.overflow);
    state.overflow -= from_overflow;
    clear -= from_overflow;
    while (clear > 0) {
      // The lightest counted mark; among equals the one furthest down the track.
      auto lightest = state.marks.end();
      for (auto it = state.marks.begin(); it != state.marks.end(); ++it) {
        if (!counts(*it)) continue;
        if (lightest == state.marks.end()) {
          lightest = it;
          continue;
        }
        const Number a = severity(track, it->kind), b = severity(track, lightest->kind);
        const bool further = track.fill == Track::Fill::Indexed ? it->box > lightest->box : true;
        if (a < b || (a == b && further)) lightest = it;
      }
      if (lightest == state.marks.end()) break;
      state.marks.erase(lightest);
      --clear;
    }
  }

  void clear(const Rest& rest) {
    for (const auto& entry : rest.clears_text) out_.texts.erase(entry.first);
    auto& conditions = out_.conditions;
    if (rest.clears_all_conditions) {
      conditions.clear();
    } else {
      for (const auto& entry : rest.clears_conditions) {
        conditions.erase(std::remove(conditions.begin(), conditions.end(), entry.first), conditions.end());
      }
    }
  }

  const Sheet& s_;
  Character out_;
  SheetView view_;
  std::vector<std::string>* notes_;
  std::map<Id, Number> pool_current_;
};

std::string track_text(const TrackView& t) {
  if (!t.wound) return t.value.to_string();
  return fmt::format("{} of {} left, penalty {}", t.value.to_string(), t.max.to_string(),
                     t.penalty ? t.penalty->to_string() : std::string("0"));
}

}  // namespace

Character apply_rest(const Ruleset& ruleset, const Character& character, const Rest& rest,
                     std::vector<std::string>* notes) {
  return RestRunner(ruleset, character, notes).run(rest);
}

std::optional<RestPreview> preview_rest(const Ruleset& ruleset, const Character& character, std::string_view rest_id) {
  const auto rest = std::find_if(ruleset.sheet.rests.begin(), ruleset.sheet.rests.end(),
                                 [&](const Rest& r) { return r.id == rest_id; });
  if (rest == ruleset.sheet.rests.end()) return std::nullopt;
  RestPreview preview;
  preview.rest = rest->id;
  const Character after = apply_rest(ruleset, character, *rest, &preview.notes);
  const SheetView a = evaluate(ruleset, character);
  const SheetView b = evaluate(ruleset, after);
  for (const Pool& pool : ruleset.sheet.pools) {
    const PoolView& x = a.pools.at(pool.id);
    const PoolView& y = b.pools.at(pool.id);
    if (x.current != y.current)
      preview.changes.push_back({"pool", pool.id, x.current.to_string(), y.current.to_string()});
  }
  for (const Track& track : ruleset.sheet.tracks) {
    const std::string x = track_text(a.tracks.at(track.id)), y = track_text(b.tracks.at(track.id));
    if (x != y) preview.changes.push_back({"track", track.id, x, y});
  }
  for (const LiveState& state : ruleset.sheet.states) {
    const Id& x = a.states.at(state.id);
    const Id& y = b.states.at(state.id);
    if (x != y) preview.changes.push_back({"state", state.id, x, y});
  }
  for (const std::string& condition : character.conditions) {
    if (std::find(after.conditions.begin(), after.conditions.end(), condition) == after.conditions.end()) {
      preview.changes.push_back({"condition", condition, "on", "off"});
    }
  }
  for (const auto& entry : rest->clears_text) {
    const auto it = character.texts.find(entry.first);
    if (it != character.texts.end() && !it->second.empty())
      preview.changes.push_back({"text", entry.first, it->second, ""});
  }
  return preview;
}

}  // namespace rk
