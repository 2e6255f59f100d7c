#include "core/json/schema.hpp"

#include <cmath>

#include "core/common/thread_local.hpp"
#include "core/json/number.hpp"

namespace planlang::json::schema {

// [SECTION] Check

std::vector<Check::Segment>& Check::spare_path() {
    PLANLANG_THREAD_LOCAL std::vector<Segment> spare;
    return spare;
}

Check::Check() {
    m_path.swap(spare_path());
    m_path.clear();
}

Check::~Check() {
    m_path.clear();
    if (m_path.capacity() <= 64) spare_path().swap(m_path);
}

std::string Check::path() const {
    if (m_path.empty()) return "$";
    std::string out;
    for (const Segment& s : m_path) {
        if (!out.empty()) out += '.';
        if (s.is_key) out.append(s.key.data(), s.key.size());
        else out += std::to_string(s.index);
    }
    return out;
}

void Check::fail(Bilingual message) { m_issues.push_back(Issue{"ESQUEMA", path(), std::move(message)}); }

void Check::fail_hard(Bilingual message) {
    fail(std::move(message));
    ++m_hard;
}

void Check::fail_at(std::string_view key, Bilingual message) {
    push(key);
    fail(std::move(message));
    pop();
}

void Check::fail_hard_at(std::string_view key, Bilingual message) {
    push(key);
    fail_hard(std::move(message));
    pop();
}

Check Check::fork() const {
    Check fork;
    fork.m_path = m_path;
    return fork;
}

void Check::append(Check&& fork) {
    for (Issue& i : fork.m_issues) m_issues.push_back(std::move(i));
    m_hard += fork.m_hard;
}

// [SECTION] paths, kinds and string patterns

std::string join(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string join(const std::string& path, std::size_t index) { return join(path, std::to_string(index)); }

const char* kind_name_es(const Value& v) {
    switch (v.kind()) {
        case Value::Kind::null: return "null";
        case Value::Kind::boolean: return "un booleano";
        case Value::Kind::number: return "un número";
        case Value::Kind::string: return "un texto";
        case Value::Kind::array: return "una lista";
        case Value::Kind::object: return "un objeto";
    }
    return "?";
}

const char* kind_name_en(const Value& v) {
    switch (v.kind()) {
        case Value::Kind::null: return "null";
        case Value::Kind::boolean: return "a boolean";
        case Value::Kind::number: return "a number";
        case Value::Kind::string: return "a string";
        case Value::Kind::array: return "an array";
        case Value::Kind::object: return "an object";
    }
    return "?";
}

namespace {
bool digits(std::string_view s, std::size_t from, std::size_t n) {
    if (from + n > s.size()) return false;
    for (std::size_t i = from; i < from + n; ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}
}  // namespace

bool is_fecha(std::string_view s) {
    return s.size() == 10 && digits(s, 0, 4) && s[4] == '-' && digits(s, 5, 2) && s[7] == '-' && digits(s, 8, 2);
}

bool is_version(std::string_view s) {
    int parts = 0;
    std::size_t i = 0;
    while (parts < 3) {
        const std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        if (i == start) return false;
        ++parts;
        if (parts < 3) {
            if (i >= s.size() || s[i] != '.') return false;
            ++i;
        }
    }
    return i == s.size();
}

bool is_hex64(std::string_view s) {
    // A table and one test at the end: a branch per digit-or-letter mispredicted on about a third of the
    // characters of a hash (a run manifest checks one huella per trace).
    struct Hex {
        bool digit[256] = {};
        constexpr Hex() {
            for (unsigned char c = '0'; c <= '9'; ++c) digit[c] = true;
            for (unsigned char c = 'a'; c <= 'f'; ++c) digit[c] = true;
        }
    };
    static constexpr Hex kHex;
    if (s.size() != 64) return false;
    bool all = true;
    for (char c : s) all &= kHex.digit[static_cast<unsigned char>(c)];
    return all;
}

// [SECTION] value checks

namespace {

bool kind(Check& c, const Value& v, Value::Kind k, const char* es, const char* en) {
    if (v.kind() == k) return true;
    c.fail_hard({std::string("se esperaba ") + es + " y hay " + kind_name_es(v), std::string("expected ") + en + ", found " + kind_name_en(v)});
    return false;
}

}  // namespace

bool object(Check& c, const Value& v) { return kind(c, v, Value::Kind::object, "un objeto", "an object"); }
bool array(Check& c, const Value& v) { return kind(c, v, Value::Kind::array, "una lista", "an array"); }
bool string(Check& c, const Value& v) { return kind(c, v, Value::Kind::string, "un texto", "a string"); }
bool boolean(Check& c, const Value& v) { return kind(c, v, Value::Kind::boolean, "un booleano", "a boolean"); }
bool number(Check& c, const Value& v) { return kind(c, v, Value::Kind::number, "un número", "a number"); }

bool string_min1(Check& c, const Value& v) {
    if (!string(c, v)) return false;
    if (!v.as_string().empty()) return true;
    c.fail({"el texto no puede estar vacío", "the text cannot be empty"});
    return false;
}

bool number_in(Check& c, const Value& v, double min, double max) {
    if (!number(c, v)) return false;
    const double d = v.as_number();
    if (d >= min && d <= max) return true;
    c.fail({"debe estar en [" + format_number(min) + ", " + format_number(max) + "] y es " + format_number(d),
            "must be in [" + format_number(min) + ", " + format_number(max) + "], found " + format_number(d)});
    return false;
}

bool integer(Check& c, const Value& v, std::int64_t min, std::int64_t max) {
    if (!number(c, v)) return false;
    const double d = v.as_number();
    if (std::floor(d) != d) {
        c.fail_hard({"se esperaba un entero y hay " + format_number(d), "expected an integer, found " + format_number(d)});
        return false;
    }
    if (std::fabs(d) > static_cast<double>(kMaxSafeInteger)) {
        c.fail({"el entero " + format_number(d) + " supera 2^53 − 1", "the integer " + format_number(d) + " exceeds 2^53 − 1"});
        return false;
    }
    const auto n = static_cast<std::int64_t>(d);
    if (n < min) {
        c.fail({"debe ser ≥ " + std::to_string(min), "must be ≥ " + std::to_string(min)});
        return false;
    }
    if (n > max) {
        c.fail({"debe ser ≤ " + std::to_string(max), "must be ≤ " + std::to_string(max)});
        return false;
    }
    return true;
}

bool literal(Check& c, const Value& v, std::string_view expected) { return one_of(c, v, {expected}); }

bool one_of(Check& c, const Value& v, std::initializer_list<std::string_view> allowed) {
    if (v.is_string())
        for (std::string_view a : allowed)
            if (v.as_string() == a) return true;
    std::string list;
    for (std::string_view a : allowed) list += (list.empty() ? "" : " | ") + std::string(a);
    if (v.is_string()) c.fail_hard({"«" + v.as_string() + "» no es uno de: " + list, "\"" + v.as_string() + "\" is not one of: " + list});
    else c.fail_hard({"se esperaba uno de: " + list + "; hay " + kind_name_es(v), "expected one of: " + list + "; found " + kind_name_en(v)});
    return false;
}

bool pattern(Check& c, const Value& v, bool (*matches)(std::string_view), const char* what_es, const char* what_en) {
    if (!string(c, v)) return false;
    if (matches(v.as_string())) return true;
    c.fail({"«" + v.as_string() + "» no es " + what_es, "\"" + v.as_string() + "\" is not " + what_en});
    return false;
}

bool hex64(Check& c, const Value& v) {
    return pattern(c, v, is_hex64, "una huella (64 cifras hexadecimales en minúscula)", "a fingerprint (64 lowercase hex digits)");
}

bool fecha(Check& c, const Value& v) { return pattern(c, v, is_fecha, "una fecha AAAA-MM-DD", "a YYYY-MM-DD date"); }

bool version(Check& c, const Value& v) { return pattern(c, v, is_version, "una versión X.Y.Z", "an X.Y.Z version"); }

bool bil(Check& c, const Value& v) {
    Members m(c, v);
    m.required("es", [&](const Value& x) { string_min1(c, x); });
    m.required("en", [&](const Value& x) { string_min1(c, x); });
    m.close({"es", "en"});
    return m.ok();
}

bool string_list(Check& c, const Value& v, std::size_t at_least) {
    return each(c, v, [&](const Value& x) { string(c, x); }, at_least);
}

void min_items(Check& c, const Value& array, std::size_t at_least) {
    if (array.as_array().size() < at_least)
        c.fail({"la lista necesita al menos " + std::to_string(at_least) + " elemento(s)",
                "the list needs at least " + std::to_string(at_least) + " item(s)"});
}

// [SECTION] object keys

void missing(Check& c, std::string_view key) {
    c.fail_hard_at(key, {"falta la clave obligatoria «" + std::string(key) + "»", "the required key \"" + std::string(key) + "\" is missing"});
}

void unknown_keys(Check& c, const Value& object, std::initializer_list<std::string_view> known) {
    std::string list;
    for (const Member& m : object.as_object()) {
        bool is_known = false;
        // Size and first byte before the bytes: many keys share a length (valor_observado, umbral_aplicado…).
        for (std::string_view k : known)
            if (m.key.size() == k.size() && (k.empty() || m.key[0] == k[0]) && m.key == k) {
                is_known = true;
                break;
            }
        if (is_known) continue;
        if (!list.empty()) list += ", ";
        list += "«" + m.key + "»";
    }
    if (!list.empty()) c.fail({"claves desconocidas: " + list, "unknown keys: " + list});
}

}  // namespace planlang::json::schema
