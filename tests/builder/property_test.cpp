// The property test of issue #4 on the builder fixture; the 5e package's run is in e2e_5e_test.cpp.
#include <gtest/gtest.h>

#include "builder/property.hpp"

namespace rk::builder_test {
namespace {

constexpr std::size_t kSequences = property_sequences(1000);
constexpr std::size_t kActionsPerSequence = 30;

TEST(BuilderProperty, BA_103_BA_105_BA_147_player_edits_survive_and_unpicking_everything_restores_them) {
  PropertyStats stats;
  for (std::uint64_t seed = 1; seed <= kSequences; ++seed) {
    Build b;
    PropertyRun run(b, seed);
    if (!run.run(kActionsPerSequence, stats)) break;
  }
  EXPECT_EQ(stats.sequences, kSequences);
  // The generator must reach the cases the property is about.
  EXPECT_GT(stats.accepted, stats.actions / 3);
  EXPECT_GT(stats.edits, kSequences);
  EXPECT_GT(stats.checked_cells, kSequences * 10);
  std::cout << "[ property ] " << stats.sequences << " sequences, " << stats.actions << " actions (" << stats.accepted
            << " accepted), " << stats.edits << " player edits, " << stats.checked_cells << " cell checks\n";
}

TEST(BuilderProperty,
     BA_149_BA_151_a_described_character_changes_only_by_edits_until_Done_and_keeps_the_property_after) {
  const std::size_t sequences = property_sequences(300);
  PropertyStats stats;
  for (std::uint64_t seed = 1; seed <= sequences; ++seed) {
    Build b;
    // Made without the builder: a Dwarf of some scores and training, typed by hand.
    Character c = blank_character(b.ruleset());
    c.fields["race"] = text("Dwarf");
    c.fields["speed"] = num(25);
    c.abilities = {{"str", Number::of(12)}, {"con", Number::of(15)}, {"wis", Number::of(13)}};
    c.skills["perception"] = "proficient";
    b.set_character(c);
    EXPECT_EQ(b.view().mode, "described");
    PropertyRun run(b, seed, c);
    if (!run.run(kActionsPerSequence, stats)) break;
  }
  EXPECT_EQ(stats.sequences, sequences);
  EXPECT_GT(stats.described_checks, sequences);
  std::cout << "[ property ] described: " << stats.sequences << " sequences, " << stats.actions << " actions ("
            << stats.accepted << " accepted), " << stats.edits << " player edits, " << stats.checked_cells
            << " cell checks\n";
}

}  // namespace
}  // namespace rk::builder_test
