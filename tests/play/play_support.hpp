#pragma once
// Helpers for the tag protocol's tests: read a reply, answer each command with a scripted receipt,
// and look at what a user sees (the rewritten reply and the receipts).
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "play/receipt.hpp"

namespace rk::play::test {

/// Reads a reply whose tags must all read; returns the one command of its only tag.
inline Command only_command(std::string_view reply) {
  const ParsedReply parsed = parse_reply(reply);
  EXPECT_EQ(parsed.tags.size(), 1u) << reply;
  if (parsed.tags.size() != 1 || !parsed.tags[0].command) {
    ADD_FAILURE() << "no command in " << reply;
    return Command{};
  }
  EXPECT_FALSE(parsed.tags[0].refusal) << reply;
  return *parsed.tags[0].command;
}

/// The reader's own refusal of the reply's only tag (none when it goes to the apply stage).
inline std::optional<Refusal> reader_refusal(std::string_view reply) {
  const ParsedReply parsed = parse_reply(reply);
  EXPECT_EQ(parsed.tags.size(), 1u) << reply;
  if (parsed.tags.empty()) return std::nullopt;
  return parsed.tags[0].refusal;
}

/// Plays a reply where every command the reader passes on is accepted with `now`.
inline PlayedReply play_all_ok(std::string_view reply, std::string now = "done") {
  return play(parse_reply(reply), [&](const Command&) { return Receipt::accepted(now); });
}

/// A copy of the command's action of type T (a copy, so that it outlives a temporary command).
template <class T>
T action_as(const Command& c) {
  static const T empty{};
  const T* a = std::get_if<T>(&c.action);
  EXPECT_NE(a, nullptr);
  return a ? *a : empty;
}

}  // namespace rk::play::test
