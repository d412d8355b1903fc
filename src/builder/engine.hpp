#pragma once
// Internal to src/builder: what the steps contribute, reconciliation, and the step-by-step pass.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "builder/builder.hpp"

namespace rk::builder {

/// An increase a selection gives one ability (BA-68, BA-70, BA-73).
struct AbilityGrant {
  std::string ability;
  Number amount;
  std::optional<Number> up_to;  ///< BA-73: raises no further than this, after every other grant
};

/// A row a selection writes (BA-100) or a kit or chosen entry puts on the sheet.
struct RowGrant {
  std::string key;   ///< "<catalog>/<entry>#<n>": what wrote it, stable across re-evaluations
  std::string mark;  ///< `_catalog`
  std::string entry_id;
  const RowSpec* spec = nullptr;
  std::map<std::string, Scalar> stamp;  ///< BA-27 – BA-34, already resolved
};

/// The free rating grants of the counting selections on one target (BB-29 – BB-31): the highest
/// `set` is a floor, every `add` stacks on top.
struct FreeRating {
  RatingTarget target;
  std::optional<std::int64_t> set;
  std::int64_t add = 0;
  bool applied = false;
  Number added;  ///< what it added once applied
};

/// What the builder would write now: the answers of every counting selection and slot.
struct Contributions {
  std::map<std::string, Scalar> fields;
  std::map<std::string, Number> base;  ///< the abilities step's base scores
  std::vector<AbilityGrant> abilities;
  std::map<std::string, std::string> skills, saves;  ///< id -> the highest tier granted
  std::map<std::string, Number> bonuses;             ///< skill or save id -> its `build.bonuses` entry (BB-6)
  std::vector<RowGrant> rows;
  std::set<std::string> row_keys;
  std::map<std::string, FreeRating> free_ratings;  ///< by target key
  std::uint64_t version = 0;  ///< bumped on every change, so the working sheet is rebuilt only when needed
};

std::size_t tier_rank(const Ruleset& ruleset, std::string_view tier);
/// Raises `map[id]` to `tier` when it ranks higher.
void raise_tier(const Ruleset& ruleset, std::map<std::string, std::string>& map, const std::string& id,
                const std::string& tier);
/// The total an ability reaches from `start` with the grants, each held within the ability's bounds
/// and `upTo` grants applied last (BA-72, BA-73).
Number ability_total(const Ability& ability, Number start, const std::vector<AbilityGrant>& grants);

struct Reconciled {
  Character character;
  Ledger ledger;
};

/// The three-way merge per cell: what the builder wrote last (`last`), what the sheet holds
/// (`sheet`), what it would write now (`now`). docs/format/builder.md "Reconciliation".
Reconciled reconcile(const CatalogSet& catalogs, const Character& sheet, const Ledger& last, const Contributions& now);
/// A described character (BA-149): the sheet already is what the selections give, so the ledger
/// records it as given without changing a cell.
Ledger adopt(const Ruleset& ruleset, const Character& sheet, const Ledger& last, const Contributions& now);
/// The player's own value beneath what the builder wrote (BA-104, BA-136).
std::optional<std::string> own_tier(const Character& sheet, const Ledger& last, bool save, const std::string& id);

/// Why `entry` is not part of a catalog step at all — its `filters`, its `within` parent among
/// `parents` (the ids counting at the `within` step), its `upTo` filter above `up_to` — or no reason.
Why out_of_step(const BuilderStep& step, const CatalogEntry& entry, const std::vector<std::string>& parents,
                std::optional<Number> up_to);

/// A cell with no value, or only blanks (BC-3: a required cell still to fill).
bool row_cell_empty(const Row& row, const std::string& column);
/// Whether the builder wrote row `row` of `list` (a pick's row, read-only at a rows step, BC-8).
bool written_by_builder(const Ledger& ledger, const std::string& list, const std::string& row);
/// BC-63: what a priced rows step's row costs (its `cost`, or its `cost.column` cell); nothing unpriced.
std::optional<Number> row_price(const BuilderStep& step, const List& list, const Row& row);
/// BC-62: what a priced catalog step's selection of `entry` costs; nothing unpriced.
std::optional<Number> pick_price(const BuilderStep& step, const CatalogEntry& entry);

/// Whether any condition or count of the builder (or of the entries its steps offer) reads a list.
bool builder_reads_lists(const CatalogSet& catalogs);

/// The step-by-step pass over the builder's steps (builder.cpp drives it).
class Pass {
 public:
  Pass(const CatalogSet& catalogs, const Character& character, const BuilderAnswers& answers, bool described,
       const BuilderOptions& options);
  /// Runs every step; fills `views()` and `contributions()`.
  void run();
  const std::vector<StepView>& views() const { return views_; }
  const Contributions& contributions() const { return c_; }
  /// Kits the strict starting-gear step cleared because they no longer fit (BA-62): step -> kits.
  const std::map<std::string, std::vector<std::string>>& cleared() const { return cleared_; }
  /// After `run`: the sheet reconciled with every contribution, its ledger (guided characters
  /// only), and its computed view — what opening the builder returns.
  const Character& final_character() {
    complete_ = true;
    return working();
  }
  const Ledger& final_ledger() const { return working_ledger_; }
  const SheetView& final_sheet() const { return *sheet_; }
  /// The active answers of a slot after the pass, by key.
  const std::map<std::string, std::vector<std::string>>& active_answers() const { return active_answers_; }

 private:
  struct PendingSlot {
    enum class Kind : std::uint8_t { Abilities, Trained, Entries } kind;
    std::size_t source = 0;   ///< the source step
    std::size_t host = 0;     ///< where it is answered: its display step, or its source when that comes later
    std::size_t display = 0;  ///< the step that shows it (BA-74, BA-76, BA-96)
    std::string key;
    std::string entry_id;  ///< "" for a trained step's own slot
    const AbilityChoice* ability = nullptr;
    const TrainedChoice* trained = nullptr;
    const EntryChoice* entries = nullptr;
    std::string grant_tier;  ///< the grant's `tier`, for BA-79
  };

  const Character& working();
  SheetReader& reader();
  Number read(const Ref& ref) { return reader().read(ref); }
  /// What `step` reads: the sheet before its `reads.before` step (BC-73), or the sheet now.
  Number read_for(const BuilderStep& step, const Ref& ref) {
    auto it = before_.find(step.reads_before_index);
    return it == before_.end() ? read(ref) : it->second.reader->read(ref);
  }

  void catalog_step(std::size_t index, StepView& view);
  void apply_entry(std::size_t index, const Catalog& catalog, const CatalogEntry& entry);
  std::map<std::string, Scalar> stamp_for(const BuilderStep& step, const CatalogEntry& entry);
  void fields_step(std::size_t index, StepView& view);
  void abilities_step(std::size_t index, StepView& view);
  void abilities_view(std::size_t index, StepView& view, const SheetView& sheet);
  void gear_step(std::size_t index, StepView& view);
  void allocate_step(std::size_t index, StepView& view);
  void spend_step(std::size_t index, StepView& view);
  /// A rows step's rows and badge, on the final sheet (BC-3 – BC-14).
  void rows_view(std::size_t index, StepView& view);
  /// BC-66: what the priced picks and rows of `pool` take, and the credit their negative prices give.
  struct PaidFirst {
    Number spent, credit;
  };
  PaidFirst paid_first(const BuilderPool& pool);
  /// BC-65: why a priced catalog step cannot take `entry` now (its pool cannot pay), or no reason.
  Why pick_refusal(const BuilderStep& step, const CatalogEntry& entry);
  /// BC-70: the character's profile (its index), decided once, when first needed.
  std::optional<std::size_t> profile();
  /// BC-71: a step some profile lists, while the character's profile does not.
  bool hidden_by_profile(const BuilderStep& step);
  /// BC-72: the budget the character's profile gives `pool`, or nullptr.
  const Ref* profile_budget(const BuilderPool& pool);
  /// BC-22 – BC-28: each failing creation rule shows on its step and counts on its badge.
  void check_rules();

 public:
  /// The character's profile after `run`: its id and label, or nothing.
  const CreationProfile* chosen_profile() {
    auto k = profile();
    return k ? &b_.profiles[*k] : nullptr;
  }

 private:
  /// The pool of a spend step: its budget read at its first step, its ledger totals (BB-49 – BB-53).
  CreationPoolView& pool_state(const BuilderPool& pool);
  /// After every step: each spend step shows its pool whole, and a pool waiting for repair sells
  /// nothing (BB-103).
  void finish_pools();
  void roll_step(std::size_t index, StepView& view);        // roll.cpp (BC-83 – BC-89)
  void initialize_step(std::size_t index, StepView& view);  // roll.cpp (BC-51 – BC-57)
  /// After every step: each initialize step's current values, and what a pool left unspent.
  void finish_initialize();
  /// BB-29: the free rating grants gathered so far, applied before the next paid stage.
  void apply_free_ratings();
  /// A rating target's value on `sheet`: an ability's score, a number field, a skill's or save's
  /// place in its tier table (BB-24).
  Number rating_value(const Character& sheet, const RatingTarget& target) const;
  /// Contributes what moves `target` from `from` to `to`, either way (allocations raise; spend
  /// offers and exchanges may lower an ability, a field or a bonus).
  void move_rating(const RatingTarget& target, Number from, Number to);
  void queue_slots(std::size_t source, const std::string& entry_id, const Grants& grants);
  void run_slots(std::size_t upto_step);
  void ability_slot(const PendingSlot& p, SlotView& view);
  void trained_slot(const PendingSlot& p, SlotView& view);
  void entry_slot(const PendingSlot& p, SlotView& view);
  std::vector<std::string> excluded(const ChoiceSlot& slot) const;
  std::int64_t slot_count(const ChoiceSlot& slot);
  std::string tier_for(const PendingSlot& p) const;
  std::size_t host_for(PendingSlot::Kind kind, std::size_t source, const std::string& catalog) const;

  const CatalogSet& catalogs_;
  const Ruleset& rs_;
  const Builder& b_;
  const Character& character_;
  const BuilderAnswers& answers_;
  bool described_;
  BuilderOptions options_;

  Contributions c_;
  std::vector<StepView> views_;
  std::vector<std::vector<const CatalogEntry*>> active_;  ///< counting selections per step
  std::set<std::string> granted_;                         ///< "<catalog>/<entry>" already granted (BA-106)
  std::set<std::string> chosen_entries_;                  ///< BA-98
  std::vector<PendingSlot> pending_;
  std::map<std::string, std::vector<std::string>> active_answers_;
  std::map<std::string, std::vector<std::string>> cleared_;
  std::map<std::string, CreationPoolView> pools_;  ///< by pool id
  /// BB-93: the targets counting exchanges moved, by key: +1 raised, -1 lowered.
  std::map<std::string, int> exchanged_;
  /// BB-103, BC-72: what each pool still covers for purchase lines, in pass order (by pool id).
  std::map<std::string, Number> covers_;
  /// BB-131: partial boosts pending per ability (two give the choice's amount once).
  std::map<std::string, int> partial_;
  /// BC-73: the sheet as the steps before step i made it, for the steps that read it (by i).
  struct Snapshot {
    std::unique_ptr<Character> sheet;
    std::unique_ptr<SheetReader> reader;
  };
  std::map<std::size_t, Snapshot> before_;
  bool profile_decided_ = false;
  std::optional<std::size_t> profile_;

  std::optional<Character> working_;
  Ledger working_ledger_;
  bool reads_lists_ = true;  ///< the steps' reads need the rows (builder_reads_lists)
  bool complete_ = false;    ///< the working sheet must hold every row (the result, the final sheet)
  bool working_complete_ = false;
  std::optional<SheetView> sheet_;
  std::uint64_t working_version_ = ~std::uint64_t{0};
  std::unique_ptr<SheetReader> reader_;
};

/// The builder opened on a character with these answers (builder.cpp).
struct Opened {
  BuilderResult result;
  BuilderAnswers answers;
  std::map<std::string, std::vector<std::string>> cleared;  ///< BA-62: kits cleared because they no longer fit
};
Opened open(const CatalogSet& catalogs, const Character& character, BuilderAnswers answers,
            const BuilderOptions& options);

const StepAnswers& answers_of(const BuilderAnswers& answers, const std::string& step);

/// What a player reads for a rating target: the label of its ability, field, skill or save.
std::string rating_label(const Sheet& sheet, const RatingTarget& target);

/// A budget or bound as a whole number within [0, `most`], or nothing: "not configured" (BB-22, BB-53).
std::optional<std::int64_t> whole_within(const WholeOrRef& v, std::int64_t most,
                                         const std::function<Number(const Ref&)>& read);

/// The spend step's actions (spend_actions.cpp): one purchase up or down, the last one refunded,
/// or the pool's purchases accepted at today's prices (BB-83, BB-99, BB-105).
bool spend_buy(const BuilderStep& step, const StepView& view, Purchases& p, const boost::json::value& offer, bool lower,
               Diagnostics& d);
bool spend_refund(const BuilderStep& step, const StepView& view, Purchases& p, const boost::json::value& offer,
                  Diagnostics& d);
bool spend_reprice(const Builder& builder, const BuilderStep& step, const std::vector<StepView>& views,
                   std::map<std::string, Purchases>& purchases, const boost::json::value& arg, Diagnostics& d);

/// One throw of creation dice with the engine's dice (BC-81): every face, in the order it fell.
std::vector<std::int64_t> throw_dice(const CreationDice& dice, Dice& source);
/// The actions of roll.cpp's steps (roll_actions.cpp): false when refused, with the reason in `d`.
/// `roll` on a roll step: one entry by id, or `true` for every entry not rolled yet (BC-88).
bool roll_entries(const BuilderStep& step, const StepView& view, StepAnswers& a, const boost::json::value& arg,
                  bool described, Dice& dice, Diagnostics& d);
/// `roll` on an abilities step whose method is `rolls`: every value in order, once (BC-82).
bool roll_abilities(const BuilderStep& step, StepAnswers& a, Dice& dice, Diagnostics& d);
/// `initialize` on an initialize step: writes the values now, and keeps them with the builder (BC-51 – BC-57).
bool initialize_values(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, StepAnswers& a,
                       Character& character, const boost::json::value& arg, bool described, Diagnostics& d);
/// An action's number (bounded as the format's readers bound it), string or boolean.
std::optional<Scalar> action_scalar(const boost::json::value& v);
/// What a value spec accepts, as a player reads it ("a whole number from 0 to 10").
std::string accepted_values(const ValueSpec& spec);

/// The rows step's actions (rows_actions.cpp, BC-6 – BC-12, BC-64, BC-65): a row added from the
/// columns' defaults, the step's `defaults` and `values`; a copy of a `from` entry's row; a row's
/// cells changed; a row deleted; the step shown (its `countFrom` top-up).
bool rows_add(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, Character& c,
              const boost::json::value& values, Diagnostics& d);
bool rows_copy(const CatalogSet& catalogs, const BuilderStep& step, const StepView& view, Character& c,
               const boost::json::value& entry, Diagnostics& d);
bool rows_update(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, Character& c,
                 const boost::json::value& row, const boost::json::value* values, Diagnostics& d);
bool rows_delete(const BuilderStep& step, const StepView& view, Character& c, const boost::json::value& row,
                 Diagnostics& d);
bool rows_show(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, Character& c, Diagnostics& d);

/// The allocate step's actions (allocate_actions.cpp): false when refused, with the reason in `d`.
bool allocate_priority(const BuilderStep& step, Allocation& a, const boost::json::value& slot,
                       const boost::json::value* group, Diagnostics& d);
bool allocate_buy(const BuilderStep& step, const StepView& view, Allocation& a, const boost::json::value& target,
                  bool refund, Diagnostics& d);
bool allocate_note(const BuilderStep& step, const StepView& view, Allocation& a, const boost::json::value& target,
                   const boost::json::value* value, Diagnostics& d);
std::string kind_name(BuilderStep::Kind kind);

}  // namespace rk::builder
