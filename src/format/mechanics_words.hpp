#pragma once
// The closed vocabulary of `mechanics` (docs/format/catalogs.md, "mechanics"), shared by a catalog
// entry, an item's use and a creature's action: one enum and one table per word list. Where two
// places accept different subsets of one list, each subset is its own table over the same enum.
#include <cstdint>

#include "format/choice.hpp"

namespace rk {

/// What a use does.
enum class UseKind : std::uint8_t { Attack, Heal, Buff, Debuff, Utility, Rider };
inline constexpr Choice<UseKind> kEntryKinds[] = {{UseKind::Attack, "attack"},   {UseKind::Heal, "heal"},
                                                  {UseKind::Buff, "buff"},       {UseKind::Debuff, "debuff"},
                                                  {UseKind::Utility, "utility"}, {UseKind::Rider, "rider"}};
/// An item's use is taken, so it is never a passive rider nor a bare utility.
inline constexpr Choice<UseKind> kItemUseKinds[] = {
    {UseKind::Attack, "attack"}, {UseKind::Heal, "heal"}, {UseKind::Buff, "buff"}, {UseKind::Debuff, "debuff"}};

enum class AreaShape : std::uint8_t { Burst, Cone, Line };
inline constexpr Choice<AreaShape> kAreaShapes[] = {
    {AreaShape::Burst, "burst"}, {AreaShape::Cone, "cone"}, {AreaShape::Line, "line"}};

enum class TargetKind : std::uint8_t { Self, Ally, Enemy, Any };
inline constexpr Choice<TargetKind> kTargetKinds[] = {
    {TargetKind::Self, "self"}, {TargetKind::Ally, "ally"}, {TargetKind::Enemy, "enemy"}, {TargetKind::Any, "any"}};

/// What a target who makes its save takes.
enum class SaveOutcome : std::uint8_t { None, Half, Negates };
inline constexpr Choice<SaveOutcome> kSaveOutcomes[] = {
    {SaveOutcome::None, "none"}, {SaveOutcome::Half, "half"}, {SaveOutcome::Negates, "negates"}};
/// A damage clause's save halves it or leaves it whole: the blow itself already landed.
inline constexpr Choice<SaveOutcome> kClauseSaveOutcomes[] = {{SaveOutcome::None, "none"}, {SaveOutcome::Half, "half"}};

/// The moment a reaction waits for, and whose it is.
enum class ReactionOn : std::uint8_t { Aimed, Hit, Harmed, Used };
inline constexpr Choice<ReactionOn> kReactionMoments[] = {
    {ReactionOn::Aimed, "aimed"}, {ReactionOn::Hit, "hit"}, {ReactionOn::Harmed, "harmed"}, {ReactionOn::Used, "used"}};
/// A rider fires on a hit and on nothing else.
inline constexpr Choice<ReactionOn> kRiderMoments[] = {{ReactionOn::Hit, "hit"}};
enum class ReactionAt : std::uint8_t { Source, Chosen };
inline constexpr Choice<ReactionAt> kReactionAt[] = {{ReactionAt::Source, "source"}, {ReactionAt::Chosen, "chosen"}};

/// How long an applied condition stays, when it is a word rather than `{ "rounds": n }`.
enum class DurationWord : std::uint8_t { Instant, UntilSave };
inline constexpr Choice<DurationWord> kDurationWords[] = {{DurationWord::Instant, "instant"},
                                                          {DurationWord::UntilSave, "until-save"}};

enum class TurnPoint : std::uint8_t { TurnEnd, TurnStart };
/// When the save that ends a condition is rolled.
inline constexpr Choice<TurnPoint> kSaveEndsAt[] = {{TurnPoint::TurnEnd, "turn-end"},
                                                    {TurnPoint::TurnStart, "turn-start"}};
/// Rounds count down at turn end unless the author says turn start.
inline constexpr Choice<TurnPoint> kRoundsCountAt[] = {{TurnPoint::TurnStart, "turn-start"}};

enum class EndsAfter : std::uint8_t { OwnAttack, Attacked, OwnSave };
inline constexpr Choice<EndsAfter> kEndsAfter[] = {
    {EndsAfter::OwnAttack, "own-attack"}, {EndsAfter::Attacked, "attacked"}, {EndsAfter::OwnSave, "own-save"}};

/// The extra moments a rider may also require.
enum class RiderWhen : std::uint8_t { Advantage, AllyAdjacent };
inline constexpr Choice<RiderWhen> kRiderWhen[] = {{RiderWhen::Advantage, "advantage"},
                                                   {RiderWhen::AllyAdjacent, "ally-adjacent"}};

enum class OncePer : std::uint8_t { Turn, Round };
inline constexpr Choice<OncePer> kOncePer[] = {{OncePer::Turn, "turn"}, {OncePer::Round, "round"}};

/// A creature's limited action comes back after a fight or after a day.
enum class UsesPer : std::uint8_t { Encounter, Day };
inline constexpr Choice<UsesPer> kUsesPer[] = {{UsesPer::Encounter, "encounter"}, {UsesPer::Day, "day"}};

/// An item power's `recharge.amount`: dice, or this word.
enum class RechargeWord : std::uint8_t { Max };
inline constexpr Choice<RechargeWord> kRechargeWords[] = {{RechargeWord::Max, "max"}};

}  // namespace rk
