// What selections give and take back (builder-a.md §10 – §18, §19, §25).
#include <gtest/gtest.h>

#include "builder/fixture.hpp"

namespace rk::builder_test {
namespace {

TEST(BuilderGrants, BA_68_BA_69_BA_74_abilities_add_and_choose_at_the_abilities_step_never_twice_nor_an_excepted_one) {
  Build b;
  b.act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_EQ(b.ability("cha"), Number::of(10));  // point buy base 8 + 2
  const SlotView* slot = b.slot("race/half-elf/abilities/0");
  ASSERT_NE(slot, nullptr);
  EXPECT_EQ(slot->missing, 2);
  EXPECT_EQ(b.refused(R"({"step": "scores", "choose": "race/half-elf/abilities/0", "values": ["cha"]})"),
            "not-offered");
  EXPECT_EQ(b.refused(R"({"step": "scores", "choose": "race/half-elf/abilities/0", "values": ["dex", "dex"]})"),
            "duplicate-id");
  b.act(R"({"step": "scores", "choose": "race/half-elf/abilities/0", "values": ["dex", "con"]})");
  EXPECT_EQ(b.ability("dex"), Number::of(9));
  EXPECT_EQ(b.ability("con"), Number::of(9));
  EXPECT_EQ(b.slot("race/half-elf/abilities/0")->missing, 0);
}

TEST(BuilderGrants, BA_70_BA_73_an_improvement_may_repeat_and_stops_at_upTo) {
  Build b;
  b.act(R"({"step": "scores", "method": "manual"})").act(R"({"step": "scores", "set": {"str": 19}})");
  b.act(R"({"step": "level", "field": "level", "value": 4})");
  // BA-93: the improvement is the group's default until another is picked.
  ASSERT_FALSE(b.step("feats").selections.empty());
  EXPECT_TRUE(b.step("feats").selections[0].implicit);
  const std::string key = "feats/asi/abilities/0";
  ASSERT_NE(b.slot(key), nullptr);
  b.act(R"({"step": "scores", "choose": "feats/asi/abilities/0", "values": ["str", "str"]})");
  EXPECT_EQ(b.ability("str"), Number::of(20));  // +2 chosen, +1 applied: never above upTo 20
  for (const auto& o : b.slot(key)->offers) {
    if (o.id == "str") {
      EXPECT_TRUE(o.disabled);  // BA-73: disabled once at upTo
    }
  }
}

TEST(BuilderGrants, BA_72_BA_103_no_ability_passes_its_max_and_unpicking_removes_only_what_applied) {
  Build b;
  b.act(R"({"step": "scores", "method": "manual"})").act(R"({"step": "scores", "set": {"con": 29}})");
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_EQ(b.ability("con"), Number::of(30));
  b.act(R"({"step": "race", "unpick": "dwarf"})");
  EXPECT_EQ(b.ability("con"), Number::of(29));
}

TEST(BuilderGrants, BA_6_BA_75_BA_77_BA_79_direct_training_uses_the_builders_tier) {
  Build b;
  b.act(R"({"step": "class", "pick": "wizard"})");
  EXPECT_EQ(b.save("int_save"), "proficient");
  EXPECT_EQ(b.save("wis_save"), "proficient");
  EXPECT_EQ(b.save("str_save"), "");
}

TEST(BuilderGrants, BA_76_BA_80_a_class_choice_never_offers_what_the_background_trains) {
  Build b;
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "background", "pick": "acolyte"})");
  EXPECT_EQ(b.skill("insight"), "proficient");
  const SlotView* slot = b.slot("class/wizard/trained/0");
  ASSERT_NE(slot, nullptr);
  ASSERT_EQ(slot->offers.size(), 1u);  // from insight, religion, perception: only perception is left
  EXPECT_EQ(slot->offers[0].id, "perception");
  EXPECT_EQ(slot->missing, 1);  // BA-82: an older choice asks only for what is left
  b.act(R"({"step": "skills", "choose": "class/wizard/trained/0", "values": ["perception"]})");
  EXPECT_EQ(b.skill("perception"), "proficient");
  EXPECT_EQ(b.step("skills").badge, 0);
}

TEST(BuilderGrants, BA_81_a_recorded_choice_the_selections_now_train_no_longer_counts) {
  Build b;
  b.act(R"({"step": "class", "pick": "wizard"})");
  b.act(R"({"step": "skills", "choose": "class/wizard/trained/0", "values": ["insight", "perception"]})");
  EXPECT_EQ(b.skill("insight"), "proficient");
  b.act(R"({"step": "background", "pick": "acolyte"})");
  const SlotView* slot = b.slot("class/wizard/trained/0");
  ASSERT_NE(slot, nullptr);
  EXPECT_FALSE(slot->answers[0].counts);
  EXPECT_TRUE(slot->answers[1].counts);
  EXPECT_EQ(b.skill("insight"), "proficient");  // still trained, by the background
  b.act(R"({"step": "background", "unpick": "acolyte"})");
  EXPECT_TRUE(b.slot("class/wizard/trained/0")->answers[0].counts);  // kept, counts again
}

TEST(BuilderGrants, BA_83_held_offers_only_what_is_trained_at_that_tier) {
  Build b(R"({ "id": "class", "label": "Class", "kind": "catalog", "catalog": "classes" },
             { "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
             { "id": "skills", "label": "Skills", "kind": "trained",
               "choose": [{ "what": "skills", "count": 1, "held": "proficient", "tier": "expertise", "id": "expert" }] },
             { "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })");
  EXPECT_TRUE(b.slot("skills/expert")->offers.empty());
  EXPECT_TRUE(b.slot("skills/expert")->not_configured);  // BA-145: a constrained choice stays unresolved
  EXPECT_EQ(b.step("skills").badge, 1);                  // BA-146: never silently reduced
  b.act(R"({"step": "background", "pick": "acolyte"})");
  std::vector<std::string> ids;
  for (const auto& o : b.slot("skills/expert")->offers) ids.push_back(o.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"insight", "religion"}));
  b.act(R"({"step": "skills", "choose": "skills/expert", "values": ["religion"]})");
  EXPECT_EQ(b.skill("religion"), "expertise");
}

TEST(BuilderGrants, BA_85_BA_108_sets_writes_a_field_only_while_empty_or_the_builders) {
  Build b;
  b.act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_EQ(b.field("speed"), num(30));
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_EQ(b.field("speed"), num(25));  // the builder's own: rewritten
  b.act(R"({"step": "race", "unpick": "dwarf"})");
  EXPECT_EQ(b.field("speed"), std::nullopt);
  b.act(R"({"edit": "fields/speed", "value": 40})").act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_EQ(b.field("speed"), num(40));  // typed by hand: never overwritten
  b.act(R"({"step": "race", "unpick": "dwarf"})");
  EXPECT_EQ(b.field("speed"), num(40));
}

TEST(BuilderGrants, BA_86_BA_87_BA_89_BA_92_offeredWhen_and_an_exclusive_group) {
  Build b;
  b.act(R"({"step": "scores", "method": "manual"})").act(R"({"step": "scores", "set": {"str": 12}})");
  b.act(R"({"step": "level", "field": "level", "value": 4})");
  const auto grappler = [&]() -> const OfferView* {
    for (const auto& o : b.step("feats").offers) {
      if (o.id == "grappler") return &o;
    }
    return nullptr;
  };
  ASSERT_NE(grappler(), nullptr);
  EXPECT_TRUE(grappler()->disabled);  // Str 12
  // BA-89: the improvement's +1 Str is not what Grappler reads (same group, same step).
  b.act(R"({"step": "scores", "choose": "feats/asi/abilities/0", "values": ["str", "dex"]})");
  EXPECT_EQ(b.ability("str"), Number::of(13));
  EXPECT_TRUE(grappler()->disabled);
  EXPECT_EQ(b.refused(R"({"step": "feats", "pick": "grappler"})"), "not-offered");
  b.act(R"({"step": "scores", "set": {"str": 13}})");
  EXPECT_FALSE(grappler()->disabled);
  b.act(R"({"step": "feats", "pick": "grappler"})");  // BA-92: replaces the improvement
  EXPECT_EQ(b.ability("str"), Number::of(13));
  EXPECT_EQ(b.ability("dex"), Number::of(10));
  ASSERT_EQ(b.step("feats").selections.size(), 1u);
  EXPECT_EQ(b.step("feats").selections[0].id, "grappler");
  // BA-87: Str below 13 later: kept, no longer counting, its row taken back.
  b.act(R"({"step": "scores", "set": {"str": 12}})");
  EXPECT_FALSE(b.step("feats").selections[0].counts);
  EXPECT_TRUE(b.row_names("features").empty());
}

TEST(BuilderGrants, BA_94_BA_99_entry_choices_are_answered_at_the_choices_step_and_write_rows) {
  Build b;
  b.act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_EQ(b.step("languages").badge, 1);
  const SlotView* slot = b.slot("race/half-elf/entries/0");
  ASSERT_NE(slot, nullptr);
  EXPECT_EQ(slot->offers.size(), 3u);
  b.act(R"({"step": "languages", "choose": "race/half-elf/entries/0", "values": ["elvish"]})");
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Elvish"}));
  EXPECT_EQ(b.step("languages").badge, 0);
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_TRUE(b.row_names("languages").empty());  // the slot went with the race
}

TEST(BuilderGrants, BA_98_BA_106_an_entry_at_two_steps_grants_once) {
  Build b(R"({ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races", "filters": { "kind": "race" } },
             { "id": "again", "label": "Again", "kind": "catalog", "catalog": "races", "filters": { "kind": "race" } },
             { "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })");
  b.act(R"({"step": "race", "pick": "half-elf"})");
  b.act(R"({"step": "languages", "choose": "race/half-elf/entries/0", "values": ["giant"]})");
  // BA-106: the same entry at a second step grants once: no second slot, no second row.
  b.act(R"({"step": "again", "pick": "half-elf"})");
  EXPECT_EQ(b.slot("again/half-elf/entries/0"), nullptr);
  EXPECT_EQ(b.row_names("features"), (std::vector<std::string>{"Fey Ancestry"}));
  EXPECT_EQ(b.ability("cha"), Number::of(12));
}

TEST(BuilderGrants, BA_100_BA_103_rows_come_and_go_with_the_pick_exactly) {
  Build b;
  b.act(R"({"step": "race", "pick": "dwarf"})").act(R"({"step": "class", "pick": "fighter"})");
  EXPECT_EQ(b.row_names("features"), (std::vector<std::string>{"Darkvision", "Second Wind"}));
  b.act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_EQ(b.row_names("features"), (std::vector<std::string>{"Second Wind", "Fey Ancestry"}));
  EXPECT_EQ(b.ability("con"), Number::of(8));
  EXPECT_EQ(b.ability("cha"), Number::of(10));
}

TEST(BuilderGrants, BA_104_what_the_player_trained_by_hand_stays_after_unpicking) {
  Build b;
  b.act(R"({"edit": "skills/religion", "value": "proficient"})");
  b.act(R"({"step": "background", "pick": "acolyte"})").act(R"({"step": "background", "unpick": "acolyte"})");
  EXPECT_EQ(b.skill("religion"), "proficient");
  EXPECT_EQ(b.skill("insight"), "");
}

TEST(BuilderGrants, BA_105_an_All_fields_edit_stays_until_the_builders_answer_changes) {
  Build b;
  b.act(R"({"step": "race", "pick": "half-elf"})");
  b.act(R"({"edit": "fields/speed", "value": 35})");
  b.act(R"({"step": "class", "pick": "wizard"})");
  EXPECT_EQ(b.field("speed"), num(35));  // an unrelated change keeps the edit
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_EQ(b.field("speed"), num(25));  // the builder's answer for speed changed
}

TEST(BuilderGrants, BA_109_a_value_edited_in_the_builders_own_step_stays_the_builders) {
  Build b(R"({ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races", "filters": { "kind": "race" } },
             { "id": "stats", "label": "Stats", "kind": "fields", "fields": ["speed"] })");
  b.act(R"({"step": "race", "pick": "half-elf"})").act(R"({"step": "stats", "field": "speed", "value": 35})");
  EXPECT_TRUE(b.step("stats").fields[0].owned);
  b.act(R"({"step": "race", "unpick": "half-elf"})");
  EXPECT_EQ(b.field("speed"), std::nullopt);  // no longer called for: cleared
}

TEST(BuilderGrants, BA_110_answers_are_stored_beside_the_sheet_and_reopen_the_same) {
  Build b;
  b.act(R"({"step": "race", "pick": "half-elf"})");
  b.act(R"({"step": "scores", "choose": "race/half-elf/abilities/0", "values": ["dex", "con"]})");
  const auto json = character_to_json(b.character());
  const auto& builder = json.at("builder").as_object();
  EXPECT_EQ(builder.at("steps").at("race").at("picks").at(0), "half-elf");
  EXPECT_EQ(builder.at("choices").at("race/half-elf/abilities/0").at(1), "con");
  const Character before = b.character();
  b.reopen();
  EXPECT_EQ(character_to_json(b.character()), character_to_json(before));
}

TEST(BuilderGrants, BA_111_BA_113_a_step_shows_and_applies_only_while_its_condition_holds) {
  Build b;
  b.act(R"({"step": "level", "field": "level", "value": 4})").act(R"({"step": "feats", "pick": "alert"})");
  EXPECT_EQ(b.row_names("features"), (std::vector<std::string>{"Alert"}));
  b.act(R"({"step": "level", "field": "level", "value": 3})");
  EXPECT_FALSE(b.step("feats").shown);
  EXPECT_EQ(b.step("feats").badge, 0);
  EXPECT_TRUE(b.row_names("features").empty());
  b.act(R"({"step": "level", "field": "level", "value": 4})");
  EXPECT_EQ(b.row_names("features"), (std::vector<std::string>{"Alert"}));  // the answer was kept
}

TEST(BuilderGrants, BA_112_requiredWhen_counts_the_badge_only_while_it_holds) {
  Build b(
      R"({ "id": "class", "label": "Class", "kind": "catalog", "catalog": "classes", "requiredWhen": { "field": "speed" } },
             { "id": "stats", "label": "Stats", "kind": "fields", "fields": ["speed"] })");
  EXPECT_EQ(b.step("class").badge, 0);
  b.act(R"({"step": "stats", "field": "speed", "value": 30})");
  EXPECT_EQ(b.step("class").badge, 1);
}

TEST(BuilderGrants, BA_52_BA_148_BA_149_BA_150_BA_151_BA_152_a_described_character_changes_nothing_until_Done) {
  Build b;
  Character c = blank_character(b.ruleset());
  c.abilities = {{"str", Number::of(10)}, {"dex", Number::of(12)}, {"con", Number::of(16)},
                 {"int", Number::of(10)}, {"wis", Number::of(14)}, {"cha", Number::of(8)}};
  c.fields["race"] = text("Dwarf");
  c.fields["speed"] = num(25);
  b.set_character(c);
  EXPECT_EQ(b.view().mode, "described");
  EXPECT_FALSE(b.step("scores").method.has_value());  // BA-52: never the default method
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_EQ(b.ability("con"), Number::of(16));  // BA-149: already included
  EXPECT_TRUE(b.row_names("features").empty());
  EXPECT_EQ(b.refused(R"({"step": "scores", "method": "pointBuy"})"), "described-mode");
  b.act(R"({"done": true})");
  EXPECT_EQ(b.view().mode, "guided");
  EXPECT_EQ(b.ability("con"), Number::of(16));
  // BA-151: changing the race takes back what the described race had given.
  b.act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_EQ(b.ability("con"), Number::of(14));
  EXPECT_EQ(b.ability("cha"), Number::of(10));
  EXPECT_EQ(b.field("speed"), num(30));
  EXPECT_EQ(b.field("race"), text("Half-Elf"));
}

TEST(BuilderGrants, BA_70_BA_71_a_repeated_pick_can_be_taken_back_one_at_a_time) {
  Build b;
  b.act(R"({"step": "level", "field": "level", "value": 4})");
  b.act(R"({"step": "scores", "choose": "feats/asi/abilities/0", "values": ["str", "str"]})");
  EXPECT_EQ(b.ability("str"), Number::of(10));                                           // point buy's 8, +1 twice
  b.act(R"({"step": "scores", "choose": "feats/asi/abilities/0", "values": ["str"]})");  // the minus
  EXPECT_EQ(b.ability("str"), Number::of(9));
  EXPECT_EQ(b.slot("feats/asi/abilities/0")->missing, 1);
}

TEST(BuilderGrants, BA_79_without_builder_tier_training_uses_the_first_tier_above_untrained) {
  std::string rs = ruleset_json();
  const std::string tier = R"("builder": {"tier": "proficient", )";
  ASSERT_NE(rs.find(tier), std::string::npos);
  rs.replace(rs.find(tier), tier.size(), R"("builder": {)");
  Build b(rs, true);
  b.act(R"({"step": "class", "pick": "wizard"})");
  EXPECT_EQ(b.save("int_save"), "proficient");
}

TEST(BuilderGrants, BA_129_BA_131_the_specs_free_boost_excludes_the_restricted_one_of_the_same_entry) {
  std::string rs = ruleset_json();
  const std::string dwarf = R"("grants": {"abilities": {"add": {"con": 2}}, "sets": {"speed": 25}})";
  ASSERT_NE(rs.find(dwarf), std::string::npos);
  rs.replace(rs.find(dwarf), dwarf.size(), R"("grants": {"abilities": {"choose": [
      {"id": "restricted", "count": 1, "amount": 1, "from": ["str", "dex"]},
      {"id": "free_boost", "count": 1, "amount": 1, "excludeChoices": ["race/restricted"]}]}})");
  Build b(rs, true);
  b.act(R"({"step": "race", "pick": "dwarf"})");
  b.act(R"({"step": "scores", "choose": "race/restricted", "values": ["dex"]})");
  std::vector<std::string> offered;
  for (const auto& o : b.slot("race/free_boost")->offers) offered.push_back(o.id);
  EXPECT_EQ(offered, (std::vector<std::string>{"str", "con", "int", "wis", "cha"}));
  EXPECT_EQ(b.refused(R"({"step": "scores", "choose": "race/free_boost", "values": ["dex"]})"), "not-offered");
  b.act(R"({"step": "scores", "choose": "race/free_boost", "values": ["str"]})");
  EXPECT_EQ(b.ability("dex"), Number::of(9));
  EXPECT_EQ(b.ability("str"), Number::of(9));
}

}  // namespace
}  // namespace rk::builder_test
