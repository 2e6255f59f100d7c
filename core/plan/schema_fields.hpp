#pragma once
// The plan schema's typed fields (plan-format.md §1 primitive types, §9 graph contract items), walked with
// the schema walker of core/json/schema.hpp and read into the plan model. Public because the run reader's
// grafo.json uses the plan's node, edge and pause shapes (traces-and-verifier.md §4) and the synthetic
// benefit plan uses the same primitive types.
//
// Each check reports at the walker's current path and fills `out` when the value has the right JSON kind
// (an integer: when it is one within ±(2^53 − 1)), even if a soft problem was reported: later checks of the
// same object compare against it.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/schema.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"

namespace planlang::plan::fields {

using json::schema::Check;

// ID: a letter, then letters, digits, _ or -.
bool is_id(std::string_view s);
// ^(>|>=|<|<=|==)\s*-?[0-9]+(\.[0-9]+)?$ (plan-format.md §5 ocurre_si).
bool is_ocurre_si(std::string_view s);

// The comparison operators of an edge triplet and of a threshold (plan-format.md §8–§9).
extern const std::initializer_list<std::string_view> kOperators;

void check_string_min1(Check& c, const json::Value& v, std::string& out);
void check_id(Check& c, const json::Value& v, std::string& out);
void check_pattern(Check& c, const json::Value& v, std::string& out, bool (*matches)(std::string_view), const char* what_es,
                   const char* what_en);
void check_enum(Check& c, const json::Value& v, std::string& out, std::initializer_list<std::string_view> allowed);
void check_bool(Check& c, const json::Value& v, bool& out);
// INT: an integer (hard otherwise) within |n| ≤ 2^53 − 1 and [min, max] (soft).
void check_int(Check& c, const json::Value& v, std::int64_t& out, std::int64_t min, std::int64_t max);
void check_number(Check& c, const json::Value& v, double& out);
void check_bil(Check& c, const json::Value& v, Text& out);
// LIBRE = string≥1 | BIL.
void check_libre(Check& c, const json::Value& v, Text& out);
void check_id_list(Check& c, const json::Value& v, std::vector<std::string>& out);
void check_string_list(Check& c, const json::Value& v, std::vector<std::string>& out, std::size_t min_items);
void check_origen(Check& c, const json::Value& v, std::optional<std::string>& out);

// Graph contract items of plan-format.md §9, shared with the run reader's grafo.json.
void check_node(Check& c, const json::Value& v, Node& out);
// A (senal, operador, valor) triplet or a function call, whichever fits (§11.1 step 1 alternatives).
void check_edge(Check& c, const json::Value& v, Edge& out);
void check_pause(Check& c, const json::Value& v, Pause& out);

// An array whose items are checked by each(check, item, out_item), after its length.
template <class T, class F>
void check_items(Check& c, const json::Value& v, std::vector<T>& out, std::size_t min_items, F each) {
    if (!json::schema::array(c, v)) return;
    json::schema::min_items(c, v, min_items);
    const json::Array& items = v.as_array();
    out.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        c.push(i);
        each(c, items[i], out[i]);
        c.pop();
    }
}

}  // namespace planlang::plan::fields
