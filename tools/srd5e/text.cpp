#include "srd5e/text.hpp"

#include <fmt/format.h>

namespace srd5e {
namespace {

std::string collapse_spaces(std::string_view s) {
  std::string out;
  bool space = false;
  for (const char ch : s) {
    if (ch == ' ' || ch == '\n') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += ch;
  }
  return out;
}

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

}  // namespace

std::string safe_long(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '[') {
      out += '(';
    } else if (c == ']') {
      out += ')';
    } else if ((c == '{' || c == '}') && !out.empty() && out.back() == static_cast<char>(c)) {
      continue;  // "{{" -> "{", "}}" -> "}"
    } else if (c == '\t') {
      out += ' ';
    } else if (c == '\n') {
      out += '\n';
    } else if (c < 0x20 || c == 0x7f) {
      continue;
    } else if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(s[i + 1]) <= 0x9F) {
      ++i;  // C1 control characters (U+0080..U+009F)
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string safe_line(std::string_view s) { return collapse_spaces(safe_long(s)); }

std::string long_text(const std::vector<std::string>& paragraphs) {
  std::string out;
  for (const auto& p : paragraphs) {
    if (!out.empty()) out += '\n';
    out += p;
  }
  // Trailing spaces on a line and blank runs carry nothing.
  std::string safe = safe_long(out);
  std::string tidy;
  std::size_t start = 0;
  while (start <= safe.size()) {
    std::size_t end = safe.find('\n', start);
    if (end == std::string::npos) end = safe.size();
    std::string_view line(safe.data() + start, end - start);
    while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
    if (!tidy.empty()) tidy += '\n';
    tidy += line;
    start = end + 1;
  }
  while (!tidy.empty() && tidy.back() == '\n') tidy.pop_back();
  return tidy;
}

std::string line_text(const std::vector<std::string>& paragraphs) {
  std::string out;
  for (const auto& raw : paragraphs) {
    std::string p = safe_line(raw);
    if (p.empty()) continue;
    const bool bullet = starts_with(p, "- ") || starts_with(p, "* ");
    if (bullet) p = p.substr(2);
    if (!out.empty()) out += bullet ? "; " : " ";
    out += p;
  }
  return out;
}

std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (const char ch : s) {
    if (!is_continuation(static_cast<unsigned char>(ch))) ++n;
  }
  return n;
}

std::string clip(std::string_view s, std::size_t n) {
  if (code_points(s) <= n) return std::string(s);
  // Byte offset of code point n - 3 (room for "...").
  std::size_t keep = n - 3, count = 0, cut = 0;
  for (cut = 0; cut < s.size(); ++cut) {
    if (!is_continuation(static_cast<unsigned char>(s[cut]))) {
      if (count == keep) break;
      ++count;
    }
  }
  std::string_view head = s.substr(0, cut);
  const std::size_t space = head.rfind(' ');
  if (space != std::string_view::npos && space + 40 > head.size()) head = head.substr(0, space);
  while (!head.empty() && (head.back() == ' ' || head.back() == ',' || head.back() == ';')) head.remove_suffix(1);
  return std::string(head) + "...";
}

std::string first_sentence(std::string_view s, std::size_t n) {
  const std::size_t dot = s.find(". ");
  if (dot != std::string_view::npos) s = s.substr(0, dot + 1);
  return clip(s, n);
}

std::string entry_id(std::string_view s) {
  std::string out;
  for (const char ch : s) {
    const char c = (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      out += c;
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  if (out.size() > 64) out.resize(64);
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += sep;
    out += items[i];
  }
  return out;
}

std::string join_and(const std::vector<std::string>& items) {
  if (items.size() <= 1) return join(items, "");
  std::vector<std::string> head(items.begin(), items.end() - 1);
  return join(head, ", ") + " and " + items.back();
}

std::string ordinal(long long n) {
  const long long mod100 = n % 100;
  const char* suffix = "th";
  if (mod100 < 11 || mod100 > 13) {
    switch (n % 10) {
      case 1:
        suffix = "st";
        break;
      case 2:
        suffix = "nd";
        break;
      case 3:
        suffix = "rd";
        break;
      default:
        break;
    }
  }
  return fmt::format("{}{}", n, suffix);
}

std::string sentence(std::string_view s) {
  std::string out(s);
  while (!out.empty() && (out.back() == ' ' || out.back() == '.')) out.pop_back();
  return out + ".";
}

std::string thousands(long long n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string without_skill_prefix(std::string_view s) {
  constexpr std::string_view prefix = "Skill: ";
  return std::string(starts_with(s, prefix) ? s.substr(prefix.size()) : s);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string capitalise(std::string_view s) {
  std::string out(s);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace srd5e
