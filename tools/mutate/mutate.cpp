// Seeded mutations of a ruleset document: collect every value with its pointer, draw a kind and a
// value that kind can change, change it, and say what changed.
#include "mutate/mutate.hpp"

#include <array>
#include <cmath>
#include <set>

#include <fmt/format.h>
#include <boost/json/serialize.hpp>

namespace rk::mutate {

namespace bj = boost::json;

namespace {

constexpr std::array<std::string_view, 11> kKindNames = {
    "drop-key",      "swap-type",    "number-past-limit", "number-fraction", "number-negative", "break-reference",
    "bad-id-syntax", "duplicate-id", "long-string",       "empty-value",     "unknown-key",
};
static_assert(kKindNames.size() == std::size(kAllKinds));

// Round sizes past which formats commonly stop; the draw takes one above the current value, so a
// limit anywhere between two of them is crossed by some seed.
constexpr std::array<std::int64_t, 6> kNumberSizes = {101, 1'001, 10'001, 100'001, 1'000'001, 1'000'000'000'000'001};
constexpr std::array<std::size_t, 8> kStringLengths = {65, 81, 121, 201, 501, 1'001, 4'001, 20'001};

constexpr std::string_view kMissingId = "zz_missing";
constexpr std::string_view kBadId = "Bad Id!";
constexpr std::string_view kUnknownKey = "zzUnknownKey";

/// One value of the document and where it sits.
struct Site {
  bj::value* value = nullptr;
  bj::object* parent_object = nullptr;  ///< set when the value is an object member
  std::string key;                      ///< its member name, when it is one
  std::string pointer;
};

bool annotation(std::string_view key) { return key == "$comment" || key == "$schema"; }

void collect(bj::value& v, bj::object* parent, std::string key, std::string pointer, std::vector<Site>& out) {
  out.push_back({&v, parent, key, pointer});
  if (v.is_object()) {
    auto& object = v.get_object();
    for (auto& member : object) {
      if (annotation(member.key())) continue;
      collect(member.value(), &object, std::string(member.key()), pointer + "/" + escape_token(member.key()), out);
    }
  } else if (v.is_array()) {
    auto& array = v.get_array();
    for (std::size_t i = 0; i < array.size(); ++i)
      collect(array[i], nullptr, "", fmt::format("{}/{}", pointer, i), out);
  }
}

std::string shown(const bj::value& v) {
  std::string text = bj::serialize(v);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

bool whole(const bj::value& v) {
  if (v.is_int64() || v.is_uint64()) return true;
  return v.is_double() && std::floor(v.get_double()) == v.get_double();
}

double as_double(const bj::value& v) {
  if (v.is_int64()) return static_cast<double>(v.get_int64());
  if (v.is_uint64()) return static_cast<double>(v.get_uint64());
  return v.get_double();
}

std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

/// Arrays in which at least two objects carry different string ids.
bool has_two_ids(const bj::value& v) {
  if (!v.is_array()) return false;
  std::set<std::string_view> ids;
  for (const auto& e : v.get_array()) {
    if (!e.is_object()) continue;
    if (const auto* id = e.get_object().if_contains("id"); id && id->is_string()) ids.insert(id->get_string());
  }
  return ids.size() >= 2;
}

bool eligible(Kind kind, const Site& s, const std::set<std::string>& ids) {
  const bool root = s.pointer.empty();
  const bj::value& v = *s.value;
  switch (kind) {
    case Kind::DropKey:
      return s.parent_object != nullptr;
    case Kind::SwapType:
      return !root;
    case Kind::NumberPastLimit:
      return v.is_number() && std::fabs(as_double(v)) < static_cast<double>(kNumberSizes.back());
    case Kind::NumberFraction:
      return v.is_number() && whole(v);
    case Kind::NumberNegative:
      return v.is_number();
    case Kind::BreakReference:
      return v.is_string() && s.key != "id" && ids.contains(std::string(v.get_string()));
    case Kind::BadIdSyntax:
      return v.is_string() && s.key == "id";
    case Kind::DuplicateId:
      return has_two_ids(v);
    case Kind::LongString:
      return v.is_string() && code_points(v.get_string()) < kStringLengths.back();
    case Kind::EmptyValue:
      return !root && ((v.is_string() && !v.get_string().empty()) || (v.is_array() && !v.get_array().empty()) ||
                       (v.is_object() && !v.get_object().empty()));
    case Kind::UnknownKey:
      return v.is_object() && !v.get_object().contains(kUnknownKey);
  }
  return false;
}

bj::value other_type(const bj::value& v, SplitMix64& rng) {
  std::vector<bj::value> options;
  if (!v.is_string()) options.emplace_back("text");
  if (!v.is_number()) options.emplace_back(7);
  if (!v.is_bool()) options.emplace_back(true);
  if (!v.is_null()) options.emplace_back(nullptr);
  if (!v.is_array()) options.emplace_back(bj::array{});
  if (!v.is_object()) options.emplace_back(bj::object{});
  return options[rng.below(options.size())];
}

/// Applies `kind` to the site and returns the words for what changed (and the pointer, which
/// moves for DuplicateId to the id that was overwritten).
std::string apply(Kind kind, Site& s, SplitMix64& rng, std::string& pointer) {
  bj::value& v = *s.value;
  const std::string before = shown(v);
  switch (kind) {
    case Kind::DropKey: {
      s.parent_object->erase(s.key);
      return fmt::format("removed `{}` (was {})", s.key, before);
    }
    case Kind::SwapType:
      v = other_type(v, rng);
      break;
    case Kind::NumberPastLimit: {
      const double magnitude = std::fabs(as_double(v));
      std::vector<std::int64_t> larger;
      for (auto n : kNumberSizes)
        if (static_cast<double>(n) > magnitude) larger.push_back(n);
      v = larger[rng.below(larger.size())];
      break;
    }
    case Kind::NumberFraction:
      v = as_double(v) + 0.5;
      break;
    case Kind::NumberNegative: {
      if (v.is_int64() || v.is_uint64()) {
        v = -static_cast<std::int64_t>(std::llround(std::fabs(as_double(v)))) - 1;
      } else {
        v = -std::fabs(v.get_double()) - 1;
      }
      break;
    }
    case Kind::BreakReference:
      v = kMissingId;
      break;
    case Kind::BadIdSyntax:
      v = kBadId;
      break;
    case Kind::DuplicateId: {
      auto& array = v.get_array();
      std::vector<std::size_t> with_id;
      for (std::size_t i = 0; i < array.size(); ++i) {
        if (!array[i].is_object()) continue;
        if (const auto* id = array[i].get_object().if_contains("id"); id && id->is_string()) with_id.push_back(i);
      }
      // Draw a pair with different ids; has_two_ids guarantees one exists.
      for (;;) {
        const std::size_t from = with_id[rng.below(with_id.size())];
        const std::size_t to = with_id[rng.below(with_id.size())];
        const bj::value source = array[from].get_object().at("id");
        bj::value& target = array[to].get_object().at("id");
        if (target == source) continue;
        const std::string old_id = shown(target);
        target = source;
        pointer = fmt::format("{}/{}/id", s.pointer, to);
        return fmt::format("entry {} takes the id {} of entry {} (was {})", to, shown(source), from, old_id);
      }
    }
    case Kind::LongString: {
      std::string text(v.get_string());
      const std::size_t have = code_points(text);
      std::vector<std::size_t> longer;
      for (auto n : kStringLengths)
        if (n > have) longer.push_back(n);
      const std::size_t target = longer[rng.below(longer.size())];
      text.append(target - have, 'a');
      v = text;
      return fmt::format("{} lengthened to {} characters", before, target);
    }
    case Kind::EmptyValue:
      if (v.is_string())
        v = "";
      else if (v.is_array())
        v = bj::array{};
      else
        v = bj::object{};
      break;
    case Kind::UnknownKey: {
      v.get_object()[kUnknownKey] = 1;
      return fmt::format("added `{}`: 1", kUnknownKey);
    }
  }
  return fmt::format("{} -> {}", before, shown(v));
}

}  // namespace

std::uint64_t SplitMix64::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t bound) {
  // Lemire, "Fast Random Integer Generation in an Interval" (2019).
  unsigned __int128 m = static_cast<unsigned __int128>(next()) * bound;
  auto low = static_cast<std::uint64_t>(m);
  if (low < bound) {
    const std::uint64_t threshold = -bound % bound;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(next()) * bound;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

std::string_view kind_name(Kind kind) { return kKindNames[static_cast<std::size_t>(kind)]; }

std::optional<Kind> kind_from_name(std::string_view name) {
  for (Kind k : kAllKinds)
    if (kind_name(k) == name) return k;
  return std::nullopt;
}

std::string escape_token(std::string_view token) {
  std::string out;
  for (char c : token) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::optional<Mutation> mutate(const bj::value& base, std::uint64_t seed, std::size_t index) {
  // Each index has its own stream, so mutation 700 does not depend on mutations 0 .. 699.
  SplitMix64 rng(seed ^ (0xD1B54A32D192ED03ULL * (index + 1)));
  rng.next();
  Mutation m;
  m.index = index;
  m.document = base;
  std::vector<Site> sites;
  collect(m.document, nullptr, "", "", sites);
  std::set<std::string> ids;
  for (const auto& s : sites)
    if (s.key == "id" && s.value->is_string()) ids.insert(std::string(s.value->get_string()));
  ids.erase(std::string(kMissingId));

  const std::size_t first = rng.below(std::size(kAllKinds));
  for (std::size_t step = 0; step < std::size(kAllKinds); ++step) {
    const Kind kind = kAllKinds[(first + step) % std::size(kAllKinds)];
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i < sites.size(); ++i)
      if (eligible(kind, sites[i], ids)) candidates.push_back(i);
    if (candidates.empty()) continue;
    Site& site = sites[candidates[rng.below(candidates.size())]];
    m.kind = kind;
    m.pointer = site.pointer;
    m.change = apply(kind, site, rng, m.pointer);
    return m;
  }
  return std::nullopt;
}

std::vector<Mutation> mutations(const bj::value& base, std::uint64_t seed, std::size_t count) {
  std::vector<Mutation> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    if (auto m = mutate(base, seed, i)) out.push_back(std::move(*m));
  return out;
}

}  // namespace rk::mutate
