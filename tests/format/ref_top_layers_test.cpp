// Turning layers on (docs/format/ruleset.md "Layers"): which layers a game has on, and the
// effective ruleset they give. The fixture is the 5e example's Low magic / High magic pair over a
// small sheet, and the chapter's Hard winter over Ember Roads' knacks.
#include <gtest/gtest.h>

#include "format/layers.hpp"
#include "support/load.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

const char* const kRuleset = R"({
  "schemaVersion": 1, "id": "layered", "version": 1, "name": "Layered",
  "coverage": { "checks": true, "summary": "Two magic levels and a hard winter." },
  "sheet": {
    "fields": [
      { "id": "spellcasting_ability", "label": "Spellcasting ability", "type": "enum",
        "values": ["none", "int", "wis", "cha"],
        "valueLabels": { "none": "None", "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma" }, "default": "none" },
      { "id": "calling", "label": "Calling", "type": "enum", "values": ["Sailor", "Hauler", "Scout"] }
    ],
    "lists": [{ "id": "knacks", "label": "Knacks", "maxItems": 500, "columns": [{ "id": "name", "label": "Name", "type": "text", "maxLength": 200 }] }],
    "derived": [{ "id": "casting_edge", "label": "Casting edge", "op": "enumTable", "from": { "field": "spellcasting_ability" },
                  "table": { "int": 1, "wis": 2, "cha": 3 }, "default": 0 }]
  },
  "gm": { "checkGuidance": "Call for checks.", "worldGuidance": "A world." },
  "catalogs": [
    { "id": "knacks", "label": "Knacks", "feeds": ["knacks"],
      "filters": [{ "id": "grit", "label": "Grit cost", "type": "number" },
                  { "id": "road", "label": "Road", "type": "text" },
                  { "id": "callings", "label": "Calling", "type": "tags" }],
      "entries": [
        { "id": "road-sense", "label": "Road Sense", "filters": { "grit": 0, "road": "Ash Flats", "callings": ["Scout", "Courier"] },
          "rows": [{ "list": "knacks", "values": { "name": "Road Sense" } }] },
        { "id": "second-wind", "label": "Second Wind", "filters": { "grit": 1, "road": "Rustways" },
          "rows": [{ "list": "knacks", "values": { "name": "Second Wind" } }] },
        { "id": "old-song", "label": "Old Song",
          "rows": [{ "list": "knacks", "values": { "name": "Old Song" } }] }
      ] }
  ],
  "layers": [
    { "id": "low_magic", "label": "Low magic", "conflicts": ["high_magic"],
      "gm": { "guidance": "Low magic is on.", "worldGuidance": "Arcane learning is lost." },
      "fields": [{ "id": "spellcasting_ability", "removeValues": ["int", "cha"] }] },
    { "id": "high_magic", "label": "High magic", "gm": { "guidance": "High magic is on." },
      "difficultyLadder": [{ "label": "Easy", "dc": 5 }] },
    { "id": "hard_winter", "label": "Hard winter",
      "fields": [{ "id": "calling", "removeValues": ["Sailor"] }],
      "difficultyLadder": [{ "label": "Easy", "dc": 7 }, { "label": "Hard", "dc": 11 }],
      "catalogs": [{ "id": "knacks", "hide": { "filter": "grit", "above": 0 } }] },
    { "id": "ash_only", "label": "Ash only",
      "catalogs": [{ "id": "knacks", "hide": { "filter": "road", "notIn": ["Ash Flats"] } }] }
  ]
})";

std::shared_ptr<const Ruleset> layered() {
  static const LoadResult r = test::load(kRuleset);
  EXPECT_TRUE(r.ok()) << test::describe(r);
  return r.ruleset;
}

const Field& field(const Ruleset& rs, const std::string& id) { return rs.sheet.fields.at(rs.sheet.field_index.at(id)); }

std::vector<std::string> ids(const Ruleset& rs, const LayerChoice& choice) {
  std::vector<std::string> out;
  for (std::size_t i : choice.active) out.push_back(rs.layers[i].id);
  return out;
}

TEST(RefTopLayers, conflicts_the_one_declared_later_is_dropped) {
  const auto rs = layered();
  ASSERT_TRUE(rs);
  // Whatever order a pin lists them in, Low magic (declared first) stays on.
  for (const std::vector<std::string>& asked :
       {std::vector<std::string>{"high_magic", "low_magic"}, std::vector<std::string>{"low_magic", "high_magic"}}) {
    const LayerChoice choice = choose_layers(*rs, asked);
    EXPECT_EQ(ids(*rs, choice), std::vector<std::string>{"low_magic"});
    EXPECT_EQ(choice.dropped, std::vector<std::string>{"high_magic"});
  }
  const LayerChoice unknown = choose_layers(*rs, {"mud_season", "hard_winter"});
  EXPECT_EQ(unknown.unknown, std::vector<std::string>{"mud_season"});
  EXPECT_EQ(ids(*rs, unknown), std::vector<std::string>{"hard_winter"});
}

TEST(RefTopLayers, guidance_is_appended_after_the_rulesets_own_and_earlier_layers) {
  const auto rs = layered();
  ASSERT_TRUE(rs);
  const Ruleset on = apply_layers(*rs, choose_layers(*rs, {"hard_winter", "low_magic"}));
  EXPECT_EQ(on.gm.check_guidance, "Call for checks. Low magic is on.");
  EXPECT_EQ(on.gm.world_guidance, "A world. Arcane learning is lost.");
  const Ruleset high = apply_layers(*rs, choose_layers(*rs, {"high_magic"}));
  EXPECT_EQ(high.gm.check_guidance, "Call for checks. High magic is on.");
  EXPECT_EQ(high.gm.world_guidance, "A world.");
}

TEST(RefTopLayers, fields_removed_values_are_no_longer_offered) {
  const auto rs = layered();
  ASSERT_TRUE(rs);
  const Ruleset on = apply_layers(*rs, choose_layers(*rs, {"low_magic"}));
  const ValueSpec& spec = field(on, "spellcasting_ability").spec;
  EXPECT_EQ(spec.values, (std::vector<std::string>{"none", "wis"}));
  EXPECT_FALSE(spec.value_labels.contains("int"));
  EXPECT_EQ(spec.default_value, Scalar{std::string("none")});
  // The file as written is untouched, and its layers stay readable in the effective ruleset.
  EXPECT_EQ(field(*rs, "spellcasting_ability").spec.values.size(), 4u);
  EXPECT_EQ(on.layers.size(), rs->layers.size());
}

TEST(RefTopLayers, fields_an_undeclared_default_moves_to_the_first_remaining_value) {
  const auto rs = layered();
  ASSERT_TRUE(rs);
  EXPECT_EQ(field(*rs, "calling").spec.default_value, Scalar{std::string("Sailor")});
  const Ruleset on = apply_layers(*rs, choose_layers(*rs, {"hard_winter"}));
  EXPECT_EQ(field(on, "calling").spec.values, (std::vector<std::string>{"Hauler", "Scout"}));
  EXPECT_EQ(field(on, "calling").spec.default_value, Scalar{std::string("Hauler")});
}

// writing-rulesets.md "Live states": a layer may take a value out of a field a table has a row
// for, and the row is simply never read while the layer is on. The import accepts it (the fixture
// loads), and a character who holds the removed value reads the field's default instead.
TEST(RefTopLayers, fields_a_removed_value_a_table_has_a_row_for_is_never_read_while_the_layer_is_on) {
  const auto rs = layered();
  ASSERT_TRUE(rs);
  const auto holding = [](const char* value) {
    return std::string(R"({"v":1,"ruleset":"layered","name":"Ash","build":{"fields":{"spellcasting_ability":")") +
           value + R"("}},"live":{}})";
  };
  EXPECT_EQ(test::sheet_of(*rs, holding("int")).derived.at("casting_edge").value, test::n(1));
  const Ruleset on = apply_layers(*rs, choose_layers(*rs, {"low_magic"}));
  const SheetView removed = test::sheet_of(on, holding("int"));
  EXPECT_EQ(removed.fields.at("spellcasting_ability"), Scalar{std::string("none")});
  EXPECT_EQ(removed.derived.at("casting_edge").value, test::n(0));  // `none` has no row: the table's default
  ASSERT_EQ(removed.warnings.items().size(), 1u);
  EXPECT_NE(removed.warnings.items()[0].message.find("no longer offers"), std::string::npos);
  // A value the layer leaves keeps its row.
  EXPECT_EQ(test::sheet_of(on, holding("wis")).derived.at("casting_edge").value, test::n(2));
}

TEST(RefTopLayers, difficultyLadder_the_last_active_layer_with_one_wins) {
  const auto rs = layered();
  ASSERT_TRUE(rs);
  EXPECT_EQ(layer_ladder(*rs, choose_layers(*rs, {"low_magic"})), nullptr);
  const auto* both = layer_ladder(*rs, choose_layers(*rs, {"high_magic", "hard_winter"}));
  ASSERT_NE(both, nullptr);
  ASSERT_EQ(both->size(), 2u);
  EXPECT_EQ((*both)[1].dc.value_or(0), 11);
  const auto* high = layer_ladder(*rs, choose_layers(*rs, {"high_magic"}));
  ASSERT_NE(high, nullptr);
  EXPECT_EQ(high->front().dc.value_or(0), 5);
}

TEST(RefTopLayers, catalogs_matching_entries_leave_the_picker_and_entries_without_the_filter_stay) {
  const auto rs = layered();
  ASSERT_TRUE(rs);
  const Catalog& knacks = rs->catalogs.at(rs->catalog_index.at("knacks"));
  const auto hidden = [&](const std::vector<std::string>& on, const std::string& entry) {
    return hidden_by_layers(*rs, choose_layers(*rs, on), knacks, knacks.entries.at(knacks.entry_index.at(entry)));
  };
  // Hard winter hides the knacks that cost Grit (above 0).
  EXPECT_FALSE(hidden({"hard_winter"}, "road-sense"));
  EXPECT_TRUE(hidden({"hard_winter"}, "second-wind"));
  EXPECT_FALSE(hidden({"hard_winter"}, "old-song"));
  // Ash only hides every road but the Ash Flats.
  EXPECT_FALSE(hidden({"ash_only"}, "road-sense"));
  EXPECT_TRUE(hidden({"ash_only"}, "second-wind"));
  EXPECT_FALSE(hidden({"ash_only"}, "old-song"));
  EXPECT_FALSE(hidden({}, "second-wind"));
}

}  // namespace
}  // namespace rk
