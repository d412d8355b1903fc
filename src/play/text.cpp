#include "play/text.hpp"

namespace rk::play::text {

namespace {

bool continuation(unsigned char c) { return (c & 0xC0U) == 0x80U; }

/// The length of the well-formed UTF-8 sequence starting at `at`, or 0 when the bytes there are
/// not one (no overlongs, no surrogates, nothing past U+10FFFF).
std::size_t sequence_at(std::string_view s, std::size_t at) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (c < 0x80U) return 1;
  std::size_t len = 0;
  char32_t cp = 0;
  if (c >= 0xC2U && c <= 0xDFU) {
    len = 2;
    cp = c & 0x1FU;
  } else if (c >= 0xE0U && c <= 0xEFU) {
    len = 3;
    cp = c & 0x0FU;
  } else if (c >= 0xF0U && c <= 0xF4U) {
    len = 4;
    cp = c & 0x07U;
  } else {
    return 0;
  }
  if (s.size() - at < len) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto cc = static_cast<unsigned char>(s[at + k]);
    if (!continuation(cc)) return 0;
    cp = (cp << 6U) | (cc & 0x3FU);
  }
  if ((len == 3 && cp < 0x800U) || (len == 4 && (cp < 0x10000U || cp > 0x10FFFFU)) ||
      (cp >= 0xD800U && cp <= 0xDFFFU)) {
    return 0;
  }
  return len;
}

}  // namespace

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t len = sequence_at(s, i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

CodePoint decode(std::string_view s, std::size_t at) {
  const auto c = static_cast<unsigned char>(s[at]);
  if (c < 0x80U) return {c, 1};
  std::size_t len = c >= 0xF0U ? 4 : c >= 0xE0U ? 3 : 2;
  if (at + len > s.size()) return {0xFFFD, 1};
  char32_t cp = c & (len == 2 ? 0x1FU : len == 3 ? 0x0FU : 0x07U);
  for (std::size_t k = 1; k < len; ++k) cp = (cp << 6U) | (static_cast<unsigned char>(s[at + k]) & 0x3FU);
  return {cp, len};
}

std::size_t utf16_units(std::string_view s) {
  std::size_t units = 0;
  for (const char c : s) units += utf16_units_of_lead(static_cast<unsigned char>(c));
  return units;
}

std::string_view utf16_prefix(std::string_view s, std::size_t units) {
  std::size_t used = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    const CodePoint cp = decode(s, i);
    const std::size_t cost = cp.value >= 0x10000U ? 2 : 1;
    if (used + cost > units) break;
    used += cost;
    i += cp.bytes;
  }
  return s.substr(0, i);
}

bool is_js_space(char32_t c) {
  switch (c) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x20:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
    case 0xFEFF:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200A;
  }
}

std::size_t space_at(std::string_view s, std::size_t at) {
  if (at >= s.size()) return 0;
  const auto c = static_cast<unsigned char>(s[at]);
  if (c < 0x80U) return is_js_space(c) ? 1 : 0;
  // Every non-ASCII space starts with one of these bytes; anything else is not a space.
  if (c != 0xC2U && c != 0xE1U && c != 0xE2U && c != 0xE3U && c != 0xEFU) return 0;
  const CodePoint cp = decode(s, at);
  return is_js_space(cp.value) ? cp.bytes : 0;
}

std::string_view js_trim(std::string_view s) {
  std::size_t begin = 0;
  while (begin < s.size()) {
    const std::size_t n = space_at(s, begin);
    if (n == 0) break;
    begin += n;
  }
  std::size_t end = s.size();
  while (end > begin) {
    // Step back to the start of the last code point and ask whether it is a space.
    std::size_t start = end - 1;
    while (start > begin && continuation(static_cast<unsigned char>(s[start]))) --start;
    if (space_at(s, start) != end - start) break;
    end = start;
  }
  return s.substr(begin, end - begin);
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string receipt_safe(std::string_view input, std::size_t limit_units) {
  // The apply step's text is ours but not trusted to be UTF-8: a byte that is not is written as
  // U+FFFD, so a receipt is always text the reader can read back.
  std::string repaired;
  if (!valid_utf8(input)) {
    for (std::size_t i = 0; i < input.size();) {
      const std::size_t len = sequence_at(input, i);
      repaired += len == 0 ? std::string_view("\xEF\xBF\xBD") : input.substr(i, len);
      i += len == 0 ? 1 : len;
    }
    input = repaired;
  }
  const std::string_view value = input;
  // What could reshape a tag becomes a space, and every run of two or more spaces one.
  std::string spaced;
  spaced.reserve(value.size());
  std::size_t run_start = std::string::npos;  // where the current run of spaces began in `spaced`
  std::size_t i = 0;
  while (i < value.size()) {
    const CodePoint cp = decode(value, i);
    const bool replaced = cp.value < 0x20U || (cp.value >= 0x7FU && cp.value <= 0x9FU) || cp.value == 0x2028U ||
                          cp.value == 0x2029U || cp.value == U'"' || cp.value == U'[' || cp.value == U']';
    const bool space = replaced || is_js_space(cp.value);
    if (space) {
      if (run_start == std::string::npos) {
        run_start = spaced.size();
        if (replaced) {
          spaced.push_back(' ');
        } else {
          spaced.append(value.substr(i, cp.bytes));
        }
      } else {
        // A second space in a run: the run becomes one plain space.
        spaced.resize(run_start);
        spaced.push_back(' ');
      }
    } else {
      run_start = std::string::npos;
      spaced.append(value.substr(i, cp.bytes));
    }
    i += cp.bytes;
  }
  std::string_view trimmed = js_trim(spaced);
  if (utf16_units(trimmed) > limit_units) {
    trimmed = utf16_prefix(trimmed, limit_units);
    const std::size_t separator = trimmed.rfind("; ");
    if (separator != std::string_view::npos && separator > 0) trimmed = trimmed.substr(0, separator);
  }
  return std::string(js_trim(trimmed));
}

}  // namespace rk::play::text
