#pragma once
// One-roll effects (BC-34 – BC-44, BB-136 – BB-139, BB-147 – BB-152; docs/format/sheet.md
// "Rows that change one roll", docs/format/catalogs.md "mechanics.contextual"): rows of a list, or
// a picked catalog entry, that change one check when the Game Master names them with `apply=`.
// Owning them never changes a roll by itself (BC-43). A catalog entry's own shape is in
// entry_contextual.hpp (it speaks the condition vocabulary of items_model.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "format/ref.hpp"

namespace rk {

/// BC-39, BB-138, BB-147: what an applied row or entry does to the roll itself. `dice` and
/// `successes` are added to a pool, `explode`/`double` move those rules' faces, `cancel: false`
/// stops low faces taking successes away, `best` rolls the character's best skill number.
struct ContextualCheck {
  std::optional<std::int64_t> dice, successes, explode, double_face;
  bool no_cancel = false;
  bool best = false;
  /// Whether it does anything besides `best` (which alone needs no dice pool, BB-148).
  bool pool_effect() const { return dice || successes || explode || double_face || no_cancel; }
};

/// BC-40, BB-150: one price of an applied row or entry, paid once on the roll it applies to: a
/// live pool's `amount`, or an ordinary live track marked by `by` as far as its bounds allow.
struct ContextualCost {
  Id pool;
  std::size_t pool_index = kNone;
  std::int64_t amount = 1;
  Id track;
  std::size_t track_index = kNone;
  std::int64_t by = 0;
  bool marks_track() const { return !track.empty(); }
};

/// A list's `contextual` (BC-34 – BC-39, BB-136, BB-151): which columns name a row, the skill it is
/// for and what it adds, and what every applied row of the list does and costs.
struct ListContextual {
  std::string pointer;  ///< where `contextual` is written
  Id name, skill, bonus, dice;
  std::size_t name_index = kNone, skill_index = kNone, bonus_index = kNone, dice_index = kNone;
  bool saves = false;      ///< `to: "saves"`: the rows apply to saves instead of checks (BC-38)
  bool abilities = false;  ///< BB-136: the skill cell may name an ability
  std::optional<ContextualCheck> check;
  std::vector<ContextualCost> cost;
};

}  // namespace rk
