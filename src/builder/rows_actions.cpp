// The rows step's actions (docs/format/builder.md "Rows steps"): the player adds, copies, edits
// and deletes their own rows of the step's list, in place (BC-7), and showing the step tops the
// rows up to its `countFrom` (BC-11). Rows a pick wrote are read-only here (BC-8).
#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "builder/engine.hpp"
#include "format/reader.hpp"
#include "json/document.hpp"
#include "json/write.hpp"

namespace rk::builder {

namespace bj = boost::json;

std::optional<Scalar> action_scalar(const bj::value& v) {
  if (v.is_string()) return Scalar{std::string(v.get_string())};
  if (v.is_bool()) return Scalar{v.get_bool()};
  if (auto n = to_number(v)) return Scalar{*n};
  return std::nullopt;
}

std::string accepted_values(const ValueSpec& spec) {
  if (spec.type == ValueType::Enum) return fmt::format("one of {}", fmt::join(spec.values, ", "));
  if (spec.is_numeric())
    return fmt::format("a {}number from {} to {}", spec.integer ? "whole " : "", spec.min.to_string(),
                       spec.max.to_string());
  if (spec.type == ValueType::Boolean) return "true or false";
  return fmt::format("prompt-safe text of at most {} characters", spec.max_length);
}

namespace {

bool refuse_hidden(const BuilderStep& step, const StepView& view, const std::string& verb, Diagnostics& d) {
  if (view.shown && view.rows) return false;
  d.error(Code::NotOffered, "/" + verb, "step `{}` is hidden: its condition reads 0, so it edits no rows now", step.id);
  return true;
}

/// A fresh `_id` in `rows`: `<base>-1`, `<base>-2`, … (the first free one).
std::string fresh_id(const std::vector<Row>& rows, const std::string& base) {
  std::set<std::string> ids;
  for (const Row& r : rows) ids.insert(r.id);
  for (std::size_t n = 1;; ++n) {
    std::string id = fmt::format("{}-{}", base, n);
    if (!ids.contains(id)) return id;
  }
}

/// BC-6: a new row holds the columns' declared defaults, then the step's `defaults`; a column the
/// list requires in every row gets its type's own value so the character stays readable.
Row new_row(const List& list, const RowsStep& spec, const std::vector<Row>& rows, const std::string& base) {
  Row row;
  row.id = fresh_id(rows, base);
  for (const Column& c : list.columns) {
    if (c.computed()) continue;
    if (c.spec.default_declared || c.required) row.cells[c.id] = c.spec.default_value;
  }
  for (const auto& [column, value] : spec.defaults) row.cells[column] = value;
  return row;
}

/// Writes `values` (column -> value, null clears) into `row`, each a column the step edits.
bool write_cells(const List& list, const BuilderStep& step, const StepView& view, Row& row, const bj::value& values,
                 const std::string& pointer, Diagnostics& d) {
  if (!values.is_object()) {
    d.error(Code::WrongType, pointer, "the row's values are an object: column -> value (null clears a cell)");
    return false;
  }
  const std::vector<std::string>& columns = view.rows->columns;
  for (const auto& member : values.as_object()) {
    const std::string id(member.key());
    const std::string p = json::child(pointer, id);
    if (std::find(columns.begin(), columns.end(), id) == columns.end()) {
      d.error(Code::NotInRuleset, p, "step `{}` does not edit column `{}` of list `{}`{} (BC-2)", step.id, id, list.id,
              did_you_mean(id, columns));
      return false;
    }
    const Column& column = list.columns[list.column_index.at(id)];
    if (member.value().is_null()) {
      if (column.required) {
        d.error(Code::MissingKey, p, "list `{}` requires column `{}` in every row: it cannot be cleared", list.id, id);
        return false;
      }
      row.cells.erase(id);
      continue;
    }
    auto value = action_scalar(member.value());
    if (!value || !column.spec.accepts(*value)) {
      d.error(Code::OutOfRange, p, "column `{}` of list `{}` does not accept {}: {}", id, list.id,
              json::serialize(member.value()), accepted_values(column.spec));
      return false;
    }
    row.cells[id] = *value;
  }
  return true;
}

std::vector<Row>* own_row(const StepView& view, Character& c, const bj::value& arg, const std::string& verb,
                          std::size_t& at, Diagnostics& d) {
  if (!arg.is_string()) {
    d.error(Code::WrongType, "/" + verb, "`{}` names a row by its `_id`", verb);
    return nullptr;
  }
  const std::string id(arg.as_string());
  const RowsView& v = *view.rows;
  auto e = std::find_if(v.rows.begin(), v.rows.end(), [&](const RowEntryView& r) { return r.id == id; });
  if (e == v.rows.end()) {
    std::vector<std::string> ids;
    for (const RowEntryView& r : v.rows) ids.push_back(r.id);
    d.error(Code::NotOffered, "/" + verb, "list `{}` has no row `{}`{}", v.list, id, did_you_mean(id, ids));
    return nullptr;
  }
  if (e->from_pick) {
    d.error(Code::NotOffered, "/" + verb,
            "row `{}` was added by a pick: it comes and goes with the pick, so unpick it, or change it in All fields "
            "(BC-8, BC-9)",
            id);
    return nullptr;
  }
  std::vector<Row>& rows = c.lists[v.list];
  auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& r) { return r.id == id; });
  at = static_cast<std::size_t>(it - rows.begin());
  return &rows;
}

bool refuse_full(const StepView& view, const std::string& verb, Diagnostics& d) {
  if (view.rows->can_add) return false;
  d.error(Code::TooMany, "/" + verb, "no row can be added: {}", reason_text(view.rows->why));
  return true;
}

}  // namespace

bool rows_add(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, Character& c,
              const bj::value& values, Diagnostics& d) {
  if (refuse_hidden(step, view, "add", d) || refuse_full(view, "add", d)) return false;
  const List& list = ruleset.sheet.lists[step.rows->list_index];
  std::vector<Row>& rows = c.lists[list.id];
  Row row = new_row(list, *step.rows, rows, list.id);
  if (!write_cells(list, step, view, row, values, "/add", d)) {
    if (rows.empty()) c.lists.erase(list.id);
    return false;
  }
  rows.push_back(std::move(row));
  return true;
}

bool rows_copy(const CatalogSet& catalogs, const BuilderStep& step, const StepView& view, Character& c,
               const bj::value& entry, Diagnostics& d) {
  if (refuse_hidden(step, view, "copy", d)) return false;
  if (step.rows->from.empty()) {
    d.error(Code::BadAction, "/copy", "step `{}` names no catalog to copy rows `from` (BC-64)", step.id);
    return false;
  }
  if (!entry.is_string()) {
    d.error(Code::WrongType, "/copy", "`copy` names an entry of catalog `{}`", step.rows->from);
    return false;
  }
  const std::string id(entry.as_string());
  const CatalogEntries* entries = catalogs.get(step.rows->from);
  const CatalogEntry* e = entries == nullptr ? nullptr : entries->find(id);
  const Ruleset& ruleset = catalogs.ruleset();
  const List& list = ruleset.sheet.lists[step.rows->list_index];
  const RowSpec* spec = nullptr;
  if (e != nullptr) {
    for (const RowSpec& r : e->rows) {
      if (r.list == list.id && spec == nullptr) spec = &r;
    }
  }
  if (spec == nullptr) {
    std::vector<std::string> ids;
    if (entries != nullptr) {
      for (const CatalogEntry& x : entries->entries) ids.push_back(x.id);
    }
    d.error(Code::NotOffered, "/copy", "catalog `{}` has no entry `{}` with a row for list `{}`{} (BC-64)",
            step.rows->from, id, list.id, did_you_mean(id, ids));
    return false;
  }
  if (refuse_full(view, "copy", d)) return false;
  std::vector<Row>& rows = c.lists[list.id];
  Row row = new_row(list, *step.rows, rows, e->id);
  for (const auto& [column, value] : spec->values) row.cells[column] = value;
  row.catalog = step.rows->from + "/" + e->id;
  // BC-65: a copy the pool cannot pay is not offered.
  if (const auto price = row_price(step, list, row); price && view.creation_pool) {
    const CreationPoolView& p = *view.creation_pool;
    if (*price > Number() && *price > p.remaining) {
      d.error(Code::NotOffered, "/copy", "`{}` cannot be copied now: {}", id,
              reason_text({Reason::PoolCannotPay, {price->to_string(), p.id, p.remaining.to_string()}}));
      if (rows.empty()) c.lists.erase(list.id);
      return false;
    }
  }
  rows.push_back(std::move(row));
  return true;
}

bool rows_update(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, Character& c,
                 const bj::value& row, const bj::value* values, Diagnostics& d) {
  if (refuse_hidden(step, view, "update", d)) return false;
  if (values == nullptr) {
    d.error(Code::MissingKey, "/values", "`update` comes with `values`: column -> value (null clears a cell)");
    return false;
  }
  std::size_t at = 0;
  std::vector<Row>* rows = own_row(view, c, row, "update", at, d);
  if (rows == nullptr) return false;
  const List& list = ruleset.sheet.lists[step.rows->list_index];
  Row edited = (*rows)[at];
  if (!write_cells(list, step, view, edited, *values, "/values", d)) return false;
  (*rows)[at] = std::move(edited);
  return true;
}

bool rows_delete(const BuilderStep& step, const StepView& view, Character& c, const bj::value& row, Diagnostics& d) {
  if (refuse_hidden(step, view, "delete", d)) return false;
  std::size_t at = 0;
  std::vector<Row>* rows = own_row(view, c, row, "delete", at, d);
  if (rows == nullptr) return false;
  // BC-7: only this row goes; a row of the same name stays.
  rows->erase(rows->begin() + static_cast<std::ptrdiff_t>(at));
  if (rows->empty()) c.lists.erase(view.rows->list);
  return true;
}

bool rows_show(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, Character& c, Diagnostics& d) {
  if (refuse_hidden(step, view, "show", d)) return false;
  // BC-11: each row made as "Add a row" makes it; BC-13: `top_up` is 0 for a described character.
  const List& list = ruleset.sheet.lists[step.rows->list_index];
  for (std::int64_t k = 0; k < view.rows->top_up; ++k) {
    std::vector<Row>& rows = c.lists[list.id];
    rows.push_back(new_row(list, *step.rows, rows, list.id));
  }
  return true;
}

}  // namespace rk::builder
