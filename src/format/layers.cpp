#include "format/layers.hpp"

#include <algorithm>

namespace rk {

namespace {

bool contains(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

void append(std::string& text, const std::string& more) {
  if (more.empty()) return;
  if (!text.empty()) text += ' ';
  text += more;
}

/// Whether one rule matches a value an entry gives its filter.
bool matches(const LayerCatalogHide& rule, const FilterValue& value) {
  using Compare = LayerCatalogHide::Compare;
  if (const auto* n = std::get_if<Number>(&value.value)) {
    if (rule.compare == Compare::Above) return *n > rule.number;
    if (rule.compare == Compare::Below) return *n < rule.number;
    return false;
  }
  std::vector<std::string> words;
  if (const auto* text = std::get_if<std::string>(&value.value)) words = {*text};
  if (const auto* tags = std::get_if<std::vector<std::string>>(&value.value)) words = *tags;
  if (rule.compare == Compare::Equals) {
    return std::any_of(words.begin(), words.end(), [&](const std::string& w) { return w == rule.words.front(); });
  }
  if (rule.compare == Compare::NotIn) {
    return std::any_of(words.begin(), words.end(), [&](const std::string& w) { return !contains(rule.words, w); });
  }
  return false;
}

}  // namespace

LayerChoice choose_layers(const Ruleset& ruleset, const std::vector<std::string>& requested) {
  LayerChoice choice;
  std::vector<bool> asked(ruleset.layers.size(), false);
  for (const std::string& id : requested) {
    const auto it =
        std::find_if(ruleset.layers.begin(), ruleset.layers.end(), [&](const Layer& l) { return l.id == id; });
    if (it == ruleset.layers.end()) {
      if (!contains(choice.unknown, id)) choice.unknown.push_back(id);
    } else {
      asked[static_cast<std::size_t>(it - ruleset.layers.begin())] = true;
    }
  }
  const auto in_conflict = [&](const Layer& a, const Layer& b) {
    return contains(a.conflicts, b.id) || contains(b.conflicts, a.id);
  };
  for (std::size_t i = 0; i < ruleset.layers.size(); ++i) {
    if (!asked[i]) continue;
    const Layer& layer = ruleset.layers[i];
    const bool clashes = std::any_of(choice.active.begin(), choice.active.end(),
                                     [&](std::size_t on) { return in_conflict(ruleset.layers[on], layer); });
    if (clashes) {
      choice.dropped.push_back(layer.id);
    } else {
      choice.active.push_back(i);
    }
  }
  return choice;
}

Ruleset apply_layers(const Ruleset& ruleset, const LayerChoice& choice) {
  Ruleset out = ruleset;
  for (const std::size_t index : choice.active) {
    const Layer& layer = ruleset.layers.at(index);
    append(out.gm.check_guidance, layer.guidance);
    append(out.gm.world_guidance, layer.world_guidance);
    for (const LayerField& narrowed : layer.fields) {
      const auto it = out.sheet.field_index.find(narrowed.id);
      if (it == out.sheet.field_index.end()) continue;  // refused at import
      ValueSpec& spec = out.sheet.fields[it->second].spec;
      std::erase_if(spec.values, [&](const std::string& v) { return contains(narrowed.remove_values, v); });
      for (const std::string& gone : narrowed.remove_values) spec.value_labels.erase(gone);
      if (spec.values.empty()) continue;  // refused at import
      const auto* old_default = std::get_if<std::string>(&spec.default_value.value);
      if (narrowed.default_value) {
        spec.default_value = Scalar{*narrowed.default_value};
      } else if (old_default == nullptr || !contains(spec.values, *old_default)) {
        spec.default_value = Scalar{spec.values.front()};
      }
    }
  }
  return out;
}

const std::vector<LadderStep>* layer_ladder(const Ruleset& ruleset, const LayerChoice& choice) {
  const std::vector<LadderStep>* ladder = nullptr;
  for (const std::size_t index : choice.active) {
    const Layer& layer = ruleset.layers.at(index);
    if (!layer.difficulty_ladder.empty()) ladder = &layer.difficulty_ladder;
  }
  return ladder;
}

bool hidden_by_layers(const Ruleset& ruleset, const LayerChoice& choice, const Catalog& catalog,
                      const CatalogEntry& entry) {
  for (const std::size_t index : choice.active) {
    for (const LayerCatalogHide& rule : ruleset.layers.at(index).catalogs) {
      if (rule.catalog != catalog.id) continue;
      const auto value = entry.filters.find(rule.filter);
      if (value != entry.filters.end() && matches(rule, value->second)) return true;
    }
  }
  return false;
}

}  // namespace rk
