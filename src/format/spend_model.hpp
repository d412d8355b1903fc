#pragma once
// Priced purchases in the guided builder (docs/format/builder.md "Pools and spend steps",
// BB-49 – BB-109, BC-15 – BC-19): creation pools, spend offers, their cost curves, credits,
// two-way, ownership and exchange offers. Included by builder_model.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "format/allocate_model.hpp"
#include "format/choice.hpp"
#include "format/number.hpp"
#include "format/ref.hpp"

namespace rk {

/// BB-60 – BB-63, BB-117: what one purchase costs along the offer's curve.
struct PurchaseCost {
  enum class Kind : std::uint8_t { Flat, PerRank, Table, Unpriced };
  static constexpr Choice<Kind> kKinds[] = {
      {Kind::Flat, "flat"}, {Kind::PerRank, "perRank"}, {Kind::Table, "table"}, {Kind::Unpriced, "unpriced"}};
  Kind kind = Kind::Flat;
  Number amount;                                 ///< flat: per increment; perRank: times the rank reached
  std::vector<std::pair<Number, Number>> table;  ///< value, cumulative price; values ascending
};

/// The price of moving from `from` up to `to` on `cost` (signed: a credit curve prices below 0);
/// nothing when the curve does not price that move (a table lacking either value, unpriced).
std::optional<Number> curve_price(const PurchaseCost& cost, Number from, Number to);

/// BB-67, BB-68: the first override whose `when` reads > 0 replaces the offer's cost.
struct CostOverride {
  std::string pointer;
  Ref when;
  PurchaseCost cost;
};

/// BB-89 – BB-91: each purchase lowers `from` by `units` and raises the offer's target by `gain`.
struct Exchange {
  RatingTarget from;
  std::int64_t units = 1;
  std::int64_t gain = 1;
  Number floor;
};

/// BB-81, BB-86: which way one offer moves its target.
enum class OfferDirection : std::uint8_t { Increase, Decrease, Both };
inline constexpr Choice<OfferDirection> kOfferDirections[] = {
    {OfferDirection::Increase, "increase"}, {OfferDirection::Decrease, "decrease"}, {OfferDirection::Both, "both"}};

/// BB-54 – BB-57 and the keys of BB-67 – BB-96, BC-15 – BC-19: one priced offer of a spend step.
struct SpendOffer {
  std::string pointer;
  std::string id;
  std::string label;
  RatingTarget target;
  std::optional<PurchaseCost> cost;  ///< absent only on an exchange (BB-92)
  std::vector<CostOverride> overrides;
  Number min, max;
  bool credit = false;  ///< BB-71: the offer may yield credit
  std::optional<Number> baseline;
  OfferDirection direction = OfferDirection::Increase;
  bool ownership = false;  ///< BB-87
  std::optional<Exchange> exchange;
  std::vector<std::string> tags;       ///< BB-78: what pool caps filter on
  std::optional<Ref> when;             ///< BC-15
  std::optional<Ref> min_from;         ///< BC-17
  std::optional<Ref> max_from;         ///< BC-17
  std::vector<Number> allowed_values;  ///< BC-19 `allowedRatings`, ascending
  /// Whether a purchase of this offer can lower its target (a decrease, or a two-way offer).
  bool lowers() const { return direction != OfferDirection::Increase; }
};

/// BB-78: the most credit the offers carrying `tag` may yield together.
struct CreditCap {
  std::string tag;
  std::int64_t max_credit = 0;
};

/// BB-49 – BB-53, BB-76 – BB-79: a creation budget several spend steps may share.
struct BuilderPool {
  std::string pointer;
  std::string id;
  std::string label;
  WholeOrRef budget;
  std::int64_t credit_limit = 0;
  std::vector<CreditCap> caps;
};

}  // namespace rk
