#pragma once
// Boost.JSON glue: strict parsing with the position of every value (DESIGN "src/json").
//
// One pass of Boost.JSON's basic_parser, with our own handler, builds the tree into one arena the
// document owns (so one thread reads it at a time) and refuses what Boost.JSON alone accepts: a key
// written twice in one object (it keeps the last) and a number more precise than a double tells.
// Positions cost nothing until a diagnostic needs one: `locate` finds the offsets of all the
// diagnostics' pointers in one walk over the text, and their lines and columns in one sweep, so a
// clean file never pays for them (issue 9 point 10).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"

namespace rk::json {

using boost::json::value;

/// Every number in a Rulekeeper document has at most this many decimal places, as written.
inline constexpr std::size_t kMaxDecimalPlaces = 4;

struct ParseLimits {
  std::size_t max_bytes;
  std::size_t max_depth;
};

/// A parsed file: its text, its tree, and where each value starts.
class Document {
 public:
  Document() = default;
  Document(std::string file, std::string text, value root)
      : file_(std::move(file)), text_(std::move(text)), root_(std::move(root)) {}

  const value& root() const { return root_; }
  /// For the format's own pre-pass (dropping author annotations); positions are read from the
  /// text, which that pass never changes.
  value& mutable_root() { return root_; }
  const std::string& file() const { return file_; }
  const std::string& text() const { return text_; }

  /// Byte offset of the value at `pointer` (for an object member: where its key starts), or of
  /// the nearest enclosing value that has one (-1 when not even the root does).
  std::int64_t offset_of(std::string_view pointer) const;
  /// `offset_of` for many pointers at once, in one walk over the text.
  std::vector<std::int64_t> offsets_of(const std::vector<std::string_view>& pointers) const;

  /// Fills file/offset/line/column of every diagnostic from its pointer.
  void locate(Diagnostics& diagnostics) const;

 private:
  std::string file_;
  std::string text_;
  value root_;
};

/// Parses strict JSON (RFC 8259: no comments, no trailing commas, valid UTF-8). On failure
/// returns nothing and adds one diagnostic with the line and column of the fault. A number written
/// with more than kMaxDecimalPlaces decimals gets a fifth one in the tree, so readers refuse it.
std::optional<Document> parse(std::string file, std::string text, const ParseLimits& limits, Diagnostics& diagnostics);

/// 1-based line and column (in code points; "\r\n" is one line break) of a byte offset.
std::pair<int, int> line_column(std::string_view text, std::size_t offset);

/// `line_column` for many offsets in increasing order, in one pass over the text.
class LineColumnSweep {
 public:
  explicit LineColumnSweep(std::string_view text);
  std::pair<int, int> at(std::size_t offset);

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

/// Appends one reference token to a JSON Pointer, escaping '~' and '/' (RFC 6901).
std::string child(std::string_view pointer, std::string_view key);
std::string child(std::string_view pointer, std::size_t index);

}  // namespace rk::json
