#pragma once
// Loading and compiling a ruleset: a single `ruleset.json`, or a package folder with
// `manifest.json` beside it. The result is either an immutable Ruleset, or every error found.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"
#include "json/document.hpp"

#include <boost/json/array.hpp>

namespace rk {

struct Manifest {
  std::int64_t schema_version = 1;
  std::int64_t capability_minor = 0;
  std::vector<std::string> asset_paths;
};

struct LoadResult {
  /// Set when the ruleset has no errors; shared and never changed again.
  std::shared_ptr<const Ruleset> ruleset;
  Diagnostics diagnostics;
  /// The Capability API version the content needs ("1.NN"), whenever the file parsed.
  std::optional<std::string> requires_version;
  /// The feature that sets `requires_version`, when any gated feature is used.
  std::optional<std::string> requires_feature;
  std::optional<Manifest> manifest;
  /// True when the failure was reading the file system (CLI exit 2), not the content.
  bool io_failure = false;
  /// The texts read, by file name, so a shell can show the line a diagnostic points at.
  std::map<std::string, std::string> sources;

  bool ok() const { return ruleset != nullptr; }
};

/// Compiles a ruleset document into the model: reads it and resolves every reference, in the
/// passes read_ruleset.cpp lists.
/// The returned ruleset is meaningful only when no error was added.
Ruleset read_ruleset(const json::Document& document, Diagnostics& diagnostics);

/// Loads `path`: a `ruleset.json` file (validated by content; no declaration needed) or a
/// package folder (its manifest must declare what the content needs).
LoadResult load_ruleset(const std::filesystem::path& path);

/// Loads a single-file ruleset from text (what a front end uploads, and what tests use).
LoadResult load_ruleset_text(std::string text, std::string file_name = "ruleset.json");

/// Loads a package from a manifest text and a ruleset text (tests and in-memory front ends).
LoadResult load_package_texts(std::string manifest_text, std::string ruleset_text,
                              const std::filesystem::path& folder = {});

}  // namespace rk

namespace rk {

/// The entries of one separate catalog file (CA-24), read against the ruleset's sheet.
struct CatalogAssetLoad {
  std::vector<CatalogEntry> entries;
  std::unordered_map<std::string, std::size_t> entry_index;
  Diagnostics diagnostics;  ///< with file "catalogs/<id>.json" and line/column
  Requirement requirement;  ///< gated features its entries use (e.g. `scaled`, 1.23)
  /// Where each of those uses is in the file: pointer -> {offset, line, column}.
  std::map<std::string, std::tuple<std::int64_t, int, int>> use_positions;
  bool ok() const { return !diagnostics.has_errors(); }
};

/// Reads `catalogs/<id>.json` of `catalog` from the package folder: `{ "schemaVersion": 1,
/// "catalog": id, "entries": [...] }` (CA-93), at most limits::kCatalogFileBytes.
CatalogAssetLoad load_catalog_asset(const Ruleset& ruleset, const Catalog& catalog,
                                    const std::filesystem::path& folder);
/// The same from text already read (tests and in-memory front ends).
CatalogAssetLoad read_catalog_asset(const Ruleset& ruleset, const Catalog& catalog, std::string text);

/// Reads entries given as JSON against the ruleset's sheet, as if they were `catalog`'s own
/// (borrowed entries, BB-155). Pointers are relative to `pointer`.
CatalogAssetLoad read_catalog_entries_json(const Ruleset& ruleset, const Catalog& catalog,
                                           const boost::json::array& entries, const std::string& pointer);

/// What `rulekeeper check` adds for a package: every separate catalog file read and checked now,
/// so an author sees all errors at once, and their gated features held against the manifest.
/// When `requirement` is given, the gated features of the files are added to it.
Diagnostics check_catalog_assets(const Ruleset& ruleset, const Manifest& manifest, const std::filesystem::path& folder,
                                 Requirement* requirement = nullptr);

}  // namespace rk
