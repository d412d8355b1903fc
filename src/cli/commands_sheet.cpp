// `check`, `sheet` and `new`.
#include <boost/json/serialize.hpp>

#include "cli/shell.hpp"
#include "format/limits.hpp"
#include "format/lint.hpp"
#include "json/file.hpp"
#include "json/write.hpp"
#include "sheet/evaluate.hpp"
#include "sheet/view_json.hpp"
#include "sheet/view_text.hpp"

namespace rk::cli {

namespace bj = boost::json;

int check(const std::string& path, bool as_json) {
  LoadResult r = load_ruleset(path);
  // An author sees every error at once: a package's separate catalog files are read now too,
  // though a front end reads each only when it is first asked for (CA-24).
  if (r.ok() && r.manifest) {
    Requirement requirement = r.ruleset->requirement;
    r.diagnostics.append(check_catalog_assets(*r.ruleset, *r.manifest, package_folder(path), &requirement));
    r.requires_version = requirement.version();  // what the separate files use counts too
    if (const GateUse* use = requirement.deciding()) r.requires_feature = std::string(gate_info(use->gate).feature);
  }
  const bool ok = r.ok() && !r.diagnostics.has_errors();
  if (ok) lint_loaded(r, package_folder(path));  // warnings only: the exit code stays as it is
  if (as_json) {
    bj::object o;
    o["ok"] = ok;
    if (r.requires_version) o["requires"] = *r.requires_version;
    if (r.requires_feature) o["requiresFeature"] = *r.requires_feature;
    add_diagnostics_json(o, r.diagnostics, true);
    print_json(o);
  } else {
    print_text(r.diagnostics, ok ? std::cout : std::cerr, r.sources);
    if (ok) {
      say(std::cout, fmt::format("ok: {} ({}) is valid; it needs Capability API {}{}\n", r.ruleset->label,
                                 r.ruleset->id, r.requires_version.value_or("1.0"),
                                 r.requires_feature ? fmt::format(" for {}", *r.requires_feature) : std::string()));
    } else {
      say(std::cerr, fmt::format("refused: {} error(s)\n", r.diagnostics.error_count()));
    }
  }
  if (r.io_failure) return kExitUsage;
  return ok ? kExitOk : kExitRefused;
}

std::filesystem::path package_folder(const std::string& ruleset_path) {
  std::error_code ec;
  return std::filesystem::is_directory(ruleset_path, ec) ? std::filesystem::path(ruleset_path)
                                                         : std::filesystem::path();
}

std::optional<Character> read_character_or_report(const Ruleset& ruleset, const std::string& path, bool as_json,
                                                  int& exit_code) {
  // Only a regular file, bounded: a FIFO or /dev/zero is refused instead of read forever.
  json::FileRead read = json::read_named_file(path, limits::kCharacterBytes);
  if (!read.ok()) {
    if (read.problem == json::FileProblem::TooLarge) {
      Diagnostics d;
      d.error(Code::FileTooLarge, "", "{} is {} bytes; the limit is {} bytes", path, read.size,
              limits::kCharacterBytes);
      d.items().back().file = path;
      print_refusal(d, as_json);
      exit_code = kExitRefused;
    } else {
      exit_code = io_failure(as_json, path, fmt::format("cannot read {}: {}", path, read.reason));
    }
    return std::nullopt;
  }
  const std::string text = std::move(*read.text);
  Diagnostics diagnostics;
  auto character = parse_character(ruleset, text, path, diagnostics);
  if (!character) {
    print_refusal(diagnostics, as_json, {{path, text}});
    exit_code = kExitRefused;
  }
  return character;
}

std::shared_ptr<const Ruleset> load_or_report(const std::string& path, bool as_json, int& exit_code) {
  LoadResult r = load_ruleset(path);
  if (r.ok()) return r.ruleset;
  print_refusal(r.diagnostics, as_json, r.sources);
  if (!as_json) std::cerr << "the ruleset is refused; run `rulekeeper check` for details\n";
  exit_code = r.io_failure ? kExitUsage : kExitRefused;
  return nullptr;
}

int sheet(const std::string& ruleset_path, const std::string& character_path, bool as_json,
          const std::string& explain) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(ruleset_path, as_json, exit_code);
  if (!ruleset) return exit_code;
  auto character = read_character_or_report(*ruleset, character_path, as_json, exit_code);
  if (!character) return exit_code;
  const SheetView view = evaluate(*ruleset, *character);
  if (!explain.empty()) {
    auto lines = view.explain(explain);
    if (!lines) {
      say(std::cerr,
          fmt::format("no computed value `{}` (try ability:ID, skill:ID, save:ID, derived:ID, pool:ID, track:ID)\n",
                      explain));
      return kExitRefused;
    }
    for (const auto& line : *lines) say(std::cout, line + "\n");
    return kExitOk;
  }
  if (as_json) {
    print_json(sheet_to_json(*ruleset, view));
    return kExitOk;
  }
  say(std::cout, sheet_to_text(*ruleset, view));
  print_text(view.warnings, std::cerr);
  return kExitOk;
}

int new_character(const std::string& ruleset_path) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(ruleset_path, false, exit_code);
  if (!ruleset) return exit_code;
  print_json(character_to_json(blank_character(*ruleset)));
  return kExitOk;
}

}  // namespace rk::cli
