// The one table of builder reasons: each reason's stable name and the words a player reads, with
// `{}` standing for its arguments in order.
#include "builder/reason.hpp"

#include <array>

#include <fmt/args.h>
#include <fmt/format.h>

namespace rk {

namespace {

struct ReasonWords {
  Reason reason;
  std::string_view code;
  std::string_view text;
};

constexpr ReasonWords kReasonWords[] = {
    {Reason::None, "", ""},
    {Reason::AlreadyChosen, "already-chosen", "already chosen"},
    {Reason::AtChoiceUpTo, "at-choice-up-to",
     "already at {}, the choice's `upTo`; this choice raises an ability no higher (BA-73)"},
    {Reason::AtAbilityMax, "at-ability-max",
     "already at its maximum; no choice raises an ability above its own `max` (BA-72)"},
    {Reason::TrainedBySelections, "trained-by-selections",
     "selections already train it at this tier; choose another (BA-81)"},
    {Reason::NotOfferedByChoice, "not-offered-by-choice", "not one this choice offers"},
    {Reason::ChosenTwice, "chosen-twice", "chosen twice"},
    {Reason::AbilityChosenTwice, "ability-chosen-twice",
     "picked twice; without `repeat` a choice may not pick the same ability twice (BA-69)"},
    {Reason::BeyondChoiceCount, "beyond-choice-count",
     "beyond the count; it counts again when an earlier answer is removed or the count rises"},
    {Reason::BeyondStepCount, "beyond-step-count",
     "beyond the {} the step accepts now; selections past the count are kept but do not count until the count rises "
     "(BA-26)"},
    {Reason::NotUntrainedReplacement, "not-untrained-replacement", "not an untrained one this replacement offers"},
    {Reason::NoLongerInCatalog, "no-longer-in-catalog", "the catalog no longer has it; remove it"},
    {Reason::WritesNoRow, "writes-no-row",
     "it writes no row; an entry choice offers only entries that write rows (BA-97)"},
    {Reason::NotListedByChoice, "not-listed-by-choice", "not one this choice lists"},
    {Reason::ChoiceFilterMismatch, "choice-filter-mismatch", "its `{}` does not fit the choice"},
    {Reason::StepFilterMismatch, "step-filter-mismatch", "its `{}` does not fit the step"},
    {Reason::ExcludedByEarlierChoice, "excluded-by-earlier-choice",
     "an earlier choice this one excludes has it (BA-129)"},
    {Reason::ChoiceOfferedWhenZero, "choice-offered-when-zero",
     "its `offeredWhen` reads 0; a choice offers only entries whose `offeredWhen` reads above 0 (BA-90)"},
    {Reason::StepOfferedWhenZero, "step-offered-when-zero",
     "its `offeredWhen` reads 0; an entry is offered, and counts, only while its `offeredWhen` reads above 0 (BA-86)"},
    {Reason::TakenByAnotherChoice, "taken-by-another-choice",
     "another choice already has it; an entry chosen for one grant is not offered for another (BA-98)"},
    {Reason::NoDistinctByValue, "no-distinct-by-value", "it has no `{}`, which must differ between selections"},
    {Reason::SharesDistinctBy, "shares-distinct-by", "`{}` already has this `{}`"},
    {Reason::QuotaFull, "quota-full", "the quota for `{}` is full ({} of {})"},
    {Reason::RankNeedsMoreBelow, "rank-needs-more-below",
     "a rank needs more selections below it: `quotaBelow` asks for more active selections at each rank than at the "
     "rank above; it is kept until they are there (BA-123)"},
    {Reason::ParentNotSelected, "parent-not-selected",
     "its parent is not selected at step `{}`; a selection counts only while its parent there is selected (BA-20)"},
    {Reason::AboveUpTo, "above-up-to",
     "its `{}` {} is above {}; a selection counts only while that filter is at most the step's `upTo.value`, and is "
     "kept meanwhile (BA-23)"},
    {Reason::ReplacedInGroup, "replaced-in-group",
     "`{}` replaced it in group `{}`; a step keeps one selection per `exclusive` group, the latest (BA-92)"},
    {Reason::RepeatedSelection, "repeated-selection",
     "already selected; without `distinctBy` selections are distinct by entry id, so a repeat counts once (BA-120)"},
    {Reason::StepAcceptsNone, "step-accepts-none", "the step accepts no selection now"},
    {Reason::GearDoesNotFit, "gear-does-not-fit",
     "it does not fit: its `fits` reads {}, below its `atLeast` {}; in legal-only mode a strict step offers only gear "
     "that fits (BA-59)"},
    {Reason::StepHidden, "step-hidden", "the step is hidden: its condition reads 0; its answers are kept (BA-113)"},
    {Reason::GroupOverBudget, "group-over-budget",
     "{} points are bought and the group's allotment is {}: the whole group is inactive until its increments are "
     "reduced or its allotment restored (BB-39, BB-40)"},
    {Reason::PurchaseAboveCap, "purchase-above-cap",
     "{} increments from {} pass the cap {}: this purchase is inactive until it is reduced (BB-39, BB-40)"},
    {Reason::OfferNotOffered, "offer-not-offered",
     "its condition reads 0: the offer is not open to this character now; what was bought is kept, inactive, for "
     "repair (BC-15, BC-16)"},
    {Reason::OfferBaselineMismatch, "offer-baseline-mismatch",
     "its baseline is {} and the sheet holds {} before purchases: the offer is not configured (BB-74, BB-81)"},
    {Reason::OfferBoundsCross, "offer-bounds-cross",
     "its floor {} is above its ceiling {}: the offer is not configured (BC-17)"},
    {Reason::OfferUnpriced, "offer-unpriced",
     "unpriced until its source gives a price: it is never bought, and a purchase saved under a price is kept, "
     "inactive (BB-118, BB-119)"},
    {Reason::PurchaseNoLongerFits, "purchase-no-longer-fits",
     "this purchase ({} to {}) is no longer a move the offer makes: it is kept, inactive, until refunded (BB-103)"},
    {Reason::PurchaseAfterInactive, "purchase-after-inactive",
     "an earlier purchase of this offer does not count, and this one stands on it (BB-103)"},
    {Reason::ExchangeReversed, "exchange-reversed",
     "`{}` was {} by another exchange; exchanged points are never exchanged again (BB-93)"},
    {Reason::ExchangeBelowFloor, "exchange-below-floor",
     "it would take `{}` from {} to {}, below the floor {} (BB-91)"},
    {Reason::OfferAtBound, "offer-at-bound", "`{}` is at {}, the offer's {} (BB-57, BC-17)"},
    {Reason::PoolCannotPay, "pool-cannot-pay", "it costs {} and pool `{}` has {} left: refund something first"},
    {Reason::PoolCreditFull, "pool-credit-full",
     "it yields {} credit and pool `{}` allows {} in all, {} taken (BB-76, BB-77)"},
    {Reason::CapCreditFull, "cap-credit-full",
     "it yields {} credit and tag `{}` is capped at {}, {} taken (BB-78, BB-79)"},
    {Reason::PoolNeedsRepair, "pool-needs-repair",
     "a purchase in pool `{}` does not count: refund it first; nothing is bought while one waits (BB-103, BB-105)"},
    {Reason::PoolNotConfigured, "pool-not-configured",
     "pool `{}` is not configured: its budget does not read a whole number 0-100000 (BB-52, BB-53)"},
    {Reason::LedgerFull, "ledger-full", "the offer holds {} purchases, the most it keeps (BB-98)"},
    {Reason::RowsAtMax, "rows-at-max", "the step holds {} rows of the player's own, its `max` (BC-5)"},
    {Reason::ListFull, "list-full", "list `{}` holds {} rows, the most it holds (`maxItems`, BC-5)"},
    {Reason::PurchaseNotCovered, "purchase-not-covered",
     "pool `{}` no longer covers it: {} is left for purchases after priced picks and rows (paid first) and the "
     "purchases before it; refund purchases or free points to repair (BB-103, BC-67, BC-72)"},
};

constexpr bool table_in_enum_order() {
  for (std::size_t i = 0; i < std::size(kReasonWords); ++i) {
    if (static_cast<std::size_t>(kReasonWords[i].reason) != i) return false;
  }
  return true;
}
static_assert(table_in_enum_order(), "kReasonWords lists every Reason once, in declaration order");
static_assert(std::size(kReasonWords) == static_cast<std::size_t>(kLastReason) + 1);

}  // namespace

std::string_view reason_code(Reason reason) { return kReasonWords[static_cast<std::size_t>(reason)].code; }

std::string reason_text(const Why& why) {
  const std::string_view text = kReasonWords[static_cast<std::size_t>(why.reason)].text;
  fmt::dynamic_format_arg_store<fmt::format_context> args;
  for (const auto& a : why.args) args.push_back(a);
  try {
    return fmt::vformat(text, args);
  } catch (const fmt::format_error&) {
    // A reason made with too few arguments is a bug of ours; the player still reads its words.
    return std::string(text);
  }
}

}  // namespace rk
