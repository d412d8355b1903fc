// Any bytes given as a character document of the Gravewatch ruleset must be read or refused, and
// anything read must evaluate. Run: build-fuzz/fuzz/character_fuzz rulesets/examples/gravewatch/characters
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "format/ruleset.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const rk::LoadResult ruleset = rk::load_ruleset(RK_FUZZ_RULESET);
  if (!ruleset.ruleset) std::abort();
  rk::Diagnostics diagnostics;
  auto character = rk::parse_character(*ruleset.ruleset, std::string(reinterpret_cast<const char*>(data), size), "fuzz",
                                       diagnostics);
  if (character) {
    const rk::SheetView view = rk::evaluate(*ruleset.ruleset, *character);
    (void)view;
  }
  return 0;
}
