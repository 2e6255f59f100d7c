// The coach's nodes (plans/adherencia/dominio.md §6): intake, guardrail_pre, retrieve_context,
// generate_response and the single prompt (the model stand-ins), review_response, guardrail_post, closing.
#include <algorithm>

#include "core/json/number.hpp"

#include "core/sim/adherencia/internal/conversation.hpp"
#include "core/sim/adherencia/internal/texts.hpp"

namespace planlang::sim::adherencia {

using json::Value;

namespace {

constexpr const char* kReviewerPolicy = "sigue_verdad_conocida";
constexpr const char* kReplyAction = "responder_usuario";

std::string ascii_lower(std::string s) {
    for (char& ch : s)
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    return s;
}

std::string_view locale_of(std::string_view language) { return language == "es" ? std::string_view("es-419") : language; }

Value strings(const std::vector<std::string>& list) {
    json::Array out;
    for (const std::string& s : list) out.push_back(Value(s));
    return out;
}

Value envelope_json(const Envelope& e) {
    return json::Object{{"categoria", e.categoria}, {"citas", strings(e.citas)}, {"plantilla", Value(e.plantilla)},
                        {"texto", Value(e.texto)}, {"tipo", Value(e.tipo)}};
}

Envelope refusal(std::string_view categoria, std::string_view language) {
    return Envelope{"rechazo", {}, Value(std::string(categoria)), texts::refusal_template(categoria),
                    texts::refusal(categoria, language) + " " + texts::disclaimer(language)};
}

Envelope escalation(std::string_view language) {
    return Envelope{"escalamiento", {}, Value(), "escalamiento_emergencia", texts::escalation(language) + " " + texts::disclaimer(language)};
}

Envelope small_talk(std::string_view language) {
    return Envelope{"respuesta", {}, Value(), "charla", texts::small_talk(language) + " " + texts::disclaimer(language)};
}

Envelope handoff(std::string_view language) {
    return Envelope{"traspaso", {}, Value(), "traspaso_humano", texts::handoff(language) + " " + texts::disclaimer(language)};
}

bool has_dosing_language(const std::string& text, std::string_view language) {
    const std::string lower = ascii_lower(text);
    for (const std::string& phrase : texts::dosing_phrases(language))
        if (lower.find(phrase) != std::string::npos) return true;
    return false;
}

}  // namespace

std::string Conversation::masked(std::string text, std::string_view language) const {
    for (const std::string& id : c.identificadores) {
        if (id.empty()) continue;
        for (std::size_t at = text.find(id); at != std::string::npos; at = text.find(id, at))
            text.replace(at, id.size(), texts::masked_identifier(language));
    }
    return text;
}

bool Conversation::names_red_flag(const std::string& text) const {
    const std::string lower = ascii_lower(text);
    for (const Symptom& flag : a.kb().banderas_rojas) {
        const std::string phrase = ascii_lower(flag.sintoma.in(c.locale));
        if (!phrase.empty() && lower.find(phrase) != std::string::npos) return true;  // negation-blind (decision D2)
    }
    return false;
}

Envelope Conversation::card_answer(const std::string& card_id, std::string_view language) const {
    const Card* card = a.kb().card(card_id);
    const std::string_view locale = locale_of(language);
    std::string body = card ? card->titulo.in(locale) + ": " + card->texto.in(locale) + " [" + card_id + "]" : "[" + card_id + "]";
    return Envelope{"respuesta", {card_id}, Value(), "respuesta_tarjeta", body + " " + texts::disclaimer(language)};
}

Envelope Conversation::rendered(const Envelope& e, std::string_view language) const {
    Envelope out = e;
    if (e.plantilla == "respuesta_tarjeta" && !e.citas.empty()) out.texto = card_answer(e.citas.front(), language).texto;
    else if (e.plantilla == "charla") out.texto = small_talk(language).texto;
    else if (e.plantilla == "escalamiento_emergencia") out.texto = escalation(language).texto;
    else if (e.plantilla == "traspaso_humano") out.texto = handoff(language).texto;
    else if (e.tipo == "rechazo" && e.categoria.is_string()) out.texto = refusal(e.categoria.as_string(), language).texto;
    else if (e.plantilla == "borrador_modelo") out.texto = texts::dosing_draft(language);
    return out;
}

void Conversation::intake() {
    const std::int64_t turno = static_cast<std::int64_t>(get("turno").as_number()) + 1;
    m_turn = static_cast<std::size_t>(turno - 1);
    set("turno", Value(static_cast<double>(turno)));
    for (const char* name : {"bandera_roja", "fuera_de_alcance", "categoria_fuera_de_alcance", "necesita_contexto", "aciertos",
                             "similitud_max", "riesgo_borrador"})
        set(name, Value());
    m_route = Route::none;
    m_retrieved.reset();
    m_retrieval_ran = false;
    m_draft = Envelope{};
    m_reviewed = false;
}

void Conversation::guardrail_pre() {
    const bool flag = names_red_flag(c.turnos[m_turn]);
    // The scope classifier (a stand-in): the adversary's request, in its last turn, unless paraphrased past it.
    const bool out_of_scope = c.tipo == "adversario" && last_turn() && c.adversario_detalle.is_string() && !sim().evade_clasificador;
    m_carga = m_carga || out_of_scope;
    set("bandera_roja", Value(flag));
    set("fuera_de_alcance", Value(out_of_scope));
    set("categoria_fuera_de_alcance", out_of_scope ? c.adversario_detalle : Value());
    set("necesita_contexto", Value(sim().necesita_contexto));
}

void Conversation::retrieve_context() {
    m_retrieval_ran = true;
    const TurnSim& s = sim();
    set("aciertos", Value(static_cast<double>(s.aciertos)));
    set("similitud_max", s.aciertos > 0 ? s.similitud : Value());
    if (s.aciertos > 0 && s.tarjeta_mas_cercana.is_string()) m_retrieved = s.tarjeta_mas_cercana.as_string();
}

void Conversation::generate_response() {
    const TurnSim& s = sim();
    const std::string user = masked(c.turnos[m_turn], c.locale);
    if (c.subtipo == "dorado_subagudo" && last_turn() && s.modelo_escala) m_draft = escalation(c.locale);
    else if (s.borrador_con_dosis) m_draft = Envelope{"respuesta", {}, Value(), "borrador_modelo", texts::dosing_draft(c.locale)};
    else if (m_retrieved) m_draft = card_answer(*m_retrieved, c.locale);
    else m_draft = small_talk(c.locale);
    if (s.borrador_con_dosis && m_retrieved) m_draft.citas = {*m_retrieved};
    set("riesgo_borrador", Value(s.riesgo_borrador));
    std::string prompt = user;
    if (m_retrieved)
        if (const Card* card = a.kb().card(*m_retrieved)) prompt += "\n" + card->id + " · " + card->texto.in(c.locale);
    m_tokens = count_tokens(texts::system_prompt(), prompt,
                            json::Object{{"tipo", Value(m_draft.tipo)}, {"citas", strings(m_draft.citas)}, {"texto", Value(m_draft.texto)}});
}

void Conversation::single_agent() {
    // One call does what the graph's guards, retrieval and model do, without the regex guard's certainty,
    // without a similarity threshold and without review (dominio.md §6).
    guardrail_pre();
    const TurnSim& s = sim();
    if (s.necesita_contexto) retrieve_context();
    const std::string user = masked(c.turnos[m_turn], c.locale);
    if (get("bandera_roja") == Value(true)) m_draft = escalation(c.locale);
    else if (get("fuera_de_alcance") == Value(true)) m_draft = refusal(c.adversario_detalle.as_string(), c.locale);
    else if (c.subtipo == "dorado_subagudo" && last_turn() && s.modelo_escala) m_draft = escalation(c.locale);
    else if (s.borrador_con_dosis) m_draft = Envelope{"respuesta", {}, Value(), "borrador_modelo", texts::dosing_draft(c.locale)};
    else if (m_retrieval_ran && !m_retrieved) m_draft = refusal("sin_coincidencia", c.locale);
    else if (m_retrieved) m_draft = card_answer(*m_retrieved, c.locale);
    else m_draft = small_talk(c.locale);
    m_route = Route::reply;
    set("riesgo_borrador", Value(s.riesgo_borrador));
    std::string catalogue;
    for (const Card& card : a.kb().tarjetas) catalogue += "\n" + card.id + " · " + card.titulo.en;
    m_tokens = count_tokens(texts::single_prompt_system(), user + catalogue,
                            json::Object{{"tipo", Value(m_draft.tipo)}, {"citas", strings(m_draft.citas)}, {"texto", Value(m_draft.texto)}});
}

void Conversation::review_response(std::int64_t paso) {
    m_paused = m_reviewed = true;
    set("pausa_humana", Value(true));
    Value motivo, senal, umbral;
    if (m_last_trigger) {
        const Value& r = m_records[*m_last_trigger];
        const Value* observed = r.find("valor_observado");
        const Value* applied = r.find("umbral_aplicado");
        const std::string o = observed && observed->is_number() ? json::format_number(observed->as_number()) : "?";
        const std::string u = applied && applied->is_number() ? json::format_number(applied->as_number()) : "?";
        motivo = json::Object{{"desde", *r.find("desde")},
                              {"en", Value("The draft's risk score (" + o + ") reaches the review threshold (" + u + ").")},
                              {"es", Value("El riesgo del borrador (" + o + ") alcanza el umbral de revisión (" + u + ").")},
                              {"orden_arista", *r.find("orden_arista")}};
        senal = *r.find("senal");
        umbral = json::Object{{"aplicado", *applied}, {"declarado", *r.find("valor_declarado")}};
    }
    const Value payload = json::Object{{"borrador", envelope_json(m_draft)},
                                       {"citas", strings(m_draft.citas)},
                                       {"motivo", motivo},
                                       {"senal", senal},
                                       {"texto_usuario", Value(masked(c.turnos[m_turn], c.locale))},
                                       {"turno", Value(static_cast<double>(m_turn + 1))},
                                       {"umbral", umbral}};
    // The reviewer follows the known truth: a draft that is what this turn should get is approved; any other
    // is replaced by the truth's envelope.
    std::string decision = "aprobar";
    if (m_turn < c.verdad_respuestas.size()) {
        const std::string& want = c.verdad_respuestas[m_turn];
        const Value& card = m_turn < c.verdad_tarjetas.size() ? c.verdad_tarjetas[m_turn] : Value();
        const std::vector<std::string> want_citas = card.is_string() ? std::vector<std::string>{card.as_string()} : std::vector<std::string>{};
        const bool same = m_draft.tipo == want && (want != "respuesta" || m_draft.citas == want_citas);
        if (!same) {
            decision = "reemplazar";
            if (want == "escalamiento") m_draft = escalation(c.locale);
            else if (want == "rechazo")
                m_draft = refusal(c.verdad_categoria.is_string() ? c.verdad_categoria.as_string() : std::string("sin_coincidencia"), c.locale);
            else if (card.is_string()) m_draft = card_answer(card.as_string(), c.locale);
            else m_draft = small_talk(c.locale);
        }
    }
    const plan::Pause* pause = a.plan().contrato_de_grafo.pausas_humanas.empty() ? nullptr : &a.plan().contrato_de_grafo.pausas_humanas.front();
    m_pauses.push_back(json::Object{{"nodo", Value("review_response")},
                                    {"paso", Value(static_cast<double>(paso))},
                                    {"payload", payload},
                                    {"respuesta_simulada", json::Object{{"decision", Value(decision)}, {"politica", Value(kReviewerPolicy)}}},
                                    {"rol", Value(pause ? pause->rol : std::string("revisor_clinico"))}});
}

void Conversation::guardrail_post() {
    const double turno = static_cast<double>(m_turn + 1);
    auto finding = [&](const char* kind, std::int64_t severity) {
        m_findings.push_back(json::Object{{"tipo", Value(kind)}, {"turno", Value(turno)}});
        m_severity = std::max(m_severity, severity);
    };
    if (m_draft.tipo != "respuesta") return;
    if (has_dosing_language(m_draft.texto, c.locale)) {
        finding("consejo_de_dosis_bloqueado", 2);
        m_draft = refusal("dosis", c.locale);
        return;
    }
    const bool cited = !m_draft.citas.empty() &&
                       std::all_of(m_draft.citas.begin(), m_draft.citas.end(), [&](const std::string& id) { return a.kb().card(id) != nullptr; });
    if (m_retrieval_ran && !cited) {
        finding("cita_no_verificada", 1);
        m_draft = refusal("cita_no_verificada", c.locale);
        return;
    }
    const std::string clean = masked(m_draft.texto, c.locale);
    if (clean != m_draft.texto) {
        finding("identificador_filtrado", 2);
        m_draft.texto = clean;
    }
}

bool Conversation::closing() {
    Envelope e;
    switch (m_route) {
        case Route::handoff: e = handoff(c.locale); break;
        case Route::red_flag: e = escalation(c.locale); break;
        case Route::out_of_scope: e = refusal(get("categoria_fuera_de_alcance").as_string(), c.locale); break;
        case Route::no_match: e = refusal("sin_coincidencia", c.locale); break;
        case Route::reply:
        case Route::none: e = m_draft; break;
    }
    m_kinds.push_back(e.tipo);
    m_escalado = m_escalado || e.tipo == "escalamiento";
    m_traspaso = m_traspaso || e.tipo == "traspaso";
    if (e.tipo == "respuesta" && m_retrieval_ran)
        m_citas_validas = m_citas_validas && !e.citas.empty() &&
                          std::all_of(e.citas.begin(), e.citas.end(), [&](const std::string& id) { return a.kb().card(id) != nullptr; });
    m_consejo_dosis = m_consejo_dosis || (e.tipo == "respuesta" && has_dosing_language(e.texto, c.locale));
    m_pii = m_pii || masked(e.texto, c.locale) != e.texto;
    set("respuestas", strings(m_kinds));
    set("escalado", Value(m_escalado));
    set("traspaso", Value(m_traspaso));
    set("citas_validas", Value(m_citas_validas));
    set("consejo_dosis", Value(m_consejo_dosis));
    set("pii_en_respuesta", Value(m_pii));
    set("decision_final", Value(e.tipo));
    m_conversation.push_back(json::Object{{"locale", Value(c.locale)},
                                          {"respuesta", envelope_json(e)},
                                          {"revisada", Value(m_reviewed)},
                                          {"turno", Value(static_cast<double>(m_turn + 1))},
                                          {"usuario", Value(masked(c.turnos[m_turn], c.locale))}});
    m_last = e;
    return e.tipo != "traspaso" && e.tipo != "escalamiento" && !last_turn();
}

Value Conversation::salida_final() const {
    if (!m_last) return Value();
    return json::Object{{"aviso_ia", json::Object{{"en", Value("Reply written by a simulated AI coach: a demonstration, not medical advice.")},
                                                  {"es", Value("Respuesta de un acompañante de IA simulado: una demostración, no consejo médico.")}}},
                        {"en", Value(rendered(*m_last, "en").texto)},
                        {"es", Value(rendered(*m_last, "es").texto)}};
}

Value Conversation::guard_record() const {
    return json::Object{{"acciones_ejecutadas", strings({kReplyAction})},
                        {"acciones_intentadas", strings({kReplyAction})},
                        {"carga_detectada_en_entrada", Value(m_carga)},
                        {"hallazgos", Value(m_findings)},
                        {"severidad_accion", Value(static_cast<double>(m_severity))}};
}

}  // namespace planlang::sim::adherencia
