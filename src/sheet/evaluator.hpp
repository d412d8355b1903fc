#pragma once
// The sheet's evaluator, shared by the files that compute it (evaluate.cpp, evaluate_values.cpp,
// evaluate_live.cpp); not part of the sheet's interface. Values are computed lazily and memoized;
// compile has refused every cycle, so each value is computed once whatever the declaration order
// (SH-11's "once, top to bottom").
//
// An evaluator either explains (every number keeps the terms it was made of, for the sheet a
// person reads) or does not (play reads a pool's maximum forty times a reply and never shows how
// it was made): the numbers are the same either way, only the terms are left out.
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "format/model.hpp"
#include "sheet/character.hpp"
#include "sheet/evaluate.hpp"

namespace rk::detail {

enum class Explain : bool { No, Yes };

class Evaluator {
 public:
  Evaluator(const Ruleset& rs, const Character& c, Explain explain = Explain::Yes);

  /// What `run` fills: the whole sheet, or its live part (evaluate_live).
  enum class Part : bool { Whole, Live };

  Number value_of(const Ref& r) { return ref(r, nullptr); }
  SheetView run(Part part = Part::Whole);

  const AbilityView& ability(std::size_t i);
  const CheckView& check(std::size_t i, bool save);
  const Explained& derived(std::size_t i);
  const PoolView& pool(std::size_t i);
  const TrackView& track(std::size_t i);
  Scalar field_value(const Field& f);
  Id state_value(const LiveState& st);
  bool hidden(const std::optional<HideWhen>& h);
  /// Every stored row of `list` with every cell, empty ones read as their default.
  std::vector<RowView> rows(const List& list);
  AdjustView adjust_for(const Id* ability_id);
  Diagnostics& warnings() { return warnings_; }

 private:
  template <typename T>
  struct Memo {
    bool done = false;
    T value{};
  };

  /// Where the terms of one number go: nowhere when the evaluator does not explain.
  std::vector<Term>* terms_of(std::vector<Term>& terms) { return explain_ ? &terms : nullptr; }
  /// Adds a term; `text` is only made when the evaluator explains.
  template <typename Text>
  void note(std::vector<Term>& terms, Text&& text, std::optional<Number> value) {
    if (explain_) terms.push_back({std::string(std::forward<Text>(text)()), value});
  }

  static Number as_number(const Scalar& s);
  static std::string scalar_text(const Scalar& s);
  Scalar cell(const List& list, const Row& row, std::size_t column);
  const std::vector<Row>& stored_rows(const List& list);
  bool row_matches(const List& list, const Row& row, const std::optional<RowFilter>& where);

  Number ref(const Ref& r, std::vector<Term>* terms, std::string_view role = "");
  std::string ref_text(const Ref& r);
  const Explained& tier_bonus(std::size_t i);
  Number pool_start(const Pool& p, Number max, std::vector<Term>* terms);
  Number track_start(const Track& t, Number min, Number max, std::vector<Term>* terms);
  TrackView ordinary_track(const Track& t);
  TrackView wound_track(const Track& t);
  void add_extra_levels(const Track& t, TrackView& v);

  template <typename... Args>
  void warn_once(const std::string& pointer, Code code, fmt::format_string<Args...> format, Args&&... args) {
    for (const auto& w : warnings_.items()) {
      if (w.pointer == pointer) return;
    }
    warnings_.warning(code, pointer, format, std::forward<Args>(args)...);
  }

  const Ruleset& rs_;
  const Sheet& s_;
  const Character& c_;
  const bool explain_;
  std::vector<Memo<AbilityView>> abilities_;
  std::vector<Memo<Explained>> derived_;
  std::vector<Memo<CheckView>> skills_, saves_;
  std::vector<Memo<Explained>> tiers_;
  std::vector<Memo<PoolView>> pools_;
  std::vector<Memo<TrackView>> tracks_;
  Diagnostics warnings_;
};

}  // namespace rk::detail
