// Clock commands applied to a game (SH-87 – SH-104, W4), on the Gravewatch example package
// (`"clocks": { "sizes": [4, 6, 8], "max": 8, … }`). The syntax is ours (M4): docs/format/commands.md.
#include <fmt/format.h>

#include "apply_support.hpp"
#include "play/apply_ops.hpp"
#include "play_support.hpp"

namespace rk::play {
namespace {

using test::applied;
using test::gravewatch;

Game gravewatch_game() { return test::game_of({test::character(gravewatch(), R"({"v":1,"name":"Mira","build":{}})")}); }

TEST(ApplyClock, W4_create_tick_clear_and_the_refusals_in_one_reply) {
  const AppliedReply out = applied(gravewatch(), gravewatch_game(),
                                   R"(The beacon smoulders. [clock: op="create" name="Watchtower fire" size="6"]
[clock: op="tick" name="Watchtower fire" by="4"] It spreads.
[clock: op="clear" name="Watchtower fire"]
[clock: op="tick" name="Ghost"]
[clock: op="create" name='Say "when"' size="6"]
[clock: op="create" name="Odd" size="5"]
[clock: op="create" name="Forged" size="4" result="ok" now="4/4"])");
  EXPECT_EQ(out.played.text,
            R"(The beacon smoulders. [clock: op="create" name="Watchtower fire" size="6" result="ok" now="0/6"]
[clock: op="tick" name="Watchtower fire" by="4" result="ok" now="4/6"] It spreads.
[clock: op="clear" name="Watchtower fire" result="ok" now="cleared"]
[clock: op="tick" name="Ghost" by="1" result="refused" reason="unknown-clock"]
[clock: raw="op= create name='Say when ' size= 6" result="refused" reason="malformed"]
[clock: op="create" name="Odd" size="5" result="refused" reason="bad-size" limit="one of 4, 6, 8"]
[clock: op="create" name="Forged" size="4" result="ok" now="0/4"])");
  // The cleared clock is gone; the one the model "filled" itself starts at 0 (SH-99).
  ASSERT_EQ(out.game.clocks.size(), 1u);
  EXPECT_EQ(out.game.clocks[0].name, "Forged");
  EXPECT_EQ(out.game.clocks[0].size, 4);
  EXPECT_EQ(out.game.clocks[0].filled, 0);
}

TEST(ApplyClock, SH_97_created_and_ticked_in_one_reply_in_reply_order) {
  const AppliedReply out = applied(gravewatch(), gravewatch_game(),
                                   R"([clock: op="tick" name="Fire"] [clock: op="create" name="Fire" size="4"] )"
                                   R"([clock: op="tick" name="Fire"])");
  EXPECT_EQ(out.played.text, R"([clock: op="tick" name="Fire" by="1" result="refused" reason="unknown-clock"] )"
                             R"([clock: op="create" name="Fire" size="4" result="ok" now="0/4"] )"
                             R"([clock: op="tick" name="Fire" by="1" result="ok" now="1/4"])");
}

TEST(ApplyClock, SH_87_without_clocks_every_clock_command_is_not_configured) {
  const auto ruleset = rk::test::compile(R"({ "id": "bare", "label": "Bare",
    "sheet": { "fields": [{ "id": "xp", "label": "XP", "type": "number", "min": 0, "max": 99 }] } })");
  ASSERT_TRUE(ruleset);
  Game game = test::game_of({test::character(*ruleset, R"({"v":1,"name":"Mira","build":{}})")});
  game.clocks.push_back(Clock{"Kept", 6, 2, {}});
  const AppliedReply out = applied(*ruleset, game,
                                   R"([clock: op="create" name="Fire" size="4"] [clock: op="tick" name="Kept"] )"
                                   R"([clock: op="clear" name="Kept"])");
  EXPECT_EQ(out.played.text, R"([clock: op="create" name="Fire" size="4" result="refused" reason="not-configured"] )"
                             R"([clock: op="tick" name="Kept" by="1" result="refused" reason="not-configured"] )"
                             R"([clock: op="clear" name="Kept" result="refused" reason="not-configured"])");
  ASSERT_EQ(out.game.clocks.size(), 1u);
  EXPECT_EQ(out.game.clocks[0].filled, 2);
}

TEST(ApplyClock, SH_89_a_size_the_ruleset_does_not_offer_is_bad_size) {
  const AppliedReply out = applied(gravewatch(), gravewatch_game(),
                                   R"([clock: op="create" name="A" size="12"] [clock: op="create" name="B" size="8"])");
  EXPECT_EQ(out.played.text,
            R"([clock: op="create" name="A" size="12" result="refused" reason="bad-size" limit="one of 4, 6, 8"] )"
            R"([clock: op="create" name="B" size="8" result="ok" now="0/8"])");
  Game game = gravewatch_game();
  const detail::Outcome direct =
      detail::apply_clock(gravewatch(), game, test::only_command(R"([clock: op="create" name="A" size="5"])"));
  EXPECT_EQ(direct.limit, "one of 4, 6, 8");
}

TEST(ApplyClock, SH_90_a_clock_past_clocks_max_is_refused_clocks_full) {
  Game game = gravewatch_game();
  for (int i = 1; i <= 7; ++i) game.clocks.push_back(Clock{fmt::format("Clock {}", i), 4, 0, {}});
  const AppliedReply out =
      applied(gravewatch(), game,
              R"([clock: op="create" name="Eighth" size="4"] [clock: op="create" name="Ninth" size="4"] )"
              R"([clock: op="clear" name="Clock 1"] [clock: op="create" name="Ninth" size="4"])");
  EXPECT_EQ(out.played.text,
            R"([clock: op="create" name="Eighth" size="4" result="ok" now="0/4"] )"
            R"([clock: op="create" name="Ninth" size="4" result="refused" reason="clocks-full" limit="at most 8"] )"
            R"([clock: op="clear" name="Clock 1" result="ok" now="cleared"] )"
            R"([clock: op="create" name="Ninth" size="4" result="ok" now="0/4"])");
  EXPECT_EQ(out.game.clocks.size(), 8u);
  EXPECT_EQ(out.game.clocks.back().name, "Ninth");
}

TEST(ApplyClock, SH_95_a_name_in_use_is_clock_exists_compared_trimmed_and_without_case) {
  Game game = gravewatch_game();
  game.clocks.push_back(Clock{"Watchtower fire", 6, 3, {}});
  const AppliedReply out = applied(gravewatch(), game,
                                   R"([clock: op="create" name="  WATCHTOWER FIRE " size="4"] )"
                                   R"([clock: op="tick" name="watchtower fire" by="2"])");
  EXPECT_EQ(out.played.text,
            R"([clock: op="create" name="WATCHTOWER FIRE" size="4" result="refused" reason="clock-exists"] )"
            R"([clock: op="tick" name="watchtower fire" by="2" result="ok" now="5/6"])");
  ASSERT_EQ(out.game.clocks.size(), 1u);
  EXPECT_EQ(out.game.clocks[0].name, "Watchtower fire");
  EXPECT_EQ(out.game.clocks[0].filled, 5);
}

TEST(ApplyClock, SH_98_a_tick_stops_at_either_end_and_a_negative_one_turns_it_back) {
  Game game = gravewatch_game();
  game.clocks.push_back(Clock{"Fire", 6, 4, {}});
  const AppliedReply out = applied(gravewatch(), game,
                                   R"([clock: op="tick" name="Fire" by="5"] [clock: op="tick" name="Fire" by="-2"] )"
                                   R"([clock: op="tick" name="Fire" by="-9"] [clock: op="tick" name="Fire" by="0"])");
  EXPECT_EQ(out.played.text, R"([clock: op="tick" name="Fire" by="5" result="ok" now="6/6"] )"
                             R"([clock: op="tick" name="Fire" by="-2" result="ok" now="4/6"] )"
                             R"([clock: op="tick" name="Fire" by="-9" result="ok" now="0/6"] )"
                             R"([clock: op="tick" name="Fire" by="0" result="ok" now="0/6"])");
  // A full clock stays until it is cleared (game.md).
  ASSERT_EQ(out.game.clocks.size(), 1u);
}

TEST(ApplyClock, SH_100_an_unknown_clock_is_refused_and_nothing_changes) {
  Game game = gravewatch_game();
  game.clocks.push_back(Clock{"Fire", 6, 4, {}});
  const AppliedReply out =
      applied(gravewatch(), game, R"([clock: op="clear" name="Flood"] [clock: op="tick" name="Flood" by="2"])");
  EXPECT_EQ(out.played.text, R"([clock: op="clear" name="Flood" result="refused" reason="unknown-clock"] )"
                             R"([clock: op="tick" name="Flood" by="2" result="refused" reason="unknown-clock"])");
  ASSERT_EQ(out.game.clocks.size(), 1u);
  EXPECT_EQ(out.game.clocks[0].filled, 4);
}

}  // namespace
}  // namespace rk::play
