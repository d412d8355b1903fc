#pragma once
// Layers: variants of a ruleset that ship inside its own file and that a game turns on when it
// is created (docs/format/ruleset.md "Layers"). Every effect narrows or appends; none adds a
// mechanic. Included by model.hpp.
#include <optional>
#include <string>
#include <vector>

#include "format/number.hpp"

namespace rk {

/// Values a layer takes out of one enum field of the sheet.
struct LayerField {
  std::string pointer;  ///< where it is written in the ruleset
  std::string id;       ///< the enum field
  std::size_t field_index = static_cast<std::size_t>(-1);
  std::vector<std::string> remove_values;
  std::optional<std::string> default_value;  ///< the field's default while the layer is on
};

/// One rung of a difficulty ladder in either resolution kind's shape.
struct LadderStep {
  std::string pointer;  ///< where it is written in the ruleset
  std::string label;
  std::optional<std::int64_t> dc;         ///< a summed ladder
  std::optional<std::int64_t> successes;  ///< a pool ladder
  std::optional<std::int64_t> target;     ///< a pool ladder, where the target may move
};

/// Which entries the catalog picker leaves out: one comparison against one declared filter.
struct LayerCatalogHide {
  std::string pointer;  ///< where it is written in the ruleset
  std::string catalog;
  std::string filter;
  enum class Compare : std::uint8_t { Above, Below, Equals, NotIn } compare = Compare::Above;
  Number number;                   ///< Above, Below
  std::vector<std::string> words;  ///< Equals (one word), NotIn
};

struct Layer {
  std::string pointer;  ///< where it is written in the ruleset
  std::string id;
  std::string label;
  std::string summary;
  std::vector<std::string> conflicts;
  std::string guidance;        ///< appended to gm.checkGuidance
  std::string world_guidance;  ///< appended to gm.worldGuidance
  std::vector<LayerField> fields;
  std::vector<LadderStep> difficulty_ladder;  ///< empty: the ruleset's own ladder stays
  std::vector<LayerCatalogHide> catalogs;
};

}  // namespace rk
