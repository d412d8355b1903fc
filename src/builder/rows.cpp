// Rows steps and priced steps at run time (BC-1 – BC-14, BC-61 – BC-67): the player's own rows
// of a list and how many the step still waits for, and what priced picks and rows take from
// their creation pool before any spend-step purchase.
#include <algorithm>

#include <fmt/format.h>

#include "builder/engine.hpp"

namespace rk::builder {

bool row_cell_empty(const Row& row, const std::string& column) {
  auto it = row.cells.find(column);
  if (it == row.cells.end()) return true;
  const auto* text = std::get_if<std::string>(&it->second.value);
  return text != nullptr && text->find_first_not_of(" \t") == std::string::npos;
}

bool written_by_builder(const Ledger& ledger, const std::string& list, const std::string& row) {
  return std::any_of(ledger.rows.begin(), ledger.rows.end(),
                     [&](const auto& kv) { return kv.second.list == list && kv.second.row == row; });
}

std::optional<Number> row_price(const BuilderStep& step, const List& list, const Row& row) {
  if (!step.cost) return std::nullopt;
  if (step.cost->column.empty()) return step.cost->amount;
  const Column& column = list.columns[step.cost->column_index];
  auto it = row.cells.find(column.id);
  const Scalar& cell = it == row.cells.end() ? column.spec.default_value : it->second;
  if (const auto* n = std::get_if<Number>(&cell.value)) return *n;
  return Number();
}

std::optional<Number> pick_price(const BuilderStep& step, const CatalogEntry& entry) {
  if (!step.cost) return std::nullopt;
  if (step.cost->filter.empty()) return step.cost->amount;
  auto it = entry.filters.find(step.cost->filter);
  if (it == entry.filters.end()) return Number();
  if (const auto* n = std::get_if<Number>(&it->second.value)) return *n;
  return Number();
}

Pass::PaidFirst Pass::paid_first(const BuilderPool& pool) {
  PaidFirst paid;
  const auto add = [&](Number price) {
    if (price > Number())
      paid.spent += price;
    else
      paid.credit += -price;
  };
  for (const BuilderStep& st : b_.steps) {
    if (!st.cost || st.pool != pool.id) continue;
    if (st.kind == BuilderStep::Kind::Rows && st.rows && st.rows->list_index != kNone) {
      const List& list = rs_.sheet.lists[st.rows->list_index];
      auto rows = character_.lists.find(list.id);
      if (rows == character_.lists.end()) continue;
      for (const Row& row : rows->second) {
        if (!written_by_builder(answers_.wrote, list.id, row.id)) add(*row_price(st, list, row));
      }
    } else if (st.kind == BuilderStep::Kind::Catalog) {
      const CatalogEntries* entries = catalogs_.get(st.catalog);
      if (entries == nullptr) continue;
      for (const std::string& id : answers_of(answers_, st.id).picks) {
        if (const CatalogEntry* e = entries->find(id)) add(*pick_price(st, *e));
      }
    }
  }
  return paid;
}

Why Pass::pick_refusal(const BuilderStep& step, const CatalogEntry& entry) {
  const BuilderPool* pool = b_.pool(step.pool);
  if (pool == nullptr) return {};
  const CreationPoolView& p = pool_state(*pool);
  if (!p.budget) return {Reason::PoolNotConfigured, {p.id}};
  const Number price = pick_price(step, entry).value_or(Number());
  if (price > Number() && price > p.remaining)
    return {Reason::PoolCannotPay, {price.to_string(), p.id, p.remaining.to_string()}};  // BC-65
  if (price < Number() && p.credit - price > Number::of(p.credit_limit))
    return {Reason::PoolCreditFull, {(-price).to_string(), p.id, std::to_string(p.credit_limit), p.credit.to_string()}};
  return {};
}

void Pass::rows_view(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  if (!step.rows || step.rows->list_index == kNone) return;
  const RowsStep& spec = *step.rows;
  const List& list = rs_.sheet.lists[spec.list_index];
  const Character& sheet = working();
  RowsView v;
  v.list = list.id;
  for (std::size_t c : spec.columns) v.columns.push_back(list.columns[c].id);
  auto found = sheet.lists.find(list.id);
  const std::vector<Row> none;
  const std::vector<Row>& rows = found == sheet.lists.end() ? none : found->second;
  for (const Row& row : rows) {
    RowEntryView e;
    e.id = row.id;
    e.from_pick = written_by_builder(working_ledger_, list.id, row.id);
    for (std::size_t c : spec.columns) {
      const std::string& id = list.columns[c].id;
      if (auto cell = row.cells.find(id); cell != row.cells.end() && !row_cell_empty(row, id))
        e.cells[id] = cell->second;
    }
    if (!e.from_pick) {
      for (std::size_t c : spec.required) {
        if (row_cell_empty(row, list.columns[c].id)) e.missing.push_back(list.columns[c].id);
      }
      e.price = row_price(step, list, row);
      ++v.own;
      if (e.missing.empty()) ++v.complete;
    }
    v.rows.push_back(std::move(e));
  }
  // BC-14: the step waits for max(min, countFrom) complete rows.
  std::int64_t counted = 0;
  if (step.count_from) counted = std::max<std::int64_t>(0, read(*step.count_from).floor().whole());
  v.expected = std::max(spec.min, counted);
  const auto room = static_cast<std::int64_t>(list.most_rows());
  const auto total = static_cast<std::int64_t>(rows.size());
  v.most = spec.max.value_or(room);
  if (v.own >= v.most) {
    v.why = {Reason::RowsAtMax, {std::to_string(v.own)}};
  } else if (total >= room) {
    v.why = {Reason::ListFull, {list.id, std::to_string(total)}};
  }
  v.can_add = v.why.empty();
  // BC-11 – BC-13: showing the step tops the player's own rows up to `countFrom`, never past `max`
  // or the list's room, and never for a described character.
  if (step.count_from && !described_) {
    const std::int64_t target = std::min(counted, v.most);
    v.top_up = std::clamp<std::int64_t>(target - v.own, 0, room - total);
  }
  // The badge (BC-4, BC-14): the rows still missing, then each own row with an empty required cell.
  view.badge += std::max<std::int64_t>(0, v.expected - v.own) + (v.own - v.complete);
  if (v.expected > 0) view.notes.push_back(fmt::format("{} of {} complete rows (BC-14)", v.complete, v.expected));
  if (v.expected > v.most)
    view.notes.push_back(
        fmt::format("the step waits for {} rows but holds at most {}: the ruleset cannot be completed "
                    "here, write the rest in All fields",
                    v.expected, v.most));
  for (const RowEntryView& e : v.rows) {
    if (!e.missing.empty())
      view.notes.push_back(fmt::format("row `{}` counts once it fills {} (BC-3)", e.id, fmt::join(e.missing, ", ")));
  }
  if (v.top_up > 0)
    view.notes.push_back(
        fmt::format("showing the step adds {} row(s) up to {}: {{\"step\": \"{}\", \"show\": true}} "
                    "(BC-11)",
                    v.top_up, counted, step.id));
  view.rows = std::move(v);
}

}  // namespace rk::builder
