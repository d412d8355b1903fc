// `spend=` and `use=` on a pool check (writing-rulesets.md "Spending to change a roll", "A charm
// that changes a roll"): the chapter's own examples rolled with known faces, what the reply then
// says byte for byte, and what is left in the pool the game keeps. A purchase that cannot be paid
// changes nothing: the roll is the one it would have been.
#include "apply_support.hpp"
#include "check_support.hpp"
#include "format/ref_resolution_support.hpp"

namespace rk::play {
namespace {

using test::resolve_with;

/// The chapter's pool with the chapter's spend: a point of Resolve for a success, two per check.
const std::string kSpend = R"([{ "pool": "resolve", "amount": 1, "successes": 1, "perCheck": 2 }])";

/// Two ratings, Ward and Brawl, Resolve and Blood, a list of charms and the chapter's Potence:
/// a point of Blood a purchase, bought as many times as paid, throwing ones again and adding a
/// success (writing-rulesets.md "A charm that changes a roll", verbatim).
constexpr const char* kSpendSheet = R"({
  "abilities": [
    { "id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2 },
    { "id": "nerve", "label": "Nerve", "min": 1, "max": 5, "default": 2 } ],
  "skills": [
    { "id": "ward", "label": "Ward", "ability": "nerve" },
    { "id": "brawl", "label": "Brawl", "ability": "sinew" } ],
  "lists": [ { "id": "charms", "label": "Charms", "maxItems": 20,
               "columns": [{ "id": "name", "label": "Name", "type": "text", "maxLength": 80 }] } ],
  "live": { "pools": [ { "id": "resolve", "label": "Resolve", "max": 5 }, { "id": "blood", "label": "Blood", "max": 5 } ] }
})";
constexpr const char* kCharms = R"(, "catalogs": [{"id": "charms", "label": "Charms", "feeds": ["charms"], "entries": [
  {"id": "potence", "label": "Potence", "rows": [{"list": "charms", "values": {"name": "Potence"}}],
   "mechanics": {
     "kind": "utility",
     "cost": [{ "pool": "blood", "amount": 1 }],
     "perCostStep": { "flat": 1 },
     "check": { "reroll": { "upTo": 1, "mode": "once" }, "successes": 1 } }},
  {"id": "steady", "label": "Steady Hand", "rows": [{"list": "charms", "values": {"name": "Steady Hand"}}],
   "mechanics": { "kind": "utility", "cost": [{ "pool": "blood", "amount": 2 }], "check": { "dice": 2 } }}]}])";

std::shared_ptr<const Ruleset> spend_ruleset(const std::string& spend = kSpend) {
  std::string text = rk::test::reference_ruleset(rk::test::patched(test::kChapterPool, "/spend", spend), kSpendSheet);
  text = text.substr(0, text.size() - 1) + kCharms + "}";
  auto ruleset = rk::test::compile(text);
  EXPECT_TRUE(ruleset);
  return ruleset;
}

/// Mira: Nerve 4, Sinew 2, trained in nothing, holding Potence, with `live` as her live state.
std::string mira(const std::string& live = "{}") {
  return R"({"v": 1, "ruleset": "ref", "name": "Mira",
    "build": { "abilities": { "sinew": 2, "nerve": 4 },
               "lists": { "charms": [{ "_id": "c1", "name": "Potence", "_catalog": "charms/potence" },
                                     { "_id": "c2", "name": "Steady Hand", "_catalog": "charms/steady" }] } },
    "live": )" +
         live + "}";
}
/// Bram: Nerve 2, with one point of Resolve left and no charm.
constexpr const char* kBram = R"({"v": 1, "ruleset": "ref", "name": "Bram",
  "build": { "abilities": { "sinew": 3, "nerve": 2 } }, "live": { "pools": { "resolve": { "value": 1 } } }})";

Number pool_of(const Game& game, std::size_t card, const Id& pool, std::int64_t full = 5) {
  const auto& pools = game.cards[card].pools;
  const auto it = pools.find(pool);
  return it == pools.end() || !it->second.current ? Number::of(full) : *it->second.current;
}

TEST(CheckSpending, chapter_spend_a_point_of_resolve_for_a_success) {
  auto ruleset = spend_ruleset();
  Game game = test::game_of(*ruleset, {mira(), kBram});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="2" spend="resolve:1"])", {7, 3, 2, 5});
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Nerve" dc="2" rolls="7|3|2|5" used="2" modifier="4" total="2" result="success" )"
            R"(mode="normal" resolution="successes" dice="4d10" threshold="7" spend="resolve:1" auto="1" )"
            R"(terms="Nerve +4"])");
  EXPECT_EQ(pool_of(game, 0, "resolve"), Number::of(4));
}

TEST(CheckSpending, chapter_more_than_perCheck_is_clamped_and_only_the_cap_is_paid) {
  auto ruleset = spend_ruleset();
  Game game = test::game_of(*ruleset, {mira(), kBram});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="2" spend="resolve:5"])", {3, 3, 2, 5});
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Nerve" dc="2" rolls="3|3|2|5" used="2" modifier="4" total="2" result="success" )"
            R"(mode="normal" resolution="successes" dice="4d10" threshold="7" spend="resolve:2" auto="2" )"
            R"(terms="Nerve +4"])");
  EXPECT_EQ(pool_of(game, 0, "resolve"), Number::of(3));
}

TEST(CheckSpending, chapter_a_spend_the_pool_cannot_cover_changes_nothing) {
  auto ruleset = spend_ruleset();
  const std::string unspent =
      R"([skill_check: skill="Nerve" dc="2" rolls="7|3" used="1" modifier="2" total="1" result="failure" )"
      R"(mode="normal" resolution="successes" dice="2d10" threshold="7" who="Bram" terms="Nerve +2"])";
  // Bram holds 1 Resolve; two purchases cost 2: nothing is bought and nothing is paid.
  Game game = test::game_of(*ruleset, {mira(), kBram});
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="2" who="Bram" spend="resolve:2"])", {7, 3}).text,
      unspent);
  EXPECT_EQ(pool_of(game, 1, "resolve"), Number::of(1));
  // The roll is exactly the one it would have been.
  Game plain = test::game_of(*ruleset, {mira(), kBram});
  EXPECT_EQ(resolve_with(*ruleset, plain, R"([skill_check: skill="Nerve" dc="2" who="Bram"])", {7, 3}).text, unspent);
}

TEST(CheckSpending, chapter_points_that_are_not_a_whole_number_of_purchases_buy_nothing) {
  auto ruleset = spend_ruleset(R"([{ "pool": "resolve", "amount": 2, "successes": 1, "perCheck": 2 }])");
  Game game = test::game_of(*ruleset, {mira(), kBram});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="1" spend="resolve:3"])", {7, 3, 2, 5});
  EXPECT_EQ(r.checks[0].spent, "");
  EXPECT_EQ(r.checks[0].auto_successes, 0);
  EXPECT_EQ(pool_of(game, 0, "resolve"), Number::of(5));
  // A pool no spend names buys nothing either.
  const ResolvedChecks blood =
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="1" spend="blood:2"])", {7, 3, 2, 5});
  EXPECT_EQ(blood.checks[0].spent, "");
  EXPECT_EQ(pool_of(game, 0, "blood"), Number::of(5));
}

TEST(CheckSpending, chapter_perCheck_pool_buys_as_many_dice_as_the_check_has) {
  // Mira's Nerve check has 4 dice, so 4 purchases at most: 4 more dice for 4 Resolve.
  auto ruleset = spend_ruleset(R"([{ "pool": "resolve", "amount": 1, "dice": 1, "perCheck": "pool" }])");
  Game game = test::game_of(*ruleset, {mira(), kBram});
  const ResolvedChecks r = resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="2" spend="resolve:5"])",
                                        {7, 3, 2, 5, 8, 2, 2, 2});
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Nerve" dc="2" rolls="7|3|2|5|8|2|2|2" used="2" modifier="4" total="2" )"
            R"(result="success" mode="normal" resolution="successes" dice="8d10" threshold="7" spend="resolve:4" )"
            R"(terms="Nerve +4; dice bought +4"])");
  EXPECT_EQ(pool_of(game, 0, "resolve"), Number::of(1));
}

TEST(CheckSpending, chapter_perCheck_off_the_sheet_is_read_for_whoever_rolls) {
  // `perCheck: { "abilityScore": "nerve" }`: Bram's Nerve 2 lets him buy two, but he holds one.
  auto ruleset =
      spend_ruleset(R"([{ "pool": "resolve", "amount": 1, "successes": 1, "perCheck": { "abilityScore": "nerve" } }])");
  Game game = test::game_of(*ruleset, {mira(), kBram});
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="1" spend="resolve:9"])", {2, 2, 2, 2})
                .checks[0]
                .spent,
            "resolve:4");
  EXPECT_EQ(resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="1" who="Bram" spend="resolve:1"])", {2, 2})
                .checks[0]
                .auto_successes,
            1);
  EXPECT_EQ(pool_of(game, 1, "resolve"), Number::of(0));
}

TEST(CheckSpending, chapter_a_bought_reroll_is_thrown_once_however_many_purchases) {
  auto ruleset =
      spend_ruleset(R"([{ "pool": "resolve", "amount": 1, "reroll": { "upTo": 6, "mode": "once" }, "perCheck": 2 }])");
  Game game = test::game_of(*ruleset, {mira(), kBram});
  // 3 and 6 are thrown again once (9, 4); the 4 stands.
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="2" spend="resolve:2"])", {3, 7, 6, 8, 9, 4});
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Nerve" dc="2" rolls="9|7|4|8" used="3" modifier="4" total="3" result="success" )"
            R"(mode="normal" resolution="successes" dice="4d10" threshold="7" spend="resolve:2" rerolled="2" )"
            R"(terms="Nerve +4"])");
}

TEST(CheckSpending, chapter_charm_potence_is_bought_as_many_times_as_blood_was_paid) {
  // [skill_check: skill="Brawl" dc="3" use="Potence" spend="blood:3"]: three purchases, three
  // successes nobody rolled, the one thrown again once. Grim needs 3 at 8.
  auto ruleset = spend_ruleset();
  Game game = test::game_of(*ruleset, {mira(), kBram});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Brawl" dc="3" use="Potence" spend="blood:3"])", {1, 5, 8});
  ASSERT_EQ(r.checks.size(), 1u);
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Brawl" dc="3" rolls="8|5" used="4" modifier="2" total="4" result="success" )"
            R"(mode="normal" resolution="successes" dice="2d10" threshold="8" spend="blood:3" auto="3" use="Potence" )"
            R"(rerolled="1" terms="Sinew +2; Untried 0"])");
  EXPECT_EQ(pool_of(game, 0, "blood"), Number::of(2));
}

TEST(CheckSpending, chapter_charm_without_perCostStep_is_bought_once_and_without_spend_at_its_price) {
  auto ruleset = spend_ruleset();
  Game game = test::game_of(*ruleset, {mira(), kBram});
  // Steady Hand does not scale: four Blood offered buys it once, for its price of two.
  const ResolvedChecks scaled = resolve_with(
      *ruleset, game, R"([skill_check: skill="Ward" dc="1" use="Steady Hand" spend="blood:4"])", {2, 2, 2, 2, 2, 2});
  EXPECT_EQ(scaled.checks[0].spent, "blood:2");
  EXPECT_EQ(scaled.checks[0].used_entry, "Steady Hand");
  EXPECT_EQ(scaled.checks[0].dice, "6d10");
  // Potence with no spend= is bought once, at its price.
  const ResolvedChecks once =
      resolve_with(*ruleset, game, R"([skill_check: skill="Ward" dc="1" use="Potence"])", {2, 2, 2, 2});
  EXPECT_EQ(once.checks[0].spent, "blood:1");
  EXPECT_EQ(once.checks[0].auto_successes, 1);
  EXPECT_EQ(pool_of(game, 0, "blood"), Number::of(2));
}

TEST(CheckSpending, chapter_a_charm_the_character_has_not_picked_does_nothing) {
  auto ruleset = spend_ruleset();
  Game game = test::game_of(*ruleset, {mira(), kBram});
  const ResolvedChecks r = resolve_with(
      *ruleset, game, R"([skill_check: skill="Brawl" dc="3" who="Bram" use="Potence" spend="blood:3"])", {2, 5, 8});
  EXPECT_EQ(r.text,
            R"([skill_check: skill="Brawl" dc="3" rolls="2|5|8" used="1" modifier="3" total="1" result="failure" )"
            R"(mode="normal" resolution="successes" dice="3d10" threshold="8" who="Bram" )"
            R"(terms="Sinew +3; Untried 0"])");
  EXPECT_EQ(pool_of(game, 1, "blood"), Number::of(5));
}

TEST(CheckSpending, chapter_a_charm_the_pool_cannot_cover_changes_nothing) {
  auto ruleset = spend_ruleset();
  Game game = test::game_of(*ruleset, {mira(R"({"pools": {"blood": {"value": 2}}})"), kBram});
  const ResolvedChecks r =
      resolve_with(*ruleset, game, R"([skill_check: skill="Brawl" dc="3" use="Potence" spend="blood:3"])", {1, 5});
  EXPECT_EQ(r.checks[0].spent, "");
  EXPECT_EQ(r.checks[0].used_entry, "");
  EXPECT_EQ(r.checks[0].rerolled, 0);
  EXPECT_EQ(pool_of(game, 0, "blood"), Number::of(2));
}

TEST(CheckSpending, the_paid_pool_is_stored_in_the_game_apply_reply_returns) {
  auto ruleset = spend_ruleset();
  const Game game = test::game_of(*ruleset, {mira(), kBram});
  ScriptedDice dice({7, 3, 2, 5});
  const AppliedReply out = apply_reply(
      *ruleset, game, R"(She grits her teeth. [skill_check: skill="Nerve" dc="2" spend="resolve:1"])", dice);
  ASSERT_EQ(out.checks.size(), 1u);
  EXPECT_EQ(out.checks[0].spent, "resolve:1");
  EXPECT_EQ(pool_of(out.game, 0, "resolve"), Number::of(4));
  // The game it was given is unchanged: the reply's game is a new value.
  EXPECT_EQ(pool_of(game, 0, "resolve"), Number::of(5));
}

TEST(CheckSpending, a_replay_reads_the_same_faces_and_pays_the_same) {
  auto ruleset = spend_ruleset();
  Game game = test::game_of(*ruleset, {mira(), kBram});
  const Game before = game;
  const ResolvedChecks first =
      resolve_with(*ruleset, game, R"([skill_check: skill="Nerve" dc="2" spend="resolve:1"])", {7, 3, 2, 5});
  Game again = before;
  again.rolls = game.rolls;
  test::NoDice none;
  again.replies += 1;
  const ResolvedChecks replay =
      resolve_checks(*ruleset, again, R"([skill_check: skill="Nerve" dc="2" spend="resolve:1"])", again.replies, none);
  EXPECT_EQ(replay.text, first.text);
  EXPECT_EQ(pool_of(again, 0, "resolve"), Number::of(4));
}

}  // namespace
}  // namespace rk::play
