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
#include <utility>
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

// The manifest's inputs from a domain's RunInputs (each domain's has plan, plan_huella, plan_archivo, world,
// world_archivo, batch, batch_archivo, variante, corrida_id and fecha; its world and batch an id, huella…) and
// the key its world goes under. The card's name and description are the domain's to add.
template <class Inputs>
RunHead head_of(const Inputs& in, std::string world_key) {
    RunHead head;
    head.plan = in.plan;
    head.plan_huella = in.plan_huella;
    head.plan_archivo = in.plan_archivo;
    head.world_key = std::move(world_key);
    head.world_ref = json::Object{{"archivo", json::Value(in.world_archivo)},
                                  {"huella", json::Value(in.world->huella)},
                                  {"id", json::Value(in.world->id)},
                                  {"version", json::Value(in.world->version)}};
    head.batch_archivo = in.batch_archivo;
    head.batch_id = in.batch->id;
    head.batch_huella = in.batch->huella;
    head.semilla = in.batch->semilla;
    head.demo_id = in.batch->demo_id;
    head.n_lote = in.batch->n;
    head.variante = in.variante;
    head.corrida_id = in.corrida_id;
    head.fecha = in.fecha;
    return head;
}

// Case i of the run: its trace (no huella), a safety stop, or nullopt with `issues` when it cannot run at all.
using CaseFn = run::CaseFn;

// run::write_run_folder with the simulation's own parts (above).
StreamedRun export_run(const RunHead& head, const SimGraph& graph, const json::Value& applied, std::size_t case_count,
                       const CaseFn& run_case, const FileSink& sink, const std::function<void()>& on_case = {});

}  // namespace planlang::sim
