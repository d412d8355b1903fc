// Levels 1 – 20 of the `5e-2014` builder: the level of each class (the first class and the new
// classes of multiclassing), spell and pact slots from the class tables and the multiclass
// spellcaster table, hit points and hit dice per class, ability score improvements, subclasses
// and class features at their levels, and the builder steps that build them. Everything is read
// from the SRD data; the few rules the data holds only as text are named here.
#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "srd5e/catalogs.hpp"
#include "srd5e/text.hpp"

namespace srd5e {
namespace {

constexpr long long kMaxLevel = 20;
constexpr int kMaxSlotLevel = 9;
constexpr long long kMaxNewClasses = 3;  // four classes at most: one new class per level above 1st
/// The class whose slots are Pact Magic (SRD "Pact Magic"), kept apart from the multiclass table.
constexpr std::string_view kPactClass = "warlock";
/// Constitution modifier plus Dwarven Toughness, per level: −5 (Constitution 1) to +11.
constexpr long long kLowestPerLevel = -5, kHighestPerLevel = 11;
/// Per-level bonuses a step table of the product "bonus × level" covers (rows ≤ 100: 4 × 20 + 2).
constexpr long long kPerLevelBlock = 4;
constexpr long long kAbilityCap = 20;  // SRD "Ability Score Improvement": not above 20

using Rows = std::vector<std::pair<long long, long long>>;

json::object ref(std::string_view kind, std::string_view id) { return json::object{{kind, id}}; }
json::object derived_ref(std::string_view id) { return ref("derived", id); }
json::object constant(long long n) { return json::object{{"const", n}}; }

json::object with_of(std::string_view id, std::string_view label, std::string_view op, json::array of) {
  return json::object{{"id", id}, {"label", label}, {"op", op}, {"of", std::move(of)}};
}

json::object scale(std::string_view id, std::string_view label, json::object of, double by) {
  return json::object{
      {"id", id},       {"label", label}, {"op", "scale"}, {"of", std::move(of)}, {"multiplier", number_value(by)},
      {"round", "down"}};
}

/// A step table; rows as given, with a leading [0, 0] when the first row starts above 0 with a
/// value (below its first threshold a table reads the first row).
json::object step_table(std::string_view id, std::string_view label, json::object from, const Rows& rows) {
  json::array table;
  if (!rows.empty() && rows.front().first > 0 && rows.front().second != 0) table.emplace_back(json::array{0, 0});
  for (const auto& [threshold, value] : rows) table.emplace_back(json::array{threshold, value});
  if (table.empty()) table.emplace_back(json::array{0, 0});
  return json::object{
      {"id", id}, {"label", label}, {"op", "stepTable"}, {"from", std::move(from)}, {"table", std::move(table)}};
}

json::object enum_table(std::string_view id, std::string_view label, json::object table) {
  return json::object{{"id", id},
                      {"label", label},
                      {"op", "enumTable"},
                      {"from", json::object{{"field", "class"}}},
                      {"table", std::move(table)}};
}

Rows changes(const std::map<long long, long long>& by_level) {
  Rows out;
  long long last = 0;
  for (const auto& [level, value] : by_level) {
    if (value == last) continue;
    out.emplace_back(level, value);
    last = value;
  }
  return out;
}

/// What the converter reads of one class for its levels.
struct LevelClass {
  std::string id, name;
  long long hit_die = 0, casting_from = 0;
  bool casts = false;
  std::map<long long, long long> asi;                   ///< ability score improvements so far, by level
  std::map<int, std::map<long long, long long>> slots;  ///< slot level → count by class level
  std::string subclass, subclass_name, subclass_flavor, subclass_desc;
  long long subclass_level = 0;
};

std::vector<LevelClass> level_classes(const Srd& srd) {
  std::vector<LevelClass> out;
  for (const auto& v : srd.classes) {
    const auto& cls = obj(v, "class");
    LevelClass c;
    c.id = entry_id(str_at(cls, "index"));
    c.name = safe_line(str_at(cls, "name"));
    c.hit_die = int_at(cls, "hit_die");
    if (const auto* sc = cls.if_contains("spellcasting"); sc && sc->is_object()) {
      c.casts = true;
      c.casting_from = int_at(sc->get_object(), "level");
    }
    for (const auto& lv : srd.levels) {
      const auto& level = obj(lv, "level");
      if (ref_index(level, "class") != str_at(cls, "index")) continue;
      const long long n = int_at(level, "level");
      if (const auto* sub = level.if_contains("subclass"); sub && sub->is_object()) {
        if (c.subclass_level == 0 || n < c.subclass_level) c.subclass_level = n;
        continue;
      }
      c.asi[n] = int_at(level, "ability_score_bonuses");
      for (int slot = 1; slot <= kMaxSlotLevel; ++slot) {
        long long count = 0;
        if (const auto* sc = level.if_contains("spellcasting"); sc && sc->is_object()) {
          if (const auto* k = sc->get_object().if_contains(fmt::format("spell_slots_level_{}", slot));
              k && k->is_int64())
            count = k->get_int64();
        }
        c.slots[slot][n] = count;
      }
    }
    const auto& subs = arr_or_empty(cls, "subclasses");
    if (subs.size() != 1)
      throw std::runtime_error(fmt::format("SRD data: class `{}` has {} subclasses", c.id, subs.size()));
    c.subclass = str_at(obj(subs.at(0), "subclass"), "index");
    const auto* sub = Srd::find(srd.subclasses, c.subclass);
    if (!sub) throw std::runtime_error(fmt::format("SRD data: no subclass `{}`", c.subclass));
    c.subclass_name = safe_line(str_at(*sub, "name"));
    c.subclass_flavor = safe_line(str_at(*sub, "subclass_flavor"));
    c.subclass_desc = long_text(strings_at(*sub, "desc"));
    if (c.subclass_level == 0)
      throw std::runtime_error(fmt::format("SRD data: subclass `{}` has no level", c.subclass));
    out.push_back(std::move(c));
  }
  return out;
}

/// A full caster casts from 1st level with its own slots; a half caster from 2nd (SRD
/// "Multiclassing: Spell Slots": paladin and ranger count half their levels, rounded down).
bool full_caster(const LevelClass& c) { return c.casts && c.id != kPactClass && c.casting_from == 1; }
bool half_caster(const LevelClass& c) { return c.casts && c.id != kPactClass && c.casting_from == 2; }

std::string first_level(const std::string& id) { return id + "_first_level"; }
std::string new_class(const std::string& id) { return "new_" + id; }
std::string new_level(const std::string& id) { return "new_level_" + id; }

}  // namespace

std::string extra_levels_field(const std::string& class_id) { return "extra_levels_" + class_id; }

json::array class_level_derived(const Srd& srd) {
  const auto classes = level_classes(srd);
  json::array out;
  json::array news, extras;
  for (const auto& c : classes) {
    // A new class is a `classes` row its multiclass entry wrote (the `multiclass` box ticked).
    out.emplace_back(with_of(
        new_class(c.id), fmt::format("{} taken as a new class", c.name), "sum",
        json::array{
            json::object{{"listSum", json::object{{"list", "classes"},
                                                  {"count", true},
                                                  {"onlyWhen", "multiclass"},
                                                  {"where", json::object{{"column", "name"}, {"equals", c.name}}}}}}}));
    news.emplace_back(derived_ref(new_class(c.id)));
    extras.emplace_back(ref("field", extra_levels_field(c.id)));
  }
  out.emplace_back(with_of("new_classes", "New classes (multiclassing)", "sum", std::move(news)));
  out.emplace_back(with_of("extra_class_levels", "Levels in new classes beyond their first", "sum", std::move(extras)));
  out.emplace_back(scale("minus_new_classes", "New classes, taken away", derived_ref("new_classes"), -1));
  out.emplace_back(scale("minus_extra_class_levels", "Extra levels of new classes, taken away",
                         derived_ref("extra_class_levels"), -1));
  // The first class has every level the new classes do not.
  out.emplace_back(with_of(
      "first_class_level", "Levels in the first class", "sum",
      json::array{ref("field", "level"), derived_ref("minus_new_classes"), derived_ref("minus_extra_class_levels")}));
  // Levels a new class may take beyond its first: the character level less the first class's
  // first level and each new class's first level (the pool of the class-levels step).
  out.emplace_back(with_of("new_class_level_budget", "Levels to share among the new classes", "sum",
                           json::array{ref("field", "level"), constant(-1), derived_ref("minus_new_classes")}));
  // One new class per level above 1st, three at most (SRD "Multiclassing": a class per level gained).
  Rows allowed;
  for (long long n = 1; n <= kMaxNewClasses; ++n) allowed.emplace_back(n + 1, n);
  out.emplace_back(step_table("new_classes_allowed", "New classes the level allows", ref("field", "level"), allowed));
  // Multiclassing is never required, yet `countFrom` (the cap) also asks for as many: the step counts
  // as required only once it is full, when it asks for nothing more (its badge is then 0 too).
  out.emplace_back(with_of("new_class_room", "New classes the level still allows", "sum",
                           json::array{derived_ref("new_classes_allowed"), derived_ref("minus_new_classes")}));
  out.emplace_back(json::object{{"id", "multiclass_step_full"},
                                {"label", "Every new class the level allows is taken"},
                                {"op", "stepTable"},
                                {"from", derived_ref("new_class_room")},
                                {"table", json::array{json::array{0, 1}, json::array{1, 0}}}});
  json::array tops;
  for (const auto& c : classes) {
    out.emplace_back(enum_table("is_" + c.id, fmt::format("Class is {}", c.name), json::object{{c.id, 1}}));
    out.emplace_back(enum_table(c.id + "_level_cap",
                                fmt::format("Highest {} level (0 for another class)", lower(c.name)),
                                json::object{{c.id, kMaxLevel}}));
    // The reference has no product: "the first class's levels, or 0 for another class" is the
    // first class's levels held to a cap that is 20 for this class and 0 for every other.
    out.emplace_back(with_of(first_level(c.id), fmt::format("{} levels as the first class", c.name), "min",
                             json::array{derived_ref("first_class_level"), derived_ref(c.id + "_level_cap")}));
    out.emplace_back(with_of(new_level(c.id), fmt::format("{} levels as a new class", c.name), "sum",
                             json::array{derived_ref(new_class(c.id)), ref("field", extra_levels_field(c.id))}));
    out.emplace_back(with_of(c.id + "_level", fmt::format("{} level", c.name), "sum",
                             json::array{derived_ref(first_level(c.id)), derived_ref(new_level(c.id))}));
    tops.emplace_back(derived_ref(new_level(c.id)));
  }
  out.emplace_back(with_of("new_class_top_level", "Highest level of a new class", "max", std::move(tops)));
  return out;
}

json::array level_derived(const Srd& srd) {
  const auto classes = level_classes(srd);
  json::array out;
  // ---- spell slots: the multiclass spellcaster table, which is the full casters' table --------
  const LevelClass* full = nullptr;
  std::vector<const LevelClass*> halves;
  const LevelClass* pact = nullptr;
  for (const auto& c : classes) {
    if (full_caster(c)) {
      if (full != nullptr && full->slots != c.slots)
        throw std::runtime_error(fmt::format("SRD data: full casters `{}` and `{}` differ in slots", full->id, c.id));
      full = &c;
    }
    if (half_caster(c)) halves.push_back(&c);
    if (c.id == kPactClass) pact = &c;
  }
  if (full == nullptr || halves.empty() || pact == nullptr) throw std::runtime_error("SRD data: casters not found");
  // A half caster alone has the full table's slots at half its level rounded up, from 2nd level.
  for (const auto* h : halves) {
    for (int slot = 1; slot <= kMaxSlotLevel; ++slot) {
      for (long long level = 1; level <= kMaxLevel; ++level) {
        const long long as_full = level < 2 ? 0 : full->slots.at(slot).at((level + 1) / 2);
        if (h->slots.at(slot).at(level) != as_full)
          throw std::runtime_error(
              fmt::format("SRD data: `{}` level {} slots differ from the full table", h->id, level));
      }
    }
  }
  json::array caster{};
  for (const auto& c : classes) {
    if (full_caster(c)) caster.emplace_back(derived_ref(c.id + "_level"));
  }
  json::array half_levels;
  for (const auto* h : halves) {
    out.emplace_back(scale(h->id + "_caster_half", fmt::format("Half the {} level, rounded down", lower(h->name)),
                           derived_ref(h->id + "_level"), 0.5));
    caster.emplace_back(derived_ref(h->id + "_caster_half"));
    half_levels.emplace_back(derived_ref(h->id + "_level"));
  }
  out.emplace_back(with_of("caster_level", "Spellcaster level (multiclass table)", "sum", std::move(caster)));
  if (half_levels.size() == 1) half_levels.emplace_back(constant(0));
  out.emplace_back(with_of("half_caster_top", "Highest half-caster level", "max", std::move(half_levels)));
  Rows rounded_up;  // 2 -> 1, 3 -> 2, 5 -> 3 ... (a row where the value changes)
  for (long long level = 2; level <= kMaxLevel; level += (level == 2 ? 1 : 2))
    rounded_up.emplace_back(level, (level + 1) / 2);
  out.emplace_back(step_table("half_caster_alone", "A half caster's slots as a full caster's level",
                              derived_ref("half_caster_top"), rounded_up));
  out.emplace_back(with_of("slot_table_level", "Row of the spell slot table", "max",
                           json::array{derived_ref("caster_level"), derived_ref("half_caster_alone")}));
  for (int slot = 1; slot <= kMaxSlotLevel; ++slot) {
    out.emplace_back(step_table(fmt::format("slots_max_{}", slot), fmt::format("{}-level spell slots", ordinal(slot)),
                                derived_ref("slot_table_level"), changes(full->slots.at(slot))));
  }
  // Pact slots: the warlock table's count and the level they are cast at (1 before any).
  std::map<long long, long long> pact_count, pact_level;
  for (long long level = 1; level <= kMaxLevel; ++level) {
    for (int slot = 1; slot <= kMaxSlotLevel; ++slot) {
      const long long n = pact->slots.at(slot).at(level);
      if (n > 0) {
        pact_count[level] = n;
        pact_level[level] = slot;
      }
    }
  }
  out.emplace_back(
      step_table("pact_slots_max", "Pact slots", derived_ref(std::string(kPactClass) + "_level"), changes(pact_count)));
  Rows pact_rows{{0, 1}};
  for (const auto& [level, slot] : changes(pact_level)) {
    if (slot != 1) pact_rows.emplace_back(level, slot);
  }
  out.emplace_back(
      step_table("pact_slot_level", "Pact slot level", derived_ref(std::string(kPactClass) + "_level"), pact_rows));

  // ---- hit points (SRD "Hit Points" and "Multiclassing: Hit Points and Hit Dice") ------------
  // The first class's 1st level at the die's maximum, every other level at the fixed value
  // (half the die plus 1), the Constitution modifier (and Dwarven Toughness) once per level.
  json::object first_bonus, per_class;
  json::array class_hp;
  for (const auto& c : classes) first_bonus[c.id] = c.hit_die / 2 - 1;
  out.emplace_back(enum_table("hp_first_level_bonus", "Hit points of the first level above the fixed value",
                              std::move(first_bonus)));
  for (const auto& c : classes) {
    const int fixed_value = (c.hit_die / 2) + 1;  // the SRD's "d8 (or 5)": half the die, rounded down, plus 1
    out.emplace_back(scale("hp_" + c.id, fmt::format("Hit points of the {} levels (fixed value)", lower(c.name)),
                           derived_ref(c.id + "_level"), static_cast<double>(fixed_value)));
    class_hp.emplace_back(derived_ref("hp_" + c.id));
  }
  out.emplace_back(with_of("hp_class_levels", "Hit points of the class levels", "sum", std::move(class_hp)));
  out.emplace_back(with_of("hp_per_level_bonus", "Hit points per level from Constitution and race", "sum",
                           json::array{ref("abilityMod", "con"), derived_ref("racial_hit_points")}));
  // The product "bonus × level" through step tables over level + 20 × bonus.
  out.emplace_back(scale("hp_bonus_times_20", "Per-level bonus times 20", derived_ref("hp_per_level_bonus"),
                         static_cast<double>(kMaxLevel)));
  out.emplace_back(json::object{{"id", "hp_bonus_index"},
                                {"label", "Per-level bonus and level, as one number"},
                                {"op", "sum"},
                                {"of", json::array{ref("field", "level"), derived_ref("hp_bonus_times_20")}}});
  json::array parts;
  for (long long lo = kLowestPerLevel, block = 0; lo <= kHighestPerLevel; lo += kPerLevelBlock, ++block) {
    const long long hi = lo + kPerLevelBlock - 1;
    json::array table;
    table.emplace_back(json::array{kMaxLevel * lo, 0});
    for (long long bonus = lo; bonus <= hi; ++bonus) {
      for (long long level = 1; level <= kMaxLevel; ++level)
        table.emplace_back(json::array{level + kMaxLevel * bonus, level * bonus});
    }
    table.emplace_back(json::array{kMaxLevel * hi + kMaxLevel + 1, 0});
    const std::string id = fmt::format("hp_bonus_part_{}", block);
    out.emplace_back(json::object{{"id", id},
                                  {"label", fmt::format("Per-level bonus times level ({} to {})", lo, hi)},
                                  {"op", "stepTable"},
                                  {"from", derived_ref("hp_bonus_index")},
                                  {"table", std::move(table)}});
    parts.emplace_back(derived_ref(id));
  }
  out.emplace_back(with_of("hp_bonus_total", "Hit points from Constitution and race", "sum", std::move(parts)));
  out.emplace_back(with_of(
      "hit_points_by_level", "Hit points by level", "sum",
      json::array{derived_ref("hp_first_level_bonus"), derived_ref("hp_class_levels"), derived_ref("hp_bonus_total")}));
  out.emplace_back(with_of(kHitPointMaximum, "Hit point maximum", "max",
                           json::array{ref("field", "hp_max"), derived_ref("hit_points_by_level")}));
  // Hit dice: one per level of each class, of the class's size.
  for (const long long die : {6LL, 8LL, 10LL, 12LL}) {
    json::array of;
    for (const auto& c : classes) {
      if (c.hit_die == die) of.emplace_back(derived_ref(c.id + "_level"));
    }
    if (of.empty()) of.emplace_back(constant(0));
    out.emplace_back(
        with_of(fmt::format("hit_dice_d{}", die), fmt::format("Hit dice (d{})", die), "sum", std::move(of)));
  }
  // ---- ability score improvements: two points each, at the class's levels -------------------
  json::array asi;
  for (const auto& c : classes) {
    out.emplace_back(step_table("asi_" + c.id, fmt::format("Ability Score Improvements ({})", c.name),
                                derived_ref(c.id + "_level"), changes(c.asi)));
    asi.emplace_back(derived_ref("asi_" + c.id));
  }
  out.emplace_back(with_of("asi_count", "Ability Score Improvements", "sum", std::move(asi)));
  out.emplace_back(scale("asi_points", "Ability score points to raise", derived_ref("asi_count"), 2));
  // ---- subclasses at their level ---------------------------------------------------------------
  for (const auto& c : classes) {
    out.emplace_back(step_table("subclass_open_" + c.id, fmt::format("{} subclass reached", c.name),
                                derived_ref(c.id + "_level"), Rows{{c.subclass_level, 1}}));
  }
  return out;
}

json::array level_pools() {
  return json::array{json::object{
      {"id", "class-levels"}, {"label", "Levels in new classes"}, {"budget", derived_ref("new_class_level_budget")}}};
}

json::object class_levels_step(const Srd& srd) {
  json::array offers;
  for (const auto& c : level_classes(srd)) {
    offers.emplace_back(json::object{{"id", c.id},
                                     {"label", fmt::format("{} levels beyond the first", c.name)},
                                     {"target", json::object{{"field", extra_levels_field(c.id)}}},
                                     {"cost", json::object{{"flat", 1}}},
                                     {"min", 0},
                                     {"max", kMaxLevel - 1},
                                     {"when", derived_ref(new_class(c.id))}});
  }
  return json::object{{"id", "class-levels"},   {"label", "Class levels"},
                      {"kind", "spend"},        {"when", derived_ref("new_classes")},
                      {"pool", "class-levels"}, {"offers", std::move(offers)}};
}

json::array level_steps_before_skills() {
  json::array steps;
  steps.emplace_back(json::object{{"id", "subclass"},
                                  {"label", "Subclass"},
                                  {"kind", "catalog"},
                                  {"catalog", "subclasses"},
                                  {"min", 0},
                                  {"max", 4},
                                  {"field", "subclass"}});
  // Class features come by themselves (each is the `exclusiveDefault` of its own group) once the
  // class reaches their level; options such as a Fighting Style are there to pick.
  steps.emplace_back(
      json::object{{"id", "features"},
                   {"label", "Class features"},
                   {"kind", "catalog"},
                   {"catalog", "features"},
                   {"min", 0},
                   {"max", 60},
                   {"within", json::object{{"step", "class"}, {"filter", "class"}}},
                   {"upTo", json::object{{"filter", "level"}, {"value", derived_ref("first_class_level")}}}});
  steps.emplace_back(
      json::object{{"id", "new-class-features"},
                   {"label", "Features of new classes"},
                   {"kind", "catalog"},
                   {"catalog", "features"},
                   {"when", derived_ref("new_classes")},
                   {"min", 0},
                   {"max", 60},
                   {"within", json::object{{"step", "multiclass"}, {"filter", "multiclass"}}},
                   {"upTo", json::object{{"filter", "level"}, {"value", derived_ref("new_class_top_level")}}}});
  json::array targets;
  for (const auto& a : ability_ids()) targets.emplace_back(json::object{{"ability", a}});
  steps.emplace_back(
      json::object{{"id", "asi"},
                   {"label", "Ability Score Improvements"},
                   {"kind", "allocate"},
                   {"when", derived_ref("asi_points")},
                   {"groups", json::array{json::object{{"id", "scores"},
                                                       {"label", "Ability scores (+2 per improvement, not above 20)"},
                                                       {"targets", std::move(targets)},
                                                       {"budget", derived_ref("asi_points")},
                                                       {"min", 1},
                                                       {"max", kAbilityCap}}}}});
  return steps;
}

Catalog build_subclasses(const Srd& srd) {
  Catalog c;
  c.header = header("subclasses", "Subclasses", "", {"features"}, {{"class", "Class", "text", "class"}});
  for (const auto& cls : level_classes(srd)) {
    const std::string source = fmt::format("{} {} (subclass)", cls.name, cls.subclass_level);
    c.entries.emplace_back(json::object{
        {"id", entry_id(cls.subclass)},
        {"label", cls.subclass_name},
        {"summary",
         clip(safe_line(sentence(fmt::format("{}: {}. {}", cls.subclass_flavor, cls.subclass_name, cls.subclass_desc))),
              300)},
        {"filters", json::object{{"class", cls.id}}},
        {"offeredWhen", derived_ref("subclass_open_" + cls.id)},
        {"exclusive", "subclass-" + cls.id},
        {"exclusiveDefault", true},
        {"rows",
         json::array{row("features", json::object{{"name", clip(cls.subclass_flavor + ": " + cls.subclass_name, 120)},
                                                  {"source", safe_line(source)},
                                                  {"level", cls.subclass_level},
                                                  {"text", cls.subclass_desc}})}}});
  }
  return c;
}

}  // namespace srd5e
