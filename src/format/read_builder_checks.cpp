// The builder's checks that need several parts of the ruleset at once: entries against the
// builder and the other catalogs (BA-84, BA-88, BA-93, BA-96, BA-126, BA-132, BB-140), and the
// read order of conditions and counts (BA-141, BA-142).
#include <algorithm>
#include <set>

#include "format/catalog_mark.hpp"
#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// What a selection of `e` changes on the sheet (BA-88, BA-141).
/// What raising a rating target changes, for the read-order rules (BB-19, BB-20): a bonus changes
/// what its skill or save reads.
void add_rating_write(const Sheet& s, const RatingTarget& t, ReadSet& out) {
  const auto mark = [](const std::unordered_map<Id, std::size_t>& index, const std::string& id,
                       std::set<std::size_t>& into) {
    if (auto it = index.find(id); it != index.end()) into.insert(it->second);
  };
  switch (t.kind) {
    case RatingTarget::Kind::Ability:
      mark(s.ability_index, t.id, out.abilities);
      break;
    case RatingTarget::Kind::Field:
      mark(s.field_index, t.id, out.fields);
      break;
    case RatingTarget::Kind::Skill:
      mark(s.skill_index, t.id, out.skills);
      break;
    case RatingTarget::Kind::Save:
      mark(s.save_index, t.id, out.saves);
      break;
    case RatingTarget::Kind::Bonus:
      mark(s.skill_index, t.id, out.skills);
      mark(s.save_index, t.id, out.saves);
      break;
  }
}

void add_writes(const Sheet& s, const Catalog& c, const CatalogEntry& e, ReadSet& out) {
  for (const auto& row : e.rows) {
    if (row.list_index != kNone) out.lists.insert(row.list_index);
  }
  if (!e.grants) return;
  const Grants& g = *e.grants;
  for (const RatingGrant& r : g.ratings) add_rating_write(s, r.target, out);
  for (const auto& [id, n] : g.ability_add) {
    if (auto it = s.ability_index.find(id); it != s.ability_index.end()) out.abilities.insert(it->second);
  }
  for (const auto& slot : g.ability_choices) {
    for (std::size_t i = 0; i < s.abilities.size(); ++i) {
      const Id& id = s.abilities[i].id;
      const bool offered =
          (slot.from.empty() || std::find(slot.from.begin(), slot.from.end(), id) != slot.from.end()) &&
          std::find(slot.except.begin(), slot.except.end(), id) == slot.except.end();
      if (offered) out.abilities.insert(i);
    }
  }
  auto mark = [](const std::vector<std::string>& ids, const std::unordered_map<Id, std::size_t>& index,
                 std::set<std::size_t>& into) {
    for (const auto& id : ids) {
      if (auto it = index.find(id); it != index.end()) into.insert(it->second);
    }
  };
  mark(g.skills, s.skill_index, out.skills);
  mark(g.saves, s.save_index, out.saves);
  for (const auto& slot : g.trained_choices) {
    const bool saves = slot.what == TrainedChoice::What::Saves;
    auto& into = saves ? out.saves : out.skills;
    if (slot.from.empty()) {
      for (std::size_t i = 0; i < (saves ? s.saves.size() : s.skills.size()); ++i) into.insert(i);
    } else {
      mark(slot.from, saves ? s.save_index : s.skill_index, into);
    }
  }
  for (const auto& [id, v] : g.sets) {
    if (auto it = s.field_index.find(id); it != s.field_index.end()) out.fields.insert(it->second);
  }
  for (const auto& slot : g.entry_choices) {
    (void)slot;  // the chosen entries write rows into the lists their catalog feeds (BA-97)
  }
  (void)c;
}

bool meets(const ReadSet& a, const ReadSet& b, std::string& what, const Sheet& s) {
  auto first = [](const std::set<std::size_t>& x, const std::set<std::size_t>& y) -> std::optional<std::size_t> {
    for (std::size_t i : x) {
      if (y.contains(i)) return i;
    }
    return std::nullopt;
  };
  if (auto i = first(a.abilities, b.abilities))
    what = fmt::format("ability `{}`", s.abilities[*i].id);
  else if (auto j = first(a.fields, b.fields))
    what = fmt::format("field `{}`", s.fields[*j].id);
  else if (auto k = first(a.skills, b.skills))
    what = fmt::format("skill `{}`", s.skills[*k].id);
  else if (auto l = first(a.saves, b.saves))
    what = fmt::format("save `{}`", s.saves[*l].id);
  else if (auto m = first(a.lists, b.lists))
    what = fmt::format("list `{}`", s.lists[*m].id);
  else
    return false;
  return true;
}

ReadSet merge(ReadSet a, const ReadSet& b) {
  a.abilities.insert(b.abilities.begin(), b.abilities.end());
  a.skills.insert(b.skills.begin(), b.skills.end());
  a.saves.insert(b.saves.begin(), b.saves.end());
  a.fields.insert(b.fields.begin(), b.fields.end());
  a.lists.insert(b.lists.begin(), b.lists.end());
  return a;
}

}  // namespace

namespace {

// BA-129, BA-130: what each step offers, by choice id and kind, for `excludeChoices`.
enum class SlotKind : std::uint8_t { Ability, Trained, Entry };

std::string_view kind_name(SlotKind k) {
  return k == SlotKind::Ability ? "ability" : k == SlotKind::Trained ? "trained" : "entry";
}

struct Offered {
  bool verifiable = true;  ///< false: the step reads another separate catalog file (BA-130)
  std::map<std::string, SlotKind> slots;
};

void add_entry_slots(const std::vector<CatalogEntry>& entries, Offered& out) {
  for (const CatalogEntry& e : entries) {
    if (!e.grants) continue;
    for (const auto& slot : e.grants->ability_choices)
      if (!slot.id.empty()) out.slots.emplace(slot.id, SlotKind::Ability);
    for (const auto& slot : e.grants->trained_choices)
      if (!slot.id.empty()) out.slots.emplace(slot.id, SlotKind::Trained);
    for (const auto& slot : e.grants->entry_choices)
      if (!slot.id.empty()) out.slots.emplace(slot.id, SlotKind::Entry);
  }
}

/// What step `j` offers, seen from `checking` (a catalog whose entries are at hand, or none).
Offered offered_at(const Ruleset& rs, std::size_t j, const Catalog* checking,
                   const std::vector<CatalogEntry>* entries) {
  const BuilderStep& st = rs.sheet.builder->steps[j];
  Offered out;
  if (st.kind == BuilderStep::Kind::Trained) {
    for (const auto& slot : st.choose)
      if (!slot.id.empty()) out.slots.emplace(slot.id, SlotKind::Trained);
    return out;
  }
  if (st.catalog.empty()) return out;
  if (checking != nullptr && st.catalog == checking->id) {
    add_entry_slots(*entries, out);  // the same file, or the same inline catalog
    return out;
  }
  auto it = rs.catalog_index.find(st.catalog);
  if (it == rs.catalog_index.end()) return out;
  const Catalog& c = rs.catalogs[it->second];
  if (!c.asset.empty()) {
    out.verifiable = false;
    return out;
  }
  add_entry_slots(c.entries, out);
  return out;
}

/// Checks the `excludeChoices` of one slot offered at step `i`.
/// `before` lists the ids of the slots of the same kind written before this one in the same list
/// (one entry's grants, or a trained step's `choose`): earlier choices of the same step (BA-131's
/// `free_boost` after `restricted`).
void check_excludes(const Ruleset& rs, std::size_t i, const ChoiceSlot& slot, SlotKind kind, const Catalog* checking,
                    const std::vector<CatalogEntry>* entries, const std::string& what, Diagnostics& d,
                    const std::vector<std::string>& before = {}) {
  const auto& steps = rs.sheet.builder->steps;
  for (std::size_t k = 0; k < slot.exclude_choices.size(); ++k) {
    const std::string& ref = slot.exclude_choices[k];
    const std::string p = json::child(json::child(slot.pointer, "excludeChoices"), k);
    const auto slash = ref.find('/');
    if (slash == std::string::npos) continue;  // malformed: refused where it is read
    const std::string step_id = ref.substr(0, slash);
    const std::string choice_id = ref.substr(slash + 1);
    const auto j = static_cast<std::size_t>(
        std::find_if(steps.begin(), steps.end(), [&](const BuilderStep& st) { return st.id == step_id; }) -
        steps.begin());
    if (j == steps.size()) {
      d.error(Code::UnknownReference, p,
              "{}: `excludeChoices` names step `{}`, which the builder does not have (BA-129)", what, step_id);
      continue;
    }
    if (j == i && std::find(before.begin(), before.end(), choice_id) != before.end()) continue;
    if (j >= i) {
      d.error(Code::ReadsLaterStep, p,
              "{}: `excludeChoices` names step `{}`, which is not earlier than step `{}`, nor a choice of the same "
              "kind before this one (BA-129)",
              what, step_id, steps[i].id);
      continue;
    }
    const Offered offered = offered_at(rs, j, checking, entries);
    if (!offered.verifiable) {
      d.error(Code::UnknownReference, p,
              "{}: `{}` lies in another separate catalog file and cannot be checked (BA-130)", what, ref);
      continue;
    }
    auto it = offered.slots.find(choice_id);
    if (it == offered.slots.end()) {
      d.error(Code::UnknownReference, p, "{}: step `{}` offers no choice `{}` (BA-129)", what, step_id, choice_id);
    } else if (it->second != kind) {
      d.error(Code::WrongReferenceType, p, "{}: choice `{}` is a {} choice, not a {} one like this slot (BA-129)", what,
              ref, kind_name(it->second), kind_name(kind));
    }
  }
}

}  // namespace

void check_exclude_choices(const Ruleset& rs, const Catalog* catalog, const std::vector<CatalogEntry>* entries,
                           Diagnostics& d) {
  if (!rs.sheet.builder) return;
  const auto& steps = rs.sheet.builder->steps;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const BuilderStep& st = steps[i];
    if (catalog == nullptr) {
      // A trained step's own slots, once the builder (and its `tier`, BA-79) is whole.
      if (st.kind != BuilderStep::Kind::Trained) continue;
      std::vector<std::string> before;
      for (const auto& slot : st.choose) {
        check_held(rs, slot, "", fmt::format("builder step `{}`", st.id), d);
        check_excludes(rs, i, slot, SlotKind::Trained, nullptr, nullptr, fmt::format("step `{}`", st.id), d, before);
        if (!slot.id.empty()) before.push_back(slot.id);
      }
      continue;
    }
    if (st.catalog != catalog->id) continue;  // the entries' slots are offered at the steps reading their catalog
    for (const CatalogEntry& e : *entries) {
      if (!e.grants) continue;
      const std::string what = fmt::format("catalog `{}` entry `{}` (at step `{}`)", catalog->id, e.id, st.id);
      const auto check_list = [&](const auto& slots, SlotKind kind) {
        std::vector<std::string> before;
        for (const auto& slot : slots) {
          check_excludes(rs, i, slot, kind, catalog, entries, what, d, before);
          if (!slot.id.empty()) before.push_back(slot.id);
        }
      };
      check_list(e.grants->ability_choices, SlotKind::Ability);
      check_list(e.grants->trained_choices, SlotKind::Trained);
      check_list(e.grants->entry_choices, SlotKind::Entry);
    }
  }
}

namespace {
void check_file_read_order(const Ruleset& rs, const Catalog& catalog, const std::vector<CatalogEntry>& entries,
                           Diagnostics& d);
}  // namespace

void check_builder_entries(const Ruleset& rs, const Catalog& catalog, const std::vector<CatalogEntry>& entries,
                           Diagnostics& d) {
  const Sheet& s = rs.sheet;
  std::map<std::string, std::string> slot_ids;  // BA-126: id -> entry that offers it
  std::string offered_at;  // BA-126: the steps selecting these entries, each a source step of all their slots
  if (s.builder) {
    std::size_t steps = 0;
    for (const BuilderStep& st : s.builder->steps) {
      if (st.kind != BuilderStep::Kind::Catalog || st.catalog != catalog.id) continue;
      offered_at += fmt::format("{}`{}`", offered_at.empty() ? "" : ", ", st.id);
      ++steps;
    }
    if (steps > 0)
      offered_at = fmt::format(", and step{} {} offer{} both", steps > 1 ? "s" : "", offered_at, steps > 1 ? "" : "s");
  }
  std::map<std::string, std::string> group_defaults;  // BA-93: group -> default entry
  for (const CatalogEntry& e : entries) {
    const std::string what = fmt::format("catalog `{}` entry `{}`", catalog.id, e.id);
    if (e.exclusive_default && !e.exclusive.empty() && !group_defaults.emplace(e.exclusive, e.id).second) {
      d.error(Code::DuplicateId, json::child(e.pointer, "exclusiveDefault"),
              "{}: group `{}` already has its default `{}` (BA-93)", what, e.exclusive, group_defaults[e.exclusive]);
    }
    // BA-88: an entry whose own selection changes what its offeredWhen reads.
    if (e.offered_when) {
      ReadSet writes;
      add_writes(s, catalog, e, writes);
      std::string hit;
      if (meets(ref_read_set(rs, {ref_or_null(e.offered_when)}), writes, hit, s)) {
        d.error(Code::SelfDependentOffer, json::child(e.pointer, "offeredWhen"),
                "{}: `offeredWhen` reads {}, which the entry's own selection changes (BA-88)", what, hit);
      }
    }
    // The same for a kit's `fits` (decisions.md): taking it must not change whether it fits, or the
    // legal-only picker would clear it and offer it again at every change.
    if (e.fits) {
      ReadSet writes;
      add_writes(s, catalog, e, writes);
      std::string hit;
      if (meets(ref_read_set(rs, {ref_or_null(e.fits->value)}), writes, hit, s)) {
        d.error(Code::SelfDependentOffer, json::child(e.pointer, "fits"),
                "{}: `fits` reads {}, which taking the entry changes (BA-88, BA-62)", what, hit);
      }
    }
    if (!e.grants) continue;
    const Grants& g = *e.grants;
    std::set<std::string> own;
    auto slot_id = [&](const ChoiceSlot& slot) {
      if (slot.id.empty()) return;
      auto [it, fresh] = slot_ids.emplace(slot.id, e.id);
      if (!fresh) {
        d.error(
            Code::DuplicateId, json::child(slot.pointer, "id"),
            "{}: choice id `{}` is also offered by entry `{}` of the same catalog{}; ids are unique among the choices "
            "a step offers (BA-126)",
            what, slot.id, it->second, offered_at);
      }
    };
    for (const auto& slot : g.ability_choices) slot_id(slot);
    for (const auto& slot : g.trained_choices) {
      slot_id(slot);
      check_held(rs, slot, g.tier, what, d);
    }
    for (const auto& slot : g.entry_choices) {
      slot_id(slot);
      if (slot.catalog.empty()) continue;
      auto it = rs.catalog_index.find(slot.catalog);
      const std::string cp = json::child(slot.pointer, "catalog");
      if (it == rs.catalog_index.end()) {
        d.error(Code::UnknownReference, cp, "{}: unknown catalog `{}` (BA-94)", what, slot.catalog);
        continue;
      }
      const Catalog& target = rs.catalogs[it->second];
      if (!target.is_rows()) {
        d.error(Code::WrongReferenceType, cp, "{}: catalog `{}` does not hold rows (BA-94)", what, slot.catalog);
        continue;
      }
      const bool hosted =
          s.builder && std::any_of(s.builder->steps.begin(), s.builder->steps.end(), [&](const BuilderStep& st) {
            return st.kind == BuilderStep::Kind::Choices && st.catalog == slot.catalog;
          });
      if (!hosted) {
        d.error(Code::NoChoicesStep, cp, "{}: no `choices` step of the builder hosts catalog `{}` (BA-96)", what,
                slot.catalog);
      }
      check_filter_values(target, slot.filters, json::child(slot.pointer, "filters"), what, d);
      if (target.asset.empty()) {
        for (std::size_t i = 0; i < slot.ids.size(); ++i) {
          if (!target.entry_index.contains(slot.ids[i])) {
            d.error(Code::UnknownReference, json::child(json::child(slot.pointer, "ids"), i),
                    "{}: catalog `{}` has no entry `{}` (BA-95)", what, slot.catalog, slot.ids[i]);
          }
        }
      }
      check_quota_rules(target, slot.quota_rules, slot.count_from ? slot.max : slot.count, slot.pointer, what, d);
    }
    for (std::size_t i = 0; i < g.item_access.size(); ++i) {
      const std::string& item = g.item_access[i];
      const std::string p = json::child(json::child(g.pointer, "itemAccess"), i);
      const std::optional<CatalogMark> mark = CatalogMark::parse(item);  // refused where it is read when not
      if (!mark) continue;
      auto it = rs.catalog_index.find(mark->catalog);
      if (it == rs.catalog_index.end() || rs.catalogs[it->second].holds != Catalog::Holds::Items) {
        d.error(Code::UnknownReference, p, "{}: `{}` names no items catalog (BB-140)", what, item);
        continue;
      }
      const Catalog& items = rs.catalogs[it->second];
      if (items.asset.empty() && !items.entry_index.contains(mark->entry)) {
        d.error(Code::UnknownReference, p, "{}: catalog `{}` has no entry `{}` (BB-140)", what, items.id, mark->entry);
      }
    }
  }
  check_exclude_choices(rs, &catalog, &entries, d);
  if (s.builder && !catalog.asset.empty() && !entries.empty()) check_file_read_order(rs, catalog, entries, d);
}

namespace {

// BA-141, BA-142: the read order of conditions and counts (docs/format/builder.md "Read order").

/// A `when` or `countFrom` under the read-order rule, with the step it is read at: its own step,
/// or for a slot of an entry its source step (the first catalog step on the entry's catalog).
struct OrderedRead {
  const Ref* ref = nullptr;
  std::size_t step = 0;
  std::string pointer;
  std::string what;  ///< "builder step `x`", "catalog `c` entry `e` (at step `s`)"
  std::string_view key;
  bool before_purchases = false;  ///< a pool budget, an override or an offer condition (BB-70, BC-20)
};

bool offers_entries(const BuilderStep& st) {
  return st.kind == BuilderStep::Kind::Catalog || st.kind == BuilderStep::Kind::Choices;
}

/// The first catalog step on `catalog`: the source step of its entries' slots, or kNone.
std::size_t source_step(const Builder& b, const std::string& catalog) {
  for (std::size_t i = 0; i < b.steps.size(); ++i) {
    if (b.steps[i].kind == BuilderStep::Kind::Catalog && b.steps[i].catalog == catalog) return i;
  }
  return kNone;
}

void add_slot_reads(const Builder& b, const std::string& catalog, const CatalogEntry& e, std::size_t step,
                    std::vector<OrderedRead>& out) {
  if (!e.grants) return;
  const std::string what = fmt::format("catalog `{}` entry `{}` (at step `{}`)", catalog, e.id, b.steps[step].id);
  auto each = [&](const auto& slots) {
    for (const auto& slot : slots) {
      if (slot.count_from)
        out.push_back({ref_or_null(slot.count_from), step, json::child(slot.pointer, "countFrom"), what, "countFrom"});
    }
  };
  each(e.grants->ability_choices);
  each(e.grants->trained_choices);
  each(e.grants->entry_choices);
}

/// The reads the definition holds: steps' `when` and `countFrom`, trained steps' own slots, and
/// the slots of the entries known at import (inline ones).
std::vector<OrderedRead> definition_reads(const Ruleset& rs) {
  const Builder& b = *rs.sheet.builder;
  std::vector<OrderedRead> out;
  for (std::size_t i = 0; i < b.steps.size(); ++i) {
    const BuilderStep& st = b.steps[i];
    const std::string what = fmt::format("builder step `{}`", st.id);
    if (st.when) out.push_back({ref_or_null(st.when), i, json::child(st.pointer, "when"), what, "when"});
    if (st.count_from)
      out.push_back({ref_or_null(st.count_from), i, json::child(st.pointer, "countFrom"), what, "countFrom"});
    for (const auto& slot : st.choose) {
      if (slot.count_from)
        out.push_back({ref_or_null(slot.count_from), i, json::child(slot.pointer, "countFrom"), what, "countFrom"});
    }
    // BB-19: an allocate group's budget and bounds read only what earlier steps change.
    for (const AllocateGroup& g : st.groups) {
      const std::string group = fmt::format("{} group `{}`", what, g.id);
      for (const auto& [key, value] :
           {std::pair{"budget", g.budget ? &*g.budget : nullptr}, std::pair{"base", g.base ? &*g.base : nullptr},
            std::pair{"min", &g.min}, std::pair{"max", &g.max}}) {
        if (value != nullptr && value->ref)
          out.push_back({ref_or_null(value->ref), i, json::child(g.pointer, key), group, key});
      }
    }
    // BB-69, BB-70, BC-20: a pool's budget is read at its first spend step, the offers' conditions
    // and bounds at theirs, all before any purchase.
    if (!st.pool.empty()) {
      const BuilderPool* pool = b.pool(st.pool);
      const bool first_use = std::none_of(b.steps.begin(), b.steps.begin() + static_cast<std::ptrdiff_t>(i),
                                          [&](const BuilderStep& x) { return x.pool == st.pool; });
      if (pool != nullptr && first_use && pool->budget.ref)
        out.push_back({ref_or_null(pool->budget.ref), i, json::child(pool->pointer, "budget"),
                       fmt::format("builder pool `{}`", pool->id), "budget", true});
      // BC-72: a profile's budget for the pool is read where the pool's own is.
      for (const CreationProfile& profile : b.profiles) {
        auto budget = profile.budgets.find(st.pool);
        if (first_use && budget != profile.budgets.end())
          out.push_back({&budget->second, i, json::child(json::child(profile.pointer, "budgets"), st.pool),
                         fmt::format("profile `{}`", profile.id), "budget", true});
      }
    }
    if (st.kind == BuilderStep::Kind::Spend) {
      for (const SpendOffer& o : st.spend_offers) {
        const std::string offer = fmt::format("{} offer `{}`", what, o.id);
        for (const auto& [key, ref] :
             {std::pair{"when", &o.when}, std::pair{"minFrom", &o.min_from}, std::pair{"maxFrom", &o.max_from}}) {
          if (*ref) out.push_back({ref_or_null(*ref), i, json::child(o.pointer, key), offer, key, true});
        }
        for (const CostOverride& w : o.overrides)
          out.push_back({&w.when, i, json::child(w.pointer, "when"), offer + " override", "when", true});
      }
    }
  }
  // BC-70: the character's profile is decided at the first step it changes: one a profile lists,
  // or the first use of a pool a profile budgets.
  for (std::size_t i = 0; i < b.steps.size() && !b.profiles.empty(); ++i) {
    const BuilderStep& st = b.steps[i];
    const bool decides = std::any_of(b.profiles.begin(), b.profiles.end(), [&](const CreationProfile& p) {
      return std::find(p.steps.begin(), p.steps.end(), st.id) != p.steps.end() || p.budgets.contains(st.pool);
    });
    if (!decides) continue;
    for (const CreationProfile& p : b.profiles)
      out.push_back({&p.when, i, json::child(p.pointer, "when"), fmt::format("profile `{}`", p.id), "when"});
    break;
  }
  for (const Catalog& c : rs.catalogs) {
    const std::size_t j = source_step(b, c.id);
    if (j == kNone) continue;
    for (const auto& e : c.entries) add_slot_reads(b, c.id, e, j, out);
  }
  return out;
}

/// What each step changes, as far as the definition tells: the entries of a separate catalog
/// file are not known at import (its header's `feeds` are).
std::vector<ReadSet> step_changes(const Ruleset& rs) {
  const Sheet& s = rs.sheet;
  const Builder& b = *s.builder;
  std::vector<ReadSet> changes(b.steps.size());
  for (std::size_t i = 0; i < b.steps.size(); ++i) {
    const BuilderStep& st = b.steps[i];
    ReadSet& c = changes[i];
    auto field = [&](const std::string& id) {
      if (auto it = s.field_index.find(id); it != s.field_index.end()) c.fields.insert(it->second);
    };
    switch (st.kind) {
      case BuilderStep::Kind::Catalog:
      case BuilderStep::Kind::Choices:
        if (!st.field.empty()) field(st.field);
        if (st.catalog_index != kNone) {
          const Catalog& cat = rs.catalogs[st.catalog_index];
          for (std::size_t li : cat.feed_indices) c.lists.insert(li);
          for (const auto& e : cat.entries) add_writes(s, cat, e, c);
        }
        break;
      case BuilderStep::Kind::Fields:
        for (const auto& f : st.fields) field(f);
        break;
      case BuilderStep::Kind::Abilities:
        for (const auto& a : st.abilities) {
          if (auto it = s.ability_index.find(a); it != s.ability_index.end()) c.abilities.insert(it->second);
        }
        break;
      case BuilderStep::Kind::Trained:
        for (const auto& slot : st.choose) {
          const bool saves = slot.what == TrainedChoice::What::Saves;
          for (std::size_t k = 0; k < (saves ? s.saves.size() : s.skills.size()); ++k)
            (saves ? c.saves : c.skills).insert(k);
        }
        break;
      case BuilderStep::Kind::StartingGear:  // the rows of its kits, when it names a catalog
        if (st.catalog_index != kNone) {
          for (std::size_t li : rs.catalogs[st.catalog_index].feed_indices) c.lists.insert(li);
        }
        break;
      case BuilderStep::Kind::Allocate:  // BB-19: its targets
        for (const AllocateGroup& g : st.groups) {
          for (const RatingTarget& t : g.targets) add_rating_write(s, t, c);
        }
        break;
      case BuilderStep::Kind::Spend:  // BB-70: its targets, and what its exchanges lower
        for (const SpendOffer& o : st.spend_offers) {
          add_rating_write(s, o.target, c);
          if (o.exchange) add_rating_write(s, o.exchange->from, c);
        }
        break;
      case BuilderStep::Kind::Initialize:  // BC-51: the fields it writes
        for (const InitializeWrite& w : st.writes) field(w.field);
        break;
      case BuilderStep::Kind::Roll:  // BC-83: the fields (or abilities) its rolls write
        for (const RollEntry& e : st.rolls) add_rating_write(s, e.target, c);
        break;
      case BuilderStep::Kind::Rows:  // BC-7: the rows of its list
        if (st.rows && st.rows->list_index != kNone) c.lists.insert(st.rows->list_index);
        break;
    }
  }
  return changes;
}

/// `out[i]`: what step `i` or a later one changes.
std::vector<ReadSet> changed_from(const std::vector<ReadSet>& changes) {
  std::vector<ReadSet> out(changes.size() + 1);
  for (std::size_t i = changes.size(); i-- > 0;) out[i] = merge(out[i + 1], changes[i]);
  return out;
}

/// The first step from `from` on whose changes meet `reads` (kNone if none), with `hit` set.
std::size_t first_changer(const std::vector<ReadSet>& changes, std::size_t from, const ReadSet& reads, std::string& hit,
                          const Sheet& s) {
  for (std::size_t k = from; k < changes.size(); ++k) {
    if (meets(reads, changes[k], hit, s)) return k;
  }
  return kNone;
}

/// Everything an entry's grants could change, seen without the entry: every ability that is not
/// computed, every skill, save and field (BA-142).
ReadSet grantable(const Sheet& s) {
  ReadSet out;
  for (std::size_t i = 0; i < s.abilities.size(); ++i) {
    if (!s.abilities[i].computed()) out.abilities.insert(i);
  }
  for (std::size_t i = 0; i < s.skills.size(); ++i) out.skills.insert(i);
  for (std::size_t i = 0; i < s.saves.size(); ++i) out.saves.insert(i);
  for (std::size_t i = 0; i < s.fields.size(); ++i) out.fields.insert(i);
  return out;
}

/// BA-141, BA-142 for the entries of a separate catalog file, once it is read (on first use, and
/// for every file by `rulekeeper check`). The definition and this one file are at hand; another
/// separate file is not.
void check_file_read_order(const Ruleset& rs, const Catalog& catalog, const std::vector<CatalogEntry>& entries,
                           Diagnostics& d) {
  const Sheet& s = rs.sheet;
  const Builder& b = *s.builder;
  const std::size_t n = b.steps.size();
  std::vector<std::size_t> on;  // the steps that read this catalog
  for (std::size_t i = 0; i < n; ++i) {
    if (offers_entries(b.steps[i]) && b.steps[i].catalog == catalog.id) on.push_back(i);
  }
  if (on.empty()) return;
  const std::vector<ReadSet> changes = step_changes(rs);
  const std::vector<ReadSet> from_here = changed_from(changes);
  std::vector<ReadSet> writes(entries.size());  // what a selection of each entry changes
  ReadSet file_writes;
  for (std::size_t e = 0; e < entries.size(); ++e) {
    add_writes(s, catalog, entries[e], writes[e]);
    file_writes = merge(file_writes, writes[e]);
  }
  std::string hit;

  // The definition's reads at or before a step on this catalog may not read what its entries
  // change. What the definition alone shows is refused at import, and not reported again here.
  for (const OrderedRead& r : definition_reads(rs)) {
    const auto k = std::find_if(on.begin(), on.end(), [&](std::size_t x) { return x >= r.step; });
    if (k == on.end()) continue;
    const ReadSet reads = ref_read_set(rs, {r.ref});
    if (meets(reads, from_here[r.step], hit, s)) continue;
    for (std::size_t e = 0; e < entries.size(); ++e) {
      if (!meets(reads, writes[e], hit, s)) continue;
      const CatalogEntry& entry = entries[e];
      d.error(Code::ReadsLaterStep, entry.grants ? entry.grants->pointer : entry.pointer,
              "catalog `{}` entry `{}` (at step `{}`): its selection changes {}, which {} `{}` ({}) reads at step "
              "`{}`; a value "
              "may be read only after the step that changes it: move step `{}` after step `{}`, or keep catalog `{}` "
              "inline "
              "(BA-141, BA-142)",
              catalog.id, entry.id, b.steps[*k].id, hit, r.what, r.key, r.pointer, b.steps[r.step].id,
              b.steps[r.step].id, b.steps[*k].id, catalog.id);
      break;
    }
  }

  // The file's own slots, read at their source step: against what the definition changes from
  // there on, what this file's entries change (selected there or later), and what another
  // separate file read at a later step could change.
  const std::size_t j = source_step(b, catalog.id);
  if (j == kNone) return;
  const ReadSet here = merge(from_here[j], file_writes);
  std::size_t other = kNone;
  for (std::size_t k = j + 1; k < n && other == kNone; ++k) {
    const BuilderStep& st = b.steps[k];
    if (offers_entries(st) && st.catalog != catalog.id && st.catalog_index != kNone &&
        !rs.catalogs[st.catalog_index].asset.empty()) {
      other = k;
    }
  }
  const ReadSet could = grantable(s);
  std::vector<OrderedRead> own;
  for (const auto& e : entries) add_slot_reads(b, catalog.id, e, j, own);
  for (const OrderedRead& r : own) {
    const ReadSet reads = ref_read_set(rs, {r.ref});
    if (meets(reads, here, hit, s)) {
      std::string by;
      if (const std::size_t k = first_changer(changes, j, reads, hit, s); k != kNone) {
        by = k == j ? "this step" : fmt::format("the later step `{}`", b.steps[k].id);
      } else {
        for (std::size_t e = 0; e < entries.size() && by.empty(); ++e) {
          if (meets(reads, writes[e], hit, s))
            by = fmt::format("entry `{}` of the same catalog at this step", entries[e].id);
        }
      }
      d.error(Code::ReadsLaterStep, r.pointer,
              "{}: `{}` reads {}, which {} changes; it may read only what earlier steps change (BA-141)", r.what, r.key,
              hit, by);
    } else if (other != kNone && meets(reads, could, hit, s)) {
      const BuilderStep& later = b.steps[other];
      d.error(Code::ReadsLaterStep, r.pointer,
              "{}: `{}` reads {}, which catalog `{}` of the later step `{}` could change; its entries are in another "
              "separate "
              "file and cannot be checked here: move step `{}` before step `{}`, or keep catalog `{}` inline (BA-142)",
              r.what, r.key, hit, later.catalog, later.id, later.id, b.steps[j].id, later.catalog);
    }
  }
}

}  // namespace

void check_builder_read_order(const Ruleset& rs, Diagnostics& d) {
  const Sheet& s = rs.sheet;
  const Builder& b = *s.builder;
  const std::vector<ReadSet> changes = step_changes(rs);
  const std::vector<ReadSet> from_here = changed_from(changes);
  std::string hit;
  for (const OrderedRead& r : definition_reads(rs)) {
    const ReadSet reads = ref_read_set(rs, {r.ref});
    if (!meets(reads, from_here[r.step], hit, s)) continue;
    const std::size_t k = first_changer(changes, r.step, reads, hit, s);
    d.error(Code::ReadsLaterStep, r.pointer,
            "{}: `{}` reads {}, which {} changes; it may read only what earlier steps change (BA-141)", r.what, r.key,
            hit, k == r.step ? "this step" : fmt::format("the later step `{}`", b.steps[k].id));
  }
  // BB-70, BC-20: budgets, overrides and offer conditions never read a purchased target, even
  // one an earlier spend step sells, nor through a derived value.
  ReadSet sold;
  for (std::size_t i = 0; i < b.steps.size(); ++i) {
    if (b.steps[i].kind == BuilderStep::Kind::Spend) sold = merge(sold, changes[i]);
  }
  for (const OrderedRead& r : definition_reads(rs)) {
    if (!r.before_purchases) continue;
    const ReadSet reads = ref_read_set(rs, {r.ref});
    if (meets(reads, from_here[r.step], hit, s) || !meets(reads, sold, hit, s)) continue;
    d.error(Code::ReadsPurchase, r.pointer,
            "{}: `{}` reads {}, which a spend step sells; budgets, overrides and offer conditions read the sheet "
            "before any purchase (BB-70, BC-20)",
            r.what, r.key, hit);
  }
}

}  // namespace rk::detail
