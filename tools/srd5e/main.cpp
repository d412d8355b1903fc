// srd5e_convert SRD_DIR OUT_DIR: writes the `5e-2014` ruleset package from the 5e SRD (2014) data.
// Exit codes: 0 written, 1 the SRD data could not be converted, 2 usage.
#include <exception>

#include <fmt/format.h>

#include "srd5e/package.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    fmt::print(stderr, "usage: srd5e_convert SRD_DIR OUT_DIR\n");
    return 2;
  }
  try {
    const auto files = srd5e::build_package(argv[1]);
    srd5e::write_files(files, argv[2]);
    for (const auto& [path, text] : files) fmt::print("{:>9} {}\n", text.size(), path);
  } catch (const std::exception& e) {
    fmt::print(stderr, "srd5e_convert: {}\n", e.what());
    return 1;
  }
  return 0;
}
