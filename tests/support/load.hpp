#pragma once
// Test helpers: load rulesets from inline JSON and find diagnostics by code and pointer.
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "support/reference_top.hpp"

namespace rk::test {

inline std::string source_path(std::string_view relative) {
  return std::string(RK_SOURCE_DIR) + "/" + std::string(relative);
}

/// A fixture loaded with the reference's top level filled in (support/reference_top.hpp).
inline LoadResult load(std::string text) { return load_ruleset_text(reference_top(std::move(text))); }

/// A package of `manifest` and a fixture ruleset, its top level filled in likewise.
inline LoadResult load_package(std::string manifest, std::string ruleset, const std::filesystem::path& folder = {}) {
  return load_package_texts(std::move(manifest), reference_top(std::move(ruleset)), folder);
}

/// The codes and pointers of every error, one "code pointer" per line, for readable failures.
inline std::string describe(const LoadResult& r) {
  std::string out;
  for (const auto& d : r.diagnostics.items()) {
    out += std::string(code_name(d.code)) + " " + d.pointer + " " + std::to_string(d.line) + ":" +
           std::to_string(d.column) + " " + d.message + "\n";
  }
  return out;
}

inline bool has_error(const LoadResult& r, Code code, std::string_view pointer) {
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity == Severity::Error && d.code == code && d.pointer == pointer) return true;
  }
  return false;
}

inline bool has_code(const LoadResult& r, Code code) {
  for (const auto& d : r.diagnostics.items()) {
    if (d.code == code) return true;
  }
  return false;
}

}  // namespace rk::test
