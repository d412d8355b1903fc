#pragma once
// The sheet as a player reads it on a terminal: grouped by the ruleset's sections, every value
// under its label, enum values by their labels, lists row by row, then live state, conditions
// and notes. Internal derived values and what `hideWhen` hides are left out.
#include <string>

#include "format/model.hpp"
#include "sheet/evaluate.hpp"

namespace rk {

std::string sheet_to_text(const Ruleset& ruleset, const SheetView& view);

}  // namespace rk
