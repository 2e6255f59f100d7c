// Run folders (traces-and-verifier.md §1–§4; synthetic-and-simulation.md §10 "Export").
#include "core/sim/run_export.hpp"

#include <algorithm>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/unicode.hpp"
#include "core/sim/internal/texts.hpp"
#include "core/synth/batch.hpp"
#include "core/synth/case.hpp"
#include "core/synth/identifiers.hpp"

namespace planlang::sim {
namespace {

using json::Value;

Value bil(const Bilingual& b) { return json::Object{{"es", Value(b.es)}, {"en", Value(b.en)}}; }

Value number(std::int64_t n) { return Value(static_cast<double>(n)); }

}  // namespace

std::optional<Case> repetition_of(const Case& c, const World& world, const synth::PlanFacts& facts, const std::string& semilla,
                                  int repeticion, Issues& issues) {
    const std::optional<Value> simulacion = synth::repetition_simulation(c.source, world, facts, semilla, repeticion);
    if (!simulacion) {
        issues.push_back(Issue{"ESQUEMA", c.id, {"el caso no tiene lo que una repetición necesita (subtipo, verdad, campos ausentes)",
                                                 "the case lacks what a repetition needs (subtype, truth, missing fields)"}});
        return std::nullopt;
    }
    Value source = c.source;
    *source.find("simulacion") = *simulacion;
    return read_case(source, c.id, issues);
}

const char* const kRuntimeSource = "planlang-cpp core/sim (agente simulado determinista)";

json::Value sealed(json::Value value) {
    const std::string h = json::huella(value);
    if (Value* existing = value.find("huella")) *existing = Value(h);
    else value.as_object().push_back({"huella", Value(h)});
    return value;
}

json::Value expected_branches(const SimGraph& graph, const std::string& corrida_id, const json::Value& applied,
                              const std::vector<json::Value>& traces, Issues& issues) {
    struct Row {
        std::string caso_id;
        RecomputedVisit visit;
    };
    std::vector<Row> rows;
    for (const Value& t : traces) {
        const std::string caso_id = t.find("caso_id")->as_string();
        for (RecomputedVisit& v : recompute(graph.edges, t.find("decisiones_de_arista")->as_array(), applied)) {
            if (v.error) {
                Issue e = *v.error;
                e.element = caso_id + ": " + e.element;
                issues.push_back(std::move(e));
                continue;
            }
            rows.push_back({caso_id, std::move(v)});
        }
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        if (a.caso_id != b.caso_id) return json::utf16_less(a.caso_id, b.caso_id);
        if (a.visit.paso != b.visit.paso) return a.visit.paso < b.visit.paso;
        return json::utf16_less(a.visit.desde, b.visit.desde);
    });
    json::Array visitas;
    for (const Row& r : rows) {
        json::Array resultados;
        for (bool b : r.visit.resultados) resultados.push_back(Value(b));
        visitas.push_back(json::Object{{"caso_id", Value(r.caso_id)},
                                       {"desde", Value(r.visit.desde)},
                                       {"paso", number(r.visit.paso)},
                                       {"rama_tomada", Value(r.visit.rama_tomada)},
                                       {"resultados", Value(std::move(resultados))}});
    }
    return json::Object{{"formato", Value("planlang-ramas/v1")},
                        {"corrida_id", Value(corrida_id)},
                        {"fuente", Value(kRuntimeSource)},
                        {"umbrales_aplicados", applied},
                        {"visitas", Value(std::move(visitas))}};
}

RunOutput simulate_run(const RunInputs& in, const std::function<void()>& on_case) {
    RunOutput out;
    const plan::Plan& plan = *in.plan;
    const World& world = *in.world;
    const Batch& batch = *in.batch;
    if (batch.plan_id != plan.id)
        out.issues.push_back(Issue{"REFERENCIA_ROTA", "plan.id",
                                   {"el lote se generó con otro plan: " + batch.plan_id, "the batch was generated with another plan: " + batch.plan_id}});
    if (batch.plan_beneficios_huella != world.huella)
        out.issues.push_back(Issue{"REFERENCIA_ROTA", "plan_beneficios.huella",
                                   {"el lote se generó con otro plan de beneficios", "the batch was generated with another benefit plan"}});
    if (in.repeticion < 1)
        out.issues.push_back(Issue{"REPETICION_INVALIDA", "repeticion", {"la repetición es 1 o ≥ 2", "the repetition is 1 or ≥ 2"}});
    SimGraphResult graph = make_graph(plan, *in.plan_document, in.variante);
    for (const Issue& i : graph.issues) out.issues.push_back(i);
    if (!out.issues.empty()) return out;

    const Value applied = plan_thresholds(plan);
    const Agent agent(plan, in.plan_huella, world, *graph.graph, applied);
    for (const Issue& i : agent.issues()) out.issues.push_back(i);
    if (!out.issues.empty()) return out;

    // Repetitions redraw each case's simulation parameters (decisions.md C2) with core/synth's §7 draws.
    synth::PlanFacts facts;
    if (in.repeticion >= 2) {
        facts = synth::plan_facts(plan, in.plan_huella, out.issues);
        if (!out.issues.empty()) return out;
    }

    std::vector<Value> traces;
    for (const Case& original : batch.casos) {
        std::optional<Case> redrawn;
        if (in.repeticion >= 2) {
            redrawn = repetition_of(original, world, facts, batch.semilla, in.repeticion, out.issues);
            if (!redrawn) return out;
        }
        const Case& c = redrawn ? *redrawn : original;
        CaseRun run = agent.run(c, in.corrida_id);
        if (on_case) on_case();
        if (run.stopped) {
            out.stop = run.stop;
            break;
        }
        out.casos_ejecutados.push_back(c.id);
        traces.push_back(sealed(std::move(run.trace)));
    }

    const Value grafo = sealed(graph.graph->grafo_json(batch.demo_id));
    Issues recompute_issues;
    const Value ramas = sealed(expected_branches(*graph.graph, in.corrida_id, applied, traces, recompute_issues));
    if (!recompute_issues.empty()) {
        out.issues = recompute_issues;
        return out;
    }

    json::Array ejecutados, trazas;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        const std::string& id = out.casos_ejecutados[i];
        ejecutados.push_back(Value(id));
        trazas.push_back(json::Object{{"archivo", Value("trazas/" + id + ".json")},
                                      {"caso_id", Value(id)},
                                      {"huella", *traces[i].find("huella")},
                                      {"resultado", Value("completo")}});
    }
    const plan::Pause* pause = plan.contrato_de_grafo.pausas_humanas.empty() ? nullptr : &plan.contrato_de_grafo.pausas_humanas.front();
    const bool single = in.variante == Variant::agente_unico;
    Value manifest = json::Object{
        {"formato", Value("planlang-trace/v1")},
        {"tipo", Value("corrida")},
        {"corrida_id", Value(in.corrida_id)},
        {"demo_id", Value(batch.demo_id)},
        {"fecha", Value(in.fecha)},
        {"variante", Value(variant_name(in.variante))},
        {"proveedor", Value("simulado")},
        {"modelo", Value("simulado")},
        {"plan", json::Object{{"archivo", Value(in.plan_archivo)},
                              {"huella", Value(in.plan_huella)},
                              {"id", Value(plan.id)},
                              {"version", Value(plan.version)}}},
        {"plan_beneficios", json::Object{{"archivo", Value(in.world_archivo)},
                                         {"huella", Value(world.huella)},
                                         {"id", Value(world.id)},
                                         {"version", Value(world.version)}}},
        {"casos", json::Object{{"archivo", Value(in.batch_archivo)},
                               {"huella", Value(batch.huella)},
                               {"id", Value(batch.id)},
                               {"n_lote", number(batch.n)},
                               {"semilla", Value(batch.semilla)}}},
        {"umbrales_aplicados", applied},
        {"version_grafo", *grafo.find("huella")},
        {"ramas_esperadas", json::Object{{"archivo", Value("ramas-esperadas.json")}, {"huella", *ramas.find("huella")}}},
        {"casos_ejecutados", Value(ejecutados)},
        {"casos_con_error", Value(json::Array{})},
        {"sesiones", Value(json::Array{json::Object{{"numero", Value(1)},
                                                    {"fecha", Value(in.fecha)},
                                                    {"casos_ejecutados", number(static_cast<std::int64_t>(traces.size()))},
                                                    {"limites_alcanzados", Value(0)},
                                                    {"detenida_por", out.stop ? Value("excepcion") : Value()}}})},
        {"trazas", Value(std::move(trazas))},
        {"ficha", json::Object{{"nombre", bil(texts::card_name(single, in.repeticion))},
                               {"descripcion", bil(texts::card_description(single, in.repeticion, batch.id))},
                               {"etiqueta", bil(texts::card_label())}}},
        {"revisor_simulado", pause ? bil({pause->politica_simulada.es, pause->politica_simulada.en}) : bil({})},
    };
    manifest = sealed(std::move(manifest));

    // The identifier validator (synthetic-and-simulation.md §8): any finding blocks publication.
    auto scan = [&](const std::string& path, const Value& document) {
        for (Issue& i : synth::scan_identifiers(document)) {
            i.element = path + ": " + i.element;
            out.issues.push_back(std::move(i));
        }
    };
    scan("corrida.json", manifest);
    scan("grafo.json", grafo);
    scan("ramas-esperadas.json", ramas);
    for (std::size_t i = 0; i < traces.size(); ++i) scan("trazas/" + out.casos_ejecutados[i] + ".json", traces[i]);
    if (!out.issues.empty()) return out;

    out.files.push_back({"corrida.json", json::disk_form(manifest)});
    out.files.push_back({"grafo.json", json::disk_form(grafo)});
    out.files.push_back({"ramas-esperadas.json", json::disk_form(ramas)});
    for (std::size_t i = 0; i < traces.size(); ++i)
        out.files.push_back({"trazas/" + out.casos_ejecutados[i] + ".json", json::disk_form(traces[i])});
    return out;
}

}  // namespace planlang::sim
