#pragma once
// The reference format's `battle` and `combat` blocks (docs/format/combat.md). Validated at
// import; a fight is played by a later stage, so the model keeps what that stage reads.
#include <optional>
#include <string>
#include <vector>

#include "format/items_model.hpp"
#include "format/model.hpp"

namespace rk {

/// What a fight takes away: a live pool counted down, or a wound track marked.
struct CombatHealth {
  enum class Kind : std::uint8_t { Pool, Track } kind = Kind::Pool;
  Id id;
  std::size_t index = kNone;  ///< into sheet.pools or sheet.tracks
};

/// A list whose catalog-marked rows a fight reads (`battle.skills`, `combat.abilities`).
struct RowSource {
  std::string pointer;
  Id list;
  std::size_t list_index = kNone;
  Id only_when;
  std::optional<std::pair<Id, Scalar>> always_when;  ///< column, equals
};

struct Battle {
  std::string pointer;
  CombatHealth health;
  Id energy;
  std::vector<std::pair<Id, std::int64_t>> slots;  ///< pool, level
  std::vector<RowSource> skills;
};

struct CombatDice {
  std::int64_t count = 1;
  std::int64_t sides = 20;
};

struct CombatBudget {
  Id id;
  std::string label;
  /// How often the budget refills (the same words as a spend limit's `per`).
  enum class Per : std::uint8_t { Turn, Round } per = Per::Turn;
  std::int64_t count = 1;
};

/// A number an attack row reads: a column of its own list, or the same constant on every row.
struct DistanceSource {
  Id column;
  std::optional<Number> constant;
};

struct AttackSource {
  std::string pointer;
  Id list, budget, name;
  std::optional<DistanceSource> reach, range_normal, range_long;
  std::optional<Ref> strikes;
  Id strikes_capped_by;
  Id to_hit_ability, to_hit_skill, to_hit_proficiency, to_hit_bonus;
  Id damage_dice, damage_ability, damage_bonus, damage_type;
};

struct AbilitySource {
  RowSource rows;
  Id budget;
  std::optional<Ref> to_hit, save_difficulty;
};

/// A condition's or a level's rules (the condition vocabulary).
struct ConditionRules {
  std::vector<ConditionEffect> effects;
  std::vector<CombatModifier> modifiers;
  std::vector<Id> fails_saves, saves, skills;
};

struct CombatCondition {
  Id condition;
  ConditionRules rules;
  bool while_source_in_sight = false;             ///< `true`: the whole condition
  std::vector<ConditionEffect> in_sight_effects;  ///< a list: only these
  bool ends_when_source_down = false;
};

struct CombatLevel {
  Id track, derived;
  std::int64_t at = 1;
  ConditionRules rules;
};

struct ContestCheck {
  Id id;
  std::string label;
  Ref value;
};

struct Contest {
  Id id;
  std::string label;
  Id budget;
  bool strike = false;
  std::optional<Number> reach;
  std::vector<Id> attacker_checks, defender_checks;
  enum class Side : std::uint8_t { Defender, Attacker };
  /// `ties` (who wins an even contest) and an `ends` entry's `on` (whose condition ends).
  static constexpr Choice<Side> kTies[] = {{Side::Defender, "defender"}, {Side::Attacker, "attacker"}};
  static constexpr Choice<Side> kOn[] = {{Side::Attacker, "actor"}, {Side::Defender, "target"}};
  bool attacker_takes_ties = false;
  Id from_holding;
  std::vector<std::pair<Id, std::optional<std::int64_t>>> applies;  ///< condition, rounds
  std::vector<std::pair<Id, bool>> ends;                            ///< condition, on the target
  std::optional<Number> push;
};

struct ThreatTier {
  Id id;
  std::string label;
  std::int64_t health_low = 1, health_high = 1, defense = 0, to_hit = 0, damage_low = 0, damage_high = 0,
               save_difficulty = 0;
};

struct Combat {
  std::string pointer;
  enum class Kind : std::uint8_t { AttackVsDefense, DicePool } kind = Kind::AttackVsDefense;
  static constexpr Choice<Kind> kKinds[] = {{Kind::AttackVsDefense, "attack-vs-defense"},
                                            {Kind::DicePool, "dice-pool"}};
  CombatHealth health;
  Ref defense;
  struct Initiative {
    std::optional<CombatDice> dice;
    std::optional<Ref> modifier, pool;
    std::optional<std::int64_t> plus;
    enum class Each : std::uint8_t { Fight, Round };
    static constexpr Choice<Each> kEach[] = {{Each::Fight, "fight"}, {Each::Round, "round"}};
    bool each_round = false;
    bool resource = false;  ///< a number attacks move (its rules are checked, not yet kept)
  } initiative;
  struct AttackRoll {
    CombatDice dice;
    bool advantage = false;
    enum class NaturalMax : std::uint8_t { None, Critical, Hit } natural_max = NaturalMax::None;
    static constexpr Choice<NaturalMax> kNaturalMax[] = {
        {NaturalMax::Critical, "critical"}, {NaturalMax::Hit, "hit"}, {NaturalMax::None, "none"}};
    enum class NaturalMin : std::uint8_t { None, Miss } natural_min = NaturalMin::None;
    static constexpr Choice<NaturalMin> kNaturalMin[] = {{NaturalMin::Miss, "miss"}, {NaturalMin::None, "none"}};
    enum class Critical : std::uint8_t { None, DoubleDice, MaxDice } critical = Critical::None;
    static constexpr Choice<Critical> kCriticals[] = {
        {Critical::DoubleDice, "double-dice"}, {Critical::MaxDice, "max-dice"}, {Critical::None, "none"}};
  };
  /// `ranged.long` and `ranged.adjacentFoe`: what a long shot or a foe at one's side does to the roll.
  enum class RangedPenalty : std::uint8_t { Disadvantage, Normal };
  static constexpr Choice<RangedPenalty> kRangedPenalties[] = {{RangedPenalty::Disadvantage, "disadvantage"},
                                                               {RangedPenalty::Normal, "normal"}};
  /// `offHand.ability`: the ability modifier an off-hand blow keeps.
  enum class OffHandAbility : std::uint8_t { Full, PenaltyOnly };
  static constexpr Choice<OffHandAbility> kOffHandAbilities[] = {{OffHandAbility::Full, "full"},
                                                                 {OffHandAbility::PenaltyOnly, "penalty-only"}};
  /// The `dying` block's words: how a character at zero rolls, and what its naturals and blows mark.
  struct Dying {
    enum class Kind : std::uint8_t { Saves };
    static constexpr Choice<Kind> kKinds[] = {{Kind::Saves, "saves"}};
    enum class NaturalMax : std::uint8_t { None, Revive1, Success };
    static constexpr Choice<NaturalMax> kNaturalMax[] = {
        {NaturalMax::Revive1, "revive-1"}, {NaturalMax::Success, "success"}, {NaturalMax::None, "none"}};
    enum class Marks : std::uint8_t { None, OneFailure, TwoFailures };
    static constexpr Choice<Marks> kNaturalMin[] = {
        {Marks::TwoFailures, "two-failures"}, {Marks::OneFailure, "one-failure"}, {Marks::None, "none"}};
    static constexpr Choice<Marks> kWhileDown[] = {
        {Marks::OneFailure, "one-failure"}, {Marks::TwoFailures, "two-failures"}, {Marks::None, "none"}};
  };
  std::optional<AttackRoll> attack_roll;
  struct Pool {
    bool advantage = false;
    std::optional<std::int64_t> damage_target;
    bool soak = false;
    std::optional<Ref> hardness;
  };
  std::optional<Pool> pool;
  std::vector<CombatBudget> budgets;
  std::optional<Ref> movement;
  std::optional<std::pair<std::string, Number>> distance;  ///< label, per cell
  Id opportunity_budget, off_hand_budget;
  bool off_hand_penalty_only = false;
  std::vector<AttackSource> attacks;
  std::vector<AbilitySource> abilities;
  std::vector<std::string> standard;
  std::vector<Id> dodge_saves;
  std::vector<CombatCondition> conditions;
  std::vector<CombatLevel> levels;
  std::vector<ContestCheck> checks;
  std::vector<Contest> contests;
  bool concentration = false;
  bool dying = false;
  std::vector<std::string> damage_types;  ///< as written; matched trimmed and without case
  struct DamageKinds {
    Id fallback;
    std::map<std::string, Id> by_type;
    enum class Marks : std::uint8_t { PerBlow, PerPoint };
    static constexpr Choice<Marks> kMarks[] = {{Marks::PerBlow, "per-blow"}, {Marks::PerPoint, "per-point"}};
    bool per_point = false;
  };
  std::optional<DamageKinds> damage_kinds;
  std::vector<ThreatTier> threat;
  struct SpendLimit {
    Id pool;
    Ref max;
    CombatBudget::Per per = CombatBudget::Per::Turn;
  };
  std::vector<SpendLimit> spend_limits;

  bool has_budget(std::string_view id) const {
    for (const CombatBudget& b : budgets) {
      if (b.id == id) return true;
    }
    return false;
  }
  /// Whether `type` is one of `damage_types` (trimmed, without case); true when none are declared.
  bool knows_damage_type(std::string_view type) const;
};

}  // namespace rk
