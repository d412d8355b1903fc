#pragma once
// A list's `checks` (Capability API 1.161, BC-74–BC-80): every row the player writes is a check
// the Game Master may call by the row's name (docs/format/sheet.md "Row checks").
#include <cstddef>
#include <string>

#include "format/ref.hpp"

namespace rk {

struct RowCheck {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  Id name_column;     ///< `name`: the text column a row is called by
  Id rating_column;   ///< `rating`: the number column that is the row's rating
  Id ability;         ///< `ability` (optional): added the way a skill's ability is added
  std::string label;  ///< `label` (optional, BC-77): said after the row's name, "Fire stew (bold)"
  std::size_t name_index = kNone, rating_index = kNone, ability_index = kNone;
};

}  // namespace rk
