#pragma once
// Loading and compiling a ruleset: a single `ruleset.json`, or a package folder with
// `manifest.json` beside it. The result is either an immutable Ruleset, or every error found.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"
#include "json/document.hpp"

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

/// Reads a ruleset document into the model and resolves every reference (phases 1 and 2).
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
