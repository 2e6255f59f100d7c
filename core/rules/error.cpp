#include "core/rules/error.hpp"

#include <vector>

#include "core/rules/internal/diagnostics.hpp"

namespace planlang::rules {

std::string_view code_name(ErrorCode code) {
    switch (code) {
        case ErrorCode::empty: return "REGLA_VACIA";
        case ErrorCode::too_long: return "REGLA_LONGITUD";
        case ErrorCode::too_deep: return "REGLA_PROFUNDIDAD";
        case ErrorCode::invalid_character: return "REGLA_CARACTER_INVALIDO";
        case ErrorCode::unclosed_string: return "REGLA_CADENA_SIN_CERRAR";
        case ErrorCode::unexpected_end: return "REGLA_FIN_INESPERADO";
        case ErrorCode::unexpected_token: return "REGLA_TOKEN_INESPERADO";
        case ErrorCode::trailing_tokens: return "REGLA_TOKENS_SOBRANTES";
    }
    return "REGLA_DESCONOCIDA";
}

Issue ParseError::to_issue(std::string element) const {
    return Issue{"CONDICION_NO_INTERPRETABLE", std::move(element),
                 Bilingual{message.es + "\n" + caret, message.en + "\n" + caret}};
}

namespace internal {

namespace {

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Length of a well-formed WTF-8 sequence at offset (surrogates allowed: rule texts come from JSON
// strings, which may hold them), or 0 when the bytes there are not one.
std::size_t valid_length_at(std::string_view text, std::size_t offset) {
    const auto at = [&](std::size_t i) { return static_cast<unsigned char>(text[offset + i]); };
    const std::size_t left = text.size() - offset;
    const unsigned char lead = at(0);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) { length = 3; if (lead == 0xE0) low = 0xA0; }
    else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else return 0;
    if (left < length || at(1) < low || at(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (!is_continuation(at(i))) return 0;
    return length;
}

// One code point for display: control characters as a space (tab kept only where asked), an invalid
// byte as U+FFFD, so that messages stay one line of valid text.
void append_display(std::string& out, std::string_view text, std::size_t offset, std::size_t length,
                    bool keep_tab) {
    const unsigned char c = static_cast<unsigned char>(text[offset]);
    if (length == 1 && c == '\t' && keep_tab) out += '\t';
    else if (length == 1 && (c < 0x20 || c == 0x7F)) out += ' ';
    else if (valid_length_at(text, offset) == 0) out += "\xEF\xBF\xBD";
    else out.append(text.substr(offset, length));
}

std::string quote(std::string_view piece, std::string_view open, std::string_view close) {
    constexpr std::size_t kMaxQuoted = 24;
    std::string out(open);
    std::size_t count = 0;
    for (std::size_t i = 0; i < piece.size(); i += utf8_length_at(piece, i), ++count) {
        if (count == kMaxQuoted) {
            out += "…";
            break;
        }
        append_display(out, piece, i, utf8_length_at(piece, i), false);
    }
    out += close;
    return out;
}

}  // namespace

std::size_t utf8_length_at(std::string_view text, std::size_t offset) {
    const std::size_t length = valid_length_at(text, offset);
    return length == 0 ? 1 : length;
}

std::string quote_es(std::string_view piece) { return quote(piece, "«", "»"); }
std::string quote_en(std::string_view piece) { return quote(piece, "“", "”"); }

Bilingual where(std::string_view text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset; i += utf8_length_at(text, i)) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    const std::string c = std::to_string(column);
    if (text.find('\n') == std::string_view::npos) return Bilingual{"columna " + c, "column " + c};
    const std::string l = std::to_string(line);
    return Bilingual{"línea " + l + ", columna " + c, "line " + l + ", column " + c};
}

ParseError make_error(std::string_view text, std::size_t offset, ErrorCode code, std::string_view es,
                      std::string_view en) {
    ParseError error;
    error.code = code;
    error.offset = offset;

    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++error.line;
            line_start = i + 1;
        }
    std::size_t line_end = text.find('\n', offset);
    if (line_end == std::string_view::npos) line_end = text.size();

    std::vector<std::size_t> starts;  // byte offset of each code point of the line
    for (std::size_t i = line_start; i < line_end; i += utf8_length_at(text, i)) {
        if (i < offset) ++error.column;
        starts.push_back(i);
    }
    const std::size_t n = starts.size();
    const std::size_t caret_index = error.column - 1;  // may be n: just after the line's last character

    // A window of kCaretWindow positions (the one after the end included) around the caret.
    std::size_t first = 0, last = n;  // code points [first, last) are shown
    if (n + 1 > kCaretWindow) {
        first = caret_index > kCaretWindow / 2 ? caret_index - kCaretWindow / 2 : 0;
        if (first > n + 1 - kCaretWindow) first = n + 1 - kCaretWindow;
        last = first + kCaretWindow < n ? first + kCaretWindow : n;
    }
    std::string shown, under;
    if (first > 0) {
        shown += "…";
        under += ' ';
    }
    for (std::size_t k = first; k < last; ++k) {
        const std::size_t length = (k + 1 < n ? starts[k + 1] : line_end) - starts[k];
        append_display(shown, text, starts[k], length, true);
        if (k < caret_index) under += text[starts[k]] == '\t' ? '\t' : ' ';
    }
    if (last < n) shown += "…";
    under += '^';
    error.caret = shown + "\n" + under;

    const Bilingual at = where(text, offset);
    error.message.es = at.es + ": ";
    error.message.es += es;
    error.message.es[0] = error.message.es[0] == 'c' ? 'C' : 'L';  // "columna"/"línea" start the sentence
    error.message.en = at.en + ": ";
    error.message.en += en;
    error.message.en[0] = error.message.en[0] == 'c' ? 'C' : 'L';
    return error;
}

}  // namespace internal

}  // namespace planlang::rules
