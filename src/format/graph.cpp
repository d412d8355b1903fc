// The sheet's dependency graph: what each computed number reads. It refuses cycles, a computed
// ability that reads another (BC-32), a cap that reads a skill or save modifier (SH-11), and
// values that must not move in play but read live state (SH-54, BC-58). Evaluation is lazy and
// memoized, so an acyclic graph is all that "computed once, top to bottom" needs.
#include <algorithm>

#include "format/read.hpp"
#include "json/document.hpp"

namespace rk::detail {

// Self-contained (it keeps no reference into the ruleset it was built from), so the compiled
// ruleset can keep it: the catalogs and the builder ask what a Ref reads once per Ref, and each
// question is then a walk, not a new graph of the whole sheet.
class ReadGraph {
 public:
  explicit ReadGraph(const Ruleset& rs) {
    const Sheet& sheet = rs.sheet;
    base_[0] = 0;
    base_[1] = base_[0] + sheet.abilities.size();
    base_[2] = base_[1] + sheet.derived.size();
    base_[3] = base_[2] + sheet.skills.size();
    base_[4] = base_[3] + sheet.saves.size();
    base_[5] = base_[4] + rs.resolution.tiers.size();
    base_[6] = base_[5] + sheet.pools.size();
    base_[7] = base_[6] + sheet.tracks.size();
    edges_.resize(base_[7]);
    live_.resize(base_[7], false);
    field_abilities_.resize(sheet.fields.size());
    for (std::size_t f = 0; f < sheet.fields.size(); ++f) {
      for (const auto& value : sheet.fields[f].spec.values) {
        if (auto it = sheet.ability_index.find(value); it != sheet.ability_index.end())
          field_abilities_[f].push_back(id({Node::Kind::Ability, it->second}));
      }
    }
    for (std::size_t i = 0; i < sheet.abilities.size(); ++i)
      add_refs(id({Node::Kind::Ability, i}), sheet.abilities[i].value);
    for (std::size_t i = 0; i < sheet.derived.size(); ++i) {
      const Derived& d = sheet.derived[i];
      add_refs(id({Node::Kind::Derived, i}), d.of);
      if (d.op == Derived::Op::EnumTable && d.source == Derived::Source::LiveState)
        live_[id({Node::Kind::Derived, i})] = true;
    }
    for (std::size_t i = 0; i < sheet.skills.size(); ++i) add_check(id({Node::Kind::Skill, i}), sheet.skills[i], rs);
    for (std::size_t i = 0; i < sheet.saves.size(); ++i) add_check(id({Node::Kind::Save, i}), sheet.saves[i], rs);
    for (std::size_t i = 0; i < rs.resolution.tiers.size(); ++i)
      add_ref(id({Node::Kind::Tier, i}), rs.resolution.tiers[i].bonus);
    for (std::size_t i = 0; i < sheet.pools.size(); ++i) {
      const Pool& p = sheet.pools[i];
      const std::size_t n = id({Node::Kind::PoolMax, i});
      add_ref(n, p.max);
      if (p.start_from) add_ref(n, *p.start_from);
      if (p.level) add_ref(n, *p.level);
    }
    for (std::size_t i = 0; i < sheet.tracks.size(); ++i) {
      const Track& t = sheet.tracks[i];
      const std::size_t n = id({Node::Kind::TrackMax, i});
      add_ref(n, t.max);
      if (t.start_from) add_ref(n, *t.start_from);
    }
  }

  std::size_t size() const { return edges_.size(); }

  std::size_t id(Node n) const { return base_[static_cast<std::size_t>(n.kind)] + n.index; }
  Node node(std::size_t id) const {
    std::size_t k = 0;
    while (k + 1 < 7 && id >= base_[k + 1]) ++k;
    return {static_cast<Node::Kind>(k), id - base_[k]};
  }

  std::string name(std::size_t n, const Ruleset& rs) const {
    const Sheet& sheet = rs.sheet;
    const Node x = node(n);
    switch (x.kind) {
      case Node::Kind::Ability:
        return fmt::format("ability `{}`", sheet.abilities[x.index].id);
      case Node::Kind::Derived:
        return fmt::format("derived value `{}`", sheet.derived[x.index].id);
      case Node::Kind::Skill:
        return fmt::format("skill `{}`", sheet.skills[x.index].id);
      case Node::Kind::Save:
        return fmt::format("save `{}`", sheet.saves[x.index].id);
      case Node::Kind::Tier:
        return fmt::format("proficiency tier `{}`", rs.resolution.tiers[x.index].id);
      case Node::Kind::PoolMax:
        return fmt::format("pool `{}`", sheet.pools[x.index].id);
      case Node::Kind::TrackMax:
        return fmt::format("track `{}`", sheet.tracks[x.index].id);
    }
    return "value";
  }

  std::string pointer(std::size_t n, const Ruleset& rs) const {
    const Sheet& sheet = rs.sheet;
    const Node x = node(n);
    switch (x.kind) {
      case Node::Kind::Ability:
        return sheet.abilities[x.index].pointer;
      case Node::Kind::Derived:
        return sheet.derived[x.index].pointer;
      case Node::Kind::Skill:
        return sheet.skills[x.index].pointer;
      case Node::Kind::Save:
        return sheet.saves[x.index].pointer;
      case Node::Kind::Tier:
        return rs.resolution.tiers[x.index].pointer;
      case Node::Kind::PoolMax:
        return sheet.pools[x.index].pointer;
      case Node::Kind::TrackMax:
        return sheet.tracks[x.index].pointer;
    }
    return "";
  }

  const std::vector<std::size_t>& edges(std::size_t n) const { return edges_[n]; }
  bool direct_live(std::size_t n) const { return live_[n]; }

  /// The nodes a set of refs reaches (directly or through others), and whether any reads live.
  struct Reach {
    std::vector<bool> nodes;
    bool live = false;
  };
  Reach reach(const std::vector<const Ref*>& refs) const {
    Reach out{std::vector<bool>(size(), false), false};
    std::vector<std::size_t> stack;
    for (const Ref* ref : refs) {
      if (ref->reads_live()) out.live = true;
      for (std::size_t n : targets(*ref)) stack.push_back(n);
    }
    while (!stack.empty()) {
      const std::size_t n = stack.back();
      stack.pop_back();
      if (out.nodes[n]) continue;
      out.nodes[n] = true;
      if (live_[n]) out.live = true;
      for (std::size_t m : edges_[n]) stack.push_back(m);
    }
    return out;
  }

  std::vector<std::size_t> targets(const Ref& ref) const {
    std::vector<std::size_t> out;
    if (ref.index == kNone) return out;
    switch (ref.kind) {
      case RefKind::Derived:
        out.push_back(id({Node::Kind::Derived, ref.index}));
        break;
      case RefKind::AbilityScore:
      case RefKind::AbilityMod:
        out.push_back(id({Node::Kind::Ability, ref.index}));
        break;
      case RefKind::AbilityModFromField:
        if (ref.index < field_abilities_.size()) out = field_abilities_[ref.index];
        break;
      case RefKind::SkillMod:
        out.push_back(id({Node::Kind::Skill, ref.index}));
        break;
      case RefKind::SaveMod:
        out.push_back(id({Node::Kind::Save, ref.index}));
        break;
      case RefKind::LivePool:
        out.push_back(id({Node::Kind::PoolMax, ref.index}));
        break;
      case RefKind::LiveTrack:
        out.push_back(id({Node::Kind::TrackMax, ref.index}));
        break;
      default:
        break;
    }
    return out;
  }

 private:
  void add_ref(std::size_t from, const Ref& ref) {
    if (ref.reads_live()) live_[from] = true;
    for (std::size_t to : targets(ref)) edges_[from].push_back(to);
  }
  void add_refs(std::size_t from, const std::vector<Ref>& refs) {
    for (const auto& r : refs) add_ref(from, r);
  }
  void add_check(std::size_t from, const Check& check, const Ruleset& rs) {
    if (check.ability_index != kNone) edges_[from].push_back(id({Node::Kind::Ability, check.ability_index}));
    for (std::size_t t = 0; t < rs.resolution.tiers.size(); ++t) edges_[from].push_back(id({Node::Kind::Tier, t}));
    if (check.cap) add_ref(from, *check.cap);
  }

  std::size_t base_[8]{};
  std::vector<std::vector<std::size_t>> edges_;
  std::vector<bool> live_;
  std::vector<std::vector<std::size_t>> field_abilities_;  // per enum field: the abilities its values name
};

namespace {

/// The ruleset's own graph once the sheet is resolved; before that (a ruleset the resolve pass
/// never reached) a graph made for the question.
std::shared_ptr<const ReadGraph> graph_of(const Ruleset& rs) {
  return rs.read_graph ? rs.read_graph : std::make_shared<const ReadGraph>(rs);
}

void report_cycles(const ReadGraph& g, const Ruleset& rs, Diagnostics& d) {
  enum : std::uint8_t { White, Grey, Black };
  std::vector<std::uint8_t> colour(g.size(), White);
  std::vector<bool> reported(g.size(), false);
  std::vector<std::size_t> path;
  // Iterative DFS so a hostile ruleset cannot exhaust the stack.
  for (std::size_t start = 0; start < g.size(); ++start) {
    if (colour[start] != White) continue;
    std::vector<std::pair<std::size_t, std::size_t>> stack{{start, 0}};
    colour[start] = Grey;
    path.assign(1, start);
    while (!stack.empty()) {
      auto& [n, next] = stack.back();
      if (next < g.edges(n).size()) {
        const std::size_t m = g.edges(n)[next++];
        if (colour[m] == White) {
          colour[m] = Grey;
          stack.emplace_back(m, 0);
          path.push_back(m);
        } else if (colour[m] == Grey) {
          auto from = std::find(path.begin(), path.end(), m);
          if (std::none_of(from, path.end(), [&](std::size_t x) { return reported[x]; })) {
            std::string chain;
            for (auto it = from; it != path.end(); ++it) {
              chain += g.name(*it, rs) + " reads ";
              reported[*it] = true;
            }
            chain += g.name(m, rs);
            d.error(Code::DependencyCycle, g.pointer(m, rs), "values read each other in a cycle: {}", chain);
          }
        }
      } else {
        colour[n] = Black;
        stack.pop_back();
        path.pop_back();
      }
    }
  }
}

}  // namespace

bool ref_reads_live(const Ruleset& rs, const Ref& ref) { return graph_of(rs)->reach({&ref}).live; }

ReadSet ref_read_set(const Ruleset& rs, const std::vector<const Ref*>& refs) {
  const std::shared_ptr<const ReadGraph> graph = graph_of(rs);
  const ReadGraph& g = *graph;
  const auto reach = g.reach(refs);
  const Sheet& s = rs.sheet;
  ReadSet out;
  std::vector<const Ref*> all(refs.begin(), refs.end());
  for (std::size_t n = 0; n < reach.nodes.size(); ++n) {
    if (!reach.nodes[n]) continue;
    const Node x = g.node(n);
    switch (x.kind) {
      case Node::Kind::Ability:
        out.abilities.insert(x.index);
        for (const auto& r : s.abilities[x.index].value) all.push_back(&r);
        break;
      case Node::Kind::Derived: {
        const Derived& d = s.derived[x.index];
        for (const auto& r : d.of) all.push_back(&r);
        if (d.op == Derived::Op::EnumTable && d.source == Derived::Source::Field && d.source_index != kNone) {
          out.fields.insert(d.source_index);
        }
        break;
      }
      case Node::Kind::Skill:
        out.skills.insert(x.index);
        if (s.skills[x.index].cap) all.push_back(&*s.skills[x.index].cap);
        break;
      case Node::Kind::Save:
        out.saves.insert(x.index);
        if (s.saves[x.index].cap) all.push_back(&*s.saves[x.index].cap);
        break;
      default:
        break;
    }
  }
  for (const Ref* r : all) {
    if (r->index == kNone) continue;
    if (r->kind == RefKind::Field || r->kind == RefKind::AbilityModFromField) out.fields.insert(r->index);
    if (r->kind == RefKind::ListSum && r->index != kNone) out.lists.insert(r->index);
  }
  return out;
}

void check_dependencies(Ruleset& rs, Diagnostics& d) {
  rs.read_graph = std::make_shared<const ReadGraph>(rs);
  const ReadGraph& g = *rs.read_graph;
  report_cycles(g, rs, d);
  const Sheet& s = rs.sheet;
  // BC-32: no computed ability reads another, even through derived values.
  for (std::size_t i = 0; i < s.abilities.size(); ++i) {
    const Ability& a = s.abilities[i];
    if (!a.computed()) continue;
    std::vector<const Ref*> refs;
    for (const auto& r : a.value) refs.push_back(&r);
    const auto reach = g.reach(refs);
    for (std::size_t j = 0; j < s.abilities.size(); ++j) {
      if (j == i || !s.abilities[j].computed() || !reach.nodes[g.id({Node::Kind::Ability, j})]) continue;
      d.error(Code::ComputedReadsComputed, json::child(a.pointer, "value"),
              "ability `{}`: its value reads computed ability `{}`; no computed value may read another (BC-32)", a.id,
              s.abilities[j].id);
    }
  }
  // SH-11 (reading B, decisions.md): a cap never reads a skill or save modifier, directly or
  // through derived values, so every modifier is computed once.
  auto check_caps = [&](const std::vector<Check>& checks, std::string_view kind) {
    for (const auto& c : checks) {
      if (!c.cap) continue;
      const auto reach = g.reach({&*c.cap});
      for (std::size_t n = 0; n < g.size(); ++n) {
        if (!reach.nodes[n]) continue;
        const Node x = g.node(n);
        if (x.kind != Node::Kind::Skill && x.kind != Node::Kind::Save) continue;
        d.error(Code::CapReadsModifier, c.cap->pointer,
                "{} `{}`: its cap reads {}; a cap may not read a skill or save modifier, directly or through "
                "derived values (SH-11)",
                kind, c.id, g.name(n, rs));
        break;
      }
    }
  };
  check_caps(s.skills, "skill");
  check_caps(s.saves, "save");
  // The reference's rule on top of SH-11: like the proficiency bonus, a cap is worked out top to
  // bottom, so no derived value declared above the one a cap reads (or that one) reads a modifier
  // directly. Each such value is reported once, naming the first cap it feeds.
  std::vector<bool> reported(s.derived.size(), false);
  auto check_declared_above = [&](const std::vector<Check>& checks) {
    for (const auto& c : checks) {
      if (!c.cap || c.cap->kind != RefKind::Derived || c.cap->index == kNone) continue;
      // What the cap reads is the rule above's to report, at the cap: reported once.
      const auto reach = g.reach({&*c.cap});
      for (std::size_t j = 0; j <= c.cap->index && j < s.derived.size(); ++j) {
        if (reach.nodes[g.id({Node::Kind::Derived, j})]) continue;
        const Derived& derived = s.derived[j];
        const bool reads_modifier = std::any_of(derived.of.begin(), derived.of.end(), [](const Ref& r) {
          return r.kind == RefKind::SkillMod || r.kind == RefKind::SaveMod;
        });
        if (!reads_modifier || reported[j]) continue;
        reported[j] = true;
        d.error(Code::CapReadsModifier, derived.pointer,
                "derived `{}` feeds the cap on `{}` (it is `{}` or declared above it), so it cannot read a skill or "
                "save modifier (SH-11)",
                derived.id, c.id, c.cap->target);
      }
    }
  };
  check_declared_above(s.skills);
  check_declared_above(s.saves);
  // A maximum is worked out before there is a live state, so it never reads one, through any
  // chain (the reference's rule for every pool's and track's `max`; SH-54 for boxes). BC-58: a
  // start value is read from the sheet.
  for (const auto& t : s.tracks) {
    if (t.wound && t.boxes && (g.reach({&t.max}).live)) {
      d.error(Code::ReadsLiveState, t.max.pointer, "track `{}`: the number of boxes may not read live state (SH-54)",
              t.id);
    } else if (!t.wound && g.reach({&t.max}).live) {
      d.error(Code::ReadsLiveState, t.max.pointer,
              "track `{}`: `max` is worked out before play, so it may not read live state", t.id);
    }
    if (t.start_from && g.reach({&*t.start_from}).live) {
      d.error(Code::ReadsLiveState, t.start_from->pointer, "track `{}`: `startFrom` reads the sheet, not live state",
              t.id);
    }
  }
  for (const auto& p : s.pools) {
    if (g.reach({&p.max}).live) {
      d.error(Code::ReadsLiveState, p.max.pointer,
              "pool `{}`: `max` is worked out before play, so it may not read live state", p.id);
    }
    if (p.start_from && g.reach({&*p.start_from}).live) {
      d.error(Code::ReadsLiveState, p.start_from->pointer, "pool `{}`: `startFrom` reads the sheet, not live state",
              p.id);
    }
  }
  // Reference format: resolution. The proficiency bonus is worked out before there is a live state.
  if (const auto& bonus = rs.resolution.proficiency_bonus; bonus && g.reach({&*bonus}).live) {
    d.error(Code::ReadsLiveState, bonus->pointer,
            "resolution.proficiency `bonus`: the proficiency bonus may not read live state");
  }
}

}  // namespace rk::detail

namespace rk {

ReadSet what_refs_read(const Ruleset& ruleset, const std::vector<const Ref*>& refs) {
  return detail::ref_read_set(ruleset, refs);
}

}  // namespace rk
