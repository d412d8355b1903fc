// Issue 11 acceptance: point-bought systems built end to end through `rulekeeper build` from a
// blank character, with the rulesets and the actions as files (tests/fixtures/systems/): GURPS-like
// points with disadvantages and quirks, Call-of-Cthulhu occupation and interest pools, World of
// Darkness priorities 7/5/3 with freebies, and an OSE prime-requisite exchange.
#include <gtest/gtest.h>
#include <boost/json.hpp>

#include "support/cli.hpp"
#include "support/load.hpp"
#include "support/temp_folder.hpp"

namespace rk {
namespace {

namespace bj = boost::json;

class SystemsBuild : public ::testing::Test {
 protected:
  void SetUp() override { folder_.write("blank.json", R"({"v": 1, "build": {}})"); }

  /// `rulekeeper build` of tests/fixtures/systems/<system>.json with its actions, as JSON.
  bj::value build(const std::string& system) {
    const std::string dir = test::source_path("tests/fixtures/systems/");
    const auto r = test::run_cli("build " + dir + system + ".json " + folder_.file("blank.json") + " --actions " + dir +
                                 system + "-actions.json --json");
    EXPECT_EQ(r.exit_code, 0) << r.out.substr(0, 2000);
    return r.exit_code == 0 ? bj::parse(r.out) : bj::value();
  }

  static const bj::object& step(const bj::value& out, const std::string& id) {
    for (const auto& s : out.at("steps").as_array()) {
      if (s.at("id").as_string() == id) return s.as_object();
    }
    ADD_FAILURE() << "no step " << id;
    return out.at("steps").as_array().front().as_object();
  }

  static const bj::value& pool(const bj::value& out, const std::string& step_id) {
    return step(out, step_id).at("pool");
  }

  test::TempFolder folder_{"rk_systems_build"};
};

TEST_F(SystemsBuild, BB_85_BB_72_BB_78_gurps_like_points_with_disadvantages_and_quirks) {
  const bj::value out = build("gurps");
  ASSERT_TRUE(out.is_object());
  const auto& build = out.at("character").at("build");
  EXPECT_EQ(build.at("abilities").at("st"), 12);  // two steps up at 10 each
  EXPECT_EQ(build.at("abilities").at("ht"), 9);   // one step down: 10 credit
  EXPECT_EQ(build.at("fields").at("basic_speed"), 5.25);
  EXPECT_EQ(build.at("fields").at("combat_reflexes"), 1);
  EXPECT_EQ(build.at("fields").at("bad_temper"), 1);
  EXPECT_EQ(build.at("fields").at("quirks"), 3);
  const auto& cp = pool(out, "traits");
  EXPECT_EQ(cp.at("spent"), 40);   // 20 (ST) + 5 (speed) + 15 (Combat Reflexes)
  EXPECT_EQ(cp.at("credit"), 23);  // 10 (HT) + 10 (Bad Temper) + 3 quirks
  EXPECT_EQ(cp.at("remaining"), 133);
  EXPECT_EQ(cp.at("caps").at(0).at("used"), 3);
  EXPECT_EQ(out.at("character").at("builder").at("purchases").at("attributes").at("ht"), bj::parse("[[-1, -10]]"));
}

TEST_F(SystemsBuild, BB_50_BC_15_BC_18_coc_like_occupation_and_interest_pools) {
  const bj::value out = build("coc");
  ASSERT_TRUE(out.is_object());
  const auto& fields = out.at("character").at("build").at("fields");
  EXPECT_EQ(fields.at("occupation"), "doctor");
  EXPECT_EQ(fields.at("credit_rating"), 30);  // bought up to the doctor's floor in one purchase
  EXPECT_EQ(fields.at("accounting"), 56);
  EXPECT_EQ(fields.at("medicine"), 60);     // offered to a doctor only
  EXPECT_EQ(fields.at("library_use"), 99);  // 20 + 60 occupation + 19 interest
  const auto& occupation = pool(out, "occupation_skills");
  EXPECT_EQ(occupation.at("budget"), 200);  // EDU 50 x 4
  EXPECT_EQ(occupation.at("spent"), 200);
  EXPECT_EQ(occupation.at("remaining"), 0);
  const auto& interest = pool(out, "interests");
  EXPECT_EQ(interest.at("budget"), 100);  // INT 50 x 2
  EXPECT_EQ(interest.at("spent"), 19);
  EXPECT_EQ(step(out, "interests").at("badge"), 1);  // 81 unspent: advisory
  EXPECT_EQ(step(out, "occupation_skills").at("badge"), 0);
}

TEST_F(SystemsBuild, BB_9_BB_59_wod_like_priorities_7_5_3_then_freebies) {
  const bj::value out = build("wod");
  ASSERT_TRUE(out.is_object());
  const auto& abilities = out.at("character").at("build").at("abilities");
  EXPECT_EQ(abilities.at("strength"), 4);
  EXPECT_EQ(abilities.at("dexterity"), 3);
  EXPECT_EQ(abilities.at("charisma"), 3);
  EXPECT_EQ(abilities.at("appearance"), 2);
  EXPECT_EQ(abilities.at("perception"), 2);
  EXPECT_EQ(abilities.at("wits"), 4);  // 2 from the mental priority, 2 freebies at 5 each
  EXPECT_EQ(out.at("character").at("build").at("skills").at("athletics"), "expert");  // 2 freebie dots
  const auto& freebies = pool(out, "freebie");
  EXPECT_EQ(freebies.at("spent"), 14);
  EXPECT_EQ(freebies.at("remaining"), 1);
  for (const auto& g : step(out, "attributes").at("groups").as_array()) {
    EXPECT_EQ(g.at("spent"), g.at("budget")) << bj::serialize(g);
  }
}

TEST_F(SystemsBuild, BB_96_ose_like_prime_requisite_exchanges) {
  const bj::value out = build("ose");
  ASSERT_TRUE(out.is_object());
  const auto& abilities = out.at("character").at("build").at("abilities");
  EXPECT_EQ(abilities.at("str"), 17);            // 14 + 1 + 1 + 1
  EXPECT_EQ(abilities.at("int"), 9);             // 13 - 2 - 2: at its floor
  EXPECT_EQ(abilities.at("wis"), 10);            // 12 - 2
  EXPECT_EQ(pool(out, "prime").at("spent"), 0);  // exchanges cost the pool nothing
  for (const auto& o : step(out, "prime").at("offers").as_array()) {
    if (o.at("id") == "int_to_str") {
      EXPECT_EQ(o.at("reason"), "exchange-below-floor");
    }
  }
}

}  // namespace
}  // namespace rk
