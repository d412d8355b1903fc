#pragma once
// The halves of apply_sheet_op (apply_sheet.cpp): one function per shape of `[sheet: …]` command
// on one character. Each is given the sheet as it stands (`view` = evaluate_live(ruleset, character))
// and changes `character` only when it accepts; a refusal leaves it exactly as it was. The `now`
// strings and the reasons are the reference engine's (live-state.ts, applyRulesetSheetOp).
#include <cstdint>

#include "format/model.hpp"
#include "play/apply_ops.hpp"
#include "play/command.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"
#include "sheet/wounds.hpp"

namespace rk::play::detail {

/// What one command may move at once (reference: MAX_OP_AMOUNT); more is a typo or invented harm.
inline constexpr std::int64_t kMaxOpAmount = 100'000;
/// The longest `now` an op writes, in UTF-16 units (reference: MAX_NOW_LENGTH); the receipt's own
/// bound is larger, to hold one `now` per party member.
inline constexpr std::size_t kNowUnits = 120;

/// spend, restore, damage and temp on a pool (apply_pools.cpp).
Outcome apply_pool_change(const Ruleset& ruleset, Character& character, const SheetView& view, Op op,
                          const PoolChange& change);

/// damage naming a wound track: marks, or a heal with a negative amount (apply_tracks.cpp).
Outcome apply_wound_mark(const Ruleset& ruleset, Character& character, const SheetView& view, const WoundMark& mark);
/// A wound track's receipt after marks or a heal: `Harm 2/4 Winded`, `+1 over` when harm could not land.
std::string wound_now(const Track& track, const TrackView& shown, const WoundWork& work, std::int64_t overflow_before);

/// track: a plain track set or moved (apply_tracks.cpp).
Outcome apply_track_move(const Ruleset& ruleset, Character& character, const SheetView& view, const TrackMove& move);

/// rest: a rest the ruleset declares, by id or label (apply_rest.cpp).
Outcome apply_rest_take(const Ruleset& ruleset, Character& character, const RestTake& take);

}  // namespace rk::play::detail
