#include "json/document.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <unordered_set>
#include <vector>

#include <boost/json/stream_parser.hpp>

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

std::int64_t Document::offset_of(std::string_view pointer) const {
  std::string p(pointer);
  while (true) {
    if (auto it = offsets_.find(p); it != offsets_.end()) return it->second;
    if (p.empty()) return -1;
    p.erase(p.rfind('/'));
  }
}

void Document::locate(Diagnostics& diagnostics) const {
  // One sweep over the text for all diagnostics, in offset order: a file with many diagnostics
  // costs one pass, not one pass each.
  std::vector<std::pair<std::size_t, Diagnostic*>> pending;
  for (auto& d : diagnostics.items()) {
    if (!d.file.empty() && d.file != file_) continue;
    if (d.offset >= 0 && d.line > 0) continue;
    d.file = file_;
    if (d.offset < 0) d.offset = offset_of(d.pointer);
    if (d.offset >= 0) pending.emplace_back(static_cast<std::size_t>(d.offset), &d);
  }
  std::sort(pending.begin(), pending.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  LineColumnSweep sweep(text_);
  for (auto& [offset, d] : pending) std::tie(d->line, d->column) = sweep.at(offset);
}

namespace {

// The decimal places of a number as written (RFC 8259 syntax, already validated): "1.50" has one,
// "125e-2" two, "1e-999" 999, "1.00000000000000000000001" 23 — what the double cannot tell.
std::size_t written_decimal_places(std::string_view token) {
  std::size_t i = token.empty() || token[0] != '-' ? 0 : 1;
  std::string digits;  // the mantissa's digits, integer and fraction together
  std::int64_t scale = 0;  // value = digits × 10^-scale
  for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i) digits.push_back(token[i]);
  if (i < token.size() && token[i] == '.') {
    for (++i; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i, ++scale) digits.push_back(token[i]);
  }
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    const bool negative = i < token.size() && token[i] == '-';
    if (i < token.size() && (token[i] == '-' || token[i] == '+')) ++i;
    std::int64_t exponent = 0;
    constexpr std::int64_t kExponentCap = 1'000'000;  // far past any double; only the sign of the excess matters
    for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i) exponent = std::min(kExponentCap, exponent * 10 + (token[i] - '0'));
    scale += negative ? exponent : -exponent;
  }
  const std::size_t last = digits.find_last_not_of('0');
  if (last == std::string::npos) return 0;  // zero, however written, is exact
  scale -= static_cast<std::int64_t>(digits.size() - 1 - last);  // trailing zeros carry no decimals
  return scale > 0 ? static_cast<std::size_t>(scale) : 0;
}

// Walks text that Boost.JSON has already accepted, recording where each value starts. Because the
// text is valid, the scanner only needs to find token boundaries; it never judges syntax.
class OffsetScanner {
 public:
  OffsetScanner(std::string_view text, std::unordered_map<std::string, std::uint32_t>& offsets,
                Diagnostics& diagnostics, const std::string& file)
      : text_(text), offsets_(offsets), diagnostics_(diagnostics), file_(file) {}

  void run() {
    skip_space();
    value(std::string(), pos_);
  }

 private:
  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  std::string read_string() {  // pos_ at the opening quote; returns the decoded key
    std::string out;
    ++pos_;
    while (text_[pos_] != '"') {
      if (text_[pos_] == '\\') {
        ++pos_;
        const char e = text_[pos_];
        switch (e) {
          case 'n': out.push_back('\n'); break;
          case 't': out.push_back('\t'); break;
          case 'r': out.push_back('\r'); break;
          case 'b': out.push_back('\b'); break;
          case 'f': out.push_back('\f'); break;
          case 'u': {
            out += decode_unicode_escape();
            continue;
          }
          default: out.push_back(e);
        }
        ++pos_;
      } else {
        out.push_back(text_[pos_++]);
      }
    }
    ++pos_;
    return out;
  }

  // pos_ at the 'u' of "\uXXXX"; leaves pos_ after the escape (and after a trailing low surrogate).
  std::string decode_unicode_escape() {
    auto hex4 = [&](std::size_t at) {
      unsigned v = 0;
      for (std::size_t i = 0; i < 4; ++i) {
        const char c = text_[at + i];
        v = v * 16 + static_cast<unsigned>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
      }
      return v;
    };
    unsigned cp = hex4(pos_ + 1);
    pos_ += 5;
    if (cp >= 0xD800 && cp <= 0xDBFF && pos_ + 5 < text_.size() && text_[pos_] == '\\' && text_[pos_ + 1] == 'u') {
      const unsigned low = hex4(pos_ + 2);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        pos_ += 6;
      }
    }
    std::string out;
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
    return out;
  }

  // `where` is the offset recorded for this value (the key's start for a member).
  void value(const std::string& pointer, std::size_t where) {
    offsets_.emplace(pointer, static_cast<std::uint32_t>(where));
    const char c = text_[pos_];
    if (c == '{') {
      ++pos_;
      skip_space();
      std::unordered_set<std::string> seen;  // hashed: an object may hold a hundred thousand keys
      while (text_[pos_] != '}') {
        const std::size_t key_start = pos_;
        std::string key = read_string();
        if (seen.contains(key)) {
          Diagnostic d;
          d.code = Code::DuplicateKey;
          d.message = fmt::format("the key `{}` appears twice in one object", key);
          d.pointer = child(pointer, key);
          d.file = file_;
          d.offset = static_cast<std::int64_t>(key_start);  // line and column: once for all, after the scan
          diagnostics_.add(std::move(d));
        } else {
          seen.insert(key);
        }
        skip_space();
        ++pos_;  // ':'
        skip_space();
        value(child(pointer, key), key_start);
        skip_space();
        if (text_[pos_] == ',') {
          ++pos_;
          skip_space();
        }
      }
      ++pos_;
    } else if (c == '[') {
      ++pos_;
      skip_space();
      std::size_t index = 0;
      while (text_[pos_] != ']') {
        value(child(pointer, index++), pos_);
        skip_space();
        if (text_[pos_] == ',') {
          ++pos_;
          skip_space();
        }
      }
      ++pos_;
    } else if (c == '"') {
      read_string();
    } else {
      const std::size_t start = pos_;
      while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' && text_[pos_] != ']' &&
             text_[pos_] != ' ' && text_[pos_] != '\n' && text_[pos_] != '\r' && text_[pos_] != '\t') {
        ++pos_;
      }
      if (c == '-' || (c >= '0' && c <= '9')) {
        if (written_decimal_places(text_.substr(start, pos_ - start)) > kMaxDecimalPlaces) too_precise.push_back(pointer);
      }
    }
  }

 public:
  /// Numbers whose written value has more than kMaxDecimalPlaces decimals.
  std::vector<std::string> too_precise;

 private:

  std::string_view text_;
  std::size_t pos_ = 0;
  std::unordered_map<std::string, std::uint32_t>& offsets_;
  Diagnostics& diagnostics_;
  const std::string& file_;
};

}  // namespace

std::optional<Document> parse(std::string file, std::string text, const ParseLimits& limits,
                              Diagnostics& diagnostics) {
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
                fmt::format("{} is {} bytes; the limit is {} bytes", file.empty() ? "the document" : file,
                            text.size(), limits.max_bytes));
  }
  boost::json::parse_options options;
  options.max_depth = limits.max_depth;
  boost::json::stream_parser parser(boost::json::storage_ptr(), options);
  boost::system::error_code ec;
  const std::size_t consumed = parser.write_some(text.data(), text.size(), ec);
  if (!ec && consumed < text.size()) ec = boost::json::error::extra_data;
  if (!ec && !parser.done()) {
    parser.finish(ec);
    if (ec) return fail(Code::JsonSyntax, text.size(), "the JSON ends before it is complete");
  }
  if (ec) {
    if (ec == boost::json::error::too_deep) {
      return fail(Code::JsonTooDeep, consumed,
                  fmt::format("arrays and objects nest deeper than {} levels", limits.max_depth));
    }
    return fail(Code::JsonSyntax, consumed, fmt::format("not strict JSON: {}", ec.message()));
  }
  value root = parser.release();
  std::unordered_map<std::string, std::uint32_t> offsets;
  const std::size_t before = diagnostics.items().size();
  OffsetScanner scanner(text, offsets, diagnostics, file);
  scanner.run();
  if (diagnostics.items().size() != before) {
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
  // A double cannot tell "1.00000000000000000000001" from 1 or "1e-999" from 0. Such a number is
  // given a fifth decimal place in the tree, so every reader refuses it as too precise at its own
  // pointer, with its own message, instead of reading a value the author never wrote.
  for (const std::string& pointer : scanner.too_precise) {
    boost::system::error_code ec;
    value* v = root.find_pointer(pointer, ec);
    if (v == nullptr || !v->is_double()) continue;
    const double d = v->get_double();
    const bool negative = std::signbit(d);
    *v = std::round(d * 1e4) / 1e4 + (negative ? -0.00005 : 0.00005);
  }
  return Document(std::move(file), std::move(text), std::move(root), std::move(offsets));
}

}  // namespace rk::json
