// The multi-agent graph and the single-agent baseline graph (decisions.md C3).
#include "core/sim/baseline.hpp"

#include <algorithm>

namespace planlang::sim {
namespace {

using json::Value;

struct KnownNode {
    const char* id;
    const char* tipo;
};

// The nodes our runtime can run, with the types decisions.md C3 and rule-language.md §7.7 give them.
const KnownNode kMultiNodes[] = {{"enrutador", "enrutador"},    {"extractor", "modelo"},
                                 {"aclaracion", "modelo"},      {"verificador_cobertura", "regla"},
                                 {"decision", "enrutador"},     {"pausa_humana", "pausa_humana"},
                                 {"redactor", "modelo"},        {"guardia_salida", "regla"}};
const KnownNode kBaselineNodes[] = {{"enrutador", "enrutador"},  {"agente_unico", "modelo"},
                                    {"verificador_cobertura", "regla"}, {"decision", "enrutador"},
                                    {"pausa_humana", "pausa_humana"}, {"cierre", "regla"},
                                    {"guardia_salida", "regla"}};

// Baseline renaming of branch targets and edge sources (C3).
std::string baseline_target(const std::string& id) {
    if (id == "redactor") return "cierre";
    if (id == "aclaracion") return "pausa_humana";
    if (id == "extractor") return "agente_unico";
    return id;
}

Issue not_simulable(const std::string& element, const std::string& es, const std::string& en) {
    return Issue{"PLAN_NO_SIMULABLE", element, {es, en}};
}

const Value* contract_member(const Value& plan_document, const char* key) {
    const Value* contract = plan_document.find("contrato_de_grafo");
    return contract ? contract->find(key) : nullptr;
}

}  // namespace

const char* const kEnd = "__end__";

const char* variant_name(Variant v) { return v == Variant::multiagente ? "multiagente" : "agente_unico"; }

const plan::Node* SimGraph::node(const std::string& id) const {
    for (const plan::Node& n : nodos)
        if (n.id == id) return &n;
    return nullptr;
}

std::optional<std::string> SimGraph::fixed_next(const std::string& id) const {
    for (const auto& f : fijas)
        if (f.first == id) return f.second;
    return std::nullopt;
}

json::Value SimGraph::grafo_json(const std::string& demo_id) const {
    json::Array nodes;
    for (const plan::Node& n : nodos) nodes.push_back(json::Object{{"id", Value(n.id)}, {"tipo", Value(n.tipo)}});
    json::Object defaults;
    for (const std::string& writer : edges.writer_nodes())
        if (auto branch = edges.default_branch(writer)) defaults.push_back({writer, Value(*branch)});
    // langgraph: the raw export the playground walks (`edges` {source, target}); conditional edges flagged.
    json::Array lg_nodes;
    lg_nodes.push_back(json::Object{{"id", Value("__start__")}});
    for (const plan::Node& n : nodos) lg_nodes.push_back(json::Object{{"id", Value(n.id)}});
    lg_nodes.push_back(json::Object{{"id", Value(kEnd)}});
    json::Array lg_edges;
    lg_edges.push_back(json::Object{{"source", Value("__start__")}, {"target", Value(inicio)}});
    for (const plan::Node& n : nodos) {
        if (edges.is_writer(n.id)) {
            std::vector<std::string> targets;
            for (const rules::Edge* e : edges.edges_of(n.id))
                if (std::find(targets.begin(), targets.end(), e->si_verdadero) == targets.end()) targets.push_back(e->si_verdadero);
            if (auto d = edges.default_branch(n.id))
                if (std::find(targets.begin(), targets.end(), *d) == targets.end()) targets.push_back(*d);
            for (const std::string& t : targets)
                lg_edges.push_back(json::Object{{"source", Value(n.id)}, {"target", Value(t)}, {"conditional", Value(true)}});
        } else if (auto next = fixed_next(n.id)) {
            lg_edges.push_back(json::Object{{"source", Value(n.id)}, {"target", Value(*next)}});
        }
    }
    return json::Object{{"formato", Value("planlang-grafo/v1")},
                        {"demo_id", Value(demo_id)},
                        {"variante", Value(variant_name(variante))},
                        {"nodos", Value(std::move(nodes))},
                        {"aristas_condicionales", aristas_json},
                        {"ramas_por_defecto", Value(std::move(defaults))},
                        {"pausas_humanas", pausas_json},
                        {"langgraph", json::Object{{"nodes", Value(std::move(lg_nodes))}, {"edges", Value(std::move(lg_edges))}}}};
}

SimGraphResult make_graph(const plan::Plan& plan, const json::Value& plan_document, Variant variant) {
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
    // Every node of the plan must be one our runtime runs.
    for (std::size_t i = 0; i < contract.nodos_esperados.size(); ++i) {
        const plan::Node& n = contract.nodos_esperados[i];
        const bool known = std::any_of(std::begin(kMultiNodes), std::end(kMultiNodes), [&](const KnownNode& k) { return n.id == k.id; });
        if (!known)
            out.issues.push_back(not_simulable("contrato_de_grafo.nodos_esperados." + std::to_string(i),
                                               "el agente simulado no sabe ejecutar el nodo " + n.id,
                                               "the simulated agent cannot run the node " + n.id));
    }
    for (const KnownNode& k : kMultiNodes)
        if (!plan.node(k.id))
            out.issues.push_back(not_simulable("contrato_de_grafo.nodos_esperados", std::string("falta el nodo ") + k.id,
                                               std::string("the node ") + k.id + " is missing"));
    if (!out.issues.empty()) return out;

    SimGraph g;
    g.variante = variant;
    g.pausas = contract.pausas_humanas;
    g.pausas_json = *raw_pauses;
    if (variant == Variant::multiagente) {
        g.nodos = contract.nodos_esperados;
        g.edges = plan::edge_graph(contract);
        g.aristas_json = *raw_edges;
        g.fijas = {{"verificador_cobertura", "decision"}, {"pausa_humana", "redactor"}, {"redactor", "guardia_salida"},
                   {"guardia_salida", kEnd}};
    } else {
        for (const KnownNode& k : kBaselineNodes) g.nodos.push_back(plan::Node{k.id, k.tipo});
        json::Array edges_json;
        for (std::size_t i = 0; i < contract.aristas_condicionales.size(); ++i) {
            const plan::Edge& e = contract.aristas_condicionales[i];
            if (e.desde == "aclaracion") continue;  // the single agent asks nothing
            rules::Edge mapped = e;  // the note stays in the plan
            mapped.desde = baseline_target(e.desde);
            mapped.si_verdadero = baseline_target(e.si_verdadero);
            if (e.si_falso) mapped.si_falso = baseline_target(*e.si_falso);
            Value raw = raw_edges->as_array()[i];
            *raw.find("desde") = Value(mapped.desde);
            *raw.find("si_verdadero") = Value(mapped.si_verdadero);
            if (Value* f = raw.find("si_falso")) *f = Value(*mapped.si_falso);
            g.edges.aristas.push_back(std::move(mapped));
            edges_json.push_back(std::move(raw));
        }
        for (const auto& d : contract.ramas_por_defecto) {
            if (d.first == "aclaracion") continue;
            g.edges.ramas_por_defecto.emplace_back(baseline_target(d.first), baseline_target(d.second));
        }
        g.aristas_json = Value(std::move(edges_json));
        g.fijas = {{"verificador_cobertura", "decision"}, {"pausa_humana", "cierre"}, {"cierre", "guardia_salida"},
                   {"guardia_salida", kEnd}};
    }
    // Every branch must lead to a node of the graph, and every node must have a way on.
    auto check_target = [&](const std::string& from, const std::string& target) {
        if (target != kEnd && !g.node(target))
            out.issues.push_back(not_simulable(from, "la rama lleva a un nodo que no está en el grafo: " + target,
                                               "the branch leads to a node that is not in the graph: " + target));
    };
    for (const rules::Edge& e : g.edges.aristas) {
        const std::string element = e.desde + "#" + std::to_string(e.orden);
        if (!g.node(e.desde))
            out.issues.push_back(not_simulable(element, "la arista sale de un nodo que no está en el grafo",
                                               "the edge leaves a node that is not in the graph"));
        check_target(element, e.si_verdadero);
        if (e.si_falso) check_target(element, *e.si_falso);
    }
    for (const plan::Node& n : g.nodos) {
        if (g.edges.is_writer(n.id)) {
            const auto d = g.edges.default_branch(n.id);
            if (!d)
                out.issues.push_back(not_simulable(n.id, "el nodo escritor no tiene rama por defecto",
                                                   "the writer node has no default branch"));
            else
                check_target(n.id, *d);
        } else if (!g.fixed_next(n.id) && n.id != "decision") {
            out.issues.push_back(not_simulable(n.id, "el nodo no tiene cómo seguir", "the node has no way on"));
        }
    }
    if (!g.edges.is_writer("decision"))
        out.issues.push_back(not_simulable("decision", "el nodo decision no tiene aristas", "the decision node has no edges"));
    for (const plan::Pause& p : g.pausas)
        if (!g.node(p.nodo))
            out.issues.push_back(not_simulable("contrato_de_grafo.pausas_humanas", "la pausa nombra un nodo que no está en el grafo",
                                               "the pause names a node that is not in the graph"));
    if (out.issues.empty()) out.graph = std::move(g);
    return out;
}

}  // namespace planlang::sim
