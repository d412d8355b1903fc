// Every `[sheet: …]` command on one character but use and advance (docs/format/commands.md "What
// each command does"): pools and tracks have their own files; conditions, notes and live states,
// which change one entry each, are here.
#include <algorithm>

#include <fmt/format.h>

#include "format/limits.hpp"
#include "format/reader.hpp"
#include "play/sheet_ops.hpp"
#include "play/text.hpp"
#include "sheet/live_pools.hpp"

namespace rk::play::detail {

namespace {

std::string_view condition_word(bool active) { return condition_state_word(active); }

/// A condition the ruleset declares, by id or label. Without declared conditions a character's are
/// free-form (docs/format/live.md "Conditions"), so the Game Master may note any prompt-safe name.
Outcome set_condition(const Ruleset& ruleset, Character& character, const ConditionSet& set) {
  auto& active = character.conditions;
  const auto& declared = ruleset.sheet.conditions;
  if (!declared.empty()) {
    const auto condition = std::find_if(declared.begin(), declared.end(), [&](const Condition& c) {
      return same_name(c.id, set.condition) || same_name(c.label, set.condition);
    });
    if (condition == declared.end()) return Outcome::refused(Refusal::UnknownCondition);
    const auto at = std::find(active.begin(), active.end(), condition->id);
    if (set.active && at == active.end()) active.push_back(condition->id);
    if (!set.active && at != active.end()) active.erase(at);
    return Outcome::accepted(fmt::format("{} {}", condition->label, condition_word(set.active)));
  }
  const auto at =
      std::find_if(active.begin(), active.end(), [&](const std::string& c) { return same_name(c, set.condition); });
  if (at != active.end()) {
    std::string name = *at;
    if (!set.active) active.erase(at);
    return Outcome::accepted(fmt::format("{} {}", name, condition_word(set.active)));
  }
  const std::string name(trimmed(set.condition));
  if (!set.active) return Outcome::accepted(fmt::format("{} {}", name, condition_word(false)));
  // A name the character document could not hold back is no condition at all.
  if (text_length(name) > rk::limits::kLabelLength || prompt_safety_problem(name) ||
      active.size() >= rk::limits::kConditions) {
    return Outcome::refused(Refusal::Malformed);
  }
  active.push_back(name);
  return Outcome::accepted(fmt::format("{} {}", name, condition_word(true)));
}

/// A live note (`live.text`), by id or label, cut to its `maxLength`; an empty value clears it.
Outcome set_note(const Ruleset& ruleset, Character& character, const NoteSet& set) {
  const auto& texts = ruleset.sheet.texts;
  const auto field = std::find_if(texts.begin(), texts.end(), [&](const LiveText& t) {
    return same_name(t.id, set.field) || same_name(t.label, set.field);
  });
  if (field == texts.end()) return Outcome::refused(Refusal::UnknownField);
  const std::string value(text::utf16_prefix(set.value, field->max_length));
  if (value.empty()) {
    character.texts.erase(field->id);
    return Outcome::accepted(fmt::format("{} cleared", field->label));
  }
  // The note reaches the Game Master on every turn: one line, no brackets or macro braces.
  if (prompt_safety_problem(value)) return Outcome::refused(Refusal::Malformed);
  character.texts[field->id] = value;
  return Outcome::accepted(fmt::format("{}: {}", field->label, value));
}

/// A live state the sheet shows, by id or label, set to a value named by itself or its label.
Outcome set_state(const Ruleset& ruleset, Character& character, const SheetView& view, const StateSet& set) {
  const auto& states = ruleset.sheet.states;
  const auto state = std::find_if(states.begin(), states.end(), [&](const LiveState& s) {
    return !hidden_on(ruleset.sheet, view, s.hide_when) &&
           (same_name(s.id, set.state) || same_name(s.label, set.state));
  });
  if (state == states.end()) return Outcome::refused(Refusal::UnknownState);
  const auto label_of = [&](const Id& value) -> const std::string& {
    const auto label = state->value_labels.find(value);
    return label != state->value_labels.end() ? label->second : value;
  };
  const auto value = std::find_if(state->values.begin(), state->values.end(), [&](const Id& v) {
    return same_name(v, set.value) || same_name(label_of(v), set.value);
  });
  if (value == state->values.end()) return Outcome::refused(Refusal::UnknownValue);
  if (*value == state->default_value)
    character.states.erase(state->id);  // only a state off its default is stored
  else
    character.states[state->id] = *value;
  return Outcome::accepted(fmt::format("{} {}", state->label, label_of(*value)));
}

Outcome dispatch(const Ruleset& ruleset, Character& character, const Command& command) {
  if (const auto* rest = std::get_if<RestTake>(&command.action)) return apply_rest_take(ruleset, character, *rest);
  if (const auto* condition = std::get_if<ConditionSet>(&command.action))
    return set_condition(ruleset, character, *condition);
  if (const auto* note = std::get_if<NoteSet>(&command.action)) return set_note(ruleset, character, *note);
  const SheetView view = evaluate_live(ruleset, character);
  if (const auto* change = std::get_if<PoolChange>(&command.action))
    return apply_pool_change(ruleset, character, view, command.op, *change);
  if (const auto* mark = std::get_if<WoundMark>(&command.action))
    return apply_wound_mark(ruleset, character, view, *mark);
  if (const auto* move = std::get_if<TrackMove>(&command.action))
    return apply_track_move(ruleset, character, view, *move);
  if (const auto* state = std::get_if<StateSet>(&command.action)) return set_state(ruleset, character, view, *state);
  // use and advance have their own halves; a clock command never reaches a character.
  return Outcome::refused(Refusal::Malformed);
}

}  // namespace

Outcome apply_sheet_op(const Ruleset& ruleset, Character& character, const Command& command) {
  Outcome outcome = dispatch(ruleset, character, command);
  if (outcome.ok) outcome.now = std::string(text::utf16_prefix(outcome.now, kNowUnits));
  return outcome;
}

}  // namespace rk::play::detail
