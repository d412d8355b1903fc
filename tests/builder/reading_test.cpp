// The builder's stored answers and its actions are read with the format's own reader (issue 9
// point 2): RFC 6901 pointers from the player's keys, bounded numbers, unknown keys suggested.
#include <gtest/gtest.h>

#include "builder/answers.hpp"
#include "builder/fixture.hpp"

namespace rk::builder_test {
namespace {

struct Read {
  BuilderAnswers answers;
  Diagnostics d;
};

Read read_answers(const char* json) {
  Read r;
  r.answers = read_builder_answers(boost::json::parse(json), r.d);
  return r;
}

const Diagnostic& first(const Diagnostics& d) {
  static const Diagnostic none{};
  return d.items().empty() ? none : d.items().front();
}

TEST(BuilderReading, BA_110_a_stored_step_key_is_escaped_in_the_pointer) {
  auto r = read_answers(R"({"steps": {"a/b~c": {"method": 5}}})");
  ASSERT_EQ(r.d.items().size(), 1u);
  EXPECT_EQ(first(r.d).code, Code::WrongType);
  EXPECT_EQ(first(r.d).pointer, "/builder/steps/a~1b~0c/method");
}

TEST(BuilderReading, BA_110_a_stored_score_out_of_the_number_bounds_is_refused_not_saturated) {
  for (const char* huge : {"18446744073709551615", "9223372036854775807", "1e300", "1.00001"}) {
    auto r = read_answers(fmt::format(R"({{"steps": {{"scores": {{"scores": {{"str": {}}}}}}}}})", huge).c_str());
    ASSERT_EQ(r.d.items().size(), 1u) << huge;
    EXPECT_EQ(first(r.d).code, Code::BadNumber) << huge;
    EXPECT_EQ(first(r.d).pointer, "/builder/steps/scores/scores/str") << huge;
    EXPECT_TRUE(r.answers.steps["scores"].scores.empty()) << huge;
  }
}

TEST(BuilderReading, BA_110_an_unknown_stored_key_is_suggested_its_near_miss) {
  auto r = read_answers(R"({"mdoe": "guided", "steps": {"race": {"pikcs": ["elf"]}}})");
  ASSERT_EQ(r.d.items().size(), 2u);
  std::map<std::string, std::string> by_pointer;
  for (const auto& item : r.d.items()) {
    EXPECT_EQ(item.code, Code::UnknownKey);
    by_pointer[item.pointer] = item.message;
  }
  EXPECT_NE(by_pointer["/builder/mdoe"].find("did you mean `mode`"), std::string::npos) << by_pointer["/builder/mdoe"];
  EXPECT_NE(by_pointer["/builder/steps/race/pikcs"].find("did you mean `picks`"), std::string::npos)
      << by_pointer["/builder/steps/race/pikcs"];
}

TEST(BuilderReading, BA_110_a_stored_answer_of_another_type_names_what_it_found) {
  auto r = read_answers(
      R"({"wrote": {"fields": {"race": {"value": "Elf", "kept": "yes"}}}, "steps": {"scores": {"assign": {"str": -1}}}})");
  ASSERT_EQ(r.d.items().size(), 2u);
  EXPECT_EQ(r.d.items()[0].pointer, "/builder/steps/scores/assign/str");
  EXPECT_EQ(r.d.items()[0].code, Code::BadValue);
  EXPECT_EQ(r.d.items()[1].pointer, "/builder/wrote/fields/race/kept");
  EXPECT_EQ(r.d.items()[1].code, Code::WrongType);
}

TEST(BuilderReading, BA_110_answers_written_then_read_are_the_same) {
  auto r = read_answers(
      R"({"mode": "described", "steps": {"scores": {"method": "roll", "rolls": [{"faces": [6, 5, 4, 1], "total": 15}],
                             "assign": {"str": 0}}, "race": {"picks": ["elf"]}},
                            "choices": {"race/elf/0": ["elvish"]},
                            "wrote": {"fields": {"race": {"value": "Elf", "under": 3, "owned": false}},
                                      "abilities": {"dex": {"value": 12, "applied": 2, "base": true}},
                                      "rows": {"race/elf/0": {"list": "traits", "row": "r1"}}}})");
  ASSERT_FALSE(r.d.has_errors()) << first(r.d).message;
  Diagnostics again;
  EXPECT_EQ(read_builder_answers(builder_answers_to_json(r.answers), again), r.answers);
  EXPECT_FALSE(again.has_errors());
  EXPECT_EQ(r.answers.steps["scores"].rolls.front().faces, (std::vector<std::int64_t>{6, 5, 4, 1}));
}

TEST(BuilderReading, BA_44_an_action_key_is_escaped_and_a_huge_score_is_refused) {
  Build b;
  b.act(R"({"step": "scores", "method": "manual"})");
  Diagnostics d;
  auto next = apply_action(b.catalogs(), b.character(), boost::json::parse(R"({"step": "scores", "set": {"s/r": 12}})"),
                           b.dice(), d);
  EXPECT_FALSE(next);
  EXPECT_EQ(first(d).pointer, "/set/s~1r");
  // 2^63 - 1 used to wrap to a negative score inside Number; it is now out of the number bounds.
  EXPECT_EQ(b.refused(R"({"step": "scores", "set": {"str": 9223372036854775807}})"), "wrong-type");
  EXPECT_EQ(b.refused(R"({"step": "scores", "set": {"str": 18446744073709551615}})"), "wrong-type");
}

TEST(BuilderReading, BA_105_an_edit_with_a_stray_key_is_refused_and_changes_nothing) {
  Build b;
  EXPECT_EQ(b.refused(R"({"edit": "fields/level", "value": 3, "vlaue": 4})"), "unknown-key");
  EXPECT_FALSE(b.field("level"));
  EXPECT_EQ(b.refused(R"({"step": "race", "pick": "elf", "values": []})"), "unknown-key");
}

TEST(BuilderReading, BA_110_a_misspelt_verb_is_suggested) {
  Build b;
  Diagnostics d;
  auto next =
      apply_action(b.catalogs(), b.character(), boost::json::parse(R"({"step": "race", "pikc": "elf"})"), b.dice(), d);
  EXPECT_FALSE(next);
  EXPECT_EQ(first(d).code, Code::BadAction);
  EXPECT_NE(first(d).message.find("did you mean `pick`"), std::string::npos) << first(d).message;
}

}  // namespace
}  // namespace rk::builder_test
