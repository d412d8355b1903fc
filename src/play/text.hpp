#pragma once
// Text rules of the tag protocol. The original engine reads tags as JavaScript strings, so its
// notions of "space", "trim" and "length" are JavaScript's: whitespace is the ECMAScript set, and
// a length counts UTF-16 code units. A reply here is UTF-8 bytes; these helpers give the same
// answers on those bytes, so a tag is read, cut and trimmed exactly where the original would.
#include <cstddef>
#include <string>
#include <string_view>

namespace rk::play::text {

/// One code point decoded from valid UTF-8.
struct CodePoint {
  char32_t value = 0;
  std::size_t bytes = 0;
};

/// Whether the bytes are well-formed UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
bool valid_utf8(std::string_view s);
/// The code point starting at `at` in valid UTF-8.
CodePoint decode(std::string_view s, std::size_t at);
/// UTF-16 code units of the code point whose first byte is `lead` (0 for a continuation byte).
constexpr std::size_t utf16_units_of_lead(unsigned char lead) {
  if ((lead & 0xC0U) == 0x80U) return 0;
  return lead >= 0xF0U ? 2 : 1;
}
/// UTF-16 code units of valid UTF-8 text: what JavaScript's `length` says of it.
std::size_t utf16_units(std::string_view s);
/// The longest prefix of at most `units` UTF-16 code units that ends on a code point.
std::string_view utf16_prefix(std::string_view s, std::size_t units);

/// JavaScript's `\s`: the ECMAScript white space and line terminators.
bool is_js_space(char32_t c);
/// JavaScript's `\w` without the `u` flag: ASCII letters, digits and `_`.
constexpr bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
/// The length in bytes of the JavaScript white space starting at `at` (0 when there is none).
std::size_t space_at(std::string_view s, std::size_t at);
/// JavaScript's `trim()`.
std::string_view js_trim(std::string_view s);
/// ASCII letters lowered; every other byte as it is.
std::string ascii_lower(std::string_view s);

/// A value made safe to write inside a receipt attribute: control characters, line and paragraph
/// separators, `"`, `[` and `]` become spaces, runs of white space become one space, the ends are
/// trimmed, and the result is cut to `limit_units` (at the last `; ` inside the cut when there is
/// one, so a per-member summary never ends half-way through a member).
std::string receipt_safe(std::string_view value, std::size_t limit_units);

}  // namespace rk::play::text
