#pragma once
// What the guided builder stores beside the sheet (BA-110): the player's answers per step and per
// choice slot, the mode (guided or described, BA-148), and the ledger of what the builder last
// wrote into the sheet, which reconciliation compares with the sheet and with what it would write
// now (docs/format/builder.md "Reconciliation"). Kept in the character's `builder` object.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "diag/diagnostic.hpp"
#include "format/builder_model.hpp"
#include "format/number.hpp"
#include "format/scalar.hpp"

namespace rk {

struct Ruleset;
struct Character;

/// One score rolled for the abilities step's `roll` method (BA-48): every face, in the order the
/// dice fell, and the total of the `keep` highest. Rolled once; re-opening reads it back.
struct RolledScore {
  std::vector<std::int64_t> faces;
  Number total;
  bool operator==(const RolledScore&) const = default;
};

/// One entry of a roll step as rolled (BC-87): the faces of every attempt (`best` rolls 2 or 3),
/// in the order the dice fell, and the faces of an improvement check's `gain` dice. The result is
/// derived from them each time the builder opens; they are rolled once and never again unless the
/// step has `retry` (BC-88).
struct RollRecord {
  std::vector<std::vector<std::int64_t>> attempts;
  std::vector<std::int64_t> gain;
  bool operator==(const RollRecord&) const = default;
};

struct StepAnswers {
  std::vector<std::string> picks;        ///< catalog: entry ids in selection order; startingGear: kits taken
  std::optional<AbilityMethod> method;   ///< abilities: the method chosen (checked against kAbilityMethods when read)
  std::map<std::string, Number> scores;  ///< abilities: base scores typed (pointBuy, manual)
  std::map<std::string, std::int64_t> assign;  ///< abilities: ability -> index into the array or the rolls
  std::vector<RolledScore> rolls;              ///< abilities: the rolled scores
  bool keep_unspent = false;                   ///< abilities: the player leaves point-buy points unspent
  std::map<std::string, RollRecord> rolled;    ///< roll: entry id -> its roll (BC-87)
  std::map<std::string, Scalar> initialized;   ///< initialize: field -> the value set when confirmed (BC-55)
  bool operator==(const StepAnswers&) const = default;
  bool empty() const {
    return picks.empty() && !method && scores.empty() && assign.empty() && rolls.empty() && !keep_unspent &&
           rolled.empty() && initialized.empty();
  }
};

/// The builder's answer for one sheet cell. When `owned`, the builder wrote it, and `under` is what
/// the cell held from the player before; otherwise the player's value was there and stays, and
/// the answer is remembered so that only a change of it can write the cell (BA-105, BA-108).
struct CellRecord {
  Scalar value;
  std::optional<Scalar> under;  ///< nothing: the cell was empty
  bool owned = true;
  bool kept = false;  ///< the player edited the value in the builder's own step: it stays the builder's (BA-109)
  bool operator==(const CellRecord&) const = default;
};

/// An ability the builder wrote: its total, how much of it selections added (after bounds), and
/// the player's own score beneath (nothing: no stored score).
struct AbilityRecord {
  Number value;
  Number applied;
  std::optional<Number> under;
  bool base = false;  ///< the abilities step set the base score
  bool operator==(const AbilityRecord&) const = default;
};

struct RowRecord {
  std::string list;
  std::string row;  ///< the row's `_id`
  bool operator==(const RowRecord&) const = default;
};

struct Ledger {
  std::map<std::string, CellRecord> fields, skills, saves;
  std::map<std::string, CellRecord> bonuses;  ///< `build.bonuses` entries the builder wrote (BB-6)
  std::map<std::string, AbilityRecord> abilities;
  std::map<std::string, RowRecord> rows;  ///< keyed by what wrote the row: "<catalog>/<entry>#<n>"
  bool operator==(const Ledger&) const = default;
};

/// An allocate step's answers (BB-43): the priority slot each group holds, the paid increments per
/// target key (`ability/strength`), and the player's notes per target key (BB-44).
struct Allocation {
  std::map<std::string, std::int64_t> slots;
  std::map<std::string, std::int64_t> bought;
  std::map<std::string, std::string> notes;
  bool operator==(const Allocation&) const = default;
  bool empty() const { return slots.empty() && bought.empty() && notes.empty(); }
};

/// One purchase of a spend offer (BB-97): the signed change it made to the target and its signed
/// price as paid (above 0: points spent; below 0: credit taken).
struct PurchaseLine {
  Number delta;
  Number price;
  bool operator==(const PurchaseLine&) const = default;
};

/// A spend step's purchases: offer id -> its lines, oldest first (BB-97 – BB-99).
using Purchases = std::map<std::string, std::vector<PurchaseLine>>;

struct BuilderAnswers {
  enum class Mode : std::uint8_t { Guided, Described };
  std::optional<Mode> mode;  ///< nothing: not opened yet; decided when first opened (BA-148)
  std::map<std::string, StepAnswers> steps;
  std::map<std::string, std::vector<std::string>> choices;  ///< slot key -> answers (BA-125, BA-139)
  std::map<std::string, Allocation> allocations;            ///< allocate step id -> its answers (BB-43)
  std::map<std::string, Purchases> purchases;               ///< spend step id -> its ledger (BB-97)
  Ledger wrote;
  bool operator==(const BuilderAnswers&) const = default;
};

/// The builder's modes as a stored character spells them (BA-148).
inline constexpr Choice<BuilderAnswers::Mode> kBuilderModes[] = {{BuilderAnswers::Mode::Guided, "guided"},
                                                                 {BuilderAnswers::Mode::Described, "described"}};

/// Reads the character's `builder` object; problems are reported with pointers under `/builder`
/// and the invalid parts left out.
BuilderAnswers read_builder_answers(const boost::json::value& builder, Diagnostics& diagnostics);
boost::json::value builder_answers_to_json(const BuilderAnswers& answers);

}  // namespace rk
