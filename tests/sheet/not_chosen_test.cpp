// Issue 9 point 9: an enum field's "not chosen yet". A field the character document does not
// store (or an empty text, or an enum value the ruleset no longer offers) is not chosen yet: the
// sheet says so beside what it reads as, while every computed number keeps the reference's
// reading of a blank sheet (the field's `default`, else its first value).
#include <boost/json.hpp>

#include "sheet/view_json.hpp"
#include "sheet/view_text.hpp"
#include "support/cli.hpp"
#include "support/sheet.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace bj = boost::json;

const char* const kBoats = R"({"id": "boats", "label": "Boats", "sheet": {
  "fields": [
    {"id": "craft", "label": "Craft", "type": "enum", "values": ["punt", "skiff", "barge"],
     "valueLabels": {"punt": "Reed punt", "skiff": "Lantern skiff", "barge": "Mill barge"}},
    {"id": "watch", "label": "Watch", "type": "enum", "values": ["dusk", "night"], "default": "night"},
    {"id": "hull", "label": "Hull", "type": "number", "min": 1, "max": 6, "default": 1},
    {"id": "landing", "label": "Landing", "type": "text", "maxLength": 60},
    {"id": "pole_note", "label": "Pole note", "type": "text", "maxLength": 60, "hideWhen": {"field": "craft", "equals": "punt"}}],
  "derived": [{"id": "crew", "label": "Crew", "op": "enumTable", "from": {"field": "craft"},
               "table": {"punt": 1, "skiff": 2, "barge": 4}, "default": 0}]}})";

std::vector<std::string> ids(const bj::value& array) {
  std::vector<std::string> out;
  for (const auto& v : array.as_array()) out.emplace_back(v.as_string());
  return out;
}

TEST(NotChosen, ISSUE_9_a_field_the_document_does_not_store_is_not_chosen_yet_and_reads_as_the_reference_says) {
  const auto rs = test::compile(kBoats);
  ASSERT_TRUE(rs);
  const SheetView blank = test::sheet_of(*rs, R"({"v": 1, "build": {}})");
  EXPECT_EQ(blank.not_chosen, (std::vector<Id>{"craft", "watch", "hull", "landing", "pole_note"}));
  // Computing keeps the reference's reading: the first value (no `default`), or the `default`.
  EXPECT_EQ(blank.fields.at("craft"), Scalar{std::string("punt")});
  EXPECT_EQ(blank.fields.at("watch"), Scalar{std::string("night")});
  EXPECT_EQ(blank.derived.at("crew").value, test::n(1));    // enumTable reads `punt`
  EXPECT_EQ(blank.hidden, (std::vector<Id>{"pole_note"}));  // hideWhen reads `punt`
  const bj::value json = sheet_to_json(*rs, blank);
  EXPECT_EQ(ids(json.at("notChosen")), (std::vector<std::string>{"craft", "watch", "hull", "landing", "pole_note"}));
  EXPECT_EQ(json.at("fields").at("craft"), bj::value("punt"));

  const SheetView chosen =
      test::sheet_of(*rs, R"({"v": 1, "build": {"fields": {"craft": "punt", "watch": "dusk", "landing": ""}}})");
  // A stored value, even the one a blank sheet reads, is chosen; an empty text is not.
  EXPECT_EQ(chosen.not_chosen, (std::vector<Id>{"hull", "landing", "pole_note"}));
  EXPECT_EQ(chosen.derived.at("crew").value, test::n(1));
}

TEST(NotChosen, ISSUE_9_an_enum_value_the_ruleset_no_longer_offers_is_not_chosen) {
  const auto rs = test::compile(kBoats);
  ASSERT_TRUE(rs);
  const SheetView v =
      test::sheet_of(*rs, R"({"v": 1, "build": {"fields": {"craft": "raft", "hull": 2, "landing": "Sluice End"}}})");
  EXPECT_EQ(v.not_chosen, (std::vector<Id>{"craft", "watch", "pole_note"}));
  EXPECT_EQ(v.fields.at("craft"), Scalar{std::string("punt")});
}

TEST(NotChosen, ISSUE_9_the_text_sheet_says_an_enum_is_not_chosen_yet_and_what_it_reads_as) {
  const auto rs = test::compile(kBoats);
  ASSERT_TRUE(rs);
  const std::string blank = sheet_to_text(*rs, test::sheet_of(*rs, R"({"v": 1, "build": {}})"));
  EXPECT_NE(blank.find("not chosen yet (reads as Reed punt)\n"), std::string::npos) << blank;
  EXPECT_NE(blank.find("not chosen yet (reads as night)\n"), std::string::npos) << blank;
  // The other types show their blank value as it is.
  EXPECT_NE(blank.find("Hull"), std::string::npos) << blank;
  EXPECT_EQ(blank.find("not chosen yet (reads as 1)"), std::string::npos) << blank;
  const std::string chosen =
      sheet_to_text(*rs, test::sheet_of(*rs, R"({"v": 1, "build": {"fields": {"craft": "barge", "watch": "night"}}})"));
  EXPECT_EQ(chosen.find("not chosen yet"), std::string::npos) << chosen;
  EXPECT_NE(chosen.find("Mill barge\n"), std::string::npos) << chosen;
}

TEST(NotChosen, ISSUE_9_a_blank_low_reach_character_has_not_chosen_its_craft) {
  const std::string blank = test::run_cli("new " + test::source_path("rulesets/examples/low-reach")).out;
  const test::TempFolder folder("rk-not-chosen");
  const std::string path = folder.write_raw("blank.json", blank);
  const test::CliOutput text = test::run_cli("sheet " + test::source_path("rulesets/examples/low-reach") + " " + path);
  EXPECT_EQ(text.exit_code, 0) << text.out;
  EXPECT_NE(text.out.find("not chosen yet (reads as Reed punt)"), std::string::npos) << text.out;
  const test::CliOutput json =
      test::run_cli("sheet " + test::source_path("rulesets/examples/low-reach") + " " + path + " --json");
  ASSERT_EQ(json.exit_code, 0) << json.out;
  const bj::value v = bj::parse(json.out);
  EXPECT_EQ(ids(v.at("notChosen")), (std::vector<std::string>{"landing", "craft", "hull", "boat", "debt"}));
}

}  // namespace
}  // namespace rk
