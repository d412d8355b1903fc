#pragma once
// Seeded mutations of a ruleset document for the differential test (docs/testing.md). Each
// mutation is one small change of a named kind at one JSON Pointer, and is fully determined by
// (base document, seed, index): the same three give the same file on every machine.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

namespace rk::mutate {

/// The kinds of change. Their names (kind_name) appear in reports and in
/// tests/differential/expected.json, so they are a contract: add, never rename.
enum class Kind : std::uint8_t {
  DropKey,          ///< remove one member of an object
  SwapType,         ///< replace a value by one of another JSON type
  NumberPastLimit,  ///< raise a number to a larger round size (101, 1001, ... 10^15)
  NumberFraction,   ///< a whole number plus one half
  NumberNegative,   ///< a number made negative (|v| + 1 below zero)
  BreakReference,   ///< a string that names a declared id is changed to name nothing
  BadIdSyntax,      ///< an `id` is given characters no id may hold
  DuplicateId,      ///< in an array of entries with ids, one entry takes another's id
  LongString,       ///< a string padded past a round length (65, 81, 121, ... 20001)
  EmptyValue,       ///< a string, array or object emptied
  UnknownKey,       ///< an object given a member no schema declares
};

inline constexpr Kind kAllKinds[] = {
    Kind::DropKey,        Kind::SwapType,       Kind::NumberPastLimit, Kind::NumberFraction,
    Kind::NumberNegative, Kind::BreakReference, Kind::BadIdSyntax,     Kind::DuplicateId,
    Kind::LongString,     Kind::EmptyValue,     Kind::UnknownKey,
};

std::string_view kind_name(Kind kind);
std::optional<Kind> kind_from_name(std::string_view name);

struct Mutation {
  std::size_t index = 0;
  Kind kind{};
  std::string pointer;  ///< JSON Pointer of the value changed (of the object, for UnknownKey)
  std::string change;   ///< what changed, in words: "`max`: 12 -> 1001"
  boost::json::value document;
};

/// SplitMix64 (Steele, Lea, Flood 2014) with Lemire's unbiased bounded draw, so a seed gives the
/// same choices everywhere. Kept here rather than borrowed from src/builder: tools do not link
/// the engine's stages.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  /// Uniform in [0, bound); bound must be positive.
  std::uint64_t below(std::uint64_t bound);

 private:
  std::uint64_t state_;
};

/// Mutation `index` of `base` under `seed`. The kind is drawn first; when the document holds no
/// value that kind can change, the next kind in kAllKinds is tried. Empty only when no kind
/// applies at all (an empty document). Members named `$comment` or `$schema` are never chosen:
/// both readers drop them before reading.
std::optional<Mutation> mutate(const boost::json::value& base, std::uint64_t seed, std::size_t index);

/// `count` mutations, indices 0 .. count-1.
std::vector<Mutation> mutations(const boost::json::value& base, std::uint64_t seed, std::size_t count);

/// RFC 6901 escaping of one reference token.
std::string escape_token(std::string_view token);

}  // namespace rk::mutate
