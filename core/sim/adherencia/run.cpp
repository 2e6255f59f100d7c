// A simulated run of the adherence coach (core/sim/adherencia/run.hpp).
#include "core/sim/adherencia/run.hpp"

#include "core/sim/adherencia/agent.hpp"
#include "core/synth/adherencia/scenario.hpp"

namespace planlang::sim::adherencia {

using json::Value;

namespace {

Bilingual card_name(bool single, int repeat) {
    Bilingual out = single ? Bilingual{"Adherencia · una sola indicación (línea base) simulada", "Adherence · simulated single prompt (baseline)"}
                           : Bilingual{"Adherencia · acompañante de adherencia simulado", "Adherence · simulated adherence coach"};
    if (repeat >= 2) {
        out.es += " · repetición " + std::to_string(repeat);
        out.en += " · repetition " + std::to_string(repeat);
    }
    return out;
}

Bilingual card_description(bool single, int repeat, const std::string& batch_id) {
    Bilingual out{"Corrida determinista del lote sintético " + batch_id +
                      " por el acompañante simulado de planlang, sin modelo ni red: guardias de reglas, recuperación con similitud "
                      "pregrabada, modelo sustituto con plantillas, revisor que sigue la verdad conocida, reloj fijo y regla de tokens.",
                  "Deterministic run of the synthetic batch " + batch_id +
                      " by planlang's simulated coach, with no model and no network: rule guards, retrieval with pre-recorded "
                      "similarity, a template stand-in model, a reviewer following the known truth, fixed clock and token rule."};
    if (single) {
        out.es += " Variante de una sola indicación (línea base).";
        out.en += " Single-prompt variant (baseline).";
    }
    if (repeat >= 2) {
        out.es += " Repetición " + std::to_string(repeat) + ": parámetros de simulación redibujados por escenario.";
        out.en += " Repetition " + std::to_string(repeat) + ": simulation parameters redrawn per scenario.";
    }
    return out;
}

}  // namespace

StreamedRun simulate_run_streaming(const RunInputs& in, const FileSink& sink, const std::function<void()>& on_case) {
    StreamedRun out;
    const plan::Plan& plan = *in.plan;
    const Batch& batch = *in.batch;
    if (batch.plan_id != plan.id)
        out.issues.push_back(Issue{"REFERENCIA_ROTA", "plan.id",
                                   {"el lote se generó con otro plan: " + batch.plan_id, "the batch was generated with another plan: " + batch.plan_id}});
    if (batch.base_huella != in.world->huella)
        out.issues.push_back(Issue{"REFERENCIA_ROTA", "base_conocimiento.huella",
                                   {"el lote se generó con otra base de conocimiento", "the batch was generated with another knowledge base"}});
    if (in.repeticion < 1)
        out.issues.push_back(Issue{"REPETICION_INVALIDA", "repeticion", {"la repetición es 1 o ≥ 2", "the repetition is 1 or ≥ 2"}});
    SimGraphResult graph = adherencia::make_graph(plan, *in.plan_document, in.variante);
    for (const Issue& i : graph.issues) out.issues.push_back(i);
    if (!out.issues.empty()) return out;
    const Value applied = plan.threshold_values();
    const Agent agent(plan, *in.world, *graph.graph, applied);
    for (const Issue& i : agent.issues()) out.issues.push_back(i);
    if (!out.issues.empty()) return out;

    const bool single = in.variante == Variant::agente_unico;
    RunHead head = head_of(in, "base_conocimiento");
    head.ficha_nombre = card_name(single, in.repeticion);
    head.ficha_descripcion = card_description(single, in.repeticion, batch.id);

    const CaseFn run_case = [&](std::size_t i, Issues& issues) -> std::optional<CaseRun> {
        const Case& original = batch.casos[i];
        if (in.repeticion < 2) return agent.run(original, in.corrida_id);
        // Repetition r: the same conversation, its stand-ins' parameters redrawn from the scenario's seed.
        Value redrawn = synth::adherencia::repetition_simulation(original.source, in.repeticion);
        if (redrawn.is_null()) {
            issues.push_back(Issue{"REPETICION_INVALIDA", original.id,
                                   {"el caso no se puede redibujar para una repetición", "the case cannot be redrawn for a repetition"}});
            return std::nullopt;
        }
        Value source = original.source;
        *source.find("simulacion") = std::move(redrawn);
        std::optional<Case> repeated = read_case(source, original.id, issues);
        if (!repeated) return std::nullopt;
        return agent.run(*repeated, in.corrida_id);
    };
    return export_run(head, *graph.graph, applied, batch.casos.size(), run_case, sink, on_case);
}

}  // namespace planlang::sim::adherencia
