#pragma once
// Where this build's source tree and `rulekeeper` binary are. The paths are compiled into one
// translation unit (build_paths.cpp) rather than defined on every test's command line, so a second
// checkout on the same machine shares every other compiled test object through ccache.
// Force-included into every test source (tests/CMakeLists.txt), so RK_SOURCE_DIR and RK_CLI_PATH
// read like the constants they were.

namespace rk::test {
const char* build_source_dir();
const char* build_cli_path();
}  // namespace rk::test

#define RK_SOURCE_DIR (::rk::test::build_source_dir())
#define RK_CLI_PATH (::rk::test::build_cli_path())
