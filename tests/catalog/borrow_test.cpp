// Borrowed catalogs (BB-153 – BB-161): a catalog read from another installed ruleset.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "catalog/operations.hpp"
#include "support/sheet.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;

// The fight both rulesets write their creatures for (a creature is written in `combat`'s words).
const std::string kBorrowCombat =
    R"("combat": {"kind": "attack-vs-defense", "health": {"pool": "hp"}, "defense": {"const": 10},
    "initiative": {"dice": {"count": 1, "sides": 20}}, "attackRoll": {"dice": {"count": 1, "sides": 20}},
    "economy": {"budgets": [{"id": "action", "label": "Action", "per": "turn"}]},
    "threat": {"tiers": [{"id": "minor", "label": "Minor", "health": [1, 40], "damagePerRound": [1, 10], "defense": 12, "toHit": 3,
                          "saveDifficulty": 11}]}},)";

// The lender: its creatures' sheets use its own ids (`ac`, tier `proficient`, condition `frightened`).
const std::string kLender = R"({"id": "lender", "label": "Lender",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "none", "label": "None"}, {"id": "proficient", "label": "Proficient", "flat": 2}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [{"id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10}],
    "skills": [{"id": "stealth", "label": "Stealth", "ability": "str"}],
    "fields": [{"id": "ac", "label": "AC", "type": "number", "min": 0, "max": 30},
               {"id": "size", "label": "Size", "type": "text", "maxLength": 200}],
    "live": {"pools": [{"id": "hp", "label": "HP", "max": 10}],
             "conditions": [{"id": "frightened", "label": "Frightened"}, {"id": "prone", "label": "Prone"}]}},
  )" + kBorrowCombat + R"(
  "catalogs": [{"id": "creatures", "label": "Creatures", "holds": "creatures", "entries": [
    {"id": "wolf", "label": "Wolf", "creature": {"tier": "minor", "sheet": {"abilities": {"str": 12}, "skills": {"stealth": "proficient"},
      "fields": {"ac": 13, "size": "Medium"}}}},
    {"id": "ghoul", "label": "Ghoul", "creature": {"tier": "minor", "conditionImmunities": ["frightened"],
      "sheet": {"abilities": {"str": 13}, "fields": {"ac": 12}}}},
    {"id": "ogre", "label": "Ogre", "creature": {"tier": "minor", "sheet": {"abilities": {"str": 19}, "fields": {"ac": 11}}}}]}]})";

// The borrower reads `ac` as `armour`, drops `size`, trains at `trained`, and has no `frightened`.
const std::string kBorrower = R"({"id": "borrower", "label": "Borrower",
  "resolution": {"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"}, "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 2}], "difficultyLadder": [{"label": "Hard", "dc": 15}]},
  "sheet": {
    "abilities": [{"id": "str", "label": "Strength", "min": 1, "max": 30, "default": 10}],
    "skills": [{"id": "stealth", "label": "Stealth", "ability": "str"}],
    "fields": [{"id": "armour", "label": "Armour", "type": "number", "min": 0, "max": 30}],
    "live": {"pools": [{"id": "hp", "label": "HP", "max": 10}], "conditions": [{"id": "prone", "label": "Prone"}]}},
  )" + kBorrowCombat + R"(
  "catalogs": [{"id": "beasts", "label": "Beasts", "holds": "creatures",
    "from": {"ruleset": "lender", "catalog": "creatures",
             "sheet": {"fields": {"ac": "armour", "size": null}, "tiers": {"proficient": "trained"}}},
    "entries": [{"id": "ogre", "label": "Ogre Chief", "creature": {"tier": "minor", "sheet": {"abilities": {"str": 20},
      "fields": {"armour": 14}}}}]}]})";

class Borrowing : public ::testing::Test {
 protected:
  void SetUp() override {
    folder.write_raw("community/lender.json", test::reference_top(kLender));
    rs = test::compile(kBorrower);
    ASSERT_TRUE(rs);
  }
  test::TempFolder folder{"rk_borrow"};
  const fs::path& installed = folder.path();
  std::shared_ptr<const Ruleset> rs;
};

TEST_F(Borrowing, BB_153_BB_154_a_catalog_borrows_from_an_installed_ruleset_under_a_namespace) {
  EXPECT_EQ(find_installed_ruleset(installed, "lender"), installed / "community" / "lender.json");
  const CatalogSet set(rs, "", installed);
  const CatalogEntries* beasts = set.get("beasts");
  ASSERT_NE(beasts, nullptr);
  EXPECT_FALSE(beasts->errors.has_errors());
  ASSERT_NE(beasts->find("wolf"), nullptr);
}

TEST_F(Borrowing, BB_157_borrowed_creatures_read_through_the_sheet_mapping) {
  const CatalogSet set(rs, "", installed);
  const CatalogEntry* wolf = set.get("beasts")->find("wolf");
  ASSERT_NE(wolf, nullptr);
  ASSERT_TRUE(wolf->creature.has_value() && wolf->creature->sheet.has_value());
  const CreatureSheet& sheet = *wolf->creature->sheet;
  EXPECT_EQ(std::get<Number>(sheet.fields.at("armour").value), Number::of(13));
  EXPECT_FALSE(sheet.fields.contains("size"));
  EXPECT_EQ(sheet.skills.at("stealth"), "trained");
  EXPECT_EQ(sheet.abilities.at("str"), Number::of(12));
}

TEST_F(Borrowing, BB_155_an_entry_naming_what_the_borrower_lacks_is_left_out_and_logged) {
  const CatalogSet set(rs, "", installed);
  const CatalogEntries* beasts = set.get("beasts");
  EXPECT_EQ(beasts->find("ghoul"), nullptr);
  ASSERT_EQ(beasts->log.items().size(), 1u);
  EXPECT_EQ(beasts->log.items()[0].severity, Severity::Warning);
  EXPECT_NE(beasts->log.items()[0].message.find("frightened"), std::string::npos) << beasts->log.items()[0].message;
}

TEST_F(Borrowing, BB_156_local_entries_replace_borrowed_ones_by_id) {
  const CatalogSet set(rs, "", installed);
  const CatalogEntry* ogre = set.get("beasts")->find("ogre");
  ASSERT_NE(ogre, nullptr);
  EXPECT_EQ(ogre->label, "Ogre Chief");
  EXPECT_EQ(ogre->creature->sheet->abilities.at("str"), Number::of(20));
  EXPECT_EQ(set.get("beasts")->entries.size(), 2u);  // wolf and the local ogre
}

TEST_F(Borrowing, BB_153_a_lender_that_is_not_installed_shows_why_instead_of_entries) {
  const CatalogSet set(rs, "", installed / "nowhere");
  const CatalogEntries* beasts = set.get("beasts");
  ASSERT_TRUE(beasts->errors.has_errors());
  EXPECT_EQ(beasts->errors.items()[0].code, Code::UnknownReference);
  EXPECT_TRUE(beasts->entries.empty());
}

TEST_F(Borrowing, BB_159_a_catalog_cannot_borrow_from_a_catalog_that_borrows) {
  std::ofstream(installed / "middle.json") << test::reference_top(
      R"({"id": "middle", "label": "Middle", "sheet": {"live": {"pools": [{"id": "hp", "label": "HP", "max": 10}]}},
    )" +
      kBorrowCombat +
      R"("catalogs": [{"id": "creatures", "label": "C", "holds": "creatures", "from": {"ruleset": "lender", "catalog": "creatures"}}]})");
  auto chained = test::compile(
      R"({"id": "end", "label": "End", "sheet": {"live": {"pools": [{"id": "hp", "label": "HP", "max": 10}]}},
    )" +
      kBorrowCombat +
      R"("catalogs": [{"id": "c", "label": "C", "holds": "creatures", "from": {"ruleset": "middle", "catalog": "creatures"}}]})");
  ASSERT_TRUE(chained);
  const CatalogSet set(chained, "", installed);
  const CatalogEntries* c = set.get("c");
  ASSERT_TRUE(c->errors.has_errors());
  EXPECT_NE(c->errors.items()[0].message.find("BB-159"), std::string::npos);
}

}  // namespace
}  // namespace rk
