// BA-129, BA-130: `excludeChoices` names earlier choices of the same kind, checkable in the
// definition or in the same catalog file.
#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

/// A trained step `skills` offering choice `pick`, then a catalog step `race` whose entry `elf`
/// carries `grant` (its grants), then `tail` steps.
std::string ruleset(const std::string& grant, const std::string& tail = "", const std::string& races_extra = "") {
  return R"({"id": "x", "label": "X",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "U"}, {"id": "proficient", "label": "P", "flat": 2}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [{"id": "str", "label": "Str", "min": 1, "max": 20, "default": 1}, {"id": "dex", "label": "Dex", "min": 1, "max": 20, "default": 1}],
    "skills": [{"id": "sneak", "label": "Sneak", "ability": "dex"}, {"id": "lift", "label": "Lift", "ability": "str"}],
    "lists": [{"id": "feats", "label": "Feats", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
    "builder": {"steps": [
      {"id": "skills", "label": "Skills", "kind": "trained", "choose": [{"id": "pick", "what": "skills", "count": 1}]},
      {"id": "race", "label": "Race", "kind": "catalog", "catalog": "races"})" +
         tail + R"(]}},
  "catalogs": [{"id": "races", "label": "Races", "feeds": ["feats"], "entries": [
    {"id": "elf", "label": "Elf", "rows": [{"list": "feats", "values": {"name": "Elf"}}], "grants": )" +
         grant + R"(}]})" + races_extra + "]}";
}

TEST(BuilderExcludes, BA_129_an_earlier_choice_of_the_same_kind_is_accepted) {
  const LoadResult r = test::load(
      ruleset(R"({"trained": {"choose": [{"what": "skills", "count": 1, "excludeChoices": ["skills/pick"]}]}})"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(BuilderExcludes, BA_129_a_choice_of_another_kind_is_refused) {
  const LoadResult r = test::load(
      ruleset(R"({"abilities": {"choose": [{"count": 1, "amount": 1, "excludeChoices": ["skills/pick"]}]}})"));
  EXPECT_TRUE(
      test::has_error(r, Code::WrongReferenceType, "/catalogs/0/entries/0/grants/abilities/choose/0/excludeChoices/0"))
      << test::describe(r);
}

TEST(BuilderExcludes, BA_129_unknown_steps_and_choices_are_refused) {
  const LoadResult step = test::load(
      ruleset(R"({"trained": {"choose": [{"what": "skills", "count": 1, "excludeChoices": ["class/pick"]}]}})"));
  EXPECT_TRUE(
      test::has_error(step, Code::UnknownReference, "/catalogs/0/entries/0/grants/trained/choose/0/excludeChoices/0"))
      << test::describe(step);
  const LoadResult choice = test::load(
      ruleset(R"({"trained": {"choose": [{"what": "skills", "count": 1, "excludeChoices": ["skills/other"]}]}})"));
  EXPECT_TRUE(
      test::has_error(choice, Code::UnknownReference, "/catalogs/0/entries/0/grants/trained/choose/0/excludeChoices/0"))
      << test::describe(choice);
}

TEST(BuilderExcludes, BA_129_BA_131_an_earlier_choice_of_the_same_entry_is_accepted) {
  // The spec's PF2e boosts: `free_boost` follows `restricted` in the same grant and excludes it.
  const LoadResult same = test::load(ruleset(
      R"({"trained": {"choose": [{"id": "own", "what": "skills", "count": 1}, {"what": "skills", "count": 1, "excludeChoices": ["race/own"]}]}})"));
  EXPECT_FALSE(test::has_code(same, Code::ReadsLaterStep)) << test::describe(same);
}

TEST(BuilderExcludes, BA_129_a_choice_of_the_same_step_after_it_or_of_a_later_step_is_refused) {
  const LoadResult same = test::load(ruleset(
      R"({"trained": {"choose": [{"what": "skills", "count": 1, "excludeChoices": ["race/own"]}, {"id": "own", "what": "skills", "count": 1}]}})"));
  EXPECT_TRUE(
      test::has_error(same, Code::ReadsLaterStep, "/catalogs/0/entries/0/grants/trained/choose/0/excludeChoices/0"))
      << test::describe(same);
  // A trained step's own slot naming a later step.
  const LoadResult later = test::load(ruleset(R"({})", R"(, {"id": "more", "label": "More", "kind": "trained",
      "choose": [{"what": "skills", "count": 1, "excludeChoices": ["late/x"]}]},
    {"id": "late", "label": "Late", "kind": "trained", "choose": [{"id": "x", "what": "skills", "count": 1}]})"));
  EXPECT_TRUE(test::has_error(later, Code::ReadsLaterStep, "/sheet/builder/steps/2/choose/0/excludeChoices/0"))
      << test::describe(later);
}

TEST(BuilderExcludes, BA_130_a_choice_in_another_separate_catalog_file_is_refused) {
  // Step `class` reads a catalog kept in its own file: the race entry cannot check a choice there.
  const std::string text =
      ruleset(R"({"trained": {"choose": [{"what": "skills", "count": 1, "excludeChoices": ["class/pick"]}]}})", "",
              R"(, {"id": "classes", "label": "Classes", "feeds": ["feats"], "asset": "catalogs/classes.json"})");
  std::string reordered = text;
  const std::string race_step = R"({"id": "race", "label": "Race", "kind": "catalog", "catalog": "races"})";
  reordered.replace(reordered.find(race_step), race_step.size(),
                    R"({"id": "class", "label": "Class", "kind": "catalog", "catalog": "classes"}, )" + race_step);
  const LoadResult r = test::load_package(
      R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 200},
          "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/classes.json"]}}})",
      reordered);
  EXPECT_TRUE(
      test::has_error(r, Code::UnknownReference, "/catalogs/0/entries/0/grants/trained/choose/0/excludeChoices/0"))
      << test::describe(r);
}

TEST(BuilderExcludes, BA_126_a_trained_step_offers_each_choice_id_once) {
  const LoadResult r = test::load(ruleset(R"({})", R"(, {"id": "more", "label": "More", "kind": "trained",
      "choose": [{"id": "x", "what": "skills", "count": 1}, {"id": "x", "what": "skills", "count": 1}]})"));
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/builder/steps/2/choose/1/id")) << test::describe(r);
}

}  // namespace
}  // namespace rk
