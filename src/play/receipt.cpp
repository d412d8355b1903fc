#include "play/receipt.hpp"

#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include "diag/assert.hpp"
#include "play/play_limits.hpp"
#include "play/text.hpp"

namespace rk::play {

namespace {

class TagWriter {
 public:
  explicit TagWriter(TagKind kind) : out_(fmt::format("[{}:", tag_name(kind))) {}

  void attribute(std::string_view key, std::string_view value, std::size_t limit = limits::kReceiptAttributeUnits) {
    out_ += ' ';
    out_ += key;
    out_ += "=\"";
    out_ += text::receipt_safe(value, limit);
    out_ += '"';
  }
  void attribute(std::string_view key, std::int64_t value) { attribute(key, fmt::format("{}", value)); }
  std::string finish() && {
    out_ += ']';
    return std::move(out_);
  }

 private:
  std::string out_;
};

/// The command's own attributes, in the order the reference writes them.
void write_action(TagWriter& w, const Action& action) {
  std::visit(
      [&w](const auto& a) {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, PoolChange>) {
          w.attribute("pool", a.pool);
          w.attribute("amount", a.amount);
        } else if constexpr (std::is_same_v<T, WoundMark>) {
          w.attribute("track", a.track);
          if (!a.kind.empty()) w.attribute("kind", a.kind);
          w.attribute("amount", a.amount);
          if (a.box) w.attribute("box", *a.box);
        } else if constexpr (std::is_same_v<T, TrackMove>) {
          w.attribute("track", a.track);
          if (a.to) {
            w.attribute("to", *a.to);
          } else {
            w.attribute("by", a.by.value_or(0));
          }
        } else if constexpr (std::is_same_v<T, ConditionSet>) {
          w.attribute("condition", a.condition);
          w.attribute("state", condition_state_word(a.active));
        } else if constexpr (std::is_same_v<T, NoteSet>) {
          w.attribute("field", a.field);
          w.attribute("value", a.value);
        } else if constexpr (std::is_same_v<T, RestTake>) {
          w.attribute("rest", a.rest);
        } else if constexpr (std::is_same_v<T, UseEntry>) {
          w.attribute("name", a.name);
          if (a.pool) w.attribute("pool", *a.pool);
        } else if constexpr (std::is_same_v<T, StateSet>) {
          w.attribute("state", a.state);
          w.attribute("value", a.value);
        } else if constexpr (std::is_same_v<T, Advance>) {
          w.attribute(advance_target_key(a.target), a.name);
          if (a.by) w.attribute("by", a.by->to_string());
          if (a.to) w.attribute("to", *a.to);
          if (a.tier) w.attribute("tier", *a.tier);
        } else if constexpr (std::is_same_v<T, ClockCreate>) {
          w.attribute("name", a.name);
          w.attribute("size", a.size);
        } else if constexpr (std::is_same_v<T, ClockTick>) {
          w.attribute("name", a.name);
          w.attribute("by", a.by);
        } else if constexpr (std::is_same_v<T, ClockClear>) {
          w.attribute("name", a.name);
        }
      },
      action);
}

}  // namespace

std::string receipt_tag(const ParsedReply& reply, const Tag& tag, const Receipt& receipt) {
  TagWriter w(tag.kind);
  if (!tag.command) {
    // Nothing was read, so nothing is restated: a sanitized copy of the body keeps what was written.
    w.attribute("raw", reply.body(tag));
  } else {
    const Command& c = *tag.command;
    if (!c.sheet_name.empty()) w.attribute("sheet", c.sheet_name);
    if (receipt.who) {
      w.attribute("who", *receipt.who);
    } else if (c.who) {
      w.attribute("who", *c.who);
    }
    w.attribute("op", op_spelling(c.op));
    write_action(w, c.action);
  }
  if (receipt.ok) {
    w.attribute("result", "ok");
    w.attribute("now", receipt.now, limits::kReceiptNowUnits);
  } else {
    w.attribute("result", "refused");
    w.attribute("reason", refusal_code(receipt.reason));
    if (!receipt.limit.empty()) w.attribute("limit", receipt.limit);
  }
  return std::move(w).finish();
}

std::string rewrite(const ParsedReply& reply, std::span<const Receipt> receipts) {
  if (reply.problem) return reply.text;
  // A tag left as the model wrote it would keep any result it wrote itself (SH-99).
  RK_ASSERT(receipts.size() == reply.tags.size());
  std::string out;
  out.reserve(reply.text.size() + reply.tags.size() * 32);
  for (const Segment& segment : reply.segments) {
    if (segment.kind == SegmentKind::Tag) {
      out += receipt_tag(reply, reply.tags[segment.tag], receipts[segment.tag]);
    } else {
      out += reply.bytes(segment);
    }
  }
  return out;
}

PlayedReply play(const ParsedReply& reply, const ApplyCommand& apply) {
  PlayedReply played;
  played.receipts.reserve(reply.tags.size());
  for (const Tag& tag : reply.tags) {
    if (tag.refusal || !tag.command) {
      played.receipts.push_back(Receipt::refused(tag.refusal.value_or(Refusal::Malformed)));
    } else {
      played.receipts.push_back(apply(*tag.command));
    }
  }
  played.text = rewrite(reply, played.receipts);
  return played;
}

}  // namespace rk::play
