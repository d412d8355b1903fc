// Choice slots of the builder: id uniqueness per source step (BA-126) and `held` against the tier
// the choice trains at (BA-84, BA-79). Single-rule refusals are data cases (tests/cases/format/BA-*).
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "format/builder_fixtures.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using builder_test::spec_ruleset;

/// `text` with `with` in place of the one occurrence of `what`.
std::string replaced(std::string text, const std::string& what, const std::string& with) {
  const auto at = text.find(what);
  EXPECT_NE(at, std::string::npos) << what;
  if (at != std::string::npos) text.replace(at, what.size(), with);
  return text;
}

const std::string kHalfElfAbilityChoice = R"({ "count": 2, "amount": 1, "except": ["cha"] })";
const std::string kHalfElfTrainedChoice = R"({ "what": "skills", "count": 2 })";
const std::string kRace = R"({ "id": "race", "label": "Race", "kind": "catalog", "catalog": "races" })";
const std::string kSubrace =
    R"({ "id": "subrace", "label": "Subrace", "kind": "catalog", "catalog": "races", "min": 0 })";

std::vector<const Diagnostic*> errors(const LoadResult& r, Code code) {
  std::vector<const Diagnostic*> out;
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity == Severity::Error && d.code == code) out.push_back(&d);
  }
  return out;
}

TEST(BuilderSlots, BA_126_a_trained_steps_slot_and_an_entrys_slot_may_share_an_id) {
  // Different source steps: the trained step offers its own slot, the race step the entry's.
  std::string text = spec_ruleset(kRace + R"(, { "id": "skills", "label": "Skills", "kind": "trained",
      "choose": [{ "id": "pick", "what": "skills", "count": 1 }] })");
  text = replaced(text, kHalfElfTrainedChoice, R"({ "id": "pick", "what": "skills", "count": 2 })");
  const LoadResult r = test::load(text);
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(BuilderSlots, BA_126_entries_of_a_catalog_read_by_two_steps_are_checked_once_naming_each_source_step) {
  std::string text = spec_ruleset(kRace + ", " + kSubrace);
  text = replaced(text, kHalfElfAbilityChoice, R"({ "id": "pick", "count": 2, "amount": 1, "except": ["cha"] })");
  text = replaced(text, kHalfElfTrainedChoice, R"({ "id": "pick", "what": "skills", "count": 2 })");
  const LoadResult r = test::load(text);
  ASSERT_TRUE(test::has_error(r, Code::DuplicateId, "/catalogs/0/entries/0/grants/trained/choose/0/id"))
      << test::describe(r);
  const auto duplicates = errors(r, Code::DuplicateId);
  ASSERT_EQ(duplicates.size(), 1u) << test::describe(r);
  EXPECT_NE(duplicates[0]->message.find("steps `race`, `subrace` offer both"), std::string::npos)
      << duplicates[0]->message;
}

TEST(BuilderSlots, BA_126_entry_slot_ids_are_unique_across_the_alternative_entries_of_a_step) {
  std::string text = spec_ruleset(kRace);
  text = replaced(text, kHalfElfTrainedChoice, R"({ "id": "pick", "what": "skills", "count": 2 })");
  text = replaced(
      text, R"({"id": "dwarf", "label": "Dwarf",)",
      R"({"id": "dwarf", "label": "Dwarf", "grants": {"trained": {"choose": [{ "id": "pick", "what": "saves", "count": 1 }]}},)");
  const LoadResult r = test::load(text);
  ASSERT_TRUE(test::has_error(r, Code::DuplicateId, "/catalogs/0/entries/1/grants/trained/choose/0/id"))
      << test::describe(r);
  const auto duplicates = errors(r, Code::DuplicateId);
  ASSERT_EQ(duplicates.size(), 1u) << test::describe(r);
  EXPECT_NE(duplicates[0]->message.find("entry `half-elf`"), std::string::npos) << duplicates[0]->message;
  EXPECT_NE(duplicates[0]->message.find("step `race` offers both"), std::string::npos) << duplicates[0]->message;
}

TEST(BuilderSlots, BA_84_a_trained_steps_held_ranks_below_the_builders_tier) {
  // No tier on the slot or the step: the choice trains at the builder's `tier` (BA-79).
  const std::string step = R"({ "id": "skills", "label": "Skills", "kind": "trained",
      "choose": [{ "what": "skills", "count": 1, "held": "proficient" }] })";
  const std::string expert = replaced(spec_ruleset(step), R"("tier": "proficient")", R"("tier": "expertise")");
  const LoadResult accepted = test::load(expert);
  EXPECT_TRUE(accepted.ok()) << test::describe(accepted);
  const LoadResult refused = test::load(spec_ruleset(step));
  EXPECT_TRUE(test::has_error(refused, Code::BadValue, "/sheet/builder/steps/0/choose/0/held"))
      << test::describe(refused);
  EXPECT_EQ(errors(refused, Code::BadValue).size(), 1u) << test::describe(refused);
}

}  // namespace
}  // namespace rk
