#pragma once
// Building ParseErrors (not API): position → line, column and caret; quoting pieces of the rule.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/rules/error.hpp"

namespace planlang::rules::internal {

// A ParseError at `offset` of `text` whose message is "Columna N: <es>" / "Column N: <en>"
// ("Línea L, columna N" / "Line L, column N" when the text has more than one line).
ParseError make_error(std::string_view text, std::size_t offset, ErrorCode code, std::string_view es,
                      std::string_view en);

// "columna 7" / "column 7", or "línea 2, columna 3" / "line 2, column 3" when the text has several lines.
Bilingual where(std::string_view text, std::size_t offset);

// A piece of the rule for a message, between «» (es) or “” (en), cut after 24 code points with "…",
// control characters shown as spaces.
std::string quote_es(std::string_view piece);
std::string quote_en(std::string_view piece);

// Number of bytes of the UTF-8 sequence starting at text[offset] (1 for an invalid or truncated one).
std::size_t utf8_length_at(std::string_view text, std::size_t offset);

}  // namespace planlang::rules::internal
