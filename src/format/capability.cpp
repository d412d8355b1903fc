#include "format/capability.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace rk {

const std::vector<GateInfo>& gate_table() {
  static const std::vector<GateInfo> table = {
      {Gate::TrackMaxRef, 37, "a track `max` given as a value reference", "SH-21", 1},
      {Gate::TrackAlwaysShow, 37, "`alwaysShow` on a track", "SH-24", 1},
      {Gate::ResolutionAdjust, 38, "`resolution.adjust`", "SH-70", 1},
      {Gate::Cap, 39, "a skill or save `cap`", "SH-8", 1},
      {Gate::HideWhenNotEqualsIn, 39, "`hideWhen` with `notEquals` or `in`", "SH-19", 1},
      {Gate::WoundBoxes, 40, "wound-track `boxes`", "SH-64", 1},
      {Gate::WoundFill, 40, "wound-track `fill`", "SH-64", 1},
      {Gate::WoundOnFull, 40, "wound-track `onFull`", "SH-64", 1},
      {Gate::WoundExtra, 40, "wound-track `extra` levels", "SH-64", 1},
      {Gate::RestStepKind, 40, "`kind` in a rest step", "SH-64", 1},
      {Gate::Sections, 41, "`section` on an ability, skill or save", "SH-7", 1},
      {Gate::Untrained, 41, "`untrained`", "SH-7", 1},
      {Gate::LiveStates, 42, "live states (`live.states`)", "SH-29", 1},
      {Gate::EnumTable, 42, "the `enumTable` derived operator", "SH-29", 1},
      {Gate::RestStepState, 42, "a rest step naming `state`", "SH-29", 1},
      {Gate::RestShared, 77, "`shared` on a poolGroup rest step", "SH-78", 1},
      {Gate::Clocks, 143, "top-level `clocks`", "SH-87", 1},
      {Gate::Party, 144, "top-level `party`", "SH-105", 1},
      {Gate::GmReference, 145, "top-level `gmReference`", "SH-86", 2},
      {Gate::ComputedAbilities, 156, "computed abilities (`value`)", "BC-30", 1},
      {Gate::Contextual, 156, "one-roll effects (a list's `contextual`, `mechanics.contextual`)", "BC-34", 1},
      {Gate::ContextualAbilities, 213, "`abilities: true` on a list's `contextual`", "BB-136", 1},
      {Gate::ContextualNoCancel, 214, "`cancel: false` on a contextual check", "BB-138", 1},
      {Gate::ContextualBest, 217, "`best` on a contextual check", "BB-147", 1},
      {Gate::ContextualTrackCost, 218, "a contextual cost that marks a track", "BB-150", 1},
      {Gate::ContextualListCost, 218, "`cost` on a list's `contextual`", "BB-151", 1},
      {Gate::StartFrom, 158, "`startFrom` on a live pool or track", "BC-58", 1},
      {Gate::RowChecks, 161, "list `checks` (rows that are checks)", "BC-74", 1},
      {Gate::PartyLists, 163, "party `lists`", "SH-127", 1},
      {Gate::PartyBuilder, 163, "party `builder`", "SH-128", 1},
      {Gate::PartyFromMembers, 163, "party `fromMembers`", "SH-129", 1},
      {Gate::PartySummaryLists, 163, "party `summary.lists`", "SH-131", 1},
      {Gate::ItemsCatalogs, 49, "items catalogs (`holds: \"items\"`)", "CA-9", 1},
      {Gate::PoolLevel, 171, "a live pool `level`", "CA-85", 1},
      {Gate::PoolPays, 171, "a live pool `pays`", "CA-85", 1},
      {Gate::ListSumWhereCount, 205, "`listSum` with `where` or `count`", "BB-110", 1},
      {Gate::MoreFields, 208, "more than 160 sheet fields", "BB-120", 1},
      {Gate::ComputedColumns, 210, "computed list columns (`sum`)", "BB-127", 1},
      {Gate::LongerAdvancement, 219, "more than 24 `sheet.advancement.fields`", "BB-162", 1},
      {Gate::CatalogAssets, 21, "separate catalog files (`asset`)", "CA-94", 1},
      {Gate::ScaledColumns, 23, "`scaled` columns", "CA-37", 1},
      {Gate::CreaturesCatalogs, 27, "creatures catalogs (`holds: \"creatures\"`)", "CA-95", 1},
      {Gate::ScaledByName, 92, "several scaled rows of one entry in a list, matched by name", "CA-33", 1},
      {Gate::TargetsPerCostStep, 171, "`targetsPerCostStep`", "CA-90", 1},
      {Gate::BorrowedCatalogs, 220, "borrowed catalogs (`from`)", "BB-153", 1},
      {Gate::LargeFiles, 340, "a package ruleset.json above 256 KB or a catalog file above 1 MB", "CA-101", 1},
      {Gate::SheetBuilder, 86, "`sheet.builder`", "BA-1", 1},
      {Gate::StepUpTo, 87, "a catalog step `upTo`", "BA-21", 1},
      {Gate::AbilitiesDefault, 87, "an abilities step `default` method", "BA-51", 1},
      {Gate::StepCountFrom, 90, "a catalog step `countFrom`", "BA-25", 1},
      {Gate::ChoicesSteps, 91, "`kind: \"choices\"` builder steps", "BA-66", 1},
      {Gate::EntryChoices, 91, "`grants.entries`", "BA-94", 1},
      {Gate::RepeatChoices, 93, "`repeat` on an ability choice", "BA-70", 1},
      {Gate::Exclusive, 94, "an entry `exclusive` group", "BA-92", 1},
      {Gate::ChoiceUpTo, 96, "`upTo` on an ability choice", "BA-73", 1},
      {Gate::OfferedWhen, 99, "an entry `offeredWhen`", "BA-86", 1},
      {Gate::ExclusiveOfferedWhen, 100, "`offeredWhen` on an entry of an `exclusive` group", "BA-89", 1},
      {Gate::TrainedChoices, 104, "trained choices (`choose` of `trained`)", "BA-80", 1},
      {Gate::Held, 105, "`held` on a trained choice", "BA-83", 1},
      {Gate::ShownWhen, 107, "a fields step `shownWhen`", "BA-37", 1},
      {Gate::FieldsTotal, 107, "a fields step `total`", "BA-39", 1},
      {Gate::Stamp, 108, "a catalog step `stamp`", "BA-27", 1},
      {Gate::StrictGear, 109, "`strict` on a starting-gear step", "BA-59", 1},
      {Gate::EntryFits, 109, "an entry `fits`", "BA-60", 1},
      {Gate::StepCountAbove20, 110, "a catalog step `min` or `max` above 20", "BA-15", 1},
      {Gate::ManualBounds, 110, "abilities `manual: { min, max }`", "BA-50", 1},
      {Gate::MoreSteps, 112, "more than 16 builder steps", "BA-9", 1},
      {Gate::StampFromWithin, 130, "a `stamp` value `{ \"fromWithin\" }`", "BA-32", 1},
      {Gate::StepWhen, 151, "a step `when`", "BA-111", 1},
      {Gate::StepRequiredWhen, 151, "a step `requiredWhen`", "BA-112", 1},
      {Gate::Quotas, 151, "`quotas`", "BA-115", 1},
      {Gate::DistinctBy, 151, "`distinctBy`", "BA-119", 1},
      {Gate::QuotaBelow, 151, "`quotaBelow`", "BA-121", 1},
      {Gate::SlotId, 151, "a choice-slot `id`", "BA-125", 1},
      {Gate::SlotCountFrom, 151, "a choice-slot `countFrom`", "BA-127", 1},
      {Gate::ExcludeChoices, 151, "`excludeChoices`", "BA-129", 1},
      {Gate::AbilityChoiceFrom, 151, "`from` on an ability choice", "BA-131", 1},
      {Gate::TrainedChoiceTier, 151, "`tier` on a trained choice", "BA-133", 1},
      {Gate::TrainedChoiceOnly, 151, "`only` on a trained choice", "BA-134", 1},
      {Gate::OnDuplicate, 151, "`onDuplicate` on a trained choice", "BA-135", 1},
      {Gate::AllocateSteps, 152, "`kind: \"allocate\"` steps, `ratingTiers` and `grants.ratings`", "BB-1", 1},
      {Gate::SpendSteps, 153, "`sheet.builder.pools` and `kind: \"spend\"` steps", "BB-49", 1},
      {Gate::RowsSteps, 154, "`kind: \"rows\"` steps", "BC-1", 1},
      {Gate::CreationRules, 155, "`sheet.builder.constraints`", "BC-22", 1},
      {Gate::CreationProfiles, 160, "`sheet.builder.profiles`", "BC-69", 1},
      {Gate::EarlierPhaseReads, 160, "`reads: { \"before\" }` on a catalog step", "BC-73", 1},
      {Gate::RowsCountFrom, 799, "`countFrom` on a rows step", "BC-10", 1},
      {Gate::PricedSteps, 159, "`pool` and `cost` on a catalog or rows step, a rows step's `from`", "BC-61", 1},
      {Gate::ReplacementFrom, 155, "`replacementFrom` on a trained choice", "BC-21", 1},
      {Gate::OfferConditions, 155, "a spend offer's `when`, `minFrom`, `maxFrom` or `allowedRatings`", "BC-15", 1},
      {Gate::InitializeSteps, 158, "`kind: \"initialize\"` steps", "BC-51", 1},
      {Gate::CreationDice, 162, "an abilities step's `methods.rolls` (creation dice)", "BC-81", 1},
      {Gate::RollSteps, 162, "`kind: \"roll\"` steps", "BC-83", 1},
      {Gate::TwoWayOffers, 164, "a spend offer's `direction`, `effect: \"ownership\"` or `exchange`", "BB-81", 1},
      {Gate::UnpricedCosts, 207, "an `unpriced` cost", "BB-117", 1},
      {Gate::PartialFrom, 211, "`partialFrom` on an ability choice", "BB-131", 1},
      {Gate::ItemAccess, 215, "`grants.itemAccess`", "BB-140", 1},
      {Gate::ManySteps, 768, "more than 24 builder steps", "BA-10", 1},
      {Gate::StepCountAbove40, 768, "a catalog step `min` or `max` above 40", "BA-16", 1},
      {Gate::ExclusiveDefault, 772, "`exclusiveDefault`", "BA-93", 1},
      // Reference format: resolution
      {Gate::DicePool, 24, "a `dice-pool` resolution", "reference: dice-pool", 1},
      {Gate::FaceRuleMin, 37, "moving `explode` or `double` (a `min` on the rule, or a check effect)",
       "reference: dice-pool", 1},
      {Gate::AbilityPlusAbility, 37, "`pool.abilityPlusAbility`", "reference: dice-pool", 1},
      {Gate::BotchRule, 37, "`botch.rule`", "reference: dice-pool", 1},
      {Gate::PoolReroll, 38, "`resolution.reroll`", "reference: dice-pool", 1},
      {Gate::SpendReroll, 38, "a spend that buys a `reroll`", "reference: spending to change a roll", 1},
      {Gate::SpendPerCheckFromSheet, 38, "a spend `perCheck` that is not a number",
       "reference: spending to change a roll", 1},
      {Gate::SpendEntries, 38, "more than two `resolution.spend` entries", "reference: spending to change a roll", 1},
      // Reference format: sheet
      {Gate::LiveTrackRead, 39, "`read` beside a `liveTrack` reference", "ref: The sheet", 1},
      {Gate::ListSumOnlyWhen, 39, "`onlyWhen` in a `listSum` reference", "ref: The sheet", 1},
      {Gate::HeldItemStat, 52, "an `itemStat` reference over the items a character holds", "ref: Items on the sheet",
       1},
      // Reference format: catalogs
      {Gate::CreatureChecks, 43, "a creature's contest `checks`", "reference: Creatures", 1},
      {Gate::CreatureReactionSelf, 46, "a creature action's `reaction` or `self`", "reference: Creatures", 1},
      {Gate::CreatureSoak, 47, "a creature's `soak`", "reference: Creatures", 1},
      {Gate::CreatureHideExcept, 55, "a creature's `resist` or `immune` with `except`", "reference: Creatures", 1},
      {Gate::CreatureHardness, 56, "a creature's `hardness`", "reference: Creatures", 1},
      {Gate::CreatureSheet, 34, "a creature written as a `sheet`", "reference: Creatures", 1},
      {Gate::ReactionMoment, 33, "a `reaction` that names a moment", "reference: Windows", 1},
      {Gate::ReactionUsedAgainst, 44, "a reaction moment `used`, or `against`", "reference: Windows", 1},
      {Gate::ReactionHit, 46, "a reaction moment `hit`", "reference: Windows", 1},
      {Gate::AppliedTimings, 45, "an applied condition's `endsAfter`, or `rounds` counted at \"turn-start\"",
       "reference: What a fight reads from mechanics", 1},
      // Reference format: items, battle, combat.
      {Gate::ItemsBlock, 49, "the `items` block", "ref:items", 1},
      {Gate::ItemsInvented, 51, "`items.rarityCaps` or `items.propose`", "ref:items", 1},
      {Gate::ItemCheckEffects, 53, "an item's `worn` or `carried`, or a rarity cap's `bonus`", "ref:items", 1},
      {Gate::ItemRequires, 54, "an item's `requires` or the abilities it changes", "ref:items", 1},
      {Gate::ItemAttack, 55, "a weapon's `attack`", "ref:items", 1},
      {Gate::ItemFightEffects, 56, "what a worn or carried item does in a fight", "ref:items", 1},
      {Gate::ItemAmmo, 57, "a weapon's `ammo` or `clip`", "ref:items", 1},
      {Gate::ItemAttackExtras, 58, "a weapon's `modes`, `offHand`, `floor` or `onHit`", "ref:items", 1},
      {Gate::ItemUse, 59, "an item's `use` or `charges`", "ref:items", 1},
      {Gate::ItemRestore, 60, "a use that restores a pool", "ref:items", 1},
      {Gate::ItemRecharge, 61, "`charges.recharge` or `charges.breaksOn`", "ref:items", 1},
      {Gate::ItemGate, 62, "a use's `gate`", "ref:items", 1},
      {Gate::Contests, 43, "`combat.checks` or `combat.contests`", "ref:combat", 1},
      {Gate::CombatModifiers, 45, "condition `modifiers`, `combat.levels` or a check effect", "ref:combat", 1},
      {Gate::CombatEachRound, 47, "initiative `each`, an attack's `toHit.skill` or `combat.spendLimits`", "ref:combat",
       1},
      {Gate::InitiativePool, 48, "initiative thrown as a `pool` or moved by attacks (`resource`)", "ref:combat", 1},
      {Gate::CombatNarrowing, 53, "a condition's `skills`, or a modifier's `skills`, `saves` or `mode`", "ref:combat",
       1},
      {Gate::LevelDerived, 54, "a level reading a `derived` value", "ref:combat", 1},
      // Reference format: top level, gm, layers.
      {Gate::Layers, 25, "top-level `layers`", "ref: Layers", 1},
      {Gate::GmWorldGuidance, 25, "`gm.worldGuidance`", "ref: Layers", 1},
      {Gate::SummaryListColumns, 37, "`columns` on a `gm.sheetSummary` list", "ref: Game Master text", 1},
      {Gate::SummaryEnumNameColumn, 37, "an enum `nameColumn` on a `gm.sheetSummary` list", "ref: Game Master text", 1},
  };
  return table;
}

const GateInfo& gate_info(Gate gate) {
  const auto& table = gate_table();
  const auto index = static_cast<std::size_t>(gate);
  if (index >= table.size() || table[index].gate != gate) throw std::logic_error("gate table out of order");
  return table[index];
}

void Requirement::use(Gate gate, std::string pointer) {
  const GateInfo& info = gate_info(gate);
  if (info.minor > minor) minor = info.minor;
  if (info.schema_version > schema_version) schema_version = info.schema_version;
  uses.push_back({gate, std::move(pointer)});
}

std::string Requirement::version() const { return fmt::format("{}.{}", 1, minor); }

const GateUse* Requirement::deciding() const {
  for (const auto& u : uses) {
    if (gate_info(u.gate).minor == minor) return &u;
  }
  return nullptr;
}

}  // namespace rk
