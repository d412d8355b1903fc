// Writing a game document (docs/format/game.md "Writing a game") and `new_game`.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "game_support.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play {
namespace {

namespace bj = boost::json;
using test::load_game;

/// The document less what a card's build writes when empty (`"bonuses": {}`): the page's example
/// leaves those out, the writer writes every part of a build (as `rulekeeper new` does).
bj::value without_empty_build_parts(bj::value v) {
  for (bj::value& card : v.at("gameCharacterCards").as_array()) {
    bj::object& build = card.at("build").as_object();
    std::vector<std::string> empty;
    for (const auto& part : build)
      if (part.value().is_object() && part.value().as_object().empty()) empty.emplace_back(part.key());
    for (const auto& key : empty) build.erase(key);
  }
  return v;
}

TEST(GameWrite, SH_123_the_complete_game_writes_back_the_page_s_document) {
  Diagnostics d;
  const auto game = load_game(test::complete_game_text(), d);
  ASSERT_TRUE(game);
  // boost::json compares objects without regard to key order.
  EXPECT_EQ(without_empty_build_parts(game_to_json(test::gravewatch(), *game)), bj::parse(test::complete_game_text()));
}

TEST(GameWrite, the_package_s_two_wardens_game_is_the_page_s_game) {
  EXPECT_EQ(bj::parse(test::read_source("rulesets/examples/gravewatch/games/two-wardens.json")),
            bj::parse(test::complete_game_text()));
}

TEST(GameWrite, read_write_read_gives_the_same_bytes) {
  Diagnostics d;
  const auto game = load_game(test::complete_game_text(), d);
  ASSERT_TRUE(game);
  const std::string first = test::written(*game);
  Diagnostics again;
  const auto reread = load_game(first, again);
  ASSERT_TRUE(reread);
  EXPECT_TRUE(again.items().empty()) << test::describe(again);
  EXPECT_EQ(test::written(*reread), first);
}

TEST(GameWrite, top_level_keys_in_the_page_s_order) {
  Diagnostics d;
  const auto game = load_game(test::complete_game_text(), d);
  ASSERT_TRUE(game);
  std::vector<std::string> keys;
  const bj::value written = game_to_json(test::gravewatch(), *game);
  for (const auto& member : written.as_object()) keys.emplace_back(member.key());
  EXPECT_EQ(keys,
            (std::vector<std::string>{"gameFormat", "gameRuleset", "playerName", "gameCharacterCards", "gamePartySheet",
                                      "gamePartySheetRevision", "rulesetLive", "rulesetClocks", "replies", "rolls"}));
}

TEST(GameWrite, SH_123_a_card_with_its_live_entry_is_its_character_document_less_values_at_their_start) {
  Diagnostics d;
  auto mira = parse_character(test::gravewatch(),
                              test::read_source("rulesets/examples/gravewatch/characters/mira.json"), "mira.json", d);
  ASSERT_TRUE(mira) << test::describe(d);
  const auto game = new_game(test::gravewatch(), {*mira}, d);
  ASSERT_TRUE(game);
  const bj::value written = game_to_json(test::gravewatch(), *game);
  bj::value card = written.at("gameCharacterCards").at(0);
  card.as_object()["live"] = written.at("rulesetLive").at("mira");
  bj::value file = bj::parse(test::read_source("rulesets/examples/gravewatch/characters/mira.json"));
  file.at("live").at("pools").as_object().erase("candles");  // 4 of 4: its starting value
  card.at("build").as_object().erase("bonuses");
  EXPECT_EQ(card, file);
}

TEST(GameWrite, a_pool_or_track_back_at_its_start_is_dropped_and_entries_with_nothing_are_left_out) {
  // A blank card's grit starts full: at its computed maximum.
  const Number grit = evaluate(test::gravewatch(), blank_character(test::gravewatch())).pools.at("grit").max;
  ASSERT_GT(grit, Number::of(2));
  Diagnostics d;
  const auto game = load_game(R"({"gameFormat": 1, "gameRuleset": {"id": "gravewatch", "version": 1},
      "gameCharacterCards": [{"v": 1, "name": "Mira", "build": {}}, {"v": 1, "name": "Bram", "build": {}}],
      "rulesetLive": {"mira": {"pools": {"grit": {"value": )" +
                                  grit.to_string() + R"(}}, "tracks": {"willpower": 0}},
                      "bram": {"pools": {"grit": {"value": 2}}},
                      "zed": {"notes": []}, "ann": {}, "$party": {"pools": {"coin": {"value": 0}}}}})",
                              d);
  ASSERT_TRUE(game);
  const bj::value live = game_to_json(test::gravewatch(), *game).at("rulesetLive");
  // Mira's grit is full, her willpower at its default 0, the crew's coin empty (`start: empty`).
  EXPECT_EQ(json::serialize(live), R"({"bram":{"pools":{"grit":{"value":2}}},"ann":{},"zed":{"notes":[]}})");
}

TEST(GameWrite, new_game_writes_the_page_s_defaults) {
  Diagnostics d;
  Character a = blank_character(test::gravewatch());
  a.name = "Tomás Reyne";
  Character b = blank_character(test::gravewatch());
  b.name = "Mira";
  const auto game = new_game(test::gravewatch(), {a, b}, d);
  ASSERT_TRUE(game);
  EXPECT_EQ(
      test::written(*game),
      R"({"gameFormat":1,"gameRuleset":{"id":"gravewatch","version":1},"playerName":"Tomás Reyne",)"
      R"("gameCharacterCards":[{"v":1,"ruleset":"gravewatch","name":"Tomás Reyne","build":{"abilities":{},)"
      R"("skills":{},"saves":{},"bonuses":{},"fields":{},"lists":{}},"builder":{}},{"v":1,"ruleset":"gravewatch",)"
      R"("name":"Mira","build":{"abilities":{},"skills":{},"saves":{},"bonuses":{},"fields":{},"lists":{}},)"
      R"("builder":{}}],"gamePartySheet":{},"gamePartySheetRevision":0,"rulesetLive":{},"rulesetClocks":[],)"
      R"("replies":0,"rolls":[]})");
}

TEST(GameWrite, new_game_refuses_a_card_without_a_name_and_two_cards_with_one_key) {
  Character a = blank_character(test::gravewatch());
  a.name = "Mira";
  Character b = blank_character(test::gravewatch());
  b.name = " MIRA ";
  Character c = blank_character(test::gravewatch());
  Diagnostics d;
  EXPECT_FALSE(new_game(test::gravewatch(), {a, b, c}, d));
  ASSERT_EQ(d.items().size(), 2u) << test::describe(d);
  EXPECT_EQ(d.items()[0].code, Code::DuplicateId);
  EXPECT_EQ(d.items()[0].pointer, "/gameCharacterCards/1/name");
  EXPECT_EQ(d.items()[0].message,
            "card #2 ` MIRA ` has the key `mira` of card #1 `Mira`; the Game Master could not tell them apart");
  EXPECT_EQ(d.items()[1].code, Code::MissingKey);
  EXPECT_EQ(d.items()[1].pointer, "/gameCharacterCards/2/name");
}

TEST(GameWrite, kept_live_entries_follow_the_party_sorted_by_code_point) {
  Diagnostics d;
  const auto game = load_game(R"({"gameFormat": 1, "gameRuleset": {"id": "gravewatch", "version": 1},
      "gameCharacterCards": [{"v": 1, "name": "Mira", "build": {}}],
      "rulesetLive": {"жа": {"x": 1}, "zed": {}, "$party": {"pools": {"coin": {"value": 3}}}, "abe": {}, "mira": {"conditions": ["chilled"]}}})",
                              d);
  ASSERT_TRUE(game);
  std::vector<std::string> keys;
  const bj::value written = game_to_json(test::gravewatch(), *game);
  for (const auto& member : written.at("rulesetLive").as_object()) keys.emplace_back(member.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"mira", "$party", "abe", "zed", "жа"}));
}

}  // namespace
}  // namespace rk::play
