// A second ruleset borrows the real 5e creatures (BB-153 – BB-158): read through its own sheet,
// with the entries it cannot hold left out and logged, and its local entry replacing one by id.
#include "catalog/operations.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

class Borrow5e : public ::testing::Test {
 protected:
  void SetUp() override {
    const LoadResult r = load_ruleset(test::source_path("tests/fixtures/borrower/ruleset.json"));
    ASSERT_TRUE(r.ok()) << test::describe(r);
    EXPECT_EQ(r.requires_version.value_or(""), "1.220");
    set = std::make_unique<CatalogSet>(r.ruleset, "", test::source_path("rulesets"));
    creatures = set->get("creatures");
    ASSERT_NE(creatures, nullptr);
    ASSERT_FALSE(creatures->errors.has_errors()) << creatures->errors.items()[0].message;
  }
  std::unique_ptr<CatalogSet> set;
  const CatalogEntries* creatures = nullptr;
};

TEST_F(Borrow5e, BB_157_the_red_dragon_reads_through_the_borrowers_sheet) {
  const CatalogEntry* dragon = creatures->find("adult-red-dragon");
  ASSERT_NE(dragon, nullptr);
  ASSERT_TRUE(dragon->creature && dragon->creature->sheet);
  const CreatureSheet& c = *dragon->creature->sheet;
  EXPECT_EQ(c.abilities.at("str"), Number::of(27));
  EXPECT_EQ(std::get<Number>(c.fields.at("armour").value), Number::of(19));  // `ac` read as `armour`
  EXPECT_FALSE(c.fields.contains("speed"));                                  // dropped
  EXPECT_EQ(c.skills.at("perception"), "expert");                            // expertise -> expert
  EXPECT_EQ(c.saves.at("dex_save"), "trained");
}

TEST_F(Borrow5e, BB_155_a_creature_immune_to_a_condition_the_borrower_lacks_is_left_out_and_logged) {
  // The borrower has no `frightened`: the clay golem (immune to it) is left out, with a log line.
  EXPECT_EQ(creatures->find("clay-golem"), nullptr);
  bool logged = false;
  for (const auto& line : creatures->log.items()) {
    logged = logged || (line.message.find("frightened") != std::string::npos && line.severity == Severity::Warning);
  }
  EXPECT_TRUE(logged);
  EXPECT_EQ(creatures->log.items().size(), 37u);
  EXPECT_EQ(creatures->entries.size(), 334u - 37u);
}

TEST_F(Borrow5e, BB_156_the_local_goblin_replaces_the_borrowed_one) {
  const CatalogEntry* goblin = creatures->find("goblin");
  ASSERT_NE(goblin, nullptr);
  EXPECT_EQ(goblin->label, "Ash Goblin");
  EXPECT_EQ(goblin->creature->sheet->fields.at("armour").value, Scalar{Number::of(14)}.value);
}

}  // namespace
}  // namespace rk
