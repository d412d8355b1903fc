// rk_differential: Rulekeeper's `check` against the original Game Mode validator (docs/testing.md).
//
// Writes each base ruleset and N seeded mutations of it to a folder, checks every file in process
// with load_ruleset_text, runs the original's validate.sh once over all of them, compares
// accept/refuse, prints a summary and every disagreement, and fails on any disagreement that
// tests/differential/expected.json does not list.
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "differential/differential.hpp"
#include "format/ruleset.hpp"
#include "mutate/mutate.hpp"
#include "reference_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace bj = boost::json;
using rk::differential::Case;
using rk::differential::Expected;

/// The original's format reaches Capability API 1.62 (reference/game-mode/SOURCE.md): a bundled
/// ruleset whose content needs no later gate uses only the base format, and joins the bases.
constexpr std::int64_t kReferenceCeilingMinor = 62;
constexpr std::size_t kShownPerSide = 2;

struct Options {
  fs::path source_dir = RK_SOURCE_DIR;
  fs::path reference_dir;
  fs::path expected;
  fs::path decisions;
  fs::path work;
  std::uint64_t seed = 20261201;
  std::size_t per_base = 340;  // 3 examples: 1,020 mutations, inside ~3 minutes on 2 busy cores
  bool write_expected = false;
  bool keep = false;
};

struct Base {
  std::string name;
  fs::path path;
  std::string text;
  bj::value document;
  bool ours_ok = false;
  std::set<std::string> error_keys;  ///< "code|pointer" of our errors on the unmutated file
  std::map<std::string, int> errors_by_area;
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string squeeze(const std::string& text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

int usage(const char* why) {
  std::cerr << "rk_differential: " << why << "\n"
            << "usage: rk_differential [--source-dir DIR] [--reference DIR] [--expected FILE] [--decisions FILE]\n"
               "                       [--seed S] [--per-base N] [--work DIR] [--keep] [--write-expected]\n";
  return 2;
}

bool parse_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--write-expected") {
      o.write_expected = true;
      continue;
    }
    if (arg == "--keep") {
      o.keep = true;
      continue;
    }
    if (i + 1 >= argc) return false;
    const std::string value = argv[++i];
    if (arg == "--source-dir")
      o.source_dir = value;
    else if (arg == "--reference")
      o.reference_dir = value;
    else if (arg == "--expected")
      o.expected = value;
    else if (arg == "--decisions")
      o.decisions = value;
    else if (arg == "--seed")
      o.seed = std::stoull(value);
    else if (arg == "--per-base")
      o.per_base = std::stoull(value);
    else if (arg == "--work")
      o.work = value;
    else
      return false;
  }
  if (o.reference_dir.empty()) o.reference_dir = rk::testing::reference_dir(o.source_dir);
  if (o.expected.empty()) o.expected = o.source_dir / "tests" / "differential" / "expected.json";
  if (o.decisions.empty()) o.decisions = o.source_dir / "docs" / "format" / "decisions.md";
  return true;
}

/// Our verdict on one text: accepted, and the first errors.
struct Verdict {
  bool ok = false;
  std::vector<rk::Diagnostic> errors;
  /// What our check threw, when it threw: a defect whatever the original says.
  std::optional<std::string> crash;
};

Verdict check_ours(const std::string& text) {
  Verdict v;
  try {
    const rk::LoadResult r = rk::load_ruleset_text(text, "ruleset.json");
    v.ok = r.ok();
    for (const auto& d : r.diagnostics.items())
      if (d.severity == rk::Severity::Error) v.errors.push_back(d);
  } catch (const std::exception& e) {
    v.crash = e.what();
  }
  return v;
}

std::string error_key(const rk::Diagnostic& d) { return fmt::format("{}|{}", rk::code_name(d.code), d.pointer); }

std::string shown(const rk::Diagnostic& d) {
  return fmt::format("{} at {}: {}", rk::code_name(d.code), d.pointer.empty() ? "(root)" : d.pointer, d.message);
}

std::optional<std::int64_t> minor_of(const std::optional<std::string>& version) {
  if (!version || version->rfind("1.", 0) != 0) return std::nullopt;
  return std::stoll(version->substr(2));
}

bool load_base(const std::string& name, const fs::path& path, std::vector<Base>& bases) {
  Base b;
  b.name = name;
  b.path = path;
  b.text = read_text(path);
  boost::system::error_code ec;
  b.document = bj::parse(b.text, ec);
  if (ec) {
    std::cerr << "rk_differential: base " << path << " is not JSON: " << ec.message() << "\n";
    return false;
  }
  const Verdict v = check_ours(b.text);
  b.ours_ok = v.ok;
  if (v.crash) std::cerr << "rk_differential: our check threw on base " << name << ": " << *v.crash << "\n";
  for (const auto& d : v.errors) {
    b.error_keys.insert(error_key(d));
    ++b.errors_by_area[rk::differential::area(d.pointer)];
  }
  bases.push_back(std::move(b));
  return true;
}

/// The three reference examples, and every bundled ruleset whose content needs nothing past the
/// original's Capability API; the others are listed with what they need.
bool collect_bases(const Options& o, std::vector<Base>& bases, std::vector<std::string>& skipped) {
  const fs::path examples = o.reference_dir / "examples";
  if (!fs::is_directory(examples)) {
    std::cerr << "rk_differential: no reference examples at " << examples << "\n";
    return false;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(examples))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files)
    if (!load_base(f.stem().string(), f, bases)) return false;

  std::vector<fs::path> bundled;
  const fs::path rulesets = o.source_dir / "rulesets";
  if (fs::is_directory(rulesets))
    for (const auto& e : fs::recursive_directory_iterator(rulesets))
      if (e.path().filename() == "ruleset.json") bundled.push_back(e.path());
  std::sort(bundled.begin(), bundled.end());
  for (const auto& f : bundled) {
    const std::string name = fs::relative(f.parent_path(), o.source_dir).generic_string();
    // A package is checked as one (its catalogs may live in their own files); its ruleset.json is
    // what both validators then read.
    const bool package = fs::is_regular_file(f.parent_path() / "manifest.json");
    const rk::LoadResult r = rk::load_ruleset(package ? f.parent_path() : f);
    const auto minor = minor_of(r.requires_version);
    if (!r.ok()) {
      skipped.push_back(fmt::format("{}: refused by our check ({} errors), so its needs are unknown", name,
                                    r.diagnostics.error_count()));
    } else if (!minor || *minor > kReferenceCeilingMinor) {
      skipped.push_back(fmt::format("{}: needs Capability API {} for {}, past the original's 1.{}", name,
                                    r.requires_version.value_or("?"), r.requires_feature.value_or("?"),
                                    kReferenceCeilingMinor));
    } else if (!load_base(name, f, bases)) {
      return false;
    }
  }
  return true;
}

bool have_node() { return std::system("command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1") == 0; }

/// Runs validate.sh once on every file and fills the original's verdicts in.
bool run_original(const Options& o, const fs::path& work, std::vector<Case>& cases) {
  const fs::path validator = o.reference_dir / "validate" / "validate.sh";
  const fs::path list = work / "files.txt";
  {
    std::ofstream out(list);
    for (const auto& c : cases) out << c.file.string() << "\n";
  }
  // One call for all files (each call bundles the schema again); the list goes through a file so
  // no single argument outgrows the kernel's limit.
  const std::string command = fmt::format("bash -c 'mapfile -t files < \"{}\" && exec bash \"{}\" \"${{files[@]}}\"'",
                                          list.string(), validator.string());
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return false;
  std::map<std::string, Case*> by_file;
  for (auto& c : cases) by_file[c.file.string()] = &c;
  std::string line;
  char buffer[65536];
  std::string pending;
  while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) pending.append(buffer, n);
  const int status = pclose(pipe);
  std::istringstream lines(pending);
  while (std::getline(lines, line)) {
    boost::system::error_code ec;
    const bj::value v = bj::parse(line, ec);
    if (ec || !v.is_object()) continue;
    const auto& o2 = v.get_object();
    const auto* file = o2.if_contains("file");
    if (!file || !file->is_string()) continue;
    auto it = by_file.find(std::string(file->get_string()));
    if (it == by_file.end()) continue;
    Case& c = *it->second;
    c.original_answered = true;
    c.original_ok = o2.contains("ok") && o2.at("ok").is_bool() && o2.at("ok").get_bool();
    if (const auto* issues = o2.if_contains("issues"); issues && issues->is_array())
      for (const auto& i : issues->get_array())
        if (i.is_string() && c.original_first.size() < kShownPerSide) c.original_first.emplace_back(i.get_string());
  }
  if (status != 0) std::cerr << "rk_differential: validate.sh exited with status " << status << "\n";
  return status == 0;
}

struct Tally {
  std::size_t cases = 0, agree = 0, agree_by_base_only = 0, we_refuse = 0, we_accept = 0;
  void add(const Case& c) {
    ++cases;
    if (c.agree()) {
      ++agree;
      if (!c.ours_ok && c.ours_only_base_errors) ++agree_by_base_only;
    } else if (c.ours_ok) {
      ++we_accept;
    } else {
      ++we_refuse;
    }
  }
};

void print_table(const std::string& title, const std::map<std::string, Tally>& rows) {
  fmt::print("\n{:<28} {:>6} {:>6} {:>10} {:>10} {:>10}\n", title, "cases", "agree", "(weak)", "we-refuse",
             "we-accept");
  for (const auto& [name, t] : rows)
    fmt::print("  {:<26} {:>6} {:>6} {:>10} {:>10} {:>10}\n", name, t.cases, t.agree, t.agree_by_base_only, t.we_refuse,
               t.we_accept);
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  Options o;
  if (!parse_options(argc, argv, o)) return usage("bad arguments");
  if (!have_node()) {
    std::cerr << "FAILED: the differential test runs the original validator, which needs node and npm, and at "
                 "least one of them is not on PATH. Install them with scripts/setup.sh (Debian packages nodejs "
                 "and npm).\n";
    return 1;
  }
  if (!fs::is_regular_file(o.reference_dir / "validate" / "validate.sh")) {
    std::cerr << "FAILED: the original validator is not at " << (o.reference_dir / "validate" / "validate.sh") << "\n";
    return 1;
  }
  std::vector<Base> bases;
  std::vector<std::string> skipped;
  if (!collect_bases(o, bases, skipped)) return 1;

  const bool own_work = o.work.empty();
  fs::path work = own_work ? fs::temp_directory_path() / fmt::format("rk-differential-{}", getpid()) : o.work;
  fs::create_directories(work);
  work = fs::canonical(work);

  std::vector<Case> cases;
  for (const auto& b : bases) {
    std::string folder_name = b.name;  // "rulesets/examples/gravewatch" must not meet the example "gravewatch"
    std::replace(folder_name.begin(), folder_name.end(), '/', '_');
    const fs::path folder = work / folder_name;
    fs::create_directories(folder);
    Case base_case;
    base_case.base = b.name;
    base_case.kind = "base";
    base_case.change = "unmutated";
    base_case.file = folder / "base.json";
    std::ofstream(base_case.file, std::ios::binary) << b.text;
    cases.push_back(base_case);
    for (auto& m : rk::mutate::mutations(b.document, o.seed, o.per_base)) {
      Case c;
      c.base = b.name;
      c.kind = std::string(rk::mutate::kind_name(m.kind));
      c.pointer = m.pointer;
      c.change = m.change;
      c.index = m.index;
      c.file = folder / fmt::format("{}.json", m.index);
      std::ofstream(c.file, std::ios::binary) << bj::serialize(m.document);
      cases.push_back(std::move(c));
    }
  }
  std::map<std::string, const Base*> base_by_name;
  for (const auto& b : bases) base_by_name[b.name] = &b;
  // The original runs in its own process meanwhile; it writes only the original_* members of each
  // case, and the loop below only the ours_* ones.
  bool original_ran = false;
  std::thread original([&] { original_ran = run_original(o, work, cases); });
  for (auto& c : cases) {
    const Verdict v = check_ours(read_text(c.file));
    c.ours_ok = v.ok;
    if (v.crash) {
      c.ours_crash = *v.crash;
      c.ours_first.push_back("CRASH: our check threw " + *v.crash);
    }
    const Base& b = *base_by_name.at(c.base);
    c.ours_only_base_errors = !v.ok && !b.ours_ok;
    for (const auto& d : v.errors) {
      if (c.ours_first.size() < kShownPerSide) c.ours_first.push_back(shown(d));
      if (!b.error_keys.contains(error_key(d))) c.ours_only_base_errors = false;
    }
  }
  const auto ours_done = std::chrono::steady_clock::now();
  original.join();
  const auto original_done = std::chrono::steady_clock::now();

  std::size_t unanswered = 0;
  for (const auto& c : cases) unanswered += !c.original_answered;

  fmt::print("Differential test: rulekeeper check vs the original validator\n");
  fmt::print("seed {}, {} mutations per base, {} files, work folder {}\n", o.seed, o.per_base, cases.size(),
             work.string());
  fmt::print("\nBases:\n");
  for (const auto& b : bases) {
    std::string areas;
    for (const auto& [a, n] : b.errors_by_area) areas += fmt::format(" {} {}", a, n);
    fmt::print("  {:<34} ours {}{}\n", b.name, b.ours_ok ? "accept" : "refuse",
               b.ours_ok ? "" : fmt::format(" ({} errors by area:{})", b.error_keys.size(), areas));
  }
  for (const auto& s : skipped) fmt::print("  skipped {}\n", s);

  std::map<std::string, Tally> by_kind, by_area, by_base;
  Tally total;
  for (const auto& c : cases) {
    by_kind[c.kind].add(c);
    by_area[rk::differential::area(c.pointer)].add(c);
    by_base[c.base].add(c);
    total.add(c);
  }
  print_table("by mutation kind", by_kind);
  print_table("by top-level area", by_area);
  print_table("by base", by_base);
  fmt::print(
      "\n(weak): agreements where our refusal holds only the unmutated base's own errors, so the\n"
      "mutation itself went unnoticed by us.\n");

  std::string error;
  std::vector<Expected> expected;
  if (fs::exists(o.expected)) expected = rk::differential::read_expected(o.expected, error);
  if (!error.empty()) {
    std::cerr << "FAILED: " << error << "\n";
    return 1;
  }
  std::vector<const Case*> disagreements, unexpected;
  for (const auto& c : cases) {
    if (!c.original_answered || c.agree()) continue;
    disagreements.push_back(&c);
    bool known = false;
    for (auto& e : expected)
      if (e.matches(c)) {
        ++e.matched;
        known = true;
        break;
      }
    if (!known) unexpected.push_back(&c);
  }
  fmt::print("\nDisagreements ({}; [new] = not in {}):\n", disagreements.size(), o.expected.filename().string());
  for (const Case* c : disagreements) {
    const bool is_new = std::find(unexpected.begin(), unexpected.end(), c) != unexpected.end();
    fmt::print("{} {}#{} {} {}: {}\n    file {}\n", is_new ? "[new]" : "     ", c->base,
               c->kind == "base" ? std::string("base") : std::to_string(c->index), c->kind,
               c->pointer.empty() ? "(root)" : c->pointer, c->change, c->file.string());
    if (c->kind != "base")
      fmt::print("    again: rk-mutate {} --seed {} --index {}\n", base_by_name.at(c->base)->path.string(), o.seed,
                 c->index);
    fmt::print("    ours: {}{}\n", c->ours_ok ? "accept" : "refuse",
               c->ours_only_base_errors ? " (only the unmutated base's own errors)" : "");
    for (const auto& s : c->ours_first) fmt::print("      {}\n", s);
    fmt::print("    original: {}\n", c->original_ok ? "accept" : "refuse");
    for (const auto& s : c->original_first) fmt::print("      {}\n", s);
  }

  bool failed = false;
  std::size_t crashes = 0;
  for (const auto& c : cases) {
    if (!c.ours_crash) continue;
    if (++crashes == 1) fmt::print("\n");
    fmt::print("FAILED: our check threw on {} ({} {} {}): {}\n", c.file.string(), c.kind, c.pointer, c.change,
               *c.ours_crash);
    failed = true;
  }
  if (!original_ran || unanswered) {
    fmt::print("\nFAILED: the original validator did not answer for {} of {} files (see its messages above)\n",
               unanswered, cases.size());
    failed = true;
  }
  if (o.write_expected) {
    std::vector<std::string> refused;
    for (const auto& b : bases)
      if (!b.ours_ok) refused.push_back(b.name);
    const auto proposed = rk::differential::propose_expected(disagreements, refused, expected);
    rk::differential::write_expected(o.expected, proposed);
    fmt::print("\nwrote {} patterns to {}; give every TODO reason its cause and list each reason in {}\n",
               proposed.size(), o.expected.string(), o.decisions.string());
  } else {
    for (const auto& e : expected)
      if (e.matched == 0)
        fmt::print("\nstale: no disagreement matches {{base {}, kind {}, pointer \"{}\", ours {}}}; remove it\n",
                   e.base, e.kind, e.pointer, e.ours);
    const std::string decisions = squeeze(read_text(o.decisions));
    for (const auto& e : expected) {
      if (e.reason.empty() || e.reason.rfind("TODO", 0) == 0) {
        fmt::print("\nFAILED: the pattern {{base {}, kind {}, pointer \"{}\"}} has no reason yet\n", e.base, e.kind,
                   e.pointer);
        failed = true;
      } else if (decisions.find(squeeze(e.reason)) == std::string::npos) {
        fmt::print("\nFAILED: the reason \"{}\" is not in {}\n", e.reason, o.decisions.string());
        failed = true;
      }
    }
    if (!unexpected.empty()) {
      fmt::print(
          "\nFAILED: {} new disagreement(s), marked [new] above. Fix the reader, or, when the difference is\n"
          "intended, rerun with --write-expected and give the new pattern its reason (also in decisions.md).\n",
          unexpected.size());
      failed = true;
    }
  }
  const auto seconds = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
  fmt::print(
      "\n{} files: {} agree ({} weakly), {} disagree ({} new); ours done after {:.1f} s, the original after {:.1f} s\n",
      cases.size(), total.agree, total.agree_by_base_only, disagreements.size(), unexpected.size(),
      seconds(started, ours_done), seconds(started, original_done));
  fmt::print("{}\n", failed ? "FAILED" : "PASSED");
  if (own_work && !o.keep) fs::remove_all(work);
  return failed ? 1 : 0;
}
