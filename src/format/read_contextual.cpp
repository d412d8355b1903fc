// One-roll effects at import (BC-34 – BC-44, BB-136 – BB-139, BB-147 – BB-152): a list's
// `contextual` and a catalog entry's `mechanics.contextual`. Each is refused where it names what
// its list or the sheet does not have, or asks of a roll what the ruleset's resolution cannot do
// (docs/format/sheet.md "Rows that change one roll", catalogs.md "mechanics.contextual").
#include "format/read_contextual.hpp"

#include <algorithm>
#include <tuple>

#include "format/entry_contextual.hpp"
#include "format/read_play.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// The most prices one row or entry carries: the text sets none, so an entry's `mechanics.cost`
/// bound holds here too (decisions.md, BC-40).
constexpr limits::CountLimit kContextualCostTerms{4, Code::TooMany, "ours"};
/// The most one `by` marks a track, either way (the most a spend costs, `kSpendAmountMax`).
constexpr std::int64_t kTrackMarkMost = limits::kSpendAmountMax;

const Column* column_with_id(const List& list, const Id& id, std::size_t& index) {
  for (std::size_t i = 0; i < list.columns.size(); ++i) {
    if (list.columns[i].id != id) continue;
    index = i;
    return &list.columns[i];
  }
  return nullptr;
}

/// `key` names a column of `list` of one of `types`; its index is kept.
void read_column(ObjectReader& r, std::string_view key, bool required, const List& list,
                 std::initializer_list<ValueType> types, Id& id, std::size_t& index) {
  if (!required && !r.has(key)) return;
  auto named = r.id(key, required);
  if (!named) return;
  const Column* column = column_with_id(list, *named, index);
  if (column == nullptr) {
    r.error(Code::UnknownReference, key, "`{}` names `{}`, which is not a column of list `{}`", key, *named, list.id);
    index = kNone;
    return;
  }
  if (std::find(types.begin(), types.end(), column->spec.type) == types.end()) {
    std::string wanted;
    for (const ValueType type : types)
      wanted += (wanted.empty() ? "" : " or ") + std::string(choice_name(kValueTypes, type));
    r.error(Code::WrongReferenceType, key, "`{}` names a {} column; `{}` is {}", key, wanted, *named,
            choice_name(kValueTypes, column->spec.type));
    index = kNone;
    return;
  }
  id = *named;
}

/// The shape of a `check`: each number whole and in range, `cancel` only `false`, `best` only
/// `true`, and at least one of them. What the ruleset's pool allows is check_against_resolution's.
std::optional<ContextualCheck> read_check(ObjectReader& parent, ReadContext& cx) {
  const bj::value* v = parent.get("check");
  if (v == nullptr) return std::nullopt;
  ObjectReader c(*v, parent.at("check"), parent.what() + " `check`", cx.diagnostics);
  if (!c.ok()) return std::nullopt;
  ContextualCheck out;
  out.dice = read_whole(c, "dice", false, 1, limits::kSpendEffectMax);
  out.successes = read_whole(c, "successes", false, 1, limits::kSpendEffectMax);
  out.explode = read_whole(c, "explode", false, limits::kPoolFaceMin, limits::kPoolFaceMax);
  out.double_face = read_whole(c, "double", false, limits::kPoolFaceMin, limits::kPoolFaceMax);
  if (auto cancel = c.boolean("cancel")) {
    cx.requirement.use(Gate::ContextualNoCancel, c.at("cancel"));
    if (*cancel) c.error(Code::BadValue, "cancel", "`cancel` is written `false` or left out: cancelling is the rule");
    out.no_cancel = !*cancel;
  }
  if (auto best = c.boolean("best")) {
    cx.requirement.use(Gate::ContextualBest, c.at("best"));
    if (!*best) c.error(Code::BadValue, "best", "`best` is written `true` or left out");
    out.best = *best;
  }
  if (!out.pool_effect() && !out.best && !c.has("cancel") && !c.has("best")) {
    c.error(Code::MissingKey, "",
            "a check effect does something (`dice`, `successes`, `explode`, `double`, "
            "`cancel` or `best`), or is left out");
  }
  return out;
}

/// What a `check` asks of the roll, held to the ruleset's own resolution (BC-39, BB-139, BB-148).
void check_against_resolution(const ContextualCheck& check, const std::string& pointer, const std::string& what,
                              const Resolution& resolution, Diagnostics& d) {
  if (!resolution.is_pool()) {
    d.error(Code::NotForResolutionKind, pointer,
            "{} `check`: a {} ruleset has no pool for a check effect to change; only a dice-pool may", what,
            choice_name(kResolutionKinds, resolution.kind));
    return;
  }
  const DicePoolRules& rules = resolution.pool;
  if (check.no_cancel && !rules.cancel_up_to) {
    d.error(Code::NotForResolutionKind, json::child(pointer, "cancel"),
            "{} `check`: `cancel: false` turns off resolution.cancel, which this ruleset does not have", what);
  }
  for (auto [key, face, rule] : {std::tuple{"explode", check.explode, &rules.explode},
                                 std::tuple{"double", check.double_face, &rules.double_faces}}) {
    if (!face) continue;
    // A row or entry moves a face only as far as a check may: down to the rule's `min`.
    if (!*rule || !(*rule)->min) {
      d.error(Code::NotForResolutionKind, json::child(pointer, key),
              "{} `check`: this ruleset gives resolution.{} no `min`, so no check may move it", what, key);
    } else if (*face < *(*rule)->min || *face > rules.sides) {
      d.error(Code::OutOfRange, json::child(pointer, key),
              "{} `check`: this ruleset lets a check move {} from {} to {}, found {}", what, key, *(*rule)->min,
              rules.sides, *face);
    }
  }
}

/// `cost`: each price a live pool's whole `amount`, or an ordinary track's `by` (BB-150).
std::vector<ContextualCost> read_costs(ObjectReader& parent, ReadContext& cx) {
  std::vector<ContextualCost> out;
  const bj::array* costs = parent.array("cost", false);
  if (costs == nullptr) return out;
  if (costs->empty()) parent.error(Code::TooFew, "cost", "`cost` lists at least one price; leave it out for none");
  parent.check_limit(kContextualCostTerms, costs->size(), "cost");
  for (std::size_t i = 0; i < costs->size(); ++i) {
    ObjectReader t((*costs)[i], json::child(parent.at("cost"), i), fmt::format("{} cost #{}", parent.what(), i + 1),
                   cx.diagnostics);
    if (!t.ok()) continue;
    ContextualCost cost;
    if (t.has("track")) {
      cx.requirement.use(Gate::ContextualTrackCost, t.at("track"));
      cost.track = t.id("track", true).value_or("");
      cost.by = read_whole(t, "by", true, -kTrackMarkMost, kTrackMarkMost).value_or(0);
      if (cost.by == 0 && t.has("by")) t.error(Code::OutOfRange, "by", "a mark of 0 costs nothing");
      if (t.has("pool"))
        t.error(Code::ConflictingKeys, "pool", "a price is a pool's `amount` or a track's `by`, not both");
    } else {
      cost.pool = t.id("pool", true).value_or("");
      cost.amount = read_whole(t, "amount", true, 1, limits::kSpendAmountMax).value_or(1);
    }
    out.push_back(std::move(cost));
  }
  return out;
}

/// A cost's pool is a declared live pool; its track an ordinary live track (BB-150: a wound track
/// is not marked this way).
void resolve_costs(std::vector<ContextualCost>& costs, const std::string& pointer, const std::string& what,
                   const Sheet& sheet, Diagnostics& d) {
  for (std::size_t i = 0; i < costs.size(); ++i) {
    ContextualCost& cost = costs[i];
    const std::string at = json::child(pointer, i);
    if (cost.marks_track()) {
      const auto it = sheet.track_index.find(cost.track);
      if (it == sheet.track_index.end()) {
        d.error(Code::UnknownReference, json::child(at, "track"), "{} cost: the sheet has no live track `{}`", what,
                cost.track);
      } else if (sheet.tracks[it->second].wound) {
        d.error(Code::WrongReferenceType, json::child(at, "track"),
                "{} cost: `{}` is a wound track, which a cost does not mark; name an ordinary track", what, cost.track);
      } else {
        cost.track_index = it->second;
      }
    } else if (!cost.pool.empty()) {
      const auto it = sheet.pool_index.find(cost.pool);
      if (it == sheet.pool_index.end()) {
        d.error(Code::UnknownReference, json::child(at, "pool"), "{} cost: the sheet has no live pool `{}`", what,
                cost.pool);
      } else {
        cost.pool_index = it->second;
      }
    }
  }
}

}  // namespace

void read_list_contextual(ObjectReader& r, List& list, ReadContext& cx) {
  const bj::value* v = r.get("contextual");
  if (v == nullptr) return;
  cx.requirement.use(Gate::Contextual, r.at("contextual"));
  ObjectReader c(*v, r.at("contextual"), r.what() + " `contextual`", cx.diagnostics);
  if (!c.ok()) return;
  ListContextual out;
  out.pointer = c.pointer();
  read_column(c, "name", true, list, {ValueType::Text}, out.name, out.name_index);
  read_column(c, "skill", false, list, {ValueType::Text, ValueType::Enum}, out.skill, out.skill_index);
  read_column(c, "bonus", false, list, {ValueType::Number}, out.bonus, out.bonus_index);
  read_column(c, "dice", false, list, {ValueType::Dice}, out.dice, out.dice_index);
  if (auto to = c.string("to", false, limits::kChoiceWordLength)) {
    if (*to == "saves")
      out.saves = true;
    else
      c.error(Code::BadValue, "to", "`to` is \"saves\", or left out for checks; found \"{}\"", to->substr(0, 40));
  }
  if (auto abilities = c.boolean("abilities")) {
    cx.requirement.use(Gate::ContextualAbilities, c.at("abilities"));
    if (!*abilities) c.error(Code::BadValue, "abilities", "`abilities` is written `true` or left out");
    if (out.saves && *abilities)
      c.error(Code::ConflictingKeys, "abilities", "rows for saves name saves; `abilities` is for rows for checks");
    out.abilities = *abilities;
  }
  out.check = read_check(c, cx);
  if (c.has("cost")) cx.requirement.use(Gate::ContextualListCost, c.at("cost"));
  out.cost = read_costs(c, cx);
  if (!c.has("bonus") && !c.has("dice") && !c.has("check")) {
    c.error(Code::MissingKey, "",
            "the rows of a contextual list change a roll: name a `bonus` or `dice` column, or "
            "give a `check`");
  }
  list.contextual = std::move(out);
}

void check_list_contextuals(Ruleset& ruleset, ReadContext& cx) {
  for (List& list : ruleset.sheet.lists) {
    if (!list.contextual) continue;
    ListContextual& contextual = *list.contextual;
    const std::string what = fmt::format("list `{}` `contextual`", list.id);
    if (contextual.check) {
      check_against_resolution(*contextual.check, json::child(contextual.pointer, "check"), what, ruleset.resolution,
                               cx.diagnostics);
    }
    resolve_costs(contextual.cost, json::child(contextual.pointer, "cost"), what, ruleset.sheet, cx.diagnostics);
  }
}

void read_entry_contextual(ObjectReader& mechanics, EntryEffect& effect, const EffectContext& ec) {
  const bj::value* v = mechanics.get("contextual");
  if (v == nullptr) return;
  ec.cx.requirement.use(Gate::Contextual, mechanics.at("contextual"));
  ObjectReader c(*v, mechanics.at("contextual"), mechanics.what() + " `contextual`", ec.diagnostics());
  if (!c.ok()) return;
  auto out = std::make_shared<EntryContextual>();
  // Only what a check or a save reads: the condition vocabulary's other effects need a fight.
  const std::vector<ConditionEffect> effects = read_effects(c, "effects", 1, false, ec.cx);
  for (std::size_t i = 0; i < effects.size(); ++i) {
    if (is_own_check(effects[i]) || is_own_save(effects[i])) {
      out->effects.push_back(effects[i]);
    } else {
      ec.diagnostics().error(Code::BadValue, json::child(c.at("effects"), i),
                             "{}: \"{}\" is not about one roll; an applied entry takes own-checks-advantage, "
                             "own-checks-disadvantage, own-saves-advantage or own-saves-disadvantage",
                             c.what(), choice_name(kConditionEffects, effects[i]));
    }
  }
  const std::vector<CombatModifier> modifiers = read_modifiers(c, ec.cx);
  for (std::size_t i = 0; i < modifiers.size(); ++i) {
    if (modifiers[i].to == CombatModifier::To::Checks || modifiers[i].to == CombatModifier::To::Saves) {
      out->modifiers.push_back(modifiers[i]);
    } else {
      ec.diagnostics().error(Code::BadValue, json::child(json::child(c.at("modifiers"), i), "to"),
                             "{}: an applied entry changes one roll, so its modifiers are `to` checks or saves",
                             c.what());
    }
  }
  out->skills = read_ids(c, "skills", 1, limits::kNarrowSkills);
  out->saves = read_ids(c, "saves", 1, limits::kNarrowSaves);
  out->check = read_check(c, ec.cx);
  if (out->check) {
    check_against_resolution(*out->check, c.at("check"), c.what(), ec.ruleset.resolution, ec.diagnostics());
  }
  out->cost = read_costs(c, ec.cx);
  resolve_costs(out->cost, c.at("cost"), c.what(), ec.sheet(), ec.diagnostics());

  const auto about = [&](bool (*kind)(ConditionEffect), CombatModifier::To to) {
    return std::any_of(out->effects.begin(), out->effects.end(), kind) ||
           std::any_of(out->modifiers.begin(), out->modifiers.end(),
                       [&](const CombatModifier& m) { return m.to == to; });
  };
  // `skills` and `saves` narrow something of the entry's own; a pool `check` is about checks.
  if (c.has("skills") && !about(is_own_check, CombatModifier::To::Checks) && !c.has("check")) {
    c.error(Code::BadValue, "skills", "`skills` narrows what the entry does to checks, and it does nothing to checks");
  }
  if (c.has("saves") && !about(is_own_save, CombatModifier::To::Saves)) {
    c.error(Code::BadValue, "saves", "`saves` narrows what the entry does to saves, and it does nothing to saves");
  }
  const Sheet& s = ec.sheet();
  for (std::size_t i = 0; i < out->skills.size(); ++i)
    expect_known(ec.diagnostics(), s.skill_index, out->skills[i], json::child(c.at("skills"), i), c.what(), "skill");
  for (std::size_t i = 0; i < out->saves.size(); ++i)
    expect_known(ec.diagnostics(), s.save_index, out->saves[i], json::child(c.at("saves"), i), c.what(), "save");
  for (std::size_t m = 0; m < out->modifiers.size(); ++m) {
    const std::string p = json::child(c.at("modifiers"), m);
    for (std::size_t i = 0; i < out->modifiers[m].skills.size(); ++i)
      expect_known(ec.diagnostics(), s.skill_index, out->modifiers[m].skills[i],
                   json::child(json::child(p, "skills"), i), c.what(), "skill");
    for (std::size_t i = 0; i < out->modifiers[m].saves.size(); ++i)
      expect_known(ec.diagnostics(), s.save_index, out->modifiers[m].saves[i], json::child(json::child(p, "saves"), i),
                   c.what(), "save");
  }
  if (!c.has("effects") && !c.has("modifiers") && !c.has("check")) {
    c.error(Code::MissingKey, "", "an applied entry changes a roll: give `effects`, `modifiers` or a `check`");
  }
  effect.contextual = std::move(out);
}

}  // namespace rk::detail
