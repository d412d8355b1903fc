#pragma once
// The Game Master's checks (docs/format/checks.md): every `[skill_check: …]` of a reply resolved
// against a card of the game with dice from the game's record of rolls or, for a new request, the
// injected dice, and written back with its result in the original's form. Checks are rolled before
// the reply's commands run (docs/format/commands.md), so each check sees the state the reply found.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "builder/dice.hpp"
#include "format/ruleset.hpp"
#include "play/check_tag.hpp"
#include "play/game.hpp"

namespace rk::play {

/// Why a check was not rolled: the `reason=` of the ask written back.
enum class CheckRefusal : std::uint8_t {
  Malformed,         ///< the tag names no skill, save or ability (`skill=` missing or empty)
  UnknownCharacter,  ///< `who=` (or, without it, the player's character) names no card of the game
  UnknownSkill,      ///< no skill, save, ability or row check (BC-79) answers to `skill=`
  Untrained,         ///< SH-5: an untrained check whose rule is `"refuse"`
  NoDifficulty,      ///< no readable `dc=` and no ladder step named by `difficulty=`
};
std::string_view check_refusal_code(CheckRefusal refusal);

enum class CheckOutcome : std::uint8_t { Success, Failure, CriticalSuccess, CriticalFailure };
/// `success`, `failure`, `critical_success`, `critical_failure` (the original's result keys).
std::string_view check_outcome_code(CheckOutcome outcome);

/// `Row`: a list row that is a check (BC-74).
enum class CheckTarget : std::uint8_t { Skill, Save, Ability, Row };

/// One part of the number a check rolled with, by name, so the narration can cite it.
struct CheckTerm {
  std::string name;  ///< "Nerve", "Sworn", "Harm", "bonus dice"
  std::int64_t value = 0;
};

struct CheckResult {
  std::int64_t tag = 0;            ///< the tag's place among every tag of the reply, from 1
  std::size_t begin = 0, end = 0;  ///< where the tag stood in the reply
  std::string ask;                 ///< the tag as written
  std::string written;             ///< what the reply now holds in its place
  std::optional<std::string> who;  ///< the card that rolled (or would have)
  std::optional<CheckRefusal> refusal;

  // What was rolled; meaningful when `refusal` is empty.
  CheckTarget target = CheckTarget::Skill;
  Id id;              ///< the skill's, save's or ability's id
  std::string label;  ///< its label
  bool pool = false;  ///< counted successes (`resolution="successes"`) rather than a sum
  std::int64_t dc = 0;
  std::vector<std::int64_t> rolls;
  std::int64_t used = 0, modifier = 0, total = 0;
  CheckOutcome outcome = CheckOutcome::Failure;
  std::string mode = "normal";  ///< normal, advantage, disadvantage
  std::string dice;             ///< "2d6", "7d10": the dice thrown
  std::optional<std::int64_t> threshold;
  std::int64_t bonus = 0, penalty = 0, adjust = 0, auto_successes = 0, rerolled = 0;
  std::optional<std::int64_t> explode, double_face;  ///< only where the check moved the face
  bool complication = false;
  std::string with;    ///< the ability `with=` swapped in or added, by label
  std::string reroll;  ///< the standing re-throw applied, when it threw something
  std::string spent, used_entry;
  std::int64_t effects = 0;  ///< what `apply=` added: to the total on a sum, dice on a pool
  std::string from;          ///< BC-44: what `apply=` applied, by name, `; `-separated
  std::vector<CheckTerm> terms;
};

/// What `spend=` and `use=` buy on a check (writing-rulesets.md "Spending to change a roll", "A
/// charm that changes a roll"), already paid for.
struct CheckPurchase {
  std::int64_t dice = 0, successes = 0;
  std::optional<PoolReroll> reroll;
  std::optional<std::int64_t> threshold, explode, double_face;
  std::string spent;  ///< `pool:amount` as really paid, "" when nothing was
  std::string used;   ///< the entry applied, "" when none
};

/// The roll `apply=` is asked on, as a row or an entry reads it (BC-36, BC-38, BB-137).
struct ContextualRoll {
  CheckTarget target = CheckTarget::Skill;
  Id id;                      ///< the skill's, save's, ability's or row check's id
  std::vector<Id> abilities;  ///< the abilities it rolls with (`with=` applied)
  std::string name;           ///< what it is called by: a row check's name (BC-76), a label otherwise
};

/// Dice an applied row or entry adds, thrown with the check ("1d4", "2d6+1").
struct ContextualDice {
  std::int64_t count = 0, sides = 0, flat = 0;
  bool minus = false;
};

/// One name of `apply=` that applied (BC-42), already paid for: what it adds to the number (a
/// flat part and dice to throw), how it leans the roll, and its pool `check`.
struct AppliedContextual {
  std::string name;  ///< as the record lists it: the row's name, the entry's label
  std::int64_t flat = 0;
  std::vector<ContextualDice> dice;
  bool advantage = false, disadvantage = false;
  std::optional<ContextualCheck> check;
};

/// Paying for what changes a check, kept behind this interface so a caller (or a test) can say
/// where catalog entries come from. `buy` pays for `spend=`/`use=` from `character`, all or
/// nothing, and returns what was bought (an empty purchase when nothing could be paid: the roll is
/// then the one it would have been); `sheet_dice` is the check's own number, what
/// `perCheck: "pool"` reads. `apply` finds what `apply=` names, keeps what applies to `roll`, pays
/// each one's cost once, and returns them in the order named.
class CheckSpending {
 public:
  virtual ~CheckSpending() = default;
  virtual CheckPurchase buy(const Ruleset& ruleset, Character& character, const CheckAsk& ask,
                            std::int64_t sheet_dice) = 0;
  virtual std::vector<AppliedContextual> apply(const Ruleset& ruleset, Character& character, const CheckAsk& ask,
                                               const ContextualRoll& roll) = 0;
};

struct ResolvedChecks {
  /// The reply with every check tag rewritten; the reply as given when `replay_problem` is set.
  std::string text;
  std::vector<CheckResult> checks;
  std::size_t records_added = 0;
  /// The game's record and this reply disagree (docs/format/game.md "Re-applying"): the reply must
  /// be refused whole. Nothing in the game was changed.
  std::optional<std::string> replay_problem;
};

/// Resolves every check tag of `reply`, the game's `reply_number`-th reply. A request recorded in
/// `game.rolls` under (reply_number, tag) reads its faces from there and never asks `dice`; any other
/// draws from `dice`, and its faces are added to `game.rolls` in (reply, tag) order. `spending`
/// pays for `spend=`, `use=` and `apply=`; without it the live pools pay, with the ruleset's
/// inline catalog entries only (check_spending.hpp).
ResolvedChecks resolve_checks(const Ruleset& ruleset, Game& game, std::string_view reply, std::int64_t reply_number,
                              Dice& dice, CheckSpending* spending = nullptr);

}  // namespace rk::play
