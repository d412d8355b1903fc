// `reads: { "before" }` at run time (builder-c.md BC-73): a step's entries' `offeredWhen` and its
// `upTo` read the sheet as the steps before the named step make it, however the player moves.
#include <gtest/gtest.h>

#include "fixture.hpp"
#include "support/rows_ruleset.hpp"

namespace rk::builder_test {
namespace {

std::string steps(const std::string& reads) {
  return R"({ "id": "boon", "label": "Boon", "kind": "catalog", "catalog": "boons", "min": 0 },
            { "id": "path", "label": "Path", "kind": "catalog", "catalog": "paths", "min": 0)" +
         reads + "}";
}

bool offered(const Build& b, const std::string& step, const std::string& id) {
  for (const OfferView& o : b.step(step).offers) {
    if (o.id == id) return !o.disabled;
  }
  return false;
}

TEST(BuilderReadsBefore, BC_73_an_entry_reads_the_sheet_as_the_steps_before_the_named_step_make_it) {
  // Without `reads.before`, Tough (CON +4, to 14) opens the Iron path.
  Build plain(test::rows_ruleset(steps("")), true);
  plain.act(R"({"step": "boon", "pick": "tough"})");
  EXPECT_TRUE(offered(plain, "path", "iron"));
  // With it, the path reads CON before the boon: 10, so the Iron path is not offered.
  Build before(test::rows_ruleset(steps(R"(, "reads": { "before": "boon" })")), true);
  before.act(R"({"step": "boon", "pick": "tough"})");
  EXPECT_EQ(before.ability("con"), Number::of(14));
  EXPECT_FALSE(offered(before, "path", "iron"));
  EXPECT_EQ(before.step("path").offers[0].why.reason, Reason::StepOfferedWhenZero);
}

TEST(BuilderReadsBefore, BC_73_what_the_player_typed_is_kept) {
  Build b(test::rows_ruleset(steps(R"(, "reads": { "before": "boon" })")), true);
  b.act(R"({"edit": "abilities/con", "value": 15})");  // typed: part of the earlier sheet
  b.act(R"({"step": "boon", "pick": "tough"})");
  EXPECT_TRUE(offered(b, "path", "iron"));
  b.reopen();
  EXPECT_TRUE(offered(b, "path", "iron")) << "the same however often the builder opens";
}

}  // namespace
}  // namespace rk::builder_test
