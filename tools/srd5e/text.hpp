#pragma once
// Text helpers: prompt-safe text (docs/format/ruleset.md "Prompt-safe text"), lengths in code
// points, entry ids, and the small English phrases the catalogs share.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace srd5e {

/// Removes what prompt-safe text refuses, keeping line breaks: `[`/`]` become `(`/`)`, `{{`/`}}`
/// become single braces, tabs become spaces, `\r` and other control characters are dropped.
std::string safe_long(std::string_view s);

/// Prompt-safe one-line text: like safe_long, then every line break and run of spaces becomes one
/// space, trimmed.
std::string safe_line(std::string_view s);

/// SRD paragraphs as long text: prompt-safe, joined with a line break.
std::string long_text(const std::vector<std::string>& paragraphs);

/// SRD paragraphs as one line: bullet paragraphs ("- x") are joined with "; ", others with " ".
std::string line_text(const std::vector<std::string>& paragraphs);

/// Length in Unicode code points (the unit of every length limit of the format).
std::size_t code_points(std::string_view s);

/// At most `n` code points: cut at a word boundary where one is near, ending in "...".
std::string clip(std::string_view s, std::size_t n);

/// The first sentence of `s` (up to and including the first ". "), clipped to `n` code points.
std::string first_sentence(std::string_view s, std::size_t n);

/// An entry id (CA-16): lowercase letters, digits and single hyphens, at most 64 characters.
std::string entry_id(std::string_view s);

/// "a, b and c".
std::string join_and(const std::vector<std::string>& items);
std::string join(const std::vector<std::string>& items, std::string_view sep);

/// "1st", "2nd", "3rd", "4th" ...
std::string ordinal(long long n);

/// `s` ending in exactly one full stop.
std::string sentence(std::string_view s);

/// 18000 -> "18,000".
std::string thousands(long long n);

/// "Skill: Insight" -> "Insight" (the prefix the SRD gives skill proficiencies).
std::string without_skill_prefix(std::string_view s);

std::string lower(std::string_view s);
std::string capitalise(std::string_view s);
bool starts_with(std::string_view s, std::string_view prefix);

}  // namespace srd5e
