#include "core/plan/internal/schema_check.hpp"

#include <cmath>

#include "core/json/number.hpp"
#include "core/json/unicode.hpp"

namespace planlang::plan::internal {

std::string join(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string join(const std::string& path, std::size_t index) { return join(path, std::to_string(index)); }

const char* kind_name_es(const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::null: return "null";
        case json::Value::Kind::boolean: return "un booleano";
        case json::Value::Kind::number: return "un número";
        case json::Value::Kind::string: return "un texto";
        case json::Value::Kind::array: return "una lista";
        case json::Value::Kind::object: return "un objeto";
    }
    return "?";
}

const char* kind_name_en(const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::null: return "null";
        case json::Value::Kind::boolean: return "a boolean";
        case json::Value::Kind::number: return "a number";
        case json::Value::Kind::string: return "a string";
        case json::Value::Kind::array: return "an array";
        case json::Value::Kind::object: return "an object";
    }
    return "?";
}

namespace {

bool expect_kind(const json::Value& v, json::Value::Kind kind, const char* es, const char* en, const std::string& path,
                 Sink& s) {
    if (v.kind() == kind) return true;
    s.hard(path, {std::string("se esperaba ") + es + " y hay " + kind_name_es(v),
                  std::string("expected ") + en + ", found " + kind_name_en(v)});
    return false;
}

}  // namespace

bool expect_object(const json::Value& v, const std::string& path, Sink& s) {
    return expect_kind(v, json::Value::Kind::object, "un objeto", "an object", path, s);
}
bool expect_array(const json::Value& v, const std::string& path, Sink& s) {
    return expect_kind(v, json::Value::Kind::array, "una lista", "an array", path, s);
}
bool expect_string(const json::Value& v, const std::string& path, Sink& s) {
    return expect_kind(v, json::Value::Kind::string, "un texto", "a string", path, s);
}
bool expect_bool(const json::Value& v, const std::string& path, Sink& s) {
    return expect_kind(v, json::Value::Kind::boolean, "un booleano", "a boolean", path, s);
}
bool expect_number(const json::Value& v, const std::string& path, Sink& s) {
    return expect_kind(v, json::Value::Kind::number, "un número", "a number", path, s);
}

const json::Value* required(const json::Value& object, std::string_view key, const std::string& path, Sink& s) {
    if (const json::Value* v = object.find(key)) return v;
    s.hard(join(path, key), {"falta la clave obligatoria «" + std::string(key) + "»",
                             "the required key \"" + std::string(key) + "\" is missing"});
    return nullptr;
}

const json::Value* optional(const json::Value& object, std::string_view key) { return object.find(key); }

void unknown_keys(const json::Value& object, std::initializer_list<std::string_view> known, const std::string& path,
                  Sink& s) {
    std::string list;
    for (const json::Member& m : object.as_object()) {
        bool is_known = false;
        for (auto k : known) is_known = is_known || m.key == k;
        if (is_known) continue;
        if (!list.empty()) list += ", ";
        list += "«" + m.key + "»";
    }
    if (!list.empty())
        s.soft(path, {"claves desconocidas: " + list, "unknown keys: " + list});
}

void check_string_min1(const json::Value& v, const std::string& path, Sink& s, std::string& out) {
    if (!expect_string(v, path, s)) return;
    out = v.as_string();
    if (out.empty()) s.soft(path, {"el texto no puede estar vacío", "the text cannot be empty"});
}

bool is_id(std::string_view s) {
    if (s.empty()) return false;
    const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (!alpha(s[0])) return false;
    for (char c : s)
        if (!alpha(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-') return false;
    return true;
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

// ^(>|>=|<|<=|==)\s*-?[0-9]+(\.[0-9]+)?$ (plan-format.md §5; \s is ECMAScript's white space)
bool is_ocurre_si(std::string_view s) {
    std::size_t i = 0;
    if (s.compare(0, 2, ">=") == 0 || s.compare(0, 2, "<=") == 0 || s.compare(0, 2, "==") == 0) i = 2;
    else if (!s.empty() && (s[0] == '>' || s[0] == '<')) i = 1;
    else return false;
    while (const std::size_t n = json::ecmascript_space_length(s.substr(i))) i += n;
    if (i < s.size() && s[i] == '-') ++i;
    const std::size_t int_start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == int_start) return false;
    if (i < s.size() && s[i] == '.') {
        ++i;
        const std::size_t frac_start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        if (i == frac_start) return false;
    }
    return i == s.size();
}

void check_pattern(const json::Value& v, const std::string& path, Sink& s, std::string& out,
                   bool (*matches)(std::string_view), const char* what_es, const char* what_en) {
    if (!expect_string(v, path, s)) return;
    out = v.as_string();
    if (!matches(out))
        s.soft(path, {"«" + out + "» no es " + what_es, "\"" + out + "\" is not " + what_en});
}

void check_id(const json::Value& v, const std::string& path, Sink& s, std::string& out) {
    check_pattern(v, path, s, out, is_id, "un identificador válido (letra, luego letras, cifras, _ o -)",
                  "a valid identifier (a letter, then letters, digits, _ or -)");
}

void check_enum(const json::Value& v, const std::string& path, Sink& s, std::string& out,
                std::initializer_list<std::string_view> allowed) {
    std::string list;
    for (auto a : allowed) list += (list.empty() ? "" : " | ") + std::string(a);
    if (v.is_string()) {
        for (auto a : allowed)
            if (v.as_string() == a) {
                out = v.as_string();
                return;
            }
        s.hard(path, {"«" + v.as_string() + "» no es uno de: " + list, "\"" + v.as_string() + "\" is not one of: " + list});
        return;
    }
    s.hard(path, {std::string("se esperaba uno de: ") + list + "; hay " + kind_name_es(v),
                  std::string("expected one of: ") + list + "; found " + kind_name_en(v)});
}

void check_bool(const json::Value& v, const std::string& path, Sink& s, bool& out) {
    if (expect_bool(v, path, s)) out = v.as_bool();
}

void check_int(const json::Value& v, const std::string& path, Sink& s, std::int64_t& out, std::int64_t min,
               std::int64_t max) {
    if (!expect_number(v, path, s)) return;
    const double d = v.as_number();
    if (std::floor(d) != d) {
        s.hard(path, {"se esperaba un entero y hay " + json::format_number(d),
                      "expected an integer, found " + json::format_number(d)});
        return;
    }
    if (std::fabs(d) > static_cast<double>(kMaxSafeInteger)) {
        s.soft(path, {"el entero " + json::format_number(d) + " supera 2^53 − 1",
                      "the integer " + json::format_number(d) + " exceeds 2^53 − 1"});
        return;
    }
    out = static_cast<std::int64_t>(d);
    if (out < min)
        s.soft(path, {"debe ser ≥ " + std::to_string(min), "must be ≥ " + std::to_string(min)});
    else if (out > max)
        s.soft(path, {"debe ser ≤ " + std::to_string(max), "must be ≤ " + std::to_string(max)});
}

void check_number(const json::Value& v, const std::string& path, Sink& s, double& out) {
    if (expect_number(v, path, s)) out = v.as_number();
}

void check_bil(const json::Value& v, const std::string& path, Sink& s, Text& out) {
    if (!expect_object(v, path, s)) return;
    if (const auto* es = required(v, "es", path, s)) check_string_min1(*es, join(path, "es"), s, out.es);
    if (const auto* en = required(v, "en", path, s)) check_string_min1(*en, join(path, "en"), s, out.en);
    unknown_keys(v, {"es", "en"}, path, s);
    out.plain = false;
}

void check_libre(const json::Value& v, const std::string& path, Sink& s, Text& out) {
    // LIBRE = string≥1 | BIL: the value's JSON kind picks the only alternative that can fit.
    if (v.is_string()) {
        check_string_min1(v, path, s, out.es);
        out.en.clear();
        out.plain = true;
        return;
    }
    if (v.is_object()) {
        Sink alternative;
        check_bil(v, path, alternative, out);
        if (alternative.hard_count() == 0) {
            s.append(std::move(alternative));
            return;
        }
    }
    s.hard(path, {"se esperaba un texto o un objeto {es, en} completo", "expected a string or a complete {es, en} object"});
}

void check_id_list(const json::Value& v, const std::string& path, Sink& s, std::vector<std::string>& out) {
    if (!expect_array(v, path, s)) return;
    const auto& items = v.as_array();
    out.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) check_id(items[i], join(path, i), s, out[i]);
}

void check_string_list(const json::Value& v, const std::string& path, Sink& s, std::vector<std::string>& out,
                       std::size_t min_items) {
    if (!expect_array(v, path, s)) return;
    const auto& items = v.as_array();
    check_min_items(v, path, s, min_items);
    out.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) check_string_min1(items[i], join(path, i), s, out[i]);
}

void check_min_items(const json::Value& array, const std::string& path, Sink& s, std::size_t min_items) {
    if (array.as_array().size() < min_items)
        s.soft(path, {"la lista necesita al menos " + std::to_string(min_items) + " elemento(s)",
                      "the list needs at least " + std::to_string(min_items) + " item(s)"});
}

void check_origen(const json::Value& v, const std::string& path, Sink& s, std::optional<std::string>& out) {
    std::string value;
    check_enum(v, path, s, value, {"plantilla", "entrevistador", "usuario"});
    out = value;
}

}  // namespace planlang::plan::internal
