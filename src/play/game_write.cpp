// Writing a game document (docs/format/game.md "Writing a game"): every key in the page's order,
// deterministically, so the same state always gives the same bytes; live values sparse, as the
// original stores them. And `game new`: a game made from character documents.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "format/limits.hpp"
#include "json/document.hpp"
#include "play/game.hpp"
#include "play/party_values.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play {

namespace bj = boost::json;

namespace {

/// The entries of `kept[section]` (ids the ruleset does not declare) added to `into`.
void put_back(const bj::object& kept, std::string_view section, bj::object& into) {
  const bj::value* entries = kept.if_contains(section);
  if (entries == nullptr || !entries->is_object()) return;
  for (const auto& member : entries->get_object()) into[member.key()] = member.value();
}

/// A card's live values as its `rulesetLive` entry: what the character document writes under
/// `live`, less every pool and plain track back at its starting value (an untouched pool follows
/// its maximum, as the original's does).
bj::object card_live(const Ruleset& ruleset, const Character& card) {
  const SheetView sheet = evaluate_live(ruleset, card);
  Character sparse = card;
  std::erase_if(sparse.pools, [&](const auto& entry) {
    const auto& [id, pool] = entry;
    const auto view = sheet.pools.find(id);
    return view != sheet.pools.end() && pool.temp == Number() && pool.current == view->second.start;
  });
  for (auto& [id, track] : sparse.tracks) {
    const auto view = sheet.tracks.find(id);
    if (track.value && view != sheet.tracks.end() && !view->second.wound && *track.value == view->second.start)
      track.value.reset();
  }
  std::erase_if(sparse.tracks, [](const auto& entry) {
    return !entry.second.value && entry.second.marks.empty() && entry.second.overflow == 0;
  });
  return character_live_to_json(sparse);
}

bj::object party_live(const Ruleset& ruleset, const Game& game) {
  bj::object pools;
  if (ruleset.party) {
    const std::map<Id, Scalar> fields = party_field_values(ruleset, game);
    for (const Pool& pool : ruleset.party->pools) {
      const auto stored = game.party.pools.find(pool.id);
      if (stored == game.party.pools.end() || !stored->second.current) continue;
      const PoolState& state = stored->second;
      if (state.temp == Number() && *state.current == party_pool_bounds(pool, fields).start) continue;
      bj::object value{{"value", scalar_to_json(Scalar{*state.current})}};
      if (state.temp != Number()) value["temp"] = scalar_to_json(Scalar{state.temp});
      pools[pool.id] = std::move(value);
    }
  }
  put_back(game.party.kept_live, "pools", pools);
  bj::object live;
  if (!pools.empty()) live["pools"] = std::move(pools);
  for (const auto& member : game.party.kept_live) {
    if (member.key() != "pools") live[member.key()] = member.value();
  }
  return live;
}

bj::object rulesetlive_to_json(const Ruleset& ruleset, const Game& game) {
  bj::object live;
  for (const Character& card : game.cards) {
    const std::string key = normalized_name(card.name);
    if (key.empty() || live.contains(key)) continue;
    bj::object entry = card_live(ruleset, card);
    if (!entry.empty()) live[key] = std::move(entry);
  }
  if (bj::object party = party_live(ruleset, game); !party.empty()) live[kPartyLiveKey] = std::move(party);
  // Entries of characters no card has, by code point (UTF-8 bytes compare in code point order).
  std::vector<std::string_view> kept;
  for (const auto& member : game.kept_live_entries) kept.push_back(member.key());
  std::sort(kept.begin(), kept.end());
  for (const std::string_view key : kept) {
    if (!live.contains(key)) live[key] = game.kept_live_entries.at(key);
  }
  return live;
}

bj::object party_sheet_to_json(const Game& game) {
  bj::object fields, lists, sheet;
  for (const auto& [id, value] : game.party.fields) fields[id] = scalar_to_json(value);
  for (const auto& [id, rows] : game.party.lists) {
    bj::array out;
    for (const Row& row : rows) {
      bj::object r{{"_id", row.id}};
      if (!row.catalog.empty()) r["_catalog"] = row.catalog;
      for (const auto& [column, value] : row.cells) r[column] = scalar_to_json(value);
      for (const auto& member : row.kept) r[member.key()] = member.value();
      out.push_back(std::move(r));
    }
    lists[id] = std::move(out);
  }
  put_back(game.party.kept, "fields", fields);
  put_back(game.party.kept, "lists", lists);
  if (!fields.empty()) sheet["fields"] = std::move(fields);
  if (!lists.empty()) sheet["lists"] = std::move(lists);
  if (!game.party.builder.is_object() || !game.party.builder.get_object().empty())
    sheet["builder"] = game.party.builder;
  for (const auto& member : game.party.kept) {
    if (member.key() != "fields" && member.key() != "lists") sheet[member.key()] = member.value();
  }
  return sheet;
}

bj::object clock_to_json(const Clock& clock) {
  bj::object o{{"name", clock.name}, {"size", clock.size}, {"filled", clock.filled}};
  for (const auto& member : clock.kept) o[member.key()] = member.value();
  return o;
}

bj::object roll_to_json(const RollRecord& roll) {
  bj::object o{{"reply", roll.reply}, {"tag", roll.tag}};
  if (roll.who) o["who"] = *roll.who;
  o["ask"] = roll.ask;
  bj::array throws;
  for (const Throw& t : roll.throws) {
    bj::array faces(t.faces.begin(), t.faces.end());
    throws.push_back(bj::object{{"for", t.purpose}, {"sides", t.sides}, {"faces", std::move(faces)}});
  }
  o["throws"] = std::move(throws);
  for (const auto& member : roll.kept) o[member.key()] = member.value();
  return o;
}

}  // namespace

bj::value game_to_json(const Ruleset& ruleset, const Game& game) {
  bj::object o;
  o["gameFormat"] = kGameFormat;
  bj::object pin{{"id", game.ruleset_id}, {"version", game.ruleset_version}};
  for (const auto& member : game.kept_pin) pin[member.key()] = member.value();
  o["gameRuleset"] = std::move(pin);
  if (game.player_name) o["playerName"] = *game.player_name;
  bj::array cards;
  for (const Character& card : game.cards) {
    bj::value document = character_to_json(card);
    document.as_object().erase("live");
    cards.push_back(std::move(document));
  }
  o["gameCharacterCards"] = std::move(cards);
  if (ruleset.party) {
    o["gamePartySheet"] = party_sheet_to_json(game);
    o["gamePartySheetRevision"] = game.party_revision;
  }
  o["rulesetLive"] = rulesetlive_to_json(ruleset, game);
  bj::array clocks;
  for (const Clock& clock : game.clocks) clocks.push_back(clock_to_json(clock));
  o["rulesetClocks"] = std::move(clocks);
  o["replies"] = game.replies;
  std::vector<const RollRecord*> rolls;
  rolls.reserve(game.rolls.size());
  for (const RollRecord& roll : game.rolls) rolls.push_back(&roll);
  std::stable_sort(rolls.begin(), rolls.end(), [](const RollRecord* a, const RollRecord* b) {
    return std::pair(a->reply, a->tag) < std::pair(b->reply, b->tag);
  });
  bj::array records;
  records.reserve(rolls.size());
  for (const RollRecord* roll : rolls) records.push_back(roll_to_json(*roll));
  o["rolls"] = std::move(records);
  for (const auto& member : game.kept) {
    if (!o.contains(member.key())) o[member.key()] = member.value();
  }
  return o;
}

std::optional<Game> new_game(const Ruleset& ruleset, std::vector<Character> characters, Diagnostics& diagnostics) {
  Game game;
  game.ruleset_id = ruleset.id;
  game.ruleset_version = ruleset.version;
  bool refused = false;
  if (characters.size() > limits::kGameCharacters) {
    diagnostics.error(limits::kGameCharacters.code, "/gameCharacterCards",
                      "a game holds at most {} characters, given {}", limits::kGameCharacters, characters.size());
    return std::nullopt;
  }
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < characters.size(); ++i) {
    const Character& c = characters[i];
    const std::string at = json::child(json::child("/gameCharacterCards", i), "name");
    const std::string key = normalized_name(c.name);
    if (c.name.empty()) {
      diagnostics.error(Code::MissingKey, at,
                        "character #{} has no `name`: live values, `who=` and the player's character find a card by it",
                        i + 1);
      refused = true;
    } else if (key.empty()) {
      diagnostics.error(Code::BadValue, at,
                        "card #{} `{}`: the name has no letter or number, so it cannot key the card's live values",
                        i + 1, c.name);
      refused = true;
    } else if (auto [it, fresh] = seen.emplace(key, i); !fresh) {
      diagnostics.error(Code::DuplicateId, at,
                        "card #{} `{}` has the key `{}` of card #{} `{}`; the Game Master could not tell them apart",
                        i + 1, c.name, key, it->second + 1, characters[it->second].name);
      refused = true;
    }
  }
  if (refused) return std::nullopt;
  if (!characters.empty()) game.player_name = characters.front().name;
  game.cards = std::move(characters);
  return game;
}

}  // namespace rk::play
