#include "play/party_values.hpp"

#include <algorithm>

namespace rk::play {

namespace {

Number number_of(const Scalar& value) {
  const auto* n = std::get_if<Number>(&value.value);
  return n != nullptr ? *n : Number();
}

/// A party formula: a constant or a numeric party field (SH-110; import refuses any other).
Number party_ref(const Ref& ref, const std::map<Id, Scalar>& fields) {
  if (ref.kind == RefKind::Const) return ref.constant;
  const auto it = fields.find(ref.target);
  return it == fields.end() ? Number() : number_of(it->second);
}

/// A card's value of a character number field: stored, else its blank-sheet value.
Number member_value(const Ruleset& ruleset, const Character& card, const Id& field_id) {
  const auto stored = card.fields.find(field_id);
  if (stored != card.fields.end()) return number_of(stored->second);
  const auto declared = ruleset.sheet.field_index.find(field_id);
  if (declared == ruleset.sheet.field_index.end()) return Number();
  return number_of(ruleset.sheet.fields[declared->second].spec.default_value);
}

}  // namespace

std::map<Id, Scalar> party_field_values(const Ruleset& ruleset, const Game& game, Diagnostics* warnings) {
  std::map<Id, Scalar> out;
  if (!ruleset.party) return out;
  const Party& party = *ruleset.party;
  for (const Field& field : party.fields) {
    const auto stored = game.party.fields.find(field.id);
    const bool usable =
        stored != game.party.fields.end() && (field.spec.type != ValueType::Enum || field.spec.accepts(stored->second));
    out.emplace(field.id, usable ? stored->second : field.spec.default_value);
  }
  for (const FromMember& from : party.from_members) {
    const auto it = party.field_index.find(from.field);
    if (it == party.field_index.end()) continue;
    const Field& field = party.fields[it->second];
    Number value;
    if (from.count) {
      value = Number::of(static_cast<std::int64_t>(game.cards.size()));
    } else {
      for (const Character& card : game.cards) value += member_value(ruleset, card, from.sum);
    }
    const Number held = std::clamp(value, field.spec.min, field.spec.max);
    if (held != value && warnings != nullptr) {
      warnings->warning(Code::LimitReached, "/gamePartySheet/fields/" + field.id,
                        "party field `{}` comes to {} from the characters; it is held to {}-{} and reads as {}",
                        field.id, value.to_string(), field.spec.min.to_string(), field.spec.max.to_string(),
                        held.to_string());
    }
    out[field.id] = Scalar{held};
  }
  return out;
}

PartyPoolBounds party_pool_bounds(const Pool& pool, const std::map<Id, Scalar>& fields) {
  PartyPoolBounds out;
  // A pool counts whole points: its maximum is read down to a whole number, never below 0.
  out.max = std::max(Number(), party_ref(pool.max, fields).floor());
  if (pool.start_from) {
    out.start = std::clamp(party_ref(*pool.start_from, fields).floor(), Number(), out.max);
  } else {
    out.start = pool.start == Pool::Start::Full ? out.max : Number();
  }
  return out;
}

}  // namespace rk::play
