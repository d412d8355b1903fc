#pragma once
// What a player does with catalogs: browse the picker, pick an entry into the sheet, keep scaled
// cells up to date on edits, and review and apply the ruleset's newer wording (CA-38 – CA-50).
// Each is a pure function of its inputs; refusals come back as diagnostics with stable codes.
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog_set.hpp"
#include "sheet/character.hpp"

namespace rk {

struct PickerQuery {
  std::string catalog;
  std::string list;                                          ///< only entries that write into this list
  std::vector<std::pair<std::string, std::string>> filters;  ///< filter id = value, all must hold
  const Character* character = nullptr;                      ///< marks owned entries; opens on `startFrom`
};

struct PickerEntry {
  const CatalogEntry* entry = nullptr;
  bool owned = false;        ///< the sheet already has a row marked with this entry (CA-40)
  bool starts_here = false;  ///< matches the character's `startFrom` values, so it comes first (CA-13)
};

struct PickerResult {
  const Catalog* catalog = nullptr;
  std::vector<PickerEntry> entries;
  Diagnostics errors;  ///< a bad query, or why a separate file shows no entries (CA-24)
  Diagnostics log;     ///< borrowed entries left out
};

PickerResult picker(const CatalogSet& catalogs, const PickerQuery& query);

/// Picks `mark` ("<catalog>/<entry>") into the character: copies every row of the entry into its
/// list with `_catalog` (CA-25, CA-38) and computes its scaled cells (CA-34, CA-35). `list`, when
/// given, must be one the entry writes into.
std::optional<Character> pick(const CatalogSet& catalogs, const Character& character, std::string_view mark,
                              std::string_view list, Diagnostics& diagnostics);

/// Recomputes every scaled cell of every marked row from the character as it now is (CA-34): to be
/// called after an edit, never on read. Returns the character with the cells rewritten.
Character refresh_scaled(const CatalogSet& catalogs, const Character& character);

/// One column the ruleset now words differently (CA-43, CA-44).
struct ReviewChange {
  std::string column;
  std::optional<Scalar> saved;  ///< nothing when the column is absent from the row
  Scalar ruleset;
};

struct ReviewRow {
  std::string list;
  std::string row_id;
  std::string mark;
  std::vector<ReviewChange> changes;
};

struct ReviewResult {
  std::vector<ReviewRow> rows;
  /// Why a catalog of a marked row could not be read (a broken file, a missing lender): its rows
  /// were not compared, so "nothing new" is not known for them (CA-24).
  Diagnostics errors;
};

/// The rows whose entry's text differs from the saved row (CA-41 – CA-49). When an entry was
/// picked more than once, each pick's rows are compared with the entry's rows in order.
ReviewResult review(const CatalogSet& catalogs, const Character& character);

/// Applies the selected changes: each selector is "<list>/<row id>" (every change of that row) or
/// "<list>/<row id>/<column>" (one change). Nothing else changes, `_catalog` included (CA-42).
/// A selected row whose catalog could not be read is refused with the reasons.
std::optional<Character> apply_review(const CatalogSet& catalogs, const Character& character,
                                      const std::vector<std::string>& selected, Diagnostics& diagnostics);

}  // namespace rk
