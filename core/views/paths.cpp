// Paths of a run over its diagram (paths.hpp; spec/site-and-cards.md §3).
#include "core/views/paths.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "core/json/object_builder.hpp"

namespace planlang::views {

namespace {

constexpr const char* kStart = "__start__";
constexpr const char* kEnd = "__end__";

// The arrow (index) from `desde` to `hacia` of `kind` (and `orden` for a conditional one), or -1.
int find_arrow(const Diagram& d, const std::string& desde, const std::string& hacia, ArrowKind kind, std::int64_t orden = 0) {
    for (std::size_t k = 0; k < d.flechas.size(); ++k) {
        const DiagramArrow& a = d.flechas[k];
        if (a.desde == desde && a.hacia == hacia && a.kind == kind && (kind != ArrowKind::condicional || a.orden == orden))
            return static_cast<int>(k);
    }
    return -1;
}

// The arrow a step took from `desde` to `hacia` (paths.hpp), or -1.
int step_arrow(const Diagram& d, const std::string& desde, const std::string& hacia, std::int64_t disparo) {
    if (disparo > 0) return find_arrow(d, desde, hacia, ArrowKind::condicional, disparo);
    if (disparo == 0) return find_arrow(d, desde, hacia, ArrowKind::por_defecto);
    const int k = find_arrow(d, desde, hacia, ArrowKind::incondicional);
    return k >= 0 ? k : find_arrow(d, desde, hacia, ArrowKind::por_defecto);
}

void add_once(std::vector<std::string>& list, const std::string& id) {
    if (list.empty() || list.back() != id) list.push_back(id);
}

json::Value strings(const std::vector<std::string>& list) {
    json::Array a;
    for (const std::string& s : list) a.emplace_back(s);
    return a;
}

}  // namespace

Paths compute_paths(const Diagram& d, const std::vector<run::CaseWalk>& walks) {
    Paths p;
    p.casos_por_nodo.resize(d.nodos.size());
    p.casos_por_flecha.resize(d.flechas.size());
    // Sequences in first-met order, then sorted; std::map only indexes them (its order is never output).
    std::map<std::vector<std::string>, std::size_t> seen;
    const int start = d.node_index(kStart), end = d.node_index(kEnd);
    for (const run::CaseWalk& w : walks) {
        auto [it, fresh] = seen.emplace(w.nodos, p.recorridos.size());
        if (fresh) p.recorridos.push_back(Recorrido{w.nodos, {}, 0, {}});
        Recorrido& r = p.recorridos[it->second];
        r.casos.push_back(w.caso_id);
        ++r.n;

        bool missing = false;
        auto took = [&](int k) {
            if (k < 0) {
                missing = true;
                return;
            }
            add_once(p.casos_por_flecha[static_cast<std::size_t>(k)], w.caso_id);
            if (std::find(r.flechas.begin(), r.flechas.end(), static_cast<std::size_t>(k)) == r.flechas.end())
                r.flechas.push_back(static_cast<std::size_t>(k));
        };
        auto visited = [&](int node) {
            if (node >= 0) add_once(p.casos_por_nodo[static_cast<std::size_t>(node)], w.caso_id);
        };
        if (!w.nodos.empty() && start >= 0) {
            const int k = find_arrow(d, kStart, w.nodos.front(), ArrowKind::incondicional);
            if (k >= 0) visited(start);
            took(k);
        }
        for (std::size_t i = 0; i < w.nodos.size(); ++i) {
            const int node = d.node_index(w.nodos[i]);
            if (node < 0) missing = true;
            visited(node);
            if (i + 1 < w.nodos.size()) took(step_arrow(d, w.nodos[i], w.nodos[i + 1], i < w.disparo.size() ? w.disparo[i] : -1));
        }
        if (!w.nodos.empty() && w.completo && end >= 0) {
            const int k = find_arrow(d, w.nodos.back(), kEnd, ArrowKind::incondicional);
            if (k >= 0) visited(end);
            took(k);
        }
        if (missing) p.sin_flecha.push_back(w.caso_id);
    }
    for (Recorrido& r : p.recorridos) std::sort(r.flechas.begin(), r.flechas.end());
    std::stable_sort(p.recorridos.begin(), p.recorridos.end(), [](const Recorrido& a, const Recorrido& b) {
        if (a.n != b.n) return a.n > b.n;
        return a.nodos < b.nodos;
    });
    return p;
}

json::Value paths_json(const Diagram& d, const Paths& p) {
    json::Array recorridos;
    for (const Recorrido& r : p.recorridos) {
        json::Array flechas;
        for (std::size_t k : r.flechas) flechas.emplace_back(static_cast<double>(k));
        recorridos.push_back(json::ObjectBuilder(4)
                                 .add("nodos", strings(r.nodos))
                                 .add("casos", strings(r.casos))
                                 .add("n", json::Value(static_cast<double>(r.n)))
                                 .add("flechas", std::move(flechas))
                                 .done());
    }
    json::Array por_nodo;
    for (std::size_t i = 0; i < d.nodos.size() && i < p.casos_por_nodo.size(); ++i)
        por_nodo.push_back(json::ObjectBuilder(3)
                               .add("id", d.nodos[i].id)
                               .add("casos", strings(p.casos_por_nodo[i]))
                               .add("n", json::Value(static_cast<double>(p.casos_por_nodo[i].size())))
                               .done());
    json::Array por_flecha;
    for (std::size_t k = 0; k < d.flechas.size() && k < p.casos_por_flecha.size(); ++k) {
        const DiagramArrow& a = d.flechas[k];
        por_flecha.push_back(json::ObjectBuilder(7)
                                 .add("flecha", json::Value(static_cast<double>(k)))
                                 .add("desde", a.desde)
                                 .add("hacia", a.hacia)
                                 .add("tipo", std::string(arrow_kind_name(a.kind)))
                                 .add("orden", json::Value(a.orden))
                                 .add("casos", strings(p.casos_por_flecha[k]))
                                 .add("n", json::Value(static_cast<double>(p.casos_por_flecha[k].size())))
                                 .done());
    }
    return json::ObjectBuilder(4)
        .add("recorridos", std::move(recorridos))
        .add("por_nodo", std::move(por_nodo))
        .add("por_flecha", std::move(por_flecha))
        .add("sin_flecha", strings(p.sin_flecha))
        .done();
}

}  // namespace planlang::views
