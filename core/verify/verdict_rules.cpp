// traces-and-verifier.md §9 (ocurre_si) and §13 steps 1–3.
#include "core/verify/verdict_rules.hpp"

#include <cctype>
#include <utility>

#include "core/json/number.hpp"

namespace planlang::verify {

std::optional<Trigger> read_trigger(const std::string& text) {
    std::size_t b = 0, e = text.size();
    while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
    const std::string t = text.substr(b, e - b);
    for (const char* op : {">=", "<=", "==", ">", "<"}) {
        const std::string o(op);
        if (t.compare(0, o.size(), o) != 0) continue;
        std::size_t s = o.size();
        while (s < t.size() && std::isspace(static_cast<unsigned char>(t[s]))) ++s;
        auto number = json::parse_number(t.substr(s));
        if (!number) return std::nullopt;
        return Trigger{o, *number};
    }
    return std::nullopt;
}

bool fires(const Trigger& t, double v) {
    if (t.op == ">=") return v >= t.value;
    if (t.op == "<=") return v <= t.value;
    if (t.op == "==") return v == t.value;
    if (t.op == ">") return v > t.value;
    return v < t.value;
}

namespace {

// A state as the predicate of the verdict's sentences ("El criterio C5 no se cumple."); the report object
// keeps the keys themselves.
std::string predicate(const std::string& state, bool es) {
    static const std::vector<std::pair<std::string, std::pair<const char*, const char*>>> kWords = {
        {"incumple", {"no se cumple", "is not met"}},
        {"incompleto", {"está incompleto", "is incomplete"}},
        {"indeterminado", {"quedó indeterminado", "is undetermined"}},
        {"sin_poblacion", {"no tiene población", "has no population"}},
        {"mal_formado", {"está mal formado", "is malformed"}}};
    for (const auto& [k, w] : kWords)
        if (k == state) return es ? w.first : w.second;
    return es ? "quedó en «" + state + "»" : "ended as `" + state + "`";
}

void add(json::Array& to, std::string es, std::string en) {
    to.push_back(json::Object{{"en", std::move(en)}, {"es", std::move(es)}});
}

}  // namespace

void verdict_steps_1_to_3(const std::vector<CriterionState>& criterios, const std::vector<DroppedByNull>& descartes,
                          const std::vector<RiskState>& riesgos, json::Array& bloqueantes, json::Array& alertas) {
    // 1. Criteria.
    for (const CriterionState& c : criterios) {
        if (c.estado == "incumple" && c.absoluto) add(bloqueantes, "El criterio absoluto " + c.id + " no se cumple.", "Absolute criterion " + c.id + " is not met.");
        else if (c.estado != "cumple")
            add(alertas, "El criterio " + c.id + " " + predicate(c.estado, true) + ".", "Criterion " + c.id + " " + predicate(c.estado, false) + ".");
    }
    // 2. Populations that dropped cases with a provider error through a null signal (1.3.0).
    for (const DroppedByNull& d : descartes) {
        const std::string k = std::to_string(d.casos);
        const bool one = d.casos == 1;
        if (!d.riesgo)
            add(alertas, "La población de " + d.id + " dejó fuera " + k + (one ? " caso" : " casos") + " con error del proveedor por una señal nula.",
                "The population of " + d.id + " left out " + k + (one ? " case" : " cases") + " with a provider error through a null signal.");
        else
            add(alertas, "La población del detector de " + d.id + " dejó fuera " + k + (one ? " caso" : " casos") + " con error del proveedor por una señal nula.",
                "The population of " + d.id + "'s detector left out " + k + (one ? " case" : " cases") + " with a provider error through a null signal.");
    }
    // 3. Risks of the main run.
    for (const RiskState& r : riesgos) {
        if (r.estado == "ocurrio" && r.severidad >= 9)
            add(bloqueantes, "Ocurrió el riesgo " + r.id + " (severidad " + std::to_string(r.severidad) + ").",
                "Risk " + r.id + " occurred (severity " + std::to_string(r.severidad) + ").");
        else if (r.estado == "ocurrio") add(alertas, "Ocurrió el riesgo " + r.id + ".", "Risk " + r.id + " occurred.");
        else if (r.estado == "mal_formado" || r.estado == "indeterminado" || r.estado == "sin_poblacion")
            add(alertas, "El riesgo " + r.id + " " + predicate(r.estado, true) + ".", "Risk " + r.id + " " + predicate(r.estado, false) + ".");
    }
}

std::string verdict_value(const json::Array& bloqueantes, const json::Array& alertas) {
    return !bloqueantes.empty() ? "no_cumple" : !alertas.empty() ? "cumple_con_alertas" : "cumple";
}

}  // namespace planlang::verify
