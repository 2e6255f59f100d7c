// Loading a run into the playground (core/playground/compact.cpp, builder.cpp) and the §8 self-check: every
// committed multi-agent run reproduces its report at plan values; a report altered in memory does not, and the
// reason names what differs; Texas and the clarification limit on demo-a-200, with the cases that must move
// found independently from the traces; the §11 run (a case not playable); the demo manifest given or missing; a
// trace key nobody classified. Expected values are worked out by hand from the spec and the files, never copied
// from the playground's output.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <set>

#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing;
using namespace planlang::testing::pg;
using json::Value;

namespace {

// The run's manifest and traces as JSON, read directly (not through the playground).
struct RunTraces {
    std::vector<std::string> ids;  // casos_ejecutados
    std::map<std::string, Value> traces;
};

RunTraces traces_of(const std::string& run) {
    RunTraces out;
    const RunFiles files;
    const std::optional<Value> manifest = files.json_of(run + "/corrida.json");
    REQUIRE(manifest);
    for (const Value& id : at(*manifest, "casos_ejecutados").as_array()) {
        out.ids.push_back(id.as_string());
        std::optional<Value> t = files.json_of(run + "/trazas/" + id.as_string() + ".json");
        REQUIRE(t);
        out.traces[id.as_string()] = std::move(*t);
    }
    return out;
}

bool paused(const Value& trace) { return hand::size(at(trace, "pausas_humanas")) > 0; }

// The report of `run` changed in memory by `edit`, loaded through the playground.
playground::Loaded with_report(const std::string& run, const std::function<void(Value&)>& edit) {
    RunFiles files;
    std::optional<Value> informe = files.json_of(run + "/informe.json");
    REQUIRE(informe);
    edit(*informe);
    files.put_json(run + "/informe.json", *informe);
    return load_with(run, files);
}

Value& member(Value& object, const std::string& key) {
    Value* v = object.find(key);
    REQUIRE(v);
    return *v;
}

Value& item_with_id(Value& list, const std::string& id) {
    for (Value& x : list.as_array())
        if (at(x, "id") == Value(id)) return x;
    FAIL("no " << id);
    return list;
}

std::string motive(const playground::Loaded& l) {
    REQUIRE(l.ok);
    const playground::SelfCheck s = playground::self_check(*l.compacto);
    CHECK_FALSE(s.ok);
    REQUIRE(s.motivo);
    CHECK(!s.motivo->es.empty());
    return s.motivo->en;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("every committed multi-agent run reproduces its report at plan values") {
    for (const std::string& run : {kHumo3, kDemo20, kDemo200}) {
        CAPTURE(run);
        const playground::Loaded& l = loaded(run);
        REQUIRE(l.ok);
        const playground::Compact& c = *l.compacto;
        CHECK(c.informe_origen == "informe.json");
        const playground::SelfCheck s = playground::self_check(c);
        CAPTURE((s.motivo ? s.motivo->en : std::string()));
        CHECK(s.ok);
        // At plan values: no case diverges, none is unplayable, and the persons are the traces with a pause record
        // (counted here from the trace files), 12 minutes each.
        const RunTraces t = traces_of(run);
        std::int64_t persons = 0;
        for (const std::string& id : t.ids) persons += paused(t.traces.at(id));
        const playground::Replay r = playground::play(c, playground::plan_setting(c));
        CHECK(r.cambios.empty());
        CHECK(r.no_jugables.empty());
        CHECK(c.casos.size() == t.ids.size());
        CHECK(r.personas == persons);
        CHECK(r.personas_plan == persons);
        CHECK(r.minutos == static_cast<double>(persons) * 12);
        // The verdict at plan values is the report's.
        const Value& v = at(c.informe, "veredicto");
        CHECK(at(v, "valor") == Value(r.veredicto.valor));
        CHECK(canon(at(v, "alertas")) == canon(Value(r.veredicto.alertas)));
        CHECK(canon(at(v, "bloqueantes")) == canon(Value(r.veredicto.bloqueantes)));
    }
}

TEST_CASE("a report altered in memory fails the self-check, naming what differs") {
    SUBCASE("a criterion's state (C1 of demo-a-20: cumple → incumple)") {
        const std::string why = motive(with_report(kDemo20, [](Value& r) { member(item_with_id(member(r, "criterios"), "C1"), "estado") = Value("incumple"); }));
        CHECK(contains(why, "C1"));
        CHECK(contains(why, "incumple"));
    }
    SUBCASE("a criterion's measured value (C11 of demo-a-20: 1 → 0.95)") {
        const std::string why = motive(with_report(kDemo20, [](Value& r) { member(item_with_id(member(r, "criterios"), "C11"), "valor_medido") = Value(0.95); }));
        CHECK(contains(why, "C11"));
        CHECK(contains(why, "0.95"));
    }
    // C5 is pass^k: not replayed, its state and value are the report's at plan values; the self-check checks them
    // against the main run and the report's own failing cases. demo-a-20's C5: 0.75, incumple (target 0.9).
    SUBCASE("pass^k's state (C5 of demo-a-20: incumple → cumple; 0.75 < 0.9 gives incumple)") {
        const std::string why = motive(with_report(kDemo20, [](Value& r) { member(item_with_id(member(r, "criterios"), "C5"), "estado") = Value("cumple"); }));
        CHECK(contains(why, "C5"));
        CHECK(contains(why, "incumple"));
    }
    SUBCASE("pass^k's value (C5 of demo-a-20: 0.75 → 0.8)") {
        const std::string why = motive(with_report(kDemo20, [](Value& r) { member(item_with_id(member(r, "criterios"), "C5"), "valor_medido") = Value(0.8); }));
        CHECK(contains(why, "C5"));
        CHECK(contains(why, "0.8"));
        CHECK(contains(why, "0.75"));
    }
    SUBCASE("pass^k's failing cases (C5 of pg-efectos: A-067 fails in the main run, dropped from the list)") {
        const std::string why = motive(with_report(kEfectos, [](Value& r) {
            Value& c5 = item_with_id(member(r, "criterios"), "C5");
            member(c5, "casos_que_incumplen") = Value(json::Array{Value("A-105")});
        }));
        CHECK(contains(why, "C5"));
        CHECK(contains(why, "A-067"));
    }
    SUBCASE("a criterion's median (C7 of demo-a-200: 0.006 → 0.007)") {
        const std::string why = motive(with_report(kDemo200, [](Value& r) { member(item_with_id(member(r, "criterios"), "C7"), "valor_medido") = Value(0.007); }));
        CHECK(contains(why, "C7"));
    }
    SUBCASE("a verdict alert of steps 1–3 (demo-a-20's first alert, C5's, reworded)") {
        const std::string why = motive(with_report(kDemo20, [](Value& r) {
            Value& first = member(member(r, "veredicto"), "alertas").as_array().front();
            member(first, "en") = Value("Criterion C5 is met.");
        }));
        CHECK(contains(why, "verdict"));
    }
    SUBCASE("the verdict's value (demo-a-200: cumple_con_alertas → cumple)") {
        const std::string why = motive(with_report(kDemo200, [](Value& r) { member(member(r, "veredicto"), "valor") = Value("cumple"); }));
        CHECK(contains(why, "verdict"));
        CHECK(contains(why, "cumple_con_alertas"));
    }
    SUBCASE("an observed median (U1 of demo-a-200: 0.87 → 0.88)") {
        const std::string why = motive(with_report(kDemo200, [](Value& r) {
            Value& u1 = item_with_id(member(member(r, "playground"), "umbrales"), "U1");
            member(member(u1, "observados"), "mediana") = Value(0.88);
        }));
        CHECK(contains(why, "U1"));
        CHECK(contains(why, "mediana"));
        CHECK(contains(why, "0.88"));
    }
    SUBCASE("the cases at a threshold (U2 of demo-a-200 loses one)") {
        const std::string why = motive(with_report(kDemo200, [](Value& r) {
            Value& u2 = item_with_id(member(member(r, "playground"), "umbrales"), "U2");
            member(u2, "casos_en_el_umbral").as_array().pop_back();
        }));
        CHECK(contains(why, "U2"));
    }
    SUBCASE("a risk's state (R5 of demo-a-20)") {
        const std::string why = motive(with_report(kDemo20, [](Value& r) {
            Value& r5 = item_with_id(member(r, "riesgos"), "R5");
            member(r5, "estado") = Value(at(r5, "estado") == Value("ocurrio") ? "no_ocurrio" : "ocurrio");
        }));
        CHECK(contains(why, "R5"));
    }
    SUBCASE("another run's report is refused at load") {
        RunFiles files;
        std::optional<Value> informe = files.json_of(kDemo200 + "/informe.json");
        REQUIRE(informe);
        files.put_json(kDemo20 + "/informe.json", *informe);
        const playground::Loaded l = load_with(kDemo20, files);
        CHECK_FALSE(l.ok);
        REQUIRE(l.problemas.size() == 1);
        CHECK(l.problemas[0].code == "PLAYGROUND_INFORME_AJENO");
    }
}

TEST_CASE("demo-a-200 with Texas on: every partial approval that left without a person goes to one") {
    const playground::Compact& c = compact(kDemo200);
    const RunTraces t = traces_of(kDemo200);
    // Found from the traces alone: proposal aprobar_parcial and no pause record.
    json::Array partial;
    std::int64_t persons = 0;
    for (const std::string& id : t.ids) {
        const Value& trace = t.traces.at(id);
        persons += paused(trace);
        if (at(at(trace, "senales"), "propuesta") == Value("aprobar_parcial") && !paused(trace)) partial.emplace_back(id);
    }
    REQUIRE(!partial.empty());
    const playground::Replay r = playground::play(c, setting(c, {"U4=true"}));
    // Those cases and no other change (every other non-approving proposal already paused, or never reached decision).
    CHECK(changed(c, r) == canon(Value(partial)));
    for (const playground::Change& ch : r.cambios) {
        const Value rec = playground::change_record(c, r, ch);
        CAPTURE(canon(at(rec, "id")));
        CHECK(at(rec, "antes") == Value("solo"));
        CHECK(at(rec, "ahora") == Value("persona"));
        CHECK(at(rec, "nodo") == Value("decision"));
        CHECK(at(rec, "rama_nueva") == Value("pausa_humana"));
        CHECK(at(rec, "exigida_por_texas") == Value(true));
        CHECK(at(at(rec, "ahora_decide"), "funcion") == Value("texas_y_no_aprobar"));
    }
    // Minutes: (recorded persons + the partial approvals) × 12; the plan side keeps the recorded persons.
    const auto extra = static_cast<std::int64_t>(partial.size());
    CHECK(r.personas == persons + extra);
    CHECK(r.personas_plan == persons);
    CHECK(r.minutos == static_cast<double>((persons + extra) * 12));
    CHECK(r.minutos_plan == static_cast<double>(persons * 12));
}

TEST_CASE("demo-a-200 with U3 3: the cases paused at the clarification limit are no longer observed") {
    const playground::Compact& c = compact(kDemo200);
    const RunTraces t = traces_of(kDemo200);
    // From the traces: the last aclaracion visit took the pause by edge 2 (ciclos_aclaracion 2 ≥ 2), not edge 1.
    json::Array limited;
    std::int64_t persons = 0;
    for (const std::string& id : t.ids) {
        const Value& trace = t.traces.at(id);
        persons += paused(trace);
        double last = -1;
        for (const Value& rec : at(trace, "decisiones_de_arista").as_array())
            if (at(rec, "desde") == Value("aclaracion")) last = std::max(last, at(rec, "paso").as_number());
        bool edge1 = false, edge2 = false, at_limit = false;
        std::string rama;
        for (const Value& rec : at(trace, "decisiones_de_arista").as_array()) {
            if (at(rec, "desde") != Value("aclaracion") || at(rec, "paso").as_number() != last) continue;
            rama = at(rec, "rama_tomada").as_string();
            if (at(rec, "orden_arista") == Value(1.0)) edge1 = at(rec, "resultado") == Value(true);
            if (at(rec, "orden_arista") == Value(2.0)) {
                edge2 = at(rec, "resultado") == Value(true);
                at_limit = at(rec, "valor_observado") == Value(2.0);
            }
        }
        if (last >= 0 && rama == "pausa_humana" && edge2 && !edge1) {
            CHECK(at_limit);
            limited.emplace_back(id);
        }
    }
    REQUIRE(!limited.empty());
    const playground::Replay r = playground::play(c, setting(c, {"U3=3"}));
    CHECK(changed(c, r) == canon(Value(limited)));
    CHECK(ids(c, r.no_observados) == canon(Value(limited)));
    for (const playground::Change& ch : r.cambios) {
        const Value rec = playground::change_record(c, r, ch);
        CAPTURE(canon(at(rec, "id")));
        CHECK(at(rec, "antes") == Value("persona"));
        CHECK(at(rec, "efecto") == Value("no_observado"));
        CHECK(at(rec, "nodo") == Value("aclaracion"));
        CHECK(at(rec, "rama_nueva") == Value("extractor"));
        CHECK(at(at(rec, "ya_no_decide"), "orden_arista") == Value(2.0));
    }
    // They leave both sides of the minutes (§5).
    const auto n = static_cast<std::int64_t>(limited.size());
    CHECK(r.personas == persons - n);
    CHECK(r.personas_plan == persons - n);
    // --strict: the normative object only, no `complementos` (ours); without it, they are there.
    const Value strict = playground::replay_json(c, r, true);
    const Value full = playground::replay_json(c, r, false);
    CHECK(strict.find("complementos") == nullptr);
    CHECK(full.find("complementos") != nullptr);
    for (const char* key : {"autocomprobacion", "cambios", "corrida_id", "criterios", "evitados", "franja_observada", "introducidos", "minutos",
                            "minutos_plan", "no_jugables", "no_observados", "personas", "personas_plan", "umbrales", "veredicto"}) {
        CAPTURE(key);
        CHECK(strict.find(key) != nullptr);
        CHECK(canon(at(strict, key)) == canon(at(full, key)));
    }
    CHECK(hand::size(at(strict, "no_observados")) == limited.size());
}

TEST_CASE("§11: a case whose edges cannot be evaluated is not playable and counts on neither side") {
    const playground::Loaded& l = loaded(kNoJugable);
    REQUIRE(l.ok);
    const playground::Compact& c = *l.compacto;
    // A-011's decision visit compares the text "alta" with U1 (rule-language.md §7.2: an error), so at plan
    // values it cannot be replayed: the self-check fails and names it.
    const playground::SelfCheck s = playground::self_check(c);
    CHECK_FALSE(s.ok);
    REQUIRE(s.motivo);
    CHECK(contains(s.motivo->en, "A-011"));
    // U1 0.70: A-067 (0.74) leaves the pause → solo, revision_ahorrada; A-020 (0.83) stays solo; A-011 is listed,
    // not changed. Persons: A-067 no longer, A-011 excluded → 0; plan: A-067 only (A-011 excluded) → 1 → 12 minutes.
    const playground::Replay r = playground::play(c, setting(c, {"U1=0.7"}));
    REQUIRE(r.no_jugables.size() == 1);
    CHECK(c.casos[r.no_jugables[0].caso].id == "A-011");
    CHECK(!r.no_jugables[0].motivo.message.en.empty());
    CHECK(contains(r.no_jugables[0].motivo.element, "A-011"));
    CHECK(contains(r.no_jugables[0].motivo.element, "decision@4"));
    CHECK(changed(c, r) == R"(["A-067"])");
    CHECK(playground::effect_name(r.cambios[0].efecto) == "revision_ahorrada");
    CHECK(r.personas == 0);
    CHECK(r.personas_plan == 1);
    CHECK(r.minutos == 0.0);
    CHECK(r.minutos_plan == 12.0);
    const Value json = playground::replay_json(c, r, true);
    REQUIRE(hand::size(at(json, "no_jugables")) == 1);
    CHECK(at(hand::item(at(json, "no_jugables"), 0), "caso_id") == Value("A-011"));
    // Unplayable at every setting (the error does not depend on the thresholds).
    for (const char* u1 : {"U1=0.5", "U1=0.95"}) {
        CAPTURE(u1);
        CHECK(playground::play(c, setting(c, {u1})).no_jugables.size() == 1);
    }
}

TEST_CASE("the demo manifest: given in the request, or missing") {
    // mano-no-cumple (tests/data/run/) runs a variant of plan-demo-a kept in tests/data/run/mano-entradas/,
    // which has no playground.json beside it.
    const std::string run = "tests/data/run/mano-no-cumple";
    const playground::Loaded missing = load_with(run, RunFiles());
    CHECK_FALSE(missing.ok);
    REQUIRE(missing.problemas.size() == 1);
    CHECK(missing.problemas[0].code == "PLAYGROUND_SIN_DEMO");
    // Given demo A's manifest, it loads; it has no informe.json, so the report is the verifier's, made now, and
    // the run reproduces it. Its C6 is mal_formado (A-004's severidad_accion is an object): kept at any setting.
    playground::LoadRequest request;
    request.lectura.main_run = run;
    request.opciones = read_text(source_path("plans/demo-a/playground.json"));
    const RunFiles files;
    const playground::Loaded l = playground::load(request, files.source());
    REQUIRE(l.ok);
    const playground::Compact& c = *l.compacto;
    CHECK(c.informe_origen == "verificado ahora");
    const playground::SelfCheck s = playground::self_check(c);
    CAPTURE((s.motivo ? s.motivo->en : std::string()));
    CHECK(s.ok);
    const Value& c6 = hand::by_id(at(c.informe, "criterios"), "C6");
    REQUIRE(at(c6, "estado") == Value("mal_formado"));
    for (const playground::Setting& played : {playground::plan_setting(c), setting(c, {"U1=0.95", "U2=200", "U4=true"})}) {
        const playground::Replay r = playground::play(c, played);
        const playground::MeasureResult& m = measure(c, r, "C6");
        CHECK(m.estado == "mal_formado");
        CHECK(canon(m.valor) == canon(at(c6, "valor_medido")));
        CHECK(m.casos_que_incumplen.empty());
        CHECK(m.no_evaluables.empty());
    }
    // A manifest that is not one.
    request.opciones = R"({"formato": "otro"})";
    const playground::Loaded bad = playground::load(request, files.source());
    CHECK_FALSE(bad.ok);
    REQUIRE(!bad.problemas.empty());
    for (const Issue& i : bad.problemas) CHECK(i.code == "PLAYGROUND_DEMO_INVALIDO");
}

TEST_CASE("a trace signal nobody classified is refused (§7: it could leak a post-decision value)") {
    RunFiles files;
    const std::string trace = kHumo3 + "/trazas/AH-002.json";
    std::optional<Value> t = files.json_of(trace);
    REQUIRE(t);
    member(*t, "senales").as_object().push_back({"puntaje_nuevo", Value(3.0)});
    files.put_json(trace, *t);
    files.reseal(trace, {kHumo3});
    files.reseal(kHumo3 + "/corrida.json", {kHumo3});
    const playground::Loaded l = load_with(kHumo3, files);
    CHECK_FALSE(l.ok);
    CHECK(l.motivos.empty());  // the reader accepted the run: the playground refused it
    REQUIRE(l.problemas.size() == 1);
    CHECK(l.problemas[0].code == "PLAYGROUND_CLAVE_SIN_CLASIFICAR");
    CHECK(contains(l.problemas[0].element, "puntaje_nuevo"));
}
