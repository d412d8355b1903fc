// `rulekeeper check` and the author linter (docs/format/lint.md): warnings point into the file
// they are written in, a package's separate catalog files included, and never change the exit code.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "support/cli.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace bj = boost::json;

// A playbook builder in the manner of a PbtA game: a playbook step, then the moves of the chosen
// playbook, kept in a separate file. One move names its playbook with a typo.
const char* kLintManifest = R"({"schemaVersion": 1, "capabilityApi": {"major": 1, "minor": 200},
  "contributions": {"assets": {"paths": ["ruleset.json", "catalogs/moves.json"]}}})";
const char* kLintRuleset = R"({"id": "pbta", "label": "Playbooks",
  "sheet": {
    "fields": [{"id": "playbook", "label": "Playbook", "type": "text", "maxLength": 60}],
    "lists": [{"id": "moves", "label": "Moves", "maxItems": 40, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 200}]}],
    "builder": {"steps": [
      {"id": "playbook", "label": "Playbook", "kind": "catalog", "catalog": "playbooks", "field": "playbook"},
      {"id": "moves", "label": "Moves", "kind": "catalog", "catalog": "moves", "min": 0, "max": 3,
       "within": {"step": "playbook", "filter": "playbook"}}]}},
  "catalogs": [
    {"id": "playbooks", "label": "Playbooks", "entries": [
      {"id": "harbinger", "label": "The Harbinger", "grants": {"sets": {"playbook": "The Harbinger"}}},
      {"id": "nova", "label": "The Nova", "grants": {"sets": {"playbook": "The Nova"}}}]},
    {"id": "moves", "label": "Moves", "feeds": ["moves"], "filters": [{"id": "playbook", "label": "Playbook", "type": "text"}],
     "asset": "catalogs/moves.json"}]})";

std::string lint_moves_file(const std::string& nova_move_playbook) {
  return R"({"schemaVersion": 1, "catalog": "moves", "entries": [
  {"id": "connect", "label": "Connect", "filters": {"playbook": "harbinger"}, "rows": [{"list": "moves", "values": {"name": "Connect"}}]},
  {"id": "burn", "label": "Burn", "filters": {"playbook": ")" +
         nova_move_playbook + R"("}, "rows": [{"list": "moves", "values": {"name": "Burn"}}]}]})";
}

TEST(AuthorLintCli, I11_4_check_warns_in_the_catalog_file_and_still_exits_0) {
  test::TempFolder folder("rk_lint_cli");
  folder.write("pkg/manifest.json", kLintManifest);
  folder.write("pkg/ruleset.json", kLintRuleset);
  folder.write_raw("pkg/catalogs/moves.json", lint_moves_file("novva"));
  const test::CliOutput r = test::run_cli("check " + folder.file("pkg") + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const bj::value v = bj::parse(r.out);
  EXPECT_TRUE(v.at("ok").as_bool());
  EXPECT_TRUE(v.at("errors").as_array().empty());
  const bj::array& warnings = v.at("warnings").as_array();
  ASSERT_EQ(warnings.size(), 1u) << r.out;
  const bj::value& w = warnings.at(0);
  EXPECT_EQ(w.at("code").as_string(), "names-no-entry");
  EXPECT_EQ(w.at("pointer").as_string(), "/entries/1/filters/playbook");
  EXPECT_EQ(w.at("file").as_string(), "catalogs/moves.json");
  EXPECT_EQ(w.at("line").as_int64(), 3);
  EXPECT_NE(std::string(w.at("message").as_string()).find("did you mean `nova`"), std::string::npos) << r.out;
}

TEST(AuthorLintCli, I11_4_check_of_the_corrected_package_has_no_warning) {
  test::TempFolder folder("rk_lint_cli");
  folder.write("pkg/manifest.json", kLintManifest);
  folder.write("pkg/ruleset.json", kLintRuleset);
  folder.write_raw("pkg/catalogs/moves.json", lint_moves_file("nova"));
  const test::CliOutput r = test::run_cli("check " + folder.file("pkg") + " --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(bj::parse(r.out).at("warnings").as_array().empty()) << r.out;
}

}  // namespace
}  // namespace rk
