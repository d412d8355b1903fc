#pragma once
// Rests on a character's live state (docs/format/live.md "Rests"): what taking a rest does, as a
// pure function (ruleset, character, rest) -> character', and what it would change, for a
// preview. Nothing here rolls dice or touches storage.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "format/model.hpp"
#include "sheet/character.hpp"

namespace rk {

/// One value a rest changes, before and after, as the computed sheet shows them.
struct RestChange {
  std::string what;  ///< "pool", "track", "state", "condition", "text"
  Id id;
  std::string before, after;
};

struct RestPreview {
  Id rest;
  std::vector<RestChange> changes;
  /// Steps that change nothing on purpose or cannot be worked out here, said in words.
  std::vector<std::string> notes;
};

/// What taking a rest did: the character after it and, in step order, each value a step changed,
/// as the Game Master's receipt says it (`Grit 5/5`, `Willpower 0`, `Harm 1/4`, `Stance Steady`).
struct TakenRest {
  Character character;
  std::vector<std::string> changes;
};

/// Takes `rest`: every step in order, then what the rest clears.
TakenRest take_rest(const Ruleset& ruleset, const Character& character, const Rest& rest,
                    std::vector<std::string>* notes = nullptr);

/// The character after `rest` (take_rest without the changes).
Character apply_rest(const Ruleset& ruleset, const Character& character, const Rest& rest,
                     std::vector<std::string>* notes = nullptr);

/// What `rest` (by id) would change, or nothing when the ruleset has no such rest.
std::optional<RestPreview> preview_rest(const Ruleset& ruleset, const Character& character, std::string_view rest_id);

}  // namespace rk
