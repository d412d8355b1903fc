// Reading the reference format's `battle` block (docs/format/combat.md "battle"): the sheet's
// numbers it lends the Engine's own fight, and the health and row sources `combat` shares with it.
#include <set>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/read_play.hpp"
#include "json/document.hpp"
#include "json/write.hpp"

namespace rk::detail {

bool expect_pool(ObjectReader& r, std::string_view key, const Id& pool, const Ruleset& ruleset) {
  if (pool.empty()) return false;
  if (ruleset.sheet.pool_index.contains(pool)) return true;
  r.error(Code::UnknownReference, key, "the sheet declares no live pool `{}`", pool);
  return false;
}

CombatHealth read_health(const bj::value& v, const std::string& pointer, const std::string& owner,
                         const Ruleset& ruleset, ReadContext& cx) {
  CombatHealth health;
  ObjectReader r(v, pointer, owner + " `health`", cx.diagnostics);
  if (!r.ok()) return health;
  if (r.has("pool") == r.has("track")) {
    r.error(Code::ConflictingKeys, "", "health is {{ \"pool\": id }} or {{ \"track\": id }}: one of the two");
    r.accept("pool");
    r.accept("track");
    return health;
  }
  const Sheet& s = ruleset.sheet;
  if (r.has("track")) {
    health.kind = CombatHealth::Kind::Track;
    health.id = r.id("track", true).value_or("");
    auto it = s.track_index.find(health.id);
    if (it == s.track_index.end()) {
      if (!health.id.empty()) r.error(Code::UnknownReference, "track", "the sheet declares no track `{}`", health.id);
    } else if (!s.tracks[it->second].wound) {
      // A plain track has no levels, so "out of it" would be a number the fight picked.
      r.error(Code::WrongReferenceType, "track", "`{}` has no levels, so a fight has nothing to mark on it", health.id);
    } else {
      health.index = it->second;
    }
    return health;
  }
  health.id = r.id("pool", true).value_or("");
  if (expect_pool(r, "pool", health.id, ruleset)) {
    health.index = s.pool_index.at(health.id);
    // A pool that starts empty counts up (stress), so as health it would start everyone down.
    if (s.pools[health.index].start == Pool::Start::Empty) {
      r.error(Code::BadValue, "pool", "`{}` starts empty, so it cannot be the health pool", health.id);
    }
  }
  return health;
}

void read_row_source(ObjectReader& r, RowSource& out, const Ruleset& ruleset) {
  out.pointer = r.pointer();
  out.list = r.id("list", true).value_or("");
  out.only_when = r.id("onlyWhen", false).value_or("");
  const List* list = nullptr;
  if (auto it = ruleset.sheet.list_index.find(out.list); it != ruleset.sheet.list_index.end()) {
    out.list_index = it->second;
    list = &ruleset.sheet.lists[it->second];
  } else if (!out.list.empty()) {
    r.error(Code::UnknownReference, "list", "the sheet declares no list `{}`", out.list);
  }
  const auto column = [&](const Id& id) -> const Column* {
    if (list == nullptr) return nullptr;
    auto it = list->column_index.find(id);
    return it == list->column_index.end() ? nullptr : &list->columns[it->second];
  };
  if (list != nullptr && !out.only_when.empty()) {
    const Column* c = column(out.only_when);
    if (c == nullptr || c->spec.type != ValueType::Boolean) {
      r.error(Code::WrongReferenceType, "onlyWhen", "`onlyWhen` names a boolean column of list `{}`", out.list);
    }
  }
  if (const bj::value* always = r.get("alwaysWhen")) {
    ObjectReader a(*always, r.at("alwaysWhen"), r.what() + " `alwaysWhen`", r.diagnostics());
    const Id id = a.id("column", true).value_or("");
    const bj::value* equals = a.get("equals");
    if (equals == nullptr && a.ok()) a.error(Code::MissingKey, "", "`equals` is required");
    // The exception to `onlyWhen`: alone it would gate nothing.
    if (!r.has("onlyWhen")) {
      r.error(Code::MissingKey, "alwaysWhen",
              "`alwaysWhen` is the exception to `onlyWhen`, so it needs `onlyWhen` beside it");
    }
    if (list != nullptr && !id.empty()) {
      const Column* c = column(id);
      if (c == nullptr) {
        a.error(Code::UnknownReference, "column", "list `{}` has no column `{}`", out.list, id);
      } else if (equals != nullptr) {
        auto value = typed_scalar(*equals, c->spec.type);
        if (!value || !c->spec.accepts(*value)) {
          a.error(Code::HideValueInvalid, "equals",
                  "column `{}` can never hold {}, so the rule would never match a row", id,
                  json::serialize(*equals).substr(0, 80));
        } else {
          out.always_when = std::make_pair(id, *value);
        }
      }
    }
  }
}

void read_battle(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx) {
  ObjectReader r(v, pointer, "battle", cx.diagnostics);
  if (!r.ok()) return;
  auto battle = std::make_shared<Battle>();
  battle->pointer = pointer;
  if (const bj::value* health = r.get("health"))
    battle->health = read_health(*health, r.at("health"), "battle", ruleset, cx);
  else
    r.error(Code::MissingKey, "", "`health` is required");
  const Id& health_pool = battle->health.kind == CombatHealth::Kind::Pool ? battle->health.id : Id();
  if (const bj::value* energy = r.get("energy")) {
    ObjectReader e(*energy, r.at("energy"), "battle `energy`", cx.diagnostics);
    battle->energy = e.id("pool", true).value_or("");
    expect_pool(e, "pool", battle->energy, ruleset);
    // The Engine drains health as damage and spends energy as a cost; one pool cannot be both.
    if (!battle->energy.empty() && battle->energy == battle->health.id) {
      e.error(Code::ConflictingKeys, "pool", "the energy pool cannot also be the health pool");
    }
  }
  if (const bj::array* slots = r.array("slots", false)) {
    check_limit(limits::kBattleSlots, slots->size(), r.at("slots"), "battle.slots", cx.diagnostics);
    std::set<Id> pools;
    std::set<std::int64_t> levels;
    for (std::size_t i = 0; i < slots->size(); ++i) {
      ObjectReader s((*slots)[i], json::child(r.at("slots"), i), fmt::format("battle slot #{}", i + 1), cx.diagnostics);
      if (!s.ok()) continue;
      const Id pool = s.id("pool", true).value_or("");
      const auto level = read_whole(s, "level", true, 1, limits::kBattleSlotLevelMax);
      expect_pool(s, "pool", pool, ruleset);
      if (!pool.empty() && (pool == health_pool || pool == battle->energy)) {
        s.error(Code::ConflictingKeys, "pool", "`{}` is already the health or energy pool", pool);
      }
      if (!pool.empty() && !pools.insert(pool).second)
        s.error(Code::DuplicateId, "pool", "slot pool `{}` is listed twice", pool);
      if (level && !levels.insert(*level).second)
        s.error(Code::DuplicateId, "level", "slot level {} is listed twice", *level);
      battle->slots.emplace_back(pool, level.value_or(0));
    }
  }
  if (const bj::array* skills = r.array("skills", false)) {
    check_limit(limits::kRowSources, skills->size(), r.at("skills"), "battle.skills", cx.diagnostics);
    for (std::size_t i = 0; i < skills->size(); ++i) {
      ObjectReader s((*skills)[i], json::child(r.at("skills"), i), fmt::format("battle.skills #{}", i + 1),
                     cx.diagnostics);
      if (!s.ok()) continue;
      RowSource source;
      read_row_source(s, source, ruleset);
      battle->skills.push_back(std::move(source));
    }
  }
  ruleset.battle = std::move(battle);
}

}  // namespace rk::detail
