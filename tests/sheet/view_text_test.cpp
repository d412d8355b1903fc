// Issue 9 point 9: the text sheet shows what a player reads (grouped by section, by label, lists,
// live state, conditions and notes) and leaves out a ruleset's working values; `--json` keeps the
// ruleset's order of ids.
#include <boost/json/parse.hpp>

#include "sheet/view_json.hpp"
#include "sheet/view_text.hpp"
#include "support/cli.hpp"
#include "support/load.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

namespace bj = boost::json;

std::string sheet_text(const std::string& package, const std::string& character) {
  const test::CliOutput r = test::run_cli("sheet " + test::source_path(package) + " " + test::source_path(character));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  return r.out;
}

bool shows(const std::string& text, const std::string& line) { return text.find(line) != std::string::npos; }

TEST(TextSheet, ISSUE_9_lists_conditions_notes_and_enum_labels_are_shown) {
  const std::string text =
      sheet_text("rulesets/examples/low-reach", "rulesets/examples/low-reach/characters/wren.json");
  EXPECT_TRUE(shows(text, "Wren Tallow — The Low Reach\n")) << text;
  // An enum field by its value label, not its id.
  EXPECT_TRUE(shows(text, "Mill barge")) << text;
  EXPECT_FALSE(shows(text, "\"barge\"")) << text;
  // Each list by its label, each row by its name and its other filled cells.
  EXPECT_TRUE(shows(text, "Knacks\n  - Fog Sense — What it does Once a night")) << text;
  // A cell holding its column's blank value (`hidden` false) says nothing and is left out.
  EXPECT_TRUE(shows(text, "  - Tow rope — Bulk 3\n")) << text;
  EXPECT_TRUE(shows(text, "  - Flour sacks with a false seam — Bulk 3, Hidden yes\n")) << text;
  EXPECT_TRUE(shows(text, "Conditions\n  Soaked\n")) << text;
  EXPECT_TRUE(shows(text, "Notes\n  - Owes the miller at Sluice End twelve crowns for the barge.\n")) << text;
  // A tier by its label; what `resolution.adjust` adds to rolls beside the value it touches.
  EXPECT_TRUE(shows(text, "+5  Handy")) << text;
  EXPECT_TRUE(shows(text, "(+4), rolls -1\n")) << text;
}

TEST(TextSheet, ISSUE_9_what_sits_in_a_section_is_shown_under_its_label) {
  const std::string text =
      sheet_text("rulesets/examples/gravewatch", "rulesets/examples/gravewatch/characters/mira.json");
  const auto labour = text.find("Labour\n");
  const auto skills = text.find("Skills\n");
  ASSERT_NE(labour, std::string::npos) << text;
  ASSERT_NE(skills, std::string::npos) << text;
  // Dig, Haul and Mend sit in `labour`; Listen in no section.
  EXPECT_LT(labour, text.find("  Dig ")) << text;
  EXPECT_LT(text.find("  Mend "), skills) << text;
  EXPECT_GT(text.find("  Listen "), skills) << text;
}

TEST(TextSheet, ISSUE_9_internal_derived_values_stay_off_the_5e_sheet) {
  const std::string text = sheet_text("rulesets/5e-2014", "rulesets/5e-2014/characters/sample-cleric.json");
  EXPECT_TRUE(shows(text, "Armor Class")) << text;
  EXPECT_TRUE(shows(text, "Proficiency bonus")) << text;
  EXPECT_FALSE(shows(text, "Class is Druid")) << text;
  EXPECT_FALSE(shows(text, "multiclass")) << text;
  const test::CliOutput json =
      test::run_cli("sheet " + test::source_path("rulesets/5e-2014") + " " +
                    test::source_path("rulesets/5e-2014/characters/sample-cleric.json") + " --json");
  ASSERT_EQ(json.exit_code, 0);
  const bj::object derived = bj::parse(json.out).at("derived").as_object();
  std::vector<std::string> ids;
  for (const auto& member : derived) ids.emplace_back(member.key());
  // The shown values only, in the ruleset's order.
  const std::vector<std::string> expected = {
      "proficiency_bonus", "initiative",   "spell_save_dc",  "spell_attack",    "passive_perception", "armor_class",
      "carrying_capacity", "spells_known", "cantrips_known", "max_spell_level", "hit_point_maximum"};
  EXPECT_EQ(ids, expected);
  // An internal value is still explained on request.
  const test::CliOutput explained = test::run_cli("sheet " + test::source_path("rulesets/5e-2014") + " " +
                                                  test::source_path("rulesets/5e-2014/characters/sample-cleric.json") +
                                                  " --explain derived:is_cleric");
  EXPECT_EQ(explained.exit_code, 0);
  EXPECT_TRUE(shows(explained.out, "is_cleric")) << explained.out;
}

TEST(TextSheet, ISSUE_9_json_lists_ids_in_the_order_the_ruleset_declares_them) {
  const auto rs = test::compile(R"({"id": "order", "label": "Order", "sheet": {
    "abilities": [{"id": "wits", "label": "Wits", "min": 0, "max": 5, "default": 1}, {"id": "brawn", "label": "Brawn", "min": 0, "max": 5, "default": 1}],
    "fields": [{"id": "zeal", "label": "Zeal", "type": "number", "min": 0, "max": 5}, {"id": "ash", "label": "Ash", "type": "number", "min": 0, "max": 5}]}})");
  ASSERT_TRUE(rs);
  const SheetView view = test::sheet_of(*rs, R"({"v": 1, "build": {}})");
  const bj::value v = sheet_to_json(*rs, view);
  std::vector<std::string> abilities, fields;
  for (const auto& m : v.at("abilities").as_object()) abilities.emplace_back(m.key());
  for (const auto& m : v.at("fields").as_object()) fields.emplace_back(m.key());
  EXPECT_EQ(abilities, (std::vector<std::string>{"wits", "brawn"}));
  EXPECT_EQ(fields, (std::vector<std::string>{"zeal", "ash"}));
  const std::string text = sheet_to_text(*rs, view);
  EXPECT_LT(text.find("Wits"), text.find("Brawn")) << text;
  EXPECT_LT(text.find("Zeal"), text.find("Ash")) << text;
}

TEST(TextSheet, ISSUE_9_an_internal_value_may_not_be_listed_for_the_game_master) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "fields": [{"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20}],
    "derived": [{"id": "tier", "label": "Tier", "op": "sum", "of": [{"field": "level"}], "internal": true}]},
    "gm": {"checkGuidance": "Roll when it matters.", "sheetSummary": {"derived": ["tier"]}}})");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/gm/sheetSummary/derived/0")) << test::describe(r);
}

}  // namespace
}  // namespace rk
