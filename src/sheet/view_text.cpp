#include "sheet/view_text.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace rk {

namespace {

std::string signed_number(const Number& n) { return n >= Number() ? "+" + n.to_string() : n.to_string(); }

/// A value as the sheet editor shows it: an enum by its label, a boolean as yes/no, an empty
/// text as a dash.
std::string scalar_text(const ValueSpec& spec, const Scalar& value) {
  if (const auto* n = std::get_if<Number>(&value.value)) return n->to_string();
  if (const auto* b = std::get_if<bool>(&value.value)) return *b ? "yes" : "no";
  const auto* s = std::get_if<std::string>(&value.value);
  if (s == nullptr || s->empty()) return "—";
  if (spec.type == ValueType::Enum) {
    if (auto label = spec.value_labels.find(*s); label != spec.value_labels.end()) return label->second;
  }
  return *s;
}

/// What `resolution.adjust` adds to rolls with this value, reported beside it (never added to it).
std::string adjusted(const AdjustView& adjust) {
  return adjust.total == Number() ? "" : fmt::format(", rolls {}", signed_number(adjust.total));
}

std::string tier_label(const Ruleset& rs, const Id& tier) {
  auto it = rs.sheet.tier_index.find(tier);
  return it == rs.sheet.tier_index.end() ? tier : rs.resolution.tiers[it->second].label;
}

/// A cell as one short line: line breaks folded, long text cut (the whole text is in `--json`).
std::string short_text(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  constexpr std::size_t kShownCharacters = 60;
  if (text.size() <= kShownCharacters) return text;
  std::size_t cut = kShownCharacters;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
  return text.substr(0, cut) + "…";
}

/// One row of a list: its first text column as its name, then the cells that say something:
/// long texts and cells that hold their column's blank value are left to `--json`.
std::string row_text(const List& list, const RowView& row) {
  std::string name;
  std::vector<std::string> cells;
  for (const Column& column : list.columns) {
    auto cell = row.cells.find(column.id);
    if (cell == row.cells.end()) continue;
    const bool is_name = name.empty() && column.spec.type == ValueType::Text;
    if (is_name) {
      name = short_text(scalar_text(column.spec, cell->second));
      continue;
    }
    if (column.spec.type == ValueType::Longtext || cell->second == column.spec.default_value) continue;
    cells.push_back(fmt::format("{} {}", column.label, short_text(scalar_text(column.spec, cell->second))));
  }
  if (name.empty() || name == "—") name = row.id;
  return cells.empty() ? name : fmt::format("{} — {}", name, fmt::join(cells, ", "));
}

class TextSheet {
 public:
  TextSheet(const Ruleset& rs, const SheetView& view) : rs_(rs), sheet_(rs.sheet), view_(view) {
    // One column of values for the whole sheet, as wide as its longest label up to a limit.
    constexpr std::size_t kNarrowest = 24, kWidest = 32;
    std::size_t widest = kNarrowest;
    auto fit = [&](const auto& entries) {
      for (const auto& e : entries) {
        const std::size_t n = e.label.size();
        if (n <= kWidest) widest = std::max(widest, n);
      }
    };
    fit(sheet_.abilities);
    fit(sheet_.skills);
    fit(sheet_.saves);
    fit(sheet_.fields);
    fit(sheet_.pools);
    fit(sheet_.tracks);
    fit(sheet_.states);
    fit(sheet_.texts);
    for (const Derived& d : sheet_.derived) {
      if (!d.internal && d.label.size() <= kWidest) widest = std::max(widest, d.label.size());
    }
    width_ = widest;
  }

  std::string write() {
    out_ += fmt::format("{} — {}\n", view_.name.empty() ? "(unnamed)" : view_.name, rs_.label);
    // Each declared section in its order, then what sits in none under the usual headings.
    for (std::size_t s = 0; s < sheet_.sections.size(); ++s) write_group(s, sheet_.sections[s].label);
    write_group(kNone, "");
    write_live();
    write_conditions();
    if (!view_.notes.empty()) {
      out_ += "Notes\n";
      for (const auto& note : view_.notes) out_ += fmt::format("  - {}\n", note);
    }
    return out_;
  }

 private:
  bool hidden(const Id& id) const {
    return std::find(view_.hidden.begin(), view_.hidden.end(), id) != view_.hidden.end();
  }
  bool not_chosen(const Id& id) const {
    return std::find(view_.not_chosen.begin(), view_.not_chosen.end(), id) != view_.not_chosen.end();
  }
  void heading(const std::string& text) {
    if (!text.empty()) out_ += text + "\n";
  }

  /// What sits in section `s` (kNone: in none). `label` heads a section; the unsectioned parts
  /// get a heading each.
  void write_group(std::size_t s, const std::string& label) {
    const std::size_t before = out_.size();
    const bool own = s != kNone;
    if (own) heading(label);
    const std::size_t after_heading = out_.size();
    write_abilities(s, own ? "" : "Abilities");
    write_checks(sheet_.skills, view_.skills, s, own ? "" : "Skills");
    write_checks(sheet_.saves, view_.saves, s, own ? "" : "Saves");
    write_fields(s, own ? "" : "Details");
    write_derived(s, own ? "" : "Values");
    write_lists(s);
    if (own && out_.size() == after_heading) out_.resize(before);  // an empty section is not shown
  }

  void write_abilities(std::size_t s, const std::string& title) {
    bool first = true;
    for (const Ability& a : sheet_.abilities) {
      if (a.section_index != s) continue;
      if (std::exchange(first, false)) heading(title);
      const AbilityView& v = view_.abilities.at(a.id);
      out_ += fmt::format("  {:<{}} {:>4}  ({}){}\n", a.label, width_, v.score.value.to_string(),
                          signed_number(v.mod.value), adjusted(v.adjust));
    }
  }

  void write_checks(const std::vector<Check>& checks, const std::map<Id, CheckView>& views, std::size_t s,
                    const std::string& title) {
    bool first = true;
    for (const Check& c : checks) {
      if (c.section_index != s) continue;
      if (std::exchange(first, false)) heading(title);
      const CheckView& v = views.at(c.id);
      const std::string mod = v.mod ? signed_number(*v.mod) : "refused";
      out_ += fmt::format("  {:<{}} {:>4}  {}{}{}{}\n", c.label, width_, mod, tier_label(rs_, v.tier),
                          v.harder ? ", harder" : "", v.cap && v.mod && *v.mod < v.uncapped ? ", capped" : "",
                          adjusted(v.adjust));
    }
  }

  void write_fields(std::size_t s, const std::string& title) {
    bool first = true;
    for (const Field& f : sheet_.fields) {
      if (f.section_index != s || hidden(f.id)) continue;
      if (std::exchange(first, false)) heading(title);
      std::string value = scalar_text(f.spec, view_.fields.at(f.id));
      // An enum's blank-sheet value is one of its real values, so shown bare it would read as the
      // player's choice. Other types show their blank value as it is; `--json` lists every field.
      if (f.spec.type == ValueType::Enum && not_chosen(f.id))
        value = fmt::format("not chosen yet (reads as {})", value);
      out_ += fmt::format("  {:<{}} {}\n", f.label, width_, value);
    }
  }

  void write_derived(std::size_t s, const std::string& title) {
    bool first = true;
    for (const Derived& d : sheet_.derived) {
      if (d.section_index != s || d.internal || hidden(d.id)) continue;
      if (std::exchange(first, false)) heading(title);
      out_ += fmt::format("  {:<{}} {}\n", d.label, width_, view_.derived.at(d.id).value.to_string());
    }
  }

  void write_lists(std::size_t s) {
    for (const List& list : sheet_.lists) {
      if (list.section_index != s || hidden(list.id)) continue;
      auto rows = view_.lists.find(list.id);
      const bool empty = rows == view_.lists.end() || rows->second.empty();
      out_ += fmt::format("{}{}\n", s == kNone ? "" : "  ", list.label + (empty ? ": none" : ""));
      if (empty) continue;
      for (const RowView& row : rows->second)
        out_ += fmt::format("{}  - {}\n", s == kNone ? "" : "  ", row_text(list, row));
    }
  }

  void write_live() {
    std::string live;
    for (const Pool& p : sheet_.pools) {
      if (hidden(p.id)) continue;
      const PoolView& v = view_.pools.at(p.id);
      live += fmt::format("  {:<{}} {}/{}{}\n", p.label, width_, v.current.to_string(), v.max.to_string(),
                          v.temp > Number() ? fmt::format(" (+{} temporary)", v.temp.to_string()) : "");
    }
    for (const Track& t : sheet_.tracks) {
      if (hidden(t.id)) continue;
      const TrackView& v = view_.tracks.at(t.id);
      if (t.wound) {
        // One box a level: [ ] is unmarked, [kind] holds a mark of that kind.
        std::string boxes;
        for (const auto& l : v.levels) boxes += l.mark ? "[" + *l.mark + "]" : "[ ]";
        live += fmt::format("  {:<{}} {} remaining of {}, penalty {}  {}{}\n", t.label, width_, v.value.to_string(),
                            v.max.to_string(), v.penalty.value_or(Number()).to_string(), boxes,
                            v.overflow == 0 ? "" : fmt::format(" +{} overflow", v.overflow));
      } else {
        live += fmt::format("  {:<{}} {}/{}\n", t.label, width_, v.value.to_string(), v.max.to_string());
      }
    }
    for (const LiveState& state : sheet_.states) {
      if (hidden(state.id)) continue;
      const Id& value = view_.states.at(state.id);
      auto label = state.value_labels.find(value);
      live +=
          fmt::format("  {:<{}} {}\n", state.label, width_, label == state.value_labels.end() ? value : label->second);
    }
    for (const LiveText& text : sheet_.texts) {
      auto value = view_.texts.find(text.id);
      if (value != view_.texts.end() && !value->second.empty())
        live += fmt::format("  {:<{}} {}\n", text.label, width_, value->second);
    }
    if (!live.empty()) out_ += "Live\n" + live;
  }

  void write_conditions() {
    if (view_.conditions.empty()) return;
    std::vector<std::string> labels;
    for (const auto& c : view_.conditions) {
      auto it = sheet_.condition_index.find(c);
      labels.push_back(it == sheet_.condition_index.end() ? c : sheet_.conditions[it->second].label);
    }
    out_ += fmt::format("Conditions\n  {}\n", fmt::join(labels, ", "));
  }

  const Ruleset& rs_;
  const Sheet& sheet_;
  const SheetView& view_;
  std::size_t width_ = 0;
  std::string out_;
};

}  // namespace

std::string sheet_to_text(const Ruleset& ruleset, const SheetView& view) { return TextSheet(ruleset, view).write(); }

}  // namespace rk
