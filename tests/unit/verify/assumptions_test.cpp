// The assumptions stage (traces-and-verifier.md §10, plan-format.md §6) on the hand-built runs of
// tests/data/run/ — calibration (S1), rate (S2) and the single-agent baseline (S3, with mano-cumple-base) — and
// in-memory edits of them; expectations worked out by hand from the case table at the top of hand_runs_test.cpp.
#include <doctest/doctest.h>

#include <algorithm>

#include "support/hand_runs.hpp"

using namespace planlang;
using namespace planlang::testing::hand;
using planlang::testing::RunFiles;
using json::Value;

namespace {

const Value& assumption(const verify::Outcome& o, const char* id) { return by_id(at(o.informe, "supuestos"), id); }

Value& measurable(Value& plan, const char* id) { return *plan_item(plan, "supuestos", id).find("medible_en_trazas"); }

}  // namespace

TEST_CASE("assumptions: calibration — ECE over ten bins, AUROC by ranks, accuracy, the risk–coverage curve over U1") {
    // mano-no-cumple S1: sample by case id A-004 .94 right, A-005 .6 wrong, A-007 .98 right, A-015 .81 right
    // (A-020 has no confidence). ECE .2175, AUROC 1, accuracy 3/4 (hand_runs_test.cpp); auroc_min .75 met, ece_max
    // .1 not → refutado, the motive giving the value against the limit.
    const verify::Outcome o = verify_runs({}, kNoCumple);
    REQUIRE(o.ok);
    const Value& s1 = assumption(o, "S1");
    CHECK(at(s1, "estado") == Value("refutado"));
    CHECK(at(at(s1, "motivo"), "en") == Value("not met: ECE 0.2175 > 0.1 (`ece_max`)"));
    CHECK(texts(at(s1, "limitaciones")) == R"x(["small sample (n = 4 < 30)"])x");
    // Curve: u = .5, .55, … .95 (10 points); accepted = `conf menor_que u` is false, i.e. conf ≥ u.
    // u ≤ .6: all 4 accepted (.6 ≥ .6), 1 error (A-005) → risk .25; .65–.8: .94 .98 .81 → 3, no error;
    // .85, .9: .94 .98 → 2; .95: .98 → 1. Coverage = accepted/4.
    const Value& curva = at(s1, "curva");
    CHECK(column(curva, "umbral") == "[0.5,0.55,0.6,0.65,0.7,0.75,0.8,0.85,0.9,0.95]");
    CHECK(column(curva, "aceptados") == "[4,4,4,3,3,3,3,2,2,1]");
    CHECK(column(curva, "cobertura") == "[1,1,1,0.75,0.75,0.75,0.75,0.5,0.5,0.25]");
    CHECK(column(curva, "riesgo") == "[0.25,0.25,0.25,0,0,0,0,0,0,0]");

    // Bins are ⌊10c⌋ (capped at 9): A-005's confidence set to .86 puts it in bin 8 with A-015's .81, not in bin 9.
    // ECE = 2/4·|1/2 − (.86 + .81)/2| + 2/4·|1 − (.94 + .98)/2| = .1675 + .02 = .1875 (bins by rounding would
    // give .2425). AUROC: .81 ✓ → 1, .86 ✗ → 2, .94 ✓ → 3, .98 ✓ → 4: (1 + 3 + 4 − 6)/3 = .6667.
    {
        RunFiles g;
        edit_trace(g, kNoCumple, "A-005", [](Value& t) { *t.find("senales")->find("senal_confianza") = Value(0.86); });
        const verify::Outcome q = verify_runs(g, kNoCumple);
        CAPTURE(motives(q));
        REQUIRE(q.ok);
        CHECK(canon(at(assumption(q, "S1"), "metricas")) == R"({"auroc":0.6667,"ece":0.1875,"exactitud":0.75})");
    }
    // Ties: A-005's confidence signal set to .94, as A-004's. Ranks: .81 → 1, the two .94 → 2.5 each, .98 → 4;
    // AUROC = (1 + 2.5 + 4 − 3·4/2)/(3·1) = .5 < .75. ECE: bin 8 1/4·|1 − .81| = .0475; bin 9 (.94 ✓ .94 ✗ .98 ✓)
    // 3/4·|2/3 − 2.86/3| = .215 → .2625. Both keys fail, in sorted order.
    RunFiles f;
    edit_trace(f, kNoCumple, "A-005", [](Value& t) { *t.find("senales")->find("senal_confianza") = Value(0.94); });
    const verify::Outcome p = verify_runs(f, kNoCumple);
    CAPTURE(motives(p));
    REQUIRE(p.ok);
    CHECK(canon(at(assumption(p, "S1"), "metricas")) == R"({"auroc":0.5,"ece":0.2625,"exactitud":0.75})");
    CHECK(at(at(assumption(p, "S1"), "motivo"), "en") == Value("not met: AUROC 0.5 < 0.75 (`auroc_min`); ECE 0.2625 > 0.1 (`ece_max`)"));
}

TEST_CASE("assumptions: a failing measured key refutes even when another key has no value; one class has no AUROC") {
    // mano-cumple S1: A-003 right but its confidence set to .5. One class → AUROC null. ECE: bin 5 1/3·.5 +
    // bin 9 2/3·|1 − .93| = .166667 + .046667 = .2133 > .1 → refutado (not sin_probar for the missing AUROC).
    RunFiles f;
    edit_trace(f, kCumple, "A-003", [](Value& t) { *t.find("senales")->find("senal_confianza") = Value(0.5); });
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    const Value& s1 = assumption(o, "S1");
    CHECK(at(s1, "estado") == Value("refutado"));
    CHECK(canon(at(s1, "metricas")) == R"({"auroc":null,"ece":0.2133,"exactitud":1})");
    CHECK(texts(at(s1, "limitaciones")) == R"x(["a single class in the sample: AUROC is undefined","small sample (n = 3 < 30)"])x");
    // The motive names the failing key and, beside it, the metric that has no value and why.
    CHECK(at(at(s1, "motivo"), "en") == Value("not met: ECE 0.2133 > 0.1 (`ece_max`); no value for: AUROC (a single class in the sample)"));
    CHECK(at(at(s1, "motivo"), "es") == Value("no se cumple: ECE 0,2133 > 0,1 (`ece_max`); sin valor para: AUROC (una sola clase en la muestra)"));
    // Unchanged, the same run: ECE .0733 ≤ .1 met, AUROC missing → sin_probar, naming the missing metric.
    const verify::Outcome p = verify_runs({}, kCumple);
    REQUIRE(p.ok);
    CHECK(at(assumption(p, "S1"), "estado") == Value("sin_probar"));
    CHECK(at(at(assumption(p, "S1"), "motivo"), "en") == Value("no value for: AUROC (a single class in the sample)"));
}

TEST_CASE("assumptions: rate — true/|pop| rounded; refuted below tasa_min; empty population; a condition an edge guarantees") {
    // mano-detenida S2: A-001 is the only faltante case with cycles needed; its final campos_faltantes_count 0.
    {
        const verify::Outcome o = verify_runs({}, kDetenida);
        REQUIRE(o.ok);
        const Value& s2 = assumption(o, "S2");
        CHECK(at(s2, "estado") == Value("confirmado"));
        CHECK(at(at(s2, "motivo"), "en") == Value("1 of 1 = 1; met: rate 1 ≥ 0.95 (`tasa_min`)"));
        CHECK(texts(at(s2, "limitaciones")) == R"x(["small sample (n = 1 < 30)"])x");
    }
    // The same with A-001 still missing a field: 0 of 1 = 0 < .95.
    RunFiles f;
    edit_trace(f, kDetenida, "A-001", [](Value& t) { *t.find("senales")->find("campos_faltantes_count") = Value(1); });
    {
        const verify::Outcome o = verify_runs(f, kDetenida);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& s2 = assumption(o, "S2");
        CHECK(at(s2, "estado") == Value("refutado"));
        CHECK(canon(at(s2, "metricas")) == R"({"tasa":0})");
        CHECK(at(at(s2, "motivo"), "en") == Value("0 of 1 = 0; not met: rate 0 < 0.95 (`tasa_min`)"));
    }
    // mano-no-cumple has no faltante case: empty population → sin_probar, tasa null.
    {
        const verify::Outcome o = verify_runs({}, kNoCumple);
        REQUIRE(o.ok);
        const Value& s2 = assumption(o, "S2");
        CHECK(at(s2, "estado") == Value("sin_probar"));
        CHECK(canon(at(s2, "metricas")) == R"({"tasa":null})");
        CHECK(at(at(s2, "motivo"), "en") == Value("empty population"));
        CHECK(texts(at(s2, "limitaciones")) == "[]");
    }
    // mano-cumple (S2's population: A-006, 1 cycle). The edge `aclaracion #2: ciclos_aclaracion mayor_o_igual_que
    // umbral.U3` (applied 2) sends the case to the pause, so `ciclos_aclaracion <= 2` cannot fail (2 ≤ 2);
    // `< 2` and `<= 1` can (2 ≮ 2, 2 ≰ 1) and are measured: A-006's 1 cycle passes both.
    struct Condition {
        const char* condicion;
        const char* estado;
    };
    for (const Condition& c : {Condition{"ciclos_aclaracion <= 2", "sin_probar"}, Condition{"ciclos_aclaracion < 2", "confirmado"},
                               Condition{"ciclos_aclaracion <= 1", "confirmado"}}) {
        CAPTURE(c.condicion);
        RunFiles g;
        edit_variant(g, [&](Value& plan) { set(measurable(plan, "S2"), "condicion", Value(c.condicion)); }, kVariantRuns);
        const verify::Outcome o = verify_runs(g, kCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& s2 = assumption(o, "S2");
        CHECK(at(s2, "estado") == Value(c.estado));
        if (std::string(c.estado) == "sin_probar")
            CHECK(at(at(s2, "motivo"), "en") == Value("the condition cannot fail: an edge to the pause already guarantees it"));
        else
            CHECK(canon(at(s2, "metricas")) == R"({"tasa":1})");
    }
}

TEST_CASE("assumptions: no confirmation keys, or nothing measurable in traces → sin_probar") {
    RunFiles f;
    edit_variant(f, [](Value& plan) {
        json::Object& m = measurable(plan, "S2").as_object();
        m.erase(std::remove_if(m.begin(), m.end(), [](const json::Member& x) { return x.key == "umbral_confirmacion"; }), m.end());
        json::Object& s1 = plan_item(plan, "supuestos", "S1").as_object();
        s1.erase(std::remove_if(s1.begin(), s1.end(), [](const json::Member& x) { return x.key == "medible_en_trazas"; }), s1.end());
    }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    // S2 is still measured (1 of 1) but has nothing to decide with.
    CHECK(at(assumption(o, "S2"), "estado") == Value("sin_probar"));
    CHECK(canon(at(assumption(o, "S2"), "metricas")) == R"({"tasa":1})");
    CHECK(at(at(assumption(o, "S2"), "motivo"), "en").as_string().find("the plan sets no confirmation threshold") != std::string::npos);
    CHECK(at(assumption(o, "S1"), "estado") == Value("sin_probar"));
    CHECK(at(assumption(o, "S1"), "n") == Value(0));
    CHECK(canon(at(assumption(o, "S1"), "metricas")) == "{}");
}

TEST_CASE("assumptions: baseline — accuracy with escalation, median latency, budget, limitations (mano-cumple-base)") {
    // Multi-agent (mano-cumple): all 4 decisions right and escalated as the truth says → 1; latencies .006 .007
    // .008 .003 → median .007 (hand_runs_test.cpp). Baseline: A-006 paused though it need not → 3/4 = .75;
    // latencies .006 .007 .005 .003 → (.005 + .006)/2 = .0055 → redondear 3 → .006. Accuracy: .25 ≥ 0 met;
    // latency .007 > 1 × .006 → refutado.
    // Budget: model calls = model steps that spent tokens: multi 2 + 2 + 4 + 1 = 9, tokens 795 + 880 + 1626 + 158
    // = 3459; baseline one agente_unico call per case that reached it (not A-018): 3, tokens 958 + 1035 + 961 = 2954.
    {
        const verify::Outcome o = verify_runs({}, kCumple, {}, kCumpleBase);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& s3 = assumption(o, "S3");
        CHECK(at(s3, "estado") == Value("refutado"));
        CHECK(at(s3, "n") == Value(4));
        CHECK(canon(at(s3, "metricas")) == R"({"exactitud":1,"exactitud_base":0.75,"latencia_mediana":0.007,"latencia_mediana_base":0.006})");
        CHECK(at(at(s3, "motivo"), "en") == Value("accuracy 1 against 0.75 (difference 0.25 ≥ 0); median latency 0.007 > 1 × 0.006 s"));
        CHECK(canon(at(s3, "comparacion")) ==
              R"({"casos_distintos":["A-006"],"corrida_base":"mano-cumple-base","exactitud":{"agente_unico":0.75,"multiagente":1},)"
              R"("latencia_mediana_s":{"agente_unico":0.006,"multiagente":0.007},)"
              R"("presupuesto":{"agente_unico":{"costo_nominal_usd":0,"llamadas_al_modelo":3,"tokens":2954},)"
              R"("multiagente":{"costo_nominal_usd":0,"llamadas_al_modelo":9,"tokens":3459}},"presupuesto_respetado":true})");
        CHECK(texts(at(s3, "limitaciones")) == R"x(["small sample (n = 4 < 30)"])x");
        // The baseline changes nothing else: the verdict now has one alert, S3 refuted.
        CHECK(texts(at(at(o.informe, "veredicto"), "alertas")) == R"(["Assumption S3 was refuted."])");
    }
    // A latency ratio of 1.2 admits .007 ≤ 1.2 × .006 = .0072 → confirmado.
    {
        RunFiles f;
        edit_variant(f, [](Value& plan) {
            set(*measurable(plan, "S3").find("umbral_confirmacion"), "latencia_mediana_razon_max", Value(1.2));
        }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kCumple, {}, kCumpleBase);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        CHECK(at(assumption(o, "S3"), "estado") == Value("confirmado"));
    }
    // The baseline's A-003 call retried its schema 7 times (1 + 7 calls → 10 > 9) and its English reply is empty;
    // the baseline did not run A-018 (dropped from its manifest): limitations in §10's order, then small sample.
    {
        RunFiles f;
        edit_trace(f, kCumpleBase, "A-003", [](Value& t) {
            *find_in(*t.find("pasos"), "nodo", Value("agente_unico")).find("reintentos_esquema") = Value(7);
            *t.find("salida_final")->find("en") = Value("  ");
        });
        edit_manifest(f, kCumpleBase, [](Value& m) {
            auto drop = [](Value& list, auto keep) {
                json::Array& a = list.as_array();
                a.erase(std::remove_if(a.begin(), a.end(), [&](const Value& x) { return !keep(x); }), a.end());
            };
            auto not_a018 = [](const Value& x) { return !(x == Value("A-018") || at(x, "caso_id") == Value("A-018")); };
            drop(*m.find("casos_ejecutados"), not_a018);
            drop(*m.find("trazas"), not_a018);
            drop(*find_in(*m.find("sesiones"), "numero", Value(1)).find("casos_ejecutados"), not_a018);
        });
        const verify::Outcome o = verify_runs(f, kCumple, {}, kCumpleBase);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& s3 = assumption(o, "S3");
        CHECK(texts(at(s3, "limitaciones")) ==
              R"(["1 cases run by one side only","the baseline spent more calls or cost than the multi-agent run",)"
              R"x("1 unusable replies in the baseline","small sample (n = 4 < 30)"])x");
        CHECK(at(at(s3, "comparacion"), "presupuesto_respetado") == Value(false));
        CHECK(at(at(at(at(s3, "comparacion"), "presupuesto"), "agente_unico"), "llamadas_al_modelo") == Value(10));
        // Baseline accuracy over its 3 cases: A-003 A-004 right, A-006 paused → 2/3 = .6667.
        CHECK(at(at(s3, "metricas"), "exactitud_base") == Value(0.6667));
    }
}
