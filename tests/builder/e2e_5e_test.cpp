// End to end on the real 5e-2014 package (issue #4's acceptance): characters built with the
// builder's actions, their values checked by hand against the SRD, and the property test.
#include <algorithm>

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
  EXPECT_TRUE(offer(bard)->disabled);  // the wizard's own Int 13 no longer holds
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
  // Common and Elvish, which the half-elf always knows, then the three chosen.
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Elvish", "Dwarvish", "Giant", "Sylvan"}));
}

// ---- issue 11, point 5: a level-1 character that can sit at the table ----------------------

std::vector<std::string> srd5e_enabled_offers(const SlotView& slot) {
  std::vector<std::string> out;
  for (const auto& o : slot.offers) {
    if (!o.disabled) out.push_back(o.id);
  }
  return out;
}

const OfferView* srd5e_offer(const SlotView& slot, const std::string& id) {
  for (const auto& o : slot.offers) {
    if (o.id == id) return &o;
  }
  return nullptr;
}

bool srd5e_hidden(const SheetView& sheet, const std::string& id) {
  return std::find(sheet.hidden.begin(), sheet.hidden.end(), id) != sheet.hidden.end();
}

TEST_F(Srd5eBuild, I11_5_subrace_is_required_for_a_dwarf_and_not_for_a_half_elf) {
  Build b = build();
  b.act(R"({"step": "race", "pick": "dwarf"})");
  // BA-143: the dwarf has the hill dwarf; until it is taken the step asks for it.
  EXPECT_TRUE(b.step("subrace").required);
  EXPECT_EQ(b.step("subrace").badge, 1);
  std::vector<std::string> offered;
  for (const auto& o : b.step("subrace").offers) offered.push_back(o.id);
  EXPECT_EQ(offered, (std::vector<std::string>{"hill-dwarf"}));
  b.act(R"({"step": "subrace", "pick": "hill-dwarf"})");
  EXPECT_EQ(b.step("subrace").badge, 0);
  EXPECT_EQ(b.field("subrace"), text("hill-dwarf"));  // an enum field takes the entry's id
  // The half-elf has no subrace: the step asks nothing and the race answers it ("None").
  Build h = build();
  h.act(R"({"step": "race", "pick": "half-elf"})");
  EXPECT_FALSE(h.step("subrace").required);
  EXPECT_EQ(h.step("subrace").badge, 0);
  EXPECT_EQ(h.field("subrace"), text("none"));
}

TEST_F(Srd5eBuild, I11_5_a_fighter_or_barbarian_shows_no_spell_save_dc_a_bard_does) {
  for (const char* cls : {"fighter", "barbarian", "monk", "rogue"}) {
    Build b = build();
    b.act(std::string(R"({"step": "class", "pick": ")") + cls + R"("})");
    b.act(R"({"step": "level", "field": "level", "value": 1})");
    const SheetView sheet = b.sheet();
    EXPECT_TRUE(srd5e_hidden(sheet, "spell_save_dc")) << cls;
    EXPECT_TRUE(srd5e_hidden(sheet, "spell_attack")) << cls;
  }
  Build bard = build();
  bard.act(R"({"step": "class", "pick": "bard"})").act(R"({"step": "level", "field": "level", "value": 1})");
  bard.act(R"({"step": "scores", "set": {"cha": 15}})");
  const SheetView sheet = bard.sheet();
  EXPECT_FALSE(srd5e_hidden(sheet, "spell_save_dc"));
  EXPECT_FALSE(srd5e_hidden(sheet, "spell_attack"));
  // Charisma 15 (+2), proficiency +2: DC 12, attack +4.
  EXPECT_EQ(sheet.derived.at("spell_save_dc").value, Number::of(12));
  EXPECT_EQ(sheet.derived.at("spell_attack").value, Number::of(4));
}

TEST_F(Srd5eBuild, I11_5_half_elf_bard_knows_common_and_elvish_as_language_rows) {
  Build b = build();
  b.act(R"({"step": "race", "pick": "half-elf"})").act(R"({"step": "class", "pick": "bard"})");
  b.act(R"({"step": "background", "pick": "acolyte"})");
  // The rows the `languages` catalog's entries write, from the race itself.
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Elvish"}));
  EXPECT_EQ(b.character().lists.at("languages")[1].cells.at("script"), text("Elvish"));
  // The half-elf's own choice never offers them (the SRD's list leaves them out) ...
  const SlotView* race = b.slot("race/half-elf-languages");
  ASSERT_NE(race, nullptr);
  EXPECT_EQ(srd5e_offer(*race, "common"), nullptr);
  EXPECT_EQ(srd5e_offer(*race, "elvish"), nullptr);
  EXPECT_EQ(srd5e_enabled_offers(*race).size(), 14u);  // the SRD's 16 languages less the two known
  // ... nor does the acolyte's "any two": they show disabled, saying why.
  const SlotView* acolyte = b.slot("background/acolyte-languages");
  ASSERT_NE(acolyte, nullptr);
  for (const char* known : {"common", "elvish"}) {
    const OfferView* o = srd5e_offer(*acolyte, known);
    ASSERT_NE(o, nullptr) << known;
    EXPECT_TRUE(o->disabled) << known;
    EXPECT_EQ(o->why.reason, Reason::ChoiceOfferedWhenZero) << known;
  }
  EXPECT_EQ(srd5e_enabled_offers(*acolyte).size(), 14u);
  EXPECT_EQ(b.refused(R"({"step": "languages", "choose": "background/acolyte-languages", "values": ["common"]})"),
            "not-offered");
  // A human knows Common only: Elvish is offered to the acolyte again.
  b.act(R"({"step": "race", "pick": "human"})");
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common"}));
  const OfferView* elvish = srd5e_offer(*b.slot("background/acolyte-languages"), "elvish");
  ASSERT_NE(elvish, nullptr);
  EXPECT_FALSE(elvish->disabled);
}

TEST_F(Srd5eBuild, I11_5_a_dragonborn_chooses_a_draconic_ancestry) {
  Build b = build();
  EXPECT_FALSE(b.step("race-options").shown);  // a blank sheet reads the dwarf: nothing to choose
  b.act(R"({"step": "race", "pick": "dragonborn"})");
  ASSERT_TRUE(b.step("race-options").shown);
  EXPECT_EQ(b.step("race-options").badge, 1);
  const SlotView* ancestry = b.slot("race/draconic-ancestry");
  ASSERT_NE(ancestry, nullptr);
  // The SRD's Draconic Ancestry table: ten dragons.
  EXPECT_EQ(srd5e_enabled_offers(*ancestry),
            (std::vector<std::string>{"draconic-ancestry-black", "draconic-ancestry-blue", "draconic-ancestry-brass",
                                      "draconic-ancestry-bronze", "draconic-ancestry-copper", "draconic-ancestry-gold",
                                      "draconic-ancestry-green", "draconic-ancestry-red", "draconic-ancestry-silver",
                                      "draconic-ancestry-white"}));
  b.act(R"({"step": "race-options", "choose": "race/draconic-ancestry", "values": ["draconic-ancestry-red"]})");
  EXPECT_EQ(b.step("race-options").badge, 0);
  const auto& features = b.character().lists.at("features");
  const auto red = std::find_if(features.begin(), features.end(),
                                [](const auto& r) { return r.cells.at("name") == text("Draconic Ancestry (Red)"); });
  ASSERT_NE(red, features.end());
  EXPECT_EQ(red->cells.at("source"), text("Dragonborn"));
  // SRD: red, fire, 15 ft. cone, Dexterity save.
  EXPECT_EQ(red->cells.at("text"),
            text("Breath Weapon: Fire damage, 15 ft. cone, Dexterity saving throw (DC 8 + your Constitution modifier "
                 "+ your proficiency bonus)\nDamage Resistance: fire damage"));
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Draconic"}));
  // Another race takes the ancestry back with the step.
  b.act(R"({"step": "race", "pick": "tiefling"})");
  EXPECT_FALSE(b.step("race-options").shown);
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Infernal"}));
  for (const auto& name : b.row_names("features")) EXPECT_NE(name, "Draconic Ancestry (Red)");
}

TEST_F(Srd5eBuild, I11_5_a_high_elf_chooses_one_wizard_cantrip) {
  Build b = build();
  b.act(R"({"step": "race", "pick": "elf"})");
  EXPECT_FALSE(b.step("racial-spells").shown);
  EXPECT_EQ(b.step("subrace").badge, 1);
  b.act(R"({"step": "subrace", "pick": "high-elf"})");
  ASSERT_TRUE(b.step("racial-spells").shown);
  EXPECT_EQ(b.step("racial-spells").badge, 1);
  const SlotView* cantrip = b.slot("subrace/high-elf-cantrip");
  ASSERT_NE(cantrip, nullptr);
  const auto offered = srd5e_enabled_offers(*cantrip);
  // The SRD's wizard cantrips, and only cantrips.
  EXPECT_EQ(offered.size(), 14u);
  EXPECT_NE(std::find(offered.begin(), offered.end(), "fire-bolt"), offered.end());
  EXPECT_EQ(std::find(offered.begin(), offered.end(), "sacred-flame"), offered.end());   // a cleric's
  EXPECT_EQ(std::find(offered.begin(), offered.end(), "magic-missile"), offered.end());  // 1st level
  EXPECT_EQ(
      b.refused(R"({"step": "racial-spells", "choose": "subrace/high-elf-cantrip", "values": ["magic-missile"]})"),
      "not-offered");
  b.act(R"({"step": "racial-spells", "choose": "subrace/high-elf-cantrip", "values": ["fire-bolt"]})");
  EXPECT_EQ(b.step("racial-spells").badge, 0);
  EXPECT_EQ(b.row_names("spells"), (std::vector<std::string>{"Fire Bolt"}));
  EXPECT_EQ(b.character().lists.at("spells")[0].cells.at("level"), Scalar{Number::of(0)});
  // The high elf's Extra Language never offers what the elf knows.
  const SlotView* extra = b.slot("subrace/high-elf-languages");
  ASSERT_NE(extra, nullptr);
  EXPECT_EQ(srd5e_offer(*extra, "common"), nullptr);
  EXPECT_EQ(srd5e_offer(*extra, "elvish"), nullptr);
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Elvish"}));
}

TEST_F(Srd5eBuild, I11_5_hit_dice_hit_points_and_gold_at_level_1) {
  // Half-Elf Bard (README actions): d8, Constitution 15 (+2): 8 + 2 = 10 hp; the acolyte's 15 gp.
  Build bard = build();
  bard.act(R"({"step": "race", "pick": "half-elf"})").act(R"({"step": "class", "pick": "bard"})");
  bard.act(R"({"step": "level", "field": "level", "value": 1})").act(R"({"step": "background", "pick": "acolyte"})");
  bard.act(R"({"step": "scores", "set": {"str": 10, "dex": 14, "con": 14, "int": 8, "wis": 10, "cha": 15}})");
  bard.act(R"({"step": "scores", "choose": "race/half-elf-abilities", "values": ["dex", "con"]})");
  EXPECT_EQ(derived(bard, "hit_dice_d8"), Number::of(1));
  EXPECT_EQ(derived(bard, "hit_dice_d12"), Number::of(0));
  EXPECT_EQ(derived(bard, "hit_point_maximum"), Number::of(10));
  EXPECT_EQ(bard.field("gp"), Scalar{Number::of(15)});
  // Hill Dwarf Cleric: d8, Constitution 16 (+3), Dwarven Toughness +1: 8 + 3 + 1 = 12.
  Build cleric = build();
  cleric.act(R"({"step": "race", "pick": "dwarf"})").act(R"({"step": "subrace", "pick": "hill-dwarf"})");
  cleric.act(R"({"step": "class", "pick": "cleric"})").act(R"({"step": "level", "field": "level", "value": 1})");
  cleric.act(R"({"step": "scores", "method": "standardArray"})");
  cleric.act(R"({"step": "scores", "assign": {"wis": 15, "con": 14, "str": 13, "cha": 12, "dex": 10, "int": 8}})");
  EXPECT_EQ(derived(cleric, "hit_dice_d8"), Number::of(1));
  EXPECT_EQ(derived(cleric, "hit_point_maximum"), Number::of(12));
  // Without a background the character has no coins from it.
  EXPECT_FALSE(cleric.field("gp").has_value());
  // Barbarian: d12, Constitution 14 (+2) by the standard array: 12 + 2 = 14; a fighter d10.
  Build barbarian = build();
  barbarian.act(R"({"step": "class", "pick": "barbarian"})").act(R"({"step": "level", "field": "level", "value": 1})");
  barbarian.act(R"({"step": "scores", "method": "standardArray"})");
  barbarian.act(R"({"step": "scores", "assign": {"str": 15, "con": 14, "dex": 13, "wis": 12, "cha": 10, "int": 8}})");
  EXPECT_EQ(derived(barbarian, "hit_dice_d12"), Number::of(1));
  EXPECT_EQ(derived(barbarian, "hit_point_maximum"), Number::of(14));
  barbarian.act(R"({"step": "class", "pick": "fighter"})");
  EXPECT_EQ(derived(barbarian, "hit_dice_d10"), Number::of(1));
  EXPECT_EQ(derived(barbarian, "hit_dice_d12"), Number::of(0));  // taken back with the barbarian
  EXPECT_EQ(derived(barbarian, "hit_point_maximum"), Number::of(12));
  // A hit point maximum written by hand stands when it is above the computed one.
  barbarian.act(R"({"edit": "fields/hp_max", "value": 44})");
  EXPECT_EQ(derived(barbarian, "hit_point_maximum"), Number::of(44));
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
