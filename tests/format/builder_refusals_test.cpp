// sheet.builder (docs/format/builder.md): the builder's limits at N and N+1, each read from the
// named constant of format/limits.hpp. The refusals of single rules are data cases
// (tests/cases/format/BA-*).
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "format/builder_fixtures.hpp"
#include "format/limits.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using builder_test::spec_ruleset;

const std::string kRaceStep = R"({"id": "race", "label": "Race", "kind": "catalog", "catalog": "races"})";

/// `text` with `with` in place of the one occurrence of `what`.
std::string replaced(std::string text, const std::string& what, const std::string& with) {
  const auto at = text.find(what);
  EXPECT_NE(at, std::string::npos) << what;
  if (at != std::string::npos) text.replace(at, what.size(), with);
  return text;
}

/// `text` with one more catalog at the end of `catalogs`.
std::string with_catalog(const std::string& text, const std::string& catalog) {
  return text.substr(0, text.rfind("]}")) + ", " + catalog + "]}";
}

// BA-27: `stamp` has 1 to kStampKeys keys, each a column of every list the catalog feeds.
std::string stamp_ruleset(std::size_t keys) {
  std::string columns, stamp;
  for (std::size_t i = 0; i < keys; ++i) {
    columns += R"(, {"id": "c)" + std::to_string(i) + R"(", "label": "C", "type": "text", "maxLength": 200})";
    stamp += (i ? ", " : "") + std::string(R"("c)") + std::to_string(i) + R"(": "x")";
  }
  std::string text = spec_ruleset(
      R"({"id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "stamp": {)" + stamp + "}}");
  return replaced(text, R"({"id": "class", "label": "Class", "type": "text", "maxLength": 200}]})",
                  R"({"id": "class", "label": "Class", "type": "text", "maxLength": 200})" + columns + "]}");
}

TEST(BuilderLimits, BA_27_stamp_keys_at_the_limit_are_accepted_and_one_more_refused) {
  const LoadResult one = test::load(stamp_ruleset(1));
  EXPECT_TRUE(one.ok()) << test::describe(one);
  const LoadResult at = test::load(stamp_ruleset(limits::kStampKeys));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(stamp_ruleset(limits::kStampKeys + 1));
  EXPECT_TRUE(test::has_error(over, Code::TooMany, "/sheet/builder/steps/0/stamp")) << test::describe(over);
}

TEST(BuilderLimits, BA_27_an_empty_stamp_is_refused) {
  const LoadResult r = test::load(stamp_ruleset(0));
  EXPECT_TRUE(test::has_error(r, Code::TooFew, "/sheet/builder/steps/0/stamp")) << test::describe(r);
}

// BA-39: `total.max` is an integer 1 to kTotalMax.
std::string total_ruleset(std::int64_t max) {
  return spec_ruleset(R"({"id": "t", "label": "T", "kind": "fields", "fields": ["level", "speed"],
    "total": {"fields": ["level", "speed"], "max": )" +
                      std::to_string(max) + "}}");
}

TEST(BuilderLimits, BA_39_total_max_at_the_limit_is_accepted_and_one_more_refused) {
  const LoadResult at = test::load(total_ruleset(limits::kTotalMax));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(total_ruleset(limits::kTotalMax + 1));
  EXPECT_TRUE(test::has_error(over, Code::OutOfRange, "/sheet/builder/steps/0/total/max")) << test::describe(over);
}

TEST(BuilderLimits, BA_39_total_max_1_is_accepted_and_0_refused) {
  const LoadResult at = test::load(total_ruleset(1));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult under = test::load(total_ruleset(0));
  EXPECT_TRUE(test::has_error(under, Code::OutOfRange, "/sheet/builder/steps/0/total/max")) << test::describe(under);
}

// BA-50: `manual: { min, max }` stays within kManualMin … kManualMax.
std::string manual_ruleset(std::int64_t min, std::int64_t max) {
  return spec_ruleset(R"({"id": "scores", "label": "Scores", "kind": "abilities", "methods": {"manual": {"min": )" +
                      std::to_string(min) + R"(, "max": )" + std::to_string(max) + "}}}");
}

TEST(BuilderLimits, BA_50_manual_bounds_at_the_limits_are_accepted_and_one_beyond_refused) {
  const LoadResult at = test::load(manual_ruleset(limits::kManualMin, limits::kManualMax));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult low = test::load(manual_ruleset(limits::kManualMin - 1, limits::kManualMax));
  EXPECT_TRUE(test::has_error(low, Code::OutOfRange, "/sheet/builder/steps/0/methods/manual/min"))
      << test::describe(low);
  EXPECT_FALSE(test::has_error(low, Code::OutOfRange, "/sheet/builder/steps/0/methods/manual/max"))
      << test::describe(low);
  const LoadResult high = test::load(manual_ruleset(limits::kManualMin, limits::kManualMax + 1));
  EXPECT_TRUE(test::has_error(high, Code::OutOfRange, "/sheet/builder/steps/0/methods/manual/max"))
      << test::describe(high);
  EXPECT_FALSE(test::has_error(high, Code::OutOfRange, "/sheet/builder/steps/0/methods/manual/min"))
      << test::describe(high);
}

TEST(BuilderLimits, BA_50_manual_min_equal_to_max_is_accepted_and_above_it_refused) {
  const LoadResult equal = test::load(manual_ruleset(10, 10));
  EXPECT_TRUE(equal.ok()) << test::describe(equal);
  const LoadResult above = test::load(manual_ruleset(11, 10));
  EXPECT_TRUE(test::has_error(above, Code::OutOfRange, "/sheet/builder/steps/0/methods/manual/min"))
      << test::describe(above);
}

// BA-94: at most kEntryChoices entry choices per grant.
std::string entry_choices_ruleset(std::size_t n) {
  std::string choose;
  for (std::size_t i = 0; i < n; ++i) choose += (i ? ", " : "") + std::string(R"({"catalog": "spells", "count": 1})");
  const std::string text =
      spec_ruleset(kRaceStep + R"(, {"id": "spells", "label": "Spells", "kind": "choices", "catalog": "spells"})");
  return replaced(text, R"("sets": { "speed": 30 })",
                  R"("sets": { "speed": 30 }, "entries": {"choose": [)" + choose + "]}");
}

TEST(BuilderLimits, BA_94_entry_choices_at_the_limit_are_accepted_and_one_more_refused) {
  const LoadResult at = test::load(entry_choices_ruleset(limits::kEntryChoices));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(entry_choices_ruleset(limits::kEntryChoices + 1));
  EXPECT_TRUE(test::has_error(over, Code::TooMany, "/catalogs/0/entries/0/grants/entries/choose"))
      << test::describe(over);
}

// BA-115: at most kQuotas quotas on a catalog step, and on an entry choice (BA-132).
const std::string kRatings = R"({"id": "ratings", "label": "Ratings", "feeds": ["features"],
    "filters": [{"id": "rating", "label": "R", "type": "number"}, {"id": "skill", "label": "S", "type": "text"}],
    "entries": [{"id": "r1", "label": "R1", "rows": [{"list": "features", "values": {"name": "x"}}]}]})";

std::string quotas(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i)
    out += (i ? ", " : "") + std::string(R"({"filter": "rating", "value": )") + std::to_string(i) + R"(, "max": 1})";
  return out;
}

std::string step_quotas_ruleset(std::size_t n) {
  return with_catalog(
      spec_ruleset(
          R"({"id": "ratings", "label": "Ratings", "kind": "catalog", "catalog": "ratings", "min": 10, "max": 20,
    "distinctBy": "skill", "quotas": [)" +
          quotas(n) + "]}"),
      kRatings);
}

TEST(BuilderLimits, BA_115_quotas_per_step_at_the_limit_are_accepted_and_one_more_refused) {
  const LoadResult at = test::load(step_quotas_ruleset(limits::kQuotas));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(step_quotas_ruleset(limits::kQuotas + 1));
  EXPECT_TRUE(test::has_error(over, Code::TooMany, "/sheet/builder/steps/0/quotas")) << test::describe(over);
}

std::string entry_choice_quotas_ruleset(std::size_t n) {
  const std::string text = with_catalog(
      spec_ruleset(kRaceStep + R"(, {"id": "ratings", "label": "Ratings", "kind": "choices", "catalog": "ratings"})"),
      kRatings);
  return replaced(text, R"("sets": { "speed": 30 })",
                  R"("sets": { "speed": 30 }, "entries": {"choose": [{"catalog": "ratings", "count": 20, "quotas": [)" +
                      quotas(n) + "]}]}");
}

TEST(BuilderLimits, BA_115_quotas_per_entry_choice_at_the_limit_are_accepted_and_one_more_refused) {
  const LoadResult at = test::load(entry_choice_quotas_ruleset(limits::kQuotas));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(entry_choice_quotas_ruleset(limits::kQuotas + 1));
  EXPECT_TRUE(test::has_error(over, Code::TooMany, "/catalogs/0/entries/0/grants/entries/choose/0/quotas"))
      << test::describe(over);
}

// BA-127: a slot with `countFrom` has an explicit `max` of 1 to kSlotMax, kAbilitySlotMax for
// ability choices. The race step is the only step, so no step changes the level it reads.
std::string ability_slot_ruleset(std::int64_t max) {
  return replaced(
      spec_ruleset(kRaceStep), R"({ "count": 2, "amount": 1, "except": ["cha"] })",
      R"({ "countFrom": {"field": "level"}, "max": )" + std::to_string(max) + R"(, "amount": 1, "except": ["cha"] })");
}

std::string trained_slot_ruleset(std::int64_t max) {
  return replaced(spec_ruleset(kRaceStep), R"({ "what": "skills", "count": 2 })",
                  R"({ "what": "skills", "countFrom": {"field": "level"}, "max": )" + std::to_string(max) + " }");
}

std::string trained_step_slot_ruleset(std::int64_t max) {
  return spec_ruleset(R"({"id": "skills", "label": "Skills", "kind": "trained",
    "choose": [{"what": "skills", "countFrom": {"field": "level"}, "max": )" +
                      std::to_string(max) + "}]}");
}

std::string entry_slot_ruleset(std::int64_t max) {
  const std::string text =
      spec_ruleset(kRaceStep + R"(, {"id": "spells", "label": "Spells", "kind": "choices", "catalog": "spells"})");
  return replaced(
      text, R"("sets": { "speed": 30 })",
      R"("sets": { "speed": 30 }, "entries": {"choose": [{"catalog": "spells", "countFrom": {"field": "level"}, "max": )" +
          std::to_string(max) + "}]}");
}

TEST(BuilderLimits, BA_127_ability_choice_max_at_the_limit_is_accepted_and_one_more_refused) {
  const LoadResult at = test::load(ability_slot_ruleset(limits::kAbilitySlotMax));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(ability_slot_ruleset(limits::kAbilitySlotMax + 1));
  EXPECT_TRUE(test::has_error(over, Code::OutOfRange, "/catalogs/0/entries/0/grants/abilities/choose/0/max"))
      << test::describe(over);
}

TEST(BuilderLimits, BA_127_trained_choice_max_at_the_limit_is_accepted_and_one_more_refused) {
  const LoadResult at = test::load(trained_slot_ruleset(limits::kSlotMax));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(trained_slot_ruleset(limits::kSlotMax + 1));
  EXPECT_TRUE(test::has_error(over, Code::OutOfRange, "/catalogs/0/entries/0/grants/trained/choose/0/max"))
      << test::describe(over);
}

TEST(BuilderLimits, BA_127_trained_step_choice_max_at_the_limit_is_accepted_and_one_more_refused) {
  const LoadResult at = test::load(trained_step_slot_ruleset(limits::kSlotMax));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(trained_step_slot_ruleset(limits::kSlotMax + 1));
  EXPECT_TRUE(test::has_error(over, Code::OutOfRange, "/sheet/builder/steps/0/choose/0/max")) << test::describe(over);
}

TEST(BuilderLimits, BA_127_entry_choice_max_at_the_limit_is_accepted_and_one_more_refused) {
  const LoadResult at = test::load(entry_slot_ruleset(limits::kSlotMax));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(entry_slot_ruleset(limits::kSlotMax + 1));
  EXPECT_TRUE(test::has_error(over, Code::OutOfRange, "/catalogs/0/entries/0/grants/entries/choose/0/max"))
      << test::describe(over);
}

TEST(BuilderLimits, BA_127_slot_max_1_is_accepted_and_0_refused) {
  const LoadResult at = test::load(trained_step_slot_ruleset(1));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult under = test::load(trained_step_slot_ruleset(0));
  EXPECT_TRUE(test::has_error(under, Code::OutOfRange, "/sheet/builder/steps/0/choose/0/max")) << test::describe(under);
}

// BB-140: at most kItemAccess items in `itemAccess`.
std::string item_access_ruleset(std::size_t n) {
  std::string entries, access;
  for (std::size_t i = 0; i <= limits::kItemAccess; ++i) {
    entries += (i ? ", " : "") + std::string(R"({"id": "item)") + std::to_string(i) +
               R"(", "label": "Item", "item": {"category": "tool"}})";
  }
  for (std::size_t i = 0; i < n; ++i)
    access += (i ? ", " : "") + std::string(R"("kit/item)") + std::to_string(i) + R"(")";
  std::string text = with_catalog(spec_ruleset(kRaceStep),
                                  R"({"id": "kit", "label": "Kit", "holds": "items", "entries": [)" + entries + "]}");
  // An items catalog is written in the `items` block's words.
  text.insert(text.rfind('}'), R"(, "items": {"categories": [{"id": "tool", "label": "Tool"}]})");
  return replaced(text, R"("sets": { "speed": 30 })", R"("sets": { "speed": 30 }, "itemAccess": [)" + access + "]");
}

TEST(BuilderLimits, BB_140_item_access_at_the_limit_is_accepted_and_one_more_refused) {
  const LoadResult at = test::load(item_access_ruleset(limits::kItemAccess));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(item_access_ruleset(limits::kItemAccess + 1));
  EXPECT_TRUE(test::has_error(over, Code::TooMany, "/catalogs/0/entries/0/grants/itemAccess")) << test::describe(over);
}

}  // namespace
}  // namespace rk
