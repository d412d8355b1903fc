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
#include "format/number.hpp"
#include "format/scalar.hpp"

namespace rk {

struct Ref;
struct CatalogItem;  // Reference format: items (items_model.hpp)


struct CatalogFilter {
  enum class Type : std::uint8_t { Number, Text, Tags } type = Type::Text;
  std::string id;
  std::string label;
  std::string start_from_field;  ///< CA-13: the sheet field the picker opens on, or ""
  std::size_t start_from_index = static_cast<std::size_t>(-1);
};

/// CA-27..CA-31: a number cell the editor keeps up to date from a Ref, optionally through a table.
struct ScaledCell {
  std::string column;
  std::size_t column_index = static_cast<std::size_t>(-1);
  std::shared_ptr<const Ref> from;
  std::vector<std::pair<Number, Number>> table;
};

struct RowSpec {
  std::string list;
  std::size_t list_index = static_cast<std::size_t>(-1);
  std::map<std::string, Scalar> values;
  std::vector<ScaledCell> scaled;
};

struct CostTerm {  // CA-79: paid from one pool, or from the first pool of a group that can afford it
  std::string pool;
  std::size_t pool_index = static_cast<std::size_t>(-1);
  std::string group;
  Number amount = Number::of(1);
  std::optional<Number> level;
};

struct Mechanics {
  std::vector<CostTerm> cost;
  std::optional<Number> target_count;
  std::optional<Number> targets_per_cost_step;  ///< CA-90
  std::optional<Number> range;
  std::string area_shape;
  std::optional<Number> area_size;
};

struct ItemBody {
  std::map<std::string, Number> stats;
  std::map<std::string, std::string> dice;
  std::vector<std::string> tags;
  std::vector<std::string> slots;
  std::string text;
};

struct DamageRoll {
  std::string dice;
  std::string type;
};

struct CreatureFeature {  // a trait, action, reaction or legendary action
  std::string id;
  std::string label;
  std::string text;
  std::optional<Number> attack;
  std::vector<DamageRoll> damage;
  std::optional<Number> uses;
};

struct CreaturePool {
  Number max;
  std::string roll;
};

struct CreatureBody {
  std::string size, kind, alignment;
  Number threat;
  std::optional<Number> xp;
  std::map<std::string, Number> abilities;
  std::map<std::string, std::string> saves, skills;  ///< id -> tier id
  std::map<std::string, Scalar> fields;
  std::map<std::string, CreaturePool> pools;
  std::vector<std::string> senses, languages;
  std::vector<std::string> resistances, immunities, vulnerabilities, condition_immunities;
  std::vector<CreatureFeature> traits, actions, reactions, legendary;
};

struct CatalogEntry {
  std::string id;
  std::string label;
  std::string summary;
  std::map<std::string, FilterValue> filters;
  std::vector<RowSpec> rows;
  std::optional<Mechanics> mechanics;
  std::optional<ItemBody> item;
  std::shared_ptr<const CatalogItem> reference_item;  ///< Reference format: an item in the `items` block's words
  std::optional<CreatureBody> creature;
  std::optional<Grants> grants;             ///< BA-67
  std::shared_ptr<const Ref> offered_when;  ///< BA-86
  std::string exclusive;                    ///< BA-92
  bool exclusive_default = false;           ///< BA-93
  std::optional<Fits> fits;                 ///< BA-59, BA-60: a kit that fits only some characters
  std::string pointer;
};

/// BB-153..BB-161: a catalog borrowed from another installed ruleset.
struct BorrowedFrom {
  std::string ruleset;
  std::string catalog;
  std::map<std::string, std::optional<std::string>> fields;              ///< lender field -> borrower field, or dropped
  std::map<std::string, std::map<std::string, std::string>> values;      ///< field -> lender value -> borrower value
  std::map<std::string, std::string> tiers;                              ///< lender tier -> borrower tier
  std::map<std::string, std::shared_ptr<const Ref>> refs;               ///< lender derived id -> borrower Ref
  std::map<std::string, std::string> refs_json;                          ///< the same Refs as JSON text
  std::map<std::string, std::string> slots;                              ///< lender slot -> borrower slot
};

struct Catalog {
  enum class Holds : std::uint8_t { Rows, Creatures, Items } holds = Holds::Rows;
  std::string id;
  std::string label;
  std::vector<std::string> feeds;
  std::vector<std::size_t> feed_indices;  ///< into sheet.lists
  std::vector<CatalogFilter> filters;
  std::string units_distance_label;
  std::optional<Number> units_distance_per_cell;
  std::vector<std::pair<std::string, std::string>> stats;  ///< items: declared stats (id, label), optional
  /// Inline entries (and, for a borrowed catalog, the local ones). Empty for an asset until loaded.
  std::vector<CatalogEntry> entries;
  std::unordered_map<std::string, std::size_t> entry_index;
  std::string asset;  ///< "catalogs/<id>.json" when the entries live in a separate file
  std::optional<BorrowedFrom> from;
  std::string pointer;

  bool is_rows() const { return holds == Holds::Rows; }
};

}  // namespace rk
