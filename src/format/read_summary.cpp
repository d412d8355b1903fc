// `gm.sheetSummary` and the party's `summary`, which share one shape: which fields, derived
// values and list rows the Game Master sees for each character (docs/format/gm-clocks-party.md).
#include "format/limits.hpp"
#include "format/read.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// A list of the reference's shape: `{ "list", "nameColumn", "columns"?, "groupBy"?, "onlyWhen"? }`.
std::optional<SummaryList> read_summary_list_object(const bj::value& v, const std::string& pointer, std::size_t index,
                                                    std::string_view what, ReadContext& cx) {
  ObjectReader r(v, pointer, fmt::format("{} list #{}", what, index + 1), cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  SummaryList list;
  list.pointer = r.at("list");
  list.list = r.id("list", true).value_or("");
  if (!list.list.empty()) r.rename(fmt::format("{} list `{}`", what, list.list));
  list.name_column = r.id("nameColumn", true).value_or("");
  if (r.has("columns")) {
    list.columns = r.id_list("columns", true).value_or(std::vector<std::string>{});
    const std::size_t n = r.get("columns")->is_array() ? r.get("columns")->get_array().size() : 1;
    if (n == 0) {
      r.error(Code::TooFew, "columns", "`columns` names at least one column, or is left out");
    } else if (n > limits::kSummaryListColumns) {
      r.error(Code::TooMany, "columns", "`columns` names {} columns; the limit is {}", n, limits::kSummaryListColumns);
    }
  }
  list.group_by = r.id("groupBy", false).value_or("");
  list.only_when = r.id("onlyWhen", false).value_or("");
  if (list.list.empty() || list.name_column.empty()) return std::nullopt;
  return list;
}

}  // namespace

std::optional<SheetSummary> read_summary(const bj::value& v, const std::string& pointer, std::string_view what,
                                         ReadContext& cx) {
  ObjectReader r(v, pointer, std::string(what), cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  SheetSummary s;
  s.pointer = pointer;
  s.fields = r.id_list("fields", false).value_or(std::vector<std::string>{});
  s.derived = r.id_list("derived", false).value_or(std::vector<std::string>{});
  for (auto* ids : {&s.fields, &s.derived}) {
    check_limit(limits::kSummaryEntries, ids->size(), pointer, std::string(what), cx.diagnostics);
  }
  if (const bj::array* lists = r.array("lists", false)) {
    check_limit(limits::kSummaryLists, lists->size(), r.at("lists"), std::string(what) + " `lists`", cx.diagnostics);
    std::vector<std::pair<std::string, std::string>> ids;
    for (std::size_t i = 0; i < lists->size(); ++i) {
      const bj::value& item = (*lists)[i];
      const std::string p = json::child(r.at("lists"), i);
      // A summary list is an object naming its rows' `nameColumn`; a bare list id says neither.
      std::optional<SummaryList> list = read_summary_list_object(item, p, i, what, cx);
      if (!list) continue;
      ids.emplace_back(list->list, list->pointer);
      s.lists.push_back(std::move(*list));
    }
    report_duplicate_ids(ids, fmt::format("{}: list", what), cx.diagnostics);
  }
  return s;
}

void check_summary_columns(Ruleset& ruleset, const SheetSummary& summary, bool party, Diagnostics& diagnostics) {
  const std::vector<List>& lists = party ? ruleset.party->lists : ruleset.sheet.lists;
  const auto& list_index = party ? ruleset.party->list_index : ruleset.sheet.list_index;
  const std::string owner = party ? "party.summary" : "gm.sheetSummary";
  for (std::size_t i = 0; i < summary.lists.size(); ++i) {
    const SummaryList& entry = summary.lists[i];
    const auto it = list_index.find(entry.list);
    if (it == list_index.end()) continue;  // reported by the resolver
    const List& list = lists[it->second];
    const std::string at = json::child(json::child(summary.pointer, "lists"), i);
    const auto column = [&](const std::string& id, const std::string& pointer) -> const Column* {
      if (const auto c = list.column_index.find(id); c != list.column_index.end()) return &list.columns[c->second];
      diagnostics.error(Code::UnknownReference, pointer, "{} list `{}`: list `{}` has no column `{}`", owner,
                        entry.list, entry.list, id);
      return nullptr;
    };
    if (const Column* name = column(entry.name_column, json::child(at, "nameColumn"))) {
      if (name->spec.type == ValueType::Enum) {
        ruleset.requirement.use(Gate::SummaryEnumNameColumn, json::child(at, "nameColumn"));
      } else if (name->spec.type != ValueType::Text) {
        diagnostics.error(Code::WrongReferenceType, json::child(at, "nameColumn"),
                          "{} list `{}`: the name column `{}` must be a text or enum column", owner, entry.list,
                          entry.name_column);
      }
    }
    if (!entry.columns.empty()) ruleset.requirement.use(Gate::SummaryListColumns, json::child(at, "columns"));
    for (std::size_t c = 0; c < entry.columns.size(); ++c) {
      column(entry.columns[c], json::child(json::child(at, "columns"), c));
    }
    if (!entry.group_by.empty()) column(entry.group_by, json::child(at, "groupBy"));
    if (!entry.only_when.empty()) {
      const Column* only = column(entry.only_when, json::child(at, "onlyWhen"));
      if (only != nullptr && only->spec.type != ValueType::Boolean) {
        diagnostics.error(Code::WrongReferenceType, json::child(at, "onlyWhen"),
                          "{} list `{}`: `onlyWhen` must name a boolean column, and `{}` is not one", owner, entry.list,
                          entry.only_when);
      }
    }
  }
}

}  // namespace rk::detail
