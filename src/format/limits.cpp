#include "format/limits.hpp"

#include "diag/assert.hpp"

namespace rk {

void check_limit(const limits::CountLimit& limit, std::size_t n, const std::string& pointer, std::string_view what,
                 Diagnostics& diagnostics) {
  RK_ASSERT(!limit.gate);  // a lifted limit is not refused: check_gated_limit
  if (n > limit.value)
    diagnostics.error(limit.code, pointer, "{} lists {} entries; the limit is {}", what, n, limit.value);
}

bool check_gated_limit(const limits::CountLimit& lifted, const limits::CountLimit& hard, std::size_t n,
                       const std::string& pointer, std::string_view what, Requirement& requirement,
                       Diagnostics& diagnostics) {
  RK_ASSERT(lifted.gate && lifted.value < hard.value);
  if (n > hard.value) {
    RK_ASSERT(!hard.gate);  // a gated `hard` is the next link of a chain: its caller checks it first
    diagnostics.error(hard.code, pointer, "{} lists {} entries; the limit is {}", what, n, hard.value);
    return false;
  }
  if (n > lifted.value) requirement.use(*lifted.gate, pointer);
  return true;
}

}  // namespace rk
