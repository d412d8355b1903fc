// Reading `sheet.live`: pools, tracks and wound tracks, live states, live text, conditions.
// Rests are read in read_rests.cpp.
#include <algorithm>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

constexpr Choice<Pool::Start> kPoolStarts[] = {{Pool::Start::Full, "full"}, {Pool::Start::Empty, "empty"}};
constexpr Choice<Track::PenaltyBy> kBoxPenaltyBy[] = {{Track::PenaltyBy::Remaining, "remaining"},
                                                      {Track::PenaltyBy::Filled, "filled"}};
constexpr Choice<Track::Fill> kTrackFills[] = {{Track::Fill::Sequential, "sequential"},
                                               {Track::Fill::Indexed, "indexed"}};
constexpr Choice<Track::OnFull> kTrackOnFull[] = {{Track::OnFull::Upgrade, "upgrade"},
                                                  {Track::OnFull::Refuse, "refuse"}};

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
  if (auto start = r.choice("start", false, kPoolStarts)) pool.start = *start;
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
    r.check_limit(limits::kPoolPays, pool.pays.size(), "pays");
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

// `boxes.penalty.table`: [count, penalty] rows, counts strictly rising, penalties whole, -1000..0.
std::vector<std::pair<Number, Number>> read_penalty_table(ObjectReader& r, ReadContext& cx) {
  const bj::array* table = r.array("table", true);
  if (table == nullptr) return {};
  if (table->empty()) r.error(Code::BadWoundTrack, "table", "`table` needs at least one [count, penalty] row");
  check_limit(limits::kBoxPenaltyRows, table->size(), r.at("table"), r.what() + " `table`", cx.diagnostics);
  auto rows = read_number_pairs(*table, r.at("table"), r.what(), true, Code::BadWoundTrack, cx.diagnostics);
  for (std::size_t i = 0; i < rows.size() && i < table->size(); ++i) {
    const Number& penalty = rows[i].second;
    if (!penalty.is_integer() || penalty > Number() || penalty < Number::of(limits::kWoundPenaltyFloor)) {
      cx.diagnostics.error(limits::kWoundPenaltyFloor.code, json::child(json::child(r.at("table"), i), 1),
                           "{}: a penalty is a whole number from {} to 0, found {}", r.what(),
                           limits::kWoundPenaltyFloor, penalty.to_string());
    }
  }
  return rows;
}

/// A wound track's `kinds`: 1-6, ids and severities distinct (the lightest mark must be one mark).
void read_wound_kinds(ObjectReader& r, Track& t, ReadContext& cx) {
  const bj::array* kinds = r.array("kinds", false);
  if (kinds == nullptr) return;
  if (kinds->empty()) r.error(Code::BadWoundTrack, "kinds", "`kinds` needs at least one kind");
  check_limit(limits::kWoundKinds, kinds->size(), r.at("kinds"), r.what() + " `kinds`", cx.diagnostics);
  UniqueIds kind_ids{"wound kind"};
  for (std::size_t i = 0; i < kinds->size(); ++i) {
    const std::string p = json::child(r.at("kinds"), i);
    ObjectReader k((*kinds)[i], p, r.what() + " " + entry_name("kind", (*kinds)[i], p), cx.diagnostics);
    WoundKind kind;
    kind.id = k.id("id", true).value_or("");
    // A kind's label is the letter in a box on the sheet, so it is short.
    kind.label = k.prompt_text("label", true, limits::kWoundKindLabelLength).value_or("");
    const std::optional<Number> severity = k.number("severity", true, true);
    kind.severity = severity.value_or(Number());
    if (kind.severity < Number::of(-limits::kWoundSeverityBound) ||
        kind.severity > Number::of(limits::kWoundSeverityBound)) {
      k.error(Code::OutOfRange, "severity", "`severity` is a whole number from -{} to {}, found {}",
              limits::kWoundSeverityBound, limits::kWoundSeverityBound, kind.severity.to_string());
    }
    if (!k.ok()) continue;
    if (!kind_ids.add(kind.id, k.at("id"), cx.diagnostics)) continue;
    const auto same_severity = [&](const WoundKind& w) { return w.severity == kind.severity; };
    if (const auto same = severity ? std::find_if(t.kinds.begin(), t.kinds.end(), same_severity) : t.kinds.end();
        same != t.kinds.end()) {
      k.error(Code::BadWoundTrack, "severity",
              "severity {} is already kind `{}`'s; severities are distinct so one mark is the lightest",
              kind.severity.to_string(), same->id);
    }
    t.kinds.push_back(kind);
  }
}

/// A wound track's named `levels`: 1-16, best first, penalties whole from -1000 to 0.
void read_wound_levels(ObjectReader& r, Track& t, ReadContext& cx) {
  const bj::array* a = r.array("levels", true);
  if (a == nullptr) return;
  if (a->empty()) r.error(Code::BadWoundTrack, "levels", "`levels` needs at least one level");
  check_limit(limits::kWoundLevels, a->size(), r.at("levels"), r.what() + " `levels`", cx.diagnostics);
  for (std::size_t i = 0; i < a->size(); ++i) {
    ObjectReader l((*a)[i], json::child(r.at("levels"), i), fmt::format("{} level #{}", r.what(), i + 1),
                   cx.diagnostics);
    WoundLevel level;
    level.label = l.label();
    level.penalty = l.number("penalty", true, true).value_or(Number());
    if (level.penalty > Number() || level.penalty < Number::of(limits::kWoundPenaltyFloor)) {
      l.error(Code::OutOfRange, "penalty", "a level's penalty is a whole number from {} to 0, found {}",
              limits::kWoundPenaltyFloor, level.penalty.to_string());
    }
    // SH-32: each level is worse than (or as bad as) the one before.
    if (!t.levels.empty() && level.penalty > t.levels.back().penalty) {
      l.error(Code::BadWoundTrack, "penalty",
              "penalty {} is better than the level before ({}); levels get worse in order (SH-32)",
              level.penalty.to_string(), t.levels.back().penalty.to_string());
    }
    if (l.ok()) t.levels.push_back(level);
  }
}

/// `boxes`: `{ "penalty": { "by": "remaining" | "filled", "table": [...] } }`.
void read_wound_boxes(ObjectReader& r, Track& t, ReadContext& cx) {
  cx.requirement.use(Gate::WoundBoxes, r.at("boxes"));
  ObjectReader b(*r.get("boxes"), r.at("boxes"), r.what() + " `boxes`", cx.diagnostics);
  const bj::value* penalty = b.get("penalty");
  if (penalty == nullptr) return;
  ObjectReader p(*penalty, b.at("penalty"), b.what() + " `penalty`", cx.diagnostics);
  if (auto by = p.choice("by", true, kBoxPenaltyBy)) t.box_penalty_by = *by;
  t.box_penalty = read_penalty_table(p, cx);
}

Track read_track(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name("track", v, pointer), cx.diagnostics);
  Track t;
  t.pointer = pointer;
  t.id = r.id("id", true).value_or("");
  t.label = r.label();
  // SH-30: `kinds` and either `levels` or `boxes` make a wound track.
  t.wound = r.has("kinds") || r.has("levels") || r.has("boxes");
  // SH-22: min and default stay numbers. The reference asks for `min` and `max` on every track,
  // a wound track included, so a file always says both ends of the scale.
  if (auto min = r.number("min", true, true)) t.min = *min;
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
  if (max == nullptr && r.ok()) r.error(Code::MissingKey, "", "`max` is required");
  if (!t.wound) {
    if (auto d = r.number("default", false, true)) {
      t.default_value = *d;
      // SH-22: min and default stay numbers, so a default below min is known at import.
      if (t.default_value < t.min) {
        r.error(Code::OutOfRange, "default", "`default` {} is below `min` {}", t.default_value.to_string(),
                t.min.to_string());
      }
    } else {
      t.default_value = t.min;
    }
    if (const bj::value* start_from = r.get("startFrom")) {
      cx.requirement.use(Gate::StartFrom, r.at("startFrom"));
      if (r.has("default"))
        r.error(Code::ConflictingKeys, "startFrom", "give `default` or `startFrom`, not both (BC-59)");
      t.start_from = read_ref(*start_from, r.at("startFrom"), r.what() + " `startFrom`", cx);
    }
    if (t.max.kind == RefKind::Const && max != nullptr) {
      if (t.min > t.max.constant)
        r.error(Code::OutOfRange, "min", "`min` is above `max`");
      else if (r.has("default") && t.default_value >= t.min && t.default_value > t.max.constant) {
        r.error(Code::OutOfRange, "default", "`default` {} is outside {}-{}", t.default_value.to_string(),
                t.min.to_string(), t.max.constant.to_string());
      }
    }
    t.hide_when = read_hide_when(r, cx);
    for (std::string_view key : {"fill", "onFull", "extra"}) {
      if (r.has(key))
        r.error(Code::BadWoundTrack, key, "`{}` belongs to wound tracks (with `kinds` and `levels` or `boxes`)", key);
      r.accept(key);
    }
    return t;
  }
  // Wound track.
  if (r.has("hideWhen"))
    r.error(Code::HideWoundTrack, "hideWhen", "a wound track cannot be hidden: rolls and fights read it (SH-18)");
  r.accept("hideWhen");
  // A wound track starts unmarked: `min` 0, no start other than 0.
  if (t.min != Number())
    r.error(Code::BadWoundTrack, "min", "a wound track starts unmarked, so its `min` is 0, found {}",
            t.min.to_string());
  if (auto d = r.number("default", false, true); d && *d != Number()) {
    r.error(Code::BadWoundTrack, "default", "a wound track starts unmarked; a `default` other than 0 does not apply");
  }
  if (r.has("startFrom"))
    r.error(Code::BadWoundTrack, "startFrom", "a wound track starts unmarked; `startFrom` does not apply");
  r.accept("startFrom");
  const bool levels = r.has("levels");
  t.boxes = r.has("boxes");
  if (!r.has("kinds"))
    r.error(Code::BadWoundTrack, "", "a wound track needs `kinds`: a mark has to be of some kind (SH-30)");
  if (levels && t.boxes)
    r.error(Code::BadWoundTrack, "boxes", "a wound track has `levels` or `boxes`, not both (SH-30)");
  if (!levels && !t.boxes) {
    r.error(Code::BadWoundTrack, "kinds",
            "`kinds` needs `levels` or `boxes` beside it: there is nothing to mark (SH-30)");
  }
  read_wound_kinds(r, t, cx);
  if (levels) {
    read_wound_levels(r, t, cx);
    // SH-23: a named-level track is as long as its levels; `max` is that number itself (never a
    // Ref, which could disagree per character).
    const Number length = Number::of(static_cast<std::int64_t>(t.levels.size()));
    if (max != nullptr && (!max->is_number() || t.max.constant != length)) {
      r.error(Code::BadTrackMax, "max",
              "a wound track holds one mark per level, so its `max` is the number {}; found {}", t.levels.size(),
              max->is_number() ? t.max.constant.to_string() : std::string("a value reference"));
    }
    t.max.kind = RefKind::Const;
    t.max.constant = length;
    t.max.pointer = r.at("levels");
  }
  if (t.boxes) {
    read_wound_boxes(r, t, cx);
    if (max != nullptr && t.max.kind == RefKind::Const &&
        (t.max.constant < Number() || t.max.constant > Number::of(limits::kWoundBoxes))) {
      r.error(Code::BadTrackMax, "max", "a track of numbered boxes has 0-{} boxes, found {} (SH-54)",
              limits::kWoundBoxes, t.max.constant.to_string());
    }
  }
  if (r.has("fill")) cx.requirement.use(Gate::WoundFill, r.at("fill"));
  if (auto fill = r.choice("fill", false, kTrackFills)) t.fill = *fill;
  const bool on_full = r.has("onFull");
  if (on_full) cx.requirement.use(Gate::WoundOnFull, r.at("onFull"));
  if (auto full = r.choice("onFull", false, kTrackOnFull)) t.on_full = *full;
  // An indexed track never moves a mark, so it has no lightest mark to upgrade: it refuses, and
  // says so.
  if (t.fill == Track::Fill::Indexed && t.on_full != Track::OnFull::Refuse) {
    r.error(
        Code::BadWoundTrack, on_full ? "onFull" : "fill",
        "an indexed track refuses a mark it has no box for; write \"onFull\": \"refuse\" beside \"fill\": \"indexed\"");
  }
  if (const bj::value* extra = r.get("extra")) {
    cx.requirement.use(Gate::WoundExtra, r.at("extra"));
    if (!levels)
      r.error(Code::BadWoundTrack, "extra",
              "a box track is as long as its `max`; `extra` lengthens only a track with named `levels` (SH-59)");
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
  // A value is written inside the quotes of the sheet command and printed in the GM's prompt, so
  // it is prompt-safe text without a double quote, not necessarily an id ("Human form").
  if (const bj::array* values = r.array("values", true)) {
    if (values->size() < limits::kStateValuesMin) {
      r.error(Code::TooFew, "values", "a live state is one of at least {} values; found {}", limits::kStateValuesMin,
              values->size());
    }
    check_limit(limits::kStateValues, values->size(), r.at("values"), r.what() + " `values`", cx.diagnostics);
    for (std::size_t i = 0; i < values->size(); ++i) {
      const std::string p = json::child(r.at("values"), i);
      const bj::value& value = (*values)[i];
      const bool too_long = value.is_string() && text_length(value.get_string()) > limits::kStateValueLength;
      if (!value.is_string() || value.get_string().empty() || too_long) {
        cx.diagnostics.error(too_long ? limits::kStateValueLength.code : Code::WrongType, p,
                             "{}: a value is a string of 1-{} characters", r.what(), limits::kStateValueLength);
        continue;
      }
      const std::string text(value.get_string());
      if (auto problem = prompt_safety_problem(text)) {
        cx.diagnostics.error(Code::NotPromptSafe, p, "{}: value \"{}\" {}", r.what(), text, *problem);
        continue;
      }
      if (text.find('"') != std::string::npos) {
        cx.diagnostics.error(Code::BadValue, p,
                             "{}: value {} holds a double quote, which the sheet command cannot quote", r.what(), text);
        continue;
      }
      if (std::find(s.values.begin(), s.values.end(), text) != s.values.end()) {
        cx.diagnostics.error(Code::BadValue, p, "{}: value \"{}\" is listed twice", r.what(), text);
        continue;
      }
      s.values.push_back(text);
    }
  }
  s.value_labels = read_value_labels(r, s.values, cx.diagnostics);
  if (auto d = r.string("default", false, limits::kStateValueLength)) {
    if (std::find(s.values.begin(), s.values.end(), *d) == s.values.end()) {
      r.error(Code::BadValue, "default", "`default` \"{}\" is not one of `values`{}", *d, did_you_mean(*d, s.values));
    } else {
      s.default_value = *d;
    }
  } else if (!s.values.empty()) {
    s.default_value = s.values.front();
  }
  s.hide_when = read_hide_when(r, cx);
  return s;
}

LiveText read_text(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name("live text", v, pointer), cx.diagnostics);
  LiveText t;
  t.pointer = pointer;
  t.id = r.id("id", true).value_or("");
  t.label = r.label();
  if (auto length = r.number("maxLength", true, true)) {
    if (*length < Number::of(1) || *length > Number::of(limits::kLiveTextLength)) {
      r.error(Code::OutOfRange, "maxLength", "`maxLength` is 1-{}, found {}", limits::kLiveTextLength,
              length->to_string());
    } else {
      t.max_length = static_cast<std::size_t>(length->whole());
    }
  }
  return t;
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
    check_limit(limits::kPools, a->size(), r.at("pools"), "`live.pools`", cx.diagnostics);
    sheet.pools = read_pools(*a, r.at("pools"), "pool", cx);
  }
  if (const bj::array* a = r.array("tracks", false)) {
    check_limit(limits::kTracks, a->size(), r.at("tracks"), "`live.tracks`", cx.diagnostics);
    for (std::size_t i = 0; i < a->size(); ++i) {
      Track t = read_track((*a)[i], json::child(r.at("tracks"), i), cx);
      if ((*a)[i].is_object()) sheet.tracks.push_back(std::move(t));
    }
  }
  if (const bj::array* a = r.array("states", false)) {
    cx.requirement.use(Gate::LiveStates, r.at("states"));
    check_limit(limits::kStates, a->size(), r.at("states"), "`live.states`", cx.diagnostics);
    for (std::size_t i = 0; i < a->size(); ++i) {
      LiveState s = read_state((*a)[i], json::child(r.at("states"), i), cx);
      if ((*a)[i].is_object()) sheet.states.push_back(std::move(s));
    }
  }
  if (const bj::array* a = r.array("text", false)) {
    check_limit(limits::kLiveTexts, a->size(), r.at("text"), "`live.text`", cx.diagnostics);
    for (std::size_t i = 0; i < a->size(); ++i) {
      LiveText t = read_text((*a)[i], json::child(r.at("text"), i), cx);
      if ((*a)[i].is_object()) sheet.texts.push_back(std::move(t));
    }
  }
  if (const bj::array* a = r.array("conditions", false)) {
    check_limit(limits::kConditions, a->size(), r.at("conditions"), "`live.conditions`", cx.diagnostics);
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

}  // namespace rk::detail
