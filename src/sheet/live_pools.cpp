#include "sheet/live_pools.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <unicode/locid.h>
#include <unicode/unistr.h>

namespace rk {

namespace {

/// JavaScript's white space and line terminators (ECMAScript WhiteSpace and LineTerminator).
bool is_js_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

bool is_continuation(unsigned char byte) { return (byte & 0xC0U) == 0x80U; }

/// The code point whose bytes are `text[begin, end)`; text is well-formed UTF-8 (documents and
/// replies are checked before they reach here).
char32_t code_point(std::string_view text, std::size_t begin, std::size_t end) {
  const auto lead = static_cast<unsigned char>(text[begin]);
  const std::size_t length = end - begin;
  char32_t c = length == 1 ? lead : length == 2 ? (lead & 0x1FU) : length == 3 ? (lead & 0x0FU) : (lead & 0x07U);
  for (std::size_t i = begin + 1; i < end; ++i) c = (c << 6U) | (static_cast<unsigned char>(text[i]) & 0x3FU);
  return c;
}

std::size_t next_boundary(std::string_view text, std::size_t at) {
  std::size_t next = at + 1;
  while (next < text.size() && is_continuation(static_cast<unsigned char>(text[next]))) ++next;
  return next;
}

std::size_t previous_boundary(std::string_view text, std::size_t at) {
  std::size_t previous = at - 1;
  while (previous > 0 && is_continuation(static_cast<unsigned char>(text[previous]))) --previous;
  return previous;
}

std::int64_t whole_number(const Scalar& value) {
  if (const auto* number = std::get_if<Number>(&value.value)) return number->floor().whole();
  return 0;
}

std::string text_cell(const RowView& row, const Id& column) {
  const auto cell = row.cells.find(column);
  if (cell == row.cells.end()) return {};
  const auto* text = std::get_if<std::string>(&cell->second.value);
  return text != nullptr ? *text : std::string();
}

}  // namespace

std::string_view trimmed(std::string_view text) {
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t next = next_boundary(text, begin);
    if (!is_js_space(code_point(text, begin, next))) break;
    begin = next;
  }
  std::size_t end = text.size();
  while (end > begin) {
    const std::size_t previous = previous_boundary(text, end);
    if (!is_js_space(code_point(text, previous, end))) break;
    end = previous;
  }
  return text.substr(begin, end - begin);
}

std::string lowered(std::string_view text) {
  // JavaScript's toLowerCase on ASCII is A-Z to a-z; ICU is only asked about the rest.
  if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
    std::string out(text);
    for (char& c : out) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
  }
  icu::UnicodeString unicode =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<std::int32_t>(text.size())));
  unicode.toLower(icu::Locale::getRoot());
  std::string out;
  unicode.toUTF8String(out);
  return out;
}

bool same_name(std::string_view a, std::string_view b) { return lowered(trimmed(a)) == lowered(trimmed(b)); }

bool hidden_on(const Sheet& sheet, const SheetView& view, const std::optional<HideWhen>& hide_when) {
  if (!hide_when || hide_when->field_index == kNone) return false;
  const auto field = view.fields.find(sheet.fields[hide_when->field_index].id);
  if (field == view.fields.end()) return false;
  const bool listed =
      std::find(hide_when->values.begin(), hide_when->values.end(), field->second) != hide_when->values.end();
  return hide_when->op == HideWhen::Op::NotEquals ? !listed : listed;
}

std::vector<LivePool> live_pools(const Ruleset& ruleset, const Character& character, const SheetView& view) {
  const Sheet& sheet = ruleset.sheet;
  std::vector<LivePool> pools;
  std::set<std::string> seen;
  for (const Pool& pool : sheet.pools) {
    if (hidden_on(sheet, view, pool.hide_when)) continue;
    const PoolView& shown = view.pools.at(pool.id);
    const std::int64_t max = std::min(kMaxLiveNumber, shown.max.whole());
    // A pool with no maximum is not a resource the character has: "no such thing", never "none left".
    if (max <= 0) continue;
    seen.insert(pool.id);
    LivePool live;
    live.key = pool.id;
    live.label = pool.label;
    live.group = pool.group;
    live.allow_temp = pool.allow_temp;
    live.max = max;
    live.current = std::clamp<std::int64_t>(shown.current.whole(), 0, max);
    live.temp = pool.allow_temp ? std::max<std::int64_t>(0, shown.temp.whole()) : 0;
    live.start = shown.start.whole();
    live.declared = &pool;
    live.level = shown.level;
    pools.push_back(std::move(live));
  }
  for (const List& list : sheet.lists) {
    // A hidden list is not on the sheet, and neither are its rows' pools.
    if (!list.pools || hidden_on(sheet, view, list.hide_when)) continue;
    const auto rows = view.lists.find(list.id);
    if (rows == view.lists.end()) continue;
    for (const RowView& row : rows->second) {
      if (pools.size() >= kMaxLivePools) break;
      const std::string name(trimmed(text_cell(row, list.pools->name_column)));
      const auto max_cell = row.cells.find(list.pools->max_column);
      const std::int64_t max = max_cell == row.cells.end() ? 0 : whole_number(max_cell->second);
      if (name.empty() || max <= 0) continue;
      std::string key = list.id + ":" + lowered(name);
      // Two rows under one name are one pool: the first row's.
      if (!seen.insert(key).second) continue;
      LivePool live;
      live.max = std::min(kMaxLiveNumber, max);
      const auto stored = character.pools.find(key);
      const std::int64_t current =
          stored != character.pools.end() && stored->second.current ? stored->second.current->whole() : live.max;
      live.key = std::move(key);
      live.label = name;
      live.list = list.id;
      if (!list.pools->recharge_column.empty()) live.recharge = text_cell(row, list.pools->recharge_column);
      live.current = std::clamp<std::int64_t>(current, 0, live.max);
      live.start = live.max;  // a row's pool starts full
      pools.push_back(std::move(live));
    }
  }
  return pools;
}

void store_pool(std::map<Id, PoolState>& stored, const LivePool& pool, std::int64_t current, std::int64_t temp) {
  if (current == pool.start && temp <= 0) {
    stored.erase(pool.key);
    return;
  }
  PoolState& state = stored[pool.key];
  state.current = Number::of(current);
  state.temp = Number::of(temp);
}

void store_pool(Character& character, const LivePool& pool, std::int64_t current, std::int64_t temp) {
  store_pool(character.pools, pool, current, temp);
}

}  // namespace rk
