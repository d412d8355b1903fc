#pragma once
// Internal to src/format: the reader of one reference-format item (read_catalog_item.cpp) and of
// what it does in play, its `attack`, `use` and `charges` (read_item_powers.cpp).
#include <memory>
#include <string>

#include "format/read_play.hpp"

namespace rk::detail {

class ItemReader {
 public:
  ItemReader(Ruleset& ruleset, ReadContext& cx)
      : rs_(ruleset), cx_(cx), d_(cx.diagnostics), items_(ruleset.items.get()), combat_(ruleset.combat.get()) {}

  std::shared_ptr<const CatalogItem> read(const bj::value& v, const std::string& pointer, const std::string& what);

 private:
  /// The kind of value an item's attack or use writes down or reads off a stat.
  enum class ValueKind : std::uint8_t { Number, Dice, Abilities, Skill, Type };

  ItemEffect read_effect(ObjectReader& e, bool requirement);
  std::optional<ItemAttack> read_attack(const bj::value& v, const std::string& pointer, const std::string& what,
                                        const CatalogItem& item);
  std::optional<ItemUse> read_use(const bj::value& v, const std::string& pointer, const std::string& what,
                                  const CatalogItem& item);
  std::optional<ItemCharges> read_charges(const bj::value& v, const std::string& pointer, ObjectReader& item_reader,
                                          const CatalogItem& item);
  ItemToHit read_to_hit(ObjectReader& t, std::string_view whose);

  /// `{ "stat": id }` (a stat of the item's own of the right kind) or a written value.
  std::optional<OrItemStat<std::int64_t>> whole_or_stat(ObjectReader& r, std::string_view key, std::int64_t min,
                                                        std::int64_t max);
  std::optional<OrItemStat<Number>> distance_or_stat(ObjectReader& r, std::string_view key);
  std::optional<OrItemStat<std::string>> dice_or_stat(ObjectReader& r, std::string_view key);
  std::optional<OrItemStat<std::string>> type_or_stat(ObjectReader& r, std::string_view key);
  std::optional<OrItemStat<std::vector<Id>>> abilities_or_stat(ObjectReader& r, std::string_view key);
  std::optional<OrItemStat<Id>> skill_or_stat(ObjectReader& r, std::string_view key);
  /// Reads `{ "stat": id }` at `key` and checks the stat fits `kind`; nothing when the value is written.
  std::optional<Id> stat_read(ObjectReader& r, std::string_view key, ValueKind kind);
  void check_budget(ObjectReader& r, std::string_view key, const Id& budget);

  Ruleset& rs_;
  ReadContext& cx_;
  Diagnostics& d_;
  const ItemsBlock* items_;
  const Combat* combat_;
};

}  // namespace rk::detail
