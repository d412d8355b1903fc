// What a fight does to a character's health (combat_health.hpp).
#include "play/combat_health.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "format/combat_model.hpp"
#include "play/apply_pay.hpp"
#include "play/sheet_ops.hpp"
#include "sheet/evaluate.hpp"
#include "sheet/live_pools.hpp"
#include "sheet/wounds.hpp"

namespace rk::play {
namespace {

HealthChange refused(Refusal reason) { return {false, reason, {}, false}; }

/// The health pool as the sheet has it now; null when a `hideWhen` hides it or its maximum is 0.
const LivePool* health_pool(const std::vector<LivePool>& pools, const Id& id) {
  const auto it = std::find_if(pools.begin(), pools.end(), [&](const LivePool& p) { return p.key == id; });
  return it == pools.end() ? nullptr : &*it;
}

std::string pool_text(const LivePool& pool, std::int64_t current, std::int64_t temp) {
  return detail::pool_now(pool, Number::of(current), Number::of(temp));
}

/// The severity of the kind a damage type marks: `byType` matched trimmed and without case, as the
/// types are declared, else `default` (a blow with no type included).
Number severity_of(const Track& track, const Combat::DamageKinds& kinds, const std::string& type) {
  Id kind = kinds.fallback;
  for (const auto& [written, mapped] : kinds.by_type) {
    if (!type.empty() && same_name(written, type)) kind = mapped;
  }
  const auto it =
      std::find_if(track.kinds.begin(), track.kinds.end(), [&](const WoundKind& k) { return k.id == kind; });
  return it == track.kinds.end() ? Number() : it->severity;
}

/// A track that refuses a mark with no place takes what it can of a blow one mark at a time: the
/// blow is never refused in a fight, the mark that found no box puts the character down (SH-46).
bool mark_each(WoundWork& work, Number severity, std::int64_t amount) {
  if (!work.refuses) return mark_wounds(work, severity, amount, std::nullopt);
  for (std::int64_t i = 0; i < amount; ++i) {
    if (!mark_wounds(work, severity, 1, std::nullopt)) return false;
  }
  return true;
}

struct TrackHealth {
  const Track& track;
  const TrackView& shown;
  WoundWork work;
  std::int64_t overflow_before;
};

TrackHealth track_health(const Ruleset& ruleset, const Character& character, const SheetView& view,
                         const CombatHealth& health) {
  const Track& track = ruleset.sheet.tracks[health.index];
  const TrackView& shown = view.tracks.at(track.id);
  const auto stored = character.tracks.find(track.id);
  WoundWork work = wound_work(track, shown.levels.size(), stored == character.tracks.end() ? nullptr : &stored->second);
  const std::int64_t overflow = work.overflow;
  return {track, shown, std::move(work), overflow};
}

HealthChange marked(Character& character, TrackHealth& health, bool landed) {
  store_wounds(character, health.track, health.work);
  const bool full = filled_levels(health.work) >= static_cast<std::int64_t>(health.work.length);
  return {true, Refusal::Malformed, detail::wound_now(health.track, health.shown, health.work, health.overflow_before),
          !landed || full};
}

HealthChange blow_on_track(const Ruleset& ruleset, Character& character, const SheetView& view, const Combat& combat,
                           const std::vector<DamageClause>& clauses) {
  TrackHealth health = track_health(ruleset, character, view, combat.health);
  // Import requires damageKinds beside a wound-track health (SH-34's other half).
  if (!combat.damage_kinds) return refused(Refusal::NotConfigured);
  const Combat::DamageKinds& kinds = *combat.damage_kinds;
  std::vector<std::pair<Number, std::int64_t>> landed;  // severity, points: most severe first
  std::int64_t points = 0;
  for (const DamageClause& clause : clauses) {
    landed.emplace_back(severity_of(health.track, kinds, clause.type), clause.amount);
    points += clause.amount;
  }
  std::stable_sort(landed.begin(), landed.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const Number worst = landed.front().first;

  if (!kinds.per_point) {
    // per-blow: one box however hard it hit, of the most severe kind that landed; a track filled by
    // box takes it on the first free box (SH-46).
    return marked(character, health, mark_wounds(health.work, worst, 1, std::nullopt));
  }
  if (health.work.indexed) {
    // per-point on boxes: the damage names the box the blow lands on; past the last box no box can
    // take it (W2 step 6).
    if (points > static_cast<std::int64_t>(health.work.length)) return marked(character, health, false);
    return marked(character, health, mark_wounds(health.work, worst, 1, points));
  }
  for (const auto& [severity, amount] : landed) {
    if (!mark_each(health.work, severity, amount)) return marked(character, health, false);
  }
  return marked(character, health, true);
}

}  // namespace

HealthChange take_blow(const Ruleset& ruleset, Character& character, const std::vector<DamageClause>& clauses) {
  if (!ruleset.combat) return refused(Refusal::NotConfigured);
  if (clauses.empty()) return refused(Refusal::BadAmount);
  for (const DamageClause& clause : clauses) {
    if (clause.amount < 1 || clause.amount > detail::kMaxOpAmount) return refused(Refusal::BadAmount);
  }
  const Combat& combat = *ruleset.combat;
  const SheetView view = evaluate_live(ruleset, character);
  if (combat.health.kind == CombatHealth::Kind::Track) return blow_on_track(ruleset, character, view, combat, clauses);

  const std::vector<LivePool> pools = live_pools(ruleset, character, view);
  const LivePool* pool = health_pool(pools, combat.health.id);
  if (pool == nullptr) return refused(Refusal::UnknownPool);
  std::int64_t points = 0;
  for (const DamageClause& clause : clauses) points += clause.amount;
  // Temporary points drain first, then the pool, never below 0.
  const std::int64_t from_temp = std::min(pool->temp, points);
  const std::int64_t current = std::max<std::int64_t>(0, pool->current - (points - from_temp));
  const std::int64_t temp = pool->temp - from_temp;
  store_pool(character, *pool, current, temp);
  return {true, Refusal::Malformed, pool_text(*pool, current, temp), current == 0};
}

HealthChange heal_in_fight(const Ruleset& ruleset, Character& character, std::int64_t amount) {
  if (!ruleset.combat) return refused(Refusal::NotConfigured);
  if (amount < 1 || amount > detail::kMaxOpAmount) return refused(Refusal::BadAmount);
  const Combat& combat = *ruleset.combat;
  const SheetView view = evaluate_live(ruleset, character);
  if (combat.health.kind == CombatHealth::Kind::Track) {
    TrackHealth health = track_health(ruleset, character, view, combat.health);
    heal_wounds(health.work, 1, std::nullopt);
    return marked(character, health, true);
  }
  const std::vector<LivePool> pools = live_pools(ruleset, character, view);
  const LivePool* pool = health_pool(pools, combat.health.id);
  if (pool == nullptr) return refused(Refusal::UnknownPool);
  const std::int64_t current = std::min(pool->max, pool->current + amount);
  store_pool(character, *pool, current, pool->temp);
  return {true, Refusal::Malformed, pool_text(*pool, current, pool->temp), current == 0};
}

HealthChange grant_temporary(const Ruleset& ruleset, Character& character, std::int64_t amount) {
  if (!ruleset.combat) return refused(Refusal::NotConfigured);
  // SH-48: a track has no buffer for temporary points to sit in.
  if (ruleset.combat->health.kind == CombatHealth::Kind::Track) return refused(Refusal::NoTemp);
  if (amount < 0 || amount > detail::kMaxOpAmount) return refused(Refusal::BadAmount);
  const SheetView view = evaluate_live(ruleset, character);
  const std::vector<LivePool> pools = live_pools(ruleset, character, view);
  const LivePool* pool = health_pool(pools, ruleset.combat->health.id);
  if (pool == nullptr) return refused(Refusal::UnknownPool);
  if (!pool->allow_temp) return refused(Refusal::NoTemp);
  store_pool(character, *pool, pool->current, amount);
  return {true, Refusal::Malformed, pool_text(*pool, pool->current, amount), pool->current == 0};
}

}  // namespace rk::play
