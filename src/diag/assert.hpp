#pragma once
// RK_ASSERT states an invariant the engine itself guarantees (never a property of the input: input
// problems are diagnostics). A broken one throws InvariantBroken, which the shells catch at their
// edge and report as an internal error instead of ending in std::terminate or undefined behaviour.
#include <stdexcept>
#include <string>

namespace rk {

class InvariantBroken : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] inline void invariant_broken(const char* condition, const char* file, int line) {
  throw InvariantBroken(std::string("internal error: `") + condition + "` does not hold at " + file + ":" +
                        std::to_string(line));
}

}  // namespace rk

#define RK_ASSERT(condition) \
  ((condition) ? static_cast<void>(0) : ::rk::invariant_broken(#condition, __FILE__, __LINE__))
