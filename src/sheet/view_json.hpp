#pragma once
// The computed sheet as JSON (the contract of `rulekeeper sheet --json`, docs/format/character.md).
#include <boost/json/value.hpp>

#include "sheet/evaluate.hpp"

namespace rk {

/// Every kind of entry in the order the ruleset declares it; internal derived values left out.
boost::json::value sheet_to_json(const Ruleset& ruleset, const SheetView& view);
boost::json::value number_to_json(Number n);
boost::json::value diagnostic_to_json(const Diagnostic& d);

}  // namespace rk
