#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "format/reader.hpp"
#include "json/write.hpp"
#include "sheet/view_json.hpp"

#include "cli/shell.hpp"

namespace rk::cli {

namespace bj = boost::json;

namespace {

// Decodes one UTF-8 sequence at `i`; returns its length, or 0 when the bytes are not valid UTF-8.
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  std::size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3F);
  }
  return n;
}

// Characters a terminal acts on instead of showing: C0 and C1 controls, DEL, and the
// bidirectional controls that reorder what follows them.
bool acts_on_terminal(char32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string terminal_safe(std::string_view text, bool keep_line_breaks) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t n = utf8_sequence(text, i, cp);
    if (n == 0) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i]));
      ++i;
      continue;
    }
    if (keep_line_breaks && cp == '\n') {
      out.push_back('\n');
    } else if (acts_on_terminal(cp)) {
      out += cp < 0x80 ? fmt::format("\\x{:02X}", static_cast<unsigned>(cp))
                       : fmt::format("\\u{{{:04X}}}", static_cast<unsigned>(cp));
    } else {
      out.append(text.substr(i, n));
    }
    i += n;
  }
  return out;
}

void say(std::ostream& out, std::string_view text) { out << terminal_safe(text, true); }

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
  // The caret goes under the escaped text, so it is placed after escaping what comes before it.
  const std::string before = terminal_safe(std::string_view(line).substr(0, std::min(line.size(), at - begin)));
  return fmt::format("  {}\n  {}^\n", terminal_safe(line), std::string(text_length(before), ' '));
}

std::size_t count_of(const Diagnostics& diagnostics, Severity severity) {
  return static_cast<std::size_t>(std::count_if(diagnostics.items().begin(), diagnostics.items().end(),
                                                [&](const Diagnostic& d) { return d.severity == severity; }));
}

}  // namespace

void print_text(const Diagnostics& diagnostics, std::ostream& out, const std::map<std::string, std::string>& sources) {
  std::size_t shown[2] = {0, 0};
  for (const auto& d : diagnostics.items()) {
    std::size_t& count = shown[d.severity == Severity::Error ? 0 : 1];
    if (count++ >= limits::kDiagnosticsShown) continue;
    std::string where = d.file.empty() ? "" : d.file;
    if (d.line > 0) where += fmt::format(":{}:{}", d.line, d.column);
    std::string line = fmt::format("{}{}{}[{}]: {}", where, where.empty() ? "" : ": ",
                                   d.severity == Severity::Error ? "error" : "warning", code_name(d.code), d.message);
    if (!d.pointer.empty()) line += fmt::format(" (at {})", d.pointer);
    out << terminal_safe(line) << "\n" << source_excerpt(d, sources);
  }
  for (const Severity severity : {Severity::Error, Severity::Warning}) {
    const std::size_t total = shown[severity == Severity::Error ? 0 : 1];
    if (total > limits::kDiagnosticsShown) {
      out << fmt::format("… and {} more {} not shown (a run lists at most {} of each kind)\n",
                         total - limits::kDiagnosticsShown, severity == Severity::Error ? "errors" : "warnings",
                         limits::kDiagnosticsShown);
    }
  }
}

bj::array diagnostics_json(const Diagnostics& diagnostics, Severity severity) {
  bj::array a;
  for (const auto& d : diagnostics.items()) {
    if (d.severity != severity) continue;
    if (a.size() >= limits::kDiagnosticsShown) break;
    a.push_back(diagnostic_to_json(d));
  }
  return a;
}

void add_diagnostics_json(bj::object& o, const Diagnostics& diagnostics, bool with_warnings) {
  o["errors"] = diagnostics_json(diagnostics, Severity::Error);
  if (with_warnings) o["warnings"] = diagnostics_json(diagnostics, Severity::Warning);
  const std::size_t errors = count_of(diagnostics, Severity::Error);
  const std::size_t warnings = with_warnings ? count_of(diagnostics, Severity::Warning) : 0;
  if (errors > limits::kDiagnosticsShown || warnings > limits::kDiagnosticsShown) {
    o["omitted"] =
        bj::object{{"errors", errors > limits::kDiagnosticsShown ? errors - limits::kDiagnosticsShown : 0},
                   {"warnings", warnings > limits::kDiagnosticsShown ? warnings - limits::kDiagnosticsShown : 0}};
  }
}

void print_refusal(const Diagnostics& diagnostics, bool as_json, const std::map<std::string, std::string>& sources) {
  if (as_json) {
    bj::object o{{"ok", false}};
    add_diagnostics_json(o, diagnostics, false);
    print_json(o);
  } else {
    print_text(diagnostics, std::cerr, sources);
  }
}

int io_failure(bool as_json, const std::string& file, const std::string& message) {
  Diagnostics d;
  d.error(Code::IoError, "", "{}", message);
  d.items().back().file = file;
  print_refusal(d, as_json);
  return kExitUsage;
}

void print_json(const bj::value& v) { std::cout << json::serialize(v) << "\n"; }

}  // namespace rk::cli
