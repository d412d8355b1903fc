// The examples of docs/format/ stay true: every complete ruleset shown there is accepted, and the
// example package and character load.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "builder/builder.hpp"
#include "format/capability.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DocsExamples, every_complete_ruleset_in_the_format_reference_is_accepted) {
  std::size_t checked = 0;
  for (const auto& file : fs::directory_iterator(test::source_path("docs/format"))) {
    if (file.path().extension() != ".md") continue;
    const std::string text = read(file.path());
    std::size_t at = 0;
    while ((at = text.find("```json\n", at)) != std::string::npos) {
      const std::size_t begin = at + 8;
      const std::size_t end = text.find("```", begin);
      at = end;
      boost::system::error_code ec;
      const boost::json::value v = boost::json::parse(text.substr(begin, end - begin), ec);
      if (ec || !v.is_object() || !v.get_object().contains("id") || !v.get_object().contains("sheet")) continue;
      const LoadResult r = load_ruleset_text(text.substr(begin, end - begin));
      EXPECT_TRUE(r.ok()) << file.path().filename() << " at byte " << begin << ":\n" << test::describe(r);
      ++checked;
    }
  }
  EXPECT_GE(checked, 5u);
}

TEST(DocsExamples, the_example_package_and_character_load) {
  const LoadResult r = load_ruleset(test::source_path("docs/format/examples/gravewatch"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  Diagnostics d;
  EXPECT_TRUE(parse_character(*r.ruleset, read(test::source_path("docs/format/examples/mira.json")), "mira.json", d));
  EXPECT_FALSE(d.has_errors());
}

TEST(DocsExamples, the_gate_table_in_package_md_lists_every_gate_of_the_engine) {
  const std::string doc = read(test::source_path("docs/format/package.md"));
  for (const GateInfo& g : gate_table()) {
    const std::string row = fmt::format("| 1.{} | {}", g.minor, g.feature);
    EXPECT_NE(doc.find(row), std::string::npos) << "package.md's gate table has no row " << row;
  }
}

}  // namespace
}  // namespace rk

namespace rk {
namespace {

TEST(DocsExamples, the_builder_actions_example_builds_a_finished_5e_bard) {
  const LoadResult r = load_ruleset(test::source_path("rulesets/5e-2014"));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const CatalogSet catalogs(r.ruleset, test::source_path("rulesets/5e-2014"), "");
  BuilderResult b = open_builder(catalogs, blank_character(*r.ruleset));
  std::ifstream in(test::source_path("docs/format/examples/half-elf-bard.actions.json"));
  std::stringstream text;
  text << in.rdbuf();
  SeededDice dice(1);
  const boost::json::value actions = boost::json::parse(text.str());
  for (const auto& action : actions.as_array()) {
    Diagnostics d;
    auto next = apply_action(catalogs, b.character, action, dice, d);
    ASSERT_TRUE(next.has_value()) << boost::json::serialize(action) << ": " << d.items().front().message;
    b = std::move(*next);
  }
  for (const auto& step : b.view.steps) EXPECT_EQ(step.badge, 0) << step.id;
}

}  // namespace
}  // namespace rk
