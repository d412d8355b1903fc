#pragma once
// Internal to src/format: the reference dialect of `resolution` (read_resolution_kinds.cpp).
#include "format/read.hpp"

namespace rk::detail {

/// Reads a `dice-sum` or reference-shaped `dice-pool` block (all but `kind`, `penaltyFrom` and
/// `adjust`, which both dialects share), with every rule that needs only the block itself.
void read_reference_resolution(ObjectReader& r, Resolution& out, ReadContext& cx);

}  // namespace rk::detail
