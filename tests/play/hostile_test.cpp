// Hostile replies (issue 10 "Bad input"): none crashes or hangs, and each gets the outcome
// docs/format/commands.md gives it. The reader is linear in the reply's size; bench-free here, but a
// quadratic reader would make these tests take minutes, not milliseconds.
#include <array>
#include <random>

#include <fmt/format.h>

#include "play/play_limits.hpp"
#include "play/text.hpp"
#include "play_support.hpp"

namespace rk::play {
namespace {

TEST(HostileReplies, ten_thousand_tags_apply_forty_and_refuse_the_rest) {
  std::string reply;
  for (int i = 0; i < 10000; ++i) reply += R"([sheet: op="spend" pool="hp" amount="1"] )";
  std::size_t applied = 0;
  const PlayedReply played = play(parse_reply(reply), [&](const Command&) {
    ++applied;
    return Receipt::accepted("ok");
  });
  EXPECT_EQ(applied, limits::kCommandsPerReply.value);
  ASSERT_EQ(played.receipts.size(), 10000u);
  EXPECT_EQ(played.receipts.back().reason, Refusal::TooMany);
}

TEST(HostileReplies, a_reply_past_the_byte_limit_is_refused_whole_and_left_as_it_was) {
  std::string at_limit(limits::kReplyBytes, 'a');
  at_limit.replace(0, 40, R"([sheet: op="rest" rest="short"]         )");
  const ParsedReply ok = parse_reply(at_limit);
  EXPECT_FALSE(ok.problem);
  EXPECT_EQ(ok.tags.size(), 1u);
  const std::string over = at_limit + "a";
  const ParsedReply refused = parse_reply(over);
  EXPECT_EQ(refused.problem, ReplyProblem::TooLarge);
  EXPECT_TRUE(refused.tags.empty());
  EXPECT_EQ(test::play_all_ok(over).text, over);
  // Five megabytes, as issue 10 names it.
  const std::string five_mb(5u * 1024 * 1024, '[');
  EXPECT_EQ(parse_reply(five_mb).problem, ReplyProblem::TooLarge);
  EXPECT_EQ(reply_problem_code(ReplyProblem::TooLarge), "reply-too-large");
}

TEST(HostileReplies, a_reply_that_is_not_utf8_is_refused_whole) {
  for (const std::string& bad : {std::string("\xFF"), std::string("ok \xC3"), std::string("\xED\xA0\x80"),
                                 std::string("\xC0\xAF"), std::string("\xF4\x90\x80\x80")}) {
    const std::string reply = R"([sheet: op="rest" rest="short"])" + bad;
    const ParsedReply parsed = parse_reply(reply);
    EXPECT_EQ(parsed.problem, ReplyProblem::NotUtf8);
    EXPECT_EQ(test::play_all_ok(reply).text, reply);
  }
}

TEST(HostileReplies, a_tag_cut_off_at_the_end_stays_as_narration) {
  const std::string reply = R"(She falls. [sheet: op="damage" track="harm" kind="tear" amount="1")";
  const ParsedReply parsed = parse_reply(reply);
  EXPECT_TRUE(parsed.tags.empty());
  ASSERT_EQ(parsed.segments.size(), 3u);
  EXPECT_EQ(parsed.segments[1].kind, SegmentKind::Unclosed);
  EXPECT_EQ(parsed.bytes(parsed.segments[1]), "[sheet:");
  EXPECT_EQ(test::play_all_ok(reply).text, reply);
}

TEST(HostileReplies, a_body_longer_than_the_limit_is_not_a_tag) {
  // Counted in UTF-16 units as the reference counts: é is one, 🔥 is two.
  const auto tag_with = [](const std::string& filler) { return "[sheet: op=\"rest\" rest=\"short\"" + filler + "]"; };
  const std::size_t fixed = text::utf16_units(R"( op="rest" rest="short")");
  std::string filler;
  for (std::size_t i = 0; i < limits::kTagBodyUnits - fixed; ++i) filler += "\xC3\xA9";
  EXPECT_EQ(parse_reply(tag_with(filler)).tags.size(), 1u);
  EXPECT_TRUE(parse_reply(tag_with(filler + "\xC3\xA9")).tags.empty());
  std::string emoji;
  for (std::size_t i = 0; i < (limits::kTagBodyUnits - fixed) / 2; ++i) emoji += "\xF0\x9F\x94\xA5";
  EXPECT_EQ(parse_reply(tag_with(emoji)).tags.size(), 1u);
  EXPECT_TRUE(parse_reply(tag_with(emoji + "\xF0\x9F\x94\xA5")).tags.empty());
}

TEST(HostileReplies, unclosed_heads_everywhere_cost_one_pass) {
  std::string reply;
  while (reply.size() + 8 < limits::kReplyBytes) reply += "[sheet: ";
  const ParsedReply parsed = parse_reply(reply);
  EXPECT_TRUE(parsed.tags.empty());
  EXPECT_EQ(test::play_all_ok(reply).text, reply);
  // Each head one `]` short of the limit: all but the last are tags of bodies that nest heads.
  std::string near;
  while (near.size() + 1600 < limits::kReplyBytes) near += "[sheet:" + std::string(1400, 'x');
  near += "]";
  EXPECT_EQ(parse_reply(near).tags.size(), 1u);
}

TEST(HostileReplies, unbalanced_brackets_and_pathological_bodies) {
  const std::string zeros(limits::kTagBodyUnits - 2, '0');
  for (const std::string& reply :
       {std::string("]]]]][[[[[sheet:[sheet:]]]"), std::string("[sheet: ") + zeros + "]",
        std::string("[sheet: ") + std::string(700, '0') + "=" + std::string(700, '0') + "=]",
        std::string("[sheet: op=\"spend\" pool=\"") + "\xE2\x80\x9C" + std::string(1000, ' ') + "]",
        std::string("[sheet: ") + std::string(1400, '=') + "]", std::string("[sheet: \"\"\"\"'''''\"]"),
        std::string("[sheet: who=\xE2\x80\x9C\xE2\x80\x98x op=spend]")}) {
    const PlayedReply played = test::play_all_ok(reply);
    EXPECT_EQ(parse_reply(played.text).tags.size(), parse_reply(reply).tags.size()) << reply;
  }
}

TEST(HostileReplies, many_attributes_in_one_tag) {
  std::string body;
  while (body.size() < limits::kTagBodyUnits - 10) body += "a=1 ";
  const ParsedReply parsed = parse_reply("[sheet:" + body + "]");
  ASSERT_EQ(parsed.tags.size(), 1u);
  EXPECT_EQ(parsed.tags[0].refusal, Refusal::Malformed);
  EXPECT_GT(parsed.tags[0].attributes.size(), 300u);
}

/// A rewritten reply reads again as the same commands: a receipt is a well-formed tag.
TEST(HostileReplies, receipts_read_back_as_the_commands_they_answer) {
  const std::string reply = fmt::format(
      R"([sheet: who="Mira" op="use" name="Fireball"] [sheet: op="damage" track="harm" kind="knock" amount="2" box="1"] )"
      R"([sheet: op="advance" field="xp" by="2.5"] [clock: op="tick" name="Fire" by="2"] [sheet: op="note" field="f" value="a]b"])");
  const ParsedReply first = parse_reply(reply);
  const PlayedReply played = test::play_all_ok(reply);
  const ParsedReply again = parse_reply(played.text);
  ASSERT_EQ(again.tags.size(), first.tags.size());
  for (std::size_t i = 0; i + 1 < first.tags.size(); ++i) {
    ASSERT_TRUE(again.tags[i].command);
    EXPECT_EQ(again.tags[i].command->op, first.tags[i].command->op);
    EXPECT_EQ(again.tags[i].command->who, first.tags[i].command->who);
    EXPECT_EQ(again.tags[i].command->action.index(), first.tags[i].command->action.index());
  }
  EXPECT_EQ(test::play_all_ok(played.text).text, played.text);
}

/// Replies stitched from the pieces hostile text is made of: whatever the pieces, the segments cover
/// the reply, narration comes back byte for byte, at most 40 commands reach the apply step, and
/// every receipt reads back as one tag.
TEST(HostileReplies, property_random_replies_keep_their_narration) {
  constexpr std::array<std::string_view, 24> kPieces{"[sheet:",
                                                     "[SHEET: ",
                                                     "[clock: ",
                                                     "]",
                                                     "[",
                                                     " ",
                                                     "\n",
                                                     "\"",
                                                     "'",
                                                     "\xE2\x80\x9C",
                                                     "\xE2\x80\x9D",
                                                     "=",
                                                     "op=\"spend\"",
                                                     " pool=hp",
                                                     " amount=\"2\"",
                                                     " amount=1e9",
                                                     " who='Bram \"x\"'",
                                                     " op=\"tick\" name=\"Fire\"",
                                                     " result=\"ok\" now=\"9/9\"",
                                                     "op=\"damage\" track=\"harm\" kind=\"knock\" amount=\"-0\"",
                                                     "Narration. ",
                                                     " sheet=\"party\"",
                                                     "\xF0\x9F\x94\xA5",
                                                     "[skill_check: skill=\"Ward\" dc=\"2\"]"};
  std::mt19937_64 random(20261206);
  for (int round = 0; round < 2000; ++round) {
    std::string reply;
    const std::size_t pieces = random() % 120;
    for (std::size_t i = 0; i < pieces; ++i) reply += kPieces[random() % kPieces.size()];
    const ParsedReply parsed = parse_reply(reply);
    std::size_t at = 0;
    for (const Segment& segment : parsed.segments) {
      ASSERT_EQ(segment.begin, at) << reply;
      at = segment.end;
    }
    ASSERT_EQ(at, reply.size()) << reply;
    std::size_t applied = 0;
    const PlayedReply played = play(parsed, [&](const Command&) {
      return ++applied % 2 ? Receipt::accepted("ok") : Receipt::refused(Refusal::UnknownPool);
    });
    ASSERT_LE(applied, limits::kCommandsPerReply.value);
    std::size_t out = 0;
    for (const Segment& segment : parsed.segments) {
      const std::string written = segment.kind == SegmentKind::Tag
                                      ? receipt_tag(parsed, parsed.tags[segment.tag], played.receipts[segment.tag])
                                      : std::string(parsed.bytes(segment));
      ASSERT_EQ(played.text.compare(out, written.size(), written), 0) << reply;
      if (segment.kind == SegmentKind::Tag) {
        ASSERT_EQ(parse_reply(written).tags.size(), 1u) << written;
      }
      out += written.size();
    }
    ASSERT_EQ(out, played.text.size());
  }
}

}  // namespace
}  // namespace rk::play
