// Creation dice, `methods.rolls`, roll steps and initialize steps (docs/format/builder.md "Creation
// dice", "Roll steps", "Initialize steps"; BC-51 – BC-57, BC-81 – BC-89), read by the builder pass
// of compiling against the resolved sheet and the builder's pools.
#include <algorithm>

#include <fmt/format.h>

#include "format/limits.hpp"
#include "format/read_builder.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk {

std::string CreationDice::text() const {
  std::string out = fmt::format("{}d{}", count, sides);
  if (keep > 0 && keep < count) out += fmt::format(" keep {}", keep);
  if (add != 0) out += fmt::format("{:+}", add);
  if (multiplier != 1) out += fmt::format(" x{}", multiplier);
  return out;
}

}  // namespace rk

namespace rk::detail {

namespace {

/// The number field or non-computed ability `id` names, or why it cannot take a roll.
const Field* number_field(const Sheet& s, const std::string& id) {
  auto it = s.field_index.find(id);
  return it == s.field_index.end() ? nullptr : &s.fields[it->second];
}

}  // namespace

std::optional<CreationDice> read_creation_dice(const bj::value& v, const std::string& pointer, const std::string& what,
                                               Diagnostics& d) {
  ObjectReader r(v, pointer, what + " dice", d);
  if (!r.ok()) return std::nullopt;
  const std::size_t errors_before = d.error_count();
  CreationDice x;
  const auto whole = [&](std::string_view key, bool required, std::int64_t low, std::int64_t high, std::int64_t& out) {
    auto n = r.number(key, required, true);
    if (!n) return;
    if (*n < Number::of(low) || *n > Number::of(high))
      r.error(Code::OutOfRange, key, "`{}` is a whole number {} to {} (BC-81), found {}", key, low, high,
              n->to_string());
    else
      out = n->whole();
  };
  whole("count", true, 1, limits::kRollDice, x.count);
  whole("sides", true, limits::kRollSidesMin, limits::kRollSidesMax, x.sides);
  if (r.has("keep")) {
    whole("keep", false, 1, x.count, x.keep);
    if (x.keep == 0) x.keep = x.count;  // refused above; keep every die meanwhile
  }
  whole("add", false, -limits::kCreationDiceAdd, limits::kCreationDiceAdd, x.add);
  whole("multiplier", false, 1, limits::kCreationDiceMultiplier, x.multiplier);
  r.finish();
  if (d.error_count() != errors_before) return std::nullopt;
  return x;
}

void read_roll_groups(ObjectReader& m, BuilderStep& st, ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  cx.requirement.use(Gate::CreationDice, m.at("rolls"));
  const bj::array* groups = m.array("rolls", true);
  if (groups == nullptr) return;
  if (groups->empty()) m.error(Code::TooFew, "rolls", "`rolls` holds 1-{} groups (BC-82)", limits::kRollGroups.value);
  if (!m.check_limit(limits::kRollGroups, groups->size(), "rolls")) return;
  UniqueIds rolled{"rolled ability", UniqueIds::Kind::Listed};
  for (std::size_t i = 0; i < groups->size(); ++i) {
    const std::string p = json::child(m.at("rolls"), i);
    ObjectReader g((*groups)[i], p, m.what() + " roll group", d);
    if (!g.ok()) continue;
    RollGroup group;
    group.pointer = p;
    group.abilities = g.id_list("abilities", true).value_or(std::vector<std::string>{});
    if (g.has("abilities") && group.abilities.empty())
      g.error(Code::TooFew, "abilities", "a roll group names at least one ability (BC-82)");
    for (std::size_t k = 0; k < group.abilities.size(); ++k) {
      const std::string& id = group.abilities[k];
      const std::string at = json::child(g.at("abilities"), k);
      if (std::find(st.abilities.begin(), st.abilities.end(), id) == st.abilities.end()) {
        d.error(Code::UnknownReference, at, "{}: `{}` is not an ability the step sets (BC-82)", g.what(), id);
        continue;
      }
      rolled.add(id, at, d);  // BC-82: each value is rolled once, with its own group's dice
    }
    std::optional<CreationDice> dice;
    if (const bj::value* v = g.get("dice"))
      dice = read_creation_dice(*v, g.at("dice"), g.what(), d);
    else
      g.error(Code::MissingKey, "", "`dice` is required (BC-82)");
    g.finish();
    if (!dice) continue;
    group.dice = *dice;
    st.roll_groups.push_back(std::move(group));
  }
}

void read_roll_step(ObjectReader& r, BuilderStep& st, Ruleset& rs, ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  const Sheet& s = rs.sheet;
  cx.requirement.use(Gate::RollSteps, r.at("kind"));
  st.retry = r.boolean("retry").value_or(false);
  const bj::array* rolls = r.array("rolls", true);
  if (rolls == nullptr) return;
  if (rolls->empty()) r.error(Code::TooFew, "rolls", "`rolls` holds 1-{} rolls (BC-83)", limits::kRollEntries.value);
  if (!r.check_limit(limits::kRollEntries, rolls->size(), "rolls")) return;
  UniqueIds ids{"roll"};
  for (std::size_t i = 0; i < rolls->size(); ++i) {
    const std::string p = json::child(r.at("rolls"), i);
    ObjectReader e((*rolls)[i], p, entry_name(r.what() + " roll", (*rolls)[i], p), d);
    if (!e.ok()) continue;
    const std::size_t errors_before = d.error_count();
    RollEntry entry;
    entry.pointer = p;
    entry.id = e.id("id", true).value_or("");
    if (e.has("label")) entry.label = e.label();
    // BC-83: a numeric field; an ability for an improvement of a characteristic (decisions.md).
    const bool field = e.has("field"), ability = e.has("ability");
    if (field == ability) {
      e.error(field ? Code::ConflictingKeys : Code::MissingKey, "",
              "a roll writes exactly one of `field` (a number field) or `ability` (BC-83)");
    } else if (field) {
      entry.target = RatingTarget{RatingTarget::Kind::Field, e.id("field", true).value_or("")};
      const Field* f = number_field(s, entry.target.id);
      if (f == nullptr && !entry.target.id.empty())
        e.error(Code::UnknownReference, "field", "unknown field `{}`", entry.target.id);
      else if (f != nullptr && !f->spec.is_numeric())
        e.error(Code::WrongReferenceType, "field", "field `{}` is not a number field; a roll writes a number (BC-83)",
                entry.target.id);
      if (f != nullptr && entry.label.empty()) entry.label = f->label;
    } else {
      entry.target = RatingTarget{RatingTarget::Kind::Ability, e.id("ability", true).value_or("")};
      auto it = s.ability_index.find(entry.target.id);
      if (it == s.ability_index.end() && !entry.target.id.empty())
        e.error(Code::UnknownReference, "ability", "unknown ability `{}`", entry.target.id);
      else if (it != s.ability_index.end() && s.abilities[it->second].computed())
        e.error(Code::WrongReferenceType, "ability", "ability `{}` is computed; no roll can set it (BC-33)",
                entry.target.id);
      if (it != s.ability_index.end() && entry.label.empty()) entry.label = s.abilities[it->second].label;
    }
    if (const bj::value* v = e.get("dice")) {
      if (auto dice = read_creation_dice(*v, e.at("dice"), e.what(), d)) entry.dice = *dice;
    } else {
      e.error(Code::MissingKey, "", "`dice` is required: the roll's creation dice (BC-83, decisions.md)");
    }
    if (auto best = e.number("best", false, true)) {
      if (*best < Number::of(limits::kRollBestMin) || *best > Number::of(limits::kRollBestMax))
        e.error(Code::OutOfRange, "best", "`best` is {} or {} (BC-84), found {}", limits::kRollBestMin.value,
                limits::kRollBestMax.value, best->to_string());
      else
        entry.best = best->whole();
    }
    if (const bj::value* floor = e.get("floor")) {
      if (floor->is_number())
        entry.floor = e.number("floor", true);
      else
        entry.floor_from = read_build_ref(e, "floor", rs, cx);
    }
    if (const bj::value* gain = e.get("gain")) {
      RollEntry::Gain g;
      if (gain->is_number()) {
        auto n = e.number("gain", true, true);
        if (n && (*n < Number::of(1) || *n > Number::of(limits::kCreationDiceAdd)))
          e.error(Code::OutOfRange, "gain", "a numeric `gain` is a whole number 1 to {} (BC-86), found {}",
                  limits::kCreationDiceAdd.value, n->to_string());
        else if (n)
          g.flat = n->whole();
      } else if (gain->is_object()) {
        g.dice = read_creation_dice(*gain, e.at("gain"), e.what() + " gain", d);
      } else {
        e.error(Code::WrongType, "gain", "`gain` is a whole number or creation dice (BC-86), found {}",
                json_type_name(*gain));
      }
      entry.gain = g;
    }
    e.finish();
    if (!ids.add(entry.id, json::child(p, "id"), d)) continue;
    if (d.error_count() == errors_before && !entry.id.empty()) st.rolls.push_back(std::move(entry));
  }
}

void read_initialize_step(ObjectReader& r, BuilderStep& st, const Builder& b, Ruleset& rs, ReadContext& cx) {
  Diagnostics& d = cx.diagnostics;
  const Sheet& s = rs.sheet;
  cx.requirement.use(Gate::InitializeSteps, r.at("kind"));
  const bj::array* writes = r.array("writes", true);
  if (writes == nullptr) return;
  if (writes->empty())
    r.error(Code::TooFew, "writes", "`writes` holds 1-{} writes (BC-52)", limits::kInitializeWrites.value);
  if (!r.check_limit(limits::kInitializeWrites, writes->size(), "writes")) return;
  UniqueIds fields{"initialized field", UniqueIds::Kind::Listed};
  for (std::size_t i = 0; i < writes->size(); ++i) {
    const std::string p = json::child(r.at("writes"), i);
    ObjectReader w((*writes)[i], p, r.what() + " write", d);
    if (!w.ok()) continue;
    const std::size_t errors_before = d.error_count();
    InitializeWrite write;
    write.pointer = p;
    write.field = w.id("field", true).value_or("");
    const Field* f = number_field(s, write.field);
    if (f == nullptr && !write.field.empty())
      w.error(Code::UnknownReference, "field", "unknown field `{}`", write.field);
    if (!write.field.empty()) fields.add(write.field, w.at("field"), d);
    const bool numeric = f != nullptr && f->spec.is_numeric();
    const bool value = w.has("value"), remaining = w.has("remaining");
    if (value == remaining) {
      w.error(value ? Code::ConflictingKeys : Code::MissingKey, "",
              "a write has exactly one of `value` or `remaining` (BC-52)");
    } else if (value) {
      const bj::value& v = *w.get("value");
      if (v.is_object()) {
        write.value_from = read_build_ref(w, "value", rs, cx);
        if (f != nullptr && !numeric)
          w.error(Code::WrongReferenceType, "value",
                  "field `{}` is not a number field; a value read from the sheet is written only into one (BC-52)",
                  write.field);
      } else if (f != nullptr) {
        auto typed = typed_scalar(v, f->spec.type);
        if (!typed || !f->spec.accepts(*typed))
          w.error(Code::BadValue, "value", "field `{}` does not accept this value (BC-52)", write.field);
        else
          write.value = *typed;
      }
    } else {
      write.remaining = w.id("remaining", true).value_or("");
      if (!write.remaining.empty() && b.pool(write.remaining) == nullptr) {
        std::vector<std::string> ids;
        for (const auto& pool : b.pools) ids.push_back(pool.id);
        w.error(Code::UnknownReference, "remaining",
                "`remaining` names no pool of `sheet.builder.pools`: `{}`{} (BC-52)", write.remaining,
                did_you_mean(write.remaining, ids));
      }
      if (f != nullptr && !numeric)
        w.error(Code::WrongReferenceType, "remaining",
                "field `{}` is not a number field; what a pool left unspent is a number (BC-52)", write.field);
    }
    w.finish();
    if (d.error_count() == errors_before && f != nullptr) st.writes.push_back(std::move(write));
  }
}

}  // namespace rk::detail
