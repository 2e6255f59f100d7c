// The counterfactual replay (core/playground/replay.cpp) on the hand-made run tests/data/playground/pg-efectos:
// divergence, effects, sets, reviewer minutes and change records (playground.md §3.5–§5, §3.7), every value
// worked out by hand from the spec and the case table below; nothing copied from the playground's output.
//
// pg-efectos, run order (truth from synthetic/casos/demo-a/demo-a-200.json; trace values after make_runs.mjs):
//   id     recorded  debe_escalar  proposal         visits (writer nodes, by paso)                 decisive values
//   A-001  solo      no            aprobar          enr@1 ext@2 acl@3 ext@4 acl@5 ext@6 dec@8      ciclos 0 (@3), 1 (@5); conf 0.95, cost 60
//   A-011  persona   yes           aprobar          enr@1 ext@2 dec@4                               conf 0.90, cost 1300 (edge 3 > U2)
//   A-014  solo      no            aprobar_parcial  enr@1 ext@2 dec@4                               conf 0.92, cost 600
//   A-017  persona   yes           (null)           enr@1 ext@2 acl@3 ext@4 acl@5 ext@6 acl@7      ciclos 0, 1, 2 (@7: 2 ≥ U3 → pause)
//   A-020  solo      no            aprobar          enr@1 ext@2 dec@4                               conf 0.83, cost 240
//   A-024  solo      yes           aprobar          enr@1 ext@2 dec@4                               conf 0.83, cost read as 900
//   A-067  persona   no            aprobar          enr@1 ext@2 dec@4                               conf 0.74 (edge 2 < U1), cost 90
//   A-105  persona   no            null             enr@1 ext@2 dec@4                               conf 0.69 (edge 2 < U1), cost 60
// Every threshold declares 12 reviewer minutes per person (§1). At plan values the recorded persons are A-011,
// A-017, A-067, A-105: 4 → 48 minutes.
#include <doctest/doctest.h>

#include <algorithm>

#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing::pg;
using json::Value;

namespace {

struct Row {
    const char* id;
    const char* antes;
    const char* ahora;
    const char* nodo;
    double paso;
    double visita;  // 1-based number of the visit among the case's visits
    const char* rama_nueva;
    const char* efecto;
    bool texas;
    double ahorradas;
};

void check_changes(const playground::Compact& c, const playground::Replay& r, const std::vector<Row>& rows) {
    REQUIRE(r.cambios.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& w = rows[i];
        CAPTURE(w.id);
        const Value rec = playground::change_record(c, r, r.cambios[i]);
        CHECK(at(rec, "id") == Value(w.id));
        CHECK(at(rec, "antes") == Value(w.antes));
        CHECK(at(rec, "ahora") == Value(w.ahora));
        CHECK(at(rec, "nodo") == Value(w.nodo));
        CHECK(at(rec, "paso") == Value(w.paso));
        CHECK(at(rec, "visita") == Value(w.visita));
        CHECK(at(rec, "rama_nueva") == Value(w.rama_nueva));
        CHECK(at(rec, "efecto") == Value(w.efecto));
        CHECK(at(rec, "exigida_por_texas") == Value(w.texas));
        CHECK(at(rec, "visitas_ahorradas") == Value(w.ahorradas));
    }
}

// An edge record's fields the tests look at, as canonical JSON.
std::string edge_fields(const Value& record) {
    json::Object o;
    for (const char* key : {"desde", "orden_arista", "paso", "senal", "funcion", "entradas", "valor_observado", "umbral_aplicado", "valor_declarado",
                            "resultado", "rama_tomada"})
        o.push_back({key, at(record, key)});
    return canon(Value(std::move(o)));
}

std::string edge_text(const char* desde, double orden, double paso, const char* senal, Value observado, Value aplicado, Value declarado,
                      bool resultado, const char* rama) {
    return canon(Value(json::Object{{"desde", desde},
                                    {"orden_arista", orden},
                                    {"paso", paso},
                                    {"senal", senal},
                                    {"funcion", Value()},
                                    {"entradas", Value()},
                                    {"valor_observado", std::move(observado)},
                                    {"umbral_aplicado", std::move(aplicado)},
                                    {"valor_declarado", std::move(declarado)},
                                    {"resultado", resultado},
                                    {"rama_tomada", rama}}));
}

}  // namespace

TEST_CASE("pg-efectos loads, reproduces itself at plan values and counts its persons") {
    const playground::Loaded& l = loaded(kEfectos);
    REQUIRE(l.ok);
    const playground::Compact& c = *l.compacto;
    CHECK(c.corrida_id == "pg-efectos");
    CHECK(c.casos.size() == 8);
    CHECK(c.informe_origen == "informe.json");
    // §1: every demo-A threshold declares 12 minutes.
    REQUIRE(c.minutos_por_persona);
    CHECK(*c.minutos_por_persona == 12);
    // §8: the report was made from this very run, so at plan values nothing diverges and every figure agrees.
    const playground::SelfCheck check = playground::self_check(c);
    CAPTURE((check.motivo ? check.motivo->en : std::string()));
    CHECK(check.ok);
    const playground::Replay r = playground::play(c, playground::plan_setting(c));
    CHECK(r.cambios.empty());
    CHECK(r.no_jugables.empty());
    // Recorded persons: A-011, A-017, A-067, A-105 → 4, and 4 × 12 = 48 minutes on both sides.
    CHECK(r.personas == 4);
    CHECK(r.personas_plan == 4);
    CHECK(r.minutos == 48.0);
    CHECK(r.minutos_plan == 48.0);
}

TEST_CASE("§3.2–§3.4: bindings, playable nodes and branch outcomes of demo A") {
    const playground::Compact& c = compact(kEfectos);
    // A switch binds its signal: U4 → modo_texas; numeric thresholds bind nothing.
    REQUIRE(c.ligaduras.size() == 1);
    CHECK(c.ligaduras[0].first == "modo_texas");
    CHECK(c.ligaduras[0].second == "U4");
    // Writer nodes with an edge on `umbral.*` (aclaracion: U3; decision: U1, U2) or a bound signal (decision: Texas).
    std::vector<std::string> jugables = c.nodos_jugables;
    std::sort(jugables.begin(), jugables.end());
    CHECK(jugables == std::vector<std::string>{"aclaracion", "decision"});
    // pausa_humana → persona; redactor → guardia_salida → __end__ → solo; extractor is a writer → no_observado.
    auto outcome = [&](const std::string& target) {
        for (const auto& [t, o] : c.desenlace_de_rama)
            if (t == target) return std::string(playground::outcome_name(o));
        return std::string("(none)");
    };
    CHECK(outcome("pausa_humana") == "persona");
    CHECK(outcome("redactor") == "solo");
    CHECK(outcome("extractor") == "no_observado");
}

TEST_CASE("U1 0.65 and U2 1500: persons leave — an error introduced twice (truth; null proposal), a review saved once") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U1=0.65", "U2=1500"}));
    // decision@4 edges at U1 0.65, U2 1500:
    //   A-011: 0.90 < 0.65 no, 1300 > 1500 no, rest false → default redactor → solo; debe_escalar → error_introducido.
    //   A-067: 0.74 < 0.65 no → redactor → solo; no truth to escalate, proposal aprobar → revision_ahorrada.
    //   A-105: 0.69 < 0.65 no → redactor → solo; no truth to escalate but the proposal is null, adverse → error_introducido.
    //   A-020 (0.83, 240), A-024 (0.83, 900), A-014 (0.92, 600, Texas off), A-001 (0.95, 60): still redactor.
    //   A-017: its aclaracion visits do not read U1/U2.
    check_changes(c, r,
                  {{"A-011", "persona", "solo", "decision", 4, 3, "redactor", "error_introducido", false, 0},
                   {"A-067", "persona", "solo", "decision", 4, 3, "redactor", "revision_ahorrada", false, 0},
                   {"A-105", "persona", "solo", "decision", 4, 3, "redactor", "error_introducido", false, 0}});
    CHECK(ids(c, r.introducidos) == R"(["A-011","A-105"])");
    CHECK(ids(c, r.evitados) == "[]");
    CHECK(ids(c, r.no_observados) == "[]");
    // §5: only A-017 still goes to a person: 1 → 12 minutes; the plan side keeps 4 → 48 (nobody is no_observado).
    CHECK(r.personas == 1);
    CHECK(r.personas_plan == 4);
    CHECK(r.minutos == 12.0);
    CHECK(r.minutos_plan == 48.0);
    // §3.7: the default branch is taken now, so nothing decides; what decided at plan values, judged now:
    // A-011's edge 3 (1300 > 1500 false), A-067's and A-105's edge 2 (0.74 / 0.69 < 0.65 false).
    const Value a011 = record_of(c, r, "A-011");
    CHECK(at(a011, "ahora_decide").is_null());
    CHECK(edge_fields(at(a011, "ya_no_decide")) == edge_text("decision", 3, 4, "costo_estimado", Value(1300.0), Value(1500.0), Value("umbral.U2"), false, "redactor"));
    CHECK(edge_fields(at(record_of(c, r, "A-067"), "ya_no_decide")) ==
          edge_text("decision", 2, 4, "senal_confianza", Value(0.74), Value(0.65), Value("umbral.U1"), false, "redactor"));
    CHECK(edge_fields(at(record_of(c, r, "A-105"), "ya_no_decide")) ==
          edge_text("decision", 2, 4, "senal_confianza", Value(0.69), Value(0.65), Value("umbral.U1"), false, "redactor"));
    // The visit's rebuilt signals (§3.1), as recorded: A-105's proposal null, its Texas input false.
    const Value a105 = record_of(c, r, "A-105");
    const Value& senales = at(a105, "senales");
    CHECK(at(senales, "propuesta").is_null());
    CHECK(at(senales, "senal_confianza") == Value(0.69));
    CHECK(at(senales, "modo_texas") == Value(false));
}

TEST_CASE("U1 is strict: at its recorded confidence a case no longer pauses") {
    const playground::Compact& c = compact(kEfectos);
    // U1 0.74 (in range, not a slider position): A-067's 0.74 < 0.74 is false → solo; A-105's 0.69 < 0.74 still pauses.
    playground::Replay r = playground::play(c, setting(c, {"U1=0.74"}));
    CHECK(changed(c, r) == R"(["A-067"])");
    // U1 0.70: the same single change.
    r = playground::play(c, setting(c, {"U1=0.7"}));
    CHECK(changed(c, r) == R"(["A-067"])");
    CHECK(r.personas == 3);  // 4 − A-067
}

TEST_CASE("U2 800: the case whose cost was read low goes to a person — an error avoided") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U2=800"}));
    // A-024: 900 > 800 → edge 3 → pausa_humana → persona; debe_escalar → error_evitado. A-011 (1300) pauses as
    // recorded; A-014 600, A-020 240, A-001 60 stay below.
    check_changes(c, r, {{"A-024", "solo", "persona", "decision", 4, 3, "pausa_humana", "error_evitado", false, 0}});
    CHECK(ids(c, r.evitados) == R"(["A-024"])");
    CHECK(ids(c, r.introducidos) == "[]");
    const Value rec = record_of(c, r, "A-024");
    CHECK(edge_fields(at(rec, "ahora_decide")) ==
          edge_text("decision", 3, 4, "costo_estimado", Value(900.0), Value(800.0), Value("umbral.U2"), true, "pausa_humana"));
    CHECK(at(rec, "ya_no_decide").is_null());  // a true edge decides now: no default branch
    // 4 + A-024 = 5 persons → 60 minutes; plan 48.
    CHECK(r.personas == 5);
    CHECK(r.minutos == 60.0);
    CHECK(r.minutos_plan == 48.0);
}

TEST_CASE("U4 on: the partial approval that left without a person needs one — the review Texas requires") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U4=true"}));
    // decision@4 of A-014: edges 1–5 false (0.92, 600, proposal not negar); edge 6 texas_y_no_aprobar(true,
    // "aprobar_parcial") is true → pausa_humana. debe_escalar is false (frozen truth, Texas off) → revision_de_mas,
    // flagged exigida_por_texas. A-001, A-020, A-024 propose aprobar: edge 6 false. The rest already pause.
    check_changes(c, r, {{"A-014", "solo", "persona", "decision", 4, 3, "pausa_humana", "revision_de_mas", true, 0}});
    const Value rec = record_of(c, r, "A-014");
    const Value& now = at(rec, "ahora_decide");
    CHECK(at(now, "funcion") == Value("texas_y_no_aprobar"));
    CHECK(at(now, "orden_arista") == Value(6.0));
    // The bound signal carries the played value into the recorded visit (§3.2).
    CHECK(canon(at(now, "entradas")) == R"({"modo_texas":true,"propuesta":"aprobar_parcial"})");
    CHECK(at(now, "resultado") == Value(true));
    // The change record's signals stay the recorded ones.
    CHECK(at(at(rec, "senales"), "modo_texas") == Value(false));
    CHECK(r.personas == 5);
    CHECK(r.minutos == 60.0);
}

TEST_CASE("U1 0.85, U2 800, U4 on: three cases now go to a person") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U1=0.85", "U2=800", "U4=on"}));
    //   A-014: 0.92 < 0.85 no, 600 > 800 no, Texas edge true → persona, revision_de_mas, Texas.
    //   A-020: 0.83 < 0.85 → edge 2 → persona; no truth to escalate, proposal aprobar → revision_de_mas, not Texas.
    //   A-024: 0.83 < 0.85 → edge 2 (before edge 3) → persona; debe_escalar → error_evitado.
    //   A-001: 0.95, 60, aprobar → redactor as recorded.
    check_changes(c, r,
                  {{"A-014", "solo", "persona", "decision", 4, 3, "pausa_humana", "revision_de_mas", true, 0},
                   {"A-020", "solo", "persona", "decision", 4, 3, "pausa_humana", "revision_de_mas", false, 0},
                   {"A-024", "solo", "persona", "decision", 4, 3, "pausa_humana", "error_evitado", false, 0}});
    CHECK(edge_fields(at(record_of(c, r, "A-020"), "ahora_decide")) ==
          edge_text("decision", 2, 4, "senal_confianza", Value(0.83), Value(0.85), Value("umbral.U1"), true, "pausa_humana"));
    CHECK(at(at(record_of(c, r, "A-024"), "ahora_decide"), "orden_arista") == Value(2.0));
    CHECK(ids(c, r.evitados) == R"(["A-024"])");
    CHECK(ids(c, r.introducidos) == "[]");
    // 4 + 3 = 7 persons → 84 minutes; plan 48.
    CHECK(r.personas == 7);
    CHECK(r.personas_plan == 4);
    CHECK(r.minutos == 84.0);
    CHECK(r.minutos_plan == 48.0);
}

TEST_CASE("U3 3: the case paused at the clarification limit is no longer observed, on both sides of the minutes") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U3=3"}));
    // A-017's aclaracion visits: @3 0 ≥ 3, @5 1 ≥ 3 no (extractor, as recorded); @7 2 ≥ 3 no → default extractor
    // (recorded pausa_humana) → a writer node → no_observado. Its 7th visit; no later aclaracion visit.
    // A-001: @3 0 ≥ 3, @5 1 ≥ 3 no → extractor as recorded.
    check_changes(c, r, {{"A-017", "persona", "no_observado", "aclaracion", 7, 7, "extractor", "no_observado", false, 0}});
    CHECK(ids(c, r.no_observados) == R"(["A-017"])");
    CHECK(ids(c, r.introducidos) == "[]");
    CHECK(ids(c, r.evitados) == "[]");
    // §5, same population: A-017 leaves personas_plan too. Persons now A-011, A-067, A-105 = 3 → 36; plan 4 − 1 = 3 → 36.
    CHECK(r.personas == 3);
    CHECK(r.personas_plan == 3);
    CHECK(r.minutos == 36.0);
    CHECK(r.minutos_plan == 36.0);
    // Default taken now; at plan values edge 2 (2 ≥ 2) decided: judged with 3 it is false.
    const Value rec = record_of(c, r, "A-017");
    CHECK(at(rec, "ahora_decide").is_null());
    CHECK(edge_fields(at(rec, "ya_no_decide")) ==
          edge_text("aclaracion", 2, 7, "ciclos_aclaracion", Value(2.0), Value(3.0), Value("umbral.U3"), false, "extractor"));
}

TEST_CASE("U3 1 and 0: clarification loops end earlier — the same destination, an extra review, visits saved") {
    const playground::Compact& c = compact(kEfectos);
    SUBCASE("U3 1") {
        const playground::Replay r = playground::play(c, setting(c, {"U3=1"}));
        // A-001: @3 0 ≥ 1 no; @5 1 ≥ 1 → pausa_humana (recorded extractor) → persona; recorded solo, no truth to
        //        escalate → revision_de_mas; no later aclaracion visit → 0 saved.
        // A-017: @5 1 ≥ 1 → pausa_humana → persona, recorded persona → mismo_destino; @7 is saved → 1.
        check_changes(c, r,
                      {{"A-001", "solo", "persona", "aclaracion", 5, 5, "pausa_humana", "revision_de_mas", false, 0},
                       {"A-017", "persona", "persona", "aclaracion", 5, 5, "pausa_humana", "mismo_destino", false, 1}});
        CHECK(edge_fields(at(record_of(c, r, "A-001"), "ahora_decide")) ==
              edge_text("aclaracion", 2, 5, "ciclos_aclaracion", Value(1.0), Value(1.0), Value("umbral.U3"), true, "pausa_humana"));
        // 4 recorded + A-001 = 5 → 60 minutes (A-017 counted once); plan 4 → 48.
        CHECK(r.personas == 5);
        CHECK(r.personas_plan == 4);
        CHECK(r.minutos == 60.0);
        CHECK(ids(c, r.introducidos) == "[]");
        CHECK(ids(c, r.evitados) == "[]");
        CHECK(ids(c, r.no_observados) == "[]");
    }
    SUBCASE("U3 0") {
        const playground::Replay r = playground::play(c, setting(c, {"U3=0"}));
        // Both diverge at @3 (0 ≥ 0): A-001 saves @5 → 1; A-017 saves @5 and @7 → 2.
        check_changes(c, r,
                      {{"A-001", "solo", "persona", "aclaracion", 3, 3, "pausa_humana", "revision_de_mas", false, 1},
                       {"A-017", "persona", "persona", "aclaracion", 3, 3, "pausa_humana", "mismo_destino", false, 2}});
        CHECK(r.personas == 5);
    }
}

TEST_CASE("§4 adverse proposals demo A's graph cannot reach: negar, and aprobar_parcial with Texas on") {
    // Edges 5 (propuesta == negar) and 6 (Texas) of `decision` send those proposals to the pause at every setting,
    // so `persona → solo` with them cannot happen in a demo-A run. A copy of pg-efectos's compact whose decision
    // node keeps edges 1–4 only, and whose A-067 visit (confidence 0.74, debe_escalar false) proposes otherwise:
    // at U1 0.65 edge 2 is false, the default redactor is taken → solo.
    const playground::Compact& original = compact(kEfectos);
    playground::Compact c = original;  // the route's edge pointers still point into `original`, which outlives it
    const std::uint32_t decision = c.name("decision");
    auto& aristas = c.rutas[decision].aristas;
    aristas.erase(std::remove_if(aristas.begin(), aristas.end(), [](const rules::Edge* e) { return e->orden >= 5; }), aristas.end());
    REQUIRE(aristas.size() == 4);
    const playground::Case& k = c.casos[case_index(c, "A-067")];
    playground::Signal* propuesta = nullptr;
    for (std::uint32_t v = k.visitas_begin; v < k.visitas_end; ++v)
        if (c.visitas[v].desde == decision)
            for (std::uint32_t s = c.visitas[v].senales_begin; s < c.visitas[v].senales_end; ++s)
                if (c.nombres[c.senales[s].nombre] == "propuesta") propuesta = &c.senales[s];
    REQUIRE(propuesta);
    auto effect_of_a067 = [&](std::initializer_list<const char*> sets) {
        const playground::Replay r = playground::play(c, setting(c, sets));
        for (const playground::Change& ch : r.cambios)
            if (c.casos[ch.caso].id == "A-067") return std::string(playground::effect_name(ch.efecto));
        return std::string("(no change)");
    };
    // As recorded ("aprobar"): a saved review.
    CHECK(effect_of_a067({"U1=0.65"}) == "revision_ahorrada");
    // "negar" leaving without a person is never a saved review.
    propuesta->valor = Value("negar");
    CHECK(effect_of_a067({"U1=0.65"}) == "error_introducido");
    // "aprobar_parcial": adverse only when the switch that demands a person is on — the played U4 (bound).
    propuesta->valor = Value("aprobar_parcial");
    CHECK(effect_of_a067({"U1=0.65"}) == "revision_ahorrada");
    CHECK(effect_of_a067({"U1=0.65", "U4=true"}) == "error_introducido");
    // Another string that is not the favourable value is adverse too.
    propuesta->valor = Value("pedir_mas_datos");
    CHECK(effect_of_a067({"U1=0.65"}) == "error_introducido");
}

TEST_CASE("set_threshold: ranges, switches and errors") {
    const playground::Compact& c = compact(kEfectos);
    playground::Setting s = playground::plan_setting(c);
    CHECK(canon(playground::applied_object(c, s)) == R"({"U1":0.75,"U2":1000,"U3":2,"U4":false})");
    CHECK(!playground::set_threshold(c, s, "U1=0.5"));
    CHECK(!playground::set_threshold(c, s, "U2=5000"));
    CHECK(!playground::set_threshold(c, s, "U3=0"));
    CHECK(!playground::set_threshold(c, s, "U4=sí"));
    CHECK(canon(playground::applied_object(c, s)) == R"({"U1":0.5,"U2":5000,"U3":0,"U4":true})");
    CHECK(!playground::set_threshold(c, s, "U4=off"));
    CHECK(s.valores[3] == Value(false));
    // Out of range (beyond half a step past either end), not a number, not a switch value, unknown id, no '='.
    for (const char* bad : {"U1=0.4", "U1=1", "U2=100", "U2=5100", "U3=-1", "U3=5", "U1=abc", "U1=", "U1=0x1", "U4=1", "U4=maybe", "U9=1", "U1", "=1", ""}) {
        CAPTURE(bad);
        playground::Setting t = playground::plan_setting(c);
        const std::optional<Issue> issue = playground::set_threshold(c, t, bad);
        REQUIRE(issue);
        CHECK(issue->code == "PLAYGROUND_AJUSTE_INVALIDO");
        CHECK(!issue->message.es.empty());
        CHECK(!issue->message.en.empty());
        CHECK(t == playground::plan_setting(c));  // a refused assignment changes nothing
    }
}
