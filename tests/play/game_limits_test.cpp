// The game document's limits (docs/format/game.md "Limits"; src/format/limits.hpp), each at its
// number N and one past it. They are walked here rather than by the limit probes, which build
// rulesets and characters, not games (LimitTable's kCheckedHere lists them).
#include <gtest/gtest.h>

#include "game_support.hpp"

namespace rk::play {
namespace {

using test::has;

/// The Diagnostics of loading `text` against Gravewatch.
Diagnostics loaded(const std::string& text) {
  Diagnostics d;
  parse_game(test::gravewatch(), text, "game.json", d);
  return d;
}

std::string game(const std::string& cards, const std::string& extra = "") {
  return R"({"gameFormat": 1, "gameRuleset": {"id": "gravewatch", "version": 1}, "gameCharacterCards": )" + cards +
         extra + "}";
}

std::string cards(std::size_t n) {
  std::string out = "[";
  for (std::size_t i = 0; i < n; ++i)
    out += fmt::format(R"({}{{"v": 1, "name": "c{}", "build": {{}}}})", i ? "," : "", i);
  return out + "]";
}

std::string roll(std::size_t throws, std::size_t faces_each, std::size_t ask_units = 3) {
  std::string list;
  for (std::size_t t = 0; t < throws; ++t) {
    std::string faces;
    for (std::size_t f = 0; f < faces_each; ++f) faces += f ? ",1" : "1";
    list += fmt::format(R"({}{{"for": "check", "sides": 6, "faces": [{}]}})", t ? "," : "", faces);
  }
  return fmt::format(R"({{"reply": 1, "tag": 1, "ask": "{}", "throws": [{}]}})", std::string(ask_units, 'a'), list);
}

TEST(GameLimits, kGameBytes_16_MB) {
  const std::string base = game("[]");
  const auto padded = [&](std::size_t n) { return base + std::string(n - base.size(), ' '); };
  EXPECT_FALSE(loaded(padded(limits::kGameBytes)).has_errors());
  EXPECT_TRUE(has(loaded(padded(limits::kGameBytes + 1)), Code::FileTooLarge, ""));
}

TEST(GameLimits, kGameCharacters_32_cards) {
  EXPECT_FALSE(loaded(game(cards(limits::kGameCharacters))).has_errors());
  EXPECT_TRUE(has(loaded(game(cards(limits::kGameCharacters + 1))), Code::TooMany, "/gameCharacterCards"));
}

TEST(GameLimits, kLiveEntries_64_party_included) {
  const auto live = [](std::size_t n) {
    std::string out = R"(, "rulesetLive": {"$party": {})";
    for (std::size_t i = 1; i < n; ++i) out += fmt::format(R"(, "k{}": {{}})", i);
    return out + "}";
  };
  EXPECT_FALSE(loaded(game("[]", live(limits::kLiveEntries))).has_errors());
  EXPECT_TRUE(has(loaded(game("[]", live(limits::kLiveEntries + 1))), Code::TooMany, "/rulesetLive"));
}

TEST(GameLimits, kLiveKeyLength_200_UTF16_units) {
  // `ж` is one UTF-16 unit (two UTF-8 bytes); a key of N of them is in normalized form.
  std::string at, past;
  for (std::size_t i = 0; i < limits::kLiveKeyLength; ++i) at += "ж";
  past = at + "ж";
  EXPECT_FALSE(loaded(game("[]", R"(, "rulesetLive": {")" + at + R"(": {}})")).has_errors());
  EXPECT_TRUE(
      has(loaded(game("[]", R"(, "rulesetLive": {")" + past + R"(": {}})")), Code::TooLong, "/rulesetLive/" + past));
}

TEST(GameLimits, kClocks_12) {
  const auto clocks = [](std::size_t n) {
    std::string out = R"(, "rulesetClocks": [)";
    for (std::size_t i = 0; i < n; ++i)
      out += fmt::format(R"({}{{"name": "c{}", "size": 4, "filled": 0}})", i ? "," : "", i);
    return out + "]";
  };
  EXPECT_FALSE(loaded(game("[]", clocks(limits::kClocks))).has_errors());
  EXPECT_TRUE(has(loaded(game("[]", clocks(limits::kClocks + 1))), Code::TooMany, "/rulesetClocks"));
}

TEST(GameLimits, kRolls_100000) {
  const auto rolls = [](std::size_t n) {
    std::string out = fmt::format(R"(, "replies": {}, "rolls": [)", n);
    for (std::size_t i = 1; i <= n; ++i)
      out += fmt::format(R"({}{{"reply":{},"tag":1,"ask":"a","throws":[{{"for":"check","sides":6,"faces":[1]}}]}})",
                         i > 1 ? "," : "", i);
    return out + "]";
  };
  EXPECT_FALSE(loaded(game("[]", rolls(limits::kRolls))).has_errors());
  EXPECT_TRUE(has(loaded(game("[]", rolls(limits::kRolls + 1))), Code::TooMany, "/rolls"));
}

TEST(GameLimits, kThrowsPerRoll_64) {
  const auto with = [](std::size_t n) { return game("[]", R"(, "replies": 1, "rolls": [)" + roll(n, 1) + "]"); };
  EXPECT_FALSE(loaded(with(limits::kThrowsPerRoll)).has_errors());
  EXPECT_TRUE(has(loaded(with(limits::kThrowsPerRoll + 1)), Code::TooMany, "/rolls/0/throws"));
}

TEST(GameLimits, kFacesPerRoll_1000_in_one_throw_and_in_all) {
  const auto one = [](std::size_t n) { return game("[]", R"(, "replies": 1, "rolls": [)" + roll(1, n) + "]"); };
  EXPECT_FALSE(loaded(one(limits::kFacesPerRoll)).has_errors());
  EXPECT_TRUE(has(loaded(one(limits::kFacesPerRoll + 1)), Code::TooMany, "/rolls/0/throws/0/faces"));
  const auto split = [](std::size_t n) { return game("[]", R"(, "replies": 1, "rolls": [)" + roll(2, n / 2) + "]"); };
  EXPECT_FALSE(loaded(split(limits::kFacesPerRoll)).has_errors());
  EXPECT_TRUE(has(loaded(split(limits::kFacesPerRoll + 2)), Code::TooMany, "/rolls/0/throws"));
}

TEST(GameLimits, kRollAskUnits_1600) {
  const auto with = [](std::size_t n) { return game("[]", R"(, "replies": 1, "rolls": [)" + roll(1, 1, n) + "]"); };
  EXPECT_FALSE(loaded(with(limits::kRollAskUnits)).has_errors());
  EXPECT_TRUE(has(loaded(with(limits::kRollAskUnits + 1)), Code::TooLong, "/rolls/0/ask"));
}

}  // namespace
}  // namespace rk::play
