// The character document in the reference's shapes (issue 8): the stored sheet `{v, build}` with
// the live state beside it, read tolerantly (decisions.md "Character documents"), written back
// sparse, and held to the document's limits at N and N+1.
#include <boost/json.hpp>

#include "format/limits.hpp"
#include "sheet/rest.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

namespace bj = boost::json;
using test::n;

const char* kRuleset = R"({
  "id": "doc", "label": "Doc",
  "resolution": { "kind": "dice-sum", "abilityModifier": { "op": "floorHalfMinusTen" }, "proficiencyTiers": [
    { "id": "untrained", "label": "Untrained" }, { "id": "trained", "label": "Trained", "flat": 2 } ],
    "difficultyLadder": [{ "label": "Hard", "dc": 15 }] },
  "sheet": {
    "version": 3,
    "bonusRange": { "min": -5, "max": 10 },
    "abilities": [{ "id": "nerve", "label": "Nerve", "min": 1, "max": 5, "default": 2 }],
    "skills": [
      { "id": "soothe", "label": "Soothe", "ability": "nerve", "cap": { "const": 1 } },
      { "id": "dig", "label": "Dig", "ability": "nerve" } ],
    "saves": [{ "id": "dread", "label": "Dread", "ability": "nerve" }],
    "fields": [
      { "id": "watch", "label": "Watch", "type": "enum", "values": ["day", "night"], "default": "day" },
      { "id": "oath", "label": "Oath", "type": "text", "maxLength": 80 } ],
    "lists": [
      { "id": "gear", "label": "Gear", "maxItems": 500, "columns": [
        { "id": "name", "label": "Item", "type": "text", "maxLength": 80 },
        { "id": "weight", "label": "Weight", "type": "number", "min": 0, "max": 9, "default": 1 } ] },
      { "id": "tricks", "label": "Tricks", "maxItems": 500, "columns": [
        { "id": "name", "label": "Trick", "type": "text", "maxLength": 80 },
        { "id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9, "default": 1 } ],
        "pools": { "nameColumn": "name", "maxColumn": "uses" } } ],
    "live": {
      "pools": [{ "id": "resolve", "label": "Resolve", "max": 6, "allowTemp": true }],
      "tracks": [
        { "id": "willpower", "label": "Willpower", "min": 0, "max": 4 },
        { "id": "harm", "label": "Harm", "min": 0, "max": 3,
          "levels": [ { "label": "Scuffed", "penalty": 0 }, { "label": "Winded", "penalty": -1 }, { "label": "Down", "penalty": -3 } ],
          "kinds": [ { "id": "knock", "label": "K", "severity": 0 }, { "id": "tear", "label": "T", "severity": 1 } ] },
        { "id": "strain", "label": "Strain", "min": 0, "max": 4,
          "boxes": { "penalty": { "by": "remaining", "table": [[0, -1], [1, 0]] } },
          "kinds": [{ "id": "strain", "label": "S", "severity": 0 }], "fill": "indexed", "onFull": "refuse" } ],
      "states": [{ "id": "stance", "label": "Stance", "values": ["guarded", "reckless"] }],
      "text": [{ "id": "concentration", "label": "Concentrating on", "maxLength": 20 }],
      "conditions": [{ "id": "shaken", "label": "Shaken" }]
    }
  },
  "rests": [{ "id": "breath", "label": "Catch your breath",
    "restore": [{ "track": "harm", "kind": "knock", "to": "min" }], "clear": { "text": ["concentration"] } }]
})";

class CharacterDoc : public ::testing::Test {
 protected:
  void SetUp() override { rs = test::compile(kRuleset); }

  /// The character, or nothing; `d` holds what reading it said.
  std::optional<Character> read(const std::string& text) {
    d = Diagnostics();
    return parse_character(*rs, text, "c.json", d);
  }
  /// "code pointer" lines of the warnings of the last read.
  std::string warnings() const {
    std::string out;
    for (const auto& w : d.items()) {
      if (w.severity == Severity::Warning) out += std::string(code_name(w.code)) + " " + w.pointer + "\n";
    }
    return out;
  }
  std::string errors(const std::string& text) { return test::character_errors(*rs, text); }

  std::shared_ptr<const Ruleset> rs;
  Diagnostics d;
};

// ---- the envelope --------------------------------------------------------------------------

TEST_F(CharacterDoc, the_envelope_needs_v_and_build) {
  EXPECT_EQ(errors(R"({"v": 1, "build": {}})"), "");
  EXPECT_EQ(errors(R"({"build": {}})"), "missing-key \n");  // a missing key points at its object
  EXPECT_EQ(errors(R"({"v": 1})"), "missing-key \n");
  EXPECT_EQ(errors(R"({"v": 0, "build": {}})"), "out-of-range /v\n");
  EXPECT_EQ(errors(R"({"v": 1.5, "build": {}})"), "bad-number /v\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": []})"), "wrong-type /build\n");
}

TEST_F(CharacterDoc, the_old_shape_is_refused) {
  // `version` and the build's parts at the top were our first dialect.
  const std::string text = R"({"version": 1, "fields": {"watch": "night"}})";
  EXPECT_EQ(errors(text), "missing-key \nmissing-key \nunknown-key /version\nunknown-key /fields\n");
  EXPECT_FALSE(read(text));
  // Pools were `{current}`: `value` is required and `current` is not a key of a pool.
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"pools": {"resolve": {"current": 3}}}})"),
            "missing-key /live/pools/resolve\nunknown-key /live/pools/resolve/current\n");
  // A plain track was `{value}`; a wound track's marks were objects.
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"tracks": {"willpower": {"value": 2}}}})"),
            "wrong-type /live/tracks/willpower\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"marks": [{"kind": "knock"}]}}}})"),
            "wrong-type /live/wounds/harm/marks/0\n");
}

TEST_F(CharacterDoc, v_is_kept_and_a_new_character_takes_the_sheet_version) {
  auto c = read(R"({"v": 2, "build": {}})");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->sheet_version, 2);
  EXPECT_EQ(character_to_json(*c).at("v").as_int64(), 2);
  const bj::value blank = character_to_json(blank_character(*rs));
  EXPECT_EQ(blank.at("v").as_int64(), 3);
  EXPECT_EQ(
      bj::serialize(blank),
      R"({"v":3,"ruleset":"doc","name":"","build":{"abilities":{},"skills":{},"saves":{},"bonuses":{},"fields":{},"lists":{}},"live":{},"builder":{}})");
}

// ---- read tolerantly -------------------------------------------------------------------------

TEST_F(CharacterDoc, what_the_ruleset_does_not_declare_is_kept_with_a_warning) {
  const std::string text = R"({"v": 1, "portrait": "x.png",
    "build": {"fields": {"watch": "night", "wach": "day"}, "abilities": {"grit": 3}, "skills": {"haul": "trained"},
              "bonuses": {"haul": 2}, "lists": {"scars": [{"_id": "r1"}], "gear": [{"_id": "g1", "name": "Spade", "colour": "red"}]},
              "ranks": {"dig": 1}},
    "live": {"pools": {"grit": {"value": 1}}, "tracks": {"dark": 2, "harm": 1}, "wounds": {"burn": {"marks": []}},
             "text": {"mood": "calm"}, "states": {"form": "wolf"}, "conditions": ["shaken", "cursed"], "clocks": {}}})";
  auto c = read(text);
  ASSERT_TRUE(c) << test::character_errors(*rs, text);
  EXPECT_EQ(warnings(),
            "not-in-ruleset /build/fields/wach\n"
            "not-in-ruleset /build/abilities/grit\n"
            "not-in-ruleset /build/skills/haul\n"
            "not-in-ruleset /build/bonuses/haul\n"
            "not-in-ruleset /build/lists/scars\n"
            "not-in-ruleset /build/lists/gear/0/colour\n"
            "unknown-key /build/ranks\n"
            "not-in-ruleset /live/pools/grit\n"
            "not-in-ruleset /live/tracks/dark\n"
            "not-in-ruleset /live/tracks/harm\n"
            "not-in-ruleset /live/wounds/burn\n"
            "not-in-ruleset /live/text/mood\n"
            "not-in-ruleset /live/states/form\n"
            "not-in-ruleset /live/conditions/1\n"
            "unknown-key /live/clocks\n"
            "unknown-key /portrait\n");
  // Not read: the sheet is as if they were not there.
  EXPECT_FALSE(c->fields.contains("wach"));
  EXPECT_EQ(c->conditions, std::vector<std::string>{"shaken"});
  // Kept: written back as they were.
  const bj::value out = character_to_json(*c);
  EXPECT_EQ(out.at("portrait"), "x.png");
  EXPECT_EQ(out.at("build").at("fields").at("wach"), "day");
  EXPECT_EQ(out.at("build").at("abilities").at("grit"), 3);
  EXPECT_EQ(out.at("build").at("skills").at("haul"), "trained");
  EXPECT_EQ(out.at("build").at("bonuses").at("haul"), 2);
  EXPECT_EQ(out.at("build").at("lists").at("scars").as_array().size(), 1u);
  EXPECT_EQ(out.at("build").at("lists").at("gear").at(0).at("colour"), "red");
  EXPECT_EQ(out.at("build").at("ranks").at("dig"), 1);
  EXPECT_EQ(out.at("live").at("pools").at("grit").at("value"), 1);
  EXPECT_EQ(out.at("live").at("tracks").at("harm"), 1);
  EXPECT_EQ(out.at("live").at("text").at("mood"), "calm");
  EXPECT_EQ(out.at("live").at("conditions"), (bj::array{"shaken", "cursed"}));
  EXPECT_TRUE(out.at("live").at("clocks").is_object());
  // And the computed sheet says so.
  const SheetView v = evaluate(*rs, *c);
  EXPECT_GE(v.warnings.items().size(), 16u);
}

TEST_F(CharacterDoc, a_retired_tier_reads_as_untrained_and_is_kept) {
  auto c = read(R"({"v": 1, "build": {"skills": {"dig": "master"}}})");
  ASSERT_TRUE(c);
  EXPECT_EQ(warnings(), "not-in-ruleset /build/skills/dig\n");
  EXPECT_EQ(evaluate(*rs, *c).skills.at("dig").tier, "untrained");
  EXPECT_EQ(character_to_json(*c).at("build").at("skills").at("dig"), "master");
}

TEST_F(CharacterDoc, a_value_that_does_not_fit_a_declared_id_is_refused_not_clamped) {
  EXPECT_EQ(errors(R"({"v": 1, "build": {"abilities": {"nerve": 9}}})"), "out-of-range /build/abilities/nerve\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {"fields": {"oath": 3}}})"), "wrong-type /build/fields/oath\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {"lists": {"gear": [{"_id": "g", "weight": 10}]}}})"),
            "bad-cell /build/lists/gear/0/weight\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"tracks": {"willpower": 5}}})"),
            "out-of-range /live/tracks/willpower\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"marks": ["burn"]}}}})"),
            "not-in-ruleset /live/wounds/harm/marks/0\n");
}

// ---- build -----------------------------------------------------------------------------------

TEST_F(CharacterDoc, a_bonus_is_added_to_the_modifier_before_the_cap) {
  // nerve 4: -3 ability modifier, +2 trained, +3 bonus = 2, capped at 1.
  auto v = test::sheet_of(*rs, R"({"v": 1, "build": {"abilities": {"nerve": 4}, "skills": {"soothe": "trained"},
    "bonuses": {"soothe": 3, "dig": -2, "dread": 1}}})");
  EXPECT_EQ(v.skills.at("soothe").uncapped, n(2));
  EXPECT_EQ(v.skills.at("soothe").mod, n(1));
  EXPECT_EQ(v.skills.at("dig").mod, n(-5));
  EXPECT_EQ(v.saves.at("dread").mod, n(-2));
  const auto lines = v.explain("soothe");
  ASSERT_TRUE(lines);
  EXPECT_NE(std::find_if(lines->begin(), lines->end(),
                         [](const std::string& l) { return l.find("bonus on the sheet") != std::string::npos; }),
            lines->end());
}

TEST_F(CharacterDoc, a_bonus_is_held_to_the_bonus_range_at_n_and_n_plus_1) {
  EXPECT_EQ(errors(R"({"v": 1, "build": {"bonuses": {"dig": 10, "soothe": -5}}})"), "");
  EXPECT_EQ(errors(R"({"v": 1, "build": {"bonuses": {"dig": 11}}})"), "out-of-range /build/bonuses/dig\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {"bonuses": {"dig": -6}}})"), "out-of-range /build/bonuses/dig\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {"bonuses": {"dig": 1.5}}})"), "wrong-type /build/bonuses/dig\n");
}

// ---- live ------------------------------------------------------------------------------------

TEST_F(CharacterDoc, pools_are_value_and_temp) {
  auto v = test::sheet_of(*rs, R"({"v": 1, "build": {}, "live": {"pools": {"resolve": {"value": 2, "temp": 3}}}})");
  EXPECT_EQ(v.pools.at("resolve").current, n(2));
  EXPECT_EQ(v.pools.at("resolve").temp, n(3));
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"pools": {"resolve": {"value": -1}}}})"),
            "out-of-range /live/pools/resolve/value\n");
}

TEST_F(CharacterDoc, a_list_row_pool_is_read_under_its_reference_key) {
  auto c = read(R"({"v": 1, "build": {"lists": {"tricks": [{"_id": "t", "name": "Ki", "uses": 3}]}},
    "live": {"pools": {"tricks:ki": {"value": 1}}}})");
  ASSERT_TRUE(c);
  EXPECT_EQ(warnings(), "");
  EXPECT_EQ(character_to_json(*c).at("live").at("pools").at("tricks:ki").at("value"), 1);
}

TEST_F(CharacterDoc, a_plain_track_is_a_number_and_a_wound_track_its_marks) {
  auto v = test::sheet_of(*rs, R"({"v": 1, "build": {}, "live": {"tracks": {"willpower": 3},
    "wounds": {"harm": {"marks": ["knock", "tear"], "overflow": 0}, "strain": {"marks": ["", "strain", ""]}}}})");
  EXPECT_EQ(v.tracks.at("willpower").value, n(3));
  // Read most severe first, as the reference sorts a hand-edited list.
  EXPECT_EQ(v.tracks.at("harm").levels[0].mark, "tear");
  EXPECT_EQ(v.tracks.at("harm").levels[1].mark, "knock");
  EXPECT_EQ(v.tracks.at("harm").penalty, n(-1));
  // Indexed: each mark on its box.
  EXPECT_FALSE(v.tracks.at("strain").levels[0].mark);
  EXPECT_EQ(v.tracks.at("strain").levels[1].mark, "strain");
  EXPECT_EQ(v.tracks.at("strain").value, n(3));
}

TEST_F(CharacterDoc, overflow_is_a_count) {
  auto v = test::sheet_of(
      *rs,
      R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"marks": ["tear", "tear", "tear"], "overflow": 2}}}})");
  EXPECT_EQ(v.tracks.at("harm").overflow, 2);
  EXPECT_TRUE(v.tracks.at("harm").full);
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"overflow": -1}}}})"),
            "out-of-range /live/wounds/harm/overflow\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"overflow": ["tear"]}}}})"),
            "wrong-type /live/wounds/harm/overflow\n");
}

TEST_F(CharacterDoc, an_empty_mark_is_a_clear_box_only_on_an_indexed_track) {
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"wounds": {"harm": {"marks": ["", "tear"]}}}})"),
            "bad-value /live/wounds/harm/marks/0\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"wounds": {"strain": {"marks": ["", "", "", "strain"]}}}})"), "");
}

TEST_F(CharacterDoc, the_live_state_is_written_back_sparse_and_sorted) {
  auto c =
      read(R"({"v": 1, "build": {}, "live": {"pools": {"resolve": {"value": 2, "temp": 0}}, "tracks": {"willpower": 0},
    "wounds": {"harm": {"marks": ["knock", "tear"]}, "strain": {"marks": ["", "strain", "", ""]}},
    "text": {"concentration": "the ward"}, "states": {"stance": "reckless"}, "conditions": [], "notes": []}})");
  ASSERT_TRUE(c);
  EXPECT_EQ(bj::serialize(character_to_json(*c).at("live")),
            R"({"pools":{"resolve":{"value":2}},"tracks":{"willpower":0},"wounds":{"harm":{"marks":["tear","knock"]},)"
            R"("strain":{"marks":["","strain"]}},"text":{"concentration":"the ward"},"states":{"stance":"reckless"}})");
}

TEST_F(CharacterDoc, live_text_is_held_to_its_max_length_and_a_rest_clears_it) {
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"text": {"concentration": ")" + std::string(20, 'a') + R"("}}})"),
            "");
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"text": {"concentration": ")" + std::string(21, 'a') + R"("}}})"),
            "too-long /live/text/concentration\n");
  EXPECT_EQ(errors(R"({"v": 1, "build": {}, "live": {"text": {"concentration": "[sheet: x]"}}})"),
            "not-prompt-safe /live/text/concentration\n");
  auto c = read(R"({"v": 1, "build": {}, "live": {"text": {"concentration": "the ward"},
    "wounds": {"harm": {"marks": ["tear", "knock"], "overflow": 1}}}})");
  ASSERT_TRUE(c);
  EXPECT_EQ(evaluate(*rs, *c).texts.at("concentration"), "the ward");
  const Character rested = apply_rest(*rs, *c, rs->sheet.rests.at(0));
  EXPECT_FALSE(rested.texts.contains("concentration"));
  // The knocks are mended and the overflow with them; the tear stays.
  EXPECT_EQ(bj::serialize(character_to_json(rested).at("live")), R"({"wounds":{"harm":{"marks":["tear"]}}})");
}

// ---- limits at N and N+1 --------------------------------------------------------------------

std::string repeat(std::size_t count, std::string_view unit) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += unit;
  return out;
}

std::string rows(std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += (i ? "," : "") + fmt::format(R"({{"_id":"r{}"}})", i);
  return out;
}

TEST_F(CharacterDoc, DESIGN_3_rows_per_list_500) {
  static_assert(limits::kRowsPerList == 500);
  EXPECT_EQ(errors(R"({"v":1,"build":{"lists":{"gear":[)" + rows(500) + "]}}}"), "");
  EXPECT_EQ(errors(R"({"v":1,"build":{"lists":{"gear":[)" + rows(501) + "]}}}"), "too-many /build/lists/gear\n");
  // Also for a list the ruleset does not declare, which is kept.
  EXPECT_EQ(errors(R"({"v":1,"build":{"lists":{"old":[)" + rows(501) + "]}}}"), "too-many /build/lists/old\n");
}

TEST_F(CharacterDoc, DESIGN_3_marks_per_track_256) {
  static_assert(limits::kMarksPerTrack == 256);
  auto marks = [](std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) out += i ? ",\"knock\"" : "\"knock\"";
    return out;
  };
  EXPECT_EQ(errors(R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":[)" + marks(256) + "]}}}}"), "");
  EXPECT_EQ(errors(R"({"v":1,"build":{},"live":{"wounds":{"harm":{"marks":[)" + marks(257) + "]}}}}"),
            "too-many /live/wounds/harm/marks\n");
}

TEST_F(CharacterDoc, SH_54_an_indexed_track_has_boxes_1_to_64) {
  std::string marks;
  for (int i = 0; i < 63; ++i) marks += "\"\",";
  EXPECT_EQ(errors(R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":[)" + marks + R"("strain"]}}}})"), "");
  EXPECT_EQ(errors(R"({"v":1,"build":{},"live":{"wounds":{"strain":{"marks":[)" + marks + R"("", "strain"]}}}})"),
            "out-of-range /live/wounds/strain/marks/64\n");
}

TEST_F(CharacterDoc, DESIGN_3_notes_100_of_1000_characters) {
  static_assert(limits::kNotes == 100 && limits::kNoteLength == 1000);
  auto notes = [](std::size_t count, std::size_t length) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i) out += (i ? ",\"" : "\"") + std::string(length, 'n') + "\"";
    return out;
  };
  EXPECT_EQ(errors(R"({"v":1,"build":{},"live":{"notes":[)" + notes(100, 1000) + "]}}"), "");
  EXPECT_EQ(errors(R"({"v":1,"build":{},"live":{"notes":[)" + notes(101, 1) + "]}}"), "too-many /live/notes\n");
  EXPECT_EQ(errors(R"({"v":1,"build":{},"live":{"notes":[)" + notes(1, 1001) + "]}}"), "too-long /live/notes/0\n");
}

TEST_F(CharacterDoc, DESIGN_3_the_name_holds_100_characters) {
  static_assert(limits::kCharacterNameLength == 100);
  EXPECT_EQ(errors(R"({"v":1,"build":{},"name":")" + repeat(100, "\xC3\xA9") + "\"}"), "");
  EXPECT_EQ(errors(R"({"v":1,"build":{},"name":")" + repeat(101, "\xC3\xA9") + "\"}"), "too-long /name\n");
}

TEST_F(CharacterDoc, DESIGN_3_a_catalog_mark_holds_200_characters) {
  static_assert(limits::kCatalogMarkLength == 200);
  auto row = [](std::size_t length) {
    return R"({"v":1,"build":{"lists":{"gear":[{"_id":"g","_catalog":")" + std::string(length, 'c') + "\"}]}}}";
  };
  EXPECT_EQ(errors(row(200)), "");
  EXPECT_EQ(errors(row(201)), "too-long /build/lists/gear/0/_catalog\n");
}

TEST_F(CharacterDoc, DESIGN_3_the_document_holds_1_MB) {
  static_assert(limits::kCharacterBytes == 1024 * 1024);
  auto padded = [](std::size_t bytes) {
    std::string text = R"({"v":1,"build":{},"pad":")";
    text += std::string(bytes - text.size() - 2, 'x') + "\"}";
    return text;
  };
  EXPECT_EQ(padded(limits::kCharacterBytes).size(), limits::kCharacterBytes);
  EXPECT_EQ(errors(padded(limits::kCharacterBytes)), "unknown-key /pad\n");  // kept, a warning
  EXPECT_NE(errors(padded(limits::kCharacterBytes + 1)), "");
}

TEST(CharacterDocExplain, explain_shows_the_step_that_holds_a_stored_value_at_its_max) {
  // Issue 9 point 7: `--explain` on a pool or a track said the stored value and stopped, though
  // the sheet shows the value held at the max. A computed max (Nerve, 2 here) can fall below
  // what the sheet stored while it was higher.
  std::string text = kRuleset;
  const auto replace = [&](const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
  };
  replace(R"("max": 6, "allowTemp": true)", R"("max": {"abilityScore": "nerve"}, "allowTemp": true)");
  replace(R"("min": 0, "max": 4 })", R"("min": 0, "max": {"abilityScore": "nerve"} })");
  const auto rs = test::compile(text);
  auto v = test::sheet_of(*rs, R"({"v": 1, "build": {}, "live": {"pools": {"resolve": {"value": 5}},
    "tracks": {"willpower": 3}}})");
  EXPECT_EQ(v.pools.at("resolve").current, n(2));
  EXPECT_EQ(v.tracks.at("willpower").value, n(2));
  for (const char* query : {"pool:resolve", "track:willpower"}) {
    const auto lines = v.explain(query);
    ASSERT_TRUE(lines) << query;
    EXPECT_NE(std::find_if(lines->begin(), lines->end(),
                           [](const std::string& l) { return l.find("2  held at its max") != std::string::npos; }),
              lines->end())
        << ::testing::PrintToString(*lines);
  }
}

// The parsed document's tree lives in one arena the document owns (document.hpp). What a character
// keeps of it (the builder record, unknown keys) is copied into storage of its own, so a character
// that outlives its document never keeps the document's arena alive or allocates from it.
TEST_F(CharacterDoc, ISSUE_9_what_a_character_keeps_does_not_live_in_the_documents_arena) {
  const auto c = read(R"({"v":1,"build":{},"builder":{"steps":{}},"later":{"x":[1,2]}})");
  ASSERT_TRUE(c) << warnings();
  const boost::json::storage_ptr plain;
  EXPECT_EQ(c->builder.storage().get(), plain.get());
  ASSERT_TRUE(c->kept.contains("later"));
  EXPECT_EQ(c->kept.storage().get(), plain.get());
  EXPECT_EQ(c->kept.at("later").storage().get(), plain.get());
}

}  // namespace
}  // namespace rk
