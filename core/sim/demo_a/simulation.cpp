// Demo A's Simulation: the benefit plan read by core/synth, the batch by sim/inputs, the agent of sim/agent.
#include "core/sim/demo_a/simulation.hpp"

#include <utility>

#include "core/sim/demo_a/agent.hpp"
#include "core/sim/demo_a/inputs.hpp"
#include "core/sim/demo_a/run_export.hpp"
#include "core/sim/internal/simulation_parts.hpp"
#include "core/synth/world.hpp"

namespace planlang::sim::demo_a {

namespace {

using BenefitPlanWorld = sim::internal::HeldWorld<World>;

using Run = sim::internal::HeldRun<RunInputs, World, Batch>;

class Runner final : public CaseRunner {
public:
    Runner(const plan::Plan& plan, std::string plan_huella, std::shared_ptr<const BenefitPlanWorld> world, SimGraph graph)
        : m_plan(plan), m_plan_huella(std::move(plan_huella)), m_world(std::move(world)), m_graph(std::move(graph)) {}
    const SimGraph& graph() const override { return m_graph; }
    Issues agent_issues(const json::Value& applied) const override { return Agent(m_plan, m_plan_huella, m_world->world(), m_graph, applied).issues(); }
    bool reads_case(const json::Value& caso, const std::string& element, Issues& issues) const override {
        return read_case(caso, element, issues).has_value();
    }
    std::optional<CaseRun> run(json::Value caso, const std::string& element, const json::Value& applied, const std::string& corrida_id,
                               Issues& read_issues, Issues& agent_issues) const override {
        const std::optional<Case> c = read_case(std::move(caso), element, read_issues);
        const Agent agent(m_plan, m_plan_huella, m_world->world(), m_graph, applied);
        agent_issues = agent.issues();
        if (!c || !agent_issues.empty()) return std::nullopt;
        return agent.run(*c, corrida_id);
    }

private:
    const plan::Plan& m_plan;
    std::string m_plan_huella;
    std::shared_ptr<const BenefitPlanWorld> m_world;
    SimGraph m_graph;
};

class BenefitAuditor final : public Simulation {
public:
    std::string_view world_key() const override { return "plan_beneficios"; }

    Prepared prepare(RunRequest rq) const override {
        Prepared out;
        synth::BenefitPlanResult world = synth::read_benefit_plan(*rq.world_document);
        if (!world.ok || !world.plan) {
            out.world_issues = std::move(world.issues);
            return out;
        }
        BatchResult batch = read_batch(std::move(rq.batch_document));
        if (!batch.batch) {
            out.batch_issues = std::move(batch.issues);
            return out;
        }
        out.run = std::make_unique<Run>(rq, std::move(*world.plan), std::move(*batch.batch), &simulate_run_streaming);
        return out;
    }

    std::shared_ptr<const LoadedWorld> read_world(const json::Value& document, Issues& issues) const override {
        synth::BenefitPlanResult read = synth::read_benefit_plan(document);
        for (Issue& i : read.issues) issues.push_back(std::move(i));
        if (!read.ok || !read.plan) return nullptr;
        return std::make_shared<BenefitPlanWorld>(std::move(*read.plan));
    }

    CaseRunnerResult case_runner(const plan::Plan& plan, const std::string& plan_huella, const json::Value& plan_document,
                                 std::shared_ptr<const LoadedWorld> world, Variant variant) const override {
        CaseRunnerResult out;
        SimGraphResult graph = make_graph(plan, plan_document, variant);
        out.issues = std::move(graph.issues);
        auto ours = std::dynamic_pointer_cast<const BenefitPlanWorld>(world);
        if (!ours)
            out.issues.push_back(Issue{"MUNDO_INCOMPATIBLE", std::string(world_key()),
                                       {"el mundo no es un plan de beneficios leído por este agente", "the world is not a benefit plan read by this agent"}});
        if (graph.graph && ours) out.runner = std::make_unique<Runner>(plan, plan_huella, std::move(ours), std::move(*graph.graph));
        return out;
    }
};

}  // namespace

std::unique_ptr<const Simulation> simulation() { return std::make_unique<BenefitAuditor>(); }

}  // namespace planlang::sim::demo_a
