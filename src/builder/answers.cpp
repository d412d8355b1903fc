// Reading and writing the builder's part of a character (docs/format/builder.md "Stored answers").
#include "builder/answers.hpp"

#include <boost/json.hpp>

#include "format/limits.hpp"
#include "sheet/character.hpp"

namespace rk {

namespace bj = boost::json;

namespace {

std::optional<Number> number_of(const bj::value& v) {
  if (v.is_int64()) return Number::of(v.as_int64());
  if (v.is_uint64() && v.as_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) return Number::of(static_cast<std::int64_t>(v.as_uint64()));
  if (v.is_double()) return Number::from_double(v.as_double());
  return std::nullopt;
}

std::optional<Scalar> scalar_of(const bj::value& v) {
  if (v.is_string()) return Scalar{std::string(v.as_string())};
  if (v.is_bool()) return Scalar{v.as_bool()};
  if (auto n = number_of(v)) return Scalar{*n};
  return std::nullopt;
}

/// Reads one object of the stored answers, reporting what does not fit under `pointer`.
class AnswersReader {
 public:
  explicit AnswersReader(Diagnostics& d) : d_(d) {}

  BuilderAnswers read(const bj::value& v) {
    BuilderAnswers out;
    const bj::object* o = object(v, "/builder");
    if (o == nullptr) return out;
    for (const auto& [key, value] : *o) {
      const std::string at = "/builder/" + std::string(key);
      if (key == "mode") {
        const auto mode = value.is_string() ? choice_of(kBuilderModes, value.as_string()) : std::nullopt;
        if (mode) out.mode = *mode;
        else d_.error(Code::BadValue, at, "the builder's `mode` is one of {}", choice_words(kBuilderModes));
      } else if (key == "steps") {
        if (const bj::object* steps = object(value, at)) {
          for (const auto& [id, step] : *steps) out.steps[std::string(id)] = read_step(step, at + "/" + std::string(id));
        }
      } else if (key == "choices") {
        if (const bj::object* choices = object(value, at)) {
          for (const auto& [slot, answers] : *choices) {
            out.choices[std::string(slot)] = strings(answers, at + "/" + std::string(slot));
          }
        }
      } else if (key == "wrote") {
        out.wrote = read_ledger(value, at);
      } else {
        d_.error(Code::UnknownKey, at, "the builder's answers have no key `{}`", std::string(key));
      }
    }
    return out;
  }

 private:
  const bj::object* object(const bj::value& v, const std::string& at) {
    if (v.is_object()) return &v.as_object();
    d_.error(Code::WrongType, at, "expected an object");
    return nullptr;
  }

  std::vector<std::string> strings(const bj::value& v, const std::string& at) {
    std::vector<std::string> out;
    if (!v.is_array()) {
      d_.error(Code::WrongType, at, "expected an array of strings");
      return out;
    }
    if (v.as_array().size() > limits::kBuilderAnswersPerKey) {
      d_.error(Code::TooMany, at, "at most {} answers", limits::kBuilderAnswersPerKey);
      return out;
    }
    for (std::size_t i = 0; i < v.as_array().size(); ++i) {
      const auto& s = v.as_array()[i];
      if (s.is_string()) out.emplace_back(s.as_string());
      else d_.error(Code::WrongType, at + "/" + std::to_string(i), "expected a string");
    }
    return out;
  }

  StepAnswers read_step(const bj::value& v, const std::string& at) {
    StepAnswers s;
    const bj::object* o = object(v, at);
    if (o == nullptr) return s;
    for (const auto& [key, value] : *o) {
      const std::string here = at + "/" + std::string(key);
      if (key == "picks") {
        s.picks = strings(value, here);
      } else if (key == "method") {
        if (!value.is_string()) d_.error(Code::WrongType, here, "expected a method name");
        else if (auto method = choice_of(kAbilityMethods, value.as_string())) s.method = *method;
        else d_.error(Code::BadValue, here, "the stored method is one of {}, found \"{}\"", choice_words(kAbilityMethods), std::string_view(value.as_string()));
      } else if (key == "scores") {
        if (const bj::object* scores = object(value, here)) {
          for (const auto& [ability, score] : *scores) {
            if (auto n = number_of(score)) s.scores[std::string(ability)] = *n;
            else d_.error(Code::WrongType, here + "/" + std::string(ability), "expected a number");
          }
        }
      } else if (key == "assign") {
        if (const bj::object* assign = object(value, here)) {
          for (const auto& [ability, index] : *assign) {
            if (index.is_int64() && index.as_int64() >= 0) s.assign[std::string(ability)] = index.as_int64();
            else d_.error(Code::WrongType, here + "/" + std::string(ability), "expected an index (a whole number ≥ 0)");
          }
        }
      } else if (key == "rolls") {
        if (!value.is_array()) {
          d_.error(Code::WrongType, here, "expected an array of rolled scores");
          continue;
        }
        for (std::size_t i = 0; i < value.as_array().size(); ++i) s.rolls.push_back(read_roll(value.as_array()[i], here + "/" + std::to_string(i)));
      } else {
        d_.error(Code::UnknownKey, here, "a step's answers have no key `{}`", std::string(key));
      }
    }
    return s;
  }

  RolledScore read_roll(const bj::value& v, const std::string& at) {
    RolledScore r;
    const bj::object* o = object(v, at);
    if (o == nullptr) return r;
    if (const bj::value* faces = o->if_contains("faces"); faces != nullptr && faces->is_array()) {
      for (const auto& f : faces->as_array()) {
        if (f.is_int64()) r.faces.push_back(f.as_int64());
        else d_.error(Code::WrongType, at + "/faces", "a face is a whole number");
      }
    } else {
      d_.error(Code::MissingKey, at, "a rolled score lists its `faces`");
    }
    if (const bj::value* total = o->if_contains("total"); total != nullptr && number_of(*total)) r.total = *number_of(*total);
    else d_.error(Code::MissingKey, at, "a rolled score has its `total`");
    return r;
  }

  std::optional<Scalar> optional_scalar(const bj::object& o, std::string_view key, const std::string& at) {
    const bj::value* v = o.if_contains(key);
    if (v == nullptr || v->is_null()) return std::nullopt;
    auto s = scalar_of(*v);
    if (!s) d_.error(Code::WrongType, at + "/" + std::string(key), "expected a number, a string or a boolean");
    return s;
  }

  std::map<std::string, CellRecord> cells(const bj::value& v, const std::string& at) {
    std::map<std::string, CellRecord> out;
    const bj::object* o = object(v, at);
    if (o == nullptr) return out;
    for (const auto& [id, entry] : *o) {
      const std::string here = at + "/" + std::string(id);
      const bj::object* r = object(entry, here);
      if (r == nullptr) continue;
      auto value = optional_scalar(*r, "value", here);
      if (!value) {
        d_.error(Code::MissingKey, here, "a written cell has its `value`");
        continue;
      }
      CellRecord rec{*value, optional_scalar(*r, "under", here), true, false};
      if (const bj::value* kept = r->if_contains("kept"); kept != nullptr) rec.kept = kept->is_bool() && kept->as_bool();
      if (const bj::value* owned = r->if_contains("owned"); owned != nullptr) {
        if (owned->is_bool()) rec.owned = owned->as_bool();
        else d_.error(Code::WrongType, here + "/owned", "expected a boolean");
      }
      out[std::string(id)] = rec;
    }
    return out;
  }

  Ledger read_ledger(const bj::value& v, const std::string& at) {
    Ledger l;
    const bj::object* o = object(v, at);
    if (o == nullptr) return l;
    for (const auto& [key, value] : *o) {
      const std::string here = at + "/" + std::string(key);
      if (key == "fields") l.fields = cells(value, here);
      else if (key == "skills") l.skills = cells(value, here);
      else if (key == "saves") l.saves = cells(value, here);
      else if (key == "abilities") read_abilities(value, here, l);
      else if (key == "rows") read_rows(value, here, l);
      else d_.error(Code::UnknownKey, here, "the builder's ledger has no key `{}`", std::string(key));
    }
    return l;
  }

  void read_abilities(const bj::value& v, const std::string& at, Ledger& l) {
    const bj::object* o = object(v, at);
    if (o == nullptr) return;
    for (const auto& [id, rec] : *o) {
      const std::string here = at + "/" + std::string(id);
      const bj::object* r = object(rec, here);
      if (r == nullptr) continue;
      AbilityRecord a;
      const bj::value* value = r->if_contains("value");
      const bj::value* applied = r->if_contains("applied");
      if (value == nullptr || !number_of(*value) || applied == nullptr || !number_of(*applied)) {
        d_.error(Code::MissingKey, here, "a written ability has a numeric `value` and `applied`");
        continue;
      }
      a.value = *number_of(*value);
      a.applied = *number_of(*applied);
      if (const bj::value* under = r->if_contains("under"); under != nullptr && !under->is_null()) {
        if (auto n = number_of(*under)) a.under = *n;
        else d_.error(Code::WrongType, here + "/under", "expected a number");
      }
      if (const bj::value* base = r->if_contains("base"); base != nullptr) a.base = base->is_bool() && base->as_bool();
      l.abilities[std::string(id)] = a;
    }
  }

  void read_rows(const bj::value& v, const std::string& at, Ledger& l) {
    const bj::object* o = object(v, at);
    if (o == nullptr) return;
    for (const auto& [key, rec] : *o) {
      const std::string here = at + "/" + std::string(key);
      const bj::object* r = object(rec, here);
      if (r == nullptr) continue;
      const bj::value* list = r->if_contains("list");
      const bj::value* row = r->if_contains("row");
      if (list == nullptr || !list->is_string() || row == nullptr || !row->is_string()) {
        d_.error(Code::MissingKey, here, "a written row names its `list` and `row`");
        continue;
      }
      l.rows[std::string(key)] = RowRecord{std::string(list->as_string()), std::string(row->as_string())};
    }
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
      for (const auto& r : s.rolls) rolls.push_back(bj::object{{"faces", bj::value_from(r.faces)}, {"total", number_json(r.total)}});
      step["rolls"] = std::move(rolls);
    }
    steps[id] = std::move(step);
  }
  if (!steps.empty()) o["steps"] = std::move(steps);
  bj::object choices;
  for (const auto& [slot, answers] : a.choices) {
    if (!answers.empty()) choices[slot] = bj::value_from(answers);
  }
  if (!choices.empty()) o["choices"] = std::move(choices);
  bj::object wrote;
  if (!a.wrote.fields.empty()) wrote["fields"] = cells_json(a.wrote.fields);
  if (!a.wrote.skills.empty()) wrote["skills"] = cells_json(a.wrote.skills);
  if (!a.wrote.saves.empty()) wrote["saves"] = cells_json(a.wrote.saves);
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
