#pragma once
// Receipts: what the engine writes back in place of each command tag, and the rewritten reply.
// A receipt is built from what the engine read and did, never spliced out of what the model wrote,
// so a `result=`, `now=` or `reason=` the model wrote itself cannot survive (SH-99), and no value
// can close the tag or open another (every written value goes through text::receipt_safe).
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "play/tags.hpp"

namespace rk::play {

struct Receipt {
  bool ok = false;
  /// The outcome an accepted command reports (`4/6`, `cleared`, `Mira 3/10; Bram refused (insufficient)`).
  std::string now;
  /// Why a refused command was refused.
  Refusal reason = Refusal::Malformed;
  /// Who the command ended up applying to, written back as `who=` even when the tag left it
  /// implied (the player's character's name, or `party`); without it the tag's own `who=` is kept.
  std::optional<std::string> who;
  /// On a `bad-amount` or a clock's refusal, the limit the command broke (`max 9`, `a whole
  /// number`), written back as `limit=` so the Game Master can correct itself (CA-61); "" for none.
  std::string limit;

  static Receipt accepted(std::string now, std::optional<std::string> who = std::nullopt) {
    return Receipt{true, std::move(now), Refusal::Malformed, std::move(who), {}};
  }
  static Receipt refused(Refusal reason, std::optional<std::string> who = std::nullopt, std::string limit = {}) {
    return Receipt{false, {}, reason, std::move(who), std::move(limit)};
  }
};

/// The tag as the engine writes it back: `[sheet: who="…" op="…" … result="ok" now="…"]`, or for a
/// tag that reads as no command `[sheet: raw="…" result="refused" reason="malformed"]`.
std::string receipt_tag(const ParsedReply& reply, const Tag& tag, const Receipt& receipt);

/// The reply with every tag replaced by its receipt and every other byte as it was. `receipts[i]`
/// answers `reply.tags[i]`, one for every tag; a reply the reader refused whole (ParsedReply::problem) comes back as
/// it was.
std::string rewrite(const ParsedReply& reply, std::span<const Receipt> receipts);

/// The apply stage's side of the protocol: the receipt for one readable command, applied to the
/// caller's working state. It is called once per command the reader did not refuse itself, in
/// reply order (SH-97), so each command sees what the ones before it did; a refused command must
/// leave the state as it was.
using ApplyCommand = std::function<Receipt(const Command&)>;

struct PlayedReply {
  std::string text;
  std::vector<Receipt> receipts;  ///< one per tag, in reply order
};

/// Every tag of a reply answered: the reader's own refusals (malformed, too-many, unknown-sheet,
/// unsupported-op) as they are, every other command through `apply`; then the reply rewritten.
PlayedReply play(const ParsedReply& reply, const ApplyCommand& apply);

}  // namespace rk::play
