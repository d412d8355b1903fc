// docs/format/game.md "Names and keys": the table of names and their keys, as the original's
// normalizeCharacterLookupName gives them.
#include <gtest/gtest.h>

#include "play/game.hpp"

namespace rk::play {
namespace {

TEST(GameNames, SH_124_the_pages_table_of_names_and_keys) {
  EXPECT_EQ(normalized_name("Mira"), "mira");
  EXPECT_EQ(normalized_name("Tomás Reyne"), "tomas reyne");
  EXPECT_EQ(normalized_name("Bram  \"the Quiet\" [II]"), "bram the quiet ii");
  EXPECT_EQ(normalized_name("Jean-Luc"), "jean luc");
  EXPECT_EQ(normalized_name("Ｍｉｒａ"), "mira");
  EXPECT_EQ(normalized_name("Ὀδυσσεύς"), "οδυσσευς");
  EXPECT_EQ(normalized_name("ΟΔΥΣΣΕΥΣ"), "οδυσσευς");  // the final-sigma rule of a full lower case
  EXPECT_EQ(normalized_name("$party"), "party");
  EXPECT_EQ(normalized_name("???"), "");
  EXPECT_EQ(normalized_name(""), "");
}

TEST(GameNames, SH_124_who_matches_whatever_the_case_and_accents) {
  EXPECT_EQ(normalized_name("TOMÁS  REYNE"), "tomas reyne");
  EXPECT_EQ(normalized_name(" tomás reyne "), "tomas reyne");
  EXPECT_NE(normalized_name("Tomás"), normalized_name("Tomás Reyne"));
  EXPECT_EQ(normalized_name("ﬁona"), "fiona");   // a compatibility ligature
  EXPECT_EQ(normalized_name("İlkay"), "ilkay");  // never the Turkish dotless i
  EXPECT_EQ(normalized_name("मीरा"), "मीरा");    // Devanagari vowel signs are marks and stay
}

TEST(GameNames, a_name_that_is_not_utf8_has_no_key_letters_from_its_bad_bytes) {
  EXPECT_EQ(normalized_name("Mi\xffra"), "mi ra");  // ICU reads a bad byte as U+FFFD, a symbol
}

}  // namespace
}  // namespace rk::play
