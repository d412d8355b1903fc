#include "play/command.hpp"

#include <array>
#include <utility>

#include "format/number_text.hpp"
#include "play/play_limits.hpp"
#include "play/text.hpp"

namespace rk::play {

namespace {

struct OpSpelling {
  Op op;
  TagKind tag;
  std::string_view spelling;
  bool canonical;  ///< the spelling a receipt writes; the others are aliases a tag may use
};

// The one table of op spellings. `heal` and `cast` are the words a Game Master reaches for; they
// are the same commands as `restore` and `use` (reference: sheet-command-tag.ts, readOpName).
constexpr std::array<OpSpelling, 16> kOps{{
    {Op::Spend, TagKind::Sheet, "spend", true},
    {Op::Restore, TagKind::Sheet, "restore", true},
    {Op::Restore, TagKind::Sheet, "heal", false},
    {Op::Damage, TagKind::Sheet, "damage", true},
    {Op::Temp, TagKind::Sheet, "temp", true},
    {Op::Track, TagKind::Sheet, "track", true},
    {Op::Condition, TagKind::Sheet, "condition", true},
    {Op::Note, TagKind::Sheet, "note", true},
    {Op::Rest, TagKind::Sheet, "rest", true},
    {Op::Use, TagKind::Sheet, "use", true},
    {Op::Use, TagKind::Sheet, "cast", false},
    {Op::State, TagKind::Sheet, "state", true},
    {Op::Advance, TagKind::Sheet, "advance", true},
    {Op::ClockCreate, TagKind::Clock, "create", true},
    {Op::ClockTick, TagKind::Clock, "tick", true},
    {Op::ClockClear, TagKind::Clock, "clear", true},
}};

constexpr std::array<std::pair<TagKind, std::string_view>, 2> kTagNames{{
    {TagKind::Sheet, "sheet"},
    {TagKind::Clock, "clock"},
}};

constexpr std::array<std::pair<AdvanceTarget, std::string_view>, 4> kAdvanceTargets{{
    {AdvanceTarget::Field, "field"},
    {AdvanceTarget::Ability, "ability"},
    {AdvanceTarget::Skill, "skill"},
    {AdvanceTarget::Save, "save"},
}};

/// The sheets a `sheet=` may name (SH-116): the party's alone; the word is compared lowered.
constexpr std::array<std::pair<SheetTarget, std::string_view>, 1> kSheets{{
    {SheetTarget::Party, "party"},
}};

// A condition's `state=`: the words that turn it on and off (reference: readState); the first of
// each is the one a receipt writes.
constexpr std::array<std::string_view, 3> kOnWords{"on", "add", "true"};
constexpr std::array<std::string_view, 3> kOffWords{"off", "remove", "false"};

/// A trimmed attribute, empty when the tag does not give it.
std::string trimmed(const std::vector<Attribute>& attributes, std::string_view key) {
  const std::string* value = attribute_value(attributes, key);
  return value ? std::string(text::js_trim(*value)) : std::string();
}

/// A condition's state: on when absent or empty, then the words above; nothing for anything else.
std::optional<bool> read_state_word(const std::string* raw) {
  if (!raw) return true;
  const std::string word = text::ascii_lower(text::js_trim(*raw));
  if (word.empty()) return true;
  for (const std::string_view on : kOnWords) {
    if (word == on) return true;
  }
  for (const std::string_view off : kOffWords) {
    if (word == off) return false;
  }
  return std::nullopt;
}

/// A decimal for `advance` (`250`, `-1`, `+2`, `0.5`): our Number's text form, with the leading `+`
/// the integer attributes also take.
std::optional<Number> read_decimal(std::string_view value) {
  std::string_view t = text::js_trim(value);
  if (!t.empty() && t.front() == '+') {
    t.remove_prefix(1);
    if (!t.empty() && t.front() == '-') return std::nullopt;
  }
  return number_from_text(t);
}

/// A clock name the prompt may show (SH-95): one line of 1–100 units, no `"`, brackets, control
/// characters or macro braces.
bool prompt_safe_clock_name(std::string_view name) {
  if (name.empty() || text::utf16_units(name) > limits::kClockNameUnits) return false;
  if (name.find("{{") != std::string_view::npos || name.find("}}") != std::string_view::npos) return false;
  std::size_t i = 0;
  while (i < name.size()) {
    const text::CodePoint cp = text::decode(name, i);
    const char32_t c = cp.value;
    if (c < 0x20U || (c >= 0x7FU && c <= 0x9FU) || c == 0x2028U || c == 0x2029U || c == U'"' || c == U'[' ||
        c == U']') {
      return false;
    }
    i += cp.bytes;
  }
  return true;
}

std::optional<Action> read_pool_or_wound(Op op, const std::vector<Attribute>& attributes) {
  const std::optional<std::int64_t> amount = read_integer(trimmed(attributes, "amount"));
  const bool has_amount = attribute_value(attributes, "amount") != nullptr && amount.has_value();
  // A damage that names a track marks a wound track; the pool form is unchanged (SH-40).
  std::string track = trimmed(attributes, "track");
  if (op == Op::Damage && !track.empty()) {
    std::string kind = trimmed(attributes, "kind");
    // A mark must say its kind; a heal (negative amount) may leave it out.
    if (!has_amount || (*amount >= 0 && kind.empty())) return std::nullopt;
    WoundMark mark{std::move(track), std::move(kind), *amount, std::nullopt};
    // A box that does not read as a number is a tag that does not say what it means: refused,
    // never dropped to box 1.
    if (const std::string* box = attribute_value(attributes, "box")) {
      mark.box = read_integer(*box);
      if (!mark.box) return std::nullopt;
    }
    return mark;
  }
  std::string pool = trimmed(attributes, "pool");
  if (pool.empty() || !has_amount) return std::nullopt;
  return PoolChange{std::move(pool), *amount};
}

std::optional<Action> read_advance(const std::vector<Attribute>& attributes) {
  std::optional<AdvanceTarget> target;
  std::string name;
  for (const auto& [which, key] : kAdvanceTargets) {
    std::string value = trimmed(attributes, key);
    if (value.empty()) continue;
    if (target) return std::nullopt;  // exactly one target (CA-57)
    target = which;
    name = std::move(value);
  }
  if (!target) return std::nullopt;
  const std::string* by = attribute_value(attributes, "by");
  const std::string* to = attribute_value(attributes, "to");
  const std::string* tier = attribute_value(attributes, "tier");
  Advance advance{*target, std::move(name), std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  if (*target == AdvanceTarget::Skill || *target == AdvanceTarget::Save) {
    // Skills and saves move by tier only (CA-59).
    std::string t = trimmed(attributes, "tier");
    if (by || to || t.empty()) return std::nullopt;
    advance.tier = std::move(t);
    return advance;
  }
  // Fields and abilities: exactly one of by and to (CA-58).
  if (tier || (by == nullptr) == (to == nullptr)) return std::nullopt;
  if (by) {
    advance.by = read_decimal(*by);
    if (!advance.by) return std::nullopt;
    return advance;
  }
  advance.to = std::string(text::js_trim(*to));
  advance.to_number = read_decimal(*to);
  // An ability is a number; only a field may be set to a text.
  if (*target == AdvanceTarget::Ability && !advance.to_number) return std::nullopt;
  return advance;
}

std::optional<Action> read_sheet_action(Op op, const std::vector<Attribute>& attributes) {
  switch (op) {
    case Op::Spend:
    case Op::Restore:
    case Op::Damage:
    case Op::Temp:
      return read_pool_or_wound(op, attributes);
    case Op::Track: {
      std::string track = trimmed(attributes, "track");
      // A value that does not read as an integer counts as not given, as in the reference; the
      // tag must then give exactly one of the two.
      const std::optional<std::int64_t> to = read_integer(trimmed(attributes, "to"));
      const std::optional<std::int64_t> by = read_integer(trimmed(attributes, "by"));
      if (track.empty() || to.has_value() == by.has_value()) return std::nullopt;
      return TrackMove{std::move(track), to, by};
    }
    case Op::Condition: {
      std::string condition = trimmed(attributes, "condition");
      const std::optional<bool> active = read_state_word(attribute_value(attributes, "state"));
      if (condition.empty() || !active) return std::nullopt;
      return ConditionSet{std::move(condition), *active};
    }
    case Op::Note: {
      std::string field = trimmed(attributes, "field");
      if (field.empty()) return std::nullopt;
      // The value is kept as written, spaces included; an absent one clears the note.
      const std::string* value = attribute_value(attributes, "value");
      return NoteSet{std::move(field), value ? *value : std::string()};
    }
    case Op::Use: {
      // `spell=` is the word that goes with `cast`; `name=` wins when both are written.
      const std::string* written = attribute_value(attributes, "name");
      if (!written) written = attribute_value(attributes, "spell");
      std::string name = written ? std::string(text::js_trim(*written)) : std::string();
      if (name.empty()) return std::nullopt;
      std::string pool = trimmed(attributes, "pool");
      return UseEntry{std::move(name), pool.empty() ? std::nullopt : std::optional<std::string>(std::move(pool))};
    }
    case Op::Rest: {
      std::string rest = trimmed(attributes, "rest");
      if (rest.empty()) return std::nullopt;
      return RestTake{std::move(rest)};
    }
    case Op::State: {
      std::string state = trimmed(attributes, "state");
      std::string value = trimmed(attributes, "value");
      if (state.empty() || value.empty()) return std::nullopt;
      return StateSet{std::move(state), std::move(value)};
    }
    case Op::Advance:
      return read_advance(attributes);
    case Op::ClockCreate:
    case Op::ClockTick:
    case Op::ClockClear:
      break;
  }
  return std::nullopt;
}

std::optional<Action> read_clock_action(Op op, const std::vector<Attribute>& attributes) {
  std::string name = trimmed(attributes, "name");
  if (!prompt_safe_clock_name(name)) return std::nullopt;
  switch (op) {
    case Op::ClockCreate: {
      const std::optional<std::int64_t> size = read_integer(trimmed(attributes, "size"));
      if (!size) return std::nullopt;
      return ClockCreate{std::move(name), *size};
    }
    case Op::ClockTick: {
      std::int64_t by = 1;
      if (const std::string* written = attribute_value(attributes, "by")) {
        const std::optional<std::int64_t> read = read_integer(*written);
        if (!read) return std::nullopt;
        by = *read;
      }
      return ClockTick{std::move(name), by};
    }
    case Op::ClockClear:
      return ClockClear{std::move(name)};
    default:
      return std::nullopt;
  }
}

bool party_sheet_takes(Op op) { return op == Op::Spend || op == Op::Restore || op == Op::Advance; }

}  // namespace

std::string_view tag_name(TagKind kind) {
  for (const auto& [value, name] : kTagNames) {
    if (value == kind) return name;
  }
  return "sheet";
}

std::optional<Op> op_named(TagKind kind, std::string_view lowered) {
  for (const OpSpelling& row : kOps) {
    if (row.tag == kind && row.spelling == lowered) return row.op;
  }
  return std::nullopt;
}

std::string_view op_spelling(Op op) {
  for (const OpSpelling& row : kOps) {
    if (row.op == op && row.canonical) return row.spelling;
  }
  return "";
}

std::optional<SheetTarget> sheet_named(std::string_view lowered) {
  for (const auto& [value, name] : kSheets) {
    if (name == lowered) return value;
  }
  return std::nullopt;
}

std::string_view condition_state_word(bool active) { return active ? kOnWords.front() : kOffWords.front(); }

std::string_view advance_target_key(AdvanceTarget target) {
  for (const auto& [value, key] : kAdvanceTargets) {
    if (value == target) return key;
  }
  return "field";
}

const std::string* attribute_value(const std::vector<Attribute>& attributes, std::string_view key) {
  for (auto it = attributes.rbegin(); it != attributes.rend(); ++it) {
    if (it->key == key) return &it->value;
  }
  return nullptr;
}

std::optional<std::int64_t> read_integer(std::string_view value) {
  const std::string_view t = text::js_trim(value);
  std::size_t i = 0;
  bool negative = false;
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
    negative = t[0] == '-';
    i = 1;
  }
  const std::size_t digits = t.size() - i;
  if (digits == 0 || digits > limits::kIntegerDigits) return std::nullopt;
  std::int64_t n = 0;
  for (; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9') return std::nullopt;
    n = n * 10 + (t[i] - '0');
  }
  return negative ? -n : n;
}

Reading read_command(TagKind kind, const std::vector<Attribute>& attributes) {
  Reading reading;
  const std::optional<Op> op = op_named(kind, text::ascii_lower(trimmed(attributes, "op")));
  if (!op) {
    reading.refusal = Refusal::Malformed;
    return reading;
  }
  std::optional<Action> action =
      kind == TagKind::Sheet ? read_sheet_action(*op, attributes) : read_clock_action(*op, attributes);
  if (!action) {
    reading.refusal = Refusal::Malformed;
    return reading;
  }
  Command command{kind, *op, SheetTarget::Character, {}, std::nullopt, std::move(*action)};
  // Clocks belong to the party or the scene (SH-93): a clock tag reads no `who=` and no `sheet=`.
  if (kind == TagKind::Sheet) {
    std::string who = trimmed(attributes, "who");
    if (!who.empty()) command.who = std::string(text::utf16_prefix(who, limits::kWhoUnits));
    command.sheet_name = trimmed(attributes, "sheet");
    if (!command.sheet_name.empty()) {
      const std::optional<SheetTarget> sheet = sheet_named(text::ascii_lower(command.sheet_name));
      if (!sheet) {
        reading.refusal = Refusal::UnknownSheet;
      } else {
        command.sheet = *sheet;
        // The shared sheet is named by sheet=, never by who= (SH-117): both at once is two targets.
        if (command.who) {
          reading.refusal = Refusal::Malformed;
        } else if (!party_sheet_takes(*op)) {
          reading.refusal = Refusal::UnsupportedOp;
        }
      }
    }
  }
  reading.command = std::move(command);
  return reading;
}

}  // namespace rk::play
