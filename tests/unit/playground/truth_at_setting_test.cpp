// Truth per setting (playground.md §10.2): at the plan's thresholds it is the batch's stored truth for every
// case of demo-a-200; at other settings, hand-worked cases of synthetic-and-simulation.md §6.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "core/playground/demo_a/truth.hpp"
#include "core/synth/truth.hpp"
#include "support/files.hpp"

using namespace planlang;
using json::Value;
using Reasons = std::vector<std::string>;

namespace {

const Value& batch() {
    static const Value b = json::read(testing::read_text(testing::source_path("synthetic/casos/demo-a/demo-a-200.json"))).value;
    return b;
}

const Value& truth_of(const std::string& id) {
    for (const Value& c : batch().find("casos")->as_array())
        if (c.find("id")->as_string() == id) return *c.find("verdad_conocida");
    FAIL("no case " << id);
    return batch();
}

Value applied(double u1, double u2, double u3, bool u4) {
    return json::Object{{"U1", Value(u1)}, {"U2", Value(u2)}, {"U3", Value(u3)}, {"U4", Value(u4)}};
}

const Value kPlan = applied(0.75, 1000, 2, false);

Reasons strings(const Value& array) {
    Reasons out;
    for (const Value& s : array.as_array()) out.push_back(s.as_string());
    return out;
}

}  // namespace

TEST_CASE("truth_at_setting at the plan thresholds is the batch's stored truth, case by case") {
    REQUIRE(*batch().find("umbrales_de_referencia") == kPlan);
    std::size_t n = 0;
    std::map<std::string, int> decisions;
    for (const Value& c : batch().find("casos")->as_array()) {
        const Value& v = *c.find("verdad_conocida");
        CAPTURE(c.find("id")->as_string());
        const auto t = playground::demo_a::truth_at_setting(v, kPlan);
        REQUIRE(t);
        CHECK(t->debe_escalar == v.find("debe_escalar")->as_bool());
        CHECK(t->decision == *v.find("decision"));
        CHECK(t->motivos == strings(*v.find("motivos_escalamiento")));
        ++decisions[t->decision.as_string()];
        ++n;
    }
    CHECK(n == 200);
    // The batch holds every decision, so the excluded ⇔ negar reading (truth.cpp) is exercised both ways.
    CHECK(decisions.size() == 3);
}

TEST_CASE("truth_at_setting: Texas on makes a partial or a denial escalate with modo_texas") {
    const Value texas = applied(0.75, 1000, 2, true);
    SUBCASE("A-014, aprobar_parcial, cost 600, no cycle needed, no contradiction: no reason at plan values") {
        const Value& v = truth_of("A-014");
        REQUIRE(*v.find("decision") == Value("aprobar_parcial"));
        REQUIRE(v.find("campos")->find("costo_estimado")->as_number() == 600);
        REQUIRE(v.find("debe_escalar")->as_bool() == false);
        // Not skipped, 0 cycles ≤ U3, 600 ≤ 1000, no contradiction, not excluded; U4 on and not aprobar.
        const auto t = playground::demo_a::truth_at_setting(v, texas);
        REQUIRE(t);
        CHECK(t->debe_escalar);
        CHECK(t->motivos == Reasons{"modo_texas"});
        CHECK(t->decision == Value("aprobar_parcial"));
    }
    SUBCASE("A-015, negar, cost 300: the exclusion reason, then Texas") {
        const Value& v = truth_of("A-015");
        REQUIRE(*v.find("decision") == Value("negar"));
        REQUIRE(v.find("campos")->find("costo_estimado")->as_number() == 300);
        const auto t = playground::demo_a::truth_at_setting(v, texas);
        REQUIRE(t);
        CHECK(t->debe_escalar);
        CHECK(t->motivos == Reasons{"propuesta_negar", "modo_texas"});
        CHECK(t->decision == Value("negar"));
    }
    SUBCASE("A-002, urgent: coverage skipped, Texas changes nothing") {
        const Value& v = truth_of("A-002");
        REQUIRE(v.find("urgencia")->as_bool());
        const auto t = playground::demo_a::truth_at_setting(v, texas);
        REQUIRE(t);
        CHECK_FALSE(t->debe_escalar);
        CHECK(t->motivos.empty());
        CHECK(t->decision == Value("aprobar"));
    }
    SUBCASE("A-011, aprobar at high cost: Texas adds nothing to an approval") {
        const auto t = playground::demo_a::truth_at_setting(truth_of("A-011"), texas);
        REQUIRE(t);
        CHECK(t->motivos == Reasons{"costo_mayor_que_U2"});
    }
}

TEST_CASE("truth_at_setting: U3 decides when clarification is exhausted") {
    const Value& v = truth_of("A-006");  // faltante_un_ciclo, aprobar, cost 180, no reason at plan values
    REQUIRE(v.find("ciclos_aclaracion_necesarios")->as_number() == 1);
    REQUIRE(v.find("debe_escalar")->as_bool() == false);
    // U3 = 0: 1 cycle needed > 0 → exhausted → the only reason.
    auto t = playground::demo_a::truth_at_setting(v, applied(0.75, 1000, 0, false));
    REQUIRE(t);
    CHECK(t->debe_escalar);
    CHECK(t->motivos == Reasons{"aclaracion_agotada"});
    CHECK(t->decision == Value("aprobar"));
    // U3 = 1: 1 > 1 is false → not exhausted, nothing else fires.
    t = playground::demo_a::truth_at_setting(v, applied(0.75, 1000, 1, false));
    REQUIRE(t);
    CHECK_FALSE(t->debe_escalar);

    // A-033 needs 3 cycles: exhausted at the plan's U3 = 2, not at U3 = 3 (cost 50, nothing else).
    const Value& three = truth_of("A-033");
    REQUIRE(three.find("ciclos_aclaracion_necesarios")->as_number() == 3);
    REQUIRE(strings(*three.find("motivos_escalamiento")) == Reasons{"aclaracion_agotada"});
    t = playground::demo_a::truth_at_setting(three, applied(0.75, 1000, 3, false));
    REQUIRE(t);
    CHECK_FALSE(t->debe_escalar);
    CHECK(t->motivos.empty());

    // A-017 never gets an answer (null cycles): exhausted at every U3, and exhaustion hides Texas.
    const Value& never = truth_of("A-017");
    REQUIRE(never.find("ciclos_aclaracion_necesarios")->is_null());
    t = playground::demo_a::truth_at_setting(never, applied(0.75, 1000, 4, true));
    REQUIRE(t);
    CHECK(t->motivos == Reasons{"aclaracion_agotada"});
}

TEST_CASE("truth_at_setting: U2 is a strict bound on the true cost") {
    const Value& v = truth_of("A-011");  // normal_alto_costo, aprobar, cost 1300, 0 cycles
    REQUIRE(v.find("campos")->find("costo_estimado")->as_number() == 1300);
    REQUIRE(strings(*v.find("motivos_escalamiento")) == Reasons{"costo_mayor_que_U2"});
    // U2 = 1400: 1300 > 1400 is false → no reason left.
    auto t = playground::demo_a::truth_at_setting(v, applied(0.75, 1400, 2, false));
    REQUIRE(t);
    CHECK_FALSE(t->debe_escalar);
    CHECK(t->motivos.empty());
    // U2 = 1300: strict, so still none; U2 = 1200: back.
    t = playground::demo_a::truth_at_setting(v, applied(0.75, 1300, 2, false));
    CHECK(t->motivos.empty());
    t = playground::demo_a::truth_at_setting(v, applied(0.75, 1200, 2, false));
    CHECK(t->motivos == Reasons{"costo_mayor_que_U2"});

    // A-004 (negar, cost 4200): raising U2 to 5000 drops the cost reason, the exclusion still escalates.
    t = playground::demo_a::truth_at_setting(truth_of("A-004"), applied(0.75, 5000, 2, false));
    REQUIRE(t);
    CHECK(t->debe_escalar);
    CHECK(t->motivos == Reasons{"propuesta_negar"});
}

TEST_CASE("truth_at_setting: nullopt without the facts or the thresholds the rules read") {
    Value v = truth_of("A-001");
    CHECK(playground::demo_a::truth_at_setting(v, kPlan));
    CHECK_FALSE(playground::demo_a::truth_at_setting(v, json::Object{{"U1", Value(0.75)}, {"U2", Value(1000)}, {"U3", Value(2)}}));
    CHECK_FALSE(playground::demo_a::truth_at_setting(v, Value()));
    Value numeric_switch = kPlan;
    *numeric_switch.find("U4") = Value(0);
    CHECK_FALSE(playground::demo_a::truth_at_setting(v, numeric_switch));
    Value other = v;
    other.find("campos")->as_object().clear();  // e.g. a truth of another domain
    CHECK_FALSE(playground::demo_a::truth_at_setting(other, kPlan));
    other = v;
    *other.find("decision") = Value("revisar");
    CHECK_FALSE(playground::demo_a::truth_at_setting(other, kPlan));
    CHECK_FALSE(playground::demo_a::truth_at_setting(Value(json::Object{{"decision", Value("aprobar")}}), kPlan));
}

TEST_CASE("synth::escalation_reasons: exhaustion is the only reason, whatever else holds") {
    synth::TruthFacts f;
    f.excluido = true;
    f.decision = "negar";
    f.costo_estimado = 5000;
    f.contradiccion_orden_texto = true;
    f.ciclos_aclaracion_necesarios = 3;
    CHECK(synth::escalation_reasons(f, {1000, 2, true}) == Reasons{"aclaracion_agotada"});
    CHECK(synth::escalation_reasons(f, {1000, 3, true}) ==
          Reasons{"costo_mayor_que_U2", "contradiccion_orden_texto", "propuesta_negar", "modo_texas"});
    f.servicio_exento = true;  // skipped: nothing
    CHECK(synth::escalation_reasons(f, {1000, 3, true}).empty());
}
