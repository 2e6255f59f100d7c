// spec/traces-and-verifier.md §6 (pipeline order) and §14 (the report object `planlang-informe/v1`).
#include <algorithm>

#include "core/json/fingerprint.hpp"
#include "core/json/number.hpp"
#include "core/verify/internal/stages.hpp"
#include "core/verify/stats.hpp"
#include "core/verify/verifier.hpp"

namespace planlang::verify {

using json::Value;
using namespace internal;

namespace {

const Value& doc_at(const Value& doc, std::string_view key, std::size_t i) { return member(doc, key).as_array()[i]; }

Value plan_in_brief(const run::LoadedPlan& lp) {
    const Value& d = lp.document;
    json::Array una_via;
    for (std::size_t i = 0; i < lp.plan.decisiones.size(); ++i) {
        const plan::Decision& dec = lp.plan.decisiones[i];
        if (dec.reversibilidad != "una_via") continue;
        const Value& dd = doc_at(d, "decisiones", i);
        const Value& elegida = member(dd, "opcion_elegida");
        una_via.push_back(json::Object{{"id", dec.id},
                                       {"pregunta", member(dd, "pregunta")},
                                       {"opcion_elegida", elegida.is_object() ? elegida : Value()},
                                       {"justificacion", member(dd, "justificacion")}});
    }
    return json::Object{{"id", lp.plan.id},           {"version", lp.plan.version},       {"nombre", member(d, "nombre")},
                        {"problema", member(d, "problema")}, {"flujo", member(d, "flujo_objetivo")}, {"decisiones_una_via", std::move(una_via)}};
}

// §14 playground: the thresholds as observed, and `limites` as a list of bilingual sentences (the fixed one,
// one per threshold applied as a boolean, one per plan function edge). The figures behind those sentences
// go to `complementos_juego` (ours).
Value playground(const Measurer& m, Value& complementos_juego) {
    const RunState& main = main_run(m);
    const Value& applied = main.header->umbrales_aplicados;
    json::Array umbrales;
    json::Array volteos;
    for (std::size_t i = 0; i < m.plan->umbrales.size(); ++i) {
        const plan::Threshold& u = m.plan->umbrales[i];
        const Value* aplicado = applied.find(u.id);
        const RunState::SenalDeUmbral& senal = main.senales_de_umbral[i];
        const std::vector<double>& numbers = senal.numeros;
        const std::int64_t n = senal.n, verdaderos = senal.verdaderos;
        json::Array en_umbral(senal.en_umbral.begin(), senal.en_umbral.end());
        const auto med = median(numbers);
        // The plan's `rango_jugable` as the original's verifier 1.3.0 writes it: {min, max, paso} as declared, and a
        // switch ({tipo: "booleano"} in the plan, plan-format.md §8) as the string "booleano".
        const Value rango = u.rango_jugable.boolean ? Value("booleano") : member(doc_at(m.inputs->plan.document, "umbrales", i), "rango_jugable");
        umbrales.push_back(json::Object{
            {"id", u.id},
            {"nombre", member(doc_at(m.inputs->plan.document, "umbrales", i), "nombre")},
            {"senal", u.senal},
            {"operador", u.operador},
            {"inclusivo", u.inclusivo},
            {"valor_en_plan", u.valor_en_plan},
            {"valor_aplicado", aplicado ? *aplicado : Value()},
            {"rango", rango},
            {"observados", json::Object{{"n", static_cast<double>(n)},
                                        {"min", numbers.empty() ? Value() : Value(*std::min_element(numbers.begin(), numbers.end()))},
                                        {"mediana", med ? Value(redondear(*med, 3)) : Value()},
                                        {"max", numbers.empty() ? Value() : Value(*std::max_element(numbers.begin(), numbers.end()))},
                                        // booleans only: a numeric threshold has none to count (§14)
                                        {"verdaderos", u.rango_jugable.boolean ? Value(static_cast<double>(verdaderos)) : Value()}}},
            {"casos_en_el_umbral", std::move(en_umbral)}});
        if (aplicado && aplicado->is_bool())
            volteos.push_back(json::Object{{"umbral", u.id}, {"visitas_que_cambian", static_cast<double>(main.volteos[i])},
                                           {"visitas", static_cast<double>(main.visitas_escritoras)}});
    }
    json::Array funciones;
    std::size_t f = 0;
    for (const plan::Edge& e : m.plan->contrato_de_grafo.aristas_condicionales) {
        if (!e.is_function) continue;
        funciones.push_back(json::Object{{"funcion", e.funcion_nombre}, {"desde", e.desde}, {"orden", static_cast<double>(e.orden)},
                                         {"entradas_en_senales", bool(main.funciones_con_entradas[f++])}});
    }
    json::Array limites;
    limites.push_back(bil({"El playground reevalúa las aristas registradas con otros umbrales; no vuelve a correr el agente, así que "
                           "lo que pasaría después de la primera divergencia es una estimación.",
                           "The playground re-evaluates the recorded edges with other thresholds; it does not run the agent again, "
                           "so what would happen after the first divergence is an estimate."}));
    for (const Value& v : volteos) {
        const std::string id = member(v, "umbral").as_string();
        const std::string changed = json::format_number(member(v, "visitas_que_cambian").as_number());
        const std::string of = json::format_number(member(v, "visitas").as_number());
        limites.push_back(bil({"Al alternar " + id + " cambian de rama " + changed + " de las " + of + " visitas a nodos que deciden una rama.",
                               "Toggling " + id + " changes the branch of " + changed + " of the " + of + " visits to nodes that decide a branch."}));
    }
    for (const Value& f : funciones) {
        const std::string edge = "`" + member(f, "funcion").as_string() + "` (`" + member(f, "desde").as_string() + "` #" +
                                 json::format_number(member(f, "orden").as_number()) + ")";
        limites.push_back(member(f, "entradas_en_senales") == Value(true)
                              ? bil({"La arista " + edge + " se puede reevaluar: todas las trazas guardan sus entradas en sus señales.",
                                     "Edge " + edge + " can be re-evaluated: every trace keeps its inputs among its signals."})
                              : bil({"La arista " + edge + " no se puede reevaluar en todos los casos: alguna traza no guarda sus entradas en sus señales.",
                                     "Edge " + edge + " cannot be re-evaluated in every case: some trace does not keep its inputs among its signals."}));
    }
    complementos_juego = json::Object{{"interruptores", std::move(volteos)}, {"funciones", std::move(funciones)}};
    return json::Object{{"umbrales", std::move(umbrales)}, {"limites", std::move(limites)}};
}

Value version_huella(const Value& v) { return json::Object{{"huella", member(v, "huella")}, {"version", member(v, "version")}}; }

Value reproducibility(const Measurer& m) {
    const RunState& main = main_run(m);
    const Value& man = main.header->manifest;
    const run::Inputs& in = *m.inputs;
    const Value& batch = in.batch.document;
    Value plan_gen = in.plan_del_lote ? Value(json::Object{{"huella", in.plan_del_lote->huella}, {"version", in.plan_del_lote->plan.version}})
                                      : version_huella(member(batch, "plan"));
    Value plan_exec = in.plan_de_la_corrida
                          ? Value(json::Object{{"huella", in.plan_de_la_corrida->huella}, {"version", in.plan_de_la_corrida->plan.version}})
                          : version_huella(member(man, "plan"));
    double limites = 0;
    for (const Value& s : member(man, "sesiones").as_array())
        if (member(s, "limites_alcanzados").is_number()) limites += member(s, "limites_alcanzados").as_number();
    json::Array reps;
    Value base;
    for (const RunState& s : m.runs) {
        const Value entry = json::Object{{"corrida_id", s.header->corrida_id}, {"huella", s.header->huella}};
        if (s.header->role == run::Role::repeticion) reps.push_back(entry);
        if (s.header->role == run::Role::base) base = entry;
    }
    return json::Object{
        {"plan", json::Object{{"id", in.plan.plan.id}, {"version", in.plan.plan.version}, {"archivo", in.plan.archivo}, {"huella", in.plan.huella}}},
        {"casos", json::Object{{"id", member(batch, "id")},
                               {"archivo", in.batch.archivo},
                               {"semilla", member(batch, "semilla")},
                               {"n_lote", member(member(man, "casos"), "n_lote")},
                               {"huella", in.batch.huella},
                               {"plan_de_generacion", plan_gen}}},
        {"corrida", json::Object{{"id", main.header->corrida_id},
                                 {"huella", main.header->huella},
                                 {"fecha", member(man, "fecha")},
                                 {"proveedor", member(man, "proveedor")},
                                 {"modelo", member(man, "modelo")},
                                 {"variante", main.header->variante},
                                 {"version_grafo", member(man, "version_grafo")},
                                 {"sesiones", static_cast<double>(member(man, "sesiones").as_array().size())},
                                 {"casos_ejecutados", static_cast<double>(main.header->casos_ejecutados.size())},
                                 {"casos_con_error", static_cast<double>(member(man, "casos_con_error").as_array().size())},
                                 {"limites_alcanzados", limites},
                                 {"plan_de_ejecucion", plan_exec}}},
        {"repeticiones", std::move(reps)},
        {"linea_base", base},
        {"umbrales_aplicados", main.header->umbrales_aplicados},
        {"umbrales_del_plan", m.plan->threshold_values()},
        {"revisor_simulado", member(man, "revisor_simulado")},
        {"verificador", json::Object{{"version", kVersion}, {"formato", "planlang-informe/v1"}}}};
}

}  // namespace

Outcome verify(const run::Request& request, const run::FileSource& files, const Options& options) {
    Measurer m;
    m.files = files;
    m.progress = options.progress;
    m.parallel = request.parallel;
    run::Request with_members = request;
    with_members.batch_case_members = Measurer::case_members();
    run::ReadResult read = run::read(with_members, files, &m);
    Outcome out;
    out.planes_encontrados = read.planes_encontrados;
    if (!read.ok || m.runs.empty() || !m.inputs) {
        out.motivos = std::move(read.motivos);
        return out;
    }
    // The reader streamed from its own working copies; from here on use what it returned.
    if (read.runs.size() != m.runs.size()) {
        out.motivos.push_back({"CORRIDA_INCOMPATIBLE", request.main_run, {"lectura incompleta de las corridas", "incomplete reading of the runs"}});
        return out;
    }
    for (std::size_t k = 0; k < m.runs.size(); ++k) m.runs[k].header = &read.runs[k];
    m.inputs = &*read.inputs;
    m.plan = &m.inputs->plan.plan;
    out.dominio_id = m.plan->dominio_id;
    m.finish();
    json::Array c_crit, c_risk, c_sup, c_rep, c_eval;
    Value c_juego;
    // With tasks, the calibration bootstraps (two thousand resamples each) are drawn on two of their own
    // while the other stages run on three more: one after the other, the second core idled for a tenth of the
    // time. Tasks are handed out in order, so the ones that follow the bootstraps go to the first core free,
    // the longer first (risks, contract and gaps; criteria; the playground and the reproducibility card):
    // with one task for all of them the core that drew the ECE waited for it. Without tasks there is nothing
    // to overlap, and assumptions() draws the intervals where it needs them.
    std::vector<CalibrationBootstrap> bootstraps;
    Value criterios, riesgos, contrato, brechas, juego, ficha;
    std::vector<Value> all_risks, rep_risks;
    auto stage = [&](std::size_t k) {
        if (k == 4) {  // only the measurer's: the first core free takes it instead of idling until the report
            juego = playground(m, c_juego);
            ficha = reproducibility(m);
        } else if (k < 2) {
            for (CalibrationBootstrap& b : bootstraps) draw_bootstrap(b, k == 0 ? Statistic::ece : Statistic::auroc);
        } else if (k == 2) {
            riesgos = risks(m, main_run(m), c_risk);
            all_risks.push_back(riesgos);
            for (const RunState* rep : repetitions(m)) {
                json::Array ignored;
                rep_risks.push_back(risks(m, *rep, ignored));
                all_risks.push_back(rep_risks.back());
            }
            contrato = contract(m);
            brechas = gaps(m, all_risks, c_eval);
        } else {
            criterios = criteria(m, c_crit);
        }
    };
    if (m.parallel) {
        bootstraps = calibration_bootstraps(m);
        m.parallel(5, stage);
    } else {
        stage(2);
        stage(3);
        stage(4);
    }
    const Value supuestos = assumptions(m, bootstraps, c_sup);
    const Value veredicto = verdict(m, criterios, riesgos, rep_risks, supuestos, contrato, brechas);
    const Value& man = main_run(m).header->manifest;

    json::Object informe;
    informe.push_back({"formato", "planlang-informe/v1"});
    informe.push_back({"version_verificador", kVersion});
    informe.push_back({"demo_id", member(man, "demo_id")});
    informe.push_back({"corrida_id", main_run(m).header->corrida_id});
    informe.push_back({"fecha", member(man, "fecha")});
    informe.push_back({"etiqueta", member(member(man, "ficha"), "etiqueta")});
    informe.push_back({"veredicto", veredicto});
    informe.push_back({"resumen", summary(m, veredicto, criterios, riesgos, rep_risks, supuestos, brechas)});
    informe.push_back({"plan_en_breve", plan_in_brief(m.inputs->plan)});
    informe.push_back({"criterios", criterios});
    informe.push_back({"riesgos", riesgos});
    informe.push_back({"brechas_no_previstas", brechas});
    informe.push_back({"supuestos", supuestos});
    informe.push_back({"contrato_de_grafo", contrato});
    informe.push_back({"casos_ejemplares", example_cases(m, criterios, riesgos, brechas)});
    informe.push_back({"playground", std::move(juego)});
    informe.push_back({"ficha_reproducibilidad", std::move(ficha)});
    if (!options.strict) {
        json::Array rep_occurred;
        for (std::size_t r = 0; r < rep_risks.size(); ++r)
            rep_occurred.push_back(json::Object{{"corrida_id", repetitions(m)[r]->header->corrida_id}, {"riesgos_ocurridos", ids(occurred_risks(rep_risks[r]))}});
        informe.push_back({"complementos", json::Object{{"criterios", std::move(c_crit)},
                                                        {"riesgos", std::move(c_risk)},
                                                        {"supuestos", std::move(c_sup)},
                                                        {"evaluadores", std::move(c_eval)},
                                                        {"playground", std::move(c_juego)},
                                                        {"repeticiones", std::move(rep_occurred)},
                                                        {"n_lote_distinto_del_lote", ids(read.n_lote_distinto)}}});
    }
    Value object(std::move(informe));
    object.as_object().push_back({"huella", json::huella(object)});
    out.ok = true;
    out.informe = std::move(object);
    return out;
}

}  // namespace planlang::verify
