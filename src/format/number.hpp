#pragma once
// The one number type of the engine: a fixed-point decimal with four places (GCS's choice).
// Sheets hold fractions such as 5.25 or 0.5, and every result must be the same on every machine,
// so we never compute in binary floating point. Rounding is always explicit; a product is rounded
// half away from zero to four places, the only implicit rounding there is.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>

namespace rk {

class Number {
 public:
  static constexpr std::int64_t kScale = 10000;  ///< four decimal places
  /// The largest magnitude a Number may hold; results beyond it saturate (never wrap).
  static constexpr std::int64_t kMaxRaw = std::int64_t{1} << 60;

  constexpr Number() = default;
  static constexpr Number of(std::int64_t whole) { return Number(saturate(static_cast<__int128>(whole) * kScale)); }
  static constexpr Number raw(std::int64_t raw_value) { return Number(raw_value); }
  /// A JSON double, if it has at most four decimal places and fits.
  static std::optional<Number> from_double(double value);

  constexpr std::int64_t raw() const { return raw_; }
  constexpr bool is_integer() const { return raw_ % kScale == 0; }
  /// The whole part, truncated toward zero.
  constexpr std::int64_t whole() const { return raw_ / kScale; }
  double to_double() const { return static_cast<double>(raw_) / kScale; }
  std::string to_string() const;

  Number floor() const;
  Number ceil() const;
  Number round_half_away() const;
  /// floor(this / divisor) for a positive whole divisor, as 5e's (score - 10) / 2 needs.
  Number floor_div(std::int64_t divisor) const;

  friend constexpr Number operator+(Number a, Number b) {
    return Number(saturate(static_cast<__int128>(a.raw_) + b.raw_));
  }
  friend constexpr Number operator-(Number a, Number b) {
    return Number(saturate(static_cast<__int128>(a.raw_) - b.raw_));
  }
  friend constexpr Number operator-(Number a) { return Number(-a.raw_); }
  friend Number operator*(Number a, Number b);
  Number& operator+=(Number other) { return *this = *this + other; }
  friend constexpr auto operator<=>(Number, Number) = default;
  friend constexpr bool operator==(Number, Number) = default;

 private:
  constexpr explicit Number(std::int64_t raw_value) : raw_(raw_value) {}
  static constexpr std::int64_t saturate(__int128 v) {
    if (v > kMaxRaw) return kMaxRaw;
    if (v < -kMaxRaw) return -kMaxRaw;
    return static_cast<std::int64_t>(v);
  }
  std::int64_t raw_ = 0;
};

}  // namespace rk
