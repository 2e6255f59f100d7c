// The criteria stage (traces-and-verifier.md §8, rule-language.md §6, decisions.md E1) on the hand-built runs
// of tests/data/run/ and in-memory edits of them (support/hand_runs.hpp re-seals every edit). Each expectation
// is worked out by hand from the case table at the top of hand_runs_test.cpp; the arithmetic is in the comments.
#include <doctest/doctest.h>

#include <algorithm>

#include "support/hand_runs.hpp"

using namespace planlang;
using namespace planlang::testing::hand;
using planlang::testing::RunFiles;
using json::Value;

namespace {

const Value& criterion(const verify::Outcome& o, const char* id) { return by_id(at(o.informe, "criterios"), id); }

void rule(Value& plan, const char* id, const char* key, Value v) { set(*plan_item(plan, "criterios_aceptacion", id).find("regla_de_medicion"), key, std::move(v)); }

}  // namespace

TEST_CASE("criteria: todos_cumplen — a false case wins over an unevaluable one; a population error keeps the case in") {
    RunFiles f;
    // mano-no-cumple: A-005's reply now names its member (an identifier of A-005's case); A-007's reply is null.
    const Value batch = load(kBatchNoCumple);
    std::string name;  // the member's name, third of the case's synthetic identifiers
    for (const Value& c : at(batch, "casos").as_array())
        if (at(c, "id") == Value("A-005")) name = item(at(c, "identificadores_sinteticos"), 2).as_string();
    REQUIRE_FALSE(name.empty());
    edit_trace(f, kNoCumple, "A-005", [&](Value& t) {
        Value& es = *t.find("salida_final")->find("es");
        es = Value(es.as_string() + " " + name);
    });
    const verify::Outcome o = verify_runs(f, kNoCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    // C2: A-005 false, A-007 not evaluable → incumple (a false case decides), only A-005 listed.
    const Value& c2 = criterion(o, "C2");
    CHECK(at(c2, "estado") == Value("incumple"));
    CHECK(at(c2, "valor_medido") == Value(false));
    CHECK(canon(at(c2, "casos_que_incumplen")) == R"(["A-005"])");
    CHECK(column(at(c2, "no_evaluables"), "caso_id") == R"(["A-007"])");

    // mano-cumple: A-003 without the pausa_humana signal. C9's population `pausa_humana == true` raises
    // ErrorIdentificador on it: the case is in, not evaluable, its condition not evaluated → n 2 (A-004, A-003),
    // no false → indeterminado.
    RunFiles g;
    edit_trace(g, kCumple, "A-003", [](Value& t) {
        json::Object& s = t.find("senales")->as_object();
        s.erase(std::remove_if(s.begin(), s.end(), [](const json::Member& m) { return m.key == "pausa_humana"; }), s.end());
    });
    const verify::Outcome p = verify_runs(g, kCumple);
    CAPTURE(motives(p));
    REQUIRE(p.ok);
    const Value& c9 = criterion(p, "C9");
    CHECK(at(c9, "estado") == Value("indeterminado"));
    CHECK(at(c9, "n_poblacion") == Value(2));
    CHECK(at(c9, "fuera_por_senal_nula") == Value(0));
    CHECK(at(c9, "valor_medido") == Value(false));
    CHECK(column(at(c9, "no_evaluables"), "caso_id") == R"(["A-003"])");
    CHECK(canon(at(c9, "casos_que_incumplen")) == "[]");
    // C1 short-circuits before the missing signal: `false IMPLICA …` is true for A-003.
    CHECK(at(criterion(p, "C1"), "estado") == Value("cumple"));
}

TEST_CASE("criteria: tasa compares the unrounded rate with the target; unevaluable cases fail and are listed") {
    RunFiles f;
    // C11 over the normal cases of mano-no-cumple: A-007 (null decision, false), A-015 and A-020 right → 2/3.
    // Target .66667: the rounded value .6667 would pass, the exact .666666… does not → incumple.
    edit_variant(f, [](Value& plan) {
        rule(plan, "C11", "poblacion", Value("tipo == 'normal'"));
        set(plan_item(plan, "criterios_aceptacion", "C11"), "valor_objetivo", Value(0.66667));
    }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kNoCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    const Value& c11 = criterion(o, "C11");
    CHECK(at(c11, "n_poblacion") == Value(3));
    CHECK(at(c11, "valor_medido") == Value(0.6667));  // redondear(2/3, 4)
    CHECK(at(c11, "estado") == Value("incumple"));
    CHECK(canon(at(c11, "casos_que_incumplen")) == R"(["A-007"])");
    const Value& extra = by_id(at(at(o.informe, "complementos"), "criterios"), "C11");
    CHECK(at(at(extra, "tasa"), "verdaderos") == Value(2));
    CHECK(at(at(extra, "tasa"), "n") == Value(3));
    CHECK(at(at(extra, "tasa"), "redondeo_cambia_la_comparacion") == Value(true));

    // A condition A-007 cannot evaluate (its reply is null): 4 true of 5 = .8 ≥ .8 → cumple, and A-007 is still
    // listed with the failing cases.
    RunFiles g;
    edit_variant(g, [](Value& plan) {
        rule(plan, "C11", "condicion", Value("NOT (salida_final CONTIENE 'zzz')"));
        set(plan_item(plan, "criterios_aceptacion", "C11"), "valor_objetivo", Value(0.8));
    }, kVariantRuns);
    const verify::Outcome p = verify_runs(g, kNoCumple);
    CAPTURE(motives(p));
    REQUIRE(p.ok);
    const Value& c = criterion(p, "C11");
    CHECK(at(c, "valor_medido") == Value(0.8));
    CHECK(at(c, "estado") == Value("cumple"));
    CHECK(canon(at(c, "casos_que_incumplen")) == R"(["A-007"])");
    CHECK(column(at(c, "no_evaluables"), "caso_id") == R"(["A-007"])");
}

TEST_CASE("criteria: metric aggregations — maximum, mean, a median with unevaluable cases, no value, no population") {
    // mano-no-cumple latencies in run order: .007 .007 .004 .007 30.004.
    struct Case {
        const char* agregacion;
        const char* estado;
        double valor;
    };
    for (const Case& c : {Case{"maximo", "incumple", 30.004},   // 30.004 > 30 (latencia: lower is better)
                          Case{"promedio", "cumple", 6.006}}) {  // 30.029/5 = 6.0058 → redondear 3 → 6.006 ≤ 30
        CAPTURE(c.agregacion);
        RunFiles f;
        edit_variant(f, [&](Value& plan) { rule(plan, "C7", "agregacion", Value(c.agregacion)); }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kNoCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& c7 = criterion(o, "C7");
        CHECK(at(c7, "estado") == Value(c.estado));
        CHECK(at(c7, "valor_medido") == Value(c.valor));
        CHECK(canon(at(c7, "casos_que_incumplen")) == R"(["A-020"])");  // the one case over 30 s, either way
        CHECK(at(at(c7, "nota"), "en").is_string());
    }
    // At the target exactly: maximum 30.004 with target 30.004 → 30.004 ≤ 30.004 meets it, and A-020 (at the
    // target, not over it) is no failing case.
    {
        RunFiles f;
        edit_variant(f, [&](Value& plan) {
            rule(plan, "C7", "agregacion", Value("maximo"));
            set(plan_item(plan, "criterios_aceptacion", "C7"), "valor_objetivo", Value(30.004));
        }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kNoCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        CHECK(at(criterion(o, "C7"), "estado") == Value("cumple"));
        CHECK(canon(at(criterion(o, "C7"), "casos_que_incumplen")) == "[]");
        CHECK(at(criterion(o, "C7"), "nota").is_null());
    }
    // mano-cumple, median of senal_confianza (higher is better): A-003 .92, A-004 .94, A-006 .92; A-018 null is
    // not evaluable → median .92.
    struct Target {
        double objetivo;
        const char* estado;
        const char* incumplen;
    };
    for (const Target& t : {Target{0.9, "indeterminado", "[]"},                   // .92 ≥ .9, but A-018 has no value
                            Target{0.93, "incumple", R"(["A-003","A-006"])"}}) {  // the aggregate misses first
        CAPTURE(t.objetivo);
        RunFiles f;
        edit_variant(f, [&](Value& plan) {
            Value& c7 = plan_item(plan, "criterios_aceptacion", "C7");
            set(c7, "tipo", Value("tasa"));
            set(c7, "valor_objetivo", Value(t.objetivo));
            rule(plan, "C7", "metrica", Value("senal_confianza"));
        }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& c7 = criterion(o, "C7");
        CHECK(at(c7, "estado") == Value(t.estado));
        CHECK(at(c7, "valor_medido") == Value(0.92));
        CHECK(at(c7, "n_poblacion") == Value(4));
        CHECK(column(at(c7, "no_evaluables"), "caso_id") == R"(["A-018"])");
        CHECK(canon(at(c7, "casos_que_incumplen")) == t.incumplen);
    }
    // A population with no value (A-018's cost is null) → indeterminado, no value; an empty one → sin_poblacion.
    struct Population {
        const char* poblacion;
        const char* estado;
        double n;
    };
    for (const Population& p : {Population{"tipo_atencion == 'urgencia'", "indeterminado", 1}, Population{"tipo == 'borde'", "sin_poblacion", 0}}) {
        CAPTURE(p.poblacion);
        RunFiles f;
        edit_variant(f, [&](Value& plan) {
            rule(plan, "C7", "poblacion", Value(p.poblacion));
            rule(plan, "C7", "metrica", Value("costo_estimado"));
        }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& c7 = criterion(o, "C7");
        CHECK(at(c7, "estado") == Value(p.estado));
        CHECK(at(c7, "n_poblacion") == Value(p.n));
        CHECK(at(c7, "valor_medido").is_null());
    }
}

TEST_CASE("criteria: pass^k — n_lote decides whether k applies; every repetition must pass; malformed in a repetition") {
    // C5 over mano-cumple (n_lote 4): population A-003 A-004 A-006 (truth present), all right in the main run.
    RunFiles f;
    edit_variant(f, [](Value& plan) { rule(plan, "C5", "k_aplica_a", Value("lote_demo_4")); }, kVariantRuns);
    {
        const verify::Outcome o = verify_runs(f, kCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& c5 = criterion(o, "C5");  // 3/3 = 1 ≥ .9, k applies (4 = 4), 1 run < 3
        CHECK(at(c5, "estado") == Value("incompleto"));
        CHECK(canon(at(c5, "k")) == R"({"aplica":true,"aplica_a":"lote_demo_4","observado":1,"requerido":3})");
    }
    const std::string r2 = copy_as_repetition(f, kCumple, 2);
    const std::string r3 = copy_as_repetition(f, kCumple, 3);
    {
        const verify::Outcome o = verify_runs(f, kCumple, {r2, r3});
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& c5 = criterion(o, "C5");  // 1 + 2 repetitions = 3 = k, every case passes in all three
        CHECK(at(c5, "estado") == Value("cumple"));
        CHECK(at(c5, "valor_medido") == Value(1));
        CHECK(at(at(c5, "k"), "observado") == Value(3));
    }
    // In r2, A-003's extraction names another diagnosis: A-003 fails there → passing A-004 A-006 → 2/3 < .9.
    edit_trace(f, r2, "A-003", [](Value& t) { *t.find("extraccion")->find("campos")->find("diagnostico") = Value("SYN-D-99"); });
    {
        const verify::Outcome o = verify_runs(f, kCumple, {r2, r3});
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& c5 = criterion(o, "C5");
        CHECK(at(c5, "estado") == Value("incumple"));
        CHECK(at(c5, "valor_medido") == Value(0.6667));
        CHECK(canon(at(c5, "casos_que_incumplen")) == R"(["A-003"])");
        // Main-run-only criteria do not look at repetitions: C11 still 4/4.
        CHECK(at(criterion(o, "C11"), "estado") == Value("cumple"));
    }
    // In r3, A-004's extracted fields lack a key: `extraccion.campos == verdad_conocida.campos` compares objects
    // with different key sets (ErrorComparacionSospechosa) → the repetition's rule is malformed → C5 mal_formado.
    edit_trace(f, r3, "A-004", [](Value& t) {
        json::Object& campos = t.find("extraccion")->find("campos")->as_object();
        campos.pop_back();
    });
    {
        const verify::Outcome o = verify_runs(f, kCumple, {r2, r3});
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& c5 = criterion(o, "C5");
        CHECK(at(c5, "estado") == Value("mal_formado"));
        CHECK(at(c5, "n_poblacion") == Value(0));
        CHECK(canon(at(c5, "casos_que_incumplen")) == "[]");
        CHECK(at(at(c5, "nota"), "es").is_string());
    }
    // An empty population is sin_poblacion before any pass^k check (no value, however many runs).
    RunFiles g;
    edit_variant(g, [](Value& plan) { rule(plan, "C5", "poblacion", Value("tipo == 'borde'")); }, kVariantRuns);
    const verify::Outcome o = verify_runs(g, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    CHECK(at(criterion(o, "C5"), "estado") == Value("sin_poblacion"));
    CHECK(at(criterion(o, "C5"), "valor_medido").is_null());
}

TEST_CASE("criteria: one suspicious comparison, for any case, makes the whole rule mal_formado; a metric never does") {
    // mano-cumple: A-003's tipo_atencion written as an object. C4's population compares it with 'urgencia' →
    // ErrorComparacionSospechosa on A-003 → C4 mal_formado even though A-018 alone would pass.
    RunFiles f;
    edit_trace(f, kCumple, "A-003", [](Value& t) { *t.find("senales")->find("tipo_atencion") = Value(json::Object{{"valor", Value("ambulatoria")}}); });
    const verify::Outcome o = verify_runs(f, kCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    const Value& c4 = criterion(o, "C4");
    CHECK(at(c4, "estado") == Value("mal_formado"));
    CHECK(at(c4, "n_poblacion") == Value(0));
    CHECK(at(c4, "fuera_por_senal_nula") == Value(0));
    CHECK(at(c4, "valor_medido").is_null());
    CHECK(canon(at(c4, "casos_que_incumplen")) == "[]");
    CHECK(canon(at(c4, "no_evaluables")) == "[]");
    CHECK(at(at(c4, "nota"), "en").is_string());
    // The maximum of severidad_accion in mano-no-cumple (A-004's is an object, A-007's null): not numbers, so not
    // evaluable; the others are 0 → maximum 0 ≤ 5, two not evaluable → indeterminado, never mal_formado.
    RunFiles g;
    edit_variant(g, [](Value& plan) {
        Value& c7 = plan_item(plan, "criterios_aceptacion", "C7");
        set(c7, "tipo", Value("costo"));
        set(c7, "valor_objetivo", Value(5));
        rule(plan, "C7", "agregacion", Value("maximo"));
        rule(plan, "C7", "metrica", Value("severidad_accion"));
    }, kVariantRuns);
    const verify::Outcome p = verify_runs(g, kNoCumple);
    CAPTURE(motives(p));
    REQUIRE(p.ok);
    const Value& c7 = criterion(p, "C7");
    CHECK(at(c7, "estado") == Value("indeterminado"));
    CHECK(at(c7, "valor_medido") == Value(0));
    CHECK(column(at(c7, "no_evaluables"), "caso_id") == R"(["A-004","A-007"])");
}
