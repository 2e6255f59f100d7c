#pragma once
// Why a rule text could not be read (rule-language.md §2–§3): data, never an exception (style.md,
// "Errors"). The validator turns it into CONDICION_NO_INTERPRETABLE (plan-format.md §11,
// validarCondicion) with to_issue().
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/common/issue.hpp"

namespace planlang::rules {

// Our own, finer codes (the spec has only CONDICION_NO_INTERPRETABLE for all of them).
enum class ErrorCode : std::uint8_t {
    empty,              // REGLA_VACIA: no token at all (empty or only whitespace)
    too_long,           // REGLA_LONGITUD: more bytes than ParseLimits::max_length
    too_deep,           // REGLA_PROFUNDIDAD: nesting deeper than ParseLimits::max_depth
    invalid_character,  // REGLA_CARACTER_INVALIDO: a character no token starts with (`&`, `=`, a lone `-`…)
    unclosed_string,    // REGLA_CADENA_SIN_CERRAR: a quote with no closing quote of the same kind
    unexpected_end,     // REGLA_FIN_INESPERADO: the text ends where an operand, `)` or `]` is needed
    unexpected_token,   // REGLA_TOKEN_INESPERADO: a token where an operand, `,`, `)` or `]` is needed
    trailing_tokens,    // REGLA_TOKENS_SOBRANTES: a complete expression followed by more (`a == b == c`)
};

// "REGLA_VACIA", "REGLA_LONGITUD"…
std::string_view code_name(ErrorCode code);

struct ParseError {
    ErrorCode code = ErrorCode::empty;
    std::size_t offset = 0;  // 0-based byte offset into the UTF-8 text (== text.size() at the end)
    std::size_t line = 1;    // 1-based; only `\n` starts a new line
    std::size_t column = 1;  // 1-based, in code points from the start of the line (ours, rule-language.md §2)
    Bilingual message;       // one sentence per language naming the column (and the line when > 1)
    // Two lines: the rule's line (a window of at most kCaretWindow code points around the position,
    // "…" marking cut ends; control characters other than tab shown as spaces) and a line with `^`
    // under the position (tabs copied so the caret lines up).
    std::string caret;

    // The validator's reason: {CONDICION_NO_INTERPRETABLE, element, message + "\n" + caret}.
    Issue to_issue(std::string element) const;
};

inline constexpr std::size_t kCaretWindow = 80;

}  // namespace planlang::rules
