#pragma once
// Internal to src/format: the readers of the reference format's `items`, `battle` and `combat`
// blocks and of a `holds: "items"` catalog's entries (docs/format/items.md, combat.md). They run
// after the sheet is resolved, so every id they name is checked against it.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "format/combat_model.hpp"
#include "format/items_model.hpp"
#include "format/read.hpp"
#include "format/read_catalog_ref.hpp"

namespace rk::detail {

void read_items(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx);
void read_battle(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx);
void read_combat(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx);

/// The `item` of an entry of an items catalog, written in the `items` block's words.
void read_entry_item(const bj::value& v, const std::string& pointer, CatalogEntry& entry, ObjectReader& entry_reader,
                     Ruleset& ruleset, ReadContext& cx);
/// A held-items `itemStat` names the `items` block's stat, slot, category and tag (the block is
/// read after the sheet, so the sheet's own reads are checked by the second function once it is).
void check_item_stat_ref(const Ruleset& ruleset, const Ref& ref, std::string_view owner, Diagnostics& diagnostics);
void check_sheet_item_stat_refs(const Ruleset& ruleset, Diagnostics& diagnostics);
std::shared_ptr<const CatalogItem> read_catalog_item(const bj::value& v, const std::string& pointer,
                                                     const std::string& what, Ruleset& ruleset, ReadContext& cx);

// Shared by the readers above (read_play_common.cpp).

// `is_catalog_dice` (dice as the reference writes them) is declared in read_catalog_ref.hpp.
/// A value reference read from `key` and resolved against the sheet. `allow_live` false refuses one
/// that reads the live state, as a maximum does.
std::optional<Ref> read_sheet_ref(ObjectReader& r, std::string_view key, bool required, bool allow_live,
                                  Ruleset& ruleset, ReadContext& cx);
/// A whole number within [min, max], or nothing (reporting why).
std::optional<std::int64_t> read_whole(ObjectReader& r, std::string_view key, bool required, std::int64_t min,
                                       std::int64_t max);
/// An id that must be one of `known`; reports unknown-reference naming `kind`.
template <typename Known>
void expect_known(Diagnostics& d, const Known& known, std::string_view id, const std::string& pointer,
                  std::string_view owner, std::string_view kind) {
  if (!id.empty() && !known.contains(std::string(id))) {
    d.error(Code::UnknownReference, pointer, "{}: the ruleset declares no {} `{}`", owner, kind, id);
  }
}

/// The condition vocabulary: effects, modifiers and the saves and skills they narrow.
std::vector<ConditionEffect> read_effects(ObjectReader& r, std::string_view key, std::size_t min, bool item,
                                          ReadContext& cx);
std::vector<CombatModifier> read_modifiers(ObjectReader& r, ReadContext& cx);
/// `saves` and `skills` need something of theirs to narrow; every save and skill named is the sheet's.
void check_narrowing(ObjectReader& r, const std::vector<ConditionEffect>& effects,
                     const std::vector<CombatModifier>& modifiers, const std::vector<Id>& fails_saves,
                     const std::vector<Id>& saves, const std::vector<Id>& skills, const Ruleset& ruleset);
/// An id list of `min`-`max` entries (absent: empty).
std::vector<Id> read_ids(ObjectReader& r, std::string_view key, std::size_t min, std::size_t max);
/// A list of prompt-safe words of at most `max_length` (damage types), `min`-`max` of them.
std::vector<std::string> read_words(ObjectReader& r, std::string_view key, std::size_t min, std::size_t max,
                                    std::size_t max_length);
/// `{ "pool": id }` or `{ "track": id }`: a declared pool that does not start empty, or a wound track.
CombatHealth read_health(const bj::value& v, const std::string& pointer, const std::string& owner,
                         const Ruleset& ruleset, ReadContext& cx);
/// `list`, `onlyWhen`, `alwaysWhen` of a list whose catalog-marked rows a fight reads.
void read_row_source(ObjectReader& r, RowSource& out, const Ruleset& ruleset);
/// A declared live pool; reports unknown-reference otherwise.
bool expect_pool(ObjectReader& r, std::string_view key, const Id& pool, const Ruleset& ruleset);
/// `combat.conditions`, `levels`, `checks` and `contests` (read_combat_rules.cpp).
void read_combat_rules(ObjectReader& r, Combat& combat, Ruleset& ruleset, ReadContext& cx);
/// A damage type as the fight matches it: trimmed and lowercased.
std::string damage_type_key(std::string_view type);

}  // namespace rk::detail
