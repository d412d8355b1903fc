// The strict parse (DESIGN "src/json"): one pass builds the tree and refuses what Boost.JSON would
// accept — a key written twice in one object, however it is escaped and however large the object
// — and marks numbers written more precisely than a double tells.
#include "json/document.hpp"

#include <string>

#include <gtest/gtest.h>

namespace rk::json {
namespace {

constexpr ParseLimits kLimits{1u << 20, 64};

struct Parsed {
  std::optional<Document> doc;
  Diagnostics diagnostics;
};

Parsed parse_text(const std::string& text) {
  Parsed p;
  p.doc = parse("t.json", text, kLimits, p.diagnostics);
  return p;
}

TEST(StrictParse, DESIGN_a_key_written_twice_is_refused_at_its_second_place) {
  const Parsed p = parse_text("{\n  \"a\": {\"x\": 1,\n    \"x\": 2}\n}");
  ASSERT_FALSE(p.doc);
  ASSERT_EQ(p.diagnostics.items().size(), 1u);
  const Diagnostic& d = p.diagnostics.items()[0];
  EXPECT_EQ(d.code, Code::DuplicateKey);
  EXPECT_EQ(d.pointer, "/a/x");
  EXPECT_EQ(d.line, 3);
  EXPECT_EQ(d.column, 5);
}

TEST(StrictParse, DESIGN_a_key_written_twice_with_an_escape_is_the_same_key) {
  const Parsed p = parse_text(R"({"a": 1, "\u0061": 2})");
  ASSERT_FALSE(p.doc);
  ASSERT_EQ(p.diagnostics.items().size(), 1u);
  EXPECT_EQ(p.diagnostics.items()[0].code, Code::DuplicateKey);
  EXPECT_EQ(p.diagnostics.items()[0].pointer, "/a");
}

TEST(StrictParse, DESIGN_a_repeat_among_many_keys_is_found) {
  std::string text = "{";
  for (int i = 0; i < 200; ++i) text += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
  const Parsed distinct = parse_text(text + "\"last\": 0}");
  EXPECT_TRUE(distinct.doc);
  const Parsed repeated = parse_text(text + "\"k17\": 0}");
  ASSERT_FALSE(repeated.doc);
  EXPECT_EQ(repeated.diagnostics.items().at(0).pointer, "/k17");
}

TEST(StrictParse, DESIGN_the_same_key_in_two_objects_is_no_repeat) {
  const Parsed p = parse_text(R"({"a": {"id": 1}, "b": {"id": 2}, "id": [{"id": 3}, {"id": 4}]})");
  ASSERT_TRUE(p.doc);
  EXPECT_EQ(p.doc->root().at("id").at(1).at("id").as_int64(), 4);
}

TEST(StrictParse, DESIGN_numbers_keep_their_kind_and_over_precise_ones_get_a_fifth_decimal) {
  const Parsed p = parse_text(R"({"i": -3, "u": 18446744073709551615, "d": 2.25, "e": 125e-2,
                                 "long": 1.00000000000000000000001, "tiny": 1e-999, "zero": 0.000000})");
  ASSERT_TRUE(p.doc);
  const auto& o = p.doc->root().as_object();
  EXPECT_EQ(o.at("i").as_int64(), -3);
  EXPECT_TRUE(o.at("u").is_uint64());
  EXPECT_EQ(o.at("d").as_double(), 2.25);
  EXPECT_EQ(o.at("e").as_double(), 1.25);
  // A fifth decimal place, which every reader refuses as too precise.
  EXPECT_NE(o.at("long").as_double(), 1.0);
  EXPECT_NE(o.at("tiny").as_double(), 0.0);
  EXPECT_EQ(o.at("zero").as_double(), 0.0);
}

TEST(StrictParse, DESIGN_text_after_the_value_and_a_cut_value_are_syntax_errors) {
  const Parsed extra = parse_text("{} x");
  ASSERT_FALSE(extra.doc);
  EXPECT_EQ(extra.diagnostics.items().at(0).code, Code::JsonSyntax);
  EXPECT_EQ(extra.diagnostics.items().at(0).column, 4);
  const Parsed cut = parse_text("{\"a\": [1, 2");
  ASSERT_FALSE(cut.doc);
  EXPECT_EQ(cut.diagnostics.items().at(0).code, Code::JsonSyntax);
  EXPECT_TRUE(parse_text("  {}  \n").doc);
}

TEST(StrictParse, DESIGN_nesting_past_the_depth_limit_is_refused) {
  const std::string deep = std::string(65, '[') + std::string(65, ']');
  const Parsed p = parse_text(deep);
  ASSERT_FALSE(p.doc);
  EXPECT_EQ(p.diagnostics.items().at(0).code, Code::JsonTooDeep);
  EXPECT_TRUE(parse_text(std::string(64, '[') + std::string(64, ']')).doc);
}

TEST(StrictParse, DESIGN_escaped_keys_and_strings_read_as_their_text) {
  const Parsed p = parse_text(R"({"a\/b": "x\ny", "\u00e9": "\ud83d\ude00"})");
  ASSERT_TRUE(p.doc);
  EXPECT_EQ(p.doc->root().at("a/b").as_string(), "x\ny");
  EXPECT_EQ(p.doc->root().at("\xC3\xA9").as_string(), "\xF0\x9F\x98\x80");
}

}  // namespace
}  // namespace rk::json
