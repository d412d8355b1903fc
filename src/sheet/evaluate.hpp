#pragma once
// The computed sheet: a pure function of (ruleset, character) (DESIGN principle 1). Every
// computed number keeps the terms it was made of, so it can explain itself (principle 7).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "format/model.hpp"
#include "sheet/character.hpp"

namespace rk {

/// One step of how a number was made: "+2 ability `nerve` modifier", "cap 3 …".
struct Term {
  std::string text;
  std::optional<Number> value;
};

struct Explained {
  Number value;
  std::vector<Term> terms;
};

/// SH-70, SH-71: what `resolution.adjust` attaches to every roll made with a value. It is not
/// part of the modifier the sheet shows; a roll reports it separately (`adjust="-2"`).
struct AdjustView {
  Number total;
  std::vector<Term> terms;
};

struct AbilityView {
  Explained score;
  Explained mod;
  bool computed = false;
  AdjustView adjust;
};

struct CheckView {
  Id tier;
  /// The modifier the sheet shows and checks roll (capped); nothing when untrained and refused.
  std::optional<Number> mod;
  Number uncapped;  ///< before the cap; `with=` substitutions start here (SH-10)
  std::optional<Number> cap;
  bool untrained = false;  ///< at the first tier
  bool refused = false;    ///< untrained and `untrained: "refuse"`
  bool harder = false;     ///< untrained and `untrained: "harder"`
  std::vector<Term> terms;
  AdjustView adjust;
};

struct PoolView {
  Number current, max, temp;
  /// Where the pool stands with nothing stored (its `start` or `startFrom`): a value back here with
  /// no temporary points is not stored, so the pool follows its maximum again.
  Number start;
  std::optional<Number> level;
  std::vector<Term> terms;
};

struct LevelView {
  std::string label;
  Number penalty;
  bool extra = false;      ///< added by a list row (SH-59)
  std::optional<Id> mark;  ///< the kind of the mark it holds
};

struct TrackView {
  bool wound = false;
  Number value;  ///< ordinary: the value; wound: remaining levels (SH-49)
  Number min, max;
  Number start;                   ///< ordinary: where it stands with nothing stored (`startFrom` or `default`)
  std::optional<Number> penalty;  ///< wound tracks
  std::vector<LevelView> levels;  ///< wound tracks: one per level or box
  std::int64_t overflow = 0;      ///< marks no level holds (stored overflow and marks that no longer fit)
  bool full = false;
  std::vector<Term> terms;
};

struct RowView {
  std::string id;
  std::string catalog;
  std::map<Id, Scalar> cells;  ///< every column, empty cells read as their default, computed ones filled
};

struct SheetView {
  Id ruleset;
  std::string name;
  std::map<Id, AbilityView> abilities;
  std::map<Id, CheckView> skills, saves;
  std::map<Id, Explained> derived;
  std::map<Id, Scalar> fields;  ///< as the sheet editor shows them (SH-16)
  std::vector<Id> not_chosen;   ///< fields the player has not chosen yet (field_chosen), in declaration order
  std::map<Id, std::vector<RowView>> lists;
  std::vector<Id> hidden;  ///< ids hidden by hideWhen, in declaration order
  std::map<Id, PoolView> pools;
  std::map<Id, TrackView> tracks;
  std::map<Id, Id> states;
  std::map<Id, std::string> texts;  ///< `live.text`, "" when not set
  std::vector<std::string> conditions;
  std::vector<std::string> notes;
  Diagnostics warnings;

  /// How the value `id` was computed, as lines of text, or nothing for an unknown id. `id` may be
  /// prefixed by its kind ("skill:dig") when ids of different kinds coincide.
  std::optional<std::vector<std::string>> explain(std::string_view id) const;
};

SheetView evaluate(const Ruleset& ruleset, const Character& character);
/// The same numbers with no terms: for a sheet that is read, never shown.
SheetView evaluate_numbers(const Ruleset& ruleset, const Character& character);
/// The live part of the sheet, as the Game Master's commands and a rest read it many times a
/// reply: fields, pools, tracks, states, texts, conditions, notes, what `hideWhen` hides and the
/// rows of the lists that declare `pools`, with no terms. Abilities, skills, saves, derived values,
/// the other lists and `not_chosen` are left empty (computed only as far as the pools and tracks
/// read them).
SheetView evaluate_live(const Ruleset& ruleset, const Character& character);

/// The value of one Ref for this character (a catalog's `scaled.from`, CA-29).
Number evaluate_ref(const Ruleset& ruleset, const Character& character, const Ref& ref);

/// Reads many Refs of one character, computing each value the sheet needs once (the builder
/// reads a step's conditions and every offer's `offeredWhen` on the same sheet). The character
/// must outlive the reader and stay unchanged while it is used.
class SheetReader {
 public:
  SheetReader(const Ruleset& ruleset, const Character& character);
  ~SheetReader();
  SheetReader(const SheetReader&) = delete;
  SheetReader& operator=(const SheetReader&) = delete;
  Number read(const Ref& ref);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rk
