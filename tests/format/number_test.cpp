// The engine's one number type: fixed point with four decimal places and explicit rounding.
#include <gtest/gtest.h>

#include "format/number.hpp"

namespace rk {
namespace {

TEST(Numbers, decimals_of_up_to_four_places_are_exact) {
  EXPECT_EQ(Number::from_double(0.1), Number::raw(1000));
  EXPECT_EQ(Number::from_double(5.25), Number::raw(52500));
  EXPECT_EQ(Number::from_double(-0.0001), Number::raw(-1));
  EXPECT_EQ(Number::from_double(123456789.1234), Number::raw(1234567891234));
}

TEST(Numbers, a_fifth_decimal_place_is_refused_not_rounded) {
  EXPECT_FALSE(Number::from_double(0.00005).has_value());
  EXPECT_FALSE(Number::from_double(123456789.12345).has_value());
  EXPECT_FALSE(Number::from_double(1e300).has_value());
}

TEST(Numbers, rounding_is_explicit) {
  EXPECT_EQ(Number::raw(35000).floor(), Number::of(3));
  EXPECT_EQ(Number::raw(-15000).floor(), Number::of(-2));
  EXPECT_EQ(Number::raw(35000).ceil(), Number::of(4));
  EXPECT_EQ(Number::raw(25000).round_half_away(), Number::of(3));
  EXPECT_EQ(Number::raw(-25000).round_half_away(), Number::of(-3));
  EXPECT_EQ(Number::of(9).floor_div(2), Number::of(4));
  EXPECT_EQ(Number::of(-1).floor_div(2), Number::of(-1));
}

TEST(Numbers, products_round_half_away_from_zero_at_four_places) {
  EXPECT_EQ(Number::raw(1) * Number::raw(5000), Number::raw(1));  // 0.0001 x 0.5 = 0.00005 -> 0.0001
  EXPECT_EQ(Number::raw(-1) * Number::raw(5000), Number::raw(-1));
  EXPECT_EQ(Number::of(7) * Number::raw(25000), Number::raw(175000));
}

TEST(Numbers, results_saturate_instead_of_wrapping) {
  const Number big = Number::raw(Number::kMaxRaw);
  EXPECT_EQ(big + big, Number::raw(Number::kMaxRaw));
  EXPECT_EQ(big * big, Number::raw(Number::kMaxRaw));
  EXPECT_EQ(-big - big, Number::raw(-Number::kMaxRaw));
}

TEST(Numbers, text_drops_trailing_zeros) {
  EXPECT_EQ(Number::raw(52500).to_string(), "5.25");
  EXPECT_EQ(Number::raw(-5000).to_string(), "-0.5");
  EXPECT_EQ(Number::of(12).to_string(), "12");
}

}  // namespace
}  // namespace rk
