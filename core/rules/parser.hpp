#pragma once
// Parser of the rule language (rule-language.md §3): recursive descent over the grammar
//   expr    := or [ "IMPLICA" expr ]                      right-associative
//   or      := and { "OR" and }                           left-associative
//   and     := not { "AND" not }                          left-associative
//   not     := "NOT" not | cmp
//   cmp     := primary [ cmpop primary | ("IN" | "CONTIENE") primary ]   non-associative
//   primary := NUMBER | STRING | true | false | null | "[" [expr {"," expr}] "]"
//            | PATH [ "(" [expr {"," expr}] ")" ] | "(" expr ")"
// Bad input is data (ParseResult::error), never an exception, a crash or a stack overflow.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules/ast.hpp"
#include "core/rules/error.hpp"

namespace planlang::rules {

struct ParseLimits {
    // Longest accepted text, in bytes (REGLA_LONGITUD beyond, reported at that offset). Checked before
    // anything else. Demo rules are under 250 bytes.
    std::size_t max_length = 16 * 1024;
    // Deepest accepted nesting (REGLA_PROFUNDIDAD beyond): the height of the tree counting each node and
    // each pair of parentheses as one level; a bare `a` is 1, `(a)` and `NOT a` are 2, `a AND b AND c`
    // is 3 (left-deep), `NOT (x CONTIENE f(caso))` is 5. The parser counts levels on the way down and
    // on the way up, so recursion never goes deeper than this whatever the input.
    std::size_t max_depth = 128;
};

struct ParseResult {
    Node ast;                         // meaningful when ok()
    std::optional<ParseError> error;  // the first problem: length, then lexical, then syntax/depth
    bool ok() const { return !error.has_value(); }
};

// Lexes the whole text (lexer.hpp), then parses it. An empty or whitespace-only text is REGLA_VACIA;
// tokens after a complete expression are REGLA_TOKENS_SOBRANTES (`a == b == c`).
ParseResult parse(std::string_view text, const ParseLimits& limits = {});

// Whether `text` parses and one of the paths it reads starts at one of `roots` ("locale == 'en'" reads
// "locale"): what makes a criterion a per-subgroup one, or a rule one that pairs cases (par_de_referencia).
bool reads_root(std::string_view text, const std::vector<std::string>& roots);

}  // namespace planlang::rules
