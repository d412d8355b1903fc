// The record of rolls (docs/format/game.md "The record of rolls"): one record per request keyed
// (reply, tag); a replay reads the faces back and never rolls; a record that does not fit refuses
// the replay and changes nothing.
#include "check_support.hpp"
#include "play/rolls.hpp"

namespace rk::play {
namespace {

constexpr std::string_view kReply =
    R"(Mira listens. [sheet: op="spend" pool="resolve" amount="1"] [skill_check: skill="Ward" dc="2"] )"
    R"(Bram braces. [skill_check: skill="Ward" dc="2" who="Bram the Quiet" mode="advantage"] [skill_check: skill="Dig" dc="1"])";

class CheckReplay : public ::testing::Test {
 protected:
  void SetUp() override {
    ruleset = rk::test::compile(test::chapter_pool_ruleset());
    ASSERT_TRUE(ruleset);
    start = test::game_of(*ruleset, {test::kMira, test::kBram});
  }
  std::shared_ptr<const Ruleset> ruleset;
  Game start;
};

TEST_F(CheckReplay, tags_are_numbered_among_every_tag_and_each_request_has_one_record) {
  Game game = start;
  SeededDice dice(7);
  const ResolvedChecks r = resolve_checks(*ruleset, game, kReply, 3, dice);
  ASSERT_FALSE(r.replay_problem);
  ASSERT_EQ(r.checks.size(), 3u);
  EXPECT_EQ(r.checks[0].tag, 2);  // the [sheet:] is tag 1
  EXPECT_EQ(r.checks[1].tag, 3);
  EXPECT_EQ(r.checks[2].tag, 4);
  EXPECT_EQ(r.checks[2].refusal, CheckRefusal::Untrained);
  // Two checks threw dice; the refused one threw none and has no record.
  ASSERT_EQ(game.rolls.size(), 2u);
  EXPECT_EQ(r.records_added, 2u);
  EXPECT_EQ(game.rolls[0].reply, 3);
  EXPECT_EQ(game.rolls[0].tag, 2);
  EXPECT_EQ(game.rolls[0].who, "Mira");
  EXPECT_EQ(game.rolls[1].tag, 3);
  EXPECT_EQ(game.rolls[1].ask, R"([skill_check: skill="Ward" dc="2" who="Bram the Quiet" mode="advantage"])");
  // The commands are left for the tag reader, byte for byte.
  EXPECT_NE(r.text.find(R"([sheet: op="spend" pool="resolve" amount="1"])"), std::string::npos);
}

TEST_F(CheckReplay, same_game_same_reply_same_seed_gives_the_same_bytes) {
  Game first = start, second = start;
  SeededDice a(42), b(42);
  const ResolvedChecks one = resolve_checks(*ruleset, first, kReply, 1, a);
  const ResolvedChecks two = resolve_checks(*ruleset, second, kReply, 1, b);
  EXPECT_EQ(one.text, two.text);
  ASSERT_EQ(first.rolls.size(), second.rolls.size());
  for (std::size_t i = 0; i < first.rolls.size(); ++i) {
    ASSERT_EQ(first.rolls[i].throws.size(), second.rolls[i].throws.size());
    for (std::size_t t = 0; t < first.rolls[i].throws.size(); ++t) {
      EXPECT_EQ(first.rolls[i].throws[t].faces, second.rolls[i].throws[t].faces);
    }
  }
}

TEST_F(CheckReplay, a_recorded_roll_is_read_back_and_the_dice_are_not_asked) {
  Game game = start;
  SeededDice seeded(9);
  const ResolvedChecks first = resolve_checks(*ruleset, game, kReply, 1, seeded);
  // Replaying from the state before the reply, with the record the first application wrote.
  Game replay = start;
  replay.rolls = game.rolls;
  test::NoDice never;
  const ResolvedChecks again = resolve_checks(*ruleset, replay, kReply, 1, never);
  ASSERT_FALSE(again.replay_problem);
  EXPECT_EQ(again.text, first.text);
  EXPECT_EQ(again.records_added, 0u);
  EXPECT_EQ(replay.rolls.size(), game.rolls.size());
  // An empty ScriptedDice would give ones; the faces come from the record instead.
  Game scripted = start;
  scripted.rolls = game.rolls;
  ScriptedDice empty({});
  EXPECT_EQ(resolve_checks(*ruleset, scripted, kReply, 1, empty).text, first.text);
}

TEST_F(CheckReplay, a_record_made_for_another_ask_refuses_the_replay_and_changes_nothing) {
  Game game = start;
  SeededDice seeded(9);
  resolve_checks(*ruleset, game, kReply, 1, seeded);
  Game replay = start;
  replay.rolls = game.rolls;
  replay.rolls[0].ask = R"([skill_check: skill="Ward" dc="3"])";
  const std::vector<RollRecord> before = replay.rolls;
  test::NoDice never;
  const ResolvedChecks r = resolve_checks(*ruleset, replay, kReply, 1, never);
  ASSERT_TRUE(r.replay_problem);
  EXPECT_EQ(*r.replay_problem, "tag 2 of reply 1: the record of this request was made for another tag");
  EXPECT_EQ(r.text, kReply);
  EXPECT_TRUE(r.checks.empty());
  EXPECT_EQ(replay.rolls.size(), before.size());
}

TEST_F(CheckReplay, a_record_with_too_few_or_too_many_faces_is_never_topped_up) {
  Game game = start;
  SeededDice seeded(9);
  resolve_checks(*ruleset, game, R"([skill_check: skill="Ward" dc="2"])", 1, seeded);
  ASSERT_EQ(game.rolls.size(), 1u);

  Game short_of = start;
  short_of.rolls = game.rolls;
  short_of.rolls[0].throws[0].faces.pop_back();
  test::NoDice never;
  const ResolvedChecks fewer = resolve_checks(*ruleset, short_of, R"([skill_check: skill="Ward" dc="2"])", 1, never);
  ASSERT_TRUE(fewer.replay_problem);
  EXPECT_NE(fewer.replay_problem->find("fewer faces"), std::string::npos);

  Game extra = start;
  extra.rolls = game.rolls;
  extra.rolls[0].throws.push_back(Throw{"explode", 10, {4}});
  // Only when the extra throw is not one the roll itself needs.
  bool exploded = false;
  for (const Throw& t : game.rolls[0].throws) exploded = exploded || t.purpose == "explode";
  if (!exploded) {
    const ResolvedChecks more = resolve_checks(*ruleset, extra, R"([skill_check: skill="Ward" dc="2"])", 1, never);
    ASSERT_TRUE(more.replay_problem);
    EXPECT_NE(more.replay_problem->find("more faces"), std::string::npos);
  }

  Game other_die = start;
  other_die.rolls = game.rolls;
  other_die.rolls[0].throws[0].sides = 6;
  const ResolvedChecks wrong = resolve_checks(*ruleset, other_die, R"([skill_check: skill="Ward" dc="2"])", 1, never);
  ASSERT_TRUE(wrong.replay_problem);
  EXPECT_NE(wrong.replay_problem->find("other dice"), std::string::npos);
}

TEST_F(CheckReplay, new_records_are_filed_in_reply_then_tag_order) {
  Game game = start;
  ScriptedDice later({7, 7, 7, 7, 7});
  resolve_checks(*ruleset, game, R"([skill_check: skill="Ward" dc="1"])", 2, later);
  ScriptedDice earlier({7, 7, 7, 7, 7});
  resolve_checks(*ruleset, game, R"([skill_check: skill="Ward" dc="1"])", 1, earlier);
  ASSERT_EQ(game.rolls.size(), 2u);
  EXPECT_EQ(game.rolls[0].reply, 1);
  EXPECT_EQ(game.rolls[1].reply, 2);
}

TEST(RollRecorder, consecutive_faces_of_one_purpose_and_die_are_one_throw) {
  std::vector<RollRecord> records;
  ScriptedDice dice({1, 2, 3, 4});
  RollRecorder recorder(records, dice);
  RequestDice request = recorder.begin(1, 1, "ask");
  EXPECT_EQ(request.roll("check", 6), 1);
  EXPECT_EQ(request.roll("check", 6), 2);
  EXPECT_EQ(request.roll("explode", 6), 3);
  EXPECT_EQ(request.roll("check", 6), 4);
  EXPECT_TRUE(recorder.finish(request, 1, 1, "ask", std::string("Mira")));
  ASSERT_EQ(records.size(), 1u);
  ASSERT_EQ(records[0].throws.size(), 3u);
  EXPECT_EQ(records[0].throws[0].faces, (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(records[0].throws[2].faces, (std::vector<std::int64_t>{4}));
}

}  // namespace
}  // namespace rk::play
