// The simulated agent's nodes before the decision (synthetic-and-simulation.md §10): the router with the
// input guard, the extractor stand-in, the clarification loop, the coverage checker, and the human pause
// with its payload, evidence and the truth-following auditor.
#include <algorithm>

#include "core/json/number.hpp"
#include "core/sim/injection.hpp"
#include "core/sim/internal/case_runner.hpp"
#include "core/sim/internal/object_builder.hpp"
#include "core/sim/internal/texts.hpp"

namespace planlang::sim {

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

std::string CaseRunner::case_prompt(bool with_coverage, bool with_replies) const {
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
Value CaseRunner::extraction_fields(std::int64_t replies_delivered) const {
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

void CaseRunner::write_extraction(const Value& campos) {
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
    const Value campos = extraction_fields(delivered);
    const Value response = json::Object{{"campos", campos}, {"confianza", Value(c.confianza_extractor)}};
    m_tokens = count_tokens(texts::kSystemExtractor, case_prompt(false, true), response);
    write_extraction(campos);
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

Value CaseRunner::evidence_item(const std::string& key, const std::string& es, const std::string& en) const {
    const Bilingual t = texts::evidence(key, es, en);
    return json::Object{{"clave", Value(key)}, {"es", Value(t.es)}, {"en", Value(t.en)}};
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
    return {ev, counter};
}

void CaseRunner::pause(std::int64_t paso) {
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

}  // namespace planlang::sim
