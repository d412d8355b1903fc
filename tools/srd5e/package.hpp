#pragma once
// The `5e-2014` package: build every file in memory from the SRD, then write them.
#include <filesystem>
#include <map>
#include <string>

namespace srd5e {

/// Package files by path relative to the package folder ("ruleset.json", "catalogs/spells.json").
using Files = std::map<std::string, std::string>;

/// Every file of the package, deterministically: the same SRD gives the same bytes.
/// Throws std::runtime_error when the SRD data is missing or not what the converter expects.
Files build_package(const std::filesystem::path& srd_dir);

/// Writes `files` under `out_dir` (creating folders), replacing what is there.
void write_files(const Files& files, const std::filesystem::path& out_dir);

/// build_package + write_files: `srd5e_convert SRD_DIR OUT_DIR`.
void convert(const std::filesystem::path& srd_dir, const std::filesystem::path& out_dir);

/// The Capability API minor the package declares (exactly what its content needs).
inline constexpr int kCapabilityMinor = 772;  // class features are each their group's `exclusiveDefault` (BA-93)

}  // namespace srd5e
