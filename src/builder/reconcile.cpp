// Reconciliation with the sheet (docs/format/builder.md "Reconciliation"): per cell, what the
// builder wrote last, what the sheet holds and what the builder would write now.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "builder/engine.hpp"
#include "catalog/operations.hpp"
#include "format/limits.hpp"

namespace rk::builder {

std::size_t tier_rank(const Ruleset& ruleset, std::string_view tier) {
  const auto& tiers = ruleset.resolution.tiers;
  for (std::size_t i = 0; i < tiers.size(); ++i) {
    if (tiers[i].id == tier) return i;
  }
  return 0;
}

void raise_tier(const Ruleset& ruleset, std::map<std::string, std::string>& map, const std::string& id,
                const std::string& tier) {
  auto it = map.find(id);
  if (it == map.end())
    map.emplace(id, tier);
  else if (tier_rank(ruleset, tier) > tier_rank(ruleset, it->second))
    it->second = tier;
}

Number ability_total(const Ability& ability, Number start, const std::vector<AbilityGrant>& grants) {
  Number value = start;
  const auto add = [&](Number amount, std::optional<Number> up_to) {
    Number ceiling = ability.max;
    if (up_to && *up_to < ceiling) ceiling = *up_to;
    Number next = value + amount;
    if (amount > Number() && next > ceiling) next = std::max(value, ceiling);
    next = std::clamp(next, std::min(ability.min, value), std::max(ability.max, value));
    value = next;
  };
  for (const auto& g : grants) {
    if (g.ability == ability.id && !g.up_to) add(g.amount, std::nullopt);
  }
  for (const auto& g : grants) {
    if (g.ability == ability.id && g.up_to) add(g.amount, g.up_to);
  }
  return value;
}

namespace {

std::optional<Scalar> stored_field(const std::map<Id, Scalar>& cells, const std::string& id) {
  auto it = cells.find(id);
  if (it == cells.end()) return std::nullopt;
  if (const auto* s = std::get_if<std::string>(&it->second.value); s != nullptr && s->empty()) return std::nullopt;
  return it->second;
}

void put_field(std::map<Id, Scalar>& cells, const std::string& id, const std::optional<Scalar>& value) {
  if (value)
    cells[id] = *value;
  else
    cells.erase(id);
}

std::optional<std::string> stored_tier(const std::map<Id, Id>& map, const std::string& id) {
  auto it = map.find(id);
  if (it == map.end()) return std::nullopt;
  return it->second;
}

/// Fields (BA-105, BA-108, BA-109), and the skill and save bonuses the builder writes (BB-6). The
/// builder acts on a cell only when its answer for it changes: it then writes the cell if it is
/// empty or already its own; otherwise the player's value stays and the answer is remembered.
/// While the answer is unchanged the sheet's value stays, whatever the player did with it. When no
/// selection calls for the cell any more, it goes back to what was beneath, if it still holds the
/// builder's value.
void reconcile_cells(std::map<Id, Scalar>& out, const std::map<std::string, CellRecord>& last,
                     const std::map<std::string, Scalar>& now, std::map<std::string, CellRecord>& next) {
  std::set<std::string> ids;
  for (const auto& [id, _] : last) ids.insert(id);
  for (const auto& [id, _] : now) ids.insert(id);
  for (const auto& id : ids) {
    const auto rec = last.find(id);
    const auto want = now.find(id);
    const std::optional<Scalar> held = stored_field(out, id);
    const bool had = rec != last.end();
    if (want != now.end()) {
      if (had && rec->second.value == want->second) {
        next[id] = rec->second;  // unchanged answer: the sheet's value stays
      } else if (had && rec->second.owned) {
        put_field(out, id, want->second);
        next[id] = CellRecord{want->second, rec->second.under, true, false};
      } else if (!held) {
        put_field(out, id, want->second);
        next[id] = CellRecord{want->second, std::nullopt, true, false};
      } else {
        next[id] = CellRecord{want->second, std::nullopt, false, false};
      }
    } else if (had && rec->second.owned && (rec->second.kept || (held && *held == rec->second.value))) {
      put_field(out, id, rec->second.under);
    }
  }
}

/// `build.bonuses` holds numbers: reconciled as cells, then written back.
void reconcile_bonuses(Character& out, const Ledger& last, const Contributions& now, Ledger& next) {
  if (last.bonuses.empty() && now.bonuses.empty()) return;
  std::map<Id, Scalar> cells;
  for (const auto& [id, n] : out.bonuses) cells.emplace(id, Scalar{n});
  std::map<std::string, Scalar> wanted;
  for (const auto& [id, n] : now.bonuses) wanted.emplace(id, Scalar{n});
  reconcile_cells(cells, last.bonuses, wanted, next.bonuses);
  out.bonuses.clear();
  for (const auto& [id, v] : cells) {
    if (const auto* n = std::get_if<Number>(&v.value)) out.bonuses.emplace(id, *n);
  }
}

/// Skills and saves: as fields, where "empty" is a tier below the builder's answer — the builder
/// takes the cell only to raise it, remembering the player's tier beneath (BA-77, BA-104).
void reconcile_tiers(const Ruleset& rs, std::map<Id, Id>& out, const std::map<std::string, CellRecord>& last,
                     const std::map<std::string, std::string>& now, std::map<std::string, CellRecord>& next) {
  std::set<std::string> ids;
  for (const auto& [id, _] : last) ids.insert(id);
  for (const auto& [id, _] : now) ids.insert(id);
  for (const auto& id : ids) {
    const auto rec = last.find(id);
    const auto want = now.find(id);
    const std::optional<std::string> held = stored_tier(out, id);
    const bool had = rec != last.end();
    const auto put = [&](const std::optional<Scalar>& v) {
      if (v)
        out[id] = std::get<std::string>(v->value);
      else
        out.erase(id);
    };
    const bool still_builders = had && rec->second.owned && held && Scalar{*held} == rec->second.value;
    if (want != now.end()) {
      const Scalar answer{want->second};
      if (had && rec->second.value == answer) {
        next[id] = rec->second;  // unchanged answer: the sheet's value stays
        continue;
      }
      // The player's own tier beneath: what the builder found there, or what the sheet holds now.
      const std::optional<Scalar> under = had && rec->second.owned ? rec->second.under
                                          : held                   ? std::optional<Scalar>(Scalar{*held})
                                                                   : std::nullopt;
      const std::size_t under_rank = under ? tier_rank(rs, std::get<std::string>(under->value)) : 0;
      if (tier_rank(rs, want->second) > under_rank) {
        put(answer);
        next[id] = CellRecord{answer, under, true, false};
      } else {
        if (still_builders) put(under);
        next[id] = CellRecord{answer, std::nullopt, false, false};
      }
    } else if (still_builders) {
      put(rec->second.under);
    }
  }
}

void reconcile_abilities(const Ruleset& rs, Character& out, const Ledger& last, const Contributions& now,
                         Ledger& next) {
  for (const Ability& ability : rs.sheet.abilities) {
    if (ability.computed()) continue;
    const std::string& id = ability.id;
    const auto rec = last.abilities.find(id);
    const auto stored = out.abilities.find(id);
    const std::optional<Number> held =
        stored == out.abilities.end() ? std::nullopt : std::optional<Number>(stored->second);
    const auto base = now.base.find(id);
    const bool touched =
        std::any_of(now.abilities.begin(), now.abilities.end(), [&](const AbilityGrant& g) { return g.ability == id; });
    // The player's own score beneath what the builder wrote; an edit made since stays beneath.
    std::optional<Number> own = held;
    if (rec != last.abilities.end()) {
      if (held && *held == rec->second.value)
        own = rec->second.under;
      else if (held && !rec->second.base)
        own = *held - rec->second.applied;
      else if (!held)
        own = rec->second.under;
    }
    const auto put = [&](std::optional<Number> v) {
      if (v)
        out.abilities[id] = *v;
      else
        out.abilities.erase(id);
    };
    if (base != now.base.end()) {
      const Number total = ability_total(ability, base->second, now.abilities);
      const bool same = rec != last.abilities.end() && rec->second.base && rec->second.value == total;
      if (!same) put(total);
      const std::optional<Number> under = rec != last.abilities.end() ? rec->second.under : held;
      next.abilities[id] = AbilityRecord{total, total - base->second, under, true};
      continue;
    }
    const Number start = own.value_or(ability.default_score);
    const Number total = ability_total(ability, start, now.abilities);
    if (!touched || total == start) {
      if (rec != last.abilities.end()) {
        if (rec->second.base && held && *held != rec->second.value)
          continue;  // the player's edit of a retired base stays
        put(own);
      }
      continue;
    }
    put(total);
    next.abilities[id] = AbilityRecord{total, total - start, own, false};
  }
}

bool has_row(const Character& c, const std::string& list, const std::string& row) {
  auto it = c.lists.find(list);
  if (it == c.lists.end()) return false;
  return std::any_of(it->second.begin(), it->second.end(), [&](const Row& r) { return r.id == row; });
}

std::string fresh_row_id(const std::vector<Row>& rows, const std::string& entry) {
  std::set<std::string> ids;
  for (const auto& r : rows) ids.insert(r.id);
  std::string id = entry;
  for (int n = 2; ids.contains(id); ++n) id = fmt::format("{}-{}", entry, n);
  return id;
}

/// Rows come and go with what wrote them (BA-100, BA-103); a row is written once, so the player's
/// edits of its cells stay while it is there (BA-31).
bool reconcile_rows(const Sheet& sheet, Character& out, const Ledger& last, const Contributions& now, Ledger& next) {
  bool added = false;
  for (const auto& [key, rec] : last.rows) {
    if (now.row_keys.contains(key)) {
      if (has_row(out, rec.list, rec.row)) next.rows[key] = rec;
      continue;
    }
    auto it = out.lists.find(rec.list);
    if (it == out.lists.end()) continue;
    const std::string& row_id = rec.row;  // named: clang before 16 cannot capture a structured binding
    std::erase_if(it->second, [&](const Row& r) { return r.id == row_id; });
    if (it->second.empty()) out.lists.erase(it);
  }
  for (const RowGrant& g : now.rows) {
    if (last.rows.contains(g.key)) continue;
    auto& rows = out.lists[g.spec->list];
    // A row past the list's `maxItems` is not written: the character would no longer load.
    if (rows.size() >= sheet.most_rows(g.spec->list)) continue;
    Row row;
    row.id = fresh_row_id(rows, g.entry_id);
    row.catalog = g.mark;
    row.cells = g.spec->values;
    for (const auto& [column, value] : g.stamp) row.cells[column] = value;
    next.rows[g.key] = RowRecord{g.spec->list, row.id};
    rows.push_back(std::move(row));
    added = true;
  }
  return added;
}

}  // namespace

std::optional<std::string> own_tier(const Character& sheet, const Ledger& last, bool save, const std::string& id) {
  const auto& map = save ? sheet.saves : sheet.skills;
  const auto& ledger = save ? last.saves : last.skills;
  std::optional<std::string> held = stored_tier(map, id);
  auto rec = ledger.find(id);
  if (rec != ledger.end() && rec->second.owned && held && Scalar{*held} == rec->second.value) {
    if (!rec->second.under) return std::nullopt;
    return std::get<std::string>(rec->second.under->value);
  }
  return held;
}

Reconciled reconcile(const CatalogSet& catalogs, const Character& sheet, const Ledger& last, const Contributions& now) {
  const Ruleset& rs = catalogs.ruleset();
  Reconciled r{sheet, Ledger{}};
  reconcile_cells(r.character.fields, last.fields, now.fields, r.ledger.fields);
  reconcile_bonuses(r.character, last, now, r.ledger);
  reconcile_tiers(rs, r.character.skills, last.skills, now.skills, r.ledger.skills);
  reconcile_tiers(rs, r.character.saves, last.saves, now.saves, r.ledger.saves);
  reconcile_abilities(rs, r.character, last, now, r.ledger);
  // CA-34: scaled cells of new rows are computed at the edit that adds them.
  if (reconcile_rows(rs.sheet, r.character, last, now, r.ledger)) r.character = refresh_scaled(catalogs, r.character);
  return r;
}

Ledger adopt(const Ruleset& rs, const Character& sheet, const Ledger& last, const Contributions& now) {
  Ledger l;
  // A cell holding exactly what the selection gives is the selection's; otherwise the answer is
  // remembered as not written, so Done itself writes nothing.
  for (const auto& [id, value] : now.fields) {
    const auto held = stored_field(sheet.fields, id);
    l.fields[id] = CellRecord{value, std::nullopt, held && *held == value, false};
  }
  for (const auto& [id, value] : now.bonuses) {
    auto held = sheet.bonuses.find(id);
    l.bonuses[id] =
        CellRecord{Scalar{value}, std::nullopt, held != sheet.bonuses.end() && held->second == value, false};
  }
  const auto adopt_tiers = [&](const std::map<Id, Id>& held, const std::map<std::string, std::string>& want,
                               std::map<std::string, CellRecord>& into) {
    for (const auto& [id, tier] : want) {
      auto it = held.find(id);
      into[id] = CellRecord{Scalar{tier}, std::nullopt, it != held.end() && it->second == tier, false};
    }
  };
  adopt_tiers(sheet.skills, now.skills, l.skills);
  adopt_tiers(sheet.saves, now.saves, l.saves);
  // BA-149: the selections' increases are already included in the scores.
  for (const Ability& ability : rs.sheet.abilities) {
    if (ability.computed()) continue;
    Number applied;
    for (const auto& g : now.abilities) {
      if (g.ability == ability.id) applied += g.amount;
    }
    if (applied == Number()) continue;
    auto it = sheet.abilities.find(ability.id);
    const Number value = it == sheet.abilities.end() ? ability.default_score : it->second;
    l.abilities[ability.id] = AbilityRecord{value, applied, value - applied, false};
  }
  // A row the sheet already has from the same entry is the one the selection wrote.
  std::set<std::pair<std::string, std::string>> taken;
  for (const auto& [key, rec] : last.rows) taken.insert({rec.list, rec.row});
  for (const RowGrant& g : now.rows) {
    if (auto it = last.rows.find(g.key); it != last.rows.end() && has_row(sheet, it->second.list, it->second.row)) {
      l.rows[g.key] = it->second;
      continue;
    }
    auto list = sheet.lists.find(g.spec->list);
    if (list == sheet.lists.end()) continue;
    for (const Row& row : list->second) {
      if (row.catalog == g.mark && !taken.contains({list->first, row.id})) {
        taken.insert({list->first, row.id});
        l.rows[g.key] = RowRecord{list->first, row.id};
        break;
      }
    }
  }
  return l;
}

}  // namespace rk::builder
