// Table tests of the rule evaluator (rule-language.md §4–§5): text → value or error kind on a hand-made
// case context (eval_fixture.hpp), for every operator with nulls, missing signals, type mismatches,
// short-circuits, suspicious comparisons (also inside IN and CONTIENE, and only when reached), infinities,
// canonical comparison of structures, the function, the final boolean, the session context and motives.
#include "core/rules/eval.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "rules/eval_fixture.hpp"

using planlang::json::Value;
using planlang::rules::CaseBindings;
using planlang::rules::CaseContext;
using planlang::rules::evaluate;
using planlang::rules::evaluate_condition;
using planlang::rules::EvalResult;
using planlang::rules::Program;
using planlang::rules::SessionContext;
using planlang::rules::Truth;
using planlang::testing::eval::EvalFixture;
using planlang::testing::eval::outcome;
using planlang::testing::eval::parse_rule;

namespace {

struct Case {
    std::string text;
    std::string expected;  // canonical JSON of the value, or "!" + error kind
};

const std::string kId = "!ErrorIdentificador";
const std::string kNulo = "!ErrorNulo";
const std::string kEval = "!ErrorEvaluacion";
const std::string kSosp = "!ErrorComparacionSospechosa";

const std::vector<Case>& value_cases() {
    static const std::vector<Case> cases = {
        // §4 context roots: fixed names win over same-named signals; todos = true; caso = the case id
        {"todos", "true"},
        {"caso", "\"AH-007\""},
        {"tipo", "\"adversario\""},
        {"umbral.U2", "1000"},
        {"umbral", R"({"U1":0.75,"U2":1000,"U3":2,"U4":false})"},
        {"subtipo", "null"},
        {"limites_alcanzados", "4"},  // a session name is an ordinary signal in a case
        {"interrupt_payload", R"(["evidencia","motivo"])"},
        {"documento_adverso", "null"},
        {"error_de_esquema_en_traspaso", "false"},
        {"adversario_detalle == 'inyeccion'", "true"},
        // §5.2 path lookup: null midway → null; non-object, array or absent key → ErrorIdentificador
        {"cinco", "5"},
        {"n", "null"},
        {"n.x", "null"},
        {"n.x.y", "null"},
        {"verdad_conocida.ciclos.z", "null"},
        {"documento_adverso.completo", "null"},
        {"obj.b.c", "null"},
        {"obj.b.c.d.e", "null"},
        {"obj.b.d", "[1,2]"},
        {"anidado.x.y.z", "7"},
        {"extraccion.costo_estimado", "1200"},
        {"nada", kId},
        {"nada.x", kId},
        {"cinco.x", kId},
        {"s.length", kId},
        {"lista.0", kId},
        {"obj.z", kId},
        {"obj.b.d.x", kId},
        {"obj..a", kId},
        {"todos.x", kId},
        {"caso.x", kId},
        // literals and lists (elements left to right, errors stop)
        {"'x'", "\"x\""},
        {"null", "null"},
        {"[1, 'a', null, true]", R"([1,"a",null,true])"},
        {"[]", "[]"},
        {"[cinco, s, [n]]", R"([5,"abc",[null]])"},
        {"[cinco, nada]", kId},
        {"[1, nada, obj == 1]", kId},
        // infinities (1e999) compare as numbers
        {"1e999 > 1e308", "true"},
        {"-1e999 < -1.7976931348623157e308", "true"},
        {"1e999 == 1e999", "true"},
        {"1e999 == -1e999", "false"},
        {"cinco < 1e999", "true"},
        {"[1e999] == [1e999]", "true"},
        {"[1e999] == [-1e999]", "false"},
        {"[1e999] == [null]", "false"},
        {"1e999 IN [1, 1e999]", "true"},
        // AND
        {"t AND t", "true"},
        {"t AND f", "false"},
        {"f AND nada", "false"},
        {"f AND n", "false"},
        {"f AND obj == 1", "false"},
        {"f AND otra()", "false"},
        {"t AND n", kNulo},
        {"n AND f", kNulo},
        {"t AND cinco", kEval},
        {"s AND t", kEval},
        {"t AND nada", kId},
        {"nada AND f", kId},
        {"t AND obj == 1", kSosp},
        // OR
        {"t OR nada", "true"},
        {"t OR obj == 1", "true"},
        {"f OR t", "true"},
        {"f OR f", "false"},
        {"f OR n", kNulo},
        {"n OR t", kNulo},
        {"f OR s", kEval},
        {"f OR obj == 1", kSosp},
        {"f OR f OR f OR t", "true"},
        // IMPLICA (right-associative)
        {"f IMPLICA nada", "true"},
        {"f IMPLICA n", "true"},
        {"t IMPLICA f", "false"},
        {"t IMPLICA t", "true"},
        {"t IMPLICA n", kNulo},
        {"n IMPLICA t", kNulo},
        {"cinco IMPLICA t", kEval},
        {"t IMPLICA lista", kEval},
        {"t IMPLICA f IMPLICA nada", "true"},
        {"t IMPLICA t IMPLICA f", "false"},
        {"(t IMPLICA f) IMPLICA nada", "true"},
        // NOT
        {"NOT t", "false"},
        {"NOT f", "true"},
        {"NOT NOT t", "true"},
        {"NOT n", kNulo},
        {"NOT cinco", kEval},
        {"NOT lista", kEval},
        {"NOT nada", kId},
        {"NOT obj == 1", kSosp},
        // == / != step 1: null → identity, before any object test
        {"n == null", "true"},
        {"null == null", "true"},
        {"n == 0", "false"},
        {"n != 0", "true"},
        {"n == f", "false"},
        {"n == ''", "false"},
        {"n == obj", "false"},
        {"obj == null", "false"},
        {"obj != n", "true"},
        {"n == lista", "false"},
        {"n != nada", kId},
        {"nada == n", kId},
        // step 2: an object on either side → objects with the same key set, else suspicious
        {"obj == obj_mismo", "true"},
        {"obj != obj_mismo", "false"},
        {"obj == obj_otro_valor", "false"},
        {"obj != obj_otro_valor", "true"},
        {"obj == obj_otras_claves", kSosp},
        // ... the same keys in the same order, as objects read from canonical text have them: value by value
        {"obj == obj_igual", "true"},
        {"obj != obj_igual", "false"},
        {"obj == obj_d_otro", "false"},
        {"obj_mismo == obj_d_otro", "false"},
        {"obj_texto_nfc == obj_texto_nfd", "true"},
        {"[obj] == [obj_igual]", "true"},
        {"[obj] == [obj_d_otro]", "false"},
        {"obj != obj_otras_claves", kSosp},
        {"obj == 1", kSosp},
        {"obj == 'a'", kSosp},
        {"obj == t", kSosp},
        {"obj == lista", kSosp},
        {"lista == obj", kSosp},
        {"[] == obj", kSosp},
        {"obj_clave_nfc == obj_clave_nfd", kSosp},  // raw key sets differ
        {"extraccion.campos == verdad_conocida.campos", "true"},
        {"extraccion.campos != verdad_conocida.campos", "false"},
        {"extraccion == verdad_conocida", kSosp},
        // step 3: objects or arrays → canonical JSON texts (NFC, keys sorted, 1.0 is 1, -0 is 0)
        {"idiomas == ['es','en']", "true"},
        {"idiomas == ['en','es']", "false"},
        {"idiomas == ['es']", "false"},
        {"nums == [1, 2, 3]", "true"},
        {"nums == [1.0, 2e0, 3]", "true"},
        {"[0] == [-0]", "true"},
        {"[cero] == [menos_cero]", "true"},
        {"lista == [1, 'x', null, true]", "true"},
        {"lista == 1", "false"},
        {"lista == 'x'", "false"},
        {"lista != 'x'", "true"},
        {"lista_nfc == lista_nfd", "true"},
        {"lista_obj_nfc == lista_obj_nfd", "true"},
        {"objs == objs", "true"},
        {"mixta == [1, 2]", "false"},
        {"[[1]] == [[1]]", "true"},
        {"[] == []", "true"},
        {"[] != []", "false"},
        {"[1] == [t]", "false"},
        {"['1'] == [1]", "false"},
        {"[n] == [null]", "true"},
        // step 4: strict type and value; strings by code units, no NFC
        {"cinco == 5", "true"},
        {"cinco == 5.0", "true"},
        {"cinco != 5", "false"},
        {"cero == menos_cero", "true"},
        {"cero == -0", "true"},
        {"1 == t", "false"},
        {"1 != t", "true"},
        {"0 == f", "false"},
        {"'1' == 1", "false"},
        {"'5' == cinco", "false"},
        {"s == 'abc'", "true"},
        {"s == 'ABC'", "false"},
        {"s == \"abc\"", "true"},
        {"vacio == ''", "true"},
        {"nfc == nfd", "false"},
        {"nfc == '\xc3\xa9'", "true"},
        {"alto == alto", "true"},
        {"t == true", "true"},
        {"t != f", "true"},
        // ordering: numbers only; operands evaluated left to right, then the left type checked first
        {"cinco > 4", "true"},
        {"cinco >= 5", "true"},
        {"cinco < 5", "false"},
        {"cinco <= 5", "true"},
        {"cero < menos_cero", "false"},
        {"cero <= menos_cero", "true"},
        {"-1 < cero", "true"},
        {"extraccion.costo_estimado > umbral.U2", "true"},
        {"umbral.U1 >= 0.75", "true"},
        {"n < 1", kNulo},
        {"1 < n", kNulo},
        {"n > n", kNulo},
        {"s < 1", kEval},
        {"'a' < null", kEval},
        {"null < 'a'", kNulo},
        {"t > f", kEval},
        {"lista < 1", kEval},
        {"1 < obj", kEval},
        {"nada < 1", kId},
        {"1 < nada", kId},
        {"s < nada", kId},
        {"n <= obj.z", kId},
        // IN
        {"'es' IN idiomas", "true"},
        {"'fr' IN idiomas", "false"},
        {"2 IN nums", "true"},
        {"2.0 IN nums", "true"},
        {"'2' IN nums", "false"},
        {"n IN lista", "true"},
        {"null IN nums", "false"},
        {"'x' IN lista", "true"},
        {"t IN lista", "true"},
        {"1 IN []", "false"},
        {"verdad_conocida.decision IN ['negar', 'aprobar_parcial']", "true"},
        {"[1, 2] IN [[1, 2]]", "true"},
        {"idiomas IN [['es', 'en']]", "true"},
        {"1 IN n", kNulo},
        {"n IN n", kNulo},
        {"1 IN s", kEval},
        {"1 IN cinco", kEval},
        {"1 IN obj", kEval},
        {"nada IN lista", kId},
        {"1 IN nada", kId},
        {"obj IN lista", kSosp},
        {"obj IN [null]", "false"},
        {"obj IN []", "false"},
        {"obj IN objs", kSosp},
        {"obj IN [obj_mismo]", "true"},
        {"1 IN mixta", "true"},    // stops before the object
        {"2 IN mixta", kSosp},     // the object is reached first
        {"'a' IN [obj]", kSosp},
        // CONTIENE: string/string
        {"s CONTIENE 'b'", "true"},
        {"s CONTIENE 'abc'", "true"},
        {"s CONTIENE 'abcd'", "false"},
        {"s CONTIENE 'B'", "false"},
        {"s CONTIENE ''", "true"},
        {"vacio CONTIENE ''", "true"},
        {"vacio CONTIENE 'a'", "false"},
        {"nfd CONTIENE 'e'", "true"},
        {"nfc CONTIENE 'e'", "false"},
        {"emoji CONTIENE alto", "true"},  // code units: a lone high surrogate matches half of a pair
        {"alto CONTIENE emoji", "false"},
        {"emoji CONTIENE 'b'", "true"},
        // string/array: any string element is a substring
        {"s CONTIENE ['z', 'b']", "true"},
        {"s CONTIENE ['z']", "false"},
        {"s CONTIENE []", "false"},
        {"s CONTIENE [1, 'c']", "true"},
        {"s CONTIENE [obj, n, 'a']", "true"},
        {"s CONTIENE [obj, n]", "false"},
        {"salida_final CONTIENE identificador_sintetico(caso)", "true"},
        {"NOT (salida_final CONTIENE identificador_sintetico(caso))", "false"},
        // array/array: every right element is in left
        {"idiomas CONTIENE ['en']", "true"},
        {"idiomas CONTIENE ['en', 'es']", "true"},
        {"idiomas CONTIENE ['en', 'fr']", "false"},
        {"idiomas CONTIENE []", "true"},
        {"interrupt_payload CONTIENE ['motivo', 'evidencia']", "true"},
        {"interrupt_payload CONTIENE ['motivo', 'senal']", "false"},
        {"lista_nfc CONTIENE lista_nfd", "false"},  // element == of strings: no NFC
        {"nums CONTIENE [4, obj]", "false"},       // stops at 4, the object is never reached
        {"nums CONTIENE [1, obj]", kSosp},
        {"objs CONTIENE ['x']", kSosp},
        {"objs CONTIENE [obj_otro_valor]", kSosp},
        // array/non-array: right is an element of left
        {"lista CONTIENE 'x'", "true"},
        {"nums CONTIENE 2", "true"},
        {"nums CONTIENE '2'", "false"},
        {"nums CONTIENE obj", kSosp},
        {"mixta CONTIENE 1", "true"},
        {"mixta CONTIENE 2", kSosp},
        {"objs CONTIENE {}", "!parse"},
        // nulls and other types
        {"lista CONTIENE null", kNulo},
        {"n CONTIENE 'x'", kNulo},
        {"s CONTIENE n", kNulo},
        {"n CONTIENE nada", kId},
        {"cinco CONTIENE 5", kEval},
        {"obj CONTIENE 'a'", kEval},
        {"t CONTIENE t", kEval},
        {"s CONTIENE 5", kEval},
        {"s CONTIENE obj", kEval},
        // functions: the name first (arguments not evaluated when unknown), then every argument
        {"identificador_sintetico(caso)", R"(["SYN-1","SYN-2"])"},
        {"identificador_sintetico('AH-007')", R"(["SYN-1","SYN-2"])"},
        {"identificador_sintetico(caso, 1)", R"(["SYN-1","SYN-2"])"},
        {"identificador_sintetico(caso) CONTIENE 'SYN-1'", "true"},
        {"identificador_sintetico('AH-008')", kEval},
        {"identificador_sintetico(5)", kEval},
        {"identificador_sintetico(n)", kEval},
        {"identificador_sintetico(obj)", kEval},
        {"identificador_sintetico([caso])", kEval},
        {"identificador_sintetico()", kEval},
        {"identificador_sintetico(nada)", kId},
        {"identificador_sintetico(caso, nada)", kId},
        {"identificador_sintetico(caso, obj == 1)", kSosp},
        {"otra(nada)", kEval},
        {"otra(obj == 1)", kEval},
        {"otra()", kEval},
        {"caso.x(1)", kEval},
    };
    return cases;
}

void check_error_motive(const EvalResult& r) {
    if (!r.error) return;
    CHECK(!r.error->motivo.es.empty());
    CHECK(!r.error->motivo.en.empty());
    CHECK(r.error->motivo.es != r.error->motivo.en);
}

}  // namespace

TEST_CASE("rules.eval: operators, paths and functions on a case context") {
    const EvalFixture fx;
    const CaseContext context(fx.bindings());
    int checked = 0;
    for (const Case& c : value_cases()) {
        CAPTURE(c.text);
        const auto parsed = planlang::rules::parse(c.text);
        if (c.expected == "!parse") {  // a guard: the language has no object literal
            CHECK(!parsed.ok());
            continue;
        }
        REQUIRE(parsed.ok());
        const EvalResult r = evaluate(parsed.ast, context);
        CHECK(outcome(r) == c.expected);
        check_error_motive(r);
        // A compiled program gives the same answer every time.
        const Program program(parsed.ast);
        CHECK(outcome(program.evaluate(context)) == c.expected);
        CHECK(outcome(program.evaluate(context)) == c.expected);
        ++checked;
    }
    CHECK(checked >= 120);
}

TEST_CASE("rules.eval: the final result of a condition must be a boolean") {
    const EvalFixture fx;
    const CaseContext context(fx.bindings());
    const std::vector<Case> cases = {
        {"t", "true"},
        {"f", "false"},
        {"verdad_conocida.presente", "true"},
        {"cinco == 5 AND s CONTIENE 'a'", "true"},
        {"n", kNulo},
        {"verdad_conocida.ciclos", kNulo},
        {"documento_adverso.completo", kNulo},
        {"cinco", kEval},
        {"s", kEval},
        {"lista", kEval},
        {"obj", kEval},
        {"identificador_sintetico(caso)", kEval},
        {"nada", kId},
        {"obj == 1", kSosp},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        const Truth t = evaluate_condition(parse_rule(c.text), context);
        const std::string got = t.error ? "!" + std::string(planlang::rules::kind_name(t.error->kind)) : (t.value ? "true" : "false");
        CHECK(got == c.expected);
        const Truth again = Program(parse_rule(c.text)).evaluate_condition(context);
        CHECK(again.value == t.value);
        CHECK(again.error.has_value() == t.error.has_value());
    }
}

TEST_CASE("rules.eval: a nullptr binding makes its fixed name absent, and hides the same-named signal") {
    EvalFixture fx;
    CaseBindings b = fx.bindings();
    b.subtipo = nullptr;
    b.umbral = nullptr;
    const CaseContext context(b);
    CHECK(outcome(evaluate(parse_rule("subtipo"), context)) == kId);
    CHECK(outcome(evaluate(parse_rule("umbral.U2"), context)) == kId);
    CHECK(outcome(evaluate(parse_rule("s"), context)) == "\"abc\"");
    CaseBindings none;  // no signals at all
    none.caso = &fx.caso;
    const CaseContext bare(none);
    CHECK(outcome(evaluate(parse_rule("todos"), bare)) == "true");
    CHECK(outcome(evaluate(parse_rule("s"), bare)) == kId);
    CHECK(outcome(evaluate(parse_rule("identificador_sintetico(caso)"), bare)) == kEval);
}

TEST_CASE("rules.eval: the session context has todos, its three names, no umbral and no function") {
    const Value limites(2);
    const Value detenida;
    const Value casos(3);
    const SessionContext session(&limites, &detenida, &casos);
    const std::vector<Case> cases = {
        {"todos", "true"},
        {"limites_alcanzados", "2"},
        {"limites_alcanzados > 0", "true"},
        {"detenida_por", "null"},
        {"detenida_por != null", "false"},
        {"detenida_por.motivo", "null"},
        {"casos_ejecutados", "3"},
        {"casos_ejecutados.x", kId},
        {"umbral", kId},
        {"umbral.U2", kId},
        {"caso", kId},
        {"decision_final", kId},
        {"tipo", kId},
        {"identificador_sintetico(caso)", kEval},
        {"identificador_sintetico(nada)", kEval},  // no function: arguments are not evaluated
        {"identificador_sintetico('sesion-1')", kEval},
        {"f(1)", kEval},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        const EvalResult r = evaluate(parse_rule(c.text), session);
        CHECK(outcome(r) == c.expected);
        check_error_motive(r);
    }
    const SessionContext empty(nullptr, &detenida, &casos);
    CHECK(outcome(evaluate(parse_rule("limites_alcanzados"), empty)) == kId);
}

TEST_CASE("rules.eval: motives name the null or missing signal, the operator and the types") {
    const EvalFixture fx;
    const CaseContext context(fx.bindings());
    struct Motive {
        std::string text;
        std::vector<std::string> es;
        std::vector<std::string> en;
    };
    const std::vector<Motive> motives = {
        {"nada.x", {"Señal ausente", "«nada.x»"}, {"Missing signal", "“nada.x”"}},
        {"obj.b.z", {"Señal ausente", "«obj.b.z»", "«obj.b.z»"}, {"Missing signal", "“obj.b.z”"}},
        {"cinco.x", {"Señal ausente", "«cinco.x»", "«cinco» es un número"}, {"“cinco” is a number, not an object"}},
        {"t AND n", {"Señal nula", "«AND»", "«n» es null"}, {"Null signal", "“AND”", "“n” is null"}},
        {"NOT cinco", {"Tipos incompatibles", "«NOT»", "«cinco» es un número"}, {"Incompatible types", "“NOT”", "a number"}},
        {"s < 1", {"Tipos incompatibles", "«<»", "«s» es un texto"}, {"Incompatible types", "“<”", "“s” is a string"}},
        {"1 >= n", {"Señal nula", "«>=»", "«n» es null"}, {"Null signal", "“>=”"}},
        {"obj == 1", {"Comparación sospechosa", "«==»", "un objeto y un número"}, {"Suspicious comparison", "an object and a number"}},
        {"obj != obj_otras_claves", {"«!=»", "claves distintas"}, {"different keys"}},
        {"2 IN mixta", {"Comparación sospechosa", "«IN»"}, {"“IN”"}},
        {"nums CONTIENE obj", {"«CONTIENE»"}, {"“CONTIENE”"}},
        {"1 IN s", {"Tipos incompatibles", "«IN»", "«s» es un texto"}, {"an array on its right"}},
        {"1 IN n", {"Señal nula", "«IN»"}, {"Null signal"}},
        {"cinco CONTIENE 5", {"Tipos incompatibles", "«CONTIENE»", "un número con un número"}, {"a number and a number"}},
        {"s CONTIENE n", {"Señal nula", "«n»"}, {"Null signal", "“n”"}},
        {"otra(1)", {"«otra»"}, {"“otra”"}},
        {"identificador_sintetico('X')", {"identificador_sintetico"}, {"another string"}},
    };
    for (const Motive& m : motives) {
        CAPTURE(m.text);
        const EvalResult r = evaluate(parse_rule(m.text), context);
        REQUIRE(r.error.has_value());
        CAPTURE(r.error->motivo.es);
        CAPTURE(r.error->motivo.en);
        for (const std::string& piece : m.es) CHECK(r.error->motivo.es.find(piece) != std::string::npos);
        for (const std::string& piece : m.en) CHECK(r.error->motivo.en.find(piece) != std::string::npos);
    }
    const Truth t = evaluate_condition(parse_rule("verdad_conocida.ciclos"), context);
    REQUIRE(t.error.has_value());
    CHECK(t.error->motivo.es.find("«verdad_conocida.ciclos» es null") != std::string::npos);
    CHECK(t.error->motivo.en.find("“verdad_conocida.ciclos” is null") != std::string::npos);
}
