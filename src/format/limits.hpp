#pragma once
// Every limit of the format, in one table (DESIGN principle 3: SQLite's way). Each limit carries
// its number, the code a document past it is refused with, where it comes from, and for a limit a
// Capability gate lifts, that gate. Counted limits are enforced by `check_limit`; lengths and
// ranges by the reader accessors that take them. `kTable` lists every limit, and the LimitTable
// test walks it at N and past N (tests/format/limit_probes/). The spec's own limits cite their
// requirement; the others are the reference schema's or ours, chosen where the pages are silent
// (docs/format/decisions.md lists them).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "diag/diagnostic.hpp"
#include "format/capability.hpp"

namespace rk::limits {

/// Which side of its number a limit holds.
enum class Bound : std::uint8_t {
  Most,   ///< at most the number
  Least,  ///< at least the number
  Within  ///< between minus the number and the number
};

template <class T>
struct Limit {
  T value;
  /// What a document past the limit is refused with. A limit a gate lifts is not refused: past it
  /// the content needs the gate, refused with capability-too-low only when it declares an older
  /// Capability API.
  Code code;
  /// The requirement it comes from ("BB-120"), "reference" (the reference schema's number) or
  /// "ours" (decisions.md).
  std::string_view source;
  Bound bound = Bound::Most;
  std::optional<Gate> gate = std::nullopt;

  // A limit reads as its number wherever a number is wanted.
  constexpr operator T() const { return value; }  // NOLINT(google-explicit-constructor)
};

/// A limit on how many, how long, how large: compared with sizes.
using CountLimit = Limit<std::size_t>;
/// A limit on a number a document writes.
using ValueLimit = Limit<std::int64_t>;

// Files and JSON.
/// single-file import, DESIGN "Documents"
inline constexpr CountLimit kSingleFileRulesetBytes{std::size_t{512} * 1024, Code::FileTooLarge, "ours"};
/// ruleset.json inside a package
inline constexpr CountLimit kPackageRulesetBytes{std::size_t{512} * 1024, Code::FileTooLarge, "reference"};
inline constexpr CountLimit kManifestBytes{std::size_t{64} * 1024, Code::FileTooLarge, "ours"};
inline constexpr CountLimit kCharacterBytes{std::size_t{1024} * 1024, Code::FileTooLarge, "ours"};
inline constexpr CountLimit kJsonDepth{64, Code::JsonTooDeep, "ours"};  // deepest example nests ~12
inline constexpr CountLimit kIdLength{64, Code::BadId, "ours"};
/// the longest word an enum key is read as
inline constexpr CountLimit kChoiceWordLength{64, Code::TooLong, "ours"};
inline constexpr CountLimit kLabelLength{80, Code::TooLong, "reference"};               // every `label`, 1-80
inline constexpr CountLimit kCatalogEntryLabelLength{120, Code::TooLong, "reference"};  // a catalog entry's `label`

// Sheet.
inline constexpr CountLimit kFields{160, Code::CapabilityTooLow, "BB-120", Bound::Most, Gate::MoreFields};
inline constexpr CountLimit kFieldsExtended{240, Code::TooMany, "BB-120"};  // Capability API 1.208
inline constexpr CountLimit kAbilities{20, Code::TooMany, "reference"};
inline constexpr CountLimit kSkills{120, Code::TooMany, "reference"};
inline constexpr CountLimit kSaves{40, Code::TooMany, "reference"};
inline constexpr CountLimit kSections{20, Code::TooMany, "reference"};
/// the 5e builder needs ~140 helpers; the reference allows 60
inline constexpr CountLimit kDerived{400, Code::TooMany, "ours"};
inline constexpr CountLimit kLists{20, Code::TooMany, "reference"};
inline constexpr CountLimit kColumns{12, Code::TooMany, "reference"};          // 1-12
inline constexpr CountLimit kEnumValues{40, Code::TooMany, "reference"};       // 1-40
inline constexpr CountLimit kRefsPerOperator{12, Code::TooMany, "reference"};  // `sum`, `min`, `max` take at most 12
inline constexpr CountLimit kSumRefsMin{1, Code::TooFew, "reference", Bound::Least};     // `sum` of 1-12
inline constexpr CountLimit kMinMaxRefsMin{2, Code::TooFew, "reference", Bound::Least};  // `min`, `max` of 2-12
inline constexpr CountLimit kAbilityValueRefs{8, Code::TooMany, "BC-30"};
inline constexpr CountLimit kComputedColumnTerms{6, Code::TooMany, "BB-127"};
inline constexpr CountLimit kListChecks{4, Code::TooMany, "BC-74"};  // a list's `checks`
inline constexpr CountLimit kStepTableRows{100, Code::TooMany, "reference"};
/// the largest `maxLength` of a text value
inline constexpr CountLimit kTextMaxLength{500, Code::OutOfRange, "reference"};
/// the largest `maxLength` of a longtext value
inline constexpr CountLimit kLongtextMaxLength{4000, Code::OutOfRange, "reference"};
/// |min|, |max| of a number
inline constexpr ValueLimit kNumberBound{1'000'000'000, Code::OutOfRange, "ours", Bound::Within};
inline constexpr CountLimit kProficiencyTiers{12, Code::TooMany, "reference"};

// Live state (Reference format: live; the reference schema's limits replace ours).
inline constexpr CountLimit kPools{60, Code::TooMany, "reference"};
inline constexpr CountLimit kTracks{30, Code::TooMany, "reference"};
inline constexpr CountLimit kStates{12, Code::TooMany, "reference"};
inline constexpr CountLimit kStateValues{40, Code::TooMany, "reference"};
inline constexpr CountLimit kStateValuesMin{2, Code::TooFew, "reference", Bound::Least};
inline constexpr CountLimit kStateValueLength{80, Code::TooLong, "reference"};
inline constexpr CountLimit kConditions{80, Code::TooMany, "reference"};
inline constexpr CountLimit kLiveTexts{12, Code::TooMany, "reference"};
inline constexpr ValueLimit kLiveTextLength{500, Code::OutOfRange, "reference"};  // the largest maxLength
inline constexpr CountLimit kPoolPays{4, Code::TooMany, "CA-85"};
inline constexpr CountLimit kWoundLevels{16, Code::TooMany, "reference"};
inline constexpr CountLimit kWoundKinds{6, Code::TooMany, "reference"};
inline constexpr CountLimit kWoundKindLabelLength{16, Code::TooLong, "reference"};
inline constexpr ValueLimit kWoundSeverityBound{100, Code::OutOfRange, "reference", Bound::Within};  // -100..100
/// penalties -1000..0
inline constexpr ValueLimit kWoundPenaltyFloor{-1000, Code::OutOfRange, "reference", Bound::Least};
inline constexpr CountLimit kBoxPenaltyRows{40, Code::TooMany, "reference"};
inline constexpr ValueLimit kWoundBoxes{64, Code::BadTrackMax, "SH-54"};
inline constexpr ValueLimit kExtraLevelsPerRow{16, Code::BadWoundTrack, "SH-60"};
inline constexpr CountLimit kRests{12, Code::TooMany, "reference"};
inline constexpr CountLimit kRestSteps{40, Code::TooMany, "reference"};
inline constexpr CountLimit kRestRecharge{12, Code::TooMany, "reference"};

// Reference format: resolution (ruleset.schema.ts, "Resolution kinds").
inline constexpr CountLimit kAbilityModifierTableRows{100, Code::TooMany, "reference"};
/// a tier's and a ladder step's `label`
inline constexpr CountLimit kResolutionLabelLength{80, Code::TooLong, "reference"};
inline constexpr ValueLimit kTierMultiplierMax{10, Code::OutOfRange, "reference"};             // 0..10
inline constexpr ValueLimit kTierFlatBound{50, Code::OutOfRange, "reference", Bound::Within};  // -50..50
inline constexpr ValueLimit kSumDiceCountMax{10, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kSumDiceSidesMin{2, Code::OutOfRange, "reference", Bound::Least};
inline constexpr ValueLimit kSumDiceSidesMax{1000, Code::OutOfRange, "reference"};
inline constexpr CountLimit kLadderSteps{12, Code::TooMany, "reference"};
inline constexpr ValueLimit kLadderDcMin{-100, Code::OutOfRange, "reference", Bound::Least};
inline constexpr ValueLimit kLadderDcMax{1000, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kPoolFaceMin{2, Code::OutOfRange, "reference",
                                         Bound::Least};  // a pool die has 2..100 faces
inline constexpr ValueLimit kPoolFaceMax{100, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kPoolMaxDice{100, Code::OutOfRange, "reference"};  // RULESET_POOL_MAX_DICE
inline constexpr CountLimit kPoolRerolls{6, Code::TooMany, "reference"};
/// min -20..0, max 0..20
inline constexpr ValueLimit kSituationalDiceBound{20, Code::OutOfRange, "reference", Bound::Within};
inline constexpr CountLimit kSpendEntries{4, Code::TooMany, "reference"};
/// more is Capability API 1.38
inline constexpr CountLimit kSpendEntriesUngated{2, Code::CapabilityTooLow, "reference", Bound::Most,
                                                 Gate::SpendEntries};
inline constexpr ValueLimit kSpendAmountMax{100, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kSpendEffectMax{10, Code::OutOfRange, "reference"};  // SPEND_EFFECT_MAX
inline constexpr CountLimit kAdjustEntries{8, Code::TooMany, "reference"};
inline constexpr CountLimit kAdjustAbilities{12, Code::TooMany, "reference"};

// Game Master text.
inline constexpr CountLimit kGuidanceLength{1500, Code::TooLong, "SH-81"};
inline constexpr CountLimit kGmReferenceLength{16000, Code::TooLong, "SH-80"};
inline constexpr CountLimit kShortTextLength{400, Code::TooLong, "SH-91"};       // SH-114, CA-55
inline constexpr CountLimit kSummaryEntries{24, Code::TooMany, "reference"};     // gm.sheetSummary fields, derived
inline constexpr CountLimit kSummaryLists{8, Code::TooMany, "reference"};        // gm.sheetSummary lists
inline constexpr CountLimit kSummaryListColumns{3, Code::TooMany, "reference"};  // a summary list's `columns`

// Reference format: top level, coverage, layers.
inline constexpr CountLimit kRulesetIdLength{64, Code::TooLong, "reference"};         // top-level `id`
inline constexpr CountLimit kRulesetNameLength{80, Code::TooLong, "reference"};       // `name`
inline constexpr CountLimit kEditionLength{160, Code::TooLong, "reference"};          // `edition`
inline constexpr CountLimit kSpdxLength{64, Code::TooLong, "reference"};              // `license.spdx`
inline constexpr CountLimit kAttributionLength{4000, Code::TooLong, "reference"};     // `license.attribution`
inline constexpr CountLimit kCoverageSummaryLength{400, Code::TooLong, "reference"};  // `coverage.summary`
inline constexpr CountLimit kLayers{12, Code::TooMany, "reference"};                  // `layers`
inline constexpr CountLimit kLayerLabelLength{80, Code::TooLong, "reference"};        // a layer's `label`
inline constexpr CountLimit kLayerSummaryLength{300, Code::TooLong, "reference"};     // a layer's `summary`
inline constexpr CountLimit kLayerGuidance{4000, Code::TooLong, "reference"};  // one layer's guidance, both strings
inline constexpr CountLimit kLayerFields{24, Code::TooMany, "reference"};      // a layer's `fields`
/// `removeValues`: one fewer than an enum holds (a layer leaves a value and never lists one twice)
inline constexpr CountLimit kLayerRemoveValues{kEnumValues.value - 1, Code::TooMany, "reference"};
inline constexpr CountLimit kLayerValueLength{80, Code::TooLong, "reference"};        // a removed value, a hide word
inline constexpr CountLimit kLayerCatalogRules{24, Code::TooMany, "reference"};       // a layer's `catalogs`
inline constexpr CountLimit kLayerNotIn{24, Code::TooMany, "reference"};              // `hide.notIn`
inline constexpr ValueLimit kLadderSuccessesMax{100, Code::OutOfRange, "reference"};  // the largest pool

// Advancement.
inline constexpr CountLimit kAdvancementFields{24, Code::CapabilityTooLow, "CA-52", Bound::Most,
                                               Gate::LongerAdvancement};
/// The party sheet's advancement: the character's ungated number, with no gate to lift it.
inline constexpr CountLimit kPartyAdvancementFields{24, Code::TooMany, "CA-52"};
inline constexpr CountLimit kAdvancementFieldsExtended{64, Code::TooMany, "BB-162"};  // Capability API 1.219

// Clocks.
inline constexpr CountLimit kClockSizesMin{1, Code::TooFew, "SH-89", Bound::Least};
inline constexpr CountLimit kClockSizesMax{6, Code::TooMany, "SH-89"};
inline constexpr ValueLimit kClockSegmentsMin{2, Code::OutOfRange, "SH-89", Bound::Least};
inline constexpr ValueLimit kClockSegmentsMax{12, Code::OutOfRange, "SH-89"};
inline constexpr ValueLimit kClocksStoredMin{1, Code::OutOfRange, "SH-90", Bound::Least};
inline constexpr ValueLimit kClocksStoredMax{12, Code::OutOfRange, "SH-90"};

// Party sheet.
inline constexpr CountLimit kPartyLists{12, Code::TooMany, "SH-127"};
inline constexpr CountLimit kPartyFromMembers{8, Code::TooMany, "SH-129"};
inline constexpr CountLimit kPartyFields{64, Code::TooMany, "ours"};
inline constexpr CountLimit kPartyPools{16, Code::TooMany, "ours"};

// Character documents.
inline constexpr CountLimit kRowsPerList{500, Code::TooMany, "ours"};
inline constexpr CountLimit kMarksPerTrack{256, Code::TooMany, "ours"};
inline constexpr CountLimit kNotes{100, Code::TooMany, "ours"};
inline constexpr CountLimit kNoteLength{1000, Code::TooLong, "ours"};
inline constexpr CountLimit kCharacterNameLength{100, Code::TooLong, "ours"};
inline constexpr CountLimit kCatalogMarkLength{200, Code::TooLong, "ours"};  // `_catalog` "<catalog>/<entry>"

// Game documents (docs/format/game.md).
/// a whole game, every card included
inline constexpr CountLimit kGameBytes{std::size_t{16} * 1024 * 1024, Code::FileTooLarge, "ours"};
inline constexpr CountLimit kGameCharacters{32, Code::TooMany, "ours"};  // `gameCharacterCards`
/// `rulesetLive` entries, `$party` and kept ones included (MAX_LIVE_CHARACTERS)
inline constexpr CountLimit kLiveEntries{64, Code::TooMany, "reference"};
/// a `rulesetLive` key, in UTF-16 units (MAX_LIVE_KEY_LENGTH)
inline constexpr CountLimit kLiveKeyLength{200, Code::TooLong, "reference"};
/// `rulesetClocks`: the largest `clocks.max` a ruleset may declare
inline constexpr CountLimit kClocks{12, Code::TooMany, "SH-90"};
inline constexpr CountLimit kRolls{100'000, Code::TooMany, "ours"};      // records in `rolls`
inline constexpr CountLimit kThrowsPerRoll{64, Code::TooMany, "ours"};   // `throws` of one record
inline constexpr CountLimit kFacesPerRoll{1000, Code::TooMany, "ours"};  // faces of one record, all throws
/// a record's `ask`, in UTF-16 units (a tag body is at most 1,500)
inline constexpr CountLimit kRollAskUnits{1600, Code::TooLong, "ours"};

// Catalogs.
inline constexpr CountLimit kCatalogs{12, Code::TooMany, "CA-3"};
inline constexpr CountLimit kCatalogEntries{2000, Code::TooMany, "CA-5"};
inline constexpr CountLimit kCatalogFeeds{8, Code::TooMany, "CA-10"};
inline constexpr CountLimit kCatalogFilters{8, Code::TooMany, "CA-12"};
inline constexpr CountLimit kSummaryLength{300, Code::TooLong, "CA-17"};
inline constexpr CountLimit kEntryRows{6, Code::TooMany, "CA-19"};
inline constexpr CountLimit kScaledColumns{4, Code::TooMany, "CA-27"};
inline constexpr ValueLimit kTargetsMax{20, Code::OutOfRange, "CA-90"};
inline constexpr ValueLimit kTargetsPerCostStep{10, Code::OutOfRange, "CA-90"};
inline constexpr CountLimit kCatalogFileBytes{std::size_t{2} * 1024 * 1024, Code::FileTooLarge, "CA-99"};
inline constexpr CountLimit kCatalogFileBytesUngated{std::size_t{1024} * 1024, Code::CapabilityTooLow, "CA-100",
                                                     Bound::Most, Gate::LargeFiles};
inline constexpr CountLimit kPackageRulesetBytesUngated{std::size_t{256} * 1024, Code::CapabilityTooLow, "CA-100",
                                                        Bound::Most, Gate::LargeFiles};

// The guided builder (docs/format/builder.md).
inline constexpr CountLimit kBuilderSteps{32, Code::TooMany, "BA-8"};
inline constexpr CountLimit kBuilderStepsUngated{16, Code::CapabilityTooLow, "BA-9", Bound::Most, Gate::MoreSteps};
inline constexpr CountLimit kBuilderStepsWithMoreSteps{24, Code::CapabilityTooLow, "BA-10", Bound::Most,
                                                       Gate::ManySteps};
inline constexpr ValueLimit kStepPicks{60, Code::OutOfRange, "BA-14"};
inline constexpr ValueLimit kStepPicksUngated{20, Code::CapabilityTooLow, "BA-15", Bound::Most, Gate::StepCountAbove20};
inline constexpr ValueLimit kStepPicksWithAbove20{40, Code::CapabilityTooLow, "BA-16", Bound::Most,
                                                  Gate::StepCountAbove40};
inline constexpr CountLimit kStampKeys{4, Code::TooMany, "BA-27"};
inline constexpr ValueLimit kTotalMax{1000, Code::OutOfRange, "BA-39"};
inline constexpr ValueLimit kManualMin{-100, Code::OutOfRange, "BA-50", Bound::Least};
inline constexpr ValueLimit kManualMax{1000, Code::OutOfRange, "BA-50"};
inline constexpr CountLimit kQuotas{12, Code::TooMany, "BA-115"};
inline constexpr CountLimit kEntryChoices{6, Code::TooMany, "BA-94"};
inline constexpr ValueLimit kSlotMax{20, Code::OutOfRange, "BA-127"};
inline constexpr ValueLimit kAbilitySlotMax{6, Code::OutOfRange, "BA-127"};
inline constexpr CountLimit kItemAccess{48, Code::TooMany, "BB-140"};
inline constexpr CountLimit kAllocateGroups{12, Code::TooMany, "BB-4"};
inline constexpr CountLimit kAllocateTargets{120, Code::TooMany, "BB-4"};  // per group
inline constexpr ValueLimit kAllocateBudget{1200000, Code::OutOfRange, "BB-11"};
inline constexpr ValueLimit kAllocateBound{10000, Code::OutOfRange, "BB-14"};  // `base`, `min`, `max`
inline constexpr CountLimit kRatingTiers{12, Code::TooMany, "BB-25"};          // tier ids per table
inline constexpr CountLimit kAllocateNoteLength{1000, Code::TooLong, "BB-44"};
inline constexpr CountLimit kBuilderPools{12, Code::TooMany, "BB-49"};
inline constexpr ValueLimit kPoolBudget{100000, Code::OutOfRange, "BB-52"};
inline constexpr ValueLimit kPoolCreditLimit{100000, Code::OutOfRange, "ours"};  // as a budget
inline constexpr CountLimit kPoolCaps{12, Code::TooMany, "BB-78"};
inline constexpr CountLimit kSpendOffers{120, Code::TooMany, "BB-54"};  // per step
inline constexpr CountLimit kCostOverrides{12, Code::TooMany, "BB-67"};
inline constexpr CountLimit kCostTable{64, Code::TooMany, "ours"};  // rows of a `table` cost
inline constexpr CountLimit kOfferTags{8, Code::TooMany, "ours"};
inline constexpr CountLimit kAllowedRatings{24, Code::TooMany, "ours"};
inline constexpr CountLimit kPurchaseLines{1000, Code::TooMany, "BB-98"};  // per offer
inline constexpr ValueLimit kRowsStepMin{20, Code::OutOfRange, "BC-4"};
inline constexpr CountLimit kCreationRules{40, Code::TooMany, "BC-22"};
inline constexpr CountLimit kCreationProfiles{16, Code::TooMany, "BC-69"};
inline constexpr CountLimit kStepFields{40, Code::TooMany, "ours"};
inline constexpr CountLimit kChoiceSlots{12, Code::TooMany, "ours"};  // slots per list
inline constexpr CountLimit kPointBuyCosts{64, Code::TooMany, "ours"};
inline constexpr ValueLimit kRollDice{20, Code::OutOfRange, "ours"};
/// The faces a stored roll holds: at most the dice a roll throws.
inline constexpr CountLimit kRollFaces{20, Code::TooMany, "ours"};
inline constexpr ValueLimit kRollSidesMin{2, Code::OutOfRange, "ours", Bound::Least};
inline constexpr ValueLimit kRollSidesMax{100, Code::OutOfRange, "ours"};
// Creation dice (BC-81) throw `count` dice of `sides` within kRollDice and kRollSidesMin – Max;
// the spec states no limits, so those of `add` and `multiplier` are ours.
/// creation dice `add`, and a roll entry's numeric `gain` (1 up to it)
inline constexpr ValueLimit kCreationDiceAdd{1000, Code::OutOfRange, "ours", Bound::Within};
inline constexpr ValueLimit kCreationDiceMultiplier{100, Code::OutOfRange, "ours"};  // creation dice `multiplier`, 1 up
inline constexpr CountLimit kRollGroups{20, Code::TooMany, "ours"};    // `methods.rolls` groups, as many as abilities
inline constexpr CountLimit kRollEntries{12, Code::TooMany, "BC-83"};  // a roll step's `rolls`
inline constexpr ValueLimit kRollBestMin{2, Code::OutOfRange, "BC-84", Bound::Least};  // a roll entry's `best`
inline constexpr ValueLimit kRollBestMax{3, Code::OutOfRange, "BC-84"};                // a roll entry's `best`
inline constexpr CountLimit kInitializeWrites{40, Code::TooMany, "ours"};              // an initialize step's `writes`
/// The builder at run time (docs/format/builder.md "Actions").
inline constexpr CountLimit kBuilderAnswersPerKey{64, Code::TooMany, "ours"};  // picks or answers stored under one key
inline constexpr CountLimit kBuildActions{10000, Code::TooMany, "ours"};       // actions in one `rulekeeper build`

// Reference format: sheet (ruleset.schema.ts, the sheet primitives).
inline constexpr CountLimit kAbilityShortLength{8, Code::TooLong, "reference"};                // ability `short`
inline constexpr ValueLimit kListMaxItemsMin{1, Code::OutOfRange, "reference", Bound::Least};  // list `maxItems`
inline constexpr ValueLimit kListMaxItemsMax{500, Code::OutOfRange, "reference"};              // list `maxItems`
inline constexpr CountLimit kCheckTiersOffered{12, Code::TooMany, "reference"};  // `skillTiers`, `saveTiers`
/// `bonusRange` within ±100
inline constexpr ValueLimit kBonusRangeBound{100, Code::OutOfRange, "reference", Bound::Within};
inline constexpr CountLimit kDiceExampleLength{40, Code::TooLong, "reference"};  // a dice `example`
inline constexpr CountLimit kHideWhenInValues{24, Code::TooMany, "reference"};   // `hideWhen.in`
inline constexpr CountLimit kEnumTableEntries{40, Code::TooMany, "reference"};   // an `enumTable` table
/// `untrained: { "by": n }`
inline constexpr ValueLimit kUntrainedByBound{20, Code::OutOfRange, "reference", Bound::Within};
/// Reference format: items, battle, combat (docs/format/items.md, docs/format/combat.md).
inline constexpr CountLimit kItemCategories{24, Code::TooMany, "reference"};
inline constexpr CountLimit kItemRarities{12, Code::TooMany, "reference"};
inline constexpr CountLimit kItemTags{48, Code::TooMany, "reference"};
inline constexpr CountLimit kItemStats{24, Code::TooMany, "reference"};
inline constexpr CountLimit kItemSlots{12, Code::TooMany, "reference"};
inline constexpr ValueLimit kItemSlotCountMax{20, Code::OutOfRange, "reference"};
inline constexpr CountLimit kCurrencyFamilies{6, Code::TooMany, "reference"};
inline constexpr CountLimit kCurrencyUnits{10, Code::TooMany, "reference"};
inline constexpr ValueLimit kCurrencyValueMax{1'000'000, Code::OutOfRange, "reference"};
inline constexpr CountLimit kCurrencyLabelLength{40, Code::TooLong, "reference"};
inline constexpr CountLimit kRarityCaps{12, Code::TooMany, "reference"};
inline constexpr ValueLimit kRarityCapBonusMax{100, Code::OutOfRange, "reference"};
inline constexpr CountLimit kBindingLabelLength{40, Code::TooLong, "reference"};
inline constexpr CountLimit kEntryItemTags{16, Code::TooMany, "reference"};
inline constexpr ValueLimit kItemStackMax{999'999, Code::OutOfRange, "reference"};  // Game Mode's own inventory stack
inline constexpr ValueLimit kItemCostMax{1'000'000'000, Code::OutOfRange, "reference"};
inline constexpr CountLimit kBindRestrictionLength{200, Code::TooLong, "reference"};
inline constexpr CountLimit kItemRequirements{4, Code::TooMany, "reference"};
inline constexpr CountLimit kItemEffects{6, Code::TooMany, "reference"};
inline constexpr CountLimit kItemAbilityChanges{12, Code::TooMany, "reference"};
inline constexpr CountLimit kItemHideWords{30, Code::TooMany, "reference"};
inline constexpr CountLimit kItemConditionImmunities{40, Code::TooMany, "reference"};
inline constexpr CountLimit kDamageTypeLength{40, Code::TooLong, "reference"};
inline constexpr ValueLimit kItemChargesMax{100, Code::OutOfRange, "reference"};
inline constexpr CountLimit kChargeRests{12, Code::TooMany, "reference"};
inline constexpr CountLimit kAttackModes{6, Code::TooMany, "reference"};
inline constexpr CountLimit kAttackOnHit{4, Code::TooMany, "reference"};
inline constexpr CountLimit kAttackAbilities{6, Code::TooMany, "reference"};
inline constexpr ValueLimit kDistanceMax{10'000, Code::OutOfRange, "reference"};
inline constexpr CountLimit kConditionEffects{12, Code::TooMany, "reference"};
inline constexpr CountLimit kModifiers{6, Code::TooMany, "reference"};
inline constexpr CountLimit kNarrowSkills{24, Code::TooMany, "reference"};
inline constexpr CountLimit kNarrowSaves{12, Code::TooMany, "reference"};
/// The reference allows 12 slots, but a slot's level is 1-9 and unique, so 9 is the most a ruleset holds.
inline constexpr CountLimit kBattleSlots{9, Code::TooMany, "ours"};
inline constexpr CountLimit kRowSources{8, Code::TooMany, "reference"};
inline constexpr CountLimit kCombatBudgets{8, Code::TooMany, "reference"};
inline constexpr ValueLimit kBudgetCountMax{10, Code::OutOfRange, "reference"};
inline constexpr CountLimit kCombatStandard{6, Code::TooMany, "reference"};
inline constexpr CountLimit kCombatConditions{80, Code::TooMany, "reference"};
inline constexpr CountLimit kCombatLevels{20, Code::TooMany, "reference"};
inline constexpr CountLimit kContestChecks{12, Code::TooMany, "reference"};
inline constexpr CountLimit kContests{12, Code::TooMany, "reference"};
inline constexpr CountLimit kContestSideChecks{4, Code::TooMany, "reference"};
inline constexpr CountLimit kContestOnWin{4, Code::TooMany, "reference"};
inline constexpr CountLimit kDamageTypes{40, Code::TooMany, "reference"};
inline constexpr CountLimit kThreatTiers{40, Code::TooMany, "reference"};
inline constexpr CountLimit kSpendLimits{12, Code::TooMany, "reference"};
inline constexpr CountLimit kInitiativeStyles{4, Code::TooMany, "reference"};
inline constexpr CountLimit kDistanceLabelLength{12, Code::TooLong, "reference"};

// Numbers the readers bound (the reference schema's own, docs/format/items.md and combat.md).
/// an item's ability `add`
inline constexpr ValueLimit kItemAbilityChangeBound{100, Code::OutOfRange, "reference", Bound::Within};
inline constexpr ValueLimit kCombatLevelAtMax{1000, Code::OutOfRange, "reference"};  // a combat level's `at`
inline constexpr ValueLimit kContestRoundsMax{100, Code::OutOfRange, "reference"};   // a contest's applied `rounds`
inline constexpr ValueLimit kBattleSlotLevelMax{9, Code::OutOfRange, "reference"};   // a battle slot's `level`
/// a modifier's `flat`
inline constexpr ValueLimit kModifierFlatBound{100, Code::OutOfRange, "reference", Bound::Within};
inline constexpr CountLimit kBorrowedRulesetIdLength{200, Code::TooLong,
                                                     "ours"};                   // a borrowed catalog's `from.ruleset`
inline constexpr ValueLimit kPerAttackMax{100, Code::OutOfRange, "reference"};  // ammunition `perAttack`
inline constexpr ValueLimit kAmmoMax{100, Code::OutOfRange, "reference"};       // an attack mode's `ammo`
inline constexpr ValueLimit kAttackModeToHitBound{20, Code::OutOfRange, "reference",
                                                  Bound::Within};  // a mode's `toHit`
/// a mode's `target`
inline constexpr ValueLimit kAttackModeTargetBound{10, Code::OutOfRange, "reference", Bound::Within};
inline constexpr ValueLimit kOnHitAtLeastMax{100, Code::OutOfRange, "reference"};  // an on-hit rider's `atLeast`
inline constexpr ValueLimit kOnHitRoundsMax{100, Code::OutOfRange, "reference"};   // an on-hit rider's `rounds`
/// a damage clause's `save.difficulty`
inline constexpr ValueLimit kClauseSaveDifficultyMax{100, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kBreakDieSidesMax{100, Code::OutOfRange, "reference"};   // `charges.breaksOn.die`
inline constexpr ValueLimit kBreakAtMostMax{100, Code::OutOfRange, "reference"};     // `charges.breaksOn.atMost`
inline constexpr ValueLimit kInitiativePlusMax{100, Code::OutOfRange, "reference"};  // initiative `plus`
/// initiative `resource.base`
inline constexpr ValueLimit kInitiativeResourceBaseMax{100, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kInitiativeGainMax{20, Code::OutOfRange,
                                               "reference"};  // an initiative style's `takes.gain`
/// initiative `resource.crash.at`
inline constexpr ValueLimit kCrashAtMin{-100, Code::OutOfRange, "reference", Bound::Least};
inline constexpr ValueLimit kCrashBonusMax{100, Code::OutOfRange, "reference"};  // initiative `resource.crash.bonus`
/// initiative `resource.crash.recoverAfter`
inline constexpr ValueLimit kCrashRecoverAfterMax{20, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kDamageTargetMax{100, Code::OutOfRange, "reference"};  // a damage pool's `damageTarget`
inline constexpr ValueLimit kCoverBonusMax{100, Code::OutOfRange, "reference"};    // `combat.cover.bonus`
inline constexpr ValueLimit kConcentrationFloorMax{100, Code::OutOfRange, "reference"};  // `concentration.floor`
inline constexpr ValueLimit kDyingSucceedAtMax{1000, Code::OutOfRange, "reference"};     // `dying.succeedAt`
inline constexpr ValueLimit kThreatDefenseMax{100, Code::OutOfRange, "reference"};       // a threat tier's `defense`
/// a threat tier's `toHit`
inline constexpr ValueLimit kThreatToHitMin{-20, Code::OutOfRange, "reference", Bound::Least};
inline constexpr ValueLimit kThreatToHitMax{50, Code::OutOfRange, "reference"};            // a threat tier's `toHit`
inline constexpr ValueLimit kThreatSaveDifficultyMax{100, Code::OutOfRange, "reference"};  // its `saveDifficulty`

/// an attack's `toHit.bonus`
inline constexpr ValueLimit kItemToHitBonusBound{100, Code::OutOfRange, "reference", Bound::Within};
inline constexpr ValueLimit kItemTargetMax{100, Code::OutOfRange, "reference"};  // an attack's `toHit.target`
inline constexpr ValueLimit kItemDamageBonusBound{100, Code::OutOfRange, "reference", Bound::Within};  // `damage.bonus`
inline constexpr ValueLimit kClipMax{1000, Code::OutOfRange, "reference"};              // a weapon's `clip.max`
inline constexpr ValueLimit kAttackFloorMax{100, Code::OutOfRange, "reference"};        // an attack's `floor`
inline constexpr ValueLimit kUseSaveDifficultyMax{100, Code::OutOfRange, "reference"};  // a use's `saveDifficulty`
inline constexpr ValueLimit kUseGateDifficultyMax{100, Code::OutOfRange, "reference"};  // a use's `gate.difficulty`
inline constexpr ValueLimit kThreatHealthMax{100000, Code::OutOfRange, "reference"};    // a threat tier's `health`
inline constexpr ValueLimit kThreatDamagePerRoundMax{10000, Code::OutOfRange, "reference"};  // its `damagePerRound`
// Capability API.
inline constexpr std::int64_t kCapabilityMajor = 1;
inline constexpr ValueLimit kSchemaVersionMin{1, Code::BadManifest, "reference", Bound::Least};
inline constexpr ValueLimit kSchemaVersionMax{2, Code::BadManifest, "reference"};

// Reference format: catalogs (the reference schema's own numbers; docs/format/catalogs.md).
inline constexpr CountLimit kRefSheetIdLength{40, Code::BadId, "reference"};    // a sheet id
inline constexpr CountLimit kRefEntryIdLength{80, Code::BadId, "reference"};    // a catalog entry id
inline constexpr CountLimit kFilterWordLength{80, Code::TooLong, "reference"};  // one filter word
inline constexpr CountLimit kFilterTags{24, Code::TooMany, "reference"};        // words of a tags filter
/// every dice text of catalogs, items, combat ("2d6", "1d8+3")
inline constexpr CountLimit kCatalogDiceLength{40, Code::TooLong, "reference"};
inline constexpr CountLimit kDamageClauses{3, Code::TooMany, "reference"};         // RULESET_DAMAGE_MAX_PLUS
inline constexpr CountLimit kEffectCostTerms{4, Code::TooMany, "reference"};       // mechanics.cost
inline constexpr CountLimit kAppliedConditions{4, Code::TooMany, "reference"};     // applies
inline constexpr CountLimit kGivenBudgets{4, Code::TooMany, "reference"};          // mechanics.gives
inline constexpr ValueLimit kGivenBudgetCount{10, Code::OutOfRange, "reference"};  // gives[].count
inline constexpr CountLimit kStandardActions{6, Code::TooMany, "reference"};       // mechanics.standard.actions
inline constexpr CountLimit kReactionCatalogs{12, Code::TooMany, "reference"};     // reaction.against.catalogs
inline constexpr CountLimit kRiderSources{8, Code::TooMany, "reference"};          // rider.sources
inline constexpr ValueLimit kEffectRounds{1000, Code::OutOfRange, "reference"};    // duration.rounds
inline constexpr CountLimit kCreatureActions{12, Code::TooMany, "reference"};      // RULESET_CREATURE_MAX_ACTIONS
inline constexpr CountLimit kCreatureRiders{4, Code::TooMany, "reference"};        // RULESET_CREATURE_MAX_RIDERS
inline constexpr CountLimit kCreatureTraits{8, Code::TooMany, "reference"};        // creature traits
inline constexpr CountLimit kCreatureHideEntries{30, Code::TooMany, "reference"};  // resist, vulnerable, immune
inline constexpr CountLimit kHideExceptTags{8, Code::TooMany, "reference"};        // resist[].except
inline constexpr CountLimit kCreatureConditionImmunities{40, Code::TooMany, "reference"};  // conditionImmunities
inline constexpr CountLimit kSequenceSteps{6, Code::TooMany, "reference"};                 // action.sequence
inline constexpr ValueLimit kSequenceTimes{10, Code::OutOfRange, "reference"};             // sequence[].times
inline constexpr CountLimit kCreatureListRows{500, Code::TooMany, "reference"};            // creature sheet list rows
inline constexpr CountLimit kActionNameLength{80, Code::TooLong, "reference"};             // action and rider names
inline constexpr CountLimit kTraitNameLength{60, Code::TooLong, "reference"};              // trait name
inline constexpr CountLimit kTraitTextLength{400, Code::TooLong, "reference"};             // trait text
inline constexpr CountLimit kUnitLabelLength{12, Code::TooLong, "reference"};              // units.distance.label
// A creature's numbers (ruleset.schema.ts, "Creatures"; docs/format/catalogs.md).
inline constexpr ValueLimit kCreatureHealthMax{100000, Code::OutOfRange, "reference"};  // a creature's `health`
/// a creature's `health.flat`, -1000..100000
inline constexpr ValueLimit kCreatureHealthFlatMin{-1000, Code::OutOfRange, "reference", Bound::Least};
/// a creature's `health.flat`
inline constexpr ValueLimit kCreatureHealthFlatMax{100000, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kCreatureDefenseMax{1000, Code::OutOfRange, "reference"};  // a creature's `defense`
/// a creature's `initiativeModifier`, -50..100
inline constexpr ValueLimit kCreatureInitiativeModifierMin{-50, Code::OutOfRange, "reference", Bound::Least};
/// a creature's `initiativeModifier`
inline constexpr ValueLimit kCreatureInitiativeModifierMax{100, Code::OutOfRange, "reference"};
/// a creature's `abilities` scores
inline constexpr ValueLimit kCreatureAbilityBound{1000, Code::OutOfRange, "reference", Bound::Within};
/// a creature's `saves`
inline constexpr ValueLimit kCreatureSaveBound{50, Code::OutOfRange, "reference", Bound::Within};
/// a creature's `checks`
inline constexpr ValueLimit kCreatureCheckBound{100, Code::OutOfRange, "reference", Bound::Within};
/// a creature's `soak.all` and `soak.byKind`
inline constexpr ValueLimit kCreatureSoakMax{100, Code::OutOfRange, "reference"};
inline constexpr ValueLimit kCreatureHardnessMax{100, Code::OutOfRange, "reference"};  // a creature's `hardness`
/// a creature's `signaturePoints`
inline constexpr ValueLimit kCreatureSignaturePointsMax{20, Code::OutOfRange, "reference"};
/// a creature sheet's `bonuses` (the reference bounds them only as finite numbers)
inline constexpr ValueLimit kCreatureSheetBonusBound{1000, Code::OutOfRange, "ours", Bound::Within};
/// a creature action's `toHit`, -50..100
inline constexpr ValueLimit kCreatureToHitMin{-50, Code::OutOfRange, "reference", Bound::Least};
inline constexpr ValueLimit kCreatureToHitMax{100, Code::OutOfRange, "reference"};  // a creature action's `toHit`
/// a creature action's `damage.flat`, -1000..10000
inline constexpr ValueLimit kCreatureDamageFlatMin{-1000, Code::OutOfRange, "reference", Bound::Least};
/// a creature action's `damage.flat`
inline constexpr ValueLimit kCreatureDamageFlatMax{10000, Code::OutOfRange, "reference"};
/// the difficulty of the save a creature action forces, `save.difficulty`
inline constexpr ValueLimit kCreatureForcedSaveDifficultyMax{1000, Code::OutOfRange, "reference"};
/// a creature action's `saveDifficulty`, what a save that ends a condition is rolled against
inline constexpr ValueLimit kCreatureSaveDifficultyMax{1000, Code::OutOfRange, "reference"};
/// a creature action's `uses.count`
inline constexpr ValueLimit kCreatureUsesCountMax{20, Code::OutOfRange, "reference"};
/// a creature action's `signature.cost`
inline constexpr ValueLimit kCreatureSignatureCostMax{20, Code::OutOfRange, "reference"};
/// a creature action's `recharge.dice.count` (the reference's combat dice stop at 10)
inline constexpr ValueLimit kCreatureRechargeDiceCountMax{100, Code::OutOfRange, "ours"};
/// a creature action's `recharge.dice.sides`, 2..1000
inline constexpr ValueLimit kCreatureRechargeDiceSidesMin{2, Code::OutOfRange, "reference", Bound::Least};
/// a creature action's `recharge.dice.sides`
inline constexpr ValueLimit kCreatureRechargeDiceSidesMax{1000, Code::OutOfRange, "reference"};
/// a creature action's `recharge.from`
inline constexpr ValueLimit kCreatureRechargeFromMax{1000, Code::OutOfRange, "reference"};
/// a catalog damage clause's `flat` (an entry's or a creature action's `plus`), -1000..10000
inline constexpr ValueLimit kCatalogClauseFlatMin{-1000, Code::OutOfRange, "reference", Bound::Least};
/// a catalog damage clause's `flat`
inline constexpr ValueLimit kCatalogClauseFlatMax{10000, Code::OutOfRange, "reference"};
/// a catalog damage clause's `save.difficulty`
inline constexpr ValueLimit kCatalogClauseSaveDifficultyMax{1000, Code::OutOfRange, "reference"};
// Shell hardening (issue 9 point 8): what one run prints.
/// per severity; the rest are counted, not listed
inline constexpr CountLimit kDiagnosticsShown{500, Code::TooMany, "ours"};
/// an actions file is read like a character
inline constexpr CountLimit kActionsFileBytes{kCharacterBytes, Code::FileTooLarge, "ours"};

/// One row of the table: a limit of either kind, with its name.
struct LimitRow {
  std::string_view name;
  std::int64_t value;
  Code code;
  std::string_view source;
  Bound bound;
  std::optional<Gate> gate;
};

template <class T>
constexpr LimitRow row(std::string_view name, const Limit<T>& limit) {
  return {name, static_cast<std::int64_t>(limit.value), limit.code, limit.source, limit.bound, limit.gate};
}

#define RK_LIMIT_ROW(name) row(#name, name)
inline constexpr LimitRow kTable[] = {
    RK_LIMIT_ROW(kSingleFileRulesetBytes),
    RK_LIMIT_ROW(kPackageRulesetBytes),
    RK_LIMIT_ROW(kManifestBytes),
    RK_LIMIT_ROW(kCharacterBytes),
    RK_LIMIT_ROW(kJsonDepth),
    RK_LIMIT_ROW(kIdLength),
    RK_LIMIT_ROW(kChoiceWordLength),
    RK_LIMIT_ROW(kLabelLength),
    RK_LIMIT_ROW(kCatalogEntryLabelLength),
    RK_LIMIT_ROW(kFields),
    RK_LIMIT_ROW(kFieldsExtended),
    RK_LIMIT_ROW(kAbilities),
    RK_LIMIT_ROW(kSkills),
    RK_LIMIT_ROW(kSaves),
    RK_LIMIT_ROW(kSections),
    RK_LIMIT_ROW(kDerived),
    RK_LIMIT_ROW(kLists),
    RK_LIMIT_ROW(kColumns),
    RK_LIMIT_ROW(kEnumValues),
    RK_LIMIT_ROW(kRefsPerOperator),
    RK_LIMIT_ROW(kSumRefsMin),
    RK_LIMIT_ROW(kMinMaxRefsMin),
    RK_LIMIT_ROW(kAbilityValueRefs),
    RK_LIMIT_ROW(kComputedColumnTerms),
    RK_LIMIT_ROW(kListChecks),
    RK_LIMIT_ROW(kStepTableRows),
    RK_LIMIT_ROW(kTextMaxLength),
    RK_LIMIT_ROW(kLongtextMaxLength),
    RK_LIMIT_ROW(kNumberBound),
    RK_LIMIT_ROW(kProficiencyTiers),
    RK_LIMIT_ROW(kPools),
    RK_LIMIT_ROW(kTracks),
    RK_LIMIT_ROW(kStates),
    RK_LIMIT_ROW(kStateValues),
    RK_LIMIT_ROW(kStateValuesMin),
    RK_LIMIT_ROW(kStateValueLength),
    RK_LIMIT_ROW(kConditions),
    RK_LIMIT_ROW(kLiveTexts),
    RK_LIMIT_ROW(kLiveTextLength),
    RK_LIMIT_ROW(kPoolPays),
    RK_LIMIT_ROW(kWoundLevels),
    RK_LIMIT_ROW(kWoundKinds),
    RK_LIMIT_ROW(kWoundKindLabelLength),
    RK_LIMIT_ROW(kWoundSeverityBound),
    RK_LIMIT_ROW(kWoundPenaltyFloor),
    RK_LIMIT_ROW(kBoxPenaltyRows),
    RK_LIMIT_ROW(kWoundBoxes),
    RK_LIMIT_ROW(kExtraLevelsPerRow),
    RK_LIMIT_ROW(kRests),
    RK_LIMIT_ROW(kRestSteps),
    RK_LIMIT_ROW(kRestRecharge),
    RK_LIMIT_ROW(kAbilityModifierTableRows),
    RK_LIMIT_ROW(kResolutionLabelLength),
    RK_LIMIT_ROW(kTierMultiplierMax),
    RK_LIMIT_ROW(kTierFlatBound),
    RK_LIMIT_ROW(kSumDiceCountMax),
    RK_LIMIT_ROW(kSumDiceSidesMin),
    RK_LIMIT_ROW(kSumDiceSidesMax),
    RK_LIMIT_ROW(kLadderSteps),
    RK_LIMIT_ROW(kLadderDcMin),
    RK_LIMIT_ROW(kLadderDcMax),
    RK_LIMIT_ROW(kPoolFaceMin),
    RK_LIMIT_ROW(kPoolFaceMax),
    RK_LIMIT_ROW(kPoolMaxDice),
    RK_LIMIT_ROW(kPoolRerolls),
    RK_LIMIT_ROW(kSituationalDiceBound),
    RK_LIMIT_ROW(kSpendEntries),
    RK_LIMIT_ROW(kSpendEntriesUngated),
    RK_LIMIT_ROW(kSpendAmountMax),
    RK_LIMIT_ROW(kSpendEffectMax),
    RK_LIMIT_ROW(kAdjustEntries),
    RK_LIMIT_ROW(kAdjustAbilities),
    RK_LIMIT_ROW(kGuidanceLength),
    RK_LIMIT_ROW(kGmReferenceLength),
    RK_LIMIT_ROW(kShortTextLength),
    RK_LIMIT_ROW(kSummaryEntries),
    RK_LIMIT_ROW(kSummaryLists),
    RK_LIMIT_ROW(kSummaryListColumns),
    RK_LIMIT_ROW(kRulesetIdLength),
    RK_LIMIT_ROW(kRulesetNameLength),
    RK_LIMIT_ROW(kEditionLength),
    RK_LIMIT_ROW(kSpdxLength),
    RK_LIMIT_ROW(kAttributionLength),
    RK_LIMIT_ROW(kCoverageSummaryLength),
    RK_LIMIT_ROW(kLayers),
    RK_LIMIT_ROW(kLayerLabelLength),
    RK_LIMIT_ROW(kLayerSummaryLength),
    RK_LIMIT_ROW(kLayerGuidance),
    RK_LIMIT_ROW(kLayerFields),
    RK_LIMIT_ROW(kLayerRemoveValues),
    RK_LIMIT_ROW(kLayerValueLength),
    RK_LIMIT_ROW(kLayerCatalogRules),
    RK_LIMIT_ROW(kLayerNotIn),
    RK_LIMIT_ROW(kLadderSuccessesMax),
    RK_LIMIT_ROW(kAdvancementFields),
    RK_LIMIT_ROW(kPartyAdvancementFields),
    RK_LIMIT_ROW(kAdvancementFieldsExtended),
    RK_LIMIT_ROW(kClockSizesMin),
    RK_LIMIT_ROW(kClockSizesMax),
    RK_LIMIT_ROW(kClockSegmentsMin),
    RK_LIMIT_ROW(kClockSegmentsMax),
    RK_LIMIT_ROW(kClocksStoredMin),
    RK_LIMIT_ROW(kClocksStoredMax),
    RK_LIMIT_ROW(kPartyLists),
    RK_LIMIT_ROW(kPartyFromMembers),
    RK_LIMIT_ROW(kPartyFields),
    RK_LIMIT_ROW(kPartyPools),
    RK_LIMIT_ROW(kRowsPerList),
    RK_LIMIT_ROW(kMarksPerTrack),
    RK_LIMIT_ROW(kNotes),
    RK_LIMIT_ROW(kNoteLength),
    RK_LIMIT_ROW(kCharacterNameLength),
    RK_LIMIT_ROW(kCatalogMarkLength),
    RK_LIMIT_ROW(kGameBytes),
    RK_LIMIT_ROW(kGameCharacters),
    RK_LIMIT_ROW(kLiveEntries),
    RK_LIMIT_ROW(kLiveKeyLength),
    RK_LIMIT_ROW(kClocks),
    RK_LIMIT_ROW(kRolls),
    RK_LIMIT_ROW(kThrowsPerRoll),
    RK_LIMIT_ROW(kFacesPerRoll),
    RK_LIMIT_ROW(kRollAskUnits),
    RK_LIMIT_ROW(kCatalogs),
    RK_LIMIT_ROW(kCatalogEntries),
    RK_LIMIT_ROW(kCatalogFeeds),
    RK_LIMIT_ROW(kCatalogFilters),
    RK_LIMIT_ROW(kSummaryLength),
    RK_LIMIT_ROW(kEntryRows),
    RK_LIMIT_ROW(kScaledColumns),
    RK_LIMIT_ROW(kTargetsMax),
    RK_LIMIT_ROW(kTargetsPerCostStep),
    RK_LIMIT_ROW(kCatalogFileBytes),
    RK_LIMIT_ROW(kCatalogFileBytesUngated),
    RK_LIMIT_ROW(kPackageRulesetBytesUngated),
    RK_LIMIT_ROW(kBuilderSteps),
    RK_LIMIT_ROW(kBuilderStepsUngated),
    RK_LIMIT_ROW(kBuilderStepsWithMoreSteps),
    RK_LIMIT_ROW(kStepPicks),
    RK_LIMIT_ROW(kStepPicksUngated),
    RK_LIMIT_ROW(kStepPicksWithAbove20),
    RK_LIMIT_ROW(kStampKeys),
    RK_LIMIT_ROW(kTotalMax),
    RK_LIMIT_ROW(kManualMin),
    RK_LIMIT_ROW(kManualMax),
    RK_LIMIT_ROW(kQuotas),
    RK_LIMIT_ROW(kEntryChoices),
    RK_LIMIT_ROW(kSlotMax),
    RK_LIMIT_ROW(kAbilitySlotMax),
    RK_LIMIT_ROW(kItemAccess),
    RK_LIMIT_ROW(kAllocateGroups),
    RK_LIMIT_ROW(kAllocateTargets),
    RK_LIMIT_ROW(kAllocateBudget),
    RK_LIMIT_ROW(kAllocateBound),
    RK_LIMIT_ROW(kRatingTiers),
    RK_LIMIT_ROW(kAllocateNoteLength),
    RK_LIMIT_ROW(kBuilderPools),
    RK_LIMIT_ROW(kPoolBudget),
    RK_LIMIT_ROW(kPoolCreditLimit),
    RK_LIMIT_ROW(kPoolCaps),
    RK_LIMIT_ROW(kSpendOffers),
    RK_LIMIT_ROW(kCostOverrides),
    RK_LIMIT_ROW(kCostTable),
    RK_LIMIT_ROW(kOfferTags),
    RK_LIMIT_ROW(kAllowedRatings),
    RK_LIMIT_ROW(kPurchaseLines),
    RK_LIMIT_ROW(kRowsStepMin),
    RK_LIMIT_ROW(kCreationRules),
    RK_LIMIT_ROW(kCreationProfiles),
    RK_LIMIT_ROW(kStepFields),
    RK_LIMIT_ROW(kChoiceSlots),
    RK_LIMIT_ROW(kPointBuyCosts),
    RK_LIMIT_ROW(kRollDice),
    RK_LIMIT_ROW(kRollFaces),
    RK_LIMIT_ROW(kRollSidesMin),
    RK_LIMIT_ROW(kRollSidesMax),
    RK_LIMIT_ROW(kCreationDiceAdd),
    RK_LIMIT_ROW(kCreationDiceMultiplier),
    RK_LIMIT_ROW(kRollGroups),
    RK_LIMIT_ROW(kRollEntries),
    RK_LIMIT_ROW(kRollBestMin),
    RK_LIMIT_ROW(kRollBestMax),
    RK_LIMIT_ROW(kInitializeWrites),
    RK_LIMIT_ROW(kBuilderAnswersPerKey),
    RK_LIMIT_ROW(kBuildActions),
    RK_LIMIT_ROW(kAbilityShortLength),
    RK_LIMIT_ROW(kListMaxItemsMin),
    RK_LIMIT_ROW(kListMaxItemsMax),
    RK_LIMIT_ROW(kCheckTiersOffered),
    RK_LIMIT_ROW(kBonusRangeBound),
    RK_LIMIT_ROW(kDiceExampleLength),
    RK_LIMIT_ROW(kHideWhenInValues),
    RK_LIMIT_ROW(kEnumTableEntries),
    RK_LIMIT_ROW(kUntrainedByBound),
    RK_LIMIT_ROW(kItemCategories),
    RK_LIMIT_ROW(kItemRarities),
    RK_LIMIT_ROW(kItemTags),
    RK_LIMIT_ROW(kItemStats),
    RK_LIMIT_ROW(kItemSlots),
    RK_LIMIT_ROW(kItemSlotCountMax),
    RK_LIMIT_ROW(kCurrencyFamilies),
    RK_LIMIT_ROW(kCurrencyUnits),
    RK_LIMIT_ROW(kCurrencyValueMax),
    RK_LIMIT_ROW(kCurrencyLabelLength),
    RK_LIMIT_ROW(kRarityCaps),
    RK_LIMIT_ROW(kRarityCapBonusMax),
    RK_LIMIT_ROW(kBindingLabelLength),
    RK_LIMIT_ROW(kEntryItemTags),
    RK_LIMIT_ROW(kItemStackMax),
    RK_LIMIT_ROW(kItemCostMax),
    RK_LIMIT_ROW(kBindRestrictionLength),
    RK_LIMIT_ROW(kItemRequirements),
    RK_LIMIT_ROW(kItemEffects),
    RK_LIMIT_ROW(kItemAbilityChanges),
    RK_LIMIT_ROW(kItemHideWords),
    RK_LIMIT_ROW(kItemConditionImmunities),
    RK_LIMIT_ROW(kDamageTypeLength),
    RK_LIMIT_ROW(kItemChargesMax),
    RK_LIMIT_ROW(kChargeRests),
    RK_LIMIT_ROW(kAttackModes),
    RK_LIMIT_ROW(kAttackOnHit),
    RK_LIMIT_ROW(kAttackAbilities),
    RK_LIMIT_ROW(kDistanceMax),
    RK_LIMIT_ROW(kConditionEffects),
    RK_LIMIT_ROW(kModifiers),
    RK_LIMIT_ROW(kNarrowSkills),
    RK_LIMIT_ROW(kNarrowSaves),
    RK_LIMIT_ROW(kBattleSlots),
    RK_LIMIT_ROW(kRowSources),
    RK_LIMIT_ROW(kCombatBudgets),
    RK_LIMIT_ROW(kBudgetCountMax),
    RK_LIMIT_ROW(kCombatStandard),
    RK_LIMIT_ROW(kCombatConditions),
    RK_LIMIT_ROW(kCombatLevels),
    RK_LIMIT_ROW(kContestChecks),
    RK_LIMIT_ROW(kContests),
    RK_LIMIT_ROW(kContestSideChecks),
    RK_LIMIT_ROW(kContestOnWin),
    RK_LIMIT_ROW(kDamageTypes),
    RK_LIMIT_ROW(kThreatTiers),
    RK_LIMIT_ROW(kSpendLimits),
    RK_LIMIT_ROW(kInitiativeStyles),
    RK_LIMIT_ROW(kDistanceLabelLength),
    RK_LIMIT_ROW(kSchemaVersionMin),
    RK_LIMIT_ROW(kSchemaVersionMax),
    RK_LIMIT_ROW(kRefSheetIdLength),
    RK_LIMIT_ROW(kRefEntryIdLength),
    RK_LIMIT_ROW(kFilterWordLength),
    RK_LIMIT_ROW(kFilterTags),
    RK_LIMIT_ROW(kCatalogDiceLength),
    RK_LIMIT_ROW(kDamageClauses),
    RK_LIMIT_ROW(kEffectCostTerms),
    RK_LIMIT_ROW(kAppliedConditions),
    RK_LIMIT_ROW(kGivenBudgets),
    RK_LIMIT_ROW(kGivenBudgetCount),
    RK_LIMIT_ROW(kStandardActions),
    RK_LIMIT_ROW(kReactionCatalogs),
    RK_LIMIT_ROW(kRiderSources),
    RK_LIMIT_ROW(kEffectRounds),
    RK_LIMIT_ROW(kCreatureActions),
    RK_LIMIT_ROW(kCreatureRiders),
    RK_LIMIT_ROW(kCreatureTraits),
    RK_LIMIT_ROW(kCreatureHideEntries),
    RK_LIMIT_ROW(kHideExceptTags),
    RK_LIMIT_ROW(kCreatureConditionImmunities),
    RK_LIMIT_ROW(kSequenceSteps),
    RK_LIMIT_ROW(kSequenceTimes),
    RK_LIMIT_ROW(kCreatureListRows),
    RK_LIMIT_ROW(kActionNameLength),
    RK_LIMIT_ROW(kTraitNameLength),
    RK_LIMIT_ROW(kTraitTextLength),
    RK_LIMIT_ROW(kUnitLabelLength),
    RK_LIMIT_ROW(kCreatureHealthMax),
    RK_LIMIT_ROW(kCreatureHealthFlatMin),
    RK_LIMIT_ROW(kCreatureHealthFlatMax),
    RK_LIMIT_ROW(kCreatureDefenseMax),
    RK_LIMIT_ROW(kCreatureInitiativeModifierMin),
    RK_LIMIT_ROW(kCreatureInitiativeModifierMax),
    RK_LIMIT_ROW(kCreatureAbilityBound),
    RK_LIMIT_ROW(kCreatureSaveBound),
    RK_LIMIT_ROW(kCreatureCheckBound),
    RK_LIMIT_ROW(kCreatureSoakMax),
    RK_LIMIT_ROW(kCreatureHardnessMax),
    RK_LIMIT_ROW(kCreatureSignaturePointsMax),
    RK_LIMIT_ROW(kCreatureSheetBonusBound),
    RK_LIMIT_ROW(kCreatureToHitMin),
    RK_LIMIT_ROW(kCreatureToHitMax),
    RK_LIMIT_ROW(kCreatureDamageFlatMin),
    RK_LIMIT_ROW(kCreatureDamageFlatMax),
    RK_LIMIT_ROW(kCreatureForcedSaveDifficultyMax),
    RK_LIMIT_ROW(kCreatureSaveDifficultyMax),
    RK_LIMIT_ROW(kCreatureUsesCountMax),
    RK_LIMIT_ROW(kCreatureSignatureCostMax),
    RK_LIMIT_ROW(kCreatureRechargeDiceCountMax),
    RK_LIMIT_ROW(kCreatureRechargeDiceSidesMin),
    RK_LIMIT_ROW(kCreatureRechargeDiceSidesMax),
    RK_LIMIT_ROW(kCreatureRechargeFromMax),
    RK_LIMIT_ROW(kCatalogClauseFlatMin),
    RK_LIMIT_ROW(kCatalogClauseFlatMax),
    RK_LIMIT_ROW(kCatalogClauseSaveDifficultyMax),
    RK_LIMIT_ROW(kItemAbilityChangeBound),
    RK_LIMIT_ROW(kCombatLevelAtMax),
    RK_LIMIT_ROW(kContestRoundsMax),
    RK_LIMIT_ROW(kBattleSlotLevelMax),
    RK_LIMIT_ROW(kModifierFlatBound),
    RK_LIMIT_ROW(kBorrowedRulesetIdLength),
    RK_LIMIT_ROW(kPerAttackMax),
    RK_LIMIT_ROW(kAmmoMax),
    RK_LIMIT_ROW(kAttackModeToHitBound),
    RK_LIMIT_ROW(kAttackModeTargetBound),
    RK_LIMIT_ROW(kOnHitAtLeastMax),
    RK_LIMIT_ROW(kOnHitRoundsMax),
    RK_LIMIT_ROW(kClauseSaveDifficultyMax),
    RK_LIMIT_ROW(kBreakDieSidesMax),
    RK_LIMIT_ROW(kBreakAtMostMax),
    RK_LIMIT_ROW(kInitiativePlusMax),
    RK_LIMIT_ROW(kInitiativeResourceBaseMax),
    RK_LIMIT_ROW(kInitiativeGainMax),
    RK_LIMIT_ROW(kCrashAtMin),
    RK_LIMIT_ROW(kCrashBonusMax),
    RK_LIMIT_ROW(kCrashRecoverAfterMax),
    RK_LIMIT_ROW(kDamageTargetMax),
    RK_LIMIT_ROW(kCoverBonusMax),
    RK_LIMIT_ROW(kConcentrationFloorMax),
    RK_LIMIT_ROW(kDyingSucceedAtMax),
    RK_LIMIT_ROW(kThreatDefenseMax),
    RK_LIMIT_ROW(kThreatToHitMin),
    RK_LIMIT_ROW(kThreatToHitMax),
    RK_LIMIT_ROW(kThreatSaveDifficultyMax),
    RK_LIMIT_ROW(kItemToHitBonusBound),
    RK_LIMIT_ROW(kItemTargetMax),
    RK_LIMIT_ROW(kItemDamageBonusBound),
    RK_LIMIT_ROW(kClipMax),
    RK_LIMIT_ROW(kAttackFloorMax),
    RK_LIMIT_ROW(kUseSaveDifficultyMax),
    RK_LIMIT_ROW(kUseGateDifficultyMax),
    RK_LIMIT_ROW(kThreatHealthMax),
    RK_LIMIT_ROW(kThreatDamagePerRoundMax),
    RK_LIMIT_ROW(kDiagnosticsShown),
    RK_LIMIT_ROW(kActionsFileBytes),
};
#undef RK_LIMIT_ROW

}  // namespace rk::limits

namespace rk {

/// Reports `limit.code` at `pointer` when `n` things (`what`, e.g. "`lists`") pass a counted
/// limit. For a limit a gate lifts, use `check_gated_limit`.
void check_limit(const limits::CountLimit& limit, std::size_t n, const std::string& pointer, std::string_view what,
                 Diagnostics& diagnostics);
/// `lifted` lifted by its gate up to `hard`: past `hard` refused, past `lifted` the content needs
/// the gate (recorded in `requirement`). Returns whether `n` is within `hard`.
bool check_gated_limit(const limits::CountLimit& lifted, const limits::CountLimit& hard, std::size_t n,
                       const std::string& pointer, std::string_view what, Requirement& requirement,
                       Diagnostics& diagnostics);

}  // namespace rk

template <class T>
struct fmt::formatter<rk::limits::Limit<T>> : fmt::formatter<T> {
  template <class FormatContext>
  auto format(const rk::limits::Limit<T>& limit, FormatContext& context) const {
    return fmt::formatter<T>::format(limit.value, context);
  }
};
