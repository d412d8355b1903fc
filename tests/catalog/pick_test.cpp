// The picker, picking and scaled cells (CA-2, CA-12, CA-13, CA-25 – CA-40), on the catalogs page's
// own knacks example.
#include "catalog/operations.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

const char* kKnacks = R"({
  "id": "roads", "label": "Roads",
  "sheet": {
    "abilities": [{ "id": "heart", "label": "Heart", "min": -3, "max": 6, "default": 1 }],
    "fields": [
      { "id": "calling", "label": "Calling", "type": "enum", "values": ["Scout", "Courier", "Tinker"], "default": "Scout" },
      { "id": "level", "label": "Level", "type": "number", "min": 0, "max": 20, "default": 1 } ],
    "lists": [
      { "id": "knacks", "label": "Knacks", "maxItems": 500, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 200 }, { "id": "notes", "label": "Notes", "type": "text", "maxLength": 400 } ] },
      { "id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 200 },
        { "id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9 },
        { "id": "recharge", "label": "Recharge", "type": "enum", "values": ["camp", "rest", "dawn"] } ] } ]
  },
  "catalogs": [{
    "id": "knacks", "label": "Knacks", "feeds": ["knacks", "tricks"],
    "filters": [
      { "id": "grit", "label": "Grit cost", "type": "number" },
      { "id": "road", "label": "Road", "type": "text" },
      { "id": "callings", "label": "Calling", "type": "tags", "startFrom": { "field": "calling" } } ],
    "units": { "distance": { "label": "paces", "perCell": 2 } },
    "entries": [
      { "id": "road-sense", "label": "Road Sense", "summary": "You read a road the way other people read a face.",
        "filters": { "grit": 0, "road": "Ash Flats", "callings": ["Scout", "Courier"] },
        "rows": [{ "list": "knacks", "values": { "name": "Road Sense", "notes": "Sneak to notice where a road turns bad." } }] },
      { "id": "last-ember", "label": "Last Ember", "filters": { "grit": 1, "callings": ["Tinker"] },
        "rows": [
          { "list": "knacks", "values": { "name": "Last Ember", "notes": "Spend 1 Grit to give a downed friend 3 Grit back." } },
          { "list": "tricks", "values": { "name": "Last Ember", "uses": 1, "recharge": "camp" },
            "scaled": { "uses": { "from": { "abilityScore": "heart" } } } } ] },
      { "id": "steady-hand", "label": "Steady Hand", "filters": { "grit": 1, "callings": ["Tinker", "Scout"] },
        "rows": [{ "list": "tricks", "values": { "name": "Steady Hand", "uses": 1, "recharge": "dawn" },
                   "scaled": { "uses": { "from": { "field": "level" }, "table": [[1, 2], [3, 3], [6, 4]] } } }] } ]
  }]
})";

class Picking : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::compile(kKnacks);
    ASSERT_TRUE(rs);
    catalogs = std::make_unique<CatalogSet>(rs, "", "");
  }
  Character character(const std::string& text) {
    Diagnostics d;
    auto c = parse_character(*rs, text, "c.json", d);
    EXPECT_TRUE(c.has_value());
    return c.value_or(Character{});
  }
  Character picked(const Character& c, std::string_view mark, std::string_view list = "") {
    Diagnostics d;
    auto out = pick(*catalogs, c, mark, list, d);
    EXPECT_TRUE(out.has_value()) << (d.items().empty() ? "" : d.items()[0].message);
    return out.value_or(c);
  }
  std::shared_ptr<const Ruleset> rs;
  std::unique_ptr<CatalogSet> catalogs;
};

TEST_F(Picking, CA_2_the_picker_lists_the_entries_a_list_can_take) {
  PickerQuery q{"knacks", "knacks", {}, nullptr};
  const PickerResult r = picker(*catalogs, q);
  ASSERT_FALSE(r.errors.has_errors());
  ASSERT_EQ(r.entries.size(), 2u);  // steady-hand writes nothing into `knacks`
  EXPECT_EQ(r.entries[0].entry->id, "road-sense");
  EXPECT_EQ(r.entries[1].entry->id, "last-ember");
}

TEST_F(Picking, CA_12_filters_narrow_the_picker_by_number_text_and_tags) {
  EXPECT_EQ(picker(*catalogs, {"knacks", "", {{"grit", "1"}}, nullptr}).entries.size(), 2u);
  EXPECT_EQ(picker(*catalogs, {"knacks", "", {{"road", "ash flats"}}, nullptr}).entries.size(), 1u);
  EXPECT_EQ(picker(*catalogs, {"knacks", "", {{"callings", "Scout"}}, nullptr}).entries.size(), 2u);
  EXPECT_EQ(picker(*catalogs, {"knacks", "", {{"callings", "Scout"}, {"grit", "0"}}, nullptr}).entries.size(), 1u);
  const PickerResult bad = picker(*catalogs, {"knacks", "", {{"colour", "red"}}, nullptr});
  ASSERT_TRUE(bad.errors.has_errors());
  EXPECT_EQ(bad.errors.items()[0].code, Code::UnknownReference);
}

TEST_F(Picking, CA_12_a_number_filter_takes_only_a_decimal_number) {
  for (const char* wrong : {"abc", "", "3abc", "0x3", "1e0", " 1", "1.00001", "--1", "1."}) {
    const PickerResult r = picker(*catalogs, {"knacks", "", {{"grit", wrong}}, nullptr});
    ASSERT_TRUE(r.errors.has_errors()) << '"' << wrong << '"';
    EXPECT_EQ(r.errors.items()[0].code, Code::BadValue) << wrong;
    EXPECT_NE(r.errors.items()[0].message.find("filter `grit` holds numbers"), std::string::npos)
        << r.errors.items()[0].message;
  }
  EXPECT_EQ(picker(*catalogs, {"knacks", "", {{"grit", "1.0"}}, nullptr}).entries.size(), 2u);
  EXPECT_EQ(picker(*catalogs, {"knacks", "", {{"grit", "-0"}}, nullptr}).entries.size(),
            picker(*catalogs, {"knacks", "", {{"grit", "0"}}, nullptr}).entries.size());
}

TEST_F(Picking, CA_13_the_picker_opens_on_the_characters_startFrom_value) {
  const Character tinker = character(R"({"v":1,"build":{"fields":{"calling":"Tinker"}}})");
  const PickerResult r = picker(*catalogs, {"knacks", "", {}, &tinker});
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[0].entry->id, "last-ember");  // the Tinker entries first, in catalog order
  EXPECT_EQ(r.entries[1].entry->id, "steady-hand");
  EXPECT_EQ(r.entries[2].entry->id, "road-sense");
  EXPECT_TRUE(r.entries[0].starts_here);
  EXPECT_FALSE(r.entries[2].starts_here);
}

TEST_F(Picking, CA_25_CA_38_picking_last_ember_writes_two_marked_rows) {
  const Character c = picked(character(R"({"v":1,"build":{"abilities":{"heart":3}}})"), "knacks/last-ember");
  ASSERT_EQ(c.lists.at("knacks").size(), 1u);
  ASSERT_EQ(c.lists.at("tricks").size(), 1u);
  const Row& knack = c.lists.at("knacks")[0];
  const Row& trick = c.lists.at("tricks")[0];
  EXPECT_EQ(knack.catalog, "knacks/last-ember");
  EXPECT_EQ(trick.catalog, "knacks/last-ember");
  EXPECT_EQ(std::get<std::string>(knack.cells.at("name").value), "Last Ember");
  EXPECT_EQ(std::get<std::string>(trick.cells.at("recharge").value), "camp");
  EXPECT_EQ(std::get<Number>(trick.cells.at("uses").value), n(3));  // CA-36: Heart 3 gives 3 uses
}

TEST_F(Picking, CA_40_the_picker_marks_entries_the_sheet_already_has) {
  const Character c = picked(character(R"({"v":1,"build":{}})"), "knacks/road-sense");
  const PickerResult r = picker(*catalogs, {"knacks", "knacks", {}, &c});
  EXPECT_TRUE(r.entries[0].owned);
  EXPECT_FALSE(r.entries[1].owned);
}

TEST_F(Picking, CA_34_CA_36_scaled_uses_follow_heart_on_edit_and_never_on_read) {
  Character c = picked(character(R"({"v":1,"build":{"abilities":{"heart":3}}})"), "knacks/last-ember");
  // The player lowers Heart to 0: reading the sheet does not rewrite the saved row …
  c.abilities["heart"] = n(0);
  const SheetView read = evaluate(*rs, c);
  EXPECT_EQ(std::get<Number>(read.lists.at("tricks")[0].cells.at("uses").value), n(3));
  EXPECT_EQ(std::get<Number>(c.lists.at("tricks")[0].cells.at("uses").value), n(3));
  // … the edit does: Heart 0 gives no uses, and the row stays.
  const Character edited = refresh_scaled(*catalogs, c);
  ASSERT_EQ(edited.lists.at("tricks").size(), 1u);
  EXPECT_EQ(std::get<Number>(edited.lists.at("tricks")[0].cells.at("uses").value), n(0));
  // Heart below 0 is held at the column's min 0 (CA-35).
  c.abilities["heart"] = n(-2);
  EXPECT_EQ(std::get<Number>(refresh_scaled(*catalogs, c).lists.at("tricks")[0].cells.at("uses").value), n(0));
}

TEST_F(Picking, CA_30_a_scaled_table_steps_with_the_level) {
  for (const auto& [level, uses] : std::vector<std::pair<int, int>>{{1, 2}, {2, 2}, {3, 3}, {5, 3}, {6, 4}, {20, 4}}) {
    const Character c = picked(character(R"({"v":1,"build":{"fields":{"level":)" + std::to_string(level) + "}}}"),
                               "knacks/steady-hand");
    EXPECT_EQ(std::get<Number>(c.lists.at("tricks")[0].cells.at("uses").value), n(uses)) << "level " << level;
  }
}

TEST_F(Picking, CA_39_picked_rows_belong_to_the_character_and_keep_player_numbers) {
  Character c = picked(character(R"({"v":1,"build":{"abilities":{"heart":3}}})"), "knacks/road-sense");
  c.lists.at("knacks")[0].cells["notes"] = Scalar{std::string("My own words")};
  const Character again = refresh_scaled(*catalogs, c);
  EXPECT_EQ(std::get<std::string>(again.lists.at("knacks")[0].cells.at("notes").value), "My own words");
}

TEST_F(Picking, picking_twice_gives_distinct_row_ids_and_bad_picks_are_refused) {
  Character c = picked(character(R"({"v":1,"build":{}})"), "knacks/road-sense");
  c = picked(c, "knacks/road-sense");
  ASSERT_EQ(c.lists.at("knacks").size(), 2u);
  EXPECT_NE(c.lists.at("knacks")[0].id, c.lists.at("knacks")[1].id);
  Diagnostics d;
  EXPECT_FALSE(pick(*catalogs, c, "knacks/no-such", "", d));
  EXPECT_EQ(d.items().back().code, Code::UnknownReference);
  EXPECT_FALSE(pick(*catalogs, c, "knacks/steady-hand", "knacks", d));
  EXPECT_EQ(d.items().back().code, Code::BadValue);
  EXPECT_FALSE(pick(*catalogs, c, "spells/fireball", "", d));
}

// The reference's `maxItems`: a pick that would put more rows in a list than it holds is refused,
// so the picker never writes a character that no longer loads.
TEST(PickingLimits, ref_Sheet_primitives_a_pick_past_maxItems_is_refused) {
  std::string text = kKnacks;
  text.replace(text.find(R"("label": "Knacks", "maxItems": 500)"), 34, R"("label": "Knacks", "maxItems": 2)");
  const auto rs = test::compile(text);
  ASSERT_TRUE(rs);
  const CatalogSet catalogs(rs, "", "");
  Diagnostics d;
  auto c = parse_character(*rs, R"({"v":1,"build":{}})", "c.json", d);
  ASSERT_TRUE(c);
  for (int i = 0; i < 2; ++i) {
    c = pick(catalogs, *c, "knacks/road-sense", "", d);
    ASSERT_TRUE(c) << d.items().back().message;
  }
  EXPECT_FALSE(pick(catalogs, *c, "knacks/road-sense", "", d));
  ASSERT_FALSE(d.items().empty());
  EXPECT_EQ(d.items().back().code, Code::TooMany);
  EXPECT_EQ(d.items().back().pointer, "/build/lists/knacks");
  EXPECT_NE(d.items().back().message.find("already holds 2 rows"), std::string::npos) << d.items().back().message;
}

}  // namespace
}  // namespace rk
