// Separate catalog files (CA-24, CA-91 – CA-101): read the first time they are asked for, and all
// at once by `rulekeeper check`.
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/read_catalog_ref.hpp"
#include "format/ruleset.hpp"
#include "json/file.hpp"

namespace rk {

CatalogAssetLoad read_catalog_asset(const Ruleset& ruleset, const Catalog& catalog, std::string text) {
  CatalogAssetLoad out;
  const std::string file = catalog.asset.empty() ? "catalogs/" + catalog.id + ".json" : catalog.asset;
  auto doc = json::parse(file, std::move(text), {limits::kCatalogFileBytes, limits::kJsonDepth}, out.diagnostics);
  if (!doc) return out;
  strip_annotations(doc->mutable_root());
  ObjectReader r(doc->root(), "", fmt::format("catalog file `{}`", file), out.diagnostics);
  if (r.ok()) {
    if (auto version = r.number("schemaVersion", true, true); version && *version != Number::of(1)) {
      r.error(Code::BadValue, "schemaVersion", "a catalog file has `schemaVersion` 1 (CA-93), found {}",
              version->to_string());
    }
    if (auto id = r.id("catalog", true); id && *id != catalog.id) {
      r.error(Code::BadValue, "catalog", "the file belongs to catalog `{}`, not `{}` (CA-93)", *id, catalog.id);
    }
    if (const bj::array* entries = r.array("entries", true)) {
      // The reader resolves the `scaled` Refs of entries against the sheet; it never changes the
      // ruleset itself, which stays immutable and shared.
      Ruleset& sheet_owner = const_cast<Ruleset&>(ruleset);
      Catalog copy = catalog;
      copy.entries.clear();
      copy.entry_index.clear();
      detail::ReadContext cx{out.diagnostics, out.requirement};
      detail::read_catalog_entries(*entries, r.at("entries"), sheet_owner, copy, cx);
      detail::check_builder_entries(ruleset, copy, copy.entries, out.diagnostics);
      detail::check_cross_catalog_names(ruleset, copy, copy.entries, out.diagnostics);
      out.entries = std::move(copy.entries);
      out.entry_index = std::move(copy.entry_index);
    }
  }
  r.finish();
  doc->locate(out.diagnostics);
  // Positions in offset order, found in one pass over the text however many entries use a gate.
  std::vector<std::string_view> pointers;
  for (const auto& use : out.requirement.uses) pointers.push_back(use.pointer);
  const std::vector<std::int64_t> offsets = doc->offsets_of(pointers);
  std::vector<std::pair<std::int64_t, const std::string*>> uses;
  for (std::size_t i = 0; i < offsets.size(); ++i) uses.emplace_back(offsets[i], &out.requirement.uses[i].pointer);
  std::sort(uses.begin(), uses.end());
  json::LineColumnSweep sweep(doc->text());
  for (const auto& [offset, pointer] : uses) {
    auto [line, column] = sweep.at(static_cast<std::size_t>(std::max<std::int64_t>(offset, 0)));
    out.use_positions[*pointer] = {offset, line, column};
  }
  return out;
}

CatalogAssetLoad read_catalog_entries_json(const Ruleset& ruleset, const Catalog& catalog, const bj::array& entries,
                                           const std::string& pointer) {
  CatalogAssetLoad out;
  Ruleset& sheet_owner = const_cast<Ruleset&>(ruleset);  // only the entries' own Refs are resolved
  Catalog copy = catalog;
  copy.entries.clear();
  copy.entry_index.clear();
  detail::ReadContext cx{out.diagnostics, out.requirement};
  detail::read_catalog_entries(entries, pointer, sheet_owner, copy, cx);
  out.entries = std::move(copy.entries);
  out.entry_index = std::move(copy.entry_index);
  return out;
}

CatalogAssetLoad load_catalog_asset(const Ruleset& ruleset, const Catalog& catalog,
                                    const std::filesystem::path& folder) {
  CatalogAssetLoad out;
  json::FileRead read = json::read_contained_file(folder, catalog.asset, limits::kCatalogFileBytes);
  if (!read.ok()) {
    if (read.problem == json::FileProblem::TooLarge) {
      out.diagnostics.error(Code::FileTooLarge, "", "{} is {} bytes; a catalog file is at most {} bytes (CA-99)",
                            catalog.asset, read.size, limits::kCatalogFileBytes);
    } else if (read.problem == json::FileProblem::OutsideFolder) {
      out.diagnostics.error(Code::BadAssetPath, "",
                            "catalog `{}`: {} is not read: {}; a package reads only files inside its own folder",
                            catalog.id, catalog.asset, read.reason);
    } else {
      out.diagnostics.error(Code::AssetMissing, "", "catalog `{}`: cannot read {}: {}", catalog.id, catalog.asset,
                            read.reason);
    }
    out.diagnostics.items().back().file = catalog.asset;
    return out;
  }
  return read_catalog_asset(ruleset, catalog, std::move(*read.text));
}

Diagnostics check_catalog_assets(const Ruleset& ruleset, const Manifest& manifest, const std::filesystem::path& folder,
                                 Requirement* requirement) {
  Diagnostics out;
  for (const Catalog& catalog : ruleset.catalogs) {
    if (catalog.asset.empty()) continue;
    if (std::find(manifest.asset_paths.begin(), manifest.asset_paths.end(), catalog.asset) ==
        manifest.asset_paths.end()) {
      continue;  // already refused as asset-not-listed
    }
    CatalogAssetLoad load = load_catalog_asset(ruleset, catalog, folder);
    out.append(load.diagnostics);
    std::set<Gate> reported;
    for (const auto& use : load.requirement.uses) {
      if (requirement != nullptr) requirement->use(use.gate, catalog.asset + "#" + use.pointer);
      const GateInfo& info = gate_info(use.gate);
      if (info.minor > manifest.capability_minor && reported.insert(use.gate).second) {
        out.error(Code::CapabilityTooLow, use.pointer, "{} needs Capability API 1.{} ({}); the manifest declares 1.{}",
                  info.feature, info.minor, info.requirement, manifest.capability_minor);
        Diagnostic& d = out.items().back();
        d.file = catalog.asset;
        if (auto at = load.use_positions.find(use.pointer); at != load.use_positions.end()) {
          std::tie(d.offset, d.line, d.column) = at->second;
        }
      }
    }
  }
  return out;
}

}  // namespace rk
