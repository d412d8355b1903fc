// Reading catalogs (docs/format/catalogs.md): headers and their inline entries at import
// (CA-23), and the entries of a separate catalog file when it is first asked for (CA-24). Entries
// are read against the compiled sheet, so every value is checked against its target column and
// every error names its entry (CA-22).
#include <algorithm>
#include <set>
#include <tuple>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "format/read_catalog_ref.hpp"
#include "format/read_play.hpp"
#include "format/read_resolution.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"
#include "json/write.hpp"

namespace rk::detail {

void resolve_sheet_ref(Ruleset& ruleset, Ref& ref, const std::string& owner, Diagnostics& diagnostics);  // resolve.cpp

namespace {

// An asset is "catalogs/<id>.json" (CA-24), so its length follows from the id's.
constexpr std::size_t kLongestAsset = std::string_view("catalogs/.json").size() + limits::kIdLength;

/// CA-16: lowercase letters, digits and single hyphens, not at either end.
bool is_entry_id(std::string_view id) {
  if (id.empty() || id.size() > limits::kRefEntryIdLength || id.front() == '-' || id.back() == '-') return false;
  for (std::size_t i = 0; i < id.size(); ++i) {
    const char c = id[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && id[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

class CatalogReader {
 public:
  CatalogReader(Ruleset& rs, ReadContext& cx) : rs_(rs), s_(rs.sheet), cx_(cx), d_(cx.diagnostics) {}

  void read_all(const bj::value& v, const std::string& pointer) {
    if (!v.is_array()) {
      d_.error(Code::WrongType, pointer, "`catalogs` must be an array");
      return;
    }
    const auto& a = v.get_array();
    check_limit(limits::kCatalogs, a.size(), pointer, "`catalogs`", d_);
    UniqueIds catalog_ids{"catalog"};
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto catalog = read_header(a[i], json::child(pointer, i));
      if (!catalog) continue;
      if (!catalog_ids.add(catalog->id, json::child(catalog->pointer, "id"), d_)) continue;
      rs_.catalog_index.emplace(catalog->id, rs_.catalogs.size());
      rs_.catalogs.push_back(std::move(*catalog));
    }
    for (const Catalog& c : rs_.catalogs) check_cross_catalog_names(rs_, c, c.entries, d_);
  }

  /// Reads the entries of `catalog` from an array (inline or from its asset file).
  void read_entries(const bj::array& a, const std::string& pointer, Catalog& catalog) {
    if (a.size() > limits::kCatalogEntries) {
      d_.error(Code::TooMany, pointer, "catalog `{}` has {} entries; the limit is {} (CA-5)", catalog.id, a.size(),
               limits::kCatalogEntries);
      return;
    }
    // CA-16: an entry id is unique within its catalog.
    UniqueIds entry_ids{fmt::format("catalog `{}`: entry", catalog.id)};
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto entry = read_entry(a[i], json::child(pointer, i), catalog);
      if (!entry) continue;
      if (!entry_ids.add(entry->id, json::child(entry->pointer, "id"), d_)) continue;
      catalog.entry_index.emplace(entry->id, catalog.entries.size());
      catalog.entries.push_back(std::move(*entry));
    }
  }

 private:
  std::optional<Catalog> read_header(const bj::value& v, const std::string& p) {
    ObjectReader r(v, p, entry_name("catalog", v, p), d_);
    if (!r.ok()) return std::nullopt;
    Catalog c;
    c.pointer = p;
    c.id = r.id("id", true).value_or("");
    c.label = r.label();
    if (r.has("holds")) {
      c.holds = r.choice("holds", false, Catalog::kHolds).value_or(Catalog::Holds::Rows);
      if (c.holds == Catalog::Holds::Creatures) cx_.requirement.use(Gate::CreaturesCatalogs, r.at("holds"));
      if (c.holds == Catalog::Holds::Items) cx_.requirement.use(Gate::ItemsCatalogs, r.at("holds"));
      // A creature is written in the `combat` block's words (budgets, tiers, damage types), an item
      // in the `items` block's (category, rarity, stats, slots): without the block, nothing to write in.
      if (c.holds == Catalog::Holds::Creatures && rs_.combat == nullptr) {
        r.error(Code::UnknownReference, "holds",
                "a catalog of creatures needs a `combat` block for its creatures to be written in");
      }
      if (c.holds == Catalog::Holds::Items && rs_.items == nullptr) {
        r.error(Code::UnknownReference, "holds",
                "a catalog of items needs an `items` block for its items to be written in");
      }
    }
    // CA-10: feeds is required for rows and refused for creatures and items.
    if (c.is_rows()) {
      c.feeds = r.id_list("feeds", !r.has("from") && !grant_only(r)).value_or(std::vector<std::string>{});
      if (r.has("feeds") && (c.feeds.empty() || c.feeds.size() > limits::kCatalogFeeds)) {
        r.error(c.feeds.empty() ? Code::TooFew : Code::TooMany, "feeds", "`feeds` names 1-{} sheet lists (CA-10)",
                limits::kCatalogFeeds);
      }
      for (std::size_t i = 0; i < c.feeds.size(); ++i) {
        auto it = s_.list_index.find(c.feeds[i]);
        if (it == s_.list_index.end()) {
          std::vector<std::string> lists;
          for (const auto& l : s_.lists) lists.push_back(l.id);
          d_.error(Code::UnknownReference, json::child(r.at("feeds"), i), "{}: unknown list `{}`{}", r.what(),
                   c.feeds[i], did_you_mean(c.feeds[i], lists));
          continue;
        }
        c.feed_indices.push_back(it->second);
      }
    } else if (r.has("feeds")) {
      r.error(Code::UnknownKey, "feeds", "a {} catalog writes to no list and takes no `feeds` (CA-10)",
              c.holds == Catalog::Holds::Items ? "items" : "creatures");
      r.accept("feeds");
    }
    if (const bj::array* filters = r.array("filters", false)) read_filters(*filters, r.at("filters"), c, r.what());
    if (const bj::value* units = r.get("units")) {
      ObjectReader u(*units, r.at("units"), r.what() + " `units`", d_);
      if (const bj::value* distance = u.get("distance")) {
        ObjectReader dist(*distance, u.at("distance"), u.what() + " `distance`", d_);
        // Reference format: a short unit word and how many of it one cell is, both required.
        c.units_distance_label = dist.prompt_text("label", true, limits::kUnitLabelLength).value_or("");
        c.units_distance_per_cell = dist.number("perCell", true);
        if (c.units_distance_per_cell && *c.units_distance_per_cell <= Number()) {
          dist.error(Code::OutOfRange, "perCell", "`perCell` must be above 0");
        }
      }
    }
    const bool has_entries = r.has("entries");
    const bool has_asset = r.has("asset");
    const bool has_from = r.has("from");
    if (has_from) read_from(*r.get("from"), r.at("from"), c, r.what());
    // CA-15: exactly one of `entries` and `asset` (a borrowed catalog may add local `entries`).
    if (has_asset && (has_entries || has_from)) {
      r.error(Code::ConflictingKeys, "asset", "give exactly one of `entries`, `asset` and `from` (CA-15)");
    } else if (!has_entries && !has_asset && !has_from) {
      r.error(Code::MissingKey, "", "give `entries` or `asset` (CA-15)");
    }
    if (has_asset) {
      cx_.requirement.use(Gate::CatalogAssets, r.at("asset"));
      c.asset = r.string("asset", true, kLongestAsset).value_or("");
      const std::string expected = "catalogs/" + c.id + ".json";
      if (!c.asset.empty() && !c.id.empty() && c.asset != expected) {
        r.error(Code::BadAssetPath, "asset", "`asset` is always \"{}\" (CA-92), found \"{}\"", expected, c.asset);
      }
    }
    if (const bj::array* entries = r.array("entries", false)) read_entries(*entries, r.at("entries"), c);
    if (c.id.empty()) return std::nullopt;
    return c;
  }

  // BA-101: a catalog whose inline entries all grant and write no rows needs no `feeds`.
  static bool grant_only(ObjectReader& r) {
    if (!r.has("entries")) return false;
    const bj::value* entries = r.get("entries");
    if (!entries->is_array() || entries->get_array().empty()) return false;
    for (const auto& e : entries->get_array()) {
      if (!e.is_object() || !e.get_object().contains("grants") || e.get_object().contains("rows")) return false;
    }
    return true;
  }

  void read_filters(const bj::array& a, const std::string& p, Catalog& c, const std::string& what) {
    check_limit(limits::kCatalogFilters, a.size(), p, what + " `filters`", d_);
    UniqueIds filter_ids{fmt::format("catalog `{}`: filter", c.id)};
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::string fp = json::child(p, i);
      ObjectReader f(a[i], fp, what + " " + entry_name("filter", a[i], fp), d_);
      CatalogFilter filter;
      filter.id = f.id("id", true).value_or("");
      filter.label = f.label();
      if (auto type = f.choice("type", true, CatalogFilter::kTypes)) filter.type = *type;
      if (const bj::value* start = f.get("startFrom")) {
        ObjectReader sf(*start, f.at("startFrom"), f.what() + " `startFrom`", d_);
        filter.start_from_field = sf.id("field", true).value_or("");
        if (!filter.start_from_field.empty()) {
          auto it = s_.field_index.find(filter.start_from_field);
          if (it == s_.field_index.end()) {
            sf.error(Code::UnknownReference, "field", "unknown field `{}`", filter.start_from_field);
          } else {
            filter.start_from_index = it->second;
          }
        }
      }
      if (!f.ok() || filter.id.empty()) continue;
      if (!filter_ids.add(filter.id, f.at("id"), d_)) continue;
      c.filters.push_back(std::move(filter));
    }
  }

  void read_from(const bj::value& v, const std::string& p, Catalog& c, const std::string& what) {
    cx_.requirement.use(Gate::BorrowedCatalogs, p);
    ObjectReader f(v, p, what + " `from`", d_);
    if (!f.ok()) return;
    BorrowedFrom from;
    from.ruleset = f.string("ruleset", true, limits::kBorrowedRulesetIdLength).value_or("");
    from.catalog = f.id("catalog", true).value_or("");
    // BB-159: never from its own ruleset.
    if (!from.ruleset.empty() && (from.ruleset == rs_.id || from.ruleset.ends_with("/" + rs_.id))) {
      f.error(Code::BadValue, "ruleset", "a catalog cannot borrow from its own ruleset (BB-159)");
    }
    if (const bj::value* sheet = f.get("sheet")) {
      ObjectReader sh(*sheet, f.at("sheet"), f.what() + " `sheet`", d_);
      if (const bj::object* fields = sh.object("fields", false)) {
        for (const auto& m : *fields) {
          if (m.value().is_null()) {
            from.fields.emplace(m.key(), std::nullopt);
          } else if (m.value().is_string() && is_valid_id(m.value().get_string())) {
            from.fields.emplace(m.key(), std::string(m.value().get_string()));
          } else {
            d_.error(Code::WrongType, json::child(sh.at("fields"), m.key()), "{}: a field maps to an id or null",
                     sh.what());
          }
        }
      }
      if (const bj::object* values = sh.object("values", false)) {
        for (const auto& m : *values) {
          if (!m.value().is_object()) {
            d_.error(Code::WrongType, json::child(sh.at("values"), m.key()),
                     "{}: `values` maps a field to {{ lender: borrower }}", sh.what());
            continue;
          }
          auto& map = from.values[m.key()];
          for (const auto& pair : m.value().get_object()) {
            if (pair.value().is_string())
              map.emplace(pair.key(), std::string(pair.value().get_string()));
            else
              d_.error(Code::WrongType, json::child(json::child(sh.at("values"), m.key()), pair.key()),
                       "{}: a value maps to a string", sh.what());
          }
        }
      }
      if (const bj::object* tiers = sh.object("tiers", false)) {
        for (const auto& m : *tiers) {
          const std::string tp = json::child(sh.at("tiers"), m.key());
          if (!m.value().is_string()) {
            d_.error(Code::WrongType, tp, "{}: a tier maps to a tier id", sh.what());
          } else if (!s_.tier_index.contains(std::string(m.value().get_string()))) {
            d_.error(Code::UnknownReference, tp, "{}: unknown tier `{}`", sh.what(),
                     std::string_view(m.value().get_string()));
          } else {
            from.tiers.emplace(m.key(), std::string(m.value().get_string()));
          }
        }
      }
    }
    if (const bj::object* refs = f.object("refs", false)) {
      for (const auto& m : *refs) {
        const std::string rp = json::child(f.at("refs"), m.key());
        if (auto ref = read_ref(m.value(), rp, f.what() + " `refs`", cx_)) {
          resolve_sheet_ref(rs_, *ref, f.what() + " `refs`", d_);
          from.refs.emplace(m.key(), *ref);
          from.refs_json.emplace(m.key(), json::serialize(m.value()));
        }
      }
    }
    if (const bj::object* slots = f.object("slots", false)) {
      for (const auto& m : *slots) {
        if (m.value().is_string())
          from.slots.emplace(m.key(), std::string(m.value().get_string()));
        else
          d_.error(Code::WrongType, json::child(f.at("slots"), m.key()), "{}: a slot maps to a slot id", f.what());
      }
    }
    c.from = std::move(from);
  }

  std::optional<CatalogEntry> read_entry(const bj::value& v, const std::string& p, Catalog& c) {
    const std::string what = fmt::format("catalog `{}` {}", c.id, entry_name("entry", v, p));
    ObjectReader r(v, p, what, d_);
    if (!r.ok()) return std::nullopt;
    CatalogEntry e;
    e.pointer = p;
    if (auto id = r.string("id", true, limits::kTextMaxLength)) {
      if (!is_entry_id(*id)) {
        r.error(Code::BadId, "id", "entry ids use lowercase letters, digits and single hyphens (CA-16), found \"{}\"",
                *id);
      } else {
        e.id = *id;
      }
    }
    e.label = r.label(limits::kCatalogEntryLabelLength);
    e.summary = r.prompt_text("summary", false, limits::kSummaryLength, 0).value_or("");
    if (const bj::object* filters = r.object("filters", false)) read_entry_filters(*filters, r.at("filters"), c, e, r);
    switch (c.holds) {
      case Catalog::Holds::Rows:
        refuse_body(r, {"creature", "item"}, "a rows catalog");
        // BA-101: an entry that grants may write no rows.
        if (const bj::array* rows = r.array("rows", !r.has("grants"))) read_rows(*rows, r.at("rows"), c, e, r);
        read_builder_keys(r, e);
        break;
      case Catalog::Holds::Items:
        refuse_body(r, {"creature", "rows"}, "an items catalog");
        if (const bj::value* item = r.get("item"))
          read_entry_item(*item, r.at("item"), e, r, rs_, cx_);
        else
          r.error(Code::MissingKey, "", "an items catalog entry needs `item`");
        r.accept("mechanics");  // refused beside the item (read_entry_item)
        break;
      case Catalog::Holds::Creatures:
        refuse_body(r, {"item", "rows"}, "a creatures catalog");
        if (r.has("mechanics")) r.error(Code::UnknownKey, "mechanics", "a creature carries no `mechanics` (CA-20)");
        r.accept("mechanics");
        if (const bj::value* creature = r.get("creature")) {
          e.creature = read_creature(*creature, r.at("creature"), r.what(), EffectContext{rs_, cx_});
        } else {
          r.error(Code::MissingKey, "", "a creatures catalog entry needs `creature` (CA-20)");
        }
        break;
    }
    // An item says what it does in its `item`, a creature in its actions: each refuses `mechanics` above.
    if (const bj::value* mechanics = c.is_rows() ? r.get("mechanics") : nullptr) {
      Mechanics price;
      e.effect = read_entry_effect(*mechanics, r.at("mechanics"), r.what(), EffectContext{rs_, cx_}, price);
      if (e.effect) e.mechanics = std::move(price);
    }
    if (e.id.empty()) return std::nullopt;
    return e;
  }

  // BA-67, BA-86, BA-92, BA-93: what only the builder reads.
  void read_builder_keys(ObjectReader& r, CatalogEntry& e) {
    if (const bj::value* grants = r.get("grants")) e.grants = read_grants(*grants, r.at("grants"), r.what(), rs_, cx_);
    if (r.has("offeredWhen")) {
      cx_.requirement.use(Gate::OfferedWhen, r.at("offeredWhen"));
      e.offered_when = read_build_ref(r, "offeredWhen", rs_, cx_);
    }
    if (r.has("exclusive")) {
      cx_.requirement.use(Gate::Exclusive, r.at("exclusive"));
      e.exclusive = r.id("exclusive", true).value_or("");
      if (r.has("offeredWhen")) cx_.requirement.use(Gate::ExclusiveOfferedWhen, r.at("offeredWhen"));
    }
    if (auto d = r.boolean("exclusiveDefault")) {
      cx_.requirement.use(Gate::ExclusiveDefault, r.at("exclusiveDefault"));
      if (!*d)
        r.error(Code::BadValue, "exclusiveDefault", "`exclusiveDefault` is written `true` or left out");
      else if (!r.has("exclusive"))
        r.error(Code::MissingKey, "exclusiveDefault", "`exclusiveDefault` needs an `exclusive` group (BA-93)");
      e.exclusive_default = *d;
    }
    if (const bj::value* fits = r.get("fits")) e.fits = read_fits(*fits, r.at("fits"), r.what());
  }

  // BA-59, BA-60 (decisions.md): `fits: { "value": <non-live Ref>, "atLeast": <number> }`.
  std::optional<Fits> read_fits(const bj::value& v, const std::string& p, const std::string& what) {
    cx_.requirement.use(Gate::EntryFits, p);
    ObjectReader f(v, p, what + " `fits`", d_);
    if (!f.ok()) return std::nullopt;
    Fits out;
    if (!f.has("value")) f.error(Code::MissingKey, "", "`value` is required (BA-60)");
    out.value = read_build_ref(f, "value", rs_, cx_);
    const auto at_least = f.number("atLeast", true);
    if (!out.value || !at_least) return std::nullopt;
    out.at_least = *at_least;
    return out;
  }

  void refuse_body(ObjectReader& r, std::initializer_list<std::string_view> keys, std::string_view kind) {
    for (std::string_view key : keys) {
      if (r.has(key)) r.error(Code::UnknownKey, key, "{} takes no `{}` (CA-20)", kind, key);
      r.accept(key);
    }
  }

  void read_entry_filters(const bj::object& o, const std::string& p, const Catalog& c, CatalogEntry& e,
                          ObjectReader& r) {
    for (const auto& m : o) {
      const std::string fp = json::child(p, m.key());
      auto f =
          std::find_if(c.filters.begin(), c.filters.end(), [&](const CatalogFilter& x) { return x.id == m.key(); });
      if (f == c.filters.end()) {
        // BB-156: a borrowed catalog without filters of its own takes the lender's.
        if (c.from && c.filters.empty()) continue;
        std::vector<std::string> ids;
        for (const auto& x : c.filters) ids.push_back(x.id);
        d_.error(Code::UnknownReference, fp, "{}: the catalog has no filter `{}`{}", r.what(), m.key(),
                 did_you_mean(m.key(), ids));
        continue;
      }
      const bj::value& val = m.value();
      switch (f->type) {
        case CatalogFilter::Type::Number:
          if (auto n = val.is_number() ? to_number(val) : std::nullopt)
            e.filters.emplace(m.key(), FilterValue{*n});
          else if (val.is_number())
            d_.error(Code::BadNumber, fp, "{}: filter `{}` has more than four decimal places", r.what(), m.key());
          else
            d_.error(Code::WrongType, fp, "{}: filter `{}` takes a number (CA-18)", r.what(), m.key());
          break;
        case CatalogFilter::Type::Text:
          if (val.is_string() && text_length(val.get_string()) > limits::kFilterWordLength) {
            d_.error(Code::TooLong, fp, "{}: filter `{}` holds at most {} characters", r.what(), m.key(),
                     limits::kFilterWordLength);
          } else if (val.is_string() && !prompt_safety_problem(val.get_string())) {
            e.filters.emplace(m.key(), FilterValue{std::string(val.get_string())});
          } else {
            d_.error(Code::WrongType, fp, "{}: filter `{}` takes one prompt-safe string (CA-18)", r.what(), m.key());
          }
          break;
        case CatalogFilter::Type::Tags: {
          std::vector<std::string> tags;
          bool good = val.is_array();
          // Reference format: at most 24 words of at most 80 characters.
          if (good && val.get_array().size() > limits::kFilterTags) {
            d_.error(Code::TooMany, fp, "{}: filter `{}` holds at most {} words", r.what(), m.key(),
                     limits::kFilterTags);
            break;
          }
          bool too_long = false;
          if (good) {
            for (const auto& t : val.get_array()) {
              too_long = t.is_string() && text_length(t.get_string()) > limits::kFilterWordLength;
              if (!t.is_string() || prompt_safety_problem(t.get_string()) || too_long) {
                good = false;
                break;
              }
              tags.emplace_back(t.get_string());
            }
          }
          if (good)
            e.filters.emplace(m.key(), FilterValue{std::move(tags)});
          else if (too_long)
            d_.error(limits::kFilterWordLength.code, fp, "{}: filter `{}` holds words of at most {} characters",
                     r.what(), m.key(), limits::kFilterWordLength);
          else
            d_.error(Code::WrongType, fp, "{}: filter `{}` takes a list of prompt-safe strings (CA-18)", r.what(),
                     m.key());
          break;
        }
      }
    }
  }

  void read_rows(const bj::array& rows, const std::string& p, const Catalog& c, CatalogEntry& e, ObjectReader& owner) {
    if ((rows.empty() && !owner.has("grants")) || rows.size() > limits::kEntryRows) {
      owner.error(rows.empty() ? Code::TooFew : Code::TooMany, "rows", "an entry writes 1-{} rows (CA-19), found {}",
                  limits::kEntryRows, rows.size());
      if (rows.size() > limits::kEntryRows) return;
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string rp = json::child(p, i);
      ObjectReader r(rows[i], rp, fmt::format("{} row #{}", owner.what(), i + 1), d_);
      if (!r.ok()) continue;
      RowSpec spec;
      spec.list = r.id("list", true).value_or("");
      const auto feed = std::find(c.feeds.begin(), c.feeds.end(), spec.list);
      if (!spec.list.empty() && feed == c.feeds.end()) {
        r.error(Code::UnknownReference, "list", "the catalog does not feed list `{}` (CA-11){}", spec.list,
                did_you_mean(spec.list, c.feeds));
        r.accept("values");
        r.accept("scaled");
        continue;
      }
      if (spec.list.empty()) continue;
      // A fed list the sheet never declares is refused under `feeds` already; its rows are not read.
      const auto declared = s_.list_index.find(spec.list);
      if (declared == s_.list_index.end()) {
        r.accept("values");
        r.accept("scaled");
        continue;
      }
      spec.list_index = declared->second;
      const List& list = s_.lists[spec.list_index];
      if (const bj::object* values = r.object("values", true)) {
        for (const auto& m : *values) {
          const std::string vp = json::child(r.at("values"), m.key());
          auto ci = list.column_index.find(m.key());
          if (ci == list.column_index.end()) {
            std::vector<std::string> columns;
            for (const auto& col : list.columns) columns.push_back(col.id);
            d_.error(Code::UnknownReference, vp, "{}: list `{}` has no column `{}`{} (CA-22)", r.what(), list.id,
                     m.key(), did_you_mean(m.key(), columns));
            continue;
          }
          const Column& column = list.columns[ci->second];
          if (column.computed()) {
            d_.error(Code::BadValue, vp, "{}: column `{}` is computed (BB-128) and cannot be written", r.what(),
                     column.id);
            continue;
          }
          auto value = typed_scalar(m.value(), column.spec.type);
          if (!value || !column.spec.accepts(*value)) {
            d_.error(Code::BadCell, vp, "{}: list `{}` column `{}` does not accept {} (CA-22)", r.what(), list.id,
                     column.id, json::serialize(m.value()).substr(0, 80));
            continue;
          }
          spec.values.emplace(m.key(), *value);
        }
      }
      if (const bj::object* scaled = r.object("scaled", false))
        read_scaled(*scaled, r.at("scaled"), list, spec, r, *values_of(rows[i]));
      e.rows.push_back(std::move(spec));
    }
    check_scaled_rows(e, owner);
  }

  static const bj::object* values_of(const bj::value& row) {
    static const bj::object empty;
    const auto* v = row.is_object() ? row.get_object().if_contains("values") : nullptr;
    return v != nullptr && v->is_object() ? &v->get_object() : &empty;
  }

  void read_scaled(const bj::object& o, const std::string& p, const List& list, RowSpec& spec, ObjectReader& r,
                   const bj::object& values) {
    cx_.requirement.use(Gate::ScaledColumns, p);
    if (!r.check_limit(limits::kScaledColumns, o.size(), "scaled")) {
      return;
    }
    for (const auto& m : o) {
      const std::string sp = json::child(p, m.key());
      auto ci = list.column_index.find(m.key());
      if (ci == list.column_index.end() || !list.columns[ci->second].spec.is_numeric()) {
        d_.error(Code::WrongReferenceType, sp,
                 "{}: `scaled` names `{}`, which is not a number column of list `{}` (CA-28)", r.what(), m.key(),
                 list.id);
        continue;
      }
      // CA-31: the ordinary number stays in `values`.
      if (!values.contains(m.key())) {
        r.error(Code::MissingKey, "values",
                "`values` must still give an ordinary number for scaled column `{}` (CA-31)", m.key());
      }
      ObjectReader sr(m.value(), sp, r.what() + fmt::format(" scaled `{}`", m.key()), d_);
      ScaledCell cell;
      cell.column = m.key();
      cell.column_index = ci->second;
      if (const bj::value* from = sr.get("from")) {
        if (auto ref = read_ref(*from, sr.at("from"), sr.what(), cx_)) {
          resolve_sheet_ref(rs_, *ref, sr.what(), d_);
          // A scaled cell is a build value computed at the edit (CA-34), never one that moves in play.
          if (ref_reads_live(rs_, *ref)) {
            sr.error(Code::ReadsLiveState, "from",
                     "`from` reads the sheet's build, not live state (pools, tracks, live states)");
          } else if (!ref_read_set(rs_, {&*ref}).lists.empty()) {
            // A list may hold scaled cells, its own or ones that read it back: the recompute at an
            // edit would never settle.
            sr.error(Code::DependencyCycle, "from",
                     "`from` may not read a list sum, directly or through derived values, caps or the proficiency "
                     "bonus: a list may hold scaled cells, and the recompute would never settle");
          } else {
            cell.from = *ref;
          }
        }
      } else if (sr.ok()) {
        sr.error(Code::MissingKey, "", "`from` is required (CA-29)");
      }
      if (const bj::array* table = sr.array("table", false)) {
        if (table->empty()) sr.error(Code::BadStepTable, "table", "`table` needs at least one [threshold, value] row");
        check_limit(limits::kStepTableRows, table->size(), sr.at("table"), sr.what() + " `table`", d_);
        cell.table = read_number_pairs(*table, sr.at("table"), sr.what(), false, Code::BadStepTable, d_);
      }
      if (cell.from) spec.scaled.push_back(std::move(cell));
    }
  }

  // CA-32, CA-33: a scaled row spec is the only row of its entry in that list, unless every row
  // of the entry in that list carries its own name (1.92).
  void check_scaled_rows(const CatalogEntry& e, ObjectReader& owner) {
    std::map<std::size_t, std::vector<std::size_t>> by_list;
    for (std::size_t i = 0; i < e.rows.size(); ++i) by_list[e.rows[i].list_index].push_back(i);
    for (const auto& [list_index, rows] : by_list) {
      if (rows.size() < 2) continue;
      if (std::none_of(rows.begin(), rows.end(), [&](std::size_t i) { return !e.rows[i].scaled.empty(); })) continue;
      const List& list = s_.lists[list_index];
      const auto name = std::find_if(list.columns.begin(), list.columns.end(),
                                     [](const Column& col) { return col.spec.type == ValueType::Text; });
      std::set<std::string> names;
      bool named = name != list.columns.end();
      for (std::size_t i : rows) {
        if (!named) break;
        auto it = e.rows[i].values.find(name->id);
        if (it == e.rows[i].values.end() || !names.insert(std::get<std::string>(it->second.value)).second)
          named = false;
      }
      if (!named) {
        owner.error(Code::BadValue, "rows",
                    "a scaled row must be the entry's only row in list `{}`, or every row there must carry its own "
                    "name{} (CA-32, CA-33)",
                    list.id, name == list.columns.end() ? "" : fmt::format(" in column `{}`", name->id));
      } else {
        cx_.requirement.use(Gate::ScaledByName, owner.at("rows"));
      }
    }
  }

  Ruleset& rs_;
  const Sheet& s_;
  ReadContext& cx_;
  Diagnostics& d_;
};

}  // namespace

void read_catalogs(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx) {
  CatalogReader(ruleset, cx).read_all(v, pointer);
}

void read_catalog_entries(const bj::array& entries, const std::string& pointer, Ruleset& ruleset, Catalog& catalog,
                          ReadContext& cx) {
  CatalogReader(ruleset, cx).read_entries(entries, pointer, catalog);
}

}  // namespace rk::detail
