// Measurement of a rule over a run's items (rule-language.md §6): every list outcome of the population,
// the condition and the metric, in run order; malformed rules (suspicious comparison anywhere, a text that
// could not be read, items ignored afterwards); session items.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/rules/eval.hpp"
#include "rules/eval_fixture.hpp"

using planlang::json::Value;
using planlang::rules::CaseBindings;
using planlang::rules::CaseContext;
using planlang::rules::Meter;
using planlang::rules::Node;
using planlang::rules::RuleMeasure;
using planlang::rules::SessionContext;
using planlang::testing::eval::parse_rule;
using planlang::testing::eval::read_json;

namespace {

using Ids = std::vector<std::string>;

struct Item {
    std::string id;
    std::string senales;  // JSON object
};

// Feeds the items, in order, to a meter of the given texts ("" = no text).
struct Run {
    std::vector<Value> signals;
    std::vector<Value> ids;

    explicit Run(const std::vector<Item>& items) {
        for (const Item& item : items) {
            signals.push_back(read_json(item.senales));
            ids.push_back(Value(item.id));
        }
    }
    void feed(Meter& meter, std::size_t from = 0, std::size_t to = std::string::npos) const {
        for (std::size_t i = from; i < signals.size() && i < to; ++i) {
            CaseBindings b;
            b.senales = &signals[i];
            b.caso = &ids[i];
            meter.add(ids[i].as_string(), CaseContext(b));
        }
    }
};

struct Texts {
    Node poblacion, condicion, metrica;
    bool has_condicion = false, has_metrica = false;
    Texts(const std::string& p, const std::string& c, const std::string& m) : poblacion(parse_rule(p)) {
        if (!c.empty()) { condicion = parse_rule(c); has_condicion = true; }
        if (!m.empty()) { metrica = parse_rule(m); has_metrica = true; }
    }
    Meter meter() const { return Meter(&poblacion, has_condicion ? &condicion : nullptr, has_metrica ? &metrica : nullptr); }
};

Ids not_evaluable_ids(const RuleMeasure& r) {
    Ids out;
    for (const auto& n : r.no_evaluables) out.push_back(n.id);
    return out;
}

const std::vector<Item>& mixed_items() {
    // p: population signal; c: condition signal; m: metric signal; x, y: compared with 1 (objects make
    // those comparisons suspicious).
    static const std::vector<Item> items = {
        {"A-001", R"({"p": true, "c": true, "m": 3, "x": 0, "y": 0})"},       // in, true, 3
        {"A-002", R"({"p": true, "c": false, "m": null, "x": 0, "y": 0})"},   // in, false, metric null
        {"A-003", R"({"p": false, "c": {}, "m": 1, "x": {}, "y": 0})"},       // out: condition never read
        {"A-004", R"({"p": null, "c": true, "m": 1, "x": 0, "y": 0})"},       // out, null signal
        {"A-005", R"({"c": {}, "m": "s", "x": {}, "y": 0})"},                 // p missing: in, not evaluable
        {"A-006", R"({"p": true, "c": null, "x": 0, "y": 0})"},               // in, condition null; metric missing
        {"A-007", R"({"p": 5, "c": true, "m": 2.5, "x": 0, "y": 0})"},        // p a number: in, not evaluable
        {"A-008", R"({"p": true, "c": "si", "m": [1], "x": 0, "y": 0})"},     // condition a string
        {"A-009", R"({"p": true, "m": -0.5, "x": 0, "y": 0})"},               // condition signal missing
        {"A-010", R"({"p": true, "c": true, "m": 0, "x": 0, "y": 0})"},       // in, true
    };
    return items;
}

}  // namespace

TEST_CASE("rules.measure: population, condition and metric lists in run order") {
    const Texts texts("p AND (y == 1 OR todos)", "c AND (x == 1 OR todos)", "m");
    Meter meter = texts.meter();
    Run(mixed_items()).feed(meter);
    const RuleMeasure& r = meter.result();
    CHECK_FALSE(meter.is_malformed());
    CHECK(r.poblacion == Ids{"A-001", "A-002", "A-005", "A-006", "A-007", "A-008", "A-009", "A-010"});
    CHECK(r.fuera_por_senal_nula == Ids{"A-004"});
    CHECK(r.verdaderos == Ids{"A-001", "A-010"});
    CHECK(r.falsos == Ids{"A-002"});
    CHECK(not_evaluable_ids(r) == Ids{"A-005", "A-006", "A-007", "A-008", "A-009"});
    // Motives: missing population signal, null condition, population of the wrong type, condition of the
    // wrong type, missing condition signal.
    REQUIRE(r.no_evaluables.size() == 5);
    CHECK(r.no_evaluables[0].motivo.es.find("Señal ausente: «p»") == 0);
    CHECK(r.no_evaluables[0].motivo.en.find("Missing signal: “p”") == 0);
    CHECK(r.no_evaluables[1].motivo.es.find("Señal nula") == 0);
    CHECK(r.no_evaluables[1].motivo.es.find("«c» es null") != std::string::npos);
    CHECK(r.no_evaluables[2].motivo.es.find("Tipos incompatibles") == 0);
    CHECK(r.no_evaluables[2].motivo.en.find("“p” is a number") != std::string::npos);
    CHECK(r.no_evaluables[3].motivo.en.find("“c” is a string") != std::string::npos);
    CHECK(r.no_evaluables[4].motivo.en.find("Missing signal: “c”") == 0);
    // The metric, aligned with the population (not-evaluable items included).
    REQUIRE(r.metrica.size() == r.poblacion.size());
    REQUIRE(r.metrica_motivos.size() == r.poblacion.size());
    const std::vector<std::optional<double>> expected = {3.0, std::nullopt, std::nullopt, std::nullopt, 2.5, std::nullopt, -0.5, 0.0};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(r.poblacion[i]);
        CHECK(r.metrica[i] == expected[i]);
        CHECK(r.metrica_motivos[i].has_value() == !expected[i].has_value());
    }
    CHECK(r.metrica_motivos[1]->es.find("Señal nula") == 0);          // null
    CHECK(r.metrica_motivos[2]->en.find("“m” is a string") != std::string::npos);
    CHECK(r.metrica_motivos[3]->en.find("Missing signal: “m”") == 0);  // missing
    CHECK(r.metrica_motivos[5]->en.find("“m” is an array") != std::string::npos);
    CHECK_FALSE(r.mal_formada.has_value());
}

TEST_CASE("rules.measure: no condition, no metric") {
    const Texts texts("p", "", "");
    Meter meter = texts.meter();
    Run(mixed_items()).feed(meter);
    const RuleMeasure& r = meter.result();
    CHECK(r.poblacion == Ids{"A-001", "A-002", "A-005", "A-006", "A-007", "A-008", "A-009", "A-010"});
    CHECK(r.fuera_por_senal_nula == Ids{"A-004"});
    CHECK(r.verdaderos.empty());
    CHECK(r.falsos.empty());
    CHECK(not_evaluable_ids(r) == Ids{"A-005", "A-007"});
    CHECK(r.metrica.empty());
    CHECK(r.metrica_motivos.empty());
}

TEST_CASE("rules.measure: a suspicious comparison anywhere makes the whole rule malformed, for good") {
    const auto items = mixed_items();
    struct Scenario {
        std::string name, poblacion, condicion, metrica;
        std::size_t feed_until;       // items fed
        bool malformed;
        std::string reason_es_start;  // when malformed
    };
    const std::vector<Scenario> scenarios = {
        // The condition reads x == 1: A-003 has an object x but is out of the population; A-005's condition
        // is not evaluated (population not evaluable). No item reaches a suspicious comparison.
        {"not reached", "p", "c AND (x == 1 OR todos)", "m", items.size(), false, ""},
        // x == 1 before OR: A-003 is out, A-005 not evaluated; stays well formed.
        {"reached only when in", "p", "x == 1 OR c", "", items.size(), false, ""},
        // Population reads x == 1 first: A-003 raises it.
        {"population", "x == 1 OR p", "c", "m", items.size(), true, "A-003, población: Comparación sospechosa"},
        // Condition reached at A-001 through c == x? Use a text whose comparison meets an object only in A-005,
        // which the population lets in as true here.
        {"condition", "todos", "x != 1", "", items.size(), true, "A-003, condición: Comparación sospechosa"},
        // Malformed at the third item, then valid items: still malformed, every list empty.
        {"condition then more items", "todos", "x == 0", "m", 3, true, "A-003, condición"},
        // A suspicious comparison in the metric is only a not-evaluable value.
        {"metric", "todos", "", "x == 1", items.size(), false, ""},
    };
    for (const Scenario& s : scenarios) {
        CAPTURE(s.name);
        const Texts texts(s.poblacion, s.condicion, s.metrica);
        Meter meter = texts.meter();
        const Run run(items);
        run.feed(meter, 0, s.feed_until);
        if (s.malformed) {
            REQUIRE(meter.is_malformed());
            CAPTURE(meter.result().mal_formada->es);
            CHECK(meter.result().mal_formada->es.find(s.reason_es_start) == 0);
            CHECK(meter.result().mal_formada->en.find("A-003, ") == 0);
            CHECK(meter.result().mal_formada->en.find("Suspicious comparison") != std::string::npos);
            const auto reason = *meter.result().mal_formada;
            run.feed(meter, s.feed_until);  // items added later are ignored
            const RuleMeasure& r = meter.result();
            CHECK(r.poblacion.empty());
            CHECK(r.fuera_por_senal_nula.empty());
            CHECK(r.verdaderos.empty());
            CHECK(r.falsos.empty());
            CHECK(r.no_evaluables.empty());
            CHECK(r.metrica.empty());
            CHECK(r.metrica_motivos.empty());
            CHECK(r.mal_formada->es == reason.es);
        } else {
            CHECK_FALSE(meter.is_malformed());
            CHECK_FALSE(meter.result().poblacion.empty());
        }
    }
    // The metric scenario in detail: A-003 and A-005 have an object x.
    const Texts metric("todos", "", "x == 1");
    Meter meter = metric.meter();
    Run(items).feed(meter);
    const RuleMeasure& r = meter.result();
    REQUIRE(r.metrica.size() == items.size());
    CHECK_FALSE(r.metrica[2].has_value());
    CHECK(r.metrica_motivos[2]->es.find("Comparación sospechosa") == 0);
    CHECK(r.metrica_motivos[0]->en.find("the metric must give a number and got a boolean") != std::string::npos);
}

TEST_CASE("rules.measure: a rule that could not be read, or has no population, is malformed from the start") {
    Meter unread = Meter::malformed({"Columna 3: falta un operando.", "Column 3: an operand is missing."});
    CHECK(unread.is_malformed());
    const Run run(mixed_items());
    run.feed(unread);
    CHECK(unread.result().poblacion.empty());
    CHECK(unread.result().fuera_por_senal_nula.empty());
    CHECK(unread.result().mal_formada->en == "Column 3: an operand is missing.");
    Meter none(nullptr, nullptr, nullptr);
    run.feed(none);
    CHECK(none.is_malformed());
    CHECK(none.result().poblacion.empty());
}

TEST_CASE("rules.measure: copies share the compiled texts and measure independently") {
    const Texts texts("p", "c", "");
    Meter first = texts.meter();
    Meter second = first;
    const Run run(mixed_items());
    run.feed(first);
    run.feed(second, 0, 2);
    CHECK(first.result().poblacion.size() == 8);
    CHECK(second.result().poblacion == Ids{"A-001", "A-002"});
    CHECK(second.result().verdaderos == Ids{"A-001"});
}

TEST_CASE("rules.measure: session items (a sesion detector)") {
    const Value detenida_none;
    const Value detenida_limit("limite_de_costo");
    const Value limites0(0), limites2(2), casos(10);
    const Node poblacion = parse_rule("todos");
    const Node condicion = parse_rule("detenida_por != null");
    Meter meter(&poblacion, &condicion, nullptr);
    meter.add("sesion-1", SessionContext(&limites0, &detenida_none, &casos));
    meter.add("sesion-2", SessionContext(&limites2, &detenida_limit, &casos));
    CHECK(meter.result().poblacion == Ids{"sesion-1", "sesion-2"});
    CHECK(meter.result().verdaderos == Ids{"sesion-2"});
    CHECK(meter.result().falsos == Ids{"sesion-1"});
    // umbral in a session: not evaluable (ErrorIdentificador), never false; a function: not evaluable.
    const Node umbral = parse_rule("limites_alcanzados > umbral.U2");
    const Node funcion = parse_rule("identificador_sintetico(todos) == null");
    Meter by_umbral(&poblacion, &umbral, nullptr);
    Meter by_function(&poblacion, &funcion, nullptr);
    for (Meter* m : {&by_umbral, &by_function}) m->add("sesion-1", SessionContext(&limites0, &detenida_none, &casos));
    REQUIRE(by_umbral.result().no_evaluables.size() == 1);
    CHECK(by_umbral.result().no_evaluables[0].motivo.es.find("«umbral.U2»") != std::string::npos);
    CHECK(by_umbral.result().falsos.empty());
    REQUIRE(by_function.result().no_evaluables.size() == 1);
    CHECK(by_function.result().no_evaluables[0].motivo.en.find("a session has no functions") != std::string::npos);
}

// The verifier measures traces on several threads: each item is evaluated by itself, in any order, and
// recorded in run order (Meter::evaluate, Meter::record). That must give what add() gives, list for list
// and motive for motive, including a rule that turns malformed part of the way through.
TEST_CASE("rules.measure: evaluate in any order, then record in run order, is add") {
    const auto items = mixed_items();
    const std::vector<std::vector<std::string>> rules = {
        {"p AND (y == 1 OR todos)", "c AND (x == 1 OR todos)", "m"},
        {"p", "", ""},
        {"x == 1 OR p", "c", "m"},
        {"todos", "x != 1", ""},
        {"todos", "x == 0", "m"},
        {"todos", "", "x == 1"},
        {"p", "c", ""},
    };
    auto bilingual = [](const std::optional<planlang::Bilingual>& b) { return b ? b->es + "|" + b->en : std::string("-"); };
    for (const auto& texts_of : rules) {
        CAPTURE(texts_of[0]);
        CAPTURE(texts_of[1]);
        const Texts texts(texts_of[0], texts_of[1], texts_of[2]);
        const Run run(items);
        Meter added = texts.meter();
        run.feed(added);
        Meter recorded = texts.meter();
        std::vector<planlang::rules::ItemOutcome> outcomes(items.size());
        for (std::size_t k = items.size(); k-- > 0;) {
            CaseBindings b;
            b.senales = &run.signals[k];
            b.caso = &run.ids[k];
            outcomes[k] = recorded.evaluate(CaseContext(b));
        }
        for (std::size_t k = 0; k < items.size(); ++k) recorded.record(run.ids[k].as_string(), outcomes[k]);
        const RuleMeasure& a = added.result();
        const RuleMeasure& r = recorded.result();
        CHECK(r.poblacion == a.poblacion);
        CHECK(r.fuera_por_senal_nula == a.fuera_por_senal_nula);
        CHECK(r.verdaderos == a.verdaderos);
        CHECK(r.falsos == a.falsos);
        REQUIRE(r.no_evaluables.size() == a.no_evaluables.size());
        for (std::size_t i = 0; i < a.no_evaluables.size(); ++i) {
            CHECK(r.no_evaluables[i].id == a.no_evaluables[i].id);
            CHECK(bilingual(r.no_evaluables[i].motivo) == bilingual(a.no_evaluables[i].motivo));
        }
        CHECK(bilingual(r.mal_formada) == bilingual(a.mal_formada));
        CHECK(r.metrica == a.metrica);
        REQUIRE(r.metrica_motivos.size() == a.metrica_motivos.size());
        for (std::size_t i = 0; i < a.metrica_motivos.size(); ++i) CHECK(bilingual(r.metrica_motivos[i]) == bilingual(a.metrica_motivos[i]));
    }
    // A meter malformed from the start evaluates to nothing and records nothing.
    Meter unread = Meter::malformed({"no se lee", "does not read"});
    CaseBindings b;
    const Value signals = read_json(R"({"p": true})");
    const Value id("A-001");
    b.senales = &signals;
    b.caso = &id;
    const planlang::rules::ItemOutcome o = unread.evaluate(CaseContext(b));
    CHECK(o.poblacion == planlang::rules::ItemOutcome::Poblacion::ignorado);
    unread.record("A-001", o);
    CHECK(unread.result().poblacion.empty());
    CHECK(unread.result().mal_formada->en == "does not read");
}
