#pragma once
// The catalog part of the ruleset model (docs/format/catalogs.md): headers, entries and their
// bodies (row specs, items, creatures). Included by model.hpp.
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <memory>

#include "format/builder_model.hpp"
#include "format/mechanics_words.hpp"
#include "format/number.hpp"
#include "format/ref.hpp"
#include "format/scalar.hpp"

namespace rk {

struct CatalogItem;      // Reference format: items (items_model.hpp)
struct EntryContextual;  // BC-40 (entry_contextual.hpp)

struct CatalogFilter {
  enum class Type : std::uint8_t { Number, Text, Tags } type = Type::Text;
  static constexpr Choice<Type> kTypes[] = {{Type::Number, "number"}, {Type::Text, "text"}, {Type::Tags, "tags"}};
  std::string id;
  std::string label;
  std::string start_from_field;  ///< CA-13: the sheet field the picker opens on, or ""
  std::size_t start_from_index = static_cast<std::size_t>(-1);
};

/// CA-27..CA-31: a number cell the editor keeps up to date from a Ref, optionally through a table.
struct ScaledCell {
  std::string column;
  std::size_t column_index = static_cast<std::size_t>(-1);
  std::optional<Ref> from;
  std::vector<std::pair<Number, Number>> table;
};

struct RowSpec {
  std::string list;
  std::size_t list_index = static_cast<std::size_t>(-1);
  std::map<std::string, Scalar> values;
  std::vector<ScaledCell> scaled;
};

/// CA-79: one price of an entry's `mechanics.cost`. The reference's `pool` names a live pool or a
/// pool group; the reader files it under `pool` or `group` so the `use` command pays one shape.
struct CostTerm {
  std::string pool;
  std::size_t pool_index = static_cast<std::size_t>(-1);
  std::string group;
  Number amount = Number::of(1);
};

/// The price and the targeting of an entry's `mechanics`, as the `use` command and the picker read them.
struct Mechanics {
  std::vector<CostTerm> cost;
  std::optional<Number> target_count;
  std::optional<Number> targets_per_cost_step;  ///< CA-90
  std::optional<Number> range;
  std::optional<AreaShape> area_shape;
  std::optional<Number> area_size;
};

// The reference's `mechanics` vocabulary and its creatures (docs/format/catalogs.md, "mechanics"
// and "Creatures"); the fight stage does not read them yet.

/// Dice such as "2d6" or "1d8+3", a flat whole number, or both.
struct Amount {
  std::string dice;
  std::optional<std::int64_t> flat;
};

/// The save one damage clause asks of its target (`difficulty` falls back to the action's).
struct ClauseSave {
  std::string save;
  std::optional<std::int64_t> difficulty;
  SaveOutcome on_success = SaveOutcome::None;
};

/// One more amount on the same blow, rolled and typed on its own.
struct DamageClause {
  Amount amount;
  std::string type;
  std::optional<ClauseSave> save;
};

/// The moment a reaction waits for.
struct ReactionMoment {
  ReactionOn on = ReactionOn::Aimed;
  ReactionAt at = ReactionAt::Source;
  bool cancels = false;
  std::vector<std::string> against_catalogs;
  std::string against_pointer;  ///< where `against.catalogs` is written, for the check once every catalog is known
};

/// A condition a use puts on what it touches, and how long it stays.
struct AppliedCondition {
  std::string condition;
  enum class Duration : std::uint8_t { Instant, UntilSave, Rounds } duration = Duration::Instant;
  std::int64_t rounds = 0;
  bool counts_at_turn_start = false;
  std::string save_ends;                  ///< the save that ends it, or ""
  std::optional<TurnPoint> save_ends_at;  ///< with `save_ends`
  std::optional<EndsAfter> ends_after;
};

/// A passive extra amount on the first qualifying hit of a turn or round.
struct Rider {
  std::string id, name;  ///< a creature's rider only
  std::vector<RiderWhen> when;
  OncePer once_per = OncePer::Turn;
  Amount amount;
  std::string type;
  std::vector<std::string> sources;  ///< an entry's rider: the attack lists it fires on
  std::string requires_column;       ///< an entry's rider: the truthy column it needs
  std::vector<std::string> actions;  ///< a creature's rider: its own actions it fires on
};

/// What an entry does in numbers, in the reference's closed vocabulary.
struct EntryEffect {
  std::optional<UseKind> kind;  ///< absent only when the entry's `kind` was refused
  std::optional<TargetKind> targets;
  std::optional<bool> friendly_fire, attack_roll, concentration, auto_hit;
  std::optional<Amount> amount, per_cost_step, temporary;
  std::string damage_type;
  std::vector<DamageClause> plus;
  std::string save;
  SaveOutcome save_on_success = SaveOutcome::None;
  struct CheckEffect {
    std::optional<std::int64_t> reroll_up_to;
    std::string reroll_mode;
    std::optional<std::int64_t> dice, successes, threshold, explode, twice_from;
  };
  std::optional<CheckEffect> check;
  std::shared_ptr<const EntryContextual> contextual;  ///< BC-40: what it does to one roll it is applied to
  bool reaction = false;                              ///< true or a moment; a plain `true` names none and is on no menu
  std::optional<ReactionMoment> reaction_moment;
  std::vector<AppliedCondition> applies;
  std::optional<Ref> scales_from;
  std::vector<std::pair<Number, Number>> scales_table;
  std::string budget;
  bool free = false;
  std::vector<std::pair<std::string, std::int64_t>> gives;  ///< budget, count
  std::vector<std::string> standard_actions;
  std::string standard_budget;
  std::optional<Rider> rider;
};

struct CreatureAction {
  std::string id, name, budget;
  std::optional<std::int64_t> to_hit, save_difficulty, target_count;
  bool auto_hit = false, self = false;
  struct Damage {
    Amount amount;
    std::string type;
    std::vector<DamageClause> plus;
  };
  std::optional<Damage> damage;
  std::string save;
  SaveOutcome save_on_success = SaveOutcome::None;
  std::optional<std::int64_t> save_fixed_difficulty;
  std::vector<AppliedCondition> applies;
  std::optional<Number> reach, range_normal, range_long;
  std::optional<AreaShape> area_shape;
  std::optional<Number> area_size;
  std::optional<bool> area_friendly_fire;
  std::optional<UsesPer> uses_per;
  std::int64_t uses_count = 0;
  std::int64_t recharge_count = 0, recharge_sides = 0, recharge_from = 0;
  std::vector<std::pair<std::string, std::int64_t>> sequence;  ///< action id, times
  std::optional<std::int64_t> signature_cost;
  std::optional<ReactionMoment> reaction;
};

/// A damage type a creature shrugs off, unless the blow's item carries one of `except`.
struct HideEntry {
  std::string type;
  std::vector<std::string> except;
};

/// A creature in the ruleset's own terms: the keys a character's sheet has, every part optional.
struct CreatureSheet {
  std::map<std::string, Number> abilities, bonuses;
  std::map<std::string, std::string> skills, saves;  ///< id -> tier id
  std::map<std::string, Scalar> fields;
  std::map<std::string, std::vector<std::map<std::string, Scalar>>> lists;
  struct RowMark {
    std::string mark;  ///< "<catalog>/<entry>"
    std::string list;
    std::string pointer;
  };
  std::vector<RowMark> marks;  ///< the `_catalog` marks of its rows
};

/// A creature as the reference writes it: the numbers a fight reads, or a `sheet`.
struct Creature {
  std::optional<std::int64_t> health;  ///< a plain number
  std::optional<Amount> health_dice;   ///< or dice thrown once when the fight is created
  std::optional<std::int64_t> defense, initiative_modifier, hardness, signature_points;
  std::optional<Number> speed;
  std::map<std::string, std::int64_t> abilities, saves, checks;
  std::optional<std::int64_t> soak_all;
  std::map<std::string, std::int64_t> soak_by_kind;
  std::vector<HideEntry> resist, immune;
  std::vector<std::string> vulnerable, condition_immunities;
  std::string tier;
  std::vector<std::pair<std::string, std::string>> traits;  ///< name, text
  std::vector<CreatureAction> actions;
  std::vector<Rider> riders;
  std::optional<CreatureSheet> sheet;
};

struct CatalogEntry {
  std::string id;
  std::string label;
  std::string summary;
  std::map<std::string, FilterValue> filters;
  std::vector<RowSpec> rows;
  std::optional<Mechanics> mechanics;       ///< the price and targeting of `mechanics`
  std::optional<EntryEffect> effect;        ///< what `mechanics` does, in the reference's vocabulary
  std::shared_ptr<const CatalogItem> item;  ///< an items catalog's entry, in the `items` block's words
  std::optional<Creature> creature;         ///< a creatures catalog's entry
  std::optional<Grants> grants;             ///< BA-67
  std::optional<Ref> offered_when;          ///< BA-86
  std::string exclusive;                    ///< BA-92
  bool exclusive_default = false;           ///< BA-93
  std::optional<Fits> fits;                 ///< BA-59, BA-60: a kit that fits only some characters
  std::string pointer;
};

/// BB-153..BB-161: a catalog borrowed from another installed ruleset.
struct BorrowedFrom {
  std::string ruleset;
  std::string catalog;
  std::map<std::string, std::optional<std::string>> fields;          ///< lender field -> borrower field, or dropped
  std::map<std::string, std::map<std::string, std::string>> values;  ///< field -> lender value -> borrower value
  std::map<std::string, std::string> tiers;                          ///< lender tier -> borrower tier
  std::map<std::string, Ref> refs;                                   ///< lender derived id -> borrower Ref
  std::map<std::string, std::string> refs_json;                      ///< the same Refs as JSON text
  std::map<std::string, std::string> slots;                          ///< lender slot -> borrower slot
};

struct Catalog {
  enum class Holds : std::uint8_t { Rows, Creatures, Items } holds = Holds::Rows;
  static constexpr Choice<Holds> kHolds[] = {
      {Holds::Rows, "rows"}, {Holds::Creatures, "creatures"}, {Holds::Items, "items"}};
  std::string id;
  std::string label;
  std::vector<std::string> feeds;
  std::vector<std::size_t> feed_indices;  ///< into sheet.lists
  std::vector<CatalogFilter> filters;
  std::string units_distance_label;
  std::optional<Number> units_distance_per_cell;
  /// Inline entries (and, for a borrowed catalog, the local ones). Empty for an asset until loaded.
  std::vector<CatalogEntry> entries;
  std::unordered_map<std::string, std::size_t> entry_index;
  std::string asset;  ///< "catalogs/<id>.json" when the entries live in a separate file
  std::optional<BorrowedFrom> from;
  std::string pointer;

  bool is_rows() const { return holds == Holds::Rows; }
};

}  // namespace rk
