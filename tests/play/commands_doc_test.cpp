// docs/format/commands.md says what users see; these tests hold it to the engine: every refusal
// reason is documented, and every example tag of the page reads as the page says.
#include <fstream>
#include <sstream>
#include <string>

#include "play_support.hpp"

namespace rk::play {
namespace {

std::string commands_md() {
  std::ifstream in(std::string(RK_SOURCE_DIR) + "/docs/format/commands.md", std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CommandsDoc, every_refusal_reason_is_documented) {
  const std::string doc = commands_md();
  ASSERT_FALSE(doc.empty());
  for (int i = 0; i <= static_cast<int>(Refusal::ClockExists); ++i) {
    const std::string code(refusal_code(static_cast<Refusal>(i)));
    EXPECT_NE(doc.find("`" + code + "`"), std::string::npos) << code << " is missing from commands.md";
  }
  EXPECT_NE(doc.find("`reply-too-large`"), std::string::npos);
  EXPECT_NE(doc.find("`reply-not-utf8`"), std::string::npos);
}

/// Every line of a ```text block that is one tag reads as one tag; a receipt line (it carries a
/// result) is the engine's own form, so answering it as it says gives the line back.
TEST(CommandsDoc, every_example_tag_reads_and_every_example_receipt_is_canonical) {
  const std::string doc = commands_md();
  std::size_t at = 0;
  std::size_t tags = 0;
  std::size_t receipts = 0;
  while ((at = doc.find("```text\n", at)) != std::string::npos) {
    const std::size_t end = doc.find("```", at + 8);
    std::istringstream block(doc.substr(at + 8, end - at - 8));
    at = end + 3;
    for (std::string line; std::getline(block, line);) {
      const ParsedReply parsed = parse_reply(line);
      if (parsed.tags.empty()) continue;
      ++tags;
      const Tag& tag = parsed.tags.back();
      const std::string* result = attribute_value(tag.attributes, "result");
      if (!result) {
        EXPECT_TRUE(tag.command) << line;
        continue;
      }
      ++receipts;
      const std::string* limit = attribute_value(tag.attributes, "limit");
      const Receipt receipt = *result == "ok"
                                  ? Receipt::accepted(*attribute_value(tag.attributes, "now"))
                                  : Receipt::refused(*refusal_named(*attribute_value(tag.attributes, "reason")), {},
                                                     limit ? *limit : std::string());
      std::string raw_body;
      if (const std::string* raw = attribute_value(tag.attributes, "raw")) raw_body = *raw;
      if (raw_body.empty()) {
        EXPECT_EQ(rewrite(parsed, std::vector<Receipt>(parsed.tags.size(), receipt)), line);
      }
    }
  }
  EXPECT_GE(tags, 12u);
  EXPECT_GE(receipts, 4u);
}

}  // namespace
}  // namespace rk::play
