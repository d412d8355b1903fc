#include "diag/diagnostic.hpp"

#include <algorithm>
#include <stdexcept>

namespace rk {

const std::vector<CodeInfo>& code_table() {
  static const std::vector<CodeInfo> table = {
      {Code::IoError, "io-error", "a file could not be read"},
      {Code::FileTooLarge, "file-too-large", "a file is larger than its limit"},
      {Code::JsonSyntax, "json-syntax", "the file is not strict JSON"},
      {Code::JsonTooDeep, "json-too-deep", "arrays and objects nest deeper than the limit"},
      {Code::DuplicateKey, "duplicate-key", "an object names the same key twice"},
      {Code::UnknownKey, "unknown-key", "a key the format does not define"},
      {Code::MissingKey, "missing-key", "a required key is absent"},
      {Code::WrongType, "wrong-type", "a value has the wrong JSON type"},
      {Code::BadValue, "bad-value", "a value is not one of those allowed"},
      {Code::BadId, "bad-id", "an id is empty, too long or uses characters ids may not use"},
      {Code::DuplicateId, "duplicate-id", "two entries share one id"},
      {Code::TooLong, "too-long", "a text is longer than its limit"},
      {Code::NotPromptSafe, "not-prompt-safe", "text that reaches the prompt is not one safe line"},
      {Code::TooMany, "too-many", "more entries than the limit allows"},
      {Code::TooFew, "too-few", "fewer entries than required"},
      {Code::OutOfRange, "out-of-range", "a number is outside its allowed range"},
      {Code::BadNumber, "bad-number", "a number is not an integer where one is required, or too precise"},
      {Code::ConflictingKeys, "conflicting-keys", "keys that exclude each other are given together"},
      {Code::BadRef, "bad-ref", "a value reference is not an object with exactly one known key"},
      {Code::UnknownReference, "unknown-reference", "an id names nothing the ruleset declares"},
      {Code::WrongReferenceType, "wrong-reference-type", "an id names something of the wrong kind or type"},
      {Code::DependencyCycle, "dependency-cycle", "values read each other in a cycle"},
      {Code::ReadsDerivedBelow, "reads-derived-below", "a derived value reads a derived value declared below it"},
      {Code::ComputedReadsComputed, "computed-reads-computed", "a computed ability reads another computed ability"},
      {Code::CapReadsModifier, "cap-reads-modifier", "a cap reads a skill or save modifier"},
      {Code::ReadsLiveState, "reads-live-state", "a value that must not depend on play reads live state"},
      {Code::PartyCrossRead, "party-cross-read", "a formula crosses between the character and the party sheet"},
      {Code::BadHideWhen, "bad-hide-when", "a hideWhen rule is malformed"},
      {Code::HideValueInvalid, "hide-value-invalid", "a hideWhen value can never be held by its field"},
      {Code::HideWoundTrack, "hide-wound-track", "a wound track cannot be hidden"},
      {Code::BadTrackMax, "bad-track-max", "a track's max does not fit the track"},
      {Code::BadWoundTrack, "bad-wound-track", "a wound track is malformed"},
      {Code::PenaltyNotWoundTrack, "penalty-not-wound-track", "resolution.penaltyFrom names a track without penalties"},
      {Code::BadRestStep, "bad-rest-step", "a rest step is malformed"},
      {Code::BadEnumTable, "bad-enum-table", "an enumTable names values its source cannot hold"},
      {Code::BadStepTable, "bad-step-table", "a stepTable is malformed"},
      {Code::BadComputedColumn, "bad-computed-column", "a computed list column is malformed"},
      {Code::PartyEmpty, "party-empty", "a party sheet has neither a field nor a pool"},
      {Code::EmptyPermissions, "empty-permissions", "an advancement block permits nothing"},
      {Code::ManifestMissing, "manifest-missing", "a package folder has no manifest.json"},
      {Code::BadManifest, "bad-manifest", "the manifest is malformed"},
      {Code::AssetMissing, "asset-missing", "a file the manifest lists does not exist"},
      {Code::AssetNotListed, "asset-not-listed", "a file the ruleset needs is not listed in the manifest"},
      {Code::BadAssetPath, "bad-asset-path", "an asset path leaves the package or is malformed"},
      {Code::CapabilityTooLow, "capability-too-low",
       "the manifest declares an older Capability API than the content needs"},
      {Code::SchemaVersionTooLow, "schema-version-too-low",
       "the manifest declares an older schemaVersion than the content needs"},
      {Code::NotInRuleset, "not-in-ruleset", "a character document names something the ruleset does not declare"},
      {Code::BadCell, "bad-cell", "a list cell does not fit its column"},
      {Code::IgnoredKey, "ignored-key", "a key is accepted but not used"},
      {Code::LimitReached, "limit-reached", "a computed value went past a limit and was held at it"},
      {Code::NotImplemented, "not-implemented",
       "a feature of a later part of the specification that this engine does not implement yet"},
      {Code::ReadsLaterStep, "reads-later-step",
       "a builder condition or count reads a value that the same or a later step changes"},
      {Code::ReadsPurchase, "reads-purchase",
       "a pool budget, a cost override or a spend offer's condition or bound reads a target the builder sells"},
      {Code::SelfDependentOffer, "self-dependent-offer", "an entry's own grants change what its offeredWhen reads"},
      {Code::NoChoicesStep, "no-choices-step", "an entry choice names a catalog that no choices step hosts"},
      {Code::BadAction, "bad-action",
       "a builder action that is not one JSON object naming a step (or `edit`, or `done`) and one verb the step takes"},
      {Code::NotOffered, "not-offered",
       "a builder action picks, takes or chooses something the step does not offer now"},
      {Code::OverBudget, "over-budget",
       "point-buy scores that cost more than the step's budget, or a purchase its pool cannot pay or credit"},
      {Code::AlreadyRolled, "already-rolled",
       "the scores were rolled already; rolls are recorded and never rolled again"},
      {Code::DescribedMode, "described-mode", "a described character chooses a method only after Done"},
      // Reference format: resolution
      {Code::NotForResolutionKind, "not-for-resolution-kind", "a rule the ruleset's resolution kind cannot honour"},
      // The author linter
      {Code::FilterMatchesNothing, "filter-matches-nothing", "a builder filter or quota value that no entry has"},
      {Code::NamesNoEntry, "names-no-entry", "an entry's `within` filter names an entry the parent step never offers"},
      {Code::EntryNeverOffered, "entry-never-offered", "an entry that neither the builder nor the picker ever offers"},
      {Code::CatalogUnreached, "catalog-unreached", "a catalog whose entries nothing ever offers"},
      {Code::EnumValueUnknown, "enum-value-unknown", "the builder writes a name an enum field or column does not have"},
      {Code::ConditionNeverHolds, "condition-never-holds", "a builder condition or count that never reads above 0"},
  };
  return table;
}

const CodeInfo& code_info(Code code) {
  const auto& table = code_table();
  const auto index = static_cast<std::size_t>(code);
  if (index >= table.size() || table[index].code != code) {
    throw std::logic_error("code table out of order with enum Code");
  }
  return table[index];
}

std::string_view code_name(Code code) { return code_info(code).name; }

bool Diagnostics::has_errors() const { return error_count() > 0; }

std::size_t Diagnostics::error_count() const {
  return static_cast<std::size_t>(
      std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; }));
}

void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

void Diagnostics::push(Code code, Severity severity, std::string pointer, std::string message) {
  Diagnostic d;
  d.code = code;
  d.severity = severity;
  d.pointer = std::move(pointer);
  d.message = std::move(message);
  items_.push_back(std::move(d));
}

namespace {
// Edits between two words, a swap of two neighbours counting as one (optimal string alignment):
// `lable` and `mdoe` are one slip of the fingers from `label` and `mode`.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}
}  // namespace

std::string did_you_mean(std::string_view wanted, const std::vector<std::string>& candidates) {
  const std::optional<std::string> best = nearest_word(wanted, candidates);
  return best ? fmt::format(" (did you mean `{}`?)", *best) : "";
}

std::optional<std::string> nearest_word(std::string_view wanted, const std::vector<std::string>& candidates) {
  const std::string* best = nullptr;
  std::size_t best_distance = 0;
  for (const auto& candidate : candidates) {
    const std::size_t distance = edit_distance(wanted, candidate);
    if (best == nullptr || distance < best_distance) {
      best = &candidate;
      best_distance = distance;
    }
  }
  // Suggest only near misses: a third of the word's length, at least one edit.
  if (best == nullptr || best_distance > std::max<std::size_t>(1, wanted.size() / 3)) return std::nullopt;
  return *best;
}

}  // namespace rk
