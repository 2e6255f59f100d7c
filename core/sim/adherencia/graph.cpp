// The coach's graphs (plans/adherencia/dominio.md §4 and §6): the plan's own for `multiagente`, and the
// single-prompt baseline for `agente_unico` — intake (its edges, its hand-off target kept), agente_unico,
// guardrail_post, closing.
#include <algorithm>

#include "core/sim/adherencia/agent.hpp"

namespace planlang::sim::adherencia {

using json::Value;

namespace {

struct KnownNode {
    const char* id;
    const char* tipo;
};

const KnownNode kMultiNodes[] = {{"intake", "enrutador"},        {"guardrail_pre", "regla"},  {"retrieve_context", "herramienta"},
                                 {"generate_response", "modelo"}, {"review_response", "pausa_humana"},
                                 {"guardrail_post", "regla"},     {"closing", "regla"}};
const KnownNode kBaselineNodes[] = {{"intake", "enrutador"}, {"agente_unico", "modelo"}, {"guardrail_post", "regla"}, {"closing", "regla"}};

Issue not_simulable(const std::string& element, const std::string& es, const std::string& en) {
    return Issue{"PLAN_NO_SIMULABLE", element, {es, en}};
}

const Value* contract_member(const Value& plan_document, const char* key) {
    const Value* contract = plan_document.find("contrato_de_grafo");
    return contract ? contract->find(key) : nullptr;
}

}  // namespace

SimGraphResult make_graph(const plan::Plan& plan, const Value& plan_document, Variant variant) {
    SimGraphResult out;
    const plan::GraphContract& contract = plan.contrato_de_grafo;
    const Value* raw_edges = contract_member(plan_document, "aristas_condicionales");
    const Value* raw_pauses = contract_member(plan_document, "pausas_humanas");
    if (!raw_edges || !raw_edges->is_array() || raw_edges->as_array().size() != contract.aristas_condicionales.size() ||
        !raw_pauses || !raw_pauses->is_array()) {
        out.issues.push_back(not_simulable("contrato_de_grafo", "el documento del plan no coincide con el plan cargado",
                                           "the plan document does not match the loaded plan"));
        return out;
    }
    for (const KnownNode& k : kMultiNodes) {
        const plan::Node* n = plan.node(k.id);
        if (!n || n->tipo != k.tipo)
            out.issues.push_back(not_simulable("contrato_de_grafo.nodos_esperados",
                                               std::string("el agente simulado necesita el nodo ") + k.id + " (" + k.tipo + ")",
                                               std::string("the simulated agent needs the node ") + k.id + " (" + k.tipo + ")"));
    }
    for (std::size_t i = 0; i < contract.nodos_esperados.size(); ++i) {
        const std::string& id = contract.nodos_esperados[i].id;
        if (std::none_of(std::begin(kMultiNodes), std::end(kMultiNodes), [&](const KnownNode& k) { return id == k.id; }))
            out.issues.push_back(not_simulable("contrato_de_grafo.nodos_esperados." + std::to_string(i),
                                               "el agente simulado no sabe ejecutar el nodo " + id, "the simulated agent cannot run the node " + id));
    }
    if (!out.issues.empty()) return out;

    SimGraph g;
    g.variante = variant;
    g.inicio = "intake";
    g.pausas = contract.pausas_humanas;
    g.pausas_json = *raw_pauses;
    if (variant == Variant::multiagente) {
        g.nodos = contract.nodos_esperados;
        g.edges = plan::edge_graph(contract);
        g.aristas_json = *raw_edges;
        g.fijas = {{"review_response", "guardrail_post"}, {"guardrail_post", "closing"}, {"closing", kEnd}};
    } else {
        // One prompt does the guards, retrieval and the answer: only intake's edges (the hand-off) remain, its
        // default now the single call.
        for (const KnownNode& k : kBaselineNodes) g.nodos.push_back(plan::Node{k.id, k.tipo});
        json::Array edges_json;
        for (std::size_t i = 0; i < contract.aristas_condicionales.size(); ++i) {
            const plan::Edge& e = contract.aristas_condicionales[i];
            if (e.desde != "intake") continue;
            g.edges.aristas.push_back(e);
            edges_json.push_back(raw_edges->as_array()[i]);
        }
        g.edges.ramas_por_defecto.emplace_back("intake", "agente_unico");
        g.aristas_json = Value(std::move(edges_json));
        g.fijas = {{"agente_unico", "guardrail_post"}, {"guardrail_post", "closing"}, {"closing", kEnd}};
    }
    for (const rules::Edge& e : g.edges.aristas) {
        const std::string element = e.desde + "#" + std::to_string(e.orden);
        for (const std::string* target : {&e.si_verdadero, e.si_falso ? &*e.si_falso : nullptr})
            if (target && !g.node(*target))
                out.issues.push_back(not_simulable(element, "la rama lleva a un nodo que no está en el grafo: " + *target,
                                                   "the branch leads to a node that is not in the graph: " + *target));
    }
    for (const plan::Node& n : g.nodos)
        if (g.edges.is_writer(n.id) && !g.edges.default_branch(n.id))
            out.issues.push_back(not_simulable(n.id, "el nodo escritor no tiene rama por defecto", "the writer node has no default branch"));
    if (out.issues.empty()) out.graph = std::move(g);
    return out;
}

}  // namespace planlang::sim::adherencia
