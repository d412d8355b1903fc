// Roll steps and initialize steps in the builder's pass (docs/format/builder.md "Roll steps",
// "Initialize steps"; BC-51 – BC-57, BC-83 – BC-89). A roll is stored as its faces and its result
// derived from them each time, so reopening never rolls again (BC-88); an initialize step's values
// are written by the player's action alone and kept with the builder (BC-55), so the pass only
// shows them beside what setting again would write now (BC-56).
#include <algorithm>

#include <fmt/format.h>

#include "builder/engine.hpp"

namespace rk::builder {

namespace {

const StepAnswers kNothingAnswered;

CreationThrowView throw_view(const CreationDice& dice, const std::vector<std::int64_t>& faces) {
  return CreationThrowView{faces, Number::of(dice.total(faces))};
}

std::string scalar_text(const std::optional<Scalar>& v) {
  if (!v) return "empty";
  if (const auto* n = std::get_if<Number>(&v->value)) return n->to_string();
  if (const auto* s = std::get_if<std::string>(&v->value)) return fmt::format("\"{}\"", *s);
  if (const auto* b = std::get_if<bool>(&v->value)) return *b ? "true" : "false";
  return "empty";
}

}  // namespace

std::vector<std::int64_t> throw_dice(const CreationDice& dice, Dice& source) {
  std::vector<std::int64_t> faces;
  for (std::int64_t i = 0; i < dice.count; ++i) faces.push_back(source.roll(dice.sides));
  return faces;
}

void Pass::roll_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  view.retry = step.retry;
  auto found = answers_.steps.find(step.id);
  const StepAnswers& a = found == answers_.steps.end() ? kNothingAnswered : found->second;
  std::int64_t missing = 0;
  for (const RollEntry& entry : step.rolls) {
    RollEntryView e;
    e.id = entry.id;
    e.label = entry.label;
    e.key = entry.target.key();
    e.dice = entry.dice.text();
    e.best = entry.best;
    if (entry.gain) e.gain = entry.gain->dice ? entry.gain->dice->text() : std::to_string(entry.gain->flat);
    // Each entry reads its target as the steps and the entries before it leave it.
    e.before = rating_value(working(), entry.target);
    if (entry.floor_from)
      e.floor = read(*entry.floor_from);
    else
      e.floor = entry.floor;
    auto rec = a.rolled.find(entry.id);
    e.rolled = rec != a.rolled.end();
    if (e.rolled) {
      const RollRecord& r = rec->second;
      e.fits = static_cast<std::int64_t>(r.attempts.size()) == entry.best &&
               std::all_of(r.attempts.begin(), r.attempts.end(),
                           [&](const std::vector<std::int64_t>& f) { return entry.dice.fits(f); }) &&
               (!entry.gain || !entry.gain->dice ? r.gain.empty() : entry.gain->dice->fits(r.gain));
      for (const auto& faces : r.attempts) e.attempts.push_back(throw_view(entry.dice, faces));
      if (entry.gain && entry.gain->dice && !r.gain.empty()) e.gain_roll = throw_view(*entry.gain->dice, r.gain);
    }
    if (e.rolled && e.fits) {
      // BC-84: the best of the attempts (the first of equal ones); BC-86: an improvement check adds
      // only when that roll strictly exceeds the target; BC-85: the floor holds the final value.
      for (std::size_t k = 1; k < e.attempts.size(); ++k) {
        if (e.attempts[k].total > e.attempts[static_cast<std::size_t>(e.kept)].total)
          e.kept = static_cast<std::int64_t>(k);
      }
      const Number result = e.attempts[static_cast<std::size_t>(e.kept)].total;
      Number value = result;
      if (entry.gain) {
        e.improved = result > e.before;
        const Number gain = e.gain_roll ? e.gain_roll->total : Number::of(entry.gain->flat);
        value = e.before + (e.improved ? gain : Number());
      }
      if (e.floor && value < *e.floor) value = *e.floor;
      if (auto bounds = rating_bounds(rs_, entry.target)) value = std::clamp(value, bounds->first, bounds->second);
      e.value = value;
      if (!described_) move_rating(entry.target, e.before, value);
    } else if (e.rolled) {
      view.notes.push_back(
          fmt::format("`{}` was rolled with other dice than its {} now: it writes nothing until it is rolled again",
                      e.label, e.dice));
    }
    const bool done = e.rolled && e.fits;
    if (!done) ++missing;
    e.can_roll = !described_ && (!done || step.retry);
    view.roll_entries.push_back(std::move(e));
  }
  if (described_) {
    // BC-89: no dice are rolled for a described character; its sheet already holds the values.
    view.notes.push_back("described: nothing is rolled for a character described as it already is (BC-89)");
    view.badge = 0;
    return;
  }
  view.badge = missing;
  if (missing > 0)
    view.notes.push_back(fmt::format("{} to roll: {{\"step\": \"{}\", \"roll\": true}} rolls them; a roll is kept{}",
                                     missing, step.id, step.retry ? ", and may be rolled again" : " (BC-88)"));
}

void Pass::initialize_step(std::size_t index, StepView& view) {
  const BuilderStep& step = b_.steps[index];
  auto found = answers_.steps.find(step.id);
  const StepAnswers& a = found == answers_.steps.end() ? kNothingAnswered : found->second;
  bool all_set = true;
  for (const InitializeWrite& w : step.writes) {
    InitializeWriteView v;
    v.field = w.field;
    const Field* field = nullptr;
    if (auto it = rs_.sheet.field_index.find(w.field); it != rs_.sheet.field_index.end())
      field = &rs_.sheet.fields[it->second];
    v.label = field != nullptr ? field->label : w.field;
    if (w.value) {
      v.source = "value";
      v.would = *w.value;
    } else if (w.value_from) {
      // BC-52: a Ref, read as the steps before this one leave the sheet, held within the field.
      v.source = "read from the sheet";
      Number n = read(*w.value_from);
      if (field != nullptr) {
        if (field->spec.integer) n = n.floor();
        n = std::clamp(n, field->spec.min, field->spec.max);
      }
      v.would = Scalar{n};
    } else {
      v.source = fmt::format("what pool `{}` left unspent", w.remaining);  // read once every step has run
    }
    if (auto it = a.initialized.find(w.field); it != a.initialized.end())
      v.written = it->second;
    else
      all_set = false;
    view.writes.push_back(std::move(v));
  }
  view.initialized = all_set && !step.writes.empty();
}

void Pass::finish_initialize() {
  const Character& w = working();
  for (std::size_t i = 0; i < b_.steps.size(); ++i) {
    const BuilderStep& step = b_.steps[i];
    StepView& view = views_[i];
    if (step.kind != BuilderStep::Kind::Initialize || !view.shown) continue;
    for (std::size_t k = 0; k < step.writes.size() && k < view.writes.size(); ++k) {
      InitializeWriteView& v = view.writes[k];
      if (auto it = w.fields.find(v.field); it != w.fields.end()) v.current = it->second;
      if (!step.writes[k].remaining.empty()) {
        // BC-52: what the pool has left unspent once every step of it has run.
        if (const BuilderPool* pool = b_.pool(step.writes[k].remaining)) {
          const CreationPoolView& p = pool_state(*pool);
          if (p.budget) v.would = Scalar{p.remaining};
        }
      }
      v.changed = v.written && v.would && (!v.current || !(*v.current == *v.would));
    }
    if (described_) {
      // BC-57: a character described as it already is is never modified by this step.
      view.notes.push_back("described: the values are not set for a character described as it already is (BC-57)");
      view.badge = 0;
      continue;
    }
    if (!view.initialized) {
      // BC-54: the badge waits until the player sets the values.
      view.badge = 1;
      view.notes.push_back(fmt::format("set the starting values: {{\"step\": \"{}\", \"initialize\": true}}", step.id));
      continue;
    }
    for (const InitializeWriteView& v : view.writes) {
      if (!v.changed) continue;
      // BC-56: the sheet changed since; only setting again, by the player, writes anew.
      view.notes.push_back(
          fmt::format("`{}` holds {}; setting again would write {} ({{\"step\": \"{}\", \"initialize\": true}})",
                      v.label, scalar_text(v.current), scalar_text(v.would), step.id));
    }
  }
}

}  // namespace rk::builder
