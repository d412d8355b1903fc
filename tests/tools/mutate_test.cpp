// The seeded mutation generator (tools/mutate) behind the differential test: a mutation is
// reproducible from (base, seed, index), changes one place, and each kind does what its name says.
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "mutate/mutate.hpp"

namespace rk {
namespace {

namespace bj = boost::json;
using mutate::Kind;

// A small ruleset in the reference's own shape (a cut of Gravewatch) with a value for every kind:
// objects, whole and fractional numbers, ids, a reference to an id, an array of entries with ids.
const bj::value kBase = bj::parse(R"({
  "$comment": "never mutated",
  "schemaVersion": 1, "id": "gravewatch", "version": 1, "name": "Gravewatch",
  "sheet": {
    "abilities": [
      {"id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2},
      {"id": "nerve", "label": "Nerve", "min": 1, "max": 5, "default": 2}
    ],
    "skills": [{"id": "dig", "label": "Dig", "ability": "sinew"}],
    "derived": [{"id": "half", "label": "Half", "op": "mul", "of": [{"ability": "nerve"}, {"const": 0.5}]}]
  }
})");

const bj::value* at(const bj::value& root, const std::string& pointer) {
  boost::system::error_code ec;
  return root.find_pointer(pointer, ec);
}

/// The first mutation of each kind over indices 0 .. 3999.
std::map<Kind, mutate::Mutation> one_of_each_kind(std::uint64_t seed) {
  std::map<Kind, mutate::Mutation> out;
  for (std::size_t i = 0; i < 4000 && out.size() < std::size(mutate::kAllKinds); ++i) {
    auto m = mutate::mutate(kBase, seed, i);
    if (m && !out.contains(m->kind)) out.emplace(m->kind, std::move(*m));
  }
  return out;
}

TEST(RefDifferentialMutate, a_mutation_is_reproducible_from_base_seed_and_index) {
  for (std::size_t i = 0; i < 50; ++i) {
    const auto a = mutate::mutate(kBase, 7, i);
    const auto b = mutate::mutate(kBase, 7, i);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->kind, b->kind);
    EXPECT_EQ(a->pointer, b->pointer);
    EXPECT_EQ(a->change, b->change);
    EXPECT_EQ(a->document, b->document);
    EXPECT_NE(a->document, kBase) << a->change;
  }
  // The list is the same mutations, index by index, whatever the count asked.
  const auto few = mutate::mutations(kBase, 7, 10);
  const auto many = mutate::mutations(kBase, 7, 40);
  for (std::size_t i = 0; i < few.size(); ++i) EXPECT_EQ(few[i].document, many[i].document);
}

TEST(RefDifferentialMutate, seeds_and_indices_give_different_mutations) {
  std::set<std::string> distinct;
  for (std::size_t i = 0; i < 100; ++i) distinct.insert(bj::serialize(mutate::mutate(kBase, 1, i)->document));
  EXPECT_GT(distinct.size(), 60u);
  std::size_t same = 0;
  for (std::size_t i = 0; i < 50; ++i)
    same += mutate::mutate(kBase, 1, i)->document == mutate::mutate(kBase, 2, i)->document;
  EXPECT_LT(same, 10u);
}

TEST(RefDifferentialMutate, every_kind_occurs_and_does_what_its_name_says) {
  const auto kinds = one_of_each_kind(20261201);
  ASSERT_EQ(kinds.size(), std::size(mutate::kAllKinds));
  for (const auto& [kind, m] : kinds) {
    SCOPED_TRACE(std::string(mutate::kind_name(kind)) + " at " + m.pointer + ": " + m.change);
    EXPECT_EQ(mutate::kind_from_name(mutate::kind_name(kind)), kind);
    const bj::value* before = at(kBase, m.pointer);
    const bj::value* after = at(m.document, m.pointer);
    ASSERT_NE(before, nullptr);
    switch (kind) {
      case Kind::DropKey:
        EXPECT_EQ(after, nullptr);
        break;
      case Kind::SwapType:
        ASSERT_NE(after, nullptr);
        EXPECT_NE(
            after->kind() == bj::kind::double_ || after->kind() == bj::kind::uint64 ? bj::kind::int64 : after->kind(),
            before->kind() == bj::kind::double_ || before->kind() == bj::kind::uint64 ? bj::kind::int64
                                                                                      : before->kind());
        break;
      case Kind::NumberPastLimit:
        ASSERT_TRUE(after && after->is_int64());
        EXPECT_GT(after->get_int64(), 100);
        EXPECT_GT(static_cast<double>(after->get_int64()), before->to_number<double>());
        break;
      case Kind::NumberFraction:
        ASSERT_TRUE(after && after->is_double());
        EXPECT_DOUBLE_EQ(after->get_double(), before->to_number<double>() + 0.5);
        break;
      case Kind::NumberNegative:
        ASSERT_TRUE(after && after->is_number());
        EXPECT_LT(after->to_number<double>(), 0.0);
        break;
      case Kind::BreakReference:
        ASSERT_TRUE(after && after->is_string());
        EXPECT_EQ(after->get_string(), "zz_missing");
        EXPECT_TRUE(before->get_string() == "sinew" || before->get_string() == "nerve") << *before;
        break;
      case Kind::BadIdSyntax:
        ASSERT_TRUE(after && after->is_string());
        EXPECT_EQ(after->get_string(), "Bad Id!");
        EXPECT_EQ(m.pointer.substr(m.pointer.size() - 3), "/id");
        break;
      case Kind::DuplicateId: {
        ASSERT_TRUE(after && after->is_string());
        const std::string array_pointer = m.pointer.substr(0, m.pointer.rfind('/', m.pointer.size() - 4));
        std::size_t holders = 0;
        for (const auto& e : at(m.document, array_pointer)->get_array()) holders += e.at("id") == *after;
        EXPECT_EQ(holders, 2u);
        break;
      }
      case Kind::LongString:
        ASSERT_TRUE(after && after->is_string());
        EXPECT_GE(after->get_string().size(), 65u);
        EXPECT_EQ(std::string(after->get_string()).substr(0, before->get_string().size()),
                  std::string(before->get_string()));
        break;
      case Kind::EmptyValue:
        ASSERT_NE(after, nullptr);
        EXPECT_TRUE((after->is_string() && after->get_string().empty()) ||
                    (after->is_array() && after->get_array().empty()) ||
                    (after->is_object() && after->get_object().empty()));
        break;
      case Kind::UnknownKey:
        ASSERT_TRUE(after && after->is_object());
        EXPECT_TRUE(after->get_object().contains("zzUnknownKey"));
        break;
    }
  }
}

TEST(RefDifferentialMutate, annotations_are_never_mutated_and_pointers_are_escaped) {
  for (std::size_t i = 0; i < 400; ++i) {
    const auto m = mutate::mutate(kBase, 3, i);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->pointer.find("$comment"), std::string::npos);
    EXPECT_EQ(m->document.at("$comment"), kBase.at("$comment"));
  }
  EXPECT_EQ(mutate::escape_token("a/b~c"), "a~1b~0c");
}

TEST(RefDifferentialMutate, a_document_without_values_has_no_mutation_but_an_unknown_key) {
  const auto m = mutate::mutate(bj::object{}, 1, 0);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, Kind::UnknownKey);
  EXPECT_FALSE(mutate::mutate(bj::value(nullptr), 1, 0).has_value());
}

}  // namespace
}  // namespace rk
