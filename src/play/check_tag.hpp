#pragma once
// The Game Master's check tags, `[skill_check: …]` (docs/format/checks.md "Finding a check"): where
// one starts and ends in a reply, and what it asks for, read the way the original reads its checks
// (skill-check-tag.ts). Reading never fails: a tag that asks for nothing readable is still found,
// so the engine can write it back refused instead of leaving the model's text standing.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "play/command.hpp"

namespace rk::play {

/// One `[skill_check: …]` of a reply, from its `[` to its `]`.
struct CheckTag {
  std::size_t begin = 0, end = 0;
  std::size_t body_begin = 0, body_end = 0;
  std::vector<Attribute> attributes;
};

/// Every check tag of a reply, in order. A head is `[skill_check:` in any letter case; the first
/// `]` after it ends the tag, and the body between them must hold at least one character and at
/// most limits::kTagBodyUnits UTF-16 units, or the head is narration. A head that falls inside a
/// `[sheet:`/`[clock:` tag (`command_spans`, sorted) belongs to that tag, and a check tag that would
/// overlap one is not a check tag: each byte is read by one reader only.
std::vector<CheckTag> find_check_tags(std::string_view reply,
                                      const std::vector<std::pair<std::size_t, std::size_t>>& command_spans = {});

/// What a check tag asks for, each attribute as written (the last one of a repeated key wins).
struct CheckAsk {
  std::string skill;               ///< trimmed; empty when absent
  std::optional<std::int64_t> dc;  ///< `dc=` read as JavaScript's parseInt reads it
  std::string difficulty;          ///< `difficulty=`, trimmed
  std::optional<std::string> who;  ///< trimmed and cut to limits::kWhoUnits
  std::string with;                ///< `with=`
  std::optional<std::int64_t> threshold, bonus, explode, double_face;
  std::string reroll, spend, use;
  std::vector<std::string> apply;  ///< `apply=` split at `;`, trimmed, empty names dropped
  bool advantage = false, disadvantage = false;
};

/// Reads the attributes and body of one check tag. `mode="advantage"` or the word ` advantage`
/// anywhere in the body asks for advantage, likewise disadvantage (as the original reads it).
CheckAsk read_check_ask(const CheckTag& tag, std::string_view reply);

/// JavaScript's `Number.parseInt(value, 10)`: optional white space, a sign, then the digits up to
/// the first non-digit (`"2.5"` is 2, `"3 dice"` is 3); nothing without a digit or with more than
/// limits::kIntegerDigits of them.
std::optional<std::int64_t> js_parse_int(std::string_view value);

}  // namespace rk::play
