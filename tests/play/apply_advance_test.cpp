// `advance` applied to a character's card (CA-56 – CA-73, WE-5, WE-6): fields, abilities, skills
// and saves, within the limits the ruleset declares and never clamped.
#include "apply_support.hpp"
#include "play/apply_ops.hpp"
#include "play_support.hpp"

namespace rk::play {
namespace {

using test::applied;
using test::gravewatch;

/// WE-5 and WE-6's sheet: `humanity` is a whole number 0–10, `xp` has room for 1,450, and a
/// `discipline` text; abilities and skills may advance, saves may not.
constexpr const char* kAdvancing = R"({ "id": "nights", "label": "Nights",
  "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "floorHalfMinusTen" },
    "difficultyLadder": [{ "label": "Hard", "dc": 15 }], "proficiencyTiers": [
    { "id": "untrained", "label": "Untrained" }, { "id": "trained", "label": "Trained", "flat": 1 },
    { "id": "expert", "label": "Expert", "flat": 2 } ] },
  "sheet": {
    "abilities": [{ "id": "str", "label": "Strength", "min": 1, "max": 20, "default": 10 }],
    "skills": [{ "id": "stealth", "label": "Stealth", "ability": "str" }],
    "saves": [{ "id": "will", "label": "Will", "ability": "str" }],
    "fields": [
      { "id": "xp", "label": "XP", "type": "number", "min": 0, "max": 100000 },
      { "id": "humanity", "label": "Humanity", "type": "number", "min": 0, "max": 10, "default": 7 },
      { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1 },
      { "id": "discipline", "label": "Discipline", "type": "text", "maxLength": 12 } ],
    "advancement": { "fields": ["xp", "humanity", "discipline"], "abilities": true, "skills": true,
                     "text": "Award XP at the end of a session; change other values only when earned." } } })";

const Ruleset& advancing() {
  static const std::shared_ptr<const Ruleset> ruleset = rk::test::compile(kAdvancing);
  return *ruleset;
}

Game advancing_game(const std::string& build) {
  return test::game_of({test::character(advancing(), R"({"v":1,"name":"Mira","build":)" + build + "}")});
}

TEST(ApplyAdvance, WE_5_past_max_is_bad_amount_naming_the_max_and_to_the_max_is_accepted) {
  const Game game = advancing_game(R"({"fields":{"humanity":9}})");
  const AppliedReply out = applied(advancing(), game,
                                   R"([sheet: op="advance" field="humanity" by="2"] )"
                                   R"([sheet: op="advance" field="humanity" by="0.5"] )"
                                   R"([sheet: op="advance" field="humanity" to="10"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: who="Mira" op="advance" field="humanity" by="2" result="refused" reason="bad-amount" limit="max 10"] )"
      R"([sheet: who="Mira" op="advance" field="humanity" by="0.5" result="refused" reason="bad-amount" limit="a whole number"] )"
      R"([sheet: who="Mira" op="advance" field="humanity" to="10" result="ok" now="Humanity 9 → 10"])");
  EXPECT_EQ(out.game.cards[0].fields.at("humanity"), Scalar{Number::of(10)});

  // The limit the refusal names (CA-61), and nothing saved.
  Character mira = game.cards[0];
  const detail::Outcome refused = detail::apply_advance(
      advancing(), mira,
      test::action_as<Advance>(test::only_command(R"([sheet: op="advance" field="humanity" by="2"])")));
  EXPECT_EQ(refused.reason, Refusal::BadAmount);
  EXPECT_EQ(refused.limit, "max 10");
  EXPECT_EQ(mira.fields.at("humanity"), Scalar{Number::of(9)});
  EXPECT_EQ(detail::apply_advance(
                advancing(), mira,
                test::action_as<Advance>(test::only_command(R"([sheet: op="advance" field="humanity" by="0.5"])")))
                .limit,
            "a whole number");
}

TEST(ApplyAdvance, WE_5_who_party_advances_the_cards_that_can_and_names_the_one_that_cannot) {
  Game game = test::game_of({test::character(advancing(), R"({"v":1,"name":"A","build":{"fields":{"humanity":9}}})"),
                             test::character(advancing(), R"({"v":1,"name":"B","build":{"fields":{"humanity":5}}})")});
  const AppliedReply out = applied(advancing(), game, R"([sheet: op="advance" field="humanity" by="2" who="party"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: who="party" op="advance" field="humanity" by="2" result="ok" now="A refused (bad-amount); B Humanity 5 → 7"])");
  EXPECT_EQ(out.game.cards[0].fields.at("humanity"), Scalar{Number::of(9)});
  EXPECT_EQ(out.game.cards[1].fields.at("humanity"), Scalar{Number::of(7)});
}

TEST(ApplyAdvance, CA_56_WE_5_without_advancement_every_advance_is_not_configured) {
  const auto bare = rk::test::compile(R"({ "id": "bare", "label": "Bare",
    "sheet": { "fields": [{ "id": "humanity", "label": "Humanity", "type": "number", "min": 0, "max": 10 }] } })");
  ASSERT_TRUE(bare);
  const Game game =
      test::game_of({test::character(*bare, R"({"v":1,"name":"Mira","build":{"fields":{"humanity":5}}})")});
  const AppliedReply out = applied(*bare, game, R"([sheet: op="advance" field="humanity" by="2"])");
  EXPECT_EQ(out.played.text,
            R"([sheet: who="Mira" op="advance" field="humanity" by="2" result="refused" reason="not-configured"])");
  EXPECT_EQ(out.game.cards[0].fields.at("humanity"), Scalar{Number::of(5)});
}

/// WE-6: an award is undone by value — advancing by its opposite — and a later, unrelated edit by
/// the player stays as it is.
TEST(ApplyAdvance, WE_6_an_xp_award_is_undone_by_value_and_a_later_edit_is_kept) {
  const Game start = advancing_game(R"({"fields":{"xp":1200,"humanity":7}})");
  AppliedReply r5 = applied(advancing(), start, R"([sheet: op="advance" field="xp" by="250"])");
  EXPECT_EQ(r5.played.text, R"([sheet: who="Mira" op="advance" field="xp" by="250" result="ok" now="XP 1200 → 1450"])");
  // The player edits humanity 7 → 6 in the sheet editor.
  r5.game.cards[0].fields["humanity"] = Scalar{Number::of(6)};
  const AppliedReply undone = applied(advancing(), r5.game, R"([sheet: op="advance" field="xp" by="-250"])");
  EXPECT_EQ(undone.played.text,
            R"([sheet: who="Mira" op="advance" field="xp" by="-250" result="ok" now="XP 1450 → 1200"])");
  EXPECT_EQ(undone.game.cards[0].fields.at("xp"), Scalar{Number::of(1200)});
  EXPECT_EQ(undone.game.cards[0].fields.at("humanity"), Scalar{Number::of(6)});
}

TEST(ApplyAdvance, CA_57_CA_59_each_target_abilities_skills_and_a_text_field) {
  const Game game = advancing_game(R"({"abilities":{"str":15},"skills":{"stealth":"trained"}})");
  const AppliedReply out = applied(advancing(), game,
                                   R"([sheet: op="advance" ability="str" by="1"] )"
                                   R"([sheet: op="advance" ability="Strength" to="18"] )"
                                   R"([sheet: op="advance" skill="stealth" tier="expert"] )"
                                   R"([sheet: op="advance" field="discipline" to="Auspex"] )"
                                   R"([sheet: op="advance" field="xp" by="250"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: who="Mira" op="advance" ability="str" by="1" result="ok" now="Strength 15 → 16"] )"
      R"([sheet: who="Mira" op="advance" ability="Strength" to="18" result="ok" now="Strength 16 → 18"] )"
      R"([sheet: who="Mira" op="advance" skill="stealth" tier="expert" result="ok" now="Stealth Trained → Expert"] )"
      R"([sheet: who="Mira" op="advance" field="discipline" to="Auspex" result="ok" now="Discipline: Auspex"] )"
      R"([sheet: who="Mira" op="advance" field="xp" by="250" result="ok" now="XP 0 → 250"])");
  const Character& mira = out.game.cards[0];
  EXPECT_EQ(mira.abilities.at("str"), Number::of(18));
  EXPECT_EQ(mira.skills.at("stealth"), "expert");
  EXPECT_EQ(mira.fields.at("discipline"), Scalar{std::string("Auspex")});
  EXPECT_EQ(mira.fields.at("xp"), Scalar{Number::of(250)});
}

TEST(ApplyAdvance, CA_60_names_and_tiers_match_ids_or_labels_without_regard_to_case) {
  const Game game = advancing_game("{}");
  const AppliedReply out = applied(advancing(), game,
                                   R"([sheet: op="advance" field="HUMANITY" by="-1"] )"
                                   R"([sheet: op="advance" skill="STEALTH" tier="Trained"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: who="Mira" op="advance" field="HUMANITY" by="-1" result="ok" now="Humanity 7 → 6"] )"
      R"([sheet: who="Mira" op="advance" skill="STEALTH" tier="Trained" result="ok" now="Stealth Untrained → Trained"])");
}

TEST(ApplyAdvance, CA_61_an_ability_and_a_text_are_held_to_their_limits_never_clamped) {
  const Game game = advancing_game(R"({"abilities":{"str":19}})");
  const AppliedReply out = applied(advancing(), game,
                                   R"([sheet: op="advance" ability="str" by="2"] )"
                                   R"([sheet: op="advance" ability="str" to="0"] )"
                                   R"([sheet: op="advance" ability="str" by="0.5"] )"
                                   R"([sheet: op="advance" field="discipline" to="Thaumaturgy!"] )"
                                   R"([sheet: op="advance" field="discipline" to="Thaumaturgy!!"] )"
                                   R"([sheet: op="advance" field="discipline" by="1"] )"
                                   R"([sheet: op="advance" field="xp" to="lots"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: who="Mira" op="advance" ability="str" by="2" result="refused" reason="bad-amount" limit="max 20"] )"
      R"([sheet: who="Mira" op="advance" ability="str" to="0" result="refused" reason="bad-amount" limit="min 1"] )"
      R"([sheet: who="Mira" op="advance" ability="str" by="0.5" result="refused" reason="bad-amount" limit="a whole number"] )"
      R"([sheet: who="Mira" op="advance" field="discipline" to="Thaumaturgy!" result="ok" now="Discipline: Thaumaturgy!"] )"
      R"([sheet: who="Mira" op="advance" field="discipline" to="Thaumaturgy!!" result="refused" reason="bad-amount" limit="at most 12 characters"] )"
      R"([sheet: who="Mira" op="advance" field="discipline" by="1" result="refused" reason="bad-amount" limit="a text takes to, not by"] )"
      R"([sheet: who="Mira" op="advance" field="xp" to="lots" result="refused" reason="bad-amount" limit="a number"])");
  EXPECT_EQ(out.game.cards[0].abilities.at("str"), Number::of(19));
  Character mira = game.cards[0];
  const auto limit = [&](std::string_view tag) {
    return detail::apply_advance(advancing(), mira, test::action_as<Advance>(test::only_command(tag))).limit;
  };
  EXPECT_EQ(limit(R"([sheet: op="advance" ability="str" by="2"])"), "max 20");
  EXPECT_EQ(limit(R"([sheet: op="advance" ability="str" to="0"])"), "min 1");
  EXPECT_EQ(limit(R"([sheet: op="advance" field="discipline" to="Thaumaturgy!!"])"), "at most 12 characters");
  EXPECT_EQ(limit(R"([sheet: op="advance" field="discipline" by="1"])"), "a text takes to, not by");
  EXPECT_EQ(limit(R"([sheet: op="advance" field="xp" to="lots"])"), "a number");
}

TEST(ApplyAdvance, CA_62_not_permitted_unknown_names_and_unknown_tiers_are_refused) {
  const Game game = advancing_game("{}");
  const AppliedReply out = applied(advancing(), game,
                                   R"([sheet: op="advance" field="level" by="1"] )"
                                   R"([sheet: op="advance" save="will" tier="trained"] )"
                                   R"([sheet: op="advance" field="sanity" by="1"] )"
                                   R"([sheet: op="advance" ability="luck" by="1"] )"
                                   R"([sheet: op="advance" skill="flying" tier="trained"] )"
                                   R"([sheet: op="advance" save="luck" tier="trained"] )"
                                   R"([sheet: op="advance" skill="stealth" tier="master"])");
  EXPECT_EQ(out.played.text,
            R"([sheet: who="Mira" op="advance" field="level" by="1" result="refused" reason="not-permitted"] )"
            R"([sheet: who="Mira" op="advance" save="will" tier="trained" result="refused" reason="not-permitted"] )"
            R"([sheet: who="Mira" op="advance" field="sanity" by="1" result="refused" reason="unknown-field"] )"
            R"([sheet: who="Mira" op="advance" ability="luck" by="1" result="refused" reason="unknown-ability"] )"
            R"([sheet: who="Mira" op="advance" skill="flying" tier="trained" result="refused" reason="unknown-skill"] )"
            R"([sheet: who="Mira" op="advance" save="luck" tier="trained" result="refused" reason="unknown-save"] )"
            R"([sheet: who="Mira" op="advance" skill="stealth" tier="master" result="refused" reason="unknown-tier"])");
  EXPECT_TRUE(out.game.cards[0].fields.empty());
  EXPECT_TRUE(out.game.cards[0].skills.empty());
}

TEST(ApplyAdvance, CA_52_gravewatch_advances_a_rating_and_a_post_on_the_game_card) {
  const Game game = test::game_of({test::character(
      gravewatch(),
      R"({"v":1,"name":"Mira","build":{"fields":{"willpower_rating":4,"xp":12,"post":"North gate lychhouse"}}})")});
  const AppliedReply out = applied(gravewatch(), game,
                                   R"([sheet: op="advance" field="xp" by="2"] )"
                                   R"([sheet: op="advance" field="Willpower rating" by="1"] )"
                                   R"([sheet: op="advance" field="post" to="Bell tower"] )"
                                   R"([sheet: op="advance" field="post" to="{{char}} hall"] )"
                                   R"([sheet: op="advance" save="endure" tier="sworn"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: who="Mira" op="advance" field="xp" by="2" result="ok" now="Experience 12 → 14"] )"
      R"([sheet: who="Mira" op="advance" field="Willpower rating" by="1" result="ok" now="Willpower rating 4 → 5"] )"
      R"([sheet: who="Mira" op="advance" field="post" to="Bell tower" result="ok" now="Post: Bell tower"] )"
      R"([sheet: who="Mira" op="advance" field="post" to="{{char}} hall" result="refused" reason="bad-amount" limit="prompt-safe text"] )"
      R"([sheet: who="Mira" op="advance" save="endure" tier="sworn" result="refused" reason="not-permitted"])");
  EXPECT_EQ(out.game.cards[0].fields.at("post"), Scalar{std::string("Bell tower")});
}

}  // namespace
}  // namespace rk::play
