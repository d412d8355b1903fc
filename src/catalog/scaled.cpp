#include "catalog/scaled.hpp"

#include <algorithm>

#include "catalog/operations.hpp"
#include "sheet/evaluate.hpp"

namespace rk {

const Column* name_column(const List& list) {
  auto it = std::find_if(list.columns.begin(), list.columns.end(),
                         [](const Column& c) { return c.spec.type == ValueType::Text; });
  return it == list.columns.end() ? nullptr : &*it;
}

std::vector<std::pair<std::size_t, const RowSpec*>> match_rows(const CatalogEntry& entry, const std::string& mark,
                                                               const List& list, const std::vector<Row>& rows,
                                                               bool by_name) {
  std::vector<const RowSpec*> specs;
  for (const auto& spec : entry.rows) {
    if (spec.list == list.id) specs.push_back(&spec);
  }
  std::vector<std::size_t> marked;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].catalog == mark) marked.push_back(i);
  }
  std::vector<std::pair<std::size_t, const RowSpec*>> out;
  if (specs.empty() || marked.empty()) return out;
  if (by_name && specs.size() > 1) {
    const Column* name = name_column(list);
    if (name == nullptr) return out;
    for (std::size_t i : marked) {
      auto cell = rows[i].cells.find(name->id);
      if (cell == rows[i].cells.end()) continue;
      for (const RowSpec* spec : specs) {
        auto v = spec->values.find(name->id);
        if (v != spec->values.end() && v->second == cell->second)
          out.emplace_back(i, spec);  // a renamed row matches none
      }
    }
    return out;
  }
  // Each pick wrote the entry's rows in order, so the k-th marked row is the entry's row k modulo
  // their count, however many times the entry was picked. A count that is no whole number of
  // picks (the player deleted one of two rows) leaves the entry untouched rather than guessed.
  if (marked.size() % specs.size() != 0) return out;
  for (std::size_t k = 0; k < marked.size(); ++k) out.emplace_back(marked[k], specs[k % specs.size()]);
  return out;
}

Character refresh_scaled(const CatalogSet& catalogs, const Character& character) {
  const Ruleset& rs = catalogs.ruleset();
  Character out = character;
  for (auto& [list_id, rows] : out.lists) {
    auto li = rs.sheet.list_index.find(list_id);
    if (li == rs.sheet.list_index.end()) continue;
    const List& list = rs.sheet.lists[li->second];
    std::vector<std::string> marks;
    for (const auto& row : rows) {
      if (!row.catalog.empty() && std::find(marks.begin(), marks.end(), row.catalog) == marks.end())
        marks.push_back(row.catalog);
    }
    for (const auto& mark : marks) {
      const CatalogEntry* entry = catalogs.entry_for_mark(mark);
      if (entry == nullptr) continue;  // CA-49: an entry gone from the catalog leaves the row alone
      for (const auto& [index, spec] : match_rows(*entry, mark, list, rows, true)) {
        for (const ScaledCell& cell : spec->scaled) {
          // CA-35: the value is held within the column's bounds and rounded down for whole numbers.
          const Column& column = list.columns[cell.column_index];
          Number value = evaluate_ref(rs, character, *cell.from);
          if (!cell.table.empty()) {
            Number stepped;
            for (const auto& [threshold, result] : cell.table) {
              if (threshold > value) break;
              stepped = result;
            }
            value = stepped;
          }
          if (column.spec.integer) value = value.floor();
          value = std::clamp(value, column.spec.min, column.spec.max);
          rows[index].cells[cell.column] = Scalar{value};
        }
      }
    }
  }
  return out;
}

}  // namespace rk
