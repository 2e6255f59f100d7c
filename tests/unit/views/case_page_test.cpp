// The case page (core/site/case_page.hpp; site-and-cards.md §4) on the committed 20-case run: a case that went
// to the pause (A-004, an injection), one with clarifications and a straight one, each checked
// against values read here from the trace, the batch and the report with core/json, never through the page's
// code; the masking of identifiers and the injection marks; the inaccurate-notice flag on hand-altered
// traces; an unknown case, a trace changed since the run was verified and a malformed trace file give issues;
// the JSON object and the Markdown in both languages.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/views/case_page.hpp"
#include "core/views/internal/case_notice.hpp"
#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing;
using json::Value;
using hand::at;
using hand::canon;
using hand::item;
using hand::size;

namespace {

const std::string kRun = pg::kDemo20;

const json::Array& arr(const Value& v) {
    static const json::Array kNone;
    return v.is_array() ? v.as_array() : kNone;
}
const std::string kBatch = "synthetic/casos/demo-a/demo-a-20.json";

Value read_json(const std::string& path) {
    std::optional<Value> v = RunFiles().json_of(path);
    REQUIRE(v);
    return *v;
}

Value trace_of(const std::string& id) { return read_json(kRun + "/trazas/" + id + ".json"); }

Value batch_case(const std::string& id) {
    static const Value batch = read_json(kBatch);
    const Value& c = hand::by_id(at(batch, "casos"), id);
    REQUIRE(c.is_object());
    return c;
}

views::CasePage page_of(const std::string& id, const RunFiles& files = RunFiles()) {
    const playground::Loaded& l = pg::loaded(kRun);
    REQUIRE(l.ok);
    return views::build_case_page(l, files.source(), id);
}

std::string str(const Value& v) { return v.is_string() ? v.as_string() : std::string("<not a string>"); }

// Whether the report lists `id` as failing anywhere (criteria, risks, evaluators), read from informe.json.
bool report_lists(const std::string& id) {
    const Value informe = read_json(kRun + "/informe.json");
    auto in = [&](const Value& list) {
        for (const Value& x : arr(list))
            if (x == Value(id)) return true;
        return false;
    };
    for (const Value& c : arr(at(informe, "criterios")))
        if (in(at(c, "casos_que_incumplen"))) return true;
    for (const Value& r : arr(at(informe, "riesgos")))
        if (in(at(r, "casos"))) return true;
    for (const Value& e : arr(at(at(informe, "brechas_no_previstas"), "evaluadores")))
        if (in(at(e, "fallas"))) return true;
    return false;
}

// The steps, by hand: node, start and duration of each recorded step.
void check_steps(const views::CasePage& p, const Value& t) {
    const json::Array& pasos = arr(at(t, "pasos"));
    REQUIRE(p.pasos.size() == pasos.size());
    REQUIRE(p.hace.size() == pasos.size());
    for (std::size_t i = 0; i < pasos.size(); ++i) {
        CAPTURE(i);
        const views::StepView& s = p.pasos[i];
        CHECK(s.indice == i);
        CHECK(s.nodo == str(at(pasos[i], "nodo")));
        CHECK(s.nodo == str(item(at(t, "nodos_visitados"), i)));
        CHECK(p.hace[i].nodo == s.nodo);
        CHECK(p.hace[i].indice_paso == i);
        CHECK(Value(static_cast<double>(s.orden)) == at(pasos[i], "orden"));
        REQUIRE(s.inicio_ms);
        REQUIRE(s.duracion_ms);
        CHECK(Value(static_cast<double>(*s.inicio_ms)) == at(pasos[i], "inicio_ms"));
        CHECK(Value(static_cast<double>(*s.duracion_ms)) == at(pasos[i], "duracion_ms"));
        CHECK(Value(static_cast<double>(s.tokens_entrada)) == at(at(pasos[i], "tokens"), "entrada"));
        CHECK(!s.hizo.empty());
        // The edge table: every record of this visit (paso i+1, from this node), in `orden` order.
        std::vector<const Value*> records;
        for (const Value& r : arr(at(t, "decisiones_de_arista")))
            if (at(r, "paso") == Value(static_cast<double>(i + 1))) records.push_back(&r);
        REQUIRE(s.aristas.size() == records.size());
        for (std::size_t k = 0; k < records.size(); ++k) {
            CAPTURE(k);
            const Value& r = *records[k];
            const views::EdgeRow& e = s.aristas[k];
            CHECK(e.desde == str(at(r, "desde")));
            CHECK(Value(static_cast<double>(e.orden)) == at(r, "orden_arista"));
            CHECK(e.valor_observado == at(r, "valor_observado"));
            CHECK(e.valor_declarado == at(r, "valor_declarado"));
            CHECK(e.umbral_aplicado == at(r, "umbral_aplicado"));
            CHECK(Value(e.resultado) == at(r, "resultado"));
            CHECK(e.rama_tomada == str(at(r, "rama_tomada")));
            if (at(r, "tipo") == Value("tripleta")) {
                CHECK(e.senal == str(at(r, "senal")));
                CHECK(e.operador == str(at(r, "operador")));
            }
        }
        if (!records.empty()) {
            REQUIRE(s.rama_tomada);
            CHECK(*s.rama_tomada == str(at(*records.front(), "rama_tomada")));
            // The branch taken is where the trace goes next.
            if (i + 1 < pasos.size()) CHECK(*s.rama_tomada == str(at(pasos[i + 1], "nodo")));
        }
    }
}

}  // namespace

TEST_CASE("case page: A-004 went to the pause (injection, denied)") {
    const Value t = trace_of("A-004");
    const Value c = batch_case("A-004");
    const views::CasePage p = page_of("A-004");
    REQUIRE(p.ok);
    CHECK(p.problemas.empty());
    CHECK(p.corrida_id == "demo-a-20");
    CHECK(p.fuente_traza == kRun + "/trazas/A-004.json");
    CHECK(p.fuente_lote == kBatch);
    // Header: should have (batch) vs happened (trace).
    const views::CaseHeader& h = p.cabecera;
    CHECK(h.tipo == str(at(c, "tipo")));
    CHECK(h.subtipo == str(at(c, "subtipo")));
    CHECK(h.debia_decision == str(at(at(c, "verdad_conocida"), "decision")));
    CHECK(Value(*h.debia_escalar) == at(at(c, "verdad_conocida"), "debe_escalar"));
    CHECK(h.esperado->es == str(at(at(c, "esperado"), "es")));
    CHECK(h.decision_final == str(at(at(t, "senales"), "decision_final")));
    CHECK(h.decision_final == "negar");
    CHECK(h.a_persona);
    CHECK(h.pausas_registradas == size(at(t, "pausas_humanas")));
    CHECK(h.coincide == true);
    CHECK(h.veredicto == (report_lists("A-004") ? "senalado" : "correcto"));
    check_steps(p, t);
    // The pause.
    REQUIRE(p.pausas.size() == 1);
    const Value& rec = item(at(t, "pausas_humanas"), 0);
    const Value& payload = at(rec, "payload");
    const views::PauseView& v = p.pausas[0];
    CHECK(v.nodo == str(at(rec, "nodo")));
    CHECK(Value(static_cast<double>(v.paso)) == at(rec, "paso"));
    REQUIRE(v.indice_paso);
    CHECK(p.pasos[*v.indice_paso].nodo == "pausa_humana");
    CHECK(p.pasos[*v.indice_paso].pausa);
    CHECK(v.rol == str(at(rec, "rol")));
    CHECK(v.decision == str(at(at(rec, "respuesta_simulada"), "decision")));
    CHECK(v.politica == str(at(at(rec, "respuesta_simulada"), "politica")));
    CHECK(v.motivo->en == str(at(at(payload, "motivo"), "en")));
    CHECK(v.senal == str(at(payload, "senal")));
    CHECK(v.umbral_aplicado == at(at(payload, "umbral"), "aplicado"));
    REQUIRE(v.evidencia.size() == size(at(payload, "evidencia")));
    for (std::size_t i = 0; i < v.evidencia.size(); ++i) CHECK(v.evidencia[i].texto.es == str(at(item(at(payload, "evidencia"), i), "es")));
    REQUIRE(v.contraevidencia.size() == size(at(payload, "contraevidencia")));
    // Why: the first met edge of the visit just before the pause, which the payload's motive also names.
    const double before = at(rec, "paso").as_number() - 1;
    const Value* first_true = nullptr;
    for (const Value& r : arr(at(t, "decisiones_de_arista")))
        if (at(r, "paso") == Value(before) && at(r, "resultado") == Value(true) && !first_true) first_true = &r;
    REQUIRE(first_true);
    REQUIRE(v.arista);
    CHECK(v.arista->desde == str(at(*first_true, "desde")));
    CHECK(Value(static_cast<double>(v.arista->orden)) == at(*first_true, "orden_arista"));
    CHECK(Value(static_cast<double>(v.arista->orden)) == at(at(payload, "motivo"), "orden_arista"));
    CHECK(v.arista->si_verdadero == "pausa_humana");
    CHECK(v.indice_paso_arista == *v.indice_paso - 1);
    CHECK(v.politica_simulada);
    // Receives: the injected payload is marked where it sits in the note.
    REQUIRE(p.recibe.adversario);
    CHECK(p.recibe.adversario->marcada);
    REQUIRE(p.recibe.nota);
    REQUIRE(p.recibe.nota->marcas_es.size() == 1);
    const views::Span& s = p.recibe.nota->marcas_es[0];
    CHECK(p.recibe.nota->texto.es.substr(s.inicio, s.fin - s.inicio) == str(at(at(at(c, "adversario"), "carga"), "es")));
    CHECK(s.tipo == "inyeccion");
    REQUIRE(p.recibe.nota->marcas_en.size() == 1);
    CHECK(p.recibe.codigo_procedimiento == str(at(at(at(c, "entrada"), "orden_adjunta"), "codigo_procedimiento")));
    // Delivers: the adverse document and a notice that holds (a person reviewed this denial).
    REQUIRE(p.entrega.documento);
    CHECK(p.entrega.documento->decision == str(at(at(t, "documento_adverso"), "decision")));
    CHECK(p.entrega.documento->completo == at(at(t, "documento_adverso"), "completo").as_bool());
    CHECK(p.entrega.aviso_ia->en == str(at(at(at(t, "salida_final"), "aviso_ia"), "en")));
    CHECK(p.entrega.aviso_inexacto == false);
}

TEST_CASE("case page: A-001 asked two clarifications") {
    const Value t = trace_of("A-001");
    const views::CasePage p = page_of("A-001");
    REQUIRE(p.ok);
    check_steps(p, t);
    CHECK(p.idioma_de_corrida == str(at(read_json(kBatch), "idioma_de_corrida")));
    // The clarification steps, by hand: visits of `aclaracion` that called the model.
    std::vector<std::size_t> asking;
    const json::Array& pasos = arr(at(t, "pasos"));
    for (std::size_t i = 0; i < pasos.size(); ++i) {
        const Value& tokens = at(pasos[i], "tokens");
        if (at(pasos[i], "nodo") == Value("aclaracion") && at(tokens, "entrada").as_number() + at(tokens, "salida").as_number() > 0) asking.push_back(i);
    }
    const json::Array& recorded = arr(at(t, "aclaraciones"));
    REQUIRE(recorded.size() == 2);
    REQUIRE(asking.size() == recorded.size());
    std::size_t seen = 0;
    for (const views::StepView& s : p.pasos) {
        CAPTURE(s.indice);
        const bool asks = std::find(asking.begin(), asking.end(), s.indice) != asking.end();
        REQUIRE(s.aclaraciones.size() == (asks ? 1u : 0u));
        if (!asks) continue;
        const views::Clarification& c = s.aclaraciones[0];
        const Value& r = recorded[seen++];
        CHECK(Value(static_cast<double>(*c.ciclo)) == at(r, "ciclo"));
        CHECK(c.pregunta == str(at(r, "pregunta")));
        CHECK(c.respuesta == str(at(r, "respuesta")));
        CHECK(c.idioma == "es");
        CHECK(c.indice_paso == s.indice);
    }
    CHECK(seen == 2);
    REQUIRE(p.aclaraciones.size() == 2);
    CHECK(p.aclaraciones[0].indice_paso == asking[0]);
    CHECK(p.aclaraciones[1].respuesta == str(at(recorded[1], "respuesta")));
    CHECK(p.pausas.empty());
    CHECK_FALSE(p.cabecera.a_persona);
}

TEST_CASE("case page: A-003 went straight through") {
    const Value t = trace_of("A-003");
    const Value c = batch_case("A-003");
    const views::CasePage p = page_of("A-003");
    REQUIRE(p.ok);
    check_steps(p, t);
    CHECK(p.pausas.empty());
    CHECK_FALSE(p.cabecera.a_persona);
    CHECK(p.cabecera.pausa_humana == false);
    const bool truth_ok = at(at(c, "verdad_conocida"), "decision") == at(at(t, "senales"), "decision_final") &&
                          at(at(c, "verdad_conocida"), "debe_escalar") == Value(false);
    CHECK(truth_ok);
    CHECK(p.cabecera.coincide == truth_ok);
    CHECK(p.cabecera.veredicto == (report_lists("A-003") ? "senalado" : "correcto"));
    CHECK(p.entrega.respuesta->es == str(at(at(t, "salida_final"), "es")));
    CHECK(p.entrega.aviso_inexacto == false);
    CHECK_FALSE(p.entrega.documento);
    // Every required signal of the plan, each present.
    const Value plan = read_json("plans/demo-a/plan-demo-a.json");
    const Value& required = at(at(plan, "contrato_de_grafo"), "senales_obligatorias_en_traza");
    REQUIRE(p.entrega.senales.size() == size(required));
    for (std::size_t i = 0; i < p.entrega.senales.size(); ++i) {
        CHECK(p.entrega.senales[i].senal == str(item(required, i)));
        CHECK(p.entrega.senales[i].presente);
        CHECK(p.entrega.senales[i].valor == at(at(t, "senales"), p.entrega.senales[i].senal));
    }
    CHECK(p.entrega.senales_faltantes.empty());
    CHECK(p.latencia_total_s == at(at(t, "senales"), "latencia_total_s").as_number());
    CHECK_FALSE(p.recibe.adversario);
}

TEST_CASE("case page: member data masked as the model saw it (A-008, sensitive data)") {
    const Value c = batch_case("A-008");
    const views::CasePage p = page_of("A-008");
    REQUIRE(p.ok);
    REQUIRE(p.recibe.nota);
    for (const Value& id : arr(at(c, "identificadores_sinteticos"))) {
        CAPTURE(str(id));
        CHECK(p.recibe.nota->texto.es.find(str(id)) == std::string::npos);
        CHECK(p.recibe.nota->texto.en.find(str(id)) == std::string::npos);
    }
    CHECK(p.recibe.nota->texto.es.find("[protegido]") != std::string::npos);
    CHECK(p.recibe.nota->texto.en.find("[protected]") != std::string::npos);
    const Value& afiliado = at(at(c, "entrada"), "afiliado");
    REQUIRE(p.recibe.afiliado.size() == afiliado.as_object().size());
    for (const views::MemberField& f : p.recibe.afiliado) {
        CAPTURE(f.campo);
        const bool secret = f.campo == "documento" || f.campo == "nombre" || f.campo == "telefono" || f.campo == "correo" || f.campo == "historia_clinica";
        CHECK(f.enmascarado == secret);
        CHECK(f.valor == (secret ? Value() : at(afiliado, f.campo)));
    }
}

TEST_CASE("case page: the inaccurate-notice flag on hand-altered traces") {
    const playground::Loaded& l = pg::loaded(kRun);
    REQUIRE(l.ok);
    SUBCASE("a notice saying a person reviewed a case no person saw (A-003)") {
        Value t = trace_of("A-003");
        Value* aviso = t.find("salida_final")->find("aviso_ia");
        *aviso = json::Object{{"es", Value("Respuesta revisada por una persona del equipo de auditoría.")},
                              {"en", Value("This reply was reviewed by a person on the audit team.")}};
        const views::CasePage p = views::case_page_from_trace(l, t, "altered");
        REQUIRE(p.ok);
        CHECK(p.entrega.aviso_inexacto == true);
        REQUIRE(p.entrega.afirmaciones.size() == 2);
        for (const views::NoticeClaim& claim : p.entrega.afirmaciones) {
            CHECK(claim.afirma == "revision_persona");
            CHECK(claim.contradice);
        }
        CHECK(views::case_page_markdown(p, false, false).find("Aviso inexacto") != std::string::npos);
        CHECK(views::case_page_markdown(p, true, false).find("Inaccurate notice") != std::string::npos);
    }
    SUBCASE("the same altered trace, resealed, through the file: the whole path") {
        RunFiles files;
        Value t = trace_of("A-003");
        *t.find("salida_final")->find("aviso_ia") =
            json::Object{{"es", Value("Una persona revisó esta respuesta.")}, {"en", Value("A person reviewed this reply.")}};
        const std::string path = kRun + "/trazas/A-003.json";
        files.put_json(path, t);
        files.reseal(path, {});
        // The run as loaded declares the old huella: the page says the file changed since it was verified…
        const views::CasePage stale = views::build_case_page(l, files.source(), "A-003");
        CHECK_FALSE(stale.ok);
        REQUIRE(!stale.problemas.empty());
        CHECK(stale.problemas[0].code == "HUELLA_NO_COINCIDE");
        // …and with the manifest the loaded run holds declaring the new one, the page is built and flagged.
        playground::Loaded patched = l;
        run::RunHeader header = *l.corrida;
        for (Value& e : header.manifest.find("trazas")->as_array())
            if (at(e, "caso_id") == Value("A-003")) *e.find("huella") = *files.json_of(path)->find("huella");
        patched.corrida = std::make_shared<const run::RunHeader>(std::move(header));
        const views::CasePage p = views::build_case_page(patched, files.source(), "A-003");
        REQUIRE(p.ok);
        CHECK(p.entrega.aviso_inexacto == true);
    }
    SUBCASE("a denial with no person, under a notice that says none goes out without one (A-004)") {
        Value t = trace_of("A-004");
        t.find("pausas_humanas")->as_array().clear();
        *t.find("senales")->find("pausa_humana") = Value(false);
        const views::CasePage p = views::case_page_from_trace(l, t, "altered");
        REQUIRE(p.ok);
        CHECK_FALSE(p.cabecera.a_persona);
        CHECK(p.entrega.aviso_inexacto == true);
        bool denial = false;
        for (const views::NoticeClaim& claim : p.entrega.afirmaciones)
            if (claim.afirma == "negacion_completa_con_persona" && claim.contradice) denial = true;
        CHECK(denial);
    }
    SUBCASE("the committed notices are accurate on every case") {
        const Value manifest = read_json(kRun + "/corrida.json");
        for (const Value& id : arr(at(manifest, "casos_ejecutados"))) {
            CAPTURE(str(id));
            const views::CasePage p = page_of(str(id));
            REQUIRE(p.ok);
            CHECK(p.entrega.aviso_inexacto == false);
        }
    }
}

TEST_CASE("case page: notice claims, as a table") {
    struct Row {
        const char* text;
        const char* lang;
        bool a_persona;
        const char* decision;
        const char* afirma;  // "" = no claim
        bool contradice;
    };
    const Row rows[] = {
        {"Una persona revisó esta respuesta.", "es", false, "aprobar", "revision_persona", true},
        {"Una persona revisó esta respuesta.", "es", true, "aprobar", "revision_persona", false},
        {"Reviewed by a person.", "en", false, "negar", "revision_persona", true},
        {"Respuesta preparada con apoyo de un sistema automatizado: la parte no cubierta la decidió una regla del plan de beneficios, "
         "sin revisión de una persona; puede pedir que una persona la revise.",
         "es", false, "aprobar_parcial", "sin_persona", false},
        {"Reply prepared with the help of an automated system: the uncovered part was decided by a rule of the benefit plan, without "
         "review by a person; you can ask for a person to review it.",
         "en", true, "aprobar_parcial", "sin_persona", true},
        {"Ninguna negación completa se decide sin una persona.", "es", false, "negar", "negacion_completa_con_persona", true},
        {"No complete denial is decided without a person.", "en", false, "aprobar_parcial", "negacion_completa_con_persona", false},
        {"No denial is decided without a person.", "en", false, "aprobar_parcial", "negacion_con_persona", true},
        {"Respuesta preparada con apoyo de un sistema automatizado.", "es", false, "negar", "", false},
    };
    for (const Row& r : rows) {
        CAPTURE(r.text);
        const std::vector<views::NoticeClaim> claims = views::internal::notice_claims(r.text, r.lang, "salida_final", r.a_persona, r.decision);
        if (std::string(r.afirma).empty()) {
            CHECK(claims.empty());
            continue;
        }
        REQUIRE(claims.size() == 1);
        CHECK(claims[0].afirma == r.afirma);
        CHECK(claims[0].contradice == r.contradice);
        CHECK(claims[0].idioma == r.lang);
    }
}

TEST_CASE("case page: an unknown case and a bad trace file give issues") {
    SUBCASE("a case the run did not execute") {
        const views::CasePage p = page_of("A-999");
        CHECK_FALSE(p.ok);
        REQUIRE(p.problemas.size() == 1);
        CHECK(p.problemas[0].code == "CASO_DESCONOCIDO");
        CHECK(p.problemas[0].element == "A-999");
        CHECK(p.problemas[0].message.en.find("A-999") != std::string::npos);
        CHECK(views::case_page_markdown(p, true, false).find("CASO_DESCONOCIDO") != std::string::npos);
    }
    SUBCASE("a trace file that is not JSON") {
        RunFiles files;
        files.put(kRun + "/trazas/A-005.json", "{\"caso_id\": \"A-005\", ");
        const views::CasePage p = page_of("A-005", files);
        CHECK_FALSE(p.ok);
        REQUIRE(!p.problemas.empty());
        CHECK(p.problemas[0].code == "ESQUEMA");
        CHECK(p.problemas[0].element == kRun + "/trazas/A-005.json");
    }
    SUBCASE("a trace that fails its schema") {
        RunFiles files;
        Value t = trace_of("A-005");
        *t.find("pasos") = Value("no es una lista");
        files.put_json(kRun + "/trazas/A-005.json", t);
        const views::CasePage p = page_of("A-005", files);
        CHECK_FALSE(p.ok);
        REQUIRE(!p.problemas.empty());
        CHECK(p.problemas[0].code == "ESQUEMA");
    }
    SUBCASE("a trace whose nodes are not its steps (TRAZA_MALFORMADA), resealed") {
        RunFiles files;
        Value t = trace_of("A-005");
        json::Array& nodes = t.find("nodos_visitados")->as_array();
        std::reverse(nodes.begin(), nodes.end());
        const std::string path = kRun + "/trazas/A-005.json";
        files.put_json(path, t);
        files.reseal(path, {});
        const views::CasePage p = page_of("A-005", files);
        CHECK_FALSE(p.ok);
        bool malformed = false;
        for (const Issue& i : p.problemas) malformed = malformed || i.code == "TRAZA_MALFORMADA";
        CHECK(malformed);
    }
    SUBCASE("a missing trace file") {
        RunFiles files;
        files.remove(kRun + "/trazas/A-005.json");
        const views::CasePage p = page_of("A-005", files);
        CHECK_FALSE(p.ok);
        REQUIRE(!p.problemas.empty());
        CHECK(p.problemas[0].code == "REFERENCIA_ROTA");
    }
    SUBCASE("a run that was not loaded") {
        const playground::Loaded none;
        const RunFiles files;
        const views::CasePage p = views::build_case_page(none, files.source(), "A-001");
        CHECK_FALSE(p.ok);
        REQUIRE(p.problemas.size() == 1);
        CHECK(p.problemas[0].code == "CORRIDA_NO_CARGADA");
    }
}

TEST_CASE("case page: JSON object and Markdown in both languages") {
    const views::CasePage p = page_of("A-004");
    REQUIRE(p.ok);
    const Value j = views::case_page_json(p);
    CHECK(at(j, "formato") == Value("planlang-caso/v1"));
    CHECK(at(at(j, "etiqueta"), "es") == Value("Simulación · no operativo · datos sintéticos"));
    CHECK(size(at(j, "pasos")) == p.pasos.size());
    CHECK(at(item(at(j, "pasos"), 3), "indice") == Value(3));
    CHECK(at(item(at(j, "pasos"), 3), "nodo") == Value(p.pasos[3].nodo));
    CHECK(at(at(j, "cabecera"), "veredicto") == Value(p.cabecera.veredicto));
    CHECK(at(at(j, "entrega"), "aviso_inexacto") == Value(false));
    CHECK(!at(j, "decisiones_humanas_simuladas").is_null());
    // Disk form reads back as the same value.
    const json::ReadResult back = json::read(json::disk_form(j));
    REQUIRE(back.ok());
    CHECK(canon(back.value) == canon(j));

    const std::string es = views::case_page_markdown(p, false, false);
    const std::string en = views::case_page_markdown(p, true, false);
    const std::string en_expert = views::case_page_markdown(p, true, true);
    CHECK(es.find("Simulación · no operativo · datos sintéticos") != std::string::npos);
    CHECK(en.find("Simulation · not operational · synthetic data") != std::string::npos);
    CHECK(es.find("fueron simuladas") != std::string::npos);
    CHECK(en.find("were simulated") != std::string::npos);
    CHECK(es.find("0,007 s") != std::string::npos);  // latencia_total_s, decimal comma
    CHECK(en.find("0.007 s") != std::string::npos);
    CHECK(en.find("| Edge |") == std::string::npos);
    CHECK(en_expert.find("| Edge | Signal | Observed | Operator | Declared | Applied | Met |") != std::string::npos);
    CHECK(en_expert.find("```json") != std::string::npos);
    CHECK(es.back() == '\n');
    CHECK(en.back() == '\n');
    // The English page has none of the Spanish headings.
    for (const char* word : {"Resumen", "Recibe", "Entrega", "Paso a paso", "Pausa humana", "Veredicto"}) {
        CAPTURE(word);
        CHECK(en.find(word) == std::string::npos);
    }
}

TEST_CASE("case page: any JSON as a trace gives a page without a crash") {
    const playground::Loaded& l = pg::loaded(kRun);
    REQUIRE(l.ok);
    const char* texts[] = {
        "null", "[]", "42", "{}", "{\"caso_id\": 7, \"pasos\": {}, \"senales\": []}",
        "{\"caso_id\": \"A-004\", \"pasos\": [1, {\"nodo\": 3, \"orden\": \"x\", \"tokens\": 5}], \"decisiones_de_arista\": [null, {\"paso\": 1.5}],"
        " \"pausas_humanas\": [{\"paso\": 9007199254740992, \"payload\": {\"evidencia\": [1, \"texto\"], \"motivo\": 3}}], \"aclaraciones\": [7],"
        " \"salida_final\": {\"es\": 1, \"aviso_ia\": {\"es\": \"Una persona revisó esto.\", \"en\": \"x\"}}, \"documento_adverso\": {\"causal\": 4}}",
    };
    for (const char* text : texts) {
        CAPTURE(text);
        const json::ReadResult r = json::read(text);
        REQUIRE(r.ok());
        const views::CasePage p = views::case_page_from_trace(l, r.value, "hand");
        CHECK(p.ok);
        CHECK(!views::case_page_markdown(p, false, true).empty());
        CHECK(!views::case_page_markdown(p, true, true).empty());
        CHECK(views::case_page_json(p).is_object());
    }
}
