// Reading the small shapes every part of the sheet shares: scalars, value references, hideWhen,
// value schemas and untrained rules.
#include <algorithm>
#include <array>
#include <charconv>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "json/document.hpp"

namespace rk {

bool ValueSpec::accepts(const Scalar& v) const {
  switch (type) {
    case ValueType::Number: {
      const auto* n = std::get_if<Number>(&v.value);
      return n != nullptr && *n >= min && *n <= max && (!integer || n->is_integer());
    }
    case ValueType::Text:
    case ValueType::Longtext:
    case ValueType::Dice: {
      // Text a player types reaches the Game Master's prompt (DESIGN principle 8).
      const auto* s = std::get_if<std::string>(&v.value);
      return s != nullptr && text_length(*s) <= max_length &&
             !prompt_safety_problem(*s, type == ValueType::Longtext).has_value();
    }
    case ValueType::Enum: {
      const auto* s = std::get_if<std::string>(&v.value);
      return s != nullptr && std::find(values.begin(), values.end(), *s) != values.end();
    }
    case ValueType::Boolean:
      return std::holds_alternative<bool>(v.value);
  }
  return false;
}

namespace detail {

std::optional<Scalar> read_scalar(const bj::value& v) {
  if (v.is_bool()) return Scalar{v.get_bool()};
  if (v.is_string()) return Scalar{std::string(v.get_string())};
  if (v.is_number()) {
    if (auto n = to_number(v)) return Scalar{*n};
  }
  return std::nullopt;
}

std::string entry_name(std::string_view kind, const bj::value& v, const std::string& pointer) {
  if (v.is_object()) {
    if (const auto* id = v.get_object().if_contains("id"); id != nullptr && id->is_string()) {
      return fmt::format("{} `{}`", kind, std::string_view(id->get_string()).substr(0, limits::kIdLength));
    }
  }
  // The last pointer token is the entry's index; shown 1-based. A token that is not a number
  // (never the case for an array element) is shown as it is rather than thrown on.
  const std::string_view token = std::string_view(pointer).substr(pointer.rfind('/') + 1);
  std::size_t index = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), index);
  if (error != std::errc() || end != token.data() + token.size()) return fmt::format("{} `{}`", kind, token);
  return fmt::format("{} #{}", kind, index + 1);
}

void check_limit(std::size_t limit, std::size_t n, const std::string& pointer, std::string_view what,
                 Diagnostics& diagnostics) {
  if (n > limit) diagnostics.error(Code::TooMany, pointer, "{} lists {} entries; the limit is {}", what, n, limit);
}

std::vector<std::pair<Number, Number>> read_number_pairs(const bj::array& table, const std::string& pointer,
                                                         const std::string& what, bool whole_keys, Code code,
                                                         Diagnostics& diagnostics) {
  std::vector<std::pair<Number, Number>> out;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const bj::value& row = table[i];
    const std::string p = json::child(pointer, i);
    const bool pair = row.is_array() && row.get_array().size() == 2 && row.get_array()[0].is_number() &&
                      row.get_array()[1].is_number();
    auto key = pair ? to_number(row.get_array()[0]) : std::nullopt;
    auto value = pair ? to_number(row.get_array()[1]) : std::nullopt;
    if (!key || !value || (whole_keys && (!key->is_integer() || *key < Number::of(0)))) {
      diagnostics.error(code, p, "{}: each row is [{}, value], two numbers", what,
                        whole_keys ? "a whole count >= 0" : "threshold");
      continue;
    }
    if (!out.empty() && *key <= out.back().first) {
      diagnostics.error(code, p, "{}: {} follows {}; the first numbers must rise strictly", what, key->to_string(),
                        out.back().first.to_string());
      continue;
    }
    out.emplace_back(*key, *value);
  }
  return out;
}

std::string scalar_to_string(const Scalar& s) {
  if (const auto* n = std::get_if<Number>(&s.value)) return n->to_string();
  if (const auto* b = std::get_if<bool>(&s.value)) return *b ? "true" : "false";
  return "\"" + std::get<std::string>(s.value) + "\"";
}

namespace {

constexpr Choice<Ref::ItemsFrom> kItemsFrom[] = {
    {Ref::ItemsFrom::Worn, "worn"}, {Ref::ItemsFrom::Carried, "carried"}, {Ref::ItemsFrom::All, "all"}};
/// An `itemStat`'s `pick`: three ways to fold a stat, or a count of the items.
enum class ItemPick : std::uint8_t { Sum, Max, Min, Count };
constexpr Choice<ItemPick> kItemPicks[] = {
    {ItemPick::Sum, "sum"}, {ItemPick::Max, "max"}, {ItemPick::Min, "min"}, {ItemPick::Count, "count"}};
// Every `round` the format has makes a whole number: a scale, a tier's multiplier, a rest's share.
// `Rounding::None` is what a sum keeps, and is never written.
constexpr Choice<Rounding> kRoundings[] = {
    {Rounding::Down, "down"}, {Rounding::Up, "up"}, {Rounding::Nearest, "nearest"}};

struct RefKey {
  std::string_view key;
  RefKind kind;
};
constexpr std::array<RefKey, 12> kRefKeys = {{
    {"const", RefKind::Const},
    {"field", RefKind::Field},
    {"derived", RefKind::Derived},
    {"abilityScore", RefKind::AbilityScore},
    {"abilityMod", RefKind::AbilityMod},
    {"abilityModFromField", RefKind::AbilityModFromField},
    {"skillMod", RefKind::SkillMod},
    {"saveMod", RefKind::SaveMod},
    {"listSum", RefKind::ListSum},
    {"livePool", RefKind::LivePool},
    {"liveTrack", RefKind::LiveTrack},
    {"itemStat", RefKind::ItemStat},
}};

std::optional<RowFilter> read_where(ObjectReader& r) {
  const bj::object* o = r.object("where", false);
  if (o == nullptr) return std::nullopt;
  ObjectReader w(*r.get("where"), r.at("where"), r.what() + " `where`", r.diagnostics());
  RowFilter filter;
  filter.column = w.id("column", true).value_or("");
  const bj::value* equals = w.get("equals");
  if (equals == nullptr) {
    w.error(Code::MissingKey, "", "`equals` is required");
    return std::nullopt;
  }
  auto s = read_scalar(*equals);
  if (!s) {
    w.error(Code::WrongType, "equals", "`equals` must be a number, a string or a boolean");
    return std::nullopt;
  }
  filter.equals = *s;
  if (filter.column.empty()) return std::nullopt;
  return filter;
}

/// Reference format: `{ "liveTrack": id, "read": "value" | "filled" | "remaining" | "penalty" }`, the one
/// value reference with two keys.
std::optional<Ref> read_track_read_ref(const bj::object& o, const std::string& pointer, const std::string& what,
                                       ReadContext& cx) {
  const bj::value* track = o.if_contains("liveTrack");
  if (track == nullptr || o.size() != 2) {
    cx.diagnostics.error(Code::BadRef, track == nullptr ? json::child(pointer, "read") : pointer,
                         "{}: `read` goes only beside `liveTrack`, as the reference's second key", what);
    return std::nullopt;
  }
  Ref ref;
  ref.kind = RefKind::LiveTrack;
  ref.pointer = pointer;
  ref.track_read_given = true;
  cx.requirement.use(Gate::LiveTrackRead, json::child(pointer, "read"));
  const bj::value& read = o.at("read");
  constexpr std::array<std::pair<std::string_view, Ref::TrackRead>, 4> kReads = {
      {{"value", Ref::TrackRead::Value},
       {"filled", Ref::TrackRead::Filled},
       {"remaining", Ref::TrackRead::Remaining},
       {"penalty", Ref::TrackRead::Penalty}}};
  const auto found = std::find_if(kReads.begin(), kReads.end(),
                                  [&](const auto& k) { return read.is_string() && read.get_string() == k.first; });
  bool good = true;
  if (found == kReads.end()) {
    cx.diagnostics.error(read.is_string() ? Code::BadValue : Code::WrongType, json::child(pointer, "read"),
                         "{}: `read` is \"value\", \"filled\", \"remaining\" or \"penalty\"", what);
    good = false;
  } else {
    ref.track_read = found->second;
  }
  if (!track->is_string() || !is_valid_id(track->get_string())) {
    cx.diagnostics.error(track->is_string() ? Code::BadId : Code::WrongType, json::child(pointer, "liveTrack"),
                         "{}: `liveTrack` must name an id", what);
    good = false;
  } else {
    ref.target = std::string(track->get_string());
  }
  if (!good) return std::nullopt;
  return ref;
}

/// `itemStat` over the items the character holds (`from`, `pick`, optional `stat`, `slot`,
/// `category`, `tag`, `default`), Capability API 1.52. It never reads a list of the sheet.
std::optional<Ref> read_held_item_stat(const bj::value& arg, const std::string& pointer, const std::string& what,
                                       Ref ref, ReadContext& cx) {
  ObjectReader r(arg, pointer, what + " `itemStat`", cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  cx.requirement.use(Gate::HeldItemStat, pointer);
  bool good = true;
  if (r.has("stat")) ref.column = r.id("stat", true).value_or("");
  if (auto from = r.choice("from", true, kItemsFrom))
    ref.items_from = *from;
  else
    good = false;
  // `count` counts the items instead of reading a stat of theirs.
  if (auto pick = r.choice("pick", true, kItemPicks)) {
    if (*pick == ItemPick::Count)
      ref.pick_count = true;
    else
      ref.pick = *pick == ItemPick::Max ? Ref::Pick::Max : *pick == ItemPick::Min ? Ref::Pick::Min : Ref::Pick::Sum;
    if (good && !ref.pick_count && ref.column.empty() && !r.has("stat")) {
      r.error(Code::MissingKey, "stat",
              "an `itemStat` names the `stat` it reads, unless it only counts items (`pick: \"count\"`)");
      good = false;
    }
  } else {
    good = false;
  }
  if (r.has("slot")) ref.item_slot = r.id("slot", true).value_or("");
  if (r.has("category")) ref.item_category = r.id("category", true).value_or("");
  if (r.has("tag")) ref.item_tag = r.id("tag", true).value_or("");
  ref.item_default = r.number("default", false).value_or(Number());
  if (!good) return std::nullopt;
  return ref;
}

}  // namespace

std::optional<Ref> read_ref(const bj::value& v, const std::string& pointer, const std::string& what, ReadContext& cx) {
  if (v.is_object() && v.get_object().contains("read")) return read_track_read_ref(v.get_object(), pointer, what, cx);
  if (!v.is_object() || v.get_object().size() != 1) {
    cx.diagnostics.error(
        Code::BadRef, pointer,
        "{}: a value reference is an object with exactly one key (`const`, `field`, `derived`, "
        "`abilityScore`, `abilityMod`, `abilityModFromField`, `skillMod`, `saveMod`, `listSum`, "
        "`livePool`, `liveTrack` or `itemStat`), found {}",
        what,
        v.is_object() ? fmt::format("an object with {} keys", v.get_object().size()) : std::string(json_type_name(v)));
    return std::nullopt;
  }
  const auto& member = *v.get_object().begin();
  const std::string_view key = member.key();
  const auto found = std::find_if(kRefKeys.begin(), kRefKeys.end(), [&](const RefKey& k) { return k.key == key; });
  if (found == kRefKeys.end()) {
    std::vector<std::string> candidates;
    candidates.reserve(kRefKeys.size());
    for (const auto& k : kRefKeys) candidates.emplace_back(k.key);
    cx.diagnostics.error(Code::BadRef, json::child(pointer, key), "{}: `{}` is not a kind of value reference{}", what,
                         key, did_you_mean(key, candidates));
    return std::nullopt;
  }
  Ref ref;
  ref.kind = found->kind;
  ref.pointer = pointer;
  const std::string arg_pointer = json::child(pointer, key);
  const bj::value& arg = member.value();
  switch (ref.kind) {
    case RefKind::Const: {
      auto n = arg.is_number() ? to_number(arg) : std::nullopt;
      if (!n) {
        cx.diagnostics.error(arg.is_number() ? Code::BadNumber : Code::WrongType, arg_pointer,
                             "{}: `const` must be a number with at most four decimal places", what);
        return std::nullopt;
      }
      ref.constant = *n;
      return ref;
    }
    case RefKind::ItemStat:
      return read_held_item_stat(arg, arg_pointer, what, std::move(ref), cx);
    case RefKind::ListSum: {
      ObjectReader r(arg, arg_pointer, what + " `listSum`", cx.diagnostics);
      if (!r.ok()) return std::nullopt;
      ref.list = r.id("list", true).value_or("");
      const bool has_column = r.has("column");
      const auto count = r.boolean("count");
      if (has_column) ref.column = r.id("column", true).value_or("");
      if (count.has_value()) {
        cx.requirement.use(Gate::ListSumWhereCount, r.at("count"));
        ref.count = *count;
      }
      if (has_column == ref.count) {
        r.error(has_column ? Code::ConflictingKeys : Code::MissingKey, "",
                "give exactly one of `column` and `count: true` (BB-111)");
        return std::nullopt;
      }
      if (r.has("onlyWhen")) {
        cx.requirement.use(Gate::ListSumOnlyWhen, r.at("onlyWhen"));
        ref.only_when = r.id("onlyWhen", true).value_or("");
      }
      // BB-110: a row filter on any value; a boolean column that must be set is `onlyWhen`.
      if (r.has("where")) {
        cx.requirement.use(Gate::ListSumWhereCount, r.at("where"));
        ref.where = read_where(r);
      }
      if (ref.list.empty()) return std::nullopt;
      return ref;
    }
    default: {
      if (!arg.is_string() || !is_valid_id(arg.get_string())) {
        cx.diagnostics.error(arg.is_string() ? Code::BadId : Code::WrongType, arg_pointer, "{}: `{}` must name an id",
                             what, key);
        return std::nullopt;
      }
      ref.target = std::string(arg.get_string());
      return ref;
    }
  }
}

std::optional<Ref> read_number_or_ref(const bj::value& v, const std::string& pointer, const std::string& what,
                                      ReadContext& cx) {
  if (v.is_number()) {
    auto n = to_number(v);
    if (!n) {
      cx.diagnostics.error(Code::BadNumber, pointer, "{}: the number has more than four decimal places", what);
      return std::nullopt;
    }
    Ref ref;
    ref.kind = RefKind::Const;
    ref.constant = *n;
    ref.pointer = pointer;
    return ref;
  }
  return read_ref(v, pointer, what, cx);
}

std::optional<HideWhen> read_hide_when(ObjectReader& owner, ReadContext& cx) {
  const bj::value* v = owner.get("hideWhen");
  if (v == nullptr) return std::nullopt;
  ObjectReader r(*v, owner.at("hideWhen"), owner.what() + " `hideWhen`", cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  HideWhen hide;
  hide.pointer = r.pointer();
  hide.field = r.id("field", true).value_or("");
  // SH-14: exactly one of the three operators.
  const std::array<std::pair<std::string_view, HideWhen::Op>, 3> ops = {
      {{"equals", HideWhen::Op::Equals}, {"notEquals", HideWhen::Op::NotEquals}, {"in", HideWhen::Op::In}}};
  int given = 0;
  for (const auto& [key, op] : ops) {
    if (r.has(key)) {
      ++given;
      hide.op = op;
    }
  }
  if (given != 1) {
    r.error(Code::BadHideWhen, "", "give exactly one of `equals`, `notEquals` and `in`, found {} (SH-14)", given);
    for (const auto& [key, op] : ops) r.accept(key);
    return std::nullopt;
  }
  bool good = true;
  auto scalar_at = [&](const bj::value& item, const std::string& p) {
    auto s = read_scalar(item);
    if (!s) {
      cx.diagnostics.error(Code::WrongType, p, "{}: a compared value must be a number, a string or a boolean",
                           r.what());
      good = false;
      return;
    }
    hide.values.push_back(*s);
  };
  if (hide.op == HideWhen::Op::In) {
    cx.requirement.use(Gate::HideWhenNotEqualsIn, r.at("in"));
    const bj::array* a = r.array("in", true);
    if (a == nullptr) return std::nullopt;
    if (a->empty()) {
      r.error(Code::TooFew, "in", "`in` must list at least one value");
      return std::nullopt;
    }
    r.check_limit(limits::kHideWhenInValues, a->size(), "in");
    for (std::size_t i = 0; i < a->size(); ++i) scalar_at((*a)[i], json::child(r.at("in"), i));
  } else {
    const std::string_view key = hide.op == HideWhen::Op::Equals ? "equals" : "notEquals";
    if (hide.op == HideWhen::Op::NotEquals) cx.requirement.use(Gate::HideWhenNotEqualsIn, r.at(key));
    scalar_at(*r.get(key), r.at(key));
  }
  if (!good || hide.field.empty()) return std::nullopt;
  return hide;
}

namespace {}  // namespace

std::map<Id, std::string> read_value_labels(ObjectReader& r, const std::vector<Id>& values, Diagnostics& diagnostics) {
  std::map<Id, std::string> out;
  const bj::object* labels = r.object("valueLabels", false);
  if (labels == nullptr) return out;
  for (const auto& member : *labels) {
    const std::string p = json::child(r.at("valueLabels"), member.key());
    if (std::find(values.begin(), values.end(), member.key()) == values.end()) {
      diagnostics.error(Code::UnknownReference, p, "{}: `valueLabels` names `{}`, which is not one of `values`",
                        r.what(), member.key());
    } else if (!member.value().is_string()) {
      diagnostics.error(Code::WrongType, p, "{}: a value label must be a string", r.what());
    } else if (member.value().get_string().empty() || text_length(member.value().get_string()) > limits::kLabelLength) {
      diagnostics.error(member.value().get_string().empty() ? Code::BadValue : Code::TooLong, p,
                        "{}: the label of `{}` is 1-{} characters", r.what(), member.key(), limits::kLabelLength);
    } else if (auto problem = prompt_safety_problem(member.value().get_string())) {
      diagnostics.error(Code::NotPromptSafe, p, "{}: the label of `{}` is not prompt-safe: {}", r.what(), member.key(),
                        *problem);
    } else {
      out.emplace(member.key(), std::string(member.value().get_string()));
    }
  }
  return out;
}

ValueSpec read_value_spec(ObjectReader& r, bool allow_dice, ReadContext& cx, bool bounds_required) {
  ValueSpec spec;
  const auto type = r.string("type", true, limits::kChoiceWordLength);
  if (type) {
    const auto found = choice_of(kValueTypes, *type);
    if (!found || (*found == ValueType::Dice && !allow_dice)) {
      r.error(Code::BadValue, "type", "`type` \"{}\" is not one of number, text, longtext, enum, boolean{}{}", *type,
              allow_dice ? ", dice" : "", found ? "" : did_you_mean(*type, choice_names(kValueTypes)));
    } else {
      spec.type = *found;
    }
  }
  // An unknown or missing `type` is one error; its keys are not asked for on top of it.
  if (!type || !choice_of(kValueTypes, *type)) bounds_required = false;
  const bool number = spec.type == ValueType::Number;
  // A dice value is text of at most 40 characters and has no `maxLength` of its own.
  const bool text = spec.type == ValueType::Text || spec.type == ValueType::Longtext;
  const bool enumeration = spec.type == ValueType::Enum;
  if (spec.type == ValueType::Dice) spec.max_length = limits::kCatalogDiceLength;
  if (number) {
    const Number bound = Number::of(limits::kNumberBound);
    if (auto integer = r.boolean("integer")) spec.integer = *integer;
    if (auto min = r.number("min", bounds_required, spec.integer)) spec.min = *min;
    if (auto max = r.number("max", bounds_required, spec.integer)) spec.max = *max;
    if (spec.min < -bound || spec.max > bound) {
      r.error(Code::OutOfRange, spec.min < -bound ? "min" : "max", "`min` and `max` must lie within ±{}",
              limits::kNumberBound);
    }
    if (spec.min > spec.max)
      r.error(Code::OutOfRange, "min", "`min` {} is above `max` {}", spec.min.to_string(), spec.max.to_string());
  }
  if (text) {
    const std::size_t longest = spec.type == ValueType::Longtext ? limits::kLongtextMaxLength : limits::kTextMaxLength;
    spec.max_length = longest;  // until `maxLength` (required) is read
    if (auto length = r.number("maxLength", bounds_required, true)) {
      if (*length < Number::of(1) || *length > Number::of(static_cast<std::int64_t>(longest))) {
        r.error(Code::OutOfRange, "maxLength", "`maxLength` must be 1-{}, found {}", longest, length->to_string());
      } else {
        spec.max_length = static_cast<std::size_t>(length->whole());
      }
    }
  }
  if (enumeration) {
    if (auto values = r.id_list("values", true)) {
      spec.values = *values;
      if (spec.values.empty()) r.error(Code::TooFew, "values", "an enum needs at least one value");
      r.check_limit(limits::kEnumValues, spec.values.size(), "values");
    }
    spec.value_labels = read_value_labels(r, spec.values, cx.diagnostics);
  }
  // The blank-sheet value (SH-16): the declared default, or the type's own.
  switch (spec.type) {
    case ValueType::Number:
      spec.default_value = Scalar{std::clamp(Number::of(0), spec.min, spec.max)};
      break;
    case ValueType::Enum:
      spec.default_value = Scalar{spec.values.empty() ? std::string() : spec.values.front()};
      break;
    case ValueType::Boolean:
      spec.default_value = Scalar{false};
      break;
    default:
      spec.default_value = Scalar{std::string()};
      break;
  }
  if (const bj::value* d = r.get("default")) {
    auto s = read_scalar(*d);
    if (d->is_number() && !s) {
      r.error(Code::BadNumber, "default", "`default` has more than four decimal places");
    } else if (!s || !spec.accepts(*s)) {
      r.error(Code::BadValue, "default", "`default` {} is not a value of this {}", s ? scalar_to_string(*s) : "",
              type.value_or("field"));
    } else {
      spec.default_value = *s;
      spec.default_declared = true;
    }
  }
  if (!number) {
    for (std::string_view key : {"min", "max", "integer"}) {
      if (r.has(key)) r.error(Code::UnknownKey, key, "`{}` applies only to number values", key);
      r.accept(key);
    }
  }
  if (!text && r.has("maxLength"))
    r.error(Code::UnknownKey, "maxLength", "`maxLength` applies only to text and longtext values");
  if (!enumeration) {
    for (std::string_view key : {"values", "valueLabels"}) {
      if (r.has(key)) r.error(Code::UnknownKey, key, "`{}` applies only to enum values", key);
      r.accept(key);
    }
  }
  r.accept("maxLength");
  // Reference format: a dice value may carry an `example` the editor shows.
  if (r.has("example")) {
    if (spec.type != ValueType::Dice) {
      r.error(Code::UnknownKey, "example", "`example` applies only to dice values");
      r.accept("example");
    } else {
      spec.example = r.prompt_text("example", true, limits::kDiceExampleLength, 0).value_or("");
    }
  }
  return spec;
}

std::optional<Untrained> read_untrained(ObjectReader& r, ReadContext& cx) {
  const bj::value* v = r.get("untrained");
  if (v == nullptr) return std::nullopt;
  cx.requirement.use(Gate::Untrained, r.at("untrained"));
  Untrained u;
  if (v->is_string()) {
    if (auto rule = choice_of(kUntrainedWords, v->get_string())) {
      u.rule = *rule;
      return u;
    }
  } else if (v->is_object()) {
    ObjectReader o(*v, r.at("untrained"), r.what() + " `untrained`", cx.diagnostics);
    if (auto by = o.number("by", true, true)) {
      // Reference format: a whole number of dice or points, -20 to 20.
      const Number bound = Number::of(limits::kUntrainedByBound);
      if (*by < -bound || *by > bound) {
        o.error(Code::OutOfRange, "by", "`by` is from -{} to {}, found {}", limits::kUntrainedByBound,
                limits::kUntrainedByBound, by->to_string());
        return std::nullopt;
      }
      u.rule = Untrained::Rule::By;
      u.by = *by;
      return u;
    }
    return std::nullopt;
  }
  r.error(Code::BadValue, "untrained", "`untrained` is one of {} or {{ \"by\": n }} (SH-5)",
          choice_words(kUntrainedWords));
  return std::nullopt;
}

Rounding read_rounding(ObjectReader& r, std::string_view key, Rounding fallback) {
  return r.choice(key, false, kRoundings).value_or(fallback);
}

}  // namespace detail
}  // namespace rk
