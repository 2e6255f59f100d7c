// The adherence coach's Simulation: the knowledge base read by core/synth, the batch and the agent of sim/adherencia.
#include "core/sim/adherencia/simulation.hpp"

#include <utility>

#include "core/sim/adherencia/agent.hpp"
#include "core/sim/adherencia/inputs.hpp"
#include "core/sim/adherencia/run.hpp"
#include "core/sim/internal/simulation_parts.hpp"

namespace planlang::sim::adherencia {

namespace {

using KnowledgeBaseWorld = sim::internal::HeldWorld<KnowledgeBase>;

using Run = sim::internal::HeldRun<RunInputs, KnowledgeBase, Batch>;

class Runner final : public CaseRunner {
public:
    Runner(const plan::Plan& plan, std::shared_ptr<const KnowledgeBaseWorld> world, SimGraph graph)
        : m_plan(plan), m_world(std::move(world)), m_graph(std::move(graph)) {}
    const SimGraph& graph() const override { return m_graph; }
    Issues agent_issues(const json::Value& applied) const override { return Agent(m_plan, m_world->world(), m_graph, applied).issues(); }
    bool reads_case(const json::Value& caso, const std::string& element, Issues& issues) const override {
        return read_case(caso, element, issues).has_value();
    }
    std::optional<CaseRun> run(json::Value caso, const std::string& element, const json::Value& applied, const std::string& corrida_id,
                               Issues& read_issues, Issues& agent_issues) const override {
        const std::optional<Case> c = read_case(caso, element, read_issues);
        const Agent agent(m_plan, m_world->world(), m_graph, applied);
        agent_issues = agent.issues();
        if (!c || !agent_issues.empty()) return std::nullopt;
        return agent.run(*c, corrida_id);
    }

private:
    const plan::Plan& m_plan;
    std::shared_ptr<const KnowledgeBaseWorld> m_world;
    SimGraph m_graph;
};

class Coach final : public Simulation {
public:
    std::string_view world_key() const override { return "base_conocimiento"; }

    Prepared prepare(RunRequest rq) const override {
        Prepared out;
        KnowledgeBaseResult kb = read_knowledge_base(*rq.world_document);
        if (!kb.base) {
            out.world_issues = std::move(kb.issues);
            return out;
        }
        BatchResult batch = read_batch(rq.batch_document);
        if (!batch.batch) {
            out.batch_issues = std::move(batch.issues);
            return out;
        }
        out.run = std::make_unique<Run>(rq, std::move(*kb.base), std::move(*batch.batch), &simulate_run_streaming);
        return out;
    }

    std::shared_ptr<const LoadedWorld> read_world(const json::Value& document, Issues& issues) const override {
        KnowledgeBaseResult read = read_knowledge_base(document);
        for (Issue& i : read.issues) issues.push_back(std::move(i));
        if (!read.ok || !read.base) return nullptr;
        return std::make_shared<KnowledgeBaseWorld>(std::move(*read.base));
    }

    CaseRunnerResult case_runner(const plan::Plan& plan, const std::string& /*plan_huella: no adverse documents here*/,
                                 const json::Value& plan_document,
                                 std::shared_ptr<const LoadedWorld> world, Variant variant) const override {
        CaseRunnerResult out;
        SimGraphResult graph = adherencia::make_graph(plan, plan_document, variant);
        out.issues = std::move(graph.issues);
        auto ours = std::dynamic_pointer_cast<const KnowledgeBaseWorld>(world);
        if (!ours)
            out.issues.push_back(Issue{"MUNDO_INCOMPATIBLE", std::string(world_key()),
                                       {"el mundo no es una base de conocimiento leída por este agente", "the world is not a knowledge base read by this agent"}});
        if (graph.graph && ours) out.runner = std::make_unique<Runner>(plan, std::move(ours), std::move(*graph.graph));
        return out;
    }
};

}  // namespace

std::unique_ptr<const Simulation> simulation() { return std::make_unique<Coach>(); }

}  // namespace planlang::sim::adherencia
