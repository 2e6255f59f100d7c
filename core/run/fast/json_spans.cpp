#include "core/run/fast/json_spans.hpp"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#define PLANLANG_SPANS_SIMD 1
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define PLANLANG_SPANS_SIMD 1
#endif

namespace planlang::run::internal {
namespace {

constexpr std::size_t kNone = std::string_view::npos;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::size_t skip_space(std::string_view t, std::size_t i) {
    while (i < t.size() && is_space(t[i])) ++i;
    return i;
}

// The quote that closes the string whose content starts at `p`, or nullptr. A batch or a ramas file is
// megabytes, most of it inside strings, so quotes are found with memchr (vectorised by the C library) and a
// quote counts when the backslashes just before it are even in number.
const char* closing_quote(const char* content, const char* end) {
    for (const char* p = content;;) {
        const char* q = static_cast<const char*>(std::memchr(p, '"', static_cast<std::size_t>(end - p)));
        if (!q) return nullptr;
        std::size_t backslashes = 0;
        for (const char* b = q; b > content && b[-1] == '\\'; --b) ++backslashes;
        if (backslashes % 2 == 0) return q;
        p = q + 1;
    }
}

// Past the string whose opening quote is at i, or kNone.
std::size_t skip_string(std::string_view t, std::size_t i) {
    const char* q = closing_quote(t.data() + i + 1, t.data() + t.size());
    return q ? static_cast<std::size_t>(q - t.data()) + 1 : kNone;
}

#if defined(PLANLANG_SPANS_SIMD)
// Sixty-four bytes at a time (SSE2, or wasm SIMD128), as simdjson finds structure (Langdale and Lemire, "Parsing gigabytes of JSON
// per second", 2019): one bit per byte for quotes, backslashes and brackets; the quotes a backslash escapes
// removed; a prefix XOR of the rest marks the bytes inside strings; the brackets outside them counted in
// order. Byte by byte, with memchr for each string (a 3 KB batch case has ~200), the scan of a 10,000-case
// batch took 10 ms on one core while the other waited; this takes 4. On JSON it finds what the byte loop
// finds (tests/unit/run/batch_test.cpp checks the spans of random items whose strings, escapes and brackets
// fall across block edges). On text that is not JSON the two may differ — here a backslash outside a string
// escapes the next byte — which only gives a span that does not parse, so the streamed pass declines and
// the file is read whole (the batch fuzz target checks that the answers never change).
struct BlockBits {
    std::uint64_t quote = 0, backslash = 0, open = 0, close = 0;
};

#if defined(__SSE2__)
BlockBits block_bits(const char* p) {
    BlockBits b;
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}'),
                  fold = _mm_set1_epi8(0x20);
    for (int k = 0; k < 4; ++k) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        const __m128i folded = _mm_or_si128(v, fold);  // '[' → '{' and ']' → '}'; no other byte becomes either
        auto bits = [k](__m128i x, __m128i y) {
            return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)))) << (16 * k);
        };
        b.quote |= bits(v, quote);
        b.backslash |= bits(v, backslash);
        b.open |= bits(folded, open);
        b.close |= bits(folded, close);
    }
    return b;
}
#else
BlockBits block_bits(const char* p) {
    BlockBits b;
    const v128_t quote = wasm_i8x16_splat('"'), backslash = wasm_i8x16_splat('\\'), open = wasm_i8x16_splat('{'), close = wasm_i8x16_splat('}'),
                 fold = wasm_i8x16_splat(0x20);
    for (int k = 0; k < 4; ++k) {
        const v128_t v = wasm_v128_load(p + 16 * k);
        const v128_t folded = wasm_v128_or(v, fold);  // '[' → '{' and ']' → '}'; no other byte becomes either
        auto bits = [k](v128_t x, v128_t y) { return static_cast<std::uint64_t>(wasm_i8x16_bitmask(wasm_i8x16_eq(x, y))) << (16 * k); };
        b.quote |= bits(v, quote);
        b.backslash |= bits(v, backslash);
        b.open |= bits(folded, open);
        b.close |= bits(folded, close);
    }
    return b;
}
#endif

// Past the container whose opening bracket is at i, or kNone.
std::size_t skip_container(std::string_view t, std::size_t i) {
    const std::size_t n = t.size();
    std::size_t depth = 0;
    bool in_string = false, escape_first = false;  // carried from one block to the next
    for (std::size_t pos = i; pos < n; pos += 64) {
        char tail[64];
        const char* p = t.data() + pos;
        if (n - pos < 64) {  // the last block, padded with spaces (no bit of any kind)
            std::memset(tail, ' ', sizeof tail);
            std::memcpy(tail, p, n - pos);
            p = tail;
        }
        const BlockBits b = block_bits(p);
        // A backslash that is not itself escaped escapes the byte after it (rare: walked bit by bit).
        std::uint64_t escaped = escape_first ? 1 : 0;
        escape_first = false;
        for (std::uint64_t m = b.backslash; m; m &= m - 1) {
            const int j = __builtin_ctzll(m);
            if ((escaped >> j) & 1) continue;
            if (j == 63) escape_first = true;
            else escaped |= std::uint64_t{1} << (j + 1);
        }
        std::uint64_t inside = b.quote & ~escaped;  // each quote toggles: the prefix XOR marks string bytes
        inside ^= inside << 1;
        inside ^= inside << 2;
        inside ^= inside << 4;
        inside ^= inside << 8;
        inside ^= inside << 16;
        inside ^= inside << 32;
        if (in_string) inside = ~inside;
        in_string = (inside >> 63) != 0;
        for (std::uint64_t m = (b.open | b.close) & ~inside; m; m &= m - 1) {
            const int j = __builtin_ctzll(m);
            if ((b.open >> j) & 1) ++depth;
            else if (--depth == 0) return pos + static_cast<std::size_t>(j) + 1;
        }
    }
    return kNone;
}
#else
// The bytes that matter when a container is skipped: quotes and brackets.
struct Structural {
    bool table[256] = {};
    constexpr Structural() {
        for (unsigned char c : {'"', '{', '[', '}', ']'}) table[c] = true;
    }
};
constexpr Structural kStructural;

// Past the container whose opening bracket is at i, or kNone: byte by byte, strings found with memchr.
std::size_t skip_container(std::string_view t, std::size_t i) {
    std::size_t depth = 0;
    const std::size_t n = t.size();
    for (; i < n; ++i) {
        while (i < n && !kStructural.table[static_cast<unsigned char>(t[i])]) ++i;
        if (i == n) break;
        const char d = t[i];
        if (d == '"') {
            i = skip_string(t, i);
            if (i == kNone) return kNone;
            --i;
        } else if (d == '{' || d == '[') {
            ++depth;
        } else if (--depth == 0) {
            return i + 1;
        }
    }
    return kNone;
}
#endif

// Past the value starting at i, or kNone. Brackets are counted, not matched: a mismatch is json::read's to
// find when the span is parsed.
std::size_t skip_value(std::string_view t, std::size_t i) {
    if (i >= t.size()) return kNone;
    const char c = t[i];
    if (c == '"') return skip_string(t, i);
    if (c == '{' || c == '[') return skip_container(t, i);
    const std::size_t start = i;
    while (i < t.size() && !is_space(t[i]) && t[i] != ',' && t[i] != '}' && t[i] != ']') ++i;
    return i == start ? kNone : i;
}

// Past the array whose '[' is at i, its items' spans appended to `out`, or kNone.
std::size_t walk_items(std::string_view t, std::size_t i, std::vector<Span>& out) {
    i = skip_space(t, i + 1);
    if (i < t.size() && t[i] == ']') return i + 1;
    for (;;) {
        const std::size_t end = skip_value(t, i);
        if (end == kNone) return kNone;
        out.push_back(Span{i, end});
        i = skip_space(t, end);
        if (i >= t.size()) return kNone;
        if (t[i] == ',') {
            i = skip_space(t, i + 1);
            continue;
        }
        return t[i] == ']' ? i + 1 : kNone;
    }
}

}  // namespace

std::optional<std::vector<MemberSpan>> object_members(std::string_view t, std::string_view items_of, std::vector<Span>* items) {
    std::vector<MemberSpan> out;
    std::size_t i = skip_space(t, 0);
    if (i >= t.size() || t[i] != '{') return std::nullopt;
    i = skip_space(t, i + 1);
    if (i < t.size() && t[i] == '}') {
        i = skip_space(t, i + 1);
        if (i != t.size()) return std::nullopt;
        return out;
    }
    for (;;) {
        if (i >= t.size() || t[i] != '"') return std::nullopt;
        const std::size_t key_end = skip_string(t, i);
        if (key_end == kNone) return std::nullopt;
        const std::string_view key = t.substr(i + 1, key_end - i - 2);
        if (key.find('\\') != std::string_view::npos) return std::nullopt;
        i = skip_space(t, key_end);
        if (i >= t.size() || t[i] != ':') return std::nullopt;
        i = skip_space(t, i + 1);
        const bool walk = items && key == items_of && i < t.size() && t[i] == '[';
        if (walk) items->clear();
        const std::size_t value_end = walk ? walk_items(t, i, *items) : skip_value(t, i);
        if (value_end == kNone) return std::nullopt;
        out.push_back(MemberSpan{key, Span{i, value_end}});
        i = skip_space(t, value_end);
        if (i >= t.size()) return std::nullopt;
        if (t[i] == ',') {
            i = skip_space(t, i + 1);
            continue;
        }
        if (t[i] != '}') return std::nullopt;
        i = skip_space(t, i + 1);
        if (i != t.size()) return std::nullopt;
        return out;
    }
}

std::optional<std::vector<Span>> array_items(std::string_view t, Span array) {
    std::vector<Span> out;
    std::size_t i = array.begin;
    if (i >= array.end || t[i] != '[') return std::nullopt;
    i = skip_space(t, i + 1);
    if (i < array.end && t[i] == ']') return i + 1 == array.end ? std::optional(out) : std::nullopt;
    for (;;) {
        const std::size_t end = skip_value(t, i);
        if (end == kNone || end > array.end) return std::nullopt;
        out.push_back(Span{i, end});
        i = skip_space(t, end);
        if (i >= array.end) return std::nullopt;
        if (t[i] == ',') {
            i = skip_space(t, i + 1);
            continue;
        }
        if (t[i] != ']' || i + 1 != array.end) return std::nullopt;
        return out;
    }
}

std::size_t minify_to(char* out, std::string_view json) {
    // A string is moved whole (memmove: `out` may trail the read position), everything else byte by byte:
    // outside strings a batch holds short tokens and the newline and indent of each line. Reads stay ahead
    // of writes, so `out` may be json's own first byte.
    char* w = out;
    const char* p = json.data();
    const char* const end = p + json.size();
    while (p < end) {
        const char c = *p;
        if (c == '"') {
            const char* q = closing_quote(p + 1, end);
            const char* stop = q ? q + 1 : end;  // an open string is copied to the end, as it stands
            const auto length = static_cast<std::size_t>(stop - p);
            std::memmove(w, p, length);
            w += length;
            p = stop;
        } else {
            if (!is_space(c)) *w++ = c;
            ++p;
        }
    }
    return static_cast<std::size_t>(w - out);
}

}  // namespace planlang::run::internal
