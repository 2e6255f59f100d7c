// spec/rule-language.md §7: edge rules, edge records and the recomputation of recorded visits.
#include "core/rules/edges.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "core/common/thread_local.hpp"
#include "core/json/canonical.hpp"
#include "core/json/unicode.hpp"

namespace planlang::rules {
namespace {

using json::Value;

const std::string kUmbralPrefix = "umbral.";

std::string edge_element(const std::string& desde, std::int64_t orden) { return desde + "#" + std::to_string(orden); }

Issue edge_issue(const std::string& code, const std::string& element, std::string es, std::string en) {
    return Issue{code, element, {std::move(es), std::move(en)}};
}

std::string shown(const Value& v) {
    if (v.is_string()) return "\"" + v.as_string() + "\"";
    return json::canonical(v);
}

const char* kind_name(const Value& v) {
    switch (v.kind()) {
        case Value::Kind::null: return "null";
        case Value::Kind::boolean: return "bool";
        case Value::Kind::number: return "number";
        case Value::Kind::string: return "string";
        case Value::Kind::array: return "array";
        case Value::Kind::object: return "object";
    }
    return "?";
}

bool structured_or_null(const Value& v) { return v.is_null() || v.is_array() || v.is_object(); }

// `igual_a` (§7.2): null only equals null; objects and arrays by canonical text; else strict equality.
bool equal_to(const Value& o, const Value& v) {
    if (structured_or_null(o) || structured_or_null(v)) {
        if (o.is_null() || v.is_null()) return o.is_null() && v.is_null();
        return json::canonical(o) == json::canonical(v);
    }
    if (o.kind() != v.kind()) return false;
    switch (o.kind()) {
        case Value::Kind::boolean: return o.as_bool() == v.as_bool();
        case Value::Kind::number: return o.as_number() == v.as_number();  // 0 === -0
        case Value::Kind::string: return o.as_string() == v.as_string();  // code units, no normalisation
        default: return false;
    }
}

bool is_order_operator(std::string_view op) {
    return op == "menor_que" || op == "mayor_que" || op == "menor_o_igual_que" || op == "mayor_o_igual_que";
}

// The registry of §7.4; "texas_y_no_aprobar": modo_texas exactly true and propuesta not the string "aprobar".
bool texas_y_no_aprobar(const Value& modo_texas, const Value& propuesta) {
    const bool texas = modo_texas.is_bool() && modo_texas.as_bool();
    const bool approves = propuesta.is_string() && propuesta.as_string() == "aprobar";
    return texas && !approves;
}

}  // namespace

// Judged (below) holds the inputs of a registry function: two, as texas_y_no_aprobar takes.
const std::vector<std::string>* function_inputs(const std::string& name) {
    static const std::vector<std::string> kTexas = {"modo_texas", "propuesta"};
    if (name == "texas_y_no_aprobar") return &kTexas;
    return nullptr;
}

namespace {

// The record's members in canonical key order (what every writer of a trace sorts them into anyway), the
// values copied or moved from the record.
// The keys are copied from strings made once and the values assigned in place: a trace holds a record per
// evaluated edge, ten or so per case.
template <typename Record>
json::Value record_json(Record&& r) {
    static const std::string kKeys[] = {"desde",     "entradas", "funcion", "inclusivo",       "operador",        "orden_arista",
                                        "paso",      "rama_tomada", "resultado", "senal", "tipo", "umbral_aplicado",
                                        "valor_declarado", "valor_observado"};
    const auto take = [](auto&& v) { return Value(std::forward<decltype(v)>(v)); };
    json::Object o(std::size(kKeys));
    for (std::size_t i = 0; i < o.size(); ++i) o[i].key = kKeys[i];
    const bool f = r.funcion_edge;
    o[0].value = take(std::forward<Record>(r).desde);
    if (f) {
        o[1].value = take(std::forward<Record>(r).entradas);
        o[2].value = take(std::forward<Record>(r).funcion);
    } else {
        o[3].value = Value(r.inclusivo);
        o[4].value = take(std::forward<Record>(r).operador);
    }
    o[5].value = Value(static_cast<double>(r.orden_arista));
    o[6].value = Value(static_cast<double>(r.paso));
    o[7].value = take(std::forward<Record>(r).rama_tomada);
    o[8].value = Value(r.resultado);
    o[10].value = Value(f ? "funcion" : "tripleta");
    if (!f) {
        o[9].value = take(std::forward<Record>(r).senal);
        o[11].value = take(std::forward<Record>(r).umbral_aplicado);
        o[12].value = take(std::forward<Record>(r).valor_declarado);
        o[13].value = take(std::forward<Record>(r).valor_observado);
    }
    return o;
}

}  // namespace

json::Value EdgeRecord::to_json() const& { return record_json(*this); }
json::Value EdgeRecord::to_json() && { return record_json(std::move(*this)); }

namespace {

// What an edge reads from the state and the thresholds, and what it gives (§7.1–§7.4), without its record:
// evaluate_edge writes the record from this, and edge_result and the recomputation stop here, so all of
// them judge an edge by this one function. `find` looks a signal up in the state (nullptr: absent).
struct Judged {
    bool resultado = false;
    const Value* observado = nullptr;  // triplet
    const Value* umbral = nullptr;     // triplet: the resolved `valor`
    const std::vector<std::string>* inputs = nullptr;  // function: the registry's inputs …
    const Value* entradas[2] = {};                      // … and their values (the registry's functions take two)
};

template <typename Find>
std::optional<Issue> judge(const Edge& edge, const Find& find, const Value& applied, Judged& j) {
    const auto element = [&] { return edge_element(edge.desde, edge.orden); };
    if (edge.is_function) {
        const std::vector<std::string>* inputs = function_inputs(edge.funcion_nombre);
        if (!inputs || edge.funcion_entradas != *inputs)
            return edge_issue("ARISTA_FUNCION_DESCONOCIDA", element(),
                              "la función " + edge.funcion_nombre + " con esas entradas no está en el registro cerrado",
                              "the function " + edge.funcion_nombre + " with these inputs is not in the closed registry");
        j.inputs = inputs;
        for (std::size_t i = 0; i < inputs->size(); ++i) {
            const Value* v = find((*inputs)[i]);
            if (!v)
                return edge_issue("ARISTA_SENAL_AUSENTE", element(), "falta la señal de entrada " + (*inputs)[i] + " en el estado",
                                  "the input signal " + (*inputs)[i] + " is absent from the state");
            j.entradas[i] = v;
        }
        j.resultado = texas_y_no_aprobar(*j.entradas[0], *j.entradas[1]);
        return std::nullopt;
    }
    // §7.1: "umbral.X" names an applied threshold; any other value is a literal.
    if (edge.valor.is_string() && edge.valor.as_string().compare(0, kUmbralPrefix.size(), kUmbralPrefix) == 0) {
        const std::string_view id = std::string_view(edge.valor.as_string()).substr(kUmbralPrefix.size());
        j.umbral = applied.is_object() ? applied.find(id) : nullptr;
        if (!j.umbral)
            return edge_issue("ARISTA_UMBRAL_DESCONOCIDO", element(), "el umbral " + std::string(id) + " no está entre los aplicados",
                              "the threshold " + std::string(id) + " is not among the applied ones");
    } else {
        j.umbral = &edge.valor;
    }
    j.observado = find(edge.senal);
    if (!j.observado)
        return edge_issue("ARISTA_SENAL_AUSENTE", element(), "falta la señal " + edge.senal + " en el estado",
                          "the signal " + edge.senal + " is absent from the state");
    const Value& o = *j.observado;
    const Value& v = *j.umbral;
    const std::string_view op = edge.operador;
    if (op == "igual_a") {
        j.resultado = equal_to(o, v);
    } else if (op == "distinto_de") {
        j.resultado = !o.is_null() && !equal_to(o, v);
    } else if (is_order_operator(op)) {
        if (o.is_null() && v.is_number()) {
            j.resultado = false;  // not observed
        } else if (!o.is_number() || !v.is_number()) {
            return edge_issue("ARISTA_TIPO_INCOMPATIBLE", element(),
                              "el operador " + edge.operador + " compara números; se observó " + kind_name(o) + " " + shown(o) +
                                  " frente a " + kind_name(v) + " " + shown(v),
                              "the operator " + edge.operador + " compares numbers; observed " + kind_name(o) + " " + shown(o) +
                                  " against " + kind_name(v) + " " + shown(v));
        } else {
            const double a = o.as_number(), b = v.as_number();
            if (op == "menor_que") j.resultado = edge.inclusivo ? a <= b : a < b;
            else if (op == "mayor_que") j.resultado = edge.inclusivo ? a >= b : a > b;
            else if (op == "menor_o_igual_que") j.resultado = a <= b;
            else j.resultado = a >= b;
        }
    } else {
        return edge_issue("ARISTA_OPERADOR_DESCONOCIDO", element(), "operador desconocido: " + edge.operador,
                          "unknown operator: " + edge.operador);
    }
    return std::nullopt;
}

auto lookup_in(const Value& state) {
    return [&state](std::string_view name) { return state.find(name); };
}

}  // namespace

EdgeOutcome evaluate_edge(const Edge& edge, const json::Value& state, const json::Value& applied) {
    EdgeOutcome out;
    Judged j;
    out.error = judge(edge, lookup_in(state), applied, j);
    if (out.error) return out;
    EdgeRecord& r = out.record;
    r.desde = edge.desde;
    r.orden_arista = edge.orden;
    r.resultado = j.resultado;
    if (edge.is_function) {
        r.funcion_edge = true;
        r.funcion = edge.funcion_nombre;
        json::Object entradas;
        for (std::size_t i = 0; i < j.inputs->size(); ++i) entradas.push_back({(*j.inputs)[i], *j.entradas[i]});
        r.entradas = Value(std::move(entradas));
        return out;
    }
    r.senal = edge.senal;
    r.operador = edge.operador;
    r.inclusivo = edge.inclusivo;
    r.valor_declarado = edge.valor;
    r.umbral_aplicado = *j.umbral;
    r.valor_observado = *j.observado;
    return out;
}

EdgeResult edge_result(const Edge& edge, const json::Value& state, const json::Value& applied) {
    EdgeResult out;
    Judged j;
    out.error = judge(edge, lookup_in(state), applied, j);
    out.resultado = !out.error && j.resultado;
    return out;
}

std::vector<const Edge*> EdgeGraph::edges_of(const std::string& node) const {
    std::vector<const Edge*> out;
    out.reserve(aristas.size());  // one block per visit, not one per doubling
    edges_of_into(node, out);
    return out;
}

void EdgeGraph::edges_of_into(const std::string& node, std::vector<const Edge*>& out) const {
    out.clear();
    for (const Edge& e : aristas)
        if (e.desde == node) out.push_back(&e);
    // insertion sort, stable (a node has a handful of edges; std::stable_sort would allocate a buffer per visit)
    for (std::size_t i = 1; i < out.size(); ++i) {
        const Edge* e = out[i];
        std::size_t j = i;
        for (; j > 0 && e->orden < out[j - 1]->orden; --j) out[j] = out[j - 1];
        out[j] = e;
    }
}

bool EdgeGraph::is_writer(const std::string& node) const {
    return std::any_of(aristas.begin(), aristas.end(), [&](const Edge& e) { return e.desde == node; });
}

std::optional<std::string> EdgeGraph::default_branch(const std::string& node) const {
    const std::string* branch = default_branch_of(node, edges_of(node));
    return branch ? std::optional<std::string>(*branch) : std::nullopt;
}

const std::string* EdgeGraph::default_branch_of(const std::string& node, const std::vector<const Edge*>& edges) const {
    for (const auto& entry : ramas_por_defecto)
        if (entry.first == node) return &entry.second;
    if (edges.size() == 1 && edges.front()->si_falso) return &*edges.front()->si_falso;
    return nullptr;
}

std::vector<std::string> EdgeGraph::writer_nodes() const {
    std::vector<std::string> out;
    for (const Edge& e : aristas)
        if (std::find(out.begin(), out.end(), e.desde) == out.end()) out.push_back(e.desde);
    return out;
}

std::vector<bool> Visit::resultados() const {
    std::vector<bool> out;
    for (const EdgeRecord& r : records) out.push_back(r.resultado);
    return out;
}

const EdgeRecord* Visit::trigger() const {
    for (const EdgeRecord& r : records)
        if (r.resultado) return &r;
    return nullptr;
}

namespace {

// §7.5 for one visit: every edge in `orden` order, an error in any of them (even after the first true one)
// fails the visit; the branch is the first true edge's si_verdadero, else the node's default branch.
// judge_edge(edge, resultado) evaluates one edge and keeps what its caller needs of it.
template <typename JudgeEdge, typename DefaultBranch>
std::optional<Issue> run_visit(const std::vector<const Edge*>& edges, const std::string& node, const JudgeEdge& judge_edge,
                               const DefaultBranch& default_branch, std::string& rama) {
    const std::string* branch = nullptr;
    for (const Edge* edge : edges) {
        bool resultado = false;
        if (std::optional<Issue> error = judge_edge(*edge, resultado)) return error;
        if (resultado && !branch) branch = &edge->si_verdadero;
    }
    if (branch) {
        rama = *branch;
        return std::nullopt;
    }
    // An optional string or a pointer to one; copied into `rama`, which keeps its capacity.
    const auto& fallback = default_branch();
    if (!fallback)
        return edge_issue("ARISTA_SIN_RAMA_POR_DEFECTO", node, "ninguna arista es verdadera y el nodo no tiene rama por defecto",
                          "no edge is true and the node has no default branch");
    rama = *fallback;
    return std::nullopt;
}

}  // namespace

Visit decide(const EdgeGraph& graph, const std::string& node, std::int64_t paso, const json::Value& state,
             const json::Value& applied) {
    Visit visit;
    const std::vector<const Edge*> edges = graph.edges_of(node);
    visit.records.reserve(edges.size());
    const auto judge_edge = [&](const Edge& edge, bool& resultado) -> std::optional<Issue> {
        EdgeOutcome outcome = evaluate_edge(edge, state, applied);
        if (outcome.error) return std::move(outcome.error);
        outcome.record.paso = paso;
        resultado = outcome.record.resultado;
        visit.records.push_back(std::move(outcome.record));
        return std::nullopt;
    };
    visit.error = run_visit(edges, node, judge_edge, [&] { return graph.default_branch(node); }, visit.rama);
    if (visit.error) return visit;
    for (EdgeRecord& r : visit.records) r.rama_tomada = visit.rama;
    return visit;
}

EdgeResult edge_result(const Edge& edge, const StateView& state, const json::Value& applied) {
    const auto find = [&state](std::string_view name) -> const Value* {
        for (const auto& entry : state)
            if (entry.first == name) return entry.second;
        return nullptr;
    };
    EdgeResult out;
    Judged j;
    out.error = judge(edge, find, applied, j);
    out.resultado = !out.error && j.resultado;
    return out;
}

Branch decide_branch(const std::vector<const Edge*>& edges, const std::string* fallback, const std::string& node, const StateView& state,
                     const json::Value& applied) {
    Branch out;
    const auto find = [&state](std::string_view name) -> const Value* {
        for (const auto& entry : state)
            if (entry.first == name) return entry.second;
        return nullptr;
    };
    const auto judge_edge = [&](const Edge& edge, bool& resultado) -> std::optional<Issue> {
        Judged j;
        if (std::optional<Issue> error = judge(edge, find, applied, j)) return error;
        resultado = j.resultado;
        if (resultado && !out.disparada) out.disparada = &edge;
        return std::nullopt;
    };
    std::string rama;
    out.error = run_visit(edges, node, judge_edge, [&] { return fallback; }, rama);
    if (out.error) {
        out.disparada = nullptr;
        return out;
    }
    out.rama = out.disparada ? &out.disparada->si_verdadero : fallback;
    return out;
}

std::vector<RecomputedVisit> recompute(const EdgeGraph& graph, const json::Array& records, const json::Value& applied,
                                       const std::vector<std::pair<std::string, std::string>>& bindings) {
    return std::move(recompute_each(graph, records, {&applied}, bindings).front());
}

namespace {

// The item at `i` of a reused container (its strings and vectors keep their capacity), else a new one at the
// end (i == size).
template <typename T>
T& slot(std::vector<T>& items, std::size_t i) {
    return i < items.size() ? items[i] : items.emplace_back();
}

}  // namespace

std::vector<std::vector<RecomputedVisit>> recompute_each(const EdgeGraph& graph, const json::Array& records,
                                                         const std::vector<const json::Value*>& applied,
                                                         const std::vector<std::pair<std::string, std::string>>& bindings) {
    return recompute_each(graph, group_visits(records), applied, bindings);
}

std::vector<std::vector<RecomputedVisit>> recompute_each(const EdgeGraph& graph, const RecordedVisits& grouped,
                                                         const std::vector<const json::Value*>& applied,
                                                         const std::vector<std::pair<std::string, std::string>>& bindings) {
    std::vector<std::vector<RecomputedVisit>> out;
    recompute_each_into(graph, grouped, applied, bindings, out);
    return out;
}

namespace {

// A node's edges by `orden` and its default branch, looked up once per recomputation, not once per visit.
// The pointers are into the graph of the call.
struct NodeEdges {
    std::string node;
    std::vector<const Edge*> edges;
    const std::string* fallback = nullptr;  // the default branch (EdgeGraph::default_branch), or none
};

// A visit's state: each signal and the recorded value it was rebuilt from (later records overwrite),
// pointing into the records (and, bound, into the applied thresholds): nothing is copied.
using State = std::vector<std::pair<std::string_view, const Value*>>;

// What recompute_each_into keeps between calls on a thread, so that recomputing trace after trace stops
// allocating. Nothing in it outlives a call: each call starts by forgetting what the last one found.
struct RecomputeScratch {
    std::vector<NodeEdges> nodes;
    std::size_t node_count = 0;
    State state, bound;
    RecomputedVisit visit;  // the visit as recorded, before any set decides it
    std::size_t ramas = 0;  // distinct recorded branches in visit.ramas_registradas
};

}  // namespace

void recompute_each_into(const EdgeGraph& graph, const RecordedVisits& grouped, const std::vector<const json::Value*>& applied,
                         const std::vector<std::pair<std::string, std::string>>& bindings,
                         std::vector<std::vector<RecomputedVisit>>& out) {
    PLANLANG_THREAD_LOCAL RecomputeScratch scratch;
    RecomputeScratch& x = scratch;
    x.node_count = 0;
    out.resize(applied.size());
    if (grouped.invalid > 0) {
        RecomputedVisit bad;
        bad.error = Issue{"ARISTA_REGISTRO_INVALIDO", "decisiones_de_arista",
                          {"un registro de arista sin paso o desde", "an edge record without paso or desde"}};
        for (std::vector<RecomputedVisit>& set : out)  // they come first, in every set
            for (std::size_t i = 0; i < grouped.invalid; ++i) slot(set, i) = bad;
    }
    auto node_index = [&](const std::string& node) {
        for (std::size_t i = 0; i < x.node_count; ++i)
            if (x.nodes[i].node == node) return i;
        NodeEdges& n = slot(x.nodes, x.node_count);
        n.node = node;
        graph.edges_of_into(node, n.edges);
        n.fallback = graph.default_branch_of(node, n.edges);
        return x.node_count++;
    };
    const State* lookup = &x.state;  // what the edges read: `state`, or `bound` when a set binds thresholds
    auto set = [](State& in, std::string_view name, const Value* value) {
        for (auto& entry : in)
            if (entry.first == name) {
                entry.second = value;
                return;
            }
        in.emplace_back(name, value);
    };
    auto find = [&lookup](std::string_view name) -> const Value* {
        for (const auto& entry : *lookup)
            if (entry.first == name) return entry.second;
        return nullptr;
    };
    std::size_t position = grouped.invalid;
    for (const RecordedVisits::Visit& g : grouped.visits) {
        RecomputedVisit& v = x.visit;
        v.desde = *g.desde;
        v.paso = g.paso;
        v.error.reset();
        v.rama_tomada.clear();
        v.resultados.clear();
        x.ramas = 0;
        x.state.clear();
        for (const RecordedEdge* r : g.records) {
            if (r->has_rama &&
                std::find(v.ramas_registradas.begin(), v.ramas_registradas.begin() + static_cast<std::ptrdiff_t>(x.ramas),
                          r->rama_tomada) == v.ramas_registradas.begin() + static_cast<std::ptrdiff_t>(x.ramas))
                slot(v.ramas_registradas, x.ramas++) = r->rama_tomada;
            if (r->state == RecordedEdge::State::funcion) {
                for (const json::Member& m : r->entradas.as_object()) set(x.state, m.key, &m.value);
            } else if (r->state == RecordedEdge::State::tripleta) {
                set(x.state, r->senal, &r->valor_observado);
            } else if (!v.error) {
                v.error = Issue{"ARISTA_REGISTRO_INVALIDO", *g.desde + "@" + std::to_string(g.paso),
                                {"un registro de arista sin tipo, señal o entradas legibles",
                                 "an edge record without a readable tipo, signal or inputs"}};
            }
        }
        v.ramas_registradas.resize(x.ramas);
        const std::size_t node = v.error ? 0 : node_index(v.desde);
        if (!v.error && !x.nodes[node].fallback)
            v.error = edge_issue("ARISTA_SIN_RAMA_POR_DEFECTO", v.desde, "el nodo escritor no tiene rama por defecto",
                                 "the writer node has no default branch");
        // Each set binds its own threshold values over the recorded ones, then decides as decide() does.
        for (std::size_t k = 0; k < applied.size(); ++k) {
            RecomputedVisit& visit = slot(out[k], position);
            visit = v;
            if (!visit.error) {
                lookup = &x.state;
                if (!bindings.empty()) {
                    x.bound = x.state;
                    for (const auto& binding : bindings) {
                        const Value* threshold = applied[k]->is_object() ? applied[k]->find(binding.second) : nullptr;
                        if (!threshold) continue;
                        for (auto& entry : x.bound)
                            if (entry.first == binding.first) entry.second = threshold;
                    }
                    lookup = &x.bound;
                }
                const auto judge_edge = [&](const Edge& edge, bool& resultado) -> std::optional<Issue> {
                    Judged j;
                    if (std::optional<Issue> error = judge(edge, find, *applied[k], j)) return error;
                    resultado = j.resultado;
                    visit.resultados.push_back(resultado);
                    return std::nullopt;
                };
                const NodeEdges& n = x.nodes[node];
                visit.error = run_visit(n.edges, visit.desde, judge_edge, [&] { return n.fallback; }, visit.rama_tomada);
                if (visit.error) visit.resultados.clear();
            }
        }
        ++position;
    }
    for (std::vector<RecomputedVisit>& set : out) set.resize(position);
}

}  // namespace planlang::rules
