#pragma once
// A typed reader over Boost.JSON values that reports problems as diagnostics and carries on, so
// one pass finds every error of a file (DESIGN principle 4). Each reader knows the JSON Pointer
// of its object and a human name for the entry ("skill `dig`") that every message starts with.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"
#include "format/choice.hpp"
#include "format/limits.hpp"
#include "format/model.hpp"
#include "format/number.hpp"

namespace rk {

namespace bj = boost::json;

/// Why `text` is not prompt-safe (one line, no control characters, no square brackets, no
/// `{{`/`}}`: DESIGN principle 8, SH-83), or nothing when it is. Long texts may break lines.
/// U+2028/U+2029 break lines too; direction controls (U+202E …) and invisible characters
/// (U+200B, U+2060, U+FEFF …) are refused; full-width `［］｛｝` count as their ASCII forms.
std::optional<std::string> prompt_safety_problem(std::string_view text, bool allow_line_breaks = false);
/// Number of Unicode code points (the unit of every length limit).
std::size_t text_length(std::string_view text);
/// Ids: 1–64 of letters, digits, `_`, `-` and `.`, not starting with `-` or `.`.
bool is_valid_id(std::string_view id);

/// A JSON number as a Number, or nothing when it has more than four decimal places.
std::optional<Number> to_number(const bj::value& v);
std::string_view json_type_name(const bj::value& v);
/// A JSON value as a value of `type` (a number, a boolean, or a string for the text types), or
/// nothing when its JSON type does not fit. Range, length and enum membership are not checked.
std::optional<Scalar> typed_scalar(const bj::value& v, ValueType type);

/// Drops the author's annotations before anything reads the document, as the reference format
/// says: `$comment` on any object, `$schema` on the root. They are notes, never read, so no
/// rule ever sees them (docs/format/ruleset.md "Comments").
void strip_annotations(bj::value& root);

class ObjectReader {
 public:
  /// Reports wrong-type when `v` is not an object; every accessor then returns nothing.
  ObjectReader(const bj::value& v, std::string pointer, std::string what, Diagnostics& diagnostics);
  ObjectReader(const ObjectReader&) = delete;
  ObjectReader& operator=(const ObjectReader&) = delete;
  /// Reports every key that no accessor asked for (unless `finish` was called already).
  ~ObjectReader();

  bool ok() const { return object_ != nullptr; }
  const std::string& pointer() const { return pointer_; }
  const std::string& what() const { return what_; }
  std::string at(std::string_view key) const;
  Diagnostics& diagnostics() { return diagnostics_; }
  void rename(std::string what) { what_ = std::move(what); }

  bool has(std::string_view key) const;
  /// Marks a key as known and returns its value, or nullptr when absent.
  const bj::value* get(std::string_view key);
  /// Accepts a key without reading it (validated elsewhere, or reserved).
  void accept(std::string_view key) { get(key); }

  std::optional<std::string> string(std::string_view key, bool required, std::size_t max_length);
  /// A prompt-safe string of `min_length` to `max_length` code points (SH-83). The reference
  /// format's prompt-safe text holds at least one character, so an empty one is refused unless
  /// the caller allows it (`min_length` 0: a text the reference leaves free to be blank).
  std::optional<std::string> prompt_text(std::string_view key, bool required, std::size_t max_length,
                                         std::size_t min_length = 1);
  std::optional<std::string> id(std::string_view key, bool required);
  std::optional<Number> number(std::string_view key, bool required, bool integer = false);
  std::optional<bool> boolean(std::string_view key);
  const bj::array* array(std::string_view key, bool required);
  const bj::object* object(std::string_view key, bool required);
  /// An array of ids (each checked for syntax and uniqueness).
  std::optional<std::vector<std::string>> id_list(std::string_view key, bool required);

  /// Calls `visit(key)` for every key of the object, in document order: for an object whose keys
  /// are ids the author or the player chose, not the format's words. The visitor reads each key
  /// with the accessors above, which count it as known and check it as they do any key.
  template <typename Visit>
  void each_key(Visit&& visit) {
    if (object_ == nullptr) return;
    for (const auto& member : *object_) visit(std::string_view(member.key()));
  }

  /// A word of `table` (an enum's words as the format spells them); any other string is refused
  /// with bad-value and the list of the words.
  template <typename Table>
  std::optional<ChoiceValue<Table>> choice(std::string_view key, bool required, const Table& table) {
    auto word = string(key, required, limits::kChoiceWordLength);
    if (!word) return std::nullopt;
    if (auto value = choice_of(table, *word)) return value;
    not_one_of(key, *word, choice_words(table), choice_names(table));
    return std::nullopt;
  }
  /// Reports that `key`'s `found` is none of `words`, suggesting the nearest of `names`.
  void not_one_of(std::string_view key, std::string_view found, std::string_view words,
                  const std::vector<std::string>& names);

  /// The label every entry carries (required, prompt-safe, 1-`max_length` characters).
  std::string label(std::size_t max_length = limits::kLabelLength);

  void finish();

  /// Reports `limit.code` at `key` when `key` holds `n` things, past a counted limit (check_limit).
  /// Returns whether `n` is within it.
  bool check_limit(const limits::CountLimit& limit, std::size_t n, std::string_view key);

  template <typename... Args>
  void error(Code code, std::string_view key, fmt::format_string<Args...> format, Args&&... args) {
    diagnostics_.error(code, key.empty() ? pointer_ : at(key), "{}: {}", what_,
                       fmt::format(format, std::forward<Args>(args)...));
  }

 private:
  void wrong_type(std::string_view key, std::string_view expected, const bj::value& v);

  const bj::object* object_ = nullptr;
  std::string pointer_;
  std::string what_;
  Diagnostics& diagnostics_;
  /// Where this object's diagnostics begin: `finish` turns a missing key that an unknown key
  /// misspells into one error.
  std::size_t first_diagnostic_ = 0;
  /// Which members an accessor asked for, a bit per member by its place in the object: in place
  /// for the few members almost every object has, in a vector for a larger one.
  std::uint64_t read_few_ = 0;
  std::vector<bool> read_many_;
  /// Keys asked for that the object lacks, and keys only looked for (`has`): what a misspelt key
  /// may have meant. Their text is kept (callers may build keys on the fly), each ended by '\0',
  /// in place up to kAbsentInPlace bytes; it is read only when the object holds an unknown key.
  static constexpr std::size_t kAbsentInPlace = 240;
  mutable std::array<char, kAbsentInPlace> absent_in_place_{};
  mutable std::size_t absent_size_ = 0;
  mutable std::string absent_spilled_;
  void remember_absent(std::string_view key) const;
  void mark_read(std::size_t member);
  bool was_read(std::size_t member) const;
  bool finished_ = false;
};

/// Checks that each element of an id array is unique, reporting duplicate-id at the later one.
void report_duplicate_ids(const std::vector<std::pair<std::string, std::string>>& ids_with_pointers,
                          std::string_view what, Diagnostics& diagnostics);

}  // namespace rk
