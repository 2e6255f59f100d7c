#pragma once
// Internals of the draft review (plan/review.hpp): accessors that tolerate any JSON shape (a wrong type or a
// missing member reads as nullptr / empty, never an assertion), and the reading of revision.json.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/review.hpp"

namespace planlang::plan::internal::tolerant {

inline const json::Value* member(const json::Value* v, std::string_view key) { return v ? v->find(key) : nullptr; }
inline const json::Array& items(const json::Value* v) {
    static const json::Array none;
    return v && v->is_array() ? v->as_array() : none;
}
inline const std::string* string_of(const json::Value* v) { return v && v->is_string() ? &v->as_string() : nullptr; }

inline bool is_blank(const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; });
}

inline bool has_marker(const std::string& s) { return s.find(kPendingMarker) != std::string::npos; }

// A non-blank string, else nullptr.
inline const std::string* text_of(const json::Value* v) {
    const std::string* s = string_of(v);
    return s && !is_blank(*s) ? s : nullptr;
}

inline bool contains(const std::vector<std::string>& list, const std::string& value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

inline std::vector<std::string> strings_in(const json::Value* v) {
    std::vector<std::string> out;
    for (const json::Value& item : items(v))
        if (item.is_string()) out.push_back(item.as_string());
    return out;
}

inline std::string indexed(std::string_view section, std::size_t i) { return std::string(section) + "[" + std::to_string(i) + "]"; }

// The element's id, or its bracket path when it has no usable id.
inline std::string name_of(const json::Value& element, std::string_view section, std::size_t i) {
    const std::string* id = string_of(element.find("id"));
    return id && !id->empty() ? *id : indexed(section, i);
}

inline std::string quoted_es(const std::string& s) { return "«" + s + "»"; }
inline std::string quoted_en(const std::string& s) { return "\"" + s + "\""; }

inline std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
    return out;
}

inline void add(Issues& out, const char* code, std::string element, std::string es, std::string en) {
    out.push_back(Issue{code, std::move(element), {std::move(es), std::move(en)}});
}

}  // namespace planlang::plan::internal::tolerant

namespace planlang::plan::internal {

struct Acceptance {
    std::string codigo;
    std::string elemento;
};

// revision.json (decisions.md E5), read leniently: pending questions go to `pendientes` (P1, P2…), shape
// problems to `motivos` as REVISION_INVALIDA; returns the valid acceptances. `revision` may be null.
std::vector<Acceptance> read_revision(const json::Value* revision, Issues& pendientes, Issues& motivos);

}  // namespace planlang::plan::internal
