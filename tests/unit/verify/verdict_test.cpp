// The verdict stage (traces-and-verifier.md §13) and the summary (§14 resumen) on the hand-built runs of
// tests/data/run/ and in-memory edits of them: every message in §13's order, blocking or alert, and the value.
// Which message each state gives and in what order is worked out by hand (hand_runs_test.cpp has the states);
// the sentences are ours (core/verify/verdict.cpp), their ids and numbers are what is checked here.
#include <doctest/doctest.h>

#include <algorithm>

#include "support/hand_runs.hpp"

using namespace planlang;
using namespace planlang::testing::hand;
using planlang::testing::RunFiles;
using json::Value;

namespace {

const Value& verdict(const verify::Outcome& o) { return at(o.informe, "veredicto"); }

// One message per line, so that a failing check prints both lists readably.
std::string lines(const Value& list, const char* lang = "en") {
    std::string s;
    for (const Value& m : list.as_array()) s += at(m, lang).as_string() + "\n";
    return s;
}

}  // namespace

TEST_CASE("verdict: mano-detenida — eleven alerts in §13's order, nothing blocking → cumple_con_alertas") {
    const verify::Outcome o = verify_runs({}, kDetenida);
    REQUIRE(o.ok);
    CHECK(at(verdict(o), "valor") == Value("cumple_con_alertas"));
    CHECK(lines(at(verdict(o), "bloqueantes")).empty());
    CHECK(lines(at(verdict(o), "alertas")) ==
          // 1. criteria not met otherwise (plan order), 3. risks, 5. the critical assumption, 6. contract alerts, 7. gaps
          "Criterion C3 has no population.\n"
          "Criterion C4 has no population.\n"
          "Criterion C5 is incomplete.\n"
          "Criterion C6 has no population.\n"
          "Criterion C8 has no population.\n"
          "Criterion C9 has no population.\n"
          "Risk R3 has no population.\n"
          "Risk R9 occurred.\n"  // severity 4: an alert
          "Critical assumption S1 remained untested.\n"
          "Contract: NODO_NO_EJERCITADO — node `pausa_humana` was not visited in the run.\n"
          "There is 1 unforeseen gap.\n");
    const Value& resumen = at(o.informe, "resumen");
    // The facts first: 4 executed cases; of 11 criteria, C3 C4 C6 C8 C9 have no population and C5 is incomplete
    // (6 not closed), the other 5 are met; R9 occurred. No criterion is `incumple` (C5 is incompleto): nothing to
    // explain about a criterion that does not block.
    CHECK(at(at(resumen, "texto"), "en") == Value("4 cases were measured. Of 11 criteria, 5 met, 0 not met and 6 not closed. Risk R9 occurred. "
                                                  "Nothing blocks: no absolute criterion fails, no risk of severity 9 or more occurred and the "
                                                  "graph contract has no blocking finding. 11 alerts need a look."));
    CHECK(at(at(resumen, "texto"), "es") == Value("Se midieron 4 casos. De 11 criterios, 5 se cumplen, 0 no se cumplen y 6 sin cerrar. Ocurrió el "
                                                  "riesgo R9. Nada bloquea: ningún criterio absoluto se incumple, no ocurrió ningún riesgo de "
                                                  "severidad 9 o más y el contrato de grafo no tiene hallazgos bloqueantes. 11 alertas piden una "
                                                  "revisión."));
    // Pending: no absolute failure, no severity-9 risk; open criteria C3 C4 C5 (first three), then the gaps.
    CHECK(at(at(resumen, "recomendacion"), "en") == Value("Review C3, C4, C5 and the unforeseen gaps before running the full batch of 200 cases."));
}

TEST_CASE("verdict: mano-no-cumple — an absolute criterion and a severity-9 risk block; provider errors dropped by nulls") {
    const verify::Outcome o = verify_runs({}, kNoCumple);
    REQUIRE(o.ok);
    CHECK(at(verdict(o), "valor") == Value("no_cumple"));
    CHECK(lines(at(verdict(o), "bloqueantes")) ==
          "Absolute criterion C1 is not met.\n"
          "Risk R1 occurred (severity 9).\n");
    CHECK(lines(at(verdict(o), "alertas")) ==
          "Criterion C2 is undetermined.\n"
          "Criterion C4 has no population.\n"
          "Criterion C5 is not met.\n"  // tipo tasa: not absolute → an alert
          "Criterion C6 is malformed.\n"
          "Criterion C11 is not met.\n"
          // 2. A-020 (a provider error) dropped through a null: C3's population (absolute), then R5's detector.
          "The population of C3 left out 1 case with a provider error through a null signal.\n"
          "The population of R5's detector left out 1 case with a provider error through a null signal.\n"
          "Risk R2 is undetermined.\n"
          "Risk R8 occurred.\n"  // severity 5
          "Assumption S1 was refuted.\n"
          "Contract: NODO_NO_EJERCITADO — node `aclaracion` was not visited in the run.\n"
          "There are 5 unforeseen gaps.\n");
    CHECK(lines(at(verdict(o), "bloqueantes"), "es") ==
          "El criterio absoluto C1 no se cumple.\n"
          "Ocurrió el riesgo R1 (severidad 9).\n");
    CHECK(at(item(at(verdict(o), "alertas"), 5), "es") ==
          Value("La población de C3 dejó fuera 1 caso con error del proveedor por una señal nula."));
    const Value& resumen = at(o.informe, "resumen");
    // 5 cases; not met C1 C5 C11, not closed C2 (indeterminado) C4 (no population) C6 (malformed), 11 − 6 = 5 met;
    // R1 and R8 occurred (plan order).
    CHECK(at(at(resumen, "texto"), "en") == Value("5 cases were measured. Of 11 criteria, 5 met, 3 not met and 3 not closed. Risks R1, R8 occurred. "
                                                  "The run does not meet the plan: 2 blocking reasons and 12 alerts."));
    // Pending: C1 (absolute), R1 (severity 9, occurred), then the first open criterion C2; and the gaps. A batch of
    // 5 is not the plan's full batch of 200: that is what to run next.
    CHECK(at(at(resumen, "recomendacion"), "en") ==
          Value("Do not put it into operation. Resolve first: C1, R1, C2 and the unforeseen gaps; then run the full batch of 200 cases."));
}

TEST_CASE("verdict: mano-cumple — no message at all → cumple; a single alert is enough for cumple_con_alertas") {
    {
        const verify::Outcome o = verify_runs({}, kCumple);
        REQUIRE(o.ok);
        CHECK(at(verdict(o), "valor") == Value("cumple"));
        CHECK(size(at(verdict(o), "bloqueantes")) == 0);
        CHECK(size(at(verdict(o), "alertas")) == 0);
        CHECK(at(at(at(o.informe, "resumen"), "texto"), "en") ==
              Value("4 cases were measured. Of 11 criteria, 11 met, 0 not met and 0 not closed. No risk occurred. "
                    "The run meets the plan: every criterion is met, no risk occurred and there is no alert."));
        CHECK(at(at(at(o.informe, "resumen"), "recomendacion"), "en") == Value("The full batch of 200 cases can be run."));
    }
    // S1 critical again (as in plan-demo-a): untested (no AUROC with one class) → the one alert.
    RunFiles f;
    edit_variant(f, [](Value& plan) { set(plan_item(plan, "supuestos", "S1"), "criticidad", Value("alta")); }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(at(verdict(o), "valor") == Value("cumple_con_alertas"));
    CHECK(lines(at(verdict(o), "alertas")) == "Critical assumption S1 remained untested.\n");
    CHECK(at(at(at(o.informe, "resumen"), "recomendacion"), "en") == Value("Review S1 before running the full batch of 200 cases."));
}

TEST_CASE("verdict: risks that occur in a repetition — severity 9 blocks, below 9 alerts; listed among the occurred") {
    RunFiles f;
    const std::string r2 = copy_as_repetition(f, kCumple, 2);
    // r2: A-004 denied with pausa_humana false (R1, severity 9), and its session stopped by the usage limit (R9, 4).
    edit_trace(f, r2, "A-004", [](Value& t) { *t.find("senales")->find("pausa_humana") = Value(false); });
    edit_manifest(f, r2, [](Value& m) { set(find_in(*m.find("sesiones"), "numero", Value(1)), "detenida_por", Value("limite_de_uso")); });
    const verify::Outcome o = verify_runs(f, kCumple, {r2});
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(at(verdict(o), "valor") == Value("no_cumple"));
    CHECK(lines(at(verdict(o), "bloqueantes")) == "Risk R1 occurred in repetition mano-cumple-r2.\n");
    CHECK(lines(at(verdict(o), "alertas")) == "Risk R9 occurred in repetition mano-cumple-r2.\n");
    // The main run's own risks did not occur; the summary lists both, plan order.
    CHECK(at(by_id(at(o.informe, "riesgos"), "R1"), "estado") == Value("no_ocurrio"));
    CHECK(canon(at(at(o.informe, "resumen"), "riesgos_ocurridos")) == R"(["R1","R9"])");
    CHECK(canon(at(item(at(at(o.informe, "complementos"), "repeticiones"), 0), "riesgos_ocurridos")) == R"(["R1","R9"])");
    CHECK(at(at(at(o.informe, "resumen"), "recomendacion"), "en") ==
          Value("Do not put it into operation. Resolve first: R1; then run the full batch of 200 cases."));
}

TEST_CASE("verdict: blocking contract findings give one message with their count") {
    // mano-cumple's A-003 without two required signals no rule reads (carga_detectada, contradiccion_orden_texto):
    // two SENAL_FALTANTE findings, blocking → one message; nothing else changes.
    RunFiles f;
    edit_trace(f, kCumple, "A-003", [](Value& t) {
        json::Object& s = t.find("senales")->as_object();
        s.erase(std::remove_if(s.begin(), s.end(), [](const json::Member& m) { return m.key == "carga_detectada" || m.key == "contradiccion_orden_texto"; }),
                s.end());
    });
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(column(at(at(o.informe, "contrato_de_grafo"), "hallazgos"), "codigo") == R"(["SENAL_FALTANTE","SENAL_FALTANTE"])");
    CHECK(column(at(at(o.informe, "contrato_de_grafo"), "hallazgos"), "caso_id") == R"(["A-003","A-003"])");
    CHECK(at(verdict(o), "valor") == Value("no_cumple"));
    CHECK(lines(at(verdict(o), "bloqueantes")) == "The graph contract has 2 blocking findings.\n");
    CHECK(lines(at(verdict(o), "alertas")).empty());
}

TEST_CASE("summary: example cases — first match in run order; a case an evaluator alone lists is a failure") {
    // mano-cumple's batch now says A-003 must escalate: it did not pause, so pausas_cumplidas fails on it (no
    // criterion or risk reads debe_escalar): A-003 is no longer the successful example but the failed one; the
    // next normal case decided without a pause, correctly and with no failure, is A-018.
    RunFiles f;
    edit(f, kBatchCumple, [](Value& b) {
        *find_in(*b.find("casos"), "id", Value("A-003")).find("verdad_conocida")->find("debe_escalar") = Value(true);
    }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(canon(at(by_id(at(at(o.informe, "brechas_no_previstas"), "evaluadores"), "pausas_cumplidas"), "fallas")) == R"(["A-003"])");
    const Value& ej = at(o.informe, "casos_ejemplares");
    CHECK(at(at(ej, "exitoso"), "caso_id") == Value("A-018"));
    CHECK(at(at(ej, "fallido"), "caso_id") == Value("A-003"));
    CHECK(at(at(at(ej, "fallido"), "por_que"), "en") == Value("a criterion, a risk or an evaluator lists it"));
    CHECK(at(at(ej, "escalado_correctamente"), "caso_id") == Value("A-004"));
    // The failure is an unforeseen gap (R1, R10 list nobody): the verdict's one alert.
    CHECK(lines(at(verdict(o), "alertas")) == "There is 1 unforeseen gap.\n");
}
