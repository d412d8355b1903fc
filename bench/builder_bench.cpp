// The guided builder on the real 5e-2014 package: opening (evaluating every step and reconciling
// the sheet) and one pick, on a level-20 wizard with the 44 spells of its grimoire.
#include <benchmark/benchmark.h>

#include <boost/json.hpp>

#include "builder/builder.hpp"
#include "format/limits.hpp"
#include "format/ruleset.hpp"

namespace {

const std::string k5e = std::string(RK_SOURCE_DIR) + "/rulesets/5e-2014";

struct Wizard {
  std::shared_ptr<const rk::Ruleset> ruleset;
  std::unique_ptr<rk::CatalogSet> catalogs;
  rk::Character character;
  bool ok = false;
};

/// A level-20 Half-Elf Wizard by point buy, with 5 cantrips and 44 spells, built with actions.
Wizard level_20_wizard() {
  Wizard w;
  auto r = rk::load_ruleset(k5e);
  if (!r.ok()) return w;
  w.ruleset = r.ruleset;
  w.catalogs = std::make_unique<rk::CatalogSet>(w.ruleset, k5e, "");
  rk::SeededDice dice(1);
  rk::BuilderResult b = rk::open_builder(*w.catalogs, rk::blank_character(*w.ruleset));
  const auto act = [&](const std::string& json) {
    rk::Diagnostics d;
    auto next = rk::apply_action(*w.catalogs, b.character, boost::json::parse(json), dice, d);
    if (next) b = std::move(*next);
    return next.has_value();
  };
  bool ok = act(R"({"step": "race", "pick": "half-elf"})") && act(R"({"step": "class", "pick": "wizard"})") &&
            act(R"({"step": "level", "field": "level", "value": 20})") &&
            act(R"({"step": "background", "pick": "acolyte"})") &&
            act(R"({"step": "scores", "set": {"str": 8, "dex": 14, "con": 14, "int": 15, "wis": 12, "cha": 8}})");
  for (const char* step : {"cantrips", "spells"}) {
    std::vector<std::string> ids;
    std::size_t wanted = 0;
    for (const auto& s : b.view.steps) {
      if (s.id != step) continue;
      for (const auto& o : s.offers) {
        if (!o.disabled) ids.push_back(o.id);
      }
      wanted = static_cast<std::size_t>(s.asks);
    }
    if (ids.size() < wanted) return w;
    // Each action replaces the view, so the ids are copied out first.
    for (std::size_t i = 0; i < wanted && ok; ++i)
      ok = act(std::string(R"({"step": ")") + step + R"(", "pick": ")" + ids[i] + R"("})");
  }
  w.character = b.character;
  w.ok = ok;
  return w;
}

void BM_builder_open_level_20_wizard(benchmark::State& state) {
  const Wizard w = level_20_wizard();
  if (!w.ok) {
    state.SkipWithError("the level-20 wizard could not be built");
    return;
  }
  for (auto _ : state) {
    auto result = rk::open_builder(*w.catalogs, w.character);
    benchmark::DoNotOptimize(result.view);
  }
}
BENCHMARK(BM_builder_open_level_20_wizard)->Unit(benchmark::kMicrosecond);

void BM_builder_pick_on_level_20_wizard(benchmark::State& state) {
  const Wizard w = level_20_wizard();
  if (!w.ok) {
    state.SkipWithError("the level-20 wizard could not be built");
    return;
  }
  // A pick that changes what the whole sheet reads: another race (scores, speed, rows, choices).
  const boost::json::value pick = boost::json::parse(R"({"step": "race", "pick": "dwarf"})");
  rk::SeededDice dice(1);
  for (auto _ : state) {
    rk::Diagnostics d;
    auto next = rk::apply_action(*w.catalogs, w.character, pick, dice, d);
    benchmark::DoNotOptimize(next);
  }
}
BENCHMARK(BM_builder_pick_on_level_20_wizard)->Unit(benchmark::kMicrosecond);

/// The documented maximum of one `rulekeeper build` (kBuildActions): 10,000 actions, each applied
/// to the character the one before left, as the command applies them. The actions are what a
/// player does most: picks and unpicks of the race and background, score changes (within the
/// point-buy budget the wizard has spent) and a field.
void BM_build_10000_actions_on_a_level_20_wizard(benchmark::State& state) {
  const Wizard w = level_20_wizard();
  if (!w.ok) {
    state.SkipWithError("the level-20 wizard could not be built");
    return;
  }
  const std::vector<boost::json::value> cycle = {
      boost::json::parse(R"({"step": "race", "pick": "dwarf"})"),
      boost::json::parse(R"({"step": "race", "pick": "half-elf"})"),
      boost::json::parse(R"({"step": "background", "unpick": "acolyte"})"),
      boost::json::parse(R"({"step": "background", "pick": "acolyte"})"),
      boost::json::parse(R"({"step": "scores", "set": {"dex": 13}})"),
      boost::json::parse(R"({"step": "scores", "set": {"dex": 14}})"),
      boost::json::parse(R"({"step": "level", "field": "alignment", "value": "neutral"})"),
      boost::json::parse(R"({"step": "level", "field": "alignment", "value": null})")};
  rk::SeededDice dice(1);
  for (auto _ : state) {
    rk::Character c = w.character;
    std::size_t refused = 0;
    for (std::size_t i = 0; i < rk::limits::kBuildActions; ++i) {
      rk::Diagnostics d;
      auto next = rk::apply_action(*w.catalogs, c, cycle[i % cycle.size()], dice, d);
      if (next)
        c = std::move(next->character);
      else
        ++refused;
    }
    if (refused > 0) state.SkipWithError("an action was refused");
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_build_10000_actions_on_a_level_20_wizard)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
