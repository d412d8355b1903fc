#pragma once
// Shared by the `rulekeeper` subcommands: exit codes, rendering diagnostics, reading inputs.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"
#include "format/ruleset.hpp"
#include "sheet/character.hpp"

namespace rk::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitRefused = 1;
inline constexpr int kExitUsage = 2;

/// `file:line:col: error[code]: message (at pointer)`, then the source line and a caret. At most
/// `limits::kDiagnosticsShown` of each severity; a last line counts the rest. Echoed text is
/// escaped (`terminal_safe`).
void print_text(const Diagnostics& diagnostics, std::ostream& out,
                const std::map<std::string, std::string>& sources = {});
/// The first `limits::kDiagnosticsShown` diagnostics of one severity.
boost::json::array diagnostics_json(const Diagnostics& diagnostics, Severity severity);
/// Sets `errors` (and `warnings`), and `omitted` with the counts left out when over the cap.
void add_diagnostics_json(boost::json::object& o, const Diagnostics& diagnostics, bool with_warnings);
/// `{"ok": false, "errors": […]}` on stdout with --json, the text form on stderr otherwise.
void print_refusal(const Diagnostics& diagnostics, bool as_json,
                   const std::map<std::string, std::string>& sources = {});
/// Reports a file that cannot be read or written (an io-error, in the form --json asks for) and
/// returns the exit code of an I/O failure.
int io_failure(bool as_json, const std::string& file, const std::string& message);
void print_json(const boost::json::value& v);

/// `text` with every character a terminal would act on (C0/C1 controls, DEL, bidirectional
/// controls, bytes that are not UTF-8) written as a visible escape: `\x1B`, `\u{202E}`.
std::string terminal_safe(std::string_view text, bool keep_line_breaks = false);
/// Writes text output through `terminal_safe`, keeping its line breaks.
void say(std::ostream& out, std::string_view text);

/// Loads a ruleset for a command that needs a valid one; reports and sets `exit_code` otherwise.
std::shared_ptr<const Ruleset> load_or_report(const std::string& path, bool as_json, int& exit_code);
/// The package folder of a ruleset path ("" for a single file).
std::filesystem::path package_folder(const std::string& ruleset_path);
/// Reads and checks a character document; reports and sets `exit_code` when it is refused.
std::optional<Character> read_character_or_report(const Ruleset& ruleset, const std::string& path, bool as_json,
                                                  int& exit_code);

int check(const std::string& path, bool as_json);
int sheet(const std::string& ruleset_path, const std::string& character_path, bool as_json, const std::string& explain);
int new_character(const std::string& ruleset_path);

struct CatalogOptions {
  std::string ruleset, catalog, list, character, installed;
  std::vector<std::string> filters;
  bool as_json = false;
};
int catalog(const CatalogOptions& options);
int pick(const std::string& ruleset_path, const std::string& character_path, const std::string& mark,
         const std::string& list, const std::string& installed);
int review(const std::string& ruleset_path, const std::string& character_path, const std::vector<std::string>& apply,
           bool as_json, const std::string& installed);

struct BuildOptions {
  std::string ruleset, character, actions, out, installed;
  std::uint64_t seed = 1;
  bool out_given = false;  ///< --out was on the command line (an empty value is refused)
  bool free_gear = false;
  bool as_json = false;
};
int build(const BuildOptions& options);

/// `rulekeeper game new` (docs/format/game.md).
struct GameNewOptions {
  std::string ruleset, out;
  std::vector<std::string> characters;
  bool out_given = false;
};
int game_new(const GameNewOptions& options);

/// `rulekeeper apply` (docs/format/commands.md, docs/format/game.md).
struct ApplyOptions {
  std::string ruleset, game, reply, out;
  std::uint64_t seed = 1;  ///< the dice's default seed, as `build --seed`
  bool out_given = false;
  bool as_json = false;
};
int apply(const ApplyOptions& options);

}  // namespace rk::cli
