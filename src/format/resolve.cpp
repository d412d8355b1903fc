// The "resolve" pass of compiling (read_ruleset.cpp): every id reference is checked and turned
// into an index, and the rules that need the whole ruleset run. The dependency-graph rules are in graph.cpp.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "json/document.hpp"

namespace rk::detail {

void check_dependencies(Ruleset& ruleset, Diagnostics& diagnostics);  // graph.cpp
void check_item_stat_ref(const Ruleset& ruleset, const Ref& ref, std::string_view owner,
                         Diagnostics& diagnostics);  // read_items.cpp

namespace {

template <typename Map>
std::vector<std::string> keys_of(const Map& map) {
  std::vector<std::string> keys;
  keys.reserve(map.size());
  for (const auto& [k, v] : map) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::string_view type_name(ValueType t) {
  switch (t) {
    case ValueType::Number:
      return "number";
    case ValueType::Text:
      return "text";
    case ValueType::Longtext:
      return "longtext";
    case ValueType::Enum:
      return "enum";
    case ValueType::Boolean:
      return "boolean";
    case ValueType::Dice:
      return "dice";
  }
  return "value";
}

/// Whether `v` has the type `spec` holds (and, for an enum, is one of its values), range and
/// length aside: what an `equals` comparison is held to (SH-15).
bool holds_type(const ValueSpec& spec, const Scalar& v) {
  switch (spec.type) {
    case ValueType::Number:
      return std::holds_alternative<Number>(v.value);
    case ValueType::Boolean:
      return std::holds_alternative<bool>(v.value);
    case ValueType::Enum:
      return spec.accepts(v);
    default:
      return std::holds_alternative<std::string>(v.value);
  }
}

/// Where a formula is written decides what it may read (SH-111).
enum class Scope : std::uint8_t { Character, Party };

class Resolver {
 public:
  Resolver(Ruleset& ruleset, Diagnostics& diagnostics) : rs_(ruleset), sheet_(ruleset.sheet), d_(diagnostics) {}

  void run() {
    index();
    for (auto& ability : sheet_.abilities) resolve_ability(ability);
    for (auto& skill : sheet_.skills) resolve_check(skill, "skill");
    for (auto& save : sheet_.saves) resolve_check(save, "save");
    for (auto& field : sheet_.fields) resolve_hide(field.hide_when, "field", field.id, Scope::Character);
    resolve_reference_sheet();
    for (auto& list : sheet_.lists) resolve_list(list, Scope::Character);
    for (auto& derived : sheet_.derived) resolve_derived(derived);
    for (auto& pool : sheet_.pools) resolve_pool(pool, Scope::Character);
    for (auto& track : sheet_.tracks) resolve_track(track);
    for (auto& state : sheet_.states) resolve_hide(state.hide_when, "live state", state.id, Scope::Character);
    for (auto& rest : sheet_.rests) resolve_rest(rest);
    resolve_resolution();
    if (sheet_.advancement) resolve_advancement(*sheet_.advancement, Scope::Character);
    if (rs_.gm.sheet_summary) resolve_summary(*rs_.gm.sheet_summary, Scope::Character);
    if (rs_.party) resolve_party(*rs_.party);
    check_dependencies(rs_, d_);
  }

  /// For Refs read after the sheet is resolved (catalog `scaled`, borrowed `refs`).
  void resolve_character_ref(Ref& ref, std::string_view owner) { resolve_ref(ref, owner, Scope::Character); }

 private:
  void index() {
    index_ids(sheet_.sections, sheet_.section_index, "section", d_);
    index_ids(sheet_.abilities, sheet_.ability_index, "ability", d_);
    index_ids(sheet_.skills, sheet_.skill_index, "skill", d_);
    index_ids(sheet_.saves, sheet_.save_index, "save", d_);
    index_ids(sheet_.fields, sheet_.field_index, "field", d_);
    index_ids(sheet_.lists, sheet_.list_index, "list", d_);
    index_ids(sheet_.derived, sheet_.derived_index, "derived value", d_);
    index_ids(sheet_.pools, sheet_.pool_index, "pool", d_);
    index_ids(sheet_.tracks, sheet_.track_index, "track", d_);
    index_ids(sheet_.states, sheet_.state_index, "live state", d_);
    index_ids(sheet_.conditions, sheet_.condition_index, "condition", d_);
    index_ids(rs_.resolution.tiers, sheet_.tier_index, "proficiency tier", d_);
    // The party is indexed first so a character formula naming a party field is reported as a
    // cross read (SH-111), not as an unknown field.
    if (rs_.party) index_party(*rs_.party);
    for (auto& list : sheet_.lists) index_ids(list.columns, list.column_index, "column of list `" + list.id + "`", d_);
    // Rests are not looked up by id here, but an id names one rest: one error per repeat, found
    // in one pass (a quadratic scan reported every pair).
    std::unordered_map<Id, std::size_t> rest_index;
    index_ids(sheet_.rests, rest_index, "rest", d_);
    index_ids(sheet_.texts, sheet_.live_text_index, "live text", d_);
    // A pool and a track are both named by the sheet command, so one id names one of them.
    for (const Pool& pool : sheet_.pools) {
      if (const auto it = sheet_.track_index.find(pool.id); it != sheet_.track_index.end()) {
        d_.error(Code::DuplicateId, json::child(pool.pointer, "id"),
                 "pool `{}` has the id of track #{}; pools and tracks share one namespace", pool.id, it->second + 1);
      }
    }
    // SH-3: a skill or save always has a first (untrained) tier: the reader requires one in a
    // `resolution` block, and an absent block has one.
  }

  void unknown(const std::string& pointer, std::string_view owner, std::string_view kind, const std::string& id,
               const std::vector<std::string>& candidates) {
    d_.error(Code::UnknownReference, pointer, "{}: unknown {} `{}`{}", owner, kind, id, did_you_mean(id, candidates));
  }

  /// The kind of sheet entry (other than the index `wanted`) that `id` names, if any: a Ref naming a track
  /// where it reads a pool is the wrong kind of reference, not an unknown id (errors.md).
  std::optional<std::string_view> sheet_kind_of(const std::string& id, const void* wanted) const {
    const std::pair<std::string_view, const std::unordered_map<Id, std::size_t>*> kinds[] = {
        {"ability", &sheet_.ability_index},
        {"skill", &sheet_.skill_index},
        {"save", &sheet_.save_index},
        {"field", &sheet_.field_index},
        {"derived value", &sheet_.derived_index},
        {"pool", &sheet_.pool_index},
        {"track", &sheet_.track_index},
        {"list", &sheet_.list_index},
        {"live state", &sheet_.state_index}};
    bool sheet_kind = false;
    for (const auto& [name, index] : kinds) sheet_kind = sheet_kind || index == wanted;
    if (!sheet_kind) return std::nullopt;  // a column, a group …: its own namespace
    for (const auto& [name, index] : kinds) {
      if (index != wanted && index->contains(id)) return name;
    }
    return std::nullopt;
  }

  template <typename Map>
  std::size_t find(const Map& map, const std::string& id, const std::string& pointer, std::string_view owner,
                   std::string_view kind) {
    if (auto it = map.find(id); it != map.end()) return it->second;
    if (const auto other = sheet_kind_of(id, static_cast<const void*>(&map))) {
      d_.error(Code::WrongReferenceType, pointer, "{}: `{}` is a {} of the sheet, and this reference reads a {}", owner,
               id, *other, kind);
    } else {
      unknown(pointer, owner, kind, id, keys_of(map));
    }
    return kNone;
  }

  // ------------------------------------------------------------------------------------------
  // Value references.

  void resolve_ref(Ref& ref, std::string_view owner, Scope scope) {
    const std::string p = ref.pointer;
    if (scope == Scope::Party) {
      // SH-110, SH-111: party formulas read constants and numeric party fields only.
      if (ref.kind == RefKind::Const) return;
      if (ref.kind != RefKind::Field) {
        d_.error(Code::PartyCrossRead, p, "{}: a party formula reads only `const` or a numeric party field (SH-110)",
                 owner);
        return;
      }
      const Party& party = *rs_.party;
      auto it = party.field_index.find(ref.target);
      if (it == party.field_index.end()) {
        if (sheet_.field_index.contains(ref.target)) {
          d_.error(Code::PartyCrossRead, p, "{}: `{}` is a character field; party formulas cannot read it (SH-111)",
                   owner, ref.target);
        } else {
          unknown(p, owner, "party field", ref.target, keys_of(party.field_index));
        }
        return;
      }
      if (!party.fields[it->second].spec.is_numeric()) {
        d_.error(Code::WrongReferenceType, p, "{}: party field `{}` is not a number", owner, ref.target);
        return;
      }
      ref.index = it->second;
      return;
    }
    switch (ref.kind) {
      case RefKind::Const:
        return;
      case RefKind::Field: {
        auto it = sheet_.field_index.find(ref.target);
        if (it == sheet_.field_index.end()) {
          if (rs_.party && rs_.party->field_index.contains(ref.target)) {
            d_.error(Code::PartyCrossRead, p, "{}: `{}` is a party field; character formulas cannot read it (SH-111)",
                     owner, ref.target);
          } else {
            unknown(p, owner, "field", ref.target, keys_of(sheet_.field_index));
          }
          return;
        }
        // Reference format: a `field` reference reads a number field, nothing else.
        const ValueType t = sheet_.fields[it->second].spec.type;
        if (t != ValueType::Number) {
          d_.error(Code::WrongReferenceType, p,
                   "{}: field `{}` is {}, and a `field` reference reads number fields only", owner, ref.target,
                   type_name(t));
          return;
        }
        ref.index = it->second;
        return;
      }
      case RefKind::Derived:
        ref.index = find(sheet_.derived_index, ref.target, p, owner, "derived value");
        return;
      case RefKind::AbilityScore:
      case RefKind::AbilityMod:
        ref.index = find(sheet_.ability_index, ref.target, p, owner, "ability");
        return;
      case RefKind::AbilityModFromField: {
        const std::size_t f = find(sheet_.field_index, ref.target, p, owner, "field");
        if (f == kNone) return;
        const Field& field = sheet_.fields[f];
        if (field.spec.type != ValueType::Enum) {
          d_.error(Code::WrongReferenceType, p,
                   "{}: `abilityModFromField` reads an enum field of ability ids; `{}` is {}", owner, ref.target,
                   type_name(field.spec.type));
          return;
        }
        // Reference format: a value that is not an ability id (such as "none") reads as 0.
        ref.index = f;
        return;
      }
      case RefKind::SkillMod:
        ref.index = find(sheet_.skill_index, ref.target, p, owner, "skill");
        return;
      case RefKind::SaveMod:
        ref.index = find(sheet_.save_index, ref.target, p, owner, "save");
        return;
      case RefKind::LivePool:
        ref.index = find(sheet_.pool_index, ref.target, p, owner, "pool");
        return;
      case RefKind::LiveTrack:
        ref.index = find(sheet_.track_index, ref.target, p, owner, "track");
        if (ref.index != kNone && ref.track_read == Ref::TrackRead::Penalty && !sheet_.tracks[ref.index].wound) {
          d_.error(Code::BadValue, json::child(p, "read"),
                   "{}: track `{}` has no levels or boxes, so it has no penalty to read", owner, ref.target);
        }
        return;
      case RefKind::ItemStat:
        // It reads the items the character holds, checked against the root `items` block; the
        // sheet's own reads wait for the block (check_sheet_item_stat_refs).
        if (rs_.items != nullptr) check_item_stat_ref(rs_, ref, owner, d_);
        return;
      case RefKind::ListSum: {
        const std::string lp = json::child(json::child(p, "listSum"), "list");
        ref.index = find(sheet_.list_index, ref.list, lp, owner, "list");
        if (ref.index == kNone) return;
        const List& list = sheet_.lists[ref.index];
        if (!ref.count) {
          const std::string cp = json::child(json::child(p, "listSum"), "column");
          ref.column_index = find(list.column_index, ref.column, cp, owner, "column of list `" + list.id + "`");
          if (ref.column_index != kNone && !list.columns[ref.column_index].spec.is_numeric()) {
            d_.error(Code::WrongReferenceType, cp, "{}: column `{}` of list `{}` is not a number", owner, ref.column,
                     list.id);
            ref.column_index = kNone;
          }
        }
        if (!ref.only_when.empty()) {
          const std::string op = json::child(json::child(p, "listSum"), "onlyWhen");
          ref.only_when_index = find(list.column_index, ref.only_when, op, owner, "column of list `" + list.id + "`");
          if (ref.only_when_index != kNone && list.columns[ref.only_when_index].spec.type != ValueType::Boolean) {
            d_.error(Code::WrongReferenceType, op, "{}: `onlyWhen` names a boolean column; `{}` of list `{}` is {}",
                     owner, ref.only_when, list.id, type_name(list.columns[ref.only_when_index].spec.type));
            ref.only_when_index = kNone;
          }
        }
        if (ref.where) {
          const std::string wp = json::child(json::child(p, "listSum"), "where");
          ref.where->column_index = find(list.column_index, ref.where->column, json::child(wp, "column"), owner,
                                         "column of list `" + list.id + "`");
          if (ref.where->column_index != kNone &&
              !list.columns[ref.where->column_index].spec.accepts(ref.where->equals)) {
            d_.error(Code::BadValue, json::child(wp, "equals"), "{}: column `{}` can never hold {}", owner,
                     ref.where->column, scalar_to_string(ref.where->equals));
          }
        }
        return;
      }
    }
  }

  // SH-12..SH-16: the field exists and every compared value is one it can hold.
  void resolve_hide(std::optional<HideWhen>& hide, std::string_view kind, const std::string& id, Scope scope) {
    if (!hide) return;
    const std::string owner = fmt::format("{} `{}`", kind, id);
    const std::vector<Field>* fields = &sheet_.fields;
    const std::unordered_map<Id, std::size_t>* index = &sheet_.field_index;
    if (scope == Scope::Party) {
      fields = &rs_.party->fields;
      index = &rs_.party->field_index;
    }
    auto it = index->find(hide->field);
    if (it == index->end()) {
      if (scope == Scope::Party && sheet_.field_index.contains(hide->field)) {
        d_.error(Code::PartyCrossRead, json::child(hide->pointer, "field"),
                 "{}: on the party sheet `hideWhen` names only party fields (SH-112)", owner);
      } else {
        unknown(json::child(hide->pointer, "field"), owner, scope == Scope::Party ? "party field" : "field",
                hide->field, keys_of(*index));
      }
      return;
    }
    hide->field_index = it->second;
    const ValueSpec& spec = (*fields)[it->second].spec;
    const std::string_view key = hide->op == HideWhen::Op::Equals      ? "equals"
                                 : hide->op == HideWhen::Op::NotEquals ? "notEquals"
                                                                       : "in";
    for (std::size_t i = 0; i < hide->values.size(); ++i) {
      if (spec.accepts(hide->values[i])) continue;
      // SH-15: only `notEquals` and `in` hold a value to a number's range and a text's length.
      if (hide->op == HideWhen::Op::Equals && holds_type(spec, hide->values[i])) continue;
      const std::string p = hide->op == HideWhen::Op::In ? json::child(json::child(hide->pointer, key), i)
                                                         : json::child(hide->pointer, key);
      d_.error(Code::HideValueInvalid, p,
               "{}: `hideWhen` compares `{}` with {}, which that {} field can never hold (SH-15)", owner, hide->field,
               scalar_to_string(hide->values[i]), type_name(spec.type));
    }
  }

  // Reference format: sections of fields, lists and derived values; row pools; the tiers the
  // editor offers; ids that must not be shared between kinds.
  void resolve_reference_sheet() {
    auto section_of = [&](const Id& section, const std::string& pointer, const std::string& owner) {
      return section.empty() ? kNone
                             : find(sheet_.section_index, section, json::child(pointer, "section"), owner, "section");
    };
    for (auto& field : sheet_.fields)
      field.section_index = section_of(field.section, field.pointer, "field `" + field.id + "`");
    for (auto& list : sheet_.lists) {
      const std::string owner = "list `" + list.id + "`";
      list.section_index = section_of(list.section, list.pointer, owner);
      if (list.pools) resolve_row_pools(list, *list.pools, owner);
    }
    for (auto& derived : sheet_.derived) {
      const std::string owner = "derived value `" + derived.id + "`";
      derived.section_index = section_of(derived.section, derived.pointer, owner);
      if (sheet_.field_index.contains(derived.id)) {
        d_.error(Code::DuplicateId, json::child(derived.pointer, "id"), "{}: `{}` is already a field id", owner,
                 derived.id);
      }
    }
    for (const auto& save : sheet_.saves) {
      if (sheet_.skill_index.contains(save.id)) {
        d_.error(Code::DuplicateId, json::child(save.pointer, "id"),
                 "save `{}`: `{}` is already a skill id, and a check request must name one thing", save.id, save.id);
      }
    }
    for (auto [key, tiers] :
         {std::pair{"skillTiers", &sheet_.skill_tiers}, std::pair{"saveTiers", &sheet_.save_tiers}}) {
      for (std::size_t i = 0; i < tiers->size(); ++i) {
        find(sheet_.tier_index, (*tiers)[i], json::child(json::child("/sheet", key), i), fmt::format("`sheet.{}`", key),
             "proficiency tier");
      }
    }
  }

  void resolve_row_pools(const List& list, List::RowPools& pools, const std::string& owner) {
    const std::string base = json::child(list.pointer, "pools");
    auto column = [&](const Id& id, std::string_view key, ValueType type, std::size_t& index) {
      const std::string p = json::child(base, key);
      index = find(list.column_index, id, p, owner + " `pools`", "column of list `" + list.id + "`");
      if (index != kNone && list.columns[index].spec.type != type) {
        d_.error(Code::WrongReferenceType, p, "{}: `pools.{}` names a {} column; `{}` is {}", owner, key,
                 type_name(type), id, type_name(list.columns[index].spec.type));
        index = kNone;
      }
    };
    column(pools.name_column, "nameColumn", ValueType::Text, pools.name_index);
    column(pools.max_column, "maxColumn", ValueType::Number, pools.max_index);
    if (!pools.recharge_column.empty())
      column(pools.recharge_column, "rechargeColumn", ValueType::Enum, pools.recharge_index);
  }

  void resolve_ability(Ability& ability) {
    const std::string owner = fmt::format("ability `{}`", ability.id);
    if (!ability.section.empty()) {
      ability.section_index =
          find(sheet_.section_index, ability.section, json::child(ability.pointer, "section"), owner, "section");
    }
    for (auto& ref : ability.value) resolve_ref(ref, owner, Scope::Character);
  }

  void resolve_check(Check& check, std::string_view kind) {
    const std::string owner = fmt::format("{} `{}`", kind, check.id);
    if (!check.ability.empty()) {
      check.ability_index =
          find(sheet_.ability_index, check.ability, json::child(check.pointer, "ability"), owner, "ability");
    }
    if (!check.section.empty()) {
      check.section_index =
          find(sheet_.section_index, check.section, json::child(check.pointer, "section"), owner, "section");
    }
    if (check.cap) resolve_ref(*check.cap, owner + " `cap`", Scope::Character);
  }

  void resolve_list(List& list, Scope scope) {
    resolve_hide(list.hide_when, scope == Scope::Party ? "party list" : "list", list.id, scope);
    for (auto& column : list.columns) {
      if (!column.computed()) continue;
      const std::string owner = fmt::format("list `{}` column `{}`", list.id, column.id);
      for (std::size_t i = 0; i < column.sum.size(); ++i) {
        const std::string p = json::child(json::child(column.pointer, "sum"), i);
        const std::size_t c = find(list.column_index, column.sum[i], p, owner, "column of list `" + list.id + "`");
        if (c == kNone) continue;
        const Column& term = list.columns[c];
        if (term.id == column.id) {
          d_.error(Code::BadComputedColumn, p, "{}: a computed column cannot sum itself", owner);
        } else if (term.computed()) {
          d_.error(Code::BadComputedColumn, p,
                   "{}: `{}` is itself computed; a computed column never sums another (BB-129)", owner, term.id);
        } else if (!term.spec.is_numeric()) {
          d_.error(Code::BadComputedColumn, p, "{}: `{}` is not a number column", owner, term.id);
        } else {
          column.sum_indices.push_back(c);
        }
      }
    }
  }

  void resolve_derived(Derived& derived) {
    const std::string owner = fmt::format("derived value `{}`", derived.id);
    resolve_hide(derived.hide_when, "derived value", derived.id, Scope::Character);
    for (auto& ref : derived.of) resolve_ref(ref, owner, Scope::Character);
    // The reference works the sheet out top to bottom: a derived value reads only those declared
    // above it, which also makes a cycle among them impossible to write.
    const std::size_t own = static_cast<std::size_t>(&derived - sheet_.derived.data());
    for (std::size_t i = 0; i < derived.of.size(); ++i) {
      const Ref& ref = derived.of[i];
      if (ref.kind != RefKind::Derived || ref.index == kNone || ref.index < own) continue;
      d_.error(Code::ReadsDerivedBelow, ref.pointer,
               "{}: reads derived value `{}`, {}; a derived value reads only those declared above it", owner,
               ref.target, ref.index == own ? "itself" : "which is declared below it");
    }
    if (derived.op != Derived::Op::EnumTable || derived.source_id.empty()) return;
    const std::string sp = json::child(json::child(derived.pointer, "from"),
                                       derived.source == Derived::Source::Field ? "field" : "liveState");
    const std::vector<Id>* values = nullptr;
    if (derived.source == Derived::Source::Field) {
      derived.source_index = find(sheet_.field_index, derived.source_id, sp, owner, "field");
      if (derived.source_index == kNone) return;
      const Field& field = sheet_.fields[derived.source_index];
      if (field.spec.type != ValueType::Enum) {
        d_.error(Code::WrongReferenceType, sp, "{}: `enumTable` reads an enum field; `{}` is {}", owner, field.id,
                 type_name(field.spec.type));
        derived.source_index = kNone;
        return;
      }
      values = &field.spec.values;
    } else {
      derived.source_index = find(sheet_.state_index, derived.source_id, sp, owner, "live state");
      if (derived.source_index == kNone) return;
      values = &sheet_.states[derived.source_index].values;
    }
    for (const auto& [value, number] : derived.table) {
      if (std::find(values->begin(), values->end(), value) == values->end()) {
        d_.error(Code::BadEnumTable, json::child(json::child(derived.pointer, "table"), value),
                 "{}: `table` names `{}`, which `{}` never holds{}", owner, value, derived.source_id,
                 did_you_mean(value, *values));
      }
    }
  }

  void resolve_pool(Pool& pool, Scope scope) {
    const std::string owner = fmt::format("{} `{}`", scope == Scope::Party ? "party pool" : "pool", pool.id);
    resolve_ref(pool.max, owner + " `max`", scope);
    if (pool.start_from) resolve_ref(*pool.start_from, owner + " `startFrom`", scope);
    if (pool.level) resolve_ref(*pool.level, owner + " `level`", scope);
    resolve_hide(pool.hide_when, scope == Scope::Party ? "party pool" : "pool", pool.id, scope);
    const std::vector<Pool>& pools = scope == Scope::Party ? rs_.party->pools : sheet_.pools;
    for (std::size_t i = 0; i < pool.pays.size(); ++i) {
      const std::string p = json::child(json::child(pool.pointer, "pays"), i);
      if (pool.pays[i] == pool.group) {
        d_.error(Code::BadValue, p, "{}: `pays` names other groups; `{}` is its own (CA-85)", owner, pool.group);
      } else if (std::none_of(pools.begin(), pools.end(), [&](const Pool& q) { return q.group == pool.pays[i]; })) {
        d_.error(Code::UnknownReference, p, "{}: no pool belongs to group `{}`", owner, pool.pays[i]);
      }
    }
  }

  void resolve_track(Track& track) {
    const std::string owner = fmt::format("track `{}`", track.id);
    resolve_ref(track.max, owner + " `max`", Scope::Character);
    if (track.start_from) resolve_ref(*track.start_from, owner + " `startFrom`", Scope::Character);
    resolve_hide(track.hide_when, "track", track.id, Scope::Character);
    if (!track.extra) return;
    Track::Extra& x = *track.extra;
    const std::string ep = json::child(track.pointer, "extra");
    x.list_index = find(sheet_.list_index, x.list, json::child(ep, "list"), owner, "list");
    if (x.list_index == kNone) return;
    const List& list = sheet_.lists[x.list_index];
    x.count_index = find(list.column_index, x.count_column, json::child(ep, "countColumn"), owner,
                         "column of list `" + list.id + "`");
    x.penalty_index = find(list.column_index, x.penalty_column, json::child(ep, "penaltyColumn"), owner,
                           "column of list `" + list.id + "`");
    if (x.count_index != kNone) {
      const ValueSpec& spec = list.columns[x.count_index].spec;
      // SH-60: at most 16 levels a row; the column's bounds enforce it on every sheet.
      if (!spec.is_numeric() || !spec.integer || spec.min < Number::of(0) ||
          spec.max > Number::of(limits::kExtraLevelsPerRow)) {
        d_.error(Code::BadWoundTrack, json::child(ep, "countColumn"),
                 "{}: `countColumn` `{}` must be a whole-number column with `min` >= 0 and `max` <= {} (SH-60)", owner,
                 x.count_column, limits::kExtraLevelsPerRow);
      }
    }
    if (x.penalty_index != kNone && !list.columns[x.penalty_index].spec.is_numeric()) {
      d_.error(Code::BadWoundTrack, json::child(ep, "penaltyColumn"),
               "{}: `penaltyColumn` `{}` must be a number column", owner, x.penalty_column);
    }
  }

  void resolve_rest(Rest& rest) {
    const std::string owner = fmt::format("rest `{}`", rest.id);
    for (auto& step : rest.steps) {
      const std::string& p = step.pointer;
      switch (step.target) {
        case RestStep::Target::Pool:
          step.target_index = find(sheet_.pool_index, step.target_id, json::child(p, "pool"), owner, "pool");
          check_rest_to(step, owner, Number(), std::nullopt);
          break;
        case RestStep::Target::PoolGroup:
          if (std::none_of(sheet_.pools.begin(), sheet_.pools.end(),
                           [&](const Pool& q) { return q.group == step.target_id; })) {
            d_.error(Code::UnknownReference, json::child(p, "poolGroup"), "{}: no pool belongs to group `{}`", owner,
                     step.target_id);
          }
          check_rest_to(step, owner, Number(), std::nullopt);
          break;
        case RestStep::Target::ListPools:
          step.target_index = find(sheet_.list_index, step.target_id, json::child(p, "listPools"), owner, "list");
          if (step.target_index != kNone) resolve_list_pools_step(step, sheet_.lists[step.target_index], owner);
          check_rest_to(step, owner, Number(), std::nullopt);
          break;
        case RestStep::Target::Track: {
          step.target_index = find(sheet_.track_index, step.target_id, json::child(p, "track"), owner, "track");
          if (step.target_index == kNone) break;
          const Track& track = sheet_.tracks[step.target_index];
          if (!step.kind.empty()) {
            if (!track.wound) {
              d_.error(Code::BadRestStep, json::child(p, "kind"),
                       "{}: `kind` applies to a wound track; `{}` is ordinary", owner, track.id);
            } else if (std::none_of(track.kinds.begin(), track.kinds.end(),
                                    [&](const WoundKind& k) { return k.id == step.kind; })) {
              std::vector<std::string> kinds;
              for (const auto& k : track.kinds) kinds.push_back(k.id);
              unknown(json::child(p, "kind"), owner, "kind of track `" + track.id + "`", step.kind, kinds);
            }
          }
          if (track.wound && step.by == RestStep::By::FractionOfMax) {
            d_.error(Code::BadRestStep, json::child(p, "by"),
                     "{}: a wound-track step removes marks with {{ \"const\": -n }} or sets `to`", owner);
          }
          // SH-50: on a wound track `to` counts marks (0 up to its length); on a plain track it is
          // a value between `min` and a constant `max`.
          if (track.wound) {
            const bool fixed_length = !track.boxes && !track.extra;  // boxes and `extra` vary per character
            check_rest_to(step, owner, Number(),
                          fixed_length ? std::optional<Number>(track.max.constant) : std::nullopt);
          } else {
            check_rest_to(step, owner, track.min,
                          track.max.kind == RefKind::Const ? std::optional<Number>(track.max.constant) : std::nullopt);
          }
          break;
        }
        case RestStep::Target::State: {
          step.target_index = find(sheet_.state_index, step.target_id, json::child(p, "state"), owner, "live state");
          if (step.target_index != kNone && step.to == RestStep::To::Value) {
            const auto& values = sheet_.states[step.target_index].values;
            if (std::find(values.begin(), values.end(), step.to_state_value) == values.end()) {
              d_.error(Code::BadValue, json::child(p, "to"), "{}: `{}` is not a value of live state `{}`{}", owner,
                       step.to_state_value, step.target_id, did_you_mean(step.to_state_value, values));
            }
          }
          break;
        }
      }
    }
    // A character's conditions may be free-form, but what a rest clears is always declared.
    for (const auto& [id, pointer] : rest.clears_conditions)
      find(sheet_.condition_index, id, pointer, owner, "condition");
    for (const auto& [id, pointer] : rest.clears_text) find(sheet_.live_text_index, id, pointer, owner, "live text");
  }

  /// A `listPools` step names a list whose rows are pools; `recharge` names values of its
  /// `rechargeColumn`, since a value the column cannot hold would silently match no row.
  void resolve_list_pools_step(const RestStep& step, const List& list, const std::string& owner) {
    const std::string& p = step.pointer;
    if (!list.pools) {
      d_.error(Code::WrongReferenceType, json::child(p, "listPools"),
               "{}: list `{}` has no `pools`, so its rows hold none", owner, list.id);
      return;
    }
    if (step.recharge.empty()) return;
    if (list.pools->recharge_column.empty()) {
      d_.error(Code::BadRestStep, json::child(p, "recharge"),
               "{}: list `{}` declares no `pools.rechargeColumn` to filter on", owner, list.id);
      return;
    }
    if (list.pools->recharge_index == kNone) return;  // the column itself is refused at the list
    const auto& values = list.columns[list.pools->recharge_index].spec.values;
    for (std::size_t i = 0; i < step.recharge.size(); ++i) {
      if (std::find(values.begin(), values.end(), step.recharge[i]) != values.end()) continue;
      d_.error(Code::BadValue, json::child(json::child(p, "recharge"), i),
               "{}: `{}` is not a value of column `{}` of list `{}`{}", owner, step.recharge[i],
               list.pools->recharge_column, list.id, did_you_mean(step.recharge[i], values));
    }
  }

  /// A numeric `to` is a value its target can hold: `low` or more, and at most `high` when the
  /// target's top is known at import.
  void check_rest_to(const RestStep& step, const std::string& owner, Number low, std::optional<Number> high) {
    if (step.to != RestStep::To::Value || !step.to_value.is_integer()) return;
    if (step.to_value < low || (high && step.to_value > *high)) {
      d_.error(Code::OutOfRange, json::child(step.pointer, "to"), "{}: `to` {} is outside what `{}` holds ({}-{})",
               owner, step.to_value.to_string(), step.target_id, low.to_string(),
               high ? high->to_string() : std::string("its max"));
    }
  }

  void resolve_resolution() {
    Resolution& res = rs_.resolution;
    // Every tier multiplies the one proficiency bonus, so the bonus is checked once and each tier
    // then reads it (the graph sees every tier's edge).
    if (res.proficiency_bonus) {
      resolve_ref(*res.proficiency_bonus, "resolution.proficiency `bonus`", Scope::Character);
      for (auto& tier : res.tiers) tier.bonus = *res.proficiency_bonus;
    }
    resolve_sheet_rules();
    if (!res.penalty_from.empty()) {
      const std::string p = json::child(res.pointer, "penaltyFrom");
      res.penalty_track = find(sheet_.track_index, res.penalty_from, p, "resolution.penaltyFrom", "track");
      if (res.penalty_track != kNone && !sheet_.tracks[res.penalty_track].wound) {
        // SH-68: an ordinary track has no penalty and is refused at import.
        d_.error(Code::PenaltyNotWoundTrack, p,
                 "resolution.penaltyFrom: `{}` is an ordinary track, which has no penalty (SH-68)", res.penalty_from);
        res.penalty_track = kNone;
      }
    }
    for (std::size_t i = 0; i < res.adjust.size(); ++i) {
      Adjust& a = res.adjust[i];
      const std::string owner = fmt::format("resolution.adjust #{}", i + 1);
      resolve_ref(a.value, owner, Scope::Character);
      auto check_ids = [&](const std::vector<Id>& ids, const std::unordered_map<Id, std::size_t>& index,
                           std::string_view key, std::string_view kind) {
        for (std::size_t j = 0; j < ids.size(); ++j)
          find(index, ids[j], json::child(json::child(a.pointer, key), j), owner, kind);
      };
      check_ids(a.abilities, sheet_.ability_index, "abilities", "ability");
    }
  }

  // The rules of the block that read the sheet.
  void resolve_sheet_rules() {
    Resolution& res = rs_.resolution;
    // The proficiency bonus feeds every skill and save, so the sheet is worked out top to bottom
    // only if neither the derived value it reads nor any declared above that one reads a modifier.
    if (res.proficiency_bonus && res.proficiency_bonus->kind == RefKind::Derived &&
        res.proficiency_bonus->index != kNone) {
      for (std::size_t j = 0; j <= res.proficiency_bonus->index && j < sheet_.derived.size(); ++j) {
        const Derived& d = sheet_.derived[j];
        const bool reads_modifier = std::any_of(d.of.begin(), d.of.end(), [](const Ref& r) {
          return r.kind == RefKind::SkillMod || r.kind == RefKind::SaveMod;
        });
        if (reads_modifier) {
          d_.error(Code::DependencyCycle, d.pointer,
                   "derived `{}` feeds the proficiency bonus (it is `{}` or declared above it), so it cannot read a "
                   "skill or save modifier",
                   d.id, res.proficiency_bonus->target);
        }
      }
    }
    for (Spend& spend : res.spend) {
      const std::string owner = fmt::format("resolution.spend on `{}`", spend.pool);
      const std::string p = json::child(spend.pointer, "pool");
      spend.pool_index = find(sheet_.pool_index, spend.pool, p, owner, "live pool");
      // A pool that counts up holds nothing to spend when play begins.
      if (spend.pool_index != kNone && sheet_.pools[spend.pool_index].start == Pool::Start::Empty) {
        d_.error(Code::BadValue, p, "{}: pool `{}` starts empty, so there is nothing in it to spend", owner,
                 spend.pool);
      }
      if (spend.per_check_kind == Spend::PerCheck::Sheet)
        resolve_ref(spend.per_check_ref, owner + " `perCheck`", Scope::Character);
    }
    // "harder" moves a pool's per-die target one step; without a target that can move, it could
    // never change a roll.
    std::string why;
    if (!res.is_pool()) {
      why = fmt::format("a {} ruleset has no per-die target, so \"harder\" cannot change a roll",
                        choice_name(kResolutionKinds, res.kind));
    } else if (res.pool.target_max > 0 && res.pool.target_min >= res.pool.target_max) {
      why =
          "this ruleset's per-die target cannot move (target.min is not below target.max), so \"harder\" cannot change "
          "a roll";
    }
    if (why.empty()) return;
    auto refuse_harder = [&](const std::optional<Untrained>& rule, const std::string& pointer,
                             const std::string& what) {
      if (rule && rule->rule == Untrained::Rule::Harder) {
        d_.error(Code::NotForResolutionKind, json::child(pointer, "untrained"), "{}: {}", what, why);
      }
    };
    for (const auto& s : sheet_.sections) refuse_harder(s.untrained, s.pointer, fmt::format("section `{}`", s.id));
    for (const auto& c : sheet_.skills) refuse_harder(c.untrained, c.pointer, fmt::format("skill `{}`", c.id));
    for (const auto& c : sheet_.saves) refuse_harder(c.untrained, c.pointer, fmt::format("save `{}`", c.id));
  }

  void resolve_advancement(const Advancement& adv, Scope scope) {
    const std::string owner = scope == Scope::Party ? "party.advancement" : "sheet.advancement";
    const auto& fields = scope == Scope::Party ? rs_.party->fields : sheet_.fields;
    const auto& index = scope == Scope::Party ? rs_.party->field_index : sheet_.field_index;
    for (std::size_t i = 0; i < adv.fields.size(); ++i) {
      const std::string p = json::child(json::child(adv.pointer, "fields"), i);
      const std::size_t f = find(index, adv.fields[i], p, owner, scope == Scope::Party ? "party field" : "field");
      if (f == kNone) continue;
      const ValueType t = fields[f].spec.type;
      // CA-52, SH-113: number, text or longtext only.
      if (t != ValueType::Number && t != ValueType::Text && t != ValueType::Longtext) {
        d_.error(Code::WrongReferenceType, p, "{}: field `{}` is {}; only number, text and longtext fields advance",
                 owner, adv.fields[i], type_name(t));
      }
    }
  }

  void resolve_summary(const SheetSummary& summary, Scope scope) {
    const std::string owner = scope == Scope::Party ? "party.summary" : "gm.sheetSummary";
    const auto& field_index = scope == Scope::Party ? rs_.party->field_index : sheet_.field_index;
    const auto& list_index = scope == Scope::Party ? rs_.party->list_index : sheet_.list_index;
    for (std::size_t i = 0; i < summary.fields.size(); ++i) {
      find(field_index, summary.fields[i], json::child(json::child(summary.pointer, "fields"), i), owner,
           scope == Scope::Party ? "party field" : "field");
    }
    if (scope == Scope::Party && !summary.derived.empty()) {
      d_.error(Code::BadValue, json::child(summary.pointer, "derived"), "{}: `derived` must be empty (SH-115)", owner);
    } else {
      for (std::size_t i = 0; i < summary.derived.size(); ++i) {
        const std::string p = json::child(json::child(summary.pointer, "derived"), i);
        const std::size_t k = find(sheet_.derived_index, summary.derived[i], p, owner, "derived value");
        if (k != kNone && sheet_.derived[k].internal) {
          d_.error(Code::BadValue, p, "{}: derived value `{}` is `internal`, kept out of the Game Master's block",
                   owner, summary.derived[i]);
        }
      }
    }
    for (std::size_t i = 0; i < summary.lists.size(); ++i) {
      find(list_index, summary.lists[i].list, summary.lists[i].pointer, owner,
           scope == Scope::Party ? "party list" : "list");
    }
  }

  void index_party(Party& party) {
    index_ids(party.fields, party.field_index, "party field", d_);
    index_ids(party.pools, party.pool_index, "party pool", d_);
    index_ids(party.lists, party.list_index, "party list", d_);
  }

  void resolve_party(Party& party) {
    // SH-108: field and pool ids are unique within the party sheet, across both.
    for (const auto& pool : party.pools) {
      if (party.field_index.contains(pool.id)) {
        d_.error(Code::DuplicateId, pool.pointer, "party pool `{}` has the id of a party field (SH-108)", pool.id);
      }
    }
    for (auto& list : party.lists)
      index_ids(list.columns, list.column_index, "column of party list `" + list.id + "`", d_);
    for (auto& field : party.fields) resolve_hide(field.hide_when, "party field", field.id, Scope::Party);
    for (auto& list : party.lists) resolve_list(list, Scope::Party);
    for (auto& pool : party.pools) resolve_pool(pool, Scope::Party);
    if (party.advancement) resolve_advancement(*party.advancement, Scope::Party);
    if (party.summary) resolve_summary(*party.summary, Scope::Party);
    std::set<Id> member_fields;
    for (const auto& member : party.from_members) {
      const std::string owner = fmt::format("party.fromMembers `{}`", member.field);
      const std::size_t f =
          find(party.field_index, member.field, json::child(member.pointer, "field"), owner, "party field");
      if (f != kNone && !party.fields[f].spec.is_numeric()) {
        d_.error(Code::WrongReferenceType, json::child(member.pointer, "field"),
                 "{}: `{}` is not a number party field (SH-129)", owner, member.field);
      }
      if (!member_fields.insert(member.field).second) {
        d_.error(Code::DuplicateId, json::child(member.pointer, "field"), "{}: the field is computed twice", owner);
      }
      if (!member.sum.empty()) {
        const std::size_t c =
            find(sheet_.field_index, member.sum, json::child(member.pointer, "sum"), owner, "character field");
        if (c != kNone && !sheet_.fields[c].spec.is_numeric()) {
          d_.error(Code::WrongReferenceType, json::child(member.pointer, "sum"),
                   "{}: character field `{}` is not a number", owner, member.sum);
        }
      }
    }
  }

  Ruleset& rs_;
  Sheet& sheet_;
  Diagnostics& d_;
};

}  // namespace

void resolve(Ruleset& ruleset, Diagnostics& diagnostics) { Resolver(ruleset, diagnostics).run(); }

void resolve_sheet_ref(Ruleset& ruleset, Ref& ref, const std::string& owner, Diagnostics& diagnostics) {
  Resolver(ruleset, diagnostics).resolve_character_ref(ref, owner);
}

}  // namespace rk::detail
