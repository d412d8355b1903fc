// The actions of roll steps, of an abilities step's `rolls` method and of initialize steps
// (docs/format/builder.md "Actions"; BC-51 – BC-57, BC-82 – BC-89). Dice come from the injected
// source and every face is stored; nothing is rolled or set for a described character.
#include <fmt/format.h>
#include <boost/json.hpp>

#include "builder/engine.hpp"
#include "format/reader.hpp"

namespace rk::builder {

namespace {

bool described_refusal(const std::string& verb, std::string_view what, Diagnostics& d) {
  d.error(Code::DescribedMode, "/" + verb,
          "the character is described: its sheet held values before the builder first opened, so the builder {} "
          "(BC-57, BC-89). To build it step by step, send {{\"done\": true}} first",
          what);
  return false;
}

}  // namespace

bool roll_entries(const BuilderStep& step, const StepView& view, StepAnswers& a, const boost::json::value& arg,
                  bool described, Dice& dice, Diagnostics& d) {
  if (described) return described_refusal("roll", "rolls no dice for it", d);
  if (!view.shown) {
    d.error(Code::NotOffered, "/roll", "step `{}` is hidden: its condition reads 0", step.id);
    return false;
  }
  std::vector<const RollEntry*> chosen;
  if (arg.is_bool() && arg.get_bool()) {
    // `true`: every entry not rolled yet (or rolled with dice the ruleset no longer has).
    for (std::size_t i = 0; i < step.rolls.size() && i < view.roll_entries.size(); ++i) {
      const RollEntryView& e = view.roll_entries[i];
      if (!e.rolled || !e.fits) chosen.push_back(&step.rolls[i]);
    }
    if (chosen.empty()) {
      d.error(Code::AlreadyRolled, "/roll", "every roll of step `{}` is made and kept (BC-88){}", step.id,
              step.retry ? "; name one to roll it again: {\"roll\": \"<id>\"}" : "");
      return false;
    }
  } else if (arg.is_string()) {
    const std::string id(arg.get_string());
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < step.rolls.size() && i < view.roll_entries.size(); ++i) {
      ids.push_back(step.rolls[i].id);
      if (step.rolls[i].id != id) continue;
      const RollEntryView& e = view.roll_entries[i];
      if (!e.can_roll) {
        d.error(Code::AlreadyRolled, "/roll",
                "`{}` is rolled already and kept: reopening never rolls again, and only a step with `retry: true` "
                "offers to (BC-88)",
                id);
        return false;
      }
      chosen.push_back(&step.rolls[i]);
    }
    if (chosen.empty()) {
      d.error(Code::NotOffered, "/roll", "step `{}` has no roll `{}`{}", step.id, id, did_you_mean(id, ids));
      return false;
    }
  } else {
    d.error(Code::WrongType, "/roll", "`roll` is true (every roll not made yet) or the id of one roll");
    return false;
  }
  for (const RollEntry* entry : chosen) {
    // BC-84: `best` rolls that many times; BC-87: every face of every attempt is kept.
    RollRecord r;
    for (std::int64_t k = 0; k < entry->best; ++k) r.attempts.push_back(throw_dice(entry->dice, dice));
    if (entry->gain && entry->gain->dice) r.gain = throw_dice(*entry->gain->dice, dice);
    a.rolled[entry->id] = std::move(r);
  }
  return true;
}

bool roll_abilities(const BuilderStep& step, StepAnswers& a, Dice& dice, Diagnostics& d) {
  // The rolls in order: group by group, each ability of a group in order (BC-82).
  std::vector<const RollGroup*> order;
  for (const RollGroup& g : step.roll_groups) {
    for (std::size_t k = 0; k < g.abilities.size(); ++k) order.push_back(&g);
  }
  bool kept = a.rolls.size() == order.size();
  for (std::size_t i = 0; kept && i < order.size(); ++i) kept = order[i]->dice.fits(a.rolls[i].faces);
  if (kept) {
    d.error(Code::AlreadyRolled, "/roll",
            "step `{}` rolled its values already; each is rolled once with its own group's dice and kept (BC-82, "
            "BC-88)",
            step.id);
    return false;
  }
  a.rolls.clear();
  for (const RollGroup* g : order) {
    RolledScore r;
    r.faces = throw_dice(g->dice, dice);
    r.total = Number::of(g->dice.total(r.faces));
    a.rolls.push_back(std::move(r));
  }
  a.assign.clear();
  return true;
}

bool initialize_values(const Ruleset& ruleset, const BuilderStep& step, const StepView& view, StepAnswers& a,
                       Character& character, const boost::json::value& arg, bool described, Diagnostics& d) {
  if (!(arg.is_bool() && arg.get_bool())) {
    d.error(Code::WrongType, "/initialize", "`initialize` is true: set (or set again) the step's values");
    return false;
  }
  if (described) return described_refusal("initialize", "never sets its values", d);
  if (!view.shown) {
    d.error(Code::NotOffered, "/initialize", "step `{}` is hidden: its condition reads 0", step.id);
    return false;
  }
  for (const InitializeWriteView& w : view.writes) {
    if (!w.would) {
      d.error(Code::NotOffered, "/initialize",
              "`{}` cannot be set now: {} does not read a value (its pool is not configured)", w.label, w.source);
      return false;
    }
  }
  // BC-51, BC-56: written now, by the player's action alone, and kept with the builder (BC-55):
  // reopening, importing or a later change of what they were read from never writes them again.
  for (const InitializeWriteView& w : view.writes) {
    if (!ruleset.sheet.field_index.contains(w.field)) continue;
    character.fields[w.field] = *w.would;
    a.initialized[w.field] = *w.would;
  }
  return true;
}

}  // namespace rk::builder
