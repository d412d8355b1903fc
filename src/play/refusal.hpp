#pragma once
// Why a command was refused: the `reason=` of a receipt. The spellings are a public contract (a
// reply written for the original engine must get the same reasons here): add, never rename.
#include <cstdint>
#include <optional>
#include <string_view>

namespace rk::play {

enum class Refusal : std::uint8_t {
  // Given by the tag reader itself (src/play/tags.cpp), before any state is read.
  Malformed,      ///< the tag does not say one command clearly
  TooMany,        ///< the 41st command tag of a reply, and every one after it (SH-100)
  UnknownSheet,   ///< `sheet=` names a sheet other than the party's (SH-119)
  UnsupportedOp,  ///< an op the named sheet does not take: on the party sheet, all but spend, restore, advance (SH-118)
  // Given by the apply stage; the reference's own reasons (live-state.ts, sheet-commands.ts).
  UnknownCharacter,
  AmbiguousCharacter,
  UnknownPool,
  AmbiguousPool,
  Insufficient,
  BadAmount,
  NoTemp,
  UnknownTrack,
  WrongTrack,
  UnknownKind,
  UnknownCondition,
  UnknownField,
  UnknownRest,
  UnknownEntry,
  AmbiguousEntry,
  BadPool,
  // The reference chapter's live states.
  UnknownState,
  UnknownValue,
  // The newer pages: advance (CA-56 – CA-62) and clocks (SH-87 – SH-100).
  NotConfigured,  ///< the ruleset has no `advancement`, no `clocks`, no `party` for the command
  NotPermitted,   ///< an advance target the ruleset's advancement does not list
  UnknownAbility,
  UnknownSkill,
  UnknownSave,
  UnknownTier,
  UnknownClock,
  BadSize,      ///< a clock size the ruleset's `clocks.sizes` does not list
  ClocksFull,   ///< a new clock past `clocks.max`
  ClockExists,  ///< a new clock under the name of one that exists
  // The reference's newer engine (fill by box, tracks that refuse).
  NoBox,  ///< a mark a refusing wound track has no free box or level for (SH-57)
};

/// The kebab-case reason a receipt writes.
std::string_view refusal_code(Refusal refusal);
/// The refusal a reason spells, if it is one.
std::optional<Refusal> refusal_named(std::string_view code);

}  // namespace rk::play
