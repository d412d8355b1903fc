// Builder actions (docs/format/builder.md "Actions"): one JSON object naming its step (or `edit`,
// or `done`) and one verb. An action is checked against the builder as it stands; a refused one
// changes nothing and says why with a stable code.
#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "builder/engine.hpp"
#include "format/limits.hpp"
#include "format/reader.hpp"
#include "json/document.hpp"
#include "json/write.hpp"

namespace rk {

namespace {

namespace bj = boost::json;

/// The verbs of a step action (docs/format/builder.md "Actions").
enum class Verb : std::uint8_t {
  Pick,
  Unpick,
  Method,
  Set,
  Assign,
  Roll,
  Choose,
  Take,
  Drop,
  Field,
  KeepUnspent,
  Priority,
  Buy,
  Refund,
  Note,
  Lower,
  Reprice,
  Initialize,
  Add,
  Copy,
  Update,
  Delete,
  Show
};
constexpr Choice<Verb> kVerbs[] = {{Verb::Pick, "pick"},
                                   {Verb::Unpick, "unpick"},
                                   {Verb::Method, "method"},
                                   {Verb::Set, "set"},
                                   {Verb::Assign, "assign"},
                                   {Verb::Roll, "roll"},
                                   {Verb::Choose, "choose"},
                                   {Verb::Take, "take"},
                                   {Verb::Drop, "drop"},
                                   {Verb::Field, "field"},
                                   {Verb::KeepUnspent, "keepUnspent"},
                                   {Verb::Priority, "priority"},
                                   {Verb::Buy, "buy"},
                                   {Verb::Refund, "refund"},
                                   {Verb::Note, "note"},
                                   {Verb::Lower, "lower"},
                                   {Verb::Reprice, "reprice"},
                                   {Verb::Initialize, "initialize"},
                                   {Verb::Add, "add"},
                                   {Verb::Copy, "copy"},
                                   {Verb::Update, "update"},
                                   {Verb::Delete, "delete"},
                                   {Verb::Show, "show"}};

/// What an All-fields edit (`"edit": "<target>/<id>"`) may change.
enum class EditTarget : std::uint8_t { Fields, Abilities, Skills, Saves, Bonuses };
constexpr Choice<EditTarget> kEditTargets[] = {{EditTarget::Fields, "fields"},
                                               {EditTarget::Abilities, "abilities"},
                                               {EditTarget::Skills, "skills"},
                                               {EditTarget::Saves, "saves"},
                                               {EditTarget::Bonuses, "bonuses"}};

/// The keys a step action may hold besides `step` and its verb.
std::vector<std::string_view> companions(Verb verb) {
  if (verb == Verb::Choose || verb == Verb::Update) return {"values"};
  if (verb == Verb::Field || verb == Verb::Note) return {"value"};
  if (verb == Verb::Priority) return {"group"};
  return {};
}

/// Refuses every key of `action` but `allowed`, through the format's reader (unknown-key, with a
/// suggestion); false when one was found.
bool only_keys(const bj::value& action, std::initializer_list<std::string_view> allowed,
               const std::vector<std::string_view>& more, Diagnostics& d) {
  Diagnostics found;
  {
    ObjectReader r(action, "", "the action", found);
    for (const auto key : allowed) r.accept(key);
    for (const auto key : more) r.accept(key);
  }
  d.append(found);
  return !found.has_errors();
}

const OfferView* find_offer(const std::vector<OfferView>& offers, const std::string& id) {
  for (const auto& o : offers) {
    if (o.id == id) return &o;
  }
  return nullptr;
}

class ActionRunner {
 public:
  ActionRunner(const CatalogSet& catalogs, builder::Opened opened, Dice& dice, Diagnostics& d)
      : catalogs_(catalogs),
        rs_(catalogs.ruleset()),
        character_(opened.result.character),
        view_(opened.result.view),
        answers_(std::move(opened.answers)),
        dice_(dice),
        d_(d) {}

  /// Applies the action to the answers (or the sheet); false when refused.
  bool apply(const bj::value& action) {
    if (!action.is_object()) return refuse(Code::BadAction, "", "an action is a JSON object");
    const bj::object& o = action.as_object();
    if (o.contains("done")) return done(o);
    if (o.contains("edit")) return edit(action);
    const bj::value* step_id = o.if_contains("step");
    if (step_id == nullptr || !step_id->is_string()) {
      return refuse(Code::BadAction, "", "an action names its `step` (or is an `edit` or `done`)");
    }
    const std::string id(step_id->as_string());
    const BuilderStep* step = nullptr;
    const StepView* view = nullptr;
    for (std::size_t i = 0; i < rs_.sheet.builder->steps.size(); ++i) {
      if (rs_.sheet.builder->steps[i].id == id) {
        step = &rs_.sheet.builder->steps[i];
        view = &view_.steps[i];
      }
    }
    if (step == nullptr) {
      std::vector<std::string> ids;
      for (const auto& s : rs_.sheet.builder->steps) ids.push_back(s.id);
      return refuse(Code::UnknownReference, "/step", "the builder has no step `{}`{}", id, did_you_mean(id, ids));
    }
    std::optional<Verb> verb;
    std::string verb_word;
    for (const auto& [key, _] : o) {
      const auto found = choice_of(kVerbs, key);
      if (!found) continue;
      if (verb)
        return refuse(Code::BadAction, "", "an action has one verb, found `{}` and `{}`", verb_word, std::string(key));
      verb = found;
      verb_word = key;
    }
    if (!verb) {
      std::vector<std::string> words;
      for (const auto& c : kVerbs) words.emplace_back(c.name);
      for (const auto& [key, _] : o) {
        if (key == "step") continue;
        return refuse(Code::BadAction, json::child("", key), "`{}` is not a verb; the verbs are {}{}", std::string(key),
                      choice_words(kVerbs), did_you_mean(key, words));
      }
      return refuse(Code::BadAction, "", "the action names no verb");
    }
    if (!only_keys(action, {"step", verb_word}, companions(*verb), d_)) return false;
    const bj::value& arg = o.at(verb_word);
    StepAnswers& a = answers_.steps[step->id];
    switch (*verb) {
      case Verb::Pick:
        return kind(*step, BuilderStep::Kind::Catalog, verb_word) && pick(*step, *view, a, arg);
      case Verb::Unpick:
        return kind(*step, BuilderStep::Kind::Catalog, verb_word) && unpick(*view, a, arg);
      case Verb::Take:
        return kind(*step, BuilderStep::Kind::StartingGear, verb_word) && take(*view, a, arg);
      case Verb::Drop:
        return kind(*step, BuilderStep::Kind::StartingGear, verb_word) && drop(a, arg);
      case Verb::Method:
        return kind(*step, BuilderStep::Kind::Abilities, verb_word) && method(*step, *view, a, arg);
      case Verb::Set:
        return kind(*step, BuilderStep::Kind::Abilities, verb_word) && set(*step, a, arg);
      case Verb::Assign:
        return kind(*step, BuilderStep::Kind::Abilities, verb_word) && assign(*step, *view, a, arg);
      case Verb::Roll:
        if (step->kind == BuilderStep::Kind::Roll)
          return builder::roll_entries(*step, *view, a, arg, described(), dice_, d_);
        return kind(*step, BuilderStep::Kind::Abilities, verb_word) && roll(*step, a);
      case Verb::Initialize:
        return kind(*step, BuilderStep::Kind::Initialize, verb_word) &&
               builder::initialize_values(rs_, *step, *view, a, character_, arg, described(), d_);
      case Verb::KeepUnspent:
        return kind(*step, BuilderStep::Kind::Abilities, verb_word) && keep_unspent(*step, a, arg);
      case Verb::Priority:
        return kind(*step, BuilderStep::Kind::Allocate, verb_word) &&
               builder::allocate_priority(*step, answers_.allocations[step->id], arg, o.if_contains("group"), d_);
      case Verb::Buy:
      case Verb::Refund:
        if (step->kind == BuilderStep::Kind::Spend) {
          Purchases& p = answers_.purchases[step->id];
          const bool ok = *verb == Verb::Refund ? builder::spend_refund(*step, *view, p, arg, d_)
                                                : builder::spend_buy(*step, *view, p, arg, false, d_);
          if (p.empty()) answers_.purchases.erase(step->id);
          return ok;
        }
        return kind(*step, BuilderStep::Kind::Allocate, verb_word) &&
               builder::allocate_buy(*step, *view, answers_.allocations[step->id], arg, *verb == Verb::Refund, d_);
      case Verb::Lower: {
        if (!kind(*step, BuilderStep::Kind::Spend, verb_word)) return false;
        Purchases& p = answers_.purchases[step->id];
        const bool ok = builder::spend_buy(*step, *view, p, arg, true, d_);
        if (p.empty()) answers_.purchases.erase(step->id);
        return ok;
      }
      case Verb::Reprice:
        return kind(*step, BuilderStep::Kind::Spend, verb_word) &&
               builder::spend_reprice(*rs_.sheet.builder, *step, view_.steps, answers_.purchases, arg, d_);
      case Verb::Note:
        return kind(*step, BuilderStep::Kind::Allocate, verb_word) &&
               builder::allocate_note(*step, *view, answers_.allocations[step->id], arg, o.if_contains("value"), d_);
      case Verb::Choose:
        return choose(*view, arg, o.if_contains("values"));
      case Verb::Field:
        return kind(*step, BuilderStep::Kind::Fields, verb_word) && field(*step, arg, o.if_contains("value"));
      case Verb::Add:
        return kind(*step, BuilderStep::Kind::Rows, verb_word) &&
               builder::rows_add(rs_, *step, *view, character_, arg, d_);
      case Verb::Copy:
        return kind(*step, BuilderStep::Kind::Rows, verb_word) &&
               builder::rows_copy(catalogs_, *step, *view, character_, arg, d_);
      case Verb::Update:
        return kind(*step, BuilderStep::Kind::Rows, verb_word) &&
               builder::rows_update(rs_, *step, *view, character_, arg, o.if_contains("values"), d_);
      case Verb::Delete:
        return kind(*step, BuilderStep::Kind::Rows, verb_word) &&
               builder::rows_delete(*step, *view, character_, arg, d_);
      case Verb::Show:
        if (!arg.is_bool() || !arg.get_bool()) return refuse(Code::WrongType, "/show", "`show` is true");
        return kind(*step, BuilderStep::Kind::Rows, verb_word) && builder::rows_show(rs_, *step, *view, character_, d_);
    }
    return false;
  }

  Character& character() { return character_; }
  BuilderAnswers& answers() { return answers_; }
  /// The slot a `choose` answered, whose answers must all count once applied.
  const std::string& chosen_slot() const { return chosen_slot_; }

 private:
  template <typename... Args>
  bool refuse(Code code, std::string pointer, fmt::format_string<Args...> format, Args&&... args) {
    d_.error(code, std::move(pointer), format, std::forward<Args>(args)...);
    return false;
  }

  bool described() const { return answers_.mode == BuilderAnswers::Mode::Described; }

  bool kind(const BuilderStep& step, BuilderStep::Kind wanted, const std::string& verb) {
    if (step.kind == wanted) return true;
    return refuse(Code::BadAction, "/" + verb, "step `{}` is a {} step; `{}` is for {} steps", step.id,
                  builder::kind_name(step.kind), verb, builder::kind_name(wanted));
  }

  /// Refuses a score action that the step's method does not take, saying what to do first: Done
  /// for a described character (BA-52), a method when none is chosen, else the method that does.
  bool wrong_method(const BuilderStep& step, const StepAnswers& a, const std::string& verb, std::string_view wants) {
    if (answers_.mode == BuilderAnswers::Mode::Described) {
      return refuse(Code::DescribedMode, "/" + verb,
                    "the character is described: its sheet held values before the builder first opened, so picks "
                    "record what it already is and change nothing (BA-148, BA-149), and its scores stay as they are "
                    "(BA-52). To build it step by step, send {{\"done\": true}} first, then choose a method");
    }
    std::vector<std::string> offered;
    for (const auto& m : kAbilityMethods) {
      if (step.offers(m.value)) offered.push_back(fmt::format("\"{}\"", m.name));
    }
    if (!a.method) {
      return refuse(Code::BadAction, "/" + verb,
                    "step `{}` has no method yet: choose one first with {{\"step\": \"{}\", \"method\": …}} ({})",
                    step.id, step.id, fmt::join(offered, ", "));
    }
    return refuse(Code::BadAction, "/" + verb, "`{}` is for {}; step `{}` uses `{}` — choose that method first", verb,
                  wants, step.id, choice_name(kAbilityMethods, *a.method));
  }

  bool keep_unspent(const BuilderStep& step, StepAnswers& a, const bj::value& arg) {
    if (!arg.is_bool()) return refuse(Code::WrongType, "/keepUnspent", "`keepUnspent` is true or false");
    if (a.method != AbilityMethod::PointBuy) return wrong_method(step, a, "keepUnspent", "point buy");
    a.keep_unspent = arg.get_bool();
    return true;
  }

  std::optional<std::string> text(const bj::value& v, const std::string& verb) {
    if (v.is_string()) return std::string(v.as_string());
    refuse(Code::WrongType, "/" + verb, "`{}` names an entry id (a string)", verb);
    return std::nullopt;
  }

  bool pick(const BuilderStep& step, const StepView& view, StepAnswers& a, const bj::value& arg) {
    auto id = text(arg, "pick");
    if (!id) return false;
    if (std::find(a.picks.begin(), a.picks.end(), *id) != a.picks.end()) {
      return refuse(Code::DuplicateId, "/pick", "`{}` is already selected at step `{}`", *id, step.id);
    }
    const OfferView* offer = find_offer(view.offers, *id);
    if (!view.shown) return refuse(Code::NotOffered, "/pick", "step `{}` is hidden: its condition reads 0", step.id);
    if (offer == nullptr) {
      const CatalogEntries* all = catalogs_.get(step.catalog);
      const CatalogEntry* entry = all == nullptr ? nullptr : all->find(*id);
      if (entry != nullptr) {
        const Why why = builder::out_of_step(step, *entry, view.within_parents, view.up_to);
        if (!why.empty())
          return refuse(Code::NotOffered, "/pick", "step `{}` does not offer `{}` now: {}", step.id, *id,
                        reason_text(why));
      }
      std::vector<std::string> ids;
      for (const auto& o : view.offers) ids.push_back(o.id);
      return refuse(Code::NotOffered, "/pick", "step `{}` does not offer `{}`: catalog `{}` has no such entry{}",
                    step.id, *id, step.catalog, did_you_mean(*id, ids));
    }
    if (offer->disabled)
      return refuse(Code::NotOffered, "/pick", "step `{}` cannot take `{}` now: {}", step.id, *id,
                    reason_text(offer->why));
    const CatalogEntries* entries = catalogs_.get(step.catalog);
    const CatalogEntry* entry = entries->find(*id);
    // BA-92: picking an entry of an exclusive group removes the step's other selection in that group.
    if (!entry->exclusive.empty()) {
      std::erase_if(a.picks, [&](const std::string& p) {
        const CatalogEntry* e = entries->find(p);
        return e != nullptr && e->exclusive == entry->exclusive;
      });
    } else if (step.max == 1 && !step.count_from) {
      a.picks.clear();  // BA-13: with max 1 a new selection replaces the previous one
    } else {
      const auto counting = std::count_if(view.selections.begin(), view.selections.end(),
                                          [](const SelectionView& s) { return s.counts; });
      if (counting >= view.accepts) {
        return refuse(Code::TooMany, "/pick", "step `{}` accepts {} selection(s) now and has {}; unpick one first",
                      step.id, view.accepts, counting);
      }
    }
    if (a.picks.size() >= limits::kBuilderAnswersPerKey)
      return refuse(Code::TooMany, "/pick", "step `{}` holds {} picks, the most stored", step.id, a.picks.size());
    a.picks.push_back(*id);
    return true;
  }

  bool unpick(const StepView& view, StepAnswers& a, const bj::value& arg) {
    auto id = text(arg, "unpick");
    if (!id) return false;
    auto it = std::find(a.picks.begin(), a.picks.end(), *id);
    if (it == a.picks.end()) {
      const bool implicit = std::any_of(view.selections.begin(), view.selections.end(),
                                        [&](const SelectionView& s) { return s.id == *id && s.implicit; });
      if (implicit)
        return refuse(Code::NotOffered, "/unpick",
                      "`{}` is its group's `exclusiveDefault`: it is taken until another entry of its group is "
                      "picked, so pick one of those instead (BA-93)",
                      *id);
      return refuse(Code::UnknownReference, "/unpick", "step `{}` has no selection `{}`", view.id, *id);
    }
    a.picks.erase(it);
    return true;
  }

  bool take(const StepView& view, StepAnswers& a, const bj::value& arg) {
    auto id = text(arg, "take");
    if (!id) return false;
    const OfferView* offer = find_offer(view.offers, *id);
    if (offer == nullptr) {
      return refuse(Code::NotOffered, "/take", "step `{}` does not offer `{}`{}", view.id, *id,
                    view.free_edit ? "" : " (legal-only mode offers only gear that fits, BA-59)");
    }
    if (std::find(a.picks.begin(), a.picks.end(), *id) != a.picks.end())
      return refuse(Code::DuplicateId, "/take", "`{}` is already taken", *id);
    if (a.picks.size() >= limits::kBuilderAnswersPerKey)
      return refuse(Code::TooMany, "/take", "step `{}` holds {} kits, the most stored", view.id, a.picks.size());
    a.picks.push_back(*id);
    return true;
  }

  bool drop(StepAnswers& a, const bj::value& arg) {
    auto id = text(arg, "drop");
    if (!id) return false;
    auto it = std::find(a.picks.begin(), a.picks.end(), *id);
    if (it == a.picks.end()) return refuse(Code::UnknownReference, "/drop", "`{}` is not taken", *id);
    a.picks.erase(it);
    return true;
  }

  bool method(const BuilderStep& step, const StepView& view, StepAnswers& a, const bj::value& arg) {
    if (arg.is_null()) {  // no method: the scores go back to the player's own
      a.method.reset();
      a.keep_unspent = false;
      return true;
    }
    auto name = text(arg, "method");
    if (!name) return false;
    const auto chosen = choice_of(kAbilityMethods, *name);
    if (!chosen || !step.offers(*chosen)) {
      std::vector<std::string_view> offered;
      for (const AbilityMethod m : view.methods) offered.push_back(choice_name(kAbilityMethods, m));
      return refuse(Code::NotOffered, "/method", "step `{}` offers the methods {}, not `{}`", step.id,
                    fmt::join(offered, ", "), *name);
    }
    if (answers_.mode == BuilderAnswers::Mode::Described) {
      return refuse(Code::DescribedMode, "/method",
                    "the character is described: choose Done first, then a method (BA-52)");
    }
    if (chosen == AbilityMethod::PointBuy && a.method != AbilityMethod::PointBuy) {
      // BA-46: a score typed by hand starts from the nearest score of the table (the lower on a tie).
      const auto& costs = step.point_buy->costs;
      std::map<std::string, Number> start;
      for (const auto& ability : view.abilities) {
        const Number score = ability.base.value_or(ability.total);
        Number best = costs.front().first;
        for (const auto& [s, _] : costs) {
          const Number gap = s > score ? s - score : score - s;
          const Number best_gap = best > score ? best - score : score - best;
          if (gap < best_gap) best = s;
        }
        start[ability.id] = best;
      }
      a.scores = start;
      if (!within_budget(step, a.scores)) a.scores.clear();
    }
    if (a.method != chosen) a.keep_unspent = false;  // a choice about the old method's points
    a.method = chosen;
    return true;
  }

  static Number cost_of(const BuilderStep& step, const std::map<std::string, Number>& scores) {
    Number spent;
    for (const auto& [_, score] : scores) {
      for (const auto& [s, cost] : step.point_buy->costs) {
        if (s == score) spent += cost;
      }
    }
    return spent;
  }

  bool within_budget(const BuilderStep& step, const std::map<std::string, Number>& scores) const {
    return cost_of(step, scores) <= step.point_buy->budget;
  }

  bool set(const BuilderStep& step, StepAnswers& a, const bj::value& arg) {
    if (!arg.is_object()) return refuse(Code::WrongType, "/set", "`set` maps ability ids to base scores");
    if (a.method != AbilityMethod::PointBuy && a.method != AbilityMethod::Manual)
      return wrong_method(step, a, "set", "point buy or manual entry");
    std::map<std::string, Number> scores = a.scores;
    for (const auto& [key, value] : arg.as_object()) {
      const std::string id(key);
      const Ability* ability = nullptr;
      for (const auto& ab : rs_.sheet.abilities) {
        if (ab.id == id && !ab.computed() &&
            (step.abilities.empty() ||
             std::find(step.abilities.begin(), step.abilities.end(), id) != step.abilities.end()))
          ability = &ab;
      }
      if (ability == nullptr)
        return refuse(Code::NotInRuleset, json::child("/set", id), "step `{}` sets no ability `{}`", step.id, id);
      auto n = to_number(value);
      if (!n || !n->is_integer())
        return refuse(Code::WrongType, json::child("/set", id), "a score is a whole number, found {}",
                      json::serialize(value));
      if (a.method == AbilityMethod::PointBuy) {
        const auto& costs = step.point_buy->costs;
        if (*n < costs.front().first || *n > costs.back().first) {
          return refuse(Code::OutOfRange, json::child("/set", id), "point buy scores run from {} to {}; {} is outside",
                        costs.front().first.to_string(), costs.back().first.to_string(), n->to_string());
        }
      } else {
        const Number lo = step.manual->min.value_or(ability->min), hi = step.manual->max.value_or(ability->max);
        if (*n < lo || *n > hi)
          return refuse(Code::OutOfRange, json::child("/set", id),
                        "manual scores run from {} to {}; {} is outside (BA-50)", lo.to_string(), hi.to_string(),
                        n->to_string());
      }
      scores[id] = *n;
    }
    if (a.method == AbilityMethod::PointBuy) {
      for (const auto& ability : rs_.sheet.abilities) {
        if (ability.computed() || (!step.abilities.empty() && std::find(step.abilities.begin(), step.abilities.end(),
                                                                        ability.id) == step.abilities.end()))
          continue;
        scores.emplace(ability.id, step.point_buy->costs.front().first);
      }
      const Number spent = cost_of(step, scores);
      if (spent > step.point_buy->budget) {
        return refuse(Code::OverBudget, "/set", "these scores cost {}, above the budget of {}", spent.to_string(),
                      step.point_buy->budget.to_string());
      }
    }
    a.scores = std::move(scores);
    return true;
  }

  bool assign(const BuilderStep& step, const StepView& view, StepAnswers& a, const bj::value& arg) {
    if (!arg.is_object())
      return refuse(Code::WrongType, "/assign", "`assign` maps ability ids to values of the array (or null)");
    if (a.method == AbilityMethod::Rolls)
      return refuse(Code::BadAction, "/assign",
                    "with `rolls` each value is its own roll, never moved to another (BC-82): nothing is assigned");
    if (a.method != AbilityMethod::StandardArray && a.method != AbilityMethod::Roll)
      return wrong_method(step, a, "assign", "the standard array or rolled scores");
    if (a.method == AbilityMethod::Roll && a.rolls.empty())
      return refuse(Code::BadAction, "/assign", "roll the scores first");
    const std::vector<Number>& pool = view.pool;
    std::map<std::string, std::int64_t> assigned = a.assign;
    for (const auto& [key, value] : arg.as_object()) {
      const std::string id(key);
      const bool known = std::any_of(view.abilities.begin(), view.abilities.end(),
                                     [&](const AbilityEntryView& e) { return e.id == id; });
      if (!known)
        return refuse(Code::NotInRuleset, json::child("/assign", id), "step `{}` sets no ability `{}`", step.id, id);
      assigned.erase(id);
      if (value.is_null()) continue;
      auto n = to_number(value);
      if (!n)
        return refuse(Code::WrongType, json::child("/assign", id), "a value of the array, or null, found {}",
                      json::serialize(value));
      std::set<std::int64_t> used;
      for (const auto& [_, index] : assigned) used.insert(index);
      std::optional<std::int64_t> free;
      for (std::size_t i = 0; i < pool.size() && !free; ++i) {
        if (pool[i] == *n && !used.contains(static_cast<std::int64_t>(i))) free = static_cast<std::int64_t>(i);
      }
      if (!free)
        return refuse(Code::NotOffered, json::child("/assign", id), "no unassigned {} is left to give `{}`",
                      n->to_string(), id);
      assigned[id] = *free;
    }
    a.assign = std::move(assigned);
    return true;
  }

  bool roll(const BuilderStep& step, StepAnswers& a) {
    if (a.method == AbilityMethod::Rolls && !described()) return builder::roll_abilities(step, a, dice_, d_);
    if (a.method != AbilityMethod::Roll) return wrong_method(step, a, "roll", "the `roll` or `rolls` method");
    if (!a.rolls.empty())
      return refuse(Code::AlreadyRolled, "/roll",
                    "step `{}` rolled its scores already; each score is rolled once and the rolls are kept, so "
                    "`assign` them instead (BA-48)",
                    step.id);
    std::size_t scores = 0;
    for (const auto& ability : rs_.sheet.abilities) {
      if (!ability.computed() && (step.abilities.empty() || std::find(step.abilities.begin(), step.abilities.end(),
                                                                      ability.id) != step.abilities.end()))
        ++scores;
    }
    // BA-48: one roll per score with the engine's dice, keeping the highest; every face recorded.
    for (std::size_t i = 0; i < scores; ++i) {
      RolledScore r;
      for (std::int64_t d = 0; d < step.roll->count; ++d) r.faces.push_back(dice_.roll(step.roll->sides));
      std::vector<std::int64_t> sorted = r.faces;
      std::sort(sorted.begin(), sorted.end(), std::greater<>());
      std::int64_t total = 0;
      for (std::int64_t k = 0; k < step.roll->keep; ++k) total += sorted[static_cast<std::size_t>(k)];
      r.total = Number::of(total);
      a.rolls.push_back(std::move(r));
    }
    a.assign.clear();
    return true;
  }

  const SlotView* find_slot(const std::string& key, const StepView*& host) {
    for (const auto& step : view_.steps) {
      for (const auto& slot : step.slots) {
        if (slot.key == key) {
          host = &step;
          return &slot;
        }
      }
    }
    return nullptr;
  }

  bool choose(const StepView& view, const bj::value& arg, const bj::value* values) {
    if (!arg.is_string()) return refuse(Code::WrongType, "/choose", "`choose` names the slot's key");
    const std::string key(arg.as_string());
    const StepView* host = nullptr;
    const SlotView* slot = find_slot(key, host);
    if (slot == nullptr || host->id != view.id) {
      std::vector<std::string> keys;
      for (const auto& s : view.slots) keys.push_back(s.key);
      return refuse(Code::NotOffered, "/choose", "step `{}` shows no choice `{}`{}", view.id, key,
                    did_you_mean(key, keys));
    }
    if (values == nullptr || !values->is_array())
      return refuse(Code::MissingKey, "/values", "`choose` comes with `values`: the answers, an array of ids");
    std::vector<std::string> answers;
    for (std::size_t i = 0; i < values->as_array().size(); ++i) {
      const auto& v = values->as_array()[i];
      if (!v.is_string()) return refuse(Code::WrongType, fmt::format("/values/{}", i), "an answer is an id");
      const std::string id(v.as_string());
      // A disabled offer may become possible with the other answers replaced (a full quota, an
      // ability already picked): whether every answer counts is checked once they are applied.
      const OfferView* offer = find_offer(slot->offers, id);
      if (offer == nullptr) {
        std::vector<std::string> ids;
        for (const auto& o : slot->offers) ids.push_back(o.id);
        return refuse(Code::NotOffered, fmt::format("/values/{}", i), "choice `{}` does not offer `{}`{}", key, id,
                      did_you_mean(id, ids));
      }
      // Another choice's entry is never taken over from here (BA-98): the other answer would silently stop counting.
      if (offer->disabled && offer->why.reason == Reason::TakenByAnotherChoice) {
        return refuse(Code::NotOffered, fmt::format("/values/{}", i), "choice `{}` cannot take `{}`: {}", key, id,
                      reason_text(offer->why));
      }
      if (!slot->repeat && std::find(answers.begin(), answers.end(), id) != answers.end()) {
        return refuse(Code::DuplicateId, fmt::format("/values/{}", i),
                      "`{}` is chosen twice and the choice does not repeat", id);
      }
      answers.push_back(id);
    }
    if (static_cast<std::int64_t>(answers.size()) > slot->count) {
      return refuse(Code::TooMany, "/values", "choice `{}` asks for {} answer(s), found {}", key, slot->count,
                    answers.size());
    }
    if (answers.empty())
      answers_.choices.erase(key);
    else
      answers_.choices[key] = std::move(answers);
    chosen_slot_ = key;
    return true;
  }

  bool field(const BuilderStep& step, const bj::value& arg, const bj::value* value) {
    if (!arg.is_string()) return refuse(Code::WrongType, "/field", "`field` names a field of the step");
    const std::string id(arg.as_string());
    if (std::find(step.fields.begin(), step.fields.end(), id) == step.fields.end()) {
      return refuse(Code::NotInRuleset, "/field", "step `{}` has no field `{}`{}", step.id, id,
                    did_you_mean(id, step.fields));
    }
    if (value == nullptr) return refuse(Code::MissingKey, "/value", "`field` comes with `value` (null clears it)");
    if (!set_field(id, *value, "/value")) return false;
    // BA-109: a value the builder answers for stays the builder's when edited in its own step.
    if (auto rec = answers_.wrote.fields.find(id); rec != answers_.wrote.fields.end() && rec->second.owned)
      rec->second.kept = true;
    return true;
  }

  bool set_field(const std::string& id, const bj::value& value, const std::string& pointer) {
    const Field* field = nullptr;
    for (const auto& f : rs_.sheet.fields) {
      if (f.id == id) field = &f;
    }
    if (field == nullptr) return refuse(Code::NotInRuleset, pointer, "the sheet has no field `{}`", id);
    if (value.is_null()) {
      character_.fields.erase(id);
      return true;
    }
    auto s = builder::action_scalar(value);
    if (!s || !field->spec.accepts(*s)) {
      return refuse(Code::OutOfRange, pointer, "field `{}` does not accept {}: {}", id, json::serialize(value),
                    builder::accepted_values(field->spec));
    }
    character_.fields[id] = *s;
    return true;
  }

  /// The character's name: what a player types on the first page, never part of the ledger.
  bool edit_name(const bj::value& action, const bj::value& value) {
    if (!only_keys(action, {"edit", "value"}, {}, d_)) return false;
    if (value.is_null()) {
      character_.name.clear();
      return true;
    }
    if (!value.is_string()) return refuse(Code::WrongType, "/value", "a name is a string, or null to clear it");
    const std::string_view name = value.get_string();
    if (text_length(name) > limits::kCharacterNameLength) {
      return refuse(Code::TooLong, "/value", "a name is at most {} characters, found {}", limits::kCharacterNameLength,
                    text_length(name));
    }
    if (auto problem = prompt_safety_problem(name))
      return refuse(Code::NotPromptSafe, "/value", "the name is not prompt-safe: {}", *problem);
    character_.name = std::string(name);
    return true;
  }

  /// An All-fields edit: the sheet changes, the builder's ledger does not (BA-105).
  bool edit(const bj::value& action) {
    const bj::object& o = action.get_object();
    const bj::value& target = o.at("edit");
    if (!target.is_string())
      return refuse(Code::WrongType, "/edit",
                    "`edit` names \"name\", \"fields/<id>\", \"abilities/<id>\", \"skills/<id>\", \"saves/<id>\" or "
                    "\"bonuses/<id>\"");
    const std::string path(target.as_string());
    const auto slash = path.find('/');
    const bj::value* value = o.if_contains("value");
    if (path == "name" && value != nullptr) return edit_name(action, *value);
    if (slash == std::string::npos || value == nullptr)
      return refuse(Code::BadAction, "/edit",
                    "an edit is {{\"edit\": \"name\", \"value\": …}} or {{\"edit\": \"<kind>/<id>\", \"value\": …}}");
    if (!only_keys(action, {"edit", "value"}, {}, d_)) return false;
    const std::string kind = path.substr(0, slash), id = path.substr(slash + 1);
    const auto edited = choice_of(kEditTargets, kind);
    if (!edited) return refuse(Code::BadAction, "/edit", "`edit` names {}, not `{}`", choice_words(kEditTargets), kind);
    if (edited == EditTarget::Fields) return set_field(id, *value, "/value");
    if (edited == EditTarget::Abilities) {
      const Ability* ability = nullptr;
      for (const auto& a : rs_.sheet.abilities) {
        if (a.id == id && !a.computed()) ability = &a;
      }
      if (ability == nullptr)
        return refuse(Code::NotInRuleset, "/edit", "the sheet has no ability `{}` a player sets", id);
      if (value->is_null()) {
        character_.abilities.erase(id);
        return true;
      }
      auto n = to_number(*value);
      if (!n || !n->is_integer() || *n < ability->min || *n > ability->max) {
        return refuse(Code::OutOfRange, "/value", "ability `{}` takes a whole number from {} to {}", id,
                      ability->min.to_string(), ability->max.to_string());
      }
      character_.abilities[id] = *n;
      return true;
    }
    if (edited == EditTarget::Bonuses) {
      // A skill's or save's free bonus (`build.bonuses`), within the sheet's `bonusRange`.
      if (!rs_.sheet.skill_index.contains(id) && !rs_.sheet.save_index.contains(id))
        return refuse(Code::NotInRuleset, "/edit", "the sheet has no skill or save `{}` to give a bonus", id);
      if (value->is_null()) {
        character_.bonuses.erase(id);
        return true;
      }
      auto n = to_number(*value);
      if (!n || *n < rs_.sheet.bonus_min || *n > rs_.sheet.bonus_max) {
        return refuse(Code::OutOfRange, "/value", "a bonus is a number from {} to {}", rs_.sheet.bonus_min.to_string(),
                      rs_.sheet.bonus_max.to_string());
      }
      character_.bonuses[id] = *n;
      return true;
    }
    {
      const bool skill = edited == EditTarget::Skills;
      const auto& checks = skill ? rs_.sheet.skills : rs_.sheet.saves;
      if (std::none_of(checks.begin(), checks.end(), [&](const Check& c) { return c.id == id; })) {
        return refuse(Code::NotInRuleset, "/edit", "the sheet has no {} `{}`", skill ? "skill" : "save", id);
      }
      auto& map = skill ? character_.skills : character_.saves;
      if (value->is_null()) {
        map.erase(id);
        return true;
      }
      if (!value->is_string() || std::none_of(rs_.resolution.tiers.begin(), rs_.resolution.tiers.end(),
                                              [&](const ProficiencyTier& t) { return t.id == value->as_string(); })) {
        return refuse(Code::NotInRuleset, "/value", "a tier id of the ruleset, or null");
      }
      map[id] = std::string(value->as_string());
      return true;
    }
  }

  bool done(const bj::object& o) {
    if (o.size() != 1 || !(o.at("done") == true))
      return refuse(Code::BadAction, "/done", "Done is {{\"done\": true}}, alone");
    // BA-150, BA-151: from now on picks change the sheet; what the described picks gave is recorded.
    answers_.mode = BuilderAnswers::Mode::Guided;
    return true;
  }

  const CatalogSet& catalogs_;
  const Ruleset& rs_;
  Character character_;
  BuilderView view_;
  BuilderAnswers answers_;
  Dice& dice_;
  Diagnostics& d_;
  std::string chosen_slot_;
};

/// After a `choose`: every answer of the slot counts, or the action is refused with the reason.
bool chosen_answers_count(const BuilderView& view, const std::string& key, Diagnostics& d) {
  for (const auto& step : view.steps) {
    for (const auto& slot : step.slots) {
      if (slot.key != key) continue;
      for (std::size_t i = 0; i < slot.answers.size(); ++i) {
        // An answer of a rank not yet supported is kept for the pyramid to be built top-down (BA-123).
        if (slot.answers[i].counts || slot.answers[i].why.reason == Reason::RankNeedsMoreBelow) continue;
        d.error(Code::NotOffered, fmt::format("/values/{}", i), "choice `{}` cannot take `{}`: {}", key,
                slot.answers[i].id, reason_text(slot.answers[i].why));
        return false;
      }
    }
  }
  return true;
}

}  // namespace

std::optional<BuilderResult> apply_action(const CatalogSet& catalogs, const Character& character,
                                          const bj::value& action, Dice& dice, Diagnostics& diagnostics,
                                          const BuilderOptions& options) {
  if (!catalogs.ruleset().sheet.builder) {
    diagnostics.error(Code::BadAction, "", "ruleset `{}` declares no builder (`sheet.builder`)", catalogs.ruleset().id);
    return std::nullopt;
  }
  Diagnostics read;
  BuilderAnswers stored = read_builder_answers(character.builder, read);
  if (read.has_errors()) {
    diagnostics.append(read);
    return std::nullopt;
  }
  builder::Opened before = builder::open(catalogs, character, std::move(stored), options);
  ActionRunner runner(catalogs, std::move(before), dice, diagnostics);
  if (!runner.apply(action)) return std::nullopt;
  Character next = runner.character();
  builder::Opened after = builder::open(catalogs, next, runner.answers(), options);
  if (!runner.chosen_slot().empty() && !chosen_answers_count(after.result.view, runner.chosen_slot(), diagnostics))
    return std::nullopt;
  if (!after.cleared.empty()) {
    // BA-62: the picker clears gear that no longer fits, and the step's notes say why.
    std::map<std::string, std::vector<std::string>> notes;
    for (const auto& cleared : after.cleared) {
      const std::vector<std::string>& kits = cleared.second;
      auto& picks = after.answers.steps[cleared.first].picks;
      std::erase_if(picks, [&](const std::string& p) { return std::find(kits.begin(), kits.end(), p) != kits.end(); });
      for (const auto& step : after.result.view.steps) {
        if (step.id == cleared.first) notes[step.id] = step.notes;
      }
    }
    after = builder::open(catalogs, after.result.character, after.answers, options);
    for (auto& step : after.result.view.steps) {
      if (auto it = notes.find(step.id); it != notes.end()) {
        for (const auto& n : it->second) {
          if (std::find(step.notes.begin(), step.notes.end(), n) == step.notes.end()) step.notes.push_back(n);
        }
      }
    }
  }
  return std::move(after.result);
}

}  // namespace rk
