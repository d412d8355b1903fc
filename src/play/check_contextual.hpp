#pragma once
// `apply=` on a check (BC-41 – BC-44, BB-137, BB-150 – BB-152): which named rows of a contextual
// list and which picked entries with `mechanics.contextual` apply to the roll, each paid for once.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog_set.hpp"
#include "play/check.hpp"

namespace rk::play::detail {

/// Each of `names` that means exactly one row or picked entry (BB-152: curly and straight quotes
/// alike), is about `roll` and whose cost can be paid: pools through one Payments run, all or
/// nothing per name; tracks marked as far as their bounds allow. A name that does not apply
/// changes nothing and costs nothing (BC-42).
std::vector<AppliedContextual> apply_contextual(const Ruleset& ruleset, Character& character,
                                                const std::vector<std::string>& names, const ContextualRoll& roll,
                                                const CatalogSet* catalogs);

/// Dice as a row's dice cell or a modifier holds them ("1d4", "2d6+1", "d8"), or nothing.
std::optional<ContextualDice> read_contextual_dice(std::string_view text);

}  // namespace rk::play::detail
