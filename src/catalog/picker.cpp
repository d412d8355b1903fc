// The picker (CA-2, CA-12, CA-13, CA-40) and picking (CA-25, CA-38).
#include <algorithm>
#include <cctype>
#include <set>

#include "catalog/operations.hpp"
#include "catalog/scaled.hpp"
#include "format/catalog_mark.hpp"
#include "format/limits.hpp"
#include "format/number_text.hpp"
#include "format/reader.hpp"

namespace rk {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool matches(const CatalogFilter& filter, const FilterValue& value, const std::string& wanted) {
  switch (filter.type) {
    case CatalogFilter::Type::Number: {
      const auto n = number_from_text(wanted);
      return n && std::get<Number>(value.value) == *n;
    }
    case CatalogFilter::Type::Text:
      return lower(std::get<std::string>(value.value)) == lower(wanted);
    case CatalogFilter::Type::Tags: {
      const auto& tags = std::get<std::vector<std::string>>(value.value);
      return std::any_of(tags.begin(), tags.end(), [&](const std::string& t) { return lower(t) == lower(wanted); });
    }
  }
  return false;
}

std::string scalar_text(const Scalar& s) {
  if (const auto* n = std::get_if<Number>(&s.value)) return n->to_string();
  if (const auto* b = std::get_if<bool>(&s.value)) return *b ? "true" : "false";
  return std::get<std::string>(s.value);
}

bool writes_to(const CatalogEntry& e, std::string_view list) {
  return std::any_of(e.rows.begin(), e.rows.end(), [&](const RowSpec& r) { return r.list == list; });
}

}  // namespace

PickerResult picker(const CatalogSet& catalogs, const PickerQuery& query) {
  PickerResult out;
  const CatalogEntries* entries = catalogs.get(query.catalog);
  if (entries == nullptr) {
    std::vector<std::string> ids;
    for (const auto& c : catalogs.ruleset().catalogs) ids.push_back(c.id);
    out.errors.error(Code::UnknownReference, "", "the ruleset has no catalog `{}`{}", query.catalog,
                     did_you_mean(query.catalog, ids));
    return out;
  }
  out.catalog = entries->header;
  out.log = entries->log;
  if (entries->errors.has_errors()) {
    out.errors = entries->errors;
    return out;
  }
  const Catalog& c = *entries->header;
  if (!query.list.empty()) {
    if (!c.is_rows()) {
      out.errors.error(Code::BadValue, "", "catalog `{}` holds {}; only rows catalogs feed sheet lists (CA-9)", c.id,
                       c.holds == Catalog::Holds::Items ? "items" : "creatures");
      return out;
    }
    if (std::find(c.feeds.begin(), c.feeds.end(), query.list) == c.feeds.end()) {
      out.errors.error(Code::UnknownReference, "", "catalog `{}` does not feed list `{}`{}", c.id, query.list,
                       did_you_mean(query.list, c.feeds));
      return out;
    }
  }
  for (const auto& filter : query.filters) {
    const std::string& id = filter.first;  // named: clang before 16 cannot capture a structured binding
    const auto declared =
        std::find_if(c.filters.begin(), c.filters.end(), [&](const CatalogFilter& f) { return f.id == id; });
    if (declared == c.filters.end()) {
      std::vector<std::string> ids;
      for (const auto& f : c.filters) ids.push_back(f.id);
      out.errors.error(Code::UnknownReference, "", "catalog `{}` has no filter `{}`{}", c.id, id,
                       did_you_mean(id, ids));
    } else if (declared->type == CatalogFilter::Type::Number && !number_from_text(filter.second)) {
      out.errors.error(Code::BadValue, "",
                       "catalog `{}`: filter `{}` holds numbers; \"{}\" is not one (digits, an optional minus and at "
                       "most four decimals)",
                       c.id, id, filter.second);
    }
  }
  if (out.errors.has_errors()) return out;
  // CA-13: filters with `startFrom` open on the character's value: those entries come first.
  std::vector<std::pair<const CatalogFilter*, std::string>> start_values;
  std::set<std::string> owned;
  if (query.character != nullptr) {
    for (const auto& f : c.filters) {
      if (f.start_from_field.empty()) continue;
      if (std::any_of(query.filters.begin(), query.filters.end(), [&](const auto& q) { return q.first == f.id; }))
        continue;
      auto it = query.character->fields.find(f.start_from_field);
      if (it != query.character->fields.end()) start_values.emplace_back(&f, scalar_text(it->second));
    }
    const std::string prefix = c.id + "/";
    for (const auto& [list, rows] : query.character->lists) {
      for (const auto& row : rows) {
        if (row.catalog.starts_with(prefix)) owned.insert(row.catalog.substr(prefix.size()));
      }
    }
  }
  for (const CatalogEntry& e : entries->entries) {
    // Never an entry that writes nothing there (BA-102: grant-only entries are not offered).
    if (c.is_rows() && e.rows.empty()) continue;
    if (!query.list.empty() && !writes_to(e, query.list)) continue;
    const bool keep = std::all_of(query.filters.begin(), query.filters.end(), [&](const auto& q) {
      auto v = e.filters.find(q.first);
      const auto f =
          std::find_if(c.filters.begin(), c.filters.end(), [&](const CatalogFilter& x) { return x.id == q.first; });
      return v != e.filters.end() && matches(*f, v->second, q.second);
    });
    if (!keep) continue;
    PickerEntry p;
    p.entry = &e;
    p.owned = owned.contains(e.id);
    p.starts_here = !start_values.empty() && std::all_of(start_values.begin(), start_values.end(), [&](const auto& s) {
      auto v = e.filters.find(s.first->id);
      return v != e.filters.end() && matches(*s.first, v->second, s.second);
    });
    out.entries.push_back(p);
  }
  std::stable_partition(out.entries.begin(), out.entries.end(), [](const PickerEntry& p) { return p.starts_here; });
  return out;
}

std::optional<Character> pick(const CatalogSet& catalogs, const Character& character, std::string_view mark,
                              std::string_view list, Diagnostics& d) {
  const std::optional<CatalogMark> named = CatalogMark::parse(mark);
  if (!named) {
    d.error(Code::BadValue, "", "an entry is named \"<catalog>/<entry>\", found \"{}\"", mark);
    return std::nullopt;
  }
  const CatalogEntries* entries = catalogs.get(named->catalog);
  if (entries == nullptr) {
    d.error(Code::UnknownReference, "", "the ruleset has no catalog `{}`", named->catalog);
    return std::nullopt;
  }
  if (entries->errors.has_errors()) {
    d.append(entries->errors);
    return std::nullopt;
  }
  const Catalog* catalog = entries->header;
  const CatalogEntry* entry = entries->find(named->entry);
  if (entry == nullptr) {
    std::vector<std::string> ids;
    for (const auto& e : entries->entries) ids.push_back(e.id);
    d.error(Code::UnknownReference, "", "catalog `{}` has no entry `{}`{}", catalog->id, named->entry,
            did_you_mean(named->entry, ids));
    return std::nullopt;
  }
  if (!catalog->is_rows()) {
    d.error(Code::BadValue, "", "catalog `{}` holds {}, which are never picked into a sheet (CA-9)", catalog->id,
            catalog->holds == Catalog::Holds::Items ? "items" : "creatures");
    return std::nullopt;
  }
  if (!list.empty() && !writes_to(*entry, list)) {
    d.error(Code::BadValue, "", "entry `{}` writes no row into list `{}`", mark, list);
    return std::nullopt;
  }
  const Ruleset& rs = catalogs.ruleset();
  Character out = character;
  const std::string full_mark = CatalogMark::text(catalog->id, entry->id);
  for (const RowSpec& spec : entry->rows) {
    auto& rows = out.lists[spec.list];
    const std::size_t most = rs.sheet.most_rows(spec.list);
    if (rows.size() >= most) {
      d.error(Code::TooMany, "/build/lists/" + spec.list,
              "list `{}` already holds {} rows, the most it holds (`maxItems`)", spec.list, most);
      return std::nullopt;
    }
    Row row;
    // A stable, unique row id: the entry id, numbered when the sheet already has one.
    std::set<std::string> ids;
    for (const auto& r : rows) ids.insert(r.id);
    row.id = entry->id;
    for (int n = 2; ids.contains(row.id); ++n) row.id = fmt::format("{}-{}", entry->id, n);
    row.catalog = full_mark;
    row.cells = spec.values;
    rows.push_back(std::move(row));
  }
  // CA-34: the scaled cells are computed now, at the edit.
  return refresh_scaled(catalogs, out);
}

}  // namespace rk
