#include "json/document.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <forward_list>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/monotonic_resource.hpp>
#include <boost/json/value_stack.hpp>

namespace rk::json {

std::string child(std::string_view pointer, std::string_view key) {
  std::string out(pointer);
  out.push_back('/');
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string child(std::string_view pointer, std::size_t index) {
  return std::string(pointer) + "/" + std::to_string(index);
}

LineColumnSweep::LineColumnSweep(std::string_view text) : text_(text) {}

std::pair<int, int> LineColumnSweep::at(std::size_t offset) {
  const std::size_t end = std::min(offset, text_.size());
  if (end < pos_) {  // only forward; a step back starts over
    pos_ = 0;
    line_ = 1;
    column_ = 1;
  }
  for (; pos_ < end; ++pos_) {
    const auto c = static_cast<unsigned char>(text_[pos_]);
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if (c == '\r') {
      if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') continue;  // "\r\n" is one break
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0) != 0x80) {  // count code points, not UTF-8 continuation bytes
      ++column_;
    }
  }
  return {line_, column_};
}

std::pair<int, int> line_column(std::string_view text, std::size_t offset) { return LineColumnSweep(text).at(offset); }

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A cursor over text that Boost.JSON has already accepted: it only finds token boundaries and
// never judges syntax, so it needs no error paths.
struct Cursor {
  std::string_view text;
  std::size_t pos = 0;

  char peek() const { return text[pos]; }
  void skip_space() {
    while (pos < text.size() && is_space(text[pos])) ++pos;
  }
  /// At an opening quote: moves past the closing one and returns what is between, escapes as written.
  std::string_view raw_string() {
    const std::size_t start = ++pos;
    while (text[pos] != '"') pos += text[pos] == '\\' ? 2 : 1;
    return text.substr(start, pos++ - start);
  }
  /// At a number, `true`, `false` or `null`: moves past it and returns its text.
  std::string_view raw_scalar() {
    const std::size_t start = pos;
    while (pos < text.size() && text[pos] != ',' && text[pos] != '}' && text[pos] != ']' && !is_space(text[pos])) ++pos;
    return text.substr(start, pos - start);
  }
  /// Moves past one value of any kind, building nothing.
  void skip_value() {
    const char c = text[pos];
    if (c == '"') {
      raw_string();
      return;
    }
    if (c != '{' && c != '[') {
      raw_scalar();
      return;
    }
    std::size_t depth = 0;
    do {
      const char d = text[pos];
      if (d == '"') {
        raw_string();
        continue;
      }
      if (d == '{' || d == '[') {
        ++depth;
      } else if (d == '}' || d == ']') {
        --depth;
      }
      ++pos;
    } while (depth > 0);
  }
  /// At the ':' or ',' after a key or a value (whitespace allowed before it): moves past it and
  /// the whitespace after.
  void skip_separator() {
    skip_space();
    if (pos < text.size() && (text[pos] == ':' || text[pos] == ',')) ++pos;
    skip_space();
  }
};

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

/// The text a raw (already valid) JSON string stands for, escapes resolved.
std::string decode(std::string_view raw) {
  auto hex4 = [&](std::size_t at) {
    unsigned v = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      const char c = raw[at + i];
      v = v * 16 + static_cast<unsigned>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
  };
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size();) {
    if (raw[i] != '\\') {
      out.push_back(raw[i++]);
      continue;
    }
    const char e = raw[i + 1];
    i += 2;
    switch (e) {
      case 'n':
        out.push_back('\n');
        break;
      case 't':
        out.push_back('\t');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case 'b':
        out.push_back('\b');
        break;
      case 'f':
        out.push_back('\f');
        break;
      case 'u': {
        unsigned cp = hex4(i);
        i += 4;
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= raw.size() && raw[i] == '\\' && raw[i + 1] == 'u') {
          const unsigned low = hex4(i + 2);
          if (low >= 0xDC00 && low <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            i += 6;
          }
        }
        append_utf8(out, cp);
        break;
      }
      default:
        out.push_back(e);  // '"', '\\', '/'
    }
  }
  return out;
}

/// One reference token of a JSON Pointer, unescaped (RFC 6901: "~1" is '/', "~0" is '~').
std::string unescape_token(std::string_view token) {
  std::string out;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out.push_back(token[i + 1] == '1' ? '/' : '~');
      ++i;
    } else {
      out.push_back(token[i]);
    }
  }
  return out;
}

// The pointers asked for, as a tree of their tokens, filled with offsets by one walk over the
// text that descends only into values some pointer goes through and skims past all others.
class PointerTrie {
 public:
  explicit PointerTrie(std::string_view text) : cursor_{text} { nodes_.emplace_back(); }

  std::size_t add(std::string_view pointer) {
    std::size_t node = 0;
    std::size_t at = 0;
    while (at < pointer.size()) {  // every token is preceded by '/'
      const std::size_t next = std::min(pointer.find('/', at + 1), pointer.size());
      std::string token = unescape_token(pointer.substr(at + 1, next - at - 1));
      std::size_t found = child_named(node, token);
      if (found == kNone) {
        found = nodes_.size();
        nodes_[node].add_child(std::move(token), found);
        nodes_.emplace_back();
        nodes_[found].parent = node;
      }
      node = found;
      at = next;
    }
    return node;
  }

  void walk() {
    cursor_.skip_space();
    walk(0, cursor_.pos);
  }

  /// The offset of a node's value, or of its nearest ancestor the text has.
  std::int64_t offset(std::size_t node) const {
    while (nodes_[node].offset < 0 && node != 0) node = nodes_[node].parent;
    return nodes_[node].offset;
  }

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  struct TransparentHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  // Children are few almost everywhere and compared in place; a node that many pointers pass
  // through (a hostile file's 96,000 unknown keys under the root) hashes them.
  struct Node {
    static constexpr std::size_t kInPlace = 8;
    std::vector<std::pair<std::string, std::size_t>> few;
    std::unordered_map<std::string, std::size_t, TransparentHash, std::equal_to<>> many;
    std::size_t parent = 0;
    std::int64_t offset = -1;

    bool has_children() const { return !few.empty() || !many.empty(); }
    void add_child(std::string name, std::size_t index) {
      if (many.empty() && few.size() < kInPlace) {
        few.emplace_back(std::move(name), index);
        return;
      }
      if (many.empty()) {
        for (auto& [n, i] : few) many.emplace(std::move(n), i);
        few.clear();
      }
      many.emplace(std::move(name), index);
    }
  };

  std::size_t child_named(std::size_t node, std::string_view key) const {
    const Node& n = nodes_[node];
    if (!n.many.empty()) {
      const auto it = n.many.find(key);
      return it == n.many.end() ? kNone : it->second;
    }
    for (const auto& [name, index] : n.few) {
      if (name == key) return index;
    }
    return kNone;
  }

  void walk(std::size_t node, std::size_t where) {
    nodes_[node].offset = static_cast<std::int64_t>(where);
    Cursor& c = cursor_;
    const char ch = c.peek();
    if (!nodes_[node].has_children() || (ch != '{' && ch != '[')) {
      c.skip_value();
      return;
    }
    ++c.pos;
    c.skip_space();
    const char close = ch == '{' ? '}' : ']';
    std::size_t index = 0;
    std::string decoded;
    while (c.peek() != close) {
      const std::size_t start = c.pos;
      std::size_t next = kNone;
      if (ch == '{') {
        const std::string_view raw = c.raw_string();
        if (raw.find('\\') == std::string_view::npos) {
          next = child_named(node, raw);
        } else {
          decoded = decode(raw);
          next = child_named(node, decoded);
        }
        c.skip_separator();
      } else {
        next = child_named(node, std::to_string(index++));
      }
      if (next == kNone) {
        c.skip_value();
      } else {
        walk(next, start);
      }
      c.skip_separator();
    }
    ++c.pos;
  }

  Cursor cursor_;
  std::vector<Node> nodes_;
};

}  // namespace

std::vector<std::int64_t> Document::offsets_of(const std::vector<std::string_view>& pointers) const {
  PointerTrie trie(text_);
  std::vector<std::size_t> nodes;
  nodes.reserve(pointers.size());
  for (std::string_view p : pointers) nodes.push_back(trie.add(p));
  trie.walk();
  std::vector<std::int64_t> out;
  out.reserve(nodes.size());
  for (std::size_t node : nodes) out.push_back(trie.offset(node));
  return out;
}

std::int64_t Document::offset_of(std::string_view pointer) const { return offsets_of({pointer}).front(); }

void Document::locate(Diagnostics& diagnostics) const {
  // One walk for the offsets and one sweep for line and column, for all diagnostics together: a
  // file with many diagnostics costs two passes, not two passes each, and a clean file none.
  std::vector<Diagnostic*> unplaced;
  std::vector<std::string_view> pointers;
  for (auto& d : diagnostics.items()) {
    if (!d.file.empty() && d.file != file_) continue;
    if (d.offset >= 0 && d.line > 0) continue;
    d.file = file_;
    if (d.offset < 0) {
      unplaced.push_back(&d);
      pointers.push_back(d.pointer);
    }
  }
  if (!pointers.empty()) {
    const std::vector<std::int64_t> offsets = offsets_of(pointers);
    for (std::size_t i = 0; i < unplaced.size(); ++i) unplaced[i]->offset = offsets[i];
  }
  std::vector<std::pair<std::size_t, Diagnostic*>> pending;
  for (auto& d : diagnostics.items()) {
    if (d.file != file_ || d.line > 0 || d.offset < 0) continue;
    pending.emplace_back(static_cast<std::size_t>(d.offset), &d);
  }
  if (pending.empty()) return;
  std::sort(pending.begin(), pending.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  LineColumnSweep sweep(text_);
  for (auto& [offset, d] : pending) std::tie(d->line, d->column) = sweep.at(offset);
}

namespace {

// The decimal places of a number as written (RFC 8259 syntax, already validated): "1.50" has one,
// "125e-2" two, "1e-999" 999, "1.00000000000000000000001" 23 — what the double cannot tell.
std::size_t written_decimal_places(std::string_view token) {
  std::size_t i = token.empty() || token[0] != '-' ? 0 : 1;
  std::int64_t digits = 0;         // the mantissa's digits, integer and fraction together
  std::int64_t last_nonzero = -1;  // the index among them of the last one that is not 0
  std::int64_t scale = 0;          // value = mantissa × 10^-scale
  for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i, ++digits) {
    if (token[i] != '0') last_nonzero = digits;
  }
  if (i < token.size() && token[i] == '.') {
    for (++i; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i, ++digits, ++scale) {
      if (token[i] != '0') last_nonzero = digits;
    }
  }
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    const bool negative = i < token.size() && token[i] == '-';
    if (i < token.size() && (token[i] == '-' || token[i] == '+')) ++i;
    std::int64_t exponent = 0;
    constexpr std::int64_t kExponentCap = 1'000'000;  // far past any double; only the sign of the excess matters
    for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i)
      exponent = std::min(kExponentCap, exponent * 10 + (token[i] - '0'));
    scale += negative ? exponent : -exponent;
  }
  if (last_nonzero < 0) return 0;      // zero, however written, is exact
  scale -= digits - 1 - last_nonzero;  // trailing zeros carry no decimals
  return scale > 0 ? static_cast<std::size_t>(scale) : 0;
}

// The keys of one object, for the duplicate check. Most objects hold a handful, compared in
// place; a large one (a hostile file may hold a hundred thousand) moves to a hash set.
class KeySet {
 public:
  /// False when the key is already there. `raw` is the key as written, escapes included.
  bool insert(std::string_view raw) {
    std::string_view key = raw;
    if (raw.find('\\') != std::string_view::npos) {
      decoded_.push_front(decode(raw));
      key = decoded_.front();
    }
    if (hashed_.empty() && count_ < kInPlace) {
      for (std::size_t i = 0; i < count_; ++i) {
        if (in_place_[i] == key) return false;
      }
      in_place_[count_++] = key;
      return true;
    }
    if (hashed_.empty()) hashed_.insert(in_place_.begin(), in_place_.end());
    return hashed_.insert(key).second;
  }

 private:
  static constexpr std::size_t kInPlace = 16;
  std::array<std::string_view, kInPlace> in_place_{};
  std::size_t count_ = 0;
  std::unordered_set<std::string_view> hashed_;
  std::forward_list<std::string> decoded_;  // keys written with escapes; a list never moves them
};

// Walks text that the parser has already accepted and found a key written twice in, to say where:
// the parser keeps no positions, and this path is taken only for such a file. It keeps only the
// path to where it is, and makes a JSON Pointer only for a finding.
class DuplicateKeyReporter {
 public:
  DuplicateKeyReporter(std::string_view text, Diagnostics& diagnostics, const std::string& file)
      : cursor_{text}, diagnostics_(diagnostics), file_(file) {}

  void run() {
    cursor_.skip_space();
    value();
  }

 private:
  struct Step {
    std::string_view raw_key;  // a member's key as written; empty for an array element
    std::size_t index = 0;     // an array element's index
    bool element = false;
  };

  std::string pointer() const {
    std::string out;
    for (const Step& s : path_) {
      out = s.element ? child(out, s.index)
                      : child(out, s.raw_key.find('\\') == std::string_view::npos ? std::string(s.raw_key)
                                                                                  : decode(s.raw_key));
    }
    return out;
  }

  void value() {
    Cursor& c = cursor_;
    const char ch = c.peek();
    if (ch == '{') {
      object();
    } else if (ch == '[') {
      array();
    } else {
      c.skip_value();
    }
  }

  void object() {
    Cursor& c = cursor_;
    ++c.pos;
    c.skip_space();
    KeySet keys;
    while (c.peek() != '}') {
      const std::size_t key_start = c.pos;
      const std::string_view raw = c.raw_string();
      path_.push_back({raw});
      if (!keys.insert(raw)) {
        Diagnostic d;
        d.code = Code::DuplicateKey;
        d.message = fmt::format("the key `{}` appears twice in one object", decode(raw));
        d.pointer = pointer();
        d.file = file_;
        d.offset = static_cast<std::int64_t>(key_start);  // line and column: once for all, after the scan
        diagnostics_.add(std::move(d));
      }
      c.skip_separator();
      value();
      path_.pop_back();
      c.skip_separator();
    }
    ++c.pos;
  }

  void array() {
    Cursor& c = cursor_;
    ++c.pos;
    c.skip_space();
    for (std::size_t index = 0; c.peek() != ']'; ++index) {
      path_.push_back({{}, index, true});
      value();
      path_.pop_back();
      c.skip_separator();
    }
    ++c.pos;
  }

  Cursor cursor_;
  std::vector<Step> path_;
  Diagnostics& diagnostics_;
  const std::string& file_;
};

// The handler of Boost.JSON's basic_parser: builds the tree as Boost.JSON's own parser does, and
// in the same pass refuses what Boost.JSON accepts — a key written twice in one object (it would
// keep the last) — and marks a number written more precisely than a double tells. One pass over the
// text, no JSON Pointer made, the tree allocated from one arena (issue 9 point 10).
class StrictTreeBuilder {
 public:
  static constexpr std::size_t max_object_size = boost::json::object::max_size();
  static constexpr std::size_t max_array_size = boost::json::array::max_size();
  static constexpr std::size_t max_key_size = boost::json::string::max_size();
  static constexpr std::size_t max_string_size = boost::json::string::max_size();

  StrictTreeBuilder(std::string_view text, boost::json::storage_ptr storage) : text_(text) {
    stack_.reset(std::move(storage));
  }

  bool duplicate_key() const { return duplicate_key_; }
  value release() { return stack_.release(); }

  bool on_document_begin(boost::system::error_code&) { return true; }
  bool on_document_end(boost::system::error_code&) { return true; }
  bool on_object_begin(boost::system::error_code&) {
    object_starts_.push_back(keys_.size());
    return true;
  }
  bool on_object_end(std::size_t n, boost::system::error_code&) {
    const std::size_t first = object_starts_.back();
    object_starts_.pop_back();
    if (!duplicate_key_) duplicate_key_ = has_repeat(first);
    keys_.resize(first);
    stack_.push_object(n);
    return true;
  }
  bool on_array_begin(boost::system::error_code&) { return true; }
  bool on_array_end(std::size_t n, boost::system::error_code&) {
    stack_.push_array(n);
    return true;
  }
  bool on_key_part(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    split_key_.append(s.data(), s.size());
    stack_.push_chars(s);
    return true;
  }
  bool on_key(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    const std::string_view last(s.data(), s.size());
    if (split_key_.empty() && last.data() >= text_.data() && last.data() + last.size() <= text_.data() + text_.size()) {
      keys_.push_back(last);  // written without escapes: the text itself holds it
    } else {
      split_key_.append(last);
      unescaped_keys_.push_front(std::move(split_key_));
      keys_.push_back(unescaped_keys_.front());
      split_key_.clear();
    }
    stack_.push_key(s);
    return true;
  }
  bool on_string_part(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    stack_.push_chars(s);
    return true;
  }
  bool on_string(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    stack_.push_string(s);
    return true;
  }
  bool on_number_part(boost::json::string_view s, boost::system::error_code&) {
    split_number_.append(s.data(), s.size());
    return true;
  }
  bool on_int64(std::int64_t i, boost::json::string_view, boost::system::error_code&) {
    split_number_.clear();
    stack_.push_int64(i);
    return true;
  }
  bool on_uint64(std::uint64_t u, boost::json::string_view, boost::system::error_code&) {
    split_number_.clear();
    stack_.push_uint64(u);
    return true;
  }
  bool on_double(double d, boost::json::string_view s, boost::system::error_code&) {
    split_number_.append(s.data(), s.size());
    if (written_decimal_places(split_number_) > kMaxDecimalPlaces) {
      // A double cannot tell "1.00000000000000000000001" from 1 or "1e-999" from 0. Such a number
      // is given a fifth decimal place in the tree, so every reader refuses it as too precise at
      // its own pointer, with its own message, instead of reading a value the author never wrote.
      d = std::round(d * 1e4) / 1e4 + (std::signbit(d) ? -0.00005 : 0.00005);
    }
    split_number_.clear();
    stack_.push_double(d);
    return true;
  }
  bool on_bool(bool b, boost::system::error_code&) {
    stack_.push_bool(b);
    return true;
  }
  bool on_null(boost::system::error_code&) {
    stack_.push_null();
    return true;
  }
  bool on_comment_part(boost::json::string_view, boost::system::error_code&) { return true; }
  bool on_comment(boost::json::string_view, boost::system::error_code&) { return true; }

 private:
  // Whether the keys of the object that began at `first` repeat one. Most objects hold a handful,
  // compared in place; a large one (a hostile file may hold a hundred thousand keys) is sorted.
  bool has_repeat(std::size_t first) {
    constexpr std::size_t kComparedInPlace = 16;
    const std::size_t n = keys_.size() - first;
    if (n <= kComparedInPlace) {
      for (std::size_t i = first; i < keys_.size(); ++i) {
        for (std::size_t j = first; j < i; ++j) {
          if (keys_[i] == keys_[j]) return true;
        }
      }
      return false;
    }
    sorted_.assign(keys_.begin() + static_cast<std::ptrdiff_t>(first), keys_.end());
    std::sort(sorted_.begin(), sorted_.end());
    return std::adjacent_find(sorted_.begin(), sorted_.end()) != sorted_.end();
  }

  std::string_view text_;
  boost::json::value_stack stack_;
  std::vector<std::string_view> keys_;      // the keys of every object still open, outermost first
  std::vector<std::size_t> object_starts_;  // where each open object's keys begin in keys_
  std::vector<std::string_view> sorted_;
  std::forward_list<std::string> unescaped_keys_;  // keys written with escapes; a list never moves them
  std::string split_key_;
  std::string split_number_;
  bool duplicate_key_ = false;
};

}  // namespace

std::optional<Document> parse(std::string file, std::string text, const ParseLimits& limits, Diagnostics& diagnostics) {
  auto fail = [&](Code code, std::size_t offset, std::string message) {
    Diagnostic d;
    d.code = code;
    d.message = std::move(message);
    d.file = file;
    d.offset = static_cast<std::int64_t>(offset);
    auto [line, column] = line_column(text, offset);
    d.line = line;
    d.column = column;
    diagnostics.add(std::move(d));
    return std::nullopt;
  };
  if (text.size() > limits.max_bytes) {
    return fail(Code::FileTooLarge, 0,
                fmt::format("{} is {} bytes; the limit is {} bytes", file.empty() ? "the document" : file, text.size(),
                            limits.max_bytes));
  }
  boost::json::parse_options options;
  options.max_depth = limits.max_depth;
  // The tree is read once and dropped, so it lives in one arena, freed whole with the document.
  boost::json::basic_parser<StrictTreeBuilder> parser(
      options, text, boost::json::make_shared_resource<boost::json::monotonic_resource>(text.size()));
  boost::system::error_code ec;
  const std::size_t consumed = parser.write_some(false, text.data(), text.size(), ec);
  if (!ec && consumed < text.size()) ec = boost::json::error::extra_data;
  if (ec == boost::json::error::incomplete)
    return fail(Code::JsonSyntax, text.size(), "the JSON ends before it is complete");
  if (ec) {
    if (ec == boost::json::error::too_deep) {
      return fail(Code::JsonTooDeep, consumed,
                  fmt::format("arrays and objects nest deeper than {} levels", limits.max_depth));
    }
    return fail(Code::JsonSyntax, consumed, fmt::format("not strict JSON: {}", ec.message()));
  }
  if (parser.handler().duplicate_key()) {
    const std::size_t before = diagnostics.items().size();
    DuplicateKeyReporter reporter(text, diagnostics, file);
    reporter.run();
    std::vector<std::pair<std::size_t, Diagnostic*>> found;
    for (std::size_t i = before; i < diagnostics.items().size(); ++i) {
      Diagnostic& d = diagnostics.items()[i];
      found.emplace_back(static_cast<std::size_t>(d.offset), &d);
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    LineColumnSweep sweep(text);
    for (auto& [offset, d] : found) std::tie(d->line, d->column) = sweep.at(offset);
    return std::nullopt;
  }
  value root = parser.handler().release();
  return Document(std::move(file), std::move(text), std::move(root));
}

}  // namespace rk::json
