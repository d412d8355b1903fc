#pragma once
// Internal to src/format. Catalogs: the pieces catalog entries and creatures share (amounts,
// damage clauses, conditions applied, reaction moments, riders), the reader of an entry's
// `mechanics` and the reader of a creature (docs/format/catalogs.md).
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "format/read.hpp"

namespace rk::detail {

/// A reference sheet id: a lowercase letter, then lowercase letters, digits and underscores.
bool is_sheet_id(std::string_view id);
/// Catalog dice: 1-999 dice of 2-9999 sides, with one optional flat adjustment ("2d6", "1d8+3").
bool is_catalog_dice(std::string_view text);

/// Small typed readers over ObjectReader for the reference's keys; each reports what it refuses.
std::optional<std::string> sheet_id_key(ObjectReader& r, std::string_view key, bool required);
std::optional<std::int64_t> whole_key(ObjectReader& r, std::string_view key, bool required, std::int64_t min,
                                      std::int64_t max);
/// A number in [min, max]; with `above_min` the number must be strictly above `min`.
std::optional<Number> ranged_key(ObjectReader& r, std::string_view key, bool required, Number min, Number max,
                                 bool above_min = false);
/// A key whose only value is `true` (leaving it out says false).
bool true_key(ObjectReader& r, std::string_view key);
/// A list of reference sheet ids of `min`-`max` entries (duplicates allowed, as the reference does).
std::optional<std::vector<std::string>> sheet_id_list(ObjectReader& r, std::string_view key, bool required,
                                                      std::size_t min, std::size_t max);

/// The names an entry or a creature is checked against, and where its refusals go.
struct EffectContext {
  Ruleset& ruleset;
  ReadContext& cx;
  const Sheet& sheet() const { return ruleset.sheet; }
  Diagnostics& diagnostics() const { return cx.diagnostics; }
};

/// `{ "dice": "2d6", "flat": 1 }` with dice or flat or both; `flat_min`/`flat_max` bound the flat.
std::optional<Amount> read_amount(const bj::value& v, const std::string& pointer, const std::string& what,
                                  Diagnostics& diagnostics, std::int64_t flat_min, std::int64_t flat_max,
                                  std::string_view nothing_message);
std::vector<DamageClause> read_damage_clauses(ObjectReader& r, std::string_view key, const EffectContext& ec);
std::optional<ReactionMoment> read_reaction_moment(const bj::value& v, const std::string& pointer,
                                                   const std::string& what, Diagnostics& diagnostics);
std::vector<AppliedCondition> read_applied_conditions(ObjectReader& r, std::string_view key, const EffectContext& ec);
/// An entry's rider (`creature` false: `sources`, `requires`) or a creature's (`id`, `name`, `actions`).
std::optional<Rider> read_rider(const bj::value& v, const std::string& pointer, const std::string& what, bool creature,
                                Diagnostics& diagnostics);

/// An entry's `mechanics` in the reference's vocabulary. The price and the targeting it states are
/// also written into `price` so the `use` command and the picker read one shape.
std::optional<EntryEffect> read_entry_effect(const bj::value& v, const std::string& pointer, const std::string& what,
                                             const EffectContext& ec, Mechanics& price);
/// A creature as the reference writes it (plain numbers, or a `sheet` in the ruleset's own terms).
std::optional<Creature> read_creature(const bj::value& v, const std::string& pointer, const std::string& what,
                                      const EffectContext& ec);
/// The names of the fight an entry's `mechanics` or a creature gives (budgets, damage types, threat
/// tiers, contest checks, attack lists, soak kinds, the pool fight's die), checked against the
/// `combat` block (read_catalog_combat.cpp).
void check_entry_combat_names(const bj::value& mechanics, const std::string& pointer, const std::string& what,
                              const EffectContext& ec);
void check_creature_combat_names(const bj::value& creature, const std::string& pointer, const std::string& what,
                                 const EffectContext& ec);
/// The names one catalog's entries give of other catalogs (a reaction's `against`, a creature
/// sheet row's `_catalog` mark), checked once every catalog header is known.
void check_cross_catalog_names(const Ruleset& ruleset, const Catalog& catalog, const std::vector<CatalogEntry>& entries,
                               Diagnostics& diagnostics);

}  // namespace rk::detail
