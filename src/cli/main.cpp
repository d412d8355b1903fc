// The `rulekeeper` command: a thin shell over the library (DESIGN "Shells"). Exit codes: 0 success,
// 1 refused or invalid input, 2 usage or I/O error.
#include <CLI/CLI.hpp>

#include "cli/shell.hpp"

using namespace rk::cli;

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

  CatalogOptions picker_options;
  auto* catalog_cmd = app.add_subcommand("catalog", "list the entries of a catalog (the picker)");
  catalog_cmd->add_option("RULESET", picker_options.ruleset, "ruleset.json or package folder")->required();
  catalog_cmd->add_option("CATALOG", picker_options.catalog, "catalog id")->required();
  catalog_cmd->add_option("--list", picker_options.list, "only entries that write into this sheet list");
  catalog_cmd->add_option("--filter", picker_options.filters, "ID=VALUE: only entries whose filter matches");
  catalog_cmd->add_option("--character", picker_options.character, "mark entries this character has; open on startFrom");
  catalog_cmd->add_flag("--json", picker_options.as_json, "print one JSON object");
  std::string installed;
  catalog_cmd->add_option("--rulesets", installed, "folder of installed rulesets (for borrowed catalogs)");

  std::string mark, list;
  auto* pick_cmd = app.add_subcommand("pick", "pick a catalog entry into a character; prints the new character");
  pick_cmd->add_option("RULESET", path, "ruleset.json or package folder")->required();
  pick_cmd->add_option("CHARACTER", character, "character document (JSON)")->required();
  pick_cmd->add_option("ENTRY", mark, "CATALOG/ENTRY")->required();
  pick_cmd->add_option("--list", list, "the list it is picked from");
  pick_cmd->add_option("--rulesets", installed, "folder of installed rulesets (for borrowed catalogs)");

  std::vector<std::string> apply;
  auto* review_cmd = app.add_subcommand("review", "rows whose catalog entry has new text; --apply updates them");
  review_cmd->add_option("RULESET", path, "ruleset.json or package folder")->required();
  review_cmd->add_option("CHARACTER", character, "character document (JSON)")->required();
  review_cmd->add_option("--apply", apply, "LIST/ROW or LIST/ROW/COLUMN to update; prints the new character");
  review_cmd->add_flag("--json", as_json, "print one JSON object");
  review_cmd->add_option("--rulesets", installed, "folder of installed rulesets (for borrowed catalogs)");
  BuildOptions build_options;
  auto* build_cmd = app.add_subcommand("build", "open the guided builder on a character and apply actions");
  build_cmd->add_option("RULESET", build_options.ruleset, "ruleset.json or package folder")->required();
  build_cmd->add_option("CHARACTER", build_options.character, "character document (JSON)")->required();
  build_cmd->add_option("--actions", build_options.actions, "a JSON file: one action or an array of actions, applied in order");
  build_cmd->add_option("--seed", build_options.seed, "seed of the engine's dice for `roll` actions (default 1)");
  build_cmd->add_option("--out", build_options.out, "also write the resulting character document to this file");
  build_cmd->add_flag("--free-gear", build_options.free_gear, "starting gear in free-edit mode (BA-61)");
  build_cmd->add_flag("--json", build_options.as_json, "print one JSON object: character, steps, preview, sheet");
  build_cmd->add_option("--rulesets", build_options.installed, "folder of installed rulesets (for borrowed catalogs)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  if (*check_cmd) return check(path, as_json);
  if (*sheet_cmd) return sheet(path, character, as_json, explain);
  if (*new_cmd) return new_character(path);
  if (*catalog_cmd) {
    picker_options.installed = installed;
    return catalog(picker_options);
  }
  if (*build_cmd) return build(build_options);
  if (*pick_cmd) return pick(path, character, mark, list, installed);
  if (*review_cmd) return review(path, character, apply, as_json, installed);
  return kExitUsage;
}
