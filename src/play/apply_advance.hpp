#pragma once
// What an `advance` does to one field (CA-58, CA-61), shared by a character's card and the party
// sheet (SH-116): the new value, checked against the field's own limits and never adjusted.
#include <string>

#include "format/model.hpp"
#include "play/apply_ops.hpp"
#include "play/command.hpp"

namespace rk::play::detail {

/// The field after `advance`, or why not: `bad-amount` with the limit it broke.
struct FieldAdvance {
  Outcome outcome;  ///< accepted with `now` (`Heat 0 → 2`, `Upgrades: Hidden vault`), or refused
  Scalar value;     ///< the new value, when accepted
};

/// `current` is the value the field reads now (stored, or its blank-sheet value).
FieldAdvance advance_field(const Field& field, const Scalar& current, const Advance& advance);

/// A field's value as it reads: the stored one, else its blank-sheet value.
const Scalar& field_reading(const Field& field, const std::map<Id, Scalar>& stored);

/// The field a written name means among `fields` (id or label, CA-60), or null.
const Field* field_named(const std::vector<Field>& fields, std::string_view written);

/// Whether the advancement lists the field.
bool lists_field(const Advancement& advancement, const Id& field);

}  // namespace rk::play::detail
