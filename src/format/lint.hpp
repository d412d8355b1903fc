#pragma once
// The author linter (issue 11 point 4, docs/format/lint.md): wiring that compiles but can never
// work — a builder filter that matches no entry, an entry no step offers, a catalog nothing
// reaches, a name written into an enum field that has no such value, a condition that never holds.
// It reads a ruleset that compiled without errors and only warns: `rulekeeper check` keeps its exit
// code. Every warning names the offending entry or step and points at the exact spot.
#include <filesystem>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "format/filter_match.hpp"
#include "format/model.hpp"

namespace rk {

struct LoadResult;

/// What the linter reads: the compiled ruleset and, per catalog, its entries and their file.
struct LintInput {
  const Ruleset& ruleset;
  /// Per catalog, in `ruleset.catalogs` order: its entries, or nullptr when they cannot be known
  /// here (a catalog borrowed from another ruleset, a separate file not read). A check that needs
  /// entries it cannot see is skipped, never guessed.
  std::vector<const std::vector<CatalogEntry>*> entries;
  /// Per catalog: the file its entries are written in ("" for the ruleset's own file).
  std::vector<std::string> files;

  /// Whether every catalog's entries are known.
  bool all_known() const;
  /// The entries of the catalog at `index`, or nullptr.
  const std::vector<CatalogEntry>* entries_of(std::size_t index) const {
    return index < entries.size() ? entries[index] : nullptr;
  }
};

/// Every warning of the linter. Pointers are into the catalog's file for what its entries write
/// (`Diagnostic::file` is set then), into the ruleset otherwise.
Diagnostics lint_ruleset(const LintInput& input);

/// `rulekeeper check`'s hook: lints a ruleset that loaded without errors, reading a package's
/// separate catalog files from `package_folder`, and appends the warnings to `loaded.diagnostics`
/// with their lines and columns (the files read join `loaded.sources`).
void lint_loaded(LoadResult& loaded, const std::filesystem::path& package_folder);

namespace detail {

/// Adds one warning written in `file` ("" for the ruleset's own).
void lint_warning(Diagnostics& out, const std::string& file, Code code, std::string pointer, std::string message);

// The linter's passes, one responsibility each (lint_*.cpp).
/// `filter-matches-nothing` and `names-no-entry`: values that select no entry.
void lint_filter_values(const LintInput& input, Diagnostics& out);
/// `entry-never-offered` and `catalog-unreached`.
void lint_reach(const LintInput& input, Diagnostics& out);
/// `enum-value-unknown`: a step's `field` or `stamp` writing a name an enum does not have.
void lint_enum_writes(const LintInput& input, Diagnostics& out);
/// `condition-never-holds`.
void lint_conditions(const LintInput& input, Diagnostics& out);

// What several passes share. The matching rules themselves are the builder's (format/filter_match.hpp).
/// Whether `entry` passes every fixed filter of `step`.
bool lint_passes_step_filters(const BuilderStep& step, const CatalogEntry& entry);
/// The ids of the entries the catalog step at `step_index` can ever offer, ignoring `within`
/// parents and run-time conditions; nothing when its catalog's entries are unknown.
std::optional<std::vector<std::string>> lint_step_offerable_ids(const LintInput& input, std::size_t step_index);

}  // namespace detail

}  // namespace rk
