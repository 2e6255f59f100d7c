#pragma once
// Lexer of the rule language (rule-language.md §2). Most callers want parse() (parser.hpp), which
// checks the length limit first and then lexes the whole text before parsing.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/rules/error.hpp"

namespace planlang::rules {

enum class TokenKind : std::uint8_t {
    number,    // -?\d+(\.\d+)?([eE][+-]?\d+)?; `-` only when a digit follows
    string,    // '…' or "…", no escapes; Token::text is the raw content between the quotes
    path,      // [A-Za-z_][A-Za-z0-9_.]* that is not a keyword; dots included (`umbral.U2` is one token)
    kw_and, kw_or, kw_not, kw_in, kw_contiene, kw_implica, kw_true, kw_false, kw_null,  // case-sensitive
    eq, ne, lt, le, gt, ge,  // == != < <= > >=
    lparen, rparen, lbracket, rbracket, comma,
    end,  // after the last token; its offset is text.size()
};

struct Token {
    TokenKind kind = TokenKind::end;
    std::size_t offset = 0;  // byte offset of the token's first character (the opening quote of a string)
    std::size_t length = 0;  // bytes of source text, quotes included
    std::string_view text;   // string: content without quotes; path: the path; else the source text
    double number = 0;       // number: the double ECMAScript's Number() reads from the literal (±Infinity on
                             // overflow, 0 or -0 on underflow)
};

struct LexResult {
    std::vector<Token> tokens;  // ends with one `end` token when ok
    std::optional<ParseError> error;  // REGLA_CARACTER_INVALIDO or REGLA_CADENA_SIN_CERRAR, the first one
    bool ok() const { return !error.has_value(); }
};

// Whitespace is space, \t, \n, \r only (any other character, Unicode spaces and the BOM included, is
// invalid outside strings). Token::text views point into `text`, which must outlive the result.
// No limits here: parse() applies ParseLimits::max_length before lexing.
LexResult lex(std::string_view text);

}  // namespace planlang::rules
