// `rulekeeper game new` and `rulekeeper apply`: a game made from character documents, and a Game
// Master's reply applied to a game (docs/format/game.md, docs/format/commands.md).
#include <fmt/format.h>
#include <boost/json.hpp>

#include "builder/dice.hpp"
#include "cli/shell.hpp"
#include "format/limits.hpp"
#include "json/file.hpp"
#include "json/write.hpp"
#include "play/apply.hpp"
#include "play/game.hpp"
#include "play/game_read_parts.hpp"
#include "play/play_limits.hpp"
#include "play/text.hpp"

namespace rk::cli {

namespace bj = boost::json;

namespace {

/// Writes the game to `out` whole or not at all (a temporary file renamed over it), so a full disk
/// or a kill never leaves a game (often the input itself) truncated.
std::optional<int> write_game(const std::string& out, const bj::value& game, bool as_json) {
  if (auto problem = json::write_file_atomically(out, json::serialize(game) + "\n"))
    return io_failure(as_json, out, fmt::format("cannot write {}: {}", out, *problem));
  return std::nullopt;
}

void print_refused(const Diagnostics& d, bool as_json, const std::map<std::string, std::string>& sources = {}) {
  print_refusal(d, as_json, sources);
  if (!as_json) say(std::cerr, fmt::format("refused: {} error(s)\n", d.error_count()));
}

/// Reads a file named on the command line, bounded; a file past `limit` is a refused input (exit 1),
/// any other failure an I/O one (exit 2). `what` names it in messages ("game", "reply").
std::optional<std::string> read_input(const std::string& path, const limits::CountLimit& limit, std::string_view what,
                                      bool as_json, int& exit_code) {
  json::FileRead read = json::read_named_file(path, limit);
  if (read.ok()) return std::move(*read.text);
  if (read.problem == json::FileProblem::TooLarge) {
    Diagnostics d;
    d.error(Code::FileTooLarge, "", "{} {} is {} bytes; the limit is {} bytes", what, path, read.size, limit.value);
    d.items().back().file = path;
    print_refused(d, as_json);
    exit_code = kExitRefused;
  } else {
    exit_code = io_failure(as_json, path, fmt::format("cannot read {} {}: {}", what, path, read.reason));
  }
  return std::nullopt;
}

// ---- receipts as JSON ---------------------------------------------------------------------------

bool same_name(std::string_view a, std::string_view b) {
  return play::text::ascii_lower(play::text::js_trim(a)) == play::text::ascii_lower(play::text::js_trim(b));
}

/// The id of the entry of `entries` a command names by id or label, when one does.
template <class Entry>
std::optional<Id> entry_named(const std::vector<Entry>& entries, std::string_view name) {
  for (const Entry& e : entries) {
    if (same_name(e.id, name) || same_name(e.label, name)) return e.id;
  }
  return std::nullopt;
}

std::string with(const std::string& pointer, std::string_view part, const std::optional<Id>& id) {
  return id ? json::child(json::child(pointer, part), *id) : pointer;
}

/// Where, in the game the command ran on, what it changed or named lives: a card's `rulesetLive`
/// entry (and the value in it when the command names one the sheet declares), a card's build, the
/// party sheet, a clock. Nothing when it cannot be said (a command for every member, no such card).
/// A value back at its starting value is not written, so the pointer may name a value the document
/// leaves out.
std::optional<std::string> receipt_pointer(const Ruleset& rs, const play::Game& game, const play::Command& command,
                                           const play::Receipt& receipt) {
  using namespace play;
  if (command.tag == TagKind::Clock) {
    std::string name;
    std::visit(
        [&](const auto& a) {
          if constexpr (requires { a.name; }) name = a.name;
        },
        command.action);
    const std::string key = play::detail::clock_key(name);
    for (std::size_t i = 0; i < game.clocks.size(); ++i) {
      if (play::detail::clock_key(game.clocks[i].name) == key) return json::child("/rulesetClocks", i);
    }
    return std::nullopt;
  }
  if (command.sheet == SheetTarget::Party) {
    if (const auto* advance = std::get_if<Advance>(&command.action)) {
      return with("/gamePartySheet", "fields", rs.party ? entry_named(rs.party->fields, advance->name) : std::nullopt);
    }
    const auto* change = std::get_if<PoolChange>(&command.action);
    return with("/rulesetLive/$party", "pools",
                rs.party && change != nullptr ? entry_named(rs.party->pools, change->pool) : std::nullopt);
  }
  const std::optional<std::string>& named = receipt.who ? receipt.who : command.who ? command.who : game.player_name;
  if (!named || (command.who && normalized_name(*command.who) == "party")) return std::nullopt;
  const std::string key = normalized_name(*named);
  std::optional<std::size_t> card;
  for (std::size_t i = 0; i < game.cards.size() && !card; ++i) {
    if (!key.empty() && normalized_name(game.cards[i].name) == key) card = i;
  }
  if (!card) return std::nullopt;
  const Sheet& s = rs.sheet;
  if (const auto* advance = std::get_if<Advance>(&command.action)) {
    const std::string build = json::child(json::child("/gameCharacterCards", *card), "build");
    switch (advance->target) {
      case AdvanceTarget::Field:
        return with(build, "fields", entry_named(s.fields, advance->name));
      case AdvanceTarget::Ability:
        return with(build, "abilities", entry_named(s.abilities, advance->name));
      case AdvanceTarget::Skill:
        return with(build, "skills", entry_named(s.skills, advance->name));
      case AdvanceTarget::Save:
        return with(build, "saves", entry_named(s.saves, advance->name));
    }
  }
  const std::string entry = json::child("/rulesetLive", key);
  if (const auto* change = std::get_if<PoolChange>(&command.action))
    return with(entry, "pools", entry_named(s.pools, change->pool));
  if (const auto* move = std::get_if<TrackMove>(&command.action))
    return with(entry, "tracks", entry_named(s.tracks, move->track));
  if (const auto* mark = std::get_if<WoundMark>(&command.action))
    return with(entry, "wounds", entry_named(s.tracks, mark->track));
  if (const auto* state = std::get_if<StateSet>(&command.action))
    return with(entry, "states", entry_named(s.states, state->state));
  if (std::holds_alternative<ConditionSet>(command.action)) return json::child(entry, "conditions");
  if (std::holds_alternative<NoteSet>(command.action)) return json::child(entry, "notes");
  return entry;
}

bj::array receipts_json(const Ruleset& rs, const play::Game& after, const play::ParsedReply& parsed,
                        const play::PlayedReply& played) {
  bj::array out;
  for (std::size_t i = 0; i < parsed.tags.size() && i < played.receipts.size(); ++i) {
    const play::Tag& tag = parsed.tags[i];
    const play::Receipt& receipt = played.receipts[i];
    bj::object r{{"tag", play::receipt_tag(parsed, tag, receipt)}};
    if (tag.command) r["op"] = play::op_spelling(tag.command->op);
    r["result"] = receipt.ok ? "ok" : "refused";
    if (receipt.ok) {
      r["now"] = receipt.now;
    } else {
      r["reason"] = play::refusal_code(receipt.reason);
      if (!receipt.limit.empty()) r["limit"] = receipt.limit;
    }
    if (tag.command) {
      if (auto pointer = receipt_pointer(rs, after, *tag.command, receipt)) r["pointer"] = *pointer;
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

int game_new(const GameNewOptions& o) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(o.ruleset, false, exit_code);
  if (!ruleset) return exit_code;
  std::vector<Character> characters;
  for (const std::string& path : o.characters) {
    auto character = read_character_or_report(*ruleset, path, false, exit_code);
    if (!character) return exit_code;
    characters.push_back(std::move(*character));
  }
  Diagnostics d;
  auto game = play::new_game(*ruleset, std::move(characters), d);
  if (!game) {
    // The problems are each character's: said of its file, with a pointer into it.
    for (Diagnostic& diagnostic : d.items()) {
      const std::string prefix = "/gameCharacterCards/";
      if (diagnostic.pointer.rfind(prefix, 0) != 0) continue;
      const std::size_t end = diagnostic.pointer.find('/', prefix.size());
      const std::size_t index = std::stoul(diagnostic.pointer.substr(prefix.size(), end - prefix.size()));
      if (index < o.characters.size()) diagnostic.file = o.characters[index];
      diagnostic.pointer = end == std::string::npos ? "" : diagnostic.pointer.substr(end);
    }
    print_refused(d, false);
    return kExitRefused;
  }
  const bj::value document = play::game_to_json(*ruleset, *game);
  if (o.out_given) {
    if (auto failed = write_game(o.out, document, false)) return *failed;
    return kExitOk;
  }
  print_json(document);
  return kExitOk;
}

int apply(const ApplyOptions& o) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(o.ruleset, o.as_json, exit_code);
  if (!ruleset) return exit_code;
  auto game_text = read_input(o.game, limits::kGameBytes, "game", o.as_json, exit_code);
  if (!game_text) return exit_code;
  Diagnostics d;
  auto game = play::parse_game(*ruleset, *game_text, o.game, d);
  if (!game) {
    print_refused(d, o.as_json, {{o.game, *game_text}});
    return kExitRefused;
  }
  auto reply = read_input(o.reply, play::limits::kReplyBytes, "reply", o.as_json, exit_code);
  if (!reply) return exit_code;
  const play::ParsedReply parsed = play::parse_reply(*reply);
  if (parsed.problem) {
    Diagnostics refused;
    refused.error(Code::BadValue, "", "reply {} is not UTF-8 text ({}); nothing in it is applied", o.reply,
                  play::reply_problem_code(*parsed.problem));
    refused.items().back().file = o.reply;
    print_refused(refused, o.as_json);
    return kExitRefused;
  }
  SeededDice dice(o.seed);
  const CatalogSet catalogs(ruleset, package_folder(o.ruleset), "");
  const play::AppliedReply applied = play::apply_reply(*ruleset, *game, *reply, dice, &catalogs);
  const bj::value next = play::game_to_json(*ruleset, applied.game);
  if (o.out_given) {
    if (auto failed = write_game(o.out, next, o.as_json)) return *failed;
  }
  if (o.as_json) {
    print_json(bj::object{{"reply", applied.played.text},
                          {"receipts", receipts_json(*ruleset, applied.game, parsed, applied.played)},
                          {"game", next}});
    return kExitOk;
  }
  // The rewritten reply is the command's product, byte for byte, as a document is: not escaped.
  std::cout << applied.played.text;
  print_text(d, std::cerr, {{o.game, *game_text}});
  return kExitOk;
}

}  // namespace rk::cli
