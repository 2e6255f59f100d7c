// core/playground/sweep (playground.md §10.3): grid parsing with its codes, the Pareto front on points worked
// by hand, and the sweep of demo-a-200 against play() point by point and against the trace files themselves.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/reader.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/sweep.hpp"
#include "support/dir.hpp"
#include "support/files.hpp"

using namespace planlang;
using namespace planlang::playground;
using json::Value;

namespace {

const std::string kRun = "synthetic/runs/demo-a/demo-a-200";

run::FileSource source() {
    return [](const std::string& path) -> std::optional<run::FileBytes> {
        const std::string full = testing::source_path(path);
        if (!testing::file_exists(full)) return std::nullopt;
        return run::FileBytes(testing::read_text(full));
    };
}

// demo-a-200's compact, loaded once for every test case of this file.
const Compact& demo_a_200() {
    static const std::shared_ptr<const Compact> kCompact = [] {
        LoadRequest request;
        request.lectura.main_run = kRun;
        request.lectura.plan_candidates = {"plans/demo-a/plan-demo-a.json"};
        const Loaded loaded = load(request, source());
        REQUIRE(loaded.ok);
        return loaded.compacto;
    }();
    return *kCompact;
}

const Value& at(const Value& v, std::string_view key) {
    static const Value kNull;
    const Value* x = v.is_object() ? v.find(key) : nullptr;
    return x ? *x : kNull;
}

std::size_t index_of(const Compact& c, const std::string& id) {
    for (std::size_t i = 0; i < c.umbrales.size(); ++i)
        if (c.umbrales[i].id == id) return i;
    FAIL("no threshold " << id);
    return 0;
}

}  // namespace

TEST_CASE("playground.sweep: grid axes that parse, with their values") {
    const Compact& c = demo_a_200();
    struct Good {
        const char* text;
        const char* id;
        std::vector<double> valores;
    };
    const Good goods[] = {
        {"U1=0.5:0.95:0.05", "U1", {0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95}},
        {"U1=0.75:0.75:0.05", "U1", {0.75}},
        {"U1=0.5:0.95:0.2", "U1", {0.5, 0.7, 0.9}},                // round(2.25) = 2 steps
        {"U1=0.475:0.575:0.05", "U1", {0.475, 0.525, 0.575}},      // half a step below the range's min is allowed
        {"U2=900:1100:100", "U2", {900, 1000, 1100}},
        {"U2=4900:5040:100", "U2", {4900, 5000}},                  // round(1.4) = 1 step: 5040 is not reached
        {"U3=0:4:1", "U3", {0, 1, 2, 3, 4}},
    };
    for (const Good& g : goods) {
        CAPTURE(g.text);
        GridAxis axis;
        const std::optional<Issue> bad = parse_grid(c, g.text, axis);
        REQUIRE_FALSE(bad);
        CHECK(c.umbrales[axis.umbral].id == g.id);
        CHECK(axis.valores == g.valores);
    }
    GridAxis u2;
    REQUIRE_FALSE(parse_grid(c, "U2=200:5000:100", u2));
    CHECK(u2.valores.size() == 49);
    CHECK(u2.valores.front() == 200);
    CHECK(u2.valores.back() == 5000);
    // The default axes are the sliders' positions.
    CHECK(full_axis(c, index_of(c, "U1")).valores == goods[0].valores);
    CHECK(full_axis(c, index_of(c, "U2")).valores == u2.valores);
}

TEST_CASE("playground.sweep: grid axes that do not parse, with their codes") {
    const Compact& c = demo_a_200();
    struct Bad {
        const char* text;
        const char* code;
    };
    const Bad bads[] = {
        {"U1", "PLAYGROUND_REJILLA_INVALIDA"},
        {"=0.5:0.9:0.1", "PLAYGROUND_REJILLA_INVALIDA"},
        {"U1=0.5:0.9", "PLAYGROUND_REJILLA_INVALIDA"},
        {"U1=0.5:0.9:0.1:1", "PLAYGROUND_REJILLA_INVALIDA"},
        {"U1=a:0.9:0.1", "PLAYGROUND_REJILLA_INVALIDA"},
        {"U1=0.5:0.9:.1", "PLAYGROUND_REJILLA_INVALIDA"},  // not a JSON number
        {"U1=0.5:0.9:0", "PLAYGROUND_REJILLA_INVALIDA"},
        {"U1=0.5:0.9:-0.1", "PLAYGROUND_REJILLA_INVALIDA"},
        {"U1=0.9:0.5:0.1", "PLAYGROUND_REJILLA_INVALIDA"},
        {"U9=0.5:0.9:0.1", "PLAYGROUND_REJILLA_UMBRAL"},
        {"U4=0:1:1", "PLAYGROUND_REJILLA_UMBRAL"},  // a switch
        {"U1=0.4:0.9:0.05", "PLAYGROUND_REJILLA_FUERA_DE_RANGO"},
        {"U1=0.5:1.2:0.05", "PLAYGROUND_REJILLA_FUERA_DE_RANGO"},
        {"U1=0.5:0.95:0.3", "PLAYGROUND_REJILLA_FUERA_DE_RANGO"},  // positions 0.5, 0.8, 1.1: the last passes 0.975
        {"U2=200:5000:0.01", "PLAYGROUND_REJILLA_DEMASIADO_GRANDE"},
    };
    for (const Bad& b : bads) {
        CAPTURE(b.text);
        GridAxis axis;
        const std::optional<Issue> bad = parse_grid(c, b.text, axis);
        REQUIRE(bad);
        CHECK(bad->code == b.code);
        CHECK(bad->element == b.text);
        CHECK_FALSE(bad->message.es.empty());
        CHECK_FALSE(bad->message.en.empty());
    }
    GridAxis a, b;
    REQUIRE_FALSE(parse_grid(c, "U1=0.5:0.95:0.05", a));
    REQUIRE_FALSE(parse_grid(c, "U1=0.5:0.6:0.05", b));
    CHECK(check_grid(c, a, b)->code == "PLAYGROUND_REJILLA_INVALIDA");  // the same threshold twice
    REQUIRE_FALSE(parse_grid(c, "U2=200:5000:0.1", b));                // 48,001 values: fine alone
    CHECK(check_grid(c, a, b)->code == "PLAYGROUND_REJILLA_DEMASIADO_GRANDE");  // 480,010 points
    REQUIRE_FALSE(parse_grid(c, "U2=200:5000:100", b));
    CHECK_FALSE(check_grid(c, a, b));
}

TEST_CASE("playground.sweep: the Pareto front of hand-made points") {
    // (errors, cost): 0 is dominated by 3 (same errors, less cost), 1 by 7, 2 equals 1 (and comes later), 4 by 5.
    const std::vector<std::pair<std::int64_t, double>> keys = {{5, 100}, {3, 200}, {3, 200}, {5, 90}, {2, 300}, {2, 250}, {6, 80}, {3, 150}};
    CHECK(pareto_front(keys) == std::vector<std::size_t>{3, 5, 6, 7});
    // Equal points: only the first in grid order.
    CHECK(pareto_front({{1, 10}, {1, 10}, {1, 10}}) == std::vector<std::size_t>{0});
    CHECK(pareto_front({{2, 10}, {1, 10}}) == std::vector<std::size_t>{1});
    CHECK(pareto_front({{0, 5}, {1, 4}, {2, 3}, {3, 3}, {4, 1}}) == std::vector<std::size_t>{0, 1, 2, 4});
    CHECK(pareto_front({}).empty());
}

TEST_CASE("playground.sweep: demo-a-200 over U1 × U2, point by point equal to play()") {
    const Compact& c = demo_a_200();
    REQUIRE(c.autocomprobacion_ok);
    GridAxis a, b;
    REQUIRE_FALSE(parse_grid(c, "U1=0.5:0.95:0.05", a));
    REQUIRE_FALSE(parse_grid(c, "U2=200:5000:100", b));
    const Setting base = plan_setting(c);
    std::size_t calls = 0;
    const Sweep s = sweep(c, base, a, b, {}, [&](std::size_t done, std::size_t total) {
        ++calls;
        CHECK(done == calls);
        CHECK(total == 490);
    });
    REQUIRE(s.puntos.size() == 490);
    CHECK(calls == 490);
    CHECK(s.verdad == Sweep::Truth::congelada);

    // The plan's point: U1 0.75 (position 5) and U2 1000 (position 8).
    REQUIRE(s.plan);
    CHECK(*s.plan == 5 * 49 + 8);
    CHECK(s.actual == s.plan);
    const SweepPoint& plan = s.puntos[*s.plan];
    CHECK(plan.setting == base);
    CHECK(plan.errores_introducidos == 0);
    CHECK(plan.errores_evitados == 0);
    CHECK(plan.no_observados == 0);
    // From the files themselves: traces with a pause, and traces without one whose case must escalate.
    std::int64_t paused = 0, missed = 0;
    const Value batch = json::read(testing::read_text(testing::source_path("synthetic/casos/demo-a/demo-a-200.json"))).value;
    for (const std::string& file : testing::list_files(testing::source_path(kRun + "/trazas"), ".json")) {
        const Value trace = json::read(testing::read_text(file)).value;
        const bool pause = at(trace, "pausas_humanas").is_array() && !at(trace, "pausas_humanas").as_array().empty();
        paused += pause;
        if (!pause)
            for (const Value& k : at(batch, "casos").as_array())
                if (at(k, "id") == at(trace, "caso_id")) missed += at(at(k, "verdad_conocida"), "debe_escalar") == Value(true);
    }
    CHECK(paused == 74);
    CHECK(plan.personas == paused);
    REQUIRE(plan.minutos);
    CHECK(*plan.minutos == 12.0 * static_cast<double>(paused));
    CHECK(plan.errores_totales == missed);

    // Every point against a direct play() at its setting.
    for (std::size_t i = 0; i < a.valores.size(); ++i)
        for (std::size_t j = 0; j < b.valores.size(); ++j) {
            const SweepPoint& p = s.puntos[i * b.valores.size() + j];
            Setting at_point = base;
            at_point.valores[a.umbral] = Value(a.valores[i]);
            at_point.valores[b.umbral] = Value(b.valores[j]);
            CAPTURE(a.valores[i]);
            CAPTURE(b.valores[j]);
            REQUIRE(p.setting == at_point);
            const Replay r = play(c, at_point);
            CHECK(p.errores_introducidos == static_cast<std::int64_t>(r.introducidos.size()));
            CHECK(p.errores_evitados == static_cast<std::int64_t>(r.evitados.size()));
            CHECK(p.no_observados == static_cast<std::int64_t>(r.no_observados.size()));
            CHECK(p.no_jugables == static_cast<std::int64_t>(r.no_jugables.size()));
            CHECK(p.personas == r.personas);
            CHECK(p.minutos == r.minutos);
            // Total errors: cases left without a person here (recorded or new outcome) that must escalate.
            std::vector<Outcome> now(c.casos.size());
            std::vector<bool> out(c.casos.size(), false);
            for (std::size_t k = 0; k < c.casos.size(); ++k) now[k] = c.casos[k].registrado;
            for (const Change& ch : r.cambios) now[ch.caso] = ch.ahora;
            for (const NotPlayable& n : r.no_jugables) out[n.caso] = true;
            std::int64_t total = 0;
            for (std::size_t k = 0; k < c.casos.size(); ++k) total += !out[k] && now[k] == Outcome::solo && c.casos[k].debe_escalar;
            CHECK(p.errores_totales == total);
        }
    // The front: no point dominates one of it, and every point off it is dominated or equals an earlier one.
    std::vector<bool> on(s.puntos.size(), false);
    for (std::size_t i : s.frente_pareto) on[i] = true;
    for (std::size_t i = 0; i < s.puntos.size(); ++i) {
        const SweepPoint& p = s.puntos[i];
        bool beaten = false;
        for (std::size_t j = 0; j < s.puntos.size() && !beaten; ++j) {
            const SweepPoint& q = s.puntos[j];
            const bool no_worse = q.errores_totales <= p.errores_totales && *q.minutos <= *p.minutos;
            const bool better = q.errores_totales < p.errores_totales || *q.minutos < *p.minutos;
            beaten = no_worse && (better || j < i);
        }
        CAPTURE(i);
        CHECK(on[i] == !beaten);
    }
}

TEST_CASE("playground.sweep: the base fixes the other thresholds; the caller's truth is used and said") {
    const Compact& c = demo_a_200();
    GridAxis a, b;
    REQUIRE_FALSE(parse_grid(c, "U1=0.7:0.8:0.05", a));
    REQUIRE_FALSE(parse_grid(c, "U2=900:1100:100", b));
    Setting base = plan_setting(c);
    REQUIRE_FALSE(set_threshold(c, base, "U4=true"));
    const Sweep texas = sweep(c, base, a, b, {});
    CHECK_FALSE(texas.plan);  // U4 is not at the plan's value
    REQUIRE(texas.actual);
    CHECK(*texas.actual == 1 * 3 + 1);
    for (const SweepPoint& p : texas.puntos) CHECK(p.setting.valores[index_of(c, "U4")] == Value(true));
    const Replay r = play(c, texas.puntos[*texas.actual].setting);
    CHECK(texas.puntos[*texas.actual].personas == r.personas);

    // A truth that says every case must escalate: every case left without a person is an error.
    std::size_t asked = 0;
    const Sweep all = sweep(c, plan_setting(c), a, b, [&](std::size_t, const Value& applied) -> std::optional<bool> {
        ++asked;
        CHECK(applied.is_object());
        return true;
    });
    CHECK(all.verdad == Sweep::Truth::en_este_ajuste);
    CHECK(asked > 0);
    for (const SweepPoint& p : all.puntos)
        CHECK(p.errores_totales == static_cast<std::int64_t>(c.casos.size()) - p.personas - p.no_observados - p.no_jugables);
    // A truth that never knows: the frozen truth, and so said.
    const Sweep none = sweep(c, plan_setting(c), a, b, [](std::size_t, const Value&) { return std::optional<bool>(); });
    CHECK(none.verdad == Sweep::Truth::congelada);
    for (std::size_t i = 0; i < none.puntos.size(); ++i) CHECK(none.puntos[i].errores_totales == sweep(c, plan_setting(c), a, b, {}).puntos[i].errores_totales);
    const Value j = sweep_json(c, none);
    CHECK(at(j, "verdad") == Value("congelada"));
    CHECK(at(j, "puntos").as_array().size() == 9);
    CHECK(at(j, "plan") == Value(4));
    CHECK(at(at(at(j, "puntos").as_array()[4], "umbrales"), "U2") == Value(1000));
    CHECK_FALSE(sweep_text(j, true).empty());
    CHECK_FALSE(sweep_text(j, false).empty());
}
