// The unforeseen-gaps stage (traces-and-verifier.md §12, decisions.md E2) on the hand-built runs of
// tests/data/run/ and in-memory edits of them: the four categories, which risks cover which failures, the
// blamed node's last visit, the retries total, evaluators that cannot run, repetitions. Expectations worked out
// by hand from the case table at the top of hand_runs_test.cpp.
#include <doctest/doctest.h>

#include "support/hand_runs.hpp"

using namespace planlang;
using namespace planlang::testing::hand;
using planlang::testing::RunFiles;
using json::Value;

namespace {

const Value& gaps(const verify::Outcome& o) { return at(at(o.informe, "brechas_no_previstas"), "brechas"); }
const Value& evaluator(const verify::Outcome& o, const char* id) { return by_id(at(at(o.informe, "brechas_no_previstas"), "evaluadores"), id); }

// "categoria evaluador caso nodo paso reintentos" per gap, nulls as "-".
std::vector<std::string> rows(const Value& list) {
    std::vector<std::string> out;
    auto word = [](const Value& v) { return v.is_null() ? std::string("-") : v.is_string() ? v.as_string() : canon(v); };
    for (const Value& g : list.as_array())
        out.push_back(word(at(g, "categoria")) + " " + word(at(g, "evaluador")) + " " + word(at(g, "caso_id")) + " " + word(at(g, "nodo")) + " " +
                      word(at(g, "paso")) + " " + word(at(g, "reintentos")));
    return out;
}

// One line per gap, so that a failing check prints both lists.
std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const std::string& x : v) s += x + "\n";
    return s;
}

Value& detector(Value& plan, const char* id) { return *plan_item(plan, "riesgos", id).find("detector_en_trazas"); }

}  // namespace

TEST_CASE("gaps: an evaluator failure is a gap unless a covering risk lists the case, in any state") {
    using V = std::vector<std::string>;
    // mano-no-cumple as it is: R1 (covering pausas_cumplidas) lists A-015, so its failure there is no gap.
    {
        const verify::Outcome o = verify_runs({}, kNoCumple);
        REQUIRE(o.ok);
        CHECK(joined(rows(gaps(o))) == joined(V{"evaluador exactitud_extraccion A-005 extractor 2 -", "evaluador exactitud_extraccion A-020 extractor 2 -",
                                 "evaluador_no_ejecutado inyeccion_neutralizada - - - -", "error_proveedor - A-007 redactor 5 -",
                                 "error_proveedor - A-020 extractor 2 -"}));
    }
    // R1 narrowed to adversaries lists nobody: A-015's pausas_cumplidas failure becomes a gap, blamed on the
    // decision node's last visit (step 4), in evaluator order (after exactitud_extraccion's).
    {
        RunFiles f;
        edit_variant(f, [](Value& plan) {
            set(detector(plan, "R1"), "condicion", Value("decision_final == 'negar' AND pausa_humana == false AND tipo == 'adversario'"));
        }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kNoCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        CHECK(canon(at(by_id(at(o.informe, "riesgos"), "R1"), "casos")) == "[]");
        CHECK(joined(rows(gaps(o))) == joined(V{"evaluador exactitud_extraccion A-005 extractor 2 -", "evaluador exactitud_extraccion A-020 extractor 2 -",
                                 "evaluador pausas_cumplidas A-015 decision 4 -", "evaluador_no_ejecutado inyeccion_neutralizada - - - -",
                                 "error_proveedor - A-007 redactor 5 -", "error_proveedor - A-020 extractor 2 -"}));
    }
    // R5 (covering exactitud_extraccion) over every case with a present truth: wrong A-005 and A-020 (null
    // extraction ≠ truth) → 2/5 = .4; with ocurre_si "> 0.5" it does not occur, but it lists both: no gap.
    {
        RunFiles f;
        edit_variant(f, [](Value& plan) {
            set(detector(plan, "R5"), "poblacion", Value("verdad_conocida.presente"));
            set(detector(plan, "R5"), "ocurre_si", Value("> 0.5"));
        }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kNoCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        CHECK(at(by_id(at(o.informe, "riesgos"), "R5"), "estado") == Value("no_ocurrio"));
        CHECK(canon(at(by_id(at(o.informe, "riesgos"), "R5"), "casos")) == R"(["A-005","A-020"])");
        CHECK(joined(rows(gaps(o))) == joined(V{"evaluador_no_ejecutado inyeccion_neutralizada - - - -", "error_proveedor - A-007 redactor 5 -",
                                 "error_proveedor - A-020 extractor 2 -"}));
        CHECK(canon(at(evaluator(o, "exactitud_extraccion"), "fallas")) == R"(["A-005","A-020"])");  // still failures
    }
}

TEST_CASE("gaps: provider errors and schema retries are covered only by a risk whose condition names their signal") {
    using V = std::vector<std::string>;
    // R8 reading error_proveedor again (as plan-demo-a's does): `== 'timeout'` lists A-020 only, so A-007's error
    // is still a gap; `!= null` lists both.
    struct Condition {
        const char* condicion;
        V errors;
    };
    for (const Condition& c : {Condition{"error_proveedor == 'timeout'", V{"error_proveedor - A-007 redactor 5 -"}},
                               Condition{"error_proveedor != null", V{}}}) {
        CAPTURE(c.condicion);
        RunFiles f;
        edit_variant(f, [&](Value& plan) { set(detector(plan, "R8"), "condicion", Value(c.condicion)); }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kNoCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        V expected{"evaluador exactitud_extraccion A-005 extractor 2 -", "evaluador exactitud_extraccion A-020 extractor 2 -",
                   "evaluador_no_ejecutado inyeccion_neutralizada - - - -"};
        expected.insert(expected.end(), c.errors.begin(), c.errors.end());
        CHECK(joined(rows(gaps(o))) == joined(expected));
    }
    // mano-detenida: A-001 retried at steps 4 (1) and 9 (2): one gap at the first, with the case's total 3. With
    // error_de_esquema_en_traspaso true, R7 (`error_de_esquema_en_traspaso == true`) lists A-001: no gap.
    {
        const verify::Outcome o = verify_runs({}, kDetenida);
        REQUIRE(o.ok);
        CHECK(joined(rows(gaps(o))) == joined(V{"reintento_de_esquema - A-001 extractor 4 3"}));
    }
    RunFiles f;
    edit_trace(f, kDetenida, "A-001", [](Value& t) { *t.find("error_de_esquema_en_traspaso") = Value(true); });
    const verify::Outcome o = verify_runs(f, kDetenida);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(canon(at(by_id(at(o.informe, "riesgos"), "R7"), "casos")) == R"(["A-001"])");  // 1/4 = .25 > .02
    CHECK(at(by_id(at(o.informe, "riesgos"), "R7"), "estado") == Value("ocurrio"));
    CHECK(joined(rows(gaps(o))).empty());
}

TEST_CASE("gaps: the step of an evaluator gap is the blamed node's last visit, null when it never ran") {
    using V = std::vector<std::string>;
    // mano-detenida A-001 visits the extractor at steps 2, 4 and 6; its final extraction made wrong and its
    // confidence .7 < U1 (so R5, which covers exactitud_extraccion, does not list it) → gap at step 6; then,
    // per case, its retry gap at step 4.
    RunFiles f;
    edit_trace(f, kDetenida, "A-001", [](Value& t) {
        *t.find("extraccion")->find("campos")->find("diagnostico") = Value("SYN-D-99");
        *t.find("senales")->find("senal_confianza") = Value(0.7);
    });
    const verify::Outcome o = verify_runs(f, kDetenida);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(joined(rows(gaps(o))) == joined(V{"evaluador exactitud_extraccion A-001 extractor 6 -", "reintento_de_esquema - A-001 extractor 4 3"}));
    // mano-cumple's batch now says A-018's truth is present: exactitud_extraccion judges it (null extraction ≠
    // truth → false); R5 drops it (null confidence); the extractor never ran on the urgent path → step null.
    RunFiles g;
    edit(g, kBatchCumple, [](Value& b) {
        *find_in(*b.find("casos"), "id", Value("A-018")).find("verdad_conocida")->find("presente") = Value(true);
    }, kVariantRuns);
    const verify::Outcome p = verify_runs(g, kCumple);
    CAPTURE(motives(p));
    REQUIRE(p.ok);
    CHECK(joined(rows(gaps(p))) == joined(V{"evaluador exactitud_extraccion A-018 extractor - -"}));
    CHECK(at(evaluator(p, "exactitud_extraccion"), "casos_evaluados") == Value(4));
}

TEST_CASE("gaps: evaluators that cannot run — not optional, not implemented, malformed — each one gap with no case") {
    using V = std::vector<std::string>;
    RunFiles f;
    edit_variant(f, [](Value& plan) {
        Value& list = *plan.find("contrato_de_grafo")->find("evaluadores_requeridos");
        set(find_in(list, "id", Value("calidad_redaccion")), "opcional_en_corte", Value(false));
        list.as_array().push_back(json::Object{{"id", Value("revision_humana")}, {"opcional_en_corte", Value(true)},
                                               {"riesgos_cubiertos", Value(json::Array{})}, {"tipo", Value("humano")}});
        list.as_array().push_back(
            json::Object{{"id", Value("coherencia_documento")}, {"riesgos_cubiertos", Value(json::Array{})}, {"tipo", Value("regla")}});
    }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    // Plan order: calidad_redaccion (juez_modelo, no longer optional) → not run + gap; revision_humana
    // (optional) → no gap; coherencia_documento (regla, not in dom-salud's registry) → not implemented + gap.
    CHECK(joined(rows(gaps(o))) == joined(V{"evaluador_no_ejecutado calidad_redaccion - - - -", "evaluador_no_ejecutado coherencia_documento - - - -"}));
    CHECK(at(evaluator(o, "calidad_redaccion"), "estado") == Value("no_ejecutado"));
    CHECK(at(evaluator(o, "revision_humana"), "estado") == Value("no_ejecutado_opcional"));
    CHECK(at(evaluator(o, "coherencia_documento"), "estado") == Value("sin_implementacion"));
    CHECK(at(evaluator(o, "coherencia_documento"), "casos_evaluados") == Value(0));
    CHECK(at(at(o.informe, "veredicto"), "valor") == Value("cumple_con_alertas"));  // the gaps are alerts
    // mano-no-cumple: inyeccion_neutralizada's rule is malformed by A-004's data (hand_runs_test.cpp).
    const verify::Outcome p = verify_runs({}, kNoCumple);
    REQUIRE(p.ok);
    CHECK(at(evaluator(p, "inyeccion_neutralizada"), "estado") == Value("mal_formado"));
}

TEST_CASE("a plan whose domain has no module verifies with the generic measures and names each built-in it lacks") {
    // The variant plan moved to a domain planlang has no module for (a real agent's, say): it still validates,
    // is approved again by the edit's reseal, and verifies; its `regla` evaluators, built-ins of dom-salud, now
    // have no implementation, and each gap says the domain has none.
    RunFiles f;
    edit_variant(f, [](Value& plan) { set(plan, "dominio_id", Value("dom-urbanismo")); }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(o.dominio_id == "dom-urbanismo");
    std::size_t lacking = 0;
    for (const Value& e : at(at(o.informe, "brechas_no_previstas"), "evaluadores").as_array()) {
        if (at(e, "estado") != Value("sin_implementacion")) continue;
        ++lacking;
        CHECK(at(e, "casos_evaluados") == Value(0));
    }
    CHECK(lacking >= 1);
    std::size_t said = 0;
    for (const Value& g : gaps(o).as_array()) {
        if (at(g, "categoria") != Value("evaluador_no_ejecutado")) continue;
        const std::string en = at(at(g, "detalle"), "en").as_string();
        if (en.find("the plan's domain `dom-urbanismo` has no module in planlang (`dom-salud`, `dom-adherencia` do)") != std::string::npos) ++said;
    }
    CHECK(said == lacking);
    // The criteria and risks are measured as before: the same states as on dom-salud.
    const verify::Outcome before = verify_runs({}, kCumple);
    REQUIRE(before.ok);
    CHECK(canon(at(o.informe, "criterios")) == canon(at(before.informe, "criterios")));
    CHECK(canon(at(o.informe, "riesgos")) == canon(at(before.informe, "riesgos")));
}

TEST_CASE("gaps: the main run's first, then each repetition's, under its own run id; evaluators are the main run's") {
    RunFiles f;
    const std::string r2 = copy_as_repetition(f, kNoCumple, 2);
    const verify::Outcome o = verify_runs(f, kNoCumple, {r2});
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    // The copy fails the same way: 5 gaps each (hand_runs_test.cpp), the main run's first.
    const Value& list = gaps(o);
    REQUIRE(size(list) == 10);
    CHECK(column(list, "corrida_id") ==
          R"(["mano-no-cumple","mano-no-cumple","mano-no-cumple","mano-no-cumple","mano-no-cumple",)"
          R"("mano-no-cumple-r2","mano-no-cumple-r2","mano-no-cumple-r2","mano-no-cumple-r2","mano-no-cumple-r2"])");
    CHECK(column(list, "caso_id") == R"(["A-005","A-020",null,"A-007","A-020","A-005","A-020",null,"A-007","A-020"])");
    CHECK(size(at(at(o.informe, "brechas_no_previstas"), "evaluadores")) == 5);
    CHECK(at(evaluator(o, "exactitud_extraccion"), "casos_evaluados") == Value(5));  // main run only, not 10
}
