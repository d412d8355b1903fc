// Reading what `combat` says about conditions (docs/format/combat.md "Conditions", "Levels",
// "Contests"): the sheet's conditions mapped onto the closed effect list, levels of tracks and
// derived values that count as conditions, and the contests a combatant may start.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read_play.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

class RulesReader {
 public:
  RulesReader(Combat& combat, Ruleset& ruleset, ReadContext& cx)
      : c_(combat), rs_(ruleset), cx_(cx), d_(cx.diagnostics) {}

  /// The parts a condition and a level share, with their gates and the pool fight's rule on dice.
  ConditionRules rules(ObjectReader& e, std::string_view key) {
    ConditionRules out;
    out.effects = read_effects(e, "effects", 0, false, cx_);
    out.modifiers = read_modifiers(e, cx_);
    out.fails_saves = read_ids(e, "failsSaves", 1, limits::kNarrowSaves);
    out.saves = read_ids(e, "saves", 1, limits::kNarrowSaves);
    out.skills = read_ids(e, "skills", 1, limits::kNarrowSkills);
    check_narrowing(e, out.effects, out.modifiers, out.fails_saves, out.saves, out.skills, rs_);
    if (e.has("modifiers")) cx_.requirement.use(Gate::CombatModifiers, e.at("modifiers"));
    if (std::any_of(out.effects.begin(), out.effects.end(), is_own_check)) {
      cx_.requirement.use(Gate::CombatModifiers, e.at("effects"));
    }
    if (e.has("skills")) cx_.requirement.use(Gate::CombatNarrowing, e.at("skills"));
    for (std::size_t i = 0; i < out.modifiers.size(); ++i) {
      const CombatModifier& m = out.modifiers[i];
      const std::string mp = json::child(e.at("modifiers"), i);
      if (!m.skills.empty() || !m.saves.empty() || m.mode != CombatModifier::Mode::None)
        cx_.requirement.use(Gate::CombatNarrowing, mp);
      // A pool fight adds dice to a pool, so a rolled number would be dice nobody could throw.
      if (c_.kind == Combat::Kind::DicePool && !m.dice.empty()) {
        d_.error(Code::BadValue, json::child(mp, "dice"),
                 "{}: a \"dice-pool\" fight adds dice to a pool, so a modifier gives a flat number of dice", e.what());
      }
    }
    (void)key;
    return out;
  }

  void conditions(ObjectReader& r) {
    const bj::array* a = r.array("conditions", false);
    if (a == nullptr) return;
    check_limit(limits::kCombatConditions, a->size(), r.at("conditions"), "combat.conditions", d_);
    std::set<Id> mapped;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("conditions"), i);
      ObjectReader e((*a)[i], p, fmt::format("combat.conditions #{}", i + 1), d_);
      if (!e.ok()) continue;
      CombatCondition entry;
      entry.condition = e.id("condition", true).value_or("");
      if (!entry.condition.empty()) {
        e.rename(fmt::format("combat condition `{}`", entry.condition));
        expect_known(d_, rs_.sheet.condition_index, entry.condition, e.at("condition"), e.what(), "condition");
        if (!mapped.insert(entry.condition).second)
          e.error(Code::DuplicateId, "condition", "condition `{}` is mapped twice", entry.condition);
      }
      entry.rules = rules(e, "conditions");
      if (const bj::value* sight = e.get("whileSourceInSight")) {
        if (sight->is_bool() && sight->get_bool()) {
          entry.while_source_in_sight = true;
        } else if (sight->is_array()) {
          entry.in_sight_effects = read_effects(e, "whileSourceInSight", 1, false, cx_);
          for (std::size_t j = 0; j < entry.in_sight_effects.size(); ++j) {
            const ConditionEffect effect = entry.in_sight_effects[j];
            if (std::find(entry.rules.effects.begin(), entry.rules.effects.end(), effect) ==
                entry.rules.effects.end()) {
              d_.error(Code::BadValue, json::child(e.at("whileSourceInSight"), j),
                       "{}: this condition does not have the effect \"{}\" to gate", e.what(),
                       choice_name(kConditionEffects, effect));
            }
          }
        } else {
          e.error(Code::WrongType, "whileSourceInSight",
                  "`whileSourceInSight` is `true` or a list of this condition's effects");
        }
      }
      entry.ends_when_source_down = e.boolean("endsWhenSourceDown").value_or(false);
      c_.conditions.push_back(std::move(entry));
    }
  }

  void levels(ObjectReader& r) {
    const bj::array* a = r.array("levels", false);
    if (a == nullptr) return;
    cx_.requirement.use(Gate::CombatModifiers, r.at("levels"));
    check_limit(limits::kCombatLevels, a->size(), r.at("levels"), "combat.levels", d_);
    std::set<std::string> levelled;
    const Sheet& s = rs_.sheet;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("levels"), i);
      ObjectReader e((*a)[i], p, fmt::format("combat.levels #{}", i + 1), d_);
      if (!e.ok()) continue;
      CombatLevel level;
      level.track = e.id("track", false).value_or("");
      level.derived = e.id("derived", false).value_or("");
      level.at = read_whole(e, "at", true, 1, limits::kCombatLevelAtMax).value_or(0);
      if (e.has("track") == e.has("derived")) {
        e.error(Code::ConflictingKeys, "track", "a level reads a live `track` or a `derived` value: one of them");
      } else if (e.has("derived")) {
        cx_.requirement.use(Gate::LevelDerived, e.at("derived"));
        expect_known(d_, s.derived_index, level.derived, e.at("derived"), e.what(), "derived value");
      } else if (auto it = s.track_index.find(level.track); it == s.track_index.end()) {
        if (!level.track.empty())
          e.error(Code::UnknownReference, "track", "the sheet declares no track `{}`", level.track);
      } else if (s.tracks[it->second].wound) {
        e.error(Code::WrongReferenceType, "track", "`{}` is a wound track; a level reads a plain track's number",
                level.track);
      } else if (const Ref& top = s.tracks[it->second].max;
                 top.kind == RefKind::Const && level.at > 0 && Number::of(level.at) > top.constant) {
        // A level above a fixed top is never reached: nearly always a typo.
        e.error(Code::OutOfRange, "at", "`{}` goes up to {}, so level {} is never reached", level.track,
                top.constant.to_string(), level.at);
      }
      const std::string key =
          (e.has("derived") ? "derived:" + level.derived : "track:" + level.track) + "@" + std::to_string(level.at);
      if (level.at > 0 && !levelled.insert(key).second) {
        e.error(Code::DuplicateId, "at", "level {} of `{}` is given twice", level.at,
                e.has("derived") ? level.derived : level.track);
      }
      level.rules = rules(e, "levels");
      for (std::size_t j = 0; j < level.rules.effects.size(); ++j) {
        if (is_sourced(level.rules.effects[j])) {
          d_.error(Code::BadValue, json::child(e.at("effects"), j),
                   "{}: a level cannot have \"{}\": nobody put it on, and it ends only when what it reads goes down",
                   e.what(), choice_name(kConditionEffects, level.rules.effects[j]));
        }
      }
      if (level.rules.effects.empty() && !e.has("modifiers") && !e.has("failsSaves")) {
        e.error(Code::MissingKey, "effects", "a level does something: effects, modifiers or saves it fails");
      }
      c_.levels.push_back(std::move(level));
    }
  }

  void contests(ObjectReader& r) {
    if (r.has("checks") || r.has("contests"))
      cx_.requirement.use(Gate::Contests, r.has("checks") ? r.at("checks") : r.at("contests"));
    UniqueIds checks{"contest check"};
    if (const bj::array* a = r.array("checks", false)) {
      check_limit(limits::kContestChecks, a->size(), r.at("checks"), "combat.checks", d_);
      for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string p = json::child(r.at("checks"), i);
        ObjectReader e((*a)[i], p, entry_name("contest check", (*a)[i], p), d_);
        if (!e.ok()) continue;
        ContestCheck check;
        check.id = e.id("id", true).value_or("");
        check.label = e.label();
        if (auto value = read_sheet_ref(e, "value", true, true, rs_, cx_)) check.value = *value;
        checks.add(check.id, e.at("id"), d_);
        c_.checks.push_back(std::move(check));
      }
    }
    const bj::array* a = r.array("contests", false);
    if (a == nullptr) return;
    check_limit(limits::kContests, a->size(), r.at("contests"), "combat.contests", d_);
    UniqueIds ids{"contest"};
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("contests"), i);
      ObjectReader e((*a)[i], p, entry_name("contest", (*a)[i], p), d_);
      if (!e.ok()) continue;
      Contest contest;
      contest.id = e.id("id", true).value_or("");
      contest.label = e.label();
      ids.add(contest.id, e.at("id"), d_);
      contest.budget = e.id("budget", true).value_or("");
      if (!contest.budget.empty() && !c_.has_budget(contest.budget))
        e.error(Code::UnknownReference, "budget", "`combat.economy.budgets` has no budget `{}`", contest.budget);
      if (auto strike = e.boolean("strike")) {
        if (!*strike) e.error(Code::BadValue, "strike", "`strike` is written `true` or left out");
        contest.strike = *strike;
      }
      if (auto reach = e.number("reach", false)) {
        if (*reach <= Number() || *reach > Number::of(limits::kDistanceMax))
          e.error(Code::OutOfRange, "reach", "`reach` is above 0 and at most {}", limits::kDistanceMax);
        contest.reach = *reach;
        if (!c_.distance)
          e.error(Code::BadValue, "reach", "`reach` is measured in cells, so the combat block declares `distance` too");
      }
      for (auto [side, out_checks] :
           {std::pair<std::string_view, std::vector<Id>*>{"attacker", &contest.attacker_checks},
            std::pair<std::string_view, std::vector<Id>*>{"defender", &contest.defender_checks}}) {
        auto& out = *out_checks;
        if (const bj::value* sv = e.get(side)) {
          ObjectReader sr(*sv, e.at(side), fmt::format("{} `{}`", e.what(), side), d_);
          if (!sr.has("checks") && sr.ok()) sr.error(Code::MissingKey, "", "`checks` is required");
          out = read_ids(sr, "checks", 1, limits::kContestSideChecks);
          for (std::size_t j = 0; j < out.size(); ++j) {
            if (!checks.contains(out[j]))
              d_.error(Code::UnknownReference, json::child(sr.at("checks"), j), "{}: `combat.checks` has no check `{}`",
                       sr.what(), out[j]);
          }
        } else {
          e.error(Code::MissingKey, "", "`{}` is required", side);
        }
      }
      contest.attacker_takes_ties = e.choice("ties", false, Contest::kTies) == Contest::Side::Attacker;
      if (const bj::value* from = e.get("from")) {
        ObjectReader fr(*from, e.at("from"), e.what() + " `from`", d_);
        contest.from_holding = fr.id("holding", true).value_or("");
        expect_known(d_, rs_.sheet.condition_index, contest.from_holding, fr.at("holding"), fr.what(), "condition");
      }
      if (const bj::value* win = e.get("onWin"))
        on_win(*win, e, contest);
      else
        e.error(Code::MissingKey, "", "`onWin` is required");
      c_.contests.push_back(std::move(contest));
    }
  }

 private:
  void on_win(const bj::value& v, ObjectReader& e, Contest& contest) {
    ObjectReader w(v, e.at("onWin"), e.what() + " `onWin`", d_);
    if (!w.ok()) return;
    if (const bj::array* applies = w.array("applies", false)) {
      if (applies->empty()) w.error(Code::TooFew, "applies", "`applies` lists at least one");
      check_limit(limits::kContestOnWin, applies->size(), w.at("applies"), w.what() + " `applies`", d_);
      for (std::size_t i = 0; i < applies->size(); ++i) {
        ObjectReader a((*applies)[i], json::child(w.at("applies"), i), fmt::format("{} applies #{}", w.what(), i + 1),
                       d_);
        const Id condition = a.id("condition", true).value_or("");
        expect_known(d_, rs_.sheet.condition_index, condition, a.at("condition"), a.what(), "condition");
        // Breaking free of something and putting it on in one breath says nothing a fight can do.
        if (!condition.empty() && condition == contest.from_holding) {
          a.error(Code::ConflictingKeys, "condition", "a contest that breaks free of `{}` cannot also apply it",
                  condition);
        }
        contest.applies.emplace_back(condition, read_whole(a, "rounds", false, 1, limits::kContestRoundsMax));
      }
    }
    if (const bj::array* ends = w.array("ends", false)) {
      if (ends->empty()) w.error(Code::TooFew, "ends", "`ends` lists at least one");
      check_limit(limits::kContestOnWin, ends->size(), w.at("ends"), w.what() + " `ends`", d_);
      for (std::size_t i = 0; i < ends->size(); ++i) {
        ObjectReader a((*ends)[i], json::child(w.at("ends"), i), fmt::format("{} ends #{}", w.what(), i + 1), d_);
        const Id condition = a.id("condition", true).value_or("");
        expect_known(d_, rs_.sheet.condition_index, condition, a.at("condition"), a.what(), "condition");
        contest.ends.emplace_back(condition, a.choice("on", true, Contest::kOn) == Contest::Side::Defender);
      }
    }
    if (auto push = w.number("push", false)) {
      if (*push <= Number() || *push > Number::of(limits::kDistanceMax))
        w.error(Code::OutOfRange, "push", "`push` is above 0 and at most {}", limits::kDistanceMax);
      contest.push = *push;
      if (!c_.distance)
        w.error(Code::BadValue, "push", "`push` is measured in cells, so the combat block declares `distance` too");
    }
    if (!w.has("applies") && !w.has("ends") && !w.has("push"))
      w.error(Code::MissingKey, "", "a contest's `onWin` applies, ends or pushes something");
  }

  Combat& c_;
  Ruleset& rs_;
  ReadContext& cx_;
  Diagnostics& d_;
};

}  // namespace

void read_combat_rules(ObjectReader& r, Combat& combat, Ruleset& ruleset, ReadContext& cx) {
  RulesReader reader(combat, ruleset, cx);
  reader.conditions(r);
  reader.levels(r);
  reader.contests(r);
}

}  // namespace rk::detail
