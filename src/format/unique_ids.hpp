#pragma once
// One duplicate check for every set of ids a ruleset declares or lists (ruleset.md: an id is
// declared once, and an id list never repeats an id). The first holder keeps the id; each later
// one is refused with duplicate-id at its own pointer, and the message says where the first is.
#include <string>
#include <string_view>
#include <unordered_map>

#include "diag/diagnostic.hpp"

namespace rk {

class UniqueIds {
 public:
  enum class Kind : bool { Declared, Listed };

  /// `what` names what holds the ids: "catalog" (declared), or "rest `long`: `clear.text`" (listed).
  explicit UniqueIds(std::string what, Kind kind = Kind::Declared) : what_(std::move(what)), kind_(kind) {}

  /// Whether `id` is new here; otherwise duplicate-id is reported at `pointer`. An empty id
  /// (already refused where it was read) is never a duplicate.
  bool add(std::string_view id, std::string_view pointer, Diagnostics& diagnostics) {
    if (id.empty()) return true;
    auto [first, inserted] = first_.try_emplace(std::string(id), pointer);
    if (inserted) return true;
    if (kind_ == Kind::Declared) {
      diagnostics.error(Code::DuplicateId, std::string(pointer), "{} `{}` is declared twice (first at {})", what_, id,
                        first->second);
    } else {
      diagnostics.error(Code::DuplicateId, std::string(pointer), "{}: `{}` is listed twice (first at {})", what_, id,
                        first->second);
    }
    return false;
  }

  /// Whether `id` has been added.
  bool contains(std::string_view id) const { return first_.contains(std::string(id)); }

 private:
  std::string what_;
  Kind kind_;
  std::unordered_map<std::string, std::string> first_;  ///< id -> where it was first written
};

}  // namespace rk
