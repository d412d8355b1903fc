#pragma once
// Internal to src/format: the parts of `resolution` read in read_resolution_kinds.cpp.
#include "format/read.hpp"

namespace rk::detail {

/// The sheet math both kinds share: `abilityModifier`, `proficiency`, `proficiencyTiers`.
void read_sheet_math(ObjectReader& r, Resolution& out, ReadContext& cx);
/// The keys of `out.kind` alone (`dice`, `die`, `pool`, … , `difficultyLadder`, `spend`), with
/// every rule that needs only the block itself.
void read_kind_rules(ObjectReader& r, Resolution& out, ReadContext& cx);

/// A catalog entry's `mechanics.check` (writing-rulesets.md "A charm that changes a roll"): what
/// using the entry does to a check, held to the ruleset's own pool (kept by the caller; a check's
/// `use=` buys it, src/play/check_spending.cpp).
void check_check_effect(const bj::value& v, const std::string& pointer, const std::string& what,
                        const Resolution& resolution, ReadContext& cx);

}  // namespace rk::detail
