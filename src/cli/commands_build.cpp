// `rulekeeper build`: opens the guided builder on a character, applies actions in order, prints
// the character, every step's view and the computed sheet (docs/format/builder.md "rulekeeper build").
#include <algorithm>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "builder/builder.hpp"
#include "cli/shell.hpp"
#include "format/limits.hpp"
#include "json/document.hpp"
#include "json/file.hpp"
#include "json/write.hpp"
#include "sheet/view_json.hpp"

namespace rk::cli {

namespace bj = boost::json;

namespace {

// Sets `io_failed` when the file cannot be read at all (exit 2), as opposed to a refused content.
std::optional<std::vector<bj::value>> read_actions(const std::string& path, Diagnostics& d, bool& io_failed) {
  json::FileRead read = json::read_named_file(path, limits::kActionsFileBytes);
  if (!read.ok()) {
    if (read.problem == json::FileProblem::TooLarge) {
      d.error(Code::FileTooLarge, "", "actions file {} is {} bytes; the limit is {} bytes", path, read.size,
              limits::kActionsFileBytes);
    } else {
      d.error(Code::IoError, "", "cannot read actions file {}: {}", path, read.reason);
      io_failed = true;
    }
    d.items().back().file = path;
    return std::nullopt;
  }
  auto doc = json::parse(path, std::move(*read.text), {limits::kActionsFileBytes, limits::kJsonDepth}, d);
  if (!doc) return std::nullopt;
  const bj::value& root = doc->root();
  std::vector<bj::value> actions;
  if (root.is_object())
    actions.push_back(root);
  else if (root.is_array())
    actions.assign(root.as_array().begin(), root.as_array().end());
  else
    d.error(Code::WrongType, "", "an actions file holds one action (an object) or an array of actions");
  check_limit(limits::kBuildActions, actions.size(), "", "the actions file", d);
  if (d.has_errors()) return std::nullopt;
  return actions;
}

/// A roll step's entries with their faces (BC-87), an initialize step's values (BC-53, BC-56).
void print_rolls_and_writes(const StepView& s) {
  const auto throw_text = [](const CreationThrowView& t) {
    return fmt::format("{} [{}]", t.total.to_string(), fmt::join(t.faces, ", "));
  };
  for (const auto& e : s.roll_entries) {
    std::string line = fmt::format("      roll {:<12} {:<18} {}", e.id, e.key, e.dice);
    if (e.best > 1) line += fmt::format(" best of {}", e.best);
    if (!e.gain.empty()) line += fmt::format(" against {}, gain {}", e.before.to_string(), e.gain);
    if (e.floor) line += fmt::format(" floor {}", e.floor->to_string());
    if (e.rolled) {
      std::vector<std::string> attempts;
      for (const auto& t : e.attempts) attempts.push_back(throw_text(t));
      line += fmt::format(": rolled {}", fmt::join(attempts, ", "));
      if (e.gain_roll) line += fmt::format(", gain {}", throw_text(*e.gain_roll));
    }
    line += e.value ? fmt::format(" -> {}", e.value->to_string()) : std::string(" -> not rolled yet");
    say(std::cout, line + "\n");
  }
  const auto value_text = [](const std::optional<Scalar>& v) {
    return v ? json::serialize(scalar_to_json(*v)) : std::string("empty");
  };
  for (const auto& w : s.writes) {
    say(std::cout,
        fmt::format("      set {:<14} now {}  would write {} ({}){}\n", w.field, value_text(w.current),
                    value_text(w.would), w.source, w.written ? fmt::format("  set {}", value_text(w.written)) : ""));
  }
}

void print_view_text(const Ruleset& rs, const BuilderResult& r) {
  say(std::cout,
      fmt::format("{} — {} ({})\n", r.character.name.empty() ? "(unnamed)" : r.character.name, rs.label, r.view.mode));
  for (const auto& note : r.view.notes) say(std::cout, fmt::format("note: {}\n", note));
  if (!r.view.profile.empty()) say(std::cout, fmt::format("profile: {} ({})\n", r.view.profile_label, r.view.profile));
  // The mark before each step, explained once: a player reading the listing cold needs it.
  say(std::cout, "[ ] a step to work through; [-] a step hidden for now (its `when` does not hold)\n");
  for (const StepView& s : r.view.steps) {
    say(std::cout, fmt::format("[{}] {:<16} {:<14} badge {}{}\n", s.shown ? ' ' : '-', s.id,
                               choice_name(kStepKinds, s.kind), s.badge, s.shown ? "" : " (hidden)"));
    std::vector<std::string> chosen;
    for (const auto& sel : s.selections)
      chosen.push_back(sel.counts ? sel.label : sel.label + " (" + reason_text(sel.why) + ")");
    if (!chosen.empty()) say(std::cout, fmt::format("      selected: {}\n", fmt::join(chosen, "; ")));
    if (s.badge > 0) {
      // What the player can pick now, so the next action can be written from this listing.
      std::vector<std::string> open;
      for (const auto& o : s.offers) {
        if (!o.disabled) open.push_back(o.id);
      }
      constexpr std::size_t kShownOffers = 12;
      if (!open.empty()) {
        const std::size_t more = open.size() > kShownOffers ? open.size() - kShownOffers : 0;
        open.resize(std::min(open.size(), kShownOffers));
        say(std::cout, fmt::format("      offers: {}{}\n", fmt::join(open, ", "),
                                   more ? fmt::format(" (+{} more; --json lists all)", more) : ""));
      }
    }
    if (s.method) {
      say(std::cout, fmt::format("      method: {}{}\n", choice_name(kAbilityMethods, *s.method),
                                 s.budget_left ? fmt::format(" ({} {} left)", s.budget_left->to_string(),
                                                             *s.budget_left == Number::of(1) ? "point" : "points")
                                               : ""));
    }
    if (!s.fields.empty()) {
      std::vector<std::string> fields;
      for (const auto& f : s.fields) {
        if (!f.shown) continue;
        if (f.chosen) {
          fields.push_back(fmt::format("{} = {}", f.id, json::serialize(scalar_to_json(*f.value))));
        } else {
          // What the sheet computes with meanwhile; an empty text reads as nothing worth naming.
          const auto* text = f.reads_as ? std::get_if<std::string>(&f.reads_as->value) : nullptr;
          fields.push_back(fmt::format("{} = not chosen yet{}", f.id,
                                       f.reads_as && (text == nullptr || !text->empty())
                                           ? fmt::format(" (reads as {})", json::serialize(scalar_to_json(*f.reads_as)))
                                           : ""));
        }
      }
      say(std::cout, fmt::format("      {}\n", fmt::join(fields, "; ")));
    }
    for (const auto& a : s.abilities) {
      say(std::cout,
          fmt::format(
              "      {:<14} base {:>3}  bonus {:>3}  total {:>3}  mod {}{}{}\n", a.label,
              a.base ? a.base->to_string() : "-", a.bonus.to_string(), a.total.to_string(), a.modifier.to_string(),
              a.edit == Number() ? ""
                                 : fmt::format("  (your edit {}{})", a.edit > Number() ? "+" : "", a.edit.to_string()),
              a.faces.empty() ? "" : fmt::format("  rolled [{}]", fmt::join(a.faces, ", "))));
    }
    print_rolls_and_writes(s);
    for (const auto& g : s.groups) {
      say(std::cout, fmt::format("      group {:<12} {} of {} points{}\n", g.id, g.spent,
                                 g.budget ? std::to_string(*g.budget) : std::string("?"),
                                 g.slot ? fmt::format(" (priority {})", *g.slot + 1) : ""));
      for (const auto& t : g.targets) {
        say(std::cout,
            fmt::format("        {:<24} start {:>3}  free {:>2}  bought {:>2}  total {:>3}{}{}\n", t.key,
                        t.start.to_string(), t.free.to_string(), t.bought, t.total.to_string(),
                        t.tier.empty() ? "" : " (" + t.tier + ")", t.counts ? "" : " — " + reason_text(t.why)));
      }
    }
    if (s.creation_pool) {
      const CreationPoolView& p = *s.creation_pool;
      say(std::cout,
          fmt::format("      pool {:<12} {} spent, {} credit, {} of {} left{}\n", p.id, p.spent.to_string(),
                      p.credit.to_string(), p.remaining.to_string(),
                      p.budget ? std::to_string(*p.budget) : std::string("?"), p.attention ? " — needs repair" : ""));
    }
    if (s.rows) {
      const RowsView& v = *s.rows;
      say(std::cout, fmt::format("      list {}: {} of {} complete rows, {} own (at most {}){}\n", v.list, v.complete,
                                 v.expected, v.own, v.most, v.can_add ? "" : " — " + reason_text(v.why)));
      for (const RowEntryView& r : v.rows) {
        std::vector<std::string> cells;
        for (const auto& [id, value] : r.cells)
          cells.push_back(fmt::format("{}={}", id, json::serialize(scalar_to_json(value))));
        say(std::cout,
            fmt::format("        {:<16} {}{}{}{}\n", r.id,
                        cells.empty() ? "-" : fmt::format("{}", fmt::join(cells, "; ")),
                        r.price ? fmt::format("  price {}", r.price->to_string()) : "",
                        r.from_pick ? "  (added by a pick)" : "",
                        r.missing.empty() ? "" : fmt::format("  (to fill: {})", fmt::join(r.missing, ", "))));
      }
    }
    for (const auto& o : s.spend_offers) {
      say(std::cout,
          fmt::format("        {:<20} {:<22} start {:>5}  now {:>5}  lines {:>2}{}{}\n", o.id, o.key,
                      o.start.to_string(), o.value.to_string(), o.lines.size(),
                      o.next_price ? fmt::format("  next {} for {}", o.next_value ? o.next_value->to_string() : "?",
                                                 o.next_price->to_string())
                                   : "",
                      o.can_buy || o.why.empty() ? "" : " — " + reason_text(o.why)));
    }
    for (const auto& slot : s.slots) {
      std::vector<std::string> answers;
      for (const auto& a : slot.answers) answers.push_back(a.counts ? a.id : a.id + " (" + reason_text(a.why) + ")");
      say(std::cout, fmt::format("      choice {} ({}, {} of {}): {}{}\n", slot.key,
                                 choice_name(SlotView::kKinds, slot.kind), slot.count - slot.missing, slot.count,
                                 answers.empty() ? "-" : fmt::format("{}", fmt::join(answers, ", ")),
                                 slot.not_configured ? " — not configured" : ""));
      for (const auto& n : slot.notes) say(std::cout, fmt::format("        note: {}\n", n));
      if (slot.missing > 0) {
        std::vector<std::string> open;
        for (const auto& o : slot.offers) {
          if (!o.disabled) open.push_back(o.id);
        }
        if (!open.empty()) say(std::cout, fmt::format("        offers: {}\n", fmt::join(open, ", ")));
      }
    }
    for (const auto& n : s.notes) say(std::cout, fmt::format("      note: {}\n", n));
  }
}

}  // namespace

int build(const BuildOptions& o) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(o.ruleset, o.as_json, exit_code);
  if (!ruleset) return exit_code;
  if (!ruleset->sheet.builder) {
    say(std::cerr, fmt::format("error[bad-action]: ruleset `{}` declares no builder (`sheet.builder`)\n", ruleset->id));
    return kExitRefused;
  }
  auto character = read_character_or_report(*ruleset, o.character, o.as_json, exit_code);
  if (!character) return exit_code;
  const CatalogSet catalogs(ruleset, package_folder(o.ruleset), o.installed);
  const BuilderOptions options{o.free_gear};
  const auto refused = [&](const Diagnostics& d) {
    print_refusal(d, o.as_json);
    return kExitRefused;
  };
  {
    Diagnostics stored;
    read_builder_answers(character->builder, stored);
    if (stored.has_errors()) return refused(stored);
  }
  BuilderResult result = open_builder(catalogs, *character, options);
  if (!o.actions.empty()) {
    Diagnostics d;
    bool io_failed = false;
    auto actions = read_actions(o.actions, d, io_failed);
    if (!actions) return io_failed ? (print_refusal(d, o.as_json), kExitUsage) : refused(d);
    SeededDice dice(o.seed);
    for (std::size_t i = 0; i < actions->size(); ++i) {
      Diagnostics step;
      auto next = apply_action(catalogs, result.character, (*actions)[i], dice, step, options);
      if (!next) {
        // The whole run is refused: nothing is printed as changed.
        Diagnostics located;
        for (const auto& diagnostic : step.items()) {
          Diagnostic copy = diagnostic;
          copy.message = fmt::format("action {} (at /{}): {}", i + 1, i, copy.message);
          copy.pointer = fmt::format("/{}{}", i, copy.pointer);
          located.add(std::move(copy));
        }
        return refused(located);
      }
      result = std::move(*next);
    }
  }
  if (o.out_given) {
    // Written whole or not at all: a temporary file beside it, then renamed over it, so a full
    // disk or a kill never leaves the old character (often the input itself) truncated.
    if (auto problem =
            json::write_file_atomically(o.out, json::serialize(character_to_json(result.character)) + "\n")) {
      return io_failure(o.as_json, o.out, fmt::format("cannot write {}: {}", o.out, *problem));
    }
  }
  if (o.as_json) {
    bj::object view = builder_view_to_json(result.view).as_object();
    bj::object out{{"character", character_to_json(result.character)},
                   {"mode", view["mode"]},
                   {"steps", view["steps"]},
                   {"preview", view["preview"]},
                   {"sheet", sheet_to_json(*ruleset, evaluate(*ruleset, result.character))}};
    print_json(out);
    return kExitOk;
  }
  print_view_text(*ruleset, result);
  return kExitOk;
}

}  // namespace rk::cli
