// The simulated agent node by node (synthetic-and-simulation.md §10, decisions.md C1, C3) on the
// hand-picked cases of tests/data/sim/lote.json (one per behaviour; see each TEST_CASE).
#include "core/sim/demo_a/agent.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/sim/internal/texts.hpp"
#include "sim/sim_fixture.hpp"

using planlang::json::Value;
using planlang::sim::Variant;
using namespace planlang::testing;

namespace {

using Strings = std::vector<std::string>;

const Value& pause_payload(const Value& trace) {
    const auto& pauses = trace.find("pausas_humanas")->as_array();
    REQUIRE(pauses.size() == 1);
    return *pauses[0].find("payload");
}

std::string text(const Value& v) { return planlang::json::canonical(v); }

std::vector<std::string> evidence_keys(const Value& list) {
    std::vector<std::string> out;
    for (const Value& e : list.as_array()) out.push_back(e.find("clave")->as_string());
    return out;
}

std::vector<std::string> finding_types(const Value& trace) {
    std::vector<std::string> out;
    for (const Value& h : trace.find("guardia_salida")->find("hallazgos")->as_array()) out.push_back(h.find("tipo")->as_string());
    return out;
}

}  // namespace

TEST_CASE("agent: an approvable case (A-001) runs the six nodes, 1 ms each, no pause") {
    SimFixture f;
    const Value t = f.trace("A-001");
    CHECK(step_nodes(t) == Strings{"enrutador", "extractor", "verificador_cobertura", "decision", "redactor", "guardia_salida"});
    CHECK(step_starts(t) == std::vector<double>{0, 2, 4, 6, 8, 10});
    for (const Value& s : t.find("pasos")->as_array()) CHECK(s.find("duracion_ms")->as_number() == 1);
    CHECK(signal(t, "latencia_total_s") == Value(0.006));
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    CHECK(signal(t, "propuesta") == Value("aprobar"));
    CHECK(signal(t, "pausa_humana") == Value(false));
    CHECK(signal(t, "severidad_accion") == Value(0));
    CHECK(signal(t, "modo_texas") == Value(false));
    CHECK(signal(t, "carga_detectada") == Value(false));
    CHECK(signal(t, "servicio_exento") == Value(false));
    CHECK(signal(t, "tipo_atencion") == Value("ambulatoria"));
    CHECK(signal(t, "senal_confianza") == Value(0.9));
    CHECK(signal(t, "campos_faltantes_count") == Value(0));
    CHECK(signal(t, "costo_estimado") == Value(250));
    CHECK(signal(t, "contradiccion_orden_texto") == Value(false));
    CHECK(signal(t, "error_proveedor").is_null());
    CHECK(signal(t, "proveedor_no_disponible") == Value(false));
    CHECK(t.find("pausas_humanas")->as_array().empty());
    CHECK(t.find("documento_adverso")->is_null());
    CHECK(text(*t.find("cobertura")) ==
          text(read_json_text(R"({"alto_costo": false, "causal": null, "codigo_extraido": "SYN-P-002", "codigo_orden": "SYN-P-002",
              "contradiccion": false, "estado_servicio": "requiere_autorizacion", "propuesta": "aprobar",
              "reglas_disparadas": ["RB-07"], "tope_cobertura": null})")));
    CHECK(text(*t.find("extraccion")) ==
          text(read_json_text(R"({"campos": {"procedimiento": "SYN-P-002", "diagnostico": "SYN-D-03", "urgencia": false,
              "costo_estimado": 250}, "campos_faltantes": [], "confianza": 0.9, "costo_estimado": 250, "urgencia": false})")));
    // the model is called by the extractor and the writer only; the token signal is their sum
    double sum = 0;
    for (const Value& s : t.find("pasos")->as_array()) {
        const std::string node = s.find("nodo")->as_string();
        const double in = s.find("tokens")->find("entrada")->as_number(), out = s.find("tokens")->find("salida")->as_number();
        CAPTURE(node);
        CHECK(((in > 0 && out > 0) == (node == "extractor" || node == "redactor")));
        sum += in + out;
    }
    CHECK(signal(t, "tokens") == Value(sum));
    // edges recorded at the three writer visits
    CHECK(records_at(t, 1).size() == 2);
    CHECK(records_at(t, 2).size() == 2);
    CHECK(records_at(t, 3).empty());
    CHECK(records_at(t, 4).size() == 6);
    const Value& salida = *t.find("salida_final");
    const auto letter = planlang::sim::texts::letter("aprobar", {"Ecografía abdominal", "Abdominal ultrasound"}, "");
    CHECK(salida.find("es")->as_string() == letter.es);
    CHECK(salida.find("en")->as_string() == letter.en);
    CHECK(text(*t.find("guardia_salida")) ==
          text(read_json_text(R"({"acciones_ejecutadas": ["responder_afiliado"], "acciones_intentadas": ["responder_afiliado"],
              "carga_detectada_en_entrada": false, "hallazgos": [], "severidad_accion": 0})")));
}

TEST_CASE("agent: high cost (A-002) pauses on decision #3; the pause starts 1 ms late; the auditor follows the truth") {
    SimFixture f;
    const Value t = f.trace("A-002");
    CHECK(step_nodes(t) ==
          Strings{"enrutador", "extractor", "verificador_cobertura", "decision", "pausa_humana", "redactor", "guardia_salida"});
    CHECK(step_starts(t) == std::vector<double>{0, 2, 4, 6, 9, 11, 13});
    CHECK(signal(t, "latencia_total_s") == Value(0.007));
    CHECK(signal(t, "pausa_humana") == Value(true));
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    CHECK(*t.find("cobertura")->find("reglas_disparadas") == read_json_text(R"(["RB-04"])"));
    CHECK(*t.find("cobertura")->find("alto_costo") == Value(true));
    const Value& pause = t.find("pausas_humanas")->as_array()[0];
    CHECK(*pause.find("paso") == Value(5));
    CHECK(*pause.find("rol") == Value("auditor"));
    CHECK(text(*pause.find("respuesta_simulada")) == text(read_json_text(R"({"decision": "aprobar", "politica": "sigue_verdad_conocida"})")));
    const Value& p = *pause.find("payload");
    for (const std::string& key : f.plan().contrato_de_grafo.pausas_humanas[0].payload_minimo) {
        CAPTURE(key);
        CHECK(p.find(key) != nullptr);
    }
    CHECK(*p.find("motivo")->find("desde") == Value("decision"));
    CHECK(*p.find("motivo")->find("orden_arista") == Value(3));
    CHECK_FALSE(p.find("motivo")->find("es")->as_string().empty());
    CHECK_FALSE(p.find("motivo")->find("en")->as_string().empty());
    CHECK(*p.find("senal") == Value("costo_estimado"));
    CHECK(text(*p.find("umbral")) == text(read_json_text(R"({"declarado": "umbral.U2", "aplicado": 1000})")));
    CHECK(text(*p.find("texto_original")) == text(f.batch_document.find("casos")->as_array()[1].find("entrada")->find("texto_medico")[0]));
    CHECK(evidence_keys(*p.find("evidencia")) == Strings{"costo_mayor_que_umbral"});
    CHECK(evidence_keys(*p.find("contraevidencia")) == Strings{"duda_favorece_afiliado", "servicio_cubierto", "diagnostico_compatible"});
    CHECK(*p.find("cobertura") == *t.find("cobertura"));
    CHECK(*p.find("aclaraciones") == read_json_text("[]"));
    CHECK(*p.find("orden_adjunta") == *f.batch_document.find("casos")->as_array()[1].find("entrada")->find("orden_adjunta"));
}

TEST_CASE("agent: an excluded service (A-003) is denied by the reviewer with a complete bilingual adverse document") {
    SimFixture f;
    const Value t = f.trace("A-003");
    CHECK(signal(t, "propuesta") == Value("negar"));
    CHECK(signal(t, "decision_final") == Value("negar"));
    CHECK(signal(t, "pausa_humana") == Value(true));
    CHECK(*t.find("cobertura")->find("reglas_disparadas") == read_json_text(R"(["RB-03", "RB-04"])"));
    CHECK(*t.find("cobertura")->find("causal") == Value("a"));
    CHECK(*pause_payload(t).find("motivo")->find("orden_arista") == Value(3));  // cost comes before the proposal
    CHECK(evidence_keys(*pause_payload(t).find("evidencia")) == Strings{"servicio_excluido", "costo_mayor_que_umbral"});
    const Value& doc = *t.find("documento_adverso");
    REQUIRE(doc.is_object());
    CHECK(*doc.find("formato") == Value("planlang-documento-adverso/v1"));
    CHECK(*doc.find("caso_id") == Value("A-003"));
    CHECK(*doc.find("decision") == Value("negar"));
    CHECK(*doc.find("servicio")->find("codigo") == Value("SYN-P-035"));
    CHECK(*doc.find("causal")->find("id") == Value("a"));
    CHECK(*doc.find("causal")->find("norma") == Value("Ley 1751 de 2015, art. 15, lit. a"));
    CHECK(*doc.find("regla_disparada")->find("id") == Value("RB-03"));
    CHECK(doc.find("monto") == nullptr);
    CHECK(*doc.find("idiomas") == read_json_text(R"(["es", "en"])"));
    CHECK(*doc.find("completo") == Value(true));
    CHECK(*doc.find("version")->find("plan")->find("huella") == Value(f.loaded.huella));
    CHECK(*doc.find("version")->find("plan_beneficios")->find("huella") == Value(f.world.plan->huella));
    CHECK(*doc.find("decidido_por")->find("es") == Value(planlang::sim::texts::decided_by(true, "RB-03").es));
    CHECK(*doc.find("decidido_por")->find("en") == Value(planlang::sim::texts::decided_by(true, "RB-03").en));
    CHECK(text(*doc.find("datos_usados")) == text(read_json_text(R"([{"campo": "procedimiento", "valor": "SYN-P-035"},
        {"campo": "diagnostico", "valor": "SYN-D-07"}, {"campo": "costo_estimado", "valor": 1800}])")));
}

TEST_CASE("agent: exempt (A-004) and urgent (A-005) cases skip to the writer, which approves (decisions.md C1)") {
    SimFixture f;
    for (const char* id : {"A-004", "A-005"}) {
        CAPTURE(id);
        const Value t = f.trace(id);
        CHECK(step_nodes(t) == Strings{"enrutador", "redactor", "guardia_salida"});
        CHECK(signal(t, "propuesta").is_null());
        CHECK(signal(t, "decision_final") == Value("aprobar"));
        CHECK(signal(t, "pausa_humana") == Value(false));
        CHECK(signal(t, "senal_confianza").is_null());
        CHECK(signal(t, "campos_faltantes_count").is_null());
        CHECK(signal(t, "costo_estimado").is_null());
        CHECK(signal(t, "contradiccion_orden_texto").is_null());
        CHECK(signal(t, "ciclos_aclaracion") == Value(0));
        CHECK(t.find("extraccion")->is_null());
        CHECK(t.find("cobertura")->is_null());
        CHECK(signal(t, "latencia_total_s") == Value(0.003));
        const auto first = records_at(t, 1);
        REQUIRE(first.size() == 2);
        CHECK(*first[0]->find("rama_tomada") == Value("redactor"));
    }
    CHECK(signal(f.trace("A-004"), "servicio_exento") == Value(true));
    CHECK(signal(f.trace("A-005"), "tipo_atencion") == Value("urgencia"));
    const Value urgent_trace = f.trace("A-005");
    const auto urgent = records_at(urgent_trace, 1);
    CHECK(*urgent[0]->find("resultado") == Value(true));
    CHECK(*urgent[1]->find("resultado") == Value(false));
}

TEST_CASE("agent: over the cap (A-006) the rule approves in part; with Texas mode a person decides") {
    SimFixture f;
    Value t = f.trace("A-006");
    CHECK(signal(t, "propuesta") == Value("aprobar_parcial"));
    CHECK(signal(t, "decision_final") == Value("aprobar_parcial"));
    CHECK(signal(t, "pausa_humana") == Value(false));
    CHECK(*t.find("cobertura")->find("reglas_disparadas") == read_json_text(R"(["RB-08"])"));
    CHECK(*t.find("cobertura")->find("tope_cobertura") == Value(590));
    const Value& doc = *t.find("documento_adverso");
    CHECK(*doc.find("causal")->find("id") == Value("tope_cobertura"));
    CHECK(*doc.find("causal")->find("norma") == Value("RB-08"));
    CHECK(*doc.find("regla_disparada")->find("id") == Value("RB-08"));
    CHECK(text(*doc.find("monto")->find("solicitado")) == "850");
    CHECK(text(*doc.find("monto")->find("aprobado")) == "590");
    CHECK(text(*doc.find("monto")->find("negado")) == "260");
    CHECK(*doc.find("completo") == Value(true));
    const auto rule_notice = planlang::sim::texts::ai_notice(true, true);
    CHECK(*t.find("salida_final")->find("aviso_ia")->find("es") == Value(rule_notice.es));
    CHECK(*doc.find("aviso_ia")->find("en") == Value(rule_notice.en));

    t = f.trace("A-006", Variant::multiagente, f.applied(true));
    CHECK(signal(t, "modo_texas") == Value(true));
    CHECK(signal(t, "pausa_humana") == Value(true));
    CHECK(signal(t, "decision_final") == Value("aprobar_parcial"));
    const Value& p = pause_payload(t);
    CHECK(*p.find("motivo")->find("orden_arista") == Value(6));
    CHECK(*p.find("senal") == Value("texas_y_no_aprobar"));
    CHECK(text(*p.find("umbral")) == text(read_json_text(R"({"declarado": null, "aplicado": null})")));
    CHECK(*t.find("salida_final")->find("aviso_ia")->find("es") == Value(planlang::sim::texts::ai_notice(false, true).es));
    // an approvable case is not paused by Texas mode
    CHECK(signal(f.trace("A-001", Variant::multiagente, f.applied(true)), "pausa_humana") == Value(false));
}

TEST_CASE("agent: order and note disagree (A-007): RB-05, decision #4") {
    SimFixture f;
    const Value t = f.trace("A-007");
    CHECK(signal(t, "contradiccion_orden_texto") == Value(true));
    CHECK(*t.find("cobertura")->find("reglas_disparadas") == read_json_text(R"(["RB-05"])"));
    CHECK(*pause_payload(t).find("motivo")->find("orden_arista") == Value(4));
    CHECK(evidence_keys(*pause_payload(t).find("evidencia")) == Strings{"orden_distinta_de_nota"});
    CHECK(signal(t, "decision_final") == Value("aprobar"));
}

TEST_CASE("agent: one clarification cycle (A-008): the question, the scripted reply, the second extraction") {
    SimFixture f;
    const Value t = f.trace("A-008");
    CHECK(step_nodes(t) == Strings{"enrutador", "extractor", "aclaracion", "extractor", "verificador_cobertura", "decision",
                                   "redactor", "guardia_salida"});
    // extractor #2 at paso 2 saw one missing field; aclaracion evaluated its edges before asking (0 cycles)
    CHECK(*records_at(t, 2)[1]->find("valor_observado") == Value(1));
    CHECK(*records_at(t, 2)[1]->find("rama_tomada") == Value("aclaracion"));
    CHECK(*records_at(t, 3)[1]->find("valor_observado") == Value(0));
    CHECK(*records_at(t, 3)[1]->find("rama_tomada") == Value("extractor"));
    CHECK(*records_at(t, 4)[1]->find("valor_observado") == Value(0));
    CHECK(signal(t, "ciclos_aclaracion") == Value(1));
    const auto& clar = t.find("aclaraciones")->as_array();
    REQUIRE(clar.size() == 1);
    CHECK(*clar[0].find("ciclo") == Value(1));
    CHECK(*clar[0].find("pregunta") == Value(planlang::sim::texts::kQuestion));
    CHECK(*clar[0].find("respuesta") == Value("El diagnóstico es SYN-D-03."));
    CHECK(*t.find("extraccion")->find("campos")->find("diagnostico") == Value("SYN-D-03"));
    CHECK(t.find("pasos")->as_array()[2].find("tokens")->find("entrada")->as_number() > 0);
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    CHECK(signal(t, "pausa_humana") == Value(false));
}

TEST_CASE("agent: clarification exhausted (A-009, A-010): asks U3 = 2 times, pauses on the third visit with no call") {
    SimFixture f;
    for (const char* id : {"A-009", "A-010"}) {
        CAPTURE(id);
        const Value t = f.trace(id);
        CHECK(step_nodes(t) == Strings{"enrutador", "extractor", "aclaracion", "extractor", "aclaracion", "extractor", "aclaracion",
                                       "pausa_humana", "redactor", "guardia_salida"});
        const auto& steps = t.find("pasos")->as_array();
        CHECK(steps[2].find("tokens")->find("salida")->as_number() > 0);
        CHECK(steps[4].find("tokens")->find("salida")->as_number() > 0);
        CHECK(steps[6].find("tokens")->find("entrada")->as_number() == 0);  // the pausing visit makes no call
        CHECK(steps[6].find("tokens")->find("salida")->as_number() == 0);
        CHECK(signal(t, "ciclos_aclaracion") == Value(2));
        CHECK(t.find("aclaraciones")->as_array().size() == 2);
        CHECK(*records_at(t, 7)[1]->find("resultado") == Value(true));
        CHECK(*pause_payload(t).find("motivo")->find("desde") == Value("aclaracion"));
        CHECK(*pause_payload(t).find("motivo")->find("orden_arista") == Value(2));
        CHECK(text(*pause_payload(t).find("umbral")) == text(read_json_text(R"({"declarado": "umbral.U3", "aplicado": 2})")));
        CHECK(pause_payload(t).find("aclaraciones")->as_array().size() == 2);
        CHECK(signal(t, "propuesta").is_null());  // no checker
        CHECK(t.find("cobertura")->is_null());
        CHECK(signal(t, "contradiccion_orden_texto").is_null());
        CHECK(signal(t, "decision_final") == Value("aprobar"));
        CHECK(signal(t, "pausa_humana") == Value(true));
        CHECK(step_starts(t)[7] == 15);  // 0, 2, …, 12 then the pause's extra read
    }
    // A-009: reply 2 brought the diagnosis, the cost would only come with reply 3
    const Value t = f.trace("A-009");
    CHECK(*t.find("extraccion")->find("campos")->find("diagnostico") == Value("SYN-D-03"));
    CHECK(t.find("extraccion")->find("campos")->find("costo_estimado")->is_null());
    CHECK(*t.find("extraccion")->find("campos_faltantes") == read_json_text(R"(["costo_estimado"])"));
    CHECK(evidence_keys(*pause_payload(t).find("evidencia")) == Strings{"campos_faltantes"});
}

TEST_CASE("agent: injection (A-011) is detected by the router, sent to a person and leaves the letter clean") {
    SimFixture f;
    const Value t = f.trace("A-011");
    CHECK(signal(t, "carga_detectada") == Value(true));
    CHECK(*pause_payload(t).find("motivo")->find("orden_arista") == Value(1));
    CHECK(evidence_keys(*pause_payload(t).find("evidencia")) ==
          Strings{"servicio_excluido", "costo_mayor_que_umbral", "carga_en_entrada"});
    CHECK(signal(t, "decision_final") == Value("negar"));
    CHECK(signal(t, "severidad_accion") == Value(0));
    CHECK(*t.find("guardia_salida")->find("carga_detectada_en_entrada") == Value(true));
    CHECK(finding_types(t).empty());
    // the other cases carry no payload
    for (const char* id : {"A-001", "A-003", "A-012", "A-014"}) CHECK(signal(f.trace(id), "carga_detectada") == Value(false));
}

TEST_CASE("agent: the writer repeats the member's document (A-012); the guard removes it in both languages") {
    SimFixture f;
    const Value t = f.trace("A-012");
    CHECK(signal(t, "severidad_accion") == Value(2));
    CHECK(finding_types(t) == Strings{"identificador_filtrado", "identificador_filtrado"});
    const auto& found = t.find("guardia_salida")->find("hallazgos")->as_array();
    CHECK(*found[0].find("campo") == Value("documento"));
    CHECK(*found[0].find("idioma") == Value("es"));
    CHECK(*found[1].find("idioma") == Value("en"));
    const std::string es = t.find("salida_final")->find("es")->as_string();
    const std::string en = t.find("salida_final")->find("en")->as_string();
    CHECK(es.find("SYN-A-300012") == std::string::npos);
    CHECK(en.find("SYN-A-300012") == std::string::npos);
    CHECK(es.find(planlang::sim::texts::identifier_marker().es) != std::string::npos);
    CHECK(en.find(planlang::sim::texts::identifier_marker().en) != std::string::npos);
    CHECK(signal(t, "decision_final") == Value("aprobar"));
}

TEST_CASE("agent: low confidence (A-013) pauses on decision #2; a homonym (A-014) is caught and approved by the reviewer") {
    SimFixture f;
    Value t = f.trace("A-013");
    CHECK(*pause_payload(t).find("motivo")->find("orden_arista") == Value(2));
    CHECK(text(*pause_payload(t).find("umbral")) == text(read_json_text(R"({"declarado": "umbral.U1", "aplicado": 0.75})")));
    CHECK(evidence_keys(*pause_payload(t).find("evidencia")) == Strings{"confianza_baja"});
    // the wrong diagnosis is not compatible: no such counter-evidence
    CHECK(evidence_keys(*pause_payload(t).find("contraevidencia")) == Strings{"duda_favorece_afiliado", "servicio_cubierto"});
    // with U1 = 0.5 the same case goes through
    CHECK(signal(f.trace("A-013", Variant::multiagente, f.applied(false, 0.5)), "pausa_humana") == Value(false));

    t = f.trace("A-014");
    CHECK(*t.find("cobertura")->find("codigo_extraido") == Value("SYN-P-035"));
    CHECK(signal(t, "propuesta") == Value("negar"));
    CHECK(signal(t, "contradiccion_orden_texto") == Value(true));
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    CHECK(t.find("documento_adverso")->is_null());
    const auto results = records_at(t, 4);
    REQUIRE(results.size() == 6);
    std::vector<bool> r;
    for (const Value* rec : results) r.push_back(rec->find("resultado")->as_bool());
    CHECK(r == std::vector<bool>{false, true, false, true, true, false});
}

TEST_CASE("agent: the tie case (A-015) sits exactly on U1 and U2 and goes through") {
    SimFixture f;
    const Value t = f.trace("A-015");
    CHECK(signal(t, "senal_confianza") == Value(0.75));
    CHECK(signal(t, "costo_estimado") == Value(1000));
    CHECK(signal(t, "pausa_humana") == Value(false));
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    // with U2 inclusive semantics it would pause: the threshold is not inclusive in demo A
    Value applied = f.applied();
    *applied.find("U2") = Value(999);
    CHECK(signal(f.trace("A-015", Variant::multiagente, applied), "pausa_humana") == Value(true));
}

TEST_CASE("agent: the single-agent baseline (decisions.md C3)") {
    SimFixture f;
    Value t = f.trace("A-001", Variant::agente_unico);
    CHECK(*t.find("variante") == Value("agente_unico"));
    CHECK(step_nodes(t) == Strings{"enrutador", "agente_unico", "verificador_cobertura", "decision", "cierre", "guardia_salida"});
    double calls = 0;
    for (const Value& s : t.find("pasos")->as_array())
        if (s.find("tokens")->find("salida")->as_number() > 0) {
            ++calls;
            CHECK(*s.find("nodo") == Value("agente_unico"));
        }
    CHECK(calls == 1);
    CHECK(records_at(t, 2).size() == 2);
    CHECK(*records_at(t, 2)[0]->find("senal") == Value("proveedor_no_disponible"));
    CHECK(*records_at(t, 2)[0]->find("resultado") == Value(false));
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    CHECK(signal(t, "latencia_total_s") == Value(0.006));
    // missing data → pause before the checker, no question asked
    t = f.trace("A-008", Variant::agente_unico);
    CHECK(step_nodes(t) == Strings{"enrutador", "agente_unico", "pausa_humana", "cierre", "guardia_salida"});
    CHECK(*pause_payload(t).find("motivo")->find("desde") == Value("agente_unico"));
    CHECK(*pause_payload(t).find("motivo")->find("orden_arista") == Value(2));
    CHECK(signal(t, "propuesta").is_null());
    CHECK(signal(t, "ciclos_aclaracion") == Value(0));
    CHECK(t.find("aclaraciones")->as_array().empty());
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    // urgent: router → cierre
    t = f.trace("A-005", Variant::agente_unico);
    CHECK(step_nodes(t) == Strings{"enrutador", "cierre", "guardia_salida"});
    CHECK(signal(t, "decision_final") == Value("aprobar"));
    // an excluded service: the decision edges and the adverse document as in the main graph
    t = f.trace("A-003", Variant::agente_unico);
    CHECK(step_nodes(t) == Strings{"enrutador", "agente_unico", "verificador_cobertura", "decision", "pausa_humana", "cierre",
                                   "guardia_salida"});
    CHECK(*t.find("documento_adverso")->find("completo") == Value(true));
    CHECK(signal(t, "decision_final") == Value("negar"));
    // the writer's slip is the single agent's too
    CHECK(signal(f.trace("A-012", Variant::agente_unico), "severidad_accion") == Value(2));
}

TEST_CASE("agent: the safety stop — an adverse decision reaching the writer without a person stops the session") {
    SimFixture f;
    // a plan whose decision node lets a denial through: only edge 1 kept
    planlang::sim::SimGraph g = f.graph(Variant::multiagente);
    auto& edges = g.edges.aristas;
    edges.erase(std::remove_if(edges.begin(), edges.end(), [](const planlang::rules::Edge& e) { return e.desde == "decision" && e.orden > 1; }),
                edges.end());
    const planlang::sim::demo_a::Agent agent(f.plan(), f.loaded.huella, *f.world.plan, g, f.applied());
    planlang::sim::CaseRun r = agent.run(f.case_("A-003"), "prueba");
    CHECK(r.stopped);
    REQUIRE(r.stop);
    CHECK(r.stop->code == "PARADA_DE_SEGURIDAD");
    CHECK(r.trace.is_null());
    // partial approval without a person is fine, unless Texas mode is on
    CHECK_FALSE(agent.run(f.case_("A-006"), "prueba").stopped);
    const planlang::sim::demo_a::Agent texas(f.plan(), f.loaded.huella, *f.world.plan, g, f.applied(true));
    CHECK(texas.run(f.case_("A-006"), "prueba").stopped);
    // an edge that cannot be decided stops the session too
    Value applied = f.applied();
    applied.as_object().erase(applied.as_object().begin());  // no U1
    const planlang::sim::demo_a::Agent broken(f.plan(), f.loaded.huella, *f.world.plan, f.graph(Variant::multiagente), applied);
    CHECK_FALSE(broken.issues().empty());
    CHECK(broken.issues()[0].code == "UMBRAL_NO_APLICADO");
}

TEST_CASE("agent: same inputs, same trace") {
    SimFixture f;
    for (const planlang::sim::demo_a::Case& c : f.batch.batch->casos) {
        CAPTURE(c.id);
        CHECK(text(f.trace(c.id)) == text(f.trace(c.id)));
    }
}
