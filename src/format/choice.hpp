#pragma once
// The words of an enum as the format spells them: one table per enum, read by
// `ObjectReader::choice`, which also writes the "is one of …" message, so a word, its enum value
// and the label a front end shows live in one place (issue 9, "one table per enum").
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace rk {

template <typename E>
struct Choice {
  E value;
  std::string_view name;        ///< the word a ruleset writes
  std::string_view label = {};  ///< what a front end shows, when it differs from the word
};

/// The enum value of a table (an array of `Choice`s).
template <typename Table>
using ChoiceValue = std::remove_cvref_t<decltype(std::declval<const Table&>()[0].value)>;

/// The table entry whose word is `name`, or nothing.
template <typename Table>
std::optional<ChoiceValue<Table>> choice_of(const Table& table, std::string_view name) {
  for (const auto& c : table) {
    if (c.name == name) return c.value;
  }
  return std::nullopt;
}

/// The word of `value` in `table` ("" when the table lacks it, which is a programming error).
template <typename Table>
std::string_view choice_name(const Table& table, ChoiceValue<Table> value) {
  for (const auto& c : table) {
    if (c.value == value) return c.name;
  }
  return {};
}

/// The words of a table, for a "did you mean" among them.
template <typename Table>
std::vector<std::string> choice_names(const Table& table) {
  std::vector<std::string> names;
  for (const auto& c : table) names.emplace_back(c.name);
  return names;
}

/// `"a", "b", "c"`: the words of a table, for a message.
template <typename Table>
std::string choice_words(const Table& table) {
  std::string words;
  for (const auto& c : table) {
    if (!words.empty()) words += ", ";
    words += '"';
    words += c.name;
    words += '"';
  }
  return words;
}

}  // namespace rk
