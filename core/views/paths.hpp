#pragma once
// The paths ("recorridos") of a run over its diagram (spec/site-and-cards.md §3): one per distinct sequence of
// visited nodes, with its cases and their count; and, per node and per arrow of the diagram, the cases that
// passed there (§2, screen 3: "selecting a node or arrow shows … the real cases that passed there").
//
// The playground's compact keeps only the visits of writer nodes, not the whole node sequence, so the paths
// are drawn from the run's walks (core/run/walks.hpp: run::WalkSink while the reader streams the main run,
// run::read_walks after, run::case_walk for one accepted trace).
//
// Which arrow a step took: at a writer node's step, the recorded edge records of that step (`paso` = the step's
// `orden`) name it — the conditional arrow of the first true record's `orden_arista`, or the node's default
// arrow when none is true — provided that arrow leads to the next step's node; a step of another node (or one
// without records) took the unconditional arrow to the next node, else its default arrow to it. The first step
// is reached by START's arrow, and a `completo` trace leaves its last node by its arrow to END. A step whose
// move no arrow draws counts its case in Paths::sin_flecha (a branch the graph does not have: the verifier
// reports those as RAMA_NO_SEGUIDA or NODO_NO_DECLARADO).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/json/value.hpp"
#include "core/run/reader.hpp"
#include "core/run/walks.hpp"
#include "core/views/diagram.hpp"

namespace planlang::views {

struct Recorrido {
    std::vector<std::string> nodos;   // the sequence of visited nodes
    std::vector<std::string> casos;   // its cases, in run order
    std::size_t n = 0;                // casos.size()
    std::vector<std::size_t> flechas; // the arrows its cases took (indexes into Diagram::flechas, ascending)
};

struct Paths {
    std::vector<Recorrido> recorridos;  // by n descending, then by sequence (nodes compared as byte strings)
    // Per Diagram::nodos / Diagram::flechas index: the cases that passed there, each once, in run order.
    std::vector<std::vector<std::string>> casos_por_nodo;
    std::vector<std::vector<std::string>> casos_por_flecha;
    std::vector<std::string> sin_flecha;  // cases with a move no arrow draws, in run order
};

// `walks` in run order.
Paths compute_paths(const Diagram& d, const std::vector<run::CaseWalk>& walks);

// {"recorridos": [{nodos, casos, n, flechas}], "por_nodo": [{id, casos, n}], "por_flecha": [{flecha (index),
// desde, hacia, tipo, orden, casos, n}], "sin_flecha": [ids]} (ours).
json::Value paths_json(const Diagram& d, const Paths& p);

}  // namespace planlang::views
