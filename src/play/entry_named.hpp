#pragma once
// Which picked catalog entry a name the Game Master wrote means (CA-77, CA-78): shared by `use`
// (apply_use.cpp), a check's `use=` (check_spending.cpp) and `apply=` (check_contextual.cpp).
#include <string>
#include <string_view>

#include "catalog/catalog_set.hpp"
#include "format/model.hpp"
#include "play/refusal.hpp"
#include "sheet/character.hpp"

namespace rk::play::detail {

/// The column a Game Master sees a row of this list under (CA-77): the sheet summary's name
/// column, then the name a row pool is keyed by, then the list's first text column.
const Id* name_column(const Ruleset& ruleset, const List& list);

/// The entry a `_catalog` mark ("<catalog>/<entry>") names among the ruleset's catalogs, or null.
/// A separate catalog file is read through `catalogs`; without it its entries are unknown, and
/// guessing a price would let something be used for free.
const CatalogEntry* entry_for_mark(const Ruleset& ruleset, std::string_view mark, const CatalogSet* catalogs);

/// A row's text cell, or null.
const std::string* text_cell(const Row& row, const Id& column);

struct NamedEntry {
  std::string mark;
  const CatalogEntry* entry = nullptr;
  Refusal refusal = Refusal::UnknownEntry;
};

/// Two names that mean one thing: `same_name` by default.
using NameMatch = bool (*)(std::string_view written, std::string_view name);

/// Which picked entry a name means: a row carrying `_catalog` answers to the name it is shown
/// under and to its entry's label; rows of one entry are one answer, two entries are
/// `ambiguous-entry`, none is `unknown-entry`.
NamedEntry entry_named(const Ruleset& ruleset, const Character& character, std::string_view wanted,
                       const CatalogSet* catalogs, NameMatch same = nullptr);

}  // namespace rk::play::detail
