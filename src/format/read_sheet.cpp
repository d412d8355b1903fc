// Reading `sheet`: sections, abilities, skills, saves, fields, lists, derived values,
// advancement; `live` and rests are in read_live.cpp.
#include <algorithm>

#include "format/limits.hpp"
#include "format/read.hpp"
#include "format/read_catalog_ref.hpp"
#include "format/read_contextual.hpp"
#include "json/document.hpp"

namespace rk::detail {

namespace {

/// An entry's `id`. Reference format: an id on the character sheet is a sheet id (a lowercase
/// letter, then lowercase letters, digits and `_`, at most 40 in all); the party sheet, which the
/// reference does not have, keeps the general id.
std::string entry_id(ObjectReader& r, bool sheet = true) {
  auto id = r.id("id", true);
  if (!id) return "";
  if (sheet && !is_sheet_id(*id)) {
    r.error(Code::BadId, "id",
            "`id` is \"{}\", which is not a sheet id (a lowercase letter, then lowercase letters, digits "
            "and `_`, at most {})",
            *id, limits::kRefSheetIdLength);
    return "";
  }
  return *id;
}

template <typename F>
void each_object(const bj::array& a, const std::string& pointer, F&& read_one) {
  for (std::size_t i = 0; i < a.size(); ++i) read_one(a[i], json::child(pointer, i));
}

Check read_check(const bj::value& v, const std::string& pointer, std::string_view kind, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name(kind, v, pointer), cx.diagnostics);
  Check c;
  c.pointer = pointer;
  c.id = entry_id(r);
  c.label = r.label();
  c.ability = r.id("ability", false).value_or("");
  if (r.has("section")) {
    cx.requirement.use(Gate::Sections, r.at("section"));
    c.section = r.id("section", true).value_or("");
  }
  c.untrained = read_untrained(r, cx);
  if (const bj::value* cap = r.get("cap")) {
    cx.requirement.use(Gate::Cap, r.at("cap"));
    c.cap = read_ref(*cap, r.at("cap"), r.what() + " `cap`", cx);
  }
  return c;
}

/// A derived value's `op`: the reference's six.
constexpr Choice<Derived::Op> kDerivedOps[] = {
    {Derived::Op::Sum, "sum"}, {Derived::Op::Scale, "scale"},         {Derived::Op::Min, "min"},
    {Derived::Op::Max, "max"}, {Derived::Op::StepTable, "stepTable"}, {Derived::Op::EnumTable, "enumTable"}};

Derived read_derived(const bj::value& v, const std::string& pointer, ReadContext& cx) {
  ObjectReader r(v, pointer, entry_name("derived value", v, pointer), cx.diagnostics);
  Derived d;
  d.pointer = pointer;
  d.id = entry_id(r);
  d.label = r.label();
  d.hide_when = read_hide_when(r, cx);
  if (r.has("section")) d.section = r.id("section", true).value_or("");
  // Ours: a working value other values read, kept off the sheet and out of the GM's block.
  d.internal = r.boolean("internal").value_or(false);
  const std::optional<Derived::Op> known = r.choice("op", true, kDerivedOps);
  const std::string_view op = known ? choice_name(kDerivedOps, *known) : "";
  // The reference's ops and their operand counts: `sum` 1-12, `min` and `max` 2-12.
  auto read_of_list = [&](std::size_t fewest) {
    const bj::array* of = r.array("of", true);
    if (of == nullptr) return;
    if (of->size() < fewest || of->size() > limits::kRefsPerOperator) {
      r.error(of->size() < fewest ? Code::TooFew : Code::TooMany, "of",
              "op \"{}\" takes {}-{} value references, found {}", op, fewest, limits::kRefsPerOperator, of->size());
    }
    for (std::size_t i = 0; i < of->size(); ++i) {
      if (auto ref = read_ref((*of)[i], json::child(r.at("of"), i), r.what(), cx)) d.of.push_back(*ref);
    }
  };
  auto read_single = [&](std::string_view key) {
    if (const bj::value* of = r.get(key)) {
      if (auto ref = read_ref(*of, r.at(key), r.what(), cx)) d.of.push_back(*ref);
    } else if (r.ok()) {
      r.error(Code::MissingKey, "", "`{}` is required for op \"{}\"", key, op);
    }
  };
  if (known) d.op = *known;
  if (known == Derived::Op::Sum || known == Derived::Op::Min || known == Derived::Op::Max) {
    read_of_list(known == Derived::Op::Sum ? limits::kSumRefsMin : limits::kMinMaxRefsMin);
  } else if (known == Derived::Op::Scale) {
    read_single("of");
    d.factor = r.number("multiplier", true).value_or(Number::of(1));
    d.round = read_rounding(r, "round", Rounding::Down);
  } else if (known == Derived::Op::StepTable) {
    read_single("from");
    if (const bj::array* table = r.array("table", true)) {
      if (table->empty()) r.error(Code::BadStepTable, "table", "`table` needs at least one [threshold, value] row");
      check_limit(limits::kStepTableRows, table->size(), r.at("table"), r.what() + " `table`", cx.diagnostics);
      d.steps = read_number_pairs(*table, r.at("table"), r.what(), false, Code::BadStepTable, cx.diagnostics);
    }
  } else if (known == Derived::Op::EnumTable) {
    cx.requirement.use(Gate::EnumTable, r.at("op"));
    d.default_value = r.number("default", false).value_or(Number::of(0));
    if (const bj::object* from = r.object("from", true)) {
      ObjectReader f(*r.get("from"), r.at("from"), r.what() + " `from`", cx.diagnostics);
      const bool field = f.has("field");
      const bool state = f.has("liveState");
      if (field == state) {
        f.error(Code::BadEnumTable, "", "`from` names exactly one of `field` and `liveState`");
        f.accept("field");
        f.accept("liveState");
      } else {
        d.source = field ? Derived::Source::Field : Derived::Source::LiveState;
        d.source_id = f.id(field ? "field" : "liveState", true).value_or("");
      }
      (void)from;
    }
    if (const bj::object* table = r.object("table", true)) {
      if (table->empty() || table->size() > limits::kEnumTableEntries) {
        r.error(table->empty() ? Code::TooFew : Code::TooMany, "table", "an enum table names 1-{} values, found {}",
                limits::kEnumTableEntries, table->size());
      }
      for (const auto& member : *table) {
        const std::string p = json::child(r.at("table"), member.key());
        auto n = member.value().is_number() ? to_number(member.value()) : std::nullopt;
        if (!n) {
          cx.diagnostics.error(Code::WrongType, p, "{}: the value for `{}` must be a number", r.what(), member.key());
          continue;
        }
        d.table.emplace(member.key(), *n);
      }
    }
  }
  // Keys of the other operators are refused by name rather than as unknown keys; a key no op
  // has (such as `by`) is an unknown key.
  const bool known_op = known.has_value();
  for (std::string_view key : {"of", "from", "multiplier", "round", "table", "default"}) {
    if (!r.has(key)) continue;
    const bool used = (key == "of" && (d.op != Derived::Op::StepTable && d.op != Derived::Op::EnumTable)) ||
                      (key == "from" && (d.op == Derived::Op::StepTable || d.op == Derived::Op::EnumTable)) ||
                      ((key == "multiplier" || key == "round") && d.op == Derived::Op::Scale) ||
                      (key == "table" && (d.op == Derived::Op::StepTable || d.op == Derived::Op::EnumTable)) ||
                      (key == "default" && d.op == Derived::Op::EnumTable);
    if (!used && known_op) r.error(Code::UnknownKey, key, "`{}` is not a key of op \"{}\"", key, op);
    r.accept(key);
  }
  return d;
}

/// Reference format: `version`, `skillTiers`, `saveTiers` and `bonusRange` on the sheet.
void read_reference_sheet_keys(ObjectReader& r, Sheet& sheet, ReadContext& cx) {
  if (auto version = r.number("version", true, true)) {
    if (*version < Number::of(1))
      r.error(Code::OutOfRange, "version", "`version` is a whole number from 1, found {}", version->to_string());
    else
      sheet.version = version->whole();
  }
  for (auto [key, tiers] : {std::pair{std::string_view("skillTiers"), &sheet.skill_tiers},
                            std::pair{std::string_view("saveTiers"), &sheet.save_tiers}}) {
    if (!r.has(key)) continue;
    *tiers = r.id_list(key, true).value_or(std::vector<std::string>{});
    if (const bj::value* given = r.get(key); given->is_array() && given->get_array().empty()) {
      r.error(Code::TooFew, key, "`{}` names at least one proficiency tier; leave it out to offer all of them", key);
    }
    check_limit(limits::kCheckTiersOffered, tiers->size(), r.at(key), fmt::format("`{}`", key), cx.diagnostics);
  }
  if (r.object("bonusRange", false) != nullptr) {
    ObjectReader b(*r.get("bonusRange"), r.at("bonusRange"), "`bonusRange`", cx.diagnostics);
    const Number bound = Number::of(limits::kBonusRangeBound);
    const auto min = b.number("min", true, true);
    const auto max = b.number("max", true, true);
    if (min && *min < -bound) b.error(Code::OutOfRange, "min", "`min` is at least -{}", limits::kBonusRangeBound);
    if (max && *max > bound) b.error(Code::OutOfRange, "max", "`max` is at most {}", limits::kBonusRangeBound);
    if (min && max && *min > *max)
      b.error(Code::OutOfRange, "min", "`min` {} is above `max` {}", min->to_string(), max->to_string());
    if (min && max) {
      sheet.bonus_min = *min;
      sheet.bonus_max = *max;
    }
  }
}

/// Reference format: a sheet list's `section`, `maxItems` and row `pools`.
void read_reference_list_keys(ObjectReader& r, List& list, ReadContext& cx) {
  if (r.has("section")) list.section = r.id("section", true).value_or("");
  if (auto most = r.number("maxItems", true, true)) {
    if (*most < Number::of(limits::kListMaxItemsMin) || *most > Number::of(limits::kListMaxItemsMax)) {
      r.error(Code::OutOfRange, "maxItems", "`maxItems` must be {}-{}, found {}", limits::kListMaxItemsMin,
              limits::kListMaxItemsMax, most->to_string());
    } else {
      list.max_items = most->whole();
    }
  }
  if (r.object("pools", false) != nullptr) {
    ObjectReader p(*r.get("pools"), r.at("pools"), r.what() + " `pools`", cx.diagnostics);
    List::RowPools pools;
    pools.name_column = p.id("nameColumn", true).value_or("");
    pools.max_column = p.id("maxColumn", true).value_or("");
    if (p.has("rechargeColumn")) pools.recharge_column = p.id("rechargeColumn", true).value_or("");
    if (!pools.name_column.empty() && !pools.max_column.empty()) list.pools = std::move(pools);
  }
}

}  // namespace

std::vector<Field> read_fields(const bj::array& a, const std::string& pointer, SheetOwner owner, ReadContext& cx) {
  // Reference format: a sheet field may be `dice` and sit in a section; a party field neither.
  const bool sheet_field = owner == SheetOwner::Character;
  const std::string_view what = sheet_field ? "field" : "party field";
  std::vector<Field> out;
  each_object(a, pointer, [&](const bj::value& v, const std::string& p) {
    ObjectReader r(v, p, entry_name(what, v, p), cx.diagnostics);
    Field f;
    f.pointer = p;
    f.id = entry_id(r, sheet_field);
    f.label = r.label();
    f.spec = read_value_spec(r, sheet_field, cx);
    f.hide_when = read_hide_when(r, cx);
    if (sheet_field && r.has("section")) f.section = r.id("section", true).value_or("");
    if (r.ok()) out.push_back(std::move(f));
  });
  return out;
}

std::vector<List> read_lists(const bj::array& a, const std::string& pointer, SheetOwner owner, ReadContext& cx) {
  const bool sheet_list = owner == SheetOwner::Character;
  const std::string_view what = sheet_list ? "list" : "party list";
  std::vector<List> out;
  each_object(a, pointer, [&](const bj::value& v, const std::string& p) {
    ObjectReader r(v, p, entry_name(what, v, p), cx.diagnostics);
    List list;
    list.pointer = p;
    list.id = entry_id(r, sheet_list);
    list.label = r.label();
    list.hide_when = read_hide_when(r, cx);
    if (sheet_list) read_reference_list_keys(r, list, cx);
    if (const bj::array* columns = r.array("columns", true)) {
      if (columns->empty()) r.error(Code::TooFew, "columns", "a list needs at least one column");
      check_limit(limits::kColumns, columns->size(), r.at("columns"), r.what() + " `columns`", cx.diagnostics);
      each_object(*columns, r.at("columns"), [&](const bj::value& cv, const std::string& cp) {
        ObjectReader c(cv, cp, r.what() + " " + entry_name("column", cv, cp), cx.diagnostics);
        Column column;
        column.pointer = cp;
        column.id = entry_id(c, sheet_list);
        column.label = c.label();
        column.spec = read_value_spec(c, true, cx);
        column.required = c.boolean("required").value_or(false);
        if (c.has("sum")) {
          cx.requirement.use(Gate::ComputedColumns, c.at("sum"));
          column.sum = c.id_list("sum", true).value_or(std::vector<std::string>{});
          if (column.sum.empty()) c.error(Code::BadComputedColumn, "sum", "`sum` must name at least one column");
          c.check_limit(limits::kComputedColumnTerms, column.sum.size(), "sum");
          if (!column.spec.is_numeric()) c.error(Code::BadComputedColumn, "sum", "only a number column may `sum`");
        }
        if (c.ok()) list.columns.push_back(std::move(column));
      });
    }
    if (sheet_list) read_list_checks(r, list, cx);
    if (sheet_list) read_list_contextual(r, list, cx);
    if (r.ok()) out.push_back(std::move(list));
  });
  return out;
}

std::optional<Advancement> read_advancement(const bj::value& v, const std::string& pointer, std::string_view what,
                                            ReadContext& cx, bool party) {
  ObjectReader r(v, pointer, std::string(what), cx.diagnostics);
  if (!r.ok()) return std::nullopt;
  Advancement adv;
  adv.pointer = pointer;
  adv.fields = r.id_list("fields", false).value_or(std::vector<std::string>{});
  if (!party) {
    adv.abilities = r.boolean("abilities").value_or(false);
    adv.skills = r.boolean("skills").value_or(false);
    adv.saves = r.boolean("saves").value_or(false);
  }
  adv.text = r.prompt_text("text", false, limits::kShortTextLength).value_or("");
  // The party sheet's advancement has no gate to lift its limit (BB-162 is the character's).
  if (party)
    r.check_limit(limits::kPartyAdvancementFields, adv.fields.size(), "fields");
  else
    check_gated_limit(limits::kAdvancementFields, limits::kAdvancementFieldsExtended, adv.fields.size(), r.at("fields"),
                      r.what() + ": `fields`", cx.requirement, cx.diagnostics);
  // CA-54: an empty permission set is refused.
  if (adv.fields.empty() && !adv.abilities && !adv.skills && !adv.saves) {
    r.error(Code::EmptyPermissions, "",
            "advancement permits nothing: list `fields` or set `abilities`, `skills` or `saves`");
  }
  return adv;
}

void read_sheet(const bj::value& v, const std::string& pointer, Sheet& sheet, ReadContext& cx) {
  ObjectReader r(v, pointer, "sheet", cx.diagnostics);
  if (!r.ok()) return;
  read_reference_sheet_keys(r, sheet, cx);
  if (const bj::array* a = r.array("sections", false)) {
    check_limit(limits::kSections, a->size(), r.at("sections"), "`sections`", cx.diagnostics);
    each_object(*a, r.at("sections"), [&](const bj::value& sv, const std::string& p) {
      ObjectReader s(sv, p, entry_name("section", sv, p), cx.diagnostics);
      Section section;
      section.pointer = p;
      section.id = entry_id(s);
      section.label = s.label();
      section.untrained = read_untrained(s, cx);
      if (s.ok()) sheet.sections.push_back(std::move(section));
    });
  }
  if (const bj::array* a = r.array("abilities", false)) {
    check_limit(limits::kAbilities, a->size(), r.at("abilities"), "`abilities`", cx.diagnostics);
    each_object(*a, r.at("abilities"), [&](const bj::value& av, const std::string& p) {
      ObjectReader s(av, p, entry_name("ability", av, p), cx.diagnostics);
      Ability ability;
      ability.pointer = p;
      ability.id = entry_id(s);
      ability.label = s.label();
      ability.short_label = s.prompt_text("short", false, limits::kAbilityShortLength).value_or("");
      if (auto min = s.number("min", true, true)) ability.min = *min;
      if (auto max = s.number("max", true, true)) ability.max = *max;
      if (ability.min > ability.max) s.error(Code::OutOfRange, "min", "`min` is above `max`");
      ability.default_score = std::clamp(Number::of(0), ability.min, ability.max);
      // A computed ability (BC-30) works its score out, so only a scored one says where it starts.
      if (auto d = s.number("default", !s.has("value"), true)) {
        if (*d < ability.min || *d > ability.max) {
          s.error(Code::OutOfRange, "default", "`default` {} is outside {}-{}", d->to_string(), ability.min.to_string(),
                  ability.max.to_string());
        } else {
          ability.default_score = *d;
        }
      }
      if (s.has("section")) {
        cx.requirement.use(Gate::Sections, s.at("section"));
        ability.section = s.id("section", true).value_or("");
      }
      if (const bj::array* value = s.array("value", false)) {
        cx.requirement.use(Gate::ComputedAbilities, s.at("value"));
        if (value->empty() || value->size() > limits::kAbilityValueRefs) {
          s.error(value->empty() ? Code::TooFew : Code::TooMany, "value",
                  "`value` takes 1-{} value references (BC-30), found {}", limits::kAbilityValueRefs, value->size());
        }
        for (std::size_t i = 0; i < value->size(); ++i) {
          if (auto ref = read_ref((*value)[i], json::child(s.at("value"), i), s.what() + " `value`", cx)) {
            ability.value.push_back(*ref);
          }
        }
      }
      if (s.ok()) sheet.abilities.push_back(std::move(ability));
    });
  }
  if (const bj::array* a = r.array("skills", false)) {
    check_limit(limits::kSkills, a->size(), r.at("skills"), "`skills`", cx.diagnostics);
    each_object(*a, r.at("skills"), [&](const bj::value& sv, const std::string& p) {
      if (sv.is_object())
        sheet.skills.push_back(read_check(sv, p, "skill", cx));
      else
        read_check(sv, p, "skill", cx);
    });
  }
  if (const bj::array* a = r.array("saves", false)) {
    check_limit(limits::kSaves, a->size(), r.at("saves"), "`saves`", cx.diagnostics);
    each_object(*a, r.at("saves"), [&](const bj::value& sv, const std::string& p) {
      if (sv.is_object())
        sheet.saves.push_back(read_check(sv, p, "save", cx));
      else
        read_check(sv, p, "save", cx);
    });
  }
  if (const bj::array* a = r.array("fields", false)) {
    check_gated_limit(limits::kFields, limits::kFieldsExtended, a->size(), r.at("fields"), "sheet: `fields`",
                      cx.requirement, cx.diagnostics);
    sheet.fields = read_fields(*a, r.at("fields"), SheetOwner::Character, cx);
  }
  if (const bj::array* a = r.array("lists", false)) {
    check_limit(limits::kLists, a->size(), r.at("lists"), "`lists`", cx.diagnostics);
    sheet.lists = read_lists(*a, r.at("lists"), SheetOwner::Character, cx);
  }
  if (const bj::array* a = r.array("derived", false)) {
    check_limit(limits::kDerived, a->size(), r.at("derived"), "`derived`", cx.diagnostics);
    each_object(*a, r.at("derived"), [&](const bj::value& dv, const std::string& p) {
      if (dv.is_object())
        sheet.derived.push_back(read_derived(dv, p, cx));
      else
        read_derived(dv, p, cx);
    });
  }
  if (const bj::value* live = r.get("live")) read_live(*live, r.at("live"), sheet, cx);
  if (const bj::value* adv = r.get("advancement")) {
    sheet.advancement = read_advancement(*adv, r.at("advancement"), "sheet.advancement", cx, false);
  }
  // `sheet.builder` is read by the "builder" pass, after the catalogs (read_ruleset.cpp).
  if (r.get("builder") != nullptr) sheet.has_builder = true;
}

}  // namespace rk::detail
