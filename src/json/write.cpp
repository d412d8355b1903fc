#include "json/write.hpp"

#include <charconv>
#include <cmath>

#include <boost/json/serialize.hpp>

namespace rk::json {

namespace {

namespace bj = boost::json;

void write_number(double d, std::string& out) {
  // JSON has no NaN or infinity; Boost writes them as null, and so do we.
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  char buffer[400];  // the longest fixed form of a double is about 330 characters
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::fixed);
  if (error != std::errc()) {
    out += bj::serialize(bj::value(d));
    return;
  }
  out.append(buffer, end);
}

void write(const bj::value& v, std::string& out) {
  switch (v.kind()) {
    case bj::kind::double_:
      write_number(v.get_double(), out);
      return;
    case bj::kind::array: {
      out += '[';
      bool first = true;
      for (const bj::value& item : v.get_array()) {
        if (!first) out += ',';
        first = false;
        write(item, out);
      }
      out += ']';
      return;
    }
    case bj::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& member : v.get_object()) {
        if (!first) out += ',';
        first = false;
        out += bj::serialize(bj::string_view(member.key()));
        out += ':';
        write(member.value(), out);
      }
      out += '}';
      return;
    }
    default:
      out += bj::serialize(v);
      return;
  }
}

}  // namespace

std::string serialize(const bj::value& value) {
  std::string out;
  write(value, out);
  return out;
}

}  // namespace rk::json
