// Reading the reference format's top-level `items` block (docs/format/items.md): the words every
// item of the ruleset is written in, its stats, slots, binding, carrying and coins.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read_play.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

class ItemsReader {
 public:
  ItemsReader(Ruleset& ruleset, ReadContext& cx) : rs_(ruleset), cx_(cx), d_(cx.diagnostics) {}

  ItemsBlock read(const bj::value& v, const std::string& pointer) {
    ItemsBlock items;
    items.pointer = pointer;
    cx_.requirement.use(Gate::ItemsBlock, pointer);
    ObjectReader r(v, pointer, "items", d_);
    if (!r.ok()) return items;
    items.categories = words(r, "categories", "item category", true, limits::kItemCategories, false);
    items.rarities = words(r, "rarities", "rarity", false, limits::kItemRarities, false);
    items.tags = words(r, "tags", "item tag", false, limits::kItemTags, false);
    items.slots = words(r, "slots", "slot", false, limits::kItemSlots, true);
    read_stats(r, items);
    if (const bj::value* binding = r.get("binding")) {
      ObjectReader b(*binding, r.at("binding"), "items.binding", d_);
      if (b.ok()) {
        ItemsBlock::Binding out;
        out.label = b.prompt_text("label", true, limits::kBindingLabelLength).value_or("");
        // How many items one may bind is a number the sheet gives, not one that moves with every blow.
        if (auto max = read_sheet_ref(b, "max", true, false, rs_, cx_)) out.max = *max;
        items.binding = std::move(out);
      }
    }
    if (const bj::value* carry = r.get("carry")) read_carry(*carry, r.at("carry"), items);
    read_currencies(r, items);
    read_rarity_caps(r, items);
    if (r.has("propose")) cx_.requirement.use(Gate::ItemsInvented, r.at("propose"));
    items.propose = r.boolean("propose").value_or(true);
    items.native = r.boolean("native").value_or(true);
    items.freeform = r.choice("freeform", false, ItemsBlock::kFreeforms).value_or(ItemsBlock::Freeform::Plain);
    return items;
  }

 private:
  /// Categories, rarities, tags and slots: `{ id, label }` (and a slot's `count`), ids unique.
  std::vector<ItemWord> words(ObjectReader& r, std::string_view key, std::string_view kind, bool required,
                              const limits::CountLimit& most, bool slot) {
    std::vector<ItemWord> out;
    const bj::array* a = r.array(key, required);
    if (a == nullptr) return out;
    if (required && a->empty()) r.error(Code::TooFew, key, "`{}` declares at least one {}", key, kind);
    check_limit(most, a->size(), r.at(key), fmt::format("items.{}", key), d_);
    UniqueIds seen{std::string(kind)};
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at(key), i);
      ObjectReader w((*a)[i], p, entry_name(kind, (*a)[i], p), d_);
      if (!w.ok()) continue;
      ItemWord word;
      word.pointer = p;
      word.id = w.id("id", true).value_or("");
      word.label = w.label();
      if (slot) word.count = read_whole(w, "count", true, 1, limits::kItemSlotCountMax).value_or(1);
      if (!seen.add(word.id, w.at("id"), d_)) {
        continue;
      }
      out.push_back(std::move(word));
    }
    return out;
  }

  void read_stats(ObjectReader& r, ItemsBlock& items) {
    const bj::array* a = r.array("stats", false);
    if (a == nullptr) return;
    check_limit(limits::kItemStats, a->size(), r.at("stats"), "items.stats", d_);
    UniqueIds seen{"item stat"};
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("stats"), i);
      ObjectReader s((*a)[i], p, entry_name("item stat", (*a)[i], p), d_);
      if (!s.ok()) continue;
      ItemStat stat;
      stat.pointer = p;
      stat.id = s.id("id", true).value_or("");
      stat.label = s.label();
      stat.prompt_visible = s.boolean("promptVisible").value_or(true);
      const auto type = s.has("type") && s.get("type")->is_string()
                            ? choice_of(kValueTypes, s.get("type")->get_string())
                            : std::nullopt;
      // An item stat is declared like a list column, less `longtext` (the reference's five types).
      if (type == ValueType::Longtext) {
        s.error(Code::BadValue, "type", "`type` \"longtext\" is not one of number, text, boolean, enum, dice");
        continue;
      }
      if (type == ValueType::Dice) s.string("example", false, limits::kCatalogDiceLength);
      if (type == ValueType::Number && (!s.has("min") || !s.has("max")))
        s.error(Code::MissingKey, "", "a number stat declares `min` and `max`");
      if (type == ValueType::Text && !s.has("maxLength"))
        s.error(Code::MissingKey, "", "a text stat declares `maxLength`");
      stat.spec = read_value_spec(s, true, cx_);
      if (!seen.add(stat.id, s.at("id"), d_)) {
        continue;
      }
      items.stats.push_back(std::move(stat));
    }
  }

  void read_carry(const bj::value& v, const std::string& pointer, ItemsBlock& items) {
    ObjectReader c(v, pointer, "items.carry", d_);
    if (!c.ok()) return;
    ItemsBlock::Carry carry;
    carry.stat = c.id("stat", true).value_or("");
    if (!carry.stat.empty()) {
      const ItemStat* weight = items.stat(carry.stat);
      if (weight == nullptr) {
        c.error(Code::UnknownReference, "stat", "the items block declares no stat `{}`", carry.stat);
      } else if (weight->spec.type != ValueType::Number) {
        c.error(Code::WrongReferenceType, "stat", "item stat `{}` is a weight, so it is a number stat", carry.stat);
      } else if (weight->spec.min < Number()) {
        c.error(Code::OutOfRange, "stat", "item stat `{}` is a weight, so its `min` is 0 or more", carry.stat);
      }
    }
    if (auto above = read_sheet_ref(c, "encumberedAbove", true, false, rs_, cx_)) carry.encumbered_above = *above;
    carry.limit = read_sheet_ref(c, "limit", false, false, rs_, cx_);
    items.carry = std::move(carry);
  }

  void read_currencies(ObjectReader& r, ItemsBlock& items) {
    const bj::array* a = r.array("currencies", false);
    if (a == nullptr) return;
    check_limit(limits::kCurrencyFamilies, a->size(), r.at("currencies"), "items.currencies", d_);
    UniqueIds families{"currency"};
    std::set<Id> units;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("currencies"), i);
      ObjectReader f((*a)[i], p, entry_name("currency", (*a)[i], p), d_);
      if (!f.ok()) continue;
      CurrencyFamily family;
      family.pointer = p;
      family.id = f.id("id", true).value_or("");
      family.label = f.label();
      families.add(family.id, f.at("id"), d_);
      if (auto per = f.number("perWeight", false)) {
        if (*per <= Number()) f.error(Code::OutOfRange, "perWeight", "`perWeight` is above 0");
        family.per_weight = *per;
        // Coins weigh something only where weight means something.
        if (!r.has("carry"))
          f.error(Code::BadValue, "perWeight", "coins weigh something only when the items block has `carry`");
      }
      const bj::array* list = f.array("units", true);
      if (list != nullptr) {
        if (list->empty()) f.error(Code::TooFew, "units", "a currency has at least one unit");
        check_limit(limits::kCurrencyUnits, list->size(), f.at("units"), f.what() + " `units`", d_);
        std::set<std::int64_t> values;
        for (std::size_t j = 0; j < list->size(); ++j) {
          const std::string up = json::child(f.at("units"), j);
          ObjectReader u((*list)[j], up, entry_name(fmt::format("{} unit", f.what()), (*list)[j], up), d_);
          if (!u.ok()) continue;
          CurrencyUnit unit;
          unit.id = u.id("id", true).value_or("");
          unit.label = u.prompt_text("label", true, limits::kCurrencyLabelLength).value_or("");
          unit.value = read_whole(u, "value", true, 1, limits::kCurrencyValueMax).value_or(0);
          // An item's cost names a unit alone, so one unit id means one coin across every family.
          if (!unit.id.empty() && !units.insert(unit.id).second) {
            u.error(Code::DuplicateId, "id",
                    "currency unit `{}` is declared twice (a unit id is unique across every family)", unit.id);
          }
          if (unit.value > 0 && !values.insert(unit.value).second) {
            u.error(Code::DuplicateId, "value", "another unit of `{}` is already worth {}", family.id, unit.value);
          }
          family.units.push_back(std::move(unit));
        }
        if (!list->empty() && !values.empty() && !values.contains(1)) {
          f.error(Code::BadValue, "units",
                  "every value counts the smallest coin, so the smallest unit of `{}` is worth 1", family.id);
        }
      }
      items.currencies.push_back(std::move(family));
    }
  }

  void read_rarity_caps(ObjectReader& r, ItemsBlock& items) {
    const bj::array* a = r.array("rarityCaps", false);
    if (a == nullptr) return;
    cx_.requirement.use(Gate::ItemsInvented, r.at("rarityCaps"));
    check_limit(limits::kRarityCaps, a->size(), r.at("rarityCaps"), "items.rarityCaps", d_);
    std::set<Id> capped;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("rarityCaps"), i);
      ObjectReader c((*a)[i], p, fmt::format("items.rarityCaps #{}", i + 1), d_);
      if (!c.ok()) continue;
      RarityCap cap;
      cap.rarity = c.id("rarity", true).value_or("");
      if (!cap.rarity.empty()) {
        c.rename(fmt::format("items.rarityCaps `{}`", cap.rarity));
        const bool known = std::any_of(items.rarities.begin(), items.rarities.end(),
                                       [&](const ItemWord& w) { return w.id == cap.rarity; });
        if (items.rarities.empty())
          c.error(Code::UnknownReference, "rarity", "this ruleset declares no rarities");
        else if (!known)
          c.error(Code::UnknownReference, "rarity", "the items block declares no rarity `{}`", cap.rarity);
        else if (!capped.insert(cap.rarity).second)
          c.error(Code::DuplicateId, "rarity", "rarity `{}` is capped twice", cap.rarity);
      }
      if (const bj::object* stats = c.object("stats", false)) {
        for (const auto& m : *stats) {
          const std::string sp = json::child(c.at("stats"), m.key());
          const ItemStat* stat = items.stat(m.key());
          auto most = m.value().is_number() ? to_number(m.value()) : std::nullopt;
          if (stat == nullptr) {
            d_.error(Code::UnknownReference, sp, "{}: the items block declares no stat `{}`", c.what(),
                     std::string(m.key()));
          } else if (stat->spec.type != ValueType::Number) {
            d_.error(Code::WrongReferenceType, sp, "{}: item stat `{}` is not a number", c.what(), stat->id);
          } else if (!most) {
            d_.error(Code::WrongType, sp, "{}: a cap is a number", c.what());
          } else if (*most < stat->spec.min || *most > stat->spec.max) {
            d_.error(Code::OutOfRange, sp, "{}: item stat `{}` runs from {} to {}", c.what(), stat->id,
                     stat->spec.min.to_string(), stat->spec.max.to_string());
          } else if (stat->spec.integer && !most->is_integer()) {
            d_.error(Code::BadNumber, sp, "{}: item stat `{}` takes whole numbers", c.what(), stat->id);
          } else {
            cap.stats.emplace(stat->id, *most);
          }
        }
      }
      if (c.has("bonus")) cx_.requirement.use(Gate::ItemCheckEffects, c.at("bonus"));
      cap.bonus = read_whole(c, "bonus", false, 0, limits::kRarityCapBonusMax);
      items.rarity_caps.push_back(std::move(cap));
    }
  }

  Ruleset& rs_;
  ReadContext& cx_;
  Diagnostics& d_;
};

}  // namespace

void read_items(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx) {
  ruleset.items = std::make_shared<const ItemsBlock>(ItemsReader(ruleset, cx).read(v, pointer));
}

void read_entry_item(const bj::value& v, const std::string& pointer, CatalogEntry& entry, ObjectReader& entry_reader,
                     Ruleset& ruleset, ReadContext& cx) {
  // An item is written only in its item block (docs/format/items.md "An item").
  if (entry_reader.has("mechanics")) {
    entry_reader.error(Code::ConflictingKeys, "mechanics",
                       "an item is written only in its `item` block, so it carries no `mechanics`");
  }
  entry.item = read_catalog_item(v, pointer, entry_reader.what() + " `item`", ruleset, cx);
}

void check_item_stat_ref(const Ruleset& ruleset, const Ref& ref, std::string_view owner, Diagnostics& d) {
  if (ref.kind != RefKind::ItemStat) return;
  const std::string p = json::child(ref.pointer, "itemStat");
  const ItemsBlock* items = ruleset.items.get();
  if (items == nullptr) {
    d.error(Code::UnknownReference, p, "{}: this ruleset has no `items` block, so there are no items to read", owner);
    return;
  }
  if (!ref.column.empty()) {
    const ItemStat* stat = items->stat(ref.column);
    if (stat == nullptr) {
      d.error(Code::UnknownReference, json::child(p, "stat"), "{}: the items block declares no stat `{}`", owner,
              ref.column);
    } else if (!ref.pick_count && stat->spec.type != ValueType::Number) {
      d.error(Code::WrongReferenceType, json::child(p, "stat"), "{}: item stat `{}` is not a number", owner,
              ref.column);
    }
  }
  const auto known = [](const std::vector<ItemWord>& words, const Id& id) {
    return std::any_of(words.begin(), words.end(), [&](const ItemWord& w) { return w.id == id; });
  };
  if (!ref.item_slot.empty() && !known(items->slots, ref.item_slot)) {
    d.error(Code::UnknownReference, json::child(p, "slot"), "{}: the items block declares no slot `{}`", owner,
            ref.item_slot);
  }
  if (!ref.item_category.empty() && !known(items->categories, ref.item_category)) {
    d.error(Code::UnknownReference, json::child(p, "category"), "{}: the items block declares no category `{}`", owner,
            ref.item_category);
  }
  if (!ref.item_tag.empty() && !known(items->tags, ref.item_tag)) {
    d.error(Code::UnknownReference, json::child(p, "tag"), "{}: the items block declares no tag `{}`", owner,
            ref.item_tag);
  }
}

void check_sheet_item_stat_refs(const Ruleset& ruleset, Diagnostics& d) {
  const Sheet& s = ruleset.sheet;
  // A held-items read is live, so the graph keeps it out of every max; only these can hold one.
  for (const Derived& derived : s.derived) {
    for (const Ref& ref : derived.of)
      check_item_stat_ref(ruleset, ref, fmt::format("derived value `{}`", derived.id), d);
  }
  for (const Ability& ability : s.abilities) {
    for (const Ref& ref : ability.value) check_item_stat_ref(ruleset, ref, fmt::format("ability `{}`", ability.id), d);
  }
}

}  // namespace rk::detail
