// The case page as JSON and as Markdown (case_page.hpp). Wording ours, written per language.
// [SECTION] JSON · [SECTION] Markdown words and numbers · [SECTION] Markdown sections
#include <algorithm>
#include <string>
#include <type_traits>
#include <utility>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/report/display.hpp"
#include "core/report/markdown.hpp"
#include "core/report/numbers.hpp"
#include "core/views/case_page.hpp"
#include "core/views/internal/case_conversation.hpp"

namespace planlang::views {

namespace {

using json::Value;

// ---------------------------------------------------------------------------------------------- [SECTION] JSON

Value bil(const Bilingual& b) { return json::Object{{"es", Value(b.es)}, {"en", Value(b.en)}}; }
template <class T>
Value opt(const std::optional<T>& v) {
    if (!v) return Value();
    if constexpr (std::is_same_v<T, Bilingual>) return bil(*v);
    else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::size_t>) return Value(static_cast<double>(*v));
    else return Value(*v);
}
Value strings(const std::vector<std::string>& list) {
    json::Array a;
    for (const std::string& s : list) a.push_back(Value(s));
    return a;
}
Value number(std::int64_t n) { return Value(static_cast<double>(n)); }

Value spans(const std::vector<Span>& list) {
    json::Array a;
    for (const Span& s : list)
        a.push_back(json::Object{{"inicio", Value(static_cast<double>(s.inicio))}, {"fin", Value(static_cast<double>(s.fin))}, {"tipo", Value(s.tipo)}});
    return a;
}

Value marked(const std::optional<MarkedText>& m) {
    if (!m) return Value();
    return json::Object{{"texto", bil(m->texto)}, {"marcas", json::Object{{"es", spans(m->marcas_es)}, {"en", spans(m->marcas_en)}}}};
}

Value edge_json(const EdgeRow& e) {
    return json::Object{{"desde", Value(e.desde)},
                        {"orden", number(e.orden)},
                        {"tipo", Value(e.tipo)},
                        {"senal", e.senal.empty() ? Value() : Value(e.senal)},
                        {"funcion", e.funcion.empty() ? Value() : Value(e.funcion)},
                        {"entradas", e.entradas},
                        {"valor_observado", e.valor_observado},
                        {"operador", e.operador.empty() ? Value() : Value(e.operador)},
                        {"inclusivo", Value(e.inclusivo)},
                        {"valor_declarado", e.valor_declarado},
                        {"umbral_aplicado", e.umbral_aplicado},
                        {"resultado", Value(e.resultado)},
                        {"rama_tomada", Value(e.rama_tomada)},
                        {"si_verdadero", opt(e.si_verdadero)}};
}

Value clarification_json(const Clarification& c) {
    return json::Object{{"ciclo", opt(c.ciclo)},
                        {"pregunta", opt(c.pregunta)},
                        {"respuesta", opt(c.respuesta)},
                        {"idioma", opt(c.idioma)},
                        {"indice_paso", opt(c.indice_paso)}};
}

Value evidence_json(const std::vector<EvidenceItem>& list) {
    json::Array a;
    for (const EvidenceItem& e : list) a.push_back(json::Object{{"clave", opt(e.clave)}, {"texto", bil(e.texto)}});
    return a;
}

Value header_json(const CaseHeader& h) {
    json::Array senalado, brechas;
    for (const Listing& l : h.senalado_por) senalado.push_back(json::Object{{"fuente", Value(l.fuente)}, {"id", Value(l.id)}});
    for (const CaseGap& g : h.brechas)
        brechas.push_back(json::Object{{"categoria", Value(g.categoria)},
                                       {"evaluador", opt(g.evaluador)},
                                       {"nodo", opt(g.nodo)},
                                       {"paso", opt(g.paso)},
                                       {"indice_paso", opt(g.indice_paso)},
                                       {"detalle", opt(g.detalle)}});
    return json::Object{{"caso_id", Value(h.caso_id)},
                        {"tipo", opt(h.tipo)},
                        {"subtipo", opt(h.subtipo)},
                        {"adversario_detalle", opt(h.adversario_detalle)},
                        {"resultado", opt(h.resultado)},
                        {"error_proveedor", opt(h.error_proveedor)},
                        {"debia", json::Object{{"decision", opt(h.debia_decision)},
                                               {"escalar", opt(h.debia_escalar)},
                                               {"motivos_escalamiento", strings(h.motivos_escalamiento)},
                                               {"esperado", opt(h.esperado)}}},
                        {"ocurrio", json::Object{{"decision_final", opt(h.decision_final)},
                                                 {"pausa_humana", opt(h.pausa_humana)},
                                                 {"pausas_registradas", Value(static_cast<double>(h.pausas_registradas))},
                                                 {"a_persona", Value(h.a_persona)}}},
                        {"coincide_decision", opt(h.coincide_decision)},
                        {"coincide_escalamiento", opt(h.coincide_escalamiento)},
                        {"coincide", opt(h.coincide)},
                        {"senalado_por", Value(std::move(senalado))},
                        {"brechas", Value(std::move(brechas))},
                        {"veredicto", Value(h.veredicto)}};
}

Value receives_json(const Receives& r) {
    json::Array afiliado;
    for (const MemberField& f : r.afiliado)
        afiliado.push_back(json::Object{{"campo", Value(f.campo)}, {"valor", f.valor}, {"enmascarado", Value(f.enmascarado)}});
    Value adversario;
    if (r.adversario)
        adversario = json::Object{{"vector", opt(r.adversario->vector)},
                                  {"carga", opt(r.adversario->carga)},
                                  {"intenta", opt(r.adversario->intenta)},
                                  {"marcada", Value(r.adversario->marcada)}};
    return json::Object{{"nota", marked(r.nota)},
                        {"orden_adjunta", json::Object{{"tipo_atencion", opt(r.tipo_atencion)},
                                                       {"codigo_procedimiento", opt(r.codigo_procedimiento)},
                                                       {"servicio", opt(r.servicio)},
                                                       {"observaciones", marked(r.observaciones)}}},
                        {"afiliado", Value(std::move(afiliado))},
                        {"adversario", std::move(adversario)},
                        {"mascara", bil({"[protegido]", "[protected]"})},
                        {"conversacion", internal::conversation_json(r.conversacion)}};
}

Value delivers_json(const Delivers& d) {
    json::Array afirmaciones, senales;
    for (const NoticeClaim& c : d.afirmaciones)
        afirmaciones.push_back(json::Object{{"donde", Value(c.donde)},
                                            {"idioma", Value(c.idioma)},
                                            {"afirma", Value(c.afirma)},
                                            {"contradice", Value(c.contradice)},
                                            {"por_que", bil(c.por_que)}});
    for (const SignalRow& s : d.senales)
        senales.push_back(json::Object{{"senal", Value(s.senal)}, {"presente", Value(s.presente)}, {"valor", s.valor}});
    Value documento;
    if (d.documento)
        documento = json::Object{{"decision", opt(d.documento->decision)},
                                 {"completo", opt(d.documento->completo)},
                                 {"idiomas", strings(d.documento->idiomas)},
                                 {"causal", opt(d.documento->causal)},
                                 {"regla_disparada", opt(d.documento->regla_disparada)},
                                 {"decidido_por", opt(d.documento->decidido_por)}};
    return json::Object{{"respuesta", opt(d.respuesta)},
                        {"aviso_ia", opt(d.aviso_ia)},
                        {"aviso_inexacto", opt(d.aviso_inexacto)},
                        {"afirmaciones_del_aviso", Value(std::move(afirmaciones))},
                        {"documento_adverso", std::move(documento)},
                        {"documento_adverso_registrado", d.documento_adverso ? *d.documento_adverso : Value()},
                        {"guardia_salida", d.guardia_salida ? *d.guardia_salida : Value()},
                        {"severidad_accion", opt(d.severidad_accion)},
                        {"senales", Value(std::move(senales))},
                        {"senales_faltantes", strings(d.senales_faltantes)}};
}

Value step_json(const StepView& s) {
    json::Array hizo, aclaraciones, aristas;
    for (const Bilingual& b : s.hizo) hizo.push_back(bil(b));
    for (const Clarification& c : s.aclaraciones) aclaraciones.push_back(clarification_json(c));
    for (const EdgeRow& e : s.aristas) aristas.push_back(edge_json(e));
    return json::Object{{"indice", Value(static_cast<double>(s.indice))},
                        {"orden", number(s.orden)},
                        {"nodo", Value(s.nodo)},
                        {"tipo_nodo", opt(s.tipo_nodo)},
                        {"inicio_ms", opt(s.inicio_ms)},
                        {"duracion_ms", opt(s.duracion_ms)},
                        {"tokens", json::Object{{"entrada", number(s.tokens_entrada)}, {"salida", number(s.tokens_salida)}}},
                        {"costo_nominal_usd", Value(s.costo_nominal_usd)},
                        {"reintentos_esquema", number(s.reintentos_esquema)},
                        {"error_proveedor", opt(s.error_proveedor)},
                        {"hizo", Value(std::move(hizo))},
                        {"aclaraciones", Value(std::move(aclaraciones))},
                        {"rama_tomada", opt(s.rama_tomada)},
                        {"arista_disparada", opt(s.arista_disparada)},
                        {"siguiente", opt(s.siguiente)},
                        {"aristas", Value(std::move(aristas))},
                        {"pausa", Value(s.pausa)}};
}

Value pause_json(const PauseView& p) {
    return json::Object{{"nodo", Value(p.nodo)},
                        {"paso", number(p.paso)},
                        {"indice_paso", opt(p.indice_paso)},
                        {"rol", Value(p.rol)},
                        {"arista", p.arista ? edge_json(*p.arista) : Value()},
                        {"indice_paso_arista", opt(p.indice_paso_arista)},
                        {"motivo", opt(p.motivo)},
                        {"senal", opt(p.senal)},
                        {"umbral", json::Object{{"declarado", p.umbral_declarado}, {"aplicado", p.umbral_aplicado}}},
                        {"evidencia", evidence_json(p.evidencia)},
                        {"contraevidencia", evidence_json(p.contraevidencia)},
                        {"respuesta_simulada", json::Object{{"decision", opt(p.decision)}, {"politica", opt(p.politica)}}},
                        {"politica_simulada", opt(p.politica_simulada)},
                        {"revisor_simulado", opt(p.revisor_simulado)},
                        {"payload", p.payload}};
}

// ---------------------------------------------------------------------------------------------- [SECTION] Markdown words and numbers

struct W {
    bool en;
    report::Lang lang() const { return en ? report::Lang::en : report::Lang::es; }
    const std::string& t(const Bilingual& b) const { return en ? b.en : b.es; }
    std::string t(const char* es, const char* en_text) const { return en ? en_text : es; }
};

std::string code(const std::string& id) { return id.empty() ? std::string("—") : "`" + id + "`"; }

// A decision value as a word of the page's language, with the recorded value as code.
std::string decision_word(const W& w, const std::optional<std::string>& d) {
    if (!d) return w.t("ninguna", "none");
    const std::string& k = *d;
    std::string word = k == "aprobar"           ? w.t("aprobar", "approve")
                       : k == "negar"           ? w.t("negar", "deny")
                       : k == "aprobar_parcial" ? w.t("aprobar en parte", "approve in part")
                                                : "";
    return word.empty() ? code(k) : word + " (" + code(k) + ")";
}

std::string yes_no(const W& w, bool b) { return b ? w.t("sí", "yes") : w.t("no", "no"); }

// A JSON value as the page shows it: integers plain, other numbers numCorto(x, 4) in the page's language,
// strings as code, booleans and null as words.
std::string shown(const W& w, const Value& v) {
    if (v.is_string()) return code(v.as_string());
    if (v.is_object() || v.is_array()) return "`" + json::canonical(v) + "`";
    report::DisplayStyle style = report::sentence_words();
    style.number = report::DisplayStyle::Number::integer_or_short4;
    return report::display_value(v, w.lang(), style);
}

std::string operator_symbol(const std::string& op, bool inclusivo) {
    if (op == "igual_a") return "=";
    if (op == "distinto_de") return "≠";
    if (op == "menor_que") return inclusivo ? "≤" : "<";
    if (op == "menor_o_igual_que") return "≤";
    if (op == "mayor_que") return inclusivo ? "≥" : ">";
    if (op == "mayor_o_igual_que") return "≥";
    return op;
}

std::string language_name(const W& w, const std::optional<std::string>& idioma) {
    if (!idioma) return w.t("idioma no indicado", "language not stated");
    if (*idioma == "es") return w.t("en español", "in Spanish");
    if (*idioma == "en") return w.t("en inglés", "in English");
    return w.t("en ", "in ") + code(*idioma);
}

// A text with its marks: each marked stretch as ⚠**…**, the rest as it is.
std::string with_marks(const std::string& text, const std::vector<Span>& spans) {
    std::string out;
    std::size_t at = 0;
    for (const Span& s : spans) {
        if (s.inicio < at || s.fin > text.size() || s.fin < s.inicio) continue;
        out += text.substr(at, s.inicio - at) + "⚠**" + text.substr(s.inicio, s.fin - s.inicio) + "**";
        at = s.fin;
    }
    return out + text.substr(at);
}

std::string quote(const std::string& text) {
    std::string out = "> ";
    for (char c : text) {
        if (c == '\n') out += "\n> ";
        else out += c;
    }
    return out;
}

// "`decision` #3: `costo_estimado` = 4200; condition > 1000 (`umbral.U2`)".
std::string edge_phrase(const W& w, const EdgeRow& e) {
    std::string s = code(e.desde) + " #" + std::to_string(e.orden) + ": ";
    if (e.tipo == "funcion") return s + code(e.funcion) + (e.entradas.is_null() ? "" : " `" + json::canonical(e.entradas) + "`");
    s += code(e.senal) + " = " + shown(w, e.valor_observado) + w.t("; condición ", "; condition ") + operator_symbol(e.operador, e.inclusivo) + " " +
         shown(w, e.umbral_aplicado);
    if (e.valor_declarado != e.umbral_aplicado) s += " (" + shown(w, e.valor_declarado) + ")";
    return s;
}

// ---------------------------------------------------------------------------------------------- [SECTION] Markdown sections

void summary(std::string& md, const W& w, const CasePage& p) {
    const CaseHeader& h = p.cabecera;
    md += w.t("## Resumen\n\n", "## Summary\n\n");
    const std::string verdict = h.veredicto == "correcto"     ? w.t("✓ correcto: coincide con la verdad conocida y nada lo señala",
                                                                    "✓ correct: it matches the known truth and nothing flags it")
                                : h.veredicto == "senalado"   ? w.t("⚠ señalado: coincide con la verdad conocida, pero el informe lo señala",
                                                                    "⚠ flagged: it matches the known truth, but the report flags it")
                                : h.veredicto == "incorrecto" ? w.t("✗ incorrecto: no coincide con la verdad conocida", "✗ wrong: it does not match the known truth")
                                                              : w.t("sin verdad conocida con que compararlo", "no known truth to compare it with");
    md += w.t("- Veredicto del caso: ", "- Case verdict: ") + verdict + "\n";
    md += h.a_persona ? w.t("- Ruta: pasó a una persona", "- Route: it went to a person") +
                            (h.pausas_registradas > 1 ? " (" + std::to_string(h.pausas_registradas) + w.t(" pausas)", " pauses)") : std::string()) + "\n"
                      : w.t("- Ruta: se quedó con el agente, sin persona\n", "- Route: it stayed with the agent, with no person\n");
    std::string debia = w.t("- Debía: ", "- Should have: ") + decision_word(w, h.debia_decision);
    if (h.debia_escalar) debia += *h.debia_escalar ? w.t(", con una persona", ", with a person") : w.t(", sin persona", ", with no person");
    if (!h.motivos_escalamiento.empty()) {
        std::string list;
        for (const std::string& m : h.motivos_escalamiento) list += (list.empty() ? "" : ", ") + code(m);
        debia += w.t(" (motivos: ", " (reasons: ") + list + ")";
    }
    md += debia + "\n";
    if (h.esperado) md += w.t("- Lo esperado según el lote: ", "- Expected, per the batch: ") + w.t(*h.esperado) + "\n";
    md += w.t("- Ocurrió: ", "- Happened: ") + decision_word(w, h.decision_final) +
          (h.a_persona ? w.t(", con una persona", ", with a person") : w.t(", sin persona", ", with no person")) + "\n";
    if (h.coincide_decision || h.coincide_escalamiento) {
        md += w.t("- Coincide con la verdad: ", "- Matches the truth: ");
        md += h.coincide ? yes_no(w, *h.coincide) : std::string("—");
        md += w.t(" (decisión: ", " (decision: ") + (h.coincide_decision ? yes_no(w, *h.coincide_decision) : "—") +
              w.t("; paso a persona: ", "; going to a person: ") + (h.coincide_escalamiento ? yes_no(w, *h.coincide_escalamiento) : "—") + ")\n";
    }
    if (!h.senalado_por.empty()) {
        std::string list;
        for (const Listing& l : h.senalado_por) {
            const std::string kind = l.fuente == "criterio" ? w.t("criterio", "criterion")
                                     : l.fuente == "riesgo" ? w.t("riesgo", "risk")
                                                            : w.t("evaluador", "evaluator");
            list += (list.empty() ? "" : ", ") + kind + " " + code(l.id);
        }
        md += w.t("- Lo señala el informe: ", "- Flagged by the report: ") + list + "\n";
    }
    for (const CaseGap& g : h.brechas) {
        md += w.t("- Brecha no prevista (", "- Unforeseen gap (") + code(g.categoria) + ")";
        if (g.nodo) md += w.t(" en ", " at ") + code(*g.nodo);
        if (g.paso) md += w.t(", paso ", ", step ") + std::to_string(*g.paso);
        if (g.detalle) md += ": " + w.t(*g.detalle);
        md += "\n";
    }
    if (h.resultado) md += w.t("- Traza: ", "- Trace: ") + (*h.resultado == "completo" ? w.t("completa", "complete") : w.t("terminó en error", "ended in an error")) +
                           (h.error_proveedor ? w.t(" (error del proveedor ", " (provider error ") + code(*h.error_proveedor) + ")" : std::string()) + "\n";
    md += "\n";
}

void receives(std::string& md, const W& w, const CasePage& p) {
    const Receives& r = p.recibe;
    md += w.t("## Recibe\n\n", "## Receives\n\n");
    const std::string& mask = w.en ? std::string("[protected]") : std::string("[protegido]");
    md += internal::conversation_markdown(r.conversacion, w.en);
    if (r.nota) {
        md += w.t("Nota del médico (del lote; los identificadores sintéticos se muestran como ", "Physician's note (from the batch; synthetic identifiers shown as ") +
              mask + w.t(", como los vio el modelo", ", as the model saw them") + (r.adversario && r.adversario->marcada ? w.t("; ⚠ marca la carga adversaria", "; ⚠ marks the adversarial payload") : "") +
              "):\n\n";
        md += quote(with_marks(w.t(r.nota->texto), w.en ? r.nota->marcas_en : r.nota->marcas_es)) + "\n\n";
    }
    if (r.codigo_procedimiento || r.tipo_atencion || r.observaciones) {
        md += w.t("Orden adjunta: ", "Attached order: ");
        std::string parts;
        if (r.tipo_atencion) parts += w.t("atención ", "type of care ") + code(*r.tipo_atencion);
        if (r.codigo_procedimiento) {
            parts += (parts.empty() ? "" : ", ") + w.t("procedimiento ", "procedure ") + code(*r.codigo_procedimiento);
            if (r.servicio) parts += " (" + w.t(*r.servicio) + ")";
        }
        md += parts + (r.observaciones ? w.t("; observaciones: ", "; remarks: ") + with_marks(w.t(r.observaciones->texto), w.en ? r.observaciones->marcas_en : r.observaciones->marcas_es) : "") +
              "\n\n";
    }
    if (!r.afiliado.empty()) {
        std::string list;
        for (const MemberField& f : r.afiliado) list += (list.empty() ? "" : ", ") + code(f.campo) + " " + (f.enmascarado ? mask : shown(w, f.valor));
        md += w.t("Afiliado, como lo vio el modelo: ", "Member, as the model saw them: ") + list + "\n\n";
    }
    if (r.adversario) {
        const Adversary& a = *r.adversario;
        md += w.t("Caso adversario", "Adversarial case");
        if (p.cabecera.adversario_detalle) md += " (" + code(*p.cabecera.adversario_detalle) + ")";
        if (a.vector) md += w.t(", vía ", ", through ") + code(*a.vector);
        md += ".";
        if (a.carga) md += w.t(" Carga: «", " Payload: “") + w.t(*a.carga) + w.t("».", "”.");
        if (a.intenta) md += w.t(" Intenta: ", " It tries: ") + w.t(*a.intenta);
        if (a.carga && !a.marcada) md += w.t(" (la carga no aparece tal cual en el texto)", " (the payload does not appear verbatim in the text)");
        md += "\n\n";
    }
}

void does(std::string& md, const W& w, const CasePage& p) {
    md += w.t("## Hace\n\n", "## Does\n\n");
    std::string chain;
    for (const ChainNode& n : p.hace) chain += (chain.empty() ? "" : " → ") + code(n.nodo);
    md += (chain.empty() ? std::string("—") : chain) + "\n\n";
    md += std::to_string(p.pasos.size()) + (p.pasos.size() == 1 ? w.t(" paso", " step") : w.t(" pasos", " steps"));
    if (p.latencia_total_s) md += w.t(" · latencia total ", " · total latency ") + report::num_corto(*p.latencia_total_s, 3, w.lang()) + " s";
    if (p.tokens) md += " · " + shown(w, Value(*p.tokens)) + " tokens";
    md += w.t(" (señales de la traza)\n\n", " (the trace's signals)\n\n");
}

void delivers(std::string& md, const W& w, const CasePage& p, bool expert) {
    const Delivers& d = p.entrega;
    md += w.t("## Entrega\n\n", "## Delivers\n\n");
    if (d.respuesta) md += w.t("Respuesta al afiliado:\n\n", "Reply to the member:\n\n") + quote(w.t(*d.respuesta)) + "\n\n";
    else md += w.t("No hay respuesta registrada.\n\n", "No reply was recorded.\n\n");
    if (d.aviso_ia) md += w.t("Aviso de IA:\n\n", "AI notice:\n\n") + quote(w.t(*d.aviso_ia)) + "\n\n";
    if (d.aviso_inexacto) {
        md += *d.aviso_inexacto ? w.t("⚠ **Aviso inexacto**: ", "⚠ **Inaccurate notice**: ")
                                : w.t("El aviso no contradice lo ocurrido: ", "The notice does not contradict what happened: ");
        // Each reason once, naming where the notice says it when it is not only the reply's.
        std::vector<std::pair<std::string, std::vector<std::string>>> reasons;
        for (const NoticeClaim& c : d.afirmaciones) {
            if (c.idioma != (w.en ? "en" : "es") || c.contradice != *d.aviso_inexacto) continue;
            const std::string& why = w.t(c.por_que);
            auto it = std::find_if(reasons.begin(), reasons.end(), [&](const auto& r) { return r.first == why; });
            if (it == reasons.end()) reasons.push_back({why, {c.donde}});
            else it->second.push_back(c.donde);
        }
        for (std::size_t i = 0; i < reasons.size(); ++i) {
            md += (i ? "; " : "") + reasons[i].first;
            const std::vector<std::string>& where = reasons[i].second;
            if (where.size() == 1 && where[0] == "documento_adverso") md += w.t(" (en el documento adverso)", " (in the adverse document)");
            else if (where.size() > 1) md += w.t(" (en la respuesta y en el documento adverso)", " (in the reply and in the adverse document)");
        }
        if (reasons.empty()) md += w.t("no hace ninguna afirmación que la traza permita comprobar", "it makes no claim the trace can check");
        md += ".\n\n";
    }
    if (d.documento) {
        const AdverseSummary& a = *d.documento;
        md += w.t("Documento adverso: decisión ", "Adverse document: decision ") + decision_word(w, a.decision);
        if (a.causal) md += w.t(", causal ", ", ground ") + code(*a.causal);
        if (a.regla_disparada) md += w.t(", regla ", ", rule ") + code(*a.regla_disparada);
        if (a.completo) md += w.t(", completo: ", ", complete: ") + yes_no(w, *a.completo);
        if (!a.idiomas.empty()) {
            std::string list;
            for (const std::string& i : a.idiomas) list += (list.empty() ? "" : ", ") + code(i);
            md += w.t(", idiomas ", ", languages ") + list;
        }
        if (a.decidido_por) md += w.t(". Decidido por: ", ". Decided by: ") + w.t(*a.decidido_por);
        md += "\n\n";
    } else {
        md += w.t("Sin documento adverso.\n\n", "No adverse document.\n\n");
    }
    if (d.severidad_accion) md += w.t("Guardia de salida: severidad de acción ", "Output guard: action severity ") + shown(w, Value(*d.severidad_accion)) + ".\n\n";
    const std::size_t present = d.senales.size() - d.senales_faltantes.size();
    md += w.t("Señales obligatorias: ", "Required signals: ") + std::to_string(present) + w.t(" de ", " of ") + std::to_string(d.senales.size()) +
          w.t(" presentes", " present");
    if (!d.senales_faltantes.empty()) {
        std::string list;
        for (const std::string& s : d.senales_faltantes) list += (list.empty() ? "" : ", ") + code(s);
        md += w.t("; faltan ", "; missing ") + list;
    }
    md += ".\n\n";
    if (expert && !d.senales.empty()) {
        md += w.t("| Señal | Presente | Valor |\n|---|---|---|\n", "| Signal | Present | Value |\n|---|---|---|\n");
        for (const SignalRow& s : d.senales)
            md += "| " + code(s.senal) + " | " + yes_no(w, s.presente) + " | " + report::cell(s.presente ? shown(w, s.valor) : "—") + " |\n";
        md += "\n";
    }
}

void steps(std::string& md, const W& w, const CasePage& p, bool expert) {
    md += w.t("## Paso a paso\n\n", "## Step by step\n\n");
    for (const StepView& s : p.pasos) {
        md += w.t("### Paso ", "### Step ") + std::to_string(s.orden) + " · " + code(s.nodo);
        if (s.tipo_nodo) md += " (" + code(*s.tipo_nodo) + ")";
        md += "\n\n";
        if (s.inicio_ms || s.duracion_ms)
            md += w.t("- Inicio ", "- Start ") + (s.inicio_ms ? std::to_string(*s.inicio_ms) + " ms" : "—") + w.t(" · duración ", " · duration ") +
                  (s.duracion_ms ? std::to_string(*s.duracion_ms) + " ms" : "—") + "\n";
        for (const Bilingual& b : s.hizo) md += "- " + w.t(b) + "\n";
        for (const Clarification& c : s.aclaraciones) {
            md += w.t("- Aclaración", "- Clarification") + (c.ciclo ? w.t(", ciclo ", ", cycle ") + std::to_string(*c.ciclo) : "") + " (" +
                  w.t("texto registrado ", "text as recorded, ") + language_name(w, c.idioma) + "):\n";
            auto quoted = [&](const std::optional<std::string>& text) { return text ? w.t("«", "“") + *text + w.t("»", "”") : std::string("—"); };
            md += w.t("  - Pregunta: ", "  - Question: ") + quoted(c.pregunta) + "\n";
            md += w.t("  - Respuesta: ", "  - Answer: ") + quoted(c.respuesta) + "\n";
        }
        if (!s.rama_tomada && s.siguiente) md += w.t("- Sigue: ", "- Next: ") + code(*s.siguiente) + "\n";
        if (s.pausa) md += w.t("- Aquí se pausó el caso para una persona (ver «Pausa humana»).\n", "- The case paused here for a person (see \"Human pause\").\n");
        md += "\n";
        if (expert && !s.aristas.empty()) {
            md += w.t("| Arista | Señal | Observado | Operador | Declarado | Aplicado | Se cumple | Si se cumple | Rama tomada |\n",
                      "| Edge | Signal | Observed | Operator | Declared | Applied | Met | If met | Branch taken |\n");
            md += "|---|---|---|---|---|---|---|---|---|\n";
            for (const EdgeRow& e : s.aristas) {
                const std::string signal = e.tipo == "funcion" ? code(e.funcion) + (e.entradas.is_null() ? "" : " `" + json::canonical(e.entradas) + "`") : code(e.senal);
                md += "| " + report::cell(code(e.desde) + " #" + std::to_string(e.orden)) + " | " + report::cell(signal) + " | " +
                      report::cell(shown(w, e.valor_observado)) + " | " + report::cell(e.operador.empty() ? "—" : code(e.operador) + " " + operator_symbol(e.operador, e.inclusivo)) +
                      " | " + report::cell(shown(w, e.valor_declarado)) + " | " + report::cell(shown(w, e.umbral_aplicado)) + " | " +
                      (e.resultado ? "✓" : "✗") + " | " + report::cell(e.si_verdadero ? code(*e.si_verdadero) : "—") + " | " + report::cell(code(e.rama_tomada)) + " |\n";
            }
            md += "\n";
        }
    }
}

// Clarifications recorded but asked at no step we can name (another agent's clarification node).
void loose_clarifications(std::string& md, const W& w, const CasePage& p) {
    bool any = false;
    for (const Clarification& c : p.aclaraciones) {
        if (c.indice_paso) continue;
        if (!any) md += w.t("## Aclaraciones\n\n", "## Clarifications\n\n");
        any = true;
        md += w.t("- Ciclo ", "- Cycle ") + (c.ciclo ? std::to_string(*c.ciclo) : std::string("—")) + " (" + w.t("texto registrado ", "text as recorded, ") +
              language_name(w, c.idioma) + "): " + w.t("«", "“") + c.pregunta.value_or("—") + w.t("» → «", "” → “") + c.respuesta.value_or("—") +
              w.t("»\n", "”\n");
    }
    if (any) md += "\n";
}

void pauses(std::string& md, const W& w, const CasePage& p, bool expert) {
    if (p.pausas.empty()) return;
    md += w.t("## Pausa humana\n\n", "## Human pause\n\n");
    md += w.t(kSimulatedPeople) + "\n\n";
    for (const PauseView& v : p.pausas) {
        md += w.t("### Pausa en el paso ", "### Pause at step ") + std::to_string(v.paso) + " · " + code(v.nodo) + w.t(" (rol ", " (role ") + code(v.rol) + ")\n\n";
        if (v.arista) md += w.t("- Por qué: se cumplió la arista ", "- Why: edge ") + edge_phrase(w, *v.arista) + w.t(", que lleva a ", ", was met, leading to ") + code(v.nodo) + "\n";
        if (v.motivo) md += w.t("- Motivo registrado: «", "- Recorded motive: “") + w.t(*v.motivo) + w.t("»\n", "”\n");
        if (v.senal) {
            md += w.t("- Señal: ", "- Signal: ") + code(*v.senal);
            if (!v.umbral_aplicado.is_null() || !v.umbral_declarado.is_null())
                md += w.t(", umbral declarado ", ", threshold declared ") + shown(w, v.umbral_declarado) + w.t(", aplicado ", ", applied ") + shown(w, v.umbral_aplicado);
            md += "\n";
        }
        auto list = [&](const std::vector<EvidenceItem>& items, const char* es, const char* en) {
            md += std::string(w.t(es, en)) + (items.empty() ? " —\n" : "\n");
            for (const EvidenceItem& e : items) md += "  - " + w.t(e.texto) + "\n";
        };
        list(v.evidencia, "- Evidencia que vio la persona:", "- Evidence the person saw:");
        list(v.contraevidencia, "- Contraevidencia:", "- Counter-evidence:");
        md += w.t("- Respuesta simulada: ", "- Simulated answer: ") + decision_word(w, v.decision);
        if (v.politica) md += w.t(" · política ", " · policy ") + code(*v.politica);
        md += "\n";
        if (v.politica_simulada) md += w.t("- Cómo decide el revisor simulado: ", "- How the simulated reviewer decides: ") + w.t(*v.politica_simulada) + "\n";
        md += "\n";
        if (expert && !v.payload.is_null()) {
            md += w.t("Lo que recibió la persona (payload registrado):\n\n", "What the person received (recorded payload):\n\n");
            md += "```json\n" + json::disk_form(v.payload) + "```\n\n";
        }
    }
}

}  // namespace

json::Value case_page_json(const CasePage& page) {
    json::Array problemas, hace, pasos, pausas;
    for (const Issue& i : page.problemas)
        problemas.push_back(json::Object{{"codigo", Value(i.code)}, {"elemento", Value(i.element)}, {"mensaje", bil(i.message)}});
    for (const ChainNode& n : page.hace)
        hace.push_back(json::Object{{"nodo", Value(n.nodo)}, {"tipo", opt(n.tipo)}, {"indice_paso", Value(static_cast<double>(n.indice_paso))}});
    for (const StepView& s : page.pasos) pasos.push_back(step_json(s));
    for (const PauseView& p : page.pausas) pausas.push_back(pause_json(p));
    json::Object out{{"formato", Value("planlang-caso/v1")},
                     {"etiqueta", bil(kLabel)},
                     {"ok", Value(page.ok)},
                     {"problemas", Value(std::move(problemas))},
                     {"corrida_id", Value(page.corrida_id)},
                     {"caso_id", Value(page.caso_id)},
                     {"fuentes", json::Object{{"traza", Value(page.fuente_traza)},
                                              {"lote", Value(page.fuente_lote)},
                                              {"lote_id", Value(page.lote_id)},
                                              {"informe", Value(page.fuente_informe)}}}};
    if (page.ok) {
        out.push_back({"idioma_de_corrida", opt(page.idioma_de_corrida)});
        out.push_back({"decisiones_humanas_simuladas", page.pausas.empty() ? Value() : bil(kSimulatedPeople)});
        out.push_back({"cabecera", header_json(page.cabecera)});
        out.push_back({"recibe", receives_json(page.recibe)});
        out.push_back({"hace", Value(std::move(hace))});
        out.push_back({"entrega", delivers_json(page.entrega)});
        out.push_back({"pasos", Value(std::move(pasos))});
        json::Array aclaraciones;
        for (const Clarification& c : page.aclaraciones) aclaraciones.push_back(clarification_json(c));
        out.push_back({"aclaraciones", Value(std::move(aclaraciones))});
        out.push_back({"pausas", Value(std::move(pausas))});
        out.push_back({"latencia_total_s", opt(page.latencia_total_s)});
        out.push_back({"tokens", opt(page.tokens)});
    }
    return Value(std::move(out));
}

std::string case_page_markdown(const CasePage& page, bool english, bool expert) {
    const W w{english};
    std::string md = w.t("# Caso ", "# Case ") + page.caso_id;
    if (page.ok && page.cabecera.tipo) md += " · " + code(*page.cabecera.tipo);
    if (page.ok && page.cabecera.subtipo) md += " · " + code(*page.cabecera.subtipo);
    md += "\n\n> " + w.t(kLabel) + w.t(" · corrida ", " · run ") + code(page.corrida_id);
    if (!page.lote_id.empty()) md += w.t(" · lote ", " · batch ") + code(page.lote_id);
    md += "\n";
    if (page.ok && !page.pausas.empty()) md += "> " + w.t(kSimulatedPeople) + "\n";
    md += "\n";
    if (!page.ok) {
        md += w.t("No hay página para este caso:\n\n", "There is no page for this case:\n\n");
        for (const Issue& i : page.problemas) md += "- " + code(i.code) + " " + code(i.element) + ": " + w.t(i.message) + "\n";
        return md;
    }
    summary(md, w, page);
    receives(md, w, page);
    does(md, w, page);
    delivers(md, w, page, expert);
    steps(md, w, page, expert);
    loose_clarifications(md, w, page);
    pauses(md, w, page, expert);
    md += w.t("Fuentes: traza ", "Sources: trace ") + code(page.fuente_traza) + w.t(" · lote ", " · batch ") + code(page.fuente_lote) +
          w.t(" · informe ", " · report ") + code(page.fuente_informe);
    if (page.idioma_de_corrida) md += w.t(" · textos registrados ", " · recorded texts ") + language_name(w, page.idioma_de_corrida);
    md += ".\n";
    return md;
}

}  // namespace planlang::views
