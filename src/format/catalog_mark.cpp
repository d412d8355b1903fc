#include "format/catalog_mark.hpp"

#include "format/reader.hpp"

namespace rk {

std::optional<CatalogMark> CatalogMark::parse(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const std::string_view catalog = text.substr(0, slash);
  const std::string_view entry = text.substr(slash + 1);
  // An id never holds a slash, so a second one leaves `entry` invalid.
  if (!is_valid_id(catalog) || !is_valid_id(entry)) return std::nullopt;
  return CatalogMark{std::string(catalog), std::string(entry)};
}

std::string CatalogMark::text(std::string_view catalog, std::string_view entry) {
  std::string out;
  out.reserve(catalog.size() + 1 + entry.size());
  out.append(catalog).append("/").append(entry);
  return out;
}

}  // namespace rk
