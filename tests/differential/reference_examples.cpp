// Issue 8: `rulekeeper check` accepts each of the three published reference rulesets, read in
// place from ../shared/reference/game-mode/examples/, and reports the Capability API version
// their content implies.
//
// The versions come from writing-rulesets.md, which names the version of each feature:
// - gravewatch: an item `use` with a `gate` (the check a user passes first) is 1.62, the highest
//   gate of the original format; its dawn bell is the chapter's own example of it.
// - ember-roads: no item is used or loaded; the carried waystone's `resist` is what an item does
//   in a fight, 1.56 (the chapter's "Armor and worn effects in a fight" cites it).
// - ruleset-5e-2014.example: no items at all; a condition narrowed to `saves` is 1.53.
#include <sys/wait.h>

#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "reference_dir.hpp"

namespace {

namespace bj = boost::json;

struct CheckRun {
  int exit_code = -1;
  std::string out;
};

std::string example_path(const std::string& name) {
  return (rk::testing::reference_dir(RK_SOURCE_DIR) / "examples" / (name + ".json")).string();
}

CheckRun check_json(const std::string& path) {
  CheckRun r;
  FILE* pipe = popen((std::string(RK_CLI_PATH) + " check '" + path + "' --json 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// The first errors of a `check --json` answer, one per line, for a failure message.
std::string first_errors(const bj::object& answer) {
  std::string out;
  const auto* errors = answer.if_contains("errors");
  if (!errors || !errors->is_array()) return out;
  std::size_t shown = 0;
  for (const auto& e : errors->get_array()) {
    if (++shown > 12) {
      out += "  ... " + std::to_string(errors->get_array().size() - 12) + " more\n";
      break;
    }
    const auto& o = e.get_object();
    out += "  " + std::string(o.at("code").get_string()) + " at " + std::string(o.at("pointer").get_string()) + ": " +
           std::string(o.at("message").get_string()) + "\n";
  }
  return out;
}

void expect_accepted(const std::string& name, const std::string& requires_version) {
  const CheckRun r = check_json(example_path(name));
  boost::system::error_code ec;
  const bj::value answer = bj::parse(r.out, ec);
  ASSERT_FALSE(ec) << "`rulekeeper check --json` printed no JSON for " << name << ":\n" << r.out;
  const auto& o = answer.get_object();
  EXPECT_EQ(r.exit_code, 0) << name << " is refused:\n" << first_errors(o);
  ASSERT_TRUE(o.contains("ok"));
  EXPECT_TRUE(o.at("ok").as_bool()) << name << " is refused:\n" << first_errors(o);
  ASSERT_TRUE(o.contains("errors"));
  EXPECT_TRUE(o.at("errors").as_array().empty());
  ASSERT_TRUE(o.contains("requires")) << name << ": no `requires` in the answer";
  EXPECT_EQ(std::string(o.at("requires").as_string()), requires_version)
      << name << ": the reference's features imply Capability API " << requires_version;
}

TEST(RefExamples, gravewatch_is_accepted_and_needs_1_62_for_an_item_use_gate) { expect_accepted("gravewatch", "1.62"); }

TEST(RefExamples, ember_roads_is_accepted_and_needs_1_56_for_a_carried_item_in_a_fight) {
  expect_accepted("ember-roads", "1.56");
}

TEST(RefExamples, ruleset_5e_2014_is_accepted_and_needs_1_34_for_its_creatures_written_as_sheets) {
  expect_accepted("ruleset-5e-2014.example", "1.34");
}

}  // namespace
