#include "sheet/character.hpp"

#include <algorithm>
#include <set>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/reader.hpp"

namespace rk {

namespace {

std::string_view expected(ValueType type) {
  switch (type) {
    case ValueType::Number: return "a number";
    case ValueType::Boolean: return "a boolean";
    default: return "a string";
  }
}

class CharacterReader {
 public:
  CharacterReader(const Ruleset& rs, Diagnostics& d) : rs_(rs), s_(rs.sheet), d_(d) {}

  Character read(const bj::value& root) {
    Character c;
    ObjectReader r(root, "", "character", d_);
    if (!r.ok()) return c;
    if (auto version = r.number("version", true, true); version && *version != Number::of(Character::kVersion)) {
      r.error(Code::BadValue, "version", "this engine reads character documents of version {}, found {}",
              Character::kVersion, version->to_string());
    }
    if (auto ruleset = r.id("ruleset", false)) {
      c.ruleset = *ruleset;
      if (*ruleset != rs_.id) {
        r.error(Code::NotInRuleset, "ruleset", "the character belongs to ruleset `{}`, not `{}`", *ruleset, rs_.id);
      }
    } else {
      c.ruleset = rs_.id;
    }
    c.name = r.prompt_text("name", false, limits::kCharacterNameLength).value_or("");
    if (const bj::object* o = r.object("fields", false)) read_fields(*o, r.at("fields"), c);
    if (const bj::object* o = r.object("abilities", false)) read_abilities(*o, r.at("abilities"), c);
    if (const bj::object* o = r.object("skills", false)) read_tiers(*o, r.at("skills"), s_.skill_index, "skill", c.skills);
    if (const bj::object* o = r.object("saves", false)) read_tiers(*o, r.at("saves"), s_.save_index, "save", c.saves);
    if (const bj::object* o = r.object("lists", false)) read_lists(*o, r.at("lists"), c);
    if (const bj::value* live = r.get("live")) read_live(*live, r.at("live"), c);
    if (const bj::value* builder = r.get("builder")) {
      if (!builder->is_object()) r.error(Code::WrongType, "builder", "`builder` must be an object");
      else c.builder = *builder;
    }
    return c;
  }

 private:
  void not_in_ruleset(const std::string& pointer, std::string_view kind, std::string_view id,
                      const std::unordered_map<Id, std::size_t>& index) {
    std::vector<std::string> candidates;
    for (const auto& [k, v] : index) candidates.push_back(k);
    d_.error(Code::NotInRuleset, pointer, "the ruleset declares no {} `{}`{}", kind, id, did_you_mean(id, candidates));
  }

  void read_fields(const bj::object& o, const std::string& p, Character& c) {
    for (const auto& member : o) {
      const std::string mp = json::child(p, member.key());
      auto it = s_.field_index.find(member.key());
      if (it == s_.field_index.end()) {
        not_in_ruleset(mp, "field", member.key(), s_.field_index);
        continue;
      }
      const Field& field = s_.fields[it->second];
      auto value = typed_scalar(member.value(), field.spec.type);
      if (!value && member.value().is_number() && field.spec.type == ValueType::Number) {
        // The right JSON type that no Number holds: say which bound it breaks, not "a number, found a number".
        d_.error(Code::BadNumber, mp, "field `{}` holds a number of at most four decimal places and at most {} in size, found {}",
                 field.id, Number::kMaxRaw / Number::kScale, boost::json::serialize(member.value()));
        continue;
      }
      if (!value) {
        d_.error(Code::WrongType, mp, "field `{}` holds {}, found {}", field.id, expected(field.spec.type),
                 json_type_name(member.value()));
        continue;
      }
      if (const auto* text = std::get_if<std::string>(&value->value); text != nullptr && field.spec.type != ValueType::Enum) {
        if (text_length(*text) > field.spec.max_length) {
          d_.error(Code::TooLong, mp, "field `{}` holds at most {} characters, found {}", field.id, field.spec.max_length,
                   text_length(*text));
          continue;
        }
        if (auto problem = prompt_safety_problem(*text, field.spec.type == ValueType::Longtext)) {
          d_.error(Code::NotPromptSafe, mp, "field `{}` reaches the Game Master and must be prompt-safe: {}", field.id, *problem);
          continue;
        }
      }
      // SH-16: an enum value the ruleset no longer offers is kept; the sheet reads the default.
      if (field.spec.type != ValueType::Enum && !field.spec.accepts(*value)) {
        d_.error(Code::OutOfRange, mp, "field `{}`: {} is not a value it can hold{}", field.id,
                 member.value().is_string() ? "the text is too long" : fmt::format("{}", boost::json::serialize(member.value())),
                 field.spec.is_numeric() ? fmt::format(" ({}-{}{})", field.spec.min.to_string(), field.spec.max.to_string(),
                                                       field.spec.integer ? ", whole numbers" : "")
                                         : std::string());
        continue;
      }
      c.fields.emplace(member.key(), *value);
    }
  }

  void read_abilities(const bj::object& o, const std::string& p, Character& c) {
    for (const auto& member : o) {
      const std::string mp = json::child(p, member.key());
      auto it = s_.ability_index.find(member.key());
      if (it == s_.ability_index.end()) {
        not_in_ruleset(mp, "ability", member.key(), s_.ability_index);
        continue;
      }
      const Ability& a = s_.abilities[it->second];
      auto n = member.value().is_number() ? to_number(member.value()) : std::nullopt;
      if (!n || !n->is_integer()) {
        d_.error(Code::WrongType, mp, "ability `{}` holds a whole number", a.id);
        continue;
      }
      if (*n < a.min || *n > a.max) {
        d_.error(Code::OutOfRange, mp, "ability `{}`: {} is outside {}-{}", a.id, n->to_string(), a.min.to_string(),
                 a.max.to_string());
        continue;
      }
      c.abilities.emplace(member.key(), *n);  // BC-33: ignored for a computed ability
    }
  }

  void read_tiers(const bj::object& o, const std::string& p, const std::unordered_map<Id, std::size_t>& index,
                  std::string_view kind, std::map<Id, Id>& out) {
    for (const auto& member : o) {
      const std::string mp = json::child(p, member.key());
      if (!index.contains(member.key())) {
        not_in_ruleset(mp, kind, member.key(), index);
        continue;
      }
      if (!member.value().is_string()) {
        d_.error(Code::WrongType, mp, "{} `{}` holds a tier id", kind, member.key());
        continue;
      }
      const std::string tier(member.value().get_string());
      if (!s_.tier_index.contains(tier)) {
        not_in_ruleset(mp, "proficiency tier", tier, s_.tier_index);
        continue;
      }
      out.emplace(member.key(), tier);
    }
  }

  void read_lists(const bj::object& o, const std::string& p, Character& c) {
    for (const auto& member : o) {
      const std::string lp = json::child(p, member.key());
      auto it = s_.list_index.find(member.key());
      if (it == s_.list_index.end()) {
        not_in_ruleset(lp, "list", member.key(), s_.list_index);
        continue;
      }
      const List& list = s_.lists[it->second];
      if (!member.value().is_array()) {
        d_.error(Code::WrongType, lp, "list `{}` holds an array of rows", list.id);
        continue;
      }
      const auto& rows = member.value().get_array();
      if (rows.size() > limits::kRowsPerList) {
        d_.error(Code::TooMany, lp, "list `{}` has {} rows; the limit is {}", list.id, rows.size(), limits::kRowsPerList);
        continue;
      }
      std::vector<Row> out;
      std::set<std::string> ids;
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string rp = json::child(lp, i);
        ObjectReader r(rows[i], rp, fmt::format("list `{}` row #{}", list.id, i + 1), d_);
        if (!r.ok()) continue;
        Row row;
        row.id = r.id("_id", true).value_or("");
        if (!row.id.empty() && !ids.insert(row.id).second) r.error(Code::DuplicateId, "_id", "row id `{}` is used twice", row.id);
        row.catalog = r.string("_catalog", false, limits::kCatalogMarkLength).value_or("");
        for (const auto& cell : rows[i].get_object()) {
          if (cell.key() == "_id" || cell.key() == "_catalog") continue;
          r.accept(cell.key());
          const std::string cp = json::child(rp, cell.key());
          auto ci = list.column_index.find(cell.key());
          if (ci == list.column_index.end()) {
            not_in_ruleset(cp, fmt::format("column of list `{}`", list.id), cell.key(), list.column_index);
            continue;
          }
          const Column& column = list.columns[ci->second];
          if (column.computed()) continue;  // BB-128: computed cells are filled on every read, never stored
          if (cell.value().is_null()) continue;  // an empty cell reads its column default
          auto value = typed_scalar(cell.value(), column.spec.type);
          if (!value || !column.spec.accepts(*value)) {
            d_.error(Code::BadCell, cp, "list `{}` column `{}`: {} does not fit the column (its type, bounds, length, or prompt-safe text)",
                     list.id, column.id, boost::json::serialize(cell.value()).substr(0, 80));
            continue;
          }
          row.cells.emplace(cell.key(), *value);
        }
        // Reference format: a `required` column must be filled in every row.
        for (const Column& column : list.columns) {
          if (column.required && !row.cells.contains(column.id)) {
            r.error(Code::MissingKey, "", "column `{}` is required in every row", column.id);
          }
        }
        out.push_back(std::move(row));
      }
      // Reference format: `maxItems` is the most rows a character's list may hold.
      if (list.max_items && static_cast<std::int64_t>(rows.size()) > *list.max_items) {
        d_.error(Code::TooMany, lp, "list `{}` has {} rows; it holds at most {} (`maxItems`)", list.id, rows.size(),
                 *list.max_items);
      }
      c.lists.emplace(list.id, std::move(out));
    }
  }

  void read_live(const bj::value& v, const std::string& p, Character& c) {
    ObjectReader r(v, p, "character `live`", d_);
    if (!r.ok()) return;
    if (const bj::object* pools = r.object("pools", false)) {
      for (const auto& member : *pools) {
        const std::string pp = json::child(r.at("pools"), member.key());
        auto it = s_.pool_index.find(member.key());
        if (it == s_.pool_index.end()) {
          not_in_ruleset(pp, "pool", member.key(), s_.pool_index);
          continue;
        }
        ObjectReader pr(member.value(), pp, fmt::format("pool `{}`", member.key()), d_);
        PoolState state;
        // A pool counts whole points (issue 9: a stored 1.5 is refused, not carried).
        state.current = pr.number("current", false, true);
        state.temp = pr.number("temp", false, true).value_or(Number());
        if (state.current && *state.current < Number::of(0)) {
          pr.error(Code::OutOfRange, "current", "`current` cannot be negative");
          state.current.reset();
        }
        if (state.temp < Number::of(0)) pr.error(Code::OutOfRange, "temp", "`temp` cannot be negative");
        if (state.temp > Number::of(0) && !s_.pools[it->second].allow_temp) {
          pr.error(Code::OutOfRange, "temp", "this pool takes no temporary points (`allowTemp` is not set)");
        }
        if (pr.ok()) c.pools.emplace(member.key(), state);
      }
    }
    if (const bj::object* tracks = r.object("tracks", false)) {
      for (const auto& member : *tracks) read_track(member.key(), member.value(), json::child(r.at("tracks"), member.key()), c);
    }
    if (const bj::object* states = r.object("states", false)) {
      for (const auto& member : *states) {
        const std::string sp = json::child(r.at("states"), member.key());
        if (!s_.state_index.contains(member.key())) {
          not_in_ruleset(sp, "live state", member.key(), s_.state_index);
        } else if (!member.value().is_string()) {
          d_.error(Code::WrongType, sp, "live state `{}` holds one of its values", member.key());
        } else {
          c.states.emplace(member.key(), std::string(member.value().get_string()));  // a retired value reads the default
        }
      }
    }
    if (const bj::array* conditions = r.array("conditions", false)) {
      for (std::size_t i = 0; i < conditions->size(); ++i) {
        const std::string cp = json::child(r.at("conditions"), i);
        const bj::value& item = (*conditions)[i];
        if (!item.is_string()) {
          d_.error(Code::WrongType, cp, "a condition is a string");
          continue;
        }
        const std::string id(item.get_string());
        if (!s_.conditions.empty() && !s_.condition_index.contains(id)) {
          not_in_ruleset(cp, "condition", id, s_.condition_index);
          continue;
        }
        if (text_length(id) > limits::kLabelLength || prompt_safety_problem(id)) {
          d_.error(Code::NotPromptSafe, cp, "a condition is one prompt-safe line of at most {} characters", limits::kLabelLength);
          continue;
        }
        if (std::find(c.conditions.begin(), c.conditions.end(), id) != c.conditions.end()) {
          d_.error(Code::DuplicateId, cp, "condition `{}` is listed twice", id);
          continue;
        }
        c.conditions.push_back(id);
      }
    }
    if (const bj::array* notes = r.array("notes", false)) {
      if (notes->size() > limits::kNotes) {
        r.error(Code::TooMany, "notes", "{} notes; the limit is {}", notes->size(), limits::kNotes);
      }
      for (std::size_t i = 0; i < notes->size() && i < limits::kNotes; ++i) {
        const std::string np = json::child(r.at("notes"), i);
        const bj::value& item = (*notes)[i];
        if (!item.is_string()) {
          d_.error(Code::WrongType, np, "a note is a string");
        } else if (text_length(item.get_string()) > limits::kNoteLength) {
          d_.error(Code::TooLong, np, "a note is at most {} characters", limits::kNoteLength);
        } else if (auto problem = prompt_safety_problem(item.get_string())) {
          d_.error(Code::NotPromptSafe, np, "a note reaches the Game Master and must be prompt-safe: {}", *problem);
        } else {
          c.notes.emplace_back(item.get_string());
        }
      }
    }
  }

  void read_track(std::string_view id, const bj::value& v, const std::string& tp, Character& c) {
    auto it = s_.track_index.find(std::string(id));
    if (it == s_.track_index.end()) {
      not_in_ruleset(tp, "track", id, s_.track_index);
      return;
    }
    const Track& track = s_.tracks[it->second];
    ObjectReader r(v, tp, fmt::format("track `{}`", id), d_);
    if (!r.ok()) return;
    TrackState state;
    if (!track.wound) {
      state.value = r.number("value", false, true);
      if (state.value && *state.value < track.min) {
        r.error(Code::OutOfRange, "value", "{} is below the track's min {}", state.value->to_string(), track.min.to_string());
        return;
      }
      if (state.value && track.max.kind == RefKind::Const && *state.value > track.max.constant) {
        r.error(Code::OutOfRange, "value", "{} is above the track's max {}", state.value->to_string(),
                track.max.constant.to_string());
        return;
      }
      c.tracks.emplace(track.id, state);
      return;
    }
    auto read_marks = [&](std::string_view key, bool boxed, std::vector<Mark>& out) {
      const bj::array* marks = r.array(key, false);
      if (marks == nullptr) return;
      if (marks->size() > limits::kMarksPerTrack) {
        r.error(Code::TooMany, key, "{} marks; the limit is {}", marks->size(), limits::kMarksPerTrack);
        return;
      }
      std::set<std::int64_t> boxes;
      for (std::size_t i = 0; i < marks->size(); ++i) {
        const std::string mp = json::child(r.at(key), i);
        ObjectReader m((*marks)[i], mp, fmt::format("track `{}` mark #{}", id, i + 1), d_);
        Mark mark;
        mark.kind = m.id("kind", true).value_or("");
        if (!mark.kind.empty() &&
            std::none_of(track.kinds.begin(), track.kinds.end(), [&](const WoundKind& k) { return k.id == mark.kind; })) {
          std::vector<std::string> kinds;
          for (const auto& k : track.kinds) kinds.push_back(k.id);
          d_.error(Code::NotInRuleset, json::child(mp, "kind"), "track `{}` has no kind `{}`{}", id, mark.kind,
                   did_you_mean(mark.kind, kinds));
          continue;
        }
        if (boxed) {
          auto box = m.number("box", true, true);
          if (!box) continue;
          if (*box < Number::of(1) || *box > Number::of(limits::kWoundBoxes)) {
            m.error(Code::OutOfRange, "box", "boxes are numbered 1-{}", limits::kWoundBoxes);
            continue;
          }
          mark.box = box->whole();
          if (!boxes.insert(mark.box).second) {
            m.error(Code::DuplicateId, "box", "box {} is marked twice", mark.box);
            continue;
          }
        } else if (m.has("box")) {
          m.error(Code::UnknownKey, "box", "`box` is written only on a track filled box by box (`fill: \"indexed\"`)");
          m.accept("box");
          continue;
        }
        if (m.ok() && !mark.kind.empty()) out.push_back(mark);
      }
    };
    read_marks("marks", track.fill == Track::Fill::Indexed, state.marks);
    read_marks("overflow", false, state.overflow);
    c.tracks.emplace(track.id, state);
  }

  const Ruleset& rs_;
  const Sheet& s_;
  Diagnostics& d_;
};

}  // namespace

boost::json::value scalar_to_json(const Scalar& s) {
  if (const auto* n = std::get_if<Number>(&s.value)) {
    if (n->is_integer()) return boost::json::value(n->whole());
    return boost::json::value(n->to_double());
  }
  if (const auto* b = std::get_if<bool>(&s.value)) return boost::json::value(*b);
  return boost::json::value(std::get<std::string>(s.value));
}

Character read_character(const Ruleset& ruleset, const json::Document& document, Diagnostics& diagnostics) {
  return CharacterReader(ruleset, diagnostics).read(document.root());
}

std::optional<Character> parse_character(const Ruleset& ruleset, std::string text, std::string file_name,
                                         Diagnostics& diagnostics) {
  auto doc = json::parse(std::move(file_name), std::move(text), {limits::kCharacterBytes, limits::kJsonDepth}, diagnostics);
  if (!doc) return std::nullopt;
  Diagnostics local;
  Character c = read_character(ruleset, *doc, local);
  doc->locate(local);
  const bool failed = local.has_errors();
  diagnostics.append(local);
  if (failed) return std::nullopt;
  return c;
}

boost::json::value character_to_json(const Character& c) {
  namespace bj = boost::json;
  bj::object o;
  o["version"] = Character::kVersion;
  o["ruleset"] = c.ruleset;
  o["name"] = c.name;
  bj::object fields;
  for (const auto& [k, v] : c.fields) fields[k] = scalar_to_json(v);
  o["fields"] = std::move(fields);
  bj::object abilities;
  for (const auto& [k, v] : c.abilities) abilities[k] = scalar_to_json(Scalar{v});
  o["abilities"] = std::move(abilities);
  bj::object skills, saves;
  for (const auto& [k, v] : c.skills) skills[k] = v;
  for (const auto& [k, v] : c.saves) saves[k] = v;
  o["skills"] = std::move(skills);
  o["saves"] = std::move(saves);
  bj::object lists;
  for (const auto& [k, rows] : c.lists) {
    bj::array a;
    for (const auto& row : rows) {
      bj::object r;
      r["_id"] = row.id;
      if (!row.catalog.empty()) r["_catalog"] = row.catalog;
      for (const auto& [col, v] : row.cells) r[col] = scalar_to_json(v);
      a.push_back(std::move(r));
    }
    lists[k] = std::move(a);
  }
  o["lists"] = std::move(lists);
  bj::object live, pools, tracks, states;
  for (const auto& [k, p] : c.pools) {
    bj::object po;
    if (p.current) po["current"] = scalar_to_json(Scalar{*p.current});
    if (p.temp != Number()) po["temp"] = scalar_to_json(Scalar{p.temp});
    pools[k] = std::move(po);
  }
  for (const auto& [k, t] : c.tracks) {
    bj::object to;
    if (t.value) to["value"] = scalar_to_json(Scalar{*t.value});
    auto marks = [](const std::vector<Mark>& ms) {
      bj::array a;
      for (const auto& m : ms) {
        bj::object mo;
        mo["kind"] = m.kind;
        if (m.box > 0) mo["box"] = m.box;
        a.push_back(std::move(mo));
      }
      return a;
    };
    if (!t.marks.empty()) to["marks"] = marks(t.marks);
    if (!t.overflow.empty()) to["overflow"] = marks(t.overflow);
    tracks[k] = std::move(to);
  }
  for (const auto& [k, v] : c.states) states[k] = v;
  live["pools"] = std::move(pools);
  live["tracks"] = std::move(tracks);
  live["states"] = std::move(states);
  bj::array conditions, notes;
  for (const auto& x : c.conditions) conditions.push_back(bj::value(x));
  for (const auto& x : c.notes) notes.push_back(bj::value(x));
  live["conditions"] = std::move(conditions);
  live["notes"] = std::move(notes);
  o["live"] = std::move(live);
  o["builder"] = c.builder;
  return o;
}

Character blank_character(const Ruleset& ruleset) {
  Character c;
  c.ruleset = ruleset.id;
  return c;
}

}  // namespace rk
