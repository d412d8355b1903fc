#include "play/check_dice.hpp"

#include <algorithm>
#include <numeric>

#include "format/limits.hpp"

namespace rk::play {
namespace {

constexpr std::string_view kForCheck = "check";
constexpr std::string_view kForAdvantage = "advantage";
constexpr std::string_view kForExplode = "explode";
constexpr std::string_view kForReroll = "reroll";

bool natural_max(NaturalPolicy policy) { return policy == NaturalPolicy::Both || policy == NaturalPolicy::MaxOnly; }
bool natural_min(NaturalPolicy policy) { return policy == NaturalPolicy::Both || policy == NaturalPolicy::MinOnly; }

}  // namespace

ThrownCheck throw_sum(const DiceSumRules& rules, const SumThrow& input, RequestDice& dice) {
  ThrownCheck out;
  auto throw_set = [&](std::string_view purpose, std::vector<std::int64_t>& set) {
    for (std::int64_t i = 0; i < rules.count; ++i) {
      const std::optional<std::int64_t> face = dice.roll(purpose, rules.sides);
      if (!face) return false;
      set.push_back(*face);
    }
    return true;
  };
  std::vector<std::int64_t> first, second;
  if (!throw_set(kForCheck, first)) {
    out.incomplete = true;
    return out;
  }
  const bool twice = input.mode != RollMode::Normal;
  if (twice && !throw_set(kForAdvantage, second)) {
    out.incomplete = true;
    return out;
  }
  const std::int64_t first_sum = std::accumulate(first.begin(), first.end(), std::int64_t{0});
  const std::int64_t second_sum = std::accumulate(second.begin(), second.end(), std::int64_t{0});
  out.used = !twice                              ? first_sum
             : input.mode == RollMode::Advantage ? std::max(first_sum, second_sum)
                                                 : std::min(first_sum, second_sum);
  out.rolls = first;
  out.rolls.insert(out.rolls.end(), second.begin(), second.end());
  // Naturals need one die: the face is then the whole of the kept roll.
  const bool single = rules.count == 1;
  const NaturalPolicy policy = input.save ? rules.natural_save : rules.natural_check;
  out.critical_success = single && out.used == rules.sides && natural_max(policy);
  out.critical_failure = single && out.used == 1 && natural_min(policy);
  out.total = out.used + input.modifier;
  out.success = out.critical_success || (!out.critical_failure && out.total >= input.dc);
  return out;
}

ThrownCheck throw_pool(const DicePoolRules& rules, const PoolThrow& input, RequestDice& dice) {
  ThrownCheck out;
  std::vector<std::int64_t>& rolls = out.rolls;
  auto draw = [&](std::string_view purpose) {
    const std::optional<std::int64_t> face = dice.roll(purpose, rules.sides);
    if (!face) out.incomplete = true;
    return face.value_or(0);
  };
  for (std::int64_t i = 0; i < input.dice && !out.incomplete; ++i) rolls.push_back(draw(kForCheck));
  // A re-throw goes before anything reads the pool, so a die thrown again can still explode, count
  // and cancel. `once` replaces each low die one time; `until` keeps going, within the ceiling.
  if (input.reroll && input.reroll->up_to >= 1 && input.reroll->up_to < rules.sides) {
    const PoolReroll& reroll = *input.reroll;
    for (std::size_t i = 0; i < rolls.size() && out.rerolled < kMaxRerollsPerCheck && !out.incomplete; ++i) {
      if (rolls[i] > reroll.up_to) continue;
      rolls[i] = draw(kForReroll);
      ++out.rerolled;
      while (reroll.mode == PoolReroll::Mode::Until && rolls[i] <= reroll.up_to && out.rerolled < kMaxRerollsPerCheck &&
             !out.incomplete) {
        rolls[i] = draw(kForReroll);
        ++out.rerolled;
      }
    }
  }
  if (out.incomplete) return out;
  // "Half the dice" of a halfOrMore botch is counted over the dice first thrown, not the exploded.
  const std::vector<std::int64_t> thrown = rolls;
  if (input.explode_from) {
    // Chained: a die added at the end is examined in turn; the extra dice stop at pool.max.
    const std::int64_t cap = std::min<std::int64_t>(rules.pool_max, rk::limits::kPoolMaxDice);
    std::int64_t extra = 0;
    for (std::size_t i = 0; i < rolls.size() && extra < cap && !out.incomplete; ++i) {
      if (rolls[i] < *input.explode_from) continue;
      const std::int64_t face = draw(kForExplode);
      if (out.incomplete) break;
      rolls.push_back(face);
      ++extra;
    }
  }
  if (out.incomplete) return out;
  std::int64_t successes = 0, cancelled = 0;
  for (const std::int64_t face : rolls) {
    if (face >= input.threshold) successes += input.double_from && face >= *input.double_from ? 2 : 1;
    if (rules.cancel_up_to && !input.no_cancel && face <= *rules.cancel_up_to) ++cancelled;
  }
  // Bought successes come after cancelling: a die cannot cancel a success nobody rolled.
  out.total = std::max<std::int64_t>(0, successes - cancelled) + input.auto_successes;
  out.used = out.total;
  // A botch is read before cancelling: a pool whose one success was cancelled failed, it did not
  // botch. `halfOrMore` reads low faces on half the dice first thrown or more.
  bool low_on_half = false;
  if (rules.botch_up_to && rules.botch_rule == DicePoolRules::Botch::HalfOrMore && !thrown.empty()) {
    const auto low =
        std::count_if(thrown.begin(), thrown.end(), [&](std::int64_t f) { return f <= *rules.botch_up_to; });
    low_on_half = static_cast<std::size_t>(low) * 2 >= thrown.size();
  }
  if (rules.botch_up_to) {
    out.critical_failure = rules.botch_rule == DicePoolRules::Botch::HalfOrMore
                               ? low_on_half && successes == 0
                               : successes == 0 && std::any_of(rolls.begin(), rolls.end(),
                                                               [&](std::int64_t f) { return f <= *rules.botch_up_to; });
  }
  out.complication = low_on_half && !out.critical_failure;
  out.success = !out.critical_failure && out.total >= input.required;
  out.critical_success = out.success && rules.exceptional && out.total >= *rules.exceptional;
  return out;
}

}  // namespace rk::play
