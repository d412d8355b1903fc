// Reading the top level of a ruleset: `gm`, `gmReference`, `clocks`, `party`,
// and the items of `catalogs` that `itemStat` reads.
#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

#include "format/compile.hpp"
#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/read_contextual.hpp"
#include "format/read_play.hpp"
#include "format/ruleset.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

void read_gm(const bj::value& v, const std::string& pointer, Gm& gm, ReadContext& cx) {
  ObjectReader r(v, pointer, "gm", cx.diagnostics);
  gm.pointer = pointer;
  // SH-81: each guidance keeps its 1,500-character limit.
  gm.check_guidance = r.prompt_text("checkGuidance", true, limits::kGuidanceLength).value_or("");
  gm.sheet_guidance = r.prompt_text("sheetGuidance", false, limits::kGuidanceLength).value_or("");
  if (r.has("worldGuidance")) cx.requirement.use(Gate::GmWorldGuidance, r.at("worldGuidance"));
  gm.world_guidance = r.prompt_text("worldGuidance", false, limits::kGuidanceLength).value_or("");
  if (const bj::value* summary = r.get("sheetSummary")) {
    gm.sheet_summary = read_summary(*summary, r.at("sheetSummary"), "gm.sheetSummary", cx);
  }
}

}  // namespace

std::optional<Clocks> read_clocks(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  cx.requirement.use(Gate::Clocks, pointer);
  ObjectReader r(v, pointer, "clocks", cx.diagnostics);  // SH-88: strict, three keys
  if (!r.ok()) return std::nullopt;
  Clocks clocks;
  if (const bj::array* sizes = r.array("sizes", false)) {
    if (sizes->size() < limits::kClockSizesMin || sizes->size() > limits::kClockSizesMax) {
      r.error(sizes->empty() ? Code::TooFew : Code::TooMany, "sizes",
              "`sizes` lists {}-{} segment counts, found {} (SH-89)", limits::kClockSizesMin, limits::kClockSizesMax,
              sizes->size());
    }
    clocks.sizes.clear();
    for (std::size_t i = 0; i < sizes->size(); ++i) {
      const bj::value& s = (*sizes)[i];
      const std::string p = json::child(r.at("sizes"), i);
      auto n = s.is_number() ? to_number(s) : std::nullopt;
      if (!n || !n->is_integer()) {
        cx.diagnostics.error(Code::BadNumber, p, "clocks: each size is an integer");
        continue;
      }
      if (*n < Number::of(limits::kClockSegmentsMin) || *n > Number::of(limits::kClockSegmentsMax)) {
        cx.diagnostics.error(Code::OutOfRange, p, "clocks: size {} is outside {}-{} (SH-89)", n->to_string(),
                             limits::kClockSegmentsMin, limits::kClockSegmentsMax);
        continue;
      }
      if (std::find(clocks.sizes.begin(), clocks.sizes.end(), n->whole()) != clocks.sizes.end()) {
        cx.diagnostics.error(Code::DuplicateId, p, "clocks: size {} is listed twice (SH-89)", n->to_string());
        continue;
      }
      clocks.sizes.push_back(n->whole());
    }
  }
  if (auto max = r.number("max", false, true)) {
    if (*max < Number::of(limits::kClocksStoredMin) || *max > Number::of(limits::kClocksStoredMax)) {
      r.error(Code::OutOfRange, "max", "`max` is {}-{}, found {} (SH-90)", limits::kClocksStoredMin,
              limits::kClocksStoredMax, max->to_string());
    } else {
      clocks.max = max->whole();
    }
  }
  clocks.text = r.prompt_text("text", false, limits::kShortTextLength).value_or("");
  return clocks;
}

std::optional<Party> read_party(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  cx.requirement.use(Gate::Party, pointer);
  ObjectReader r(v, pointer, "party", cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  Party party;
  party.pointer = pointer;
  party.label = r.label();
  if (const bj::array* fields = r.array("fields", false)) {
    r.check_limit(limits::kPartyFields, fields->size(), "fields");
    party.fields = read_fields(*fields, r.at("fields"), SheetOwner::Party, cx);
  }
  if (const bj::array* pools = r.array("pools", false)) {
    r.check_limit(limits::kPartyPools, pools->size(), "pools");
    party.pools = read_pools(*pools, r.at("pools"), "party pool", cx);
  }
  if (const bj::array* lists = r.array("lists", false)) {
    cx.requirement.use(Gate::PartyLists, r.at("lists"));
    r.check_limit(limits::kPartyLists, lists->size(), "lists");
    party.lists = read_lists(*lists, r.at("lists"), SheetOwner::Party, cx);
  }
  if (const bj::value* adv = r.get("advancement")) {
    party.advancement = read_advancement(*adv, r.at("advancement"), "party.advancement", cx, true);
  }
  party.text = r.prompt_text("text", false, limits::kShortTextLength).value_or("");
  if (const bj::value* summary = r.get("summary")) {
    party.summary = read_summary(*summary, r.at("summary"), "party.summary", cx);
    if (party.summary && !party.summary->lists.empty()) cx.requirement.use(Gate::PartySummaryLists, r.at("summary"));
  }
  if (const bj::array* from = r.array("fromMembers", false)) {
    cx.requirement.use(Gate::PartyFromMembers, r.at("fromMembers"));
    r.check_limit(limits::kPartyFromMembers, from->size(), "fromMembers");
    for (std::size_t i = 0; i < from->size(); ++i) {
      const std::string p = json::child(r.at("fromMembers"), i);
      ObjectReader m((*from)[i], p, fmt::format("party.fromMembers #{}", i + 1), cx.diagnostics);
      FromMember member;
      member.pointer = p;
      member.field = m.id("field", true).value_or("");
      const auto count = m.boolean("count");
      const bool has_sum = m.has("sum");
      if (has_sum) member.sum = m.id("sum", true).value_or("");
      member.count = count.value_or(false);
      if (count.has_value() && !*count) m.error(Code::BadValue, "count", "`count` is written `true` or left out");
      if (member.count == has_sum && m.ok()) {
        m.error(Code::ConflictingKeys, "",
                "an entry is either {{ \"field\", \"count\": true }} or {{ \"field\", \"sum\" }} (SH-129)");
      }
      if (m.ok()) party.from_members.push_back(std::move(member));
    }
  }
  if (const bj::value* builder = r.get("builder")) {
    cx.requirement.use(Gate::PartyBuilder, r.at("builder"));
    if (!builder->is_object()) r.error(Code::WrongType, "builder", "`builder` must be an object");
    party.has_builder = true;
  }
  // SH-109: a party sheet has no sections, abilities, derived values or migrations.
  for (std::string_view key : {"sections", "abilities", "derived", "skills", "saves", "migrations", "live"}) {
    if (r.has(key)) r.error(Code::UnknownKey, key, "a party sheet has no `{}` (SH-109)", key);
    r.accept(key);
  }
  // SH-108: at least one field or pool.
  if (party.fields.empty() && party.pools.empty()) {
    r.error(Code::PartyEmpty, "", "a party sheet needs at least one field or pool (SH-108)");
  }
  return party;
}

}  // namespace rk::detail

namespace rk::detail {

namespace {

/// What the compile passes share. The raw sections are found once, by the first pass; the later
/// passes read them against what the earlier passes finished.
struct Compilation {
  Ruleset& ruleset;
  ReadContext& cx;
  ObjectReader& top;
  const bj::value* items = nullptr;
  const bj::value* battle = nullptr;
  const bj::value* combat = nullptr;
  const bj::value* catalogs = nullptr;
  const bj::value* builder = nullptr;
};

/// Each section's own shape, with ids as written: no cross-reference is looked at yet.
void read_sections(Compilation& c) {
  ObjectReader& r = c.top;
  Ruleset& ruleset = c.ruleset;
  read_top_level(r, ruleset, c.cx);
  if (const bj::value* sheet = r.get("sheet")) {
    read_sheet(*sheet, r.at("sheet"), ruleset.sheet, c.cx);
    if (ruleset.sheet.has_builder) c.builder = sheet->as_object().if_contains("builder");
  } else {
    r.error(Code::MissingKey, "", "`sheet` is required");
  }
  if (const bj::value* resolution = r.get("resolution")) {
    read_resolution(*resolution, r.at("resolution"), ruleset.resolution, c.cx);
  } else {
    r.error(Code::MissingKey, "", "`resolution` is required: how a check is rolled");
  }
  if (const bj::value* gm = r.get("gm")) {
    read_gm(*gm, r.at("gm"), ruleset.gm, c.cx);
  } else {
    r.error(Code::MissingKey, "", "`gm` is required: at least its `checkGuidance`");
  }
  if (r.has("gmReference")) {
    ruleset.requirement.use(Gate::GmReference, r.at("gmReference"));
    ruleset.gm_reference = r.prompt_text("gmReference", true, limits::kGmReferenceLength).value_or("");
  }
  if (const bj::value* clocks = r.get("clocks")) ruleset.clocks = read_clocks(*clocks, r.at("clocks"), c.cx);
  if (const bj::value* party = r.get("party")) ruleset.party = read_party(*party, r.at("party"), c.cx);
  // Rests sit at the top level, beside the sheet whose live state they restore.
  if (const bj::array* rests = r.array("rests", false)) read_rests(*rests, r.at("rests"), ruleset.sheet, c.cx);
  if (const bj::value* layers = r.get("layers")) ruleset.layers = read_layers(*layers, r.at("layers"), c.cx);
  c.items = r.get("items");
  c.battle = r.get("battle");
  c.combat = r.get("combat");
  c.catalogs = r.get("catalogs");
  r.finish();
}

/// Ids become indices and the dependency graph is checked (resolve.cpp, graph.cpp).
void resolve_references(Compilation& c) {
  resolve(c.ruleset, c.cx.diagnostics);
  resolve_list_checks(c.ruleset, c.cx.diagnostics);
}

/// The play blocks name sheet entries, so they are read against the resolved sheet; the catalogs'
/// items and creatures are written in their words, so they come before the catalogs.
void read_play_blocks(Compilation& c) {
  Ruleset& ruleset = c.ruleset;
  Diagnostics& diagnostics = c.cx.diagnostics;
  if (c.items != nullptr) read_items(*c.items, c.top.at("items"), ruleset, c.cx);
  check_sheet_item_stat_refs(ruleset, diagnostics);
  check_list_contextuals(ruleset, c.cx);
  if (c.battle != nullptr) read_battle(*c.battle, c.top.at("battle"), ruleset, c.cx);
  if (c.combat != nullptr) read_combat(*c.combat, c.top.at("combat"), ruleset, c.cx);
  if (ruleset.gm.sheet_summary) check_summary_columns(ruleset, *ruleset.gm.sheet_summary, false, diagnostics);
  if (ruleset.party && ruleset.party->summary) {
    check_summary_columns(ruleset, *ruleset.party->summary, true, diagnostics);
  }
}

/// Catalog entries are checked against the resolved sheet and play blocks (CA-22).
void read_catalog_section(Compilation& c) {
  if (c.catalogs != nullptr) read_catalogs(*c.catalogs, c.top.at("catalogs"), c.ruleset, c.cx);
}

/// The builder's steps name catalogs, their filters and the sheet (docs/format/builder.md).
void read_builder_section(Compilation& c) {
  if (c.builder != nullptr) read_builder(*c.builder, "/sheet/builder", c.ruleset, c.cx);
}

/// What reads across the builder and the catalogs: an entry's grants name builder steps and
/// slots, and a layer names fields, the ladder and catalog filters.
void check_entries(Compilation& c) {
  for (const Catalog& catalog : c.ruleset.catalogs) {
    check_builder_entries(c.ruleset, catalog, catalog.entries, c.cx.diagnostics);
  }
  check_layers(c.ruleset, c.cx.diagnostics);
}

struct CompilePass {
  std::string_view name;
  void (*run)(Compilation&);
};

// The order is the order of what each pass reads: a pass looks only at what the passes before
// it finished. Sections first (shapes only), then references (which need every id), then the
// play blocks (which name resolved sheet entries), the catalogs (written in the play blocks'
// words), the builder (which names catalogs), and last the checks that span catalogs and builder.
constexpr CompilePass kCompilePasses[] = {
    {"sections", read_sections},        {"resolve", resolve_references},   {"play blocks", read_play_blocks},
    {"catalogs", read_catalog_section}, {"builder", read_builder_section}, {"entry checks", check_entries},
};

}  // namespace

std::vector<std::string_view> compile_pass_names() {
  std::vector<std::string_view> names;
  for (const CompilePass& pass : kCompilePasses) names.push_back(pass.name);
  return names;
}

}  // namespace rk::detail

namespace rk {

Ruleset read_ruleset(const json::Document& document, Diagnostics& diagnostics) {
  Ruleset ruleset;
  detail::ReadContext cx{diagnostics, ruleset.requirement};
  ObjectReader top(document.root(), "", "ruleset", diagnostics);
  if (!top.ok()) return ruleset;
  detail::Compilation compilation{ruleset, cx, top};
  for (const detail::CompilePass& pass : detail::kCompilePasses) pass.run(compilation);
  return ruleset;
}

}  // namespace rk
