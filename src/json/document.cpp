#include "json/document.hpp"

#include <algorithm>
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

std::pair<int, int> line_column(std::string_view text, std::size_t offset) {
  int line = 1;
  int column = 1;
  const std::size_t end = std::min(offset, text.size());
  for (std::size_t i = 0; i < end; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++line;
      column = 1;
    } else if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') continue;  // "\r\n" is one break
      ++line;
      column = 1;
    } else if ((c & 0xC0) != 0x80) {  // count code points, not UTF-8 continuation bytes
      ++column;
    }
  }
  return {line, column};
}

std::int64_t Document::offset_of(std::string_view pointer) const {
  std::string p(pointer);
  while (true) {
    if (auto it = offsets_.find(p); it != offsets_.end()) return it->second;
    if (p.empty()) return -1;
    p.erase(p.rfind('/'));
  }
}

void Document::locate(Diagnostics& diagnostics) const {
  for (auto& d : diagnostics.items()) {
    if (!d.file.empty() && d.file != file_) continue;
    if (d.offset >= 0 && d.line > 0) continue;
    d.file = file_;
    if (d.offset < 0) d.offset = offset_of(d.pointer);
    if (d.offset >= 0) {
      auto [line, column] = line_column(text_, static_cast<std::size_t>(d.offset));
      d.line = line;
      d.column = column;
    }
  }
}

namespace {

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
      std::vector<std::string> seen;
      while (text_[pos_] != '}') {
        const std::size_t key_start = pos_;
        std::string key = read_string();
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
          Diagnostic d;
          d.code = Code::DuplicateKey;
          d.message = fmt::format("the key `{}` appears twice in one object", key);
          d.pointer = child(pointer, key);
          d.file = file_;
          d.offset = static_cast<std::int64_t>(key_start);
          auto [line, column] = line_column(text_, key_start);
          d.line = line;
          d.column = column;
          diagnostics_.add(std::move(d));
        } else {
          seen.push_back(key);
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
      while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' && text_[pos_] != ']' &&
             text_[pos_] != ' ' && text_[pos_] != '\n' && text_[pos_] != '\r' && text_[pos_] != '\t') {
        ++pos_;
      }
    }
  }

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
  const std::size_t before = diagnostics.error_count();
  OffsetScanner(text, offsets, diagnostics, file).run();
  if (diagnostics.error_count() != before) return std::nullopt;
  return Document(std::move(file), std::move(text), std::move(root), std::move(offsets));
}

}  // namespace rk::json
