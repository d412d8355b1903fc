#pragma once
// Helpers for tests that generate rulesets in C++ (limits at N and N+1, large files): a base
// ruleset as a Boost.JSON object, repeated entries, and the N / N+1 check itself.
#include <functional>
#include <string>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include "support/load.hpp"

namespace rk::test {

namespace bj = boost::json;

inline bj::object base_ruleset() {
  return bj::parse(R"({"id": "limits", "label": "Limits", "sheet": {}})").as_object();
}

inline bj::value json(std::string_view text) { return bj::parse(text); }

inline std::string dump(const bj::value& v) { return bj::serialize(v); }

/// `n` entries made by `make(i)`.
inline bj::array repeat(std::size_t n, const std::function<bj::value(std::size_t)>& make) {
  bj::array out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(make(i));
  return out;
}

/// `n` code points of `unit` (which may be a multi-byte character).
inline std::string text_of(std::size_t n, std::string_view unit = "x") {
  std::string out;
  out.reserve(n * unit.size());
  for (std::size_t i = 0; i < n; ++i) out += unit;
  return out;
}

inline bj::object number_field(std::size_t i) {
  return bj::object{{"id", "f" + std::to_string(i)}, {"label", "F"}, {"type", "number"}, {"min", 0}, {"max", 10}};
}

inline bj::array number_fields(std::size_t n) {
  return repeat(n, [](std::size_t i) { return bj::value(number_field(i)); });
}

inline bj::array field_ids(std::size_t n) {
  return repeat(n, [](std::size_t i) { return bj::value("f" + std::to_string(i)); });
}

/// A ruleset made with `n` entries is accepted; with `n + 1` it is refused with `code` at
/// `pointer`. `make` builds the document text for a count.
inline void expect_limit(const std::function<std::string(std::size_t)>& make, std::size_t n, Code code,
                         const std::string& pointer) {
  SCOPED_TRACE("limit " + std::to_string(n) + " at " + pointer);
  const LoadResult at = load(make(n));
  EXPECT_TRUE(at.ok()) << describe(at);
  const LoadResult over = load(make(n + 1));
  EXPECT_FALSE(over.ok());
  EXPECT_TRUE(has_error(over, code, pointer)) << describe(over);
}

}  // namespace rk::test
