// Data cases: every `tests/cases/format/<REQ-ID>_<what>.json` is a single-file ruleset that the
// validator must refuse, and its sibling `.expected` lists the errors, one a line:
//
//     code pointer line:column
//
// (`""` is the root pointer; blank lines and lines starting with `#` are ignored). The comparison
// ignores order, but every listed error must be reported and no other error may be. Warnings are
// not compared. Set RK_CASES_PRINT=1 to print what the validator reports for each case.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

namespace fs = std::filesystem;

fs::path cases_folder() { return fs::path(test::source_path("tests/cases/format")); }

std::vector<std::string> case_names() {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(cases_folder())) {
    if (entry.path().extension() == ".json") out.push_back(entry.path().stem().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// `SH-68_penaltyFrom_ordinary-track` → `SH_68_penaltyFrom_ordinary_track`.
std::string test_name(const std::string& stem) {
  std::string out;
  for (char c : stem) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum) {
      out.push_back(c);
    } else if (!out.empty() && out.back() != '_') {
      out.push_back('_');
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

std::string render(const Diagnostic& d) {
  return std::string(code_name(d.code)) + " " + (d.pointer.empty() ? std::string("\"\"") : d.pointer) + " " +
         std::to_string(d.line) + ":" + std::to_string(d.column);
}

std::vector<std::string> read_expected(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    // Normalise runs of spaces so the file may align its columns.
    std::istringstream words(line.substr(first));
    std::string word, normal;
    while (words >> word) normal += (normal.empty() ? "" : " ") + word;
    out.push_back(normal);
  }
  return out;
}

class FormatCase : public ::testing::TestWithParam<std::string> {};

TEST_P(FormatCase, is_refused_with_exactly_the_expected_errors) {
  const fs::path json = cases_folder() / (GetParam() + ".json");
  const fs::path expected_path = cases_folder() / (GetParam() + ".expected");
  ASSERT_TRUE(fs::exists(expected_path)) << expected_path << " is missing";
  std::vector<std::string> expected = read_expected(expected_path);
  ASSERT_FALSE(expected.empty()) << expected_path << " lists no error; a case must be refused";

  const LoadResult r = load_ruleset(json);
  std::vector<std::string> actual;
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity == Severity::Error) actual.push_back(render(d));
  }
  if (std::getenv("RK_CASES_PRINT") != nullptr) {
    for (const auto& line : actual) std::cout << "ACTUAL " << GetParam() << " " << line << "\n";
  }
  EXPECT_FALSE(r.ok()) << "the case loaded without errors";

  std::vector<std::string> missing, unexpected = actual;
  for (const auto& e : expected) {
    auto it = std::find(unexpected.begin(), unexpected.end(), e);
    if (it == unexpected.end()) {
      missing.push_back(e);
    } else {
      unexpected.erase(it);
    }
  }
  std::string report;
  for (const auto& m : missing) report += "  missing:    " + m + "\n";
  for (const auto& u : unexpected) report += "  unexpected: " + u + "\n";
  EXPECT_TRUE(missing.empty() && unexpected.empty()) << GetParam() << "\n"
                                                     << report << "all diagnostics:\n"
                                                     << test::describe(r);
}

INSTANTIATE_TEST_SUITE_P(Cases, FormatCase, ::testing::ValuesIn(case_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return test_name(info.param); });

TEST(FormatCases, SH_1_every_case_has_an_expected_file_and_a_unique_name) {
  std::vector<std::string> names;
  for (const auto& stem : case_names()) {
    EXPECT_TRUE(fs::exists(cases_folder() / (stem + ".expected"))) << stem;
    names.push_back(test_name(stem));
  }
  EXPECT_GE(names.size(), 1u);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << "two cases sanitize to one test name";
  for (const auto& entry : fs::directory_iterator(cases_folder())) {
    if (entry.path().extension() == ".expected") {
      EXPECT_TRUE(fs::exists(fs::path(entry.path()).replace_extension(".json"))) << entry.path() << " has no case";
    }
  }
}

}  // namespace
}  // namespace rk
