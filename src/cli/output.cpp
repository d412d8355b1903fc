#include <boost/json/serialize.hpp>

#include "sheet/view_json.hpp"

#include "cli/shell.hpp"

namespace rk::cli {

namespace bj = boost::json;

/// The source line a diagnostic points at, and a caret under its column ("" when unknown).
namespace {
std::string source_excerpt(const Diagnostic& d, const std::map<std::string, std::string>& sources) {
  auto it = sources.find(d.file);
  if (it == sources.end() || d.offset < 0 || d.line <= 0) return "";
  const std::string& text = it->second;
  const std::size_t at = std::min<std::size_t>(static_cast<std::size_t>(d.offset), text.size());
  std::size_t begin = text.rfind('\n', at == 0 ? 0 : at - 1);
  begin = (begin == std::string::npos || at == 0) ? 0 : begin + 1;
  std::size_t end = text.find('\n', at);
  if (end == std::string::npos) end = text.size();
  std::string line = text.substr(begin, end - begin);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  constexpr std::size_t kShownColumns = 160;  // long lines are cut so the caret stays readable
  if (line.size() > kShownColumns || static_cast<std::size_t>(d.column) > kShownColumns) return "";
  return fmt::format("  {}\n  {}^\n", line, std::string(static_cast<std::size_t>(d.column - 1), ' '));
}

}  // namespace

void print_text(const Diagnostics& diagnostics, std::ostream& out, const std::map<std::string, std::string>& sources) {
  for (const auto& d : diagnostics.items()) {
    std::string where = d.file.empty() ? "" : d.file;
    if (d.line > 0) where += fmt::format(":{}:{}", d.line, d.column);
    out << fmt::format("{}{}{}[{}]: {}", where, where.empty() ? "" : ": ",
                       d.severity == Severity::Error ? "error" : "warning", code_name(d.code), d.message);
    if (!d.pointer.empty()) out << fmt::format(" (at {})", d.pointer);
    out << "\n" << source_excerpt(d, sources);
  }
}

bj::array diagnostics_json(const Diagnostics& diagnostics, Severity severity) {
  bj::array a;
  for (const auto& d : diagnostics.items()) {
    if (d.severity == severity) a.push_back(diagnostic_to_json(d));
  }
  return a;
}

void print_json(const bj::value& v) { std::cout << bj::serialize(v) << "\n"; }


}  // namespace rk::cli
