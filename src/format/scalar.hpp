#pragma once
#include <string>
#include <variant>

#include "format/number.hpp"

namespace rk {

/// A typed scalar: a number, a text (also enum values and dice), or a boolean.
struct Scalar {
  std::variant<Number, std::string, bool> value;
  bool operator==(const Scalar&) const = default;
};

}  // namespace rk
