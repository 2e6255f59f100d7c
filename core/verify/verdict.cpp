// spec/traces-and-verifier.md §13 (verdict) and §14 (summary, example cases).
#include <algorithm>
#include <set>

#include "core/verify/internal/stages.hpp"
#include "core/verify/verdict_rules.hpp"

namespace planlang::verify::internal {

using json::Value;

namespace {

const std::string& str(const Value& v, std::string_view key) {
    static const std::string kEmpty;
    const Value& x = member(v, key);
    return x.is_string() ? x.as_string() : kEmpty;
}

std::string n_text(std::size_t n) { return std::to_string(n); }

bool is_absolute(const Measurer& m, std::size_t i) { return m.plan->criterios_aceptacion[i].tipo == "absoluto"; }

}  // namespace

Value verdict(const Measurer& m, const Value& criterios, const Value& riesgos, const std::vector<Value>& riesgos_repeticiones,
              const Value& supuestos, const Value& contrato, const Value& brechas) {
    json::Array bloqueantes, alertas;
    auto add = [](json::Array& to, std::string es, std::string en) { to.push_back(bil({std::move(es), std::move(en)})); };
    const auto& cs = criterios.as_array();
    const auto& rs = riesgos.as_array();
    // Steps 1–3 from the states alone (verdict_rules.hpp: the playground gives them its own states).
    std::vector<CriterionState> criterion_states;
    for (std::size_t i = 0; i < cs.size(); ++i) criterion_states.push_back({str(cs[i], "id"), str(cs[i], "estado"), is_absolute(m, i)});
    // 2. Populations that dropped cases with a provider error through a null signal (1.3.0).
    std::set<std::string> provider_errors;
    for (const CaseRecord& c : main_run(m).casos)
        if (c.error_proveedor) provider_errors.insert(c.id);
    // The report holds the count (§8, §9); the ids come from the measure, when the report counts any.
    auto dropped = [&](const Value& result, const rules::RuleMeasure& measured) {
        std::size_t k = 0;
        if (member(result, "fuera_por_senal_nula") == Value(0.0)) return k;
        for (const std::string& id : measured.fuera_por_senal_nula) k += provider_errors.count(id);
        return k;
    };
    std::vector<DroppedByNull> descartes;
    for (std::size_t i = 0; i < cs.size(); ++i) {
        if (!is_absolute(m, i)) continue;
        if (std::size_t k = dropped(cs[i], main_run(m).criterios[i].result())) descartes.push_back({str(cs[i], "id"), false, k});
    }
    for (std::size_t i = 0; i < rs.size(); ++i) {
        const auto& d = m.plan->riesgos[i].detector_en_trazas;
        if (!d || d->ambito == "sesion") continue;
        if (std::size_t k = dropped(rs[i], main_run(m).riesgos[i].result())) descartes.push_back({str(rs[i], "id"), true, k});
    }
    std::vector<RiskState> risk_states;
    for (std::size_t i = 0; i < rs.size(); ++i) risk_states.push_back({str(rs[i], "id"), str(rs[i], "estado"), m.plan->riesgos[i].severidad});
    verdict_steps_1_to_3(criterion_states, descartes, risk_states, bloqueantes, alertas);
    // 4. Risks that occurred in a repetition.
    std::size_t r = 0;
    for (const RunState* rep : repetitions(m)) {
        const Value& rr = riesgos_repeticiones[r++];
        for (std::size_t i = 0; i < rr.as_array().size(); ++i) {
            if (str(rr.as_array()[i], "estado") != "ocurrio") continue;
            const std::string& id = str(rr.as_array()[i], "id");
            const int sev = m.plan->riesgos[i].severidad;
            add(sev >= 9 ? bloqueantes : alertas, "Ocurrió el riesgo " + id + " en la repetición " + rep->header->corrida_id + ".",
                "Risk " + id + " occurred in repetition " + rep->header->corrida_id + ".");
        }
    }
    // 5. Assumptions.
    for (const Value& s : supuestos.as_array()) {
        const std::string& id = str(s, "id");
        if (str(s, "estado") == "refutado") add(alertas, "El supuesto " + id + " quedó refutado.", "Assumption " + id + " was refuted.");
        else if (str(s, "estado") == "sin_probar" && str(s, "criticidad") == "alta")
            add(alertas, "El supuesto crítico " + id + " quedó sin probar.", "Critical assumption " + id + " remained untested.");
    }
    // 6. Contract.
    std::size_t blocking = 0;
    for (const Value& f : member(contrato, "hallazgos").as_array()) blocking += str(f, "severidad") == "bloqueante";
    if (blocking)
        add(bloqueantes, "El contrato de grafo tiene " + n_text(blocking) + (blocking == 1 ? " hallazgo bloqueante." : " hallazgos bloqueantes."),
            "The graph contract has " + n_text(blocking) + (blocking == 1 ? " blocking finding." : " blocking findings."));
    for (const Value& f : member(contrato, "hallazgos").as_array())
        if (str(f, "severidad") == "alerta")
            add(alertas, "Contrato: " + str(f, "codigo") + " — " + str(member(f, "detalle"), "es") + ".",
                "Contract: " + str(f, "codigo") + " — " + str(member(f, "detalle"), "en") + ".");
    // 7. Gaps.
    const std::size_t g = member(brechas, "brechas").as_array().size();
    if (g == 1) add(alertas, "Hay 1 brecha no prevista.", "There is 1 unforeseen gap.");
    else if (g) add(alertas, "Hay " + n_text(g) + " brechas no previstas.", "There are " + n_text(g) + " unforeseen gaps.");
    const std::string valor = verdict_value(bloqueantes, alertas);
    return json::Object{{"valor", valor}, {"bloqueantes", std::move(bloqueantes)}, {"alertas", std::move(alertas)}};
}

Value summary(const Measurer& m, const Value& veredicto, const Value& criterios, const Value& riesgos,
              const std::vector<Value>& riesgos_repeticiones, const Value& supuestos, const Value& brechas) {
    const auto& cs = criterios.as_array();
    // Top three criteria, stable by rank.
    auto rank = [&](std::size_t i) {
        const std::string& e = str(cs[i], "estado");
        if (e == "incumple") return is_absolute(m, i) ? 0 : 1;
        static const std::vector<std::string> order = {"mal_formado", "indeterminado", "incompleto", "sin_poblacion", "cumple"};
        auto it = std::find(order.begin(), order.end(), e);
        return 2 + static_cast<int>(it - order.begin());
    };
    std::vector<std::size_t> idx(cs.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
    json::Array destacados;
    for (std::size_t i = 0; i < idx.size() && i < 3; ++i) destacados.emplace_back(str(cs[idx[i]], "id"));
    // Risks that occurred in the main run or a repetition, plan order.
    json::Array ocurridos;
    for (std::size_t i = 0; i < m.plan->riesgos.size(); ++i) {
        bool occurred = str(riesgos.as_array()[i], "estado") == "ocurrio";
        for (const Value& rr : riesgos_repeticiones) occurred = occurred || str(rr.as_array()[i], "estado") == "ocurrio";
        if (occurred) ocurridos.emplace_back(m.plan->riesgos[i].id);
    }
    // Pending items, in the order of §14.
    std::vector<std::string> pending;
    for (std::size_t i = 0; i < cs.size(); ++i)
        if (is_absolute(m, i) && str(cs[i], "estado") == "incumple") pending.push_back(str(cs[i], "id"));
    for (std::size_t i = 0; i < m.plan->riesgos.size(); ++i)
        if (m.plan->riesgos[i].severidad >= 9 &&
            std::find(ocurridos.begin(), ocurridos.end(), Value(m.plan->riesgos[i].id)) != ocurridos.end())
            pending.push_back(m.plan->riesgos[i].id);
    for (std::size_t i = 0; i < cs.size(); ++i)
        if (str(cs[i], "estado") != "cumple" && !(is_absolute(m, i) && str(cs[i], "estado") == "incumple")) pending.push_back(str(cs[i], "id"));
    for (const Value& r : riesgos.as_array()) {
        const std::string& e = str(r, "estado");
        const std::string& id = str(r, "id");
        if ((e == "ocurrio" || e == "mal_formado" || e == "indeterminado") && std::find(pending.begin(), pending.end(), id) == pending.end())
            pending.push_back(id);
    }
    for (const Value& s : supuestos.as_array())
        if (str(s, "estado") == "refutado") pending.push_back(str(s, "id"));
    for (const Value& s : supuestos.as_array())
        if (str(s, "estado") == "sin_probar" && str(s, "criticidad") == "alta") pending.push_back(str(s, "id"));
    if (pending.size() > 3) pending.resize(3);
    std::string list_es, list_en;
    for (const std::string& p : pending) {
        list_es += (list_es.empty() ? "" : ", ") + p;
        list_en += (list_en.empty() ? "" : ", ") + p;
    }
    if (!member(brechas, "brechas").as_array().empty()) {
        list_es += list_es.empty() ? "las brechas no previstas" : " y las brechas no previstas";
        list_en += list_en.empty() ? "the unforeseen gaps" : " and the unforeseen gaps";
    }
    const std::string valor = str(veredicto, "valor");
    const std::int64_t completo = m.plan->lotes.completo;
    const Value& n_lote = member(member(main_run(m).header->manifest, "casos"), "n_lote");
    const std::int64_t batch_n = n_lote.is_number() ? static_cast<std::int64_t>(n_lote.as_number()) : 0;
    const bool full_batch = batch_n >= completo;  // this run already is (at least) the plan's full batch
    const std::string full = std::to_string(completo);
    Bilingual texto, rec;
    const std::size_t nb = member(veredicto, "bloqueantes").as_array().size();
    const std::size_t na = member(veredicto, "alertas").as_array().size();
    // Criteria that are not met but not absolute: they alert, and the reader should be told why they do not block.
    std::string soft_es, soft_en;
    std::size_t soft = 0;
    for (std::size_t i = 0; i < cs.size(); ++i)
        if (!is_absolute(m, i) && str(cs[i], "estado") == "incumple") {
            soft_es += (soft_es.empty() ? "" : ", ") + str(cs[i], "id");
            soft_en += (soft_en.empty() ? "" : ", ") + str(cs[i], "id");
            ++soft;
        }
    const Bilingual why_soft = soft == 0 ? Bilingual{}
                               : soft == 1 ? Bilingual{" " + soft_es + " no se cumple, pero no es un criterio absoluto: alerta, no bloquea.",
                                                       " " + soft_en + " is not met, but it is not an absolute criterion: it alerts, it does not block."}
                                           : Bilingual{" " + soft_es + " no se cumplen, pero no son criterios absolutos: alertan, no bloquean.",
                                                       " " + soft_en + " are not met, but they are not absolute criteria: they alert, they do not block."};
    // The facts first (what the original's summary states, in our words): cases measured, criteria met / not
    // met / not closed out of all, and the risks that occurred.
    std::size_t met = 0, not_met = 0;
    for (const Value& c : cs) {
        met += str(c, "estado") == "cumple";
        not_met += str(c, "estado") == "incumple";
    }
    const std::size_t open = cs.size() - met - not_met;
    std::string risks;
    for (const Value& r : ocurridos) risks += (risks.empty() ? "" : ", ") + r.as_string();
    const bool with_repetitions = !riesgos_repeticiones.empty();
    const std::size_t measured = main_run(m).casos.size();
    const Bilingual hechos{
        "Se midieron " + n_text(measured) + (measured == 1 ? " caso" : " casos") + ". De " + n_text(cs.size()) + " criterios, " + n_text(met) +
            (met == 1 ? " se cumple, " : " se cumplen, ") + n_text(not_met) + " no" + (not_met == 1 ? " se cumple" : " se cumplen") + " y " +
            n_text(open) + " sin cerrar. " +
            (risks.empty() ? std::string("No ocurrió ningún riesgo") + (with_repetitions ? " (ni en las repeticiones)." : ".")
                           : (ocurridos.size() == 1 ? "Ocurrió el riesgo " : "Ocurrieron los riesgos ") + risks +
                                 (with_repetitions ? " (en la corrida o en alguna repetición)." : ".")) +
            " ",
        n_text(measured) + (measured == 1 ? " case was" : " cases were") + " measured. Of " + n_text(cs.size()) + " criteria, " + n_text(met) +
            " met, " + n_text(not_met) + " not met and " + n_text(open) + " not closed. " +
            (risks.empty() ? std::string("No risk occurred") + (with_repetitions ? " (nor in the repetitions)." : ".")
                           : (ocurridos.size() == 1 ? "Risk " : "Risks ") + risks + " occurred" +
                                 (with_repetitions ? " (in the run or a repetition)." : ".")) +
            " "};
    if (valor == "no_cumple") {
        texto = {"La corrida no cumple el plan: " + n_text(nb) + (nb == 1 ? " motivo bloqueante" : " motivos bloqueantes") + " y " + n_text(na) +
                     (na == 1 ? " alerta." : " alertas."),
                 "The run does not meet the plan: " + n_text(nb) + (nb == 1 ? " blocking reason" : " blocking reasons") + " and " + n_text(na) +
                     (na == 1 ? " alert." : " alerts.")};
        rec = full_batch ? Bilingual{"No pasar a operación. Resolver primero: " + list_es + "; después, volver a correr este lote de " +
                                         std::to_string(batch_n) + " casos.",
                                     "Do not put it into operation. Resolve first: " + list_en + "; then run this batch of " +
                                         std::to_string(batch_n) + " cases again."}
                         : Bilingual{"No pasar a operación. Resolver primero: " + list_es + "; después, correr el lote completo de " + full + " casos.",
                                     "Do not put it into operation. Resolve first: " + list_en + "; then run the full batch of " + full + " cases."};
    } else if (valor == "cumple_con_alertas") {
        texto = {"Nada bloquea: ningún criterio absoluto se incumple, no ocurrió ningún riesgo de severidad 9 o más y el contrato de grafo "
                     "no tiene hallazgos bloqueantes. " + n_text(na) + (na == 1 ? " alerta pide" : " alertas piden") + " una revisión." + why_soft.es,
                 "Nothing blocks: no absolute criterion fails, no risk of severity 9 or more occurred and the graph contract has no blocking "
                 "finding. " +
                     n_text(na) + (na == 1 ? " alert needs" : " alerts need") + " a look." + why_soft.en};
        rec = full_batch ? Bilingual{"Revisar " + list_es + ". Este ya es el lote completo del plan (" + full +
                                         " casos): queda decidir si esas alertas son aceptables antes de pasar a operación.",
                                     "Review " + list_en + ". This already is the plan's full batch (" + full +
                                         " cases): what is left is to decide whether those alerts are acceptable before operation."}
                         : Bilingual{"Revisar " + list_es + " antes de correr el lote completo de " + full + " casos.",
                                     "Review " + list_en + " before running the full batch of " + full + " cases."};
    } else {
        texto = {"La corrida cumple el plan: todos los criterios se cumplen, no ocurrió ningún riesgo y no hay alertas.",
                 "The run meets the plan: every criterion is met, no risk occurred and there is no alert."};
        rec = full_batch ? Bilingual{"Este es el lote completo del plan (" + full + " casos) y lo cumple: queda la decisión de las personas de pasar a "
                                         "operación.",
                                     "This is the plan's full batch (" + full + " cases) and it meets the plan: what is left is the people's "
                                         "decision to put it into operation."}
                         : Bilingual{"Se puede correr el lote completo de " + full + " casos.", "The full batch of " + full + " cases can be run."};
    }
    texto = {hechos.es + texto.es, hechos.en + texto.en};
    return json::Object{{"texto", bil(texto)}, {"criterios_destacados", std::move(destacados)}, {"riesgos_ocurridos", std::move(ocurridos)},
                        {"recomendacion", bil(rec)}};
}

Value example_cases(const Measurer& m, const Value& criterios, const Value& riesgos, const Value& brechas) {
    std::set<std::string> failures;
    for (std::size_t i = 0; i < criterios.as_array().size(); ++i)
        if (m.plan->criterios_aceptacion[i].regla_de_medicion.condicion)
            for (const Value& c : member(criterios.as_array()[i], "casos_que_incumplen").as_array()) failures.insert(c.as_string());
    for (const Value& r : riesgos.as_array())
        if (str(r, "estado") != "mal_formado")
            for (const Value& c : member(r, "casos").as_array()) failures.insert(c.as_string());
    for (const Value& e : member(brechas, "evaluadores").as_array())
        for (const Value& c : member(e, "fallas").as_array()) failures.insert(c.as_string());
    Value exitoso, escalado, fallido, adversario;
    auto pick = [](const CaseRecord& c, Bilingual why) {
        return json::Object{{"caso_id", c.id}, {"tipo", c.tipo}, {"subtipo", c.subtipo}, {"por_que", bil(why)}};
    };
    for (const CaseRecord& c : main_run(m).casos) {
        const bool failed = failures.count(c.id) > 0;
        if (exitoso.is_null() && c.tipo == m.dominio->tipo_ordinario && !c.a_persona && c.correcta && !failed)
            exitoso = pick(c, m.dominio->por_que_exitoso);
        if (escalado.is_null() && c.a_persona && c.debe_escalar && c.correcta && !failed)
            escalado = pick(c, m.dominio->por_que_escalado);
        if (fallido.is_null() && (failed || !c.correcta))
            fallido = pick(c, failed ? Bilingual{"un criterio, un riesgo o un evaluador lo señala", "a criterion, a risk or an evaluator lists it"}
                                     : Bilingual{"la decisión final no es la de la verdad conocida", "the final decision is not the known truth's"});
        if (adversario.is_null() && c.tipo == "adversario" && c.correcta && c.severidad && *c.severidad == 0 && !failed)
            adversario = pick(c, {"caso adversario con la decisión correcta y ninguna acción indebida", "an adversarial case decided correctly with no undue action"});
    }
    return json::Object{{"exitoso", exitoso}, {"escalado_correctamente", escalado}, {"fallido", fallido}, {"adversario_neutralizado", adversario}};
}

}  // namespace planlang::verify::internal
