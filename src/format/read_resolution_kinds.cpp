// The parts of `resolution` (writing-rulesets.md "Resolution kinds", "dice-sum",
// "dice-pool", "Spending to change a roll"): the sheet math both kinds share, each kind's own
// keys, and every rule that needs nothing outside the block. Rules that read the sheet (a spend's
// pool, `penaltyFrom`, the proficiency bonus's Ref) are checked by the resolver.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read_resolution.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// A whole number in [lo, hi], or nothing (reported) when absent-but-required, not whole, or outside.
std::optional<std::int64_t> whole_in(ObjectReader& r, std::string_view key, bool required, std::int64_t lo,
                                     std::int64_t hi) {
  auto n = r.number(key, required, true);
  if (!n) return std::nullopt;
  if (*n < Number::of(lo) || *n > Number::of(hi)) {
    r.error(Code::OutOfRange, key, "`{}` is a whole number from {} to {}, found {}", key, lo, hi, n->to_string());
    return std::nullopt;
  }
  return n->whole();
}

/// `abilityModifier.op`: how a score becomes a modifier.
constexpr Choice<Resolution::AbilityMod> kAbilityModifierOps[] = {
    {Resolution::AbilityMod::FloorHalfMinusTen, "floorHalfMinusTen"},
    {Resolution::AbilityMod::Identity, "identity"},
    {Resolution::AbilityMod::StepTable, "stepTable"}};

void read_ability_modifier(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::value* v = r.get("abilityModifier");
  if (v == nullptr) {
    if (r.ok())
      r.error(Code::MissingKey, "", "`abilityModifier` is required: how a score on the sheet becomes a number");
    return;
  }
  ObjectReader m(*v, r.at("abilityModifier"), "resolution.abilityModifier", cx.diagnostics);
  const auto op = m.choice("op", true, kAbilityModifierOps);
  if (!op) return;
  out.ability_mod = *op;
  if (*op == Resolution::AbilityMod::StepTable) {
    if (const bj::array* table = m.array("table", true)) {
      if (table->empty()) m.error(Code::BadStepTable, "table", "`table` needs at least one [score, modifier] row");
      check_limit(limits::kAbilityModifierTableRows, table->size(), m.at("table"), m.what() + " `table`",
                  cx.diagnostics);
      out.ability_mod_table =
          read_number_pairs(*table, m.at("table"), m.what(), false, Code::BadStepTable, cx.diagnostics);
    }
  }
}

void read_proficiency(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::value* v = r.get("proficiency");
  if (v == nullptr) return;
  ObjectReader p(*v, r.at("proficiency"), "resolution.proficiency", cx.diagnostics);
  const bj::value* bonus = p.get("bonus");
  if (bonus == nullptr) {
    if (p.ok()) p.error(Code::MissingKey, "", "`bonus` is required: where the proficiency bonus comes from");
    return;
  }
  auto ref = read_ref(*bonus, p.at("bonus"), "resolution.proficiency `bonus`", cx);
  if (!ref) return;
  // Every skill and save modifier reads the proficiency bonus, so it cannot read one of them.
  if (ref->kind == RefKind::SkillMod || ref->kind == RefKind::SaveMod) {
    p.error(Code::DependencyCycle, "bonus",
            "the proficiency bonus cannot read a skill or save modifier, which it feeds");
    return;
  }
  out.proficiency_bonus = *ref;
}

void read_tiers(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::array* tiers = r.array("proficiencyTiers", r.ok());
  if (tiers == nullptr) return;
  if (tiers->empty())
    r.error(Code::TooFew, "proficiencyTiers", "at least one tier: the first is what an unlisted skill or save gets");
  r.check_limit(limits::kProficiencyTiers, tiers->size(), "proficiencyTiers");
  for (std::size_t i = 0; i < tiers->size(); ++i) {
    const std::string p = json::child(r.at("proficiencyTiers"), i);
    ObjectReader t((*tiers)[i], p, fmt::format("proficiency tier #{}", i + 1), cx.diagnostics);
    ProficiencyTier tier;
    tier.pointer = p;
    tier.id = t.id("id", true).value_or("");
    if (!tier.id.empty()) t.rename(fmt::format("proficiency tier `{}`", tier.id));
    tier.label = t.prompt_text("label", true, limits::kResolutionLabelLength).value_or("");
    if (auto multiplier = t.number("multiplier", false)) {
      if (*multiplier < Number::of(0) || *multiplier > Number::of(limits::kTierMultiplierMax)) {
        t.error(Code::OutOfRange, "multiplier", "`multiplier` is from 0 to {}, found {}", limits::kTierMultiplierMax,
                multiplier->to_string());
      } else {
        tier.multiplier = *multiplier;
        if (*multiplier != Number::of(0) && !r.has("proficiency")) {
          t.error(Code::MissingKey, "multiplier",
                  "a multiplier needs `resolution.proficiency.bonus` to multiply; use `flat` for a fixed bonus");
        }
      }
    }
    if (t.has("round")) {
      tier.round = read_rounding(t, "round", Rounding::Down);
    }
    if (auto flat = whole_in(t, "flat", false, -limits::kTierFlatBound, limits::kTierFlatBound))
      tier.flat = Number::of(*flat);
    tier.bonus.kind = RefKind::Const;  // replaced by the proficiency bonus once it is resolved
    if (t.ok()) out.tiers.push_back(std::move(tier));
  }
}

std::optional<NaturalPolicy> natural_policy(ObjectReader& r, std::string_view key) {
  return r.choice(key, false, kNaturalPolicies);
}

void read_dice_sum(ObjectReader& r, Resolution& out, ReadContext& cx) {
  DiceSumRules& sum = out.sum;
  if (const bj::value* dice = r.get("dice")) {
    ObjectReader d(*dice, r.at("dice"), "resolution.dice", cx.diagnostics);
    sum.count = whole_in(d, "count", d.ok(), 1, limits::kSumDiceCountMax).value_or(sum.count);
    sum.sides = whole_in(d, "sides", d.ok(), limits::kSumDiceSidesMin, limits::kSumDiceSidesMax).value_or(sum.sides);
  }
  sum.advantage = r.boolean("advantage").value_or(false);
  if (const bj::value* naturals = r.get("naturals")) {
    ObjectReader n(*naturals, r.at("naturals"), "resolution.naturals", cx.diagnostics);
    sum.natural_check = natural_policy(n, "check").value_or(NaturalPolicy::None);
    sum.natural_save = natural_policy(n, "save").value_or(NaturalPolicy::None);
    // A natural is the top or bottom face of one die; the total of several has no such face.
    if (sum.count != 1 && (sum.natural_check != NaturalPolicy::None || sum.natural_save != NaturalPolicy::None)) {
      r.error(Code::ConflictingKeys, "naturals", "natural results need a single die; with {} dice use \"none\"",
              sum.count);
    }
  }
}

/// `double` or `explode`: `from`, `min` or both, each a face this die has, `from` not below `min`.
std::optional<PoolFaceRule> read_face_rule(ObjectReader& r, std::string_view key, std::int64_t sides, ReadContext& cx) {
  const bj::value* v = r.get(key);
  if (v == nullptr) return std::nullopt;
  ObjectReader f(*v, r.at(key), fmt::format("resolution.{}", key), cx.diagnostics);
  if (!f.ok()) return std::nullopt;
  PoolFaceRule rule;
  rule.from = whole_in(f, "from", false, limits::kPoolFaceMin, sides);
  rule.min = whole_in(f, "min", false, limits::kPoolFaceMin, sides);
  if (f.has("min")) cx.requirement.use(Gate::FaceRuleMin, f.at("min"));
  if (!f.has("from") && !f.has("min")) {
    f.error(Code::MissingKey, "",
            "give `from` (the face it fires on), `min` (the lowest face a check may move it to), or both");
  }
  if (rule.from && rule.min && *rule.from < *rule.min) {
    f.error(Code::OutOfRange, "from", "`from` {} is below `min` {}", *rule.from, *rule.min);
  }
  return rule;
}

/// A re-throw: `upTo` a face below the die's top one (else it would never stop), `once` or `until`.
std::optional<PoolReroll> read_reroll(ObjectReader& x, bool with_id, std::int64_t sides, bool pool) {
  if (!x.ok()) return std::nullopt;
  PoolReroll reroll;
  reroll.pointer = x.pointer();
  if (with_id) {
    reroll.id = x.id("id", true).value_or("");
    if (!reroll.id.empty()) x.rename(fmt::format("re-throw `{}`", reroll.id));
  }
  if (auto up_to = whole_in(x, "upTo", true, 1, limits::kPoolFaceMax - 1)) {
    reroll.up_to = *up_to;
    if (pool && *up_to >= sides) {
      x.error(Code::OutOfRange, "upTo", "this ruleset throws d{}, so a re-throw is on a face from 1 to {}", sides,
              sides - 1);
    }
  }
  if (auto mode = x.choice("mode", true, kPoolRerollModes)) reroll.mode = *mode;
  return reroll;
}

/// `cancel` or `botch`: `upTo` below the lowest target, or one face would count both ways.
std::optional<std::int64_t> read_low_face(ObjectReader& r, std::string_view key, const DicePoolRules& pool,
                                          ReadContext& cx, DicePoolRules::Botch* rule) {
  const bj::value* v = r.get(key);
  if (v == nullptr) return std::nullopt;
  ObjectReader f(*v, r.at(key), fmt::format("resolution.{}", key), cx.diagnostics);
  auto up_to = whole_in(f, "upTo", f.ok(), 1, limits::kPoolFaceMax - 1);
  if (up_to && pool.target_min > 0 && *up_to >= pool.target_min) {
    f.error(Code::OutOfRange, "upTo", "a {} face must be below the lowest target ({}), found {}", key, pool.target_min,
            *up_to);
  }
  if (rule != nullptr) {
    if (f.has("rule")) cx.requirement.use(Gate::BotchRule, f.at("rule"));
    if (auto botch = f.choice("rule", false, kBotchRules)) *rule = *botch;
  }
  return up_to;
}

void read_target(ObjectReader& r, DicePoolRules& pool, ReadContext& cx) {
  const bj::value* v = r.get("target");
  if (v == nullptr) {
    if (r.ok())
      r.error(Code::MissingKey, "", "`target` is required on a dice-pool: the face a die has to reach to count");
    return;
  }
  ObjectReader t(*v, r.at("target"), "resolution.target", cx.diagnostics);
  // Each is a face this die has; the rules below then compare only faces that exist.
  auto face = [&](std::string_view key) { return whole_in(t, key, t.ok(), limits::kPoolFaceMin, pool.sides); };
  const auto target_default = face("default");
  const auto min = face("min");
  const auto max = face("max");
  if (min && max && *min > *max) t.error(Code::OutOfRange, "min", "`min` {} is above `max` {}", *min, *max);
  if (target_default && min && max && *min <= *max && (*target_default < *min || *target_default > *max)) {
    t.error(Code::OutOfRange, "default", "`default` {} is outside `min`..`max` ({} to {})", *target_default, *min,
            *max);
  }
  if (target_default && min && max) {
    pool.target_default = *target_default;
    pool.target_min = *min;
    pool.target_max = *max;
  }
}

void read_dice_pool(ObjectReader& r, Resolution& out, ReadContext& cx) {
  cx.requirement.use(Gate::DicePool, r.at("kind"));
  DicePoolRules& pool = out.pool;
  if (const bj::value* die = r.get("die")) {
    ObjectReader d(*die, r.at("die"), "resolution.die", cx.diagnostics);
    pool.sides = whole_in(d, "sides", d.ok(), limits::kPoolFaceMin, limits::kPoolFaceMax).value_or(pool.sides);
  }
  if (const bj::value* range = r.get("pool")) {
    ObjectReader p(*range, r.at("pool"), "resolution.pool", cx.diagnostics);
    const auto min = whole_in(p, "min", p.ok(), 0, limits::kPoolMaxDice);
    const auto max = whole_in(p, "max", p.ok(), 1, limits::kPoolMaxDice);
    if (min && max && *min > *max) p.error(Code::OutOfRange, "min", "`min` {} is above `max` {}", *min, *max);
    if (min) pool.pool_min = *min;
    if (max) pool.pool_max = *max;
    if (auto pair = p.boolean("abilityPlusAbility")) {
      cx.requirement.use(Gate::AbilityPlusAbility, p.at("abilityPlusAbility"));
      pool.ability_plus_ability = *pair;
    }
  }
  read_target(r, pool, cx);
  pool.double_faces = read_face_rule(r, "double", pool.sides, cx);
  pool.explode = read_face_rule(r, "explode", pool.sides, cx);
  pool.cancel_up_to = read_low_face(r, "cancel", pool, cx, nullptr);
  pool.botch_up_to = read_low_face(r, "botch", pool, cx, &pool.botch_rule);
  if (const bj::value* v = r.get("exceptional")) {
    ObjectReader e(*v, r.at("exceptional"), "resolution.exceptional", cx.diagnostics);
    if (auto successes = whole_in(e, "successes", e.ok(), 1, limits::kPoolMaxDice)) {
      if (*successes > pool.max_successes()) {
        e.error(Code::OutOfRange, "successes",
                "{} successes can never be counted: the largest pool can count {} at most", *successes,
                pool.max_successes());
      }
      pool.exceptional = *successes;
    }
  }
  if (const bj::value* v = r.get("situationalDice")) {
    ObjectReader s(*v, r.at("situationalDice"), "resolution.situationalDice", cx.diagnostics);
    const auto min = whole_in(s, "min", s.ok(), -limits::kSituationalDiceBound, 0);
    const auto max = whole_in(s, "max", s.ok(), 0, limits::kSituationalDiceBound);
    if (min && max) pool.situational_dice = std::make_pair(*min, *max);
  }
  if (const bj::array* rerolls = r.array("reroll", false)) {
    cx.requirement.use(Gate::PoolReroll, r.at("reroll"));
    if (rerolls->empty()) r.error(Code::TooFew, "reroll", "`reroll` lists at least one re-throw, or is left out");
    check_limit(limits::kPoolRerolls, rerolls->size(), r.at("reroll"), "resolution.reroll", cx.diagnostics);
    std::vector<std::pair<std::string, std::string>> ids;
    for (std::size_t i = 0; i < rerolls->size(); ++i) {
      const std::string p = json::child(r.at("reroll"), i);
      ObjectReader x((*rerolls)[i], p, fmt::format("resolution.reroll #{}", i + 1), cx.diagnostics);
      if (auto reroll = read_reroll(x, true, pool.sides, true)) {
        if (!reroll->id.empty()) ids.emplace_back(reroll->id, p);
        pool.reroll.push_back(std::move(*reroll));
      }
    }
    report_duplicate_ids(ids, "re-throw", cx.diagnostics);
  }
}

void read_ladder(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::array* ladder = r.array("difficultyLadder", r.ok());
  if (ladder == nullptr) return;
  if (ladder->empty()) r.error(Code::TooFew, "difficultyLadder", "the ladder needs at least one step");
  check_limit(limits::kLadderSteps, ladder->size(), r.at("difficultyLadder"), "resolution.difficultyLadder",
              cx.diagnostics);
  const bool pool = out.is_pool();
  const DicePoolRules& rules = out.pool;
  for (std::size_t i = 0; i < ladder->size(); ++i) {
    const std::string p = json::child(r.at("difficultyLadder"), i);
    ObjectReader s((*ladder)[i], p, fmt::format("difficulty step #{}", i + 1), cx.diagnostics);
    if (!s.ok()) continue;
    LadderStep step;
    step.pointer = p;
    step.label = s.prompt_text("label", true, limits::kResolutionLabelLength).value_or("");
    if (!step.label.empty()) s.rename(fmt::format("difficulty step `{}`", step.label));
    // A step in the other kind's shape could never be answered by this ruleset's roll.
    if (!pool && !s.has("dc") && s.has("successes")) {
      s.error(Code::NotForResolutionKind, "", "this ruleset sums dice, so a ladder step names `dc`, not `successes`");
      s.accept("successes");
      s.accept("target");
      continue;
    }
    if (pool && !s.has("successes") && s.has("dc")) {
      s.error(Code::NotForResolutionKind, "",
              "this ruleset throws a pool, so a ladder step names `successes`, not `dc`");
      s.accept("dc");
      continue;
    }
    if (!pool) {
      step.dc = whole_in(s, "dc", true, limits::kLadderDcMin, limits::kLadderDcMax);
    } else {
      step.successes = whole_in(s, "successes", true, 1, limits::kPoolMaxDice);
      if (step.successes && *step.successes > rules.max_successes()) {
        s.error(Code::OutOfRange, "successes",
                "{} successes can never be counted: the largest pool can count {} at most", *step.successes,
                rules.max_successes());
      }
      step.target = whole_in(s, "target", false, limits::kPoolFaceMin, limits::kPoolFaceMax);
      if (step.target && rules.target_max > 0) {
        if (rules.target_min >= rules.target_max) {
          s.error(Code::NotForResolutionKind, "target",
                  "a step names a target only where `target.min` is below `target.max`");
        } else if (*step.target < rules.target_min || *step.target > rules.target_max) {
          s.error(Code::OutOfRange, "target", "a step's target is inside {} to {}, found {}", rules.target_min,
                  rules.target_max, *step.target);
        }
      }
    }
    out.ladder.push_back(std::move(step));
  }
}

void read_spend(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::array* spends = r.array("spend", false);
  if (spends == nullptr) return;
  check_gated_limit(limits::kSpendEntriesUngated, limits::kSpendEntries, spends->size(), r.at("spend"),
                    "resolution.spend", cx.requirement, cx.diagnostics);
  std::set<Id> pools;
  for (std::size_t i = 0; i < spends->size(); ++i) {
    const std::string p = json::child(r.at("spend"), i);
    ObjectReader s((*spends)[i], p, fmt::format("resolution.spend #{}", i + 1), cx.diagnostics);
    if (!s.ok()) continue;
    // A summed roll has no successes to add and no pool to add dice to.
    if (!out.is_pool()) {
      s.error(Code::NotForResolutionKind, "",
              "a {} ruleset has no successes or pool dice to buy; only a dice-pool may spend",
              choice_name(kResolutionKinds, out.kind));
    }
    Spend spend;
    spend.pointer = p;
    spend.pool = s.id("pool", true).value_or("");
    if (!spend.pool.empty()) {
      s.rename(fmt::format("resolution.spend on `{}`", spend.pool));
      if (!pools.insert(spend.pool).second) {
        s.error(Code::DuplicateId, "pool", "two spends on pool `{}`: a check could not say which it meant", spend.pool);
      }
    }
    spend.amount = whole_in(s, "amount", true, 1, limits::kSpendAmountMax).value_or(1);
    spend.successes = whole_in(s, "successes", false, 1, limits::kSpendEffectMax);
    spend.dice = whole_in(s, "dice", false, 1, limits::kSpendEffectMax);
    if (const bj::value* v = s.get("reroll")) {
      cx.requirement.use(Gate::SpendReroll, s.at("reroll"));
      ObjectReader x(*v, s.at("reroll"), s.what() + " `reroll`", cx.diagnostics);
      spend.reroll = read_reroll(x, false, out.pool.sides, out.is_pool());
    }
    if (!s.has("successes") && !s.has("dice") && !s.has("reroll")) {
      s.error(Code::MissingKey, "", "a spend buys `successes`, `dice`, a `reroll`, or several");
    }
    if (const bj::value* per = s.get("perCheck")) {
      if (per->is_string() && choice_of(Spend::kPerCheckWords, per->as_string())) {
        cx.requirement.use(Gate::SpendPerCheckFromSheet, s.at("perCheck"));
        spend.per_check_kind = Spend::PerCheck::Pool;
      } else if (per->is_object()) {
        cx.requirement.use(Gate::SpendPerCheckFromSheet, s.at("perCheck"));
        spend.per_check_kind = Spend::PerCheck::Sheet;
        if (auto ref = read_ref(*per, s.at("perCheck"), s.what() + " `perCheck`", cx)) spend.per_check_ref = *ref;
      } else if (per->is_number()) {
        spend.per_check = whole_in(s, "perCheck", true, 1, limits::kSpendEffectMax).value_or(1);
      } else {
        s.error(Code::WrongType, "perCheck",
                "`perCheck` is a whole number from 1 to {}, a value reference, or \"pool\"", limits::kSpendEffectMax);
      }
    } else {
      s.error(Code::MissingKey, "", "`perCheck` is required: how many purchases one check may make");
    }
    out.spend.push_back(std::move(spend));
  }
}

}  // namespace

void check_check_effect(const bj::value& v, const std::string& pointer, const std::string& what,
                        const Resolution& resolution, ReadContext& cx) {
  ObjectReader c(v, pointer, what + " `check`", cx.diagnostics);
  if (!c.ok()) return;
  // Successes, pool dice, a per-die target and a re-throw are all pool words.
  const bool pool = resolution.is_pool();
  if (!pool) {
    c.error(Code::NotForResolutionKind, "",
            "a {} ruleset has no pool for a check effect to change; only a dice-pool may",
            choice_name(kResolutionKinds, resolution.kind));
  }
  const DicePoolRules& rules = resolution.pool;
  bool says_something = false;
  if (const bj::value* reroll = c.get("reroll")) {
    says_something = true;
    ObjectReader x(*reroll, c.at("reroll"), c.what() + " `reroll`", cx.diagnostics);
    read_reroll(x, false, rules.sides, pool);
  }
  for (std::string_view key : {"dice", "successes"}) {
    if (c.has(key)) says_something = true;
    whole_in(c, key, false, 1, limits::kSpendEffectMax);
  }
  if (c.has("threshold")) {
    says_something = true;
    auto threshold = whole_in(c, "threshold", false, limits::kPoolFaceMin, limits::kPoolFaceMax);
    if (threshold && pool && rules.target_max > 0 && (*threshold < rules.target_min || *threshold > rules.target_max)) {
      c.error(Code::OutOfRange, "threshold", "this ruleset counts on {} to {}, found {}", rules.target_min,
              rules.target_max, *threshold);
    }
  }
  for (auto [key, rule_of] :
       {std::pair<std::string_view, const std::optional<PoolFaceRule>*>{"explode", &rules.explode},
        std::pair<std::string_view, const std::optional<PoolFaceRule>*>{"double", &rules.double_faces}}) {
    if (!c.has(key)) continue;
    says_something = true;
    cx.requirement.use(Gate::FaceRuleMin, c.at(key));
    auto face = whole_in(c, key, false, limits::kPoolFaceMin, limits::kPoolFaceMax);
    if (!face || !pool) continue;
    const auto& rule = *rule_of;
    // An entry may move a face only as far as a check may: down to the rule's `min`, up to the top face.
    if (!rule || !rule->min) {
      c.error(Code::NotForResolutionKind, key, "this ruleset gives resolution.{} no `min`, so no check may move it",
              key);
    } else if (*face < *rule->min || *face > rules.sides) {
      c.error(Code::OutOfRange, key, "this ruleset lets a check move {} from {} to {}, found {}", key, *rule->min,
              rules.sides, *face);
    }
  }
  if (!says_something) c.error(Code::MissingKey, "", "a check effect does something, or is left out");
}

void read_sheet_math(ObjectReader& r, Resolution& out, ReadContext& cx) {
  read_ability_modifier(r, out, cx);
  read_proficiency(r, out, cx);
  read_tiers(r, out, cx);
}

void read_kind_rules(ObjectReader& r, Resolution& out, ReadContext& cx) {
  if (out.is_pool()) {
    read_dice_pool(r, out, cx);
  } else {
    read_dice_sum(r, out, cx);
  }
  read_ladder(r, out, cx);
  read_spend(r, out, cx);
}

}  // namespace rk::detail
