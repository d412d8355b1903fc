// BA-141, BA-142: conditions and counts read only what earlier steps change, including what the
// entries of a separate catalog file change. Those entries are checked when the file is read (on
// first use, and for every file by `rulekeeper check`), against the definition and that one file.
#include <algorithm>

#include <gtest/gtest.h>

#include "format/ruleset.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

const std::string kManifest = R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 200},
  "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/feats.json", "catalogs/gifts.json"]}}})";

/// A package whose builder has `steps`: `feats` and `gifts` are separate catalog files, `origins`
/// is inline with `origins` entries.
LoadResult package(const std::string& steps, const std::string& origins = "") {
  const std::string ruleset =
      R"({"id": "x", "label": "X",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "U"}, {"id": "proficient", "label": "P", "flat": 2}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [{"id": "str", "label": "Str", "min": 1, "max": 20, "default": 1}, {"id": "dex", "label": "Dex", "min": 1, "max": 20, "default": 1}],
    "skills": [{"id": "sneak", "label": "Sneak", "ability": "dex"}],
    "fields": [{"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20}],
    "lists": [{"id": "feats", "label": "Feats", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
    "builder": {"steps": [)" +
      steps + R"(]}},
  "catalogs": [
    {"id": "feats", "label": "Feats", "feeds": ["feats"], "asset": "catalogs/feats.json"},
    {"id": "gifts", "label": "Gifts", "feeds": ["feats"], "asset": "catalogs/gifts.json"},
    {"id": "origins", "label": "Origins", "feeds": ["feats"], "entries": [)" +
      (origins.empty() ? R"({"id": "plain", "label": "Plain", "rows": [{"list": "feats", "values": {"name": "P"}}]})"
                       : origins) +
      "]}]}";
  return test::load_package(kManifest, ruleset);
}

/// Reads the separate file of `catalog` holding `entries`, as its first use or the check does.
CatalogAssetLoad read_file(const LoadResult& r, const std::string& catalog, const std::string& entries) {
  EXPECT_TRUE(r.ok()) << test::describe(r);
  if (!r.ok()) return {};
  const Catalog& c = r.ruleset->catalogs.at(r.ruleset->catalog_index.at(catalog));
  return read_catalog_asset(*r.ruleset, c,
                            R"({"schemaVersion": 1, "catalog": ")" + catalog + R"(", "entries": [)" + entries + "]}");
}

/// The messages of `load`, one a line.
std::string describe(const CatalogAssetLoad& load) {
  std::string out;
  for (const auto& d : load.diagnostics.items())
    out += std::string(code_name(d.code)) + " " + d.pointer + ": " + d.message + "\n";
  return out;
}

/// The error `code` at `pointer`, or nullptr.
const Diagnostic* error_at(const CatalogAssetLoad& load, Code code, const std::string& pointer) {
  for (const auto& d : load.diagnostics.items()) {
    if (d.severity == Severity::Error && d.code == code && d.pointer == pointer) return &d;
  }
  return nullptr;
}

const std::string kStrong = R"({"id": "strong", "label": "Strong", "grants": {"abilities": {"add": {"str": 1}}}})";
const std::string kQuick = R"({"id": "quick", "label": "Quick", "grants": {"abilities": {"add": {"dex": 1}}}})";
const std::string kFeatStep = R"({"id": "feat", "label": "Feat", "kind": "catalog", "catalog": "feats"})";
const std::string kGiftStep = R"({"id": "gift", "label": "Gift", "kind": "catalog", "catalog": "gifts"})";
const std::string kLevelStep = R"({"id": "level", "label": "Level", "kind": "fields", "fields": ["level"]})";

/// A file entry whose trained choice counts from `ref`.
std::string counted(const std::string& ref) {
  return R"({"id": "counted", "label": "Counted", "grants": {"trained": {"choose": [{"what": "skills", "max": 2, "countFrom": )" +
         ref + "}]}}}";
}

// ---------------------------------------------------------------------------------------------
// The definition's reads against a later separate file.

TEST(BuilderReadOrder,
     BA_142_a_when_before_a_separate_file_that_changes_what_it_reads_is_refused_when_the_file_is_read) {
  const LoadResult r = package(
      R"({"id": "gear", "label": "Gear", "kind": "startingGear", "when": {"abilityScore": "str"}}, )" + kFeatStep);
  ASSERT_TRUE(r.ok()) << test::describe(r);  // the file's content is not known at import
  const CatalogAssetLoad load = read_file(r, "feats", kQuick + ", " + kStrong);
  const Diagnostic* d = error_at(load, Code::ReadsLaterStep, "/entries/1/grants");
  ASSERT_NE(d, nullptr) << describe(load);
  EXPECT_EQ(load.diagnostics.error_count(), 1u) << describe(load);
  EXPECT_NE(d->message.find("entry `strong`"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("builder step `gear` `when` (/sheet/builder/steps/0/when)"), std::string::npos)
      << d->message;
  EXPECT_NE(d->message.find("ability `str`"), std::string::npos) << d->message;
  EXPECT_TRUE(read_file(r, "feats", kQuick).ok()) << describe(read_file(r, "feats", kQuick));
}

TEST(BuilderReadOrder, BA_142_a_read_after_the_separate_files_step_is_accepted) {
  const LoadResult r = package(
      kFeatStep + R"(, {"id": "gear", "label": "Gear", "kind": "startingGear", "when": {"abilityScore": "str"}})");
  const CatalogAssetLoad load = read_file(r, "feats", kStrong);
  EXPECT_TRUE(load.ok()) << describe(load);
}

TEST(BuilderReadOrder, BA_142_slot_counts_of_the_definition_before_a_separate_file_are_checked_against_it) {
  // A trained step's own slot, and a slot of an inline entry selected before the file's step.
  const LoadResult r = package(R"({"id": "origin", "label": "Origin", "kind": "catalog", "catalog": "origins"},
      {"id": "skills", "label": "Skills", "kind": "trained", "choose": [{"what": "skills", "max": 2, "countFrom": {"field": "level"}}]}, )" +
                                   kFeatStep,
                               R"({"id": "keen", "label": "Keen", "grants": {"abilities": {"choose": [
                                     {"amount": 1, "from": ["dex"], "max": 2, "countFrom": {"abilityScore": "str"}}]}}})");
  const CatalogAssetLoad load =
      read_file(r, "feats", kStrong + R"(, {"id": "elder", "label": "Elder", "grants": {"sets": {"level": 5}}})");
  const Diagnostic* slot = error_at(load, Code::ReadsLaterStep, "/entries/0/grants");
  ASSERT_NE(slot, nullptr) << describe(load);
  EXPECT_NE(slot->message.find("catalog `origins` entry `keen` (at step `origin`) `countFrom`"), std::string::npos)
      << slot->message;
  const Diagnostic* step = error_at(load, Code::ReadsLaterStep, "/entries/1/grants");
  ASSERT_NE(step, nullptr) << describe(load);
  EXPECT_NE(step->message.find("/sheet/builder/steps/1/choose/0/countFrom"), std::string::npos) << step->message;
  EXPECT_EQ(load.diagnostics.error_count(), 2u) << describe(load);
}

TEST(BuilderReadOrder, BA_141_a_step_on_a_separate_file_may_not_count_from_what_its_own_entries_change) {
  const LoadResult r = package(
      R"({"id": "feat", "label": "Feat", "kind": "catalog", "catalog": "feats", "max": 3, "countFrom": {"field": "level"}})");
  EXPECT_TRUE(read_file(r, "feats", kStrong).ok());
  const CatalogAssetLoad load =
      read_file(r, "feats", R"({"id": "elder", "label": "Elder", "grants": {"sets": {"level": 5}}})");
  const Diagnostic* d = error_at(load, Code::ReadsLaterStep, "/entries/0/grants");
  ASSERT_NE(d, nullptr) << describe(load);
  EXPECT_NE(d->message.find("field `level`"), std::string::npos) << d->message;
}

// ---------------------------------------------------------------------------------------------
// The file's own slots, at their source step (the first step on the file's catalog).

TEST(BuilderReadOrder, BA_141_a_slot_in_a_separate_file_may_not_read_what_a_later_step_changes) {
  const LoadResult late = package(kFeatStep + ", " + kLevelStep);
  const CatalogAssetLoad refused = read_file(late, "feats", counted(R"({"field": "level"})"));
  const Diagnostic* d = error_at(refused, Code::ReadsLaterStep, "/entries/0/grants/trained/choose/0/countFrom");
  ASSERT_NE(d, nullptr) << describe(refused);
  EXPECT_NE(d->message.find("catalog `feats` entry `counted` (at step `feat`)"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("the later step `level`"), std::string::npos) << d->message;
  const LoadResult early = package(kLevelStep + ", " + kFeatStep);
  const CatalogAssetLoad accepted = read_file(early, "feats", counted(R"({"field": "level"})"));
  EXPECT_TRUE(accepted.ok()) << describe(accepted);
}

TEST(BuilderReadOrder, BA_141_a_slot_in_a_separate_file_may_not_read_what_an_entry_of_the_same_file_changes) {
  const LoadResult r = package(kFeatStep);
  const CatalogAssetLoad load = read_file(r, "feats", kStrong + ", " + counted(R"({"abilityScore": "str"})"));
  const Diagnostic* d = error_at(load, Code::ReadsLaterStep, "/entries/1/grants/trained/choose/0/countFrom");
  ASSERT_NE(d, nullptr) << describe(load);
  EXPECT_NE(d->message.find("entry `strong` of the same catalog"), std::string::npos) << d->message;
  EXPECT_TRUE(read_file(r, "feats", kQuick + ", " + counted(R"({"abilityScore": "str"})")).ok());
}

TEST(BuilderReadOrder, BA_142_a_slot_in_a_separate_file_may_not_read_what_a_later_separate_file_could_change) {
  // `gifts` is not at hand while `feats` is read: whatever a grant could change is refused.
  const LoadResult before = package(kFeatStep + ", " + kGiftStep);
  const CatalogAssetLoad refused = read_file(before, "feats", counted(R"({"abilityScore": "str"})"));
  const Diagnostic* d = error_at(refused, Code::ReadsLaterStep, "/entries/0/grants/trained/choose/0/countFrom");
  ASSERT_NE(d, nullptr) << describe(refused);
  EXPECT_NE(d->message.find("catalog `gifts` of the later step `gift`"), std::string::npos) << d->message;
  EXPECT_NE(d->message.find("(BA-142)"), std::string::npos) << d->message;
  // A count that reads nothing a grant could change, or a file step after the other one, is accepted.
  EXPECT_TRUE(read_file(before, "feats", counted(R"({"const": 2})")).ok());
  const LoadResult after = package(kGiftStep + ", " + kFeatStep);
  const CatalogAssetLoad accepted = read_file(after, "feats", counted(R"({"abilityScore": "str"})"));
  EXPECT_TRUE(accepted.ok()) << describe(accepted);
}

TEST(BuilderReadOrder, BA_141_definition_reads_name_the_step_that_changes_the_value) {
  const LoadResult r =
      package(R"({"id": "gear", "label": "Gear", "kind": "startingGear", "when": {"field": "level"}}, )" + kLevelStep);
  ASSERT_EQ(r.diagnostics.error_count(), 1u) << test::describe(r);
  ASSERT_TRUE(test::has_error(r, Code::ReadsLaterStep, "/sheet/builder/steps/0/when")) << test::describe(r);
  const auto& items = r.diagnostics.items();
  const Diagnostic& d =
      *std::find_if(items.begin(), items.end(), [](const Diagnostic& x) { return x.severity == Severity::Error; });
  EXPECT_NE(d.message.find("builder step `gear`: `when` reads field `level`, which the later step `level` changes"),
            std::string::npos)
      << d.message;
}

}  // namespace
}  // namespace rk
