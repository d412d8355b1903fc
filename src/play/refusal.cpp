#include "play/refusal.hpp"

#include <array>
#include <utility>

namespace rk::play {

namespace {

// The one table of reasons; the order follows the enum.
constexpr std::array<std::pair<Refusal, std::string_view>, 33> kReasons{{
    {Refusal::Malformed, "malformed"},
    {Refusal::TooMany, "too-many"},
    {Refusal::UnknownSheet, "unknown-sheet"},
    {Refusal::UnsupportedOp, "unsupported-op"},
    {Refusal::UnknownCharacter, "unknown-character"},
    {Refusal::AmbiguousCharacter, "ambiguous-character"},
    {Refusal::UnknownPool, "unknown-pool"},
    {Refusal::AmbiguousPool, "ambiguous-pool"},
    {Refusal::Insufficient, "insufficient"},
    {Refusal::BadAmount, "bad-amount"},
    {Refusal::NoTemp, "no-temp"},
    {Refusal::UnknownTrack, "unknown-track"},
    {Refusal::WrongTrack, "wrong-track"},
    {Refusal::UnknownKind, "unknown-kind"},
    {Refusal::UnknownCondition, "unknown-condition"},
    {Refusal::UnknownField, "unknown-field"},
    {Refusal::UnknownRest, "unknown-rest"},
    {Refusal::UnknownEntry, "unknown-entry"},
    {Refusal::AmbiguousEntry, "ambiguous-entry"},
    {Refusal::BadPool, "bad-pool"},
    {Refusal::UnknownState, "unknown-state"},
    {Refusal::UnknownValue, "unknown-value"},
    {Refusal::NotConfigured, "not-configured"},
    {Refusal::NotPermitted, "not-permitted"},
    {Refusal::UnknownAbility, "unknown-ability"},
    {Refusal::UnknownSkill, "unknown-skill"},
    {Refusal::UnknownSave, "unknown-save"},
    {Refusal::UnknownTier, "unknown-tier"},
    {Refusal::UnknownClock, "unknown-clock"},
    {Refusal::BadSize, "bad-size"},
    {Refusal::ClocksFull, "clocks-full"},
    {Refusal::ClockExists, "clock-exists"},
    {Refusal::NoBox, "no-box"},
}};

}  // namespace

std::string_view refusal_code(Refusal refusal) {
  for (const auto& [value, code] : kReasons) {
    if (value == refusal) return code;
  }
  return "malformed";
}

std::optional<Refusal> refusal_named(std::string_view code) {
  for (const auto& [value, spelling] : kReasons) {
    if (spelling == code) return value;
  }
  return std::nullopt;
}

}  // namespace rk::play
