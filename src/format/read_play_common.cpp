// What the readers of `items`, `battle` and `combat` share: dice, value references, whole numbers,
// and the condition vocabulary (effects and modifiers) that conditions, levels and items speak.
#include <algorithm>
#include <array>
#include <cctype>
#include <regex>

#include "format/limits.hpp"
#include "format/read_play.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {}  // namespace

std::string damage_type_key(std::string_view type) {
  std::size_t begin = 0, end = type.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(type[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(type[end - 1]))) --end;
  std::string key(type.substr(begin, end - begin));
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

std::optional<Ref> read_sheet_ref(ObjectReader& r, std::string_view key, bool required, bool allow_live,
                                  Ruleset& ruleset, ReadContext& cx) {
  const bj::value* v = r.get(key);
  if (v == nullptr) {
    if (required && r.ok()) r.error(Code::MissingKey, "", "`{}` is required", key);
    return std::nullopt;
  }
  const std::string what = fmt::format("{} `{}`", r.what(), key);
  auto ref = read_ref(*v, r.at(key), what, cx);
  if (!ref) return std::nullopt;
  const std::size_t before = cx.diagnostics.error_count();
  resolve_sheet_ref(ruleset, *ref, what, cx.diagnostics);
  if (!allow_live && cx.diagnostics.error_count() == before && ref_reads_live(ruleset, *ref)) {
    r.error(Code::ReadsLiveState, key,
            "`{}` is worked out without the live state, so it cannot read a pool, a track or a live state", key);
  }
  return ref;
}

std::optional<std::int64_t> read_whole(ObjectReader& r, std::string_view key, bool required, std::int64_t min,
                                       std::int64_t max) {
  auto n = r.number(key, required, true);
  if (!n) return std::nullopt;
  if (*n < Number::of(min) || *n > Number::of(max)) {
    r.error(Code::OutOfRange, key, "`{}` is a whole number from {} to {}, found {}", key, min, max, n->to_string());
    return std::nullopt;
  }
  return n->whole();
}

std::vector<Id> read_ids(ObjectReader& r, std::string_view key, std::size_t min, std::size_t max) {
  auto ids = r.id_list(key, false);
  if (!ids) return {};
  if (ids->size() < min) r.error(Code::TooFew, key, "`{}` lists at least {}", key, min);
  if (ids->size() > max) r.error(Code::TooMany, key, "`{}` lists {}; the limit is {}", key, ids->size(), max);
  return *ids;
}

std::vector<std::string> read_words(ObjectReader& r, std::string_view key, std::size_t min, std::size_t max,
                                    std::size_t max_length) {
  std::vector<std::string> out;
  const bj::array* a = r.array(key, false);
  if (a == nullptr) return out;
  if (a->size() < min) r.error(Code::TooFew, key, "`{}` lists at least {}", key, min);
  if (a->size() > max) r.error(Code::TooMany, key, "`{}` lists {}; the limit is {}", key, a->size(), max);
  UniqueIds seen(fmt::format("{}: `{}`", r.what(), key), UniqueIds::Kind::Listed);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string p = json::child(r.at(key), i);
    const bj::value& w = (*a)[i];
    if (!w.is_string()) {
      r.diagnostics().error(Code::WrongType, p, "{}: `{}` holds strings", r.what(), key);
    } else if (auto problem = prompt_safety_problem(w.get_string())) {
      r.diagnostics().error(Code::NotPromptSafe, p, "{}: \"{}\" is not prompt-safe: {}", r.what(),
                            std::string(w.get_string()), *problem);
    } else if (text_length(w.get_string()) > max_length) {
      r.diagnostics().error(Code::TooLong, p, "{}: \"{}\" is longer than {} characters", r.what(),
                            std::string(w.get_string()), max_length);
    } else if (seen.add(w.get_string(), p, r.diagnostics())) {
      out.emplace_back(w.get_string());
    }
  }
  return out;
}

std::vector<ConditionEffect> read_effects(ObjectReader& r, std::string_view key, std::size_t min, bool item,
                                          ReadContext& cx) {
  std::vector<ConditionEffect> out;
  const bj::array* a = r.array(key, false);
  if (a == nullptr) return out;
  const limits::CountLimit& most = item ? limits::kItemEffects : limits::kConditionEffects;
  if (a->size() < min) r.error(Code::TooFew, key, "`{}` lists at least {}", key, min);
  r.check_limit(most, a->size(), key);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string p = json::child(r.at(key), i);
    const bj::value& e = (*a)[i];
    const auto effect = e.is_string() ? choice_of(kConditionEffects, e.get_string()) : std::nullopt;
    if (!effect) {
      cx.diagnostics.error(
          Code::BadValue, p, "{}: {} is not one of the condition effects (docs/format/combat.md){}", r.what(),
          e.is_string() ? "\"" + std::string(e.get_string()) + "\"" : std::string("a non-string"),
          e.is_string() ? did_you_mean(std::string_view(e.get_string()), choice_names(kConditionEffects)) : "");
      continue;
    }
    if (item && is_sourced(*effect)) {
      cx.diagnostics.error(Code::BadValue, p,
                           "{}: an item cannot have \"{}\": nobody put it on its holder, and it never ends by itself",
                           r.what(), std::string(e.get_string()));
      continue;
    }
    out.push_back(*effect);
  }
  return out;
}

std::vector<CombatModifier> read_modifiers(ObjectReader& parent, ReadContext& cx) {
  std::vector<CombatModifier> out;
  const bj::array* a = parent.array("modifiers", false);
  if (a == nullptr) return out;
  if (a->empty()) parent.error(Code::TooFew, "modifiers", "`modifiers` lists at least one");
  parent.check_limit(limits::kModifiers, a->size(), "modifiers");
  for (std::size_t i = 0; i < a->size(); ++i) {
    ObjectReader m((*a)[i], json::child(parent.at("modifiers"), i),
                   fmt::format("{} modifier #{}", parent.what(), i + 1), cx.diagnostics);
    if (!m.ok()) continue;
    CombatModifier mod;
    const bool named = m.has("to");
    const auto target = m.choice("to", true, kModifierTargets);
    if (named && !target) continue;
    if (target) mod.to = *target;
    const bool rolled = mod.to == CombatModifier::To::Attacks || mod.to == CombatModifier::To::Saves ||
                        mod.to == CombatModifier::To::Checks;
    mod.flat = read_whole(m, "flat", false, -limits::kModifierFlatBound, limits::kModifierFlatBound);
    if (mod.flat && *mod.flat == 0) m.error(Code::OutOfRange, "flat", "a flat change of 0 changes nothing");
    if (auto dice = m.string("dice", false, limits::kCatalogDiceLength)) {
      if (!is_catalog_dice(*dice))
        m.error(Code::BadValue, "dice", "\"{}\" is not dice such as 2d6 or 1d8+3", *dice);
      else if (!rolled)
        m.error(Code::BadValue, "dice", "dice are rolled, so they change attacks, saves or checks only");
      mod.dice = *dice;
    }
    if (auto minus = m.boolean("minus")) {
      if (!*minus)
        m.error(Code::BadValue, "minus", "`minus` is written `true` or left out");
      else if (!m.has("dice"))
        m.error(Code::MissingKey, "minus", "`minus` takes dice away, so it needs `dice`");
      mod.minus = *minus;
    }
    if (auto times = m.number("times", false)) {
      if (*times != Number::raw(5000) && *times != Number::of(2))
        m.error(Code::BadValue, "times", "`times` is 0.5 or 2");
      else if (mod.to != CombatModifier::To::Speed)
        m.error(Code::BadValue, "times", "`times` changes speed only");
      mod.times = *times;
    }
    mod.skills = read_ids(m, "skills", 1, limits::kNarrowSkills);
    if (m.has("skills") && mod.to != CombatModifier::To::Checks)
      m.error(Code::BadValue, "skills", "`skills` narrows a change to checks");
    mod.saves = read_ids(m, "saves", 1, limits::kNarrowSaves);
    if (m.has("saves") && mod.to != CombatModifier::To::Saves)
      m.error(Code::BadValue, "saves", "`saves` narrows a change to saves");
    if (m.has("mode")) {
      if (auto mode = m.choice("mode", false, kModifierModes)) mod.mode = *mode;
      if (mod.to != CombatModifier::To::Checks && mod.to != CombatModifier::To::Saves) {
        m.error(Code::BadValue, "mode", "`mode` rolls checks or saves twice, so it changes nothing else");
      }
    }
    if (!m.has("flat") && !m.has("dice") && !m.has("times") && !m.has("mode")) {
      m.error(Code::MissingKey, "to",
              "a modifier changes its number by a flat amount, by dice, for speed by `times`, or for checks and saves "
              "by a `mode`");
    }
    out.push_back(std::move(mod));
  }
  return out;
}

void check_narrowing(ObjectReader& r, const std::vector<ConditionEffect>& effects,
                     const std::vector<CombatModifier>& modifiers, const std::vector<Id>& fails_saves,
                     const std::vector<Id>& saves, const std::vector<Id>& skills, const Ruleset& ruleset) {
  const auto has_effect = [&](bool (*of_kind)(ConditionEffect)) {
    return std::any_of(effects.begin(), effects.end(), of_kind);
  };
  const auto modifies = [&](CombatModifier::To to) {
    return std::any_of(modifiers.begin(), modifiers.end(), [&](const CombatModifier& m) { return m.to == to; });
  };
  if (r.has("saves") && !has_effect(is_own_save) && !modifies(CombatModifier::To::Saves)) {
    r.error(Code::BadValue, "saves",
            "`saves` narrows own-saves-advantage, own-saves-disadvantage and modifiers to saves, so it needs one of "
            "them beside it");
  }
  if (r.has("skills") && !has_effect(is_own_check) && !modifies(CombatModifier::To::Checks)) {
    r.error(Code::BadValue, "skills",
            "`skills` narrows own-checks-advantage, own-checks-disadvantage and modifiers to checks, so it needs one "
            "of them beside it");
  }
  const Sheet& s = ruleset.sheet;
  const auto each = [&](const std::vector<Id>& ids, const std::string& pointer, const auto& index,
                        std::string_view kind) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      expect_known(r.diagnostics(), index, ids[i], json::child(pointer, i), r.what(), kind);
  };
  each(skills, r.at("skills"), s.skill_index, "skill");
  each(saves, r.at("saves"), s.save_index, "save");
  each(fails_saves, r.at("failsSaves"), s.save_index, "save");
  for (std::size_t i = 0; i < modifiers.size(); ++i) {
    const std::string p = json::child(r.at("modifiers"), i);
    each(modifiers[i].skills, json::child(p, "skills"), s.skill_index, "skill");
    each(modifiers[i].saves, json::child(p, "saves"), s.save_index, "save");
  }
}

}  // namespace rk::detail
