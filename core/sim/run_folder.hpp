#pragma once
// The run folder every domain's simulated run writes (traces-and-verifier.md §1–§4; synthetic-and-simulation.md
// §10 "Export"): the traces as their cases run, then `grafo.json`, `ramas-esperadas.json` (the runtime's
// recomputation of every recorded branch) and `corrida.json`, each fingerprinted and in disk form. A domain
// module (demo A's run_export, adherencia's) gives what its manifest says and a function that runs case i;
// everything else — sealing, the branch recomputation, the identifier validator, the manifest's shape and the
// order files are handed over in — is the same for every domain, here. Nothing touches the file system.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/sim/agent.hpp"
#include "core/sim/baseline.hpp"

namespace planlang::sim {

extern const char* const kRuntimeSource;  // `fuente` of ramas-esperadas.json: names our runtime

// Receives a run folder's files as they are produced: a file's bytes come in one or more chunks, in order,
// the call with `last` true ending it. Returning false stops the run with ARCHIVO_NO_ESCRITO.
using FileSink = std::function<bool(const std::string& path, std::string_view chunk, bool last)>;

struct StreamedRun {
    Issues issues;  // when any, the files already handed over must be discarded
    std::optional<Issue> stop;
    std::vector<std::string> casos_ejecutados;
};

// What the manifest (corrida.json, traces-and-verifier.md §2) records of the run's inputs.
struct RunHead {
    const plan::Plan* plan = nullptr;
    std::string plan_huella, plan_archivo;
    std::string world_key;   // "plan_beneficios" (demo A) | "base_conocimiento" (adherencia)
    json::Value world_ref;   // {archivo, huella, id, version}
    std::string batch_archivo, batch_id, batch_huella, semilla, demo_id;
    std::int64_t n_lote = 0;
    Variant variante = Variant::multiagente;
    std::string corrida_id, fecha;
    Bilingual ficha_nombre, ficha_descripcion;
};

// Case i of the run: its trace (no huella), a safety stop, or nullopt with `issues` when it cannot run at all.
using CaseFn = std::function<std::optional<CaseRun>(std::size_t i, Issues& issues)>;

// Runs `case_count` cases in order through `run_case` and hands the folder's files to `sink`: each trace as
// soon as its case has run (and its identifiers are scanned), then grafo.json, ramas-esperadas.json (in
// chunks) and corrida.json. What stays in memory per case is its id, its trace's huella and its visits.
StreamedRun export_run(const RunHead& head, const SimGraph& graph, const json::Value& applied, std::size_t case_count,
                       const CaseFn& run_case, const FileSink& sink, const std::function<void()>& on_case = {});

// `value` with its top-level huella set (replaced or appended).
json::Value sealed(json::Value value);

}  // namespace planlang::sim
