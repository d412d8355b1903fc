#pragma once
// Internal to src/format: what the builder's readers share (docs/format/builder.md) — choice
// slots, quota rules, filter values, build-time Refs.
#include <memory>
#include <string>

#include "format/read.hpp"

namespace rk::detail {

/// A filter value by its JSON type (number, string, array of strings); checked against the
/// catalog's filter type once the catalog is known (`check_filter_values`).
std::optional<FilterValue> filter_value_of(const bj::value& v);
std::map<std::string, FilterValue> read_filter_values(ObjectReader& r, std::string_view key);
/// `quotas`, `distinctBy`, `quotaBelow` of a catalog step or an entry choice (BA-115 – BA-121, BA-132).
QuotaRules read_quota_rules(ObjectReader& r, ReadContext& cx);
/// A non-live Ref, resolved against the sheet (a build value: BA-21, BA-25, BA-86, BA-111).
std::optional<Ref> read_build_ref(ObjectReader& r, std::string_view key, Ruleset& rs, ReadContext& cx);

std::vector<AbilityChoice> read_ability_choices(const bj::array& a, const std::string& pointer, const std::string& what,
                                                Ruleset& rs, ReadContext& cx);
std::vector<TrainedChoice> read_trained_choices(const bj::array& a, const std::string& pointer, const std::string& what,
                                                Ruleset& rs, ReadContext& cx);
std::vector<EntryChoice> read_entry_choices(const bj::array& a, const std::string& pointer, const std::string& what,
                                            Ruleset& rs, ReadContext& cx);
/// A tier id of `resolution.proficiencyTiers` above the first (untrained) one (BA-78, BA-133).
void check_tier(const Ruleset& rs, const std::string& tier, const std::string& pointer, const std::string& what,
                Diagnostics& d);

/// Each key a filter of `catalog` and each value of its type (BA-18, BA-95).
void check_filter_values(const Catalog& catalog, const std::map<std::string, FilterValue>& filters,
                         const std::string& pointer, const std::string& what, Diagnostics& d);
/// Quotas against the catalog's filters and `bound` (BA-115 – BA-121, BA-132).
void check_quota_rules(const Catalog& catalog, const QuotaRules& rules, std::int64_t bound, const std::string& pointer,
                       const std::string& what, Diagnostics& d);
/// BA-32 – BA-34: why a `{ "fromWithin": X }` stamp of `parent` cannot fill `column`, if it cannot:
/// a number filter fills a number column; `id`, `label` and a text filter a text or enum column.
std::optional<std::string> from_within_mismatch(const Catalog& parent, const BuilderStep::Stamp& stamp,
                                                const ValueSpec& column);
/// BA-84: `held` ranks below the tier the choice trains at (BA-79 fallbacks).
void check_held(const Ruleset& rs, const TrainedChoice& slot, const std::string& grant_tier, const std::string& what,
                Diagnostics& d);

/// BB-6: a target object naming exactly one existing ability, number field, skill, save or bonus.
std::optional<RatingTarget> read_rating_target(const bj::value& v, const std::string& pointer, const std::string& what,
                                               const Ruleset& rs, Diagnostics& d);
/// An integer in [0, `most`], or a non-live Ref (BB-13, BB-51); `requirement` names the rule.
std::optional<WholeOrRef> read_whole_or_ref(ObjectReader& r, std::string_view key, bool required, std::int64_t most,
                                            std::string_view requirement, Ruleset& rs, ReadContext& cx);
/// An allocate step's keys (BB-1 – BB-22, BB-44).
void read_allocate_step(ObjectReader& r, BuilderStep& st, Ruleset& rs, ReadContext& cx);
/// `sheet.builder.ratingTiers` (BB-23 – BB-27).
std::vector<RatingTierTable> read_rating_tiers(const bj::array& a, const std::string& pointer, Ruleset& rs,
                                               ReadContext& cx);
/// An entry's `grants.ratings` (BB-29 – BB-31).
std::vector<RatingGrant> read_rating_grants(const bj::array& a, const std::string& pointer, const std::string& what,
                                            Ruleset& rs, ReadContext& cx);
/// `sheet.builder.pools` (BB-49 – BB-53, BB-76 – BB-79).
std::vector<BuilderPool> read_builder_pools(const bj::array& a, const std::string& pointer, Ruleset& rs,
                                            ReadContext& cx);
/// A spend step's keys and offers (BB-54 – BB-96, BC-15 – BC-19); `b` holds the pools.
void read_spend_step(ObjectReader& r, BuilderStep& st, const Builder& b, Ruleset& rs, ReadContext& cx);
/// BC-81: `{ count, sides, keep?, add?, multiplier? }`; nothing when refused.
std::optional<CreationDice> read_creation_dice(const bj::value& v, const std::string& pointer, const std::string& what,
                                               Diagnostics& d);
/// An abilities step's `methods.rolls` (BC-82), read from the `methods` object `m`.
void read_roll_groups(ObjectReader& m, BuilderStep& st, ReadContext& cx);
/// A roll step's keys and entries (BC-83 – BC-88).
void read_roll_step(ObjectReader& r, BuilderStep& st, Ruleset& rs, ReadContext& cx);
/// An initialize step's `writes` (BC-51, BC-52); `b` holds the pools.
void read_initialize_step(ObjectReader& r, BuilderStep& st, const Builder& b, Ruleset& rs, ReadContext& cx);
/// A rows step's keys (BC-1 – BC-14, BC-64).
void read_rows_step(ObjectReader& r, BuilderStep& st, Ruleset& rs, ReadContext& cx);
/// A priced catalog or rows step's `pool` and `cost` (BC-61 – BC-63), after its catalog or list.
void read_step_price(ObjectReader& r, BuilderStep& st, const Builder& b, Ruleset& rs, ReadContext& cx);
/// `sheet.builder.constraints` (BC-22 – BC-27), once the steps are read.
std::vector<CreationRule> read_creation_rules(const bj::array& a, const std::string& pointer, const Builder& b,
                                              Ruleset& rs, ReadContext& cx);
/// `sheet.builder.profiles` (BC-69), once the steps and pools are read.
std::vector<CreationProfile> read_creation_profiles(const bj::array& a, const std::string& pointer, const Builder& b,
                                                    Ruleset& rs, ReadContext& cx);
/// BB-75, BB-78, BB-84 once the whole builder is read.
void check_spend_offers(const Ruleset& rs, Diagnostics& d);
/// BB-7, BB-14 once the whole builder and the inline catalogs are read.
void check_rating_targets(const Ruleset& rs, Diagnostics& d);

}  // namespace rk::detail
