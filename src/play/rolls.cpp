#include "play/rolls.hpp"

#include <algorithm>

namespace rk::play {

std::string_view record_mismatch_text(RecordMismatch mismatch) {
  switch (mismatch) {
    case RecordMismatch::OtherAsk:
      return "the record of this request was made for another tag";
    case RecordMismatch::OtherDie:
      return "the record of this request holds other dice than the roll needs";
    case RecordMismatch::TooFewFaces:
      return "the record of this request holds fewer faces than the roll needs";
    case RecordMismatch::FaceOutOfRange:
      return "the record of this request holds a face the die does not have";
    case RecordMismatch::FacesLeftOver:
      return "the record of this request holds more faces than the roll needs";
  }
  return "";
}

std::optional<std::int64_t> RequestDice::roll(std::string_view purpose, std::int64_t sides) {
  if (mismatch_) return std::nullopt;
  if (replay_ != nullptr) {
    // Faces are read in the order drawn; a throw that is used up hands over to the next one.
    while (throw_at_ < replay_->throws.size() && face_at_ >= replay_->throws[throw_at_].faces.size()) {
      ++throw_at_;
      face_at_ = 0;
    }
    if (throw_at_ >= replay_->throws.size()) {
      mismatch_ = RecordMismatch::TooFewFaces;
      return std::nullopt;
    }
    const Throw& recorded = replay_->throws[throw_at_];
    if (recorded.purpose != purpose || recorded.sides != sides) {
      mismatch_ = RecordMismatch::OtherDie;
      return std::nullopt;
    }
    const std::int64_t face = recorded.faces[face_at_++];
    if (face < 1 || face > sides) {
      mismatch_ = RecordMismatch::FaceOutOfRange;
      return std::nullopt;
    }
    return face;
  }
  const std::int64_t face = fresh_.roll(sides);
  if (drawn_.empty() || drawn_.back().purpose != purpose || drawn_.back().sides != sides) {
    drawn_.push_back(Throw{std::string(purpose), sides, {}});
  }
  drawn_.back().faces.push_back(face);
  return face;
}

RequestDice RollRecorder::begin(std::int64_t reply, std::int64_t tag, std::string_view ask) {
  for (const RollRecord& record : records_) {
    if (record.reply != reply || record.tag != tag) continue;
    RequestDice dice(fresh_, &record);
    if (record.ask != ask) dice.mismatch_ = RecordMismatch::OtherAsk;
    return dice;
  }
  return RequestDice(fresh_, nullptr);
}

bool RollRecorder::finish(RequestDice& dice, std::int64_t reply, std::int64_t tag, std::string_view ask,
                          std::optional<std::string> who) {
  if (dice.replay_ != nullptr) {
    if (dice.mismatch_) return false;
    std::size_t left = 0;
    for (std::size_t t = dice.throw_at_; t < dice.replay_->throws.size(); ++t) {
      left += dice.replay_->throws[t].faces.size() - (t == dice.throw_at_ ? dice.face_at_ : 0);
    }
    if (left > 0) dice.mismatch_ = RecordMismatch::FacesLeftOver;
    return false;
  }
  if (dice.drawn_.empty()) return false;
  RollRecord record;
  record.reply = reply;
  record.tag = tag;
  record.who = std::move(who);
  record.ask = std::string(ask);
  record.throws = std::move(dice.drawn_);
  dice.drawn_.clear();
  // Records stay in (reply, tag) order, the order they were made in (docs/format/game.md).
  const auto at = std::upper_bound(
      records_.begin(), records_.end(), record,
      [](const RollRecord& a, const RollRecord& b) { return a.reply != b.reply ? a.reply < b.reply : a.tag < b.tag; });
  records_.insert(at, std::move(record));
  return true;
}

}  // namespace rk::play
