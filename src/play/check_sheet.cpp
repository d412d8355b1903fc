#include "play/check_sheet.hpp"

#include <algorithm>
#include <array>

namespace rk::play::detail {
namespace {

constexpr std::array<std::string_view, 4> kCheckSuffixes = {" ability check", " check", " saving throw", " save"};
constexpr std::array<std::string_view, 2> kSaveSuffixes = {" saving throw", " save"};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

/// The name without a trailing "check", "ability check", "save" or "saving throw".
std::string base_of(const std::string& key) {
  for (const std::string_view suffix : kCheckSuffixes) {
    if (ends_with(key, suffix)) return check_name_key(std::string_view(key).substr(0, key.size() - suffix.size()));
  }
  return key;
}

bool answers(const std::string& key, const Id& id, const std::string& label, const std::string& short_label = {}) {
  if (key.empty()) return false;
  return check_name_key(id) == key || check_name_key(label) == key ||
         (!short_label.empty() && check_name_key(short_label) == key);
}

std::optional<std::size_t> ability_named(const Ruleset& ruleset, std::string_view name) {
  const std::string key = check_name_key(name);
  if (key.empty()) return std::nullopt;
  const std::string base = base_of(key);
  const auto& abilities = ruleset.sheet.abilities;
  for (std::size_t i = 0; i < abilities.size(); ++i) {
    const Ability& a = abilities[i];
    if (answers(key, a.id, a.label, a.short_label) || answers(base, a.id, a.label, a.short_label)) return i;
  }
  return std::nullopt;
}

std::int64_t whole_of(Number n) { return n.round_half_away().whole(); }

const Ability* ability_with_id(const Ruleset& ruleset, const Id& id) {
  for (const Ability& a : ruleset.sheet.abilities) {
    if (a.id == id) return &a;
  }
  return nullptr;
}

std::int64_t ability_mod(const SheetView& sheet, const Id& id) {
  const auto it = sheet.abilities.find(id);
  return it == sheet.abilities.end() ? 0 : whole_of(it->second.mod.value);
}

std::string adjust_name(const Ruleset& ruleset, const Adjust& adjust) {
  if (adjust.value.kind == RefKind::Derived) {
    for (const Derived& d : ruleset.sheet.derived) {
      if (d.id == adjust.value.target) return d.label;
    }
  }
  return "adjust";
}

}  // namespace

std::string check_name_key(std::string_view name) {
  std::string key;
  bool gap = false;
  for (const char raw : name) {
    const char c = (raw >= 'A' && raw <= 'Z') ? static_cast<char>(raw - 'A' + 'a') : raw;
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      if (gap && !key.empty()) key += ' ';
      key += c;
      gap = false;
    } else {
      gap = true;
    }
  }
  return key;
}

std::optional<CheckMatch> match_check(const Ruleset& ruleset, std::string_view name, std::string_view with) {
  const std::string key = check_name_key(name);
  if (key.empty()) return std::nullopt;
  const Sheet& sheet = ruleset.sheet;
  const bool save_word = std::any_of(kSaveSuffixes.begin(), kSaveSuffixes.end(),
                                     [&](std::string_view suffix) { return ends_with(key, suffix); });
  const std::string base = base_of(key);
  const std::optional<std::size_t> swap = with.empty() ? std::nullopt : ability_named(ruleset, with);
  auto trained = [&](CheckTarget target, std::size_t index) { return CheckMatch{target, index, swap}; };

  for (std::size_t i = 0; i < sheet.saves.size(); ++i) {
    if (answers(key, sheet.saves[i].id, sheet.saves[i].label)) return trained(CheckTarget::Save, i);
  }
  if (save_word) {
    // "<ability> save": the save that rolls with that ability, when exactly one does.
    for (std::size_t a = 0; a < sheet.abilities.size(); ++a) {
      const Ability& ability = sheet.abilities[a];
      if (!answers(base, ability.id, ability.label, ability.short_label)) continue;
      std::optional<std::size_t> only;
      std::size_t count = 0;
      for (std::size_t i = 0; i < sheet.saves.size(); ++i) {
        if (sheet.saves[i].ability == ability.id) {
          only = i;
          ++count;
        }
      }
      if (count == 1) return trained(CheckTarget::Save, *only);
      break;
    }
    for (std::size_t i = 0; i < sheet.saves.size(); ++i) {
      if (answers(base, sheet.saves[i].id, sheet.saves[i].label)) return trained(CheckTarget::Save, i);
    }
    return std::nullopt;
  }
  for (std::size_t i = 0; i < sheet.skills.size(); ++i) {
    const Check& skill = sheet.skills[i];
    if (answers(key, skill.id, skill.label) || answers(base, skill.id, skill.label))
      return trained(CheckTarget::Skill, i);
  }
  for (std::size_t i = 0; i < sheet.abilities.size(); ++i) {
    const Ability& ability = sheet.abilities[i];
    if (!answers(base, ability.id, ability.label, ability.short_label)) continue;
    // A second ability only where a pool adds two together; anywhere else `with=` means nothing here.
    const bool pairs = ruleset.resolution.is_pool() && ruleset.resolution.pool.ability_plus_ability;
    return CheckMatch{CheckTarget::Ability, i, pairs ? swap : std::nullopt};
  }
  return std::nullopt;
}

std::optional<CheckMatch> match_card_check(const Ruleset& ruleset, const SheetView& sheet, std::string_view name,
                                           std::string_view with) {
  if (std::optional<CheckMatch> own = match_check(ruleset, name, with)) return own;
  const std::optional<RowCheckAt> row = row_check_named(ruleset, sheet, name);
  if (!row) return std::nullopt;
  const std::optional<std::size_t> swap = with.empty() ? std::nullopt : ability_named(ruleset, with);
  return CheckMatch{CheckTarget::Row, row->list, swap, *row};
}

std::pair<Id, std::string> matched_names(const Ruleset& ruleset, const SheetView& sheet, const CheckMatch& match) {
  const Sheet& s = ruleset.sheet;
  switch (match.target) {
    case CheckTarget::Ability:
      return {s.abilities[match.index].id, s.abilities[match.index].label};
    case CheckTarget::Save:
      return {s.saves[match.index].id, s.saves[match.index].label};
    case CheckTarget::Skill:
      return {s.skills[match.index].id, s.skills[match.index].label};
    case CheckTarget::Row: {
      const List& list = s.lists[match.row.list];
      const RowView& row = sheet.lists.at(list.id)[match.row.row];
      return {list.id + ":" + list.checks[match.row.check].id + ":" + row.id,
              row_check_name(ruleset, sheet, match.row)};
    }
  }
  return {};
}

const LadderStep* ladder_step(const Ruleset& ruleset, std::string_view name) {
  const std::string key = check_name_key(name);
  if (key.empty()) return nullptr;
  const LadderStep* found = nullptr;
  for (const LadderStep& step : ruleset.resolution.ladder) {
    if (check_name_key(step.label) != key) continue;
    if (found != nullptr) return nullptr;  // a name two steps share picks neither
    found = &step;
  }
  return found;
}

SheetNumber sheet_number(const Ruleset& ruleset, const Character& character, const SheetView& sheet,
                         const CheckMatch& match) {
  SheetNumber out;
  const Sheet& s = ruleset.sheet;
  std::vector<Id> rolling;  // the abilities the check rolls with, for `resolution.adjust`
  if (match.target == CheckTarget::Row) {
    RowCheckNumber row = row_check_number(ruleset, sheet, match.row, match.with_ability);
    out.number = row.number;
    out.terms = std::move(row.terms);
    if (row.rolled_with) rolling.push_back(*row.rolled_with);
  } else if (match.target == CheckTarget::Ability) {
    const Ability& ability = s.abilities[match.index];
    out.number = ability_mod(sheet, ability.id);
    out.terms.push_back({ability.label, out.number});
    rolling.push_back(ability.id);
    if (match.with_ability) {
      const Ability& second = s.abilities[*match.with_ability];
      const std::int64_t mod = ability_mod(sheet, second.id);
      out.number += mod;
      out.terms.push_back({second.label, mod});
      rolling.push_back(second.id);
    }
  } else {
    const bool save = match.target == CheckTarget::Save;
    const Check& check = save ? s.saves[match.index] : s.skills[match.index];
    const auto& views = save ? sheet.saves : sheet.skills;
    const auto view_it = views.find(check.id);
    if (view_it == views.end()) {
      out.refused = true;
      return out;
    }
    const CheckView& view = view_it->second;
    if (view.refused || !view.mod) {
      out.refused = true;
      return out;
    }
    out.harder = view.harder;
    const std::int64_t own = check.ability.empty() ? 0 : ability_mod(sheet, check.ability);
    const std::int64_t uncapped = whole_of(view.uncapped);
    const Ability* rolled_with =
        match.with_ability ? &s.abilities[*match.with_ability] : ability_with_id(ruleset, check.ability);
    const std::int64_t rolled_mod = rolled_with != nullptr ? ability_mod(sheet, rolled_with->id) : 0;
    // SH-10: `with=` swaps the ability on the number before the cap; the cap then holds the result.
    const std::int64_t before_cap = match.with_ability ? uncapped - own + rolled_mod : uncapped;
    const std::int64_t capped = view.cap ? std::min(before_cap, whole_of(*view.cap)) : before_cap;
    out.number = match.with_ability ? capped : whole_of(*view.mod);
    if (rolled_with != nullptr) {
      out.terms.push_back({rolled_with->label, rolled_mod});
      rolling.push_back(rolled_with->id);
    }
    std::string tier_label = view.tier;
    for (const ProficiencyTier& tier : ruleset.resolution.tiers) {
      if (tier.id == view.tier) tier_label = tier.label;
    }
    out.terms.push_back({tier_label.empty() ? std::string("training") : tier_label, uncapped - own});
    if (out.number < before_cap) out.terms.push_back({"cap", out.number - before_cap});
  }
  // SH-65: the penalty of the wound track `penaltyFrom` names, on every check.
  if (!ruleset.resolution.penalty_from.empty()) {
    if (const auto it = sheet.tracks.find(ruleset.resolution.penalty_from);
        it != sheet.tracks.end() && it->second.penalty) {
      out.penalty = whole_of(*it->second.penalty);
      if (out.penalty != 0) {
        std::string label = ruleset.resolution.penalty_from;
        for (const Track& t : s.tracks) {
          if (t.id == label) label = t.label;
        }
        out.terms.push_back({label, out.penalty});
      }
    }
  }
  // SH-70: every entry for all rolls, and every one for an ability this check rolls with; whole
  // numbers toward zero, so half a point never becomes a die.
  Number adjust;
  std::string names;
  for (const Adjust& a : ruleset.resolution.adjust) {
    const bool touches = a.abilities.empty() || std::any_of(a.abilities.begin(), a.abilities.end(), [&](const Id& id) {
                           return std::find(rolling.begin(), rolling.end(), id) != rolling.end();
                         });
    if (!touches) continue;
    const Number value = evaluate_ref(ruleset, character, a.value);
    if (value == Number()) continue;
    adjust += value;
    if (!names.empty()) names += " + ";
    names += adjust_name(ruleset, a);
  }
  out.adjust = adjust.whole();
  if (out.adjust != 0) out.terms.push_back({names, out.adjust});
  out.rolling = std::move(rolling);
  return out;
}

}  // namespace rk::play::detail
