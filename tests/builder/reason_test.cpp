// Issue 11 point 2: offers and selections carry a typed reason; the words are made from it at the
// edge (the JSON view, the command line, refusal messages).
#include <set>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "builder/reason.hpp"
#include "constraints_fixture.hpp"

namespace rk::builder_test {
namespace {

TEST(BuilderReason, I11_2_every_reason_has_one_stable_code_and_words_that_use_every_argument) {
  std::set<std::string_view> codes;
  for (auto r = static_cast<std::uint8_t>(Reason::AlreadyChosen); r <= static_cast<std::uint8_t>(kLastReason); ++r) {
    const auto reason = static_cast<Reason>(r);
    const std::string_view code = reason_code(reason);
    EXPECT_FALSE(code.empty()) << int{r};
    EXPECT_EQ(code.find_first_not_of("abcdefghijklmnopqrstuvwxyz-"), std::string_view::npos) << code;
    EXPECT_TRUE(codes.insert(code).second) << code << " names two reasons";
    const std::string words = reason_text(Why{reason, {"A", "B", "C", "D"}});
    EXPECT_FALSE(words.empty()) << code;
    EXPECT_EQ(words.find("{}"), std::string::npos) << code << ": " << words;
  }
  EXPECT_TRUE(reason_code(Reason::None).empty());
}

TEST(BuilderReason, I11_2_the_json_view_gives_the_reason_code_beside_the_words) {
  Build b(constraints_ruleset(kRatingsStep), true);
  b.act(R"({"step": "ratings", "pick": "athletics-4"})");
  const auto view = builder_view_to_json(b.view());
  const boost::json::object* stealth4 = nullptr;
  for (const auto& step : view.at("steps").as_array()) {
    if (step.at("id") != "ratings") continue;
    for (const auto& o : step.at("offers").as_array()) {
      if (o.at("id") == "stealth-4") stealth4 = &o.as_object();
    }
  }
  ASSERT_NE(stealth4, nullptr);
  EXPECT_EQ(stealth4->at("disabled"), true);
  EXPECT_EQ(stealth4->at("reason"), "quota-full");
  EXPECT_EQ(stealth4->at("why"), "the quota for `rating` is full (1 of 1)");
}

}  // namespace
}  // namespace rk::builder_test
