// The chapter's gates the audit found missing (issue 8): a creature written as a sheet 1.34; a
// reaction moment 1.33, `used` or `against` 1.44, `hit` 1.46; `endsAfter` and rounds counted at
// turn start 1.45. Each is met at its minor and refused one below it.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(test::source_path("tests/fixtures/reference_gates/" + name));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string manifest(int minor) {
  return R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

void expect_needs(const std::string& name, int minor) {
  SCOPED_TRACE(name + " needs 1." + std::to_string(minor));
  const std::string ruleset = fixture(name);
  ASSERT_FALSE(ruleset.empty());
  const LoadResult single = load_ruleset_text(ruleset);
  ASSERT_TRUE(single.ok()) << test::describe(single);
  EXPECT_EQ(single.requires_version.value_or(""), "1." + std::to_string(minor));
  EXPECT_TRUE(load_package_texts(manifest(minor), ruleset).ok());
  const LoadResult below = load_package_texts(manifest(minor - 1), ruleset);
  EXPECT_FALSE(below.ok());
  EXPECT_TRUE(test::has_code(below, Code::CapabilityTooLow)) << test::describe(below);
}

TEST(ReferenceGates, ISSUE_8_a_creature_written_as_a_sheet_needs_1_34) { expect_needs("creature_sheet.json", 34); }

TEST(ReferenceGates, ISSUE_8_a_reaction_moment_needs_1_33) { expect_needs("reaction_aimed.json", 33); }

TEST(ReferenceGates, ISSUE_8_a_reaction_moment_used_against_needs_1_44) {
  expect_needs("reaction_used_against.json", 44);
}

TEST(ReferenceGates, ISSUE_8_a_reaction_moment_hit_needs_1_46) { expect_needs("reaction_hit.json", 46); }

TEST(ReferenceGates, ISSUE_8_ends_after_and_rounds_at_turn_start_need_1_45) {
  expect_needs("applied_timings.json", 45);
}

}  // namespace
}  // namespace rk
