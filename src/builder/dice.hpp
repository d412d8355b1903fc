#pragma once
// The engine's dice (BA-48: scores are rolled "with the engine's own dice"). Randomness is
// injected (DESIGN principle 3): the builder asks a Dice for faces and records every face, so a
// character re-opened later reads its rolls back instead of rolling again.
#include <cstdint>
#include <vector>

namespace rk {

class Dice {
 public:
  virtual ~Dice() = default;
  /// One face of a die with `sides` faces, 1..sides.
  virtual std::int64_t roll(std::int64_t sides) = 0;
};

/// A deterministic source: SplitMix64 seeded with `seed`, faces drawn with Lemire's unbiased
/// bounded-integer method, so one seed gives the same faces on every machine.
class SeededDice final : public Dice {
 public:
  explicit SeededDice(std::uint64_t seed) : state_(seed) {}
  std::int64_t roll(std::int64_t sides) override;

 private:
  std::uint64_t next();
  std::uint64_t state_;
};

/// Faces given in advance, in order (tests, and replaying a recorded roll). Runs out -> 1.
class ScriptedDice final : public Dice {
 public:
  explicit ScriptedDice(std::vector<std::int64_t> faces) : faces_(std::move(faces)) {}
  std::int64_t roll(std::int64_t sides) override;

 private:
  std::vector<std::int64_t> faces_;
  std::size_t next_ = 0;
};

}  // namespace rk
