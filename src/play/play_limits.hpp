#pragma once
// The play stage's limits. They live here rather than in format/limits.hpp because they bound the
// Game Master's reply, not a ruleset document; each is one named constant, enforced in one place
// (the tag reader or the receipt writer), and tested at N and N+1 (tests/play/).
#include <cstddef>

#include "format/limits.hpp"

namespace rk::play::limits {

using rk::limits::CountLimit;

/// How many command tags one reply may have applied (SH-100); the 41st on is refused `too-many`.
inline constexpr CountLimit kCommandsPerReply{40, Code::TooMany, "SH-100"};
/// The largest reply the reader takes, in bytes. A Game Master's reply is a few kilobytes; this
/// leaves room for any honest one and keeps a hostile one from costing memory (ours).
inline constexpr CountLimit kReplyBytes{std::size_t{1024} * 1024, Code::FileTooLarge, "ours"};
/// The longest tag body, in UTF-16 code units as the reference counts them: `[sheet:` followed by
/// more than this before its `]` is not a tag but narration (reference: MAX_SHEET_TAG_BODY).
inline constexpr CountLimit kTagBodyUnits{1500, Code::TooLong, "reference"};
/// The longest `who=` kept; a longer one is cut to this (reference: MAX_WHO_LENGTH).
inline constexpr CountLimit kWhoUnits{100, Code::TooLong, "reference"};
/// Every attribute the engine writes back is cut to this (reference: MAX_ATTRIBUTE_LENGTH).
inline constexpr CountLimit kReceiptAttributeUnits{120, Code::TooLong, "reference"};
/// A receipt's `now=` gets more room: a party command lists one value per member
/// (reference: SHEET_COMMAND_NOW_MAX_LENGTH).
inline constexpr CountLimit kReceiptNowUnits{240, Code::TooLong, "reference"};
/// Digits an integer attribute may have; a longer run is not a number the tag can mean
/// (reference: readInteger's `\d{1,9}`).
inline constexpr CountLimit kIntegerDigits{9, Code::BadNumber, "reference"};
/// A clock name (SH-95).
inline constexpr CountLimit kClockNameUnits{100, Code::TooLong, "SH-95"};

}  // namespace rk::play::limits
