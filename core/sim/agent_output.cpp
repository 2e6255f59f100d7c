// The simulated agent's output side (synthetic-and-simulation.md §10; decisions.md C1, C3): the writer (or
// `cierre`) with the safety stop and the adverse-decision document, the single agent of the baseline, and
// the output guard with its severity.
#include <algorithm>

#include "core/sim/injection.hpp"
#include "core/sim/internal/case_runner.hpp"
#include "core/sim/internal/object_builder.hpp"
#include "core/sim/internal/texts.hpp"

namespace planlang::sim {

using json::Value;
using namespace internal;

// The decision the writer (or `cierre`) writes: the reviewer's, else the proposal, else aprobar (C1).
std::string CaseRunner::final_decision() const {
    const Value& decided = get("decision_final");
    if (decided.is_string()) return decided.as_string();
    const Value& propuesta = get("propuesta");
    if (propuesta.is_string()) return propuesta.as_string();
    return "aprobar";
}

bool CaseRunner::writer(bool calls_model) {
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

void CaseRunner::single_agent() {
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

Value CaseRunner::adverse_document(const std::string& decision, bool paused) const {
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

void CaseRunner::guard() {
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

}  // namespace planlang::sim
