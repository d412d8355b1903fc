#pragma once
// Every limit of the format, in one table (DESIGN principle 3: SQLite's way). Each is enforced in
// one place and tested at N and N+1. The spec's own limits cite their requirement; the others are
// ours, chosen where the pages are silent (docs/format/decisions.md lists them).
#include <cstddef>
#include <cstdint>

namespace rk::limits {

// Files and JSON.
inline constexpr std::size_t kSingleFileRulesetBytes =
    std::size_t{512} * 1024;                                                  // single-file import, DESIGN "Documents"
inline constexpr std::size_t kPackageRulesetBytes = std::size_t{512} * 1024;  // ruleset.json inside a package
inline constexpr std::size_t kManifestBytes = std::size_t{64} * 1024;         // ours
inline constexpr std::size_t kCharacterBytes = std::size_t{1024} * 1024;      // ours
inline constexpr std::size_t kJsonDepth = 64;                                 // ours: deepest example nests ~12
inline constexpr std::size_t kIdLength = 64;                                  // ours
inline constexpr std::size_t kChoiceWordLength = 64;                          // the longest word an enum key is read as
inline constexpr std::size_t kLabelLength = 80;                               // reference: every `label`, 1-80
inline constexpr std::size_t kCatalogEntryLabelLength = 120;                  // reference: a catalog entry's `label`

// Sheet.
inline constexpr std::size_t kFields = 160;          // BB-120
inline constexpr std::size_t kFieldsExtended = 240;  // BB-120, Capability API 1.208
inline constexpr std::size_t kAbilities = 20;        // reference
inline constexpr std::size_t kSkills = 120;          // reference
inline constexpr std::size_t kSaves = 40;            // reference
inline constexpr std::size_t kSections = 20;         // reference
inline constexpr std::size_t kDerived = 400;         // ours: the 5e builder needs ~140 helpers; the reference allows 60
inline constexpr std::size_t kLists = 20;            // reference
inline constexpr std::size_t kColumns = 12;          // reference: 1-12
inline constexpr std::size_t kEnumValues = 40;       // reference: 1-40
inline constexpr std::size_t kRefsPerOperator = 12;  // reference: `sum`, `min`, `max` take at most 12
inline constexpr std::size_t kSumRefsMin = 1;        // reference: `sum` of 1-12
inline constexpr std::size_t kMinMaxRefsMin = 2;     // reference: `min`, `max` of 2-12
inline constexpr std::size_t kAbilityValueRefs = 8;  // BC-30
inline constexpr std::size_t kComputedColumnTerms = 6;       // BB-127
inline constexpr std::size_t kStepTableRows = 100;           // reference
inline constexpr std::size_t kTextMaxLength = 500;           // reference: the largest `maxLength` of a text value
inline constexpr std::size_t kLongtextMaxLength = 4000;      // reference: the largest `maxLength` of a longtext value
inline constexpr std::size_t kDefaultTextLength = 200;       // ours: text fields without maxLength
inline constexpr std::size_t kDefaultLongtextLength = 4000;  // ours: longtext fields without maxLength
inline constexpr std::int64_t kNumberBound = 1'000'000'000;  // ours: |min|, |max| of a number
inline constexpr std::size_t kProficiencyTiers = 12;         // reference

// Live state (Reference format: live; the reference schema's limits replace ours).
inline constexpr std::size_t kPools = 60;                  // reference
inline constexpr std::size_t kTracks = 30;                 // reference
inline constexpr std::size_t kStates = 12;                 // reference
inline constexpr std::size_t kStateValues = 40;            // reference
inline constexpr std::size_t kStateValuesMin = 2;          // reference
inline constexpr std::size_t kStateValueLength = 80;       // reference
inline constexpr std::size_t kConditions = 80;             // reference
inline constexpr std::size_t kLiveTexts = 12;              // reference
inline constexpr std::int64_t kLiveTextLength = 500;       // reference: the largest maxLength
inline constexpr std::size_t kPoolPays = 4;                // CA-85
inline constexpr std::size_t kWoundLevels = 16;            // reference
inline constexpr std::size_t kWoundKinds = 6;              // reference
inline constexpr std::size_t kWoundKindLabelLength = 16;   // reference
inline constexpr std::int64_t kWoundSeverityBound = 100;   // reference: -100..100
inline constexpr std::int64_t kWoundPenaltyFloor = -1000;  // reference: penalties -1000..0
inline constexpr std::size_t kBoxPenaltyRows = 40;         // reference
inline constexpr std::int64_t kWoundBoxes = 64;            // SH-54
inline constexpr std::int64_t kExtraLevelsPerRow = 16;     // SH-60
inline constexpr std::size_t kRests = 12;                  // reference
inline constexpr std::size_t kRestSteps = 40;              // reference
inline constexpr std::size_t kRestRecharge = 12;           // reference

// Reference format: resolution (ruleset.schema.ts, "Resolution kinds").
inline constexpr std::size_t kAbilityModifierTableRows = 100;  // reference
inline constexpr std::size_t kResolutionLabelLength = 80;      // reference: a tier's and a ladder step's `label`
inline constexpr std::int64_t kTierMultiplierMax = 10;         // reference: 0..10
inline constexpr std::int64_t kTierFlatBound = 50;             // reference: -50..50
inline constexpr std::int64_t kSumDiceCountMax = 10;           // reference
inline constexpr std::int64_t kSumDiceSidesMin = 2;            // reference
inline constexpr std::int64_t kSumDiceSidesMax = 1000;         // reference
inline constexpr std::size_t kLadderSteps = 12;                // reference
inline constexpr std::int64_t kLadderDcMin = -100;             // reference
inline constexpr std::int64_t kLadderDcMax = 1000;             // reference
inline constexpr std::int64_t kPoolFaceMin = 2;                // reference: a pool die has 2..100 faces
inline constexpr std::int64_t kPoolFaceMax = 100;              // reference
inline constexpr std::int64_t kPoolMaxDice = 100;              // reference: RULESET_POOL_MAX_DICE
inline constexpr std::size_t kPoolRerolls = 6;                 // reference
inline constexpr std::int64_t kRerollUpToMax = 999;            // reference: before the die's own bound
inline constexpr std::int64_t kSituationalDiceBound = 20;      // reference: min -20..0, max 0..20
inline constexpr std::size_t kSpendEntries = 4;                // reference
inline constexpr std::size_t kSpendEntriesBefore138 = 2;       // reference: more is Capability API 1.38
inline constexpr std::int64_t kSpendAmountMax = 100;           // reference
inline constexpr std::int64_t kSpendEffectMax = 10;            // reference: SPEND_EFFECT_MAX
inline constexpr std::size_t kAdjustEntries = 8;               // reference
inline constexpr std::size_t kAdjustAbilities = 12;            // reference

// Game Master text.
inline constexpr std::size_t kGuidanceLength = 1500;      // SH-81
inline constexpr std::size_t kGmReferenceLength = 16000;  // SH-80
inline constexpr std::size_t kShortTextLength = 400;      // SH-91, SH-114, CA-55
inline constexpr std::size_t kSummaryEntries = 24;        // reference: gm.sheetSummary fields, derived
inline constexpr std::size_t kSummaryLists = 8;           // reference: gm.sheetSummary lists
inline constexpr std::size_t kSummaryListColumns = 3;     // reference: a summary list's `columns`

// Reference format: top level, coverage, layers.
inline constexpr std::size_t kRulesetIdLength = 64;         // reference: top-level `id`
inline constexpr std::size_t kRulesetNameLength = 80;       // reference: `name`
inline constexpr std::size_t kEditionLength = 160;          // reference: `edition`
inline constexpr std::size_t kSpdxLength = 64;              // reference: `license.spdx`
inline constexpr std::size_t kAttributionLength = 4000;     // reference: `license.attribution`
inline constexpr std::size_t kCoverageSummaryLength = 400;  // reference: `coverage.summary`
inline constexpr std::size_t kLayers = 12;                  // reference: `layers`
inline constexpr std::size_t kLayerLabelLength = 80;        // reference: a layer's `label`
inline constexpr std::size_t kLayerSummaryLength = 300;     // reference: a layer's `summary`
inline constexpr std::size_t kLayerGuidance = 4000;         // reference: one layer's guidance, both strings
inline constexpr std::size_t kLayerFields = 24;             // reference: a layer's `fields`
inline constexpr std::size_t kLayerRemoveValues = 40;       // reference: `removeValues`
inline constexpr std::size_t kLayerValueLength = 80;        // reference: a removed value, a hide word
inline constexpr std::size_t kLayerCatalogRules = 24;       // reference: a layer's `catalogs`
inline constexpr std::size_t kLayerNotIn = 24;              // reference: `hide.notIn`
inline constexpr std::int64_t kLadderSuccessesMax = 100;    // reference: the largest pool
/// How long guidance may grow once every layer's text is appended: the base, and for each layer
/// its own ceiling plus one separator.
inline constexpr std::size_t kEffectiveGuidanceLength = kGuidanceLength + kLayers * (kLayerGuidance + 1);

// Advancement.
inline constexpr std::size_t kAdvancementFields = 24;          // CA-52
inline constexpr std::size_t kAdvancementFieldsExtended = 64;  // BB-162, Capability API 1.219

// Clocks.
inline constexpr std::size_t kClockSizesMin = 1;       // SH-89
inline constexpr std::size_t kClockSizesMax = 6;       // SH-89
inline constexpr std::int64_t kClockSegmentsMin = 2;   // SH-89
inline constexpr std::int64_t kClockSegmentsMax = 12;  // SH-89
inline constexpr std::int64_t kClocksStoredMin = 1;    // SH-90
inline constexpr std::int64_t kClocksStoredMax = 12;   // SH-90

// Party sheet.
inline constexpr std::size_t kPartyLists = 12;       // SH-127
inline constexpr std::size_t kPartyFromMembers = 8;  // SH-129
inline constexpr std::size_t kPartyFields = 64;      // ours
inline constexpr std::size_t kPartyPools = 16;       // ours

// Character documents.
inline constexpr std::size_t kRowsPerList = 500;          // ours
inline constexpr std::size_t kMarksPerTrack = 256;        // ours
inline constexpr std::size_t kNotes = 100;                // ours
inline constexpr std::size_t kNoteLength = 1000;          // ours
inline constexpr std::size_t kCharacterNameLength = 100;  // ours
inline constexpr std::size_t kCatalogMarkLength = 200;    // ours: `_catalog` "<catalog>/<entry>"

// Catalogs.
inline constexpr std::size_t kCatalogs = 12;                                            // CA-3
inline constexpr std::size_t kCatalogEntries = 2000;                                    // CA-5
inline constexpr std::size_t kCatalogFeeds = 8;                                         // CA-10
inline constexpr std::size_t kCatalogFilters = 8;                                       // CA-12
inline constexpr std::size_t kSummaryLength = 300;                                      // CA-17
inline constexpr std::size_t kEntryRows = 6;                                            // CA-19
inline constexpr std::size_t kScaledColumns = 4;                                        // CA-27
inline constexpr std::int64_t kTargetsMax = 20;                                         // CA-90
inline constexpr std::int64_t kTargetsPerCostStep = 10;                                 // CA-90
inline constexpr std::size_t kCatalogFileBytes = std::size_t{2} * 1024 * 1024;          // CA-99
inline constexpr std::size_t kCatalogFileBytesBefore1340 = std::size_t{1024} * 1024;    // CA-100
inline constexpr std::size_t kPackageRulesetBytesBefore1340 = std::size_t{256} * 1024;  // CA-100

// The guided builder (docs/format/builder.md).
inline constexpr std::size_t kBuilderSteps = 32;           // BA-8
inline constexpr std::size_t kBuilderStepsBefore112 = 16;  // BA-9
inline constexpr std::size_t kBuilderStepsBefore768 = 24;  // BA-10
inline constexpr std::int64_t kStepPicks = 60;             // BA-14
inline constexpr std::int64_t kStepPicksBefore110 = 20;    // BA-15
inline constexpr std::int64_t kStepPicksBefore768 = 40;    // BA-16
inline constexpr std::size_t kStampKeys = 4;               // BA-27
inline constexpr std::int64_t kTotalMax = 1000;            // BA-39
inline constexpr std::int64_t kManualMin = -100;           // BA-50
inline constexpr std::int64_t kManualMax = 1000;           // BA-50
inline constexpr std::size_t kQuotas = 12;                 // BA-115
inline constexpr std::size_t kEntryChoices = 6;            // BA-94
inline constexpr std::int64_t kSlotMax = 20;               // BA-127
inline constexpr std::int64_t kAbilitySlotMax = 6;         // BA-127
inline constexpr std::size_t kItemAccess = 48;             // BB-140
inline constexpr std::size_t kStepFields = 40;             // ours
inline constexpr std::size_t kChoiceSlots = 12;            // ours: slots per list
inline constexpr std::size_t kPointBuyCosts = 64;          // ours
inline constexpr std::int64_t kRollDice = 20;              // ours
inline constexpr std::int64_t kRollSidesMin = 2;           // ours
inline constexpr std::int64_t kRollSidesMax = 100;         // ours
// The builder at run time (docs/format/builder.md "Actions").
inline constexpr std::size_t kBuilderAnswersPerKey = 64;  // ours: picks or answers stored under one key
inline constexpr std::size_t kBuildActions = 10000;       // ours: actions in one `rulekeeper build`

// Reference format: sheet (ruleset.schema.ts, the sheet primitives).
inline constexpr std::size_t kAbilityShortLength = 8;  // reference: ability `short`
inline constexpr std::int64_t kListMaxItemsMin = 1;    // reference: list `maxItems`
inline constexpr std::int64_t kListMaxItemsMax = 500;  // reference: list `maxItems`
inline constexpr std::size_t kCheckTiersOffered = 12;  // reference: `skillTiers`, `saveTiers`
inline constexpr std::int64_t kBonusRangeBound = 100;  // reference: `bonusRange` within ±100
inline constexpr std::size_t kDiceExampleLength = 40;  // reference: a dice `example`
inline constexpr std::size_t kHideWhenInValues = 24;   // reference: `hideWhen.in`
inline constexpr std::size_t kEnumTableEntries = 40;   // reference: an `enumTable` table
inline constexpr std::int64_t kUntrainedByBound = 20;  // reference: `untrained: { "by": n }`
// Reference format: items, battle, combat (docs/format/items.md, docs/format/combat.md).
inline constexpr std::size_t kItemCategories = 24;
inline constexpr std::size_t kItemRarities = 12;
inline constexpr std::size_t kItemTags = 48;
inline constexpr std::size_t kItemStats = 24;
inline constexpr std::size_t kItemSlots = 12;
inline constexpr std::int64_t kItemSlotCountMax = 20;
inline constexpr std::size_t kCurrencyFamilies = 6;
inline constexpr std::size_t kCurrencyUnits = 10;
inline constexpr std::int64_t kCurrencyValueMax = 1'000'000;
inline constexpr std::size_t kCurrencyLabelLength = 40;
inline constexpr std::size_t kRarityCaps = 12;
inline constexpr std::int64_t kRarityCapBonusMax = 100;
inline constexpr std::size_t kBindingLabelLength = 40;
inline constexpr std::size_t kEntryItemTags = 16;
inline constexpr std::int64_t kItemStackMax = 999'999;  // Game Mode's own inventory stack
inline constexpr std::int64_t kItemCostMax = 1'000'000'000;
inline constexpr std::size_t kBindRestrictionLength = 200;
inline constexpr std::size_t kItemRequirements = 4;
inline constexpr std::size_t kItemEffects = 6;
inline constexpr std::size_t kItemAbilityChanges = 12;
inline constexpr std::size_t kItemHideWords = 30;
inline constexpr std::size_t kItemConditionImmunities = 40;
inline constexpr std::size_t kDamageTypeLength = 40;
inline constexpr std::int64_t kItemChargesMax = 100;
inline constexpr std::size_t kChargeRests = 12;
inline constexpr std::size_t kAttackModes = 6;
inline constexpr std::size_t kAttackOnHit = 4;
inline constexpr std::size_t kAttackAbilities = 6;
inline constexpr std::int64_t kDistanceMax = 10'000;
inline constexpr std::size_t kConditionEffects = 12;
inline constexpr std::size_t kModifiers = 6;
inline constexpr std::size_t kNarrowSkills = 24;
inline constexpr std::size_t kNarrowSaves = 12;
inline constexpr std::size_t kBattleSlots = 12;
inline constexpr std::size_t kRowSources = 8;
inline constexpr std::size_t kCombatBudgets = 8;
inline constexpr std::int64_t kBudgetCountMax = 10;
inline constexpr std::size_t kCombatStandard = 6;
inline constexpr std::size_t kCombatConditions = 80;
inline constexpr std::size_t kCombatLevels = 20;
inline constexpr std::size_t kContestChecks = 12;
inline constexpr std::size_t kContests = 12;
inline constexpr std::size_t kContestSideChecks = 4;
inline constexpr std::size_t kContestOnWin = 4;
inline constexpr std::size_t kDamageTypes = 40;
inline constexpr std::size_t kThreatTiers = 40;
inline constexpr std::size_t kSpendLimits = 12;
inline constexpr std::size_t kInitiativeStyles = 4;
inline constexpr std::size_t kDistanceLabelLength = 12;

// Capability API.
inline constexpr std::int64_t kCapabilityMajor = 1;
inline constexpr std::int64_t kSchemaVersionMin = 1;
inline constexpr std::int64_t kSchemaVersionMax = 2;

// Reference format: catalogs (the reference schema's own numbers; docs/format/catalogs.md).
inline constexpr std::size_t kRefSheetIdLength = 40;  // reference: a sheet id
inline constexpr std::size_t kRefEntryIdLength = 80;  // reference: a catalog entry id
inline constexpr std::size_t kFilterWordLength = 80;  // reference: one filter word
inline constexpr std::size_t kFilterTags = 24;        // reference: words of a tags filter
inline constexpr std::size_t kCatalogDiceLength =
    40;  // reference: every dice text of catalogs, items, combat ("2d6", "1d8+3")
inline constexpr std::size_t kDamageClauses = 3;                 // reference: RULESET_DAMAGE_MAX_PLUS
inline constexpr std::size_t kEffectCostTerms = 4;               // reference: mechanics.cost
inline constexpr std::size_t kAppliedConditions = 4;             // reference: applies
inline constexpr std::size_t kGivenBudgets = 4;                  // reference: mechanics.gives
inline constexpr std::int64_t kGivenBudgetCount = 10;            // reference: gives[].count
inline constexpr std::size_t kStandardActions = 6;               // reference: mechanics.standard.actions
inline constexpr std::size_t kReactionCatalogs = 12;             // reference: reaction.against.catalogs
inline constexpr std::size_t kRiderSources = 8;                  // reference: rider.sources
inline constexpr std::int64_t kEffectRounds = 1000;              // reference: duration.rounds
inline constexpr std::size_t kCreatureActions = 12;              // reference: RULESET_CREATURE_MAX_ACTIONS
inline constexpr std::size_t kCreatureRiders = 4;                // reference: RULESET_CREATURE_MAX_RIDERS
inline constexpr std::size_t kCreatureTraits = 8;                // reference: creature traits
inline constexpr std::size_t kCreatureHideEntries = 30;          // reference: resist, vulnerable, immune
inline constexpr std::size_t kHideExceptTags = 8;                // reference: resist[].except
inline constexpr std::size_t kCreatureConditionImmunities = 40;  // reference: conditionImmunities
inline constexpr std::size_t kSequenceSteps = 6;                 // reference: action.sequence
inline constexpr std::int64_t kSequenceTimes = 10;               // reference: sequence[].times
inline constexpr std::size_t kCreatureListRows = 500;            // reference: creature sheet list rows
inline constexpr std::size_t kActionNameLength = 80;             // reference: action and rider names
inline constexpr std::size_t kTraitNameLength = 60;              // reference: trait name
inline constexpr std::size_t kTraitTextLength = 400;             // reference: trait text
inline constexpr std::size_t kUnitLabelLength = 12;              // reference: units.distance.label
// Shell hardening (issue 9 point 8): what one run prints.
inline constexpr std::size_t kDiagnosticsShown = 500;  // ours: per severity; the rest are counted, not listed
inline constexpr std::size_t kActionsFileBytes = kCharacterBytes;  // ours: an actions file is read like a character

}  // namespace rk::limits
