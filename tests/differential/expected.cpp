// tests/differential/expected.json: the disagreements we know of, each with its reason.
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include <fmt/format.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "differential/differential.hpp"

namespace rk::differential {

namespace bj = boost::json;

namespace {

std::vector<std::string> segments(const std::string& pointer) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < pointer.size()) {
    const std::size_t next = pointer.find('/', at + 1);
    out.push_back(pointer.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
    if (next == std::string::npos) break;
    at = next;
  }
  return out;
}

bool numeric(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

/// The pattern a new disagreement is filed under: its first two segments, cut before the first
/// array index so one pattern covers every entry of a list.
std::string group_pointer(const std::string& pointer) {
  std::string out;
  int depth = 0;
  for (const auto& s : segments(pointer)) {
    if (numeric(s) || depth == 2) break;
    out += "/" + s;
    ++depth;
  }
  return out;
}

std::string base_refused_reason(const std::string& base) {
  return fmt::format(
      "Not yet read: our check refuses the unmutated `{}` because our reader does not yet accept the "
      "reference's base shapes, so every mutation of it that the original accepts is refused here too.",
      base);
}

std::string string_member(const bj::object& o, std::string_view key, const std::string& fallback) {
  if (const auto* v = o.if_contains(key); v && v->is_string()) return std::string(v->get_string());
  return fallback;
}

}  // namespace

bool pointer_has_prefix(const std::string& pointer, const std::string& prefix) {
  if (prefix.empty() || pointer == prefix) return true;
  return pointer.size() > prefix.size() && pointer.compare(0, prefix.size(), prefix) == 0 &&
         pointer[prefix.size()] == '/';
}

std::string area(const std::string& pointer) {
  const auto parts = segments(pointer);
  return parts.empty() ? "(root)" : "/" + parts.front();
}

bool Expected::matches(const Case& c) const {
  return (base == "*" || base == c.base) && (kind == "*" || kind == c.kind) && pointer_has_prefix(c.pointer, pointer) &&
         (ours.empty() || ours == c.direction());
}

std::vector<Expected> read_expected(const std::filesystem::path& path, std::string& error) {
  std::vector<Expected> out;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("cannot read {}", path.string());
    return out;
  }
  std::ostringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  const bj::value root = bj::parse(text.str(), ec);
  if (ec || !root.is_object() || !root.get_object().contains("disagreements") ||
      !root.get_object().at("disagreements").is_array()) {
    error = fmt::format("{} is not {{\"disagreements\": [...]}}", path.string());
    return out;
  }
  for (const auto& v : root.get_object().at("disagreements").get_array()) {
    if (!v.is_object()) continue;
    const auto& o = v.get_object();
    Expected e;
    e.base = string_member(o, "base", "*");
    e.kind = string_member(o, "kind", "*");
    e.pointer = string_member(o, "pointer", "");
    e.ours = string_member(o, "ours", "");
    e.reason = string_member(o, "reason", "");
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<Expected> propose_expected(const std::vector<const Case*>& disagreements,
                                       const std::vector<std::string>& bases_we_refuse,
                                       const std::vector<Expected>& previous) {
  using Key = std::tuple<std::string, std::string, std::string, std::string>;
  std::map<Key, Expected> grouped;
  for (const Case* c : disagreements) {
    Expected e;
    e.base = c->base;
    e.ours = c->direction();
    const bool base_refused =
        std::find(bases_we_refuse.begin(), bases_we_refuse.end(), c->base) != bases_we_refuse.end();
    if (e.ours == "refuse" && base_refused) {
      e.kind = "*";
      e.reason = base_refused_reason(c->base);
    } else {
      e.kind = c->kind;
      e.pointer = group_pointer(c->pointer);
      const std::string example = e.ours == "refuse" ? (c->ours_first.empty() ? "" : c->ours_first.front())
                                                     : (c->original_first.empty() ? "" : c->original_first.front());
      e.reason = e.ours == "refuse" ? fmt::format("TODO: we refuse what the original accepts, e.g. {}", example)
                                    : fmt::format("TODO: the original refuses and we accept, e.g. {}", example);
    }
    grouped.try_emplace(Key{e.base, e.kind, e.pointer, e.ours}, e);
  }
  std::vector<Expected> out;
  for (auto& [key, e] : grouped) {
    for (const auto& p : previous) {
      if (p.base == e.base && p.kind == e.kind && p.pointer == e.pointer && p.ours == e.ours &&
          p.reason.rfind("TODO", 0) != 0)
        e.reason = p.reason;
    }
    out.push_back(e);
  }
  return out;
}

void write_expected(const std::filesystem::path& path, const std::vector<Expected>& entries) {
  std::ofstream out(path, std::ios::binary);
  out << "{\n  \"disagreements\": [";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    bj::object o{{"base", e.base}, {"kind", e.kind}, {"pointer", e.pointer}, {"ours", e.ours}, {"reason", e.reason}};
    out << (i ? ",\n    " : "\n    ") << bj::serialize(o);
  }
  out << "\n  ]\n}\n";
}

}  // namespace rk::differential
