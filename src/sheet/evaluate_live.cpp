// The evaluator's live values (evaluator.hpp): pools and tracks, where they start and where the
// character's stored live state puts them.
#include <algorithm>

#include "format/limits.hpp"
#include "sheet/evaluator.hpp"

namespace rk::detail {

Number Evaluator::pool_start(const Pool& p, Number max, std::vector<Term>* terms) {
  if (p.start_from) {
    // BC-58, BC-60: the start value while nothing is stored, held between 0 and the max.
    const Number start = ref(*p.start_from, terms, "starts from").floor();
    const Number held = std::clamp(start, Number(), max);
    if (terms != nullptr && held != start) terms->push_back({"held between 0 and its max", held});
    return held;
  }
  const Number start = p.start == Pool::Start::Full ? max : Number();
  if (terms != nullptr) terms->push_back({p.start == Pool::Start::Full ? "starts full" : "starts empty", start});
  return start;
}

const PoolView& Evaluator::pool(std::size_t i) {
  auto& memo = pools_[i];
  if (memo.done) return memo.value;
  const Pool& p = s_.pools[i];
  PoolView v;
  // A pool counts whole points: a computed maximum is read down to a whole number, never below 0.
  v.max = std::max(Number(), ref(p.max, terms_of(v.terms), "max").floor());
  const auto it = c_.pools.find(p.id);
  if (it != c_.pools.end() && it->second.current) {
    v.current = *it->second.current;
    note(
        v.terms, [] { return "current on the sheet"; }, v.current);
    if (v.current > v.max) {
      warn_once("/live/pools/" + p.id, Code::LimitReached, "pool `{}` holds {} but its max is {}; it reads as {}", p.id,
                v.current.to_string(), v.max.to_string(), v.max.to_string());
      v.current = v.max;
      note(
          v.terms, [] { return "held at its max"; }, v.current);
    }
  } else {
    v.current = pool_start(p, v.max, terms_of(v.terms));
  }
  v.start = it != c_.pools.end() && it->second.current ? pool_start(p, v.max, nullptr) : v.current;
  if (it != c_.pools.end()) v.temp = it->second.temp;
  if (p.level) {
    v.level = ref(*p.level, terms_of(v.terms), "level");
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

const TrackView& Evaluator::track(std::size_t i) {
  auto& memo = tracks_[i];
  if (memo.done) return memo.value;
  const Track& t = s_.tracks[i];
  memo.value = t.wound ? wound_track(t) : ordinary_track(t);
  memo.done = true;
  return memo.value;
}

Number Evaluator::track_start(const Track& t, Number min, Number max, std::vector<Term>* terms) {
  if (t.start_from) {
    const Number start = ref(*t.start_from, terms, "starts from").floor();
    const Number held = std::clamp(start, min, max);
    if (terms != nullptr && held != start) terms->push_back({"held between its min and max", held});
    return held;
  }
  const Number start = std::clamp(t.default_value, min, std::max(min, max));
  if (terms != nullptr) terms->push_back({"default", start});
  return start;
}

TrackView Evaluator::ordinary_track(const Track& t) {
  TrackView v;
  v.min = t.min;
  v.max = ref(t.max, terms_of(v.terms), "max").floor();
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
    note(
        v.terms, [] { return "value on the sheet"; }, v.value);
    if (v.value > v.max) {
      warn_once("/live/tracks/" + t.id, Code::LimitReached, "track `{}` holds {} but its max is {}; it reads as {}",
                t.id, v.value.to_string(), v.max.to_string(), v.max.to_string());
      v.value = std::max(v.min, v.max);
      note(
          v.terms, [] { return "held at its max"; }, v.value);
    }
  } else {
    v.value = track_start(t, v.min, v.max, terms_of(v.terms));
  }
  v.start = it != c_.tracks.end() && it->second.value ? track_start(t, v.min, v.max, nullptr) : v.value;
  v.full = v.value >= v.max;
  return v;
}

TrackView Evaluator::wound_track(const Track& t) {
  TrackView v;
  v.wound = true;
  v.min = t.min;
  if (t.boxes) {
    Number boxes = ref(t.max, terms_of(v.terms), "boxes").floor();
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
  note(
      v.terms,
      [&] {
        return fmt::format("{} levels, {} marked{}", v.max.to_string(), marked,
                           v.overflow == 0 ? "" : fmt::format(", {} overflow", v.overflow));
      },
      remaining);
  if (t.boxes) {
    const Number x = t.box_penalty_by == Track::PenaltyBy::Remaining ? remaining : Number::of(marked);
    Number penalty;
    for (const auto& [count, p] : t.box_penalty) {
      if (count > x) break;
      penalty = p;
    }
    v.penalty = penalty;
    note(
        v.terms,
        [&] {
          return fmt::format("penalty for {} {} boxes", x.to_string(),
                             t.box_penalty_by == Track::PenaltyBy::Remaining ? "remaining" : "filled");
        },
        penalty);
  } else {
    // The penalty of the deepest marked level; none while unmarked (decisions.md, M1).
    v.penalty = deepest > 0 ? v.levels[static_cast<std::size_t>(deepest - 1)].penalty : Number();
    note(
        v.terms,
        [&] {
          return deepest > 0 ? fmt::format("penalty of level {} ({})", deepest, v.levels[deepest - 1].label)
                             : std::string("no marks: no penalty");
        },
        *v.penalty);
  }
  return v;
}

// SH-60, SH-61: each row of the list adds its levels after the last level whose penalty is no
// worse than the row's, named after that level when the penalties are equal, else after the
// penalty. A hidden list adds nothing (SH-62).
void Evaluator::add_extra_levels(const Track& t, TrackView& v) {
  const List& list = s_.lists[t.extra->list_index];
  if (hidden(list.hide_when)) {
    note(
        v.terms, [&] { return fmt::format("list `{}` is hidden: no extra levels", list.id); }, std::nullopt);
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
        after > 0 && v.levels[after - 1].penalty == penalty ? v.levels[after - 1].label : penalty.to_string();
    for (std::int64_t k = 0; k < count; ++k) {
      v.levels.insert(v.levels.begin() + static_cast<std::ptrdiff_t>(after), LevelView{label, penalty, true, {}});
    }
    if (count > 0) {
      note(
          v.terms,
          [&] {
            return fmt::format("row `{}` of list `{}` adds {} level(s) at {}", row.id, list.id, count,
                               penalty.to_string());
          },
          std::nullopt);
    }
  }
}

}  // namespace rk::detail
