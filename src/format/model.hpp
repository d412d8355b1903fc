#pragma once
// The ruleset model: one struct per JSON object of the format (docs/format/). A compiled
// `Ruleset` is immutable and shared; every id reference in it has been checked and resolved to an
// index, and derived values carry a dependency order, so evaluation never looks anything up by
// name and never fails on a reference.
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "format/builder_model.hpp"
#include "format/capability.hpp"
#include "format/catalog_model.hpp"
#include "format/choice.hpp"
#include "format/contextual_model.hpp"
#include "format/layer_model.hpp"
#include "format/limits.hpp"
#include "format/number.hpp"
#include "format/ref.hpp"
#include "format/row_check_model.hpp"
#include "format/scalar.hpp"

namespace rk {

namespace detail {
class ReadGraph;
}  // namespace detail

// ---------------------------------------------------------------------------------------------
// Values a field or cell can hold.

enum class ValueType : std::uint8_t { Number, Text, Longtext, Enum, Boolean, Dice };
inline constexpr Choice<ValueType> kValueTypes[] = {{ValueType::Number, "number"},     {ValueType::Text, "text"},
                                                    {ValueType::Longtext, "longtext"}, {ValueType::Enum, "enum"},
                                                    {ValueType::Boolean, "boolean"},   {ValueType::Dice, "dice"}};

/// The schema of a field, a list column, or a party field.
struct ValueSpec {
  ValueType type = ValueType::Number;
  // number
  Number min = Number::of(-limits::kNumberBound);
  Number max = Number::of(limits::kNumberBound);
  bool integer = true;
  // text / longtext
  std::size_t max_length = 0;
  // enum
  std::vector<Id> values;
  std::map<Id, std::string> value_labels;
  /// The blank-sheet value: the declared default, or the type's own (min clamped to 0, "", the
  /// first enum value, false).
  Scalar default_value;
  // Reference format: sheet
  std::string example;            ///< dice: a sample the editor shows (never a value)
  bool default_declared = false;  ///< `default` was written (a layer must replace a removed one)

  bool is_numeric() const { return type == ValueType::Number; }
  /// Whether `v` is a value this spec can hold (type, range, integrality, length, enum set).
  bool accepts(const Scalar& v) const;
};

// ---------------------------------------------------------------------------------------------
// hideWhen (SH-12).

struct HideWhen {
  std::string pointer;  ///< where it is written in the ruleset
  enum class Op : std::uint8_t { Equals, NotEquals, In } op = Op::Equals;
  Id field;
  std::size_t field_index = kNone;
  std::vector<Scalar> values;  ///< one for Equals/NotEquals
};

// ---------------------------------------------------------------------------------------------
// Sheet elements.

/// SH-5: what a first-tier (untrained) check does.
struct Untrained {
  enum class Rule : std::uint8_t { AsUsual, Refuse, Harder, By } rule = Rule::AsUsual;
  Number by;
};

/// The words of `untrained` (SH-5); `By` is written as an object, `{ "by": n }`.
inline constexpr Choice<Untrained::Rule> kUntrainedWords[] = {
    {Untrained::Rule::Refuse, "refuse"}, {Untrained::Rule::Harder, "harder"}, {Untrained::Rule::AsUsual, "normal"}};

struct Section {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  std::optional<Untrained> untrained;
};

struct Ability {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  std::string short_label;  ///< Reference format: `short`, up to 8 prompt-safe characters
  Number min = Number::of(0);
  Number max = Number::of(100);
  Number default_score = Number::of(0);
  Id section;
  std::size_t section_index = kNone;
  std::vector<Ref> value;  ///< BC-30: a computed ability is the sum of these, held in bounds
  bool computed() const { return !value.empty(); }
};

/// A skill or a save: they share every rule of this page.
struct Check {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  Id ability;
  std::size_t ability_index = kNone;
  Id section;
  std::size_t section_index = kNone;
  std::optional<Untrained> untrained;
  std::optional<Ref> cap;  ///< SH-8
};

struct Field {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  ValueSpec spec;
  std::optional<HideWhen> hide_when;
  Id section;  ///< Reference format: the section it sits in
  std::size_t section_index = kNone;
};

struct Column {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  ValueSpec spec;
  std::vector<Id> sum;  ///< BB-127: a computed column adds these columns of the same row
  std::vector<std::size_t> sum_indices;
  bool required = false;  ///< Reference format: a row must fill this cell
  bool computed() const { return !sum.empty(); }
};

struct List {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  std::vector<Column> columns;
  std::unordered_map<Id, std::size_t> column_index;
  std::optional<HideWhen> hide_when;
  // Reference format: sheet
  Id section;
  std::size_t section_index = kNone;
  std::optional<std::int64_t> max_items;  ///< `maxItems`: the most rows a character may have
  /// The most rows a character's list holds: its `maxItems` (a party list has none), never above
  /// the engine's own row limit.
  std::size_t most_rows() const {
    const auto engine = static_cast<std::int64_t>(limits::kRowsPerList);
    return static_cast<std::size_t>(max_items ? std::min(*max_items, engine) : engine);
  }
  /// `pools`: every row is a live pool named by one text column, with its maximum in a number
  /// column and, optionally, when it recharges in an enum column.
  struct RowPools {
    Id name_column, max_column, recharge_column;
    std::size_t name_index = kNone, max_index = kNone, recharge_index = kNone;
  };
  std::optional<RowPools> pools;
  std::vector<RowCheck> checks;              ///< `checks` (1.161, BC-74): every row is a check by its name
  std::optional<ListContextual> contextual;  ///< BC-34: its rows change one roll when named
};

enum class Rounding : std::uint8_t { None, Down, Up, Nearest };

struct Derived {
  std::string pointer;  ///< where it is written in the ruleset
  enum class Op : std::uint8_t { Sum, Scale, Min, Max, StepTable, EnumTable } op = Op::Sum;
  Id id;
  std::string label;
  std::vector<Ref> of;                           ///< Sum, Min, Max; Scale and StepTable use of[0]
  Number factor = Number::of(1);                 ///< Scale: `multiplier`
  Rounding round = Rounding::Down;               ///< Scale
  std::vector<std::pair<Number, Number>> steps;  ///< StepTable: [threshold, value], ascending
  // EnumTable: the source is an enum field or a live state.
  enum class Source : std::uint8_t { Field, LiveState } source = Source::Field;
  Id source_id;
  std::size_t source_index = kNone;
  std::map<Id, Number> table;
  Number default_value;  ///< EnumTable: a value the table leaves out
  std::optional<HideWhen> hide_when;
  Id section;  ///< Reference format: the section it sits in
  std::size_t section_index = kNone;
  bool internal = false;  ///< ours: a working value other values read, never shown (docs/format/sheet.md)
};

// ---------------------------------------------------------------------------------------------
// Live state.

struct Pool {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  Ref max;
  enum class Start : std::uint8_t { Full, Empty } start = Start::Full;
  std::optional<Ref> start_from;  ///< BC-58
  Id group;
  std::optional<Ref> level;  ///< CA-85
  std::vector<Id> pays;      ///< CA-85: other groups it can pay for
  std::optional<HideWhen> hide_when;
  bool allow_temp = false;
  std::vector<std::string> damage_types;
};

struct WoundKind {
  Id id;
  std::string label;
  Number severity;
};

struct WoundLevel {
  std::string label;
  Number penalty;
};

struct Track {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  Number min = Number::of(0);
  Ref max;  ///< a Const unless 1.37's Ref form is used
  Number default_value = Number::of(0);
  std::optional<Ref> start_from;  ///< BC-59, ordinary tracks only
  bool always_show = false;       ///< SH-24
  std::optional<HideWhen> hide_when;
  // Wound tracks (SH-30): `kinds` plus exactly one of `levels` or `boxes`.
  bool wound = false;
  std::vector<WoundKind> kinds;
  std::vector<WoundLevel> levels;  ///< named levels
  bool boxes = false;              ///< numbered boxes (SH-54)
  enum class PenaltyBy : std::uint8_t { Remaining, Filled } box_penalty_by = PenaltyBy::Remaining;
  std::vector<std::pair<Number, Number>> box_penalty;  ///< [count, penalty], ascending (SH-55)
  enum class Fill : std::uint8_t { Sequential, Indexed } fill = Fill::Sequential;
  enum class OnFull : std::uint8_t { Upgrade, Refuse } on_full = OnFull::Upgrade;
  struct Extra {
    Id list, count_column, penalty_column;
    std::size_t list_index = kNone, count_index = kNone, penalty_index = kNone;
  };
  std::optional<Extra> extra;  ///< SH-59
};

struct LiveState {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  std::vector<Id> values;
  std::map<Id, std::string> value_labels;
  Id default_value;
  std::optional<HideWhen> hide_when;  ///< Reference format: live (a state can be hidden like a pool)
};

// Reference format: live. A short note that changes in play (what a character concentrates on).
struct LiveText {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  std::size_t max_length = 0;
};

struct Condition {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
};

struct RestStep {
  std::string pointer;  ///< where it is written in the ruleset
  enum class Target : std::uint8_t { Pool, PoolGroup, ListPools, Track, State } target = Target::Pool;
  Id target_id;
  std::size_t target_index = kNone;
  // Exactly one of `to` and `by`.
  enum class To : std::uint8_t { None, Max, Min, Value, Default } to = To::None;
  Number to_value;
  Id to_state_value;
  enum class By : std::uint8_t { None, Const, FractionOfMax } by = By::None;
  Number by_value;  ///< Const amount or the fraction
  Rounding round = Rounding::None;
  std::optional<Number> by_min;
  Id kind;              ///< SH-52
  bool shared = false;  ///< SH-78
  /// `listPools` only: only rows whose recharge column holds one of these values.
  std::vector<std::string> recharge;
};

/// The words a rest step's `to` takes besides a number (and, on a live-state step, a value).
inline constexpr Choice<RestStep::To> kRestToWords[] = {{RestStep::To::Max, "max"}, {RestStep::To::Min, "min"}};
/// SH-76: a live-state step's `to` is this word or one of the state's values.
inline constexpr Choice<RestStep::To> kRestStateWords[] = {{RestStep::To::Default, "default"}};

struct Rest {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  std::vector<RestStep> steps;         ///< `restore`, in order
  bool clears_all_conditions = false;  ///< `clear.conditions: "all"`
  enum class ClearAll : std::uint8_t { All };
  static constexpr Choice<ClearAll> kClearAll[] = {{ClearAll::All, "all"}};
  std::vector<std::pair<Id, std::string>> clears_conditions;  ///< each with where it is written
  std::vector<std::pair<Id, std::string>> clears_text;        ///< `clear.text`
};

// ---------------------------------------------------------------------------------------------
// Resolution.

struct ProficiencyTier {
  std::string pointer;  ///< where it is written in the ruleset
  Id id;
  std::string label;
  /// Worth round(multiplier x proficiency bonus) + flat (docs/format/resolution.md "Tiers"),
  /// rounded even when the multiplier is 1. `bonus` is `resolution.proficiency.bonus` once it is
  /// resolved, so the dependency graph sees what each tier reads; a Const 0 without one.
  Ref bonus;
  Number multiplier;
  Rounding round = Rounding::Down;
  Number flat;
};

struct Adjust {         // SH-70
  std::string pointer;  ///< where it is written in the ruleset
  Ref value;
  std::vector<Id> abilities;  ///< empty: every roll
};

// docs/format/resolution.md.
// LadderStep (one rung of `difficultyLadder`) is declared in layer_model.hpp, which a layer's own
// ladder shares.

/// `double` or `explode` on a pool: the face it fires on, and the lowest face a check may move it to.
struct PoolFaceRule {
  std::optional<std::int64_t> from, min;
};

/// A re-throw of the faces at or below `up_to`: once each, or until they show more.
struct PoolReroll {
  std::string pointer;
  Id id;  ///< only in `resolution.reroll`
  std::int64_t up_to = 1;
  enum class Mode : std::uint8_t { Once, Until } mode = Mode::Once;
};

inline constexpr Choice<PoolReroll::Mode> kPoolRerollModes[] = {{PoolReroll::Mode::Once, "once"},
                                                                {PoolReroll::Mode::Until, "until"}};

/// `resolution.spend`: what one purchase from a live pool buys on a check.
struct Spend {
  std::string pointer;
  Id pool;
  std::size_t pool_index = kNone;
  std::int64_t amount = 1;
  std::optional<std::int64_t> successes, dice;
  std::optional<PoolReroll> reroll;
  enum class PerCheck : std::uint8_t { Count, Sheet, Pool } per_check_kind = PerCheck::Count;
  /// `perCheck` is a count, a Ref, or this word: as many as the pool holds.
  static constexpr Choice<PerCheck> kPerCheckWords[] = {{PerCheck::Pool, "pool"}};
  std::int64_t per_check = 1;  ///< PerCheck::Count
  Ref per_check_ref;           ///< PerCheck::Sheet
};

enum class NaturalPolicy : std::uint8_t { None, Both, MaxOnly, MinOnly };
inline constexpr Choice<NaturalPolicy> kNaturalPolicies[] = {{NaturalPolicy::None, "none"},
                                                             {NaturalPolicy::Both, "both"},
                                                             {NaturalPolicy::MaxOnly, "max-only"},
                                                             {NaturalPolicy::MinOnly, "min-only"}};

struct DiceSumRules {
  std::int64_t count = 1, sides = 20;
  bool advantage = false;
  NaturalPolicy natural_check = NaturalPolicy::None, natural_save = NaturalPolicy::None;
};

struct DicePoolRules {
  std::int64_t sides = 10;
  std::int64_t pool_min = 1, pool_max = 40;
  bool ability_plus_ability = false;
  std::int64_t target_default = 0, target_min = 0, target_max = 0;
  std::optional<PoolFaceRule> double_faces, explode;
  std::optional<std::int64_t> cancel_up_to, botch_up_to;
  enum class Botch : std::uint8_t { NoSuccesses, HalfOrMore } botch_rule = Botch::NoSuccesses;
  std::optional<std::int64_t> exceptional;
  std::vector<PoolReroll> reroll;
  std::optional<std::pair<std::int64_t, std::int64_t>> situational_dice;  ///< [min, max]

  /// The most successes one roll can count: the pool, as many again exploded, doubled by `double`.
  std::int64_t max_successes() const { return (pool_max + (explode ? pool_max : 0)) * (double_faces ? 2 : 1); }
};

inline constexpr Choice<DicePoolRules::Botch> kBotchRules[] = {{DicePoolRules::Botch::NoSuccesses, "noSuccesses"},
                                                               {DicePoolRules::Botch::HalfOrMore, "halfOrMore"}};

struct Resolution {
  std::string pointer;  ///< where it is written in the ruleset ("" for an absent block)
  enum class Kind : std::uint8_t { DiceSum, DicePool } kind = Kind::DiceSum;
  /// `abilityModifier.op`: floor((score - 10) / 2), the score itself, or a step table.
  enum class AbilityMod : std::uint8_t {
    FloorHalfMinusTen,
    Identity,
    StepTable
  } ability_mod = AbilityMod::FloorHalfMinusTen;
  std::vector<ProficiencyTier> tiers;
  Id penalty_from;
  std::size_t penalty_track = kNone;
  std::vector<Adjust> adjust;
  std::vector<std::pair<Number, Number>> ability_mod_table;  ///< AbilityMod::StepTable
  std::optional<Ref> proficiency_bonus;                      ///< `proficiency.bonus`
  DiceSumRules sum;
  DicePoolRules pool;
  std::vector<LadderStep> ladder;
  std::vector<Spend> spend;

  bool is_pool() const { return kind == Kind::DicePool; }
};

/// The resolution kinds as the format spells them (writing-rulesets.md "Resolution kinds").
inline constexpr Choice<Resolution::Kind> kResolutionKinds[] = {{Resolution::Kind::DiceSum, "dice-sum"},
                                                                {Resolution::Kind::DicePool, "dice-pool"}};

// ---------------------------------------------------------------------------------------------
// Game Master text, advancement, clocks, party.

/// One list of a sheet summary: an object naming the list and the column that names its rows.
struct SummaryList {
  std::string pointer;  ///< where the list id is written (`…/lists/N/list`)
  Id list;
  Id name_column;           ///< a text or enum column
  std::vector<Id> columns;  ///< up to three more columns printed after the name (1.37)
  Id group_by;              ///< rows grouped under this column's value
  Id only_when;             ///< a boolean column: only rows where it is true
};

struct SheetSummary {
  std::string pointer;  ///< where it is written in the ruleset
  std::vector<Id> fields, derived;
  std::vector<SummaryList> lists;
};

struct Gm {
  std::string pointer;  ///< where it is written in the ruleset
  std::string check_guidance, sheet_guidance, world_guidance;
  std::optional<SheetSummary> sheet_summary;
};

struct Advancement {
  std::string pointer;  ///< where it is written in the ruleset
  std::vector<Id> fields;
  bool abilities = false, skills = false, saves = false;
  std::string text;
};

struct Clocks {
  std::vector<std::int64_t> sizes{4, 6, 8};  // SH-89
  std::int64_t max = 8;                      // SH-90
  std::string text;
};

struct FromMember {
  std::string pointer;  ///< where it is written in the ruleset
  Id field;
  bool count = false;
  Id sum;  ///< a character number field
};

struct Party {
  std::string pointer;  ///< where it is written in the ruleset
  std::string label;
  std::vector<Field> fields;
  std::vector<Pool> pools;
  std::vector<List> lists;
  std::optional<Advancement> advancement;
  std::string text;
  std::optional<SheetSummary> summary;
  std::vector<FromMember> from_members;
  bool has_builder = false;
  std::unordered_map<Id, std::size_t> field_index, pool_index, list_index;
};

// ---------------------------------------------------------------------------------------------

/// A node of the sheet's dependency graph: what a Ref or a computation reads.
struct Node {
  enum class Kind : std::uint8_t { Ability, Derived, Skill, Save, Tier, PoolMax, TrackMax } kind;
  std::size_t index;
  bool operator==(const Node&) const = default;
};

struct Sheet {
  std::vector<Section> sections;
  std::vector<Ability> abilities;
  std::vector<Check> skills;
  std::vector<Check> saves;
  std::vector<Field> fields;
  std::vector<List> lists;
  std::vector<Derived> derived;
  std::vector<Pool> pools;
  std::vector<Track> tracks;
  std::vector<LiveState> states;
  std::vector<Condition> conditions;
  std::vector<Rest> rests;
  std::vector<LiveText> texts;                          ///< Reference format: `live.text`
  std::unordered_map<Id, std::size_t> live_text_index;  ///< Reference format: `live.text`
  std::optional<Advancement> advancement;
  bool has_builder = false;        ///< `sheet.builder` is declared
  std::optional<Builder> builder;  ///< read by the "builder" pass, after the catalogs (read_ruleset.cpp)
  // Reference format: sheet
  std::optional<std::int64_t> version;      ///< the author's sheet-shape version (stored sheets keep it)
  std::vector<Id> skill_tiers, save_tiers;  ///< the tiers the editor offers; empty: all of them
  Number bonus_min = Number::of(-20), bonus_max = Number::of(40);  ///< the free per-check bonus range

  std::unordered_map<Id, std::size_t> section_index, ability_index, skill_index, save_index, field_index, list_index,
      derived_index, pool_index, track_index, state_index, condition_index, tier_index;

  /// The most rows a character's list `list` holds (`List::most_rows`; the engine's row limit for
  /// an id the sheet lacks, which import never lets through).
  std::size_t most_rows(const Id& list) const {
    const auto it = list_index.find(list);
    return it == list_index.end() ? limits::kRowsPerList : lists[it->second].most_rows();
  }
};

// Reference format: items, battle, combat (items_model.hpp, combat_model.hpp).
struct ItemsBlock;
struct Battle;
struct Combat;
// Reference format: top level (docs/format/ruleset.md "Top-level keys").
struct License {
  std::string spdx;
  std::string attribution;
};

/// What the ruleset handles, shown in the setup wizard.
struct Coverage {
  bool checks = false, saves = false, sheet = false, resources = false, rests = false, combat = false;
  std::string summary;
};

struct Ruleset {
  Id id;
  std::string label;  ///< the reference's `name`, or our first dialect's `label`
  // Reference format: top level. `schema_version` 0 means the file predates the reference keys.
  std::int64_t schema_version = 0;
  std::int64_t version = 0;
  std::string edition;
  std::optional<License> license;
  std::optional<Coverage> coverage;
  std::vector<Layer> layers;
  Sheet sheet;
  Resolution resolution;
  Gm gm;
  std::string gm_reference;
  std::optional<Clocks> clocks;
  std::optional<Party> party;
  std::vector<Catalog> catalogs;  ///< CA-6; entries of asset catalogs load on first use
  std::unordered_map<Id, std::size_t> catalog_index;
  // Reference format: items, battle, combat (docs/format/items.md, docs/format/combat.md).
  std::shared_ptr<const ItemsBlock> items;
  std::shared_ptr<const Battle> battle;
  std::shared_ptr<const Combat> combat;

  /// What the content needs of the Capability API (computed, never declared).
  Requirement requirement;
  /// What each computed number of the sheet reads, built once the sheet is resolved (graph.cpp).
  std::shared_ptr<const detail::ReadGraph> read_graph;
};

}  // namespace rk
