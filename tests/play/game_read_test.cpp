// Reading a game document (docs/format/game.md "Loading a game"): the page's own examples, and
// every rule the page gives a code to.
#include <gtest/gtest.h>

#include "game_support.hpp"
#include "play/party_values.hpp"

namespace rk::play {
namespace {

using test::has;
using test::load_game;

/// A minimal game with `extra` spliced in before the last brace (`, "key": …`).
std::string game_with(const std::string& extra,
                      const std::string& cards = R"([{"v": 1, "name": "Mira", "build": {}}])") {
  return R"({"gameFormat": 1, "gameRuleset": {"id": "gravewatch", "version": 1}, "playerName": "Mira",
             "gameCharacterCards": )" +
         cards + extra + "}";
}

TEST(GameRead, SH_123_the_complete_game_of_the_page_loads_clean) {
  Diagnostics d;
  const auto game = load_game(test::complete_game_text(), d);
  ASSERT_TRUE(game);
  EXPECT_TRUE(d.items().empty()) << test::describe(d);
  ASSERT_EQ(game->cards.size(), 2u);
  EXPECT_EQ(game->player_name.value_or(""), "Mira");
  const Character& mira = game->cards[0];
  const Character& tomas = game->cards[1];
  EXPECT_EQ(tomas.name, "Tomás Reyne");
  EXPECT_EQ(mira.pools.at("grit").current, Number::of(4));
  EXPECT_EQ(mira.pools.at("grit").temp, Number::of(1));
  EXPECT_EQ(mira.tracks.at("willpower").value, Number::of(2));
  ASSERT_EQ(mira.tracks.at("harm").marks.size(), 2u);
  EXPECT_EQ(mira.conditions, std::vector<std::string>{"chilled"});
  EXPECT_EQ(tomas.pools.at("grit").current, Number::of(3));
  EXPECT_EQ(tomas.states.at("stance"), "reckless");
  EXPECT_EQ(game->party.pools.at("coin").current, Number::of(5));
  EXPECT_EQ(game->party.fields.at("heat"), Scalar{Number::of(2)});
  EXPECT_EQ(game->party_revision, 2);
  ASSERT_EQ(game->clocks.size(), 1u);
  EXPECT_EQ(game->clocks[0].name, "Watchtower fire");
  EXPECT_EQ(game->clocks[0].size, 6);
  EXPECT_EQ(game->clocks[0].filled, 4);
  EXPECT_EQ(game->replies, 2);
  ASSERT_EQ(game->rolls.size(), 2u);
  EXPECT_EQ(game->rolls[1].who.value_or(""), "Tomás Reyne");
  EXPECT_EQ(game->rolls[1].throws[0].faces, (std::vector<std::int64_t>{6, 8, 1, 7, 4, 10, 3}));
  // `vault` is not stored: it reads its default 8, so `coin` reads 5 of 8.
  const auto fields = party_field_values(test::gravewatch(), *game);
  EXPECT_EQ(party_pool_bounds(test::gravewatch().party->pools[0], fields).max, Number::of(8));
}

TEST(GameRead, SH_124_the_refused_game_of_the_page_prints_the_page_s_diagnostics_line_for_line) {
  const auto texts = test::page_blocks("docs/format/game.md", "text");
  ASSERT_GE(texts.size(), 2u);
  Diagnostics d;
  EXPECT_FALSE(parse_game(test::gravewatch(), texts[0], "bad-game.json", d));
  std::vector<std::string> expected;
  std::istringstream page(texts[1]);
  for (std::string line; std::getline(page, line);) expected.push_back(line);
  std::vector<std::string> lines = test::printed(d);
  lines.push_back(fmt::format("refused: {} error(s)", d.error_count()));
  EXPECT_EQ(lines, expected);
}

TEST(GameRead, a_character_document_given_as_a_game_is_refused_with_the_hint) {
  Diagnostics d;
  load_game(test::read_source("rulesets/examples/gravewatch/characters/mira.json"), d, false);
  ASSERT_EQ(d.items().size(), 1u) << test::describe(d);
  EXPECT_EQ(d.items()[0].code, Code::MissingKey);
  EXPECT_EQ(d.items()[0].message,
            "`gameFormat` is required: it says a document is a game, and in which format; this looks like a character "
            "document: `rulekeeper game new` makes a game from it");
}

TEST(GameRead, gameFormat_newer_zero_and_not_a_number) {
  Diagnostics newer;
  load_game(R"({"gameFormat": 2, "gameRuleset": 7})", newer, false);
  ASSERT_EQ(newer.items().size(), 1u) << test::describe(newer);  // nothing else is read
  EXPECT_EQ(newer.items()[0].message,
            "this game was written by a newer Rulekeeper (game format 2); this one reads format 1");
  EXPECT_EQ(newer.items()[0].code, Code::BadValue);
  Diagnostics zero, text;
  load_game(R"({"gameFormat": 0})", zero, false);
  EXPECT_TRUE(has(zero, Code::OutOfRange, "/gameFormat")) << test::describe(zero);
  load_game(R"({"gameFormat": "1"})", text, false);
  EXPECT_TRUE(has(text, Code::WrongType, "/gameFormat")) << test::describe(text);
}

TEST(GameRead, gameRuleset_of_another_ruleset_or_a_later_version_is_not_in_ruleset) {
  Diagnostics other, later, earlier;
  load_game(R"({"gameFormat": 1, "gameRuleset": {"id": "5e-2014", "version": 1}, "gameCharacterCards": []})", other,
            false);
  ASSERT_EQ(other.items().size(), 1u) << test::describe(other);
  EXPECT_EQ(other.items()[0].message, "this game is played with ruleset `5e-2014`; `gravewatch` is loaded");
  load_game(R"({"gameFormat": 1, "gameRuleset": {"id": "gravewatch", "version": 3}, "gameCharacterCards": []})", later,
            false);
  EXPECT_TRUE(has(later, Code::NotInRuleset, "/gameRuleset/version"));
  EXPECT_EQ(later.items()[0].message, "this game was started on Gravewatch version 3; version 1 is loaded");
  // The original's pin keys are kept and written back; an older version is fine.
  const auto game = load_game(
      R"({"gameFormat": 1, "gameRuleset": {"id": "gravewatch", "version": 0, "packageId": "p"}, "gameCharacterCards": []})",
      earlier);
  ASSERT_TRUE(game);
  EXPECT_TRUE(has(earlier, Code::UnknownKey, "/gameRuleset/packageId", Severity::Warning));
  EXPECT_EQ(game->ruleset_version, 0);
  EXPECT_NE(test::written(*game).find(R"("gameRuleset":{"id":"gravewatch","version":0,"packageId":"p"})"),
            std::string::npos);
}

TEST(GameRead, SH_123_a_card_needs_a_name_with_a_key) {
  Diagnostics missing, empty;
  load_game(game_with("", R"([{"v": 1, "build": {}}])"), missing, false);
  EXPECT_TRUE(has(missing, Code::MissingKey, "/gameCharacterCards/0")) << test::describe(missing);
  load_game(game_with("", R"([{"v": 1, "name": "???", "build": {}}])"), empty, false);
  EXPECT_TRUE(has(empty, Code::BadValue, "/gameCharacterCards/0/name")) << test::describe(empty);
}

TEST(GameRead, a_card_is_read_as_a_character_document_with_pointers_from_the_card) {
  Diagnostics d;
  load_game(game_with("", R"([{"v": 1, "name": "Mira", "ruleset": "other", "build": {"fields": {"xp": "many"}}}])"), d,
            false);
  EXPECT_TRUE(has(d, Code::WrongType, "/gameCharacterCards/0/build/fields/xp")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::NotInRuleset, "/gameCharacterCards/0/ruleset")) << test::describe(d);
}

TEST(GameRead, SH_124_live_keys_must_be_normalized_and_party_is_reserved) {
  Diagnostics d;
  load_game(game_with(R"(, "rulesetLive": {" mira": {}, "$crew": {}})"), d, false);
  ASSERT_EQ(d.error_count(), 2u) << test::describe(d);
  EXPECT_EQ(d.items()[0].message,
            "`rulesetLive`: ` mira` is not a normalized name, so no card can have it (did you mean `mira`?)");
  EXPECT_EQ(d.items()[1].message,
            "`rulesetLive`: `$crew` is not a normalized name, so no card can have it (the party's entry is `$party`)");
}

TEST(GameRead, a_card_s_live_entry_is_read_against_its_card_with_pointers_into_rulesetLive) {
  Diagnostics d;
  load_game(game_with(R"(, "rulesetLive": {"tomas reyne": {"pools": {"grit": {"value": -1}}}})",
                      R"([{"v": 1, "name": "Tomás Reyne", "build": {}}])"),
            d, false);
  EXPECT_TRUE(has(d, Code::OutOfRange, "/rulesetLive/tomas reyne/pools/grit/value")) << test::describe(d);
}

TEST(GameRead, a_stored_value_above_its_computed_maximum_is_a_limit_reached_warning) {
  Diagnostics d;
  const auto game = load_game(
      game_with(
          R"(, "rulesetLive": {"mira": {"pools": {"grit": {"value": 99}}}, "$party": {"pools": {"coin": {"value": 9}}}})"),
      d);
  ASSERT_TRUE(game);
  EXPECT_TRUE(has(d, Code::LimitReached, "/rulesetLive/mira/pools/grit", Severity::Warning)) << test::describe(d);
  EXPECT_TRUE(has(d, Code::LimitReached, "/rulesetLive/$party/pools/coin/value", Severity::Warning))
      << test::describe(d);
  // Nothing is clamped in the document: the stored value is written back as it was.
  EXPECT_NE(test::written(*game).find(R"("coin":{"value":9})"), std::string::npos);
}

TEST(GameRead, SH_124_party_live_parts_other_than_pools_are_kept_with_an_unknown_key_warning) {
  Diagnostics d;
  const auto game =
      load_game(game_with(R"(, "rulesetLive": {"$party": {"pools": {"coin": {"value": 2}}, "conditions": ["x"]}})"), d);
  ASSERT_TRUE(game);
  EXPECT_TRUE(has(d, Code::UnknownKey, "/rulesetLive/$party/conditions", Severity::Warning)) << test::describe(d);
  EXPECT_NE(test::written(*game).find(R"("$party":{"pools":{"coin":{"value":2}},"conditions":["x"]})"),
            std::string::npos)
      << test::written(*game);
}

TEST(GameRead, SH_123_the_party_sheet_is_read_against_the_party_fields) {
  Diagnostics d;
  load_game(
      game_with(
          R"(, "gamePartySheet": {"fields": {"heat": 12, "fame": 1}, "builder": 3}, "gamePartySheetRevision": -1)"),
      d, false);
  EXPECT_TRUE(has(d, Code::OutOfRange, "/gamePartySheet/fields/heat")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::NotInRuleset, "/gamePartySheet/fields/fame", Severity::Warning)) << test::describe(d);
  EXPECT_TRUE(has(d, Code::WrongType, "/gamePartySheet/builder")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::OutOfRange, "/gamePartySheetRevision")) << test::describe(d);
}

TEST(GameRead, SH_103_clocks_names_sizes_and_segments) {
  Diagnostics d;
  load_game(game_with(R"(, "rulesetClocks": [{"name": "Fire", "size": 5, "filled": 0},
      {"name": " FIRE ", "size": 4, "filled": 0}, {"name": "", "size": 13, "filled": -1}, {"name": "a[b]", "size": 4}])"),
            d, false);
  EXPECT_TRUE(has(d, Code::BadValue, "/rulesetClocks/0/size", Severity::Warning)) << test::describe(d);
  EXPECT_TRUE(has(d, Code::DuplicateId, "/rulesetClocks/1/name")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::BadValue, "/rulesetClocks/2/name")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::OutOfRange, "/rulesetClocks/2/size")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::OutOfRange, "/rulesetClocks/2/filled")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::NotPromptSafe, "/rulesetClocks/3/name")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::MissingKey, "/rulesetClocks/3")) << test::describe(d);
}

TEST(GameRead, SH_90_more_clocks_than_the_ruleset_s_max_are_read_with_a_warning) {
  std::string clocks;
  for (int i = 0; i < 9; ++i) clocks += fmt::format(R"({}{{"name": "c{}", "size": 4, "filled": 0}})", i ? "," : "", i);
  Diagnostics d;
  const auto game = load_game(game_with(R"(, "rulesetClocks": [)" + clocks + "]"), d);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->clocks.size(), 9u);
  EXPECT_TRUE(has(d, Code::LimitReached, "/rulesetClocks", Severity::Warning)) << test::describe(d);
}

TEST(GameRead, rolls_are_checked_for_shape_order_and_uniqueness) {
  const std::string roll =
      R"({"reply": %R, "tag": %T, "ask": "[x]", "throws": [{"for": "check", "sides": 6, "faces": [1]}]})";
  const auto record = [&](int reply, int tag) {
    std::string r = roll;
    r.replace(r.find("%R"), 2, std::to_string(reply));
    r.replace(r.find("%T"), 2, std::to_string(tag));
    return r;
  };
  Diagnostics d;
  load_game(
      game_with(
          R"(, "replies": 2, "rolls": [)" + record(1, 2) + "," + record(1, 2) + "," + record(1, 1) + "," +
          record(3, 1) +
          R"(, {"reply": 2, "tag": 1, "ask": "[x]", "throws": [{"for": "chek", "sides": 1, "faces": [], "x": 1}]}])"),
      d, false);
  EXPECT_TRUE(has(d, Code::DuplicateId, "/rolls/1")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::BadValue, "/rolls/2")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::OutOfRange, "/rolls/3/reply")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::BadValue, "/rolls/4/throws/0/for")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::OutOfRange, "/rolls/4/throws/0/sides")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::TooFew, "/rolls/4/throws/0/faces")) << test::describe(d);
  EXPECT_TRUE(has(d, Code::UnknownKey, "/rolls/4/throws/0/x")) << test::describe(d);
}

TEST(GameRead, unknown_keys_everywhere_are_kept_and_written_back_in_order) {
  Diagnostics d;
  const auto game = load_game(
      game_with(R"(, "zeta": 1, "alpha": [2], "rulesetClocks": [{"name": "F", "size": 4, "filled": 1, "hue": "red"}])"),
      d);
  ASSERT_TRUE(game);
  EXPECT_TRUE(has(d, Code::UnknownKey, "/zeta", Severity::Warning));
  EXPECT_TRUE(has(d, Code::UnknownKey, "/rulesetClocks/0/hue", Severity::Warning));
  const std::string out = test::written(*game);
  EXPECT_NE(out.find(R"({"name":"F","size":4,"filled":1,"hue":"red"})"), std::string::npos) << out;
  EXPECT_NE(out.find(R"("rolls":[],"zeta":1,"alpha":[2]})"), std::string::npos) << out;
}

TEST(GameRead, hostile_a_truncated_game_is_a_json_syntax_error) {
  const std::string text = test::complete_game_text();
  Diagnostics d;
  EXPECT_FALSE(parse_game(test::gravewatch(), text.substr(0, text.size() / 2), "game.json", d));
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_EQ(d.items()[0].code, Code::JsonSyntax);
}

TEST(GameRead, hostile_100000_rolls_load_in_one_pass) {
  std::string rolls;
  rolls.reserve(100'000 * 90);
  for (int i = 1; i <= 100'000; ++i) {
    rolls += fmt::format(R"({}{{"reply":{},"tag":1,"ask":"[x]","throws":[{{"for":"check","sides":6,"faces":[3]}}]}})",
                         i > 1 ? "," : "", i);
  }
  Diagnostics d;
  const auto game = load_game(game_with(R"(, "replies": 100000, "rolls": [)" + rolls + "]"), d);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->rolls.size(), 100'000u);
  Diagnostics again;
  const auto reread = load_game(test::written(*game), again);
  ASSERT_TRUE(reread);
  EXPECT_EQ(test::written(*reread), test::written(*game));
}

}  // namespace
}  // namespace rk::play
