#pragma once
// Where the original product's reference files are (its chapter, schema, examples and validator):
// $RK_REFERENCE_DIR, else ../shared/reference/game-mode beside the checkout, else the workplace's
// shared folder. They are never copied into the project (AGPL); a test that needs them fails,
// rather than skips, when none of these holds them.
#include <cstdlib>
#include <filesystem>

namespace rk::testing {

inline std::filesystem::path reference_dir(const std::filesystem::path& source_dir) {
  if (const char* env = std::getenv("RK_REFERENCE_DIR"); env != nullptr && *env != '\0') return env;
  const std::filesystem::path beside = source_dir / ".." / "shared" / "reference" / "game-mode";
  std::error_code ec;
  if (std::filesystem::is_directory(beside, ec)) return beside;
  return "/work/shared/reference/game-mode";
}

}  // namespace rk::testing
