// Allocate steps, rating tier tables and free rating grants (docs/format/builder.md "Allocate
// steps", BB-1 – BB-34), read by the builder pass of compiling against the resolved sheet.
#include <set>

#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// The words of a target object, in the order BB-6 lists them.
std::string target_words() { return choice_words(RatingTarget::kKinds); }

}  // namespace

std::optional<RatingTarget> read_rating_target(const bj::value& v, const std::string& pointer, const std::string& what,
                                               const Ruleset& rs, Diagnostics& d) {
  ObjectReader r(v, pointer, what + " target", d);
  if (!r.ok()) return std::nullopt;
  std::optional<RatingTarget> out;
  std::size_t named = 0;
  for (const auto& k : RatingTarget::kKinds) {
    if (!r.has(k.name)) continue;
    ++named;
    auto id = r.id(k.name, true);
    if (!id || named > 1) continue;
    out = RatingTarget{k.value, *id};
  }
  if (named != 1) {
    r.error(named == 0 ? Code::MissingKey : Code::ConflictingKeys, "", "a target names exactly one of {} (BB-6)",
            target_words());
    r.finish();
    return std::nullopt;
  }
  r.finish();
  if (!out) return std::nullopt;
  const Sheet& s = rs.sheet;
  const std::string at = json::child(pointer, choice_name(RatingTarget::kKinds, out->kind));
  switch (out->kind) {
    case RatingTarget::Kind::Ability: {
      auto it = s.ability_index.find(out->id);
      if (it == s.ability_index.end()) {
        d.error(Code::UnknownReference, at, "{}: unknown ability `{}`", what, out->id);
        return std::nullopt;
      }
      if (s.abilities[it->second].computed()) {
        d.error(Code::WrongReferenceType, at, "{}: ability `{}` is computed; no point can be bought in it", what,
                out->id);
        return std::nullopt;
      }
      break;
    }
    case RatingTarget::Kind::Field: {
      auto it = s.field_index.find(out->id);
      if (it == s.field_index.end()) {
        d.error(Code::UnknownReference, at, "{}: unknown field `{}`", what, out->id);
        return std::nullopt;
      }
      if (!s.fields[it->second].spec.is_numeric()) {
        d.error(Code::WrongReferenceType, at, "{}: field `{}` is not a number field (BB-6)", what, out->id);
        return std::nullopt;
      }
      break;
    }
    case RatingTarget::Kind::Skill:
    case RatingTarget::Kind::Save: {
      const bool skill = out->kind == RatingTarget::Kind::Skill;
      if (!(skill ? s.skill_index : s.save_index).contains(out->id)) {
        d.error(Code::UnknownReference, at, "{}: unknown {} `{}`", what, skill ? "skill" : "save", out->id);
        return std::nullopt;
      }
      break;
    }
    case RatingTarget::Kind::Bonus:
      if (!s.skill_index.contains(out->id) && !s.save_index.contains(out->id)) {
        d.error(Code::UnknownReference, at,
                "{}: `bonus` names the skill or save whose `build.bonuses` entry it raises; there is no skill or save "
                "`{}` (BB-6)",
                what, out->id);
        return std::nullopt;
      }
      break;
  }
  return out;
}

/// BB-13: an integer in [0, `most`], or a non-live Ref.
std::optional<WholeOrRef> read_whole_or_ref(ObjectReader& r, std::string_view key, bool required, std::int64_t most,
                                            std::string_view requirement, Ruleset& rs, ReadContext& cx) {
  const bj::value* v = r.get(key);
  if (v == nullptr) {
    if (required) r.error(Code::MissingKey, "", "`{}` is required ({})", key, requirement);
    return std::nullopt;
  }
  if (v->is_number()) {
    auto n = r.number(key, true, true);
    if (!n) return std::nullopt;
    if (*n < Number() || *n > Number::of(most)) {
      r.error(Code::OutOfRange, key, "`{}` is a whole number 0-{} ({}), found {}", key, most, requirement,
              n->to_string());
      return std::nullopt;
    }
    return WholeOrRef{n->whole(), std::nullopt};
  }
  auto ref = read_build_ref(r, key, rs, cx);
  if (!ref) return std::nullopt;
  return WholeOrRef{0, std::move(ref)};
}

void read_allocate_step(ObjectReader& r, BuilderStep& st, Ruleset& rs, ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  cx.requirement.use(Gate::AllocateSteps, r.at("kind"));
  if (auto annotations = r.boolean("annotations")) st.annotations = *annotations;
  const bj::array* groups = r.array("groups", true);
  if (groups == nullptr) return;
  const std::string gp = r.at("groups");
  if (groups->empty()) r.error(Code::TooFew, "groups", "`groups` holds 1-{} groups (BB-4)", limits::kAllocateGroups);
  if (!r.check_limit(limits::kAllocateGroups, groups->size(), "groups")) return;
  UniqueIds group_ids{"allocate group"};
  std::map<std::string, std::string> target_at;  // BB-5: target key -> where it was first named
  for (std::size_t i = 0; i < groups->size(); ++i) {
    const std::string p = json::child(gp, i);
    ObjectReader g((*groups)[i], p, entry_name(r.what() + " group", (*groups)[i], p), d);
    if (!g.ok()) continue;
    AllocateGroup group;
    group.pointer = p;
    group.id = g.id("id", true).value_or("");
    group.label = g.label();
    if (!group.id.empty()) group_ids.add(group.id, g.at("id"), d);
    if (const bj::array* targets = g.array("targets", true)) {
      const std::string tp = g.at("targets");
      if (targets->empty())
        g.error(Code::TooFew, "targets", "`targets` holds 1-{} targets (BB-4)", limits::kAllocateTargets);
      if (g.check_limit(limits::kAllocateTargets, targets->size(), "targets")) {
        for (std::size_t t = 0; t < targets->size(); ++t) {
          const std::string at = json::child(tp, t);
          auto target = read_rating_target((*targets)[t], at, g.what(), rs, d);
          if (!target) continue;
          auto [it, fresh] = target_at.emplace(target->key(), at);
          if (!fresh) {
            d.error(Code::DuplicateId, at,
                    "{}: target `{}` is already allocated at {}; a step names each target once (BB-5)", g.what(),
                    target->key(), it->second);
            continue;
          }
          group.targets.push_back(std::move(*target));
        }
      }
    }
    group.budget = read_whole_or_ref(g, "budget", false, limits::kAllocateBudget, "BB-11", rs, cx);
    group.base = read_whole_or_ref(g, "base", false, limits::kAllocateBound, "BB-14", rs, cx);
    auto min = read_whole_or_ref(g, "min", true, limits::kAllocateBound, "BB-12, BB-14", rs, cx);
    auto max = read_whole_or_ref(g, "max", true, limits::kAllocateBound, "BB-12, BB-14", rs, cx);
    if (min) group.min = *min;
    if (max) group.max = *max;
    if (min && max && !min->ref && !max->ref && min->whole > max->whole)
      g.error(Code::BadValue, "min", "`min` {} is above `max` {}", min->whole, max->whole);
    st.groups.push_back(std::move(group));
  }
  // BB-8: one budget mode for the whole step.
  const auto with_budget =
      std::count_if(st.groups.begin(), st.groups.end(), [](const AllocateGroup& g) { return g.budget.has_value(); });
  if (const bj::array* priorities = r.array("priorities", false)) {
    if (with_budget > 0) {
      r.error(Code::ConflictingKeys, "priorities",
              "the groups use `priorities` or each its own `budget`, not both (exactly one budget mode, BB-8)");
    }
    if (priorities->size() != groups->size()) {
      r.error(Code::BadValue, "priorities",
              "`priorities` holds one allotment per group: {} groups, {} allotments (BB-8)", groups->size(),
              priorities->size());
    }
    for (std::size_t i = 0; i < priorities->size(); ++i) {
      const auto n = (*priorities)[i].is_number() ? to_number((*priorities)[i]) : std::nullopt;
      if (!n || !n->is_integer() || *n < Number() || *n > Number::of(limits::kAllocateBudget)) {
        d.error(Code::OutOfRange, json::child(r.at("priorities"), i),
                "{}: an allotment is a whole number 0-{} (BB-8, BB-11)", r.what(),
                static_cast<std::int64_t>(limits::kAllocateBudget));
        continue;
      }
      st.priorities.push_back(n->whole());
    }
  } else if (with_budget != static_cast<std::ptrdiff_t>(st.groups.size())) {
    r.error(Code::MissingKey, "",
            "an allocate step gives `priorities`, or a `budget` on every group; {} of {} groups have one (exactly one "
            "budget mode, BB-8)",
            with_budget, st.groups.size());
  }
}

std::vector<RatingTierTable> read_rating_tiers(const bj::array& a, const std::string& pointer, Ruleset& rs,
                                               ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  cx.requirement.use(Gate::AllocateSteps, pointer);
  std::vector<RatingTierTable> out;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader r(a[i], p, "rating tier table", d);
    if (!r.ok()) continue;
    RatingTierTable t;
    t.pointer = p;
    if (const bj::value* target = r.get("target")) {
      if (auto x = read_rating_target(*target, r.at("target"), r.what(), rs, d)) {
        if (x->kind != RatingTarget::Kind::Skill && x->kind != RatingTarget::Kind::Save) {
          r.error(Code::WrongReferenceType, "target", "a tier table is for a skill or a save (BB-23)");
        } else if (!seen.insert(x->key()).second) {
          r.error(Code::DuplicateId, "target", "`{}` has a tier table already; each target has one (BB-23)", x->key());
        } else {
          t.target = *x;
        }
      }
    } else {
      r.error(Code::MissingKey, "", "`target` is required (BB-23)");
    }
    auto tiers = r.id_list("tiers", true);
    if (tiers) {
      if (tiers->empty()) r.error(Code::TooFew, "tiers", "`tiers` lists 1-{} tier ids (BB-25)", limits::kRatingTiers);
      r.check_limit(limits::kRatingTiers, tiers->size(), "tiers");
      // BB-25: existing tiers, in ascending order, from the untrained one; never inferred (BB-26).
      std::size_t previous = 0;
      for (std::size_t k = 0; k < tiers->size(); ++k) {
        const std::string at = json::child(r.at("tiers"), k);
        auto it = rs.sheet.tier_index.find((*tiers)[k]);
        if (it == rs.sheet.tier_index.end()) {
          d.error(Code::UnknownReference, at, "{}: unknown tier `{}` (BB-25)", r.what(), (*tiers)[k]);
          break;
        }
        if (k == 0 && it->second != 0) {
          d.error(Code::BadValue, at, "{}: a tier table starts with the untrained tier `{}` (BB-25)", r.what(),
                  rs.resolution.tiers.empty() ? "" : rs.resolution.tiers.front().id);
          break;
        }
        if (k > 0 && it->second <= previous) {
          d.error(Code::BadValue, at, "{}: tiers run in ascending order (BB-25)", r.what());
          break;
        }
        previous = it->second;
      }
      t.tiers = *tiers;
    }
    r.finish();
    if (!t.target.id.empty()) out.push_back(std::move(t));
  }
  return out;
}

std::vector<RatingGrant> read_rating_grants(const bj::array& a, const std::string& pointer, const std::string& what,
                                            Ruleset& rs, ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  cx.requirement.use(Gate::AllocateSteps, pointer);
  std::vector<RatingGrant> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader r(a[i], p, what + " rating", d);
    if (!r.ok()) continue;
    RatingGrant g;
    g.pointer = p;
    std::optional<RatingTarget> target;
    if (const bj::value* t = r.get("target"))
      target = read_rating_target(*t, r.at("target"), r.what(), rs, d);
    else
      r.error(Code::MissingKey, "", "`target` is required (BB-30)");
    const bool has_add = r.has("add"), has_set = r.has("set");
    if (has_add == has_set) {
      r.error(has_add ? Code::ConflictingKeys : Code::MissingKey, "",
              "a rating grant has a positive `add` or a `set` of at least 0, one of them (BB-30)");
    }
    if (auto add = r.number("add", false, true)) {
      if (*add <= Number())
        r.error(Code::OutOfRange, "add", "`add` is above 0 (BB-30), found {}", add->to_string());
      else
        g.add = add->whole();
    }
    if (auto set = r.number("set", false, true)) {
      if (*set < Number())
        r.error(Code::OutOfRange, "set", "`set` is at least 0 (BB-30), found {}", set->to_string());
      else
        g.set = set->whole();
    }
    r.finish();
    if (target && has_add != has_set && (g.add || g.set)) {
      g.target = *target;
      out.push_back(std::move(g));
    }
  }
  return out;
}

/// BB-7, BB-14: with the tier tables known, every skill or save target has one, and every integer
/// bound fits every target of its group.
void check_rating_targets(const Ruleset& rs, Diagnostics& d) {
  const Builder& b = *rs.sheet.builder;
  const auto needs_table = [&](const RatingTarget& t, const std::string& at, const std::string& what) {
    if ((t.kind == RatingTarget::Kind::Skill || t.kind == RatingTarget::Kind::Save) && b.tiers_of(t) == nullptr) {
      d.error(Code::MissingKey, at,
              "{}: target `{}` needs a `sheet.builder.ratingTiers` table; tiers are never inferred (BB-7, BB-26)", what,
              t.key());
      return false;
    }
    return true;
  };
  for (const BuilderStep& st : b.steps) {
    for (const AllocateGroup& g : st.groups) {
      const std::string what = fmt::format("builder step `{}` group `{}`", st.id, g.id);
      for (std::size_t i = 0; i < g.targets.size(); ++i) {
        const RatingTarget& t = g.targets[i];
        if (!needs_table(t, json::child(json::child(g.pointer, "targets"), i), what)) continue;
        const auto bounds = rating_bounds(rs, t);
        if (!bounds) continue;
        for (const auto& [key, value] :
             {std::pair{"base", g.base ? &*g.base : nullptr}, std::pair{"min", &g.min}, std::pair{"max", &g.max}}) {
          if (value == nullptr || value->ref) continue;
          const Number n = Number::of(value->whole);
          if (n < bounds->first || n > bounds->second) {
            d.error(Code::OutOfRange, json::child(g.pointer, key),
                    "{}: `{}` {} is outside what target `{}` holds, {}-{} (BB-14)", what, key, value->whole, t.key(),
                    bounds->first.to_string(), bounds->second.to_string());
          }
        }
      }
    }
  }
  for (const BuilderStep& st : b.steps) {
    for (const SpendOffer& o : st.spend_offers) {
      const std::string what = fmt::format("builder step `{}` offer `{}`", st.id, o.id);
      if (o.exchange) needs_table(o.exchange->from, json::child(json::child(o.pointer, "exchange"), "from"), what);
      if (!needs_table(o.target, json::child(o.pointer, "target"), what)) continue;
      const auto bounds = rating_bounds(rs, o.target);
      if (!bounds) continue;
      for (const auto& [key, n] : {std::pair{"min", o.min}, std::pair{"max", o.max}}) {
        if (n < bounds->first || n > bounds->second) {
          d.error(Code::OutOfRange, json::child(o.pointer, key),
                  "{}: `{}` {} is outside what target `{}` holds, {}-{} (BB-57)", what, key, n.to_string(),
                  o.target.key(), bounds->first.to_string(), bounds->second.to_string());
        }
      }
    }
  }
  for (const Catalog& c : rs.catalogs) {
    for (const CatalogEntry& e : c.entries) {
      if (!e.grants) continue;
      for (const RatingGrant& g : e.grants->ratings) {
        needs_table(g.target, json::child(g.pointer, "target"),
                    fmt::format("catalog `{}` entry `{}` rating", c.id, e.id));
      }
    }
  }
}

}  // namespace rk::detail

namespace rk {

std::optional<std::pair<Number, Number>> rating_bounds(const Ruleset& rs, const RatingTarget& target) {
  const Sheet& s = rs.sheet;
  switch (target.kind) {
    case RatingTarget::Kind::Ability:
      if (auto it = s.ability_index.find(target.id); it != s.ability_index.end())
        return std::pair{s.abilities[it->second].min, s.abilities[it->second].max};
      return std::nullopt;
    case RatingTarget::Kind::Field:
      if (auto it = s.field_index.find(target.id); it != s.field_index.end())
        return std::pair{s.fields[it->second].spec.min, s.fields[it->second].spec.max};
      return std::nullopt;
    case RatingTarget::Kind::Skill:
    case RatingTarget::Kind::Save:
      if (!s.builder) return std::nullopt;
      if (const RatingTierTable* t = s.builder->tiers_of(target); t != nullptr && !t->tiers.empty())
        return std::pair{Number(), Number::of(static_cast<std::int64_t>(t->tiers.size()) - 1)};
      return std::nullopt;
    case RatingTarget::Kind::Bonus:
      return std::pair{s.bonus_min, s.bonus_max};
  }
  return std::nullopt;
}

}  // namespace rk
