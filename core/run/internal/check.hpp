#pragma once
// A small strict-schema walker for the run reader's files (traces-and-verifier.md §2–§5). The JSON path is a
// stack of segments formatted only when a problem is found (a valid trace costs no string building), in the
// dotted form the plan validator uses ("pasos.3.orden", "$" for the root). Every problem is kept, in the
// order the schema visits the keys (the order §2–§5 list them, unknown keys last in one issue at the
// object's path); the reader reports the first one per file (decisions.md E3).
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::run::internal {

class Check {
public:
    // The path's storage comes from (and goes back to) the thread's spare one: a check is made per batch
    // case and per ramas visit, and growing a new path for each was an allocation or three apiece.
    Check();
    ~Check();
    Check(const Check&) = default;
    Check& operator=(const Check&) = default;

    // The current path ("$" at the root).
    std::string path() const;
    // A problem at the current path (or at path + key).
    void fail(Bilingual message);
    void fail_at(std::string_view key, Bilingual message);
    // A problem found by another checker whose element is already a full dotted path.
    void add(Issue issue) { m_issues.push_back(std::move(issue)); }

    void push(std::string_view key) { m_path.push_back(Segment{key, 0, true}); }
    void push(std::size_t index) { m_path.push_back(Segment{{}, index, false}); }
    void pop() { m_path.pop_back(); }

    bool ok() const { return m_issues.empty(); }
    Issues& issues() { return m_issues; }

private:
    struct Segment {
        std::string_view key;
        std::size_t index;
        bool is_key;
    };
    static std::vector<Segment>& spare_path();
    std::vector<Segment> m_path;
    Issues m_issues;
};

// The issues of item `index` of the top-level array `array` checked alone by one(check, item), at the path it
// has in the whole file (a streamed file's items: batch cases, ramas visits).
template <class One>
Issues check_array_item(std::string_view array, std::size_t index, const json::Value& item, One one) {
    Check c;
    c.push(array);
    c.push(index);
    one(c, item);
    return std::move(c.issues());
}

// Kind checks: each reports "expected …, found …" at the current path and returns false on mismatch.
bool object(Check& c, const json::Value& v);
bool array(Check& c, const json::Value& v);
bool string(Check& c, const json::Value& v);
bool string_min1(Check& c, const json::Value& v);
bool boolean(Check& c, const json::Value& v);
bool number(Check& c, const json::Value& v);
// A number in [min, max].
bool number_in(Check& c, const json::Value& v, double min, double max);
// An integer (|n| ≤ 2^53 − 1) in [min, max].
bool integer(Check& c, const json::Value& v, std::int64_t min, std::int64_t max = 9007199254740991);
bool literal(Check& c, const json::Value& v, std::string_view expected);
bool one_of(Check& c, const json::Value& v, std::initializer_list<std::string_view> allowed);
bool hex64(Check& c, const json::Value& v);
bool fecha(Check& c, const json::Value& v);
bool version(Check& c, const json::Value& v);
bool bil(Check& c, const json::Value& v);  // {es: string≥1, en: string≥1}
bool string_list(Check& c, const json::Value& v, std::size_t min_items = 0);

// Walks the members of one object: required and optional keys in schema order, then `close` lists the
// unknown ones.
class Members {
public:
    Members(Check& c, const json::Value& v) : m_c(c), m_v(v), m_ok(object(c, v)) {}
    bool ok() const { return m_ok; }

    template <class F>
    void required(std::string_view key, F check) {
        if (!m_ok) return;
        if (const json::Value* m = m_v.find(key)) {
            m_c.push(key);
            check(*m);
            m_c.pop();
        } else {
            missing(key);
        }
    }
    template <class F>
    void optional(std::string_view key, F check) {
        if (!m_ok) return;
        if (const json::Value* m = m_v.find(key)) {
            m_c.push(key);
            check(*m);
            m_c.pop();
        }
    }
    void close(std::initializer_list<std::string_view> known);

private:
    void missing(std::string_view key);
    Check& m_c;
    const json::Value& m_v;
    bool m_ok;
};

// Each item of an array (after the kind check and the minimum length).
template <class F>
bool each(Check& c, const json::Value& v, F check, std::size_t min_items = 0) {
    if (!array(c, v)) return false;
    const json::Array& items = v.as_array();
    if (items.size() < min_items)
        c.fail({"la lista necesita al menos " + std::to_string(min_items) + " elemento(s)",
                "the list needs at least " + std::to_string(min_items) + " item(s)"});
    for (std::size_t i = 0; i < items.size(); ++i) {
        c.push(i);
        check(items[i]);
        c.pop();
    }
    return true;
}

// Each member value of a free-keyed object (a map).
template <class F>
bool each_value(Check& c, const json::Value& v, F check) {
    if (!object(c, v)) return false;
    for (const json::Member& m : v.as_object()) {
        c.push(m.key);
        check(m.value);
        c.pop();
    }
    return true;
}

// `check` unless the value is null.
template <class F>
void nullable(const json::Value& v, F check) {
    if (!v.is_null()) check(v);
}

}  // namespace planlang::run::internal
