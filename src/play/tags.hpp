#pragma once
// The tag reader: a Game Master's reply cut into narration, which is kept byte for byte, and the
// command tags in it, each read into the command it asks for. Pure and linear in the reply's size;
// it never throws on any input (docs/format/commands.md "Reading a reply").
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "play/command.hpp"

namespace rk::play {

/// One command tag of a reply: `[sheet: …]` or `[clock: …]`, from its `[` to its `]`.
struct Tag {
  TagKind kind = TagKind::Sheet;
  std::size_t begin = 0;  ///< offset of `[` in the reply
  std::size_t end = 0;    ///< one past `]`
  std::size_t body_begin = 0;
  std::size_t body_end = 0;
  /// Every `key=value` pair in the body, in the order written, repeats included.
  std::vector<Attribute> attributes;
  /// 1-based place among the reply's command tags; past limits::kCommandsPerReply it is refused.
  std::size_t ordinal = 0;
  /// What the tag asks for, when it says one command clearly.
  std::optional<Command> command;
  /// The refusal the reader gives on its own: malformed, too-many, unknown-sheet, unsupported-op.
  /// A tag without one goes to the apply stage.
  std::optional<Refusal> refusal;
};

enum class SegmentKind : std::uint8_t {
  Narration,  ///< text kept as written
  Tag,        ///< a command tag (Segment::tag indexes ParsedReply::tags)
  /// A tag head (`[sheet:`, `[clock:`) with no `]` within limits::kTagBodyUnits: not a tag, so it
  /// stays in the reply as written, as narration does; marked so a shell can say so.
  Unclosed,
};

struct Segment {
  SegmentKind kind = SegmentKind::Narration;
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t tag = 0;
};

/// Why a whole reply was not read: nothing in it is applied and it is written back unchanged.
enum class ReplyProblem : std::uint8_t {
  TooLarge,  ///< more than limits::kReplyBytes
  NotUtf8,   ///< not well-formed UTF-8 text
};
std::string_view reply_problem_code(ReplyProblem problem);

struct ParsedReply {
  std::string text;
  /// The reply in order, covering every byte exactly once.
  std::vector<Segment> segments;
  std::vector<Tag> tags;
  std::optional<ReplyProblem> problem;

  std::string_view bytes(const Segment& segment) const {
    return std::string_view(text).substr(segment.begin, segment.end - segment.begin);
  }
  std::string_view body(const Tag& tag) const {
    return std::string_view(text).substr(tag.body_begin, tag.body_end - tag.body_begin);
  }
};

/// Read a reply: find every command tag, read its attributes, and read each into a command.
ParsedReply parse_reply(std::string_view reply);

/// The `key=value` pairs of one tag body, as the reference's attribute scanner reads them, plus
/// curly quotes (“…”, ‘…’) as quotes. `offset` is where the body starts in the reply.
std::vector<Attribute> read_attributes(std::string_view body, std::size_t offset = 0);

}  // namespace rk::play
