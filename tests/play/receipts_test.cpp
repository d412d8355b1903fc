// Receipts (issue 10 point 2): each tag rewritten in place as the engine's answer, in the original
// engine's canonical form (sheet-command-tag.ts serializeSheetCommandTag, sheet-commands.ts), every
// other byte of the reply untouched.
#include <fmt/format.h>

#include "play/play_limits.hpp"
#include "play_support.hpp"

namespace rk::play {
namespace {

TEST(Receipts, SH_37_an_accepted_mark_is_rewritten_with_result_and_now) {
  const PlayedReply played =
      play(parse_reply(R"(Steel rings. [sheet: op="damage" track="harm" kind="knock" amount="1"] She staggers.)"),
           [](const Command&) { return Receipt::accepted("Harm 1/4 Scuffed"); });
  EXPECT_EQ(
      played.text,
      R"(Steel rings. [sheet: op="damage" track="harm" kind="knock" amount="1" result="ok" now="Harm 1/4 Scuffed"] She staggers.)");
}

TEST(Receipts, the_canonical_form_of_every_sheet_command) {
  const auto ok = [](std::string_view reply) { return test::play_all_ok(reply, "x").text; };
  EXPECT_EQ(ok(R"([sheet: op="heal" pool="HP" amount="+4" who="Mira"])"),
            R"([sheet: who="Mira" op="restore" pool="HP" amount="4" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="damage" track="harm" amount="-2"])"),
            R"([sheet: op="damage" track="harm" amount="-2" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="2"])"),
            R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="2" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="track" track="stress" by="-1"])"),
            R"([sheet: op="track" track="stress" by="-1" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="condition" condition="Poisoned" state="add"])"),
            R"([sheet: op="condition" condition="Poisoned" state="on" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="note" field="bonds"])"),
            R"([sheet: op="note" field="bonds" value="" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="cast" spell="Fireball" pool="3rd-level slots" who="Mira"])"),
            R"([sheet: who="Mira" op="use" name="Fireball" pool="3rd-level slots" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="rest" rest="long"])"), R"([sheet: op="rest" rest="long" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="state" state="Stance" value="Reckless" who="Name"])"),
            R"([sheet: who="Name" op="state" state="Stance" value="Reckless" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="advance" field="xp" by="250" who="party"])"),
            R"([sheet: who="party" op="advance" field="xp" by="250" result="ok" now="x"])");
  EXPECT_EQ(ok(R"([sheet: op="advance" skill="stealth" tier="expert"])"),
            R"([sheet: op="advance" skill="stealth" tier="expert" result="ok" now="x"])");
}

TEST(Receipts, a_refusal_writes_its_reason) {
  const PlayedReply played = play(parse_reply(R"([sheet: who="Mira" op="spend" pool="slots" amount="9"])"),
                                  [](const Command&) { return Receipt::refused(Refusal::Insufficient); });
  EXPECT_EQ(played.text,
            R"([sheet: who="Mira" op="spend" pool="slots" amount="9" result="refused" reason="insufficient"])");
  ASSERT_EQ(played.receipts.size(), 1u);
  EXPECT_FALSE(played.receipts[0].ok);
  EXPECT_EQ(played.receipts[0].reason, Refusal::Insufficient);
}

TEST(Receipts, a_tag_that_reads_as_no_command_keeps_a_safe_copy_of_itself) {
  const PlayedReply played = test::play_all_ok(R"(Hm. [sheet: op="fly" to="the moon"] Hm.)");
  EXPECT_EQ(played.text, R"(Hm. [sheet: raw="op= fly to= the moon" result="refused" reason="malformed"] Hm.)");
  EXPECT_EQ(played.receipts[0].reason, Refusal::Malformed);
}

TEST(Receipts, SH_97_commands_are_applied_in_reply_order) {
  std::vector<std::string> order;
  const PlayedReply played =
      play(parse_reply(R"([sheet: op="spend" pool="a" amount="1"] then [clock: op="create" name="Fire" size="6"] )"
                       R"(and [sheet: op="restore" pool="b" amount="2"])"),
           [&](const Command& c) {
             order.emplace_back(op_spelling(c.op));
             return Receipt::accepted(std::to_string(order.size()));
           });
  EXPECT_EQ(order, (std::vector<std::string>{"spend", "create", "restore"}));
  EXPECT_EQ(played.receipts[2].now, "3");
}

TEST(Receipts, SH_99_result_attributes_the_model_wrote_are_discarded) {
  const PlayedReply played =
      play(parse_reply(R"([sheet: op="spend" pool="slots" amount="1" result="ok" now="3/3" reason="none"])"),
           [](const Command&) { return Receipt::refused(Refusal::Insufficient); });
  EXPECT_EQ(played.text, R"([sheet: op="spend" pool="slots" amount="1" result="refused" reason="insufficient"])");
  // A receipt read again is the same request: its own result is discarded once more.
  const PlayedReply again = test::play_all_ok(played.text, "0/3");
  EXPECT_EQ(again.text, R"([sheet: op="spend" pool="slots" amount="1" result="ok" now="0/3"])");
}

TEST(Receipts, SH_100_at_most_forty_commands_are_applied_and_the_rest_are_refused_too_many) {
  std::string reply;
  for (std::size_t i = 0; i < limits::kCommandsPerReply + 1; ++i) {
    reply += fmt::format(R"(Turn {}. [sheet: op="spend" pool="hp" amount="{}"]{})", i, i + 1, "\n");
  }
  std::size_t applied = 0;
  const PlayedReply played = play(parse_reply(reply), [&](const Command&) {
    ++applied;
    return Receipt::accepted("ok");
  });
  EXPECT_EQ(applied, limits::kCommandsPerReply.value);
  ASSERT_EQ(played.receipts.size(), limits::kCommandsPerReply + 1);
  EXPECT_TRUE(played.receipts[limits::kCommandsPerReply - 1].ok);
  EXPECT_EQ(played.receipts[limits::kCommandsPerReply].reason, Refusal::TooMany);
  EXPECT_NE(
      played.text.find(R"(Turn 40. [sheet: op="spend" pool="hp" amount="41" result="refused" reason="too-many"])"),
      std::string::npos);
}

TEST(Receipts, SH_100_malformed_tags_and_clock_tags_count_toward_the_forty) {
  std::string reply;
  for (std::size_t i = 0; i < 20; ++i) reply += R"([sheet: op="fly"])";
  for (std::size_t i = 0; i < 20; ++i) reply += R"([clock: op="tick" name="Fire"])";
  reply += R"([sheet: op="fly"] [sheet: op="rest" rest="short"])";
  const ParsedReply parsed = parse_reply(reply);
  ASSERT_EQ(parsed.tags.size(), 42u);
  EXPECT_EQ(parsed.tags[39].refusal, std::nullopt);
  // Past the limit a tag is refused too-many whatever it says; one that reads keeps its form.
  EXPECT_EQ(parsed.tags[40].refusal, Refusal::TooMany);
  EXPECT_EQ(parsed.tags[41].refusal, Refusal::TooMany);
  const PlayedReply played = test::play_all_ok(reply);
  EXPECT_NE(played.text.find(R"([sheet: raw="op= fly" result="refused" reason="too-many"] )"
                             R"([sheet: op="rest" rest="short" result="refused" reason="too-many"])"),
            std::string::npos);
}

TEST(Receipts, the_applier_may_name_who_the_command_went_to) {
  const PlayedReply played = play(parse_reply(R"([sheet: op="spend" pool="hp" amount="2"])"),
                                  [](const Command&) { return Receipt::accepted("8/10", "Mira Vell"); });
  EXPECT_EQ(played.text, R"([sheet: who="Mira Vell" op="spend" pool="hp" amount="2" result="ok" now="8/10"])");
}

TEST(Receipts, CA_64_a_party_summary_is_cut_at_a_member_boundary) {
  std::string now;
  for (int i = 0; i < 30; ++i) now += fmt::format("{}Member{:02} 10/10", i == 0 ? "" : "; ", i);
  const PlayedReply played = play(parse_reply(R"([sheet: who="party" op="restore" pool="hp" amount="5"])"),
                                  [&](const Command&) { return Receipt::accepted(now, "party"); });
  const std::size_t at = played.text.find("now=\"") + 5;
  const std::string written = played.text.substr(at, played.text.size() - at - 2);
  EXPECT_LE(written.size(), limits::kReceiptNowUnits.value);
  EXPECT_EQ(written.substr(written.size() - 14), "Member14 10/10");
  EXPECT_EQ(now.substr(0, written.size()), written);
}

TEST(Receipts, no_value_can_break_out_of_its_tag) {
  const PlayedReply played =
      play(parse_reply(R"([sheet: who='Bram "the" [II' op="note" field='x' value='a"] and more"'])"),
           [](const Command&) { return Receipt::accepted("Bram \"ok\"]\n[sheet: op=\"rest\"]"); });
  // The first `]` ends the model's tag, whatever its quotes say; what follows is narration.
  EXPECT_EQ(
      played.text,
      R"([sheet: who="Bram the II" op="note" field="x" value="a" result="ok" now="Bram ok sheet: op= rest"] and more"'])");
  EXPECT_EQ(parse_reply(played.text).tags.size(), 1u);
}

TEST(Receipts, a_written_value_is_cut_to_its_limit) {
  const std::string at_limit(limits::kReceiptAttributeUnits, 'p');
  const auto written_pool = [](const std::string& pool) {
    const std::string text = test::play_all_ok("[sheet: op=\"spend\" pool=\"" + pool + "\" amount=\"1\"]").text;
    const std::size_t at = text.find("pool=\"") + 6;
    return text.substr(at, text.find('"', at) - at);
  };
  EXPECT_EQ(written_pool(at_limit), at_limit);
  EXPECT_EQ(written_pool(at_limit + "q"), at_limit);
  // Counted in UTF-16 units, and never cutting a character in half.
  const std::string fires = [] {
    std::string s;
    for (std::size_t i = 0; i < limits::kReceiptAttributeUnits / 2; ++i) s += "\xF0\x9F\x94\xA5";
    return s;
  }();
  EXPECT_EQ(written_pool("a" + fires), "a" + fires.substr(0, fires.size() - 4));
}

TEST(Receipts, a_now_that_is_not_utf8_is_written_as_text) {
  const PlayedReply played = play(parse_reply(R"([sheet: op="rest" rest="short"])"),
                                  [](const Command&) { return Receipt::accepted("ok \xC3"); });
  EXPECT_EQ(played.text, "[sheet: op=\"rest\" rest=\"short\" result=\"ok\" now=\"ok \xEF\xBF\xBD\"]");
}

TEST(Receipts, every_byte_outside_the_tags_is_kept) {
  const std::string reply =
      "  \xEF\xBB\xBFLine one,\r\n\t\xE2\x80\x9Cquoted\xE2\x80\x9D \xF0\x9F\x94\xA5 [[x]] ]]\x01"
      "[sheet: op=\"rest\" rest=\"short\"]\r\n\xE2\x80\xA8tail  ";
  const PlayedReply played = test::play_all_ok(reply);
  const std::string expected =
      "  \xEF\xBB\xBFLine one,\r\n\t\xE2\x80\x9Cquoted\xE2\x80\x9D \xF0\x9F\x94\xA5 [[x]] ]]\x01"
      "[sheet: op=\"rest\" rest=\"short\" result=\"ok\" now=\"done\"]\r\n\xE2\x80\xA8tail  ";
  EXPECT_EQ(played.text, expected);
}

TEST(Receipts, a_reply_without_tags_is_unchanged) {
  for (const char* reply : {"", "Nothing happens.", "[", "]", "[sheet", "[sheet]", "[[sheet: ", "][sheet:"}) {
    EXPECT_EQ(test::play_all_ok(reply).text, reply);
  }
}

TEST(Receipts, refusal_codes_are_kebab_case_and_round_trip) {
  for (int i = 0; i <= static_cast<int>(Refusal::ClockExists); ++i) {
    const auto r = static_cast<Refusal>(i);
    const std::string_view code = refusal_code(r);
    EXPECT_EQ(refusal_named(code), r) << code;
    for (const char c : code) EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '-') << code;
  }
  EXPECT_EQ(refusal_code(Refusal::TooMany), "too-many");
  EXPECT_EQ(refusal_code(Refusal::UnknownCharacter), "unknown-character");
}

}  // namespace
}  // namespace rk::play
