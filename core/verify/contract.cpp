// spec/traces-and-verifier.md §11: the graph contract (nodes, edges, signals, pauses, applied thresholds) and
// RF-09.2, the independent recomputation of every recorded branch.
#include <algorithm>

#include "core/json/canonical.hpp"
#include "core/json/sha256.hpp"
#include "core/json/unicode.hpp"
#include "core/verify/internal/stages.hpp"

namespace planlang::verify::internal {

using json::Value;

namespace {

Value finding_json(const Finding& f) {
    return json::Object{{"codigo", f.codigo},
                        {"severidad", f.bloqueante ? "bloqueante" : "alerta"},
                        {"corrida_id", f.corrida_id},
                        {"caso_id", f.caso_id ? Value(*f.caso_id) : Value()},
                        {"detalle", bil(f.detalle)}};
}

// Edges as canonical JSON, sorted by desde then orden (§11.2).
std::string edges_text(const Value& edges) {
    if (!edges.is_array()) return json::canonical(edges);
    std::vector<const Value*> v;
    for (const Value& e : edges.as_array()) v.push_back(&e);
    std::stable_sort(v.begin(), v.end(), [](const Value* a, const Value* b) {
        const Value& da = member(*a, "desde");
        const Value& db = member(*b, "desde");
        if (da.is_string() && db.is_string() && da.as_string() != db.as_string()) return json::utf16_less(da.as_string(), db.as_string());
        const Value& oa = member(*a, "orden");
        const Value& ob = member(*b, "orden");
        return oa.is_number() && ob.is_number() && oa.as_number() < ob.as_number();
    });
    json::Array sorted;
    for (const Value* e : v) sorted.push_back(*e);
    return json::canonical(Value(std::move(sorted)));
}

// Defaults resolved per writer node: ramas_por_defecto[node], else the single edge's si_falso.
std::string defaults_text(const std::vector<plan::Edge>& edges, const std::vector<std::pair<std::string, std::string>>& defaults) {
    rules::EdgeGraph g;
    g.aristas.assign(edges.begin(), edges.end());
    g.ramas_por_defecto = defaults;
    std::vector<std::string> writers = g.writer_nodes();
    std::sort(writers.begin(), writers.end(), [](const auto& a, const auto& b) { return json::utf16_less(a, b); });
    json::Object o;
    for (const std::string& w : writers) {
        auto d = g.default_branch(w);
        o.push_back({w, d ? Value(*d) : Value()});
    }
    return json::canonical(Value(std::move(o)));
}

std::string rf_huella(const RunState& s) {
    // The recomputed ramas object (§4 shape): keys in canonical order, visits by case id, paso, desde.
    // Sorted through their positions: the rows themselves (a canonical visit each) are not copied.
    if (!s.rf.huella_recomputada.empty()) return s.rf.huella_recomputada;  // hashed while streaming
    const auto& rows = s.rf.filas;
    std::vector<std::size_t> order(rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return json::utf16_less(rows[a].first, rows[b].first); });
    json::Sha256Stream h;
    h.update("{\"corrida_id\":");
    h.update(json::canonical(member(s.header->ramas, "corrida_id")));
    h.update(",\"formato\":");
    h.update(json::canonical(member(s.header->ramas, "formato")));
    h.update(",\"fuente\":");
    h.update(json::canonical(member(s.header->ramas, "fuente")));
    h.update(",\"umbrales_aplicados\":");
    h.update(json::canonical(s.header->umbrales_aplicados));
    h.update(",\"visitas\":[");
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i) h.update(",");
        h.update(rows[order[i]].second);
    }
    h.update("]}");
    return json::to_hex(h.finish());
}

}  // namespace

Value contract(const Measurer& m) {
    const RunState& main = main_run(m);
    const plan::GraphContract& gc = m.plan->contrato_de_grafo;
    const run::Graph& graph = main.header->grafo;
    std::vector<Finding> findings;
    json::Array nodos;
    // 1. Expected nodes.
    for (const plan::Node& n : gc.nodos_esperados) {
        auto it = std::find_if(graph.nodos.begin(), graph.nodos.end(), [&](const plan::Node& g) { return g.id == n.id; });
        // Counted at the first expected node with this id (measure_contract).
        const auto first = std::find_if(gc.nodos_esperados.begin(), gc.nodos_esperados.end(), [&](const plan::Node& e) { return e.id == n.id; });
        const auto at = static_cast<std::size_t>(first - gc.nodos_esperados.begin());
        const std::int64_t visits = at < main.visitas_por_nodo.size() ? main.visitas_por_nodo[at] : 0;
        nodos.push_back(json::Object{{"id", n.id}, {"tipo", n.tipo}, {"en_grafo", it != graph.nodos.end() && it->tipo == n.tipo},
                                     {"visitas", static_cast<double>(visits)}});
        if (it == graph.nodos.end() || it->tipo != n.tipo)
            findings.push_back({"NODO_AUSENTE", true, main.header->corrida_id, std::nullopt,
                                {"el nodo `" + n.id + "` (`" + n.tipo + "`) falta en el grafo o tiene otro tipo",
                                 "node `" + n.id + "` (`" + n.tipo + "`) is missing from the graph or has another type"}});
        else if (visits == 0)
            findings.push_back({"NODO_NO_EJERCITADO", false, main.header->corrida_id, std::nullopt,
                                {"el nodo `" + n.id + "` no se visitó en la corrida", "node `" + n.id + "` was not visited in the run"}});
    }
    // 2. Edges, defaults and pauses against the plan.
    const Value& plan_doc = member(m.inputs->plan.document, "contrato_de_grafo");
    if (edges_text(member(graph.document, "aristas_condicionales")) != edges_text(member(plan_doc, "aristas_condicionales")))
        findings.push_back({"ARISTAS_DISTINTAS", true, main.header->corrida_id, std::nullopt,
                            {"las aristas condicionales del grafo difieren de las del plan", "the graph's conditional edges differ from the plan's"}});
    if (defaults_text(graph.aristas_condicionales, graph.ramas_por_defecto) != defaults_text(gc.aristas_condicionales, gc.ramas_por_defecto))
        findings.push_back({"ARISTAS_DISTINTAS", true, main.header->corrida_id, std::nullopt,
                            {"las ramas por defecto del grafo difieren de las del plan", "the graph's default branches differ from the plan's"}});
    if (json::canonical(member(graph.document, "pausas_humanas")) != json::canonical(member(plan_doc, "pausas_humanas")))
        findings.push_back({"ARISTAS_DISTINTAS", true, main.header->corrida_id, std::nullopt,
                            {"las pausas humanas del grafo difieren de las del plan", "the graph's human pauses differ from the plan's"}});
    // 3. Per-trace findings of the main run (recorded while streaming), in run order.
    for (const Finding& f : main.hallazgos)
        if (f.codigo != "DECISION_SIN_REGISTRO" && f.codigo != "RAMA_IRREPRODUCIBLE") findings.push_back(f);
    // 4. Applied thresholds against the plan's values.
    const std::string plan_text = json::canonical(m.plan->threshold_values());
    for (const RunState& s : m.runs)
        if (json::canonical(s.header->umbrales_aplicados) != plan_text)
            findings.push_back({"UMBRAL_DISTINTO_DEL_PLAN", true, s.header->corrida_id, std::nullopt,
                                {"los umbrales aplicados difieren de los valores del plan", "the applied thresholds differ from the plan's values"}});
    // 5. RF-09.2 per run.
    json::Array rf;
    for (const RunState& s : m.runs) {
        for (const Finding& f : s.hallazgos)
            if (f.codigo == "DECISION_SIN_REGISTRO" || (!s.rf.sin_registro && f.codigo == "RAMA_IRREPRODUCIBLE")) findings.push_back(f);
        std::string recomputed;
        bool coincide = false;
        if (!s.rf.sin_registro) {
            recomputed = rf_huella(s);
            coincide = recomputed == s.rf.huella_archivo && s.rf.discrepancias == 0;
            if (recomputed != s.rf.huella_archivo)
                findings.push_back({"DERIVA_ENTRE_INTERPRETES", true, s.header->corrida_id, std::nullopt,
                                    {"la huella de las ramas recomputadas (" + recomputed + ") no es la de ramas-esperadas.json",
                                     "the fingerprint of the recomputed branches (" + recomputed + ") is not ramas-esperadas.json's"}});
        }
        rf.push_back(json::Object{{"corrida_id", s.header->corrida_id},
                                  {"variante", s.header->variante},
                                  {"visitas", s.rf.sin_registro ? 0.0 : static_cast<double>(s.rf.visitas)},
                                  {"discrepancias", s.rf.sin_registro ? 0.0 : static_cast<double>(s.rf.discrepancias)},
                                  {"huella_typescript", recomputed},
                                  {"huella_python", s.rf.huella_archivo},
                                  {"coincide", coincide}});
    }
    json::Array senales;
    for (const std::string& name : gc.senales_obligatorias_en_traza) {
        // A name listed twice counts at each of its positions, as a count by name would.
        std::int64_t present = 0;
        for (std::size_t j = 0; j < gc.senales_obligatorias_en_traza.size() && j < main.senal_presente.size(); ++j)
            if (gc.senales_obligatorias_en_traza[j] == name) present += main.senal_presente[j];
        senales.push_back(json::Object{{"senal", name},
                                       {"presente_en", static_cast<double>(present)},
                                       {"de", static_cast<double>(main.trazas)}});
    }
    Value pausas;
    if (!gc.pausas_humanas.empty())
        pausas = json::Object{{"nodo", gc.pausas_humanas[0].nodo},
                              {"rol", gc.pausas_humanas[0].rol},
                              {"casos_con_pausa", static_cast<double>(main.casos_con_pausa)},
                              {"pausas_registradas", static_cast<double>(main.pausas_registradas)}};
    json::Array hallazgos;
    for (const Finding& f : findings) hallazgos.push_back(finding_json(f));
    return json::Object{{"nodos", std::move(nodos)},
                        {"senales", std::move(senales)},
                        {"pausas", std::move(pausas)},
                        {"rf_09_2", std::move(rf)},
                        {"hallazgos", std::move(hallazgos)}};
}

}  // namespace planlang::verify::internal
