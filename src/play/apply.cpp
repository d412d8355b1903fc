// The apply stage's dispatcher: which sheet a command is for (the party's, one character's, or
// every character's with `who="party"`), then the op's own half (apply_ops.hpp).
#include "play/apply.hpp"

#include <fmt/format.h>

#include "play/apply_ops.hpp"
#include "play/check.hpp"
#include "play/check_spending.hpp"
#include "play/tags.hpp"

namespace rk::play {

namespace {

/// The word `who=` uses for every character of the party (SH-117); it wins over a card that
/// happens to be named "Party".
constexpr std::string_view kEveryMember = "party";

detail::Outcome apply_to_character(const Ruleset& ruleset, Character& character, const Command& command,
                                   const CatalogSet* catalogs) {
  if (const auto* use = std::get_if<UseEntry>(&command.action))
    return detail::apply_use(ruleset, character, *use, catalogs);
  if (const auto* advance = std::get_if<Advance>(&command.action))
    return detail::apply_advance(ruleset, character, *advance);
  return detail::apply_sheet_op(ruleset, character, command);
}

Receipt to_receipt(detail::Outcome outcome, std::optional<std::string> who) {
  return outcome.ok ? Receipt::accepted(std::move(outcome.now), std::move(who))
                    : Receipt::refused(outcome.reason, std::move(who), std::move(outcome.limit));
}

/// `who="party"`: the command on every card, each on its own (SH-117). The receipt lists every
/// member, `Name now` or `Name refused (reason)`; it is accepted when one member accepted it.
Receipt apply_to_every_member(const Ruleset& ruleset, Game& game, const Command& command, const CatalogSet* catalogs) {
  if (game.cards.empty()) return Receipt::refused(Refusal::UnknownCharacter, std::string(kEveryMember));
  std::string now;
  bool any = false;
  std::optional<Refusal> first_refusal;
  for (Character& card : game.cards) {
    detail::Outcome outcome = apply_to_character(ruleset, card, command, catalogs);
    if (!now.empty()) now += "; ";
    if (outcome.ok) {
      any = true;
      now += fmt::format("{} {}", card.name, outcome.now);
    } else {
      if (!first_refusal) first_refusal = outcome.reason;
      now += fmt::format("{} refused ({})", card.name, refusal_code(outcome.reason));
    }
  }
  if (!any) return Receipt::refused(*first_refusal, std::string(kEveryMember));
  return Receipt::accepted(std::move(now), std::string(kEveryMember));
}

}  // namespace

Receipt apply_command(const Ruleset& ruleset, Game& game, const Command& command, const CatalogSet* catalogs) {
  if (command.tag == TagKind::Clock) return to_receipt(detail::apply_clock(ruleset, game, command), std::nullopt);
  if (command.sheet == SheetTarget::Party) return to_receipt(detail::apply_party(ruleset, game, command), std::nullopt);
  if (command.who && normalized_name(*command.who) == kEveryMember)
    return apply_to_every_member(ruleset, game, command, catalogs);
  const std::optional<std::string>& named = command.who ? command.who : game.player_name;
  const std::ptrdiff_t card = named ? card_named(game, *named) : -1;
  if (card < 0) return Receipt::refused(Refusal::UnknownCharacter);
  Character& character = game.cards[static_cast<std::size_t>(card)];
  return to_receipt(apply_to_character(ruleset, character, command, catalogs), character.name);
}

AppliedReply apply_reply(const Ruleset& ruleset, const Game& game, std::string_view reply, Dice& dice,
                         const CatalogSet* catalogs) {
  AppliedReply out{game, {}, std::nullopt, {}};
  const std::int64_t reply_number = game.replies + 1;
  ParsedReply parsed = parse_reply(reply);
  if (!parsed.problem) {
    // Checks roll first (docs/format/checks.md): their receipts are in place before any command
    // reads the reply, and a command never changes what a check in the same reply rolled against.
    // What a check pays for comes from the live pools, and names entries of every catalog file.
    LiveCheckSpending spending(catalogs);
    ResolvedChecks checks = resolve_checks(ruleset, out.game, reply, reply_number, dice, &spending);
    if (checks.replay_problem) {
      out.game = game;
      out.problem = std::move(checks.replay_problem);
      out.played.text = std::string(reply);
      out.played.receipts.assign(parsed.tags.size(), Receipt::refused(Refusal::Malformed));
      return out;
    }
    out.checks = std::move(checks.checks);
    // A reply with no check in it comes back as it was, and is read once.
    if (checks.text != reply) parsed = parse_reply(checks.text);
  }
  out.game.replies = reply_number;
  out.played =
      play(parsed, [&](const Command& command) { return apply_command(ruleset, out.game, command, catalogs); });
  return out;
}

}  // namespace rk::play
