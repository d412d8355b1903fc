// `catalog` (the picker), `pick` and `review`.
#include <boost/json/serialize.hpp>

#include "catalog/operations.hpp"
#include "cli/shell.hpp"
#include "json/write.hpp"
#include "sheet/view_json.hpp"

namespace rk::cli {

namespace bj = boost::json;

namespace {

bj::value filter_json(const FilterValue& v) {
  if (const auto* n = std::get_if<Number>(&v.value)) return number_to_json(*n);
  if (const auto* s = std::get_if<std::string>(&v.value)) return bj::value(*s);
  bj::array tags;
  for (const auto& t : std::get<std::vector<std::string>>(v.value)) tags.push_back(bj::value(t));
  return tags;
}

}  // namespace

int catalog(const CatalogOptions& o) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(o.ruleset, o.as_json, exit_code);
  if (!ruleset) return exit_code;
  const CatalogSet catalogs(ruleset, package_folder(o.ruleset), o.installed);
  PickerQuery query;
  query.catalog = o.catalog;
  query.list = o.list;
  for (const auto& f : o.filters) {
    const auto eq = f.find('=');
    if (eq == std::string::npos || eq == 0) {
      say(std::cerr, fmt::format("a filter is written ID=VALUE, found \"{}\"\n", f));
      return kExitUsage;
    }
    query.filters.emplace_back(f.substr(0, eq), f.substr(eq + 1));
  }
  std::optional<Character> character;
  if (!o.character.empty()) {
    character = read_character_or_report(*ruleset, o.character, o.as_json, exit_code);
    if (!character) return exit_code;
    query.character = &*character;
  }
  const PickerResult result = picker(catalogs, query);
  if (o.as_json) {
    bj::array entries;
    for (const auto& p : result.entries) {
      bj::object filters;
      for (const auto& [id, v] : p.entry->filters) filters[id] = filter_json(v);
      entries.push_back(bj::object{{"id", p.entry->id},
                                   {"label", p.entry->label},
                                   {"summary", p.entry->summary},
                                   {"filters", std::move(filters)},
                                   {"owned", p.owned}});
    }
    bj::object out{{"catalog", o.catalog},
                   {"entries", std::move(entries)},
                   {"errors", diagnostics_json(result.errors, Severity::Error)}};
    out["log"] = diagnostics_json(result.log, Severity::Warning);
    print_json(out);
  } else {
    print_text(result.errors, std::cerr);
    print_text(result.log, std::cerr);
    for (const auto& p : result.entries) {
      say(std::cout, fmt::format("{}{:<28} {}{}\n", p.owned ? "* " : "  ", p.entry->id, p.entry->label,
                                 p.entry->summary.empty() ? "" : " — " + p.entry->summary));
    }
  }
  return result.errors.has_errors() ? kExitRefused : kExitOk;
}

int pick(const std::string& ruleset_path, const std::string& character_path, const std::string& mark,
         const std::string& list, const std::string& installed) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(ruleset_path, false, exit_code);
  if (!ruleset) return exit_code;
  auto character = read_character_or_report(*ruleset, character_path, false, exit_code);
  if (!character) return exit_code;
  const CatalogSet catalogs(ruleset, package_folder(ruleset_path), installed);
  Diagnostics diagnostics;
  auto picked = rk::pick(catalogs, *character, mark, list, diagnostics);
  if (!picked) {
    print_text(diagnostics, std::cerr);
    return kExitRefused;
  }
  print_json(character_to_json(*picked));
  return kExitOk;
}

int review(const std::string& ruleset_path, const std::string& character_path, const std::vector<std::string>& apply,
           bool as_json, const std::string& installed) {
  int exit_code = kExitOk;
  auto ruleset = load_or_report(ruleset_path, as_json, exit_code);
  if (!ruleset) return exit_code;
  auto character = read_character_or_report(*ruleset, character_path, as_json, exit_code);
  if (!character) return exit_code;
  const CatalogSet catalogs(ruleset, package_folder(ruleset_path), installed);
  if (!apply.empty()) {
    Diagnostics diagnostics;
    auto updated = apply_review(catalogs, *character, apply, diagnostics);
    if (!updated) {
      if (as_json)
        print_json(bj::object{{"ok", false}, {"errors", diagnostics_json(diagnostics, Severity::Error)}});
      else
        print_text(diagnostics, std::cerr);
      return kExitRefused;
    }
    print_json(character_to_json(*updated));
    return kExitOk;
  }
  const ReviewResult reviewed = rk::review(catalogs, *character);
  // A catalog that could not be read leaves its rows unknown, so the answer is a refusal with the
  // reasons, as `pick` and `catalog` give them, beside what the readable catalogs offer.
  const bool unread = reviewed.errors.has_errors();
  if (as_json) {
    bj::array out;
    for (const auto& r : reviewed.rows) {
      bj::array changes;
      for (const auto& c : r.changes) {
        changes.push_back(bj::object{{"column", c.column},
                                     {"saved", c.saved ? scalar_to_json(*c.saved) : bj::value(nullptr)},
                                     {"ruleset", scalar_to_json(c.ruleset)}});
      }
      out.push_back(
          bj::object{{"list", r.list}, {"row", r.row_id}, {"_catalog", r.mark}, {"changes", std::move(changes)}});
    }
    print_json(bj::object{{"rows", std::move(out)}, {"errors", diagnostics_json(reviewed.errors, Severity::Error)}});
  } else {
    print_text(reviewed.errors, std::cerr);
    say(std::cout,
        fmt::format("{} {} new text{}\n", reviewed.rows.size(), reviewed.rows.size() == 1 ? "row has" : "rows have",
                    unread ? " (rows of a catalog that could not be read are not compared)" : ""));
    for (const auto& r : reviewed.rows) {
      say(std::cout, fmt::format("{}/{} ({})\n", r.list, r.row_id, r.mark));
      for (const auto& c : r.changes) {
        say(std::cout,
            fmt::format("  {}: {} -> {}\n", c.column, c.saved ? json::serialize(scalar_to_json(*c.saved)) : "(absent)",
                        json::serialize(scalar_to_json(c.ruleset))));
      }
    }
  }
  return unread ? kExitRefused : kExitOk;
}

}  // namespace rk::cli
