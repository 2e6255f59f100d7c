// spec/traces-and-verifier.md §9 and rule-language.md §6 "Detector": risks measured on a run.
#include <cctype>

#include "core/json/number.hpp"
#include "core/plan/priority.hpp"
#include "core/verify/internal/stages.hpp"
#include "core/verify/verdict_rules.hpp"
#include "core/verify/stats.hpp"

namespace planlang::verify::internal {

using json::Value;

Value risks(const Measurer& m, const RunState& run, json::Array& complementos) {
    json::Array out;
    const Value& documents = member(m.inputs->plan.document, "riesgos");
    for (std::size_t i = 0; i < m.plan->riesgos.size(); ++i) {
        const plan::Risk& r = m.plan->riesgos[i];
        const plan::RiskPriority p = plan::risk_priority(r);
        const rules::RuleMeasure& res = run.riesgos[i].result();
        const auto& d = r.detector_en_trazas;
        std::string estado;
        Value valor;
        Value nota;
        json::Object extra{{"id", r.id}};
        const auto n = static_cast<std::int64_t>(res.poblacion.size());
        const auto t = static_cast<std::int64_t>(res.verdaderos.size());
        if (!d) {
            estado = "no_detectable";
            nota = r.no_detectable_en_trazas ? Value(json::Object{{"en", r.no_detectable_en_trazas->en}, {"es", r.no_detectable_en_trazas->es}})
                                             : Value();
        } else if (res.mal_formada) {
            estado = "mal_formado";
            nota = bil(*res.mal_formada);
        } else if (n == 0) {
            estado = "sin_poblacion";
        } else {
            const double exact = d->tipo == "tasa" ? static_cast<double>(t) / static_cast<double>(n) : static_cast<double>(t);
            const double v = d->tipo == "tasa" ? redondear(exact) : exact;
            valor = v;
            const std::optional<verify::Trigger> trigger = verify::read_trigger(d->ocurre_si);
            if (!trigger) {
                estado = "mal_formado";
                nota = bil({"ocurre_si ilegible: " + d->ocurre_si, "unreadable ocurre_si: " + d->ocurre_si});
            } else if (verify::fires(*trigger, v)) {
                estado = "ocurrio";
            } else if (!res.no_evaluables.empty()) {
                estado = "indeterminado";
            } else {
                estado = "no_ocurrio";
            }
            // rule-language.md §6, our addition: the exact pair, and whether rounding moved the state.
            json::Object exact_o{{"verdaderos", static_cast<double>(t)}, {"n", static_cast<double>(n)}};
            if (d->tipo == "tasa") {
                if (auto w = wilson(t, n)) exact_o.push_back({"wilson95", json::Object{{"alto", w->alto}, {"bajo", w->bajo}}});
                if (trigger) exact_o.push_back({"redondeo_cambia_la_comparacion", verify::fires(*trigger, exact) != verify::fires(*trigger, v)});
            }
            extra.push_back({"conteo_exacto", std::move(exact_o)});
        }
        const bool malformed = estado == "mal_formado" && res.mal_formada;
        json::Object o;
        o.push_back({"id", r.id});
        o.push_back({"modo", member(documents.as_array()[i], "modo")});
        o.push_back({"decision_id", r.decision_id ? Value(*r.decision_id) : Value()});
        o.push_back({"severidad", r.severidad});
        o.push_back({"ocurrencia", r.ocurrencia});
        o.push_back({"deteccion", r.deteccion});
        o.push_back({"prioridad_de_accion", p.prioridad_de_accion});
        o.push_back({"prioridad_de_tabla", p.prioridad_de_tabla});
        o.push_back({"control_legal", p.control_legal});
        o.push_back({"rpn", p.rpn});
        o.push_back({"mitigaciones_declaradas", static_cast<double>(r.mitigaciones.size())});
        o.push_back({"tipo_detector", d ? Value(d->tipo) : Value()});
        o.push_back({"ambito", d ? Value(d->ambito) : Value()});
        o.push_back({"n_poblacion", malformed || !d ? 0.0 : static_cast<double>(n)});
        o.push_back({"fuera_por_senal_nula", malformed || !d ? 0.0 : static_cast<double>(res.fuera_por_senal_nula.size())});  // a count (§9)
        o.push_back({"valor", valor});
        o.push_back({"ocurre_si", d ? Value(d->ocurre_si) : Value()});
        o.push_back({"casos", malformed || !d ? Value(json::Array{}) : ids(res.verdaderos)});
        o.push_back({"no_evaluables", malformed || !d ? Value(json::Array{}) : no_evaluables(res.no_evaluables)});
        o.push_back({"estado", estado});
        o.push_back({"nota", nota});
        out.emplace_back(std::move(o));
        extra.push_back({"fuera_por_senal_nula", malformed || !d ? Value(json::Array{}) : ids(res.fuera_por_senal_nula)});  // the ids (ours)
        complementos.emplace_back(std::move(extra));
    }
    return out;
}

std::vector<std::string> occurred_risks(const Value& risk_results) {
    std::vector<std::string> out;
    for (const Value& r : risk_results.as_array())
        if (member(r, "estado") == Value("ocurrio")) out.push_back(member(r, "id").as_string());
    return out;
}

}  // namespace planlang::verify::internal
