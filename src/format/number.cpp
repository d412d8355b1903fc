#include "format/number.hpp"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace rk {

std::optional<Number> Number::from_double(double value) {
  if (!std::isfinite(value)) return std::nullopt;
  const double scaled = value * kScale;
  if (std::fabs(scaled) > static_cast<double>(kMaxRaw)) return std::nullopt;
  const double rounded = std::round(scaled);
  // Allow for the binary representation of decimals such as 0.1: a value with at most four places
  // lands within a few units in the last place of a whole number of ten-thousandths.
  const double tolerance = std::max(1e-7, std::fabs(scaled) * 1e-15);
  if (std::fabs(scaled - rounded) > tolerance) return std::nullopt;
  return Number(static_cast<std::int64_t>(rounded));
}

std::string Number::to_string() const {
  if (is_integer()) return fmt::format("{}", whole());
  const std::int64_t magnitude = std::llabs(raw_);
  std::string fraction = fmt::format("{:04d}", magnitude % kScale);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return fmt::format("{}{}.{}", raw_ < 0 ? "-" : "", magnitude / kScale, fraction);
}

Number Number::floor() const {
  std::int64_t q = raw_ / kScale;
  if (raw_ % kScale != 0 && raw_ < 0) --q;
  return of(q);
}

Number Number::ceil() const {
  std::int64_t q = raw_ / kScale;
  if (raw_ % kScale != 0 && raw_ > 0) ++q;
  return of(q);
}

Number Number::round_half_away() const {
  const std::int64_t magnitude = std::llabs(raw_);
  const std::int64_t q = (magnitude + kScale / 2) / kScale;
  return of(raw_ < 0 ? -q : q);
}

Number Number::floor_div(std::int64_t divisor) const {
  std::int64_t q = raw_ / divisor;
  if (raw_ % divisor != 0 && raw_ < 0) --q;
  return Number(q).floor();
}

Number operator*(Number a, Number b) {
  const __int128 product = static_cast<__int128>(a.raw_) * b.raw_;
  const __int128 magnitude = product < 0 ? -product : product;
  __int128 q = (magnitude + Number::kScale / 2) / Number::kScale;
  if (product < 0) q = -q;
  return Number(Number::saturate(q));
}

}  // namespace rk
