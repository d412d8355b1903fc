// The builder's choice slots (BA-69 – BA-84, BA-94 – BA-99, BA-124 – BA-140), quota rules and
// filter values, shared by catalog steps, trained steps and entry grants.
#include <algorithm>

#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "json/document.hpp"

namespace rk::detail {

std::optional<FilterValue> filter_value_of(const bj::value& v) {
  if (v.is_number()) {
    if (auto n = to_number(v)) return FilterValue{*n};
    return std::nullopt;
  }
  if (v.is_string()) return FilterValue{std::string(v.get_string())};
  if (v.is_array()) {
    std::vector<std::string> tags;
    for (const auto& t : v.get_array()) {
      if (!t.is_string()) return std::nullopt;
      tags.emplace_back(t.get_string());
    }
    return FilterValue{std::move(tags)};
  }
  return std::nullopt;
}

std::map<std::string, FilterValue> read_filter_values(ObjectReader& r, std::string_view key) {
  std::map<std::string, FilterValue> out;
  const bj::object* o = r.object(key, false);
  if (o == nullptr) return out;
  for (const auto& m : *o) {
    if (auto fv = filter_value_of(m.value()))
      out.emplace(m.key(), std::move(*fv));
    else
      r.diagnostics().error(Code::WrongType, json::child(r.at(key), m.key()),
                            "{}: filter `{}` takes a number, a string or strings", r.what(), std::string_view(m.key()));
  }
  return out;
}

QuotaRules read_quota_rules(ObjectReader& r, ReadContext& cx) {
  QuotaRules out;
  if (const bj::array* quotas = r.array("quotas", false)) {
    cx.requirement.use(Gate::Quotas, r.at("quotas"));
    r.check_limit(limits::kQuotas, quotas->size(), "quotas");
    for (std::size_t i = 0; i < quotas->size() && i < limits::kQuotas; ++i) {
      const std::string p = json::child(r.at("quotas"), i);
      ObjectReader q((*quotas)[i], p, fmt::format("{} quota #{}", r.what(), i + 1), cx.diagnostics);
      if (!q.ok()) continue;
      Quota quota;
      quota.filter = q.id("filter", true).value_or("");
      bool valued = false;  // a quota without a usable value is reported once, here
      if (const bj::value* value = q.get("value")) {
        if (auto fv = filter_value_of(*value); fv && !std::holds_alternative<std::vector<std::string>>(fv->value)) {
          quota.value = *fv;
          valued = true;
        } else {
          q.error(Code::WrongType, "value", "`value` is a number or a string");
        }
      } else {
        q.error(Code::MissingKey, "", "`value` is required (BA-115)");
      }
      if (auto min = q.number("min", false, true)) quota.min = min->whole();
      if (auto max = q.number("max", false, true)) quota.max = max->whole();
      if (valued) out.quotas.push_back(std::move(quota));
    }
  }
  if (r.has("distinctBy")) {
    cx.requirement.use(Gate::DistinctBy, r.at("distinctBy"));
    out.distinct_by = r.id("distinctBy", true).value_or("");
  }
  if (const bj::value* below = r.get("quotaBelow")) {
    cx.requirement.use(Gate::QuotaBelow, r.at("quotaBelow"));
    ObjectReader b(*below, r.at("quotaBelow"), r.what() + " `quotaBelow`", cx.diagnostics);
    out.quota_below = b.id("filter", true).value_or("");
  }
  return out;
}

std::optional<Ref> read_build_ref(ObjectReader& r, std::string_view key, Ruleset& rs, ReadContext& cx) {
  const bj::value* v = r.get(key);
  if (v == nullptr) return std::nullopt;
  auto ref = read_ref(*v, r.at(key), fmt::format("{} `{}`", r.what(), key), cx);
  if (!ref) return std::nullopt;
  const std::size_t before = cx.diagnostics.error_count();
  resolve_sheet_ref(rs, *ref, fmt::format("{} `{}`", r.what(), key), cx.diagnostics);
  if (cx.diagnostics.error_count() != before) return std::nullopt;
  if (ref_reads_live(rs, *ref)) {
    r.error(Code::ReadsLiveState, key, "`{}` reads the sheet without live state (pools, tracks, live states)", key);
    return std::nullopt;
  }
  return ref;
}

void check_tier(const Ruleset& rs, const std::string& tier, const std::string& pointer, const std::string& what,
                Diagnostics& d) {
  if (tier.empty()) return;
  auto it = rs.sheet.tier_index.find(tier);
  if (it == rs.sheet.tier_index.end()) {
    std::vector<std::string> ids;
    for (const auto& t : rs.resolution.tiers) ids.push_back(t.id);
    d.error(Code::UnknownReference, pointer, "{}: unknown tier `{}`{}", what, tier, did_you_mean(tier, ids));
  } else if (it->second == 0) {
    d.error(Code::BadValue, pointer, "{}: `{}` is the untrained tier; name a tier above it (BA-78, BA-133)", what,
            tier);
  }
}

namespace {

/// `id`, `count`, `countFrom`, `max`, `excludeChoices` (BA-124 – BA-129).
void read_slot_common(ObjectReader& s, ChoiceSlot& slot, std::int64_t max_count, Ruleset& rs, ReadContext& cx) {
  slot.pointer = s.pointer();
  if (s.has("id")) {
    cx.requirement.use(Gate::SlotId, s.at("id"));
    slot.id = s.id("id", true).value_or("");
  }
  const bool has_from = s.has("countFrom");
  if (has_from) {
    cx.requirement.use(Gate::SlotCountFrom, s.at("countFrom"));
    slot.count_from = read_build_ref(s, "countFrom", rs, cx);
    if (auto max = s.number("max", true, true)) {
      if (*max < Number::of(1) || *max > Number::of(max_count)) {
        s.error(Code::OutOfRange, "max", "`max` is 1-{} with `countFrom` (BA-127), found {}", max_count,
                max->to_string());
      }
      slot.max = max->whole();
    }
    if (s.has("count")) s.error(Code::ConflictingKeys, "count", "give `count` or `countFrom`, not both (BA-127)");
    s.accept("count");
  } else {
    if (s.has("max")) s.error(Code::UnknownKey, "max", "`max` goes with `countFrom` (BA-127)");
    s.accept("max");
    if (auto count = s.number("count", true, true)) {
      if (*count < Number::of(1) || *count > Number::of(max_count)) {
        s.error(Code::OutOfRange, "count", "`count` is 1-{}, found {}", max_count, count->to_string());
      }
      slot.count = count->whole();
    }
  }
  if (const bj::array* ex = s.array("excludeChoices", false)) {
    cx.requirement.use(Gate::ExcludeChoices, s.at("excludeChoices"));
    for (std::size_t i = 0; i < ex->size(); ++i) {
      const bj::value& x = (*ex)[i];
      const std::string p = json::child(s.at("excludeChoices"), i);
      const std::string text = x.is_string() ? std::string(x.get_string()) : "";
      const auto slash = text.find('/');
      if (slash == std::string::npos || !is_valid_id(text.substr(0, slash)) || !is_valid_id(text.substr(slash + 1))) {
        cx.diagnostics.error(Code::BadValue, p,
                             "{}: an `excludeChoices` item is written \"source_step/choice_id\" (BA-129)", s.what());
        continue;
      }
      slot.exclude_choices.push_back(text);
    }
  }
}

std::vector<std::string> checked_ids(ObjectReader& s, std::string_view key,
                                     const std::unordered_map<Id, std::size_t>& index, std::string_view kind) {
  auto ids = s.id_list(key, false).value_or(std::vector<std::string>{});
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (!index.contains(ids[i])) {
      s.diagnostics().error(Code::UnknownReference, json::child(s.at(key), i), "{}: unknown {} `{}`", s.what(), kind,
                            ids[i]);
    }
  }
  return ids;
}

}  // namespace

std::vector<AbilityChoice> read_ability_choices(const bj::array& a, const std::string& pointer, const std::string& what,
                                                Ruleset& rs, ReadContext& cx) {
  std::vector<AbilityChoice> out;
  check_limit(limits::kChoiceSlots, a.size(), pointer, what, cx.diagnostics);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader s(a[i], p, fmt::format("{} #{}", what, i + 1), cx.diagnostics);
    if (!s.ok()) continue;
    AbilityChoice slot;
    read_slot_common(s, slot, limits::kAbilitySlotMax, rs, cx);
    if (auto amount = s.number("amount", true)) slot.amount = *amount;
    slot.except = checked_ids(s, "except", rs.sheet.ability_index, "ability");
    if (s.has("from")) {
      cx.requirement.use(Gate::AbilityChoiceFrom, s.at("from"));
      slot.from = checked_ids(s, "from", rs.sheet.ability_index, "ability");
    }
    if (auto repeat = s.boolean("repeat")) {
      cx.requirement.use(Gate::RepeatChoices, s.at("repeat"));
      slot.repeat = *repeat;
    }
    if (s.has("upTo")) {
      cx.requirement.use(Gate::ChoiceUpTo, s.at("upTo"));
      slot.up_to = s.number("upTo", true);
    }
    if (s.has("partialFrom")) {
      cx.requirement.use(Gate::PartialFrom, s.at("partialFrom"));
      slot.partial_from = s.number("partialFrom", true);
    }
    out.push_back(std::move(slot));
  }
  return out;
}

std::vector<TrainedChoice> read_trained_choices(const bj::array& a, const std::string& pointer, const std::string& what,
                                                Ruleset& rs, ReadContext& cx) {
  std::vector<TrainedChoice> out;
  check_limit(limits::kChoiceSlots, a.size(), pointer, what, cx.diagnostics);
  if (!a.empty()) cx.requirement.use(Gate::TrainedChoices, pointer);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader s(a[i], p, fmt::format("{} #{}", what, i + 1), cx.diagnostics);
    if (!s.ok()) continue;
    TrainedChoice slot;
    read_slot_common(s, slot, limits::kSlotMax, rs, cx);
    const auto& index = [&]() -> const std::unordered_map<Id, std::size_t>& {
      if (auto w = s.choice("what", true, TrainedChoice::kWhats)) slot.what = *w;
      return slot.what == TrainedChoice::What::Saves ? rs.sheet.save_index : rs.sheet.skill_index;
    }();
    const std::string_view kind = slot.what == TrainedChoice::What::Saves ? "save" : "skill";
    slot.from = checked_ids(s, "from", index, kind);
    if (s.has("held")) {
      cx.requirement.use(Gate::Held, s.at("held"));
      slot.held = s.id("held", true).value_or("");
      check_tier(rs, slot.held, s.at("held"), s.what(), cx.diagnostics);
    }
    if (s.has("tier")) {
      cx.requirement.use(Gate::TrainedChoiceTier, s.at("tier"));
      slot.tier = s.id("tier", true).value_or("");
      check_tier(rs, slot.tier, s.at("tier"), s.what(), cx.diagnostics);
    }
    if (s.has("only")) {
      cx.requirement.use(Gate::TrainedChoiceOnly, s.at("only"));
      if (auto only = s.choice("only", true, TrainedChoice::kOnlys)) slot.only = *only;
    }
    if (s.has("onDuplicate")) {
      cx.requirement.use(Gate::OnDuplicate, s.at("onDuplicate"));
      slot.replace_duplicates = s.choice("onDuplicate", true, TrainedChoice::kOnDuplicates).has_value();
    }
    if (s.has("replacementFrom")) {
      cx.requirement.use(Gate::ReplacementFrom, s.at("replacementFrom"));
      slot.replacement_from = checked_ids(s, "replacementFrom", index, kind);
      if (!slot.replace_duplicates) {
        s.error(Code::MissingKey, "replacementFrom", "`replacementFrom` needs `onDuplicate: \"replace\"` (BC-21)");
      }
    }
    out.push_back(std::move(slot));
  }
  return out;
}

std::vector<EntryChoice> read_entry_choices(const bj::array& a, const std::string& pointer, const std::string& what,
                                            Ruleset& rs, ReadContext& cx) {
  std::vector<EntryChoice> out;
  if (a.size() > limits::kEntryChoices) {
    cx.diagnostics.error(Code::TooMany, pointer, "{}: {} choices; the limit is {} (BA-94)", what, a.size(),
                         limits::kEntryChoices);
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader s(a[i], p, fmt::format("{} #{}", what, i + 1), cx.diagnostics);
    if (!s.ok()) continue;
    EntryChoice slot;
    read_slot_common(s, slot, limits::kSlotMax, rs, cx);
    slot.catalog = s.id("catalog", true).value_or("");
    slot.filters = read_filter_values(s, "filters");
    slot.ids = s.id_list("ids", false).value_or(std::vector<std::string>{});
    slot.quota_rules = read_quota_rules(s, cx);
    out.push_back(std::move(slot));
  }
  return out;
}

void check_filter_values(const Catalog& catalog, const std::map<std::string, FilterValue>& filters,
                         const std::string& pointer, const std::string& what, Diagnostics& d) {
  for (const auto& filter : filters) {
    // Named, not a structured binding: clang before 16 cannot capture those in the lambda below.
    const std::string& id = filter.first;
    const FilterValue& value = filter.second;
    const std::string p = json::child(pointer, id);
    auto f = std::find_if(catalog.filters.begin(), catalog.filters.end(),
                          [&](const CatalogFilter& x) { return x.id == id; });
    if (f == catalog.filters.end()) {
      std::vector<std::string> ids;
      for (const auto& x : catalog.filters) ids.push_back(x.id);
      d.error(Code::UnknownReference, p, "{}: catalog `{}` has no filter `{}`{}", what, catalog.id, id,
              did_you_mean(id, ids));
      continue;
    }
    const bool number = std::holds_alternative<Number>(value.value);
    const bool ok = f->type == CatalogFilter::Type::Number ? number : !number;
    const bool tags_only =
        std::holds_alternative<std::vector<std::string>>(value.value) && f->type != CatalogFilter::Type::Tags;
    if (!ok || tags_only)
      d.error(Code::WrongType, p, "{}: filter `{}` of catalog `{}` does not take this value", what, id, catalog.id);
  }
}

void check_quota_rules(const Catalog& catalog, const QuotaRules& rules, std::int64_t bound, const std::string& pointer,
                       const std::string& what, Diagnostics& d) {
  auto find = [&](const std::string& id) {
    return std::find_if(catalog.filters.begin(), catalog.filters.end(),
                        [&](const CatalogFilter& x) { return x.id == id; });
  };
  for (std::size_t i = 0; i < rules.quotas.size(); ++i) {
    const Quota& q = rules.quotas[i];
    const std::string p = json::child(json::child(pointer, "quotas"), i);
    if (q.filter.empty()) continue;
    auto f = find(q.filter);
    if (f == catalog.filters.end()) {
      d.error(Code::UnknownReference, json::child(p, "filter"), "{}: catalog `{}` has no filter `{}` (BA-115)", what,
              catalog.id, q.filter);
    } else if ((f->type == CatalogFilter::Type::Number) != std::holds_alternative<Number>(q.value.value)) {
      d.error(Code::WrongType, json::child(p, "value"), "{}: filter `{}` does not take this value (BA-115)", what,
              q.filter);
    }
    const std::int64_t min = q.min.value_or(0);
    const std::int64_t max = q.max.value_or(bound);
    if (min < 0 || max < 0 || min > max || max > bound) {
      d.error(Code::OutOfRange, p, "{}: a quota keeps 0 <= min <= max <= {} (BA-117), found min {} and max {}", what,
              bound, min, max);
    }
  }
  if (!rules.distinct_by.empty() && find(rules.distinct_by) == catalog.filters.end()) {
    d.error(Code::UnknownReference, json::child(pointer, "distinctBy"), "{}: catalog `{}` has no filter `{}` (BA-119)",
            what, catalog.id, rules.distinct_by);
  }
  if (!rules.quota_below.empty()) {
    auto f = find(rules.quota_below);
    if (f == catalog.filters.end() || f->type != CatalogFilter::Type::Number) {
      d.error(f == catalog.filters.end() ? Code::UnknownReference : Code::WrongReferenceType,
              json::child(json::child(pointer, "quotaBelow"), "filter"),
              "{}: `quotaBelow` names a number filter of catalog `{}` (BA-121)", what, catalog.id);
    }
  }
}

std::optional<std::string> from_within_mismatch(const Catalog& parent, const BuilderStep::Stamp& stamp,
                                                const ValueSpec& column) {
  const std::string& from_within = stamp.from_within;
  const bool text =
      column.type == ValueType::Text || column.type == ValueType::Longtext || column.type == ValueType::Enum;
  if (stamp.part != BuilderStep::Stamp::Part::Filter) {
    if (text) return std::nullopt;
    return fmt::format("the parent's {} is text, which only a text, longtext or enum column holds (BA-33)",
                       from_within);
  }
  auto f = std::find_if(parent.filters.begin(), parent.filters.end(),
                        [&](const CatalogFilter& x) { return x.id == from_within; });
  if (f == parent.filters.end()) return std::nullopt;  // refused where it is read (BA-32)
  switch (f->type) {
    case CatalogFilter::Type::Number:
      if (column.type == ValueType::Number) return std::nullopt;
      return fmt::format("filter `{}` of catalog `{}` is a number, which only a number column holds (BA-33)", f->id,
                         parent.id);
    case CatalogFilter::Type::Text:
      if (text) return std::nullopt;
      return fmt::format(
          "filter `{}` of catalog `{}` is text, which only a text, longtext or enum column holds (BA-33)", f->id,
          parent.id);
    case CatalogFilter::Type::Tags:
      break;
  }
  return fmt::format("filter `{}` of catalog `{}` holds tags, an array, which is never stamped (BA-34)", f->id,
                     parent.id);
}

void check_held(const Ruleset& rs, const TrainedChoice& slot, const std::string& grant_tier, const std::string& what,
                Diagnostics& d) {
  if (slot.held.empty()) return;
  auto held = rs.sheet.tier_index.find(slot.held);
  if (held == rs.sheet.tier_index.end()) return;
  const std::string tier = !slot.tier.empty()    ? slot.tier
                           : !grant_tier.empty() ? grant_tier
                           : rs.sheet.builder    ? rs.sheet.builder->tier
                                                 : "";
  std::size_t rank = 1;  // BA-79: the first tier above untrained
  if (!tier.empty()) {
    auto it = rs.sheet.tier_index.find(tier);
    // An unknown or untrained tier is refused where it is named (check_tier); `held` cannot be
    // ranked against it, so only that first problem is reported.
    if (it == rs.sheet.tier_index.end() || it->second == 0) return;
    rank = it->second;
  }
  if (held->second >= rank) {
    d.error(Code::BadValue, json::child(slot.pointer, "held"),
            "{}: `held` tier `{}` must rank below the tier the choice trains at (BA-84)", what, slot.held);
  }
}

}  // namespace rk::detail
