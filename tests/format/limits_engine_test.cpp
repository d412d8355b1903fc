// The engine's limits (src/format/limits.hpp: the reference's numbers where its schema gives one,
// ours where it and the pages are silent, as docs/format/decisions.md lists), each tested at N
// and N + 1 (DESIGN principle 3).
#include "format/generate_rulesets.hpp"
#include "format/limits.hpp"

namespace rk {
namespace {

using test::dump;
using test::expect_limit;
using test::json;
using test::bj::array;
using test::bj::object;
using test::bj::value;

std::string id(std::string_view prefix, std::size_t i) { return std::string(prefix) + std::to_string(i); }

/// A ruleset whose `sheet` holds `parts` (a JSON object text) and whose resolution has two tiers.
object with_tiers(object sheet) {
  object rs = test::base_ruleset();
  rs["sheet"] = std::move(sheet);
  rs["resolution"] = json(R"({"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
    "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained"}],
    "difficultyLadder": [{"label": "Hard", "dc": 15}]})");
  return rs;
}

std::string sheet_with(const std::string& key, const value& v) {
  object rs = test::base_ruleset();
  rs["sheet"].as_object()[key] = v;
  return dump(rs);
}

std::string live_with(const std::string& key, const value& v) { return sheet_with("live", object{{key, v}}); }

// ---------------------------------------------------------------------------------------------
// Ids, labels, numbers, text.

TEST(EngineLimits, DESIGN_3_ids_hold_64_characters) {
  static_assert(limits::kIdLength == 64);
  // A party field keeps the general id (the reference has no party sheet).
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        object field = test::number_field(0);
        field["id"] = test::text_of(n, "a");
        rs["party"] = object{{"label", "Crew"}, {"fields", array{field}}};
        return dump(rs);
      },
      64, Code::BadId, "/party/fields/0/id");
}

// ruleset.schema.ts: a sheet id is at most 40 characters.
TEST(EngineLimits, ref_Sheet_primitives_sheet_ids_hold_40_characters) {
  static_assert(limits::kRefSheetIdLength == 40);
  expect_limit(
      [](std::size_t n) {
        object field = test::number_field(0);
        field["id"] = test::text_of(n, "a");
        return sheet_with("fields", array{field});
      },
      40, Code::BadId, "/sheet/fields/0/id");
}

// ruleset.schema.ts: every label is prompt-safe text of 1-80 characters.
TEST(EngineLimits, ref_promptSafeText_the_rulesets_name_holds_80_characters) {
  static_assert(limits::kRulesetNameLength == 80);
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        rs.erase("label");
        rs["name"] = test::text_of(n, "\xC3\xA9");  // counted in characters, not bytes
        return dump(rs);
      },
      limits::kRulesetNameLength, Code::TooLong, "/name");
}

TEST(EngineLimits, DESIGN_3_numbers_lie_within_one_billion) {
  const auto bound = static_cast<std::size_t>(limits::kNumberBound);
  expect_limit(
      [](std::size_t n) {
        object field = test::number_field(0);
        field["max"] = n;
        return sheet_with("fields", array{field});
      },
      bound, Code::OutOfRange, "/sheet/fields/0/max");
  expect_limit(
      [](std::size_t n) {
        object field = test::number_field(0);
        field["min"] = -static_cast<std::int64_t>(n);
        return sheet_with("fields", array{field});
      },
      bound, Code::OutOfRange, "/sheet/fields/0/min");
}

// ruleset.schema.ts: text `maxLength` 1-500, longtext 1-4000.
TEST(EngineLimits, ref_Sheet_primitives_text_maxLength_at_most_500) {
  static_assert(limits::kTextMaxLength == 500);
  expect_limit(
      [](std::size_t n) {
        return sheet_with("fields",
                          array{object{{"id", "vows"}, {"label", "Vows"}, {"type", "text"}, {"maxLength", n}}});
      },
      limits::kTextMaxLength, Code::OutOfRange, "/sheet/fields/0/maxLength");
}

TEST(EngineLimits, ref_Sheet_primitives_longtext_maxLength_at_most_4000) {
  static_assert(limits::kLongtextMaxLength == 4000);
  expect_limit(
      [](std::size_t n) {
        return sheet_with("fields",
                          array{object{{"id", "vows"}, {"label", "Vows"}, {"type", "longtext"}, {"maxLength", n}}});
      },
      limits::kLongtextMaxLength, Code::OutOfRange, "/sheet/fields/0/maxLength");
}

TEST(EngineLimits, ref_Sheet_primitives_enums_offer_40_values) {
  static_assert(limits::kEnumValues == 40);
  expect_limit(
      [](std::size_t n) {
        return sheet_with("fields",
                          array{object{{"id", "kind"},
                                       {"label", "Kind"},
                                       {"type", "enum"},
                                       {"values", test::repeat(n, [](std::size_t i) { return value(id("v", i)); })}}});
      },
      limits::kEnumValues, Code::TooMany, "/sheet/fields/0/values");
}

// ---------------------------------------------------------------------------------------------
// Sheet entries.

TEST(EngineLimits, ref_Sheet_primitives_abilities_20) {
  static_assert(limits::kAbilities == 20);
  expect_limit(
      [](std::size_t n) {
        return sheet_with(
            "abilities", test::repeat(n, [](std::size_t i) {
              return value(object{{"id", id("a", i)}, {"label", "A"}, {"min", 0}, {"max", 10}, {"default", 0}});
            }));
      },
      limits::kAbilities, Code::TooMany, "/sheet/abilities");
}

TEST(EngineLimits, ref_Sheet_primitives_sections_20) {
  static_assert(limits::kSections == 20);
  expect_limit(
      [](std::size_t n) {
        return sheet_with("sections", test::repeat(n, [](std::size_t i) {
                            return value(object{{"id", id("s", i)}, {"label", "S"}});
                          }));
      },
      limits::kSections, Code::TooMany, "/sheet/sections");
}

std::string checks(const std::string& key, std::size_t n) {
  object sheet;
  sheet["abilities"] = json(R"([{"id": "sinew", "label": "Sinew", "min": 0, "max": 10, "default": 0}])");
  sheet[key] = test::repeat(n, [](std::size_t i) {
    return value(object{{"id", id("c", i)}, {"label", "C"}, {"ability", "sinew"}});
  });
  return dump(with_tiers(sheet));
}

TEST(EngineLimits, ref_Sheet_primitives_skills_120) {
  static_assert(limits::kSkills == 120);
  expect_limit([](std::size_t n) { return checks("skills", n); }, limits::kSkills, Code::TooMany, "/sheet/skills");
}

TEST(EngineLimits, ref_Sheet_primitives_saves_40) {
  static_assert(limits::kSaves == 40);
  expect_limit([](std::size_t n) { return checks("saves", n); }, limits::kSaves, Code::TooMany, "/sheet/saves");
}

TEST(EngineLimits, DESIGN_3_proficiency_tiers_12) {
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        rs["resolution"] = json(R"({"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
                                   "difficultyLadder": [{"label": "Hard", "dc": 15}]})");
        rs["resolution"].as_object()["proficiencyTiers"] = test::repeat(n, [](std::size_t i) {
          return value(object{{"id", id("t", i)}, {"label", "T"}});
        });
        return dump(rs);
      },
      limits::kProficiencyTiers, Code::TooMany, "/resolution/proficiencyTiers");
}

// Ours, not the reference's 60: the 5e package's builder needs about 140 helper values
// (decisions.md "Reference format: the bundled packages").
TEST(EngineLimits, DESIGN_3_derived_values_400_where_the_reference_allows_60) {
  static_assert(limits::kDerived == 400);
  expect_limit(
      [](std::size_t n) {
        return sheet_with("derived", test::repeat(n, [](std::size_t i) {
                            return value(object{
                                {"id", id("d", i)}, {"label", "D"}, {"op", "sum"}, {"of", json(R"([{"const": 1}])")}});
                          }));
      },
      limits::kDerived, Code::TooMany, "/sheet/derived");
}

TEST(EngineLimits, ref_Derived_sum_min_max_take_at_most_12_references) {
  static_assert(limits::kRefsPerOperator == 12);
  expect_limit(
      [](std::size_t n) {
        return sheet_with(
            "derived", array{object{{"id", "d"}, {"label", "D"}, {"op", "sum"}, {"of", test::repeat(n, [](std::size_t) {
                                                                                   return json(R"({"const": 1})");
                                                                                 })}}});
      },
      limits::kRefsPerOperator, Code::TooMany, "/sheet/derived/0/of");
}

TEST(EngineLimits, ref_Derived_step_table_rows_100) {
  static_assert(limits::kStepTableRows == 100);
  expect_limit(
      [](std::size_t n) {
        return sheet_with("derived", array{object{{"id", "d"},
                                                  {"label", "D"},
                                                  {"op", "stepTable"},
                                                  {"from", json(R"({"const": 1})")},
                                                  {"table", test::repeat(n, [](std::size_t i) {
                                                     return value(array{i, i});
                                                   })}}});
      },
      limits::kStepTableRows, Code::TooMany, "/sheet/derived/0/table");
}

value list(std::size_t i, std::size_t columns) {
  return object{{"id", id("l", i)},
                {"label", "L"},
                {"maxItems", 500},
                {"columns", test::repeat(columns, [](std::size_t c) {
                   return value(object{{"id", id("c", c)}, {"label", "C"}, {"type", "text"}, {"maxLength", 200}});
                 })}};
}

TEST(EngineLimits, ref_Sheet_primitives_lists_20) {
  static_assert(limits::kLists == 20);
  expect_limit(
      [](std::size_t n) { return sheet_with("lists", test::repeat(n, [](std::size_t i) { return list(i, 1); })); },
      limits::kLists, Code::TooMany, "/sheet/lists");
}

TEST(EngineLimits, ref_Sheet_primitives_columns_12) {
  static_assert(limits::kColumns == 12);
  expect_limit([](std::size_t n) { return sheet_with("lists", array{list(0, n)}); }, limits::kColumns, Code::TooMany,
               "/sheet/lists/0/columns");
}

// ---------------------------------------------------------------------------------------------
// Live state and rests.

TEST(EngineLimits, DESIGN_3_pools_64) {
  expect_limit(
      [](std::size_t n) {
        return live_with("pools", test::repeat(n, [](std::size_t i) {
                           return value(object{{"id", id("p", i)}, {"label", "P"}, {"max", 1}});
                         }));
      },
      limits::kPools, Code::TooMany, "/sheet/live/pools");
}

TEST(EngineLimits, DESIGN_3_tracks_30) {
  expect_limit(
      [](std::size_t n) {
        return live_with("tracks", test::repeat(n, [](std::size_t i) {
                           return value(object{{"id", id("t", i)}, {"label", "T"}, {"min", 0}, {"max", 1}});
                         }));
      },
      limits::kTracks, Code::TooMany, "/sheet/live/tracks");
}

TEST(EngineLimits, DESIGN_3_live_states_12) {
  expect_limit(
      [](std::size_t n) {
        return live_with("states", test::repeat(n, [](std::size_t i) {
                           return value(object{{"id", id("s", i)}, {"label", "S"}, {"values", array{"a", "b"}}});
                         }));
      },
      limits::kStates, Code::TooMany, "/sheet/live/states");
}

TEST(EngineLimits, DESIGN_3_live_state_values_24) {
  expect_limit(
      [](std::size_t n) {
        return live_with(
            "states", array{object{{"id", "stance"}, {"label", "Stance"}, {"values", test::repeat(n, [](std::size_t i) {
                                                                             return value(id("v", i));
                                                                           })}}});
      },
      limits::kStateValues, Code::TooMany, "/sheet/live/states/0/values");
}

TEST(EngineLimits, DESIGN_3_conditions_64) {
  expect_limit(
      [](std::size_t n) {
        return live_with("conditions", test::repeat(n, [](std::size_t i) {
                           return value(object{{"id", id("c", i)}, {"label", "C"}});
                         }));
      },
      limits::kConditions, Code::TooMany, "/sheet/live/conditions");
}

std::string wound_track(std::size_t levels, std::size_t kinds) {
  return live_with(
      "tracks",
      array{
          object{{"id", "harm"},
                 {"label", "Harm"},
                 {"min", 0},
                 {"max", levels},
                 {"levels", test::repeat(levels, [](std::size_t) { return json(R"({"label": "L", "penalty": -1})"); })},
                 {"kinds", test::repeat(kinds, [](std::size_t i) {
                    return value(object{{"id", id("k", i)}, {"label", "K"}, {"severity", i}});
                  })}}});
}

TEST(EngineLimits, DESIGN_3_wound_levels_32) {
  expect_limit([](std::size_t n) { return wound_track(n, 1); }, limits::kWoundLevels, Code::TooMany,
               "/sheet/live/tracks/0/levels");
}

TEST(EngineLimits, DESIGN_3_wound_kinds_8) {
  expect_limit([](std::size_t n) { return wound_track(2, n); }, limits::kWoundKinds, Code::TooMany,
               "/sheet/live/tracks/0/kinds");
}

std::string rests(std::size_t count, std::size_t steps) {
  object sheet;
  sheet["live"] = json(R"({"pools": [{"id": "p", "label": "P", "max": 3}]})");
  object rs = test::base_ruleset();
  rs["sheet"] = sheet;
  rs["rests"] = test::repeat(count, [&](std::size_t i) {
    return value(object{{"id", id("r", i)}, {"label", "R"}, {"restore", test::repeat(steps, [](std::size_t) {
                                                               return json(R"({"pool": "p", "to": "max"})");
                                                             })}});
  });
  return dump(rs);
}

TEST(EngineLimits, DESIGN_3_rests_12) {
  expect_limit([](std::size_t n) { return rests(n, 1); }, limits::kRests, Code::TooMany, "/rests");
}

TEST(EngineLimits, DESIGN_3_rest_steps_40) {
  expect_limit([](std::size_t n) { return rests(1, n); }, limits::kRestSteps, Code::TooMany, "/rests/0/restore");
}

TEST(EngineLimits, SH_70_adjust_entries_8) {
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        rs["resolution"] = json(R"({"kind": "dice-sum", "abilityModifier": {"op": "floorHalfMinusTen"},
                                   "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}],
                                   "difficultyLadder": [{"label": "Hard", "dc": 15}]})");
        rs["resolution"].as_object()["adjust"] =
            test::repeat(n, [](std::size_t) { return json(R"({"value": {"const": -1}})"); });
        return dump(rs);
      },
      limits::kAdjustEntries, Code::TooMany, "/resolution/adjust");
}

// ---------------------------------------------------------------------------------------------
// Game Master summary and the party sheet.

TEST(EngineLimits, DESIGN_3_summary_entries_32) {
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        rs["sheet"].as_object()["fields"] = test::number_fields(n);
        rs["gm"] = object{{"sheetSummary", object{{"fields", test::field_ids(n)}}}};
        return dump(rs);
      },
      limits::kSummaryEntries, Code::TooMany, "/gm/sheetSummary");
}

TEST(EngineLimits, DESIGN_3_party_fields_64) {
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        rs["party"] = object{{"label", "Crew"}, {"fields", test::number_fields(n)}};
        return dump(rs);
      },
      limits::kPartyFields, Code::TooMany, "/party/fields");
}

TEST(EngineLimits, DESIGN_3_party_pools_16) {
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        rs["party"] = object{{"label", "Crew"}, {"pools", test::repeat(n, [](std::size_t i) {
                                                   return value(object{{"id", id("p", i)}, {"label", "P"}, {"max", 1}});
                                                 })}};
        return dump(rs);
      },
      limits::kPartyPools, Code::TooMany, "/party/pools");
}

}  // namespace
}  // namespace rk
