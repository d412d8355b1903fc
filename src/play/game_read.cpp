// Reading a game document (docs/format/game.md "Loading a game"): the top level, the pin, the
// cards and `playerName` here; the other parts in game_read_live.cpp and game_read_rolls.cpp.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "format/limits.hpp"
#include "format/reader.hpp"
#include "play/game.hpp"
#include "play/game_read_parts.hpp"
#include "play/party_values.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play {

namespace bj = boost::json;

namespace detail {

std::optional<std::int64_t> read_whole(GameReading& x, const bj::value& v, const std::string& pointer,
                                       std::string_view what, std::int64_t min, std::int64_t max) {
  std::optional<std::int64_t> n;
  bool too_large = false;
  if (v.is_int64()) {
    n = v.get_int64();
  } else if (v.is_uint64()) {
    too_large = true;
  } else if (v.is_double()) {
    const double d = v.get_double();
    if (d != std::floor(d)) {
      x.error(Code::BadNumber, pointer, "{} is a whole number, found {}", what, d);
      return std::nullopt;
    }
    // Within ±2^53 a double holds every whole number exactly; past it the value is out of range anyway.
    if (std::fabs(d) <= static_cast<double>(kLargestExactWhole))
      n = static_cast<std::int64_t>(d);
    else
      too_large = true;
  } else {
    x.error(Code::WrongType, pointer, "{} is a whole number, found {}", what, json_type_name(v));
    return std::nullopt;
  }
  if (too_large || *n < min || *n > max) {
    x.error(Code::OutOfRange, pointer, "{} is a whole number from {} to {}, found {}", what, min, max,
            too_large ? std::string("a larger one") : std::to_string(*n));
    return std::nullopt;
  }
  return n;
}

void keep_unknown_keys(GameReading& x, const bj::object& o, const std::string& pointer,
                       std::initializer_list<std::string_view> known, bj::object& kept, std::string_view what) {
  const std::vector<std::string> names(known.begin(), known.end());
  for (const auto& member : o) {
    if (std::find(known.begin(), known.end(), member.key()) != known.end()) continue;
    kept[member.key()] = member.value();
    x.warn(Code::UnknownKey, json::child(pointer, member.key()),
           "{}: `{}` is not a key this engine reads{}; it is kept as written", what, member.key(),
           did_you_mean(member.key(), names));
  }
}

}  // namespace detail

namespace {

using detail::GameReading;

/// A character document has `v` and `build` where a game has `gameFormat`: the commonest mistake.
bool looks_like_character(const bj::object& root) { return root.contains("build") || root.contains("v"); }

/// `gameFormat`: false when the document is not a game this engine can read at all (nothing
/// else is read then: a newer format may mean its keys differently).
bool read_format(GameReading& x, const bj::object& root, Game& game) {
  const bj::value* v = root.if_contains("gameFormat");
  if (v == nullptr) {
    x.error(Code::MissingKey, "", "`gameFormat` is required: it says a document is a game, and in which format{}",
            looks_like_character(root)
                ? "; this looks like a character document: `rulekeeper game new` makes a game from it"
                : "");
    return false;
  }
  const auto format = detail::read_whole(x, *v, "/gameFormat", "`gameFormat`", 1, detail::kLargestExactWhole);
  if (!format) return false;
  if (*format > kGameFormat) {
    x.error(Code::BadValue, "/gameFormat",
            "this game was written by a newer Rulekeeper (game format {}); this one reads format {}", *format,
            kGameFormat);
    return false;
  }
  game.format = *format;
  return true;
}

/// `gameRuleset`: false when the game belongs to another ruleset (its cards mean nothing here).
bool read_pin(GameReading& x, const bj::object& root, Game& game) {
  const Ruleset& rs = x.ruleset;
  game.ruleset_id = rs.id;
  game.ruleset_version = rs.version;
  const bj::value* v = root.if_contains("gameRuleset");
  if (v == nullptr) {
    x.error(Code::MissingKey, "",
            "`gameRuleset` is required: the ruleset the game is played with, {{ \"id\", \"version\" }}");
    return true;
  }
  if (!v->is_object()) {
    x.error(Code::WrongType, "/gameRuleset", "`gameRuleset` is an object {{ \"id\", \"version\" }}, found {}",
            json_type_name(*v));
    return true;
  }
  const bj::object& pin = v->get_object();
  bool same_ruleset = true;
  if (const bj::value* id = pin.if_contains("id"); id == nullptr) {
    x.error(Code::MissingKey, "/gameRuleset", "`gameRuleset`: `id` is required");
  } else if (!id->is_string()) {
    x.error(Code::WrongType, "/gameRuleset/id", "`gameRuleset`: `id` is a string, found {}", json_type_name(*id));
  } else if (id->get_string() != rs.id) {
    x.error(Code::NotInRuleset, "/gameRuleset/id", "this game is played with ruleset `{}`; `{}` is loaded",
            std::string_view(id->get_string()).substr(0, limits::kRulesetIdLength), rs.id);
    same_ruleset = false;
  }
  if (const bj::value* version = pin.if_contains("version"); version == nullptr) {
    x.error(Code::MissingKey, "/gameRuleset", "`gameRuleset`: `version` is required");
  } else if (auto n = detail::read_whole(x, *version, "/gameRuleset/version", "`gameRuleset`: `version`", 0,
                                         detail::kLargestExactWhole)) {
    game.ruleset_version = *n;
    if (same_ruleset && *n > rs.version) {
      x.error(Code::NotInRuleset, "/gameRuleset/version",
              "this game was started on {} version {}; version {} is loaded", rs.label, *n, rs.version);
    }
  }
  detail::keep_unknown_keys(x, pin, "/gameRuleset", {"id", "version"}, game.kept_pin, "`gameRuleset`");
  return same_ruleset;
}

std::string card_label(std::size_t i, const Character& card) {
  return card.name.empty() ? fmt::format("card #{}", i + 1) : fmt::format("card #{} `{}`", i + 1, card.name);
}

void read_cards(GameReading& x, const bj::value& v, Game& game) {
  const std::string pointer = "/gameCharacterCards";
  if (!v.is_array()) {
    x.error(Code::WrongType, pointer, "`gameCharacterCards` is an array of character documents, found {}",
            json_type_name(v));
    return;
  }
  const bj::array& cards = v.get_array();
  if (cards.size() > limits::kGameCharacters) {
    x.error(limits::kGameCharacters.code, pointer, "`gameCharacterCards` holds {} cards; a game holds at most {}",
            cards.size(), limits::kGameCharacters);
    return;
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const std::string at = json::child(pointer, i);
    if (!cards[i].is_object()) {
      x.error(Code::WrongType, at, "card #{} is a character document (an object), found {}", i + 1,
              json_type_name(cards[i]));
      continue;
    }
    const bj::object& card = cards[i].get_object();
    Character character = read_character_at(x.ruleset, cards[i], at, false, x.diagnostics);
    const std::string label = card_label(i, character);
    const bj::value* name = card.if_contains("name");
    if (name == nullptr) {
      x.error(Code::MissingKey, at,
              "card #{}: `name` is required: live values, `who=` and the player's character find a card by it", i + 1);
    } else if (name->is_string() && character.name == name->get_string()) {
      const std::string key = normalized_name(character.name);
      if (key.empty()) {
        x.error(Code::BadValue, json::child(at, "name"),
                "{}: the name has no letter or number, so it cannot key the card's live values", label);
      } else if (auto [it, fresh] = x.card_by_key.emplace(key, game.cards.size()); !fresh) {
        const Character& first = game.cards[it->second];
        x.error(Code::DuplicateId, json::child(at, "name"),
                "{} has the key `{}` of {}; the Game Master could not tell them apart", label, key,
                card_label(it->second, first));
      }
    }
    if (card.contains("live")) {
      x.error(Code::ConflictingKeys, json::child(at, "live"),
              "{}: a game keeps live values in `rulesetLive`, not on the card", label);
    }
    game.cards.push_back(std::move(character));
  }
}

void read_player_name(GameReading& x, const bj::value& v, Game& game) {
  if (!v.is_string()) {
    x.error(Code::WrongType, "/playerName", "`playerName` is the name of a card, found {}", json_type_name(v));
    return;
  }
  const std::string name(v.get_string());
  if (text_length(name) > limits::kCharacterNameLength) {
    x.error(Code::TooLong, "/playerName", "`playerName` is at most {} characters, found {}",
            limits::kCharacterNameLength, text_length(name));
    return;
  }
  game.player_name = name;
  const std::string key = normalized_name(name);
  if (key.empty()) {
    x.error(Code::UnknownReference, "/playerName",
            "`playerName`: no card is named `{}` (the name has no letter or number)", name);
  } else if (!x.card_by_key.contains(key)) {
    x.error(Code::UnknownReference, "/playerName", "`playerName`: no card is named `{}` (key `{}`)", name, key);
  }
}

/// A card's stored value above its computed maximum reads as the maximum (character.md); the
/// computed sheet says so, with a pointer into its `live`, re-pointed here into `rulesetLive`.
void report_held_values(GameReading& x, const Game& game) {
  for (const auto& [key, index] : x.card_by_key) {
    const SheetView view = evaluate_numbers(x.ruleset, game.cards[index]);
    for (const Diagnostic& d : view.warnings.items()) {
      if (d.code != Code::LimitReached || d.pointer.rfind("/live/", 0) != 0) continue;
      Diagnostic moved = d;
      moved.pointer = json::child("/rulesetLive", key) + d.pointer.substr(std::string_view("/live").size());
      x.diagnostics.add(std::move(moved));
    }
  }
}

}  // namespace

Game read_game(const Ruleset& ruleset, const json::Document& document, Diagnostics& diagnostics) {
  Game game;
  GameReading x{ruleset, diagnostics};
  const bj::value& root = document.root();
  if (!root.is_object()) {
    x.error(Code::WrongType, "", "a game document is an object, found {}", json_type_name(root));
    return game;
  }
  const bj::object& o = root.get_object();
  if (!read_format(x, o, game) || !read_pin(x, o, game)) return game;
  if (const bj::value* cards = o.if_contains("gameCharacterCards"))
    read_cards(x, *cards, game);
  else
    x.error(Code::MissingKey, "", "`gameCharacterCards` is required: the characters of the game (it may be empty)");
  if (const bj::value* name = o.if_contains("playerName")) read_player_name(x, *name, game);
  if (const bj::value* live = o.if_contains("rulesetLive")) detail::read_live_entries(x, *live, game);
  report_held_values(x, game);
  detail::read_party_sheet(x, o.if_contains("gamePartySheet"), o.if_contains("gamePartySheetRevision"), game);
  if (const bj::value* clocks = o.if_contains("rulesetClocks")) detail::read_clocks(x, *clocks, game);
  if (const bj::value* replies = o.if_contains("replies")) {
    game.replies = detail::read_whole(x, *replies, "/replies", "`replies`", 0, detail::kLargestExactWhole).value_or(0);
  }
  if (const bj::value* rolls = o.if_contains("rolls")) detail::read_rolls(x, *rolls, game);
  detail::keep_unknown_keys(x, o, "",
                            {"gameFormat", "gameRuleset", "playerName", "gameCharacterCards", "gamePartySheet",
                             "gamePartySheetRevision", "rulesetLive", "rulesetClocks", "replies", "rolls"},
                            game.kept, "the game");
  return game;
}

std::optional<Game> parse_game(const Ruleset& ruleset, std::string text, std::string file_name,
                               Diagnostics& diagnostics) {
  auto document =
      json::parse(std::move(file_name), std::move(text), {limits::kGameBytes, limits::kJsonDepth}, diagnostics);
  if (!document) return std::nullopt;
  Diagnostics local;
  Game game = read_game(ruleset, *document, local);
  document->locate(local);
  for (Character& card : game.cards) document->locate(card.read_warnings);
  // Every problem in the order of the file: the parts are read in the order they depend on one
  // another (cards before `playerName`), which is not the order a user reads them in.
  std::stable_sort(local.items().begin(), local.items().end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.offset < b.offset; });
  const bool failed = local.has_errors();
  diagnostics.append(local);
  if (failed) return std::nullopt;
  return game;
}

}  // namespace rk::play
