#pragma once
// A simulated run from plan, world and batch to a complete run folder (synthetic-and-simulation.md §10
// "Export", traces-and-verifier.md §1–§4, decisions.md C2, C3, C5): `corrida.json`, `grafo.json`,
// `ramas-esperadas.json` and `trazas/<caso_id>.json`, each fingerprinted and in disk form. The manifest
// references plan, batch and world by the repository-relative paths it is given; the run date is an input,
// never read from a clock. Nothing here touches the file system: the caller writes the files.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/sim/demo_a/agent.hpp"
#include "core/sim/baseline.hpp"
#include "core/sim/demo_a/inputs.hpp"
#include "core/sim/run_folder.hpp"
#include "core/synth/case.hpp"

namespace planlang::sim::demo_a {

struct RunInputs {
    const plan::Plan* plan = nullptr;
    const json::Value* plan_document = nullptr;  // the plan file as read
    std::string plan_huella;                     // its verified huella
    std::string plan_archivo;                    // repository-relative paths written into the manifest
    const World* world = nullptr;
    std::string world_archivo;
    const Batch* batch = nullptr;
    std::string batch_archivo;
    Variant variante = Variant::multiagente;
    int repeticion = 1;       // 1 = the main run; r ≥ 2 = repetition r (decisions.md C2)
    std::string corrida_id;   // for a repetition it ends in "-r<r>"
    std::string fecha;        // YYYY-MM-DD
};

struct RunFile {
    std::string path;   // run-relative: "corrida.json", "trazas/A-001.json"…
    std::string bytes;  // disk form
};

struct RunOutput {
    Issues issues;              // inputs that cannot be simulated together, or an identifier finding in what
                                // would be written (synthetic-and-simulation.md §8); no files then
    std::optional<Issue> stop;  // a safety stop: the files hold the cases finished before it
    std::vector<RunFile> files;  // corrida.json first, then grafo.json, ramas-esperadas.json, the traces in run order
    std::vector<std::string> casos_ejecutados;
};

// Runs every case of the batch in order (calling `on_case` after each) and builds the folder's files.
RunOutput simulate_run(const RunInputs& in, const std::function<void()>& on_case = {});


// simulate_run with the same files, handed over as they are made: each trace as soon as its case has run
// (and its identifiers are scanned), then grafo.json, ramas-esperadas.json (in chunks) and corrida.json.
// What stays in memory per case is its id, its trace's huella and its visits in a few bytes each, so a
// 100,000-case run does not hold its traces. simulate_run is this with a sink that collects the files.
StreamedRun simulate_run_streaming(const RunInputs& in, const FileSink& sink, const std::function<void()>& on_case = {});

// Case `c` as repetition r ≥ 2 runs it (decisions.md C2): its `simulacion` redrawn by core/synth with the
// generator seeded "<semilla>/caso/<id>/repeticion/<r>", everything else unchanged.
std::optional<Case> repetition_of(const Case& c, const World& world, const synth::PlanFacts& facts, const std::string& semilla,
                                  int repeticion, Issues& issues);

}  // namespace planlang::sim::demo_a
