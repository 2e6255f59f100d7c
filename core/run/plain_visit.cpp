// See internal/plain_visit.hpp. A 10,000-case round has ~31,000 visits of ~150 bytes: read into a tree and
// checked one by one, they took ~36 ms of CPU a round (perf, bench --cases 50000), about a tenth of
// verifying it, most of it the reader's and the schema check's cost per document rather than per byte.
#include "core/run/internal/plain_visit.hpp"

namespace planlang::run::internal {
namespace {

// Scans the text and writes its tokens, without the whitespace between them, at `out` (room for the whole
// text: the tokens never take more): one write per byte instead of a std::string append per token.
class PlainScan {
public:
    PlainScan(std::string_view text, char* out) : m_p(text.data()), m_end(text.data() + text.size()), m_out(out) {}

    void space() {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t')) ++m_p;
    }
    bool at_end() const { return m_p == m_end; }
    char* written() const { return m_out; }

    // `token` as it is (punctuation, a quoted key, a literal), after optional whitespace.
    bool token(std::string_view token) {
        space();
        if (static_cast<std::size_t>(m_end - m_p) < token.size()) return false;
        for (std::size_t i = 0; i < token.size(); ++i)  // a handful of bytes: no call to memcmp
            if (m_p[i] != token[i]) return false;
        copy(token.size());
        return true;
    }

    // A string of printable ASCII bytes with no escape: the canonical form writes it as it is.
    bool plain_string(bool non_empty) {
        space();
        if (m_p >= m_end || *m_p != '"') return false;
        const char* q = m_p + 1;
        while (q < m_end) {
            const auto c = static_cast<unsigned char>(*q);
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
            ++q;
        }
        if (q >= m_end || *q != '"' || (non_empty && q == m_p + 1)) return false;
        copy(static_cast<std::size_t>(q + 1 - m_p));
        return true;
    }

    // [1-9][0-9]{0,14} not followed by a fraction or an exponent: an integer ≥ 1 below 2^53, written as the
    // canonical form writes it.
    bool integer_from_one() {
        space();
        const char* q = m_p;
        if (q >= m_end || *q < '1' || *q > '9') return false;
        while (q < m_end && *q >= '0' && *q <= '9') ++q;
        if (q - m_p > 15) return false;
        if (q < m_end && (*q == '.' || *q == 'e' || *q == 'E')) return false;
        copy(static_cast<std::size_t>(q - m_p));
        return true;
    }

    bool boolean() { return token("true") || token("false"); }

private:
    void copy(std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) m_out[i] = m_p[i];
        m_out += n;
        m_p += n;
    }

    const char* m_p;
    const char* m_end;
    char* m_out;
};

}  // namespace

bool read_plain_visit(std::string_view item, std::string& canonical) {
    const std::size_t before = canonical.size();
    canonical.resize(before + item.size());
    PlainScan s(item, &canonical[before]);
    const bool plain = [&s] {
        if (!s.token("{") || !s.token("\"caso_id\"") || !s.token(":") || !s.plain_string(true) || !s.token(",")) return false;
        if (!s.token("\"desde\"") || !s.token(":") || !s.plain_string(true) || !s.token(",")) return false;
        if (!s.token("\"paso\"") || !s.token(":") || !s.integer_from_one() || !s.token(",")) return false;
        if (!s.token("\"rama_tomada\"") || !s.token(":") || !(s.token("null") || s.plain_string(false)) || !s.token(",")) return false;
        if (!s.token("\"resultados\"") || !s.token(":") || !s.token("[")) return false;
        if (!s.token("]")) {
            if (!s.boolean()) return false;
            while (s.token(","))
                if (!s.boolean()) return false;
            if (!s.token("]")) return false;
        }
        if (!s.token("}")) return false;
        s.space();
        return s.at_end();
    }();
    canonical.resize(plain ? static_cast<std::size_t>(s.written() - canonical.data()) : before);
    return plain;
}

}  // namespace planlang::run::internal
