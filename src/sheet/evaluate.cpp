// Evaluating a sheet (evaluate.hpp): the whole sheet, one value, a reader of many values, and a
// value's explanation. The evaluator itself is in evaluator.hpp and evaluate_*.cpp.
#include "sheet/evaluate.hpp"

#include "sheet/evaluator.hpp"

namespace rk {

namespace detail {

SheetView Evaluator::run(Part part) {
  const bool whole = part == Part::Whole;
  SheetView v;
  v.ruleset = rs_.id;
  v.name = c_.name;
  for (const auto& f : s_.fields) {
    v.fields.emplace(f.id, field_value(f));
    if (whole && !field_chosen(f, c_.fields)) v.not_chosen.push_back(f.id);
  }
  if (whole) {
    for (std::size_t i = 0; i < s_.abilities.size(); ++i) {
      AbilityView a = ability(i);
      a.adjust = adjust_for(&s_.abilities[i].id);
      v.abilities.emplace(s_.abilities[i].id, std::move(a));
    }
    for (std::size_t i = 0; i < s_.skills.size(); ++i) {
      CheckView c = check(i, false);
      const Check& skill = s_.skills[i];
      c.adjust = adjust_for(skill.ability.empty() ? nullptr : &skill.ability);
      v.skills.emplace(skill.id, std::move(c));
    }
    for (std::size_t i = 0; i < s_.saves.size(); ++i) {
      CheckView c = check(i, true);
      const Check& save = s_.saves[i];
      c.adjust = adjust_for(save.ability.empty() ? nullptr : &save.ability);
      v.saves.emplace(save.id, std::move(c));
    }
    for (std::size_t i = 0; i < s_.derived.size(); ++i) v.derived.emplace(s_.derived[i].id, derived(i));
  }
  for (const auto& list : s_.lists) {
    if (whole || list.pools) v.lists.emplace(list.id, rows(list));
  }
  for (std::size_t i = 0; i < s_.pools.size(); ++i) v.pools.emplace(s_.pools[i].id, pool(i));
  for (std::size_t i = 0; i < s_.tracks.size(); ++i) v.tracks.emplace(s_.tracks[i].id, track(i));
  for (const auto& st : s_.states) v.states.emplace(st.id, state_value(st));
  // Hidden elements, in the order the sheet declares them.
  for (const auto& f : s_.fields)
    if (hidden(f.hide_when)) v.hidden.push_back(f.id);
  for (const auto& d : s_.derived)
    if (hidden(d.hide_when)) v.hidden.push_back(d.id);
  for (const auto& l : s_.lists)
    if (hidden(l.hide_when)) v.hidden.push_back(l.id);
  for (const auto& p : s_.pools)
    if (hidden(p.hide_when)) v.hidden.push_back(p.id);
  for (const auto& t : s_.tracks)
    if (hidden(t.hide_when)) v.hidden.push_back(t.id);
  for (const auto& st : s_.states)
    if (hidden(st.hide_when)) v.hidden.push_back(st.id);
  for (const auto& text : s_.texts) {
    const auto it = c_.texts.find(text.id);
    v.texts.emplace(text.id, it == c_.texts.end() ? std::string() : it->second);
  }
  v.conditions = c_.conditions;
  v.notes = c_.notes;
  // What reading the document kept (unknown keys, retired ids) is said with the sheet.
  v.warnings = c_.read_warnings;
  v.warnings.append(warnings_);
  return v;
}

}  // namespace detail

namespace {

std::vector<std::string> render(std::string_view title, Number value, const std::vector<Term>& terms) {
  std::vector<std::string> out;
  out.push_back(fmt::format("{} = {}", title, value.to_string()));
  for (const auto& t : terms) {
    out.push_back(t.value ? fmt::format("  {:>6}  {}", t.value->to_string(), t.text)
                          : fmt::format("  {:>6}  {}", "", t.text));
  }
  return out;
}

}  // namespace

SheetView evaluate(const Ruleset& ruleset, const Character& character) {
  return detail::Evaluator(ruleset, character).run();
}

SheetView evaluate_numbers(const Ruleset& ruleset, const Character& character) {
  return detail::Evaluator(ruleset, character, detail::Explain::No).run();
}

SheetView evaluate_live(const Ruleset& ruleset, const Character& character) {
  return detail::Evaluator(ruleset, character, detail::Explain::No).run(detail::Evaluator::Part::Live);
}

Number evaluate_ref(const Ruleset& ruleset, const Character& character, const Ref& ref) {
  return detail::Evaluator(ruleset, character, detail::Explain::No).value_of(ref);
}

struct SheetReader::Impl {
  Impl(const Ruleset& rs, const Character& c) : evaluator(rs, c, detail::Explain::No) {}
  detail::Evaluator evaluator;
};

SheetReader::SheetReader(const Ruleset& ruleset, const Character& character)
    : impl_(std::make_unique<Impl>(ruleset, character)) {}
SheetReader::~SheetReader() = default;
Number SheetReader::read(const Ref& ref) { return impl_->evaluator.value_of(ref); }

std::optional<std::vector<std::string>> SheetView::explain(std::string_view query) const {
  std::string kind;
  std::string id(query);
  if (auto colon = query.find(':'); colon != std::string_view::npos) {
    kind = std::string(query.substr(0, colon));
    id = std::string(query.substr(colon + 1));
  }
  auto wants = [&](std::string_view k) { return kind.empty() || kind == k; };
  if (wants("ability")) {
    if (auto it = abilities.find(id); it != abilities.end()) {
      auto out = render(fmt::format("ability `{}` score", id), it->second.score.value, it->second.score.terms);
      auto mod = render(fmt::format("ability `{}` modifier", id), it->second.mod.value, it->second.mod.terms);
      out.insert(out.end(), mod.begin(), mod.end());
      if (!it->second.adjust.terms.empty()) {
        auto adjust = render("added to its rolls", it->second.adjust.total, it->second.adjust.terms);
        out.insert(out.end(), adjust.begin(), adjust.end());
      }
      return out;
    }
  }
  for (const auto& [k, map] : {std::pair<std::string_view, const std::map<Id, CheckView>*>{"skill", &skills},
                               std::pair<std::string_view, const std::map<Id, CheckView>*>{"save", &saves}}) {
    if (!wants(k)) continue;
    if (auto it = map->find(id); it != map->end()) {
      const CheckView& c = it->second;
      auto out =
          render(fmt::format("{} `{}` modifier (tier `{}`)", k, id, c.tier), c.mod.value_or(c.uncapped), c.terms);
      if (!c.mod) out.front() = fmt::format("{} `{}` modifier (tier `{}`) = refused untrained", k, id, c.tier);
      if (!c.adjust.terms.empty()) {
        auto adjust = render("added to its rolls", c.adjust.total, c.adjust.terms);
        out.insert(out.end(), adjust.begin(), adjust.end());
      }
      return out;
    }
  }
  if (wants("derived")) {
    if (auto it = derived.find(id); it != derived.end())
      return render(fmt::format("derived value `{}`", id), it->second.value, it->second.terms);
  }
  if (wants("pool")) {
    if (auto it = pools.find(id); it != pools.end()) {
      return render(fmt::format("pool `{}` current (max {})", id, it->second.max.to_string()), it->second.current,
                    it->second.terms);
    }
  }
  if (wants("track")) {
    if (auto it = tracks.find(id); it != tracks.end()) {
      return render(fmt::format("track `{}` {}", id, it->second.wound ? "remaining levels" : "value"), it->second.value,
                    it->second.terms);
    }
  }
  return std::nullopt;
}

}  // namespace rk
