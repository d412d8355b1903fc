#pragma once
// Internal to src/format: one-roll effects at import (BC-34 – BC-44, BB-136 – BB-139,
// BB-147 – BB-152; read_contextual.cpp).
#include "format/read.hpp"
#include "format/read_catalog_ref.hpp"

namespace rk::detail {

/// A list's `contextual`, read once the list's own columns are: the columns it names and their
/// types, `to`, `abilities`, the shape of `check` and `cost`, and their gates.
void read_list_contextual(ObjectReader& list_reader, List& list, ReadContext& cx);
/// What every list's `contextual` names outside its list, once the sheet is resolved and the
/// resolution read: a `check` the ruleset's pool can do, a cost's live pool or ordinary track.
void check_list_contextuals(Ruleset& ruleset, ReadContext& cx);
/// A catalog entry's `mechanics.contextual` (BC-40), read against the resolved sheet.
void read_entry_contextual(ObjectReader& mechanics, EntryEffect& effect, const EffectContext& ec);

}  // namespace rk::detail
