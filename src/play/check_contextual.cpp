// `apply=` on a check (BC-41 – BC-44, BB-136 – BB-139, BB-147 – BB-152; docs/format/checks.md
// "Applied rows and entries"). Owning a row never changes a roll (BC-43): only the names the Game
// Master writes on the check are looked at, and of those only the ones that mean one thing, are
// about this roll and can be paid for. The rest change nothing and cost nothing (BC-42).
#include "play/check_contextual.hpp"

#include <algorithm>
#include <map>

#include "format/entry_contextual.hpp"
#include "play/apply_pay.hpp"
#include "play/check_sheet.hpp"
#include "play/entry_named.hpp"
#include "play/sheet_ops.hpp"
#include "play/text.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play::detail {

namespace {

/// The most dice one cell or modifier throws, and the most sides a die has: a cell a player typed
/// past these is no dice anyone rolls, and is read as no dice at all.
constexpr std::int64_t kMostContextualDice = 100;
constexpr std::int64_t kMostContextualSides = 1000;

/// BB-152: typographic apostrophes and quotes read as the straight ones.
std::string quotes_alike(std::string_view text) {
  static constexpr std::pair<std::string_view, char> kCurly[] = {
      {"\u2018", '\''}, {"\u2019", '\''}, {"\u201A", '\''}, {"\u201B", '\''}, {"\u2032", '\''},
      {"\u201C", '"'},  {"\u201D", '"'},  {"\u201E", '"'},  {"\u201F", '"'},  {"\u2033", '"'}};
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    bool replaced = false;
    for (const auto& [curly, straight] : kCurly) {
      if (text.substr(at, curly.size()) == curly) {
        out += straight;
        at += curly.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += text[at++];
  }
  return out;
}

/// Two names for one row or entry: the pools' name rule (trimmed, any case) with quotes alike.
bool same_applied(std::string_view written, std::string_view name) {
  return same_name(quotes_alike(written), quotes_alike(name));
}

/// A cell as the sheet shows it: an empty one reads its column's default (the stunts' bonus 2).
const Scalar* cell_shown(const Row& row, std::size_t index, const List& list) {
  if (index == kNone) return nullptr;
  const Column& column = list.columns[index];
  const auto it = row.cells.find(column.id);
  return it == row.cells.end() ? &column.spec.default_value : &it->second;
}

std::string cell_text(const Row& row, std::size_t index, const List& list) {
  const Scalar* cell = cell_shown(row, index, list);
  const auto* text = cell == nullptr ? nullptr : std::get_if<std::string>(&cell->value);
  return text != nullptr ? std::string(text::js_trim(*text)) : std::string();
}

/// BC-36, BC-38, BB-137: whether a row of `list` is about `roll`. Rows are for checks, or for saves
/// with `to: "saves"`; an empty skill cell is any of them; otherwise it names the skill (or, with
/// `to: "saves"`, the save) rolled, or with `abilities: true` an ability the roll is made with.
/// A cell no skill, save or ability answers to may name the row check rolled (BC-78: the sheet's
/// own first), by the name it is called by.
bool row_about(const Ruleset& ruleset, const ListContextual& contextual, const std::string& cell,
               const ContextualRoll& roll) {
  if (contextual.saves != (roll.target == CheckTarget::Save)) return false;
  if (cell.empty()) return true;
  const std::optional<CheckMatch> named = match_check(ruleset, cell, "");
  if (!named) return roll.target == CheckTarget::Row && check_name_key(cell) == check_name_key(roll.name);
  const Sheet& s = ruleset.sheet;
  switch (named->target) {
    case CheckTarget::Save:
      return roll.target == CheckTarget::Save && s.saves[named->index].id == roll.id;
    case CheckTarget::Skill:
      return roll.target == CheckTarget::Skill && s.skills[named->index].id == roll.id;
    case CheckTarget::Ability: {
      const Id& ability = s.abilities[named->index].id;
      return contextual.abilities && roll.target != CheckTarget::Save &&
             std::find(roll.abilities.begin(), roll.abilities.end(), ability) != roll.abilities.end();
    }
    case CheckTarget::Row:  // match_check finds the sheet's own only
      return false;
  }
  return false;
}

/// A row of a contextual list, as the name it applies under and what it gives.
AppliedContextual row_applied(const List& list, const Row& row, std::string name) {
  const ListContextual& contextual = *list.contextual;
  AppliedContextual out;
  out.name = std::move(name);
  if (const Scalar* cell = cell_shown(row, contextual.bonus_index, list)) {
    const auto* bonus = std::get_if<Number>(&cell->value);
    // A fractional bonus counts its whole part: half a die is no die.
    if (bonus != nullptr) out.flat = bonus->whole();
  }
  if (auto dice = read_contextual_dice(cell_text(row, contextual.dice_index, list))) out.dice.push_back(*dice);
  out.check = contextual.check;
  return out;
}

/// BC-40: what a picked entry's `mechanics.contextual` does to `roll`, or nothing when no part of
/// it is about the roll (check-effects.ts: a modifier's own `skills`/`saves` first, else the
/// entry's; an ability check reads only what is narrowed to nothing; a pool `check` is about
/// checks, as a list's rows without `to` are).
std::optional<AppliedContextual> entry_applied(const CatalogEntry& entry, const EntryContextual& contextual,
                                               const ContextualRoll& roll) {
  const bool save = roll.target == CheckTarget::Save;
  const Id skill = roll.target == CheckTarget::Skill ? roll.id : Id();
  const auto about = [](const std::vector<Id>& narrowed, const Id& id) {
    return narrowed.empty() || (!id.empty() && std::find(narrowed.begin(), narrowed.end(), id) != narrowed.end());
  };
  AppliedContextual out;
  out.name = entry.label;
  bool any = false;
  for (const ConditionEffect effect : contextual.effects) {
    const bool here = save ? is_own_save(effect) && about(contextual.saves, roll.id)
                           : is_own_check(effect) && about(contextual.skills, skill);
    if (!here) continue;
    any = true;
    if (effect == ConditionEffect::OwnChecksAdvantage || effect == ConditionEffect::OwnSavesAdvantage)
      out.advantage = true;
    else
      out.disadvantage = true;
  }
  for (const CombatModifier& modifier : contextual.modifiers) {
    const bool here = save ? modifier.to == CombatModifier::To::Saves &&
                                 about(modifier.saves.empty() ? contextual.saves : modifier.saves, roll.id)
                           : modifier.to == CombatModifier::To::Checks &&
                                 about(modifier.skills.empty() ? contextual.skills : modifier.skills, skill);
    if (!here) continue;
    any = true;
    out.flat += modifier.flat.value_or(0);
    if (auto dice = read_contextual_dice(modifier.dice)) {
      dice->minus = modifier.minus;
      out.dice.push_back(*dice);
    }
    if (modifier.mode == CombatModifier::Mode::Advantage) out.advantage = true;
    if (modifier.mode == CombatModifier::Mode::Disadvantage) out.disadvantage = true;
  }
  if (contextual.check && !save && about(contextual.skills, skill)) {
    any = true;
    out.check = contextual.check;
  }
  if (!any) return std::nullopt;
  return out;
}

/// One name's candidate: a row of a contextual list, or a picked entry.
struct Candidate {
  const List* list = nullptr;
  const Row* row = nullptr;
  const CatalogEntry* entry = nullptr;
};

/// Everything `name` may mean on this sheet. More than one is a name shared (BC-42).
std::vector<Candidate> candidates_for(const Ruleset& ruleset, const Character& character, const SheetView& view,
                                      std::string_view name, const CatalogSet* catalogs) {
  std::vector<Candidate> out;
  std::vector<std::string_view> marks;  // a row that is itself a picked entry is one candidate
  for (const List& list : ruleset.sheet.lists) {
    // A list the sheet hides is not on it: its rows answer to no name.
    if (!list.contextual || list.contextual->name_index == kNone || hidden_on(view, list.id)) continue;
    const auto rows = character.lists.find(list.id);
    if (rows == character.lists.end()) continue;
    for (const Row& row : rows->second) {
      if (!same_applied(name, cell_text(row, list.contextual->name_index, list))) continue;
      out.push_back({&list, &row, nullptr});
      if (!row.catalog.empty()) marks.push_back(row.catalog);
    }
  }
  const NamedEntry named = entry_named(ruleset, character, name, catalogs, same_applied);
  if (named.refusal == Refusal::AmbiguousEntry) {
    out.push_back({});
    out.push_back({});
  } else if (named.entry != nullptr && named.entry->effect && named.entry->effect->contextual &&
             std::find(marks.begin(), marks.end(), named.mark) == marks.end()) {
    out.push_back({nullptr, nullptr, named.entry});
  }
  return out;
}

const std::vector<ContextualCost>& costs_of(const Candidate& candidate) {
  return candidate.entry != nullptr ? candidate.entry->effect->contextual->cost : candidate.list->contextual->cost;
}

}  // namespace

std::optional<ContextualDice> read_contextual_dice(std::string_view written) {
  const std::string text = text::ascii_lower(text::js_trim(written));
  const std::size_t d = text.find('d');
  if (text.empty() || d == std::string::npos) return std::nullopt;
  const auto digits = [](std::string_view s, std::int64_t& out) {
    if (s.empty() || s.size() > 4) return false;
    out = 0;
    for (const char c : s) {
      if (c < '0' || c > '9') return false;
      out = out * 10 + (c - '0');
    }
    return true;
  };
  ContextualDice dice;
  dice.count = 1;
  if (d > 0 && !digits(std::string_view(text).substr(0, d), dice.count)) return std::nullopt;
  std::string_view rest = std::string_view(text).substr(d + 1);
  const std::size_t sign = rest.find_first_of("+-");
  if (!digits(rest.substr(0, sign), dice.sides)) return std::nullopt;
  if (sign != std::string_view::npos) {
    if (!digits(rest.substr(sign + 1), dice.flat)) return std::nullopt;
    if (rest[sign] == '-') dice.flat = -dice.flat;
  }
  if (dice.count < 1 || dice.count > kMostContextualDice || dice.sides < 2 || dice.sides > kMostContextualSides)
    return std::nullopt;
  return dice;
}

std::vector<AppliedContextual> apply_contextual(const Ruleset& ruleset, Character& character,
                                                const std::vector<std::string>& names, const ContextualRoll& roll,
                                                const CatalogSet* catalogs) {
  std::vector<AppliedContextual> out;
  if (names.empty()) return out;
  const SheetView view = evaluate(ruleset, character);
  const std::vector<LivePool> pools = live_pools(ruleset, character, view);
  Payments payments;
  std::map<std::size_t, std::int64_t> marks;  // track index -> how far the applied costs mark it
  std::vector<const void*> applied;           // each row or entry is applied once, named twice or not
  for (const std::string& name : names) {
    const std::vector<Candidate> candidates = candidates_for(ruleset, character, view, name, catalogs);
    if (candidates.size() != 1) continue;
    const Candidate& candidate = candidates.front();
    const void* identity = candidate.entry != nullptr ? static_cast<const void*>(candidate.entry) : candidate.row;
    if (std::find(applied.begin(), applied.end(), identity) != applied.end()) continue;
    std::optional<AppliedContextual> effect;
    if (candidate.entry != nullptr) {
      effect = entry_applied(*candidate.entry, *candidate.entry->effect->contextual, roll);
    } else if (row_about(ruleset, *candidate.list->contextual,
                         cell_text(*candidate.row, candidate.list->contextual->skill_index, *candidate.list), roll)) {
      effect = row_applied(*candidate.list, *candidate.row,
                           cell_text(*candidate.row, candidate.list->contextual->name_index, *candidate.list));
    }
    if (!effect) continue;
    // Its whole cost or nothing; what the names before it paid is already spent.
    Payments trial = payments;
    std::map<std::size_t, std::int64_t> trial_marks = marks;
    bool paid = true;
    for (const ContextualCost& cost : costs_of(candidate)) {
      if (cost.marks_track()) {
        const Track& track = ruleset.sheet.tracks[cost.track_index];
        // A track the sheet does not show cannot be marked by a command either.
        if (hidden_on(view, track.id)) paid = false;
        trial_marks[cost.track_index] += cost.by;
        continue;
      }
      const auto pool = std::find_if(pools.begin(), pools.end(), [&](const LivePool& p) { return p.key == cost.pool; });
      if (pool == pools.end() || trial.pay(*pool, Number::of(cost.amount))) paid = false;
    }
    if (!paid) continue;
    payments = trial;
    marks = std::move(trial_marks);
    applied.push_back(identity);
    out.push_back(std::move(*effect));
  }
  payments.commit(character.pools);
  for (const auto& [index, by] : marks) {
    if (by == 0) continue;
    const TrackMove move{ruleset.sheet.tracks[index].id, std::nullopt, by};
    apply_track_move(ruleset, character, evaluate(ruleset, character), move);
  }
  return out;
}

}  // namespace rk::play::detail
