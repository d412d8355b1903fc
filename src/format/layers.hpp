#pragma once
// Turning a ruleset's layers on: which of the layers a game asked for are on, and the effective
// ruleset they give (docs/format/ruleset.md "Layers", decisions.md "Top level, `gm` and layers").
#include <string>
#include <vector>

#include "format/model.hpp"

namespace rk {

/// The layers a game has on, in the order the ruleset declares them.
struct LayerChoice {
  std::vector<std::size_t> active;   ///< indices into `Ruleset::layers`, ascending
  std::vector<std::string> dropped;  ///< asked for, but in conflict with an earlier active layer
  std::vector<std::string> unknown;  ///< asked for, but not a layer of this ruleset
};

/// Of the layers `requested` (in any order, repeats ignored), the ones that are on: for each pair
/// in conflict, the one declared later is dropped, so the same choice always gives the same rules.
LayerChoice choose_layers(const Ruleset& ruleset, const std::vector<std::string>& requested);

/// The ruleset with `choice`'s layers applied: guidance appended, enum values taken out (with the
/// field's default moved when its own went), the last active ladder recorded. The result keeps
/// its `layers`, so a reader can tell a removed value from one that never existed.
Ruleset apply_layers(const Ruleset& ruleset, const LayerChoice& choice);

/// The ladder that replaces the ruleset's own under `choice`: the last active layer's that
/// declares one, or nullptr when none does.
const std::vector<LadderStep>* layer_ladder(const Ruleset& ruleset, const LayerChoice& choice);

/// Whether an active layer leaves `entry` of `catalog` out of the picker. An entry that does not
/// set the rule's filter is never hidden.
bool hidden_by_layers(const Ruleset& ruleset, const LayerChoice& choice, const Catalog& catalog,
                      const CatalogEntry& entry);

}  // namespace rk
