// Progress clocks (SH-87 – SH-104): `[clock: op="create|tick|clear" …]`. A clock belongs to the
// party or the scene (SH-93); names are compared trimmed and without regard to case, as every
// other name a Game Master writes. A tick moves the fill within 0..size and stops at either end,
// as the original's `track` command stops at its bounds (docs/format/commands.md "Clocks").
#include <algorithm>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "play/apply_ops.hpp"
#include "play/apply_pay.hpp"

namespace rk::play::detail {

namespace {

/// What a cleared clock's receipt says (SH-98).
constexpr std::string_view kClearedNow = "cleared";

std::vector<Clock>::iterator clock_named(Game& game, std::string_view name) {
  return std::find_if(game.clocks.begin(), game.clocks.end(),
                      [&](const Clock& clock) { return same_name(clock.name, name); });
}

std::string fill_text(const Clock& clock) { return fmt::format("{}/{}", clock.filled, clock.size); }

Outcome create(const Clocks& rules, Game& game, const ClockCreate& asked) {
  if (std::find(rules.sizes.begin(), rules.sizes.end(), asked.size) == rules.sizes.end())
    return Outcome::refused(Refusal::BadSize, fmt::format("one of {}", fmt::join(rules.sizes, ", ")));
  if (clock_named(game, asked.name) != game.clocks.end()) return Outcome::refused(Refusal::ClockExists);
  // A game may hold more than `max` when the ruleset lowered it since (game.md): none is added then.
  if (std::cmp_greater_equal(game.clocks.size(), rules.max))
    return Outcome::refused(Refusal::ClocksFull, fmt::format("at most {}", rules.max));
  game.clocks.push_back(Clock{asked.name, asked.size, 0, {}});
  return Outcome::accepted(fill_text(game.clocks.back()));
}

Outcome tick(Game& game, const ClockTick& asked) {
  const auto clock = clock_named(game, asked.name);
  if (clock == game.clocks.end()) return Outcome::refused(Refusal::UnknownClock);
  // `by` has at most nine digits (the reader's bound), so the sum cannot overflow.
  clock->filled = std::clamp(clock->filled + asked.by, std::int64_t{0}, clock->size);
  return Outcome::accepted(fill_text(*clock));
}

Outcome clear(Game& game, const ClockClear& asked) {
  const auto clock = clock_named(game, asked.name);
  if (clock == game.clocks.end()) return Outcome::refused(Refusal::UnknownClock);
  // Cleared means removed: its segments, its slot under `max` and its name are free again.
  game.clocks.erase(clock);
  return Outcome::accepted(std::string(kClearedNow));
}

}  // namespace

Outcome apply_clock(const Ruleset& ruleset, Game& game, const Command& command) {
  // Without `clocks` the clock commands are disabled (SH-87).
  if (!ruleset.clocks) return Outcome::refused(Refusal::NotConfigured);
  if (const auto* asked = std::get_if<ClockCreate>(&command.action)) return create(*ruleset.clocks, game, *asked);
  if (const auto* asked = std::get_if<ClockTick>(&command.action)) return tick(game, *asked);
  if (const auto* asked = std::get_if<ClockClear>(&command.action)) return clear(game, *asked);
  return Outcome::refused(Refusal::Malformed);
}

}  // namespace rk::play::detail
