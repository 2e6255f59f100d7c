#pragma once
// The one strict-schema walker of plan, benefit-plan, batch and run files (plan-format.md §11.1 step 1,
// traces-and-verifier.md §2–§5). Every problem is an ESQUEMA issue whose element is the dotted JSON path
// ("decisiones.0.opciones.1.nombre", "$" for the root), kept in the order the schema visits the keys: the
// order the spec lists them, array items by index, an object's unknown keys in one issue at its path.
//
// The path is a stack of segments formatted only when a problem is found, so a valid file costs no string
// building. A problem is *hard* when the value is of the wrong JSON type, a required key is missing, or a
// string is outside an enumeration or literal; every other problem (patterns, lengths, ranges, unknown keys)
// is *soft*. The difference only matters for values with alternatives: a fork checks each alternative apart,
// and an alternative with a hard problem is "not this alternative" (see pick_alternative).
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::json::schema {

constexpr std::int64_t kMaxSafeInteger = 9007199254740991;  // 2^53 − 1, the largest integer a double holds exactly

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
    // A soft or hard problem at the current path (or at path + key).
    void fail(Bilingual message);
    void fail_hard(Bilingual message);
    void fail_at(std::string_view key, Bilingual message);
    void fail_hard_at(std::string_view key, Bilingual message);
    // A problem found by another checker whose element is already a full dotted path.
    void add(Issue issue) { m_issues.push_back(std::move(issue)); }

    void push(std::string_view key) { m_path.push_back(Segment{key, 0, true}); }
    void push(std::size_t index) { m_path.push_back(Segment{{}, index, false}); }
    void pop() { m_path.pop_back(); }

    // A check at the same path with no problems yet: one alternative of a value, kept apart until chosen.
    Check fork() const;
    // Takes over a fork's problems (and its hard count), after this check's own.
    void append(Check&& fork);

    bool ok() const { return m_issues.empty(); }
    std::size_t hard_count() const { return m_hard; }
    Issues& issues() { return m_issues; }

private:
    struct Segment {
        std::string_view key;  // into the document or a literal: outlives the walk
        std::size_t index;
        bool is_key;
    };
    static std::vector<Segment>& spare_path();
    std::vector<Segment> m_path;
    Issues m_issues;
    std::size_t m_hard = 0;
};

// "decisiones" + "0" → "decisiones.0"; the root path is "". For paths built outside a walk (cross checks).
std::string join(const std::string& path, std::string_view key);
std::string join(const std::string& path, std::size_t index);

// "un objeto" / "an object"…: the kind of a value, for "expected …, found …" messages.
const char* kind_name_es(const Value& v);
const char* kind_name_en(const Value& v);

bool is_fecha(std::string_view s);    // YYYY-MM-DD (digits only; the calendar is not checked)
bool is_version(std::string_view s);  // X.Y.Z, each part one or more digits
bool is_hex64(std::string_view s);    // a SHA-256 in lowercase hex

// Kind checks: each reports a hard "expected …, found …" at the current path and returns false on mismatch.
bool object(Check& c, const Value& v);
bool array(Check& c, const Value& v);
bool string(Check& c, const Value& v);
bool boolean(Check& c, const Value& v);
bool number(Check& c, const Value& v);
// A non-empty string (empty: soft).
bool string_min1(Check& c, const Value& v);
// A number in [min, max] (outside: soft).
bool number_in(Check& c, const Value& v, double min, double max);
// An integer (hard otherwise) with |n| ≤ 2^53 − 1 and in [min, max] (soft otherwise).
bool integer(Check& c, const Value& v, std::int64_t min, std::int64_t max = kMaxSafeInteger);
// One of the strings listed (hard otherwise).
bool literal(Check& c, const Value& v, std::string_view expected);
bool one_of(Check& c, const Value& v, std::initializer_list<std::string_view> allowed);
// A string that `matches` (soft otherwise: "«x» no es <what_es>").
bool pattern(Check& c, const Value& v, bool (*matches)(std::string_view), const char* what_es, const char* what_en);
bool hex64(Check& c, const Value& v);
bool fecha(Check& c, const Value& v);
bool version(Check& c, const Value& v);
bool bil(Check& c, const Value& v);  // {es: string≥1, en: string≥1}
bool string_list(Check& c, const Value& v, std::size_t min_items = 0);
// An array's length (soft), reported before its items' own problems.
void min_items(Check& c, const Value& array, std::size_t min_items);
// The required key `key` of the current object is absent (hard, at path + key).
void missing(Check& c, std::string_view key);
// The one soft issue, at the current path, listing the keys of `object` that `known` does not.
void unknown_keys(Check& c, const Value& object, std::initializer_list<std::string_view> known);

// Walks the members of one object: required and optional keys in schema order, then `close` lists the
// unknown ones.
class Members {
public:
    Members(Check& c, const Value& v) : m_c(c), m_v(v), m_ok(object(c, v)) {}
    bool ok() const { return m_ok; }

    template <class F>
    void required(std::string_view key, F check) {
        if (!m_ok) return;
        if (const Value* m = m_v.find(key)) visit(key, *m, check);
        else missing(m_c, key);
    }
    template <class F>
    void optional(std::string_view key, F check) {
        if (!m_ok) return;
        if (const Value* m = m_v.find(key)) visit(key, *m, check);
    }
    void close(std::initializer_list<std::string_view> known) {
        if (m_ok) unknown_keys(m_c, m_v, known);
    }

private:
    template <class F>
    void visit(std::string_view key, const Value& member, F& check) {
        m_c.push(key);
        check(member);
        m_c.pop();
    }
    Check& m_c;
    const Value& m_v;
    bool m_ok;
};

// Each item of an array (after the kind check and the minimum length).
template <class F>
bool each(Check& c, const Value& v, F check, std::size_t at_least = 0) {
    if (!array(c, v)) return false;
    min_items(c, v, at_least);
    const Array& items = v.as_array();
    for (std::size_t i = 0; i < items.size(); ++i) {
        c.push(i);
        check(items[i]);
        c.pop();
    }
    return true;
}

// Each member value of a free-keyed object (a map).
template <class F>
bool each_value(Check& c, const Value& v, F check) {
    if (!object(c, v)) return false;
    for (const Member& m : v.as_object()) {
        c.push(m.key);
        check(m.value);
        c.pop();
    }
    return true;
}

// `check` unless the value is null.
template <class F>
void nullable(const Value& v, F check) {
    if (!v.is_null()) check(v);
}

// The issues of item `index` of the top-level array `array` checked alone by one(check, item), at the path it
// has in the whole file (a streamed file's items: batch cases, ramas visits).
template <class One>
Issues check_array_item(std::string_view array, std::size_t index, const Value& item, One one) {
    Check c;
    c.push(array);
    c.push(index);
    one(c, item);
    return std::move(c.issues());
}

// A value with two alternatives, each checked in its own fork (plan-format.md §11.1 step 1): a clean
// alternative wins; else the only one without a hard problem wins and reports its own issues; else one
// hard issue `none_fits` at the current path. Returns whether an alternative was taken into `out`.
template <class T>
bool pick_alternative(Check& c, Check (&forks)[2], T (&values)[2], T& out, const Bilingual& none_fits) {
    for (int i = 0; i < 2; ++i)
        if (forks[i].ok()) {
            out = std::move(values[i]);
            return true;
        }
    int without_hard = -1, count = 0;
    for (int i = 0; i < 2; ++i)
        if (forks[i].hard_count() == 0) {
            without_hard = i;
            ++count;
        }
    if (count == 1) {
        out = std::move(values[without_hard]);
        c.append(std::move(forks[without_hard]));
        return true;
    }
    c.fail_hard(none_fits);
    return false;
}

}  // namespace planlang::json::schema
