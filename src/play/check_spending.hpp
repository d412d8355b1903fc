#pragma once
// What a check pays for from the character's live pools (docs/format/checks.md "Spending" and
// "Applied rows and entries"): `spend=` buys `resolution.spend`, `use=` a picked entry's
// `mechanics.check`, `apply=` names rows and entries with a `contextual` (BC-34 – BC-44). Every
// price is paid all or nothing through the pools' one Payments (apply_pay.hpp).
#include "catalog/catalog_set.hpp"
#include "play/check.hpp"

namespace rk::play {

class LiveCheckSpending final : public CheckSpending {
 public:
  /// `catalogs` gives the entries of separate catalog files; without it only inline entries are
  /// known, and a name that needs another one does nothing (never applied on trust).
  explicit LiveCheckSpending(const CatalogSet* catalogs = nullptr) : catalogs_(catalogs) {}
  CheckPurchase buy(const Ruleset& ruleset, Character& character, const CheckAsk& ask,
                    std::int64_t sheet_dice) override;
  std::vector<AppliedContextual> apply(const Ruleset& ruleset, Character& character, const CheckAsk& ask,
                                       const ContextualRoll& roll) override;

 private:
  const CatalogSet* catalogs_;
};

}  // namespace rk::play
