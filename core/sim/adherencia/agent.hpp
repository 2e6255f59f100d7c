#pragma once
// The adherence coach's deterministic simulated agent (plans/adherencia/dominio.md §4–§6): runs a case's
// conversation turn by turn through the plan's graph — intake, guardrail_pre (negation-blind red flags, the
// scope classifier), retrieve_context, generate_response (the model stand-in), review_response (the human
// pause, a reviewer following the known truth), guardrail_post (dosing language, citations, identifiers) and
// closing (the turn's envelope) — or through the single-prompt baseline, and returns the case's trace
// (`planlang-trace/v1` with the domain's `conversacion`) without its huella. Each turn is one pass of the
// graph, as each user message is one call to the seed's agent; closing leads to the next turn's intake or
// ends the conversation. Same inputs, same bytes: no clock, no randomness.
#include <string>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/sim/adherencia/inputs.hpp"
#include "core/sim/case_run.hpp"
#include "core/sim/baseline.hpp"

namespace planlang::sim::adherencia {

class Agent {
public:
    // `applied`: the run's umbrales_aplicados. Plan, knowledge base and graph must outlive the agent.
    Agent(const plan::Plan& plan, const KnowledgeBase& kb, const SimGraph& graph, json::Value applied);

    // Problems that make the inputs unusable together (an applied threshold missing, U4 not a boolean).
    const Issues& issues() const { return m_issues; }

    CaseRun run(const Case& c, const std::string& corrida_id) const;

    const plan::Plan& plan() const { return m_plan; }
    const KnowledgeBase& kb() const { return m_kb; }
    const SimGraph& graph() const { return m_graph; }
    const json::Value& applied() const { return m_applied; }

private:
    const plan::Plan& m_plan;
    const KnowledgeBase& m_kb;
    const SimGraph& m_graph;
    json::Value m_applied;
    Issues m_issues;
};

// The graphs of this domain: the plan's own (`multiagente`), and the single-prompt baseline (`agente_unico`:
// intake with its edges, agente_unico, guardrail_post, closing). PLAN_NO_SIMULABLE when the plan's nodes are
// not the seven this agent runs.
SimGraphResult make_graph(const plan::Plan& plan, const json::Value& plan_document, Variant variant);

}  // namespace planlang::sim::adherencia
