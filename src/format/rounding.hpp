#pragma once
// A number rounded the way a `round` says: a scale, a tier's multiplier and a rest's share of a
// maximum all round through here, so the sheet and a rest never disagree.
#include "format/model.hpp"

namespace rk {

inline Number rounded(Number n, Rounding r) {
  switch (r) {
    case Rounding::Down:
      return n.floor();
    case Rounding::Up:
      return n.ceil();
    case Rounding::Nearest:
      return n.round_half_away();
    case Rounding::None:
      return n;
  }
  return n;
}

}  // namespace rk
