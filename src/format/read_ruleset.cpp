// Reading the top level of a ruleset: `gm`, `gmReference`, `clocks`, `party`,
// and the items of `catalogs` that `itemStat` reads.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
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

namespace rk {

Ruleset read_ruleset(const json::Document& document, Diagnostics& diagnostics) {
  Ruleset ruleset;
  detail::ReadContext cx{diagnostics, ruleset.requirement};
  ObjectReader r(document.root(), "", "ruleset", diagnostics);
  if (!r.ok()) return ruleset;
  detail::read_top_level(r, ruleset, cx);
  if (const bj::value* sheet = r.get("sheet")) {
    detail::read_sheet(*sheet, r.at("sheet"), ruleset.sheet, cx);
  } else {
    r.error(Code::MissingKey, "", "`sheet` is required");
  }
  if (const bj::value* resolution = r.get("resolution")) {
    detail::read_resolution(*resolution, r.at("resolution"), ruleset.resolution, cx);
  } else {
    r.error(Code::MissingKey, "", "`resolution` is required: how a check is rolled");
  }
  if (const bj::value* gm = r.get("gm")) {
    detail::read_gm(*gm, r.at("gm"), ruleset.gm, cx);
  } else {
    r.error(Code::MissingKey, "", "`gm` is required: at least its `checkGuidance`");
  }
  if (r.has("gmReference")) {
    ruleset.requirement.use(Gate::GmReference, r.at("gmReference"));
    ruleset.gm_reference = r.prompt_text("gmReference", true, limits::kGmReferenceLength).value_or("");
  }
  if (const bj::value* clocks = r.get("clocks")) ruleset.clocks = detail::read_clocks(*clocks, r.at("clocks"), cx);
  if (const bj::value* party = r.get("party")) ruleset.party = detail::read_party(*party, r.at("party"), cx);
  // Rests sit at the top level, beside the sheet whose live state they restore.
  if (const bj::array* rests = r.array("rests", false)) detail::read_rests(*rests, r.at("rests"), ruleset.sheet, cx);
  if (const bj::value* layers = r.get("layers")) ruleset.layers = detail::read_layers(*layers, r.at("layers"), cx);
  const bj::value* catalogs = r.get("catalogs");
  // Reference format: items, battle, combat (read against the resolved sheet, before the catalogs
  // whose items and creatures are written in their words).
  const bj::value* items = r.get("items");
  const bj::value* battle = r.get("battle");
  const bj::value* combat = r.get("combat");
  r.finish();
  detail::resolve(ruleset, diagnostics);
  if (items != nullptr) detail::read_items(*items, r.at("items"), ruleset, cx);
  detail::check_sheet_item_stat_refs(ruleset, diagnostics);
  if (battle != nullptr) detail::read_battle(*battle, r.at("battle"), ruleset, cx);
  if (combat != nullptr) detail::read_combat(*combat, r.at("combat"), ruleset, cx);
  if (ruleset.gm.sheet_summary) detail::check_summary_columns(ruleset, *ruleset.gm.sheet_summary, false, diagnostics);
  if (ruleset.party && ruleset.party->summary) {
    detail::check_summary_columns(ruleset, *ruleset.party->summary, true, diagnostics);
  }
  // Catalog entries are checked against the resolved sheet (CA-22).
  if (catalogs != nullptr) detail::read_catalogs(*catalogs, r.at("catalogs"), ruleset, cx);
  // The builder names catalogs, their filters and the sheet (docs/format/builder.md).
  if (const bj::value* builder =
          ruleset.sheet.has_builder ? document.root().at("sheet").as_object().if_contains("builder") : nullptr) {
    detail::read_builder(*builder, "/sheet/builder", ruleset, cx);
  }
  for (const Catalog& c : ruleset.catalogs) detail::check_builder_entries(ruleset, c, c.entries, diagnostics);
  // A layer names fields, the ladder and catalog filters: checked once all of them are read.
  detail::check_layers(ruleset, diagnostics);
  return ruleset;
}

}  // namespace rk
