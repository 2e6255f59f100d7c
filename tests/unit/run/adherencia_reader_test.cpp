// The reader on the adherence coach's runs (plans/adherencia/dominio.md §1, §3–§5): the fixture
// (tests/data/adherencia-mini/) is accepted with its knowledge base as the world; the batch schema, the case
// ids, the manifest's world reference and the trace extension reject what they must, with the element path.
// (The broken-run corpus, tests/data/run/*adherencia*, covers the same ground through the whole reader.)
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/reader.hpp"
#include "support/json_patch.hpp"
#include "support/run_files.hpp"

using namespace planlang;
using json::Value;
using planlang::testing::RunFiles;

namespace {

const std::string kDir = "tests/data/adherencia-mini/";
const std::string kRun = kDir + "runs/adherencia-mini-9";
const std::string kBase = kDir + "runs/adherencia-mini-9-base";
const std::string kBatch = kDir + "casos-mini.json";
const std::string kKb = kDir + "base-conocimiento-mini.json";

struct Counter : run::TraceSink {
    std::vector<std::string> traces;
    void begin(const run::Inputs&) override {}
    void run(const run::RunHeader&) override {}
    void trace(const run::RunHeader& h, const run::Trace& t) override { traces.push_back(h.corrida_id + "/" + t.tree.find("caso_id")->as_string()); }
};

Value patched(const RunFiles& files, const std::string& path, const std::string& patch) {
    Value doc = *files.json_of(path);
    const auto error = planlang::testing::apply_patch(doc, json::read(patch).value);
    REQUIRE_FALSE(error);
    return doc;
}

std::string first_element(const Issues& issues) { return issues.empty() ? std::string("(none)") : issues.front().element; }

run::ReadResult read_main(const RunFiles& files) {
    run::Request rq;
    rq.main_run = kRun;
    return run::read(rq, files.source(), nullptr);
}

}  // namespace

TEST_CASE("adherencia reader: the fixture and its baseline are accepted, the knowledge base is the world") {
    RunFiles files;
    run::Request rq;
    rq.main_run = kRun;
    rq.baseline = kBase;
    Counter sink;
    const run::ReadResult r = run::read(rq, files.source(), &sink);
    std::string motives;
    for (const run::Motive& m : r.motivos) motives += m.codigo + " @ " + m.archivo + ": " + m.detalle.en + "\n";
    INFO(motives);
    REQUIRE(r.ok);
    CHECK(r.esquema_completo.empty());
    REQUIRE(r.inputs);
    REQUIRE(r.inputs->world);
    CHECK(r.inputs->world->clave == "base_conocimiento");
    CHECK(r.inputs->world->archivo == kKb);
    CHECK(r.inputs->batch.n == 9);
    CHECK(sink.traces.size() == 18);
    CHECK(sink.traces.front() == "adherencia-mini-9/M-001");
}

TEST_CASE("adherencia reader: case ids per demo") {
    using run::internal::is_adherencia_case_id;
    using run::internal::is_case_id;
    const struct {
        const char* id;
        bool adherencia, demo_a;
    } rows[] = {{"M-001", true, false}, {"MH-003", true, false}, {"M-1000", true, false}, {"M-01", false, false},
                {"A-001", false, true}, {"AH-001", false, true}, {"MX-001", false, false}, {"M-00a", false, false},
                {"M001", false, false}, {"", false, false}};
    for (const auto& row : rows) {
        CAPTURE(row.id);
        CHECK(is_adherencia_case_id(row.id) == row.adherencia);
        CHECK(is_case_id(row.id) == row.demo_a);
    }
}

TEST_CASE("adherencia reader: the batch schema rejects, at the element's path") {
    RunFiles files;
    CHECK(run::internal::check_batch_adherencia(*files.json_of(kBatch)).empty());
    const struct {
        const char* patch;
        const char* element;
    } rows[] = {
        {R"([{"op":"replace","path":"/casos/0/id","value":"A-001"}])", "casos.0.id"},
        {R"([{"op":"add","path":"/casos/2/extra","value":1}])", "casos.2"},
        {R"([{"op":"replace","path":"/casos/0/locale","value":"es"}])", "casos.0.locale"},
        {R"([{"op":"replace","path":"/casos/0/demo_id","value":"demo-a"}])", "casos.0.demo_id"},
        {R"([{"op":"replace","path":"/casos/0/entrada/persona/telefono","value":"555-1234"}])", "casos.0.entrada.persona.telefono"},
        {R"([{"op":"replace","path":"/casos/0/entrada/turnos/0/turno","value":2}])", "casos.0.entrada.turnos.0.turno"},
        {R"([{"op":"replace","path":"/casos/0/verdad_conocida/respuestas","value":["traspaso"]}])", "casos.0.verdad_conocida.respuestas.0"},
        {R"([{"op":"replace","path":"/casos/0/simulacion/turnos_sim/0/riesgo_borrador","value":-0.1}])", "casos.0.simulacion.turnos_sim.0.riesgo_borrador"},
        {R"([{"op":"replace","path":"/n","value":8}])", "n"},
        {R"([{"op":"remove","path":"/base_conocimiento"}])", "base_conocimiento"},
    };
    for (const auto& row : rows) {
        CAPTURE(row.patch);
        const Issues issues = run::internal::check_batch_adherencia(patched(files, kBatch, row.patch));
        REQUIRE_FALSE(issues.empty());
        CHECK(issues.front().code == "ESQUEMA");
        CHECK(first_element(issues) == row.element);
        CHECK_FALSE(issues.front().message.es.empty());
        CHECK_FALSE(issues.front().message.en.empty());
    }
}

TEST_CASE("adherencia reader: conversacion is accepted for demo adherencia only, strictly") {
    RunFiles files;
    const Value trace = *files.json_of(kRun + "/trazas/M-002.json");
    CHECK(run::internal::check_trace(trace, true, false, false, false, "adherencia").empty());
    // The same trace read as another demo's: conversacion is an unknown key.
    const Issues as_demo_a = run::internal::check_trace(trace, true, false, false, false, "demo-a");
    REQUIRE_FALSE(as_demo_a.empty());
    CHECK(as_demo_a.front().message.en.find("conversacion") != std::string::npos);
    const Value bad = patched(files, kRun + "/trazas/M-002.json", R"([{"op":"replace","path":"/conversacion/1/turno","value":1}])");
    CHECK(first_element(run::internal::check_trace(bad, true, false, false, false, "adherencia")) == "conversacion.1.turno");
    const Value bad_signal = patched(files, kRun + "/trazas/M-002.json", R"([{"op":"replace","path":"/senales/turno","value":-1}])");
    CHECK(first_element(run::internal::check_trace(bad_signal, true, false, false, false, "adherencia")) == "senales.turno");
}

TEST_CASE("adherencia reader: the world reference — missing file, huella mismatch, exactly one reference") {
    {
        RunFiles files;
        files.remove(kKb);
        const run::ReadResult r = read_main(files);
        REQUIRE(r.motivos.size() == 1);
        CHECK(r.motivos[0].codigo == "REFERENCIA_ROTA");
        CHECK(r.motivos[0].archivo == "base_conocimiento");
    }
    {
        RunFiles files;
        files.put_json(kKb, patched(files, kKb, R"([{"op":"replace","path":"/version","value":"9.9.9"}])"));
        const run::ReadResult r = read_main(files);
        REQUIRE(r.motivos.size() == 1);
        CHECK(r.motivos[0].codigo == "HUELLA_NO_COINCIDE");
        CHECK(r.motivos[0].archivo == "base_conocimiento");
    }
    {
        RunFiles files;
        const Value manifest = *files.json_of(kRun + "/corrida.json");
        CHECK(run::internal::check_manifest(manifest).empty());
        Value none = manifest;
        none.as_object().erase(std::remove_if(none.as_object().begin(), none.as_object().end(),
                                              [](const json::Member& m) { return m.key == "base_conocimiento"; }),
                               none.as_object().end());
        const Issues issues = run::internal::check_manifest(none);
        REQUIRE_FALSE(issues.empty());
        CHECK(issues.front().message.en.find("base_conocimiento") != std::string::npos);
    }
}
