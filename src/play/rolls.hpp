#pragma once
// The record of rolls as a dice source (docs/format/game.md "The record of rolls"): one request —
// one tag of one reply — reads its faces from the game's record when the record holds that request,
// and otherwise draws them from the injected dice and records them. A replay never rolls again and
// is never topped up: a record that does not fit the roll is reported, not repaired.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "builder/dice.hpp"
#include "play/game.hpp"

namespace rk::play {

/// Why a recorded request cannot be read back (the game and its replies disagree).
enum class RecordMismatch : std::uint8_t {
  OtherAsk,     ///< the record under (reply, tag) was made for another tag text
  OtherDie,     ///< the next recorded face is for another purpose or another die
  TooFewFaces,  ///< the roll needs more faces than the record holds
  FaceOutOfRange,
  FacesLeftOver,  ///< the roll is over and the record still holds faces
};
std::string_view record_mismatch_text(RecordMismatch mismatch);

/// The dice of one request. `roll` gives one face for a purpose (`check`, `advantage`, `explode`,
/// `reroll`, `modifier`, `amount`); consecutive faces of one purpose and one die are one throw.
class RequestDice {
 public:
  /// One face 1..sides, or nothing once the record has been found not to fit (see mismatch()).
  std::optional<std::int64_t> roll(std::string_view purpose, std::int64_t sides);
  /// The record does not fit: set by roll(), or by finish() for faces left over.
  const std::optional<RecordMismatch>& mismatch() const { return mismatch_; }
  bool replaying() const { return replay_ != nullptr; }

 private:
  friend class RollRecorder;
  RequestDice(Dice& fresh, const RollRecord* replay) : fresh_(fresh), replay_(replay) {}
  Dice& fresh_;
  const RollRecord* replay_;
  std::size_t throw_at_ = 0, face_at_ = 0;
  std::vector<Throw> drawn_;
  std::optional<RecordMismatch> mismatch_;
};

/// Hands out a RequestDice per request and files the new records into the game's record in
/// (reply, tag) order.
class RollRecorder {
 public:
  RollRecorder(std::vector<RollRecord>& records, Dice& fresh) : records_(records), fresh_(fresh) {}

  /// The dice for the request (reply, tag) whose tag text is `ask`. A record under (reply, tag)
  /// with another ask is a mismatch at once (the returned dice give no face).
  RequestDice begin(std::int64_t reply, std::int64_t tag, std::string_view ask);
  /// The request is over: a replay that left faces unread is a mismatch; new faces, if any, become
  /// a record (`who` is the card that rolled). Returns whether a record was added.
  bool finish(RequestDice& dice, std::int64_t reply, std::int64_t tag, std::string_view ask,
              std::optional<std::string> who);

 private:
  std::vector<RollRecord>& records_;
  Dice& fresh_;
};

}  // namespace rk::play
