// `rulekeeper game new` and `rulekeeper apply`: exit codes, outputs, `--out`, `--json`, and hostile
// inputs (docs/format/game.md, docs/format/commands.md).
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "support/cli.hpp"
#include "support/load.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;
namespace bj = boost::json;

struct CliRun {
  int exit_code = -1;
  std::string out, err;
};

/// Runs the binary with standard error kept apart (`test::run_cli` discards it).
CliRun run(const std::string& args, const test::TempFolder& folder) {
  const std::string err_file = folder.file("stderr.txt");
  CliRun r;
  FILE* pipe = popen((std::string(RK_CLI_PATH) + " " + args + " 2>" + err_file).c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file, std::ios::binary);
  r.err.assign(std::istreambuf_iterator<char>(in), {});
  return r;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class GameCli : public ::testing::Test {
 protected:
  test::TempFolder folder{"rk_game_cli"};
  const std::string ruleset = test::source_path("rulesets/examples/gravewatch");
  const std::string mira = test::source_path("rulesets/examples/gravewatch/characters/mira.json");
  const std::string two_wardens = test::source_path("rulesets/examples/gravewatch/games/two-wardens.json");
  std::string game_new(const std::string& args) { return "game new " + ruleset + " " + args; }
  std::string apply(const std::string& game, const std::string& reply, const std::string& more = "") {
    return "apply " + ruleset + " " + game + " " + reply + " " + more;
  }
};

TEST_F(GameCli, game_new_prints_a_game_that_apply_loads) {
  const CliRun r = run(game_new(mira), folder);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const bj::value game = bj::parse(r.out);
  EXPECT_EQ(game.at("playerName").as_string(), "Mira");
  EXPECT_FALSE(game.at("gameCharacterCards").at(0).as_object().contains("live"));
  EXPECT_EQ(game.at("rulesetLive").at("mira").at("pools").at("grit").at("value").as_int64(), 4);
  const std::string path = folder.write_raw("game.json", r.out);
  const std::string reply = folder.write_raw("reply.txt", "Nothing happens.\n");
  const CliRun applied = run(apply(path, reply), folder);
  EXPECT_EQ(applied.exit_code, 0) << applied.err;
  EXPECT_EQ(applied.out, "Nothing happens.\n");
}

TEST_F(GameCli, game_new_with_out_writes_the_file_and_prints_nothing) {
  const std::string out = folder.file("new.json");
  const CliRun r = run(game_new(mira + " --out " + out), folder);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_file(out), run(game_new(mira), folder).out);
}

TEST_F(GameCli, game_new_refuses_two_characters_with_one_key_naming_the_file) {
  const CliRun r = run(game_new(mira + " " + mira), folder);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(mira + ": error[duplicate-id]: card #2 `Mira` has the key `mira` of card #1 `Mira`"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("(at /name)"), std::string::npos) << r.err;
}

TEST_F(GameCli, game_new_exit_codes_for_a_refused_character_and_a_missing_file) {
  const std::string bad = folder.write_raw("bad.json", R"({"v": 1, "name": "X", "build": {"fields": {"xp": "x"}}})");
  EXPECT_EQ(run(game_new(bad), folder).exit_code, 1);
  EXPECT_EQ(run(game_new(folder.file("none.json")), folder).exit_code, 2);
  EXPECT_EQ(run("game new " + ruleset, folder).exit_code, 2);  // no character: usage
}

TEST_F(GameCli, apply_prints_the_rewritten_reply_and_counts_the_reply) {
  const std::string reply =
      folder.write_raw("reply.txt", "The fire spreads. [clock: op=\"tick\" name=\"Watchtower fire\"] Then silence.\n");
  const std::string out = folder.file("next.json");
  const CliRun r = run(apply(two_wardens, reply, "--out " + out), folder);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("The fire spreads. [clock: op=\"tick\" name=\"Watchtower fire\" by=\"1\" result=", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("] Then silence.\n"), std::string::npos);
  EXPECT_EQ(bj::parse(read_file(out)).at("replies").as_int64(), 3);
}

TEST_F(GameCli, apply_json_gives_the_reply_the_receipts_and_the_game) {
  const std::string reply =
      folder.write_raw("reply.txt",
                       "[clock: op=\"tick\" name=\"Watchtower fire\"] [sheet: op=\"spend\" pool=\"Grit\" amount=\"1\"] "
                       "[sheet: who=\"Tomas Reyne\" op=\"advance\" skill=\"Haul\" tier=\"sworn\"] [sheet: nonsense]");
  const CliRun r = run(apply(two_wardens, reply, "--json --seed 7"), folder);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const bj::object o = bj::parse(r.out).as_object();
  EXPECT_TRUE(o.at("reply").is_string());
  EXPECT_EQ(o.at("game").at("replies").as_int64(), 3);
  const bj::array& receipts = o.at("receipts").as_array();
  ASSERT_EQ(receipts.size(), 4u);
  for (const bj::value& receipt : receipts) {
    const bj::object& x = receipt.as_object();
    const std::string result(x.at("result").as_string());
    ASSERT_TRUE(result == "ok" || result == "refused");
    EXPECT_EQ(x.contains("now"), result == "ok");
    EXPECT_EQ(x.contains("reason"), result == "refused");
    EXPECT_NE(o.at("reply").as_string().find(x.at("tag").as_string()), std::string::npos);
  }
  EXPECT_EQ(receipts[0].at("op").as_string(), "tick");
  EXPECT_EQ(receipts[0].at("pointer").as_string(), "/rulesetClocks/0");
  EXPECT_EQ(receipts[1].at("op").as_string(), "spend");
  EXPECT_EQ(receipts[1].at("pointer").as_string(), "/rulesetLive/mira/pools/grit");
  EXPECT_EQ(receipts[2].at("pointer").as_string(), "/gameCharacterCards/1/build/skills/haul");
  EXPECT_FALSE(receipts[3].as_object().contains("op"));
  EXPECT_EQ(receipts[3].at("reason").as_string(), "malformed");
}

TEST_F(GameCli, apply_out_may_replace_the_game_it_read) {
  const std::string game = folder.write_raw("game.json", read_file(two_wardens));
  const std::string reply = folder.write_raw("reply.txt", "Quiet.");
  ASSERT_EQ(run(apply(game, reply, "--out " + game), folder).exit_code, 0);
  ASSERT_EQ(run(apply(game, reply, "--out " + game), folder).exit_code, 0);
  EXPECT_EQ(bj::parse(read_file(game)).at("replies").as_int64(), 4);
  for (const auto& entry : fs::directory_iterator(folder.path()))
    EXPECT_EQ(entry.path().filename().string().find(".rk-"), std::string::npos) << "a temporary file was left";
}

TEST_F(GameCli, apply_refuses_an_invalid_game_with_its_diagnostics) {
  const std::string game = folder.write_raw("game.json", read_file(mira));
  const std::string reply = folder.write_raw("reply.txt", "x");
  const CliRun r = run(apply(game, reply), folder);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("this looks like a character document: `rulekeeper game new` makes a game from it"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("refused: 1 error(s)"), std::string::npos);
  const CliRun j = run(apply(game, reply, "--json"), folder);
  EXPECT_EQ(j.exit_code, 1);
  EXPECT_EQ(bj::parse(j.out).at("errors").at(0).at("code").as_string(), "missing-key");
}

TEST_F(GameCli, hostile_a_17_MB_game_a_truncated_one_a_fifo_and_a_symlink_out_of_the_folder) {
  const std::string reply = folder.write_raw("reply.txt", "x");
  const std::string big = folder.write_raw("big.json", std::string(17 * 1024 * 1024, ' '));
  const CliRun large = run(apply(big, reply, "--json"), folder);
  EXPECT_EQ(large.exit_code, 1);
  EXPECT_EQ(bj::parse(large.out).at("errors").at(0).at("code").as_string(), "file-too-large");
  const std::string text = read_file(two_wardens);
  const std::string cut = folder.write_raw("cut.json", text.substr(0, text.size() / 3));
  const CliRun truncated = run(apply(cut, reply, "--json"), folder);
  EXPECT_EQ(truncated.exit_code, 1);
  EXPECT_EQ(bj::parse(truncated.out).at("errors").at(0).at("code").as_string(), "json-syntax");
  const std::string fifo = folder.file("fifo.json");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(run(apply(fifo, reply), folder).exit_code, 2);  // refused at once, never waited on
  test::TempFolder inner{"rk_game_cli_inner"};
  const std::string link = inner.file("link.json");
  fs::create_symlink(two_wardens, link);
  const CliRun linked = run(apply(link, reply, "--json"), folder);
  EXPECT_EQ(linked.exit_code, 2);
  EXPECT_EQ(bj::parse(linked.out).at("errors").at(0).at("code").as_string(), "io-error");
}

TEST_F(GameCli, a_reply_too_large_or_not_utf8_is_refused_whole) {
  const CliRun large = run(apply(two_wardens, folder.write_raw("big.txt", std::string(1024 * 1024 + 1, 'a'))), folder);
  EXPECT_EQ(large.exit_code, 1);
  EXPECT_NE(large.err.find("error[file-too-large]"), std::string::npos) << large.err;
  const CliRun latin1 = run(apply(two_wardens, folder.write_raw("latin1.txt", "caf\xE9")), folder);
  EXPECT_EQ(latin1.exit_code, 1);
  EXPECT_NE(latin1.err.find("reply-not-utf8"), std::string::npos) << latin1.err;
}

TEST_F(GameCli, usage_errors_exit_2) {
  const std::string reply = folder.write_raw("reply.txt", "x");
  EXPECT_EQ(run(apply(two_wardens, reply, "--seed -1"), folder).exit_code, 2);
  EXPECT_EQ(run(apply(two_wardens, reply, "--out ''"), folder).exit_code, 2);
  EXPECT_EQ(run(apply(two_wardens, folder.file("missing.txt")), folder).exit_code, 2);
  EXPECT_EQ(run("apply " + ruleset + " " + two_wardens, folder).exit_code, 2);
}

}  // namespace
}  // namespace rk
