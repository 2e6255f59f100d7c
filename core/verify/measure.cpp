// spec/traces-and-verifier.md §6: one pass over the accepted traces, per-case contexts (rule-language.md §4).
#include <algorithm>
#include <cmath>

#include "core/common/thread_local.hpp"
#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/number.hpp"
#include "core/json/unicode.hpp"
#include "core/rules/parser.hpp"
#include "core/verify/internal/measure.hpp"
#include "core/verify/case_context.hpp"

namespace planlang::verify::internal {

using json::Value;

const Value& null_value() {
    static const Value kNull;
    return kNull;
}

const Value& member(const Value& object, std::string_view key) {
    if (!object.is_object()) return null_value();
    const Value* v = object.find(key);
    return v ? *v : null_value();
}

Value ids(const std::vector<std::string>& v) {
    json::Array a;
    a.reserve(v.size());
    for (const std::string& s : v) a.emplace_back(s);
    return a;
}

Value bil(const Bilingual& b) { return json::Object{{"en", b.en}, {"es", b.es}}; }

Value no_evaluables(const std::vector<rules::NotEvaluable>& v) {
    json::Array a;
    for (const rules::NotEvaluable& n : v) a.emplace_back(json::Object{{"caso_id", n.id}, {"motivo", bil(n.motivo)}});
    return a;
}

Text compile(const std::optional<std::string>& source) {
    Text t;
    t.source = source;
    if (!source) return t;
    rules::ParseResult parsed = rules::parse(*source);
    if (parsed.ok()) t.ast = std::move(parsed.ast);
    else t.error = parsed.error->message;
    return t;
}

rules::Meter Rule::meter() const {
    for (const Text* t : {&poblacion, &condicion, &metrica})
        if (t->error) return rules::Meter::malformed(*t->error);
    return rules::Meter(poblacion.ast ? &*poblacion.ast : nullptr, condicion.ast ? &*condicion.ast : nullptr,
                        metrica.ast ? &*metrica.ast : nullptr);
}

namespace {

// Whether the manifest's traces (the order the reader streams them in) have strictly increasing case ids in
// UTF-16 order: the order RF-09.2's recomputed object lists visits in (§4: by case id, then trace order).
bool traces_in_case_order(const Value& manifest) {
    const Value& trazas = member(manifest, "trazas");
    if (!trazas.is_array()) return false;
    const std::string* previous = nullptr;
    for (const Value& entry : trazas.as_array()) {
        const Value& id = member(entry, "caso_id");
        if (!id.is_string()) return false;
        if (previous && !json::utf16_less(*previous, id.as_string())) return false;
        previous = &id.as_string();
    }
    return true;
}

bool is_family_calibration(const plan::MeasurableInTraces& m) {
    for (const std::string& k : m.metricas)
        if (k == "ece" || k == "auroc" || k == "curva_riesgo_cobertura") return true;
    return false;
}

}  // namespace

void Measurer::begin(const run::Inputs& in) {
    inputs = &in;
    plan = &in.plan.plan;
    dominio = &domain_of(plan->dominio_id);
    if (dominio->exactitud_base) exactitud_base = Rule{compile(std::string("todos")), compile(dominio->exactitud_base), {}};
    for (const plan::Criterion& c : plan->criterios_aceptacion) {
        const plan::MeasurementRule& r = c.regla_de_medicion;
        criterios.push_back(Rule{compile(r.poblacion), compile(r.condicion), compile(r.metrica)});
    }
    for (const plan::Risk& r : plan->riesgos) {
        if (r.detector_en_trazas)
            riesgos.push_back(Rule{compile(r.detector_en_trazas->poblacion), compile(r.detector_en_trazas->condicion), {}});
        else
            riesgos.push_back(Rule{});
    }
    for (const plan::Assumption& s : plan->supuestos) {
        if (s.medible_en_trazas) {
            const plan::MeasurableInTraces& m = *s.medible_en_trazas;
            std::optional<std::string> condicion = m.condicion;
            // The calibration rule's condition is fixed by the domain (§10; demo A: correct extraction).
            if (is_family_calibration(m) && !(m.comparacion && *m.comparacion == "linea_base_agente_unico"))
                condicion = dominio->clase_de_calibracion;
            supuestos.push_back(Rule{compile(m.poblacion), compile(condicion), {}});
        } else {
            supuestos.push_back(Rule{});
        }
    }
    for (const plan::Evaluator& e : plan->contrato_de_grafo.evaluadores_requeridos) {
        const BuiltinEvaluator* b = e.tipo == "regla" ? builtin_evaluator(plan->dominio_id, e.id) : nullptr;
        if (b) evaluadores.push_back(Rule{compile(b->poblacion), compile(b->condicion), {}});
        else evaluadores.emplace_back(std::nullopt);
    }
    plan_graph = plan::edge_graph(plan->contrato_de_grafo);
}

const RunState& Measurer::state_of(const run::RunHeader& header) const {
    for (const RunState& s : runs)
        if (s.header == &header || (s.header && s.header->dir == header.dir)) return s;
    return runs.back();
}

RunState& Measurer::state_of(const run::RunHeader& header) {
    return const_cast<RunState&>(static_cast<const Measurer&>(*this).state_of(header));
}

void Measurer::run(const run::RunHeader& header) {
    runs.emplace_back();
    RunState& s = runs.back();
    s.header = &header;
    s.grafo_rf.aristas.assign(header.grafo.aristas_condicionales.begin(), header.grafo.aristas_condicionales.end());
    s.grafo_rf.ramas_por_defecto = header.grafo.ramas_por_defecto;
    const bool measured = header.role != run::Role::base;
    if (measured) read_pairs(s);
    if (measured) {
        for (const Rule& r : criterios) s.criterios.push_back(r.meter());
        for (std::size_t i = 0; i < riesgos.size(); ++i) {
            const plan::Risk& risk = plan->riesgos[i];
            if (!risk.detector_en_trazas) {
                s.riesgos.push_back(rules::Meter::malformed({"sin detector", "no detector"}));
                continue;
            }
            s.riesgos.push_back(riesgos[i].meter());
            if (risk.detector_en_trazas->ambito != "sesion") continue;
            // Session scope (rule-language.md §4): one context per manifest session, `sesion-<numero>`.
            const Value& sesiones = member(header.manifest, "sesiones");
            if (!sesiones.is_array()) continue;
            for (const Value& sesion : sesiones.as_array()) {
                const Value& numero = member(sesion, "numero");
                // The session's casos_ejecutados is its list of case ids (§2); the context holds its length.
                Value count(static_cast<double>(member(sesion, "casos_ejecutados").as_array().size()));
                rules::SessionContext context(&member(sesion, "limites_alcanzados"), &member(sesion, "detenida_por"), &count);
                std::string id = "sesion-" + (numero.is_number() ? json::format_number(numero.as_number()) : std::string("?"));
                s.riesgos.back().add(id, context);
            }
        }
        for (const auto& r : evaluadores) s.evaluadores.push_back(r ? r->meter() : rules::Meter::malformed({"", ""}));
        s.ultima_visita.resize(evaluadores.size());
    }
    if (header.role == run::Role::principal) {
        for (const Rule& r : supuestos) s.supuestos.push_back(r.meter());
        s.confianzas.resize(supuestos.size());
        s.visitas_por_nodo.assign(plan->contrato_de_grafo.nodos_esperados.size(), 0);
        s.senal_presente.assign(plan->contrato_de_grafo.senales_obligatorias_en_traza.size(), 0);
        s.senales_de_umbral.resize(plan->umbrales.size());
        s.volteos.assign(plan->umbrales.size(), 0);
        std::size_t functions = 0;
        for (const plan::Edge& e : plan->contrato_de_grafo.aristas_condicionales) functions += e.is_function;
        s.funciones_con_entradas.assign(functions, true);
        const Value& applied = header.umbrales_aplicados;
        for (std::size_t i = 0; i < plan->umbrales.size(); ++i) {
            const plan::Threshold& u = plan->umbrales[i];
            if (u.rango_jugable.boolean) s.juego.vinculos.emplace_back(u.senal, u.id);
            const Value* current = applied.find(u.id);
            if (!current || !current->is_bool()) continue;
            s.juego.volteados.push_back(applied);
            *s.juego.volteados.back().find(u.id) = Value(!current->as_bool());
            s.juego.volteado.push_back(i);
        }
        s.juego.conjuntos.push_back(&applied);  // the copies are all made: their addresses stay
        for (const Value& t : s.juego.volteados) s.juego.conjuntos.push_back(&t);
    }
    s.conjunto_rf = {&header.umbrales_aplicados};
    s.rf.corrida_id = header.corrida_id;
    s.rf.variante = header.variante;
    s.rf.huella_archivo = member(header.ramas, "huella").is_string() ? member(header.ramas, "huella").as_string() : "";
    if (traces_in_case_order(header.manifest)) {
        // The recomputed ramas object (§4 shape) up to its visits: keys in canonical order, `visitas` last.
        s.rf.flujo = std::make_unique<json::Sha256Stream>();
        json::Sha256Stream& h = *s.rf.flujo;
        h.update("{\"corrida_id\":");
        h.update(json::canonical(member(header.ramas, "corrida_id")));
        h.update(",\"formato\":");
        h.update(json::canonical(member(header.ramas, "formato")));
        h.update(",\"fuente\":");
        h.update(json::canonical(member(header.ramas, "fuente")));
        h.update(",\"umbrales_aplicados\":");
        h.update(json::canonical(header.umbrales_aplicados));
        h.update(",\"visitas\":[");
    }
}

void Measurer::finish() {
    for (RunState& s : runs) {
        if (!s.rf.flujo) continue;
        s.rf.flujo->update("]}");
        s.rf.huella_recomputada = json::to_hex(s.rf.flujo->finish());
        s.rf.flujo.reset();
    }
}

namespace {

bool unusable(const Value& salida) {
    // §10 baseline limitation: either language trimmed is empty, starts with { or [, or contains "placeholder".
    auto bad = [](const Value& v) {
        if (!v.is_string()) return true;
        const std::string& s = v.as_string();
        const auto b = s.find_first_not_of(" \t\n\r");
        if (b == std::string::npos) return true;
        if (s[b] == '{' || s[b] == '[') return true;
        // "placeholder" in any ASCII case, found without a lower-cased copy of the text.
        constexpr std::string_view kWord = "placeholder";
        const auto lower = [](char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; };
        for (std::size_t i = 0; i + kWord.size() <= s.size(); ++i) {
            std::size_t k = 0;
            while (k < kWord.size() && lower(s[i + k]) == kWord[k]) ++k;
            if (k == kWord.size()) return true;
        }
        return false;
    };
    return bad(member(salida, "es")) || bad(member(salida, "en"));
}

}  // namespace

const std::vector<std::string>& Measurer::case_members() {
    // escenario and locale: Domain::emparejamiento's keys (the adherence coach's; other batches have neither).
    static const std::vector<std::string> kMembers = {"tipo", "subtipo", "adversario_detalle", "verdad_conocida", "identificadores_sinteticos",
                                                      "escenario", "locale"};
    return kMembers;
}

void Measurer::trace(const run::RunHeader& header, const run::Trace& trace) {
    const std::unique_ptr<run::TraceMeasure> measured = measure(header, trace);
    apply(header, *measured);
}

void TraceDelta::reset() {
    caso_id.clear();
    for (std::vector<rules::ItemOutcome>* v : {&criterios, &riesgos, &evaluadores, &supuestos}) v->clear();
    ultima_visita.clear();
    confianza.reset();
    caso = CaseRecord();
    pasos.clear();
    primer_error.reset();
    primer_reintento.reset();
    hallazgos.clear();
    senales_presentes.clear();
    nodos.clear();
    con_pausa = false;
    pausas_registradas = 0;
    rf_medido = false;
    rf_sin_registro = false;
    hallazgos_rf.clear();
    rf_visitas = 0;
    rf_discrepancias = 0;
    rf_error = false;
    rf_filas.clear();
    senales_de_umbral.clear();
    volteos.clear();
    visitas_escritoras = 0;
    funciones_con_entradas.clear();
}

namespace {

// Spent deltas of this thread (PooledDelta): no more are kept than two chunks of traces in flight need.
std::vector<std::unique_ptr<TraceDelta>>& spare_deltas() {
    PLANLANG_THREAD_LOCAL std::vector<std::unique_ptr<TraceDelta>> spare;
    return spare;
}
constexpr std::size_t kMaxSpareDeltas = 512;

}  // namespace

PooledDelta::PooledDelta() {
    std::vector<std::unique_ptr<TraceDelta>>& spare = spare_deltas();
    if (spare.empty()) {
        delta = std::make_unique<TraceDelta>();
        return;
    }
    delta = std::move(spare.back());
    spare.pop_back();
    delta->reset();
}

PooledDelta::~PooledDelta() {
    std::vector<std::unique_ptr<TraceDelta>>& spare = spare_deltas();
    if (delta && spare.size() < kMaxSpareDeltas) spare.push_back(std::move(delta));
}

// Domain::emparejamiento: each executed case of the reference rendering, its trace's signals by scenario. The
// traces are read here through the caller's source, before the reader streams them (a trace the reader then
// rejects rejects the whole input, so nothing measured from a bad one survives).
void Measurer::read_pairs(RunState& s) const {
    if (!dominio || !dominio->emparejamiento || !files || !inputs) return;
    const DomainFacts::Pairing& p = *dominio->emparejamiento;
    const std::vector<std::string_view> keys = {p.escenario, p.variante};
    std::map<std::string, std::string> archivos;  // caso_id → trace file, as the manifest lists them
    for (const Value& t : json::array_items(member(s.header->manifest, "trazas")))
        if (member(t, "caso_id").is_string() && member(t, "archivo").is_string())
            archivos[member(t, "caso_id").as_string()] = member(t, "archivo").as_string();
    for (const std::string& id : s.header->casos_ejecutados) {
        const std::optional<Value> c = inputs->batch.find_case_members(id, keys);
        if (!c || member(*c, p.variante) != Value(p.referencia) || !member(*c, p.escenario).is_string()) continue;
        const auto archivo = archivos.find(id);
        if (archivo == archivos.end()) continue;
        const std::optional<run::FileBytes> bytes = files(run::join(s.header->dir, archivo->second));
        if (!bytes) continue;
        json::ReadResult pair = json::read(bytes->view());
        if (!pair.ok()) continue;
        s.pares[member(*c, p.escenario).as_string()] = member(pair.value, "senales");
    }
}

const Value* Measurer::pair_of(const RunState& s, const Value* caso) const {
    if (!dominio || !dominio->emparejamiento || !caso) return nullptr;
    const DomainFacts::Pairing& p = *dominio->emparejamiento;
    const Value& escenario = member(*caso, p.escenario);
    if (member(*caso, p.variante) == Value(p.referencia) || !escenario.is_string()) return nullptr;
    const auto it = s.pares.find(escenario.as_string());
    return it == s.pares.end() ? nullptr : &it->second;
}

std::unique_ptr<run::TraceMeasure> Measurer::measure(const run::RunHeader& header, const run::Trace& read) const {
    const Value& trace = read.tree;
    auto pooled = std::make_unique<PooledDelta>();
    TraceDelta& d = *pooled->delta;
    const RunState& s = state_of(header);
    d.caso_id = member(trace, "caso_id").is_string() ? member(trace, "caso_id").as_string() : "";
    const std::string& caso_id = d.caso_id;
    static const std::vector<std::string_view> kCaseKeys(case_members().begin(), case_members().end());
    // Read into one tree per thread, like the trace itself: nothing taken from it outlives this call.
    PLANLANG_THREAD_LOCAL Value caso_leido;
    const Value* caso = inputs->batch.read_case_members(caso_id, kCaseKeys, caso_leido) ? &caso_leido : nullptr;
    verify::CaseValues owned;
    const rules::CaseBindings bindings = verify::bind_case(trace, read.pauses, caso, header.umbrales_aplicados, owned, pair_of(s, caso));
    const rules::CaseContext context(bindings);
    const Value& senales = member(trace, "senales");
    const std::vector<run::Step>& pasos = read.steps;
    const bool is_error = member(trace, "resultado").is_string() && member(trace, "resultado").as_string() == "error";

    if (header.role != run::Role::base) {
        d.criterios.reserve(s.criterios.size());
        for (const rules::Meter& m : s.criterios) d.criterios.push_back(m.evaluate(context));
        d.riesgos.resize(s.riesgos.size());
        for (std::size_t i = 0; i < s.riesgos.size(); ++i) {
            const auto& detector = plan->riesgos[i].detector_en_trazas;
            if (detector && detector->ambito != "sesion") d.riesgos[i] = s.riesgos[i].evaluate(context);
        }
        d.evaluadores.resize(s.evaluadores.size());
        d.ultima_visita.resize(s.evaluadores.size());
        for (std::size_t i = 0; i < s.evaluadores.size(); ++i) {
            if (!evaluadores[i]) continue;
            d.evaluadores[i] = s.evaluadores[i].evaluate(context);
            if (d.evaluadores[i].condicion != rules::ItemOutcome::Condicion::falsa) continue;
            // §12: a gap's paso is the last visit of the blamed node.
            const BuiltinEvaluator* b = builtin_evaluator(plan->dominio_id, plan->contrato_de_grafo.evaluadores_requeridos[i].id);
            for (const run::Step& p : pasos)
                if (p.nodo == b->nodo) d.ultima_visita[i] = p.orden;
        }
    }
    if (header.role == run::Role::principal) {
        d.supuestos.reserve(s.supuestos.size());
        for (const rules::Meter& m : s.supuestos) d.supuestos.push_back(m.evaluate(context));
        const Value& conf = member(senales, dominio->senal_de_puntaje);
        if (conf.is_number()) d.confianza = conf.as_number();
    }

    // Per-case record.
    CaseRecord& r = d.caso;
    r.id = caso_id;
    const Value& c = caso ? *caso : null_value();
    if (member(c, "tipo").is_string()) r.tipo = member(c, "tipo").as_string();
    if (member(c, "subtipo").is_string()) r.subtipo = member(c, "subtipo").as_string();
    const Value& verdad = member(c, "verdad_conocida");
    r.pausa = member(senales, "pausa_humana") == Value(true);
    r.debe_escalar = member(verdad, "debe_escalar") == Value(true);
    r.correcta = member(senales, "decision_final") == member(verdad, "decision") && !member(verdad, "decision").is_null();
    if (exactitud_base) {
        // The domain's accuracy rule (e.g. dominio.md §7: every envelope as the truth expects).
        const rules::Meter meter = exactitud_base->meter();
        r.correcta_base = meter.evaluate(context).condicion == rules::ItemOutcome::Condicion::verdadera;
    } else {
        r.correcta_base = r.correcta && member(senales, "pausa_humana") == member(verdad, "debe_escalar");
    }
    r.a_persona = member(senales, dominio->senal_de_persona) == Value(true);
    const Value& sev = member(senales, "severidad_accion");
    if (sev.is_number()) r.severidad = sev.as_number();
    else if (member(member(trace, "guardia_salida"), "severidad_accion").is_number())
        r.severidad = member(member(trace, "guardia_salida"), "severidad_accion").as_number();
    if (member(senales, "latencia_total_s").is_number()) r.latencia = member(senales, "latencia_total_s").as_number();
    r.es_error = is_error;
    r.error_proveedor = !member(trace, "error_proveedor").is_null();
    r.respuesta_inutil = !is_error && unusable(member(trace, "salida_final"));

    // Provider errors, schema retries and the budget (§10, §12).
    std::int64_t retries = 0;
    for (const run::Step& p : pasos) {
        const std::int64_t reintentos = p.reintentos_esquema;
        retries += reintentos;
        if (p.error_proveedor) {
            r.error_proveedor = true;
            if (!d.primer_error) d.primer_error = StepMark{caso_id, p.nodo, p.orden, 0};
        }
        if (reintentos > 0 && !d.primer_reintento) d.primer_reintento = StepMark{caso_id, p.nodo, p.orden, 0};
        TraceDelta::StepCost step;
        step.tokens = p.tokens_entrada + p.tokens_salida;
        step.costo = p.costo_nominal_usd;
        if (p.has_tipo_nodo && p.tipo_nodo == "modelo" && (step.tokens > 0 || step.costo > 0)) step.llamadas = 1 + reintentos;
        d.pasos.push_back(step);
    }
    if (d.primer_reintento) d.primer_reintento->reintentos = retries;

    PLANLANG_THREAD_LOCAL rules::RecordedVisits grouped;  // kept by the thread: its lists keep their capacity
    rules::RecordedVisits& visits = grouped;
    rules::group_visits_into(read.records, visits);
    if (header.role == run::Role::principal) {
        measure_contract(s, read, visits, d);
        measure_playground(s, trace, visits, d);
    }
    measure_rf092(s, read, visits, is_error, d);
    return pooled;
}

void Measurer::apply(const run::RunHeader& header, run::TraceMeasure& measured) {
    TraceDelta& d = *static_cast<PooledDelta&>(measured).delta;
    RunState& s = state_of(header);
    const std::string& caso_id = d.caso_id;
    ++s.trazas;
    if (progress) progress(header.corrida_id, static_cast<std::size_t>(s.trazas), header.casos_ejecutados.size());

    if (header.role != run::Role::base) {
        for (std::size_t i = 0; i < s.criterios.size(); ++i) s.criterios[i].record(caso_id, d.criterios[i]);
        for (std::size_t i = 0; i < s.riesgos.size(); ++i) {
            const auto& detector = plan->riesgos[i].detector_en_trazas;
            if (detector && detector->ambito != "sesion") s.riesgos[i].record(caso_id, d.riesgos[i]);
        }
        for (std::size_t i = 0; i < s.evaluadores.size(); ++i) {
            if (!evaluadores[i]) continue;
            const std::size_t before = s.evaluadores[i].result().falsos.size();
            s.evaluadores[i].record(caso_id, d.evaluadores[i]);
            if (s.evaluadores[i].result().falsos.size() != before) s.ultima_visita[i][caso_id] = d.ultima_visita[i];
        }
    }
    if (header.role == run::Role::principal) {
        for (std::size_t i = 0; i < s.supuestos.size(); ++i) {
            const auto before_t = s.supuestos[i].result().verdaderos.size();
            const auto before_f = s.supuestos[i].result().falsos.size();
            s.supuestos[i].record(caso_id, d.supuestos[i]);
            const bool judged_true = s.supuestos[i].result().verdaderos.size() != before_t;
            const bool judged = judged_true || s.supuestos[i].result().falsos.size() != before_f;
            if (judged && d.confianza) s.confianzas[i].push_back(RunState::Confidence{caso_id, *d.confianza, judged_true});
        }
    }
    for (const TraceDelta::StepCost& step : d.pasos) {
        s.presupuesto.tokens += step.tokens;
        s.presupuesto.costo += step.costo;
        s.presupuesto.llamadas += step.llamadas;
    }
    if (d.primer_error) s.errores_proveedor.push_back(std::move(*d.primer_error));
    if (d.primer_reintento) s.reintentos.push_back(std::move(*d.primer_reintento));
    s.casos.push_back(std::move(d.caso));

    if (header.role == run::Role::principal) {
        apply_contract(s, d);
        apply_playground(s, d);
    }
    apply_rf092(s, d);
}

}  // namespace planlang::verify::internal
