// Speed of `check` on the largest fixture and of one sheet evaluation (never asserted in tests).
#include <fstream>
#include <sstream>

#include <benchmark/benchmark.h>

#include "format/ruleset.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string kGravewatch = std::string(RK_SOURCE_DIR) + "/rulesets/examples/gravewatch";

void BM_check_gravewatch_package(benchmark::State& state) {
  for (auto _ : state) {
    auto r = rk::load_ruleset(kGravewatch);
    benchmark::DoNotOptimize(r.ruleset);
  }
}
BENCHMARK(BM_check_gravewatch_package);

void BM_evaluate_gravewatch_sheet(benchmark::State& state) {
  auto r = rk::load_ruleset(kGravewatch);
  rk::Diagnostics d;
  auto c = rk::parse_character(*r.ruleset, read(kGravewatch + "/characters/mira.json"), "mira.json", d);
  if (!c) {
    state.SkipWithError("mira.json does not load");
    return;
  }
  for (auto _ : state) {
    auto view = rk::evaluate(*r.ruleset, *c);
    benchmark::DoNotOptimize(view.derived);
  }
}
BENCHMARK(BM_evaluate_gravewatch_sheet);

}  // namespace
