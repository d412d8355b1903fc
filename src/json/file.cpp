#include "json/file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>
#include <system_error>

namespace rk::json {

namespace fs = std::filesystem;

namespace {

std::string system_reason(int error) { return std::generic_category().message(error); }

// Closes the descriptor on every path out of a function.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "it is a folder, not a file";
  if (S_ISFIFO(mode)) return "it is a pipe (FIFO), not a regular file";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "it is a device, not a regular file";
  if (S_ISSOCK(mode)) return "it is a socket, not a regular file";
  return "it is not a regular file";
}

}  // namespace

FileRead read_regular_file(const fs::path& path, std::size_t limit) {
  FileRead out;
  if (path.empty()) {
    out.problem = FileProblem::Missing;
    out.reason = "no file name was given";
    return out;
  }
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. It has no
  // effect on a regular file, the only kind read below.
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) {
    const int error = errno;
    out.problem = error == ENOENT ? FileProblem::Missing : FileProblem::Unreadable;
    out.reason = error == ENOENT ? "it does not exist" : system_reason(error);
    return out;
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) {
    out.problem = FileProblem::Unreadable;
    out.reason = system_reason(errno);
    return out;
  }
  if (!S_ISREG(st.st_mode)) {
    out.problem = FileProblem::NotRegular;
    out.reason = kind_of(st.st_mode);
    return out;
  }
  out.size = static_cast<std::uintmax_t>(st.st_size);
  if (out.size > limit) {
    out.problem = FileProblem::TooLarge;
    out.reason = "it is larger than the limit";
    return out;
  }
  // Read at most one byte past the limit: a file that grows while it is read is still refused.
  std::string text;
  text.resize(limit + 1);
  std::size_t filled = 0;
  while (filled < text.size()) {
    const ssize_t n = ::read(fd.get(), text.data() + filled, text.size() - filled);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      out.problem = FileProblem::Unreadable;
      out.reason = system_reason(errno);
      return out;
    }
    filled += static_cast<std::size_t>(n);
  }
  if (filled > limit) {
    out.problem = FileProblem::TooLarge;
    out.size = filled;
    out.reason = "it is larger than the limit";
    return out;
  }
  text.resize(filled);
  out.size = filled;
  out.text = std::move(text);
  return out;
}

namespace {

// The resolved location of `folder / relative` when it stays inside the resolved `folder`.
std::optional<fs::path> resolve_inside(const fs::path& folder, const fs::path& relative, FileProblem& problem,
                                       std::string& reason, std::string_view folder_name = "the package folder") {
  std::error_code ec;
  const fs::path root = fs::canonical(folder, ec);
  if (ec) {
    problem = ec == std::errc::no_such_file_or_directory ? FileProblem::Missing : FileProblem::Unreadable;
    reason = std::string(folder_name) + " cannot be opened: " + ec.message();
    return std::nullopt;
  }
  const fs::path target = fs::canonical(root / relative, ec);
  if (ec) {
    problem = ec == std::errc::no_such_file_or_directory ? FileProblem::Missing : FileProblem::Unreadable;
    reason = ec == std::errc::no_such_file_or_directory ? "it does not exist" : ec.message();
    return std::nullopt;
  }
  const fs::path inside = target.lexically_relative(root);
  if (inside.empty() || *inside.begin() == "..") {
    problem = FileProblem::OutsideFolder;
    reason = "it leads outside " + std::string(folder_name) + " (through a symbolic link)";
    return std::nullopt;
  }
  return target;
}

}  // namespace

FileProblem check_contained_file(const fs::path& folder, const fs::path& relative, std::string& reason,
                                 std::uintmax_t* size) {
  FileProblem problem = FileProblem::None;
  const auto target = resolve_inside(folder, relative, problem, reason);
  if (!target) return problem;
  struct stat st {};
  if (::stat(target->c_str(), &st) != 0) {
    reason = system_reason(errno);
    return FileProblem::Unreadable;
  }
  if (!S_ISREG(st.st_mode)) {
    reason = kind_of(st.st_mode);
    return FileProblem::NotRegular;
  }
  if (size != nullptr) *size = static_cast<std::uintmax_t>(st.st_size);
  return FileProblem::None;
}

FileRead read_contained_file(const fs::path& folder, const fs::path& relative, std::size_t limit) {
  FileRead out;
  const auto target = resolve_inside(folder, relative, out.problem, out.reason);
  if (!target) return out;
  return read_regular_file(*target, limit);
}

FileRead read_named_file(const fs::path& path, std::size_t limit) {
  if (path.empty() || !path.has_filename()) return read_regular_file(path, limit);
  FileRead out;
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const auto target = resolve_inside(folder, path.filename(), out.problem, out.reason, "the folder it is in");
  if (!target) return out;
  return read_regular_file(*target, limit);
}

std::optional<std::string> write_file_atomically(const fs::path& path, const std::string& text) {
  if (path.empty()) return "no file name was given";
  if (!path.has_filename()) return "the path names a folder, not a file";
  struct stat target {};
  if (::stat(path.c_str(), &target) == 0 && !S_ISREG(target.st_mode)) {
    // Renaming over a folder, a device or a FIFO would replace it: only a regular file is written.
    return std::string(kind_of(target.st_mode));
  }
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const fs::path temporary = folder / ("." + path.filename().string() + ".rk-" + std::to_string(::getpid()) + ".tmp");
  Descriptor fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666));
  if (fd.get() < 0) return "cannot create a temporary file beside it: " + system_reason(errno);
  auto fail = [&](int error) -> std::optional<std::string> {
    ::close(fd.release());
    ::unlink(temporary.c_str());
    return system_reason(error);
  };
  if (::stat(path.c_str(), &target) == 0) {
    ::fchmod(fd.get(), target.st_mode & 07777);  // the replaced file keeps its permissions
  }
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd.get(), text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(errno);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd.get()) != 0) return fail(errno);
  if (::close(fd.release()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    return system_reason(error);
  }
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    return system_reason(error);
  }
  return std::nullopt;
}

}  // namespace rk::json
