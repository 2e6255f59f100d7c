#pragma once
// The run folder every producer writes (traces-and-verifier.md §1–§4; synthetic-and-simulation.md §10
// "Export"): the traces as their cases come, then `grafo.json`, `ramas-esperadas.json` (the producer's
// recomputation of every recorded branch with the one edge interpreter, core/rules) and `corrida.json`, each
// fingerprinted and in disk form. A producer — a domain's simulated agent (core/sim), a real agent's imported
// spans — gives what its manifest says and a function that yields case i; sealing, the branch recomputation,
// the manifest's shape, the identifier check it asks for and the order files are handed over in are the same
// for every producer, here. Nothing touches the file system.
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
#include "core/rules/edges.hpp"

namespace planlang::run {

// Receives a run folder's files as they are produced: a file's bytes come in one or more chunks, in order,
// the call with `last` true ending it. Returning false stops the run with ARCHIVO_NO_ESCRITO.
using FileSink = std::function<bool(const std::string& path, std::string_view chunk, bool last)>;

struct StreamedRun {
    Issues issues;  // when any, the files already handed over must be discarded
    std::optional<Issue> stop;
    std::vector<std::string> casos_ejecutados;
};

// One case as its producer recorded it.
struct CaseRecord {
    bool stopped = false;       // the session stops here (detenida_por "excepcion"); no trace
    std::optional<Issue> stop;  // why (PARADA_DE_SEGURIDAD, ARISTA_*)
    json::Value trace;          // the trace without huella (when !stopped)
};

// What the folder records of the run: the manifest's inputs (corrida.json, §2), the graph it ran (grafo.json
// without its huella, §4) and its edges for the recomputation.
struct FolderHead {
    const plan::Plan* plan = nullptr;
    std::string plan_huella, plan_archivo;
    std::string world_key;  // the manifest key of the world ("plan_beneficios", "base_conocimiento"…)
    json::Value world_ref;  // {archivo, huella, id, version}
    std::string batch_archivo, batch_id, batch_huella, semilla, demo_id;
    std::int64_t n_lote = 0;
    std::string variante;  // "multiagente" | "agente_unico"
    std::string proveedor, modelo;
    std::string corrida_id, fecha;
    Bilingual ficha_nombre, ficha_descripcion, ficha_etiqueta;
    Bilingual revisor_simulado;  // the pause's simulated reviewer policy ({"", ""} when none)
    std::string fuente;          // ramas-esperadas.json's `fuente`: who recomputed the branches
    json::Value grafo;           // grafo.json without its huella
    const rules::EdgeGraph* edges = nullptr;  // the edges the branches are recomputed with
    // The identifier check every file passes before any of it is handed over (synthetic-and-simulation.md §8:
    // a finding blocks publication); none when unset.
    std::function<Issues(const json::Value& document)> scan;
};

// Case i of the run: its trace (no huella), a safety stop, or nullopt with `issues` when it cannot run at all.
using CaseFn = std::function<std::optional<CaseRecord>(std::size_t i, Issues& issues)>;

// Takes `case_count` cases in order from `run_case` and hands the folder's files to `sink`: each trace as
// soon as its case is done (and its identifiers are scanned), then grafo.json, ramas-esperadas.json (in
// chunks) and corrida.json. What stays in memory per case is its id, its trace's huella and its visits.
StreamedRun write_run_folder(const FolderHead& head, const json::Value& applied, std::size_t case_count, const CaseFn& run_case,
                             const FileSink& sink, const std::function<void()>& on_case = {});

// `value` with its top-level huella set (replaced or appended).
json::Value sealed(json::Value value);

}  // namespace planlang::run
