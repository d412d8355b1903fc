#pragma once
// A catalog entry named "<catalog>/<entry>": a row's `_catalog`, a picked entry, an item a grant
// gives access to (CA-25, CA-38, BB-140). One type parses and writes the form.
#include <optional>
#include <string>
#include <string_view>

namespace rk {

struct CatalogMark {
  std::string catalog;
  std::string entry;

  /// The mark `text` names: one slash between two valid ids, or nothing.
  static std::optional<CatalogMark> parse(std::string_view text);
  /// The mark as it is written.
  std::string text() const { return catalog + "/" + entry; }
  static std::string text(std::string_view catalog, std::string_view entry);

  friend bool operator==(const CatalogMark&, const CatalogMark&) = default;
};

}  // namespace rk
