// spec/traces-and-verifier.md §12 (evaluators and unforeseen gaps) and decisions.md E2 (gap categories).
#include <algorithm>
#include <cctype>
#include <set>

#include "core/domain/registry.hpp"
#include "core/verify/internal/stages.hpp"

namespace planlang::verify::internal {

using json::Value;

namespace {

// Why a `regla` evaluator did not run: the plan's domain has a module without it, or no module at all (a real
// agent's domain: its built-in evaluators are its own, and planlang has none of them).
Bilingual not_implemented(const Measurer& m, const std::string& id) {
    const std::string& d = m.plan->dominio_id;
    if (domain::find<DomainFacts>(d))
        return {"el evaluador `" + id + "` no tiene implementación para el dominio `" + d + "`",
                "evaluator `" + id + "` has no implementation for domain `" + d + "`"};
    std::string known;
    for (const std::string& k : domain::ids<DomainFacts>()) known += (known.empty() ? "`" : ", `") + k + "`";
    return {"el evaluador `" + id + "` no tiene implementación: el dominio `" + d + "` del plan no tiene módulo en planlang (lo tienen " + known +
                ") y sus evaluadores propios no se ejecutan; los criterios, riesgos y reglas del plan se miden igual",
            "evaluator `" + id + "` has no implementation: the plan's domain `" + d + "` has no module in planlang (" + known +
                " do) and its own evaluators do not run; the plan's criteria, risks and rules are measured all the same"};
}

// Case ids listed by the risks (any state) whose ids are in `risk_ids`.
std::set<std::string> covered(const Value& risk_results, const std::vector<std::string>& risk_ids) {
    std::set<std::string> out;
    for (const Value& r : risk_results.as_array()) {
        const std::string& id = member(r, "id").as_string();
        if (std::find(risk_ids.begin(), risk_ids.end(), id) == risk_ids.end()) continue;
        for (const Value& c : member(r, "casos").as_array()) out.insert(c.as_string());
    }
    return out;
}

// Risks whose detector condition reads `signal`.
std::vector<std::string> risks_reading(const plan::Plan& plan, const std::string& signal) {
    std::vector<std::string> out;
    for (const plan::Risk& r : plan.riesgos) {
        if (!r.detector_en_trazas) continue;
        const std::string& c = r.detector_en_trazas->condicion;
        std::size_t at = c.find(signal);
        while (at != std::string::npos) {
            const bool start = at == 0 || !(std::isalnum(static_cast<unsigned char>(c[at - 1])) || c[at - 1] == '_' || c[at - 1] == '.');
            const std::size_t end = at + signal.size();
            const bool stop = end >= c.size() || !(std::isalnum(static_cast<unsigned char>(c[end])) || c[end] == '_');
            if (start && stop) {
                out.push_back(r.id);
                break;
            }
            at = c.find(signal, at + 1);
        }
    }
    return out;
}

// `reintentos` is the case's total of schema retries on a `reintento_de_esquema` gap and null on the others.
Value gap(const std::string& corrida, const std::string& categoria, const Value& evaluador, const Value& caso, const Value& nodo,
          const Value& paso, const Value& reintentos, const Bilingual& detalle) {
    return json::Object{{"corrida_id", corrida}, {"categoria", categoria}, {"evaluador", evaluador}, {"caso_id", caso},
                        {"nodo", nodo}, {"paso", paso}, {"reintentos", reintentos}, {"detalle", bil(detalle)}};
}

}  // namespace

Value gaps(const Measurer& m, const std::vector<Value>& risk_results, json::Array& complementos) {
    json::Array brechas;
    json::Array evaluadores;
    const auto& declared = m.plan->contrato_de_grafo.evaluadores_requeridos;
    const std::vector<std::string> error_risks = risks_reading(*m.plan, "error_proveedor");
    const std::vector<std::string> retry_risks = risks_reading(*m.plan, "error_de_esquema_en_traspaso");
    std::size_t run_index = 0;
    for (const RunState& s : m.runs) {
        if (s.header->role == run::Role::base) continue;
        const bool is_main = run_index == 0;
        const Value& rr = risk_results[run_index++];
        const std::string& corrida = s.header->corrida_id;
        for (std::size_t i = 0; i < declared.size(); ++i) {
            const plan::Evaluator& e = declared[i];
            std::string estado;
            json::Array fallas;
            Value evaluados = json::Array{};  // the population's ids: the report gives their count (§12), complementos the ids
            std::int64_t no_eval = 0;
            if (e.tipo == "regla") {
                if (!m.evaluadores[i]) {
                    estado = "sin_implementacion";
                    brechas.push_back(gap(corrida, "evaluador_no_ejecutado", e.id, Value(), Value(), Value(), Value(), not_implemented(m, e.id)));
                } else if (s.evaluadores[i].result().mal_formada) {
                    estado = "mal_formado";
                    brechas.push_back(gap(corrida, "evaluador_no_ejecutado", e.id, Value(), Value(), Value(), Value(),
                                          {"la regla del evaluador `" + e.id + "` está mal formada", "the rule of evaluator `" + e.id + "` is malformed"}));
                } else {
                    const rules::RuleMeasure& res = s.evaluadores[i].result();
                    estado = "ejecutado";
                    evaluados = ids(res.poblacion);
                    no_eval = static_cast<std::int64_t>(res.no_evaluables.size());
                    const std::set<std::string> listed = covered(rr, e.riesgos_cubiertos);
                    const BuiltinEvaluator* b = builtin_evaluator(m.plan->dominio_id, e.id);
                    for (const std::string& caso : res.falsos) {
                        fallas.emplace_back(caso);
                        if (listed.count(caso)) continue;
                        auto it = s.ultima_visita[i].find(caso);
                        const Value paso = it != s.ultima_visita[i].end() && it->second ? Value(static_cast<double>(*it->second)) : Value();
                        brechas.push_back(gap(corrida, "evaluador", e.id, caso, b->nodo, paso, Value(),
                                              {"el evaluador `" + e.id + "` falla en " + caso + " y ningún riesgo que lo cubre lo lista",
                                               "evaluator `" + e.id + "` fails on " + caso + " and no covering risk lists it"}));
                    }
                }
            } else if (e.opcional_en_corte.value_or(false)) {
                estado = "no_ejecutado_opcional";
            } else {
                estado = "no_ejecutado";
                brechas.push_back(gap(corrida, "evaluador_no_ejecutado", e.id, Value(), Value(), Value(), Value(),
                                      {"el evaluador `" + e.id + "` (`" + e.tipo + "`) no se ejecutó", "evaluator `" + e.id + "` (`" + e.tipo + "`) was not run"}));
            }
            if (is_main) {
                const auto n_evaluados = static_cast<double>(evaluados.as_array().size());
                evaluadores.push_back(json::Object{{"id", e.id}, {"tipo", e.tipo}, {"estado", estado}, {"riesgos_cubiertos", ids(e.riesgos_cubiertos)},
                                                   {"casos_evaluados", n_evaluados}, {"fallas", std::move(fallas)},
                                                   {"no_evaluables", static_cast<double>(no_eval)}});
                complementos.push_back(json::Object{{"id", e.id}, {"casos_evaluados", std::move(evaluados)}});
            }
        }
        // Provider errors and schema retries, per case in run order.
        const std::set<std::string> error_listed = covered(rr, error_risks);
        const std::set<std::string> retry_listed = covered(rr, retry_risks);
        // Both lists are in run order, at most one mark per case each.
        std::size_t ei = 0, ri = 0;
        for (const CaseRecord& c : s.casos) {
            if (ei < s.errores_proveedor.size() && s.errores_proveedor[ei].caso_id == c.id) {
                const StepMark& e = s.errores_proveedor[ei++];
                if (!error_listed.count(c.id))
                    brechas.push_back(gap(corrida, "error_proveedor", Value(), c.id, e.nodo, static_cast<double>(e.paso), Value(),
                                          {"error del proveedor en `" + e.nodo + "` sin un riesgo que lo liste",
                                           "provider error at `" + e.nodo + "` with no risk listing it"}));
            }
            if (ri < s.reintentos.size() && s.reintentos[ri].caso_id == c.id) {
                const StepMark& r = s.reintentos[ri++];
                if (!retry_listed.count(c.id))
                    brechas.push_back(gap(corrida, "reintento_de_esquema", Value(), c.id, r.nodo, static_cast<double>(r.paso),
                                          static_cast<double>(r.reintentos),
                                          {"reintentos de esquema en `" + r.nodo + "` sin un riesgo que los liste",
                                           "schema retries at `" + r.nodo + "` with no risk listing them"}));
            }
        }
    }
    return json::Object{{"brechas", std::move(brechas)}, {"evaluadores", std::move(evaluadores)}};
}

}  // namespace planlang::verify::internal
