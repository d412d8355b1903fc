#pragma once
// Fixtures for the check tests: the reference chapter's `dice-pool` example resolution over a small
// sheet of its names (Sinew, Nerve, Warmth; Ward, Dig, Listen, Soothe), a 5e-like `dice-sum`, games
// made from character documents, and a dice source that fails the test when it is asked.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "builder/dice.hpp"
#include "format/ref_resolution_support.hpp"
#include "play/check.hpp"
#include "play/game.hpp"
#include "support/sheet.hpp"

namespace rk::play::test {

/// writing-rulesets.md "dice-pool: throw the dice and count them", verbatim.
inline const char* kChapterPool = R"({
  "kind": "dice-pool",
  "die": { "sides": 10 },
  "abilityModifier": { "op": "identity" },
  "proficiencyTiers": [
    { "id": "rating_0", "label": "Untried" },
    { "id": "rating_1", "label": "Shown once", "flat": 1 }
  ],
  "pool": { "min": 1, "max": 15, "abilityPlusAbility": true },
  "target": { "default": 7, "min": 5, "max": 9 },
  "explode": { "from": 10, "min": 8 },
  "cancel": { "upTo": 1 },
  "botch": { "upTo": 1 },
  "exceptional": { "successes": 5 },
  "situationalDice": { "min": -3, "max": 3 },
  "reroll": [{ "id": "careful", "upTo": 6, "mode": "once" }],
  "difficultyLadder": [
    { "label": "Plain work", "successes": 1, "target": 6 },
    { "label": "Grim", "successes": 3, "target": 8 }
  ]
})";

/// The chapter's names: the skills its check examples roll, its untrained examples (SH-6), and
/// Gravewatch's cap of Soothe at the Resolve left (SH-8).
inline const char* kChapterSheet = R"({
  "sections": [{ "id": "labour", "label": "Labour", "untrained": { "by": -1 } }],
  "abilities": [
    { "id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2 },
    { "id": "nerve", "label": "Nerve", "min": 1, "max": 5, "default": 2 },
    { "id": "warmth", "label": "Warmth", "min": 1, "max": 5, "default": 2 } ],
  "skills": [
    { "id": "ward", "label": "Ward", "ability": "nerve" },
    { "id": "dig", "label": "Dig", "ability": "sinew", "section": "labour", "untrained": "refuse" },
    { "id": "haul", "label": "Haul", "ability": "sinew", "section": "labour" },
    { "id": "listen", "label": "Listen", "ability": "nerve", "untrained": "harder" },
    { "id": "soothe", "label": "Soothe", "ability": "warmth", "cap": { "livePool": "resolve" } } ],
  "saves": [{ "id": "steel", "label": "Steel yourself", "ability": "nerve" }],
  "derived": [{ "id": "poor_light", "label": "Poor light", "op": "sum", "of": [{ "const": -2 }] }],
  "live": {
    "pools": [{ "id": "resolve", "label": "Resolve", "max": 5 }],
    "tracks": [
      { "id": "harm", "label": "Harm", "min": 0, "max": 3,
        "levels": [{ "label": "Scuffed", "penalty": 0 }, { "label": "Hurt", "penalty": -1 }, { "label": "Down", "penalty": -3 }],
        "kinds": [{ "id": "knock", "label": "K", "severity": 0 }] } ]
  }
})";

/// Mira (the player): Nerve 4, trained in Ward only. Bram the Quiet: Sinew 3, Nerve 1, Warmth 4,
/// trained in Ward and Soothe, with 3 Resolve left.
inline const char* kMira = R"({"v": 1, "ruleset": "ref", "name": "Mira",
  "build": { "abilities": { "sinew": 2, "nerve": 4, "warmth": 2 }, "skills": { "ward": "rating_1" } }})";
inline const char* kBram = R"({"v": 1, "ruleset": "ref", "name": "Bram the Quiet",
  "build": { "abilities": { "sinew": 3, "nerve": 1, "warmth": 4 }, "skills": { "ward": "rating_1", "soothe": "rating_1" } },
  "live": { "pools": { "resolve": { "value": 3 } } }})";

inline std::string chapter_pool_ruleset(std::string_view resolution = kChapterPool) {
  return rk::test::reference_ruleset(resolution, kChapterSheet);
}

/// A game of the given character documents, the first one the player's.
inline Game game_of(const Ruleset& ruleset, const std::vector<std::string>& documents) {
  std::vector<Character> cards;
  for (const std::string& text : documents) {
    Diagnostics d;
    auto c = parse_character(ruleset, text, "character.json", d);
    EXPECT_TRUE(c.has_value()) << text;
    if (c) cards.push_back(std::move(*c));
  }
  // Built by hand: the game document's reader and `new_game` are another stage's.
  Game game;
  game.ruleset_id = ruleset.id;
  game.ruleset_version = ruleset.version;
  game.cards = std::move(cards);
  if (!game.cards.empty()) game.player_name = game.cards.front().name;
  return game;
}

/// A dice source that must not be asked: a replay reads its faces from the record.
class NoDice final : public Dice {
 public:
  std::int64_t roll(std::int64_t /*sides*/) override {
    ADD_FAILURE() << "a recorded roll was rolled again";
    return 1;
  }
};

/// `reply` resolved as the game's next reply with `faces`; the game keeps what changed.
inline ResolvedChecks resolve_with(const Ruleset& ruleset, Game& game, std::string_view reply,
                                   std::vector<std::int64_t> faces) {
  ScriptedDice dice(std::move(faces));
  game.replies += 1;
  return resolve_checks(ruleset, game, reply, game.replies, dice);
}

}  // namespace rk::play::test
