#pragma once
// The guided builder's part of the ruleset model (docs/format/builder.md): `sheet.builder`, its
// steps, and what catalog entries grant (BA-1 – BA-152). Included by catalog_model.hpp.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "format/allocate_model.hpp"
#include "format/choice.hpp"
#include "format/number.hpp"
#include "format/ref.hpp"
#include "format/roll_model.hpp"
#include "format/rows_model.hpp"
#include "format/rules_model.hpp"
#include "format/scalar.hpp"
#include "format/spend_model.hpp"

namespace rk {

/// A value of an entry's filter (CA-18): a number, a text, or tags.
struct FilterValue {
  std::variant<Number, std::string, std::vector<std::string>> value;
  bool operator==(const FilterValue&) const = default;
};

/// BA-124 – BA-128: what every choice slot shares.
struct ChoiceSlot {
  std::string pointer;
  std::string id;                            ///< BA-125; "" keeps the positional key
  std::int64_t count = 0;                    ///< the fixed number, when `count_from` is absent
  std::optional<Ref> count_from;             ///< BA-127
  std::int64_t max = 0;                      ///< with `count_from`
  std::vector<std::string> exclude_choices;  ///< BA-129: "source_step/choice_id"
};

/// BA-115 – BA-123, BA-132.
struct Quota {
  std::string filter;
  FilterValue value;
  std::optional<std::int64_t> min;  ///< absent: 0
  std::optional<std::int64_t> max;  ///< absent: the step's own maximum
};

struct QuotaRules {
  std::vector<Quota> quotas;
  std::string distinct_by;
  std::string quota_below;
};

struct AbilityChoice : ChoiceSlot {  // BA-69 – BA-73, BA-131, BB-131
  Number amount;
  std::vector<std::string> except, from;
  bool repeat = false;
  std::optional<Number> up_to;
  std::optional<Number> partial_from;
};

struct TrainedChoice : ChoiceSlot {  // BA-75 – BA-84, BA-133 – BA-139, BC-21
  enum class What : std::uint8_t { Skills, Saves } what = What::Skills;
  static constexpr Choice<What> kWhats[] = {{What::Skills, "skills"}, {What::Saves, "saves"}};
  std::vector<std::string> from;
  std::string held;
  std::string tier;
  enum class Only : std::uint8_t { Any, Trained, Untrained } only = Only::Any;
  static constexpr Choice<Only> kOnlys[] = {
      {Only::Any, "any"}, {Only::Trained, "trained"}, {Only::Untrained, "untrained"}};
  /// BA-135: what a pick of something already trained does; "replace" is the one word the format has.
  enum class OnDuplicate : std::uint8_t { Replace };
  static constexpr Choice<OnDuplicate> kOnDuplicates[] = {{OnDuplicate::Replace, "replace"}};
  bool replace_duplicates = false;  ///< `onDuplicate: "replace"`
  std::vector<std::string> replacement_from;
};

struct EntryChoice : ChoiceSlot {  // BA-94 – BA-99, BA-132
  std::string catalog;
  std::map<std::string, FilterValue> filters;
  std::vector<std::string> ids;
  QuotaRules quota_rules;
};

struct Grants {  // BA-67 – BA-99, BB-140
  std::string pointer;
  std::map<std::string, Number> ability_add;
  std::vector<AbilityChoice> ability_choices;
  std::vector<std::string> skills, saves;
  std::string tier;
  std::vector<TrainedChoice> trained_choices;
  std::map<std::string, Scalar> sets;
  std::vector<EntryChoice> entry_choices;
  std::vector<std::string> item_access;  ///< "<catalog>/<entry>"
  std::vector<RatingGrant> ratings;      ///< BB-29 – BB-34
};

/// BA-58 – BA-65 (decisions.md): a kit fits while `value` reads at least `at_least` on the sheet
/// without live state. A rows-catalog entry without `fits` fits everyone.
struct Fits {
  std::optional<Ref> value;
  Number at_least;
};

/// How an abilities step sets the base scores (BA-43).
enum class AbilityMethod : std::uint8_t { PointBuy, StandardArray, Roll, Manual, Rolls };

/// An ability method as the format spells it, and what a player reads for it.
inline constexpr Choice<AbilityMethod> kAbilityMethods[] = {
    {AbilityMethod::PointBuy, "pointBuy", "Point buy"},
    {AbilityMethod::StandardArray, "standardArray", "Standard array"},
    {AbilityMethod::Roll, "roll", "Roll"},
    {AbilityMethod::Manual, "manual", "Manual entry"},
    {AbilityMethod::Rolls, "rolls", "Rolled in order"}};

struct BuilderStep {
  enum class Kind : std::uint8_t {
    Catalog,
    Fields,
    Abilities,
    Trained,
    StartingGear,
    Choices,
    Allocate,
    Spend,
    Initialize,
    Roll,
    Rows
  };
  std::string pointer;
  std::string id;
  std::string label;
  Kind kind = Kind::Catalog;
  std::optional<Ref> when;           ///< BA-111
  std::optional<Ref> required_when;  ///< BA-112

  // catalog, choices, startingGear (its kits, decisions.md)
  std::string catalog;
  std::size_t catalog_index = static_cast<std::size_t>(-1);
  // catalog
  std::int64_t min = 1, max = 1;               ///< BA-12
  std::string field;                           ///< BA-17
  std::map<std::string, FilterValue> filters;  ///< BA-18
  struct Within {
    std::string step;
    std::size_t step_index = static_cast<std::size_t>(-1);
    std::string filter;
  };
  std::optional<Within> within;  ///< BA-19
  struct UpTo {
    std::string filter;
    std::optional<Ref> value;
  };
  std::optional<UpTo> up_to;      ///< BA-21
  std::optional<Ref> count_from;  ///< BA-25
  /// BC-73: `reads.before`: the step whose earlier steps alone make the sheet its entries'
  /// `offeredWhen` and its `upTo` read.
  std::string reads_before;
  std::size_t reads_before_index = static_cast<std::size_t>(-1);
  struct Stamp {
    /// BA-32: what of the parent a `fromWithin` stamp copies: its id, its label or a filter's value.
    enum class Part : std::uint8_t { Id, Label, Filter };
    static constexpr Choice<Part> kParts[] = {{Part::Id, "id"}, {Part::Label, "label"}};
    std::optional<Scalar> literal;
    std::string from_within;  ///< the word as written: "id", "label" or a parent filter id
    Part part = Part::Filter;
  };
  std::map<std::string, Stamp> stamp;  ///< BA-27
  QuotaRules quota_rules;              ///< BA-115 – BA-121

  // fields
  std::vector<std::string> fields, optional_fields;
  std::map<std::string, Ref> shown_when;  ///< BA-37
  struct Total {
    std::vector<std::string> fields;
    std::int64_t max = 0;
  };
  std::optional<Total> total;  ///< BA-39

  // abilities
  std::vector<std::string> abilities;  ///< empty: every non-computed ability (BA-42)
  struct PointBuy {
    Number budget;
    std::vector<std::pair<Number, Number>> costs;
  };
  std::optional<PointBuy> point_buy;                  ///< BA-44
  std::optional<std::vector<Number>> standard_array;  ///< BA-47
  struct Roll {
    std::int64_t count = 0, sides = 0, keep = 0;
  };
  std::optional<Roll> roll;  ///< BA-48
  struct Manual {
    std::optional<Number> min, max;  ///< BA-50; absent: the abilities' own bounds
  };
  std::optional<Manual> manual;
  std::vector<RollGroup> roll_groups;           ///< BC-82 `methods.rolls`
  std::optional<AbilityMethod> default_method;  ///< BA-51
  /// Whether the step declares `method` (an abilities step; BA-43).
  bool offers(AbilityMethod method) const {
    switch (method) {
      case AbilityMethod::PointBuy:
        return point_buy.has_value();
      case AbilityMethod::StandardArray:
        return standard_array.has_value();
      case AbilityMethod::Roll:
        return roll.has_value();
      case AbilityMethod::Manual:
        return manual.has_value();
      case AbilityMethod::Rolls:
        return !roll_groups.empty();
    }
    return false;
  }

  // trained
  std::vector<TrainedChoice> choose;  ///< BA-57

  // startingGear
  bool strict = false;  ///< BA-59

  // allocate (BB-1 – BB-48)
  std::vector<AllocateGroup> groups;
  std::vector<std::int64_t> priorities;  ///< BB-8 (a): one allotment per group, by slot
  bool annotations = false;              ///< BB-44

  // spend (BB-54 – BB-96); a priced catalog or rows step (BC-61) names its pool here too
  std::string pool;  ///< BB-54: the `sheet.builder.pools` entry it spends
  std::vector<SpendOffer> spend_offers;

  // initialize (BC-51 – BC-57)
  std::vector<InitializeWrite> writes;

  // roll (BC-83 – BC-89)
  std::vector<RollEntry> rolls;
  bool retry = false;  ///< BC-88: the player may roll an entry again
  // rows (BC-1 – BC-14, BC-63, BC-64)
  std::optional<RowsStep> rows;
  std::optional<StepCost> cost;  ///< BC-61 – BC-63: a priced catalog or rows step
};

/// A builder step's `kind`, as the format spells it (read by the builder reader, written in the
/// builder's view).
inline constexpr Choice<BuilderStep::Kind> kStepKinds[] = {{BuilderStep::Kind::Catalog, "catalog"},
                                                           {BuilderStep::Kind::Fields, "fields"},
                                                           {BuilderStep::Kind::Abilities, "abilities"},
                                                           {BuilderStep::Kind::Trained, "trained"},
                                                           {BuilderStep::Kind::StartingGear, "startingGear"},
                                                           {BuilderStep::Kind::Choices, "choices"},
                                                           {BuilderStep::Kind::Allocate, "allocate"},
                                                           {BuilderStep::Kind::Spend, "spend"},
                                                           {BuilderStep::Kind::Initialize, "initialize"},
                                                           {BuilderStep::Kind::Roll, "roll"},
                                                           {BuilderStep::Kind::Rows, "rows"}};

struct Builder {
  std::string pointer;
  std::string tier;  ///< BA-6
  std::vector<BuilderStep> steps;
  std::unordered_map<std::string, std::size_t> step_index;
  std::vector<RatingTierTable> rating_tiers;  ///< BB-23
  std::vector<BuilderPool> pools;             ///< BB-49
  std::vector<CreationRule> constraints;      ///< BC-22
  std::vector<CreationProfile> profiles;      ///< BC-69
  const BuilderPool* pool(const std::string& id) const {
    for (const auto& p : pools) {
      if (p.id == id) return &p;
    }
    return nullptr;
  }
  /// The tier table of a skill or save target, or nullptr.
  const RatingTierTable* tiers_of(const RatingTarget& target) const {
    for (const auto& t : rating_tiers) {
      if (t.target == target) return &t;
    }
    return nullptr;
  }
};

}  // namespace rk
