#pragma once
// Simulated continuation (spec/playground.md §10.1, our addition, tagged "simulated" wherever it is shown):
// when the replay of a verified run leaves a case `no_observado` at the played thresholds, the case is run
// again, whole, by the deterministic simulated agent (synthetic-and-simulation.md §10, core/sim) with the
// played thresholds. The agent is deterministic and reads only the case, the plan, the world and the applied
// thresholds, so running the case from its start gives the path it would take from the diverging visit on:
// for a run made by this agent (ours, or the original planlang's, which follows the same spec) the visits
// before it are the recorded ones, which the replay found unchanged at the played values. It never replaces
// the replay's figures: the replay column still says `no_observado`.
//
// It is the same agent as the run's only if the run can be re-simulated: the main run or the baseline (not
// a repetition, whose cases are redrawn) of a domain our simulator knows (the plan's `dominio_id` has a
// sim::Simulation in the domain registry, which reads the world under its own key), whose plan (the verified
// plan or --plan-de-la-corrida, by the manifest's plan huella) gives the graph the run recorded in grafo.json.
// A run written by the original planlang qualifies when its plan, batch and world load.
// tests/unit/playground/continuation_test.cpp checks that at the run's own thresholds every case of
// demo-a-200 gives back its recorded trace's outcome.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/run/reader.hpp"

namespace planlang::playground {

struct SimulatedCase {
    std::string caso_id;
    // "persona": the trace has a pause record (the recorded-outcome rule of playground.md §3.6);
    // "solo": it has none; "detenido": the agent's safety stop (no trace; `motivo` says why).
    std::string desenlace;
    json::Value decision_final;  // the trace's senales.decision_final (null when detenido)
    std::vector<std::string> nodos_visitados;  // the trace's nodos_visitados (empty when detenido)
    // detenido: the stop's reason; persona: the first pause's `motivo` (which edge sent the case to a
    // person, es/en); solo: none.
    std::optional<Bilingual> motivo;
};

class Continuation {
public:
    // Everything the agent needs is copied or shared out of `inputs` and `main` (the world parsed again by
    // core/synth): the caller may drop its ReadResult. nullopt when the run cannot be re-simulated, with
    // the reasons appended to `why_not` (may be null): CONTINUACION_NO_SIMULABLE (no world, a domain with
    // no simulated agent or a world of another, a repetition, the run's plan not at hand, a graph other than the plan's, the batch's cases
    // not readable by the agent) or the simulator's own codes (PLAN_NO_SIMULABLE, MUNDO_INCOMPATIBLE, the
    // world's schema codes, UMBRAL_NO_APLICADO).
    static std::optional<Continuation> make(const run::Inputs& inputs, const run::RunHeader& main, Issues* why_not);

    // Case `caso_id` of the batch run by the simulated agent at `applied` ({"U1": …, "U2": …, "U3": …,
    // "U4": …}); a threshold it leaves out keeps the run's applied value (umbrales_aplicados). nullopt, with
    // the reason in `why_not` (may be null), when the batch has no such case (CASO_DESCONOCIDO), the case
    // cannot be read by the agent (ESQUEMA) or `applied` is not an object (UMBRAL_NO_APLICADO).
    // Cost: one case through the agent (a few hundred microseconds); nothing is cached.
    std::optional<SimulatedCase> run_case(const std::string& caso_id, const json::Value& applied, Issues* why_not = nullptr) const;

    const std::string& corrida_id() const;

private:
    struct State;
    explicit Continuation(std::shared_ptr<const State> state) : m_state(std::move(state)) {}
    std::shared_ptr<const State> m_state;  // shared by copies; the agent is built on it per call
};

}  // namespace planlang::playground
