// The Gravewatch example package (rulesets/examples/gravewatch): every example of the sheet page
// assembled into one ruleset. It must load as a package, declare exactly the Capability API its
// content needs, and its sample character must name only what the ruleset declares.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "sheet/character.hpp"
#include "support/load.hpp"

namespace rk {
namespace {

const std::string kPackage = "rulesets/examples/gravewatch";

LoadResult load_gravewatch() { return load_ruleset(test::source_path(kPackage)); }

std::string read_text(const std::string& relative) {
  std::ifstream in(test::source_path(relative), std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

const Track& track(const Ruleset& rs, const std::string& id) { return rs.sheet.tracks.at(rs.sheet.track_index.at(id)); }
const Check& skill(const Ruleset& rs, const std::string& id) { return rs.sheet.skills.at(rs.sheet.skill_index.at(id)); }

TEST(Gravewatch, SH_86_package_loads_and_declares_exactly_what_it_needs) {
  const LoadResult r = load_gravewatch();
  ASSERT_TRUE(r.ok()) << test::describe(r);
  ASSERT_TRUE(r.manifest.has_value());
  EXPECT_EQ(r.manifest->schema_version, 2);
  ASSERT_TRUE(r.requires_version.has_value());
  EXPECT_EQ(*r.requires_version, "1." + std::to_string(r.manifest->capability_minor));
  EXPECT_EQ(*r.requires_version, "1.145");
  EXPECT_EQ(r.requires_feature.value_or(""), "top-level `gmReference`");
  EXPECT_TRUE(r.diagnostics.items().empty()) << test::describe(r);
}

TEST(Gravewatch, SH_86_one_minor_less_in_the_manifest_is_refused) {
  std::string manifest = read_text(kPackage + "/manifest.json");
  const auto at = manifest.find("\"minor\": 145");
  ASSERT_NE(at, std::string::npos);
  manifest.replace(at, 12, "\"minor\": 144");
  const LoadResult r = load_package_texts(manifest, read_text(kPackage + "/ruleset.json"));
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(test::has_error(r, Code::CapabilityTooLow, "/gmReference")) << test::describe(r);
}

TEST(Gravewatch, SH_6_sections_and_untrained_rules_are_read) {
  const LoadResult r = load_gravewatch();
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Ruleset& rs = *r.ruleset;
  ASSERT_EQ(rs.sheet.sections.size(), 1u);
  ASSERT_TRUE(rs.sheet.sections[0].untrained.has_value());
  EXPECT_EQ(rs.sheet.sections[0].untrained->rule, Untrained::Rule::By);
  EXPECT_EQ(rs.sheet.sections[0].untrained->by, Number::of(-1));
  EXPECT_EQ(skill(rs, "dig").untrained->rule, Untrained::Rule::Refuse);
  EXPECT_EQ(skill(rs, "dig").section_index, 0u);
  EXPECT_EQ(skill(rs, "listen").untrained->rule, Untrained::Rule::Harder);
  EXPECT_EQ(skill(rs, "listen").section_index, kNone);
  EXPECT_FALSE(skill(rs, "haul").untrained.has_value());
  EXPECT_EQ(skill(rs, "haul").section_index, 0u);
  ASSERT_TRUE(skill(rs, "soothe").cap.has_value());
  EXPECT_EQ(skill(rs, "soothe").cap->kind, RefKind::LivePool);
  EXPECT_EQ(skill(rs, "soothe").cap->index, rs.sheet.pool_index.at("resolve"));
}

TEST(Gravewatch, SH_30_wound_tracks_and_penalty_are_read) {
  const LoadResult r = load_gravewatch();
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Ruleset& rs = *r.ruleset;
  const Track& harm = track(rs, "harm");
  EXPECT_TRUE(harm.wound);
  EXPECT_FALSE(harm.boxes);
  EXPECT_EQ(harm.levels.size(), 4u);
  EXPECT_EQ(harm.max.constant, Number::of(4));
  ASSERT_TRUE(harm.extra.has_value());
  EXPECT_EQ(harm.extra->list_index, rs.sheet.list_index.at("scars"));
  const Track& strain = track(rs, "strain");
  EXPECT_TRUE(strain.wound);
  EXPECT_TRUE(strain.boxes);
  EXPECT_EQ(strain.fill, Track::Fill::Indexed);
  EXPECT_EQ(strain.on_full, Track::OnFull::Refuse);
  EXPECT_EQ(strain.max.kind, RefKind::Derived);
  EXPECT_EQ(strain.box_penalty.size(), 2u);
  const Track& willpower = track(rs, "willpower");
  EXPECT_FALSE(willpower.wound);
  EXPECT_TRUE(willpower.always_show);
  EXPECT_EQ(willpower.max.kind, RefKind::Field);
  EXPECT_EQ(rs.resolution.penalty_track, rs.sheet.track_index.at("harm"));
  EXPECT_EQ(rs.resolution.kind, Resolution::Kind::DicePool);
  ASSERT_EQ(rs.resolution.adjust.size(), 2u);
  EXPECT_EQ(rs.resolution.adjust[0].abilities, std::vector<Id>{"brawn"});
}

TEST(Gravewatch, SH_105_party_clocks_and_gm_text_are_read) {
  const LoadResult r = load_gravewatch();
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Ruleset& rs = *r.ruleset;
  ASSERT_TRUE(rs.clocks.has_value());
  EXPECT_EQ(rs.clocks->sizes, (std::vector<std::int64_t>{4, 6, 8}));
  EXPECT_EQ(rs.clocks->max, 8);
  ASSERT_TRUE(rs.party.has_value());
  EXPECT_EQ(rs.party->label, "Crew");
  EXPECT_EQ(rs.party->pools.size(), 1u);
  EXPECT_EQ(rs.party->pools[0].start, Pool::Start::Empty);
  ASSERT_TRUE(rs.party->advancement.has_value());
  EXPECT_EQ(rs.party->advancement->fields.size(), 3u);
  EXPECT_FALSE(rs.gm_reference.empty());
  EXPECT_FALSE(rs.gm.check_guidance.empty());
  ASSERT_TRUE(rs.sheet.advancement.has_value());
  const Rest& rest = rs.sheet.rests.at(0);
  EXPECT_EQ(rest.label, "Catch your breath");
  EXPECT_EQ(rest.steps.at(0).kind, "knock");
  EXPECT_EQ(rest.steps.at(0).to, RestStep::To::Min);
  EXPECT_EQ(rest.steps.at(1).target, RestStep::Target::State);
  const Rest& dawn = rs.sheet.rests.at(1);
  EXPECT_TRUE(std::any_of(dawn.steps.begin(), dawn.steps.end(), [](const RestStep& s) {
    return s.target == RestStep::Target::PoolGroup && s.shared && s.by == RestStep::By::FractionOfMax;
  }));
  EXPECT_TRUE(std::any_of(dawn.steps.begin(), dawn.steps.end(), [](const RestStep& s) {
    return s.target == RestStep::Target::Track && s.by == RestStep::By::Const && s.by_value == Number::of(-2);
  }));
}

// There is no character reader yet; this checks the sample document against the ruleset by hand
// so the example cannot drift from the ruleset it belongs to.
TEST(Gravewatch, SH_27_sample_character_names_only_what_the_ruleset_declares) {
  const LoadResult r = load_gravewatch();
  ASSERT_TRUE(r.ok()) << test::describe(r);
  const Ruleset& rs = *r.ruleset;
  const Sheet& s = rs.sheet;
  const boost::json::value doc = boost::json::parse(read_text(kPackage + "/characters/mira.json"));
  const auto& o = doc.as_object();
  EXPECT_EQ(o.at("v").as_int64(), 1);
  EXPECT_EQ(o.at("ruleset").as_string(), rs.id);
  for (const auto& [id, value] : o.at("build").at("fields").as_object()) {
    ASSERT_TRUE(s.field_index.contains(id)) << id;
    const Field& f = s.fields[s.field_index.at(id)];
    std::optional<Scalar> scalar;
    if (value.is_string()) scalar = Scalar{std::string(value.as_string())};
    if (value.is_int64()) scalar = Scalar{Number::of(value.as_int64())};
    ASSERT_TRUE(scalar.has_value()) << id;
    EXPECT_TRUE(f.spec.accepts(*scalar)) << id;
  }
  for (const auto& [id, value] : o.at("build").at("abilities").as_object()) {
    ASSERT_TRUE(s.ability_index.contains(id)) << id;
    const Ability& a = s.abilities[s.ability_index.at(id)];
    EXPECT_GE(Number::of(value.as_int64()), a.min) << id;
    EXPECT_LE(Number::of(value.as_int64()), a.max) << id;
  }
  for (const auto& [id, tier] : o.at("build").at("skills").as_object()) {
    EXPECT_TRUE(s.skill_index.contains(id)) << id;
    EXPECT_TRUE(s.tier_index.contains(std::string(tier.as_string()))) << id;
  }
  for (const auto& [id, tier] : o.at("build").at("saves").as_object()) {
    EXPECT_TRUE(s.save_index.contains(id)) << id;
    EXPECT_TRUE(s.tier_index.contains(std::string(tier.as_string()))) << id;
  }
  for (const auto& [id, rows] : o.at("build").at("lists").as_object()) {
    ASSERT_TRUE(s.list_index.contains(id)) << id;
    const List& list = s.lists[s.list_index.at(id)];
    for (const auto& row : rows.as_array()) {
      for (const auto& [column, cell] : row.as_object()) {
        if (column == "_id") continue;
        ASSERT_TRUE(list.column_index.contains(column)) << id << "." << column;
        const Column& c = list.columns[list.column_index.at(column)];
        const Scalar scalar =
            cell.is_string() ? Scalar{std::string(cell.as_string())} : Scalar{Number::of(cell.as_int64())};
        EXPECT_TRUE(c.spec.accepts(scalar)) << id << "." << column;
      }
    }
  }
  const auto& live = o.at("live").as_object();
  for (const auto& [id, pool] : live.at("pools").as_object()) {
    EXPECT_TRUE(s.pool_index.contains(id)) << id;
    EXPECT_TRUE(pool.as_object().contains("value")) << id;
  }
  for (const auto& [id, value] : live.at("tracks").as_object()) {
    ASSERT_TRUE(s.track_index.contains(id)) << id;
    EXPECT_FALSE(s.tracks[s.track_index.at(id)].wound) << id;
    EXPECT_TRUE(value.is_int64()) << id;
  }
  for (const auto& [id, value] : live.at("wounds").as_object()) {
    ASSERT_TRUE(s.track_index.contains(id)) << id;
    const Track& t = s.tracks[s.track_index.at(id)];
    EXPECT_TRUE(t.wound) << id;
    for (const auto& mark : value.as_object().at("marks").as_array()) {
      const std::string kind(mark.as_string());
      if (kind.empty() && t.fill == Track::Fill::Indexed) continue;  // a clear box
      EXPECT_TRUE(std::any_of(t.kinds.begin(), t.kinds.end(), [&](const WoundKind& k) { return k.id == kind; })) << id;
    }
  }
  for (const auto& [id, value] : live.at("states").as_object()) {
    ASSERT_TRUE(s.state_index.contains(id)) << id;
    const auto& values = s.states[s.state_index.at(id)].values;
    EXPECT_NE(std::find(values.begin(), values.end(), std::string(value.as_string())), values.end()) << id;
  }
  for (const auto& id : live.at("conditions").as_array())
    EXPECT_TRUE(s.condition_index.contains(std::string(id.as_string())));
  // Mira stands the night watch, so what hideWhen hides from day wardens is on her sheet.
  EXPECT_EQ(o.at("build").at("fields").as_object().at("watch").as_string(), "night");
  EXPECT_EQ(live.at("wounds").as_object().at("harm").as_object().at("marks").as_array().size(), 2u);
  EXPECT_FALSE(o.at("build").at("lists").as_object().at("scars").as_array().empty());
}

TEST(Gravewatch, SH_27_sample_character_is_read_without_a_diagnostic) {
  const LoadResult r = load_gravewatch();
  ASSERT_TRUE(r.ok()) << test::describe(r);
  Diagnostics diagnostics;
  const auto mira =
      parse_character(*r.ruleset, read_text(kPackage + "/characters/mira.json"), "mira.json", diagnostics);
  ASSERT_TRUE(mira.has_value());
  for (const auto& d : diagnostics.items()) ADD_FAILURE() << code_name(d.code) << " " << d.pointer << " " << d.message;
  EXPECT_EQ(mira->name, "Mira");
  EXPECT_EQ(mira->states.at("stance"), "guarded");
  EXPECT_EQ(mira->tracks.at("harm").marks.size(), 2u);
  EXPECT_EQ(mira->tracks.at("strain").marks.at(0).box, 2);
}

}  // namespace
}  // namespace rk
