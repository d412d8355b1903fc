// ObjectReader keeps which members were read as a bit per member and the keys it asked for in
// place (issue 9 point 10): an object past 64 members and askers past the in-place buffer still get
// every unknown key reported once, and a misspelt key still gets its suggestion.
#include "format/reader.hpp"

#include <string>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

namespace rk {
namespace {

TEST(ObjectReaderBits, ISSUE_9_an_unread_member_past_the_64th_is_reported_once) {
  boost::json::object o;
  for (int i = 0; i < 70; ++i) o["k" + std::to_string(i)] = i;
  const boost::json::value v = o;
  Diagnostics d;
  {
    ObjectReader r(v, "/x", "thing", d);
    for (int i = 0; i < 70; ++i) {
      if (i != 68 && i != 3) r.number("k" + std::to_string(i), true);
    }
  }
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[0].code, Code::UnknownKey);
  EXPECT_EQ(d.items()[0].pointer, "/x/k3");
  EXPECT_EQ(d.items()[1].pointer, "/x/k68");
}

TEST(ObjectReaderBits, ISSUE_9_keys_asked_for_past_the_in_place_buffer_are_still_suggested) {
  const boost::json::value v = boost::json::parse(R"({"a_very_long_optional_key_nmber_39": 1})");
  Diagnostics d;
  {
    ObjectReader r(v, "", "thing", d);
    // Forty absent keys of about 35 characters: far past what is kept in place.
    for (int i = 0; i < 40; ++i) r.get("a_very_long_optional_key_number_" + std::to_string(i));
  }
  ASSERT_EQ(d.items().size(), 1u);
  EXPECT_NE(d.items()[0].message.find("did you mean `a_very_long_optional_key_number_39`"), std::string::npos)
      << d.items()[0].message;
}

TEST(ObjectReaderBits, ISSUE_9_a_key_only_looked_for_is_not_accepted_but_suggested) {
  const boost::json::value v = boost::json::parse(R"({"gmRefrence": "x", "gmReference": "y"})");
  Diagnostics d;
  {
    ObjectReader r(v, "", "ruleset", d);
    EXPECT_TRUE(r.has("gmReference"));
  }
  ASSERT_EQ(d.items().size(), 2u);
  EXPECT_EQ(d.items()[0].pointer, "/gmRefrence");
  EXPECT_NE(d.items()[0].message.find("did you mean `gmReference`"), std::string::npos) << d.items()[0].message;
}

}  // namespace
}  // namespace rk
