#pragma once
// Runs the `rulekeeper` binary the way a front end or script would, for the CLI contract tests.
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace rk::test {

struct CliOutput {
  int exit_code = -1;
  std::string out;  ///< standard output; standard error is discarded
};

inline CliOutput run_cli(const std::string& args) {
  CliOutput r;
  FILE* pipe = popen((std::string(RK_CLI_PATH) + " " + args + " 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) return r;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) r.out.append(buffer, n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace rk::test
