// An entry's `grants` (BA-67 – BA-99, BB-140), read with the entry against the resolved sheet.
// What needs the other catalogs or the builder is checked afterwards (read_builder_checks.cpp).
#include "format/catalog_mark.hpp"
#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "json/document.hpp"

namespace rk::detail {

std::optional<Grants> read_grants(const bj::value& v, const std::string& pointer, const std::string& what, Ruleset& rs,
                                  ReadContext& cx) {
  ObjectReader r(v, pointer, what + " `grants`", cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  const Sheet& s = rs.sheet;
  Grants g;
  g.pointer = pointer;
  if (const bj::value* abilities = r.get("abilities")) {
    ObjectReader a(*abilities, r.at("abilities"), r.what() + " `abilities`", cx.diagnostics);
    if (const bj::object* add = a.object("add", false)) {
      for (const auto& m : *add) {
        const std::string p = json::child(a.at("add"), m.key());
        auto it = s.ability_index.find(m.key());
        auto n = m.value().is_number() ? to_number(m.value()) : std::nullopt;
        if (it == s.ability_index.end()) {
          cx.diagnostics.error(Code::UnknownReference, p, "{}: unknown ability `{}` (BA-68)", a.what(),
                               std::string_view(m.key()));
        } else if (s.abilities[it->second].computed()) {
          cx.diagnostics.error(Code::WrongReferenceType, p, "{}: ability `{}` is computed and has no base to add to",
                               a.what(), std::string_view(m.key()));
        } else if (!n) {
          cx.diagnostics.error(Code::WrongType, p, "{}: `add` maps an ability to a number (BA-68)", a.what());
        } else {
          g.ability_add.emplace(m.key(), *n);
        }
      }
    }
    if (const bj::array* choose = a.array("choose", false)) {
      g.ability_choices = read_ability_choices(*choose, a.at("choose"), a.what() + " choice", rs, cx);
    }
  }
  if (const bj::value* trained = r.get("trained")) {
    ObjectReader t(*trained, r.at("trained"), r.what() + " `trained`", cx.diagnostics);
    auto ids = [&](std::string_view key, const std::unordered_map<Id, std::size_t>& index, std::string_view kind) {
      auto list = t.id_list(key, false).value_or(std::vector<std::string>{});
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (!index.contains(list[i])) {
          cx.diagnostics.error(Code::UnknownReference, json::child(t.at(key), i), "{}: unknown {} `{}`", t.what(), kind,
                               list[i]);
        }
      }
      return list;
    };
    g.skills = ids("skills", s.skill_index, "skill");
    g.saves = ids("saves", s.save_index, "save");
    if (t.has("tier")) {
      g.tier = t.id("tier", true).value_or("");
      check_tier(rs, g.tier, t.at("tier"), t.what(), cx.diagnostics);
    }
    if (const bj::array* choose = t.array("choose", false)) {
      g.trained_choices = read_trained_choices(*choose, t.at("choose"), t.what() + " choice", rs, cx);
    }
  }
  if (const bj::object* sets = r.object("sets", false)) {
    for (const auto& m : *sets) {
      const std::string p = json::child(r.at("sets"), m.key());
      auto it = s.field_index.find(m.key());
      if (it == s.field_index.end()) {
        cx.diagnostics.error(Code::UnknownReference, p, "{}: unknown field `{}` (BA-85)", r.what(),
                             std::string_view(m.key()));
        continue;
      }
      const ValueSpec& spec = s.fields[it->second].spec;
      auto value = typed_scalar(m.value(), spec.type);
      if (!value || !spec.accepts(*value)) {
        cx.diagnostics.error(Code::BadCell, p, "{}: field `{}` cannot hold this value (BA-85)", r.what(),
                             std::string_view(m.key()));
        continue;
      }
      g.sets.emplace(m.key(), *value);
    }
  }
  if (const bj::value* entries = r.get("entries")) {
    cx.requirement.use(Gate::EntryChoices, r.at("entries"));
    ObjectReader e(*entries, r.at("entries"), r.what() + " `entries`", cx.diagnostics);
    if (const bj::array* choose = e.array("choose", true)) {
      g.entry_choices = read_entry_choices(*choose, e.at("choose"), e.what() + " choice", rs, cx);
    }
  }
  if (const bj::array* ratings = r.array("ratings", false))
    g.ratings = read_rating_grants(*ratings, r.at("ratings"), r.what(), rs, cx);
  if (const bj::array* access = r.array("itemAccess", false)) {
    cx.requirement.use(Gate::ItemAccess, r.at("itemAccess"));
    r.check_limit(limits::kItemAccess, access->size(), "itemAccess");
    for (std::size_t i = 0; i < access->size(); ++i) {
      const bj::value& x = (*access)[i];
      const std::string text = x.is_string() ? std::string(x.get_string()) : "";
      if (!CatalogMark::parse(text)) {
        cx.diagnostics.error(Code::BadValue, json::child(r.at("itemAccess"), i),
                             "{}: an item is written \"<catalog>/<entry>\" (BB-140)", r.what());
        continue;
      }
      g.item_access.push_back(text);
    }
  }
  return g;
}

}  // namespace rk::detail
