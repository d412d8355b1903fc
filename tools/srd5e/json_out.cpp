#include "srd5e/json_out.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/json.hpp>

namespace srd5e {
namespace json = boost::json;
namespace {

void put_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

void put_scalar(std::string& out, const json::value& v) {
  switch (v.kind()) {
    case json::kind::null:
      out += "null";
      break;
    case json::kind::bool_:
      out += v.get_bool() ? "true" : "false";
      break;
    case json::kind::int64:
      out += std::to_string(v.get_int64());
      break;
    case json::kind::uint64:
      out += std::to_string(v.get_uint64());
      break;
    case json::kind::double_:
      out += number_text(v.get_double());
      break;
    case json::kind::string:
      put_string(out, v.get_string());
      break;
    default:
      throw std::logic_error("put_scalar: not a scalar");
  }
}

/// The one-line form: `{ "a": 1, "b": [1, 2] }`, `["x", "y"]`, `{}`, `[]`.
void put_inline(std::string& out, const json::value& v) {
  if (v.is_object()) {
    const auto& o = v.get_object();
    if (o.empty()) {
      out += "{}";
      return;
    }
    out += "{ ";
    bool first = true;
    for (const auto& kv : o) {
      if (!first) out += ", ";
      first = false;
      put_string(out, kv.key());
      out += ": ";
      put_inline(out, kv.value());
    }
    out += " }";
  } else if (v.is_array()) {
    out += '[';
    bool first = true;
    for (const auto& e : v.get_array()) {
      if (!first) out += ", ";
      first = false;
      put_inline(out, e);
    }
    out += ']';
  } else {
    put_scalar(out, v);
  }
}

void put(std::string& out, const json::value& v, std::size_t indent, std::size_t column) {
  if (!v.is_object() && !v.is_array()) {
    put_scalar(out, v);
    return;
  }
  std::string flat;
  put_inline(flat, v);
  if (column + flat.size() <= kWidth || flat.size() <= 2) {
    out += flat;
    return;
  }
  const std::string pad(indent + 2, ' ');
  if (v.is_object()) {
    out += "{\n";
    bool first = true;
    for (const auto& kv : v.get_object()) {
      if (!first) out += ",\n";
      first = false;
      out += pad;
      const std::size_t before = out.size();
      put_string(out, kv.key());
      out += ": ";
      put(out, kv.value(), indent + 2, pad.size() + (out.size() - before));
    }
    out += '\n' + std::string(indent, ' ') + '}';
  } else {
    out += "[\n";
    bool first = true;
    for (const auto& e : v.get_array()) {
      if (!first) out += ",\n";
      first = false;
      out += pad;
      put(out, e, indent + 2, pad.size());
    }
    out += '\n' + std::string(indent, ' ') + ']';
  }
}

}  // namespace

std::string number_text(double d) {
  if (!std::isfinite(d)) throw std::invalid_argument("number_text: not a finite number");
  const double scaled = std::round(d * 10000.0);
  if (std::fabs(scaled - d * 10000.0) > 1e-6) {
    throw std::invalid_argument(fmt::format("number_text: {} has more than four decimals", d));
  }
  if (std::fabs(d) < 1e15 && d == std::floor(d)) return fmt::format("{}", static_cast<long long>(d));
  std::string s = fmt::format("{:.4f}", d);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string to_text(const json::value& v) {
  std::string out;
  put(out, v, 0, 0);
  out += '\n';
  return out;
}

}  // namespace srd5e
