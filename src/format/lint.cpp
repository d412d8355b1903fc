// The author linter's entry points: what it reads, and how its warnings reach `rulekeeper check`
// with their lines and columns (lint.hpp).
#include "format/lint.hpp"

#include <algorithm>
#include <memory>

#include "format/limits.hpp"
#include "format/ruleset.hpp"
#include "json/document.hpp"
#include "json/file.hpp"

namespace rk {

bool LintInput::all_known() const {
  return entries.size() == ruleset.catalogs.size() &&
         std::all_of(entries.begin(), entries.end(), [](const auto* e) { return e != nullptr; });
}

Diagnostics lint_ruleset(const LintInput& input) {
  Diagnostics out;
  detail::lint_filter_values(input, out);
  detail::lint_reach(input, out);
  detail::lint_enum_writes(input, out);
  detail::lint_conditions(input, out);
  return out;
}

namespace {

/// Finds each warning's line and column in the text of its file; a file is parsed again only
/// when a warning points into it.
void place(Diagnostics& warnings, const std::string& file, const std::string& text, std::size_t max_bytes) {
  const bool wanted = std::any_of(warnings.items().begin(), warnings.items().end(),
                                  [&](const Diagnostic& d) { return d.file == file && d.line == 0; });
  if (!wanted) return;
  Diagnostics ignored;  // the text parsed once already, when it was loaded
  auto doc = json::parse(file, text, {max_bytes, limits::kJsonDepth}, ignored);
  if (doc) doc->locate(warnings);
}

}  // namespace

void lint_loaded(LoadResult& loaded, const std::filesystem::path& package_folder) {
  if (!loaded.ok()) return;
  const Ruleset& ruleset = *loaded.ruleset;
  // The ruleset's own file: a package's ruleset.json, or the one file a single-file ruleset is.
  std::string ruleset_file = "ruleset.json";
  if (!loaded.manifest && loaded.sources.size() == 1) ruleset_file = loaded.sources.begin()->first;
  const std::size_t ruleset_bytes = loaded.manifest ? limits::kPackageRulesetBytes : limits::kSingleFileRulesetBytes;

  LintInput input{ruleset, {}, {}};
  std::vector<std::unique_ptr<std::vector<CatalogEntry>>> read;  // what separate files hold
  for (const Catalog& catalog : ruleset.catalogs) {
    const std::vector<CatalogEntry>* entries = nullptr;
    std::string file;
    if (catalog.from) {
      // Borrowed (BB-153): its entries are another ruleset's; what depends on them is not linted.
    } else if (catalog.asset.empty()) {
      entries = &catalog.entries;
    } else if (!package_folder.empty()) {
      json::FileRead text = json::read_contained_file(package_folder, catalog.asset, limits::kCatalogFileBytes);
      if (text.ok()) {
        CatalogAssetLoad load = read_catalog_asset(ruleset, catalog, *text.text);
        if (load.ok()) {
          read.push_back(std::make_unique<std::vector<CatalogEntry>>(std::move(load.entries)));
          entries = read.back().get();
          file = catalog.asset;
          loaded.sources[catalog.asset] = std::move(*text.text);
        }
      }
    }
    input.entries.push_back(entries);
    input.files.push_back(file);
  }
  Diagnostics warnings = lint_ruleset(input);
  for (Diagnostic& d : warnings.items()) {
    if (d.file.empty()) d.file = ruleset_file;
  }
  if (auto text = loaded.sources.find(ruleset_file); text != loaded.sources.end()) {
    place(warnings, ruleset_file, text->second, ruleset_bytes);
  }
  for (const std::string& file : input.files) {
    if (file.empty()) continue;
    place(warnings, file, loaded.sources[file], limits::kCatalogFileBytes);
  }
  loaded.diagnostics.append(warnings);
}

namespace detail {

void lint_warning(Diagnostics& out, const std::string& file, Code code, std::string pointer, std::string message) {
  Diagnostic d;
  d.code = code;
  d.severity = Severity::Warning;
  d.pointer = std::move(pointer);
  d.message = std::move(message);
  d.file = file;
  out.add(std::move(d));
}

bool lint_passes_step_filters(const BuilderStep& step, const CatalogEntry& entry) {
  return std::all_of(step.filters.begin(), step.filters.end(), [&](const auto& filter) {
    auto has = entry.filters.find(filter.first);
    return has != entry.filters.end() && step_filter_holds(filter.second, has->second);
  });
}

std::optional<std::vector<std::string>> lint_step_offerable_ids(const LintInput& input, std::size_t step_index) {
  const BuilderStep& step = input.ruleset.sheet.builder->steps[step_index];
  const std::vector<CatalogEntry>* entries = input.entries_of(step.catalog_index);
  if (entries == nullptr) return std::nullopt;
  std::vector<std::string> ids;
  for (const CatalogEntry& e : *entries) {
    if (lint_passes_step_filters(step, e)) ids.push_back(e.id);
  }
  return ids;
}

}  // namespace detail

}  // namespace rk
