#pragma once
// Test helpers for the sheet stage: compile a ruleset from inline JSON, read a character, evaluate.
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"
#include "support/load.hpp"

namespace rk::test {

/// A compiled ruleset; fails the test (and returns null) when it does not compile.
inline std::shared_ptr<const Ruleset> compile(const std::string& text) {
  LoadResult r = load_ruleset_text(reference_top(text));
  EXPECT_TRUE(r.ok()) << describe(r);
  return r.ruleset;
}

inline SheetView sheet_of(const Ruleset& rs, const std::string& character_text) {
  Diagnostics d;
  auto c = parse_character(rs, character_text, "character.json", d);
  std::string errors;
  for (const auto& e : d.items()) errors += std::string(code_name(e.code)) + " " + e.pointer + " " + e.message + "\n";
  EXPECT_TRUE(c.has_value()) << errors;
  if (!c) return SheetView{};
  return evaluate(rs, *c);
}

/// The diagnostics of reading `character_text`, as "code pointer" lines.
inline std::string character_errors(const Ruleset& rs, const std::string& character_text) {
  Diagnostics d;
  parse_character(rs, character_text, "character.json", d);
  std::string out;
  for (const auto& e : d.items()) out += std::string(code_name(e.code)) + " " + e.pointer + "\n";
  return out;
}

inline Number n(std::int64_t whole) { return Number::of(whole); }

}  // namespace rk::test
