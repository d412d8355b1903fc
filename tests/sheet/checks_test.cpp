// Skills and saves: proficiency tiers (with 5e's half tier), untrained rules (SH-3..SH-7), caps
// (SH-8..SH-11) and computed abilities (BC-30..BC-33).
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

// The sheet page's labour section, Soothe capped by Resolve, and a dice-pool resolution.
const char* kGravewatch = R"({
  "id": "gw", "label": "Gravewatch",
  "resolution": { "kind": "dice-pool", "die": { "sides": 10 }, "abilityModifier": { "op": "identity" }, "proficiencyTiers": [
    { "id": "untrained", "label": "Untrained" },
    { "id": "trained", "label": "Trained", "flat": 1 },
    { "id": "master", "label": "Master", "flat": 2 } ],
    "target": { "default": 6, "min": 5, "max": 9 }, "difficultyLadder": [{ "label": "Hard", "successes": 2 }] },
  "sheet": {
    "abilities": [
      { "id": "sinew", "label": "Sinew", "min": 0, "max": 5, "default": 2 },
      { "id": "nerve", "label": "Nerve", "min": 0, "max": 5, "default": 2 } ],
    "sections": [{ "id": "labour", "label": "Labour", "untrained": { "by": -1 } }],
    "skills": [
      { "id": "dig", "label": "Dig", "ability": "sinew", "section": "labour", "untrained": "refuse" },
      { "id": "haul", "label": "Haul", "ability": "sinew", "section": "labour" },
      { "id": "listen", "label": "Listen", "ability": "nerve", "untrained": "harder" },
      { "id": "watch", "label": "Watch", "ability": "nerve" },
      { "id": "soothe", "label": "Soothe", "ability": "nerve", "cap": { "livePool": "resolve" } } ],
    "saves": [ { "id": "grit", "label": "Grit", "ability": "sinew", "section": "labour" } ],
    "live": { "pools": [ { "id": "resolve", "label": "Resolve", "max": 5 } ] }
  }
})";

class Untrained : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::compile(kGravewatch);
    ASSERT_TRUE(rs);
    view = test::sheet_of(*rs,
                          R"({"v": 1, "build": {"abilities": {"sinew": 3, "nerve": 4}, "skills": {"soothe": "trained"}},
    "live": {"pools": {"resolve": {"value": 3}}}})");
  }
  std::shared_ptr<const Ruleset> rs;
  SheetView view;
};

TEST_F(Untrained, SH_3_an_untrained_skill_without_a_rule_rolls_as_usual) {
  const CheckView& watch = view.skills.at("watch");
  EXPECT_EQ(watch.tier, "untrained");
  EXPECT_TRUE(watch.untrained);
  EXPECT_EQ(watch.mod, n(4));
  EXPECT_FALSE(watch.refused);
  EXPECT_FALSE(watch.harder);
}

TEST_F(Untrained, SH_6_the_skills_own_refuse_beats_its_sections_by) {
  const CheckView& dig = view.skills.at("dig");
  EXPECT_TRUE(dig.refused);
  EXPECT_FALSE(dig.mod.has_value());
}

TEST_F(Untrained, SH_6_a_skill_without_its_own_rule_takes_its_sections) {
  EXPECT_EQ(view.skills.at("haul").mod, n(2));  // sinew 3, section labour by -1
  EXPECT_EQ(view.saves.at("grit").mod, n(2));   // saves follow the same rule
}

TEST_F(Untrained, SH_5_harder_marks_the_check_and_keeps_the_number) {
  const CheckView& listen = view.skills.at("listen");
  EXPECT_TRUE(listen.harder);
  EXPECT_EQ(listen.mod, n(4));
}

TEST_F(Untrained, SH_3_training_lifts_every_untrained_rule) {
  auto v =
      test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"sinew":3},"skills":{"dig":"trained","haul":"master"}}})");
  EXPECT_EQ(v.skills.at("dig").mod, n(4));
  EXPECT_EQ(v.skills.at("haul").mod, n(5));
}

// SH-8..SH-10: Soothe is 5 uncapped, Resolve is at 3: the sheet shows 3.
TEST_F(Untrained, SH_9_the_capped_number_is_what_the_sheet_shows) {
  const CheckView& soothe = view.skills.at("soothe");
  EXPECT_EQ(soothe.uncapped, n(5));
  EXPECT_EQ(soothe.cap, n(3));
  EXPECT_EQ(soothe.mod, n(3));
  auto lines = view.explain("skill:soothe");
  ASSERT_TRUE(lines);
  EXPECT_EQ(lines->back().find("capped from 5 to 3") != std::string::npos, true) << lines->back();
}

TEST_F(Untrained, SH_8_a_cap_above_the_number_changes_nothing) {
  auto v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"nerve":1},"skills":{"soothe":"trained"}}})");
  EXPECT_EQ(v.skills.at("soothe").mod, n(2));  // 2 < resolve 5
}

TEST(Checks, SH_11_a_cap_may_not_read_a_modifier_even_through_a_derived_value) {
  auto direct = test::load(
      R"({"id":"x","label":"X","resolution":{"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "u", "label": "U"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
    "sheet":{"skills":[{"id":"a","label":"A"},{"id":"b","label":"B","cap":{"skillMod":"a"}}]}})");
  EXPECT_TRUE(test::has_error(direct, Code::CapReadsModifier, "/sheet/skills/1/cap")) << test::describe(direct);
  auto through = test::load(
      R"({"id":"x","label":"X","resolution":{"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "u", "label": "U"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
    "sheet":{"saves":[{"id":"will","label":"Will"}],"skills":[{"id":"b","label":"B","cap":{"derived":"d"}}],
    "derived":[{"id":"d","label":"D","op":"sum","of":[{"saveMod":"will"}]}]}})");
  EXPECT_TRUE(test::has_error(through, Code::CapReadsModifier, "/sheet/skills/0/cap")) << test::describe(through);
}

// 5e: proficiency by level, expertise and the half tier (Jack of All Trades).
const char* k5e = R"({
  "id": "fivee", "label": "5e",
  "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "floorHalfMinusTen" },
    "proficiency": { "bonus": { "derived": "prof" } }, "proficiencyTiers": [
    { "id": "none", "label": "Not proficient" },
    { "id": "half", "label": "Half proficient", "multiplier": 0.5, "round": "down" },
    { "id": "proficient", "label": "Proficient", "multiplier": 1 },
    { "id": "expertise", "label": "Expertise", "multiplier": 2 } ],
    "difficultyLadder": [{ "label": "Hard", "dc": 15 }] },
  "sheet": {
    "abilities": [ { "id": "dex", "label": "Dexterity", "min": 1, "max": 30, "default": 10 },
                   { "id": "cha", "label": "Charisma", "min": 1, "max": 30, "default": 10 } ],
    "skills": [ { "id": "stealth", "label": "Stealth", "ability": "dex" },
                { "id": "performance", "label": "Performance", "ability": "cha" },
                { "id": "persuasion", "label": "Persuasion", "ability": "cha" },
                { "id": "acrobatics", "label": "Acrobatics", "ability": "dex" } ],
    "fields": [ { "id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1 } ],
    "derived": [ { "id": "prof", "label": "Proficiency bonus", "op": "stepTable", "from": { "field": "level" },
                   "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]] } ]
  }
})";

TEST(Checks, tiers_add_their_bonus_including_a_half_tier_rounded_down) {
  auto rs = test::compile(k5e);
  ASSERT_TRUE(rs);
  // Level 6 bard: proficiency +3; DEX 14 (+2), CHA 17 (+3).
  auto v = test::sheet_of(*rs, R"({"v": 1,
    "build": {"fields": {"level": 6}, "abilities": {"dex": 14, "cha": 17}, "skills": {"stealth": "half", "performance": "expertise", "persuasion": "proficient"}}})");
  EXPECT_EQ(v.skills.at("stealth").mod, n(3));      // +2 and floor(3 / 2) = 1
  EXPECT_EQ(v.skills.at("performance").mod, n(9));  // +3 and 2 x 3
  EXPECT_EQ(v.skills.at("persuasion").mod, n(6));   // +3 and 3
  EXPECT_EQ(v.skills.at("acrobatics").mod, n(2));   // untrained: the ability alone
  EXPECT_EQ(v.skills.at("acrobatics").tier, "none");
}

TEST(Checks, the_d20_modifier_rounds_down_for_odd_and_low_scores) {
  auto rs = test::compile(k5e);
  ASSERT_TRUE(rs);
  auto v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"dex":1,"cha":9}}})");
  EXPECT_EQ(v.abilities.at("dex").mod.value, n(-5));
  EXPECT_EQ(v.abilities.at("cha").mod.value, n(-1));
}

// BC-30..BC-33: GURPS Perception is IQ plus what was bought, held within its bounds.
const char* kComputed = R"({
  "id": "gurps", "label": "GURPS", "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "identity" }, "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }], "difficultyLadder": [{ "label": "Hard", "dc": 15 }] },
  "sheet": {
    "abilities": [
      { "id": "iq", "label": "IQ", "min": 1, "max": 20, "default": 10 },
      { "id": "per", "label": "Perception", "min": 1, "max": 20, "value": [{ "abilityScore": "iq" }, { "field": "perception_bought" }], "default": 1 } ],
    "fields": [ { "id": "perception_bought", "label": "Perception bought", "type": "number", "min": -4, "max": 20, "default": 0 } ]
  }
})";

TEST(Checks, BC_30_a_computed_ability_is_the_sum_of_its_refs_held_in_bounds) {
  auto rs = test::compile(kComputed);
  ASSERT_TRUE(rs);
  auto v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"iq":12},"fields":{"perception_bought":2}}})");
  EXPECT_EQ(v.abilities.at("per").score.value, n(14));
  EXPECT_TRUE(v.abilities.at("per").computed);
  auto high = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"iq":18},"fields":{"perception_bought":5}}})");
  EXPECT_EQ(high.abilities.at("per").score.value, n(20));  // 23 held at max 20
}

TEST(Checks, BC_33_a_stored_score_of_a_computed_ability_is_ignored) {
  auto rs = test::compile(kComputed);
  ASSERT_TRUE(rs);
  auto v = test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"iq":12,"per":3}}})");
  EXPECT_EQ(v.abilities.at("per").score.value, n(12));
}

TEST(Checks, BC_32_no_computed_ability_reads_another_even_through_a_derived_value) {
  auto r = test::load(R"({"id":"x","label":"X","sheet":{
    "abilities":[{"id":"a","label":"A","value":[{"const":1}], "min": 0, "max": 100, "default": 0},{"id":"b","label":"B","value":[{"derived":"d"}], "min": 0, "max": 100, "default": 0}],
    "derived":[{"id":"d","label":"D","op":"sum","of":[{"abilityMod":"a"}]}]}})");
  EXPECT_TRUE(test::has_error(r, Code::ComputedReadsComputed, "/sheet/abilities/1/value")) << test::describe(r);
}

TEST(Checks, BC_32_derived_values_caps_and_skills_may_read_a_computed_value) {
  auto r = test::load(
      R"({"id":"x","label":"X","resolution":{"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "u", "label": "U"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},"sheet":{
    "abilities":[{"id":"a","label":"A","value":[{"const":3}], "min": 0, "max": 100, "default": 0}],
    "skills":[{"id":"s","label":"S","ability":"a","cap":{"abilityScore":"a"}}],
    "derived":[{"id":"d","label":"D","op":"sum","of":[{"abilityMod":"a"}]}]}})");
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

// SH-70, SH-71: the heavy sack on every lift; a blessing on everything.
TEST(Checks, SH_70_adjust_attaches_a_sheet_number_to_the_rolls_it_touches) {
  auto rs = test::compile(R"({"id":"x","label":"X","resolution":{"kind":"dice-pool","abilityModifier":{"op":"identity"},
    "proficiencyTiers":[{"id":"u","label":"U"}],"target":{"default":6,"min":6,"max":6},"difficultyLadder":[{"label":"Hard","successes":1}],
    "adjust":[{"value":{"derived":"burdened"},"abilities":["brawn"]},{"value":{"field":"blessing"}}]},
    "sheet":{"abilities":[{"id":"brawn","label":"Brawn","max":5, "min": 0, "default": 0},{"id":"wits","label":"Wits","max":5, "min": 0, "default": 0}],
      "skills":[{"id":"lift","label":"Lift","ability":"brawn"},{"id":"think","label":"Think","ability":"wits"}],
      "fields":[{"id":"load","label":"Load","type":"number","min":0,"max":10},
                {"id":"blessing","label":"Blessing","type":"number","min":0,"max":3}],
      "derived":[{"id":"burdened","label":"Burdened","op":"scale","of":{"field":"load"},"multiplier":-0.5,"round":"up"}]}})");
  ASSERT_TRUE(rs);
  auto v =
      test::sheet_of(*rs, R"({"v":1,"build":{"abilities":{"brawn":3,"wits":2},"fields":{"load":4,"blessing":1}}})");
  EXPECT_EQ(v.skills.at("lift").adjust.total, n(-1));  // burdened -2, blessing +1
  EXPECT_EQ(v.skills.at("lift").mod, n(3));            // the modifier itself is unchanged
  EXPECT_EQ(v.skills.at("think").adjust.total, n(1));  // only the blessing
  EXPECT_EQ(v.abilities.at("brawn").adjust.total, n(-1));
  auto lines = v.explain("lift");
  ASSERT_TRUE(lines);
  EXPECT_NE(std::find_if(lines->begin(), lines->end(),
                         [](const std::string& l) { return l.find("adjust on the roll") != std::string::npos; }),
            lines->end());
}

}  // namespace
}  // namespace rk
