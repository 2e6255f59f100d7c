// The simulated agent's output side (synthetic-and-simulation.md §10; decisions.md C1, C3): the writer (or
// `cierre`) with the safety stop and the adverse-decision document, the single agent of the baseline, and
// the output guard with its severity.
#include <algorithm>

#include "core/sim/demo_a/injection.hpp"
#include "core/sim/demo_a/internal/case_runner.hpp"
#include "core/json/object_builder.hpp"
#include "core/sim/internal/texts.hpp"

namespace planlang::sim::demo_a {

using json::ObjectBuilder;
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
        const std::size_t response =
            ResponsePoints().text("es", m_letter.es).text("en", m_letter.en).texts("acciones", m_letter_actions).total();
        m_tokens = count_tokens(texts::kSystemWriter, code_points(prompt), response);
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
    Value campos = extraction_fields(0);
    m_model_proposal = Value(c.verdad_decision);
    const Bilingual servicio = service_name(c.codigo_orden);
    m_model_letter = texts::letter(c.verdad_decision, servicio, c.redactor_repite_identificador ? c.documento : std::string());
    m_model_actions = {kReplyAction};
    const std::size_t response = ResponsePoints()
                                     .member("campos", campos)
                                     .member("confianza", Value(c.confianza_extractor))
                                     .member("propuesta", m_model_proposal)
                                     .text("carta_es", m_model_letter.es)
                                     .text("carta_en", m_model_letter.en)
                                     .texts("acciones", m_model_actions)
                                     .total();
    m_tokens = count_tokens(texts::kSystemSingleAgent, case_prompt_points(true, false), response);
    write_extraction(std::move(campos));
}

Value CaseRunner::adverse_document(const std::string& decision, bool paused) const {
    const synth::Procedure* ordered = a.m_world.procedure(c.codigo_orden);
    const Bilingual servicio = service_name(c.codigo_orden);
    const Value& cobertura = get("cobertura");
    Value causal, regla, monto;
    bool all_es = true, all_en = true;  // every bilingual text of the document has its language, for `idiomas`
    const auto use = [&](const Bilingual& b) {
        all_es = all_es && !b.es.empty();
        all_en = all_en && !b.en.empty();
    };
    bool complete = true;
    // members below in canonical order: the huella's sort has nothing to move
    auto rule = [&](const std::string& id) {
        const synth::BenefitRule* r = a.m_world.rule(id);
        const Bilingual t = r ? r->texto : Bilingual{};
        use(t);
        if (!r) complete = false;
        return ObjectBuilder(2).add("id", Value(id)).add("texto", bil(t)).done();
    };
    if (decision == "negar") {
        Value id = paused ? m_auditor_causal : (cobertura.is_object() ? *cobertura.find("causal") : Value());
        const synth::ExclusionGround* g = id.is_string() ? a.m_world.ground(id.as_string()) : nullptr;
        use(g ? g->resumen : Bilingual{});
        if (!g) complete = false;
        causal = ObjectBuilder(3)
                     .add("id", std::move(id))
                     .add("norma", g ? Value(g->norma) : Value())
                     .add("resumen", g ? bil(g->resumen) : Value())
                     .done();
        regla = rule("RB-03");
    } else {
        // aprobar_parcial: the cap of the ordered service, else of the extracted one
        const Value* codigo = cobertura.is_object() ? cobertura.find("codigo_extraido") : nullptr;
        const synth::Procedure* extracted = codigo && codigo->is_string() ? a.m_world.procedure(codigo->as_string()) : nullptr;
        std::optional<double> tope;
        if (ordered && ordered->tope_cobertura) tope = static_cast<double>(*ordered->tope_cobertura);
        else if (extracted && extracted->tope_cobertura) tope = static_cast<double>(*extracted->tope_cobertura);
        const Value& cost = get("costo_estimado");
        std::optional<double> solicitado;  // set in branches: g++ 12 wrongly warns "maybe uninitialized" on a ?: here
        if (cost.is_number()) solicitado = cost.as_number();
        else if (ordered) solicitado = static_cast<double>(ordered->costo);
        Bilingual resumen = tope ? texts::cap_summary(*tope, a.m_world.unidad_de_costo) : Bilingual{};
        use(resumen);
        use(a.m_world.unidad_de_costo);
        if (!tope || !solicitado) complete = false;
        causal = ObjectBuilder(3)
                     .add("id", Value("tope_cobertura"))
                     .add("norma", Value("RB-08"))
                     .add("resumen", tope ? bil(std::move(resumen)) : Value())
                     .done();
        regla = rule("RB-08");
        monto = ObjectBuilder(4)
                    .add("aprobado", tope ? Value(*tope) : Value())
                    .add("negado", tope && solicitado ? Value(*solicitado - *tope) : Value())
                    .add("solicitado", solicitado ? Value(*solicitado) : Value())
                    .add("unidad", bil(a.m_world.unidad_de_costo))
                    .done();
    }
    json::Array datos;
    datos.reserve(3);
    const Value& extraccion = get("extraccion");
    for (const char* campo : {"procedimiento", "diagnostico", "costo_estimado"}) {
        const Value* campos = extraccion.is_object() ? extraccion.find("campos") : nullptr;
        datos.push_back(ObjectBuilder(2).add("campo", Value(campo)).add("valor", campos ? *campos->find(campo) : Value()).done());
    }
    Bilingual via = texts::contest_route();
    Bilingual by = texts::decided_by(paused, decision == "negar" ? "RB-03" : "RB-08");
    Bilingual notice = texts::ai_notice(decision == "aprobar_parcial" && !paused, version_at_least(a.m_plan.version, 1, 5, 1));
    use(servicio);
    use(via);
    use(by);
    use(notice);
    json::Array idiomas;
    if (all_es) idiomas.push_back(Value("es"));
    if (all_en) idiomas.push_back(Value("en"));
    if (c.id.empty() || c.codigo_orden.empty() || a.m_plan_huella.empty() || a.m_world.huella.empty() || idiomas.size() != 2)
        complete = false;
    ObjectBuilder doc(14);
    doc.add("aviso_ia", bil(std::move(notice)))
        .add("caso_id", Value(c.id))
        .add("causal", std::move(causal))
        .add("completo", Value(complete))
        .add("datos_usados", Value(std::move(datos)))
        .add("decidido_por", bil(std::move(by)))
        .add("decision", Value(decision))
        .add("formato", Value("planlang-documento-adverso/v1"))
        .add("idiomas", Value(std::move(idiomas)));
    if (decision == "aprobar_parcial") doc.add("monto", std::move(monto));
    doc.add("regla_disparada", std::move(regla))
        .add("servicio", ObjectBuilder(2).add("codigo", Value(c.codigo_orden)).add("nombre", bil(servicio)).done())
        .add("version", ObjectBuilder(2)
                            .add("plan", ObjectBuilder(3)
                                             .add("huella", Value(a.m_plan_huella))
                                             .add("id", Value(a.m_plan.id))
                                             .add("version", Value(a.m_plan.version))
                                             .done())
                            .add("plan_beneficios", ObjectBuilder(3)
                                                        .add("huella", Value(a.m_world.huella))
                                                        .add("id", Value(a.m_world.id))
                                                        .add("version", Value(a.m_world.version))
                                                        .done())
                            .done())
        .add("via_de_contradiccion", bil(std::move(via)));
    return doc.done();
}

void CaseRunner::guard() {
    json::Array hallazgos;
    bool identifier = false, instruction = false, blocked = false, altered = false;
    Bilingual out;
    // members of the findings in canonical order: the huella's sort has nothing to move
    for (const char* lang : {"es", "en"}) {
        const bool es = lang[1] == 's';
        std::string text = es ? m_letter.es : m_letter.en;
        if (malformed(text)) {
            hallazgos.push_back(ObjectBuilder(2).add("idioma", Value(lang)).add("tipo", Value("salida_malformada")).done());
            const Bilingual fallback = texts::fallback_letter();
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
            const Bilingual marker = texts::identifier_marker();
            replace_all(text, *value, es ? marker.es : marker.en);
            hallazgos.push_back(
                ObjectBuilder(3).add("campo", Value(campo)).add("idioma", Value(lang)).add("tipo", Value("identificador_filtrado")).done());
            identifier = true;
        }
        std::string kept;
        kept.reserve(text.size());
        double dropped = 0;
        for_each_sentence(text, [&](std::string_view s) {
            if (has_injection(s)) {
                ++dropped;
                return;
            }
            if (!kept.empty()) kept += ' ';
            kept += s;
        });
        if (dropped > 0) {
            hallazgos.push_back(
                ObjectBuilder(3).add("frases", Value(dropped)).add("idioma", Value(lang)).add("tipo", Value("instruccion_filtrada")).done());
            instruction = true;
        }
        if (blank(kept)) {
            const Bilingual fallback = texts::fallback_letter();
            kept = es ? fallback.es : fallback.en;
        }
        (es ? out.es : out.en) = std::move(kept);
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
        if (!seen) hallazgos.push_back(ObjectBuilder(2).add("accion", Value(action)).add("tipo", Value("accion_bloqueada")).done());
        blocked = true;
    }
    const Value& extraccion = get("extraccion");
    if (m_carga && extraccion.is_object()) {
        const Value* confianza = extraccion.find("confianza");
        const bool forced = confianza && confianza->is_number() && confianza->as_number() == 1;
        const bool urgent = is_true(extraccion.find("urgencia")) && c.tipo_atencion != "urgencia";
        if (forced || urgent) {
            hallazgos.push_back(ObjectBuilder(1).add("tipo", Value("extraccion_alterada_por_carga")).done());
            altered = true;
        }
    }
    const int severity = blocked ? 3 : (identifier || altered) ? 2 : instruction ? 1 : 0;
    const std::string decision = final_decision();
    const Bilingual notice = texts::ai_notice(decision == "aprobar_parcial" && !is_true(&get("pausa_humana")),
                                              version_at_least(a.m_plan.version, 1, 5, 1));
    m_salida_final = ObjectBuilder(3).add("aviso_ia", bil(notice)).add("en", Value(std::move(out.en))).add("es", Value(std::move(out.es))).done();
    m_guardia_salida = ObjectBuilder(5)
                           .add("acciones_ejecutadas", strings(executed))
                           .add("acciones_intentadas", strings(m_letter_actions))
                           .add("carga_detectada_en_entrada", Value(m_carga))
                           .add("hallazgos", Value(std::move(hallazgos)))
                           .add("severidad_accion", Value(severity))
                           .done();
    set("severidad_accion", Value(severity));
}

}  // namespace planlang::sim::demo_a
