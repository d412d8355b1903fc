// Catalogs accepted (docs/format/catalogs.md, spec/catalogs.md): every JSON example of the catalogs
// page read back from the model, with the Capability API version it needs; the limits of the
// validation table at N (N + 1 is refused here or in tests/cases/format/CA-*). Examples from the
// page are copied verbatim (catalog_fixtures.hpp) and spliced into a sheet that declares what they
// name. Items, creatures, advancement and borrowed headers: catalog_bodies_test.cpp.
#include <string>

#include <gtest/gtest.h>

#include "format/catalog_fixtures.hpp"
#include "format/generate_rulesets.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using namespace catalog_test;
using test::describe;

// ---------------------------------------------------------------------------------------------
// The header (CA-6 – CA-15).

TEST(Catalogs, CA_6_the_knacks_header_is_read_with_its_feeds_filters_and_units) {
  const LoadResult r = test::load(ruleset(", " + kKnacksHeader));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");  // rows catalogs need no gate
  const Catalog& c = only_catalog(r);
  EXPECT_EQ(c.id, "knacks");
  EXPECT_EQ(c.label, "Knacks");
  EXPECT_EQ(c.holds, Catalog::Holds::Rows);  // CA-8: the default
  EXPECT_EQ(c.feeds, (std::vector<std::string>{"knacks", "tricks"}));
  ASSERT_EQ(c.feed_indices.size(), 2u);
  EXPECT_EQ(r.ruleset->sheet.lists[c.feed_indices[0]].id, "knacks");
  EXPECT_EQ(r.ruleset->sheet.lists[c.feed_indices[1]].id, "tricks");
  ASSERT_EQ(c.filters.size(), 3u);
  EXPECT_EQ(c.filters[0].id, "grit");
  EXPECT_EQ(c.filters[0].label, "Grit cost");
  EXPECT_EQ(c.filters[0].type, CatalogFilter::Type::Number);
  EXPECT_EQ(c.filters[1].type, CatalogFilter::Type::Text);
  EXPECT_EQ(c.filters[2].type, CatalogFilter::Type::Tags);
  EXPECT_EQ(c.filters[0].start_from_field, "");
  EXPECT_EQ(c.filters[2].start_from_field, "calling");  // CA-13
  ASSERT_LT(c.filters[2].start_from_index, r.ruleset->sheet.fields.size());
  EXPECT_EQ(r.ruleset->sheet.fields[c.filters[2].start_from_index].id, "calling");
  EXPECT_EQ(c.units_distance_label, "paces");  // CA-14
  EXPECT_EQ(c.units_distance_per_cell, Number::of(2));
  EXPECT_TRUE(c.entries.empty());
  EXPECT_TRUE(c.asset.empty());
  EXPECT_FALSE(c.from.has_value());
  EXPECT_EQ(r.ruleset->catalog_index.at("knacks"), 0u);
}

TEST(Catalogs, CA_3_twelve_catalogs_are_accepted) {
  test::expect_limit(
      [](std::size_t n) {
        std::string catalogs;
        for (std::size_t i = 0; i < n; ++i) {
          catalogs += (i ? ", " : "") + std::string(R"({"id": "c)") + std::to_string(i) +
                      R"(", "label": "C", "feeds": ["knacks"], "entries": []})";
        }
        return ruleset(R"(, "catalogs": [)" + catalogs + "]");
      },
      12, Code::TooMany, "/catalogs");
}

TEST(Catalogs, CA_10_feeds_names_up_to_8_lists) {
  test::expect_limit(
      [](std::size_t n) {
        std::string lists, feeds;
        for (std::size_t i = 0; i < 9; ++i) {
          lists +=
              (i ? ", " : "") + std::string(R"({"id": "l)") + std::to_string(i) +
              R"(", "label": "L", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]})";
        }
        for (std::size_t i = 0; i < n; ++i) feeds += (i ? ", \"l" : "\"l") + std::to_string(i) + "\"";
        return R"({"id": "roads", "label": "Roads", "sheet": {"lists": [)" + lists +
               R"(]}, "catalogs": [{"id": "wide", "label": "Wide", "feeds": [)" + feeds + R"(], "entries": []}]})";
      },
      8, Code::TooMany, "/catalogs/0/feeds");
}

TEST(Catalogs, CA_12_a_catalog_has_up_to_8_filters) {
  test::expect_limit(
      [](std::size_t n) {
        std::string filters;
        for (std::size_t i = 0; i < n; ++i) {
          filters +=
              (i ? ", " : "") + std::string(R"({"id": "f)") + std::to_string(i) + R"(", "label": "F", "type": "tags"})";
        }
        return ruleset(R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "filters": [)" +
                       filters + R"(], "entries": []}])");
      },
      8, Code::TooMany, "/catalogs/0/filters");
}

TEST(Catalogs, CA_13_startFrom_on_a_number_or_text_filter_is_accepted) {
  const LoadResult r = test::load(ruleset(R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"],
    "filters": [{"id": "rank", "label": "Rank", "type": "number", "startFrom": {"field": "level"}},
                {"id": "road", "label": "Road", "type": "text", "startFrom": {"field": "calling"}}], "entries": []}])"));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(only_catalog(r).filters[0].start_from_field, "level");
  EXPECT_EQ(only_catalog(r).filters[1].start_from_field, "calling");
}

TEST(Catalogs, CA_7_catalog_ids_are_unique) {
  const std::string text = ruleset(R"(, "catalogs": [
    {"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "entries": []},
    {"id": "knacks", "label": "Knacks again", "feeds": ["tricks"], "entries": []}])");
  const LoadResult r = test::load(text);
  expect_error_at(r, text, Code::DuplicateId, "/catalogs/1/id", R"("id": "knacks", "label": "Knacks again")");
}

// ---------------------------------------------------------------------------------------------
// Entries (CA-16 – CA-22, CA-25).

TEST(Catalogs, CA_16_the_road_sense_entry_is_read_with_its_filters_and_row) {
  const LoadResult r = test::load(ruleset(knacks_with(kRoadSense)));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
  const Catalog& c = only_catalog(r);
  ASSERT_EQ(c.entries.size(), 1u);
  const CatalogEntry& e = c.entries[0];
  EXPECT_EQ(e.id, "road-sense");
  EXPECT_EQ(e.label, "Road Sense");
  EXPECT_EQ(e.summary, "You read a road the way other people read a face.");
  EXPECT_EQ(e.pointer, "/catalogs/0/entries/0");
  EXPECT_EQ(c.entry_index.at("road-sense"), 0u);
  ASSERT_EQ(e.filters.size(), 3u);  // CA-18
  EXPECT_EQ(e.filters.at("grit"), FilterValue{Number::of(0)});
  EXPECT_EQ(e.filters.at("road"), FilterValue{std::string("Ash Flats")});
  EXPECT_EQ(e.filters.at("callings"), (FilterValue{std::vector<std::string>{"Scout", "Courier"}}));
  ASSERT_EQ(e.rows.size(), 1u);
  EXPECT_EQ(e.rows[0].list, "knacks");
  EXPECT_EQ(r.ruleset->sheet.lists[e.rows[0].list_index].id, "knacks");
  ASSERT_EQ(e.rows[0].values.size(), 2u);
  EXPECT_EQ(text_of(e.rows[0].values.at("name")), "Road Sense");
  EXPECT_EQ(text_of(e.rows[0].values.at("notes")), "Sneak to notice where a road turns bad.");
  EXPECT_TRUE(e.rows[0].scaled.empty());
  EXPECT_FALSE(e.mechanics.has_value());
  EXPECT_EQ(e.item, nullptr);
  EXPECT_FALSE(e.creature.has_value());
}

TEST(Catalogs, CA_25_one_entry_writes_rows_into_two_lists) {
  const LoadResult r = test::load(ruleset(knacks_with(kRoadSense + ",\n" + kLastEmber)));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
  const Catalog& c = only_catalog(r);
  ASSERT_EQ(c.entries.size(), 2u);
  const CatalogEntry& e = c.entries.at(c.entry_index.at("last-ember"));
  EXPECT_EQ(e.label, "Last Ember");
  EXPECT_TRUE(e.summary.empty());  // CA-17: optional
  EXPECT_TRUE(e.filters.empty());  // CA-18: optional
  ASSERT_EQ(e.rows.size(), 2u);
  EXPECT_EQ(e.rows[0].list, "knacks");
  EXPECT_EQ(text_of(e.rows[0].values.at("notes")), "Spend 1 Grit to give a downed friend 3 Grit back.");
  EXPECT_EQ(e.rows[1].list, "tricks");
  EXPECT_EQ(r.ruleset->sheet.lists[e.rows[1].list_index].id, "tricks");
  EXPECT_EQ(text_of(e.rows[1].values.at("name")), "Last Ember");
  EXPECT_EQ(number_of(e.rows[1].values.at("uses")), Number::of(1));
  EXPECT_EQ(text_of(e.rows[1].values.at("recharge")), "camp");
}

TEST(Catalogs, CA_16_the_same_entry_id_may_appear_in_two_catalogs) {
  const LoadResult r = test::load(ruleset(R"(, "catalogs": [
    {"id": "knacks", "label": "Knacks", "feeds": ["knacks", "tricks"], "entries": [)" +
                                          kLastEmber + R"(]},
    {"id": "lore", "label": "Lore", "feeds": ["knacks", "tricks"], "entries": [)" +
                                          kLastEmber + "]}]"));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.ruleset->catalogs[0].entries.at(0).id, "last-ember");
  EXPECT_EQ(r.ruleset->catalogs[1].entries.at(0).id, "last-ember");
}

TEST(Catalogs, CA_16_entry_ids_may_hold_digits_anywhere_and_80_characters) {
  // The reference's limit (decisions.md, "Reference format: catalogs").
  const std::string long_id = test::text_of(40, "a-").substr(0, 79) + "b";  // a-a-…-b, 80 characters
  ASSERT_EQ(long_id.size(), 80u);
  const auto entry = [](const std::string& id) {
    return R"({"id": ")" + id + R"(", "label": "E", "rows": [{"list": "knacks", "values": {"name": "E"}}]})";
  };
  const LoadResult r =
      test::load(ruleset(catalog_with(entry("5-foot-step") + ", " + entry("fire-bolt-2") + ", " + entry(long_id))));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(only_catalog(r).entries.size(), 3u);
  const std::string too_long = long_id + "c";
  const std::string text = ruleset(catalog_with(entry(too_long)));
  expect_error_at(test::load(text), text, Code::BadId, "/catalogs/0/entries/0/id", R"("id": ")" + too_long);
}

TEST(Catalogs, CA_17_a_summary_of_300_code_points_is_accepted_and_301_refused) {
  const auto text = [](std::size_t n) {
    return ruleset(catalog_with(R"({"id": "road-sense", "label": "Road Sense", "summary": ")" + test::text_of(n, "é") +
                                R"(", "rows": [{"list": "knacks", "values": {"name": "Road Sense"}}]})"));
  };
  const LoadResult at = test::load(text(300));
  ASSERT_TRUE(at.ok()) << describe(at);
  EXPECT_EQ(only_catalog(at).entries[0].summary, test::text_of(300, "é"));
  const std::string over = text(301);
  expect_error_at(test::load(over), over, Code::TooLong, "/catalogs/0/entries/0/summary", R"("summary")");
}

TEST(Catalogs, CA_19_an_entry_writes_up_to_6_rows) {
  test::expect_limit(
      [](std::size_t n) {
        std::string rows;
        for (std::size_t i = 0; i < n; ++i) {
          rows += (i ? ", " : "") + std::string(R"({"list": "knacks", "values": {"name": "Row )") + std::to_string(i) +
                  R"("}})";
        }
        return ruleset(catalog_with(R"({"id": "many", "label": "Many", "rows": [)" + rows + "]}"));
      },
      6, Code::TooMany, "/catalogs/0/entries/0/rows");
}

TEST(Catalogs, CA_5_a_catalog_holds_up_to_2000_entries) {
  test::expect_limit(
      [](std::size_t n) {
        std::string entries;
        for (std::size_t i = 0; i < n; ++i) {
          entries += (i ? "," : "") + std::string(R"({"id":"e)") + std::to_string(i) +
                     R"(","label":"E","rows":[{"list":"knacks","values":{"name":"E"}}]})";
        }
        return ruleset(catalog_with(entries));
      },
      2000, Code::TooMany, "/catalogs/0/entries");
}

TEST(Catalogs, CA_22_every_error_names_its_catalog_and_entry) {
  const std::string text = ruleset(catalog_with(
      R"({"id": "last-ember", "label": "Last Ember", "rows": [{"list": "tricks", "values": {"name": "Last Ember", "uses": 11, "recharge": "noon", "uzes": 1}}]})"));
  const LoadResult r = test::load(text);
  ASSERT_FALSE(r.ok());
  int errors = 0;
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity != Severity::Error) continue;
    ++errors;
    EXPECT_NE(d.message.find("catalog `knacks`"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("entry `last-ember`"), std::string::npos) << d.message;
  }
  EXPECT_EQ(errors, 3) << describe(r);
  expect_error_at(r, text, Code::BadCell, "/catalogs/0/entries/0/rows/0/values/uses", R"("uses": 11)");
  expect_error_at(r, text, Code::BadCell, "/catalogs/0/entries/0/rows/0/values/recharge", R"("recharge": "noon")");
  expect_error_at(r, text, Code::UnknownReference, "/catalogs/0/entries/0/rows/0/values/uzes", R"("uzes")");
}

TEST(Catalogs, CA_22_values_at_the_column_bounds_and_every_column_type_are_accepted) {
  const LoadResult r = test::load(ruleset(catalog_with(R"(
    {"id": "low", "label": "Low", "rows": [{"list": "tricks", "values": {"name": "", "uses": 0, "recharge": "dawn"}}]},
    {"id": "high", "label": "High", "rows": [{"list": "tricks", "values": {"name": ")" +
                                                       test::text_of(60, "ü") + R"(", "uses": 10}},
      {"list": "knacks", "values": {"notes": "Line one.\nLine two."}}]})")));
  ASSERT_TRUE(r.ok()) << describe(r);
  const CatalogEntry& high = only_catalog(r).entries[1];
  EXPECT_EQ(number_of(high.rows[0].values.at("uses")), Number::of(10));
  EXPECT_EQ(text_of(high.rows[1].values.at("notes")), "Line one.\nLine two.");  // longtext may break lines
}

// WE-2: the v2 entry of the update example is accepted once the tricks list offers `rest`, and
// refused (CA-22) while it does not.
TEST(Catalogs, CA_22_the_v2_last_ember_row_needs_an_enum_that_offers_rest) {
  const std::string entry = R"({"id": "last-ember", "label": "Last Ember", "rows": [
{ "list": "tricks", "values": { "name": "Last Ember", "uses": 2, "recharge": "rest" } }]})";
  const LoadResult v2 = test::load(ruleset(catalog_with(entry), sheet("", R"("camp", "rest", "dawn")")));
  ASSERT_TRUE(v2.ok()) << describe(v2);
  EXPECT_EQ(text_of(only_catalog(v2).entries[0].rows[0].values.at("recharge")), "rest");
  const std::string v1 = ruleset(catalog_with(entry));
  expect_error_at(test::load(v1), v1, Code::BadCell, "/catalogs/0/entries/0/rows/0/values/recharge",
                  R"("recharge": "rest")");
}

// ---------------------------------------------------------------------------------------------
// Scaled cells (CA-27 – CA-33).

TEST(Catalogs, CA_27_scaled_uses_follow_heart) {
  const std::string entry = R"({"id": "last-ember", "label": "Last Ember", "rows": [
{ "list": "knacks", "values": { "name": "Last Ember", "notes": "Spend 1 Grit to give a downed friend 3 Grit back." } },
)" + kScaledTrick + "]}";
  const LoadResult r = test::load(ruleset(knacks_with(entry)));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.23");  // CA-37
  EXPECT_EQ(r.requires_feature.value_or(""), "`scaled` columns");
  const RowSpec& spec = only_catalog(r).entries[0].rows[1];
  ASSERT_EQ(spec.scaled.size(), 1u);
  const ScaledCell& cell = spec.scaled[0];
  EXPECT_EQ(cell.column, "uses");
  EXPECT_EQ(r.ruleset->sheet.lists[spec.list_index].columns[cell.column_index].id, "uses");
  ASSERT_TRUE(cell.from.has_value());
  EXPECT_EQ(cell.from->kind, RefKind::AbilityScore);
  EXPECT_EQ(cell.from->target, "heart");
  ASSERT_LT(cell.from->index, r.ruleset->sheet.abilities.size());
  EXPECT_EQ(r.ruleset->sheet.abilities[cell.from->index].id, "heart");
  EXPECT_TRUE(cell.table.empty());
  EXPECT_EQ(number_of(spec.values.at("uses")), Number::of(1));  // CA-31: the ordinary number stays
}

TEST(Catalogs, CA_27_a_row_spec_scales_up_to_4_columns) {
  test::expect_limit(
      [](std::size_t n) {
        std::string columns, values, scaled;
        for (std::size_t i = 0; i < 5; ++i) {
          columns += R"(, {"id": "n)" + std::to_string(i) + R"(", "label": "N", "type": "number", "min": 0, "max": 9})";
          values += R"(, "n)" + std::to_string(i) + R"(": 1)";
        }
        for (std::size_t i = 0; i < n; ++i) {
          scaled += (i ? ", \"n" : "\"n") + std::to_string(i) + R"(": {"from": {"abilityScore": "heart"}})";
        }
        return R"({"id": "roads", "label": "Roads", "sheet": {"abilities": [{"id": "heart", "label": "Heart", "min": 0, "max": 100, "default": 0}],
          "lists": [{"id": "counters", "label": "Counters", "maxItems": 500, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200})" +
               columns + R"(]}]}, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["counters"], "entries": [
          {"id": "wide", "label": "Wide", "rows": [{"list": "counters", "values": {"name": "Wide")" +
               values + R"(}, "scaled": {)" + scaled + "}}]}]}]}";
      },
      4, Code::TooMany, "/catalogs/0/entries/0/rows/0/scaled");
}

TEST(Catalogs, CA_29_scaled_from_a_derived_value_or_a_field) {
  const LoadResult r = test::load(ruleset(catalog_with(R"(
    {"id": "lay-on-hands", "label": "Lay on Hands", "rows": [{"list": "tricks", "values": {"name": "Lay on Hands", "uses": 5},
      "scaled": { "uses": {
"from": { "derived": "lay_on_hands_max" }
      } }}]},
    {"id": "second-wind", "label": "Second Wind", "rows": [{"list": "tricks", "values": {"name": "Second Wind", "uses": 1},
      "scaled": {"uses": {"from": { "field": "level" }}}}]})")));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.23");
  const Catalog& c = only_catalog(r);
  const Ref& derived = *c.entries[0].rows[0].scaled.at(0).from;
  EXPECT_EQ(derived.kind, RefKind::Derived);
  EXPECT_EQ(derived.target, "lay_on_hands_max");
  ASSERT_LT(derived.index, r.ruleset->sheet.derived.size());
  EXPECT_EQ(r.ruleset->sheet.derived[derived.index].id, "lay_on_hands_max");
  const Ref& field = *c.entries[1].rows[0].scaled.at(0).from;
  EXPECT_EQ(field.kind, RefKind::Field);
  EXPECT_EQ(field.target, "level");
}

TEST(Catalogs, CA_30_scaled_max_steps_with_the_level_table) {
  const LoadResult r = test::load(ruleset(catalog_with(R"(
    {"id": "channel", "label": "Channel", "rows": [{"list": "features", "values": {"name": "Channel", "max": 2},
"scaled": { "max": { "from": { "field": "level" }, "table": [[1, 2], [3, 3], [6, 4]] } }
    }]})")));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.23");
  const ScaledCell& cell = only_catalog(r).entries[0].rows[0].scaled.at(0);
  EXPECT_EQ(cell.column, "max");
  EXPECT_EQ(cell.from->kind, RefKind::Field);
  EXPECT_EQ(cell.table,
            (std::vector<std::pair<Number, Number>>{
                {Number::of(1), Number::of(2)}, {Number::of(3), Number::of(3)}, {Number::of(6), Number::of(4)}}));
}

TEST(Catalogs, CA_31_a_scaled_column_without_its_ordinary_number_is_refused) {
  const std::string text = ruleset(catalog_with(R"({"id": "last-ember", "label": "Last Ember", "rows": [
    {"list": "tricks", "values": {"name": "Last Ember"}, "scaled": {"uses": {"from": {"abilityScore": "heart"}}}}]})"));
  const LoadResult r = test::load(text);
  expect_error_at(r, text, Code::MissingKey, "/catalogs/0/entries/0/rows/0/values",
                  R"("values": {"name": "Last Ember"})");
  EXPECT_EQ(r.diagnostics.error_count(), 1u) << describe(r);
}

// CA-32: Last Ember's scaled tricks row is its only row in tricks; its knacks row is another list.
TEST(Catalogs, CA_32_a_scaled_row_beside_rows_of_other_lists_needs_no_names) {
  const LoadResult r = test::load(ruleset(catalog_with(R"({"id": "last-ember", "label": "Last Ember", "rows": [
    {"list": "knacks", "values": {"name": "Last Ember"}},
    {"list": "tricks", "values": {"name": "Last Ember", "uses": 1}, "scaled": {"uses": {"from": {"abilityScore": "heart"}}}}]},
    {"id": "twin", "label": "Twin", "rows": [
    {"list": "tricks", "values": {"name": "Twin", "uses": 1}},
    {"list": "tricks", "values": {"name": "Twin", "uses": 1}}]})")));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.23");
}

const std::string kTwoScaledRows = R"({"id": "twin-ember", "label": "Twin Ember", "rows": [
    {"list": "tricks", "values": {"name": "Left Ember", "uses": 1}, "scaled": {"uses": {"from": {"abilityScore": "heart"}}}},
    {"list": "tricks", "values": {"name": "Right Ember", "uses": 1}, "scaled": {"uses": {"from": {"field": "level"}}}}]})";

TEST(Catalogs, CA_33_two_scaled_rows_in_one_list_with_their_own_names_are_accepted_with_1_92) {
  const LoadResult r = test::load(ruleset(catalog_with(kTwoScaledRows)));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.92");
  const CatalogEntry& e = only_catalog(r).entries[0];
  ASSERT_EQ(e.rows.size(), 2u);
  EXPECT_EQ(text_of(e.rows[0].values.at("name")), "Left Ember");
  EXPECT_EQ(e.rows[0].scaled.at(0).from->kind, RefKind::AbilityScore);
  EXPECT_EQ(text_of(e.rows[1].values.at("name")), "Right Ember");
  EXPECT_EQ(e.rows[1].scaled.at(0).from->kind, RefKind::Field);
}

TEST(Catalogs, CA_32_two_scaled_rows_in_one_list_sharing_a_name_are_refused) {
  std::string rows = kTwoScaledRows;
  rows.replace(rows.find("Right Ember"), 11, "Left Ember");
  const std::string text = ruleset(catalog_with(rows));
  const LoadResult r = test::load(text);
  expect_error_at(r, text, Code::BadValue, "/catalogs/0/entries/0/rows", R"("rows": [)");
  EXPECT_EQ(r.diagnostics.error_count(), 1u) << describe(r);
}

// ---------------------------------------------------------------------------------------------
// Mechanics (CA-79 – CA-90) and the pool that pays for another group (CA-85).

// CA-85, verbatim.
const std::string kPactSlots = R"({
"id": "pact_slots",
"label": "Pact Slots",
"group": "pact",
"max": { "field": "pact_slot_count" },
"level": { "field": "pact_slot_level" },
"pays": ["slots"]
})";

TEST(Catalogs, CA_85_pact_slots_pay_the_slots_group_at_their_own_level) {
  const LoadResult r = test::load(ruleset("", sheet(",\n" + kPactSlots)));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.171");
  const Pool& pact = r.ruleset->sheet.pools.back();
  EXPECT_EQ(pact.id, "pact_slots");
  EXPECT_EQ(pact.label, "Pact Slots");
  EXPECT_EQ(pact.group, "pact");
  EXPECT_EQ(pact.max.kind, RefKind::Field);
  EXPECT_EQ(pact.max.target, "pact_slot_count");
  ASSERT_TRUE(pact.level.has_value());
  EXPECT_EQ(pact.level->kind, RefKind::Field);
  EXPECT_EQ(pact.level->target, "pact_slot_level");
  EXPECT_EQ(pact.pays, (std::vector<Id>{"slots"}));
}

TEST(Catalogs, CA_90_hold_person_gains_a_target_per_cost_step) {
  const LoadResult r = test::load(ruleset(catalog_with(R"({"id": "hold-person", "label": "Hold Person",
    "rows": [{"list": "knacks", "values": {"name": "Hold Person"}}],
    "mechanics": {"kind": "debuff", "cost": [{"pool": "slots", "amount": 1}],
"targetCount": 1, "targetsPerCostStep": 1
    }})"),
                                          sheet(",\n" + kPactSlots)));
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.171");
  const auto& m = only_catalog(r).entries[0].mechanics;
  ASSERT_TRUE(m.has_value());
  ASSERT_EQ(m->cost.size(), 1u);
  EXPECT_EQ(m->cost[0].group, "slots");
  EXPECT_TRUE(m->cost[0].pool.empty());
  EXPECT_EQ(m->cost[0].amount, Number::of(1));
  EXPECT_EQ(m->target_count, Number::of(1));
  EXPECT_EQ(m->targets_per_cost_step, Number::of(1));
}

TEST(Catalogs, CA_90_targetCount_up_to_20_and_targetsPerCostStep_up_to_10) {
  const auto text = [](int count, int per_step) {
    return ruleset(catalog_with(
        R"({"id": "hold-monster", "label": "Hold Monster", "rows": [{"list": "knacks", "values": {"name": "H"}}],
      "mechanics": {"kind": "debuff", "targetCount": )" +
        std::to_string(count) + R"(, "targetsPerCostStep": )" + std::to_string(per_step) + "}}"));
  };
  const LoadResult at = test::load(text(20, 10));
  ASSERT_TRUE(at.ok()) << describe(at);
  EXPECT_EQ(only_catalog(at).entries[0].mechanics->target_count, Number::of(20));
  EXPECT_EQ(only_catalog(at).entries[0].mechanics->targets_per_cost_step, Number::of(10));
  EXPECT_TRUE(test::load(text(1, 1)).ok());
  const std::string over_count = text(21, 10);
  expect_error_at(test::load(over_count), over_count, Code::OutOfRange, "/catalogs/0/entries/0/mechanics/targetCount",
                  R"("targetCount")");
  const std::string over_step = text(20, 11);
  expect_error_at(test::load(over_step), over_step, Code::OutOfRange,
                  "/catalogs/0/entries/0/mechanics/targetsPerCostStep", R"("targetsPerCostStep")");
  const std::string under_step = text(1, 0);
  expect_error_at(test::load(under_step), under_step, Code::OutOfRange,
                  "/catalogs/0/entries/0/mechanics/targetsPerCostStep", R"("targetsPerCostStep")");
}

// docs/format/catalogs.md, the mechanics example: a cost names a pool group in `pool` (CA-79).
TEST(Catalogs, CA_21_the_mechanics_example_reads_cost_targets_range_and_area) {
  const LoadResult r = test::load(ruleset(catalog_with(R"({"id": "fireball", "label": "Fireball",
    "rows": [{"list": "knacks", "values": {"name": "Fireball"}}],
"mechanics": {
  "kind": "attack",
  "cost": [{ "pool": "slots", "amount": 1 }],
  "targetCount": 1,
  "targetsPerCostStep": 1,
  "range": 150,
  "area": { "shape": "burst", "size": 20 }
}}, {"id": "firebolt", "label": "Fire Bolt", "rows": [{"list": "knacks", "values": {"name": "Fire Bolt"}}],
     "mechanics": {"kind": "attack", "cost": [{"pool": "grit", "amount": 2}]}})")));
  ASSERT_TRUE(r.ok()) << describe(r);
  const Mechanics& m = *only_catalog(r).entries[0].mechanics;
  EXPECT_EQ(m.cost.at(0).group, "slots");
  EXPECT_EQ(m.range, Number::of(150));
  EXPECT_EQ(m.area_shape, rk::AreaShape::Burst);
  EXPECT_EQ(m.area_size, Number::of(20));
  // `grit` is a pool and a group of its own: a pool's id wins, so the term pays from that pool.
  const CostTerm& pool_term = only_catalog(r).entries[1].mechanics->cost.at(0);
  EXPECT_EQ(pool_term.pool, "grit");
  EXPECT_EQ(r.ruleset->sheet.pools.at(pool_term.pool_index).id, "grit");
  EXPECT_EQ(pool_term.amount, Number::of(2));
}

}  // namespace
}  // namespace rk
