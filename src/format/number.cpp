#include "format/number.hpp"
#include "format/number_text.hpp"

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

namespace rk {

std::optional<Number> number_from_text(std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  const auto point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction = point == std::string_view::npos ? std::string_view{} : text.substr(point + 1);
  const auto digits = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (!digits(whole) || (point != std::string_view::npos && !digits(fraction)) || fraction.size() > 4)
    return std::nullopt;
  __int128 raw = 0;
  for (const char c : whole) {
    raw = raw * 10 + (c - '0');
    if (raw > Number::kMaxRaw) return std::nullopt;
  }
  raw *= Number::kScale;
  __int128 scale = Number::kScale;
  for (const char c : fraction) {
    scale /= 10;
    raw += (c - '0') * scale;
  }
  if (raw > Number::kMaxRaw) return std::nullopt;
  return Number::raw(static_cast<std::int64_t>(negative ? -raw : raw));
}

}  // namespace rk
