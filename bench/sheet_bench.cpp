// Speed of `check` on the largest fixture and of one sheet evaluation (never asserted in tests).
#include <fstream>
#include <sstream>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

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

// A ruleset at the engine's limits: 240 fields, 120 skills, 400 derived values reading each other
// in long chains, 60 pools. It measures the validator's and the evaluator's worst realistic case.
std::string large_ruleset() {
  std::string fields, skills, derived, pools;
  for (int i = 0; i < 240; ++i) {
    fields +=
        fmt::format(R"({}{{"id": "f{}", "label": "Field {}", "type": "number", "min": 0, "max": 100, "default": {}}})",
                    i ? "," : "", i, i, i % 10);
  }
  for (int i = 0; i < 120; ++i) {
    skills += fmt::format(R"({}{{"id": "s{}", "label": "Skill {}", "ability": "a{}", "cap": {{"derived": "d{}"}}}})",
                          i ? "," : "", i, i, i % 6, 399 - i);
  }
  for (int i = 0; i < 400; ++i) {
    const std::string of =
        i == 0 ? R"({"field": "f0"})" : fmt::format(R"({{"derived": "d{}"}}, {{"field": "f{}"}})", i - 1, i % 240);
    derived +=
        fmt::format(R"({}{{"id": "d{}", "label": "Derived {}", "op": "sum", "of": [{}]}})", i ? "," : "", i, i, of);
  }
  for (int i = 0; i < 60; ++i) {
    pools += fmt::format(R"({}{{"id": "p{}", "label": "Pool {}", "max": {{"derived": "d{}"}}, "group": "g{}"}})",
                         i ? "," : "", i, i, i * 6, i % 4);
  }
  std::string abilities;
  for (int i = 0; i < 6; ++i) {
    abilities += fmt::format(R"({}{{"id": "a{}", "label": "Ability {}", "min": 1, "max": 30, "default": 10}})",
                             i ? "," : "", i, i);
  }
  return fmt::format(R"({{"schemaVersion": 1, "id": "large", "version": 1, "name": "Large",
    "coverage": {{"summary": "A generated ruleset at the engine's limits."}},
    "gm": {{"checkGuidance": "Call for a check when the outcome is in doubt."}},
    "resolution": {{"kind": "dice-sum", "abilityModifier": {{"op": "floorHalfMinusTen"}}, "proficiencyTiers": [{{"id": "none", "label": "None"}}, {{"id": "pro", "label": "Pro", "flat": 2}}], "difficultyLadder": [{{"label": "Hard", "dc": 15}}]}},
    "sheet": {{"version": 1, "abilities": [{}], "skills": [{}], "fields": [{}], "derived": [{}], "live": {{"pools": [{}]}}}}}})",
                     abilities, skills, fields, derived, pools);
}

void BM_check_large_generated_ruleset(benchmark::State& state) {
  const std::string text = large_ruleset();
  for (auto _ : state) {
    auto r = rk::load_ruleset_text(text);
    if (!r.ok()) {
      state.SkipWithError("the large ruleset does not compile");
      return;
    }
    benchmark::DoNotOptimize(r.ruleset);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_check_large_generated_ruleset);

void BM_evaluate_large_generated_sheet(benchmark::State& state) {
  auto r = rk::load_ruleset_text(large_ruleset());
  if (!r.ok()) {
    state.SkipWithError("the large ruleset does not compile");
    return;
  }
  const rk::Character blank = rk::blank_character(*r.ruleset);
  for (auto _ : state) {
    auto view = rk::evaluate(*r.ruleset, blank);
    benchmark::DoNotOptimize(view.derived);
  }
}
BENCHMARK(BM_evaluate_large_generated_sheet);

}  // namespace
