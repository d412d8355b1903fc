// The party sheet's commands applied to a game (SH-116 – SH-130, W5): spend and restore on its
// pools, advance on its fields, its revision, and `fromMembers` fields worked out from the cards.
#include "apply_support.hpp"
#include "play/apply_ops.hpp"
#include "play_support.hpp"

namespace rk::play {
namespace {

using test::applied;
using test::gravewatch;

Game gravewatch_game() {
  return test::game_of({test::character(gravewatch(), R"({"v":1,"name":"Mira","build":{}})"),
                        test::character(gravewatch(), R"({"v":1,"name":"Tomás Reyne","build":{}})")});
}

/// W5 on the Gravewatch crew (the page's first party example): `vault` reads its default 8, so
/// `coin` has a maximum of 8 and starts empty; `heat` starts at 0 with a maximum of 9.
TEST(ApplyParty, W5_party_sheet_commands_and_their_receipts) {
  const AppliedReply out =
      applied(gravewatch(), gravewatch_game(), R"(1 [sheet: sheet="party" op="restore" pool="coin" amount="3"]
2 [sheet: sheet="party" op="spend" pool="coin" amount="2"]
3 [sheet: sheet="party" op="spend" pool="coin" amount="2"]
4 [sheet: sheet="party" op="advance" field="heat" by="2"]
5 [sheet: sheet="party" op="advance" field="upgrades" to="Hidden vault"]
6 [sheet: sheet="party" op="advance" field="heat" by="8"]
7 [sheet: sheet="crew" op="spend" pool="coin" amount="1"]
8 [sheet: sheet="party" op="damage" pool="coin" amount="1"])");
  EXPECT_EQ(out.played.text, R"(1 [sheet: sheet="party" op="restore" pool="coin" amount="3" result="ok" now="Coin 3/8"]
2 [sheet: sheet="party" op="spend" pool="coin" amount="2" result="ok" now="Coin 1/8"]
3 [sheet: sheet="party" op="spend" pool="coin" amount="2" result="refused" reason="insufficient"]
4 [sheet: sheet="party" op="advance" field="heat" by="2" result="ok" now="Heat 0 → 2"]
5 [sheet: sheet="party" op="advance" field="upgrades" to="Hidden vault" result="ok" now="Upgrades: Hidden vault"]
6 [sheet: sheet="party" op="advance" field="heat" by="8" result="refused" reason="bad-amount" limit="max 9"]
7 [sheet: sheet="crew" op="spend" pool="coin" amount="1" result="refused" reason="unknown-sheet"]
8 [sheet: sheet="party" op="damage" pool="coin" amount="1" result="refused" reason="unsupported-op"])");
  const PartySheet& party = out.game.party;
  ASSERT_EQ(party.pools.count("coin"), 1u);
  EXPECT_EQ(party.pools.at("coin").current, Number::of(1));
  EXPECT_EQ(party.fields.at("heat"), Scalar{Number::of(2)});
  EXPECT_EQ(party.fields.at("upgrades"), Scalar{std::string("Hidden vault")});
  EXPECT_EQ(party.fields.count("vault"), 0u);
  // Two accepted advances; spends and restores leave the revision alone (game.md).
  EXPECT_EQ(out.game.party_revision, 2);
  // The characters' own sheets are not the party's (SH-117).
  EXPECT_TRUE(out.game.cards[0].pools.empty());
}

TEST(ApplyParty, CA_61_W5_heat_past_its_max_is_bad_amount_naming_the_max_and_nothing_is_clamped) {
  Game game = gravewatch_game();
  game.party.fields["heat"] = Scalar{Number::of(2)};
  const detail::Outcome refused = detail::apply_party(
      gravewatch(), game, test::only_command(R"([sheet: sheet="party" op="advance" field="heat" by="8"])"));
  EXPECT_FALSE(refused.ok);
  EXPECT_EQ(refused.reason, Refusal::BadAmount);
  EXPECT_EQ(refused.limit, "max 9");
  EXPECT_EQ(game.party.fields.at("heat"), Scalar{Number::of(2)});
  EXPECT_EQ(game.party_revision, 0);
  EXPECT_EQ(detail::apply_party(gravewatch(), game,
                                test::only_command(R"([sheet: sheet="party" op="advance" field="heat" to="-1"])"))
                .limit,
            "min 0");
  EXPECT_EQ(detail::apply_party(gravewatch(), game,
                                test::only_command(R"([sheet: sheet="party" op="advance" field="heat" by="0.5"])"))
                .limit,
            "a whole number");
}

TEST(ApplyParty, SH_110_a_pool_max_reads_a_party_field_so_an_advance_moves_it) {
  Game game = gravewatch_game();
  game.party.pools["coin"].current = Number::of(6);
  const AppliedReply out = applied(gravewatch(), game,
                                   R"([sheet: sheet="party" op="advance" field="Vault capacity" to="4"] )"
                                   R"([sheet: sheet="party" op="restore" pool="Coin" amount="1"] )"
                                   R"([sheet: sheet="party" op="advance" field="vault" by="12"] )"
                                   R"([sheet: sheet="party" op="restore" pool="coin" amount="20"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: sheet="party" op="advance" field="Vault capacity" to="4" result="ok" now="Vault capacity 8 → 4"] )"
      R"([sheet: sheet="party" op="restore" pool="Coin" amount="1" result="ok" now="Coin 4/4"] )"
      R"([sheet: sheet="party" op="advance" field="vault" by="12" result="ok" now="Vault capacity 4 → 16"] )"
      R"([sheet: sheet="party" op="restore" pool="coin" amount="20" result="ok" now="Coin 16/16"])");
  EXPECT_EQ(out.game.party_revision, 2);
}

TEST(ApplyParty, SH_119_unknown_pool_unknown_field_and_an_undeclared_field_are_refused) {
  const auto ruleset = rk::test::compile(R"({ "id": "crew", "label": "Crew",
    "sheet": { "fields": [{ "id": "xp", "label": "XP", "type": "number", "min": 0, "max": 99 }] },
    "party": { "label": "Crew",
      "fields": [
        { "id": "heat", "label": "Heat", "type": "number", "min": 0, "max": 9 },
        { "id": "rep", "label": "Rep", "type": "number", "min": 0, "max": 12 } ],
      "pools": [{ "id": "coin", "label": "Coin", "max": 4 }],
      "advancement": { "fields": ["heat"] } } })");
  ASSERT_TRUE(ruleset);
  const Game game = test::game_of({test::character(*ruleset, R"({"v":1,"name":"Mira","build":{}})")});
  const AppliedReply out = applied(*ruleset, game,
                                   R"([sheet: sheet="party" op="spend" pool="gold" amount="1"] )"
                                   R"([sheet: sheet="party" op="advance" field="fame" by="1"] )"
                                   R"([sheet: sheet="party" op="advance" field="rep" by="1"] )"
                                   R"([sheet: sheet="party" op="spend" pool="coin" amount="0"] )"
                                   R"([sheet: sheet="party" op="spend" pool="coin" amount="4"])");
  EXPECT_EQ(out.played.text,
            R"([sheet: sheet="party" op="spend" pool="gold" amount="1" result="refused" reason="unknown-pool"] )"
            R"([sheet: sheet="party" op="advance" field="fame" by="1" result="refused" reason="unknown-field"] )"
            R"([sheet: sheet="party" op="advance" field="rep" by="1" result="refused" reason="not-permitted"] )"
            R"([sheet: sheet="party" op="spend" pool="coin" amount="0" result="refused" reason="bad-amount"] )"
            R"([sheet: sheet="party" op="spend" pool="coin" amount="4" result="ok" now="Coin 0/4"])");
  EXPECT_EQ(out.game.party_revision, 0);
}

TEST(ApplyParty, SH_126_without_party_or_its_advancement_the_commands_are_not_configured) {
  const auto bare = rk::test::compile(R"({ "id": "bare", "label": "Bare",
    "sheet": { "fields": [{ "id": "xp", "label": "XP", "type": "number", "min": 0, "max": 99 }] } })");
  ASSERT_TRUE(bare);
  const Game game = test::game_of({test::character(*bare, R"({"v":1,"name":"Mira","build":{}})")});
  EXPECT_EQ(applied(*bare, game, R"([sheet: sheet="party" op="spend" pool="coin" amount="1"])").played.text,
            R"([sheet: sheet="party" op="spend" pool="coin" amount="1" result="refused" reason="not-configured"])");

  const auto no_advancement = rk::test::compile(R"({ "id": "crew", "label": "Crew",
    "sheet": { "fields": [{ "id": "xp", "label": "XP", "type": "number", "min": 0, "max": 99 }] },
    "party": { "label": "Crew", "fields": [{ "id": "heat", "label": "Heat", "type": "number", "min": 0, "max": 9 }],
               "pools": [{ "id": "coin", "label": "Coin", "max": 4, "start": "empty" }] } })");
  ASSERT_TRUE(no_advancement);
  const Game crew = test::game_of({test::character(*no_advancement, R"({"v":1,"name":"Mira","build":{}})")});
  EXPECT_EQ(applied(*no_advancement, crew,
                    R"([sheet: sheet="party" op="advance" field="heat" by="1"] )"
                    R"([sheet: sheet="party" op="restore" pool="coin" amount="1"])")
                .played.text,
            R"([sheet: sheet="party" op="advance" field="heat" by="1" result="refused" reason="not-configured"] )"
            R"([sheet: sheet="party" op="restore" pool="coin" amount="1" result="ok" now="Coin 1/4"])");
}

/// SH-129's 1.163 example, with a summed field beside it: `size` counts the cards and `totems`
/// adds each card's `totem`, on every read, so a pool whose maximum reads them follows the party.
TEST(ApplyParty, SH_129_SH_130_member_fields_are_worked_out_from_every_card_on_every_read) {
  const auto ruleset = rk::test::compile(R"({ "id": "crew", "label": "Crew",
    "sheet": { "fields": [{ "id": "totem", "label": "Totem", "type": "number", "min": 0, "max": 9, "default": 1 }] },
    "party": { "label": "The Crew",
      "fields": [
        { "id": "size", "label": "Crew size", "type": "number", "min": 0, "max": 12, "default": 0 },
        { "id": "totems", "label": "Totems", "type": "number", "min": 0, "max": 5, "default": 0 } ],
      "fromMembers": [{ "field": "size", "count": true }, { "field": "totems", "sum": "totem" }],
      "pools": [
        { "id": "favor", "label": "Favor", "max": { "field": "size" } },
        { "id": "spirit", "label": "Spirit", "max": { "field": "totems" } } ],
      "advancement": { "fields": ["size"] } } })");
  ASSERT_TRUE(ruleset);
  Game game = test::game_of({test::character(*ruleset, R"({"v":1,"name":"Mira","build":{"fields":{"totem":3}}})"),
                             test::character(*ruleset, R"({"v":1,"name":"Bram","build":{}})")});
  AppliedReply out = applied(*ruleset, game,
                             R"([sheet: sheet="party" op="spend" pool="favor" amount="1"] )"
                             R"([sheet: sheet="party" op="spend" pool="spirit" amount="1"] )"
                             R"([sheet: sheet="party" op="advance" field="size" by="1"])");
  // size = 2 cards; totems = 3 + 1 (Bram's blank-sheet value) = 4.
  EXPECT_EQ(out.played.text,
            R"([sheet: sheet="party" op="spend" pool="favor" amount="1" result="ok" now="Favor 1/2"] )"
            R"([sheet: sheet="party" op="spend" pool="spirit" amount="1" result="ok" now="Spirit 3/4"] )"
            R"([sheet: sheet="party" op="advance" field="size" by="1" result="refused" reason="not-permitted"])");
  // A third card joins with a totem of 4: the sum is held at the field's max 5.
  out.game.cards.push_back(test::character(*ruleset, R"({"v":1,"name":"Ash","build":{"fields":{"totem":4}}})"));
  out = applied(*ruleset, out.game,
                R"([sheet: sheet="party" op="restore" pool="favor" amount="9"] )"
                R"([sheet: sheet="party" op="restore" pool="spirit" amount="9"])");
  EXPECT_EQ(out.played.text,
            R"([sheet: sheet="party" op="restore" pool="favor" amount="9" result="ok" now="Favor 3/3"] )"
            R"([sheet: sheet="party" op="restore" pool="spirit" amount="9" result="ok" now="Spirit 5/5"])");
  // Back at their starting point (full), the pools are not stored: they follow their maxima again.
  EXPECT_TRUE(out.game.party.pools.empty());
  EXPECT_TRUE(out.game.party.fields.empty());
}

TEST(ApplyParty, SH_117_who_party_goes_to_every_card_never_to_the_shared_sheet) {
  Game game = gravewatch_game();
  const AppliedReply out = applied(gravewatch(), game, R"([sheet: who="party" op="advance" field="xp" by="2"])");
  EXPECT_EQ(
      out.played.text,
      R"([sheet: who="party" op="advance" field="xp" by="2" result="ok" now="Mira Experience 0 → 2; Tomás Reyne Experience 0 → 2"])");
  EXPECT_TRUE(out.game.party.fields.empty());
  EXPECT_EQ(out.game.party_revision, 0);
}

}  // namespace
}  // namespace rk::play
