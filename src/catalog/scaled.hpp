#pragma once
// Pairing sheet rows with the row specs of their entry (CA-33, CA-48), shared by the scaled-cell
// refresh and the update review.
#include <string>
#include <utility>
#include <vector>

#include "format/model.hpp"
#include "sheet/character.hpp"

namespace rk {

/// The rows of `rows` marked `mark`, each with the spec of `entry` it matches. `by_name` pairs
/// by the list's name column (CA-33, for several scaled rows); otherwise by position among the
/// marked rows, the k-th to the entry's spec k modulo their count, while the sheet holds a whole
/// number of picks (CA-48). Rows that match nothing are left out.
std::vector<std::pair<std::size_t, const RowSpec*>> match_rows(const CatalogEntry& entry, const std::string& mark,
                                                               const List& list, const std::vector<Row>& rows,
                                                               bool by_name);

/// The list's name column: its first text column (CA-33), or nullptr.
const Column* name_column(const List& list);

}  // namespace rk
