#pragma once
// Building blocks of the plan schema (plan-format.md §11.1 step 1): a sink that records ESQUEMA issues and
// whether any of them is *hard* (wrong JSON type, missing required key, value outside an enumeration or a
// literal), and checks for the primitive types of §1. Soft problems (patterns, lengths, ranges) are
// reported but do not make a value "not this alternative".
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"

namespace planlang::plan::internal {

class Sink {
public:
    void soft(const std::string& path, Bilingual message) { add(path, std::move(message)); }
    void hard(const std::string& path, Bilingual message) {
        add(path, std::move(message));
        ++m_hard;
    }
    // A hard problem that has already been reported elsewhere (e.g. inside an alternative).
    void mark_hard() { ++m_hard; }
    std::size_t hard_count() const { return m_hard; }
    bool empty() const { return m_issues.empty(); }
    Issues& issues() { return m_issues; }
    void append(Sink&& other) {
        for (auto& i : other.m_issues) m_issues.push_back(std::move(i));
        m_hard += other.m_hard;
    }

private:
    void add(const std::string& path, Bilingual message) {
        m_issues.push_back(Issue{"ESQUEMA", path.empty() ? "$" : path, std::move(message)});
    }
    Issues m_issues;
    std::size_t m_hard = 0;
};

// "decisiones" + "0" → "decisiones.0"; the root path is "".
std::string join(const std::string& path, std::string_view key);
std::string join(const std::string& path, std::size_t index);

const char* kind_name_es(const json::Value& v);
const char* kind_name_en(const json::Value& v);

// Type checks: report a hard issue and return false when `v` is not of the kind.
bool expect_object(const json::Value& v, const std::string& path, Sink& s);
bool expect_array(const json::Value& v, const std::string& path, Sink& s);
bool expect_string(const json::Value& v, const std::string& path, Sink& s);
bool expect_bool(const json::Value& v, const std::string& path, Sink& s);
bool expect_number(const json::Value& v, const std::string& path, Sink& s);

// A required member: reports a hard "missing" issue at path.key when absent.
const json::Value* required(const json::Value& object, std::string_view key, const std::string& path, Sink& s);
const json::Value* optional(const json::Value& object, std::string_view key);
// The one issue listing an object's keys that the schema does not know.
void unknown_keys(const json::Value& object, std::initializer_list<std::string_view> known, const std::string& path,
                  Sink& s);

// Primitive types of plan-format.md §1.
void check_string_min1(const json::Value& v, const std::string& path, Sink& s, std::string& out);
void check_id(const json::Value& v, const std::string& path, Sink& s, std::string& out);
void check_pattern(const json::Value& v, const std::string& path, Sink& s, std::string& out, bool (*matches)(std::string_view),
                   const char* what_es, const char* what_en);
void check_enum(const json::Value& v, const std::string& path, Sink& s, std::string& out,
                std::initializer_list<std::string_view> allowed);
void check_bool(const json::Value& v, const std::string& path, Sink& s, bool& out);
// INT: an integer (hard otherwise) within |n| ≤ 2^53 − 1 and [min, max] (soft).
void check_int(const json::Value& v, const std::string& path, Sink& s, std::int64_t& out, std::int64_t min,
               std::int64_t max);
void check_number(const json::Value& v, const std::string& path, Sink& s, double& out);
void check_bil(const json::Value& v, const std::string& path, Sink& s, Text& out);
void check_libre(const json::Value& v, const std::string& path, Sink& s, Text& out);
void check_id_list(const json::Value& v, const std::string& path, Sink& s, std::vector<std::string>& out);
void check_string_list(const json::Value& v, const std::string& path, Sink& s, std::vector<std::string>& out,
                       std::size_t min_items);
// Array length (soft), reported before the items' own issues as the schema library does.
void check_min_items(const json::Value& array, const std::string& path, Sink& s, std::size_t min_items);
void check_origen(const json::Value& v, const std::string& path, Sink& s, std::optional<std::string>& out);

// Graph contract items of plan-format.md §9, shared with the run reader's grafo.json (traces-and-verifier.md
// §4: the compiled graph uses the plan's shapes). `path` prefixes the issues' elements.
void check_node(const json::Value& v, const std::string& path, Sink& s, Node& out);
void check_edge(const json::Value& v, const std::string& path, Sink& s, Edge& out);
void check_pause(const json::Value& v, const std::string& path, Sink& s, Pause& out);

bool is_id(std::string_view s);
bool is_fecha(std::string_view s);
bool is_version(std::string_view s);
bool is_hex64(std::string_view s);
bool is_ocurre_si(std::string_view s);

constexpr std::int64_t kMaxSafeInteger = 9007199254740991;  // 2^53 − 1

// Runs `check(value, path)` on a member: only when present (optional keys), or reporting it missing.
template <class F>
void if_present(const json::Value& object, std::string_view key, const std::string& path, F check) {
    if (const json::Value* v = optional(object, key)) check(*v, join(path, key));
}

template <class F>
void if_required(const json::Value& object, std::string_view key, const std::string& path, Sink& s, F check) {
    if (const json::Value* v = required(object, key, path, s)) check(*v, join(path, key));
}

// An array whose items are checked by `each(item, path, sink, out_item)`, after its length.
template <class T, class F>
void check_items(const json::Value& v, const std::string& path, Sink& s, std::vector<T>& out, std::size_t min_items, F each) {
    if (!expect_array(v, path, s)) return;
    check_min_items(v, path, s, min_items);
    const auto& items = v.as_array();
    out.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) each(items[i], join(path, i), s, out[i]);
}

}  // namespace planlang::plan::internal
