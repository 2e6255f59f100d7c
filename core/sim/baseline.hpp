#pragma once
// The graphs the simulated agent runs (synthetic-and-simulation.md §10, decisions.md C3): the plan's own
// graph for `multiagente`, and the single-agent baseline derived from it for `agente_unico`.
//
// Baseline (decisions.md C3): nodes enrutador (enrutador), agente_unico (modelo), verificador_cobertura
// (regla), decision (enrutador), pausa_humana (pausa_humana), cierre (regla), guardia_salida (regla).
// enrutador keeps its edges with targets redactor → cierre; agente_unico takes the extractor's edges with
// the clarification target remapped to the pause; decision keeps its edges (redactor → cierre); defaults
// enrutador → agente_unico, agente_unico → verificador_cobertura, decision → cierre. Fixed edges:
// verificador_cobertura → decision, pausa_humana → cierre → guardia_salida → END.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/rules/edges.hpp"

namespace planlang::sim {

enum class Variant { multiagente, agente_unico };
const char* variant_name(Variant v);

extern const char* const kEnd;  // "__end__": the step after the last node

struct SimGraph {
    Variant variante = Variant::multiagente;
    std::string inicio = "enrutador";                // the node a case starts at
    std::vector<plan::Node> nodos;                   // in graph order
    rules::EdgeGraph edges;                                 // conditional edges and defaults used to route
    json::Value aristas_json;                        // the conditional edges as written in grafo.json (plan shape)
    std::vector<std::pair<std::string, std::string>> fijas;  // fixed edges node → next (kEnd for the end)
    std::vector<plan::Pause> pausas;
    json::Value pausas_json;                         // the plan's pauses as written

    const plan::Node* node(const std::string& id) const;
    // The fixed successor of a non-writer node, if any.
    std::optional<std::string> fixed_next(const std::string& id) const;
    // grafo.json without its huella (traces-and-verifier.md §4): defaults resolved for every writer node.
    json::Value grafo_json(const std::string& demo_id) const;
};

struct SimGraphResult {
    Issues issues;  // PLAN_NO_SIMULABLE: a node or branch our agent cannot run
    std::optional<SimGraph> graph;
};

// `plan_document` is the plan file as read (its edges and pauses are copied into grafo.json verbatim).
SimGraphResult make_graph(const plan::Plan& plan, const json::Value& plan_document, Variant variant);

}  // namespace planlang::sim
