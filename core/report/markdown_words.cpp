// The Markdown report's vocabulary: state words, the words for the format's enumerated values, numbers,
// counts and intervals, in Spanish and English (wording ours).
#include <cmath>
#include <map>
#include <utility>

#include "core/json/number.hpp"
#include "core/report/internal/markdown_writer.hpp"
#include "core/report/markdown.hpp"

namespace planlang::report::internal {

using json::Value;

namespace {

using Words = std::map<std::string, std::pair<const char*, const char*>>;

const Words& vocabulary(std::string_view kind) {
    static const std::map<std::string_view, Words> kVocabulary = {
        {"agregacion",
         {{"todos_cumplen", {"todos cumplen", "all pass"}}, {"tasa", {"tasa", "rate"}}, {"pass^k", {"pass^k", "pass^k"}},
          {"mediana", {"mediana", "median"}}, {"promedio", {"promedio", "mean"}}, {"maximo", {"máximo", "maximum"}}}},
        {"detector", {{"conteo", {"conteo", "count"}}, {"tasa", {"tasa", "rate"}}}},
        {"ambito", {{"caso", {"caso", "case"}}, {"sesion", {"sesión", "session"}}}},
        {"nodo",
         {{"enrutador", {"enrutador", "router"}}, {"modelo", {"modelo", "model"}}, {"regla", {"regla", "rule"}},
          {"pausa_humana", {"pausa humana", "human pause"}}, {"herramienta", {"herramienta", "tool"}}}},
        {"variante", {{"multiagente", {"multiagente", "multi-agent"}}, {"agente_unico", {"agente único", "single agent"}}}},
        {"categoria",
         {{"evaluador", {"evaluador que falla sin riesgo que lo cubra", "evaluator failing with no covering risk"}},
          {"evaluador_no_ejecutado", {"evaluador no ejecutado", "evaluator not run"}},
          {"error_proveedor", {"error del proveedor", "provider error"}},
          {"reintento_de_esquema", {"reintento de esquema", "schema retry"}}}},
        {"evaluador", {{"regla", {"regla", "rule"}}, {"juez_modelo", {"juez modelo", "model judge"}}, {"humano", {"humano", "human"}}}},
        {"tipo_caso",
         {{"normal", {"normal", "normal"}}, {"borde", {"borde", "edge"}}, {"faltante", {"faltante", "missing data"}},
          {"adversario", {"adversario", "adversarial"}}}},
        {"proveedor", {{"simulado", {"simulado", "simulated"}}}},
    };
    static const Words kNone;
    auto it = kVocabulary.find(kind);
    return it == kVocabulary.end() ? kNone : it->second;
}

}  // namespace

const Value& at(const Value& v, std::string_view key) {
    static const Value kNull;
    if (!v.is_object()) return kNull;
    const Value* x = v.find(key);
    return x ? *x : kNull;
}

const std::string& text(const Value& v, std::string_view key) {
    static const std::string kEmpty;
    const Value& x = at(v, key);
    return x.is_string() ? x.as_string() : kEmpty;
}

const json::Array& arr(const Value& v) {
    static const json::Array kEmpty;
    return v.is_array() ? v.as_array() : kEmpty;
}

const Value& addition(const Value& informe, std::string_view section, const std::string& id) {
    static const Value kNull;
    for (const Value& e : arr(at(at(informe, "complementos"), section)))
        if (text(e, "id") == id) return e;
    return kNull;
}

bool crosses(const Value& bounds, double x) {
    const Value &lo = at(bounds, "bajo"), &hi = at(bounds, "alto");
    return lo.is_number() && hi.is_number() && lo.as_number() < x && x < hi.as_number();
}

std::string Writer::count_of(std::size_t n, const char* es_one, const char* es_many, const char* en_one, const char* en_many) const {
    return std::to_string(n) + " " + (n == 1 ? t(es_one, en_one) : t(es_many, en_many));
}

std::string Writer::bil(const Value& v) const {
    if (v.is_string()) return v.as_string();
    return text(v, es() ? "es" : "en");
}

std::string Writer::state(const std::string& key) const {
    static const Words kWords = {
        {"cumple", {"cumple", "met"}},
        {"incumple", {"incumple", "not met"}},
        {"incompleto", {"incompleto", "incomplete"}},
        {"indeterminado", {"indeterminado", "undetermined"}},
        {"sin_poblacion", {"sin población", "no population"}},
        {"mal_formado", {"mal formado", "malformed"}},
        {"ocurrio", {"ocurrió", "occurred"}},
        {"no_ocurrio", {"no ocurrió", "did not occur"}},
        {"no_detectable", {"no detectable en trazas", "not detectable in traces"}},
        {"confirmado", {"confirmado", "confirmed"}},
        {"refutado", {"refutado", "refuted"}},
        {"sin_probar", {"sin probar", "untested"}},
        {"cumple_con_alertas", {"cumple con alertas", "met with alerts"}},
        {"no_cumple", {"no cumple", "not met"}},
        {"ejecutado", {"ejecutado", "run"}},
        {"no_ejecutado", {"no ejecutado", "not run"}},
        {"no_ejecutado_opcional", {"no ejecutado (opcional en este corte)", "not run (optional at this cut)"}},
        {"sin_implementacion", {"sin implementación", "not implemented"}},
        {"bloqueante", {"bloqueante", "blocking"}},
        {"alerta", {"alerta", "alert"}},
        {"alta", {"alta", "high"}},
        {"media", {"media", "medium"}},
        {"baja", {"baja", "low"}},
    };
    auto it = kWords.find(key);
    if (it == kWords.end()) return key;
    return es() ? it->second.first : it->second.second;
}

std::string Writer::word(std::string_view kind, const std::string& key) const {
    const Words& words = vocabulary(kind);
    auto it = words.find(key);
    if (it == words.end()) return code(key);
    return es() ? it->second.first : it->second.second;
}

std::string Writer::operator_symbol(const std::string& operador, bool inclusivo) {
    if (std::optional<std::string> symbol = report::operator_symbol(operador, inclusivo)) return *symbol;
    return code(operador);
}

std::string Writer::number(const Value& v) const {
    if (v.is_bool()) return v.as_bool() ? t("sí", "yes") : "no";
    if (!v.is_number()) return "—";
    const double x = v.as_number();
    if (std::floor(x) == x && std::fabs(x) < 1e15) return num(x, 0, m_lang);
    return num_corto(x, 4, m_lang);
}

std::string Writer::percent(const Value& v) const { return v.is_number() ? pct(v.as_number(), m_lang) : "—"; }

std::string Writer::list(const Value& ids, std::size_t max) const {
    if (!ids.is_array() || ids.as_array().empty()) return "—";
    std::string s;
    const auto& a = ids.as_array();
    for (std::size_t i = 0; i < a.size() && i < max; ++i) {
        if (i) s += ", ";
        s += a[i].is_string() ? a[i].as_string() : json::format_number(a[i].is_number() ? a[i].as_number() : 0);
    }
    if (a.size() > max) s += ", … (+" + std::to_string(a.size() - max) + ")";
    return s;
}

std::string Writer::bounds(const Value& interval, bool as_percent) const {
    const Value &lo = at(interval, "bajo"), &hi = at(interval, "alto");
    if (!lo.is_number() || !hi.is_number()) return "";
    // "80.2–90.8%": the unit once, after the upper bound
    if (as_percent) return num_corto(100 * lo.as_number(), 1, m_lang) + "–" + pct(hi.as_number(), m_lang);
    return number(lo) + "–" + number(hi);
}

std::string Writer::interval(const Value& interval, bool as_percent) const {
    const std::string b = bounds(interval, as_percent);
    return b.empty() ? b : t("IC 95 % ", "95% CI ") + b;
}

}  // namespace planlang::report::internal

namespace planlang::report {

std::optional<std::string> operator_symbol(const std::string& operador, bool inclusivo) {
    if (operador == "igual_a") return "=";
    if (operador == "distinto_de") return "≠";
    if (operador == "menor_que") return inclusivo ? "≤" : "<";
    if (operador == "mayor_que") return inclusivo ? "≥" : ">";
    if (operador == "menor_o_igual_que") return "≤";
    if (operador == "mayor_o_igual_que") return "≥";
    return std::nullopt;
}

}  // namespace planlang::report
