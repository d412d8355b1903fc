// Creation rules and creation profiles (docs/format/builder.md "Creation rules", "Creation
// profiles", BC-22 – BC-29, BC-69 – BC-72), read once the builder's steps and pools are known.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/read_builder.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

std::size_t step_named(ObjectReader& r, std::string_view key, const Builder& b, std::string_view requirement,
                       std::string& id) {
  id = r.id(key, true).value_or("");
  if (id.empty()) return kNone;
  auto it = b.step_index.find(id);
  if (it != b.step_index.end()) return it->second;
  std::vector<std::string> ids;
  for (const BuilderStep& s : b.steps) ids.push_back(s.id);
  r.error(Code::UnknownReference, key, "the builder has no step `{}`{} ({})", id, did_you_mean(id, ids), requirement);
  return kNone;
}

const List* list_named(ObjectReader& r, std::string_view key, const Ruleset& rs, std::size_t& index) {
  const std::string id = r.id(key, true).value_or("");
  if (id.empty()) return nullptr;
  auto it = rs.sheet.list_index.find(id);
  if (it == rs.sheet.list_index.end()) {
    std::vector<std::string> ids;
    for (const List& l : rs.sheet.lists) ids.push_back(l.id);
    r.error(Code::UnknownReference, key, "unknown list `{}`{}", id, did_you_mean(id, ids));
    return nullptr;
  }
  index = it->second;
  return &rs.sheet.lists[it->second];
}

std::size_t column_named(ObjectReader& r, std::string_view key, const List& list, bool number, std::string_view req) {
  const std::string id = r.id(key, true).value_or("");
  if (id.empty()) return kNone;
  auto it = list.column_index.find(id);
  if (it == list.column_index.end()) {
    std::vector<std::string> ids;
    for (const Column& c : list.columns) ids.push_back(c.id);
    r.error(Code::UnknownReference, key, "list `{}` has no column `{}`{} ({})", list.id, id, did_you_mean(id, ids),
            req);
    return kNone;
  }
  if (number && !list.columns[it->second].spec.is_numeric()) {
    r.error(Code::WrongReferenceType, key, "column `{}` of list `{}` is not a number column ({})", id, list.id, req);
    return kNone;
  }
  return it->second;
}

std::optional<NumberOrRef> number_or_ref(ObjectReader& r, std::string_view key, Ruleset& rs, ReadContext& cx) {
  const bj::value* v = r.get(key);
  if (v == nullptr) return std::nullopt;
  if (v->is_number()) {
    auto n = r.number(key, true);
    if (!n) return std::nullopt;
    return NumberOrRef{*n, std::nullopt};
  }
  auto ref = read_build_ref(r, key, rs, cx);
  if (!ref) return std::nullopt;
  return NumberOrRef{Number(), std::move(ref)};
}

std::optional<RuleRowFilter> read_row_filter(const bj::value& v, const std::string& p, const std::string& what,
                                             const List& list, Diagnostics& d) {
  ObjectReader f(v, p, what + " `filter`", d);
  if (!f.ok()) return std::nullopt;
  RuleRowFilter out;
  out.column_index = column_named(f, "column", list, false, "BC-25");
  if (out.column_index == kNone) {
    for (std::string_view key : {"equals", "below", "above"}) f.accept(key);
    return std::nullopt;
  }
  const Column& column = list.columns[out.column_index];
  out.column = column.id;
  if (const bj::value* eq = f.get("equals")) {
    auto value = read_scalar(*eq);
    if (!value || !column.spec.accepts(*value))
      f.error(Code::BadValue, "equals", "`equals` is a value column `{}` holds (BC-25)", column.id);
    else
      out.equals = *value;
  }
  for (std::string_view key : {"below", "above"}) {
    if (!f.has(key)) continue;
    if (!column.spec.is_numeric()) {
      f.error(Code::WrongReferenceType, key, "`{}` compares a number column; `{}` is not one (BC-25)", key, column.id);
      f.accept(key);
      continue;
    }
    if (auto n = f.number(key, true)) (key == "below" ? out.below : out.above) = *n;
  }
  if (!out.equals && !out.below && !out.above && !f.has("equals"))
    f.error(Code::MissingKey, "", "a filter gives at least one of `equals`, `below`, `above` (BC-25)");
  return out;
}

std::optional<CreationRule> read_rule(const bj::value& v, const std::string& p, const Builder& b, Ruleset& rs,
                                      ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  ObjectReader r(v, p, entry_name("creation rule", v, p), d);
  if (!r.ok()) return std::nullopt;
  CreationRule rule;
  rule.pointer = p;
  if (r.has("id")) rule.id = r.id("id", true).value_or("");
  rule.label = r.label();
  rule.step_index = step_named(r, "step", b, "BC-23", rule.step);
  if (r.has("when")) rule.when = read_build_ref(r, "when", rs, cx);
  std::vector<std::string_view> kinds;
  for (std::string_view key : {"value", "rows", "distinct", "approved"}) {
    if (r.has(key)) kinds.push_back(key);
  }
  if (kinds.size() != 1) {
    r.error(kinds.empty() ? Code::MissingKey : Code::ConflictingKeys, kinds.empty() ? "" : kinds[1],
            "a creation rule has exactly one of `value`, `rows`, `distinct`, `approved` (BC-23)");
    for (std::string_view key : {"value", "rows", "distinct", "approved", "min", "max"}) r.accept(key);
    return std::nullopt;
  }
  bool bounded = false;
  if (kinds[0] == "value") {
    rule.kind = CreationRule::Kind::Value;
    rule.value = read_build_ref(r, "value", rs, cx);
    bounded = true;
  } else if (kinds[0] == "rows") {
    rule.kind = CreationRule::Kind::Rows;
    bounded = true;
    ObjectReader m(*r.get("rows"), r.at("rows"), r.what() + " `rows`", d);
    if (m.ok()) {
      if (const List* list = list_named(m, "list", rs, rule.list_index)) {
        if (const bj::value* filter = m.get("filter"))
          rule.filter = read_row_filter(*filter, m.at("filter"), r.what(), *list, d);
        if (m.has("sum")) rule.sum_index = column_named(m, "sum", *list, true, "BC-25");
      } else {
        m.accept("filter");
        m.accept("sum");
      }
    }
  } else if (kinds[0] == "distinct") {
    rule.kind = CreationRule::Kind::Distinct;
    ObjectReader m(*r.get("distinct"), r.at("distinct"), r.what() + " `distinct`", d);
    if (m.ok()) {
      if (const List* list = list_named(m, "list", rs, rule.list_index))
        rule.column_index = column_named(m, "column", *list, false, "BC-26");
      else
        m.accept("column");
    }
  } else {
    rule.kind = CreationRule::Kind::Approved;
    const std::string field = r.id("approved", true).value_or("");
    auto it = rs.sheet.field_index.find(field);
    if (it == rs.sheet.field_index.end()) {
      if (!field.empty()) r.error(Code::UnknownReference, "approved", "unknown field `{}` (BC-27)", field);
    } else if (rs.sheet.fields[it->second].spec.type != ValueType::Boolean) {
      r.error(Code::WrongReferenceType, "approved", "field `{}` is not a boolean field (BC-27)", field);
    } else {
      rule.field_index = it->second;
    }
  }
  if (bounded) {
    rule.min = number_or_ref(r, "min", rs, cx);
    rule.max = number_or_ref(r, "max", rs, cx);
    if (!r.has("min") && !r.has("max"))
      r.error(Code::MissingKey, "", "a `{}` rule gives `min`, `max` or both (BC-24, BC-25)", kinds[0]);
  }
  return rule;
}

}  // namespace

std::vector<CreationRule> read_creation_rules(const bj::array& a, const std::string& pointer, const Builder& b,
                                              Ruleset& rs, ReadContext& cx) {
  std::vector<CreationRule> out;
  cx.requirement.use(Gate::CreationRules, pointer);
  check_limit(limits::kCreationRules, a.size(), pointer, "`sheet.builder.constraints`", cx.diagnostics);
  if (a.size() > limits::kCreationRules) return out;
  UniqueIds ids{"creation rule"};
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto rule = read_rule(a[i], json::child(pointer, i), b, rs, cx);
    if (!rule) continue;
    if (!rule->id.empty() && !ids.add(rule->id, json::child(rule->pointer, "id"), cx.diagnostics)) continue;
    out.push_back(std::move(*rule));
  }
  return out;
}

std::vector<CreationProfile> read_creation_profiles(const bj::array& a, const std::string& pointer, const Builder& b,
                                                    Ruleset& rs, ReadContext& cx) {
  std::vector<CreationProfile> out;
  cx.requirement.use(Gate::CreationProfiles, pointer);
  check_limit(limits::kCreationProfiles, a.size(), pointer, "`sheet.builder.profiles`", cx.diagnostics);
  if (a.size() > limits::kCreationProfiles) return out;
  UniqueIds ids{"creation profile"};
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader r(a[i], p, entry_name("creation profile", a[i], p), cx.diagnostics);
    if (!r.ok()) continue;
    CreationProfile profile;
    profile.pointer = p;
    profile.id = r.id("id", true).value_or("");
    profile.label = r.label();
    auto when = read_build_ref(r, "when", rs, cx);
    if (!r.has("when")) r.error(Code::MissingKey, "", "a profile says `when` it is the character's (BC-69)");
    if (when) profile.when = std::move(*when);
    if (auto steps = r.id_list("steps", false)) {
      for (std::size_t k = 0; k < steps->size(); ++k) {
        if (!b.step_index.contains((*steps)[k])) {
          std::vector<std::string> known;
          for (const BuilderStep& s : b.steps) known.push_back(s.id);
          cx.diagnostics.error(Code::UnknownReference, json::child(r.at("steps"), k),
                               "profile `{}`: the builder has no step `{}`{} (BC-69)", profile.id, (*steps)[k],
                               did_you_mean((*steps)[k], known));
          continue;
        }
        profile.steps.push_back((*steps)[k]);
      }
    }
    if (const bj::value* budgets = r.get("budgets")) {
      ObjectReader br(*budgets, r.at("budgets"), r.what() + " `budgets`", cx.diagnostics);
      br.each_key([&](std::string_view key) {
        const std::string pool(key);
        if (b.pool(pool) == nullptr) {
          std::vector<std::string> known;
          for (const BuilderPool& x : b.pools) known.push_back(x.id);
          br.error(Code::UnknownReference, key, "profile `{}`: no pool `{}` in `sheet.builder.pools`{} (BC-69)",
                   profile.id, pool, did_you_mean(pool, known));
          br.accept(key);
          return;
        }
        if (auto ref = read_build_ref(br, key, rs, cx)) profile.budgets.emplace(pool, std::move(*ref));
      });
    }
    if (!profile.id.empty() && !ids.add(profile.id, json::child(p, "id"), cx.diagnostics)) continue;
    out.push_back(std::move(profile));
  }
  return out;
}

}  // namespace rk::detail
