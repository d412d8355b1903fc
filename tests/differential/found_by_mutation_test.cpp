// Defects the differential test found (docs/testing.md): each was a crash or a wrong verdict on a
// file the mutation generator wrote, and stays fixed here.
#include <gtest/gtest.h>

#include "support/load.hpp"

namespace rk {
namespace {

// The reference example ember-roads.json feeds a list from a catalog while the sheet declares
// lists in a shape our reader did not know yet: reading the entry's rows looked the fed list up
// unchecked and threw. A fed list the sheet does not declare is refused once, at `feeds`, and the
// rows that name it are left unread.
TEST(RefDifferential, CA_11_rows_of_a_fed_list_the_sheet_does_not_declare_are_refused_not_a_crash) {
  const LoadResult r = test::load(R"({"id": "roads", "label": "Roads", "sheet": {},
    "catalogs": [{"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "entries": [
      {"id": "last-ember", "label": "Last Ember", "rows": [{"list": "knacks", "values": {"name": "Last Ember"}}]}]}]})");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(test::has_error(r, Code::UnknownReference, "/catalogs/0/feeds/0")) << test::describe(r);
}

}  // namespace
}  // namespace rk
