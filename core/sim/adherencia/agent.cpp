// The coach's step loop, state, edge visits and trace (plans/adherencia/dominio.md §4–§6;
// traces-and-verifier.md §3; the clock and token rule of synthetic-and-simulation.md §10).
#include "core/sim/adherencia/agent.hpp"

#include <algorithm>

#include "core/json/rounding.hpp"
#include "core/rules/edges.hpp"
#include "core/sim/adherencia/internal/conversation.hpp"

namespace planlang::sim::adherencia {

using json::Value;

namespace {

constexpr std::size_t kMaxSteps = 1000;  // a graph that loops forever is a bug of the plan, not a long conversation

Value strings(const std::vector<std::string>& list) {
    json::Array out;
    for (const std::string& s : list) out.push_back(Value(s));
    return out;
}

// The signals this agent writes, null until their node runs (dominio.md §4).
const char* const kStateSignals[] = {"locale",         "turno",          "bandera_roja",           "fuera_de_alcance",
                                     "categoria_fuera_de_alcance", "necesita_contexto", "aciertos", "similitud_max",
                                     "riesgo_borrador", "revision_humana_activa", "escalado", "pausa_humana",
                                     "traspaso",        "respuestas",     "citas_validas",          "consejo_dosis",
                                     "pii_en_respuesta", "decision_final", "error_proveedor"};

}  // namespace

Agent::Agent(const plan::Plan& plan, const KnowledgeBase& kb, const SimGraph& graph, json::Value applied)
    : m_plan(plan), m_kb(kb), m_graph(graph), m_applied(std::move(applied)) {
    for (const plan::Threshold& t : m_plan.umbrales)
        if (!m_applied.is_object() || !m_applied.find(t.id))
            m_issues.push_back(Issue{"UMBRAL_NO_APLICADO", t.id, {"falta el valor aplicado del umbral", "the applied value of the threshold is missing"}});
    bool switch_found = false;
    for (const plan::Threshold& t : m_plan.umbrales)
        if (t.senal == "revision_humana_activa") {
            switch_found = true;
            const Value* v = m_applied.is_object() ? m_applied.find(t.id) : nullptr;
            if (v && !v->is_bool())
                m_issues.push_back(Issue{"MUNDO_INCOMPATIBLE", t.id, {"el interruptor de revisión humana debe ser booleano", "the human-review switch must be a boolean"}});
        }
    if (!switch_found)
        m_issues.push_back(Issue{"MUNDO_INCOMPATIBLE", "umbrales",
                                 {"ningún umbral del plan gobierna revision_humana_activa", "no threshold of the plan governs revision_humana_activa"}});
}

CaseRun Agent::run(const Case& c, const std::string& corrida_id) const {
    Conversation conversation(*this, c, corrida_id);
    return conversation.run();
}

Conversation::Conversation(const Agent& agent, const Case& c, const std::string& corrida_id) : a(agent), c(c), m_corrida_id(corrida_id) {
    json::Object state;
    for (const char* name : kStateSignals) state.push_back({name, Value()});
    m_state = Value(std::move(state));
    // U4 is bound to this signal: the switch's applied value, the same for the whole conversation.
    for (const plan::Threshold& t : a.plan().umbrales)
        if (t.senal == "revision_humana_activa")
            if (const Value* v = a.applied().find(t.id)) set("revision_humana_activa", *v);
    set("escalado", Value(false));
    set("pausa_humana", Value(false));
    set("traspaso", Value(false));
    set("respuestas", Value(json::Array{}));
    set("citas_validas", Value(true));
    set("consejo_dosis", Value(false));
    set("pii_en_respuesta", Value(false));
    set("turno", Value(0));
    set("locale", Value(c.locale));
}

void Conversation::set(std::string_view name, Value v) {
    if (Value* existing = m_state.find(name)) *existing = std::move(v);
    else m_state.as_object().push_back({std::string(name), std::move(v)});
}

const Value& Conversation::get(std::string_view name) const {
    static const Value kNull;
    const Value* v = m_state.find(name);
    return v ? *v : kNull;
}

void Conversation::fail(const std::string& code, const std::string& element, const std::string& es, const std::string& en) {
    if (!m_stop) m_stop = Issue{code, c.id + ": " + element, {es, en}};
}

CaseRun Conversation::run() {
    CaseRun out;
    std::string node = a.graph().inicio;
    while (node != kEnd) {
        if (m_steps.size() >= kMaxSteps) fail("PARADA_DE_SEGURIDAD", node, "el grafo no termina", "the graph does not end");
        const plan::Node* n = a.graph().node(node);
        if (!n) fail("PARADA_DE_SEGURIDAD", node, "nodo desconocido para el agente simulado", "a node the simulated agent does not know");
        if (m_stop) break;
        const std::int64_t paso = static_cast<std::int64_t>(m_steps.size()) + 1;
        if (n->tipo == "pausa_humana") m_clock.read();  // read before suspending; the node reruns on resume
        const std::int64_t inicio = m_clock.read();
        m_tokens = Tokens{};
        std::optional<std::string> next = run_node(node, paso);
        if (m_stop || !next) break;
        const std::int64_t fin = m_clock.read();
        m_steps.push_back(json::Object{{"costo_nominal_usd", Value(0)},
                                       {"duracion_ms", Value(static_cast<double>(fin - inicio))},
                                       {"error_proveedor", Value()},
                                       {"inicio_ms", Value(static_cast<double>(inicio))},
                                       {"nodo", Value(node)},
                                       {"orden", Value(static_cast<double>(paso))},
                                       {"reintentos_esquema", Value(0)},
                                       {"tipo_nodo", Value(n->tipo)},
                                       {"tokens", json::Object{{"entrada", Value(static_cast<double>(m_tokens.entrada))},
                                                               {"salida", Value(static_cast<double>(m_tokens.salida))}}}});
        m_visited.push_back(node);
        m_duration_ms += fin - inicio;
        m_token_total += m_tokens.entrada + m_tokens.salida;
        if (m_turn_costs.size() <= m_turn) m_turn_costs.resize(m_turn + 1);
        m_turn_costs[m_turn].entrada += m_tokens.entrada;
        m_turn_costs[m_turn].salida += m_tokens.salida;
        m_turn_costs[m_turn].ms += fin - inicio;
        node = *next;
    }
    if (m_stop) {
        out.stopped = true;
        out.stop = m_stop;
        return out;
    }
    out.trace = take_trace();
    return out;
}

std::optional<std::string> Conversation::route(const std::string& node, std::int64_t paso) {
    rules::Visit v = rules::decide(a.graph().edges, node, paso, m_state, a.applied());
    if (v.error) {
        fail(v.error->code, v.error->element, v.error->message.es, v.error->message.en);
        return std::nullopt;
    }
    m_last_trigger.reset();
    for (rules::EdgeRecord& r : v.records) {
        if (!m_last_trigger && r.resultado) m_last_trigger = m_records.size();
        m_records.push_back(std::move(r).to_json());
    }
    return std::move(v.rama);
}

std::optional<std::string> Conversation::next_of(const std::string& node, std::int64_t paso) {
    if (a.graph().edges.is_writer(node)) return route(node, paso);
    if (auto f = a.graph().fixed_next(node)) return f;
    fail("PARADA_DE_SEGURIDAD", node, "el nodo no tiene cómo seguir", "the node has no way on");
    return std::nullopt;
}

std::optional<std::string> Conversation::run_node(const std::string& node, std::int64_t paso) {
    const std::string_view id = node;
    if (id == "intake") {
        intake();
        std::optional<std::string> next = next_of(node, paso);
        if (next && *next == "closing") m_route = Route::handoff;
        return next;
    }
    if (id == "guardrail_pre") {
        guardrail_pre();
        std::optional<std::string> next = next_of(node, paso);
        if (next && *next == "closing")
            m_route = get("bandera_roja") == Value(true) ? Route::red_flag : Route::out_of_scope;
        return next;
    }
    if (id == "retrieve_context") {
        retrieve_context();
        std::optional<std::string> next = next_of(node, paso);
        if (next && *next == "closing") m_route = Route::no_match;
        return next;
    }
    if (id == "generate_response") {
        generate_response();
        m_route = Route::reply;
        return next_of(node, paso);
    }
    if (id == "agente_unico") {
        single_agent();
        return next_of(node, paso);
    }
    if (id == "review_response") {
        review_response(paso);
        return next_of(node, paso);
    }
    if (id == "guardrail_post") {
        guardrail_post();
        return next_of(node, paso);
    }
    if (id == "closing") return closing() ? std::string("intake") : std::string(kEnd);
    fail("PARADA_DE_SEGURIDAD", node, "nodo desconocido para el agente simulado", "a node the simulated agent does not know");
    return std::nullopt;
}

Value Conversation::signal(const std::string& name) const {
    if (name == "nodos_visitados") return strings(m_visited);
    if (name == "latencia_total_s") return Value(json::redondear(static_cast<double>(m_duration_ms) / 1000.0, 3));
    if (name == "tokens") return Value(static_cast<double>(m_token_total));
    // The seed's strict per-turn budget: each turn's largest input and output token counts and duration.
    const auto most = [&](std::int64_t TurnCost::*field) {
        std::int64_t m = 0;
        for (const TurnCost& t : m_turn_costs) m = std::max(m, t.*field);
        return Value(static_cast<double>(m));
    };
    if (name == "tokens_entrada_max_turno") return most(&TurnCost::entrada);
    if (name == "tokens_salida_max_turno") return most(&TurnCost::salida);
    if (name == "latencia_max_turno_ms") return most(&TurnCost::ms);
    return get(name);
}

Value Conversation::take_trace() {
    json::Object senales;
    for (const std::string& name : a.plan().contrato_de_grafo.senales_obligatorias_en_traza) senales.push_back({name, signal(name)});
    return json::Object{{"aclaraciones", Value(json::Array{})},
                        {"caso_id", Value(c.id)},
                        {"cobertura", Value()},
                        {"conversacion", Value(std::move(m_conversation))},
                        {"corrida_id", Value(m_corrida_id)},
                        {"decisiones_de_arista", Value(std::move(m_records))},
                        {"documento_adverso", Value()},
                        {"error_de_esquema_en_traspaso", Value(false)},
                        {"error_proveedor", Value()},
                        {"extraccion", Value()},
                        {"formato", Value("planlang-trace/v1")},
                        {"guardia_salida", guard_record()},
                        {"nodos_visitados", strings(m_visited)},
                        {"pasos", Value(std::move(m_steps))},
                        {"pausas_humanas", Value(std::move(m_pauses))},
                        {"resultado", Value("completo")},
                        {"salida_final", salida_final()},
                        {"senales", Value(std::move(senales))},
                        {"variante", Value(variant_name(a.graph().variante))}};
}

}  // namespace planlang::sim::adherencia
