// Taking a rest (docs/format/live.md "Rests"). Steps run in the order written; each reads the
// values the steps before it left. Maxima never read live state, so they are worked out once. A
// rest reaches only what the sheet shows: a hidden pool, track or state, and a pool with no
// maximum, are left as they are (reference: a rest works on the resolved live sheet).
#include "sheet/rest.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "format/rounding.hpp"
#include "sheet/evaluate.hpp"
#include "sheet/live_pools.hpp"
#include "sheet/wounds.hpp"

namespace rk {

namespace {

/// A `fractionOfMax` amount of `max`: rounded as the step says, then at least its `min`.
std::int64_t fraction_amount(const RestStep& step, std::int64_t max) {
  Number amount = rounded(step.by_value * Number::of(max), step.round);
  if (step.by_min && step.by_value > Number() && amount < *step.by_min) amount = *step.by_min;
  return amount.whole();
}

/// What a pool or plain-track step makes of `current` (reference: `moved`), before holding it in range.
std::int64_t moved(const RestStep& step, std::int64_t current, std::int64_t min, std::int64_t max) {
  switch (step.to) {
    case RestStep::To::Max:
      return max;
    case RestStep::To::Min:
      return min;
    case RestStep::To::Value:
      return step.to_value.whole();
    case RestStep::To::None:
    case RestStep::To::Default:
      break;
  }
  return current + (step.by == RestStep::By::Const ? step.by_value.whole() : fraction_amount(step, max));
}

class RestRunner {
 public:
  RestRunner(const Ruleset& rs, const Character& c, std::vector<std::string>* notes)
      : rs_(rs), s_(rs.sheet), out_(c), view_(evaluate_live(rs, c)), pools_(live_pools(rs, c, view_)), notes_(notes) {
    for (const auto& [id, track] : view_.tracks) track_values_[id] = track.value.whole();
  }

  TakenRest run(const Rest& rest) {
    for (const RestStep& step : rest.steps) apply(step);
    clear(rest);
    return TakenRest{std::move(out_), std::move(changes_)};
  }

 private:
  void note(std::string text) {
    if (notes_ != nullptr) notes_->push_back(std::move(text));
  }

  void apply(const RestStep& step) {
    switch (step.target) {
      case RestStep::Target::Pool:
        restore_pools(step, [&](const LivePool& p) { return p.list.empty() && p.key == step.target_id; });
        return;
      case RestStep::Target::PoolGroup:
        if (step.shared)
          restore_shared_group(step);
        else
          restore_pools(step, [&](const LivePool& p) { return p.list.empty() && p.group == step.target_id; });
        return;
      case RestStep::Target::ListPools:
        restore_list_pools(step);
        return;
      case RestStep::Target::Track: {
        const Track& track = s_.tracks[s_.track_index.at(step.target_id)];
        if (hidden_on(s_, view_, track.hide_when)) return;  // a hidden track is not on the sheet
        if (track.wound)
          heal_wound_track(step, track);
        else
          restore_track(step, track);
        return;
      }
      case RestStep::Target::State:
        set_state(step);
        return;
    }
  }

  /// SH-77 and a plain pool step: each pool by its own maximum, in the order the sheet lists them.
  template <typename Matches>
  std::size_t restore_pools(const RestStep& step, Matches matches) {
    std::size_t restored = 0;
    for (LivePool& pool : pools_) {
      if (!matches(pool)) continue;
      set_pool(pool, std::clamp<std::int64_t>(moved(step, pool.current, 0, pool.max), 0, pool.max));
      ++restored;
    }
    return restored;
  }

  /// Every row pool of the list; with `recharge`, only rows whose recharge cell (its column's
  /// default when empty) is one of the values.
  void restore_list_pools(const RestStep& step) {
    const std::size_t restored = restore_pools(step, [&](const LivePool& p) {
      return p.list == step.target_id && (step.recharge.empty() || std::find(step.recharge.begin(), step.recharge.end(),
                                                                             p.recharge) != step.recharge.end());
    });
    if (restored == 0) note(fmt::format("list `{}`: no row's pool is restored by this step", step.target_id));
  }

  /// SH-78: one amount from the whole group's maximum, handed out in the order the pools are
  /// declared, each taking no more than it is missing; what is left over is lost.
  void restore_shared_group(const RestStep& step) {
    std::int64_t group_max = 0;
    for (const LivePool& pool : pools_) {
      if (pool.list.empty() && pool.group == step.target_id) group_max += pool.max;
    }
    std::int64_t left = fraction_amount(step, group_max);
    for (LivePool& pool : pools_) {
      if (!pool.list.empty() || pool.group != step.target_id) continue;
      const std::int64_t take = std::clamp<std::int64_t>(left, 0, pool.max - pool.current);
      left -= take;
      set_pool(pool, pool.current + take);
    }
  }

  void set_pool(LivePool& pool, std::int64_t value) {
    if (value != pool.current) changes_.push_back(fmt::format("{} {}/{}", pool.label, value, pool.max));
    pool.current = value;
    store_pool(out_, pool, value, pool.temp);
  }

  void restore_track(const RestStep& step, const Track& track) {
    const TrackView& view = view_.tracks.at(track.id);
    const std::int64_t min = view.min.whole(), max = view.max.whole();
    std::int64_t& value = track_values_.at(track.id);
    const std::int64_t after = std::clamp(moved(step, value, min, max), min, max);
    if (after != value) changes_.push_back(fmt::format("{} {}", track.label, after));
    value = after;
    // Back where it starts with nothing stored, the entry goes (the sheet with no value stored
    // starts there too, whatever a startFrom reads: it never reads live state).
    if (view_start(track) == after)
      out_.tracks.erase(track.id);
    else
      out_.tracks[track.id].value = Number::of(after);
  }

  std::int64_t view_start(const Track& track) {
    if (!track_starts_) {
      Character probe = out_;
      probe.tracks.clear();
      track_starts_.emplace();
      for (const auto& [id, t] : evaluate(rs_, probe).tracks) (*track_starts_)[id] = t.value.whole();
    }
    return track_starts_->at(track.id);
  }

  /// SH-50 – SH-53: a rest only heals a wound track. `to` clears it down to that many marks,
  /// overflow and all; a negative `by` clears that many, overflow first; `kind` narrows which marks
  /// go. A step that would add marks (a positive `by`, a `to` above the marks there) does nothing.
  void heal_wound_track(const RestStep& step, const Track& track) {
    const TrackView& view = view_.tracks.at(track.id);
    const auto stored = out_.tracks.find(track.id);
    WoundWork work = wound_work(track, view.levels.size(), stored == out_.tracks.end() ? nullptr : &stored->second);
    const std::int64_t filled = filled_levels(work);
    const auto length = static_cast<std::int64_t>(work.length);
    std::int64_t cleared = 0;
    if (step.to != RestStep::To::None) {
      cleared = filled - std::clamp<std::int64_t>(moved(step, filled, 0, length), 0, length) + work.overflow;
    } else if (step.by == RestStep::By::Const) {
      cleared = -step.by_value.whole();
    }
    if (cleared <= 0) {
      if (step.by == RestStep::By::Const && step.by_value > Number())
        note(fmt::format("a rest deals no harm: the step on wound track `{}` adds marks and is skipped", track.id));
      return;
    }
    std::optional<Number> severity;
    for (const WoundKind& kind : track.kinds) {
      if (kind.id == step.kind) severity = kind.severity;
    }
    heal_wounds(work, cleared, severity);
    store_wounds(out_, track, work);
    changes_.push_back(fmt::format("{} {}/{}", track.label, filled_levels(work), length));
  }

  /// SH-76: a state is set to its default or the value named; a hidden state has nothing to put back.
  void set_state(const RestStep& step) {
    const LiveState& state = s_.states[s_.state_index.at(step.target_id)];
    if (hidden_on(s_, view_, state.hide_when)) return;
    const Id value = step.to == RestStep::To::Default ? state.default_value : step.to_state_value;
    if (std::find(state.values.begin(), state.values.end(), value) == state.values.end()) return;
    const auto shown = out_.states.find(state.id);
    const Id before = shown != out_.states.end() &&
                              std::find(state.values.begin(), state.values.end(), shown->second) != state.values.end()
                          ? shown->second
                          : state.default_value;
    if (value != before) {
      const auto label = state.value_labels.find(value);
      changes_.push_back(fmt::format("{} {}", state.label, label != state.value_labels.end() ? label->second : value));
    }
    if (value == state.default_value)
      out_.states.erase(state.id);  // only a state off its default is stored
    else
      out_.states[state.id] = value;
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

  const Ruleset& rs_;
  const Sheet& s_;
  Character out_;
  SheetView view_;
  std::vector<LivePool> pools_;
  std::vector<std::string>* notes_;
  std::map<Id, std::int64_t> track_values_;
  std::optional<std::map<Id, std::int64_t>> track_starts_;
  std::vector<std::string> changes_;
};

std::string track_text(const TrackView& t) {
  if (!t.wound) return t.value.to_string();
  return fmt::format("{} of {} left, penalty {}", t.value.to_string(), t.max.to_string(),
                     t.penalty ? t.penalty->to_string() : std::string("0"));
}

}  // namespace

TakenRest take_rest(const Ruleset& ruleset, const Character& character, const Rest& rest,
                    std::vector<std::string>* notes) {
  return RestRunner(ruleset, character, notes).run(rest);
}

Character apply_rest(const Ruleset& ruleset, const Character& character, const Rest& rest,
                     std::vector<std::string>* notes) {
  return take_rest(ruleset, character, rest, notes).character;
}

std::optional<RestPreview> preview_rest(const Ruleset& ruleset, const Character& character, std::string_view rest_id) {
  const auto rest = std::find_if(ruleset.sheet.rests.begin(), ruleset.sheet.rests.end(),
                                 [&](const Rest& r) { return r.id == rest_id; });
  if (rest == ruleset.sheet.rests.end()) return std::nullopt;
  RestPreview preview;
  preview.rest = rest->id;
  const Character after = apply_rest(ruleset, character, *rest, &preview.notes);
  const SheetView a = evaluate_live(ruleset, character);
  const SheetView b = evaluate_live(ruleset, after);
  // Declared pools and row pools alike, in the order the sheet lists them.
  const std::vector<LivePool> pools_before = live_pools(ruleset, character, a);
  const std::vector<LivePool> pools_after = live_pools(ruleset, after, b);
  for (const LivePool& x : pools_before) {
    const auto y =
        std::find_if(pools_after.begin(), pools_after.end(), [&](const LivePool& p) { return p.key == x.key; });
    if (y != pools_after.end() && x.current != y->current)
      preview.changes.push_back({"pool", x.key, std::to_string(x.current), std::to_string(y->current)});
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
