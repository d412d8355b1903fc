// Issue 11 point 3: the builder's dead ends and refusals say why and what to do first, and a
// player's own edit is never shown as what selections give.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace rk::builder_test {
namespace {

bool mentions(const std::vector<std::string>& notes, const std::string& words) {
  for (const auto& n : notes) {
    if (n.find(words) != std::string::npos) return true;
  }
  return false;
}

/// The message of the first refusal of `action`, or "" when it is accepted.
std::string dead_end_refusal(Build& b, const std::string& action) {
  Diagnostics d;
  auto next = apply_action(b.catalogs(), b.character(), boost::json::parse(action), b.dice(), d);
  EXPECT_FALSE(next.has_value()) << action << " was accepted";
  return d.items().empty() ? "" : d.items().front().message;
}

TEST(BuilderDeadEnds, BA_54_a_hand_edit_of_an_ability_is_shown_as_the_players_edit_not_as_a_bonus) {
  Build b;
  b.act(R"({"step": "scores", "set": {"str": 8, "dex": 14, "con": 14, "int": 8, "wis": 12, "cha": 15}})");
  b.act(R"({"step": "race", "pick": "half-elf"})");
  b.act(R"({"edit": "abilities/cha", "value": 18})");
  const AbilityEntryView& cha = b.step("scores").abilities.back();
  EXPECT_EQ(cha.base, Number::of(15));
  EXPECT_EQ(cha.bonus, Number::of(2));  // the Half-Elf's +2, and only that
  EXPECT_EQ(cha.edit, Number::of(1));
  EXPECT_EQ(cha.total, Number::of(18));
  const auto json = builder_view_to_json(b.view());
  for (const auto& step : json.at("steps").as_array()) {
    if (step.at("id") != "scores") continue;
    const auto& abilities = step.at("abilities").as_array();
    EXPECT_EQ(abilities.back().at("edit"), 1);
    EXPECT_FALSE(abilities.front().as_object().contains("edit"));  // str: no edit, no key
  }
}

TEST(BuilderDeadEnds, I11_3_point_buy_points_may_be_kept_unspent_by_choice) {
  Build b;
  b.act(R"({"step": "scores", "set": {"str": 8, "dex": 14, "con": 14, "int": 8, "wis": 12, "cha": 14}})");
  EXPECT_EQ(b.step("scores").budget_left, Number::of(2));
  EXPECT_EQ(b.step("scores").badge, 1);
  EXPECT_TRUE(mentions(b.step("scores").notes, R"("keepUnspent": true)"));
  b.act(R"({"step": "scores", "keepUnspent": true})");
  EXPECT_EQ(b.step("scores").badge, 0);
  EXPECT_TRUE(mentions(b.step("scores").notes, "2 points left unspent, by choice"));
  b.reopen();  // stored with the answers
  EXPECT_EQ(b.step("scores").badge, 0);
  // A new method is a new question: the choice about the old method's points goes.
  b.act(R"({"step": "scores", "method": "manual"})").act(R"({"step": "scores", "method": "pointBuy"})");
  EXPECT_EQ(b.step("scores").badge, 1);
  EXPECT_EQ(b.refused(R"({"step": "scores", "keepUnspent": "yes"})"), "wrong-type");
  b.act(R"({"step": "scores", "method": "standardArray"})");
  EXPECT_NE(dead_end_refusal(b, R"({"step": "scores", "keepUnspent": true})").find("uses `standardArray`"),
            std::string::npos);
}

TEST(BuilderDeadEnds, I11_3_a_step_waiting_for_an_earlier_pick_says_which_and_a_refused_pick_says_why) {
  Build b(
      R"({ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races", "field": "race", "filters": { "kind": "race" } },
             { "id": "subrace", "label": "Subrace", "kind": "catalog", "catalog": "races", "field": "subrace",
               "within": { "step": "race", "filter": "parent" } })");
  EXPECT_EQ(b.step("subrace").badge, 1);
  EXPECT_TRUE(b.step("subrace").offers.empty());
  EXPECT_TRUE(mentions(b.step("subrace").notes, "pick at step `race` first")) << b.step("subrace").notes.size();
  const std::string refusal = dead_end_refusal(b, R"({"step": "subrace", "pick": "hill-dwarf"})");
  EXPECT_NE(refusal.find("its parent is not selected at step `race`"), std::string::npos) << refusal;
  EXPECT_NE(dead_end_refusal(b, R"({"step": "subrace", "pick": "hill-dwarff"})").find("has no such entry"),
            std::string::npos);
  b.act(R"({"step": "race", "pick": "dwarf"})").act(R"({"step": "subrace", "pick": "hill-dwarf"})");
  EXPECT_EQ(b.step("subrace").badge, 0);
  EXPECT_TRUE(b.step("subrace").notes.empty());
}

TEST(BuilderDeadEnds, BA_148_a_described_character_is_told_why_and_how_to_go_on) {
  Build b;
  Character c = b.character();
  c.fields["background_note"] = Scalar{std::string("Raised by wolves")};
  c.builder = boost::json::value();
  b.set_character(c);
  EXPECT_EQ(b.view().mode, "described");
  ASSERT_EQ(b.view().notes.size(), 1u);
  EXPECT_NE(b.view().notes[0].find(R"({"done": true})"), std::string::npos);
  const std::string refusal =
      dead_end_refusal(b, R"({"step": "scores", "set": {"str": 8, "dex": 14, "con": 14, "int": 8, "wis": 12}})");
  EXPECT_NE(refusal.find("the character is described"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find(R"({"done": true})"), std::string::npos) << refusal;
  EXPECT_EQ(refusal.find("no method yet"), std::string::npos) << refusal;
  b.act(R"({"done": true})");
  EXPECT_TRUE(b.view().notes.empty());
  EXPECT_NE(dead_end_refusal(b, R"({"step": "scores", "set": {"str": 9}})").find("has no method yet: choose one"),
            std::string::npos);
}

TEST(BuilderDeadEnds, BA_17_an_entry_an_enum_field_does_not_offer_is_not_written_and_the_step_says_so) {
  Build b(
      R"({ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races", "field": "class", "filters": { "kind": "race" } })");
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_FALSE(b.field("class").has_value());
  EXPECT_TRUE(mentions(b.step("race").notes, "`Dwarf` is not written into field `class`"));
}

}  // namespace
}  // namespace rk::builder_test
