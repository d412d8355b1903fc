#pragma once
// Rows steps in the guided builder (docs/format/builder.md "Rows steps", BC-1 – BC-14,
// BC-61 – BC-66): the player's own rows of one sheet list, written during creation, and the price
// a priced rows or catalog step takes from a creation pool. Included by builder_model.hpp.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "format/number.hpp"
#include "format/scalar.hpp"

namespace rk {

/// BC-62, BC-63: what one selection or row costs: a number, or a number read from the entry (a
/// catalog step's numeric `filter`) or from the row (a rows step's numeric `column`).
struct StepCost {
  Number amount;
  std::string filter;  ///< a catalog step: the entry's numeric filter that prices it
  std::string column;  ///< a rows step: the row's numeric column that prices it
  std::size_t column_index = static_cast<std::size_t>(-1);
  bool read_from_entry() const { return !filter.empty() || !column.empty(); }
};

/// BC-1 – BC-14, BC-63, BC-64: the keys a `kind: "rows"` step adds; its `countFrom` (BC-10) is the
/// step's own `count_from`.
struct RowsStep {
  std::string list;
  std::size_t list_index = static_cast<std::size_t>(-1);
  /// BC-2: the columns the step edits (their indices into the list's columns); all when omitted.
  std::vector<std::size_t> columns;
  std::vector<std::size_t> required;       ///< BC-3: a row counts once these cells are filled
  std::int64_t min = 0;                    ///< BC-4
  std::optional<std::int64_t> max;         ///< BC-5: never above the list's `maxItems`
  std::map<std::string, Scalar> defaults;  ///< BC-6: over the columns' own defaults
  std::string from;                        ///< BC-64: a rows catalog whose entries' rows the player copies
  std::size_t from_index = static_cast<std::size_t>(-1);
};

}  // namespace rk
