// Validation against the speed of parsing (issue 9 point 10): checking each file of the real 5e
// package next to simdjson's and Boost.JSON's parse of the same bytes. Every "check" row carries
// `x_simdjson` and `x_boost`: how many times the parse alone the whole check takes, measured in the
// same run on the same bytes, so the ratio means the same on any machine.
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>

#include <benchmark/benchmark.h>
#include <simdjson.h>
#include <boost/json/parse.hpp>

#include "format/ruleset.hpp"
#include "json/document.hpp"

namespace {

const std::string k5e = std::string(RK_SOURCE_DIR) + "/rulesets/5e-2014";

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// Mean seconds of one call of `f`, over enough calls to last about 0.2 s.
template <typename F>
double seconds_per_call(F&& f) {
  using clock = std::chrono::steady_clock;
  f();  // warm the caches and the allocator
  std::size_t calls = 0;
  const auto start = clock::now();
  std::chrono::duration<double> spent{};
  do {
    f();
    ++calls;
    spent = clock::now() - start;
  } while (spent.count() < 0.2);
  return spent.count() / static_cast<double>(calls);
}

double simdjson_parse_seconds(const std::string& text) {
  simdjson::dom::parser parser;
  const simdjson::padded_string padded(text);
  return seconds_per_call([&] {
    auto doc = parser.parse(padded);
    benchmark::DoNotOptimize(doc.error());
  });
}

double boost_parse_seconds(const std::string& text) {
  return seconds_per_call([&] {
    auto v = boost::json::parse(text);
    benchmark::DoNotOptimize(v);
  });
}

/// Runs `check` in the benchmark loop, then sets the two ratios against the parsers.
template <typename F>
void measure_against_parsers(benchmark::State& state, const std::string& text, F&& check) {
  const auto start = std::chrono::steady_clock::now();
  std::size_t calls = 0;
  for (auto _ : state) {
    check();
    ++calls;
  }
  const double ours = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
                      static_cast<double>(calls == 0 ? 1 : calls);
  state.counters["x_simdjson"] = ours / simdjson_parse_seconds(text);
  state.counters["x_boost"] = ours / boost_parse_seconds(text);
  state.SetBytesProcessed(static_cast<std::int64_t>(text.size() * calls));
}

void BM_simdjson_parse_5e_ruleset(benchmark::State& state) {
  const std::string text = read_all(k5e + "/ruleset.json");
  simdjson::dom::parser parser;
  const simdjson::padded_string padded(text);
  for (auto _ : state) {
    auto doc = parser.parse(padded);
    benchmark::DoNotOptimize(doc.error());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(text.size() * state.iterations()));
}
BENCHMARK(BM_simdjson_parse_5e_ruleset)->Unit(benchmark::kMillisecond);

void BM_positions_parse_5e_ruleset(benchmark::State& state) {
  // Our strict parse alone: Boost.JSON plus the scan for duplicate keys and over-precise numbers.
  const std::string text = read_all(k5e + "/ruleset.json");
  measure_against_parsers(state, text, [&] {
    rk::Diagnostics diagnostics;
    auto doc = rk::json::parse("ruleset.json", text, {1u << 20, 64}, diagnostics);
    benchmark::DoNotOptimize(doc);
  });
}
BENCHMARK(BM_positions_parse_5e_ruleset)->Unit(benchmark::kMillisecond);

void BM_check_5e_ruleset_json(benchmark::State& state) {
  // The package's ruleset.json checked as its import checks it (with the manifest, which is tiny),
  // without reading the catalog files: those have rows of their own below.
  const std::string manifest = read_all(k5e + "/manifest.json");
  const std::string text = read_all(k5e + "/ruleset.json");
  measure_against_parsers(state, text, [&] {
    auto r = rk::load_package_texts(manifest, text, {});
    if (!r.ok()) state.SkipWithError("the 5e ruleset.json does not check");
    benchmark::DoNotOptimize(r.ruleset);
  });
}
BENCHMARK(BM_check_5e_ruleset_json)->Unit(benchmark::kMillisecond);

void BM_check_ruleset_with_48000_unknown_keys(benchmark::State& state) {
  // The hostile input of tests/hostile/reads_test.cpp: half a megabyte of unknown top-level keys,
  // each kept with a warning. The ratio to the parsers shows the check stays linear.
  std::string text = R"({"id": "t", "label": "T", "sheet": {})";
  for (int i = 0; i < 48000; ++i) text += ",\"k" + std::to_string(i) + "\":0";
  text += "}";
  measure_against_parsers(state, text, [&] {
    auto r = rk::load_ruleset_text(text);
    benchmark::DoNotOptimize(r.ruleset);
  });
}
BENCHMARK(BM_check_ruleset_with_48000_unknown_keys)->Unit(benchmark::kMillisecond);

void check_5e_catalog_file(benchmark::State& state, const std::string& id) {
  const auto loaded = rk::load_ruleset(k5e);
  if (!loaded.ok()) {
    state.SkipWithError("the 5e package does not load");
    return;
  }
  const rk::Catalog* catalog = nullptr;
  for (const auto& c : loaded.ruleset->catalogs) {
    if (c.id == id) catalog = &c;
  }
  if (catalog == nullptr) {
    state.SkipWithError("the 5e package declares no such catalog");
    return;
  }
  const std::string text = read_all(k5e + "/catalogs/" + id + ".json");
  measure_against_parsers(state, text, [&] {
    auto asset = rk::read_catalog_asset(*loaded.ruleset, *catalog, text);
    benchmark::DoNotOptimize(asset.entries);
  });
}

void BM_check_5e_catalog_spells(benchmark::State& state) { check_5e_catalog_file(state, "spells"); }
void BM_check_5e_catalog_features(benchmark::State& state) { check_5e_catalog_file(state, "features"); }
void BM_check_5e_catalog_creatures(benchmark::State& state) { check_5e_catalog_file(state, "creatures"); }
BENCHMARK(BM_check_5e_catalog_spells)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_check_5e_catalog_features)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_check_5e_catalog_creatures)->Unit(benchmark::kMillisecond);

}  // namespace
