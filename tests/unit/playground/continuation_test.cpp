// The simulated continuation (playground.md §10.1) on the committed run demo-a-200: at the run's own
// thresholds it gives back every recorded trace's outcome (it is the same agent), and at other thresholds
// it goes where synthetic-and-simulation.md §10 says the agent goes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "continuation_support.hpp"

using namespace planlang;
using json::Value;
using Strings = std::vector<std::string>;

namespace {

const std::string kRun = "synthetic/runs/demo-a/demo-a-200";

using testing::cont::load;
using testing::cont::read_run;
using testing::cont::source_tree;
using testing::cont::strings;

const playground::Continuation& continuation() {
    static const std::optional<playground::Continuation> c = testing::cont::continuation_of(kRun);
    REQUIRE(c);
    return *c;
}

Value played(double u3, bool u4 = false) {
    return json::Object{{"U1", Value(0.75)}, {"U2", Value(1000)}, {"U3", Value(u3)}, {"U4", Value(u4)}};
}

}  // namespace

TEST_CASE("continuation at the run's own thresholds reproduces every recorded outcome of demo-a-200") {
    const Value manifest = load(kRun + "/corrida.json");
    const Value& applied = *manifest.find("umbrales_aplicados");
    const Strings ids = strings(*manifest.find("casos_ejecutados"));
    REQUIRE(ids.size() == 200);
    int personas = 0;
    for (const std::string& id : ids) {
        CAPTURE(id);
        const Value trace = load(kRun + "/trazas/" + id + ".json");
        const auto got = continuation().run_case(id, applied);
        REQUIRE(got);
        const bool paused = !trace.find("pausas_humanas")->as_array().empty();
        CHECK(got->caso_id == id);
        CHECK(got->desenlace == (paused ? "persona" : "solo"));
        CHECK(got->decision_final == *trace.find("senales")->find("decision_final"));
        CHECK(got->nodos_visitados == strings(*trace.find("nodos_visitados")));
        CHECK(got->motivo.has_value() == paused);
        if (paused) {
            const Value& motivo = *trace.find("pausas_humanas")->as_array().front().find("payload")->find("motivo");
            CHECK(got->motivo->es == motivo.find("es")->as_string());
            CHECK(got->motivo->en == motivo.find("en")->as_string());
        }
        personas += paused;
    }
    CHECK(personas > 0);
    CHECK(personas < 200);
}

TEST_CASE("continuation of the single-agent baseline demo-a-200-base reproduces its recorded outcomes too") {
    run::Request rq;
    rq.root = PLANLANG_SOURCE_DIR;
    rq.main_run = testing::source_path(kRun);
    rq.baseline = testing::source_path(kRun + "-base");
    const run::ReadResult r = run::read(rq, source_tree(), nullptr);
    REQUIRE(r.ok);
    REQUIRE(r.runs.size() == 2);
    const run::RunHeader& base = r.runs[1];
    REQUIRE(base.variante == "agente_unico");
    Issues why;
    const auto c = playground::Continuation::make(*r.inputs, base, &why);
    REQUIRE(c);
    for (const std::string& id : base.casos_ejecutados) {
        CAPTURE(id);
        const Value trace = load(kRun + "-base/trazas/" + id + ".json");
        const auto got = c->run_case(id, base.umbrales_aplicados);
        REQUIRE(got);
        CHECK(got->desenlace == (trace.find("pausas_humanas")->as_array().empty() ? "solo" : "persona"));
        CHECK(got->decision_final == *trace.find("senales")->find("decision_final"));
        CHECK(got->nodos_visitados == strings(*trace.find("nodos_visitados")));
    }
}

TEST_CASE("continuation at U3 = 3: a case paused at the clarification limit asks a third time") {
    const playground::Continuation& c = continuation();
    const Strings recorded{"enrutador", "extractor", "aclaracion", "extractor", "aclaracion", "extractor", "aclaracion",
                           "pausa_humana", "redactor", "guardia_salida"};

    SUBCASE("A-086 (faltante_tres_ciclos): the third reply brings the cost, the case completes alone") {
        // Recorded at U3 = 2: two clarifications, the third visit of `aclaracion` pauses (ciclos 2 ≥ 2).
        const Value trace = load(kRun + "/trazas/A-086.json");
        REQUIRE(trace.find("senales")->find("ciclos_aclaracion")->as_number() == 2);
        REQUIRE(strings(*trace.find("nodos_visitados")) == recorded);
        // At U3 = 3 that visit asks (2 < 3); the script's third reply gives the cost, the last missing field,
        // so the extractor has no field missing and goes to the checker. Extraction is the truth (procedure
        // SYN-P-011 = the order's code, cost 120, confidence 0.83): no contradiction, 120 ≤ U2, 0.83 ≥ U1,
        // proposal aprobar, no payload, Texas off → the decision's default, the writer, the guard, the end.
        const auto got = c.run_case("A-086", played(3));
        REQUIRE(got);
        CHECK(got->desenlace == "solo");
        CHECK(got->decision_final == Value("aprobar"));
        CHECK(got->nodos_visitados == Strings{"enrutador", "extractor", "aclaracion", "extractor", "aclaracion", "extractor", "aclaracion",
                                              "extractor", "verificador_cobertura", "decision", "redactor", "guardia_salida"});
        CHECK_FALSE(got->motivo);
    }
    SUBCASE("A-017 (faltante_sin_respuesta): the third reply brings nothing, the fourth visit pauses") {
        const Value trace = load(kRun + "/trazas/A-017.json");
        REQUIRE(trace.find("senales")->find("ciclos_aclaracion")->as_number() == 2);
        REQUIRE(strings(*trace.find("nodos_visitados")) == recorded);
        // Three clarifications, none informative; the fourth visit of `aclaracion` finds ciclos 3 ≥ 3 and
        // pauses; the auditor follows the truth (aprobar), the writer keeps it.
        const auto got = c.run_case("A-017", played(3));
        REQUIRE(got);
        CHECK(got->desenlace == "persona");
        CHECK(got->decision_final == Value("aprobar"));
        CHECK(got->nodos_visitados == Strings{"enrutador", "extractor", "aclaracion", "extractor", "aclaracion", "extractor", "aclaracion",
                                              "extractor", "aclaracion", "pausa_humana", "redactor", "guardia_salida"});
        REQUIRE(got->motivo);
        CHECK(got->motivo->en.find("ciclos_aclaracion = 3 meets mayor_o_igual_que 3 (umbral.U3)") != std::string::npos);
    }
}

TEST_CASE("continuation: Texas on sends a partial approval to a person, who keeps the truth's decision") {
    // A-014 (normal_sobre_tope) was decided alone at plan values: aprobar_parcial, no pause.
    const Value trace = load(kRun + "/trazas/A-014.json");
    REQUIRE(trace.find("pausas_humanas")->as_array().empty());
    REQUIRE(*trace.find("senales")->find("decision_final") == Value("aprobar_parcial"));
    // U4 on: the decision's edge 6 (texas_y_no_aprobar) is true for aprobar_parcial → the pause; the
    // auditor follows the truth (aprobar_parcial).
    const auto got = continuation().run_case("A-014", played(2, true));
    REQUIRE(got);
    CHECK(got->desenlace == "persona");
    CHECK(got->decision_final == Value("aprobar_parcial"));
    REQUIRE(got->motivo);
    CHECK(got->motivo->es.find("decision #6") != std::string::npos);
}

TEST_CASE("continuation: played thresholds left out keep the run's values; unknown cases are refused") {
    const playground::Continuation& c = continuation();
    CHECK(c.corrida_id() == "demo-a-200");
    const auto partial = c.run_case("A-017", Value(json::Object{{"U3", Value(3)}}));
    const auto full = c.run_case("A-017", played(3));
    REQUIRE(partial);
    REQUIRE(full);
    CHECK(partial->nodos_visitados == full->nodos_visitados);
    Issues why;
    CHECK_FALSE(c.run_case("A-999", played(2), &why));
    REQUIRE(why.size() == 1);
    CHECK(why[0].code == "CASO_DESCONOCIDO");
    why.clear();
    CHECK_FALSE(c.run_case("A-001", Value(), &why));
    REQUIRE(why.size() == 1);
    CHECK(why[0].code == "UMBRAL_NO_APLICADO");
}

TEST_CASE("continuation: runs that cannot be re-simulated are declined with a reason") {
    const run::ReadResult r = read_run(kRun);
    auto declined = [&](const run::Inputs& in, const run::RunHeader& header) {
        Issues why;
        const bool made = playground::Continuation::make(in, header, &why).has_value();
        CHECK_FALSE(made);
        CHECK_FALSE(why.empty());
        return why.empty() ? std::string() : why.front().code;
    };
    {
        run::Inputs in = *r.inputs;
        in.world.reset();
        CHECK(declined(in, r.runs.front()) == "CONTINUACION_NO_SIMULABLE");
    }
    {
        run::Inputs in = *r.inputs;
        in.world->clave = "listas";  // demo B's world: a domain the simulator does not know
        CHECK(declined(in, r.runs.front()) == "CONTINUACION_NO_SIMULABLE");
    }
    {
        run::RunHeader h = r.runs.front();
        h.role = run::Role::repeticion;
        CHECK(declined(*r.inputs, h) == "CONTINUACION_NO_SIMULABLE");
    }
    {
        run::Inputs in = *r.inputs;
        in.plan.huella = std::string(64, '0');  // the verdict is about another plan and the run's is not at hand
        CHECK(declined(in, r.runs.front()) == "CONTINUACION_NO_SIMULABLE");
    }
    {
        run::RunHeader h = r.runs.front();
        h.grafo.document.find("ramas_por_defecto")->as_object().front().value = Value("pausa_humana");
        CHECK(declined(*r.inputs, h) == "CONTINUACION_NO_SIMULABLE");
    }
    {
        run::Inputs in = *r.inputs;
        in.world->document.find("procedimientos")->as_array().pop_back();  // no longer the world it fingerprints
        CHECK(declined(in, r.runs.front()) != "");
    }
}
