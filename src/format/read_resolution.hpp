#pragma once
// Internal to src/format: the reference dialect of `resolution` (read_resolution_kinds.cpp).
#include "format/read.hpp"

namespace rk::detail {

/// Reads a `dice-sum` or reference-shaped `dice-pool` block (all but `kind`, `penaltyFrom` and
/// `adjust`, which both dialects share), with every rule that needs only the block itself.
void read_reference_resolution(ObjectReader& r, Resolution& out, ReadContext& cx);

/// A catalog entry's `mechanics.check` (writing-rulesets.md "A charm that changes a roll"): what
/// using the entry does to a check, held to the ruleset's own pool. Checked, not yet kept: the
/// play stage that would apply it does not exist.
void check_check_effect(const bj::value& v, const std::string& pointer, const std::string& what, const Resolution& resolution,
                        ReadContext& cx);

}  // namespace rk::detail
