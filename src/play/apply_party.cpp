// `sheet="party"` (SH-116 – SH-130): spend and restore on the party's shared pools, advance on its
// fields. Party pools follow a character pool's arithmetic and defaults (SH-120); their maxima
// read constants and numeric party fields (SH-110), and a `fromMembers` field is computed from
// every card each time it is read (SH-129, SH-130), never stored.
#include <algorithm>

#include "play/apply_advance.hpp"
#include "play/apply_ops.hpp"
#include "play/apply_pay.hpp"

namespace rk::play::detail {

namespace {

Number as_number(const Scalar& value) {
  const auto* number = std::get_if<Number>(&value.value);
  return number != nullptr ? *number : Number();
}

const FromMember* from_members(const Party& party, const Id& field) {
  for (const FromMember& member : party.from_members) {
    if (member.field == field) return &member;
  }
  return nullptr;
}

/// The party sheet as it reads now: stored fields, blank-sheet values, member fields worked out
/// from the cards.
class PartyReading {
 public:
  PartyReading(const Ruleset& ruleset, const Game& game) : ruleset_(ruleset), party_(*ruleset.party), game_(game) {}

  Scalar field(const Field& field) const {
    if (const FromMember* member = from_members(party_, field.id)) {
      return Scalar{std::clamp(member_total(*member), field.spec.min, field.spec.max)};
    }
    return field_reading(field, game_.party.fields);
  }

  /// A party Ref: a constant or a numeric party field (SH-110); nothing else passes import.
  Number read(const Ref& ref) const {
    if (ref.kind == RefKind::Const) return ref.constant;
    if (ref.kind == RefKind::Field && ref.index < party_.fields.size())
      return as_number(field(party_.fields[ref.index]));
    return Number();
  }

  bool hidden(const std::optional<HideWhen>& rule) const {
    if (!rule || rule->field_index >= party_.fields.size()) return false;
    const Scalar value = field(party_.fields[rule->field_index]);
    const bool listed = std::find(rule->values.begin(), rule->values.end(), value) != rule->values.end();
    return rule->op == HideWhen::Op::NotEquals ? !listed : listed;
  }

  /// The party's pools as they stand, as live_pools gives a character's.
  std::vector<LivePool> pools() const {
    std::vector<LivePool> out;
    for (const Pool& declared : party_.pools) {
      const std::int64_t max = std::clamp<std::int64_t>(read(declared.max).floor().whole(), 0, kMaxLiveNumber);
      if (hidden(declared.hide_when) || max <= 0) continue;
      LivePool pool;
      pool.key = declared.id;
      pool.label = declared.label;
      pool.group = declared.group;
      pool.allow_temp = declared.allow_temp;
      pool.declared = &declared;
      pool.max = max;
      pool.start = declared.start_from ? std::clamp<std::int64_t>(read(*declared.start_from).floor().whole(), 0, max)
                   : declared.start == Pool::Start::Full ? max
                                                         : 0;
      pool.current = pool.start;
      if (const auto stored = game_.party.pools.find(declared.id); stored != game_.party.pools.end()) {
        if (stored->second.current) pool.current = std::clamp<std::int64_t>(stored->second.current->whole(), 0, max);
        if (declared.allow_temp) pool.temp = std::max<std::int64_t>(0, stored->second.temp.whole());
      }
      out.push_back(std::move(pool));
    }
    return out;
  }

 private:
  /// SH-129: how many cards there are, or the sum of a character number field over every card
  /// (its stored value, else its blank-sheet value).
  Number member_total(const FromMember& member) const {
    if (member.count) return Number::of(static_cast<std::int64_t>(game_.cards.size()));
    const auto index = ruleset_.sheet.field_index.find(member.sum);
    if (index == ruleset_.sheet.field_index.end()) return Number();
    const Field& summed = ruleset_.sheet.fields[index->second];
    Number total;
    for (const Character& card : game_.cards) total += as_number(field_reading(summed, card.fields));
    return total;
  }

  const Ruleset& ruleset_;
  const Party& party_;
  const Game& game_;
};

Outcome change_pool(const PartyReading& reading, Game& game, const Command& command, const PoolChange& change) {
  const std::vector<LivePool> pools = reading.pools();
  const PoolMatch match = find_pool(pools, change.pool);
  if (match.pool == nullptr) return Outcome::refused(match.refusal);
  const LivePool& pool = *match.pool;
  const Number amount = Number::of(change.amount);
  if (command.op == Op::Spend) {
    Payments payments;
    if (const auto refusal = payments.pay(pool, amount)) return Outcome::refused(*refusal);
    payments.commit(game.party.pools);
    return Outcome::accepted(payments.now());
  }
  if (!valid_amount(amount)) return Outcome::refused(Refusal::BadAmount);
  const std::int64_t after = std::min(pool.max, pool.current + change.amount);
  store_pool(game.party.pools, pool, after, pool.temp);
  return Outcome::accepted(pool_now(pool, Number::of(after), Number::of(pool.temp)));
}

Outcome advance_party_field(const Party& party, const PartyReading& reading, Game& game, const Advance& advance) {
  if (!party.advancement) return Outcome::refused(Refusal::NotConfigured);
  // The party sheet has fields only: its advancement can list nothing else (SH-113).
  if (advance.target != AdvanceTarget::Field) return Outcome::refused(Refusal::NotPermitted);
  const Field* field = field_named(party.fields, advance.name);
  if (field == nullptr) return Outcome::refused(Refusal::UnknownField);
  // A member field is worked out from the cards on every read (SH-130): a stored value would never
  // be read, so it is not the GM's to change.
  if (!lists_field(*party.advancement, field->id) || from_members(party, field->id) != nullptr)
    return Outcome::refused(Refusal::NotPermitted);
  FieldAdvance changed = advance_field(*field, reading.field(*field), advance);
  if (!changed.outcome.ok) return std::move(changed.outcome);
  game.party.fields[field->id] = std::move(changed.value);
  // The party sheet changed, so its revision moves (SH-134).
  game.party_revision += 1;
  return std::move(changed.outcome);
}

}  // namespace

Outcome apply_party(const Ruleset& ruleset, Game& game, const Command& command) {
  if (!ruleset.party) return Outcome::refused(Refusal::NotConfigured);
  const PartyReading reading(ruleset, game);
  if (const auto* change = std::get_if<PoolChange>(&command.action)) {
    if (command.op == Op::Spend || command.op == Op::Restore) return change_pool(reading, game, command, *change);
  }
  if (const auto* advance = std::get_if<Advance>(&command.action))
    return advance_party_field(*ruleset.party, reading, game, *advance);
  // The reader refuses the rest already (SH-118); said here too, so no op reaches a sheet it is not for.
  return Outcome::refused(Refusal::UnsupportedOp);
}

}  // namespace rk::play::detail
