#include "core/json/unicode.hpp"

#include <cassert>
#include <cstdint>
#include <cstring>
#include <vector>

#include <utf8proc.h>

namespace planlang::json {
namespace {

// Decodes one code point of well-formed WTF-8 at s[i] and advances i. Lone surrogates decode to
// U+D800..U+DFFF. The reader guarantees well-formedness; values built in code are ASCII or UTF-8.
std::uint32_t decode(std::string_view s, std::size_t& i) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) { ++i; return b0; }
    auto cont = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i + k]) & 0x3F); };
    if (b0 < 0xE0) { std::uint32_t c = ((b0 & 0x1Fu) << 6) | cont(1); i += 2; return c; }
    if (b0 < 0xF0) { std::uint32_t c = ((b0 & 0x0Fu) << 12) | (cont(1) << 6) | cont(2); i += 3; return c; }
    std::uint32_t c = ((b0 & 0x07u) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3);
    i += 4;
    return c;
}

bool is_lone_surrogate_at(std::string_view s, std::size_t i) {
    return static_cast<unsigned char>(s[i]) == 0xED && i + 1 < s.size() &&
           static_cast<unsigned char>(s[i + 1]) >= 0xA0;
}

void append_nfc_segment(std::string& out, std::string_view segment) {
    if (segment.empty()) return;
    // utf8proc_map() would do this, but it sizes its buffer by decomposing into a null pointer first,
    // which is undefined behaviour (UBSan flags it); decompose into a real buffer instead.
    constexpr auto kOptions = static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(segment.data());
    const auto length = static_cast<utf8proc_ssize_t>(segment.size());
    std::vector<utf8proc_int32_t> buffer(segment.size() + 8);
    auto decomposed = utf8proc_decompose(bytes, length, buffer.data(), static_cast<utf8proc_ssize_t>(buffer.size()), kOptions);
    if (decomposed > static_cast<utf8proc_ssize_t>(buffer.size())) {
        buffer.resize(static_cast<std::size_t>(decomposed));
        decomposed = utf8proc_decompose(bytes, length, buffer.data(), decomposed, kOptions);
    }
    assert(decomposed >= 0 && "nfc() is given well-formed UTF-8 segments");
    if (decomposed < 0) { out.append(segment); return; }
    // Composes in place, then writes UTF-8 over the same buffer (4 bytes per code point always fit).
    const auto encoded = utf8proc_reencode(buffer.data(), decomposed, kOptions);
    assert(encoded >= 0);
    if (encoded < 0) { out.append(segment); return; }
    out.append(reinterpret_cast<const char*>(buffer.data()), static_cast<std::size_t>(encoded));
}

// Below U+0300 every code point is an NFC starter that never composes with what precedes it, and
// anything that could compose with it (combining marks, Hangul vowels) is at or above U+0300.
constexpr std::uint32_t kFirstComposingCodePoint = 0x300;

}  // namespace

bool is_nfc_quick(std::string_view s) {
    std::size_t i = 0;
    // ASCII stretches eight bytes at a time (no byte with its high bit set).
    for (std::uint64_t w; i + 8 <= s.size(); i += 8) {
        std::memcpy(&w, s.data() + i, 8);
        if (w & 0x8080808080808080u) break;
    }
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) { ++i; continue; }
        if (decode(s, i) >= kFirstComposingCodePoint) return false;
    }
    return true;
}

std::string nfc(std::string_view s) {
    if (is_nfc_quick(s)) return std::string(s);
    // utf8proc accepts only UTF-8, so normalise the stretches between lone surrogates. A surrogate code
    // point is a starter that composes with nothing, so this equals normalising the whole string.
    std::string out;
    out.reserve(s.size());
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (is_lone_surrogate_at(s, i)) {
            append_nfc_segment(out, s.substr(start, i - start));
            out.append(s.substr(i, 3));
            i += 3;
            start = i;
        } else {
            decode(s, i);
        }
    }
    append_nfc_segment(out, s.substr(start));
    return out;
}

void append_utf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

std::size_t ecmascript_space_length(std::string_view s) {
    if (s.empty()) return 0;
    const char c = s[0];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return 1;
    // U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF in UTF-8.
    static const char* const kMultiByte[] = {
        "\xC2\xA0", "\xE1\x9A\x80", "\xE2\x80\x80", "\xE2\x80\x81", "\xE2\x80\x82", "\xE2\x80\x83",
        "\xE2\x80\x84", "\xE2\x80\x85", "\xE2\x80\x86", "\xE2\x80\x87", "\xE2\x80\x88", "\xE2\x80\x89",
        "\xE2\x80\x8A", "\xE2\x80\xA8", "\xE2\x80\xA9", "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80",
        "\xEF\xBB\xBF"};
    for (const char* ws : kMultiByte) {
        const std::string_view w(ws);
        if (s.substr(0, w.size()) == w) return w.size();
    }
    return 0;
}

bool has_lone_surrogate(std::string_view s) {
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
        if (is_lone_surrogate_at(s, i)) return true;
    return false;
}

namespace {

// Yields the UTF-16 code units of a WTF-8 string one at a time.
class Utf16Units {
public:
    explicit Utf16Units(std::string_view s, std::size_t from) : m_s(s), m_i(from) {}
    bool next(std::uint32_t& unit) {
        if (m_pending) { unit = m_pending; m_pending = 0; return true; }
        if (m_i >= m_s.size()) return false;
        const std::uint32_t c = decode(m_s, m_i);
        if (c < 0x10000) { unit = c; return true; }
        unit = 0xD800 + ((c - 0x10000) >> 10);
        m_pending = 0xDC00 + ((c - 0x10000) & 0x3FF);
        return true;
    }

private:
    std::string_view m_s;
    std::size_t m_i;
    std::uint32_t m_pending = 0;
};

}  // namespace

bool utf16_less(std::string_view a, std::string_view b) {
    // UTF-8 byte order is code point order, which agrees with UTF-16 order unless a code point at or
    // above U+D800 meets a supplementary one; only then compare code units from that code point on.
    const std::size_t n = a.size() < b.size() ? a.size() : b.size();
    const int order = n ? std::memcmp(a.data(), b.data(), n) : 0;
    if (order == 0) return a.size() < b.size();
    std::size_t i = 0;
    while (a[i] == b[i]) ++i;
    const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    const bool x_lead = (x & 0xC0) != 0x80, y_lead = (y & 0xC0) != 0x80;
    if (!(x_lead && y_lead) || (x < 0xED && y < 0xED)) return x < y;
    std::size_t start = i;
    while (start > 0 && (static_cast<unsigned char>(a[start]) & 0xC0) == 0x80) --start;
    Utf16Units ua(a, start), ub(b, start);
    std::uint32_t p = 0, q = 0;
    for (;;) {
        const bool has_p = ua.next(p), has_q = ub.next(q);
        if (!has_p || !has_q) return !has_p && has_q;
        if (p != q) return p < q;
    }
}

}  // namespace planlang::json
