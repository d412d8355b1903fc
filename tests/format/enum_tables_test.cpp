// One table per enum (issue 9 point 1): a word outside an enum's table is refused with bad-value,
// and the message lists the table's words, written from the table itself.
#include <string>

#include <gtest/gtest.h>

#include "format/ref_resolution_support.hpp"

namespace rk {
namespace {

using test::has_error;
using test::kPoolResolution;
using test::kSumResolution;
using test::message_at;
using test::reference_ruleset;
using test::resolution_with;

void expect_words(const LoadResult& r, const char* pointer, const std::string& words) {
  ASSERT_TRUE(has_error(r, Code::BadValue, pointer)) << test::describe(r);
  const std::string message = message_at(r, Code::BadValue, pointer);
  EXPECT_NE(message.find("is one of " + words), std::string::npos) << message;
}

TEST(EnumTables, SH_a_natural_roll_policy_outside_its_table_lists_the_four_words) {
  std::string res = test::patched(kSumResolution, "/dice", R"({"count": 1, "sides": 20})");
  res = test::patched(res, "/naturals", R"({"check": "sometimes"})");
  expect_words(test::load(reference_ruleset(res)), "/resolution/naturals/check",
               R"("none", "both", "max-only", "min-only")");
}

TEST(EnumTables, a_pool_reroll_mode_outside_its_table_lists_once_and_until) {
  const LoadResult r =
      test::load(resolution_with(kPoolResolution, "/reroll", R"([{"id": "careful", "upTo": 1, "mode": "twice"}])"));
  expect_words(r, "/resolution/reroll/0/mode", R"("once", "until")");
}

TEST(EnumTables, a_botch_rule_outside_its_table_lists_both_readings) {
  expect_words(test::load(resolution_with(kPoolResolution, "/botch/rule", "\"always\"")), "/resolution/botch/rule",
               R"("noSuccesses", "halfOrMore")");
}

TEST(EnumTables, SH_5_untrained_outside_its_table_lists_its_words) {
  const std::string sheet = test::patched(test::kReferenceSheet, "/skills/0/untrained", "\"maybe\"");
  const LoadResult r = test::load(test::reference_ruleset(kSumResolution, sheet));
  expect_words(r, "/sheet/skills/0/untrained", R"("refuse", "harder", "normal")");
}

}  // namespace
}  // namespace rk
