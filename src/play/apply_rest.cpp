// The rest command (docs/format/commands.md "Rests"): a rest the ruleset declares, taken by the
// same rules as the sheet's own (src/sheet/rest.hpp), its `now` naming what changed.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "play/sheet_ops.hpp"
#include "sheet/live_pools.hpp"
#include "sheet/rest.hpp"

namespace rk::play::detail {

Outcome apply_rest_take(const Ruleset& ruleset, Character& character, const RestTake& take) {
  const auto& rests = ruleset.sheet.rests;
  const auto rest = std::find_if(rests.begin(), rests.end(), [&](const Rest& r) {
    return same_name(r.id, take.rest) || same_name(r.label, take.rest);
  });
  if (rest == rests.end()) return Outcome::refused(Refusal::UnknownRest);
  TakenRest taken = take_rest(ruleset, character, *rest);
  character = std::move(taken.character);
  // `Long rest: Hit dice 2/5, Exhaustion 2`, or just the rest's name when nothing moved.
  if (taken.changes.empty()) return Outcome::accepted(rest->label);
  return Outcome::accepted(fmt::format("{}: {}", rest->label, fmt::join(taken.changes, ", ")));
}

}  // namespace rk::play::detail
