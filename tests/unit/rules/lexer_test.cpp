// The rule lexer on its own (rule-language.md §2): token kinds, string contents, number values.
#include "core/rules/lexer.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace planlang::rules;

namespace {

std::vector<TokenKind> kinds(const std::string& text) {
    const LexResult result = lex(text);
    REQUIRE(result.ok());
    std::vector<TokenKind> out;
    for (const Token& t : result.tokens) out.push_back(t.kind);
    return out;
}

}  // namespace

TEST_CASE("rule lexer: token kinds, two-character operators first") {
    using K = TokenKind;
    CHECK(kinds("a.b==-1.5e3") == std::vector<K>{K::path, K::eq, K::number, K::end});
    CHECK(kinds("<=>=<>!=") == std::vector<K>{K::le, K::ge, K::lt, K::gt, K::ne, K::end});
    CHECK(kinds("([,])") == std::vector<K>{K::lparen, K::lbracket, K::comma, K::rbracket, K::rparen, K::end});
    CHECK(kinds("AND OR NOT IN CONTIENE IMPLICA true false null") ==
          std::vector<K>{K::kw_and, K::kw_or, K::kw_not, K::kw_in, K::kw_contiene, K::kw_implica, K::kw_true,
                         K::kw_false, K::kw_null, K::end});
    CHECK(kinds("ANDx nullo true.x In") == std::vector<K>{K::path, K::path, K::path, K::path, K::end});
}

TEST_CASE("rule lexer: strings are raw, numbers read as ECMAScript") {
    const std::string text = "'a\"b' \"c'd\" 007 -0 1e999 2.50E-1 1e";
    const LexResult result = lex(text);
    REQUIRE(result.ok());
    REQUIRE(result.tokens.size() == 9);
    CHECK(result.tokens[0].text == "a\"b");
    CHECK(result.tokens[0].offset == 0);
    CHECK(result.tokens[0].length == 5);
    CHECK(result.tokens[1].text == "c'd");
    CHECK(result.tokens[2].number == 7);
    CHECK(result.tokens[3].number == 0);
    CHECK(std::signbit(result.tokens[3].number));
    CHECK(std::isinf(result.tokens[4].number));
    CHECK(result.tokens[5].number == 0.25);
    CHECK(result.tokens[6].kind == TokenKind::number);  // "1e": the exponent group backs off
    CHECK(result.tokens[6].text == "1");
    CHECK(result.tokens[7].kind == TokenKind::path);
    CHECK(result.tokens[7].text == "e");
    CHECK(result.tokens[8].offset == text.size());
}

TEST_CASE("rule lexer: the first lexical error") {
    const LexResult bad = lex("a & 'b");
    REQUIRE_FALSE(bad.ok());
    CHECK(code_name(bad.error->code) == "REGLA_CARACTER_INVALIDO");
    CHECK(bad.error->offset == 2);
    CHECK(bad.error->message.es.find("AND") != std::string::npos);  // the hint
    const LexResult unclosed = lex("a == 'b");
    REQUIRE_FALSE(unclosed.ok());
    CHECK(code_name(unclosed.error->code) == "REGLA_CADENA_SIN_CERRAR");
    CHECK(unclosed.error->offset == 5);
    const LexResult point = lex("1.x");  // "1", then "." starts no token
    REQUIRE_FALSE(point.ok());
    CHECK(point.error->offset == 1);
}
