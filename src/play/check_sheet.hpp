#pragma once
// What a card's sheet gives one check (sheet-math.ts "Checks"): which skill, save or ability the
// Game Master's name means, the number it rolls with (`with=` swapped in on the number before its
// cap), the wound penalty, `resolution.adjust`, and each part by name.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "format/ruleset.hpp"
#include "play/check.hpp"
#include "play/check_rows.hpp"
#include "sheet/evaluate.hpp"

namespace rk::play::detail {

/// The names one sheet entry answers to, and a requested name, compared the original's way:
/// lower case, every run of anything but `a-z0-9` one space, trimmed.
std::string check_name_key(std::string_view name);

struct CheckMatch {
  CheckTarget target = CheckTarget::Skill;
  std::size_t index = 0;                    ///< into sheet.skills, saves or abilities
  std::optional<std::size_t> with_ability;  ///< `with=`: swapped in (skill, save) or added (ability)
  RowCheckAt row = {};                      ///< a row check (`CheckTarget::Row`)
};

/// The check a name asks for (skills and saves by id, label or short form, "… save", "… saving
/// throw", "… check" understood; then abilities), or nothing. `with` names an ability; one no
/// ability answers to is ignored, and on an ability check it counts only where the pool adds two.
std::optional<CheckMatch> match_check(const Ruleset& ruleset, std::string_view name, std::string_view with);

/// The check a name asks for on one card: the sheet's own first (`match_check`), then a row that
/// is a check (BC-78), with `with=` as on a skill (BC-80).
std::optional<CheckMatch> match_card_check(const Ruleset& ruleset, const SheetView& sheet, std::string_view name,
                                           std::string_view with);

/// The id and the label of what a match rolls; a row check's id is `<list>:<check>:<row _id>`, its
/// label the name it is called by.
std::pair<Id, std::string> matched_names(const Ruleset& ruleset, const SheetView& sheet, const CheckMatch& match);

/// The ladder step a name picks: exactly one step whose label answers to it.
const LadderStep* ladder_step(const Ruleset& ruleset, std::string_view name);

struct SheetNumber {
  std::int64_t number = 0;  ///< the skill's, save's or ability's number, with `with=` applied
  std::int64_t penalty = 0;
  std::int64_t adjust = 0;
  bool refused = false, harder = false;
  std::vector<CheckTerm> terms;
  std::vector<Id> rolling;  ///< the abilities the check rolls with (`with=` applied), for BB-137
};

SheetNumber sheet_number(const Ruleset& ruleset, const Character& character, const SheetView& sheet,
                         const CheckMatch& match);

}  // namespace rk::play::detail
