#pragma once
// What value references read, for the stages after the format: the builder asks whether its own
// conditions read list rows, to skip copying them (builder/reads.cpp).
#include <cstddef>
#include <set>
#include <vector>

#include "format/model.hpp"

namespace rk {

/// Indices into the sheet of what a set of Refs reads.
struct ReadSet {
  std::set<std::size_t> abilities, skills, saves, fields, lists;
};

/// What a set of resolved Refs reads, directly or through derived values.
ReadSet what_refs_read(const Ruleset& ruleset, const std::vector<const Ref*>& refs);

}  // namespace rk
