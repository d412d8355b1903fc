#pragma once
// JSON text as Rulekeeper writes it: Boost.JSON's output except for numbers with a fraction,
// which are written in plain decimal form ("0.5", "1.25") rather than Boost's exponent form
// ("5E-1"), as docs/format/character.md shows them. Every document and every `--json` answer the
// engine prints or stores goes through here.
#include <string>

#include <boost/json/value.hpp>

namespace rk::json {

std::string serialize(const boost::json::value& value);

}  // namespace rk::json
