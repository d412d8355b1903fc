// Issue 9 point 8: what the shell writes (--out), echoes (terminal injection) and answers (exit
// codes, --json on I/O failures, --seed).
#include <sys/stat.h>

#include <boost/json.hpp>

#include "hostile/support.hpp"

namespace rk::hostile {
namespace {

namespace bj = boost::json;

class HostileShell : public HostileFixture {
 protected:
  void SetUp() override {
    HostileFixture::SetUp();
    write("pkg/manifest.json", kManifest);
    write("pkg/ruleset.json", kRuleset);
    write("pkg/catalogs/knacks.json", kCatalog);
    write("blank.json", R"({"v": 1, "build": {}})");
  }
};

TEST_F(HostileShell, out_replaces_the_file_whole_instead_of_truncating_it_in_place) {
  write("character.json", R"({"v": 1, "build": {}})");
  fs::create_hard_link(dir / "character.json", dir / "before.json");  // still the old file after a rename
  const Outcome r = run("build " + path("pkg") + " " + path("character.json") + " --out " + path("character.json"));
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the package declares no builder
  write(
      "with-builder.json",
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
    "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})");
  const Outcome ok =
      run("build " + path("with-builder.json") + " " + path("character.json") + " --out " + path("character.json"));
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(slurp(dir / "before.json"), R"({"v": 1, "build": {}})");  // the old inode was never rewritten
  EXPECT_NE(slurp(dir / "character.json").find("\"ruleset\":\"b\""), std::string::npos)
      << slurp(dir / "character.json");
  for (const auto& e : fs::directory_iterator(dir)) EXPECT_NE(e.path().extension(), ".tmp") << e.path();  // no leftover
}

TEST_F(HostileShell, out_into_a_missing_folder_is_an_io_error_exit_2) {
  write(
      "with-builder.json",
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
    "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})");
  const Outcome r =
      run("build " + path("with-builder.json") + " " + path("blank.json") + " --out " + path("no/such/out.json"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("error[io-error]"), std::string::npos) << r.err;
}

TEST_F(HostileShell, out_naming_a_device_is_refused_and_the_device_kept) {
  write(
      "with-builder.json",
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
    "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})");
  const Outcome r = run("build " + path("with-builder.json") + " " + path("blank.json") + " --out /dev/full");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST_F(HostileShell, out_empty_is_a_usage_error) {
  write(
      "with-builder.json",
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
    "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})");
  const Outcome r = run("build " + path("with-builder.json") + " " + path("blank.json") + " --out ''");
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

TEST_F(HostileShell, seed_is_only_a_decimal_integer_from_0_to_2_64_minus_1) {
  write(
      "with-builder.json",
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
    "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})");
  const std::string base = "build " + path("with-builder.json") + " " + path("blank.json") + " --seed ";
  for (const std::string bad : {"-1", "18446744073709551616", "1e26", "''", "0x10", "' 7'", "7x"}) {
    const Outcome r = run(base + bad);
    EXPECT_EQ(r.exit_code, 2) << "--seed " << bad << ": " << r.err;
    EXPECT_NE(r.err.find("--seed"), std::string::npos) << bad << ": " << r.err;
  }
  for (const std::string good : {"0", "42", "18446744073709551615"}) {
    EXPECT_EQ(run(base + good).exit_code, 0) << "--seed " << good;
  }
}

TEST_F(HostileShell, missing_or_looping_actions_file_is_an_io_error_exit_2) {
  write(
      "with-builder.json",
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
    "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})");
  fs::create_symlink("loop.json", dir / "loop.json");
  for (const std::string& actions : {path("missing.json"), path("loop.json")}) {
    const Outcome r = run("build " + path("with-builder.json") + " " + path("blank.json") + " --actions " + actions);
    EXPECT_EQ(r.exit_code, 2) << actions << ": " << r.err;
    EXPECT_NE(r.err.find("error[io-error]"), std::string::npos) << r.err;
  }
}

// A file named on the command line is read as a package's files are: a symbolic link may lead to
// a file beside it, never out of its folder (so `check link.json` cannot be made to read
// /etc/passwd or a secret elsewhere).
TEST_F(HostileShell, a_named_file_that_links_out_of_its_folder_is_refused_and_one_beside_it_read) {
  const std::string single =
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": 0, "max": 9}]}})";
  write("inner/ruleset.json", single);
  write("outside/secret.json", single);
  fs::create_symlink(dir / "outside" / "secret.json", dir / "inner" / "out.json");
  fs::create_symlink("ruleset.json", dir / "inner" / "beside.json");
  fs::create_symlink("/etc/passwd", dir / "inner" / "passwd.json");
  EXPECT_EQ(run("check " + path("inner/beside.json")).exit_code, 0);
  for (const std::string name : {"inner/out.json", "inner/passwd.json"}) {
    const Outcome r = run("check " + path(name));
    EXPECT_EQ(r.exit_code, 2) << name << ": " << r.out << r.err;
    EXPECT_NE((r.out + r.err).find("outside the folder it is in"), std::string::npos) << r.out << r.err;
    EXPECT_EQ((r.out + r.err).find("root:"), std::string::npos) << r.out << r.err;
  }
  const Outcome sheet = run("sheet " + path("inner/ruleset.json") + " " + path("inner/out.json"));
  EXPECT_EQ(sheet.exit_code, 2) << sheet.err;
  EXPECT_NE(sheet.err.find("outside the folder it is in"), std::string::npos) << sheet.err;
}

TEST_F(HostileShell, json_sheet_and_build_print_an_io_failure_as_a_json_error_object) {
  write(
      "with-builder.json",
      R"({"id": "b", "label": "B", "sheet": {"fields": [{"id": "n", "label": "N", "type": "number", "min": -1000000, "max": 1000000}],
    "builder": {"steps": [{"id": "basics", "label": "Basics", "kind": "fields", "fields": ["n"]}]}}})");
  for (const std::string& command : {"sheet " + path("with-builder.json") + " " + path("missing.json") + " --json",
                                     "build " + path("with-builder.json") + " " + path("missing.json") + " --json",
                                     "build " + path("with-builder.json") + " " + path("blank.json") + " --actions " +
                                         path("missing.json") + " --json"}) {
    const Outcome r = run(command);
    EXPECT_EQ(r.exit_code, 2) << command;
    boost::system::error_code ec;
    const bj::value v = bj::parse(r.out, ec);
    ASSERT_FALSE(ec) << command << ": stdout is `" << r.out << "`";
    EXPECT_EQ(v.at("ok"), false);
    EXPECT_EQ(v.at("errors").at(0).at("code"), "io-error") << r.out;
    EXPECT_NE(bj::serialize(v.at("errors").at(0).at("message")).find("missing.json"), std::string::npos) << r.out;
  }
}

TEST_F(HostileShell, control_characters_in_keys_are_escaped_in_text_output) {
  const Outcome r = run("check " + corpus("escape_sequence_key.json"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x07'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\\x1B[2J"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("error[unknown-key]"), std::string::npos) << r.err;
}

TEST_F(HostileShell, control_characters_from_the_command_line_are_escaped_in_text_output) {
  write(
      "r.json",
      R"({"id": "t", "label": "T", "sheet": {"fields": [{"id": "note", "label": "Note", "type": "text", "maxLength": 40}]}})");
  const Outcome explain =
      run("sheet " + path("r.json") + " " + path("blank.json") + " --explain " + quote("x\x1b]0;owned\x07"));
  EXPECT_EQ(explain.exit_code, 1) << explain.err;
  EXPECT_EQ(explain.err.find('\x1b'), std::string::npos) << explain.err;
  EXPECT_NE(explain.err.find("x\\x1B]0;owned\\x07"), std::string::npos) << explain.err;
  const Outcome missing = run("sheet " + path("r.json") + " " + quote(path("c\x1b[31m\xe2\x80\xae.json")));
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_EQ(missing.err.find('\x1b'), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("c\\x1B[31m\\u{202E}.json"), std::string::npos) << missing.err;
}

TEST_F(HostileShell, json_output_keeps_keys_exact) {
  const Outcome r = run("check " + corpus("escape_sequence_key.json") + " --json");
  EXPECT_EQ(r.exit_code, 1);
  const bj::value v = bj::parse(r.out);
  EXPECT_EQ(v.at("errors").at(0).at("pointer"), "/\x1b[2J\x1b]0;owned\x07");
}

}  // namespace
}  // namespace rk::hostile
