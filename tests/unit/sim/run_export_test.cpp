// Run folders (traces-and-verifier.md §1–§4, synthetic-and-simulation.md §10 "Export", decisions.md C2, C3,
// C5) from the hand-made batch: every file fingerprinted and in disk form, references that agree, the
// expected branches, the baseline graph, repetitions.
#include "core/sim/demo_a/run_export.hpp"
#include "core/sim/demo_a/agent.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/synth/batch.hpp"
#include "core/synth/case.hpp"
#include "sim/sim_fixture.hpp"

using planlang::json::Value;
using planlang::sim::demo_a::RunOutput;
using planlang::sim::Variant;
using namespace planlang::testing;

namespace {

// The fixture's plan, world and batch as a run's inputs.
planlang::sim::demo_a::RunInputs inputs_of(const SimFixture& f, Variant v, int repeat, const std::string& id) {
    planlang::sim::demo_a::RunInputs in;
    in.plan = &f.plan();
    in.plan_document = &f.plan_document;
    in.plan_huella = f.loaded.huella;
    in.plan_archivo = "plans/demo-a/plan-demo-a.json";
    in.world = &*f.world.plan;
    in.world_archivo = "tests/data/sim/mundo.json";
    in.batch = &*f.batch.batch;
    in.batch_archivo = "tests/data/sim/lote.json";
    in.variante = v;
    in.repeticion = repeat;
    in.corrida_id = id;
    in.fecha = "2026-11-30";
    return in;
}

RunOutput simulate(const SimFixture& f, Variant v, int repeat, const std::string& id) {
    return planlang::sim::demo_a::simulate_run(inputs_of(f, v, repeat, id));
}

std::map<std::string, Value> parsed(const RunOutput& out) {
    std::map<std::string, Value> files;
    for (const auto& file : out.files) {
        CAPTURE(file.path);
        const Value v = read_json_text(file.bytes);
        // disk form, and a huella that matches
        CHECK(planlang::json::disk_form(v) == file.bytes);
        REQUIRE(planlang::json::declared_huella(v));
        CHECK(*planlang::json::declared_huella(v) == planlang::json::huella(v));
        files[file.path] = v;
    }
    return files;
}

}  // namespace

TEST_CASE("run export: a complete, consistent multi-agent run folder") {
    SimFixture f;
    const RunOutput out = simulate(f, Variant::multiagente, 1, "prueba-15");
    REQUIRE(out.issues.empty());
    CHECK_FALSE(out.stop);
    REQUIRE(out.files.size() == 3 + 15);
    CHECK(out.files[0].path == "corrida.json");
    CHECK(out.files[1].path == "grafo.json");
    CHECK(out.files[2].path == "ramas-esperadas.json");
    CHECK(out.files[3].path == "trazas/A-001.json");
    const auto files = parsed(out);
    const Value& m = files.at("corrida.json");
    CHECK(keys_of(m) == std::set<std::string>{"formato", "tipo", "corrida_id", "demo_id", "fecha", "variante", "proveedor", "modelo",
                                              "plan", "plan_beneficios", "casos", "umbrales_aplicados", "version_grafo",
                                              "ramas_esperadas", "casos_ejecutados", "casos_con_error", "sesiones", "trazas", "ficha",
                                              "revisor_simulado", "huella"});
    CHECK(*m.find("formato") == Value("planlang-trace/v1"));
    CHECK(*m.find("tipo") == Value("corrida"));
    CHECK(*m.find("corrida_id") == Value("prueba-15"));
    CHECK(*m.find("demo_id") == Value("demo-a"));
    CHECK(*m.find("fecha") == Value("2026-11-30"));
    CHECK(*m.find("variante") == Value("multiagente"));
    CHECK(*m.find("proveedor") == Value("simulado"));
    CHECK(*m.find("modelo") == Value("simulado"));
    CHECK(canonical_of(*m.find("plan")) ==
          canonical_of(Value(planlang::json::Object{{"archivo", Value("plans/demo-a/plan-demo-a.json")},
                                                    {"huella", Value(f.loaded.huella)},
                                                    {"id", Value("plan-demo-a")},
                                                    {"version", Value(f.plan().version)}})));
    CHECK(*m.find("plan_beneficios")->find("archivo") == Value("tests/data/sim/mundo.json"));
    CHECK(*m.find("plan_beneficios")->find("huella") == *f.world_document.find("huella"));
    CHECK(*m.find("casos")->find("archivo") == Value("tests/data/sim/lote.json"));
    CHECK(*m.find("casos")->find("huella") == *f.batch_document.find("huella"));
    CHECK(*m.find("casos")->find("n_lote") == Value(15));
    CHECK(*m.find("casos")->find("semilla") == Value("prueba-sim"));
    CHECK(canonical_of(*m.find("umbrales_aplicados")) == R"({"U1":0.75,"U2":1000,"U3":2,"U4":false})");
    CHECK(*m.find("version_grafo") == *files.at("grafo.json").find("huella"));
    CHECK(*m.find("ramas_esperadas")->find("huella") == *files.at("ramas-esperadas.json").find("huella"));
    CHECK(*m.find("ramas_esperadas")->find("archivo") == Value("ramas-esperadas.json"));
    CHECK(m.find("casos_ejecutados")->as_array().size() == 15);
    CHECK(m.find("casos_con_error")->as_array().empty());
    // One session, its casos_ejecutados the list of its case ids (traces-and-verifier.md §2): the whole run.
    REQUIRE(m.find("sesiones")->as_array().size() == 1);
    const Value& sesion = m.find("sesiones")->as_array()[0];
    CHECK(canonical_of(*sesion.find("casos_ejecutados")) == canonical_of(*m.find("casos_ejecutados")));
    Value without_cases = sesion;
    without_cases.as_object().erase(
        std::find_if(without_cases.as_object().begin(), without_cases.as_object().end(), [](const auto& kv) { return kv.key == "casos_ejecutados"; }));
    CHECK(canonical_of(without_cases) == R"({"detenida_por":null,"fecha":"2026-11-30","limites_alcanzados":0,"numero":1})");
    const auto& trazas = m.find("trazas")->as_array();
    REQUIRE(trazas.size() == 15);
    for (std::size_t i = 0; i < trazas.size(); ++i) {
        const std::string id = m.find("casos_ejecutados")->as_array()[i].as_string();
        CHECK(*trazas[i].find("caso_id") == Value(id));
        CHECK(*trazas[i].find("archivo") == Value("trazas/" + id + ".json"));
        CHECK(*trazas[i].find("resultado") == Value("completo"));
        const Value& t = files.at("trazas/" + id + ".json");
        CHECK(*trazas[i].find("huella") == *t.find("huella"));
        CHECK(*t.find("corrida_id") == Value("prueba-15"));
        CHECK(*t.find("variante") == Value("multiagente"));
    }
    CHECK(*m.find("revisor_simulado")->find("es") == Value(f.plan().contrato_de_grafo.pausas_humanas[0].politica_simulada.es));
    CHECK_FALSE(m.find("ficha")->find("etiqueta")->find("en")->as_string().empty());
    // grafo.json: the plan's edges verbatim, defaults resolved for every writer node
    const Value& g = files.at("grafo.json");
    CHECK(*g.find("formato") == Value("planlang-grafo/v1"));
    CHECK(*g.find("variante") == Value("multiagente"));
    CHECK(canonical_of(*g.find("aristas_condicionales")) ==
          canonical_of(*f.plan_document.find("contrato_de_grafo")->find("aristas_condicionales")));
    CHECK(canonical_of(*g.find("ramas_por_defecto")) ==
          canonical_of(*f.plan_document.find("contrato_de_grafo")->find("ramas_por_defecto")));
    CHECK(canonical_of(*g.find("pausas_humanas")) == canonical_of(*f.plan_document.find("contrato_de_grafo")->find("pausas_humanas")));
    CHECK(g.find("nodos")->as_array().size() == 8);
    CHECK(g.find("langgraph")->find("nodes")->is_array());
    CHECK(g.find("langgraph")->find("edges")->is_array());
    // ramas-esperadas.json: one visit per writer-node step, by case id then paso
    const Value& ramas = files.at("ramas-esperadas.json");
    CHECK(*ramas.find("formato") == Value("planlang-ramas/v1"));
    CHECK(*ramas.find("corrida_id") == Value("prueba-15"));
    CHECK(*ramas.find("fuente") == Value(planlang::sim::kRuntimeSource));
    CHECK(*ramas.find("umbrales_aplicados") == *m.find("umbrales_aplicados"));
    std::size_t expected_visits = 0;
    for (const auto& entry : files) {
        if (entry.first.rfind("trazas/", 0) != 0) continue;
        std::set<double> pasos;
        for (const Value& r : entry.second.find("decisiones_de_arista")->as_array()) pasos.insert(r.find("paso")->as_number());
        expected_visits += pasos.size();
    }
    const auto& visitas = ramas.find("visitas")->as_array();
    CHECK(visitas.size() == expected_visits);
    for (std::size_t i = 1; i < visitas.size(); ++i) {
        const std::string a = visitas[i - 1].find("caso_id")->as_string(), b = visitas[i].find("caso_id")->as_string();
        CHECK((a < b || (a == b && visitas[i - 1].find("paso")->as_number() < visitas[i].find("paso")->as_number())));
    }
}

TEST_CASE("run export: same inputs, same bytes") {
    SimFixture f;
    const RunOutput a = simulate(f, Variant::multiagente, 1, "prueba-15");
    const RunOutput b = simulate(f, Variant::multiagente, 1, "prueba-15");
    REQUIRE(a.files.size() == b.files.size());
    for (std::size_t i = 0; i < a.files.size(); ++i) CHECK(a.files[i].bytes == b.files[i].bytes);
}

TEST_CASE("run export: the single-agent baseline has its own graph (decisions.md C3)") {
    SimFixture f;
    const RunOutput out = simulate(f, Variant::agente_unico, 1, "prueba-15-base");
    REQUIRE(out.issues.empty());
    const auto files = parsed(out);
    const Value& g = files.at("grafo.json");
    CHECK(*g.find("variante") == Value("agente_unico"));
    CHECK(canonical_of(*g.find("nodos")) ==
          canonical_of(read_json_text(R"([{"id": "enrutador", "tipo": "enrutador"}, {"id": "agente_unico", "tipo": "modelo"},
              {"id": "verificador_cobertura", "tipo": "regla"}, {"id": "decision", "tipo": "enrutador"},
              {"id": "pausa_humana", "tipo": "pausa_humana"}, {"id": "cierre", "tipo": "regla"}, {"id": "guardia_salida", "tipo": "regla"}])")));
    CHECK(canonical_of(*g.find("ramas_por_defecto")) == R"({"agente_unico":"verificador_cobertura","decision":"cierre","enrutador":"agente_unico"})");
    std::map<std::string, int> per_node;
    for (const Value& e : g.find("aristas_condicionales")->as_array()) {
        ++per_node[e.find("desde")->as_string()];
        CHECK(*e.find("si_verdadero") != Value("redactor"));
        CHECK(*e.find("si_verdadero") != Value("aclaracion"));
    }
    CHECK(per_node == std::map<std::string, int>{{"agente_unico", 2}, {"decision", 6}, {"enrutador", 2}});
    for (const Value& e : g.find("aristas_condicionales")->as_array())
        if (*e.find("desde") == Value("agente_unico")) CHECK(*e.find("si_verdadero") == Value("pausa_humana"));
    CHECK(*files.at("corrida.json").find("variante") == Value("agente_unico"));
    CHECK(*files.at("trazas/A-001.json").find("variante") == Value("agente_unico"));
}

TEST_CASE("run export: repetitions redraw the simulation parameters per case (decisions.md C2)") {
    SimFixture f;
    const RunOutput main = simulate(f, Variant::multiagente, 1, "prueba-15");
    const RunOutput r2 = simulate(f, Variant::multiagente, 2, "prueba-15-r2");
    const RunOutput r3 = simulate(f, Variant::multiagente, 3, "prueba-15-r3");
    REQUIRE(r2.issues.empty());
    REQUIRE(r3.issues.empty());
    CHECK(r2.casos_ejecutados == main.casos_ejecutados);
    CHECK(r3.casos_ejecutados == main.casos_ejecutados);
    const auto m = parsed(main), a = parsed(r2), b = parsed(r3);
    int differ_2 = 0, differ_3 = 0;
    for (const std::string& id : main.casos_ejecutados) {
        const Value& t1 = m.at("trazas/" + id + ".json");
        const Value& t2 = a.at("trazas/" + id + ".json");
        const Value& t3 = b.at("trazas/" + id + ".json");
        CHECK(*t2.find("corrida_id") == Value("prueba-15-r2"));
        if (canonical_of(*t1.find("extraccion")) != canonical_of(*t2.find("extraccion"))) ++differ_2;
        if (canonical_of(*t2.find("extraccion")) != canonical_of(*t3.find("extraccion"))) ++differ_3;
    }
    CHECK(differ_2 > 0);
    CHECK(differ_3 > 0);
    CHECK(*a.at("corrida.json").find("version_grafo") == *m.at("corrida.json").find("version_grafo"));
    CHECK(*a.at("corrida.json").find("ficha")->find("nombre")->find("es") != *m.at("corrida.json").find("ficha")->find("nombre")->find("es"));
}

TEST_CASE("repetition: each case runs with core/synth's redrawn simulation parameters (decisions.md C2)") {
    SimFixture f;
    planlang::Issues issues;
    const planlang::synth::PlanFacts facts = planlang::synth::plan_facts(f.plan(), f.loaded.huella, issues);
    REQUIRE(issues.empty());
    const RunOutput r2 = simulate(f, Variant::multiagente, 2, "prueba-15-r2");
    const auto files = parsed(r2);
    for (const planlang::sim::demo_a::Case& c : f.batch.batch->casos) {
        CAPTURE(c.id);
        const auto redrawn = planlang::sim::demo_a::repetition_of(c, *f.world.plan, facts, "prueba-sim", 2, issues);
        REQUIRE(redrawn);
        const auto expected = planlang::synth::repetition_simulation(c.source, *f.world.plan, facts, "prueba-sim", 2);
        REQUIRE(expected);
        CHECK(redrawn->confianza_extractor == expected->find("confianza_extractor")->as_number());
        CHECK(canonical_of(redrawn->campos_extraidos.to_json()) == canonical_of(*expected->find("campos_extraidos")));
        // everything but the simulation parameters stays
        CHECK(canonical_of(redrawn->verdad_campos.to_json()) == canonical_of(c.verdad_campos.to_json()));
        CHECK(redrawn->campos_ausentes_en_texto == c.campos_ausentes_en_texto);
        CHECK(redrawn->texto_medico.es == c.texto_medico.es);
        // and the trace of the repetition shows them
        const Value& t = files.at("trazas/" + c.id + ".json");
        if (!t.find("extraccion")->is_null())
            CHECK(*t.find("extraccion")->find("confianza") == Value(redrawn->confianza_extractor));
    }
    // the tie case keeps its exact U1 confidence in every repetition
    const auto tie = planlang::sim::demo_a::repetition_of(f.case_("A-015"), *f.world.plan, facts, "prueba-sim", 7, issues);
    REQUIRE(tie);
    CHECK(tie->confianza_extractor == 0.75);
}

TEST_CASE("run export: inputs that do not belong together are refused") {
    SimFixture f;
    planlang::sim::demo_a::Batch other = *f.batch.batch;
    other.plan_id = "otro-plan";
    other.plan_beneficios_huella = std::string(64, '0');
    planlang::sim::demo_a::RunInputs in;
    in.plan = &f.plan();
    in.plan_document = &f.plan_document;
    in.plan_huella = f.loaded.huella;
    in.world = &*f.world.plan;
    in.batch = &other;
    in.corrida_id = "x";
    in.fecha = "2026-11-30";
    const RunOutput out = planlang::sim::demo_a::simulate_run(in);
    REQUIRE(out.issues.size() == 2);
    CHECK(out.issues[0].element == "plan.id");
    CHECK(out.issues[1].element == "plan_beneficios.huella");
    CHECK(out.files.empty());
}

TEST_CASE("inputs: the batch reader reports the path of what does not fit, and checks the huella") {
    SimFixture f;
    Value batch = f.batch_document;
    *batch.find("casos")->as_array()[4].find("simulacion")->find("confianza_extractor") = Value();
    auto b = planlang::sim::demo_a::read_batch(batch);
    REQUIRE_FALSE(b.issues.empty());
    CHECK(b.issues[0].code == "ESQUEMA");
    CHECK(b.issues[0].element == "casos.4.simulacion.confianza_extractor");
    batch = f.batch_document;
    auto& orden = batch.find("casos")->as_array()[0].find("entrada")->find("orden_adjunta")->as_object();
    orden.erase(orden.begin() + 1);
    b = planlang::sim::demo_a::read_batch(batch);
    REQUIRE_FALSE(b.issues.empty());
    CHECK(b.issues[0].element == "casos.0.entrada.orden_adjunta.observaciones");
    batch = f.batch_document;
    *batch.find("casos")->as_array()[2].find("verdad_conocida")->find("decision") = Value("aprobado");
    b = planlang::sim::demo_a::read_batch(batch);
    REQUIRE_FALSE(b.issues.empty());
    CHECK(b.issues[0].element == "casos.2.verdad_conocida.decision");
    // a nested object that is not one: one issue at its path, none for the members it should hold
    batch = f.batch_document;
    *batch.find("casos")->as_array()[1].find("entrada")->find("afiliado") = Value(5);
    b = planlang::sim::demo_a::read_batch(batch);
    REQUIRE(b.issues.size() == 1);
    CHECK(b.issues[0].element == "casos.1.entrada.afiliado");
    batch = f.batch_document;
    batch.find("casos")->as_array()[3].find("verdad_conocida")->find("campos")->as_object().clear();
    b = planlang::sim::demo_a::read_batch(batch);
    REQUIRE(b.issues.size() == 4);
    CHECK(b.issues[0].element == "casos.3.verdad_conocida.campos.procedimiento");
    batch = f.batch_document;
    *batch.find("semilla") = Value("otra");
    b = planlang::sim::demo_a::read_batch(batch);
    REQUIRE(b.issues.size() == 1);
    CHECK(b.issues[0].code == "HUELLA_NO_COINCIDE");
    CHECK(read_json_text("[1]").is_array());
    b = planlang::sim::demo_a::read_batch(read_json_text("[1]"));
    CHECK_FALSE(b.issues.empty());
}

TEST_CASE("run export: an identifier finding in what would be written blocks the whole run (§8)") {
    SimFixture f;
    planlang::sim::demo_a::Batch batch = *f.batch.batch;
    // A-002 pauses: the reviewer's payload carries the note, here with a phone number that is not 555-01XX
    for (planlang::sim::demo_a::Case& c : batch.casos)
        if (c.id == "A-002") c.texto_medico.es += " Llamar al 310 555 1234.";
    planlang::sim::demo_a::RunInputs in;
    in.plan = &f.plan();
    in.plan_document = &f.plan_document;
    in.plan_huella = f.loaded.huella;
    in.world = &*f.world.plan;
    in.batch = &batch;
    in.corrida_id = "prueba-15";
    in.fecha = "2026-11-30";
    const RunOutput out = planlang::sim::demo_a::simulate_run(in);
    REQUIRE_FALSE(out.issues.empty());
    CHECK(out.issues[0].code == "ID_TELEFONO");
    CHECK(out.issues[0].element.rfind("trazas/A-002.json: ", 0) == 0);
    CHECK(out.files.empty());
}

TEST_CASE("run export: a safety stop exports the cases finished before it, the session stopped by an exception") {
    SimFixture f;
    // a plan whose decision node keeps only edge 1: the denial of A-003 reaches the writer without a person
    planlang::plan::Plan plan = f.plan();
    Value document = f.plan_document;
    auto keep = [](const std::string& desde, double orden) { return !(desde == "decision" && orden > 1); };
    auto& edges = plan.contrato_de_grafo.aristas_condicionales;
    edges.erase(std::remove_if(edges.begin(), edges.end(), [&](const planlang::plan::Edge& e) { return !keep(e.desde, static_cast<double>(e.orden)); }),
                edges.end());
    auto& raw = document.find("contrato_de_grafo")->find("aristas_condicionales")->as_array();
    raw.erase(std::remove_if(raw.begin(), raw.end(),
                             [&](const Value& e) { return !keep(e.find("desde")->as_string(), e.find("orden")->as_number()); }),
              raw.end());
    planlang::sim::demo_a::RunInputs in;
    in.plan = &plan;
    in.plan_document = &document;
    in.plan_huella = f.loaded.huella;
    in.world = &*f.world.plan;
    in.batch = &*f.batch.batch;
    in.corrida_id = "prueba-15";
    in.fecha = "2026-11-30";
    const RunOutput out = planlang::sim::demo_a::simulate_run(in);
    REQUIRE(out.issues.empty());
    REQUIRE(out.stop);
    CHECK(out.stop->code == "PARADA_DE_SEGURIDAD");
    CHECK(out.casos_ejecutados == std::vector<std::string>{"A-001", "A-002"});
    const auto files = parsed(out);
    CHECK(files.size() == 3 + 2);
    const Value& m = files.at("corrida.json");
    CHECK(*m.find("sesiones")->as_array()[0].find("detenida_por") == Value("excepcion"));
    CHECK(canonical_of(*m.find("sesiones")->as_array()[0].find("casos_ejecutados")) == R"(["A-001","A-002"])");
    CHECK(m.find("trazas")->as_array().size() == 2);
    CHECK(m.find("casos_con_error")->as_array().empty());
    CHECK(*m.find("casos")->find("n_lote") == Value(15));
}

TEST_CASE("run export: streamed, each trace goes out as its case runs, the same files, a failed write stops") {
    SimFixture f;
    const planlang::sim::demo_a::RunInputs in = inputs_of(f, Variant::multiagente, 1, "demo-a-prueba");
    const RunOutput whole = planlang::sim::demo_a::simulate_run(in);
    REQUIRE(whole.issues.empty());

    std::vector<std::string> order;             // file paths in the order they were finished
    std::map<std::string, std::string> bytes;   // chunks appended
    int cases_run_before_first_trace = -1, cases_run = 0;
    const auto sink = [&](const std::string& path, std::string_view chunk, bool last) {
        if (path.rfind("trazas/", 0) == 0 && cases_run_before_first_trace < 0) cases_run_before_first_trace = cases_run;
        bytes[path].append(chunk.data(), chunk.size());
        if (last) order.push_back(path);
        return true;
    };
    const planlang::sim::StreamedRun streamed = planlang::sim::demo_a::simulate_run_streaming(in, sink, [&] { ++cases_run; });
    CHECK(streamed.issues.empty());
    CHECK(streamed.casos_ejecutados == whole.casos_ejecutados);
    CHECK(cases_run_before_first_trace == 1);  // the first trace is written right after the first case
    REQUIRE(order.size() == whole.files.size());
    CHECK(order.back() == "corrida.json");
    CHECK(order[order.size() - 2] == "ramas-esperadas.json");
    CHECK(order[order.size() - 3] == "grafo.json");
    for (const auto& file : whole.files) {
        CAPTURE(file.path);
        CHECK(bytes[file.path] == file.bytes);
    }

    int calls = 0;
    const auto failing = [&](const std::string&, std::string_view, bool) { return ++calls < 2; };
    const planlang::sim::StreamedRun failed = planlang::sim::demo_a::simulate_run_streaming(in, failing);
    REQUIRE(failed.issues.size() == 1);
    CHECK(failed.issues[0].code == "ARCHIVO_NO_ESCRITO");
    CHECK(calls == 2);  // nothing is handed over after the failed write
}
