#pragma once
// How a catalog entry's filter values answer what a builder step, a choice slot or a quota asks
// for: one home for the rules the builder applies at run time and the author linter reads at
// `check` (docs/format/builder.md, BA-18 – BA-20, BA-95, BA-115).
#include <string>
#include <vector>

#include "format/builder_model.hpp"

namespace rk {

/// BA-18: a step's `filters` value holds on an entry's value: equal, or for the entry's tags the
/// one wanted tag, or every wanted tag.
bool step_filter_holds(const FilterValue& wanted, const FilterValue& has);
/// BA-95, BA-115, BA-132: a choice's or quota's value holds on an entry's value: equal, or one of
/// the entry's tags.
bool choice_filter_holds(const FilterValue& wanted, const FilterValue& has);
/// BA-19, BA-33: the parent entry ids a `within` filter value names (text: one, tags: several).
std::vector<std::string> named_parents(const FilterValue& value);

}  // namespace rk
