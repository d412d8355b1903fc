// Track commands (docs/format/commands.md "Tracks"): `track` on a plain track, and `damage`
// naming a wound track, which marks it or, with a negative amount, heals it.
#include <algorithm>

#include <fmt/format.h>

#include "play/sheet_ops.hpp"
#include "sheet/live_pools.hpp"
#include "sheet/wounds.hpp"

namespace rk::play::detail {

namespace {

/// A track the sheet shows, by id or label; a hidden one is not on it.
const Track* shown_track(const Ruleset& ruleset, const SheetView& view, std::string_view name) {
  for (const Track& track : ruleset.sheet.tracks) {
    if (hidden_on(ruleset.sheet, view, track.hide_when)) continue;
    if (same_name(track.id, name) || same_name(track.label, name)) return &track;
  }
  return nullptr;
}

}  // namespace

Outcome apply_track_move(const Ruleset& ruleset, Character& character, const SheetView& view, const TrackMove& move) {
  const Track* track = shown_track(ruleset, view, move.track);
  if (track == nullptr) return Outcome::refused(Refusal::UnknownTrack);
  // A bare number cannot say what kinds new marks are (SH-41).
  if (track->wound) return Outcome::refused(Refusal::WrongTrack);
  const std::int64_t asked = move.to ? *move.to : move.by.value_or(0);
  if (asked > kMaxLiveNumber || asked < -kMaxLiveNumber) return Outcome::refused(Refusal::BadAmount);
  const TrackView& shown = view.tracks.at(track->id);
  const std::int64_t min = shown.min.whole(), max = shown.max.whole();
  const std::int64_t value = std::clamp(move.to ? *move.to : shown.value.whole() + asked, min, max);
  if (value == shown.start.whole())
    character.tracks.erase(track->id);
  else
    character.tracks[track->id].value = Number::of(value);
  return Outcome::accepted(fmt::format("{} {}", track->label, value));
}

Outcome apply_wound_mark(const Ruleset& ruleset, Character& character, const SheetView& view, const WoundMark& mark) {
  const Track* track = shown_track(ruleset, view, mark.track);
  if (track == nullptr) return Outcome::refused(Refusal::UnknownTrack);
  if (!track->wound) return Outcome::refused(Refusal::WrongTrack);
  // Never refused for being more than the track holds: overflow carries the rest.
  if (mark.amount == 0 || mark.amount > kMaxOpAmount || mark.amount < -kMaxOpAmount)
    return Outcome::refused(Refusal::BadAmount);
  const auto kind = std::find_if(track->kinds.begin(), track->kinds.end(), [&](const WoundKind& k) {
    return same_name(k.id, mark.kind) || same_name(k.label, mark.kind);
  });
  const bool known_kind = kind != track->kinds.end();
  // A heal that names no kind the track has clears the lightest marks, as healing always has.
  if (!known_kind && mark.amount > 0) return Outcome::refused(Refusal::UnknownKind);
  if (mark.box && (*mark.box < 1 || *mark.box > rk::limits::kWoundBoxes.value))
    return Outcome::refused(Refusal::BadAmount);

  const TrackView& shown = view.tracks.at(track->id);
  const auto stored = character.tracks.find(track->id);
  WoundWork work =
      wound_work(*track, shown.levels.size(), stored == character.tracks.end() ? nullptr : &stored->second);
  const std::int64_t overflow_before = work.overflow;
  if (mark.amount < 0) {
    heal_wounds(work, -mark.amount, known_kind ? std::optional<Number>(kind->severity) : std::nullopt);
  } else if (!mark_wounds(work, kind->severity, mark.amount, mark.box)) {
    return Outcome::refused(Refusal::NoBox);
  }
  store_wounds(character, *track, work);

  return Outcome::accepted(wound_now(*track, shown, work, overflow_before));
}

std::string wound_now(const Track& track, const TrackView& shown, const WoundWork& work, std::int64_t overflow_before) {
  // `Harm 2/4 Winded`: marked levels of all, then the worst marked level's name (boxes have none),
  // then the harm that could not land, said because a blow that lands nowhere is still a blow.
  std::string now = fmt::format("{} {}/{}", track.label, filled_levels(work), work.length);
  if (const std::optional<std::size_t> lowest = lowest_marked(work); lowest && !track.boxes)
    now += " " + shown.levels[*lowest].label;
  if (work.overflow > overflow_before) now += fmt::format(" +{} over", work.overflow - overflow_before);
  return now;
}

}  // namespace rk::play::detail
