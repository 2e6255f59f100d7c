#include "core/rules/lexer.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/json/number.hpp"
#include "core/rules/internal/diagnostics.hpp"

namespace planlang::rules {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool is_ident_part(char c) { return is_ident_start(c) || is_digit(c) || c == '.'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

TokenKind keyword_or_path(std::string_view word) {
    struct Keyword {
        std::string_view spelling;
        TokenKind kind;
    };
    static constexpr Keyword kKeywords[] = {
        {"AND", TokenKind::kw_and},         {"OR", TokenKind::kw_or},       {"NOT", TokenKind::kw_not},
        {"IN", TokenKind::kw_in},           {"CONTIENE", TokenKind::kw_contiene},
        {"IMPLICA", TokenKind::kw_implica}, {"true", TokenKind::kw_true},   {"false", TokenKind::kw_false},
        {"null", TokenKind::kw_null},
    };
    for (const Keyword& k : kKeywords)
        if (word == k.spelling) return k.kind;
    return TokenKind::path;
}

// The rule's number grammar allows leading zeros ("007") that JSON does not; without them the literal is
// JSON syntax, so the shared correctly rounded reader gives the double Number() would give.
double number_value(std::string_view literal) {
    std::string json;
    std::size_t i = 0;
    if (literal[0] == '-') {
        json += '-';
        i = 1;
    }
    while (i + 1 < literal.size() && literal[i] == '0' && is_digit(literal[i + 1])) ++i;
    json.append(literal.substr(i));
    if (const auto value = json::parse_number(json)) return *value;
    // Valid syntax by construction, so the only failure left is overflow: Number("1e999") is Infinity.
    const double infinity = std::numeric_limits<double>::infinity();
    return literal[0] == '-' ? -infinity : infinity;
}

// Length of the number literal at text[i] (a digit, or '-' followed by a digit); optional groups back off
// as the regular expression does: "1." is "1" then ".", "1e" is "1" then the path "e".
std::size_t number_length(std::string_view text, std::size_t i) {
    const std::size_t start = i;
    if (text[i] == '-') ++i;
    while (i < text.size() && is_digit(text[i])) ++i;
    if (i + 1 < text.size() && text[i] == '.' && is_digit(text[i + 1])) {
        i += 2;
        while (i < text.size() && is_digit(text[i])) ++i;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
        if (j < text.size() && is_digit(text[j])) {
            while (j < text.size() && is_digit(text[j])) ++j;
            i = j;
        }
    }
    return i - start;
}

ParseError invalid_character(std::string_view text, std::size_t at) {
    const std::string_view c = text.substr(at, internal::utf8_length_at(text, at));
    std::string es = "el carácter " + internal::quote_es(c) + " no forma parte del lenguaje de reglas";
    std::string en = "the character " + internal::quote_en(c) + " is not part of the rule language";
    // Hints for what people coming from other languages type.
    struct Hint {
        char c;
        const char* es;
        const char* en;
    };
    static constexpr Hint kHints[] = {
        {'=', " (la igualdad se escribe ==)", " (equality is written ==)"},
        {'!', " (la desigualdad se escribe != y la negación NOT)", " (inequality is written != and negation NOT)"},
        {'&', " (la conjunción se escribe AND)", " (conjunction is written AND)"},
        {'|', " (la disyunción se escribe OR)", " (disjunction is written OR)"},
        {'-', " (un «-» solo es válido como signo pegado a un número: -1)",
         " (a “-” is only valid as the sign written right before a number: -1)"},
        {'\\', " (las cadenas no tienen secuencias de escape)", " (strings have no escape sequences)"},
    };
    for (const Hint& h : kHints)
        if (text[at] == h.c) {
            es += h.es;
            en += h.en;
        }
    return internal::make_error(text, at, ErrorCode::invalid_character, es + ".", en + ".");
}

}  // namespace

LexResult lex(std::string_view text) {
    LexResult result;
    std::size_t i = 0;
    const auto push = [&](TokenKind kind, std::size_t length, std::string_view content) {
        Token t;
        t.kind = kind;
        t.offset = i;
        t.length = length;
        t.text = content;
        result.tokens.push_back(t);
        i += length;
    };
    while (i < text.size()) {
        const char c = text[i];
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        if (is_space(c)) {
            ++i;
        } else if (c == '\'' || c == '"') {
            const std::size_t close = text.find(c, i + 1);
            if (close == std::string_view::npos) {
                const std::string_view quote = text.substr(i, 1);
                result.error = internal::make_error(
                    text, i, ErrorCode::unclosed_string,
                    "la cadena que empieza aquí no tiene comilla de cierre " + internal::quote_es(quote) +
                        " (no hay secuencias de escape).",
                    "the string starting here has no closing " + internal::quote_en(quote) +
                        " (there are no escape sequences).");
                return result;
            }
            push(TokenKind::string, close + 1 - i, text.substr(i + 1, close - i - 1));
        } else if (is_digit(c) || (c == '-' && is_digit(next))) {
            const std::size_t length = number_length(text, i);
            const double value = number_value(text.substr(i, length));
            push(TokenKind::number, length, text.substr(i, length));
            result.tokens.back().number = value;
        } else if (is_ident_start(c)) {
            std::size_t j = i + 1;
            while (j < text.size() && is_ident_part(text[j])) ++j;
            const std::string_view word = text.substr(i, j - i);
            push(keyword_or_path(word), word.size(), word);
        } else if ((c == '=' || c == '!' || c == '<' || c == '>') && next == '=') {
            const TokenKind kind = c == '=' ? TokenKind::eq
                                   : c == '!' ? TokenKind::ne
                                   : c == '<' ? TokenKind::le
                                              : TokenKind::ge;
            push(kind, 2, text.substr(i, 2));
        } else if (c == '<' || c == '>' || c == '(' || c == ')' || c == '[' || c == ']' || c == ',') {
            const TokenKind kind = c == '<'   ? TokenKind::lt
                                   : c == '>' ? TokenKind::gt
                                   : c == '(' ? TokenKind::lparen
                                   : c == ')' ? TokenKind::rparen
                                   : c == '[' ? TokenKind::lbracket
                                   : c == ']' ? TokenKind::rbracket
                                              : TokenKind::comma;
            push(kind, 1, text.substr(i, 1));
        } else {
            result.error = invalid_character(text, i);
            return result;
        }
    }
    push(TokenKind::end, 0, std::string_view());
    return result;
}

}  // namespace planlang::rules
