// Reading the top-level `rests` (docs/format/live.md "Rests"): each with `restore` steps and a
// `clear` object, as the reference writes them. What a step names is checked in resolve.cpp.
#include <array>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// Marks every amount key as known, so a step already refused for its target is not also
/// reported for keys that would have been fine.
void accept_amount_keys(ObjectReader& s) {
  for (std::string_view key : {"to", "by", "kind", "shared", "recharge"}) s.accept(key);
}

void read_to(ObjectReader& s, const bj::value& to, RestStep& step) {
  const bool state = step.target == RestStep::Target::State;
  if (state) {
    // SH-76: a live-state step sets the state to "default" or one of its values (checked against
    // the state's values once the sheet is resolved).
    if (to.is_string() && text_length(to.get_string()) > limits::kStateValueLength) {
      s.error(limits::kStateValueLength.code, "to", "a state's value is at most {} characters",
              limits::kStateValueLength);
      return;
    }
    if (!to.is_string() || to.get_string().empty() || choice_of(kRestToWords, to.get_string())) {
      s.error(Code::BadRestStep, "to",
              "a live-state step sets the state with `to`: \"default\" or one of its values (SH-76)");
      return;
    }
    step.to = choice_of(kRestStateWords, to.get_string()).value_or(RestStep::To::Value);
    step.to_state_value = std::string(to.get_string());
    return;
  }
  if (const auto word = to.is_string() ? choice_of(kRestToWords, to.get_string()) : std::nullopt) {
    step.to = *word;
  } else if (auto n = to.is_number() ? to_number(to) : std::nullopt) {
    // A rest sets a pool or a track to a count: a whole number (its range is checked against the
    // target once the sheet is resolved, since a track may go below 0).
    if (!n->is_integer())
      s.error(Code::BadRestStep, "to", "`to` sets a count, so it is a whole number; found {}", n->to_string());
    step.to = RestStep::To::Value;
    step.to_value = *n;
  } else {
    s.error(Code::BadRestStep, "to",
            "`to` is \"max\", \"min\" or a whole number (\"default\" or a value only on a live-state step)");
  }
}

void read_by(ObjectReader& s, const bj::value& by, RestStep& step) {
  if (step.target == RestStep::Target::State) {
    s.error(Code::BadRestStep, "by", "a live-state step only sets the state, with `to` (SH-76)");
    return;
  }
  ObjectReader b(by, s.at("by"), s.what() + " `by`", s.diagnostics());
  if (!b.ok()) return;
  if (b.has("const")) {
    step.by = RestStep::By::Const;
    step.by_value = b.number("const", true, true).value_or(Number());
    if (b.has("fractionOfMax"))
      b.error(Code::BadRestStep, "", "`by` is either {{ \"const\": n }} or {{ \"fractionOfMax\": f }}");
    b.accept("fractionOfMax");
    return;
  }
  if (!b.has("fractionOfMax")) {
    b.error(Code::BadRestStep, "", "`by` is {{ \"const\": n }} or {{ \"fractionOfMax\": f }} (SH-74)");
    return;
  }
  step.by = RestStep::By::FractionOfMax;
  step.by_value = b.number("fractionOfMax", true).value_or(Number());
  // A share of the maximum: more than nothing, at most all of it.
  if (step.by_value <= Number() || step.by_value > Number::of(1)) {
    b.error(Code::OutOfRange, "fractionOfMax", "`fractionOfMax` is above 0 and at most 1, found {}",
            step.by_value.to_string());
  }
  // A rest gives back whole points, so the share is always rounded.
  step.round = read_rounding(b, "round", Rounding::Down);
  step.by_min = b.number("min", false, true);
  if (step.by_min && *step.by_min < Number()) {
    b.error(Code::OutOfRange, "min", "`min` is the least a step gives back: 0 or more, found {}",
            step.by_min->to_string());
  }
}

std::optional<RestStep> read_step(const bj::value& v, const std::string& pointer, const std::string& what,
                                  ReadContext& cx) {
  ObjectReader s(v, pointer, what, cx.diagnostics);
  if (!s.ok()) return std::nullopt;
  RestStep step;
  step.pointer = pointer;
  // SH-73: exactly one target.
  static constexpr std::array<std::pair<std::string_view, RestStep::Target>, 5> kTargets = {
      {{"pool", RestStep::Target::Pool},
       {"poolGroup", RestStep::Target::PoolGroup},
       {"listPools", RestStep::Target::ListPools},
       {"track", RestStep::Target::Track},
       {"state", RestStep::Target::State}}};
  int given = 0;
  for (const auto& [key, target] : kTargets) {
    if (!s.has(key)) continue;
    ++given;
    step.target = target;
    step.target_id = s.id(key, true).value_or("");
  }
  if (given != 1) {
    s.error(Code::BadRestStep, "",
            "a rest step names exactly one of pool, poolGroup, listPools, track and state (SH-73)");
    for (const auto& entry : kTargets) s.accept(entry.first);
    accept_amount_keys(s);
    return std::nullopt;
  }
  if (step.target == RestStep::Target::State) cx.requirement.use(Gate::RestStepState, pointer);
  const bj::value* to = s.get("to");
  const bj::value* by = s.get("by");
  if ((to == nullptr) == (by == nullptr)) {
    s.error(Code::BadRestStep, "", "a rest step either sets (`to`) or changes (`by`) its target, exactly one (SH-74)");
  }
  if (to != nullptr) read_to(s, *to, step);
  if (by != nullptr) read_by(s, *by, step);
  if (s.has("kind")) {
    cx.requirement.use(Gate::RestStepKind, s.at("kind"));
    if (step.target != RestStep::Target::Track)
      s.error(Code::BadRestStep, "kind", "`kind` only narrows a step that names a `track`");
    step.kind = s.id("kind", true).value_or("");
  }
  if (auto shared = s.boolean("shared")) {
    cx.requirement.use(Gate::RestShared, s.at("shared"));
    if (step.target != RestStep::Target::PoolGroup || step.by != RestStep::By::FractionOfMax) {
      s.error(Code::BadRestStep, "shared", "`shared` applies to a poolGroup step with `fractionOfMax` (SH-78)");
    }
    step.shared = *shared;
  }
  if (s.has("recharge")) {
    if (step.target != RestStep::Target::ListPools) {
      s.error(Code::BadRestStep, "recharge", "`recharge` only narrows a `listPools` step to rows that recharge on it");
    }
    if (const bj::array* values = s.array("recharge", true)) {
      if (values->empty()) s.error(Code::TooFew, "recharge", "`recharge` names at least one value");
      check_limit(limits::kRestRecharge, values->size(), s.at("recharge"), s.what() + " `recharge`", cx.diagnostics);
      for (std::size_t i = 0; i < values->size(); ++i) {
        const bj::value& value = (*values)[i];
        const bool too_long = value.is_string() && text_length(value.get_string()) > limits::kStateValueLength;
        if (!value.is_string() || value.get_string().empty() || too_long) {
          cx.diagnostics.error(
              too_long ? limits::kStateValueLength.code : Code::WrongType, json::child(s.at("recharge"), i),
              "{}: a `recharge` value is a string of 1-{} characters", s.what(), limits::kStateValueLength);
          continue;
        }
        step.recharge.emplace_back(value.get_string());
      }
    }
  }
  return step;
}

/// An array of ids under `key`, each kept with where it is written.
void read_id_array(ObjectReader& r, std::string_view key, const limits::CountLimit& limit,
                   std::vector<std::pair<Id, std::string>>& out, ReadContext& cx) {
  const bj::array* a = r.array(key, false);
  if (a == nullptr) return;
  check_limit(limit, a->size(), r.at(key), r.what() + " `" + std::string(key) + "`", cx.diagnostics);
  UniqueIds seen(fmt::format("{}: `{}`", r.what(), key), UniqueIds::Kind::Listed);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string p = json::child(r.at(key), i);
    const bj::value& id = (*a)[i];
    if (!id.is_string() || !is_valid_id(id.get_string())) {
      cx.diagnostics.error(Code::BadId, p, "{}: `{}` holds ids", r.what(), key);
      continue;
    }
    if (seen.add(id.get_string(), p, cx.diagnostics)) out.emplace_back(std::string(id.get_string()), p);
  }
}

/// `clear`: `{ "text": [ids], "conditions": "all" | [ids] }`.
void read_clear(ObjectReader& r, Rest& rest, ReadContext& cx) {
  const bj::value* clear = r.get("clear");
  if (clear == nullptr) return;
  ObjectReader c(*clear, r.at("clear"), r.what() + " `clear`", cx.diagnostics);
  if (!c.ok()) return;
  read_id_array(c, "text", limits::kLiveTexts, rest.clears_text, cx);
  if (const bj::value* conditions = c.get("conditions")) {
    if (conditions->is_string()) {
      if (choice_of(Rest::kClearAll, conditions->get_string()))
        rest.clears_all_conditions = true;
      else
        c.error(Code::BadValue, "conditions", "`conditions` is \"all\" or an array of condition ids");
    } else {
      read_id_array(c, "conditions", limits::kConditions, rest.clears_conditions, cx);
    }
  }
}

}  // namespace

void read_rests(const bj::array& a, const std::string& pointer, Sheet& sheet, ReadContext& cx) {
  check_limit(limits::kRests, a.size(), pointer, "`rests`", cx.diagnostics);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader r(a[i], p, entry_name("rest", a[i], p), cx.diagnostics);
    if (!r.ok()) continue;
    Rest rest;
    rest.pointer = p;
    rest.id = r.id("id", true).value_or("");
    rest.label = r.label();
    // A rest may leave `restore` out: it then only clears.
    if (const bj::array* steps = r.array("restore", false)) {
      check_limit(limits::kRestSteps, steps->size(), r.at("restore"), r.what() + " `restore`", cx.diagnostics);
      for (std::size_t j = 0; j < steps->size(); ++j) {
        const std::string sp = json::child(r.at("restore"), j);
        if (auto step = read_step((*steps)[j], sp, fmt::format("{} step #{}", r.what(), j + 1), cx)) {
          rest.steps.push_back(std::move(*step));
        }
      }
    }
    read_clear(r, rest, cx);
    sheet.rests.push_back(std::move(rest));
  }
}

}  // namespace rk::detail
