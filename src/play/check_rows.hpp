#pragma once
// Rows that are checks (BC-74–BC-80, docs/format/checks.md "Row checks"): a list's `checks` make
// every row a check the Game Master calls by the row's name, found after the sheet's own skills,
// saves and abilities, and rolled with the row's rating plus the check's ability.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "format/ruleset.hpp"
#include "play/check.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play::detail {

/// One row check of a computed sheet: a list, one of its rows, one of its checks.
struct RowCheckAt {
  std::size_t list = 0;   ///< into ruleset.sheet.lists
  std::size_t row = 0;    ///< into the sheet view's rows of that list
  std::size_t check = 0;  ///< into the list's `checks`
};

/// What the Game Master calls it: the row's name, then ` (label)` when the check has a label
/// (BC-77: "Fire stew (bold)").
std::string row_check_name(const Ruleset& ruleset, const SheetView& sheet, const RowCheckAt& at);

/// The row check `name` calls (compared as every check name is, a trailing "check" understood), or
/// nothing: a row with an empty name is no check, and a name two row checks answer to is none
/// (BC-79). A list the sheet hides has no checks.
std::optional<RowCheckAt> row_check_named(const Ruleset& ruleset, const SheetView& sheet, std::string_view name);

struct RowCheckNumber {
  std::int64_t number = 0;  ///< the rating plus the ability's modifier
  std::vector<CheckTerm> terms;
  std::optional<Id> rolled_with;  ///< the ability added, for `resolution.adjust`
};

/// The number a row check rolls with (BC-75, BC-80): its rating (whole, half away from zero) plus
/// the modifier of its ability; `with` (an index into the sheet's abilities) takes the ability's
/// place, or is added where the check has none, as on a skill.
RowCheckNumber row_check_number(const Ruleset& ruleset, const SheetView& sheet, const RowCheckAt& at,
                                std::optional<std::size_t> with);

/// One line of the Game Master's sheet block (BC-80): a row check by its call name, with the number
/// it rolls with.
struct RowCheckLine {
  std::string name;
  std::int64_t number = 0;
};

/// Every row check of the sheet, list by list, check by check, row by row; rows with an empty name
/// and rows whose name another row check shares are left out, since they are no checks (BC-79).
std::vector<RowCheckLine> row_check_lines(const Ruleset& ruleset, const SheetView& sheet);

}  // namespace rk::play::detail
