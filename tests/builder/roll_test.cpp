// Creation rolls and starting values at run time (builder-c.md §7, §11): `methods.rolls`, roll
// steps and initialize steps, with the worked examples E1 and E4 and their exact values on
// scripted dice.
#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "fixture.hpp"
#include "support/roll_ruleset.hpp"

namespace rk::builder_test {
namespace {

using test::roll_pool;
using test::roll_ruleset;
using test::roll_step;

const std::string kCocRolls = R"({ "id": "characteristics", "label": "Characteristics", "kind": "abilities",
  "methods": { "rolls": [
    { "abilities": ["str", "con", "dex", "app", "pow"], "dice": { "count": 3, "sides": 6, "multiplier": 5 } },
    { "abilities": ["siz", "int", "edu"], "dice": { "count": 2, "sides": 6, "add": 6, "multiplier": 5 } } ] } })";

const std::string kStart = R"({ "id": "start", "label": "Starting values", "kind": "initialize",
  "writes": [ { "field": "san_start", "value": { "abilityScore": "pow" } }, { "field": "xp", "remaining": "creation" } ] })";

// E4: a best-of-3 potential floored at its characteristic, a floored hit-point roll, EDU's improvement.
const std::string kPotential =
    R"({"id": "potential", "field": "st_potential", "dice": {"count": 1, "sides": 100}, "best": 3, "floor": {"field": "st_temp"}})";
const std::string kHp = R"({"id": "hp", "field": "hp", "dice": {"count": 1, "sides": 6, "add": -3}, "floor": 1})";
const std::string kEdu =
    R"({"id": "edu", "label": "EDU improvement", "ability": "edu", "dice": {"count": 1, "sides": 100}, "gain": {"count": 1, "sides": 10}})";

const RollEntryView& entry_of(const Build& b, const std::string& id, const std::string& step = "luck") {
  for (const auto& e : b.step(step).roll_entries) {
    if (e.id == id) return e;
  }
  ADD_FAILURE() << "no roll " << id;
  return b.step(step).roll_entries.front();
}

Number field_number(const Build& b, const std::string& id) {
  auto v = b.field(id);
  const auto* n = v ? std::get_if<Number>(&v->value) : nullptr;
  return n == nullptr ? Number::of(-1) : *n;
}

std::vector<Number> totals(const RollEntryView& e) {
  std::vector<Number> out;
  for (const auto& t : e.attempts) out.push_back(t.total);
  return out;
}

/// A character described as it already is: a field filled in before the builder first opens (BA-148).
Character described_character(const Build& b) {
  Character c = blank_character(b.ruleset());
  c.fields["motto"] = Scalar{std::string("Never alone")};
  return c;
}

TEST(BuilderRoll, BC_81_E1_worked_example_coc_characteristics_rolled_in_order) {
  Build b(roll_ruleset(kCocRolls), true);
  b.act(R"({"step": "characteristics", "method": "rolls"})");
  EXPECT_EQ(b.step("characteristics").badge, 1);  // before rolling
  // str, con, dex, app, pow with 3d6 x5, then siz, int, edu with (2d6+6) x5.
  b.script_dice({4, 2, 6, 3, 3, 3, 5, 5, 5, 1, 2, 3, 6, 6, 6, 3, 5, 6, 6, 1, 1});
  b.act(R"({"step": "characteristics", "roll": true})");
  EXPECT_EQ(b.ability("str"), Number::of(60));  // (4 + 2 + 6) x 5
  EXPECT_EQ(b.ability("con"), Number::of(45));
  EXPECT_EQ(b.ability("dex"), Number::of(75));
  EXPECT_EQ(b.ability("app"), Number::of(30));
  EXPECT_EQ(b.ability("pow"), Number::of(90));
  EXPECT_EQ(b.ability("siz"), Number::of(70));  // (3 + 5 + 6) x 5
  EXPECT_EQ(b.ability("int"), Number::of(90));
  EXPECT_EQ(b.ability("edu"), Number::of(40));  // (1 + 1 + 6) x 5: group 2 never below 40
  EXPECT_EQ(b.step("characteristics").badge, 0);
  // BC-87: each result kept with its faces: STR 60 [4, 2, 6].
  const auto& abilities = b.step("characteristics").abilities;
  const auto str = std::find_if(abilities.begin(), abilities.end(), [](const auto& a) { return a.id == "str"; });
  ASSERT_NE(str, abilities.end());
  EXPECT_EQ(str->faces, (std::vector<std::int64_t>{4, 2, 6}));
  EXPECT_EQ(str->base, Number::of(60));
  const auto& stored = b.character().builder.at("steps").at("characteristics");
  EXPECT_EQ(stored.at("method"), "rolls");
  EXPECT_EQ(stored.at("rolls").at(0), boost::json::parse(R"({"faces": [4, 2, 6], "total": 60})"));
}

TEST(BuilderRoll, BC_81_E1_keep_takes_the_highest_faces) {
  // E1.4: {count 4, sides 6, keep 3} on [6, 4, 3, 1] keeps 6 + 4 + 3.
  const CreationDice keep3{4, 6, 3, 0, 1};
  EXPECT_EQ(keep3.total({6, 4, 3, 1}), 13);
  EXPECT_EQ(keep3.text(), "4d6 keep 3");
  // BC-81: (sum of kept faces + add) x multiplier, so CoC's (2d6+6) x 5 on [3, 5] is 70.
  EXPECT_EQ((CreationDice{2, 6, 0, 6, 5}).total({3, 5}), 70);
}

TEST(BuilderRoll, BC_82_a_roll_never_moves_to_another_value) {
  Build b(roll_ruleset(kCocRolls), true);
  b.act(R"({"step": "characteristics", "method": "rolls"})");
  b.script_dice({4, 2, 6});
  b.act(R"({"step": "characteristics", "roll": true})");
  // The 60 rolled for STR is STR's: nothing assigns it to DEX.
  EXPECT_EQ(b.refused(R"({"step": "characteristics", "assign": {"dex": 60}})"), "bad-action");
  EXPECT_EQ(b.ability("str"), Number::of(60));
}

TEST(BuilderRoll, BC_88_E1_reopening_never_rolls_the_characteristics_again) {
  Build b(roll_ruleset(kCocRolls), true);
  b.act(R"({"step": "characteristics", "method": "rolls"})");
  b.script_dice({4, 2, 6});
  b.act(R"({"step": "characteristics", "roll": true})");
  b.script_dice({6, 6, 6});
  b.reopen();
  EXPECT_EQ(b.ability("str"), Number::of(60));
  EXPECT_EQ(b.refused(R"({"step": "characteristics", "roll": true})"), "already-rolled");
  EXPECT_EQ(b.ability("str"), Number::of(60));
}

TEST(BuilderRoll, BC_89_E1_a_described_character_gets_no_rolls) {
  Build b(roll_ruleset(kCocRolls + ", " + roll_step(kHp)), true);
  b.set_character(described_character(b));
  EXPECT_EQ(b.view().mode, "described");
  EXPECT_EQ(b.refused(R"({"step": "characteristics", "method": "rolls"})"), "described-mode");
  EXPECT_EQ(b.refused(R"({"step": "luck", "roll": true})"), "described-mode");
  EXPECT_EQ(b.step("luck").badge, 0);
  EXPECT_FALSE(b.step("luck").roll_entries.front().can_roll);
  EXPECT_FALSE(b.field("hp").has_value());
}

TEST(BuilderRoll, BC_84_BC_85_E4_best_of_3_held_at_the_floor) {
  Build b(roll_ruleset(roll_step(kPotential)), true);
  EXPECT_EQ(b.step("luck").badge, 1);
  b.script_dice({18, 55, 41});
  b.act(R"({"step": "luck", "roll": "potential"})");
  const RollEntryView& e = entry_of(b, "potential");
  EXPECT_EQ(totals(e), (std::vector<Number>{Number::of(18), Number::of(55), Number::of(41)}));
  EXPECT_EQ(e.kept, 1);                // best keeps 55
  EXPECT_EQ(e.floor, Number::of(62));  // st_temp
  EXPECT_EQ(e.value, Number::of(62));  // 55 < 62: "a potential never below its characteristic"
  EXPECT_EQ(field_number(b, "st_potential"), Number::of(62));
  EXPECT_EQ(b.step("luck").badge, 0);
}

TEST(BuilderRoll, BC_85_E4_a_numeric_floor_of_1_guarantees_a_hit_point) {
  Build b(roll_ruleset(roll_step(kHp)), true);
  b.script_dice({1});
  b.act(R"({"step": "luck", "roll": true})");
  EXPECT_EQ(entry_of(b, "hp").attempts.front().total, Number::of(-2));  // 1 - 3
  EXPECT_EQ(field_number(b, "hp"), Number::of(1));
}

TEST(BuilderRoll, BC_86_E4_gain_is_added_only_when_the_roll_exceeds_the_field) {
  // EDU is 70. A roll of 83 exceeds it: EDU becomes 70 + 1d10 (7).
  Build up(roll_ruleset(roll_step(kEdu)), true);
  up.script_dice({83, 7});
  up.act(R"({"step": "luck", "roll": true})");
  EXPECT_TRUE(entry_of(up, "edu").improved);
  EXPECT_EQ(entry_of(up, "edu").before, Number::of(70));
  EXPECT_EQ(entry_of(up, "edu").gain_roll->total, Number::of(7));
  EXPECT_EQ(up.ability("edu"), Number::of(77));
  // 70 (equal: "exceeds" is strictly greater) and 45 add nothing.
  for (std::int64_t roll : {70, 45}) {
    Build same(roll_ruleset(roll_step(kEdu)), true);
    same.script_dice({roll, 7});
    same.act(R"({"step": "luck", "roll": true})");
    EXPECT_FALSE(entry_of(same, "edu").improved) << roll;
    EXPECT_EQ(same.ability("edu"), Number::of(70)) << roll;
  }
}

TEST(BuilderRoll, BC_86_a_numeric_gain_adds_that_number) {
  Build b(roll_ruleset(roll_step(R"({"id": "edu", "ability": "edu", "dice": {"count": 1, "sides": 100}, "gain": 5})")),
          true);
  b.script_dice({83});
  b.act(R"({"step": "luck", "roll": true})");
  EXPECT_EQ(b.ability("edu"), Number::of(75));
  EXPECT_EQ(entry_of(b, "edu").gain, "5");
}

TEST(BuilderRoll, BC_87_every_roll_is_saved_with_its_faces) {
  Build b(roll_ruleset(roll_step(kPotential + ", " + kEdu)), true);
  b.script_dice({18, 55, 41, 83, 7});
  b.act(R"({"step": "luck", "roll": true})");
  const auto& rolled = b.character().builder.at("steps").at("luck").at("rolled");
  EXPECT_EQ(rolled.at("potential"), boost::json::parse(R"({"attempts": [[18], [55], [41]]})"));
  EXPECT_EQ(rolled.at("edu"), boost::json::parse(R"({"attempts": [[83]], "gain": [7]})"));
  const auto json = builder_view_to_json(b.view());
  bool shown = false;
  for (const auto& s : json.at("steps").as_array()) {
    if (s.at("id") != "luck") continue;
    EXPECT_EQ(s.at("rolls").at(0).at("attempts").at(1), boost::json::parse(R"({"faces": [55], "total": 55})"));
    EXPECT_EQ(s.at("rolls").at(1).at("gainRoll").at("faces"), boost::json::parse("[7]"));
    shown = true;
  }
  EXPECT_TRUE(shown);
}

TEST(BuilderRoll, BC_88_a_roll_is_kept_and_only_retry_offers_another) {
  const std::string luck = R"({"id": "luck", "field": "luck", "dice": {"count": 3, "sides": 6, "multiplier": 5}})";
  Build kept(roll_ruleset(roll_step(luck)), true);
  kept.script_dice({1, 1, 1});
  kept.act(R"({"step": "luck", "roll": "luck"})");
  EXPECT_EQ(field_number(kept, "luck"), Number::of(15));
  kept.script_dice({6, 6, 6});
  kept.reopen();
  EXPECT_EQ(field_number(kept, "luck"), Number::of(15));  // reopening never rolls again
  EXPECT_EQ(kept.refused(R"({"step": "luck", "roll": "luck"})"), "already-rolled");
  EXPECT_EQ(kept.refused(R"({"step": "luck", "roll": true})"), "already-rolled");
  EXPECT_FALSE(entry_of(kept, "luck").can_roll);

  Build retry(roll_ruleset(roll_step(luck, R"(, "retry": true)")), true);
  retry.script_dice({1, 1, 1, 6, 6, 6});
  retry.act(R"({"step": "luck", "roll": "luck"})");
  EXPECT_TRUE(entry_of(retry, "luck").can_roll);
  retry.act(R"({"step": "luck", "roll": "luck"})");
  EXPECT_EQ(field_number(retry, "luck"), Number::of(90));
}

TEST(BuilderRoll, BC_85_a_floor_read_from_the_sheet_follows_the_sheet_without_rolling_again) {
  Build b(roll_ruleset(roll_step(kPotential)), true);
  b.script_dice({18, 55, 41});
  b.act(R"({"step": "luck", "roll": true})");
  EXPECT_EQ(field_number(b, "st_potential"), Number::of(62));
  b.act(R"({"edit": "fields/st_temp", "value": 70})");
  EXPECT_EQ(field_number(b, "st_potential"), Number::of(70));  // the same faces, a higher floor
  b.act(R"({"edit": "fields/st_temp", "value": 40})");
  EXPECT_EQ(field_number(b, "st_potential"), Number::of(55));  // the best roll stands above it
}

TEST(BuilderRoll, BC_88_an_all_fields_edit_of_a_rolled_value_stays) {
  Build b(
      roll_ruleset(roll_step(R"({"id": "luck", "field": "luck", "dice": {"count": 3, "sides": 6, "multiplier": 5}})")),
      true);
  b.script_dice({2, 3, 4});
  b.act(R"({"step": "luck", "roll": true})");
  EXPECT_EQ(field_number(b, "luck"), Number::of(45));
  b.act(R"({"edit": "fields/luck", "value": 50})");
  b.reopen();
  EXPECT_EQ(field_number(b, "luck"), Number::of(50));
  EXPECT_EQ(entry_of(b, "luck").value, Number::of(45));  // the roll itself is kept as it fell
}

TEST(BuilderRoll, BC_83_roll_true_rolls_every_entry_not_rolled_yet) {
  Build b(roll_ruleset(roll_step(kHp + ", " + kPotential)), true);
  EXPECT_EQ(b.step("luck").badge, 2);
  b.script_dice({4});
  b.act(R"({"step": "luck", "roll": "hp"})");
  EXPECT_EQ(b.step("luck").badge, 1);
  b.script_dice({90, 10, 20});
  b.act(R"({"step": "luck", "roll": true})");
  EXPECT_EQ(field_number(b, "hp"), Number::of(1));  // 4 - 3, kept
  EXPECT_EQ(field_number(b, "st_potential"), Number::of(90));
  EXPECT_EQ(b.step("luck").badge, 0);
  EXPECT_EQ(b.refused(R"({"step": "luck", "roll": "hpp"})"), "not-offered");
}

TEST(BuilderInitialize, BC_51_BC_53_BC_54_values_are_written_when_the_player_sets_them) {
  Build b(roll_ruleset(kStart, roll_pool()), true);
  const StepView& before = b.step("start");
  EXPECT_EQ(before.badge, 1);  // BC-54: waits until the player sets the values
  ASSERT_EQ(before.writes.size(), 2u);
  EXPECT_FALSE(before.writes[0].current.has_value());         // BC-53: the field now
  EXPECT_EQ(before.writes[0].would, Scalar{Number::of(50)});  // and what it will receive: POW
  EXPECT_EQ(before.writes[1].would, Scalar{Number::of(20)});  // the pool's 20 points, unspent
  EXPECT_FALSE(b.field("san_start").has_value());
  b.act(R"({"step": "start", "initialize": true})");
  EXPECT_EQ(field_number(b, "san_start"), Number::of(50));
  EXPECT_EQ(field_number(b, "xp"), Number::of(20));
  EXPECT_EQ(b.step("start").badge, 0);
  EXPECT_TRUE(b.step("start").initialized);
  EXPECT_EQ(b.character().builder.at("steps").at("start").at("initialized"),
            boost::json::parse(R"({"san_start": 50, "xp": 20})"));
}

TEST(BuilderInitialize, BC_55_BC_56_a_later_change_never_writes_again_and_set_again_shows_what_it_replaces) {
  Build b(roll_ruleset(kStart, roll_pool()), true);
  b.act(R"({"step": "start", "initialize": true})");
  b.act(R"({"edit": "abilities/pow", "value": 65})");  // POW changes later
  b.reopen();
  EXPECT_EQ(field_number(b, "san_start"), Number::of(50));  // never written again by itself
  const InitializeWriteView& w = b.step("start").writes[0];
  EXPECT_TRUE(w.changed);
  EXPECT_EQ(w.current, Scalar{Number::of(50)});
  EXPECT_EQ(w.would, Scalar{Number::of(65)});
  EXPECT_EQ(b.step("start").badge, 0);
  const auto& notes = b.step("start").notes;
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("holds 50; setting again would write 65") != std::string::npos;
  })) << (notes.empty() ? "" : notes.front());
  b.act(R"({"step": "start", "initialize": true})");  // Set again, pressed by the player
  EXPECT_EQ(field_number(b, "san_start"), Number::of(65));
  EXPECT_FALSE(b.step("start").writes[0].changed);
}

TEST(BuilderInitialize, BC_55_an_edit_of_the_written_field_stays) {
  Build b(roll_ruleset(kStart, roll_pool()), true);
  b.act(R"({"step": "start", "initialize": true})");
  b.act(R"({"edit": "fields/san_start", "value": 44})");
  b.reopen();
  EXPECT_EQ(field_number(b, "san_start"), Number::of(44));
  EXPECT_TRUE(b.step("start").writes[0].changed);  // setting again would replace 44 with 50
}

TEST(BuilderInitialize, BC_52_remaining_is_what_the_pool_left_unspent) {
  const std::string spend = R"({"id": "skills", "label": "Skills", "kind": "spend", "pool": "creation",
    "offers": [{"id": "accounting", "label": "Accounting", "target": {"field": "accounting"}, "cost": {"flat": 1}, "min": 5, "max": 99}]})";
  Build b(roll_ruleset(spend + ", " + kStart, roll_pool()), true);
  for (int i = 0; i < 3; ++i) b.act(R"({"step": "skills", "buy": "accounting"})");
  b.act(R"({"step": "start", "initialize": true})");
  EXPECT_EQ(field_number(b, "xp"), Number::of(17));  // 20 - 3
  b.act(R"({"step": "skills", "buy": "accounting"})");
  EXPECT_EQ(field_number(b, "xp"), Number::of(17));
  EXPECT_EQ(b.step("start").writes[1].would, Scalar{Number::of(16)});
  EXPECT_TRUE(b.step("start").writes[1].changed);
}

TEST(BuilderInitialize, BC_57_a_described_character_is_never_modified) {
  Build b(roll_ruleset(kStart, roll_pool()), true);
  b.set_character(described_character(b));
  EXPECT_EQ(b.step("start").badge, 0);
  EXPECT_EQ(b.refused(R"({"step": "start", "initialize": true})"), "described-mode");
  EXPECT_FALSE(b.field("san_start").has_value());
  EXPECT_FALSE(b.field("xp").has_value());
}

TEST(BuilderInitialize, BC_60_sanity_starts_at_the_pow_it_was_set_from) {
  Build b(roll_ruleset(kStart, roll_pool()), true);
  b.act(R"({"step": "start", "initialize": true})");
  EXPECT_EQ(b.sheet().pools.at("san").current, Number::of(50));
  b.act(R"({"edit": "abilities/pow", "value": 80})");
  EXPECT_EQ(b.sheet().pools.at("san").current, Number::of(50));  // still the POW it was set from
}

TEST(BuilderInitialize, BC_52_initialize_is_a_verb_of_initialize_steps_only) {
  Build b(roll_ruleset(kStart + ", " + roll_step(kHp), roll_pool()), true);
  EXPECT_EQ(b.refused(R"({"step": "luck", "initialize": true})"), "bad-action");
  EXPECT_EQ(b.refused(R"({"step": "start", "initialize": false})"), "wrong-type");
  EXPECT_EQ(b.refused(R"({"step": "start", "roll": true})"), "bad-action");
}

}  // namespace
}  // namespace rk::builder_test
