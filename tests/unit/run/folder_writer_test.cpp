// core/run's run-folder writer as any producer uses it (the simulator today, the importer next): the order files
// are handed over in, the producer's own `fuente`, provider and label in what it writes, the identifier check
// it asks for blocking every file after a finding, and a failed write.
#include "core/run/folder_writer.hpp"

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "sim/sim_fixture.hpp"

using namespace planlang;
using json::Value;

namespace {

// demo-a-humo-3's first trace, without its huella, as a producer would hand it over.
Value recorded_trace() {
    Value trace = testing::read_json("synthetic/runs/demo-a/demo-a-humo-3/trazas/AH-001.json");
    auto& members = trace.as_object();
    for (auto it = members.begin(); it != members.end(); ++it)
        if (it->key == "huella") {
            members.erase(it);
            break;
        }
    return trace;
}

struct Written {
    std::vector<std::string> order;
    std::map<std::string, std::string> files;
};

run::FolderHead head_of(const testing::SimFixture& f, const sim::SimGraph& graph) {
    run::FolderHead h;
    h.plan = &f.plan();
    h.plan_huella = f.loaded.huella;
    h.plan_archivo = "plans/demo-a/plan-demo-a.json";
    h.world_key = "plan_beneficios";
    h.world_ref = json::Object{{"archivo", Value("w.json")}, {"huella", Value("h")}, {"id", Value("w")}, {"version", Value("1")}};
    h.batch_archivo = "b.json";
    h.batch_id = "b";
    h.batch_huella = "bh";
    h.semilla = "s";
    h.demo_id = "demo-a";
    h.n_lote = 1;
    h.variante = "multiagente";
    h.proveedor = "un-proveedor";
    h.modelo = "un-modelo";
    h.corrida_id = "prueba";
    h.fecha = "2026-12-07";
    h.ficha_etiqueta = {"Registrada de un agente", "Recorded from an agent"};
    h.fuente = "un importador de prueba";
    h.grafo = graph.grafo_json("demo-a");
    h.edges = &graph.edges;
    return h;
}

}  // namespace

TEST_CASE("the writer hands over the trace, then grafo, ramas and corrida, with the producer's own words") {
    const testing::SimFixture f;
    const sim::SimGraph graph = f.graph(sim::Variant::multiagente);
    const run::FolderHead head = head_of(f, graph);
    const Value trace = recorded_trace();
    Written w;
    const run::StreamedRun out = run::write_run_folder(
        head, f.plan().threshold_values(), 1,
        [&](std::size_t, Issues&) { return std::optional<run::CaseRecord>(run::CaseRecord{false, std::nullopt, trace}); },
        [&](const std::string& path, std::string_view chunk, bool last) {
            if (w.files.find(path) == w.files.end()) w.order.push_back(path);
            w.files[path].append(chunk.data(), chunk.size());
            (void)last;
            return true;
        });
    REQUIRE(out.issues.empty());
    CHECK(out.casos_ejecutados == std::vector<std::string>{"AH-001"});
    CHECK(w.order == std::vector<std::string>{"trazas/AH-001.json", "grafo.json", "ramas-esperadas.json", "corrida.json"});
    const Value manifest = json::read(w.files["corrida.json"]).value;
    CHECK(*manifest.find("proveedor") == Value("un-proveedor"));
    CHECK(*manifest.find("modelo") == Value("un-modelo"));
    CHECK(*manifest.find("ficha")->find("etiqueta")->find("en") == Value("Recorded from an agent"));
    CHECK(*manifest.find("revisor_simulado")->find("es") == Value(""));
    const Value ramas = json::read(w.files["ramas-esperadas.json"]).value;
    CHECK(*ramas.find("fuente") == Value("un importador de prueba"));
    CHECK_FALSE(ramas.find("visitas")->as_array().empty());  // the trace's decisions, recomputed
}

TEST_CASE("a finding of the producer's identifier check blocks every file after it; a failed write stops the run") {
    const testing::SimFixture f;
    const sim::SimGraph graph = f.graph(sim::Variant::multiagente);
    run::FolderHead head = head_of(f, graph);
    // A check that finds something in the manifest only: the trace was already handed over, nothing after it is.
    head.scan = [](const Value& document) {
        const Value* tipo = document.find("tipo");
        return tipo && *tipo == Value("corrida") ? Issues{Issue{"IDENTIFICADOR_REAL", "$.modelo", {"hallado", "found"}}} : Issues{};
    };
    const Value trace = recorded_trace();
    std::vector<std::string> order;
    auto case_fn = [&](std::size_t, Issues&) { return std::optional<run::CaseRecord>(run::CaseRecord{false, std::nullopt, trace}); };
    run::StreamedRun out = run::write_run_folder(head, f.plan().threshold_values(), 1, case_fn, [&](const std::string& path, std::string_view, bool) {
        order.push_back(path);
        return true;
    });
    REQUIRE(out.issues.size() == 1);
    CHECK(out.issues[0].element == "corrida.json: $.modelo");
    CHECK(order == std::vector<std::string>{"trazas/AH-001.json"});

    head.scan = nullptr;
    out = run::write_run_folder(head, f.plan().threshold_values(), 1, case_fn, [](const std::string& path, std::string_view, bool) {
        return path != "grafo.json";
    });
    REQUIRE(out.issues.size() == 1);
    CHECK(out.issues[0].code == "ARCHIVO_NO_ESCRITO");
    CHECK(out.issues[0].element == "grafo.json");
}
