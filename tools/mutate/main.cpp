// rk-mutate BASE.json [--seed S] [--count N | --index I] [--out DIR]
// Writes mutations of BASE to DIR (one file each, named <base>-<index>.json) and prints one JSON
// line per mutation: {"file", "index", "kind", "pointer", "change"}. With --index and no --out,
// prints that one mutated document, to reproduce a case the differential test reported.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "mutate/mutate.hpp"

namespace {

int usage() {
  std::cerr << "usage: rk-mutate BASE.json [--seed S] [--count N | --index I] [--out DIR]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  namespace bj = boost::json;
  if (argc < 2) return usage();
  const fs::path base_path = argv[1];
  std::uint64_t seed = 1;
  std::size_t count = 100;
  std::optional<std::size_t> index;
  fs::path out;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage();
    const std::string value = argv[++i];
    if (arg == "--seed")
      seed = std::stoull(value);
    else if (arg == "--count")
      count = std::stoull(value);
    else if (arg == "--index")
      index = std::stoull(value);
    else if (arg == "--out")
      out = value;
    else
      return usage();
  }
  std::ifstream in(base_path, std::ios::binary);
  if (!in) {
    std::cerr << "rk-mutate: cannot read " << base_path << "\n";
    return 2;
  }
  std::ostringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  const bj::value base = bj::parse(text.str(), ec);
  if (ec) {
    std::cerr << "rk-mutate: " << base_path << " is not JSON: " << ec.message() << "\n";
    return 2;
  }
  std::vector<rk::mutate::Mutation> list;
  if (index) {
    if (auto m = rk::mutate::mutate(base, seed, *index)) list.push_back(std::move(*m));
  } else {
    list = rk::mutate::mutations(base, seed, count);
  }
  if (index && out.empty()) {
    if (!list.empty()) std::cout << bj::serialize(list.front().document) << "\n";
    return list.empty() ? 1 : 0;
  }
  if (!out.empty()) fs::create_directories(out);
  for (const auto& m : list) {
    std::string file;
    if (!out.empty()) {
      const fs::path path = out / fmt::format("{}-{}.json", base_path.stem().string(), m.index);
      std::ofstream(path, std::ios::binary) << bj::serialize(m.document);
      file = path.string();
    }
    bj::object line{{"file", file},
                    {"index", m.index},
                    {"kind", rk::mutate::kind_name(m.kind)},
                    {"pointer", m.pointer},
                    {"change", m.change}};
    std::cout << bj::serialize(line) << "\n";
  }
  return 0;
}
