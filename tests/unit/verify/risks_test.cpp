// The risks stage (traces-and-verifier.md §9, rule-language.md §4 session context and §6 "Detector") on the
// hand-built runs of tests/data/run/ and in-memory edits of them; expectations worked out by hand from the case
// table at the top of hand_runs_test.cpp.
#include <doctest/doctest.h>

#include "support/hand_runs.hpp"

using namespace planlang;
using namespace planlang::testing::hand;
using planlang::testing::RunFiles;
using json::Value;

namespace {

const Value& risk(const verify::Outcome& o, const char* id) { return by_id(at(o.informe, "riesgos"), id); }

Value& detector(Value& plan, const char* id) { return *plan_item(plan, "riesgos", id).find("detector_en_trazas"); }

}  // namespace

TEST_CASE("risks: conteo counts true cases; tasa is redondear(true/|pop|, 4), compared as rounded with ocurre_si") {
    // mano-no-cumple, R8 (variant: proveedor_no_disponible == true, tasa): A-020 of 5 → .2.
    struct Trigger {
        const char* ocurre_si;
        const char* estado;
    };
    for (const Trigger& t : {Trigger{"> 0.2", "no_ocurrio"}, Trigger{">= 0.2", "ocurrio"}, Trigger{"== 0.2", "ocurrio"},
                             Trigger{"< 0.5", "ocurrio"}, Trigger{"<= 0.1", "no_ocurrio"}}) {
        CAPTURE(t.ocurre_si);
        RunFiles f;
        edit_variant(f, [&](Value& plan) { set(detector(plan, "R8"), "ocurre_si", Value(t.ocurre_si)); }, kVariantRuns);
        const verify::Outcome o = verify_runs(f, kNoCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        const Value& r8 = risk(o, "R8");
        CHECK(at(r8, "estado") == Value(t.estado));
        CHECK(at(r8, "valor") == Value(0.2));
        CHECK(canon(at(r8, "casos")) == R"(["A-020"])");  // listed whether it occurred or not
    }
    // Over the normal cases (A-007 A-015 A-020) with error_proveedor != null: A-007 and A-020 → 2/3 → .6667.
    // ">= 0.66667": the rounded value fires (.6667 ≥ .66667) though the exact 2/3 would not; the state is the
    // rounded one, the addition flags the difference.
    RunFiles f;
    edit_variant(f, [](Value& plan) {
        Value& d = detector(plan, "R8");
        set(d, "poblacion", Value("tipo == 'normal'"));
        set(d, "condicion", Value("error_proveedor != null"));
        set(d, "ocurre_si", Value(">= 0.66667"));
    }, kVariantRuns);
    const verify::Outcome o = verify_runs(f, kNoCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    const Value& r8 = risk(o, "R8");
    CHECK(at(r8, "estado") == Value("ocurrio"));
    CHECK(at(r8, "valor") == Value(0.6667));
    CHECK(at(r8, "n_poblacion") == Value(3));
    CHECK(canon(at(r8, "casos")) == R"(["A-007","A-020"])");
    const Value& exact = at(by_id(at(at(o.informe, "complementos"), "riesgos"), "R8"), "conteo_exacto");
    CHECK(canon(exact).find(R"("n":3,"redondeo_cambia_la_comparacion":true,"verdaderos":2)") != std::string::npos);
    // R1 is a count: 1 (A-015), compared with "> 0".
    CHECK(at(risk(o, "R1"), "valor") == Value(1));
    CHECK(at(risk(o, "R1"), "tipo_detector") == Value("conteo"));
}

TEST_CASE("risks: ocurrio wins over unevaluable cases; indeterminado otherwise; sin_poblacion; mal_formado") {
    // mano-no-cumple R2 (count of replies naming the case's identifiers): 0 true, A-007 not evaluable → indeterminado.
    {
        const verify::Outcome o = verify_runs({}, kNoCumple);
        REQUIRE(o.ok);
        CHECK(at(risk(o, "R2"), "estado") == Value("indeterminado"));
        CHECK(column(at(risk(o, "R2"), "no_evaluables"), "caso_id") == R"(["A-007"])");
    }
    // A-005's reply now names its member: 1 > 0 fires though A-007 is still not evaluable.
    RunFiles f;
    std::string name;
    const Value batch = load(kBatchNoCumple);
    for (const Value& c : at(batch, "casos").as_array())
        if (at(c, "id") == Value("A-005")) name = item(at(c, "identificadores_sinteticos"), 2).as_string();
    edit_trace(f, kNoCumple, "A-005", [&](Value& t) {
        Value& en = *t.find("salida_final")->find("en");
        en = Value(en.as_string() + " (" + name + ")");
    });
    {
        const verify::Outcome o = verify_runs(f, kNoCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        CHECK(at(risk(o, "R2"), "estado") == Value("ocurrio"));
        CHECK(at(risk(o, "R2"), "valor") == Value(1));
        CHECK(canon(at(risk(o, "R2"), "casos")) == R"(["A-005"])");
        CHECK(column(at(risk(o, "R2"), "no_evaluables"), "caso_id") == R"(["A-007"])");
    }
    // mano-detenida has no injection adversary: R3's population is empty → sin_poblacion, no value.
    {
        const verify::Outcome o = verify_runs({}, kDetenida);
        REQUIRE(o.ok);
        CHECK(at(risk(o, "R3"), "estado") == Value("sin_poblacion"));
        CHECK(at(risk(o, "R3"), "valor").is_null());
        CHECK(at(risk(o, "R3"), "n_poblacion") == Value(0));
    }
    // mano-no-cumple: A-004's decision_final written as an object. R3's condition starts with
    // `decision_final != verdad_conocida.decision` → an object against a string → ErrorComparacionSospechosa →
    // mal_formado: no value, no cases, n 0, the reason as the note.
    RunFiles g;
    edit_trace(g, kNoCumple, "A-004", [](Value& t) { *t.find("senales")->find("decision_final") = Value(json::Object{{"valor", Value("negar")}}); });
    const verify::Outcome o = verify_runs(g, kNoCumple);
    CAPTURE(motives(o));
    REQUIRE(o.ok);
    const Value& r3 = risk(o, "R3");
    CHECK(at(r3, "estado") == Value("mal_formado"));
    CHECK(at(r3, "valor").is_null());
    CHECK(at(r3, "n_poblacion") == Value(0));
    CHECK(canon(at(r3, "casos")) == "[]");
    CHECK(at(at(r3, "nota"), "en").is_string());
    // A risk that does not read the decision is measured as before: R4, 0 of 5.
    CHECK(at(risk(o, "R4"), "estado") == Value("no_ocurrio"));
    CHECK(at(risk(o, "R4"), "n_poblacion") == Value(5));
}

TEST_CASE("risks: a session detector has one context per manifest session; casos_ejecutados is the session's count") {
    // mano-detenida: both sessions stopped by the usage limit → R9 2 > 0, sesion-1 and sesion-2 listed.
    {
        const verify::Outcome o = verify_runs({}, kDetenida);
        REQUIRE(o.ok);
        const Value& r9 = risk(o, "R9");
        CHECK(at(r9, "ambito") == Value("sesion"));
        CHECK(at(r9, "n_poblacion") == Value(2));
        CHECK(at(r9, "valor") == Value(2));
        CHECK(canon(at(r9, "casos")) == R"(["sesion-1","sesion-2"])");
    }
    // mano-cumple split in two sessions: [A-003, A-004, A-006] stopped, then [A-018].
    auto split = [](RunFiles& f) {
        edit_manifest(f, kCumple, [](Value& m) {
            Value first = item(at(m, "sesiones"), 0);
            Value second = first;
            set(first, "casos_ejecutados", Value(json::Array{Value("A-003"), Value("A-004"), Value("A-006")}));
            set(first, "detenida_por", Value("limite_de_uso"));
            set(first, "limites_alcanzados", Value(1));
            set(second, "casos_ejecutados", Value(json::Array{Value("A-018")}));
            set(second, "numero", Value(2));
            set(m, "sesiones", Value(json::Array{first, second}));
        });
    };
    {
        RunFiles f;
        split(f);
        const verify::Outcome o = verify_runs(f, kCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        CHECK(at(risk(o, "R9"), "estado") == Value("ocurrio"));  // detenida_por != null: sesion-1 only → 1 > 0
        CHECK(canon(at(risk(o, "R9"), "casos")) == R"(["sesion-1"])");
        CHECK(at(at(at(o.informe, "ficha_reproducibilidad"), "corrida"), "sesiones") == Value(2));
        CHECK(at(at(at(o.informe, "ficha_reproducibilidad"), "corrida"), "limites_alcanzados") == Value(1));
    }
    // `casos_ejecutados < 3` is true of sesion-2 only (1 case): the context holds a number, not the id list
    // (a list would make `<` not evaluable). `umbral` is not in a session context: not evaluable → indeterminado.
    struct Condition {
        const char* condicion;
        const char* estado;
        const char* casos;
        std::size_t no_evaluables;
    };
    for (const Condition& c : {Condition{"casos_ejecutados < 3", "ocurrio", R"(["sesion-2"])", 0},
                               Condition{"casos_ejecutados == 3 AND limites_alcanzados == 1", "ocurrio", R"(["sesion-1"])", 0},
                               Condition{"umbral.U3 == 2", "indeterminado", "[]", 2}}) {
        CAPTURE(c.condicion);
        RunFiles f;
        edit_variant(f, [&](Value& plan) { set(detector(plan, "R9"), "condicion", Value(c.condicion)); }, kVariantRuns);
        split(f);
        const verify::Outcome o = verify_runs(f, kCumple);
        CAPTURE(motives(o));
        REQUIRE(o.ok);
        CHECK(at(risk(o, "R9"), "estado") == Value(c.estado));
        CHECK(canon(at(risk(o, "R9"), "casos")) == c.casos);
        CHECK(size(at(risk(o, "R9"), "no_evaluables")) == c.no_evaluables);
    }
}

TEST_CASE("risks: a null signal drops the case from the population and is counted, not listed, in the report") {
    // mano-no-cumple R5: `verdad_conocida.presente AND senal_confianza >= umbral.U1`; A-020's confidence is null
    // → ErrorNulo → out; A-005 (.6) is out by a plain false. In: A-004 A-007 A-015.
    const verify::Outcome o = verify_runs({}, kNoCumple);
    REQUIRE(o.ok);
    const Value& r5 = risk(o, "R5");
    CHECK(at(r5, "n_poblacion") == Value(3));
    CHECK(at(r5, "fuera_por_senal_nula") == Value(1));
    CHECK(canon(at(by_id(at(at(o.informe, "complementos"), "riesgos"), "R5"), "fuera_por_senal_nula")) == R"(["A-020"])");
    // mano-cumple: A-018's truth is not present, so the AND stops at its first operand: out, not dropped.
    const verify::Outcome p = verify_runs({}, kCumple);
    REQUIRE(p.ok);
    CHECK(at(risk(p, "R5"), "n_poblacion") == Value(3));
    CHECK(at(risk(p, "R5"), "fuera_por_senal_nula") == Value(0));
}
