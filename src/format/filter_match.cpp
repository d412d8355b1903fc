// The filter-matching rules of filter_match.hpp.
#include "format/filter_match.hpp"

#include <algorithm>

namespace rk {

namespace {

bool has_tag(const std::vector<std::string>& tags, const std::string& tag) {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

}  // namespace

bool step_filter_holds(const FilterValue& wanted, const FilterValue& has) {
  if (const auto* tags = std::get_if<std::vector<std::string>>(&has.value)) {
    if (const auto* one = std::get_if<std::string>(&wanted.value)) return has_tag(*tags, *one);
    if (const auto* all = std::get_if<std::vector<std::string>>(&wanted.value))
      return std::all_of(all->begin(), all->end(), [&](const std::string& t) { return has_tag(*tags, t); });
    return false;
  }
  return wanted == has;
}

bool choice_filter_holds(const FilterValue& wanted, const FilterValue& has) {
  if (wanted == has) return true;
  const auto* tags = std::get_if<std::vector<std::string>>(&has.value);
  const auto* one = std::get_if<std::string>(&wanted.value);
  return tags != nullptr && one != nullptr && has_tag(*tags, *one);
}

std::vector<std::string> named_parents(const FilterValue& value) {
  if (const auto* one = std::get_if<std::string>(&value.value)) return {*one};
  if (const auto* tags = std::get_if<std::vector<std::string>>(&value.value)) return *tags;
  return {};
}

}  // namespace rk
