// Loading the real 5e-2014 package: the import alone, and the import with every separate catalog
// file read and checked (what `rulekeeper check` does).
#include <benchmark/benchmark.h>

#include "catalog/operations.hpp"
#include "format/ruleset.hpp"

namespace {

const std::string k5e = std::string(RK_SOURCE_DIR) + "/rulesets/5e-2014";

void BM_import_5e_package(benchmark::State& state) {
  for (auto _ : state) {
    auto r = rk::load_ruleset(k5e);
    if (!r.ok()) {
      state.SkipWithError("the 5e package does not load");
      return;
    }
    benchmark::DoNotOptimize(r.ruleset);
  }
}
BENCHMARK(BM_import_5e_package)->Unit(benchmark::kMillisecond);

void BM_check_5e_package_with_every_catalog_file(benchmark::State& state) {
  for (auto _ : state) {
    auto r = rk::load_ruleset(k5e);
    if (!r.ok()) {
      state.SkipWithError("the 5e package does not load");
      return;
    }
    auto assets = rk::check_catalog_assets(*r.ruleset, *r.manifest, k5e);
    benchmark::DoNotOptimize(assets);
  }
}
BENCHMARK(BM_check_5e_package_with_every_catalog_file)->Unit(benchmark::kMillisecond);

void BM_picker_5e_spells_by_class_and_level(benchmark::State& state) {
  auto r = rk::load_ruleset(k5e);
  const rk::CatalogSet set(r.ruleset, k5e, "");
  set.get("spells");  // the first request reads the file; measure the picker itself
  for (auto _ : state) {
    auto result = rk::picker(set, {"spells", "", {{"class_ids", "wizard"}, {"level", "3"}}, nullptr});
    benchmark::DoNotOptimize(result.entries);
  }
}
BENCHMARK(BM_picker_5e_spells_by_class_and_level);

}  // namespace
