#pragma once
// Reading input files without trusting them: only regular files, never more than a limit, never
// blocking on a FIFO, and (for a package) never outside the package's own folder. Every failure is
// a value with a reason a user can act on; nothing here throws.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace rk::json {

enum class FileProblem : std::uint8_t {
  None,
  Missing,        ///< nothing at that path
  NotRegular,     ///< a folder, a FIFO, a device …
  TooLarge,       ///< more bytes than the limit
  Unreadable,     ///< the system refused (permissions, a symlink loop, a name too long …)
  OutsideFolder,  ///< the path resolves outside the folder it must stay in
};

struct FileRead {
  std::optional<std::string> text;  ///< the bytes, when read
  FileProblem problem = FileProblem::None;
  std::string reason;       ///< why not, in words ("it is a folder, not a file")
  std::uintmax_t size = 0;  ///< the file's size when known (for TooLarge)
  bool ok() const { return text.has_value(); }
};

/// Reads the regular file at `path`, at most `limit` bytes.
FileRead read_regular_file(const std::filesystem::path& path, std::size_t limit);

/// What is at `folder / relative`, checked the way a package reads: the path is resolved (symlinks
/// followed) and must stay inside the resolved `folder`, and must name a regular file.
/// Returns the problem (None when it is fine) and fills `reason` and `size`.
FileProblem check_contained_file(const std::filesystem::path& folder, const std::filesystem::path& relative,
                                 std::string& reason, std::uintmax_t* size = nullptr);

/// `check_contained_file`, then `read_regular_file`.
FileRead read_contained_file(const std::filesystem::path& folder, const std::filesystem::path& relative,
                             std::size_t limit);

/// Reads a file named by the user (a command's argument): `read_regular_file`, and a name that is
/// a symbolic link must lead to a file in the folder the name is in, never out of it (as a
/// package's files never leave the package).
FileRead read_named_file(const std::filesystem::path& path, std::size_t limit);

/// Writes `text` to `path` so that a failure or a kill never leaves it half written: a temporary
/// file in the same folder, flushed and synced, then renamed over `path`. Returns the reason on
/// failure.
std::optional<std::string> write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace rk::json
