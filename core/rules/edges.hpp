#pragma once
// Edge rules of the graph contract (spec/rule-language.md §7): the one interpreter the simulated agent
// routes with, the runtime side's recomputation of recorded visits (ramas-esperadas.json) and, through the
// same functions, the verifier and the playground.
//
// - A state is a JSON object signal → value. A signal absent from it is an error, never false (§7.3);
//   `null` means "not observed".
// - Applied thresholds are a JSON object {"U1": 0.75, …}; "umbral.X" resolves to the member X (§7.1).
// - At a visit every edge of the node is evaluated in `orden` order and recorded; the branch is the
//   `si_verdadero` of the first true edge, else the node's default branch. An error in any edge, even after
//   the first true one, fails the whole visit (§7.5).
// Errors are data (Issue), with our codes: ARISTA_SENAL_AUSENTE, ARISTA_UMBRAL_DESCONOCIDO,
// ARISTA_TIPO_INCOMPATIBLE, ARISTA_OPERADOR_DESCONOCIDO, ARISTA_FUNCION_DESCONOCIDA,
// ARISTA_SIN_RAMA_POR_DEFECTO, ARISTA_REGISTRO_INVALIDO; the element names the edge as "<desde>#<orden>"
// (or the node for a missing default).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/rules/recorded_edges.hpp"

namespace planlang::rules {

// A conditional edge of the graph contract (plan-format.md §9), as much of it as its evaluation reads: a
// triplet (senal operador valor) or a call of a registered function. plan::Edge adds the plan's note.
struct Edge {
    std::string desde;
    std::int64_t orden = 0;
    bool is_function = false;
    // triplet
    std::string senal;
    std::string operador;
    json::Value valor;  // number | bool | string (may be "umbral.<Uid>")
    bool inclusivo = false;
    // function
    std::string funcion_nombre;
    std::vector<std::string> funcion_entradas;
    // both
    std::string si_verdadero;
    std::optional<std::string> si_falso;
};

// One evaluated edge, in the record shape of rule-language.md §7.5 (trace `decisiones_de_arista`).
struct EdgeRecord {
    std::string desde;
    std::int64_t orden_arista = 0;
    std::int64_t paso = 0;
    bool funcion_edge = false;  // tipo "funcion" (else "tripleta")
    // triplet
    std::string senal;
    json::Value valor_observado;
    std::string operador;
    json::Value valor_declarado;  // the plan's raw `valor` ("umbral.U2" or a literal)
    json::Value umbral_aplicado;  // the resolved value
    bool inclusivo = false;
    // function
    std::string funcion;
    json::Value entradas;  // object input → observed value, in registry order
    // both
    bool resultado = false;
    std::string rama_tomada;

    json::Value to_json() const&;
    json::Value to_json() &&;  // the same, its values moved out
};

// The result of one edge, without the visit's fields (paso, rama_tomada).
struct EdgeOutcome {
    std::optional<Issue> error;
    EdgeRecord record;  // meaningful when !error
};

// Evaluates one edge against the state and the applied thresholds (§7.1–§7.4).
EdgeOutcome evaluate_edge(const Edge& edge, const json::Value& state, const json::Value& applied);

// evaluate_edge's error and result without its record (nothing copied out of the state): for callers that
// only route or count. The same function judges both.
struct EdgeResult {
    std::optional<Issue> error;
    bool resultado = false;  // false when error
};
EdgeResult edge_result(const Edge& edge, const json::Value& state, const json::Value& applied);

// The graph a writer node routes in: its conditional edges and its default branches (a plan's is
// plan::edge_graph(contract)).
struct EdgeGraph {
    std::vector<Edge> aristas;                    // any order; grouped per node and sorted by `orden` when used
    std::vector<std::pair<std::string, std::string>> ramas_por_defecto;  // node → branch, as the plan gives them

    // The edges leaving `node`, by `orden` (stable for equal orders).
    std::vector<const Edge*> edges_of(const std::string& node) const;
    void edges_of_into(const std::string& node, std::vector<const Edge*>& out) const;  // the same, into `out`
    bool is_writer(const std::string& node) const;
    // ramas_por_defecto[node], else the `si_falso` of the node's single edge (plan-format.md §9).
    std::optional<std::string> default_branch(const std::string& node) const;
    // The same, pointing into the graph (nullptr: none), given edges_of(node).
    const std::string* default_branch_of(const std::string& node, const std::vector<const Edge*>& edges) const;
    // Writer nodes in the order they first appear as `desde`.
    std::vector<std::string> writer_nodes() const;
};

struct Visit {
    std::optional<Issue> error;       // set when no branch could be decided
    std::string rama;                 // the branch taken (when !error)
    std::vector<EdgeRecord> records;  // every evaluated edge, by `orden` (complete when !error)
    std::vector<bool> resultados() const;
    // The first true record, if any (the edge that chose the branch).
    const EdgeRecord* trigger() const;
};

// Decides the branch of `node` at step `paso` (§7.5). Every record carries `paso` and the branch taken.
Visit decide(const EdgeGraph& graph, const std::string& node, std::int64_t paso, const json::Value& state,
             const json::Value& applied);

// One recorded visit recomputed (§7.6).
struct RecomputedVisit {
    std::string desde;
    std::int64_t paso = 0;
    std::optional<Issue> error;
    std::string rama_tomada;        // the recomputed branch
    std::vector<bool> resultados;   // recomputed results by `orden`
    std::vector<std::string> ramas_registradas;  // distinct `rama_tomada` values of the records, as read
};

// Recomputes every visit of a trace's `decisiones_de_arista` (JSON records as written): groups records by
// (paso, desde), visits in ascending paso then desde (UTF-16), rebuilds each visit's state from its records
// in order (triplet: senal → valor_observado; function: its entradas; later records overwrite), applies the
// optional bindings (signal → threshold id; playground only) and decides again with `applied` and the
// graph's edges and defaults. A record that is not an object with the fields needed gives
// ARISTA_REGISTRO_INVALIDO for its visit.
std::vector<RecomputedVisit> recompute(const EdgeGraph& graph, const json::Array& records, const json::Value& applied,
                                       const std::vector<std::pair<std::string, std::string>>& bindings = {});

// recompute() for several threshold sets at once: element k is recompute(graph, records, *applied[k],
// bindings). The visits are grouped and their states rebuilt once, then decided once per set (the
// playground decides each trace with every boolean threshold flipped in turn).
std::vector<std::vector<RecomputedVisit>> recompute_each(const EdgeGraph& graph, const json::Array& records,
                                                         const std::vector<const json::Value*>& applied,
                                                         const std::vector<std::pair<std::string, std::string>>& bindings = {});

// recompute_each over visits already grouped (one grouping for every recomputation of a trace).
std::vector<std::vector<RecomputedVisit>> recompute_each(const EdgeGraph& graph, const RecordedVisits& grouped,
                                                         const std::vector<const json::Value*>& applied,
                                                         const std::vector<std::pair<std::string, std::string>>& bindings = {});

// recompute_each into `out`, reusing what it holds: the visits' strings and vectors keep their capacity, so a
// caller recomputing trace after trace on one thread (the verifier) stops allocating. Same results.
void recompute_each_into(const EdgeGraph& graph, const RecordedVisits& grouped, const std::vector<const json::Value*>& applied,
                         const std::vector<std::pair<std::string, std::string>>& bindings,
                         std::vector<std::vector<RecomputedVisit>>& out);

// A visit's state as (signal, value) pairs, the values owned by the caller: how the playground keeps the
// signals of a recorded visit (with its bindings already applied) to decide it again and again.
using StateView = std::vector<std::pair<std::string_view, const json::Value*>>;

// §7.5 over a StateView: `edges` are the node's edges by `orden` (EdgeGraph::edges_of), `fallback` its
// default branch (EdgeGraph::default_branch_of; nullptr: none). Same judgement as decide(), no record made.
struct Branch {
    std::optional<Issue> error;
    const std::string* rama = nullptr;  // into the edges or `fallback` (when !error)
    const Edge* disparada = nullptr;    // the first true edge; nullptr when the default branch was taken
};
Branch decide_branch(const std::vector<const Edge*>& edges, const std::string* fallback, const std::string& node, const StateView& state,
                     const json::Value& applied);
// One edge judged over a StateView (the same judgement as edge_result).
EdgeResult edge_result(const Edge& edge, const StateView& state, const json::Value& applied);

// The closed function registry (§7.4): the inputs of `name` in order, or nullptr for an unknown name.
const std::vector<std::string>* function_inputs(const std::string& name);

}  // namespace planlang::rules
