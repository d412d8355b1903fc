// The expected-disagreements file of the differential test (tests/differential/expected.json,
// docs/testing.md): how a pattern matches a disagreement, and how --write-expected groups them.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "differential/differential.hpp"

namespace rk::differential {
namespace {

Case disagreement(std::string base, std::string kind, std::string pointer, bool ours_ok) {
  Case c;
  c.base = std::move(base);
  c.kind = std::move(kind);
  c.pointer = std::move(pointer);
  c.ours_ok = ours_ok;
  c.original_ok = !ours_ok;
  c.original_answered = true;
  c.ours_first = {"missing-key at (root): ruleset: `label` is required"};
  c.original_first = {"sheet.abilities.0.max: Number must be less than or equal to 100"};
  return c;
}

TEST(RefDifferentialExpected, a_pointer_prefix_matches_whole_segments_only) {
  EXPECT_TRUE(pointer_has_prefix("/sheet/abilities/0/max", ""));
  EXPECT_TRUE(pointer_has_prefix("/sheet/abilities/0/max", "/sheet"));
  EXPECT_TRUE(pointer_has_prefix("/sheet/abilities/0/max", "/sheet/abilities/0/max"));
  EXPECT_FALSE(pointer_has_prefix("/sheet/abilities/0/max", "/sheet/abil"));
  EXPECT_FALSE(pointer_has_prefix("/sheet", "/sheet/abilities"));
  EXPECT_EQ(area("/catalogs/3/entries"), "/catalogs");
  EXPECT_EQ(area(""), "(root)");
}

TEST(RefDifferentialExpected, a_pattern_matches_by_base_kind_pointer_and_direction) {
  Expected e;
  e.base = "gravewatch";
  e.kind = "number-fraction";
  e.pointer = "/sheet/abilities";
  e.ours = "accept";
  EXPECT_TRUE(e.matches(disagreement("gravewatch", "number-fraction", "/sheet/abilities/2/max", true)));
  EXPECT_FALSE(e.matches(disagreement("gravewatch", "number-fraction", "/sheet/abilities/2/max", false)));
  EXPECT_FALSE(e.matches(disagreement("ember-roads", "number-fraction", "/sheet/abilities/2/max", true)));
  EXPECT_FALSE(e.matches(disagreement("gravewatch", "drop-key", "/sheet/abilities/2/max", true)));
  EXPECT_FALSE(e.matches(disagreement("gravewatch", "number-fraction", "/sheet/skills/0", true)));
  Expected any;
  EXPECT_TRUE(any.matches(disagreement("gravewatch", "base", "", false)));
}

TEST(RefDifferentialExpected, write_expected_files_a_refused_base_once_and_the_rest_by_kind_and_area) {
  const Case a = disagreement("gravewatch", "drop-key", "/sheet/abilities/0/label", false);
  const Case b = disagreement("gravewatch", "base", "", false);
  const Case c = disagreement("ember-roads", "number-past-limit", "/sheet/abilities/0/max", true);
  const Case d = disagreement("ember-roads", "number-past-limit", "/sheet/abilities/3/min", true);
  const Case e = disagreement("ember-roads", "drop-key", "/catalogs/0/entries/2/label", false);
  Expected kept;
  kept.base = "ember-roads";
  kept.kind = "number-past-limit";
  kept.pointer = "/sheet/abilities";
  kept.ours = "accept";
  kept.reason = "Our reader has no upper bound on an ability's `max` yet.";
  const auto proposed = propose_expected({&a, &b, &c, &d, &e}, {"gravewatch"}, {kept});
  ASSERT_EQ(proposed.size(), 3u);
  // Sorted by (base, kind, pointer, ours).
  EXPECT_EQ(proposed[0].base, "ember-roads");
  EXPECT_EQ(proposed[0].kind, "drop-key");
  EXPECT_EQ(proposed[0].pointer, "/catalogs");  // cut before the first array index
  EXPECT_EQ(proposed[0].ours, "refuse");
  EXPECT_EQ(proposed[0].reason.rfind("TODO", 0), 0u);
  EXPECT_EQ(proposed[1].pointer, "/sheet/abilities");
  EXPECT_EQ(proposed[1].reason, kept.reason);
  EXPECT_EQ(proposed[2].base, "gravewatch");
  EXPECT_EQ(proposed[2].kind, "*");
  EXPECT_EQ(proposed[2].pointer, "");
  EXPECT_NE(proposed[2].reason.find("unmutated `gravewatch`"), std::string::npos);
  for (const Case* x : {&a, &b, &c, &d, &e}) {
    bool matched = false;
    for (const auto& p : proposed) matched = matched || p.matches(*x);
    EXPECT_TRUE(matched) << x->base << " " << x->kind << " " << x->pointer;
  }

  const auto file = std::filesystem::temp_directory_path() / "rk-expected-roundtrip.json";
  write_expected(file, proposed);
  std::string error;
  const auto back = read_expected(file, error);
  std::filesystem::remove(file);
  EXPECT_EQ(error, "");
  ASSERT_EQ(back.size(), proposed.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].base, proposed[i].base);
    EXPECT_EQ(back[i].kind, proposed[i].kind);
    EXPECT_EQ(back[i].pointer, proposed[i].pointer);
    EXPECT_EQ(back[i].ours, proposed[i].ours);
    EXPECT_EQ(back[i].reason, proposed[i].reason);
  }
}

TEST(RefDifferentialExpected, a_file_that_is_not_a_list_of_disagreements_is_an_error) {
  const auto file = std::filesystem::temp_directory_path() / "rk-expected-bad.json";
  { std::ofstream(file) << R"({"patterns": []})"; }
  std::string error;
  EXPECT_TRUE(read_expected(file, error).empty());
  std::filesystem::remove(file);
  EXPECT_NE(error.find("disagreements"), std::string::npos);
}

}  // namespace
}  // namespace rk::differential
