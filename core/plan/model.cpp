#include "core/plan/model.hpp"

namespace planlang::plan {
namespace {

template <class T>
const T* find_by_id(const std::vector<T>& items, const Id& id) {
    for (const T& item : items)
        if (item.id == id) return &item;
    return nullptr;
}

}  // namespace

const Threshold* Plan::threshold(const Id& id) const { return find_by_id(umbrales, id); }

json::Value Plan::threshold_values() const {
    json::Object out;
    for (const Threshold& t : umbrales) out.push_back({t.id, t.valor_en_plan});
    return out;
}
const Decision* Plan::decision(const Id& id) const { return find_by_id(decisiones, id); }
const Risk* Plan::risk(const Id& id) const { return find_by_id(riesgos, id); }
const Node* Plan::node(const Id& id) const { return find_by_id(contrato_de_grafo.nodos_esperados, id); }

rules::EdgeGraph edge_graph(const GraphContract& contract) {
    rules::EdgeGraph g;
    g.aristas.assign(contract.aristas_condicionales.begin(), contract.aristas_condicionales.end());
    g.ramas_por_defecto = contract.ramas_por_defecto;
    return g;
}

bool Plan::is_required_signal(const std::string& name) const {
    for (const std::string& s : contrato_de_grafo.senales_obligatorias_en_traza)
        if (s == name) return true;
    return false;
}

}  // namespace planlang::plan
