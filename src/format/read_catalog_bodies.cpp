// Reading the bodies of items and creatures entries (docs/format/catalogs.md).
#include <algorithm>
#include <tuple>

#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

class BodyReader {
 public:
  BodyReader(const Sheet& sheet, Diagnostics& diagnostics) : s_(sheet), d_(diagnostics) {}

  std::optional<ItemBody> read_item(const bj::value& v, const std::string& p, const Catalog& c, const std::string& what) {
    ObjectReader r(v, p, what + " `item`", d_);
    if (!r.ok()) return std::nullopt;
    ItemBody item;
    if (const bj::object* stats = r.object("stats", false)) {
      for (const auto& m : *stats) {
        const std::string sp = json::child(r.at("stats"), m.key());
        auto n = m.value().is_number() ? to_number(m.value()) : std::nullopt;
        if (!is_valid_id(m.key())) {
          d_.error(Code::BadId, sp, "{}: `{}` is not a valid stat id", r.what(), m.key());
        } else if (!n) {
          d_.error(Code::WrongType, sp, "{}: stat `{}` must be a number", r.what(), m.key());
        } else if (!c.stats.empty() && std::none_of(c.stats.begin(), c.stats.end(), [&](const auto& s) { return s.first == m.key(); })) {
          d_.error(Code::UnknownReference, sp, "{}: the catalog declares no stat `{}`", r.what(), m.key());
        } else {
          item.stats.emplace(m.key(), *n);
        }
      }
    }
    if (const bj::object* dice = r.object("dice", false)) {
      for (const auto& m : *dice) {
        const std::string dp = json::child(r.at("dice"), m.key());
        if (!m.value().is_string() || !is_dice_notation(m.value().get_string())) {
          d_.error(Code::BadValue, dp, "{}: `{}` must be dice notation such as \"1d8\" or \"2d6+1\"", r.what(), m.key());
          continue;
        }
        item.dice.emplace(m.key(), std::string(m.value().get_string()));
      }
    }
    item.tags = r.id_list("tags", false).value_or(std::vector<std::string>{});
    item.slots = r.id_list("slots", false).value_or(std::vector<std::string>{});
    if (auto text = r.string("text", false, limits::kDefaultLongtextLength)) {
      if (auto problem = prompt_safety_problem(*text, true)) r.error(Code::NotPromptSafe, "text", "`text` is not prompt-safe: {}", *problem);
      else item.text = *text;
    }
    return item;
  }

  std::vector<CreatureFeature> read_features(ObjectReader& r, std::string_view key) {
    std::vector<CreatureFeature> out;
    const bj::array* a = r.array(key, false);
    if (a == nullptr) return out;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const std::string fp = json::child(r.at(key), i);
      ObjectReader f((*a)[i], fp, fmt::format("{} `{}` #{}", r.what(), key, i + 1), d_);
      CreatureFeature feature;
      feature.id = f.id("id", false).value_or("");
      feature.label = f.label();
      if (auto text = f.string("text", false, limits::kDefaultLongtextLength)) {
        if (auto problem = prompt_safety_problem(*text, true)) f.error(Code::NotPromptSafe, "text", "`text` is not prompt-safe: {}", *problem);
        else feature.text = *text;
      }
      feature.attack = f.number("attack", false, true);
      if (auto uses = f.number("uses", false, true)) {
        if (*uses < Number::of(1)) f.error(Code::OutOfRange, "uses", "`uses` is a whole number >= 1");
        feature.uses = uses;
      }
      if (const bj::array* damage = f.array("damage", false)) {
        for (std::size_t j = 0; j < damage->size(); ++j) {
          const std::string dp = json::child(f.at("damage"), j);
          ObjectReader dr((*damage)[j], dp, f.what() + " damage", d_);
          DamageRoll roll;
          roll.dice = dr.string("dice", true, 64).value_or("");
          if (!roll.dice.empty() && !is_dice_notation(roll.dice)) dr.error(Code::BadValue, "dice", "\"{}\" is not dice notation", roll.dice);
          roll.type = dr.id("type", false).value_or("");
          if (dr.ok()) feature.damage.push_back(std::move(roll));
        }
      }
      if (f.ok()) out.push_back(std::move(feature));
    }
    return out;
  }

  std::vector<std::string> text_list(ObjectReader& r, std::string_view key) {
    std::vector<std::string> out;
    const bj::array* a = r.array(key, false);
    if (a == nullptr) return out;
    for (std::size_t i = 0; i < a->size(); ++i) {
      const bj::value& t = (*a)[i];
      if (!t.is_string() || prompt_safety_problem(t.get_string()) || text_length(t.get_string()) > limits::kLabelLength) {
        d_.error(Code::NotPromptSafe, json::child(r.at(key), i), "{}: `{}` holds prompt-safe lines of at most {} characters",
                 r.what(), key, limits::kLabelLength);
        continue;
      }
      out.emplace_back(t.get_string());
    }
    return out;
  }

  template <typename Index>
  void check_ids(const std::map<std::string, std::string>& ids, const Index& index, const std::string& p, ObjectReader& r,
                 std::string_view kind) {
    for (const auto& [id, tier] : ids) {
      if (!index.contains(id)) d_.error(Code::UnknownReference, json::child(p, id), "{}: the sheet declares no {} `{}`", r.what(), kind, id);
      else if (!s_.tier_index.contains(tier)) d_.error(Code::UnknownReference, json::child(p, id), "{}: unknown tier `{}`", r.what(), tier);
    }
  }

  std::optional<CreatureBody> read_creature(const bj::value& v, const std::string& p, const std::string& what) {
    ObjectReader r(v, p, what + " `creature`", d_);
    if (!r.ok()) return std::nullopt;
    CreatureBody c;
    c.size = r.prompt_text("size", false, limits::kLabelLength).value_or("");
    c.kind = r.prompt_text("kind", false, limits::kLabelLength).value_or("");
    c.alignment = r.prompt_text("alignment", false, limits::kLabelLength).value_or("");
    c.threat = r.number("threat", true).value_or(Number());
    if (c.threat < Number()) r.error(Code::OutOfRange, "threat", "`threat` cannot be negative");
    c.xp = r.number("xp", false, true);
    if (c.xp && *c.xp < Number()) r.error(Code::OutOfRange, "xp", "`xp` is a whole number >= 0");
    if (const bj::object* abilities = r.object("abilities", false)) {
      for (const auto& m : *abilities) {
        const std::string ap = json::child(r.at("abilities"), m.key());
        auto it = s_.ability_index.find(m.key());
        auto n = m.value().is_number() ? to_number(m.value()) : std::nullopt;
        if (it == s_.ability_index.end()) {
          d_.error(Code::UnknownReference, ap, "{}: the sheet declares no ability `{}`", r.what(), m.key());
        } else if (!n || !n->is_integer() || *n < s_.abilities[it->second].min || *n > s_.abilities[it->second].max) {
          d_.error(Code::OutOfRange, ap, "{}: ability `{}` takes a whole score within {}-{}", r.what(), m.key(),
                   s_.abilities[it->second].min.to_string(), s_.abilities[it->second].max.to_string());
        } else {
          c.abilities.emplace(m.key(), *n);
        }
      }
    }
    for (auto [key, out, index, kind] : {std::tuple{"saves", &c.saves, &s_.save_index, "save"},
                                         std::tuple{"skills", &c.skills, &s_.skill_index, "skill"}}) {
      if (const bj::object* o = r.object(key, false)) {
        for (const auto& m : *o) {
          if (m.value().is_string()) out->emplace(m.key(), std::string(m.value().get_string()));
          else d_.error(Code::WrongType, json::child(r.at(key), m.key()), "{}: a {} takes a tier id", r.what(), kind);
        }
        check_ids(*out, *index, r.at(key), r, kind);
      }
    }
    if (const bj::object* fields = r.object("fields", false)) {
      for (const auto& m : *fields) {
        const std::string fp = json::child(r.at("fields"), m.key());
        auto it = s_.field_index.find(m.key());
        if (it == s_.field_index.end()) {
          d_.error(Code::UnknownReference, fp, "{}: the sheet declares no field `{}`", r.what(), m.key());
          continue;
        }
        const Field& field = s_.fields[it->second];
        auto value = typed_scalar(m.value(), field.spec.type);
        if (!value || !field.spec.accepts(*value)) {
          d_.error(Code::BadCell, fp, "{}: field `{}` does not accept {}", r.what(), m.key(), bj::serialize(m.value()).substr(0, 80));
          continue;
        }
        c.fields.emplace(m.key(), *value);
      }
    }
    if (const bj::object* pools = r.object("pools", false)) {
      for (const auto& m : *pools) {
        const std::string pp = json::child(r.at("pools"), m.key());
        if (!s_.pool_index.contains(m.key())) {
          d_.error(Code::UnknownReference, pp, "{}: the sheet declares no pool `{}`", r.what(), m.key());
          continue;
        }
        ObjectReader pr(m.value(), pp, r.what() + fmt::format(" pool `{}`", m.key()), d_);
        CreaturePool pool;
        pool.max = pr.number("max", true, true).value_or(Number());
        if (pool.max < Number()) pr.error(Code::OutOfRange, "max", "`max` cannot be negative");
        pool.roll = pr.string("roll", false, 64).value_or("");
        if (!pool.roll.empty() && !is_dice_notation(pool.roll)) pr.error(Code::BadValue, "roll", "\"{}\" is not dice notation", pool.roll);
        if (pr.ok()) c.pools.emplace(m.key(), pool);
      }
    }
    c.senses = text_list(r, "senses");
    c.languages = text_list(r, "languages");
    if (const bj::value* damage = r.get("damage")) {
      ObjectReader dr(*damage, r.at("damage"), r.what() + " `damage`", d_);
      c.resistances = dr.id_list("resistances", false).value_or(std::vector<std::string>{});
      c.immunities = dr.id_list("immunities", false).value_or(std::vector<std::string>{});
      c.vulnerabilities = dr.id_list("vulnerabilities", false).value_or(std::vector<std::string>{});
    }
    c.condition_immunities = r.id_list("conditionImmunities", false).value_or(std::vector<std::string>{});
    if (!s_.conditions.empty()) {
      for (std::size_t i = 0; i < c.condition_immunities.size(); ++i) {
        if (!s_.condition_index.contains(c.condition_immunities[i])) {
          d_.error(Code::UnknownReference, json::child(r.at("conditionImmunities"), i), "{}: the sheet declares no condition `{}`",
                   r.what(), c.condition_immunities[i]);
        }
      }
    }
    c.traits = read_features(r, "traits");
    c.actions = read_features(r, "actions");
    c.reactions = read_features(r, "reactions");
    c.legendary = read_features(r, "legendary");
    return c;
  }


 private:
  const Sheet& s_;
  Diagnostics& d_;
};

}  // namespace

std::optional<ItemBody> read_item_body(const bj::value& v, const std::string& pointer, const Catalog& catalog,
                                       const std::string& what, Diagnostics& diagnostics) {
  static const Sheet kNoSheet;  // an item reads nothing of the sheet
  return BodyReader(kNoSheet, diagnostics).read_item(v, pointer, catalog, what);
}

std::optional<CreatureBody> read_creature_body(const bj::value& v, const std::string& pointer, const Sheet& sheet,
                                               const std::string& what, Diagnostics& diagnostics) {
  return BodyReader(sheet, diagnostics).read_creature(v, pointer, what);
}

}  // namespace rk::detail
