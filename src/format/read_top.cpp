// The top-level keys that describe a ruleset rather than its rules: `schemaVersion`, `id`,
// `version`, `name`, `edition`, `license` and `coverage` (docs/format/ruleset.md "Top-level keys").
#include <algorithm>
#include <array>

#include "format/limits.hpp"
#include "format/read.hpp"

namespace rk::detail {

namespace {

/// Ids a ruleset cannot claim: `engine-legacy` is what a game without a ruleset does, and
/// `traditional` is the Engine's own combat adapter. Neither is data.
constexpr std::array<std::string_view, 2> kReservedRulesetIds = {"engine-legacy", "traditional"};

/// Lowercase ASCII letters and digits in runs joined by single hyphens (`ember-roads`, `5e-2014`).
bool is_ruleset_id(std::string_view id) {
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  char previous = 0;
  for (const char c : id) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!word && c != '-') return false;
    if (c == '-' && previous == '-') return false;
    previous = c;
  }
  return true;
}

void read_ruleset_id(ObjectReader& r, Ruleset& ruleset) {
  const auto id = r.string("id", true, limits::kRulesetIdLength);
  if (!id) return;
  if (!is_ruleset_id(*id)) {
    r.error(Code::BadId, "id", "`id` is \"{}\"; a ruleset id is lowercase letters and digits joined by single hyphens",
            *id);
    return;
  }
  if (std::find(kReservedRulesetIds.begin(), kReservedRulesetIds.end(), *id) != kReservedRulesetIds.end()) {
    r.error(Code::BadValue, "id", "`id` \"{}\" belongs to the Engine and cannot name a ruleset", *id);
    return;
  }
  ruleset.id = *id;
}

void read_license(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx) {
  ObjectReader r(v, pointer, "license", cx.diagnostics);
  if (!r.ok()) return;
  License license;
  // Not prompt text: the attribution is shown on review, never sent to the Game Master.
  license.spdx = r.string("spdx", false, limits::kSpdxLength).value_or("");
  license.attribution = r.string("attribution", false, limits::kAttributionLength).value_or("");
  ruleset.license = std::move(license);
}

void read_coverage(const bj::value& v, const std::string& pointer, Ruleset& ruleset, ReadContext& cx) {
  ObjectReader r(v, pointer, "coverage", cx.diagnostics);
  if (!r.ok()) return;
  Coverage coverage;
  coverage.checks = r.boolean("checks").value_or(false);
  coverage.saves = r.boolean("saves").value_or(false);
  coverage.sheet = r.boolean("sheet").value_or(false);
  coverage.resources = r.boolean("resources").value_or(false);
  coverage.rests = r.boolean("rests").value_or(false);
  coverage.combat = r.boolean("combat").value_or(false);
  coverage.summary = r.prompt_text("summary", true, limits::kCoverageSummaryLength).value_or("");
  ruleset.coverage = std::move(coverage);
}

}  // namespace

void read_top_level(ObjectReader& r, Ruleset& ruleset, ReadContext& cx) {
  // Every ruleset file is in the reference's format, whose top level says what the file is
  // before any rule (decisions.md "Top level").
  ruleset.schema_version = 1;
  if (auto v = r.number("schemaVersion", true, true); v && *v != Number::of(1)) {
    r.error(Code::BadValue, "schemaVersion",
            "`schemaVersion` of a ruleset file is always 1, found {} (a package's manifest carries its own)",
            v->to_string());
  }
  read_ruleset_id(r, ruleset);
  if (auto version = r.number("version", true, true)) {
    if (*version < Number::of(1)) {
      r.error(Code::OutOfRange, "version", "`version` is a whole number from 1, found {}", version->to_string());
    } else {
      ruleset.version = version->whole();
    }
  }
  if (r.has("label")) {
    r.error(Code::UnknownKey, "label", "a ruleset names itself with `name`, not `label`");
    r.accept("label");
  }
  ruleset.label = r.prompt_text("name", true, limits::kRulesetNameLength).value_or("");
  ruleset.edition = r.prompt_text("edition", false, limits::kEditionLength).value_or("");
  if (const bj::value* license = r.get("license")) read_license(*license, r.at("license"), ruleset, cx);
  if (const bj::value* coverage = r.get("coverage")) {
    read_coverage(*coverage, r.at("coverage"), ruleset, cx);
  } else {
    r.error(Code::MissingKey, "", "`coverage` is required: what the ruleset handles, and its one-line summary");
  }
}

}  // namespace rk::detail
