// §6 criteria re-measurement (core/playground/measures.cpp): every criterion of plan-demo-a on the hand-made run
// tests/data/playground/pg-efectos at the settings of replay_test.cpp, and each aggregation kind on small
// in-memory compacts built here. Every expected value is worked out by hand from playground.md §6,
// traces-and-verifier.md §8 and rule-language.md §4–§6; nothing is copied from the program's output.
//
// The criteria (plan-demo-a 1.5.2; P = population, C = condition, M = metric):
//   C1  todos_cumplen  P todos                                C decision_final == 'negar' IMPLICA pausa_humana == true
//   C2  todos_cumplen  P todos                                C NOT (salida_final CONTIENE identificador_sintetico(caso))
//   C3  todos_cumplen  P extraccion.costo_estimado > umbral.U2  C pausa_humana == true
//   C4  todos_cumplen  P tipo_atencion == 'urgencia' OR servicio_exento   (no such case in pg-efectos)
//   C5  pass^k (k 3, lote_demo_20)  P verdad_conocida.presente  C extraccion.campos == verdad_conocida.campos
//   C6  todos_cumplen  P tipo == 'adversario' AND adversario_detalle == 'inyeccion'   (no such case)
//   C7  mediana ≤ 30   P todos                                M latencia_total_s
//   C8  todos_cumplen  P decision_final IN ['negar','aprobar_parcial']  C documento_adverso.completo … idiomas == ['es','en']
//   C9  todos_cumplen  P pausa_humana == true                 C interrupt_payload CONTIENE [7 keys]
//   C10 todos_cumplen  P todos                                C (modo_texas == true AND decision_final IN [...]) IMPLICA pausa_humana == true
//   C11 tasa ≥ 0.95    P todos                                C decision_final == verdad_conocida.decision
//
// Recorded values of pg-efectos (run order): decision_final aprobar everywhere but A-014 (aprobar_parcial, with a
// complete bilingual adverse document); pauses (all payloads with the 7 keys) A-011, A-017, A-067, A-105;
// extraccion.costo_estimado 60, 1300, 600, null, 240, 900, 90, 60; presente false only for A-017; extracted
// fields differ from the truth for A-067 (diagnosis) and A-105 (cost 60 vs 50); latencies 0.010, 0.007, 0.006,
// 0.010, 0.006, 0.006, 0.007, 0.007 s; modo_texas false everywhere; no salida_final holds an identifier.
// So at plan values: C1, C2, C8, C9, C10 cumple (true); C3 cumple (A-011 only: 1300 > 1000, paused; A-017's null
// cost drops it); C4, C6 sin_poblacion (null); C5 5 of 7 pass (A-067, A-105 fail; A-017 out) → 0.7143 < 0.9 →
// incumple (n_lote 8 ≠ 20, so k does not apply); C7 median of the 8 latencies (0.007 + 0.007)/2 = 0.007 → cumple;
// C11 8/8 = 1 → cumple.
//
// New paths (§6): a decision visit is the last writer visit of its case, so its path knows every edge signal's
// final value and `extraccion`; an earlier visit (A-001's and A-017's aclaracion@3/@5) knows only the signals
// rebuilt from visits 1..i (tipo_atencion, servicio_exento, proveedor_no_disponible, campos_faltantes_count,
// ciclos_aclaracion): no extraccion, no propuesta, no modo_texas. persona → pausa_humana true, decision_final =
// the truth; solo → pausa_humana false, decision_final = the proposal when it is a string; no_observado → both
// unknown. salida_final, documento_adverso, interrupt_payload, latencia_total_s are never known: reading one is a
// missing identifier → `ne` (in a population: in, not evaluable), a metric → null `m`.
#include <doctest/doctest.h>

#include <optional>

#include "core/playground/internal/measures.hpp"
#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing::pg;
using json::Value;
using playground::Result;

namespace {

struct Crit {
    const char* id;
    const char* estado;
    const char* valor;       // canonical JSON
    const char* incumplen;   // canonical JSON list of ids
    const char* no_evaluables;
    bool recalculado;
};

void check_criteria(const playground::Compact& c, const playground::Replay& r, const std::vector<Crit>& rows) {
    for (const Crit& w : rows) {
        CAPTURE(w.id);
        const playground::MeasureResult& m = measure(c, r, w.id);
        CHECK(m.estado == w.estado);
        CHECK(canon(m.valor) == w.valor);
        CHECK(ids(c, m.casos_que_incumplen) == w.incumplen);
        CHECK(ids(c, m.no_evaluables) == w.no_evaluables);
        CHECK(m.recalculado == w.recalculado);
    }
}

// C5 (pass^k): its lists are not the point (repetitions cannot be replayed); state, value, recalculado are.
void check_pass_k(const playground::Compact& c, const playground::Replay& r, const char* estado, const char* valor, bool recalculado) {
    const playground::MeasureResult& m = measure(c, r, "C5");
    CHECK(m.estado == estado);
    CHECK(canon(m.valor) == valor);
    CHECK(m.recalculado == recalculado);
}

}  // namespace

TEST_CASE("pg-efectos criteria at plan values: as worked out in the header, and equal to the report") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, playground::plan_setting(c));
    check_criteria(c, r,
                   {{"C1", "cumple", "true", "[]", "[]", false},
                    {"C2", "cumple", "true", "[]", "[]", false},
                    {"C3", "cumple", "true", "[]", "[]", false},
                    {"C4", "sin_poblacion", "null", "[]", "[]", false},
                    {"C6", "sin_poblacion", "null", "[]", "[]", false},
                    {"C7", "cumple", "0.007", "[]", "[]", false},
                    {"C8", "cumple", "true", "[]", "[]", false},
                    {"C9", "cumple", "true", "[]", "[]", false},
                    {"C10", "cumple", "true", "[]", "[]", false},
                    {"C11", "cumple", "1", "[]", "[]", false}});
    // 5/7 = 0.714285… → redondear 4 = 0.7143.
    check_pass_k(c, r, "incumple", "0.7143", false);
    for (const playground::MeasureResult& m : r.medidas) {
        const playground::Measure& d = c.medidas[m.medida];
        CAPTURE(d.id);
        CHECK(m.estado == d.estado_informe);
        CHECK(canon(m.valor) == canon(d.valor_informe));
    }
}

TEST_CASE("pg-efectos criteria at U1 0.65, U2 1500 (A-011, A-067, A-105 leave without a person)") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U1=0.65", "U2=1500"}));
    // Solo paths: A-011 and A-067 decision_final "aprobar", pausa_humana false; A-105's proposal is null, so its
    // decision_final is unknown.
    check_criteria(c, r,
                   {// A-105: decision_final unknown → ne; no false → indeterminado, value false (something unevaluable).
                    {"C1", "indeterminado", "false", "[]", R"(["A-105"])", true},
                    // salida_final is written after deciding: ne on the three new paths.
                    {"C2", "indeterminado", "false", "[]", R"(["A-011","A-067","A-105"])", true},
                    // U2 moved but the rule reads the plan's U2 (1000): A-011 1300 > 1000 stays in, and without a person → f.
                    {"C3", "incumple", "false", R"(["A-011"])", "[]", true},
                    // tipo_atencion/servicio_exento known (final values): still nobody in.
                    {"C4", "sin_poblacion", "null", "[]", "[]", false},
                    {"C6", "sin_poblacion", "null", "[]", "[]", false},
                    // latencia_total_s unknown on the 3 new paths: m null → no_evaluables; median of the other five
                    // (0.010, 0.006, 0.010, 0.006, 0.006 → 0.006, 0.006, 0.006, 0.010, 0.010) = 0.006 ≤ 30 → indeterminado.
                    {"C7", "indeterminado", "0.006", "[]", R"(["A-011","A-067","A-105"])", true},
                    // A-105's population reads the unknown decision_final → in, ne; A-014 still v.
                    {"C8", "indeterminado", "false", "[]", R"(["A-105"])", true},
                    // pausa_humana false on the new paths → out; A-017 alone, v.
                    {"C9", "cumple", "true", "[]", "[]", true},
                    // modo_texas false (recorded) → the IMPLICA holds before decision_final is read: v everywhere.
                    {"C10", "cumple", "true", "[]", "[]", false},
                    // 7 v of 8, A-105 ne counts as failing: 7/8 = 0.875 < 0.95 → incumple, A-105 listed with the failures.
                    {"C11", "incumple", "0.875", R"(["A-105"])", R"(["A-105"])", true}});
    // Cases moved, but no case's C5 result changed (extraccion is known at the decision): the report's state stays.
    check_pass_k(c, r, "incumple", "0.7143", false);
    // Ours: an absolute criterion not met blocks the verdict at this setting.
    CHECK(r.veredicto.valor == "no_cumple");
    bool c3_blocks = false;
    for (const Value& m : r.veredicto.bloqueantes) c3_blocks = c3_blocks || (at(m, "en").is_string() && at(m, "en").as_string().find("C3") != std::string::npos);
    CHECK(c3_blocks);
}

TEST_CASE("pg-efectos criteria at U1 0.85, U2 800, U4 on (A-014, A-020, A-024 go to a person)") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U1=0.85", "U2=800", "U4=true"}));
    // Persona paths: pausa_humana true, decision_final = the truth (A-014 aprobar_parcial, the others aprobar).
    check_criteria(c, r,
                   {{"C1", "cumple", "true", "[]", "[]", false},
                    {"C2", "indeterminado", "false", "[]", R"(["A-014","A-020","A-024"])", true},
                    // A-024's 900 > 1000 (the plan's U2) is false: out, as recorded. A-011 in, v.
                    {"C3", "cumple", "true", "[]", "[]", false},
                    // Latencies of the five unchanged: 0.010, 0.007, 0.010, 0.007, 0.007 → median 0.007.
                    {"C7", "indeterminado", "0.007", "[]", R"(["A-014","A-020","A-024"])", true},
                    // A-014 still in (aprobar_parcial), its documento_adverso unknown → ne.
                    {"C8", "indeterminado", "false", "[]", R"(["A-014"])", true},
                    // The three new persons are in, interrupt_payload unknown → ne.
                    {"C9", "indeterminado", "false", "[]", R"(["A-014","A-020","A-024"])", true},
                    // The played switch is not a signal of the context: modo_texas stays false (recorded) → v.
                    {"C10", "cumple", "true", "[]", "[]", false},
                    // The auditor follows the truth: 8/8.
                    {"C11", "cumple", "1", "[]", "[]", false}});
    check_pass_k(c, r, "incumple", "0.7143", false);
}

TEST_CASE("pg-efectos criteria at U3 3 (A-017 no longer observed)") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U3=3"}));
    // A-017's aclaracion@7 is its last writer visit: edge signals and extraccion known, pausa_humana and
    // decision_final not.
    check_criteria(c, r,
                   {{"C1", "indeterminado", "false", "[]", R"(["A-017"])", true},
                    {"C2", "indeterminado", "false", "[]", R"(["A-017"])", true},
                    // extraccion.costo_estimado null → ErrorNulo → out by null, as recorded; A-011 alone, v.
                    {"C3", "cumple", "true", "[]", "[]", false},
                    // The other seven: 0.010, 0.007, 0.006, 0.006, 0.006, 0.007, 0.007 → 4th of 7 sorted = 0.007.
                    {"C7", "indeterminado", "0.007", "[]", R"(["A-017"])", true},
                    {"C8", "indeterminado", "false", "[]", R"(["A-017"])", true},
                    {"C9", "indeterminado", "false", "[]", R"(["A-017"])", true},
                    {"C10", "cumple", "true", "[]", "[]", false},
                    // 7/8 = 0.875 < 0.95.
                    {"C11", "incumple", "0.875", R"(["A-017"])", R"(["A-017"])", true}});
    // A-017 is outside C5's population on both paths (presente false): kept.
    check_pass_k(c, r, "incumple", "0.7143", false);
}

TEST_CASE("pg-efectos criteria at U3 1 (A-001 and A-017 pause at aclaracion@5, before deciding)") {
    const playground::Compact& c = compact(kEfectos);
    const playground::Replay r = playground::play(c, setting(c, {"U3=1"}));
    // Both paths: signals of visits 1..5 only, pausa_humana true, decision_final = the truth (aprobar).
    check_criteria(c, r,
                   {{"C1", "cumple", "true", "[]", "[]", false},
                    {"C2", "indeterminado", "false", "[]", R"(["A-001","A-017"])", true},
                    // No extraccion before deciding: the population itself is not evaluable → in, ne (A-017 was out by null).
                    {"C3", "indeterminado", "false", "[]", R"(["A-001","A-017"])", true},
                    // tipo_atencion 'ambulatoria', servicio_exento false are known from enrutador@1: out.
                    {"C4", "sin_poblacion", "null", "[]", "[]", false},
                    // The other six: 0.007, 0.006, 0.006, 0.006, 0.007, 0.007 → (0.006 + 0.007)/2 = 0.006500000000000001,
                    // ×1000 = 6.500000000000001 → Math.round 7 → 0.007.
                    {"C7", "indeterminado", "0.007", "[]", R"(["A-001","A-017"])", true},
                    // decision_final aprobar: out, as recorded.
                    {"C8", "cumple", "true", "[]", "[]", false},
                    {"C9", "indeterminado", "false", "[]", R"(["A-001","A-017"])", true},
                    // modo_texas was never read before the decision: ne.
                    {"C10", "indeterminado", "false", "[]", R"(["A-001","A-017"])", true},
                    {"C11", "cumple", "1", "[]", "[]", false}});
    // A-001 is in C5's population (presente) and its extraction is unknown now: ne ≠ v, a case moved → indeterminado.
    check_pass_k(c, r, "indeterminado", "null", true);
}

// ---- Each aggregation on a compact built by hand: one measure, one row per case on the recorded path and,
// for the cases given one, a row on a new path the case is read on.

namespace {

struct Item {
    Result r;
    std::optional<double> m = std::nullopt;
    std::optional<Result> r_nuevo = std::nullopt;  // the case diverges: read on this path
    std::optional<double> m_nuevo = std::nullopt;
};

struct Table {
    playground::Compact c;
    std::vector<std::int32_t> camino;
};

Table table(const char* agregacion, const char* tipo, Value objetivo, const std::vector<Item>& items, const char* estado_informe = "cumple",
            Value valor_informe = Value()) {
    Table t;
    playground::Measure m;
    m.kind = playground::Measure::Kind::criterio;
    m.id = "K";
    m.agregacion = agregacion;
    m.tipo = tipo;
    m.objetivo = std::move(objetivo);
    const std::string a = agregacion;
    m.con_metrica = a == "mediana" || a == "promedio" || a == "maximo";
    m.metrica = 0;
    m.estado_informe = estado_informe;
    m.valor_informe = std::move(valor_informe);
    t.c.filas.medidas = 1;
    t.c.filas.metricas = m.con_metrica ? 1 : 0;
    const bool metric = m.con_metrica;
    t.c.medidas.push_back(std::move(m));
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Item& it = items[i];
        playground::Case k;
        k.id = "K-" + std::to_string(i);
        k.fila_registrada = t.c.filas.add();
        t.c.filas.result(k.fila_registrada, 0) = it.r;
        if (metric) t.c.filas.set_metric(k.fila_registrada, 0, it.m);
        std::int32_t camino = -1;
        if (it.r_nuevo) {
            playground::Path p;
            p.fila = t.c.filas.add();
            t.c.filas.result(p.fila, 0) = *it.r_nuevo;
            if (metric) t.c.filas.set_metric(p.fila, 0, it.m_nuevo);
            camino = static_cast<std::int32_t>(t.c.caminos.size());
            t.c.caminos.push_back(p);
        }
        t.c.casos.push_back(std::move(k));
        t.camino.push_back(camino);
    }
    return t;
}

struct Outcome {
    std::string estado, valor, incumplen, no_evaluables;
    bool recalculado;
};

Outcome measure_table(const Table& t) {
    const std::vector<playground::MeasureResult> r = playground::internal::remeasure(t.c, t.camino);
    REQUIRE(r.size() == 1);
    return {r[0].estado, canon(r[0].valor), ids(t.c, r[0].casos_que_incumplen), ids(t.c, r[0].no_evaluables), r[0].recalculado};
}

constexpr Result v = Result::v, f = Result::f, fuera = Result::fuera, nulo = Result::nulo, ne = Result::ne;

}  // namespace

TEST_CASE("todos_cumplen: incumple on any f, else indeterminado on any ne, else cumple; empty → sin_poblacion") {
    // Population = not fuera/nulo: K-0..K-3 (4). K-2 f → incumple, failing [K-2]; K-3 ne listed apart; value false.
    Outcome o = measure_table(table("todos_cumplen", "absoluto", Value(true), {{v}, {v}, {f}, {ne}, {fuera}, {nulo}}));
    CHECK(o.estado == "incumple");
    CHECK(o.valor == "false");
    CHECK(o.incumplen == R"(["K-2"])");
    CHECK(o.no_evaluables == R"(["K-3"])");
    CHECK_FALSE(o.recalculado);
    // No f, one ne → indeterminado; value false (not everything evaluable).
    o = measure_table(table("todos_cumplen", "absoluto", Value(true), {{v}, {ne}, {fuera}}));
    CHECK(o.estado == "indeterminado");
    CHECK(o.valor == "false");
    CHECK(o.no_evaluables == R"(["K-1"])");
    // All v → cumple, true.
    o = measure_table(table("todos_cumplen", "absoluto", Value(true), {{v}, {v}, {fuera}}));
    CHECK(o.estado == "cumple");
    CHECK(o.valor == "true");
    // Nobody in → sin_poblacion, value null.
    o = measure_table(table("todos_cumplen", "absoluto", Value(true), {{fuera}, {nulo}}));
    CHECK(o.estado == "sin_poblacion");
    CHECK(o.valor == "null");
    // A case read on a new path: recorded v, now f → incumple, recalculado.
    o = measure_table(table("todos_cumplen", "absoluto", Value(true), {{v, std::nullopt, f}, {v}}));
    CHECK(o.estado == "incumple");
    CHECK(o.incumplen == R"(["K-0"])");
    CHECK(o.recalculado);
    // A new path whose result equals the recorded one: not recalculado.
    o = measure_table(table("todos_cumplen", "absoluto", Value(true), {{v, std::nullopt, v}, {v}}));
    CHECK(o.estado == "cumple");
    CHECK_FALSE(o.recalculado);
    // A case leaving the population on its new path leaves the others to decide: v → fuera, K-1 v → cumple.
    o = measure_table(table("todos_cumplen", "absoluto", Value(true), {{f, std::nullopt, fuera}, {v}}));
    CHECK(o.estado == "cumple");
    CHECK(o.recalculado);
}

TEST_CASE("tasa: ne counts as failing, the unrounded rate decides") {
    // 2 true of 3: 0.6666… → redondear 4: Math.round(6666.666…) / 10000 = 0.6667. Target 0.6667: the rounded
    // value reaches it, the unrounded rate does not → incumple.
    Outcome o = measure_table(table("tasa", "tasa", Value(0.6667), {{v}, {v}, {f}}));
    CHECK(o.estado == "incumple");
    CHECK(o.valor == "0.6667");
    CHECK(o.incumplen == R"(["K-2"])");
    CHECK(o.no_evaluables == "[]");
    // An ne fails as an f does, and is listed both with the failures and as not evaluable.
    o = measure_table(table("tasa", "tasa", Value(0.6667), {{v}, {v}, {ne}}));
    CHECK(o.estado == "incumple");
    CHECK(o.valor == "0.6667");
    CHECK(o.incumplen == R"(["K-2"])");
    CHECK(o.no_evaluables == R"(["K-2"])");
    // Target 0.66: 0.6666… ≥ 0.66 → cumple; the failing case is still listed; K-3 (fuera) is not in the denominator.
    o = measure_table(table("tasa", "tasa", Value(0.66), {{v}, {v}, {ne}, {fuera}}));
    CHECK(o.estado == "cumple");
    CHECK(o.valor == "0.6667");
    CHECK(o.incumplen == R"(["K-2"])");
    // 3/3 = 1 ≥ 1.
    o = measure_table(table("tasa", "tasa", Value(1.0), {{v}, {v}, {v}}));
    CHECK(o.estado == "cumple");
    CHECK(o.valor == "1");
    // Moving a case: v → ne makes 1/2 = 0.5 < 0.95.
    o = measure_table(table("tasa", "tasa", Value(0.95), {{v, std::nullopt, ne}, {v}}));
    CHECK(o.estado == "incumple");
    CHECK(o.valor == "0.5");
    CHECK(o.recalculado);
    // Nobody in.
    o = measure_table(table("tasa", "tasa", Value(0.95), {{fuera}, {nulo}}));
    CHECK(o.estado == "sin_poblacion");
    CHECK(o.valor == "null");
}

TEST_CASE("mediana, promedio, maximo: null m → no_evaluables, values from every population case") {
    // Population K-0..K-3 (K-4 fuera, K-5 nulo). Numeric m: K-0 2, K-1 4, K-2 6 (r ne: its value still counts);
    // K-3 has no m. no_evaluables = [K-2 (ne), K-3 (null m)]. Latency target 5 (≤): bad one by one = m > 5 → [K-2].
    const std::vector<Item> items = {{v, 2.0}, {v, 4.0}, {ne, 6.0}, {v}, {fuera}, {nulo}};
    // median(2, 4, 6) = 4 ≤ 5, but something is not evaluable → indeterminado.
    Outcome o = measure_table(table("mediana", "latencia", Value(5.0), items));
    CHECK(o.estado == "indeterminado");
    CHECK(o.valor == "4");
    CHECK(o.incumplen == R"(["K-2"])");
    CHECK(o.no_evaluables == R"(["K-2","K-3"])");
    // mean = 12/3 = 4 → indeterminado.
    o = measure_table(table("promedio", "latencia", Value(5.0), items));
    CHECK(o.estado == "indeterminado");
    CHECK(o.valor == "4");
    CHECK(o.no_evaluables == R"(["K-2","K-3"])");
    // max = 6 > 5 → incumple (the aggregate decides before the unevaluable ones).
    o = measure_table(table("maximo", "latencia", Value(5.0), items));
    CHECK(o.estado == "incumple");
    CHECK(o.valor == "6");
    CHECK(o.incumplen == R"(["K-2"])");
    // Population with no numeric m at all → indeterminado, value null.
    for (const char* a : {"mediana", "promedio", "maximo"}) {
        CAPTURE(a);
        o = measure_table(table(a, "latencia", Value(5.0), {{v}, {ne}}));
        CHECK(o.estado == "indeterminado");
        CHECK(o.valor == "null");
        CHECK(o.no_evaluables == R"(["K-0","K-1"])");
        // Nobody in → sin_poblacion.
        o = measure_table(table(a, "latencia", Value(5.0), {{fuera}, {nulo}}));
        CHECK(o.estado == "sin_poblacion");
        CHECK(o.valor == "null");
        // A clean population: 1, 2 → median 1.5, mean 1.5, max 2, all ≤ 5 → cumple.
        o = measure_table(table(a, "latencia", Value(5.0), {{v, 1.0}, {v, 2.0}}));
        CHECK(o.estado == "cumple");
        CHECK(o.valor == (std::string(a) == "maximo" ? "2" : "1.5"));
        // A new path with the same r and another m: recalculado (1 → 3: median/mean 2.5, max 3).
        o = measure_table(table(a, "latencia", Value(5.0), {{v, 1.0, v, 3.0}, {v, 2.0}}));
        CHECK(o.recalculado);
        CHECK(o.valor == (std::string(a) == "maximo" ? "3" : "2.5"));
        // A new path losing its m (a post-decision key): no_evaluables, the other case's value decides.
        o = measure_table(table(a, "latencia", Value(5.0), {{v, 1.0, v}, {v, 2.0}}));
        CHECK(o.estado == "indeterminado");
        CHECK(o.valor == "2");
        CHECK(o.no_evaluables == R"(["K-0"])");
        CHECK(o.recalculado);
    }
    // Value redondear 3: mean(1, 2, 2) = 5/3 = 1.666… → Math.round(1666.66…) / 1000 = 1.667.
    o = measure_table(table("promedio", "latencia", Value(5.0), {{v, 1.0}, {v, 2.0}, {v, 2.0}}));
    CHECK(o.valor == "1.667");
    // The unrounded aggregate decides: max 1.0004 > 1.0002 → incumple, though it shows as redondear 3 = 1.
    o = measure_table(table("maximo", "latencia", Value(1.0002), {{v, 1.0004}}));
    CHECK(o.estado == "incumple");
    CHECK(o.valor == "1");
    // Higher is better for a type other than latencia/costo: median(1, 2, 9) = 2 < 3 → incumple, bad one by one
    // = m < 3 → [K-0, K-1]; mean 4 ≥ 3 → cumple (those cases still listed); max 9 → cumple.
    const std::vector<Item> up = {{v, 1.0}, {v, 2.0}, {v, 9.0}};
    o = measure_table(table("mediana", "tasa", Value(3.0), up));
    CHECK(o.estado == "incumple");
    CHECK(o.incumplen == R"(["K-0","K-1"])");
    o = measure_table(table("promedio", "tasa", Value(3.0), up));
    CHECK(o.estado == "cumple");
    CHECK(o.valor == "4");
    CHECK(o.incumplen == R"(["K-0","K-1"])");
    o = measure_table(table("maximo", "tasa", Value(3.0), up));
    CHECK(o.estado == "cumple");
    // costo is lower-is-better like latencia: max 6 > 5.
    o = measure_table(table("maximo", "costo", Value(5.0), {{v, 6.0}}));
    CHECK(o.estado == "incumple");
}

TEST_CASE("pass^k: the report's state and value stand until a case's result moves, then indeterminado") {
    // Recorded: K-0 v, K-1 f, K-2 out. The report said incompleto, 0.5.
    const std::vector<Item> kept = {{v}, {f}, {fuera}};
    Outcome o = measure_table(table("pass^k", "tasa", Value(0.9), kept, "incompleto", Value(0.5)));
    CHECK(o.estado == "incompleto");
    CHECK(o.valor == "0.5");
    CHECK_FALSE(o.recalculado);
    // A case read on a new path with the same result: nothing moved, kept.
    o = measure_table(table("pass^k", "tasa", Value(0.9), {{v, std::nullopt, v}, {f}, {fuera}}, "incompleto", Value(0.5)));
    CHECK(o.estado == "incompleto");
    CHECK(o.valor == "0.5");
    CHECK_FALSE(o.recalculado);
    // K-1 f → v: repetitions cannot be replayed → indeterminado, no value.
    o = measure_table(table("pass^k", "tasa", Value(0.9), {{v}, {f, std::nullopt, v}, {fuera}}, "incompleto", Value(0.5)));
    CHECK(o.estado == "indeterminado");
    CHECK(o.valor == "null");
    CHECK(o.recalculado);
    // Leaving the population is a move too (out ≠ v).
    o = measure_table(table("pass^k", "tasa", Value(0.9), {{v, std::nullopt, fuera}, {f}}, "cumple", Value(1.0)));
    CHECK(o.estado == "indeterminado");
    CHECK(o.recalculado);
}

TEST_CASE("a criterion the report found mal_formado stays so, with the report's value, at every setting") {
    // Rows that would otherwise fail (f, ne) and a moved case: still mal_formado, the report's value, empty lists.
    for (const char* a : {"todos_cumplen", "tasa", "mediana", "pass^k"}) {
        CAPTURE(a);
        const Outcome o = measure_table(table(a, "latencia", Value(0.9), {{f, 1.0, v, 2.0}, {ne}}, "mal_formado", Value("sin valor")));
        CHECK(o.estado == "mal_formado");
        CHECK(o.valor == R"("sin valor")");
        CHECK(o.incumplen == "[]");
        CHECK(o.no_evaluables == "[]");
    }
}
