// The case page model (case_page.hpp; site-and-cards.md §4).
// [SECTION] reading helpers · [SECTION] demo A's node roles · [SECTION] header · [SECTION] receives
// [SECTION] steps and pauses · [SECTION] delivers · [SECTION] entry points
#include "core/views/case_page.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/report/numbers.hpp"
#include "core/run/one_trace.hpp"
#include "core/views/internal/case_conversation.hpp"
#include "core/views/internal/case_notice.hpp"
#include "core/views/internal/value_text.hpp"
#include "core/views/node_roles.hpp"
#include "core/verify/domain_facts.hpp"

namespace planlang::views {

const Bilingual kLabel{"Simulación · no operativo · datos sintéticos", "Simulation · not operational · synthetic data"};
const Bilingual kSimulatedPeople{"Las decisiones humanas que se muestran fueron simuladas: no las tomó ninguna persona.",
                                 "The human decisions shown were simulated: no person took them."};

namespace {

using json::Value;
using json::array_items;
using json::member_or_null;
using internal::strings;
using internal::value_text;

// ---------------------------------------------------------------------------------------------- [SECTION] reading helpers

const Value& get(const Value& v, std::string_view key) { return member_or_null(v, key); }

std::optional<std::string> opt_str(const Value& v) {
    if (v.is_string()) return v.as_string();
    return std::nullopt;
}

std::optional<bool> opt_bool(const Value& v) {
    if (v.is_bool()) return v.as_bool();
    return std::nullopt;
}

std::optional<double> opt_num(const Value& v) {
    if (v.is_number()) return v.as_number();
    return std::nullopt;
}

// An integer-valued number within ±2^53, else nullopt.
std::optional<std::int64_t> opt_int(const Value& v) {
    if (!v.is_number()) return std::nullopt;
    const double x = v.as_number();
    if (!(std::fabs(x) <= 9007199254740992.0) || std::floor(x) != x) return std::nullopt;
    return static_cast<std::int64_t>(x);
}

std::int64_t int_or_zero(const Value& v) { return opt_int(v).value_or(0); }

// A BIL object {es, en} of strings.
std::optional<Bilingual> opt_bil(const Value& v) {
    const Value& es = get(v, "es");
    const Value& en = get(v, "en");
    if (!es.is_string() || !en.is_string()) return std::nullopt;
    return Bilingual{es.as_string(), en.as_string()};
}

// The verified plan's domain (what the domain registry is asked), or "" when the run did not load.
std::string dominio_of(const playground::Loaded& loaded) {
    if (loaded.entradas) return loaded.entradas->plan.plan.dominio_id;
    return loaded.compacto ? loaded.compacto->dominio_id : std::string();
}

bool contains(const std::vector<std::string>& list, const std::string& x) { return std::find(list.begin(), list.end(), x) != list.end(); }

// ---------------------------------------------------------------------------------------------- [SECTION] header

void fill_listings(CaseHeader& h, const playground::Loaded& loaded, const std::string& corrida_id, std::size_t steps) {
    const Value& informe = loaded.compacto ? loaded.compacto->informe : Value();
    const plan::Plan* plan = loaded.entradas ? &loaded.entradas->plan.plan : nullptr;
    auto lists = [&](const Value& ids) {
        for (const Value& x : array_items(ids))
            if (x.is_string() && x.as_string() == h.caso_id) return true;
        return false;
    };
    for (const Value& c : array_items(get(informe, "criterios"))) {
        const std::string id = opt_str(get(c, "id")).value_or("");
        bool condition = false;
        if (plan)
            for (const plan::Criterion& pc : plan->criterios_aceptacion)
                if (pc.id == id) condition = pc.regla_de_medicion.condicion.has_value();
        if (condition && lists(get(c, "casos_que_incumplen"))) h.senalado_por.push_back({"criterio", id});
    }
    for (const Value& r : array_items(get(informe, "riesgos")))
        if (get(r, "estado") != Value("mal_formado") && lists(get(r, "casos")))
            h.senalado_por.push_back({"riesgo", opt_str(get(r, "id")).value_or("")});
    const Value& brechas = get(informe, "brechas_no_previstas");
    for (const Value& e : array_items(get(brechas, "evaluadores")))
        if (lists(get(e, "fallas"))) h.senalado_por.push_back({"evaluador", opt_str(get(e, "id")).value_or("")});
    for (const Value& b : array_items(get(brechas, "brechas"))) {
        if (get(b, "caso_id") != Value(h.caso_id) || get(b, "corrida_id") != Value(corrida_id)) continue;
        CaseGap g;
        g.categoria = opt_str(get(b, "categoria")).value_or("");
        g.evaluador = opt_str(get(b, "evaluador"));
        g.nodo = opt_str(get(b, "nodo"));
        g.paso = opt_int(get(b, "paso"));
        if (g.paso && *g.paso >= 1 && static_cast<std::uint64_t>(*g.paso) <= steps) g.indice_paso = static_cast<std::size_t>(*g.paso - 1);
        g.detalle = opt_bil(get(b, "detalle"));
        h.brechas.push_back(std::move(g));
    }
}

CaseHeader make_header(const playground::Loaded& loaded, const Value& trace, const Value& caso, const std::string& caso_id,
                       const std::string& corrida_id) {
    CaseHeader h;
    h.caso_id = caso_id;
    h.tipo = opt_str(get(caso, "tipo"));
    h.subtipo = opt_str(get(caso, "subtipo"));
    h.adversario_detalle = opt_str(get(caso, "adversario_detalle"));
    h.resultado = opt_str(get(trace, "resultado"));
    h.error_proveedor = opt_str(get(trace, "error_proveedor"));
    const Value& verdad = get(caso, "verdad_conocida");
    h.debia_decision = opt_str(get(verdad, "decision"));
    h.debia_escalar = opt_bool(get(verdad, "debe_escalar"));
    h.motivos_escalamiento = strings(get(verdad, "motivos_escalamiento"));
    h.esperado = opt_bil(get(caso, "esperado"));
    const Value& senales = get(trace, "senales");
    h.decision_final = opt_str(get(senales, "decision_final"));
    h.pausa_humana = opt_bool(get(senales, "pausa_humana"));
    h.pausas_registradas = array_items(get(trace, "pausas_humanas")).size();
    h.a_persona = h.pausas_registradas > 0 || h.pausa_humana.value_or(false);
    // A domain whose hand-off is another signal (the adherence coach's `escalado`, verify::person_signal):
    // that signal says whether the case went to a person; a reviewer's pause there checks a draft.
    if (loaded.compacto) {
        const std::string& person = verify::person_signal(loaded.compacto->dominio_id);
        if (person != "pausa_humana") h.a_persona = get(senales, person) == Value(true);
    }
    if (h.debia_decision) h.coincide_decision = h.decision_final == h.debia_decision;
    if (h.debia_escalar) h.coincide_escalamiento = h.a_persona == *h.debia_escalar;
    if (h.coincide_decision && h.coincide_escalamiento) h.coincide = *h.coincide_decision && *h.coincide_escalamiento;
    fill_listings(h, loaded, corrida_id, array_items(get(trace, "pasos")).size());
    if (!h.coincide) h.veredicto = h.coincide_decision == false || h.coincide_escalamiento == false ? "incorrecto" : "sin_verdad";
    else if (!*h.coincide) h.veredicto = "incorrecto";
    else h.veredicto = h.senalado_por.empty() ? "correcto" : "senalado";
    return h;
}

// ---------------------------------------------------------------------------------------------- [SECTION] receives

const Bilingual kMask{"[protegido]", "[protected]"};

void replace_all(std::string& text, const std::string& what, const std::string& with) {
    if (what.empty()) return;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size())) text.replace(at, what.size(), with);
}

// The synthetic identifiers, longest first (a name holding another identifier is masked whole).
std::vector<std::string> identifiers(const Value& caso) {
    std::vector<std::string> ids = strings(get(caso, "identificadores_sinteticos"));
    ids.erase(std::remove(ids.begin(), ids.end(), std::string()), ids.end());
    std::stable_sort(ids.begin(), ids.end(), [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    return ids;
}

std::string masked(std::string text, const std::vector<std::string>& ids, const std::string& marker) {
    for (const std::string& id : ids) replace_all(text, id, marker);
    return text;
}

std::vector<Span> marks(const std::string& text, const std::string& payload, const std::string& tipo) {
    std::vector<Span> out;
    if (payload.empty()) return out;
    for (std::size_t at = text.find(payload); at != std::string::npos; at = text.find(payload, at + payload.size()))
        out.push_back(Span{at, at + payload.size(), tipo});
    return out;
}

MarkedText marked_text(const Bilingual& raw, const std::vector<std::string>& ids, const std::optional<Bilingual>& carga, const std::string& tipo) {
    MarkedText m;
    m.texto = {masked(raw.es, ids, kMask.es), masked(raw.en, ids, kMask.en)};
    if (carga) {
        m.marcas_es = marks(m.texto.es, masked(carga->es, ids, kMask.es), tipo);
        m.marcas_en = marks(m.texto.en, masked(carga->en, ids, kMask.en), tipo);
    }
    return m;
}

std::optional<Bilingual> service_name(const playground::Loaded& loaded, const std::string& codigo) {
    if (!loaded.entradas || !loaded.entradas->world) return std::nullopt;
    for (const Value& p : array_items(get(loaded.entradas->world->document, "procedimientos")))
        if (get(p, "codigo") == Value(codigo)) return opt_bil(get(p, "nombre"));
    return std::nullopt;
}

Receives make_receives(const playground::Loaded& loaded, const Value& caso) {
    Receives r;
    const std::vector<std::string> ids = identifiers(caso);
    const Value& entrada = get(caso, "entrada");
    const Value& adv = get(caso, "adversario");
    std::optional<Bilingual> carga;
    if (adv.is_object()) {
        Adversary a;
        a.vector = opt_str(get(adv, "vector"));
        a.carga = opt_bil(get(adv, "carga"));
        a.intenta = opt_bil(get(adv, "intenta"));
        carga = a.carga;
        r.adversario = std::move(a);
    }
    const std::string tipo = opt_str(get(caso, "adversario_detalle")).value_or("carga");
    if (std::optional<Bilingual> nota = opt_bil(get(entrada, "texto_medico"))) r.nota = marked_text(*nota, ids, carga, tipo);
    const Value& orden = get(entrada, "orden_adjunta");
    r.tipo_atencion = opt_str(get(orden, "tipo_atencion"));
    r.codigo_procedimiento = opt_str(get(orden, "codigo_procedimiento"));
    if (r.codigo_procedimiento) r.servicio = service_name(loaded, *r.codigo_procedimiento);
    if (std::optional<Bilingual> obs = opt_bil(get(orden, "observaciones"))) r.observaciones = marked_text(*obs, ids, carga, tipo);
    if (r.adversario) {
        auto any = [](const std::optional<MarkedText>& m) { return m && (!m->marcas_es.empty() || !m->marcas_en.empty()); };
        r.adversario->marcada = any(r.nota) || any(r.observaciones);
    }
    const Value& afiliado = get(entrada, "afiliado");
    if (afiliado.is_object())
        for (const json::Member& m : afiliado.as_object()) {
            MemberField f;
            f.campo = m.key;
            f.enmascarado = m.value.is_string() && contains(ids, m.value.as_string());
            if (!f.enmascarado) f.valor = m.value;
            r.afiliado.push_back(std::move(f));
        }
    return r;
}

// ---------------------------------------------------------------------------------------------- [SECTION] steps and pauses

EdgeRow edge_row(const Value& rec, const run::RunHeader* run) {
    EdgeRow e;
    e.desde = opt_str(get(rec, "desde")).value_or("");
    e.orden = int_or_zero(get(rec, "orden_arista"));
    e.tipo = opt_str(get(rec, "tipo")).value_or("");
    e.senal = opt_str(get(rec, "senal")).value_or("");
    e.funcion = opt_str(get(rec, "funcion")).value_or("");
    e.entradas = get(rec, "entradas");
    e.valor_observado = get(rec, "valor_observado");
    e.operador = opt_str(get(rec, "operador")).value_or("");
    e.inclusivo = opt_bool(get(rec, "inclusivo")).value_or(false);
    e.valor_declarado = get(rec, "valor_declarado");
    e.umbral_aplicado = get(rec, "umbral_aplicado");
    e.resultado = opt_bool(get(rec, "resultado")).value_or(false);
    e.rama_tomada = opt_str(get(rec, "rama_tomada")).value_or("");
    if (run)
        for (const plan::Edge& g : run->grafo.aristas_condicionales)
            if (g.desde == e.desde && g.orden == e.orden) e.si_verdadero = g.si_verdadero;
    return e;
}

// Sentences for what a step did, from the step itself and, for the nodes the domain's NodeRoles knows, what the
// trace says they left.
std::vector<Bilingual> what_it_did(const StepView& s, const Value& trace, bool last_visit, const PauseView* pause, const NodeRoles* roles) {
    std::vector<Bilingual> out;
    const std::string tipo = s.tipo_nodo.value_or("");
    const std::string in = std::to_string(s.tokens_entrada), outk = std::to_string(s.tokens_salida);
    if (tipo == "modelo") {
        if (s.tokens_entrada + s.tokens_salida > 0)
            out.push_back({"Llamó al modelo: " + in + " tokens de entrada y " + outk + " de salida.",
                           "Called the model: " + in + " input tokens and " + outk + " output tokens."});
        else
            out.push_back({"No llamó al modelo (ningún token).", "Made no model call (no tokens)."});
    } else if (tipo == "regla") {
        out.push_back({"Aplicó reglas deterministas, sin modelo.", "Applied deterministic rules, with no model."});
    } else if (tipo == "enrutador") {
        out.push_back({"Enrutó el caso según sus reglas, sin modelo.", "Routed the case by its rules, with no model."});
    } else if (tipo == "herramienta") {
        out.push_back({"Usó una herramienta.", "Used a tool."});
    } else if (tipo == "pausa_humana" && pause) {
        out.push_back({"Pasó el caso a una persona (rol «" + pause->rol + "»).", "Handed the case to a person (role \"" + pause->rol + "\")."});
        if (pause->decision)
            out.push_back({"Respuesta simulada: «" + *pause->decision + "».", "Simulated answer: \"" + *pause->decision + "\"."});
    }
    if (s.error_proveedor)
        out.push_back({"Falló el proveedor del modelo: «" + *s.error_proveedor + "».", "The model provider failed: \"" + *s.error_proveedor + "\"."});
    if (s.reintentos_esquema > 0) {
        const std::string n = std::to_string(s.reintentos_esquema);
        out.push_back({"Repitió la llamada " + n + (s.reintentos_esquema == 1 ? " vez" : " veces") + " por una respuesta fuera de esquema.",
                       "Retried the call " + n + (s.reintentos_esquema == 1 ? " time" : " times") + " after a reply that broke the schema."});
    }
    for (const Clarification& c : s.aclaraciones) {
        const std::string ciclo = c.ciclo ? std::to_string(*c.ciclo) : "?";
        out.push_back({"Pidió al médico los datos que faltan (ciclo " + ciclo + ").", "Asked the physician for the missing data (cycle " + ciclo + ")."});
    }
    if (last_visit && roles)
        for (Bilingual& b : roles->left_by(s.nodo, trace)) out.push_back(std::move(b));
    if (s.rama_tomada) {
        if (s.arista_disparada)
            out.push_back({"Se cumplió su arista #" + std::to_string(*s.arista_disparada) + ": sigue por «" + *s.rama_tomada + "».",
                           "Its edge #" + std::to_string(*s.arista_disparada) + " was met: on to \"" + *s.rama_tomada + "\"."});
        else
            out.push_back({"No se cumplió ninguna arista: sigue por la rama por defecto, «" + *s.rama_tomada + "».",
                           "No edge was met: on along the default branch, \"" + *s.rama_tomada + "\"."});
    }
    return out;
}

std::vector<EvidenceItem> evidence(const Value& list) {
    std::vector<EvidenceItem> out;
    for (const Value& x : array_items(list)) {
        if (std::optional<Bilingual> t = opt_bil(x)) out.push_back({opt_str(get(x, "clave")), *t});
        else if (x.is_string()) out.push_back({std::nullopt, {x.as_string(), x.as_string()}});
    }
    return out;
}

void make_steps_and_pauses(CasePage& page, const playground::Loaded& loaded, const Value& trace) {
    const run::RunHeader* run = loaded.corrida.get();
    const json::Array& pasos = array_items(get(trace, "pasos"));
    const json::Array& records = array_items(get(trace, "decisiones_de_arista"));
    // Pauses first: a pause step's sentences name its record.
    for (const Value& p : array_items(get(trace, "pausas_humanas"))) {
        PauseView v;
        v.nodo = opt_str(get(p, "nodo")).value_or("");
        v.paso = int_or_zero(get(p, "paso"));
        if (v.paso >= 1 && static_cast<std::uint64_t>(v.paso) <= pasos.size()) v.indice_paso = static_cast<std::size_t>(v.paso - 1);
        v.rol = opt_str(get(p, "rol")).value_or("");
        v.payload = get(p, "payload");
        v.motivo = opt_bil(get(v.payload, "motivo"));
        v.senal = opt_str(get(v.payload, "senal"));
        v.umbral_declarado = get(get(v.payload, "umbral"), "declarado");
        v.umbral_aplicado = get(get(v.payload, "umbral"), "aplicado");
        v.evidencia = evidence(get(v.payload, "evidencia"));
        v.contraevidencia = evidence(get(v.payload, "contraevidencia"));
        v.decision = opt_str(get(get(p, "respuesta_simulada"), "decision"));
        v.politica = opt_str(get(get(p, "respuesta_simulada"), "politica"));
        if (run)
            for (const plan::Pause& gp : run->grafo.pausas_humanas)
                if (gp.nodo == v.nodo) v.politica_simulada = Bilingual{gp.politica_simulada.es, gp.politica_simulada.en};
        if (run) v.revisor_simulado = opt_bil(get(run->manifest, "revisor_simulado"));
        // Why: the latest visit before the pause whose records routed to it; its first met edge.
        // (Only for a pause at one of the steps: a `paso` past them names no visit before it.)
        for (std::int64_t paso = v.indice_paso ? v.paso - 1 : 0; paso >= 1 && !v.arista; --paso) {
            const Value* first_true = nullptr;
            bool routed = false;
            for (const Value& rec : records)
                if (get(rec, "paso") == Value(static_cast<double>(paso))) {
                    if (get(rec, "rama_tomada") == Value(v.nodo)) routed = true;
                    if (!first_true && get(rec, "resultado") == Value(true)) first_true = &rec;
                }
            if (routed && first_true) {
                v.arista = edge_row(*first_true, run);
                v.indice_paso_arista = static_cast<std::size_t>(paso - 1);
            }
            if (routed) break;
        }
        page.pausas.push_back(std::move(v));
    }
    // Clarifications, in the order recorded; the domain's clarification node asks cycle k at its k-th model call.
    const NodeRoles* roles = node_roles_of(dominio_of(loaded));
    std::vector<Clarification> asked;
    for (const Value& a : array_items(get(trace, "aclaraciones"))) {
        Clarification c;
        c.ciclo = opt_int(get(a, "ciclo"));
        c.pregunta = opt_str(get(a, "pregunta"));
        c.respuesta = opt_str(get(a, "respuesta"));
        c.idioma = page.idioma_de_corrida;
        asked.push_back(std::move(c));
    }
    std::size_t next_clarification = 0;
    for (std::size_t i = 0; i < pasos.size(); ++i) {
        const Value& p = pasos[i];
        StepView s;
        s.indice = i;
        s.orden = int_or_zero(get(p, "orden"));
        s.nodo = opt_str(get(p, "nodo")).value_or("");
        s.tipo_nodo = opt_str(get(p, "tipo_nodo"));
        s.inicio_ms = opt_int(get(p, "inicio_ms"));
        s.duracion_ms = opt_int(get(p, "duracion_ms"));
        s.tokens_entrada = int_or_zero(get(get(p, "tokens"), "entrada"));
        s.tokens_salida = int_or_zero(get(get(p, "tokens"), "salida"));
        s.costo_nominal_usd = opt_num(get(p, "costo_nominal_usd")).value_or(0);
        s.reintentos_esquema = int_or_zero(get(p, "reintentos_esquema"));
        s.error_proveedor = opt_str(get(p, "error_proveedor"));
        if (i + 1 < pasos.size()) s.siguiente = opt_str(get(pasos[i + 1], "nodo"));
        // This visit's records: `paso` is the step's number in the trace (1..n), `desde` its node.
        const std::int64_t paso = static_cast<std::int64_t>(i + 1);
        for (const Value& rec : records)
            if (get(rec, "paso") == Value(static_cast<double>(paso)) && get(rec, "desde") == Value(s.nodo)) s.aristas.push_back(edge_row(rec, run));
        std::stable_sort(s.aristas.begin(), s.aristas.end(), [](const EdgeRow& a, const EdgeRow& b) { return a.orden < b.orden; });
        if (!s.aristas.empty()) {
            s.rama_tomada = s.aristas.front().rama_tomada;
            for (const EdgeRow& e : s.aristas)
                if (e.resultado) {
                    s.arista_disparada = e.orden;
                    break;
                }
        }
        if (roles && !roles->clarification_node().empty() && s.nodo == roles->clarification_node() && s.tokens_entrada + s.tokens_salida > 0 && next_clarification < asked.size()) {
            asked[next_clarification].indice_paso = i;
            s.aclaraciones.push_back(asked[next_clarification]);
            ++next_clarification;
        }
        const PauseView* pause = nullptr;
        for (const PauseView& v : page.pausas)
            if (v.indice_paso == i) {
                s.pausa = true;
                pause = &v;
            }
        bool last_visit = true;
        for (std::size_t j = i + 1; j < pasos.size(); ++j)
            if (get(pasos[j], "nodo") == Value(s.nodo)) last_visit = false;
        s.hizo = what_it_did(s, trace, last_visit, pause, roles);
        page.hace.push_back(ChainNode{s.nodo, std::nullopt, i});
        if (run)
            for (const plan::Node& n : run->grafo.nodos)
                if (n.id == s.nodo) page.hace.back().tipo = n.tipo;
        page.pasos.push_back(std::move(s));
    }
    page.aclaraciones = std::move(asked);
}

// ---------------------------------------------------------------------------------------------- [SECTION] delivers

Delivers make_delivers(const playground::Loaded& loaded, const Value& trace, const CaseHeader& h) {
    Delivers d;
    const Value& salida = get(trace, "salida_final");
    if (salida.is_object()) {
        d.respuesta = opt_bil(salida);
        d.aviso_ia = opt_bil(get(salida, "aviso_ia"));
    }
    const std::string decision = h.decision_final.value_or("");
    auto check = [&](const std::optional<Bilingual>& notice, const char* donde) {
        if (!notice) return;
        for (NoticeClaim& c : internal::notice_claims(notice->es, "es", donde, h.a_persona, decision)) d.afirmaciones.push_back(std::move(c));
        for (NoticeClaim& c : internal::notice_claims(notice->en, "en", donde, h.a_persona, decision)) d.afirmaciones.push_back(std::move(c));
        d.aviso_inexacto = d.aviso_inexacto.value_or(false);
    };
    check(d.aviso_ia, "salida_final");
    const Value& doc = get(trace, "documento_adverso");
    if (doc.is_object()) {
        d.documento_adverso = doc;
        AdverseSummary a;
        a.decision = opt_str(get(doc, "decision"));
        a.completo = opt_bool(get(doc, "completo"));
        a.idiomas = strings(get(doc, "idiomas"));
        a.causal = opt_str(get(get(doc, "causal"), "id"));
        a.regla_disparada = opt_str(get(get(doc, "regla_disparada"), "id"));
        a.decidido_por = opt_bil(get(doc, "decidido_por"));
        d.documento = std::move(a);
        check(opt_bil(get(doc, "aviso_ia")), "documento_adverso");
    }
    for (const NoticeClaim& c : d.afirmaciones)
        if (c.contradice) d.aviso_inexacto = true;
    if (get(trace, "guardia_salida").is_object()) d.guardia_salida = get(trace, "guardia_salida");
    const Value& senales = get(trace, "senales");
    d.severidad_accion = opt_num(get(senales, "severidad_accion"));
    if (loaded.entradas)
        for (const std::string& name : loaded.entradas->plan.plan.contrato_de_grafo.senales_obligatorias_en_traza) {
            SignalRow row;
            row.senal = name;
            const Value* v = senales.is_object() ? senales.find(name) : nullptr;
            row.presente = v != nullptr;
            if (v) row.valor = *v;
            else d.senales_faltantes.push_back(name);
            d.senales.push_back(std::move(row));
        }
    return d;
}

Issue problem(const char* code, std::string element, Bilingual message) { return Issue{code, std::move(element), std::move(message)}; }

}  // namespace

// ---------------------------------------------------------------------------------------------- [SECTION] entry points

CasePage case_page_from_trace(const playground::Loaded& loaded, const json::Value& trace, const std::string& archivo) {
    CasePage page;
    page.fuente_traza = archivo;
    if (loaded.corrida) page.corrida_id = loaded.corrida->corrida_id;
    page.caso_id = opt_str(get(trace, "caso_id")).value_or("");
    if (loaded.compacto) page.fuente_informe = loaded.compacto->informe_origen;
    Value caso;
    if (loaded.entradas) {
        const run::Batch& batch = loaded.entradas->batch;
        page.fuente_lote = batch.archivo;
        page.lote_id = opt_str(get(batch.document, "id")).value_or("");
        page.idioma_de_corrida = opt_str(get(batch.document, "idioma_de_corrida"));
        if (batch.cases) {
            if (std::optional<Value> c = batch.find_case(page.caso_id)) caso = std::move(*c);
        }
    }
    page.cabecera = make_header(loaded, trace, caso, page.caso_id, page.corrida_id);
    page.recibe = make_receives(loaded, caso);
    page.recibe.conversacion = internal::conversation_of(trace);
    make_steps_and_pauses(page, loaded, trace);
    page.entrega = make_delivers(loaded, trace, page.cabecera);
    const Value& senales = get(trace, "senales");
    page.latencia_total_s = opt_num(get(senales, "latencia_total_s"));
    page.tokens = opt_num(get(senales, "tokens"));
    page.ok = true;
    return page;
}

CasePage build_case_page(const playground::Loaded& loaded, const run::FileSource& files, std::string_view caso_id) {
    CasePage page;
    page.caso_id = std::string(caso_id);
    if (!loaded.ok || !loaded.corrida || !loaded.entradas || !loaded.compacto) {
        page.problemas.push_back(problem("CORRIDA_NO_CARGADA", page.caso_id,
                                         {"la corrida no se cargó: no hay página de caso", "the run was not loaded: there is no case page"}));
        return page;
    }
    const run::RunHeader& run = *loaded.corrida;
    page.corrida_id = run.corrida_id;
    const bool executed = std::find(run.casos_ejecutados.begin(), run.casos_ejecutados.end(), caso_id) != run.casos_ejecutados.end();
    run::OneTrace read;
    if (executed) read = run::read_one_trace(files, run, caso_id);
    if (!executed || !read.declarada) {
        page.problemas.push_back(problem("CASO_DESCONOCIDO", page.caso_id,
                                         {"la corrida " + run.corrida_id + " no ejecutó el caso «" + page.caso_id + "»",
                                          "run " + run.corrida_id + " did not execute case \"" + page.caso_id + "\""}));
        return page;
    }
    page.fuente_traza = read.archivo;
    if (!read.ok) {
        for (run::Motive& m : read.motivos) page.problemas.push_back(Issue{std::move(m.codigo), std::move(m.archivo), std::move(m.detalle)});
        if (page.problemas.empty())
            page.problemas.push_back(problem("ESQUEMA", read.archivo, {"no se pudo leer la traza", "the trace could not be read"}));
        return page;
    }
    CasePage built = case_page_from_trace(loaded, read.tree, read.archivo);
    return built;
}

}  // namespace planlang::views
