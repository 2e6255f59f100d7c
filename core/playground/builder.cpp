// spec/playground.md §1–§4, §6 and §7: building the compact from the main run's traces.
#include <algorithm>
#include <set>

#include "core/json/reader.hpp"
#include "core/playground/internal/builder.hpp"
#include "core/rules/parser.hpp"
#include "core/verify/case_context.hpp"
#include "core/verify/domain_facts.hpp"

namespace planlang::playground::internal {

using json::Value;

namespace {

const Value& member(const Value& object, std::string_view key) { return json::member_or_null(object, key); }

bool contains(const std::vector<std::string>& list, std::string_view item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

// Every branch a node may take: each edge's si_verdadero and si_falso, then the default.
std::vector<std::string> branch_targets(const Compact& c, const std::string& node) {
    std::vector<std::string> targets;
    for (const rules::Edge* e : c.grafo.edges_of(node)) {
        targets.push_back(e->si_verdadero);
        if (e->si_falso) targets.push_back(*e->si_falso);
    }
    if (std::optional<std::string> d = c.grafo.default_branch(node)) targets.push_back(*d);
    return targets;
}

// The fixed root names a trace binds (rule-language.md §4) besides its signals.
constexpr const char* kTraceRoots[] = {"extraccion", "salida_final", "documento_adverso", "interrupt_payload", "error_de_esquema_en_traspaso"};
// §7: keys known to be written after deciding.
const std::vector<std::string> kOutcomeKeys = {"pausa_humana", "decision_final", "nodos_visitados", "severidad_accion", "latencia_total_s", "tokens",
                                               "error_proveedor", "error_de_esquema_en_traspaso", "salida_final", "documento_adverso",
                                               "interrupt_payload"};
// §6: case facts.
const std::vector<std::string> kCaseFacts = {"todos", "caso", "tipo", "subtipo", "adversario_detalle", "verdad_conocida", "umbral",
                                             "identificadores_sinteticos"};
const std::vector<std::string_view> kCaseMembers = {"tipo", "subtipo", "adversario_detalle", "verdad_conocida", "identificadores_sinteticos"};

// Whether any of the rule's texts reads `par_de_referencia` (Measure::empareja).
bool pairs_cases(std::initializer_list<const std::optional<std::string>*> texts) {
    for (const std::optional<std::string>* text : texts)
        if (text && *text && rules::reads_root(**text, {"par_de_referencia"})) return true;
    return false;
}

rules::Meter meter_of(const std::string& poblacion, const std::optional<std::string>& condicion, const std::optional<std::string>& metrica) {
    std::optional<rules::Node> texts[3];
    const std::optional<std::string> sources[3] = {poblacion, condicion, metrica};
    for (int i = 0; i < 3; ++i) {
        if (!sources[i]) continue;
        rules::ParseResult parsed = rules::parse(*sources[i]);
        if (!parsed.ok()) return rules::Meter::malformed(parsed.error->message);
        texts[i] = std::move(parsed.ast);
    }
    return rules::Meter(&*texts[0], texts[1] ? &*texts[1] : nullptr, texts[2] ? &*texts[2] : nullptr);
}

// §6 per-case result from the rule engine's outcome for one item.
Result result_of(const rules::ItemOutcome& o) {
    using P = rules::ItemOutcome::Poblacion;
    using C = rules::ItemOutcome::Condicion;
    switch (o.poblacion) {
        case P::fuera: return Result::fuera;
        case P::fuera_por_nulo: return Result::nulo;
        case P::dentro: break;
        default: return Result::ne;  // not evaluable, suspicious (malformed on this case alone), or a malformed meter
    }
    switch (o.condicion) {
        case C::sin_condicion:
        case C::verdadera: return Result::v;
        case C::falsa: return Result::f;
        default: return Result::ne;
    }
}

}  // namespace

Builder::Builder(const LoadRequest& request, const run::FileSource& files) : m_request(request), m_files(files) {}

void Builder::begin(const run::Inputs& inputs) {
    m_inputs = &inputs;
    Compact& c = *m_compact;
    const plan::Plan& plan = inputs.plan.plan;
    c.plan_id = plan.id;
    c.dominio_id = plan.dominio_id;
    c.plan_huella = inputs.plan.huella;
    for (const plan::Threshold& u : plan.umbrales) {
        Threshold t;
        t.id = u.id;
        t.senal = u.senal;
        t.valor_en_plan = u.valor_en_plan;
        t.booleano = u.rango_jugable.boolean;
        t.min = u.rango_jugable.min;
        t.max = u.rango_jugable.max;
        t.paso = u.rango_jugable.paso;
        t.costo_humano_por_caso_min = u.costo_humano_por_caso_min;
        // §3.2: a switch binds its signal.
        if (t.booleano) c.ligaduras.emplace_back(u.senal, u.id);
        c.umbrales.push_back(std::move(t));
    }
    c.umbrales_del_plan = plan.threshold_values();
    // §1's minutes need the graph: decided in run().

    // The measures: every criterion, then every case-scope risk detector.
    std::size_t metrics = 0;
    for (const plan::Criterion& k : plan.criterios_aceptacion) {
        Measure m;
        m.kind = Measure::Kind::criterio;
        m.id = k.id;
        m.agregacion = k.regla_de_medicion.agregacion;
        m.tipo = k.tipo;
        m.objetivo = k.valor_objetivo;
        m.con_metrica = k.regla_de_medicion.metrica.has_value();
        if (m.con_metrica) m.metrica = metrics++;
        const std::optional<std::string> poblacion = k.regla_de_medicion.poblacion;
        m.empareja = pairs_cases({&poblacion, &k.regla_de_medicion.condicion, &k.regla_de_medicion.metrica});
        c.medidas.push_back(std::move(m));
        m_meters.push_back(meter_of(k.regla_de_medicion.poblacion, k.regla_de_medicion.condicion, k.regla_de_medicion.metrica));
    }
    for (std::size_t i = 0; i < plan.riesgos.size(); ++i) {
        const plan::Risk& r = plan.riesgos[i];
        if (!r.detector_en_trazas || r.detector_en_trazas->ambito == "sesion") continue;
        Measure m;
        m.kind = Measure::Kind::riesgo;
        m.id = r.id;
        m.tipo_detector = r.detector_en_trazas->tipo;
        m.ocurre_si = r.detector_en_trazas->ocurre_si;
        m.severidad = r.severidad;
        m.riesgo = i;
        const std::optional<std::string> poblacion = r.detector_en_trazas->poblacion, condicion = r.detector_en_trazas->condicion;
        m.empareja = pairs_cases({&poblacion, &condicion});
        c.medidas.push_back(std::move(m));
        m_meters.push_back(meter_of(r.detector_en_trazas->poblacion, r.detector_en_trazas->condicion, std::nullopt));
    }
    c.filas.medidas = c.medidas.size();
    c.filas.metricas = metrics;

    // §2: the demo's options, next to the plan unless given.
    std::optional<std::string> options = m_request.opciones;
    std::string where = "(dado)";
    if (!options) {
        const std::string& archivo = inputs.plan.archivo;
        const std::size_t slash = archivo.rfind('/');
        const std::string folder = slash == std::string::npos ? "" : archivo.substr(0, slash);
        where = run::join(folder, "playground.json");
        // The plan's name is repository-relative when the manifest names it (resolved against the root), or a
        // path as given (--plan): try both.
        std::optional<run::FileBytes> bytes = m_files(run::join(m_request.lectura.root, where));
        if (!bytes) bytes = m_files(where);
        if (bytes) options = std::string(bytes->view());
    }
    if (!options) {
        m_problemas.push_back(Issue{"PLAYGROUND_SIN_DEMO", where,
                                    {"este plan no tiene manifiesto de playground (playground.json junto al plan, o --demo ARCHIVO): no se sabe qué señal es la propuesta ni qué claves se conocen al decidir",
                                     "this plan has no playground manifest (playground.json next to the plan, or --demo FILE): which signal is the proposal and which keys are known when deciding is not declared"}});
        return;
    }
    for (Issue& i : read_demo_options(*options, c.opciones)) {
        i.element = where + " · " + i.element;
        m_problemas.push_back(std::move(i));
    }
}

void Builder::run(const run::RunHeader& header) {
    if (header.role != run::Role::principal) return;
    m_main_seen = true;
    Compact& c = *m_compact;
    c.corrida_id = header.corrida_id;
    for (const plan::Edge& e : header.grafo.aristas_condicionales) c.grafo.aristas.push_back(e);
    c.grafo.ramas_por_defecto = header.grafo.ramas_por_defecto;
    for (const rules::Edge& e : c.grafo.aristas) {
        if (e.is_function) {
            for (const std::string& s : e.funcion_entradas)
                if (!contains(m_edge_signals, s)) m_edge_signals.push_back(s);
        } else if (!contains(m_edge_signals, e.senal)) {
            m_edge_signals.push_back(e.senal);
        }
    }
    for (const plan::Pause& p : header.grafo.pausas_humanas) m_pause_nodes.push_back(p.nodo);
    m_writers = c.grafo.writer_nodes();
    for (const auto& [node, branch] : c.grafo.ramas_por_defecto)
        if (!contains(m_writers, node)) m_writers.push_back(node);

    // §3.3: writer nodes with an edge whose value is a threshold or that reads a bound signal.
    auto bound = [&](const std::string& signal) {
        return std::any_of(c.ligaduras.begin(), c.ligaduras.end(), [&](const auto& l) { return l.first == signal; });
    };
    for (const std::string& node : c.grafo.writer_nodes()) {
        bool playable = false;
        for (const rules::Edge* e : c.grafo.edges_of(node)) {
            if (e->is_function) playable = playable || std::any_of(e->funcion_entradas.begin(), e->funcion_entradas.end(), bound);
            else playable = playable || (e->valor.is_string() && e->valor.as_string().rfind("umbral.", 0) == 0) || bound(e->senal);
        }
        if (playable) c.nodos_jugables.push_back(node);
    }

    // §3.4: the outcome of every branch target of a playable node, following the graph's langgraph edges.
    std::vector<std::pair<std::string, std::string>> flow;
    for (const Value& e : json::array_items(member(member(header.grafo.document, "langgraph"), "edges"))) {
        const Value& s = member(e, "source");
        const Value& t = member(e, "target");
        if (s.is_string() && t.is_string()) flow.emplace_back(s.as_string(), t.as_string());
    }
    auto outcome_of = [&](const std::string& target) {
        std::string node = target;
        std::set<std::string> seen;
        while (true) {
            if (contains(m_pause_nodes, node)) return Outcome::persona;
            if (node == "__end__") return Outcome::solo;
            if (contains(m_writers, node) || !seen.insert(node).second) return Outcome::no_observado;
            const std::string* next = nullptr;
            std::size_t out = 0;
            for (const auto& [s, t] : flow)
                if (s == node) {
                    ++out;
                    next = &t;
                }
            if (out != 1) return Outcome::no_observado;  // a fork or a dead end
            node = *next;
        }
    };
    for (const std::string& node : c.nodos_jugables) {
        const std::vector<std::string> targets = branch_targets(c, node);
        for (const std::string& t : targets)
            if (std::none_of(c.desenlace_de_rama.begin(), c.desenlace_de_rama.end(), [&](const auto& d) { return d.first == t; }))
                c.desenlace_de_rama.emplace_back(t, outcome_of(t));
    }
    decide_minutes();
}

// §1: a person costs the common value the thresholds declare. We read "a person" as the graph's human pause,
// the only person the replay counts (§5): the thresholds that count are those an edge of a playable node reads
// when one of that node's branches leads to a pause. A threshold whose edges never reach a pause declares the
// cost of another person the replay does not see (the adherence coach's U3, 10 minutes of a human coach who
// takes the conversation over, beside U2/U4's 4 reviewer minutes) and does not disagree. Demo A: all four
// thresholds reach `pausa_humana` and declare 12.
void Builder::decide_minutes() {
    Compact& c = *m_compact;
    std::vector<std::string> reaching;  // ids of thresholds some pause-reaching node's edge reads
    for (const std::string& node : c.nodos_jugables) {
        const std::vector<std::string> targets = branch_targets(c, node);
        const bool to_person = std::any_of(targets.begin(), targets.end(), [&](const std::string& t) {
            return std::any_of(c.desenlace_de_rama.begin(), c.desenlace_de_rama.end(),
                               [&](const auto& d) { return d.first == t && d.second == Outcome::persona; });
        });
        if (!to_person) continue;
        for (const Threshold& u : c.umbrales)
            for (const rules::Edge* e : c.grafo.edges_of(node)) {
                const bool reads = e->is_function ? u.booleano && contains(e->funcion_entradas, u.senal)
                                                  : (e->valor.is_string() && e->valor.as_string() == "umbral." + u.id) ||
                                                        (u.booleano && e->senal == u.senal);
                if (reads && !contains(reaching, u.id)) reaching.push_back(u.id);
            }
    }
    std::set<double> costs;
    for (const Threshold& u : c.umbrales)
        if (u.costo_humano_por_caso_min && contains(reaching, u.id)) costs.insert(*u.costo_humano_por_caso_min);
    if (costs.size() > 1)
        m_problemas.push_back(Issue{"PLAYGROUND_MINUTOS_DISTINTOS", "umbrales",
                                    {"los umbrales que llevan un caso a una persona declaran costos humanos por caso distintos; el playground no "
                                     "sabe cuántos minutos cuesta una persona",
                                     "the thresholds that send a case to a person declare different human costs per case; the playground cannot "
                                     "tell what a person costs in minutes"}});
    else if (costs.size() == 1)
        c.minutos_por_persona = *costs.begin();
}

void Builder::evaluate_row(const rules::Context& context, std::uint32_t row) {
    Compact& c = *m_compact;
    for (std::size_t k = 0; k < m_meters.size(); ++k) {
        const rules::ItemOutcome o = m_meters[k].evaluate(context);
        const Result r = result_of(o);
        c.filas.result(row, k) = r;
        const Measure& m = c.medidas[k];
        if (m.con_metrica) c.filas.set_metric(row, m.metrica, r == Result::fuera || r == Result::nulo ? std::nullopt : o.metrica);
    }
}

void Builder::trace(const run::RunHeader& header, const run::Trace& trace) {
    if (header.role != run::Role::principal || !m_problemas.empty()) return;
    add_case(trace);
}

void Builder::add_case(const run::Trace& read) {
    Compact& c = *m_compact;
    const Value& trace = read.tree;
    const Value& senales = member(trace, "senales");
    Case k;
    k.id = member(trace, "caso_id").is_string() ? member(trace, "caso_id").as_string() : "";
    const std::string element = c.corrida_id + "/trazas/" + k.id;

    // §7: every key of the recorded context must be a case fact, known before deciding, or an outcome.
    auto classified = [&](const std::string& key) {
        return contains(kCaseFacts, key) || contains(m_edge_signals, key) || contains(c.opciones.claves_previas, key) || contains(kOutcomeKeys, key) ||
               contains(c.opciones.claves_del_desenlace, key);
    };
    std::vector<std::string> keys;
    if (senales.is_object())
        for (const json::Member& m : senales.as_object()) keys.push_back(m.key);
    for (const char* root : kTraceRoots) keys.emplace_back(root);
    for (const std::string& key : keys)
        if (!classified(key)) {
            m_problemas.push_back(Issue{"PLAYGROUND_CLAVE_SIN_CLASIFICAR", element + " · senales." + key,
                                        {"la clave «" + key + "» no es un hecho del caso, ni se conoce al decidir (señal de arista o claves_previas), ni es un desenlace (claves_del_desenlace): un contrafactual podría filtrar un valor posterior a la decisión",
                                         "the key “" + key + "” is neither a case fact, nor known when deciding (an edge signal or claves_previas), nor an outcome (claves_del_desenlace): a counterfactual could leak a value written after deciding"}});
            return;
        }

    std::optional<Value> caso = m_inputs->batch.find_case_members(k.id, kCaseMembers);
    static const Value kNoCase;
    const Value& batch_case = caso ? *caso : kNoCase;
    k.tipo = member(batch_case, "tipo").is_string() ? member(batch_case, "tipo").as_string() : "";
    k.subtipo = member(batch_case, "subtipo").is_string() ? member(batch_case, "subtipo").as_string() : "";
    const Value& verdad = member(batch_case, "verdad_conocida");
    if (const TruthRule* rule = truth_rule_of(m_inputs->plan.plan.dominio_id)) {
        k.verdad_por_ajuste = rule->read(verdad);
        k.verdad_sin_umbrales = rule->fixed();
    }
    k.debe_escalar = member(verdad, "debe_escalar") == Value(true);
    k.decision_verdad = member(verdad, "decision");
    k.decision_registrada = member(senales, "decision_final");
    k.registrado = read.pauses.empty() ? Outcome::solo : Outcome::persona;
    const std::string& person = verify::person_signal(m_inputs->plan.plan.dominio_id);
    k.a_persona = person == "pausa_humana" ? k.registrado == Outcome::persona : member(senales, person) == Value(true);
    k.error_proveedor = !member(trace, "error_proveedor").is_null() ||
                        std::any_of(read.steps.begin(), read.steps.end(), [](const run::Step& s) { return s.error_proveedor; });
    for (const Threshold& u : c.umbrales) c.senales_de_umbral.push_back(member(senales, u.senal));

    // The recorded path (§6: the whole recorded context, `umbral` the plan's values).
    verify::CaseValues owned;
    const rules::CaseBindings recorded = verify::bind_case(trace, read.pauses, caso ? &*caso : nullptr, c.umbrales_del_plan, owned);
    k.fila_registrada = c.filas.add();
    evaluate_row(rules::CaseContext(recorded), k.fila_registrada);

    // §3.1: visits, each with its rebuilt signals (rule-language.md §7.6).
    rules::RecordedVisits grouped;
    rules::group_visits_into(read.records, grouped);
    std::vector<std::vector<std::pair<std::string, const Value*>>> rebuilt(grouped.visits.size());
    k.visitas_begin = static_cast<std::uint32_t>(c.visitas.size());
    for (std::size_t i = 0; i < grouped.visits.size(); ++i) {
        const rules::RecordedVisits::Visit& g = grouped.visits[i];
        auto& state = rebuilt[i];
        auto set = [&](const std::string& name, const Value* value) {
            for (auto& entry : state)
                if (entry.first == name) {
                    entry.second = value;
                    return;
                }
            state.emplace_back(name, value);
        };
        Visit v;
        v.paso = g.paso;
        v.desde = c.name(*g.desde);
        v.rama = kNone;
        for (const rules::RecordedEdge* r : g.records) {
            if (r->has_rama && v.rama == kNone) v.rama = c.name(r->rama_tomada);
            if (r->state == rules::RecordedEdge::State::funcion) {
                for (const json::Member& m : r->entradas.as_object()) set(m.key, &m.value);
            } else if (r->state == rules::RecordedEdge::State::tripleta) {
                set(r->senal, &r->valor_observado);
            }
        }
        v.jugable = contains(c.nodos_jugables, *g.desde);
        v.senales_begin = static_cast<std::uint32_t>(c.senales.size());
        if (v.jugable)
            for (const auto& [name, value] : state) c.senales.push_back(Signal{c.name(name), *value});
        v.senales_end = static_cast<std::uint32_t>(c.senales.size());
        c.visitas.push_back(v);
    }
    k.visitas_end = static_cast<std::uint32_t>(c.visitas.size());
    if (grouped.invalid > 0) k.visitas_end = k.visitas_begin;  // unreadable records: nothing to replay (RF-09.2 reports them)

    // §6: one row per playable visit and distinct outcome among its node's branch targets.
    k.caminos_begin = static_cast<std::uint32_t>(c.caminos.size());
    const std::size_t n_visits = k.visitas_end - k.visitas_begin;
    for (std::size_t i = 0; i < n_visits; ++i) {
        const Visit& v = c.visitas[k.visitas_begin + i];
        if (!v.jugable) continue;
        const std::string& node = c.nombres[v.desde];
        std::vector<Outcome> outcomes;
        auto note = [&](const std::string& target) {
            Outcome o = Outcome::no_observado;
            for (const auto& [t, d] : c.desenlace_de_rama)
                if (t == target) o = d;
            if (std::find(outcomes.begin(), outcomes.end(), o) == outcomes.end()) outcomes.push_back(o);
        };
        for (const rules::Edge* e : c.grafo.edges_of(node)) {
            note(e->si_verdadero);
            if (e->si_falso) note(*e->si_falso);
        }
        if (std::optional<std::string> d = c.grafo.default_branch(node)) note(*d);
        // The keys known when deciding (§6 "new-path context").
        json::Object known;
        auto put = [&](const std::string& key, const Value& value) {
            for (json::Member& m : known)
                if (m.key == key) {
                    m.value = value;
                    return;
                }
            known.push_back({key, value});
        };
        const bool last = i + 1 == n_visits;
        const Value* extraccion = nullptr;
        if (last) {
            for (const std::string& s : m_edge_signals)
                if (const Value* value = senales.is_object() ? senales.find(s) : nullptr) put(s, *value);
            for (const std::string& s : c.opciones.claves_previas) {
                if (s == "extraccion") extraccion = trace.find("extraccion");
                else if (const Value* value = senales.is_object() ? senales.find(s) : nullptr) put(s, *value);
            }
        } else {
            for (std::size_t j = 0; j <= i; ++j)
                for (const auto& [name, value] : rebuilt[j]) put(name, *value);
        }
        for (const Outcome o : outcomes) {
            json::Object path_signals = known;
            Value proposal;
            for (const json::Member& m : known)
                if (m.key == c.opciones.senal_propuesta) proposal = m.value;
            if (o == Outcome::persona) {
                path_signals.push_back({"pausa_humana", true});
                path_signals.push_back({"decision_final", k.decision_verdad});
            } else if (o == Outcome::solo) {
                path_signals.push_back({"pausa_humana", false});
                if (proposal.is_string()) path_signals.push_back({"decision_final", proposal});
            }
            const Value senales_del_camino(std::move(path_signals));
            rules::CaseBindings b;
            b.senales = &senales_del_camino;
            b.caso = &owned.caso;
            b.extraccion = extraccion;
            b.tipo = batch_case.find("tipo");
            b.subtipo = batch_case.find("subtipo");
            b.adversario_detalle = batch_case.find("adversario_detalle");
            b.verdad_conocida = batch_case.find("verdad_conocida");
            b.identificadores_sinteticos = batch_case.find("identificadores_sinteticos");
            b.umbral = &c.umbrales_del_plan;
            Path p;
            p.visita = static_cast<std::uint32_t>(i);
            p.desenlace = o;
            p.fila = c.filas.add();
            evaluate_row(rules::CaseContext(b), p.fila);
            c.caminos.push_back(p);
        }
    }
    k.caminos_end = static_cast<std::uint32_t>(c.caminos.size());
    c.casos.push_back(std::move(k));
}

std::shared_ptr<Compact> Builder::take() {
    Compact& c = *m_compact;
    // Routes per node index, pointing into c.grafo (which no longer changes).
    c.rutas.assign(c.nombres.size(), {});
    for (const std::string& node : c.nodos_jugables) {
        const std::uint32_t n = c.name(node);
        if (c.rutas.size() < c.nombres.size()) c.rutas.resize(c.nombres.size());
        Compact::NodeRoute& route = c.rutas[n];
        route.jugable = true;
        route.aristas = c.grafo.edges_of(node);
        route.por_defecto = c.grafo.default_branch_of(node, route.aristas);
        for (const rules::Edge* e : route.aristas) {
            std::uint32_t mask = 0;
            auto depends = [&](const std::string& id) {
                for (std::size_t t = 0; t < c.umbrales.size(); ++t)
                    if (c.umbrales[t].id == id) mask |= t < 32 ? (1u << t) : 0xFFFFFFFFu;
            };
            auto bound = [&](const std::string& signal) {
                for (const auto& [sig, id] : c.ligaduras)
                    if (sig == signal) depends(id);
            };
            if (e->is_function) {
                for (const std::string& input : e->funcion_entradas) bound(input);
            } else {
                if (e->valor.is_string() && e->valor.as_string().rfind("umbral.", 0) == 0) {
                    const std::string id = e->valor.as_string().substr(7);
                    const std::uint32_t before = mask;
                    depends(id);
                    if (mask == before) mask = 0xFFFFFFFFu;  // an unknown threshold: judged at every move (it fails)
                }
                bound(e->senal);
            }
            if (c.umbrales.size() > 32 || route.aristas.size() > 64) mask = 0xFFFFFFFFu;
            route.dependencias.push_back(mask);
            route.mascara |= mask;
        }
    }
    for (const auto& [target, outcome] : c.desenlace_de_rama) c.name(target);
    c.desenlace_por_nombre.assign(c.nombres.size(), Outcome::no_observado);
    for (const auto& [target, outcome] : c.desenlace_de_rama) c.desenlace_por_nombre[c.name(target)] = outcome;
    if (c.rutas.size() < c.nombres.size()) c.rutas.resize(c.nombres.size());
    return std::move(m_compact);
}

Issues attach_report(Compact& c) {
    Issues problems;
    const Value& r = c.informe;
    if (member(r, "corrida_id") != Value(c.corrida_id))
        problems.push_back(Issue{"PLAYGROUND_INFORME_AJENO", "informe.json · corrida_id",
                                 {"el informe es de otra corrida, no de " + c.corrida_id, "the report is of another run, not of " + c.corrida_id}});
    auto find_in = [&](const char* section, const std::string& id) -> const Value* {
        const Value& list = member(r, section);
        if (!list.is_array()) return nullptr;
        for (const Value& item : list.as_array())
            if (member(item, "id") == Value(id)) return &item;
        return nullptr;
    };
    for (Measure& m : c.medidas) {
        const Value* item = find_in(m.kind == Measure::Kind::criterio ? "criterios" : "riesgos", m.id);
        if (!item) continue;  // the self-check names it
        m.estado_informe = member(*item, "estado").is_string() ? member(*item, "estado").as_string() : "";
        m.valor_informe = member(*item, m.kind == Measure::Kind::criterio ? "valor_medido" : "valor");
    }
    return problems;
}

}  // namespace planlang::playground::internal
