#pragma once
// A simulated run of the adherence coach, from plan, knowledge base and batch to a complete run folder
// (core/sim/run_folder.hpp; plans/adherencia/dominio.md §1: the manifest's world reference is
// `base_conocimiento`). Repetition r ≥ 2 runs every case with its `simulacion` redrawn by core/synth from the
// scenario's repetition seed, so the three locales of a scenario stay alike (decisions.md C2's pattern).
#include <functional>
#include <string>

#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/sim/adherencia/inputs.hpp"
#include "core/sim/run_folder.hpp"

namespace planlang::sim::adherencia {

struct RunInputs {
    const plan::Plan* plan = nullptr;
    const json::Value* plan_document = nullptr;  // the plan file as read
    std::string plan_huella;                     // its verified huella
    std::string plan_archivo;                    // repository-relative paths written into the manifest
    const KnowledgeBase* world = nullptr;  // the knowledge base
    std::string world_archivo;
    const Batch* batch = nullptr;
    std::string batch_archivo;
    Variant variante = Variant::multiagente;
    int repeticion = 1;
    std::string corrida_id;
    std::string fecha;  // YYYY-MM-DD
};

StreamedRun simulate_run_streaming(const RunInputs& in, const FileSink& sink, const std::function<void()>& on_case = {});

}  // namespace planlang::sim::adherencia
