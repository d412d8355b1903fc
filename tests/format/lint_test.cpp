// The author linter (issue 11 point 4, docs/format/lint.md): wiring that compiles but can never
// work is a warning of `rulekeeper check`, with a pointer at the spot. Each warning is shown on the
// spec's builder example (BA-5, BA-34, BA-67) with one thing broken, and the example itself gets
// none.
#include <algorithm>
#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include "format/builder_fixtures.hpp"
#include "format/lint.hpp"
#include "reference_dir.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

using builder_test::kSpecSteps;
using builder_test::spec_ruleset;

/// `text` with its one occurrence of `from` replaced by `to` (the test fails when it is absent).
std::string lint_replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

/// The warnings `check` adds to a ruleset that loads without errors.
Diagnostics lint_warnings_of(const std::string& ruleset_json) {
  LoadResult r = test::load(ruleset_json);
  EXPECT_TRUE(r.ok()) << test::describe(r);
  if (!r.ok()) return {};
  const std::size_t before = r.diagnostics.items().size();
  lint_loaded(r, {});
  Diagnostics out;
  for (std::size_t i = before; i < r.diagnostics.items().size(); ++i) out.add(r.diagnostics.items()[i]);
  return out;
}

std::string lint_describe(const Diagnostics& d) {
  std::string out;
  for (const auto& w : d.items()) out += std::string(code_name(w.code)) + " " + w.pointer + " " + w.message + "\n";
  return out;
}

/// The one warning of `code` at `pointer`, or nullptr.
const Diagnostic* lint_find(const Diagnostics& d, Code code, const std::string& pointer) {
  for (const auto& w : d.items()) {
    if (w.code == code && w.pointer == pointer) return &w;
  }
  return nullptr;
}

// The spec's steps with a spells step (BA-34's) after the class step.
const std::string kLintSpellsStep = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0,
  "within": { "step": "class", "filter": "class_ids" } })";

std::string lint_spec_with_spells(const std::string& steps_tail = kLintSpellsStep) {
  return spec_ruleset(kSpecSteps + steps_tail);
}

TEST(AuthorLint, I11_4_the_spec_example_gets_no_warning) {
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells());
  EXPECT_TRUE(d.items().empty()) << lint_describe(d);
  for (const auto& w : d.items()) EXPECT_EQ(w.severity, Severity::Warning);
}

// --- filter-matches-nothing ----------------------------------------------------------------

TEST(AuthorLint, I11_4_a_step_filter_value_no_entry_has_warns_with_a_suggestion) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "filters": { "class_ids": "wizzard" } })";
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells(steps));
  const Diagnostic* w = lint_find(d, Code::FilterMatchesNothing, "/sheet/builder/steps/7/filters/class_ids");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_EQ(w->severity, Severity::Warning);
  EXPECT_NE(w->message.find("builder step `spells`"), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("did you mean `wizard`"), std::string::npos) << w->message;
  EXPECT_GT(w->line, 0);  // placed in the ruleset's text, as errors are
}

TEST(AuthorLint, I11_4_a_step_filter_value_some_entry_has_does_not_warn) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "filters": { "class_ids": "wizard" } })";
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells(steps));
  EXPECT_TRUE(d.items().empty()) << lint_describe(d);
}

TEST(AuthorLint, I11_4_a_tag_no_entry_has_warns_at_that_tag) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "filters": { "class_ids": ["wizard", "sorcerer"] } })";
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells(steps));
  ASSERT_NE(lint_find(d, Code::FilterMatchesNothing, "/sheet/builder/steps/7/filters/class_ids/1"), nullptr)
      << lint_describe(d);
  EXPECT_EQ(d.items().size(), 1u) << lint_describe(d);
}

TEST(AuthorLint, I11_4_a_quota_value_no_entry_has_warns) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "max": 2,
  "quotas": [{ "filter": "class_ids", "value": "wizzard", "min": 1 }] })";
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells(steps));
  EXPECT_NE(lint_find(d, Code::FilterMatchesNothing, "/sheet/builder/steps/7/quotas/0/value"), nullptr)
      << lint_describe(d);
  const std::string fixed = lint_replaced(steps, "wizzard", "wizard");
  EXPECT_TRUE(lint_warnings_of(lint_spec_with_spells(fixed)).items().empty());
}

TEST(AuthorLint, I11_4_an_entry_choice_filter_no_entry_has_warns_in_the_entry) {
  // BA-94: the wizard's grant chooses a spell; its filter names a class no spell lists.
  const std::string choosing = R"("grants": {"sets": {"level": 1},
     "entries": {"choose": [{"catalog": "spells", "count": 1, "filters": {"class_ids": "wizzard"}}]}}})";
  std::string ruleset = lint_replaced(lint_spec_with_spells(R"(,
{ "id": "spell-choices", "label": "Spell choices", "kind": "choices", "catalog": "spells" })"),
                                      R"("grants": {"sets": {"level": 1}}})", choosing);
  const Diagnostics d = lint_warnings_of(ruleset);
  const Diagnostic* w =
      lint_find(d, Code::FilterMatchesNothing, "/catalogs/1/entries/0/grants/entries/choose/0/filters/class_ids");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("entry `wizard`, entry choice #1"), std::string::npos) << w->message;
  EXPECT_TRUE(lint_warnings_of(lint_replaced(ruleset, "wizzard", "wizard")).items().empty());
}

// --- names-no-entry --------------------------------------------------------------------------

TEST(AuthorLint, I11_4_a_within_value_naming_no_parent_warns_with_a_suggestion) {
  // The playbook typo of the issue: a subrace names a race the race step never offers.
  const std::string ruleset =
      lint_replaced(lint_spec_with_spells(), R"("filters": {"parent": "dwarf"})", R"("filters": {"parent": "dwarff"})");
  const Diagnostics d = lint_warnings_of(ruleset);
  const Diagnostic* w = lint_find(d, Code::NamesNoEntry, "/catalogs/0/entries/2/filters/parent");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("entry `hill-dwarf`"), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("builder step `race`"), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("did you mean `dwarf`"), std::string::npos) << w->message;
  // With its only child unreachable, the subrace step offers nothing at all.
  EXPECT_NE(lint_find(d, Code::FilterMatchesNothing, "/sheet/builder/steps/1/within/filter"), nullptr)
      << lint_describe(d);
}

TEST(AuthorLint, I11_4_a_tags_within_value_warns_at_the_tag_naming_nothing) {
  const std::string ruleset = lint_replaced(lint_spec_with_spells(), R"("filters": {"class_ids": ["wizard"]})",
                                            R"("filters": {"class_ids": ["wizard", "sorceror"]})");
  const Diagnostics d = lint_warnings_of(ruleset);
  ASSERT_NE(lint_find(d, Code::NamesNoEntry, "/catalogs/2/entries/0/filters/class_ids/1"), nullptr) << lint_describe(d);
  EXPECT_EQ(d.items().size(), 1u) << lint_describe(d);  // the spell is still offered to wizards
}

TEST(AuthorLint, I11_4_a_within_value_naming_an_offered_parent_does_not_warn) {
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells());
  EXPECT_EQ(lint_find(d, Code::NamesNoEntry, "/catalogs/0/entries/2/filters/parent"), nullptr);
  EXPECT_EQ(lint_find(d, Code::NamesNoEntry, "/catalogs/2/entries/0/filters/class_ids/0"), nullptr);
}

// --- entry-never-offered, catalog-unreached ------------------------------------------------------

// A second class, `fighter`, whose level filter keeps it out of a class step that asks for level 1.
std::string lint_with_fighter(const std::string& class_step_filters) {
  std::string ruleset = lint_replaced(lint_spec_with_spells(), R"("entries": [{"id": "wizard", "label": "Wizard",)",
                                      R"("entries": [{"id": "fighter", "label": "Fighter", "filters": {"level": 2},
                                         "grants": {"sets": {"level": 2}}},
                                        {"id": "wizard", "label": "Wizard", "filters": {"level": 1},)");
  return lint_replaced(ruleset, R"("catalog": "classes", "field": "class" })",
                       R"("catalog": "classes", "field": "class")" + class_step_filters + " }");
}

TEST(AuthorLint, I11_4_an_entry_no_step_offers_in_a_builder_only_catalog_warns) {
  const Diagnostics d = lint_warnings_of(lint_with_fighter(R"(, "filters": {"level": 1})"));
  const Diagnostic* w = lint_find(d, Code::EntryNeverOffered, "/catalogs/1/entries/0");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("entry `fighter` of catalog `classes`"), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("builder step `class`"), std::string::npos) << w->message;
  EXPECT_EQ(d.items().size(), 1u) << lint_describe(d);
}

TEST(AuthorLint, I11_4_an_entry_the_picker_offers_is_not_reported) {
  // The spells catalog feeds a list: an entry no step offers is still the picker's (BA-102).
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "filters": { "class_ids": "wizard" } })";
  std::string ruleset = lint_replaced(
      lint_spec_with_spells(steps), R"("filters": {"class_ids": ["wizard"]},)",
      R"("filters": {"class_ids": ["wizard"]}, "rows": [{"list": "spells", "values": {"name": "Magic Missile"}}]},
                    {"id": "light", "label": "Light", "filters": {"class_ids": ["cleric"]},)");
  const Diagnostics d = lint_warnings_of(ruleset);
  EXPECT_EQ(lint_find(d, Code::EntryNeverOffered, "/catalogs/2/entries/1"), nullptr) << lint_describe(d);
}

TEST(AuthorLint, I11_4_an_entry_a_step_offers_is_not_reported) {
  const Diagnostics d = lint_warnings_of(lint_with_fighter(""));
  EXPECT_TRUE(d.items().empty()) << lint_describe(d);
}

TEST(AuthorLint, I11_4_a_builder_only_catalog_nothing_names_warns) {
  const std::string feats = R"(,
      {"id": "feats", "label": "Feats", "entries": [{"id": "tough", "label": "Tough", "grants": {"sets": {"speed": 35}}}]}]})";
  std::string ruleset = lint_spec_with_spells();
  ruleset = ruleset.substr(0, ruleset.size() - 2) + feats;  // a fourth catalog, after spells
  const Diagnostics d = lint_warnings_of(ruleset);
  const Diagnostic* w = lint_find(d, Code::CatalogUnreached, "/catalogs/3");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("catalog `feats`"), std::string::npos) << w->message;
  // A step that offers it reaches it.
  const Diagnostics reached =
      lint_warnings_of(lint_replaced(ruleset, R"({ "id": "gear", "label": "Equipment", "kind": "startingGear" })",
                                     R"({ "id": "gear", "label": "Equipment", "kind": "startingGear" },
                       { "id": "feat", "label": "Feat", "kind": "catalog", "catalog": "feats", "min": 0 })"));
  EXPECT_TRUE(reached.items().empty()) << lint_describe(reached);
}

// --- enum-value-unknown ------------------------------------------------------------------------

/// The spec's example with `class` an enum field of `values`.
std::string lint_with_class_enum(const std::string& values, const std::string& steps_tail = kLintSpellsStep) {
  return lint_replaced(spec_ruleset(kSpecSteps + steps_tail),
                       R"({"id": "class", "label": "Class", "type": "text", "maxLength": 200})",
                       R"({"id": "class", "label": "Class", "type": "enum", "values": )" + values + "}");
}

TEST(AuthorLint, I11_4_a_step_field_enum_without_the_entry_id_or_label_warns) {
  const Diagnostics d = lint_warnings_of(lint_with_class_enum(R"(["wizzard", "fighter"])"));
  const Diagnostic* w = lint_find(d, Code::EnumValueUnknown, "/catalogs/1/entries/0/id");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("enum field `class`"), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("did you mean `wizzard`"), std::string::npos) << w->message;
}

TEST(AuthorLint, I11_4_a_step_field_enum_with_the_entry_id_or_label_does_not_warn) {
  EXPECT_TRUE(lint_warnings_of(lint_with_class_enum(R"(["wizard", "fighter"])")).items().empty());
  EXPECT_TRUE(lint_warnings_of(lint_with_class_enum(R"(["Wizard", "Fighter"])")).items().empty());  // BA-17: a label
}

std::string lint_with_stamp(const std::string& from_within, const std::string& class_values) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0,
  "within": { "step": "class", "filter": "class_ids" }, "stamp": { "class": { "fromWithin": ")" +
                            from_within + R"(" } } })";
  return lint_replaced(spec_ruleset(kSpecSteps + steps),
                       R"({"id": "class", "label": "Class", "type": "text", "maxLength": 200}]}],)",
                       R"({"id": "class", "label": "Class", "type": "enum", "values": )" + class_values + "}]}],");
}

TEST(AuthorLint, I11_4_a_stamp_writing_a_name_the_enum_column_lacks_warns) {
  const Diagnostics d = lint_warnings_of(lint_with_stamp("label", R"(["wizard"])"));
  const Diagnostic* w = lint_find(d, Code::EnumValueUnknown, "/sheet/builder/steps/7/stamp/class/fromWithin");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("\"Wizard\""), std::string::npos) << w->message;
  EXPECT_NE(w->message.find("list `spells`"), std::string::npos) << w->message;
}

TEST(AuthorLint, I11_4_a_stamp_writing_a_name_the_enum_column_has_does_not_warn) {
  EXPECT_TRUE(lint_warnings_of(lint_with_stamp("id", R"(["wizard"])")).items().empty());
  EXPECT_TRUE(lint_warnings_of(lint_with_stamp("label", R"(["Wizard"])")).items().empty());
}

// --- condition-never-holds -----------------------------------------------------------------------

TEST(AuthorLint, I11_4_a_step_when_that_is_never_above_0_warns) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "when": { "const": 0 } })";
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells(steps));
  const Diagnostic* w = lint_find(d, Code::ConditionNeverHolds, "/sheet/builder/steps/7/when");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("never shown"), std::string::npos) << w->message;
}

TEST(AuthorLint, I11_4_a_when_reading_an_enum_table_that_is_never_above_0_warns) {
  // The table gives nothing to any value the enum field can hold: the step can never be shown.
  std::string ruleset = lint_with_class_enum(R"(["wizard", "fighter"])", R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "when": { "derived": "caster" } })");
  ruleset =
      lint_replaced(ruleset, R"("lists": [{"id": "features")",
                    R"("derived": [{"id": "caster", "label": "Caster", "op": "enumTable", "from": {"field": "class"},
                                          "table": {"wizard": 0}, "default": 0}],
                             "lists": [{"id": "features")");
  const Diagnostics d = lint_warnings_of(ruleset);
  ASSERT_NE(lint_find(d, Code::ConditionNeverHolds, "/sheet/builder/steps/7/when"), nullptr) << lint_describe(d);
  const Diagnostics fixed = lint_warnings_of(lint_replaced(ruleset, R"({"wizard": 0})", R"({"wizard": 1})"));
  EXPECT_TRUE(fixed.items().empty()) << lint_describe(fixed);
}

TEST(AuthorLint, I11_4_a_when_that_may_hold_does_not_warn) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "min": 0, "when": { "field": "level" } })";
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells(steps));
  EXPECT_TRUE(d.items().empty()) << lint_describe(d);
}

TEST(AuthorLint, I11_4_an_offered_when_that_is_never_above_0_warns_at_the_entry) {
  // `classes` feeds no list: only the builder offers its entries.
  const std::string ruleset =
      lint_replaced(lint_spec_with_spells(), R"("entries": [{"id": "wizard", "label": "Wizard",)",
                    R"("entries": [{"id": "wizard", "label": "Wizard", "offeredWhen": {"const": 0},)");
  const Diagnostics d = lint_warnings_of(ruleset);
  const Diagnostic* w = lint_find(d, Code::ConditionNeverHolds, "/catalogs/1/entries/0/offeredWhen");
  ASSERT_NE(w, nullptr) << lint_describe(d);
  EXPECT_NE(w->message.find("entry `wizard`"), std::string::npos) << w->message;
}

TEST(AuthorLint, I11_4_an_offered_when_that_never_holds_on_an_entry_the_picker_offers_does_not_warn) {
  // The picker offers it (BA-102): `offeredWhen` only keeps it out of the builder's choices, as the
  // 5e package does for Common, which every race already knows.
  const std::string ruleset = lint_replaced(lint_spec_with_spells(), R"({"id": "dwarf", "label": "Dwarf",)",
                                            R"({"id": "dwarf", "label": "Dwarf", "offeredWhen": {"const": 0},)");
  const Diagnostics d = lint_warnings_of(ruleset);
  EXPECT_EQ(lint_find(d, Code::ConditionNeverHolds, "/catalogs/0/entries/1/offeredWhen"), nullptr) << lint_describe(d);
}

TEST(AuthorLint, I11_4_a_count_from_never_reaching_1_warns) {
  const std::string steps = R"(,
{ "id": "spells", "label": "Spells", "kind": "catalog", "catalog": "spells", "max": 3, "countFrom": { "const": 0.5 } })";
  const Diagnostics d = lint_warnings_of(lint_spec_with_spells(steps));
  ASSERT_NE(lint_find(d, Code::ConditionNeverHolds, "/sheet/builder/steps/7/countFrom"), nullptr) << lint_describe(d);
  const Diagnostics fixed = lint_warnings_of(lint_spec_with_spells(lint_replaced(steps, "0.5", "1")));
  EXPECT_TRUE(fixed.items().empty()) << lint_describe(fixed);
}

// --- the bundled rulesets --------------------------------------------------------------------

TEST(AuthorLint, I11_4_the_bundled_rulesets_and_the_reference_examples_get_no_warning) {
  // A warning is a defect of the ruleset: none of the packaged ones has one (the 5e package is
  // converter output, its separate catalog files included).
  std::vector<std::filesystem::path> paths = {
      test::source_path("rulesets/5e-2014"), test::source_path("rulesets/examples/gravewatch"),
      test::source_path("rulesets/examples/low-reach"), test::source_path("docs/format/examples/gravewatch")};
  const std::filesystem::path reference = rk::testing::reference_dir(RK_SOURCE_DIR) / "examples";
  for (const char* name : {"ember-roads.json", "gravewatch.json", "ruleset-5e-2014.example.json"}) {
    paths.push_back(reference / name);
  }
  for (const auto& path : paths) {
    LoadResult r = load_ruleset(path);
    ASSERT_TRUE(r.ok()) << path << "\n" << test::describe(r);
    const std::size_t before = r.diagnostics.items().size();
    const bool package = std::filesystem::is_directory(path);
    lint_loaded(r, package ? path : std::filesystem::path());
    EXPECT_EQ(r.diagnostics.items().size(), before) << path << "\n" << test::describe(r);
  }
}

}  // namespace
}  // namespace rk
