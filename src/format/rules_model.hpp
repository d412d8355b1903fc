#pragma once
// Creation rules and creation profiles of the guided builder (docs/format/builder.md
// "Creation rules", "Creation profiles", BC-22 – BC-29, BC-69 – BC-73): checks that show on a
// step's badge without ever blocking, and character types that bring their own steps and budgets.
// Included by builder_model.hpp.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "format/number.hpp"
#include "format/ref.hpp"
#include "format/scalar.hpp"

namespace rk {

/// A bound of a creation rule: a number, or a Ref read from the sheet (BC-24).
struct NumberOrRef {
  Number number;
  std::optional<Ref> ref;
};

/// BC-25: which rows of a list a `rows` rule measures. Every condition given must hold.
struct RuleRowFilter {
  std::string column;
  std::size_t column_index = static_cast<std::size_t>(-1);
  std::optional<Scalar> equals;
  std::optional<Number> below, above;  ///< strict
};

/// BC-22 – BC-27: one creation rule, shown on its step while it fails.
struct CreationRule {
  enum class Kind : std::uint8_t { Value, Rows, Distinct, Approved };
  std::string pointer;
  std::string id;
  std::string label;
  std::string step;
  std::size_t step_index = static_cast<std::size_t>(-1);
  std::optional<Ref> when;
  Kind kind = Kind::Value;
  std::optional<Ref> value;                                 ///< Value
  std::size_t list_index = static_cast<std::size_t>(-1);    ///< Rows, Distinct
  std::optional<RuleRowFilter> filter;                      ///< Rows
  std::size_t sum_index = static_cast<std::size_t>(-1);     ///< Rows: the column summed; none: rows counted
  std::size_t column_index = static_cast<std::size_t>(-1);  ///< Distinct
  std::size_t field_index = static_cast<std::size_t>(-1);   ///< Approved: a boolean field
  std::optional<NumberOrRef> min, max;                      ///< Value, Rows
};

/// BC-69 – BC-72: a character type, career or package with its own steps and budgets.
struct CreationProfile {
  std::string pointer;
  std::string id;
  std::string label;
  Ref when;
  std::vector<std::string> steps;
  std::map<std::string, Ref> budgets;  ///< pool id -> its budget while the profile is the character's
};

}  // namespace rk
