// End to end on the real 5e-2014 package (issue #4's acceptance): characters built with the
// builder's actions, their values checked by hand against the SRD, and the property test.
#include <gtest/gtest.h>

#include "builder/property.hpp"
#include "format/ruleset.hpp"

namespace rk::builder_test {
namespace {

class Srd5eBuild : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    LoadResult r = load_ruleset(test::source_path("rulesets/5e-2014"));
    ASSERT_FALSE(r.diagnostics.has_errors()) << test::describe(r);
    ruleset_ = new std::shared_ptr<const Ruleset>(r.ruleset);
  }
  static void TearDownTestSuite() {
    delete ruleset_;
    ruleset_ = nullptr;
  }
  static Build build() { return Build(*ruleset_, test::source_path("rulesets/5e-2014")); }
  static std::shared_ptr<const Ruleset>* ruleset_;
};
std::shared_ptr<const Ruleset>* Srd5eBuild::ruleset_ = nullptr;

Number derived(const Build& b, const std::string& id) { return b.sheet().derived.at(id).value; }
Number mod(const Build& b, const std::string& ability) { return b.sheet().abilities.at(ability).mod.value; }

TEST_F(Srd5eBuild, a_level_1_half_elf_bard_by_point_buy) {
  Build b = build();
  b.act(R"({"step": "race", "pick": "half-elf"})").act(R"({"step": "class", "pick": "bard"})");
  b.act(R"({"step": "level", "field": "level", "value": 1})").act(R"({"step": "background", "pick": "acolyte"})");
  // 27 points: 10 (2) + 14 (7) + 14 (7) + 8 (0) + 10 (2) + 15 (9).
  b.act(R"({"step": "scores", "set": {"str": 10, "dex": 14, "con": 14, "int": 8, "wis": 10, "cha": 15}})");
  EXPECT_EQ(b.step("scores").budget_left, Number());
  // Half-Elf: Charisma +2, and +1 to two other scores of the player's choice.
  b.act(R"({"step": "scores", "choose": "race/half-elf-abilities", "values": ["dex", "con"]})");
  EXPECT_EQ(b.ability("cha"), Number::of(17));
  EXPECT_EQ(b.ability("dex"), Number::of(15));
  EXPECT_EQ(b.ability("con"), Number::of(15));
  EXPECT_EQ(mod(b, "cha"), Number::of(3));
  EXPECT_EQ(b.step("scores").badge, 0);
  // Two skills of the Half-Elf's choice plus the Bard's three; the Acolyte already trains Insight and Religion.
  const SlotView* bard = b.slot("class/bard-skills");
  ASSERT_NE(bard, nullptr);
  for (const auto& o : bard->offers) {
    EXPECT_NE(o.id, "insight");
    EXPECT_NE(o.id, "religion");
  }
  b.act(R"({"step": "skills", "choose": "race/half-elf-skills", "values": ["perception", "stealth"]})");
  b.act(R"({"step": "skills", "choose": "class/bard-skills", "values": ["acrobatics", "performance", "persuasion"]})");
  EXPECT_EQ(b.step("skills").badge, 0);
  for (const char* s : {"perception", "stealth", "acrobatics", "performance", "persuasion", "insight", "religion"}) {
    EXPECT_EQ(b.skill(s), "proficient") << s;
  }
  EXPECT_EQ(b.save("dex_save"), "proficient");
  EXPECT_EQ(b.save("cha_save"), "proficient");
  EXPECT_EQ(b.field("speed"), text("30 ft."));
  // SRD: proficiency bonus +2 at level 1; spell save DC 8 + 2 + Cha 3 = 13; attack +5;
  // passive Perception 10 + Wis 0 + 2 = 12; Performance +3 +2 = +5.
  EXPECT_EQ(derived(b, "proficiency_bonus"), Number::of(2));
  EXPECT_EQ(derived(b, "spell_save_dc"), Number::of(13));
  EXPECT_EQ(derived(b, "spell_attack"), Number::of(5));
  EXPECT_EQ(derived(b, "passive_perception"), Number::of(12));
  EXPECT_EQ(b.sheet().skills.at("performance").mod, Number::of(5));
  // A bard knows 2 cantrips and 4 spells at level 1.
  EXPECT_EQ(b.step("cantrips").asks, 2);
  EXPECT_EQ(b.step("spells").asks, 4);
}

TEST_F(Srd5eBuild, a_level_1_hill_dwarf_cleric_by_standard_array) {
  Build b = build();
  b.act(R"({"step": "race", "pick": "dwarf"})").act(R"({"step": "subrace", "pick": "hill-dwarf"})");
  b.act(R"({"step": "class", "pick": "cleric"})").act(R"({"step": "level", "field": "level", "value": 1})");
  b.act(R"({"step": "background", "pick": "acolyte"})");
  b.act(R"({"step": "scores", "method": "standardArray"})");
  b.act(R"({"step": "scores", "assign": {"wis": 15, "con": 14, "str": 13, "cha": 12, "dex": 10, "int": 8}})");
  // Dwarf: Constitution +2; Hill Dwarf: Wisdom +1.
  EXPECT_EQ(b.ability("wis"), Number::of(16));
  EXPECT_EQ(b.ability("con"), Number::of(16));
  EXPECT_EQ(b.ability("str"), Number::of(13));
  EXPECT_EQ(mod(b, "wis"), Number::of(3));
  EXPECT_EQ(b.field("speed"), text("25 ft."));
  EXPECT_EQ(b.save("wis_save"), "proficient");
  EXPECT_EQ(b.save("cha_save"), "proficient");
  // BA-80's own example: the Acolyte trains Insight and Religion, so the cleric chooses among the rest.
  const SlotView* cleric = b.slot("class/cleric-skills");
  ASSERT_NE(cleric, nullptr);
  std::vector<std::string> offered;
  for (const auto& o : cleric->offers) offered.push_back(o.id);
  EXPECT_EQ(offered, (std::vector<std::string>{"history", "medicine", "persuasion"}));
  b.act(R"({"step": "skills", "choose": "class/cleric-skills", "values": ["medicine", "history"]})");
  EXPECT_EQ(b.step("skills").badge, 0);
  // SRD: Wisdom (Medicine) +3 +2 = +5; spell save DC 8 + 2 + 3 = 13; a cleric prepares Wis 3 + level 1 = 4.
  EXPECT_EQ(b.sheet().skills.at("medicine").mod, Number::of(5));
  EXPECT_EQ(derived(b, "spell_save_dc"), Number::of(13));
  EXPECT_EQ(b.step("spells").asks, 4);
  EXPECT_EQ(b.step("cantrips").asks, 3);
  // The Acolyte kit fits everyone, the cleric's kit only clerics (BA-60).
  std::vector<std::string> kits;
  for (const auto& o : b.step("gear").offers) kits.push_back(o.id);
  EXPECT_EQ(kits.size(), 2u);
}

TEST_F(Srd5eBuild, a_level_20_wizard_is_asked_for_the_44_spells_of_the_grimoire) {
  Build b = build();
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 20})");
  const StepView& spells = b.step("spells");
  EXPECT_EQ(spells.asks, 44);
  EXPECT_EQ(spells.accepts, 44);
  EXPECT_EQ(spells.badge, 44);
  EXPECT_EQ(b.step("cantrips").asks, 5);
  std::vector<std::string> ids;
  for (const auto& o : b.step("spells").offers) {
    if (!o.disabled) ids.push_back(o.id);
  }
  ASSERT_GE(ids.size(), 45u);
  for (std::size_t i = 0; i < 44; ++i) b.act(R"({"step": "spells", "pick": ")" + ids[i] + R"("})");
  EXPECT_EQ(b.step("spells").badge, 0);
  EXPECT_EQ(b.refused(R"({"step": "spells", "pick": ")" + ids[44] + R"("})"), "too-many");
  const auto& rows = b.character().lists.at("spells");
  EXPECT_EQ(rows.size(), 44u);
  EXPECT_EQ(rows.front().cells.at("class"), text("Wizard"));  // stamped from the class (BA-33)
  // Level 19: 42 spells known; the two latest are kept and no longer count (BA-26).
  b.act(R"({"edit": "fields/level", "value": 19})");
  EXPECT_EQ(b.step("spells").accepts, 42);
  EXPECT_EQ(b.character().lists.at("spells").size(), 42u);
  EXPECT_FALSE(b.step("spells").selections.back().counts);
}

TEST_F(Srd5eBuild, a_seeded_4d6_keep_3_roll_is_recorded_with_its_faces_and_unchanged_on_reopening) {
  Build b = build();
  b.act(R"({"step": "scores", "method": "roll"})");
  Diagnostics d;
  SeededDice dice(20261129);
  auto rolled =
      apply_action(b.catalogs(), b.character(), boost::json::parse(R"({"step": "scores", "roll": true})"), dice, d);
  ASSERT_TRUE(rolled.has_value());
  b.set_character(rolled->character);
  const std::vector<RolledScore> rolls = b.step("scores").rolls;
  ASSERT_EQ(rolls.size(), 6u);
  SeededDice again(20261129);
  for (const auto& r : rolls) {
    ASSERT_EQ(r.faces.size(), 4u);
    std::vector<std::int64_t> sorted = r.faces;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    EXPECT_EQ(r.total, Number::of(sorted[0] + sorted[1] + sorted[2]));
    for (auto face : r.faces) EXPECT_EQ(face, again.roll(6));  // the engine's dice, in order
  }
  b.act(R"({"step": "scores", "assign": {"str": )" + rolls[0].total.to_string() + "}}");
  // Saved and re-opened from its document: the same faces, the same score, no new roll.
  const std::string saved = boost::json::serialize(character_to_json(b.character()));
  Diagnostics read;
  auto reopened = parse_character(b.ruleset(), saved, "saved.json", read);
  ASSERT_TRUE(reopened.has_value());
  b.set_character(*reopened);
  EXPECT_EQ(b.step("scores").rolls, rolls);
  EXPECT_EQ(b.ability("str"), rolls[0].total);
  EXPECT_EQ(b.refused(R"({"step": "scores", "roll": true})"), "already-rolled");
}

TEST_F(Srd5eBuild, BA_86_multiclassing_is_offered_only_when_its_prerequisites_hold) {
  Build b = build();
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 3})");
  b.act(R"({"step": "scores", "set": {"int": 15, "cha": 8}})");
  ASSERT_TRUE(b.step("multiclass").shown);  // Int 13: the wizard may multiclass out
  const auto offer = [&](const std::string& id) -> const OfferView* {
    for (const auto& o : b.step("multiclass").offers) {
      if (o.id == id) return &o;
    }
    return nullptr;
  };
  const std::string bard = b.step("multiclass").offers.empty() ? "" : [&] {
    for (const auto& o : b.step("multiclass").offers) {
      if (o.id.find("bard") != std::string::npos) return o.id;
    }
    return std::string();
  }();
  ASSERT_FALSE(bard.empty());
  EXPECT_TRUE(offer(bard)->disabled);  // Cha 8 < 13
  b.act(R"({"step": "scores", "set": {"cha": 13}})");
  EXPECT_FALSE(offer(bard)->disabled);
  b.act(R"({"step": "scores", "set": {"int": 12}})");
  EXPECT_FALSE(b.step("multiclass").shown);  // the wizard's own Int 13 no longer holds
}

TEST_F(Srd5eBuild, BA_98_a_language_the_background_takes_is_not_offered_for_the_race_either) {
  Build b = build();
  b.act(R"({"step": "race", "pick": "half-elf"})").act(R"({"step": "background", "pick": "acolyte"})");
  b.act(R"({"step": "languages", "choose": "background/acolyte-languages", "values": ["dwarvish", "giant"]})");
  // The race's choice is answered first (its step comes first), yet never offers what the background took.
  const SlotView* race = b.slot("race/half-elf-languages");
  ASSERT_NE(race, nullptr);
  for (const auto& o : race->offers) {
    if (o.id == "dwarvish") {
      EXPECT_TRUE(o.disabled);
    }
  }
  EXPECT_EQ(b.refused(R"({"step": "languages", "choose": "race/half-elf-languages", "values": ["dwarvish"]})"),
            "not-offered");
  b.act(R"({"step": "languages", "choose": "race/half-elf-languages", "values": ["sylvan"]})");
  EXPECT_EQ(b.step("languages").badge, 0);
  EXPECT_EQ(b.character().lists.at("languages").size(), 3u);
}

TEST_F(Srd5eBuild, BA_103_BA_105_the_property_holds_on_the_5e_package) {
  const std::size_t kSequences = property_sequences(1000);
  PropertyStats stats;
  for (std::uint64_t seed = 1; seed <= kSequences; ++seed) {
    Build b = build();
    PropertyRun run(b, seed);
    if (!run.run(20, stats)) break;
  }
  EXPECT_EQ(stats.sequences, kSequences);
  EXPECT_GT(stats.accepted, stats.actions / 3);
  EXPECT_GT(stats.edits, kSequences);
  std::cout << "[ property ] 5e: " << stats.sequences << " sequences, " << stats.actions << " actions ("
            << stats.accepted << " accepted), " << stats.edits << " player edits, " << stats.checked_cells
            << " cell checks\n";
}

}  // namespace
}  // namespace rk::builder_test
