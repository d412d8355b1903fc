#pragma once
// The typed commands a Game Master's tag asks for (docs/format/commands.md). A tag is read into
// exactly one Command or into nothing (refused `malformed`); a Command says only what was asked,
// never whether it may happen — that is the apply stage's answer, written back as a Receipt.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "format/number.hpp"
#include "play/refusal.hpp"

namespace rk::play {

/// Which tag a command came in: `[sheet: …]` or `[clock: …]`.
enum class TagKind : std::uint8_t { Sheet, Clock };

/// The tag's own name as the engine writes it back (`sheet`, `clock`).
std::string_view tag_name(TagKind kind);

/// Every command a tag may ask for. `heal` and `cast` are spellings of Restore and Use.
enum class Op : std::uint8_t {
  Spend,
  Restore,
  Damage,
  Temp,
  Track,
  Condition,
  Note,
  Rest,
  Use,
  State,
  Advance,
  ClockCreate,
  ClockTick,
  ClockClear,
};

/// The op a tag of this kind spells so (`op=` lowered), if it is one; aliases included.
std::optional<Op> op_named(TagKind kind, std::string_view lowered);
/// The op's canonical spelling, the one a receipt writes.
std::string_view op_spelling(Op op);

/// Which sheet a `[sheet: …]` command is for: a character's (the default), or the party's shared
/// sheet (`sheet="party"`, SH-116).
enum class SheetTarget : std::uint8_t { Character, Party };
/// The sheet a `sheet=` value (lowered) names, if it names one.
std::optional<SheetTarget> sheet_named(std::string_view lowered);

// One struct per shape of command. Names are as written (trimmed); matching them to ids or labels
// is the apply stage's job.

/// spend, restore, damage, temp on a pool.
struct PoolChange {
  std::string pool;
  std::int64_t amount = 0;
};
/// damage naming a track: marks of one kind on a wound track; a negative amount heals, and then
/// `kind` may be empty (SH-37, SH-38, SH-39).
struct WoundMark {
  std::string track;
  std::string kind;
  std::int64_t amount = 0;
  std::optional<std::int64_t> box;
};
/// track: exactly one of `to` and `by`.
struct TrackMove {
  std::string track;
  std::optional<std::int64_t> to;
  std::optional<std::int64_t> by;
};
struct ConditionSet {
  std::string condition;
  bool active = true;
};
/// The word a receipt writes for a condition's state: `on` or `off`.
std::string_view condition_state_word(bool active);
/// note: an empty value clears the field.
struct NoteSet {
  std::string field;
  std::string value;
};
struct RestTake {
  std::string rest;
};
/// use / cast (CA-74 – CA-86): `pool=` is the upcast.
struct UseEntry {
  std::string name;
  std::optional<std::string> pool;
};
/// state: a live state set to a value (reference chapter, live states).
struct StateSet {
  std::string state;
  std::string value;
};
/// advance (CA-57 – CA-59): exactly one target; fields and abilities take exactly one of `by` and
/// `to`, skills and saves take `tier`.
enum class AdvanceTarget : std::uint8_t { Field, Ability, Skill, Save };
std::string_view advance_target_key(AdvanceTarget target);
struct Advance {
  AdvanceTarget target = AdvanceTarget::Field;
  std::string name;
  std::optional<Number> by;
  /// `to` as written; `to_number` when it also reads as a number (a text field takes the text).
  std::optional<std::string> to;
  std::optional<Number> to_number;
  std::optional<std::string> tier;
};
/// Clocks (SH-87 – SH-104; the command syntax is ours, the page lacks it: M4).
struct ClockCreate {
  std::string name;
  std::int64_t size = 0;
};
struct ClockTick {
  std::string name;
  std::int64_t by = 1;
};
struct ClockClear {
  std::string name;
};

using Action = std::variant<PoolChange, WoundMark, TrackMove, ConditionSet, NoteSet, RestTake, UseEntry, StateSet,
                            Advance, ClockCreate, ClockTick, ClockClear>;

struct Command {
  TagKind tag = TagKind::Sheet;
  Op op = Op::Spend;
  SheetTarget sheet = SheetTarget::Character;
  /// `sheet=` as written (trimmed), empty when the tag names none; a receipt writes it back.
  std::string sheet_name;
  /// `who=` as written, trimmed and cut to limits::kWhoUnits; absent means the player's character.
  std::optional<std::string> who;
  Action action;
};

/// One `key=value` pair of a tag body, as read: the key lowered, the value trimmed and with its
/// quotes taken off. Offsets are into the reply.
struct Attribute {
  std::string key;
  std::string value;
  std::size_t begin = 0;
  std::size_t end = 0;
};

/// The value a tag gives `key`: the last one written, as the reference reads a repeated attribute.
const std::string* attribute_value(const std::vector<Attribute>& attributes, std::string_view key);

/// What a tag's attributes ask for: the command when they say one clearly, and the refusal the
/// reader gives without looking at any state (malformed, unknown-sheet, unsupported-op). A tag with
/// no command is always refused `malformed`; one with a command and a refusal is written back in
/// its canonical form with that refusal.
struct Reading {
  std::optional<Command> command;
  std::optional<Refusal> refusal;
};
Reading read_command(TagKind kind, const std::vector<Attribute>& attributes);

/// A signed integer of at most limits::kIntegerDigits digits (`+3`, `-0`, `007`); nothing for
/// `2.5`, `1e9`, `three`, `` or a longer run of digits.
std::optional<std::int64_t> read_integer(std::string_view value);

}  // namespace rk::play
