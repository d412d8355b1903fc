#pragma once
// The computed sheet as JSON (the contract of `rulekeeper sheet --json`, docs/format/character.md).
#include <boost/json/value.hpp>

#include "sheet/evaluate.hpp"

namespace rk {

boost::json::value sheet_to_json(const SheetView& view);
boost::json::value number_to_json(Number n);
boost::json::value diagnostic_to_json(const Diagnostic& d);

}  // namespace rk
