// Any bytes given as a ruleset file must yield a ruleset or diagnostics: never a crash, a hang or
// unbounded memory. Run: build-fuzz/fuzz/ruleset_fuzz rulesets/examples/gravewatch tests/cases/format
#include <cstddef>
#include <cstdint>
#include <string>

#include "format/ruleset.hpp"
#include "sheet/evaluate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rk::LoadResult r = rk::load_ruleset_text(std::string(reinterpret_cast<const char*>(data), size));
  if (r.ruleset) {
    // A ruleset that compiles must evaluate a blank character without failing.
    const rk::SheetView view = rk::evaluate(*r.ruleset, rk::blank_character(*r.ruleset));
    (void)view;
  }
  return 0;
}
