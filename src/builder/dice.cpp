#include "builder/dice.hpp"

namespace rk {

std::uint64_t SeededDice::next() {
  // SplitMix64 (Steele, Lea, Flood 2014).
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::int64_t SeededDice::roll(std::int64_t sides) {
  if (sides < 1) return 1;
  // Lemire, "Fast Random Integer Generation in an Interval" (2019): multiply, reject the biased low part.
  const auto range = static_cast<std::uint64_t>(sides);
  unsigned __int128 m = static_cast<unsigned __int128>(next()) * range;
  auto low = static_cast<std::uint64_t>(m);
  if (low < range) {
    const std::uint64_t threshold = (0 - range) % range;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(next()) * range;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::int64_t>(m >> 64) + 1;
}

std::int64_t ScriptedDice::roll(std::int64_t sides) {
  if (next_ >= faces_.size()) return 1;
  const std::int64_t face = faces_[next_++];
  return face < 1 ? 1 : (face > sides ? sides : face);
}

}  // namespace rk
