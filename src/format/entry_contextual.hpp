#pragma once
// A catalog entry's `mechanics.contextual` (BC-40, docs/format/catalogs.md "mechanics.contextual"):
// what a picked entry does to one check when the Game Master names it with `apply=`.
#include <vector>

#include "format/condition_effect.hpp"
#include "format/contextual_model.hpp"
#include "format/items_model.hpp"

namespace rk {

/// The condition vocabulary's effects and modifiers, the skills and saves they are about, a pool
/// `check` and a `cost` paid once on the roll it applies to.
struct EntryContextual {
  std::vector<ConditionEffect> effects;
  std::vector<CombatModifier> modifiers;
  std::vector<Id> skills, saves;
  std::optional<ContextualCheck> check;
  std::vector<ContextualCost> cost;
};

}  // namespace rk
