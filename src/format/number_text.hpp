#pragma once
// A Number written as text by a user (a command-line filter value): decimal digits only.
#include <optional>
#include <string_view>

#include "format/number.hpp"

namespace rk {

/// `-?digits(.digits)?` with at most four decimals, within the Number bounds; anything else
/// (`abc`, ``, `3abc`, `0x3`, `1e3`, ` 3`) is nothing.
std::optional<Number> number_from_text(std::string_view text);

}  // namespace rk
