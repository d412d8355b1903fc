// Issue 9 point 9: one suggestion mechanism for every key and value, and no follow-on errors from
// an error already reported.
#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

std::size_t count(const LoadResult& r, Code code) {
  std::size_t n = 0;
  for (const auto& d : r.diagnostics.items()) n += d.code == code ? 1 : 0;
  return n;
}

TEST(Suggestions, ISSUE_9_a_misspelt_required_key_is_one_error_at_the_typo) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "fields": [{"id": "watch", "lable": "Watch", "type": "text", "maxLength": 20}]}})");
  ASSERT_EQ(r.diagnostics.error_count(), 1u) << test::describe(r);
  const Diagnostic& d = r.diagnostics.items()[0];
  EXPECT_EQ(d.code, Code::UnknownKey);
  EXPECT_EQ(d.pointer, "/sheet/fields/0/lable");
  EXPECT_NE(d.message.find("did you mean `label`?"), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("`label` is required"), std::string::npos) << d.message;
  EXPECT_EQ(count(r, Code::MissingKey), 0u);
}

TEST(Suggestions, ISSUE_9_a_misspelt_top_level_key_gets_its_suggestion) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {}, "gmRefrence": "Judge kindly."})");
  ASSERT_EQ(r.diagnostics.error_count(), 1u) << test::describe(r);
  EXPECT_NE(r.diagnostics.items()[0].message.find("did you mean `gmReference`?"), std::string::npos)
      << test::describe(r);
}

TEST(Suggestions, ISSUE_9_a_misspelt_word_gets_its_suggestion_and_no_follow_on_errors) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "fields": [{"id": "origin", "label": "Origin", "type": "text", "maxLength": 40}],
    "builder": {"steps": [{"id": "origin", "label": "Origin", "kind": "catalgo", "catalog": "origins", "field": "origin"}]}}})");
  ASSERT_EQ(r.diagnostics.error_count(), 1u) << test::describe(r);
  const Diagnostic& d = r.diagnostics.items()[0];
  EXPECT_EQ(d.code, Code::BadValue);
  EXPECT_EQ(d.pointer, "/sheet/builder/steps/0/kind");
  EXPECT_NE(d.message.find("did you mean `catalog`?"), std::string::npos) << d.message;
  // A field's type, read from its word table, is suggested the same way.
  const LoadResult type = test::load(R"({"id": "t", "label": "T", "sheet": {
    "fields": [{"id": "origin", "label": "Origin", "type": "nubmer", "min": 0, "max": 3}]}})");
  EXPECT_NE(test::describe(type).find("did you mean `number`?"), std::string::npos) << test::describe(type);
}

TEST(Suggestions, ISSUE_9_no_id_list_repeats_an_id) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "fields": [{"id": "watch", "label": "Watch", "type": "enum", "values": ["day", "dusk", "night"]}],
    "live": {"conditions": [{"id": "shaken", "label": "Shaken"}, {"id": "prone", "label": "Prone"}]}},
    "rests": [{"id": "dawn", "label": "Dawn", "clear": {"conditions": ["shaken", "prone", "shaken"]}}],
    "layers": [{"id": "quiet", "label": "Quiet", "fields": [{"id": "watch", "removeValues": ["dusk", "dusk"]}]}]})");
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/rests/0/clear/conditions/2")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/layers/0/fields/0/removeValues/1")) << test::describe(r);
  EXPECT_NE(test::describe(r).find("(first at /rests/0/clear/conditions/0)"), std::string::npos) << test::describe(r);
  EXPECT_EQ(r.diagnostics.error_count(), 2u) << test::describe(r);
}

}  // namespace
}  // namespace rk
