#pragma once
// A value reference (SH-1): what a formula, a condition or a scaled cell reads. Its own header so
// that every part of the model (builder_model.hpp, catalog_model.hpp, model.hpp) holds Refs by
// value.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "format/number.hpp"
#include "format/scalar.hpp"

namespace rk {

using Id = std::string;
inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// ---------------------------------------------------------------------------------------------
// Value references (SH-1).

enum class RefKind : std::uint8_t {
  Const,
  Field,
  Derived,
  AbilityScore,
  AbilityMod,
  AbilityModFromField,
  SkillMod,
  SaveMod,
  ListSum,
  LivePool,
  LiveTrack,
  ItemStat,
};

struct RowFilter {  // BB-110: rows whose cell in `column` equals `equals`
  Id column;
  std::size_t column_index = kNone;
  Scalar equals;
};

struct Ref {
  RefKind kind = RefKind::Const;
  Number constant;            ///< Const
  Id target;                  ///< the id named by every kind but Const, ListSum and ItemStat
  std::size_t index = kNone;  ///< resolved index of `target` (or of the list for ListSum)
  // ListSum
  Id list;
  Id column;  ///< ListSum: the summed column; ItemStat: the stat id
  std::size_t column_index = kNone;
  bool count = false;                                                 ///< ListSum `count: true` (BB-111)
  std::optional<RowFilter> where;                                     ///< ListSum `where` (BB-110)
  enum class Pick : std::uint8_t { Sum, Max, Min } pick = Pick::Sum;  ///< ItemStat
  std::string pointer;  ///< where it was written, for explanations and errors

  /// Items change in play, so an `itemStat` is held to the rules of a live read.
  bool reads_live() const {
    return kind == RefKind::LivePool || kind == RefKind::LiveTrack || kind == RefKind::ItemStat;
  }

  // Reference format: sheet
  /// `liveTrack` with `read`: where the track stands, how far above its min, how far below its
  /// max, or a wound track's penalty in force.
  enum class TrackRead : std::uint8_t { Value, Filled, Remaining, Penalty } track_read = TrackRead::Value;
  bool track_read_given = false;
  /// `listSum.onlyWhen`: a boolean column; only rows where it is set count.
  Id only_when;
  std::size_t only_when_index = kNone;
  /// `itemStat` ({stat?, from, pick, slot?, category?, tag?, default?}): it reads the items the
  /// character holds, not a list of the sheet.
  enum class ItemsFrom : std::uint8_t { Worn, Carried, All } items_from = ItemsFrom::All;
  bool pick_count = false;  ///< `pick: "count"`
  Id item_slot, item_category, item_tag;
  Number item_default;  ///< what it reads when no item gives the stat
};

/// The Ref an optional holds, or nullptr: for the lists of Refs the graph walks.
inline const Ref* ref_or_null(const std::optional<Ref>& ref) { return ref ? &*ref : nullptr; }

}  // namespace rk
