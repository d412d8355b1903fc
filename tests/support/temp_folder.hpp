#pragma once
// A fresh folder for one test's files, removed with the object. Its name holds the process id and
// a counter, so tests running in parallel (ctest -j) never share one.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "support/reference_top.hpp"

namespace rk::test {

class TempFolder {
 public:
  explicit TempFolder(std::string_view prefix = "rk")
      : path_(std::filesystem::temp_directory_path() /
              (std::string(prefix) + "-" + std::to_string(::getpid()) + "-" + std::to_string(next()))) {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
    std::filesystem::create_directories(path_);
  }
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// The full path of `relative` inside the folder.
  std::string file(const std::string& relative) const { return (path_ / relative).string(); }
  /// Writes `text` byte for byte to `relative`, making its folders; returns its full path.
  std::string write_raw(const std::string& relative, const std::string& text) const {
    std::filesystem::create_directories((path_ / relative).parent_path());
    std::ofstream(path_ / relative, std::ios::binary) << text;
    return file(relative);
  }
  /// Writes `text` as a test fixture: a ruleset gets the reference's top level filled in
  /// (fixture_file_text); anything else is written as given.
  std::string write(const std::string& relative, const std::string& text) const {
    return write_raw(relative, fixture_file_text(text));
  }

 private:
  static unsigned next() {
    static std::atomic<unsigned> count{0};
    return ++count;
  }
  std::filesystem::path path_;
};

}  // namespace rk::test
