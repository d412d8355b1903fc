// Speed of the apply stage (issue 10): a Game Master's reply of 40 commands applied to a
// four-character 5e game, and a long rest for the whole party. Goal: under 1 ms for the 40
// commands on the development machine; reported in the notes, never asserted.
#include <fstream>
#include <sstream>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "format/ruleset.hpp"
#include "play/apply.hpp"
#include "sheet/character.hpp"

namespace {

const std::string k5e = std::string(RK_SOURCE_DIR) + "/rulesets/5e-2014";
const std::string kFighter = std::string(RK_SOURCE_DIR) + "/rulesets/scenes/crypt-of-the-ghouls/bram-ashford.json";

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Table {
  rk::LoadResult loaded;
  rk::play::Game game;
  bool ok = false;
};

/// Two clerics and two fighters, named apart, the first the player's character.
Table four_character_game() {
  Table t{rk::load_ruleset(k5e), {}, false};
  if (!t.loaded.ok()) return t;
  const rk::Ruleset& ruleset = *t.loaded.ruleset;
  t.game.ruleset_id = ruleset.id;
  t.game.ruleset_version = ruleset.version;
  const std::string files[] = {k5e + "/characters/sample-cleric.json", kFighter, k5e + "/characters/sample-cleric.json",
                               kFighter};
  for (int i = 0; i < 4; ++i) {
    rk::Diagnostics d;
    auto c = rk::parse_character(ruleset, read(files[i]), files[i], d);
    if (!c) return t;
    c->name = fmt::format("Hero {}", i + 1);
    t.game.cards.push_back(std::move(*c));
  }
  t.game.player_name = "Hero 1";
  t.ok = true;
  return t;
}

/// Ten commands per character: pools, temporary points, a track, hit dice and a note.
std::string forty_commands() {
  std::string reply = "The ghouls close in from every side.\n";
  for (int i = 1; i <= 4; ++i) {
    const char* hit_dice = i % 2 == 1 ? "hd_d8" : "hd_d10";
    reply += fmt::format(
        "Hero {0} is clawed. [sheet: who=\"Hero {0}\" op=\"damage\" pool=\"hp\" amount=\"3\"] "
        "[sheet: who=\"Hero {0}\" op=\"restore\" pool=\"hp\" amount=\"2\"] "
        "[sheet: who=\"Hero {0}\" op=\"temp\" pool=\"hp\" amount=\"5\"] "
        "[sheet: who=\"Hero {0}\" op=\"damage\" pool=\"Hit points\" amount=\"4\"] "
        "[sheet: who=\"Hero {0}\" op=\"track\" track=\"exhaustion\" by=\"1\"] "
        "[sheet: who=\"Hero {0}\" op=\"track\" track=\"Exhaustion\" by=\"-1\"] "
        "[sheet: who=\"Hero {0}\" op=\"spend\" pool=\"{1}\" amount=\"1\"] "
        "[sheet: who=\"Hero {0}\" op=\"restore\" pool=\"{1}\" amount=\"1\"] "
        "[sheet: who=\"Hero {0}\" op=\"note\" field=\"concentration\" value=\"Bless\"] "
        "[sheet: who=\"Hero {0}\" op=\"note\" field=\"concentration\"]\n",
        i, hit_dice);
  }
  return reply;
}

void BM_apply_40_commands_to_a_4_character_5e_game(benchmark::State& state) {
  const Table t = four_character_game();
  if (!t.ok) {
    state.SkipWithError("the 5e package or its sample characters do not load");
    return;
  }
  const std::string reply = forty_commands();
  rk::SeededDice dice(1);
  for (auto _ : state) {
    auto applied = rk::play::apply_reply(*t.loaded.ruleset, t.game, reply, dice);
    benchmark::DoNotOptimize(applied.played.text);
  }
}
BENCHMARK(BM_apply_40_commands_to_a_4_character_5e_game)->Unit(benchmark::kMicrosecond);

void BM_long_rest_for_a_4_character_5e_party(benchmark::State& state) {
  const Table t = four_character_game();
  if (!t.ok) {
    state.SkipWithError("the 5e package or its sample characters do not load");
    return;
  }
  rk::SeededDice dice(1);
  const auto hurt = rk::play::apply_reply(*t.loaded.ruleset, t.game, forty_commands(), dice);
  const std::string reply = "Dawn. [sheet: who=\"party\" op=\"rest\" rest=\"long\"]";
  for (auto _ : state) {
    auto applied = rk::play::apply_reply(*t.loaded.ruleset, hurt.game, reply, dice);
    benchmark::DoNotOptimize(applied.played.text);
  }
}
BENCHMARK(BM_long_rest_for_a_4_character_5e_party)->Unit(benchmark::kMicrosecond);

}  // namespace
