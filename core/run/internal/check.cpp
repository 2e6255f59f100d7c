#include "core/run/internal/check.hpp"

#include <cmath>

#include "core/common/thread_local.hpp"
#include "core/json/number.hpp"
#include "core/plan/internal/schema_check.hpp"

namespace planlang::run::internal {

using plan::internal::kind_name_en;
using plan::internal::kind_name_es;

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

void Check::fail_at(std::string_view key, Bilingual message) {
    push(key);
    fail(std::move(message));
    pop();
}

namespace {

bool kind(Check& c, const json::Value& v, json::Value::Kind k, const char* es, const char* en) {
    if (v.kind() == k) return true;
    c.fail({std::string("se esperaba ") + es + " y hay " + kind_name_es(v), std::string("expected ") + en + ", found " + kind_name_en(v)});
    return false;
}

bool pattern(Check& c, const json::Value& v, bool (*matches)(std::string_view), const char* es, const char* en) {
    if (!string(c, v)) return false;
    if (matches(v.as_string())) return true;
    c.fail({"«" + v.as_string() + "» no es " + es, "\"" + v.as_string() + "\" is not " + en});
    return false;
}

}  // namespace

bool object(Check& c, const json::Value& v) { return kind(c, v, json::Value::Kind::object, "un objeto", "an object"); }
bool array(Check& c, const json::Value& v) { return kind(c, v, json::Value::Kind::array, "una lista", "an array"); }
bool string(Check& c, const json::Value& v) { return kind(c, v, json::Value::Kind::string, "un texto", "a string"); }
bool boolean(Check& c, const json::Value& v) { return kind(c, v, json::Value::Kind::boolean, "un booleano", "a boolean"); }
bool number(Check& c, const json::Value& v) { return kind(c, v, json::Value::Kind::number, "un número", "a number"); }

bool string_min1(Check& c, const json::Value& v) {
    if (!string(c, v)) return false;
    if (!v.as_string().empty()) return true;
    c.fail({"el texto no puede estar vacío", "the text cannot be empty"});
    return false;
}

bool number_in(Check& c, const json::Value& v, double min, double max) {
    if (!number(c, v)) return false;
    const double d = v.as_number();
    if (d >= min && d <= max) return true;
    c.fail({"debe estar en [" + json::format_number(min) + ", " + json::format_number(max) + "] y es " + json::format_number(d),
            "must be in [" + json::format_number(min) + ", " + json::format_number(max) + "], found " + json::format_number(d)});
    return false;
}

bool integer(Check& c, const json::Value& v, std::int64_t min, std::int64_t max) {
    if (!number(c, v)) return false;
    const double d = v.as_number();
    if (std::floor(d) != d) {
        c.fail({"se esperaba un entero y hay " + json::format_number(d), "expected an integer, found " + json::format_number(d)});
        return false;
    }
    if (std::fabs(d) > static_cast<double>(plan::internal::kMaxSafeInteger)) {
        c.fail({"el entero " + json::format_number(d) + " supera 2^53 − 1", "the integer " + json::format_number(d) + " exceeds 2^53 − 1"});
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

bool literal(Check& c, const json::Value& v, std::string_view expected) { return one_of(c, v, {expected}); }

bool one_of(Check& c, const json::Value& v, std::initializer_list<std::string_view> allowed) {
    if (v.is_string())
        for (std::string_view a : allowed)
            if (v.as_string() == a) return true;
    std::string list;
    for (std::string_view a : allowed) list += (list.empty() ? "" : " | ") + std::string(a);
    if (v.is_string()) c.fail({"«" + v.as_string() + "» no es uno de: " + list, "\"" + v.as_string() + "\" is not one of: " + list});
    else c.fail({"se esperaba uno de: " + list + "; hay " + kind_name_es(v), "expected one of: " + list + "; found " + kind_name_en(v)});
    return false;
}

bool hex64(Check& c, const json::Value& v) {
    return pattern(c, v, plan::internal::is_hex64, "una huella (64 cifras hexadecimales en minúscula)",
                   "a fingerprint (64 lowercase hex digits)");
}

bool fecha(Check& c, const json::Value& v) {
    return pattern(c, v, plan::internal::is_fecha, "una fecha AAAA-MM-DD", "a YYYY-MM-DD date");
}

bool version(Check& c, const json::Value& v) {
    return pattern(c, v, plan::internal::is_version, "una versión X.Y.Z", "an X.Y.Z version");
}

bool bil(Check& c, const json::Value& v) {
    Members m(c, v);
    m.required("es", [&](const json::Value& x) { string_min1(c, x); });
    m.required("en", [&](const json::Value& x) { string_min1(c, x); });
    m.close({"es", "en"});
    return m.ok();
}

bool string_list(Check& c, const json::Value& v, std::size_t min_items) {
    return each(c, v, [&](const json::Value& x) { string(c, x); }, min_items);
}

void Members::missing(std::string_view key) {
    m_c.fail_at(key, {"falta la clave obligatoria «" + std::string(key) + "»", "the required key \"" + std::string(key) + "\" is missing"});
}

void Members::close(std::initializer_list<std::string_view> known) {
    if (!m_ok) return;
    std::string list;
    for (const json::Member& m : m_v.as_object()) {
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
    if (!list.empty()) m_c.fail({"claves desconocidas: " + list, "unknown keys: " + list});
}

}  // namespace planlang::run::internal
