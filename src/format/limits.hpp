#pragma once
// Every limit of the format, in one table (DESIGN principle 3: SQLite's way). Each is enforced in
// one place and tested at N and N+1. The spec's own limits cite their requirement; the others are
// ours, chosen where the pages are silent (docs/format/decisions.md lists them).
#include <cstddef>
#include <cstdint>

namespace rk::limits {

// Files and JSON.
inline constexpr std::size_t kSingleFileRulesetBytes = 512 * 1024;     // single-file import, DESIGN "Documents"
inline constexpr std::size_t kPackageRulesetBytes = 512 * 1024;        // ruleset.json inside a package
inline constexpr std::size_t kManifestBytes = 64 * 1024;               // ours
inline constexpr std::size_t kCharacterBytes = 1024 * 1024;            // ours
inline constexpr std::size_t kJsonDepth = 64;                          // ours: deepest example nests ~12
inline constexpr std::size_t kIdLength = 64;                           // ours
inline constexpr std::size_t kLabelLength = 200;                       // ours

// Sheet.
inline constexpr std::size_t kFields = 160;                            // BB-120
inline constexpr std::size_t kFieldsExtended = 240;                    // BB-120, Capability API 1.208
inline constexpr std::size_t kAbilities = 32;                          // ours
inline constexpr std::size_t kSkills = 200;                            // ours
inline constexpr std::size_t kSaves = 32;                              // ours
inline constexpr std::size_t kSections = 32;                           // ours
inline constexpr std::size_t kDerived = 400;                           // ours
inline constexpr std::size_t kLists = 48;                              // ours
inline constexpr std::size_t kColumns = 32;                            // ours
inline constexpr std::size_t kEnumValues = 200;                        // ours
inline constexpr std::size_t kRefsPerOperator = 32;                    // ours
inline constexpr std::size_t kAbilityValueRefs = 8;                    // BC-30
inline constexpr std::size_t kComputedColumnTerms = 6;                 // BB-127
inline constexpr std::size_t kStepTableRows = 64;                      // ours
inline constexpr std::size_t kTextMaxLength = 20000;                   // ours: the largest maxLength a field may set
inline constexpr std::size_t kDefaultTextLength = 200;                 // ours: text fields without maxLength
inline constexpr std::size_t kDefaultLongtextLength = 4000;            // ours: longtext fields without maxLength
inline constexpr std::int64_t kNumberBound = 1'000'000'000;            // ours: |min|, |max| of a number
inline constexpr std::size_t kProficiencyTiers = 12;                   // ours

// Live state.
inline constexpr std::size_t kPools = 64;                              // ours
inline constexpr std::size_t kTracks = 32;                             // ours
inline constexpr std::size_t kStates = 16;                             // ours
inline constexpr std::size_t kStateValues = 24;                        // ours
inline constexpr std::size_t kConditions = 64;                         // ours
inline constexpr std::size_t kPoolPays = 4;                            // CA-85
inline constexpr std::size_t kWoundLevels = 32;                        // ours
inline constexpr std::size_t kWoundKinds = 8;                          // ours
inline constexpr std::int64_t kWoundBoxes = 64;                        // SH-54
inline constexpr std::int64_t kExtraLevelsPerRow = 16;                 // SH-60
inline constexpr std::size_t kRests = 8;                               // ours
inline constexpr std::size_t kRestSteps = 32;                          // ours
inline constexpr std::size_t kAdjustEntries = 32;                      // ours

// Game Master text.
inline constexpr std::size_t kGuidanceLength = 1500;                   // SH-81
inline constexpr std::size_t kGmReferenceLength = 16000;               // SH-80
inline constexpr std::size_t kShortTextLength = 400;                   // SH-91, SH-114, CA-55
inline constexpr std::size_t kSummaryEntries = 32;                     // ours

// Advancement.
inline constexpr std::size_t kAdvancementFields = 24;                  // CA-52
inline constexpr std::size_t kAdvancementFieldsExtended = 64;          // BB-162, Capability API 1.219

// Clocks.
inline constexpr std::size_t kClockSizesMin = 1;                       // SH-89
inline constexpr std::size_t kClockSizesMax = 6;                       // SH-89
inline constexpr std::int64_t kClockSegmentsMin = 2;                   // SH-89
inline constexpr std::int64_t kClockSegmentsMax = 12;                  // SH-89
inline constexpr std::int64_t kClocksStoredMin = 1;                    // SH-90
inline constexpr std::int64_t kClocksStoredMax = 12;                   // SH-90

// Party sheet.
inline constexpr std::size_t kPartyLists = 12;                         // SH-127
inline constexpr std::size_t kPartyFromMembers = 8;                    // SH-129
inline constexpr std::size_t kPartyFields = 64;                        // ours
inline constexpr std::size_t kPartyPools = 16;                         // ours

// Character documents.
inline constexpr std::size_t kRowsPerList = 500;                       // ours
inline constexpr std::size_t kMarksPerTrack = 256;                     // ours
inline constexpr std::size_t kNotes = 100;                             // ours
inline constexpr std::size_t kNoteLength = 1000;                       // ours
inline constexpr std::size_t kCharacterNameLength = 100;               // ours
inline constexpr std::size_t kCatalogMarkLength = 200;                 // ours: `_catalog` "<catalog>/<entry>"

// Catalogs.
inline constexpr std::size_t kCatalogs = 12;                           // CA-3
inline constexpr std::size_t kCatalogEntries = 2000;                   // CA-5
inline constexpr std::size_t kCatalogFeeds = 8;                        // CA-10
inline constexpr std::size_t kCatalogFilters = 8;                      // CA-12
inline constexpr std::size_t kSummaryLength = 300;                     // CA-17
inline constexpr std::size_t kEntryRows = 6;                           // CA-19
inline constexpr std::size_t kScaledColumns = 4;                       // CA-27
inline constexpr std::size_t kCostTerms = 8;                           // ours
inline constexpr std::int64_t kTargetsMax = 20;                        // CA-90
inline constexpr std::int64_t kTargetsPerCostStep = 10;                // CA-90
inline constexpr std::size_t kCatalogFileBytes = 2 * 1024 * 1024;      // CA-99
inline constexpr std::size_t kCatalogFileBytesBefore1340 = 1024 * 1024;     // CA-100
inline constexpr std::size_t kPackageRulesetBytesBefore1340 = 256 * 1024;   // CA-100

// The guided builder (docs/format/builder.md).
inline constexpr std::size_t kBuilderSteps = 32;                       // BA-8
inline constexpr std::size_t kBuilderStepsBefore112 = 16;              // BA-9
inline constexpr std::size_t kBuilderStepsBefore768 = 24;              // BA-10
inline constexpr std::int64_t kStepPicks = 60;                         // BA-14
inline constexpr std::int64_t kStepPicksBefore110 = 20;                // BA-15
inline constexpr std::int64_t kStepPicksBefore768 = 40;                // BA-16
inline constexpr std::size_t kStampKeys = 4;                           // BA-27
inline constexpr std::int64_t kTotalMax = 1000;                        // BA-39
inline constexpr std::int64_t kManualMin = -100;                       // BA-50
inline constexpr std::int64_t kManualMax = 1000;                       // BA-50
inline constexpr std::size_t kQuotas = 12;                             // BA-115
inline constexpr std::size_t kEntryChoices = 6;                        // BA-94
inline constexpr std::int64_t kSlotMax = 20;                           // BA-127
inline constexpr std::int64_t kAbilitySlotMax = 6;                     // BA-127
inline constexpr std::size_t kItemAccess = 48;                         // BB-140
inline constexpr std::size_t kStepFields = 40;                         // ours
inline constexpr std::size_t kChoiceSlots = 12;                        // ours: slots per list
inline constexpr std::size_t kPointBuyCosts = 64;                      // ours
inline constexpr std::int64_t kRollDice = 20;                          // ours
inline constexpr std::int64_t kRollSidesMin = 2;                       // ours
inline constexpr std::int64_t kRollSidesMax = 100;                     // ours
// The builder at run time (docs/format/builder.md "Actions").
inline constexpr std::size_t kBuilderAnswersPerKey = 64;               // ours: picks or answers stored under one key
inline constexpr std::size_t kBuildActions = 10000;                    // ours: actions in one `rulekeeper build`

// Capability API.
inline constexpr std::int64_t kCapabilityMajor = 1;
inline constexpr std::int64_t kSchemaVersionMin = 1;
inline constexpr std::int64_t kSchemaVersionMax = 2;

// Shell hardening (issue 9 point 8): what one run prints.
inline constexpr std::size_t kDiagnosticsShown = 500;  // ours: per severity; the rest are counted, not listed
inline constexpr std::size_t kActionsFileBytes = kCharacterBytes;  // ours: an actions file is read like a character

}  // namespace rk::limits
