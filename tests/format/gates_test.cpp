// The Capability API gates (src/format/capability.cpp): for every gated feature, a package that
// declares exactly the minor the feature needs is accepted and `requires_version` names it; one
// minor below is refused with capability-too-low at the feature; and a single-file ruleset with
// the feature needs no declaration at all.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "support/load.hpp"
#include "support/points_ruleset.hpp"
#include "support/roll_ruleset.hpp"
#include "support/rows_ruleset.hpp"

namespace rk {
namespace {

std::string manifest(std::int64_t minor, std::int64_t schema_version = 2) {
  return R"({"schemaVersion": )" + std::to_string(schema_version) + R"(, "capabilityApi": {"major": 1, "minor": )" +
         std::to_string(minor) + R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

/// A ruleset whose sheet is `sheet` and whose other top-level keys are `top` (",\"key\": …").
std::string ruleset(const std::string& sheet, const std::string& top = "") {
  return R"({"id": "gate", "label": "Gate", "sheet": )" + sheet + top + "}";
}

const std::string kTiers =
    R"(, "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}], "difficultyLadder": [{"label": "Hard", "dc": 15}]})";
const std::string kSinew = R"({"id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 1})";
const std::string kHarmTail =
    R"("min": 0, "max": 2, "levels": [{"label": "Scuffed", "penalty": 0}, {"label": "Down", "penalty": -99}],
       "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}])";
const std::string kParty =
    R"("label": "Crew", "fields": [{"id": "heat", "label": "Heat", "type": "number", "min": 0, "max": 9}])";

/// The three checks every gate gets.
void expect_gate(const std::string& text, std::int64_t minor, const std::string& pointer) {
  SCOPED_TRACE("gate 1." + std::to_string(minor) + " at " + pointer);
  const LoadResult exact = test::load_package(manifest(minor), text);
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1." + std::to_string(minor));

  const LoadResult below = test::load_package(manifest(minor - 1), text);
  EXPECT_FALSE(below.ok());
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, pointer)) << test::describe(below);
  for (const auto& d : below.diagnostics.items()) {
    EXPECT_EQ(d.code, Code::CapabilityTooLow) << "only the gate may refuse: " << test::describe(below);
  }

  const LoadResult single = test::load(text);
  EXPECT_TRUE(single.ok()) << test::describe(single);
  EXPECT_EQ(single.requires_version.value_or(""), "1." + std::to_string(minor));
}

TEST(CapabilityGates, SH_21_track_max_as_a_ref_needs_1_37) {
  expect_gate(ruleset(R"({"live": {"tracks": [{"id": "will", "label": "Will", "min": 0, "max": {"const": 5}}]}})"), 37,
              "/sheet/live/tracks/0/max");
}

TEST(CapabilityGates, SH_21_track_max_as_a_number_needs_nothing) {
  const LoadResult r = test::load_package(
      manifest(0), ruleset(R"({"live": {"tracks": [{"id": "will", "label": "Will", "min": 0, "max": 5}]}})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

TEST(CapabilityGates, SH_24_alwaysShow_needs_1_37) {
  expect_gate(
      ruleset(R"({"live": {"tracks": [{"id": "will", "label": "Will", "min": 0, "max": 5, "alwaysShow": true}]}})"), 37,
      "/sheet/live/tracks/0/alwaysShow");
}

TEST(CapabilityGates, SH_70_resolution_adjust_needs_1_38) {
  expect_gate(
      ruleset(
          R"({"abilities": [)" + kSinew + "]}",
          R"(, "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}], "difficultyLadder": [{"label": "Hard", "dc": 15}], "adjust": [{"value": {"const": -1}, "abilities": ["sinew"]}]})"),
      38, "/resolution/adjust");
}

TEST(CapabilityGates, SH_8_cap_needs_1_39) {
  expect_gate(
      ruleset(R"({"abilities": [)" + kSinew +
                  R"(], "skills": [{"id": "soothe", "label": "Soothe", "ability": "sinew", "cap": {"const": 3}}]})",
              kTiers),
      39, "/sheet/skills/0/cap");
}

TEST(CapabilityGates, SH_8_cap_on_a_save_needs_1_39) {
  expect_gate(
      ruleset(R"({"abilities": [)" + kSinew +
                  R"(], "saves": [{"id": "endure", "label": "Endure", "ability": "sinew", "cap": {"const": 3}}]})",
              kTiers),
      39, "/sheet/saves/0/cap");
}

const std::string kWatch = R"({"id": "watch", "label": "Watch", "type": "enum", "values": ["day", "night"]})";

TEST(CapabilityGates, SH_19_hideWhen_notEquals_needs_1_39) {
  expect_gate(
      ruleset(
          R"({"fields": [)" + kWatch +
          R"(, {"id": "oil", "label": "Oil", "type": "number", "hideWhen": {"field": "watch", "notEquals": "night"}, "min": -1000000, "max": 1000000}]})"),
      39, "/sheet/fields/1/hideWhen/notEquals");
}

TEST(CapabilityGates, SH_19_hideWhen_in_needs_1_39) {
  expect_gate(
      ruleset(
          R"({"fields": [)" + kWatch +
          R"(], "live": {"pools": [{"id": "oil", "label": "Oil", "max": 6, "hideWhen": {"field": "watch", "in": ["day"]}}]}})"),
      39, "/sheet/live/pools/0/hideWhen/in");
}

TEST(CapabilityGates, SH_19_hideWhen_equals_needs_nothing) {
  const LoadResult r = test::load_package(
      manifest(0),
      ruleset(
          R"({"fields": [)" + kWatch +
          R"(, {"id": "oil", "label": "Oil", "type": "number", "hideWhen": {"field": "watch", "equals": "day"}, "min": -1000000, "max": 1000000}]})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

TEST(CapabilityGates, SH_64_boxes_need_1_40) {
  expect_gate(ruleset(R"({"live": {"tracks": [{"id": "strain", "label": "Strain", "min": 0, "max": 3, "boxes": {},
                          "kinds": [{"id": "strain", "label": "S", "severity": 0}]}]}})"),
              40, "/sheet/live/tracks/0/boxes");
}

TEST(CapabilityGates, SH_64_fill_needs_1_40) {
  expect_gate(
      ruleset(R"({"live": {"tracks": [{"id": "harm", "label": "Harm", "fill": "sequential", )" + kHarmTail + "}]}}"),
      40, "/sheet/live/tracks/0/fill");
}

TEST(CapabilityGates, SH_64_onFull_needs_1_40) {
  expect_gate(
      ruleset(R"({"live": {"tracks": [{"id": "harm", "label": "Harm", "onFull": "refuse", )" + kHarmTail + "}]}}"), 40,
      "/sheet/live/tracks/0/onFull");
}

TEST(CapabilityGates, SH_64_extra_needs_1_40) {
  expect_gate(ruleset(R"({"lists": [{"id": "scars", "label": "Scars", "maxItems": 500, "columns": [
                          {"id": "levels", "label": "Levels", "type": "number", "min": 0, "max": 16},
                          {"id": "penalty", "label": "Penalty", "type": "number", "min": -1000000, "max": 1000000}]}],
                          "live": {"tracks": [{"id": "harm", "label": "Harm",
                          "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"}, )" +
                      kHarmTail + "}]}}"),
              40, "/sheet/live/tracks/0/extra");
}

TEST(CapabilityGates, SH_64_rest_step_kind_needs_1_40) {
  expect_gate(ruleset(R"({"live": {"tracks": [{"id": "harm", "label": "Harm", )" + kHarmTail + R"(}]}})",
                      R"(, "rests": [{"id": "breath", "label": "Catch your breath",
                          "restore": [{"track": "harm", "kind": "knock", "to": "min"}]}])"),
              40, "/rests/0/restore/0/kind");
}

TEST(CapabilityGates, SH_30_wound_track_with_levels_needs_nothing) {
  const LoadResult r = test::load_package(
      manifest(0),
      ruleset(R"({"live": {"tracks": [{"id": "harm", "label": "Harm", )" + kHarmTail + R"(}]}})",
              R"(, "rests": [{"id": "breath", "label": "Breath", "restore": [{"track": "harm", "to": "min"}]}],
                              "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}], "difficultyLadder": [{"label": "Hard", "dc": 15}], "penaltyFrom": "harm"})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

TEST(CapabilityGates, SH_7_section_on_a_skill_needs_1_41) {
  expect_gate(ruleset(R"({"sections": [{"id": "labour", "label": "Labour"}], "abilities": [)" + kSinew +
                          R"(], "skills": [{"id": "dig", "label": "Dig", "ability": "sinew", "section": "labour"}]})",
                      kTiers),
              41, "/sheet/skills/0/section");
}

TEST(CapabilityGates, SH_7_section_on_an_ability_needs_1_41) {
  expect_gate(
      ruleset(
          R"({"sections": [{"id": "body", "label": "Body"}], "abilities": [{"id": "sinew", "label": "Sinew", "section": "body", "min": 0, "max": 100, "default": 0}]})"),
      41, "/sheet/abilities/0/section");
}

TEST(CapabilityGates, SH_7_section_on_a_save_needs_1_41) {
  expect_gate(
      ruleset(R"({"sections": [{"id": "body", "label": "Body"}], "abilities": [)" + kSinew +
                  R"(], "saves": [{"id": "endure", "label": "Endure", "ability": "sinew", "section": "body"}]})",
              kTiers),
      41, "/sheet/saves/0/section");
}

TEST(CapabilityGates, SH_7_untrained_on_a_section_needs_1_41) {
  expect_gate(ruleset(R"({"sections": [{"id": "labour", "label": "Labour", "untrained": {"by": -1}}]})"), 41,
              "/sheet/sections/0/untrained");
}

TEST(CapabilityGates, SH_7_untrained_on_a_skill_needs_1_41) {
  expect_gate(ruleset(R"({"abilities": [)" + kSinew +
                          R"(], "skills": [{"id": "dig", "label": "Dig", "ability": "sinew", "untrained": "refuse"}]})",
                      kTiers),
              41, "/sheet/skills/0/untrained");
}

TEST(CapabilityGates, SH_29_live_states_need_1_42) {
  expect_gate(
      ruleset(R"({"live": {"states": [{"id": "stance", "label": "Stance", "values": ["guarded", "steady"]}]}})"), 42,
      "/sheet/live/states");
}

TEST(CapabilityGates, SH_29_enumTable_needs_1_42) {
  expect_gate(
      ruleset(
          R"({"fields": [)" + kWatch +
          R"(], "derived": [{"id": "eyes", "label": "Eyes", "op": "enumTable", "from": {"field": "watch"}, "table": {"night": 1}}]})"),
      42, "/sheet/derived/0/op");
}

TEST(CapabilityGates, SH_29_rest_step_naming_a_state_needs_1_42) {
  expect_gate(
      ruleset(R"({"live": {"states": [{"id": "stance", "label": "Stance", "values": ["guarded", "steady"]}]}})",
              R"(, "rests": [{"id": "breath", "label": "Breath", "restore": [{"state": "stance", "to": "default"}]}])"),
      42, "/rests/0/restore/0");
}

TEST(CapabilityGates, SH_78_shared_needs_1_77) {
  expect_gate(ruleset(R"({"live": {"pools": [{"id": "hd_d10", "label": "d10", "max": 2, "group": "hit_dice"},
                                             {"id": "hd_d8", "label": "d8", "max": 3, "group": "hit_dice"}]}})",
                      R"(, "rests": [{"id": "long", "label": "Long rest", "restore": [
                            {"poolGroup": "hit_dice", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}, "shared": true}]}])"),
              77, "/rests/0/restore/0/shared");
}

TEST(CapabilityGates, SH_77_poolGroup_fraction_without_shared_needs_nothing) {
  const LoadResult r = test::load_package(
      manifest(0), ruleset(R"({"live": {"pools": [{"id": "hd_d10", "label": "d10", "max": 2, "group": "hit_dice"}]}})",
                           R"(, "rests": [{"id": "long", "label": "Long rest", "restore": [
                                {"poolGroup": "hit_dice", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}}]}])"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

TEST(CapabilityGates, SH_87_clocks_need_1_143) { expect_gate(ruleset("{}", R"(, "clocks": {})"), 143, "/clocks"); }

TEST(CapabilityGates, SH_105_party_needs_1_144) {
  expect_gate(ruleset("{}", R"(, "party": {)" + kParty + "}"), 144, "/party");
}

TEST(CapabilityGates, SH_86_gmReference_needs_1_145) {
  expect_gate(ruleset("{}", R"(, "gmReference": "Judge supplies before the next leg.")"), 145, "/gmReference");
}

TEST(CapabilityGates, SH_86_gmReference_needs_schemaVersion_2) {
  const std::string text = ruleset("{}", R"(, "gmReference": "Judge supplies before the next leg.")");
  const LoadResult r = test::load_package(manifest(145, 1), text);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(test::has_error(r, Code::SchemaVersionTooLow, "/gmReference")) << test::describe(r);
  EXPECT_FALSE(test::has_code(r, Code::CapabilityTooLow)) << test::describe(r);
  const LoadResult newer = test::load_package(manifest(200, 2), text);
  EXPECT_TRUE(newer.ok()) << test::describe(newer);
}

TEST(CapabilityGates, SH_86_gmReference_reports_both_capability_and_schema_version) {
  const LoadResult r =
      test::load_package(manifest(144, 1), ruleset("{}", R"(, "gmReference": "Judge supplies before the next leg.")"));
  EXPECT_TRUE(test::has_error(r, Code::CapabilityTooLow, "/gmReference")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::SchemaVersionTooLow, "/gmReference")) << test::describe(r);
}

TEST(CapabilityGates, SH_85_schemaVersion_1_is_enough_without_gmReference) {
  const LoadResult r = test::load_package(manifest(144, 1), ruleset("{}", R"(, "party": {)" + kParty + "}"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(CapabilityGates, BC_30_computed_abilities_need_1_156) {
  expect_gate(
      ruleset(R"({"fields": [{"id": "bought", "label": "Bought", "type": "number", "min": -1000000, "max": 1000000}],
                          "abilities": [{"id": "per", "label": "Perception", "value": [{"field": "bought"}], "min": 0, "max": 100, "default": 0}]})"),
      156, "/sheet/abilities/0/value");
}

TEST(CapabilityGates, BC_58_pool_startFrom_needs_1_158) {
  expect_gate(ruleset(R"({"fields": [{"id": "pow", "label": "POW", "type": "number", "min": -1000000, "max": 1000000}],
                          "live": {"pools": [{"id": "san", "label": "SAN", "max": 99, "startFrom": {"field": "pow"}}]}})"),
              158, "/sheet/live/pools/0/startFrom");
}

TEST(CapabilityGates, BC_59_track_startFrom_needs_1_158) {
  expect_gate(ruleset(R"({"fields": [{"id": "pow", "label": "POW", "type": "number", "min": -1000000, "max": 1000000}],
                          "live": {"tracks": [{"id": "luck", "label": "Luck", "min": 0, "max": 99, "startFrom": {"field": "pow"}}]}})"),
              158, "/sheet/live/tracks/0/startFrom");
}

TEST(CapabilityGates, BC_74_list_checks_need_1_161) {
  expect_gate(ruleset(R"({"lists": [{"id": "science", "label": "Sciences", "maxItems": 20, "columns": [
                            {"id": "name", "label": "Science", "type": "text", "maxLength": 60},
                            {"id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 20}],
                          "checks": [{"id": "science", "name": "name", "rating": "rating"}]}]})"),
              161, "/sheet/lists/0/checks");
}

TEST(CapabilityGates, SH_127_party_lists_need_1_163) {
  expect_gate(
      ruleset(
          "{}",
          R"(, "party": {)" + kParty +
              R"(, "lists": [{"id": "upgrades", "label": "Upgrades", "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}]})"),
      163, "/party/lists");
}

TEST(CapabilityGates, SH_128_party_builder_needs_1_163) {
  expect_gate(ruleset("{}", R"(, "party": {)" + kParty + R"(, "builder": {"steps": []}})"), 163, "/party/builder");
}

TEST(CapabilityGates, SH_129_party_fromMembers_needs_1_163) {
  expect_gate(ruleset("{}", R"(, "party": {)" + kParty + R"(, "fromMembers": [{"field": "heat", "count": true}]})"),
              163, "/party/fromMembers");
}

TEST(CapabilityGates, SH_131_party_summary_lists_need_1_163) {
  const LoadResult r = test::load_package(
      manifest(162),
      ruleset(
          "{}",
          R"(, "party": {)" + kParty +
              R"(, "lists": [{"id": "upgrades", "label": "Upgrades", "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
                                         "summary": {"fields": ["heat"], "lists": [{"list": "upgrades", "nameColumn": "name"}]}})"));
  EXPECT_TRUE(test::has_error(r, Code::CapabilityTooLow, "/party/summary")) << test::describe(r);
  // Without party lists the summary's own gate still decides.
  expect_gate(
      ruleset(
          "{}",
          R"(, "party": {)" + kParty +
              R"(, "lists": [{"id": "upgrades", "label": "Upgrades", "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
                                  "summary": {"fields": ["heat"], "lists": [{"list": "upgrades", "nameColumn": "name"}]}})"),
      163, "/party/summary");
}

TEST(CapabilityGates, SH_115_party_summary_fields_need_only_1_144) {
  const LoadResult r = test::load_package(
      manifest(144), ruleset("{}", R"(, "party": {)" + kParty + R"(, "summary": {"fields": ["heat"]}})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.144");
}

TEST(CapabilityGates, CA_85_pool_level_needs_1_171) {
  expect_gate(
      ruleset(R"({"live": {"pools": [{"id": "pact", "label": "Pact", "max": 2, "group": "pact", "level": 3}]}})"), 171,
      "/sheet/live/pools/0/level");
}

TEST(CapabilityGates, CA_85_pool_pays_needs_1_171) {
  expect_gate(ruleset(R"({"live": {"pools": [{"id": "slots1", "label": "Slots 1", "max": 4, "group": "slots"},
                                             {"id": "pact", "label": "Pact", "max": 2, "group": "pact", "pays": ["slots"]}]}})"),
              171, "/sheet/live/pools/1/pays");
}

/// The `items` block an items catalog is written in, and the fight a bestiary is (a top-level member each).
const std::string kToolItems = R"(, "items": {"categories": [{"id": "tool", "label": "Tool"}]})";
const std::string kHpSheet = R"({"live": {"pools": [{"id": "hp", "label": "HP", "max": 5}]}})";
std::string fight(const std::string& pool) {
  return R"(, "combat": {"kind": "attack-vs-defense", "health": {"pool": ")" + pool + R"("}, "defense": {"const": 10},
    "initiative": {"dice": {"count": 1, "sides": 20}}, "attackRoll": {"dice": {"count": 1, "sides": 20}},
    "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]}})";
}

TEST(CapabilityGates, CA_9_items_catalogs_need_1_49) {
  expect_gate(
      ruleset("{}", kToolItems + R"(, "catalogs": [{"id": "kit", "label": "Kit", "holds": "items", "entries": []}])"),
      49, "/catalogs/0/holds");
}

const std::string kTricks = R"({"lists": [{"id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [
    {"id": "name", "label": "Name", "type": "text", "maxLength": 200},
    {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 10}]}],
  "abilities": [{"id": "heart", "label": "Heart", "min": 0, "max": 5, "default": 0}],
  "live": {"pools": [{"id": "grit", "label": "Grit", "max": 5, "group": "grit"}]}})";

TEST(CapabilityGates, CA_9_rows_catalogs_need_nothing_here) {
  const LoadResult r = test::load_package(
      manifest(0),
      ruleset(kTricks, R"(, "catalogs": [{"id": "kit", "label": "Kit", "feeds": ["tricks"], "entries": []}])"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

TEST(CapabilityGates, CA_95_creatures_catalogs_need_1_27) {
  expect_gate(
      ruleset(
          kHpSheet,
          fight("hp") + R"(, "catalogs": [{"id": "beasts", "label": "Beasts", "holds": "creatures", "entries": []}])"),
      27, "/catalogs/0/holds");
}

TEST(CapabilityGates, CA_37_scaled_columns_need_1_23) {
  expect_gate(ruleset(kTricks, R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["tricks"], "entries": [
      {"id": "last-ember", "label": "Last Ember", "rows": [{"list": "tricks", "values": {"name": "Last Ember", "uses": 1},
        "scaled": {"uses": {"from": {"abilityScore": "heart"}}}}]}]}])"),
              23, "/catalogs/0/entries/0/rows/0/scaled");
}

TEST(CapabilityGates, CA_33_several_scaled_rows_matched_by_name_need_1_92) {
  expect_gate(ruleset(kTricks, R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["tricks"], "entries": [
      {"id": "twin", "label": "Twin", "rows": [
        {"list": "tricks", "values": {"name": "Left", "uses": 1}, "scaled": {"uses": {"from": {"abilityScore": "heart"}}}},
        {"list": "tricks", "values": {"name": "Right", "uses": 1}, "scaled": {"uses": {"from": {"abilityScore": "heart"}}}}]}]}])"),
              92, "/catalogs/0/entries/0/rows");
}

TEST(CapabilityGates, CA_90_targetsPerCostStep_needs_1_171) {
  expect_gate(ruleset(kTricks, R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["tricks"], "entries": [
      {"id": "hold", "label": "Hold", "rows": [{"list": "tricks", "values": {"name": "Hold"}}],
       "mechanics": {"kind": "debuff", "cost": [{"pool": "grit", "amount": 1}], "targetCount": 1, "targetsPerCostStep": 1}}]}])"),
              171, "/catalogs/0/entries/0/mechanics/targetsPerCostStep");
}

// CA-94: the manifest lists the file. Without a folder the file's presence is not checked here
// (tests/format/catalog_packages_test.cpp loads real package folders).
std::string manifest_listing(std::int64_t minor, const std::string& path) {
  return R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json", ")" + path + R"("]}}})";
}

TEST(CapabilityGates, CA_94_separate_catalog_files_need_1_21) {
  const std::string text = ruleset(
      kTricks,
      R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["tricks"], "asset": "catalogs/knacks.json"}])");
  const LoadResult exact = test::load_package(manifest_listing(21, "catalogs/knacks.json"), text);
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1.21");
  EXPECT_EQ(exact.requires_feature.value_or(""), "separate catalog files (`asset`)");
  const LoadResult below = test::load_package(manifest_listing(20, "catalogs/knacks.json"), text);
  EXPECT_FALSE(below.ok());
  ASSERT_EQ(below.diagnostics.error_count(), 1u) << test::describe(below);
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, "/catalogs/0/asset")) << test::describe(below);
}

TEST(CapabilityGates, BB_153_borrowed_catalogs_need_1_220) {
  expect_gate(ruleset(kTricks, R"(, "catalogs": [{"id": "spells", "label": "Spells", "feeds": ["tricks"],
                                  "from": {"ruleset": "5e-2014", "catalog": "spells"}}])"),
              220, "/catalogs/0/from");
}

TEST(CapabilityGates, BB_153_a_single_file_with_from_reports_requires_1_220) {
  const LoadResult r = test::load(ruleset(
      kTricks,
      fight("grit") +
          R"(, "catalogs": [{"id": "beasts", "label": "Beasts", "holds": "creatures", "from": {"ruleset": "5e-2014", "catalog": "creatures"}}])"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.220");
  EXPECT_EQ(r.requires_feature.value_or(""), "borrowed catalogs (`from`)");
}

/// A package folder written to a temporary folder: manifest.json declaring 1.`minor`, a ruleset.json
/// of at least `ruleset_bytes` and, when `catalog_bytes` is not 0, catalogs/knacks.json of exactly
/// that size.
class LargePackage {
 public:
  LargePackage(std::int64_t minor, std::size_t ruleset_bytes, std::size_t catalog_bytes)
      : dir_(std::filesystem::temp_directory_path() /
             ("rk_gates_large_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "catalogs");
    const std::string header =
        catalog_bytes == 0
            ? R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["tricks"], "entries": []}])"
            : R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["tricks"], "asset": "catalogs/knacks.json"}])";
    std::string text = test::reference_top(ruleset(kTricks, header));  // complete before padding
    if (text.size() < ruleset_bytes) text.insert(text.size() - 1, std::string(ruleset_bytes - text.size(), ' '));
    write("ruleset.json", text);
    write("manifest.json", catalog_bytes == 0 ? manifest(minor, 1) : manifest_listing(minor, "catalogs/knacks.json"));
    if (catalog_bytes != 0) {
      std::string file = R"({"schemaVersion": 1, "catalog": "knacks", "entries": []})";
      file.insert(file.size() - 1, std::string(catalog_bytes - file.size(), ' '));
      write("catalogs/knacks.json", file);
    }
  }
  ~LargePackage() { std::filesystem::remove_all(dir_); }
  LoadResult load() const { return load_ruleset(dir_); }

 private:
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << test::fixture_file_text(text);
  }
  std::filesystem::path dir_;
};

TEST(CapabilityGates, CA_101_a_package_ruleset_json_above_256_KB_needs_1_340) {
  const std::size_t over = 256 * 1024 + 1;
  const LoadResult exact = LargePackage(340, over, 0).load();
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1.340");
  EXPECT_EQ(exact.requires_feature.value_or(""), "a package ruleset.json above 256 KB or a catalog file above 1 MB");
  const LoadResult below = LargePackage(339, over, 0).load();
  EXPECT_FALSE(below.ok());
  ASSERT_EQ(below.diagnostics.error_count(), 1u) << test::describe(below);
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, "")) << test::describe(below);
  EXPECT_EQ(LargePackage(0, 256 * 1024, 0).load().requires_version.value_or(""), "1.0");
}

TEST(CapabilityGates, CA_101_a_catalog_file_above_1_MB_needs_1_340) {
  const std::size_t over = 1024 * 1024 + 1;
  const LoadResult exact = LargePackage(340, 0, over).load();
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1.340");
  const LoadResult below = LargePackage(339, 0, over).load();
  EXPECT_FALSE(below.ok());
  ASSERT_EQ(below.diagnostics.error_count(), 1u) << test::describe(below);
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, "/catalogs/0/asset")) << test::describe(below);
  EXPECT_EQ(LargePackage(21, 0, 1024 * 1024).load().requires_version.value_or(""), "1.21");
}

TEST(CapabilityGates, CA_97_a_single_file_is_never_gated_by_its_size) {
  std::string text = ruleset(kTricks);
  text.insert(text.size() - 1, std::string(256 * 1024 + 1 - text.size(), ' '));
  const LoadResult r = test::load(text);
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

const std::string kGear = R"({"id": "gear", "label": "Gear", "maxItems": 500, "columns": [
    {"id": "kind", "label": "Kind", "type": "enum", "values": ["tool", "weapon"]},
    {"id": "weight", "label": "Weight", "type": "number", "min": -1000000, "max": 1000000}]})";

TEST(CapabilityGates, BB_110_listSum_where_needs_1_205) {
  expect_gate(ruleset(R"({"lists": [)" + kGear + R"(], "derived": [{"id": "tools", "label": "Tools", "op": "sum",
                          "of": [{"listSum": {"list": "gear", "column": "weight", "where": {"column": "kind", "equals": "tool"}}}]}]})"),
              205, "/sheet/derived/0/of/0/listSum/where");
}

TEST(CapabilityGates, BB_111_listSum_count_needs_1_205) {
  expect_gate(ruleset(R"({"lists": [)" + kGear + R"(], "derived": [{"id": "items", "label": "Items", "op": "sum",
                          "of": [{"listSum": {"list": "gear", "count": true}}]}]})"),
              205, "/sheet/derived/0/of/0/listSum/count");
}

TEST(CapabilityGates, BB_110_listSum_of_a_column_needs_nothing) {
  const LoadResult r = test::load_package(
      manifest(0), ruleset(R"({"lists": [)" + kGear + R"(], "derived": [{"id": "load", "label": "Load", "op": "sum",
                              "of": [{"listSum": {"list": "gear", "column": "weight"}}]}]})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

std::string number_fields(std::size_t n) {
  std::string out = "[";
  for (std::size_t i = 0; i < n; ++i) {
    out += (i ? ", " : "") + std::string(R"({"id": "f)") + std::to_string(i) +
           R"(", "label": "F", "type": "number", "min": 0, "max": 10})";
  }
  return out + "]";
}

std::string field_ids(std::size_t n) {
  std::string out = "[";
  for (std::size_t i = 0; i < n; ++i) out += (i ? ", " : "") + std::string("\"f") + std::to_string(i) + "\"";
  return out + "]";
}

TEST(CapabilityGates, BB_120_more_than_160_fields_need_1_208) {
  expect_gate(ruleset(R"({"fields": )" + number_fields(161) + "}"), 208, "/sheet/fields");
}

TEST(CapabilityGates, BB_127_computed_columns_need_1_210) {
  expect_gate(ruleset(R"({"lists": [{"id": "spec", "label": "Specialties", "maxItems": 500, "columns": [
                          {"id": "base", "label": "Base", "type": "number", "min": -1000000, "max": 1000000},
                          {"id": "total", "label": "Total", "type": "number", "sum": ["base"], "min": -1000000, "max": 1000000}]}]})"),
              210, "/sheet/lists/0/columns/1/sum");
}

TEST(CapabilityGates, BB_162_more_than_24_advancement_fields_need_1_219) {
  expect_gate(ruleset(R"({"fields": )" + number_fields(25) + R"(, "advancement": {"fields": )" + field_ids(25) + "}}"),
              219, "/sheet/advancement/fields");
}

// The requirement is the highest gate used; a refusal names each feature above the declaration.
TEST(CapabilityGates, SH_105_every_feature_above_the_declaration_is_refused) {
  const std::string text = ruleset(R"({"live": {"states": [{"id": "stance", "label": "Stance", "values": ["a"]}]}})",
                                   R"(, "clocks": {}, "party": {)" + kParty + "}");
  const LoadResult r = test::load_package(manifest(42), text);
  EXPECT_TRUE(test::has_error(r, Code::CapabilityTooLow, "/clocks")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::CapabilityTooLow, "/party")) << test::describe(r);
  EXPECT_FALSE(test::has_error(r, Code::CapabilityTooLow, "/sheet/live/states")) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.144");
  EXPECT_EQ(r.requires_feature.value_or(""), "top-level `party`");
}

TEST(CapabilityGates, SH_105_a_newer_declaration_than_needed_is_accepted) {
  const LoadResult r = test::load_package(manifest(999), ruleset("{}", R"(, "clocks": {})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.143");
}

// The guided builder (docs/format/builder.md): a sheet with three abilities, two skills, a text
// and a number field and a list, a `races` catalog and its steps.
std::string builder_ruleset(const std::string& steps, const std::string& entry = "",
                            const std::string& builder_extra = "", const std::string& catalogs_extra = "",
                            const std::string& top_extra = "") {
  return ruleset(
      R"({"abilities": [{"id": "str", "label": "Str", "min": 1, "max": 20, "default": 1}, {"id": "dex", "label": "Dex", "min": 1, "max": 20, "default": 1},
                        {"id": "cha", "label": "Cha", "min": 1, "max": 20, "default": 1}],
          "skills": [{"id": "sneak", "label": "Sneak", "ability": "dex"}, {"id": "lift", "label": "Lift", "ability": "str"}],
          "fields": [{"id": "race", "label": "Race", "type": "text", "maxLength": 200}, {"id": "level", "label": "Level", "type": "number", "min": 0, "max": 20},
                     {"id": "other", "label": "Other", "type": "number", "min": 0, "max": 20}],
          "lists": [{"id": "feats", "label": "Feats", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200},
                                                                   {"id": "class", "label": "Class", "type": "text", "maxLength": 200}]}],
          "builder": {"steps": [)" +
          steps + "]" + builder_extra + "}}",
      R"(, "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "proficient", "label": "Proficient", "flat": 2},
                                               {"id": "expertise", "label": "Expertise", "flat": 4}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
          "catalogs": [{"id": "races", "label": "Races", "feeds": ["feats"],
                        "filters": [{"id": "parent", "label": "Parent", "type": "text"}, {"id": "level", "label": "Level", "type": "number"}],
                        "entries": [{"id": "elf", "label": "Elf", "rows": [{"list": "feats", "values": {"name": "Elf"}}])" +
          entry + R"(}]})" + catalogs_extra + "]" + top_extra);
}
const std::string kRace = R"({"id": "race", "label": "Race", "kind": "catalog", "catalog": "races")";

TEST(CapabilityGates, BA_1_sheet_builder_needs_1_86) {
  expect_gate(builder_ruleset(kRace + "}"), 86, "/sheet/builder");
}
TEST(CapabilityGates, BA_21_step_upTo_needs_1_87) {
  expect_gate(builder_ruleset(kRace + R"(, "upTo": {"filter": "level", "value": {"field": "level"}}})"), 87,
              "/sheet/builder/steps/0/upTo");
}
TEST(CapabilityGates, BA_51_abilities_default_needs_1_87) {
  expect_gate(
      builder_ruleset(
          R"({"id": "s", "label": "S", "kind": "abilities", "methods": {"manual": true}, "default": "manual"})"),
      87, "/sheet/builder/steps/0/default");
}
TEST(CapabilityGates, BA_25_step_countFrom_needs_1_90) {
  expect_gate(builder_ruleset(kRace + R"(, "max": 3, "countFrom": {"field": "level"}})"), 90,
              "/sheet/builder/steps/0/countFrom");
}
TEST(CapabilityGates, BA_66_choices_step_needs_1_91) {
  expect_gate(builder_ruleset(R"({"id": "c", "label": "C", "kind": "choices", "catalog": "races"})"), 91,
              "/sheet/builder/steps/0/kind");
}
TEST(CapabilityGates, BA_94_grants_entries_needs_1_91) {
  expect_gate(builder_ruleset(R"({"id": "c", "label": "C", "kind": "choices", "catalog": "races"})",
                              R"(, "grants": {"entries": {"choose": [{"catalog": "races", "count": 1}]}})"),
              91, "/catalogs/0/entries/0/grants/entries");
}
TEST(CapabilityGates, BA_70_repeat_needs_1_93) {
  expect_gate(builder_ruleset(kRace + "}",
                              R"(, "grants": {"abilities": {"choose": [{"count": 2, "amount": 1, "repeat": true}]}})"),
              93, "/catalogs/0/entries/0/grants/abilities/choose/0/repeat");
}
TEST(CapabilityGates, BA_92_exclusive_needs_1_94) {
  expect_gate(builder_ruleset(kRace + "}", R"(, "exclusive": "asi")"), 94, "/catalogs/0/entries/0/exclusive");
}
TEST(CapabilityGates, BA_73_choice_upTo_needs_1_96) {
  expect_gate(
      builder_ruleset(kRace + "}", R"(, "grants": {"abilities": {"choose": [{"count": 2, "amount": 1, "upTo": 20}]}})"),
      96, "/catalogs/0/entries/0/grants/abilities/choose/0/upTo");
}
TEST(CapabilityGates, BA_86_offeredWhen_needs_1_99) {
  expect_gate(builder_ruleset(kRace + "}", R"(, "offeredWhen": {"field": "level"})"), 99,
              "/catalogs/0/entries/0/offeredWhen");
}
TEST(CapabilityGates, BA_89_offeredWhen_in_an_exclusive_group_needs_1_100) {
  expect_gate(builder_ruleset(kRace + "}", R"(, "offeredWhen": {"field": "level"}, "exclusive": "asi")"), 100,
              "/catalogs/0/entries/0/offeredWhen");
}
TEST(CapabilityGates, BA_80_trained_choices_need_1_104) {
  expect_gate(
      builder_ruleset(R"({"id": "t", "label": "T", "kind": "trained", "choose": [{"what": "skills", "count": 1}]})"),
      104, "/sheet/builder/steps/0/choose");
}
TEST(CapabilityGates, BA_83_held_needs_1_105) {
  expect_gate(
      builder_ruleset(
          kRace + "}",
          R"(, "grants": {"trained": {"tier": "expertise", "choose": [{"what": "skills", "count": 1, "held": "proficient"}]}})"),
      105, "/catalogs/0/entries/0/grants/trained/choose/0/held");
}
TEST(CapabilityGates, BA_37_shownWhen_needs_1_107) {
  expect_gate(
      builder_ruleset(
          R"({"id": "f", "label": "F", "kind": "fields", "fields": ["race"], "shownWhen": {"race": {"field": "level"}}})"),
      107, "/sheet/builder/steps/0/shownWhen");
}
TEST(CapabilityGates, BA_39_total_needs_1_107) {
  expect_gate(
      builder_ruleset(
          R"({"id": "f", "label": "F", "kind": "fields", "fields": ["level", "other"], "total": {"fields": ["level", "other"], "max": 20}})"),
      107, "/sheet/builder/steps/0/total");
}
TEST(CapabilityGates, BA_27_stamp_needs_1_108) {
  expect_gate(builder_ruleset(kRace + R"(, "stamp": {"class": "wizard"}})"), 108, "/sheet/builder/steps/0/stamp");
}
TEST(CapabilityGates, BA_59_strict_needs_1_109) {
  expect_gate(builder_ruleset(R"({"id": "g", "label": "G", "kind": "startingGear", "strict": true})"), 109,
              "/sheet/builder/steps/0/strict");
}
TEST(CapabilityGates, BA_60_entry_fits_needs_1_109) {
  expect_gate(builder_ruleset(kRace + "}", R"(, "fits": {"value": {"field": "level"}, "atLeast": 1})"), 109,
              "/catalogs/0/entries/0/fits");
}
TEST(CapabilityGates, BA_58_a_startingGear_catalog_needs_only_1_86) {
  expect_gate(builder_ruleset(R"({"id": "g", "label": "G", "kind": "startingGear", "catalog": "races"})"), 86,
              "/sheet/builder");
}
TEST(CapabilityGates, BA_15_max_above_20_needs_1_110) {
  expect_gate(builder_ruleset(kRace + R"(, "max": 21})"), 110, "/sheet/builder/steps/0/max");
}
TEST(CapabilityGates, BA_50_manual_bounds_need_1_110) {
  expect_gate(builder_ruleset(
                  R"({"id": "s", "label": "S", "kind": "abilities", "methods": {"manual": {"min": 3, "max": 18}}})"),
              110, "/sheet/builder/steps/0/methods/manual");
}
std::string steps(int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += (i ? ", " : "") + std::string(R"({"id": "g)") + std::to_string(i) +
           R"(", "label": "G", "kind": "startingGear"})";
  return out;
}
TEST(CapabilityGates, BA_9_seventeen_steps_need_1_112) {
  expect_gate(builder_ruleset(steps(17)), 112, "/sheet/builder/steps");
}
TEST(CapabilityGates, BA_32_stamp_fromWithin_needs_1_130) {
  expect_gate(
      builder_ruleset(kRace + R"(}, {"id": "sub", "label": "Sub", "kind": "catalog", "catalog": "races", "min": 0,
                                  "within": {"step": "race", "filter": "parent"}, "stamp": {"class": {"fromWithin": "label"}}})"),
      130, "/sheet/builder/steps/1/stamp/class");
}
TEST(CapabilityGates, BA_111_when_needs_1_151) {
  expect_gate(builder_ruleset(kRace + R"(, "when": {"field": "level"}})"), 151, "/sheet/builder/steps/0/when");
}
TEST(CapabilityGates, BA_112_requiredWhen_needs_1_151) {
  expect_gate(builder_ruleset(kRace + R"(, "requiredWhen": {"field": "level"}})"), 151,
              "/sheet/builder/steps/0/requiredWhen");
}
TEST(CapabilityGates, BA_115_quotas_need_1_151) {
  expect_gate(builder_ruleset(kRace + R"(, "quotas": [{"filter": "level", "value": 1, "min": 0, "max": 1}]})"), 151,
              "/sheet/builder/steps/0/quotas");
}
TEST(CapabilityGates, BA_119_distinctBy_needs_1_151) {
  expect_gate(builder_ruleset(kRace + R"(, "distinctBy": "parent"})"), 151, "/sheet/builder/steps/0/distinctBy");
}
TEST(CapabilityGates, BA_121_quotaBelow_needs_1_151) {
  expect_gate(builder_ruleset(kRace + R"(, "quotaBelow": {"filter": "level"}})"), 151,
              "/sheet/builder/steps/0/quotaBelow");
}
TEST(CapabilityGates, BA_125_slot_id_needs_1_151) {
  expect_gate(builder_ruleset(kRace + "}",
                              R"(, "grants": {"abilities": {"choose": [{"id": "boost", "count": 1, "amount": 1}]}})"),
              151, "/catalogs/0/entries/0/grants/abilities/choose/0/id");
}
TEST(CapabilityGates, BA_127_slot_countFrom_needs_1_151) {
  expect_gate(
      builder_ruleset(
          kRace + "}",
          R"(, "grants": {"abilities": {"choose": [{"countFrom": {"field": "level"}, "max": 2, "amount": 1}]}})"),
      151, "/catalogs/0/entries/0/grants/abilities/choose/0/countFrom");
}
TEST(CapabilityGates, BA_129_excludeChoices_needs_1_151) {
  // An earlier trained step offers choice `pick`; the race entry's trained choice excludes it.
  const std::string skills =
      R"({"id": "skills", "label": "Skills", "kind": "trained", "choose": [{"id": "pick", "what": "skills", "count": 1}]}, )";
  expect_gate(
      builder_ruleset(
          skills + kRace + "}",
          R"(, "grants": {"trained": {"choose": [{"what": "skills", "count": 1, "excludeChoices": ["skills/pick"]}]}})"),
      151, "/catalogs/0/entries/0/grants/trained/choose/0/excludeChoices");
}
TEST(CapabilityGates, BA_131_ability_choice_from_needs_1_151) {
  expect_gate(
      builder_ruleset(kRace + "}",
                      R"(, "grants": {"abilities": {"choose": [{"count": 1, "amount": 1, "from": ["str", "dex"]}]}})"),
      151, "/catalogs/0/entries/0/grants/abilities/choose/0/from");
}
TEST(CapabilityGates, BA_133_trained_choice_tier_needs_1_151) {
  expect_gate(
      builder_ruleset(kRace + "}",
                      R"(, "grants": {"trained": {"choose": [{"what": "skills", "count": 1, "tier": "expertise"}]}})"),
      151, "/catalogs/0/entries/0/grants/trained/choose/0/tier");
}
TEST(CapabilityGates, BA_134_only_needs_1_151) {
  expect_gate(
      builder_ruleset(kRace + "}",
                      R"(, "grants": {"trained": {"choose": [{"what": "skills", "count": 1, "only": "untrained"}]}})"),
      151, "/catalogs/0/entries/0/grants/trained/choose/0/only");
}
TEST(CapabilityGates, BA_135_onDuplicate_needs_1_151) {
  expect_gate(builder_ruleset(
                  kRace + "}",
                  R"(, "grants": {"trained": {"choose": [{"what": "skills", "count": 1, "onDuplicate": "replace"}]}})"),
              151, "/catalogs/0/entries/0/grants/trained/choose/0/onDuplicate");
}
TEST(CapabilityGates, BC_21_replacementFrom_needs_1_155) {
  expect_gate(
      builder_ruleset(
          kRace + "}",
          R"(, "grants": {"trained": {"choose": [{"what": "skills", "count": 1, "onDuplicate": "replace", "replacementFrom": ["lift"]}]}})"),
      155, "/catalogs/0/entries/0/grants/trained/choose/0/replacementFrom");
}
TEST(CapabilityGates, BB_131_partialFrom_needs_1_211) {
  expect_gate(
      builder_ruleset(kRace + "}",
                      R"(, "grants": {"abilities": {"choose": [{"count": 1, "amount": 1, "partialFrom": 18}]}})"),
      211, "/catalogs/0/entries/0/grants/abilities/choose/0/partialFrom");
}
TEST(CapabilityGates, BB_140_itemAccess_needs_1_215) {
  expect_gate(
      builder_ruleset(
          kRace + "}", R"(, "grants": {"itemAccess": ["gear/rope"]})", "",
          R"(, {"id": "gear", "label": "Gear", "holds": "items", "entries": [{"id": "rope", "label": "Rope", "item": {"category": "tool"}}]})",
          kToolItems),
      215, "/catalogs/0/entries/0/grants/itemAccess");
}
TEST(CapabilityGates, BA_10_twenty_five_steps_need_1_768) {
  expect_gate(builder_ruleset(steps(25)), 768, "/sheet/builder/steps");
}
TEST(CapabilityGates, BA_16_max_above_40_needs_1_768) {
  expect_gate(builder_ruleset(kRace + R"(, "max": 41})"), 768, "/sheet/builder/steps/0/max");
}
TEST(CapabilityGates, BA_93_exclusiveDefault_needs_1_772) {
  expect_gate(builder_ruleset(kRace + "}", R"(, "exclusive": "asi", "exclusiveDefault": true)"), 772,
              "/catalogs/0/entries/0/exclusiveDefault");
}

TEST(CapabilityGates, BB_1_allocate_steps_need_1_152) {
  expect_gate(builder_ruleset(kRace + R"(}, {"id": "points", "label": "Points", "kind": "allocate", "priorities": [3],
                                 "groups": [{"id": "body", "label": "Body", "targets": [{"ability": "str"}], "min": 1, "max": 5}]})"),
              152, "/sheet/builder/steps/1/kind");
}
TEST(CapabilityGates, BB_23_ratingTiers_need_1_152) {
  expect_gate(
      builder_ruleset(kRace + "}", "",
                      R"(, "ratingTiers": [{"target": {"skill": "sneak"}, "tiers": ["untrained", "proficient"]}])"),
      152, "/sheet/builder/ratingTiers");
}
TEST(CapabilityGates, BB_29_grants_ratings_need_1_152) {
  expect_gate(builder_ruleset(kRace + "}", R"(, "grants": {"ratings": [{"target": {"ability": "str"}, "add": 1}]})"),
              152, "/catalogs/0/entries/0/grants/ratings");
}

std::string spend_ruleset(const std::string& offer) {
  return test::points_ruleset(test::spend_step(offer), test::points_pool(10));
}
TEST(CapabilityGates, BB_49_BB_54_pools_and_spend_steps_need_1_153) {
  expect_gate(
      spend_ruleset(
          R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1}, "min": 0, "max": 10})"),
      153, "/sheet/builder/pools");
}
TEST(CapabilityGates, BC_15_an_offer_when_needs_1_155) {
  expect_gate(
      spend_ruleset(
          R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"flat": 1}, "min": 0, "max": 10,
      "when": {"field": "career"}})"),
      155, "/sheet/builder/steps/0/offers/0/when");
}
TEST(CapabilityGates, BB_81_an_offer_direction_needs_1_164) {
  expect_gate(
      spend_ruleset(
          R"({"id": "st", "label": "ST", "target": {"ability": "st"}, "direction": "both", "min": 7, "max": 14, "cost": {"flat": 10}})"),
      164, "/sheet/builder/steps/0/offers/0/direction");
}
TEST(CapabilityGates, BB_117_an_unpriced_cost_needs_1_207) {
  expect_gate(
      spend_ruleset(
          R"({"id": "rank", "label": "Rank", "target": {"field": "rank"}, "cost": {"unpriced": true}, "min": 0, "max": 10})"),
      207, "/sheet/builder/steps/0/offers/0/cost/unpriced");
}

TEST(CapabilityGates, BC_51_an_initialize_step_needs_1_158) {
  expect_gate(test::roll_ruleset(R"({"id": "start", "label": "Start", "kind": "initialize",
      "writes": [{"field": "san_start", "value": {"abilityScore": "pow"}}]})",
                                 "[]", false),
              158, "/sheet/builder/steps/0/kind");
}
TEST(CapabilityGates, BC_81_methods_rolls_needs_1_162) {
  expect_gate(test::roll_ruleset(R"({"id": "c", "label": "C", "kind": "abilities", "methods": {"rolls": [
      {"abilities": ["str"], "dice": {"count": 3, "sides": 6, "multiplier": 5}}]}})",
                                 "[]", false),
              162, "/sheet/builder/steps/0/methods/rolls");
}
TEST(CapabilityGates, BC_83_a_roll_step_needs_1_162) {
  expect_gate(test::roll_ruleset(
                  test::roll_step(R"({"id": "luck", "field": "luck", "dice": {"count": 3, "sides": 6}})"), "[]", false),
              162, "/sheet/builder/steps/0/kind");
}

TEST(CapabilityGates, BC_1_rows_steps_need_1_154) {
  expect_gate(test::rows_ruleset(R"({ "id": "retainers", "label": "Retainers", "kind": "rows", "list": "retainers" })"),
              154, "/sheet/builder/steps/0/kind");
}
TEST(CapabilityGates, BC_10_countFrom_on_a_rows_step_needs_1_799) {
  expect_gate(test::rows_ruleset(R"({ "id": "hp", "label": "HP", "kind": "rows", "list": "hp_rolls",
                                      "countFrom": { "derived": "hp_rolls_due" } })"),
              799, "/sheet/builder/steps/0/countFrom");
}
TEST(CapabilityGates, BC_61_priced_steps_need_1_159) {
  expect_gate(test::rows_ruleset(R"({ "id": "charms", "label": "Charms", "kind": "rows", "list": "charms",
                                      "pool": "bonus", "cost": 1 })"),
              159, "/sheet/builder/steps/0/pool");
}

TEST(CapabilityGates, BC_22_creation_rules_need_1_155) {
  expect_gate(test::rows_ruleset(R"({ "id": "rank_step", "label": "Rank", "kind": "fields", "fields": ["rank"] })",
                                 R"(, "constraints": [{ "label": "Rank 3 at most.", "step": "rank_step",
                                      "value": { "field": "rank" }, "max": 3 }])"),
              155, "/sheet/builder/constraints");
}
TEST(CapabilityGates, BC_69_creation_profiles_need_1_160) {
  expect_gate(test::rows_ruleset(R"({ "id": "rank_step", "label": "Rank", "kind": "fields", "fields": ["rank"] })",
                                 R"(, "profiles": [{ "id": "dragon", "label": "Dragon", "when": { "field": "dragon" },
                                      "steps": ["rank_step"] }])"),
              160, "/sheet/builder/profiles");
}

TEST(CapabilityGates, BC_73_reads_before_needs_1_160) {
  expect_gate(test::rows_ruleset(R"({ "id": "boon", "label": "Boon", "kind": "catalog", "catalog": "boons", "min": 0 },
                                    { "id": "path", "label": "Path", "kind": "catalog", "catalog": "paths", "min": 0,
                                      "reads": { "before": "boon" } })"),
              160, "/sheet/builder/steps/1/reads");
}

TEST(CapabilityGates, SH_1_every_gate_of_the_table_is_exercised_here) {
  // A reminder to extend this file when a gate is added to src/format/capability.cpp. The
  // reference-format gates are exercised in the tests/format/ref_*_test.cpp file of their area.
  EXPECT_EQ(gate_table().size(), 143u);
}

}  // namespace
}  // namespace rk
