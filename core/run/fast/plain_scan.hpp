#pragma once
// A scanner for the plain shapes planlang writes (fast/plain_visit.hpp, fast/trace_arrays.hpp): it
// reads a text token by token, writing the tokens without the whitespace between them — the text's canonical
// form, for the tokens it accepts — at `out` (room for the whole text: the tokens never take more): one write
// per byte instead of a std::string append per token. Every method returns false, having consumed nothing
// that matters, when the next token is not what it reads; the caller then declines the whole text.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "core/json/number.hpp"
#include "core/json/plain_bytes.hpp"
#include "core/json/unicode.hpp"
#include "core/json/value.hpp"

namespace planlang::run::internal {

class PlainScan {
public:
    PlainScan(std::string_view text, char* out) : m_begin(text.data()), m_p(text.data()), m_end(text.data() + text.size()), m_out(out) {}

    // Indentation after a line break is skipped eight spaces at a time (a pretty-printed trace has a line
    // per member, most of it indentation).
    void space() {
        while (m_p < m_end) {
            const char c = *m_p;
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return;
            ++m_p;
            if (c != '\n') continue;
            for (std::uint64_t w; m_end - m_p >= 8; m_p += 8) {
                std::memcpy(&w, m_p, 8);
                if (const std::uint64_t other = w ^ 0x2020202020202020u) {
                    m_p += json::first_flagged_byte(other);
                    break;
                }
            }
        }
    }
    bool at_end() const { return m_p == m_end; }
    char* written() const { return m_out; }
    std::size_t consumed() const { return static_cast<std::size_t>(m_p - m_begin); }
    // The next byte after optional whitespace, or 0 at the end.
    char peek() {
        space();
        return m_p < m_end ? *m_p : '\0';
    }

    // `token` as it is (punctuation, a quoted key, a literal), after optional whitespace. Its length is known
    // when compiled, so comparing and copying it are a few fixed-size moves, not loops.
    template <std::size_t N>
    bool token(const char (&token)[N]) {
        constexpr std::size_t n = N - 1;
        space();
        if (static_cast<std::size_t>(m_end - m_p) < n || std::memcmp(m_p, token, n) != 0) return false;
        copy(n);
        return true;
    }

    // A member's key, given unquoted (a schema table's: internal/schemas.hpp), and its colon; members after the
    // `first` have a comma before them.
    bool key(std::string_view name, bool first = false) {
        if (!first && !token(",")) return false;
        space();
        const std::size_t n = name.size() + 2;
        if (static_cast<std::size_t>(m_end - m_p) < n || m_p[0] != '"' || std::memcmp(m_p + 1, name.data(), name.size()) != 0 || m_p[n - 1] != '"')
            return false;
        copy(n);
        return token(":");
    }

    // A member's quoted key and its colon; members after the `first` have a comma before them.
    template <std::size_t N>
    bool key(const char (&quoted)[N], bool first = false) {
        return (first || token(",")) && token(quoted) && token(":");
    }

    // A string of ASCII bytes, none a control character, with no escape (the canonical form writes it as it
    // is), its content assigned to `content` when given.
    bool plain_string(bool non_empty, std::string* content = nullptr) {
        std::string_view view;
        if (!plain_string_view(non_empty, view)) return false;
        if (content) content->assign(view.data(), view.size());
        return true;
    }
    // The same, its content a view of the text.
    bool plain_string_view(bool non_empty, std::string_view& content) {
        space();
        if (m_p >= m_end || *m_p != '"') return false;
        const char* q = json::plain_run_end(m_p + 1, m_end);  // stops at '"', '\\', control, non-ASCII
        if (q >= m_end || *q != '"' || (non_empty && q == m_p + 1)) return false;
        content = std::string_view(m_p + 1, static_cast<std::size_t>(q - m_p - 1));
        copy(static_cast<std::size_t>(q + 1 - m_p));
        return true;
    }

    // A string that may hold any text and that canonical form writes as it is: well-formed UTF-8 (as the
    // reader's check: no overlong form, surrogate or code point past U+10FFFF), NFC by the quick check, no
    // raw control character, and no escape but the short ones canonical form writes (\" \\ \b \f \n \r \t).
    // Its content is not kept (the batch's texts are only checked).
    bool text_string(bool non_empty) {
        space();
        if (m_p >= m_end || *m_p != '"') return false;
        const char* q = m_p + 1;
        bool non_ascii = false;
        for (;;) {
            q = json::plain_run_end(q, m_end);
            if (q >= m_end) return false;
            const auto c = static_cast<unsigned char>(*q);
            if (c == '"') break;
            if (c == '\\') {
                if (m_end - q < 2 || !is_short_escape(q[1])) return false;
                q += 2;
                continue;
            }
            const std::size_t length = utf8_sequence(q);
            if (length == 0) return false;  // a control, or not UTF-8
            q += length;
            non_ascii = true;
        }
        if (non_empty && q == m_p + 1) return false;
        // The raw text, not its content: an escape stands for an ASCII character, which the quick check
        // passes as it passes the two it is written with.
        if (non_ascii && !json::is_nfc_quick(std::string_view(m_p + 1, static_cast<std::size_t>(q - m_p - 1)))) return false;
        copy(static_cast<std::size_t>(q + 1 - m_p));
        return true;
    }

    // A plain number literal written as canonical form writes it (json::plain_canonical_number), its value
    // in `value`.
    bool plain_number(double& value) {
        space();
        const char* q = m_p;
        while (q < m_end && ((*q >= '0' && *q <= '9') || *q == '-' || *q == '.' || *q == 'e' || *q == 'E' || *q == '+')) ++q;
        const std::optional<double> v = json::plain_canonical_number(std::string_view(m_p, static_cast<std::size_t>(q - m_p)));
        if (!v) return false;
        value = *v;
        copy(static_cast<std::size_t>(q - m_p));
        return true;
    }

    // [1-9][0-9]{0,14} not followed by a fraction or an exponent: an integer ≥ 1 below 2^53, written as the
    // canonical form writes it.
    bool integer_from_one(std::int64_t* value = nullptr) {
        space();
        const char* q = m_p;
        if (q >= m_end || *q < '1' || *q > '9') return false;
        while (q < m_end && *q >= '0' && *q <= '9') ++q;
        if (q - m_p > 15) return false;
        if (q < m_end && (*q == '.' || *q == 'e' || *q == 'E')) return false;
        if (value) {
            std::int64_t v = 0;  // at most 15 digits: no overflow
            for (const char* d = m_p; d < q; ++d) v = v * 10 + (*d - '0');
            *value = v;
        }
        copy(static_cast<std::size_t>(q - m_p));
        return true;
    }

    // 0, or integer_from_one.
    bool integer_from_zero(std::int64_t* value = nullptr) {
        space();
        if (m_p < m_end && *m_p == '0') {
            const char* q = m_p + 1;
            if (q < m_end && ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E')) return false;
            if (value) *value = 0;
            copy(1);
            return true;
        }
        return integer_from_one(value);
    }

    bool boolean(bool* value = nullptr) {
        if (token("true")) {
            if (value) *value = true;
            return true;
        }
        if (token("false")) {
            if (value) *value = false;
            return true;
        }
        return false;
    }

    // null, a boolean, a plain number or a plain string, into `value` (a string reuses its capacity).
    bool plain_scalar(json::Value& value) {
        switch (peek()) {
            case 'n':
                if (!token("null")) return false;
                value = json::Value();
                return true;
            case 't':
            case 'f': {
                bool b = false;
                if (!boolean(&b)) return false;
                value = json::Value(b);
                return true;
            }
            case '"':
                if (!value.is_string()) value = json::Value(std::string());
                return plain_string(false, &value.as_string());
            default: {
                double d = 0;
                if (!plain_number(d)) return false;
                value = json::Value(d);
                return true;
            }
        }
    }

private:
    static bool is_short_escape(char c) {
        return c == '"' || c == '\\' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't';
    }

    // The length of the well-formed UTF-8 sequence of two to four bytes at `p`, or 0 (RFC 3629 §4, the
    // ranges the reader checks).
    std::size_t utf8_sequence(const char* p) const {
        const auto byte = [&](std::size_t k) -> unsigned { return p + k < m_end ? static_cast<unsigned char>(p[k]) : 0u; };
        const unsigned b0 = byte(0);
        std::size_t length = 0;
        unsigned lo = 0x80, hi = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) length = 2;
        else if (b0 >= 0xE0 && b0 <= 0xEF) {
            length = 3;
            if (b0 == 0xE0) lo = 0xA0;
            if (b0 == 0xED) hi = 0x9F;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            length = 4;
            if (b0 == 0xF0) lo = 0x90;
            if (b0 == 0xF4) hi = 0x8F;
        }
        for (std::size_t k = 1; k < length; ++k) {
            const unsigned b = byte(k);
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return 0;
        }
        return length;
    }

    void copy(std::size_t n) {
        std::memcpy(m_out, m_p, n);
        m_out += n;
        m_p += n;
    }

    const char* m_begin;
    const char* m_p;
    const char* m_end;
    char* m_out;
};

}  // namespace planlang::run::internal
