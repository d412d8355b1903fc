// Reading the `item` of an entry in a `holds: "items"` catalog, in the reference format
// (docs/format/items.md "An item"): every name it uses is one the `items` block declares, every
// stat value one its stat could hold; what it does while worn or carried and what it asks of its
// wearer. A weapon's `attack`, a `use` and `charges` are read in read_item_powers.cpp.
#include <algorithm>
#include <set>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/read_item_powers.hpp"
#include "json/document.hpp"
#include "json/write.hpp"

namespace rk::detail {

namespace {

/// What a check or a save outside a fight reads (1.53), as against a fight's effects (1.56).
bool is_check_effect(ConditionEffect e) { return is_own_check(e) || is_own_save(e); }

}  // namespace

ItemEffect ItemReader::read_effect(ObjectReader& e, bool requirement) {
  ItemEffect out;
  out.effects = read_effects(e, "effects", 1, true, cx_);
  out.modifiers = read_modifiers(e, cx_);
  out.fails_saves = read_ids(e, "failsSaves", 1, limits::kNarrowSaves);
  out.saves = read_ids(e, "saves", 1, limits::kNarrowSaves);
  out.skills = read_ids(e, "skills", 1, limits::kNarrowSkills);
  check_narrowing(e, out.effects, out.modifiers, out.fails_saves, out.saves, out.skills, rs_);
  // What a check outside a fight reads came first (1.53); the rest is a fight's (1.56).
  const bool fight_effect =
      std::any_of(out.effects.begin(), out.effects.end(), [](ConditionEffect x) { return !is_check_effect(x); });
  const bool fight_modifier = std::any_of(out.modifiers.begin(), out.modifiers.end(), [](const CombatModifier& m) {
    return m.to != CombatModifier::To::Checks && m.to != CombatModifier::To::Saves;
  });
  if (fight_effect || fight_modifier) cx_.requirement.use(Gate::ItemFightEffects, e.pointer());
  if (const bj::object* abilities = e.object("abilities", false)) {
    cx_.requirement.use(Gate::ItemRequires, e.at("abilities"));
    // What applies while a requirement falls short cannot change an ability, since what it asks may read one.
    if (requirement)
      e.error(Code::BadValue, "abilities",
              "an unmet requirement cannot change an ability, since what it asks may read one");
    e.check_limit(limits::kItemAbilityChanges, abilities->size(), "abilities");
    for (const auto& m : *abilities) {
      const std::string ap = json::child(e.at("abilities"), m.key());
      ObjectReader c(m.value(), ap, fmt::format("{} ability `{}`", e.what(), std::string(m.key())), d_);
      if (!c.ok()) continue;
      const bool set = c.has("set"), add = c.has("add");
      if (set == add) {
        c.error(Code::ConflictingKeys, "", "an ability change is `{{ \"set\": n }}` or `{{ \"add\": n }}`");
        c.accept("set");
        c.accept("add");
        continue;
      }
      ItemEffect::AbilityChange change;
      change.kind = set ? ItemEffect::AbilityChange::Kind::Set : ItemEffect::AbilityChange::Kind::Add;
      auto it = rs_.sheet.ability_index.find(std::string(m.key()));
      if (set) {
        auto n = c.number("set", true, true);
        if (!n) continue;
        change.amount = n->whole();
        if (it != rs_.sheet.ability_index.end()) {
          const Ability& ability = rs_.sheet.abilities[it->second];
          if (*n < ability.min || *n > ability.max) {
            c.error(Code::OutOfRange, "set", "`{}` runs from {} to {}", ability.id, ability.min.to_string(),
                    ability.max.to_string());
          }
        }
      } else {
        auto n = read_whole(c, "add", true, -limits::kItemAbilityChangeBound, limits::kItemAbilityChangeBound);
        if (!n) continue;
        if (*n == 0) c.error(Code::OutOfRange, "add", "adding 0 changes nothing");
        change.amount = *n;
      }
      if (it == rs_.sheet.ability_index.end()) {
        d_.error(Code::UnknownReference, ap, "{}: the sheet declares no ability `{}`", e.what(), std::string(m.key()));
        continue;
      }
      out.abilities.emplace(std::string(m.key()), change);
    }
  }
  out.resist = read_words(e, "resist", 1, limits::kItemHideWords, limits::kDamageTypeLength);
  out.vulnerable = read_words(e, "vulnerable", 1, limits::kItemHideWords, limits::kDamageTypeLength);
  out.immune = read_words(e, "immune", 1, limits::kItemHideWords, limits::kDamageTypeLength);
  out.condition_immunities = read_ids(e, "conditionImmunities", 1, limits::kItemConditionImmunities);
  const bool hide = e.has("resist") || e.has("vulnerable") || e.has("immune") || e.has("conditionImmunities");
  if (hide) cx_.requirement.use(Gate::ItemFightEffects, e.pointer());
  if (!e.has("effects") && !e.has("modifiers") && !e.has("failsSaves") && out.abilities.empty() &&
      !e.has("abilities") && !hide) {
    e.error(Code::MissingKey, "effects",
            "an item's effect does something: effects, modifiers, saves it fails, abilities it changes, or harm or "
            "conditions it keeps off");
  }
  // A pool fight adds dice to a pool, so a rolled number on an attack would be dice nobody could throw.
  if (rs_.combat && rs_.combat->kind == Combat::Kind::DicePool) {
    for (std::size_t i = 0; i < out.modifiers.size(); ++i) {
      if (out.modifiers[i].to == CombatModifier::To::Attacks && !out.modifiers[i].dice.empty()) {
        d_.error(Code::BadValue, json::child(json::child(e.at("modifiers"), i), "dice"),
                 "{}: a \"dice-pool\" fight adds dice to a pool, so a modifier gives a flat number of dice", e.what());
      }
    }
  }
  for (std::string_view key : {"resist", "vulnerable", "immune"}) {
    const auto& words = key == "resist" ? out.resist : key == "vulnerable" ? out.vulnerable : out.immune;
    for (std::size_t i = 0; i < words.size(); ++i) {
      if (rs_.combat && !rs_.combat->knows_damage_type(words[i])) {
        d_.error(Code::UnknownReference, json::child(e.at(key), i), "{}: `combat.damageTypes` has no \"{}\"", e.what(),
                 words[i]);
      }
    }
  }
  for (std::size_t i = 0; i < out.condition_immunities.size(); ++i) {
    expect_known(d_, rs_.sheet.condition_index, out.condition_immunities[i],
                 json::child(e.at("conditionImmunities"), i), e.what(), "condition");
  }
  return out;
}

std::shared_ptr<const CatalogItem> ItemReader::read(const bj::value& v, const std::string& p, const std::string& what) {
  ObjectReader r(v, p, what, d_);
  if (!r.ok()) return nullptr;
  auto item = std::make_shared<CatalogItem>();
  if (items_ == nullptr) {
    r.error(Code::UnknownReference, "",
            "this ruleset has no `items` block, so there is nothing for an item to be written in");
  }
  item->category = r.id("category", true).value_or("");
  const ItemsBlock empty;
  const ItemsBlock& block = items_ != nullptr ? *items_ : empty;
  const auto declared = [](const std::vector<ItemWord>& words, std::string_view id) {
    return std::find_if(words.begin(), words.end(), [&](const ItemWord& w) { return w.id == id; });
  };
  if (items_ != nullptr && !item->category.empty() &&
      declared(block.categories, item->category) == block.categories.end()) {
    r.error(Code::UnknownReference, "category", "the items block declares no category `{}`", item->category);
  }
  item->rarity = r.id("rarity", false).value_or("");
  if (items_ != nullptr && !item->rarity.empty()) {
    if (block.rarities.empty())
      r.error(Code::UnknownReference, "rarity", "this ruleset declares no rarities");
    else if (declared(block.rarities, item->rarity) == block.rarities.end()) {
      r.error(Code::UnknownReference, "rarity", "the items block declares no rarity `{}`", item->rarity);
    }
  }
  item->tags = read_ids(r, "tags", 0, limits::kEntryItemTags);
  for (std::size_t i = 0; i < item->tags.size() && items_ != nullptr; ++i) {
    if (declared(block.tags, item->tags[i]) == block.tags.end()) {
      d_.error(Code::UnknownReference, json::child(r.at("tags"), i), "{}: the items block declares no tag `{}`",
               r.what(), item->tags[i]);
    }
  }
  if (const bj::object* stats = r.object("stats", false)) {
    for (const auto& m : *stats) {
      const std::string sp = json::child(r.at("stats"), m.key());
      const ItemStat* stat = block.stat(m.key());
      auto value = stat != nullptr ? typed_scalar(m.value(), stat->spec.type) : std::nullopt;
      if (items_ == nullptr) continue;
      if (stat == nullptr) {
        d_.error(Code::UnknownReference, sp, "{}: the items block declares no stat `{}`", r.what(),
                 std::string(m.key()));
      } else if (!value || !stat->spec.accepts(*value) ||
                 (stat->spec.type == ValueType::Dice && !is_catalog_dice(std::get<std::string>(value->value)))) {
        d_.error(Code::BadCell, sp, "{}: stat `{}` cannot hold {}", r.what(), stat->id,
                 json::serialize(m.value()).substr(0, 80));
      } else {
        item->stats.emplace(stat->id, *value);
      }
    }
  }
  if (const bj::object* slots = r.object("slots", false)) {
    for (const auto& m : *slots) {
      const std::string sp = json::child(r.at("slots"), m.key());
      auto n = m.value().is_number() ? to_number(m.value()) : std::nullopt;
      if (!n || !n->is_integer() || *n < Number::of(1) || *n > Number::of(limits::kItemSlotCountMax)) {
        d_.error(Code::OutOfRange, sp, "{}: a slot count is a whole number from 1 to {}", r.what(),
                 limits::kItemSlotCountMax);
        continue;
      }
      if (items_ == nullptr) continue;
      const auto slot = declared(block.slots, m.key());
      if (slot == block.slots.end()) {
        d_.error(Code::UnknownReference, sp, "{}: the items block declares no slot `{}`", r.what(),
                 std::string(m.key()));
      } else if (n->whole() > slot->count) {
        d_.error(Code::OutOfRange, sp, "{}: a character has {} of slot `{}`", r.what(), slot->count, slot->id);
      } else {
        item->slots.emplace(slot->id, n->whole());
      }
    }
  }
  item->stack = read_whole(r, "stack", false, 1, limits::kItemStackMax);
  if (const bj::value* cost = r.get("cost")) {
    ObjectReader c(*cost, r.at("cost"), r.what() + " `cost`", d_);
    if (c.ok()) {
      CatalogItem::Cost out;
      out.amount = read_whole(c, "amount", true, 0, limits::kItemCostMax).value_or(0);
      out.unit = c.id("unit", true).value_or("");
      const bool known = std::any_of(block.currencies.begin(), block.currencies.end(), [&](const CurrencyFamily& f) {
        return std::any_of(f.units.begin(), f.units.end(), [&](const CurrencyUnit& u) { return u.id == out.unit; });
      });
      if (items_ != nullptr && !out.unit.empty() && !known) {
        if (block.currencies.empty())
          c.error(Code::UnknownReference, "unit", "this ruleset declares no currencies");
        else
          c.error(Code::UnknownReference, "unit", "the items block declares no currency unit `{}`", out.unit);
      }
      item->cost = out;
    }
  }
  if (const bj::value* binds = r.get("binds")) {
    ObjectReader b(*binds, r.at("binds"), r.what() + " `binds`", d_);
    if (b.ok()) {
      CatalogItem::Binds out;
      if (auto text = b.string("restriction", false, limits::kBindRestrictionLength)) {
        if (auto problem = prompt_safety_problem(*text, true))
          b.error(Code::NotPromptSafe, "restriction", "`restriction` is not prompt-safe: {}", *problem);
        out.restriction = *text;
      }
      out.cursed = b.boolean("cursed").value_or(false);
      item->binds = out;
    }
    if (items_ != nullptr && !block.binding)
      r.error(Code::UnknownReference, "binds", "this ruleset declares no `binding`, so nothing is bound");
  }
  for (std::string_view key : {"worn", "carried"}) {
    const bj::value* effect = r.get(key);
    if (effect == nullptr) continue;
    cx_.requirement.use(Gate::ItemCheckEffects, r.at(key));
    ObjectReader e(*effect, r.at(key), fmt::format("{} `{}`", r.what(), key), d_);
    if (!e.ok()) continue;
    (key == "worn" ? item->worn : item->carried) = read_effect(e, false);
  }
  if (const bj::array* requires_ = r.array("requires", false)) {
    cx_.requirement.use(Gate::ItemRequires, r.at("requires"));
    if (requires_->empty()) r.error(Code::TooFew, "requires", "`requires` lists at least one requirement");
    check_limit(limits::kItemRequirements, requires_->size(), r.at("requires"), r.what() + " `requires`", d_);
    for (std::size_t i = 0; i < requires_->size(); ++i) {
      ObjectReader q((*requires_)[i], json::child(r.at("requires"), i),
                     fmt::format("{} requirement #{}", r.what(), i + 1), d_);
      if (!q.ok()) continue;
      ItemRequirement req;
      // Read off the wearer's sheet with their live state and items, as anything worked out in play is.
      if (auto value = read_sheet_ref(q, "value", true, true, rs_, cx_)) req.value = *value;
      req.at_least = q.number("atLeast", true).value_or(Number());
      if (const bj::value* otherwise = q.get("otherwise")) {
        ObjectReader o(*otherwise, q.at("otherwise"), q.what() + " `otherwise`", d_);
        if (o.ok()) req.otherwise = read_effect(o, true);
      } else {
        q.error(Code::MissingKey, "", "`otherwise` is required: what applies while the wearer falls short");
      }
      item->requires_.push_back(std::move(req));
    }
  }
  if (const bj::value* attack = r.get("attack"))
    item->attack = read_attack(*attack, r.at("attack"), r.what() + " `attack`", *item);
  if (const bj::value* use = r.get("use")) item->use = read_use(*use, r.at("use"), r.what() + " `use`", *item);
  if (const bj::value* charges = r.get("charges")) item->charges = read_charges(*charges, r.at("charges"), r, *item);
  if (item->use && item->use->charges && !item->charges) {
    d_.error(Code::MissingKey, json::child(r.at("use"), "charges"),
             "{}: a use that spends charges is on an item that holds some", r.what());
  }
  return item;
}

std::shared_ptr<const CatalogItem> read_catalog_item(const bj::value& v, const std::string& pointer,
                                                     const std::string& what, Ruleset& ruleset, ReadContext& cx) {
  return ItemReader(ruleset, cx).read(v, pointer, what);
}

}  // namespace rk::detail
