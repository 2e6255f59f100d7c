// The simulated agent's nodes before the decision (synthetic-and-simulation.md §10): the router with the
// input guard, the extractor stand-in, the clarification loop, the coverage checker, and the human pause
// with its payload, evidence and the truth-following auditor.
#include <algorithm>

#include "core/json/number.hpp"
#include "core/sim/demo_a/injection.hpp"
#include "core/sim/demo_a/internal/case_runner.hpp"
#include "core/json/object_builder.hpp"
#include "core/sim/internal/texts.hpp"

namespace planlang::sim::demo_a {

using json::ObjectBuilder;
using json::Value;
using namespace internal;

std::string CaseRunner::masked(std::string text) const {
    for (const std::string* id : {&c.documento, &c.nombre, &c.telefono, &c.correo, &c.historia_clinica})
        replace_all(text, *id, "[protegido]");
    return text;
}

Bilingual CaseRunner::service_name(const std::string& codigo) const {
    const synth::Procedure* p = a.m_world.procedure(codigo);
    return p ? p->nombre : Bilingual{codigo, codigo};
}

const std::string& CaseRunner::masked_note() {
    if (!m_masked_note) m_masked_note = masked(c.texto_medico.es);
    return *m_masked_note;
}

const std::string& CaseRunner::masked_remarks() {
    if (!m_masked_remarks) m_masked_remarks = masked(c.observaciones_orden.es);
    return *m_masked_remarks;
}

// The prompt is "<heading>" + catalog + "\nAfiliado: sexo <sexo>, edad <edad>.\nNota del médico:\n<note>\nObservaciones
// de la orden:\n<remarks>\n" [+ "Respuestas del médico:\n" + "<ciclo>. <reply>\n" per reply]; code points add up
// over the pieces, so it is measured piece by piece.
std::size_t CaseRunner::case_prompt_points(bool with_coverage, bool with_replies) {
    std::size_t n = code_points(with_coverage ? "Catálogo de procedimientos con su estado de cobertura:\n" : "Catálogo de procedimientos:\n") +
                    a.m_catalog_points[with_coverage ? 1 : 0] + code_points("\nAfiliado: sexo ") + code_points(c.sexo) +
                    code_points(", edad ") + code_points(std::to_string(c.edad)) + code_points(".\nNota del médico:\n") +
                    code_points(masked_note()) + code_points("\nObservaciones de la orden:\n") + code_points(masked_remarks()) + 1;
    if (with_replies && !m_clarifications.empty()) {
        n += code_points("Respuestas del médico:\n");
        for (const Value& item : m_clarifications)
            n += code_points(json::format_number(item.find("ciclo")->as_number())) + 2 + code_points(masked(item.find("respuesta")->as_string())) + 1;
    }
    return n;
}

// The extraction the model stand-in returns: campos_extraidos with fields not yet known set to null.
Value CaseRunner::extraction_fields(std::int64_t replies_delivered) const {
    json::Object campos;
    campos.reserve(kFieldNames.size());
    for (const std::string& f : kFieldNames) {
        // known: present in the text, or supplied by a reply already delivered
        bool known = std::find(c.campos_ausentes_en_texto.begin(), c.campos_ausentes_en_texto.end(), f) == c.campos_ausentes_en_texto.end();
        for (const Clarification& r : c.aclaraciones_simuladas)
            if (!known && r.ciclo <= replies_delivered && std::find(r.aporta.begin(), r.aporta.end(), f) != r.aporta.end()) known = true;
        campos.push_back({f, known ? c.campos_extraidos.get(f) : Value()});
    }
    return campos;
}

void CaseRunner::write_extraction(Value campos) {
    json::Array faltantes;
    for (const char* f : {"procedimiento", "diagnostico", "costo_estimado"})
        if (campos.find(f)->is_null()) faltantes.push_back(Value(f));
    const double count = static_cast<double>(faltantes.size());
    const Value costo = *campos.find("costo_estimado");
    const bool urgencia = is_true(campos.find("urgencia"));
    set("extraccion", ObjectBuilder(5)
                          .add("campos", std::move(campos))
                          .add("campos_faltantes", Value(std::move(faltantes)))
                          .add("confianza", Value(c.confianza_extractor))
                          .add("costo_estimado", costo)
                          .add("urgencia", Value(urgencia))
                          .done());
    set("senal_confianza", Value(c.confianza_extractor));
    set("campos_faltantes_count", Value(count));
    set("costo_estimado", costo);
}

void CaseRunner::router() {
    set("tipo_atencion", Value(c.tipo_atencion));
    const synth::Procedure* ordered = a.m_world.procedure(c.codigo_orden);
    set("servicio_exento", Value(ordered && ordered->estado == "exento"));
    const plan::Threshold* texas = threshold_on("modo_texas");
    set("modo_texas", Value(texas && applied(texas->id).is_bool() && applied(texas->id).as_bool()));
    m_carga = has_injection(c.texto_medico.es) || has_injection(c.observaciones_orden.es);
    if (a.m_plan.is_required_signal("carga_detectada")) set("carga_detectada", Value(m_carga));
}

void CaseRunner::extractor() {
    const std::int64_t delivered = static_cast<std::int64_t>(get("ciclos_aclaracion").as_number());
    Value campos = extraction_fields(delivered);
    const std::size_t response = ResponsePoints().member("campos", campos).member("confianza", Value(c.confianza_extractor)).total();
    m_tokens = count_tokens(texts::kSystemExtractor, case_prompt_points(false, true), response);
    write_extraction(std::move(campos));
    set("proveedor_no_disponible", Value(false));
}

std::optional<std::string> CaseRunner::clarification(std::int64_t paso) {
    // The node first evaluates its edges; a pausing visit makes no call.
    std::optional<std::string> branch = route("aclaracion", paso);
    if (!branch) return std::nullopt;
    const plan::Node* target = a.m_graph.node(*branch);
    if (target && target->tipo == "pausa_humana") return branch;
    const std::int64_t ciclo = static_cast<std::int64_t>(get("ciclos_aclaracion").as_number()) + 1;
    std::string faltan;
    if (const Value* x = get("extraccion").is_object() ? get("extraccion").find("campos_faltantes") : nullptr)
        for (const Value& f : x->as_array()) faltan += (faltan.empty() ? "" : ", ") + f.as_string();
    // the prompt: "Datos que faltan: <faltan>\nNota del médico:\n<note>\n"
    const std::size_t prompt = code_points("Datos que faltan: ") + code_points(faltan) + code_points("\nNota del médico:\n") +
                               code_points(masked_note()) + 1;
    m_tokens = count_tokens(texts::kSystemQuestion, prompt, ResponsePoints().text("pregunta", texts::kQuestion).total());
    std::string reply = texts::kNoReply;
    for (const Clarification& r : c.aclaraciones_simuladas)
        if (r.ciclo == ciclo) reply = r.texto.es;
    m_clarifications.push_back(ObjectBuilder(3)
                                   .add("ciclo", Value(static_cast<double>(ciclo)))
                                   .add("pregunta", Value(texts::kQuestion))
                                   .add("respuesta", Value(reply))
                                   .done());
    set("ciclos_aclaracion", Value(static_cast<double>(ciclo)));
    return branch;
}

void CaseRunner::checker() {
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
    ObjectBuilder cobertura(9);
    cobertura.add("alto_costo", Value(alto_costo))
        .add("causal", std::move(causal))
        .add("codigo_extraido", codigo)
        .add("codigo_orden", Value(c.codigo_orden))
        .add("contradiccion", Value(contradiccion))
        .add("estado_servicio", Value(estado))
        .add("propuesta", Value(propuesta))
        .add("reglas_disparadas", strings(reglas));
    if (a.m_world.has_caps()) cobertura.add("tope_cobertura", std::move(tope));
    set("propuesta", Value(propuesta));
    set("contradiccion_orden_texto", Value(contradiccion));
    set("cobertura", cobertura.done());
}

Value CaseRunner::evidence_item(const std::string& key, const std::string& es, const std::string& en) const {
    Bilingual t = texts::evidence(key, es, en);
    return ObjectBuilder(3).add("clave", Value(key)).add("en", Value(std::move(t.en))).add("es", Value(std::move(t.es))).done();
}

// Evidence and counter-evidence (§10, in order, when true).
std::pair<json::Array, json::Array> CaseRunner::evidence() const {
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
    return {std::move(ev), std::move(counter)};
}

void CaseRunner::pause(std::int64_t paso) {
    const plan::Pause* declared = nullptr;
    for (const plan::Pause& p : a.m_graph.pausas)
        if (p.nodo == "pausa_humana") declared = &p;
    // The last visit's first true record, as written into the trace (EdgeRecord::to_json).
    const Value* trigger = m_last_trigger ? &m_records[*m_last_trigger] : nullptr;
    const auto field = [&](const char* key) -> const Value& { return *trigger->find(key); };
    Value motivo, senal, umbral;
    // members below in canonical order: the huella's sort has nothing to move
    if (trigger) {
        const std::string& desde = field("desde").as_string();
        const double orden = field("orden_arista").as_number();
        Bilingual t;
        if (field("tipo").as_string() == "funcion") {
            t = texts::motive_function(desde, static_cast<long long>(orden), field("funcion").as_string());
            senal = field("funcion");
            umbral = ObjectBuilder(2).add("aplicado", Value()).add("declarado", Value()).done();
        } else {
            const Value& declarado = field("valor_declarado");
            t = texts::motive_triplet(desde, static_cast<long long>(orden), field("senal").as_string(), field("operador").as_string(),
                                      shown(field("valor_observado")), shown(field("umbral_aplicado")),
                                      declarado.is_string() ? declarado.as_string() : shown(declarado));
            senal = field("senal");
            umbral = ObjectBuilder(2).add("aplicado", field("umbral_aplicado")).add("declarado", declarado).done();
        }
        motivo = ObjectBuilder(4)
                     .add("desde", Value(desde))
                     .add("en", Value(std::move(t.en)))
                     .add("es", Value(std::move(t.es)))
                     .add("orden_arista", Value(orden))
                     .done();
    } else {
        const std::string from = m_visited.empty() ? std::string() : m_visited.back();
        motivo = ObjectBuilder(4)
                     .add("desde", Value(from))
                     .add("en", Value("The case reached the pause through the default branch of " + from + "."))
                     .add("es", Value("El caso llegó a la pausa por la rama por defecto de " + from + "."))
                     .add("orden_arista", Value())
                     .done();
        umbral = ObjectBuilder(2).add("aplicado", Value()).add("declarado", Value()).done();
    }
    auto [ev, counter] = evidence();
    const auto lists = [&](const char* key) {
        return declared && std::find(declared->payload_minimo.begin(), declared->payload_minimo.end(), key) != declared->payload_minimo.end();
    };
    ObjectBuilder payload(10);
    if (lists("aclaraciones")) payload.add("aclaraciones", Value(m_clarifications));
    if (lists("cobertura")) payload.add("cobertura", get("cobertura"));
    payload.add("contraevidencia", Value(std::move(counter)))
        .add("evidencia", Value(std::move(ev)))
        .add("extraccion", get("extraccion"))
        .add("motivo", std::move(motivo));
    if (lists("orden_adjunta")) payload.add("orden_adjunta", c.orden_adjunta);
    payload.add("senal", std::move(senal)).add("texto_original", bil(c.texto_medico)).add("umbral", std::move(umbral));
    // The truth-following auditor: the record keeps {decision, politica}; the ground goes to the writer.
    m_auditor_causal = c.verdad_causal;
    set("pausa_humana", Value(true));
    set("decision_final", Value(c.verdad_decision));
    m_pauses.push_back(ObjectBuilder(5)
                           .add("nodo", Value("pausa_humana"))
                           .add("paso", Value(static_cast<double>(paso)))
                           .add("payload", payload.done())
                           .add("respuesta_simulada",
                                ObjectBuilder(2).add("decision", Value(c.verdad_decision)).add("politica", Value(kAuditorPolicy)).done())
                           .add("rol", Value(declared ? declared->rol : std::string("auditor")))
                           .done());
}

}  // namespace planlang::sim::demo_a
