// What changes a row check besides its row (BC-74 – BC-80 with BC-34 – BC-44 and the chapter's
// spending): `apply=` names rows of a contextual list, whose skill cell may name the row check by
// its call name, and `spend=` buys from a live pool, as on any check. Rolled with known faces; what
// the reply says byte for byte and what the game keeps.
#include "check_support.hpp"
#include "format/ref_resolution_support.hpp"

namespace rk::play {
namespace {

using test::resolve_with;

/// Pursuits with two stances on each row (BC-77), stunts that change one roll when named (BC-34),
/// and the chapter's Resolve to spend.
constexpr const char* kRowEffectsSheet = R"~({
  "abilities": [
    { "id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2 },
    { "id": "nerve", "label": "Nerve", "min": 1, "max": 5, "default": 2 } ],
  "skills": [{ "id": "ward", "label": "Ward", "ability": "nerve" }],
  "lists": [
    { "id": "pursuits", "label": "Pursuits", "maxItems": 12, "columns": [
        { "id": "name", "label": "Pursuit", "type": "text", "maxLength": 60 },
        { "id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 5 } ],
      "checks": [
        { "id": "bold", "name": "name", "rating": "rating", "ability": "sinew", "label": "bold" },
        { "id": "careful", "name": "name", "rating": "rating", "ability": "nerve", "label": "careful" } ] },
    { "id": "stunts", "label": "Stunts", "maxItems": 10, "columns": [
        { "id": "name", "label": "Name", "type": "text", "maxLength": 80 },
        { "id": "skill", "label": "Skill", "type": "text", "maxLength": 40 },
        { "id": "bonus", "label": "Bonus", "type": "number", "min": -5, "max": 5, "default": 2 } ],
      "contextual": { "name": "name", "skill": "skill", "bonus": "bonus" } } ],
  "live": { "pools": [ { "id": "resolve", "label": "Resolve", "max": 5 } ] }
})~";

/// Pip: Sinew 3, Nerve 1; Fire stew 2; a stunt for the careful stance of Fire stew, one for any
/// check (its bonus left to the column's default) and one for the skill Ward.
constexpr const char* kRowEffectsPip = R"~({"v": 1, "ruleset": "ref", "name": "Pip",
  "build": { "abilities": { "sinew": 3, "nerve": 1 },
    "lists": {
      "pursuits": [ { "_id": "p1", "name": "Fire stew", "rating": 2 } ],
      "stunts": [
        { "_id": "s1", "name": "Steady hand", "skill": "fire stew (careful)", "bonus": 1 },
        { "_id": "s2", "name": "Any work", "skill": "" },
        { "_id": "s3", "name": "Wardwise", "skill": "Ward", "bonus": 1 } ] } } })~";

std::shared_ptr<const Ruleset> row_effects_ruleset() {
  const std::string spend = R"~([{ "pool": "resolve", "amount": 1, "successes": 1, "perCheck": 2 }])~";
  return rk::test::compile(
      rk::test::reference_ruleset(rk::test::patched(test::kChapterPool, "/spend", spend), kRowEffectsSheet));
}

Number row_effects_resolve_left(const Game& game) {
  const auto it = game.cards[0].pools.find("resolve");
  return it == game.cards[0].pools.end() || !it->second.current ? Number::of(5) : *it->second.current;
}

TEST(RowCheckEffects, BC_76_apply_names_a_row_whose_skill_cell_is_the_row_checks_name) {
  const auto ruleset = row_effects_ruleset();
  ASSERT_TRUE(ruleset);
  Game game = test::game_of(*ruleset, {kRowEffectsPip});
  // careful: Nerve 1 + Fire stew 2, and Steady hand's one die; Wardwise is for the skill Ward and
  // changes nothing here. dc 1 is Plain work's alone, so the target is 6.
  EXPECT_EQ(
      resolve_with(*ruleset, game,
                   R"~([skill_check: skill="Fire stew (careful)" dc="1" apply="Steady hand; Wardwise"])~", {6, 2, 3, 4})
          .text,
      R"~([skill_check: skill="Fire stew (careful)" dc="1" rolls="6|2|3|4" used="1" modifier="4" total="1" )~"
      R"~(result="success" mode="normal" resolution="successes" dice="4d10" threshold="6" effects="+1" )~"
      R"~(from="Steady hand" terms="Nerve +1; Fire stew +2; Steady hand +1"])~");
  // The bold stance is another check: Steady hand is not for it, a row for any check is; Any work's
  // bonus cell is empty, so it adds the column's default 2, as the sheet shows it (BC-37).
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"~([skill_check: skill="Fire stew (bold)" dc="1" apply="Steady hand; Any work"])~",
                   {6, 2, 3, 4, 5, 2, 2})
          .text,
      R"~([skill_check: skill="Fire stew (bold)" dc="1" rolls="6|2|3|4|5|2|2" used="1" modifier="7" total="1" )~"
      R"~(result="success" mode="normal" resolution="successes" dice="7d10" threshold="6" effects="+2" )~"
      R"~(from="Any work" terms="Sinew +3; Fire stew +2; Any work +2"])~");
}

TEST(RowCheckEffects, BC_80_spend_buys_successes_on_a_row_check_from_the_live_pool) {
  const auto ruleset = row_effects_ruleset();
  ASSERT_TRUE(ruleset);
  Game game = test::game_of(*ruleset, {kRowEffectsPip});
  // bold: Sinew 3 + Fire stew 2 = 5 dice; a point of Resolve is a success nobody rolled.
  EXPECT_EQ(resolve_with(*ruleset, game, R"~([skill_check: skill="Fire stew (bold)" dc="2" spend="resolve:1"])~",
                         {7, 3, 2, 5, 4})
                .text,
            R"~([skill_check: skill="Fire stew (bold)" dc="2" rolls="7|3|2|5|4" used="2" modifier="5" total="2" )~"
            R"~(result="success" mode="normal" resolution="successes" dice="5d10" threshold="7" spend="resolve:1" )~"
            R"~(auto="1" terms="Sinew +3; Fire stew +2"])~");
  EXPECT_EQ(row_effects_resolve_left(game), Number::of(4));
}

}  // namespace
}  // namespace rk::play
