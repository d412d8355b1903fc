// Issue 9 point 4: compiling is a named list of passes, each reading only what the passes before
// it finished. Every pass runs even when an earlier one found errors, so an author sees the whole
// list at once, in pass order.
#include <algorithm>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "format/compile.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

TEST(CompilePasses, ISSUE_9_the_passes_are_named_and_run_in_the_documented_order) {
  const std::vector<std::string_view> expected = {"sections", "resolve", "play blocks",
                                                  "catalogs", "builder", "entry checks"};
  EXPECT_EQ(detail::compile_pass_names(), expected);
  std::ifstream in(test::source_path("docs/format/decisions.md"));
  std::ostringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("sections → resolve → play blocks → catalogs → builder → entry checks"), std::string::npos)
      << "decisions.md names the compile passes in their order";
}

TEST(CompilePasses, ISSUE_9_each_pass_reports_after_an_earlier_pass_found_errors) {
  const LoadResult r = test::load(R"({
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
    "proficiencyTiers": [{"id": "untrained", "label": "U"}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [{"id": "str", "label": "Str", "min": 1, "max": 20, "default": 1}],
    "fields": [{"id": "origin", "label": "Origin", "type": "text", "maxLength": 40, "colour": "red"}],
    "derived": [{"id": "lift", "label": "Lift", "op": "sum", "of": [{"ability": "stregnth"}]}],
    "lists": [{"id": "gifts", "label": "Gifts", "maxItems": 10,
               "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 40}]}],
    "builder": {"steps": [{"id": "origin", "label": "Origin", "kind": "catalog", "catalog": "origns", "field": "origin"}]}},
  "catalogs": [{"id": "origins", "label": "Origins", "feeds": ["gifts"],
                "entries": [{"id": "plain", "label": "Plain", "rows": [{"list": "gift", "values": {"name": "P"}}]}]}]})");
  ASSERT_FALSE(r.ok());
  const auto& items = r.diagnostics.items();
  // One error of each pass, found by where it points.
  auto position = [&](std::string_view pointer_start) {
    auto it = std::find_if(items.begin(), items.end(),
                           [&](const Diagnostic& d) { return d.pointer.rfind(pointer_start, 0) == 0; });
    EXPECT_NE(it, items.end()) << "no diagnostic under " << pointer_start << ":\n" << test::describe(r);
    return it - items.begin();
  };
  const auto shape = position("/sheet/fields/0");        // sections: an unknown key
  const auto reference = position("/sheet/derived/0");   // resolve: no ability `stregnth`
  const auto catalog = position("/catalogs/0/entries");  // catalogs: no list `gift`
  const auto builder = position("/sheet/builder");       // builder: no catalog `origns`
  EXPECT_LT(shape, reference);
  EXPECT_LT(reference, catalog);
  EXPECT_LT(catalog, builder);
}

}  // namespace
}  // namespace rk
