// Reading `resolution`: the resolution kind, how the sheet's numbers feed a check (ability
// modifier, proficiency tiers) and what is added to or taken from every roll.
//
// Two dialects are read side by side until the migration pass removes the first: ours (`d20`,
// `d100`, `2d6`, `dice-highest`, `abilityMod`, tier `bonus`/`times`) and the reference's
// (`dice-sum`, and `dice-pool` written with the reference's keys; read_resolution_kinds.cpp).
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/read_resolution.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// Keys only the reference dialect has: a `dice-pool` block naming any of them is read as the
/// reference's (decisions.md "Which dialect a resolution block is read in").
constexpr std::string_view kReferencePoolKeys[] = {
    "abilityModifier", "proficiency", "die",    "pool",    "target",    "double",         "explode",
    "cancel",          "botch",       "exceptional", "reroll", "situationalDice", "difficultyLadder", "spend"};

void read_legacy_tiers(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::array* tiers = r.array("proficiencyTiers", false);
  if (tiers == nullptr) return;
  if (tiers->size() > limits::kProficiencyTiers) {
    r.error(Code::TooMany, "proficiencyTiers", "{} tiers; the limit is {}", tiers->size(), limits::kProficiencyTiers);
  }
  for (std::size_t i = 0; i < tiers->size(); ++i) {
    const std::string p = json::child(r.at("proficiencyTiers"), i);
    ObjectReader t((*tiers)[i], p, fmt::format("proficiency tier #{}", i + 1), cx.diagnostics);
    ProficiencyTier tier;
    tier.pointer = p;
    tier.id = t.id("id", true).value_or("");
    if (!tier.id.empty()) t.rename(fmt::format("proficiency tier `{}`", tier.id));
    tier.label = t.label();
    if (const bj::value* bonus = t.get("bonus")) {
      if (auto ref = read_number_or_ref(*bonus, t.at("bonus"), t.what() + " `bonus`", cx)) tier.bonus = *ref;
    } else {
      tier.bonus.kind = RefKind::Const;
    }
    if (auto times = t.number("times", false)) tier.times = *times;
    tier.round = read_rounding(t, "round", Rounding::Down);
    if (t.ok()) out.tiers.push_back(std::move(tier));
  }
}

void read_adjust(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::array* adjust = r.array("adjust", false);
  if (adjust == nullptr) return;
  cx.requirement.use(Gate::ResolutionAdjust, r.at("adjust"));
  const std::size_t limit = out.reference_shape ? limits::kReferenceAdjustEntries : limits::kAdjustEntries;
  if (adjust->size() > limit) {
    r.error(Code::TooMany, "adjust", "{} entries; the limit is {}", adjust->size(), limit);
  }
  for (std::size_t i = 0; i < adjust->size(); ++i) {
    const std::string p = json::child(r.at("adjust"), i);
    ObjectReader a((*adjust)[i], p, fmt::format("resolution.adjust #{}", i + 1), cx.diagnostics);
    Adjust entry;
    entry.pointer = p;
    if (const bj::value* value = a.get("value")) {
      if (auto ref = read_ref(*value, a.at("value"), a.what() + " `value`", cx)) entry.value = *ref;
    } else if (a.ok()) {
      a.error(Code::MissingKey, "", "`value` is required");
    }
    entry.abilities = a.id_list("abilities", false).value_or(std::vector<std::string>{});
    if (out.reference_shape && a.has("abilities")) {
      // The reference's entry is `value` and `abilities` only; a listed scope names 1-12 abilities.
      if (entry.abilities.empty()) a.error(Code::TooFew, "abilities", "`abilities` names at least one ability, or is left out");
      if (entry.abilities.size() > limits::kAdjustAbilities) {
        a.error(Code::TooMany, "abilities", "{} abilities; the limit is {}", entry.abilities.size(), limits::kAdjustAbilities);
      }
    }
    if (!out.reference_shape) {
      entry.label = a.prompt_text("label", false, limits::kLabelLength).value_or("");
      entry.skills = a.id_list("skills", false).value_or(std::vector<std::string>{});
      entry.saves = a.id_list("saves", false).value_or(std::vector<std::string>{});
    }
    if (a.ok()) out.adjust.push_back(std::move(entry));
  }
}

void read_legacy(ObjectReader& r, Resolution& out, ReadContext& cx) {
  out.ability_mod = out.kind == "d20" ? Resolution::AbilityMod::D20 : Resolution::AbilityMod::Score;
  if (auto mod = r.string("abilityMod", false, 16)) {
    if (*mod == "d20") out.ability_mod = Resolution::AbilityMod::D20;
    else if (*mod == "score") out.ability_mod = Resolution::AbilityMod::Score;
    else r.error(Code::BadValue, "abilityMod", "`abilityMod` must be \"d20\" or \"score\", found \"{}\"", *mod);
  }
  read_legacy_tiers(r, out, cx);
}

}  // namespace

void read_resolution(const bj::value& v, const std::string& pointer, Resolution& out, ReadContext& cx) {
  ObjectReader r(v, pointer, "resolution", cx.diagnostics);
  out.pointer = pointer;
  if (auto kind = r.string("kind", false, 32)) {
    static const std::set<std::string, std::less<>> kinds = {"dice-sum", "dice-pool", "d20", "d100", "dice-highest", "2d6"};
    if (!kinds.contains(*kind)) {
      r.error(Code::BadValue, "kind", "`kind` \"{}\" is not one of dice-sum, dice-pool (or, until the migration, d20, d100, 2d6, dice-highest)",
              *kind);
    } else {
      out.kind = *kind;
    }
  }
  out.reference_shape = out.kind == "dice-sum";
  if (out.kind == "dice-pool") {
    for (std::string_view key : kReferencePoolKeys) out.reference_shape = out.reference_shape || r.has(key);
  }
  if (out.reference_shape) {
    read_reference_resolution(r, out, cx);
  } else {
    read_legacy(r, out, cx);
  }
  // SH-68: a bare wound-track id (see decisions.md).
  out.penalty_from = r.id("penaltyFrom", false).value_or("");
  read_adjust(r, out, cx);
}

}  // namespace rk::detail
