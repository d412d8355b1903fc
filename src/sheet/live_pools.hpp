#pragma once
// The live pools a character's sheet has right now, as the Game Master's commands and a rest see
// them (docs/format/live.md "Pools"; reference: listRulesetLivePools): the declared pools no
// `hideWhen` hides and whose maximum is above 0, in declaration order, then one pool per named row
// of every shown list that declares `pools`. A hidden pool or one with no maximum is not a
// resource the character has, so no command and no rest reaches it; its stored value is kept.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "format/model.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"

namespace rk {

/// The largest value a live number holds (reference: MAX_LIVE_NUMBER): a maximum above it reads as it.
inline constexpr std::int64_t kMaxLiveNumber = 1'000'000;
/// The most live pools one sheet lists, declared and row pools together (reference: MAX_LIVE_POOLS).
inline constexpr std::size_t kMaxLivePools = 600;

struct LivePool {
  /// How the character stores it: the pool's id, or `<list>:<row name, trimmed and lowered>`.
  std::string key;
  /// What the sheet calls it: the pool's label, or the row's name as written (trimmed).
  std::string label;
  Id list;               ///< the list of a row pool; empty for a declared pool
  Id group;              ///< a declared pool's group
  std::string recharge;  ///< a row pool's recharge cell (its column's default when empty)
  bool allow_temp = false;
  std::int64_t max = 0;
  std::int64_t current = 0;
  std::int64_t temp = 0;
  /// Where the pool stands with nothing stored: a value back here (with no temporary points) is
  /// erased, so the pool follows its maximum again (reference: setPool).
  std::int64_t start = 0;
  const Pool* declared = nullptr;  ///< the declaration of a declared pool; null for a row pool
  std::optional<Number> level;     ///< CA-85: a declared pool's `level`, or its position in its group
  bool row_pool() const { return declared == nullptr; }
};

/// Every live pool of the character, `view` being evaluate(ruleset, character).
std::vector<LivePool> live_pools(const Ruleset& ruleset, const Character& character, const SheetView& view);

/// Stores a pool's value and temporary points sparsely: back at its start with none, the entry goes,
/// so the pool follows its maximum again (reference: setPool). `stored` is a character's pools or
/// the party's.
void store_pool(std::map<Id, PoolState>& stored, const LivePool& pool, std::int64_t current, std::int64_t temp);
void store_pool(Character& character, const LivePool& pool, std::int64_t current, std::int64_t temp);

/// Whether `hide_when` hides its element on this sheet (the fields as `view` shows them).
bool hidden_on(const Sheet& sheet, const SheetView& view, const std::optional<HideWhen>& hide_when);

/// The full Unicode lower case, locale-independent, as JavaScript's toLowerCase gives it.
std::string lowered(std::string_view text);
/// JavaScript's trim(): the ECMAScript white space and line terminators off both ends.
std::string_view trimmed(std::string_view text);
/// Whether two names are the same once trimmed and lowered (reference: sameName).
bool same_name(std::string_view a, std::string_view b);

}  // namespace rk
