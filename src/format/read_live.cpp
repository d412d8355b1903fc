// Reading `sheet.live` (pools, tracks and wound tracks, live states, conditions) and
// `sheet.rests`.
#include <algorithm>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

Pool read_pool(const bj::value& v, const std::string& pointer, std::string_view kind, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name(kind, v, pointer), cx.diagnostics);
  Pool pool;
  pool.pointer = pointer;
  pool.id = r.id("id", true).value_or("");
  pool.label = r.label();
  if (const bj::value* max = r.get("max")) {
    if (auto ref = read_number_or_ref(*max, r.at("max"), r.what() + " `max`", cx)) {
      pool.max = *ref;
      if (ref->kind == RefKind::Const && (ref->constant < Number() || !ref->constant.is_integer())) {
        r.error(Code::OutOfRange, "max", "`max` is a whole number >= 0, found {}", ref->constant.to_string());
      }
    }
  } else if (r.ok()) {
    r.error(Code::MissingKey, "", "`max` is required");
  }
  if (auto start = r.string("start", false, 16)) {
    if (*start == "full") pool.start = Pool::Start::Full;
    else if (*start == "empty") pool.start = Pool::Start::Empty;
    else r.error(Code::BadValue, "start", "`start` must be \"full\" or \"empty\", found \"{}\"", *start);
  }
  if (const bj::value* start_from = r.get("startFrom")) {
    cx.requirement.use(Gate::StartFrom, r.at("startFrom"));
    if (r.has("start")) r.error(Code::ConflictingKeys, "startFrom", "give `start` or `startFrom`, not both");
    pool.start_from = read_ref(*start_from, r.at("startFrom"), r.what() + " `startFrom`", cx);
  }
  pool.group = r.id("group", false).value_or("");
  if (const bj::value* level = r.get("level")) {
    cx.requirement.use(Gate::PoolLevel, r.at("level"));
    pool.level = read_number_or_ref(*level, r.at("level"), r.what() + " `level`", cx);
  }
  if (r.has("pays")) {
    cx.requirement.use(Gate::PoolPays, r.at("pays"));
    pool.pays = r.id_list("pays", true).value_or(std::vector<std::string>{});
    if (pool.pays.size() > limits::kPoolPays) {
      r.error(Code::TooMany, "pays", "`pays` names {} groups; the limit is {} (CA-85)", pool.pays.size(), limits::kPoolPays);
    }
  }
  pool.hide_when = read_hide_when(r, cx);
  pool.allow_temp = r.boolean("allowTemp").value_or(false);
  if (const bj::array* types = r.array("damageTypes", false)) {
    for (std::size_t i = 0; i < types->size(); ++i) {
      const bj::value& t = (*types)[i];
      if (!t.is_string() || !is_valid_id(t.get_string())) {
        cx.diagnostics.error(Code::BadId, json::child(r.at("damageTypes"), i), "{}: a damage type is an id", r.what());
        continue;
      }
      pool.damage_types.emplace_back(t.get_string());
    }
  }
  return pool;
}

std::vector<std::pair<Number, Number>> read_penalty_table(ObjectReader& r, ReadContext& cx) {
  const bj::array* table = r.array("table", true);
  if (table == nullptr) return {};
  if (table->empty()) r.error(Code::BadWoundTrack, "table", "`table` needs at least one [count, penalty] row");
  return read_number_pairs(*table, r.at("table"), r.what(), true, Code::BadWoundTrack, cx.diagnostics);
}

Track read_track(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name("track", v, pointer), cx.diagnostics);
  Track t;
  t.pointer = pointer;
  t.id = r.id("id", true).value_or("");
  t.label = r.label();
  // SH-30: `kinds` and either `levels` or `boxes` make a wound track.
  t.wound = r.has("kinds") || r.has("levels") || r.has("boxes");
  if (auto min = r.number("min", false, true)) t.min = *min;  // SH-22: min and default stay numbers
  if (auto always = r.boolean("alwaysShow")) {
    cx.requirement.use(Gate::TrackAlwaysShow, r.at("alwaysShow"));
    t.always_show = *always;
  }
  const bj::value* max = r.get("max");
  if (max != nullptr) {
    if (auto ref = read_number_or_ref(*max, r.at("max"), r.what() + " `max`", cx)) {
      t.max = *ref;
      if (!max->is_number() && !t.wound) cx.requirement.use(Gate::TrackMaxRef, r.at("max"));
      if (t.max.kind == RefKind::Const && !t.max.constant.is_integer()) {
        r.error(Code::BadNumber, "max", "`max` must be a whole number");
      }
    }
  }
  if (!t.wound) {
    if (max == nullptr && r.ok()) r.error(Code::MissingKey, "", "`max` is required");
    if (auto d = r.number("default", false, true)) {
      t.default_value = *d;
      // SH-22: min and default stay numbers, so a default below min is known at import.
      if (t.default_value < t.min) {
        r.error(Code::OutOfRange, "default", "`default` {} is below `min` {}", t.default_value.to_string(), t.min.to_string());
      }
    } else {
      t.default_value = t.min;
    }
    if (const bj::value* start_from = r.get("startFrom")) {
      cx.requirement.use(Gate::StartFrom, r.at("startFrom"));
      if (r.has("default")) r.error(Code::ConflictingKeys, "startFrom", "give `default` or `startFrom`, not both (BC-59)");
      t.start_from = read_ref(*start_from, r.at("startFrom"), r.what() + " `startFrom`", cx);
    }
    if (t.max.kind == RefKind::Const && max != nullptr) {
      if (t.min > t.max.constant) r.error(Code::OutOfRange, "min", "`min` is above `max`");
      else if (r.has("default") && t.default_value >= t.min && t.default_value > t.max.constant) {
        r.error(Code::OutOfRange, "default", "`default` {} is outside {}-{}", t.default_value.to_string(),
                t.min.to_string(), t.max.constant.to_string());
      }
    }
    t.hide_when = read_hide_when(r, cx);
    for (std::string_view key : {"fill", "onFull", "extra"}) {
      if (r.has(key)) r.error(Code::BadWoundTrack, key, "`{}` belongs to wound tracks (with `kinds` and `levels` or `boxes`)", key);
      r.accept(key);
    }
    return t;
  }
  // Wound track.
  if (r.has("hideWhen")) r.error(Code::HideWoundTrack, "hideWhen", "a wound track cannot be hidden (SH-18)");
  r.accept("hideWhen");
  for (std::string_view key : {"default", "startFrom"}) {
    if (r.has(key)) r.error(Code::BadWoundTrack, key, "a wound track starts with no marks; `{}` does not apply", key);
    r.accept(key);
  }
  const bool levels = r.has("levels");
  t.boxes = r.has("boxes");
  if (!r.has("kinds")) r.error(Code::BadWoundTrack, "", "a wound track needs `kinds` (SH-30)");
  if (levels == t.boxes) {
    r.error(Code::BadWoundTrack, "", "a wound track has exactly one of `levels` and `boxes` (SH-30)");
  }
  if (const bj::array* kinds = r.array("kinds", false)) {
    if (kinds->empty()) r.error(Code::BadWoundTrack, "kinds", "`kinds` needs at least one kind");
    check_count(kinds->size(), limits::kWoundKinds, r.at("kinds"), r.what() + " `kinds`", cx.diagnostics);
    for (std::size_t i = 0; i < kinds->size(); ++i) {
      const std::string p = json::child(r.at("kinds"), i);
      ObjectReader k((*kinds)[i], p, r.what() + " " + entry_name("kind", (*kinds)[i], p), cx.diagnostics);
      WoundKind kind;
      kind.id = k.id("id", true).value_or("");
      kind.label = k.label();
      kind.severity = k.number("severity", true).value_or(Number());
      if (!k.ok()) continue;
      if (std::any_of(t.kinds.begin(), t.kinds.end(), [&](const WoundKind& w) { return w.id == kind.id; })) {
        k.error(Code::DuplicateId, "id", "kind `{}` is declared twice", kind.id);
        continue;
      }
      t.kinds.push_back(kind);
    }
  }
  if (levels) {
    if (const bj::array* a = r.array("levels", true)) {
      if (a->empty()) r.error(Code::BadWoundTrack, "levels", "`levels` needs at least one level");
      check_count(a->size(), limits::kWoundLevels, r.at("levels"), r.what() + " `levels`", cx.diagnostics);
      for (std::size_t i = 0; i < a->size(); ++i) {
        ObjectReader l((*a)[i], json::child(r.at("levels"), i), fmt::format("{} level #{}", r.what(), i + 1),
                       cx.diagnostics);
        WoundLevel level;
        level.label = l.label();
        level.penalty = l.number("penalty", true).value_or(Number());
        // SH-32: each level is worse than (or as bad as) the one before.
        if (!t.levels.empty() && level.penalty > t.levels.back().penalty) {
          l.error(Code::BadWoundTrack, "penalty", "penalty {} is better than the level before ({}); levels get worse in order (SH-32)",
                  level.penalty.to_string(), t.levels.back().penalty.to_string());
        }
        if (l.ok()) t.levels.push_back(level);
      }
    }
    // SH-23: a named-level track is as long as its levels; a different `max` is refused.
    if (max != nullptr && (t.max.kind != RefKind::Const || t.max.constant != Number::of(static_cast<std::int64_t>(t.levels.size())))) {
      r.error(Code::BadTrackMax, "max", "a track with {} named levels has `max` {}; leave `max` out or make it equal",
              t.levels.size(), max->is_number() ? t.max.constant.to_string() : std::string("from a reference"));
    }
    t.max.kind = RefKind::Const;
    t.max.constant = Number::of(static_cast<std::int64_t>(t.levels.size()));
    t.max.pointer = r.at("levels");
  }
  if (t.boxes) {
    cx.requirement.use(Gate::WoundBoxes, r.at("boxes"));
    ObjectReader b(*r.get("boxes"), r.at("boxes"), r.what() + " `boxes`", cx.diagnostics);
    if (const bj::value* penalty = b.get("penalty")) {
      ObjectReader p(*penalty, b.at("penalty"), b.what() + " `penalty`", cx.diagnostics);
      if (auto by = p.string("by", false, 16)) {
        if (*by == "remaining") t.box_penalty_by = Track::PenaltyBy::Remaining;
        else if (*by == "marked") t.box_penalty_by = Track::PenaltyBy::Marked;
        else p.error(Code::BadValue, "by", "`by` must be \"remaining\" or \"marked\", found \"{}\"", *by);
      }
      t.box_penalty = read_penalty_table(p, cx);
    }
    if (max == nullptr) {
      if (r.ok()) r.error(Code::MissingKey, "", "a track of numbered boxes needs `max` (SH-54)");
    } else if (t.max.kind == RefKind::Const &&
               (t.max.constant < Number::of(1) || t.max.constant > Number::of(limits::kWoundBoxes))) {
      r.error(Code::BadTrackMax, "max", "a track of numbered boxes has 1-{} boxes, found {} (SH-54)", limits::kWoundBoxes,
              t.max.constant.to_string());
    }
  }
  if (auto fill = r.string("fill", false, 16)) {
    cx.requirement.use(Gate::WoundFill, r.at("fill"));
    if (*fill == "indexed") t.fill = Track::Fill::Indexed;
    else if (*fill == "ordered") t.fill = Track::Fill::Ordered;
    else r.error(Code::BadValue, "fill", "`fill` must be \"ordered\" or \"indexed\", found \"{}\"", *fill);
  }
  if (auto on_full = r.string("onFull", false, 16)) {
    cx.requirement.use(Gate::WoundOnFull, r.at("onFull"));
    if (*on_full == "refuse") t.on_full = Track::OnFull::Refuse;
    else if (*on_full == "overflow") t.on_full = Track::OnFull::Overflow;
    else r.error(Code::BadValue, "onFull", "`onFull` must be \"overflow\" or \"refuse\", found \"{}\"", *on_full);
  }
  if (const bj::value* extra = r.get("extra")) {
    cx.requirement.use(Gate::WoundExtra, r.at("extra"));
    if (!levels) r.error(Code::BadWoundTrack, "extra", "`extra` lengthens only a track with named `levels` (SH-59)");
    ObjectReader e(*extra, r.at("extra"), r.what() + " `extra`", cx.diagnostics);
    Track::Extra x;
    x.list = e.id("list", true).value_or("");
    x.count_column = e.id("countColumn", true).value_or("");
    x.penalty_column = e.id("penaltyColumn", true).value_or("");
    if (levels && e.ok() && !x.list.empty() && !x.count_column.empty() && !x.penalty_column.empty()) t.extra = x;
  }
  return t;
}

LiveState read_state(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name("live state", v, pointer), cx.diagnostics);
  LiveState s;
  s.pointer = pointer;
  s.id = r.id("id", true).value_or("");
  s.label = r.label();
  s.values = r.id_list("values", true).value_or(std::vector<std::string>{});
  if (r.ok() && s.values.empty()) r.error(Code::TooFew, "values", "a live state needs at least one value");
  if (s.values.size() > limits::kStateValues) {
    r.error(Code::TooMany, "values", "a live state has {} values; the limit is {}", s.values.size(), limits::kStateValues);
  }
  if (const bj::object* labels = r.object("valueLabels", false)) {
    for (const auto& member : *labels) {
      const std::string p = json::child(r.at("valueLabels"), member.key());
      if (std::find(s.values.begin(), s.values.end(), member.key()) == s.values.end()) {
        cx.diagnostics.error(Code::UnknownReference, p, "{}: `valueLabels` names `{}`, which is not one of `values`",
                             r.what(), member.key());
      } else if (!member.value().is_string() || prompt_safety_problem(member.value().get_string())) {
        cx.diagnostics.error(Code::NotPromptSafe, p, "{}: the label of `{}` must be a prompt-safe string", r.what(),
                             member.key());
      } else {
        s.value_labels.emplace(member.key(), std::string(member.value().get_string()));
      }
    }
  }
  if (auto d = r.id("default", false)) {
    if (std::find(s.values.begin(), s.values.end(), *d) == s.values.end()) {
      r.error(Code::BadValue, "default", "`default` `{}` is not one of `values`", *d);
    } else {
      s.default_value = *d;
    }
  } else if (!s.values.empty()) {
    s.default_value = s.values.front();
  }
  return s;
}

}  // namespace

std::vector<Pool> read_pools(const bj::array& a, const std::string& pointer, std::string_view what, ReadContext& cx) {
  std::vector<Pool> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    Pool pool = read_pool(a[i], json::child(pointer, i), what, cx);
    if (a[i].is_object()) out.push_back(std::move(pool));
  }
  return out;
}

void read_live(const bj::value& v, const std::string& pointer, Sheet& sheet, ReadContext& cx) {
  ObjectReader r(v, pointer, "sheet.live", cx.diagnostics);
  if (const bj::array* a = r.array("pools", false)) {
    check_count(a->size(), limits::kPools, r.at("pools"), "`live.pools`", cx.diagnostics);
    sheet.pools = read_pools(*a, r.at("pools"), "pool", cx);
  }
  if (const bj::array* a = r.array("tracks", false)) {
    check_count(a->size(), limits::kTracks, r.at("tracks"), "`live.tracks`", cx.diagnostics);
    for (std::size_t i = 0; i < a->size(); ++i) {
      Track t = read_track((*a)[i], json::child(r.at("tracks"), i), cx);
      if ((*a)[i].is_object()) sheet.tracks.push_back(std::move(t));
    }
  }
  if (const bj::array* a = r.array("states", false)) {
    cx.requirement.use(Gate::LiveStates, r.at("states"));
    check_count(a->size(), limits::kStates, r.at("states"), "`live.states`", cx.diagnostics);
    for (std::size_t i = 0; i < a->size(); ++i) {
      LiveState s = read_state((*a)[i], json::child(r.at("states"), i), cx);
      if ((*a)[i].is_object()) sheet.states.push_back(std::move(s));
    }
  }
  if (const bj::array* a = r.array("conditions", false)) {
    check_count(a->size(), limits::kConditions, r.at("conditions"), "`live.conditions`", cx.diagnostics);
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("conditions"), i);
      ObjectReader c((*a)[i], p, entry_name("condition", (*a)[i], p), cx.diagnostics);
      Condition condition;
      condition.pointer = p;
      condition.id = c.id("id", true).value_or("");
      condition.label = c.label();
      if (c.ok()) sheet.conditions.push_back(std::move(condition));
    }
  }
}

void read_rests(const bj::array& a, const std::string& pointer, Sheet& sheet, ReadContext& cx) {
  check_count(a.size(), limits::kRests, pointer, "`rests`", cx.diagnostics);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader r(a[i], p, entry_name("rest", a[i], p), cx.diagnostics);
    Rest rest;
    rest.pointer = p;
    rest.id = r.id("id", true).value_or("");
    rest.label = r.label();
    if (const bj::array* steps = r.array("steps", true)) {
      check_count(steps->size(), limits::kRestSteps, r.at("steps"), r.what() + " `steps`", cx.diagnostics);
      for (std::size_t j = 0; j < steps->size(); ++j) {
        const std::string sp = json::child(r.at("steps"), j);
        ObjectReader s((*steps)[j], sp, fmt::format("{} step #{}", r.what(), j + 1), cx.diagnostics);
        if (!s.ok()) continue;
        RestStep step;
        step.pointer = sp;
        // SH-73: exactly one target.
        const std::array<std::pair<std::string_view, RestStep::Target>, 5> targets = {
            {{"pool", RestStep::Target::Pool},
             {"poolGroup", RestStep::Target::PoolGroup},
             {"listPools", RestStep::Target::ListPools},
             {"track", RestStep::Target::Track},
             {"state", RestStep::Target::State}}};
        int given = 0;
        for (const auto& [key, target] : targets) {
          if (!s.has(key)) {
            s.accept(key);
            continue;
          }
          ++given;
          step.target = target;
          step.target_id = s.id(key, true).value_or("");
        }
        if (given != 1) {
          s.error(Code::BadRestStep, "", "a rest step names exactly one of pool, poolGroup, listPools, track and state (SH-73)");
          s.accept("to");
          s.accept("by");
          s.accept("kind");
          s.accept("shared");
          continue;
        }
        if (step.target == RestStep::Target::State) cx.requirement.use(Gate::RestStepState, sp);
        const bj::value* to = s.get("to");
        const bj::value* by = s.get("by");
        if ((to == nullptr) == (by == nullptr)) {
          s.error(Code::BadRestStep, "", "a rest step either sets (`to`) or changes (`by`) its target, exactly one (SH-74)");
        }
        if (to != nullptr) {
          if (to->is_string() && to->get_string() == "max") step.to = RestStep::To::Max;
          else if (to->is_string() && to->get_string() == "min") step.to = RestStep::To::Min;
          else if (to->is_string() && step.target == RestStep::Target::State) {
            step.to = to->get_string() == "default" ? RestStep::To::Default : RestStep::To::Value;
            step.to_state_value = std::string(to->get_string());
          } else if (auto n = to->is_number() ? to_number(*to) : std::nullopt) {
            step.to = RestStep::To::Value;
            step.to_value = *n;
          } else {
            s.error(Code::BadRestStep, "to", "`to` is \"max\", \"min\" or a number (a state takes \"default\" or one of its values)");
          }
          if (step.target == RestStep::Target::State &&
              (step.to == RestStep::To::Max || step.to == RestStep::To::Min || to->is_number())) {
            s.error(Code::BadRestStep, "to", "a live-state step sets \"default\" or one of the state's values (SH-76)");
          }
        }
        if (by != nullptr) {
          if (step.target == RestStep::Target::State) {
            s.error(Code::BadRestStep, "by", "a live-state step only sets the state (SH-76)");
          }
          ObjectReader b(*by, s.at("by"), s.what() + " `by`", cx.diagnostics);
          if (b.has("const")) {
            step.by = RestStep::By::Const;
            step.by_value = b.number("const", true).value_or(Number());
          } else if (b.has("fractionOfMax")) {
            step.by = RestStep::By::FractionOfMax;
            step.by_value = b.number("fractionOfMax", true).value_or(Number());
            if (step.by_value < -Number::of(1) || step.by_value > Number::of(1)) {
              b.error(Code::OutOfRange, "fractionOfMax", "`fractionOfMax` lies between -1 and 1");
            }
            step.round = read_rounding(b, "round", Rounding::Down);
            step.by_min = b.number("min", false);
          } else if (b.ok()) {
            b.error(Code::BadRestStep, "", "`by` is {{ \"const\": n }} or {{ \"fractionOfMax\": f }} (SH-74)");
          }
        }
        if (s.has("kind")) {
          cx.requirement.use(Gate::RestStepKind, s.at("kind"));
          if (step.target != RestStep::Target::Track) s.error(Code::BadRestStep, "kind", "`kind` applies to a wound-track step");
          step.kind = s.id("kind", true).value_or("");
        }
        if (auto shared = s.boolean("shared")) {
          cx.requirement.use(Gate::RestShared, s.at("shared"));
          if (step.target != RestStep::Target::PoolGroup || step.by != RestStep::By::FractionOfMax) {
            s.error(Code::BadRestStep, "shared", "`shared` applies to a poolGroup step with `fractionOfMax` (SH-78)");
          }
          step.shared = *shared;
        }
        rest.steps.push_back(std::move(step));
      }
    }
    if (const bj::array* clears = r.array("clears", false)) {
      for (std::size_t j = 0; j < clears->size(); ++j) {
        const bj::value& c = (*clears)[j];
        const std::string cp = json::child(r.at("clears"), j);
        if (!c.is_string()) {
          cx.diagnostics.error(Code::WrongType, cp, "{}: `clears` holds strings", r.what());
        } else if (c.get_string() == "temp") {
          rest.clears_temp = true;
        } else if (c.get_string() == "conditions") {
          rest.clears_all_conditions = true;
        } else if (c.get_string().starts_with("condition:") && is_valid_id(std::string_view(c.get_string()).substr(10))) {
          rest.clears_conditions.emplace_back(std::string(std::string_view(c.get_string()).substr(10)), j);
        } else {
          cx.diagnostics.error(Code::BadValue, cp,
                               "{}: `clears` holds \"temp\", \"conditions\" or \"condition:<id>\" with a valid id, found \"{}\"", r.what(),
                               std::string_view(c.get_string()).substr(0, 64));
        }
      }
    }
    if (r.ok()) sheet.rests.push_back(std::move(rest));
  }
}

}  // namespace rk::detail
