#pragma once
// Helpers for the apply stage's tests: a ruleset (the Gravewatch example package, or inline JSON
// with the reference's top level filled in), characters read as a user's documents are read, a
// game built by hand, and a reply applied to it.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "builder/dice.hpp"
#include "play/apply.hpp"
#include "support/load.hpp"
#include "support/sheet.hpp"

namespace rk::play::test {

/// The Gravewatch example package (it has `party`, `clocks` and `sheet.advancement`), loaded once.
inline const Ruleset& gravewatch() {
  static const std::shared_ptr<const Ruleset> ruleset = [] {
    LoadResult r = load_ruleset(rk::test::source_path("rulesets/examples/gravewatch"));
    EXPECT_TRUE(r.ok()) << rk::test::describe(r);
    return r.ruleset;
  }();
  return *ruleset;
}

inline Character character(const Ruleset& ruleset, const std::string& text) {
  Diagnostics d;
  std::optional<Character> c = parse_character(ruleset, text, "character.json", d);
  std::string errors;
  for (const auto& e : d.items()) errors += std::string(code_name(e.code)) + " " + e.pointer + " " + e.message + "\n";
  EXPECT_TRUE(c.has_value() && !d.has_errors()) << errors;
  return c.value_or(Character{});
}

/// A game of these cards; the first is the player's character.
inline Game game_of(std::vector<Character> cards) {
  Game game;
  if (!cards.empty()) game.player_name = cards.front().name;
  game.cards = std::move(cards);
  return game;
}

/// The reply applied to the game: no command here rolls, so the dice are never asked.
inline AppliedReply applied(const Ruleset& ruleset, const Game& game, std::string_view reply) {
  ScriptedDice dice({});
  return apply_reply(ruleset, game, reply, dice);
}

}  // namespace rk::play::test
