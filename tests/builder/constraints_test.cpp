// The builder's counted choices and creation constraints at run time (builder-a.md §16, §20 – §24,
// with BA-63, BA-65, BA-82, BA-90, BA-91 and BA-102): quotas, `distinctBy`, `quotaBelow`, slot ids,
// slot counts, exclusions, tiers, `only`, replacements and "not configured" choices.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "builder/constraints_fixture.hpp"
#include "catalog/operations.hpp"

namespace rk::builder_test {
namespace {

using Ids = std::vector<std::string>;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Ids sorted(Ids ids) {
  std::sort(ids.begin(), ids.end());
  return ids;
}

/// The character with its stored builder answers replaced by `builder` (a JSON object).
Character with_answers(const Character& c, const std::string& builder) {
  Character out = c;
  out.builder = boost::json::parse(builder);
  return out;
}

// --- §20 quotas, distinctBy, quotaBelow on catalog steps ----------------------------------------

TEST(BuilderConstraints, BA_115_BA_116_BA_118_the_ratings_pyramid_fills_its_quotas_and_maximums_disable) {
  Build b(constraints_ruleset(kRatingsStep), true);
  EXPECT_EQ(b.step("ratings").badge, 10);
  EXPECT_EQ(b.step("ratings").offers.size(), 41u);
  b.act(R"({"step": "ratings", "pick": "athletics-4"})");
  EXPECT_EQ(b.step("ratings").badge, 9);
  // BA-118: the rating-4 quota is full: every other rating-4 offer is disabled and says why.
  const OfferView* stealth4 = offer(b.step("ratings").offers, "stealth-4");
  ASSERT_NE(stealth4, nullptr);
  EXPECT_TRUE(stealth4->disabled);
  EXPECT_EQ(stealth4->why.reason, Reason::QuotaFull);
  EXPECT_TRUE(has(reason_text(stealth4->why), "quota")) << reason_text(stealth4->why);
  EXPECT_EQ(b.refused(R"({"step": "ratings", "pick": "stealth-4"})"), "not-offered");
  EXPECT_FALSE(offer(b.step("ratings").offers, "stealth-3")->disabled);
  for (const char* pick : {"stealth-3", "insight-3", "religion-2", "perception-2", "persuasion-2", "arcana-1",
                           "history-1", "survival-1"}) {
    b.act(std::string(R"({"step": "ratings", "pick": ")") + pick + "\"}");
  }
  EXPECT_TRUE(offer(b.step("ratings").offers, "acrobatics-3")->disabled);  // rating 3 is full (2 of 2)
  EXPECT_EQ(b.step("ratings").badge, 1);
  b.act(R"({"step": "ratings", "pick": "acrobatics-1"})");
  EXPECT_EQ(b.step("ratings").badge, 0);
  EXPECT_EQ(b.row_names("ratings").size(), 10u);
  // Every quota is full: nothing else can be picked, and every selection counts.
  EXPECT_EQ(enabled_ids(b.step("ratings").offers).size(), 10u);
  EXPECT_EQ(counts(b.step("ratings").selections), std::vector<bool>(10, true));
  // BA-116: a numeric rating never invents a training tier.
  EXPECT_TRUE(b.character().skills.empty());
}

TEST(BuilderConstraints, BA_117_BA_118_a_quota_minimum_adds_to_the_badge_and_a_missing_max_is_the_steps) {
  Build b(
      constraints_ruleset(R"({ "id": "top", "label": "Top", "kind": "catalog", "catalog": "ratings", "min": 2, "max": 4,
                                   "quotas": [{ "filter": "rating", "value": 4, "min": 1 }] })"),
      true);
  b.act(R"({"step": "top", "pick": "athletics-1"})").act(R"({"step": "top", "pick": "stealth-1"})");
  EXPECT_EQ(b.step("top").asks, 2);
  EXPECT_EQ(counts(b.step("top").selections), (std::vector<bool>{true, true}));
  EXPECT_EQ(b.step("top").badge, 1);  // two asked for and given, but no rating 4 yet
  b.act(R"({"step": "top", "pick": "insight-4"})");
  EXPECT_EQ(b.step("top").badge, 0);
  // No `max`: the step's own maximum (4) bounds the quota, so a second rating 4 is still offered.
  EXPECT_FALSE(offer(b.step("top").offers, "religion-4")->disabled);
  b.act(R"({"step": "top", "pick": "religion-4"})");
  EXPECT_EQ(counts(b.step("top").selections), (std::vector<bool>{true, true, true, true}));
}

const std::string kAspects =
    R"({ "id": "aspects", "label": "Aspects", "kind": "catalog", "catalog": "aspects", "min": 3, "max": 3,
                                  "distinctBy": "elements" })";

TEST(BuilderConstraints, BA_119_distinctBy_a_tags_filter_refuses_any_shared_tag) {
  Build b(constraints_ruleset(kAspects), true);
  b.act(R"({"step": "aspects", "pick": "storm"})");  // air, water
  const auto& offers = b.step("aspects").offers;
  EXPECT_TRUE(offer(offers, "gale")->disabled);  // air
  EXPECT_TRUE(has(reason_text(offer(offers, "gale")->why), "Storm")) << reason_text(offer(offers, "gale")->why);
  EXPECT_TRUE(offer(offers, "mist")->disabled);  // water
  EXPECT_FALSE(offer(offers, "ember")->disabled);
  EXPECT_FALSE(offer(offers, "stone")->disabled);
  EXPECT_EQ(b.refused(R"({"step": "aspects", "pick": "gale"})"), "not-offered");
  b.act(R"({"step": "aspects", "pick": "ember"})").act(R"({"step": "aspects", "pick": "stone"})");
  EXPECT_EQ(b.step("aspects").badge, 0);
  EXPECT_EQ(b.row_names("features"), (Ids{"Storm", "Ember", "Stone"}));
}

TEST(BuilderConstraints, BA_119_an_entry_lacking_the_distinctBy_filter_cannot_count) {
  Build b(constraints_ruleset(kAspects), true);
  const OfferView* plain = offer(b.step("aspects").offers, "plain");
  ASSERT_NE(plain, nullptr);
  EXPECT_TRUE(plain->disabled);
  EXPECT_TRUE(has(reason_text(plain->why), "elements")) << reason_text(plain->why);
  EXPECT_EQ(b.refused(R"({"step": "aspects", "pick": "plain"})"), "not-offered");
  // Recorded anyway (an older save): kept, never counting, nothing written.
  b.set_character(with_answers(blank_character(b.ruleset()),
                               R"({"mode": "guided", "steps": {"aspects": {"picks": ["plain", "gale"]}}})"));
  EXPECT_EQ(counts(b.step("aspects").selections), (std::vector<bool>{false, true}));
  EXPECT_EQ(b.step("aspects").badge, 2);
  EXPECT_EQ(b.row_names("features"), (Ids{"Gale"}));
}

TEST(BuilderConstraints, BA_120_without_distinctBy_selections_are_distinct_by_entry_id) {
  Build b(
      constraints_ruleset(
          R"({ "id": "aspects", "label": "Aspects", "kind": "catalog", "catalog": "aspects", "min": 2, "max": 3 })"),
      true);
  b.act(R"({"step": "aspects", "pick": "storm"})");
  EXPECT_FALSE(offer(b.step("aspects").offers, "gale")->disabled);  // sharing a tag is fine without distinctBy
  EXPECT_EQ(b.refused(R"({"step": "aspects", "pick": "storm"})"), "duplicate-id");
  // The same entry recorded twice counts once: the step still asks for one more.
  b.set_character(with_answers(blank_character(b.ruleset()),
                               R"({"mode": "guided", "steps": {"aspects": {"picks": ["ember", "ember"]}}})"));
  EXPECT_EQ(counts(b.step("aspects").selections), (std::vector<bool>{true, false}));
  EXPECT_EQ(b.step("aspects").badge, 1);
  EXPECT_EQ(b.row_names("features"), (Ids{"Ember"}));
}

const std::string kTalents =
    R"({ "id": "talents", "label": "Talents", "kind": "catalog", "catalog": "talents", "min": 0, "max": 7,
                                  "quotaBelow": { "filter": "tier" } })";

TEST(BuilderConstraints, BA_121_BA_122_quotaBelow_needs_strictly_more_active_selections_at_the_rank_below) {
  Build b(constraints_ruleset(kTalents), true);
  b.act(R"({"step": "talents", "pick": "t2a"})");
  EXPECT_EQ(counts(b.step("talents").selections), (std::vector<bool>{false}));
  EXPECT_EQ(b.step("talents").selections[0].why.reason, Reason::RankNeedsMoreBelow);
  EXPECT_TRUE(has(reason_text(b.step("talents").selections[0].why), "BA-123"));
  EXPECT_TRUE(b.row_names("features").empty());
  b.act(R"({"step": "talents", "pick": "t1a"})");
  EXPECT_EQ(counts(b.step("talents").selections),
            (std::vector<bool>{false, true}));  // 1 at rank 1 is not more than 1 at rank 2
  b.act(R"({"step": "talents", "pick": "t1b"})");
  EXPECT_EQ(counts(b.step("talents").selections), (std::vector<bool>{true, true, true}));
  EXPECT_EQ(sorted(b.row_names("features")), (Ids{"Adept A", "Novice A", "Novice B"}));
  b.act(R"({"step": "talents", "pick": "t3a"})");  // 1 at rank 2, 1 at rank 3
  EXPECT_FALSE(b.step("talents").selections[3].counts);
  // BA-122: an entry without a positive whole rank is not constrained.
  b.act(R"({"step": "talents", "pick": "wild"})");
  EXPECT_TRUE(b.step("talents").selections[4].counts);
}

TEST(BuilderConstraints, BA_123_removing_a_supporting_selection_makes_the_excess_higher_ones_inactive_and_keeps_them) {
  Build b(constraints_ruleset(kTalents), true);
  for (const char* id : {"t1a", "t1b", "t2a", "t1c", "t2b", "t3a"})
    b.act(std::string(R"({"step": "talents", "pick": ")") + id + "\"}");
  EXPECT_EQ(counts(b.step("talents").selections), std::vector<bool>(6, true));  // 3 > 2 > 1
  EXPECT_EQ(b.row_names("features").size(), 6u);
  b.act(R"({"step": "talents", "unpick": "t1c"})");
  // 2 at rank 1 no longer supports 2 at rank 2: the latest rank-2 selection stops counting, and
  // with it the rank-3 one it supported. Both are kept; their rows are taken back.
  const auto& sel = b.step("talents").selections;
  ASSERT_EQ(sel.size(), 5u);
  EXPECT_EQ(counts(sel), (std::vector<bool>{true, true, true, false, false}));
  EXPECT_EQ(sel[3].id, "t2b");
  EXPECT_EQ(sel[4].id, "t3a");
  EXPECT_EQ(sorted(b.row_names("features")), (Ids{"Adept A", "Novice A", "Novice B"}));
  // Repaired: they count again.
  b.act(R"({"step": "talents", "pick": "t1c"})");
  EXPECT_EQ(counts(b.step("talents").selections), std::vector<bool>(6, true));
  EXPECT_EQ(b.row_names("features").size(), 6u);
}

// --- §21 slot ids, countFrom, excludeChoices ------------------------------------------------------

std::string two_slots(bool ids, bool reversed) {
  const std::string body = std::string(R"({)") + (ids ? R"("id": "body", )" : "") +
                           R"("what": "skills", "count": 1, "from": ["athletics", "acrobatics"]})";
  const std::string mind = std::string(R"({)") + (ids ? R"("id": "mind", )" : "") +
                           R"("what": "skills", "count": 1, "from": ["arcana", "history"]})";
  return R"({ "id": "skills", "label": "Skills", "kind": "trained", "choose": [)" +
         (reversed ? mind + ", " + body : body + ", " + mind) + "] }";
}

TEST(BuilderConstraints, BA_124_BA_125_answers_of_a_slot_with_an_id_survive_reordering) {
  Build before(constraints_ruleset(two_slots(true, false)), true);
  before.act(R"({"step": "skills", "choose": "skills/body", "values": ["athletics"]})");
  before.act(R"({"step": "skills", "choose": "skills/mind", "values": ["arcana"]})");
  const auto stored = character_to_json(before.character());
  const auto& choices = stored.at("builder").at("choices").as_object();
  EXPECT_TRUE(choices.contains("skills/body"));
  EXPECT_TRUE(choices.contains("skills/mind"));
  Build after(constraints_ruleset(two_slots(true, true)),
              true);  // the ruleset's next version lists them the other way round
  after.set_character(before.character());
  ASSERT_NE(after.slot("skills/body"), nullptr);
  EXPECT_EQ(counts(after.slot("skills/body")->answers), (std::vector<bool>{true}));
  EXPECT_EQ(counts(after.slot("skills/mind")->answers), (std::vector<bool>{true}));
  EXPECT_EQ(after.skill("athletics"), "proficient");
  EXPECT_EQ(after.skill("arcana"), "proficient");
  EXPECT_EQ(after.step("skills").badge, 0);
  // Older slots keep positional keys: reordered, an answer lands on the other slot and stops counting.
  Build old_before(constraints_ruleset(two_slots(false, false)), true);
  old_before.act(R"({"step": "skills", "choose": "skills/choose/0", "values": ["athletics"]})");
  Build old_after(constraints_ruleset(two_slots(false, true)), true);
  old_after.set_character(old_before.character());
  EXPECT_EQ(counts(old_after.slot("skills/choose/0")->answers), (std::vector<bool>{false}));
  EXPECT_EQ(old_after.skill("athletics"), "");
}

TEST(BuilderConstraints, BA_125_an_id_keys_the_answers_by_step_and_id_whichever_entry_offers_it) {
  Build b(constraints_ruleset(R"({ "id": "origin", "label": "Origin", "kind": "catalog", "catalog": "origins" },
                                 { "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })"),
          true);
  b.act(R"({"step": "origin", "pick": "scribe"})");
  ASSERT_NE(b.slot("origin/scripts"), nullptr);
  b.act(R"({"step": "languages", "choose": "origin/scripts", "values": ["elvish", "dwarvish"]})");
  EXPECT_EQ(b.row_names("languages"), (Ids{"Elvish", "Dwarvish"}));
  b.act(R"({"step": "origin", "pick": "envoy"})");
  EXPECT_EQ(b.slot("origin/scripts"), nullptr);
  ASSERT_NE(b.slot("origin/envoy_tongue"), nullptr);
  EXPECT_TRUE(b.row_names("languages").empty());
  EXPECT_TRUE(
      character_to_json(b.character()).at("builder").at("choices").as_object().contains("origin/scripts"));  // kept
  b.act(R"({"step": "origin", "pick": "scribe"})");
  EXPECT_EQ(counts(b.slot("origin/scripts")->answers), (std::vector<bool>{true, true}));
  EXPECT_EQ(b.row_names("languages"), (Ids{"Elvish", "Dwarvish"}));
}

TEST(BuilderConstraints, BA_127_a_slot_countFrom_is_rounded_down_and_held_between_0_and_max) {
  Build b(constraints_ruleset(
              R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds", "min": 0 },
                                 { "id": "class", "label": "Class", "kind": "catalog", "catalog": "classes" },
                                 { "id": "skills", "label": "Skills", "kind": "trained",
                                   "choose": [{ "id": "extra", "what": "skills", "countFrom": { "field": "boost_count" }, "max": 3 }] })"),
          true);
  b.act(R"({"step": "class", "pick": "channeler"})");
  const auto count = [&](const char* key) { return b.slot(key) == nullptr ? -1 : b.slot(key)->count; };
  EXPECT_EQ(count("skills/extra"), 0);  // a blank field reads 0
  b.act(R"({"edit": "fields/boost_count", "value": 2.5})");
  EXPECT_EQ(count("skills/extra"), 2);
  EXPECT_EQ(count("class/boosts"), 2);
  EXPECT_EQ(b.step("skills").badge, 2);
  b.act(R"({"step": "skills", "choose": "skills/extra", "values": ["athletics", "stealth"]})");
  b.act(R"({"step": "class", "choose": "class/boosts", "values": ["str", "dex"]})");
  EXPECT_EQ(b.skill("stealth"), "proficient");
  EXPECT_EQ(b.ability("dex"), Number::of(11));
  b.act(R"({"edit": "fields/boost_count", "value": -1})");
  EXPECT_EQ(count("skills/extra"), 0);
  EXPECT_EQ(count("class/boosts"), 0);
  EXPECT_EQ(counts(b.slot("skills/extra")->answers), (std::vector<bool>{false, false}));  // kept, not counting
  EXPECT_EQ(b.skill("stealth"), "");
  EXPECT_EQ(b.ability("dex"), Number::of(10));
  b.act(R"({"edit": "fields/boost_count", "value": 50})");
  EXPECT_EQ(count("skills/extra"), 3);
  EXPECT_EQ(count("class/boosts"), 3);
  EXPECT_EQ(b.slot("skills/extra")->missing, 1);
  EXPECT_EQ(b.skill("stealth"), "proficient");
}

const std::string kBoostSteps =
    R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
                                   { "id": "class", "label": "Class", "kind": "catalog", "catalog": "classes" })";

TEST(BuilderConstraints, BA_129_BA_131_a_free_boost_excludes_the_restricted_one_which_offers_from_minus_except) {
  Build b(constraints_ruleset(kBoostSteps), true);
  b.act(R"({"step": "background", "pick": "farmhand"})");
  // BA-131: from [str, dex, cha] ∩ the sheet's abilities, minus except [cha].
  EXPECT_EQ(offer_ids(b.slot("background/restricted")->offers), (Ids{"str", "dex"}));
  b.act(R"({"step": "background", "choose": "background/restricted", "values": ["str"]})");
  b.act(R"({"step": "class", "pick": "adept"})");
  EXPECT_EQ(offer_ids(b.slot("class/free_boost")->offers), (Ids{"dex", "con", "int", "wis", "cha"}));
  EXPECT_EQ(b.refused(R"({"step": "class", "choose": "class/free_boost", "values": ["str"]})"), "not-offered");
  b.act(R"({"step": "class", "choose": "class/free_boost", "values": ["dex"]})");
  EXPECT_EQ(b.ability("dex"), Number::of(11));
  // The restricted boost moves to dex: the free one no longer counts (kept), str is offered again.
  b.act(R"({"step": "background", "choose": "background/restricted", "values": ["dex"]})");
  EXPECT_EQ(offer_ids(b.slot("class/free_boost")->offers), (Ids{"str", "con", "int", "wis", "cha"}));
  EXPECT_EQ(counts(b.slot("class/free_boost")->answers), (std::vector<bool>{false}));
  EXPECT_EQ(b.ability("dex"), Number::of(11));
  EXPECT_EQ(b.ability("str"), Number::of(10));
  EXPECT_EQ(b.step("class").badge, 1);
}

TEST(BuilderConstraints, BA_129_BA_137_excludeChoices_excludes_an_earlier_choices_answers_and_its_replacement) {
  Build b(
      constraints_ruleset(R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
                                 { "id": "train1", "label": "Training", "kind": "trained",
                                   "choose": [{ "id": "first", "what": "skills", "count": 1, "onDuplicate": "replace" }] },
                                 { "id": "train2", "label": "Expertise", "kind": "trained",
                                   "choose": [{ "id": "second", "what": "skills", "count": 1, "tier": "expertise",
                                                "excludeChoices": ["train1/first"] }] })"),
      true);
  b.act(R"({"step": "background", "pick": "acolyte"})");
  b.act(R"({"step": "train1", "choose": "train1/first", "values": ["insight"]})");  // acolyte trains it: a duplicate
  ASSERT_NE(b.slot("train1/first/replacement"), nullptr);
  b.act(R"({"step": "train1", "choose": "train1/first/replacement", "values": ["stealth"]})");
  EXPECT_EQ(b.skill("stealth"), "proficient");
  const Ids offered = offer_ids(b.slot("train2/second")->offers);
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "insight"), 0);   // the earlier choice's answer
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "stealth"), 0);   // and its replacement's
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "religion"), 1);  // proficient, below this choice's expertise
  EXPECT_EQ(b.refused(R"({"step": "train2", "choose": "train2/second", "values": ["stealth"]})"), "not-offered");
}

// --- §22 entry-choice quotas ----------------------------------------------------------------------

const std::string kOriginSteps = R"({ "id": "origin", "label": "Origin", "kind": "catalog", "catalog": "origins" },
                                    { "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })";

TEST(BuilderConstraints, BA_132_entry_choice_quotas_disable_at_their_maximum_and_count_their_minimum_in_the_badge) {
  Build b(constraints_ruleset(kOriginSteps), true);
  b.act(R"({"edit": "abilities/str", "value": 13})");  // Giant is offered (BA-90)
  b.act(R"({"step": "origin", "pick": "polyglot"})");
  EXPECT_EQ(b.step("languages").badge, 3);
  b.act(R"({"step": "languages", "choose": "origin/tongues", "values": ["dwarvish", "orcish"]})");
  const OfferView* giant = offer(b.slot("origin/tongues")->offers, "giant");
  ASSERT_NE(giant, nullptr);
  EXPECT_TRUE(giant->disabled);
  EXPECT_TRUE(has(reason_text(giant->why), "quota")) << reason_text(giant->why);
  EXPECT_EQ(b.step("languages").badge, 1);
  // Three answers, as many as the choice asks, but only one of the two dwarvish-script ones it needs.
  b.act(R"({"step": "languages", "choose": "origin/tongues", "values": ["dwarvish"]})");
  b.act(R"({"step": "languages", "choose": "origin/tongues", "values": ["dwarvish", "elvish", "common"]})");
  EXPECT_EQ(counts(b.slot("origin/tongues")->answers), (std::vector<bool>{true, true, true}));
  EXPECT_EQ(b.slot("origin/tongues")->missing, 1);
  EXPECT_EQ(b.step("languages").badge, 1);
  b.act(R"({"step": "languages", "choose": "origin/tongues", "values": ["dwarvish", "elvish", "giant"]})");
  EXPECT_EQ(b.step("languages").badge, 0);
  EXPECT_EQ(b.row_names("languages"), (Ids{"Dwarvish", "Elvish", "Giant"}));
}

TEST(BuilderConstraints, BA_132_entry_choice_distinctBy_shows_why_an_entry_is_not_offered) {
  Build b(constraints_ruleset(kOriginSteps), true);
  b.act(R"({"step": "origin", "pick": "scribe"})");
  b.act(R"({"step": "languages", "choose": "origin/scripts", "values": ["dwarvish"]})");
  const OfferView* orcish = offer(b.slot("origin/scripts")->offers, "orcish");
  ASSERT_NE(orcish, nullptr);
  EXPECT_TRUE(orcish->disabled);
  EXPECT_EQ(orcish->why.reason, Reason::SharesDistinctBy);
  EXPECT_TRUE(has(reason_text(orcish->why), "Dwarvish")) << reason_text(orcish->why);
  EXPECT_EQ(b.refused(R"({"step": "languages", "choose": "origin/scripts", "values": ["dwarvish", "orcish"]})"),
            "not-offered");
  b.act(R"({"step": "languages", "choose": "origin/scripts", "values": ["dwarvish", "elvish"]})");
  EXPECT_EQ(b.step("languages").badge, 0);
}

TEST(BuilderConstraints, BA_132_entry_choice_quotaBelow_leaves_an_unsupported_rank_inactive) {
  Build b(constraints_ruleset(kOriginSteps), true);
  b.act(R"({"step": "origin", "pick": "mentor"})");
  ASSERT_NE(b.slot("origin/lessons"), nullptr);
  b.act(R"({"step": "choose_talents", "choose": "origin/lessons", "values": ["t1a", "t2a"]})");
  EXPECT_EQ(counts(b.slot("origin/lessons")->answers), (std::vector<bool>{true, false}));
  EXPECT_EQ(b.row_names("features"), (Ids{"Apprenticeship", "Novice A"}));
  EXPECT_EQ(b.step("choose_talents").badge, 2);
  b.act(R"({"step": "choose_talents", "choose": "origin/lessons", "values": ["t1a", "t2a", "t1b"]})");
  EXPECT_EQ(counts(b.slot("origin/lessons")->answers), (std::vector<bool>{true, true, true}));
  EXPECT_EQ(b.step("choose_talents").badge, 0);
}

// --- §23 trained-choice tier, only, onDuplicate, replacements -------------------------------------

TEST(BuilderConstraints, BA_133_a_choices_tier_overrides_the_builders) {
  Build b(
      constraints_ruleset(R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
                                 { "id": "skills", "label": "Skills", "kind": "trained",
                                   "choose": [{ "id": "hone", "what": "skills", "count": 1, "tier": "expertise" }] })"),
      true);
  b.act(R"({"step": "background", "pick": "acolyte"})");
  // Proficient in insight is below this choice's tier, so insight is offered (BA-80 reads its tier).
  const Ids offered = offer_ids(b.slot("skills/hone")->offers);
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "insight"), 1);
  b.act(R"({"step": "skills", "choose": "skills/hone", "values": ["insight"]})");
  EXPECT_EQ(b.skill("insight"), "expertise");
  b.act(R"({"step": "skills", "choose": "skills/hone", "values": ["stealth"]})");
  EXPECT_EQ(b.skill("stealth"), "expertise");
  EXPECT_EQ(b.skill("insight"), "proficient");
}

TEST(BuilderConstraints, BA_134_BA_136_only_reads_manual_training_and_earlier_grants_but_not_the_builders_own_writes) {
  Build b(constraints_ruleset(
              R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds", "min": 0 },
                                 { "id": "skills", "label": "Skills", "kind": "trained",
                                   "choose": [{ "id": "deepen", "what": "skills", "count": 1, "only": "trained", "tier": "expertise" },
                                              { "id": "broaden", "what": "skills", "count": 1, "only": "untrained" }] })"),
          true);
  EXPECT_TRUE(b.slot("skills/deepen")->offers.empty());
  EXPECT_EQ(b.slot("skills/broaden")->offers.size(), 10u);
  b.act(R"({"edit": "skills/history", "value": "proficient"})");  // trained by hand
  b.act(R"({"step": "background", "pick": "acolyte"})");          // insight, religion
  EXPECT_EQ(offer_ids(b.slot("skills/deepen")->offers), (Ids{"insight", "religion", "history"}));
  const Ids broad = offer_ids(b.slot("skills/broaden")->offers);
  EXPECT_EQ(broad, (Ids{"athletics", "acrobatics", "stealth", "perception", "persuasion", "arcana", "survival"}));
  b.act(R"({"step": "skills", "choose": "skills/broaden", "values": ["stealth"]})");
  b.act(R"({"step": "skills", "choose": "skills/deepen", "values": ["history"]})");
  EXPECT_EQ(b.skill("stealth"), "proficient");
  EXPECT_EQ(b.skill("history"), "expertise");
  // BA-136: what the builder wrote for these choices does not make them ineligible when reopened.
  b.reopen();
  EXPECT_EQ(counts(b.slot("skills/broaden")->answers), (std::vector<bool>{true}));
  EXPECT_EQ(counts(b.slot("skills/deepen")->answers), (std::vector<bool>{true}));
  EXPECT_EQ(b.step("skills").badge, 0);
  // The hand training goes: history is no longer trained, so `only: trained` drops it (kept).
  b.act(R"({"step": "skills", "choose": "skills/deepen", "values": []})");
  b.act(R"({"edit": "skills/history", "value": null})");
  EXPECT_EQ(offer_ids(b.slot("skills/deepen")->offers), (Ids{"insight", "religion"}));
}

const std::string kReplaceSteps =
    R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds", "min": 0 },
                                     { "id": "skills", "label": "Skills", "kind": "trained",
                                       "choose": [{ "id": "pick", "what": "skills", "count": 1, "onDuplicate": "replace" }] })";

TEST(BuilderConstraints, BA_136_BA_137_BA_139_a_duplicate_opens_a_replacement_slot_among_untrained_skills) {
  Build b(constraints_ruleset(kReplaceSteps), true);
  b.act(R"({"step": "background", "pick": "acolyte"})");
  const Ids offered = offer_ids(b.slot("skills/pick")->offers);
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "insight"),
            1);  // duplicates are offered: they open a replacement
  b.act(R"({"step": "skills", "choose": "skills/pick", "values": ["insight"]})");
  EXPECT_EQ(counts(b.slot("skills/pick")->answers), (std::vector<bool>{true}));  // the original answer is kept
  const SlotView* r = b.slot("skills/pick/replacement");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->kind, SlotView::Kind::Skills);
  EXPECT_EQ(r->count, 1);
  EXPECT_EQ(offer_ids(r->offers),
            (Ids{"athletics", "acrobatics", "stealth", "perception", "persuasion", "arcana", "history", "survival"}));
  EXPECT_EQ(b.step("skills").badge, 1);
  b.act(R"({"step": "skills", "choose": "skills/pick/replacement", "values": ["survival"]})");
  EXPECT_EQ(b.skill("survival"), "proficient");
  EXPECT_EQ(b.step("skills").badge, 0);
  EXPECT_EQ(character_to_json(b.character()).at("builder").at("choices").at("skills/pick/replacement").at(0),
            "survival");
  // Without the background insight is no duplicate: the choice trains it and the replacement goes (kept).
  b.act(R"({"step": "background", "unpick": "acolyte"})");
  EXPECT_EQ(b.slot("skills/pick/replacement"), nullptr);
  EXPECT_EQ(b.skill("insight"), "proficient");
  EXPECT_EQ(b.skill("survival"), "");
  // BA-136: the builder's own write of insight is not a duplicate when reopened.
  b.reopen();
  EXPECT_EQ(b.slot("skills/pick/replacement"), nullptr);
  b.act(R"({"step": "background", "pick": "acolyte"})");
  EXPECT_EQ(b.skill("survival"), "proficient");
}

TEST(BuilderConstraints, BA_136_BA_137_a_skill_trained_by_hand_is_a_duplicate_too) {
  Build b(constraints_ruleset(kReplaceSteps), true);
  b.act(R"({"edit": "skills/history", "value": "proficient"})");
  b.act(R"({"step": "skills", "choose": "skills/pick", "values": ["history"]})");
  const SlotView* r = b.slot("skills/pick/replacement");
  ASSERT_NE(r, nullptr);
  const Ids offered = offer_ids(r->offers);
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "history"), 0);
  b.act(R"({"step": "skills", "choose": "skills/pick/replacement", "values": ["arcana"]})");
  EXPECT_EQ(b.skill("arcana"), "proficient");
  EXPECT_EQ(b.skill("history"), "proficient");
}

TEST(BuilderConstraints, BA_137_a_duplicate_save_is_replaced_by_an_untrained_save) {
  Build b(constraints_ruleset(R"({ "id": "saves", "label": "Saves", "kind": "trained",
                                   "choose": [{ "id": "ward", "what": "saves", "count": 1, "onDuplicate": "replace" }] })"),
          true);
  b.act(R"({"edit": "saves/fort", "value": "proficient"})");
  b.act(R"({"step": "saves", "choose": "saves/ward", "values": ["fort"]})");
  const SlotView* r = b.slot("saves/ward/replacement");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->kind, SlotView::Kind::Saves);
  EXPECT_EQ(offer_ids(r->offers), (Ids{"reflex", "will"}));  // saves for saves, never a skill
  b.act(R"({"step": "saves", "choose": "saves/ward/replacement", "values": ["will"]})");
  EXPECT_EQ(b.save("will"), "proficient");
  EXPECT_TRUE(b.character().skills.empty());
}

TEST(BuilderConstraints, BA_138_a_replacement_respects_the_choices_tier_and_exclusions) {
  Build b(constraints_ruleset(
              R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds", "min": 0 },
                                 { "id": "train1", "label": "Training", "kind": "trained",
                                   "choose": [{ "id": "first", "what": "skills", "count": 1, "from": ["athletics", "stealth"] }] },
                                 { "id": "train2", "label": "Expertise", "kind": "trained",
                                   "choose": [{ "id": "second", "what": "skills", "count": 1, "tier": "expertise", "onDuplicate": "replace",
                                                "excludeChoices": ["train1/first"] }] })"),
          true);
  b.act(R"({"edit": "skills/persuasion", "value": "expertise"})");
  b.act(R"({"step": "train1", "choose": "train1/first", "values": ["athletics"]})");
  b.act(R"({"step": "train2", "choose": "train2/second", "values": ["persuasion"]})");
  const SlotView* r = b.slot("train2/second/replacement");
  ASSERT_NE(r, nullptr);
  const Ids offered = offer_ids(r->offers);
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "athletics"), 0);
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "persuasion"), 0);
  b.act(R"({"step": "train2", "choose": "train2/second/replacement", "values": ["arcana"]})");
  EXPECT_EQ(b.skill("arcana"), "expertise");  // the choice's tier, not the builder's
}

TEST(BuilderConstraints, BC_21_replacementFrom_limits_what_a_duplicate_is_replaced_by) {
  Build b(
      constraints_ruleset(R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
                                 { "id": "skills", "label": "Skills", "kind": "trained",
                                   "choose": [{ "id": "pick", "what": "skills", "count": 1, "onDuplicate": "replace",
                                                "replacementFrom": ["acrobatics", "stealth", "insight"] }] })"),
      true);
  b.act(R"({"step": "background", "pick": "acolyte"})");
  b.act(R"({"step": "skills", "choose": "skills/pick", "values": ["religion"]})");
  ASSERT_NE(b.slot("skills/pick/replacement"), nullptr);
  EXPECT_EQ(offer_ids(b.slot("skills/pick/replacement")->offers),
            (Ids{"acrobatics", "stealth"}));  // insight is trained
  // A saved replacement outside the list is kept but neither counts nor applies.
  boost::json::value builder = character_to_json(b.character()).at("builder");
  builder.as_object()["choices"].as_object()["skills/pick/replacement"] = boost::json::array{"survival"};
  b.set_character(with_answers(b.character(), boost::json::serialize(builder)));
  EXPECT_EQ(counts(b.slot("skills/pick/replacement")->answers), (std::vector<bool>{false}));
  EXPECT_EQ(b.skill("survival"), "");
  EXPECT_EQ(b.step("skills").badge, 1);
}

TEST(BuilderConstraints, BA_140_changing_career_keeps_the_later_answers_that_become_invalid) {
  Build b(constraints_ruleset(R"({ "id": "career", "label": "Career", "kind": "catalog", "catalog": "careers" },
                                 { "id": "human", "label": "Human", "kind": "trained",
                                   "choose": [{ "id": "out_of_career", "what": "skills", "count": 1, "only": "untrained",
                                                "excludeChoices": ["career/soldier_skills", "career/scholar_skills"] }] })"),
          true);
  b.act(R"({"step": "career", "pick": "scholar"})");  // trains insight
  b.act(R"({"step": "human", "choose": "career/scholar_skills", "values": ["religion"]})");
  const Ids offered = offer_ids(b.slot("human/out_of_career")->offers);
  EXPECT_EQ(offered,
            (Ids{"athletics", "acrobatics", "stealth", "perception", "persuasion", "arcana", "history", "survival"}));
  b.act(R"({"step": "human", "choose": "human/out_of_career", "values": ["stealth"]})");
  EXPECT_EQ(b.skill("stealth"), "proficient");
  EXPECT_EQ(b.step("human").badge, 0);
  b.act(R"({"step": "career", "pick": "soldier"})");  // trains stealth itself
  EXPECT_EQ(counts(b.slot("human/out_of_career")->answers), (std::vector<bool>{false}));
  EXPECT_EQ(b.slot("human/out_of_career")->missing, 1);
  EXPECT_EQ(b.step("human").badge, 2);  // soldier_skills and out_of_career
  EXPECT_EQ(b.skill("religion"), "");
  const auto stored = character_to_json(b.character());
  const auto& choices = stored.at("builder").at("choices").as_object();
  EXPECT_TRUE(choices.contains("career/scholar_skills"));
  EXPECT_TRUE(choices.contains("human/out_of_career"));
  b.act(R"({"step": "career", "pick": "scholar"})");
  EXPECT_EQ(counts(b.slot("human/out_of_career")->answers), (std::vector<bool>{true}));
  EXPECT_EQ(b.skill("religion"), "proficient");
  EXPECT_EQ(b.step("human").badge, 0);
}

// --- §24 unresolved choices; BA-82 ---------------------------------------------------------------

TEST(BuilderConstraints, BA_145_BA_146_a_constrained_choice_without_content_is_not_configured_and_keeps_its_count) {
  Build b(constraints_ruleset(
              R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds", "min": 0 },
                                 { "id": "skills", "label": "Skills", "kind": "trained",
                                   "choose": [{ "id": "devout", "what": "skills", "count": 3, "only": "trained", "tier": "expertise" }] })"),
          true);
  const auto* s = b.slot("skills/devout");
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(s->not_configured);
  EXPECT_EQ(s->missing, 3);
  EXPECT_EQ(b.step("skills").badge, 3);
  const auto json = builder_view_to_json(b.view());
  EXPECT_TRUE(has(boost::json::serialize(json), "not configured"));
  b.act(R"({"step": "background", "pick": "acolyte"})");
  EXPECT_EQ(offer_ids(b.slot("skills/devout")->offers), (Ids{"insight", "religion"}));
  EXPECT_TRUE(b.slot("skills/devout")->not_configured);
  EXPECT_EQ(b.slot("skills/devout")->missing, 3);  // never reduced to the two there are
  b.act(R"({"step": "skills", "choose": "skills/devout", "values": ["insight", "religion"]})");
  EXPECT_EQ(b.slot("skills/devout")->missing, 1);
  EXPECT_EQ(b.step("skills").badge, 1);
}

TEST(BuilderConstraints, BA_131_BA_145_an_ability_choice_whose_from_offers_too_few_is_not_configured) {
  Build b(constraints_ruleset(kBoostSteps), true);
  b.act(R"({"step": "class", "pick": "hermit"})");  // two boosts from [str], without repeat
  const SlotView* s = b.slot("class/narrow");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(offer_ids(s->offers), (Ids{"str"}));
  EXPECT_TRUE(s->not_configured);
  EXPECT_EQ(s->missing, 2);
  b.act(R"({"step": "class", "choose": "class/narrow", "values": ["str"]})");
  EXPECT_TRUE(b.slot("class/narrow")->not_configured);
  EXPECT_EQ(b.slot("class/narrow")->missing, 1);
  EXPECT_EQ(b.step("class").badge, 1);
}

TEST(BuilderConstraints, BA_82_an_older_choice_with_nothing_left_is_not_shown) {
  Build b(
      constraints_ruleset(R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
                                 { "id": "career", "label": "Career", "kind": "catalog", "catalog": "careers" },
                                 { "id": "skills", "label": "Skills", "kind": "trained" })"),
      true);
  b.act(R"({"step": "career", "pick": "priest"})");  // one of insight, religion
  ASSERT_NE(b.slot("career/priest/trained/0"), nullptr);
  EXPECT_EQ(b.step("skills").badge, 1);
  b.act(R"({"step": "background", "pick": "acolyte"})");  // trains both
  EXPECT_EQ(b.slot("career/priest/trained/0"), nullptr);
  EXPECT_EQ(b.step("skills").badge, 0);
}

// --- §16 entry choices ---------------------------------------------------------------------------

TEST(BuilderConstraints, BA_90_an_entry_choice_offers_only_entries_whose_offeredWhen_holds) {
  Build b(
      constraints_ruleset(R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
                                 { "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })"),
      true);
  b.act(R"({"step": "background", "pick": "sage"})");
  const std::string key = "background/sage/entries/0";
  const OfferView* giant = offer(b.slot(key)->offers, "giant");
  ASSERT_NE(giant, nullptr);
  EXPECT_TRUE(giant->disabled);
  EXPECT_TRUE(has(reason_text(giant->why), "offeredWhen")) << reason_text(giant->why);
  EXPECT_EQ(b.refused(R"({"step": "languages", "choose": "background/sage/entries/0", "values": ["giant"]})"),
            "not-offered");
  b.act(R"({"edit": "abilities/str", "value": 13})");
  EXPECT_FALSE(offer(b.slot(key)->offers, "giant")->disabled);
  b.act(R"({"step": "languages", "choose": "background/sage/entries/0", "values": ["giant"]})");
  EXPECT_EQ(b.row_names("languages"), (Ids{"Giant"}));
  b.act(R"({"edit": "abilities/str", "value": 12})");
  EXPECT_EQ(counts(b.slot(key)->answers), (std::vector<bool>{false}));  // kept
  EXPECT_TRUE(b.row_names("languages").empty());
  EXPECT_EQ(b.step("languages").badge, 1);
}

TEST(BuilderConstraints,
     BA_95_BA_96_BA_97_BA_99_ids_and_filters_limit_the_offers_rows_only_and_no_grants_of_their_own) {
  Build b(constraints_ruleset(kOriginSteps), true);
  b.act(R"({"step": "origin", "pick": "envoy"})");
  EXPECT_EQ(offer_ids(b.slot("origin/envoy_tongue")->offers), (Ids{"elvish", "common"}));
  b.act(R"({"step": "origin", "pick": "miner"})");
  EXPECT_EQ(offer_ids(b.slot("origin/miner_tongue")->offers), (Ids{"dwarvish", "orcish", "giant"}));
  EXPECT_EQ(enabled_ids(b.slot("origin/miner_tongue")->offers), (Ids{"dwarvish", "orcish"}));
  b.act(R"({"step": "origin", "pick": "traveler"})");
  // BA-96: answered at the languages step, not where the origin was picked.
  EXPECT_EQ(b.refused(R"({"step": "origin", "choose": "origin/traveler/entries/0", "values": ["elvish"]})"),
            "not-offered");
  const Ids offered = offer_ids(b.slot("origin/traveler/entries/0")->offers);
  EXPECT_EQ(std::count(offered.begin(), offered.end(), "secret"), 0);  // BA-97: writes no row
  EXPECT_EQ(b.refused(R"({"step": "languages", "choose": "origin/traveler/entries/0", "values": ["secret"]})"),
            "not-offered");
  b.act(R"({"step": "languages", "choose": "origin/traveler/entries/0", "values": ["draconic", "elvish"]})");
  EXPECT_EQ(b.row_names("languages"), (Ids{"Draconic", "Elvish"}));
  EXPECT_EQ(b.field("speed"), std::nullopt);  // BA-99: Draconic's own `sets` is not applied
}

TEST(BuilderConstraints, BA_98_an_entry_chosen_for_one_grant_is_not_offered_for_another) {
  Build b(
      constraints_ruleset(R"({ "id": "background", "label": "Background", "kind": "catalog", "catalog": "backgrounds" },
                                 { "id": "origin", "label": "Origin", "kind": "catalog", "catalog": "origins" },
                                 { "id": "languages", "label": "Languages", "kind": "choices", "catalog": "languages" })"),
      true);
  b.act(R"({"step": "background", "pick": "sage"})");
  b.act(R"({"step": "languages", "choose": "background/sage/entries/0", "values": ["elvish"]})");
  b.act(R"({"step": "origin", "pick": "traveler"})");
  const OfferView* elvish = offer(b.slot("origin/traveler/entries/0")->offers, "elvish");
  ASSERT_NE(elvish, nullptr);
  EXPECT_TRUE(elvish->disabled);
  EXPECT_EQ(elvish->why.reason, Reason::TakenByAnotherChoice);
  EXPECT_TRUE(has(reason_text(elvish->why), "BA-98"));
  EXPECT_EQ(
      b.refused(R"({"step": "languages", "choose": "origin/traveler/entries/0", "values": ["elvish", "common"]})"),
      "not-offered");
  b.act(R"({"step": "languages", "choose": "origin/traveler/entries/0", "values": ["common", "dwarvish"]})");
  EXPECT_EQ(b.row_names("languages"), (Ids{"Elvish", "Common", "Dwarvish"}));
  EXPECT_EQ(b.step("languages").badge, 0);
}

// --- Starting gear, the picker, conditions -------------------------------------------------------

const std::string kGearSteps = R"({ "id": "level", "label": "Level", "kind": "fields", "fields": ["level"] },
                                  { "id": "gear", "label": "Gear", "kind": "startingGear", "catalog": "kits", "strict": true })";

TEST(BuilderConstraints, BA_63_when_no_kit_fits_the_step_shows_its_empty_state_and_Next_stays_open) {
  Build b(constraints_ruleset(kGearSteps), true);
  const StepView& gear = b.step("gear");
  EXPECT_TRUE(gear.offers.empty());
  EXPECT_EQ(gear.badge, 0);
  ASSERT_FALSE(gear.notes.empty());
  EXPECT_TRUE(has(gear.notes.front(), "BA-63")) << gear.notes.front();
  EXPECT_EQ(b.refused(R"({"step": "gear", "take": "plate-kit"})"), "not-offered");
  b.act(R"({"step": "level", "field": "level", "value": 5})");
  EXPECT_EQ(offer_ids(b.step("gear").offers), (Ids{"plate-kit"}));
  EXPECT_EQ(b.step("gear").badge, 1);
}

TEST(BuilderConstraints, BA_65_the_free_edit_mode_belongs_to_the_screen_and_is_never_stored) {
  Build b(constraints_ruleset(kGearSteps), true);
  const BuilderOptions free{true};
  const BuilderResult opened = open_builder(b.catalogs(), b.character(), free);
  EXPECT_TRUE(opened.view.steps[1].free_edit);
  EXPECT_EQ(offer_ids(opened.view.steps[1].offers), (Ids{"plate-kit", "banner-kit"}));
  // The same builder JSON whichever mode the screen is in.
  EXPECT_EQ(opened.character.builder, open_builder(b.catalogs(), b.character()).character.builder);
  Diagnostics d;
  ScriptedDice dice{std::vector<std::int64_t>{}};
  auto next = apply_action(b.catalogs(), b.character(), boost::json::parse(R"({"step": "gear", "take": "plate-kit"})"),
                           dice, d, free);
  ASSERT_TRUE(next.has_value());
  std::set<std::string> keys;
  for (const auto& [key, _] : next->character.builder.as_object()) keys.insert(std::string(key));
  for (const auto& key : keys)
    EXPECT_TRUE(key == "mode" || key == "steps" || key == "choices" || key == "wrote") << key;
  EXPECT_FALSE(has(boost::json::serialize(character_to_json(next->character)), "free"));
  // Opened again, the screen is legal-only: the kit no longer fits and is cleared on the next action (BA-62).
  b.set_character(next->character);
  EXPECT_FALSE(b.step("gear").free_edit);
  EXPECT_TRUE(b.row_names("gear").empty());
  b.act(R"({"step": "level", "field": "level", "value": 2})");
  const auto& notes = b.step("gear").notes;
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) { return has(n, "cleared"); }));
  b.reopen();
  EXPECT_TRUE(b.step("gear").selections.empty());  // the clearing is saved
}

TEST(BuilderConstraints, BA_91_BA_102_the_All_fields_picker_ignores_offeredWhen_and_never_offers_grant_only_entries) {
  Build b(constraints_ruleset(kOriginSteps), true);
  PickerQuery q;
  q.catalog = "languages";
  q.character = &b.character();
  const PickerResult r = picker(b.catalogs(), q);
  ASSERT_FALSE(r.errors.has_errors());
  Ids ids;
  for (const auto& e : r.entries) ids.push_back(e.entry->id);
  EXPECT_EQ(ids, (Ids{"elvish", "dwarvish", "orcish", "giant", "common", "draconic"}));  // Giant at Str 10; no Secret
}

TEST(BuilderConstraints, BA_143_BA_144_a_condition_may_read_an_enumTable) {
  Build b(constraints_ruleset(R"({ "id": "bio", "label": "Bio", "kind": "fields", "fields": ["race"] },
                                 { "id": "aspects", "label": "Aspects", "kind": "catalog", "catalog": "aspects", "requiredWhen": { "derived": "is_dwarf" } },
                                 { "id": "talents", "label": "Talents", "kind": "catalog", "catalog": "talents", "when": { "derived": "is_dwarf" } })"),
          true);
  EXPECT_TRUE(b.step("aspects").shown);
  EXPECT_EQ(b.step("aspects").badge, 0);
  EXPECT_FALSE(b.step("talents").shown);
  b.act(R"({"step": "bio", "field": "race", "value": "dwarf"})");
  EXPECT_EQ(b.step("aspects").badge, 1);
  EXPECT_TRUE(b.step("talents").shown);
  EXPECT_EQ(b.step("talents").badge, 1);
}

}  // namespace
}  // namespace rk::builder_test
