#pragma once
// The Capability API table: each gate, the minor version that introduced it and the feature it
// guards, in one place (DESIGN principle 3). The compiler records which gated features a ruleset
// uses; `requires` is the highest of them, with the feature that set it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rk {

enum class Gate : std::uint8_t {
  TrackMaxRef,           // 1.37  SH-21
  TrackAlwaysShow,       // 1.37  SH-24
  ResolutionAdjust,      // 1.38  SH-70
  Cap,                   // 1.39  SH-8
  HideWhenNotEqualsIn,   // 1.39  SH-19
  WoundBoxes,            // 1.40  SH-54
  WoundFill,             // 1.40  SH-56
  WoundOnFull,           // 1.40  SH-57
  WoundExtra,            // 1.40  SH-59
  RestStepKind,          // 1.40  SH-64
  Sections,              // 1.41  SH-7
  Untrained,             // 1.41  SH-7
  LiveStates,            // 1.42  SH-29
  EnumTable,             // 1.42  SH-29
  RestStepState,         // 1.42  SH-29
  RestShared,            // 1.77  SH-78
  Clocks,                // 1.143 SH-87
  Party,                 // 1.144 SH-105
  GmReference,           // 1.145 SH-86 (also needs schemaVersion 2)
  ComputedAbilities,     // 1.156 BC-30
  Contextual,            // 1.156 BC-34, BC-40
  ContextualAbilities,   // 1.213 BB-136
  ContextualNoCancel,    // 1.214 BB-138
  ContextualBest,        // 1.217 BB-147
  ContextualTrackCost,   // 1.218 BB-150
  ContextualListCost,    // 1.218 BB-151
  StartFrom,             // 1.158 BC-58, BC-59
  RowChecks,             // 1.161 BC-74
  PartyLists,            // 1.163 SH-127
  PartyBuilder,          // 1.163 SH-128
  PartyFromMembers,      // 1.163 SH-129
  PartySummaryLists,     // 1.163 SH-131
  ItemsCatalogs,         // 1.49  CA-9, CA-96
  PoolLevel,             // 1.171 CA-85
  PoolPays,              // 1.171 CA-85
  ListSumWhereCount,     // 1.205 BB-110, BB-111
  MoreFields,            // 1.208 BB-120
  ComputedColumns,       // 1.210 BB-127
  LongerAdvancement,     // 1.219 BB-162
  CatalogAssets,         // 1.21  CA-92..CA-94
  ScaledColumns,         // 1.23  CA-27..CA-37
  CreaturesCatalogs,     // 1.27  CA-95
  ScaledByName,          // 1.92  CA-33
  TargetsPerCostStep,    // 1.171 CA-90
  BorrowedCatalogs,      // 1.220 BB-153
  LargeFiles,            // 1.340 CA-101
  SheetBuilder,          // 1.86 BA-1
  StepUpTo,              // 1.87 BA-21
  AbilitiesDefault,      // 1.87 BA-51
  StepCountFrom,         // 1.90 BA-25
  ChoicesSteps,          // 1.91 BA-66
  EntryChoices,          // 1.91 BA-94
  RepeatChoices,         // 1.93 BA-70
  Exclusive,             // 1.94 BA-92
  ChoiceUpTo,            // 1.96 BA-73
  OfferedWhen,           // 1.99 BA-86
  ExclusiveOfferedWhen,  // 1.100 BA-89
  TrainedChoices,        // 1.104 BA-80
  Held,                  // 1.105 BA-83
  ShownWhen,             // 1.107 BA-37
  FieldsTotal,           // 1.107 BA-39
  Stamp,                 // 1.108 BA-27
  StrictGear,            // 1.109 BA-59
  EntryFits,             // 1.109 BA-60
  StepCountAbove20,      // 1.110 BA-15
  ManualBounds,          // 1.110 BA-50
  MoreSteps,             // 1.112 BA-9
  StampFromWithin,       // 1.130 BA-32
  StepWhen,              // 1.151 BA-111
  StepRequiredWhen,      // 1.151 BA-112
  Quotas,                // 1.151 BA-115
  DistinctBy,            // 1.151 BA-119
  QuotaBelow,            // 1.151 BA-121
  SlotId,                // 1.151 BA-125
  SlotCountFrom,         // 1.151 BA-127
  ExcludeChoices,        // 1.151 BA-129
  AbilityChoiceFrom,     // 1.151 BA-131
  TrainedChoiceTier,     // 1.151 BA-133
  TrainedChoiceOnly,     // 1.151 BA-134
  OnDuplicate,           // 1.151 BA-135
  AllocateSteps,         // 1.152 BB-1, BB-23, BB-29
  SpendSteps,            // 1.153 BB-49, BB-54
  RowsSteps,             // 1.154 BC-1
  CreationRules,         // 1.155 BC-22
  CreationProfiles,      // 1.160 BC-69
  EarlierPhaseReads,     // 1.160 BC-73
  RowsCountFrom,         // 1.799 BC-10
  PricedSteps,           // 1.159 BC-61
  ReplacementFrom,       // 1.155 BC-21
  OfferConditions,       // 1.155 BC-15, BC-17, BC-19
  InitializeSteps,       // 1.158 BC-51
  CreationDice,          // 1.162 BC-81, BC-82
  RollSteps,             // 1.162 BC-83
  TwoWayOffers,          // 1.164 BB-81, BB-87, BB-89
  UnpricedCosts,         // 1.207 BB-117
  PartialFrom,           // 1.211 BB-131
  ItemAccess,            // 1.215 BB-140
  ManySteps,             // 1.768 BA-10
  StepCountAbove40,      // 1.768 BA-16
  ExclusiveDefault,      // 1.772 BA-93
  // Reference format: resolution (writing-rulesets.md "dice-pool", "Spending to change a roll")
  DicePool,                // 1.24
  FaceRuleMin,             // 1.37
  AbilityPlusAbility,      // 1.37
  BotchRule,               // 1.37
  PoolReroll,              // 1.38
  SpendReroll,             // 1.38
  SpendPerCheckFromSheet,  // 1.38
  SpendEntries,            // 1.38
  // Reference format: sheet
  LiveTrackRead,    // 1.39  reference "The sheet": `read` beside `liveTrack`
  ListSumOnlyWhen,  // 1.39  reference "The sheet": `onlyWhen` in `listSum`
  HeldItemStat,     // 1.52  reference "Items on the sheet": `itemStat` over held items
  // Reference format: catalogs (the reference's creatures)
  CreatureChecks,        // 1.43  creature `checks`
  CreatureReactionSelf,  // 1.46  creature action `reaction` and `self`
  CreatureSoak,          // 1.47  creature `soak`
  CreatureHideExcept,    // 1.55  creature `resist`/`immune` with `except`
  CreatureHardness,      // 1.56  creature `hardness`
  CreatureSheet,         // 1.34  a creature written as a sheet in the ruleset's own terms
  ReactionMoment,        // 1.33  a catalog entry's `reaction` naming a moment
  ReactionUsedAgainst,   // 1.44  a reaction moment `used`, or one with `against`
  ReactionHit,           // 1.46  a reaction moment `hit`
  AppliedTimings,        // 1.45  an applied condition's `endsAfter`, or rounds counted at turn start
  // Reference format: items, battle, combat (docs/format/items.md, docs/format/combat.md).
  ItemsBlock,        // 1.49 the `items` block
  ItemsInvented,     // 1.51 `rarityCaps`, `propose`
  ItemCheckEffects,  // 1.53 an item's `worn`/`carried`, a rarity cap's `bonus`
  ItemRequires,      // 1.54 an item's `requires` and the abilities it changes
  ItemAttack,        // 1.55 a weapon's `attack`
  ItemFightEffects,  // 1.56 what a worn or carried item does in a fight
  ItemAmmo,          // 1.57 a weapon's `ammo` and `clip`
  ItemAttackExtras,  // 1.58 a weapon's `modes`, `offHand`, `floor`, `onHit`
  ItemUse,           // 1.59 an item's `use` and `charges`
  ItemRestore,       // 1.60 a use that restores a pool
  ItemRecharge,      // 1.61 `charges.recharge`, `charges.breaksOn`
  ItemGate,          // 1.62 a use's `gate`
  Contests,          // 1.43 `combat.checks`, `combat.contests`
  CombatModifiers,   // 1.45 condition `modifiers`, `levels`, the check effects
  CombatEachRound,   // 1.47 initiative `each`, an attack's `toHit.skill`, `spendLimits`
  InitiativePool,    // 1.48 initiative `pool`, `resource`
  CombatNarrowing,   // 1.53 a condition's `skills`, a modifier's `skills`/`saves`/`mode`
  LevelDerived,      // 1.54 a level reading a `derived` value
  // Reference format: top level, gm, layers.
  Layers,                 // 1.25 writing-rulesets "Layers"
  GmWorldGuidance,        // 1.25 writing-rulesets "Layers"
  SummaryListColumns,     // 1.37 writing-rulesets "Game Master text"
  SummaryEnumNameColumn,  // 1.37 writing-rulesets "Game Master text"
};

struct GateInfo {
  Gate gate;
  std::int64_t minor;            ///< Capability API 1.<minor> introduced it
  std::string_view feature;      ///< what a refusal names
  std::string_view requirement;  ///< the requirement id that states the gate
  std::int64_t schema_version;   ///< the manifest schemaVersion it needs as well (1 = none)
};

const std::vector<GateInfo>& gate_table();
const GateInfo& gate_info(Gate gate);

/// A gated feature the content uses, and where.
struct GateUse {
  Gate gate;
  std::string pointer;
};

/// What the content needs: the highest minor, and the uses that set it.
struct Requirement {
  std::int64_t minor = 0;
  std::int64_t schema_version = 1;
  std::vector<GateUse> uses;

  void use(Gate gate, std::string pointer);
  /// "1.NN".
  std::string version() const;
  /// The first use of the highest gate (the one a refusal names), or nullptr.
  const GateUse* deciding() const;
};

}  // namespace rk
