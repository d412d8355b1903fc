#include "format/reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_set>

#include "format/limits.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk {

std::size_t text_length(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

namespace {

// One code point of valid UTF-8 (the JSON parser has checked it) and its length in bytes.
char32_t code_point_at(std::string_view text, std::size_t i, std::size_t& length) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(i + k < text.size() ? text[i + k] : 0); };
  const unsigned char c = byte(0);
  length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  if (length == 1) return c;
  char32_t cp = length == 2 ? (c & 0x1F) : length == 3 ? (c & 0x0F) : (c & 0x07);
  for (std::size_t k = 1; k < length; ++k) cp = (cp << 6) | (byte(k) & 0x3F);
  return cp;
}

// Full-width forms read as their ASCII originals to a model: `［` is a bracket, `｛｛` a macro.
char32_t ascii_look_alike(char32_t cp) {
  switch (cp) {
    case 0xFF3B:
      return '[';
    case 0xFF3D:
      return ']';
    case 0xFF5B:
      return '{';
    case 0xFF5D:
      return '}';
    default:
      return cp;
  }
}

bool reorders_text(char32_t cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

// Zero-width characters that hide text or split words invisibly. The joiners U+200C and U+200D are
// not among them: Indic and Arabic scripts and emoji sequences need them.
bool invisible(char32_t cp) { return cp == 0x200B || (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF || cp == 0x180E; }

}  // namespace

std::optional<std::string> prompt_safety_problem(std::string_view text, bool allow_line_breaks) {
  // Most texts are printable ASCII with no bracket or brace: safe without decoding a code point.
  if (std::all_of(text.begin(), text.end(),
                  [](char c) { return c >= 0x20 && c < 0x7F && c != '[' && c != ']' && c != '{' && c != '}'; }))
    return std::nullopt;
  char32_t previous = 0;
  for (std::size_t i = 0, length = 1; i < text.size(); i += length) {
    const char32_t cp = ascii_look_alike(code_point_at(text, i, length));
    if (cp == '\n' || cp == '\r' || cp == 0x2028 || cp == 0x2029) {  // U+2028/2029 break lines too
      previous = cp;
      if (allow_line_breaks) continue;
      return "it must be a single line";
    }
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) return "it contains a control character";
    if (reorders_text(cp)) {
      return fmt::format("it contains a direction control character (U+{:04X}) that reorders the text around it",
                         static_cast<unsigned>(cp));
    }
    if (invisible(cp)) return fmt::format("it contains an invisible character (U+{:04X})", static_cast<unsigned>(cp));
    if (cp == '[' || cp == ']') return "it contains a square bracket";
    if ((cp == '{' || cp == '}') && previous == cp) return "it contains macro braces `{{` or `}}`";
    previous = cp;
  }
  return std::nullopt;
}

bool is_valid_id(std::string_view id) {
  if (id.empty() || id.size() > limits::kIdLength) return false;
  if (id.front() == '-' || id.front() == '.') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
}

std::optional<Number> to_number(const bj::value& v) {
  if (v.is_int64()) {
    if (std::llabs(v.get_int64()) > Number::kMaxRaw / Number::kScale) return std::nullopt;
    return Number::of(v.get_int64());
  }
  if (v.is_uint64()) {
    if (v.get_uint64() > static_cast<std::uint64_t>(Number::kMaxRaw / Number::kScale)) return std::nullopt;
    return Number::of(static_cast<std::int64_t>(v.get_uint64()));
  }
  if (v.is_double()) return Number::from_double(v.get_double());
  return std::nullopt;
}

std::optional<Scalar> typed_scalar(const bj::value& v, ValueType type) {
  switch (type) {
    case ValueType::Number:
      if (v.is_number()) {
        if (auto n = to_number(v)) return Scalar{*n};
      }
      return std::nullopt;
    case ValueType::Boolean:
      return v.is_bool() ? std::optional<Scalar>(Scalar{v.get_bool()}) : std::nullopt;
    default:
      return v.is_string() ? std::optional<Scalar>(Scalar{std::string(v.get_string())}) : std::nullopt;
  }
}

std::string_view json_type_name(const bj::value& v) {
  switch (v.kind()) {
    case bj::kind::null:
      return "null";
    case bj::kind::bool_:
      return "a boolean";
    case bj::kind::int64:
    case bj::kind::uint64:
    case bj::kind::double_:
      return "a number";
    case bj::kind::string:
      return "a string";
    case bj::kind::array:
      return "an array";
    case bj::kind::object:
      return "an object";
  }
  return "a value";
}

ObjectReader::ObjectReader(const bj::value& v, std::string pointer, std::string what, Diagnostics& diagnostics)
    : pointer_(std::move(pointer)),
      what_(std::move(what)),
      diagnostics_(diagnostics),
      first_diagnostic_(diagnostics.items().size()) {
  if (v.is_object()) {
    object_ = &v.get_object();
  } else {
    diagnostics_.error(Code::WrongType, pointer_, "{}: expected an object, found {}", what_, json_type_name(v));
  }
}

ObjectReader::~ObjectReader() { finish(); }

std::string ObjectReader::at(std::string_view key) const { return json::child(pointer_, key); }

void ObjectReader::remember_absent(std::string_view key) const {
  if (absent_spilled_.empty() && absent_size_ + key.size() + 1 <= kAbsentInPlace) {
    std::copy(key.begin(), key.end(), absent_in_place_.begin() + static_cast<std::ptrdiff_t>(absent_size_));
    absent_size_ += key.size();
    absent_in_place_[absent_size_++] = '\0';
    return;
  }
  if (absent_spilled_.empty()) absent_spilled_.assign(absent_in_place_.data(), absent_size_);
  absent_spilled_.append(key);
  absent_spilled_.push_back('\0');
}

void ObjectReader::mark_read(std::size_t member) {
  constexpr std::size_t kFew = 64;
  if (member < kFew) {
    read_few_ |= std::uint64_t{1} << member;
    return;
  }
  if (read_many_.size() <= member - kFew) read_many_.resize(object_->size() - kFew, false);
  read_many_[member - kFew] = true;
}

bool ObjectReader::was_read(std::size_t member) const {
  constexpr std::size_t kFew = 64;
  if (member < kFew) return ((read_few_ >> member) & 1U) != 0;
  return member - kFew < read_many_.size() && read_many_[member - kFew];
}

bool ObjectReader::has(std::string_view key) const {
  if (object_ == nullptr) return false;
  const auto it = object_->find(key);
  const bool present = it != object_->end();
  // A key only looked for is not accepted, but is what a misspelt key may have meant.
  if (!present || !was_read(static_cast<std::size_t>(it - object_->begin()))) remember_absent(key);
  return present;
}

const bj::value* ObjectReader::get(std::string_view key) {
  if (object_ == nullptr) return nullptr;
  const auto it = object_->find(key);
  if (it == object_->end()) {
    remember_absent(key);
    return nullptr;
  }
  mark_read(static_cast<std::size_t>(it - object_->begin()));
  return &it->value();
}

void ObjectReader::wrong_type(std::string_view key, std::string_view expected, const bj::value& v) {
  error(Code::WrongType, key, "`{}` must be {}, found {}", key, expected, json_type_name(v));
}

std::optional<std::string> ObjectReader::string(std::string_view key, bool required, std::size_t max_length) {
  const bj::value* v = get(key);
  if (v == nullptr) {
    if (required && ok()) error(Code::MissingKey, "", "`{}` is required", key);
    return std::nullopt;
  }
  if (!v->is_string()) {
    wrong_type(key, "a string", *v);
    return std::nullopt;
  }
  std::string s(v->get_string());
  if (text_length(s) > max_length) {
    error(Code::TooLong, key, "`{}` is {} characters long; the limit is {}", key, text_length(s), max_length);
    return std::nullopt;
  }
  return s;
}

std::optional<std::string> ObjectReader::prompt_text(std::string_view key, bool required, std::size_t max_length,
                                                     std::size_t min_length) {
  auto s = string(key, required, max_length);
  if (!s) return s;
  if (text_length(*s) < min_length) {
    error(Code::BadValue, key, "`{}` is empty; it holds {}-{} characters", key, min_length, max_length);
    return std::nullopt;
  }
  if (auto problem = prompt_safety_problem(*s)) {
    error(Code::NotPromptSafe, key, "`{}` is not prompt-safe: {}", key, *problem);
    return std::nullopt;
  }
  return s;
}

std::optional<std::string> ObjectReader::id(std::string_view key, bool required) {
  // Any length is read: is_valid_id refuses a long id as a bad id, naming its syntax.
  auto s = string(key, required, std::numeric_limits<std::size_t>::max());
  if (!s) return s;
  if (!is_valid_id(*s)) {
    error(Code::BadId, key, "`{}` is \"{}\", which is not a valid id (1-64 letters, digits, `_`, `-`, `.`)", key,
          s->substr(0, 80));
    return std::nullopt;
  }
  return s;
}

std::optional<Number> ObjectReader::number(std::string_view key, bool required, bool integer) {
  const bj::value* v = get(key);
  if (v == nullptr) {
    if (required && ok()) error(Code::MissingKey, "", "`{}` is required", key);
    return std::nullopt;
  }
  if (!v->is_number()) {
    wrong_type(key, integer ? "an integer" : "a number", *v);
    return std::nullopt;
  }
  auto n = to_number(*v);
  if (!n) {
    error(Code::BadNumber, key, "`{}` has more than four decimal places or is too large", key);
    return std::nullopt;
  }
  if (integer && !n->is_integer()) {
    error(Code::BadNumber, key, "`{}` must be an integer, found {}", key, n->to_string());
    return std::nullopt;
  }
  return n;
}

std::optional<bool> ObjectReader::boolean(std::string_view key) {
  const bj::value* v = get(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_bool()) {
    wrong_type(key, "a boolean", *v);
    return std::nullopt;
  }
  return v->get_bool();
}

const bj::array* ObjectReader::array(std::string_view key, bool required) {
  const bj::value* v = get(key);
  if (v == nullptr) {
    if (required && ok()) error(Code::MissingKey, "", "`{}` is required", key);
    return nullptr;
  }
  if (!v->is_array()) {
    wrong_type(key, "an array", *v);
    return nullptr;
  }
  return &v->get_array();
}

const bj::object* ObjectReader::object(std::string_view key, bool required) {
  const bj::value* v = get(key);
  if (v == nullptr) {
    if (required && ok()) error(Code::MissingKey, "", "`{}` is required", key);
    return nullptr;
  }
  if (!v->is_object()) {
    wrong_type(key, "an object", *v);
    return nullptr;
  }
  return &v->get_object();
}

std::optional<std::vector<std::string>> ObjectReader::id_list(std::string_view key, bool required) {
  const bj::array* a = array(key, required);
  if (a == nullptr) return std::nullopt;
  std::vector<std::string> out;
  UniqueIds seen(fmt::format("{}: `{}`", what_, key), UniqueIds::Kind::Listed);
  bool good = true;
  for (std::size_t i = 0; i < a->size(); ++i) {
    const bj::value& item = (*a)[i];
    const std::string p = json::child(at(key), i);
    if (!item.is_string()) {
      diagnostics_.error(Code::WrongType, p, "{}: `{}` must hold ids (strings), found {}", what_, key,
                         json_type_name(item));
      good = false;
      continue;
    }
    std::string s(item.get_string());
    if (!is_valid_id(s)) {
      diagnostics_.error(Code::BadId, p, "{}: \"{}\" in `{}` is not a valid id", what_, s.substr(0, 80), key);
      good = false;
      continue;
    }
    if (!seen.add(s, p, diagnostics_)) {
      good = false;
      continue;
    }
    out.push_back(std::move(s));
  }
  if (!good) return out;  // the valid ones, so later checks still run
  return out;
}

void ObjectReader::not_one_of(std::string_view key, std::string_view found, std::string_view words,
                              const std::vector<std::string>& names) {
  error(Code::BadValue, key, "`{}` is one of {}, found \"{}\"{}", key, words,
        found.substr(0, limits::kChoiceWordLength), did_you_mean(found, names));
}

bool ObjectReader::check_limit(const limits::CountLimit& limit, std::size_t n, std::string_view key) {
  if (n <= limit.value) return true;
  rk::check_limit(limit, n, key.empty() ? pointer_ : at(key), fmt::format("{}: `{}`", what_, key), diagnostics_);
  return false;
}

std::string ObjectReader::label(std::size_t max_length) { return prompt_text("label", true, max_length).value_or(""); }

void ObjectReader::finish() {
  if (finished_ || object_ == nullptr) return;
  finished_ = true;
  const auto unread = [&](std::size_t m) { return !was_read(m); };
  bool any_unread = false;
  for (std::size_t m = 0; m < object_->size() && !any_unread; ++m) any_unread = unread(m);
  if (!any_unread) return;
  // The keys this object was refused for missing (every backticked word of its missing-key
  // errors), so that a misspelt key is one error at the typo, not a missing key as well.
  std::map<std::string, std::size_t, std::less<>> missing;
  auto& items = diagnostics_.items();
  for (std::size_t i = first_diagnostic_; i < items.size(); ++i) {
    if (items[i].code != Code::MissingKey || items[i].pointer != pointer_) continue;
    const std::string& m = items[i].message;
    for (std::size_t open = m.find('`'); open != std::string::npos; open = m.find('`', open + 1)) {
      const std::size_t close = m.find('`', open + 1);
      if (close == std::string::npos) break;
      missing.emplace(m.substr(open + 1, close - open - 1), i);
      open = close;
    }
  }
  std::size_t member = 0;
  // What a misspelt key may have meant: every key read, and every key asked for or looked for.
  std::vector<std::string> candidates;
  for (const auto& m : *object_) {
    if (!unread(member++)) candidates.emplace_back(m.key());
  }
  const std::string_view absent =
      absent_spilled_.empty() ? std::string_view(absent_in_place_.data(), absent_size_) : absent_spilled_;
  for (std::size_t at = 0; at < absent.size();) {
    const std::size_t end = absent.find('\0', at);
    const std::string_view word = absent.substr(at, end - at);
    if (std::find(candidates.begin(), candidates.end(), word) == candidates.end()) candidates.emplace_back(word);
    at = end + 1;
  }
  member = 0;
  for (const auto& m : *object_) {
    const std::string_view key = m.key();
    if (!unread(member++)) continue;
    const std::optional<std::string> nearest = nearest_word(key, candidates);
    const std::string suggestion = nearest ? fmt::format(" (did you mean `{}`?)", *nearest) : "";
    const auto meant = nearest ? missing.find(*nearest) : missing.end();
    if (meant != missing.end() && items[meant->second].code == Code::MissingKey) {
      Diagnostic& d = items[meant->second];
      const std::string prefix = what_ + ": ";
      const std::string rule = d.message.starts_with(prefix) ? d.message.substr(prefix.size()) : d.message;
      d.code = Code::UnknownKey;
      d.pointer = at(key);
      d.message = fmt::format("{}unknown key `{}`{}; {}", prefix, key, suggestion, rule);
      continue;
    }
    diagnostics_.error(Code::UnknownKey, at(key), "{}: unknown key `{}`{}", what_, key, suggestion);
  }
}

namespace {

void strip_annotations_below(bj::value& v, bool is_root) {
  if (v.is_array()) {
    for (bj::value& element : v.get_array()) strip_annotations_below(element, false);
    return;
  }
  if (!v.is_object()) return;
  bj::object& object = v.get_object();
  object.erase("$comment");
  if (is_root) object.erase("$schema");
  for (auto& member : object) strip_annotations_below(member.value(), false);
}

}  // namespace

void strip_annotations(bj::value& root) { strip_annotations_below(root, true); }

void report_duplicate_ids(const std::vector<std::pair<std::string, std::string>>& ids_with_pointers,
                          std::string_view what, Diagnostics& diagnostics) {
  UniqueIds seen{std::string(what)};
  for (const auto& [id, pointer] : ids_with_pointers) seen.add(id, pointer, diagnostics);
}

}  // namespace rk
