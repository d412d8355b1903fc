// Opening the builder on a character: its mode, the pass over the steps, reconciliation, preview.
#include <algorithm>

#include "builder/engine.hpp"

namespace rk {

namespace {

bool described_mode(const BuilderAnswers& a) { return a.mode && *a.mode == BuilderAnswers::Mode::Described; }

PreviewView preview_of(const Ruleset& rs, const Character& c, const SheetView& sheet, const Ledger& ledger) {
  PreviewView p;
  for (const auto& [id, _] : ledger.fields) {
    if (auto it = c.fields.find(id); it != c.fields.end()) p.written[id] = it->second;
  }
  for (const auto& [id, a] : sheet.abilities) p.abilities[id] = a.score.value;
  if (rs.gm.sheet_summary) {
    for (const auto& id : rs.gm.sheet_summary->derived) {
      if (auto it = sheet.derived.find(id); it != sheet.derived.end()) p.summary[id] = it->second.value;
    }
    for (const auto& id : rs.gm.sheet_summary->fields) {
      if (auto it = sheet.fields.find(id); it != sheet.fields.end()) {
        if (const auto* n = std::get_if<Number>(&it->second.value)) p.summary[id] = *n;
      }
    }
  }
  const std::string untrained = rs.resolution.tiers.empty() ? "" : rs.resolution.tiers.front().id;
  for (const auto& [id, tier] : c.skills) {
    if (tier != untrained) p.skills[id] = tier;
  }
  for (const auto& [id, tier] : c.saves) {
    if (tier != untrained) p.saves[id] = tier;
  }
  return p;
}

}  // namespace

bool sheet_is_blank(const Character& c) {
  return c.fields.empty() && c.abilities.empty() && c.skills.empty() && c.saves.empty() && c.bonuses.empty() &&
         std::all_of(c.lists.begin(), c.lists.end(), [](const auto& l) { return l.second.empty(); });
}

namespace builder {

Opened open(const CatalogSet& catalogs, const Character& character, BuilderAnswers answers,
            const BuilderOptions& options) {
  const Ruleset& rs = catalogs.ruleset();
  Opened out{BuilderResult{character, {}}, {}, {}};
  if (!rs.sheet.builder) {
    out.answers = std::move(answers);
    return out;
  }
  if (!answers.mode) {
    // BA-148: a sheet made without the builder opens described; a blank one is built from the start
    // and takes the abilities step's default method, which it keeps (BA-51, BA-52).
    const bool blank = sheet_is_blank(character) && answers.steps.empty() && answers.choices.empty();
    answers.mode = blank ? BuilderAnswers::Mode::Guided : BuilderAnswers::Mode::Described;
    if (blank) {
      for (const BuilderStep& step : rs.sheet.builder->steps) {
        if (step.kind == BuilderStep::Kind::Abilities && step.default_method)
          answers.steps[step.id].method = step.default_method;
      }
    }
  }
  const bool described = described_mode(answers);
  Pass pass(catalogs, character, answers, described, options);
  pass.run();
  // The pass's last working sheet is the sheet reconciled with every contribution.
  Character after = pass.final_character();
  answers.wrote = described ? adopt(rs, character, answers.wrote, pass.contributions()) : pass.final_ledger();
  after.builder = builder_answers_to_json(answers);
  out.result.view.mode =
      choice_name(kBuilderModes, described ? BuilderAnswers::Mode::Described : BuilderAnswers::Mode::Guided);
  if (described) {
    // BA-148 – BA-150: a player who filled in a field before building lands here; say why and how on.
    out.result.view.notes.push_back(
        "described: the sheet held values when the builder first opened, so picks record what the character already "
        "is and change nothing (BA-148, BA-149); send {\"done\": true} to let picks change the sheet, or start from "
        "a blank character to build it step by step");
  }
  if (const CreationProfile* profile = pass.chosen_profile()) {
    out.result.view.profile = profile->id;
    out.result.view.profile_label = profile->label;
  }
  out.result.view.steps = pass.views();
  out.result.view.preview = preview_of(rs, after, pass.final_sheet(), answers.wrote);
  out.result.character = std::move(after);
  out.answers = std::move(answers);
  out.cleared = pass.cleared();
  return out;
}

}  // namespace builder

BuilderResult open_builder(const CatalogSet& catalogs, const Character& character, const BuilderOptions& options) {
  Diagnostics ignored;
  return builder::open(catalogs, character, read_builder_answers(character.builder, ignored), options).result;
}

}  // namespace rk
