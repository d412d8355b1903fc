#pragma once
// Typed diagnostics: every refusal has a stable kebab-case code, a message naming the offending
// entry, a JSON Pointer, and (when it comes from a file) a byte offset turned into line/column
// only when rendered (DESIGN principle 4).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace rk {

/// Stable refusal codes. The kebab names are a public contract: add, never rename.
enum class Code : std::uint16_t {
  // Reading files
  IoError,
  FileTooLarge,
  JsonSyntax,
  JsonTooDeep,
  DuplicateKey,
  // Shape of a document
  UnknownKey,
  MissingKey,
  WrongType,
  BadValue,
  BadId,
  DuplicateId,
  TooLong,
  NotPromptSafe,
  TooMany,
  TooFew,
  OutOfRange,
  BadNumber,
  ConflictingKeys,
  // References
  BadRef,
  UnknownReference,
  WrongReferenceType,
  DependencyCycle,
  ReadsDerivedBelow,
  ComputedReadsComputed,
  CapReadsModifier,
  ReadsLiveState,
  PartyCrossRead,
  // Sheet rules
  BadHideWhen,
  HideValueInvalid,
  HideWoundTrack,
  BadTrackMax,
  BadWoundTrack,
  PenaltyNotWoundTrack,
  BadRestStep,
  BadEnumTable,
  BadStepTable,
  BadComputedColumn,
  PartyEmpty,
  EmptyPermissions,
  // Packages and the Capability API
  ManifestMissing,
  BadManifest,
  AssetMissing,
  AssetNotListed,
  BadAssetPath,
  CapabilityTooLow,
  SchemaVersionTooLow,
  // Character documents
  NotInRuleset,
  BadCell,
  // Warnings
  IgnoredKey,
  LimitReached,
  // The guided builder (docs/format/builder.md)
  NotImplemented,
  ReadsLaterStep,
  ReadsPurchase,
  SelfDependentOffer,
  NoChoicesStep,
  // Builder actions (docs/format/builder.md "Actions")
  BadAction,
  NotOffered,
  OverBudget,
  AlreadyRolled,
  DescribedMode,
  // Reference format: resolution
  NotForResolutionKind,
  // The author linter: warnings of `rulekeeper check` (docs/format/lint.md)
  FilterMatchesNothing,
  NamesNoEntry,
  EntryNeverOffered,
  CatalogUnreached,
  EnumValueUnknown,
  ConditionNeverHolds,
};

enum class Severity : std::uint8_t { Error, Warning };

struct CodeInfo {
  Code code;
  std::string_view name;     ///< the stable kebab-case name
  std::string_view summary;  ///< what it means, for docs and `rulekeeper codes`
};

/// The single table of codes; `code_info(c).code == c` for every code (checked by a test).
const std::vector<CodeInfo>& code_table();
const CodeInfo& code_info(Code code);
std::string_view code_name(Code code);

struct Diagnostic {
  Code code{};
  Severity severity = Severity::Error;
  std::string message;
  std::string pointer;       ///< JSON Pointer into the document ("" is the root)
  std::string file;          ///< the file it came from, relative to the package, or ""
  std::int64_t offset = -1;  ///< byte offset in that file, -1 when not from a file
  int line = 0;              ///< 1-based; 0 when unknown
  int column = 0;            ///< 1-based, counted in Unicode code points
};

/// Collects diagnostics instead of stopping at the first (DESIGN: report every error at once).
class Diagnostics {
 public:
  void add(Diagnostic d) { items_.push_back(std::move(d)); }

  // The pointer is taken by value and moved on (callers pass temporaries); clang-tidy 14 misreads
  // the move inside a template as a copy.
  template <typename... Args>
  void error(Code code, std::string pointer,  // NOLINT(performance-unnecessary-value-param)
             fmt::format_string<Args...> format, Args&&... args) {
    push(code, Severity::Error, std::move(pointer), fmt::format(format, std::forward<Args>(args)...));
  }
  template <typename... Args>
  void warning(Code code, std::string pointer,  // NOLINT(performance-unnecessary-value-param)
               fmt::format_string<Args...> format, Args&&... args) {
    push(code, Severity::Warning, std::move(pointer), fmt::format(format, std::forward<Args>(args)...));
  }

  bool has_errors() const;
  std::size_t error_count() const;
  const std::vector<Diagnostic>& items() const { return items_; }
  std::vector<Diagnostic>& items() { return items_; }
  void append(const Diagnostics& other);

 private:
  void push(Code code, Severity severity, std::string pointer, std::string message);
  std::vector<Diagnostic> items_;
};

/// "did you mean `x`?" from the candidates closest to `wanted`, or "" when none is close.
std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates);
/// The candidate `did_you_mean` would suggest, or nothing.
std::optional<std::string> nearest_word(std::string_view wanted, const std::vector<std::string>& candidates);

}  // namespace rk
