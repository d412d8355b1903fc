// Reference format: catalogs. A creature as the reference writes it: the plain numbers a fight
// reads, or a `sheet` in the ruleset's own terms (docs/format/catalogs.md, "Creatures").
#include <algorithm>
#include <set>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/read_catalog_ref.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"
#include "json/write.hpp"

namespace rk::detail {

namespace {

/// The keys a creature's sheet gives it, so a creature with a sheet does not also give them.
constexpr std::string_view kSheetReplaces[] = {
    "health", "defense", "initiativeModifier", "speed", "abilities", "saves", "checks", "soak", "hardness"};
/// The keys a creature without a sheet cannot go without.
constexpr std::string_view kPlainNeeds[] = {"health", "defense", "initiativeModifier"};
/// What a sequence step resolves itself: a sequence carries none of it.
constexpr std::string_view kSequenceCarriesNothing[] = {
    "toHit", "autoHit", "damage", "save", "saveDifficulty", "applies", "targetCount", "area", "reaction", "self"};

/// A JSON whole number within [min, max], or nothing.
std::optional<std::int64_t> whole_within(const bj::value& v, std::int64_t min, std::int64_t max) {
  if (!v.is_number()) return std::nullopt;
  const std::optional<Number> n = to_number(v);
  if (!n.has_value() || !n.value().is_integer()) return std::nullopt;
  const std::int64_t whole = n.value().whole();
  if (whole < min || whole > max) return std::nullopt;
  return whole;
}

class CreatureReader {
 public:
  explicit CreatureReader(const EffectContext& ec) : ec_(ec), s_(ec.sheet()), d_(ec.diagnostics()) {}

  std::optional<Creature> read(const bj::value& v, const std::string& p, const std::string& what) {
    ObjectReader r(v, p, what + " `creature`", d_);
    if (!r.ok()) return std::nullopt;
    Creature c;
    const bool has_sheet = r.has("sheet");
    if (has_sheet) {
      for (std::string_view key : kSheetReplaces) {
        if (r.has(key)) {
          r.error(Code::ConflictingKeys, key,
                  "a creature with a `sheet` takes its `{}` from the sheet, so it does not also "
                  "give it here",
                  key);
        }
      }
    } else {
      for (std::string_view key : kPlainNeeds) {
        if (!r.has(key)) r.error(Code::MissingKey, "", "a creature without a `sheet` needs its `{}`", key);
      }
    }
    read_health(r, c);
    c.defense = whole_key(r, "defense", false, 0, limits::kCreatureDefenseMax);
    c.speed = ranged_key(r, "speed", false, Number(), Number::of(limits::kDistanceMax));
    c.initiative_modifier = whole_key(r, "initiativeModifier", false, limits::kCreatureInitiativeModifierMin,
                                      limits::kCreatureInitiativeModifierMax);
    whole_map(r, "abilities", -limits::kCreatureAbilityBound, limits::kCreatureAbilityBound, c.abilities,
              &s_.ability_index, "ability");
    whole_map(r, "saves", -limits::kCreatureSaveBound, limits::kCreatureSaveBound, c.saves, &s_.save_index, "save");
    // The contest checks are the combat block's (read_catalog_combat.cpp).
    whole_map(r, "checks", -limits::kCreatureCheckBound, limits::kCreatureCheckBound, c.checks, nullptr, "check");
    if (r.has("checks")) ec_.cx.requirement.use(Gate::CreatureChecks, r.at("checks"));
    if (const bj::value* soak = r.get("soak")) {
      ec_.cx.requirement.use(Gate::CreatureSoak, r.at("soak"));
      ObjectReader so(*soak, r.at("soak"), r.what() + " `soak`", d_);
      c.soak_all = whole_key(so, "all", false, 0, limits::kCreatureSoakMax);
      whole_map(so, "byKind", 0, limits::kCreatureSoakMax, c.soak_by_kind, nullptr, "kind");
    }
    c.hardness = whole_key(r, "hardness", false, 0, limits::kCreatureHardnessMax);
    if (r.has("hardness")) ec_.cx.requirement.use(Gate::CreatureHardness, r.at("hardness"));
    c.resist = hide_list(r, "resist");
    c.immune = hide_list(r, "immune");
    if (const bj::array* vulnerable = r.array("vulnerable", false)) {
      check_limit(limits::kCreatureHideEntries, vulnerable->size(), r.at("vulnerable"), r.what() + " `vulnerable`", d_);
      for (std::size_t i = 0; i < vulnerable->size(); ++i) {
        if (auto type = damage_type((*vulnerable)[i], json::child(r.at("vulnerable"), i), r.what()))
          c.vulnerable.push_back(*type);
      }
    }
    c.condition_immunities = sheet_id_list(r, "conditionImmunities", false, 0, limits::kCreatureConditionImmunities)
                                 .value_or(std::vector<std::string>{});
    for (std::size_t i = 0; i < c.condition_immunities.size(); ++i) {
      if (!s_.condition_index.contains(c.condition_immunities[i])) {
        d_.error(Code::UnknownReference, json::child(r.at("conditionImmunities"), i),
                 "{}: the sheet declares no condition `{}`", r.what(), c.condition_immunities[i]);
      }
    }
    // The rung of the combat block's threat scale (read_catalog_combat.cpp).
    c.tier = sheet_id_key(r, "tier", true).value_or("");
    read_traits(r, c);
    c.signature_points = whole_key(r, "signaturePoints", false, 1, limits::kCreatureSignaturePointsMax);
    read_actions(r, c, has_sheet);
    read_riders(r, c);
    if (const bj::value* sheet = r.get("sheet")) {
      ec_.cx.requirement.use(Gate::CreatureSheet, r.at("sheet"));
      c.sheet = read_sheet(*sheet, r.at("sheet"), r.what());
    }
    check_signatures(r, c);
    check_creature_combat_names(v, p, r.what(), ec_);
    return c;
  }

 private:
  void read_health(ObjectReader& r, Creature& c) {
    const bj::value* health = r.get("health");
    if (health == nullptr) return;
    if (health->is_number()) {
      c.health = whole_key(r, "health", false, 1, limits::kCreatureHealthMax);
      return;
    }
    if (!health->is_object()) {
      r.error(Code::WrongType, "health",
              "`health` is a whole number from 1 to {} or {{ \"dice\": \"3d6\", \"flat\": 2 }}",
              limits::kCreatureHealthMax);
      return;
    }
    ObjectReader h(*health, r.at("health"), r.what() + " `health`", d_);
    Amount amount;
    if (auto dice = h.string("dice", true, limits::kCatalogDiceLength)) {
      if (is_catalog_dice(*dice))
        amount.dice = *dice;
      else
        h.error(Code::BadValue, "dice", "\"{}\" is not dice such as \"3d6\" or \"2d8+2\"", *dice);
    }
    amount.flat = whole_key(h, "flat", false, limits::kCreatureHealthFlatMin, limits::kCreatureHealthFlatMax);
    c.health_dice = amount;
  }

  void whole_map(ObjectReader& r, std::string_view key, std::int64_t min, std::int64_t max,
                 std::map<std::string, std::int64_t>& out, const std::unordered_map<Id, std::size_t>* index,
                 std::string_view kind) {
    const bj::object* o = r.object(key, false);
    if (o == nullptr) return;
    for (const auto& m : *o) {
      const std::string mp = json::child(r.at(key), m.key());
      const auto n = whole_within(m.value(), min, max);
      if (index != nullptr && !index->contains(m.key())) {
        d_.error(Code::UnknownReference, mp, "{}: the sheet declares no {} `{}`", r.what(), kind,
                 std::string_view(m.key()));
      } else if (!n) {
        d_.error(Code::OutOfRange, mp, "{}: `{}` `{}` is a whole number from {} to {}", r.what(), key,
                 std::string_view(m.key()), min, max);
      } else {
        out.emplace(m.key(), *n);
      }
    }
  }

  std::optional<std::string> damage_type(const bj::value& v, const std::string& p, const std::string& what) {
    const bool too_long = v.is_string() && text_length(v.get_string()) > limits::kDamageTypeLength;
    if (!v.is_string() || too_long || prompt_safety_problem(v.get_string())) {
      d_.error(too_long ? limits::kDamageTypeLength.code : Code::BadValue, p,
               "{}: a damage type is one prompt-safe line of at most {} characters", what, limits::kDamageTypeLength);
      return std::nullopt;
    }
    return std::string(v.get_string());
  }

  std::vector<HideEntry> hide_list(ObjectReader& r, std::string_view key) {
    std::vector<HideEntry> out;
    const bj::array* a = r.array(key, false);
    if (a == nullptr) return out;
    check_limit(limits::kCreatureHideEntries, a->size(), r.at(key), fmt::format("{} `{}`", r.what(), key), d_);
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string ep = json::child(r.at(key), i);
      if ((*a)[i].is_object()) {
        ObjectReader e((*a)[i], ep, fmt::format("{} `{}` #{}", r.what(), key, i + 1), d_);
        HideEntry entry;
        entry.type = e.prompt_text("type", true, limits::kDamageTypeLength).value_or("");
        entry.except =
            sheet_id_list(e, "except", true, 1, limits::kHideExceptTags).value_or(std::vector<std::string>{});
        ec_.cx.requirement.use(Gate::CreatureHideExcept, e.at("except"));
        out.push_back(std::move(entry));
      } else if (auto type = damage_type((*a)[i], ep, r.what())) {
        out.push_back(HideEntry{*type, {}});
      }
    }
    return out;
  }

  void read_traits(ObjectReader& r, Creature& c) {
    const bj::array* traits = r.array("traits", false);
    if (traits == nullptr) return;
    check_limit(limits::kCreatureTraits, traits->size(), r.at("traits"), r.what() + " `traits`", d_);
    for (std::size_t i = 0; i < traits->size(); ++i) {
      ObjectReader t((*traits)[i], json::child(r.at("traits"), i), fmt::format("{} trait #{}", r.what(), i + 1), d_);
      auto name = t.prompt_text("name", true, limits::kTraitNameLength);
      auto text = t.prompt_text("text", true, limits::kTraitTextLength);
      if (name && text) c.traits.emplace_back(*name, *text);
    }
  }

  void read_actions(ObjectReader& r, Creature& c, bool has_sheet) {
    const bj::array* actions = r.array("actions", false);
    if (actions == nullptr || actions->empty()) {
      if (!has_sheet && r.ok())
        r.error(Code::TooFew, "", "a creature without a `sheet` needs at least one action, or it has nothing to do");
      return;
    }
    r.check_limit(limits::kCreatureActions, actions->size(), "actions");
    std::vector<std::string> pointers;
    UniqueIds action_ids{r.what() + " action"};
    for (std::size_t i = 0; i < actions->size(); ++i) {
      const std::string ap = json::child(r.at("actions"), i);
      auto action = read_action((*actions)[i], ap, r.what());
      if (!action) continue;
      if (!action_ids.add(action->id, json::child(ap, "id"), d_)) continue;
      c.actions.push_back(std::move(*action));
      pointers.push_back(ap);
    }
    check_sequences(c, pointers, r.what());
  }

  std::optional<CreatureAction> read_action(const bj::value& v, const std::string& p, const std::string& owner) {
    ObjectReader a(v, p, fmt::format("{} {}", owner, entry_name("action", v, p)), d_);
    if (!a.ok()) return std::nullopt;
    CreatureAction out;
    out.id = sheet_id_key(a, "id", true).value_or("");
    out.name = a.prompt_text("name", true, limits::kActionNameLength).value_or("");
    // A budget of the combat block's action economy (read_catalog_combat.cpp).
    out.budget = sheet_id_key(a, "budget", true).value_or("");
    out.to_hit = whole_key(a, "toHit", false, limits::kCreatureToHitMin, limits::kCreatureToHitMax);
    out.auto_hit = a.boolean("autoHit").value_or(false);
    if (const bj::value* damage = a.get("damage")) {
      ObjectReader dr(*damage, a.at("damage"), a.what() + " `damage`", d_);
      if (dr.ok()) {
        CreatureAction::Damage dmg;
        if (auto dice = dr.string("dice", false, limits::kCatalogDiceLength)) {
          if (is_catalog_dice(*dice))
            dmg.amount.dice = *dice;
          else
            dr.error(Code::BadValue, "dice", "\"{}\" is not dice such as \"2d6\" or \"1d8+3\"", *dice);
        }
        dmg.amount.flat = whole_key(dr, "flat", false, limits::kCreatureDamageFlatMin, limits::kCreatureDamageFlatMax);
        if (!dr.has("dice") && !dr.has("flat"))
          dr.error(Code::MissingKey, "", "damage names dice, a flat amount, or both");
        dmg.type = dr.prompt_text("type", false, limits::kDamageTypeLength).value_or("");
        dmg.plus = read_damage_clauses(dr, "plus", ec_);
        out.damage = std::move(dmg);
      }
    }
    if (const bj::value* save = a.get("save")) {
      ObjectReader sr(*save, a.at("save"), a.what() + " `save`", d_);
      out.save = sheet_id_key(sr, "save", true).value_or("");
      if (!out.save.empty() && !s_.save_index.contains(out.save)) {
        sr.error(Code::UnknownReference, "save", "the sheet declares no save `{}`", out.save);
      }
      out.save_fixed_difficulty = whole_key(sr, "difficulty", true, 0, limits::kCreatureForcedSaveDifficultyMax);
      out.save_on_success = sr.choice("onSuccess", true, kSaveOutcomes).value_or(SaveOutcome::None);
    }
    out.save_difficulty = whole_key(a, "saveDifficulty", false, 0, limits::kCreatureSaveDifficultyMax);
    out.applies = read_applied_conditions(a, "applies", ec_);
    out.target_count = whole_key(a, "targetCount", false, 1, limits::kTargetsMax);
    out.reach = ranged_key(a, "reach", false, Number(), Number::of(limits::kDistanceMax));
    read_range(a, out);
    if (const bj::value* area = a.get("area")) {
      ObjectReader ar(*area, a.at("area"), a.what() + " `area`", d_);
      out.area_shape = ar.choice("shape", true, kAreaShapes);
      out.area_size = ranged_key(ar, "size", true, Number(), Number::of(limits::kDistanceMax), true);
      out.area_friendly_fire = ar.boolean("friendlyFire");
    }
    if (const bj::value* uses = a.get("uses")) {
      ObjectReader u(*uses, a.at("uses"), a.what() + " `uses`", d_);
      out.uses_per = u.choice("per", true, kUsesPer);
      out.uses_count = whole_key(u, "count", true, 1, limits::kCreatureUsesCountMax).value_or(0);
    }
    read_recharge(a, out);
    if (const bj::array* sequence = a.array("sequence", false)) {
      if (sequence->empty() || sequence->size() > limits::kSequenceSteps) {
        a.error(sequence->empty() ? Code::TooFew : Code::TooMany, "sequence", "a sequence names 1 to {} actions",
                limits::kSequenceSteps);
      }
      for (std::size_t i = 0; i < sequence->size(); ++i) {
        ObjectReader step((*sequence)[i], json::child(a.at("sequence"), i),
                          fmt::format("{} sequence step #{}", a.what(), i + 1), d_);
        auto id = sheet_id_key(step, "action", true);
        auto times = whole_key(step, "times", false, 1, limits::kSequenceTimes);
        out.sequence.emplace_back(id.value_or(""), times.value_or(1));
      }
      for (std::string_view key : kSequenceCarriesNothing) {
        if (a.has(key))
          a.error(Code::ConflictingKeys, key,
                  "a sequence resolves the actions it names, so it carries no `{}` of its own", key);
      }
    }
    if (const bj::value* signature = a.get("signature")) {
      ObjectReader sg(*signature, a.at("signature"), a.what() + " `signature`", d_);
      out.signature_cost = whole_key(sg, "cost", true, 1, limits::kCreatureSignatureCostMax);
    }
    if (const bj::value* reaction = a.get("reaction")) {
      ec_.cx.requirement.use(Gate::CreatureReactionSelf, a.at("reaction"));
      out.reaction = read_reaction_moment(*reaction, a.at("reaction"), a.what(), d_);
    }
    out.self = true_key(a, "self");
    if (out.self) {
      ec_.cx.requirement.use(Gate::CreatureReactionSelf, a.at("self"));
      for (std::string_view key : {"targetCount", "area"}) {
        if (a.has(key))
          a.error(Code::ConflictingKeys, key, "an action that lands on the creature itself takes no `{}`", key);
      }
    }
    if (a.has("reaction") && a.has("signature")) {
      a.error(Code::ConflictingKeys, "signature",
              "a reaction is taken at its moment, so it is not also bought with points");
    }
    if (a.has("save") && a.has("saveDifficulty")) {
      a.error(Code::ConflictingKeys, "saveDifficulty",
              "the action's own `save` gives the difficulty a save-ends uses, so it "
              "takes no `saveDifficulty`");
    }
    const bool save_ends = std::any_of(out.applies.begin(), out.applies.end(),
                                       [](const AppliedCondition& x) { return !x.save_ends.empty(); });
    if (save_ends && !a.has("save") && !a.has("saveDifficulty")) {
      a.error(Code::MissingKey, "",
              "a condition that ends on a save needs `saveDifficulty` (or a `save`) for that save to be "
              "rolled against");
    }
    if (out.damage) {
      for (std::size_t i = 0; i < out.damage->plus.size(); ++i) {
        const auto& clause = out.damage->plus[i];
        if (clause.save && !clause.save->difficulty && !a.has("save") && !a.has("saveDifficulty")) {
          d_.error(Code::MissingKey, json::child(json::child(json::child(a.at("damage"), "plus"), i), "save"),
                   "{}: this clause's save has no difficulty to be rolled against (give it one, or give the action a "
                   "`save` or `saveDifficulty`)",
                   a.what());
        }
      }
    }
    return out;
  }

  void read_range(ObjectReader& a, CreatureAction& out) {
    const bj::value* range = a.get("range");
    if (range == nullptr) return;
    if (range->is_number()) {
      out.range_normal = ranged_key(a, "range", false, Number(), Number::of(limits::kDistanceMax));
      return;
    }
    ObjectReader rr(*range, a.at("range"), a.what() + " `range`", d_);
    if (!rr.ok()) return;
    out.range_normal = ranged_key(rr, "normal", true, Number(), Number::of(limits::kDistanceMax));
    out.range_long = ranged_key(rr, "long", false, Number(), Number::of(limits::kDistanceMax));
    if (out.range_normal && out.range_long && *out.range_long < *out.range_normal) {
      rr.error(Code::OutOfRange, "long", "the long distance ({}) is at least the ordinary one ({})",
               out.range_long->to_string(), out.range_normal->to_string());
    }
  }

  void read_recharge(ObjectReader& a, CreatureAction& out) {
    const bj::value* recharge = a.get("recharge");
    if (recharge == nullptr) return;
    ObjectReader rc(*recharge, a.at("recharge"), a.what() + " `recharge`", d_);
    if (!rc.ok()) return;
    if (const bj::value* dice = rc.get("dice")) {
      ObjectReader dr(*dice, rc.at("dice"), rc.what() + " `dice`", d_);
      out.recharge_count = whole_key(dr, "count", true, 1, limits::kCreatureRechargeDiceCountMax).value_or(0);
      out.recharge_sides =
          whole_key(dr, "sides", true, limits::kCreatureRechargeDiceSidesMin, limits::kCreatureRechargeDiceSidesMax)
              .value_or(0);
    } else {
      rc.error(Code::MissingKey, "", "`dice` is required");
    }
    out.recharge_from = whole_key(rc, "from", true, 1, limits::kCreatureRechargeFromMax).value_or(0);
    const std::int64_t most = out.recharge_count * out.recharge_sides;
    if (most > 0 && out.recharge_from > most) {
      rc.error(Code::OutOfRange, "from",
               "these dice roll {} at most, so an action recharging from {} would never come back", most,
               out.recharge_from);
    }
  }

  void check_sequences(const Creature& c, const std::vector<std::string>& pointers, const std::string& what) {
    for (std::size_t i = 0; i < c.actions.size(); ++i) {
      const CreatureAction& action = c.actions[i];
      for (std::size_t j = 0; j < action.sequence.size(); ++j) {
        const std::string& id = action.sequence[j].first;
        if (id.empty()) continue;
        const std::string sp = json::child(json::child(json::child(pointers[i], "sequence"), j), "action");
        const auto named =
            std::find_if(c.actions.begin(), c.actions.end(), [&](const CreatureAction& a) { return a.id == id; });
        const std::string owner = fmt::format("{} action `{}`", what, action.id);
        if (named == c.actions.end()) {
          std::vector<std::string> ids;
          for (const auto& a : c.actions) ids.push_back(a.id);
          d_.error(Code::UnknownReference, sp, "{}: the sequence names `{}`, which is no action of this creature{}",
                   owner, id, did_you_mean(id, ids));
        } else if (named->id == action.id) {
          d_.error(Code::BadValue, sp, "{}: a sequence cannot name itself", owner);
        } else if (named->reaction) {
          d_.error(Code::BadValue, sp, "{}: `{}` is a reaction, so no sequence can make it", owner, id);
        } else if (!named->sequence.empty()) {
          d_.error(Code::BadValue, sp, "{}: `{}` is a sequence, and a sequence cannot name another", owner, id);
        } else if (named->signature_cost) {
          d_.error(Code::BadValue, sp, "{}: `{}` is bought with points, so a sequence cannot name it", owner, id);
        }
      }
    }
  }

  void read_riders(ObjectReader& r, Creature& c) {
    const bj::array* riders = r.array("riders", false);
    if (riders == nullptr) return;
    if (riders->empty() || riders->size() > limits::kCreatureRiders) {
      r.error(riders->empty() ? Code::TooFew : Code::TooMany, "riders",
              "a creature carries 1 to {} riders, or leaves `riders` out", limits::kCreatureRiders);
    }
    UniqueIds rider_ids{r.what() + " rider"};
    for (std::size_t i = 0; i < riders->size(); ++i) {
      const std::string rp = json::child(r.at("riders"), i);
      auto rider = read_rider((*riders)[i], rp, fmt::format("{} rider #{}", r.what(), i + 1), true, d_);
      if (!rider) continue;
      rider_ids.add(rider->id, json::child(rp, "id"), d_);
      for (std::size_t j = 0; j < rider->actions.size(); ++j) {
        const std::string& id = rider->actions[j];
        if (std::none_of(c.actions.begin(), c.actions.end(), [&](const CreatureAction& a) { return a.id == id; })) {
          d_.error(Code::UnknownReference, json::child(json::child(rp, "actions"), j),
                   "{}: the rider fires on `{}`, which is no "
                   "action of this creature",
                   r.what(), id);
        }
      }
      c.riders.push_back(std::move(*rider));
    }
  }

  void check_signatures(ObjectReader& r, const Creature& c) {
    const bool any = std::any_of(c.actions.begin(), c.actions.end(),
                                 [](const CreatureAction& a) { return a.signature_cost.has_value(); });
    if (any && !c.signature_points) {
      r.error(Code::MissingKey, "",
              "an action bought with points (`signature`) needs `signaturePoints` to be bought from");
    }
    if (!c.signature_points) return;
    for (std::size_t i = 0; i < c.actions.size(); ++i) {
      const auto& a = c.actions[i];
      if (a.signature_cost && *a.signature_cost > *c.signature_points) {
        d_.error(Code::OutOfRange,
                 json::child(json::child(json::child(json::child(r.pointer(), "actions"), i), "signature"), "cost"),
                 "{}: action `{}` costs {} and the creature only ever has {} signature points", r.what(), a.id,
                 *a.signature_cost, *c.signature_points);
      }
    }
  }

  std::optional<CreatureSheet> read_sheet(const bj::value& v, const std::string& p, const std::string& what) {
    ObjectReader r(v, p, what + " `sheet`", d_);
    if (!r.ok()) return std::nullopt;
    CreatureSheet out;
    if (const bj::object* abilities = r.object("abilities", false)) {
      for (const auto& m : *abilities) {
        const std::string ap = json::child(r.at("abilities"), m.key());
        auto it = s_.ability_index.find(m.key());
        if (it == s_.ability_index.end()) {
          d_.error(Code::UnknownReference, ap, "{}: the sheet declares no ability `{}`", r.what(),
                   std::string_view(m.key()));
          continue;
        }
        const Ability& ability = s_.abilities[it->second];
        const auto n = whole_within(m.value(), ability.min.whole(), ability.max.whole());
        if (!n) {
          d_.error(Code::OutOfRange, ap, "{}: ability `{}` takes a whole number from {} to {}", r.what(),
                   std::string_view(m.key()), s_.abilities[it->second].min.to_string(),
                   s_.abilities[it->second].max.to_string());
        } else {
          out.abilities.emplace(m.key(), Number::of(*n));
        }
      }
    }
    tier_map(r, "skills", s_.skill_index, "skill", out.skills);
    tier_map(r, "saves", s_.save_index, "save", out.saves);
    if (const bj::object* bonuses = r.object("bonuses", false)) {
      for (const auto& m : *bonuses) {
        const std::string bp = json::child(r.at("bonuses"), m.key());
        const auto n = whole_within(m.value(), -limits::kCreatureSheetBonusBound, limits::kCreatureSheetBonusBound);
        if (!s_.skill_index.contains(m.key()) && !s_.save_index.contains(m.key())) {
          d_.error(Code::UnknownReference, bp, "{}: a bonus is on a skill or a save, and the sheet declares no `{}`",
                   r.what(), std::string_view(m.key()));
        } else if (!n) {
          d_.error(Code::OutOfRange, bp, "{}: bonus `{}` takes a whole number from {} to {}", r.what(),
                   std::string_view(m.key()), -limits::kCreatureSheetBonusBound, limits::kCreatureSheetBonusBound);
        } else {
          out.bonuses.emplace(m.key(), Number::of(*n));
        }
      }
    }
    if (const bj::object* fields = r.object("fields", false)) {
      for (const auto& m : *fields) {
        const std::string fp = json::child(r.at("fields"), m.key());
        auto it = s_.field_index.find(m.key());
        if (it == s_.field_index.end()) {
          d_.error(Code::UnknownReference, fp, "{}: the sheet declares no field `{}`", r.what(),
                   std::string_view(m.key()));
          continue;
        }
        const Field& field = s_.fields[it->second];
        auto value = typed_scalar(m.value(), field.spec.type);
        if (!value || !field.spec.accepts(*value)) {
          d_.error(Code::BadCell, fp, "{}: field `{}` does not accept {}", r.what(), std::string_view(m.key()),
                   json::serialize(m.value()).substr(0, 80));
          continue;
        }
        out.fields.emplace(m.key(), *value);
      }
    }
    if (const bj::object* lists = r.object("lists", false)) {
      for (const auto& m : *lists)
        read_sheet_list(m.key(), m.value(), json::child(r.at("lists"), m.key()), r.what(), out);
    }
    return out;
  }

  void tier_map(ObjectReader& r, std::string_view key, const std::unordered_map<Id, std::size_t>& index,
                std::string_view kind, std::map<std::string, std::string>& out) {
    const bj::object* o = r.object(key, false);
    if (o == nullptr) return;
    for (const auto& m : *o) {
      const std::string mp = json::child(r.at(key), m.key());
      if (!index.contains(m.key())) {
        d_.error(Code::UnknownReference, mp, "{}: the sheet declares no {} `{}`", r.what(), kind,
                 std::string_view(m.key()));
      } else if (!m.value().is_string() || !s_.tier_index.contains(std::string(m.value().get_string()))) {
        d_.error(Code::UnknownReference, mp, "{}: {} `{}` is set to one of the ruleset's proficiency tiers", r.what(),
                 kind, std::string_view(m.key()));
      } else {
        out.emplace(m.key(), std::string(m.value().get_string()));
      }
    }
  }

  void read_sheet_list(std::string_view id, const bj::value& rows, const std::string& p, const std::string& what,
                       CreatureSheet& out) {
    auto it = s_.list_index.find(std::string(id));
    if (it == s_.list_index.end()) {
      d_.error(Code::UnknownReference, p, "{}: the sheet declares no list `{}`", what, id);
      return;
    }
    if (!rows.is_array()) {
      d_.error(Code::WrongType, p, "{}: list `{}` holds an array of rows", what, id);
      return;
    }
    const List& list = s_.lists[it->second];
    check_limit(limits::kCreatureListRows, rows.get_array().size(), p, fmt::format("{} list `{}`", what, id), d_);
    auto& target = out.lists[std::string(id)];
    for (std::size_t i = 0; i < rows.get_array().size(); ++i) {
      const std::string rp = json::child(p, i);
      const bj::value& row = rows.get_array()[i];
      if (!row.is_object()) {
        d_.error(Code::WrongType, rp, "{}: a row of list `{}` is an object of column values", what, id);
        continue;
      }
      std::map<std::string, Scalar> cells;
      for (const auto& c : row.get_object()) {
        const std::string cp = json::child(rp, c.key());
        if (c.key() == "_catalog") {
          // Checked once every catalog header is known (check_cross_catalog_names).
          if (c.value().is_string())
            out.marks.push_back({std::string(c.value().get_string()), list.id, cp});
          else
            d_.error(Code::WrongType, cp, "{}: `_catalog` is a string \"<catalog>/<entry>\"", what);
          continue;
        }
        auto ci = list.column_index.find(c.key());
        if (ci == list.column_index.end()) {
          d_.error(Code::UnknownReference, cp, "{}: list `{}` has no column `{}`", what, list.id,
                   std::string_view(c.key()));
          continue;
        }
        const Column& column = list.columns[ci->second];
        auto value = typed_scalar(c.value(), column.spec.type);
        if (!value || !column.spec.accepts(*value)) {
          d_.error(Code::BadCell, cp, "{}: list `{}` column `{}` does not accept {}", what, list.id, column.id,
                   json::serialize(c.value()).substr(0, 80));
          continue;
        }
        cells.emplace(c.key(), *value);
      }
      target.push_back(std::move(cells));
    }
  }

  const EffectContext& ec_;
  const Sheet& s_;
  Diagnostics& d_;
};

}  // namespace

std::optional<Creature> read_creature(const bj::value& v, const std::string& pointer, const std::string& what,
                                      const EffectContext& ec) {
  return CreatureReader(ec).read(v, pointer, what);
}

}  // namespace rk::detail
