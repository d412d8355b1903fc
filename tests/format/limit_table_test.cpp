// Issue 9 point 3: every limit of src/format/limits.hpp's table, walked at N and just past N. The
// documents are data (tests/format/limit_probes/*.json, "limit_probes/README.md" there says how a
// probe is written); this file builds them, loads them as a user's tool would, and checks what the
// table says: at N accepted, past N refused with the row's code at the probe's pointer, or, for a
// limit a Capability gate lifts, accepted and needing that gate.
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "format/limits.hpp"
#include "sheet/character.hpp"
#include "support/cli.hpp"
#include "support/load.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace bj = boost::json;
namespace fs = std::filesystem;

struct Probe {
  std::string file;  ///< the probe file it comes from, for messages
  bj::object base;
  bj::object body;
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<Probe> all_probes() {
  std::vector<Probe> out;
  const fs::path folder = test::source_path("tests/format/limit_probes");
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& path : files) {
    const bj::object doc = bj::parse(read_text(path)).as_object();
    for (const bj::value& probe : doc.at("limits").as_array())
      out.push_back({path.filename().string(), doc.at("base").as_object(), probe.as_object()});
  }
  return out;
}

const limits::LimitRow* row_named(std::string_view name) {
  for (const auto& row : limits::kTable)
    if (row.name == name) return &row;
  return nullptr;
}

/// `over` merged onto `base`: objects member by member, anything else replaced; null deletes.
bj::value merged(const bj::value& base, const bj::value& over) {
  if (!base.is_object() || !over.is_object()) return over;
  bj::object out = base.as_object();
  for (const auto& member : over.as_object()) {
    if (member.value().is_null())
      out.erase(member.key());
    else if (auto* here = out.if_contains(member.key()))
      *here = merged(*here, member.value());
    else
      out[member.key()] = member.value();
  }
  return out;
}

std::string with_index(std::string_view text, std::size_t i) {
  std::string out(text);
  for (std::size_t at = out.find("{i}"); at != std::string::npos; at = out.find("{i}", at))
    out.replace(at, 3, std::to_string(i));
  return out;
}

/// "{#i}", "{#i+K}", "{#i*K}": the number i (plus K, times K), for rows whose numbers must differ.
std::optional<std::int64_t> numeric_index(std::string_view text, std::size_t i) {
  if (text.substr(0, 3) != "{#i" || text.back() != '}') return std::nullopt;
  const std::string_view rest = text.substr(3, text.size() - 4);
  const auto index = static_cast<std::int64_t>(i);
  if (rest.empty()) return index;
  const std::int64_t k = std::stoll(std::string(rest.substr(1)));
  if (rest.front() == '+') return index + k;
  if (rest.front() == '*') return index * k;
  return std::nullopt;
}

bj::value substituted(const bj::value& v, std::size_t i) {
  if (v.is_string()) {
    if (auto number = numeric_index(v.get_string(), i)) return bj::value(*number);
    return bj::value(with_index(v.get_string(), i));
  }
  if (v.is_array()) {
    bj::array out;
    for (const auto& x : v.get_array()) out.push_back(substituted(x, i));
    return out;
  }
  if (v.is_object()) {
    bj::object out;
    for (const auto& m : v.get_object()) out[with_index(m.key(), i)] = substituted(m.value(), i);
    return out;
  }
  return v;
}

bj::value filled(const bj::object& fill, std::int64_t n) {
  const auto count = static_cast<std::size_t>(std::max<std::int64_t>(n, 0));
  if (const auto* items = fill.if_contains("items")) {
    bj::array out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(substituted(*items, i));
    return out;
  }
  if (const auto* pick = fill.if_contains("pick")) {
    bj::array out;
    for (std::size_t i = 0; i < count && i < pick->as_array().size(); ++i) out.push_back(pick->as_array()[i]);
    EXPECT_GE(pick->as_array().size(), count) << "`pick` lists fewer values than the count";
    return out;
  }
  if (const auto* members = fill.if_contains("members")) {
    bj::object out;
    for (std::size_t i = 0; i < count; ++i)
      out[with_index(members->at("key").as_string(), i)] = substituted(members->at("value"), i);
    return out;
  }
  if (const auto* text = fill.if_contains("text")) {
    std::string out = fill.contains("prefix") ? std::string(fill.at("prefix").as_string()) : "";
    for (std::size_t i = 0; i < count; ++i) out += text->as_string();
    return bj::value(out);
  }
  if (fill.contains("nest")) {
    bj::value out = bj::array();
    for (std::size_t i = 1; i < count; ++i) out = bj::array{std::move(out)};
    return out;
  }
  if (fill.contains("number")) {
    const bool negate = fill.contains("negate") && fill.at("negate").as_bool();
    return bj::value(negate ? -n : n);
  }
  ADD_FAILURE() << "unknown fill " << bj::serialize(fill);
  return nullptr;
}

/// Writes `value` at `pointer` in `doc` (the parent must exist; "-" appends to an array).
void put(bj::value& doc, std::string_view pointer, bj::value value) {
  if (pointer.empty()) {
    doc = std::move(value);
    return;
  }
  const std::size_t last = pointer.rfind('/');
  bj::value& parent = last == 0 ? doc : doc.at_pointer(pointer.substr(0, last));
  std::string key(pointer.substr(last + 1));
  for (std::size_t at = key.find("~1"); at != std::string::npos; at = key.find("~1", at)) key.replace(at, 2, "/");
  for (std::size_t at = key.find("~0"); at != std::string::npos; at = key.find("~0", at)) key.replace(at, 2, "~");
  if (parent.is_array()) {
    if (key == "-")
      parent.as_array().push_back(std::move(value));
    else
      parent.as_array().at(std::stoul(key)) = std::move(value);
  } else {
    parent.as_object()[key] = std::move(value);
  }
}

struct Outcome {
  bool ok = false;
  std::vector<std::pair<std::string, std::string>> errors;  ///< code, pointer
  std::string requires_version;

  bool has(std::string_view code, std::string_view pointer) const {
    return std::any_of(errors.begin(), errors.end(),
                       [&](const auto& e) { return e.first == code && e.second == pointer; });
  }
  std::string describe() const {
    std::string out;
    for (const auto& [code, pointer] : errors) out += "  " + code + " at '" + pointer + "'\n";
    return out;
  }
};

Outcome outcome_of(const Diagnostics& d) {
  Outcome out;
  out.ok = !d.has_errors();
  for (const auto& e : d.items())
    if (e.severity == Severity::Error) out.errors.emplace_back(code_name(e.code), e.pointer);
  return out;
}

/// A folder of its own for one run's files, removed after it.
/// The probe's documents at count `n`, loaded as `check`, `sheet` or `build` would.
Outcome run(const Probe& probe, std::int64_t n) {
  const bj::object& fill = probe.body.at("fill").as_object();
  const std::int64_t m = n - (fill.contains("offset") ? fill.at("offset").to_number<std::int64_t>() : 0);
  std::map<std::string, bj::value> files;
  const bool package = probe.body.contains("package");
  if (package) {
    for (const auto& f : probe.body.at("package").as_object())
      files[f.key()] = f.key() == "ruleset.json" ? merged(probe.base, f.value()) : f.value();
  } else {
    files["ruleset.json"] =
        merged(probe.base, probe.body.contains("ruleset") ? probe.body.at("ruleset") : bj::object());
  }
  if (probe.body.contains("character")) files["character.json"] = probe.body.at("character");
  if (probe.body.contains("actions")) files["actions.json"] = probe.body.at("actions");
  const std::string target = fill.contains("in")                ? std::string(fill.at("in").as_string())
                             : probe.body.contains("actions")   ? "actions.json"
                             : probe.body.contains("character") ? "character.json"
                                                                : "ruleset.json";
  const bool bytes = fill.contains("bytes");
  if (!bytes) put(files.at(target), fill.at("at").as_string(), filled(fill, m));
  std::map<std::string, std::string> texts;
  for (const auto& [name, doc] : files)
    texts[name] = doc.is_string() ? std::string(doc.as_string()) : bj::serialize(doc);
  if (bytes) {
    std::string& text = texts.at(target);
    EXPECT_LE(static_cast<std::int64_t>(text.size()), m) << "the base of " << probe.file << " is too large";
    text.append(static_cast<std::size_t>(std::max<std::int64_t>(m - static_cast<std::int64_t>(text.size()), 0)), ' ');
  }

  test::TempFolder scratch;
  for (const auto& [name, text] : texts) scratch.write_raw(name, text);
  const fs::path ruleset_path = package ? scratch.path() : scratch.path() / "ruleset.json";
  if (probe.body.contains("actions")) {
    const test::CliOutput cli =
        test::run_cli("build " + ruleset_path.string() + " " + (scratch.path() / "character.json").string() +
                      " --actions " + (scratch.path() / "actions.json").string() + " --json");
    Outcome out;
    const bj::value doc = bj::parse(cli.out);
    out.ok = cli.exit_code == 0;  // `build --json` writes "ok" only when it refuses
    if (const auto* errors = doc.as_object().if_contains("errors"))
      for (const auto& e : errors->as_array())
        out.errors.emplace_back(e.at("code").as_string(), e.at("pointer").as_string());
    return out;
  }
  LoadResult loaded = load_ruleset(ruleset_path);
  Outcome out = outcome_of(loaded.diagnostics);
  out.ok = loaded.ok();
  out.requires_version = loaded.requires_version.value_or("");
  if (!loaded.ok() || !probe.body.contains("character")) return out;
  Diagnostics d;
  parse_character(*loaded.ruleset, texts.at("character.json"), "character.json", d);
  Outcome character = outcome_of(d);
  character.requires_version = out.requires_version;
  return character;
}

std::string gate_version(Gate gate) { return "1." + std::to_string(gate_info(gate).minor); }

void expect_probe_holds(const Probe& probe, const limits::LimitRow& row) {
  const std::int64_t past = row.bound == limits::Bound::Least ? row.value - 1 : row.value + 1;
  const std::string report = probe.body.contains("report") ? std::string(probe.body.at("report").as_string())
                             : probe.body.at("fill").as_object().contains("at")
                                 ? std::string(probe.body.at("fill").at("at").as_string())
                                 : "";
  const Outcome at = run(probe, row.value);
  EXPECT_TRUE(at.ok) << "at " << row.value << " refused:\n" << at.describe();
  const Outcome over = run(probe, past);
  if (row.gate) {
    EXPECT_NE(at.requires_version, gate_version(*row.gate)) << "at " << row.value << " already needs the gate";
    EXPECT_TRUE(over.ok) << "at " << past << " refused:\n" << over.describe();
    EXPECT_EQ(over.requires_version, gate_version(*row.gate)) << "at " << past;
  } else {
    EXPECT_TRUE(over.has(code_name(row.code), report))
        << "at " << past << " not refused with " << code_name(row.code) << " at '" << report << "':\n"
        << over.describe();
  }
}

// The names the header declares as limits, read from its text: a limit added there and not to
// kTable fails here.
std::set<std::string> declared_limits() {
  const std::string header = read_text(test::source_path("src/format/limits.hpp"));
  const std::regex declaration(R"(inline constexpr (?:CountLimit|ValueLimit) (k\w+)\{)");
  std::set<std::string> out;
  for (std::sregex_iterator it(header.begin(), header.end(), declaration), end; it != end; ++it)
    out.insert((*it)[1].str());
  return out;
}

/// Each declared limit's comment in the header (its trailing comment, or the comment line above).
std::map<std::string, std::string> limit_comments() {
  std::map<std::string, std::string> out;
  std::istringstream header(read_text(test::source_path("src/format/limits.hpp")));
  const std::regex declaration(R"(^inline constexpr (?:CountLimit|ValueLimit) (k\w+)\{.*?;(?:\s*//\s*(.*))?$)");
  std::string line, above;
  while (std::getline(header, line)) {
    std::smatch m;
    if (std::regex_match(line, m, declaration)) out[m[1].str()] = m[2].matched ? m[2].str() : above;
    above = line.rfind("/// ", 0) == 0 ? line.substr(4) : "";
  }
  return out;
}

std::string_view bound_word(limits::Bound bound) {
  switch (bound) {
    case limits::Bound::Most:
      return "at most";
    case limits::Bound::Least:
      return "at least";
    case limits::Bound::Within:
      return "within \u00b1";
  }
  return "";
}

/// docs/format/limits.md: every row of the table, written from it.
std::string limits_doc() {
  const auto comments = limit_comments();
  std::string out =
      "# Limits\n\n"
      "Every limit of the format, written from the engine's own table (`src/format/limits.hpp`) by the\n"
      "`LimitTable` test, which fails when this page and the table differ (run it with\n"
      "`RK_WRITE_LIMITS_DOC=1` to write the page anew). Each limit is tested at its number and one past\n"
      "it. *Source* is the requirement it comes from, `reference` for the reference schema's own number,\n"
      "or `ours` where both are silent (decisions.md says why). A limit with a *gate* is not refused: past\n"
      "it the content needs that Capability API version, and is refused with `capability-too-low` only\n"
      "when its manifest declares an older one.\n\n"
      "| limit | holds | refused with | source | what |\n| --- | --- | --- | --- | --- |\n";
  for (const auto& row : limits::kTable) {
    const auto comment = comments.find(std::string(row.name));
    std::string holds = std::string(bound_word(row.bound)) + (row.bound == limits::Bound::Within ? "" : " ") +
                        std::to_string(row.value);
    std::string code = row.gate ? "gate " + gate_version(*row.gate) : "`" + std::string(code_name(row.code)) + "`";
    out += "| `" + std::string(row.name) + "` | " + holds + " | " + code + " | " + std::string(row.source) + " | " +
           (comment == comments.end() ? "" : comment->second) + " |\n";
  }
  return out;
}

TEST(LimitTable, ISSUE_9_the_docs_list_every_limit_as_the_table_has_it) {
  const fs::path page = test::source_path("docs/format/limits.md");
  if (std::getenv("RK_WRITE_LIMITS_DOC") != nullptr) std::ofstream(page, std::ios::binary) << limits_doc();
  EXPECT_EQ(read_text(page), limits_doc()) << "run the test with RK_WRITE_LIMITS_DOC=1 to write docs/format/limits.md";
}

TEST(LimitTable, ISSUE_9_every_declared_limit_is_a_row_of_the_table) {
  std::set<std::string> rows;
  for (const auto& row : limits::kTable) EXPECT_TRUE(rows.insert(std::string(row.name)).second) << row.name;
  EXPECT_EQ(rows, declared_limits());
}

// Two limits no probe document can show, each walked at N and past N here instead.
const std::set<std::string, std::less<>> kCheckedHere = {
    "kChoiceWordLength", "kDiagnosticsShown",
    // The game document's, walked in tests/play/game_limits_test.cpp (a probe builds no game).
    "kGameBytes", "kGameCharacters", "kLiveEntries", "kLiveKeyLength", "kClocks", "kRolls", "kThrowsPerRoll",
    "kFacesPerRoll", "kRollAskUnits"};

// A word of an enum is read up to 64 characters and then compared with the table's words: at 64
// it is a word the table lacks (bad-value), past 64 it is refused for its length.
TEST(LimitTable, ISSUE_9_kChoiceWordLength_reads_64_characters_then_refuses) {
  const auto with_kind = [](std::size_t n) {
    return test::load(
        R"({"id": "w", "label": "W", "sheet": {}, "resolution": {"kind": ")" + std::string(n, 'x') +
        R"(", "proficiencyTiers": [{"id": "u", "label": "U"}], "difficultyLadder": [{"label": "H", "dc": 15}]}})");
  };
  const std::size_t n = limits::kChoiceWordLength;
  EXPECT_TRUE(test::has_error(with_kind(n), Code::BadValue, "/resolution/kind")) << test::describe(with_kind(n));
  EXPECT_FALSE(test::has_code(with_kind(n), limits::kChoiceWordLength.code));
  EXPECT_TRUE(test::has_error(with_kind(n + 1), limits::kChoiceWordLength.code, "/resolution/kind"));
}

// One run prints at most 500 errors; the rest are counted.
TEST(LimitTable, ISSUE_9_kDiagnosticsShown_lists_500_errors_and_counts_the_rest) {
  const auto errors_of = [](std::size_t n) {
    bj::array fields;
    for (std::size_t i = 0; i < n; ++i) fields.push_back(bj::object{{"id", "d" + std::to_string(i)}});
    test::TempFolder scratch;
    scratch.write_raw("ruleset.json",
                      R"({"id": "d", "name": "D", "sheet": {"derived": )" + bj::serialize(fields) + "}}");
    return bj::parse(test::run_cli("check " + (scratch.path() / "ruleset.json").string() + " --json").out).as_object();
  };
  const auto count = [&](std::size_t n) { return errors_of(n).at("errors").as_array().size(); };
  // A derived value with only an id is `per` errors (their limit of 400 stays far); the rest of the
  // document adds `fixed`.
  const std::size_t per = count(2) - count(1);
  const std::size_t fixed = count(1) - per;
  ASSERT_GT(per, 0U);
  const std::size_t fields = (limits::kDiagnosticsShown - fixed) / per;
  const bj::object at = errors_of(fields);
  EXPECT_EQ(at.at("errors").as_array().size(), fixed + fields * per);
  EXPECT_FALSE(at.contains("omitted"));
  const bj::object over = errors_of(fields + 1);
  EXPECT_EQ(over.at("errors").as_array().size(), limits::kDiagnosticsShown);
  EXPECT_EQ(over.at("omitted").at("errors").as_int64(),
            static_cast<std::int64_t>(fixed + (fields + 1) * per - limits::kDiagnosticsShown));
}

TEST(LimitTable, ISSUE_9_every_row_has_a_probe) {
  std::set<std::string, std::less<>> probed = kCheckedHere;
  for (const Probe& p : all_probes()) probed.insert(std::string(p.body.at("limit").as_string()));
  for (const auto& row : limits::kTable)
    EXPECT_TRUE(probed.count(std::string(row.name))) << row.name << " has no probe";
}

TEST(LimitTable, ISSUE_9_every_limit_holds_at_N_and_is_refused_past_N) {
  for (const Probe& probe : all_probes()) {
    const std::string name(probe.body.at("limit").as_string());
    SCOPED_TRACE(name + " (" + probe.file + ")");
    const limits::LimitRow* row = row_named(name);
    ASSERT_NE(row, nullptr) << "no limit " << name << " in the table";
    expect_probe_holds(probe, *row);
  }
}

}  // namespace
}  // namespace rk
