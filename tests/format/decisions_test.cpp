// What the validator accepts on purpose where the pages are silent or permissive
// (docs/format/decisions.md). Each test fails if the choice were changed into a refusal.
#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

// Conditions are free-form while `live.conditions` declares none, so a rest clears them with
// "all" (it can name only declared ones).
TEST(FormatDecisions, SH_72_rest_clears_free_form_conditions_with_all_when_none_are_declared) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "live": {"pools": [{"id": "p", "label": "P", "max": 3}]}},
    "rests": [{"id": "r", "label": "R", "restore": [{"pool": "p", "to": "max"}], "clear": {"conditions": "all"}}]})");
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

// SH-108: character and party ids may coincide.
TEST(FormatDecisions, SH_108_character_and_party_ids_may_coincide) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T",
    "sheet": {"fields": [{"id": "heat", "label": "Heat", "type": "number", "min": -1000000, "max": 1000000}],
              "live": {"pools": [{"id": "coin", "label": "Coin", "max": 3}]}},
    "party": {"label": "Crew", "fields": [{"id": "heat", "label": "Heat", "type": "number", "min": -1000000, "max": 1000000}],
              "pools": [{"id": "coin", "label": "Coin", "max": 8}]}})");
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

// SH-53: a rest step that would add marks is skipped in play, not refused at import.
TEST(FormatDecisions, SH_53_wound_track_steps_that_would_add_marks_are_accepted) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "live": {"tracks": [{"id": "harm", "label": "Harm", "min": 0, "max": 1, "levels": [{"label": "Scuffed", "penalty": 0}],
                         "kinds": [{"id": "knock", "label": "K", "severity": 0}]}]}},
    "rests": [{"id": "r", "label": "R", "restore": [{"track": "harm", "by": {"const": 2}}, {"track": "harm", "to": "max"}]}]})");
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

// SH-6: a skill's own `untrained` and its section's are both kept; precedence is applied in play.
TEST(FormatDecisions, SH_4_skill_and_section_untrained_are_both_read) {
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {
    "sections": [{"id": "labour", "label": "Labour", "untrained": {"by": -1}}],
    "abilities": [{"id": "sinew", "label": "Sinew", "min": 0, "max": 100, "default": 0}],
    "skills": [{"id": "dig", "label": "Dig", "ability": "sinew", "section": "labour", "untrained": "refuse"}]},
    "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]}})");
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.skills.at(0).untrained->rule, Untrained::Rule::Refuse);
  EXPECT_EQ(r.ruleset->sheet.sections.at(0).untrained->rule, Untrained::Rule::By);
}

}  // namespace
}  // namespace rk
