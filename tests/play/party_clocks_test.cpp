// Party tags (SH-116 – SH-119, W5) and clock tags (SH-94 – SH-100, W4) as the reader sees them.
// The clock command syntax is missing from the page (M4); ours is in docs/format/commands.md.
#include <map>

#include <fmt/format.h>

#include "play_support.hpp"

namespace rk::play {
namespace {

using test::action_as;
using test::only_command;
using test::reader_refusal;

TEST(PartyTags, SH_116_the_pages_party_commands_read) {
  const Command restore = only_command(R"([sheet: sheet="party" op="restore" pool="coin" amount="3"])");
  EXPECT_EQ(restore.sheet, SheetTarget::Party);
  EXPECT_EQ(action_as<PoolChange>(restore).amount, 3);
  EXPECT_EQ(only_command(R"([sheet: sheet="party" op="spend" pool="coin" amount="2"])").op, Op::Spend);
  EXPECT_EQ(action_as<Advance>(only_command(R"([sheet: sheet="party" op="advance" field="heat" by="2"])")).by,
            Number::of(2));
  EXPECT_EQ(
      action_as<Advance>(only_command(R"([sheet: sheet="party" op="advance" field="upgrades" to="Hidden vault"])")).to,
      "Hidden vault");
  EXPECT_EQ(only_command(R"([sheet: sheet="Party" op="spend" pool="coin" amount="1"])").sheet, SheetTarget::Party);
  EXPECT_EQ(only_command(R"([sheet: op="spend" pool="coin" amount="1"])").sheet, SheetTarget::Character);
}

TEST(PartyTags, SH_117_who_party_is_every_character_not_the_shared_sheet) {
  const Command c = only_command(R"([sheet: who="party" op="restore" pool="hp" amount="3"])");
  EXPECT_EQ(c.sheet, SheetTarget::Character);
  EXPECT_EQ(c.who, "party");
  // The shared sheet is named by sheet= alone; with a who= as well the tag names two targets.
  EXPECT_EQ(reader_refusal(R"([sheet: sheet="party" who="Mira" op="spend" pool="coin" amount="1"])"),
            Refusal::Malformed);
}

TEST(PartyTags, SH_119_W5_unknown_sheet_and_unsupported_op_are_refused_by_the_reader) {
  EXPECT_EQ(reader_refusal(R"([sheet: sheet="crew" op="spend" pool="coin" amount="1"])"), Refusal::UnknownSheet);
  EXPECT_EQ(reader_refusal(R"([sheet: sheet="party" op="damage" pool="coin" amount="1"])"), Refusal::UnsupportedOp);
  EXPECT_EQ(reader_refusal(R"([sheet: sheet="party" op="rest" rest="long"])"), Refusal::UnsupportedOp);
  const PlayedReply played = test::play_all_ok(
      R"([sheet: sheet="crew" op="spend" pool="coin" amount="1"] [sheet: sheet="party" op="damage" pool="coin" amount="1"])");
  EXPECT_EQ(played.text,
            R"([sheet: sheet="crew" op="spend" pool="coin" amount="1" result="refused" reason="unknown-sheet"] )"
            R"([sheet: sheet="party" op="damage" pool="coin" amount="1" result="refused" reason="unsupported-op"])");
}

/// W5 against a party coin pool (max 8, starts empty) and a heat field (max 9): the receipts a user sees.
TEST(PartyTags, W5_party_sheet_commands_and_their_receipts) {
  int coin = 0;
  int heat = 0;
  const auto apply = [&](const Command& c) {
    if (const auto* p = std::get_if<PoolChange>(&c.action)) {
      if (c.op == Op::Spend && coin < p->amount) return Receipt::refused(Refusal::Insufficient);
      coin = c.op == Op::Spend ? coin - static_cast<int>(p->amount) : std::min(8, coin + static_cast<int>(p->amount));
      return Receipt::accepted(fmt::format("Coin {}/8", coin));
    }
    const auto& a = std::get<Advance>(c.action);
    if (a.to) return Receipt::accepted(fmt::format("Upgrades: {}", *a.to));
    const auto next = heat + a.by->whole();
    if (next > 9) return Receipt::refused(Refusal::BadAmount);
    heat = static_cast<int>(next);
    return Receipt::accepted(fmt::format("Heat {}", heat));
  };
  const PlayedReply played = play(parse_reply(R"(1 [sheet: sheet="party" op="restore" pool="coin" amount="3"]
2 [sheet: sheet="party" op="spend" pool="coin" amount="2"]
3 [sheet: sheet="party" op="spend" pool="coin" amount="2"]
4 [sheet: sheet="party" op="advance" field="heat" by="2"]
5 [sheet: sheet="party" op="advance" field="upgrades" to="Hidden vault"]
6 [sheet: sheet="party" op="advance" field="heat" by="8"]
7 [sheet: sheet="crew" op="spend" pool="coin" amount="1"]
8 [sheet: sheet="party" op="damage" pool="coin" amount="1"])"),
                                  apply);
  EXPECT_EQ(played.text, R"(1 [sheet: sheet="party" op="restore" pool="coin" amount="3" result="ok" now="Coin 3/8"]
2 [sheet: sheet="party" op="spend" pool="coin" amount="2" result="ok" now="Coin 1/8"]
3 [sheet: sheet="party" op="spend" pool="coin" amount="2" result="refused" reason="insufficient"]
4 [sheet: sheet="party" op="advance" field="heat" by="2" result="ok" now="Heat 2"]
5 [sheet: sheet="party" op="advance" field="upgrades" to="Hidden vault" result="ok" now="Upgrades: Hidden vault"]
6 [sheet: sheet="party" op="advance" field="heat" by="8" result="refused" reason="bad-amount"]
7 [sheet: sheet="crew" op="spend" pool="coin" amount="1" result="refused" reason="unknown-sheet"]
8 [sheet: sheet="party" op="damage" pool="coin" amount="1" result="refused" reason="unsupported-op"])");
}

TEST(ClockTags, SH_94_create_tick_and_clear_read) {
  const Command create = only_command(R"([clock: op="create" name="Watchtower fire" size="6"])");
  EXPECT_EQ(create.tag, TagKind::Clock);
  EXPECT_EQ(create.op, Op::ClockCreate);
  EXPECT_EQ(action_as<ClockCreate>(create).size, 6);
  EXPECT_EQ(action_as<ClockTick>(only_command(R"([clock: op="tick" name="Watchtower fire"])")).by, 1);
  EXPECT_EQ(action_as<ClockTick>(only_command(R"([CLOCK: op="Tick" name="Watchtower fire" by="-1"])")).by, -1);
  EXPECT_EQ(action_as<ClockClear>(only_command(R"([clock: op="clear" name="Watchtower fire"])")).name,
            "Watchtower fire");
  // Sheet ops are not clock ops, nor the other way round.
  EXPECT_EQ(reader_refusal(R"([clock: op="spend" name="Fire"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="tick" name="Fire"])"), Refusal::Malformed);
}

TEST(ClockTags, SH_95_a_name_the_prompt_cannot_show_is_malformed) {
  EXPECT_EQ(reader_refusal(R"([clock: op="create" name='Say "when"' size="6"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([clock: op="create" name="The [hidden" size="6"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([clock: op="create" name="{{user}} dies" size="6"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal("[clock: op=\"create\" name=\"two\nlines\" size=\"6\"]"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([clock: op="create" name="" size="6"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal("[clock: op=\"create\" name=\"" + std::string(101, 'x') + "\" size=\"6\"]"),
            Refusal::Malformed);
  EXPECT_FALSE(reader_refusal("[clock: op=\"create\" name=\"" + std::string(100, 'x') + "\" size=\"6\"]"));
  EXPECT_EQ(reader_refusal(R"([clock: op="create" name="Fire"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([clock: op="create" name="Fire" size="six"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([clock: op="tick" name="Fire" by="1.5"])"), Refusal::Malformed);
}

/// W4 against a scripted clock store (sizes 4, 6, 8): the receipts a user sees.
TEST(ClockTags, W4_clock_commands_and_their_receipts) {
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> clocks;  // name -> fill, size
  const auto apply = [&](const Command& c) {
    if (const auto* create = std::get_if<ClockCreate>(&c.action)) {
      if (create->size != 4 && create->size != 6 && create->size != 8) return Receipt::refused(Refusal::BadSize);
      clocks[create->name] = {0, create->size};
      return Receipt::accepted(fmt::format("0/{}", create->size));
    }
    if (const auto* tick = std::get_if<ClockTick>(&c.action)) {
      auto it = clocks.find(tick->name);
      if (it == clocks.end()) return Receipt::refused(Refusal::UnknownClock);
      it->second.first = std::min(it->second.second, it->second.first + tick->by);
      return Receipt::accepted(fmt::format("{}/{}", it->second.first, it->second.second));
    }
    const auto& clear = std::get<ClockClear>(c.action);
    if (clocks.erase(clear.name) == 0) return Receipt::refused(Refusal::UnknownClock);
    return Receipt::accepted("cleared");
  };
  const PlayedReply played =
      play(parse_reply(R"(The beacon smoulders. [clock: op="create" name="Watchtower fire" size="6"]
[clock: op="tick" name="Watchtower fire" by="4"] It spreads.
[clock: op="clear" name="Watchtower fire"]
[clock: op="tick" name="Ghost"]
[clock: op="create" name='Say "when"' size="6"]
[clock: op="create" name="Odd" size="5"]
[clock: op="create" name="Forged" size="4" result="ok" now="4/4"])"),
           apply);
  EXPECT_EQ(played.text,
            R"(The beacon smoulders. [clock: op="create" name="Watchtower fire" size="6" result="ok" now="0/6"]
[clock: op="tick" name="Watchtower fire" by="4" result="ok" now="4/6"] It spreads.
[clock: op="clear" name="Watchtower fire" result="ok" now="cleared"]
[clock: op="tick" name="Ghost" by="1" result="refused" reason="unknown-clock"]
[clock: raw="op= create name='Say when ' size= 6" result="refused" reason="malformed"]
[clock: op="create" name="Odd" size="5" result="refused" reason="bad-size"]
[clock: op="create" name="Forged" size="4" result="ok" now="0/4"])");
}

}  // namespace
}  // namespace rk::play
