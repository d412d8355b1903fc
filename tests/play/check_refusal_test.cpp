// Checks the engine does not roll (docs/format/checks.md "Refusals"): each is written back as the
// ask with its reason, draws no die and leaves no record.
#include "check_support.hpp"

namespace rk::play {
namespace {

using test::resolve_with;

class CheckRefusals : public ::testing::Test {
 protected:
  void SetUp() override {
    ruleset = rk::test::compile(test::chapter_pool_ruleset());
    ASSERT_TRUE(ruleset);
    game = test::game_of(*ruleset, {test::kMira, test::kBram});
  }
  std::string refused(std::string_view reply) {
    test::NoDice never;
    const ResolvedChecks r = resolve_checks(*ruleset, game, reply, 1, never);
    EXPECT_TRUE(game.rolls.empty());
    return r.text;
  }
  std::shared_ptr<const Ruleset> ruleset;
  Game game;
};

TEST_F(CheckRefusals, SH_5_untrained_refuse_is_written_back_with_reason_untrained) {
  EXPECT_EQ(refused(R"(Soil. [skill_check: skill="Dig" dc="1" who="Mira"])"),
            R"(Soil. [skill_check: skill="Dig" dc="1" who="Mira" reason="untrained"])");
  // Without who=, the player's character; the ask keeps its own shape.
  EXPECT_EQ(refused(R"([skill_check: skill="Dig" difficulty="Unheard of"])"),
            R"([skill_check: skill="Dig" difficulty="Unheard of" reason="untrained"])");
}

TEST_F(CheckRefusals, SH_5_a_reason_the_game_master_wrote_is_not_believed) {
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="1" reason="untrained"])", {7, 7, 7, 7, 7});
  EXPECT_EQ(r.text.find("reason="), std::string::npos) << r.text;
  EXPECT_EQ(r.checks[0].outcome, CheckOutcome::CriticalSuccess);
}

TEST_F(CheckRefusals, unknown_character) {
  EXPECT_EQ(refused(R"([skill_check: skill="Ward" dc="1" who="Nobody"])"),
            R"([skill_check: skill="Ward" dc="1" who="Nobody" reason="unknown-character"])");
  Game no_player = game;
  no_player.player_name.reset();
  test::NoDice never;
  EXPECT_EQ(resolve_checks(*ruleset, no_player, R"([skill_check: skill="Ward" dc="1"])", 1, never).text,
            R"([skill_check: skill="Ward" dc="1" reason="unknown-character"])");
}

TEST_F(CheckRefusals, who_is_matched_by_normalized_name_and_written_as_the_cards_name) {
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="1" who="  bram THE quiet "])", {7, 7});
  EXPECT_EQ(r.checks[0].who, "Bram the Quiet");
  EXPECT_NE(r.text.find(R"( who="Bram the Quiet")"), std::string::npos) << r.text;
}

TEST_F(CheckRefusals, unknown_skill) {
  EXPECT_EQ(refused(R"([skill_check: skill="Brawl" dc="3" use="Potence" spend="blood:3"])"),
            R"([skill_check: skill="Brawl" dc="3" spend="blood:3" use="Potence" reason="unknown-skill"])");
}

TEST_F(CheckRefusals, no_difficulty) {
  EXPECT_EQ(refused(R"([skill_check: skill="Ward" difficulty="Unheard of"])"),
            R"([skill_check: skill="Ward" difficulty="Unheard of" reason="no-difficulty"])");
  EXPECT_EQ(refused(R"([skill_check: skill="Ward" dc="many"])"),
            R"([skill_check: skill="Ward" reason="no-difficulty"])");
}

TEST_F(CheckRefusals, malformed_when_no_skill_is_named) {
  EXPECT_EQ(refused(R"([skill_check: dc="2" who="Mira"])"),
            R"([skill_check: raw="dc='2' who='Mira'" reason="malformed"])");
}

TEST_F(CheckRefusals, spend_and_use_are_never_refusals_a_purchase_that_cannot_be_made_buys_nothing) {
  // writing-rulesets.md "Spending to change a roll": this ruleset declares no spend on Resolve and
  // no Potence, so nothing is bought and the check rolls as it would have.
  const ResolvedChecks r = resolve_with(
      *ruleset, game, R"([skill_check: skill="Nerve" dc="2" spend="resolve:1" use="Potence"])", {7, 7, 2, 3});
  ASSERT_EQ(r.checks.size(), 1u);
  EXPECT_FALSE(r.checks[0].refusal);
  EXPECT_EQ(r.checks[0].spent, "");
  EXPECT_EQ(r.checks[0].total, 2);
}

TEST_F(CheckRefusals, a_spending_behind_the_interface_is_applied_as_bought) {
  struct OneSuccess final : CheckSpending {
    CheckPurchase buy(const Ruleset&, Character&, const CheckAsk& ask, std::int64_t sheet_dice) override {
      EXPECT_EQ(ask.spend, "resolve:1");
      EXPECT_EQ(sheet_dice, 4);
      CheckPurchase p;
      p.successes = 1;
      p.spent = "resolve:1";
      return p;
    }
    std::vector<AppliedContextual> apply(const Ruleset&, Character&, const CheckAsk&, const ContextualRoll&) override {
      return {};
    }
  } spending;
  ScriptedDice dice({2, 3, 4, 5});
  const ResolvedChecks r =
      resolve_checks(*ruleset, game, R"([skill_check: skill="Nerve" dc="1" spend="resolve:1"])", 1, dice, &spending);
  EXPECT_EQ(
      r.text,
      R"([skill_check: skill="Nerve" dc="1" rolls="2|3|4|5" used="1" modifier="4" total="1" result="success" )"
      R"(mode="normal" resolution="successes" dice="4d10" threshold="6" spend="resolve:1" auto="1" terms="Nerve +4"])");
}

TEST_F(CheckRefusals, BC_42_apply_naming_what_the_sheet_does_not_have_changes_nothing) {
  const ResolvedChecks plain = resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="1"])", {7, 7, 7, 7, 7});
  Game other = test::game_of(*ruleset, {test::kMira, test::kBram});
  const ResolvedChecks applied = resolve_with(
      *ruleset, other, R"([skill_check: skill="Ward" dc="1" apply="Strong Back; Quick Eye"])", {7, 7, 7, 7, 7});
  EXPECT_EQ(applied.checks[0].modifier, plain.checks[0].modifier);
  EXPECT_EQ(applied.checks[0].total, plain.checks[0].total);
}

}  // namespace
}  // namespace rk::play
