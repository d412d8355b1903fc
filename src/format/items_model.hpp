#pragma once
// The reference format's items (docs/format/items.md): the top-level `items` block, the words
// every item is written in, and the `item` of an entry in a `holds: "items"` catalog. Validated at
// import; play reads them in a later stage, so the model keeps what that stage needs.
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "format/condition_effect.hpp"
#include "format/mechanics_words.hpp"
#include "format/model.hpp"

namespace rk {

/// A category, rarity, tag or slot: an id the items use and what it is shown as.
struct ItemWord {
  std::string pointer;
  Id id;
  std::string label;
  std::int64_t count = 1;  ///< slots only: how many of it a character has
};

/// A stat every item may carry, declared like a list column.
struct ItemStat {
  std::string pointer;
  Id id;
  std::string label;
  ValueSpec spec;
  bool prompt_visible = true;
};

struct CurrencyUnit {
  Id id;
  std::string label;
  std::int64_t value = 1;  ///< in the family's smallest coin
};

struct CurrencyFamily {
  std::string pointer;
  Id id;
  std::string label;
  std::optional<Number> per_weight;
  std::vector<CurrencyUnit> units;
};

struct RarityCap {
  Id rarity;
  std::map<Id, Number> stats;
  std::optional<std::int64_t> bonus;
};

struct ItemsBlock {
  std::string pointer;
  std::vector<ItemWord> categories, rarities, tags, slots;
  std::vector<ItemStat> stats;
  struct Binding {
    std::string label;
    Ref max;
  };
  std::optional<Binding> binding;
  struct Carry {
    Id stat;
    Ref encumbered_above;
    std::optional<Ref> limit;
  };
  std::optional<Carry> carry;
  std::vector<CurrencyFamily> currencies;
  std::vector<RarityCap> rarity_caps;
  bool propose = true;
  bool native = true;
  enum class Freeform : std::uint8_t { Plain, Refuse } freeform = Freeform::Plain;
  static constexpr Choice<Freeform> kFreeforms[] = {{Freeform::Plain, "plain"}, {Freeform::Refuse, "refuse"}};

  const ItemStat* stat(std::string_view id) const {
    for (const ItemStat& s : stats) {
      if (s.id == id) return &s;
    }
    return nullptr;
  }
};

/// A value an item's attack or use writes down, or reads off one of the item's own stats.
template <typename T>
struct OrItemStat {
  T value{};  ///< the written value, when `stat` is empty
  Id stat;    ///< the item's own stat it reads instead
  bool reads_stat() const { return !stat.empty(); }
  static OrItemStat written(T v) { return OrItemStat{std::move(v), {}}; }
  static OrItemStat from_stat(Id id) { return OrItemStat{T{}, std::move(id)}; }
};

/// One change to a number in the condition vocabulary (a condition's, a level's or an item's).
struct CombatModifier {
  enum class To : std::uint8_t { Defense, Attacks, Saves, Checks, Speed } to = To::Defense;
  std::optional<std::int64_t> flat;
  std::string dice;
  bool minus = false;
  std::optional<Number> times;
  std::vector<Id> skills, saves;
  enum class Mode : std::uint8_t { None, Advantage, Disadvantage } mode = Mode::None;
};

/// The words of a modifier's `mode`; `None` is never written.
inline constexpr Choice<CombatModifier::To> kModifierTargets[] = {{CombatModifier::To::Defense, "defense"},
                                                                  {CombatModifier::To::Attacks, "attacks"},
                                                                  {CombatModifier::To::Saves, "saves"},
                                                                  {CombatModifier::To::Checks, "checks"},
                                                                  {CombatModifier::To::Speed, "speed"}};
inline constexpr Choice<CombatModifier::Mode> kModifierModes[] = {{CombatModifier::Mode::Advantage, "advantage"},
                                                                  {CombatModifier::Mode::Disadvantage, "disadvantage"}};

/// What an item does while worn or carried, or while its wearer falls short of a requirement.
struct ItemEffect {
  std::vector<ConditionEffect> effects;
  std::vector<CombatModifier> modifiers;
  std::vector<Id> fails_saves, saves, skills;
  struct AbilityChange {
    enum class Kind : std::uint8_t { Set, Add } kind = Kind::Set;
    std::int64_t amount = 0;
  };
  std::map<Id, AbilityChange> abilities;
  std::vector<std::string> resist, vulnerable, immune;
  std::vector<Id> condition_immunities;
};

struct ItemRequirement {
  Ref value;
  Number at_least;
  ItemEffect otherwise;
};

struct ItemToHit {
  std::optional<OrItemStat<std::vector<Id>>> abilities;
  std::optional<OrItemStat<Id>> skill;
  std::optional<Ref> proficiency;
  std::optional<OrItemStat<std::int64_t>> bonus;
  std::optional<OrItemStat<std::int64_t>> target;
};

struct ItemAttack {
  Id budget;
  ItemToHit to_hit;
  std::optional<OrItemStat<std::string>> damage_dice;
  std::optional<OrItemStat<std::vector<Id>>> damage_abilities;
  std::optional<OrItemStat<std::int64_t>> damage_bonus;
  std::optional<OrItemStat<std::string>> damage_type;
  std::optional<OrItemStat<Number>> reach, range_normal, range_long;
  std::optional<OrItemStat<std::string>> versatile_dice;
  std::optional<Ref> strikes;
  struct Ammo {
    Id tag;
    std::int64_t per_attack = 1;
    std::optional<Number> recover;
  };
  std::optional<Ammo> ammo;
  struct Clip {
    OrItemStat<std::int64_t> max;
    Id reload;
  };
  std::optional<Clip> clip;
  struct Mode {
    Id id;
    std::string label;
    std::optional<std::int64_t> ammo, to_hit, target, targets;
  };
  std::vector<Mode> modes;
  bool off_hand = false;
  std::optional<OrItemStat<std::int64_t>> floor;
  struct OnHit {
    Id condition;
    std::int64_t at_least = 1;
    std::optional<std::int64_t> rounds;
  };
  std::vector<OnHit> on_hit;
};

/// What using an item does. The keys it shares with a catalog entry's `mechanics` are kept as
/// they were written, for the later stage that plays them (docs/format/items.md "Using an item").
struct ItemUse {
  std::optional<UseKind> kind;  ///< absent only when the use's `kind` was refused
  Id budget;
  bool free = false;
  std::optional<ItemToHit> to_hit;
  std::optional<OrItemStat<std::int64_t>> save_difficulty;
  bool consumes = false;
  std::optional<std::int64_t> charges;
  struct Restore {
    Id pool;
    std::string dice;
    std::optional<std::int64_t> flat;
  };
  std::optional<Restore> restore;
  struct Gate {
    enum class Check : std::uint8_t { Skill, Ability, Value } check = Check::Skill;
    Id id;  ///< skill or ability
    std::optional<Ref> value;
    OrItemStat<std::int64_t> difficulty;
    std::optional<Ref> unless_value;
    Number unless_at_least;
  };
  std::optional<Gate> gate;
  std::map<std::string, std::string> mechanics_json;  ///< the shared mechanics keys, as JSON text
};

struct ItemCharges {
  OrItemStat<std::int64_t> max;
  std::vector<Id> recharge_rests;
  bool recharge_to_max = false;
  std::string recharge_dice;
  std::optional<std::int64_t> recharge_flat;
  std::optional<std::int64_t> breaks_die, breaks_at_most;
};

/// The `item` of an entry in a `holds: "items"` catalog, in the reference format.
struct CatalogItem {
  Id category;
  Id rarity;
  std::vector<Id> tags;
  std::map<Id, Scalar> stats;
  std::map<Id, std::int64_t> slots;
  std::optional<std::int64_t> stack;
  struct Cost {
    std::int64_t amount = 0;
    Id unit;
  };
  std::optional<Cost> cost;
  struct Binds {
    std::string restriction;
    bool cursed = false;
  };
  std::optional<Binds> binds;
  std::optional<ItemEffect> worn, carried;
  std::vector<ItemRequirement> requires_;
  std::optional<ItemAttack> attack;
  std::optional<ItemUse> use;
  std::optional<ItemCharges> charges;
};

}  // namespace rk
