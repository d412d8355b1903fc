// The `rulekeeper` command: a thin shell over the library (DESIGN "Shells"). Exit codes: 0 success,
// 1 refused or invalid input, 2 usage or I/O error.
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <boost/json/serialize.hpp>

#include "format/ruleset.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"
#include "sheet/view_json.hpp"

namespace {

namespace bj = boost::json;
using namespace rk;

constexpr int kExitOk = 0;
constexpr int kExitRefused = 1;
constexpr int kExitUsage = 2;

/// The source line a diagnostic points at, and a caret under its column ("" when unknown).
std::string source_excerpt(const Diagnostic& d, const std::map<std::string, std::string>& sources) {
  auto it = sources.find(d.file);
  if (it == sources.end() || d.offset < 0 || d.line <= 0) return "";
  const std::string& text = it->second;
  const std::size_t at = std::min<std::size_t>(static_cast<std::size_t>(d.offset), text.size());
  std::size_t begin = text.rfind('\n', at == 0 ? 0 : at - 1);
  begin = (begin == std::string::npos || at == 0) ? 0 : begin + 1;
  std::size_t end = text.find('\n', at);
  if (end == std::string::npos) end = text.size();
  std::string line = text.substr(begin, end - begin);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  constexpr std::size_t kShownColumns = 160;  // long lines are cut so the caret stays readable
  if (line.size() > kShownColumns || static_cast<std::size_t>(d.column) > kShownColumns) return "";
  return fmt::format("  {}\n  {}^\n", line, std::string(static_cast<std::size_t>(d.column - 1), ' '));
}

void print_text(const Diagnostics& diagnostics, std::ostream& out, const std::map<std::string, std::string>& sources = {}) {
  for (const auto& d : diagnostics.items()) {
    std::string where = d.file.empty() ? "" : d.file;
    if (d.line > 0) where += fmt::format(":{}:{}", d.line, d.column);
    out << fmt::format("{}{}{}[{}]: {}", where, where.empty() ? "" : ": ",
                       d.severity == Severity::Error ? "error" : "warning", code_name(d.code), d.message);
    if (!d.pointer.empty()) out << fmt::format(" (at {})", d.pointer);
    out << "\n" << source_excerpt(d, sources);
  }
}

bj::array diagnostics_json(const Diagnostics& diagnostics, Severity severity) {
  bj::array a;
  for (const auto& d : diagnostics.items()) {
    if (d.severity == severity) a.push_back(diagnostic_to_json(d));
  }
  return a;
}

void print_json(const bj::value& v) { std::cout << bj::serialize(v) << "\n"; }

int check(const std::string& path, bool as_json) {
  LoadResult r = load_ruleset(path);
  if (as_json) {
    bj::object o;
    o["ok"] = r.ok();
    if (r.requires_version) o["requires"] = *r.requires_version;
    if (r.requires_feature) o["requiresFeature"] = *r.requires_feature;
    o["errors"] = diagnostics_json(r.diagnostics, Severity::Error);
    o["warnings"] = diagnostics_json(r.diagnostics, Severity::Warning);
    print_json(o);
  } else {
    print_text(r.diagnostics, r.ok() ? std::cout : std::cerr, r.sources);
    if (r.ok()) {
      std::cout << fmt::format("ok: {} ({}) is valid; it needs Capability API {}{}\n", r.ruleset->label, r.ruleset->id,
                               r.requires_version.value_or("1.0"),
                               r.requires_feature ? fmt::format(" for {}", *r.requires_feature) : std::string());
    } else {
      std::cerr << fmt::format("refused: {} error(s)\n", r.diagnostics.error_count());
    }
  }
  if (r.io_failure) return kExitUsage;
  return r.ok() ? kExitOk : kExitRefused;
}

std::shared_ptr<const Ruleset> load_or_report(const std::string& path, bool as_json, int& exit_code) {
  LoadResult r = load_ruleset(path);
  if (r.ok()) return r.ruleset;
  if (as_json) {
    print_json(bj::object{{"ok", false}, {"errors", diagnostics_json(r.diagnostics, Severity::Error)}});
  } else {
    print_text(r.diagnostics, std::cerr, r.sources);
    std::cerr << "the ruleset is refused; run `rulekeeper check` for details\n";
  }
  exit_code = r.io_failure ? kExitUsage : kExitRefused;
  return nullptr;
}

int sheet(const std::string& ruleset_path, const std::string& character_path, bool as_json, const std::string& explain) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(ruleset_path, as_json, exit_code);
  if (!ruleset) return exit_code;
  std::ifstream in(character_path, std::ios::binary);
  if (!in) {
    std::cerr << fmt::format("cannot read {}\n", character_path);
    return kExitUsage;
  }
  std::ostringstream text;
  text << in.rdbuf();
  Diagnostics diagnostics;
  auto character = parse_character(*ruleset, text.str(), character_path, diagnostics);
  if (!character) {
    if (as_json) {
      print_json(bj::object{{"ok", false}, {"errors", diagnostics_json(diagnostics, Severity::Error)}});
    } else {
      print_text(diagnostics, std::cerr, {{character_path, text.str()}});
    }
    return kExitRefused;
  }
  const SheetView view = evaluate(*ruleset, *character);
  if (!explain.empty()) {
    auto lines = view.explain(explain);
    if (!lines) {
      std::cerr << fmt::format("no computed value `{}` (try ability:ID, skill:ID, save:ID, derived:ID, pool:ID, track:ID)\n",
                               explain);
      return kExitRefused;
    }
    for (const auto& line : *lines) std::cout << line << "\n";
    return kExitOk;
  }
  if (as_json) {
    print_json(sheet_to_json(view));
    return kExitOk;
  }
  std::cout << fmt::format("{} — {}\n", view.name.empty() ? "(unnamed)" : view.name, ruleset->label);
  for (const auto& a : ruleset->sheet.abilities) {
    const auto& v = view.abilities.at(a.id);
    std::cout << fmt::format("  {:<24} {:>4}  ({})\n", a.label, v.score.value.to_string(),
                             v.mod.value >= Number() ? "+" + v.mod.value.to_string() : v.mod.value.to_string());
  }
  auto print_checks = [&](const std::vector<Check>& checks, const std::map<Id, CheckView>& views, std::string_view title) {
    if (checks.empty()) return;
    std::cout << title << "\n";
    for (const auto& c : checks) {
      const auto& v = views.at(c.id);
      std::string mod = v.mod ? (*v.mod >= Number() ? "+" + v.mod->to_string() : v.mod->to_string()) : "refused";
      std::cout << fmt::format("  {:<24} {:>8}  {}{}{}\n", c.label, mod, v.tier, v.harder ? ", harder" : "",
                               v.cap && v.mod && *v.mod < v.uncapped ? ", capped" : "");
    }
  };
  print_checks(ruleset->sheet.skills, view.skills, "Skills");
  print_checks(ruleset->sheet.saves, view.saves, "Saves");
  auto is_hidden = [&](const Id& id) { return std::find(view.hidden.begin(), view.hidden.end(), id) != view.hidden.end(); };
  if (!ruleset->sheet.fields.empty()) std::cout << "Fields\n";
  for (const auto& f : ruleset->sheet.fields) {
    if (is_hidden(f.id)) continue;
    std::cout << fmt::format("  {:<24} {}\n", f.label, bj::serialize(scalar_to_json(view.fields.at(f.id))));
  }
  if (!ruleset->sheet.derived.empty()) std::cout << "Derived\n";
  for (const auto& d : ruleset->sheet.derived) {
    if (is_hidden(d.id)) continue;
    std::cout << fmt::format("  {:<24} {}\n", d.label, view.derived.at(d.id).value.to_string());
  }
  const Sheet& sheet = ruleset->sheet;
  if (!sheet.pools.empty() || !sheet.tracks.empty() || !sheet.states.empty()) std::cout << "Live\n";
  for (const auto& p : ruleset->sheet.pools) {
    if (is_hidden(p.id)) continue;
    const auto& v = view.pools.at(p.id);
    std::cout << fmt::format("  {:<24} {}/{}\n", p.label, v.current.to_string(), v.max.to_string());
  }
  for (const auto& t : ruleset->sheet.tracks) {
    if (is_hidden(t.id)) continue;
    const auto& v = view.tracks.at(t.id);
    if (t.wound) {
      std::string boxes;
      for (const auto& l : v.levels) boxes += l.mark ? "[" + *l.mark + "]" : "[ ]";
      std::cout << fmt::format("  {:<24} {} remaining of {}, penalty {}  {}{}\n", t.label, v.value.to_string(),
                               v.max.to_string(), v.penalty.value_or(Number()).to_string(), boxes,
                               v.overflow.empty() ? "" : fmt::format(" +{} overflow", v.overflow.size()));
    } else {
      std::cout << fmt::format("  {:<24} {}/{}\n", t.label, v.value.to_string(), v.max.to_string());
    }
  }
  for (const auto& s : ruleset->sheet.states) std::cout << fmt::format("  {:<24} {}\n", s.label, view.states.at(s.id));
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"rulekeeper: validate Game Mode rulesets and compute character sheets"};
  app.require_subcommand(1);
  std::string path, character, explain;
  bool as_json = false;
  auto* check_cmd = app.add_subcommand("check", "validate a ruleset.json or a package folder");
  check_cmd->add_option("PATH", path, "ruleset.json or package folder")->required();
  check_cmd->add_flag("--json", as_json, "print one JSON object");
  auto* sheet_cmd = app.add_subcommand("sheet", "print a character's computed sheet");
  sheet_cmd->add_option("RULESET", path, "ruleset.json or package folder")->required();
  sheet_cmd->add_option("CHARACTER", character, "character document (JSON)")->required();
  sheet_cmd->add_flag("--json", as_json, "print one JSON object");
  sheet_cmd->add_option("--explain", explain, "explain how one value was computed (ID or kind:ID)");
  auto* new_cmd = app.add_subcommand("new", "print a blank character document");
  new_cmd->add_option("RULESET", path, "ruleset.json or package folder")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  if (*check_cmd) return check(path, as_json);
  if (*sheet_cmd) return sheet(path, character, as_json, explain);
  if (*new_cmd) return new_character(path);
  return kExitUsage;
}
