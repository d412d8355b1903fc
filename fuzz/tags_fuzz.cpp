// Any bytes given as a Game Master's reply must be read and answered: never a crash, a hang or
// unbounded memory, and every byte outside the tags written back as it was.
// Run: build-fuzz/fuzz/tags_fuzz tests/play/corpus
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "play/play_limits.hpp"
#include "play/receipt.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const rk::play::ParsedReply reply = rk::play::parse_reply(input);
  // The segments cover the reply in order, every byte once.
  std::size_t at = 0;
  for (const rk::play::Segment& segment : reply.segments) {
    require(segment.begin == at && segment.end > segment.begin);
    at = segment.end;
  }
  require(at == input.size());
  // Answer every command, alternating, so both receipt forms are written.
  std::size_t applied = 0;
  const rk::play::PlayedReply played = rk::play::play(reply, [&](const rk::play::Command& command) {
    ++applied;
    if (applied % 2 == 0) return rk::play::Receipt::refused(rk::play::Refusal::Insufficient);
    return rk::play::Receipt::accepted(std::string(input.substr(0, 300)), command.who);
  });
  require(applied <= rk::play::limits::kCommandsPerReply);
  require(played.receipts.size() == reply.tags.size());
  if (reply.problem) {
    require(played.text == input);
    return 0;
  }
  // Outside the tags nothing changed, and each receipt reads back as exactly one tag.
  std::size_t out = 0;
  for (const rk::play::Segment& segment : reply.segments) {
    if (segment.kind == rk::play::SegmentKind::Tag) {
      const std::string receipt = rk::play::receipt_tag(reply, reply.tags[segment.tag], played.receipts[segment.tag]);
      require(played.text.compare(out, receipt.size(), receipt) == 0);
      require(rk::play::parse_reply(receipt).tags.size() == 1);
      out += receipt.size();
    } else {
      const std::string_view bytes = reply.bytes(segment);
      require(played.text.compare(out, bytes.size(), bytes) == 0);
      out += bytes.size();
    }
  }
  require(out == played.text.size());
  return 0;
}
