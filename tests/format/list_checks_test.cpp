// A list's `checks` at import (builder-c.md §10 "List rows that are checks", BC-74–BC-77, validation
// rule 16; builder-b.md §28, BB-134 and validation rule 35): what a ruleset author is told.
#include <string>

#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

/// A sheet with Education and a list of sciences; `checks` is the list's `checks` as written.
std::string list_checks_ruleset(const std::string& checks, const std::string& resolution_extra = "") {
  return R"({"id": "rows", "label": "Rows",
    "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "abilityModifier": {"op": "floorHalfMinusTen"},
      "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}], "difficultyLadder": [{"label": "Hard", "dc": 15}])" +
         resolution_extra + R"(},
    "sheet": {
      "abilities": [{"id": "edu", "label": "Education", "min": 1, "max": 20, "default": 10}],
      "lists": [{"id": "science", "label": "Sciences", "maxItems": 20, "columns": [
        {"id": "name", "label": "Science", "type": "text", "maxLength": 60},
        {"id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 20},
        {"id": "notes", "label": "Notes", "type": "longtext", "maxLength": 200}],
        "checks": )" +
         checks + "}]}}";
}

std::string list_checks_manifest(std::int64_t minor) {
  return R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

/// builder-c.md §10, verbatim.
const std::string kSpecChecks = R"([{ "id": "science", "name": "name", "rating": "rating", "ability": "edu" }])";

TEST(ListChecks, BC_74_the_spec_example_loads_and_reads_its_columns) {
  const LoadResult r = test::load(list_checks_ruleset(kSpecChecks));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const List& list = r.ruleset->sheet.lists.at(0);
  ASSERT_EQ(list.checks.size(), 1u);
  EXPECT_EQ(list.checks[0].id, "science");
  EXPECT_EQ(list.checks[0].name_index, 0u);
  EXPECT_EQ(list.checks[0].rating_index, 1u);
  EXPECT_EQ(list.checks[0].ability_index, 0u);
  EXPECT_EQ(r.requires_version.value_or(""), "1.161");
}

TEST(ListChecks, BC_74_a_package_declares_capability_1_161_for_them) {
  const LoadResult exact = test::load_package(list_checks_manifest(161), list_checks_ruleset(kSpecChecks));
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  const LoadResult below = test::load_package(list_checks_manifest(160), list_checks_ruleset(kSpecChecks));
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, "/sheet/lists/0/checks")) << test::describe(below);
}

TEST(ListChecks, BC_74_a_list_declares_up_to_four_checks) {
  auto checks = [](int n) {
    std::string out = "[";
    for (int i = 0; i < n; ++i) {
      out += std::string(i ? "," : "") + R"({"id": "c)" + std::to_string(i) +
             R"(", "name": "name", "rating": "rating", "label": "l)" + std::to_string(i) + "\"}";
    }
    return out + "]";
  };
  EXPECT_TRUE(test::load(list_checks_ruleset(checks(4))).ok());
  const LoadResult five = test::load(list_checks_ruleset(checks(5)));
  EXPECT_TRUE(test::has_error(five, Code::TooMany, "/sheet/lists/0/checks")) << test::describe(five);
  const LoadResult none = test::load(list_checks_ruleset("[]"));
  EXPECT_TRUE(test::has_error(none, Code::TooFew, "/sheet/lists/0/checks")) << test::describe(none);
}

TEST(ListChecks, BC_75_name_is_a_text_column_and_rating_a_number_column) {
  const LoadResult swapped =
      test::load(list_checks_ruleset(R"([{ "id": "science", "name": "rating", "rating": "notes" }])"));
  EXPECT_TRUE(test::has_error(swapped, Code::WrongReferenceType, "/sheet/lists/0/checks/0/name"))
      << test::describe(swapped);
  EXPECT_TRUE(test::has_error(swapped, Code::WrongReferenceType, "/sheet/lists/0/checks/0/rating"))
      << test::describe(swapped);
  const LoadResult unknown =
      test::load(list_checks_ruleset(R"([{ "id": "science", "name": "title", "rating": "rating" }])"));
  EXPECT_TRUE(test::has_error(unknown, Code::UnknownReference, "/sheet/lists/0/checks/0/name"))
      << test::describe(unknown);
  const LoadResult missing = test::load(list_checks_ruleset(R"([{ "id": "science", "name": "name" }])"));
  EXPECT_TRUE(test::has_error(missing, Code::MissingKey, "/sheet/lists/0/checks/0")) << test::describe(missing);
}

TEST(ListChecks, BC_75_ability_names_an_ability_of_the_sheet) {
  const LoadResult r =
      test::load(list_checks_ruleset(R"([{ "id": "science", "name": "name", "rating": "rating", "ability": "int" }])"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/lists/0/checks/0/ability")) << test::describe(r);
  const LoadResult none =
      test::load(list_checks_ruleset(R"([{ "id": "science", "name": "name", "rating": "rating" }])"));
  EXPECT_TRUE(none.ok()) << test::describe(none);
}

TEST(ListChecks, BC_75_an_unknown_key_of_a_check_is_refused) {
  const LoadResult r =
      test::load(list_checks_ruleset(R"([{ "id": "science", "name": "name", "rating": "rating", "bonus": 1 }])"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/lists/0/checks/0/bonus")) << test::describe(r);
}

TEST(ListChecks, BC_77_two_checks_on_one_list_each_have_their_own_label) {
  const std::string bold = R"({ "id": "bold", "name": "name", "rating": "rating", "label": "bold" })";
  const LoadResult stances = test::load(list_checks_ruleset(
      "[" + bold + R"(, { "id": "careful", "name": "name", "rating": "rating", "label": "careful" }])"));
  ASSERT_TRUE(stances.ok()) << test::describe(stances);
  EXPECT_EQ(stances.ruleset->sheet.lists.at(0).checks.at(1).label, "careful");

  const LoadResult unlabelled =
      test::load(list_checks_ruleset("[" + bold + R"(, { "id": "careful", "name": "name", "rating": "rating" }])"));
  EXPECT_TRUE(test::has_error(unlabelled, Code::MissingKey, "/sheet/lists/0/checks/1")) << test::describe(unlabelled);
  const LoadResult same = test::load(list_checks_ruleset(
      "[" + bold + R"(, { "id": "careful", "name": "name", "rating": "rating", "label": "bold" }])"));
  EXPECT_TRUE(test::has_error(same, Code::BadValue, "/sheet/lists/0/checks/1/label")) << test::describe(same);
  const LoadResult twice = test::load(list_checks_ruleset(
      "[" + bold + R"(, { "id": "bold", "name": "name", "rating": "rating", "label": "careful" }])"));
  EXPECT_TRUE(test::has_error(twice, Code::DuplicateId, "/sheet/lists/0/checks/1/id")) << test::describe(twice);
  const LoadResult bracket =
      test::load(list_checks_ruleset(R"([{ "id": "bold", "name": "name", "rating": "rating", "label": "[bold]" }])"));
  EXPECT_TRUE(test::has_error(bracket, Code::NotPromptSafe, "/sheet/lists/0/checks/0/label"))
      << test::describe(bracket);
}

TEST(ListChecks, BB_134_stance_is_refused_since_resolution_has_no_stances) {
  const LoadResult r = test::load(
      list_checks_ruleset(R"([{ "id": "science", "name": "name", "rating": "rating", "stance": "stillness" }])"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/lists/0/checks/0/stance")) << test::describe(r);
  const LoadResult stances = test::load(list_checks_ruleset(kSpecChecks, R"(, "stances": [{"id": "stillness"}])"));
  EXPECT_TRUE(test::has_error(stances, Code::UnknownKey, "/resolution/stances")) << test::describe(stances);
}

TEST(ListChecks, BC_74_a_party_list_has_no_checks) {
  const std::string text = R"({"id": "rows", "label": "Rows",
    "resolution": {"kind": "dice-sum", "dice": {"count": 1, "sides": 20}, "abilityModifier": {"op": "identity"},
      "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
    "sheet": {"abilities": [{"id": "edu", "label": "Education", "min": 1, "max": 20, "default": 10}]},
    "party": {"label": "Crew", "fields": [{"id": "heat", "label": "Heat", "type": "number", "min": 0, "max": 9}],
      "lists": [{"id": "deeds", "label": "Deeds", "columns": [
        {"id": "name", "label": "Deed", "type": "text", "maxLength": 60},
        {"id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 9}],
        "checks": [{"id": "deed", "name": "name", "rating": "rating"}]}]}})";
  const LoadResult r = test::load(text);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/party/lists/0/checks")) << test::describe(r);
}

}  // namespace
}  // namespace rk
