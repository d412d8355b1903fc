// Finding `[skill_check: …]` in a reply (docs/format/checks.md "Finding a check"; the original's
// SKILL_CHECK_TAG_REGEX_SOURCE and parseSkillCheckTagBody).
#include <string>

#include <gtest/gtest.h>

#include "play/check_tag.hpp"
#include "play/play_limits.hpp"
#include "play/tags.hpp"

namespace rk::play {
namespace {

std::vector<std::string> found(std::string_view reply) {
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (const Tag& t : parse_reply(reply).tags) spans.emplace_back(t.begin, t.end);
  std::vector<std::string> out;
  for (const CheckTag& t : find_check_tags(reply, spans)) out.emplace_back(reply.substr(t.begin, t.end - t.begin));
  return out;
}

TEST(CheckTags, the_head_in_any_case_and_the_first_bracket_ends_it) {
  EXPECT_EQ(found(R"(a [SKILL_CHECK: skill="Ward" dc="2"] b [Skill_Check:skill=x dc=1])"),
            (std::vector<std::string>{R"([SKILL_CHECK: skill="Ward" dc="2"])", "[Skill_Check:skill=x dc=1]"}));
  EXPECT_EQ(found(R"([skill_check: skill="a]b" dc="2"])"), (std::vector<std::string>{R"([skill_check: skill="a])"}));
}

TEST(CheckTags, an_empty_body_an_unclosed_head_and_near_misses_are_narration) {
  EXPECT_TRUE(found("[skill_check:]").empty());
  EXPECT_TRUE(found(R"(cut off [skill_check: skill="Ward" dc="2")").empty());
  EXPECT_TRUE(found(R"([skill check: skill="Ward"] [ skill_check: skill="Ward"] [skill_checks: x=1])").empty());
  EXPECT_EQ(found("[skill_check: ]").size(), 1u);  // found, and written back refused malformed
}

TEST(CheckTags, a_body_past_the_limit_is_narration) {
  const std::string at_limit = "[skill_check:" + std::string(limits::kTagBodyUnits, 'x') + "]";
  const std::string past = "[skill_check:" + std::string(limits::kTagBodyUnits + 1, 'x') + "]";
  EXPECT_EQ(found(at_limit).size(), 1u);
  EXPECT_TRUE(found(past).empty());
}

TEST(CheckTags, a_head_inside_a_command_tag_belongs_to_that_tag) {
  EXPECT_TRUE(found(R"([sheet: op="note" text="[skill_check: skill=Ward dc=1"])").empty());
  EXPECT_TRUE(found(R"([skill_check: skill="Ward" [sheet: op="spend" pool="x" amount="1"])").empty());
}

TEST(CheckTags, attributes_are_read_as_the_original_reads_them) {
  const std::string reply =
      R"([skill_check: Skill = "Grave lore" DC="2.5" who=' Bram ' with=Sinew threshold="+8" bonus="-2" apply="Strong Back; ; Quick Eye;A;B;C" advantage])";
  const std::vector<CheckTag> tags = find_check_tags(reply);
  ASSERT_EQ(tags.size(), 1u);
  const CheckAsk ask = read_check_ask(tags[0], reply);
  EXPECT_EQ(ask.skill, "Grave lore");
  EXPECT_EQ(ask.dc, 2);  // parseInt
  EXPECT_EQ(ask.who, "Bram");
  EXPECT_EQ(ask.with, "Sinew");
  EXPECT_EQ(ask.threshold, 8);
  EXPECT_EQ(ask.bonus, -2);
  EXPECT_EQ(ask.apply, (std::vector<std::string>{"Strong Back", "Quick Eye", "A", "B"}));
  EXPECT_TRUE(ask.advantage);
  EXPECT_FALSE(ask.disadvantage);
}

TEST(CheckTags, js_parse_int) {
  EXPECT_EQ(js_parse_int(" 12abc"), 12);
  EXPECT_EQ(js_parse_int("-3"), -3);
  EXPECT_EQ(js_parse_int("+007"), 7);
  EXPECT_FALSE(js_parse_int("abc"));
  EXPECT_FALSE(js_parse_int(""));
  EXPECT_EQ(js_parse_int("999999999"), 999999999);
  EXPECT_FALSE(js_parse_int("1234567890"));
}

}  // namespace
}  // namespace rk::play
