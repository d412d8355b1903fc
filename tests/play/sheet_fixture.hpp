#pragma once
// Helpers for the sheet commands' tests: a ruleset (inline JSON or a package folder), a character
// read against it, one command applied to it, and a whole reply played through the dispatcher.
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include "builder/dice.hpp"
#include "play/apply.hpp"
#include "play/apply_ops.hpp"
#include "play_support.hpp"
#include "support/load.hpp"
#include "support/sheet.hpp"

namespace rk::play::test {

/// The Gravewatch example package (the spec's running example).
inline std::shared_ptr<const Ruleset> gravewatch_shared() {
  LoadResult r = load_ruleset(rk::test::source_path("rulesets/examples/gravewatch"));
  EXPECT_TRUE(r.ok()) << rk::test::describe(r);
  return r.ruleset;
}

/// A character read from text; the test fails when the document has an error.
inline Character sheet_character(const Ruleset& rs, const std::string& text) {
  Diagnostics d;
  auto c = parse_character(rs, text, "character.json", d);
  EXPECT_TRUE(c.has_value());
  EXPECT_FALSE(d.has_errors()) << (d.items().empty() ? "" : d.items()[0].pointer + " " + d.items()[0].message);
  return c.value_or(Character{});
}

/// Mira, the Gravewatch example character (characters/mira.json).
inline Character mira(const Ruleset& rs) {
  std::ifstream in(rk::test::source_path("rulesets/examples/gravewatch/characters/mira.json"), std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return sheet_character(rs, s.str());
}

/// The character's `live` part as its document writes it (sparse).
inline std::string live_json(const Character& c) { return boost::json::serialize(character_to_json(c).at("live")); }

/// One command (a reply holding one tag) applied to `c`.
inline detail::Outcome apply(const Ruleset& rs, Character& c, std::string_view tag) {
  const Command command = only_command(tag);
  return detail::apply_sheet_op(rs, c, command);
}

/// The `now` of an accepted command; the test fails when it is refused.
inline std::string now_of(const Ruleset& rs, Character& c, std::string_view tag) {
  const detail::Outcome outcome = apply(rs, c, tag);
  EXPECT_TRUE(outcome.ok) << tag << " refused " << refusal_code(outcome.reason);
  return outcome.now;
}

/// The reason a command is refused, checking the contract that a refusal changes nothing.
inline std::string refusal_of(const Ruleset& rs, Character& c, std::string_view tag) {
  const std::string before = live_json(c);
  const detail::Outcome outcome = apply(rs, c, tag);
  EXPECT_FALSE(outcome.ok) << tag << " accepted: " << outcome.now;
  EXPECT_EQ(live_json(c), before) << tag << " changed the character though refused";
  return outcome.ok ? std::string("accepted") : std::string(refusal_code(outcome.reason));
}

/// A whole reply played through the dispatcher on a game of these cards, the first the player's.
inline AppliedReply play_reply(const Ruleset& rs, std::vector<Character> cards, std::string_view reply) {
  Game game;
  game.ruleset_id = rs.id;
  game.player_name = cards.front().name;
  game.cards = std::move(cards);
  SeededDice dice(1);
  return apply_reply(rs, game, reply, dice);
}

}  // namespace rk::play::test
