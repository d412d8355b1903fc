// A catalog entry's `mechanics.check` (writing-rulesets.md "A charm that changes a roll"): what
// using a picked entry does to a check, held to the ruleset's own pool, and refused on a sum.
#include <string>

#include <gtest/gtest.h>

#include "format/ref_resolution_support.hpp"

namespace rk {
namespace {

using test::has_error;
using test::message_at;

const std::string kEffect = "/catalogs/0/entries/0/mechanics/check";

/// Gravewatch's pool (without its 1.38 keys) or Ember Roads' sum, and one charm whose
/// `mechanics.check` is `check`; the chapter's example charm costs a point of Resolve.
std::string with_charm(const std::string& resolution, const std::string& check) {
  const std::string catalogs = R"(, "catalogs": [{"id": "charms", "label": "Charms", "feeds": ["charms"], "entries": [
    {"id": "potence", "label": "Potence", "rows": [{"list": "charms", "values": {"name": "Potence"}}],
     "mechanics": {"kind": "utility", "cost": [{"pool": "resolve", "amount": 1}], "check": )" +
                               check + "}}]}]";
  std::string text = test::reference_ruleset(resolution);
  return text.substr(0, text.size() - 1) + catalogs + "}";
}

std::string pool() {
  std::string res = test::patched(test::kPoolResolution, "/adjust", "");
  return test::patched(res, "/explode", R"({"from": 10, "min": 8})");
}

TEST(RefResolution, charm_reroll_and_successes_on_a_pool_are_accepted) {
  const LoadResult r = test::load(with_charm(pool(), R"({"reroll": {"upTo": 1, "mode": "once"}, "successes": 1})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(RefResolution, charm_check_on_a_dice_sum_ruleset_is_refused) {
  const LoadResult r = test::load(with_charm(test::kSumResolution, R"({"successes": 1})"));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, kEffect)) << test::describe(r);
  EXPECT_NE(message_at(r, Code::NotForResolutionKind, kEffect).find("dice-sum"), std::string::npos);
}

TEST(RefResolution, charm_check_that_does_nothing_is_refused) {
  const LoadResult r = test::load(with_charm(pool(), "{}"));
  EXPECT_TRUE(has_error(r, Code::MissingKey, kEffect)) << test::describe(r);
}

TEST(RefResolution, charm_reroll_of_the_top_face_is_refused) {
  const LoadResult r = test::load(with_charm(pool(), R"({"reroll": {"upTo": 10, "mode": "until"}})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kEffect + "/reroll/upTo")) << test::describe(r);
}

TEST(RefResolution, charm_threshold_outside_the_target_range_is_refused) {
  const LoadResult r = test::load(with_charm(pool(), R"({"threshold": 4})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kEffect + "/threshold")) << test::describe(r);
  EXPECT_TRUE(test::load(with_charm(pool(), R"({"threshold": 5})")).ok());
}

// "check": { "explode": 8 } is an entry that makes eights roll again.
TEST(RefResolution, charm_explode_moves_the_face_only_down_to_the_rules_min) {
  EXPECT_TRUE(test::load(with_charm(pool(), R"({"explode": 8})")).ok());
  const LoadResult low = test::load(with_charm(pool(), R"({"explode": 7})"));
  EXPECT_TRUE(has_error(low, Code::OutOfRange, kEffect + "/explode")) << test::describe(low);
  EXPECT_NE(message_at(low, Code::OutOfRange, kEffect + "/explode").find("from 8 to 10"), std::string::npos);
}

TEST(RefResolution, charm_double_without_a_min_on_the_rule_is_refused) {
  const LoadResult r = test::load(with_charm(pool(), R"({"double": 9})"));
  EXPECT_TRUE(has_error(r, Code::NotForResolutionKind, kEffect + "/double")) << test::describe(r);
}

TEST(RefResolution, charm_dice_and_successes_run_from_1_to_10) {
  const LoadResult r = test::load(with_charm(pool(), R"({"dice": 11, "successes": 0})"));
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kEffect + "/dice")) << test::describe(r);
  EXPECT_TRUE(has_error(r, Code::OutOfRange, kEffect + "/successes")) << test::describe(r);
}

TEST(RefResolutionGates, a_charm_that_moves_explode_needs_1_37) {
  const std::string manifest =
      R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 36}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
  const std::string base =
      test::patched(test::patched(test::kPoolResolution, "/adjust", ""), "/explode", R"({"from": 10})");
  const LoadResult below = test::load_package(manifest, with_charm(base, R"({"explode": 9})"));
  EXPECT_TRUE(has_error(below, Code::CapabilityTooLow, kEffect + "/explode")) << test::describe(below);
}

}  // namespace
}  // namespace rk
