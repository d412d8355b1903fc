// Which picked catalog entry a name means (CA-77, CA-78); the rules are the original's
// (live-state.ts: rulesetEntryNamed).
#include "play/entry_named.hpp"

#include <algorithm>
#include <vector>

#include "play/apply_pay.hpp"

namespace rk::play::detail {

const Id* name_column(const Ruleset& ruleset, const List& list) {
  if (ruleset.gm.sheet_summary) {
    for (const SummaryList& shown : ruleset.gm.sheet_summary->lists) {
      if (shown.list == list.id && !shown.name_column.empty()) return &shown.name_column;
    }
  }
  if (list.pools) return &list.pools->name_column;
  for (const Column& column : list.columns) {
    if (column.spec.type == ValueType::Text) return &column.id;
  }
  return nullptr;
}

const CatalogEntry* entry_for_mark(const Ruleset& ruleset, std::string_view mark, const CatalogSet* catalogs) {
  const auto slash = mark.find('/');
  if (slash == std::string_view::npos) return nullptr;
  const auto catalog = ruleset.catalog_index.find(std::string(mark.substr(0, slash)));
  if (catalog == ruleset.catalog_index.end()) return nullptr;
  const Catalog& header = ruleset.catalogs[catalog->second];
  const auto entry = header.entry_index.find(std::string(mark.substr(slash + 1)));
  if (entry != header.entry_index.end()) return &header.entries[entry->second];
  return catalogs != nullptr ? catalogs->entry_for_mark(mark) : nullptr;
}

const std::string* text_cell(const Row& row, const Id& column) {
  const auto it = row.cells.find(column);
  return it == row.cells.end() ? nullptr : std::get_if<std::string>(&it->second.value);
}

NamedEntry entry_named(const Ruleset& ruleset, const Character& character, std::string_view wanted,
                       const CatalogSet* catalogs, NameMatch same) {
  if (same == nullptr) same = same_name;
  std::vector<std::string> marks;
  for (const List& list : ruleset.sheet.lists) {
    const auto rows = character.lists.find(list.id);
    if (rows == character.lists.end()) continue;
    const Id* column = name_column(ruleset, list);
    for (const Row& row : rows->second) {
      if (row.catalog.empty()) continue;
      const std::string* name = column != nullptr ? text_cell(row, *column) : nullptr;
      const CatalogEntry* entry = entry_for_mark(ruleset, row.catalog, catalogs);
      const bool answers = (name != nullptr && same(wanted, *name)) || (entry != nullptr && same(wanted, entry->label));
      if (answers && std::find(marks.begin(), marks.end(), row.catalog) == marks.end()) marks.push_back(row.catalog);
    }
  }
  if (marks.empty()) return {};
  if (marks.size() > 1) return {{}, nullptr, Refusal::AmbiguousEntry};
  const CatalogEntry* entry = entry_for_mark(ruleset, marks.front(), catalogs);
  if (entry == nullptr) return {};
  return {marks.front(), entry, Refusal::UnknownEntry};
}

}  // namespace rk::play::detail
