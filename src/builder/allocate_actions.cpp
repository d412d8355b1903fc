// The allocate step's actions (docs/format/builder.md "Actions"): assign a priority slot (BB-9),
// buy or refund one point (BB-1, BB-36, BB-40), write a target's note (BB-44). A refused action
// changes nothing and says why and what to do first.
#include <algorithm>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "builder/engine.hpp"
#include "format/limits.hpp"
#include "format/reader.hpp"

namespace rk::builder {

namespace {

namespace bj = boost::json;

const AllocateTargetView* find_target(const StepView& view, const std::string& key, const AllocateGroupView** group) {
  for (const AllocateGroupView& g : view.groups) {
    for (const AllocateTargetView& t : g.targets) {
      if (t.key != key) continue;
      if (group != nullptr) *group = &g;
      return &t;
    }
  }
  return nullptr;
}

std::string target_keys(const StepView& view) {
  std::vector<std::string> keys;
  for (const AllocateGroupView& g : view.groups) {
    for (const AllocateTargetView& t : g.targets) keys.push_back(t.key);
  }
  return fmt::format("{}", fmt::join(keys, ", "));
}

}  // namespace

bool allocate_priority(const BuilderStep& step, Allocation& a, const bj::value& slot, const bj::value* group,
                       Diagnostics& d) {
  if (step.priorities.empty()) {
    d.error(Code::BadAction, "/priority", "step `{}` gives each group its own `budget`; it has no priorities to assign",
            step.id);
    return false;
  }
  if (group == nullptr || !group->is_string()) {
    d.error(Code::MissingKey, "/group", "`priority` comes with `group`: the id of the group that takes the slot");
    return false;
  }
  const std::string id(group->get_string());
  if (std::none_of(step.groups.begin(), step.groups.end(), [&](const AllocateGroup& g) { return g.id == id; })) {
    std::vector<std::string> ids;
    for (const auto& g : step.groups) ids.push_back(g.id);
    d.error(Code::UnknownReference, "/group", "step `{}` has no group `{}`{}", step.id, id, did_you_mean(id, ids));
    return false;
  }
  if (slot.is_null()) {  // the group gives its slot back
    a.slots.erase(id);
    return true;
  }
  const auto n = to_number(slot);
  const auto slots = static_cast<std::int64_t>(step.priorities.size());
  if (!n || !n->is_integer() || n->whole() < 0 || n->whole() >= slots) {
    d.error(Code::OutOfRange, "/priority", "a priority slot is 0-{} (0 the primary), or null", slots - 1);
    return false;
  }
  // BB-9: a slot another group holds is swapped; BB-38: both keep their increments.
  for (auto& [other, held] : a.slots) {
    if (other == id || held != n->whole()) continue;
    if (auto mine = a.slots.find(id); mine != a.slots.end())
      held = mine->second;
    else
      a.slots.erase(other);
    break;
  }
  a.slots[id] = n->whole();
  return true;
}

bool allocate_buy(const BuilderStep& step, const StepView& view, Allocation& a, const bj::value& target, bool refund,
                  Diagnostics& d) {
  const std::string verb = refund ? "/refund" : "/buy";
  if (!target.is_string()) {
    d.error(Code::WrongType, verb, "`{}` names a target key such as \"ability/strength\"", verb.substr(1));
    return false;
  }
  const std::string key(target.get_string());
  const AllocateGroupView* group = nullptr;
  const AllocateTargetView* t = find_target(view, key, &group);
  if (t == nullptr) {
    d.error(Code::UnknownReference, verb, "step `{}` allocates no target `{}`; its targets are {}", step.id, key,
            target_keys(view));
    return false;
  }
  std::int64_t& bought = a.bought[key];
  if (refund) {
    // BB-40: refunds are always open: they are how an inactive group or purchase is repaired.
    if (bought == 0) {
      a.bought.erase(key);
      d.error(Code::OutOfRange, verb, "nothing is bought in `{}`", key);
      return false;
    }
    if (--bought == 0) a.bought.erase(key);
    return true;
  }
  if (t->can_buy) {
    ++bought;
    return true;
  }
  if (bought == 0) a.bought.erase(key);
  // BB-36: why the plus button is disabled, and what to do first.
  if (!group->configured) {
    d.error(Code::NotOffered, verb,
            "group `{}` is not configured: its budget or bounds do not read a whole number "
            "in range (BB-22)",
            group->id);
  } else if (!group->budget) {
    d.error(Code::NotOffered, verb,
            "group `{}` has no priority yet: assign it a slot first ({{\"step\": \"{}\", \"priority\": 0, \"group\": "
            "\"{}\"}})",
            group->id, step.id, group->id);
  } else if (!group->active || !t->counts) {
    d.error(Code::NotOffered, verb, "{}", reason_text(!group->active ? group->why : t->why));
  } else if (group->spent >= *group->budget) {
    d.error(Code::OverBudget, verb, "group `{}` has spent its {} points; refund one first", group->id, *group->budget);
  } else if (std::any_of(view.groups.begin(), view.groups.end(), [](const AllocateGroupView& g) {
               return !g.active || std::any_of(g.targets.begin(), g.targets.end(),
                                               [](const AllocateTargetView& x) { return !x.counts; });
             })) {
    d.error(Code::NotOffered, verb,
            "another purchase of step `{}` needs attention first: refund what is inactive (BB-36, BB-40)", step.id);
  } else {
    d.error(Code::OutOfRange, verb, "`{}` is at its creation cap {} (BB-14)", key, group->max.value_or(0));
  }
  return false;
}

bool allocate_note(const BuilderStep& step, const StepView& view, Allocation& a, const bj::value& target,
                   const bj::value* value, Diagnostics& d) {
  if (!step.annotations) {
    d.error(Code::BadAction, "/note", "step `{}` takes no notes: its `annotations` is not true (BB-44)", step.id);
    return false;
  }
  if (!target.is_string() || find_target(view, std::string(target.get_string()), nullptr) == nullptr) {
    d.error(Code::UnknownReference, "/note", "`note` names a target of step `{}`: {}", step.id, target_keys(view));
    return false;
  }
  const std::string key(target.get_string());
  if (value == nullptr || value->is_null()) {
    a.notes.erase(key);
    return true;
  }
  if (!value->is_string()) {
    d.error(Code::WrongType, "/value", "a note is text, or null to clear it");
    return false;
  }
  const std::string text(value->get_string());
  if (text_length(text) > limits::kAllocateNoteLength) {
    d.error(Code::TooLong, "/value", "a note holds at most {} characters (BB-44), found {}",
            static_cast<std::size_t>(limits::kAllocateNoteLength), text_length(text));
    return false;
  }
  if (auto problem = prompt_safety_problem(text)) {
    d.error(Code::NotPromptSafe, "/value", "a note is prompt-safe text: {}", *problem);
    return false;
  }
  a.notes[key] = text;
  return true;
}

}  // namespace rk::builder
