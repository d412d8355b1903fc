#include <set>

#include <gtest/gtest.h>

#include "diag/diagnostic.hpp"
#include "format/capability.hpp"

namespace rk {

TEST(Codes, table_matches_enum_order_and_names_are_unique_kebab_case) {
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < code_table().size(); ++i) {
    const CodeInfo& info = code_table()[i];
    EXPECT_EQ(static_cast<std::size_t>(info.code), i);
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    for (char c : info.name) EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '-') << info.name;
  }
}

TEST(Codes, gate_table_matches_enum_order) {
  for (std::size_t i = 0; i < gate_table().size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(gate_table()[i].gate), i);
    EXPECT_FALSE(gate_table()[i].feature.empty());
  }
}

TEST(Codes, did_you_mean_suggests_near_misses_only) {
  EXPECT_EQ(did_you_mean("sinewy", {"sinew", "nerve"}), " (did you mean `sinew`?)");
  EXPECT_EQ(did_you_mean("zzz", {"sinew", "nerve"}), "");
}

}  // namespace rk
