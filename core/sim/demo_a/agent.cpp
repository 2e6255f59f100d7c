// [SECTION] index
//   helpers ............ thresholds, versions, text masking and splitting
//   CaseRunner ......... the step loop, the state, edge visits, the trace
// The nodes are in agent_nodes.cpp and agent_output.cpp (see core/sim/demo_a/internal/case_runner.hpp).
// spec/synthetic-and-simulation.md §10; decisions.md C1, C3; traces-and-verifier.md §3.
#include "core/sim/demo_a/agent.hpp"

#include <algorithm>
#include <cmath>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/json/rounding.hpp"
#include "core/sim/demo_a/internal/case_runner.hpp"
#include "core/json/object_builder.hpp"

namespace planlang::sim::demo_a {

using json::ObjectBuilder;
using json::Value;
using namespace internal;

// [SECTION] helpers
namespace internal {

Value bil(const Bilingual& b) { return ObjectBuilder(2).add("en", Value(b.en)).add("es", Value(b.es)).done(); }

Value bil(Bilingual&& b) { return ObjectBuilder(2).add("en", Value(std::move(b.en))).add("es", Value(std::move(b.es))).done(); }

Value strings(const std::vector<std::string>& list) {
    json::Array out;
    out.reserve(list.size());
    for (const std::string& s : list) out.push_back(Value(s));
    return out;
}

bool is_true(const Value* v) { return v && v->is_bool() && v->as_bool(); }

bool version_at_least(const std::string& version, int major, int minor, int patch) {
    int parts[3] = {0, 0, 0};
    std::size_t i = 0;
    for (int p = 0; p < 3 && i < version.size(); ++p) {
        int n = 0;
        while (i < version.size() && version[i] >= '0' && version[i] <= '9') n = n * 10 + (version[i++] - '0');
        parts[p] = n;
        if (i < version.size() && version[i] == '.') ++i;
        else break;
    }
    const int want[3] = {major, minor, patch};
    for (int p = 0; p < 3; ++p)
        if (parts[p] != want[p]) return parts[p] > want[p];
    return true;
}

void replace_all(std::string& text, const std::string& what, const std::string& with) {
    if (what.empty()) return;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
        text.replace(at, what.size(), with);
}

bool blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

bool malformed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return true;
    const std::string_view t = text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
    return t[0] == '{' || t[0] == '[' || t.find("placeholder") != std::string_view::npos;
}

std::string shown(const Value& v) { return json::canonical(v); }

}  // namespace internal



Agent::Agent(const plan::Plan& plan, std::string plan_huella, const World& world, const SimGraph& graph, json::Value applied)
    : m_plan(plan), m_plan_huella(std::move(plan_huella)), m_world(world), m_graph(graph), m_applied(std::move(applied)) {
    // The procedure catalog of the model stand-in's prompts, without and with coverage (the same for every case).
    std::string catalog[2];
    for (const synth::Procedure& p : m_world.procedimientos) {
        catalog[0] += p.codigo + " · " + p.nombre.es + "\n";
        catalog[1] += p.codigo + " · " + p.nombre.es + " · " + p.estado;
        if (p.tope_cobertura) catalog[1] += " · tope " + json::format_number(static_cast<double>(*p.tope_cobertura));
        catalog[1] += "\n";
    }
    for (int i = 0; i < 2; ++i) m_catalog_points[i] = code_points(catalog[i]);
    const std::string u2 = high_cost_threshold(m_world);
    if (u2.empty() || !m_plan.threshold(u2))
        m_issues.push_back(Issue{"MUNDO_INCOMPATIBLE", "tope_alto_costo",
                                 {"el tope de alto costo del plan de beneficios no nombra un umbral del plan: " + m_world.tope_alto_costo,
                                  "the benefit plan's high-cost limit does not name a threshold of the plan: " + m_world.tope_alto_costo}});
    for (const plan::Threshold& t : m_plan.umbrales)
        if (!m_applied.is_object() || !m_applied.find(t.id))
            m_issues.push_back(Issue{"UMBRAL_NO_APLICADO", t.id,
                                     {"falta el valor aplicado del umbral", "the applied value of the threshold is missing"}});
}

// [SECTION] CaseRunner: the step loop, the state, edge visits, the trace

CaseRun CaseRunner::run() {
    CaseRun out;
    std::string node = "enrutador";
    while (node != kEnd) {
        if (m_steps.size() >= kMaxSteps) return stop("PARADA_DE_SEGURIDAD", node, "el grafo no termina", "the graph does not end");
        const plan::Node* n = a.m_graph.node(node);
        const std::int64_t paso = static_cast<std::int64_t>(m_steps.size()) + 1;
        if (std::string_view(n->tipo) == "pausa_humana") m_clock.read();  // read before suspending; the node reruns on resume
        const std::int64_t inicio = m_clock.read();
        m_tokens = Tokens{};
        std::optional<std::string> next = run_node(node, paso);
        if (m_stopped) {
            out.stopped = true;
            out.stop = m_stop;
            return out;
        }
        const std::int64_t fin = m_clock.read();
        m_steps.push_back(ObjectBuilder(9)  // members in canonical order: the huella's sort has nothing to move
                              .add("costo_nominal_usd", Value(0))
                              .add("duracion_ms", Value(static_cast<double>(fin - inicio)))
                              .add("error_proveedor", Value())
                              .add("inicio_ms", Value(static_cast<double>(inicio)))
                              .add("nodo", Value(node))
                              .add("orden", Value(static_cast<double>(paso)))
                              .add("reintentos_esquema", Value(0))
                              .add("tipo_nodo", Value(n->tipo))
                              .add("tokens", ObjectBuilder(2)
                                                 .add("entrada", Value(static_cast<double>(m_tokens.entrada)))
                                                 .add("salida", Value(static_cast<double>(m_tokens.salida)))
                                                 .done())
                              .done());
        m_visited.push_back(node);
        m_duration_ms += fin - inicio;
        m_token_total += m_tokens.entrada + m_tokens.salida;
        node = *next;
    }
    out.trace = take_trace();
    return out;
}

CaseRun CaseRunner::stop(const std::string& code, const std::string& element, const std::string& es, const std::string& en) {
    m_stopped = true;
    m_stop = Issue{code, c.id + ": " + element, {es, en}};
    CaseRun out;
    out.stopped = true;
    out.stop = m_stop;
    return out;
}

std::optional<std::string> CaseRunner::route(const std::string& node, std::int64_t paso) {
    rules::Visit v = rules::decide(a.m_graph.edges, node, paso, m_state, a.m_applied);
    if (v.error) {
        Issue e = *v.error;
        stop(e.code, e.element, e.message.es, e.message.en);
        return std::nullopt;
    }
    m_last_trigger.reset();
    for (rules::EdgeRecord& r : v.records) {
        if (!m_last_trigger && r.resultado) m_last_trigger = m_records.size();  // Visit::trigger()
        m_records.push_back(std::move(r).to_json());
    }
    return std::move(v.rama);
}

std::optional<std::string> CaseRunner::next_of(const std::string& node, std::int64_t paso) {
    if (a.m_graph.edges.is_writer(node)) return route(node, paso);
    if (auto f = a.m_graph.fixed_next(node)) return f;
    stop("PARADA_DE_SEGURIDAD", node, "el nodo no tiene cómo seguir", "the node has no way on");
    return std::nullopt;
}

const plan::Threshold* CaseRunner::threshold_on(const std::string& senal) const {
    for (const plan::Threshold& t : a.m_plan.umbrales)
        if (t.senal == senal) return &t;
    return nullptr;
}

// Whether a threshold's own rule (senal operador umbral.X) holds on the current state.
bool CaseRunner::threshold_fires(const plan::Threshold* t) const {
    if (!t) return false;
    plan::Edge e;
    e.desde = "umbral";
    e.senal = t->senal;
    e.operador = t->operador;
    e.inclusivo = t->inclusivo;
    e.valor = Value("umbral." + t->id);
    return rules::edge_result(e, m_state, a.m_applied).resultado;
}

Value CaseRunner::applied(const std::string& id) const {
    const Value* v = a.m_applied.find(id);
    return v ? *v : Value();
}

std::optional<std::string> CaseRunner::run_node(const std::string& node, std::int64_t paso) {
    const std::string_view id = node;  // compared as a view: a size check, not a strlen and a call per name
    if (id == "enrutador") {
        router();
        return next_of(node, paso);
    }
    if (id == "extractor") {
        extractor();
        return next_of(node, paso);
    }
    if (id == "aclaracion") return clarification(paso);
    if (id == "verificador_cobertura") {
        checker();
        return next_of(node, paso);
    }
    if (id == "decision") return next_of(node, paso);
    if (id == "pausa_humana") {
        pause(paso);
        return next_of(node, paso);
    }
    if (id == "redactor" || id == "cierre") {
        if (!writer(id == "redactor")) return std::nullopt;
        return next_of(node, paso);
    }
    if (id == "agente_unico") {
        single_agent();
        return next_of(node, paso);
    }
    if (id == "guardia_salida") {
        guard();
        return next_of(node, paso);
    }
    stop("PARADA_DE_SEGURIDAD", node, "nodo desconocido para el agente simulado", "a node the simulated agent does not know");
    return std::nullopt;
}

Value CaseRunner::signal(const std::string& name) const {
    const std::string_view id = name;
    if (id == "nodos_visitados") return strings(m_visited);
    if (id == "latencia_total_s") return Value(json::redondear(static_cast<double>(m_duration_ms) / 1000.0, 3));
    if (id == "tokens") return Value(static_cast<double>(m_token_total));
    const Value* v = m_state.find(name);
    return v ? *v : Value();
}

// The trace; the runner is spent afterwards (its records are moved into it).
Value CaseRunner::take_trace() {
    json::Object senales;
    senales.reserve(a.m_plan.contrato_de_grafo.senales_obligatorias_en_traza.size());
    for (const std::string& name : a.m_plan.contrato_de_grafo.senales_obligatorias_en_traza)
        senales.push_back(json::Member{name, signal(name)});
    Value* extraccion = m_state.find("extraccion");
    Value* cobertura = m_state.find("cobertura");
    return ObjectBuilder(19)  // canonical order (the huella goes last, as sealed() appends it)
        .add("aclaraciones", Value(std::move(m_clarifications)))
        .add("caso_id", Value(c.id))
        .add("cobertura", cobertura ? std::move(*cobertura) : Value())
        .add("corrida_id", Value(m_corrida_id))
        .add("decisiones_de_arista", Value(std::move(m_records)))
        .add("documento_adverso", std::move(m_documento_adverso))
        .add("error_de_esquema_en_traspaso", Value(false))
        .add("error_proveedor", Value())
        .add("extraccion", extraccion ? std::move(*extraccion) : Value())
        .add("formato", Value("planlang-trace/v1"))
        .add("guardia_salida", std::move(m_guardia_salida))
        .add("nodos_visitados", strings(m_visited))
        .add("pasos", Value(std::move(m_steps)))
        .add("pausas_humanas", Value(std::move(m_pauses)))
        .add("resultado", Value("completo"))
        .add("salida_final", std::move(m_salida_final))
        .add("senales", Value(std::move(senales)))
        .add("variante", Value(variant_name(a.m_graph.variante)))
        .done();
}

CaseRun Agent::run(const Case& c, const std::string& corrida_id) const {
    CaseRunner runner(*this, c, corrida_id);
    return runner.run();
}

}  // namespace planlang::sim::demo_a
