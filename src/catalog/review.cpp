// Updating from the ruleset (CA-41 – CA-50): which marked rows the ruleset now words differently,
// and applying only what the player selects.
#include <algorithm>
#include <set>

#include "catalog/operations.hpp"
#include "catalog/scaled.hpp"
#include "format/catalog_mark.hpp"

namespace rk {

namespace {

bool compared_type(ValueType t) {
  // CA-43: text, longtext, dice and enum values are compared; numbers and booleans are the player's.
  return t == ValueType::Text || t == ValueType::Longtext || t == ValueType::Dice || t == ValueType::Enum;
}

/// The entries of the catalog a row's mark names, or nullptr when the mark names no declared catalog.
const CatalogEntries* entries_of(const CatalogSet& catalogs, const std::optional<CatalogMark>& mark) {
  return mark ? catalogs.get(mark->catalog) : nullptr;
}

/// The row `row_id` of `list` when its catalog is one `reviewed` could not read, or nullptr.
const Row* unread_row(const CatalogSet& catalogs, const Character& character, std::string_view list,
                      std::string_view row_id, const ReviewResult& reviewed) {
  if (!reviewed.errors.has_errors()) return nullptr;
  auto stored = character.lists.find(std::string(list));
  if (stored == character.lists.end()) return nullptr;
  for (const Row& row : stored->second) {
    if (row.id != row_id) continue;
    const CatalogEntries* entries = entries_of(catalogs, CatalogMark::parse(row.catalog));
    return entries != nullptr && entries->errors.has_errors() ? &row : nullptr;
  }
  return nullptr;
}

}  // namespace

ReviewResult review(const CatalogSet& catalogs, const Character& character) {
  const Ruleset& rs = catalogs.ruleset();
  ReviewResult out;
  std::set<std::string, std::less<>> unreadable;  // catalogs whose reasons are already reported
  for (const List& list : rs.sheet.lists) {
    auto stored = character.lists.find(list.id);
    if (stored == character.lists.end()) continue;
    const auto& rows = stored->second;
    std::vector<std::string> marks;
    for (const auto& row : rows) {
      if (!row.catalog.empty() && std::find(marks.begin(), marks.end(), row.catalog) == marks.end())
        marks.push_back(row.catalog);
    }
    for (const auto& mark : marks) {
      const std::optional<CatalogMark> named = CatalogMark::parse(mark);
      const CatalogEntries* entries = entries_of(catalogs, named);
      if (entries == nullptr) continue;  // CA-49: the catalog is gone: the rows are left alone, no warning
      if (entries->errors.has_errors()) {
        if (unreadable.insert(named->catalog).second) out.errors.append(entries->errors);
        continue;
      }
      const CatalogEntry* entry = entries->find(named->entry);
      if (entry == nullptr) continue;  // CA-49: gone from the catalog: left alone, no warning
      for (const auto& [index, spec] : match_rows(*entry, mark, list, rows, false)) {
        const Row& row = rows[index];
        ReviewRow r{list.id, row.id, mark, {}};
        for (const auto& cell : spec->values) {       // CA-46: only the entry's own columns
          const std::string& column_id = cell.first;  // named: clang before 16 cannot capture a structured binding
          const Scalar& value = cell.second;
          if (std::any_of(spec->scaled.begin(), spec->scaled.end(),
                          [&](const ScaledCell& c) { return c.column == column_id; })) {
            continue;  // CA-45: scaled columns already follow the sheet
          }
          auto ci = list.column_index.find(column_id);
          if (ci == list.column_index.end()) continue;
          const Column& column = list.columns[ci->second];
          if (!column.spec.accepts(value)) continue;  // CA-47: what the column would reject is skipped
          auto saved = row.cells.find(column_id);
          if (saved == row.cells.end()) {
            r.changes.push_back({column_id, std::nullopt, value});  // CA-44: an absent column is offered
          } else if (compared_type(column.spec.type) && !(saved->second == value)) {
            r.changes.push_back({column_id, saved->second, value});
          }
        }
        if (!r.changes.empty()) out.rows.push_back(std::move(r));
      }
    }
  }
  return out;
}

std::optional<Character> apply_review(const CatalogSet& catalogs, const Character& character,
                                      const std::vector<std::string>& selected, Diagnostics& d) {
  const ReviewResult reviewed = review(catalogs, character);
  const std::vector<ReviewRow>& offered = reviewed.rows;
  Character out = character;
  bool reasons_given = false;
  for (const std::string& selector : selected) {
    const auto first = selector.find('/');
    const auto second = first == std::string::npos ? std::string::npos : selector.find('/', first + 1);
    if (first == std::string::npos) {
      d.error(Code::BadValue, "",
              "select a row as \"<list>/<row id>\" or a cell as \"<list>/<row id>/<column>\", found \"{}\"", selector);
      continue;
    }
    const std::string list = selector.substr(0, first);
    const std::string row_id =
        selector.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
    const std::string column = second == std::string::npos ? "" : selector.substr(second + 1);
    auto r = std::find_if(offered.begin(), offered.end(),
                          [&](const ReviewRow& x) { return x.list == list && x.row_id == row_id; });
    if (r == offered.end()) {
      if (const Row* unread = unread_row(catalogs, character, list, row_id, reviewed)) {
        // The reasons' own code: the row is refused for what broke its catalog.
        d.error(reviewed.errors.items().front().code, "",
                "row `{}` of list `{}` comes from `{}`, whose catalog could not be read", row_id, list,
                unread->catalog);
        if (!reasons_given) d.append(reviewed.errors);
        reasons_given = true;
        continue;
      }
      d.error(Code::NotInRuleset, "", "row `{}` of list `{}` has nothing the ruleset words differently", row_id, list);
      continue;
    }
    auto& rows = out.lists[list];
    auto row = std::find_if(rows.begin(), rows.end(), [&](const Row& x) { return x.id == row_id; });
    bool applied = false;
    for (const ReviewChange& change : r->changes) {
      if (!column.empty() && change.column != column) continue;
      row->cells[change.column] = change.ruleset;  // CA-42: only the selected, differing columns change
      applied = true;
    }
    if (!applied) d.error(Code::NotInRuleset, "", "column `{}` of row `{}` has no newer wording", column, row_id);
  }
  if (d.has_errors()) return std::nullopt;
  return out;
}

}  // namespace rk
