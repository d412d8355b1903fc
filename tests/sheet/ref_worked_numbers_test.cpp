// The worked numbers of the original product's chapter (writing-rulesets.md), computed on the
// reference's own example rulesets (examples/ember-roads.json, examples/gravewatch.json):
// "The sheet" (Soothe's cap), "Modifiers off the sheet" (Burden), "Live states" (Stance, the dawn watch, the lantern)
// and "A creature written in your ruleset's own terms" (the Toll Warden's Grit and Guard).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "reference_dir.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

/// One of the reference's example rulesets, loaded from its file as a user would import it.
std::shared_ptr<const Ruleset> example(const char* name) {
  const std::string path = (rk::testing::reference_dir(RK_SOURCE_DIR) / "examples" / name).string();
  const LoadResult r = load_ruleset(path);
  EXPECT_TRUE(r.ok()) << path << "\n" << test::describe(r);
  return r.ruleset;
}

// ---- Modifiers off the sheet: Ember Roads' Burden ---------------------------------------------

TEST(RefWorkedNumbers, ember_roads_burden_takes_one_off_each_brawn_roll_for_every_three_bulk_packed) {
  const auto rs = example("ember-roads.json");
  ASSERT_NE(rs, nullptr);
  // Rope is packed by default, the Crowbar says so, the Tent is left behind: 2 + 2 = 4 bulk.
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"ruleset":"ember-roads","name":"Juno",
    "build":{"abilities":{"brawn":1},"lists":{"gear":[
    {"_id":"rope","name":"Rope","bulk":2},{"_id":"crowbar","name":"Crowbar","bulk":2,"packed":true},
    {"_id":"tent","name":"Tent","bulk":3,"packed":false}]}},"live":{}})");
  EXPECT_EQ(v.derived.at("burden").value, n(4));
  EXPECT_EQ(v.derived.at("burdened").value, n(-1));  // 4 is past the step at 3, not the one at 6
  EXPECT_EQ(v.abilities.at("brawn").adjust.total, n(-1));
  EXPECT_EQ(v.skills.at("scrap").adjust.total, n(-1));  // a Brawn skill
  EXPECT_EQ(v.skills.at("sneak").adjust.total, n(0));   // a Wits skill
  EXPECT_EQ(v.abilities.at("wits").adjust.total, n(0));
}

// ---- Live states: Ember Roads adds its Stance to every Brawn roll -----------------------------

TEST(RefWorkedNumbers, live_states_ember_roads_adds_its_stance_to_every_brawn_roll_beside_the_burden) {
  const auto rs = example("ember-roads.json");
  ASSERT_NE(rs, nullptr);
  // The same 4 packed bulk as above (Burden on Brawn rolls -1), in each of the three stances.
  const SheetView reckless = test::sheet_of(*rs, R"({"v":1,"ruleset":"ember-roads","name":"Juno",
    "build":{"abilities":{"brawn":1},"lists":{"gear":[
    {"_id":"rope","name":"Rope","bulk":2},{"_id":"crowbar","name":"Crowbar","bulk":2,"packed":true},
    {"_id":"tent","name":"Tent","bulk":3,"packed":false}]}},"live":{"states":{"stance":"reckless"}}})");
  const SheetView guarded = test::sheet_of(*rs, R"({"v":1,"ruleset":"ember-roads","name":"Juno",
    "build":{"abilities":{"brawn":1},"lists":{"gear":[
    {"_id":"rope","name":"Rope","bulk":2},{"_id":"crowbar","name":"Crowbar","bulk":2,"packed":true},
    {"_id":"tent","name":"Tent","bulk":3,"packed":false}]}},"live":{"states":{"stance":"guarded"}}})");
  const SheetView steady = test::sheet_of(*rs, R"({"v":1,"ruleset":"ember-roads","name":"Juno",
    "build":{"abilities":{"brawn":1},"lists":{"gear":[
    {"_id":"rope","name":"Rope","bulk":2},{"_id":"crowbar","name":"Crowbar","bulk":2,"packed":true},
    {"_id":"tent","name":"Tent","bulk":3,"packed":false}]}},"live":{"states":{"stance":"steady"}}})");

  EXPECT_EQ(reckless.derived.at("stance_brawn").value, n(2));
  EXPECT_EQ(reckless.derived.at("burdened").value, n(-1));
  EXPECT_EQ(reckless.abilities.at("brawn").adjust.total, n(1));  // +2 stance, -1 burden
  EXPECT_EQ(reckless.skills.at("scrap").adjust.total, n(1));
  EXPECT_EQ(reckless.skills.at("sneak").adjust.total, n(0));

  EXPECT_EQ(guarded.derived.at("stance_brawn").value, n(-1));
  EXPECT_EQ(guarded.abilities.at("brawn").adjust.total, n(-2));  // -1 stance, -1 burden
  EXPECT_EQ(guarded.skills.at("scrap").adjust.total, n(-2));
  EXPECT_EQ(guarded.skills.at("sneak").adjust.total, n(0));

  EXPECT_EQ(steady.derived.at("stance_brawn").value, n(0));     // steady is not in the table
  EXPECT_EQ(steady.abilities.at("brawn").adjust.total, n(-1));  // the burden alone
  EXPECT_EQ(steady.skills.at("scrap").adjust.total, n(-1));
  EXPECT_EQ(steady.skills.at("sneak").adjust.total, n(0));
}

// ---- Live states: Gravewatch's dawn watch has one more Resolve --------------------------------

TEST(RefWorkedNumbers, live_states_gravewatch_gives_a_warden_on_the_dawn_watch_one_more_resolve) {
  const auto rs = example("gravewatch.json");
  ASSERT_NE(rs, nullptr);
  const SheetView night = test::sheet_of(
      *rs, R"({"v":1,"ruleset":"gravewatch","name":"Bram","build":{"fields":{"watch":"night"}},"live":{}})");
  const SheetView dawn = test::sheet_of(
      *rs, R"({"v":1,"ruleset":"gravewatch","name":"Bram","build":{"fields":{"watch":"dawn"}},"live":{}})");

  EXPECT_EQ(night.derived.at("dawn_resolve").value, n(0));
  EXPECT_EQ(night.derived.at("resolve_max").value, n(4));  // 2 + Nerve 2
  EXPECT_EQ(night.pools.at("resolve").max, n(4));

  EXPECT_EQ(dawn.derived.at("dawn_resolve").value, n(1));
  EXPECT_EQ(dawn.derived.at("resolve_max").value, n(5));  // 2 + Nerve 2 + 1
  EXPECT_EQ(dawn.pools.at("resolve").max, n(5));
}

// ---- Live states: Gravewatch takes a shuttered or dark lantern off every Nerve roll -----------

TEST(RefWorkedNumbers, live_states_gravewatch_takes_a_shuttered_or_out_lantern_off_every_nerve_roll) {
  const auto rs = example("gravewatch.json");
  ASSERT_NE(rs, nullptr);
  // The ruleset's Light is lit, shuttered or out: the chapter's "dark" lantern is `out`.
  const SheetView lit = test::sheet_of(
      *rs, R"({"v":1,"ruleset":"gravewatch","name":"Bram","build":{},"live":{"states":{"light":"lit"}}})");
  const SheetView shuttered = test::sheet_of(
      *rs, R"({"v":1,"ruleset":"gravewatch","name":"Bram","build":{},"live":{"states":{"light":"shuttered"}}})");
  const SheetView out = test::sheet_of(
      *rs, R"({"v":1,"ruleset":"gravewatch","name":"Bram","build":{},"live":{"states":{"light":"out"}}})");

  struct Expected {
    const SheetView* view;
    std::int64_t off;
  };
  for (const Expected& e : {Expected{&lit, 0}, Expected{&shuttered, -1}, Expected{&out, -2}}) {
    const SheetView& v = *e.view;
    SCOPED_TRACE(v.states.at("light"));
    EXPECT_EQ(v.derived.at("light_nerve").value, n(e.off));
    EXPECT_EQ(v.abilities.at("nerve").adjust.total, n(e.off));
    EXPECT_EQ(v.skills.at("listen").adjust.total, n(e.off));  // Nerve skills
    EXPECT_EQ(v.skills.at("ward").adjust.total, n(e.off));
    EXPECT_EQ(v.saves.at("steel").adjust.total, n(e.off));  // the Nerve save
    EXPECT_EQ(v.skills.at("barter").adjust.total, n(0));    // Warmth
    EXPECT_EQ(v.skills.at("wrestle").adjust.total, n(0));   // Sinew
    EXPECT_EQ(v.abilities.at("sinew").adjust.total, n(0));
  }
}

// ---- The sheet: Gravewatch caps Soothe at the Resolve a warden has left -----------------------

TEST(RefWorkedNumbers, the_sheet_gravewatch_caps_soothe_at_the_resolve_a_warden_has_left) {
  const auto rs = example("gravewatch.json");
  ASSERT_NE(rs, nullptr);
  // Warmth 4 and Sworn (+4) make 8 before the cap; Resolve's maximum is 2 + Nerve 3 = 5.
  const auto warden = [&](const char* live) {
    return test::sheet_of(*rs, std::string(R"({"v":1,"ruleset":"gravewatch","name":"Bram","build":{
      "abilities":{"warmth":4,"nerve":3},"skills":{"soothe":"rating_4"}},"live":)") +
                                   live + "}");
  };
  const SheetView rested = warden("{}");
  EXPECT_EQ(rested.skills.at("soothe").uncapped, n(8));
  EXPECT_EQ(rested.pools.at("resolve").current, n(5));
  EXPECT_EQ(rested.skills.at("soothe").mod, n(5));  // capped at a full Resolve
  const SheetView spent = warden(R"({"pools":{"resolve":{"value":1}}})");
  EXPECT_EQ(spent.skills.at("soothe").mod, n(1));  // the Soothe shrinks with the Resolve left
  EXPECT_EQ(spent.skills.at("barter").cap, std::nullopt);
}

// ---- A creature written in your ruleset's own terms: the Toll Warden --------------------------

TEST(RefWorkedNumbers, a_creature_in_your_own_terms_the_toll_warden_has_grit_9_and_guard_7) {
  const auto rs = example("ember-roads.json");
  ASSERT_NE(rs, nullptr);
  // The warden's creature sheet, held by a character: the sheet adds it up the same way.
  const SheetView v = test::sheet_of(*rs, R"({"v":1,"ruleset":"ember-roads","name":"Toll Warden","build":{
    "abilities":{"brawn":2,"wits":1,"heart":1},"skills":{"sway":"trained"},"fields":{"calling":"Hauler","toughness":3},
    "lists":{"gear":[{"_id":"hook","name":"Toll hook","swing":"brawn","damage":"1d6","harm":"cut"}]}},"live":{}})");
  EXPECT_EQ(v.derived.at("grit_max").value, n(9));  // 4 + Toughness 3 + Brawn 2
  EXPECT_EQ(v.pools.at("grit").max, n(9));
  EXPECT_EQ(v.derived.at("guard").value, n(7));  // 6 + Wits 1 + nothing worn
}

}  // namespace
}  // namespace rk
