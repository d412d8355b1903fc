#include "play/check_tag.hpp"

#include <algorithm>

#include "play/play_limits.hpp"
#include "play/tags.hpp"
#include "play/text.hpp"

namespace rk::play {
namespace {

constexpr std::string_view kCheckHead = "[skill_check:";
/// `apply=` names at most this many rows or entries (BC-41); the rest are not read.
constexpr std::size_t kApplyNames = 4;

bool head_at(std::string_view s, std::size_t at) {
  if (s.size() - at < kCheckHead.size()) return false;
  return text::ascii_lower(s.substr(at, kCheckHead.size())) == kCheckHead;
}

std::string trimmed_value(const std::vector<Attribute>& attributes, std::string_view key) {
  const std::string* value = attribute_value(attributes, key);
  return value ? std::string(text::js_trim(*value)) : std::string();
}

std::optional<std::int64_t> int_value(const std::vector<Attribute>& attributes, std::string_view key) {
  const std::string* value = attribute_value(attributes, key);
  return value ? js_parse_int(*value) : std::nullopt;
}

}  // namespace

std::optional<std::int64_t> js_parse_int(std::string_view value) {
  std::size_t at = 0;
  while (std::size_t space = text::space_at(value, at)) at += space;
  bool negative = false;
  if (at < value.size() && (value[at] == '+' || value[at] == '-')) negative = value[at++] == '-';
  std::int64_t number = 0;
  std::size_t digits = 0;
  while (at < value.size() && value[at] >= '0' && value[at] <= '9') {
    if (++digits > limits::kIntegerDigits) return std::nullopt;
    number = number * 10 + (value[at++] - '0');
  }
  if (digits == 0) return std::nullopt;
  return negative ? -number : number;
}

std::vector<CheckTag> find_check_tags(std::string_view reply,
                                      const std::vector<std::pair<std::size_t, std::size_t>>& command_spans) {
  std::vector<CheckTag> tags;
  std::size_t span = 0;
  std::size_t at = reply.find('[');
  while (at != std::string_view::npos) {
    while (span < command_spans.size() && command_spans[span].second <= at) ++span;
    const bool inside_command = span < command_spans.size() && command_spans[span].first <= at;
    if (inside_command || !head_at(reply, at)) {
      at = reply.find('[', at + 1);
      continue;
    }
    const std::size_t body_begin = at + kCheckHead.size();
    const std::size_t close = reply.find(']', body_begin);
    const bool closed = close != std::string_view::npos && close > body_begin &&
                        text::utf16_units(reply.substr(body_begin, close - body_begin)) <= limits::kTagBodyUnits;
    // Another reader's tag starting inside this one would be read twice: neither is a check then.
    const bool overlaps = closed && span < command_spans.size() && command_spans[span].first <= close;
    if (!closed || overlaps) {
      at = reply.find('[', at + 1);
      continue;
    }
    CheckTag tag;
    tag.begin = at;
    tag.end = close + 1;
    tag.body_begin = body_begin;
    tag.body_end = close;
    tag.attributes = read_attributes(reply.substr(body_begin, close - body_begin), body_begin);
    tags.push_back(std::move(tag));
    at = reply.find('[', close + 1);
  }
  return tags;
}

CheckAsk read_check_ask(const CheckTag& tag, std::string_view reply) {
  const std::vector<Attribute>& a = tag.attributes;
  CheckAsk ask;
  ask.skill = trimmed_value(a, "skill");
  ask.dc = int_value(a, "dc");
  ask.difficulty = trimmed_value(a, "difficulty");
  if (const std::string* who = attribute_value(a, "who")) {
    const std::string_view name = text::js_trim(*who);
    if (!name.empty()) ask.who = std::string(text::utf16_prefix(name, limits::kWhoUnits));
  }
  ask.with = trimmed_value(a, "with");
  ask.threshold = int_value(a, "threshold");
  ask.bonus = int_value(a, "bonus");
  ask.explode = int_value(a, "explode");
  ask.double_face = int_value(a, "double");
  ask.reroll = trimmed_value(a, "reroll");
  ask.spend = trimmed_value(a, "spend");
  ask.use = trimmed_value(a, "use");
  const std::string all = trimmed_value(a, "apply");
  std::size_t from = 0;
  while (from <= all.size() && ask.apply.size() < kApplyNames) {
    const std::size_t semi = std::min(all.find(';', from), all.size());
    const std::string_view name = text::js_trim(std::string_view(all).substr(from, semi - from));
    if (!name.empty()) ask.apply.emplace_back(name);
    from = semi + 1;
  }
  const std::string mode = text::ascii_lower(trimmed_value(a, "mode"));
  const std::string body = text::ascii_lower(reply.substr(tag.body_begin, tag.body_end - tag.body_begin));
  ask.advantage = mode == "advantage" || body.find(" advantage") != std::string::npos;
  ask.disadvantage = mode == "disadvantage" || body.find(" disadvantage") != std::string::npos;
  return ask;
}

}  // namespace rk::play
