// Catalogs: the names an entry's `mechanics` and a creature give of the fight, checked against
// the `combat` block as the reference checks them (docs/format/catalogs.md, "What a fight reads").
// The block is read before the catalogs, so every name is known when an entry is read. The
// shapes are already checked by the readers; this pass reads the JSON again only for the names
// and where they are written.
#include <algorithm>

#include "format/combat_model.hpp"
#include "format/read_catalog_ref.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

const bj::value* member(const bj::value& v, std::string_view key) {
  return v.is_object() ? v.get_object().if_contains(key) : nullptr;
}

const bj::array* array_member(const bj::value& v, std::string_view key) {
  const bj::value* m = member(v, key);
  return m != nullptr && m->is_array() ? &m->get_array() : nullptr;
}

std::string_view string_member(const bj::value& v, std::string_view key) {
  const bj::value* m = member(v, key);
  return m != nullptr && m->is_string() ? std::string_view(m->get_string()) : std::string_view();
}

class CombatNames {
 public:
  CombatNames(const EffectContext& ec, const Combat& combat) : ec_(ec), c_(combat), d_(ec.diagnostics()) {}

  void damage_type(std::string_view type, const std::string& p, const std::string& what) {
    if (type.empty() || c_.knows_damage_type(type)) return;
    d_.error(Code::UnknownReference, p, "{}: `combat.damageTypes` has no \"{}\"", what, type);
  }

  void damage_type_at(const bj::value& owner, const std::string& p, std::string_view key, const std::string& what) {
    damage_type(string_member(owner, key), json::child(p, key), what);
  }

  void budget(std::string_view id, const std::string& p, const std::string& what) {
    if (id.empty() || c_.has_budget(id)) return;
    std::vector<std::string> ids;
    for (const CombatBudget& b : c_.budgets) ids.push_back(b.id);
    d_.error(Code::UnknownReference, p, "{}: the combat economy has no budget `{}`{}", what, id,
             did_you_mean(std::string(id), ids));
  }

  /// A pool fight counts successes on the resolution's own die, so damage dice are of that die.
  void pool_die(const bj::value& amount, const std::string& p, const std::string& what) {
    if (c_.kind != Combat::Kind::DicePool || !ec_.ruleset.resolution.is_pool()) return;
    const std::string_view dice = string_member(amount, "dice");
    const auto d = dice.find('d');
    if (dice.empty() || d == std::string_view::npos) return;
    std::int64_t sides = 0;
    for (std::size_t i = d + 1; i < dice.size() && dice[i] >= '0' && dice[i] <= '9'; ++i)
      sides = sides * 10 + (dice[i] - '0');
    const std::int64_t die = ec_.ruleset.resolution.pool.sides;
    if (sides != die) {
      d_.error(Code::BadValue, json::child(p, "dice"),
               "{}: a \"dice-pool\" fight throws d{}s, so damage dice are d{}s, found \"{}\"", what, die, die, dice);
    }
  }

  void clauses(const bj::value& owner, const std::string& p, const std::string& what) {
    const bj::array* plus = array_member(owner, "plus");
    for (std::size_t i = 0; plus != nullptr && i < plus->size(); ++i) {
      const std::string cp = json::child(json::child(p, "plus"), i);
      damage_type_at((*plus)[i], cp, "type", what);
      pool_die((*plus)[i], cp, what);
    }
  }

  void entry(const bj::value& m, const std::string& p, const std::string& what) {
    damage_type_at(m, p, "damageType", what);
    clauses(m, p, what);
    // Healing is an amount, not a roll against a die.
    const bool heal = choice_of(kEntryKinds, string_member(m, "kind")) == UseKind::Heal;
    if (!heal) {
      if (const bj::value* amount = member(m, "amount")) pool_die(*amount, json::child(p, "amount"), what);
      if (const bj::value* step = member(m, "perCostStep")) pool_die(*step, json::child(p, "perCostStep"), what);
    }
    budget(string_member(m, "budget"), json::child(p, "budget"), what);
    const bj::array* gives = array_member(m, "gives");
    for (std::size_t i = 0; gives != nullptr && i < gives->size(); ++i) {
      const std::string gp = json::child(json::child(p, "gives"), i);
      budget(string_member((*gives)[i], "budget"), json::child(gp, "budget"), what);
    }
    if (const bj::value* standard = member(m, "standard")) {
      const std::string sp = json::child(json::child(p, "standard"), "budget");
      const std::string_view id = string_member(*standard, "budget");
      budget(id, sp, what);
      // A standard action is bought with the first budget already: naming it grants nothing.
      if (!id.empty() && !c_.budgets.empty() && c_.budgets.front().id == id) {
        d_.error(Code::BadValue, sp,
                 "{}: standard actions already cost the first budget `{}`, so naming it grants nothing", what, id);
      }
    }
    if (const bj::value* rider = member(m, "rider")) entry_rider(*rider, json::child(p, "rider"), what);
  }

  void entry_rider(const bj::value& rider, const std::string& p, const std::string& what) {
    damage_type_at(rider, p, "type", what);
    if (const bj::value* amount = member(rider, "amount")) pool_die(*amount, json::child(p, "amount"), what);
    std::vector<std::string> lists;
    for (const AttackSource& a : c_.attacks) lists.push_back(a.list);
    std::vector<std::string> named;
    const bj::array* sources = array_member(rider, "sources");
    for (std::size_t i = 0; sources != nullptr && i < sources->size(); ++i) {
      if (!(*sources)[i].is_string()) continue;
      const std::string list((*sources)[i].get_string());
      if (std::find(lists.begin(), lists.end(), list) == lists.end()) {
        d_.error(Code::UnknownReference, json::child(json::child(p, "sources"), i),
                 "{}: `{}` is not one of the combat block's "
                 "attack lists{}",
                 what, list, did_you_mean(list, lists));
      }
      named.push_back(list);
    }
    if (sources == nullptr) named = lists;
    const bj::value* requires_ = member(rider, "requires");
    const std::string_view column = requires_ != nullptr ? string_member(*requires_, "column") : std::string_view();
    if (column.empty()) return;
    const Sheet& s = ec_.sheet();
    const bool held = std::any_of(named.begin(), named.end(), [&](const std::string& list) {
      auto it = s.list_index.find(list);
      return it != s.list_index.end() && s.lists[it->second].column_index.contains(std::string(column));
    });
    if (!held) {
      d_.error(Code::UnknownReference, json::child(json::child(p, "requires"), "column"),
               "{}: no attack list this rider reads has a column `{}`", what, column);
    }
  }

  void creature(const bj::value& v, const std::string& p, const std::string& what) {
    const std::string_view tier = string_member(v, "tier");
    if (c_.threat.empty()) {
      d_.error(Code::UnknownReference, json::child(p, "tier"),
               "{}: the combat block declares no threat tiers for a creature to sit on", what);
    } else if (!tier.empty() &&
               std::none_of(c_.threat.begin(), c_.threat.end(), [&](const ThreatTier& t) { return t.id == tier; })) {
      std::vector<std::string> ids;
      for (const ThreatTier& t : c_.threat) ids.push_back(t.id);
      d_.error(Code::UnknownReference, json::child(p, "tier"), "{}: `combat.threat` has no tier `{}`{}", what, tier,
               did_you_mean(std::string(tier), ids));
    }
    if (const bj::value* checks = member(v, "checks"); checks != nullptr && checks->is_object()) {
      for (const auto& m : checks->get_object()) {
        const bool known =
            std::any_of(c_.checks.begin(), c_.checks.end(), [&](const ContestCheck& c) { return c.id == m.key(); });
        if (!known) {
          d_.error(Code::UnknownReference, json::child(json::child(p, "checks"), m.key()),
                   "{}: the combat block has no contest check `{}`", what, std::string_view(m.key()));
        }
      }
    }
    for (std::string_view key : {"resist", "immune", "vulnerable"}) hides(v, p, key, what);
    if (const bj::value* soak = member(v, "soak")) creature_soak(*soak, json::child(p, "soak"), what);
    const bj::array* actions = array_member(v, "actions");
    for (std::size_t i = 0; actions != nullptr && i < actions->size(); ++i) {
      const bj::value& a = (*actions)[i];
      const std::string ap = json::child(json::child(p, "actions"), i);
      budget(string_member(a, "budget"), json::child(ap, "budget"), what);
      if (const bj::value* damage = member(a, "damage")) {
        const std::string dp = json::child(ap, "damage");
        damage_type_at(*damage, dp, "type", what);
        pool_die(*damage, dp, what);
        clauses(*damage, dp, what);
      }
    }
    const bj::array* riders = array_member(v, "riders");
    for (std::size_t i = 0; riders != nullptr && i < riders->size(); ++i) {
      const std::string rp = json::child(json::child(p, "riders"), i);
      damage_type_at((*riders)[i], rp, "type", what);
      if (const bj::value* amount = member((*riders)[i], "amount")) pool_die(*amount, json::child(rp, "amount"), what);
    }
  }

  void hides(const bj::value& v, const std::string& p, std::string_view key, const std::string& what) {
    const bj::array* a = array_member(v, key);
    for (std::size_t i = 0; a != nullptr && i < a->size(); ++i) {
      const std::string ep = json::child(json::child(p, key), i);
      const bj::value& e = (*a)[i];
      if (e.is_string()) {
        damage_type(e.get_string(), ep, what);
        continue;
      }
      damage_type_at(e, ep, "type", what);
      // What gets through is a weapon item's tags, so they are the ruleset's item tags.
      const bj::array* except = array_member(e, "except");
      for (std::size_t t = 0; except != nullptr && t < except->size(); ++t) {
        if (!(*except)[t].is_string()) continue;
        const std::string_view tag((*except)[t].get_string());
        const ItemsBlock* items = ec_.ruleset.items.get();
        const bool known = items != nullptr && std::any_of(items->tags.begin(), items->tags.end(),
                                                           [&](const ItemWord& w) { return w.id == tag; });
        if (!known) {
          d_.error(Code::UnknownReference, json::child(json::child(ep, "except"), t), "{}: {}", what,
                   items == nullptr || items->tags.empty()
                       ? std::string("this ruleset declares no item tags for a blow to carry")
                       : fmt::format("the items block declares no tag `{}`", tag));
        }
      }
    }
  }

  void creature_soak(const bj::value& soak, const std::string& p, const std::string& what) {
    if (c_.kind != Combat::Kind::DicePool) {
      d_.error(Code::BadValue, p, "{}: soak is for a \"dice-pool\" fight", what);
    } else if (!c_.pool || !c_.pool->soak) {
      d_.error(Code::BadValue, p, "{}: this fight's `pool` says nothing about soak, so there is no way to take it",
               what);
    }
    const bj::value* by_kind = member(soak, "byKind");
    if (by_kind == nullptr || !by_kind->is_object()) return;
    const Sheet& s = ec_.sheet();
    const Track* track = c_.health.kind == CombatHealth::Kind::Track && c_.health.index < s.tracks.size()
                             ? &s.tracks[c_.health.index]
                             : nullptr;
    for (const auto& m : by_kind->get_object()) {
      const std::string kp = json::child(json::child(p, "byKind"), m.key());
      if (track == nullptr || track->kinds.empty()) {
        d_.error(Code::UnknownReference, kp, "{}: soak by kind needs health to be a wound track with kinds", what);
      } else if (std::none_of(track->kinds.begin(), track->kinds.end(),
                              [&](const WoundKind& k) { return k.id == m.key(); })) {
        d_.error(Code::UnknownReference, kp, "{}: `{}` is not a kind of the health track `{}`", what,
                 std::string_view(m.key()), track->id);
      }
    }
  }

 private:
  const EffectContext& ec_;
  const Combat& c_;
  Diagnostics& d_;
};

}  // namespace

void check_entry_combat_names(const bj::value& mechanics, const std::string& pointer, const std::string& what,
                              const EffectContext& ec) {
  if (ec.ruleset.combat == nullptr) return;  // without a fight, nothing reads these names
  CombatNames(ec, *ec.ruleset.combat).entry(mechanics, pointer, what);
}

void check_creature_combat_names(const bj::value& creature, const std::string& pointer, const std::string& what,
                                 const EffectContext& ec) {
  if (ec.ruleset.combat == nullptr) return;  // the catalog header says the block is missing
  CombatNames(ec, *ec.ruleset.combat).creature(creature, pointer, what);
}

}  // namespace rk::detail
