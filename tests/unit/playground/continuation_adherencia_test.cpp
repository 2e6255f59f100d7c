// The playground on the adherence coach's committed run adherencia-315 (issue 36): the simulated
// continuation re-runs its cases with the domain's own agent (playground.md §10.1), the minutes count the
// reviewer only (§1 as native/README.md reads it), and our decision check finds the errors a move introduces.
// Expected values are worked by hand from the batch's `simulacion` (synthetic/casos/adherencia/adherencia-315.json)
// and plans/adherencia/dominio.md §5, not read back from the code.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "continuation_support.hpp"
#include "core/playground/additions.hpp"
#include "playground_fixture.hpp"

using namespace planlang;
using json::Value;
using Strings = std::vector<std::string>;

namespace {

const std::string kRun = "synthetic/runs/adherencia/adherencia-315";

using testing::cont::load;
using testing::cont::strings;

const playground::Continuation& continuation() {
    static const std::optional<playground::Continuation> c = testing::cont::continuation_of(kRun);
    REQUIRE(c);
    return *c;
}

Value played(double u1, double u2, double u3, bool u4) {
    return json::Object{{"U1", Value(u1)}, {"U2", Value(u2)}, {"U3", Value(u3)}, {"U4", Value(u4)}};
}

const Strings kAnsweredAlone{"intake", "guardrail_pre", "retrieve_context", "generate_response", "guardrail_post", "closing"};

}  // namespace

TEST_CASE("adherence continuation at the run's own thresholds reproduces every recorded conversation") {
    const Value manifest = load(kRun + "/corrida.json");
    const Value& applied = *manifest.find("umbrales_aplicados");
    const Strings ids = strings(*manifest.find("casos_ejecutados"));
    REQUIRE(ids.size() == 315);
    int personas = 0;
    for (const std::string& id : ids) {
        CAPTURE(id);
        const Value trace = load(kRun + "/trazas/" + id + ".json");
        const auto got = continuation().run_case(id, applied);
        REQUIRE(got);
        const bool paused = !trace.find("pausas_humanas")->as_array().empty();
        CHECK(got->desenlace == (paused ? "persona" : "solo"));
        CHECK(got->decision_final == *trace.find("senales")->find("decision_final"));
        CHECK(got->nodos_visitados == strings(*trace.find("nodos_visitados")));
        CHECK(got->motivo.has_value() == paused);
        personas += paused;
    }
    // The traces with a pause record: 18 (the playground's persons at plan values).
    CHECK(personas == 18);
}

TEST_CASE("adherence continuation: a near miss below the plan's U1 is answered from outside the corpus at U1 = 0.5") {
    // M-001 (casi_coincidencia_tema_sin_tarjeta): one turn, similarity 0.58 to KB-10, draft risk 0.38. At the
    // plan's U1 0.65 retrieval refuses (0.58 < 0.65). At U1 0.5 it goes on to generate_response; 0.38 < U2 0.6
    // so no review; guardrail_post finds no dosing language: the answer leaves alone, and the truth wanted a
    // refusal (the seed's most important limitation).
    const auto got = continuation().run_case("M-001", played(0.5, 0.6, 3, true));
    REQUIRE(got);
    CHECK(got->desenlace == "solo");
    CHECK(got->decision_final == Value("respuesta"));
    CHECK(got->nodos_visitados == kAnsweredAlone);
}

TEST_CASE("adherence continuation: with review off, a subacute draft goes out as the model wrote it") {
    // M-041 (dorado_subagudo): risk 0.7 ≥ U2, reviewed at plan values (the reviewer escalates). U4 off: the
    // model's draft, an answer (modelo_escala false), goes out: the escalation is missed.
    const auto m041 = continuation().run_case("M-041", played(0.65, 0.6, 3, false));
    REQUIRE(m041);
    CHECK(m041->desenlace == "solo");
    CHECK(m041->decision_final == Value("respuesta"));
    // M-005 (dorado_subagudo, modelo_escala true): the model escalates by itself, review or not.
    const auto m005 = continuation().run_case("M-005", played(0.65, 0.6, 3, false));
    REQUIRE(m005);
    CHECK(m005->desenlace == "solo");
    CHECK(m005->decision_final == Value("escalamiento"));
}

TEST_CASE("adherence playground: the reviewer's minutes, the self-check and the decision check") {
    namespace pg = testing::pg;
    const playground::Loaded& loaded = pg::loaded(kRun);
    REQUIRE(loaded.ok);
    const playground::Compact& c = *loaded.compacto;
    // §1: U2 and U4 (4 min) lead to review_response; U3 (10 min, a human coach taking the conversation over)
    // leads to closing, no pause: it does not count, and the thresholds do not disagree.
    REQUIRE(c.minutos_por_persona);
    CHECK(*c.minutos_por_persona == 4);
    CHECK(playground::self_check(c).ok);
    const playground::Additions additions(loaded);

    SUBCASE("U1 = 0.5: the 21 near misses with similarity in [0.50, 0.65) are answered, 21 errors introduced") {
        // From the batch: exactly 21 turns have 0.50 ≤ similitud < 0.65 with hits, all near misses
        // (M-001, M-029, …), all with draft risk < 0.6: the replay stops at generate_response (not observed).
        const playground::Replay r = playground::play(c, pg::setting(c, {"U1=0.5"}));
        CHECK(r.no_observados.size() == 21);
        const playground::Extras e = additions.at(r);
        REQUIRE(e.decisiones_simuladas);
        CHECK(pg::at(*e.decisiones_simuladas, "errores_introducidos") == Value(21));
        CHECK(pg::at(*e.decisiones_simuladas, "errores_evitados") == Value(0));
    }
    SUBCASE("U3 = 2: the 15 conversations with a third turn are handed off there, counted apart") {
        // From the batch: 5 scenarios × 3 locales have three user turns; intake at turn 3 finds 3 > 2.
        const playground::Replay r = playground::play(c, pg::setting(c, {"U3=2"}));
        CHECK(r.cambios.size() == 15);
        const playground::Extras e = additions.at(r);
        REQUIRE(e.decisiones_simuladas);
        CHECK(pg::at(*e.decisiones_simuladas, "traspasos") == Value(15));
        CHECK(pg::at(*e.decisiones_simuladas, "errores_introducidos") == Value(0));
    }
    SUBCASE("U4 off: nobody reviews, 18 drafts go out as written") {
        const playground::Replay r = playground::play(c, pg::setting(c, {"U4=false"}));
        CHECK(r.cambios.size() == 18);
        CHECK(r.personas == 0);
        CHECK(r.minutos == 0.0);
        CHECK(r.minutos_plan == 72.0);  // 18 reviewed × 4 minutes
        const playground::Extras e = additions.at(r);
        REQUIRE(e.decisiones_simuladas);
        CHECK(pg::at(*e.decisiones_simuladas, "casos") == Value(18));
    }
}

TEST_CASE("§1 minutes: thresholds that both reach the pause must agree; one that never reaches it may differ") {
    namespace pg = testing::pg;
    namespace hand = testing::hand;
    const std::string run = "synthetic/runs/adherencia/adherencia-humo-3";
    const std::string plan = "plans/adherencia/plan-adherencia.json";
    const std::string batch = "synthetic/casos/adherencia/adherencia-humo-3.json";
    auto with_costs = [&](double u3, double u4) {
        testing::RunFiles files;
        hand::edit(files, plan, [&](Value& p) {
            for (Value& u : p.find("umbrales")->as_array()) {
                const std::string id = u.find("id")->as_string();
                if (id == "U3") *u.find("costo_humano_por_caso_min") = Value(u3);
                if (id == "U4") *u.find("costo_humano_por_caso_min") = Value(u4);
            }
        }, {run});
        const std::string huella = files.json_of(plan)->find("huella")->as_string();
        hand::edit(files, batch, [&](Value& b) { *b.find("plan")->find("huella") = Value(huella); }, {run});
        return pg::load_with(run, files);
    };
    SUBCASE("U3 (intake → closing, no pause) at 25 minutes: loads, a person costs U2/U4's 4") {
        const playground::Loaded l = with_costs(25, 4);
        CAPTURE((l.problemas.empty() ? std::string() : l.problemas.front().code));
        CAPTURE((l.motivos.empty() ? std::string() : l.motivos.front().codigo + " " + l.motivos.front().detalle.en));
        REQUIRE(l.ok);
        REQUIRE(l.compacto->minutos_por_persona);
        CHECK(*l.compacto->minutos_por_persona == 4);
    }
    SUBCASE("U4 (generate_response → review_response) at 5 against U2's 4: refused") {
        const playground::Loaded l = with_costs(10, 5);
        CHECK_FALSE(l.ok);
        REQUIRE(l.problemas.size() == 1);
        CHECK(l.problemas[0].code == "PLAYGROUND_MINUTOS_DISTINTOS");
    }
}
