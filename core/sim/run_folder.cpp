// A simulated run's folder through core/run's writer (core/sim/run_folder.hpp).
#include "core/sim/run_folder.hpp"

#include "core/sim/internal/texts.hpp"
#include "core/synth/identifiers.hpp"

namespace planlang::sim {

const char* const kRuntimeSource = "planlang-cpp core/sim (agente simulado determinista)";

StreamedRun export_run(const RunHead& in, const SimGraph& graph, const json::Value& applied, std::size_t case_count,
                       const CaseFn& run_case, const FileSink& sink, const std::function<void()>& on_case) {
    run::FolderHead head;
    head.plan = in.plan;
    head.plan_huella = in.plan_huella;
    head.plan_archivo = in.plan_archivo;
    head.world_key = in.world_key;
    head.world_ref = in.world_ref;
    head.batch_archivo = in.batch_archivo;
    head.batch_id = in.batch_id;
    head.batch_huella = in.batch_huella;
    head.semilla = in.semilla;
    head.demo_id = in.demo_id;
    head.n_lote = in.n_lote;
    head.variante = variant_name(in.variante);
    head.proveedor = "simulado";
    head.modelo = "simulado";
    head.corrida_id = in.corrida_id;
    head.fecha = in.fecha;
    head.ficha_nombre = in.ficha_nombre;
    head.ficha_descripcion = in.ficha_descripcion;
    head.ficha_etiqueta = texts::card_label();
    const auto& pauses = in.plan->contrato_de_grafo.pausas_humanas;
    if (!pauses.empty()) head.revisor_simulado = {pauses.front().politica_simulada.es, pauses.front().politica_simulada.en};
    head.fuente = kRuntimeSource;
    head.grafo = graph.grafo_json(in.demo_id);
    head.edges = &graph.edges;
    head.scan = [](const json::Value& document) { return synth::scan_identifiers(document); };
    return run::write_run_folder(head, applied, case_count, run_case, sink, on_case);
}

}  // namespace planlang::sim
