// Reading `resolution`: the resolution kind, how the sheet's numbers feed a check (ability
// modifier, proficiency tiers) and what is added to or taken from every roll. The block is the
// reference's (writing-rulesets.md "Resolution kinds"); each kind's own keys are read in
// read_resolution_kinds.cpp.
#include "format/read_resolution.hpp"
#include "format/limits.hpp"
#include "format/read.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// Kinds our first dialect had, and why each is not one of the reference's.
struct RetiredKind {
  std::string_view word;
  std::string_view why;
};
constexpr RetiredKind kRetiredKinds[] = {
    {"d20", "write \"dice-sum\", whose `dice` are 1d20 unless it names others"},
    {"2d6", "write \"dice-sum\" with `\"dice\": { \"count\": 2, \"sides\": 6 }`"},
    {"d100",
     "roll-under and open-ended percentile compare in the other direction, which the reference leaves out of scope"},
    {"dice-highest",
     "taking the highest die needs a partial-success tier a check result does not have, which the reference leaves out "
     "of scope"}};

std::string_view retired_kind(std::string_view kind) {
  for (const auto& retired : kRetiredKinds) {
    if (retired.word == kind) return retired.why;
  }
  return "";
}

void read_adjust(ObjectReader& r, Resolution& out, ReadContext& cx) {
  const bj::array* adjust = r.array("adjust", false);
  if (adjust == nullptr) return;
  cx.requirement.use(Gate::ResolutionAdjust, r.at("adjust"));
  check_limit(limits::kAdjustEntries, adjust->size(), r.at("adjust"), "resolution.adjust", cx.diagnostics);
  for (std::size_t i = 0; i < adjust->size(); ++i) {
    const std::string p = json::child(r.at("adjust"), i);
    ObjectReader a((*adjust)[i], p, fmt::format("resolution.adjust #{}", i + 1), cx.diagnostics);
    Adjust entry;
    entry.pointer = p;
    if (const bj::value* value = a.get("value")) {
      if (auto ref = read_ref(*value, a.at("value"), a.what() + " `value`", cx)) entry.value = *ref;
    } else if (a.ok()) {
      a.error(Code::MissingKey, "", "`value` is required");
    }
    // SH-70: `value` and `abilities` are the entry's only keys; a listed scope names 1-12 abilities.
    entry.abilities = a.id_list("abilities", false).value_or(std::vector<std::string>{});
    if (a.has("abilities")) {
      if (entry.abilities.empty())
        a.error(Code::TooFew, "abilities", "`abilities` names at least one ability, or is left out");
      check_limit(limits::kAdjustAbilities, entry.abilities.size(), a.at("abilities"), a.what() + " `abilities`",
                  cx.diagnostics);
    }
    if (a.ok()) out.adjust.push_back(std::move(entry));
  }
}

}  // namespace

void read_resolution(const bj::value& v, const std::string& pointer, Resolution& out, ReadContext& cx) {
  ObjectReader r(v, pointer, "resolution", cx.diagnostics);
  out.pointer = pointer;
  if (!r.ok()) return;
  bool known = false;
  if (auto kind = r.string("kind", true, limits::kChoiceWordLength)) {
    if (auto chosen = choice_of(kResolutionKinds, *kind)) {
      out.kind = *chosen;
      known = true;
    } else if (const std::string_view why = retired_kind(*kind); !why.empty()) {
      r.error(Code::BadValue, "kind", "`kind` \"{}\" is not a resolution kind: {}", *kind, why);
    } else {
      r.not_one_of("kind", *kind, choice_words(kResolutionKinds), choice_names(kResolutionKinds));
    }
  }
  // The sheet math is the same under either kind, so it is checked even when the kind is not
  // known; the kind's own keys are not, since nothing says which kind they were written for.
  read_sheet_math(r, out, cx);
  if (known) {
    read_kind_rules(r, out, cx);
  } else {
    for (const auto& member : v.get_object()) r.accept(member.key());
  }
  // SH-68: a bare wound-track id (see decisions.md).
  out.penalty_from = r.id("penaltyFrom", false).value_or("");
  read_adjust(r, out, cx);
}

}  // namespace rk::detail
