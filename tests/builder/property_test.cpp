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

}  // namespace
}  // namespace rk::builder_test
