// The 5e SRD (2014) converter (tools/srd5e) and the package it generates (rulesets/5e-2014):
// the committed package is exactly what the converter writes today, it loads cleanly with the
// Capability API it declares, and real SRD entries read back with the values the SRD gives.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "format/ruleset.hpp"
#include "srd5e/package.hpp"
#include "support/load.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

namespace bj = boost::json;
namespace fs = std::filesystem;

const std::string kPackage = "rulesets/5e-2014";

/// The SRD data: $RK_SRD_DIR, else ../shared/data/5e-srd-2014 beside the checkout, else the
/// workplace's shared folder. A checkout without the data fails these tests rather than skip them.
fs::path srd_dir() {
  if (const char* env = std::getenv("RK_SRD_DIR"); env != nullptr && *env != '\0') return env;
  const fs::path beside = fs::path(RK_SOURCE_DIR) / ".." / "shared" / "data" / "5e-srd-2014";
  if (fs::exists(beside)) return beside;
  return "/work/shared/data/5e-srd-2014";
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

bj::value read_json(const std::string& relative) {
  return bj::parse(read_text(test::source_path(kPackage + "/" + relative)));
}

const bj::object& entry(const bj::array& entries, std::string_view id) {
  for (const auto& e : entries) {
    if (e.at("id").as_string() == id) return e.as_object();
  }
  ADD_FAILURE() << "no entry " << id;
  static const bj::object none;
  return none;
}

const bj::object& catalog_header(std::string_view id) {
  static const bj::value ruleset = read_json("ruleset.json");
  for (const auto& c : ruleset.at("catalogs").as_array()) {
    if (c.at("id").as_string() == id) return c.as_object();
  }
  ADD_FAILURE() << "no catalog " << id;
  static const bj::object none;
  return none;
}

const bj::array& asset_entries(std::string_view id) {
  static std::map<std::string, bj::value, std::less<>> cache;
  auto it = cache.find(id);
  if (it == cache.end()) it = cache.emplace(std::string(id), read_json("catalogs/" + std::string(id) + ".json")).first;
  return it->second.at("entries").as_array();
}

const bj::object& live_pool(std::string_view id) {
  static const bj::value ruleset = read_json("ruleset.json");
  for (const auto& p : ruleset.at("sheet").at("live").at("pools").as_array()) {
    if (p.at("id").as_string() == id) return p.as_object();
  }
  ADD_FAILURE() << "no pool " << id;
  static const bj::object none;
  return none;
}

bool contains(const bj::array& a, std::string_view s) {
  for (const auto& v : a) {
    if (v.is_string() && v.get_string() == s) return true;
  }
  return false;
}

fs::path fresh_temp_dir() {
  return fs::temp_directory_path() /
         ("srd5e_test_" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
}

TEST(Srd5e, regenerating_gives_the_committed_package_byte_for_byte) {
  ASSERT_TRUE(fs::exists(srd_dir())) << "SRD data not found at " << srd_dir() << " (set RK_SRD_DIR)";
  const fs::path out = fresh_temp_dir();
  srd5e::convert(srd_dir(), out);
  const fs::path committed = test::source_path(kPackage);
  std::size_t compared = 0;
  for (const auto& f : fs::recursive_directory_iterator(out)) {
    if (!f.is_regular_file()) continue;
    const fs::path rel = fs::relative(f.path(), out);
    ASSERT_TRUE(fs::exists(committed / rel)) << rel << " is not committed; run srd5e_convert";
    EXPECT_TRUE(read_text(f.path()) == read_text(committed / rel))
        << rel << " differs from the converter's output; run srd5e_convert";
    ++compared;
  }
  EXPECT_EQ(compared, 7u);
  // Nothing stale beside them.
  for (const auto& f : fs::recursive_directory_iterator(committed)) {
    if (!f.is_regular_file()) continue;
    const fs::path rel = fs::relative(f.path(), committed);
    EXPECT_TRUE(fs::exists(out / rel)) << rel << " is not written by the converter";
  }
  fs::remove_all(out);
}

TEST(Srd5e, converting_twice_gives_identical_files) {
  ASSERT_TRUE(fs::exists(srd_dir())) << "SRD data not found at " << srd_dir() << " (set RK_SRD_DIR)";
  const srd5e::Files first = srd5e::build_package(srd_dir());
  const srd5e::Files second = srd5e::build_package(srd_dir());
  EXPECT_TRUE(first == second);
  EXPECT_EQ(first.size(), 7u);
  EXPECT_EQ(first.count("manifest.json"), 1u);
  EXPECT_EQ(first.count("README.md"), 1u);
}

TEST(Srd5e, CA_94_package_checks_clean_and_declares_exactly_what_it_needs) {
  LoadResult r = load_ruleset(test::source_path(kPackage));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  ASSERT_TRUE(r.manifest.has_value());
  r.diagnostics.append(check_catalog_assets(*r.ruleset, *r.manifest, test::source_path(kPackage)));
  EXPECT_TRUE(r.diagnostics.items().empty()) << test::describe(r);
  ASSERT_TRUE(r.requires_version.has_value());
  EXPECT_EQ(*r.requires_version, "1." + std::to_string(r.manifest->capability_minor));
  EXPECT_EQ(r.manifest->capability_minor, srd5e::kCapabilityMinor);
}

TEST(Srd5e, CA_100_files_stay_within_what_the_declared_capability_allows) {
  // The builder's spells step needs 1.768 (BA-16), which covers 1.340: ruleset.json may pass 256 KB
  // (up to 512 KB). The catalog files stay under the 1 MB that needs 1.340 all the same.
  EXPECT_GE(srd5e::kCapabilityMinor, 340);
  EXPECT_LE(fs::file_size(test::source_path(kPackage + "/ruleset.json")), 512u * 1024u);
  for (const auto* id : {"features", "spells", "creatures"}) {
    EXPECT_LE(fs::file_size(test::source_path(kPackage + "/catalogs/" + id + ".json")), 1024u * 1024u) << id;
  }
}

TEST(Srd5e, CA_5_spells_and_creatures_hold_every_srd_entry) {
  EXPECT_EQ(asset_entries("spells").size(), 319u);
  EXPECT_EQ(asset_entries("creatures").size(), 334u);
  EXPECT_EQ(catalog_header("spells").at("asset").as_string(), "catalogs/spells.json");
  EXPECT_EQ(catalog_header("creatures").at("asset").as_string(), "catalogs/creatures.json");
  EXPECT_EQ(catalog_header("creatures").at("holds").as_string(), "creatures");
}

TEST(Srd5e, CA_79_fireball_is_a_3rd_level_evocation_paid_from_a_3rd_level_slot) {
  const bj::object& fireball = entry(asset_entries("spells"), "fireball");
  const auto& filters = fireball.at("filters").as_object();
  EXPECT_EQ(filters.at("level").as_int64(), 3);
  EXPECT_EQ(filters.at("school").as_string(), "evocation");
  EXPECT_TRUE(contains(filters.at("class_ids").as_array(), "wizard"));
  EXPECT_TRUE(contains(filters.at("class_ids").as_array(), "sorcerer"));
  const auto& cost = fireball.at("mechanics").at("cost").as_array();
  ASSERT_EQ(cost.size(), 1u);
  // The reference's cost names the pool of the spell's level; an upcast names another of its group.
  EXPECT_EQ(cost[0].at("pool").as_string(), "slots_3");
  EXPECT_FALSE(cost[0].as_object().contains("level"));
  EXPECT_EQ(cost[0].at("amount").as_int64(), 1);
  EXPECT_EQ(fireball.at("mechanics").at("kind").as_string(), "attack");
  EXPECT_EQ(fireball.at("mechanics").at("range").as_int64(), 150);
  EXPECT_EQ(fireball.at("mechanics").at("area").at("shape").as_string(), "burst");  // the SRD's sphere
  EXPECT_EQ(fireball.at("mechanics").at("area").at("size").as_int64(), 20);
  const auto& row = fireball.at("rows").as_array().at(0).as_object();
  EXPECT_EQ(row.at("list").as_string(), "spells");
  EXPECT_EQ(row.at("values").at("name").as_string(), "Fireball");
}

TEST(Srd5e, CA_83_cantrips_cost_nothing) {
  const bj::object& bolt = entry(asset_entries("spells"), "fire-bolt");
  EXPECT_EQ(bolt.at("filters").at("level").as_int64(), 0);
  ASSERT_TRUE(bolt.contains("mechanics"));
  EXPECT_FALSE(bolt.at("mechanics").as_object().contains("cost"));
}

TEST(Srd5e, CA_90_hold_person_gains_a_target_per_slot_level) {
  const auto& mechanics = entry(asset_entries("spells"), "hold-person").at("mechanics").as_object();
  EXPECT_EQ(mechanics.at("targetCount").as_int64(), 1);
  EXPECT_EQ(mechanics.at("targetsPerCostStep").as_int64(), 1);
  EXPECT_EQ(entry(asset_entries("spells"), "bless").at("mechanics").at("targetCount").as_int64(), 3);
  EXPECT_FALSE(entry(asset_entries("spells"), "fireball").at("mechanics").as_object().contains("targetsPerCostStep"));
}

TEST(Srd5e, CA_85_pact_slots_pay_for_spell_slots) {
  const bj::object& pact = live_pool("pact_slots");
  EXPECT_EQ(pact.at("group").as_string(), "pact");
  // Derived from the warlock level (issue 11 point 5), no longer fields nobody writes.
  EXPECT_EQ(pact.at("max").at("derived").as_string(), "pact_slots_max");
  EXPECT_EQ(pact.at("level").at("derived").as_string(), "pact_slot_level");
  ASSERT_EQ(pact.at("pays").as_array().size(), 1u);
  EXPECT_EQ(pact.at("pays").as_array()[0].as_string(), "slots");
  for (int level = 1; level <= 9; ++level) {
    const bj::object& slot = live_pool("slots_" + std::to_string(level));
    EXPECT_EQ(slot.at("group").as_string(), "slots");
    EXPECT_EQ(slot.at("level").as_int64(), level);
  }
}

TEST(Srd5e, SH_79_long_rest_restores_half_the_hit_dice_shared) {
  static const bj::value ruleset = read_json("ruleset.json");
  const auto& rests = ruleset.at("rests").as_array();
  ASSERT_EQ(rests.size(), 2u);
  EXPECT_EQ(rests[0].at("id").as_string(), "short");
  const auto& long_rest = rests[1].as_object();
  EXPECT_EQ(long_rest.at("id").as_string(), "long");
  bool hit_dice = false;
  for (const auto& step : long_rest.at("restore").as_array()) {
    const auto& s = step.as_object();
    if (s.contains("poolGroup") && s.at("poolGroup").as_string() == "hit_dice") {
      hit_dice = true;
      EXPECT_EQ(s.at("by").at("fractionOfMax").as_double(), 0.5);
      EXPECT_EQ(s.at("by").at("round").as_string(), "down");
      EXPECT_EQ(s.at("by").at("min").as_int64(), 1);
      EXPECT_TRUE(s.at("shared").as_bool());
    }
  }
  EXPECT_TRUE(hit_dice);
  // The reference's rest clears live texts, not temporary hit points: the long rest ends concentration.
  EXPECT_TRUE(contains(long_rest.at("clear").at("text").as_array(), "concentration"));
}

TEST(Srd5e, hill_dwarf_is_a_subrace_of_the_dwarf) {
  const auto& entries = catalog_header("races").at("entries").as_array();
  const bj::object& hill = entry(entries, "hill-dwarf");
  EXPECT_EQ(hill.at("filters").at("parent").as_string(), "dwarf");
  EXPECT_EQ(hill.at("filters").at("kind").as_string(), "subrace");
  EXPECT_FALSE(entry(entries, "dwarf").at("filters").as_object().contains("parent"));
  const auto& rows = hill.at("rows").as_array();
  ASSERT_GE(rows.size(), 2u);
  EXPECT_EQ(rows[1].at("values").at("name").as_string(), "Dwarven Toughness");
  for (const auto& e : entries) {
    const auto n = e.at("rows").as_array().size();
    EXPECT_GE(n, 1u);
    EXPECT_LE(n, 6u) << e.at("id").as_string();
  }
}

TEST(Srd5e, CA_20_adult_red_dragon_reads_back_as_the_srd_gives_it) {
  const bj::object& dragon = entry(asset_entries("creatures"), "adult-red-dragon");
  const auto& c = dragon.at("creature").as_object();
  // A reference creature: the sheet in the 5e sheet's ids, the tier of its challenge rating.
  const auto& sheet = c.at("sheet").as_object();
  EXPECT_EQ(sheet.at("abilities").at("str").as_int64(), 27);
  EXPECT_EQ(sheet.at("fields").at("hp_max").as_int64(), 256);
  EXPECT_EQ(sheet.at("fields").at("ac").as_int64(), 19);
  EXPECT_EQ(sheet.at("fields").at("level").as_int64(), 17);  // proficiency bonus +6
  EXPECT_EQ(sheet.at("fields").at("speed").as_string(), "40 ft., climb 40 ft., fly 80 ft.");
  EXPECT_EQ(sheet.at("skills").at("perception").as_string(), "expertise");
  EXPECT_EQ(sheet.at("skills").at("stealth").as_string(), "proficient");
  EXPECT_EQ(sheet.at("saves").at("con_save").as_string(), "proficient");
  EXPECT_FALSE(sheet.at("saves").as_object().contains("str_save"));
  EXPECT_EQ(c.at("tier").as_string(), "cr_17");
  EXPECT_TRUE(contains(c.at("immune").as_array(), "fire"));
  EXPECT_EQ(c.at("signaturePoints").as_int64(), 3);
  EXPECT_NE(dragon.at("summary").as_string().find("19d12+133"), std::string::npos);
  EXPECT_NE(dragon.at("summary").as_string().find("18,000 XP"), std::string::npos);
  EXPECT_EQ(c.at("traits").at(0).at("text").as_string(),
            "blindsight 60 ft., darkvision 120 ft., passive Perception 23");
  EXPECT_EQ(c.at("traits").at(1).at("text").as_string(), "Common, Draconic");
  EXPECT_EQ(dragon.at("filters").at("threat").as_int64(), 17);
  std::map<std::string, const bj::object*> actions;
  for (const auto& a : c.at("actions").as_array()) actions[std::string(a.at("id").as_string())] = &a.as_object();
  ASSERT_TRUE(actions.count("bite") && actions.count("multiattack") && actions.count("fire_breath") &&
              actions.count("wing_attack_costs_2_actions"));
  const bj::object& bite = *actions["bite"];
  EXPECT_EQ(bite.at("toHit").as_int64(), 14);
  EXPECT_EQ(bite.at("damage").at("dice").as_string(), "2d10");
  EXPECT_EQ(bite.at("damage").at("flat").as_int64(), 8);
  EXPECT_EQ(bite.at("damage").at("plus").at(0).at("type").as_string(), "fire");
  EXPECT_EQ(bite.at("reach").as_int64(), 10);
  EXPECT_EQ(actions["multiattack"]->at("sequence").at(2).at("times").as_int64(), 2);
  EXPECT_EQ(actions["fire_breath"]->at("save").at("onSuccess").as_string(), "half");
  EXPECT_EQ(actions["fire_breath"]->at("recharge").at("from").as_int64(), 5);
  EXPECT_EQ(actions["wing_attack_costs_2_actions"]->at("signature").at("cost").as_int64(), 2);
}

TEST(Srd5e, CA_20_fractional_challenge_ratings_are_kept) {
  EXPECT_EQ(entry(asset_entries("creatures"), "kobold").at("creature").at("tier").as_string(), "cr_1_8");
  EXPECT_EQ(entry(asset_entries("creatures"), "kobold").at("filters").at("threat").as_double(), 0.125);
}

TEST(Srd5e, CA_20_the_combat_block_has_a_tier_for_every_creature) {
  static const bj::value ruleset = read_json("ruleset.json");
  const auto& combat = ruleset.at("combat").as_object();
  std::set<std::string> tiers;
  for (const auto& t : combat.at("threat").at("tiers").as_array()) tiers.insert(std::string(t.at("id").as_string()));
  EXPECT_EQ(tiers.size(), 28u);  // the challenge ratings SRD creatures have: 0, 1/8, 1/4, 1/2, 1-17, 19-24, 30
  for (const auto& e : asset_entries("creatures"))
    EXPECT_TRUE(tiers.count(std::string(e.at("creature").at("tier").as_string())));
  EXPECT_EQ(combat.at("damageTypes").as_array().size(), 13u);
}

TEST(Srd5e, CA_96_chain_mail_is_an_item_in_the_words_of_the_items_block) {
  const auto& chain = entry(catalog_header("equipment").at("entries").as_array(), "chain-mail").at("item").as_object();
  EXPECT_EQ(chain.at("stats").at("ac").as_int64(), 16);
  EXPECT_EQ(chain.at("stats").at("armor_weight").as_int64(), 3);
  EXPECT_EQ(chain.at("stats").at("str_minimum").as_int64(), 13);
  EXPECT_EQ(chain.at("category").as_string(), "armor");
  EXPECT_EQ(chain.at("slots").at("body").as_int64(), 1);
  EXPECT_TRUE(contains(chain.at("tags").as_array(), "stealth_disadvantage"));
  const auto& longsword =
      entry(catalog_header("equipment").at("entries").as_array(), "longsword").at("item").as_object();
  EXPECT_EQ(longsword.at("stats").at("damage").as_string(), "1d8");
  EXPECT_EQ(longsword.at("stats").at("versatile").as_string(), "1d10");
  EXPECT_TRUE(contains(longsword.at("tags").as_array(), "versatile"));
  // The words the items use are declared once, in the top-level `items` block.
  static const bj::value ruleset = read_json("ruleset.json");
  const auto& items = ruleset.at("items").as_object();
  bool has_stealth = false;
  for (const auto& t : items.at("tags").as_array())
    has_stealth = has_stealth || t.at("id").as_string() == "stealth_disadvantage";
  EXPECT_TRUE(has_stealth);
  EXPECT_EQ(items.at("slots").as_array().size(), 3u);
}

TEST(Srd5e, SH_1_sample_cleric_computes_armor_class_and_spell_save_dc) {
  const LoadResult r = load_ruleset(test::source_path(kPackage));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const SheetView sheet =
      test::sheet_of(*r.ruleset, read_text(test::source_path(kPackage + "/characters/sample-cleric.json")));
  // Scale mail 14 + Dexterity +2 (medium armor caps it at 2) + shield 2; the `ac` field is left at 0.
  EXPECT_EQ(sheet.derived.at("armor_class").value, test::n(18));
  EXPECT_EQ(sheet.derived.at("proficiency_bonus").value, test::n(3));
  EXPECT_EQ(sheet.derived.at("spell_save_dc").value, test::n(14));  // 8 + 3 + Wisdom +3
  EXPECT_EQ(sheet.derived.at("spell_attack").value, test::n(6));
  EXPECT_EQ(sheet.derived.at("passive_perception").value, test::n(13));
  EXPECT_EQ(sheet.saves.at("wis_save").mod, test::n(6));
  EXPECT_EQ(sheet.pools.at("slots_1").current, test::n(2));
  EXPECT_EQ(sheet.pools.at("slots_3").max, test::n(2));
  EXPECT_EQ(sheet.pools.at("hd_d8").max, test::n(5));
  EXPECT_TRUE(sheet.warnings.items().empty());
}

// The guided builder (rulesets/5e-2014/README.md "The guided builder").

const bj::object& grants_of(std::string_view catalog, std::string_view id) {
  return entry(catalog_header(catalog).at("entries").as_array(), id).at("grants").as_object();
}

bj::array strings(std::initializer_list<std::string_view> items) {
  bj::array a;
  for (auto s : items) a.emplace_back(s);
  return a;
}

/// The value of derived `id` on a character of the package with these fields and abilities.
Number derived_of(const std::string& id, const std::string& fields, const std::string& abilities = "{}") {
  static const LoadResult r = load_ruleset(test::source_path(kPackage));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  if (!r.ok()) return Number();
  const SheetView sheet =
      test::sheet_of(*r.ruleset, R"({"v": 1, "ruleset": "5e-2014", "name": "T", "build": {"fields": )" + fields +
                                     R"(, "abilities": )" + abilities + "}}");
  auto it = sheet.derived.find(id);
  EXPECT_NE(it, sheet.derived.end()) << id;
  return it == sheet.derived.end() ? Number() : it->second.value;
}

TEST(Srd5e, BA_67_half_elf_grants_charisma_two_other_scores_two_skills_and_a_language) {
  const bj::object& g = grants_of("races", "half-elf");
  EXPECT_EQ(g.at("abilities").at("add").at("cha").as_int64(), 2);
  const auto& choose = g.at("abilities").at("choose").as_array();
  ASSERT_EQ(choose.size(), 1u);
  EXPECT_EQ(choose[0].at("count").as_int64(), 2);
  EXPECT_EQ(choose[0].at("amount").as_int64(), 1);
  EXPECT_EQ(choose[0].at("except").as_array(), strings({"cha"}));
  const auto& skills = g.at("trained").at("choose").as_array();
  ASSERT_EQ(skills.size(), 1u);
  EXPECT_EQ(skills[0].at("what").as_string(), "skills");
  EXPECT_EQ(skills[0].at("count").as_int64(), 2);
  EXPECT_FALSE(skills[0].as_object().contains("from"));  // any skill (Skill Versatility)
  EXPECT_EQ(g.at("sets").at("speed").as_string(), "30 ft.");
  const auto& languages = g.at("entries").at("choose").as_array();
  ASSERT_EQ(languages.size(), 1u);
  EXPECT_EQ(languages[0].at("catalog").as_string(), "languages");
  EXPECT_EQ(languages[0].at("count").as_int64(), 1);
  EXPECT_FALSE(contains(languages[0].at("ids").as_array(), "elvish"));  // the half-elf already speaks it
  EXPECT_TRUE(contains(languages[0].at("ids").as_array(), "dwarvish"));
}

TEST(Srd5e, BA_68_hill_dwarf_adds_wisdom_on_top_of_the_dwarfs_constitution) {
  EXPECT_EQ(grants_of("races", "dwarf").at("abilities").at("add").at("con").as_int64(), 2);
  EXPECT_EQ(grants_of("races", "dwarf").at("sets").at("speed").as_string(), "25 ft.");
  const bj::object& hill = grants_of("races", "hill-dwarf");
  EXPECT_EQ(hill.at("abilities").at("add").at("wis").as_int64(), 1);
  EXPECT_EQ(hill.at("abilities").at("add").as_object().size(), 1u);
  EXPECT_FALSE(hill.contains("sets"));  // a subrace keeps its race's speed
}

TEST(Srd5e, BA_75_cleric_chooses_two_skills_from_its_list_and_trains_its_saves) {
  const bj::object& g = grants_of("classes", "cleric");
  EXPECT_EQ(g.at("trained").at("saves").as_array(), strings({"wis_save", "cha_save"}));
  const auto& choose = g.at("trained").at("choose").as_array();
  ASSERT_EQ(choose.size(), 1u);
  EXPECT_EQ(choose[0].at("count").as_int64(), 2);
  EXPECT_EQ(choose[0].at("from").as_array(), strings({"history", "insight", "medicine", "persuasion", "religion"}));
  EXPECT_EQ(g.at("sets").at("spellcasting_ability").as_string(), "wis");
}

TEST(Srd5e, BA_57_bard_chooses_any_three_skills) {
  const bj::object& g = grants_of("classes", "bard");
  const auto& choose = g.at("trained").at("choose").as_array();
  ASSERT_EQ(choose.size(), 1u);  // the three instruments stay in the proficiency rows
  EXPECT_EQ(choose[0].at("count").as_int64(), 3);
  EXPECT_FALSE(choose[0].as_object().contains("from"));
  // The fighter sets no spellcasting ability; its hit dice are derived from its level (issue 11 point 5).
  EXPECT_FALSE(grants_of("classes", "fighter").contains("sets"));
  EXPECT_EQ(derived_of("hit_dice_d10", R"({"class": "fighter", "level": 7})"), test::n(7));
}

TEST(Srd5e, I11_5_the_dwarf_writes_its_languages_as_rows_and_folds_its_last_traits) {
  const bj::array& rows = entry(catalog_header("races").at("entries").as_array(), "dwarf").at("rows").as_array();
  ASSERT_EQ(rows.size(), 6u);  // CA-19
  std::vector<std::string> written;
  for (const auto& r : rows) {
    written.push_back(std::string(r.at("list").as_string()) + ": " +
                      std::string(r.at("values").at("name").as_string()));
  }
  EXPECT_EQ(written,
            (std::vector<std::string>{"features: Dwarf", "languages: Common", "languages: Dwarvish",
                                      "features: Darkvision", "features: Dwarven Resilience",
                                      "features: Stonecunning, Dwarven Combat Training and Tool Proficiency"}));
  // The same row the `languages` catalog's entry writes.
  const bj::object& common = entry(catalog_header("languages").at("entries").as_array(), "common");
  EXPECT_EQ(common.at("rows").at(0), rows.at(1));
  EXPECT_EQ(common.at("offeredWhen").at("derived").as_string(), "language_open_common");
  EXPECT_EQ(grants_of("backgrounds", "acolyte").at("sets").at("gp").as_int64(), 15);
}

TEST(Srd5e, BA_80_acolyte_trains_insight_and_religion_and_chooses_two_languages) {
  const bj::object& g = grants_of("backgrounds", "acolyte");
  EXPECT_EQ(g.at("trained").at("skills").as_array(), strings({"insight", "religion"}));
  EXPECT_EQ(g.at("entries").at("choose").at(0).at("count").as_int64(), 2);
}

TEST(Srd5e, BA_25_spells_known_is_44_for_a_level_20_wizard) {
  EXPECT_EQ(derived_of("spells_known", R"({"class": "wizard", "level": 20})"), test::n(44));
  EXPECT_EQ(derived_of("spells_known", R"({"class": "wizard", "level": 1})"), test::n(6));
  EXPECT_EQ(derived_of("cantrips_known", R"({"class": "wizard", "level": 20})"), test::n(5));
  EXPECT_EQ(derived_of("max_spell_level", R"({"class": "wizard", "level": 20})"), test::n(9));
  EXPECT_EQ(derived_of("max_spell_level", R"({"class": "wizard", "level": 5})"), test::n(3));
}

TEST(Srd5e, BA_25_other_casters_know_or_prepare_what_the_srd_says) {
  EXPECT_EQ(derived_of("spells_known", R"({"class": "bard", "level": 10})"), test::n(14));  // SRD table
  EXPECT_EQ(derived_of("spells_known", R"({"class": "cleric", "level": 5})", R"({"wis": 16})"), test::n(8));  // +3 + 5
  EXPECT_EQ(derived_of("spells_known", R"({"class": "cleric", "level": 1})", R"({"wis": 6})"),
            test::n(1));  // at least one
  EXPECT_EQ(derived_of("spells_known", R"({"class": "paladin", "level": 1})", R"({"cha": 16})"),
            test::n(0));  // casts from 2nd
  EXPECT_EQ(derived_of("spells_known", R"({"class": "paladin", "level": 5})", R"({"cha": 16})"), test::n(5));  // +3 + 2
  EXPECT_EQ(derived_of("spells_known", R"({"class": "fighter", "level": 20})", R"({"wis": 20})"), test::n(0));
  EXPECT_EQ(derived_of("max_spell_level", R"({"class": "warlock", "level": 20})"), test::n(5));  // pact slots
  EXPECT_EQ(derived_of("max_spell_level", R"({"class": "ranger", "level": 1})"), test::n(0));
  EXPECT_EQ(derived_of("cantrips_known", R"({"class": "sorcerer", "level": 10})"), test::n(6));
}

TEST(Srd5e, BA_86_multiclassing_needs_both_classes_prerequisites_and_level_2) {
  EXPECT_EQ(derived_of("multiclass_allowed", R"({"class": "cleric", "level": 2})", R"({"wis": 13})"), test::n(1));
  EXPECT_EQ(derived_of("multiclass_allowed", R"({"class": "cleric", "level": 1})", R"({"wis": 13})"), test::n(0));
  EXPECT_EQ(derived_of("multiclass_allowed", R"({"class": "cleric", "level": 5})", R"({"wis": 12})"), test::n(0));
  // Fighter: Strength 13 or Dexterity 13.
  EXPECT_EQ(derived_of("multiclass_meets_fighter", R"({"class": "wizard"})", R"({"str": 8, "dex": 13})"), test::n(1));
  EXPECT_EQ(derived_of("multiclass_meets_fighter", R"({"class": "wizard"})", R"({"str": 12, "dex": 12})"), test::n(0));
  // Monk: Dexterity 13 and Wisdom 13; never offered to a monk.
  // (and the wizard's own Intelligence 13)
  EXPECT_EQ(derived_of("multiclass_offer_monk", R"({"class": "wizard"})", R"({"dex": 13, "wis": 12, "int": 13})"),
            test::n(0));
  EXPECT_EQ(derived_of("multiclass_offer_monk", R"({"class": "wizard"})", R"({"dex": 13, "wis": 13, "int": 13})"),
            test::n(1));
  EXPECT_EQ(derived_of("multiclass_offer_monk", R"({"class": "wizard"})", R"({"dex": 13, "wis": 13, "int": 12})"),
            test::n(0));
  EXPECT_EQ(derived_of("multiclass_offer_monk", R"({"class": "monk"})", R"({"dex": 13, "wis": 13})"), test::n(0));
  const bj::object& wizard = entry(catalog_header("multiclass").at("entries").as_array(), "multiclass-wizard");
  EXPECT_EQ(wizard.at("offeredWhen").at("derived").as_string(), "multiclass_offer_wizard");
  const bj::object& rogue = entry(catalog_header("multiclass").at("entries").as_array(), "multiclass-rogue");
  EXPECT_EQ(rogue.at("grants").at("trained").at("choose").at(0).at("count").as_int64(), 1);
}

TEST(Srd5e, BA_60_the_wizard_kit_fits_wizards_and_the_acolyte_kit_everyone) {
  const bj::array& kits = catalog_header("kits").at("entries").as_array();
  const bj::object& wizard = entry(kits, "wizard-kit");
  EXPECT_EQ(wizard.at("fits").at("value").at("derived").as_string(), "wizard_first_level");
  EXPECT_EQ(wizard.at("fits").at("atLeast").as_int64(), 1);
  // The quarterstaff's attack, then spellbook, quarterstaff, component pouch, scholar's pack.
  EXPECT_EQ(wizard.at("rows").as_array().size(), 5u);
  EXPECT_EQ(wizard.at("rows").at(0).at("list").as_string(), "attacks");
  EXPECT_NE(std::string(wizard.at("summary").as_string()).find("first option"), std::string::npos);
  EXPECT_FALSE(entry(kits, "acolyte-kit").contains("fits"));
  EXPECT_EQ(derived_of("wizard_level", R"({"class": "wizard", "level": 3})"), test::n(3));
  EXPECT_EQ(derived_of("wizard_level", R"({"class": "cleric", "level": 3})"), test::n(0));

  // Read back through the model: the strict gear step names the kits, whose entries carry `fits`.
  const LoadResult r = load_ruleset(test::source_path(kPackage));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Builder& b = *r.ruleset->sheet.builder;
  const BuilderStep& gear = b.steps.at(b.step_index.at("gear"));
  EXPECT_EQ(gear.kind, BuilderStep::Kind::StartingGear);
  EXPECT_TRUE(gear.strict);
  const Catalog& catalog = r.ruleset->catalogs.at(gear.catalog_index);
  const CatalogEntry& kit = catalog.entries.at(catalog.entry_index.at("wizard-kit"));
  ASSERT_TRUE(kit.fits);
  EXPECT_EQ(kit.fits->at_least, test::n(1));
}

TEST(Srd5e, BA_5_the_builder_steps_read_back) {
  const LoadResult r = load_ruleset(test::source_path(kPackage));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Builder& b = *r.ruleset->sheet.builder;
  EXPECT_EQ(b.tier, "proficient");
  std::vector<std::string> ids;
  for (const auto& st : b.steps) ids.push_back(st.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"race",
                                           "subrace",
                                           "race-options",
                                           "racial-spells",
                                           "class",
                                           "level",
                                           "background",
                                           "scores",
                                           "multiclass",
                                           "class-levels",
                                           "subclass",
                                           "features",
                                           "new-class-features",
                                           "asi",
                                           "skills",
                                           "gear",
                                           "cantrips",
                                           "spells",
                                           "new-class-cantrips",
                                           "new-class-spells",
                                           "languages"}));
  const BuilderStep& spells = b.steps.at(b.step_index.at("spells"));
  EXPECT_EQ(spells.max, 44);
  ASSERT_TRUE(spells.count_from);
  ASSERT_TRUE(spells.up_to);
  EXPECT_EQ(spells.up_to->filter, "level");
  ASSERT_TRUE(spells.within);
  EXPECT_EQ(spells.within->step, "class");
  EXPECT_EQ(spells.stamp.at("class").from_within, "label");
  const BuilderStep& scores = b.steps.at(b.step_index.at("scores"));
  EXPECT_EQ(scores.default_method, AbilityMethod::PointBuy);
  EXPECT_EQ(scores.point_buy->budget, test::n(27));
  const BuilderStep& subrace = b.steps.at(b.step_index.at("subrace"));
  EXPECT_EQ(subrace.min, 1);
  EXPECT_TRUE(subrace.required_when);  // BA-143: only for a race with subraces
  EXPECT_EQ(subrace.within->filter, "parent");
  EXPECT_TRUE(b.steps.at(b.step_index.at("multiclass")).when);
}

TEST(Srd5e, manifest_carries_the_srd_attribution) {
  const bj::value manifest = read_json("manifest.json");
  const std::string attribution(manifest.at("attribution").as_string());
  EXPECT_NE(attribution.find("System Reference Document 5.1"), std::string::npos);
  EXPECT_NE(attribution.find("Open Gaming License 1.0a"), std::string::npos);
  EXPECT_NE(std::string(manifest.at("license").as_string()).find("Creative Commons Attribution 4.0"),
            std::string::npos);
  EXPECT_NE(read_text(test::source_path(kPackage + "/README.md")).find("Open Gaming License 1.0a"), std::string::npos);
}

}  // namespace
}  // namespace rk
