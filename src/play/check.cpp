#include "play/check.hpp"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "play/check_contextual.hpp"
#include "play/check_dice.hpp"
#include "play/check_sheet.hpp"
#include "play/check_spending.hpp"
#include "play/play_limits.hpp"
#include "play/rolls.hpp"
#include "play/tags.hpp"
#include "play/text.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play {
namespace {

using detail::CheckMatch;

/// A value written into a check tag: quotes and line breaks become `'` as the original writes them,
/// brackets become spaces so no value can close the tag or open another, and it is cut to the
/// receipt limit.
std::string attribute_text(std::string_view value) {
  std::string out(value);
  for (char& c : out) {
    if (c == '"' || c == '\r' || c == '\n') c = '\'';
    if (c == '[' || c == ']') c = ' ';
  }
  return std::string(text::utf16_prefix(text::js_trim(out), limits::kReceiptAttributeUnits));
}

std::string signed_text(std::int64_t n) { return n > 0 ? fmt::format("+{}", n) : fmt::format("{}", n); }

std::int64_t clamp_to(std::int64_t value, std::int64_t low, std::int64_t high) {
  return std::clamp(value, low, std::max(low, high));
}

/// The face a pool rule fires on for this check: what was bought, else what the tag asked, held to
/// `min`..sides where the rule has a `min`; the file's own `from` otherwise; none without the rule.
std::optional<std::int64_t> face_for(const std::optional<PoolFaceRule>& rule, std::int64_t sides,
                                     std::optional<std::int64_t> bought, std::optional<std::int64_t> asked) {
  if (!rule) return std::nullopt;
  const std::optional<std::int64_t> wanted = bought ? bought : asked;
  if (rule->min && wanted) return clamp_to(*wanted, *rule->min, sides);
  return rule->from;
}

/// The ask written back unrolled, with why (the original's sparse form and its extras).
std::string refused_tag(const CheckAsk& ask, const std::optional<std::string>& who, CheckRefusal refusal,
                        std::string_view body) {
  // A tag that names nothing to roll is kept as text only, the way a malformed command tag is.
  if (ask.skill.empty()) {
    return fmt::format("[skill_check: raw=\"{}\" reason=\"{}\"]", attribute_text(body), check_refusal_code(refusal));
  }
  std::string out = fmt::format("[skill_check: skill=\"{}\"", attribute_text(ask.skill));
  if (ask.dc) out += fmt::format(" dc=\"{}\"", *ask.dc);
  if (ask.advantage != ask.disadvantage) out += ask.advantage ? " mode=\"advantage\"" : " mode=\"disadvantage\"";
  if (ask.threshold) out += fmt::format(" threshold=\"{}\"", *ask.threshold);
  if (who) out += fmt::format(" who=\"{}\"", attribute_text(*who));
  if (!ask.with.empty()) out += fmt::format(" with=\"{}\"", attribute_text(ask.with));
  if (ask.bonus) out += fmt::format(" bonus=\"{}\"", signed_text(*ask.bonus));
  if (!ask.spend.empty()) out += fmt::format(" spend=\"{}\"", attribute_text(ask.spend));
  if (!ask.use.empty()) out += fmt::format(" use=\"{}\"", attribute_text(ask.use));
  if (!ask.difficulty.empty()) out += fmt::format(" difficulty=\"{}\"", attribute_text(ask.difficulty));
  if (ask.explode) out += fmt::format(" explode=\"{}\"", *ask.explode);
  if (ask.double_face) out += fmt::format(" double=\"{}\"", *ask.double_face);
  if (!ask.reroll.empty()) out += fmt::format(" reroll=\"{}\"", attribute_text(ask.reroll));
  if (!ask.apply.empty())
    out += fmt::format(" apply=\"{}\"", attribute_text(fmt::format("{}", fmt::join(ask.apply, "; "))));
  out += fmt::format(" reason=\"{}\"]", check_refusal_code(refusal));
  return out;
}

std::string terms_text(const std::vector<CheckTerm>& terms) {
  std::string out;
  for (const CheckTerm& term : terms) {
    if (!out.empty()) out += "; ";
    out += fmt::format("{} {}", term.name, signed_text(term.value));
  }
  return text::receipt_safe(out, limits::kReceiptNowUnits);
}

/// The rolled check in the original's resolved form, then its extras, then ours (`terms=`).
std::string rolled_tag(const CheckAsk& ask, const CheckResult& r, bool who_named) {
  std::string rolls;
  for (const std::int64_t face : r.rolls) rolls += (rolls.empty() ? "" : "|") + std::to_string(face);
  std::string out = fmt::format(
      "[skill_check: skill=\"{}\" dc=\"{}\" rolls=\"{}\" used=\"{}\" modifier=\"{}\" total=\"{}\" result=\"{}\" "
      "mode=\"{}\" resolution=\"{}\" dice=\"{}\"",
      attribute_text(ask.skill), r.dc, rolls, r.used, r.modifier, r.total, check_outcome_code(r.outcome), r.mode,
      r.pool ? "successes" : "sum", r.dice);
  if (r.threshold) out += fmt::format(" threshold=\"{}\"", *r.threshold);
  if (who_named && r.who) out += fmt::format(" who=\"{}\"", attribute_text(*r.who));
  if (!r.with.empty()) out += fmt::format(" with=\"{}\"", attribute_text(r.with));
  if (r.bonus != 0) out += fmt::format(" bonus=\"{}\"", signed_text(r.bonus));
  if (!r.spent.empty()) out += fmt::format(" spend=\"{}\"", attribute_text(r.spent));
  if (r.auto_successes > 0) out += fmt::format(" auto=\"{}\"", r.auto_successes);
  if (!r.used_entry.empty()) out += fmt::format(" use=\"{}\"", attribute_text(r.used_entry));
  if (r.rerolled > 0) out += fmt::format(" rerolled=\"{}\"", r.rerolled);
  if (r.penalty < 0) out += fmt::format(" penalty=\"{}\"", r.penalty);
  if (r.explode) out += fmt::format(" explode=\"{}\"", *r.explode);
  if (r.double_face) out += fmt::format(" double=\"{}\"", *r.double_face);
  if (r.complication) out += " complication=\"true\"";
  if (r.adjust != 0) out += fmt::format(" adjust=\"{}\"", signed_text(r.adjust));
  if (!r.reroll.empty()) out += fmt::format(" reroll=\"{}\"", attribute_text(r.reroll));
  if (r.effects != 0) out += fmt::format(" effects=\"{}\"", signed_text(r.effects));
  if (!r.from.empty()) out += fmt::format(" from=\"{}\"", attribute_text(r.from));
  if (!r.terms.empty()) out += fmt::format(" terms=\"{}\"", terms_text(r.terms));
  return out + "]";
}

CheckOutcome outcome_of(const ThrownCheck& thrown) {
  if (thrown.critical_success) return CheckOutcome::CriticalSuccess;
  if (thrown.critical_failure) return CheckOutcome::CriticalFailure;
  return thrown.success ? CheckOutcome::Success : CheckOutcome::Failure;
}

/// The pool ladder step that alone needs `successes`, for the target a bare `dc=` means.
const LadderStep* only_step_needing(const Ruleset& ruleset, std::int64_t successes) {
  const LadderStep* found = nullptr;
  for (const LadderStep& step : ruleset.resolution.ladder) {
    if (step.successes != successes) continue;
    if (found != nullptr) return nullptr;
    found = &step;
  }
  return found;
}

/// Why the record of rolls holds a face an applied row or entry threw.
constexpr std::string_view kForModifier = "modifier";

/// What the rows and entries `apply=` applied come to on one check (BC-37 – BC-39, BB-138, BB-147).
struct Contextual {
  std::int64_t number = 0;  ///< added to the sum, or dice on a pool
  std::vector<CheckTerm> terms;
  std::string from;  ///< BC-44: their names, `; `-separated
  bool advantage = false, disadvantage = false;
  std::int64_t successes = 0;
  std::optional<std::int64_t> explode, double_face;  ///< the lowest face any of them asks for
  bool no_cancel = false;
  std::int64_t best = 0;  ///< BB-147: what the best skill adds over the one asked for
  std::string best_name;
};

std::optional<std::int64_t> lowest(std::optional<std::int64_t> a, std::optional<std::int64_t> b) {
  if (!a) return b;
  if (!b) return a;
  return std::min(*a, *b);
}

/// One check resolved for one card; the caller has found the card and the request's dice.
struct Resolver {
  const Ruleset& ruleset;
  Character& card;
  CheckSpending& spending;
  RequestDice& dice;

  /// What `applied` comes to: each one's number with its dice thrown, in the order named, how it
  /// leans the roll and its pool effects. Nothing when the record ran out.
  std::optional<Contextual> contextual_of(const CheckMatch& match, const SheetView& sheet, std::int64_t own,
                                          const std::vector<AppliedContextual>& applied) {
    Contextual out;
    bool best = false;
    for (const AppliedContextual& a : applied) {
      std::int64_t value = a.flat;
      for (const ContextualDice& thrown : a.dice) {
        std::int64_t rolled = thrown.flat;
        for (std::int64_t i = 0; i < thrown.count; ++i) {
          const std::optional<std::int64_t> face = dice.roll(kForModifier, thrown.sides);
          if (!face) return std::nullopt;
          rolled += *face;
        }
        value += thrown.minus ? -rolled : rolled;
      }
      if (a.check) {
        // A pool effect's dice are more dice from the same row or entry.
        value += a.check->dice.value_or(0);
        out.successes += a.check->successes.value_or(0);
        out.explode = lowest(out.explode, a.check->explode);
        out.double_face = lowest(out.double_face, a.check->double_face);
        out.no_cancel = out.no_cancel || a.check->no_cancel;
        best = best || a.check->best;
      }
      out.number += value;
      if (value != 0) out.terms.push_back({a.name, value});
      out.from += (out.from.empty() ? "" : "; ") + a.name;
      out.advantage = out.advantage || a.advantage;
      out.disadvantage = out.disadvantage || a.disadvantage;
    }
    // BB-147: a skill check rolls the character's best skill number when that is higher.
    if (best && match.target == CheckTarget::Skill) {
      const auto& skills = ruleset.sheet.skills;
      for (std::size_t i = 0; i < skills.size(); ++i) {
        const detail::SheetNumber other =
            detail::sheet_number(ruleset, card, sheet, CheckMatch{CheckTarget::Skill, i, std::nullopt});
        if (other.refused || other.number - own <= out.best) continue;
        out.best = other.number - own;
        out.best_name = fmt::format("best: {}", skills[i].label);
      }
    }
    return out;
  }

  /// The check rolled, or the refusal; `incomplete` when the record ran out.
  std::optional<CheckRefusal> resolve(const CheckAsk& ask, CheckResult& r, bool& incomplete) {
    const SheetView sheet = evaluate(ruleset, card);
    const std::optional<CheckMatch> match = detail::match_card_check(ruleset, sheet, ask.skill, ask.with);
    if (!match) return CheckRefusal::UnknownSkill;
    const Sheet& s = ruleset.sheet;
    r.target = match->target;
    std::tie(r.id, r.label) = detail::matched_names(ruleset, sheet, *match);
    const detail::SheetNumber number = detail::sheet_number(ruleset, card, sheet, *match);
    if (number.refused) return CheckRefusal::Untrained;

    const Resolution& res = ruleset.resolution;
    const LadderStep* step = ask.difficulty.empty() ? nullptr : detail::ladder_step(ruleset, ask.difficulty);
    std::optional<std::int64_t> dc = ask.dc;
    if (!dc && step) dc = res.is_pool() ? step->successes : step->dc;
    if (!dc) return CheckRefusal::NoDifficulty;

    if (match->with_ability) r.with = s.abilities[*match->with_ability].label;
    r.terms = number.terms;
    r.penalty = number.penalty;
    r.adjust = number.adjust;
    r.pool = res.is_pool();
    // What the player pays for comes first, then what `apply=` names, each on the pools the one
    // before it left. The sheet's number is the one the check was asked with, before any payment.
    CheckPurchase bought;
    if (res.is_pool() && (!ask.spend.empty() || !ask.use.empty())) {
      bought = spending.buy(ruleset, card, ask, number.number);
    }
    std::vector<AppliedContextual> applied;
    if (!ask.apply.empty()) {
      applied = spending.apply(ruleset, card, ask, ContextualRoll{match->target, r.id, number.rolling, r.label});
    }
    const std::optional<Contextual> contextual = contextual_of(*match, sheet, number.number, applied);
    if (!contextual) {
      incomplete = true;
      return std::nullopt;
    }
    if (contextual->best != 0) r.terms.push_back({contextual->best_name, contextual->best});
    r.terms.insert(r.terms.end(), contextual->terms.begin(), contextual->terms.end());
    r.effects = contextual->number;
    r.from = contextual->from;
    r.modifier = number.number + contextual->best + number.penalty + number.adjust + contextual->number;
    ThrownCheck thrown;
    if (!res.is_pool()) {
      r.dc = *dc;
      SumThrow input{r.modifier, r.dc, match->target == CheckTarget::Save, RollMode::Normal};
      // Advantage and disadvantage from every source cancel, and mean nothing where the ruleset
      // offers neither.
      const bool advantage = ask.advantage || contextual->advantage;
      const bool disadvantage = ask.disadvantage || contextual->disadvantage;
      if (res.sum.advantage && advantage != disadvantage) {
        input.mode = advantage ? RollMode::Advantage : RollMode::Disadvantage;
        r.mode = advantage ? "advantage" : "disadvantage";
      }
      thrown = throw_sum(res.sum, input, dice);
      r.dice = fmt::format("{}d{}", thrown.rolls.size(), res.sum.sides);
    } else {
      const DicePoolRules& pool = res.pool;
      r.dc = clamp_to(*dc, 1, pool.max_successes());
      // The per-die target: bought, else asked, else the ladder step's, held to the target's range;
      // a target that cannot move stays the default.
      std::optional<std::int64_t> asked = bought.threshold ? bought.threshold : ask.threshold;
      if (!asked) {
        const LadderStep* target_step = step ? step : only_step_needing(ruleset, r.dc);
        if (target_step && target_step->target) asked = target_step->target;
      }
      const bool movable = pool.target_min < pool.target_max;
      std::int64_t threshold =
          movable && asked ? clamp_to(*asked, pool.target_min, pool.target_max) : pool.target_default;
      // SH-5 "harder": one step harder is one more on the target, inside its range.
      if (number.harder && movable) threshold = std::min(threshold + 1, pool.target_max);
      r.threshold = threshold;
      if (pool.situational_dice && ask.bonus) {
        r.bonus = clamp_to(*ask.bonus, pool.situational_dice->first, pool.situational_dice->second);
        r.terms.push_back({"bonus dice", r.bonus});
      }
      // What `apply=` added is in the modifier already; bought dice are the purchase's own.
      const std::int64_t extra_dice = std::max<std::int64_t>(0, bought.dice);
      if (extra_dice != 0) r.terms.push_back({"dice bought", extra_dice});
      PoolThrow input;
      input.dice = clamp_to(r.modifier + r.bonus + extra_dice, pool.pool_min, pool.pool_max);
      input.required = r.dc;
      input.threshold = threshold;
      // A face a purchase set outranks an applied row's or entry's, which outranks the tag's.
      input.explode_from =
          face_for(pool.explode, pool.sides, bought.explode ? bought.explode : contextual->explode, ask.explode);
      input.double_from = face_for(pool.double_faces, pool.sides,
                                   bought.double_face ? bought.double_face : contextual->double_face, ask.double_face);
      input.auto_successes = std::max<std::int64_t>(0, bought.successes) + contextual->successes;
      input.no_cancel = contextual->no_cancel;
      // One re-throw per check: the one reaching more faces, `until` over `once` where they tie.
      const PoolReroll* standing = nullptr;
      if (!ask.reroll.empty()) {
        for (const PoolReroll& entry : pool.reroll) {
          if (detail::check_name_key(entry.id) == detail::check_name_key(ask.reroll)) standing = &entry;
        }
      }
      bool standing_thrown = standing != nullptr;
      if (bought.reroll && standing) {
        const bool bought_wins =
            bought.reroll->up_to > standing->up_to ||
            (bought.reroll->up_to == standing->up_to && bought.reroll->mode == PoolReroll::Mode::Until &&
             standing->mode == PoolReroll::Mode::Once);
        standing_thrown = !bought_wins;
      }
      if (standing_thrown) {
        input.reroll = *standing;
      } else if (bought.reroll) {
        input.reroll = *bought.reroll;
      }
      thrown = throw_pool(pool, input, dice);
      r.dice = fmt::format("{}d{}", thrown.rolls.size(), pool.sides);
      r.rerolled = thrown.rerolled;
      if (standing_thrown && thrown.rerolled > 0) r.reroll = standing->id;
      // A face is written only where the check moved it off the file's own `from`.
      if (input.explode_from && (!pool.explode->from || *pool.explode->from != *input.explode_from))
        r.explode = input.explode_from;
      if (input.double_from && (!pool.double_faces->from || *pool.double_faces->from != *input.double_from)) {
        r.double_face = input.double_from;
      }
      r.complication = thrown.complication;
      r.auto_successes = input.auto_successes;
      r.spent = bought.spent;
      r.used_entry = bought.used;
    }
    if (thrown.incomplete) {
      incomplete = true;
      return std::nullopt;
    }
    r.rolls = thrown.rolls;
    r.used = thrown.used;
    r.total = thrown.total;
    r.outcome = outcome_of(thrown);
    return std::nullopt;
  }
};

}  // namespace

std::string_view check_refusal_code(CheckRefusal refusal) {
  switch (refusal) {
    case CheckRefusal::Malformed:
      return "malformed";
    case CheckRefusal::UnknownCharacter:
      return "unknown-character";
    case CheckRefusal::UnknownSkill:
      return "unknown-skill";
    case CheckRefusal::Untrained:
      return "untrained";
    case CheckRefusal::NoDifficulty:
      return "no-difficulty";
  }
  return "malformed";
}

std::string_view check_outcome_code(CheckOutcome outcome) {
  switch (outcome) {
    case CheckOutcome::Success:
      return "success";
    case CheckOutcome::Failure:
      return "failure";
    case CheckOutcome::CriticalSuccess:
      return "critical_success";
    case CheckOutcome::CriticalFailure:
      return "critical_failure";
  }
  return "failure";
}

ResolvedChecks resolve_checks(const Ruleset& ruleset, Game& game, std::string_view reply, std::int64_t reply_number,
                              Dice& dice, CheckSpending* spending) {
  ResolvedChecks out;
  out.text = std::string(reply);
  // A reply the tag reader refuses whole (too large, not UTF-8) has no tags of any kind.
  const ParsedReply parsed = parse_reply(reply);
  if (parsed.problem) return out;
  std::vector<std::pair<std::size_t, std::size_t>> command_spans;
  command_spans.reserve(parsed.tags.size());
  for (const Tag& tag : parsed.tags) command_spans.emplace_back(tag.begin, tag.end);
  const std::vector<CheckTag> tags = find_check_tags(reply, command_spans);
  if (tags.empty()) return out;

  // Without a caller's own spending, the live pools pay and inline catalog entries are known.
  LiveCheckSpending live;
  if (spending == nullptr) spending = &live;
  // Work on copies: a replay the record does not fit changes nothing at all.
  std::vector<RollRecord> records = game.rolls;
  std::vector<Character> cards = game.cards;
  RollRecorder recorder(records, dice);
  std::string text;
  std::size_t cursor = 0;
  std::size_t command_before = 0;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const CheckTag& tag = tags[i];
    while (command_before < command_spans.size() && command_spans[command_before].first < tag.begin) ++command_before;
    CheckResult r;
    r.tag = static_cast<std::int64_t>(i + 1 + command_before);
    r.begin = tag.begin;
    r.end = tag.end;
    r.ask = std::string(reply.substr(tag.begin, tag.end - tag.begin));
    const std::string_view body = reply.substr(tag.body_begin, tag.body_end - tag.body_begin);
    const CheckAsk ask = read_check_ask(tag, reply);

    RequestDice request = recorder.begin(reply_number, r.tag, r.ask);
    std::ptrdiff_t card = -1;
    if (!ask.skill.empty()) {
      const std::optional<std::string>& named = ask.who ? ask.who : game.player_name;
      card = named ? card_named(game, *named) : -1;
    }
    bool incomplete = false;
    if (ask.skill.empty()) {
      r.refusal = CheckRefusal::Malformed;
    } else if (card < 0) {
      r.refusal = CheckRefusal::UnknownCharacter;
    } else {
      Character& character = cards[static_cast<std::size_t>(card)];
      r.who = character.name;
      Resolver resolver{ruleset, character, *spending, request};
      r.refusal = resolver.resolve(ask, r, incomplete);
    }
    if (!r.refusal && !incomplete) r.written = rolled_tag(ask, r, ask.who.has_value());
    if (r.refusal) {
      const std::optional<std::string> who_written = ask.who && r.who ? r.who : ask.who;
      r.written = refused_tag(ask, who_written, *r.refusal, body);
    }
    const bool added = recorder.finish(request, reply_number, r.tag, r.ask, r.who);
    if (request.mismatch() || incomplete) {
      const RecordMismatch why = request.mismatch().value_or(RecordMismatch::TooFewFaces);
      ResolvedChecks refused;
      refused.text = std::string(reply);
      refused.replay_problem = fmt::format("tag {} of reply {}: {}", r.tag, reply_number, record_mismatch_text(why));
      return refused;
    }
    if (added) ++out.records_added;
    text.append(reply.substr(cursor, tag.begin - cursor));
    text += r.written;
    cursor = tag.end;
    out.checks.push_back(std::move(r));
  }
  text.append(reply.substr(cursor));
  out.text = std::move(text);
  game.rolls = std::move(records);
  game.cards = std::move(cards);
  return out;
}

}  // namespace rk::play
