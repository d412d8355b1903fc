// Reference format: the live block (`sheet.live`) and the top-level `rests`, as the reference's
// chapter sections "Live states", "Wound tracks", "Numbered boxes", "Filling by box", "Levels a
// list adds" and "Rests" describe them. Every "is refused" sentence there has a test here.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "format/limits.hpp"
#include "reference_dir.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The errors of `r` whose pointer starts with one of `prefixes`, one per line.
std::string errors_under(const LoadResult& r, std::initializer_list<std::string_view> prefixes) {
  std::string out;
  for (const auto& d : r.diagnostics.items()) {
    if (d.severity != Severity::Error) continue;
    for (std::string_view prefix : prefixes) {
      if (std::string_view(d.pointer).starts_with(prefix)) {
        out += std::string(code_name(d.code)) + " " + d.pointer + " " + d.message + "\n";
        break;
      }
    }
  }
  return out;
}

/// Gravewatch's harm track (the chapter's example), with `extra_keys` added to it.
std::string harm(const std::string& extra_keys = "") {
  return R"({"id": "harm", "label": "Harm", "min": 0, "max": 4,
    "levels": [{"label": "Scuffed", "penalty": 0}, {"label": "Winded", "penalty": -1},
               {"label": "Bleeding", "penalty": -3}, {"label": "Down", "penalty": -99}],
    "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}])" +
         extra_keys + "}";
}

/// Ember Roads' strain track (the chapter's numbered-boxes example), with `extra_keys` added.
std::string strain(const std::string& extra_keys = R"(, "fill": "indexed", "onFull": "refuse")") {
  return R"({"id": "strain", "label": "Strain", "min": 0, "max": {"derived": "strain_boxes"},
    "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}},
    "kinds": [{"id": "strain", "label": "S", "severity": 0}])" +
         extra_keys + "}";
}

const char* kStance = R"({"id": "stance", "label": "Stance", "values": ["guarded", "steady", "reckless"],
  "valueLabels": {"guarded": "Guarded", "steady": "Steady", "reckless": "Reckless"}, "default": "steady"})";

/// A ruleset with the given live block and top-level rests (both JSON text).
std::string ruleset(const std::string& live, const std::string& rests = "[]") {
  return R"({"id": "ref", "label": "Ref",
    "sheet": {
      "abilities": [{"id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 1}],
      "fields": [{"id": "watch", "label": "Watch", "type": "enum", "values": ["day", "night"]}],
      "lists": [{"id": "scars", "label": "Scars", "maxItems": 500, "columns": [
        {"id": "name", "label": "Scar", "type": "text", "maxLength": 200},
        {"id": "levels", "label": "Levels", "type": "number", "min": 0, "max": 16, "default": 1},
        {"id": "penalty", "label": "Penalty", "type": "number", "min": -5, "max": 0, "default": -1}]}],
      "derived": [{"id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{"abilityScore": "sinew"}, {"const": 1}]}],
      "live": )" +
         live + R"(},
    "rests": )" +
         rests + "}";
}

std::string tracks(const std::string& one) { return R"({"tracks": [)" + one + "]}"; }

/// A live block with a pool, the harm and strain tracks, a state, a text and two conditions.
const std::string kLive = R"({
  "pools": [{"id": "grit", "label": "Grit", "max": {"const": 4}, "group": "vigour"},
            {"id": "luck", "label": "Luck", "max": {"const": 3}}],
  "tracks": [{"id": "heat", "label": "Heat", "min": 0, "max": 5, "default": 0}, )" +
                          harm() + ", " + strain() + R"(],
  "states": [)" + kStance +
                          R"(],
  "text": [{"id": "concentration", "label": "Concentrating on", "maxLength": 80}],
  "conditions": [{"id": "shaken", "label": "Shaken"}, {"id": "held", "label": "Held"}]})";

std::string rest_with(const std::string& step) {
  return R"([{"id": "camp", "label": "Make camp", "restore": [)" + step + "]}]";
}

// --- The three published examples -------------------------------------------------------------

TEST(RefLive, examples_have_no_errors_under_live_or_rests) {
  for (const char* name : {"gravewatch.json", "ember-roads.json", "ruleset-5e-2014.example.json"}) {
    SCOPED_TRACE(name);
    const std::string path = (rk::testing::reference_dir(RK_SOURCE_DIR) / "examples" / name).string();
    const LoadResult r = test::load(read_text(path));
    EXPECT_EQ(errors_under(r, {"/sheet/live", "/rests"}), "");
  }
}

TEST(RefLive, the_reference_live_block_and_rests_read_clean) {
  const LoadResult r = test::load(ruleset(kLive, R"([
    {"id": "vigil", "label": "Stand down", "restore": [
      {"pool": "grit", "to": "max"}, {"track": "harm", "to": "min"}, {"state": "stance", "to": "default"},
      {"poolGroup": "vigour", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}},
      {"track": "harm", "kind": "knock", "by": {"const": -2}}, {"track": "heat", "to": 0}],
     "clear": {"text": ["concentration"], "conditions": ["shaken"]}},
    {"id": "breather", "label": "Catch your breath", "clear": {"conditions": "all"}}])"));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  ASSERT_TRUE(r.ruleset);
  const Sheet& sheet = r.ruleset->sheet;
  ASSERT_EQ(sheet.rests.size(), 2u);
  EXPECT_EQ(sheet.rests[0].steps.size(), 6u);
  ASSERT_EQ(sheet.rests[0].clears_text.size(), 1u);
  EXPECT_EQ(sheet.rests[0].clears_text[0].first, "concentration");
  EXPECT_TRUE(sheet.rests[1].clears_all_conditions);
  ASSERT_EQ(sheet.texts.size(), 1u);
  EXPECT_EQ(sheet.texts[0].max_length, 80u);
}

TEST(RefLive, our_first_rests_form_under_the_sheet_is_refused) {
  std::string text = ruleset(kLive, rest_with(R"({"pool": "grit", "to": "max"})"));
  text.replace(
      text.find(R"("live": )"), 0,
      R"("rests": [{"id": "night", "label": "Night", "steps": [{"pool": "luck", "to": "max"}], "clears": ["temp"]}], )");
  const LoadResult r = test::load(text);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/sheet/rests")) << test::describe(r);
}

TEST(RefRests, our_first_step_and_clear_keys_are_refused) {
  const LoadResult r =
      test::load(ruleset(kLive, R"([{"id": "night", "label": "Night", "steps": [{"pool": "luck", "to": "max"}],
    "clears": ["conditions"]}])"));
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/rests/0/steps")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::UnknownKey, "/rests/0/clears")) << test::describe(r);
}

// --- Tracks --------------------------------------------------------------------------------------

TEST(RefLiveTracks, every_track_says_its_min) {
  LoadResult r = test::load(ruleset(tracks(R"({"id": "heat", "label": "Heat", "max": 5})")));
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/live/tracks/0")) << test::describe(r);
  std::string track = harm();
  track.replace(track.find(R"("min": 0, )"), 10, "");
  r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/live/tracks/0")) << test::describe(r);
}

TEST(RefLiveTracks, every_track_says_its_max_a_named_level_track_too) {
  std::string track = harm();
  track.replace(track.find(R"("max": 4,)"), 9, "");
  const LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::MissingKey, "/sheet/live/tracks/0")) << test::describe(r);
}

// --- Wound tracks --------------------------------------------------------------------------------

TEST(RefLiveWound, kinds_without_levels_or_boxes_is_refused) {
  const LoadResult r = test::load(ruleset(
      tracks(R"({"id": "t", "label": "T", "min": 0, "max": 3, "kinds": [{"id": "k", "label": "K", "severity": 0}]})")));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/kinds")) << test::describe(r);
}

TEST(RefLiveWound, levels_without_kinds_is_refused) {
  const LoadResult r = test::load(ruleset(
      tracks(R"({"id": "t", "label": "T", "min": 0, "max": 1, "levels": [{"label": "Hurt", "penalty": -1}]})")));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0")) << test::describe(r);
}

TEST(RefLiveWound, levels_and_boxes_together_are_refused) {
  const LoadResult r = test::load(ruleset(tracks(harm(R"(, "boxes": {})"))));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/boxes")) << test::describe(r);
}

TEST(RefLiveWound, named_level_max_other_than_level_count_is_refused) {
  std::string track = harm();
  track.replace(track.find(R"("max": 4)"), 8, R"("max": 5)");
  const LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::BadTrackMax, "/sheet/live/tracks/0/max")) << test::describe(r);
}

TEST(RefLiveWound, issue9_named_level_max_written_as_a_ref_is_refused) {
  std::string track = harm();
  track.replace(track.find(R"("max": 4)"), 8, R"("max": {"const": 4})");
  const LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::BadTrackMax, "/sheet/live/tracks/0/max")) << test::describe(r);
}

TEST(RefLiveWound, min_other_than_zero_is_refused) {
  std::string track = harm();
  track.replace(track.find(R"("min": 0)"), 8, R"("min": 1)");
  const LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/min")) << test::describe(r);
}

TEST(RefLiveWound, default_zero_is_accepted_and_any_other_default_refused) {
  EXPECT_TRUE(test::load(ruleset(tracks(harm(R"(, "default": 0)")))).ok());
  const LoadResult r = test::load(ruleset(tracks(harm(R"(, "default": 2)"))));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/default")) << test::describe(r);
}

TEST(RefLiveWound, a_wound_track_cannot_be_hidden) {
  const LoadResult r = test::load(ruleset(tracks(harm(R"(, "hideWhen": {"field": "watch", "equals": "day"})"))));
  EXPECT_TRUE(test::has_error(r, Code::HideWoundTrack, "/sheet/live/tracks/0/hideWhen")) << test::describe(r);
}

TEST(RefLiveWound, severities_are_distinct) {
  std::string track = harm();
  track.replace(track.find(R"("severity": 1)"), 13, R"("severity": 0)");
  const LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/kinds/1/severity")) << test::describe(r);
}

TEST(RefLiveWound, a_level_kinder_than_the_one_above_is_refused) {
  std::string track = harm();
  track.replace(track.find(R"("penalty": -3)"), 13, R"("penalty": 0)");
  const LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/levels/2/penalty")) << test::describe(r);
}

TEST(RefLiveWound, a_positive_or_fractional_level_penalty_is_refused_and_minus_99_is_fine) {
  std::string track = harm();
  track.replace(track.find(R"("penalty": 0)"), 12, R"("penalty": 1)");
  LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/live/tracks/0/levels/0/penalty")) << test::describe(r);
  track = harm();
  track.replace(track.find(R"("penalty": -1)"), 13, R"("penalty": -1.5)");
  r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::BadNumber, "/sheet/live/tracks/0/levels/1/penalty")) << test::describe(r);
  EXPECT_TRUE(test::load(ruleset(tracks(harm()))).ok());
}

TEST(RefLiveWound, an_indexed_track_must_say_it_refuses) {
  LoadResult r = test::load(ruleset(tracks(strain(R"(, "fill": "indexed")"))));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/fill")) << test::describe(r);
  r = test::load(ruleset(tracks(strain(R"(, "fill": "indexed", "onFull": "upgrade")"))));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/onFull")) << test::describe(r);
  EXPECT_TRUE(test::load(ruleset(tracks(strain()))).ok());
}

TEST(RefLiveWound, fill_on_full_and_by_take_the_reference_words) {
  const LoadResult r = test::load(ruleset(tracks(harm(R"(, "fill": "sequential", "onFull": "upgrade")"))));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.tracks[0].fill, Track::Fill::Sequential);
  EXPECT_EQ(r.ruleset->sheet.tracks[0].on_full, Track::OnFull::Upgrade);
  std::string boxes = strain();
  boxes.replace(boxes.find(R"("by": "remaining")"), 17, R"("by": "filled")");
  const LoadResult b = test::load(ruleset(tracks(boxes)));
  ASSERT_TRUE(b.ok()) << test::describe(b);
  EXPECT_EQ(b.ruleset->sheet.tracks[0].box_penalty_by, Track::PenaltyBy::Filled);
}

TEST(RefLiveWound, our_first_words_ordered_overflow_and_marked_are_refused) {
  LoadResult r = test::load(ruleset(tracks(harm(R"(, "fill": "ordered")"))));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/tracks/0/fill")) << test::describe(r);
  r = test::load(ruleset(tracks(harm(R"(, "onFull": "overflow")"))));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/tracks/0/onFull")) << test::describe(r);
  std::string boxes = strain();
  boxes.replace(boxes.find(R"("by": "remaining")"), 17, R"("by": "marked")");
  r = test::load(ruleset(tracks(boxes)));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/tracks/0/boxes/penalty/by")) << test::describe(r);
}

TEST(RefLiveWound, boxes_without_kinds_is_refused) {
  const LoadResult r = test::load(ruleset(tracks(R"({"id": "strain", "label": "Strain", "min": 0, "max": 3,
    "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}}, "fill": "indexed", "onFull": "refuse"})")));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0")) << test::describe(r);
}

TEST(RefLiveWound, levels_are_one_to_sixteen) {
  std::string levels;
  for (std::size_t i = 0; i <= limits::kWoundLevels; ++i)
    levels += (i ? ", " : "") + std::string(R"({"label": "L", "penalty": -1})");
  const LoadResult r =
      test::load(ruleset(tracks(R"({"id": "t", "label": "T", "min": 0, "max": 17, "levels": [)" + levels +
                                R"(], "kinds": [{"id": "k", "label": "K", "severity": 0}]})")));
  EXPECT_TRUE(test::has_error(r, Code::TooMany, "/sheet/live/tracks/0/levels")) << test::describe(r);
  const LoadResult none = test::load(ruleset(tracks(
      R"({"id": "t", "label": "T", "min": 0, "max": 0, "levels": [], "kinds": [{"id": "k", "label": "K", "severity": 0}]})")));
  EXPECT_TRUE(test::has_error(none, Code::BadWoundTrack, "/sheet/live/tracks/0/levels")) << test::describe(none);
}

TEST(RefLiveWound, extra_on_a_box_track_is_refused) {
  const LoadResult r = test::load(
      ruleset(tracks(strain(R"(, "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"})"))));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/extra")) << test::describe(r);
}

TEST(RefLiveWound, extra_on_a_levels_track_reads_a_list) {
  EXPECT_TRUE(test::load(ruleset(tracks(harm(
                             R"(, "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"})"))))
                  .ok());
  const LoadResult r = test::load(
      ruleset(tracks(harm(R"(, "extra": {"list": "scars", "countColumn": "name", "penaltyColumn": "penalty"})"))));
  EXPECT_TRUE(test::has_error(r, Code::BadWoundTrack, "/sheet/live/tracks/0/extra/countColumn")) << test::describe(r);
}

TEST(RefLiveWound, box_track_holds_0_to_64_boxes) {
  auto with_max = [](const std::string& max) {
    std::string track = strain();
    track.replace(track.find(R"({"derived": "strain_boxes"})"), 27, max);
    return test::load(ruleset(tracks(track)));
  };
  EXPECT_TRUE(with_max("0").ok());
  EXPECT_TRUE(with_max("64").ok());
  const LoadResult r = with_max("65");
  EXPECT_TRUE(test::has_error(r, Code::BadTrackMax, "/sheet/live/tracks/0/max")) << test::describe(r);
}

TEST(RefLiveWound, box_table_thresholds_rise_and_penalties_stay_at_or_below_zero) {
  std::string track = strain();
  track.replace(track.find("[[0, -1], [1, 0]]"), 17, "[[1, -1], [1, 0]]");
  LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_code(r, Code::BadWoundTrack)) << test::describe(r);
  track = strain();
  track.replace(track.find("[[0, -1], [1, 0]]"), 17, "[[0, -1], [1, 2]]");
  r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/live/tracks/0/boxes/penalty/table/1/1"))
      << test::describe(r);
}

TEST(RefLiveWound, kinds_are_one_to_six) {
  std::string kinds;
  for (int i = 0; i <= static_cast<int>(limits::kWoundKinds); ++i) {
    kinds += (i ? ", " : "") + std::string(R"({"id": "k)") + std::to_string(i) + R"(", "label": "K", "severity": )" +
             std::to_string(i) + "}";
  }
  const LoadResult r = test::load(ruleset(tracks(
      R"({"id": "t", "label": "T", "min": 0, "max": 1, "levels": [{"label": "Hurt", "penalty": -1}], "kinds": [)" +
      kinds + "]}")));
  EXPECT_TRUE(test::has_error(r, Code::TooMany, "/sheet/live/tracks/0/kinds")) << test::describe(r);
}

TEST(RefLiveWound, a_kind_label_is_at_most_16_characters_and_severity_within_100) {
  std::string track = harm();
  track.replace(track.find(R"("label": "K")"), 12, R"("label": "Knocked about a bit")");
  LoadResult r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::TooLong, "/sheet/live/tracks/0/kinds/0/label")) << test::describe(r);
  track = harm();
  track.replace(track.find(R"("severity": 1)"), 13, R"("severity": 101)");
  r = test::load(ruleset(tracks(track)));
  EXPECT_TRUE(test::has_error(r, Code::OutOfRange, "/sheet/live/tracks/0/kinds/1/severity")) << test::describe(r);
}

// --- Pools, states, text -------------------------------------------------------------------------

TEST(RefLive, a_pool_and_a_track_cannot_share_an_id) {
  const LoadResult r = test::load(ruleset(
      R"({"pools": [{"id": "heat", "label": "Heat", "max": {"const": 3}}], "tracks": [{"id": "heat", "label": "Heat", "min": 0, "max": 5}]})"));
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/live/pools/0/id")) << test::describe(r);
}

std::string states(const std::string& one) { return R"({"states": [)" + one + "]}"; }

TEST(RefLiveStates, a_state_has_two_to_forty_values) {
  const LoadResult r = test::load(ruleset(states(R"({"id": "form", "label": "Form", "values": ["human"]})")));
  EXPECT_TRUE(test::has_error(r, Code::TooFew, "/sheet/live/states/0/values")) << test::describe(r);
}

TEST(RefLiveStates, values_are_text_not_ids_but_never_hold_a_double_quote) {
  EXPECT_TRUE(
      test::load(ruleset(states(R"({"id": "form", "label": "Form", "values": ["Human form", "Wolf form"]})"))).ok());
  const LoadResult r =
      test::load(ruleset(states(R"({"id": "form", "label": "Form", "values": ["human", "the \"beast\""]})")));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/states/0/values/1")) << test::describe(r);
}

TEST(RefLiveStates, values_follow_the_rule_every_label_follows) {
  for (const char* value : {R"("Wolf [form]")", R"("{{char}} form")", R"("Wolf\nform")"}) {
    SCOPED_TRACE(value);
    const LoadResult r = test::load(
        ruleset(states(R"({"id": "form", "label": "Form", "values": ["human", )" + std::string(value) + "]}")));
    EXPECT_TRUE(test::has_error(r, Code::NotPromptSafe, "/sheet/live/states/0/values/1")) << test::describe(r);
  }
}

TEST(RefLiveStates, at_most_forty_values) {
  std::string values;
  for (std::size_t i = 0; i <= limits::kStateValues; ++i)
    values += (i ? ", " : "") + std::string(R"("v)") + std::to_string(i) + "\"";
  const LoadResult r = test::load(ruleset(states(R"({"id": "form", "label": "Form", "values": [)" + values + "]}")));
  EXPECT_TRUE(test::has_error(r, Code::TooMany, "/sheet/live/states/0/values")) << test::describe(r);
}

TEST(RefLiveStates, a_value_listed_twice_is_refused) {
  const LoadResult r =
      test::load(ruleset(states(R"({"id": "form", "label": "Form", "values": ["human", "wolf", "human"]})")));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/states/0/values/2")) << test::describe(r);
}

TEST(RefLiveStates, default_and_value_labels_name_values) {
  LoadResult r =
      test::load(ruleset(states(R"({"id": "form", "label": "Form", "values": ["human", "wolf"], "default": "bat"})")));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/sheet/live/states/0/default")) << test::describe(r);
  r = test::load(ruleset(
      states(R"({"id": "form", "label": "Form", "values": ["human", "wolf"], "valueLabels": {"bat": "Bat"}})")));
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/sheet/live/states/0/valueLabels/bat")) << test::describe(r);
}

TEST(RefLiveStates, default_is_the_first_value_when_left_out) {
  const LoadResult r = test::load(ruleset(states(R"({"id": "form", "label": "Form", "values": ["human", "wolf"]})")));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.ruleset->sheet.states[0].default_value, "human");
}

TEST(RefLiveStates, a_state_may_be_hidden_by_a_field_value_the_field_can_hold) {
  EXPECT_TRUE(
      test::load(
          ruleset(states(
              R"({"id": "form", "label": "Form", "values": ["human", "wolf"], "hideWhen": {"field": "watch", "equals": "day"}})")))
          .ok());
  const LoadResult r = test::load(ruleset(states(
      R"({"id": "form", "label": "Form", "values": ["human", "wolf"], "hideWhen": {"field": "watch", "equals": "noon"}})")));
  EXPECT_FALSE(r.ok());
}

TEST(RefLiveText, max_length_is_1_to_500) {
  auto text = [](const std::string& length) {
    return test::load(ruleset(R"({"text": [{"id": "focus", "label": "Focus", "maxLength": )" + length + "}]}"));
  };
  EXPECT_TRUE(text("1").ok());
  EXPECT_TRUE(text("500").ok());
  EXPECT_TRUE(test::has_error(text("0"), Code::OutOfRange, "/sheet/live/text/0/maxLength"));
  EXPECT_TRUE(test::has_error(text("501"), Code::OutOfRange, "/sheet/live/text/0/maxLength"));
  EXPECT_TRUE(test::has_error(test::load(ruleset(R"({"text": [{"id": "focus", "label": "Focus"}]})")), Code::MissingKey,
                              "/sheet/live/text/0"));
}

TEST(RefLiveText, ids_are_unique) {
  const LoadResult r = test::load(ruleset(
      R"({"text": [{"id": "focus", "label": "Focus", "maxLength": 10}, {"id": "focus", "label": "Focus", "maxLength": 10}]})"));
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/sheet/live/text/1")) << test::describe(r);
}

TEST(RefLiveText, at_most_twelve_notes) {
  std::string texts;
  for (std::size_t i = 0; i <= limits::kLiveTexts; ++i) {
    texts += (i ? ", " : "") + std::string(R"({"id": "t)") + std::to_string(i) + R"(", "label": "T", "maxLength": 10})";
  }
  const LoadResult r = test::load(ruleset(R"({"text": [)" + texts + "]}"));
  EXPECT_TRUE(test::has_error(r, Code::TooMany, "/sheet/live/text")) << test::describe(r);
}

// --- Rests (the reference's top-level form) ----------------------------------------------------

LoadResult with_step(const std::string& step) { return test::load(ruleset(kLive, rest_with(step))); }

TEST(RefRests, a_step_names_exactly_one_target) {
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "track": "heat", "to": "max"})"), Code::BadRestStep,
                              "/rests/0/restore/0"));
  EXPECT_TRUE(test::has_error(with_step(R"({"to": "max"})"), Code::BadRestStep, "/rests/0/restore/0"));
}

TEST(RefRests, a_step_has_exactly_one_of_to_and_by) {
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit"})"), Code::BadRestStep, "/rests/0/restore/0"));
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "to": "max", "by": {"const": 1}})"), Code::BadRestStep,
                              "/rests/0/restore/0"));
}

TEST(RefRests, a_state_step_sets_default_or_one_of_its_values) {
  EXPECT_TRUE(with_step(R"({"state": "stance", "to": "reckless"})").ok());
  EXPECT_TRUE(
      test::has_error(with_step(R"({"state": "stance", "to": 1})"), Code::BadRestStep, "/rests/0/restore/0/to"));
  EXPECT_TRUE(test::has_error(with_step(R"({"state": "stance", "by": {"const": 1}})"), Code::BadRestStep,
                              "/rests/0/restore/0/by"));
  const LoadResult r = with_step(R"({"state": "stance", "to": "furious"})");
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/rests/0/restore/0/to")) << test::describe(r);
}

TEST(RefRests, to_on_any_other_target_is_max_min_or_a_number) {
  EXPECT_TRUE(
      test::has_error(with_step(R"({"pool": "grit", "to": "default"})"), Code::BadRestStep, "/rests/0/restore/0/to"));
}

TEST(RefRests, kind_only_narrows_a_track) {
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "kind": "knock", "to": "max"})"), Code::BadRestStep,
                              "/rests/0/restore/0/kind"));
  EXPECT_TRUE(test::has_error(with_step(R"({"track": "heat", "kind": "knock", "to": "min"})"), Code::BadRestStep,
                              "/rests/0/restore/0/kind"));
  EXPECT_TRUE(test::has_error(with_step(R"({"track": "harm", "kind": "burn", "to": "min"})"), Code::UnknownReference,
                              "/rests/0/restore/0/kind"));
}

TEST(RefRests, recharge_only_filters_list_pools) {
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "recharge": ["camp"], "to": "max"})"), Code::BadRestStep,
                              "/rests/0/restore/0/recharge"));
}

TEST(RefRests, fraction_of_max_is_above_zero_and_at_most_one) {
  EXPECT_TRUE(with_step(R"({"pool": "grit", "by": {"fractionOfMax": 1}})").ok());
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "by": {"fractionOfMax": 0}})"), Code::OutOfRange,
                              "/rests/0/restore/0/by/fractionOfMax"));
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "by": {"fractionOfMax": 1.5}})"), Code::OutOfRange,
                              "/rests/0/restore/0/by/fractionOfMax"));
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "by": {"fractionOfMax": 0.5, "min": -1}})"),
                              Code::OutOfRange, "/rests/0/restore/0/by/min"));
}

TEST(RefRests, amounts_are_whole_numbers) {
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "by": {"const": 1.5}})"), Code::BadNumber,
                              "/rests/0/restore/0/by/const"));
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "to": 2.5})"), Code::BadRestStep, "/rests/0/restore/0/to"));
}

TEST(RefRests, issue9_a_numeric_to_is_range_checked_against_its_target) {
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "grit", "to": -1})"), Code::OutOfRange, "/rests/0/restore/0/to"));
  EXPECT_TRUE(test::has_error(with_step(R"({"track": "heat", "to": 6})"), Code::OutOfRange, "/rests/0/restore/0/to"));
  EXPECT_TRUE(test::has_error(with_step(R"({"track": "harm", "to": 5})"), Code::OutOfRange, "/rests/0/restore/0/to"));
  EXPECT_TRUE(with_step(R"({"track": "heat", "to": 5})").ok());
  EXPECT_TRUE(with_step(R"({"track": "harm", "to": 1})").ok());
}

TEST(RefRests, every_target_is_one_the_sheet_declares) {
  EXPECT_TRUE(test::has_error(with_step(R"({"pool": "gold", "to": "max"})"), Code::UnknownReference,
                              "/rests/0/restore/0/pool"));
  EXPECT_TRUE(test::has_error(with_step(R"({"poolGroup": "slots", "to": "max"})"), Code::UnknownReference,
                              "/rests/0/restore/0/poolGroup"));
  EXPECT_TRUE(test::has_error(with_step(R"({"track": "doom", "to": "min"})"), Code::UnknownReference,
                              "/rests/0/restore/0/track"));
  EXPECT_TRUE(test::has_error(with_step(R"({"state": "form", "to": "default"})"), Code::UnknownReference,
                              "/rests/0/restore/0/state"));
  EXPECT_TRUE(test::has_error(with_step(R"({"listPools": "tricks", "to": "max"})"), Code::UnknownReference,
                              "/rests/0/restore/0/listPools"));
}

/// kLive's ruleset with Ember Roads' `tricks` list of row pools beside the scars (`pools_keys` is
/// the list's `pools` object) and the given rests.
std::string with_tricks(
    const std::string& rests,
    const std::string& pools_keys = R"({"nameColumn": "name", "maxColumn": "uses", "rechargeColumn": "recharge"})") {
  std::string text = ruleset(kLive, rests);
  text.replace(text.find(R"("lists": [)") + 10, 0,
               R"({"id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [
      {"id": "name", "label": "Trick", "type": "text", "maxLength": 200}, {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9},
      {"id": "recharge", "label": "Recharge", "type": "enum", "values": ["camp", "scene"]}], "pools": )" +
                   pools_keys + "}, ");
  return text;
}

TEST(RefRests, list_pools_names_a_list_with_pools) {
  EXPECT_TRUE(test::load(with_tricks(rest_with(R"({"listPools": "tricks", "to": "max"})"))).ok());
  const LoadResult r = test::load(with_tricks(rest_with(R"({"listPools": "scars", "to": "max"})")));
  EXPECT_TRUE(test::has_error(r, Code::WrongReferenceType, "/rests/0/restore/0/listPools")) << test::describe(r);
}

TEST(RefRests, recharge_names_values_of_the_lists_recharge_column) {
  EXPECT_TRUE(
      test::load(with_tricks(rest_with(R"({"listPools": "tricks", "recharge": ["camp", "scene"], "to": "max"})")))
          .ok());
  LoadResult r =
      test::load(with_tricks(rest_with(R"({"listPools": "tricks", "recharge": ["camp", "dawn"], "to": "max"})")));
  EXPECT_TRUE(test::has_error(r, Code::BadValue, "/rests/0/restore/0/recharge/1")) << test::describe(r);
  EXPECT_FALSE(test::has_error(r, Code::BadValue, "/rests/0/restore/0/recharge/0")) << test::describe(r);
  r = test::load(with_tricks(rest_with(R"({"listPools": "tricks", "recharge": ["camp"], "to": "max"})"),
                             R"({"nameColumn": "name", "maxColumn": "uses"})"));
  EXPECT_TRUE(test::has_error(r, Code::BadRestStep, "/rests/0/restore/0/recharge")) << test::describe(r);
  r = test::load(with_tricks(rest_with(R"({"listPools": "tricks", "recharge": [], "to": "max"})")));
  EXPECT_TRUE(test::has_error(r, Code::TooFew, "/rests/0/restore/0/recharge")) << test::describe(r);
}

// "Nothing worked out before there is a live state may read one: a pool's or a track's max, ...
// That holds through a derived value that reads one and through a skill a live value caps."
TEST(RefLiveReads, a_pool_or_plain_track_max_may_not_read_live_state) {
  auto live = [](const std::string& pool_max, const std::string& track_max) {
    return test::load(ruleset(R"({"pools": [{"id": "luck", "label": "Luck", "max": 3},
      {"id": "grit", "label": "Grit", "max": )" +
                              pool_max + R"(}], "tracks": [{"id": "heat", "label": "Heat", "min": 0, "max": )" +
                              track_max + "}, " + harm() + R"(], "states": [)" + kStance + "]}"));
  };
  EXPECT_TRUE(live("4", R"({"abilityScore": "sinew"})").ok());
  LoadResult r = live(R"({"livePool": "luck"})", R"({"liveTrack": "harm", "read": "remaining"})");
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/pools/1/max")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/tracks/0/max")) << test::describe(r);
}

TEST(RefLiveReads, through_a_derived_value_an_enum_table_over_a_state_or_a_capped_skill) {
  std::string text = ruleset(R"({"pools": [{"id": "luck", "label": "Luck", "max": 3},
      {"id": "grit", "label": "Grit", "max": {"derived": "left"}}, {"id": "nerve", "label": "Nerve", "max": {"skillMod": "soothe"}}],
    "tracks": [{"id": "heat", "label": "Heat", "min": 0, "max": {"derived": "stance_heat"}}], "states": [)" +
                             std::string(kStance) + "]}");
  text.replace(text.find(R"("derived": [)") + 12, 0,
               R"({"id": "left", "label": "Left", "op": "sum", "of": [{"livePool": "luck"}]},
    {"id": "stance_heat", "label": "Stance heat", "op": "enumTable", "from": {"liveState": "stance"},
     "table": {"reckless": 6}, "default": 4}, )");
  text.replace(text.find(R"("fields": [)"), 0,
               R"("skills": [{"id": "soothe", "label": "Soothe", "ability": "sinew", "cap": {"livePool": "luck"}}], )");
  const LoadResult r = test::load(text);
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/pools/1/max")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/pools/2/max")) << test::describe(r);
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/tracks/0/max")) << test::describe(r);
}

TEST(RefLiveReads, a_held_item_stat_is_a_live_read_for_a_pool_max) {
  std::string text = ruleset(R"({"pools": [{"id": "grit", "label": "Grit", "max": {"derived": "guard"}}]})");
  text.replace(text.find(R"("derived": [)") + 12, 0, R"({"id": "guard", "label": "Guard", "op": "sum",
      "of": [{"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}}]}, )");
  const LoadResult r = test::load(text);
  EXPECT_TRUE(test::has_error(r, Code::ReadsLiveState, "/sheet/live/pools/0/max")) << test::describe(r);
}

TEST(RefRests, clear_names_declared_text_and_conditions) {
  auto clear = [](const std::string& body) {
    return test::load(ruleset(kLive, R"([{"id": "camp", "label": "Camp", "clear": )" + body + "}]"));
  };
  EXPECT_TRUE(clear(R"({"text": ["concentration"], "conditions": ["shaken", "held"]})").ok());
  EXPECT_TRUE(clear(R"({"conditions": "all"})").ok());
  EXPECT_TRUE(test::has_error(clear(R"({"text": ["prayer"]})"), Code::UnknownReference, "/rests/0/clear/text/0"));
  EXPECT_TRUE(
      test::has_error(clear(R"({"conditions": ["bleeding"]})"), Code::UnknownReference, "/rests/0/clear/conditions/0"));
  EXPECT_TRUE(test::has_error(clear(R"({"conditions": "some"})"), Code::BadValue, "/rests/0/clear/conditions"));
  EXPECT_TRUE(test::has_error(clear(R"({"temp": true})"), Code::UnknownKey, "/rests/0/clear/temp"));
}

TEST(RefRests, at_most_twelve_rests_of_forty_steps) {
  std::string rests;
  for (std::size_t i = 0; i <= limits::kRests; ++i) {
    rests += (i ? ", " : "") + std::string(R"({"id": "r)") + std::to_string(i) + R"(", "label": "R"})";
  }
  EXPECT_TRUE(test::has_error(test::load(ruleset(kLive, "[" + rests + "]")), Code::TooMany, "/rests"));
  std::string steps;
  for (std::size_t i = 0; i <= limits::kRestSteps; ++i)
    steps += (i ? ", " : "") + std::string(R"({"pool": "grit", "to": "max"})");
  EXPECT_TRUE(test::has_error(with_step(steps), Code::TooMany, "/rests/0/restore"));
}

TEST(RefRests, issue9_duplicate_rest_ids_are_reported_once_each_in_linear_time) {
  std::string rests;
  for (int i = 0; i < 600; ++i) rests += (i ? ", " : "") + std::string(R"({"id": "camp", "label": "Camp"})");
  const LoadResult r = test::load(ruleset(kLive, "[" + rests + "]"));
  std::size_t duplicates = 0;
  for (const auto& d : r.diagnostics.items()) duplicates += d.code == Code::DuplicateId ? 1 : 0;
  EXPECT_EQ(duplicates, 599u);  // each repeat once, not once per earlier copy (179,700)
  EXPECT_TRUE(test::has_error(r, Code::DuplicateId, "/rests/599"));
}

// --- Capability API gates of the top-level rests ------------------------------------------------

std::string manifest(std::int64_t minor) {
  return R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

void expect_gate(const std::string& text, std::int64_t minor, const std::string& pointer) {
  SCOPED_TRACE("gate 1." + std::to_string(minor) + " at " + pointer);
  const LoadResult exact = test::load_package(manifest(minor), text);
  EXPECT_TRUE(exact.ok()) << test::describe(exact);
  EXPECT_EQ(exact.requires_version.value_or(""), "1." + std::to_string(minor));
  const LoadResult below = test::load_package(manifest(minor - 1), text);
  EXPECT_TRUE(test::has_error(below, Code::CapabilityTooLow, pointer)) << test::describe(below);
}

const std::string kPlainLive = R"({"pools": [{"id": "d10", "label": "d10", "max": {"const": 2}, "group": "hd"},
  {"id": "d8", "label": "d8", "max": {"const": 3}, "group": "hd"}], "tracks": [)" +
                               harm() + "]}";

TEST(RefRestsGates, a_state_step_needs_1_42) {
  expect_gate(
      ruleset(R"({"states": [)" + std::string(kStance) + "]}", rest_with(R"({"state": "stance", "to": "default"})")),
      42, "/rests/0/restore/0");
}

TEST(RefRestsGates, a_kind_on_a_step_needs_1_40) {
  expect_gate(ruleset(kPlainLive, rest_with(R"({"track": "harm", "kind": "knock", "to": "min"})")), 40,
              "/rests/0/restore/0/kind");
}

TEST(RefRestsGates, shared_needs_1_77) {
  expect_gate(ruleset(kPlainLive, rest_with(R"({"poolGroup": "hd", "by": {"fractionOfMax": 0.5}, "shared": true})")),
              77, "/rests/0/restore/0/shared");
}

TEST(RefRestsGates, a_plain_top_level_rest_needs_no_gate) {
  const LoadResult r = test::load(ruleset(kPlainLive, rest_with(R"({"poolGroup": "hd", "to": "max"})")));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or("1.0"), "1.0");
}

}  // namespace
}  // namespace rk
