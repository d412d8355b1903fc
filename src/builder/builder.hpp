#pragma once
// The guided builder at run time (docs/format/builder.md "Evaluation", "Reconciliation",
// "Actions"). `open_builder` is pure: ruleset + character -> the character as the builder's
// answers make it, and the view of every step. `apply_action` is ruleset + character + action +
// dice -> character'. Nothing here reads a clock, a file or a random source of its own.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "builder/answers.hpp"
#include "builder/dice.hpp"
#include "builder/reason.hpp"
#include "catalog/catalog_set.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"

namespace rk {

/// One entry a step offers, or one a slot offers.
struct OfferView {
  std::string id;
  std::string label;
  bool disabled = false;
  Why why;  ///< why it is disabled
};

/// A recorded answer and whether it counts (BA-20, BA-23, BA-26, BA-81, BA-87).
struct SelectionView {
  std::string id;
  std::string label;
  bool counts = true;
  Why why;                ///< why it no longer counts (it is kept)
  bool implicit = false;  ///< taken by `exclusiveDefault`, not recorded (BA-93)
};

/// A choice slot a selection (or a trained step) offers (BA-69 – BA-84, BA-94 – BA-99, BA-124 – BA-140).
struct SlotView {
  std::string key;  ///< the recorded key (BA-125, BA-139)
  enum class Kind : std::uint8_t { Abilities, Skills, Saves, Entries } kind = Kind::Entries;
  static constexpr Choice<Kind> kKinds[] = {
      {Kind::Abilities, "abilities"}, {Kind::Skills, "skills"}, {Kind::Saves, "saves"}, {Kind::Entries, "entries"}};
  bool hidden = false;       ///< nothing to ask (BA-82): the slot is not shown
  std::string source_step;   ///< the step whose selection offers it
  std::string source_entry;  ///< the entry, or "" for a trained step's own slot
  std::int64_t count = 0;    ///< how many answers it asks for
  std::vector<OfferView> offers;
  std::vector<SelectionView> answers;
  std::int64_t missing = 0;  ///< answers still expected
  bool repeat = false;
  bool not_configured = false;     ///< BA-145
  std::vector<std::string> notes;  ///< e.g. a partial boost pending (BB-131)
};

struct FieldEntryView {
  std::string id;
  std::string label;
  std::optional<Scalar> value;     ///< as stored; nothing when the document stores none
  bool chosen = false;             ///< field_chosen: a value the field can hold is stored
  std::optional<Scalar> reads_as;  ///< not chosen: the blank-sheet value the sheet computes with
  bool shown = true;
  bool optional = false;
  bool owned = false;         ///< the builder answers for it (BA-109)
  std::optional<Number> max;  ///< lowered by `total` (BA-40)
};

struct AbilityEntryView {
  std::string id;
  std::string label;
  std::optional<Number> base;
  Number bonus;  ///< what selections add (BA-54)
  Number edit;   ///< the player's own change on top of base and bonus (a hand edit kept by reconciliation)
  Number total;
  Number modifier;
  std::vector<std::int64_t> faces;  ///< `rolls` method: the faces its own roll fell on (BC-82, BC-87)
};

/// One throw of creation dice as the view shows it (BC-87).
struct CreationThrowView {
  std::vector<std::int64_t> faces;
  Number total;
};

/// One entry of a roll step (BC-83 – BC-89): its dice, what it was rolled against, the faces, and
/// what it writes.
struct RollEntryView {
  std::string id;
  std::string label;
  std::string key;   ///< its target's key: `field/luck`
  std::string dice;  ///< "3d6 x5"
  std::int64_t best = 1;
  std::optional<Number> floor;  ///< the floor in force (a Ref read now)
  std::string gain;             ///< an improvement check: "1d10" or "5"; "" for a plain roll
  Number before;                ///< the target before the roll (an improvement rolls against it)
  bool rolled = false;
  bool fits = true;  ///< false: the faces stored no longer fit the entry's dice (the ruleset changed)
  std::vector<CreationThrowView> attempts;
  std::int64_t kept = 0;  ///< the attempt `best` keeps (the highest)
  std::optional<CreationThrowView> gain_roll;
  bool improved = false;        ///< an improvement check whose roll exceeded `before` (BC-86)
  std::optional<Number> value;  ///< what it writes; nothing before it is rolled
  bool can_roll = false;        ///< not rolled yet, or rolled and the step has `retry` (BC-88)
};

/// One write of an initialize step (BC-52 – BC-56).
struct InitializeWriteView {
  std::string field;
  std::string label;
  std::string source;             ///< "value", "field luck", "remaining creation"
  std::optional<Scalar> current;  ///< the field on the sheet now; nothing when empty
  std::optional<Scalar> would;    ///< what setting (again) would write now; nothing when it cannot be read
  std::optional<Scalar> written;  ///< what the player set, kept with the builder (BC-55)
  bool changed = false;           ///< set, and setting again would replace `current` (BC-56)
};

/// One target of an allocate group (BB-35): where it starts, what free grants and paid increments
/// add, and what it reaches.
struct AllocateTargetView {
  std::string key;  ///< `ability/strength` (BB-43)
  std::string label;
  Number start;                              ///< the previous value, or the group's `base` over it (BB-15, BB-16)
  Number free;                               ///< what free rating grants added (BB-29 – BB-32)
  std::int64_t bought = 0;                   ///< the increments recorded
  bool counts = true;                        ///< false: the purchase is inactive (BB-39)
  Why why;                                   ///< why it does not count
  Number total;                              ///< start + the increments that count
  std::string tier;                          ///< a skill or save: the tier of `total` (BB-24)
  bool below_min = false;                    ///< an impossible minimum (BB-18, BB-37)
  bool can_buy = false, can_refund = false;  ///< BB-36
  std::string note;                          ///< BB-44
};

struct AllocateGroupView {
  std::string id;
  std::string label;
  std::optional<std::int64_t> slot;    ///< the priority slot it holds (BB-9)
  std::optional<std::int64_t> budget;  ///< its allotment; nothing: not assigned or not configured
  std::int64_t spent = 0;
  std::optional<std::int64_t> min, max;
  bool configured = true;  ///< BB-22
  bool active = true;      ///< BB-39: false while over its budget
  Why why;
  std::vector<AllocateTargetView> targets;
};

/// One line of an offer's ledger as it stands (BB-97, BB-103): what it recorded, whether it still
/// counts, and what the same purchase costs now.
struct PurchaseLineView {
  Number delta;
  Number price;                     ///< as paid: above 0 spent, below 0 credit
  bool counts = true;               ///< false: inactive, kept for repair (BB-103, BB-119, BC-16)
  Why why;                          ///< why it does not count
  std::optional<Number> price_now;  ///< the same purchase today; nothing when it is no longer priced
};

/// One offer of a spend step (BB-54 – BB-96): where its target starts and stands, its curve's next
/// prices, and what the player may do with it.
struct SpendOfferView {
  std::string id;
  std::string label;
  std::string key;  ///< the target's key: `ability/strength`
  OfferDirection direction = OfferDirection::Increase;
  bool ownership = false;
  std::string exchange_from;  ///< an exchange: the key of the rating it lowers
  std::vector<std::string> tags;
  bool offered = true;     ///< BC-15: its `when` reads > 0
  bool configured = true;  ///< its baseline matches the sheet (BB-74, BB-81), its bounds read
  bool priced = true;      ///< false: `unpriced` (BB-118)
  Number start;            ///< the target before this offer's purchases
  Number value;            ///< after the purchases that count (ownership: the level bought)
  Number min, max;         ///< the bounds in force, `minFrom`/`maxFrom` applied (BC-17)
  /// What the next purchase up and the next step down change the pool by, signed as a purchase
  /// line is: above 0 it costs points, below 0 it yields credit or gives points back (BB-82, BB-83).
  std::optional<Number> next_price, lower_price;
  std::optional<Number> next_value, lower_value;  ///< where they take the target
  bool can_buy = false, can_lower = false, can_refund = false;
  Why why;        ///< why it cannot be bought now
  Why lower_why;  ///< why it cannot be lowered now (a two-way or decrease offer)
  std::vector<PurchaseLineView> lines;
};

/// A creation pool as a spend step shows it (BB-49 – BB-53, BB-76 – BB-79, BB-103).
struct CreationPoolView {
  std::string id;
  std::string label;
  std::optional<std::int64_t> budget;  ///< nothing: not configured (BB-53)
  Number spent;                        ///< the recorded prices of every purchase line, counting or not
  Number credit;                       ///< the recorded credit of every line
  Number remaining;                    ///< budget - spent + credit; below 0 when overspent (BB-103)
  Number spent_now;                    ///< what the counting lines would cost at today's prices
  Number paid_first;                   ///< what priced picks and rows took, before any purchase (BC-66)
  std::int64_t credit_limit = 0;
  struct Cap {
    std::string tag;
    std::int64_t max_credit = 0;
    Number used;
  };
  std::vector<Cap> caps;
  bool attention = false;  ///< a line of the pool does not count: buying waits for repair
  bool repriced = false;   ///< a counting line costs otherwise today: `reprice` accepts the new prices
};

/// One row of a rows step's list (BC-7, BC-8): the player's own, or one a pick wrote (read-only
/// here, it comes and goes with the pick).
struct RowEntryView {
  std::string id;                       ///< the row's `_id`
  std::map<std::string, Scalar> cells;  ///< the step's columns that hold a value
  bool from_pick = false;
  std::vector<std::string> missing;  ///< required columns still empty (BC-3)
  std::optional<Number> price;       ///< a priced rows step: what the row costs (below 0: credit, BC-63)
};

/// A rows step as it stands (BC-1 – BC-14): the rows it edits and how many it waits for.
struct RowsView {
  std::string list;
  std::vector<std::string> columns;  ///< the columns the step edits (BC-2)
  std::vector<RowEntryView> rows;    ///< in list order, pick rows included
  std::int64_t own = 0;              ///< the player's own rows
  std::int64_t complete = 0;         ///< own rows with every required cell filled
  std::int64_t expected = 0;         ///< max(min, countFrom) (BC-14)
  std::int64_t most = 0;             ///< own rows "Add a row" may reach: `max`, within the list's room (BC-5)
  std::int64_t top_up = 0;           ///< rows showing the step would add now (BC-11)
  bool can_add = false;
  Why why;  ///< why a row cannot be added now
};

struct StepView {
  std::string id;
  std::string label;
  BuilderStep::Kind kind = BuilderStep::Kind::Catalog;
  bool shown = true;
  bool required = true;
  std::int64_t badge = 0;
  std::vector<std::string> notes;
  std::vector<OfferView> offers;
  std::vector<SelectionView> selections;
  std::vector<SlotView> slots;  ///< the choices this step hosts
  std::int64_t asks = 0;        ///< catalog: how many entries it asks for; the most it accepts is `accepts`
  std::int64_t accepts = 0;
  std::vector<std::string> within_parents;  ///< catalog: the ids counting at its `within` step (BA-19)
  std::optional<Number> up_to;              ///< catalog: what its `upTo.value` reads now (BA-21)
  // fields
  std::vector<FieldEntryView> fields;
  // abilities
  std::vector<AbilityMethod> methods;  ///< the methods the step declares, in kAbilityMethods order
  std::optional<AbilityMethod> method;
  std::vector<AbilityEntryView> abilities;
  std::optional<Number> budget_left;  ///< pointBuy
  std::vector<Number> pool;           ///< standardArray values or rolled totals, in order
  std::vector<RolledScore> rolls;
  // startingGear
  bool free_edit = false;
  // allocate
  std::vector<std::int64_t> priorities;  ///< the allotments by slot
  std::vector<AllocateGroupView> groups;
  // spend; a priced catalog or rows step shows its pool too (BC-61)
  std::optional<CreationPoolView> creation_pool;
  std::vector<SpendOfferView> spend_offers;
  // roll
  std::vector<RollEntryView> roll_entries;
  bool retry = false;
  // initialize
  std::vector<InitializeWriteView> writes;
  bool initialized = false;  ///< the player set the values (BC-54)
  // rows
  std::optional<RowsView> rows;
  std::vector<std::string> failing_rules;  ///< creation rules failing on this step, by id or label (BC-28)
};

/// BA-5: the character as it stands, beside the steps.
struct PreviewView {
  std::map<std::string, Scalar> written;  ///< fields the steps wrote
  std::map<std::string, Number> abilities;
  std::map<std::string, Number> summary;             ///< `gm.sheetSummary` values
  std::map<std::string, std::string> skills, saves;  ///< trained ones: id -> tier
};

struct BuilderView {
  std::string mode;                    ///< "guided" or "described"
  std::string profile, profile_label;  ///< the character's creation profile, or "" (BC-70)
  std::vector<std::string> notes;      ///< about the whole builder: why it is described and how to go on
  std::vector<StepView> steps;
  PreviewView preview;
};

struct BuilderOptions {
  bool free_gear = false;  ///< BA-61, BA-65: the starting-gear screen's free-edit mode (never stored)
};

struct BuilderResult {
  Character character;  ///< reconciled, with the builder's answers and ledger stored
  BuilderView view;
};

/// Opens the builder on a character: decides its mode when first opened (BA-148, BA-51), applies
/// its answers and reconciles the sheet with them. A described character's sheet is unchanged.
BuilderResult open_builder(const CatalogSet& catalogs, const Character& character, const BuilderOptions& options = {});

/// Applies one action (docs/format/builder.md "Actions"). A refused action returns nothing and
/// says why in `diagnostics`; the character is unchanged.
std::optional<BuilderResult> apply_action(const CatalogSet& catalogs, const Character& character,
                                          const boost::json::value& action, Dice& dice, Diagnostics& diagnostics,
                                          const BuilderOptions& options = {});

boost::json::value builder_view_to_json(const BuilderView& view);

/// True when the sheet holds nothing of the player's: no field, ability, skill, save or row.
bool sheet_is_blank(const Character& character);

}  // namespace rk
