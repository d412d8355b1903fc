// List rows that are checks in play (builder-c.md §10, BC-74–BC-80): a row called by its name after
// the sheet's own skills, saves and abilities, rolled with its rating plus its check's ability on
// both resolution kinds, and listed with its number for the Game Master's sheet block.
#include "check_support.hpp"
#include "play/check_rows.hpp"

namespace rk::play {
namespace {

using test::game_of;
using test::resolve_with;

/// A `dice-sum` sheet with builder-c.md §10's list check verbatim on a list of sciences.
const char* kRowSum = R"~({
  "id": "rows", "label": "Rows",
  "resolution": {
    "kind": "dice-sum", "dice": { "count": 1, "sides": 20 }, "abilityModifier": { "op": "floorHalfMinusTen" },
    "proficiencyTiers": [{ "id": "untrained", "label": "Untrained" }, { "id": "trained", "label": "Trained", "flat": 2 }],
    "difficultyLadder": [{ "label": "Hard", "dc": 15 }]
  },
  "sheet": {
    "abilities": [
      { "id": "edu", "label": "Education", "short": "EDU", "min": 1, "max": 20, "default": 10 },
      { "id": "dex", "label": "Dexterity", "short": "DEX", "min": 1, "max": 20, "default": 10 } ],
    "skills": [{ "id": "spot", "label": "Spot Hidden", "ability": "dex" }],
    "fields": [{ "id": "era", "label": "Era", "type": "enum", "values": ["now", "then"] }],
    "lists": [
      { "id": "science", "label": "Sciences", "maxItems": 20, "columns": [
          { "id": "name", "label": "Science", "type": "text", "maxLength": 60 },
          { "id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 20 } ],
        "checks": [{ "id": "science", "name": "name", "rating": "rating", "ability": "edu" }] },
      { "id": "lore", "label": "Old lore", "maxItems": 20, "hideWhen": { "field": "era", "equals": "now" }, "columns": [
          { "id": "name", "label": "Lore", "type": "text", "maxLength": 60 },
          { "id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 20 } ],
        "checks": [{ "id": "lore", "name": "name", "rating": "rating" }] } ]
  }
})~";

/// Ada: Education 14 (+2), Dexterity 16 (+3); Physics 5, Biology 1, and a row she has not named.
const char* kRowAda = R"~({"v": 1, "ruleset": "rows", "name": "Ada",
  "build": { "abilities": { "edu": 14, "dex": 16 }, "fields": { "era": "now" },
    "lists": { "science": [
      { "_id": "r1", "name": "Science (Physics)", "rating": 5 },
      { "_id": "r2", "name": "Science (Biology)", "rating": 1 },
      { "_id": "r3", "name": "", "rating": 9 } ],
      "lore": [{ "_id": "l1", "name": "Grave rites", "rating": 4 }] } }})~";

class RowChecksSum : public ::testing::Test {
 protected:
  void SetUp() override {
    ruleset = rk::test::compile(kRowSum);
    ASSERT_TRUE(ruleset);
    game = game_of(*ruleset, {kRowAda});
  }
  std::string written(std::string_view reply, std::vector<std::int64_t> faces) {
    return resolve_with(*ruleset, game, reply, std::move(faces)).text;
  }
  std::shared_ptr<const Ruleset> ruleset;
  Game game;
};

TEST_F(RowChecksSum, BC_76_two_rows_are_two_checks_each_with_its_own_rating) {
  // Physics: Education +2 and the row's rating 5.
  const ResolvedChecks physics =
      resolve_with(*ruleset, game, R"~([skill_check: skill="Science (Physics)" dc="15"])~", {9});
  EXPECT_EQ(
      physics.text,
      R"~([skill_check: skill="Science (Physics)" dc="15" rolls="9" used="9" modifier="7" total="16" )~"
      R"~(result="success" mode="normal" resolution="sum" dice="1d20" terms="Education +2; Science (Physics) +5"])~");
  ASSERT_EQ(physics.checks.size(), 1u);
  EXPECT_EQ(physics.checks[0].target, CheckTarget::Row);
  EXPECT_EQ(physics.checks[0].id, "science:science:r1");
  EXPECT_EQ(physics.checks[0].label, "Science (Physics)");
  // Biology: the same check, its own rating 1.
  EXPECT_EQ(
      written(R"~([skill_check: skill="science (biology)" dc="15"])~", {9}),
      R"~([skill_check: skill="science (biology)" dc="15" rolls="9" used="9" modifier="3" total="12" )~"
      R"~(result="failure" mode="normal" resolution="sum" dice="1d20" terms="Education +2; Science (Biology) +1"])~");
}

TEST_F(RowChecksSum, BC_74_a_row_without_a_name_and_a_name_no_row_has_are_no_checks) {
  test::NoDice never;
  EXPECT_EQ(resolve_checks(*ruleset, game, R"~([skill_check: skill="Science (Chemistry)" dc="15"])~", 1, never).text,
            R"~([skill_check: skill="Science (Chemistry)" dc="15" reason="unknown-skill"])~");
  EXPECT_TRUE(game.rolls.empty());
}

TEST_F(RowChecksSum, BC_76_a_trailing_check_is_understood_as_on_a_skill) {
  EXPECT_EQ(
      written(R"~([skill_check: skill="Science (Physics) check" difficulty="Hard"])~", {3}),
      R"~([skill_check: skill="Science (Physics) check" dc="15" rolls="3" used="3" modifier="7" total="10" )~"
      R"~(result="failure" mode="normal" resolution="sum" dice="1d20" terms="Education +2; Science (Physics) +5"])~");
}

TEST_F(RowChecksSum, BC_80_with_takes_the_place_of_the_checks_ability_as_on_a_skill) {
  // Dexterity +3 in Education's place: 3 + 5.
  EXPECT_EQ(written(R"~([skill_check: skill="Science (Physics)" dc="15" with="DEX"])~", {7}),
            R"~([skill_check: skill="Science (Physics)" dc="15" rolls="7" used="7" modifier="8" total="15" )~"
            R"~(result="success" mode="normal" resolution="sum" dice="1d20" with="Dexterity" )~"
            R"~(terms="Dexterity +3; Science (Physics) +5"])~");
}

TEST_F(RowChecksSum, BC_80_with_adds_an_ability_to_a_check_that_has_none) {
  game.cards[0].fields["era"] = Scalar{std::string("then")};
  EXPECT_EQ(written(R"~([skill_check: skill="Grave rites" dc="15" with="Education"])~", {10}),
            R"~([skill_check: skill="Grave rites" dc="15" rolls="10" used="10" modifier="6" total="16" )~"
            R"~(result="success" mode="normal" resolution="sum" dice="1d20" with="Education" )~"
            R"~(terms="Education +2; Grave rites +4"])~");
  EXPECT_EQ(written(R"~([skill_check: skill="Grave rites" dc="15"])~", {10}),
            R"~([skill_check: skill="Grave rites" dc="15" rolls="10" used="10" modifier="4" total="14" )~"
            R"~(result="failure" mode="normal" resolution="sum" dice="1d20" terms="Grave rites +4"])~");
}

TEST_F(RowChecksSum, BC_74_a_list_the_sheet_hides_has_no_checks) {
  test::NoDice never;
  EXPECT_EQ(resolve_checks(*ruleset, game, R"~([skill_check: skill="Grave rites" dc="15"])~", 1, never).text,
            R"~([skill_check: skill="Grave rites" dc="15" reason="unknown-skill"])~");
}

TEST_F(RowChecksSum, BC_78_the_sheets_own_skills_saves_and_abilities_are_matched_first) {
  Row spot;
  spot.id = "r4";
  spot.cells["name"] = Scalar{std::string("Spot Hidden")};
  spot.cells["rating"] = Scalar{Number::of(9)};
  Row edu = spot;
  edu.id = "r5";
  edu.cells["name"] = Scalar{std::string("EDU")};
  game.cards[0].lists["science"].push_back(spot);
  game.cards[0].lists["science"].push_back(edu);
  // The skill: Dexterity +3, untrained.
  EXPECT_EQ(written(R"~([skill_check: skill="Spot Hidden" dc="15"])~", {10}),
            R"~([skill_check: skill="Spot Hidden" dc="15" rolls="10" used="10" modifier="3" total="13" )~"
            R"~(result="failure" mode="normal" resolution="sum" dice="1d20" terms="Dexterity +3; Untrained 0"])~");
  // The ability by its short form: Education +2.
  EXPECT_EQ(written(R"~([skill_check: skill="EDU" dc="15"])~", {10}),
            R"~([skill_check: skill="EDU" dc="15" rolls="10" used="10" modifier="2" total="12" )~"
            R"~(result="failure" mode="normal" resolution="sum" dice="1d20" terms="Education +2"])~");
}

TEST_F(RowChecksSum, BC_79_a_name_two_rows_share_is_no_check_until_one_is_renamed) {
  Row twin;
  twin.id = "r6";
  twin.cells["name"] = Scalar{std::string("science  (PHYSICS)")};
  twin.cells["rating"] = Scalar{Number::of(2)};
  game.cards[0].lists["science"].push_back(twin);
  {
    test::NoDice never;
    EXPECT_EQ(resolve_checks(*ruleset, game, R"~([skill_check: skill="Science (Physics)" dc="15"])~", 1, never).text,
              R"~([skill_check: skill="Science (Physics)" dc="15" reason="unknown-skill"])~");
  }
  // Renamed, each row is its own check again.
  game.cards[0].lists["science"].back().cells["name"] = Scalar{std::string("Science (Astronomy)")};
  EXPECT_NE(written(R"~([skill_check: skill="Science (Physics)" dc="15"])~", {9}).find(R"~(modifier="7")~"),
            std::string::npos);
  EXPECT_NE(written(R"~([skill_check: skill="Science (Astronomy)" dc="15"])~", {9}).find(R"~(modifier="4")~"),
            std::string::npos);
  // The check of a deleted row disappears with it.
  game.cards[0].lists["science"].erase(game.cards[0].lists["science"].begin());
  test::NoDice never;
  EXPECT_EQ(resolve_checks(*ruleset, game, R"~([skill_check: skill="Science (Physics)" dc="15"])~", 9, never).text,
            R"~([skill_check: skill="Science (Physics)" dc="15" reason="unknown-skill"])~");
}

TEST_F(RowChecksSum, BC_80_the_sheet_block_lists_every_row_check_with_its_number) {
  // The number is what the check rolls with, rating and ability together (a skill's number is its
  // modifier, ability included); the unnamed row and the hidden list's row are no checks.
  const SheetView sheet = evaluate(*ruleset, game.cards[0]);
  const std::vector<detail::RowCheckLine> lines = detail::row_check_lines(*ruleset, sheet);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].name, "Science (Physics)");
  EXPECT_EQ(lines[0].number, 7);
  EXPECT_EQ(lines[1].name, "Science (Biology)");
  EXPECT_EQ(lines[1].number, 3);
  // A name two rows share is no check, so it is not listed.
  Row twin;
  twin.id = "r6";
  twin.cells["name"] = Scalar{std::string("Science (Biology)")};
  twin.cells["rating"] = Scalar{Number::of(2)};
  game.cards[0].lists["science"].push_back(twin);
  const std::vector<detail::RowCheckLine> shared = detail::row_check_lines(*ruleset, evaluate(*ruleset, game.cards[0]));
  ASSERT_EQ(shared.size(), 1u);
  EXPECT_EQ(shared[0].name, "Science (Physics)");
}

/// The chapter's pool over the Stewpot way of cooking: one list of pursuits, two stances on each
/// row's rating (BC-77), and the chapter's wound track and adjustment.
const char* kRowPoolSheet = R"~({
  "abilities": [
    { "id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2 },
    { "id": "nerve", "label": "Nerve", "min": 1, "max": 5, "default": 2 } ],
  "skills": [{ "id": "ward", "label": "Ward", "ability": "nerve" }],
  "derived": [{ "id": "poor_light", "label": "Poor light", "op": "sum", "of": [{ "const": -1 }] }],
  "lists": [{ "id": "pursuits", "label": "Pursuits", "maxItems": 12, "columns": [
      { "id": "name", "label": "Pursuit", "type": "text", "maxLength": 60 },
      { "id": "rating", "label": "Rating", "type": "number", "min": 0, "max": 5 } ],
    "checks": [
      { "id": "bold", "name": "name", "rating": "rating", "ability": "sinew", "label": "bold" },
      { "id": "careful", "name": "name", "rating": "rating", "ability": "nerve", "label": "careful" } ] }],
  "live": {
    "tracks": [
      { "id": "harm", "label": "Harm", "min": 0, "max": 3,
        "levels": [{ "label": "Scuffed", "penalty": 0 }, { "label": "Hurt", "penalty": -1 }, { "label": "Down", "penalty": -3 }],
        "kinds": [{ "id": "knock", "label": "K", "severity": 0 }] } ]
  }
})~";

/// Pip: Sinew 3, Nerve 1; Fire stew 2 and a pursuit named like the skill Ward.
const char* kRowPip = R"~({"v": 1, "ruleset": "ref", "name": "Pip",
  "build": { "abilities": { "sinew": 3, "nerve": 1 },
    "lists": { "pursuits": [ { "_id": "p1", "name": "Fire stew", "rating": 2 }, { "_id": "p2", "name": "Ward", "rating": 4 } ] } },
  "live": { "wounds": { "harm": { "marks": ["knock", "knock"] } } }})~";

std::shared_ptr<const Ruleset> row_pool_ruleset() {
  std::string resolution = rk::test::patched(test::kChapterPool, "/penaltyFrom", R"~("harm")~");
  resolution = rk::test::patched(resolution, "/adjust",
                                 R"~([{ "value": { "derived": "poor_light" }, "abilities": ["sinew"] }])~");
  return rk::test::compile(rk::test::reference_ruleset(resolution, kRowPoolSheet));
}

TEST(RowChecksPool, BC_77_two_checks_on_one_list_are_two_stances_on_the_same_rating) {
  const auto ruleset = row_pool_ruleset();
  ASSERT_TRUE(ruleset);
  Game game = game_of(*ruleset, {kRowPip});
  // bold: Sinew 3 + Fire stew 2 = 5 dice, Hurt -1, Poor light -1 (it touches Sinew rolls): 3 dice.
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"~(She tips the pot. [skill_check: skill="Fire stew (bold)" dc="1"])~", {7, 3, 2})
          .text,
      R"~(She tips the pot. [skill_check: skill="Fire stew (bold)" dc="1" rolls="7|3|2" used="1" modifier="3" )~"
      R"~(total="1" result="success" mode="normal" resolution="successes" dice="3d10" threshold="6" penalty="-1" )~"
      R"~(adjust="-1" terms="Sinew +3; Fire stew +2; Harm -1; Poor light -1"])~");
  // careful: Nerve 1 + Fire stew 2 = 3 dice, Hurt -1: 2 dice, and the adjustment for Sinew stays off.
  EXPECT_EQ(resolve_with(*ruleset, game, R"~([skill_check: skill="Fire stew (careful)" dc="1"])~", {5, 4}).text,
            R"~([skill_check: skill="Fire stew (careful)" dc="1" rolls="5|4" used="0" modifier="2" total="0" )~"
            R"~(result="failure" mode="normal" resolution="successes" dice="2d10" threshold="6" penalty="-1" )~"
            R"~(terms="Nerve +1; Fire stew +2; Harm -1"])~");
  // The row's bare name is neither stance.
  test::NoDice never;
  EXPECT_EQ(resolve_checks(*ruleset, game, R"~([skill_check: skill="Fire stew" dc="1"])~", 9, never).text,
            R"~([skill_check: skill="Fire stew" dc="1" reason="unknown-skill"])~");
}

TEST(RowChecksPool, BC_78_a_row_named_like_a_skill_leaves_the_skill_and_keeps_its_stances) {
  const auto ruleset = row_pool_ruleset();
  ASSERT_TRUE(ruleset);
  Game game = game_of(*ruleset, {kRowPip});
  // "Ward" is the skill: Nerve 1, untried; Hurt -1 leaves the pool's least, one die.
  EXPECT_EQ(resolve_with(*ruleset, game, R"~([skill_check: skill="Ward" dc="1"])~", {8}).text,
            R"~([skill_check: skill="Ward" dc="1" rolls="8" used="1" modifier="0" total="1" result="success" )~"
            R"~(mode="normal" resolution="successes" dice="1d10" threshold="6" penalty="-1" )~"
            R"~(terms="Nerve +1; Untried 0; Harm -1"])~");
  // "Ward (careful)" is the row, with Sinew 3 in Nerve's place: 3 + 4, Hurt -1, Poor light -1 (a Sinew
  // roll now); dc 2 is no step's alone, so the target is the default 7, and the one cancels a success.
  EXPECT_EQ(
      resolve_with(*ruleset, game, R"~([skill_check: skill="Ward (careful)" dc="2" with="Sinew"])~", {7, 7, 1, 2, 3})
          .text,
      R"~([skill_check: skill="Ward (careful)" dc="2" rolls="7|7|1|2|3" used="1" modifier="5" total="1" )~"
      R"~(result="failure" mode="normal" resolution="successes" dice="5d10" threshold="7" with="Sinew" penalty="-1" )~"
      R"~(adjust="-1" terms="Sinew +3; Ward +4; Harm -1; Poor light -1"])~");
}

TEST(RowChecksPool, BC_80_the_sheet_block_lists_each_stance_of_each_row) {
  const auto ruleset = row_pool_ruleset();
  ASSERT_TRUE(ruleset);
  const Game game = game_of(*ruleset, {kRowPip});
  const std::vector<detail::RowCheckLine> lines = detail::row_check_lines(*ruleset, evaluate(*ruleset, game.cards[0]));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].name, "Fire stew (bold)");
  EXPECT_EQ(lines[0].number, 5);
  EXPECT_EQ(lines[1].name, "Ward (bold)");
  EXPECT_EQ(lines[1].number, 7);
  EXPECT_EQ(lines[2].name, "Fire stew (careful)");
  EXPECT_EQ(lines[2].number, 3);
  EXPECT_EQ(lines[3].name, "Ward (careful)");
  EXPECT_EQ(lines[3].number, 5);
}

}  // namespace
}  // namespace rk::play
