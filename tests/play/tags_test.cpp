// The tag reader (issue 10 point 2): which text is a command tag and what each one asks for, as the
// original engine reads them (sheet-command-tag.ts, skill-check-tag.ts' attribute scanner), built
// from the tag examples of the reference chapter and the pages.
#include "play/play_limits.hpp"
#include "play_support.hpp"

namespace rk::play {
namespace {

using test::action_as;
using test::only_command;
using test::reader_refusal;

TEST(Tags, SH_37_wound_mark_reads_track_kind_and_amount) {
  const Command c = only_command(R"(The blade bites. [sheet: op="damage" track="harm" kind="knock" amount="1"])");
  EXPECT_EQ(c.op, Op::Damage);
  EXPECT_EQ(c.tag, TagKind::Sheet);
  EXPECT_FALSE(c.who);
  const auto& m = action_as<WoundMark>(c);
  EXPECT_EQ(m.track, "harm");
  EXPECT_EQ(m.kind, "knock");
  EXPECT_EQ(m.amount, 1);
  EXPECT_FALSE(m.box);
}

TEST(Tags, SH_38_a_heal_is_a_negative_amount_and_may_leave_the_kind_out) {
  const auto& heal = action_as<WoundMark>(only_command(R"([sheet: op="damage" track="harm" amount="-1"])"));
  EXPECT_EQ(heal.amount, -1);
  EXPECT_EQ(heal.kind, "");
  const auto& named =
      action_as<WoundMark>(only_command(R"([sheet: op="damage" track="harm" kind="tear" amount="-1"])"));
  EXPECT_EQ(named.kind, "tear");
  // A mark must say what it is.
  EXPECT_EQ(reader_refusal(R"([sheet: op="damage" track="harm" amount="1"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="damage" track="harm" kind="knock"])"), Refusal::Malformed);
}

TEST(Tags, SH_39_box_is_read_as_a_number_or_the_tag_is_malformed) {
  const auto& m =
      action_as<WoundMark>(only_command(R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="2"])"));
  EXPECT_EQ(m.box, 2);
  EXPECT_EQ(reader_refusal(R"([sheet: op="damage" track="strain" kind="strain" amount="1" box="two"])"),
            Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="damage" track="strain" kind="strain" amount="1" box=""])"),
            Refusal::Malformed);
}

TEST(Tags, SH_40_damage_naming_a_pool_is_the_pool_form) {
  const Command c = only_command(R"([sheet: who="Mira" op="damage" pool="hp" amount="7"])");
  EXPECT_EQ(c.who, "Mira");
  const auto& p = action_as<PoolChange>(c);
  EXPECT_EQ(p.pool, "hp");
  EXPECT_EQ(p.amount, 7);
}

TEST(Tags, CA_74_every_sheet_command_and_its_aliases) {
  EXPECT_EQ(only_command(R"([sheet: op="spend" pool="ki" amount="1"])").op, Op::Spend);
  EXPECT_EQ(only_command(R"([sheet: op="restore" pool="hp" amount="4"])").op, Op::Restore);
  EXPECT_EQ(only_command(R"([sheet: op="heal" pool="hp" amount="4"])").op, Op::Restore);
  EXPECT_EQ(only_command(R"([sheet: op="temp" pool="hp" amount="0"])").op, Op::Temp);
  const Command track = only_command(R"([sheet: op="track" track="stress" by="2"])");
  EXPECT_EQ(action_as<TrackMove>(track).by, 2);
  EXPECT_FALSE(action_as<TrackMove>(track).to);
  EXPECT_EQ(action_as<TrackMove>(only_command(R"([sheet: op="track" track="stress" to="0"])")).to, 0);
  const Command cond = only_command(R"([sheet: op="condition" condition="Poisoned"])");
  EXPECT_TRUE(action_as<ConditionSet>(cond).active);
  EXPECT_FALSE(
      action_as<ConditionSet>(only_command(R"([sheet: op="condition" condition="poisoned" state="remove"])")).active);
  const Command note = only_command(R"([sheet: op="note" field="bonds" value=" Owes Bram a favour "])");
  EXPECT_EQ(action_as<NoteSet>(note).value, " Owes Bram a favour ");
  EXPECT_EQ(action_as<NoteSet>(only_command(R"([sheet: op="note" field="bonds"])")).value, "");
  EXPECT_EQ(action_as<RestTake>(only_command(R"([sheet: op="rest" rest="long"])")).rest, "long");
}

TEST(Tags, CA_75_use_names_an_entry_and_may_name_the_pool_it_is_paid_from) {
  const Command c = only_command(R"([sheet: who="Mira" op="use" name="Fireball" pool="3rd-level slots"])");
  EXPECT_EQ(c.op, Op::Use);
  EXPECT_EQ(action_as<UseEntry>(c).name, "Fireball");
  EXPECT_EQ(action_as<UseEntry>(c).pool, "3rd-level slots");
  EXPECT_FALSE(action_as<UseEntry>(only_command(R"([sheet: who="Mira" op="use" name="Fireball"])")).pool);
}

TEST(Tags, CA_76_cast_is_use_and_spell_is_name) {
  const Command c = only_command(R"([sheet: who="Mira" op="cast" spell="Cure Wounds"])");
  EXPECT_EQ(c.op, Op::Use);
  EXPECT_EQ(action_as<UseEntry>(c).name, "Cure Wounds");
  // name= wins over spell= when both are written.
  EXPECT_EQ(action_as<UseEntry>(only_command(R"([sheet: op="use" spell="A" name="B"])")).name, "B");
}

TEST(Tags, live_state_command_of_the_reference_chapter) {
  const Command c = only_command(R"([sheet: who="Name" op="state" state="Stance" value="Reckless"])");
  EXPECT_EQ(c.op, Op::State);
  EXPECT_EQ(action_as<StateSet>(c).state, "Stance");
  EXPECT_EQ(action_as<StateSet>(c).value, "Reckless");
  EXPECT_EQ(reader_refusal(R"([sheet: op="state" state="Stance"])"), Refusal::Malformed);
}

TEST(Tags, CA_57_advance_names_exactly_one_target) {
  const Command xp = only_command(R"([sheet: op="advance" field="xp" by="250" who="party"])");
  EXPECT_EQ(xp.who, "party");
  EXPECT_EQ(action_as<Advance>(xp).target, AdvanceTarget::Field);
  EXPECT_EQ(action_as<Advance>(xp).by, Number::of(250));
  EXPECT_EQ(action_as<Advance>(only_command(R"([sheet: op="advance" ability="str" to="16"])")).to_number,
            Number::of(16));
  EXPECT_EQ(action_as<Advance>(only_command(R"([sheet: op="advance" field="discipline" to="Auspex"])")).to, "Auspex");
  EXPECT_EQ(action_as<Advance>(only_command(R"([sheet: op="advance" skill="stealth" tier="expert"])")).tier, "expert");
  EXPECT_EQ(action_as<Advance>(only_command(R"([sheet: op="advance" save="will" tier="trained"])")).target,
            AdvanceTarget::Save);
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" field="xp" ability="str" by="1"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" by="1"])"), Refusal::Malformed);
}

TEST(Tags, CA_58_fields_and_abilities_take_exactly_one_of_by_and_to) {
  EXPECT_EQ(action_as<Advance>(only_command(R"([sheet: op="advance" field="humanity" by="-1"])")).by, Number::of(-1));
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" field="xp" by="1" to="3"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" field="xp"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" ability="str" to="strong"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" field="xp" by="1e3"])"), Refusal::Malformed);
}

TEST(Tags, CA_59_skills_and_saves_take_a_tier_only) {
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" skill="stealth" by="1"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" skill="stealth"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="advance" field="xp" by="1" tier="expert"])"), Refusal::Malformed);
}

TEST(Tags, an_unknown_op_or_a_missing_part_is_malformed) {
  EXPECT_EQ(reader_refusal(R"([sheet: op="fly" pool="hp" amount="1"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: pool="hp" amount="1"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="spend" amount="1"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="spend" pool="hp"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="track" track="stress"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="track" track="stress" to="1" by="1"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="condition" condition="x" state="maybe"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="use"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="rest"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal(R"([sheet: op="note" value="x"])"), Refusal::Malformed);
  EXPECT_EQ(reader_refusal("[sheet:]"), Refusal::Malformed);
}

TEST(Tags, numbers_are_signed_integers_of_at_most_nine_digits) {
  EXPECT_EQ(action_as<PoolChange>(only_command(R"([sheet: op="spend" pool="hp" amount="+3"])")).amount, 3);
  EXPECT_EQ(action_as<PoolChange>(only_command(R"([sheet: op="spend" pool="hp" amount="007"])")).amount, 7);
  EXPECT_EQ(action_as<PoolChange>(only_command(R"([sheet: op="spend" pool="hp" amount="-0"])")).amount, 0);
  EXPECT_EQ(action_as<PoolChange>(only_command(R"([sheet: op="spend" pool="hp" amount=" 2 "])")).amount, 2);
  EXPECT_EQ(action_as<PoolChange>(only_command(R"([sheet: op="spend" pool="hp" amount="999999999"])")).amount,
            999999999);
  for (const char* bad : {"1e9", "2.5", "three", "1000000000", "0x3", "+-1", "", "3 4", "１"}) {
    const std::string reply = std::string(R"([sheet: op="spend" pool="hp" amount=")") + bad + R"("])";
    EXPECT_EQ(reader_refusal(reply), Refusal::Malformed) << bad;
  }
}

TEST(Tags, a_track_value_that_is_no_number_counts_as_not_given_as_in_the_reference) {
  const auto& t = action_as<TrackMove>(only_command(R"([sheet: op="track" track="stress" to="full" by="1"])"));
  EXPECT_FALSE(t.to);
  EXPECT_EQ(t.by, 1);
}

TEST(Tags, the_head_is_case_blind_and_admits_no_space) {
  EXPECT_EQ(only_command(R"([SHEET: OP="Spend" POOL="hp" AMOUNT="1"])").op, Op::Spend);
  EXPECT_EQ(only_command(R"([Sheet:op="spend" pool="hp" amount="1"])").op, Op::Spend);
  for (const char* not_a_tag :
       {R"([ sheet: op="spend" pool="hp" amount="1"])", R"([sheet : op="spend" pool="hp" amount="1"])",
        R"(sheet: op="spend" pool="hp"])", R"([sheets: op="spend" pool="hp" amount="1"])"}) {
    const ParsedReply parsed = parse_reply(not_a_tag);
    EXPECT_TRUE(parsed.tags.empty()) << not_a_tag;
    EXPECT_EQ(test::play_all_ok(not_a_tag).text, not_a_tag);
  }
}

TEST(Tags, spacing_quotes_and_case_are_tolerated) {
  const Command c = only_command("[sheet:\n  who = 'Mira'\top =\n\"SPEND\"  pool=hp   amount=2 ]");
  EXPECT_EQ(c.who, "Mira");
  EXPECT_EQ(c.op, Op::Spend);
  EXPECT_EQ(action_as<PoolChange>(c).pool, "hp");
  EXPECT_EQ(action_as<PoolChange>(c).amount, 2);
}

TEST(Tags, curly_quotes_are_quotes) {
  const Command c = only_command("[sheet: who=\u201cMira Vell\u201d op=\u201cuse\u201d name=\u2018Cure Wounds\u2019]");
  EXPECT_EQ(c.who, "Mira Vell");
  EXPECT_EQ(action_as<UseEntry>(c).name, "Cure Wounds");
  // An apostrophe inside a straight-quoted value is text.
  EXPECT_EQ(action_as<NoteSet>(only_command("[sheet: op=\"note\" field=\"bonds\" value=\"Mira\u2019s map\"]")).value,
            "Mira\u2019s map");
}

TEST(Tags, a_key_without_a_value_takes_nothing_from_the_next_pair) {
  EXPECT_EQ(reader_refusal(R"([sheet: op="spend" pool= amount="2"])"), Refusal::Malformed);
  const auto& p = action_as<PoolChange>(only_command(R"([sheet: op="spend" who= pool="hp" amount="2"])"));
  EXPECT_EQ(p.pool, "hp");
}

TEST(Tags, an_unclosed_quote_is_read_as_an_unquoted_run) {
  // `"hp` has no closing quote: it runs to the end of the body and keeps no quote.
  EXPECT_EQ(action_as<PoolChange>(only_command(R"([sheet: op="spend" amount="2" pool="hp])")).pool, "hp");
  // A quote closes at the next quote of its kind, wherever that is.
  EXPECT_EQ(reader_refusal(R"([sheet: op="spend" pool="hp amount="2"])"), Refusal::Malformed);
}

TEST(Tags, a_repeated_attribute_reads_as_its_last_value) {
  const Command c = only_command(R"([sheet: op="spend" pool="mana" pool="hp" amount="5" amount="1"])");
  EXPECT_EQ(action_as<PoolChange>(c).pool, "hp");
  EXPECT_EQ(action_as<PoolChange>(c).amount, 1);
  const ParsedReply parsed = parse_reply(R"([sheet: op="spend" pool="mana" pool="hp" amount="1"])");
  ASSERT_EQ(parsed.tags[0].attributes.size(), 4u);  // every pair is kept, in order
  EXPECT_EQ(parsed.tags[0].attributes[1].value, "mana");
}

TEST(Tags, who_is_trimmed_and_cut_to_its_limit) {
  EXPECT_EQ(only_command(R"([sheet: who="  Mira  " op="rest" rest="short"])").who, "Mira");
  EXPECT_FALSE(only_command(R"([sheet: who="" op="rest" rest="short"])").who);
  const std::string long_name(limits::kWhoUnits + 20, 'x');
  const Command c = only_command("[sheet: who=\"" + long_name + R"(" op="rest" rest="short"])");
  EXPECT_EQ(c.who->size(), limits::kWhoUnits.value);
}

TEST(Tags, names_may_hold_quotes_of_the_other_kind_and_open_brackets) {
  const Command c = only_command(R"([sheet: who='Bram "the Quiet" [II' op="rest" rest="short"])");
  EXPECT_EQ(c.who, R"(Bram "the Quiet" [II)");
}

TEST(Tags, attribute_offsets_point_into_the_reply) {
  const std::string reply = R"(Ow. [sheet: op="spend" pool="hp" amount="1"] Done.)";
  const ParsedReply parsed = parse_reply(reply);
  ASSERT_EQ(parsed.tags.size(), 1u);
  const Tag& t = parsed.tags[0];
  EXPECT_EQ(reply.substr(t.begin, t.end - t.begin), R"([sheet: op="spend" pool="hp" amount="1"])");
  EXPECT_EQ(parsed.body(t), R"( op="spend" pool="hp" amount="1")");
  EXPECT_EQ(reply.substr(t.attributes[1].begin, t.attributes[1].end - t.attributes[1].begin), R"(pool="hp")");
  ASSERT_EQ(parsed.segments.size(), 3u);
  EXPECT_EQ(parsed.bytes(parsed.segments[0]), "Ow. ");
  EXPECT_EQ(parsed.bytes(parsed.segments[2]), " Done.");
}

TEST(Tags, a_tag_head_inside_a_body_is_part_of_that_body) {
  // The first `]` closes the first head; the pairs after the inner head override, as the reference reads it.
  const ParsedReply parsed = parse_reply(R"([sheet: op="spend" [sheet: op="restore" pool="hp" amount="1"] x])");
  ASSERT_EQ(parsed.tags.size(), 1u);
  EXPECT_EQ(parsed.tags[0].command->op, Op::Restore);
  EXPECT_EQ(parsed.bytes(parsed.segments.back()), " x]");
}

TEST(Tags, tag_like_text_in_quoted_narration_is_still_a_tag) {
  const ParsedReply parsed = parse_reply(R"(She reads aloud: "[sheet: op="spend" pool="hp" amount="1"]".)");
  ASSERT_EQ(parsed.tags.size(), 1u);
  EXPECT_EQ(parsed.tags[0].command->op, Op::Spend);
}

TEST(Tags, skill_checks_are_not_command_tags) {
  const std::string reply =
      R"([skill_check: skill="Ward" dc="2" who="Bram the Quiet" threshold="8" bonus="-2" with="Sinew"])";
  EXPECT_TRUE(parse_reply(reply).tags.empty());
  EXPECT_EQ(test::play_all_ok(reply).text, reply);
}

}  // namespace
}  // namespace rk::play
