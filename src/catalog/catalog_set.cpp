#include "catalog/catalog_set.hpp"

#include <algorithm>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "format/catalog_mark.hpp"
#include "format/limits.hpp"
#include "format/reader.hpp"
#include "format/ruleset.hpp"
#include "json/document.hpp"
#include "json/file.hpp"

namespace rk {

namespace fs = std::filesystem;
namespace bj = boost::json;

const CatalogEntry* CatalogEntries::find(std::string_view id) const {
  auto it = index.find(std::string(id));
  return it == index.end() ? nullptr : &entries[it->second];
}

CatalogSet::CatalogSet(std::shared_ptr<const Ruleset> ruleset, fs::path package, fs::path installed)
    : ruleset_(std::move(ruleset)), package_(std::move(package)), installed_(std::move(installed)) {}

const CatalogEntries* CatalogSet::get(std::string_view id) const {
  auto it = ruleset_->catalog_index.find(std::string(id));
  if (it == ruleset_->catalog_index.end()) return nullptr;
  std::lock_guard lock(mutex_);
  auto cached = loaded_.find(id);
  if (cached != loaded_.end()) return cached->second.get();
  auto entries = std::make_unique<CatalogEntries>(load(ruleset_->catalogs[it->second]));
  const CatalogEntries* out = entries.get();
  loaded_.emplace(std::string(id), std::move(entries));
  return out;
}

const CatalogEntry* CatalogSet::entry_for_mark(std::string_view mark, const Catalog** catalog) const {
  const std::optional<CatalogMark> named = CatalogMark::parse(mark);
  if (!named) return nullptr;
  const CatalogEntries* entries = get(named->catalog);
  if (entries == nullptr) return nullptr;
  if (catalog != nullptr) *catalog = entries->header;
  return entries->find(named->entry);
}

CatalogEntries CatalogSet::load(const Catalog& catalog) const {
  if (catalog.from) return load_borrowed(catalog);
  CatalogEntries out;
  out.header = &catalog;
  if (catalog.asset.empty()) {
    out.entries = catalog.entries;
    out.index = catalog.entry_index;
    return out;
  }
  if (package_.empty()) {
    out.errors.error(Code::AssetMissing, catalog.pointer, "catalog `{}` lives in {}, and no package folder was given",
                     catalog.id, catalog.asset);
    return out;
  }
  CatalogAssetLoad asset = load_catalog_asset(*ruleset_, catalog, package_);
  if (!asset.ok()) {
    out.errors = std::move(asset.diagnostics);  // CA-24: the reasons instead of entries
    return out;
  }
  out.entries = std::move(asset.entries);
  out.index = std::move(asset.entry_index);
  return out;
}

namespace {

std::optional<std::string> read_text(const fs::path& path, std::size_t limit) {
  return json::read_named_file(path, limit).text;
}

bool is_folder(const fs::path& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

bool is_package(const fs::path& path) {
  std::error_code ec;
  return is_folder(path) && fs::exists(path / "ruleset.json", ec);
}

/// The entries of a folder, sorted; an unreadable folder or entry is skipped, never thrown.
std::vector<fs::path> sorted_entries(const fs::path& folder) {
  std::vector<fs::path> out;
  std::error_code ec;
  fs::directory_iterator it(folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<std::string> ruleset_id_of(const fs::path& path) {
  const fs::path file = is_folder(path) ? path / "ruleset.json" : path;
  auto text = read_text(file, limits::kSingleFileRulesetBytes);
  if (!text) return std::nullopt;
  boost::system::error_code ec;
  const bj::value v = bj::parse(*text, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const auto* id = v.get_object().if_contains("id");
  if (id == nullptr || !id->is_string()) return std::nullopt;
  return std::string(id->get_string());
}

// BB-157: a borrowed creature uses the lender's ids; `from.sheet` says how they read here. The
// ids a mapping renames are those of the creature's `sheet`, written in the lender's own terms.
void translate_creature(bj::object& creature, const BorrowedFrom& from) {
  auto* sheet_value = creature.if_contains("sheet");
  if (sheet_value == nullptr || !sheet_value->is_object()) return;
  bj::object& sheet = sheet_value->get_object();
  if (auto* fields = sheet.if_contains("fields"); fields != nullptr && fields->is_object()) {
    bj::object renamed;
    for (auto& m : fields->get_object()) {
      std::string key(m.key());
      bj::value value = m.value();
      if (auto mv = from.values.find(key); mv != from.values.end() && value.is_string()) {
        if (auto to = mv->second.find(std::string(value.get_string())); to != mv->second.end())
          value = bj::value(to->second);
      }
      if (auto f = from.fields.find(key); f != from.fields.end()) {
        if (!f->second) continue;  // mapped to null: dropped
        key = *f->second;
      }
      renamed[key] = std::move(value);
    }
    *fields = std::move(renamed);
  }
  for (const char* key : {"saves", "skills"}) {
    if (auto* tiers = sheet.if_contains(key); tiers != nullptr && tiers->is_object()) {
      for (auto& m : tiers->get_object()) {
        if (!m.value().is_string()) continue;
        if (auto t = from.tiers.find(std::string(m.value().get_string())); t != from.tiers.end()) m.value() = t->second;
      }
    }
  }
}

void translate_entry(bj::object& entry, const BorrowedFrom& from) {
  if (auto* creature = entry.if_contains("creature"); creature != nullptr && creature->is_object()) {
    translate_creature(creature->get_object(), from);
  }
  // An item's `slots` name the lender's slots and how many of each it takes.
  if (auto* item = entry.if_contains("item"); item != nullptr && item->is_object()) {
    if (auto* slots = item->get_object().if_contains("slots"); slots != nullptr && slots->is_object()) {
      bj::object renamed;
      for (auto& m : slots->get_object()) {
        auto s = from.slots.find(std::string(m.key()));
        renamed[s != from.slots.end() ? s->second : std::string(m.key())] = m.value();
      }
      *slots = std::move(renamed);
    }
  }
  // BB-158: `refs` reads a lender derived value as one of the borrower's values.
  if (auto* rows = entry.if_contains("rows"); rows != nullptr && rows->is_array()) {
    for (auto& row : rows->get_array()) {
      auto* scaled = row.is_object() ? row.get_object().if_contains("scaled") : nullptr;
      if (scaled == nullptr || !scaled->is_object()) continue;
      for (auto& cell : scaled->get_object()) {
        auto* ref = cell.value().is_object() ? cell.value().get_object().if_contains("from") : nullptr;
        const auto* derived = ref != nullptr && ref->is_object() ? ref->get_object().if_contains("derived") : nullptr;
        if (derived == nullptr || !derived->is_string()) continue;
        if (auto r = from.refs_json.find(std::string(derived->get_string())); r != from.refs_json.end())
          *ref = bj::parse(r->second);
      }
    }
  }
}

}  // namespace

std::optional<fs::path> find_installed_ruleset(const fs::path& installed, std::string_view id) {
  if (installed.empty() || !is_folder(installed)) return std::nullopt;
  const std::vector<fs::path> candidates = sorted_entries(installed);
  // A bare match first, then one under a community namespace (a folder of rulesets).
  for (const auto& path : candidates) {
    if (is_package(path) || path.extension() == ".json") {
      if (ruleset_id_of(path) == std::string(id)) return path;
    }
  }
  for (const auto& ns : candidates) {
    if (!is_folder(ns) || is_package(ns)) continue;
    for (const auto& path : sorted_entries(ns)) {
      if (is_package(path) || path.extension() == ".json") {
        if (ruleset_id_of(path) == std::string(id)) return path;
      }
    }
  }
  return std::nullopt;
}

CatalogEntries CatalogSet::load_borrowed(const Catalog& catalog) const {
  CatalogEntries out;
  out.header = &catalog;
  const BorrowedFrom& from = *catalog.from;
  const std::string where = json::child(catalog.pointer, "from");
  std::string lender_id = from.ruleset;
  if (auto slash = lender_id.rfind('/'); slash != std::string::npos) lender_id = lender_id.substr(slash + 1);
  auto lender_path = find_installed_ruleset(installed_, lender_id);
  if (!lender_path) {
    out.errors.error(Code::UnknownReference, where, "catalog `{}` borrows from ruleset `{}`, which is not installed{}",
                     catalog.id, from.ruleset, installed_.empty() ? " (no installed-rulesets folder was given)" : "");
    return out;
  }
  LoadResult lender = load_ruleset(*lender_path);
  if (!lender.ok()) {
    out.errors.error(Code::UnknownReference, where, "catalog `{}` borrows from `{}`, which is refused ({} errors)",
                     catalog.id, from.ruleset, lender.diagnostics.error_count());
    return out;
  }
  auto lc = lender.ruleset->catalog_index.find(from.catalog);
  if (lc == lender.ruleset->catalog_index.end()) {
    out.errors.error(Code::UnknownReference, where, "ruleset `{}` has no catalog `{}`", from.ruleset, from.catalog);
    return out;
  }
  const Catalog& lent = lender.ruleset->catalogs[lc->second];
  if (lent.from) {
    out.errors.error(Code::BadValue, where,
                     "catalog `{}` of `{}` itself borrows; a catalog cannot borrow from it (BB-159)", from.catalog,
                     from.ruleset);
    return out;
  }
  if (lent.holds != catalog.holds) {
    out.errors.error(Code::BadValue, where, "catalog `{}` of `{}` holds other things than catalog `{}`", from.catalog,
                     from.ruleset, catalog.id);
    return out;
  }
  // The lender's entries as JSON: inline in its ruleset.json, or its separate file.
  // The lender is a package too: its catalog file is read only from inside its own folder.
  const bool lender_is_package = is_folder(*lender_path);
  std::optional<std::string> text =
      !lent.asset.empty() ? json::read_contained_file(*lender_path, lent.asset, limits::kCatalogFileBytes).text
      : lender_is_package ? json::read_contained_file(*lender_path, "ruleset.json", limits::kPackageRulesetBytes).text
                          : read_text(*lender_path, limits::kSingleFileRulesetBytes);
  boost::system::error_code ec;
  bj::value doc = text ? bj::parse(*text, ec) : bj::value();
  if (!ec) strip_annotations(doc);
  const bj::array* raw = nullptr;
  if (!ec && doc.is_object()) {
    if (lent.asset.empty()) {
      const auto* catalogs = doc.get_object().if_contains("catalogs");
      if (catalogs != nullptr && catalogs->is_array()) {
        for (const auto& c : catalogs->get_array()) {
          const auto* id = c.is_object() ? c.get_object().if_contains("id") : nullptr;
          const auto* entries = c.is_object() ? c.get_object().if_contains("entries") : nullptr;
          if (id != nullptr && id->is_string() && id->get_string() == from.catalog && entries != nullptr &&
              entries->is_array()) {
            raw = &entries->get_array();
          }
        }
      }
    } else if (const auto* entries = doc.get_object().if_contains("entries");
               entries != nullptr && entries->is_array()) {
      raw = &entries->get_array();
    }
  }
  if (raw == nullptr) {
    out.errors.error(Code::IoError, where, "the entries of catalog `{}` of `{}` cannot be read", from.catalog,
                     from.ruleset);
    return out;
  }
  // BB-155: each lender entry is read as if it were ours; one naming what we lack is left out and logged.
  for (std::size_t i = 0; i < raw->size(); ++i) {
    bj::value entry = (*raw)[i];
    if (entry.is_object()) translate_entry(entry.get_object(), from);
    bj::array one;
    one.push_back(std::move(entry));
    CatalogAssetLoad read =
        read_catalog_entries_json(*ruleset_, catalog, one, json::child(json::child(where, from.catalog), i));
    if (!read.ok() || read.entries.empty()) {
      const auto& first = read.diagnostics.items().front();
      out.log.warning(Code::IgnoredKey, first.pointer, "borrowed entry #{} left out: {}", i + 1, first.message);
      continue;
    }
    out.index.emplace(read.entries[0].id, out.entries.size());
    out.entries.push_back(std::move(read.entries[0]));
  }
  // BB-156: local entries add to the borrowed ones, or replace the one with the same id.
  for (const CatalogEntry& local : catalog.entries) {
    if (auto it = out.index.find(local.id); it != out.index.end()) {
      out.entries[it->second] = local;
    } else {
      out.index.emplace(local.id, out.entries.size());
      out.entries.push_back(local);
    }
  }
  return out;
}

}  // namespace rk
