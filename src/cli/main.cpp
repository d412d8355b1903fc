// The `rulekeeper` command: a thin shell over the library (DESIGN "Shells"). Exit codes: 0 success,
// 1 refused or invalid input, 2 usage or I/O error.
#include <charconv>
#include <exception>
#include <new>

#include <CLI/CLI.hpp>

#include "cli/shell.hpp"
#include "diag/assert.hpp"

using namespace rk::cli;

namespace {

// A seed is a decimal integer 0 – 2^64−1 written with digits only: no sign, no base prefix, no
// exponent, no spaces, so one spelling means one sequence of rolls.
std::optional<std::uint64_t> parse_seed(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  std::uint64_t seed = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return seed;
}

int run(int argc, char** argv) {
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
  catalog_cmd->add_option("--character", picker_options.character,
                          "mark entries this character has; open on startFrom");
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
  build_cmd->add_option("--actions", build_options.actions,
                        "a JSON file: one action or an array of actions, applied in order");
  std::string seed;
  auto* seed_option = build_cmd->add_option(
      "--seed", seed,
      "seed of the engine's dice for `roll` actions: a decimal integer 0 - 18446744073709551615 (default 1)");
  auto* out_option = build_cmd->add_option("--out", build_options.out,
                                           "also write the resulting character document to this file (replaced whole)");
  build_cmd->add_flag("--free-gear", build_options.free_gear, "starting gear in free-edit mode (BA-61)");
  build_cmd->add_flag("--json", build_options.as_json, "print one JSON object: character, steps, preview, sheet");
  build_cmd->add_option("--rulesets", build_options.installed, "folder of installed rulesets (for borrowed catalogs)");
  GameNewOptions game_new_options;
  auto* game_cmd = app.add_subcommand("game", "make and manage game documents");
  game_cmd->require_subcommand(1);
  auto* game_new_cmd = game_cmd->add_subcommand("new", "make a game from character documents; prints the game");
  game_new_cmd->add_option("RULESET", game_new_options.ruleset, "ruleset.json or package folder")->required();
  game_new_cmd
      ->add_option("CHARACTER", game_new_options.characters,
                   "character documents (JSON); the first is the player's character")
      ->required();
  auto* game_out_option =
      game_new_cmd->add_option("--out", game_new_options.out, "write the game to this file instead (replaced whole)");

  ApplyOptions apply_options;
  auto* apply_cmd = app.add_subcommand("apply", "apply a Game Master's reply to a game; prints the rewritten reply");
  apply_cmd->add_option("RULESET", apply_options.ruleset, "ruleset.json or package folder")->required();
  apply_cmd->add_option("GAME", apply_options.game, "game document (JSON)")->required();
  apply_cmd->add_option("REPLY", apply_options.reply, "the reply, a UTF-8 text file")->required();
  std::string apply_seed;
  auto* apply_seed_option = apply_cmd->add_option(
      "--seed", apply_seed, "seed of the dice: a decimal integer 0 - 18446744073709551615 (default 1)");
  auto* apply_out_option =
      apply_cmd->add_option("--out", apply_options.out, "write the game after the reply to this file (replaced whole)");
  apply_cmd->add_flag("--json", apply_options.as_json, "print one JSON object: reply, receipts, game");
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
  if (*build_cmd) {
    if (seed_option->count() > 0) {
      const auto parsed = parse_seed(seed);
      if (!parsed) {
        say(std::cerr,
            fmt::format("--seed takes a decimal integer from 0 to 18446744073709551615, found \"{}\"\n", seed));
        return kExitUsage;
      }
      build_options.seed = *parsed;
    }
    build_options.out_given = out_option->count() > 0;
    if (build_options.out_given && build_options.out.empty()) {
      std::cerr << "--out takes the path of the file to write; it was given empty\n";
      return kExitUsage;
    }
    return build(build_options);
  }
  if (*game_new_cmd) {
    game_new_options.out_given = game_out_option->count() > 0;
    if (game_new_options.out_given && game_new_options.out.empty()) {
      std::cerr << "--out takes the path of the file to write; it was given empty\n";
      return kExitUsage;
    }
    return game_new(game_new_options);
  }
  if (*apply_cmd) {
    if (apply_seed_option->count() > 0) {
      const auto parsed = parse_seed(apply_seed);
      if (!parsed) {
        say(std::cerr,
            fmt::format("--seed takes a decimal integer from 0 to 18446744073709551615, found \"{}\"\n", apply_seed));
        return kExitUsage;
      }
      apply_options.seed = *parsed;
    }
    apply_options.out_given = apply_out_option->count() > 0;
    if (apply_options.out_given && apply_options.out.empty()) {
      std::cerr << "--out takes the path of the file to write; it was given empty\n";
      return kExitUsage;
    }
    return rk::cli::apply(apply_options);
  }
  if (*pick_cmd) return pick(path, character, mark, list, installed);
  if (*review_cmd) return review(path, character, apply, as_json, installed);
  return kExitUsage;
}

}  // namespace

// The edge of the program: nothing below may end it with std::terminate. Input problems are
// diagnostics long before this; what arrives here is a failure of the system (memory) or a broken
// invariant of the engine, reported as an I/O-class failure (exit 2) with what is known.
int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory\n";
  } catch (const rk::InvariantBroken& e) {
    say(std::cerr, fmt::format("error: {} (a bug in rulekeeper; please report it with the input)\n", e.what()));
  } catch (const std::exception& e) {
    say(std::cerr, fmt::format("error: {}\n", e.what()));
  } catch (...) {
    std::cerr << "error: an unexpected failure\n";
  }
  return kExitUsage;
}
