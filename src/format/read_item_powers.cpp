// What a reference-format item does in play (docs/format/items.md "Weapons in a fight", "Using
// items in a fight"): a weapon's `attack`, an item's `use` and the `charges` that use spends. Each
// value they write down may instead be read off one of the item's own stats (`{ "stat": id }`).
#include <algorithm>
#include <set>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/read_item_powers.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"
#include "json/write.hpp"

namespace rk::detail {

namespace {

bool is_stat_read(const bj::value* v) { return v != nullptr && v->is_object() && v->as_object().contains("stat"); }

/// `{ dice, flat }`: an amount, each part optional.
void read_amount(ObjectReader& a, std::string& dice, std::optional<std::int64_t>& flat) {
  if (auto d = a.string("dice", false, limits::kCatalogDiceLength)) {
    if (!is_catalog_dice(*d)) a.error(Code::BadValue, "dice", "\"{}\" is not dice such as 2d6 or 1d8+3", *d);
    dice = *d;
  }
  if (auto f = a.number("flat", false, true)) flat = f->whole();
}

}  // namespace

std::optional<Id> ItemReader::stat_read(ObjectReader& r, std::string_view key, ValueKind kind) {
  const bj::value* v = r.get(key);
  if (!is_stat_read(v)) return std::nullopt;
  ObjectReader s(*v, r.at(key), fmt::format("{} `{}`", r.what(), key), d_);
  const Id id = s.id("stat", true).value_or("");
  if (id.empty() || combat_ == nullptr) return id;  // without a fight, nothing reads it
  const ItemStat* stat = items_ != nullptr ? items_->stat(id) : nullptr;
  if (stat == nullptr) {
    s.error(Code::UnknownReference, "stat", "the items block declares no stat `{}`", id);
    return id;
  }
  const ValueType want = kind == ValueKind::Number ? ValueType::Number
                         : kind == ValueKind::Dice ? ValueType::Dice
                         : kind == ValueKind::Type ? ValueType::Text
                                                   : ValueType::Enum;
  const bool fits = kind == ValueKind::Type ? (stat->spec.type == ValueType::Text || stat->spec.type == ValueType::Enum)
                                            : stat->spec.type == want;
  if (!fits) {
    static constexpr std::string_view kNames[] = {"number", "dice", "enum", "enum", "text or enum"};
    s.error(Code::WrongReferenceType, "stat", "item stat `{}` must be {}", id, kNames[static_cast<int>(kind)]);
    return id;
  }
  if (stat->spec.type != ValueType::Enum) return id;
  // Every word an enum stat may hold is one the value could be.
  for (const Id& word : stat->spec.values) {
    const bool known = kind == ValueKind::Abilities ? rs_.sheet.ability_index.contains(word)
                       : kind == ValueKind::Skill   ? rs_.sheet.skill_index.contains(word)
                       : kind == ValueKind::Type    ? combat_->knows_damage_type(word)
                                                    : true;
    if (!known) {
      const std::string_view what = kind == ValueKind::Abilities ? "an ability"
                                    : kind == ValueKind::Skill   ? "a skill"
                                                                 : "a damage type";
      s.error(Code::WrongReferenceType, "stat", "item stat `{}` holds \"{}\", which is not {}", id, word, what);
      break;
    }
  }
  return id;
}

std::optional<OrItemStat<std::int64_t>> ItemReader::whole_or_stat(ObjectReader& r, std::string_view key,
                                                                  std::int64_t min, std::int64_t max) {
  if (!r.has(key)) return std::nullopt;
  if (auto id = stat_read(r, key, ValueKind::Number)) return OrItemStat<std::int64_t>::from_stat(*id);
  if (auto n = read_whole(r, key, true, min, max)) return OrItemStat<std::int64_t>::written(*n);
  return std::nullopt;
}

std::optional<OrItemStat<Number>> ItemReader::distance_or_stat(ObjectReader& r, std::string_view key) {
  if (!r.has(key)) return std::nullopt;
  if (auto id = stat_read(r, key, ValueKind::Number)) return OrItemStat<Number>::from_stat(*id);
  auto n = r.number(key, true);
  if (!n) return std::nullopt;
  if (*n < Number() || *n > Number::of(limits::kDistanceMax)) {
    r.error(Code::OutOfRange, key, "a distance is from 0 to {}, found {}", limits::kDistanceMax, n->to_string());
    return std::nullopt;
  }
  return OrItemStat<Number>::written(*n);
}

std::optional<OrItemStat<std::string>> ItemReader::dice_or_stat(ObjectReader& r, std::string_view key) {
  if (!r.has(key)) return std::nullopt;
  if (auto id = stat_read(r, key, ValueKind::Dice)) return OrItemStat<std::string>::from_stat(*id);
  auto dice = r.string(key, true, limits::kCatalogDiceLength);
  if (!dice) return std::nullopt;
  if (!is_catalog_dice(*dice)) {
    r.error(Code::BadValue, key, "\"{}\" is not dice such as 2d6 or 1d8+3: at least one die, of at least two sides",
            *dice);
    return std::nullopt;
  }
  return OrItemStat<std::string>::written(*dice);
}

std::optional<OrItemStat<std::string>> ItemReader::type_or_stat(ObjectReader& r, std::string_view key) {
  if (!r.has(key)) return std::nullopt;
  if (auto id = stat_read(r, key, ValueKind::Type)) return OrItemStat<std::string>::from_stat(*id);
  auto type = r.prompt_text(key, true, limits::kDamageTypeLength);
  if (!type) return std::nullopt;
  if (combat_ != nullptr && !combat_->knows_damage_type(*type))
    r.error(Code::UnknownReference, key, "`combat.damageTypes` has no \"{}\"", *type);
  return OrItemStat<std::string>::written(*type);
}

std::optional<OrItemStat<std::vector<Id>>> ItemReader::abilities_or_stat(ObjectReader& r, std::string_view key) {
  if (!r.has(key)) return std::nullopt;
  if (auto id = stat_read(r, key, ValueKind::Abilities)) return OrItemStat<std::vector<Id>>::from_stat(*id);
  std::vector<Id> ids = read_ids(r, key, 1, limits::kAttackAbilities);
  if (combat_ != nullptr) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      expect_known(d_, rs_.sheet.ability_index, ids[i], json::child(r.at(key), i), r.what(), "ability");
  }
  return OrItemStat<std::vector<Id>>::written(ids);
}

std::optional<OrItemStat<Id>> ItemReader::skill_or_stat(ObjectReader& r, std::string_view key) {
  if (!r.has(key)) return std::nullopt;
  if (auto id = stat_read(r, key, ValueKind::Skill)) return OrItemStat<Id>::from_stat(*id);
  auto skill = r.id(key, true);
  if (!skill) return std::nullopt;
  if (combat_ != nullptr) expect_known(d_, rs_.sheet.skill_index, *skill, r.at(key), r.what(), "skill");
  return OrItemStat<Id>::written(*skill);
}

void ItemReader::check_budget(ObjectReader& r, std::string_view key, const Id& budget) {
  if (combat_ != nullptr && !budget.empty() && !combat_->has_budget(budget)) {
    r.error(Code::UnknownReference, key, "`combat.economy.budgets` has no budget `{}`", budget);
  }
}

ItemToHit ItemReader::read_to_hit(ObjectReader& t, std::string_view whose) {
  ItemToHit out;
  out.abilities = abilities_or_stat(t, "abilities");
  out.skill = skill_or_stat(t, "skill");
  // Read off the holder's sheet, with their live state and items, as the fight finds it.
  out.proficiency = read_sheet_ref(t, "proficiency", false, true, rs_, cx_);
  out.bonus = whole_or_stat(t, "bonus", -limits::kItemToHitBonusBound, limits::kItemToHitBonusBound);
  out.target = whole_or_stat(t, "target", 1, limits::kItemTargetMax);
  if (out.target && !rs_.resolution.is_pool() && combat_ != nullptr) {
    t.error(Code::BadValue, "target",
            "{} own per-die target is a pool fight's; in this ruleset its `bonus` says the same", whose);
  } else if (out.target && combat_ != nullptr && rs_.resolution.pool.target_min >= rs_.resolution.pool.target_max) {
    t.error(Code::BadValue, "target",
            "{} own target moves the pool's, so the resolution's `target.min` is below its `target.max`", whose);
  }
  return out;
}

std::optional<ItemAttack> ItemReader::read_attack(const bj::value& v, const std::string& p, const std::string& what,
                                                  const CatalogItem& item) {
  cx_.requirement.use(Gate::ItemAttack, p);
  ObjectReader r(v, p, what, d_);
  if (!r.ok()) return std::nullopt;
  ItemAttack a;
  a.budget = r.id("budget", true).value_or("");
  check_budget(r, "budget", a.budget);
  if (const bj::value* to_hit = r.get("toHit")) {
    ObjectReader t(*to_hit, r.at("toHit"), what + " `toHit`", d_);
    if (t.ok()) a.to_hit = read_to_hit(t, "a weapon's");
  }
  if (const bj::value* damage = r.get("damage")) {
    ObjectReader dm(*damage, r.at("damage"), what + " `damage`", d_);
    if (dm.ok()) {
      a.damage_dice = dice_or_stat(dm, "dice");
      a.damage_abilities = abilities_or_stat(dm, "abilities");
      a.damage_bonus = whole_or_stat(dm, "bonus", -limits::kItemDamageBonusBound, limits::kItemDamageBonusBound);
      a.damage_type = type_or_stat(dm, "type");
      // A summed fight's hit deals its dice; a pool fight's deals its successes, and dice on top.
      if (combat_ != nullptr && !rs_.resolution.is_pool() && !dm.has("dice")) {
        dm.error(Code::MissingKey, "dice", "a weapon deals dice");
      }
    }
  } else {
    r.error(Code::MissingKey, "", "`damage` is required");
  }
  a.reach = distance_or_stat(r, "reach");
  if (const bj::value* range = r.get("range")) {
    ObjectReader g(*range, r.at("range"), what + " `range`", d_);
    if (g.ok()) {
      a.range_normal = distance_or_stat(g, "normal");
      if (!g.has("normal")) g.error(Code::MissingKey, "", "`normal` is required");
      a.range_long = distance_or_stat(g, "long");
      if (a.range_normal && a.range_long && !a.range_normal->reads_stat() && !a.range_long->reads_stat() &&
          a.range_long->value < a.range_normal->value) {
        g.error(Code::OutOfRange, "long", "the long distance is at least the ordinary one");
      }
    }
  }
  if (const bj::value* versatile = r.get("versatile")) {
    ObjectReader vr(*versatile, r.at("versatile"), what + " `versatile`", d_);
    if (vr.ok()) {
      a.versatile_dice = dice_or_stat(vr, "dice");
      if (!vr.has("dice")) vr.error(Code::MissingKey, "", "`dice` is required");
    }
  }
  a.strikes = read_sheet_ref(r, "strikes", false, true, rs_, cx_);
  if (a.strikes && a.strikes->kind == RefKind::Const && a.strikes->constant < Number::of(1) && combat_ != nullptr) {
    r.error(Code::OutOfRange, "strikes", "one spend buys at least one strike");
  }
  if (const bj::value* ammo = r.get("ammo")) {
    cx_.requirement.use(Gate::ItemAmmo, r.at("ammo"));
    ObjectReader m(*ammo, r.at("ammo"), what + " `ammo`", d_);
    if (m.ok()) {
      ItemAttack::Ammo out;
      out.tag = m.id("tag", true).value_or("");
      out.per_attack = read_whole(m, "perAttack", false, 1, limits::kPerAttackMax).value_or(1);
      if (auto recover = m.number("recover", false)) {
        if (*recover < Number() || *recover > Number::of(1))
          m.error(Code::OutOfRange, "recover", "`recover` is a share from 0 to 1");
        out.recover = *recover;
      }
      const bool tagged = items_ != nullptr && std::any_of(items_->tags.begin(), items_->tags.end(),
                                                           [&](const ItemWord& w) { return w.id == out.tag; });
      if (combat_ != nullptr && !out.tag.empty() && !tagged)
        m.error(Code::UnknownReference, "tag", "the items block declares no tag `{}`", out.tag);
      a.ammo = out;
    }
  }
  if (const bj::value* clip = r.get("clip")) {
    cx_.requirement.use(Gate::ItemAmmo, r.at("clip"));
    ObjectReader c(*clip, r.at("clip"), what + " `clip`", d_);
    if (c.ok()) {
      auto max = whole_or_stat(c, "max", 1, limits::kClipMax);
      if (!c.has("max")) c.error(Code::MissingKey, "", "`max` is required");
      ItemAttack::Clip out{max.value_or(OrItemStat<std::int64_t>::written(1)), c.id("reload", true).value_or("")};
      check_budget(c, "reload", out.reload);
      if (combat_ != nullptr && a.ammo && a.ammo->recover) {
        d_.error(Code::ConflictingKeys, json::child(json::child(p, "ammo"), "recover"),
                 "{}: a clip's rounds are not picked up after a fight, so `recover` is for a weapon without one", what);
      }
      if (combat_ != nullptr && max && !max->reads_stat() && a.ammo && a.ammo->per_attack > max->value) {
        d_.error(Code::OutOfRange, json::child(json::child(p, "ammo"), "perAttack"),
                 "{}: one attack would shoot more than the clip holds", what);
      }
      a.clip = out;
    }
  }
  if (const bj::array* modes = r.array("modes", false)) {
    cx_.requirement.use(Gate::ItemAttackExtras, r.at("modes"));
    if (modes->empty()) r.error(Code::TooFew, "modes", "`modes` lists at least one");
    check_limit(limits::kAttackModes, modes->size(), r.at("modes"), what + " `modes`", d_);
    UniqueIds ids{"attack mode"};
    for (std::size_t i = 0; i < modes->size(); ++i) {
      const std::string mp = json::child(r.at("modes"), i);
      ObjectReader m((*modes)[i], mp, entry_name(what + " mode", (*modes)[i], mp), d_);
      if (!m.ok()) continue;
      ItemAttack::Mode mode;
      mode.id = m.id("id", true).value_or("");
      mode.label = m.prompt_text("label", true, limits::kDamageTypeLength).value_or("");
      mode.ammo = read_whole(m, "ammo", false, 1, limits::kAmmoMax);
      mode.to_hit = read_whole(m, "toHit", false, -limits::kAttackModeToHitBound, limits::kAttackModeToHitBound);
      mode.target = read_whole(m, "target", false, -limits::kAttackModeTargetBound, limits::kAttackModeTargetBound);
      mode.targets = read_whole(m, "targets", false, 1, limits::kTargetsMax);
      if (combat_ != nullptr) {
        ids.add(mode.id, m.at("id"), d_);
        if (mode.ammo && !a.ammo && !a.clip)
          m.error(Code::BadValue, "ammo",
                  "a mode's ammo is what one attack in it shoots, so the weapon shoots something");
        else if (mode.ammo && a.clip && !a.clip->max.reads_stat() && *mode.ammo > a.clip->max.value) {
          m.error(Code::OutOfRange, "ammo", "one attack in this mode would shoot more than the clip holds");
        }
        const bool fixed_target = rs_.resolution.pool.target_min >= rs_.resolution.pool.target_max;
        if (m.has("target") && (!rs_.resolution.is_pool() || fixed_target)) {
          m.error(Code::BadValue, "target", "a mode's target moves a pool fight's own, so the pool's target can move");
        }
      }
      a.modes.push_back(std::move(mode));
    }
  }
  if (auto off = r.boolean("offHand")) {
    cx_.requirement.use(Gate::ItemAttackExtras, r.at("offHand"));
    if (!*off) r.error(Code::BadValue, "offHand", "`offHand` is written `true` or left out");
    a.off_hand = *off;
    if (combat_ != nullptr && *off && combat_->off_hand_budget.empty()) {
      r.error(Code::BadValue, "offHand",
              "an off-hand attack spends `combat.offHand`'s budget, so the combat block declares one");
    }
  }
  if (r.has("floor")) cx_.requirement.use(Gate::ItemAttackExtras, r.at("floor"));
  a.floor = whole_or_stat(r, "floor", 1, limits::kAttackFloorMax);
  if (const bj::array* on_hit = r.array("onHit", false)) {
    cx_.requirement.use(Gate::ItemAttackExtras, r.at("onHit"));
    if (on_hit->empty()) r.error(Code::TooFew, "onHit", "`onHit` lists at least one");
    check_limit(limits::kAttackOnHit, on_hit->size(), r.at("onHit"), what + " `onHit`", d_);
    for (std::size_t i = 0; i < on_hit->size(); ++i) {
      ObjectReader h((*on_hit)[i], json::child(r.at("onHit"), i), fmt::format("{} onHit #{}", what, i + 1), d_);
      if (!h.ok()) continue;
      ItemAttack::OnHit hit;
      hit.condition = h.id("condition", true).value_or("");
      hit.at_least = read_whole(h, "atLeast", true, 1, limits::kOnHitAtLeastMax).value_or(1);
      hit.rounds = read_whole(h, "rounds", false, 1, limits::kOnHitRoundsMax);
      if (combat_ != nullptr)
        expect_known(d_, rs_.sheet.condition_index, hit.condition, h.at("condition"), h.what(), "condition");
      a.on_hit.push_back(std::move(hit));
    }
  }
  if (combat_ != nullptr) {
    // Used while worn, so an item that could never be worn could never be used.
    const bool takes_slots = !item.slots.empty();
    if (!takes_slots && !item.binds)
      r.error(Code::BadValue, "", "a weapon is used while it is worn, so it takes a slot or binds");
    if (a.versatile_dice && !takes_slots) {
      r.error(Code::BadValue, "versatile", "versatile dice are for a hand free beside the weapon, so it takes a slot");
    }
    if (!combat_->distance) {
      for (std::string_view key : {"reach", "range"}) {
        if (r.has(key))
          r.error(Code::BadValue, key, "`{}` is measured in cells, so the combat block declares `distance` too", key);
      }
    }
  }
  return a;
}

std::optional<ItemUse> ItemReader::read_use(const bj::value& v, const std::string& p, const std::string& what,
                                            const CatalogItem&) {
  cx_.requirement.use(Gate::ItemUse, p);
  ObjectReader r(v, p, what, d_);
  if (!r.ok()) return std::nullopt;
  ItemUse u;
  const Sheet& s = rs_.sheet;
  u.kind = r.choice("kind", true, kItemUseKinds);
  // The keys a use shares with a catalog entry's `mechanics`, checked here and kept as written.
  for (std::string_view key : {"range", "area", "targets", "friendlyFire", "amount", "damageType", "plus", "attackRoll",
                               "save", "targetCount", "autoHit", "applies", "temporary"}) {
    if (const bj::value* value = r.get(key)) u.mechanics_json.emplace(key, json::serialize(*value));
  }
  if (auto range = r.number("range", false)) {
    if (*range < Number()) r.error(Code::OutOfRange, "range", "`range` is 0 or more");
  }
  if (const bj::value* area = r.get("area")) {
    ObjectReader ar(*area, r.at("area"), what + " `area`", d_);
    ar.choice("shape", true, kAreaShapes);
    if (auto size = ar.number("size", true); size && *size <= Number())
      ar.error(Code::OutOfRange, "size", "`size` is above 0");
  }
  r.choice("targets", false, kTargetKinds);
  r.boolean("friendlyFire");
  const bool attack_roll = r.boolean("attackRoll").value_or(false);
  r.boolean("autoHit");
  read_whole(r, "targetCount", false, 1, limits::kTargetsMax);
  const auto amount = [&](std::string_view key) {
    if (const bj::value* value = r.get(key)) {
      ObjectReader am(*value, r.at(key), fmt::format("{} `{}`", what, key), d_);
      std::string dice;
      std::optional<std::int64_t> flat;
      if (am.ok()) read_amount(am, dice, flat);
    }
  };
  amount("amount");
  amount("temporary");
  if (auto type = r.prompt_text("damageType", false, limits::kDamageTypeLength)) {
    if (combat_ != nullptr && !combat_->knows_damage_type(*type))
      r.error(Code::UnknownReference, "damageType", "`combat.damageTypes` has no \"{}\"", *type);
  }
  bool asks_for_save = false;
  const auto read_save = [&](ObjectReader& parent, bool clause) {
    const bj::value* save = parent.get("save");
    if (save == nullptr) return;
    ObjectReader sv(*save, parent.at("save"), parent.what() + " `save`", d_);
    if (!sv.ok()) return;
    const Id id = sv.id("save", true).value_or("");
    expect_known(d_, s.save_index, id, sv.at("save"), sv.what(), "save");
    sv.choice("onSuccess", !clause, kSaveOutcomes);
    const bool own_difficulty = clause && sv.has("difficulty");
    if (clause) read_whole(sv, "difficulty", false, 0, limits::kClauseSaveDifficultyMax);
    if (!own_difficulty) asks_for_save = true;
  };
  read_save(r, false);
  if (const bj::array* plus = r.array("plus", false)) {
    for (std::size_t i = 0; i < plus->size(); ++i) {
      ObjectReader c((*plus)[i], json::child(r.at("plus"), i), fmt::format("{} plus #{}", what, i + 1), d_);
      if (!c.ok()) continue;
      std::string dice;
      std::optional<std::int64_t> flat;
      read_amount(c, dice, flat);
      if (dice.empty() && !flat) c.error(Code::MissingKey, "", "a clause names dice, a flat amount, or both");
      if (auto type = c.prompt_text("type", false, limits::kDamageTypeLength)) {
        if (combat_ != nullptr && !combat_->knows_damage_type(*type))
          c.error(Code::UnknownReference, "type", "`combat.damageTypes` has no \"{}\"", *type);
      }
      read_save(c, true);
    }
    if (!r.has("amount")) r.error(Code::MissingKey, "plus", "a clause needs an amount beside it");
    if (u.kind == UseKind::Heal) r.error(Code::BadValue, "plus", "a heal carries no damage clauses");
  }
  if (const bj::array* applies = r.array("applies", false)) {
    check_limit(limits::kAppliedConditions, applies->size(), r.at("applies"), what + " `applies`", d_);
    for (std::size_t i = 0; i < applies->size(); ++i) {
      ObjectReader ap((*applies)[i], json::child(r.at("applies"), i), fmt::format("{} applies #{}", what, i + 1), d_);
      if (!ap.ok()) continue;
      expect_known(d_, s.condition_index, ap.id("condition", true).value_or(""), ap.at("condition"), ap.what(),
                   "condition");
      bool until_save = false;
      if (const bj::value* duration = ap.get("duration")) {
        if (duration->is_string()) {
          const auto word = choice_of(kDurationWords, duration->get_string());
          until_save = word == DurationWord::UntilSave;
          if (!word)
            ap.error(Code::BadValue, "duration", "`duration` is \"instant\", \"until-save\" or {{ \"rounds\" }}");
        } else {
          ObjectReader dr(*duration, ap.at("duration"), ap.what() + " `duration`", d_);
          read_whole(dr, "rounds", true, 1, limits::kEffectRounds);
          dr.choice("at", false, kRoundsCountAt);
        }
      } else {
        ap.error(Code::MissingKey, "", "`duration` is required");
      }
      if (const bj::value* ends = ap.get("saveEnds")) {
        ObjectReader se(*ends, ap.at("saveEnds"), ap.what() + " `saveEnds`", d_);
        expect_known(d_, s.save_index, se.id("save", true).value_or(""), se.at("save"), se.what(), "save");
        se.choice("at", true, kSaveEndsAt);
        asks_for_save = true;
      } else if (until_save) {
        ap.error(Code::MissingKey, "saveEnds", "\"until-save\" needs the save that ends it");
      }
      ap.choice("endsAfter", false, kEndsAfter);
    }
  }
  u.budget = r.id("budget", false).value_or("");
  if (auto free = r.boolean("free")) {
    if (!*free) r.error(Code::BadValue, "free", "`free` is written `true` or left out");
    u.free = *free;
    if (*free && r.has("budget"))
      r.error(Code::ConflictingKeys, "free", "something free spends no budget, so it names none");
  }
  if (const bj::value* to_hit = r.get("toHit")) {
    ObjectReader t(*to_hit, r.at("toHit"), what + " `toHit`", d_);
    if (t.ok()) u.to_hit = read_to_hit(t, "an item's");
    if (!attack_roll) r.error(Code::BadValue, "toHit", "a to-hit is for a use that rolls to hit (`attackRoll`)");
  }
  u.save_difficulty = whole_or_stat(r, "saveDifficulty", 0, limits::kUseSaveDifficultyMax);
  // An item has no sheet row to read a save's number off, so it says its own.
  if (asks_for_save && !r.has("saveDifficulty"))
    r.error(Code::MissingKey, "saveDifficulty", "a use that asks for a save says the number it is saved against");
  if (auto consumes = r.boolean("consumes")) {
    if (!*consumes) r.error(Code::BadValue, "consumes", "`consumes` is written `true` or left out");
    u.consumes = *consumes;
  }
  u.charges = read_whole(r, "charges", false, 1, limits::kItemChargesMax);
  if (u.consumes && r.has("charges"))
    r.error(Code::ConflictingKeys, "charges", "a use that uses the item up spends no charges of it");
  if (const bj::value* restore = r.get("restore")) {
    cx_.requirement.use(Gate::ItemRestore, r.at("restore"));
    ObjectReader rr(*restore, r.at("restore"), what + " `restore`", d_);
    if (rr.ok()) {
      ItemUse::Restore out;
      out.pool = rr.id("pool", true).value_or("");
      if (const bj::value* am = rr.get("amount")) {
        ObjectReader a(*am, rr.at("amount"), rr.what() + " `amount`", d_);
        if (a.ok()) read_amount(a, out.dice, out.flat);
        if (out.dice.empty() && !out.flat)
          rr.error(Code::MissingKey, "amount", "a restore says how much it gives back");
      } else {
        rr.error(Code::MissingKey, "", "`amount` is required");
      }
      if (!out.pool.empty() && !s.pool_index.contains(out.pool)) {
        rr.error(Code::UnknownReference, "pool", "the sheet declares no pool `{}`", out.pool);
      } else {
        const CombatHealth* health = combat_ != nullptr      ? &combat_->health
                                     : rs_.battle != nullptr ? &rs_.battle->health
                                                             : nullptr;
        if (health != nullptr && health->kind == CombatHealth::Kind::Pool && health->id == out.pool) {
          rr.error(Code::BadValue, "pool", "health comes back with a heal, not a restore");
        }
      }
      // Giving back is help: a use aimed to harm restores nobody's pool.
      if (u.kind != UseKind::Heal && u.kind != UseKind::Buff)
        r.error(Code::BadValue, "restore", "a restore is on a use that helps, a heal or a buff");
      u.restore = out;
    }
  }
  if (const bj::value* gate = r.get("gate")) {
    cx_.requirement.use(Gate::ItemGate, r.at("gate"));
    ObjectReader g(*gate, r.at("gate"), what + " `gate`", d_);
    if (g.ok()) {
      ItemUse::Gate out;
      if (const bj::value* check = g.get("check")) {
        ObjectReader c(*check, g.at("check"), g.what() + " `check`", d_);
        const int keys = int(c.has("skill")) + int(c.has("ability")) + int(c.has("value"));
        if (c.ok() && keys != 1)
          c.error(Code::ConflictingKeys, "", "a gate's check names exactly one of `skill`, `ability` or `value`");
        if (c.has("skill")) {
          out.check = ItemUse::Gate::Check::Skill;
          out.id = c.id("skill", true).value_or("");
          expect_known(d_, s.skill_index, out.id, c.at("skill"), c.what(), "skill");
        }
        if (c.has("ability")) {
          out.check = ItemUse::Gate::Check::Ability;
          out.id = c.id("ability", true).value_or("");
          expect_known(d_, s.ability_index, out.id, c.at("ability"), c.what(), "ability");
        }
        if (c.has("value")) {
          out.check = ItemUse::Gate::Check::Value;
          out.value = read_sheet_ref(c, "value", true, true, rs_, cx_);
        }
      } else {
        g.error(Code::MissingKey, "", "`check` is required");
      }
      auto difficulty = whole_or_stat(g, "difficulty", 1, limits::kUseGateDifficultyMax);
      if (!g.has("difficulty")) g.error(Code::MissingKey, "", "`difficulty` is required");
      if (difficulty) out.difficulty = *difficulty;
      if (const bj::value* unless = g.get("unless")) {
        ObjectReader un(*unless, g.at("unless"), g.what() + " `unless`", d_);
        out.unless_value = read_sheet_ref(un, "value", true, true, rs_, cx_);
        out.unless_at_least = un.number("atLeast", true).value_or(Number());
      }
      u.gate = std::move(out);
    }
  }
  // A wound track has boxes and no buffer for temporary points.
  const CombatHealth* health = combat_ != nullptr      ? &combat_->health
                               : rs_.battle != nullptr ? &rs_.battle->health
                                                       : nullptr;
  if (r.has("temporary") && health != nullptr && health->kind == CombatHealth::Kind::Track) {
    r.error(Code::BadValue, "temporary", "health is the wound track `{}`, which carries no buffer for temporary points",
            health->id);
  }
  // Where the ruleset has no fight, the budget is read by nothing.
  if (combat_ != nullptr) {
    if (!u.free && u.budget.empty()) r.error(Code::MissingKey, "budget", "a use spends a budget, or is `free`");
    check_budget(r, "budget", u.budget);
  }
  return u;
}

std::optional<ItemCharges> ItemReader::read_charges(const bj::value& v, const std::string& p, ObjectReader& item_reader,
                                                    const CatalogItem& item) {
  cx_.requirement.use(Gate::ItemUse, p);
  ObjectReader r(v, p, item_reader.what() + " `charges`", d_);
  if (!r.ok()) return std::nullopt;
  ItemCharges c;
  auto max = whole_or_stat(r, "max", 1, limits::kItemChargesMax);
  if (!r.has("max")) r.error(Code::MissingKey, "", "`max` is required");
  if (max) c.max = *max;
  // Read off a stat, the item's own number is what it holds: fewer than one is an item never used.
  if (max && max->reads_stat()) {
    const Id& stat = max->stat;
    auto given = item.stats.find(stat);
    if (given != item.stats.end() && std::holds_alternative<Number>(given->second.value) &&
        std::get<Number>(given->second.value) < Number::of(1)) {
      d_.error(Code::OutOfRange, json::child(json::child(item_reader.pointer(), "stats"), stat),
               "{}: an item that holds charges holds at least one", item_reader.what());
    }
  }
  if (const bj::value* recharge = r.get("recharge")) {
    cx_.requirement.use(Gate::ItemRecharge, r.at("recharge"));
    ObjectReader rc(*recharge, r.at("recharge"), r.what() + " `recharge`", d_);
    if (rc.ok()) {
      c.recharge_rests = read_ids(rc, "rests", 1, limits::kChargeRests);
      if (!rc.has("rests")) rc.error(Code::MissingKey, "", "`rests` is required");
      for (std::size_t i = 0; i < c.recharge_rests.size(); ++i) {
        const bool known = std::any_of(rs_.sheet.rests.begin(), rs_.sheet.rests.end(),
                                       [&](const Rest& x) { return x.id == c.recharge_rests[i]; });
        if (!known)
          d_.error(Code::UnknownReference, json::child(rc.at("rests"), i), "{}: the ruleset declares no rest `{}`",
                   rc.what(), c.recharge_rests[i]);
      }
      if (const bj::value* amount = rc.get("amount")) {
        if (amount->is_string()) {
          c.recharge_to_max = choice_of(kRechargeWords, amount->get_string()).has_value();
          if (!c.recharge_to_max) rc.error(Code::BadValue, "amount", "`amount` is \"max\" or {{ dice, flat }}");
        } else {
          ObjectReader a(*amount, rc.at("amount"), rc.what() + " `amount`", d_);
          if (a.ok()) read_amount(a, c.recharge_dice, c.recharge_flat);
          if (a.ok() && c.recharge_dice.empty() && !c.recharge_flat)
            rc.error(Code::MissingKey, "amount", "a recharge says how many come back, or \"max\"");
        }
      } else {
        rc.error(Code::MissingKey, "", "`amount` is required");
      }
    }
  }
  if (const bj::value* breaks = r.get("breaksOn")) {
    cx_.requirement.use(Gate::ItemRecharge, r.at("breaksOn"));
    ObjectReader b(*breaks, r.at("breaksOn"), r.what() + " `breaksOn`", d_);
    c.breaks_die = read_whole(b, "die", true, 2, limits::kBreakDieSidesMax);
    c.breaks_at_most = read_whole(b, "atMost", true, 1, limits::kBreakAtMostMax);
    if (c.breaks_die && c.breaks_at_most && *c.breaks_at_most > *c.breaks_die) {
      b.error(Code::OutOfRange, "atMost", "a break is at most the die's own faces ({})", *c.breaks_die);
    }
  }
  if (!item.use || !item.use->charges)
    r.error(Code::MissingKey, "", "an item's charges are spent by its use, so its `use` spends some (`use.charges`)");
  // Charges are one item's, so a stack of several would hold none of its own.
  if (item.stack.value_or(0) != 1) {
    item_reader.error(Code::BadValue, "stack", "an item that holds charges is one to a stack, so its `stack` is 1");
  }
  return c;
}

}  // namespace rk::detail
