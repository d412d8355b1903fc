// The contracts of `rulekeeper catalog`, `pick` and `review`.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "support/cli.hpp"
#include "support/reference_top.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;
namespace bj = boost::json;

using Output = test::CliOutput;
using test::run_cli;

const char* kRuleset = R"({"id": "roads", "label": "Roads",
  "sheet": {"abilities": [{"id": "heart", "label": "Heart", "min": 0, "max": 6, "default": 2}],
    "lists": [{"id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [
      {"id": "name", "label": "Name", "type": "text", "maxLength": 200}, {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9},
      {"id": "recharge", "label": "Recharge", "type": "enum", "values": ["camp", "rest"]}]}]},
  "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["tricks"],
    "filters": [{"id": "grit", "label": "Grit", "type": "number"}],
    "entries": [
      {"id": "last-ember", "label": "Last Ember", "summary": "A second wind for a friend.", "filters": {"grit": 1},
       "rows": [{"list": "tricks", "values": {"name": "Last Ember", "uses": 1, "recharge": "rest"},
                 "scaled": {"uses": {"from": {"abilityScore": "heart"}}}}]},
      {"id": "quick-step", "label": "Quick Step", "filters": {"grit": 0},
       "rows": [{"list": "tricks", "values": {"name": "Quick Step", "recharge": "camp"}}]}]}]})";

class CatalogCli : public ::testing::Test {
 protected:
  void SetUp() override {
    ruleset = write("ruleset.json", kRuleset);
    character = write("c.json", R"({"v": 1, "build": {"abilities": {"heart": 4}}})");
  }
  std::string write(const std::string& name, const std::string& text) { return folder.write(name, text); }
  test::TempFolder folder{"rk_catcli"};
  const fs::path& dir = folder.path();
  std::string ruleset, character;
};

TEST_F(CatalogCli, catalog_prints_the_matching_entries_as_json) {
  const Output r = run_cli("catalog " + ruleset + " knacks --filter grit=1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const bj::value v = bj::parse(r.out);
  EXPECT_EQ(v.at("catalog").as_string(), "knacks");
  const auto& entries = v.at("entries").as_array();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].at("id").as_string(), "last-ember");
  EXPECT_EQ(entries[0].at("label").as_string(), "Last Ember");
  EXPECT_EQ(entries[0].at("summary").as_string(), "A second wind for a friend.");
  EXPECT_EQ(entries[0].at("filters").at("grit").as_int64(), 1);
  EXPECT_FALSE(entries[0].at("owned").as_bool());
  EXPECT_TRUE(v.at("errors").as_array().empty());
  EXPECT_EQ(run_cli("catalog " + ruleset + " spells --json").exit_code, 1);
}

TEST_F(CatalogCli, pick_prints_the_character_with_marked_rows_and_review_applies_updates) {
  const Output picked = run_cli("pick " + ruleset + " " + character + " knacks/last-ember --list tricks");
  ASSERT_EQ(picked.exit_code, 0) << picked.out;
  const bj::value c = bj::parse(picked.out);
  const auto& row = c.at("build").at("lists").at("tricks").as_array().at(0);
  EXPECT_EQ(row.at("_catalog").as_string(), "knacks/last-ember");
  EXPECT_EQ(row.at("uses").as_int64(), 4);  // scaled from Heart 4
  const std::string after = write("after.json", picked.out);
  const Output owned = run_cli("catalog " + ruleset + " knacks --character " + after + " --json");
  EXPECT_TRUE(bj::parse(owned.out).at("entries").as_array().at(0).at("owned").as_bool());

  // The ruleset rewords the entry: `recharge` is now "camp".
  std::string v2 = kRuleset;
  const std::string rest = R"("recharge": "rest")";
  v2.replace(v2.find(rest), rest.size(), R"("recharge": "camp")");
  const std::string ruleset2 = write("ruleset2.json", v2);
  const Output rev = run_cli("review " + ruleset2 + " " + after + " --json");
  ASSERT_EQ(rev.exit_code, 0) << rev.out;
  const bj::value review_json = bj::parse(rev.out);
  const auto& rows = review_json.at("rows").as_array();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].at("list").as_string(), "tricks");
  EXPECT_EQ(rows[0].at("changes").as_array().at(0).at("column").as_string(), "recharge");
  EXPECT_EQ(rows[0].at("changes").as_array().at(0).at("saved").as_string(), "rest");
  const std::string row_id(rows[0].at("row").as_string());
  const Output applied = run_cli("review " + ruleset2 + " " + after + " --apply tricks/" + row_id);
  ASSERT_EQ(applied.exit_code, 0);
  EXPECT_EQ(bj::parse(applied.out).at("build").at("lists").at("tricks").as_array().at(0).at("recharge").as_string(),
            "camp");
  EXPECT_EQ(run_cli("review " + ruleset2 + " " + after + " --apply tricks/nope").exit_code, 1);
}

TEST_F(CatalogCli, pick_refuses_an_unknown_entry) {
  EXPECT_EQ(run_cli("pick " + ruleset + " " + character + " knacks/no-such").exit_code, 1);
}

}  // namespace
}  // namespace rk
