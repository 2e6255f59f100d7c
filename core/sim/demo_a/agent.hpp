#pragma once
// The deterministic simulated agent (spec/synthetic-and-simulation.md §10, decisions.md C1 and C3): runs a
// case through the graph (multi-agent or single-agent baseline) with stand-ins — a router with the input
// guard, the model stand-in (extraction, question, letter, single-agent call), the scripted physician, the
// coverage checker, the decision edges, the human pause with the truth-following auditor, the writer with
// the adverse-decision document and the output guard — and returns the case's trace (`planlang-trace/v1`,
// traces-and-verifier.md §3) without its huella. No clock, no randomness: same inputs, same bytes.
//
// Safety stop: a `negar` without a pause, or an `aprobar_parcial` without a pause while Texas mode is on,
// reaching the writer stops the session (no trace for that case); so does an edge that cannot be decided.
// Neither is reachable with demo A's edges.
#include <cstddef>
#include <optional>
#include <string>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/sim/baseline.hpp"
#include "core/sim/case_run.hpp"
#include "core/sim/demo_a/inputs.hpp"

namespace planlang::sim::demo_a {


class Agent {
public:
    // `applied`: the run's umbrales_aplicados ({U1: …}); `plan_huella`: the verified plan huella (adverse
    // documents cite it). The plan, world and graph must outlive the agent.
    Agent(const plan::Plan& plan, std::string plan_huella, const World& world, const SimGraph& graph, json::Value applied);

    // Problems that make the inputs unusable together (MUNDO_INCOMPATIBLE: the world's high-cost threshold is
    // not a threshold of the plan, or an applied threshold is missing). Empty when run() can be called.
    const Issues& issues() const { return m_issues; }

    CaseRun run(const Case& c, const std::string& corrida_id) const;

private:
    friend class CaseRunner;
    const plan::Plan& m_plan;
    std::string m_plan_huella;
    const World& m_world;
    const SimGraph& m_graph;
    json::Value m_applied;
    std::size_t m_catalog_points[2] = {0, 0};  // code points of the prompts' procedure catalog: [0] names, [1] with coverage
    Issues m_issues;
};


}  // namespace planlang::sim::demo_a
