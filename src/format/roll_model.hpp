#pragma once
// Creation rolls and starting values in the guided builder (docs/format/builder.md "Creation
// dice", "Roll steps", "Initialize steps"; BC-51 – BC-57, BC-81 – BC-89): the creation dice
// object, an abilities step's `methods.rolls`, a roll step's entries and an initialize step's
// writes. Included by builder_model.hpp.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "format/allocate_model.hpp"
#include "format/number.hpp"
#include "format/ref.hpp"
#include "format/scalar.hpp"

namespace rk {

/// BC-81: `{ count, sides, keep?, add?, multiplier? }` — the `keep` highest faces, plus `add`,
/// times `multiplier` (CoC's (2d6+6) x 5 is `{count: 2, sides: 6, add: 6, multiplier: 5}`).
struct CreationDice {
  std::int64_t count = 1;
  std::int64_t sides = 6;
  std::int64_t keep = 0;  ///< 0: every die (`keep` absent)
  std::int64_t add = 0;
  std::int64_t multiplier = 1;
  std::int64_t kept() const { return keep > 0 ? keep : count; }
  /// Whether `faces` can be one throw of these dice (a stored roll after the ruleset changed may not).
  bool fits(const std::vector<std::int64_t>& faces) const {
    return static_cast<std::int64_t>(faces.size()) == count &&
           std::all_of(faces.begin(), faces.end(), [&](std::int64_t f) { return f >= 1 && f <= sides; });
  }
  /// (the `keep` highest faces + add) x multiplier (BC-81; the CoC example fixes the order).
  std::int64_t total(std::vector<std::int64_t> faces) const {
    std::sort(faces.begin(), faces.end(), std::greater<>());
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < faces.size() && static_cast<std::int64_t>(i) < kept(); ++i) sum += faces[i];
    return (sum + add) * multiplier;
  }
  /// How a player reads them: "3d6 x5", "2d6+6 x5", "4d6 keep 3".
  std::string text() const;
};

/// BC-82: one group of `methods.rolls` — its abilities, rolled in order, each with these dice.
struct RollGroup {
  std::string pointer;
  std::vector<std::string> abilities;
  CreationDice dice;
};

/// BC-83 – BC-88: one entry of a roll step. It writes a number `field` (or, decisions.md, an
/// `ability`); `best` rolls 2 or 3 times and keeps the best; `floor` is the least the result can be;
/// `gain` makes it an improvement check that adds only when the roll exceeds the target.
struct RollEntry {
  std::string pointer;
  std::string id;
  std::string label;
  RatingTarget target;  ///< a Field or an Ability
  CreationDice dice;
  std::int64_t best = 1;
  std::optional<Number> floor;  ///< a fixed floor
  std::optional<Ref> floor_from;
  /// An improvement check: what a roll above the target adds, a number or dice.
  struct Gain {
    std::int64_t flat = 0;
    std::optional<CreationDice> dice;
  };
  std::optional<Gain> gain;
};

/// BC-52: one write of an initialize step: a field and exactly one of a fixed value, a Ref (a
/// number field only), or what a builder pool left unspent.
struct InitializeWrite {
  std::string pointer;
  std::string field;
  std::optional<Scalar> value;
  std::optional<Ref> value_from;
  std::string remaining;  ///< a `sheet.builder.pools` id
};

}  // namespace rk
