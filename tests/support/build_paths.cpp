// The only test source compiled with the checkout's paths (see build_paths.hpp).
#include "support/build_paths.hpp"

namespace rk::test {
const char* build_source_dir() { return RK_BUILD_SOURCE_DIR; }
const char* build_cli_path() { return RK_BUILD_CLI_PATH; }
}  // namespace rk::test
