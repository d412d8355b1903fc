// The reference format's top level, `gm` and `layers` (docs/format/ruleset.md, gm-clocks-party.md):
// what the base chapter "Writing Game Mode Rulesets" says a file holds, and every refusal it
// states for them. The fixture is built from the Ember Roads example and the chapter's own
// layer example.
#include <string>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "format/limits.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

namespace bj = boost::json;

/// Ember Roads' own top level and Game Master text, over a small sheet in our dialect: an enum
/// `calling` (the chapter's layer example narrows it), a `gear` list and the `knacks` catalog.
const char* const kEmberRoads = R"({
  "schemaVersion": 1,
  "id": "ember-roads",
  "version": 1,
  "name": "Ember Roads",
  "edition": "Example ruleset, first draft",
  "license": { "spdx": "CC0-1.0", "attribution": "Written for the Marinara Engine docs. Do what you like with it." },
  "coverage": {
    "checks": true, "saves": false, "sheet": true, "resources": true, "rests": true, "combat": true,
    "summary": "2d6 plus a stat against a difficulty, a short sheet with Grit and Luck, one rest, and fights resolved by these rules."
  },
  "resolution": { "kind": "dice-sum", "dice": { "count": 2, "sides": 6 }, "abilityModifier": { "op": "identity" },
    "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }], "difficultyLadder": [{ "label": "Hard", "dc": 10 }] },
  "sheet": {
    "version": 1,
    "fields": [
      { "id": "calling", "label": "Calling", "type": "enum", "values": ["Hauler", "Scout", "Sailor"], "default": "Scout" },
      { "id": "toughness", "label": "Toughness", "type": "number", "min": 0, "max": 6, "default": 2 }
    ],
    "lists": [
      { "id": "gear", "label": "Gear", "maxItems": 500, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 200 },
        { "id": "swing", "label": "Rolls with", "type": "enum", "values": ["brawn", "wits", "heart"] },
        { "id": "damage", "label": "Damage dice", "type": "dice" },
        { "id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 9 },
        { "id": "carried", "label": "Carried", "type": "boolean" }
      ] },
      { "id": "knacks", "label": "Knacks", "maxItems": 500, "columns": [{ "id": "name", "label": "Name", "type": "text", "maxLength": 200 }] }
    ]
  },
  "gm": {
    "checkGuidance": "This game uses the Ember Roads rules. Call for a check with one of the skills on the sheet.",
    "sheetGuidance": "The character sheets below are authoritative.",
    "sheetSummary": { "fields": ["calling"], "lists": [{ "list": "gear", "nameColumn": "name", "columns": ["damage"] }] }
  },
  "catalogs": [
    { "id": "knacks", "label": "Knacks", "feeds": ["knacks"],
      "filters": [
        { "id": "grit", "label": "Grit cost", "type": "number" },
        { "id": "road", "label": "Road", "type": "text" },
        { "id": "callings", "label": "Calling", "type": "tags" }
      ],
      "entries": [
        { "id": "road-sense", "label": "Road Sense", "filters": { "grit": 0, "road": "Ash Flats", "callings": ["Scout"] },
          "rows": [{ "list": "knacks", "values": { "name": "Road Sense" } }] }
      ] }
  ]
})";

/// The chapter's "Layers" example, as written there.
const char* const kChapterLayers = R"([
  {
    "id": "hard_winter",
    "label": "Hard winter",
    "summary": "Cold, hunger and short days. Everything is harder.",
    "conflicts": ["mud_season"],
    "gm": {
      "guidance": "Hard winter is on. Let a failed check cost warmth, food or daylight as well as progress.",
      "worldGuidance": "Hard winter is on. Build a world of closed roads, thin stores and rationed settlements."
    },
    "fields": [{ "id": "calling", "removeValues": ["Sailor"], "default": "Hauler" }],
    "difficultyLadder": [{ "label": "Easy", "dc": 7 }],
    "catalogs": [{ "id": "knacks", "hide": { "filter": "grit", "above": 0 } }]
  },
  { "id": "mud_season", "label": "Mud season", "summary": "Thaw, flooded roads and slow going." }
])";

bj::object base() { return bj::parse(kEmberRoads).as_object(); }
/// The value at a JSON Pointer of plain keys and indices (the fixture's own, so it exists).
bj::value& at(bj::object& o, std::string_view pointer) {
  bj::value* v = nullptr;
  bj::object* object = &o;
  while (!pointer.empty()) {
    pointer.remove_prefix(1);
    const std::string_view token = pointer.substr(0, pointer.find('/'));
    pointer.remove_prefix(token.size());
    if (v != nullptr && v->is_array()) {
      v = &v->as_array().at(std::stoul(std::string(token)));
    } else {
      v = &(v == nullptr ? *object : v->as_object()).at(token);
    }
  }
  return *v;
}
LoadResult load(const bj::object& o) { return test::load(bj::serialize(o)); }
std::string repeat(char c, std::size_t n) { return std::string(n, c); }

/// One layer of the chapter's example with `patch` merged over it.
bj::object with_layer(const char* patch) {
  bj::object rs = base();
  bj::array layers = bj::parse(kChapterLayers).as_array();
  const bj::value parsed = bj::parse(patch);
  for (const auto& [key, value] : parsed.as_object()) layers[0].as_object()[key] = value;
  rs["layers"] = layers;
  return rs;
}

std::string manifest(std::int64_t minor) {
  return R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

/// A gate at `minor`: accepted when declared, refused one minor below at `pointer`.
void expect_gate(const bj::object& rs, std::int64_t minor, const std::string& pointer) {
  const LoadResult exact = load_package_texts(manifest(minor), bj::serialize(rs));
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1." + std::to_string(minor));
  const LoadResult below = load_package_texts(manifest(minor - 1), bj::serialize(rs));
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, pointer)) << test::describe(below);
}

std::string message_at(const LoadResult& r, std::string_view pointer) {
  for (const auto& d : r.diagnostics.items()) {
    if (d.pointer == pointer) return d.message;
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// "The parts of the file".

TEST(RefTop, parts_of_the_file_ember_roads_top_level_is_read) {
  const LoadResult r = load(base());
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Ruleset& rs = *r.ruleset;
  EXPECT_EQ(rs.schema_version, 1);
  EXPECT_EQ(rs.id, "ember-roads");
  EXPECT_EQ(rs.version, 1);
  EXPECT_EQ(rs.label, "Ember Roads");
  EXPECT_EQ(rs.edition, "Example ruleset, first draft");
  ASSERT_TRUE(rs.license.has_value());
  EXPECT_EQ(rs.license->spdx, "CC0-1.0");
  ASSERT_TRUE(rs.coverage.has_value());
  EXPECT_TRUE(rs.coverage->checks);
  EXPECT_FALSE(rs.coverage->saves);
  EXPECT_TRUE(rs.coverage->combat);
  EXPECT_EQ(rs.coverage->summary.substr(0, 21), "2d6 plus a stat again");
}

// The chapter's Quickstart: an author may put `$schema` as the first line inside the file's outer
// braces for their editor's help. It is dropped before anything reads the file, in a single file
// and in a package alike, whatever it holds.
TEST(RefTop, parts_of_the_file_schema_as_the_first_key_is_ignored) {
  const std::string body = bj::serialize(base());
  for (const char* value : {R"("https://example.org/ruleset.schema.json")", "5"}) {
    SCOPED_TRACE(value);
    const std::string text = std::string("{\n  \"$schema\": ") + value + ",\n" + body.substr(1);
    const LoadResult single = load_ruleset_text(text);
    ASSERT_TRUE(single.ok()) << test::describe(single);
    EXPECT_EQ(single.ruleset->id, "ember-roads");
    const std::string needs = single.requires_version.value_or("1.0");
    const LoadResult packaged = load_package_texts(manifest(std::stoll(needs.substr(needs.find('.') + 1))), text);
    EXPECT_TRUE(packaged.ok()) << test::describe(packaged);
  }
}

// Only the root may carry it, as in the reference's schema: anywhere else `$schema` is a key the
// object does not define (decisions.md "Top level").
TEST(RefTop, parts_of_the_file_schema_below_the_root_is_an_unknown_key) {
  bj::object rs = base();
  at(rs, "/sheet").as_object()["$schema"] = "https://example.org/ruleset.schema.json";
  at(rs, "/sheet/fields/0").as_object()["$schema"] = "https://example.org/ruleset.schema.json";
  const LoadResult r = load_ruleset_text(bj::serialize(rs));
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/$schema")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/fields/0/$schema")) << test::describe(r);
  // `$comment`, by contrast, is a note on any object.
  rs = base();
  at(rs, "/sheet/fields/0").as_object()["$comment"] = "the chapter's layer example narrows it";
  EXPECT_TRUE(load_ruleset_text(bj::serialize(rs)).ok());
}

TEST(RefTop, parts_of_the_file_schemaVersion_is_always_1) {
  bj::object rs = base();
  rs["schemaVersion"] = 2;
  const LoadResult r = load(rs);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/schemaVersion")) << test::describe(r);
  EXPECT_NE(message_at(r, "/schemaVersion").find("always 1"), std::string::npos);
}

TEST(RefTop, parts_of_the_file_a_ruleset_needs_its_whole_top_level) {
  for (const char* key : {"schemaVersion", "version", "name", "coverage", "resolution", "sheet", "gm"}) {
    SCOPED_TRACE(key);
    bj::object rs = base();
    rs.erase(key);
    const LoadResult r = load_ruleset_text(bj::serialize(rs));
    EXPECT_TRUE(test::has_error(r, Code::MissingKey, "")) << test::describe(r);
    EXPECT_NE(message_at(r, "").find(std::string("`") + key + "`"), std::string::npos) << test::describe(r);
  }
  bj::object rs = base();
  at(rs, "/gm").as_object().erase("checkGuidance");
  EXPECT_TRUE(test::has_error(load_ruleset_text(bj::serialize(rs)), Code::MissingKey, "/gm"));
  rs = base();
  at(rs, "/sheet").as_object().erase("version");
  EXPECT_TRUE(test::has_error(load_ruleset_text(bj::serialize(rs)), Code::MissingKey, "/sheet"));
}

TEST(RefTop, parts_of_the_file_our_first_dialect_is_refused) {
  // No user holds a file of it (issue 8), so it is refused with what to write instead.
  const LoadResult r = load_ruleset_text(R"({"id": "tiny", "label": "Tiny", "sheet": {}})");
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/label")) << test::describe(r);
  EXPECT_NE(message_at(r, "/label").find("`name`"), std::string::npos) << test::describe(r);
  for (const char* key : {"`schemaVersion`", "`version`", "`name`", "`coverage`", "`resolution`", "`gm`"}) {
    bool found = false;
    for (const auto& d : r.diagnostics.items())
      found |= d.code == Code::MissingKey && d.message.find(key) != std::string::npos;
    EXPECT_TRUE(found) << key << "\n" << test::describe(r);
  }
}

TEST(RefTop, parts_of_the_file_label_beside_name_is_refused) {
  bj::object rs = base();
  rs["label"] = "Ember Roads";
  EXPECT_TRUE(test::has_error(load(rs), Code::UnknownKey, "/label"));
  rs.erase("name");
  const LoadResult label_only = load_ruleset_text(bj::serialize(rs));
  EXPECT_TRUE(test::has_error(label_only, Code::MissingKey, "")) << test::describe(label_only);
  EXPECT_TRUE(test::has_error(label_only, Code::UnknownKey, "/label")) << test::describe(label_only);
}

TEST(RefTop, parts_of_the_file_id_is_lowercase_letters_digits_and_single_hyphens) {
  for (const char* good : {"ember-roads", "5e-2014", "v20"}) {
    bj::object rs = base();
    rs["id"] = good;
    EXPECT_TRUE(load(rs).ok()) << good;
  }
  for (const char* bad : {"Ember-Roads", "ember_roads", "ember--roads", "-ember", "ember-", "ember.roads", ""}) {
    SCOPED_TRACE(bad);
    bj::object rs = base();
    rs["id"] = bad;
    EXPECT_TRUE(test::has_error(load(rs), Code::BadId, "/id"));
  }
  bj::object rs = base();
  rs["id"] = repeat('a', limits::kRulesetIdLength);
  EXPECT_TRUE(load(rs).ok());
  rs["id"] = repeat('a', limits::kRulesetIdLength + 1);
  EXPECT_TRUE(test::has_error(load(rs), Code::TooLong, "/id"));
}

TEST(RefTop, parts_of_the_file_engine_owned_ids_are_refused) {
  for (const char* reserved : {"engine-legacy", "traditional"}) {
    bj::object rs = base();
    rs["id"] = reserved;
    const LoadResult r = load(rs);
    EXPECT_TRUE(test::has_error(r, Code::BadValue, "/id")) << test::describe(r);
    EXPECT_NE(message_at(r, "/id").find(reserved), std::string::npos);
  }
}

TEST(RefTop, parts_of_the_file_version_is_a_whole_number_from_1) {
  bj::object rs = base();
  rs["version"] = 0;
  EXPECT_TRUE(test::has_error(load(rs), Code::OutOfRange, "/version"));
  rs["version"] = 1.5;
  EXPECT_TRUE(test::has_error(load(rs), Code::BadNumber, "/version"));
  rs["version"] = "1";
  EXPECT_TRUE(test::has_error(load(rs), Code::WrongType, "/version"));
  rs["version"] = 12;
  const LoadResult r = load(rs);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->version, 12);
}

TEST(RefTop, parts_of_the_file_name_and_edition_are_prompt_safe_lines) {
  bj::object rs = base();
  rs["name"] = repeat('n', limits::kRulesetNameLength);
  rs["edition"] = repeat('e', limits::kEditionLength);
  EXPECT_TRUE(load(rs).ok());
  rs["name"] = repeat('n', limits::kRulesetNameLength + 1);
  rs["edition"] = repeat('e', limits::kEditionLength + 1);
  LoadResult r = load(rs);
  EXPECT_TRUE(test::has_error(r, Code::TooLong, "/name")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::TooLong, "/edition")) << test::describe(r);
  // "Text that ends up in a prompt … cannot contain line breaks, square brackets, or double curly braces."
  for (const char* unsafe : {"Ember\nRoads", "Ember [Roads]", "Ember {{Roads}}"}) {
    rs["name"] = unsafe;
    EXPECT_TRUE(test::has_error(load(rs), Code::NotPromptSafe, "/name")) << unsafe;
  }
  rs["name"] = "";
  EXPECT_TRUE(test::has_error(load(rs), Code::BadValue, "/name"));
}

TEST(RefTop, parts_of_the_file_license_holds_an_spdx_id_and_attribution) {
  bj::object rs = base();
  at(rs, "/license").as_object()["spdx"] = repeat('x', limits::kSpdxLength + 1);
  at(rs, "/license").as_object()["attribution"] = repeat('x', limits::kAttributionLength + 1);
  at(rs, "/license").as_object()["url"] = "https://example.org";
  const LoadResult r = load(rs);
  EXPECT_TRUE(test::has_error(r, Code::TooLong, "/license/spdx")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::TooLong, "/license/attribution")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/license/url")) << test::describe(r);
  rs["license"] = bj::object{};
  EXPECT_TRUE(load(rs).ok());
}

TEST(RefTop, parts_of_the_file_coverage_has_six_flags_and_a_summary) {
  bj::object rs = base();
  bj::object& coverage = at(rs, "/coverage").as_object();
  coverage.erase("summary");
  coverage["checks"] = "yes";
  coverage["dice"] = true;
  LoadResult r = load(rs);
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/coverage")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongType, "/coverage/checks")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/coverage/dice")) << test::describe(r);
  rs["coverage"] = bj::object{{"summary", repeat('s', limits::kCoverageSummaryLength)}};
  r = load(rs);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_FALSE(r.ruleset->coverage->checks);  // every flag defaults to false
  rs["coverage"] = bj::object{{"summary", repeat('s', limits::kCoverageSummaryLength + 1)}};
  EXPECT_TRUE(test::has_error(load(rs), Code::TooLong, "/coverage/summary"));
}

// ---------------------------------------------------------------------------------------------
// "Game Master text".

TEST(RefTop, game_master_text_each_guidance_is_at_most_1500_characters) {
  for (const char* key : {"checkGuidance", "sheetGuidance", "worldGuidance"}) {
    SCOPED_TRACE(key);
    bj::object rs = base();
    at(rs, "/gm").as_object()[key] = repeat('g', limits::kGuidanceLength);
    EXPECT_TRUE(load(rs).ok());
    at(rs, "/gm").as_object()[key] = repeat('g', limits::kGuidanceLength + 1);
    EXPECT_TRUE(test::has_error(load(rs), Code::TooLong, std::string("/gm/") + key));
    at(rs, "/gm").as_object()[key] = "Roll [sheet: op=\"damage\"] now.";
    EXPECT_TRUE(test::has_error(load(rs), Code::NotPromptSafe, std::string("/gm/") + key));
  }
}

TEST(RefTop, game_master_text_summary_lists_name_a_column_and_up_to_three_more) {
  const LoadResult r = load(base());
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const auto& lists = r.ruleset->gm.sheet_summary->lists;
  ASSERT_EQ(lists.size(), 1u);
  EXPECT_EQ(lists[0].list, "gear");
  EXPECT_EQ(lists[0].name_column, "name");
  EXPECT_EQ(lists[0].columns, std::vector<std::string>{"damage"});

  bj::object rs = base();
  at(rs, "/gm/sheetSummary/lists/0").as_object()["columns"] = bj::array{"damage", "bulk", "swing"};
  EXPECT_TRUE(load(rs).ok());
  at(rs, "/gm/sheetSummary/lists/0").as_object()["columns"] = bj::array{"damage", "bulk", "swing", "carried"};
  EXPECT_TRUE(test::has_error(load(rs), Code::TooMany, "/gm/sheetSummary/lists/0/columns"));
  at(rs, "/gm/sheetSummary/lists/0").as_object()["columns"] = bj::array{};
  EXPECT_TRUE(test::has_error(load(rs), Code::TooFew, "/gm/sheetSummary/lists/0/columns"));
  at(rs, "/gm/sheetSummary/lists/0").as_object()["columns"] = bj::array{"weight"};
  const LoadResult unknown = load(rs);
  EXPECT_TRUE(test::has_error(unknown, Code::UnknownReference, "/gm/sheetSummary/lists/0/columns/0"))
      << test::describe(unknown);
}

TEST(RefTop, game_master_text_name_column_is_a_text_or_enum_column) {
  bj::object rs = base();
  bj::object& list = at(rs, "/gm/sheetSummary/lists/0").as_object();
  list["nameColumn"] = "swing";
  EXPECT_TRUE(load(rs).ok());
  for (const char* wrong : {"bulk", "carried", "damage"}) {
    at(rs, "/gm/sheetSummary/lists/0").as_object()["nameColumn"] = wrong;
    const LoadResult r = load(rs);
    EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/gm/sheetSummary/lists/0/nameColumn")) << wrong;
    EXPECT_NE(message_at(r, "/gm/sheetSummary/lists/0/nameColumn").find("text or enum"), std::string::npos);
  }
  at(rs, "/gm/sheetSummary/lists/0").as_object()["nameColumn"] = "title";
  EXPECT_TRUE(test::has_error(load(rs), Code::UnknownReference, "/gm/sheetSummary/lists/0/nameColumn"));
  at(rs, "/gm/sheetSummary/lists/0").as_object().erase("nameColumn");
  EXPECT_TRUE(test::has_error(load(rs), Code::MissingKey, "/gm/sheetSummary/lists/0"));
}

TEST(RefTop, game_master_text_groupBy_names_a_column_and_onlyWhen_a_boolean_one) {
  bj::object rs = base();
  bj::object& list = at(rs, "/gm/sheetSummary/lists/0").as_object();
  list["groupBy"] = "swing";
  list["onlyWhen"] = "carried";
  EXPECT_TRUE(load(rs).ok());
  at(rs, "/gm/sheetSummary/lists/0").as_object()["groupBy"] = "school";
  at(rs, "/gm/sheetSummary/lists/0").as_object()["onlyWhen"] = "bulk";
  const LoadResult r = load(rs);
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/gm/sheetSummary/lists/0/groupBy")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/gm/sheetSummary/lists/0/onlyWhen")) << test::describe(r);
}

TEST(RefTop, game_master_text_summary_names_declared_lists_within_the_limits) {
  bj::object rs = base();
  at(rs, "/gm/sheetSummary/lists/0").as_object()["list"] = "spells";
  EXPECT_TRUE(test::has_error(load(rs), Code::UnknownReference, "/gm/sheetSummary/lists/0/list"));
  bj::array lists;
  for (std::size_t i = 0; i <= limits::kSummaryLists; ++i)
    lists.push_back(bj::object{{"list", "gear"}, {"nameColumn", "name"}});
  at(rs, "/gm/sheetSummary").as_object()["lists"] = lists;
  EXPECT_TRUE(test::has_error(load(rs), Code::TooMany, "/gm/sheetSummary/lists"));
  // Our first dialect's bare list id is refused: a summary list names its rows' column.
  at(rs, "/gm/sheetSummary").as_object()["lists"] = bj::array{"gear"};
  EXPECT_TRUE(test::has_error(load(rs), Code::WrongType, "/gm/sheetSummary/lists/0"));
}

TEST(RefTop, game_master_text_summary_columns_and_enum_name_columns_need_1_37) {
  expect_gate(base(), 37, "/gm/sheetSummary/lists/0/columns");
  bj::object rs = base();
  at(rs, "/gm/sheetSummary/lists/0").as_object().erase("columns");
  at(rs, "/gm/sheetSummary/lists/0").as_object()["nameColumn"] = "swing";
  expect_gate(rs, 37, "/gm/sheetSummary/lists/0/nameColumn");
  // A text name column with no more columns is the base shape and needs nothing.
  at(rs, "/gm/sheetSummary/lists/0").as_object()["nameColumn"] = "name";
  const LoadResult plain = load_package_texts(manifest(0), bj::serialize(rs));
  EXPECT_TRUE(plain.ok()) << test::describe(plain);
}

TEST(RefTop, layers_a_base_worldGuidance_needs_1_25) {
  bj::object rs = base();
  at(rs, "/gm/sheetSummary/lists/0").as_object().erase("columns");
  at(rs, "/gm").as_object()["worldGuidance"] = "No gunpowder, magic is rare, the dead walk.";
  expect_gate(rs, 25, "/gm/worldGuidance");
}

// ---------------------------------------------------------------------------------------------
// "Layers: variants of your own ruleset".

TEST(RefTop, layers_the_chapter_example_is_read) {
  bj::object rs = base();
  rs["layers"] = bj::parse(kChapterLayers);
  const LoadResult r = load(rs);
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const auto& layers = r.ruleset->layers;
  ASSERT_EQ(layers.size(), 2u);
  const Layer& winter = layers[0];
  EXPECT_EQ(winter.id, "hard_winter");
  EXPECT_EQ(winter.label, "Hard winter");
  EXPECT_EQ(winter.conflicts, std::vector<std::string>{"mud_season"});
  EXPECT_EQ(winter.guidance.substr(0, 19), "Hard winter is on. ");
  ASSERT_EQ(winter.fields.size(), 1u);
  EXPECT_EQ(winter.fields[0].remove_values, std::vector<std::string>{"Sailor"});
  EXPECT_EQ(winter.fields[0].default_value.value_or(""), "Hauler");
  ASSERT_EQ(winter.difficulty_ladder.size(), 1u);
  EXPECT_EQ(winter.difficulty_ladder[0].dc.value_or(0), 7);
  ASSERT_EQ(winter.catalogs.size(), 1u);
  EXPECT_EQ(winter.catalogs[0].compare, LayerCatalogHide::Compare::Above);
  EXPECT_EQ(winter.catalogs[0].number, Number::of(0));
  EXPECT_EQ(layers[1].summary, "Thaw, flooded roads and slow going.");
}

TEST(RefTop, layers_need_1_25) {
  bj::object rs = base();
  at(rs, "/gm/sheetSummary/lists/0").as_object().erase("columns");
  rs["layers"] = bj::array{bj::object{{"id", "mud_season"}, {"label", "Mud season"}}};
  expect_gate(rs, 25, "/layers");
}

TEST(RefTop, layers_limits_12_layers_and_4000_characters_of_guidance_each) {
  bj::object rs = base();
  bj::array layers;
  for (std::size_t i = 0; i < limits::kLayers; ++i)
    layers.push_back(bj::object{{"id", "l" + std::to_string(i)}, {"label", "L"}});
  rs["layers"] = layers;
  EXPECT_TRUE(load(rs).ok());
  layers.push_back(bj::object{{"id", "extra"}, {"label", "L"}});
  rs["layers"] = layers;
  EXPECT_TRUE(test::has_error(load(rs), Code::TooMany, "/layers"));

  // "4000 characters of guidance per layer counting both strings together".
  const std::string half(limits::kLayerGuidance / 2, 'g');
  bj::object exact = with_layer(R"({"gm": {}})");
  at(exact, "/layers/0/gm").as_object() = bj::object{{"guidance", half}, {"worldGuidance", half}};
  EXPECT_TRUE(load(exact).ok());
  at(exact, "/layers/0/gm").as_object()["worldGuidance"] = half + "g";
  const LoadResult over = load(exact);
  EXPECT_TRUE(test::has_error(over, Code::TooLong, "/layers/0/gm")) << test::describe(over);
  EXPECT_NE(message_at(over, "/layers/0/gm").find("4000"), std::string::npos);
  at(exact, "/layers/0/gm").as_object() = bj::object{{"guidance", std::string(limits::kLayerGuidance + 1, 'g')}};
  EXPECT_TRUE(test::has_error(load(exact), Code::TooLong, "/layers/0/gm/guidance"));
}

TEST(RefTop, layers_ids_are_unique_and_conflicts_name_other_layers) {
  bj::object rs = base();
  rs["layers"] = bj::parse(kChapterLayers);
  at(rs, "/layers/1").as_object()["id"] = "hard_winter";
  EXPECT_TRUE(test::has_error(load(rs), Code::DuplicateId, "/layers/1/id"));

  bj::object self = with_layer(R"({"conflicts": ["hard_winter"]})");
  const LoadResult r = load(self);
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/layers/0/conflicts/0")) << test::describe(r);
  EXPECT_NE(message_at(r, "/layers/0/conflicts/0").find("itself"), std::string::npos);
  EXPECT_TRUE(test::has_error(load(with_layer(R"({"conflicts": ["dry_season"]})")), Code::UnknownReference,
                              "/layers/0/conflicts/0"));
}

TEST(RefTop, layers_a_layer_adds_nothing_beyond_its_closed_list) {
  // "It cannot add an enum value, add a field, a skill, a pool or a rest, change the resolution kind …"
  for (const char* key : {"skills", "pools", "rests", "resolution", "sheet", "combat"}) {
    SCOPED_TRACE(key);
    bj::object rs = with_layer("{}");
    at(rs, "/layers/0").as_object()[key] = bj::array{};
    EXPECT_TRUE(test::has_error(load(rs), Code::UnknownKey, std::string("/layers/0/") + key));
  }
  bj::object rs = with_layer(R"({"fields": [{"id": "calling", "addValues": ["Pilot"], "removeValues": ["Sailor"]}]})");
  EXPECT_TRUE(test::has_error(load(rs), Code::UnknownKey, "/layers/0/fields/0/addValues"));
}

TEST(RefTop, layers_fields_take_values_out_of_an_enum_field_only) {
  EXPECT_TRUE(test::has_error(load(with_layer(R"({"fields": [{"id": "trade", "removeValues": ["x"]}]})")),
                              Code::UnknownReference, "/layers/0/fields/0/id"));
  const LoadResult number = load(with_layer(R"({"fields": [{"id": "toughness", "removeValues": ["2"]}]})"));
  EXPECT_TRUE(test::has_error(number, Code::WrongReferenceType, "/layers/0/fields/0/id")) << test::describe(number);
  // "removeValues names values the field already has".
  const LoadResult pilot =
      load(with_layer(R"({"fields": [{"id": "calling", "removeValues": ["Pilot"], "default": "Hauler"}]})"));
  EXPECT_TRUE(test::has_error(pilot, Code::BadValue, "/layers/0/fields/0/removeValues/0")) << test::describe(pilot);
  EXPECT_TRUE(test::has_error(load(with_layer(R"({"fields": [{"id": "calling", "removeValues": []}]})")), Code::TooFew,
                              "/layers/0/fields/0/removeValues"));
  const LoadResult twice = load(with_layer(
      R"({"fields": [{"id": "calling", "removeValues": ["Sailor"]}, {"id": "calling", "removeValues": ["Hauler"]}]})"));
  EXPECT_TRUE(test::has_error(twice, Code::DuplicateId, "/layers/0/fields/1/id")) << test::describe(twice);
}

TEST(RefTop, layers_fields_at_least_one_value_has_to_survive) {
  const LoadResult r =
      load(with_layer(R"({"fields": [{"id": "calling", "removeValues": ["Hauler", "Scout", "Sailor"]}]})"));
  EXPECT_TRUE(test::has_error(r, Code::TooFew, "/layers/0/fields/0/removeValues")) << test::describe(r);
  EXPECT_NE(message_at(r, "/layers/0/fields/0/removeValues").find("at least one value"), std::string::npos);
}

TEST(RefTop, layers_fields_a_removed_default_is_replaced_by_one_that_survives) {
  // `calling` defaults to Scout: taking Scout away without naming a new default is refused.
  const LoadResult missing = load(with_layer(R"({"fields": [{"id": "calling", "removeValues": ["Scout"]}]})"));
  EXPECT_TRUE(test::has_error(missing, Code::MissingKey, "/layers/0/fields/0/removeValues")) << test::describe(missing);
  const LoadResult gone =
      load(with_layer(R"({"fields": [{"id": "calling", "removeValues": ["Scout", "Sailor"], "default": "Sailor"}]})"));
  EXPECT_TRUE(test::has_error(gone, Code::BadValue, "/layers/0/fields/0/default")) << test::describe(gone);
  EXPECT_TRUE(
      load(with_layer(R"({"fields": [{"id": "calling", "removeValues": ["Scout"], "default": "Hauler"}]})")).ok());
  // Without a declared default, taking the first value away needs no new one.
  bj::object rs = with_layer(R"({"fields": [{"id": "calling", "removeValues": ["Hauler"]}]})");
  at(rs, "/sheet/fields/0").as_object().erase("default");
  const LoadResult implicit = load(rs);
  EXPECT_TRUE(implicit.ok()) << test::describe(implicit);
}

TEST(RefTop, layers_fields_a_value_a_hideWhen_compares_against_cannot_be_removed) {
  bj::object rs = with_layer(R"({"fields": [{"id": "calling", "removeValues": ["Sailor"]}]})");
  at(rs, "/sheet/fields/1").as_object()["hideWhen"] = bj::object{{"field", "calling"}, {"equals", "Sailor"}};
  const LoadResult r = load(rs);
  EXPECT_TRUE(test::has_error(r, Code::HideValueInvalid, "/layers/0/fields/0/removeValues/0")) << test::describe(r);
  EXPECT_NE(message_at(r, "/layers/0/fields/0/removeValues/0").find("toughness"), std::string::npos);
}

TEST(RefTop, layers_difficultyLadder_is_in_the_shape_of_the_rulesets_own_kind) {
  const LoadResult pool = load(with_layer(R"({"difficultyLadder": [{"label": "Grim", "successes": 3, "target": 8}]})"));
  EXPECT_TRUE(test::has_error(pool, Code::BadValue, "/layers/0/difficultyLadder/0")) << test::describe(pool);
  EXPECT_NE(message_at(pool, "/layers/0/difficultyLadder/0").find("`dc`"), std::string::npos);

  bj::object rs = with_layer("{}");
  rs["resolution"] = bj::parse(R"({"kind": "dice-pool", "abilityModifier": {"op": "identity"},
    "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}], "target": {"default": 6, "min": 5, "max": 9},
    "difficultyLadder": [{"label": "Hard", "successes": 2}]})");
  const LoadResult summed = load(rs);
  EXPECT_TRUE(test::has_error(summed, Code::BadValue, "/layers/0/difficultyLadder/0")) << test::describe(summed);
  EXPECT_NE(message_at(summed, "/layers/0/difficultyLadder/0").find("`successes`"), std::string::npos);
  at(rs, "/layers/0").as_object()["difficultyLadder"] =
      bj::parse(R"([{"label": "Grim", "successes": 3, "target": 8}])");
  EXPECT_TRUE(load(rs).ok());
}

TEST(RefTop, layers_difficultyLadder_steps_and_bounds) {
  EXPECT_TRUE(
      test::has_error(load(with_layer(R"({"difficultyLadder": []})")), Code::TooFew, "/layers/0/difficultyLadder"));
  bj::array steps;
  for (std::size_t i = 0; i <= limits::kLadderSteps; ++i) steps.push_back(bj::object{{"label", "Step"}, {"dc", 7}});
  bj::object rs = with_layer("{}");
  at(rs, "/layers/0").as_object()["difficultyLadder"] = steps;
  EXPECT_TRUE(test::has_error(load(rs), Code::TooMany, "/layers/0/difficultyLadder"));
  EXPECT_TRUE(test::has_error(load(with_layer(R"({"difficultyLadder": [{"label": "Easy", "dc": 1001}]})")),
                              Code::OutOfRange, "/layers/0/difficultyLadder/0/dc"));
  EXPECT_TRUE(
      load(with_layer(R"({"difficultyLadder": [{"label": "Trivial", "dc": -100}, {"label": "Mythic", "dc": 1000}]})"))
          .ok());
  EXPECT_TRUE(test::has_error(load(with_layer(R"({"difficultyLadder": [{"label": "Easy", "dc": 7, "successes": 1}]})")),
                              Code::ConflictingKeys, "/layers/0/difficultyLadder/0"));
  EXPECT_TRUE(test::has_error(load(with_layer(R"({"difficultyLadder": [{"label": "Easy"}]})")), Code::MissingKey,
                              "/layers/0/difficultyLadder/0"));
}

TEST(RefTop, layers_catalogs_name_a_declared_filter_and_exactly_one_comparison) {
  EXPECT_TRUE(
      test::has_error(load(with_layer(R"({"catalogs": [{"id": "spells", "hide": {"filter": "grit", "above": 0}}]})")),
                      Code::UnknownReference, "/layers/0/catalogs/0/id"));
  EXPECT_TRUE(
      test::has_error(load(with_layer(R"({"catalogs": [{"id": "knacks", "hide": {"filter": "level", "above": 0}}]})")),
                      Code::UnknownReference, "/layers/0/catalogs/0/hide/filter"));
  EXPECT_TRUE(test::has_error(
      load(with_layer(R"({"catalogs": [{"id": "knacks", "hide": {"filter": "grit", "above": 0, "below": 3}}]})")),
      Code::ConflictingKeys, "/layers/0/catalogs/0/hide"));
  EXPECT_TRUE(test::has_error(load(with_layer(R"({"catalogs": [{"id": "knacks", "hide": {"filter": "grit"}}]})")),
                              Code::MissingKey, "/layers/0/catalogs/0/hide"));
  EXPECT_TRUE(load(with_layer(R"({"catalogs": [{"id": "knacks", "hide": {"filter": "road", "equals": "Rustways"}},
                                              {"id": "knacks", "hide": {"filter": "callings", "notIn": ["Scout"]}},
                                              {"id": "knacks", "hide": {"filter": "grit", "below": 2}}]})"))
                  .ok());
}

TEST(RefTop, layers_catalogs_numbers_compare_above_or_below_and_words_equals_or_notIn) {
  const LoadResult words =
      load(with_layer(R"({"catalogs": [{"id": "knacks", "hide": {"filter": "road", "above": 1}}]})"));
  EXPECT_TRUE(test::has_error(words, Code::WrongReferenceType, "/layers/0/catalogs/0/hide")) << test::describe(words);
  EXPECT_NE(message_at(words, "/layers/0/catalogs/0/hide").find("`equals` or `notIn`"), std::string::npos);
  const LoadResult number =
      load(with_layer(R"({"catalogs": [{"id": "knacks", "hide": {"filter": "grit", "notIn": ["1"]}}]})"));
  EXPECT_TRUE(test::has_error(number, Code::WrongReferenceType, "/layers/0/catalogs/0/hide")) << test::describe(number);
  EXPECT_NE(message_at(number, "/layers/0/catalogs/0/hide").find("`above` or `below`"), std::string::npos);
}

}  // namespace
}  // namespace rk
