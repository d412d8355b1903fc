// Reading a game's clocks and its record of rolls (docs/format/game.md "Clocks" and "The record of
// rolls"). Loading checks each record's shape only: the roll stands whatever the sheet says now.
#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include "format/reader.hpp"
#include "play/game_read_parts.hpp"
#include "play/play_limits.hpp"
#include "play/text.hpp"

namespace rk::play::detail {

namespace bj = boost::json;

std::string clock_key(std::string_view name) {
  const std::string_view trimmed = text::js_trim(name);
  icu::UnicodeString s =
      icu::UnicodeString::fromUTF8(icu::StringPiece(trimmed.data(), static_cast<std::int32_t>(trimmed.size())));
  s.toLower(icu::Locale::getRoot());
  std::string out;
  s.toUTF8String(out);
  return out;
}

namespace {

/// The words of a throw's `for` (game.md "A throw").
constexpr std::array<std::string_view, 6> kThrowPurposes = {"check",  "advantage", "explode",
                                                            "reroll", "modifier",  "amount"};

std::optional<std::string> clock_name(GameReading& x, const bj::object& o, const std::string& at, std::size_t n) {
  const bj::value* v = o.if_contains("name");
  if (v == nullptr) {
    x.error(Code::MissingKey, at, "clock #{}: `name` is required", n);
    return std::nullopt;
  }
  const std::string pointer = json::child(at, "name");
  if (!v->is_string()) {
    x.error(Code::WrongType, pointer, "clock #{}: `name` is a string, found {}", n, json_type_name(*v));
    return std::nullopt;
  }
  const std::string name(v->get_string());
  if (name.empty()) {
    x.error(Code::BadValue, pointer, "clock #{}: `name` is empty", n);
    return std::nullopt;
  }
  if (text::utf16_units(name) > play::limits::kClockNameUnits) {
    x.error(play::limits::kClockNameUnits.code, pointer, "clock #{}: a name is at most {} UTF-16 units, found {}", n,
            play::limits::kClockNameUnits, text::utf16_units(name));
    return std::nullopt;
  }
  if (name.find('"') != std::string::npos || prompt_safety_problem(name)) {
    x.error(Code::NotPromptSafe, pointer,
            "clock #{}: a name is one line without `\"`, `[`, `]`, control characters or `{{{{`/`}}}}` (SH-95)", n);
    return std::nullopt;
  }
  return name;
}

void read_clock(GameReading& x, const bj::value& v, const std::string& at, std::size_t n, std::set<std::string>& names,
                Game& game) {
  if (!v.is_object()) {
    x.error(Code::WrongType, at, "clock #{} is an object {{ \"name\", \"size\", \"filled\" }}, found {}", n,
            json_type_name(v));
    return;
  }
  const bj::object& o = v.get_object();
  Clock clock;
  const auto name = clock_name(x, o, at, n);
  if (name) {
    clock.name = *name;
    if (!names.insert(clock_key(*name)).second) {
      x.error(Code::DuplicateId, json::child(at, "name"), "clock `{}`: another clock has this name", *name);
    }
  }
  const std::string what = name ? fmt::format("clock `{}`", *name) : fmt::format("clock #{}", n);
  std::optional<std::int64_t> size;
  if (const bj::value* s = o.if_contains("size"); s == nullptr) {
    x.error(Code::MissingKey, at, "{}: `size` is required", what);
  } else {
    size = read_whole(x, *s, json::child(at, "size"), what + ": `size`", rk::limits::kClockSegmentsMin,
                      rk::limits::kClockSegmentsMax);
  }
  if (size) {
    clock.size = *size;
    const auto& clocks = x.ruleset.clocks;
    if (clocks && std::find(clocks->sizes.begin(), clocks->sizes.end(), *size) == clocks->sizes.end()) {
      x.warn(Code::BadValue, json::child(at, "size"),
             "{}: size {} is not one of the ruleset's `clocks.sizes` ({}); the clock was made with it and is read as "
             "it is",
             what, *size, fmt::join(clocks->sizes, ", "));
    }
  }
  if (const bj::value* f = o.if_contains("filled"); f == nullptr) {
    x.error(Code::MissingKey, at, "{}: `filled` is required", what);
  } else if (f->is_number() && size && f->is_int64() && f->get_int64() > *size) {
    x.error(Code::OutOfRange, json::child(at, "filled"), "{}: {} segments filled of {}", what, f->get_int64(), *size);
  } else if (auto filled = read_whole(x, *f, json::child(at, "filled"), what + ": `filled`", 0,
                                      size.value_or(rk::limits::kClockSegmentsMax))) {
    clock.filled = *filled;
  }
  keep_unknown_keys(x, o, at, {"name", "size", "filled"}, clock.kept, what);
  game.clocks.push_back(std::move(clock));
}

/// One throw of a record; adds its faces to `faces`.
void read_throw(GameReading& x, const bj::value& v, const std::string& at, const std::string& what, Throw& out) {
  if (!v.is_object()) {
    x.error(Code::WrongType, at, "{}: a throw is an object {{ \"for\", \"sides\", \"faces\" }}, found {}", what,
            json_type_name(v));
    return;
  }
  const bj::object& o = v.get_object();
  // A throw is the engine's own record of dice: a key it does not write means the record is not one.
  for (const auto& member : o) {
    if (member.key() != "for" && member.key() != "sides" && member.key() != "faces") {
      x.error(Code::UnknownKey, json::child(at, member.key()), "{}: a throw holds `for`, `sides` and `faces`, not `{}`",
              what, member.key());
    }
  }
  if (const bj::value* purpose = o.if_contains("for"); purpose == nullptr) {
    x.error(Code::MissingKey, at, "{}: `for` is required", what);
  } else if (!purpose->is_string()) {
    x.error(Code::WrongType, json::child(at, "for"), "{}: `for` is a word, found {}", what, json_type_name(*purpose));
  } else if (std::find(kThrowPurposes.begin(), kThrowPurposes.end(), purpose->get_string()) == kThrowPurposes.end()) {
    const std::vector<std::string> words(kThrowPurposes.begin(), kThrowPurposes.end());
    x.error(Code::BadValue, json::child(at, "for"), "{}: `for` is one of {}, found `{}`{}", what,
            fmt::join(kThrowPurposes, ", "), std::string_view(purpose->get_string()).substr(0, 40),
            did_you_mean(purpose->get_string(), words));
  } else {
    out.purpose = std::string(purpose->get_string());
  }
  std::optional<std::int64_t> sides;
  if (const bj::value* s = o.if_contains("sides"); s == nullptr) {
    x.error(Code::MissingKey, at, "{}: `sides` is required", what);
  } else {
    sides = read_whole(x, *s, json::child(at, "sides"), what + ": `sides`", rk::limits::kSumDiceSidesMin,
                       rk::limits::kSumDiceSidesMax);
    out.sides = sides.value_or(0);
  }
  const bj::value* faces = o.if_contains("faces");
  if (faces == nullptr) {
    x.error(Code::MissingKey, at, "{}: `faces` is required", what);
    return;
  }
  const std::string faces_at = json::child(at, "faces");
  if (!faces->is_array()) {
    x.error(Code::WrongType, faces_at, "{}: `faces` is an array of whole numbers, found {}", what,
            json_type_name(*faces));
    return;
  }
  const bj::array& list = faces->get_array();
  if (list.empty()) {
    x.error(Code::TooFew, faces_at, "{}: a throw has at least one face", what);
    return;
  }
  if (list.size() > rk::limits::kFacesPerRoll) {
    x.error(rk::limits::kFacesPerRoll.code, faces_at, "{}: {} faces; a record holds at most {}", what, list.size(),
            rk::limits::kFacesPerRoll);
    return;
  }
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string face_at = json::child(faces_at, k);
    if (sides && list[k].is_int64() && (list[k].get_int64() < 1 || list[k].get_int64() > *sides)) {
      x.error(Code::OutOfRange, face_at, "{}: face {} on a {}-sided die", what, list[k].get_int64(), *sides);
      continue;
    }
    if (auto face = read_whole(x, list[k], face_at, what + ": a face", 1, sides.value_or(kLargestExactWhole)))
      out.faces.push_back(*face);
  }
}

/// The record's `reply` and `tag` (nothing when either is not a valid number).
std::optional<std::pair<std::int64_t, std::int64_t>> read_request(GameReading& x, const bj::object& o,
                                                                  const std::string& at, std::size_t n,
                                                                  const Game& game) {
  std::optional<std::int64_t> reply, tag;
  const std::string what = fmt::format("roll #{}", n);
  if (const bj::value* r = o.if_contains("reply"); r == nullptr) {
    x.error(Code::MissingKey, at, "{}: `reply` is required", what);
  } else if (r->is_int64() && r->get_int64() > game.replies) {
    x.error(Code::OutOfRange, json::child(at, "reply"), "{}: reply {} is past the {} the game has applied (`replies`)",
            what, r->get_int64(), game.replies);
  } else {
    reply = read_whole(x, *r, json::child(at, "reply"), what + ": `reply`", 1, std::max<std::int64_t>(game.replies, 1));
  }
  if (const bj::value* t = o.if_contains("tag"); t == nullptr) {
    x.error(Code::MissingKey, at, "{}: `tag` is required", what);
  } else {
    tag = read_whole(x, *t, json::child(at, "tag"), what + ": `tag`", 1, kLargestExactWhole);
  }
  if (!reply || !tag) return std::nullopt;
  return std::pair{*reply, *tag};
}

}  // namespace

void read_clocks(GameReading& x, const bj::value& v, Game& game) {
  const std::string pointer = "/rulesetClocks";
  if (!v.is_array()) {
    x.error(Code::WrongType, pointer, "`rulesetClocks` is an array of clocks, found {}", json_type_name(v));
    return;
  }
  const bj::array& clocks = v.get_array();
  if (clocks.size() > rk::limits::kClocks) {
    x.error(rk::limits::kClocks.code, pointer, "`rulesetClocks` holds {} clocks; a game holds at most {}",
            clocks.size(), rk::limits::kClocks);
    return;
  }
  std::set<std::string> names;
  for (std::size_t i = 0; i < clocks.size(); ++i) read_clock(x, clocks[i], json::child(pointer, i), i + 1, names, game);
  if (clocks.empty()) return;
  if (!x.ruleset.clocks) {
    x.warn(Code::NotInRuleset, pointer,
           "the ruleset declares no `clocks`; the game's clocks are kept and every clock command is refused");
  } else if (static_cast<std::int64_t>(clocks.size()) > x.ruleset.clocks->max) {
    x.warn(Code::LimitReached, pointer,
           "the game holds {} clocks and the ruleset's `clocks.max` is {}: a new clock is refused until enough are "
           "cleared",
           clocks.size(), x.ruleset.clocks->max);
  }
}

void read_rolls(GameReading& x, const bj::value& v, Game& game) {
  const std::string pointer = "/rolls";
  if (!v.is_array()) {
    x.error(Code::WrongType, pointer, "`rolls` is an array of roll records, found {}", json_type_name(v));
    return;
  }
  const bj::array& rolls = v.get_array();
  if (rolls.size() > rk::limits::kRolls) {
    x.error(rk::limits::kRolls.code, pointer, "`rolls` holds {} records; a game holds at most {}", rolls.size(),
            rk::limits::kRolls);
    return;
  }
  game.rolls.reserve(rolls.size());
  std::optional<std::pair<std::int64_t, std::int64_t>> previous;
  for (std::size_t i = 0; i < rolls.size(); ++i) {
    const std::string at = json::child(pointer, i);
    if (!rolls[i].is_object()) {
      x.error(Code::WrongType, at, "roll #{} is an object, found {}", i + 1, json_type_name(rolls[i]));
      continue;
    }
    const bj::object& o = rolls[i].get_object();
    RollRecord record;
    const auto request = read_request(x, o, at, i + 1, game);
    const std::string what = request ? fmt::format("roll (reply {}, tag {})", request->first, request->second)
                                     : fmt::format("roll #{}", i + 1);
    if (request) {
      record.reply = request->first;
      record.tag = request->second;
      if (previous && *request == *previous) {
        x.error(Code::DuplicateId, at, "{} is recorded twice: one record per request", what);
      } else if (previous && *request < *previous) {
        x.error(Code::BadValue, at, "{} comes after (reply {}, tag {}): records are listed by reply, then tag", what,
                previous->first, previous->second);
      }
      previous = std::max(previous.value_or(*request), *request);
    }
    if (const bj::value* who = o.if_contains("who")) {
      const std::string who_at = json::child(at, "who");
      if (!who->is_string()) {
        x.error(Code::WrongType, who_at, "{}: `who` is a card's name, found {}", what, json_type_name(*who));
      } else if (text::utf16_units(who->get_string()) > play::limits::kWhoUnits) {
        x.error(Code::TooLong, who_at, "{}: `who` is at most {} UTF-16 units", what, play::limits::kWhoUnits);
      } else if (prompt_safety_problem(who->get_string())) {
        x.error(Code::NotPromptSafe, who_at, "{}: `who` is a card's name: one prompt-safe line", what);
      } else {
        record.who = std::string(who->get_string());
      }
    }
    if (const bj::value* ask = o.if_contains("ask"); ask == nullptr) {
      x.error(Code::MissingKey, at, "{}: `ask` is required", what);
    } else if (!ask->is_string()) {
      x.error(Code::WrongType, json::child(at, "ask"), "{}: `ask` is the tag as written, found {}", what,
              json_type_name(*ask));
    } else if (text::utf16_units(ask->get_string()) > rk::limits::kRollAskUnits) {
      x.error(rk::limits::kRollAskUnits.code, json::child(at, "ask"), "{}: `ask` is at most {} UTF-16 units, found {}",
              what, rk::limits::kRollAskUnits, text::utf16_units(ask->get_string()));
    } else {
      record.ask = std::string(ask->get_string());
    }
    if (const bj::value* throws = o.if_contains("throws"); throws == nullptr) {
      x.error(Code::MissingKey, at, "{}: `throws` is required", what);
    } else if (!throws->is_array()) {
      x.error(Code::WrongType, json::child(at, "throws"), "{}: `throws` is an array of throws, found {}", what,
              json_type_name(*throws));
    } else if (throws->get_array().empty()) {
      x.error(Code::TooFew, json::child(at, "throws"), "{}: a record holds at least one throw", what);
    } else if (throws->get_array().size() > rk::limits::kThrowsPerRoll) {
      x.error(rk::limits::kThrowsPerRoll.code, json::child(at, "throws"), "{}: {} throws; a record holds at most {}",
              what, throws->get_array().size(), rk::limits::kThrowsPerRoll);
    } else {
      std::size_t faces = 0;
      const bj::array& list = throws->get_array();
      for (std::size_t j = 0; j < list.size(); ++j) {
        Throw t;
        read_throw(x, list[j], json::child(json::child(at, "throws"), j), what, t);
        faces += t.faces.size();
        record.throws.push_back(std::move(t));
      }
      if (faces > rk::limits::kFacesPerRoll) {
        x.error(rk::limits::kFacesPerRoll.code, json::child(at, "throws"),
                "{}: {} faces in all; a record holds at most {}", what, faces, rk::limits::kFacesPerRoll);
      }
    }
    keep_unknown_keys(x, o, at, {"reply", "tag", "who", "ask", "throws"}, record.kept, what);
    game.rolls.push_back(std::move(record));
  }
}

}  // namespace rk::play::detail
