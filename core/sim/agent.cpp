// [SECTION] index
//   helpers ............ thresholds, versions, text masking and splitting
//   CaseRunner ......... state, steps, edge visits
//   nodes .............. router, extractor, clarification, checker, pause, writer/cierre, single agent, guard
//   trace .............. signals and the trace object
// spec/synthetic-and-simulation.md §10; decisions.md C1, C3; traces-and-verifier.md §3.
#include "core/sim/agent.hpp"

#include <algorithm>
#include <cmath>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/sim/clock.hpp"
#include "core/sim/edges.hpp"
#include "core/sim/injection.hpp"
#include "core/sim/internal/object_builder.hpp"
#include "core/sim/internal/texts.hpp"

namespace planlang::sim {

using json::Value;
using internal::ObjectBuilder;

// [SECTION] helpers
namespace {

const char* const kAuditorPolicy = "sigue_verdad_conocida";
const char* const kReplyAction = "responder_afiliado";
const std::size_t kMaxSteps = 1000;  // a graph that loops forever is a bug of the plan, not a long case

Value bil(const Bilingual& b) { return json::Object{{"es", Value(b.es)}, {"en", Value(b.en)}}; }

Value strings(const std::vector<std::string>& list) {
    json::Array out;
    for (const std::string& s : list) out.push_back(Value(s));
    return out;
}

bool is_true(const Value* v) { return v && v->is_bool() && v->as_bool(); }

// "1.5.2" ≥ "1.5.1", numerically part by part (missing parts are 0).
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

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The output guard's sentences: split after '.', '!' or '?' followed by a space.
std::vector<std::string> sentences(const std::string& text) {
    std::vector<std::string> out;
    std::string current;
    for (std::size_t i = 0; i < text.size(); ++i) {
        current.push_back(text[i]);
        const char c = text[i];
        if ((c == '.' || c == '!' || c == '?') && i + 1 < text.size() && text[i + 1] == ' ') {
            out.push_back(current);
            current.clear();
            ++i;  // the separating space
        }
    }
    if (!current.empty()) out.push_back(current);
    return out;
}

bool malformed(const std::string& text) {
    const std::string t = trim(text);
    return t.empty() || t[0] == '{' || t[0] == '[' || t.find("placeholder") != std::string::npos;
}

std::string shown(const Value& v) { return json::canonical(v); }

}  // namespace

double redondear(double x, int d) {
    const double scale = std::pow(10.0, d);
    const double y = x * scale;
    const double f = std::floor(y);
    const double r = f + (y - f >= 0.5 ? 1.0 : 0.0);
    const double out = r / scale;
    return out == 0 ? 0.0 : out;
}

json::Value plan_thresholds(const plan::Plan& plan) {
    json::Object out;
    for (const plan::Threshold& t : plan.umbrales) out.push_back({t.id, t.valor_en_plan});
    return out;
}

Agent::Agent(const plan::Plan& plan, std::string plan_huella, const World& world, const SimGraph& graph, json::Value applied)
    : m_plan(plan), m_plan_huella(std::move(plan_huella)), m_world(world), m_graph(graph), m_applied(std::move(applied)) {
    // The procedure catalog of the model stand-in's prompts, without and with coverage (the same for every case).
    for (const synth::Procedure& p : m_world.procedimientos) {
        m_catalog[0] += p.codigo + " · " + p.nombre.es + "\n";
        m_catalog[1] += p.codigo + " · " + p.nombre.es + " · " + p.estado;
        if (p.tope_cobertura) m_catalog[1] += " · tope " + json::format_number(static_cast<double>(*p.tope_cobertura));
        m_catalog[1] += "\n";
    }
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

// [SECTION] CaseRunner
class CaseRunner {
public:
    CaseRunner(const Agent& agent, const Case& c, const std::string& corrida_id)
        : a(agent), c(c), m_corrida_id(corrida_id), m_state(json::Object{}) {
        // Initial state (§10).
        set("modo_texas", Value(false));
        set("pausa_humana", Value(false));
        set("proveedor_no_disponible", Value(false));
        set("ciclos_aclaracion", Value(0));
        for (const char* name : {"senal_confianza", "campos_faltantes_count", "costo_estimado", "contradiccion_orden_texto",
                                 "propuesta", "decision_final", "severidad_accion", "error_proveedor", "extraccion", "cobertura"})
            set(name, Value());
    }

    CaseRun run() {
        CaseRun out;
        std::string node = "enrutador";
        while (node != kEnd) {
            if (m_steps.size() >= kMaxSteps) return stop("PARADA_DE_SEGURIDAD", node, "el grafo no termina", "the graph does not end");
            const plan::Node* n = a.m_graph.node(node);
            const std::int64_t paso = static_cast<std::int64_t>(m_steps.size()) + 1;
            if (n->tipo == "pausa_humana") m_clock.read();  // read before suspending; the node reruns on resume
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

private:
    const Agent& a;
    const Case& c;
    std::string m_corrida_id;
    Value m_state;
    Clock m_clock;
    Tokens m_tokens;
    std::vector<Value> m_steps;
    std::vector<std::string> m_visited;
    std::int64_t m_duration_ms = 0;
    std::int64_t m_token_total = 0;
    json::Array m_records;
    json::Array m_pauses;
    json::Array m_clarifications;
    std::optional<EdgeRecord> m_last_trigger;  // the first true record of the last visit (the pause cites it)
    bool m_carga = false;
    Value m_auditor_causal;
    // the letter the guard reads, and the single agent's own proposal and letter
    Bilingual m_letter;
    std::vector<std::string> m_letter_actions;
    Value m_model_proposal;
    Bilingual m_model_letter;
    std::vector<std::string> m_model_actions;
    Value m_salida_final;
    Value m_documento_adverso;
    Value m_guardia_salida;
    bool m_stopped = false;
    std::optional<Issue> m_stop;

    // -- state ---------------------------------------------------------------------------------------------
    void set(const std::string& name, Value v) {
        if (Value* existing = m_state.find(name)) *existing = std::move(v);
        else m_state.as_object().push_back({name, std::move(v)});
    }
    const Value& get(const std::string& name) const {
        static const Value kNull;
        const Value* v = m_state.find(name);
        return v ? *v : kNull;
    }

    CaseRun stop(const std::string& code, const std::string& element, const std::string& es, const std::string& en) {
        m_stopped = true;
        m_stop = Issue{code, c.id + ": " + element, {es, en}};
        CaseRun out;
        out.stopped = true;
        out.stop = m_stop;
        return out;
    }

    // -- edges ---------------------------------------------------------------------------------------------
    std::optional<std::string> route(const std::string& node, std::int64_t paso) {
        Visit v = decide(a.m_graph.edges, node, paso, m_state, a.m_applied);
        if (v.error) {
            Issue e = *v.error;
            stop(e.code, e.element, e.message.es, e.message.en);
            return std::nullopt;
        }
        const EdgeRecord* trigger = v.trigger();
        m_last_trigger = trigger ? std::optional<EdgeRecord>(*trigger) : std::nullopt;
        for (EdgeRecord& r : v.records) m_records.push_back(std::move(r).to_json());
        std::string branch = std::move(v.rama);
        return branch;
    }

    std::optional<std::string> next_of(const std::string& node, std::int64_t paso) {
        if (a.m_graph.edges.is_writer(node)) return route(node, paso);
        if (auto f = a.m_graph.fixed_next(node)) return f;
        stop("PARADA_DE_SEGURIDAD", node, "el nodo no tiene cómo seguir", "the node has no way on");
        return std::nullopt;
    }

    const plan::Threshold* threshold_on(const std::string& senal) const {
        for (const plan::Threshold& t : a.m_plan.umbrales)
            if (t.senal == senal) return &t;
        return nullptr;
    }

    // Whether a threshold's own rule (senal operador umbral.X) holds on the current state.
    bool threshold_fires(const plan::Threshold* t) const {
        if (!t) return false;
        plan::Edge e;
        e.desde = "umbral";
        e.senal = t->senal;
        e.operador = t->operador;
        e.inclusivo = t->inclusivo;
        e.valor = Value("umbral." + t->id);
        const EdgeOutcome out = evaluate_edge(e, m_state, a.m_applied);
        return !out.error && out.record.resultado;
    }

    Value applied(const std::string& id) const {
        const Value* v = a.m_applied.find(id);
        return v ? *v : Value();
    }

    // -- text helpers --------------------------------------------------------------------------------------
    std::string masked(std::string text) const {
        for (const std::string* id : {&c.documento, &c.nombre, &c.telefono, &c.correo, &c.historia_clinica})
            replace_all(text, *id, "[protegido]");
        return text;
    }
    Bilingual service_name(const std::string& codigo) const {
        const synth::Procedure* p = a.m_world.procedure(codigo);
        return p ? p->nombre : Bilingual{codigo, codigo};
    }
    const std::string& catalog(bool with_coverage) const { return a.m_catalog[with_coverage ? 1 : 0]; }
    std::string case_prompt(bool with_coverage, bool with_replies) const {
        std::string prompt = (with_coverage ? "Catálogo de procedimientos con su estado de cobertura:\n" : "Catálogo de procedimientos:\n") +
                             catalog(with_coverage) + "\nAfiliado: sexo " + c.sexo + ", edad " + std::to_string(c.edad) +
                             ".\nNota del médico:\n" + masked(c.texto_medico.es) + "\nObservaciones de la orden:\n" +
                             masked(c.observaciones_orden.es) + "\n";
        if (with_replies && !m_clarifications.empty()) {
            prompt += "Respuestas del médico:\n";
            for (const Value& item : m_clarifications)
                prompt += json::format_number(item.find("ciclo")->as_number()) + ". " + masked(item.find("respuesta")->as_string()) + "\n";
        }
        return prompt;
    }

    // The extraction the model stand-in returns: campos_extraidos with fields not yet known set to null.
    Value extraction_fields(std::int64_t replies_delivered) const {
        std::vector<std::string> known;
        for (const std::string& f : kFieldNames)
            if (std::find(c.campos_ausentes_en_texto.begin(), c.campos_ausentes_en_texto.end(), f) == c.campos_ausentes_en_texto.end())
                known.push_back(f);
        for (const Clarification& r : c.aclaraciones_simuladas)
            if (r.ciclo <= replies_delivered)
                for (const std::string& f : r.aporta) known.push_back(f);
        json::Object campos;
        for (const std::string& f : kFieldNames) {
            const bool is_known = std::find(known.begin(), known.end(), f) != known.end();
            campos.push_back({f, is_known ? c.campos_extraidos.get(f) : Value()});
        }
        return campos;
    }

    void write_extraction(const Value& campos) {
        json::Array faltantes;
        for (const char* f : {"procedimiento", "diagnostico", "costo_estimado"})
            if (campos.find(f)->is_null()) faltantes.push_back(Value(f));
        const double count = static_cast<double>(faltantes.size());
        const Value& urgencia = *campos.find("urgencia");
        Value extraccion = json::Object{{"campos", campos},
                                        {"campos_faltantes", Value(std::move(faltantes))},
                                        {"confianza", Value(c.confianza_extractor)},
                                        {"costo_estimado", *campos.find("costo_estimado")},
                                        {"urgencia", Value(is_true(&urgencia))}};
        set("extraccion", std::move(extraccion));
        set("senal_confianza", Value(c.confianza_extractor));
        set("campos_faltantes_count", Value(count));
        set("costo_estimado", *campos.find("costo_estimado"));
    }

    // [SECTION] nodes
    std::optional<std::string> run_node(const std::string& node, std::int64_t paso) {
        if (node == "enrutador") {
            router();
            return next_of(node, paso);
        }
        if (node == "extractor") {
            extractor();
            return next_of(node, paso);
        }
        if (node == "aclaracion") return clarification(paso);
        if (node == "verificador_cobertura") {
            checker();
            return next_of(node, paso);
        }
        if (node == "decision") return next_of(node, paso);
        if (node == "pausa_humana") {
            pause(paso);
            return next_of(node, paso);
        }
        if (node == "redactor" || node == "cierre") {
            if (!writer(node == "redactor")) return std::nullopt;
            return next_of(node, paso);
        }
        if (node == "agente_unico") {
            single_agent();
            return next_of(node, paso);
        }
        if (node == "guardia_salida") {
            guard();
            return next_of(node, paso);
        }
        stop("PARADA_DE_SEGURIDAD", node, "nodo desconocido para el agente simulado", "a node the simulated agent does not know");
        return std::nullopt;
    }

    void router() {
        set("tipo_atencion", Value(c.tipo_atencion));
        const synth::Procedure* ordered = a.m_world.procedure(c.codigo_orden);
        set("servicio_exento", Value(ordered && ordered->estado == "exento"));
        const plan::Threshold* texas = threshold_on("modo_texas");
        set("modo_texas", Value(texas && applied(texas->id).is_bool() && applied(texas->id).as_bool()));
        m_carga = has_injection(c.texto_medico.es) || has_injection(c.observaciones_orden.es);
        if (a.m_plan.is_required_signal("carga_detectada")) set("carga_detectada", Value(m_carga));
    }

    void extractor() {
        const std::int64_t delivered = static_cast<std::int64_t>(get("ciclos_aclaracion").as_number());
        const Value campos = extraction_fields(delivered);
        const Value response = json::Object{{"campos", campos}, {"confianza", Value(c.confianza_extractor)}};
        m_tokens = count_tokens(texts::kSystemExtractor, case_prompt(false, true), response);
        write_extraction(campos);
        set("proveedor_no_disponible", Value(false));
    }

    std::optional<std::string> clarification(std::int64_t paso) {
        // The node first evaluates its edges; a pausing visit makes no call.
        std::optional<std::string> branch = route("aclaracion", paso);
        if (!branch) return std::nullopt;
        const plan::Node* target = a.m_graph.node(*branch);
        if (target && target->tipo == "pausa_humana") return branch;
        const std::int64_t ciclo = static_cast<std::int64_t>(get("ciclos_aclaracion").as_number()) + 1;
        std::string faltan;
        if (const Value* x = get("extraccion").is_object() ? get("extraccion").find("campos_faltantes") : nullptr)
            for (const Value& f : x->as_array()) faltan += (faltan.empty() ? "" : ", ") + f.as_string();
        const std::string prompt = "Datos que faltan: " + faltan + "\nNota del médico:\n" + masked(c.texto_medico.es) + "\n";
        const Value response = json::Object{{"pregunta", Value(texts::kQuestion)}};
        m_tokens = count_tokens(texts::kSystemQuestion, prompt, response);
        std::string reply = texts::kNoReply;
        for (const Clarification& r : c.aclaraciones_simuladas)
            if (r.ciclo == ciclo) reply = r.texto.es;
        m_clarifications.push_back(json::Object{{"ciclo", Value(static_cast<double>(ciclo))},
                                                {"pregunta", Value(texts::kQuestion)},
                                                {"respuesta", Value(reply)}});
        set("ciclos_aclaracion", Value(static_cast<double>(ciclo)));
        return branch;
    }

    void checker() {
        const Value& extraccion = get("extraccion");
        const Value* campos = extraccion.is_object() ? extraccion.find("campos") : nullptr;
        const Value codigo = campos ? *campos->find("procedimiento") : Value();
        const Value cost = get("costo_estimado");
        const synth::Procedure* p = codigo.is_string() ? a.m_world.procedure(codigo.as_string()) : nullptr;
        const std::string estado = p ? p->estado : "no_listado";
        std::vector<std::string> reglas;
        std::string propuesta = "aprobar";
        Value causal;
        if (estado == "exento") reglas.push_back("RB-02");
        if (estado == "excluido") {
            reglas.push_back("RB-03");
            propuesta = "negar";
            if (p->causal) causal = Value(*p->causal);
        }
        const bool alto_costo = threshold_fires(a.m_plan.threshold(high_cost_threshold(a.m_world)));
        if (alto_costo) reglas.push_back("RB-04");
        const bool contradiccion = !(codigo.is_string() && codigo.as_string() == c.codigo_orden);
        if (contradiccion) reglas.push_back("RB-05");
        Value tope = p && p->tope_cobertura ? Value(static_cast<double>(*p->tope_cobertura)) : Value();
        if (estado == "requiere_autorizacion" && tope.is_number() && cost.is_number() && cost.as_number() > tope.as_number()) {
            reglas.push_back("RB-08");
            propuesta = "aprobar_parcial";
        }
        if (reglas.empty()) reglas.push_back("RB-07");
        std::sort(reglas.begin(), reglas.end());
        json::Object cobertura{{"alto_costo", Value(alto_costo)},
                               {"causal", causal},
                               {"codigo_extraido", codigo},
                               {"codigo_orden", Value(c.codigo_orden)},
                               {"contradiccion", Value(contradiccion)},
                               {"estado_servicio", Value(estado)},
                               {"propuesta", Value(propuesta)},
                               {"reglas_disparadas", strings(reglas)}};
        if (a.m_world.has_caps()) cobertura.push_back({"tope_cobertura", tope});
        set("propuesta", Value(propuesta));
        set("contradiccion_orden_texto", Value(contradiccion));
        set("cobertura", Value(std::move(cobertura)));
    }

    Value evidence_item(const std::string& key, const std::string& es = {}, const std::string& en = {}) const {
        const Bilingual t = texts::evidence(key, es, en);
        return json::Object{{"clave", Value(key)}, {"es", Value(t.es)}, {"en", Value(t.en)}};
    }

    // Evidence and counter-evidence (§10, in order, when true).
    std::pair<json::Array, json::Array> evidence() const {
        json::Array ev, counter;
        // the extracted service (whether or not the checker ran)
        const Value& extraccion = get("extraccion");
        const Value* codigo = extraccion.is_object() ? extraccion.find("campos")->find("procedimiento") : nullptr;
        const synth::Procedure* p = codigo && codigo->is_string() ? a.m_world.procedure(codigo->as_string()) : nullptr;
        const Value tope = p && p->tope_cobertura ? Value(static_cast<double>(*p->tope_cobertura)) : Value();
        const Value& cost = get("costo_estimado");
        if (is_true(&get("proveedor_no_disponible"))) ev.push_back(evidence_item("modelo_no_disponible"));
        if (p && p->excluded()) {
            const synth::ExclusionGround* g = p->causal ? a.m_world.ground(*p->causal) : nullptr;
            const std::string detail = g ? "causal " + g->id + ", " + g->norma : "causal ?";
            ev.push_back(evidence_item("servicio_excluido", detail, detail));
        }
        const plan::Threshold* u2 = a.m_plan.threshold(high_cost_threshold(a.m_world));
        if (threshold_fires(u2)) {
            const std::string d = shown(cost) + " > " + shown(applied(u2->id));
            ev.push_back(evidence_item("costo_mayor_que_umbral", d, d));
        }
        if (tope.is_number() && cost.is_number() && cost.as_number() > tope.as_number()) {
            const std::string d = shown(cost) + " > " + shown(tope);
            ev.push_back(evidence_item("costo_mayor_que_tope", d, d));
        }
        if (m_carga) ev.push_back(evidence_item("carga_en_entrada"));
        if (is_true(&get("contradiccion_orden_texto"))) {
            const std::string d = c.codigo_orden + " ≠ " + (codigo && codigo->is_string() ? codigo->as_string() : "null");
            ev.push_back(evidence_item("orden_distinta_de_nota", d, d));
        }
        const plan::Threshold* u1 = threshold_on("senal_confianza");
        if (threshold_fires(u1)) {
            const std::string d = shown(get("senal_confianza")) + " < " + shown(applied(u1->id));
            ev.push_back(evidence_item("confianza_baja", d, d));
        }
        const Value& faltantes = get("campos_faltantes_count");
        if (faltantes.is_number() && faltantes.as_number() > 0) {
            std::string d;
            for (const Value& f : get("extraccion").find("campos_faltantes")->as_array()) d += (d.empty() ? "" : ", ") + f.as_string();
            ev.push_back(evidence_item("campos_faltantes", d, d));
        }
        counter.push_back(evidence_item("duda_favorece_afiliado"));
        if (p && (p->authorisable() || p->exempt()))
            counter.push_back(evidence_item("servicio_cubierto", p->codigo + ", " + p->estado, p->codigo + ", " + p->estado));
        if (tope.is_number()) {
            const std::string d = shown(tope);
            counter.push_back(evidence_item("cubierto_hasta_tope", d, d));
        }
        const Value* dx = extraccion.is_object() ? extraccion.find("campos")->find("diagnostico") : nullptr;
        if (p && dx && dx->is_string() &&
            std::find(p->diagnosticos_compatibles.begin(), p->diagnosticos_compatibles.end(), dx->as_string()) != p->diagnosticos_compatibles.end())
            counter.push_back(evidence_item("diagnostico_compatible", dx->as_string(), dx->as_string()));
        return {ev, counter};
    }

    void pause(std::int64_t paso) {
        const plan::Pause* declared = nullptr;
        for (const plan::Pause& p : a.m_graph.pausas)
            if (p.nodo == "pausa_humana") declared = &p;
        const EdgeRecord* trigger = m_last_trigger ? &*m_last_trigger : nullptr;
        Value motivo, senal, umbral;
        if (trigger && trigger->funcion_edge) {
            const Bilingual t = texts::motive_function(trigger->desde, trigger->orden_arista, trigger->funcion);
            motivo = json::Object{{"desde", Value(trigger->desde)}, {"orden_arista", Value(static_cast<double>(trigger->orden_arista))},
                                  {"es", Value(t.es)}, {"en", Value(t.en)}};
            senal = Value(trigger->funcion);
            umbral = json::Object{{"declarado", Value()}, {"aplicado", Value()}};
        } else if (trigger) {
            const Value& declared = trigger->valor_declarado;
            const Bilingual t = texts::motive_triplet(trigger->desde, trigger->orden_arista, trigger->senal, trigger->operador,
                                                      shown(trigger->valor_observado), shown(trigger->umbral_aplicado),
                                                      declared.is_string() ? declared.as_string() : shown(declared));
            motivo = json::Object{{"desde", Value(trigger->desde)}, {"orden_arista", Value(static_cast<double>(trigger->orden_arista))},
                                  {"es", Value(t.es)}, {"en", Value(t.en)}};
            senal = Value(trigger->senal);
            umbral = json::Object{{"declarado", trigger->valor_declarado}, {"aplicado", trigger->umbral_aplicado}};
        } else {
            const std::string from = m_visited.empty() ? std::string() : m_visited.back();
            motivo = json::Object{{"desde", Value(from)}, {"orden_arista", Value()},
                                  {"es", Value("El caso llegó a la pausa por la rama por defecto de " + from + ".")},
                                  {"en", Value("The case reached the pause through the default branch of " + from + ".")}};
            umbral = json::Object{{"declarado", Value()}, {"aplicado", Value()}};
        }
        auto [ev, counter] = evidence();
        json::Object payload{{"motivo", motivo},
                             {"senal", senal},
                             {"umbral", umbral},
                             {"extraccion", get("extraccion")},
                             {"texto_original", bil(c.texto_medico)},
                             {"evidencia", Value(std::move(ev))},
                             {"contraevidencia", Value(std::move(counter))}};
        const auto lists = [&](const char* key) {
            return declared && std::find(declared->payload_minimo.begin(), declared->payload_minimo.end(), key) != declared->payload_minimo.end();
        };
        if (lists("orden_adjunta")) payload.push_back({"orden_adjunta", c.orden_adjunta});
        if (lists("aclaraciones")) payload.push_back({"aclaraciones", Value(m_clarifications)});
        if (lists("cobertura")) payload.push_back({"cobertura", get("cobertura")});
        // The truth-following auditor: the record keeps {decision, politica}; the ground goes to the writer.
        m_auditor_causal = c.verdad_causal;
        set("pausa_humana", Value(true));
        set("decision_final", Value(c.verdad_decision));
        m_pauses.push_back(json::Object{{"nodo", Value("pausa_humana")},
                                        {"paso", Value(static_cast<double>(paso))},
                                        {"rol", Value(declared ? declared->rol : std::string("auditor"))},
                                        {"payload", Value(std::move(payload))},
                                        {"respuesta_simulada", json::Object{{"decision", Value(c.verdad_decision)},
                                                                            {"politica", Value(kAuditorPolicy)}}}});
    }

    // The decision the writer (or `cierre`) writes: the reviewer's, else the proposal, else aprobar (C1).
    std::string final_decision() const {
        const Value& decided = get("decision_final");
        if (decided.is_string()) return decided.as_string();
        const Value& propuesta = get("propuesta");
        if (propuesta.is_string()) return propuesta.as_string();
        return "aprobar";
    }

    bool writer(bool calls_model) {
        const std::string decision = final_decision();
        const bool paused = is_true(&get("pausa_humana"));
        const bool texas = is_true(&get("modo_texas"));
        if ((decision == "negar" && !paused) || (decision == "aprobar_parcial" && !paused && texas)) {
            stop("PARADA_DE_SEGURIDAD", calls_model ? "redactor" : "cierre",
                 "decisión adversa sin revisión humana: " + decision, "adverse decision without human review: " + decision);
            return false;
        }
        const Bilingual servicio = service_name(c.codigo_orden);
        const std::string documento = c.redactor_repite_identificador ? c.documento : std::string();
        if (calls_model) {
            m_letter = texts::letter(decision, servicio, documento);
            m_letter_actions = {kReplyAction};
            const std::string prompt = "Decisión: " + decision + "\nServicio solicitado: " + c.codigo_orden + " · " + servicio.es + "\n";
            const Value response =
                json::Object{{"es", Value(m_letter.es)}, {"en", Value(m_letter.en)}, {"acciones", strings(m_letter_actions)}};
            m_tokens = count_tokens(texts::kSystemWriter, prompt, response);
        } else if (m_model_proposal.is_string() && m_model_proposal.as_string() == decision) {
            m_letter = m_model_letter;  // the single agent's letter, when its proposal is the decision
            m_letter_actions = m_model_actions;
        } else {
            m_letter = texts::letter(decision, servicio, documento);
            m_letter_actions = {kReplyAction};
        }
        set("decision_final", Value(decision));
        if (decision == "negar" || decision == "aprobar_parcial") m_documento_adverso = adverse_document(decision, paused);
        return true;
    }

    void single_agent() {
        const Value campos = extraction_fields(0);
        m_model_proposal = Value(c.verdad_decision);
        const Bilingual servicio = service_name(c.codigo_orden);
        m_model_letter = texts::letter(c.verdad_decision, servicio, c.redactor_repite_identificador ? c.documento : std::string());
        m_model_actions = {kReplyAction};
        const Value response = json::Object{{"campos", campos},
                                            {"confianza", Value(c.confianza_extractor)},
                                            {"propuesta", m_model_proposal},
                                            {"carta_es", Value(m_model_letter.es)},
                                            {"carta_en", Value(m_model_letter.en)},
                                            {"acciones", strings(m_model_actions)}};
        m_tokens = count_tokens(texts::kSystemSingleAgent, case_prompt(true, false), response);
        write_extraction(campos);
    }

    Value adverse_document(const std::string& decision, bool paused) const {
        const synth::Procedure* ordered = a.m_world.procedure(c.codigo_orden);
        const Bilingual servicio = service_name(c.codigo_orden);
        const Value& cobertura = get("cobertura");
        Value causal, regla, monto;
        std::vector<Bilingual> texts_used;  // every bilingual text of the document, for `idiomas`
        bool complete = true;
        auto rule = [&](const std::string& id) {
            const synth::BenefitRule* r = a.m_world.rule(id);
            const Bilingual t = r ? r->texto : Bilingual{};
            texts_used.push_back(t);
            if (!r) complete = false;
            return json::Object{{"id", Value(id)}, {"texto", bil(t)}};
        };
        if (decision == "negar") {
            Value id = paused ? m_auditor_causal : (cobertura.is_object() ? *cobertura.find("causal") : Value());
            const synth::ExclusionGround* g = id.is_string() ? a.m_world.ground(id.as_string()) : nullptr;
            const Bilingual resumen = g ? g->resumen : Bilingual{};
            texts_used.push_back(resumen);
            if (!g) complete = false;
            causal = json::Object{{"id", id}, {"norma", g ? Value(g->norma) : Value()}, {"resumen", g ? bil(resumen) : Value()}};
            regla = rule("RB-03");
        } else {
            // aprobar_parcial: the cap of the ordered service, else of the extracted one
            const Value* codigo = cobertura.is_object() ? cobertura.find("codigo_extraido") : nullptr;
            const synth::Procedure* extracted = codigo && codigo->is_string() ? a.m_world.procedure(codigo->as_string()) : nullptr;
            std::optional<double> tope;
            if (ordered && ordered->tope_cobertura) tope = static_cast<double>(*ordered->tope_cobertura);
            else if (extracted && extracted->tope_cobertura) tope = static_cast<double>(*extracted->tope_cobertura);
            const Value& cost = get("costo_estimado");
            std::optional<double> solicitado = cost.is_number() ? std::optional<double>(cost.as_number())
                                                                : (ordered ? std::optional<double>(static_cast<double>(ordered->costo)) : std::nullopt);
            const Bilingual resumen = tope ? texts::cap_summary(*tope, a.m_world.unidad_de_costo) : Bilingual{};
            texts_used.push_back(resumen);
            texts_used.push_back(a.m_world.unidad_de_costo);
            if (!tope || !solicitado) complete = false;
            causal = json::Object{{"id", Value("tope_cobertura")}, {"norma", Value("RB-08")}, {"resumen", tope ? bil(resumen) : Value()}};
            regla = rule("RB-08");
            monto = json::Object{{"solicitado", solicitado ? Value(*solicitado) : Value()},
                                 {"aprobado", tope ? Value(*tope) : Value()},
                                 {"negado", tope && solicitado ? Value(*solicitado - *tope) : Value()},
                                 {"unidad", bil(a.m_world.unidad_de_costo)}};
        }
        json::Array datos;
        const Value& extraccion = get("extraccion");
        for (const char* campo : {"procedimiento", "diagnostico", "costo_estimado"}) {
            const Value* campos = extraccion.is_object() ? extraccion.find("campos") : nullptr;
            datos.push_back(json::Object{{"campo", Value(campo)}, {"valor", campos ? *campos->find(campo) : Value()}});
        }
        const Bilingual via = texts::contest_route();
        const Bilingual by = texts::decided_by(paused, decision == "negar" ? "RB-03" : "RB-08");
        const Bilingual notice = texts::ai_notice(decision == "aprobar_parcial" && !paused, version_at_least(a.m_plan.version, 1, 5, 1));
        texts_used.push_back(servicio);
        texts_used.push_back(via);
        texts_used.push_back(by);
        texts_used.push_back(notice);
        json::Array idiomas;
        if (std::all_of(texts_used.begin(), texts_used.end(), [](const Bilingual& b) { return !b.es.empty(); })) idiomas.push_back(Value("es"));
        if (std::all_of(texts_used.begin(), texts_used.end(), [](const Bilingual& b) { return !b.en.empty(); })) idiomas.push_back(Value("en"));
        if (c.id.empty() || c.codigo_orden.empty() || a.m_plan_huella.empty() || a.m_world.huella.empty() || idiomas.size() != 2)
            complete = false;
        json::Object doc{{"formato", Value("planlang-documento-adverso/v1")},
                         {"caso_id", Value(c.id)},
                         {"decision", Value(decision)},
                         {"servicio", json::Object{{"codigo", Value(c.codigo_orden)}, {"nombre", bil(servicio)}}},
                         {"causal", causal},
                         {"regla_disparada", regla},
                         {"datos_usados", Value(std::move(datos))},
                         {"version", json::Object{{"plan", json::Object{{"id", Value(a.m_plan.id)},
                                                                        {"version", Value(a.m_plan.version)},
                                                                        {"huella", Value(a.m_plan_huella)}}},
                                                  {"plan_beneficios", json::Object{{"id", Value(a.m_world.id)},
                                                                                   {"version", Value(a.m_world.version)},
                                                                                   {"huella", Value(a.m_world.huella)}}}}},
                         {"via_de_contradiccion", bil(via)},
                         {"decidido_por", bil(by)},
                         {"aviso_ia", bil(notice)}};
        if (decision == "aprobar_parcial") doc.push_back({"monto", monto});
        doc.push_back({"idiomas", Value(std::move(idiomas))});
        doc.push_back({"completo", Value(complete)});
        return doc;
    }

    void guard() {
        json::Array hallazgos;
        bool identifier = false, instruction = false, blocked = false, altered = false;
        const Bilingual marker = texts::identifier_marker();
        const Bilingual fallback = texts::fallback_letter();
        Bilingual out;
        for (const char* lang : {"es", "en"}) {
            const bool es = std::string(lang) == "es";
            std::string text = es ? m_letter.es : m_letter.en;
            if (malformed(text)) {
                hallazgos.push_back(json::Object{{"tipo", Value("salida_malformada")}, {"idioma", Value(lang)}});
                (es ? out.es : out.en) = es ? fallback.es : fallback.en;
                continue;
            }
            const std::pair<const char*, const std::string*> ids[] = {{"documento", &c.documento},
                                                                      {"nombre", &c.nombre},
                                                                      {"telefono", &c.telefono},
                                                                      {"correo", &c.correo},
                                                                      {"historia_clinica", &c.historia_clinica}};
            for (const auto& [campo, value] : ids) {
                if (value->empty() || text.find(*value) == std::string::npos) continue;
                replace_all(text, *value, es ? marker.es : marker.en);
                hallazgos.push_back(json::Object{{"tipo", Value("identificador_filtrado")}, {"campo", Value(campo)}, {"idioma", Value(lang)}});
                identifier = true;
            }
            std::string kept;
            double dropped = 0;
            for (const std::string& s : sentences(text)) {
                if (has_injection(s)) {
                    ++dropped;
                    continue;
                }
                kept += (kept.empty() ? "" : " ") + s;
            }
            if (dropped > 0) {
                hallazgos.push_back(json::Object{{"tipo", Value("instruccion_filtrada")}, {"frases", Value(dropped)}, {"idioma", Value(lang)}});
                instruction = true;
            }
            if (trim(kept).empty()) kept = es ? fallback.es : fallback.en;
            (es ? out.es : out.en) = kept;
        }
        std::vector<std::string> executed;
        for (const std::string& action : m_letter_actions) {
            if (action == kReplyAction) {
                if (std::find(executed.begin(), executed.end(), action) == executed.end()) executed.push_back(action);
                continue;
            }
            bool seen = false;
            for (const Value& h : hallazgos)
                if (h.find("accion") && h.find("accion")->as_string() == action) seen = true;
            if (!seen) hallazgos.push_back(json::Object{{"tipo", Value("accion_bloqueada")}, {"accion", Value(action)}});
            blocked = true;
        }
        const Value& extraccion = get("extraccion");
        if (m_carga && extraccion.is_object()) {
            const Value* confianza = extraccion.find("confianza");
            const bool forced = confianza && confianza->is_number() && confianza->as_number() == 1;
            const bool urgent = is_true(extraccion.find("urgencia")) && c.tipo_atencion != "urgencia";
            if (forced || urgent) {
                hallazgos.push_back(json::Object{{"tipo", Value("extraccion_alterada_por_carga")}});
                altered = true;
            }
        }
        const int severity = blocked ? 3 : (identifier || altered) ? 2 : instruction ? 1 : 0;
        const std::string decision = final_decision();
        const Bilingual notice = texts::ai_notice(decision == "aprobar_parcial" && !is_true(&get("pausa_humana")),
                                                  version_at_least(a.m_plan.version, 1, 5, 1));
        m_salida_final = json::Object{{"es", Value(out.es)}, {"en", Value(out.en)}, {"aviso_ia", bil(notice)}};
        m_guardia_salida = json::Object{{"acciones_ejecutadas", strings(executed)},
                                        {"acciones_intentadas", strings(m_letter_actions)},
                                        {"carga_detectada_en_entrada", Value(m_carga)},
                                        {"hallazgos", Value(std::move(hallazgos))},
                                        {"severidad_accion", Value(severity)}};
        set("severidad_accion", Value(severity));
    }

    // [SECTION] trace
    Value signal(const std::string& name) const {
        if (name == "nodos_visitados") return strings(m_visited);
        if (name == "latencia_total_s") return Value(redondear(static_cast<double>(m_duration_ms) / 1000.0, 3));
        if (name == "tokens") return Value(static_cast<double>(m_token_total));
        const Value* v = m_state.find(name);
        return v ? *v : Value();
    }

    // The trace; the runner is spent afterwards (its records are moved into it).
    Value take_trace() {
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
};

CaseRun Agent::run(const Case& c, const std::string& corrida_id) const {
    CaseRunner runner(*this, c, corrida_id);
    return runner.run();
}

}  // namespace planlang::sim
