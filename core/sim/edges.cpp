// spec/rule-language.md §7: edge rules, edge records and the recomputation of recorded visits.
#include "core/sim/edges.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "core/json/canonical.hpp"
#include "core/json/unicode.hpp"

namespace planlang::sim {
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

EdgeOutcome evaluate_edge(const plan::Edge& edge, const json::Value& state, const json::Value& applied) {
    EdgeOutcome out;
    EdgeRecord& r = out.record;
    r.desde = edge.desde;
    r.orden_arista = edge.orden;
    const auto element = [&] { return edge_element(edge.desde, edge.orden); };

    if (edge.is_function) {
        r.funcion_edge = true;
        r.funcion = edge.funcion_nombre;
        const std::vector<std::string>* inputs = function_inputs(edge.funcion_nombre);
        if (!inputs || edge.funcion_entradas != *inputs) {
            out.error = edge_issue("ARISTA_FUNCION_DESCONOCIDA", element(),
                                   "la función " + edge.funcion_nombre + " con esas entradas no está en el registro cerrado",
                                   "the function " + edge.funcion_nombre + " with these inputs is not in the closed registry");
            return out;
        }
        json::Object entradas;
        for (const std::string& input : *inputs) {
            const Value* v = state.find(input);
            if (!v) {
                out.error = edge_issue("ARISTA_SENAL_AUSENTE", element(), "falta la señal de entrada " + input + " en el estado",
                                       "the input signal " + input + " is absent from the state");
                return out;
            }
            entradas.push_back({input, *v});
        }
        r.entradas = Value(std::move(entradas));
        r.resultado = texas_y_no_aprobar(*r.entradas.find("modo_texas"), *r.entradas.find("propuesta"));
        return out;
    }

    r.senal = edge.senal;
    r.operador = edge.operador;
    r.inclusivo = edge.inclusivo;
    r.valor_declarado = edge.valor;
    // §7.1: "umbral.X" names an applied threshold; any other value is a literal.
    if (edge.valor.is_string() && edge.valor.as_string().compare(0, kUmbralPrefix.size(), kUmbralPrefix) == 0) {
        const std::string id = edge.valor.as_string().substr(kUmbralPrefix.size());
        const Value* resolved = applied.is_object() ? applied.find(id) : nullptr;
        if (!resolved) {
            out.error = edge_issue("ARISTA_UMBRAL_DESCONOCIDO", element(), "el umbral " + id + " no está entre los aplicados",
                                   "the threshold " + id + " is not among the applied ones");
            return out;
        }
        r.umbral_aplicado = *resolved;
    } else {
        r.umbral_aplicado = edge.valor;
    }
    const Value* observed = state.find(edge.senal);
    if (!observed) {
        out.error = edge_issue("ARISTA_SENAL_AUSENTE", element(), "falta la señal " + edge.senal + " en el estado",
                               "the signal " + edge.senal + " is absent from the state");
        return out;
    }
    r.valor_observado = *observed;
    const Value& o = r.valor_observado;
    const Value& v = r.umbral_aplicado;

    const std::string_view op = edge.operador;
    if (op == "igual_a") {
        r.resultado = equal_to(o, v);
    } else if (op == "distinto_de") {
        r.resultado = !o.is_null() && !equal_to(o, v);
    } else if (is_order_operator(op)) {
        if (o.is_null() && v.is_number()) {
            r.resultado = false;  // not observed
        } else if (!o.is_number() || !v.is_number()) {
            out.error = edge_issue("ARISTA_TIPO_INCOMPATIBLE", element(),
                                   "el operador " + edge.operador + " compara números; se observó " + kind_name(o) + " " + shown(o) +
                                       " frente a " + kind_name(v) + " " + shown(v),
                                   "the operator " + edge.operador + " compares numbers; observed " + kind_name(o) + " " + shown(o) +
                                       " against " + kind_name(v) + " " + shown(v));
            return out;
        } else {
            const double a = o.as_number(), b = v.as_number();
            if (op == "menor_que") r.resultado = edge.inclusivo ? a <= b : a < b;
            else if (op == "mayor_que") r.resultado = edge.inclusivo ? a >= b : a > b;
            else if (op == "menor_o_igual_que") r.resultado = a <= b;
            else r.resultado = a >= b;
        }
    } else {
        out.error = edge_issue("ARISTA_OPERADOR_DESCONOCIDO", element(), "operador desconocido: " + edge.operador,
                               "unknown operator: " + edge.operador);
    }
    return out;
}

EdgeGraph EdgeGraph::of(const plan::GraphContract& contract) {
    EdgeGraph g;
    g.aristas = contract.aristas_condicionales;
    g.ramas_por_defecto = contract.ramas_por_defecto;
    return g;
}

std::vector<const plan::Edge*> EdgeGraph::edges_of(const std::string& node) const {
    std::vector<const plan::Edge*> out;
    out.reserve(aristas.size());  // one block per visit, not one per doubling
    for (const plan::Edge& e : aristas)
        if (e.desde == node) out.push_back(&e);
    // insertion sort, stable (a node has a handful of edges; std::stable_sort would allocate a buffer per visit)
    for (std::size_t i = 1; i < out.size(); ++i) {
        const plan::Edge* e = out[i];
        std::size_t j = i;
        for (; j > 0 && e->orden < out[j - 1]->orden; --j) out[j] = out[j - 1];
        out[j] = e;
    }
    return out;
}

bool EdgeGraph::is_writer(const std::string& node) const {
    return std::any_of(aristas.begin(), aristas.end(), [&](const plan::Edge& e) { return e.desde == node; });
}

std::optional<std::string> EdgeGraph::default_branch(const std::string& node) const {
    for (const auto& entry : ramas_por_defecto)
        if (entry.first == node) return entry.second;
    const auto edges = edges_of(node);
    if (edges.size() == 1 && edges.front()->si_falso) return *edges.front()->si_falso;
    return std::nullopt;
}

std::vector<std::string> EdgeGraph::writer_nodes() const {
    std::vector<std::string> out;
    for (const plan::Edge& e : aristas)
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

Visit decide(const EdgeGraph& graph, const std::string& node, std::int64_t paso, const json::Value& state,
             const json::Value& applied) {
    Visit visit;
    std::optional<std::string> branch;
    const std::vector<const plan::Edge*> edges = graph.edges_of(node);
    visit.records.reserve(edges.size());
    for (const plan::Edge* edge : edges) {
        EdgeOutcome outcome = evaluate_edge(*edge, state, applied);
        if (outcome.error) {
            visit.error = std::move(outcome.error);
            return visit;  // an error in any edge fails the whole visit (§7.5)
        }
        outcome.record.paso = paso;
        if (outcome.record.resultado && !branch) branch = edge->si_verdadero;
        visit.records.push_back(std::move(outcome.record));
    }
    if (!branch) {
        branch = graph.default_branch(node);
        if (!branch) {
            visit.error = edge_issue("ARISTA_SIN_RAMA_POR_DEFECTO", node, "ninguna arista es verdadera y el nodo no tiene rama por defecto",
                                     "no edge is true and the node has no default branch");
            return visit;
        }
    }
    visit.rama = *branch;
    for (EdgeRecord& r : visit.records) r.rama_tomada = visit.rama;
    return visit;
}

std::vector<RecomputedVisit> recompute(const EdgeGraph& graph, const json::Array& records, const json::Value& applied,
                                       const std::vector<std::pair<std::string, std::string>>& bindings) {
    return std::move(recompute_each(graph, records, {&applied}, bindings).front());
}

std::vector<std::vector<RecomputedVisit>> recompute_each(const EdgeGraph& graph, const json::Array& records,
                                                         const std::vector<const json::Value*>& applied,
                                                         const std::vector<std::pair<std::string, std::string>>& bindings) {
    struct Key {
        std::int64_t paso;
        std::string desde;
    };
    struct Group {
        Key key;
        std::vector<const Value*> records;
        bool malformed = false;
    };
    std::vector<Group> groups;
    std::vector<RecomputedVisit> bad_records;  // come first, in every set
    auto integer_of = [](const Value* v, std::int64_t& n) {
        if (!v || !v->is_number()) return false;
        const double d = v->as_number();
        if (std::floor(d) != d || std::fabs(d) > 9007199254740991.0) return false;
        n = static_cast<std::int64_t>(d);
        return true;
    };
    for (const Value& r : records) {
        std::int64_t paso = 0;
        const Value* desde = r.is_object() ? r.find("desde") : nullptr;
        if (!r.is_object() || !integer_of(r.find("paso"), paso) || !desde || !desde->is_string()) {
            RecomputedVisit bad;
            bad.error = Issue{"ARISTA_REGISTRO_INVALIDO", "decisiones_de_arista",
                              {"un registro de arista sin paso o desde", "an edge record without paso or desde"}};
            bad_records.push_back(std::move(bad));
            continue;
        }
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const Group& g) { return g.key.paso == paso && g.key.desde == desde->as_string(); });
        if (it == groups.end()) {
            groups.push_back(Group{Key{paso, desde->as_string()}, {}, false});
            it = groups.end() - 1;
        }
        it->records.push_back(&r);
    }
    std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
        if (a.key.paso != b.key.paso) return a.key.paso < b.key.paso;
        return json::utf16_less(a.key.desde, b.key.desde);
    });
    std::vector<std::vector<RecomputedVisit>> out(applied.size(), bad_records);
    for (const Group& g : groups) {
        RecomputedVisit v;
        v.desde = g.key.desde;
        v.paso = g.key.paso;
        json::Value state = json::Object{};
        auto set = [&](const std::string& name, const Value& value) {
            if (Value* existing = state.find(name)) *existing = value;
            else state.as_object().push_back({name, value});
        };
        for (const Value* r : g.records) {
            const Value* rama = r->find("rama_tomada");
            if (rama && rama->is_string() &&
                std::find(v.ramas_registradas.begin(), v.ramas_registradas.end(), rama->as_string()) == v.ramas_registradas.end())
                v.ramas_registradas.push_back(rama->as_string());
            const Value* tipo = r->find("tipo");
            const Value* senal = r->find("senal");
            const Value* observado = r->find("valor_observado");
            const Value* entradas = r->find("entradas");
            if (tipo && tipo->is_string() && tipo->as_string() == "funcion" && entradas && entradas->is_object()) {
                for (const json::Member& m : entradas->as_object()) set(m.key, m.value);
            } else if (tipo && tipo->is_string() && tipo->as_string() == "tripleta" && senal && senal->is_string() && observado) {
                set(senal->as_string(), *observado);
            } else if (!v.error) {
                v.error = Issue{"ARISTA_REGISTRO_INVALIDO", g.key.desde + "@" + std::to_string(g.key.paso),
                                {"un registro de arista sin tipo, señal o entradas legibles",
                                 "an edge record without a readable tipo, signal or inputs"}};
            }
        }
        if (!v.error && !graph.default_branch(v.desde))
            v.error = edge_issue("ARISTA_SIN_RAMA_POR_DEFECTO", v.desde, "el nodo escritor no tiene rama por defecto",
                                 "the writer node has no default branch");
        // Each set binds its own threshold values over the recorded ones (restored first: a set may lack a
        // threshold another had), then decides.
        std::vector<std::pair<Value*, Value>> recorded;
        for (const auto& binding : bindings)
            if (Value* signal = state.find(binding.first)) recorded.emplace_back(signal, *signal);
        for (std::size_t k = 0; k < applied.size(); ++k) {
            RecomputedVisit visit;
            if (k + 1 < applied.size()) visit = v;
            else visit = std::move(v);
            if (k > 0)
                for (auto& [signal, value] : recorded) *signal = value;
            for (const auto& binding : bindings) {
                Value* signal = state.find(binding.first);
                const Value* threshold = applied[k]->is_object() ? applied[k]->find(binding.second) : nullptr;
                if (signal && threshold) *signal = *threshold;
            }
            if (!visit.error) {
                Visit decided = decide(graph, visit.desde, visit.paso, state, *applied[k]);
                if (decided.error) {
                    visit.error = decided.error;
                } else {
                    visit.rama_tomada = decided.rama;
                    visit.resultados = decided.resultados();
                }
            }
            out[k].push_back(std::move(visit));
        }
    }
    return out;
}

}  // namespace planlang::sim
