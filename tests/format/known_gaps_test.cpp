// Validator gaps found while writing the format tests. src/format belongs to another change, so
// each gap is written down here as a DISABLED test with the behaviour the spec asks for; enable it
// when the validator is fixed (run with --gtest_also_run_disabled_tests to see them fail today).
#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

const std::string kManifestHead = R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, )";

// read_manifest iterates a copy of `contributions` (the conditional operator materialises a
// temporary bj::object), so the keys it accepts are views into freed memory: the other kinds are
// then also reported as unknown-key errors (and the read is a use-after-free).
TEST(KnownGaps, DISABLED_SH_86_other_contribution_kinds_pass_with_a_warning) {
  const LoadResult r = load_package_texts(
      kManifestHead + R"("contributions": {"assets": {"paths": ["ruleset.json"]}, "layers": []}})",
      R"({"id": "pkg", "label": "Package", "sheet": {}})");
  EXPECT_TRUE(r.ok()) << test::describe(r);
  ASSERT_EQ(r.diagnostics.items().size(), 1u) << test::describe(r);
  EXPECT_EQ(r.diagnostics.items()[0].code, Code::IgnoredKey);
  EXPECT_EQ(r.diagnostics.items()[0].severity, Severity::Warning);
}

// The resolver checks character Refs before it indexes the party sheet, so a character formula
// that reads a party field is reported as an unknown field instead of a cross read.
TEST(KnownGaps, DISABLED_SH_111_character_formula_reading_a_party_field_is_a_cross_read) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T",
    "sheet": {"live": {"pools": [{"id": "resolve", "label": "Resolve", "max": {"field": "vault"}}]}},
    "party": {"label": "Crew", "fields": [{"id": "vault", "label": "Vault", "type": "number"}]}})");
  EXPECT_TRUE(test::has_error(r, Code::PartyCrossRead, "/sheet/live/pools/0/max")) << test::describe(r);
  EXPECT_FALSE(test::has_code(r, Code::UnknownReference)) << test::describe(r);
}

// `clears: ["condition:<id>"]` is checked only when the sheet declares at least one condition.
TEST(KnownGaps, DISABLED_SH_72_rest_clearing_an_undeclared_condition_is_refused_without_conditions) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "live": {"pools": [{"id": "p", "label": "P", "max": 3}]},
    "rests": [{"id": "r", "label": "R", "steps": [{"pool": "p", "to": "max"}], "clears": ["condition:ghost"]}]}})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/rests/0/clears/0")) << test::describe(r);
}

// With conditions declared the unknown one is refused, but at `clears`, not at the entry.
TEST(KnownGaps, DISABLED_SH_72_unknown_condition_in_clears_points_at_the_entry) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "live": {"pools": [{"id": "p", "label": "P", "max": 3}], "conditions": [{"id": "shaken", "label": "Shaken"}]},
    "rests": [{"id": "r", "label": "R", "steps": [{"pool": "p", "to": "max"}], "clears": ["temp", "condition:ghost"]}]}})");
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/rests/0/clears/1")) << test::describe(r);
}

// check_declaration shares one `reported` set between the two checks, so a gmReference under a
// manifest that is too low in both ways reports only the Capability API, not schemaVersion.
TEST(KnownGaps, DISABLED_SH_86_gmReference_reports_both_capability_and_schema_version) {
  const LoadResult r = load_package_texts(
      R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 144}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})",
      R"({"id": "t", "label": "T", "sheet": {}, "gmReference": "Judge kindly."})");
  EXPECT_TRUE(test::has_error(r, Code::CapabilityTooLow, "/gmReference")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::SchemaVersionTooLow, "/gmReference")) << test::describe(r);
}

}  // namespace
}  // namespace rk
