// The limits the spec states (src/format/limits.hpp), each tested at N (accepted) and N + 1
// (refused), with the Capability API a larger allowance needs. Rulesets are generated here rather
// than committed. The engine's own limits are in limits_engine_test.cpp.
#include <filesystem>
#include <fstream>

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

std::string with_sheet(const std::string& key, const value& v) {
  object rs = test::base_ruleset();
  rs["sheet"].as_object()[key] = v;
  return dump(rs);
}

std::string with_top(const std::string& key, const value& v) {
  object rs = test::base_ruleset();
  rs[key] = v;
  return dump(rs);
}

// ---------------------------------------------------------------------------------------------
// BB-120: 160 fields, 240 with Capability API 1.208.

TEST(Limits, BB_120_160_fields_need_no_gate) {
  static_assert(limits::kFields == 160);
  const LoadResult r = test::load(with_sheet("fields", test::number_fields(160)));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

TEST(Limits, BB_120_161_fields_need_1_208) {
  const LoadResult r = test::load(with_sheet("fields", test::number_fields(161)));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.208");
}

TEST(Limits, BB_120_240_fields_are_accepted_and_241_refused) {
  static_assert(limits::kFieldsExtended == 240);
  expect_limit([](std::size_t n) { return with_sheet("fields", test::number_fields(n)); }, 240, Code::TooMany,
               "/sheet/fields");
}

// ---------------------------------------------------------------------------------------------
// CA-52, BB-162: sheet.advancement.fields, 24, and 64 with 1.219.

std::string advancing(std::size_t n) {
  object rs = test::base_ruleset();
  object& sheet = rs["sheet"].as_object();
  sheet["fields"] = test::number_fields(std::max<std::size_t>(n, 1));
  sheet["advancement"] = object{{"fields", test::field_ids(n)}};
  return dump(rs);
}

TEST(Limits, CA_52_24_advancement_fields_need_no_gate) {
  static_assert(limits::kAdvancementFields == 24);
  const LoadResult r = test::load(advancing(24));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.0");
}

TEST(Limits, BB_162_25_advancement_fields_need_1_219) {
  const LoadResult r = test::load(advancing(25));
  EXPECT_TRUE(r.ok()) << test::describe(r);
  EXPECT_EQ(r.requires_version.value_or(""), "1.219");
}

TEST(Limits, BB_162_64_advancement_fields_are_accepted_and_65_refused) {
  static_assert(limits::kAdvancementFieldsExtended == 64);
  expect_limit(advancing, 64, Code::TooMany, "/sheet/advancement/fields");
}

TEST(Limits, CA_55_advancement_text_of_400_is_accepted_and_401_refused) {
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        rs["sheet"].as_object()["fields"] = test::number_fields(1);
        rs["sheet"].as_object()["advancement"] = object{{"fields", test::field_ids(1)}, {"text", test::text_of(n)}};
        return dump(rs);
      },
      400, Code::TooLong, "/sheet/advancement/text");
}

// ---------------------------------------------------------------------------------------------
// SH-81, SH-80: Game Master text.

TEST(Limits, SH_81_each_guidance_holds_1500_characters) {
  static_assert(limits::kGuidanceLength == 1500);
  for (const std::string key : {"checkGuidance", "sheetGuidance", "worldGuidance"}) {
    expect_limit(
        [&](std::size_t n) {
          return with_top("gm", object{{key, test::text_of(n)}});
        },
        1500, Code::TooLong, "/gm/" + key);
  }
}

TEST(Limits, SH_81_guidance_is_counted_in_characters_not_bytes) {
  const LoadResult r = test::load(with_top("gm", object{{"checkGuidance", test::text_of(1500, "\xC3\xA9")}}));
  EXPECT_TRUE(r.ok()) << test::describe(r);
}

TEST(Limits, SH_80_gmReference_holds_16000_characters) {
  static_assert(limits::kGmReferenceLength == 16000);
  expect_limit([](std::size_t n) { return with_top("gmReference", value(test::text_of(n))); }, 16000, Code::TooLong,
               "/gmReference");
}

// ---------------------------------------------------------------------------------------------
// SH-89..SH-91: clocks.

TEST(Limits, SH_89_six_clock_sizes_are_accepted_and_seven_refused) {
  expect_limit(
      [](std::size_t n) {
        return with_top("clocks", object{{"sizes", test::repeat(n, [](std::size_t i) { return value(2 + i); })}});
      },
      6, Code::TooMany, "/clocks/sizes");
}

TEST(Limits, SH_89_twelve_segments_are_accepted_and_thirteen_refused) {
  expect_limit([](std::size_t n) { return with_top("clocks", json(R"({"sizes": [4, )" + std::to_string(n) + "]}")); },
               12, Code::OutOfRange, "/clocks/sizes/1");
}

TEST(Limits, SH_89_two_segments_are_accepted_and_one_refused) {
  const LoadResult two = test::load(with_top("clocks", json(R"({"sizes": [2]})")));
  EXPECT_TRUE(two.ok()) << test::describe(two);
  const LoadResult one = test::load(with_top("clocks", json(R"({"sizes": [1]})")));
  EXPECT_TRUE(test::has_error(one, Code::OutOfRange, "/clocks/sizes/0")) << test::describe(one);
}

TEST(Limits, SH_90_twelve_clocks_are_accepted_and_thirteen_refused) {
  expect_limit(
      [](std::size_t n) {
        return with_top("clocks", object{{"max", n}});
      },
      12, Code::OutOfRange, "/clocks/max");
}

TEST(Limits, SH_90_one_clock_is_accepted_and_none_refused) {
  const LoadResult one = test::load(with_top("clocks", json(R"({"max": 1})")));
  EXPECT_TRUE(one.ok()) << test::describe(one);
  const LoadResult none = test::load(with_top("clocks", json(R"({"max": 0})")));
  EXPECT_TRUE(test::has_error(none, Code::OutOfRange, "/clocks/max")) << test::describe(none);
}

TEST(Limits, SH_91_clock_text_of_400_is_accepted_and_401_refused) {
  expect_limit(
      [](std::size_t n) {
        return with_top("clocks", object{{"text", test::text_of(n)}});
      },
      400, Code::TooLong, "/clocks/text");
}

TEST(Limits, SH_92_empty_clocks_take_the_defaults) {
  const LoadResult r = test::load(with_top("clocks", object{}));
  ASSERT_TRUE(r.ok()) << test::describe(r);
  ASSERT_TRUE(r.ruleset->clocks.has_value());
  EXPECT_EQ(r.ruleset->clocks->sizes, (std::vector<std::int64_t>{4, 6, 8}));
  EXPECT_EQ(r.ruleset->clocks->max, 8);
  EXPECT_TRUE(r.ruleset->clocks->text.empty());
}

// ---------------------------------------------------------------------------------------------
// SH-105..SH-131: the party sheet.

object crew(std::size_t fields) { return object{{"label", "Crew"}, {"fields", test::number_fields(fields)}}; }

TEST(Limits, SH_114_party_text_of_400_is_accepted_and_401_refused) {
  expect_limit(
      [](std::size_t n) {
        object party = crew(1);
        party["text"] = test::text_of(n);
        return with_top("party", party);
      },
      400, Code::TooLong, "/party/text");
}

TEST(Limits, SH_114_party_advancement_text_of_400_is_accepted_and_401_refused) {
  expect_limit(
      [](std::size_t n) {
        object party = crew(1);
        party["advancement"] = object{{"fields", test::field_ids(1)}, {"text", test::text_of(n)}};
        return with_top("party", party);
      },
      400, Code::TooLong, "/party/advancement/text");
}

TEST(Limits, CA_52_party_advancement_takes_24_fields_without_the_1_219_extension) {
  expect_limit(
      [](std::size_t n) {
        object party = crew(n);
        party["advancement"] = object{{"fields", test::field_ids(n)}};
        return with_top("party", party);
      },
      24, Code::TooMany, "/party/advancement/fields");
}

TEST(Limits, SH_127_twelve_party_lists_are_accepted_and_thirteen_refused) {
  static_assert(limits::kPartyLists == 12);
  expect_limit(
      [](std::size_t n) {
        object party = crew(1);
        party["lists"] = test::repeat(n, [](std::size_t i) {
          return json(R"({"id": "l)" + std::to_string(i) +
                      R"(", "label": "L", "columns": [{"id": "c", "label": "C", "type": "text", "maxLength": 200}]})");
        });
        return with_top("party", party);
      },
      12, Code::TooMany, "/party/lists");
}

TEST(Limits, SH_129_eight_fromMembers_are_accepted_and_nine_refused) {
  static_assert(limits::kPartyFromMembers == 8);
  expect_limit(
      [](std::size_t n) {
        object party = crew(n);
        party["fromMembers"] = test::repeat(n, [](std::size_t i) {
          return value(object{{"field", "f" + std::to_string(i)}, {"count", true}});
        });
        return with_top("party", party);
      },
      8, Code::TooMany, "/party/fromMembers");
}

// ---------------------------------------------------------------------------------------------
// SH-54, SH-60: boxes and extra levels.

std::string box_track(std::size_t boxes) {
  object rs = test::base_ruleset();
  rs["sheet"].as_object()["live"] =
      json(R"({"tracks": [{"id": "strain", "label": "Strain", "min": 0, "max": )" + std::to_string(boxes) +
           R"(, "boxes": {}, "kinds": [{"id": "strain", "label": "S", "severity": 0}]}]})");
  return dump(rs);
}

TEST(Limits, SH_54_64_boxes_are_accepted_and_65_refused) {
  static_assert(limits::kWoundBoxes == 64);
  expect_limit(box_track, 64, Code::BadTrackMax, "/sheet/live/tracks/0/max");
}

// Reference format: live. The reference allows a track of no boxes (0-64); see ref_live_test.cpp.
TEST(Limits, SH_54_one_box_and_none_are_accepted) {
  const LoadResult one = test::load(box_track(1));
  EXPECT_TRUE(one.ok()) << test::describe(one);
  const LoadResult none = test::load(box_track(0));
  EXPECT_TRUE(none.ok()) << test::describe(none);
}

TEST(Limits, SH_60_a_count_column_up_to_16_is_accepted_and_17_refused) {
  static_assert(limits::kExtraLevelsPerRow == 16);
  expect_limit(
      [](std::size_t max) {
        object rs = test::base_ruleset();
        object& sheet = rs["sheet"].as_object();
        sheet["lists"] = json(R"([{"id": "scars", "label": "Scars", "maxItems": 500, "columns": [
            {"id": "levels", "label": "Levels", "type": "number", "min": 0, "max": )" +
                              std::to_string(max) + R"(},
            {"id": "penalty", "label": "Penalty", "type": "number", "min": -1000000, "max": 1000000}]}])");
        sheet["live"] = json(R"({"tracks": [{"id": "harm", "label": "Harm", "min": 0, "max": 1,
            "levels": [{"label": "Scuffed", "penalty": 0}], "kinds": [{"id": "knock", "label": "K", "severity": 0}],
            "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"}}]})");
        return dump(rs);
      },
      16, Code::BadWoundTrack, "/sheet/live/tracks/0/extra/countColumn");
}

// ---------------------------------------------------------------------------------------------
// CA-85, BC-30, BB-127: pays, computed abilities, computed columns.

TEST(Limits, CA_85_a_pool_pays_up_to_four_groups) {
  static_assert(limits::kPoolPays == 4);
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        array pools = test::repeat(5, [](std::size_t i) {
          return json(R"({"id": "p)" + std::to_string(i) + R"(", "label": "P", "max": 1, "group": "g)" +
                      std::to_string(i) + "\"}");
        });
        array pays = test::repeat(n, [](std::size_t i) { return value("g" + std::to_string(i)); });
        pools.push_back(object{{"id", "pact"}, {"label", "Pact"}, {"max", 1}, {"group", "pact"}, {"pays", pays}});
        rs["sheet"].as_object()["live"] = object{{"pools", pools}};
        return dump(rs);
      },
      4, Code::TooMany, "/sheet/live/pools/5/pays");
}

TEST(Limits, BC_30_a_computed_ability_reads_up_to_eight_refs) {
  static_assert(limits::kAbilityValueRefs == 8);
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        object& sheet = rs["sheet"].as_object();
        sheet["fields"] = test::number_fields(1);
        sheet["abilities"] = array{object{
            {"id", "per"}, {"label", "Perception"}, {"min", 0}, {"max", 30}, {"value", test::repeat(n, [](std::size_t) {
                                                                                return json(R"({"field": "f0"})");
                                                                              })}}};
        return dump(rs);
      },
      8, Code::TooMany, "/sheet/abilities/0/value");
}

TEST(Limits, BB_127_a_computed_column_sums_up_to_six_columns) {
  static_assert(limits::kComputedColumnTerms == 6);
  expect_limit(
      [](std::size_t n) {
        object rs = test::base_ruleset();
        array columns = test::repeat(7, [](std::size_t i) {
          return json(R"({"id": "c)" + std::to_string(i) +
                      R"(", "label": "C", "type": "number", "min": 0, "max": 10})");
        });
        columns.push_back(
            object{{"id", "total"},
                   {"label", "Total"},
                   {"type", "number"},
                   {"min", 0},
                   {"max", 100},
                   {"sum", test::repeat(n, [](std::size_t i) { return value("c" + std::to_string(i)); })}});
        rs["sheet"].as_object()["lists"] =
            array{object{{"id", "spec"}, {"label", "Specialties"}, {"maxItems", 500}, {"columns", columns}}};
        return dump(rs);
      },
      6, Code::TooMany, "/sheet/lists/0/columns/7/sum");
}

// ---------------------------------------------------------------------------------------------
// DESIGN "Documents": 512 KB for a ruleset, single or in a package; JSON nesting depth.

/// A valid ruleset of exactly `bytes` bytes, padded with insignificant whitespace.
std::string ruleset_of_size(std::size_t bytes) {
  // Complete before padding, so loading adds nothing to its size.
  std::string head = test::reference_top(R"({"id": "big", "label": "Big", "sheet": {}})");
  head.pop_back();
  std::string text = head + std::string(bytes - head.size() - 1, ' ') + "}";
  EXPECT_EQ(text.size(), bytes);
  return text;
}

TEST(Limits, DESIGN_single_file_of_512_KiB_is_accepted_and_one_byte_more_refused) {
  static_assert(limits::kSingleFileRulesetBytes == 512 * 1024);
  const LoadResult at = test::load(ruleset_of_size(512 * 1024));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load(ruleset_of_size(512 * 1024 + 1));
  EXPECT_FALSE(over.ok());
  ASSERT_EQ(over.diagnostics.items().size(), 1u) << test::describe(over);
  EXPECT_EQ(over.diagnostics.items()[0].code, Code::FileTooLarge);
}

std::string package_manifest(int minor) {
  return R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": )" + std::to_string(minor) +
         R"(}, "contributions": {"assets": {"paths": ["ruleset.json"]}}})";
}

TEST(Limits, CA_101_package_ruleset_above_256_KiB_needs_1_340) {
  const LoadResult at = test::load_package(package_manifest(0), ruleset_of_size(limits::kPackageRulesetBytesUngated));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  EXPECT_EQ(at.requires_version.value_or(""), "1.0");
  const std::string over = ruleset_of_size(limits::kPackageRulesetBytesUngated + 1);
  const LoadResult low = test::load_package(package_manifest(339), over);
  EXPECT_TRUE(test::has_error(low, Code::CapabilityTooLow, "")) << test::describe(low);
  const LoadResult raised = test::load_package(package_manifest(340), over);
  EXPECT_TRUE(raised.ok()) << test::describe(raised);
  EXPECT_EQ(raised.requires_version.value_or(""), "1.340");
  // A single file is not gated: up to 512 KB whatever it declares (CA-97).
  EXPECT_TRUE(test::load(over).ok());
}

TEST(Limits, DESIGN_package_ruleset_of_512_KiB_is_accepted_and_one_byte_more_refused) {
  const std::string manifest = package_manifest(340);
  const LoadResult at = test::load_package(manifest, ruleset_of_size(limits::kPackageRulesetBytes));
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load_package(manifest, ruleset_of_size(limits::kPackageRulesetBytes + 1));
  EXPECT_FALSE(over.ok());
  EXPECT_TRUE(test::has_code(over, Code::FileTooLarge)) << test::describe(over);
}

TEST(Limits, DESIGN_manifest_of_64_KiB_is_accepted_and_one_byte_more_refused) {
  auto manifest_of_size = [](std::size_t bytes) {
    const std::string head =
        R"({"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 0}, "contributions": {"assets": {"paths": ["ruleset.json"]}})";
    return head + std::string(bytes - head.size() - 1, ' ') + "}";
  };
  const std::string rs = R"({"id": "pkg", "label": "Package", "sheet": {}})";
  const LoadResult at = test::load_package(manifest_of_size(limits::kManifestBytes), rs);
  EXPECT_TRUE(at.ok()) << test::describe(at);
  const LoadResult over = test::load_package(manifest_of_size(limits::kManifestBytes + 1), rs);
  EXPECT_FALSE(over.ok());
  EXPECT_TRUE(test::has_code(over, Code::FileTooLarge)) << test::describe(over);
}

TEST(Limits, DESIGN_single_file_on_disk_over_512_KiB_is_refused_before_reading) {
  const auto path = std::filesystem::temp_directory_path() / "rk-limits-big-ruleset.json";
  {
    std::ofstream out(path, std::ios::binary);
    out << ruleset_of_size(512 * 1024 + 1);
  }
  const LoadResult r = load_ruleset(path);
  std::filesystem::remove(path);
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(r.io_failure);
  EXPECT_TRUE(test::has_code(r, Code::FileTooLarge)) << test::describe(r);
}

/// `depth` levels of nesting in all: the root object, then arrays under an unknown key.
std::string nested(std::size_t depth) {
  return R"({"id": "deep", "label": "Deep", "sheet": {}, "deep": )" + std::string(depth - 1, '[') +
         std::string(depth - 1, ']') + "}";
}

TEST(Limits, DESIGN_nesting_of_64_levels_parses_and_65_is_refused) {
  static_assert(limits::kJsonDepth == 64);
  const LoadResult at = test::load(nested(64));
  EXPECT_FALSE(test::has_code(at, Code::JsonTooDeep)) << test::describe(at);
  EXPECT_TRUE(test::has_error(at, Code::UnknownKey, "/deep")) << "the document parsed and was read\n"
                                                              << test::describe(at);
  const LoadResult over = test::load(nested(65));
  ASSERT_EQ(over.diagnostics.items().size(), 1u) << test::describe(over);
  const Diagnostic& d = over.diagnostics.items()[0];
  EXPECT_EQ(d.code, Code::JsonTooDeep);
  EXPECT_EQ(d.line, 1);
  // The 65th level opens at the 64th `[` after `"deep": ` (the fixture's top level is filled in before it).
  EXPECT_EQ(d.column, static_cast<int>(test::reference_top(nested(65)).find(R"("deep": )") + 8 + 64));
}

}  // namespace
}  // namespace rk
