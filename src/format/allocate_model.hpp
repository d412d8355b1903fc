#pragma once
// Rating allocation in the guided builder (docs/format/builder.md "Allocate steps", BB-1 – BB-48):
// what an allocate group, a rating tier table and a free rating grant name. Included by
// builder_model.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "format/choice.hpp"
#include "format/number.hpp"
#include "format/ref.hpp"

namespace rk {

/// BB-6: one rating a group, a tier table or a free grant raises. A `bonus` target is the
/// `build.bonuses` entry of a skill or a save, named by that skill's or save's id.
struct RatingTarget {
  enum class Kind : std::uint8_t { Ability, Field, Skill, Save, Bonus };
  static constexpr Choice<Kind> kKinds[] = {{Kind::Ability, "ability"},
                                            {Kind::Field, "field"},
                                            {Kind::Skill, "skill"},
                                            {Kind::Save, "save"},
                                            {Kind::Bonus, "bonus"}};
  Kind kind = Kind::Ability;
  std::string id;
  /// The stable key the saved answers use (BB-43): `ability/strength`.
  std::string key() const { return std::string(choice_name(kKinds, kind)) + "/" + id; }
  bool operator==(const RatingTarget&) const = default;
};

/// BB-13: an integer, or a non-live value reference read when the step is shown.
struct WholeOrRef {
  std::int64_t whole = 0;
  std::optional<Ref> ref;
};

/// BB-4, BB-12 – BB-14: a group of targets bought from one allotment.
struct AllocateGroup {
  std::string pointer;
  std::string id;
  std::string label;
  std::vector<RatingTarget> targets;
  std::optional<WholeOrRef> budget;  ///< BB-8 (b): every group has one, or none has
  std::optional<WholeOrRef> base;    ///< BB-15, BB-16
  WholeOrRef min, max;
};

/// BB-23 – BB-27: a skill's or save's ratings, its tier ids by rating (index 0 is untrained).
struct RatingTierTable {
  std::string pointer;
  RatingTarget target;
  std::vector<std::string> tiers;
};

/// BB-29 – BB-31: a free rating a catalog entry grants: `add` (> 0) or `set` (≥ 0).
struct RatingGrant {
  std::string pointer;
  RatingTarget target;
  std::optional<std::int64_t> add, set;
};

struct Ruleset;
/// What a target holds (BB-14): an ability's or number field's bounds, a skill's or save's tier
/// table (0 to its tiers − 1), the sheet's bonus range; nothing for a skill or save without a table.
std::optional<std::pair<Number, Number>> rating_bounds(const Ruleset& ruleset, const RatingTarget& target);

}  // namespace rk
