// Issue 10 acceptance: replaying the same replies with the same seed from the same game gives a
// byte-identical game and identical receipts, over random replies built from every op; and the
// apply stage's contract that a refused command changes nothing, checked on every refusal the
// random replies provoke.
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include "format/ruleset.hpp"
#include "play/apply.hpp"
#include "support/build_paths.hpp"

namespace rk::play {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Table {
  LoadResult loaded;
  Game game;
};

/// A game of the package's sample characters, each also under a second name.
Table table_for(const std::string& package, const std::vector<std::string>& characters) {
  Table t{load_ruleset(std::string(RK_SOURCE_DIR) + "/" + package), {}};
  EXPECT_TRUE(t.loaded.ok()) << package;
  if (!t.loaded.ok()) return t;
  const Ruleset& ruleset = *t.loaded.ruleset;
  std::vector<Character> cards;
  for (const std::string& file : characters) {
    Diagnostics d;
    const std::string path = file.find('/') == std::string::npos
                                 ? std::string(RK_SOURCE_DIR) + "/" + package + "/characters/" + file
                                 : std::string(RK_SOURCE_DIR) + "/" + file;
    auto c = parse_character(ruleset, read_file(path), file, d);
    EXPECT_TRUE(c) << file;
    if (!c) return t;
    cards.push_back(*c);
    c->name += " Twin";
    cards.push_back(std::move(*c));
  }
  Diagnostics d;
  auto game = new_game(ruleset, std::move(cards), d);
  EXPECT_TRUE(game) << package;
  if (game) t.game = std::move(*game);
  return t;
}

/// Random command tags over every op, with names the ruleset has and names it does not, amounts
/// in and out of range, and some junk.
class ReplyMaker {
 public:
  ReplyMaker(const Ruleset& ruleset, const Game& game, std::uint64_t seed) : rng_(seed) {
    for (const Pool& p : ruleset.sheet.pools) pools_.push_back(p.id), pools_.push_back(p.label);
    for (const Track& t : ruleset.sheet.tracks) (t.wound ? wounds_ : tracks_).push_back(t.id);
    for (const Track& t : ruleset.sheet.tracks)
      for (const WoundKind& k : t.kinds) kinds_.push_back(k.id);
    for (const Condition& c : ruleset.sheet.conditions) conditions_.push_back(c.label);
    for (const LiveText& t : ruleset.sheet.texts) texts_.push_back(t.id);
    for (const Rest& r : ruleset.sheet.rests) rests_.push_back(r.label);
    for (const LiveState& s : ruleset.sheet.states) {
      states_.push_back(s.id);
      for (const Id& v : s.values) values_.push_back(v);
    }
    for (const Field& f : ruleset.sheet.fields) fields_.push_back(f.id);
    for (const Ability& a : ruleset.sheet.abilities) abilities_.push_back(a.id);
    for (const Check& s : ruleset.sheet.skills) skills_.push_back(s.id);
    for (const ProficiencyTier& t : ruleset.resolution.tiers) tiers_.push_back(t.id);
    for (const Character& c : game.cards) {
      who_.push_back(c.name);
      for (const auto& [list, rows] : c.lists)
        for (const Row& row : rows)
          if (auto it = row.cells.find("name"); it != row.cells.end())
            if (const auto* name = std::get_if<std::string>(&it->second.value)) entries_.push_back(*name);
    }
    who_.push_back("party");
    who_.push_back("Nobody");
    if (ruleset.party)
      for (const Pool& p : ruleset.party->pools) party_pools_.push_back(p.id);
    if (ruleset.party)
      for (const Field& f : ruleset.party->fields) party_fields_.push_back(f.id);
    for (const Pool& p : ruleset.sheet.pools) pools_.push_back(p.id);
    pools_.push_back("nonesuch");
    clocks_ = {"Watchtower fire", "The sexton's patience", "Ghost"};
  }

  std::string reply(int commands) {
    std::string text = "Narration before.";
    for (int i = 0; i < commands; ++i) text += " " + command() + (chance(5) ? " [[unbalanced" : "") + "\n";
    return text;
  }

 private:
  bool chance(int one_in) { return std::uniform_int_distribution<int>(1, one_in)(rng_) == 1; }
  const std::string& any(const std::vector<std::string>& v) {
    static const std::string kNothing = "nothing";
    if (v.empty()) return kNothing;
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng_)];
  }
  int amount() {
    static const int kAmounts[] = {-3, -1, 0, 1, 1, 2, 3, 5, 8, 100001};
    return kAmounts[std::uniform_int_distribution<int>(0, 9)(rng_)];
  }
  std::string who() { return chance(3) ? "" : fmt::format(" who=\"{}\"", any(who_)); }

  std::string command() {
    switch (std::uniform_int_distribution<int>(0, 18)(rng_)) {
      case 0:
        return fmt::format("[sheet:{} op=\"spend\" pool=\"{}\" amount=\"{}\"]", who(), any(pools_), amount());
      case 1:
        return fmt::format("[sheet:{} op=\"heal\" pool=\"{}\" amount=\"{}\"]", who(), any(pools_), amount());
      case 2:
        return fmt::format("[sheet:{} op=\"damage\" pool=\"{}\" amount=\"{}\"]", who(), any(pools_), amount());
      case 3:
        return fmt::format("[sheet:{} op=\"temp\" pool=\"{}\" amount=\"{}\"]", who(), any(pools_), amount());
      case 4:
        return fmt::format("[sheet:{} op=\"damage\" track=\"{}\" kind=\"{}\" amount=\"{}\"]", who(), any(wounds_),
                           any(kinds_), amount());
      case 5:
        return fmt::format("[sheet:{} op=\"track\" track=\"{}\" by=\"{}\"]", who(), any(tracks_), amount());
      case 6:
        return fmt::format("[sheet:{} op=\"condition\" condition=\"{}\" state=\"{}\"]", who(), any(conditions_),
                           chance(2) ? "on" : "off");
      case 7:
        return fmt::format("[sheet:{} op=\"note\" field=\"{}\" value=\"v{}\"]", who(), any(texts_), amount());
      case 8:
        return fmt::format("[sheet:{} op=\"rest\" rest=\"{}\"]", who(), any(rests_));
      case 9:
        return fmt::format("[sheet:{} op=\"state\" state=\"{}\" value=\"{}\"]", who(), any(states_), any(values_));
      case 10:
        return fmt::format("[sheet:{} op=\"use\" name=\"{}\"]", who(), any(entries_));
      case 11:
        return fmt::format("[sheet:{} op=\"advance\" field=\"{}\" by=\"{}\"]", who(), any(fields_), amount());
      case 12:
        return chance(2)
                   ? fmt::format("[sheet:{} op=\"advance\" ability=\"{}\" by=\"{}\"]", who(), any(abilities_), amount())
                   : fmt::format("[sheet:{} op=\"advance\" skill=\"{}\" tier=\"{}\"]", who(), any(skills_),
                                 any(tiers_));
      case 13:
        return fmt::format("[clock: op=\"create\" name=\"{}\" size=\"{}\"]", any(clocks_), 2 + 2 * (amount() & 3));
      case 14:
        return fmt::format("[clock: op=\"{}\" name=\"{}\" by=\"{}\"]", chance(4) ? "clear" : "tick", any(clocks_),
                           amount());
      case 15:
        return chance(2) ? fmt::format("[sheet: sheet=\"party\" op=\"{}\" pool=\"{}\" amount=\"{}\"]",
                                       chance(2) ? "spend" : "restore", any(party_pools_), amount())
                         : fmt::format("[sheet: sheet=\"party\" op=\"advance\" field=\"{}\" by=\"{}\"]",
                                       any(party_fields_), amount());
      case 17:
      case 18:
        return check();
      default:
        return chance(2) ? "[sheet: op=\"fly\" to=\"the moon\"]" : "[sheet: op=\"spend\" pool=\"x\" amount=\"2.5\"]";
    }
  }

  /// A check on a skill, a save-like ability or a name the sheet lacks, with the attributes that
  /// change a roll (each documented in checks.md), some of them spending or applying what the
  /// sheet has: its dice come from the injected source, so replaying must throw the same faces.
  std::string check() {
    std::string tag = fmt::format("[skill_check: skill=\"{}\" dc=\"{}\"{}", chance(4) ? any(abilities_) : any(skills_),
                                  std::uniform_int_distribution<int>(1, 20)(rng_), who());
    if (chance(3)) tag += fmt::format(" with=\"{}\"", any(abilities_));
    if (chance(3)) tag += chance(2) ? " mode=\"advantage\"" : " mode=\"disadvantage\"";
    if (chance(4)) tag += fmt::format(" bonus=\"{}\"", amount());
    if (chance(4)) tag += fmt::format(" spend=\"{}:{}\"", any(pools_), amount());
    if (chance(4)) tag += fmt::format(" apply=\"{}\"", any(entries_));
    if (chance(5)) tag += fmt::format(" use=\"{}\"", any(entries_));
    if (chance(6)) tag += " explode=\"9\" reroll=\"careful\" threshold=\"7\"";
    return tag + "]";
  }

  std::mt19937_64 rng_;
  std::vector<std::string> pools_, wounds_, tracks_, kinds_, conditions_, texts_, rests_, states_, values_, fields_,
      abilities_, skills_, tiers_, who_, entries_, party_pools_, party_fields_, clocks_;
};

std::string game_text(const Ruleset& ruleset, const Game& game) {
  return boost::json::serialize(game_to_json(ruleset, game));
}

struct Run {
  std::vector<std::string> replies;
  std::string game;
  int checks_rolled = 0;
};

Run play_all(const Ruleset& ruleset, Game game, const std::vector<std::string>& replies, std::uint64_t seed) {
  SeededDice dice(seed);
  Run run;
  for (const std::string& reply : replies) {
    AppliedReply applied = apply_reply(ruleset, game, reply, dice);
    run.replies.push_back(applied.played.text);
    for (const CheckResult& check : applied.checks) run.checks_rolled += check.refusal ? 0 : 1;
    game = std::move(applied.game);
  }
  run.game = game_text(ruleset, game);
  return run;
}

void check_replay(const std::string& package, const std::vector<std::string>& characters) {
  const Table t = table_for(package, characters);
  if (!t.loaded.ok()) return;
  const Ruleset& ruleset = *t.loaded.ruleset;
  int checks_rolled = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    ReplyMaker maker(ruleset, t.game, seed);
    std::vector<std::string> replies;
    for (int i = 0; i < 6; ++i) replies.push_back(maker.reply(12));
    const Run first = play_all(ruleset, t.game, replies, seed);
    const Run second = play_all(ruleset, t.game, replies, seed);
    ASSERT_EQ(first.replies, second.replies) << "seed " << seed;
    ASSERT_EQ(first.game, second.game) << "seed " << seed;
    checks_rolled += first.checks_rolled;
  }
  // The replies rolled dice, so the same game proves the same faces were thrown.
  EXPECT_GT(checks_rolled, 100) << package;
}

/// Every single command that is refused leaves the game's document exactly as it was.
void check_refusals_change_nothing(const std::string& package, const std::vector<std::string>& characters) {
  const Table t = table_for(package, characters);
  if (!t.loaded.ok()) return;
  const Ruleset& ruleset = *t.loaded.ruleset;
  SeededDice dice(7);
  Game game = t.game;
  int refused = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    ReplyMaker maker(ruleset, game, seed);
    for (int i = 0; i < 25; ++i) {
      const std::string reply = maker.reply(1);
      AppliedReply applied = apply_reply(ruleset, game, reply, dice);
      ASSERT_EQ(applied.played.receipts.size() + applied.checks.size(), 1u) << reply;
      const bool refused_check = !applied.checks.empty() && applied.checks[0].refusal;
      if (refused_check || (!applied.played.receipts.empty() && !applied.played.receipts[0].ok)) {
        ++refused;
        Game unchanged = game;
        unchanged.replies += 1;  // every reply is counted, refused or not
        ASSERT_EQ(game_text(ruleset, applied.game), game_text(ruleset, unchanged)) << reply << "\n"
                                                                                   << applied.played.text;
      }
      game = std::move(applied.game);
    }
  }
  EXPECT_GT(refused, 50);
}

TEST(PlayReplay, issue_10_same_replies_same_seed_same_game_gravewatch) {
  check_replay("rulesets/examples/gravewatch", {"mira.json"});
}

TEST(PlayReplay, issue_10_same_replies_same_seed_same_game_5e) {
  check_replay("rulesets/5e-2014", {"sample-cleric.json", "rulesets/scenes/crypt-of-the-ghouls/bram-ashford.json"});
}

TEST(PlayReplay, a_refused_command_changes_nothing_gravewatch) {
  check_refusals_change_nothing("rulesets/examples/gravewatch", {"mira.json"});
}

TEST(PlayReplay, a_refused_command_changes_nothing_5e) {
  check_refusals_change_nothing("rulesets/5e-2014",
                                {"sample-cleric.json", "rulesets/scenes/crypt-of-the-ghouls/bram-ashford.json"});
}

}  // namespace
}  // namespace rk::play
