// Reading and writing the builder's part of a character (docs/format/builder.md "Stored answers").
#include "builder/answers.hpp"

#include <boost/json.hpp>

#include "format/limits.hpp"
#include "format/reader.hpp"
#include "json/document.hpp"
#include "sheet/character.hpp"

namespace rk {

namespace bj = boost::json;

namespace {

/// Reads the stored answers with the format's own ObjectReader, so that unknown keys, pointers
/// (RFC 6901, from keys the player chose) and number bounds are checked as everywhere else.
class AnswersReader {
 public:
  explicit AnswersReader(Diagnostics& d) : d_(d) {}

  BuilderAnswers read(const bj::value& v) {
    BuilderAnswers out;
    ObjectReader r(v, "/builder", "the builder's answers", d_);
    if (auto mode = r.choice("mode", false, kBuilderModes)) out.mode = *mode;
    if (const bj::value* steps = r.get("steps")) {
      ObjectReader each(*steps, r.at("steps"), "the builder's steps", d_);
      each.each_key([&](std::string_view id) {
        if (const bj::value* step = each.get(id)) out.steps[std::string(id)] = read_step(*step, each.at(id), id);
      });
    }
    if (const bj::value* choices = r.get("choices")) {
      ObjectReader each(*choices, r.at("choices"), "the builder's choices", d_);
      each.each_key([&](std::string_view slot) { out.choices[std::string(slot)] = strings(each, slot); });
    }
    if (const bj::value* allocations = r.get("allocations")) {
      ObjectReader each(*allocations, r.at("allocations"), "the builder's allocations", d_);
      each.each_key([&](std::string_view id) {
        if (const bj::value* a = each.get(id)) out.allocations[std::string(id)] = read_allocation(*a, each.at(id), id);
      });
    }
    if (const bj::value* purchases = r.get("purchases")) {
      ObjectReader each(*purchases, r.at("purchases"), "the builder's purchases", d_);
      each.each_key([&](std::string_view id) {
        if (const bj::value* p = each.get(id)) out.purchases[std::string(id)] = read_purchases(*p, each.at(id), id);
      });
    }
    if (const bj::value* wrote = r.get("wrote")) out.wrote = read_ledger(*wrote, r.at("wrote"));
    return out;
  }

 private:
  /// BB-97: `{offer: [[delta, price], ...]}`, at most kPurchaseLines lines per offer (BB-98).
  Purchases read_purchases(const bj::value& v, const std::string& at, std::string_view id) {
    Purchases out;
    ObjectReader r(v, at, fmt::format("step `{}`'s purchases", id), d_);
    r.each_key([&](std::string_view offer) {
      const bj::array* lines = r.array(offer, true);
      if (lines == nullptr || !r.check_limit(limits::kPurchaseLines, lines->size(), offer)) return;
      std::vector<PurchaseLine> kept;
      for (std::size_t i = 0; i < lines->size(); ++i) {
        const bj::array* pair = (*lines)[i].if_array();
        auto delta = pair != nullptr && pair->size() == 2 ? to_number((*pair)[0]) : std::nullopt;
        auto price = pair != nullptr && pair->size() == 2 ? to_number((*pair)[1]) : std::nullopt;
        if (!delta || !price || *delta == Number()) {
          d_.error(Code::WrongType, json::child(r.at(offer), i),
                   "step `{}`'s purchases: a line is [change, price], two numbers, the change not 0 (BB-97)", id);
          return;  // later lines stand on this one: the offer's ledger is left out whole
        }
        kept.push_back(PurchaseLine{*delta, *price});
      }
      if (!kept.empty()) out[std::string(offer)] = std::move(kept);
    });
    return out;
  }

  /// BB-43: `{"priorities": {group: slot}, "bought": {target: n}, "notes": {target: text}}`.
  Allocation read_allocation(const bj::value& v, const std::string& at, std::string_view id) {
    Allocation a;
    ObjectReader r(v, at, fmt::format("step `{}`'s allocation", id), d_);
    const auto wholes = [&](std::string_view key, std::int64_t most, std::map<std::string, std::int64_t>& into) {
      const bj::value* m = r.get(key);
      if (m == nullptr) return;
      ObjectReader each(*m, r.at(key), fmt::format("step `{}`'s {}", id, key), d_);
      each.each_key([&](std::string_view k) {
        auto n = each.number(k, true, true);
        if (!n) return;
        if (*n < Number() || *n > Number::of(most))
          each.error(Code::OutOfRange, k, "`{}` is a whole number 0-{}, found {}", k, most, n->to_string());
        else
          into[std::string(k)] = n->whole();
      });
    };
    wholes("priorities", static_cast<std::int64_t>(limits::kAllocateGroups) - 1, a.slots);
    wholes("bought", limits::kAllocateBudget, a.bought);
    if (const bj::value* notes = r.get("notes")) {
      ObjectReader each(*notes, r.at("notes"), fmt::format("step `{}`'s notes", id), d_);
      each.each_key([&](std::string_view k) {
        if (auto text = each.prompt_text(k, true, limits::kAllocateNoteLength)) a.notes[std::string(k)] = *text;
      });
    }
    return a;
  }

  /// An array of at most kBuilderAnswersPerKey ids or catalog marks under `key`.
  std::vector<std::string> strings(ObjectReader& r, std::string_view key) {
    std::vector<std::string> out;
    const bj::array* a = r.array(key, false);
    if (a == nullptr) return out;
    if (!r.check_limit(limits::kBuilderAnswersPerKey, a->size(), key)) {
      return out;
    }
    for (std::size_t i = 0; i < a->size(); ++i) {
      const bj::value& s = (*a)[i];
      const std::string at = json::child(r.at(key), i);
      if (!s.is_string())
        d_.error(Code::WrongType, at, "{}: an answer is a string, found {}", r.what(), json_type_name(s));
      else if (s.get_string().size() > limits::kCatalogMarkLength)
        d_.error(Code::TooLong, at, "{}: an answer holds at most {} characters", r.what(), limits::kCatalogMarkLength);
      else
        out.emplace_back(s.get_string());
    }
    return out;
  }

  StepAnswers read_step(const bj::value& v, const std::string& at, std::string_view id) {
    StepAnswers s;
    ObjectReader r(v, at, fmt::format("step `{}`'s answers", id), d_);
    s.picks = strings(r, "picks");
    s.method = r.choice("method", false, kAbilityMethods);
    if (const bj::value* scores = r.get("scores")) {
      ObjectReader each(*scores, r.at("scores"), fmt::format("step `{}`'s scores", id), d_);
      each.each_key([&](std::string_view ability) {
        if (auto n = each.number(ability, true)) s.scores[std::string(ability)] = *n;
      });
    }
    if (const bj::value* assign = r.get("assign")) {
      ObjectReader each(*assign, r.at("assign"), fmt::format("step `{}`'s assignments", id), d_);
      each.each_key([&](std::string_view ability) {
        auto index = each.number(ability, true, true);
        if (!index) return;
        if (index->raw() < 0)
          each.error(Code::BadValue, ability, "`{}` is an index, a whole number ≥ 0, found {}", ability,
                     index->to_string());
        else
          s.assign[std::string(ability)] = index->whole();
      });
    }
    s.keep_unspent = r.boolean("keepUnspent").value_or(false);
    if (const bj::array* rolls = r.array("rolls", false)) {
      if (rolls->size() > limits::kBuilderAnswersPerKey) {
        r.error(Code::TooMany, "rolls", "`rolls` holds at most {} rolled scores, found {}",
                limits::kBuilderAnswersPerKey, rolls->size());
      } else {
        for (std::size_t i = 0; i < rolls->size(); ++i)
          s.rolls.push_back(read_roll((*rolls)[i], json::child(r.at("rolls"), i)));
      }
    }
    if (const bj::value* rolled = r.get("rolled")) {
      ObjectReader each(*rolled, r.at("rolled"), fmt::format("step `{}`'s rolls", id), d_);
      each.each_key([&](std::string_view entry) {
        if (const bj::value* e = each.get(entry)) s.rolled[std::string(entry)] = read_roll_record(*e, each.at(entry));
      });
    }
    if (const bj::value* initialized = r.get("initialized")) {
      ObjectReader each(*initialized, r.at("initialized"), fmt::format("step `{}`'s initialized values", id), d_);
      each.each_key([&](std::string_view field) {
        if (auto value = scalar(each, field)) s.initialized[std::string(field)] = *value;
      });
    }
    return s;
  }

  /// Whole faces ≥ 0, at most kRollFaces of them (a creation roll throws at most kRollDice dice).
  std::vector<std::int64_t> faces_of(const bj::value& v, const std::string& at, std::string_view what) {
    std::vector<std::int64_t> out;
    const bj::array* faces = v.if_array();
    if (faces == nullptr) {
      d_.error(Code::WrongType, at, "{}: faces are an array of whole numbers, found {}", what, json_type_name(v));
      return out;
    }
    if (faces->size() > limits::kRollFaces) {
      d_.error(limits::kRollFaces.code, at, "{}: at most {} faces, found {}", what, limits::kRollFaces.value,
               faces->size());
      return out;
    }
    for (std::size_t i = 0; i < faces->size(); ++i) {
      const auto face = to_number((*faces)[i]);
      if (face && face->is_integer() && face->raw() >= 0)
        out.push_back(face->whole());
      else
        d_.error(Code::WrongType, json::child(at, i), "{}: a face is a whole number ≥ 0, found {}", what,
                 json_type_name((*faces)[i]));
    }
    return out;
  }

  /// BC-87: `{"attempts": [[faces], ...], "gain": [faces]}`, at most kRollBestMax attempts.
  RollRecord read_roll_record(const bj::value& v, const std::string& at) {
    RollRecord out;
    ObjectReader r(v, at, "a creation roll", d_);
    if (const bj::array* attempts = r.array("attempts", true)) {
      if (attempts->empty() || attempts->size() > static_cast<std::size_t>(limits::kRollBestMax.value)) {
        r.error(Code::TooMany, "attempts", "a creation roll holds 1 to {} attempts (BC-84), found {}",
                limits::kRollBestMax.value, attempts->size());
      } else {
        for (std::size_t i = 0; i < attempts->size(); ++i)
          out.attempts.push_back(faces_of((*attempts)[i], json::child(r.at("attempts"), i), "a creation roll"));
      }
    }
    if (const bj::value* gain = r.get("gain")) out.gain = faces_of(*gain, r.at("gain"), "a creation roll's gain");
    return out;
  }

  RolledScore read_roll(const bj::value& v, const std::string& at) {
    RolledScore roll;
    ObjectReader r(v, at, "a rolled score", d_);
    if (const bj::array* faces = r.array("faces", true)) {
      static_assert(limits::kRollFaces.value == limits::kRollDice.value);
      if (r.check_limit(limits::kRollFaces, faces->size(), "faces")) {
        for (std::size_t i = 0; i < faces->size(); ++i) {
          const auto face = to_number((*faces)[i]);
          if (face && face->is_integer() && face->raw() >= 0)
            roll.faces.push_back(face->whole());
          else
            d_.error(Code::WrongType, json::child(r.at("faces"), i),
                     "a rolled score: a face is a whole number ≥ 0, found {}", json_type_name((*faces)[i]));
        }
      }
    }
    if (auto total = r.number("total", true)) roll.total = *total;
    return roll;
  }

  /// A number, a string or a boolean under `key`; nothing when absent or null.
  std::optional<Scalar> scalar(ObjectReader& r, std::string_view key) {
    const bj::value* v = r.get(key);
    if (v == nullptr || v->is_null()) return std::nullopt;
    if (v->is_string()) return Scalar{std::string(v->get_string())};
    if (v->is_bool()) return Scalar{v->get_bool()};
    if (v->is_number()) {
      if (auto n = r.number(key, true)) return Scalar{*n};
      return std::nullopt;
    }
    r.error(Code::WrongType, key, "`{}` must be a number, a string or a boolean, found {}", key, json_type_name(*v));
    return std::nullopt;
  }

  std::map<std::string, CellRecord> cells(const bj::value& v, const std::string& at, std::string_view what) {
    std::map<std::string, CellRecord> out;
    ObjectReader each(v, at, fmt::format("the builder's written {}", what), d_);
    each.each_key([&](std::string_view id) {
      const bj::value* entry = each.get(id);
      ObjectReader r(*entry, each.at(id), fmt::format("written cell `{}`", id), d_);
      if (!r.ok()) return;
      auto value = scalar(r, "value");
      auto under = scalar(r, "under");
      const bool kept = r.boolean("kept").value_or(false);
      const bool owned = r.boolean("owned").value_or(true);
      if (!value) {
        if (!r.has("value")) r.error(Code::MissingKey, "", "`value` is required");
        return;
      }
      out[std::string(id)] = CellRecord{*value, under, owned, kept};
    });
    return out;
  }

  Ledger read_ledger(const bj::value& v, const std::string& at) {
    Ledger l;
    ObjectReader r(v, at, "the builder's ledger", d_);
    for (const auto& [key, into] : {std::pair{"fields", &l.fields}, std::pair{"skills", &l.skills},
                                    std::pair{"saves", &l.saves}, std::pair{"bonuses", &l.bonuses}}) {
      if (const bj::value* cells_value = r.get(key)) *into = cells(*cells_value, r.at(key), key);
    }
    if (const bj::value* abilities = r.get("abilities")) read_abilities(*abilities, r.at("abilities"), l);
    if (const bj::value* rows = r.get("rows")) read_rows(*rows, r.at("rows"), l);
    return l;
  }

  void read_abilities(const bj::value& v, const std::string& at, Ledger& l) {
    ObjectReader each(v, at, "the builder's written abilities", d_);
    each.each_key([&](std::string_view id) {
      ObjectReader r(*each.get(id), each.at(id), fmt::format("written ability `{}`", id), d_);
      if (!r.ok()) return;
      auto value = r.number("value", true);
      auto applied = r.number("applied", true);
      std::optional<Number> under;
      if (const bj::value* u = r.get("under"); u != nullptr && !u->is_null()) under = r.number("under", true);
      const bool base = r.boolean("base").value_or(false);
      if (value && applied) l.abilities[std::string(id)] = AbilityRecord{*value, *applied, under, base};
    });
  }

  void read_rows(const bj::value& v, const std::string& at, Ledger& l) {
    ObjectReader each(v, at, "the builder's written rows", d_);
    each.each_key([&](std::string_view key) {
      ObjectReader r(*each.get(key), each.at(key), fmt::format("written row `{}`", key), d_);
      auto list = r.id("list", true);
      auto row = r.string("row", true, limits::kCatalogMarkLength);
      if (list && row) l.rows[std::string(key)] = RowRecord{*list, *row};
    });
  }

  Diagnostics& d_;
};

bj::object cells_json(const std::map<std::string, CellRecord>& cells) {
  bj::object o;
  for (const auto& [id, rec] : cells) {
    bj::object r;
    r["value"] = scalar_to_json(rec.value);
    if (rec.under) r["under"] = scalar_to_json(*rec.under);
    if (!rec.owned) r["owned"] = false;
    if (rec.kept) r["kept"] = true;
    o[id] = std::move(r);
  }
  return o;
}

bj::value number_json(Number n) { return scalar_to_json(Scalar{n}); }

}  // namespace

BuilderAnswers read_builder_answers(const bj::value& builder, Diagnostics& diagnostics) {
  return AnswersReader(diagnostics).read(builder);
}

bj::value builder_answers_to_json(const BuilderAnswers& a) {
  bj::object o;
  if (a.mode) o["mode"] = choice_name(kBuilderModes, *a.mode);
  bj::object steps;
  for (const auto& [id, s] : a.steps) {
    if (s.empty()) continue;
    bj::object step;
    if (!s.picks.empty()) step["picks"] = bj::value_from(s.picks);
    if (s.method) step["method"] = choice_name(kAbilityMethods, *s.method);
    if (s.keep_unspent) step["keepUnspent"] = true;
    if (!s.scores.empty()) {
      bj::object scores;
      for (const auto& [ability, n] : s.scores) scores[ability] = number_json(n);
      step["scores"] = std::move(scores);
    }
    if (!s.assign.empty()) {
      bj::object assign;
      for (const auto& [ability, index] : s.assign) assign[ability] = index;
      step["assign"] = std::move(assign);
    }
    if (!s.rolls.empty()) {
      bj::array rolls;
      for (const auto& r : s.rolls)
        rolls.push_back(bj::object{{"faces", bj::value_from(r.faces)}, {"total", number_json(r.total)}});
      step["rolls"] = std::move(rolls);
    }
    if (!s.rolled.empty()) {
      bj::object rolled;
      for (const auto& [entry, r] : s.rolled) {
        bj::object x{{"attempts", bj::value_from(r.attempts)}};
        if (!r.gain.empty()) x["gain"] = bj::value_from(r.gain);
        rolled[entry] = std::move(x);
      }
      step["rolled"] = std::move(rolled);
    }
    if (!s.initialized.empty()) {
      bj::object initialized;
      for (const auto& [field, value] : s.initialized) initialized[field] = scalar_to_json(value);
      step["initialized"] = std::move(initialized);
    }
    steps[id] = std::move(step);
  }
  if (!steps.empty()) o["steps"] = std::move(steps);
  bj::object choices;
  for (const auto& [slot, answers] : a.choices) {
    if (!answers.empty()) choices[slot] = bj::value_from(answers);
  }
  if (!choices.empty()) o["choices"] = std::move(choices);
  bj::object allocations;
  for (const auto& [step, alloc] : a.allocations) {
    if (alloc.empty()) continue;
    bj::object x;
    if (!alloc.slots.empty()) x["priorities"] = bj::value_from(alloc.slots);
    if (!alloc.bought.empty()) x["bought"] = bj::value_from(alloc.bought);
    if (!alloc.notes.empty()) x["notes"] = bj::value_from(alloc.notes);
    allocations[step] = std::move(x);
  }
  if (!allocations.empty()) o["allocations"] = std::move(allocations);
  bj::object purchases;
  for (const auto& [step, offers] : a.purchases) {
    bj::object x;
    for (const auto& [offer, lines] : offers) {
      if (lines.empty()) continue;
      bj::array out;
      for (const PurchaseLine& l : lines) out.push_back(bj::array{number_json(l.delta), number_json(l.price)});
      x[offer] = std::move(out);
    }
    if (!x.empty()) purchases[step] = std::move(x);
  }
  if (!purchases.empty()) o["purchases"] = std::move(purchases);
  bj::object wrote;
  if (!a.wrote.fields.empty()) wrote["fields"] = cells_json(a.wrote.fields);
  if (!a.wrote.skills.empty()) wrote["skills"] = cells_json(a.wrote.skills);
  if (!a.wrote.saves.empty()) wrote["saves"] = cells_json(a.wrote.saves);
  if (!a.wrote.bonuses.empty()) wrote["bonuses"] = cells_json(a.wrote.bonuses);
  if (!a.wrote.abilities.empty()) {
    bj::object abilities;
    for (const auto& [id, rec] : a.wrote.abilities) {
      bj::object r{{"value", number_json(rec.value)}, {"applied", number_json(rec.applied)}};
      if (rec.under) r["under"] = number_json(*rec.under);
      if (rec.base) r["base"] = true;
      abilities[id] = std::move(r);
    }
    wrote["abilities"] = std::move(abilities);
  }
  if (!a.wrote.rows.empty()) {
    bj::object rows;
    for (const auto& [key, rec] : a.wrote.rows) rows[key] = bj::object{{"list", rec.list}, {"row", rec.row}};
    wrote["rows"] = std::move(rows);
  }
  if (!wrote.empty()) o["wrote"] = std::move(wrote);
  return o;
}

}  // namespace rk
