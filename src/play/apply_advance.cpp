// `advance` (CA-56 – CA-73): a permanent change to a character's card — a field, an ability, a
// skill's or a save's tier — that the ruleset's `sheet.advancement` permits. A value the target
// cannot hold is refused `bad-amount`, never clamped or rounded (CA-61); an award is undone by
// advancing by its opposite (WE-6), which leaves every other value as the player left it.
#include "play/apply_advance.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "format/reader.hpp"
#include "play/apply_pay.hpp"

namespace rk::play::detail {

namespace {

/// How an accepted advance of a number or a choice is said: `XP 12 → 14`.
std::string change_now(std::string_view label, std::string_view before, std::string_view after) {
  return fmt::format("{} {} → {}", label, before, after);
}

/// A number advanced by `by` or set `to`, held to `integer`, `min` and `max` without adjusting it.
Outcome checked_number(Number value, Number min, Number max, bool integer) {
  if (integer && !value.is_integer()) return Outcome::refused(Refusal::BadAmount, "a whole number");
  if (value < min) return Outcome::refused(Refusal::BadAmount, fmt::format("min {}", min.to_string()));
  if (value > max) return Outcome::refused(Refusal::BadAmount, fmt::format("max {}", max.to_string()));
  return Outcome::accepted({});
}

std::string scalar_text(const Scalar& value) {
  if (const auto* number = std::get_if<Number>(&value.value)) return number->to_string();
  if (const auto* text = std::get_if<std::string>(&value.value)) return *text;
  return std::get<bool>(value.value) ? "true" : "false";
}

std::string enum_label(const ValueSpec& spec, const std::string& value) {
  const auto label = spec.value_labels.find(value);
  return label == spec.value_labels.end() ? value : label->second;
}

FieldAdvance advance_number(const Field& field, const Scalar& current, const Advance& advance) {
  const auto* held = std::get_if<Number>(&current.value);
  const Number before = held != nullptr ? *held : Number();
  if (!advance.by && !advance.to_number) return {Outcome::refused(Refusal::BadAmount, "a number"), {}};
  const Number after = advance.by ? before + *advance.by : *advance.to_number;
  Outcome checked = checked_number(after, field.spec.min, field.spec.max, field.spec.integer);
  if (!checked.ok) return {std::move(checked), {}};
  return {Outcome::accepted(change_now(field.label, before.to_string(), after.to_string())), Scalar{after}};
}

FieldAdvance advance_text(const Field& field, const Advance& advance) {
  // A text is set, never moved by an amount (CA-58).
  if (!advance.to) return {Outcome::refused(Refusal::BadAmount, "a text takes to, not by"), {}};
  const std::string& after = *advance.to;
  if (text_length(after) > field.spec.max_length) {
    return {Outcome::refused(Refusal::BadAmount, fmt::format("at most {} characters", field.spec.max_length)), {}};
  }
  if (prompt_safety_problem(after, field.spec.type == ValueType::Longtext)) {
    return {Outcome::refused(Refusal::BadAmount, "prompt-safe text"), {}};
  }
  std::string now = after.empty() ? fmt::format("{} cleared", field.label) : fmt::format("{}: {}", field.label, after);
  return {Outcome::accepted(std::move(now)), Scalar{after}};
}

FieldAdvance advance_choice(const Field& field, const Scalar& current, const Advance& advance) {
  const ValueSpec& spec = field.spec;
  const auto one_of = [&] { return fmt::format("one of {}", fmt::join(spec.values, ", ")); };
  if (!advance.to) return {Outcome::refused(Refusal::BadAmount, one_of()), {}};
  for (const Id& value : spec.values) {
    if (!same_name(value, *advance.to) && !same_name(enum_label(spec, value), *advance.to)) continue;
    const std::string before = enum_label(spec, scalar_text(current));
    return {Outcome::accepted(change_now(field.label, before, enum_label(spec, value))), Scalar{value}};
  }
  return {Outcome::refused(Refusal::BadAmount, one_of()), {}};
}

const Ability* ability_named(const Ruleset& ruleset, std::string_view written) {
  for (const Ability& ability : ruleset.sheet.abilities) {
    if (same_name(ability.id, written) || same_name(ability.label, written) ||
        (!ability.short_label.empty() && same_name(ability.short_label, written)))
      return &ability;
  }
  return nullptr;
}

const Check* check_named(const std::vector<Check>& checks, std::string_view written) {
  for (const Check& check : checks) {
    if (same_name(check.id, written) || same_name(check.label, written)) return &check;
  }
  return nullptr;
}

const ProficiencyTier* tier_named(const Ruleset& ruleset, std::string_view written) {
  for (const ProficiencyTier& tier : ruleset.resolution.tiers) {
    if (same_name(tier.id, written) || same_name(tier.label, written)) return &tier;
  }
  return nullptr;
}

std::string tier_label(const Ruleset& ruleset, const Id& id) {
  for (const ProficiencyTier& tier : ruleset.resolution.tiers) {
    if (tier.id == id) return tier.label;
  }
  return id;
}

Outcome advance_ability(const Ruleset& ruleset, const Advancement& permits, Character& character,
                        const Advance& advance) {
  const Ability* ability = ability_named(ruleset, advance.name);
  if (ability == nullptr) return Outcome::refused(Refusal::UnknownAbility);
  // A computed ability (BC-30) is the sum of what it reads: there is no score of its own to change.
  if (!permits.abilities || ability->computed()) return Outcome::refused(Refusal::NotPermitted);
  const auto stored = character.abilities.find(ability->id);
  const Number before = stored != character.abilities.end() ? stored->second : ability->default_score;
  if (!advance.by && !advance.to_number) return Outcome::refused(Refusal::BadAmount, "a number");
  const Number after = advance.by ? before + *advance.by : *advance.to_number;
  // Scores are whole (CA-61: "abilities respect their integer limits").
  Outcome checked = checked_number(after, ability->min, ability->max, true);
  if (!checked.ok) return checked;
  character.abilities[ability->id] = after;
  return Outcome::accepted(change_now(ability->label, before.to_string(), after.to_string()));
}

Outcome advance_tier(const Ruleset& ruleset, bool permitted, const Check* check, Refusal unknown,
                     std::map<Id, Id>& tiers, const Advance& advance) {
  if (check == nullptr) return Outcome::refused(unknown);
  if (!permitted) return Outcome::refused(Refusal::NotPermitted);
  const ProficiencyTier* tier = advance.tier ? tier_named(ruleset, *advance.tier) : nullptr;
  if (tier == nullptr) return Outcome::refused(Refusal::UnknownTier);
  const auto stored = tiers.find(check->id);
  // An unlisted skill or save has the first tier (resolution.md "Tiers").
  const Id before = stored != tiers.end()              ? stored->second
                    : ruleset.resolution.tiers.empty() ? Id()
                                                       : ruleset.resolution.tiers.front().id;
  tiers[check->id] = tier->id;
  return Outcome::accepted(change_now(check->label, tier_label(ruleset, before), tier->label));
}

}  // namespace

const Scalar& field_reading(const Field& field, const std::map<Id, Scalar>& stored) {
  const auto it = stored.find(field.id);
  if (it == stored.end()) return field.spec.default_value;
  // A retired enum value reads as the default, as the computed sheet reads it.
  if (field.spec.type == ValueType::Enum && !field.spec.accepts(it->second)) return field.spec.default_value;
  return it->second;
}

const Field* field_named(const std::vector<Field>& fields, std::string_view written) {
  for (const Field& field : fields) {
    if (same_name(field.id, written) || same_name(field.label, written)) return &field;
  }
  return nullptr;
}

bool lists_field(const Advancement& advancement, const Id& field) {
  return std::find(advancement.fields.begin(), advancement.fields.end(), field) != advancement.fields.end();
}

FieldAdvance advance_field(const Field& field, const Scalar& current, const Advance& advance) {
  switch (field.spec.type) {
    case ValueType::Number:
      return advance_number(field, current, advance);
    case ValueType::Text:
    case ValueType::Longtext:
      return advance_text(field, advance);
    case ValueType::Enum:
      return advance_choice(field, current, advance);
    case ValueType::Boolean:
    case ValueType::Dice:
      break;
  }
  // Import lets only number, text and longtext fields advance (CA-52); nothing else is changed.
  return {Outcome::refused(Refusal::NotPermitted), {}};
}

Outcome apply_advance(const Ruleset& ruleset, Character& character, const Advance& advance) {
  // Without `advancement`, every advance is refused (CA-56).
  if (!ruleset.sheet.advancement) return Outcome::refused(Refusal::NotConfigured);
  const Advancement& permits = *ruleset.sheet.advancement;
  switch (advance.target) {
    case AdvanceTarget::Field: {
      const Field* field = field_named(ruleset.sheet.fields, advance.name);
      if (field == nullptr) return Outcome::refused(Refusal::UnknownField);
      if (!lists_field(permits, field->id)) return Outcome::refused(Refusal::NotPermitted);
      FieldAdvance changed = advance_field(*field, field_reading(*field, character.fields), advance);
      if (changed.outcome.ok) character.fields[field->id] = std::move(changed.value);
      return std::move(changed.outcome);
    }
    case AdvanceTarget::Ability:
      return advance_ability(ruleset, permits, character, advance);
    case AdvanceTarget::Skill:
      return advance_tier(ruleset, permits.skills, check_named(ruleset.sheet.skills, advance.name),
                          Refusal::UnknownSkill, character.skills, advance);
    case AdvanceTarget::Save:
      return advance_tier(ruleset, permits.saves, check_named(ruleset.sheet.saves, advance.name), Refusal::UnknownSave,
                          character.saves, advance);
  }
  return Outcome::refused(Refusal::Malformed);
}

}  // namespace rk::play::detail
