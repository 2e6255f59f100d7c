// The adherence coach's locale gap (plans/adherencia/dominio.md §7; R7 and the paridad_de_locale evaluator): a
// conversation in Spanish or Portuguese is set against the same scenario's English one through
// `par_de_referencia`, on the committed 21-case run (7 scenarios: M-001…M-007 en, M-008…M-014 es-419,
// M-015…M-021 pt-BR, scenario E-00k rendered as M-00k, M-(7+k), M-(14+k)) and on in-memory edits of it.
// Expected values by hand from that run's traces: scenario E-004 (a near miss answered from the nearest card)
// is wrong in all three languages, every other scenario right in all three.
#include <doctest/doctest.h>

#include "support/hand_runs.hpp"

using namespace planlang;
using namespace planlang::testing::hand;
using planlang::testing::RunFiles;
using json::Value;

namespace {

const std::string kRun = "synthetic/runs/adherencia/adherencia-21";

const Value& risk(const verify::Outcome& o, const char* id) { return by_id(at(o.informe, "riesgos"), id); }
const Value& criterion(const verify::Outcome& o, const char* id) { return by_id(at(o.informe, "criterios"), id); }
const Value& evaluator(const verify::Outcome& o, const char* id) {
    return by_id(at(at(o.informe, "brechas_no_previstas"), "evaluadores"), id);
}

// The conversation's only turn refused instead of answered (as if its language's template failed the output guard).
void refused(Value& trace) {
    Value& s = *trace.find("senales");
    set(s, "respuestas", json::Array{Value("rechazo")});
    set(s, "decision_final", Value("rechazo"));
}

}  // namespace

TEST_CASE("locale parity: the committed run has no gap — E-004 is wrong in every language, so no language is worse") {
    const verify::Outcome o = verify_runs({}, kRun);
    INFO(motives(o));
    REQUIRE(o.ok);
    // Population: the 14 conversations in es-419 and pt-BR, each with its English twin in the run.
    CHECK(at(risk(o, "R7"), "n_poblacion") == Value(14));
    CHECK(at(risk(o, "R7"), "valor") == Value(0));
    CHECK(at(risk(o, "R7"), "estado") == Value("no_ocurrio"));
    CHECK(at(evaluator(o, "paridad_de_locale"), "casos_evaluados") == Value(14));
    CHECK(canon(at(evaluator(o, "paridad_de_locale"), "fallas")) == "[]");
    // The per-language bars still see E-004's miss in each language: 6/7 = 0.8571 < 0.9.
    for (const char* id : {"C9", "C10", "C11"}) {
        CAPTURE(id);
        CHECK(at(criterion(o, id), "valor_medido") == Value(0.8571));
    }
}

TEST_CASE("locale parity: a Spanish conversation decided worse than its English twin is the gap, and only it") {
    // M-012 is E-005 (a routine answer) in es-419; M-005, its English twin, is right. Refused instead: R7 lists it,
    // 1 of 14 = 0.0714 > 0 → occurred; paridad_de_locale fails it and R7 covers it (no unforeseen gap); C10 5/7.
    RunFiles f;
    edit_trace(f, kRun, "M-012", refused);
    const verify::Outcome o = verify_runs(f, kRun);
    INFO(motives(o));
    REQUIRE(o.ok);
    CHECK(canon(at(risk(o, "R7"), "casos")) == R"(["M-012"])");
    CHECK(at(risk(o, "R7"), "valor") == Value(0.0714));
    CHECK(at(risk(o, "R7"), "estado") == Value("ocurrio"));
    CHECK(canon(at(evaluator(o, "paridad_de_locale"), "fallas")) == R"(["M-012"])");
    CHECK(at(at(o.informe, "brechas_no_previstas"), "brechas").as_array().empty());
    CHECK(at(criterion(o, "C10"), "valor_medido") == Value(0.7143));
    CHECK(at(criterion(o, "C9"), "valor_medido") == Value(0.8571));
}

TEST_CASE("locale parity: English decided worse than the other languages is not R7's gap") {
    // M-005 (en) refused, M-012 and M-019 still right: no conversation in Spanish or Portuguese is worse than its
    // English twin. C9 drops to 5/7; R7 and the evaluator stay silent.
    RunFiles f;
    edit_trace(f, kRun, "M-005", refused);
    const verify::Outcome o = verify_runs(f, kRun);
    INFO(motives(o));
    REQUIRE(o.ok);
    CHECK(canon(at(risk(o, "R7"), "casos")) == "[]");
    CHECK(at(risk(o, "R7"), "estado") == Value("no_ocurrio"));
    CHECK(canon(at(evaluator(o, "paridad_de_locale"), "fallas")) == "[]");
    CHECK(at(criterion(o, "C9"), "valor_medido") == Value(0.7143));
}
