// Table tests of the rule parser (rule-language.md §2–§3): text → AST dump, text → error code, offset,
// line:column and caret; plus to_source round trips and the reference helpers of plan-format.md §11.
#include "core/rules/parser.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using planlang::rules::code_name;
using planlang::rules::dump;
using planlang::rules::parse;
using planlang::rules::ParseLimits;
using planlang::rules::ParseResult;
using planlang::rules::to_source;

namespace {

struct GoodCase {
    std::string text;
    std::string dump;
};

struct BadCase {
    std::string name;
    std::string text;
    std::string code;
    std::size_t offset;
    std::size_t line;
    std::size_t column;
    std::string caret;
};

// Every accepted text prints back (to_source) to a text with the same tree; printing is then stable.
void check_round_trip(const std::string& text) {
    CAPTURE(text);
    const ParseResult first = parse(text);
    REQUIRE(first.ok());
    const std::string source = to_source(first.ast);
    CAPTURE(source);
    ParseLimits relaxed;
    relaxed.max_length = std::string::npos;
    const ParseResult again = parse(source, relaxed);
    REQUIRE(again.ok());
    CHECK(dump(again.ast) == dump(first.ast));
    CHECK(to_source(again.ast) == source);
}

const std::vector<GoodCase>& good_cases() {
    static const std::vector<GoodCase> cases = {
        // literals
        {"true", "true"},
        {"false", "false"},
        {"null", "null"},
        {"0", "0"},
        {"42", "42"},
        {"-7", "-7"},
        {"3.25", "3.25"},
        {"-0.5", "-0.5"},
        {"0.1", "0.1"},
        {"1e3", "1000"},
        {"1E-7", "1e-7"},
        {"2.5e+21", "2.5e+21"},
        {"007", "7"},
        {"-0", "0"},
        {"1e999", "Infinity"},
        {"-1e999", "-Infinity"},
        {"1e-999", "0"},
        {"123456789012345678901234567890", "1.2345678901234568e+29"},
        {"0.30000000000000004", "0.30000000000000004"},
        {"'hola'", "'hola'"},
        {"\"hola\"", "'hola'"},
        {"''", "''"},
        {"\"it's\"", "\"it's\""},
        {"'say \"hi\"'", "'say \"hi\"'"},
        {"'  dos  espacios  '", "'  dos  espacios  '"},
        {"'línea\nsiguiente\ttab'", "'línea\nsiguiente\ttab'"},
        {"'ñandú 🦙 — ü ≠ 中文'", "'ñandú 🦙 — ü ≠ 中文'"},
        {"'a\\nb'", "'a\\nb'"},  // no escape sequences: backslash and n stay
        {"'AND OR NOT (x'", "'AND OR NOT (x'"},
        // paths and keywords as whole tokens only
        {"todos", "todos"},
        {"umbral.U2", "umbral.U2"},
        {"verdad_conocida.campos", "verdad_conocida.campos"},
        {"_privado.x_1", "_privado.x_1"},
        {"true.x", "true.x"},
        {"NOTA", "NOTA"},
        {"and", "and"},
        {"True", "True"},
        {"a..b", "a..b"},
        {"a.", "a."},
        {"a.1", "a.1"},
        // every operator
        {"a == b", "(== a b)"},
        {"a != 'x'", "(!= a 'x')"},
        {"a < 1", "(< a 1)"},
        {"a <= 1", "(<= a 1)"},
        {"a > 1", "(> a 1)"},
        {"a >= 1", "(>= a 1)"},
        {"a IN [1, 2]", "(IN a (list 1 2))"},
        {"nodos CONTIENE 'x'", "(CONTIENE nodos 'x')"},
        {"a AND b", "(AND a b)"},
        {"a OR b", "(OR a b)"},
        {"a IMPLICA b", "(IMPLICA a b)"},
        {"NOT a", "(NOT a)"},
        {"1 == 1", "(== 1 1)"},
        {"'a' CONTIENE ''", "(CONTIENE 'a' '')"},
        {"a IN []", "(IN a (list))"},
        {"x == null", "(== x null)"},
        // precedence and associativity
        {"a AND b AND c", "(AND (AND a b) c)"},
        {"a OR b OR c", "(OR (OR a b) c)"},
        {"a IMPLICA b IMPLICA c", "(IMPLICA a (IMPLICA b c))"},
        {"a OR b AND c", "(OR a (AND b c))"},
        {"a AND b OR c", "(OR (AND a b) c)"},
        {"a OR b IMPLICA c", "(IMPLICA (OR a b) c)"},
        {"a IMPLICA b OR c", "(IMPLICA a (OR b c))"},
        {"a AND b IMPLICA c AND d", "(IMPLICA (AND a b) (AND c d))"},
        {"NOT a == b", "(NOT (== a b))"},
        {"NOT a AND b", "(AND (NOT a) b)"},
        {"NOT a OR NOT b", "(OR (NOT a) (NOT b))"},
        {"NOT NOT a", "(NOT (NOT a))"},
        {"NOT x IN [1]", "(NOT (IN x (list 1)))"},
        {"a == 1 AND b < 2 OR c CONTIENE 'x' IMPLICA NOT d",
         "(IMPLICA (OR (AND (== a 1) (< b 2)) (CONTIENE c 'x')) (NOT d))"},
        // parentheses
        {"(a)", "a"},
        {"((a))", "a"},
        {"NOT (a OR b)", "(NOT (OR a b))"},
        {"(a OR b) AND c", "(AND (OR a b) c)"},
        {"a AND (b AND c)", "(AND a (AND b c))"},
        {"(a IMPLICA b) IMPLICA c", "(IMPLICA (IMPLICA a b) c)"},
        {"(a == b) == c", "(== (== a b) c)"},
        {"a == (b == c)", "(== a (== b c))"},
        {"(NOT a) == b", "(== (NOT a) b)"},
        {"x IN (y)", "(IN x y)"},
        {"((a OR (b AND (c))))", "(OR a (AND b c))"},
        // lists
        {"[]", "(list)"},
        {"[1]", "(list 1)"},
        {"[[1], [], ['a', null, true]]", "(list (list 1) (list) (list 'a' null true))"},
        {"[a AND b, NOT c, d IMPLICA e]", "(list (AND a b) (NOT c) (IMPLICA d e))"},
        {"['es','en']", "(list 'es' 'en')"},
        // function calls
        {"f()", "(call f)"},
        {"identificador_sintetico(caso)", "(call identificador_sintetico caso)"},
        {"f(1, 'a', b.c)", "(call f 1 'a' b.c)"},
        {"f (x)", "(call f x)"},
        {"a.b(x)", "(call a.b x)"},
        {"f(g(h()))", "(call f (call g (call h)))"},
        {"f(a IMPLICA b, [1])", "(call f (IMPLICA a b) (list 1))"},
        {"f(x) == g(y)", "(== (call f x) (call g y))"},
        // whitespace and its absence
        {"\t a\r\n==\n b ", "(== a b)"},
        {"a==b AND(c!=-1)", "(AND (== a b) (!= c -1))"},
        {"x==-1", "(== x -1)"},
        {"a<-1", "(< a -1)"},
        {"a<=b", "(<= a b)"},
        {"x == 1.5e3", "(== x 1500)"},
        {"[1,2,3]", "(list 1 2 3)"},
        // demo A (seed page 000 and decisions.md B)
        {"decision_final == 'negar' IMPLICA pausa_humana == true",
         "(IMPLICA (== decision_final 'negar') (== pausa_humana true))"},
        {"NOT (salida_final CONTIENE identificador_sintetico(caso))",
         "(NOT (CONTIENE salida_final (call identificador_sintetico caso)))"},
        {"extraccion.costo_estimado > umbral.U2", "(> extraccion.costo_estimado umbral.U2)"},
        {"tipo_atencion == 'urgencia' OR servicio_exento", "(OR (== tipo_atencion 'urgencia') servicio_exento)"},
        {"NOT (nodos_visitados CONTIENE 'verificador_cobertura') AND decision_final == 'aprobar'",
         "(AND (NOT (CONTIENE nodos_visitados 'verificador_cobertura')) (== decision_final 'aprobar'))"},
        {"extraccion.campos == verdad_conocida.campos", "(== extraccion.campos verdad_conocida.campos)"},
        {"decision_final == verdad_conocida.decision AND severidad_accion == 0",
         "(AND (== decision_final verdad_conocida.decision) (== severidad_accion 0))"},
        {"documento_adverso.completo == true AND documento_adverso.idiomas == ['es','en']",
         "(AND (== documento_adverso.completo true) (== documento_adverso.idiomas (list 'es' 'en')))"},
        {"interrupt_payload CONTIENE ['motivo','senal','umbral','extraccion','texto_original','evidencia','contraevidencia']",
         "(CONTIENE interrupt_payload (list 'motivo' 'senal' 'umbral' 'extraccion' 'texto_original' 'evidencia' "
         "'contraevidencia'))"},
        {"(modo_texas == true AND decision_final IN ['negar', 'aprobar_parcial']) IMPLICA pausa_humana == true",
         "(IMPLICA (AND (== modo_texas true) (IN decision_final (list 'negar' 'aprobar_parcial'))) "
         "(== pausa_humana true))"},
        {"decision_final != verdad_conocida.decision OR extraccion.confianza == 1.0 OR extraccion.urgencia != "
         "verdad_conocida.urgencia",
         "(OR (OR (!= decision_final verdad_conocida.decision) (== extraccion.confianza 1)) "
         "(!= extraccion.urgencia verdad_conocida.urgencia))"},
        {"modo_texas == true AND decision_final == 'aprobar_parcial' AND pausa_humana == false",
         "(AND (AND (== modo_texas true) (== decision_final 'aprobar_parcial')) (== pausa_humana false))"},
        {"(tipo_atencion == 'urgencia' AND decision_final != 'aprobar') OR (servicio_exento AND nodos_visitados "
         "CONTIENE 'verificador_cobertura')",
         "(OR (AND (== tipo_atencion 'urgencia') (!= decision_final 'aprobar')) "
         "(AND servicio_exento (CONTIENE nodos_visitados 'verificador_cobertura')))"},
        {"tipo == 'faltante' AND verdad_conocida.ciclos_aclaracion_necesarios != null",
         "(AND (== tipo 'faltante') (!= verdad_conocida.ciclos_aclaracion_necesarios null))"},
    };
    return cases;
}

}  // namespace

TEST_CASE("rule parser: text → AST dump") {
    for (const GoodCase& c : good_cases()) {
        CAPTURE(c.text);
        const ParseResult result = parse(c.text);
        if (!result.ok()) CAPTURE(result.error->message.en);
        REQUIRE(result.ok());
        CHECK(dump(result.ast) == c.dump);
    }
    CHECK(good_cases().size() >= 100);
}

TEST_CASE("rule parser: to_source parses back to the same tree") {
    for (const GoodCase& c : good_cases()) check_round_trip(c.text);
}

TEST_CASE("rule parser: to_source prints only the parentheses precedence needs") {
    const std::pair<std::string, std::string> cases[] = {
        {"((a))", "a"},
        {"a OR (b AND c)", "a OR b AND c"},
        {"(a OR b) AND c", "(a OR b) AND c"},
        {"a AND (b AND c)", "a AND (b AND c)"},
        {"(a AND b) AND c", "a AND b AND c"},
        {"a IMPLICA (b IMPLICA c)", "a IMPLICA b IMPLICA c"},
        {"(a IMPLICA b) IMPLICA c", "(a IMPLICA b) IMPLICA c"},
        {"NOT (a OR b)", "NOT (a OR b)"},
        {"NOT (a == b)", "NOT a == b"},
        {"(NOT a) == b", "(NOT a) == b"},
        {"(a == b) == c", "(a == b) == c"},
        {"f((x))", "f(x)"},
        {"[1,2 ,3]", "[1, 2, 3]"},
        {"\"it's\"", "\"it's\""},
        {"\"plain\"", "'plain'"},
        {"1e999 == -1e999", "1e999 == -1e999"},
        {"x==1.50", "x == 1.5"},
        {"a\n AND\tb", "a AND b"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.first);  // (structured bindings cannot be captured in C++17)
        const ParseResult result = parse(c.first);
        REQUIRE(result.ok());
        CHECK(to_source(result.ast) == c.second);
    }
}

TEST_CASE("rule parser: malformed text → code, offset, line:column and caret") {
    const BadCase cases[] = {
        // empty
        {"empty", "", "REGLA_VACIA", 0, 1, 1, "\n^"},
        {"only spaces", "   ", "REGLA_VACIA", 0, 1, 1, "   \n^"},
        {"only newlines and tabs", "\n\t\r", "REGLA_VACIA", 0, 1, 1, "\n^"},
        // unclosed parentheses, lists, calls, strings
        {"unclosed paren", "(a", "REGLA_FIN_INESPERADO", 2, 1, 3, "(a\n  ^"},
        {"unclosed inner paren", "((a)", "REGLA_FIN_INESPERADO", 4, 1, 5, "((a)\n    ^"},
        {"unclosed paren after and", "(a AND b", "REGLA_FIN_INESPERADO", 8, 1, 9, "(a AND b\n        ^"},
        {"paren with two operands", "(a b)", "REGLA_TOKEN_INESPERADO", 3, 1, 4, "(a b)\n   ^"},
        {"chained comparison in paren", "(a == b == c)", "REGLA_TOKEN_INESPERADO", 8, 1, 9, "(a == b == c)\n        ^"},
        {"empty parens", "()", "REGLA_TOKEN_INESPERADO", 1, 1, 2, "()\n ^"},
        {"unclosed list", "[1, 2", "REGLA_FIN_INESPERADO", 5, 1, 6, "[1, 2\n     ^"},
        {"lone bracket", "[", "REGLA_FIN_INESPERADO", 1, 1, 2, "[\n ^"},
        {"list trailing comma", "[1, 2,]", "REGLA_TOKEN_INESPERADO", 6, 1, 7, "[1, 2,]\n      ^"},
        {"list missing comma", "[1 2]", "REGLA_TOKEN_INESPERADO", 3, 1, 4, "[1 2]\n   ^"},
        {"list only comma", "[,]", "REGLA_TOKEN_INESPERADO", 1, 1, 2, "[,]\n ^"},
        {"list closed by paren", "[1)", "REGLA_TOKEN_INESPERADO", 2, 1, 3, "[1)\n  ^"},
        {"unclosed list after IN", "a IN [1, 2", "REGLA_FIN_INESPERADO", 10, 1, 11, "a IN [1, 2\n          ^"},
        {"unclosed call", "f(a", "REGLA_FIN_INESPERADO", 3, 1, 4, "f(a\n   ^"},
        {"call open only", "f(", "REGLA_FIN_INESPERADO", 2, 1, 3, "f(\n  ^"},
        {"call trailing comma", "f(a,)", "REGLA_TOKEN_INESPERADO", 4, 1, 5, "f(a,)\n    ^"},
        {"call missing comma", "f(a b)", "REGLA_TOKEN_INESPERADO", 4, 1, 5, "f(a b)\n    ^"},
        {"call closed by bracket", "f(a]", "REGLA_TOKEN_INESPERADO", 3, 1, 4, "f(a]\n   ^"},
        {"unclosed single quote", "'abc", "REGLA_CADENA_SIN_CERRAR", 0, 1, 1, "'abc\n^"},
        {"unclosed double quote", "a == \"x", "REGLA_CADENA_SIN_CERRAR", 5, 1, 6, "a == \"x\n     ^"},
        {"other quote does not close", "'it\"s", "REGLA_CADENA_SIN_CERRAR", 0, 1, 1, "'it\"s\n^"},
        {"no escapes: backslash quote", "'a\\'b'", "REGLA_CADENA_SIN_CERRAR", 5, 1, 6, "'a\\'b'\n     ^"},
        // dangling and misplaced operators
        {"dangling AND", "a AND", "REGLA_FIN_INESPERADO", 5, 1, 6, "a AND\n     ^"},
        {"dangling OR", "a OR ", "REGLA_FIN_INESPERADO", 5, 1, 6, "a OR \n     ^"},
        {"dangling IMPLICA", "a IMPLICA", "REGLA_FIN_INESPERADO", 9, 1, 10, "a IMPLICA\n         ^"},
        {"dangling NOT", "NOT", "REGLA_FIN_INESPERADO", 3, 1, 4, "NOT\n   ^"},
        {"dangling ==", "a ==", "REGLA_FIN_INESPERADO", 4, 1, 5, "a ==\n    ^"},
        {"dangling IN", "a IN", "REGLA_FIN_INESPERADO", 4, 1, 5, "a IN\n    ^"},
        {"dangling CONTIENE", "a CONTIENE", "REGLA_FIN_INESPERADO", 10, 1, 11, "a CONTIENE\n          ^"},
        {"leading AND", "AND a", "REGLA_TOKEN_INESPERADO", 0, 1, 1, "AND a\n^"},
        {"double operator", "a == == b", "REGLA_TOKEN_INESPERADO", 5, 1, 6, "a == == b\n     ^"},
        {"NOT on the right of ==", "a == NOT b", "REGLA_TOKEN_INESPERADO", 5, 1, 6, "a == NOT b\n     ^"},
        {"AND AND", "a AND AND b", "REGLA_TOKEN_INESPERADO", 6, 1, 7, "a AND AND b\n      ^"},
        {"comma at top", "a, b", "REGLA_TOKENS_SOBRANTES", 1, 1, 2, "a, b\n ^"},
        // leftovers
        {"chained ==", "a == b == c", "REGLA_TOKENS_SOBRANTES", 7, 1, 8, "a == b == c\n       ^"},
        {"chained <", "a < b < c", "REGLA_TOKENS_SOBRANTES", 6, 1, 7, "a < b < c\n      ^"},
        {"IN then CONTIENE", "a IN b CONTIENE c", "REGLA_TOKENS_SOBRANTES", 7, 1, 8, "a IN b CONTIENE c\n       ^"},
        {"two paths", "a b", "REGLA_TOKENS_SOBRANTES", 2, 1, 3, "a b\n  ^"},
        {"extra closing paren", "(a == b))", "REGLA_TOKENS_SOBRANTES", 8, 1, 9, "(a == b))\n        ^"},
        {"closing paren first", ")", "REGLA_TOKEN_INESPERADO", 0, 1, 1, ")\n^"},
        {"lowercase keyword", "a and b", "REGLA_TOKENS_SOBRANTES", 2, 1, 3, "a and b\n  ^"},
        {"minus glued to number", "5-3", "REGLA_TOKENS_SOBRANTES", 1, 1, 2, "5-3\n ^"},
        {"number then path", "1e", "REGLA_TOKENS_SOBRANTES", 1, 1, 2, "1e\n ^"},
        // characters outside the language
        {"single =", "a = b", "REGLA_CARACTER_INVALIDO", 2, 1, 3, "a = b\n  ^"},
        {"ampersand", "a && b", "REGLA_CARACTER_INVALIDO", 2, 1, 3, "a && b\n  ^"},
        {"pipe", "a | b", "REGLA_CARACTER_INVALIDO", 2, 1, 3, "a | b\n  ^"},
        {"bang", "!a", "REGLA_CARACTER_INVALIDO", 0, 1, 1, "!a\n^"},
        {"lone minus", "a - 1", "REGLA_CARACTER_INVALIDO", 2, 1, 3, "a - 1\n  ^"},
        {"minus before space", "- 1", "REGLA_CARACTER_INVALIDO", 0, 1, 1, "- 1\n^"},
        {"trailing point", "a == 1.", "REGLA_CARACTER_INVALIDO", 6, 1, 7, "a == 1.\n      ^"},
        {"leading point", ".5", "REGLA_CARACTER_INVALIDO", 0, 1, 1, ".5\n^"},
        {"exponent sign without digits", "1e+", "REGLA_CARACTER_INVALIDO", 2, 1, 3, "1e+\n  ^"},
        {"semicolon", "a == b;", "REGLA_CARACTER_INVALIDO", 6, 1, 7, "a == b;\n      ^"},
        {"unicode operator", "a ≠ b", "REGLA_CARACTER_INVALIDO", 2, 1, 3, "a ≠ b\n  ^"},
        {"column counts code points", "'ñandú' == x $", "REGLA_CARACTER_INVALIDO", 15, 1, 14, "'ñandú' == x $\n             ^"},
        {"no-break space", "a\xC2\xA0== b", "REGLA_CARACTER_INVALIDO", 1, 1, 2, "a\xC2\xA0== b\n ^"},
        {"byte order mark", "\xEF\xBB\xBF" "a", "REGLA_CARACTER_INVALIDO", 0, 1, 1, "\xEF\xBB\xBF" "a\n^"},
        {"invalid utf8 byte", "a == \xFF", "REGLA_CARACTER_INVALIDO", 5, 1, 6, "a == \xEF\xBF\xBD\n     ^"},
        {"lexical error wins over syntax", "((a == b &", "REGLA_CARACTER_INVALIDO", 9, 1, 10, "((a == b &\n         ^"},
        {"keyword-like unicode", "a ∧ b", "REGLA_CARACTER_INVALIDO", 2, 1, 3, "a ∧ b\n  ^"},
        {"vertical tab is not whitespace", "a\v== b", "REGLA_CARACTER_INVALIDO", 1, 1, 2, "a == b\n ^"},
        // positions on several lines; tabs keep the caret aligned
        {"second line", "a == b\n  AND (c", "REGLA_FIN_INESPERADO", 15, 2, 9, "  AND (c\n        ^"},
        {"tab before", "\t(a", "REGLA_FIN_INESPERADO", 3, 1, 4, "\t(a\n\t  ^"},
        {"crlf lines", "a\r\nAND\r\n", "REGLA_FIN_INESPERADO", 8, 3, 1, "\n^"},
    };
    for (const BadCase& c : cases) {
        CAPTURE(c.name);
        CAPTURE(c.text);
        const ParseResult result = parse(c.text);
        REQUIRE_FALSE(result.ok());
        const auto& e = *result.error;
        CAPTURE(e.message.en);
        CHECK(code_name(e.code) == c.code);
        CHECK(e.offset == c.offset);
        CHECK(e.line == c.line);
        CHECK(e.column == c.column);
        CHECK(e.caret == c.caret);
        CHECK(e.message.es.find(std::to_string(c.column)) != std::string::npos);
        CHECK(e.message.en.find(std::to_string(c.column)) != std::string::npos);
        CHECK(e.message.es != e.message.en);
    }
    CHECK(sizeof(cases) / sizeof(cases[0]) >= 60);
}

TEST_CASE("rule parser: nesting depth is limited, never a stack overflow") {
    ParseLimits unlimited_length;
    unlimited_length.max_length = std::string::npos;
    const std::size_t max = ParseLimits{}.max_depth;
    const auto repeat = [](const std::string& piece, std::size_t n) {
        std::string out;
        for (std::size_t i = 0; i < n; ++i) out += piece;
        return out;
    };
    struct DeepCase {
        std::string name;
        std::string text;
        std::size_t offset;  // where REGLA_PROFUNDIDAD is reported
    };
    const DeepCase cases[] = {
        // The parenthesis at nesting m (0-based) needs a tree of m + 2 levels: index max - 1 is refused.
        {"parentheses", repeat("(", 200) + "a" + repeat(")", 200), max - 1},
        {"100000 parentheses", repeat("(", 100000) + "a", max - 1},
        {"lists", repeat("[", 100000), max - 1},
        {"calls", repeat("f(", 300), 2 * (max - 1) + 1},
        {"NOT chain", repeat("NOT ", 300) + "a", 4 * (max - 1)},
        {"IMPLICA chain", "a" + repeat(" IMPLICA a", 300), 2 + 10 * (max - 1)},
        // Left-deep chains do not recurse; the height check refuses the operator that makes max + 1 levels.
        {"AND chain", "a" + repeat(" AND a", 300), 2 + 6 * (max - 1)},
        {"OR chain", "a" + repeat(" OR a", 300), 2 + 5 * (max - 1)},
    };
    for (const DeepCase& c : cases) {
        CAPTURE(c.name);
        const ParseResult result = parse(c.text, unlimited_length);
        REQUIRE_FALSE(result.ok());
        CHECK(code_name(result.error->code) == "REGLA_PROFUNDIDAD");
        CHECK(result.error->offset == c.offset);
        CHECK(result.error->caret.size() < 2 * planlang::rules::kCaretWindow + 16);  // a window, not the text
    }

    // Exactly at the limit is accepted; one more level is not.
    ParseLimits three;
    three.max_depth = 3;
    CHECK(parse("((a))", three).ok());
    CHECK(parse("a AND b AND c", three).ok());
    CHECK(parse("NOT (a)", three).ok());
    CHECK(parse("f(g(x))", three).ok());
    CHECK(parse("[[1]]", three).ok());
    CHECK(parse("a IMPLICA b IMPLICA c", three).ok());
    for (const std::string text : {"(((a)))", "a AND b AND c AND d", "NOT NOT NOT a", "f(g(h(x)))", "[[[1]]]",
                                   "a IMPLICA b IMPLICA c IMPLICA d", "NOT (a == b)", "(a OR b) AND c"}) {
        CAPTURE(text);
        const ParseResult result = parse(text, three);
        REQUIRE_FALSE(result.ok());
        CHECK(code_name(result.error->code) == "REGLA_PROFUNDIDAD");
    }
    // The demo rules sit far below the default.
    CHECK(parse("NOT (salida_final CONTIENE identificador_sintetico(caso))", three).error.has_value());
    ParseLimits five;
    five.max_depth = 5;
    CHECK(parse("NOT (salida_final CONTIENE identificador_sintetico(caso))", five).ok());
}

TEST_CASE("rule parser: length is limited") {
    const std::string long_path(20000, 'a');
    const ParseResult too_long = parse(long_path);
    REQUIRE_FALSE(too_long.ok());
    CHECK(code_name(too_long.error->code) == "REGLA_LONGITUD");
    CHECK(too_long.error->offset == ParseLimits{}.max_length);
    CHECK(too_long.error->column == ParseLimits{}.max_length + 1);
    // The caret line is a window: "…" + 80 characters + "…", the caret under the first byte past the limit.
    const std::string window = "…" + std::string(80, 'a') + "…\n" + std::string(41, ' ') + "^";
    CHECK(too_long.error->caret == window);

    ParseLimits small;
    small.max_length = 6;
    CHECK(parse("a == b", small).ok());
    const ParseResult cut = parse("a == bc", small);
    REQUIRE_FALSE(cut.ok());
    CHECK(code_name(cut.error->code) == "REGLA_LONGITUD");
    CHECK(cut.error->offset == 6);
    CHECK(cut.error->caret == "a == bc\n      ^");
    // A limit inside a multi-byte character is reported at that character's start.
    const ParseResult in_char = parse("'ab\xC3\xB1'", ParseLimits{4, 128});
    REQUIRE_FALSE(in_char.ok());
    CHECK(in_char.error->offset == 3);
    CHECK(in_char.error->column == 4);
}

TEST_CASE("rule parser: the caret window follows the position on a long line") {
    const std::string text = std::string(200, 'x') + " &" + std::string(200, 'y');
    const ParseResult result = parse(text);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error->offset == 201);
    CHECK(result.error->column == 202);
    const std::string& caret = result.error->caret;
    const std::size_t newline = caret.find('\n');
    REQUIRE(newline != std::string::npos);
    const std::string shown = caret.substr(0, newline);
    const std::string under = caret.substr(newline + 1);
    CHECK(shown.substr(0, 3) == "…");
    CHECK(shown.substr(shown.size() - 3) == "…");
    // The caret sits under the '&': shown[0..3) is "…" (one column), so byte = column + 2.
    REQUIRE(under.size() >= 1);
    CHECK(under.back() == '^');
    CHECK(shown[under.size() - 1 + 2] == '&');
}

TEST_CASE("rule parser: messages and the validator's issue") {
    const ParseResult result = parse("a AND (b OR c");
    REQUIRE_FALSE(result.ok());
    const auto& e = *result.error;
    CHECK(e.message.es == "Columna 14: falta «)» para cerrar el paréntesis abierto en la columna 7.");
    CHECK(e.message.en == "Column 14: missing “)” to close the parenthesis opened at column 7.");
    const planlang::Issue issue = e.to_issue("C4.condicion");
    CHECK(issue.code == "CONDICION_NO_INTERPRETABLE");
    CHECK(issue.element == "C4.condicion");
    CHECK(issue.message.es == e.message.es + "\na AND (b OR c\n             ^");
    CHECK(issue.message.en == e.message.en + "\na AND (b OR c\n             ^");

    const ParseResult multi = parse("a ==\n\n  b c");
    REQUIRE_FALSE(multi.ok());
    CHECK(multi.error->message.es.rfind("Línea 3, columna 5: ", 0) == 0);
    CHECK(multi.error->message.en.rfind("Line 3, column 5: ", 0) == 0);

    // Quoted pieces are cut and stay on one line.
    const ParseResult quoted = parse("a 'una cadena muy larga que no cabe entera\nen el mensaje'");
    REQUIRE_FALSE(quoted.ok());
    CHECK(quoted.error->message.es.find("«'una cadena muy larga qu…»") != std::string::npos);
    CHECK(quoted.error->message.en.find("“'una cadena muy larga qu…”") != std::string::npos);
}
