// Reading the reference format's `combat` block (docs/format/combat.md): how a fight is resolved
// by the ruleset's own numbers. Everything it names has to exist and be the right sort of thing,
// because a dangling name would be a missing attack bonus in the middle of a turn.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read_play.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk {

bool Combat::knows_damage_type(std::string_view type) const {
  if (damage_types.empty()) return true;
  const std::string key = detail::damage_type_key(type);
  return std::any_of(damage_types.begin(), damage_types.end(),
                     [&](const std::string& t) { return detail::damage_type_key(t) == key; });
}

namespace detail {

namespace {

/// A budget's and a spend limit's `per`.
constexpr Choice<CombatBudget::Per> kPeriods[] = {{CombatBudget::Per::Turn, "turn"},
                                                  {CombatBudget::Per::Round, "round"}};

class CombatReader {
 public:
  CombatReader(Combat& combat, Ruleset& ruleset, ReadContext& cx)
      : c_(combat), rs_(ruleset), cx_(cx), d_(cx.diagnostics) {}

  void read(ObjectReader& r) {
    if (auto kind = r.choice("kind", true, Combat::kKinds)) c_.kind = *kind;
    const bool pooled = c_.kind == Combat::Kind::DicePool;
    if (pooled && !rs_.resolution.is_pool()) {
      r.error(Code::BadValue, "kind",
              "a \"dice-pool\" fight throws the ruleset's own pools, so `resolution.kind` is \"dice-pool\" too");
    }
    if (const bj::value* health = r.get("health"))
      c_.health = read_health(*health, r.at("health"), "combat", rs_, cx_);
    else
      r.error(Code::MissingKey, "", "`health` is required");
    if (auto defense = read_sheet_ref(r, "defense", true, true, rs_, cx_)) c_.defense = *defense;
    if (const bj::value* initiative = r.get("initiative"))
      read_initiative(*initiative, r.at("initiative"));
    else
      r.error(Code::MissingKey, "", "`initiative` is required");
    read_attack_roll(r, pooled);
    read_pool(r, pooled);
    read_economy(r);
    read_distance(r);
    read_damage_types(r);
    read_attacks(r);
    read_abilities(r);
    read_standard(r);
    read_combat_rules(r, c_, rs_, cx_);
    read_concentration(r);
    read_dying(r);
    read_damage_kinds(r);
    read_threat(r);
    read_spend_limits(r);
  }

 private:
  std::optional<CombatDice> dice(ObjectReader& parent, std::string_view key, bool required) {
    const bj::value* v = parent.get(key);
    if (v == nullptr) {
      if (required && parent.ok()) parent.error(Code::MissingKey, "", "`{}` is required", key);
      return std::nullopt;
    }
    ObjectReader r(*v, parent.at(key), fmt::format("{} `{}`", parent.what(), key), d_);
    if (!r.ok()) return std::nullopt;
    auto count = read_whole(r, "count", true, 1, limits::kSumDiceCountMax);
    auto sides = read_whole(r, "sides", true, limits::kSumDiceSidesMin, limits::kSumDiceSidesMax);
    if (!count || !sides) return std::nullopt;
    return CombatDice{*count, *sides};
  }

  bool budget_known(ObjectReader& r, std::string_view key, const Id& budget) {
    if (budget.empty() || c_.has_budget(budget)) return true;
    r.error(Code::UnknownReference, key, "`combat.economy.budgets` has no budget `{}`", budget);
    return false;
  }

  void read_initiative(const bj::value& v, const std::string& p) {
    ObjectReader r(v, p, "combat `initiative`", d_);
    if (!r.ok()) return;
    auto& init = c_.initiative;
    init.dice = dice(r, "dice", false);
    init.modifier = read_sheet_ref(r, "modifier", false, true, rs_, cx_);
    init.pool = read_sheet_ref(r, "pool", false, true, rs_, cx_);
    init.plus = read_whole(r, "plus", false, 0, limits::kInitiativePlusMax);
    if (r.has("dice") == r.has("pool"))
      r.error(Code::ConflictingKeys, "", "initiative is thrown as `dice` or as a `pool`: one of the two");
    if (r.has("modifier") && !r.has("dice"))
      r.error(Code::BadValue, "modifier", "a modifier is added to initiative dice, and there are none");
    if (r.has("plus") && !r.has("pool"))
      r.error(Code::BadValue, "plus", "`plus` is added to a pool's successes, and initiative is not a pool");
    if (r.has("pool")) cx_.requirement.use(Gate::InitiativePool, r.at("pool"));
    if (r.has("each")) {
      cx_.requirement.use(Gate::CombatEachRound, r.at("each"));
      init.each_round = r.choice("each", false, Combat::Initiative::kEach) == Combat::Initiative::Each::Round;
    }
    const bool pooled = c_.kind == Combat::Kind::DicePool;
    if (!pooled && r.has("pool"))
      r.error(Code::BadValue, "pool", "initiative thrown as a pool is for a \"dice-pool\" fight");
    if (const bj::value* resource = r.get("resource")) {
      cx_.requirement.use(Gate::InitiativePool, r.at("resource"));
      init.resource = true;
      if (!pooled) r.error(Code::BadValue, "resource", "initiative that attacks move is for a \"dice-pool\" fight");
      if (!r.has("pool"))
        r.error(Code::MissingKey, "resource",
                "a number attacks move opens as a thrown pool, so initiative needs `pool`");
      if (r.has("each"))
        r.error(Code::ConflictingKeys, "each",
                "a number attacks move is kept, never thrown again, and orders every round by itself");
      read_resource(*resource, r.at("resource"));
    }
  }

  void read_resource(const bj::value& v, const std::string& p) {
    ObjectReader r(v, p, "combat initiative `resource`", d_);
    if (!r.ok()) return;
    const auto base = read_whole(r, "base", true, 0, limits::kInitiativeResourceBaseMax);
    const bj::array* styles = r.array("styles", true);
    if (styles != nullptr) {
      if (styles->empty()) r.error(Code::TooFew, "styles", "`styles` lists at least one");
      check_limit(limits::kInitiativeStyles, styles->size(), r.at("styles"), "initiative styles", d_);
      UniqueIds ids{"initiative style"};
      bool takes = false;
      for (std::size_t i = 0; i < styles->size(); ++i) {
        const std::string sp = json::child(r.at("styles"), i);
        ObjectReader s((*styles)[i], sp, entry_name("initiative style", (*styles)[i], sp), d_);
        if (!s.ok()) continue;
        const Id id = s.id("id", true).value_or("");
        s.label();
        ids.add(id, s.at("id"), d_);
        if (s.has("takes") == s.has("spends")) s.error(Code::ConflictingKeys, "", "a style either `takes` or `spends`");
        if (const bj::value* t = s.get("takes")) {
          takes = true;
          ObjectReader tr(*t, s.at("takes"), s.what() + " `takes`", d_);
          read_whole(tr, "gain", false, 0, limits::kInitiativeGainMax);
        }
        if (const bj::value* sp_v = s.get("spends")) {
          spends_ = true;
          ObjectReader sr(*sp_v, s.at("spends"), s.what() + " `spends`", d_);
          if (const bj::array* miss = sr.array("onMiss", false)) {
            auto steps =
                read_number_pairs(*miss, sr.at("onMiss"), sr.what() + " `onMiss`", false, Code::BadStepTable, d_);
            for (std::size_t j = 0; j < steps.size(); ++j) {
              if (steps[j].second < Number())
                d_.error(Code::OutOfRange, json::child(json::child(sr.at("onMiss"), j), 1),
                         "{}: a miss costs nothing or more", sr.what());
            }
          }
        }
      }
      if (!styles->empty() && !takes)
        r.error(Code::MissingKey, "styles", "at least one style takes: a crashed combatant attacks in one");
    }
    if (const bj::value* crash = r.get("crash")) {
      ObjectReader c(*crash, r.at("crash"), "combat initiative `crash`", d_);
      const std::int64_t at =
          read_whole(c, "at", false, limits::kCrashAtMin, limits::kInitiativeResourceBaseMax).value_or(0);
      const Id condition = c.id("condition", false).value_or("");
      expect_known(d_, rs_.sheet.condition_index, condition, c.at("condition"), c.what(), "condition");
      read_whole(c, "bonus", false, 0, limits::kCrashBonusMax);
      read_whole(c, "recoverAfter", false, 1, limits::kCrashRecoverAfterMax);
      // A spent or recovered number goes back to the base, which would crash it again at once.
      if (base && *base <= at)
        r.error(Code::OutOfRange, "base", "the base is what a number goes back to, so it is above {}", at);
    }
  }

  void read_attack_roll(ObjectReader& r, bool pooled) {
    const bj::value* v = r.get("attackRoll");
    if (pooled && v != nullptr)
      r.error(Code::ConflictingKeys, "attackRoll", "a \"dice-pool\" fight throws pools, so it rolls no attack dice");
    if (!pooled && v == nullptr)
      r.error(Code::MissingKey, "attackRoll",
              "an \"attack-vs-defense\" fight says what an attack rolls (`attackRoll`)");
    if (v == nullptr) return;
    ObjectReader a(*v, r.at("attackRoll"), "combat `attackRoll`", d_);
    if (!a.ok()) return;
    Combat::AttackRoll roll;
    roll.dice = dice(a, "dice", true).value_or(CombatDice{});
    roll.advantage = a.boolean("advantage").value_or(false);
    if (const bj::value* naturals = a.get("naturals")) {
      ObjectReader n(*naturals, a.at("naturals"), "combat attackRoll `naturals`", d_);
      using Roll = Combat::AttackRoll;
      roll.natural_max = n.choice("max", false, Roll::kNaturalMax).value_or(Roll::NaturalMax::None);
      roll.natural_min = n.choice("min", false, Roll::kNaturalMin).value_or(Roll::NaturalMin::None);
      // An extreme face is only a face when one die was thrown.
      if (roll.dice.count != 1 &&
          (roll.natural_max != Roll::NaturalMax::None || roll.natural_min != Roll::NaturalMin::None)) {
        a.error(Code::BadValue, "naturals", "natural results need a single die; with several dice use none");
      }
    }
    roll.critical =
        a.choice("critical", false, Combat::AttackRoll::kCriticals).value_or(Combat::AttackRoll::Critical::None);
    c_.attack_roll = roll;
  }

  void read_pool(ObjectReader& r, bool pooled) {
    const bj::value* v = r.get("pool");
    if (pooled && v == nullptr)
      r.error(Code::MissingKey, "pool", "a \"dice-pool\" fight says how it rolls damage in `pool`");
    if (!pooled && v != nullptr) r.error(Code::ConflictingKeys, "pool", "`pool` is for a \"dice-pool\" fight");
    if (v == nullptr) return;
    ObjectReader p(*v, r.at("pool"), "combat `pool`", d_);
    if (!p.ok()) return;
    Combat::Pool pool;
    pool.advantage = p.boolean("advantage").value_or(false);
    pool.damage_target = read_whole(p, "damageTarget", false, 2, limits::kDamageTargetMax);
    // A damage die counts at `damageTarget`, so a face the resolution's die never shows counts nothing.
    if (pool.damage_target && rs_.resolution.is_pool() && *pool.damage_target > rs_.resolution.pool.sides) {
      p.error(Code::OutOfRange, "damageTarget", "a {}-sided die never reaches {}", rs_.resolution.pool.sides,
              *pool.damage_target);
    }
    if (const bj::value* soak = p.get("soak")) {
      pool.soak = true;
      ObjectReader s(*soak, p.at("soak"), "combat pool `soak`", d_);
      if (!s.boolean("roll") && s.ok() && !s.has("roll")) s.error(Code::MissingKey, "", "`roll` is required");
      read_sheet_ref(s, "all", false, true, rs_, cx_);
      if (const bj::object* by_kind = s.object("byKind", false)) {
        const Track* track = c_.health.kind == CombatHealth::Kind::Track && c_.health.index != kNone
                                 ? &rs_.sheet.tracks[c_.health.index]
                                 : nullptr;
        for (const auto& m : *by_kind) {
          const std::string kp = json::child(s.at("byKind"), m.key());
          if (auto ref = read_ref(m.value(), kp, fmt::format("{} `{}`", s.what(), std::string(m.key())), cx_))
            resolve_sheet_ref(rs_, *ref, s.what(), d_);
          if (track == nullptr || track->kinds.empty()) {
            d_.error(Code::BadValue, kp, "{}: soak by kind needs health to be a wound track with kinds", s.what());
          } else if (std::none_of(track->kinds.begin(), track->kinds.end(),
                                  [&](const WoundKind& k) { return k.id == m.key(); })) {
            d_.error(Code::UnknownReference, kp, "{}: \"{}\" is not a kind of the health track", s.what(),
                     std::string(m.key()));
          }
        }
      }
      if (s.ok() && !s.has("all") && !s.has("byKind"))
        s.error(Code::MissingKey, "", "soak soaks something: `all`, `byKind` or both");
    }
    pool.hardness = read_sheet_ref(p, "hardness", false, true, rs_, cx_);
    if (pool.hardness && !spends_) {
      p.error(Code::BadValue, "hardness",
              "hardness stops a spending blow, so initiative is a number attacks move with a style that spends it");
    }
    c_.pool = pool;
  }

  void read_economy(ObjectReader& r) {
    const bj::value* v = r.get("economy");
    if (v == nullptr) {
      r.error(Code::MissingKey, "", "`economy` is required");
      return;
    }
    ObjectReader e(*v, r.at("economy"), "combat `economy`", d_);
    if (const bj::array* budgets = e.array("budgets", true)) {
      if (budgets->empty()) e.error(Code::TooFew, "budgets", "`budgets` declares at least one");
      check_limit(limits::kCombatBudgets, budgets->size(), e.at("budgets"), "combat budgets", d_);
      for (std::size_t i = 0; i < budgets->size(); ++i) {
        const std::string p = json::child(e.at("budgets"), i);
        ObjectReader b((*budgets)[i], p, entry_name("budget", (*budgets)[i], p), d_);
        if (!b.ok()) continue;
        CombatBudget budget;
        budget.id = b.id("id", true).value_or("");
        budget.label = b.label();
        budget.per = b.choice("per", true, kPeriods).value_or(CombatBudget::Per::Turn);
        budget.count = read_whole(b, "count", false, 1, limits::kBudgetCountMax).value_or(1);
        if (!budget.id.empty() && c_.has_budget(budget.id)) {
          b.error(Code::DuplicateId, "id", "budget `{}` is declared twice", budget.id);
          continue;
        }
        c_.budgets.push_back(std::move(budget));
      }
    }
    c_.movement = read_sheet_ref(e, "movement", false, true, rs_, cx_);
  }

  void read_distance(ObjectReader& r) {
    if (const bj::value* v = r.get("distance")) {
      ObjectReader d(*v, r.at("distance"), "combat `distance`", d_);
      const std::string label = d.prompt_text("label", true, limits::kDistanceLabelLength).value_or("");
      auto per = d.number("perCell", true);
      if (per && *per <= Number()) d.error(Code::OutOfRange, "perCell", "`perCell` is above 0");
      if (d.ok()) c_.distance = std::make_pair(label, per.value_or(Number::of(1)));
    }
    // Measured in cells, so without `distance` a fight could never read them.
    bool told = false;
    for (std::string_view key : {"ranged", "cover", "opportunity"}) {
      if (r.has(key) && !c_.distance && !told) {
        r.error(Code::BadValue, key, "`{}` is measured in cells, so the block declares `distance` too", key);
        told = true;
      }
    }
    if (const bj::value* v = r.get("ranged")) {
      ObjectReader g(*v, r.at("ranged"), "combat `ranged`", d_);
      for (std::string_view key : {"long", "adjacentFoe"}) {
        g.choice(key, false, Combat::kRangedPenalties);
      }
    }
    if (const bj::value* v = r.get("cover")) {
      ObjectReader g(*v, r.at("cover"), "combat `cover`", d_);
      read_whole(g, "bonus", true, 0, limits::kCoverBonusMax);
    }
    if (const bj::value* v = r.get("opportunity")) {
      ObjectReader g(*v, r.at("opportunity"), "combat `opportunity`", d_);
      c_.opportunity_budget = g.id("budget", true).value_or("");
      budget_known(g, "budget", c_.opportunity_budget);
    }
    if (const bj::value* v = r.get("offHand")) {
      ObjectReader g(*v, r.at("offHand"), "combat `offHand`", d_);
      c_.off_hand_budget = g.id("budget", true).value_or("");
      budget_known(g, "budget", c_.off_hand_budget);
      c_.off_hand_penalty_only =
          g.choice("ability", false, Combat::kOffHandAbilities) == Combat::OffHandAbility::PenaltyOnly;
    }
  }

  void read_damage_types(ObjectReader& r) {
    c_.damage_types = read_words(r, "damageTypes", 0, limits::kDamageTypes, limits::kDamageTypeLength);
    std::set<std::string> seen;
    for (std::size_t i = 0; i < c_.damage_types.size(); ++i) {
      // Trimmed and lowered, as every lookup reads a type.
      if (!seen.insert(damage_type_key(c_.damage_types[i])).second) {
        d_.error(Code::DuplicateId, json::child(r.at("damageTypes"), i),
                 "combat: damage type \"{}\" is declared twice (types match without case)", c_.damage_types[i]);
      }
    }
  }

  /// One column of an attack list, held to the type the fight reads out of it.
  void column(ObjectReader& parent, std::string_view key, const List* list, std::initializer_list<ValueType> types,
              Id& out, bool required = false) {
    const bj::value* v = parent.get(key);
    if (v == nullptr) {
      if (required && parent.ok()) parent.error(Code::MissingKey, "", "`{}` is required", key);
      return;
    }
    ObjectReader c(*v, parent.at(key), fmt::format("{} `{}`", parent.what(), key), d_);
    out = c.id("column", true).value_or("");
    check_column(c, "column", list, types, out);
  }

  void check_column(ObjectReader& r, std::string_view key, const List* list, std::initializer_list<ValueType> types,
                    const Id& id) {
    if (list == nullptr || id.empty()) return;
    auto it = list->column_index.find(id);
    if (it == list->column_index.end()) {
      r.error(Code::UnknownReference, key, "list `{}` has no column `{}`", list->id, id);
      return;
    }
    const ValueType type = list->columns[it->second].spec.type;
    if (std::find(types.begin(), types.end(), type) == types.end()) {
      static constexpr std::string_view kNames[] = {"number", "text", "longtext", "enum", "boolean", "dice"};
      std::string wanted;
      for (ValueType t : types) wanted += (wanted.empty() ? "" : " or ") + std::string(kNames[static_cast<int>(t)]);
      r.error(Code::WrongReferenceType, key, "`{}` must name a {} column", id, wanted);
    }
  }

  std::optional<DistanceSource> distance_source(ObjectReader& parent, std::string_view key, const List* list) {
    const bj::value* v = parent.get(key);
    if (v == nullptr) return std::nullopt;
    ObjectReader d(*v, parent.at(key), fmt::format("{} `{}`", parent.what(), key), d_);
    if (!d.ok()) return std::nullopt;
    DistanceSource out;
    if (d.has("column") == d.has("const")) {
      d.error(Code::ConflictingKeys, "", "a distance is {{ \"column\": id }} or {{ \"const\": n }}");
      d.accept("column");
      d.accept("const");
      return std::nullopt;
    }
    if (d.has("column")) {
      out.column = d.id("column", true).value_or("");
      check_column(d, "column", list, {ValueType::Number}, out.column);
    } else if (auto n = d.number("const", true)) {
      if (*n < Number() || *n > Number::of(limits::kDistanceMax))
        d.error(Code::OutOfRange, "const", "a distance is from 0 to {}", limits::kDistanceMax);
      out.constant = *n;
    }
    return out;
  }

  void read_attacks(ObjectReader& r) {
    const bj::array* a = r.array("attacks", false);
    if (a == nullptr) return;
    check_limit(limits::kRowSources, a->size(), r.at("attacks"), "combat.attacks", d_);
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string p = json::child(r.at("attacks"), i);
      ObjectReader e((*a)[i], p, fmt::format("combat.attacks #{}", i + 1), d_);
      if (!e.ok()) continue;
      AttackSource s;
      s.pointer = p;
      s.list = e.id("list", true).value_or("");
      const List* list = nullptr;
      if (auto it = rs_.sheet.list_index.find(s.list); it != rs_.sheet.list_index.end())
        list = &rs_.sheet.lists[it->second];
      else if (!s.list.empty())
        e.error(Code::UnknownReference, "list", "the sheet declares no list `{}`", s.list);
      if (!s.list.empty()) e.rename(fmt::format("combat attacks from list `{}`", s.list));
      s.budget = e.id("budget", true).value_or("");
      budget_known(e, "budget", s.budget);
      s.name = e.id("name", true).value_or("");
      check_column(e, "name", list, {ValueType::Text}, s.name);
      s.reach = distance_source(e, "reach", list);
      if (const bj::value* range = e.get("range")) {
        ObjectReader g(*range, e.at("range"), e.what() + " `range`", d_);
        s.range_normal = distance_source(g, "normal", list);
        if (!g.has("normal") && g.ok()) g.error(Code::MissingKey, "", "`normal` is required");
        s.range_long = distance_source(g, "long", list);
        if (s.range_normal && s.range_long && s.range_normal->constant && s.range_long->constant &&
            *s.range_long->constant < *s.range_normal->constant) {
          g.error(Code::OutOfRange, "long", "the long distance is at least the ordinary one");
        }
      }
      if (!c_.distance) {
        for (std::string_view key : {"reach", "range"}) {
          if (e.has(key))
            e.error(Code::BadValue, key, "`{}` is measured in cells, so the block declares `distance` too", key);
        }
      }
      s.strikes = read_sheet_ref(e, "strikes", false, true, rs_, cx_);
      if (s.strikes && s.strikes->kind == RefKind::Const && s.strikes->constant < Number::of(1)) {
        e.error(Code::OutOfRange, "strikes", "one spend buys at least one strike");
      }
      column(e, "strikesCappedBy", list, {ValueType::Boolean}, s.strikes_capped_by);
      if (e.has("strikesCappedBy") && !e.has("strikes")) {
        e.error(Code::BadValue, "strikesCappedBy",
                "`strikesCappedBy` holds a row to one strike, and this list buys one strike a spend anyway");
      }
      if (const bj::value* to_hit = e.get("toHit")) {
        ObjectReader t(*to_hit, e.at("toHit"), e.what() + " `toHit`", d_);
        column(t, "ability", list, {ValueType::Enum}, s.to_hit_ability);
        if (t.has("skill")) cx_.requirement.use(Gate::CombatEachRound, t.at("skill"));
        column(t, "skill", list, {ValueType::Enum}, s.to_hit_skill);
        column(t, "proficiency", list, {ValueType::Boolean}, s.to_hit_proficiency);
        column(t, "bonus", list, {ValueType::Number}, s.to_hit_bonus);
      }
      if (const bj::value* damage = e.get("damage")) {
        ObjectReader dm(*damage, e.at("damage"), e.what() + " `damage`", d_);
        column(dm, "dice", list, {ValueType::Dice}, s.damage_dice, true);
        column(dm, "ability", list, {ValueType::Enum}, s.damage_ability);
        column(dm, "bonus", list, {ValueType::Number}, s.damage_bonus);
        column(dm, "type", list, {ValueType::Text, ValueType::Enum}, s.damage_type);
      } else {
        e.error(Code::MissingKey, "", "`damage` is required");
      }
      c_.attacks.push_back(std::move(s));
    }
  }

  void read_abilities(ObjectReader& r) {
    const bj::array* a = r.array("abilities", false);
    if (a == nullptr) return;
    check_limit(limits::kRowSources, a->size(), r.at("abilities"), "combat.abilities", d_);
    for (std::size_t i = 0; i < a->size(); ++i) {
      ObjectReader e((*a)[i], json::child(r.at("abilities"), i), fmt::format("combat.abilities #{}", i + 1), d_);
      if (!e.ok()) continue;
      AbilitySource s;
      read_row_source(e, s.rows, rs_);
      s.budget = e.id("budget", true).value_or("");
      budget_known(e, "budget", s.budget);
      s.to_hit = read_sheet_ref(e, "toHit", false, true, rs_, cx_);
      s.save_difficulty = read_sheet_ref(e, "saveDifficulty", false, true, rs_, cx_);
      c_.abilities.push_back(std::move(s));
    }
  }

  void read_standard(ObjectReader& r) {
    if (const bj::array* a = r.array("standard", false)) {
      check_limit(limits::kCombatStandard, a->size(), r.at("standard"), "combat.standard", d_);
      static constexpr std::string_view kActions[] = {"dash", "disengage", "dodge", "help", "hide", "ready"};
      for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string p = json::child(r.at("standard"), i);
        const bj::value& v = (*a)[i];
        if (!v.is_string() ||
            std::find(std::begin(kActions), std::end(kActions), v.get_string()) == std::end(kActions)) {
          d_.error(Code::BadValue, p, "combat: a standard action is dash, disengage, dodge, help, hide or ready");
          continue;
        }
        const std::string action(v.get_string());
        if (std::find(c_.standard.begin(), c_.standard.end(), action) != c_.standard.end()) {
          d_.error(Code::DuplicateId, p, "combat: standard action \"{}\" is listed twice", action);
          continue;
        }
        c_.standard.push_back(action);
      }
    }
    if (const bj::value* v = r.get("standardEffects")) {
      ObjectReader se(*v, r.at("standardEffects"), "combat `standardEffects`", d_);
      if (const bj::value* dodge = se.get("dodge")) {
        ObjectReader dg(*dodge, se.at("dodge"), "combat standardEffects `dodge`", d_);
        if (!dg.has("saves") && dg.ok()) dg.error(Code::MissingKey, "", "`saves` is required");
        c_.dodge_saves = read_ids(dg, "saves", 1, limits::kNarrowSaves);
        if (std::find(c_.standard.begin(), c_.standard.end(), "dodge") == c_.standard.end()) {
          se.error(Code::BadValue, "dodge", "this ruleset has no dodge (in `standard`) for these saves to belong to");
        }
        for (std::size_t i = 0; i < c_.dodge_saves.size(); ++i) {
          expect_known(d_, rs_.sheet.save_index, c_.dodge_saves[i], json::child(dg.at("saves"), i), dg.what(), "save");
        }
      }
    }
  }

  void read_concentration(ObjectReader& r) {
    const bj::value* v = r.get("concentration");
    if (v == nullptr) return;
    c_.concentration = true;
    ObjectReader k(*v, r.at("concentration"), "combat `concentration`", d_);
    // The live text field that records what is being held.
    if (const std::string text = k.id("text", true).value_or(""); !text.empty()) {
      std::vector<std::string> texts;
      for (const LiveText& t : rs_.sheet.texts) texts.push_back(t.id);
      if (std::find(texts.begin(), texts.end(), text) == texts.end()) {
        k.error(Code::UnknownReference, "text", "`text` names no live text field (`live.text`): `{}`{}", text,
                did_you_mean(text, texts));
      }
    }
    expect_known(d_, rs_.sheet.save_index, k.id("save", true).value_or(""), k.at("save"), k.what(), "save");
    read_whole(k, "floor", true, 0, limits::kConcentrationFloorMax);
    if (auto share = k.number("fromDamage", true); share && (*share <= Number() || *share > Number::of(1))) {
      k.error(Code::OutOfRange, "fromDamage", "`fromDamage` is a share above 0 and at most 1");
    }
  }

  void read_dying(ObjectReader& r) {
    const bj::value* v = r.get("dying");
    if (v == nullptr) return;
    c_.dying = true;
    ObjectReader k(*v, r.at("dying"), "combat `dying`", d_);
    if (!k.ok()) return;
    k.choice("kind", true, Combat::Dying::kKinds);
    const Sheet& s = rs_.sheet;
    Id counted[2];
    for (int i = 0; i < 2; ++i) {
      const std::string_view key = i == 0 ? "successes" : "failures";
      counted[i] = k.id(key, true).value_or("");
      auto it = s.track_index.find(counted[i]);
      if (counted[i].empty()) continue;
      if (it == s.track_index.end()) {
        k.error(Code::UnknownReference, key, "the sheet declares no track `{}`", counted[i]);
        continue;
      }
      const Track& track = s.tracks[it->second];
      // These count rolls by number; a wound track is marked with kinds instead.
      if (track.wound) {
        k.error(Code::WrongReferenceType, key, "`{}` is a wound track, not a counter", counted[i]);
        continue;
      }
      if (track.max.kind != RefKind::Const) {
        k.error(Code::BadTrackMax, key, "`{}` counts death saves, so its max is a number rather than the sheet's",
                counted[i]);
      } else if (track.max.constant <= track.min || track.max.constant < Number::of(1)) {
        k.error(Code::BadTrackMax, key, "`{}` counts death saves, so its max is at least 1 and above its min",
                counted[i]);
      }
      if (track.hide_when) k.error(Code::BadValue, key, "`{}` counts death saves, so it cannot be hidden", counted[i]);
    }
    if (!counted[0].empty() && counted[0] == counted[1]) {
      k.error(Code::ConflictingKeys, "failures", "successes and failures are counted on two different tracks");
    }
    const auto rolled = dice(k, "dice", true);
    read_whole(k, "succeedAt", true, 1, limits::kDyingSucceedAtMax);
    if (const bj::value* naturals = k.get("naturals")) {
      ObjectReader n(*naturals, k.at("naturals"), "combat dying `naturals`", d_);
      using Dying = Combat::Dying;
      const auto max = n.choice("max", false, Dying::kNaturalMax).value_or(Dying::NaturalMax::None);
      const auto min = n.choice("min", false, Dying::kNaturalMin).value_or(Dying::Marks::None);
      if (rolled && rolled->count != 1 && (max != Dying::NaturalMax::None || min != Dying::Marks::None)) {
        k.error(Code::BadValue, "naturals", "natural results need a single die; with several dice use none");
      }
    }
    k.choice("damageWhileDown", false, Combat::Dying::kWhileDown);
    k.choice("criticalWhileDown", false, Combat::Dying::kWhileDown);
    const Id condition = k.id("condition", false).value_or("");
    expect_known(d_, s.condition_index, condition, k.at("condition"), k.what(), "condition");
  }

  void read_damage_kinds(ObjectReader& r) {
    const bj::value* v = r.get("damageKinds");
    const bool track = c_.health.kind == CombatHealth::Kind::Track;
    const Track* health = track && c_.health.index != kNone ? &rs_.sheet.tracks[c_.health.index] : nullptr;
    if (v == nullptr) {
      if (health != nullptr) {
        r.error(Code::MissingKey, "damageKinds",
                "health is the wound track `{}`, so the block says what kind of harm its damage is (`damageKinds`)",
                health->id);
      }
      return;
    }
    if (!track && !c_.health.id.empty()) {
      r.error(
          Code::BadValue, "damageKinds",
          "`damageKinds` maps damage onto a wound track's kinds, and health is a pool, which has nowhere to keep one");
    }
    ObjectReader k(*v, r.at("damageKinds"), "combat `damageKinds`", d_);
    if (!k.ok()) return;
    Combat::DamageKinds kinds;
    const auto is_kind = [&](const Id& id) {
      return health == nullptr ||
             std::any_of(health->kinds.begin(), health->kinds.end(), [&](const WoundKind& w) { return w.id == id; });
    };
    kinds.fallback = k.id("default", true).value_or("");
    if (!kinds.fallback.empty() && !is_kind(kinds.fallback))
      k.error(Code::UnknownReference, "default", "\"{}\" is not a kind of `{}`", kinds.fallback, health->id);
    if (const bj::object* by_type = k.object("byType", false)) {
      std::set<std::string> mapped;
      for (const auto& m : *by_type) {
        const std::string p = json::child(k.at("byType"), m.key());
        const std::string type(m.key());
        if (!mapped.insert(damage_type_key(type)).second) {
          d_.error(Code::DuplicateId, p, "{}: damage type \"{}\" is mapped twice (types match without case)", k.what(),
                   type);
          continue;
        }
        if (!c_.knows_damage_type(type))
          d_.error(Code::UnknownReference, p, "{}: `combat.damageTypes` has no \"{}\"", k.what(), type);
        if (!m.value().is_string()) {
          d_.error(Code::WrongType, p, "{}: a damage type maps onto a kind id", k.what());
          continue;
        }
        const Id kind(m.value().get_string());
        if (!is_kind(kind))
          d_.error(Code::UnknownReference, p, "{}: \"{}\" is not a kind of `{}`", k.what(), kind, health->id);
        kinds.by_type.emplace(type, kind);
      }
    }
    kinds.per_point = k.choice("marks", true, Combat::DamageKinds::kMarks) == Combat::DamageKinds::Marks::PerPoint;
    c_.damage_kinds = kinds;
  }

  void read_threat(ObjectReader& r) {
    const bj::value* v = r.get("threat");
    if (v == nullptr) return;
    ObjectReader t(*v, r.at("threat"), "combat `threat`", d_);
    const bj::array* tiers = t.array("tiers", true);
    if (tiers == nullptr) return;
    if (tiers->empty()) t.error(Code::TooFew, "tiers", "`tiers` lists at least one");
    check_limit(limits::kThreatTiers, tiers->size(), t.at("tiers"), "combat threat tiers", d_);
    UniqueIds ids{"threat tier"};
    for (std::size_t i = 0; i < tiers->size(); ++i) {
      const std::string p = json::child(t.at("tiers"), i);
      ObjectReader e((*tiers)[i], p, entry_name("threat tier", (*tiers)[i], p), d_);
      if (!e.ok()) continue;
      ThreatTier tier;
      tier.id = e.id("id", true).value_or("");
      tier.label = e.label();
      ids.add(tier.id, e.at("id"), d_);
      band(e, "health", 1, limits::kThreatHealthMax, tier.health_low, tier.health_high);
      band(e, "damagePerRound", 0, limits::kThreatDamagePerRoundMax, tier.damage_low, tier.damage_high);
      tier.defense = read_whole(e, "defense", true, 0, limits::kThreatDefenseMax).value_or(0);
      tier.to_hit = read_whole(e, "toHit", true, limits::kThreatToHitMin, limits::kThreatToHitMax).value_or(0);
      tier.save_difficulty = read_whole(e, "saveDifficulty", true, 0, limits::kThreatSaveDifficultyMax).value_or(0);
      c_.threat.push_back(std::move(tier));
    }
  }

  /// `[lowest, highest]`, each whole within [min, max], the lowest not above the highest.
  void band(ObjectReader& e, std::string_view key, std::int64_t min, std::int64_t max, std::int64_t& low,
            std::int64_t& high) {
    const bj::array* a = e.array(key, true);
    if (a == nullptr) return;
    std::int64_t out[2] = {0, 0};
    if (a->size() != 2) {
      e.error(Code::BadValue, key, "`{}` is [lowest, highest]", key);
      return;
    }
    for (std::size_t i = 0; i < 2; ++i) {
      auto n = (*a)[i].is_number() ? to_number((*a)[i]) : std::nullopt;
      if (!n || !n->is_integer() || *n < Number::of(min) || *n > Number::of(max)) {
        d_.error(Code::OutOfRange, json::child(e.at(key), i), "{}: `{}` holds whole numbers from {} to {}", e.what(),
                 key, min, max);
        return;
      }
      out[i] = n->whole();
    }
    if (out[0] > out[1])
      d_.error(Code::OutOfRange, json::child(e.at(key), 0), "{}: the lowest {} is above the highest", e.what(), key);
    low = out[0];
    high = out[1];
  }

  void read_spend_limits(ObjectReader& r) {
    const bj::array* a = r.array("spendLimits", false);
    if (a == nullptr) return;
    cx_.requirement.use(Gate::CombatEachRound, r.at("spendLimits"));
    if (a->empty()) r.error(Code::TooFew, "spendLimits", "`spendLimits` lists at least one");
    check_limit(limits::kSpendLimits, a->size(), r.at("spendLimits"), "combat.spendLimits", d_);
    std::set<Id> limited;
    for (std::size_t i = 0; i < a->size(); ++i) {
      ObjectReader e((*a)[i], json::child(r.at("spendLimits"), i), fmt::format("combat.spendLimits #{}", i + 1), d_);
      if (!e.ok()) continue;
      Combat::SpendLimit limit;
      limit.pool = e.id("pool", true).value_or("");
      expect_pool(e, "pool", limit.pool, rs_);
      if (!limit.pool.empty() && !limited.insert(limit.pool).second)
        e.error(Code::DuplicateId, "pool", "`{}` is limited twice", limit.pool);
      if (auto max = read_sheet_ref(e, "max", true, true, rs_, cx_)) limit.max = *max;
      limit.per = e.choice("per", true, kPeriods).value_or(CombatBudget::Per::Turn);
      c_.spend_limits.push_back(std::move(limit));
    }
  }

  Combat& c_;
  Ruleset& rs_;
  ReadContext& cx_;
  Diagnostics& d_;
  bool spends_ = false;  ///< initiative has a style that spends it (hardness stops such a blow)
};

}  // namespace

void read_combat(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx) {
  ObjectReader r(v, pointer, "combat", cx.diagnostics);
  if (!r.ok()) return;
  auto combat = std::make_shared<Combat>();
  combat->pointer = pointer;
  CombatReader(*combat, ruleset, cx).read(r);
  ruleset.combat = std::move(combat);
}

}  // namespace detail
}  // namespace rk
