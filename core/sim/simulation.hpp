#pragma once
// A domain's simulated agent: its facet of the domain registry (core/domain), written in sim/<domain>/ and
// registered by core/domains. The simulate command runs a whole batch through it (prepare → stream); the
// playground's simulated continuation (core/playground/continuation.hpp) runs one case at a time at played
// thresholds through a CaseRunner. Nothing here names a domain: `sim::find_simulation(dominio_id)` is nullptr
// for a domain our simulator does not know (a real agent's: its runs are imported, not simulated).
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/sim/case_run.hpp"
#include "core/sim/baseline.hpp"
#include "core/sim/run_folder.hpp"

namespace planlang::sim {

// A whole run to simulate: the plan as verified, the world and the batch as read, where they live
// (repository-relative paths written into the manifest) and the run's identity. The date is an input, never a clock.
struct RunRequest {
    const plan::Plan* plan = nullptr;
    const json::Value* plan_document = nullptr;
    std::string plan_huella;
    std::string plan_archivo;
    const json::Value* world_document = nullptr;
    std::string world_archivo;
    json::Value batch_document;  // taken by the domain's batch reader
    std::string batch_archivo;
    Variant variante = Variant::multiagente;
    int repeticion = 1;      // 1 = the main run; r ≥ 2 = repetition r (decisions.md C2)
    std::string corrida_id;  // for a repetition it ends in "-r<r>"
    std::string fecha;       // YYYY-MM-DD
};

// A run whose world and batch were read and fit together: what is left is to run it.
class PreparedRun {
public:
    virtual ~PreparedRun() = default;
    virtual std::size_t case_count() const = 0;
    // Every case in batch order, each trace handed to `sink` as soon as it is made (run_folder.hpp).
    virtual StreamedRun stream(const FileSink& sink, const std::function<void()>& on_case) const = 0;
};

struct Prepared {
    std::unique_ptr<const PreparedRun> run;  // null when a file did not read
    Issues world_issues;                     // the world's problems (print them against the world file)
    Issues batch_issues;                     // the batch's
};

// A domain's world as its agent reads it: opaque but for its fingerprint.
class LoadedWorld {
public:
    virtual ~LoadedWorld() = default;
    virtual const std::string& huella() const = 0;
};

// One case at a time at any thresholds: the agent built on a plan, a world and the graph for a variant.
class CaseRunner {
public:
    virtual ~CaseRunner() = default;
    virtual const SimGraph& graph() const = 0;
    // Problems that keep the agent from running at `applied` (UMBRAL_NO_APLICADO, MUNDO_INCOMPATIBLE…).
    virtual Issues agent_issues(const json::Value& applied) const = 0;
    // The batch case reads as this agent's case (`element`: where it is, for the issues).
    virtual bool reads_case(const json::Value& caso, const std::string& element, Issues& issues) const = 0;
    // Case `caso` run whole at `applied`; nullopt when it does not read (read_issues) or the agent cannot run
    // at `applied` (agent_issues).
    virtual std::optional<CaseRun> run(json::Value caso, const std::string& element, const json::Value& applied, const std::string& corrida_id,
                                       Issues& read_issues, Issues& agent_issues) const = 0;
};

struct CaseRunnerResult {
    std::unique_ptr<const CaseRunner> runner;  // null when the plan's graph is not one this agent runs
    Issues issues;
};

class Simulation {
public:
    virtual ~Simulation() = default;
    // The key of the world in the batch and in the run's manifest ("plan_beneficios", "base_conocimiento").
    virtual std::string_view world_key() const = 0;
    // The world and the batch read and checked against the plan; the run is not started.
    virtual Prepared prepare(RunRequest request) const = 0;
    // The world alone (for a CaseRunner); null with the world's schema issues when it does not read.
    virtual std::shared_ptr<const LoadedWorld> read_world(const json::Value& document, Issues& issues) const = 0;
    // The agent for `plan` on `world` (from read_world) with the graph of `variant`. The plan and its document
    // must outlive the runner.
    virtual CaseRunnerResult case_runner(const plan::Plan& plan, const std::string& plan_huella, const json::Value& plan_document,
                                         std::shared_ptr<const LoadedWorld> world, Variant variant) const = 0;
};

// The domain's simulation, or nullptr when our simulator does not know it.
const Simulation* find_simulation(const std::string& dominio_id);

// The domains our simulator knows, in registration order (for messages).
std::vector<std::string> simulated_domains();

}  // namespace planlang::sim
