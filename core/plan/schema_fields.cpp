#include "core/plan/schema_fields.hpp"

#include <cmath>

#include "core/json/unicode.hpp"

namespace planlang::plan::fields {

using json::Value;
using json::schema::Members;

const std::initializer_list<std::string_view> kOperators = {"igual_a", "distinto_de", "menor_que", "menor_o_igual_que",
                                                             "mayor_que", "mayor_o_igual_que"};

// [SECTION] patterns

bool is_id(std::string_view s) {
    if (s.empty()) return false;
    const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (!alpha(s[0])) return false;
    for (char c : s)
        if (!alpha(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-') return false;
    return true;
}

// \s is ECMAScript's white space.
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

// [SECTION] primitive types (§1)

void check_string_min1(Check& c, const Value& v, std::string& out) {
    if (json::schema::string_min1(c, v) || v.is_string()) out = v.as_string();
}

void check_pattern(Check& c, const Value& v, std::string& out, bool (*matches)(std::string_view), const char* what_es,
                   const char* what_en) {
    if (json::schema::pattern(c, v, matches, what_es, what_en) || v.is_string()) out = v.as_string();
}

void check_id(Check& c, const Value& v, std::string& out) {
    check_pattern(c, v, out, is_id, "un identificador válido (letra, luego letras, cifras, _ o -)",
                  "a valid identifier (a letter, then letters, digits, _ or -)");
}

void check_enum(Check& c, const Value& v, std::string& out, std::initializer_list<std::string_view> allowed) {
    if (json::schema::one_of(c, v, allowed)) out = v.as_string();
}

void check_bool(Check& c, const Value& v, bool& out) {
    if (json::schema::boolean(c, v)) out = v.as_bool();
}

void check_int(Check& c, const Value& v, std::int64_t& out, std::int64_t min, std::int64_t max) {
    const bool in_range = json::schema::integer(c, v, min, max);
    if (!v.is_number()) return;
    const double d = v.as_number();
    if (in_range || (std::floor(d) == d && std::fabs(d) <= static_cast<double>(json::schema::kMaxSafeInteger)))
        out = static_cast<std::int64_t>(d);
}

void check_number(Check& c, const Value& v, double& out) {
    if (json::schema::number(c, v)) out = v.as_number();
}

void check_bil(Check& c, const Value& v, Text& out) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("es", [&](const Value& x) { check_string_min1(c, x, out.es); });
    m.required("en", [&](const Value& x) { check_string_min1(c, x, out.en); });
    m.close({"es", "en"});
    out.plain = false;
}

void check_libre(Check& c, const Value& v, Text& out) {
    // The value's JSON kind picks the only alternative that can fit.
    if (v.is_string()) {
        check_string_min1(c, v, out.es);
        out.en.clear();
        out.plain = true;
        return;
    }
    if (v.is_object()) {
        Check alternative = c.fork();
        check_bil(alternative, v, out);
        if (alternative.hard_count() == 0) {
            c.append(std::move(alternative));
            return;
        }
    }
    c.fail_hard({"se esperaba un texto o un objeto {es, en} completo", "expected a string or a complete {es, en} object"});
}

void check_id_list(Check& c, const Value& v, std::vector<std::string>& out) {
    check_items(c, v, out, 0, check_id);
}

void check_string_list(Check& c, const Value& v, std::vector<std::string>& out, std::size_t min_items) {
    check_items(c, v, out, min_items, check_string_min1);
}

void check_origen(Check& c, const Value& v, std::optional<std::string>& out) {
    std::string value;
    check_enum(c, v, value, {"plantilla", "entrevistador", "usuario"});
    out = value;
}

// [SECTION] graph contract items (§9)

void check_node(Check& c, const Value& v, Node& n) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("id", [&](const Value& x) { check_id(c, x, n.id); });
    m.required("tipo", [&](const Value& x) { check_enum(c, x, n.tipo, {"enrutador", "modelo", "regla", "pausa_humana", "herramienta"}); });
    m.close({"id", "tipo"});
}

void check_pause(Check& c, const Value& v, Pause& pause) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("nodo", [&](const Value& x) { check_id(c, x, pause.nodo); });
    m.required("rol", [&](const Value& x) { check_id(c, x, pause.rol); });
    m.required("payload_minimo", [&](const Value& x) { check_string_list(c, x, pause.payload_minimo, 1); });
    m.required("politica_simulada", [&](const Value& x) { check_bil(c, x, pause.politica_simulada); });
    m.close({"nodo", "rol", "payload_minimo", "politica_simulada"});
}

namespace {

void check_triplet_edge(Check& c, const Value& v, Edge& e) {
    Members m(c, v);
    if (!m.ok()) return;
    e.is_function = false;
    m.required("desde", [&](const Value& x) { check_id(c, x, e.desde); });
    m.required("orden", [&](const Value& x) { check_int(c, x, e.orden, 1, json::schema::kMaxSafeInteger); });
    m.required("senal", [&](const Value& x) { check_string_min1(c, x, e.senal); });
    m.required("operador", [&](const Value& x) { check_enum(c, x, e.operador, kOperators); });
    m.required("valor", [&](const Value& x) {
        if (x.is_number() || x.is_bool() || x.is_string()) e.valor = x;
        else c.fail_hard({std::string("se esperaba un número, un booleano o un texto y hay ") + json::schema::kind_name_es(x),
                          std::string("expected a number, a boolean or a string, found ") + json::schema::kind_name_en(x)});
    });
    m.required("inclusivo", [&](const Value& x) { check_bool(c, x, e.inclusivo); });
    m.required("si_verdadero", [&](const Value& x) { check_id(c, x, e.si_verdadero); });
    m.optional("si_falso", [&](const Value& x) { e.si_falso.emplace(); check_id(c, x, *e.si_falso); });
    m.close({"desde", "orden", "senal", "operador", "valor", "inclusivo", "si_verdadero", "si_falso"});
}

void check_function_edge(Check& c, const Value& v, Edge& e) {
    Members m(c, v);
    if (!m.ok()) return;
    e.is_function = true;
    m.required("desde", [&](const Value& x) { check_id(c, x, e.desde); });
    m.required("orden", [&](const Value& x) { check_int(c, x, e.orden, 1, json::schema::kMaxSafeInteger); });
    m.required("funcion", [&](const Value& x) {
        Members call(c, x);
        if (!call.ok()) return;
        call.required("nombre", [&](const Value& y) { check_id(c, y, e.funcion_nombre); });
        call.required("entradas", [&](const Value& y) { check_string_list(c, y, e.funcion_entradas, 1); });
        call.close({"nombre", "entradas"});
    });
    m.required("si_verdadero", [&](const Value& x) { check_id(c, x, e.si_verdadero); });
    m.optional("si_falso", [&](const Value& x) { e.si_falso.emplace(); check_id(c, x, *e.si_falso); });
    m.optional("nota", [&](const Value& x) { e.nota.emplace(); check_bil(c, x, *e.nota); });
    m.close({"desde", "orden", "funcion", "si_verdadero", "si_falso", "nota"});
}

}  // namespace

void check_edge(Check& c, const Value& v, Edge& e) {
    Check forks[2] = {c.fork(), c.fork()};
    Edge values[2];
    check_triplet_edge(forks[0], v, values[0]);
    check_function_edge(forks[1], v, values[1]);
    json::schema::pick_alternative(c, forks, values, e,
                                   {"la arista no es ni una terna (senal, operador, valor) ni una llamada a función válidas",
                                    "the edge is neither a valid (senal, operador, valor) triplet nor a valid function call"});
}

}  // namespace planlang::plan::fields
