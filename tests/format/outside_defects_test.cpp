// Defects found from outside (issue 9 point 7), each with the test that failed before its fix.
#include <string>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "format/ref_resolution_support.hpp"
#include "json/write.hpp"

namespace rk {
namespace {

using test::has_error;
using test::kSumResolution;
using test::message_at;
using test::reference_ruleset;

std::string derived_reading(const std::string& ref) {
  return reference_ruleset(kSumResolution, test::patched(test::kReferenceSheet, "/derived/0/of", "[" + ref + "]"));
}

TEST(OutsideDefects, a_ref_naming_another_kind_of_sheet_entry_is_the_wrong_reference_type) {
  // `harm` is a track and `grit` a save: the id is known, only its kind is wrong (errors.md).
  const LoadResult pool = test::load(derived_reading(R"({"livePool": "harm"})"));
  ASSERT_TRUE(has_error(pool, Code::WrongReferenceType, "/sheet/derived/0/of/0")) << test::describe(pool);
  EXPECT_NE(message_at(pool, Code::WrongReferenceType, "/sheet/derived/0/of/0").find("`harm` is a track"),
            std::string::npos);
  EXPECT_FALSE(has_error(pool, Code::UnknownReference, "/sheet/derived/0/of/0"));
  const LoadResult skill = test::load(derived_reading(R"({"skillMod": "grit"})"));
  ASSERT_TRUE(has_error(skill, Code::WrongReferenceType, "/sheet/derived/0/of/0")) << test::describe(skill);
  EXPECT_NE(message_at(skill, Code::WrongReferenceType, "/sheet/derived/0/of/0").find("`grit` is a save"),
            std::string::npos);
  // An id that names nothing stays unknown.
  const LoadResult none = test::load(derived_reading(R"({"skillMod": "gritt"})"));
  EXPECT_TRUE(has_error(none, Code::UnknownReference, "/sheet/derived/0/of/0")) << test::describe(none);
}

TEST(OutsideDefects, json_output_writes_fractions_in_plain_decimal_form) {
  // character.md writes 0.5 and 1.5; Boost.JSON alone writes 5E-1 and 1.5E0.
  EXPECT_EQ(json::serialize(boost::json::parse(R"({"a": 0.5, "b": [1.5, -2.25, 3], "c": "x\"y", "d": 1e9})")),
            R"({"a":0.5,"b":[1.5,-2.25,3],"c":"x\"y","d":1000000000})");
}

}  // namespace
}  // namespace rk
