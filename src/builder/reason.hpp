#pragma once
// Why an offer is disabled or a recorded answer does not count. The builder decides with the
// reason; the words a player reads are made from it only where the view leaves the engine (the
// JSON view, the command line, a refusal's message), so no behaviour ever reads text.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rk {

enum class Reason : std::uint8_t {
  None,
  AlreadyChosen,
  AtChoiceUpTo,         ///< BA-73
  AtAbilityMax,         ///< BA-72
  TrainedBySelections,  ///< BA-81
  NotOfferedByChoice,   ///< an answer the choice does not offer
  ChosenTwice,
  AbilityChosenTwice,       ///< BA-69
  BeyondChoiceCount,        ///< a choice's answer past its count
  BeyondStepCount,          ///< BA-26
  NotUntrainedReplacement,  ///< BA-138
  NoLongerInCatalog,
  WritesNoRow,  ///< BA-97
  NotListedByChoice,
  ChoiceFilterMismatch,
  StepFilterMismatch,
  ExcludedByEarlierChoice,  ///< BA-129
  ChoiceOfferedWhenZero,    ///< BA-90
  StepOfferedWhenZero,      ///< BA-86
  TakenByAnotherChoice,     ///< BA-98
  NoDistinctByValue,        ///< BA-119
  SharesDistinctBy,         ///< BA-119
  QuotaFull,                ///< BA-115
  RankNeedsMoreBelow,       ///< BA-123
  ParentNotSelected,        ///< BA-20
  AboveUpTo,                ///< BA-23
  ReplacedInGroup,          ///< BA-92
  RepeatedSelection,        ///< BA-120
  StepAcceptsNone,
  GearDoesNotFit,    ///< BA-59, BA-62
  StepHidden,        ///< BA-113
  GroupOverBudget,   ///< BB-39
  PurchaseAboveCap,  ///< BB-39
  // spend steps
  OfferNotOffered,        ///< BC-15, BC-16
  OfferBaselineMismatch,  ///< BB-74, BB-81
  OfferBoundsCross,       ///< BC-17
  OfferUnpriced,          ///< BB-118, BB-119
  PurchaseNoLongerFits,   ///< BB-103
  PurchaseAfterInactive,  ///< BB-103
  ExchangeReversed,       ///< BB-93
  ExchangeBelowFloor,     ///< BB-91
  OfferAtBound,           ///< BB-57, BC-17
  PoolCannotPay,          ///< BB-103
  PoolCreditFull,         ///< BB-76, BB-77
  CapCreditFull,          ///< BB-78, BB-79
  PoolNeedsRepair,        ///< BB-103, BB-105
  PoolNotConfigured,      ///< BB-53
  LedgerFull,             ///< BB-98
  // rows and priced steps
  RowsAtMax,           ///< BC-5
  ListFull,            ///< BC-5: the list's `maxItems`
  PurchaseNotCovered,  ///< BB-103, BC-67, BC-72
};
/// The last reason: the table of words ends with it.
inline constexpr Reason kLastReason = Reason::PurchaseNotCovered;

/// A reason and the names and numbers its words mention, in the order the words use them.
struct Why {
  Reason reason = Reason::None;
  std::vector<std::string> args;

  Why() = default;
  Why(Reason r, std::vector<std::string> a = {})
      : reason(r), args(std::move(a)) {}  // NOLINT(google-explicit-constructor)
  bool empty() const { return reason == Reason::None; }
  bool operator==(const Why&) const = default;
};

/// The reason's stable name (kebab-case), what a front end branches on.
std::string_view reason_code(Reason reason);
/// The words a player reads.
std::string reason_text(const Why& why);

}  // namespace rk
