// The builder's steps at run time: catalog, fields, abilities, starting gear (builder-a.md §1 – §9).
#include <gtest/gtest.h>

#include "builder/fixture.hpp"

namespace rk::builder_test {
namespace {

TEST(BuilderSteps,
     BA_2_BA_3_BA_4_BA_12_BA_114_a_blank_character_opens_guided_with_a_badge_per_step_and_nothing_blocks) {
  Build b;
  EXPECT_EQ(b.view().mode, "guided");
  EXPECT_EQ(b.step("race").badge, 1);
  EXPECT_EQ(b.step("subrace").badge, 0);  // min 0 (BA-12)
  EXPECT_EQ(b.step("class").badge, 1);
  EXPECT_EQ(b.step("level").badge, 1);   // level empty, the note optional (BA-36)
  EXPECT_EQ(b.step("spells").badge, 3);  // a blank level reads its minimum, 1: three spells known (BA-25)
  // BA-4: nothing blocks — a step may be answered in any order.
  b.act(R"({"step": "class", "pick": "wizard"})");
  EXPECT_EQ(b.step("class").badge, 0);
}

TEST(BuilderSteps, BA_13_BA_17_a_new_pick_replaces_and_the_label_is_written_into_the_field) {
  Build b;
  b.act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_EQ(b.field("race"), text("Half-Elf"));
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_EQ(b.field("race"), text("Dwarf"));
  ASSERT_EQ(b.step("race").selections.size(), 1u);
  EXPECT_EQ(b.step("race").selections[0].id, "dwarf");
  // BA-17: an enum field gets the entry's id, which is among its values.
  b.act(R"({"step": "class", "pick": "wizard"})");
  EXPECT_EQ(b.field("class"), text("wizard"));
}

TEST(BuilderSteps, BA_11_BA_18_filters_fix_what_the_step_offers) {
  Build b;
  std::vector<std::string> offered;
  for (const auto& o : b.step("race").offers) offered.push_back(o.id);
  EXPECT_EQ(offered, (std::vector<std::string>{"half-elf", "dwarf"}));  // not the subrace
  EXPECT_EQ(b.refused(R"({"step": "race", "pick": "hill-dwarf"})"), "not-offered");
}

TEST(BuilderSteps, BA_19_BA_20_within_offers_children_and_a_removed_parent_stops_them_counting) {
  Build b;
  EXPECT_TRUE(b.step("subrace").offers.empty());
  b.act(R"({"step": "race", "pick": "dwarf"})").act(R"({"step": "subrace", "pick": "hill-dwarf"})");
  EXPECT_EQ(b.field("subrace"), text("Hill Dwarf"));
  EXPECT_EQ(b.ability("wis"), Number::of(9));  // point buy's 8, +1
  EXPECT_EQ(b.row_names("features"), (std::vector<std::string>{"Darkvision", "Dwarven Toughness"}));
  b.act(R"({"step": "race", "pick": "half-elf"})");
  const auto& sub = b.step("subrace").selections;
  ASSERT_EQ(sub.size(), 1u);
  EXPECT_FALSE(sub[0].counts);  // kept, no longer counting
  EXPECT_EQ(b.ability("wis"), Number::of(8));
  EXPECT_EQ(b.field("subrace"), std::nullopt);
  EXPECT_EQ(b.row_names("features"), (std::vector<std::string>{"Fey Ancestry"}));
  // The parent back: the kept subrace counts again.
  b.act(R"({"step": "race", "pick": "dwarf"})");
  EXPECT_TRUE(b.step("subrace").selections[0].counts);
  EXPECT_EQ(b.ability("wis"), Number::of(9));
}

TEST(BuilderSteps, BA_21_BA_23_BA_24_upTo_reads_the_sheet_and_a_lowered_level_takes_back_what_it_gave) {
  Build b;
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 1})");
  auto offered = [&] {
    std::vector<std::string> ids;
    for (const auto& o : b.step("spells").offers) ids.push_back(o.id);
    return ids;
  };
  EXPECT_EQ(offered(), (std::vector<std::string>{"magic-missile", "shield", "sleep", "mage-armor"}));
  b.act(R"({"edit": "fields/level", "value": 3})");
  EXPECT_EQ(offered().back(), "misty-step");
  b.act(R"({"step": "spells", "pick": "misty-step"})");
  EXPECT_EQ(b.row_names("spells"), (std::vector<std::string>{"Misty Step"}));
  // BA-23, BA-24: lowered in All fields, the spell no longer counts, is kept, and its row goes.
  b.act(R"({"edit": "fields/level", "value": 1})");
  ASSERT_EQ(b.step("spells").selections.size(), 1u);
  EXPECT_FALSE(b.step("spells").selections[0].counts);
  EXPECT_TRUE(b.row_names("spells").empty());
}

TEST(BuilderSteps, BA_25_BA_26_countFrom_sets_how_many_the_step_asks_for_and_accepts) {
  Build b;
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 1})");
  EXPECT_EQ(b.step("spells").asks, 3);
  EXPECT_EQ(b.step("spells").badge, 3);
  b.act(R"({"step": "spells", "pick": "magic-missile"})")
      .act(R"({"step": "spells", "pick": "shield"})")
      .act(R"({"step": "spells", "pick": "sleep"})");
  EXPECT_EQ(b.step("spells").badge, 0);
  EXPECT_EQ(b.refused(R"({"step": "spells", "pick": "mage-armor"})"), "too-many");
  b.act(R"({"step": "level", "field": "level", "value": 2})");
  EXPECT_EQ(b.step("spells").accepts, 4);
  EXPECT_EQ(b.step("spells").badge, 1);
  b.act(R"({"step": "spells", "pick": "mage-armor"})");
  // Back to level 1: the latest selection is kept but does not count.
  b.act(R"({"step": "level", "field": "level", "value": 1})");
  const auto& sel = b.step("spells").selections;
  ASSERT_EQ(sel.size(), 4u);
  EXPECT_TRUE(sel[2].counts);
  EXPECT_FALSE(sel[3].counts);
  EXPECT_EQ(b.row_names("spells").size(), 3u);
}

TEST(BuilderSteps, BA_27_BA_33_stamp_fromWithin_label_is_written_once_on_the_added_row) {
  Build b;
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 1})");
  b.act(R"({"step": "spells", "pick": "shield"})");
  const auto& row = b.character().lists.at("spells").front();
  EXPECT_EQ(row.cells.at("class"), text("Wizard"));
  EXPECT_EQ(row.catalog, "spells/shield");
}

TEST(BuilderSteps, BA_31_rows_the_player_edits_stay_the_players) {
  Build b;
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 1})");
  b.act(R"({"step": "spells", "pick": "shield"})");
  Character c = b.character();
  c.lists.at("spells").front().cells["class"] = text("Mine");
  b.set_character(c);
  b.act(R"({"step": "spells", "pick": "sleep"})");
  EXPECT_EQ(b.character().lists.at("spells").front().cells.at("class"), text("Mine"));
}

TEST(BuilderSteps, BA_35_BA_36_BA_37_BA_38_the_fields_badge_counts_empty_fields_that_are_shown_and_not_optional) {
  Build b(R"({ "id": "level", "label": "Level", "kind": "fields", "fields": ["speed", "level", "background_note"],
               "optional": ["background_note"], "shownWhen": { "level": { "field": "speed" } } })");
  EXPECT_EQ(b.step("level").badge, 1);  // speed; level is hidden while speed reads 0
  b.act(R"({"step": "level", "field": "speed", "value": 30})");
  EXPECT_EQ(b.step("level").badge, 1);  // level shown and empty
  b.act(R"({"step": "level", "field": "level", "value": 2})");
  EXPECT_EQ(b.step("level").badge, 0);
  // BA-38: hidden fields keep their values.
  b.act(R"({"step": "level", "field": "speed", "value": null})");
  EXPECT_FALSE(b.step("level").fields[1].shown);
  EXPECT_EQ(b.field("level"), num(2));
}

// Issue 9 point 9: an enum field has no value meaning "nothing yet", so "still empty" is "not
// chosen yet": not stored, or holding a value the ruleset no longer offers. The sheet meanwhile
// computes with the first value (here `is_wizard` reads 1), as the reference does.
TEST(BuilderSteps, BA_36_ISSUE_9_an_enum_field_not_chosen_yet_is_empty_and_says_what_it_reads_as) {
  Build b(R"({ "id": "who", "label": "Who", "kind": "fields", "fields": ["class", "background_note"] })");
  EXPECT_EQ(b.step("who").badge, 2);
  const FieldEntryView& blank = b.step("who").fields[0];
  EXPECT_FALSE(blank.chosen);
  EXPECT_EQ(blank.value, std::nullopt);
  EXPECT_EQ(blank.reads_as, text("wizard"));
  const boost::json::value json = builder_view_to_json(b.view());
  const auto& field = json.at("steps").at(0).at("fields").at(0);
  EXPECT_EQ(field.at("chosen"), boost::json::value(false));
  EXPECT_EQ(field.at("readsAs"), boost::json::value("wizard"));
  // Choosing the value a blank sheet reads anyway is a choice.
  b.act(R"({"step": "who", "field": "class", "value": "wizard"})");
  EXPECT_EQ(b.step("who").badge, 1);
  EXPECT_TRUE(b.step("who").fields[0].chosen);
  EXPECT_EQ(b.step("who").fields[0].reads_as, std::nullopt);
  // A value the ruleset no longer offers is kept in the document, and asked for again.
  Character c = b.character();
  c.fields["class"] = text("cleric");
  b.set_character(c);
  EXPECT_EQ(b.step("who").badge, 2);
  EXPECT_FALSE(b.step("who").fields[0].chosen);
  EXPECT_EQ(b.step("who").fields[0].value, text("cleric"));
  EXPECT_EQ(b.step("who").fields[0].reads_as, text("wizard"));
  // Clearing it makes it not chosen again.
  b.act(R"({"step": "who", "field": "class", "value": "fighter"})");
  EXPECT_EQ(b.step("who").badge, 1);
  b.act(R"({"step": "who", "field": "class", "value": null})");
  EXPECT_EQ(b.step("who").badge, 2);
}

TEST(BuilderSteps, BA_39_BA_40_BA_41_a_total_lowers_each_maximum_and_adds_to_the_badge_when_exceeded) {
  Build b(R"({ "id": "split", "label": "Split", "kind": "fields", "fields": ["level", "speed"],
               "total": { "fields": ["level", "speed"], "max": 20 } })");
  b.act(R"({"step": "split", "field": "level", "value": 15})");
  const auto& fields = b.step("split").fields;
  EXPECT_EQ(fields[1].max, Number::of(5));
  b.act(R"({"step": "split", "field": "speed", "value": 9})");
  EXPECT_EQ(b.step("split").badge, 1);  // Next still works: nothing refused
}

TEST(BuilderSteps, BA_42_BA_43_BA_54_point_buy_scores_with_racial_increases_on_top) {
  Build b;
  EXPECT_EQ(b.step("scores").method, AbilityMethod::PointBuy);  // BA-51: the default of a blank sheet
  b.act(R"({"step": "scores", "set": {"str": 8, "dex": 14, "con": 14, "int": 8, "wis": 12, "cha": 15}})");
  EXPECT_EQ(b.step("scores").budget_left, Number::of(27 - 7 - 7 - 4 - 9));
  b.act(R"({"step": "race", "pick": "half-elf"})");
  const auto& cha = b.step("scores").abilities.back();
  EXPECT_EQ(cha.base, Number::of(15));
  EXPECT_EQ(cha.bonus, Number::of(2));
  EXPECT_EQ(cha.total, Number::of(17));
  EXPECT_EQ(cha.modifier, Number::of(3));
}

TEST(BuilderSteps, BA_44_BA_45_point_buy_stays_within_the_table_and_the_budget) {
  Build b;
  EXPECT_EQ(b.refused(R"({"step": "scores", "set": {"str": 15, "dex": 15, "con": 15, "int": 15}})"), "over-budget");
  EXPECT_EQ(b.refused(R"({"step": "scores", "set": {"str": 16}})"), "out-of-range");
  EXPECT_EQ(b.ability("str"), Number::of(8));  // refused: nothing changed
}

TEST(BuilderSteps, BA_46_point_buy_starts_a_typed_score_from_the_nearest_score_of_the_table) {
  Build b;
  b.act(R"({"step": "scores", "method": "manual"})").act(R"({"step": "scores", "set": {"str": 17, "dex": 11}})");
  EXPECT_EQ(b.ability("str"), Number::of(17));
  b.act(R"({"step": "scores", "method": "pointBuy"})");
  EXPECT_EQ(b.ability("str"), Number::of(15));
  EXPECT_EQ(b.ability("dex"), Number::of(11));
}

TEST(BuilderSteps, BA_47_the_standard_array_is_assigned_one_value_per_ability) {
  Build b;
  b.act(R"({"step": "scores", "method": "standardArray"})");
  EXPECT_EQ(b.step("scores").badge, 6);
  b.act(R"({"step": "scores", "assign": {"wis": 15, "con": 14, "str": 13, "dex": 12, "int": 10, "cha": 8}})");
  EXPECT_EQ(b.step("scores").badge, 0);
  EXPECT_EQ(b.ability("wis"), Number::of(15));
  EXPECT_EQ(b.refused(R"({"step": "scores", "assign": {"cha": 15}})"), "not-offered");  // 15 is already given
}

TEST(BuilderSteps, BA_48_a_roll_is_recorded_with_its_faces_and_never_rolled_again) {
  Build b;
  b.script_dice({6, 5, 4, 1, 3, 3, 3, 3, 6, 6, 6, 6, 2, 2, 1, 1, 5, 4, 3, 2, 6, 1, 1, 1});
  b.act(R"({"step": "scores", "method": "roll"})").act(R"({"step": "scores", "roll": true})");
  const std::vector<RolledScore> rolls = b.step("scores").rolls;
  ASSERT_EQ(rolls.size(), 6u);
  EXPECT_EQ(rolls[0].faces, (std::vector<std::int64_t>{6, 5, 4, 1}));
  EXPECT_EQ(rolls[0].total, Number::of(15));
  EXPECT_EQ(rolls[2].total, Number::of(18));
  EXPECT_EQ(rolls[5].total, Number::of(8));
  b.act(R"({"step": "scores", "assign": {"str": 18}})");
  EXPECT_EQ(b.ability("str"), Number::of(18));
  b.reopen();
  EXPECT_EQ(b.step("scores").rolls, rolls);
  EXPECT_EQ(b.refused(R"({"step": "scores", "roll": true})"), "already-rolled");
}

TEST(BuilderSteps, BA_49_BA_50_BA_53_manual_entry_keeps_the_bounds_and_grants_come_on_top) {
  Build b(R"({ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races", "filters": { "kind": "race" } },
             { "id": "scores", "label": "Scores", "kind": "abilities", "methods": { "manual": { "min": 3, "max": 18 } } })");
  b.act(R"({"step": "scores", "method": "manual"})");
  EXPECT_EQ(b.refused(R"({"step": "scores", "set": {"cha": 19}})"), "out-of-range");
  b.act(R"({"step": "scores", "set": {"cha": 18}})").act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_EQ(b.ability("cha"), Number::of(20));  // the total may pass the manual max
}

TEST(BuilderSteps, BA_59_BA_62_strict_gear_offers_only_what_fits_and_clears_what_no_longer_does) {
  Build b;
  b.act(R"({"step": "class", "pick": "fighter"})");
  EXPECT_EQ(b.step("gear").offers.size(), 1u);  // the Acolyte kit, which fits everyone
  EXPECT_EQ(b.refused(R"({"step": "gear", "take": "wizard-kit"})"), "not-offered");
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "gear", "take": "wizard-kit"})");
  EXPECT_EQ(b.row_names("gear"), (std::vector<std::string>{"Spellbook", "Quarterstaff"}));
  b.act(R"({"step": "class", "pick": "fighter"})");
  EXPECT_TRUE(b.row_names("gear").empty());
  ASSERT_FALSE(b.step("gear").notes.empty());
  EXPECT_NE(b.step("gear").notes.front().find("cleared"), std::string::npos);
  b.reopen();
  EXPECT_TRUE(b.step("gear").selections.empty());  // the clearing is saved
}

TEST(BuilderSteps, BA_61_BA_64_free_edit_and_steps_without_strict_offer_every_kit) {
  Build b(R"({ "id": "gear", "label": "Equipment", "kind": "startingGear", "catalog": "kits" })");
  EXPECT_EQ(b.step("gear").offers.size(), 2u);
  Build strict;
  const BuilderResult free = open_builder(strict.catalogs(), strict.character(), BuilderOptions{true});
  for (const auto& s : free.view.steps) {
    if (s.id == "gear") {
      EXPECT_EQ(s.offers.size(), 2u);
    }
  }
}

TEST(BuilderSteps, BA_22_an_entry_without_the_upTo_filter_is_always_offered) {
  const std::string steps = R"({ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "max": 10,
                                 "upTo": { "filter": "level", "value": { "field": "speed" } } })";
  std::string rs = ruleset_json(steps);
  const std::string levelled =
      R"("filters": {"class_ids": ["wizard"], "level": 1}, "rows": [{"list": "spells", "values": {"name": "Magic Missile"}}])";
  ASSERT_NE(rs.find(levelled), std::string::npos);
  rs.replace(
      rs.find(levelled), levelled.size(),
      R"("filters": {"class_ids": ["wizard"]}, "rows": [{"list": "spells", "values": {"name": "Magic Missile"}}])");
  Build b(rs, true);
  // Speed reads 0: every spell with a level is above it; Magic Missile, without one, is offered.
  ASSERT_EQ(b.step("spells").offers.size(), 1u);
  EXPECT_EQ(b.step("spells").offers[0].id, "magic-missile");
}

TEST(BuilderSteps, BA_30_a_stamp_replaces_the_catalogs_initial_value_on_the_added_row) {
  std::string rs = ruleset_json();
  const std::string from = R"("rows": [{"list": "spells", "values": {"name": "Shield"}}])";
  ASSERT_NE(rs.find(from), std::string::npos);
  rs.replace(rs.find(from), from.size(),
             R"("rows": [{"list": "spells", "values": {"name": "Shield", "class": "Any"}}])");
  Build b(rs, true);
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 1})");
  b.act(R"({"step": "spells", "pick": "shield"})");
  EXPECT_EQ(b.character().lists.at("spells").front().cells.at("class"), text("Wizard"));
}

}  // namespace
}  // namespace rk::builder_test
