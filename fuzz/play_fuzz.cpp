// Any bytes given as a Game Master's reply to a real game (Gravewatch: Mira and a second warden)
// must be applied without a crash, a hang or unbounded memory, answered with one receipt per tag,
// and leave a game that writes out.
// Run: build-fuzz/fuzz/play_fuzz tests/play/corpus
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "format/ruleset.hpp"
#include "play/apply.hpp"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

struct Table {
  rk::LoadResult loaded;
  rk::play::Game game;
};

Table make_table() {
  Table t{rk::load_ruleset(RK_FUZZ_RULESET), {}};
  require(t.loaded.ok());
  std::ifstream in(std::string(RK_FUZZ_RULESET) + "/characters/mira.json", std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  rk::Diagnostics d;
  auto mira = rk::parse_character(*t.loaded.ruleset, text.str(), "mira.json", d);
  require(mira.has_value());
  t.game.ruleset_id = t.loaded.ruleset->id;
  t.game.ruleset_version = t.loaded.ruleset->version;
  t.game.cards.push_back(*mira);
  mira->name = "Tomás Reyne";
  t.game.cards.push_back(*mira);
  t.game.player_name = "Mira";
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Table table = make_table();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  rk::SeededDice dice(size);
  const rk::play::AppliedReply applied = rk::play::apply_reply(*table.loaded.ruleset, table.game, input, dice);
  require(applied.game.cards.size() == table.game.cards.size());
  require(applied.game.replies == table.game.replies + 1);
  // A second reply on the changed game must work as well as the first.
  const rk::play::AppliedReply again = rk::play::apply_reply(*table.loaded.ruleset, applied.game, input, dice);
  require(again.played.receipts.size() == applied.played.receipts.size());
  return 0;
}
