// `sheet.builder` and its steps (docs/format/builder.md, BA-1 – BA-66, BA-111 – BA-121), read by
// the "builder" pass of compiling (read_ruleset.cpp), against the resolved sheet and the
// catalog headers.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

void check_builder_read_order(const Ruleset& rs, Diagnostics& d);  // read_builder_checks.cpp
void check_exclude_choices(const Ruleset& rs, const Catalog* catalog, const std::vector<CatalogEntry>* entries,
                           Diagnostics& d);  // read_builder_checks.cpp

namespace {

class BuilderReader {
 public:
  BuilderReader(Ruleset& rs, ReadContext& cx) : rs_(rs), s_(rs.sheet), cx_(cx), d_(cx.diagnostics) {}

  std::optional<Builder> read(const bj::value& v, const std::string& p) {
    cx_.requirement.use(Gate::SheetBuilder, p);
    ObjectReader r(v, p, "sheet.builder", d_);
    if (!r.ok()) return std::nullopt;
    Builder b;
    b.pointer = p;
    if (r.has("tier")) {
      b.tier = r.id("tier", true).value_or("");
      check_tier(rs_, b.tier, r.at("tier"), r.what(), d_);
    }
    if (const bj::array* tiers = r.array("ratingTiers", false))
      b.rating_tiers = read_rating_tiers(*tiers, r.at("ratingTiers"), rs_, cx_);
    if (const bj::array* pools = r.array("pools", false)) b.pools = read_builder_pools(*pools, r.at("pools"), rs_, cx_);
    if (const bj::array* steps = r.array("steps", true)) {
      const std::string sp = r.at("steps");
      if (check_gated_limit(limits::kBuilderStepsWithMoreSteps, limits::kBuilderSteps, steps->size(), sp,
                            "builder: `steps`", cx_.requirement, d_) &&
          steps->size() <= limits::kBuilderStepsWithMoreSteps) {
        check_gated_limit(limits::kBuilderStepsUngated, limits::kBuilderStepsWithMoreSteps, steps->size(), sp,
                          "builder: `steps`", cx_.requirement, d_);
      }
      UniqueIds step_ids{"builder step"};  // BA-7: step ids are unique
      for (std::size_t i = 0; i < steps->size(); ++i) {
        auto step = read_step((*steps)[i], json::child(sp, i), b);
        if (!step) continue;
        if (!step_ids.add(step->id, json::child(step->pointer, "id"), d_)) continue;
        b.step_index.emplace(step->id, b.steps.size());
        b.steps.push_back(std::move(*step));
      }
    }
    if (const bj::array* rules = r.array("constraints", false))
      b.constraints = read_creation_rules(*rules, r.at("constraints"), b, rs_, cx_);
    if (const bj::array* profiles = r.array("profiles", false))
      b.profiles = read_creation_profiles(*profiles, r.at("profiles"), b, rs_, cx_);
    return b;
  }

 private:
  std::optional<BuilderStep> read_step(const bj::value& v, const std::string& p, const Builder& b) {
    ObjectReader r(v, p, entry_name("builder step", v, p), d_);
    if (!r.ok()) return std::nullopt;
    BuilderStep st;
    st.pointer = p;
    st.id = r.id("id", true).value_or("");
    st.label = r.label();
    if (r.has("when")) {
      cx_.requirement.use(Gate::StepWhen, r.at("when"));
      st.when = read_build_ref(r, "when", rs_, cx_);
    }
    if (r.has("requiredWhen")) {
      cx_.requirement.use(Gate::StepRequiredWhen, r.at("requiredWhen"));
      st.required_when = read_build_ref(r, "requiredWhen", rs_, cx_);
    }
    const auto kind = r.string("kind", true, limits::kChoiceWordLength);
    if (!kind) {
      r.finish();
      return std::nullopt;
    }
    const std::optional<BuilderStep::Kind> known = choice_of(kStepKinds, *kind);
    if (known) st.kind = *known;
    if (known == BuilderStep::Kind::Catalog) {
      read_catalog_step(r, st, b);
      read_step_price(r, st, b, rs_, cx_);
    } else if (known == BuilderStep::Kind::Fields) {
      read_fields_step(r, st);
    } else if (known == BuilderStep::Kind::Abilities) {
      if (std::any_of(b.steps.begin(), b.steps.end(),
                      [](const BuilderStep& x) { return x.kind == BuilderStep::Kind::Abilities; })) {
        r.error(Code::TooMany, "kind", "a builder has at most one abilities step (BA-55)");
      }
      read_abilities_step(r, st);
    } else if (known == BuilderStep::Kind::Trained) {
      if (const bj::array* choose = r.array("choose", false)) {
        st.choose = read_trained_choices(*choose, r.at("choose"), r.what() + " choice", rs_, cx_);
        std::set<std::string> ids;  // BA-126: unique among the choices this step offers
        for (const auto& slot : st.choose) {
          if (!slot.id.empty() && !ids.insert(slot.id).second) {
            d_.error(Code::DuplicateId, json::child(slot.pointer, "id"), "{}: choice id `{}` is offered twice (BA-126)",
                     r.what(), slot.id);
          }
        }
      }
    } else if (known == BuilderStep::Kind::StartingGear) {
      // The kits: a rows catalog whose entries' rows are the gear (decisions.md). Without it the
      // step offers none, as the spec's own example (BA-5) writes it.
      if (r.has("catalog")) read_catalog_name(r, st);
      if (auto strict = r.boolean("strict")) {
        cx_.requirement.use(Gate::StrictGear, r.at("strict"));
        st.strict = *strict;
      }
    } else if (known == BuilderStep::Kind::Choices) {
      cx_.requirement.use(Gate::ChoicesSteps, r.at("kind"));
      read_catalog_name(r, st);
    } else if (known == BuilderStep::Kind::Allocate) {
      read_allocate_step(r, st, rs_, cx_);
    } else if (known == BuilderStep::Kind::Spend) {
      read_spend_step(r, st, b, rs_, cx_);
    } else if (known == BuilderStep::Kind::Initialize) {
      read_initialize_step(r, st, b, rs_, cx_);
    } else if (known == BuilderStep::Kind::Roll) {
      read_roll_step(r, st, rs_, cx_);
    } else if (known == BuilderStep::Kind::Rows) {
      read_rows_step(r, st, rs_, cx_);
      read_step_price(r, st, b, rs_, cx_);
    } else {
      r.not_one_of("kind", *kind, choice_words(kStepKinds) + " (BA-7)", choice_names(kStepKinds));
      // Which keys a step takes depends on its kind: with the kind refused, none is reported.
      r.each_key([&](std::string_view key) { r.accept(key); });
      r.finish();
      return std::nullopt;
    }
    if (st.id.empty()) return std::nullopt;
    return st;
  }

  const Catalog* read_catalog_name(ObjectReader& r, BuilderStep& st) {
    st.catalog = r.id("catalog", true).value_or("");
    if (st.catalog.empty()) return nullptr;
    auto it = rs_.catalog_index.find(st.catalog);
    if (it == rs_.catalog_index.end()) {
      std::vector<std::string> ids;
      for (const auto& c : rs_.catalogs) ids.push_back(c.id);
      r.error(Code::UnknownReference, "catalog", "unknown catalog `{}`{}", st.catalog, did_you_mean(st.catalog, ids));
      return nullptr;
    }
    const Catalog& c = rs_.catalogs[it->second];
    if (!c.is_rows()) {
      r.error(Code::WrongReferenceType, "catalog", "catalog `{}` does not hold rows (BA-11)", st.catalog);
      return nullptr;
    }
    st.catalog_index = it->second;
    return &c;
  }

  static const CatalogFilter* filter_of(const Catalog* c, const std::string& id) {
    if (c == nullptr) return nullptr;
    auto f = std::find_if(c->filters.begin(), c->filters.end(), [&](const CatalogFilter& x) { return x.id == id; });
    return f == c->filters.end() ? nullptr : &*f;
  }

  void read_count(ObjectReader& r, std::string_view key, std::int64_t& out) {
    auto n = r.number(key, false, true);
    if (!n) return;
    const std::int64_t low = key == "min" ? 0 : 1;
    if (*n < Number::of(low) || *n > Number::of(limits::kStepPicks)) {
      r.error(Code::OutOfRange, key, "`{}` is {}-{} (BA-14), found {}", key, low, limits::kStepPicks, n->to_string());
      return;
    }
    out = n->whole();
    if (out > limits::kStepPicksWithAbove20)
      cx_.requirement.use(*limits::kStepPicksWithAbove20.gate, r.at(key));
    else if (out > limits::kStepPicksUngated)
      cx_.requirement.use(*limits::kStepPicksUngated.gate, r.at(key));
  }

  void read_catalog_step(ObjectReader& r, BuilderStep& st, const Builder& b) {
    const Catalog* c = read_catalog_name(r, st);
    read_count(r, "min", st.min);
    read_count(r, "max", st.max);
    if (st.min > st.max) r.error(Code::OutOfRange, "min", "`min` {} is above `max` {} (BA-12)", st.min, st.max);
    if (r.has("field")) {
      st.field = r.id("field", true).value_or("");
      auto it = s_.field_index.find(st.field);
      if (it == s_.field_index.end()) {
        if (!st.field.empty()) r.error(Code::UnknownReference, "field", "unknown field `{}`", st.field);
      } else if (const auto t = s_.fields[it->second].spec.type; t != ValueType::Text && t != ValueType::Enum) {
        r.error(Code::WrongReferenceType, "field", "field `{}` is not a text or enum field (BA-17)", st.field);
      }
    }
    st.filters = read_filter_values(r, "filters");
    if (c != nullptr) check_filter_values(*c, st.filters, r.at("filters"), r.what(), d_);
    const Catalog* parent = nullptr;
    if (const bj::value* within = r.get("within")) {
      ObjectReader w(*within, r.at("within"), r.what() + " `within`", d_);
      BuilderStep::Within x;
      x.step = w.id("step", true).value_or("");
      x.filter = w.id("filter", true).value_or("");
      auto it = b.step_index.find(x.step);
      if (!x.step.empty()) {
        if (it == b.step_index.end()) {
          w.error(Code::UnknownReference, "step", "`step` names no earlier step: `{}` (BA-19)", x.step);
        } else if (b.steps[it->second].kind != BuilderStep::Kind::Catalog) {
          w.error(Code::WrongReferenceType, "step", "step `{}` is not a catalog step (BA-19)", x.step);
        } else {
          x.step_index = it->second;
          const std::size_t ci = b.steps[it->second].catalog_index;
          if (ci != kNone) parent = &rs_.catalogs[ci];
        }
      }
      const CatalogFilter* f = filter_of(c, x.filter);
      if (c != nullptr && !x.filter.empty()) {
        if (f == nullptr)
          w.error(Code::UnknownReference, "filter", "catalog `{}` has no filter `{}` (BA-19)", c->id, x.filter);
        else if (f->type == CatalogFilter::Type::Number)
          w.error(Code::WrongReferenceType, "filter", "filter `{}` is a number filter; it must name entries (BA-19)",
                  x.filter);
      }
      st.within = x;
    }
    if (const bj::value* up = r.get("upTo")) {
      cx_.requirement.use(Gate::StepUpTo, r.at("upTo"));
      ObjectReader u(*up, r.at("upTo"), r.what() + " `upTo`", d_);
      BuilderStep::UpTo x;
      x.filter = u.id("filter", true).value_or("");
      const CatalogFilter* f = filter_of(c, x.filter);
      if (c != nullptr && !x.filter.empty() && (f == nullptr || f->type != CatalogFilter::Type::Number)) {
        u.error(f == nullptr ? Code::UnknownReference : Code::WrongReferenceType, "filter",
                "`filter` names a number filter of catalog `{}` (BA-21)", c->id);
      }
      if (!u.has("value")) u.error(Code::MissingKey, "", "`value` is required (BA-21)");
      x.value = read_build_ref(u, "value", rs_, cx_);
      st.up_to = x;
    }
    if (const bj::value* reads = r.get("reads")) {
      // BC-73: the sheet as the steps before an earlier step make it.
      cx_.requirement.use(Gate::EarlierPhaseReads, r.at("reads"));
      ObjectReader rb(*reads, r.at("reads"), r.what() + " `reads`", d_);
      st.reads_before = rb.id("before", true).value_or("");
      if (auto it = b.step_index.find(st.reads_before); it != b.step_index.end()) {
        st.reads_before_index = it->second;
      } else if (!st.reads_before.empty()) {
        std::vector<std::string> ids;
        for (const auto& s : b.steps) ids.push_back(s.id);
        rb.error(Code::UnknownReference, "before", "`before` names an earlier step; found `{}`{} (BC-73)",
                 st.reads_before, did_you_mean(st.reads_before, ids));
      }
    }
    if (r.has("countFrom")) {
      cx_.requirement.use(Gate::StepCountFrom, r.at("countFrom"));
      st.count_from = read_build_ref(r, "countFrom", rs_, cx_);
      if (!r.has("max"))
        r.error(Code::MissingKey, "countFrom", "`countFrom` needs an explicit `max` (BA-25, BA-26; decisions.md)");
    }
    if (const bj::object* stamp = r.object("stamp", false)) read_stamp(*stamp, r, st, c, parent);
    if (r.has("quotas") || r.has("distinctBy") || r.has("quotaBelow")) {
      st.quota_rules = read_quota_rules(r, cx_);
      if (c != nullptr) check_quota_rules(*c, st.quota_rules, st.max, r.pointer(), r.what(), d_);
    }
  }

  void read_stamp(const bj::object& stamp, ObjectReader& r, BuilderStep& st, const Catalog* c, const Catalog* parent) {
    cx_.requirement.use(Gate::Stamp, r.at("stamp"));
    if (stamp.empty() || stamp.size() > limits::kStampKeys) {
      r.error(stamp.empty() ? Code::TooFew : Code::TooMany, "stamp", "`stamp` has 1-{} keys (BA-27), found {}",
              limits::kStampKeys, stamp.size());
    }
    if (c != nullptr && c->feeds.empty()) {
      r.error(Code::WrongReferenceType, "stamp",
              "catalog `{}` feeds no list, so there is no row to stamp (BA-27, BA-28)", c->id);
      c = nullptr;  // no column to check the values against
    }
    for (const auto& m : stamp) {
      const std::string p = json::child(r.at("stamp"), m.key());
      BuilderStep::Stamp value;
      const std::string column(m.key());
      if (m.value().is_object()) {
        cx_.requirement.use(Gate::StampFromWithin, p);
        ObjectReader f(m.value(), p, r.what() + fmt::format(" stamp `{}`", column), d_);
        value.from_within = f.string("fromWithin", true, limits::kIdLength).value_or("");
        value.part =
            choice_of(BuilderStep::Stamp::kParts, value.from_within).value_or(BuilderStep::Stamp::Part::Filter);
        if (!st.within) {
          f.error(Code::MissingKey, "fromWithin",
                  "`fromWithin` reads the parent of `within`, which the step does not declare (BA-34)");
        } else if (parent != nullptr && !value.from_within.empty() && value.part == BuilderStep::Stamp::Part::Filter &&
                   filter_of(parent, value.from_within) == nullptr) {
          f.error(Code::BadValue, "fromWithin", "`fromWithin` is \"id\", \"label\" or a filter of catalog `{}` (BA-32)",
                  parent->id);
        }
      } else if (auto scalar = read_scalar(m.value())) {
        value.literal = *scalar;
      } else {
        d_.error(Code::WrongType, p, "{}: a stamp value is a string, number, boolean or {{ \"fromWithin\" }} (BA-29)",
                 r.what());
        continue;
      }
      if (c != nullptr) {
        for (std::size_t li : c->feed_indices) {
          const List& list = s_.lists[li];
          auto ci = list.column_index.find(column);
          if (ci == list.column_index.end()) {
            d_.error(Code::UnknownReference, p, "{}: list `{}` fed by catalog `{}` has no column `{}` (BA-28)",
                     r.what(), list.id, c->id, column);
            continue;
          }
          const ValueSpec& spec = list.columns[ci->second].spec;
          if (value.literal) {
            auto typed = typed_scalar(m.value(), spec.type);
            if (!typed || !spec.accepts(*typed)) {
              d_.error(Code::BadCell, p, "{}: column `{}` of list `{}` does not accept this stamp (BA-29)", r.what(),
                       column, list.id);
            }
          } else if (parent != nullptr) {
            if (auto why = from_within_mismatch(*parent, value, spec)) {
              d_.error(Code::WrongType, json::child(p, "fromWithin"),
                       "{}: column `{}` of list `{}` cannot hold this stamp: {}", r.what(), column, list.id, *why);
            }
          }
        }
      }
      st.stamp.emplace(column, std::move(value));
    }
  }

  void read_fields_step(ObjectReader& r, BuilderStep& st) {
    if (auto fields = r.id_list("fields", true)) {
      st.fields = *fields;
      if (st.fields.empty() || st.fields.size() > limits::kStepFields) {
        r.error(st.fields.empty() ? Code::TooFew : Code::TooMany, "fields", "`fields` names 1-{} fields",
                limits::kStepFields);
      }
      for (std::size_t i = 0; i < st.fields.size(); ++i) {
        if (!s_.field_index.contains(st.fields[i])) {
          d_.error(Code::UnknownReference, json::child(r.at("fields"), i), "{}: unknown field `{}`", r.what(),
                   st.fields[i]);
        }
      }
    }
    auto of_step = [&](const std::string& id) {
      return std::find(st.fields.begin(), st.fields.end(), id) != st.fields.end();
    };
    st.optional_fields = r.id_list("optional", false).value_or(std::vector<std::string>{});
    for (std::size_t i = 0; i < st.optional_fields.size(); ++i) {
      if (!of_step(st.optional_fields[i])) {
        d_.error(Code::UnknownReference, json::child(r.at("optional"), i),
                 "{}: `{}` is not a field of the step (BA-36)", r.what(), st.optional_fields[i]);
      }
    }
    if (const bj::value* shown = r.get("shownWhen")) {
      cx_.requirement.use(Gate::ShownWhen, r.at("shownWhen"));
      ObjectReader sw(*shown, r.at("shownWhen"), r.what() + " `shownWhen`", d_);
      if (sw.ok()) {
        for (const auto& m : shown->get_object()) {
          const std::string key(m.key());
          if (!of_step(key)) {
            sw.error(Code::UnknownReference, key, "`{}` is not a field of the step (BA-37)", key);
            sw.accept(key);
            continue;
          }
          if (auto ref = read_build_ref(sw, key, rs_, cx_)) st.shown_when.emplace(key, std::move(*ref));
        }
      }
    }
    if (const bj::value* total = r.get("total")) {
      cx_.requirement.use(Gate::FieldsTotal, r.at("total"));
      ObjectReader t(*total, r.at("total"), r.what() + " `total`", d_);
      BuilderStep::Total x;
      x.fields = t.id_list("fields", true).value_or(std::vector<std::string>{});
      if (t.has("fields") && x.fields.size() < 2)
        t.error(Code::TooFew, "fields", "`total.fields` names at least two fields (BA-39)");
      for (std::size_t i = 0; i < x.fields.size(); ++i) {
        auto it = s_.field_index.find(x.fields[i]);
        if (!of_step(x.fields[i]) || it == s_.field_index.end() || !s_.fields[it->second].spec.is_numeric()) {
          d_.error(Code::WrongReferenceType, json::child(t.at("fields"), i),
                   "{}: `{}` is not a number field of the step (BA-39)", t.what(), x.fields[i]);
        }
      }
      if (auto max = t.number("max", true, true)) {
        if (*max < Number::of(1) || *max > Number::of(limits::kTotalMax)) {
          t.error(Code::OutOfRange, "max", "`max` is 1-{} (BA-39), found {}", limits::kTotalMax, max->to_string());
        }
        x.max = max->whole();
      }
      st.total = x;
    }
  }

  void read_abilities_step(ObjectReader& r, BuilderStep& st) {
    if (r.has("abilities")) {
      st.abilities = r.id_list("abilities", true).value_or(std::vector<std::string>{});
      for (std::size_t i = 0; i < st.abilities.size(); ++i) {
        auto it = s_.ability_index.find(st.abilities[i]);
        if (it == s_.ability_index.end()) {
          d_.error(Code::UnknownReference, json::child(r.at("abilities"), i), "{}: unknown ability `{}`", r.what(),
                   st.abilities[i]);
        } else if (s_.abilities[it->second].computed()) {
          d_.error(Code::WrongReferenceType, json::child(r.at("abilities"), i),
                   "{}: ability `{}` is computed; the step cannot set it", r.what(), st.abilities[i]);
        }
      }
    } else {
      for (const auto& a : s_.abilities) {
        if (!a.computed()) st.abilities.push_back(a.id);
      }
    }
    const std::size_t n = st.abilities.size();
    const bj::value* methods = r.get("methods");
    if (methods == nullptr) {
      r.error(Code::MissingKey, "", "`methods` is required (BA-43)");
      return;
    }
    ObjectReader m(*methods, r.at("methods"), r.what() + " `methods`", d_);
    if (!m.ok()) return;
    if (const bj::value* pb = m.get("pointBuy")) {
      ObjectReader p(*pb, m.at("pointBuy"), m.what() + " `pointBuy`", d_);
      BuilderStep::PointBuy x;
      if (auto budget = p.number("budget", true, true)) x.budget = *budget;
      if (const bj::array* costs = p.array("costs", true)) {
        if (costs->size() < 2 || costs->size() > limits::kPointBuyCosts) {
          p.error(costs->size() < 2 ? Code::TooFew : Code::TooMany, "costs", "`costs` lists 2-{} [score, cost] pairs",
                  limits::kPointBuyCosts);
        }
        x.costs = read_number_pairs(*costs, p.at("costs"), p.what(), false, Code::BadValue, d_);
        for (std::size_t i = 0; i < x.costs.size(); ++i) {
          const auto& [score, cost] = x.costs[i];
          const bool consecutive = i == 0 || score == x.costs[i - 1].first + Number::of(1);
          const bool rising = i == 0 || !(cost < x.costs[i - 1].second);
          if (i == 0 && cost != Number()) {  // every score starts at the first, for nothing (BA-44)
            d_.error(Code::BadValue, json::child(p.at("costs"), i),
                     "{}: the first score is where every score starts and costs 0 (BA-44)", p.what());
            break;
          }
          if (!score.is_integer() || !cost.is_integer() || cost < Number() || !consecutive || !rising) {
            d_.error(Code::BadValue, json::child(p.at("costs"), i),
                     "{}: costs run one whole score at a time with whole costs that never fall (BA-44)", p.what());
            break;
          }
        }
      }
      if (!x.costs.empty() && p.has("budget")) {
        if (x.budget < Number() || x.budget > x.costs.back().second * Number::of(static_cast<std::int64_t>(n))) {
          p.error(Code::OutOfRange, "budget", "`budget` is 0-{} (every score at the maximum, BA-45), found {}",
                  (x.costs.back().second * Number::of(static_cast<std::int64_t>(n))).to_string(), x.budget.to_string());
        }
      }
      st.point_buy = x;
    }
    if (const bj::array* sa = m.array("standardArray", false)) {
      std::vector<Number> values;
      for (std::size_t i = 0; i < sa->size(); ++i) {
        auto v = (*sa)[i].is_number() ? to_number((*sa)[i]) : std::nullopt;
        if (!v)
          d_.error(Code::WrongType, json::child(m.at("standardArray"), i), "{}: a standard array holds numbers",
                   m.what());
        else
          values.push_back(*v);
      }
      if (sa->size() != n) {
        m.error(Code::BadValue, "standardArray",
                "`standardArray` has {} values for {} abilities; one per ability (BA-47)", sa->size(), n);
      }
      st.standard_array = values;
    }
    if (const bj::value* roll = m.get("roll")) {
      ObjectReader ro(*roll, m.at("roll"), m.what() + " `roll`", d_);
      BuilderStep::Roll x;
      auto whole = [&](std::string_view key, std::int64_t low, std::int64_t high, std::int64_t& out) {
        if (auto v = ro.number(key, true, true)) {
          if (*v < Number::of(low) || *v > Number::of(high))
            ro.error(Code::OutOfRange, key, "`{}` is {}-{} (BA-48)", key, low, high);
          else
            out = v->whole();
        }
      };
      whole("count", 1, limits::kRollDice, x.count);
      whole("sides", limits::kRollSidesMin, limits::kRollSidesMax, x.sides);
      whole("keep", 1, x.count > 0 ? x.count : limits::kRollDice, x.keep);
      st.roll = x;
    }
    if (const bj::value* manual = m.get("manual")) {
      if (manual->is_bool()) {
        if (manual->get_bool())
          st.manual = BuilderStep::Manual{};
        else
          m.error(Code::BadValue, "manual", "`manual` is `true` or {{ min, max }} (BA-49)");
      } else {
        cx_.requirement.use(Gate::ManualBounds, m.at("manual"));
        ObjectReader mb(*manual, m.at("manual"), m.what() + " `manual`", d_);
        BuilderStep::Manual x;
        x.min = mb.number("min", true, true);
        x.max = mb.number("max", true, true);
        if (x.min && *x.min < Number::of(limits::kManualMin))
          mb.error(Code::OutOfRange, "min", "`min` is at least {} (BA-50)", limits::kManualMin);
        if (x.max && *x.max > Number::of(limits::kManualMax))
          mb.error(Code::OutOfRange, "max", "`max` is at most {} (BA-50)", limits::kManualMax);
        if (x.min && x.max && *x.max < *x.min) mb.error(Code::OutOfRange, "min", "`min` is above `max` (BA-50)");
        st.manual = x;
      }
    }
    if (m.has("rolls")) read_roll_groups(m, st, cx_);
    if (!st.point_buy && !st.standard_array && !st.roll && !st.manual && !m.has("rolls")) {
      m.error(Code::TooFew, "", "declare at least one method: pointBuy, standardArray, roll, manual or rolls (BA-43)");
    }
    if (r.has("default")) cx_.requirement.use(Gate::AbilitiesDefault, r.at("default"));
    if (auto def = r.choice("default", false, kAbilityMethods)) {
      if (!st.offers(*def)) {
        r.error(Code::BadValue, "default", "`default` names one of the step's declared methods (BA-51), found \"{}\"",
                choice_name(kAbilityMethods, *def));
      } else {
        st.default_method = *def;
      }
    }
  }

  Ruleset& rs_;
  const Sheet& s_;
  ReadContext& cx_;
  Diagnostics& d_;
};

}  // namespace

void read_builder(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx) {
  ruleset.sheet.builder = BuilderReader(ruleset, cx).read(v, pointer);
  if (ruleset.sheet.builder) {
    check_builder_read_order(ruleset, cx.diagnostics);
    check_rating_targets(ruleset, cx.diagnostics);
    check_spend_offers(ruleset, cx.diagnostics);
    check_exclude_choices(ruleset, nullptr, nullptr, cx.diagnostics);  // trained steps' own slots
  }
}

}  // namespace rk::detail
