#pragma once
// Internal to src/format: the readers that turn JSON into the model (the "sections" pass: shapes,
// types, local rules and Capability API uses), the resolver (the "resolve" pass: every id
// reference, the dependency graph and the rules that need the whole ruleset) and the later passes
// (read_ruleset.cpp lists them in order).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"
#include "format/reader.hpp"
#include "format/ref_reads.hpp"
#include "format/unique_ids.hpp"

namespace rk::detail {

struct ReadContext {
  Diagnostics& diagnostics;
  Requirement& requirement;
};

/// A generic scalar from JSON (number, string or boolean), for values whose type is known only
/// once the field they compare against is resolved.
std::optional<Scalar> read_scalar(const bj::value& v);
std::string scalar_to_string(const Scalar& s);

/// A value reference: an object with exactly one of the twelve keys (SH-1).
std::optional<Ref> read_ref(const bj::value& v, const std::string& pointer, const std::string& what, ReadContext& cx);
/// A bare number (read as `const`) or a Ref, where the format allows a number in place of a Ref.
std::optional<Ref> read_number_or_ref(const bj::value& v, const std::string& pointer, const std::string& what,
                                      ReadContext& cx);
std::optional<HideWhen> read_hide_when(ObjectReader& r, ReadContext& cx);
/// The schema of a field or column: `type` and its keys. `allow_dice` for list columns.
/// `bounds_required`: a number says its `min` and `max` and a text its `maxLength`, as the reference
/// asks of every sheet field, list column and item stat; the party sheet's are held to the same.
ValueSpec read_value_spec(ObjectReader& r, bool allow_dice, ReadContext& cx, bool bounds_required = true);
/// An enum's or a live state's `valueLabels`: each names one of `values` and holds a label.
std::map<Id, std::string> read_value_labels(ObjectReader& r, const std::vector<Id>& values, Diagnostics& diagnostics);
std::optional<Untrained> read_untrained(ObjectReader& r, ReadContext& cx);
Rounding read_rounding(ObjectReader& r, std::string_view key, Rounding fallback);

/// Whose fields and lists are read: the character sheet's, or the party sheet's (which the reference
/// holds to fewer keys: no dice, no sections, no list limits of its own).
enum class SheetOwner : std::uint8_t { Character, Party };
std::vector<Field> read_fields(const bj::array& a, const std::string& pointer, SheetOwner owner, ReadContext& cx);
std::vector<List> read_lists(const bj::array& a, const std::string& pointer, SheetOwner owner, ReadContext& cx);
/// A sheet list's `checks` (1.161, BC-74): read with the list, whose columns it names
/// (read_list_checks.cpp).
void read_list_checks(ObjectReader& r, List& list, ReadContext& cx);
/// After the resolver: the ability each list check adds exists (BC-75).
void resolve_list_checks(Ruleset& ruleset, Diagnostics& diagnostics);
std::vector<Pool> read_pools(const bj::array& a, const std::string& pointer, std::string_view what, ReadContext& cx);

void read_sheet(const bj::value& v, const std::string& pointer, Sheet& sheet, ReadContext& cx);
void read_live(const bj::value& v, const std::string& pointer, Sheet& sheet, ReadContext& cx);
/// The top-level `rests` (`restore` steps, a `clear` object); read_rests.cpp.
void read_rests(const bj::array& a, const std::string& pointer, Sheet& sheet, ReadContext& cx);
std::optional<Advancement> read_advancement(const bj::value& v, const std::string& pointer, std::string_view what,
                                            ReadContext& cx, bool party);
std::optional<SheetSummary> read_summary(const bj::value& v, const std::string& pointer, std::string_view what,
                                         ReadContext& cx);
void read_resolution(const bj::value& v, const std::string& pointer, Resolution& out, ReadContext& cx);

std::optional<Party> read_party(const bj::value& v, const std::string& pointer, ReadContext& cx);
std::optional<Clocks> read_clocks(const bj::value& v, const std::string& pointer, ReadContext& cx);

/// "skill `dig`" from the entry's own id, or "skill #3" (from the pointer's last index) without one.
std::string entry_name(std::string_view kind, const bj::value& v, const std::string& pointer);
/// An array of [number, number] rows whose first numbers rise strictly (step tables, penalty
/// tables). `whole_keys` requires whole first numbers >= 0. Problems are reported with `code`.
std::vector<std::pair<Number, Number>> read_number_pairs(const bj::array& table, const std::string& pointer,
                                                         const std::string& what, bool whole_keys, Code code,
                                                         Diagnostics& diagnostics);

/// The "catalogs" pass: catalog headers and inline entries, read against the resolved sheet.
void read_catalogs(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx);
/// The entries of one catalog (inline, or from its asset file), read against the resolved sheet.
void read_catalog_entries(const bj::array& entries, const std::string& pointer, Ruleset& ruleset, Catalog& catalog,
                          ReadContext& cx);
/// Whether a resolved Ref reads live state (a pool, a track, a live state), through any chain.
bool ref_reads_live(const Ruleset& ruleset, const Ref& ref);
/// What a set of resolved Refs reads, directly or through derived values (`what_refs_read`).
ReadSet ref_read_set(const Ruleset& ruleset, const std::vector<const Ref*>& refs);
/// The "builder" pass, after the catalogs: `sheet.builder` (docs/format/builder.md).
void read_builder(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx);
/// An entry's `grants` (read with the entry, against the resolved sheet).
std::optional<Grants> read_grants(const bj::value& v, const std::string& pointer, const std::string& what,
                                  Ruleset& ruleset, ReadContext& cx);
/// The checks of entries against the builder and the other catalogs (BA-88, BA-96, BA-126,
/// BA-130, BB-140), for the entries of `catalog` (inline, or just read from its separate file).
void check_builder_entries(const Ruleset& ruleset, const Catalog& catalog, const std::vector<CatalogEntry>& entries,
                           Diagnostics& diagnostics);
/// Checks one character-sheet Ref against the resolved sheet and sets its index.
void resolve_sheet_ref(Ruleset& ruleset, Ref& ref, const std::string& owner, Diagnostics& diagnostics);

// Reference format: top level, gm, layers (docs/format/ruleset.md).
/// The top-level keys that describe the ruleset itself: `schemaVersion`, `id`, `version`, `name`,
/// `edition`, `license`, `coverage`.
void read_top_level(ObjectReader& root, Ruleset& ruleset, ReadContext& cx);
/// After the resolver: the columns a summary list names exist and have the right types.
void check_summary_columns(Ruleset& ruleset, const SheetSummary& summary, bool party, Diagnostics& diagnostics);
/// The "sections" pass: the shape of `layers`.
std::vector<Layer> read_layers(const bj::value& v, const std::string& pointer, ReadContext& cx);
/// The "entry checks" pass: what each layer names exists, and every effect can take place.
void check_layers(Ruleset& ruleset, Diagnostics& diagnostics);

/// The "resolve" pass: builds the id indices and checks every reference and whole-ruleset rule.
void resolve(Ruleset& ruleset, Diagnostics& diagnostics);

/// Builds `index` from the ids of `items`, reporting duplicates.
template <typename T>
void index_ids(const std::vector<T>& items, std::unordered_map<Id, std::size_t>& index, std::string_view what,
               Diagnostics& diagnostics) {
  UniqueIds seen{std::string(what)};
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (seen.add(items[i].id, items[i].pointer, diagnostics)) index.emplace(items[i].id, i);
  }
}

}  // namespace rk::detail
