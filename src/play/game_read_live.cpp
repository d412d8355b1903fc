// Reading `rulesetLive` and the party sheet of a game (docs/format/game.md "Live values" and "The
// party sheet"). A card's entry is its character document's `live`, read by the character reader
// against the ruleset's sheet; the party's values are read by the same readers against a sheet made
// of the party's fields, lists and pools.
#include <algorithm>

#include <fmt/format.h>

#include "format/reader.hpp"
#include "play/game_read_parts.hpp"
#include "play/party_values.hpp"
#include "play/text.hpp"

namespace rk::play::detail {

namespace bj = boost::json;

Sheet party_as_sheet(const Party& party) {
  Sheet sheet;
  sheet.fields = party.fields;
  sheet.field_index = party.field_index;
  sheet.lists = party.lists;
  sheet.list_index = party.list_index;
  sheet.pools = party.pools;
  sheet.pool_index = party.pool_index;
  return sheet;
}

namespace {

/// What a key that is not in normalized form may have meant.
std::string suggestion_for(std::string_view key) {
  if (!key.empty() && key.front() == '$') return fmt::format(" (the party's entry is `{}`)", kPartyLiveKey);
  const std::string normalized = normalized_name(key);
  return normalized.empty() ? std::string() : fmt::format(" (did you mean `{}`?)", normalized);
}

/// `$party`: the party's live pools, against `party.pools`; its other parts mean nothing for a party.
void read_party_live(GameReading& x, const bj::value& v, const std::string& pointer, Game& game) {
  if (!x.ruleset.party) {
    game.kept_live_entries[kPartyLiveKey] = v;
    x.warn(Code::NotInRuleset, pointer,
           "`rulesetLive`: the ruleset has no party sheet; `{}` is kept as written and not read", kPartyLiveKey);
    return;
  }
  if (!v.is_object()) {
    x.error(Code::WrongType, pointer, "`rulesetLive`: `{}` is an object, found {}", kPartyLiveKey, json_type_name(v));
    return;
  }
  const Party& party = *x.ruleset.party;
  for (const auto& member : v.get_object()) {
    if (member.key() == "pools") {
      Character holder;
      const bj::object only_pools{{"pools", member.value()}};
      read_live_onto(x.ruleset, party_as_sheet(party), only_pools, pointer, holder, x.diagnostics);
      game.party.pools = std::move(holder.pools);
      if (const bj::value* kept = holder.kept_live.if_contains("pools")) game.party.kept_live["pools"] = *kept;
      continue;
    }
    game.party.kept_live[member.key()] = member.value();
    x.warn(Code::UnknownKey, json::child(pointer, member.key()),
           "`{}`: `{}` means nothing for a party (only `pools` is read); it is kept as written", kPartyLiveKey,
           member.key());
  }
}

/// A stored party pool above its computed maximum reads as the maximum (character.md's pool rule).
void report_held_party_pools(GameReading& x, const Game& game) {
  if (!x.ruleset.party || game.party.pools.empty()) return;
  const std::map<Id, Scalar> fields = party_field_values(x.ruleset, game);
  for (const Pool& pool : x.ruleset.party->pools) {
    const auto stored = game.party.pools.find(pool.id);
    if (stored == game.party.pools.end() || !stored->second.current) continue;
    const Number max = party_pool_bounds(pool, fields).max;
    if (*stored->second.current > max) {
      x.warn(Code::LimitReached, json::child(json::child("/rulesetLive/$party/pools", pool.id), "value"),
             "pool `{}` holds {} but its max is {}; it reads as {}", pool.id, stored->second.current->to_string(),
             max.to_string(), max.to_string());
    }
  }
}

/// `gamePartySheet`'s `fields`, `lists` and `builder`, against the party's declarations.
void read_party_values(GameReading& x, const bj::value& sheet, Game& game) {
  const std::string pointer = "/gamePartySheet";
  if (!sheet.is_object()) {
    x.error(Code::WrongType, pointer, "`gamePartySheet` is an object, found {}", json_type_name(sheet));
    return;
  }
  const Party& party = *x.ruleset.party;
  const bj::object& o = sheet.get_object();
  bj::object build;
  if (const bj::value* fields = o.if_contains("fields")) {
    if (fields->is_object()) {
      // SH-130: a `fromMembers` field is computed on every read and never stored.
      bj::object stored, computed;
      for (const auto& member : fields->get_object()) {
        const bool from_members = std::any_of(party.from_members.begin(), party.from_members.end(),
                                              [&](const FromMember& f) { return f.field == member.key(); });
        if (!from_members) {
          stored[member.key()] = member.value();
          continue;
        }
        computed[member.key()] = member.value();
        x.warn(Code::IgnoredKey, json::child(json::child(pointer, "fields"), member.key()),
               "`gamePartySheet`: party field `{}` is computed from the characters (`fromMembers`) and never stored; "
               "the value is kept as written and not read",
               member.key());
      }
      build["fields"] = std::move(stored);
      if (!computed.empty()) game.party.kept["fields"] = std::move(computed);
    } else {
      build["fields"] = *fields;
    }
  }
  if (const bj::value* lists = o.if_contains("lists")) build["lists"] = *lists;
  Character holder;
  read_build_onto(x.ruleset, party_as_sheet(party), build, pointer, holder, x.diagnostics);
  game.party.fields = std::move(holder.fields);
  game.party.lists = std::move(holder.lists);
  for (const auto& section : holder.kept_build) {
    if (!section.value().is_object()) continue;
    bj::value& slot = game.party.kept[section.key()];
    if (!slot.is_object()) slot = bj::object();
    for (const auto& member : section.value().as_object()) slot.get_object()[member.key()] = member.value();
  }
  if (const bj::value* builder = o.if_contains("builder")) {
    if (builder->is_object())
      game.party.builder = *builder;
    else
      x.error(Code::WrongType, json::child(pointer, "builder"), "`gamePartySheet`: `builder` is an object, found {}",
              json_type_name(*builder));
  }
  keep_unknown_keys(x, o, pointer, {"fields", "lists", "builder"}, game.party.kept, "`gamePartySheet`");
}

}  // namespace

void read_live_entries(GameReading& x, const bj::value& v, Game& game) {
  const std::string pointer = "/rulesetLive";
  if (!v.is_object()) {
    x.error(Code::WrongType, pointer, "`rulesetLive` is an object of live values by character key, found {}",
            json_type_name(v));
    return;
  }
  const bj::object& entries = v.get_object();
  if (entries.size() > limits::kLiveEntries) {
    x.error(limits::kLiveEntries.code, pointer, "`rulesetLive` holds {} entries; the limit is {}, `{}` included",
            entries.size(), limits::kLiveEntries, kPartyLiveKey);
    return;
  }
  for (const auto& member : entries) {
    const std::string_view key = member.key();
    const std::string at = json::child(pointer, key);
    if (text::utf16_units(key) > limits::kLiveKeyLength) {
      x.error(limits::kLiveKeyLength.code, at, "`rulesetLive`: a key is at most {} UTF-16 units; this one has {}",
              limits::kLiveKeyLength, text::utf16_units(key));
      continue;
    }
    if (key == kPartyLiveKey) {
      read_party_live(x, member.value(), at, game);
      continue;
    }
    if (normalized_name(key) != key) {
      x.error(Code::BadValue, at, "`rulesetLive`: `{}` is not a normalized name, so no card can have it{}", key,
              suggestion_for(key));
      continue;
    }
    const auto card = x.card_by_key.find(key);
    if (card == x.card_by_key.end()) {
      game.kept_live_entries[key] = member.value();
      x.warn(Code::IgnoredKey, at,
             "`rulesetLive`: no card has the key `{}`; its values are kept as written and not read", key);
      continue;
    }
    read_live_onto(x.ruleset, x.ruleset.sheet, member.value(), at, game.cards[card->second], x.diagnostics);
  }
}

void read_party_sheet(GameReading& x, const bj::value* sheet, const bj::value* revision, Game& game) {
  const std::string pointer = "/gamePartySheet";
  if (!x.ruleset.party) {
    // Kept whole, in the place of unknown top-level keys: nothing here reads it, every write keeps it.
    if (sheet != nullptr) {
      game.kept["gamePartySheet"] = *sheet;
      x.warn(Code::NotInRuleset, pointer,
             "the ruleset has no party sheet; `gamePartySheet` is kept as written and not read");
    }
    if (revision != nullptr) game.kept["gamePartySheetRevision"] = *revision;
    return;
  }
  if (revision != nullptr) {
    game.party_revision =
        read_whole(x, *revision, "/gamePartySheetRevision", "`gamePartySheetRevision`", 0, kLargestExactWhole)
            .value_or(0);
  }
  if (sheet != nullptr) read_party_values(x, *sheet, game);
  // `fromMembers` fields are computed from the cards on every read, stored or not (SH-130).
  party_field_values(x.ruleset, game, &x.diagnostics);
  report_held_party_pools(x, game);
}

}  // namespace rk::play::detail
