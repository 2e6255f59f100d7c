// The vocabulary of the format's enumerated values (wording ours).
#include "core/report/words.hpp"

#include <map>
#include <utility>

namespace planlang::report {

namespace {

using Words = std::map<std::string_view, std::pair<const char*, const char*>>;

const Words* vocabulary(std::string_view kind) {
    static const std::map<std::string_view, Words> kVocabulary = {
        {"agregacion",
         {{"todos_cumplen", {"todos cumplen", "all pass"}}, {"tasa", {"tasa", "rate"}}, {"pass^k", {"pass^k", "pass^k"}},
          {"mediana", {"mediana", "median"}}, {"promedio", {"promedio", "mean"}}, {"maximo", {"máximo", "maximum"}}}},
        {"detector", {{"conteo", {"conteo", "count"}}, {"tasa", {"tasa", "rate"}}}},
        {"ambito", {{"caso", {"caso", "case"}}, {"sesion", {"sesión", "session"}}}},
        // The graph's own start and end (__start__, __end__) have the type words inicio / fin.
        {"nodo",
         {{"enrutador", {"enrutador", "router"}}, {"modelo", {"modelo", "model"}}, {"regla", {"regla", "rule"}},
          {"pausa_humana", {"pausa humana", "human pause"}}, {"herramienta", {"herramienta", "tool"}},
          {"inicio", {"inicio", "start"}}, {"fin", {"fin", "end"}}}},
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
    auto it = kVocabulary.find(kind);
    return it == kVocabulary.end() ? nullptr : &it->second;
}

}  // namespace

std::string state_word(std::string_view key, Lang lang) {
    static const Words kStates = {
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
    auto it = kStates.find(key);
    if (it == kStates.end()) return std::string(key);
    return lang == Lang::es ? it->second.first : it->second.second;
}

std::optional<std::string> enum_word(std::string_view kind, std::string_view key, Lang lang) {
    const Words* words = vocabulary(kind);
    if (!words) return std::nullopt;
    auto it = words->find(key);
    if (it == words->end()) return std::nullopt;
    return std::string(lang == Lang::es ? it->second.first : it->second.second);
}

std::string enum_word_or_key(std::string_view kind, std::string_view key, Lang lang) {
    return enum_word(kind, key, lang).value_or(std::string(key));
}

}  // namespace planlang::report
