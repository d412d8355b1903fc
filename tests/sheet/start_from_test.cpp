// Start values read from the sheet (builder-c.md §7, BC-58 – BC-60): a live pool's and an ordinary
// track's `startFrom`, held within their bounds, refused beside `start` or `default`, and always
// beaten by a stored live value.
#include "support/load.hpp"
#include "support/sheet.hpp"

namespace rk {
namespace {

using test::n;

std::string start_from_ruleset(const std::string& pool_extra = "", const std::string& track_extra = "") {
  return R"({"id": "sf", "label": "Start from", "sheet": {
    "fields": [{"id": "san_start", "label": "Starting Sanity", "type": "number", "min": -50, "max": 200},
               {"id": "grit", "label": "Grit", "type": "number", "min": -5, "max": 20, "default": 4}],
    "live": {
      "pools": [{"id": "sanity", "label": "Sanity", "max": 99, "startFrom": {"field": "san_start"})" +
         pool_extra + R"(}],
      "tracks": [{"id": "resolve", "label": "Resolve", "min": 1, "max": 10, "startFrom": {"field": "grit"})" +
         track_extra + R"(}]}}})";
}

class StartFrom : public ::testing::Test {
 protected:
  void SetUp() override {
    rs = test::compile(start_from_ruleset());
    ASSERT_TRUE(rs);
  }
  SheetView eval(const std::string& c) { return test::sheet_of(*rs, c); }
  std::shared_ptr<const Ruleset> rs;
};

TEST_F(StartFrom, BC_58_a_pool_starts_at_the_value_read_held_between_0_and_its_max) {
  EXPECT_EQ(eval(R"({"v": 1, "build": {"fields": {"san_start": 60}}})").pools.at("sanity").current, n(60));
  EXPECT_EQ(eval(R"({"v": 1, "build": {"fields": {"san_start": 150}}})").pools.at("sanity").current, n(99));
  EXPECT_EQ(eval(R"({"v": 1, "build": {"fields": {"san_start": -5}}})").pools.at("sanity").current, n(0));
}

TEST_F(StartFrom, BC_59_an_ordinary_track_starts_from_the_sheet_instead_of_a_default) {
  EXPECT_EQ(eval(R"({"v": 1, "build": {}})").tracks.at("resolve").value, n(4));  // grit's default
  EXPECT_EQ(eval(R"({"v": 1, "build": {"fields": {"grit": 7}}})").tracks.at("resolve").value, n(7));
}

TEST_F(StartFrom, BC_60_a_stored_live_value_always_wins_over_the_start) {
  const SheetView v = eval(
      R"({"v": 1, "build": {"fields": {"san_start": 60, "grit": 7}}, "live": {"pools": {"sanity": {"value": 41}}, "tracks": {"resolve": 2}}})");
  EXPECT_EQ(v.pools.at("sanity").current, n(41));
  EXPECT_EQ(v.tracks.at("resolve").value, n(2));
}

TEST(StartFromRefused, BC_58_BC_59_startFrom_is_given_instead_of_start_or_default_never_beside_them) {
  const LoadResult pool = test::load(start_from_ruleset(R"(, "start": "empty")"));
  EXPECT_TRUE(test::has_error(pool, Code::ConflictingKeys, "/sheet/live/pools/0/startFrom")) << test::describe(pool);
  const LoadResult track = test::load(start_from_ruleset("", R"(, "default": 2)"));
  EXPECT_TRUE(test::has_error(track, Code::ConflictingKeys, "/sheet/live/tracks/0/startFrom")) << test::describe(track);
}

}  // namespace
}  // namespace rk
