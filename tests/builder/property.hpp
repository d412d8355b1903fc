#pragma once
// The builder's property test (issue #4): over many seeded random action sequences, no player
// All-fields edit is lost or overwritten except where the builder's own answer for that cell
// changed; re-opening never changes a character; unpicking everything returns the sheet to the
// player's own values.
#include <iostream>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "builder/fixture.hpp"

namespace rk::builder_test {

#ifndef RK_PROPERTY_DIVISOR
#define RK_PROPERTY_DIVISOR 1
#endif
/// How many sequences a property run makes: `full` in an optimised build, a tenth under the sanitizers.
constexpr std::size_t property_sequences(std::size_t full) { return full / RK_PROPERTY_DIVISOR; }

struct PropertyStats {
  std::size_t sequences = 0, actions = 0, accepted = 0, edits = 0, checked_cells = 0, described_checks = 0;
};

class PropertyRun {
 public:
  /// `initial`: the sheet as the player made it before the builder opened it (blank by default).
  PropertyRun(Build& b, std::uint64_t seed, std::optional<Character> initial = std::nullopt)
      : b_(b), rng_(seed), seed_(seed), initial_(initial ? std::move(*initial) : blank_character(b.ruleset())) {}

  /// Runs `length` random actions, checking after each; returns false at the first violation.
  bool run(std::size_t length, PropertyStats& stats) {
    for (std::size_t i = 0; i < length; ++i) {
      const std::string action = next_action();
      if (action.empty()) continue;
      log_ << action << "\n";
      if (!apply(action, stats)) return false;
    }
    return unpick_everything(stats);
  }

  std::string log() const { return "seed " + std::to_string(seed_) + ":\n" + log_.str(); }

 private:
  struct Edit {
    std::string kind, id;
    std::optional<Scalar> value;
    std::optional<AbilityRecord> owned;  ///< abilities: what the builder had written when the player edited
    bool had_record = false;             ///< the builder answered for the cell when the player edited it
    std::optional<Scalar> under;         ///< then: the player's value beneath the builder's
    bool displaced = false;              ///< the builder's answer changed and replaced the edit (BA-105)
  };

  /// The player's own value of an edited cell: the edit, or — when the edit sat on the builder's
  /// answer and that answer changed — what was beneath the builder's answer.
  static std::optional<Scalar> own_value(const Edit& e) { return e.displaced && e.had_record ? e.under : e.value; }

  template <typename T>
  const T& any(const std::vector<T>& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng_)];
  }
  int roll(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  /// The sheet a player sees: everything but the builder's record.
  static std::string sheet_of(const Character& c) {
    boost::json::value v = character_to_json(c);
    v.as_object().erase("builder");
    return boost::json::serialize(v);
  }

  static std::string quote(const std::string& s) { return boost::json::serialize(boost::json::value(s)); }
  static std::string json(const Scalar& s) { return boost::json::serialize(scalar_to_json(s)); }

  std::optional<Scalar> cell(const Character& c, const std::string& kind, const std::string& id) const {
    if (kind == "fields") {
      auto it = c.fields.find(id);
      if (it == c.fields.end()) return std::nullopt;
      return it->second;
    }
    if (kind == "abilities") {
      auto it = c.abilities.find(id);
      if (it == c.abilities.end()) return std::nullopt;
      return Scalar{it->second};
    }
    const auto& map = kind == "skills" ? c.skills : c.saves;
    auto it = map.find(id);
    if (it == map.end()) return std::nullopt;
    return Scalar{it->second};
  }

  static std::string record(const Ledger& l, const std::string& kind, const std::string& id) {
    if (kind == "abilities") {
      auto it = l.abilities.find(id);
      return it == l.abilities.end()
                 ? ""
                 : it->second.value.to_string() + "/" + it->second.applied.to_string() + (it->second.base ? "b" : "");
    }
    const auto& map = kind == "fields" ? l.fields : kind == "skills" ? l.skills : l.saves;
    auto it = map.find(id);
    return it == map.end() ? "" : boost::json::serialize(scalar_to_json(it->second.value));
  }

  Ledger ledger() const {
    Diagnostics d;
    return read_builder_answers(b_.character().builder, d).wrote;
  }

  std::string edit_action() {
    const Ruleset& rs = b_.ruleset();
    switch (roll(4)) {
      case 0: {
        const Field& f = any(rs.sheet.fields);
        std::string value;
        switch (f.spec.type) {
          case ValueType::Number:
            value = std::to_string(
                std::clamp<std::int64_t>(f.spec.min.whole() + roll(10), f.spec.min.whole(), f.spec.max.whole()));
            break;
          case ValueType::Enum:
            value = quote(any(f.spec.values));
            break;
          case ValueType::Boolean:
            value = roll(2) ? "true" : "false";
            break;
          default:
            value = quote("Typed " + std::to_string(roll(3)));
        }
        if (roll(6) == 0) value = "null";
        return R"({"edit": "fields/)" + f.id + R"(", "value": )" + value + "}";
      }
      case 1: {
        const Ability& a = any(rs.sheet.abilities);
        if (a.computed()) return "";
        const std::int64_t lo = std::max<std::int64_t>(a.min.whole(), 3),
                           hi = std::min<std::int64_t>(a.max.whole(), 20);
        return R"({"edit": "abilities/)" + a.id + R"(", "value": )" +
               std::to_string(lo + roll(static_cast<int>(hi - lo + 1))) + "}";
      }
      default: {
        const bool skills = roll(2) == 0 || rs.sheet.saves.empty();
        const auto& checks = skills ? rs.sheet.skills : rs.sheet.saves;
        if (checks.empty()) return "";
        const std::string tier = roll(4) == 0 ? "null" : quote(any(rs.resolution.tiers).id);
        return std::string(R"({"edit": ")") + (skills ? "skills/" : "saves/") + any(checks).id + R"(", "value": )" +
               tier + "}";
      }
    }
  }

  std::string next_action() {
    if (b_.view().mode == "described" && roll(12) == 0) return R"({"done": true})";
    const auto& steps = b_.view().steps;
    const StepView& s = any(steps);
    const int verb = roll(20);
    if (verb < 3) return edit_action();
    if (s.kind == BuilderStep::Kind::Catalog) {
      if (verb < 6 && !s.selections.empty())
        return R"({"step": ")" + s.id + R"(", "unpick": )" + quote(any(s.selections).id) + "}";
      if (s.offers.empty()) return "";
      return R"({"step": ")" + s.id + R"(", "pick": )" + quote(any(s.offers).id) + "}";
    }
    if (s.kind == BuilderStep::Kind::StartingGear) {
      if (verb < 8 && !s.selections.empty())
        return R"({"step": ")" + s.id + R"(", "drop": )" + quote(any(s.selections).id) + "}";
      if (s.offers.empty()) return "";
      return R"({"step": ")" + s.id + R"(", "take": )" + quote(any(s.offers).id) + "}";
    }
    if (!s.slots.empty() && verb < 14) {
      const SlotView& slot = any(s.slots);
      std::string values;
      const int n = slot.offers.empty() ? 0 : roll(static_cast<int>(slot.count) + 1);
      for (int k = 0; k < n; ++k) values += (k ? ", " : "") + quote(any(slot.offers).id);
      return R"({"step": ")" + s.id + R"(", "choose": )" + quote(slot.key) + R"(, "values": [)" + values + "]}";
    }
    if (s.kind == BuilderStep::Kind::Abilities) {
      if (verb < 15 && !s.methods.empty())
        return R"({"step": ")" + s.id + R"(", "method": )" +
               (roll(5) == 0 ? "null" : quote(std::string(choice_name(kAbilityMethods, any(s.methods))))) + "}";
      if (s.abilities.empty()) return "";
      const std::string ability = any(s.abilities).id;
      if (s.method == AbilityMethod::Roll && s.rolls.empty()) return R"({"step": ")" + s.id + R"(", "roll": true})";
      if ((s.method == AbilityMethod::StandardArray || s.method == AbilityMethod::Roll) && !s.pool.empty()) {
        return R"({"step": ")" + s.id + R"(", "assign": {")" + ability + R"(": )" + json(Scalar{any(s.pool)}) + "}}";
      }
      return R"({"step": ")" + s.id + R"(", "set": {")" + ability + R"(": )" + std::to_string(8 + roll(8)) + "}}";
    }
    if (s.kind == BuilderStep::Kind::Fields && !s.fields.empty()) {
      const FieldEntryView& f = any(s.fields);
      const Field* field = nullptr;
      for (const auto& x : b_.ruleset().sheet.fields) {
        if (x.id == f.id) field = &x;
      }
      std::string value = field->spec.is_numeric()
                              ? std::to_string(std::max<std::int64_t>(field->spec.min.whole(), 1) + roll(6))
                              : quote("Note");
      if (field->spec.type == ValueType::Enum) value = quote(any(field->spec.values));
      return R"({"step": ")" + s.id + R"(", "field": ")" + f.id + R"(", "value": )" + value + "}";
    }
    return "";
  }

  bool apply(const std::string& action, PropertyStats& stats) {
    ++stats.actions;
    const Ledger before = ledger();
    const Character was = b_.character();
    Diagnostics d;
    auto next = apply_action(b_.catalogs(), was, boost::json::parse(action), dice_, d);
    if (!next) return true;  // refused: nothing changed (the result is discarded)
    ++stats.accepted;
    // BA-149: while described, a selection records what the character is and changes nothing.
    const auto parsed_action = boost::json::parse(action).as_object();
    if (b_.view().mode == "described" && !parsed_action.contains("edit") && !parsed_action.contains("done") &&
        !parsed_action.contains("field") && sheet_of(next->character) != sheet_of(was)) {
      ADD_FAILURE() << "the described character's sheet changed by " << action << "\n" << log();
      return false;
    }
    ++stats.described_checks;
    if (parsed_action.contains("done") && b_.view().mode == "described") {
      const Ledger adopted = ledger();  // what the described picks count as having given (BA-149)
      for (const auto& [id, rec] : adopted.fields)
        if (rec.owned) adopted_.insert("fields/" + id);
      for (const auto& [id, rec] : adopted.skills)
        if (rec.owned) adopted_.insert("skills/" + id);
      for (const auto& [id, rec] : adopted.saves)
        if (rec.owned) adopted_.insert("saves/" + id);
      for (const auto& [id, rec] : adopted.abilities) adopted_.insert("abilities/" + id);
      // An edit made while described is part of the description; a pick that explains it owns it.
      std::erase_if(edits_, [&](const Edit& e) { return adopted_.contains(e.kind + "/" + e.id); });
    }
    b_.set_character(next->character);
    // Re-opening is a fixpoint: the character the action left is the character re-opened.
    if (!(character_to_json(b_.character()) == character_to_json(next->character))) {
      ADD_FAILURE() << "re-opening changed the character after " << action << "\n"
                    << log() << boost::json::serialize(character_to_json(b_.character())) << "\n"
                    << boost::json::serialize(character_to_json(next->character));
      return false;
    }
    const Ledger after = ledger();
    const auto parsed = boost::json::parse(action).as_object();
    // A value typed in the builder's own fields step is the player's unless the builder answers for it (BA-109).
    const bool typed = parsed.contains("field") && !before.fields.contains(std::string(parsed.at("field").as_string()));
    const std::string edited = typed                     ? "fields/" + std::string(parsed.at("field").as_string())
                               : parsed.contains("edit") ? std::string(parsed.at("edit").as_string())
                                                         : "";
    for (auto& e : edits_) {
      if (e.displaced || (e.kind + "/" + e.id) == edited) continue;
      ++stats.checked_cells;
      const auto now = cell(b_.character(), e.kind, e.id);
      const bool answer_changed = record(before, e.kind, e.id) != record(after, e.kind, e.id);
      if (now != e.value) {
        if (!answer_changed) {
          ADD_FAILURE() << "the player's edit of " << e.kind << "/" << e.id << " was lost by " << action
                        << " though the builder's answer for it did not change\n"
                        << log();
          return false;
        }
        e.displaced = true;  // legitimately replaced by the builder's new answer (BA-105)
        continue;
      }
      // The builder no longer answers for the cell and the edit stayed: it is the player's own now.
      if (e.kind != "abilities" && record(after, e.kind, e.id).empty()) e.had_record = false;
    }
    if (parsed.contains("edit") || typed) {
      ++stats.edits;
      const std::string path =
          typed ? "fields/" + std::string(parsed.at("field").as_string()) : std::string(parsed.at("edit").as_string());
      const auto slash = path.find('/');
      const boost::json::value& typed_value = parsed.at("value");
      std::optional<Scalar> typed_scalar;
      if (typed_value.is_string())
        typed_scalar = Scalar{std::string(typed_value.as_string())};
      else if (typed_value.is_bool())
        typed_scalar = Scalar{typed_value.as_bool()};
      else if (typed_value.is_int64())
        typed_scalar = Scalar{Number::of(typed_value.as_int64())};
      Edit e{path.substr(0, slash), path.substr(slash + 1), typed_scalar, std::nullopt, false, std::nullopt, false};
      if (auto rec = before.abilities.find(e.id); e.kind == "abilities" && rec != before.abilities.end())
        e.owned = rec->second;
      if (e.kind != "abilities") {
        const auto& map = e.kind == "fields" ? before.fields : e.kind == "skills" ? before.skills : before.saves;
        if (auto rec = map.find(e.id); rec != map.end()) {
          e.had_record = true;
          e.under = rec->second.under;
        }
      }
      if (cell(b_.character(), e.kind, e.id) != e.value) {
        // Only a cleared cell may be filled at once: it is empty, and a counting selection writes it (BA-108).
        if (e.value) {
          ADD_FAILURE() << "the edit " << action << " did not stay\n" << log();
          return false;
        }
        e.displaced = true;
      }
      std::erase_if(edits_, [&](const Edit& x) { return x.kind == e.kind && x.id == e.id; });
      edits_.push_back(e);
      return true;
    }
    return true;
  }

  bool unpick_everything(PropertyStats& stats) {
    // Every pick, kit, choice and method taken back, the edits the player made stay.
    for (int round = 0; round < 4; ++round) {
      const std::vector<StepView> steps = b_.view().steps;  // applying an action replaces the view
      for (const auto& s : steps) {
        for (const auto& sel : s.selections) {
          if (sel.implicit) continue;
          const std::string verb = s.kind == BuilderStep::Kind::StartingGear ? "drop" : "unpick";
          if (!apply(R"({"step": ")" + s.id + R"(", ")" + verb + R"(": )" + quote(sel.id) + "}", stats)) return false;
        }
        for (const auto& slot : s.slots) {
          if (!slot.answers.empty() &&
              !apply(R"({"step": ")" + s.id + R"(", "choose": )" + quote(slot.key) + R"(, "values": []})", stats))
            return false;
        }
        if (s.kind == BuilderStep::Kind::Abilities && s.method &&
            !apply(R"({"step": ")" + s.id + R"(", "method": null})", stats))
          return false;
      }
    }
    const Character& c = b_.character();
    const Ledger l = ledger();
    const Ruleset& rs = b_.ruleset();
    if (b_.view().mode == "described") {
      // Never Done: no pick changed anything, so the sheet is what the player made and typed (BA-149).
      Character own = initial_;
      for (const auto& e : edits_) {
        if (e.kind == "fields") {
          if (e.value)
            own.fields[e.id] = *e.value;
          else
            own.fields.erase(e.id);
        } else if (e.kind == "abilities") {
          if (e.value)
            own.abilities[e.id] = std::get<Number>(e.value->value);
          else
            own.abilities.erase(e.id);
        } else {
          auto& map = e.kind == "skills" ? own.skills : own.saves;
          if (e.value)
            map[e.id] = std::get<std::string>(e.value->value);
          else
            map.erase(e.id);
        }
      }
      if (sheet_of(c) != sheet_of(own)) {
        ADD_FAILURE() << "the described sheet is not the player's own after unpicking everything\n" << log();
        return false;
      }
      ++stats.sequences;
      return true;
    }
    // Whatever the builder still answers for comes from a default it cannot take back (exclusiveDefault).
    for (const auto& f : rs.sheet.fields) {
      if (l.fields.contains(f.id)) continue;
      const auto mine =
          std::find_if(edits_.begin(), edits_.end(), [&](const Edit& e) { return e.kind == "fields" && e.id == f.id; });
      if (mine == edits_.end() && adopted_.contains("fields/" + f.id)) continue;
      const auto held = cell(c, "fields", f.id);
      if (held != (mine == edits_.end() ? cell(initial_, "fields", f.id) : own_value(*mine))) {
        ADD_FAILURE() << "field " << f.id << " is not the player's own after unpicking everything\n" << log();
        return false;
      }
    }
    for (const auto& [kind, checks] :
         {std::pair{std::string("skills"), &rs.sheet.skills}, std::pair{std::string("saves"), &rs.sheet.saves}}) {
      const std::string& section = kind;  // clang 14 cannot capture a structured binding in a lambda
      for (const auto& check : *checks) {
        const auto& ledger_map = section == "skills" ? l.skills : l.saves;
        if (ledger_map.contains(check.id)) continue;
        const auto mine = std::find_if(edits_.begin(), edits_.end(),
                                       [&](const Edit& e) { return e.kind == section && e.id == check.id; });
        if (mine == edits_.end() && adopted_.contains(kind + "/" + check.id)) continue;
        const auto held = cell(c, kind, check.id);
        if (held != (mine == edits_.end() ? cell(initial_, kind, check.id) : own_value(*mine))) {
          ADD_FAILURE() << kind << " " << check.id << " is not the player's own after unpicking everything\n" << log();
          return false;
        }
      }
    }
    for (const auto& a : rs.sheet.abilities) {
      if (a.computed() || l.abilities.contains(a.id)) continue;
      const auto mine = std::find_if(edits_.begin(), edits_.end(),
                                     [&](const Edit& e) { return e.kind == "abilities" && e.id == a.id; });
      if (mine == edits_.end() && adopted_.contains("abilities/" + a.id)) continue;
      const auto held = cell(c, "abilities", a.id);
      std::optional<Scalar> own = cell(initial_, "abilities", a.id);
      if (mine != edits_.end()) {
        if (mine->displaced) continue;  // replaced by a changed base or increase: the player's value is gone (BA-105)
        own = mine->value;
        if (mine->owned && !mine->owned->base && own)
          own = Scalar{std::get<Number>(own->value) - mine->owned->applied};  // increases taken back (BA-103)
        if (mine->owned && mine->owned->base && own && std::get<Number>(own->value) == mine->owned->value)
          continue;  // typed the builder's own value
      }
      if (held != own) {
        ADD_FAILURE() << "ability " << a.id << " is not the player's own after unpicking everything\n" << log();
        return false;
      }
    }
    for (const auto& [list, rows] : c.lists) {
      for (const auto& row : rows) {
        const bool builders =
            std::any_of(l.rows.begin(), l.rows.end(), [&](const auto& r) { return r.second.row == row.id; });
        if (!builders) {
          ADD_FAILURE() << "row " << row.id << " of " << list << " stayed after unpicking everything\n" << log();
          return false;
        }
      }
    }
    ++stats.sequences;
    return true;
  }

  Build& b_;
  std::mt19937_64 rng_;
  std::uint64_t seed_;
  SeededDice dice_{7};
  std::vector<Edit> edits_;
  std::ostringstream log_;
  Character initial_;              ///< the sheet the sequence started from: the player's own values
  std::set<std::string> adopted_;  ///< "kind/id" the described picks gave, taken back when unpicked (BA-151)
};

}  // namespace rk::builder_test
