#pragma once
// Marking and healing a wound track (docs/format/live.md "Wound tracks"; the reference chapter's
// "The rules, exactly" and "Filling by box, and tracks that refuse"). The Game Master's damage
// command, a heal and a rest all go through these rules, so they agree by construction.
//
// - A sequential track holds its marks sorted most severe first; a new mark takes the place its
//   severity earns and pushes lighter marks down.
// - An indexed track puts a mark on the named box or the next free box above it and never moves it.
// - Marks are applied one at a time. A mark on a full sequential track upgrades the lightest mark one
//   step up the ladder of kinds; past the top it is overflow. A track that refuses (`onFull:
//   "refuse"`, and every indexed track) refuses the whole command when not every mark has a place.
// - Healing clears overflow first, then the lightest mark (of one kind when it names one), the
//   highest box among equally light ones.
#include <cstdint>
#include <optional>
#include <vector>

#include "format/model.hpp"
#include "sheet/character.hpp"

namespace rk {

/// A wound track being worked on: each mark as its kind's severity.
struct WoundWork {
  std::vector<Number> ladder;  ///< the kinds' severities, lightest first: the ladder an upgrade climbs
  std::size_t length = 0;      ///< this character's levels or boxes
  bool indexed = false;
  bool refuses = false;  ///< a mark with no place is refused rather than upgrading
  /// Sequential: dense, most severe first. Indexed: one slot per box, empty where it is clear.
  std::vector<std::optional<Number>> marks;
  std::int64_t overflow = 0;
};

/// The track's stored marks laid on its `length` levels: marks of kinds it no longer declares are
/// dropped, a sequential track's are sorted, and marks that no longer fit become overflow (SH-63).
WoundWork wound_work(const Track& track, std::size_t length, const TrackState* stored);

/// `amount` (> 0) marks of `severity`. False when the track refuses and not every mark has a place;
/// `work` is then unchanged. `box` (1-based) is where an indexed track's marks aim (box 1 without it).
bool mark_wounds(WoundWork& work, Number severity, std::int64_t amount, std::optional<std::int64_t> box);

/// Clears up to `amount` marks: overflow first, then the lightest (of `severity` alone when given).
void heal_wounds(WoundWork& work, std::int64_t amount, std::optional<Number> severity);

/// How many levels are marked.
std::int64_t filled_levels(const WoundWork& work);
/// The worst marked level (0-based), if any is marked.
std::optional<std::size_t> lowest_marked(const WoundWork& work);

/// The stored form again: kinds put back on the severities (an indexed mark keeps its box), and
/// the overflow held to kMaxLiveNumber.
TrackState wound_state(const Track& track, const WoundWork& work);

/// Stores a wound track sparsely: with no mark and no overflow the entry goes.
void store_wounds(Character& character, const Track& track, const WoundWork& work);

}  // namespace rk
