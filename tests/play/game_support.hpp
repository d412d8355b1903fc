#pragma once
// Helpers for the game document's tests: the Gravewatch package, the examples of
// docs/format/game.md read from the page itself, and diagnostics rendered as the CLI prints them.
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "json/write.hpp"
#include "play/game.hpp"
#include "support/load.hpp"

namespace rk::play::test {

inline std::string read_source(const std::string& relative) {
  std::ifstream in(rk::test::source_path(relative), std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

inline const Ruleset& gravewatch() {
  static const std::shared_ptr<const Ruleset> ruleset = [] {
    LoadResult r = load_ruleset(rk::test::source_path("rulesets/examples/gravewatch"));
    EXPECT_TRUE(r.ok()) << rk::test::describe(r);
    return r.ruleset;
  }();
  return *ruleset;
}

/// The fenced blocks of one language (`json`, `text`) of a docs page, in page order.
inline std::vector<std::string> page_blocks(const std::string& page, const std::string& language) {
  const std::string text = read_source(page);
  std::vector<std::string> out;
  const std::regex fence("```" + language + "\\n([\\s\\S]*?)```");
  for (std::sregex_iterator it(text.begin(), text.end(), fence), end; it != end; ++it) out.push_back((*it)[1].str());
  return out;
}

/// The complete game of game.md ("A complete game").
inline std::string complete_game_text() { return page_blocks("docs/format/game.md", "json").at(0); }

/// Each diagnostic as `rulekeeper` prints its first line: `file:line:col: error[code]: message (at pointer)`.
inline std::vector<std::string> printed(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const Diagnostic& x : d.items()) {
    out.push_back(fmt::format("{}:{}:{}: {}[{}]: {} (at {})", x.file, x.line, x.column,
                              x.severity == Severity::Error ? "error" : "warning", code_name(x.code), x.message,
                              x.pointer));
  }
  return out;
}

inline std::string describe(const Diagnostics& d) {
  std::string out;
  for (const std::string& line : printed(d)) out += line + "\n";
  return out;
}

/// Parses a game against Gravewatch; fails the test on a refusal unless `expect_ok` is false.
inline std::optional<Game> load_game(const std::string& text, Diagnostics& d, bool expect_ok = true) {
  auto game = parse_game(gravewatch(), text, "game.json", d);
  if (expect_ok) {
    EXPECT_TRUE(game.has_value()) << describe(d);
  }
  return game;
}

inline std::string written(const Game& game) { return json::serialize(game_to_json(gravewatch(), game)); }

inline bool has(const Diagnostics& d, Code code, std::string_view pointer, Severity severity = Severity::Error) {
  for (const Diagnostic& x : d.items()) {
    if (x.code == code && x.pointer == pointer && x.severity == severity) return true;
  }
  return false;
}

}  // namespace rk::play::test
