// Issue 10 acceptance on the 5e package: a level-5 cleric and a level-3 fighter take damage, spend
// hit dice on a short rest, cast Cure Wounds from a slot (and from a 2nd-level slot), and take a
// long rest — the recorded scene rulesets/scenes/crypt-of-the-ghouls, every number worked by hand
// in its README.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "catalog/catalog_set.hpp"
#include "format/ruleset.hpp"
#include "play/apply.hpp"
#include "support/load.hpp"

namespace rk::play {
namespace {

std::string read_source(const std::string& relative) {
  std::ifstream in(rk::test::source_path(relative), std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The receipts of a rewritten reply, each tag from `[sheet:` to `]`.
std::vector<std::string> receipts_of(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t at = text.find("[sheet:"); at != std::string::npos; at = text.find("[sheet:", at + 1))
    out.push_back(text.substr(at, text.find(']', at) + 1 - at));
  return out;
}

TEST(Scene5e, issue_10_cleric_and_fighter_take_damage_rest_and_cast_cure_wounds) {
  const LoadResult loaded = load_ruleset(rk::test::source_path("rulesets/5e-2014"));
  ASSERT_TRUE(loaded.ok());
  const Ruleset& ruleset = *loaded.ruleset;
  const CatalogSet catalogs(loaded.ruleset, rk::test::source_path("rulesets/5e-2014"), "");
  const std::string scene = "rulesets/scenes/crypt-of-the-ghouls/";
  std::vector<Character> cards;
  for (const std::string& file :
       {std::string("rulesets/5e-2014/characters/sample-cleric.json"), scene + "bram-ashford.json"}) {
    Diagnostics d;
    auto c = parse_character(ruleset, read_source(file), file, d);
    ASSERT_TRUE(c) << file;
    cards.push_back(std::move(*c));
  }
  Diagnostics d;
  auto game = new_game(ruleset, std::move(cards), d);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->player_name, "Hilde Stonebrow");

  const std::vector<std::vector<std::string>> expected = {
      {R"x([sheet: who="Bram Ashford" op="damage" pool="hp" amount="9" result="ok" now="19/28"])x",
       R"x([sheet: who="Hilde Stonebrow" op="damage" pool="Hit points" amount="6" result="ok" now="25/43"])x"},
      {R"x([sheet: who="Hilde Stonebrow" op="rest" rest="short" result="ok" now="Short rest"])x",
       R"x([sheet: who="Bram Ashford" op="spend" pool="hd_d10" amount="2" result="ok" now="1/3"])x",
       R"x([sheet: who="Bram Ashford" op="restore" pool="hp" amount="13" result="ok" now="28/28"])x",
       R"x([sheet: who="Hilde Stonebrow" op="spend" pool="Hit dice (d8)" amount="1" result="ok" now="4/5"])x",
       R"x([sheet: who="Hilde Stonebrow" op="restore" pool="hp" amount="8" result="ok" now="33/43"])x"},
      {R"x([sheet: who="Hilde Stonebrow" op="use" name="Cure Wounds" result="ok" now="1st-level slots 1/4"])x",
       R"x([sheet: who="Hilde Stonebrow" op="restore" pool="hp" amount="7" result="ok" now="40/43"])x",
       R"x([sheet: who="Hilde Stonebrow" op="use" name="Cure Wounds" pool="2nd-level slots" result="ok" now="2nd-level slots 2/3"])x",
       R"x([sheet: who="Hilde Stonebrow" op="restore" pool="hp" amount="5" result="ok" now="43/43"])x",
       R"x([sheet: who="Bram Ashford" op="damage" pool="hp" amount="11" result="ok" now="17/28"])x"},
      {R"x([sheet: who="party" op="rest" rest="long" result="ok" now="Hilde Stonebrow Long rest: 1st-level slots 4/4, 2nd-level slots 3/3, Hit dice (d8) 5/5; Bram Ashford Long rest: Hit points 28/28, Hit dice (d10) 2/3"])x"},
  };
  SeededDice dice(1);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const std::string reply = read_source(scene + "reply-" + std::to_string(i + 1) + ".txt");
    AppliedReply applied = apply_reply(ruleset, *game, reply, dice, &catalogs);
    EXPECT_EQ(receipts_of(applied.played.text), expected[i]) << "reply " << i + 1;
    game = std::move(applied.game);
  }
  EXPECT_EQ(game->replies, 4);
  // After the long rest nothing is off its starting value but Bram's last hit die.
  EXPECT_FALSE(game->cards[0].pools.contains("hp"));
  EXPECT_FALSE(game->cards[0].pools.contains("slots_1"));
  ASSERT_TRUE(game->cards[1].pools.contains("hd_d10"));
  EXPECT_EQ(game->cards[1].pools.at("hd_d10").current, Number::of(2));
}

}  // namespace
}  // namespace rk::play
