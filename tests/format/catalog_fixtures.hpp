#pragma once
// Fixtures shared by the catalog tests (catalogs_test.cpp, catalog_bodies_test.cpp,
// catalog_packages_test.cpp): the sheet the catalogs page's examples write into, the page's
// examples verbatim, and helpers that locate a diagnostic by line and column.
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk::catalog_test {

/// The sheet the page's examples write into: the knacks and tricks lists (CA-6, CA-25), a
/// `features` list with a `max` column (CA-30), Heart (CA-27), level (CA-30), lay_on_hands_max
/// (CA-29), the pact slot fields (CA-85) and a `slots` group (WE-4). `pools` adds live pools.
inline std::string sheet(const std::string& pools = "", const std::string& recharge = R"("camp", "dawn")") {
  return R"({
  "abilities": [{"id": "heart", "label": "Heart", "min": 0, "max": 5, "default": 0}],
  "fields": [
    {"id": "calling", "label": "Calling", "type": "text", "maxLength": 200},
    {"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20},
    {"id": "pact_slot_count", "label": "Pact slot count", "type": "number", "min": 0, "max": 4},
    {"id": "pact_slot_level", "label": "Pact slot level", "type": "number", "min": 1, "max": 5}],
  "lists": [
    {"id": "knacks", "label": "Knacks", "maxItems": 500, "columns": [
      {"id": "name", "label": "Name", "type": "text", "maxLength": 60},
      {"id": "notes", "label": "Notes", "type": "longtext", "maxLength": 4000}]},
    {"id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [
      {"id": "name", "label": "Name", "type": "text", "maxLength": 60},
      {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 10},
      {"id": "recharge", "label": "Recharge", "type": "enum", "values": [)" +
         recharge + R"(]}]},
    {"id": "features", "label": "Features", "maxItems": 500, "columns": [
      {"id": "name", "label": "Name", "type": "text", "maxLength": 200},
      {"id": "max", "label": "Max", "type": "number", "min": 0, "max": 20}]}],
  "derived": [{"id": "lay_on_hands_max", "label": "Lay on Hands pool", "op": "sum",
               "of": [{"field": "level"}, {"field": "level"}, {"field": "level"}, {"field": "level"}, {"field": "level"}]}],
  "live": {"pools": [
    {"id": "grit", "label": "Grit", "max": 5, "group": "grit"},
    {"id": "slots_1", "label": "1st-level slots", "max": 4, "group": "slots"},
    {"id": "slots_2", "label": "2nd-level slots", "max": 3, "group": "slots"})" +
         pools + R"(]}
})";
}

/// A single-file ruleset: `sheet` and the top-level members `top` (starting with a comma).
inline std::string ruleset(const std::string& top, const std::string& sheet_text = sheet()) {
  return R"({"id": "roads", "label": "Roads", "sheet": )" + sheet_text + top + "}";
}

// CA-6, verbatim.
inline const std::string kKnacksHeader = R"("catalogs": [
{
"id": "knacks",
"label": "Knacks",
"feeds": ["knacks", "tricks"],
"filters": [
{ "id": "grit", "label": "Grit cost", "type": "number" },
{ "id": "road", "label": "Road", "type": "text" },
{ "id": "callings", "label": "Calling", "type": "tags", "startFrom": { "field": "calling" } }
],
"units": { "distance": { "label": "paces", "perCell": 2 } },
"entries": []
}
])";

// §3, verbatim.
inline const std::string kRoadSense = R"({
"id": "road-sense",
"label": "Road Sense",
"summary": "You read a road the way other people read a face.",
"filters": { "grit": 0, "road": "Ash Flats", "callings": ["Scout", "Courier"] },
"rows": [
{
"list": "knacks",
"values": { "name": "Road Sense", "notes": "Sneak to notice where a road turns bad." }
}
]
})";

// CA-25, verbatim.
inline const std::string kLastEmber = R"({
"id": "last-ember",
"label": "Last Ember",
"rows": [
{
"list": "knacks",
"values": { "name": "Last Ember", "notes": "Spend 1 Grit to give a downed friend 3 Grit back." }
},
{ "list": "tricks", "values": { "name": "Last Ember", "uses": 1, "recharge": "camp" } }
]
})";

// CA-27, verbatim: the tricks row spec of Last Ember with its uses scaled from Heart.
inline const std::string kScaledTrick = R"({
"list": "tricks",
"values": { "name": "Last Ember", "uses": 1, "recharge": "camp" },
"scaled": { "uses": { "from": { "abilityScore": "heart" } } }
})";

/// The knacks header of CA-6 with `entries` in place of its empty array.
inline std::string knacks_with(const std::string& entries) {
  std::string header = kKnacksHeader;
  const std::string empty = R"("entries": [])";
  header.replace(header.find(empty), empty.size(), R"("entries": [)" + entries + "]");
  return ", " + header;
}

/// A rows catalog `knacks` feeding knacks, tricks and features, with `entries`.
inline std::string catalog_with(const std::string& entries) {
  return R"(, "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks", "tricks", "features"], "entries": [)" +
         entries + "]}]";
}

/// 1-based line and column of the first `needle` in `text`.
inline std::pair<int, int> position_of(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  int line = 1, column = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

/// `r` is refused with `code` at `pointer`, located at the first `needle` of `text`.
inline void expect_error_at(const LoadResult& r, const std::string& text, Code code, const std::string& pointer,
                            const std::string& needle) {
  EXPECT_FALSE(r.ok());
  const auto [line, column] = position_of(text, needle);
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity == Severity::Error && d.code == code && d.pointer == pointer) {
      EXPECT_EQ(d.line, line) << pointer;
      EXPECT_EQ(d.column, column) << pointer;
      return;
    }
  }
  ADD_FAILURE() << "no " << code_name(code) << " at " << pointer << "\n" << test::describe(r);
}

inline const Catalog& only_catalog(const LoadResult& r) {
  EXPECT_EQ(r.ruleset->catalogs.size(), 1u);
  return r.ruleset->catalogs.at(0);
}

inline const Number& number_of(const Scalar& s) { return std::get<Number>(s.value); }
inline const std::string& text_of(const Scalar& s) { return std::get<std::string>(s.value); }

}  // namespace rk::catalog_test
