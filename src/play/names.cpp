// A character's key (docs/format/game.md "Names and keys"): the original engine's
// normalizeCharacterLookupName, step for step, so a name keys the same live values here and there.
// ICU does the Unicode work (NFKD, the full locale-independent lower case with its final-sigma rule,
// general categories): the three tables are too large and too easy to get subtly wrong by hand.
#include <algorithm>
#include <string>
#include <string_view>

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include "play/game.hpp"

namespace rk::play {

namespace {

bool is_combining_diacritic(UChar32 c) { return c >= 0x0300 && c <= 0x036F; }

bool is_letter_number_or_mark(UChar32 c) { return (U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_N_MASK | U_GC_M_MASK)) != 0; }

bool is_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

/// The same steps on ASCII, where they are plain: NFKD changes nothing, there are no marks, the
/// lower case is A-Z to a-z, and the letters and numbers are the letters and digits.
std::string normalized_ascii_name(std::string_view name) {
  std::string key;
  bool pending_space = false;
  for (const char c : name) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (!letter && !(c >= '0' && c <= '9')) {
      pending_space = true;
      continue;
    }
    if (pending_space && !key.empty()) key.push_back(' ');
    pending_space = false;
    key.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return key;
}

}  // namespace

std::string normalized_name(std::string_view name) {
  // Names are nearly always ASCII, and a reply reads every card's name for every command.
  if (is_ascii(name)) return normalized_ascii_name(name);
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkd = icu::Normalizer2::getNFKDInstance(status);
  if (U_FAILURE(status)) return {};
  const icu::UnicodeString source =
      icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<std::int32_t>(name.size())));
  icu::UnicodeString decomposed = nfkd->normalize(source, status);
  if (U_FAILURE(status)) return {};

  icu::UnicodeString unmarked;
  for (std::int32_t i = 0; i < decomposed.length(); i = decomposed.moveIndex32(i, 1)) {
    const UChar32 c = decomposed.char32At(i);
    if (!is_combining_diacritic(c)) unmarked.append(c);
  }
  unmarked.toLower(icu::Locale::getRoot());

  icu::UnicodeString key;
  bool pending_space = false;
  for (std::int32_t i = 0; i < unmarked.length(); i = unmarked.moveIndex32(i, 1)) {
    const UChar32 c = unmarked.char32At(i);
    if (!is_letter_number_or_mark(c)) {
      pending_space = true;
      continue;
    }
    if (pending_space && key.length() > 0) key.append(static_cast<UChar>(u' '));
    pending_space = false;
    key.append(c);
  }
  std::string out;
  key.toUTF8String(out);
  return out;
}

std::ptrdiff_t card_named(const Game& game, std::string_view name) {
  const std::string key = normalized_name(name);
  if (key.empty()) return -1;
  for (std::size_t i = 0; i < game.cards.size(); ++i) {
    if (normalized_name(game.cards[i].name) == key) return static_cast<std::ptrdiff_t>(i);
  }
  return -1;
}

}  // namespace rk::play
