#pragma once
// The reader's word-at-a-time scanning helpers and the scratch containers it keeps between reads
// (core/json/reader.cpp is their only user).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "core/common/thread_local.hpp"
#include "core/json/value.hpp"

namespace planlang::json::internal {

struct PathSegment {
    const std::string* key = nullptr;  // member name, or nullptr for an array element
    std::size_t index = 0;
};

// Nonzero when one of eight bytes ends a run of plain string bytes: '"', '\\', a control or a non-ASCII
// byte (the bit tricks of "Bit Twiddling Hacks", "Determine if a word has a byte less than n" / "equal
// to n"). A borrow only runs upwards from a byte that matches, so the flag of the first stop byte (in
// memory order) is exact, and none is set below it: first_flagged_byte() finds it.
inline std::uint64_t plain_run_stops(std::uint64_t w) {
    constexpr std::uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
    const auto has_zero = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
    return ((w - kOnes * 0x20) & ~w & kHigh) | (w & kHigh) | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\'));
}

// Index in memory order of the first byte whose high bit (or any bit, for a word compared by XOR) is set
// in a word loaded with memcpy. Precondition: mask != 0.
inline std::size_t first_flagged_byte(std::uint64_t mask) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return static_cast<std::size_t>(__builtin_clzll(mask)) / 8;
#else
    return static_cast<std::size_t>(__builtin_ctzll(mask)) / 8;  // g++, clang and Emscripten all have it
#endif
}

// Where the run of plain string bytes starting at `from` ends: the first '"', '\\', control or non-ASCII
// byte at or after it, or `end` when there is none. Sixteen bytes at a time with SSE2 or wasm SIMD128 —
// a string's end is then one load, three compares and a bit scan away, where the eight-byte words of
// plain_run_stops took a chain of a dozen dependent operations per word, most of parse_string's time on
// a run's traces (short keys and values) — else eight, then byte by byte.
inline const char* plain_run_end(const char* from, const char* end) {
    const char* p = from;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);
    for (; end - p >= 16; p += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        // Signed, a byte below 0x20 is a control and one from 0x80 on is negative: one compare finds both.
        const __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), _mm_cmplt_epi8(v, space));
        if (const int bits = _mm_movemask_epi8(stop)) return p + __builtin_ctz(static_cast<unsigned>(bits));
    }
#elif defined(__wasm_simd128__)
    const v128_t quote = wasm_i8x16_splat('"'), backslash = wasm_i8x16_splat('\\'), space = wasm_i8x16_splat(0x20);
    for (; end - p >= 16; p += 16) {
        const v128_t v = wasm_v128_load(p);
        const v128_t stop = wasm_v128_or(wasm_v128_or(wasm_i8x16_eq(v, quote), wasm_i8x16_eq(v, backslash)), wasm_i8x16_lt(v, space));
        if (const std::uint32_t bits = wasm_i8x16_bitmask(stop)) return p + __builtin_ctz(bits);
    }
#endif
    for (std::uint64_t w; end - p >= 8; p += 8) {
        std::memcpy(&w, p, 8);
        if (const std::uint64_t stops = plain_run_stops(w)) return p + first_flagged_byte(stops);
    }
    for (; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) return p;
    }
    return end;
}

// Scratch containers kept from one read() to the next on the same thread, so reading many similar
// documents (a run's traces) stops growing vectors after the first. Capacities above kKeptCapacity are
// given back at the end of a read: one huge document does not pin its memory.
inline constexpr std::size_t kKeptCapacity = 4096;

// The path of the value being read: a stack whose slots stay allocated when popped, so a push is a
// store (std::vector::push_back was an out-of-line call per member). The two fields are stored one by
// one: a PathSegment built on the stack and copied as one 16-byte load stalled on its two 8-byte stores
// (no store-to-load forwarding), a sixth of parse_value's time on a run's traces.
class PathStack {
public:
    void push(const std::string* key, std::size_t index) {
        if (m_size == m_slots.size()) {
            m_slots.emplace_back();
            m_slots.back().key = key;
            m_slots.back().index = index;
        } else {
            m_slots[m_size].key = key;
            m_slots[m_size].index = index;
        }
        ++m_size;
    }
    void pop() { --m_size; }
    PathSegment& back() { return m_slots[m_size - 1]; }
    const PathSegment& operator[](std::size_t i) const { return m_slots[i]; }
    std::size_t size() const { return m_size; }
    std::vector<PathSegment>& slots() { return m_slots; }
    void clear() { m_size = 0; }

private:
    std::vector<PathSegment> m_slots;
    std::size_t m_size = 0;
};

struct Scratch {
    std::deque<Array> elements;  // by depth
    std::deque<Object> members;  // by depth
    PathStack path;
    bool in_use = false;  // a reader holds it (the thread's own scratch)

    // Empty (a failed read leaves partial containers behind) and not larger than kKeptCapacity.
    void reset() {
        for (Array& a : elements) trim(a);
        for (Object& o : members) trim(o);
        trim(path.slots());
        path.clear();
    }
    template <typename T>
    static void trim(std::vector<T>& v) {
        if (v.capacity() > kKeptCapacity) std::vector<T>().swap(v);
        else v.clear();
    }
};

inline Scratch& thread_scratch() {
    PLANLANG_THREAD_LOCAL Scratch scratch;
    return scratch;
}

}  // namespace planlang::json::internal
