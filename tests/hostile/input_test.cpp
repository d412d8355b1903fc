// Issue 9 point 8: numbers checked on their written text, prompt safety against invisible and
// look-alike characters, and the bounded file reader underneath every command.
#include <sys/stat.h>

#include "diag/assert.hpp"
#include "format/reader.hpp"
#include "hostile/support.hpp"
#include "json/file.hpp"
#include "support/load.hpp"

namespace rk::hostile {
namespace {

// --- numbers --------------------------------------------------------------------------------

TEST(HostileNumbers, more_than_four_decimals_beyond_double_precision_is_refused) {
  const LoadResult r =
      test::load(slurp(std::string(RK_SOURCE_DIR) + "/tests/hostile/corpus/decimals_beyond_double.json"));
  EXPECT_TRUE(test::has_error(r, Code::BadNumber, "/sheet/fields/0/default")) << test::describe(r);
}

TEST(HostileNumbers, a_number_that_underflows_to_zero_is_refused) {
  const LoadResult r = test::load(slurp(std::string(RK_SOURCE_DIR) + "/tests/hostile/corpus/underflow_to_zero.json"));
  EXPECT_TRUE(test::has_error(r, Code::BadNumber, "/sheet/fields/0/default")) << test::describe(r);
}

TEST(HostileNumbers, written_forms_of_four_decimals_or_fewer_still_read) {
  for (const char* n : {"1.5", "0.0001", "-2.25", "1e2", "1.5e1", "12.50000", "125e-2", "0.00010", "1E+3"}) {
    const LoadResult r = test::load(
        std::string(
            R"({"id":"t","label":"T","sheet":{"fields":[{"id":"hp","label":"HP","type":"number","integer":false,"min":-1000000,"max":1000000,"default":)") +
        n + "}]}}");
    EXPECT_TRUE(r.ok()) << n << "\n" << test::describe(r);
  }
  for (const char* n : {"0.00001", "1e-5", "0.000012e1", "1.00000000000000000000001", "-1e-999"}) {
    const LoadResult r = test::load(
        std::string(
            R"({"id":"t","label":"T","sheet":{"fields":[{"id":"hp","label":"HP","type":"number","integer":false,"min":-1000000,"max":1000000,"default":)") +
        n + "}]}}");
    EXPECT_TRUE(test::has_error(r, Code::BadNumber, "/sheet/fields/0/default")) << n << "\n" << test::describe(r);
  }
}

class HostileNumberCli : public HostileFixture {};

TEST_F(HostileNumberCli, a_too_large_integer_in_a_character_says_the_range_not_number_found_number) {
  const Outcome r = run("sheet " + corpus("number_field.json") + " " + corpus("character_too_large_integer.json"));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err.find("holds a number, found a number"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("error[bad-number]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("at most four decimal places and at most 115292150460684 in size, found 100000000000000000000"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("/build/fields/hp"), std::string::npos) << r.err;
}

// --- prompt safety --------------------------------------------------------------------------

TEST(HostilePromptSafety, line_and_paragraph_separators_are_line_breaks) {
  EXPECT_TRUE(prompt_safety_problem("one\u2028two"));
  EXPECT_TRUE(prompt_safety_problem("one\u2029two"));
  EXPECT_FALSE(prompt_safety_problem("one\u2028two", true));  // where line breaks are allowed
}

TEST(HostilePromptSafety, bidirectional_overrides_are_refused) {
  for (const char* s : {"a\u202Eb", "a\u202Ab", "a\u202Db", "a\u2066b", "a\u2069b", "a\u200Fb"}) {
    const auto problem = prompt_safety_problem(s);
    ASSERT_TRUE(problem) << s;
    EXPECT_NE(problem->find("direction"), std::string::npos) << *problem;
  }
}

TEST(HostilePromptSafety, zero_width_characters_are_refused) {
  for (const char* s : {"a\u200Bb", "a\u2060b", "a\uFEFFb", "a\u180Eb", "a\u2062b"}) {
    const auto problem = prompt_safety_problem(s);
    ASSERT_TRUE(problem) << s;
    EXPECT_NE(problem->find("invisible"), std::string::npos) << *problem;
  }
}

TEST(HostilePromptSafety, full_width_brackets_and_braces_are_refused_like_ascii_ones) {
  EXPECT_TRUE(prompt_safety_problem("a \uFF3Bsheet\uFF3D b"));
  EXPECT_TRUE(prompt_safety_problem("\uFF3D"));
  EXPECT_TRUE(prompt_safety_problem("\uFF5B\uFF5Bchar\uFF5D\uFF5D"));
  EXPECT_TRUE(prompt_safety_problem("{\uFF5B"));
  EXPECT_FALSE(prompt_safety_problem("\uFF5Bone\uFF5D"));  // a single full-width brace is no macro
}

TEST(HostilePromptSafety, ordinary_text_in_any_script_passes) {
  EXPECT_FALSE(prompt_safety_problem("Crêpe — Ça va, 你好, Привет, नमस्ते"));
  // Joiners shape Indic and Arabic script and emoji sequences: they stay allowed.
  EXPECT_FALSE(prompt_safety_problem("emoji 👍🏽 and a family \U0001F468\u200D\U0001F469\u200D\U0001F467"));
  EXPECT_FALSE(prompt_safety_problem("\u0915\u094D\u200D\u0937 and \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645"));
}

// --- the bounded reader -----------------------------------------------------------------------

class HostileFile : public HostileFixture {};

TEST_F(HostileFile, reads_a_regular_file_up_to_its_limit_and_refuses_one_byte_more) {
  write("four.json", "1234");
  EXPECT_EQ(json::read_regular_file(path("four.json"), 4).text, "1234");
  const auto over = json::read_regular_file(path("four.json"), 3);
  EXPECT_FALSE(over.ok());
  EXPECT_EQ(over.problem, json::FileProblem::TooLarge);
  EXPECT_EQ(over.size, 4u);
}

TEST_F(HostileFile, refuses_folders_devices_and_fifos_without_reading) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  for (const std::string& p : {path(""), std::string("/dev/zero"), path("fifo")}) {
    const auto r = json::read_regular_file(p, 1024);
    EXPECT_EQ(r.problem, json::FileProblem::NotRegular) << p;
  }
  EXPECT_EQ(json::read_regular_file(path("missing"), 1024).problem, json::FileProblem::Missing);
}

TEST_F(HostileFile, contained_read_refuses_a_symlink_out_of_the_folder) {
  write("outside.txt", "secret");
  write("pkg/inside.txt", "fine");
  fs::create_symlink(dir / "outside.txt", dir / "pkg/out.txt");
  fs::create_symlink("inside.txt", dir / "pkg/in.txt");
  EXPECT_EQ(json::read_contained_file(dir / "pkg", "out.txt", 100).problem, json::FileProblem::OutsideFolder);
  EXPECT_EQ(json::read_contained_file(dir / "pkg", "in.txt", 100).text, "fine");
  EXPECT_EQ(json::read_contained_file(dir / "pkg", "../outside.txt", 100).problem, json::FileProblem::OutsideFolder);
}

TEST_F(HostileFile, atomic_write_keeps_permissions_and_leaves_no_temporary_file) {
  write("out.json", "old");
  ASSERT_EQ(::chmod(path("out.json").c_str(), 0640), 0);
  EXPECT_FALSE(json::write_file_atomically(path("out.json"), "new"));
  EXPECT_EQ(slurp(dir / "out.json"), "new");
  struct stat st {};
  ASSERT_EQ(::stat(path("out.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1u);
  EXPECT_TRUE(json::write_file_atomically(path("pkg-missing/out.json"), "x"));
  EXPECT_TRUE(json::write_file_atomically("", "x"));
}

// --- linear time ------------------------------------------------------------------------------

TEST(HostileLinear, six_hundred_copies_of_one_rest_give_one_duplicate_id_per_later_copy) {
  std::string rests;
  for (int i = 0; i < 600; ++i) rests += std::string(i ? "," : "") + R"({"id": "short", "label": "Short"})";
  const LoadResult r = test::load(R"({"id": "t", "label": "T", "sheet": {}, "rests": [)" + rests + "]}");
  const auto duplicates = std::count_if(r.diagnostics.items().begin(), r.diagnostics.items().end(),
                                        [](const Diagnostic& d) { return d.code == Code::DuplicateId; });
  EXPECT_EQ(duplicates, 599);
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/rests/599"));
}

// --- invariants ---------------------------------------------------------------------------------

TEST(HostileAssert, a_broken_invariant_throws_for_the_edge_to_report_instead_of_terminating) {
  EXPECT_NO_THROW(RK_ASSERT(1 + 1 == 2));
  try {
    RK_ASSERT(1 + 1 == 3);
    FAIL() << "RK_ASSERT did not throw";
  } catch (const InvariantBroken& e) {
    EXPECT_NE(std::string(e.what()).find("`1 + 1 == 3` does not hold"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace rk::hostile
