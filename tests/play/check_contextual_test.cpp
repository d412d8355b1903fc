// `apply=` on a check (BC-34 – BC-44, BB-136 – BB-139, BB-147 – BB-152): builder-c.md's worked
// example E2 on a sum and on a pool, then each later rule, rolled with known faces; what the
// reply says byte for byte and what the game keeps.
#include "check_support.hpp"
#include "format/ref_resolution_support.hpp"

namespace rk::play {
namespace {

using test::resolve_with;

/// builder-c.md §5's stunts list, verbatim.
constexpr const char* kStunts = R"({ "id": "stunts", "label": "Stunts", "maxItems": 10, "columns": [
    { "id": "name", "label": "Name", "type": "text", "maxLength": 80 },
    { "id": "skill", "label": "Skill", "type": "text", "maxLength": 40 },
    { "id": "bonus", "label": "Bonus", "type": "number", "min": -5, "max": 5, "default": 2 } ],
  "contextual": { "name": "name", "skill": "skill", "bonus": "bonus" } })";

/// A list of `id` with the stunts' columns and `contextual` as given.
std::string list(const std::string& id, const std::string& contextual, const std::string& more = "") {
  return R"({ "id": ")" + id + R"(", "label": ")" + id + R"(", "maxItems": 10, )" + more + R"( "columns": [
    { "id": "name", "label": "Name", "type": "text", "maxLength": 80 },
    { "id": "skill", "label": "Skill", "type": "text", "maxLength": 40 },
    { "id": "bonus", "label": "Bonus", "type": "number", "min": -5, "max": 5, "default": 1 } ],
  "contextual": )" +
         contextual + "}";
}

/// Brawn and Wits; Athletics and Notice; the save Grit; stunts, ability specialties (BB-136), rows
/// for saves (BC-38), gifts picked from a catalog; Focus and an ordinary Stress track. `extra`
/// adds lists a pool ruleset alone may have.
std::string sheet(const std::string& extra = "") {
  return R"({
  "abilities": [
    { "id": "brawn", "label": "Brawn", "min": 0, "max": 5, "default": 1 },
    { "id": "wits", "label": "Wits", "min": 0, "max": 5, "default": 1 } ],
  "skills": [
    { "id": "athletics", "label": "Athletics", "ability": "brawn" },
    { "id": "notice", "label": "Notice", "ability": "wits" } ],
  "saves": [ { "id": "grit", "label": "Grit", "ability": "brawn" } ],
  "fields": [ { "id": "calling", "label": "Calling", "type": "enum", "values": ["warden", "drifter"], "default": "warden" } ],
  "lists": [ )" +
         std::string(kStunts) + ", " +
         list("specialties", R"({ "name": "name", "skill": "skill", "bonus": "bonus", "abilities": true })") + ", " +
         list("wards", R"({ "name": "name", "skill": "skill", "bonus": "bonus", "to": "saves" })",
              R"("hideWhen": { "field": "calling", "equals": "drifter" },)") +
         ", " +
         R"({ "id": "gifts", "label": "Gifts", "maxItems": 10,
              "columns": [{ "id": "name", "label": "Name", "type": "text", "maxLength": 80 }] })" +
         extra + R"( ],
  "live": { "pools": [ { "id": "focus", "label": "Focus", "max": 3 } ],
            "tracks": [ { "id": "stress", "label": "Stress", "min": 0, "max": 9 } ] }
})";
}

/// E2 item 5's entry: Keen Ear adds 1 to Notice for a point of Focus; Lucky leans any check.
constexpr const char* kGifts = R"(, "catalogs": [{"id": "gifts", "label": "Gifts", "feeds": ["gifts"], "entries": [
  {"id": "keen", "label": "Keen Ear", "rows": [{"list": "gifts", "values": {"name": "Keen Ear"}}],
   "mechanics": {"kind": "utility", "contextual": {
     "modifiers": [{ "to": "checks", "flat": 1 }], "skills": ["notice"], "cost": [{ "pool": "focus", "amount": 1 }] }}},
  {"id": "lucky", "label": "Lucky", "rows": [{"list": "gifts", "values": {"name": "Lucky"}}],
   "mechanics": {"kind": "utility", "contextual": { "effects": ["own-checks-advantage"] }}}]}])";

std::shared_ptr<const Ruleset> ruleset_of(const std::string& resolution, const std::string& extra = "") {
  std::string text = rk::test::reference_ruleset(resolution, sheet(extra));
  text = text.substr(0, text.size() - 1) + kGifts + "}";
  auto ruleset = rk::test::compile(text);
  EXPECT_TRUE(ruleset);
  return ruleset;
}

/// Ember Roads' 2d6 (writing-rulesets.md "dice-sum").
std::shared_ptr<const Ruleset> sum_ruleset() { return ruleset_of(rk::test::kSumResolution); }

/// Mira: Brawn 2, Wits 1, trained in Athletics (`tier`), with `lists` and `live`.
std::string mira(const std::string& lists, const std::string& live = "{}", const std::string& tier = "trained") {
  return R"({"v": 1, "ruleset": "ref", "name": "Mira",
    "build": { "abilities": { "brawn": 2, "wits": 1 }, "skills": { "athletics": ")" +
         tier + R"(" }, "lists": )" + lists + R"( }, "live": )" + live + "}";
}

/// E2's rows: Strong Back for Athletics (+2), Quick Eye for anything (+1).
constexpr const char* kE2Rows = R"({ "stunts": [
  { "_id": "s1", "name": "Strong Back", "skill": "Athletics", "bonus": 2 },
  { "_id": "s2", "name": "Quick Eye", "skill": "", "bonus": 1 } ] })";

std::string written(const Ruleset& ruleset, Game& game, std::string_view reply, std::vector<std::int64_t> faces) {
  return resolve_with(ruleset, game, reply, std::move(faces)).text;
}

TEST(Contextual, BC_41_BC_44_E2_1_both_names_apply_and_from_lists_them) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset, {mira(kE2Rows)});
  EXPECT_EQ(
      written(*ruleset, game, R"([skill_check: skill="Athletics" dc="8" apply="Strong Back; Quick Eye"])", {3, 4}),
      R"([skill_check: skill="Athletics" dc="8" rolls="3|4" used="7" modifier="6" total="13" result="success" )"
      R"(mode="normal" resolution="sum" dice="2d6" effects="+3" from="Strong Back; Quick Eye" )"
      R"(terms="Brawn +2; Trained +1; Strong Back +2; Quick Eye +1"])");
}

TEST(Contextual, BC_42_E2_2_a_row_for_another_skill_changes_nothing) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset, {mira(kE2Rows)});
  EXPECT_EQ(written(*ruleset, game, R"([skill_check: skill="Notice" dc="8" apply="Strong Back; Quick Eye"])", {3, 4}),
            R"([skill_check: skill="Notice" dc="8" rolls="3|4" used="7" modifier="2" total="9" result="success" )"
            R"(mode="normal" resolution="sum" dice="2d6" effects="+1" from="Quick Eye" )"
            R"(terms="Wits +1; Untrained 0; Quick Eye +1"])");
}

TEST(Contextual, BC_43_E2_3_owning_the_rows_never_changes_a_roll) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset, {mira(kE2Rows)});
  EXPECT_EQ(written(*ruleset, game, R"([skill_check: skill="Athletics" dc="8"])", {3, 4}),
            R"([skill_check: skill="Athletics" dc="8" rolls="3|4" used="7" modifier="3" total="10" result="success" )"
            R"(mode="normal" resolution="sum" dice="2d6" terms="Brawn +2; Trained +1"])");
}

TEST(Contextual, BC_42_E2_4_a_name_shared_by_two_rows_changes_nothing) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset, {mira(R"({ "stunts": [
    { "_id": "s1", "name": "Strong Back", "skill": "Athletics", "bonus": 2 },
    { "_id": "s2", "name": "Quick Eye", "skill": "", "bonus": 1 },
    { "_id": "s3", "name": "Quick Eye", "skill": "Notice", "bonus": 3 } ] })")});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="8" apply="Strong Back; Quick Eye"])", {3, 4});
  EXPECT_EQ(r.checks[0].effects, 2);
  EXPECT_EQ(r.checks[0].from, "Strong Back");
  EXPECT_EQ(r.checks[0].modifier, 5);
}

TEST(Contextual, BC_40_BC_42_E2_5_an_entry_whose_cost_the_pool_cannot_cover_changes_nothing) {
  auto ruleset = sum_ruleset();
  const std::string gifts = R"({ "gifts": [{ "_id": "g1", "name": "Keen Ear", "_catalog": "gifts/keen" }] })";
  Game empty = test::game_of(*ruleset, {mira(gifts, R"({"pools": {"focus": {"value": 0}}})")});
  const ResolvedChecks none =
      resolve_with(*ruleset, empty, R"([skill_check: skill="Notice" dc="8" apply="Keen Ear"])", {3, 4});
  EXPECT_EQ(none.text,
            R"([skill_check: skill="Notice" dc="8" rolls="3|4" used="7" modifier="1" total="8" result="success" )"
            R"(mode="normal" resolution="sum" dice="2d6" terms="Wits +1; Untrained 0"])");
  EXPECT_EQ(empty.cards[0].pools.at("focus").current, Number::of(0));
}

TEST(Contextual, BC_40_E2_5_an_entry_that_applies_is_paid_once_on_that_roll) {
  auto ruleset = sum_ruleset();
  const std::string gifts = R"({ "gifts": [{ "_id": "g1", "name": "Keen Ear", "_catalog": "gifts/keen" }] })";
  Game game = test::game_of(*ruleset, {mira(gifts)});
  // Named twice, applied and paid once.
  EXPECT_EQ(written(*ruleset, game, R"([skill_check: skill="Notice" dc="8" apply="Keen Ear; keen ear"])", {3, 4}),
            R"([skill_check: skill="Notice" dc="8" rolls="3|4" used="7" modifier="2" total="9" result="success" )"
            R"(mode="normal" resolution="sum" dice="2d6" effects="+1" from="Keen Ear" )"
            R"(terms="Wits +1; Untrained 0; Keen Ear +1"])");
  EXPECT_EQ(game.cards[0].pools.at("focus").current, Number::of(2));
  // On Athletics it is about nothing the roll is: not applied, not paid.
  const ResolvedChecks other =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="8" apply="Keen Ear"])", {3, 4});
  EXPECT_EQ(other.checks[0].from, "");
  EXPECT_EQ(game.cards[0].pools.at("focus").current, Number::of(2));
}

TEST(Contextual, BC_37_E2_6_on_a_pool_a_bonus_is_that_many_dice) {
  auto ruleset = ruleset_of(test::kChapterPool);
  Game game = test::game_of(*ruleset, {mira(kE2Rows, "{}", "rating_1")});
  EXPECT_EQ(written(*ruleset, game, R"([skill_check: skill="Athletics" dc="1" apply="Strong Back"])", {7, 7, 2, 3, 4}),
            R"([skill_check: skill="Athletics" dc="1" rolls="7|7|2|3|4" used="2" modifier="5" total="2" )"
            R"(result="success" mode="normal" resolution="successes" dice="5d10" threshold="6" effects="+2" )"
            R"(from="Strong Back" terms="Brawn +2; Shown once +1; Strong Back +2"])");
}

TEST(Contextual, BC_41_only_the_first_four_names_count) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset, {mira(R"({ "stunts": [
    { "_id": "a", "name": "A", "skill": "", "bonus": 1 }, { "_id": "b", "name": "B", "skill": "", "bonus": 1 },
    { "_id": "c", "name": "C", "skill": "", "bonus": 1 }, { "_id": "d", "name": "D", "skill": "", "bonus": 1 },
    { "_id": "e", "name": "E", "skill": "", "bonus": 1 } ] })")});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Notice" dc="8" apply="A; B; C; D; E"])", {3, 4});
  EXPECT_EQ(r.checks[0].effects, 4);
  EXPECT_EQ(r.checks[0].from, "A; B; C; D");
}

TEST(Contextual, BC_38_rows_for_saves_apply_to_saves_only) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset,
                            {mira(R"({ "wards": [{ "_id": "w1", "name": "Iron Will", "skill": "", "bonus": 2 }] })")});
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"([skill_check: skill="Grit" dc="8" apply="Iron Will"])", {3, 4}).checks[0].effects,
      2);
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="8" apply="Iron Will"])", {3, 4})
                .checks[0]
                .effects,
            0);
}

TEST(Contextual, BC_42_a_row_of_a_list_the_sheet_hides_answers_to_no_name) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset, {R"({"v": 1, "ruleset": "ref", "name": "Mira",
    "build": { "fields": { "calling": "drifter" }, "abilities": { "brawn": 2, "wits": 1 },
               "lists": { "wards": [{ "_id": "w1", "name": "Iron Will", "skill": "", "bonus": 2 }] } } })"});
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"([skill_check: skill="Grit" dc="8" apply="Iron Will"])", {3, 4}).checks[0].effects,
      0);
}

TEST(Contextual, BB_136_BB_137_an_ability_specialty_applies_to_every_check_rolled_with_it) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(
      *ruleset, {mira(R"({ "specialties": [{ "_id": "p1", "name": "lifting", "skill": "Brawn", "bonus": 1 }] })")});
  auto effects = [&](std::string_view reply) { return resolve_with(*ruleset, game, reply, {3, 4}).checks[0].effects; };
  EXPECT_EQ(effects(R"([skill_check: skill="Athletics" dc="8" apply="lifting"])"), 1);            // its own ability
  EXPECT_EQ(effects(R"([skill_check: skill="Brawn" dc="8" apply="lifting"])"), 1);                // a raw ability check
  EXPECT_EQ(effects(R"([skill_check: skill="Notice" dc="8" with="Brawn" apply="lifting"])"), 1);  // with= to it
  EXPECT_EQ(effects(R"([skill_check: skill="Notice" dc="8" apply="lifting"])"), 0);
  EXPECT_EQ(effects(R"([skill_check: skill="Athletics" dc="8" with="Wits" apply="lifting"])"), 0);
}

TEST(Contextual, BC_40_an_entrys_advantage_leans_a_sum_that_rolls_twice) {
  auto ruleset = ruleset_of(rk::test::patched(rk::test::kSumResolution, "/advantage", "true"));
  Game game =
      test::game_of(*ruleset, {mira(R"({ "gifts": [{ "_id": "g1", "name": "Lucky", "_catalog": "gifts/lucky" }] })")});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="8" apply="Lucky"])", {1, 2, 5, 6});
  EXPECT_EQ(r.checks[0].mode, "advantage");
  EXPECT_EQ(r.checks[0].used, 11);
  EXPECT_EQ(r.checks[0].from, "Lucky");
  // With the Game Master's disadvantage beside it, the two cancel.
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="8" mode="disadvantage" apply="Lucky"])",
                         {1, 2})
                .checks[0]
                .mode,
            "normal");
}

/// Lists a pool ruleset alone may have: a knack whose ones cancel nothing (BB-138), Rook's Gambit
/// (BB-149, BB-151), and a specialty whose nines explode (BC-39).
const std::string kPoolLists =
    ", " + list("knacks", R"({ "name": "name", "skill": "skill", "check": { "cancel": false } })") + ", " +
    list("gambits", R"({ "name": "name", "check": { "best": true }, "cost": [{ "track": "stress", "by": 2 }] })") +
    ", " + list("focuses", R"({ "name": "name", "skill": "skill", "check": { "explode": 9, "successes": 1 } })");

TEST(Contextual, BB_138_cancel_false_keeps_the_successes_low_faces_would_take) {
  auto ruleset = ruleset_of(test::kChapterPool, kPoolLists);
  Game game = test::game_of(
      *ruleset,
      {mira(R"({ "knacks": [{ "_id": "k1", "name": "Sure Footing", "skill": "Athletics" }] })", "{}", "rating_1")});
  // Three dice: one success and two ones. Without the knack the ones take it away.
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="1"])", {7, 1, 1}).checks[0].total, 0);
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="1" apply="Sure Footing"])", {7, 1, 1});
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Athletics" dc="1" rolls="7|1|1" used="1" modifier="3" total="1" result="success" )"
            R"(mode="normal" resolution="successes" dice="3d10" threshold="6" from="Sure Footing" )"
            R"(terms="Brawn +2; Shown once +1"])");
}

TEST(Contextual, BB_147_BB_149_BB_150_BB_152_rooks_gambit_rolls_the_best_skill_and_marks_stress) {
  auto ruleset = ruleset_of(test::kChapterPool, kPoolLists);
  Game game = test::game_of(
      *ruleset, {mira(R"({ "gambits": [{ "_id": "r1", "name": "Rook's Gambit", "skill": "" }] })", "{}", "rating_1")});
  // Notice is Wits 1, untried: one die. Athletics is three, so the gambit rolls three. Named with
  // a curly apostrophe, it is the same row.
  const ResolvedChecks r =
      resolve_with(*ruleset, game, "[skill_check: skill=\"Notice\" dc=\"1\" apply=\"Rook\u2019s Gambit\"]", {7, 2, 3});
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Notice" dc="1" rolls="7|2|3" used="1" modifier="3" total="1" result="success" )"
            R"(mode="normal" resolution="successes" dice="3d10" threshold="6" from="Rook's Gambit" )"
            R"(terms="Wits +1; Untried 0; best: Athletics +2"])");
  EXPECT_EQ(game.cards[0].tracks.at("stress").value, Number::of(2));
  // Marked as far as the track's bounds allow: 9 at most.
  for (int i = 0; i < 5; ++i)
    resolve_with(*ruleset, game, R"([skill_check: skill="Notice" dc="1" apply="Rook's Gambit"])", {7, 2, 3});
  EXPECT_EQ(game.cards[0].tracks.at("stress").value, Number::of(9));
}

TEST(Contextual, BC_39_a_rows_check_moves_the_face_and_adds_successes) {
  auto ruleset = ruleset_of(test::kChapterPool, kPoolLists);
  Game game = test::game_of(
      *ruleset,
      {mira(R"({ "focuses": [{ "_id": "f1", "name": "Climbing", "skill": "Athletics" }] })", "{}", "rating_1")});
  // Nines explode for this roll (the 4 is the added die); one success more nobody rolled.
  EXPECT_EQ(
      written(*ruleset, game, R"([skill_check: skill="Athletics" dc="2" apply="Climbing"])", {9, 2, 3, 4}),
      R"([skill_check: skill="Athletics" dc="2" rolls="9|2|3|4" used="2" modifier="3" total="2" result="success" )"
      R"(mode="normal" resolution="successes" dice="4d10" threshold="7" auto="1" explode="9" from="Climbing" )"
      R"(terms="Brawn +2; Shown once +1"])");
}

TEST(Contextual, BC_42_a_name_nothing_answers_to_changes_nothing_and_the_tag_still_rolls) {
  auto ruleset = sum_ruleset();
  Game game = test::game_of(*ruleset, {mira(kE2Rows)});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Athletics" dc="8" apply="Nobody's Trick"])", {3, 4});
  EXPECT_FALSE(r.checks[0].refusal);
  EXPECT_EQ(r.checks[0].from, "");
  EXPECT_EQ(r.checks[0].modifier, 3);
}

}  // namespace
}  // namespace rk::play
