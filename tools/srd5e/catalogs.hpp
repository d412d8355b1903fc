#pragma once
// What the parts of the converter hand to package.cpp: the sheet, and one catalog each.
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "srd5e/srd.hpp"

namespace srd5e {

/// A catalog: its header (without `entries`/`asset`) and its entries. `asset` catalogs are written
/// to `catalogs/<id>.json`; the others inline in ruleset.json.
struct Catalog {
  json::object header;
  json::array entries;
  bool asset = false;
};

/// Conversion notes for the package README (readings that concern one SRD record).
struct Notes {
  std::vector<std::string> tiers;    ///< monster bonuses that fit no tier exactly
  std::vector<std::string> fixes;    ///< SRD data read otherwise than written
  std::vector<std::string> targets;  ///< spells given targetsPerCostStep
};

/// `coverage`, `resolution`, `sheet`, `rests` and `gm` of ruleset.json (sheet.cpp).
json::object build_coverage();
json::object build_resolution();
json::object build_sheet(const Srd& srd);
json::array build_rests();
json::object build_gm();

/// The sheet's id of an SRD skill index ("sleight-of-hand" -> "sleight_of_hand": sheet ids are
/// lowercase letters, digits and underscores) and of the save on an ability ("wis" -> "wis_save").
std::string skill_id(std::string_view srd_index);
std::string save_id(std::string_view ability);

Catalog build_races(const Srd& srd);                    // catalog_races.cpp
Catalog build_classes(const Srd& srd);                  // catalog_classes.cpp
Catalog build_backgrounds(const Srd& srd);              // catalog_classes.cpp
Catalog build_languages(const Srd& srd);                // catalog_classes.cpp
Catalog build_features(const Srd& srd);                 // catalog_features.cpp
Catalog build_spells(const Srd& srd, Notes& notes);     // catalog_spells.cpp
Catalog build_equipment(const Srd& srd);                // catalog_equipment.cpp
json::object build_items(const Srd& srd);               // the top-level `items` block, same file
Catalog build_creatures(const Srd& srd, Notes& notes);  // catalog_creatures.cpp
json::object build_combat(const Srd& srd);              // the `combat` block the bestiary is read in, same file
std::string cr_text(double cr);                         // 0.125 -> "1/8"
std::string tier_id(double cr);                         // 0.125 -> "cr_1_8", the reference 5e example's ids

// The guided builder (builder.cpp): its steps, the derived values they read, the `kits` and
// `multiclass` catalogs, and the `grants` of race, subrace, class and background entries.
json::object build_builder(const Srd& srd);
json::array builder_derived(const Srd& srd);
Catalog build_kits(const Srd& srd);
Catalog build_multiclass(const Srd& srd);
json::object race_grants(const Srd& srd, const json::object& race_or_subrace, bool subrace);
json::object class_grants(const Srd& srd, const json::object& cls);
json::object background_grants(const Srd& srd, const json::object& background);

// builder_levels.cpp: levels 1 – 20 (class levels, slots, hit points, hit dice, improvements,
// subclasses and features). Derived values in sheet order: class_level_derived first (the
// builder's others read it), level_derived after character_derived.
json::array class_level_derived(const Srd& srd);
json::array level_derived(const Srd& srd);
json::array level_pools();
json::object class_levels_step(const Srd& srd);
json::array level_steps_before_skills();
Catalog build_subclasses(const Srd& srd);
/// The number field a new class's levels beyond its first are bought into ("extra_levels_wizard").
std::string extra_levels_field(const std::string& class_id);

// builder_character.cpp: racial languages, trait options, subraces, hit points, spell values.
inline constexpr std::string_view kTraitOptionsCatalog = "trait-options";
inline constexpr std::string_view kRaceHasSubraces = "race_has_subraces";
inline constexpr std::string_view kRaceTraitOptions = "race_trait_options";
inline constexpr std::string_view kSubraceSpells = "subrace_spells";
inline constexpr std::string_view kHitPointMaximum = "hit_point_maximum";
/// The entry ids of the races that always know the language (SRD index).
std::vector<std::string> known_by_races(const Srd& srd, const std::string& language_index);
/// The derived value that reads 0 for a race that always knows the language (entry id), else 1.
std::string language_open(const std::string& language_id);
/// The `entries.choose` slots of a racial trait: its spell options (on `spells`) and its subtrait
/// options (on the trait options catalog).
void trait_entry_choices(const Srd& srd, const json::object& trait, json::array& out);
Catalog build_trait_options(const Srd& srd);
json::array character_derived(const Srd& srd);
/// The `hideWhen` of the spell save DC and spell attack: hidden for a class that casts no spells.
json::object spell_values_hidden(const Srd& srd);
/// The `languages` row the language's entry writes (SRD index).
json::object language_row(const Srd& srd, const std::string& index);

/// characters/sample-cleric.json, built from picks of `catalogs` (sample_character.cpp).
json::object build_sample_character(const std::vector<Catalog>& catalogs);

/// The six abilities in sheet order, and the full name of each ("str" -> "Strength").
const std::vector<std::string>& ability_ids();
std::string ability_name(const Srd& srd, const std::string& id);

/// A row spec `{ "list": list, "values": values }`.
json::object row(std::string_view list, json::object values);

/// A catalog header `{ id, label, holds?, feeds?, filters? }` (filters: id, label, type triples).
struct FilterSpec {
  std::string id, label, type, start_from;
};
json::object header(std::string_view id, std::string_view label, std::string_view holds,
                    const std::vector<std::string>& feeds, const std::vector<FilterSpec>& filters);

}  // namespace srd5e
