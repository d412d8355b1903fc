#include "play/tags.hpp"

#include <array>
#include <utility>

#include "play/play_limits.hpp"
#include "play/text.hpp"

namespace rk::play {

namespace {

constexpr std::array<std::pair<ReplyProblem, std::string_view>, 2> kReplyProblems{{
    {ReplyProblem::TooLarge, "reply-too-large"},
    {ReplyProblem::NotUtf8, "reply-not-utf8"},
}};

/// The tag heads, after `[`: matched without regard to the case of their letters, as the
/// reference's `/\[sheet:/i` is; no space is allowed inside a head.
constexpr std::array<std::pair<TagKind, std::string_view>, 2> kHeads{{
    {TagKind::Sheet, "sheet:"},
    {TagKind::Clock, "clock:"},
}};
constexpr std::size_t kHeadBytes = 7;  // `[` and six letters-and-colon, the same for both heads

std::optional<TagKind> head_at(std::string_view s, std::size_t at) {
  if (s.size() - at < kHeadBytes) return std::nullopt;
  for (const auto& [kind, head] : kHeads) {
    bool same = true;
    for (std::size_t k = 0; k < head.size() && same; ++k) {
      char c = s[at + 1 + k];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      same = c == head[k];
    }
    if (same) return kind;
  }
  return std::nullopt;
}

/// UTF-16 units from the reply's start to a position that only ever moves forward, so measuring
/// every candidate body costs one pass over the reply in all.
struct UnitCursor {
  std::size_t pos = 0;
  std::size_t units = 0;
  void advance_to(std::string_view s, std::size_t target) {
    for (; pos < target; ++pos) units += text::utf16_units_of_lead(static_cast<unsigned char>(s[pos]));
  }
};

enum class Quoting : std::uint8_t { None, Straight, Curly };

struct ValueSpan {
  std::size_t begin = 0;
  std::size_t end = 0;
  Quoting quoting = Quoting::None;
};

constexpr std::string_view kCurlyLead = "\xE2\x80";  // every curly quote is E2 80 xx
constexpr unsigned char kLeftDouble = 0x9C;
constexpr unsigned char kRightDouble = 0x9D;
constexpr unsigned char kLeftSingle = 0x98;
constexpr unsigned char kRightSingle = 0x99;

/// The curly-quote family (double or single) whose quote starts at `at`, if one does.
std::optional<bool> curly_at(std::string_view s, std::size_t at) {
  if (s.size() - at < 3 || s.substr(at, 2) != kCurlyLead) return std::nullopt;
  const auto third = static_cast<unsigned char>(s[at + 2]);
  if (third == kLeftDouble || third == kRightDouble) return true;
  if (third == kLeftSingle || third == kRightSingle) return false;
  return std::nullopt;
}

/// The value half of a pair, starting at `at`: a quoted string, or an unquoted run up to the next
/// space. An unclosed quote is not a quote: the run then starts with it. An unquoted run may not
/// start on something that is itself a `key=`, so a key written without a value takes nothing.
std::optional<ValueSpan> value_at(std::string_view body, std::size_t at) {
  const std::size_t n = body.size();
  if (at < n && (body[at] == '"' || body[at] == '\'')) {
    const std::size_t close = body.find(body[at], at + 1);
    if (close != std::string_view::npos) return ValueSpan{at, close + 1, Quoting::Straight};
  }
  if (at < n) {
    if (const std::optional<bool> family = curly_at(body, at)) {
      for (std::size_t probe = body.find(kCurlyLead, at + 3); probe != std::string_view::npos;
           probe = body.find(kCurlyLead, probe + 1)) {
        if (curly_at(body, probe) == family) return ValueSpan{at, probe + 3, Quoting::Curly};
      }
    }
  }
  if (at < n && text::is_word(body[at])) {
    std::size_t probe = at;
    while (probe < n && text::is_word(body[probe])) ++probe;
    while (std::size_t space = text::space_at(body, probe)) probe += space;
    if (probe < n && body[probe] == '=') return std::nullopt;
  }
  std::size_t end = at;
  while (end < n && text::space_at(body, end) == 0 && body[end] != ']') ++end;
  if (end == at) return std::nullopt;
  return ValueSpan{at, end, Quoting::None};
}

/// The value as a command reads it: trimmed, then one quote taken off each end.
std::string unquoted(std::string_view raw, Quoting quoting) {
  std::string_view v = text::js_trim(raw);
  if (quoting == Quoting::Curly) return std::string(v.substr(3, v.size() - 6));
  if (!v.empty() && (v.front() == '"' || v.front() == '\'')) v.remove_prefix(1);
  if (!v.empty() && (v.back() == '"' || v.back() == '\'')) v.remove_suffix(1);
  return std::string(v);
}

}  // namespace

std::string_view reply_problem_code(ReplyProblem problem) {
  for (const auto& [value, code] : kReplyProblems) {
    if (value == problem) return code;
  }
  return "reply-not-utf8";
}

std::vector<Attribute> read_attributes(std::string_view body, std::size_t offset) {
  std::vector<Attribute> attributes;
  const std::size_t n = body.size();
  std::size_t index = 0;
  while (index < n) {
    if (!text::is_word(body[index])) {
      ++index;
      continue;
    }
    // A key is always a whole run of word characters: the `=` must follow the run's last one.
    const std::size_t start = index;
    while (index < n && text::is_word(body[index])) ++index;
    std::size_t cursor = index;
    while (std::size_t space = text::space_at(body, cursor)) cursor += space;
    if (cursor >= n || body[cursor] != '=') continue;
    ++cursor;
    while (std::size_t space = text::space_at(body, cursor)) cursor += space;
    const std::optional<ValueSpan> value = value_at(body, cursor);
    if (!value) continue;
    attributes.push_back(Attribute{text::ascii_lower(body.substr(start, index - start)),
                                   unquoted(body.substr(value->begin, value->end - value->begin), value->quoting),
                                   offset + start, offset + value->end});
    index = value->end;
  }
  return attributes;
}

ParsedReply parse_reply(std::string_view reply) {
  ParsedReply out;
  out.text = std::string(reply);
  const std::string_view s = out.text;
  if (s.size() > limits::kReplyBytes) {
    out.problem = ReplyProblem::TooLarge;
  } else if (!text::valid_utf8(s)) {
    out.problem = ReplyProblem::NotUtf8;
  }
  if (out.problem) {
    if (!s.empty()) out.segments.push_back(Segment{SegmentKind::Narration, 0, s.size(), 0});
    return out;
  }

  auto narration_to = [&](std::size_t start, std::size_t end) {
    if (end > start) out.segments.push_back(Segment{SegmentKind::Narration, start, end, 0});
  };
  std::size_t narration_start = 0;
  std::size_t close = std::string_view::npos;  // the first `]` at or after the current body start
  bool no_more_closes = false;
  UnitCursor body_units;
  UnitCursor close_units;
  std::size_t ordinal = 0;
  std::size_t i = 0;
  while (true) {
    const std::size_t p = s.find('[', i);
    if (p == std::string_view::npos) break;
    const std::optional<TagKind> kind = head_at(s, p);
    if (!kind) {
      i = p + 1;
      continue;
    }
    const std::size_t b = p + kHeadBytes;
    if (!no_more_closes && (close == std::string_view::npos || close < b)) {
      close = s.find(']', b);
      no_more_closes = close == std::string_view::npos;
    }
    bool is_tag = false;
    if (!no_more_closes) {
      body_units.advance_to(s, b);
      close_units.advance_to(s, close);
      is_tag = close_units.units - body_units.units <= limits::kTagBodyUnits;
    }
    if (!is_tag) {
      // The reference's matcher gives up on this head and tries the next `[`; so do we.
      narration_to(narration_start, p);
      out.segments.push_back(Segment{SegmentKind::Unclosed, p, b, 0});
      narration_start = b;
      i = b;
      continue;
    }
    narration_to(narration_start, p);
    Tag tag;
    tag.kind = *kind;
    tag.begin = p;
    tag.end = close + 1;
    tag.body_begin = b;
    tag.body_end = close;
    tag.ordinal = ++ordinal;
    tag.attributes = read_attributes(s.substr(b, close - b), b);
    Reading reading = read_command(*kind, tag.attributes);
    tag.command = std::move(reading.command);
    tag.refusal = reading.refusal;
    // Every command tag counts toward the limit, one that cannot be read included, as in the
    // reference; past it the tag is refused whatever it says.
    if (tag.ordinal > limits::kCommandsPerReply) tag.refusal = Refusal::TooMany;
    out.segments.push_back(Segment{SegmentKind::Tag, tag.begin, tag.end, out.tags.size()});
    out.tags.push_back(std::move(tag));
    i = close + 1;
    narration_start = i;
  }
  narration_to(narration_start, s.size());
  return out;
}

}  // namespace rk::play
