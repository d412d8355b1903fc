// Rows steps and priced steps (docs/format/builder.md "Rows steps", BC-1 – BC-14, BC-61 – BC-66),
// read against the resolved sheet: the list a rows step edits, its columns, counts and defaults,
// and the pool and price of a priced catalog or rows step.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/read_builder.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// Column ids of `list` under `key`, as indices; every id a column the player can write.
std::vector<std::size_t> read_columns(ObjectReader& r, std::string_view key, const List& list,
                                      std::string_view requirement) {
  std::vector<std::size_t> out;
  auto ids = r.id_list(key, false);
  if (!ids) return out;
  for (std::size_t i = 0; i < ids->size(); ++i) {
    const std::string& id = (*ids)[i];
    const std::string p = json::child(r.at(key), i);
    auto it = list.column_index.find(id);
    if (it == list.column_index.end()) {
      std::vector<std::string> known;
      for (const Column& c : list.columns) known.push_back(c.id);
      r.diagnostics().error(Code::UnknownReference, p, "{}: list `{}` has no column `{}`{} ({})", r.what(), list.id, id,
                            did_you_mean(id, known), requirement);
      continue;
    }
    if (list.columns[it->second].computed()) {
      r.diagnostics().error(Code::WrongReferenceType, p,
                            "{}: column `{}` of list `{}` is computed (`sum`): the player cannot write it ({})",
                            r.what(), id, list.id, requirement);
      continue;
    }
    out.push_back(it->second);
  }
  return out;
}

}  // namespace

void read_rows_step(ObjectReader& r, BuilderStep& st, Ruleset& rs, ReadContext& cx) {
  cx.requirement.use(Gate::RowsSteps, r.at("kind"));
  RowsStep rows;
  rows.list = r.id("list", true).value_or("");
  const List* list = nullptr;
  if (!rows.list.empty()) {
    auto it = rs.sheet.list_index.find(rows.list);
    if (it == rs.sheet.list_index.end()) {
      std::vector<std::string> ids;
      for (const List& l : rs.sheet.lists) ids.push_back(l.id);
      r.error(Code::UnknownReference, "list", "unknown list `{}`{} (BC-1)", rows.list, did_you_mean(rows.list, ids));
    } else {
      rows.list_index = it->second;
      list = &rs.sheet.lists[it->second];
    }
  }
  if (list == nullptr) {
    for (std::string_view key : {"columns", "required", "defaults", "min", "max", "countFrom", "from"}) r.accept(key);
    st.rows = std::move(rows);
    return;
  }
  rows.columns = read_columns(r, "columns", *list, "BC-2");
  if (!r.has("columns")) {
    for (std::size_t i = 0; i < list->columns.size(); ++i) {
      if (!list->columns[i].computed()) rows.columns.push_back(i);
    }
  }
  rows.required = read_columns(r, "required", *list, "BC-3");
  for (std::size_t k = 0; k < rows.required.size(); ++k) {
    if (std::find(rows.columns.begin(), rows.columns.end(), rows.required[k]) == rows.columns.end()) {
      r.diagnostics().error(Code::UnknownReference, json::child(r.at("required"), k),
                            "{}: required column `{}` is not one of the step's `columns`, so no row could ever count "
                            "(BC-3)",
                            r.what(), list->columns[rows.required[k]].id);
    }
  }
  const auto most = static_cast<std::int64_t>(list->most_rows());
  if (auto min = r.number("min", false, true)) {
    if (*min < Number::of(0) || *min > Number::of(limits::kRowsStepMin)) {
      r.error(Code::OutOfRange, "min", "`min` is 0-{} (BC-4), found {}", limits::kRowsStepMin, min->to_string());
    } else {
      rows.min = min->whole();
    }
  }
  if (auto max = r.number("max", false, true)) {
    if (*max < Number::of(1)) {
      r.error(Code::OutOfRange, "max", "`max` is at least 1 (BC-5), found {}", max->to_string());
    } else if (*max > Number::of(most)) {
      r.error(Code::OutOfRange, "max", "`max` {} is above the {} rows list `{}` holds{} (BC-5)", max->to_string(), most,
              list->id, list->max_items ? " (its `maxItems`)" : "");
    } else {
      rows.max = max->whole();
    }
  }
  if (rows.min > rows.max.value_or(most))
    r.error(Code::OutOfRange, "min", "`min` {} is above the most rows the step allows, {} (BC-4, BC-5)", rows.min,
            rows.max.value_or(most));
  if (const bj::object* defaults = r.object("defaults", false)) {
    const std::string dp = r.at("defaults");
    for (const auto& member : *defaults) {
      const std::string key(member.key());
      const std::string p = json::child(dp, key);
      auto it = list->column_index.find(key);
      if (it == list->column_index.end()) {
        std::vector<std::string> known;
        for (const Column& c : list->columns) known.push_back(c.id);
        cx.diagnostics.error(Code::UnknownReference, p, "{} `defaults`: list `{}` has no column `{}`{} (BC-6)",
                             r.what(), list->id, key, did_you_mean(key, known));
        continue;
      }
      const Column& column = list->columns[it->second];
      auto value = read_scalar(member.value());
      if (column.computed() || !value || !column.spec.accepts(*value)) {
        cx.diagnostics.error(Code::BadValue, p,
                             "{} `defaults`: the value for `{}` is not one column `{}` of list `{}` holds (BC-6)",
                             r.what(), key, key, list->id);
        continue;
      }
      rows.defaults.emplace(key, *value);
    }
  }
  if (r.has("countFrom")) {
    cx.requirement.use(Gate::RowsCountFrom, r.at("countFrom"));
    st.count_from = read_build_ref(r, "countFrom", rs, cx);
  }
  if (r.has("from")) {
    cx.requirement.use(Gate::PricedSteps, r.at("from"));
    rows.from = r.id("from", true).value_or("");
    auto it = rs.catalog_index.find(rows.from);
    if (it == rs.catalog_index.end()) {
      std::vector<std::string> ids;
      for (const Catalog& c : rs.catalogs) ids.push_back(c.id);
      r.error(Code::UnknownReference, "from", "unknown catalog `{}`{} (BC-64)", rows.from,
              did_you_mean(rows.from, ids));
    } else if (const Catalog& c = rs.catalogs[it->second];
               !c.is_rows() ||
               std::find(c.feed_indices.begin(), c.feed_indices.end(), rows.list_index) == c.feed_indices.end()) {
      r.error(Code::WrongReferenceType, "from", "catalog `{}` writes no rows to list `{}` (BC-64)", rows.from,
              list->id);
    } else {
      rows.from_index = it->second;
    }
  }
  st.rows = std::move(rows);
}

void read_step_price(ObjectReader& r, BuilderStep& st, const Builder& b, Ruleset& rs, ReadContext& cx) {
  if (!r.has("pool") && !r.has("cost")) return;
  cx.requirement.use(Gate::PricedSteps, r.at(r.has("pool") ? "pool" : "cost"));
  if (r.has("pool") != r.has("cost")) {
    r.error(Code::MissingKey, r.has("pool") ? "pool" : "cost",
            "a priced step names both `pool` and `cost`; it has only `{}` (BC-61)", r.has("pool") ? "pool" : "cost");
  }
  if (r.has("pool")) {
    st.pool = r.id("pool", true).value_or("");
    if (!st.pool.empty() && b.pool(st.pool) == nullptr) {
      std::vector<std::string> ids;
      for (const auto& p : b.pools) ids.push_back(p.id);
      r.error(Code::UnknownReference, "pool", "`pool` names no pool of `sheet.builder.pools`: `{}`{} (BC-61)", st.pool,
              did_you_mean(st.pool, ids));
    }
  }
  const bj::value* cost = r.get("cost");
  if (cost == nullptr) return;
  const std::string cp = r.at("cost");
  StepCost price;
  if (auto n = to_number(*cost)) {
    if (*n < Number::of(-limits::kPoolBudget) || *n > Number::of(limits::kPoolBudget)) {
      cx.diagnostics.error(Code::OutOfRange, cp, "{}: `cost` is {}-{} (BC-62), found {}", r.what(),
                           -static_cast<std::int64_t>(limits::kPoolBudget), limits::kPoolBudget, n->to_string());
      return;
    }
    price.amount = *n;
    st.cost = price;
    return;
  }
  const bool rows_step = st.kind == BuilderStep::Kind::Rows;
  const std::string_view key = rows_step ? "column" : "filter";
  ObjectReader c(*cost, cp, r.what() + " `cost`", cx.diagnostics);
  if (!c.ok()) return;
  auto id = c.id(key, true);
  if (!id) return;
  if (rows_step) {
    const List* list =
        st.rows && st.rows->list_index != kNone ? &rs.sheet.lists[st.rows->list_index] : static_cast<List*>(nullptr);
    if (list == nullptr) return;
    auto it = list->column_index.find(*id);
    if (it == list->column_index.end() || !list->columns[it->second].spec.is_numeric()) {
      c.error(Code::WrongReferenceType, "column", "`column` names a number column of list `{}`, found `{}` (BC-63)",
              list->id, *id);
      return;
    }
    price.column = *id;
    price.column_index = it->second;
  } else {
    const Catalog* catalog = st.catalog_index != kNone ? &rs.catalogs[st.catalog_index] : nullptr;
    if (catalog == nullptr) return;
    auto f = std::find_if(catalog->filters.begin(), catalog->filters.end(),
                          [&](const CatalogFilter& x) { return x.id == *id; });
    if (f == catalog->filters.end() || f->type != CatalogFilter::Type::Number) {
      c.error(Code::WrongReferenceType, "filter", "`filter` names a number filter of catalog `{}`, found `{}` (BC-62)",
              catalog->id, *id);
      return;
    }
    price.filter = *id;
  }
  st.cost = price;
}

}  // namespace rk::detail
