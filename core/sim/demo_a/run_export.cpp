// Run folders (traces-and-verifier.md §1–§4; synthetic-and-simulation.md §10 "Export").
#include "core/sim/demo_a/run_export.hpp"

#include "core/sim/internal/texts.hpp"
#include "core/synth/batch.hpp"
#include "core/synth/case.hpp"
#include "core/synth/identifiers.hpp"

namespace planlang::sim::demo_a {

using json::Value;

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

namespace {

// The inputs that must agree before any case runs: a batch generated with this plan and this benefit plan,
// and a repetition number that exists.
void check_inputs_agree(const RunInputs& in, Issues& issues) {
    const Batch& batch = *in.batch;
    if (batch.plan_id != in.plan->id)
        issues.push_back(Issue{"REFERENCIA_ROTA", "plan.id",
                               {"el lote se generó con otro plan: " + batch.plan_id, "the batch was generated with another plan: " + batch.plan_id}});
    if (batch.plan_beneficios_huella != in.world->huella)
        issues.push_back(Issue{"REFERENCIA_ROTA", "plan_beneficios.huella",
                               {"el lote se generó con otro plan de beneficios", "the batch was generated with another benefit plan"}});
    if (in.repeticion < 1)
        issues.push_back(Issue{"REPETICION_INVALIDA", "repeticion", {"la repetición es 1 o ≥ 2", "the repetition is 1 or ≥ 2"}});
}

}  // namespace

StreamedRun simulate_run_streaming(const RunInputs& in, const FileSink& sink, const std::function<void()>& on_case) {
    StreamedRun out;
    const plan::Plan& plan = *in.plan;
    check_inputs_agree(in, out.issues);
    SimGraphResult graph = make_graph(plan, *in.plan_document, in.variante);
    for (const Issue& i : graph.issues) out.issues.push_back(i);
    if (!out.issues.empty()) return out;

    const Value applied = plan.threshold_values();
    const Agent agent(plan, in.plan_huella, *in.world, *graph.graph, applied);
    for (const Issue& i : agent.issues()) out.issues.push_back(i);
    if (!out.issues.empty()) return out;

    // Repetitions redraw each case's simulation parameters (decisions.md C2) with core/synth's §7 draws.
    synth::PlanFacts facts;
    if (in.repeticion >= 2) {
        facts = synth::plan_facts(plan, in.plan_huella, out.issues);
        if (!out.issues.empty()) return out;
    }

    const bool single = in.variante == Variant::agente_unico;
    RunHead head = head_of(in, "plan_beneficios");
    head.ficha_nombre = texts::card_name(single, in.repeticion);
    head.ficha_descripcion = texts::card_description(single, in.repeticion, in.batch->id);

    const CaseFn run_case = [&](std::size_t i, Issues& issues) -> std::optional<CaseRun> {
        const Case& original = in.batch->casos[i];
        if (in.repeticion < 2) return agent.run(original, in.corrida_id);
        const std::optional<Case> redrawn = repetition_of(original, *in.world, facts, in.batch->semilla, in.repeticion, issues);
        if (!redrawn) return std::nullopt;
        return agent.run(*redrawn, in.corrida_id);
    };
    return export_run(head, *graph.graph, applied, in.batch->casos.size(), run_case, sink, on_case);
}

RunOutput simulate_run(const RunInputs& in, const std::function<void()>& on_case) {
    RunOutput out;
    std::vector<RunFile> traces;
    RunFile grafo, ramas, corrida;
    const FileSink collect = [&](const std::string& path, std::string_view chunk, bool) {
        RunFile* f = path == "grafo.json" ? &grafo : path == "ramas-esperadas.json" ? &ramas : path == "corrida.json" ? &corrida : nullptr;
        if (!f) {
            if (traces.empty() || traces.back().path != path) traces.push_back(RunFile{path, {}});
            f = &traces.back();
        }
        f->path = path;
        f->bytes.append(chunk.data(), chunk.size());
        return true;
    };
    StreamedRun run = simulate_run_streaming(in, collect, on_case);
    out.issues = std::move(run.issues);
    out.stop = std::move(run.stop);
    out.casos_ejecutados = std::move(run.casos_ejecutados);
    if (!out.issues.empty()) return out;
    out.files.push_back(std::move(corrida));
    out.files.push_back(std::move(grafo));
    out.files.push_back(std::move(ramas));
    for (RunFile& f : traces) out.files.push_back(std::move(f));
    return out;
}

}  // namespace planlang::sim::demo_a
