#pragma once
// The differential test against the original validator (docs/testing.md): cases, verdicts, and
// the expected-disagreements file.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace rk::differential {

/// One file both validators read: an unmutated base, or one mutation of it.
struct Case {
  std::string base;     ///< the base's name ("gravewatch", "rulesets/examples/gravewatch")
  std::string kind;     ///< a mutation kind name, or "base" for the unmutated file
  std::string pointer;  ///< where the mutation changed the document ("" for a base)
  std::string change;   ///< the change in words
  std::size_t index = 0;
  std::filesystem::path file;

  bool ours_ok = false;
  std::optional<std::string> ours_crash;  ///< what our check threw; never an expected difference
  std::vector<std::string> ours_first;    ///< our first errors, "code at /pointer: message"
  /// Our refusal holds nothing the unmutated base does not already hold (same code and pointer):
  /// the mutation itself went unnoticed, and the verdict is only the base's.
  bool ours_only_base_errors = false;

  bool original_ok = false;
  bool original_answered = false;
  std::vector<std::string> original_first;  ///< the original's first issues, "path: message"

  bool agree() const { return ours_ok == original_ok; }
  /// "refuse" when we refuse what the original accepts, "accept" for the other way round.
  std::string direction() const { return ours_ok ? "accept" : "refuse"; }
};

/// One pattern of tests/differential/expected.json.
struct Expected {
  std::string base = "*";  ///< a base name or "*"
  std::string kind = "*";  ///< a mutation kind name, "base", or "*"
  std::string pointer;     ///< a JSON Pointer prefix, matched on whole segments ("" matches all)
  std::string ours;        ///< "refuse", "accept" or "" for either
  std::string reason;
  std::size_t matched = 0;

  bool matches(const Case& c) const;
};

std::vector<Expected> read_expected(const std::filesystem::path& path, std::string& error);

/// Patterns covering `disagreements`, grouped by cause; a pattern already in `previous` keeps its
/// hand-written reason.
std::vector<Expected> propose_expected(const std::vector<const Case*>& disagreements,
                                       const std::vector<std::string>& bases_we_refuse,
                                       const std::vector<Expected>& previous);

void write_expected(const std::filesystem::path& path, const std::vector<Expected>& entries);

/// The pointer's first segment ("/sheet"), or "(root)".
std::string area(const std::string& pointer);

/// True when `prefix` is `pointer` or a whole-segment ancestor of it.
bool pointer_has_prefix(const std::string& pointer, const std::string& prefix);

}  // namespace rk::differential
