#pragma once
// Test fixtures state only what they test. Every ruleset file also needs the reference's top level
// (`schemaVersion`, `version`, `name`, `coverage`, `resolution`, `gm.checkGuidance`,
// `sheet.version`: docs/format/decisions.md "Top level"); `reference_top` adds whichever of them a
// fixture leaves out. It edits the text in place rather than re-serialising it, so every number,
// duplicate key and position the fixture writes stays as written (only columns on the lines it
// touches move). Text that is not a whole object is returned untouched; the tests of the top
// level itself load their text with `load_ruleset_text`, which adds nothing.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rk::test {

namespace reference_top_detail {

struct Member {
  std::string key;
  std::size_t key_begin = 0;    ///< the key's opening quote
  std::size_t value_begin = 0;  ///< the value's first character
};

inline std::size_t skip_space(std::string_view t, std::size_t i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) ++i;
  return i;
}

/// The end of the string whose opening quote is at `i`, or npos.
inline std::size_t skip_string(std::string_view t, std::size_t i) {
  for (++i; i < t.size(); ++i) {
    if (t[i] == '\\') {
      ++i;
    } else if (t[i] == '"') {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

/// The end of the value starting at `i`, or npos when the text is cut short.
inline std::size_t skip_value(std::string_view t, std::size_t i) {
  if (i >= t.size()) return std::string_view::npos;
  if (t[i] == '"') return skip_string(t, i);
  if (t[i] != '{' && t[i] != '[') {
    while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && t[i] != ' ' && t[i] != '\n' && t[i] != '\r' &&
           t[i] != '\t') {
      ++i;
    }
    return i;
  }
  int depth = 0;
  for (; i < t.size(); ++i) {
    if (t[i] == '"') {
      i = skip_string(t, i);
      if (i == std::string_view::npos) return i;
      --i;
    } else if (t[i] == '{' || t[i] == '[') {
      ++depth;
    } else if (t[i] == '}' || t[i] == ']') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

/// The members of the object whose `{` is at `open`, or nothing when it is not a whole object.
inline std::optional<std::vector<Member>> members(std::string_view t, std::size_t open) {
  if (open >= t.size() || t[open] != '{') return std::nullopt;
  std::vector<Member> out;
  std::size_t i = skip_space(t, open + 1);
  if (i < t.size() && t[i] == '}') return out;
  while (i < t.size() && t[i] == '"') {
    Member m;
    m.key_begin = i;
    const std::size_t key_end = skip_string(t, i);
    if (key_end == std::string_view::npos) return std::nullopt;
    m.key = std::string(t.substr(i + 1, key_end - i - 2));
    i = skip_space(t, key_end);
    if (i >= t.size() || t[i] != ':') return std::nullopt;
    m.value_begin = skip_space(t, i + 1);
    i = skip_value(t, m.value_begin);
    if (i == std::string_view::npos) return std::nullopt;
    out.push_back(std::move(m));
    i = skip_space(t, i);
    if (i < t.size() && t[i] == '}') return out;
    if (i >= t.size() || t[i] != ',') return std::nullopt;
    i = skip_space(t, i + 1);
  }
  return std::nullopt;
}

inline const Member* find(const std::vector<Member>& members, std::string_view key) {
  for (const Member& m : members) {
    if (m.key == key) return &m;
  }
  return nullptr;
}

/// A resolution for fixtures that roll nothing in particular: 1d20 plus the 5e modifier, one
/// untrained tier and one rung on the ladder.
inline constexpr std::string_view kResolution =
    R"("resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, )"
    R"("proficiencyTiers": [{"id": "untrained", "label": "Untrained"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]}, )";

}  // namespace reference_top_detail

inline std::string reference_top(std::string text) {
  using namespace reference_top_detail;
  const std::size_t open = skip_space(text, 0);
  const auto top = members(text, open);
  if (!top) return text;
  // Edits run from the end of the text to its start, so each position found above stays true.
  struct Edit {
    std::size_t at;
    std::size_t erase;
    std::string insert;
  };
  std::vector<Edit> edits;
  std::string head;
  if (find(*top, "schemaVersion") == nullptr) head += R"("schemaVersion": 1, )";
  if (find(*top, "version") == nullptr) head += R"("version": 1, )";
  if (find(*top, "coverage") == nullptr) head += R"("coverage": {"summary": "A test fixture."}, )";
  if (find(*top, "resolution") == nullptr) head += kResolution;
  const Member* gm = find(*top, "gm");
  if (gm == nullptr) head += R"("gm": {"checkGuidance": "Roll when the outcome is in doubt."}, )";
  if (const Member* label = find(*top, "label"); label != nullptr && find(*top, "name") == nullptr) {
    edits.push_back({label->key_begin, 7, R"("name")"});
  }
  if (gm != nullptr) {
    if (const auto inner = members(text, gm->value_begin); inner && find(*inner, "checkGuidance") == nullptr) {
      edits.push_back(
          {gm->value_begin + 1, 0,
           R"("checkGuidance": "Roll when the outcome is in doubt.")" + std::string(inner->empty() ? "" : ", ")});
    }
  }
  if (const Member* sheet = find(*top, "sheet")) {
    if (const auto inner = members(text, sheet->value_begin); inner && find(*inner, "version") == nullptr) {
      edits.push_back({sheet->value_begin + 1, 0, std::string(R"("version": 1)") + (inner->empty() ? "" : ", ")});
    }
  }
  if (top->empty() && !head.empty()) head.resize(head.size() - 2);  // no member follows the inserted ones
  if (!head.empty()) edits.push_back({open + 1, 0, head});
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.at > b.at; });
  for (const Edit& e : edits) text.replace(e.at, e.erase, e.insert);
  return text;
}

/// What a test writes to a file: a ruleset (an object with a `sheet`) gets the reference's top
/// level; manifests, characters, catalog files and broken text are written as given.
inline std::string fixture_file_text(std::string text) {
  using namespace reference_top_detail;
  const auto top = members(text, skip_space(text, 0));
  if (!top || find(*top, "sheet") == nullptr) return text;
  return reference_top(std::move(text));
}

}  // namespace rk::test
