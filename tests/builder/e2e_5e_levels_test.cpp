// Issue 11 point 5's acceptance on the real 5e-2014 package: four characters built from a blank
// sheet by the builder actions of docs/format/examples/*.actions.json alone, every value checked
// by hand against the SRD (the arithmetic is in the comments).
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "builder/property.hpp"
#include "format/ruleset.hpp"

namespace rk::builder_test {
namespace {

class Srd5eLevels : public ::testing::Test {
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
  /// A blank character with every action of the example file applied; each badge ends at 0.
  static Build built(const std::string& example) {
    Build b(*ruleset_, test::source_path("rulesets/5e-2014"));
    std::ifstream in(test::source_path("docs/format/examples/" + example + ".actions.json"));
    std::stringstream text;
    text << in.rdbuf();
    const boost::json::value actions = boost::json::parse(text.str());
    for (const auto& action : actions.as_array()) b.act(boost::json::serialize(action));
    for (const auto& step : b.view().steps) EXPECT_EQ(step.badge, 0) << example << ": step " << step.id;
    return b;
  }
  static std::shared_ptr<const Ruleset>* ruleset_;
};
std::shared_ptr<const Ruleset>* Srd5eLevels::ruleset_ = nullptr;

Number lv5e_derived(const Build& b, const std::string& id) { return b.sheet().derived.at(id).value; }

/// Scores in sheet order (str dex con int wis cha), the six saves, and all 18 skills.
void lv5e_expect_checks(const Build& b, const std::vector<long long>& scores, const std::vector<long long>& saves,
                        const std::map<std::string, long long>& skills) {
  const SheetView s = b.sheet();
  const std::vector<std::string> ids{"str", "dex", "con", "int", "wis", "cha"};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    EXPECT_EQ(s.abilities.at(ids[i]).score.value, Number::of(scores[i])) << ids[i];
    EXPECT_EQ(s.saves.at(ids[i] + "_save").mod, Number::of(saves[i])) << ids[i] << "_save";
  }
  ASSERT_EQ(skills.size(), 18u);
  for (const auto& [id, mod] : skills) EXPECT_EQ(s.skills.at(id).mod, Number::of(mod)) << id;
}

/// The slots of levels 1 – 9 (pool maxima) and the pact slots.
void lv5e_expect_slots(const Build& b, const std::vector<long long>& slots, long long pact = 0) {
  const SheetView s = b.sheet();
  for (int level = 1; level <= 9; ++level) {
    const long long want = level <= static_cast<int>(slots.size()) ? slots[level - 1] : 0;
    EXPECT_EQ(s.pools.at("slots_" + std::to_string(level)).max, Number::of(want)) << "slots_" << level;
  }
  EXPECT_EQ(s.pools.at("pact_slots").max, Number::of(pact));
}

void lv5e_expect_hit_dice(const Build& b, long long d6, long long d8, long long d10, long long d12) {
  const SheetView s = b.sheet();
  EXPECT_EQ(s.pools.at("hd_d6").max, Number::of(d6));
  EXPECT_EQ(s.pools.at("hd_d8").max, Number::of(d8));
  EXPECT_EQ(s.pools.at("hd_d10").max, Number::of(d10));
  EXPECT_EQ(s.pools.at("hd_d12").max, Number::of(d12));
}

/// The spells rows' names whose level is (or is not) 0.
std::vector<std::string> lv5e_spells(const Build& b, bool cantrips) {
  std::vector<std::string> out;
  for (const auto& r : b.character().lists.at("spells")) {
    auto level = r.cells.find("level");
    const bool cantrip = level == r.cells.end() || std::get<Number>(level->second.value) == Number();
    if (cantrip == cantrips) out.push_back(std::get<std::string>(r.cells.at("name").value));
  }
  return out;
}

TEST_F(Srd5eLevels, I11_5_a_half_elf_bard_1) {
  const Build b = built("half-elf-bard");
  // Point buy 10 14 14 8 10 15; Half-Elf Cha +2, Dex +1, Con +1. PB +2 (level 1).
  // Saves: Dex and Cha proficient (Bard): Dex 2+2 = 4, Cha 3+2 = 5.
  // Skills: Acrobatics, Performance, Persuasion (Bard), Perception, Stealth (Half-Elf), Insight,
  // Religion (Acolyte) add 2.
  lv5e_expect_checks(b, {10, 15, 15, 8, 10, 17}, {0, 4, 2, -1, 0, 5},
                     {{"acrobatics", 4},
                      {"animal_handling", 0},
                      {"arcana", -1},
                      {"athletics", 0},
                      {"deception", 3},
                      {"history", -1},
                      {"insight", 2},
                      {"intimidation", 3},
                      {"investigation", -1},
                      {"medicine", 0},
                      {"nature", -1},
                      {"perception", 2},
                      {"performance", 5},
                      {"persuasion", 5},
                      {"religion", 1},
                      {"sleight_of_hand", 2},
                      {"stealth", 4},
                      {"survival", 0}});
  EXPECT_EQ(lv5e_derived(b, "proficiency_bonus"), Number::of(2));
  EXPECT_EQ(lv5e_derived(b, "hit_point_maximum"), Number::of(10));  // d8 maximum 8 + Con 2
  lv5e_expect_hit_dice(b, 0, 1, 0, 0);
  EXPECT_EQ(lv5e_derived(b, "armor_class"), Number::of(13));  // leather 11 + Dex 2, worn from the kit
  EXPECT_EQ(b.field("speed"), text("30 ft."));
  EXPECT_EQ(b.row_names("languages"),
            (std::vector<std::string>{"Common", "Elvish", "Sylvan", "Celestial", "Infernal"}));
  EXPECT_EQ(lv5e_derived(b, "passive_perception"), Number::of(12));  // 10 + Wis 0 + 2
  EXPECT_EQ(lv5e_derived(b, "spell_save_dc"), Number::of(13));       // 8 + 2 + Cha 3
  EXPECT_EQ(lv5e_derived(b, "spell_attack"), Number::of(5));         // 2 + Cha 3
  EXPECT_EQ(lv5e_spells(b, true), (std::vector<std::string>{"Vicious Mockery", "Minor Illusion"}));
  EXPECT_EQ(lv5e_spells(b, false), (std::vector<std::string>{"Healing Word", "Charm Person", "Sleep", "Thunderwave"}));
  lv5e_expect_slots(b, {2});  // Bard 1: two 1st-level slots
  // Spellcasting and Bardic Inspiration come with the level; the kit's weapons are attacks.
  const auto features = b.row_names("features");
  EXPECT_NE(std::find(features.begin(), features.end(), "Spellcasting: Bard"), features.end());
  EXPECT_NE(std::find(features.begin(), features.end(), "Bardic Inspiration (d6)"), features.end());
  EXPECT_EQ(b.row_names("attacks"), (std::vector<std::string>{"Dagger", "Rapier"}));
  for (const auto& r : b.character().lists.at("attacks")) {
    EXPECT_EQ(r.cells.at("bonus").value, Scalar{Number::of(4)}.value);         // finesse: Dex 2 + 2
    EXPECT_EQ(r.cells.at("damage_bonus").value, Scalar{Number::of(2)}.value);  // Dex 2
  }
}

TEST_F(Srd5eLevels, I11_5_a_hill_dwarf_cleric_1) {
  const Build b = built("hill-dwarf-cleric");
  // Standard array Wis 15, Con 14, Str 13, Cha 12, Dex 10, Int 8; Dwarf Con +2, Hill Dwarf Wis +1.
  // Saves: Wis 3+2 = 5, Cha 1+2 = 3 (Cleric). Skills: History, Medicine (Cleric), Insight,
  // Religion (Acolyte).
  lv5e_expect_checks(b, {13, 10, 16, 8, 16, 12}, {1, 0, 3, -1, 5, 3},
                     {{"acrobatics", 0},
                      {"animal_handling", 3},
                      {"arcana", -1},
                      {"athletics", 1},
                      {"deception", 1},
                      {"history", 1},
                      {"insight", 5},
                      {"intimidation", 1},
                      {"investigation", -1},
                      {"medicine", 5},
                      {"nature", -1},
                      {"perception", 3},
                      {"performance", 1},
                      {"persuasion", 1},
                      {"religion", 1},
                      {"sleight_of_hand", 0},
                      {"stealth", 0},
                      {"survival", 3}});
  EXPECT_EQ(lv5e_derived(b, "proficiency_bonus"), Number::of(2));
  EXPECT_EQ(lv5e_derived(b, "hit_point_maximum"), Number::of(12));  // d8 8 + Con 3 + Dwarven Toughness 1
  lv5e_expect_hit_dice(b, 0, 1, 0, 0);
  EXPECT_EQ(lv5e_derived(b, "armor_class"), Number::of(16));  // scale mail 14 + Dex 0 (max 2) + shield 2
  EXPECT_EQ(b.field("speed"), text("25 ft."));
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Dwarvish", "Elvish", "Giant"}));
  EXPECT_EQ(lv5e_derived(b, "passive_perception"), Number::of(13));  // 10 + Wis 3
  EXPECT_EQ(lv5e_derived(b, "spell_save_dc"), Number::of(13));       // 8 + 2 + Wis 3
  EXPECT_EQ(lv5e_derived(b, "spell_attack"), Number::of(5));
  EXPECT_EQ(lv5e_spells(b, true), (std::vector<std::string>{"Sacred Flame", "Guidance", "Spare the Dying"}));
  // Prepared: Wis 3 + level 1 = 4.
  EXPECT_EQ(lv5e_spells(b, false),
            (std::vector<std::string>{"Bless", "Cure Wounds", "Healing Word", "Shield of Faith"}));
  lv5e_expect_slots(b, {2});
  EXPECT_EQ(b.field("subclass"), text("Life"));  // the SRD's domain, at 1st level
}

TEST_F(Srd5eLevels, I11_5_a_human_wizard_20_with_improvements_into_int_and_con) {
  const Build b = built("human-wizard-20");
  // Standard array Int 15, Dex 14, Con 13, Wis 12, Cha 10, Str 8; Human +1 to all: 16 15 14 13 11 9.
  // Five improvements (4, 8, 12, 16, 19) = 10 points: Int +4 to 20, Con +6 to 20. PB +6 (17th+).
  // Saves: Int 5+6 = 11, Wis 1+6 = 7. Skills: Arcana, Investigation (Wizard), Insight, Religion.
  lv5e_expect_checks(b, {9, 15, 20, 20, 13, 11}, {-1, 2, 5, 11, 7, 0},
                     {{"acrobatics", 2},
                      {"animal_handling", 1},
                      {"arcana", 11},
                      {"athletics", -1},
                      {"deception", 0},
                      {"history", 5},
                      {"insight", 7},
                      {"intimidation", 0},
                      {"investigation", 11},
                      {"medicine", 1},
                      {"nature", 5},
                      {"perception", 1},
                      {"performance", 0},
                      {"persuasion", 0},
                      {"religion", 11},
                      {"sleight_of_hand", 2},
                      {"stealth", 2},
                      {"survival", 1}});
  EXPECT_EQ(lv5e_derived(b, "proficiency_bonus"), Number::of(6));
  // d6: 6 at 1st level, 19 × 4 after, Con 5 × 20 levels: 6 + 76 + 100 = 182 (Con 20 counts back to 1st).
  EXPECT_EQ(lv5e_derived(b, "hit_point_maximum"), Number::of(182));
  lv5e_expect_hit_dice(b, 20, 0, 0, 0);
  EXPECT_EQ(lv5e_derived(b, "armor_class"), Number::of(12));  // no armor: 10 + Dex 2
  EXPECT_EQ(b.field("speed"), text("30 ft."));
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Dwarvish", "Draconic", "Elvish"}));
  EXPECT_EQ(lv5e_derived(b, "passive_perception"), Number::of(11));  // 10 + Wis 1
  EXPECT_EQ(lv5e_derived(b, "spell_save_dc"), Number::of(19));       // 8 + 6 + Int 5
  EXPECT_EQ(lv5e_derived(b, "spell_attack"), Number::of(11));
  EXPECT_EQ(lv5e_spells(b, true).size(), 5u);         // Wizard 20: 5 cantrips
  EXPECT_EQ(lv5e_spells(b, false).size(), 44u);       // spellbook 6 + 2 × 19
  lv5e_expect_slots(b, {4, 3, 3, 3, 3, 2, 2, 1, 1});  // SRD wizard table, level 20
  EXPECT_EQ(b.field("subclass"), text("Evocation"));
  const auto features = b.row_names("features");
  for (const char* f : {"Arcane Recovery", "Spell Mastery", "Signature Spell", "Overchannel"})
    EXPECT_NE(std::find(features.begin(), features.end(), f), features.end()) << f;
  EXPECT_EQ(b.row_names("attacks"), (std::vector<std::string>{"Quarterstaff"}));
  EXPECT_EQ(b.character().lists.at("attacks").front().cells.at("bonus").value, Scalar{Number::of(5)}.value);  // 6 − 1
}

TEST_F(Srd5eLevels, I11_5_a_high_elf_fighter_1_wizard_1) {
  const Build b = built("high-elf-fighter-wizard");
  // Standard array Str 15, Con 14, Dex 13, Int 12, Wis 10, Cha 8; Elf Dex +2, High Elf Int +1.
  // Character level 2: PB +2. Saves from the first class only (Fighter): Str 2+2, Con 2+2.
  // Skills: Athletics, Survival (Fighter), Perception (Keen Senses), Insight, Religion (Acolyte).
  lv5e_expect_checks(b, {15, 15, 14, 13, 10, 8}, {4, 2, 4, 1, 0, -1},
                     {{"acrobatics", 2},
                      {"animal_handling", 0},
                      {"arcana", 1},
                      {"athletics", 4},
                      {"deception", -1},
                      {"history", 1},
                      {"insight", 2},
                      {"intimidation", -1},
                      {"investigation", 1},
                      {"medicine", 0},
                      {"nature", 1},
                      {"perception", 2},
                      {"performance", -1},
                      {"persuasion", -1},
                      {"religion", 3},
                      {"sleight_of_hand", 2},
                      {"stealth", 2},
                      {"survival", 2}});
  EXPECT_EQ(lv5e_derived(b, "proficiency_bonus"), Number::of(2));
  EXPECT_EQ(lv5e_derived(b, "fighter_level"), Number::of(1));
  EXPECT_EQ(lv5e_derived(b, "wizard_level"), Number::of(1));
  // Fighter d10 at its maximum 10 (1st character level), Wizard d6 fixed 4, Con 2 × 2 levels: 18.
  EXPECT_EQ(lv5e_derived(b, "hit_point_maximum"), Number::of(18));
  lv5e_expect_hit_dice(b, 1, 0, 1, 0);
  EXPECT_EQ(lv5e_derived(b, "armor_class"), Number::of(18));  // chain mail 16 (heavy: no Dex) + shield 2
  EXPECT_EQ(b.field("speed"), text("30 ft."));
  EXPECT_EQ(b.row_names("languages"), (std::vector<std::string>{"Common", "Elvish", "Dwarvish", "Giant", "Orc"}));
  EXPECT_EQ(lv5e_derived(b, "passive_perception"), Number::of(12));  // 10 + Wis 0 + 2
  // The wizard's Intelligence: 8 + 2 + 1 = 11, attack +3 (shown hidden on a fighter's sheet: it
  // hides by the first class).
  EXPECT_EQ(lv5e_derived(b, "spell_save_dc"), Number::of(11));
  EXPECT_EQ(lv5e_derived(b, "spell_attack"), Number::of(3));
  // Fire Bolt from the High Elf's Cantrip, three wizard cantrips, six spellbook spells.
  EXPECT_EQ(lv5e_spells(b, true), (std::vector<std::string>{"Fire Bolt", "Mage Hand", "Light", "Prestidigitation"}));
  EXPECT_EQ(lv5e_spells(b, false).size(), 6u);
  lv5e_expect_slots(b, {2});  // spellcaster level 1 (Wizard 1): two 1st-level slots
  const auto features = b.row_names("features");
  for (const char* f : {"Second Wind", "Fighting Style", "Arcane Recovery", "Spellcasting: Wizard"})
    EXPECT_NE(std::find(features.begin(), features.end(), f), features.end()) << f;
}

TEST_F(Srd5eLevels, I11_5_level_2_allows_one_new_class_and_multiclass_slots_add_up) {
  Build b(*ruleset_, test::source_path("rulesets/5e-2014"));
  b.act(R"({"step": "class", "pick": "wizard"})").act(R"({"step": "level", "field": "level", "value": 2})");
  b.act(R"({"step": "scores", "method": "manual"})");
  b.act(R"({"step": "scores", "set": {"str": 13, "dex": 13, "con": 13, "int": 13, "wis": 13, "cha": 13}})");
  EXPECT_EQ(b.step("multiclass").accepts, 1);
  b.act(R"({"step": "multiclass", "pick": "multiclass-cleric"})");
  EXPECT_EQ(b.refused(R"({"step": "multiclass", "pick": "multiclass-bard"})"), "too-many");
  // Level 5: wizard 2, cleric 1, paladin 2 (the paladin half, rounded down: 1): spellcaster level
  // 2 + 1 + 1 = 4 → 4 / 3 slots; hit dice d6 2, d8 1, d10 2.
  b.act(R"({"step": "level", "field": "level", "value": 5})");
  b.act(R"({"step": "multiclass", "pick": "multiclass-paladin"})");
  b.act(R"({"step": "class-levels", "buy": "paladin"})");
  EXPECT_EQ(lv5e_derived(b, "wizard_level"), Number::of(2));
  EXPECT_EQ(lv5e_derived(b, "cleric_level"), Number::of(1));
  EXPECT_EQ(lv5e_derived(b, "paladin_level"), Number::of(2));
  lv5e_expect_slots(b, {4, 3});
  lv5e_expect_hit_dice(b, 2, 1, 2, 0);
  // 6 + 4 (wizard 2) + 5 (cleric) + 2 × 6 (paladin) + Con 1 × 5 = 32.
  EXPECT_EQ(lv5e_derived(b, "hit_point_maximum"), Number::of(32));
  EXPECT_EQ(lv5e_derived(b, "proficiency_bonus"), Number::of(3));  // total level 5
}

}  // namespace
}  // namespace rk::builder_test
