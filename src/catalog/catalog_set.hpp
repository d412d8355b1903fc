#pragma once
// The entries of a ruleset's catalogs, as the picker and commands see them: inline entries at
// once, a separate file the first time it is asked for (CA-24), a borrowed catalog read from its
// lender among the installed rulesets (BB-153 – BB-161). Loading is lazy and cached; the set is
// safe to share between threads.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"

namespace rk {

struct CatalogEntries {
  const Catalog* header = nullptr;
  std::vector<CatalogEntry> entries;  ///< empty when `errors` has errors
  std::unordered_map<std::string, std::size_t> index;
  Diagnostics errors;  ///< why there are no entries (CA-24)
  Diagnostics log;     ///< borrowed entries left out (BB-155)

  const CatalogEntry* find(std::string_view id) const;
};

class CatalogSet {
 public:
  /// `package` is the package folder (for separate files); `installed` a folder of installed
  /// rulesets (for borrowed catalogs); either may be empty.
  CatalogSet(std::shared_ptr<const Ruleset> ruleset, std::filesystem::path package, std::filesystem::path installed);

  const Ruleset& ruleset() const { return *ruleset_; }
  /// The entries of catalog `id`, or nothing when the ruleset declares no such catalog.
  const CatalogEntries* get(std::string_view id) const;
  /// The entry a `_catalog` mark names ("<catalog>/<entry>"), or nullptr.
  const CatalogEntry* entry_for_mark(std::string_view mark, const Catalog** catalog = nullptr) const;

 private:
  CatalogEntries load(const Catalog& catalog) const;
  CatalogEntries load_borrowed(const Catalog& catalog) const;

  std::shared_ptr<const Ruleset> ruleset_;
  std::filesystem::path package_;
  std::filesystem::path installed_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<CatalogEntries>, std::less<>> loaded_;
};

/// Finds an installed ruleset by id, alone or under a community namespace ("<ns>/<id>") in
/// `installed`: a package folder or a `.json` file whose ruleset `id` matches (BB-154). A bare
/// match wins over a namespaced one; among namespaced ones the first in name order.
std::optional<std::filesystem::path> find_installed_ruleset(const std::filesystem::path& installed,
                                                            std::string_view id);

}  // namespace rk
