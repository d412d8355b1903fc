// Any bytes given to the guided builder of the 5e-2014 package — as a character document with
// stored answers, or as an action — must be applied or refused, never crash, and an applied
// action must leave a character that re-opens unchanged.
// Run: build-fuzz/fuzz/builder_fuzz docs/format/examples
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <boost/json.hpp>

#include "builder/builder.hpp"
#include "format/ruleset.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const rk::LoadResult ruleset = rk::load_ruleset(RK_FUZZ_5E);
  if (!ruleset.ruleset) std::abort();
  static const rk::CatalogSet catalogs(ruleset.ruleset, RK_FUZZ_5E, "");
  static const rk::BuilderResult blank = rk::open_builder(catalogs, rk::blank_character(*ruleset.ruleset));
  const std::string text(reinterpret_cast<const char*>(data), size);

  rk::Diagnostics diagnostics;
  if (auto character = rk::parse_character(*ruleset.ruleset, text, "fuzz", diagnostics)) {
    rk::Diagnostics stored;
    rk::read_builder_answers(character->builder, stored);
    if (!stored.has_errors()) (void)rk::open_builder(catalogs, *character);
  }

  boost::system::error_code ec;
  const boost::json::value action = boost::json::parse(text, ec);
  if (ec) return 0;
  const auto apply = [&](const boost::json::value& a) {
    rk::SeededDice dice(size);
    rk::Diagnostics refused;
    if (auto next = rk::apply_action(catalogs, blank.character, a, dice, refused)) {
      const rk::BuilderResult again = rk::open_builder(catalogs, next->character);
      if (!(rk::character_to_json(again.character) == rk::character_to_json(next->character))) std::abort();
    }
  };
  if (action.is_array()) {
    for (const auto& a : action.as_array()) apply(a);
  } else {
    apply(action);
  }
  return 0;
}
