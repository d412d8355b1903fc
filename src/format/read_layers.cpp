// `layers`: variants of a ruleset shipped inside its own file (docs/format/ruleset.md "Layers").
// The "sections" pass reads the shapes; after the catalogs are read, `check_layers` holds every effect to the
// thing it narrows, so a toggle in the setup wizard can never be one that changes nothing.
#include <algorithm>
#include <set>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/unique_ids.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// An integer key inside [min, max], or nothing (problems reported).
std::optional<std::int64_t> whole_in(ObjectReader& r, std::string_view key, bool required, std::int64_t min,
                                     std::int64_t max) {
  const auto n = r.number(key, required, true);
  if (!n) return std::nullopt;
  if (*n < Number::of(min) || *n > Number::of(max)) {
    r.error(Code::OutOfRange, key, "`{}` is {} to {}, found {}", key, min, max, n->to_string());
    return std::nullopt;
  }
  return n->whole();
}

/// Strings of 1..max_length code points, reported one by one.
std::vector<std::string> read_words(ObjectReader& r, std::string_view key, std::size_t min_count, std::size_t max_count,
                                    std::size_t max_length) {
  std::vector<std::string> words;
  const bj::array* a = r.array(key, true);
  if (a == nullptr) return words;
  if (a->size() < min_count) r.error(Code::TooFew, key, "`{}` names at least {} value", key, min_count);
  if (a->size() > max_count)
    r.error(Code::TooMany, key, "`{}` names {} values; the limit is {}", key, a->size(), max_count);
  UniqueIds seen(fmt::format("{}: `{}`", r.what(), key), UniqueIds::Kind::Listed);
  for (std::size_t i = 0; i < a->size(); ++i) {
    const std::string p = json::child(r.at(key), i);
    const bj::value& item = (*a)[i];
    if (!item.is_string()) {
      r.diagnostics().error(Code::WrongType, p, "{}: `{}` holds strings, found {}", r.what(), key,
                            json_type_name(item));
      continue;
    }
    const std::string word(item.get_string());
    if (word.empty() || text_length(word) > max_length) {
      r.diagnostics().error(word.empty() ? Code::BadValue : Code::TooLong, p,
                            "{}: a value in `{}` is 1 to {} characters", r.what(), key, max_length);
      continue;
    }
    if (seen.add(word, p, r.diagnostics())) words.push_back(word);
  }
  return words;
}

std::vector<LadderStep> read_ladder(const bj::array& a, const std::string& pointer, const std::string& what,
                                    ReadContext& cx) {
  std::vector<LadderStep> ladder;
  if (a.empty()) cx.diagnostics.error(Code::TooFew, pointer, "{}: a difficulty ladder has at least one step", what);
  check_limit(limits::kLadderSteps, a.size(), pointer, what, cx.diagnostics);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = json::child(pointer, i);
    ObjectReader r(a[i], p, fmt::format("{} step #{}", what, i + 1), cx.diagnostics);
    if (!r.ok()) continue;
    LadderStep step;
    step.pointer = p;
    step.label = r.prompt_text("label", true, limits::kLayerLabelLength).value_or("");
    const bool sums = r.has("dc");
    const bool counts = r.has("successes") || r.has("target");
    if (sums && counts) {
      r.error(Code::ConflictingKeys, "", "a step is either `{{ label, dc }}` or `{{ label, successes, target? }}`");
    } else if (!sums && !counts) {
      r.error(Code::MissingKey, "", "a step names `dc` (a summed ladder) or `successes` (a pool ladder)");
    }
    step.dc = whole_in(r, "dc", false, limits::kLadderDcMin, limits::kLadderDcMax);
    step.successes = whole_in(r, "successes", counts && !sums, 1, limits::kLadderSuccessesMax);
    step.target = whole_in(r, "target", false, limits::kPoolFaceMin, limits::kPoolFaceMax);
    ladder.push_back(std::move(step));
  }
  return ladder;
}

std::optional<LayerCatalogHide> read_catalog_rule(const bj::value& v, const std::string& pointer,
                                                  const std::string& what, ReadContext& cx) {
  ObjectReader r(v, pointer, what, cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  LayerCatalogHide rule;
  rule.pointer = pointer;
  rule.catalog = r.id("id", true).value_or("");
  const bj::value* hide = r.get("hide");
  if (hide == nullptr) {
    r.error(Code::MissingKey, "", "`hide` is required: which entries the picker leaves out");
    return std::nullopt;
  }
  ObjectReader h(*hide, r.at("hide"), what + " `hide`", cx.diagnostics);
  if (!h.ok()) return std::nullopt;
  rule.filter = h.id("filter", true).value_or("");
  int comparisons = 0;
  if (auto above = h.number("above", false)) {
    rule.compare = LayerCatalogHide::Compare::Above;
    rule.number = *above;
    ++comparisons;
  }
  if (auto below = h.number("below", false)) {
    rule.compare = LayerCatalogHide::Compare::Below;
    rule.number = *below;
    ++comparisons;
  }
  if (auto equals = h.string("equals", false, limits::kLayerValueLength)) {
    rule.compare = LayerCatalogHide::Compare::Equals;
    rule.words = {*equals};
    ++comparisons;
  }
  if (h.has("notIn")) {
    rule.compare = LayerCatalogHide::Compare::NotIn;
    rule.words = read_words(h, "notIn", 1, limits::kLayerNotIn, limits::kLayerValueLength);
    ++comparisons;
  }
  const int written = static_cast<int>(h.has("above")) + h.has("below") + h.has("equals") + h.has("notIn");
  if (written != 1) {
    h.error(written == 0 ? Code::MissingKey : Code::ConflictingKeys, "",
            "a hide rule names exactly one of `above`, `below`, `equals`, `notIn`; found {}", written);
    return std::nullopt;
  }
  if (comparisons != 1 || rule.catalog.empty() || rule.filter.empty()) return std::nullopt;
  return rule;
}

void read_layer_gm(const bj::value& v, const std::string& pointer, Layer& layer, ReadContext& cx) {
  ObjectReader r(v, pointer, fmt::format("layer `{}` gm", layer.id), cx.diagnostics);
  if (!r.ok()) return;
  layer.guidance = r.prompt_text("guidance", false, limits::kLayerGuidance).value_or("");
  layer.world_guidance = r.prompt_text("worldGuidance", false, limits::kLayerGuidance).value_or("");
  const std::size_t total = text_length(layer.guidance) + text_length(layer.world_guidance);
  if (total > limits::kLayerGuidance) {
    r.error(Code::TooLong, "", "one layer carries at most {} characters of guidance, both strings together; found {}",
            limits::kLayerGuidance, total);
  }
}

Layer read_layer(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name("layer", v, pointer), cx.diagnostics);
  Layer layer;
  layer.pointer = pointer;
  if (!r.ok()) return layer;
  layer.id = r.id("id", true).value_or("");
  layer.label = r.prompt_text("label", true, limits::kLayerLabelLength).value_or("");
  layer.summary = r.prompt_text("summary", false, limits::kLayerSummaryLength).value_or("");
  if (r.has("conflicts")) {
    layer.conflicts = r.id_list("conflicts", true).value_or(std::vector<std::string>{});
    check_limit(limits::kLayers, layer.conflicts.size(), r.at("conflicts"), r.what() + " `conflicts`", cx.diagnostics);
  }
  if (const bj::value* gm = r.get("gm")) read_layer_gm(*gm, r.at("gm"), layer, cx);
  if (const bj::array* fields = r.array("fields", false)) {
    check_limit(limits::kLayerFields, fields->size(), r.at("fields"), r.what() + " `fields`", cx.diagnostics);
    for (std::size_t i = 0; i < fields->size(); ++i) {
      const std::string p = json::child(r.at("fields"), i);
      ObjectReader f((*fields)[i], p, fmt::format("{} field #{}", r.what(), i + 1), cx.diagnostics);
      if (!f.ok()) continue;
      LayerField entry;
      entry.pointer = p;
      entry.id = f.id("id", true).value_or("");
      if (!entry.id.empty()) f.rename(fmt::format("{} field `{}`", r.what(), entry.id));
      entry.remove_values = read_words(f, "removeValues", 1, limits::kLayerRemoveValues, limits::kLayerValueLength);
      entry.default_value = f.string("default", false, limits::kLayerValueLength);
      if (!entry.id.empty()) layer.fields.push_back(std::move(entry));
    }
  }
  if (const bj::array* ladder = r.array("difficultyLadder", false)) {
    layer.difficulty_ladder = read_ladder(*ladder, r.at("difficultyLadder"), r.what() + " `difficultyLadder`", cx);
  }
  if (const bj::array* catalogs = r.array("catalogs", false)) {
    check_limit(limits::kLayerCatalogRules, catalogs->size(), r.at("catalogs"), r.what() + " `catalogs`",
                cx.diagnostics);
    for (std::size_t i = 0; i < catalogs->size(); ++i) {
      const std::string p = json::child(r.at("catalogs"), i);
      if (auto rule = read_catalog_rule((*catalogs)[i], p, fmt::format("{} catalog rule #{}", r.what(), i + 1), cx)) {
        layer.catalogs.push_back(std::move(*rule));
      }
    }
  }
  return layer;
}

/// Whether `value` is one a hideWhen rule on `field` compares against.
bool watches(const std::optional<HideWhen>& hide, const std::string& field, const std::string& value) {
  if (!hide || hide->field != field) return false;
  return std::any_of(hide->values.begin(), hide->values.end(), [&](const Scalar& s) {
    const auto* text = std::get_if<std::string>(&s.value);
    return text != nullptr && *text == value;
  });
}

/// The first sheet element whose hideWhen compares `field` with `value`: its kind, id and rule.
struct Watcher {
  std::string kind, id;
  const HideWhen* hide = nullptr;
};

std::optional<Watcher> find_watcher(const Sheet& sheet, const std::string& field, const std::string& value) {
  std::optional<Watcher> found;
  const auto scan = [&](const auto& items, std::string_view kind) {
    for (const auto& item : items) {
      if (!found && watches(item.hide_when, field, value))
        found = Watcher{std::string(kind), item.id, &*item.hide_when};
    }
  };
  scan(sheet.fields, "field");
  scan(sheet.derived, "derived value");
  scan(sheet.lists, "list");
  scan(sheet.pools, "pool");
  scan(sheet.tracks, "track");
  return found;
}

void check_layer_fields(Ruleset& ruleset, Layer& layer, Diagnostics& d) {
  const Sheet& sheet = ruleset.sheet;
  std::set<std::string> seen;
  for (LayerField& entry : layer.fields) {
    const std::string what = fmt::format("layer `{}` field `{}`", layer.id, entry.id);
    if (!seen.insert(entry.id).second) {
      d.error(Code::DuplicateId, json::child(entry.pointer, "id"), "{}: the layer narrows this field twice", what);
      continue;
    }
    const auto it = sheet.field_index.find(entry.id);
    if (it == sheet.field_index.end()) {
      d.error(Code::UnknownReference, json::child(entry.pointer, "id"), "{}: the sheet has no field `{}`", what,
              entry.id);
      continue;
    }
    entry.field_index = it->second;
    const Field& field = sheet.fields[it->second];
    if (field.spec.type != ValueType::Enum) {
      d.error(Code::WrongReferenceType, json::child(entry.pointer, "id"),
              "{}: a layer takes values out of enum fields only, and `{}` is not one", what, entry.id);
      continue;
    }
    const auto& values = field.spec.values;
    bool removes_known_values = true;
    for (std::size_t i = 0; i < entry.remove_values.size(); ++i) {
      const std::string& value = entry.remove_values[i];
      const std::string p = json::child(json::child(entry.pointer, "removeValues"), i);
      if (std::find(values.begin(), values.end(), value) == values.end()) {
        d.error(Code::BadValue, p, "{}: \"{}\" is not one of the values of `{}`", what, value, entry.id);
        removes_known_values = false;
        continue;
      }
      // With the value gone the rule could never match again; said now, while the author looks.
      if (auto watcher = find_watcher(sheet, entry.id, value)) {
        const bool hidden_on_it = watcher->hide->op != HideWhen::Op::NotEquals;
        d.error(Code::HideValueInvalid, p, "{}: {} `{}` is {} when `{}` is \"{}\", so a layer cannot remove that value",
                what, watcher->kind, watcher->id, hidden_on_it ? "hidden" : "shown only", entry.id, value);
      }
    }
    if (!removes_known_values) continue;
    std::vector<std::string> remaining;
    for (const auto& value : values) {
      if (std::find(entry.remove_values.begin(), entry.remove_values.end(), value) == entry.remove_values.end()) {
        remaining.push_back(value);
      }
    }
    if (remaining.empty()) {
      d.error(Code::TooFew, json::child(entry.pointer, "removeValues"),
              "{}: a layer must leave `{}` at least one value", what, entry.id);
      continue;
    }
    const auto survives = [&](const std::string& v) {
      return std::find(remaining.begin(), remaining.end(), v) != remaining.end();
    };
    if (entry.default_value) {
      if (!survives(*entry.default_value)) {
        d.error(Code::BadValue, json::child(entry.pointer, "default"),
                "{}: `default` \"{}\" is not one of the values this layer leaves", what, *entry.default_value);
      }
    } else if (field.spec.default_declared) {
      const auto* declared = std::get_if<std::string>(&field.spec.default_value.value);
      if (declared != nullptr && !survives(*declared)) {
        d.error(Code::MissingKey, json::child(entry.pointer, "removeValues"),
                "{}: removing \"{}\" takes the default of `{}` away; name a new `default`", what, *declared, entry.id);
      }
    }
  }
}

void check_layer_ladder(const Ruleset& ruleset, const Layer& layer, Diagnostics& d) {
  // A pool ladder counts successes; every other kind sums dice against a `dc`.
  const bool pool = ruleset.resolution.is_pool();
  for (const LadderStep& step : layer.difficulty_ladder) {
    if (pool && !step.successes && step.dc) {
      d.error(Code::BadValue, step.pointer,
              "layer `{}` difficultyLadder: this ruleset throws a pool, so a step names `successes`", layer.id);
    } else if (!pool && step.successes) {
      d.error(Code::BadValue, step.pointer, "layer `{}` difficultyLadder: this ruleset sums dice, so a step names `dc`",
              layer.id);
    }
  }
}

void check_layer_catalogs(const Ruleset& ruleset, const Layer& layer, Diagnostics& d) {
  for (const LayerCatalogHide& rule : layer.catalogs) {
    const std::string what = fmt::format("layer `{}` catalog rule for `{}`", layer.id, rule.catalog);
    const auto it = ruleset.catalog_index.find(rule.catalog);
    if (it == ruleset.catalog_index.end()) {
      d.error(Code::UnknownReference, json::child(rule.pointer, "id"), "{}: the ruleset has no catalog `{}`", what,
              rule.catalog);
      continue;
    }
    const Catalog& catalog = ruleset.catalogs[it->second];
    const auto filter = std::find_if(catalog.filters.begin(), catalog.filters.end(),
                                     [&](const CatalogFilter& f) { return f.id == rule.filter; });
    const std::string hide = json::child(rule.pointer, "hide");
    if (filter == catalog.filters.end()) {
      d.error(Code::UnknownReference, json::child(hide, "filter"), "{}: catalog `{}` declares no filter `{}`", what,
              rule.catalog, rule.filter);
      continue;
    }
    const bool numeric =
        rule.compare == LayerCatalogHide::Compare::Above || rule.compare == LayerCatalogHide::Compare::Below;
    if (numeric != (filter->type == CatalogFilter::Type::Number)) {
      d.error(Code::WrongReferenceType, hide, "{}: filter `{}` holds {}, so the rule compares with {}", what,
              rule.filter, numeric ? "words" : "a number", numeric ? "`equals` or `notIn`" : "`above` or `below`");
    }
  }
}

}  // namespace

std::vector<Layer> read_layers(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  std::vector<Layer> layers;
  if (!v.is_array()) {
    cx.diagnostics.error(Code::WrongType, pointer, "ruleset: `layers` must be an array, found {}", json_type_name(v));
    return layers;
  }
  cx.requirement.use(Gate::Layers, pointer);
  const bj::array& a = v.get_array();
  check_limit(limits::kLayers, a.size(), pointer, "`layers`", cx.diagnostics);
  for (std::size_t i = 0; i < a.size(); ++i) layers.push_back(read_layer(a[i], json::child(pointer, i), cx));
  std::set<std::string> ids;
  for (const Layer& layer : layers) {
    if (!layer.id.empty() && !ids.insert(layer.id).second) {
      cx.diagnostics.error(Code::DuplicateId, json::child(layer.pointer, "id"), "layer `{}` is declared twice",
                           layer.id);
    }
  }
  for (const Layer& layer : layers) {
    for (std::size_t i = 0; i < layer.conflicts.size(); ++i) {
      const std::string& other = layer.conflicts[i];
      const std::string p = json::child(json::child(layer.pointer, "conflicts"), i);
      if (other == layer.id) {
        cx.diagnostics.error(Code::BadValue, p, "layer `{}`: a layer cannot conflict with itself", layer.id);
      } else if (!ids.contains(other)) {
        cx.diagnostics.error(Code::UnknownReference, p,
                             "layer `{}`: `conflicts` names `{}`, which is not a layer of this ruleset", layer.id,
                             other);
      }
    }
  }
  return layers;
}

void check_layers(Ruleset& ruleset, Diagnostics& diagnostics) {
  for (Layer& layer : ruleset.layers) {
    check_layer_fields(ruleset, layer, diagnostics);
    check_layer_ladder(ruleset, layer, diagnostics);
    check_layer_catalogs(ruleset, layer, diagnostics);
  }
}

}  // namespace rk::detail
