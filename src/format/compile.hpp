#pragma once
// The passes `read_ruleset` runs, in their order (read_ruleset.cpp says why that order).
#include <string_view>
#include <vector>

namespace rk::detail {

std::vector<std::string_view> compile_pass_names();

}  // namespace rk::detail
