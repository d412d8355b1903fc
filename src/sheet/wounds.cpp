#include "sheet/wounds.hpp"

#include <algorithm>

#include "sheet/live_pools.hpp"

namespace rk {

namespace {

std::optional<Number> severity_of(const Track& track, const Id& kind) {
  for (const WoundKind& k : track.kinds) {
    if (k.id == kind) return k.severity;
  }
  return std::nullopt;
}

/// Puts one mark where its severity earns it on a sequential track, pushing lighter marks down.
void place(WoundWork& work, Number severity) {
  const auto at = std::find_if(work.marks.begin(), work.marks.end(),
                               [&](const std::optional<Number>& m) { return m && *m < severity; });
  work.marks.insert(at, severity);
}

/// One mark on a sequential track that upgrades.
void mark_once(WoundWork& work, Number severity) {
  if (work.marks.size() < work.length) {
    place(work, severity);
    return;
  }
  // Full: the last mark is the lightest there is; it goes one step up the ladder, whatever kind
  // the new mark was.
  const std::optional<Number> lightest = work.marks.empty() ? std::nullopt : work.marks.back();
  const auto next =
      lightest ? std::find_if(work.ladder.begin(), work.ladder.end(), [&](Number rung) { return rung > *lightest; })
               : work.ladder.end();
  if (next == work.ladder.end()) {
    work.overflow += 1;
    return;
  }
  work.marks.pop_back();
  place(work, *next);
}

bool heal_once(WoundWork& work, std::optional<Number> severity) {
  if (work.overflow > 0) {
    work.overflow -= 1;
    return true;
  }
  std::optional<std::size_t> at;
  for (std::size_t i = 0; i < work.marks.size(); ++i) {
    const std::optional<Number>& m = work.marks[i];
    if (!m || (severity && *m != *severity)) continue;
    if (!at || *m <= *work.marks[*at]) at = i;  // the later of equals: the highest box
  }
  if (!at) return false;
  if (work.indexed)
    work.marks[*at].reset();
  else
    work.marks.erase(work.marks.begin() + static_cast<std::ptrdiff_t>(*at));
  return true;
}

}  // namespace

WoundWork wound_work(const Track& track, std::size_t length, const TrackState* stored) {
  WoundWork work;
  for (const WoundKind& kind : track.kinds) work.ladder.push_back(kind.severity);
  std::sort(work.ladder.begin(), work.ladder.end());
  work.length = length;
  work.indexed = track.fill == Track::Fill::Indexed;
  work.refuses = work.indexed || track.on_full == Track::OnFull::Refuse;
  if (stored != nullptr) work.overflow = std::max<std::int64_t>(0, stored->overflow);
  if (work.indexed) {
    work.marks.assign(length, std::nullopt);
    if (stored != nullptr) {
      for (const Mark& mark : stored->marks) {
        const std::optional<Number> severity = severity_of(track, mark.kind);
        if (!severity) continue;
        if (mark.box >= 1 && static_cast<std::size_t>(mark.box) <= length && !work.marks[mark.box - 1])
          work.marks[mark.box - 1] = severity;
        else
          work.overflow += 1;  // a box the track no longer has
      }
    }
    return work;
  }
  std::vector<Number> dense;
  if (stored != nullptr) {
    for (const Mark& mark : stored->marks) {
      if (const std::optional<Number> severity = severity_of(track, mark.kind)) dense.push_back(*severity);
    }
  }
  std::sort(dense.begin(), dense.end(), std::greater<>());
  for (std::size_t i = 0; i < dense.size(); ++i) {
    if (i < length)
      work.marks.emplace_back(dense[i]);
    else
      work.overflow += 1;
  }
  return work;
}

bool mark_wounds(WoundWork& work, Number severity, std::int64_t amount, std::optional<std::int64_t> box) {
  if (work.indexed) {
    // Every box is found before any is marked, so a command that cannot land whole lands not at all.
    const std::size_t from = static_cast<std::size_t>(std::max<std::int64_t>(0, box.value_or(1) - 1));
    std::vector<bool> taken(work.length, false);
    std::vector<std::size_t> planned;
    for (std::int64_t i = 0; i < amount; ++i) {
      std::optional<std::size_t> at;
      for (std::size_t b = from; b < work.length; ++b) {
        if (!work.marks[b] && !taken[b]) {
          at = b;
          break;
        }
      }
      if (!at) return false;
      taken[*at] = true;
      planned.push_back(*at);
    }
    for (const std::size_t b : planned) work.marks[b] = severity;
    return true;
  }
  if (work.refuses) {
    if (static_cast<std::int64_t>(work.length - work.marks.size()) < amount) return false;
    for (std::int64_t i = 0; i < amount; ++i) place(work, severity);
    return true;
  }
  const auto full_at_the_worst_kind = [&] {
    if (work.marks.size() != work.length) return false;
    if (work.marks.empty() || work.ladder.empty()) return true;
    return work.marks.back().value_or(Number()) == work.ladder.back();
  };
  for (std::int64_t i = 0; i < amount; ++i) {
    // Full at the worst kind: nothing can land any more, so every mark left is one more overflow.
    if (full_at_the_worst_kind()) {
      work.overflow += amount - i;
      return true;
    }
    mark_once(work, severity);
  }
  return true;
}

void heal_wounds(WoundWork& work, std::int64_t amount, std::optional<Number> severity) {
  for (std::int64_t i = 0; i < amount; ++i) {
    if (!heal_once(work, severity)) return;
  }
}

std::int64_t filled_levels(const WoundWork& work) {
  return static_cast<std::int64_t>(std::count_if(work.marks.begin(), work.marks.end(),
                                                 [](const std::optional<Number>& m) { return m.has_value(); }));
}

std::optional<std::size_t> lowest_marked(const WoundWork& work) {
  for (std::size_t i = work.marks.size(); i > 0; --i) {
    if (work.marks[i - 1]) return i - 1;
  }
  return std::nullopt;
}

TrackState wound_state(const Track& track, const WoundWork& work) {
  const auto kind_of = [&](Number severity) -> Id {
    for (const WoundKind& k : track.kinds) {
      if (k.severity == severity) return k.id;
    }
    return {};
  };
  TrackState state;
  for (std::size_t i = 0; i < work.marks.size(); ++i) {
    if (!work.marks[i]) continue;
    state.marks.push_back(Mark{kind_of(*work.marks[i]), work.indexed ? static_cast<std::int64_t>(i) + 1 : 0});
  }
  state.overflow = std::min(work.overflow, kMaxLiveNumber);
  return state;
}

void store_wounds(Character& character, const Track& track, const WoundWork& work) {
  TrackState state = wound_state(track, work);
  if (state.marks.empty() && state.overflow == 0)
    character.tracks.erase(track.id);
  else
    character.tracks[track.id] = std::move(state);
}

}  // namespace rk
