#include "sheet/view_json.hpp"

#include <unordered_map>

namespace rk {

namespace bj = boost::json;

bj::value number_to_json(Number n) {
  if (n.is_integer()) return bj::value(n.whole());
  return bj::value(n.to_double());
}

bj::value diagnostic_to_json(const Diagnostic& d) {
  bj::object o;
  o["code"] = code_name(d.code);
  o["message"] = d.message;
  o["pointer"] = d.pointer;
  o["file"] = d.file;
  o["line"] = d.line;
  o["column"] = d.column;
  return o;
}

namespace {

bj::value optional_number(const std::optional<Number>& n) { return n ? number_to_json(*n) : bj::value(nullptr); }

bj::object check_to_json(const CheckView& c) {
  bj::object o;
  o["tier"] = c.tier;
  o["mod"] = optional_number(c.mod);
  o["uncapped"] = number_to_json(c.uncapped);
  o["cap"] = optional_number(c.cap);
  o["untrained"] = c.untrained;
  o["refused"] = c.refused;
  o["harder"] = c.harder;
  o["adjust"] = number_to_json(c.adjust.total);
  return o;
}

/// Calls `emit(id, value)` for every entry of `values`: the declared ones in declaration order
/// (what a reader of the ruleset expects), then any the ruleset does not declare, by id.
template <class Declared, class Values, class Emit>
void in_declared_order(const std::vector<Declared>& declared, const std::unordered_map<Id, std::size_t>& index,
                       const Values& values, Emit&& emit) {
  for (const Declared& d : declared) {
    if (auto it = values.find(d.id); it != values.end()) emit(it->first, it->second);
  }
  for (const auto& [id, value] : values) {
    if (!index.contains(id)) emit(id, value);
  }
}

}  // namespace

bj::value sheet_to_json(const Ruleset& ruleset, const SheetView& v) {
  const Sheet& sheet = ruleset.sheet;
  bj::object o;
  o["ruleset"] = v.ruleset;
  o["name"] = v.name;
  bj::object abilities;
  in_declared_order(sheet.abilities, sheet.ability_index, v.abilities, [&](const Id& id, const AbilityView& a) {
    abilities[id] = bj::object{{"score", number_to_json(a.score.value)},
                               {"mod", number_to_json(a.mod.value)},
                               {"computed", a.computed},
                               {"adjust", number_to_json(a.adjust.total)}};
  });
  o["abilities"] = std::move(abilities);
  bj::object skills, saves;
  in_declared_order(sheet.skills, sheet.skill_index, v.skills,
                    [&](const Id& id, const CheckView& c) { skills[id] = check_to_json(c); });
  in_declared_order(sheet.saves, sheet.save_index, v.saves,
                    [&](const Id& id, const CheckView& c) { saves[id] = check_to_json(c); });
  o["skills"] = std::move(skills);
  o["saves"] = std::move(saves);
  bj::object derived;
  // An internal derived value is a working value of the ruleset's, never shown (docs/format/sheet.md).
  in_declared_order(sheet.derived, sheet.derived_index, v.derived, [&](const Id& id, const Explained& d) {
    auto k = sheet.derived_index.find(id);
    if (k == sheet.derived_index.end() || !sheet.derived[k->second].internal) derived[id] = number_to_json(d.value);
  });
  o["derived"] = std::move(derived);
  bj::object fields;
  in_declared_order(sheet.fields, sheet.field_index, v.fields,
                    [&](const Id& id, const Scalar& f) { fields[id] = scalar_to_json(f); });
  o["fields"] = std::move(fields);
  bj::array not_chosen;
  for (const Id& id : v.not_chosen) not_chosen.emplace_back(id);
  o["notChosen"] = std::move(not_chosen);
  bj::object lists;
  in_declared_order(sheet.lists, sheet.list_index, v.lists, [&](const Id& id, const std::vector<RowView>& rows) {
    bj::array a;
    for (const auto& row : rows) {
      bj::object r;
      r["_id"] = row.id;
      if (!row.catalog.empty()) r["_catalog"] = row.catalog;
      for (const auto& [col, value] : row.cells) r[col] = scalar_to_json(value);
      a.push_back(std::move(r));
    }
    lists[id] = std::move(a);
  });
  o["lists"] = std::move(lists);
  bj::array hidden;
  for (const auto& id : v.hidden) hidden.push_back(bj::value(id));
  o["hidden"] = std::move(hidden);
  bj::object pools;
  in_declared_order(sheet.pools, sheet.pool_index, v.pools, [&](const Id& id, const PoolView& p) {
    bj::object po{
        {"current", number_to_json(p.current)}, {"max", number_to_json(p.max)}, {"temp", number_to_json(p.temp)}};
    if (p.level) po["level"] = number_to_json(*p.level);
    pools[id] = std::move(po);
  });
  o["pools"] = std::move(pools);
  bj::object tracks;
  in_declared_order(sheet.tracks, sheet.track_index, v.tracks, [&](const Id& id, const TrackView& t) {
    bj::object to{{"value", number_to_json(t.value)},
                  {"max", number_to_json(t.max)},
                  {"min", number_to_json(t.min)},
                  {"penalty", optional_number(t.penalty)},
                  {"full", t.full}};
    if (t.wound) {
      bj::array levels;
      for (const auto& l : t.levels) {
        bj::object lo{{"label", l.label}, {"penalty", number_to_json(l.penalty)}};
        if (l.extra) lo["extra"] = true;
        lo["mark"] = l.mark ? bj::value(*l.mark) : bj::value(nullptr);
        levels.push_back(std::move(lo));
      }
      to["levels"] = std::move(levels);
      to["overflow"] = t.overflow;
    }
    tracks[id] = std::move(to);
  });
  o["tracks"] = std::move(tracks);
  bj::object states;
  in_declared_order(sheet.states, sheet.state_index, v.states,
                    [&](const Id& id, const Id& state) { states[id] = state; });
  o["states"] = std::move(states);
  bj::object texts;
  for (const LiveText& declared : sheet.texts) {
    if (auto it = v.texts.find(declared.id); it != v.texts.end()) texts[it->first] = it->second;
  }
  for (const auto& [id, text] : v.texts) {
    if (!texts.contains(id)) texts[id] = text;
  }
  o["text"] = std::move(texts);
  bj::array conditions, notes, warnings;
  for (const auto& c : v.conditions) conditions.push_back(bj::value(c));
  for (const auto& n : v.notes) notes.push_back(bj::value(n));
  for (const auto& w : v.warnings.items()) warnings.push_back(diagnostic_to_json(w));
  o["conditions"] = std::move(conditions);
  o["notes"] = std::move(notes);
  o["warnings"] = std::move(warnings);
  return o;
}

}  // namespace rk
