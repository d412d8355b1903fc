// Loading: files, the package manifest, and the Capability API check of a package.
#include <set>

#include "format/limits.hpp"
#include "format/reader.hpp"
#include "format/ruleset.hpp"
#include "json/file.hpp"

namespace rk {

namespace fs = std::filesystem;

namespace {

// Turns a failed read into the diagnostic a user sees: a file that cannot be read is an I/O
// failure (exit 2), one over its limit or leading out of its package is refused (exit 1).
std::optional<std::string> take_read(json::FileRead read, std::size_t limit, const std::string& shown,
                                     LoadResult& out) {
  if (read.ok()) return std::move(read.text);
  switch (read.problem) {
    case json::FileProblem::TooLarge:
      out.diagnostics.error(Code::FileTooLarge, "", "{} is {} bytes; the limit is {} bytes", shown, read.size, limit);
      break;
    case json::FileProblem::OutsideFolder:
      out.diagnostics.error(Code::BadAssetPath, "",
                            "{} is not read: {}; a package reads only files inside its own folder", shown, read.reason);
      break;
    default:
      out.diagnostics.error(Code::IoError, "", "cannot read {}: {}", shown, read.reason);
      out.io_failure = true;
  }
  out.diagnostics.items().back().file = shown;
  return std::nullopt;
}

void finish(LoadResult& out, Ruleset&& ruleset, const json::Document& document) {
  out.requires_version = ruleset.requirement.version();
  if (const GateUse* use = ruleset.requirement.deciding())
    out.requires_feature = std::string(gate_info(use->gate).feature);
  document.locate(out.diagnostics);
  if (!out.diagnostics.has_errors()) out.ruleset = std::make_shared<const Ruleset>(std::move(ruleset));
}

bool safe_relative_path(const std::string& p) {
  if (p.empty() || p.front() == '/' || p.find('\\') != std::string::npos || p.find(':') != std::string::npos)
    return false;
  for (const auto& part : fs::path(p)) {
    if (part == ".." || part == ".") return false;
  }
  return true;
}

std::optional<Manifest> read_manifest(const json::Document& document, const fs::path& folder, Diagnostics& d) {
  ObjectReader r(document.root(), "", "manifest", d);
  if (!r.ok()) return std::nullopt;
  Manifest m;
  bool good = true;
  if (auto v = r.number("schemaVersion", true, true)) {
    if (*v < Number::of(limits::kSchemaVersionMin) || *v > Number::of(limits::kSchemaVersionMax)) {
      r.error(Code::BadManifest, "schemaVersion", "`schemaVersion` is 1 or 2, found {}", v->to_string());
      good = false;
    } else {
      m.schema_version = v->whole();
    }
  } else {
    good = false;
  }
  if (r.has("capabilityApi")) {
    ObjectReader c(*r.get("capabilityApi"), r.at("capabilityApi"), "manifest `capabilityApi`", d);
    const auto major = c.number("major", true, true);
    const auto minor = c.number("minor", true, true);
    if (major && *major != Number::of(limits::kCapabilityMajor)) {
      c.error(Code::BadManifest, "major", "this engine implements Capability API major version 1, found {}",
              major->to_string());
      good = false;
    }
    if (minor && *minor < Number::of(0)) {
      c.error(Code::BadManifest, "minor", "`minor` cannot be negative");
      good = false;
    }
    if (!major || !minor) good = false;
    if (minor) m.capability_minor = minor->whole();
  } else {
    r.error(Code::MissingKey, "", "`capabilityApi` is required");
    r.accept("capabilityApi");
    good = false;
  }
  if (r.has("contributions")) {
    ObjectReader c(*r.get("contributions"), r.at("contributions"), "manifest `contributions`", d);
    if (c.has("assets")) {
      ObjectReader a(*c.get("assets"), c.at("assets"), "manifest `contributions.assets`", d);
      if (const auto* paths = a.array("paths", true)) {
        std::set<std::string> seen;
        for (std::size_t i = 0; i < paths->size(); ++i) {
          const auto& p = (*paths)[i];
          const std::string ptr = json::child(a.at("paths"), i);
          if (!p.is_string() || !safe_relative_path(std::string(p.get_string()))) {
            d.error(Code::BadAssetPath, ptr,
                    "manifest: an asset path is a relative path inside the package, without `..`");
            good = false;
            continue;
          }
          std::string path(p.get_string());
          if (!seen.insert(path).second) {
            d.error(Code::DuplicateId, ptr, "manifest: `{}` is listed twice", path);
            continue;
          }
          if (!folder.empty()) {
            std::string reason;
            const json::FileProblem problem = json::check_contained_file(folder, path, reason);
            if (problem == json::FileProblem::OutsideFolder) {
              d.error(Code::BadAssetPath, ptr,
                      "manifest lists `{}`, which leads outside the package folder through a symbolic link; a package "
                      "reads only files inside its own folder",
                      path);
              good = false;
            } else if (problem == json::FileProblem::Missing) {
              d.error(Code::AssetMissing, ptr, "manifest lists `{}`, which is not in the package", path);
              good = false;
            } else if (problem != json::FileProblem::None) {
              d.error(Code::AssetMissing, ptr, "manifest lists `{}`, which cannot be read: {}", path, reason);
              good = false;
            }
          }
          m.asset_paths.push_back(path);
        }
        if (!seen.contains("ruleset.json")) {
          a.error(Code::AssetNotListed, "paths", "`paths` must list `ruleset.json`");
          good = false;
        }
      } else {
        good = false;
      }
      a.finish();
    } else {
      c.error(Code::MissingKey, "", "`assets` is required");
      c.accept("assets");
      good = false;
    }
    // Other contribution kinds (layers, art …) belong to later issues; they pass with a warning.
    if (c.ok()) {
      for (const auto& member : r.get("contributions")->get_object()) {
        if (member.key() == "assets") continue;
        d.warning(Code::IgnoredKey, c.at(member.key()), "manifest: contribution `{}` is not used by this engine yet",
                  member.key());
        c.accept(member.key());
      }
    }
  } else {
    r.error(Code::MissingKey, "", "`contributions` is required");
    r.accept("contributions");
    good = false;
  }
  // Anything else in a manifest (`id`, `label`, `version`, …) is optional and not read.
  if (r.ok()) {
    for (const auto& member : document.root().get_object()) r.accept(member.key());
  }
  if (!good) return std::nullopt;
  return m;
}

/// A package declares what its content needs; each gated feature above the declaration is refused
/// with the feature and the version it needs.
void check_declaration(const Ruleset& ruleset, const Manifest& manifest, Diagnostics& d) {
  std::set<Gate> reported_minor, reported_schema;
  for (const auto& use : ruleset.requirement.uses) {
    const GateInfo& info = gate_info(use.gate);
    if (info.minor > manifest.capability_minor && reported_minor.insert(use.gate).second) {
      d.error(Code::CapabilityTooLow, use.pointer, "{} needs Capability API 1.{} ({}); the manifest declares 1.{}",
              info.feature, info.minor, info.requirement, manifest.capability_minor);
    }
    if (info.schema_version > manifest.schema_version && reported_schema.insert(use.gate).second) {
      d.error(Code::SchemaVersionTooLow, use.pointer,
              "{} needs manifest schemaVersion {} ({}); the manifest declares {}", info.feature, info.schema_version,
              info.requirement, manifest.schema_version);
    }
  }
}

void check_assets_listed(const json::Document& document, const Manifest& manifest, Diagnostics& d) {
  const auto* catalogs = document.root().is_object() ? document.root().get_object().if_contains("catalogs") : nullptr;
  if (catalogs == nullptr || !catalogs->is_array()) return;
  for (std::size_t i = 0; i < catalogs->get_array().size(); ++i) {
    const auto& c = catalogs->get_array()[i];
    const auto* asset = c.is_object() ? c.get_object().if_contains("asset") : nullptr;
    if (asset == nullptr || !asset->is_string()) continue;
    const std::string path(asset->get_string());
    if (std::find(manifest.asset_paths.begin(), manifest.asset_paths.end(), path) == manifest.asset_paths.end()) {
      d.error(Code::AssetNotListed, json::child(json::child(json::child("/catalogs", i), "asset"), ""),
              "catalog asset `{}` is not listed in the manifest's `contributions.assets.paths`", path);
      d.items().back().pointer = json::child(json::child("/catalogs", i), "asset");
    }
  }
}

/// CA-100, CA-101: a package ruleset.json above 256 KB, or a catalog file above 1 MB, needs 1.340.
void record_large_files(Ruleset& ruleset, std::size_t ruleset_bytes, const fs::path& folder) {
  if (ruleset_bytes > limits::kPackageRulesetBytesUngated)
    ruleset.requirement.use(*limits::kPackageRulesetBytesUngated.gate, "");
  if (folder.empty()) return;
  for (const Catalog& catalog : ruleset.catalogs) {
    if (catalog.asset.empty()) continue;
    std::string reason;
    std::uintmax_t size = 0;
    const bool readable = json::check_contained_file(folder, catalog.asset, reason, &size) == json::FileProblem::None;
    if (readable && size > limits::kCatalogFileBytesUngated)
      ruleset.requirement.use(*limits::kCatalogFileBytesUngated.gate, json::child(catalog.pointer, "asset"));
  }
}

/// CA-99: a catalog file is at most 2 MB; its size is known at import without reading it.
void check_asset_sizes(const Ruleset& ruleset, const fs::path& folder, Diagnostics& d) {
  if (folder.empty()) return;
  for (const Catalog& catalog : ruleset.catalogs) {
    if (catalog.asset.empty()) continue;
    std::string reason;
    std::uintmax_t size = 0;
    const bool readable = json::check_contained_file(folder, catalog.asset, reason, &size) == json::FileProblem::None;
    if (readable && size > limits::kCatalogFileBytes) {
      d.error(Code::FileTooLarge, json::child(catalog.pointer, "asset"),
              "catalog `{}`: {} is {} bytes; a catalog file is at most {} (CA-99)", catalog.id, catalog.asset, size,
              limits::kCatalogFileBytes);
    }
  }
}

LoadResult load_package(const std::optional<std::string>& manifest_text, const std::optional<std::string>& ruleset_text,
                        const fs::path& folder, LoadResult out) {
  if (!manifest_text) return out;
  out.sources["manifest.json"] = *manifest_text;
  if (ruleset_text) out.sources["ruleset.json"] = *ruleset_text;
  Diagnostics manifest_diagnostics;
  auto manifest_doc =
      json::parse("manifest.json", *manifest_text, {limits::kManifestBytes, limits::kJsonDepth}, manifest_diagnostics);
  std::optional<Manifest> manifest;
  if (manifest_doc) {
    manifest = read_manifest(*manifest_doc, folder, manifest_diagnostics);
    manifest_doc->locate(manifest_diagnostics);
  }
  out.diagnostics.append(manifest_diagnostics);
  out.manifest = manifest;
  if (!ruleset_text) return out;
  Diagnostics ruleset_diagnostics;
  auto doc = json::parse("ruleset.json", *ruleset_text, {limits::kPackageRulesetBytes, limits::kJsonDepth},
                         ruleset_diagnostics);
  if (!doc) {
    out.diagnostics.append(ruleset_diagnostics);
    return out;
  }
  strip_annotations(doc->mutable_root());
  Ruleset ruleset = read_ruleset(*doc, ruleset_diagnostics);
  record_large_files(ruleset, ruleset_text->size(), folder);
  check_asset_sizes(ruleset, folder, ruleset_diagnostics);
  if (manifest) {
    check_declaration(ruleset, *manifest, ruleset_diagnostics);
    check_assets_listed(*doc, *manifest, ruleset_diagnostics);
  }
  const bool manifest_failed = out.diagnostics.has_errors();
  out.diagnostics.append(ruleset_diagnostics);
  finish(out, std::move(ruleset), *doc);
  if (manifest_failed) out.ruleset.reset();
  return out;
}

}  // namespace

LoadResult load_ruleset_text(std::string text, std::string file_name) {
  LoadResult out;
  out.sources[file_name] = text;
  auto doc = json::parse(std::move(file_name), std::move(text), {limits::kSingleFileRulesetBytes, limits::kJsonDepth},
                         out.diagnostics);
  if (!doc) return out;
  strip_annotations(doc->mutable_root());
  Ruleset ruleset = read_ruleset(*doc, out.diagnostics);
  // CA-94, CA-97: only a package carries separate catalog files; a single file is inline-only.
  for (const Catalog& catalog : ruleset.catalogs) {
    if (catalog.asset.empty()) continue;
    out.diagnostics.error(
        Code::BadAssetPath, json::child(catalog.pointer, "asset"),
        "catalog `{}`: a single-file ruleset carries its catalogs inline; separate files need a package (CA-94, CA-97)",
        catalog.id);
  }
  finish(out, std::move(ruleset), *doc);
  return out;
}

LoadResult load_package_texts(std::string manifest_text, std::string ruleset_text, const fs::path& folder) {
  return load_package(std::move(manifest_text), std::move(ruleset_text), folder, LoadResult{});
}

LoadResult load_ruleset(const fs::path& path) {
  LoadResult out;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    // A package reads only regular files inside its own folder: each is resolved (symlinks
    // followed) and must still lie under the resolved folder.
    json::FileRead manifest = json::read_contained_file(path, "manifest.json", limits::kManifestBytes);
    if (manifest.problem == json::FileProblem::Missing) {
      out.diagnostics.error(Code::ManifestMissing, "", "{} is a folder without manifest.json; a package needs one",
                            path.string());
      return out;
    }
    auto manifest_text = take_read(std::move(manifest), limits::kManifestBytes, "manifest.json", out);
    std::optional<std::string> ruleset_text;
    json::FileRead ruleset = json::read_contained_file(path, "ruleset.json", limits::kPackageRulesetBytes);
    if (ruleset.problem == json::FileProblem::Missing) {
      out.diagnostics.error(Code::AssetMissing, "", "the package has no ruleset.json");
      out.diagnostics.items().back().file = "ruleset.json";
    } else {
      ruleset_text = take_read(std::move(ruleset), limits::kPackageRulesetBytes, "ruleset.json", out);
    }
    return load_package(manifest_text, ruleset_text, path, std::move(out));
  }
  json::FileRead read = json::read_named_file(path, limits::kSingleFileRulesetBytes);
  if (read.problem == json::FileProblem::Missing) {
    out.diagnostics.error(Code::IoError, "", "{} does not exist", path.string());
    out.io_failure = true;
    return out;
  }
  if (read.problem == json::FileProblem::OutsideFolder) {
    // The file named on the command line, not a package's asset: it cannot be read, as a missing
    // one cannot.
    out.diagnostics.error(Code::IoError, "", "cannot read {}: {}", path.string(), read.reason);
    out.io_failure = true;
    return out;
  }
  auto text = take_read(std::move(read), limits::kSingleFileRulesetBytes, path.filename().string(), out);
  if (!text) return out;
  LoadResult loaded = load_ruleset_text(std::move(*text), path.filename().string());
  return loaded;
}

}  // namespace rk
