#include "sheet/character.hpp"

#include <algorithm>
#include <initializer_list>
#include <set>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/reader.hpp"
#include "json/write.hpp"

namespace rk {

namespace {

std::string_view expected(ValueType type) {
  switch (type) {
    case ValueType::Number:
      return "a number";
    case ValueType::Boolean:
      return "a boolean";
    default:
      return "a string";
  }
}

/// The severity of `kind` on `track` (the reader refuses kinds the track does not declare).
Number severity_of(const Track& track, const Id& kind) {
  for (const WoundKind& k : track.kinds) {
    if (k.id == kind) return k.severity;
  }
  return Number();
}

class CharacterReader {
 public:
  CharacterReader(const Ruleset& rs, Diagnostics& d) : rs_(rs), s_(rs.sheet), d_(d) {}
  /// Reads against `sheet` instead of the ruleset's own (a game's party sheet: its fields, lists, pools).
  CharacterReader(const Ruleset& rs, const Sheet& sheet, Diagnostics& d) : rs_(rs), s_(sheet), d_(d) {}

  /// `root` at `base` (a card inside a game); without `with_live`, a `live` key is the caller's.
  Character read(const bj::value& root, const std::string& base = "", bool with_live = true) {
    Character c;
    ObjectReader r(root, base, "character", d_);
    if (!r.ok()) return c;
    if (auto v = r.number("v", true, true)) {
      if (*v < Number::of(Character::kFirstSheetVersion)) {
        r.error(Code::OutOfRange, "v",
                "`v` (the sheet version the build was written for) is a whole number from 1, found {}", v->to_string());
      } else {
        c.sheet_version = v->whole();
      }
    }
    if (auto ruleset = r.id("ruleset", false)) {
      c.ruleset = *ruleset;
      if (*ruleset != rs_.id) {
        r.error(Code::NotInRuleset, "ruleset", "the character belongs to ruleset `{}`, not `{}`", *ruleset, rs_.id);
      }
    } else {
      c.ruleset = rs_.id;
    }
    c.name = r.prompt_text("name", false, limits::kCharacterNameLength, 0).value_or("");
    if (r.object("build", true) != nullptr) read_build(*r.get("build"), r.at("build"), c);
    if (const bj::value* live = r.get("live"); live != nullptr && with_live) read_live(*live, r.at("live"), c);
    if (const bj::value* builder = r.get("builder")) {
      if (!builder->is_object())
        r.error(Code::WrongType, "builder", "`builder` must be an object");
      else
        c.builder = *builder;
    }
    keep_unknown(r, root.get_object(), {"v", "ruleset", "name", "build", "live", "builder"}, c.kept,
                 "the character document");
    c.read_warnings = std::move(warnings_);
    return c;
  }

  /// A `live` object onto a character read before; what it keeps is added to its warnings.
  void read_live_onto(const bj::value& live, const std::string& pointer, Character& c) {
    read_live(live, pointer, c);
    c.read_warnings.append(warnings_);
    warnings_ = Diagnostics();
  }

  /// A `build`-shaped object onto a character read before.
  void read_build_onto(const bj::value& build, const std::string& pointer, Character& c) {
    if (!build.is_object()) {
      d_.error(Code::WrongType, pointer, "expected an object, found {}", json_type_name(build));
      return;
    }
    read_build(build, pointer, c);
    c.read_warnings.append(warnings_);
    warnings_ = Diagnostics();
  }

 private:
  template <typename... Args>
  void warn(Code code, std::string pointer, fmt::format_string<Args...> format, Args&&... args) {
    // What is kept is said at most as often as a run lists diagnostics: a hostile document of
    // thousands of unknown keys is still read in linear time, and every value is still kept.
    if (warnings_.items().size() >= limits::kDiagnosticsShown) return;
    warnings_.warning(code, pointer, format, std::forward<Args>(args)...);
    d_.warning(code, std::move(pointer), format, std::forward<Args>(args)...);
  }

  /// Read tolerantly (the reference's stored sheet): a key this engine does not read is kept as
  /// written, with a warning, rather than refused.
  void keep_unknown(ObjectReader& r, const bj::object& o, std::initializer_list<std::string_view> known,
                    bj::object& kept, std::string_view what) {
    const std::vector<std::string> names(known.begin(), known.end());
    for (const auto& member : o) {
      if (std::find(known.begin(), known.end(), member.key()) != known.end()) continue;
      kept[member.key()] = member.value();
      warn(Code::UnknownKey, r.at(member.key()), "{}: `{}` is not a key this engine reads{}; it is kept as written",
           what, member.key(), did_you_mean(member.key(), names));
      r.accept(member.key());
    }
  }

  /// An id the ruleset does not (or no longer) declare: its value is kept under `section` of
  /// `kept` and written back, and the sheet reads as if it were not there.
  void keep_undeclared(const std::string& pointer, std::string_view kind, std::string_view id,
                       const std::unordered_map<Id, std::size_t>& index, const bj::value& value, bj::object& kept,
                       std::string_view section) {
    std::vector<std::string> candidates;
    candidates.reserve(index.size());
    for (const auto& [k, v] : index) candidates.push_back(k);
    warn(Code::NotInRuleset, pointer, "the ruleset declares no {} `{}`{}; its value is kept as written and not read",
         kind, id, did_you_mean(id, candidates));
    bj::value& slot = kept[section];
    if (!slot.is_object()) slot = bj::object();
    slot.get_object()[id] = value;
  }

  void not_in_ruleset(const std::string& pointer, std::string_view kind, std::string_view id,
                      const std::unordered_map<Id, std::size_t>& index) {
    std::vector<std::string> candidates;
    candidates.reserve(index.size());
    for (const auto& [k, v] : index) candidates.push_back(k);
    d_.error(Code::NotInRuleset, pointer, "the ruleset declares no {} `{}`{}", kind, id, did_you_mean(id, candidates));
  }

  // ---- build ---------------------------------------------------------------------------------

  void read_build(const bj::value& v, const std::string& p, Character& c) {
    ObjectReader r(v, p, "`build`", d_);
    const bj::object& build = v.get_object();
    if (const bj::object* o = r.object("fields", false)) read_fields(*o, r.at("fields"), c);
    if (const bj::object* o = r.object("abilities", false)) read_abilities(*o, r.at("abilities"), c);
    if (const bj::object* o = r.object("skills", false))
      read_tiers(*o, r.at("skills"), s_.skill_index, "skill", "skills", c.skills, c);
    if (const bj::object* o = r.object("saves", false))
      read_tiers(*o, r.at("saves"), s_.save_index, "save", "saves", c.saves, c);
    if (const bj::object* o = r.object("bonuses", false)) read_bonuses(*o, r.at("bonuses"), c);
    if (const bj::object* o = r.object("lists", false)) read_lists(*o, r.at("lists"), c);
    keep_unknown(r, build, {"fields", "abilities", "skills", "saves", "bonuses", "lists"}, c.kept_build, "`build`");
  }

  void read_fields(const bj::object& o, const std::string& p, Character& c) {
    for (const auto& member : o) {
      const std::string mp = json::child(p, member.key());
      auto it = s_.field_index.find(member.key());
      if (it == s_.field_index.end()) {
        keep_undeclared(mp, "field", member.key(), s_.field_index, member.value(), c.kept_build, "fields");
        continue;
      }
      const Field& field = s_.fields[it->second];
      auto value = typed_scalar(member.value(), field.spec.type);
      if (!value && member.value().is_number() && field.spec.type == ValueType::Number) {
        // The right JSON type that no Number holds: say which bound it breaks, not "a number, found a number".
        d_.error(Code::BadNumber, mp,
                 "field `{}` holds a number of at most four decimal places and at most {} in size, found {}", field.id,
                 Number::kMaxRaw / Number::kScale, json::serialize(member.value()));
        continue;
      }
      if (!value) {
        d_.error(Code::WrongType, mp, "field `{}` holds {}, found {}", field.id, expected(field.spec.type),
                 json_type_name(member.value()));
        continue;
      }
      if (const auto* text = std::get_if<std::string>(&value->value);
          text != nullptr && field.spec.type != ValueType::Enum) {
        if (text_length(*text) > field.spec.max_length) {
          d_.error(Code::TooLong, mp, "field `{}` holds at most {} characters, found {}", field.id,
                   field.spec.max_length, text_length(*text));
          continue;
        }
        if (auto problem = prompt_safety_problem(*text, field.spec.type == ValueType::Longtext)) {
          d_.error(Code::NotPromptSafe, mp, "field `{}` reaches the Game Master and must be prompt-safe: {}", field.id,
                   *problem);
          continue;
        }
      }
      // SH-16: an enum value the ruleset no longer offers is kept; the sheet reads the default.
      if (field.spec.type != ValueType::Enum && !field.spec.accepts(*value)) {
        d_.error(
            Code::OutOfRange, mp, "field `{}`: {} is not a value it can hold{}", field.id,
            member.value().is_string() ? "the text is too long" : fmt::format("{}", json::serialize(member.value())),
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
        keep_undeclared(mp, "ability", member.key(), s_.ability_index, member.value(), c.kept_build, "abilities");
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
                  std::string_view kind, const std::string& section, std::map<Id, Id>& out, Character& c) {
    for (const auto& member : o) {
      const std::string mp = json::child(p, member.key());
      if (!index.contains(member.key())) {
        keep_undeclared(mp, kind, member.key(), index, member.value(), c.kept_build, section);
        continue;
      }
      if (!member.value().is_string()) {
        d_.error(Code::WrongType, mp, "{} `{}` holds a tier id", kind, member.key());
        continue;
      }
      const std::string tier(member.value().get_string());
      if (!s_.tier_index.contains(tier)) {
        // A tier the ruleset no longer declares reads as untrained, as a retired enum value reads its default.
        warn(Code::NotInRuleset, mp,
             "the ruleset declares no proficiency tier `{}`{}; {} `{}` reads as untrained and the tier is kept as "
             "written",
             tier, did_you_mean(tier, keys_of(s_.tier_index)), kind, member.key());
        bj::value& slot = c.kept_build[section];
        if (!slot.is_object()) slot = bj::object();
        slot.get_object()[member.key()] = member.value();
        continue;
      }
      out.emplace(member.key(), tier);
    }
  }

  void read_bonuses(const bj::object& o, const std::string& p, Character& c) {
    for (const auto& member : o) {
      const std::string mp = json::child(p, member.key());
      if (!s_.skill_index.contains(member.key()) && !s_.save_index.contains(member.key())) {
        std::unordered_map<Id, std::size_t> checks = s_.skill_index;
        checks.insert(s_.save_index.begin(), s_.save_index.end());
        keep_undeclared(mp, "skill or save", member.key(), checks, member.value(), c.kept_build, "bonuses");
        continue;
      }
      auto n = member.value().is_number() ? to_number(member.value()) : std::nullopt;
      if (!n || !n->is_integer()) {
        d_.error(Code::WrongType, mp, "the bonus of `{}` is a whole number", member.key());
        continue;
      }
      if (*n < s_.bonus_min || *n > s_.bonus_max) {
        d_.error(Code::OutOfRange, mp, "the bonus of `{}`: {} is outside {}-{} (`sheet.bonusRange`)", member.key(),
                 n->to_string(), s_.bonus_min.to_string(), s_.bonus_max.to_string());
        continue;
      }
      c.bonuses.emplace(member.key(), *n);
    }
  }

  void read_lists(const bj::object& o, const std::string& p, Character& c) {
    for (const auto& member : o) {
      const std::string lp = json::child(p, member.key());
      auto it = s_.list_index.find(member.key());
      if (it == s_.list_index.end()) {
        if (member.value().is_array() && member.value().get_array().size() > limits::kRowsPerList) {
          d_.error(Code::TooMany, lp, "list `{}` has {} rows; the limit is {}", member.key(),
                   member.value().get_array().size(), limits::kRowsPerList);
          continue;
        }
        keep_undeclared(lp, "list", member.key(), s_.list_index, member.value(), c.kept_build, "lists");
        continue;
      }
      const List& list = s_.lists[it->second];
      if (!member.value().is_array()) {
        d_.error(Code::WrongType, lp, "list `{}` holds an array of rows", list.id);
        continue;
      }
      const auto& rows = member.value().get_array();
      if (rows.size() > limits::kRowsPerList) {
        d_.error(Code::TooMany, lp, "list `{}` has {} rows; the limit is {}", list.id, rows.size(),
                 limits::kRowsPerList);
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
        if (!row.id.empty() && !ids.insert(row.id).second)
          r.error(Code::DuplicateId, "_id", "row id `{}` is used twice", row.id);
        row.catalog = r.string("_catalog", false, limits::kCatalogMarkLength).value_or("");
        for (const auto& cell : rows[i].get_object()) {
          if (cell.key() == "_id" || cell.key() == "_catalog") continue;
          r.accept(cell.key());
          const std::string cp = json::child(rp, cell.key());
          auto ci = list.column_index.find(cell.key());
          if (ci == list.column_index.end()) {
            warn(Code::NotInRuleset, cp,
                 "list `{}` declares no column `{}`{}; the cell is kept as written and not read", list.id, cell.key(),
                 did_you_mean(cell.key(), column_ids(list)));
            row.kept[cell.key()] = cell.value();
            continue;
          }
          const Column& column = list.columns[ci->second];
          if (column.computed()) continue;       // BB-128: computed cells are filled on every read, never stored
          if (cell.value().is_null()) continue;  // an empty cell reads its column default
          auto value = typed_scalar(cell.value(), column.spec.type);
          if (!value || !column.spec.accepts(*value)) {
            d_.error(
                Code::BadCell, cp,
                "list `{}` column `{}`: {} does not fit the column (its type, bounds, length, or prompt-safe text)",
                list.id, column.id, json::serialize(cell.value()).substr(0, 80));
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

  static std::vector<std::string> column_ids(const List& list) {
    std::vector<std::string> ids;
    for (const auto& column : list.columns) ids.push_back(column.id);
    return ids;
  }

  // ---- live ----------------------------------------------------------------------------------

  void read_live(const bj::value& v, const std::string& p, Character& c) {
    ObjectReader r(v, p, "character `live`", d_);
    if (!r.ok()) return;
    if (const bj::object* pools = r.object("pools", false)) read_pools(*pools, r.at("pools"), c);
    if (const bj::object* tracks = r.object("tracks", false)) {
      for (const auto& member : *tracks)
        read_plain_track(member.key(), member.value(), json::child(r.at("tracks"), member.key()), c);
    }
    if (const bj::object* wounds = r.object("wounds", false)) {
      for (const auto& member : *wounds)
        read_wounds(member.key(), member.value(), json::child(r.at("wounds"), member.key()), c);
    }
    if (const bj::object* text = r.object("text", false)) read_texts(*text, r.at("text"), c);
    if (const bj::object* states = r.object("states", false)) {
      for (const auto& member : *states) {
        const std::string sp = json::child(r.at("states"), member.key());
        if (!s_.state_index.contains(member.key())) {
          keep_undeclared(sp, "live state", member.key(), s_.state_index, member.value(), c.kept_live, "states");
        } else if (!member.value().is_string()) {
          d_.error(Code::WrongType, sp, "live state `{}` holds one of its values", member.key());
        } else {
          c.states.emplace(member.key(),
                           std::string(member.value().get_string()));  // a retired value reads the default
        }
      }
    }
    if (const bj::array* conditions = r.array("conditions", false)) read_conditions(*conditions, r.at("conditions"), c);
    if (const bj::array* notes = r.array("notes", false)) {
      r.check_limit(limits::kNotes, notes->size(), "notes");
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
    keep_unknown(r, v.get_object(), {"pools", "tracks", "wounds", "text", "states", "conditions", "notes"}, c.kept_live,
                 "character `live`");
  }

  /// A list-row pool's key: `<list>:<row name>` on a list that declares `pools` (reference).
  bool is_row_pool(std::string_view key) const {
    const auto colon = key.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == key.size()) return false;
    const auto it = s_.list_index.find(std::string(key.substr(0, colon)));
    return it != s_.list_index.end() && s_.lists[it->second].pools.has_value();
  }

  void read_pools(const bj::object& pools, const std::string& p, Character& c) {
    for (const auto& member : pools) {
      const std::string pp = json::child(p, member.key());
      auto it = s_.pool_index.find(member.key());
      const bool row_pool = it == s_.pool_index.end() && is_row_pool(member.key());
      if (it == s_.pool_index.end() && !row_pool) {
        keep_undeclared(pp, "pool", member.key(), s_.pool_index, member.value(), c.kept_live, "pools");
        continue;
      }
      if (text_length(member.key()) > limits::kLabelLength || prompt_safety_problem(member.key())) {
        d_.error(Code::NotPromptSafe, pp, "a list-row pool is named by one prompt-safe line of at most {} characters",
                 limits::kLabelLength);
        continue;
      }
      Diagnostics local;
      PoolState state;
      {
        ObjectReader pr(member.value(), pp, fmt::format("pool `{}`", member.key()), local);
        if (!pr.ok()) {
          d_.append(local);
          continue;
        }
        // A pool counts whole points (issue 9: a stored 1.5 is refused, not carried).
        state.current = pr.number("value", true, true);
        state.temp = pr.number("temp", false, true).value_or(Number());
        if (state.current && *state.current < Number::of(0))
          pr.error(Code::OutOfRange, "value", "`value` cannot be negative");
        if (state.temp < Number::of(0)) pr.error(Code::OutOfRange, "temp", "`temp` cannot be negative");
        const bool allow_temp = !row_pool && s_.pools[it->second].allow_temp;
        if (state.temp > Number::of(0) && !allow_temp) {
          pr.error(Code::OutOfRange, "temp", "this pool takes no temporary points (`allowTemp` is not set)");
        }
      }
      const bool ok = !local.has_errors();
      d_.append(local);
      if (ok) c.pools.emplace(member.key(), state);
    }
  }

  const Track* track_of(std::string_view id) const {
    auto it = s_.track_index.find(std::string(id));
    return it == s_.track_index.end() ? nullptr : &s_.tracks[it->second];
  }

  void read_plain_track(std::string_view id, const bj::value& v, const std::string& tp, Character& c) {
    const Track* track = track_of(id);
    if (track == nullptr || track->wound) {
      // A wound track's marks are under `live.wounds`; a number here is kept, as the reference keeps it.
      keep_undeclared(tp, track == nullptr ? "track" : "plain track (it is a wound track, read from `live.wounds`)", id,
                      s_.track_index, v, c.kept_live, "tracks");
      return;
    }
    auto value = v.is_number() ? to_number(v) : std::nullopt;
    if (!value || !value->is_integer()) {
      d_.error(Code::WrongType, tp, "track `{}` holds a whole number", id);
      return;
    }
    if (*value < track->min) {
      d_.error(Code::OutOfRange, tp, "track `{}`: {} is below the track's min {}", id, value->to_string(),
               track->min.to_string());
      return;
    }
    if (track->max.kind == RefKind::Const && *value > track->max.constant) {
      d_.error(Code::OutOfRange, tp, "track `{}`: {} is above the track's max {}", id, value->to_string(),
               track->max.constant.to_string());
      return;
    }
    c.tracks[track->id].value = *value;
  }

  void read_wounds(std::string_view id, const bj::value& v, const std::string& tp, Character& c) {
    const Track* track = track_of(id);
    if (track == nullptr || !track->wound) {
      keep_undeclared(tp, track == nullptr ? "track" : "wound track (it is a plain track, read from `live.tracks`)", id,
                      s_.track_index, v, c.kept_live, "wounds");
      return;
    }
    ObjectReader r(v, tp, fmt::format("wound track `{}`", id), d_);
    if (!r.ok()) return;
    TrackState state;
    const bool indexed = track->fill == Track::Fill::Indexed;
    if (const bj::array* marks = r.array("marks", false)) {
      if (!r.check_limit(limits::kMarksPerTrack, marks->size(), "marks")) {
        return;
      }
      for (std::size_t i = 0; i < marks->size(); ++i) {
        const std::string mp = json::child(r.at("marks"), i);
        const bj::value& item = (*marks)[i];
        if (!item.is_string()) {
          d_.error(Code::WrongType, mp, "wound track `{}`: a mark is the id of one of its kinds", id);
          continue;
        }
        const std::string kind(item.get_string());
        if (kind.empty()) {
          // An indexed track keeps each mark on its box: "" is a clear box between marked ones.
          if (!indexed)
            d_.error(Code::BadValue, mp,
                     "wound track `{}`: an empty mark (a clear box) is written only on a track filled box by box "
                     "(`fill: \"indexed\"`)",
                     id);
          continue;
        }
        if (std::none_of(track->kinds.begin(), track->kinds.end(), [&](const WoundKind& k) { return k.id == kind; })) {
          std::vector<std::string> kinds;
          for (const auto& k : track->kinds) kinds.push_back(k.id);
          d_.error(Code::NotInRuleset, mp, "wound track `{}` has no kind `{}`{}", id, kind, did_you_mean(kind, kinds));
          continue;
        }
        if (indexed && i >= static_cast<std::size_t>(limits::kWoundBoxes)) {
          d_.error(Code::OutOfRange, mp, "wound track `{}`: boxes are numbered 1-{}", id, limits::kWoundBoxes);
          continue;
        }
        state.marks.push_back(Mark{kind, indexed ? static_cast<std::int64_t>(i) + 1 : 0});
      }
    }
    if (auto overflow = r.number("overflow", false, true)) {
      if (*overflow < Number())
        r.error(Code::OutOfRange, "overflow", "`overflow` counts marks and cannot be negative");
      else
        state.overflow = overflow->whole();
    }
    if (!indexed) {
      // Marks are held most severe first (the reference sorts a hand-edited list the same way).
      std::stable_sort(state.marks.begin(), state.marks.end(), [&](const Mark& a, const Mark& b) {
        return severity_of(*track, a.kind) > severity_of(*track, b.kind);
      });
    }
    c.tracks[track->id].marks = std::move(state.marks);
    c.tracks[track->id].overflow = state.overflow;
  }

  void read_texts(const bj::object& o, const std::string& p, Character& c) {
    for (const auto& member : o) {
      const std::string tp = json::child(p, member.key());
      auto it = s_.live_text_index.find(member.key());
      if (it == s_.live_text_index.end()) {
        keep_undeclared(tp, "live text", member.key(), s_.live_text_index, member.value(), c.kept_live, "text");
        continue;
      }
      const LiveText& text = s_.texts[it->second];
      if (!member.value().is_string()) {
        d_.error(Code::WrongType, tp, "live text `{}` holds a string", text.id);
      } else if (text_length(member.value().get_string()) > text.max_length) {
        d_.error(Code::TooLong, tp, "live text `{}` holds at most {} characters", text.id, text.max_length);
      } else if (auto problem = prompt_safety_problem(member.value().get_string())) {
        d_.error(Code::NotPromptSafe, tp, "live text `{}` reaches the Game Master and must be prompt-safe: {}", text.id,
                 *problem);
      } else {
        c.texts.emplace(text.id, std::string(member.value().get_string()));
      }
    }
  }

  void read_conditions(const bj::array& conditions, const std::string& p, Character& c) {
    for (std::size_t i = 0; i < conditions.size(); ++i) {
      const std::string cp = json::child(p, i);
      const bj::value& item = conditions[i];
      if (!item.is_string()) {
        d_.error(Code::WrongType, cp, "a condition is a string");
        continue;
      }
      const std::string id(item.get_string());
      if (text_length(id) > limits::kLabelLength || prompt_safety_problem(id)) {
        d_.error(Code::NotPromptSafe, cp, "a condition is one prompt-safe line of at most {} characters",
                 limits::kLabelLength);
        continue;
      }
      if (std::find(c.conditions.begin(), c.conditions.end(), id) != c.conditions.end()) {
        d_.error(Code::DuplicateId, cp, "condition `{}` is listed twice", id);
        continue;
      }
      if (!s_.conditions.empty() && !s_.condition_index.contains(id)) {
        warn(Code::NotInRuleset, cp, "the ruleset declares no condition `{}`{}; it is kept as written and not read", id,
             did_you_mean(id, keys_of(s_.condition_index)));
        bj::value& slot = c.kept_live["conditions"];
        if (!slot.is_array()) slot = bj::array();
        slot.get_array().push_back(item);
        continue;
      }
      c.conditions.push_back(id);
    }
  }

  static std::vector<std::string> keys_of(const std::unordered_map<Id, std::size_t>& index) {
    std::vector<std::string> keys;
    keys.reserve(index.size());
    for (const auto& [k, v] : index) keys.push_back(k);
    return keys;
  }

  const Ruleset& rs_;
  const Sheet& s_;
  Diagnostics& d_;
  Diagnostics warnings_;
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

Character read_character_at(const Ruleset& ruleset, const boost::json::value& value, const std::string& pointer,
                            bool with_live, Diagnostics& diagnostics) {
  return CharacterReader(ruleset, diagnostics).read(value, pointer, with_live);
}

void read_live_onto(const Ruleset& ruleset, const Sheet& sheet, const boost::json::value& live,
                    const std::string& pointer, Character& character, Diagnostics& diagnostics) {
  CharacterReader(ruleset, sheet, diagnostics).read_live_onto(live, pointer, character);
}

void read_build_onto(const Ruleset& ruleset, const Sheet& sheet, const boost::json::value& build,
                     const std::string& pointer, Character& character, Diagnostics& diagnostics) {
  CharacterReader(ruleset, sheet, diagnostics).read_build_onto(build, pointer, character);
}

std::optional<Character> parse_character(const Ruleset& ruleset, std::string text, std::string file_name,
                                         Diagnostics& diagnostics) {
  auto doc =
      json::parse(std::move(file_name), std::move(text), {limits::kCharacterBytes, limits::kJsonDepth}, diagnostics);
  if (!doc) return std::nullopt;
  Diagnostics local;
  Character c = read_character(ruleset, *doc, local);
  doc->locate(local);
  doc->locate(c.read_warnings);
  const bool failed = local.has_errors();
  diagnostics.append(local);
  if (failed) return std::nullopt;
  return c;
}

namespace {

namespace bj = boost::json;

/// `kept[section]` (the entries of ids the ruleset does not declare) written back into `into`.
void put_back(const bj::object& kept, std::string_view section, bj::object& into) {
  const bj::value* entries = kept.if_contains(section);
  if (entries == nullptr || !entries->is_object()) return;
  for (const auto& member : entries->get_object()) into[member.key()] = member.value();
}

/// Every key of `kept` that is not one of the known parts, written back into `into`.
void put_back_unknown(const bj::object& kept, std::initializer_list<std::string_view> parts, bj::object& into) {
  for (const auto& member : kept) {
    if (std::find(parts.begin(), parts.end(), member.key()) == parts.end()) into[member.key()] = member.value();
  }
}

bj::object build_to_json(const Character& c) {
  bj::object build;
  bj::object abilities, skills, saves, bonuses, fields, lists;
  for (const auto& [k, v] : c.abilities) abilities[k] = scalar_to_json(Scalar{v});
  for (const auto& [k, v] : c.skills) skills[k] = v;
  for (const auto& [k, v] : c.saves) saves[k] = v;
  for (const auto& [k, v] : c.bonuses) bonuses[k] = scalar_to_json(Scalar{v});
  for (const auto& [k, v] : c.fields) fields[k] = scalar_to_json(v);
  for (const auto& [k, rows] : c.lists) {
    bj::array a;
    for (const auto& row : rows) {
      bj::object r;
      r["_id"] = row.id;
      if (!row.catalog.empty()) r["_catalog"] = row.catalog;
      for (const auto& [col, v] : row.cells) r[col] = scalar_to_json(v);
      for (const auto& member : row.kept) r[member.key()] = member.value();
      a.push_back(std::move(r));
    }
    lists[k] = std::move(a);
  }
  const std::initializer_list<std::string_view> parts = {"abilities", "skills", "saves", "bonuses", "fields", "lists"};
  put_back(c.kept_build, "abilities", abilities);
  put_back(c.kept_build, "skills", skills);
  put_back(c.kept_build, "saves", saves);
  put_back(c.kept_build, "bonuses", bonuses);
  put_back(c.kept_build, "fields", fields);
  put_back(c.kept_build, "lists", lists);
  build["abilities"] = std::move(abilities);
  build["skills"] = std::move(skills);
  build["saves"] = std::move(saves);
  build["bonuses"] = std::move(bonuses);
  build["fields"] = std::move(fields);
  build["lists"] = std::move(lists);
  put_back_unknown(c.kept_build, parts, build);
  return build;
}

/// The live state, sparse as the reference stores it: a part with nothing in it is left out.
bj::object live_to_json(const Character& c) {
  bj::object live, pools, tracks, wounds, text, states;
  for (const auto& [k, p] : c.pools) {
    if (!p.current) continue;
    bj::object po;
    po["value"] = scalar_to_json(Scalar{*p.current});
    if (p.temp != Number()) po["temp"] = scalar_to_json(Scalar{p.temp});
    pools[k] = std::move(po);
  }
  for (const auto& [k, t] : c.tracks) {
    // The reader fills `value` only on a plain track and marks only on a wound track.
    if (t.value) tracks[k] = scalar_to_json(Scalar{*t.value});
    if (t.marks.empty() && t.overflow == 0) continue;
    bj::array marks;
    for (const auto& m : t.marks) {
      if (m.box > 0) {
        // An indexed track keeps each mark on its box: "" for every clear box before it.
        while (static_cast<std::int64_t>(marks.size()) < m.box - 1) marks.push_back(bj::value(""));
        if (static_cast<std::int64_t>(marks.size()) == m.box - 1)
          marks.push_back(bj::value(m.kind));
        else
          marks[static_cast<std::size_t>(m.box - 1)] = m.kind;
      } else {
        marks.push_back(bj::value(m.kind));
      }
    }
    bj::object wo;
    wo["marks"] = std::move(marks);
    if (t.overflow > 0) wo["overflow"] = t.overflow;
    wounds[k] = std::move(wo);
  }
  for (const auto& [k, v] : c.texts) text[k] = v;
  for (const auto& [k, v] : c.states) states[k] = v;
  put_back(c.kept_live, "pools", pools);
  put_back(c.kept_live, "tracks", tracks);
  put_back(c.kept_live, "wounds", wounds);
  put_back(c.kept_live, "text", text);
  put_back(c.kept_live, "states", states);
  bj::array conditions, notes;
  for (const auto& x : c.conditions) conditions.push_back(bj::value(x));
  if (const bj::value* kept = c.kept_live.if_contains("conditions"); kept != nullptr && kept->is_array()) {
    for (const auto& x : kept->get_array()) conditions.push_back(x);
  }
  for (const auto& x : c.notes) notes.push_back(bj::value(x));
  if (!pools.empty()) live["pools"] = std::move(pools);
  if (!tracks.empty()) live["tracks"] = std::move(tracks);
  if (!wounds.empty()) live["wounds"] = std::move(wounds);
  if (!text.empty()) live["text"] = std::move(text);
  if (!conditions.empty()) live["conditions"] = std::move(conditions);
  if (!states.empty()) live["states"] = std::move(states);
  if (!notes.empty()) live["notes"] = std::move(notes);
  put_back_unknown(c.kept_live, {"pools", "tracks", "wounds", "text", "states", "conditions"}, live);
  return live;
}

}  // namespace

boost::json::object character_live_to_json(const Character& character) { return live_to_json(character); }

boost::json::value character_to_json(const Character& c) {
  namespace bj = boost::json;
  bj::object o;
  o["v"] = c.sheet_version;
  o["ruleset"] = c.ruleset;
  o["name"] = c.name;
  o["build"] = build_to_json(c);
  o["live"] = live_to_json(c);
  o["builder"] = c.builder;
  for (const auto& member : c.kept) o[member.key()] = member.value();
  return o;
}

bool field_chosen(const Field& field, const std::map<Id, Scalar>& stored) {
  const auto it = stored.find(field.id);
  if (it == stored.end()) return false;
  if (const auto* text = std::get_if<std::string>(&it->second.value); text != nullptr && text->empty()) return false;
  // Only an enum can hold what the ruleset no longer offers: reading refuses any other misfit.
  return field.spec.type != ValueType::Enum || field.spec.accepts(it->second);
}

Character blank_character(const Ruleset& ruleset) {
  Character c;
  c.ruleset = ruleset.id;
  c.sheet_version = ruleset.sheet.version.value_or(Character::kFirstSheetVersion);
  return c;
}

}  // namespace rk
