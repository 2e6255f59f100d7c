#pragma once
// A simulated run's folder (core/run/folder_writer.hpp writes it): what every domain's simulated agent adds —
// its runtime as `fuente`, the simulation label, the pause's simulated reviewer, the graph it ran and the
// identifier validator (synthetic-and-simulation.md §8). A domain module (demo A's run_export, adherencia's)
// gives what its manifest says and a function that runs case i.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/run/folder_writer.hpp"
#include "core/sim/case_run.hpp"
#include "core/sim/baseline.hpp"

namespace planlang::sim {

extern const char* const kRuntimeSource;  // `fuente` of ramas-esperadas.json: names our runtime

using run::FileSink;
using run::StreamedRun;
using run::sealed;

// What the manifest (corrida.json, traces-and-verifier.md §2) records of the run's inputs.
struct RunHead {
    const plan::Plan* plan = nullptr;
    std::string plan_huella, plan_archivo;
    std::string world_key;   // the domain's (sim::Simulation::world_key)
    json::Value world_ref;   // {archivo, huella, id, version}
    std::string batch_archivo, batch_id, batch_huella, semilla, demo_id;
    std::int64_t n_lote = 0;
    Variant variante = Variant::multiagente;
    std::string corrida_id, fecha;
    Bilingual ficha_nombre, ficha_descripcion;
};

// Case i of the run: its trace (no huella), a safety stop, or nullopt with `issues` when it cannot run at all.
using CaseFn = run::CaseFn;

// run::write_run_folder with the simulation's own parts (above).
StreamedRun export_run(const RunHead& head, const SimGraph& graph, const json::Value& applied, std::size_t case_count,
                       const CaseFn& run_case, const FileSink& sink, const std::function<void()>& on_case = {});

}  // namespace planlang::sim
