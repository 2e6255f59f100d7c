// Properties every simulated trace must have (traces-and-verifier.md §3, §11; rule-language.md §7.5–§7.6),
// over every hand-made case × both variants × Texas mode off/on × U1 ∈ {0.5, 0.75, 0.95} × U3 ∈ {0, 2, 4}:
// every visit of a deciding node records exactly edges 1..n, the recorded branch is the next step's node,
// the mandatory signals are all present, derived signals agree with the steps, the recomputation agrees.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/rounding.hpp"
#include "core/rules/edges.hpp"
#include "sim/sim_fixture.hpp"

using planlang::json::Value;
using planlang::sim::Variant;
using namespace planlang::testing;

namespace {

// The exact key set of a trace (traces-and-verifier.md §3, strict) and of a step.
const std::set<std::string> kTraceKeys = {"formato", "corrida_id", "caso_id", "variante", "resultado", "huella", "pasos",
                                          "nodos_visitados", "senales", "decisiones_de_arista", "pausas_humanas", "extraccion",
                                          "aclaraciones", "cobertura", "salida_final", "documento_adverso", "guardia_salida",
                                          "error_proveedor", "error_de_esquema_en_traspaso"};
const std::set<std::string> kStepKeys = {"orden", "nodo", "tipo_nodo", "inicio_ms", "duracion_ms", "tokens",
                                         "costo_nominal_usd", "error_proveedor", "reintentos_esquema"};
const std::set<std::string> kRecordKeys = {"desde", "orden_arista", "paso", "tipo", "senal", "valor_observado", "operador",
                                           "valor_declarado", "umbral_aplicado", "inclusivo", "funcion", "entradas",
                                           "resultado", "rama_tomada"};

std::set<std::string> keys(const Value& object) {
    std::set<std::string> out;
    for (const auto& m : object.as_object()) out.insert(m.key);
    return out;
}

void check_trace(const SimFixture& f, const planlang::sim::SimGraph& g, const Value& applied, const planlang::sim::demo_a::Case& c,
                 const Value& t) {
    std::set<std::string> expected_keys = kTraceKeys;
    expected_keys.erase("huella");  // added by the export
    CHECK(keys(t) == expected_keys);
    const auto& steps = t.find("pasos")->as_array();
    REQUIRE_FALSE(steps.empty());
    CHECK(*steps.front().find("nodo") == Value("enrutador"));
    CHECK(*steps.back().find("nodo") == Value("guardia_salida"));
    // steps numbered 1..n, nodos_visitados = step nodes, latency and tokens derived from the steps
    double duration = 0, tokens = 0, last_end = -1;
    Value nodes = planlang::json::Array{};
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const Value& s = steps[i];
        CHECK(keys(s) == kStepKeys);
        CHECK(*s.find("orden") == Value(static_cast<double>(i + 1)));
        const planlang::plan::Node* n = g.node(s.find("nodo")->as_string());
        REQUIRE(n);
        CHECK(*s.find("tipo_nodo") == Value(n->tipo));
        CHECK(s.find("inicio_ms")->as_number() > last_end);
        last_end = s.find("inicio_ms")->as_number() + s.find("duracion_ms")->as_number();
        duration += s.find("duracion_ms")->as_number();
        tokens += s.find("tokens")->find("entrada")->as_number() + s.find("tokens")->find("salida")->as_number();
        nodes.as_array().push_back(*s.find("nodo"));
    }
    CHECK(*t.find("nodos_visitados") == nodes);
    const Value& senales = *t.find("senales");
    // exactly the plan's mandatory signals, in the plan's order
    const auto& required = f.plan().contrato_de_grafo.senales_obligatorias_en_traza;
    REQUIRE(senales.as_object().size() == required.size());
    for (std::size_t i = 0; i < required.size(); ++i) CHECK(senales.as_object()[i].key == required[i]);
    CHECK(*senales.find("nodos_visitados") == nodes);
    CHECK(*senales.find("latencia_total_s") == Value(planlang::json::redondear(duration / 1000, 3)));
    CHECK(*senales.find("tokens") == Value(tokens));
    CHECK(senales.find("decision_final")->is_string());
    CHECK(*senales.find("modo_texas") == *applied.find("U4"));
    // edge records: sorted by paso then orden; every visit of a writer node records exactly edges 1..n;
    // the recorded branch is the next step's node
    const auto& records = t.find("decisiones_de_arista")->as_array();
    std::map<double, std::vector<const Value*>> by_step;
    double previous_paso = 0, previous_orden = 0;
    for (const Value& r : records) {
        CHECK(keys(r) == kRecordKeys);
        const double paso = r.find("paso")->as_number(), orden = r.find("orden_arista")->as_number();
        CHECK((paso > previous_paso || (paso == previous_paso && orden > previous_orden)));
        previous_paso = paso;
        previous_orden = orden;
        by_step[paso].push_back(&r);
    }
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string node = steps[i].find("nodo")->as_string();
        const double paso = static_cast<double>(i + 1);
        CAPTURE(node);
        CAPTURE(paso);
        if (!g.edges.is_writer(node)) {
            CHECK(by_step.count(paso) == 0);
            continue;
        }
        const auto& visit = by_step[paso];
        const std::size_t n = g.edges.edges_of(node).size();
        REQUIRE(visit.size() == n);
        for (std::size_t k = 0; k < n; ++k) {
            CHECK(*visit[k]->find("orden_arista") == Value(static_cast<double>(k + 1)));
            CHECK(*visit[k]->find("desde") == Value(node));
            CHECK(*visit[k]->find("rama_tomada") == *visit[0]->find("rama_tomada"));
        }
        REQUIRE(i + 1 < steps.size());
        CHECK(*visit[0]->find("rama_tomada") == *steps[i + 1].find("nodo"));
    }
    // recomputation (rule-language.md §7.6) gives the same branches and every true edge matches its record
    const auto recomputed = planlang::rules::recompute(g.edges, records, applied);
    CHECK(recomputed.size() == by_step.size());
    for (const auto& v : recomputed) {
        REQUIRE_FALSE(v.error);
        const auto& visit = by_step[static_cast<double>(v.paso)];
        CHECK(v.rama_tomada == visit[0]->find("rama_tomada")->as_string());
        for (std::size_t k = 0; k < visit.size(); ++k) CHECK(v.resultados[k] == visit[k]->find("resultado")->as_bool());
    }
    // pauses: pausa_humana iff the pause node ran iff one record; the payload holds payload_minimo
    const bool paused = senales.find("pausa_humana")->as_bool();
    const auto& pauses = t.find("pausas_humanas")->as_array();
    CHECK(paused == (std::find(nodes.as_array().begin(), nodes.as_array().end(), Value("pausa_humana")) != nodes.as_array().end()));
    CHECK(pauses.size() == (paused ? 1u : 0u));
    for (const Value& p : pauses) {
        CHECK(steps[static_cast<std::size_t>(p.find("paso")->as_number()) - 1].find("nodo")->as_string() == "pausa_humana");
        for (const std::string& key : f.plan().contrato_de_grafo.pausas_humanas[0].payload_minimo) CHECK(p.find("payload")->find(key));
        CHECK(*p.find("respuesta_simulada")->find("decision") == Value(c.verdad_decision));
        CHECK(*senales.find("decision_final") == Value(c.verdad_decision));
    }
    // no adverse decision without a person (C1), none in Texas mode (C10); adverse ⇒ complete bilingual document
    const std::string decision = senales.find("decision_final")->as_string();
    if (decision == "negar") CHECK(paused);
    if (applied.find("U4")->as_bool() && decision != "aprobar") CHECK(paused);
    const Value& doc = *t.find("documento_adverso");
    CHECK(doc.is_null() == (decision == "aprobar"));
    if (!doc.is_null()) {
        CHECK(*doc.find("completo") == Value(true));
        CHECK(*doc.find("idiomas") == read_json_text(R"(["es", "en"])"));
    }
    // the output guard ran and left no member identifier in the reply
    const Value& salida = *t.find("salida_final");
    for (const std::string* id : {&c.documento, &c.nombre, &c.telefono, &c.correo, &c.historia_clinica}) {
        CHECK(salida.find("es")->as_string().find(*id) == std::string::npos);
        CHECK(salida.find("en")->as_string().find(*id) == std::string::npos);
    }
    CHECK(*senales.find("severidad_accion") == *t.find("guardia_salida")->find("severidad_accion"));
    // state signals as left by their writers
    if (t.find("extraccion")->is_null()) {
        CHECK(senales.find("senal_confianza")->is_null());
    } else {
        CHECK(*senales.find("senal_confianza") == *t.find("extraccion")->find("confianza"));
        CHECK(*senales.find("costo_estimado") == *t.find("extraccion")->find("costo_estimado"));
        CHECK(*senales.find("campos_faltantes_count") ==
              Value(static_cast<double>(t.find("extraccion")->find("campos_faltantes")->as_array().size())));
    }
    CHECK(*senales.find("ciclos_aclaracion") == Value(static_cast<double>(t.find("aclaraciones")->as_array().size())));
    if (t.find("cobertura")->is_null()) CHECK(senales.find("propuesta")->is_null());
    else CHECK(*senales.find("propuesta") == *t.find("cobertura")->find("propuesta"));
}

}  // namespace

TEST_CASE("trace properties: every case × variant × Texas × U1 × U3") {
    SimFixture f;
    int traces = 0;
    for (Variant v : {Variant::multiagente, Variant::agente_unico}) {
        const planlang::sim::SimGraph g = f.graph(v);
        for (bool texas : {false, true})
            for (double u1 : {0.5, 0.75, 0.95})
                for (double u3 : {0.0, 2.0, 4.0}) {
                    Value applied = f.applied(texas, u1);
                    *applied.find("U3") = Value(u3);
                    const planlang::sim::demo_a::Agent agent(f.plan(), f.loaded.huella, *f.world.plan, g, applied);
                    REQUIRE(agent.issues().empty());
                    for (const planlang::sim::demo_a::Case& c : f.batch.batch->casos) {
                        CAPTURE(planlang::sim::variant_name(v));
                        CAPTURE(texas);
                        CAPTURE(u1);
                        CAPTURE(u3);
                        CAPTURE(c.id);
                        const planlang::sim::CaseRun run = agent.run(c, "prueba");
                        REQUIRE_FALSE(run.stopped);
                        check_trace(f, g, applied, c, run.trace);
                        ++traces;
                    }
                }
    }
    CHECK(traces == 2 * 2 * 3 * 3 * 15);
}

TEST_CASE("trace properties: U3 bounds the clarification cycles") {
    SimFixture f;
    const planlang::sim::SimGraph g = f.graph(Variant::multiagente);
    for (double u3 : {0.0, 1.0, 2.0, 3.0, 4.0}) {
        Value applied = f.applied();
        *applied.find("U3") = Value(u3);
        const planlang::sim::demo_a::Agent agent(f.plan(), f.loaded.huella, *f.world.plan, g, applied);
        CAPTURE(u3);
        // A-009 needs 3 cycles: paused with U3 < 3, answered in full with U3 ≥ 3
        const Value t = agent.run(f.case_("A-009"), "prueba").trace;
        CHECK(signal(t, "ciclos_aclaracion") == Value(std::min(u3, 3.0)));
        CHECK(signal(t, "pausa_humana") == Value(u3 < 3));
        // A-010 never gets an answer: always paused after U3 questions
        const Value n = agent.run(f.case_("A-010"), "prueba").trace;
        CHECK(signal(n, "ciclos_aclaracion") == Value(u3));
        CHECK(signal(n, "pausa_humana") == Value(true));
    }
}
