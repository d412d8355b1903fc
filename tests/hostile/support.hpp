#pragma once
// Runs the `rulekeeper` binary on hostile inputs (issue 9 point 8): with a time limit, so a hang is
// a failure rather than a stuck suite, and with a memory limit, so an unbounded read is refused
// by the test instead of the machine.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include "support/reference_top.hpp"
#include "support/temp_folder.hpp"

namespace rk::hostile {

namespace fs = std::filesystem;

struct Outcome {
  int exit_code = -1;  ///< -1 when killed by a signal (a crash), 124 when the time limit hit
  std::string out;
  std::string err;
};

inline std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out.push_back(c);
  }
  return out + "'";
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A fresh folder per test, removed afterwards.
class HostileFixture : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) { return folder.write(name, text); }
  std::string path(const std::string& name) const { return folder.file(name); }
  std::string corpus(const std::string& name) const {
    return std::string(RK_SOURCE_DIR) + "/tests/hostile/corpus/" + name;
  }

  /// The binary under test; RK_CLI in the environment runs the same cases against another build
  /// (how the "fails before the fix" runs were made).
  static std::string cli() {
    const char* other = std::getenv("RK_CLI");
    return other != nullptr && *other != '\0' ? other : RK_CLI_PATH;
  }

#if defined(__SANITIZE_ADDRESS__)  // GCC
  static constexpr bool kSanitized = true;
#elif defined(__has_feature)  // clang
  static constexpr bool kSanitized = __has_feature(address_sanitizer);
#else
  static constexpr bool kSanitized = false;
#endif

  /// `args` are already quoted where needed.
  Outcome run(const std::string& args, int seconds = 20) const {
    const fs::path out = dir / ".stdout", err = dir / ".stderr";
    std::string limits = "ulimit -c 0; ";
    // 2 GB: an unbounded read fails here instead of exhausting the machine. AddressSanitizer maps
    // terabytes of shadow memory, so a sanitized command runs without the cap.
    if (!kSanitized) limits += "ulimit -v 2000000; ";
    const std::string command =
        "sh -c " + quote(limits + "exec timeout -s KILL " + std::to_string(seconds) + " " + cli() + " " + args) + " >" +
        quote(out.string()) + " 2>" + quote(err.string()) + " </dev/null";
    const int status = std::system(command.c_str());
    Outcome r;
    if (WIFEXITED(status)) {
      r.exit_code = WEXITSTATUS(status);
      if (r.exit_code == 137 || r.exit_code == 134 || r.exit_code == 139) r.exit_code = -1;  // killed, abort, segfault
    }
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  test::TempFolder folder{"rk_hostile"};
  const fs::path& dir = folder.path();
};

/// A small valid package with one separate catalog file (CA-24), the shape most hostile inputs bend.
inline constexpr const char* kManifest = R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 21},
  "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/knacks.json"]}}})";
inline constexpr const char* kRuleset =
    R"({"id": "roads", "label": "Roads", "sheet": {"lists": [{"id": "knacks", "label": "Knacks",
  "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 20}]}]},
  "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "asset": "catalogs/knacks.json"}]})";
inline constexpr const char* kCatalog = R"({"schemaVersion": 1, "catalog": "knacks", "entries": [
  {"id": "road-sense", "label": "Road Sense", "rows": [{"list": "knacks", "values": {"name": "Road Sense"}}]}]})";

/// A single-file ruleset with a one-step builder, for `build`.
inline constexpr const char* kBuilderRuleset =
    R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
  "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})";

}  // namespace rk::hostile
